# `ppq write` (issue 29): files from JSON Lines or CSV on the host, through
# the column-batch API.  The parsers sit apart from the command so the fuzz
# target (test/fuzz/fuzz_write_parse.c, which #includes them) needs no file.
# (This file is included before the Makefile's `all`: keep `all` the default goal.)
.DEFAULT_GOAL := all
CLI_SRCS += tools/ppq_write_cmd.c tools/ppq_write_parse.c

# The bench of `ppq write` from CSV beside DuckDB's COPY (FROM read_csv(...))
# (single-threaded), on the 10 M-row quantized sensor table: not in `check`.
SENSOR_CSV := $(BUILD)/sensor_csv
$(SENSOR_CSV): $(BUILD)/obj/tools/bench/sensor_csv.o
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

.PHONY: bench-write-csv
## bench-write-csv: ppq write --format csv of the 10 M-row sensor table beside DuckDB single-threaded COPY FROM read_csv (JSON lines)
BOOTSTRAP_GOALS += bench-write-csv
BENCH_WRITE_ROWS ?= 10000000
bench-write-csv: $(CLI) $(SENSOR_CSV) test/interop/node_modules
	@mkdir -p build/bench
	node test/interop/bench_write_csv.mjs $(CLI) $(SENSOR_CSV) $(BENCH_WRITE_ROWS) build/bench

# The fuzz target #includes the parsers: rebuild it when they change.
build/fuzz/fuzz_write_parse: tools/ppq_write_parse.c tools/ppq_write_parse.h

.PHONY: interop-write
## interop-write: ppq write's files (every flat type, from JSON Lines and CSV) read by DuckDB value for value
BOOTSTRAP_GOALS += interop-write
interop-write: $(CLI) test/interop/node_modules
	@mkdir -p build/interop-write
	node test/interop/write_check.mjs $(CLI) build/interop-write
CHECK_STEPS += interop-write
