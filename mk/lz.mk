# SNAPPY and LZ4 codecs (issue 14): the host-only differential test against
# libsnappy/liblz4 and the side-by-side bench.  Neither links the reference
# libraries into the library or the board tests.
# (This file is included before the Makefile's `all`: keep `all` the default goal.)
.DEFAULT_GOAL := all
LZ_REF_LIBS := -lsnappy -llz4
# `ppq compress` / `ppq decompress` (every codec of ppq_codec.h).
CLI_SRCS += tools/ppq_codec_cmd.c
LZ_DIFF := $(BUILD)/lz_diff
LZ_BENCH := $(BUILD)/bench_lz

$(LZ_DIFF): $(BUILD)/obj/test/lz/lz_diff.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LZ_REF_LIBS) $(LDFLAGS_EXTRA)

$(LZ_BENCH): $(BUILD)/obj/tools/bench/bench_lz.o $(BUILD)/obj/examples/sensor_logger/logger.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LZ_REF_LIBS) $(LDFLAGS_EXTRA)

.PHONY: lz-diff-test lz-diff-run bench-lz
## lz-diff-test: SNAPPY and LZ4 against libsnappy/liblz4 both ways, under ASan+UBSan (64-bit and portable loops)
## lz-diff-run: the SNAPPY/LZ4 differential test once, as built by BUILD
## bench-lz: SNAPPY and LZ4 compression and decompression beside libsnappy/liblz4 (JSON lines)
# Their output decompressed by ours and ours by theirs, under ASan+UBSan
# (every block and buffer an exact-size allocation: any access past one is
# reported); about twenty seconds with the builds.
# Run twice: the 64-bit fast paths, and the portable loops the 32-bit
# targets build (PPQ_FAST64=0: the same compressed bytes, the pins agree).
BOOTSTRAP_GOALS += lz-diff-test lz-diff-run bench-lz
lz-diff-test:
	$(MAKE) --no-print-directory lz-diff-run BUILD=build/asan CC=$(SAN_CC) OPT=-O1 EXTRA_CFLAGS="$(SAN)" \
	    LDFLAGS_EXTRA="$(SAN)"
	$(MAKE) --no-print-directory lz-diff-run BUILD=build/asan-fast0 CC=$(SAN_CC) OPT=-O1 \
	    EXTRA_CFLAGS="$(SAN) -DPPQ_FAST64=0" LDFLAGS_EXTRA="$(SAN)"

lz-diff-run: $(LZ_DIFF)
	$(LZ_DIFF)

bench-lz: $(LZ_BENCH)
	$(LZ_BENCH)

CHECK_STEPS += lz-diff-test
