# The writer's configuration sweep (issue 27): generated tables written
# under a grid of options (dictionary capacities, page and row-group sizes,
# arenas by ppq_writer_options_for_arena with and without a footer spill,
# opts NULL, every codec built, recovery, v1/v2 pages, statistics) and data
# shapes through the batch, setter and record APIs; each write read back
# value for value, each AUTO chunk against the best fixed encoding.
# test/sweep/sweep.c, the public API only.  `make sweep` reports and exits 0
# (the writer is known to fail some checks today); `make sweep-strict` fails
# on any failure.  SWEEP_FULL=1: six times the cases.  A sample of the files
# goes to build/sweep/ with the values expected (a .json each), which
# `make sweep-interop` reads with DuckDB, arrow-rs, hyparquet and polars.

## sweep: the writer's configuration sweep: every write read back, AUTO against the best fixed encoding (reports; exit 0)
## sweep-strict: the sweep, failing on any failure
## sweep-check: the sweep as make check runs it: failing on any failure but the AUTO ratios (reported)
## sweep-interop: the sweep's sample files read value for value by DuckDB, arrow-rs, hyparquet and polars (npm, pinned)
.PHONY: sweep sweep-strict sweep-check sweep-interop
SWEEP := $(BUILD)/sweep
SWEEP_DIR := build/sweep

$(SWEEP): $(BUILD)/obj/test/sweep/sweep.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

sweep: $(SWEEP)
	@rm -rf $(SWEEP_DIR) && mkdir -p $(SWEEP_DIR)
	$(SWEEP) --out $(SWEEP_DIR)

sweep-check: $(SWEEP)
	@rm -rf $(SWEEP_DIR) && mkdir -p $(SWEEP_DIR)
	@$(SWEEP) --strict-correct --out $(SWEEP_DIR) >$(SWEEP_DIR)/sweep.log; st=$$?; \
	    grep -v '^{"case"' $(SWEEP_DIR)/sweep.log | grep -E '^(== (sweep|failures|AUTO)|  [a-z_]+ +[0-9]+ +[0-9]+ +e\.g\.|\{"bench"|sweep:)' | cut -c1-240; \
	    exit $$st

CHECK_STEPS += sweep-check sweep-interop

sweep-strict: $(SWEEP)
	@rm -rf $(SWEEP_DIR) && mkdir -p $(SWEEP_DIR)
	$(SWEEP) --strict --out $(SWEEP_DIR)

sweep-interop: $(SWEEP) test/interop/node_modules
	@rm -rf $(SWEEP_DIR) && mkdir -p $(SWEEP_DIR)
	$(SWEEP) --out $(SWEEP_DIR) >$(SWEEP_DIR)/sweep.log
	node test/interop/sweep_check.mjs $(SWEEP_DIR)

BOOTSTRAP_GOALS += sweep-interop
