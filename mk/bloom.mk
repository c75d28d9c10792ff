# Bloom filters and sorting_columns written (issue 30, the writer's side):
# our files' filters probed by DuckDB (parquet_bloom_probe) and by our
# probe alike, every value read by DuckDB, sorting_columns read by
# hyparquet; our probe on DuckDB-written filters (test/interop/bloom_check.mjs).
# (This file is included before the Makefile's `all`: keep `all` the default goal.)
.DEFAULT_GOAL := all

BLOOM_GEN := $(BUILD)/interop_bloom_gen
$(BLOOM_GEN): $(BUILD)/obj/test/interop/bloom_gen.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

.PHONY: interop-bloom
## interop-bloom: our bloom filters against DuckDB's parquet_bloom_probe (and ours on DuckDB's), sorting_columns by hyparquet
BOOTSTRAP_GOALS += interop-bloom
interop-bloom: $(BLOOM_GEN) test/interop/node_modules
	@rm -rf build/interop-bloom && mkdir -p build/interop-bloom
	$(BLOOM_GEN) gen build/interop-bloom
	node test/interop/bloom_check.mjs build/interop-bloom $(BLOOM_GEN)
CHECK_STEPS += interop-bloom
