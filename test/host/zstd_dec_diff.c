/*
 * Differential test (host only, links libzstd): frames produced by
 * libzstd with every parameter that changes the frame's structure,
 * decompressed by ppq_zstd_decompress and compared with the input.
 *   - levels -5..-1 and 1..19 (and 22 with ultra), on random,
 *     incompressible, all-equal, text-like, sensor-like and long-match data
 *     of several sizes;
 *   - small windows (windowLog 10..17), long-distance matching, checksum on
 *     and off, content size on and off (single-segment frames where libzstd
 *     chooses them), block sizes (maxBlockSize, targetCBlockSize), literal
 *     compression forced on (Huffman, 1 and 4 streams) or off (raw);
 *   - several frames and skippable frames back to back;
 *   - output room: exact, one byte short (PPQ_ERR_NOSPACE), more;
 *   - the reduced work buffer (PPQ_ZSTD_DEC_WORK_MIN) on small inputs:
 *     the same bytes, or PPQ_ERR_UNSUPPORTED, never anything else;
 *   - dictionaries refused: a trained dictionary's ID gives
 *     PPQ_ERR_UNSUPPORTED, a raw-content dictionary an error (its matches
 *     reach before the frame) or the right bytes;
 *   - every frame also through the streaming decoder (ppq_zstd_stream_*):
 *     fed whole, and in random chunks, its buffer the least the frame's
 *     window needs (the window moves often): the same bytes; cut one byte
 *     short: an error or a failing ppq_zstd_stream_end.
 * Prints one summary line; exits 1 at the first mismatch.
 */
#define ZSTD_STATIC_LINKING_ONLY
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zdict.h>
#include <zstd.h>

#include "ppq_codec.h"
#include "ppq_zstd.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
}

static uint64_t work_full[PPQ_ZSTD_DEC_WORK_SIZE / 8 + 1];
static uint64_t work_min[PPQ_ZSTD_DEC_WORK_MIN / 8];
static unsigned long frames_checked, bytes_checked, unsupported_small;

enum { D_RANDOM, D_INCOMP, D_EQUAL, D_TEXT, D_SENSOR, D_LONG, D_TOKENS, D_SMALL_ALPHA, D_ONE_LITERAL, D_KINDS };
static const char *const kind_names[] = {"random-bytes", "incompressible", "all-equal", "text", "sensor",
                                        "long-match", "short-tokens", "small-alphabet", "one-literal"};

static void gen(int kind, uint8_t *p, size_t n)
{
    static const char *const words[] = {"the", "sensor", "reading", "of", "temperature", "pressure", "and",
                                        "humidity", "at", "station", "north", "value", "was", "recorded",
                                        "parquet", "column", "page", "a", "in", "with"};
    size_t i = 0;
    switch (kind) {
    case D_RANDOM: /* skewed bytes: Huffman-friendly, few matches */
        for (i = 0; i < n; i++) {
            uint64_t r = rnd();
            p[i] = (uint8_t)((r & 3u) ? 'a' + (r >> 8) % 8u : (r >> 16));
        }
        break;
    case D_INCOMP:
        for (i = 0; i < n; i++) {
            p[i] = (uint8_t)rnd();
        }
        break;
    case D_EQUAL:
        memset(p, 0x5A, n);
        break;
    case D_TEXT:
        while (i < n) {
            const char *w = words[(rnd() % 20u) * (rnd() % 20u) / 20u];
            size_t l = strlen(w);
            while (*w && i < n) {
                p[i++] = (uint8_t)*w++;
            }
            if (i < n) {
                p[i++] = (rnd() % 12u) == 0 ? '\n' : ' ';
            }
            (void)l;
        }
        break;
    case D_SENSOR: {
        double v = 20.0;
        unsigned t = 1700000000u;
        while (i < n) {
            char line[64];
            int l;
            v += ((double)(rnd() % 2001u) - 1000.0) / 10000.0;
            l = snprintf(line, sizeof line, "%u,%.2f\n", t++, v);
            for (int k = 0; k < l && i < n; k++) {
                p[i++] = (uint8_t)line[k];
            }
        }
        break;
    }
    case D_TOKENS: /* 3-byte matches between single literals: many sequences per block */
        while (i < n) {
            uint64_t r = rnd();
            uint8_t tok[3] = {(uint8_t)(r % 61u), (uint8_t)(r >> 8), (uint8_t)(r % 61u + 100u)};
            p[i++] = (uint8_t)(200u + (r >> 16) % 50u);
            for (int k = 0; k < 3 && i < n; k++) {
                p[i++] = tok[k];
            }
        }
        break;
    case D_SMALL_ALPHA: /* literals from 12 byte values: direct Huffman weights */
        for (i = 0; i < n; i++) {
            p[i] = (uint8_t)(rnd() % (rnd() % 4u == 0 ? 12u : 3u));
        }
        break;
    case D_ONE_LITERAL: /* varied matches, the literals all one byte: RLE literals */
        while (i < n) {
            size_t run = 4u + rnd() % 20u, k;
            p[i++] = 'x';
            for (k = 0; k < run && i < n; k++, i++) {
                p[i] = i > 64u ? p[i - 1u - rnd() % 60u] : (uint8_t)('a' + rnd() % 3u);
            }
        }
        break;
    default: { /* long matches: a random block repeated far apart, lightly mutated */
        size_t blk = 1u + (size_t)(rnd() % 70000u);
        for (i = 0; i < n; i++) {
            p[i] = i < blk ? (uint8_t)rnd() : p[i - blk];
            if (i >= blk && rnd() % 50000u == 0) {
                p[i] ^= 1;
            }
        }
        break;
    }
    }
}

static void fail(const char *what, const char *detail)
{
    printf("zstd-dec-diff: FAIL %s (%s)\n", what, detail);
    exit(1);
}

/* The streaming decoder over frame[0, n) fed in chunks of 1 to `chunk`
 * bytes (random), its buffer the least a frame needs (so the window moves
 * often); the output must be want[0, wn).  With `cut`, the input ends one
 * byte early: an error, or ppq_zstd_stream_end not PPQ_OK.  Returns 1 on
 * success. */
static uint64_t stream_work[PPQ_ZSTD_DEC_WORK_SIZE / 8 + 1];
static unsigned long stream_checked;
static int stream_one(const uint8_t *frame, size_t n, const uint8_t *want, size_t wn, size_t chunk, int cut)
{
    ppq_zstd_stream_t s;
    size_t cap = ppq_zstd_stream_buf_size(1024), at = 0, got = 0, end = cut ? n - 1 : n;
    uint8_t *buf = malloc(cap);
    int ok = 1;
    if (ppq_zstd_stream_init(&s, stream_work, sizeof stream_work, buf, cap) != PPQ_OK) {
        free(buf);
        return 0;
    }
    for (;;) {
        size_t k = end - at, used, olen;
        const uint8_t *out;
        ppq_status_t st;
        if (k > chunk) {
            k = 1 + (size_t)(rnd() % chunk);
        }
        st = ppq_zstd_stream_decompress(&s, frame + at, k, &used, &out, &olen);
        if (st == PPQ_ERR_ARENA) {
            size_t need = ppq_zstd_stream_need(&s);
            free(buf);
            buf = need > 0 && need <= ((size_t)1 << 28) ? malloc(need) : NULL;
            if (buf == NULL || ppq_zstd_stream_buffer(&s, buf, need) != PPQ_OK) {
                ok = 0;
                break;
            }
            at += used;
            continue;
        }
        if (st != PPQ_OK) {
            ok = cut; /* an error: right only for a cut input */
            break;
        }
        if (olen > 0 && (got + olen > wn || memcmp(out, want + got, olen) != 0)) {
            ok = 0;
            break;
        }
        got += olen;
        at += used;
        if (at == end && olen == 0) {
            ok = cut ? ppq_zstd_stream_end(&s) != PPQ_OK : ppq_zstd_stream_end(&s) == PPQ_OK && got == wn;
            break;
        }
    }
    free(buf);
    stream_checked++;
    return ok;
}

/* Decompress `frame` (n bytes) expecting `want` (wn bytes); checks exact,
 * short (NOSPACE) and larger output room, and the reduced work buffer. */
static void check(const uint8_t *frame, size_t n, const uint8_t *want, size_t wn, const char *detail)
{
    uint8_t *out = malloc(wn + 64);
    size_t got = 12345;
    ppq_status_t st = ppq_zstd_decompress(frame, n, out, wn, &got, work_full, sizeof work_full);
    if (st != PPQ_OK || got != wn || memcmp(out, want, wn) != 0) {
        printf("status %d got %zu want %zu\n", (int)st, got, wn);
        fail("exact room", detail);
    }
    if (wn > 0) {
        st = ppq_zstd_decompress(frame, n, out, wn - 1, &got, work_full, sizeof work_full);
        if (st != PPQ_ERR_NOSPACE || got != 0) {
            printf("status %d\n", (int)st);
            fail("one byte short", detail);
        }
    }
    memset(out, 0, wn + 64);
    st = ppq_decompress(PPQ_CODEC_ZSTD, frame, n, out, wn + 64, &got, work_full, sizeof work_full);
    if (st != PPQ_OK || got != wn || memcmp(out, want, wn) != 0) {
        fail("more room (codec interface)", detail);
    }
    if (wn <= 4096) {
        st = ppq_zstd_decompress(frame, n, out, wn, &got, work_min, sizeof work_min);
        if (st == PPQ_ERR_UNSUPPORTED) {
            unsupported_small++;
        } else if (st != PPQ_OK || got != wn || memcmp(out, want, wn) != 0) {
            fail("reduced work buffer", detail);
        }
    }
    free(out);
    if (!stream_one(frame, n, want, wn, n + 1, 0) || !stream_one(frame, n, want, wn, 1 + (size_t)(rnd() % 5000), 0) ||
        (n > 0 && !stream_one(frame, n, want, wn, 1 + (size_t)(rnd() % 300), 1))) {
        fail("streaming", detail);
    }
    frames_checked++;
    bytes_checked += wn;
}

static size_t compress(ZSTD_CCtx *cc, uint8_t *dst, size_t cap, const uint8_t *src, size_t n)
{
    size_t r = ZSTD_compress2(cc, dst, cap, src, n);
    if (ZSTD_isError(r)) {
        fail("libzstd compress", ZSTD_getErrorName(r));
    }
    return r;
}

int main(void)
{
    static const size_t sizes[] = {0, 1, 5, 17, 200, 1000, 4096, 40000, 140000, 600000};
    ZSTD_CCtx *cc = ZSTD_createCCtx();
    size_t maxn = 600000, cap = ZSTD_compressBound(maxn) + 64;
    uint8_t *src = malloc(maxn), *frame = malloc(cap * 4);
    char detail[200];
    int kind, level;
    unsigned si;

    /* every level on every data kind and size, default parameters (checksum on) */
    for (kind = 0; kind < D_KINDS; kind++) {
        for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            size_t n = sizes[si];
            gen(kind, src, n);
            for (level = -5; level <= 19; level++) {
                size_t fn;
                if (level == 0 || (n > 100000 && level > 12 && level % 3 != 0)) {
                    continue;
                }
                ZSTD_CCtx_reset(cc, ZSTD_reset_session_and_parameters);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, level);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, (level & 1) != 0);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_contentSizeFlag, level % 3 != 0);
                fn = compress(cc, frame, cap, src, n);
                snprintf(detail, sizeof detail, "%s n=%zu level=%d", kind_names[kind], n, level);
                check(frame, fn, src, n, detail);
            }
        }
    }
    /* structure-changing parameters, on the mid-size inputs */
    for (kind = 0; kind < D_KINDS; kind++) {
        size_t n = kind == D_LONG ? 600000 : 140000;
        gen(kind, src, n);
        for (int wlog = 10; wlog <= 17; wlog++) {
            for (int lvl = 1; lvl <= 19; lvl += 6) {
                size_t fn;
                ZSTD_CCtx_reset(cc, ZSTD_reset_session_and_parameters);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, lvl);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_windowLog, wlog);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, wlog & 1);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_contentSizeFlag, (wlog >> 1) & 1);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_forceMaxWindow, wlog == 12);
                fn = compress(cc, frame, cap, src, n);
                snprintf(detail, sizeof detail, "%s n=%zu level=%d windowLog=%d", kind_names[kind], n, lvl, wlog);
                check(frame, fn, src, n, detail);
            }
        }
        for (int mode = 0; mode < 8; mode++) {
            size_t fn;
            ZSTD_CCtx_reset(cc, ZSTD_reset_session_and_parameters);
            ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, mode < 4 ? 3 : 19);
            switch (mode & 3) {
            case 0:
                ZSTD_CCtx_setParameter(cc, ZSTD_c_maxBlockSize, 1024 + (int)(rnd() % 4000));
                break;
            case 1:
                ZSTD_CCtx_setParameter(cc, ZSTD_c_targetCBlockSize, 1340);
                break;
            case 2:
                ZSTD_CCtx_setParameter(cc, ZSTD_c_literalCompressionMode, ZSTD_ps_disable);
                break;
            default:
                ZSTD_CCtx_setParameter(cc, ZSTD_c_literalCompressionMode, ZSTD_ps_enable);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_enableLongDistanceMatching, 1);
                ZSTD_CCtx_setParameter(cc, ZSTD_c_windowLog, 22);
                break;
            }
            fn = compress(cc, frame, cap, src, n);
            snprintf(detail, sizeof detail, "%s n=%zu mode=%d", kind_names[kind], n, mode);
            check(frame, fn, src, n, detail);
        }
    }
    /* level 22 (ultra) once per kind */
    for (kind = 0; kind < D_KINDS; kind++) {
        size_t fn, n = 140000;
        gen(kind, src, n);
        fn = ZSTD_compress(frame, cap, src, n, 22);
        if (ZSTD_isError(fn)) {
            fail("libzstd compress", "level 22");
        }
        snprintf(detail, sizeof detail, "%s level 22", kind_names[kind]);
        check(frame, fn, src, n, detail);
    }
    /* several frames and skippable frames back to back */
    for (int round = 0; round < 40; round++) {
        size_t pos = 0, total = 0, nf = 1 + rnd() % 6;
        uint8_t *want = malloc(maxn);
        for (size_t f = 0; f < nf; f++) {
            size_t n = rnd() % (round < 20 ? 3000 : 60000);
            if (total + n > maxn) {
                break;
            }
            if (rnd() % 3 == 0) { /* a skippable frame first */
                uint32_t len = (uint32_t)(rnd() % 40);
                uint32_t magic = 0x184D2A50u + (uint32_t)(rnd() % 16);
                memcpy(frame + pos, &magic, 4);
                memcpy(frame + pos + 4, &len, 4);
                memset(frame + pos + 8, 0xEE, len);
                pos += 8 + len;
            }
            gen((int)(rnd() % D_KINDS), want + total, n);
            ZSTD_CCtx_reset(cc, ZSTD_reset_session_and_parameters);
            ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, 1 + (int)(rnd() % 19));
            ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, (int)(rnd() & 1));
            ZSTD_CCtx_setParameter(cc, ZSTD_c_contentSizeFlag, (int)(rnd() & 1));
            pos += compress(cc, frame + pos, cap * 4 - pos, want + total, n);
            total += n;
        }
        snprintf(detail, sizeof detail, "multi-frame round %d", round);
        check(frame, pos, want, total, detail);
        free(want);
    }
    /* dictionaries are refused */
    {
        size_t samples_sizes[64], total = 0, dn, fn, got;
        uint8_t *samples = malloc(64 * 2000), dict[4096], out[2000];
        ZSTD_CDict *cd;
        ppq_status_t st;
        for (int i = 0; i < 64; i++) {
            samples_sizes[i] = 500 + rnd() % 1500;
            gen(D_TEXT, samples + total, samples_sizes[i]);
            total += samples_sizes[i];
        }
        dn = ZDICT_trainFromBuffer(dict, sizeof dict, samples, samples_sizes, 64);
        if (ZDICT_isError(dn)) {
            fail("ZDICT_trainFromBuffer", ZDICT_getErrorName(dn));
        }
        cd = ZSTD_createCDict(dict, dn, 3);
        fn = ZSTD_compress_usingCDict(cc, frame, cap, samples, samples_sizes[0], cd);
        st = ppq_zstd_decompress(frame, fn, out, sizeof out, &got, work_full, sizeof work_full);
        if (st != PPQ_ERR_UNSUPPORTED) {
            fail("trained dictionary", "not PPQ_ERR_UNSUPPORTED");
        }
        ZSTD_freeCDict(cd);
        /* raw-content dictionary: the frame names none (ID 0) */
        fn = ZSTD_compress_usingDict(cc, frame, cap, samples + 2000, 1500, samples, 2000, 3);
        st = ppq_zstd_decompress(frame, fn, out, sizeof out, &got, work_full, sizeof work_full);
        if (st == PPQ_OK && (got != 1500 || memcmp(out, samples + 2000, 1500) != 0)) {
            fail("raw-content dictionary", "wrong bytes accepted");
        }
        if (st == PPQ_OK) {
            fail("raw-content dictionary", "accepted (expected matches into the dictionary)");
        }
        free(samples);
    }
    printf("{\"zstd_dec_diff\": \"ok\", \"frames\": %lu, \"bytes\": %lu, \"reduced_work_unsupported\": %lu, "
           "\"streamed\": %lu}\n",
           frames_checked, bytes_checked, unsupported_small, stream_checked);
    ZSTD_freeCCtx(cc);
    free(src);
    free(frame);
    return 0;
}
