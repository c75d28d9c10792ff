# Finding rows without reading the file (issue 30, the reader): `ppq cat
# --where` against DuckDB's SELECT ... WHERE on our files, DuckDB's (with and
# without its bloom filters) and arrow-rs's, and on the interop and demo
# files; and its bench on the 10 M-row sensor table.  The tool's expression
# code sits beside ppq cat (tools/ppq_where.c).
CLI_SRCS += tools/ppq_where.c

## interop-where: ppq cat --where returns DuckDB's rows (16 predicates on our, DuckDB's with and without bloom filters and arrow-rs's files; generic ones on the interop and demo files), bad expressions exit 2 (npm, pinned)
## bench-where: one hour of the 10 M-row sensor table by timestamp range (pages read, time against a full ppq cat of the same columns) and an absent status (row groups skipped by bloom filters): JSON lines
.PHONY: interop-where bench-where
BOOTSTRAP_GOALS += interop-where bench-where
interop-where: $(CLI) test/interop/node_modules
	@$(MAKE) --no-print-directory $(INTEROP_GEN) $(SENSOR_LOGGER)
	@rm -rf build/interop-where && mkdir -p build/interop-where/gen
	@$(INTEROP_GEN) build/interop-where/gen >/dev/null
	@$(SENSOR_LOGGER) build/interop-where/demo_sensors.parquet >/dev/null
	node test/interop/where_check.mjs $(CLI) build/interop-where build/interop-where/gen/*.parquet \
	    build/interop-where/demo_sensors.parquet

CHECK_STEPS += interop-where

BENCH_WHERE_FILE := build/bench/where_10m.parquet
bench-where: $(CLI) test/interop/node_modules
	@$(MAKE) --no-print-directory $(BENCH_SENSOR)
	@mkdir -p build/bench
	$(BENCH_SENSOR) $(BENCH_WHERE_FILE) 10000000 1 >/dev/null
	node test/interop/bench_where.mjs $(CLI) $(BENCH_WHERE_FILE) | tee build/bench/where.json
