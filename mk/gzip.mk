# GZIP decompression (issue 14): zlib's output decoded by ppq_inflate and
# ppq_gunzip, under ASan+UBSan (host only; zlib never links into the library).
GZIP_DIFF := $(BUILD)/gzip_diff
$(GZIP_DIFF): $(BUILD)/obj/test/gzip/gzip_diff.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lz $(LDFLAGS_EXTRA)

.PHONY: gzip-diff-test gzip-diff-run
## gzip-diff-test: zlib's DEFLATE and gzip streams (every level, strategy, window) decoded by ours, under ASan+UBSan
## gzip-diff-run: the gzip differential test once, as built by BUILD
BOOTSTRAP_GOALS += gzip-diff-test gzip-diff-run
gzip-diff-test:
	$(MAKE) --no-print-directory gzip-diff-run BUILD=build/asan CC=$(SAN_CC) OPT=-O1 EXTRA_CFLAGS="$(SAN)" \
	    LDFLAGS_EXTRA="$(SAN)"

gzip-diff-run: $(GZIP_DIFF)
	$(GZIP_DIFF)

CHECK_STEPS += gzip-diff-test

# GZIP compression (issue: dynamic Huffman blocks): our members inflated by
# zlib and by ppq_gunzip at every level, under ASan+UBSan.
GZIP_ENC_DIFF := $(BUILD)/gzip_enc_diff
$(GZIP_ENC_DIFF): $(BUILD)/obj/test/gzip/gzip_enc_diff.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lz $(LDFLAGS_EXTRA)

.PHONY: gzip-enc-diff-test gzip-enc-diff-run
## gzip-enc-diff-test: our GZIP output (every level; sensor, text, random, short, block-boundary inputs) inflated by zlib and ours, under ASan+UBSan
## gzip-enc-diff-run: the GZIP compression differential test once, as built by BUILD
BOOTSTRAP_GOALS += gzip-enc-diff-test gzip-enc-diff-run
gzip-enc-diff-test:
	$(MAKE) --no-print-directory gzip-enc-diff-run BUILD=build/asan CC=$(SAN_CC) OPT=-O1 EXTRA_CFLAGS="$(SAN)" \
	    LDFLAGS_EXTRA="$(SAN)"

gzip-enc-diff-run: $(GZIP_ENC_DIFF)
	$(GZIP_ENC_DIFF)

CHECK_STEPS += gzip-enc-diff-test

BENCH_GZIP := $(BUILD)/bench_gzip
$(BENCH_GZIP): $(BUILD)/obj/tools/bench/bench_gzip.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lz $(LDFLAGS_EXTRA)

# GZIP decompression MB/s, and compression sizes and MB/s, beside zlib; one JSON object per line.
bench-gzip: $(BENCH_GZIP)
	$(BENCH_GZIP)

.PHONY: bench-gzip
## bench-gzip: GZIP decompression and compression (sizes, MB/s) beside zlib on sensor pages and log text (JSON lines)
BOOTSTRAP_GOALS += bench-gzip
