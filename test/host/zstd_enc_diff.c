/*
 * Differential test (host only, links libzstd): frames written by
 * ppq_zstd_compress at every level (libzstd's: ZSTD_minCLevel() -131072
 * and other negatives, 0 the default, 1 to 22; and with the checksum flag) on
 * Parquet-like pages and other inputs, each decompressed by libzstd
 * (ZSTD_decompress, and ZSTD_getFrameContentSize must give the length)
 * and by ppq_zstd_decompress; both must give back the input.  The golden
 * result is the input itself, never our own output.
 *   - inputs: little-endian float and int32 arrays of quantized sensor
 *     readings, int64 timestamps, text, incompressible random bytes,
 *     skewed random bytes, all-equal, long repeats, runs mixed with noise,
 *     short tokens (more sequences than a block has room for: blocks end
 *     early, checked by counting them);
 *     sizes 0, 1, 2, 15, 16, 17, 100, 1000, 4096, 10000, 65536, 128 KiB,
 *     128 KiB + 1 and 300000 (three blocks);
 *   - the same bytes whatever the work buffer's address and length (and
 *     a digest of every frame, which `make zstd-enc-same-bytes` compares
 *     between builds with and without the 64-bit and intrinsic paths);
 *   - output room: one byte short of the frame gives PPQ_ERR_NOSPACE;
 *   - inputs up to 4 KiB decode with the reduced decoder work buffer;
 *   - sizes beside libzstd at the same level on the same inputs (printed
 *     per level, all kinds but the incompressible);
 *   - with ZSTD_ENC_BIG=1 in the environment (not in `make check`: 400 MB
 *     of memory), a 129 MiB input: a frame with a 4 MiB window instead of
 *     a single segment, read back by libzstd and by ours.
 * Prints a summary; exits 1 at the first failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "ppq_zstd.h"

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint64_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
}

enum { K_FLOAT, K_INT32, K_TS, K_TEXT, K_INCOMP, K_SKEW, K_EQUAL, K_LONG, K_MIXED, K_TOKENS, K_KINDS };
static const char *const kind_names[K_KINDS] = {"float-sensor", "int32-sensor", "int64-timestamps",
                                                "text",         "incompressible", "skewed-bytes",
                                                "all-equal",    "long-repeats", "runs-and-noise",
                                                "short-tokens"};

static void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void gen(int kind, uint8_t *p, size_t n)
{
    static const char *const words[] = {"the", "sensor", "reading", "of", "temperature", "pressure", "and",
                                        "humidity", "at", "station", "north", "value", "was", "recorded",
                                        "parquet", "column", "page", "a", "in", "with"};
    size_t i = 0;
    double t = 20.0;
    uint32_t iv = 1000;
    uint64_t ts = 1767225600000ull;
    uint8_t tmp[8];
    switch (kind) {
    case K_FLOAT: /* a slow random walk quantized to 0.1, as float32 */
        while (i < n) {
            float f;
            uint32_t u;
            t += (double)((int)(rnd() % 5u) - 2) * 0.1;
            f = (float)((double)(long)(t * 10.0) / 10.0);
            memcpy(&u, &f, 4);
            put_le32(tmp, u);
            memcpy(p + i, tmp, n - i < 4 ? n - i : 4);
            i += 4;
        }
        break;
    case K_INT32: /* quantized readings as int32 */
        while (i < n) {
            iv = (uint32_t)((int32_t)iv + (int32_t)(rnd() % 7u) - 3);
            put_le32(tmp, iv);
            memcpy(p + i, tmp, n - i < 4 ? n - i : 4);
            i += 4;
        }
        break;
    case K_TS: /* millisecond timestamps, 1 s apart with jitter */
        while (i < n) {
            ts += 1000u + rnd() % 3u;
            put_le32(tmp, (uint32_t)ts);
            put_le32(tmp + 4, (uint32_t)(ts >> 32));
            memcpy(p + i, tmp, n - i < 8 ? n - i : 8);
            i += 8;
        }
        break;
    case K_TEXT:
        while (i < n) {
            const char *w = words[(rnd() % 20u) * (rnd() % 20u) / 20u];
            while (*w && i < n) {
                p[i++] = (uint8_t)*w++;
            }
            if (i < n) {
                p[i++] = (rnd() % 12u) == 0 ? '\n' : ' ';
            }
        }
        break;
    case K_INCOMP:
        for (i = 0; i < n; i++) {
            p[i] = (uint8_t)rnd();
        }
        break;
    case K_SKEW: /* few matches, Huffman-friendly */
        for (i = 0; i < n; i++) {
            uint64_t r = rnd();
            p[i] = (uint8_t)((r & 3u) ? 'a' + (r >> 8) % 8u : (r >> 16));
        }
        break;
    case K_EQUAL:
        memset(p, 0x5A, n);
        break;
    case K_LONG: /* a random 3000-byte piece repeated with rare changes */
        for (i = 0; i < n; i++) {
            p[i] = i < 3000 ? (uint8_t)rnd() : (rnd() % 500u == 0 ? (uint8_t)rnd() : p[i - 3000]);
        }
        break;
    case K_TOKENS: /* one of 4 six-byte tokens, then a random byte: a match per 7 bytes, more
                    * sequences than a block has room for (it ends early) */
        while (i < n) {
            static const char tok[4][7] = {"sensor", "status", "alarm!", "reboot"};
            const char *w = tok[rnd() % 4u];
            size_t k;
            for (k = 0; k < 6 && i < n; k++) {
                p[i++] = (uint8_t)w[k];
            }
            if (i < n) {
                p[i++] = (uint8_t)rnd();
            }
        }
        break;
    default: /* runs of a byte, then noise */
        while (i < n) {
            size_t run = (size_t)(rnd() % 300u), k;
            uint8_t b = (uint8_t)rnd();
            for (k = 0; k < run && i < n; k++) {
                p[i++] = b;
            }
            for (k = 0; k < 20 && i < n; k++) {
                p[i++] = (uint8_t)rnd();
            }
        }
        break;
    }
}

static const size_t sizes[] = {0, 1, 2, 15, 16, 17, 100, 1000, 4096, 10000, 65536, 131072, 131073, 300000};
#define NSIZES (sizeof sizes / sizeof sizes[0])
#define MAXN 300000u

static uint8_t *src, *cmp, *cmp2, *out;
static uint8_t *work;
static uint64_t dec_work[PPQ_ZSTD_DEC_WORK_SIZE / 8 + 1];
static uint64_t dec_min[PPQ_ZSTD_DEC_WORK_MIN / 8];
static unsigned long checked, failures;
static uint64_t digest = 0xCBF29CE484222325ull; /* FNV-1a of every frame, for comparing builds */
/* The levels tried: libzstd's minimum, other negatives, 0 (the default), 1 to 22. */
static const int levels[] = {-131072, -1000, -31, -7, -6, -5, -4, -3, -2, -1, 0,  1,  2,  3,  4,  5, 6,
                             7,       8,     9,   10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22};
#define NLEVELS (sizeof levels / sizeof levels[0])
/* per level: bytes in, ours, libzstd's at the same level (sizes >= 1000,
 * all kinds but the incompressible) */
static unsigned long long tot_in[NLEVELS], tot_ours[NLEVELS], tot_lib[NLEVELS];

#define FAIL(...)                                  \
    do {                                           \
        fprintf(stderr, "zstd_enc_diff: FAIL: ");  \
        fprintf(stderr, __VA_ARGS__);              \
        fprintf(stderr, "\n");                     \
        failures++;                                \
        return;                                    \
    } while (0)

/* Blocks in a frame of ours (its header: single-segment, no dictionary). */
static unsigned count_blocks(const uint8_t *f, size_t len)
{
    static const size_t fcs[4] = {1, 2, 4, 8};
    size_t at = ((f[4] & 0x20) ? 5u : 6u) + fcs[f[4] >> 6];
    unsigned blocks = 0;
    for (;;) {
        uint32_t h = (uint32_t)f[at] | (uint32_t)f[at + 1] << 8 | (uint32_t)f[at + 2] << 16;
        size_t sz = ((h >> 1) & 3u) == 1u ? 1u : h >> 3;
        blocks++;
        at += 3 + sz;
        if ((h & 1u) || at >= len) {
            return blocks;
        }
    }
}

static void one(int kind, size_t n, int level, int li)
{
    size_t bound = ppq_zstd_compress_bound(n), wlen = ppq_zstd_enc_work_size(level, n), clen = 0, clen2 = 0, dlen = 0;
    size_t r;
    ppq_status_t st;
    const char *kn = kind_names[kind];
    if (wlen == 0) {
        FAIL("%s n=%zu level %#x: work size 0", kn, n, (unsigned)level);
    }
    st = ppq_zstd_compress(src, n, cmp, bound, &clen, level, work, wlen);
    if (st != PPQ_OK || clen > bound) {
        FAIL("%s n=%zu level %#x: compress status %d len %zu bound %zu", kn, n, (unsigned)level, (int)st, clen, bound);
    }
    /* libzstd */
    if (ZSTD_getFrameContentSize(cmp, clen) != (unsigned long long)n) {
        FAIL("%s n=%zu level %#x: libzstd reads content size %llu", kn, n, (unsigned)level,
             ZSTD_getFrameContentSize(cmp, clen));
    }
    r = ZSTD_decompress(out, n + 1, cmp, clen);
    if (ZSTD_isError(r) || r != n || (n > 0 && memcmp(out, src, n) != 0)) {
        FAIL("%s n=%zu level %#x: libzstd says %s (%zu bytes)", kn, n, (unsigned)level,
             ZSTD_isError(r) ? ZSTD_getErrorName(r) : "different bytes", r);
    }
    /* ours */
    memset(out, 0xEE, n + 1);
    st = ppq_zstd_decompress(cmp, clen, out, n, &dlen, dec_work, sizeof dec_work);
    if (st != PPQ_OK || dlen != n || (n > 0 && memcmp(out, src, n) != 0)) {
        FAIL("%s n=%zu level %#x: ppq_zstd_decompress status %d len %zu", kn, n, (unsigned)level, (int)st, dlen);
    }
    if (n <= 4096) {
        st = ppq_zstd_decompress(cmp, clen, out, n, &dlen, dec_min, sizeof dec_min);
        if (st != PPQ_OK || dlen != n || (n > 0 && memcmp(out, src, n) != 0)) {
            FAIL("%s n=%zu level %#x: reduced decoder status %d", kn, n, (unsigned)level, (int)st);
        }
    }
    /* the same bytes from another work address and a longer buffer; a
     * misaligned one refused (the deep levels on small inputs only: time) */
    if (level > 9 && n > 65536) {
        goto done;
    }
    st = ppq_zstd_compress(src, n, cmp2, bound, &clen2, level, work + 24, wlen + 100);
    if (st != PPQ_OK || clen2 != clen || memcmp(cmp, cmp2, clen) != 0) {
        FAIL("%s n=%zu level %#x: output depends on the work buffer", kn, n, (unsigned)level);
    }
    if (ppq_zstd_compress(src, n, cmp2, bound, &clen2, level, work + 4, wlen + 100) != PPQ_ERR_ARENA) {
        FAIL("%s n=%zu level %#x: a 4-aligned work buffer accepted", kn, n, (unsigned)level);
    }
    /* room: exact works, one short is NOSPACE */
    st = ppq_zstd_compress(src, n, cmp2, clen, &clen2, level, work, wlen);
    if (st != PPQ_OK || clen2 != clen || memcmp(cmp, cmp2, clen) != 0) {
        FAIL("%s n=%zu level %#x: exact room gives %d", kn, n, (unsigned)level, (int)st);
    }
    st = ppq_zstd_compress(src, n, cmp2, clen - 1, &clen2, level, work, wlen);
    if (st != PPQ_ERR_NOSPACE || clen2 != 0) {
        FAIL("%s n=%zu level %#x: one byte short gives %d", kn, n, (unsigned)level, (int)st);
    }
    if (wlen > 0) {
        st = ppq_zstd_compress(src, n, cmp2, bound, &clen2, level, work, wlen - 1);
        if (st != PPQ_ERR_ARENA) {
            FAIL("%s n=%zu level %#x: short work gives %d", kn, n, (unsigned)level, (int)st);
        }
    }
done:
    if (kind == K_TOKENS && n == 65536 && level >= 1 && level <= 11 && count_blocks(cmp, clen) < 2) {
        FAIL("%s n=%zu level %#x: one block: the sequence room never filled", kn, n, (unsigned)level);
    }
    for (r = 0; r < clen; r++) {
        digest = (digest ^ cmp[r]) * 0x100000001B3ull;
    }
    checked++;
    if (n >= 1000 && li >= 0 && kind != K_INCOMP) {
        tot_in[li] += n;
        tot_ours[li] += clen;
        tot_lib[li] += ZSTD_compress(cmp2, bound + 64, src, n, level);
    }
}

/* More than the single-segment limit (128 MiB): the frame declares a
 * window (4 MiB), no offset reaches further; text with long repeats
 * further back than the window. */
static int big(void)
{
    size_t n = (129u << 20) + 12345u, i, clen = 0, dlen = 0, bound = ppq_zstd_compress_bound(n), r;
    uint8_t *s = malloc(n), *c = malloc(bound), *o = malloc(n);
    void *w = malloc(ppq_zstd_enc_work_size(1, n));
    int ok;
    if (!s || !c || !o || !w) {
        return 0;
    }
    gen(K_TEXT, s, 6u << 20);
    for (i = 6u << 20; i < n; i++) {
        s[i] = rnd() % 1000u == 0 ? (uint8_t)rnd() : s[i - (5u << 20)];
    }
    ok = ppq_zstd_compress(s, n, c, bound, &clen, 1, w, ppq_zstd_enc_work_size(1, n)) == PPQ_OK;
    ok = ok && (c[4] & 0x20) == 0 && c[5] == (22 - 10) << 3;
    r = ok ? ZSTD_decompress(o, n, c, clen) : 0;
    ok = ok && !ZSTD_isError(r) && r == n && memcmp(o, s, n) == 0;
    memset(o, 0, n);
    ok = ok && ppq_zstd_decompress(c, clen, o, n, &dlen, dec_work, sizeof dec_work) == PPQ_OK && dlen == n &&
         memcmp(o, s, n) == 0;
    printf("zstd_enc_diff: %zu bytes in a windowed frame of %zu: %s\n", n, clen, ok ? "read back" : "FAILED");
    free(s);
    free(c);
    free(o);
    free(w);
    return ok;
}

/* --quick (make check): inputs over 64 KiB at a few levels only, and no
 * size table beside libzstd (its levels 19-22 are most of the time). */
static int quick;

static int quick_skips(size_t n, int level)
{
    return quick && n > 65536u && level != -131072 && level != -5 && level != 1 && level != 3 && level != 9 &&
           level != 19 && level != 22;
}

int main(int argc, char **argv)
{
    int kind;
    size_t si, li;
    quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    src = malloc(MAXN);
    cmp = malloc(ppq_zstd_compress_bound(MAXN) + 64);
    cmp2 = malloc(ppq_zstd_compress_bound(MAXN) + 64);
    out = malloc(MAXN + 1);
    work = malloc(ppq_zstd_enc_work_size(PPQ_ZSTD_LEVEL_MAX, MAXN) + 128);
    if (!src || !cmp || !cmp2 || !out || !work) {
        return 2;
    }
    for (kind = 0; kind < K_KINDS; kind++) {
        for (si = 0; si < NSIZES; si++) {
            gen(kind, src, sizes[si]);
            for (li = 0; li < NLEVELS; li++) {
                if (!quick_skips(sizes[si], levels[li])) {
                    one(kind, sizes[si], levels[li], quick ? -1 : (int)li);
                }
            }
            one(kind, sizes[si], 1 | PPQ_ZSTD_CHECKSUM, -1);
            one(kind, sizes[si], PPQ_ZSTD_LEVEL_MAX | PPQ_ZSTD_CHECKSUM, -1);
            one(kind, sizes[si], -5 + PPQ_ZSTD_CHECKSUM, -1);
        }
    }
    /* a bad level and the argument checks */
    {
        size_t l = 1;
        if (ppq_zstd_enc_work_size(PPQ_ZSTD_LEVEL_MAX + 1, 10) != 0 ||
            ppq_zstd_enc_work_size((PPQ_ZSTD_LEVEL_MAX + 1) | PPQ_ZSTD_CHECKSUM, 10) != 0 ||
            ppq_zstd_enc_work_size(PPQ_ZSTD_CHECKSUM / 2 - 1, 10) != 0 || ppq_zstd_enc_work_size(-1, 10) == 0 ||
            ppq_zstd_enc_work_size(-2147483647 - 1, 10) == 0 ||
            ppq_zstd_compress(src, 10, cmp, 100, &l, 23, work, 1u << 20) != PPQ_ERR_ARG || l != 0) {
            fprintf(stderr, "zstd_enc_diff: FAIL: bad level accepted\n");
            failures++;
        }
    }
    if (getenv("ZSTD_ENC_BIG") != NULL && !big()) {
        failures++;
    }
    printf("zstd_enc_diff: sizes (inputs >= 1000 bytes, all but the incompressible) beside libzstd's:\n");
    for (li = 0; li < NLEVELS; li++) {
        printf("  level %7d: in %9llu  ppq %9llu  libzstd %9llu  ppq/libzstd %.3f\n", levels[li], tot_in[li],
               tot_ours[li], tot_lib[li], (double)tot_ours[li] / (double)tot_lib[li]);
    }
    printf("zstd_enc_diff: frames digest %016llx\n", (unsigned long long)digest);
    printf("zstd_enc_diff: %lu frames checked by libzstd and ppq_zstd_decompress, %lu failed\n", checked, failures);
    free(src);
    free(cmp);
    free(cmp2);
    free(out);
    free(work);
    return failures == 0 ? 0 : 1;
}
