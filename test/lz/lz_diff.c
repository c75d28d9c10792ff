/*
 * Differential test of picoparquet's Snappy and LZ4 codecs against the
 * reference libraries (libsnappy, liblz4 from Debian; host-only, never
 * linked into the library):
 *   - their output decompressed by ours (libsnappy; liblz4 at acceleration
 *     1, 2, 8, 64 and 65537, LZ4HC at levels 3, 9 and 12), byte for byte,
 *     and ours also refuses one byte less of room (PPQ_ERR_NOSPACE);
 *   - our output at table sizes 2^8 .. 2^16 decompressed by theirs;
 *   - the Hadoop framing: several of their blocks framed, and their raw
 *     block read through the raw fallback;
 * on text, sensor pages, all-equal bytes, incompressible bytes, periodic
 * patterns of every period 1..70, long repeats, sparse matches, and sizes
 * 0, 1, 2, ... 40, around 64 KiB, and up to 8 MiB.
 * Prints a summary line; exits 1 on the first mismatch.
 */
#include <lz4.h>
#include <lz4hc.h>
#include <snappy-c.h>

#include "../lz_pin.h"
#include "lz_data.h"
#include "ppq_codec.h"
#include "ppq_lz4.h"
#include "ppq_snappy.h"

static uint8_t *ref_buf, *our_buf, *out_buf, *work;
static size_t cap;
static unsigned long checks, inputs;

#define FAIL(...)                                                  \
    do {                                                           \
        fprintf(stderr, "lz-diff: FAIL line %d: ", __LINE__);      \
        fprintf(stderr, __VA_ARGS__);                              \
        fputc('\n', stderr);                                       \
        exit(1);                                                   \
    } while (0)

static void same(const uint8_t *a, const uint8_t *b, size_t n, size_t got, const char *what, size_t len)
{
    checks++;
    if (got != n || (n > 0 && memcmp(a, b, n) != 0)) {
        FAIL("%s: input of %zu bytes: %zu bytes out, differs", what, len, got);
    }
}

/* ASan sees a read or write past these: exact-size copies of a block, and
 * exact-size outputs, for every decompression by ours. */
static ppq_status_t exact_dec(ppq_status_t (*fn)(const uint8_t *, size_t, uint8_t *, size_t, size_t *),
                              const uint8_t *src, size_t len, size_t room, size_t *got)
{
    uint8_t *s = malloc(len ? len : 1), *d = malloc(room ? room : 1);
    ppq_status_t st;
    memcpy(s, src, len);
    st = fn(s, len, d, room, got);
    if (st == PPQ_OK) {
        memcpy(out_buf, d, *got);
    }
    free(s);
    free(d);
    return st;
}

/* Our compressor into an exact-size output and from an exact-size input
 * copy (ASan sees any access past either). */
static ppq_status_t exact_enc(ppq_status_t (*fn)(const uint8_t *, size_t, uint8_t *, size_t, size_t *, unsigned, void *,
                                                 size_t),
                              const uint8_t *in, size_t n, size_t room, unsigned bits, size_t *got)
{
    uint8_t *s = malloc(n ? n : 1), *d = malloc(room ? room : 1);
    ppq_status_t st;
    memcpy(s, in, n);
    st = fn(s, n, d, room, got, bits, work, PPQ_LZ4_WORK_SIZE(16));
    free(s);
    free(d);
    return st;
}

static void snappy_checks(const uint8_t *in, size_t n)
{
    size_t rlen = snappy_max_compressed_length(n), got, ulen;
    unsigned bits;
    ppq_status_t st;
    if (snappy_compress((const char *)in, n, (char *)ref_buf, &rlen) != SNAPPY_OK) {
        FAIL("snappy_compress");
    }
    st = exact_dec(ppq_snappy_decompress, ref_buf, rlen, n, &got);
    if (st != PPQ_OK) {
        FAIL("snappy: ours on theirs: %d (n=%zu)", (int)st, n);
    }
    same(in, out_buf, n, got, "snappy: theirs -> ours", n);
    if (n > 0 && exact_dec(ppq_snappy_decompress, ref_buf, rlen, n - 1, &got) != PPQ_ERR_NOSPACE) {
        FAIL("snappy: one byte short is not NOSPACE");
    }
    if (rlen > 1 && exact_dec(ppq_snappy_decompress, ref_buf, rlen - 1, n, &got) != PPQ_ERR_CORRUPT) {
        FAIL("snappy: truncated block is not CORRUPT (n=%zu)", n);
    }
    for (bits = 8; bits <= 16; bits += (n > (1u << 20) ? 4u : 1u)) {
        size_t olen;
        if (ppq_snappy_compress(in, n, our_buf, ppq_snappy_compress_bound(n), &olen, bits, work,
                                PPQ_SNAPPY_WORK_SIZE(16)) != PPQ_OK) {
            FAIL("snappy: our compress");
        }
        if (snappy_uncompressed_length((const char *)our_buf, olen, &ulen) != SNAPPY_OK || ulen != n ||
            snappy_validate_compressed_buffer((const char *)our_buf, olen) != SNAPPY_OK) {
            FAIL("snappy: ours not valid for theirs (bits %u, n=%zu)", bits, n);
        }
        ulen = n;
        if (snappy_uncompress((const char *)our_buf, olen, (char *)out_buf, &ulen) != SNAPPY_OK) {
            FAIL("snappy_uncompress of ours");
        }
        same(in, out_buf, n, ulen, "snappy: ours -> theirs", n);
        if (ppq_snappy_decompress(our_buf, olen, out_buf, n, &got) != PPQ_OK) {
            FAIL("snappy: ours on ours");
        }
        same(in, out_buf, n, got, "snappy: ours -> ours", n);
        /* exactly the block's room suffices; one byte less is NOSPACE */
        if (exact_enc(ppq_snappy_compress, in, n, olen, bits, &got) != PPQ_OK || got != olen) {
            FAIL("snappy: compress into exactly its size fails");
        }
        if (olen > 0 && exact_enc(ppq_snappy_compress, in, n, olen - 1, bits, &got) != PPQ_ERR_NOSPACE) {
            FAIL("snappy: compress into one byte short is not NOSPACE");
        }
    }
}

static void lz4_ours_on(const uint8_t *in, size_t n, int rlen, const char *what)
{
    size_t got;
    ppq_status_t st;
    if (rlen <= 0) {
        FAIL("%s: reference compress failed", what);
    }
    st = exact_dec(ppq_lz4_decompress, ref_buf, (size_t)rlen, n, &got);
    if (st != PPQ_OK) {
        FAIL("%s: ours on theirs: status %d (n=%zu)", what, (int)st, n);
    }
    same(in, out_buf, n, got, what, n);
    if (n > 0 && exact_dec(ppq_lz4_decompress, ref_buf, (size_t)rlen, n - 1, &got) != PPQ_ERR_NOSPACE) {
        FAIL("%s: one byte short is not NOSPACE", what);
    }
    /* the framed codec reads a raw block through its fallback */
    if (exact_dec(ppq_lz4_hadoop_decompress, ref_buf, (size_t)rlen, n, &got) != PPQ_OK) {
        FAIL("%s: raw fallback", what);
    }
    same(in, out_buf, n, got, "lz4 raw fallback", n);
}

static void lz4_checks(const uint8_t *in, size_t n)
{
    static const int accel[] = {1, 2, 8, 64, 65537};
    static const int hc[] = {3, 9, 12};
    int bound = LZ4_compressBound((int)n), rlen;
    unsigned i, bits;
    size_t got;
    for (i = 0; i < sizeof accel / sizeof accel[0]; i++) {
        rlen = LZ4_compress_fast((const char *)in, (char *)ref_buf, (int)n, bound, accel[i]);
        lz4_ours_on(in, n, rlen, "lz4 fast");
    }
    for (i = 0; i < sizeof hc / sizeof hc[0]; i++) {
        if (n > (4u << 20) && hc[i] > 3) {
            continue; /* slow: the smaller inputs cover the levels */
        }
        rlen = LZ4_compress_HC((const char *)in, (char *)ref_buf, (int)n, bound, hc[i]);
        lz4_ours_on(in, n, rlen, "lz4 hc");
    }
    for (bits = 8; bits <= 16; bits += (n > (1u << 20) ? 4u : 1u)) {
        size_t olen;
        int d;
        if (ppq_lz4_compress(in, n, our_buf, ppq_lz4_compress_bound(n), &olen, bits, work, PPQ_LZ4_WORK_SIZE(16)) !=
            PPQ_OK) {
            FAIL("lz4: our compress");
        }
        if (olen > (size_t)bound) {
            FAIL("lz4: ours %zu bytes above LZ4_compressBound %d", olen, bound);
        }
        d = LZ4_decompress_safe((const char *)our_buf, (char *)out_buf, (int)olen, (int)n);
        if (d < 0) {
            FAIL("lz4: theirs refuses ours (bits %u, n=%zu): %d", bits, n, d);
        }
        same(in, out_buf, n, (size_t)d, "lz4: ours -> theirs", n);
        if (ppq_lz4_decompress(our_buf, olen, out_buf, n, &got) != PPQ_OK) {
            FAIL("lz4: ours on ours");
        }
        same(in, out_buf, n, got, "lz4: ours -> ours", n);
        if (exact_enc(ppq_lz4_compress, in, n, olen, bits, &got) != PPQ_OK || got != olen) {
            FAIL("lz4: compress into exactly its size fails");
        }
        if (olen > 0 && exact_enc(ppq_lz4_compress, in, n, olen - 1, bits, &got) != PPQ_ERR_NOSPACE) {
            FAIL("lz4: compress into one byte short is not NOSPACE");
        }
    }
    /* Hadoop framing: our one-block frame read by liblz4 after the header */
    {
        size_t flen;
        int d;
        if (ppq_lz4_hadoop_compress(in, n, our_buf, ppq_lz4_hadoop_compress_bound(n), &flen, 12, work,
                                    PPQ_LZ4_WORK_SIZE(12)) != PPQ_OK || flen < 8) {
            FAIL("lz4 hadoop compress");
        }
        if (((size_t)our_buf[0] << 24 | (size_t)our_buf[1] << 16 | (size_t)our_buf[2] << 8 | our_buf[3]) != n ||
            ((size_t)our_buf[4] << 24 | (size_t)our_buf[5] << 16 | (size_t)our_buf[6] << 8 | our_buf[7]) != flen - 8) {
            FAIL("lz4 hadoop header");
        }
        d = LZ4_decompress_safe((const char *)our_buf + 8, (char *)out_buf, (int)(flen - 8), (int)n);
        same(in, out_buf, n, d < 0 ? (size_t)-1 : (size_t)d, "lz4 hadoop: ours -> theirs", n);
    }
}

/* Their blocks for up to 4 pieces of the input, Hadoop-framed. */
static void hadoop_multi(const uint8_t *in, size_t n)
{
    size_t pos = 0, flen = 0, got;
    unsigned k;
    for (k = 0; k < 4 && pos < n; k++) {
        size_t piece = k == 3 ? n - pos : (n - pos) / 3 + 1;
        int r = LZ4_compress_default((const char *)in + pos, (char *)ref_buf + flen + 8, (int)piece,
                                     LZ4_compressBound((int)piece));
        if (r <= 0) {
            FAIL("LZ4_compress_default");
        }
        ref_buf[flen] = (uint8_t)(piece >> 24);
        ref_buf[flen + 1] = (uint8_t)(piece >> 16);
        ref_buf[flen + 2] = (uint8_t)(piece >> 8);
        ref_buf[flen + 3] = (uint8_t)piece;
        ref_buf[flen + 4] = (uint8_t)((unsigned)r >> 24);
        ref_buf[flen + 5] = (uint8_t)((unsigned)r >> 16);
        ref_buf[flen + 6] = (uint8_t)((unsigned)r >> 8);
        ref_buf[flen + 7] = (uint8_t)r;
        flen += 8u + (size_t)r;
        pos += piece;
    }
    if (exact_dec(ppq_lz4_hadoop_decompress, ref_buf, flen, n, &got) != PPQ_OK) {
        FAIL("lz4 hadoop: %u framed blocks of theirs (n=%zu)", k, n);
    }
    same(in, out_buf, n, got, "lz4 hadoop multi-block", n);
    if (ppq_decompress(PPQ_CODEC_LZ4, ref_buf, flen, out_buf, n, &got, NULL, 0) != PPQ_OK) {
        FAIL("ppq_decompress LZ4");
    }
    same(in, out_buf, n, got, "ppq_decompress LZ4", n);
}

/* The unit suite pins our compressed bytes for lz_pin_input on every
 * target; here the same bytes are decompressed by the reference
 * libraries, and the pins checked against the host's output. */
static void pins(void)
{
    static const struct {
        int lz4;
        unsigned bits;
        size_t len;
        uint32_t crc;
    } pin[] = {{0, 8, LZ_PIN_SNAPPY8_LEN, LZ_PIN_SNAPPY8_CRC},
               {0, 10, LZ_PIN_SNAPPY10_LEN, LZ_PIN_SNAPPY10_CRC},
               {1, 8, LZ_PIN_LZ48_LEN, LZ_PIN_LZ48_CRC},
               {1, 9, LZ_PIN_LZ49_LEN, LZ_PIN_LZ49_CRC}};
    uint8_t in[LZ_PIN_LEN];
    size_t i, olen, ulen;
    lz_pin_input(in, LZ_PIN_LEN);
    for (i = 0; i < sizeof pin / sizeof pin[0]; i++) {
        uint32_t crc;
        if ((pin[i].lz4 ? ppq_lz4_compress(in, LZ_PIN_LEN, our_buf, cap, &olen, pin[i].bits, work, PPQ_LZ4_WORK_SIZE(16))
                        : ppq_snappy_compress(in, LZ_PIN_LEN, our_buf, cap, &olen, pin[i].bits, work,
                                              PPQ_SNAPPY_WORK_SIZE(16))) != PPQ_OK) {
            FAIL("pin compress");
        }
        ulen = LZ_PIN_LEN;
        if (pin[i].lz4) {
            int d = LZ4_decompress_safe((const char *)our_buf, (char *)out_buf, (int)olen, LZ_PIN_LEN);
            ulen = d < 0 ? 0 : (size_t)d;
        } else if (snappy_uncompress((const char *)our_buf, olen, (char *)out_buf, &ulen) != SNAPPY_OK) {
            ulen = 0;
        }
        same(in, out_buf, LZ_PIN_LEN, ulen, "pinned input", LZ_PIN_LEN);
        crc = ppq_crc32(0, our_buf, olen);
        if (olen != pin[i].len || crc != pin[i].crc) {
            FAIL("pin %s bits %u: %zuu bytes, CRC 0x%08Xu (test/lz_pin.h says %zuu, 0x%08Xu)", pin[i].lz4 ? "LZ4" : "SNAPPY",
                 pin[i].bits, olen, (unsigned)crc, pin[i].len, (unsigned)pin[i].crc);
        }
    }
}

static void run(const uint8_t *in, size_t n)
{
    inputs++;
    snappy_checks(in, n);
    lz4_checks(in, n);
    if (n > 0) {
        hadoop_multi(in, n);
    }
}

int main(void)
{
    size_t big = 8u << 20, i, n, pages[4096];
    uint8_t *in;
    unsigned p;
    cap = big + big / 2 + 1024;
    in = malloc(big);
    ref_buf = malloc(cap);
    our_buf = malloc(cap);
    out_buf = malloc(cap);
    work = malloc(PPQ_LZ4_WORK_SIZE(16));
    if (!in || !ref_buf || !our_buf || !out_buf || !work) {
        return 2;
    }
    pins();
    /* sizes 0..40 of text, random bytes and one repeated byte */
    lzd_log_text(in, 4096);
    for (n = 0; n <= 40; n++) {
        run(in, n);
    }
    for (n = 0; n <= 40; n++) {
        for (i = 0; i < n; i++) {
            in[i] = (uint8_t)lzd_rand();
        }
        run(in, n);
        memset(in, 'a', n);
        run(in, n);
    }
    /* text and sensor pages at sizes around the fragment and offset limits */
    {
        static const size_t sizes[] = {100, 1000, 4095, 65535, 65536, 65537, 70000, 131072, 300001, 1u << 20};
        for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            lzd_log_text(in, sizes[i]);
            run(in, sizes[i]);
            lzd_sensor_pages(in, sizes[i], 1024, pages, 4096);
            run(in, sizes[i]);
        }
    }
    /* all-equal, incompressible, periodic with every period 1..70 */
    memset(in, 0, 1u << 20);
    run(in, 1u << 20);
    for (i = 0; i < (1u << 20); i++) {
        in[i] = (uint8_t)lzd_rand();
    }
    run(in, 1u << 20);
    for (p = 1; p <= 70; p++) {
        for (i = 0; i < 5000; i++) {
            in[i] = i < p ? (uint8_t)lzd_rand() : in[i - p];
        }
        run(in, 5000);
    }
    /* long repeats: a random 100 KiB block twice, 40 KiB apart-repeats, a
     * long run of one byte inside random data */
    for (i = 0; i < 100000; i++) {
        in[i] = (uint8_t)lzd_rand();
    }
    memcpy(in + 100000, in, 100000);
    run(in, 200000);
    for (i = 40000; i < 300000; i++) {
        in[i] = in[i - 40000];
    }
    run(in, 300000);
    memset(in + 1000, 7, 200000);
    run(in, 300000);
    /* sparse matches: random bytes with short copies from 1..70000 back */
    for (i = 0; i < 500000; i++) {
        if (i > 100 && lzd_rand() % 8u == 0u) {
            size_t back = 1 + (size_t)(lzd_rand() % (i < 70000 ? i : 70000)), len = 3 + lzd_rand() % 40u, k;
            for (k = 0; k < len && i < 500000; k++, i++) {
                in[i] = in[i - back];
            }
            i--;
        } else {
            in[i] = (uint8_t)(lzd_rand() % 4u);
        }
    }
    run(in, 500000);
    /* random sizes of mixed text */
    for (p = 0; p < 40; p++) {
        n = (size_t)(lzd_rand() % 200000u);
        lzd_log_text(in, n);
        run(in, n);
    }
    /* large inputs */
    lzd_log_text(in, big);
    run(in, big);
    lzd_sensor_pages(in, big, 8192, pages, 4096);
    run(in, big);
    free(in);
    free(ref_buf);
    free(our_buf);
    free(out_buf);
    free(work);
    printf("{\"lz_diff\": \"ok\", \"inputs\": %lu, \"checks\": %lu}\n", inputs, checks);
    return 0;
}
