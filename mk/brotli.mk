# BROTLI decompressor (issue 28): the host-only differential test against
# Debian's libbrotli (run under ASan+UBSan in `make check`), its benchmark
# beside libbrotli's decoder, and the generator of the static dictionary.
# libbrotli is linked only into these host programs, never the library.
BROTLI_REF_LIBS := -lbrotlienc -lbrotlidec -lbrotlicommon
BROTLI_DEC_DIFF := $(BUILD)/brotli_dec_diff
$(BROTLI_DEC_DIFF): $(BUILD)/obj/test/host/brotli_dec_diff.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(BROTLI_REF_LIBS) $(LDFLAGS_EXTRA)

brotli-diff-run: $(BROTLI_DEC_DIFF)
	$(BROTLI_DEC_DIFF)

brotli-diff-test:
	$(MAKE) --no-print-directory brotli-diff-run BUILD=build/asan CC=$(SAN_CC) OPT=-O1 \
	    EXTRA_CFLAGS="$(SAN)" LDFLAGS_EXTRA="$(SAN)"

BENCH_BROTLI_DEC := $(BUILD)/bench_brotli_dec
$(BENCH_BROTLI_DEC): $(BUILD)/obj/tools/bench/bench_brotli_dec.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(BROTLI_REF_LIBS) -lm $(LDFLAGS_EXTRA)

# Decompression MB/s beside libbrotli, one JSON object per line.
bench-brotli-dec: $(BENCH_BROTLI_DEC)
	$(BENCH_BROTLI_DEC)

# The static dictionary and transforms, regenerated from Debian's
# libbrotli into the committed src/compression/ppq_brotli_dict.c (the unit
# suite checks the dictionary's CRC-32; nothing else needs this).
brotli-dict: tools/brotli/gen_brotli_dict.c
	@mkdir -p build/tools
	$(Q)gcc -std=c99 -Wall -Wextra -Werror -O2 -o build/tools/gen_brotli_dict $< -lbrotlicommon
	build/tools/gen_brotli_dict src/compression/ppq_brotli_dict.c

.PHONY: brotli-diff-run brotli-diff-test bench-brotli-dec brotli-dict
## brotli-diff-test: the BROTLI decompressor on libbrotli's streams (every quality 0-11 and window 10-24), corrupt streams, transforms, under ASan+UBSan
## brotli-diff-run: the BROTLI differential test once, as built by BUILD
## bench-brotli-dec: BROTLI decompression beside libbrotli (JSON lines)
## brotli-dict: regenerate src/compression/ppq_brotli_dict.c from Debian's libbrotli (libbrotli-dev)
BOOTSTRAP_GOALS += brotli-diff-test brotli-diff-run bench-brotli-dec brotli-dict
CHECK_STEPS += brotli-diff-test
