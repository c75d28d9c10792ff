# The writer on the quantized sensor table (issue 12): the 64-bit hosts' fast
# paths (PPQ_FAST64: word-wise dictionary, bulk RLE groups, batch segments)
# must write the bytes the portable code writes.  bench_sensor is built
# against the portable archive too, and both write three seeds' tables.
.PHONY: check-fast-paths
## check-fast-paths: the sensor table written by the 64-bit fast paths and by the portable code, byte for byte (3 seeds)
check-fast-paths: $(BUILD)/bench_sensor
	$(Q)$(MAKE) --no-print-directory lib BUILD=build/sw-PPQ_FAST64_0 EXTRA_CFLAGS=-DPPQ_FAST64=0
	$(Q)$(CC) $(HOST_CFLAGS) -o build/sw-PPQ_FAST64_0/bench_sensor tools/bench/bench_sensor.c build/sw-PPQ_FAST64_0/libpicoparquet.a
	@mkdir -p build/fast-paths
	$(Q)for seed in 1 2 3; do \
	    $(BUILD)/bench_sensor build/fast-paths/fast_$$seed.parquet 300000 $$seed >/dev/null && \
	    build/sw-PPQ_FAST64_0/bench_sensor build/fast-paths/portable_$$seed.parquet 300000 $$seed >/dev/null && \
	    cmp build/fast-paths/fast_$$seed.parquet build/fast-paths/portable_$$seed.parquet || exit 1; \
	done; echo "check-fast-paths: 3 seeds, 300000 rows each: the same bytes"

CHECK_STEPS += check-fast-paths
