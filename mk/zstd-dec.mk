# ZSTD decompressor (issue 14): the host-only differential test against
# libzstd (run under ASan+UBSan in `make check`) and its benchmark beside
# libzstd.  libzstd is linked only into these host programs.
ZSTD_DEC_DIFF := $(BUILD)/zstd_dec_diff
$(ZSTD_DEC_DIFF): $(BUILD)/obj/test/host/zstd_dec_diff.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lzstd $(LDFLAGS_EXTRA)

zstd-dec-diff-run: $(ZSTD_DEC_DIFF)
	$(ZSTD_DEC_DIFF)

zstd-dec-diff-test:
	$(MAKE) --no-print-directory zstd-dec-diff-run BUILD=build/asan CC=$(SAN_CC) OPT=-O1 \
	    EXTRA_CFLAGS="$(SAN)" LDFLAGS_EXTRA="$(SAN)"

BENCH_ZSTD_DEC := $(BUILD)/bench_zstd_dec
$(BENCH_ZSTD_DEC): $(BUILD)/obj/tools/bench/bench_zstd_dec.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lzstd -lm $(LDFLAGS_EXTRA)

# Decompression MB/s beside libzstd, one JSON object per line.
bench-zstd-dec: $(BENCH_ZSTD_DEC)
	$(BENCH_ZSTD_DEC)

.PHONY: zstd-dec-diff-run zstd-dec-diff-test bench-zstd-dec
## zstd-dec-diff-test: the ZSTD decompressor on libzstd's frames (every level, the parameters that shape frames)
## zstd-dec-diff-run: the ZSTD differential test once, as built by BUILD
## bench-zstd-dec: ZSTD decompression beside libzstd (JSON lines)
BOOTSTRAP_GOALS += zstd-dec-diff-test zstd-dec-diff-run bench-zstd-dec
CHECK_STEPS += zstd-dec-diff-test
