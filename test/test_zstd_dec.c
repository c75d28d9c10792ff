/* ZSTD decompression: golden frames made by the zstd CLI (libzstd) and
 * frames written from the format's description (test/zstd_golden.h, made
 * by tools/zstd/gen_zstd_golden.py, each checked by `zstd -d`), covering
 * raw, RLE and compressed blocks, raw/RLE/Huffman/treeless literals in 1
 * and 4 streams, direct and FSE-coded Huffman weights, FSE tables in
 * predefined, RLE, FSE and repeat modes, repeat offsets, checksums,
 * skippable frames and several frames; then hostile input: truncation at
 * every length, every byte changed (an error or the same bytes, never
 * other bytes), header and size errors, output room, dictionaries. */
#include <string.h>

#include "ppq_xxh64.h"
#include "ppq_zstd.h"
#include "test_util.h"
#include "zstd_golden.h"

#ifdef PPQ_TEST_SMALL
#define WORK_LEN PPQ_ZSTD_DEC_WORK_MIN /* the 16 KB board: the reduced tables */
#define STRIDE 7u                      /* every 7th byte in the hostile loops */
#else
#define WORK_LEN PPQ_ZSTD_DEC_WORK_SIZE
#define STRIDE 1u
#endif

static void *work;
static uint8_t *out; /* the test arena: PPQ_TEST_ARENA bytes */

static int setup(void)
{
    test_setup();
    work = test_alloc(WORK_LEN);
    out = test_arena_ptr;
    return work != NULL;
}

/* FNV-1a 64 (the generator stores each content's value) */
static uint64_t fnv1a64(const uint8_t *p, size_t n)
{
    uint64_t h = 0xCBF29CE484222325ull;
    size_t i;
    for (i = 0; i < n; i++) {
        h = (h ^ p[i]) * 0x100000001B3ull;
    }
    return h;
}

/* The content is right: its hash, and where the board holds them, its bytes. */
#define CHECK_CONTENT(g, buf, n)                          \
    do {                                                  \
        PPQ_CHECK_EQ((n), (g)->in_len);                   \
        PPQ_CHECK(fnv1a64((buf), (n)) == (g)->in_hash);   \
        if ((g)->in != NULL) {                            \
            PPQ_CHECK_MEM((buf), (g)->in, (n));           \
        }                                                 \
    } while (0)

static int is_special(const golden_t *g)
{
    return strcmp(g->name, "dict_id_5") == 0 || strcmp(g->name, "multi") == 0;
}

static ppq_status_t dec(const uint8_t *src, size_t n, size_t cap, size_t *got)
{
    return ppq_zstd_decompress(tail_copy(src, n), n, out, cap, got, work, WORK_LEN);
}

static void work_sizes(void)
{
    PPQ_CHECK_EQ(ppq_zstd_dec_work_size(1), 15392u);
    PPQ_CHECK_EQ(ppq_zstd_dec_work_size(0), 5664u);
    PPQ_CHECK_EQ(ppq_zstd_dec_work_size(-1), 4640u);
    /* a build may leave ZSTD out of PPQ_DECOMPRESSORS (ppq_config.h) */
    PPQ_CHECK_EQ(ppq_decompress_work_size(PPQ_CODEC_ZSTD),
                 ppq_codec_can_decompress(PPQ_CODEC_ZSTD) ? PPQ_ZSTD_DEC_WORK_SIZE : 0u);
}

/* XXH64 of the empty input with seed 0 (the algorithm's published value);
 * longer inputs are checked through the goldens' content checksums. */
static void xxh64_empty(void)
{
    PPQ_CHECK(ppq_xxh64(NULL, 0, 0) == 0xEF46DB3751D8E999ull);
}

static void goldens_decode(void)
{
    size_t i, got;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(goldens); i++) {
        const golden_t *g = &goldens[i];
        if (is_special(g)) {
            continue;
        }
        memset(out, 0xAA, g->in_len + 16u);
        got = 999;
        PPQ_CHECK_OK(dec(g->zst, g->zst_len, g->in_len, &got));
        CHECK_CONTENT(g, out, got);
        /* more room: the same */
        memset(out, 0xAA, g->in_len + 16u);
        PPQ_CHECK_OK(dec(g->zst, g->zst_len, g->in_len + 16u, &got));
        CHECK_CONTENT(g, out, got);
    }
}

/* Through the codec interface (which wants the full work buffer). */
static void codec_interface(void)
{
    const golden_t *g = &goldens[2];
    size_t got;
    PPQ_CHECK(setup());
    if (!ppq_codec_can_decompress(PPQ_CODEC_ZSTD)) {
        PPQ_CHECK_EQ(ppq_decompress(PPQ_CODEC_ZSTD, g->zst, g->zst_len, out, g->in_len, &got, work, WORK_LEN),
                     PPQ_ERR_UNSUPPORTED);
        return;
    }
    PPQ_CHECK_EQ(ppq_decompress(PPQ_CODEC_ZSTD, g->zst, g->zst_len, out, g->in_len, &got, work, 100),
                 PPQ_ERR_ARENA);
#ifndef PPQ_TEST_SMALL
    PPQ_CHECK_OK(ppq_decompress(PPQ_CODEC_ZSTD, g->zst, g->zst_len, out, g->in_len, &got, work, WORK_LEN));
    CHECK_CONTENT(g, out, got);
#endif
}

/* Skippable frames and zstd frames back to back: the first three cases'
 * contents in a row. */
static void several_frames(void)
{
    const golden_t *g = &goldens[ARRAY_LEN(goldens) - 1u];
    size_t got, n = 0, i;
    PPQ_CHECK(setup());
    PPQ_CHECK(strcmp(g->name, "multi") == 0);
    PPQ_CHECK_OK(dec(g->zst, g->zst_len, g->in_len, &got));
    CHECK_CONTENT(g, out, got);
    for (i = 0; i < 3u; i++) {
        if (goldens[i].in != NULL) {
            PPQ_CHECK_MEM(out + n, goldens[i].in, goldens[i].in_len);
        }
        PPQ_CHECK(fnv1a64(out + n, goldens[i].in_len) == goldens[i].in_hash);
        n += goldens[i].in_len;
    }
    PPQ_CHECK_EQ(n, got);
    /* one byte less room: the last frame does not fit */
    PPQ_CHECK_EQ(dec(g->zst, g->zst_len, g->in_len - 1u, &got), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(got, 0);
}

static void output_room(void)
{
    size_t i, got;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(goldens); i++) {
        const golden_t *g = &goldens[i];
        if (is_special(g) || g->in_len == 0u) {
            continue;
        }
        PPQ_CHECK_EQ(dec(g->zst, g->zst_len, g->in_len - 1u, &got), PPQ_ERR_NOSPACE);
        PPQ_CHECK_EQ(dec(g->zst, g->zst_len, 0, &got), PPQ_ERR_NOSPACE);
    }
}

/* Every proper prefix of a frame is an error (a truncated frame). */
static void truncated(void)
{
    size_t i, k, got;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(goldens); i++) {
        const golden_t *g = &goldens[i];
        if (is_special(g)) {
            continue;
        }
        for (k = 0; k < g->zst_len; k += (k < 16u ? 1u : STRIDE)) {
            ppq_status_t st = dec(g->zst, k, PPQ_TEST_ARENA, &got);
            PPQ_CHECK(st == PPQ_ERR_CORRUPT);
            PPQ_CHECK_EQ(got, 0);
        }
    }
}

/* A changed byte in a frame with a content checksum is an error or gives
 * the same content (bits the decoder may ignore), never other bytes. */
static void changed_bytes(void)
{
    size_t i, k, got;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(goldens); i++) {
        const golden_t *g = &goldens[i];
        uint8_t *f;
        if (is_special(g) || g->zst_len < 5u || (g->zst[4] & 4u) == 0u) {
            continue;
        }
        f = (uint8_t *)(uintptr_t)tail_copy(g->zst, g->zst_len);
        PPQ_CHECK(f != NULL);
        for (k = 0; k < g->zst_len; k += STRIDE) {
            ppq_status_t st;
            uint8_t keep = f[k];
            f[k] = (uint8_t)(keep ^ (1u << (k % 8u)));
            st = ppq_zstd_decompress(f, g->zst_len, out, PPQ_TEST_ARENA, &got, work, WORK_LEN);
            f[k] = keep;
            if (st == PPQ_OK) {
                CHECK_CONTENT(g, out, got);
            } else {
                PPQ_CHECK(st == PPQ_ERR_CORRUPT || st == PPQ_ERR_NOSPACE || st == PPQ_ERR_UNSUPPORTED);
            }
        }
    }
}

static const golden_t *find(const char *name)
{
    size_t i;
    for (i = 0; i < ARRAY_LEN(goldens); i++) {
        if (strcmp(goldens[i].name, name) == 0) {
            return &goldens[i];
        }
    }
    return NULL;
}

static void dictionaries_refused(void)
{
    const golden_t *g5 = find("dict_id_5"), *g0 = find("dict_id_0");
    size_t got;
    PPQ_CHECK(setup());
    PPQ_CHECK(g5 != NULL && g0 != NULL);
    PPQ_CHECK_EQ(dec(g5->zst, g5->zst_len, 100, &got), PPQ_ERR_UNSUPPORTED);
    PPQ_CHECK_OK(dec(g0->zst, g0->zst_len, 100, &got)); /* ID 0: no dictionary named */
    PPQ_CHECK_EQ(got, 0);
}

/* Header and frame-level errors, from the format's rules. */
static void frame_errors(void)
{
    const golden_t *raw = find("raw_block"), *huf = find("huf_1stream");
    uint8_t f[16];
    size_t got;
    PPQ_CHECK(setup());
    PPQ_CHECK(raw != NULL && huf != NULL);
    /* an empty input, a bad magic number, a short magic number */
    PPQ_CHECK_EQ(dec(f, 0, 100, &got), PPQ_ERR_CORRUPT);
    memcpy(f, raw->zst, 16);
    f[0] ^= 1u;
    PPQ_CHECK_EQ(dec(f, 16, 400, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(dec(raw->zst, 3, 400, &got), PPQ_ERR_CORRUPT);
    /* the reserved bit of the frame header descriptor */
    memcpy(f, raw->zst, 16);
    f[4] |= 0x08u;
    PPQ_CHECK_EQ(dec(f, 16, 400, &got), PPQ_ERR_CORRUPT);
    /* the reserved block type (3) */
    {
        static const uint8_t bad_block[] = {0x28, 0xB5, 0x2F, 0xFD, 0x20, 0x00, 0x07, 0x00, 0x00};
        PPQ_CHECK_EQ(dec(bad_block, sizeof bad_block, 400, &got), PPQ_ERR_CORRUPT);
    }
    /* a content size one less than the content (raw_block: 2-byte field 300 - 256) */
    {
        uint8_t *c = (uint8_t *)(uintptr_t)tail_copy(raw->zst, raw->zst_len);
        PPQ_CHECK(c[4] == 0x60u && c[5] == 44u);
        c[5] = 43u;
        PPQ_CHECK_EQ(ppq_zstd_decompress(c, raw->zst_len, out, 400, &got, work, WORK_LEN), PPQ_ERR_CORRUPT);
        c[5] = 45u;
        PPQ_CHECK_EQ(ppq_zstd_decompress(c, raw->zst_len, out, 400, &got, work, WORK_LEN), PPQ_ERR_CORRUPT);
    }
    /* a wrong content checksum */
    {
        uint8_t *c = (uint8_t *)(uintptr_t)tail_copy(huf->zst, huf->zst_len);
        c[huf->zst_len - 1u] ^= 0x80u;
        PPQ_CHECK_EQ(ppq_zstd_decompress(c, huf->zst_len, out, 400, &got, work, WORK_LEN), PPQ_ERR_CORRUPT);
    }
    /* a skippable frame whose size runs past the input; one that fits */
    {
        static const uint8_t skip[] = {0x5F, 0x2A, 0x4D, 0x18, 0x03, 0x00, 0x00, 0x00, 1, 2};
        PPQ_CHECK_EQ(dec(skip, sizeof skip, 10, &got), PPQ_ERR_CORRUPT);
    }
    {
        static const uint8_t skip_ok[] = {0x50, 0x2A, 0x4D, 0x18, 0x02, 0x00, 0x00, 0x00, 1, 2};
        PPQ_CHECK_OK(dec(skip_ok, sizeof skip_ok, 10, &got));
        PPQ_CHECK_EQ(got, 0);
    }
    /* arguments */
    PPQ_CHECK_EQ(ppq_zstd_decompress(raw->zst, raw->zst_len, out, 400, NULL, work, WORK_LEN), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_zstd_decompress(raw->zst, raw->zst_len, out, 400, &got, work, PPQ_ZSTD_DEC_WORK_SMALL - 1u),
                 PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(ppq_zstd_decompress(raw->zst, raw->zst_len, out, 400, &got, NULL, WORK_LEN), PPQ_ERR_ARG);
}

#ifndef PPQ_TEST_SMALL
/* The 3-byte sequence count (at least 0x7F00 sequences, ~98 KB of
 * output, so not on the 16 KB board): a raw block "abcd", then 32768
 * sequences of RLE-mode tables (literal length 0, match length 3, offset
 * code 0: the repeat offsets 4 and 1 by turns).  zstd -d gives "abcdabc"
 * and then 'c' to 98308 bytes. */
static void many_sequences(void)
{
    static const uint8_t frame[] = {0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x38, 0x20, 0x00, 0x00, 'a', 'b', 'c', 'd',
                                    0x4D, 0x00, 0x00, 0x00, 0xFF, 0x00, 0x01, 0x54, 0x00, 0x00, 0x00, 0x01};
    uint8_t *big;
    size_t got, i;
    PPQ_CHECK(setup());
    big = (uint8_t *)test_alloc(98308u);
    PPQ_CHECK(big != NULL);
    PPQ_CHECK_OK(ppq_zstd_decompress(frame, sizeof frame, big, 98308u, &got, work, WORK_LEN));
    PPQ_CHECK_EQ(got, 98308u);
    PPQ_CHECK_MEM(big, "abcdabc", 7);
    for (i = 7; i < got; i++) {
        PPQ_CHECK_EQ(big[i], 'c');
    }
}
#endif

/* The reduced work buffer decodes every golden (all are small). */
static void reduced_work(void)
{
    size_t i, got;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(goldens); i++) {
        const golden_t *g = &goldens[i];
        if (is_special(g)) {
            continue;
        }
        PPQ_CHECK_OK(ppq_zstd_decompress(g->zst, g->zst_len, out, g->in_len, &got, work, PPQ_ZSTD_DEC_WORK_MIN));
        CHECK_CONTENT(g, out, got);
    }
}

/* The smallest work buffer (Huffman codes up to 9 bits): each golden
 * (libzstd's frames) decodes to its content or is refused as needing
 * bigger tables, never anything else; the small ones decode. */
static void small_work(void)
{
    size_t i, got, decoded = 0;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(goldens); i++) {
        const golden_t *g = &goldens[i];
        ppq_status_t st;
        if (is_special(g)) {
            continue;
        }
        st = ppq_zstd_decompress(g->zst, g->zst_len, out, g->in_len, &got, work, PPQ_ZSTD_DEC_WORK_SMALL);
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_UNSUPPORTED);
        if (st == PPQ_OK) {
            CHECK_CONTENT(g, out, got);
            decoded++;
        }
    }
    PPQ_CHECK(decoded > 0u);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(work_sizes),     PPQ_TEST(xxh64_empty),  PPQ_TEST(goldens_decode),       PPQ_TEST(codec_interface),
    PPQ_TEST(several_frames), PPQ_TEST(output_room),  PPQ_TEST(truncated),            PPQ_TEST(changed_bytes),
    PPQ_TEST(dictionaries_refused), PPQ_TEST(frame_errors), PPQ_TEST(reduced_work),
    PPQ_TEST(small_work),
#ifndef PPQ_TEST_SMALL
    PPQ_TEST(many_sequences),
#endif
};
PPQ_SUITE(suite_zstd_dec, "zstd_dec", cases);
