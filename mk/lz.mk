# SNAPPY and LZ4 codecs (issue 14): the host-only differential test against
# libsnappy/liblz4 and the side-by-side bench.  Neither links the reference
# libraries into the library or the board tests.
LZ_REF_LIBS := -lsnappy -llz4
LZ_DIFF := $(BUILD)/lz_diff
LZ_BENCH := $(BUILD)/bench_lz

$(LZ_DIFF): $(BUILD)/obj/test/lz/lz_diff.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LZ_REF_LIBS) $(LDFLAGS_EXTRA)

$(LZ_BENCH): $(BUILD)/obj/tools/bench/bench_lz.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LZ_REF_LIBS) $(LDFLAGS_EXTRA)

.PHONY: lz-diff-test bench-lz
# Their output decompressed by ours and ours by theirs (under ASan+UBSan
# with clang when SAN=1 is not wanted: plain -O2 here, a few seconds).
lz-diff-test: $(LZ_DIFF)
	$(LZ_DIFF)

bench-lz: $(LZ_BENCH)
	$(LZ_BENCH)

CHECK_STEPS += lz-diff-test
