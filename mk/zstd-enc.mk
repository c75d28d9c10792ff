# ZSTD compressor: the host-only differential test against libzstd (our
# frames decoded by libzstd and by ppq_zstd_decompress; run under
# ASan+UBSan in `make check`) and its benchmark beside libzstd.  libzstd
# is linked only into these host programs.
ZSTD_ENC_DIFF := $(BUILD)/zstd_enc_diff
$(ZSTD_ENC_DIFF): $(BUILD)/obj/test/host/zstd_enc_diff.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lzstd $(LDFLAGS_EXTRA)

# ZSTD_ENC_DIFF_ARGS=--quick (make check's): inputs over 64 KiB at 7 levels, no size
# table; empty (zstd-enc-diff-full): every level on every input, sizes beside libzstd.
ZSTD_ENC_DIFF_ARGS ?= --quick
zstd-enc-diff-run: $(ZSTD_ENC_DIFF)
	$(ZSTD_ENC_DIFF) $(ZSTD_ENC_DIFF_ARGS)

zstd-enc-diff-test:
	$(MAKE) --no-print-directory zstd-enc-diff-run BUILD=build/asan CC=$(SAN_CC) OPT=-O1 \
	    EXTRA_CFLAGS="$(SAN)" LDFLAGS_EXTRA="$(SAN)"

zstd-enc-diff-full:
	$(MAKE) --no-print-directory zstd-enc-diff-run ZSTD_ENC_DIFF_ARGS=

# The same frames from the builds a 32-bit target and a big-endian one
# would take (PPQ_FAST64=0, PPQ_NO_INTRINSICS) as from the host's.
zstd-enc-same-bytes:
	$(Q)$(MAKE) --no-print-directory $(BUILD)/zstd_enc_diff
	$(Q)$(MAKE) --no-print-directory build/zstd-enc-portable/zstd_enc_diff BUILD=build/zstd-enc-portable \
	    EXTRA_CFLAGS="-DPPQ_FAST64=0 -DPPQ_NO_INTRINSICS"
	$(Q)a=$$($(BUILD)/zstd_enc_diff --quick | grep digest); b=$$(build/zstd-enc-portable/zstd_enc_diff --quick | grep digest); \
	    echo "$$a"; echo "$$b (PPQ_FAST64=0, PPQ_NO_INTRINSICS)"; [ -n "$$a" ] && [ "$$a" = "$$b" ]

BENCH_ZSTD_ENC := $(BUILD)/bench_zstd_enc
$(BENCH_ZSTD_ENC): $(BUILD)/obj/tools/bench/bench_zstd_enc.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lzstd -lm $(LDFLAGS_EXTRA)

# Compression MB/s and ratio beside libzstd at levels -5, -1, 1, 3, 9 and 19, one JSON object per line.
bench-zstd-enc: $(BENCH_ZSTD_ENC)
	$(BENCH_ZSTD_ENC)

.PHONY: zstd-enc-diff-run zstd-enc-diff-test zstd-enc-diff-full zstd-enc-same-bytes bench-zstd-enc
## zstd-enc-diff-test: the ZSTD compressor's frames (every level, Parquet-like pages, 0 B to 3 blocks) read back by libzstd and by ours
## zstd-enc-diff-run: the ZSTD compressor differential test once, as built by BUILD (--quick unless ZSTD_ENC_DIFF_ARGS says)
## zstd-enc-diff-full: the ZSTD compressor differential test at every level on every input, with sizes beside libzstd
## zstd-enc-same-bytes: the ZSTD compressor's frames identical from the host build and a 32-bit, no-intrinsics one
## bench-zstd-enc: ZSTD compression beside libzstd at levels -5, -1, 1, 3, 9, 19 (JSON lines)
BOOTSTRAP_GOALS += zstd-enc-diff-test zstd-enc-diff-full zstd-enc-diff-run zstd-enc-same-bytes bench-zstd-enc
CHECK_STEPS += zstd-enc-diff-test zstd-enc-same-bytes
