# Shredding nested rows (issue 29, `ppq write` for nested schemas), checked
# against an independent writer: DuckDB writes Parquet from the same JSON
# Lines, the project's reader reads that file's levels and values
# (build/.../shred_levels read), and they must equal what `ppq write`'s
# shredder gives for the rows (shred_levels shred), entry for entry; so must
# `ppq cat` of DuckDB's file, shredded (ppq cat's output round-trips).  When
# the library writes nested schemas, `ppq write`'s files of the rows too:
# levels read back, rows read by DuckDB as its own file's, and
# ppq cat | ppq write | ppq cat the same.
# (This file is included before the Makefile's `all`: keep `all` the default goal.)
.DEFAULT_GOAL := all
SHRED_LEVELS := $(BUILD)/shred_levels
$(SHRED_LEVELS): $(BUILD)/obj/test/interop/shred_levels.o $(BUILD)/obj/tools/ppq_write_parse.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

.PHONY: interop-shred
## interop-shred: ppq write's shredder (nested JSON Lines to levels) beside DuckDB's files of the same rows, entry for entry
BOOTSTRAP_GOALS += interop-shred
interop-shred: $(SHRED_LEVELS) $(CLI) test/interop/node_modules
	@mkdir -p build/interop-shred
	node test/interop/shred_check.mjs $(SHRED_LEVELS) build/interop-shred $(CLI)
CHECK_STEPS += interop-shred

# The fuzz target #includes the parsers: rebuild it when they change.
build/fuzz/fuzz_shred: tools/ppq_write_parse.c tools/ppq_write_parse.h
