/*
 * Differential test (host only, links Debian's libbrotli): streams made by
 * libbrotli's encoder, decompressed by ppq_brotli_decompress and compared
 * with the input.
 *   - every quality 0..11 and every window lgwin 10..24, on random,
 *     incompressible, all-equal, English-like text (the static
 *     dictionary), UTF-8 text, sensor-like binary columns and long-match
 *     data; the encoder's text, font and generic modes (each literal
 *     context mode), and large inputs (several meta-blocks, windows
 *     smaller than the data);
 *   - output room: exact, and one byte short (PPQ_ERR_NOSPACE);
 *   - every strict prefix of some streams refused, and bit flips and
 *     random bytes never read or write out of bounds (exact-size buffers
 *     under ASan) and never claim success with other bytes than libbrotli's
 *     decoder gives;
 *   - the 121 word transforms, against libbrotli's own for each, and the
 *     literal context of every mode and pair of bytes against its table;
 *   - the least work memory each quality's streams took.
 * Prints a summary; exits 1 at the first mismatch.
 */
#include <brotli/decode.h>
#include <brotli/encode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_brotli.h"
#include "ppq_brotli_internal.h"
/* the decoder itself, for its static context() (the lookup of RFC 7932
 * 7.1) against libbrotli's table; its public symbols come from here, not
 * the archive */
#include "../../src/compression/ppq_brotli_dec.c"

/* libbrotlicommon 1.0.9 (common/transform.h, not installed): opaque here */
const void *BrotliGetTransforms(void);
int BrotliTransformDictionaryWord(uint8_t *dst, const uint8_t *word, int len, const void *transforms, int idx);
/* libbrotlicommon's context lookup: per mode, 256 entries for the last
 * byte and 256 for the one before, OR-ed */
extern const uint8_t _kBrotliContextLookupTable[2048];

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint64_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
}

static void *work;
static unsigned long streams, bytes_in, prefixes, flips;
static size_t most_work[12];

enum { K_RANDOM, K_INCOMP, K_EQUAL, K_TEXT, K_UTF8, K_SENSOR, K_LONG, K_KINDS };
static const char *const kind_names[] = {"random", "incompressible", "all-equal", "text", "utf8", "sensor", "long-match"};

static void gen(int kind, uint8_t *p, size_t n)
{
    static const char *const words[] = {"the", "sensor", "reading", "of", "Temperature", "pressure", "and",
                                        "humidity", "at", "station", "north", "value", "was", "recorded",
                                        "parquet", "column", "page", "a", "in", "with", "time", "people"};
    static const char *const utf8[] = {"Grüße", "température", "日本語", "данные", "ε", "naïve", "€", "a"};
    size_t i = 0;
    switch (kind) {
    case K_RANDOM:
        for (i = 0; i < n; i++) {
            uint64_t r = rnd();
            p[i] = (uint8_t)((r & 3u) ? 'a' + (r >> 8) % 8u : (r >> 16));
        }
        break;
    case K_INCOMP:
        for (i = 0; i < n; i++) {
            p[i] = (uint8_t)rnd();
        }
        break;
    case K_EQUAL:
        memset(p, 0x5A, n);
        break;
    case K_TEXT:
    case K_UTF8:
        while (i < n) {
            const char *w = kind == K_TEXT ? words[(rnd() % 22u) * (rnd() % 22u) / 22u] : utf8[rnd() % 8u];
            while (*w && i < n) {
                p[i++] = (uint8_t)*w++;
            }
            if (i < n) {
                p[i++] = (uint8_t)(rnd() % 9u == 0 ? ',' : rnd() % 12u == 0 ? '\n' : ' ');
            }
        }
        break;
    case K_SENSOR: { /* int16 samples and int32 timestamps, little-endian */
        int32_t t = 1700000000, v = 0;
        while (i < n) {
            v += (int32_t)(rnd() % 21u) - 10;
            t += 10;
            p[i++] = (uint8_t)v;
            if (i < n) p[i++] = (uint8_t)((uint32_t)v >> 8);
            if (i < n) p[i++] = (uint8_t)t;
            if (i < n) p[i++] = (uint8_t)(t >> 8);
            if (i < n) p[i++] = (uint8_t)(t >> 16);
            if (i < n) p[i++] = (uint8_t)(t >> 24);
        }
        break;
    }
    default: /* long matches: a random block repeated with edits, far apart */
        for (i = 0; i < n; i++) {
            p[i] = i < 3000u ? (uint8_t)rnd() : p[i - 3000u + (i % 7919u == 0u)];
            if (rnd() % 500u == 0u) {
                p[i] = (uint8_t)rnd();
            }
        }
        break;
    }
}

static int fail(const char *what, int kind, size_t n, int q, int lgwin, int mode)
{
    fprintf(stderr, "brotli_dec_diff: %s: %s n=%zu quality=%d lgwin=%d mode=%d\n", what, kind_names[kind], n, q, lgwin,
            mode);
    return 1;
}

/* Our decoding of comp (exact-size copy) into an exact-size buffer. */
static ppq_status_t ours(const uint8_t *comp, size_t clen, size_t cap, uint8_t **out, size_t *got, size_t work_len)
{
    uint8_t *c = (uint8_t *)malloc(clen ? clen : 1);
    ppq_status_t st;
    memcpy(c, comp, clen);
    *out = (uint8_t *)malloc(cap ? cap : 1);
    st = ppq_brotli_decompress(c, clen, *out, cap, got, work, work_len);
    free(c);
    return st;
}

/* The least work memory that decodes comp (binary search). */
static size_t least_work(const uint8_t *comp, size_t clen, size_t n)
{
    size_t lo = PPQ_BROTLI_DEC_WORK_MIN, hi = PPQ_BROTLI_DEC_WORK_SIZE;
    while (lo < hi) {
        size_t mid = (lo + (hi - lo) / 2u) & ~(size_t)1u, got;
        uint8_t *out;
        ppq_status_t st;
        if (mid < lo) {
            mid = lo;
        }
        st = ours(comp, clen, n, &out, &got, mid);
        free(out);
        if (st == PPQ_OK) {
            hi = mid;
        } else if (st == PPQ_ERR_UNSUPPORTED) {
            lo = mid + 2u;
        } else {
            return 0;
        }
    }
    return hi;
}

static int check(int kind, const uint8_t *in, size_t n, int q, int lgwin, int mode, int deep)
{
    size_t cap = BrotliEncoderMaxCompressedSize(n) + 64u, clen = cap, got = 0, i;
    uint8_t *comp = (uint8_t *)malloc(cap), *out;
    ppq_status_t st;
    if (!BrotliEncoderCompress(q, lgwin, (BrotliEncoderMode)mode, n, in, &clen, comp)) {
        free(comp);
        return fail("libbrotli could not compress", kind, n, q, lgwin, mode);
    }
    st = ours(comp, clen, n, &out, &got, PPQ_BROTLI_DEC_WORK_SIZE);
    if (st != PPQ_OK || got != n || (n && memcmp(out, in, n) != 0)) {
        fprintf(stderr, "status %d got %zu\n", st, got);
        for (i = 0; i < got && i < n && out[i] == in[i]; i++) {
        }
        fprintf(stderr, "first difference at %zu\n", i);
        free(out);
        free(comp);
        return fail("mismatch", kind, n, q, lgwin, mode);
    }
    free(out);
    streams++;
    bytes_in += n;
    if (n > 0u) {
        st = ours(comp, clen, n - 1u, &out, &got, PPQ_BROTLI_DEC_WORK_SIZE);
        free(out);
        if (st != PPQ_ERR_NOSPACE || got != 0) {
            free(comp);
            return fail("one byte short is not NOSPACE", kind, n, q, lgwin, mode);
        }
    }
    if (deep) {
        size_t w = least_work(comp, clen, n);
        if (w == 0) {
            free(comp);
            return fail("a smaller work buffer gave an error other than UNSUPPORTED", kind, n, q, lgwin, mode);
        }
        if (w > most_work[q]) {
            most_work[q] = w;
        }
        /* every strict prefix refused */
        for (i = 0; i < clen; i += 1u + (clen > 300u ? clen / 150u : 0u)) {
            st = ours(comp, i, n, &out, &got, PPQ_BROTLI_DEC_WORK_SIZE);
            free(out);
            prefixes++;
            if (st == PPQ_OK) {
                free(comp);
                return fail("a truncated stream decoded", kind, n, q, lgwin, mode);
            }
        }
        /* bit flips: ours succeeds only where libbrotli does, with its bytes */
        for (i = 0; i < 40u && clen > 0u; i++) {
            uint8_t *bad = (uint8_t *)malloc(clen), *ref = (uint8_t *)malloc(n + 1u);
            size_t rlen = n + 1u;
            BrotliDecoderResult rr;
            memcpy(bad, comp, clen);
            bad[rnd() % clen] ^= (uint8_t)(1u << (rnd() % 8u));
            st = ours(bad, clen, n + 1u, &out, &got, PPQ_BROTLI_DEC_WORK_SIZE);
            rr = BrotliDecoderDecompress(clen, bad, &rlen, ref);
            flips++;
            if (st == PPQ_OK && (rr != BROTLI_DECODER_RESULT_SUCCESS || rlen != got || memcmp(ref, out, got) != 0)) {
                free(bad), free(ref), free(out), free(comp);
                return fail("a corrupted stream decoded where libbrotli refuses it, or differently", kind, n, q, lgwin,
                            mode);
            }
            free(bad), free(ref), free(out);
        }
    }
    free(comp);
    return 0;
}

static int check_transforms(void)
{
    static const char *const words[] = {"time", "down", "Life", "élan", "日本語です", "abcdefghijklmnopqrstuvwx"};
    const void *t = BrotliGetTransforms();
    unsigned i, w;
    /* Each word through each transform, as one dictionary reference in a
     * stream made by hand would use it: compare with libbrotli's. */
    for (w = 0; w < sizeof words / sizeof words[0]; w++) {
        for (i = 0; i < 121u; i++) {
            uint8_t want[64], got[64];
            int len = (int)strlen(words[w]);
            int n = BrotliTransformDictionaryWord(want, (const uint8_t *)words[w], len, t, (int)i);
            size_t gl = 0;
            ppq_status_t st = ppq_brotli_transform(got, sizeof got, (const uint8_t *)words[w], (unsigned)len, i, &gl);
            if (st != PPQ_OK || gl != (size_t)n || memcmp(want, got, gl) != 0) {
                fprintf(stderr, "brotli_dec_diff: transform %u of \"%s\": %zu bytes, libbrotli %d\n", i, words[w], gl, n);
                return 1;
            }
        }
    }
    return 0;
}

static int check_context(void)
{
    unsigned mode, p1, p2;
    for (mode = 0; mode < 4u; mode++) {
        for (p1 = 0; p1 < 256u; p1++) {
            for (p2 = 0; p2 < 256u; p2++) {
                unsigned want = _kBrotliContextLookupTable[mode * 512u + p1] |
                                _kBrotliContextLookupTable[mode * 512u + 256u + p2];
                if (context(mode, p1, p2) != want) {
                    fprintf(stderr, "brotli_dec_diff: context mode %u bytes %u %u: %u, libbrotli %u\n", mode, p1, p2,
                            context(mode, p1, p2), want);
                    return 1;
                }
            }
        }
    }
    return 0;
}

int main(void)
{
    static const size_t sizes[] = {0, 1, 2, 17, 1000, 4096, 70000};
    static const int lgwins[] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
    size_t big = 1u << 20, i;
    uint8_t *in = (uint8_t *)malloc(big);
    int kind, q, wi, mode;
    work = malloc(PPQ_BROTLI_DEC_WORK_SIZE);
    if (check_context() || check_transforms()) {
        return 1;
    }
    for (kind = 0; kind < K_KINDS; kind++) {
        for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            gen(kind, in, sizes[i]);
            for (q = 0; q <= 11; q++) {
                for (wi = 0; wi < 15; wi++) {
                    /* every window at a middle size, a spread elsewhere */
                    if (sizes[i] != 4096u && wi % 7 != (int)(i + (size_t)q) % 7) {
                        continue;
                    }
                    mode = kind == K_TEXT || kind == K_UTF8 ? BROTLI_MODE_TEXT
                           : kind == K_SENSOR             ? (q & 1 ? BROTLI_MODE_FONT : BROTLI_MODE_GENERIC)
                                                          : BROTLI_MODE_GENERIC;
                    if (check(kind, in, sizes[i], q, lgwins[wi], mode, sizes[i] == 4096u && wi == q)) {
                        return 1;
                    }
                }
            }
        }
    }
    /* large inputs: several meta-blocks, windows smaller than the data */
    for (kind = 0; kind < K_KINDS; kind++) {
        gen(kind, in, big);
        for (q = 0; q <= 11; q += (q < 9 ? 3 : 1)) {
            size_t n = q >= 10 ? big / 6u : big;
            if (check(kind, in, n, q, q == 11 ? 16 : 22, kind == K_TEXT ? BROTLI_MODE_TEXT : BROTLI_MODE_GENERIC,
                      0)) {
                return 1;
            }
        }
    }
    /* random bytes as a stream: no crash, success only where libbrotli agrees */
    for (i = 0; i < 20000u; i++) {
        size_t n = 1u + rnd() % 64u, got = 0, rlen = 4096;
        uint8_t *c = (uint8_t *)malloc(n), *out, ref[4096];
        ppq_status_t st;
        size_t j;
        for (j = 0; j < n; j++) {
            c[j] = (uint8_t)rnd();
        }
        st = ours(c, n, 4096, &out, &got, PPQ_BROTLI_DEC_WORK_SIZE);
        if (st == PPQ_OK && (BrotliDecoderDecompress(n, c, &rlen, ref) != BROTLI_DECODER_RESULT_SUCCESS ||
                             rlen != got || memcmp(ref, out, got) != 0)) {
            fprintf(stderr, "brotli_dec_diff: random bytes decoded where libbrotli refuses them\n");
            return 1;
        }
        free(c), free(out);
    }
    printf("brotli_dec_diff: %lu streams (%lu input bytes) of libbrotli (qualities 0-11, lgwin 10-24, 3 modes) "
           "decoded exactly; %lu truncations refused; %lu bit flips and 20000 random streams safe; "
           "121 transforms x 6 words and the 4 context modes agree\n",
           streams, bytes_in, prefixes, flips);
    printf("brotli_dec_diff: least work memory (bytes) for 4 KB inputs by quality:");
    for (q = 0; q <= 11; q++) {
        printf(" q%d %zu", q, most_work[q]);
    }
    printf("\n");
    free(in);
    free(work);
    return 0;
}
