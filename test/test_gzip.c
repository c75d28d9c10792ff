/* GZIP decompression: streams zlib made (test/gzip_golden.h: stored, fixed
 * and dynamic blocks, an RLE-strategy raw stream with a small window, every
 * header flag) decoded to their bytes; several members; every room short of
 * the output NOSPACE; every truncation and byte flip a status or the right
 * bytes, never a read or write outside the buffers (ASan in the host
 * suite).  Against zlib at every level and strategy: test/gzip/gzip_diff.c. */
#include <string.h>

#include "test_util.h"
#include "ppq_codec.h"
#include "ppq_gzip.h"
#include "gzip_golden.h"
#include "gzip/deflate_build.h"

/* Work memory and output from the test scratch (the 16 KB boards' RAM). */
static uint8_t *work, *out;
#define OUT_CAP 1024u

static int setup(void)
{
    test_setup();
    work = (uint8_t *)test_alloc(PPQ_INFLATE_WORK_SIZE);
    out = (uint8_t *)test_alloc(OUT_CAP + 8u);
    return work != NULL && out != NULL;
}

static void golden_streams(void)
{
    size_t n = 0, used = 0;
    PPQ_CHECK(setup());
    PPQ_CHECK_OK(ppq_gunzip(g_stored, sizeof g_stored, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK_EQ(n, sizeof g_stored_plain);
    PPQ_CHECK_MEM(out, g_stored_plain, n);
    PPQ_CHECK_OK(ppq_gunzip(g_fixed, sizeof g_fixed, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK_EQ(n, sizeof g_fixed_plain);
    PPQ_CHECK_MEM(out, g_fixed_plain, n);
    PPQ_CHECK_OK(ppq_gunzip(g_dynamic, sizeof g_dynamic, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK_EQ(n, sizeof g_dynamic_plain);
    PPQ_CHECK_MEM(out, g_dynamic_plain, n);
    PPQ_CHECK_OK(ppq_inflate(d_rle, sizeof d_rle, out, OUT_CAP, &n, &used, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK_EQ(n, sizeof d_rle_plain);
    PPQ_CHECK_EQ(used, sizeof d_rle);
    PPQ_CHECK_MEM(out, d_rle_plain, n);
    PPQ_CHECK_OK(ppq_gunzip(g_flags, sizeof g_flags, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK(n == 6u && memcmp(out, "flags!", 6) == 0);
    /* through the codec interface, where the build has it (PPQ_DECOMPRESSORS) */
    if (PPQ_DECOMPRESSORS & PPQ_CODEC_BIT(PPQ_CODEC_GZIP)) {
        PPQ_CHECK(ppq_codec_can_decompress(PPQ_CODEC_GZIP));
        PPQ_CHECK_EQ(ppq_decompress_work_size(PPQ_CODEC_GZIP), PPQ_INFLATE_WORK_SIZE);
        PPQ_CHECK_OK(ppq_decompress(PPQ_CODEC_GZIP, g_dynamic, sizeof g_dynamic, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE));
        PPQ_CHECK_EQ(n, sizeof g_dynamic_plain);
    } else {
        PPQ_CHECK(!ppq_codec_can_decompress(PPQ_CODEC_GZIP));
        PPQ_CHECK_EQ(ppq_decompress(PPQ_CODEC_GZIP, g_dynamic, sizeof g_dynamic, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE),
                     PPQ_ERR_UNSUPPORTED);
    }
    PPQ_CHECK_EQ(ppq_gunzip(g_dynamic, sizeof g_dynamic, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE - 8u), PPQ_ERR_ARENA);
}

/* Two members back to back: their bytes one after the other. */
static void several_members(void)
{
    uint8_t *two;
    size_t n = 0;
    PPQ_CHECK(setup());
    two = (uint8_t *)test_alloc(sizeof g_fixed + sizeof g_flags);
    PPQ_CHECK(two != NULL);
    memcpy(two, g_fixed, sizeof g_fixed);
    memcpy(two + sizeof g_fixed, g_flags, sizeof g_flags);
    PPQ_CHECK_OK(ppq_gunzip(two, sizeof g_fixed + sizeof g_flags, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK_EQ(n, sizeof g_fixed_plain + 6u);
    PPQ_CHECK_MEM(out, g_fixed_plain, sizeof g_fixed_plain);
    PPQ_CHECK(memcmp(out + sizeof g_fixed_plain, "flags!", 6) == 0);
}

/* Room one byte short of the output and less: NOSPACE, never a byte past it. */
static void room_short(void)
{
    size_t room, n;
    PPQ_CHECK(setup());
    for (room = 0; room < sizeof g_dynamic_plain; room += 1u + room / 8u) {
        memset(out, 0xA5, OUT_CAP);
        PPQ_CHECK_EQ(ppq_gunzip(g_dynamic, sizeof g_dynamic, out, room, &n, work, PPQ_INFLATE_WORK_SIZE), PPQ_ERR_NOSPACE);
        PPQ_CHECK(n <= room && out[room] == 0xA5u);
    }
}

/* Every cut and every byte flipped: a status, or (a flip the stream does not
 * notice before its CRC) never a wrong success: the CRC-32 and size catch it. */
static void hostile_streams(void)
{
    uint8_t *copy;
    size_t cut, i, n;
    PPQ_CHECK(setup());
    copy = (uint8_t *)test_alloc(sizeof g_dynamic);
    PPQ_CHECK(copy != NULL);
    for (cut = 0; cut < sizeof g_dynamic; cut++) {
        const uint8_t *p = tail_copy(g_dynamic, cut);
        PPQ_CHECK(ppq_gunzip(p, cut, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE) < 0);
    }
    for (i = 0; i < sizeof g_dynamic; i++) {
        ppq_status_t st;
        memcpy(copy, g_dynamic, sizeof g_dynamic);
        copy[i] ^= 0x10u;
        st = ppq_gunzip(copy, sizeof g_dynamic, out, OUT_CAP, &n, work, PPQ_INFLATE_WORK_SIZE);
        PPQ_CHECK(st < 0 || (n == sizeof g_dynamic_plain && memcmp(out, g_dynamic_plain, n) == 0));
    }
}

/* Our gzip members: decoded by our inflate to the same bytes (zlib decodes
 * them too: test/gzip/gzip_diff.c), at every level; incompressible data in
 * stored blocks within the bound; too little room NOSPACE; bad levels. */
static void compress_round_trip(void)
{
    static const uint8_t noise[64] = {0x9e, 0x37, 0x79, 0xb9, 0x7f, 0x4a, 0x7c, 0x15, 0xf3, 0x9c, 0xc0, 0x60, 0x5c, 0xed,
                                      0xc8, 0x34, 0x10, 0x82, 0x27, 0x6b, 0xf3, 0xa2, 0x72, 0x51, 0x8a, 0xb1, 0x5e, 0x93,
                                      0x0f, 0x2d, 0x66, 0x41, 0xe7, 0x08, 0xc5, 0x11, 0x3b, 0xd4, 0x9a, 0x70, 0x2f, 0x86,
                                      0x5d, 0xbe, 0x04, 0xea, 0x63, 0x18, 0xa9, 0x77, 0x3c, 0xd1, 0x45, 0xfb, 0x0c, 0x92,
                                      0x6e, 0x29, 0xb4, 0x57, 0xcd, 0x01, 0x88, 0xe3};
    uint8_t *packed, *zwork;
    size_t n = 0, m = 0, len;
    int level;
    PPQ_CHECK(setup());
    packed = (uint8_t *)test_alloc(ppq_gzip_bound(sizeof g_dynamic_plain));
    zwork = (uint8_t *)test_alloc(ppq_gzip_work_size(1));
    PPQ_CHECK(packed != NULL && zwork != NULL);
    for (level = 1; level <= 1; level++) { /* (a 1 KiB table for the 16 KB boards; every level: gzip_diff.c) */
        PPQ_CHECK_OK(ppq_gzip_compress(g_dynamic_plain, sizeof g_dynamic_plain, packed,
                                       ppq_gzip_bound(sizeof g_dynamic_plain), &n, level, zwork, ppq_gzip_work_size(1)));
        PPQ_CHECK(n < sizeof g_dynamic_plain); /* text compresses */
        PPQ_CHECK_OK(ppq_gunzip(packed, n, out, OUT_CAP, &m, work, PPQ_INFLATE_WORK_SIZE));
        PPQ_CHECK_EQ(m, sizeof g_dynamic_plain);
        PPQ_CHECK_MEM(out, g_dynamic_plain, m);
        PPQ_CHECK_EQ(ppq_gzip_compress(g_dynamic_plain, sizeof g_dynamic_plain, packed, n - 1u, &len, level, zwork,
                                       ppq_gzip_work_size(1)),
                     PPQ_ERR_NOSPACE);
    }
    PPQ_CHECK_OK(ppq_gzip_compress(noise, sizeof noise, packed, ppq_gzip_bound(sizeof noise), &n, 1, zwork,
                                   ppq_gzip_work_size(1)));
    PPQ_CHECK(n <= ppq_gzip_bound(sizeof noise));
    PPQ_CHECK_OK(ppq_gunzip(packed, n, out, OUT_CAP, &m, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK(m == sizeof noise && memcmp(out, noise, m) == 0);
    PPQ_CHECK_OK(ppq_gzip_compress(noise, 0, packed, ppq_gzip_bound(0), &n, 1, zwork, ppq_gzip_work_size(1)));
    PPQ_CHECK_OK(ppq_gunzip(packed, n, out, OUT_CAP, &m, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK_EQ(m, 0);
    PPQ_CHECK_EQ(ppq_gzip_compress(noise, sizeof noise, packed, 64, &n, 10, zwork, 4096), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_gzip_compress(noise, sizeof noise, packed, 64, &n, 1, zwork, ppq_gzip_work_size(1) - 4u), PPQ_ERR_ARENA);
}

/* Hand-built streams (test/gzip/deflate_build.h, from RFC 1951): literal/
 * length codes of the first-level table's 10 bits, of 11 and of 15 (one
 * prefix's subtable of mixed lengths), distance codes of 8, 9 and 15 bits,
 * decoded with the input's end near (the careful path) and far (bytes after
 * the stream: the hosts' fast path), src_used the stream's bytes; literal
 * codes over-subscribed or incomplete refused, and distance codes
 * incomplete but for the single one-bit code RFC 1951 allows, whose
 * missing code is CORRUPT after the bytes before it, in either path. */
#define DB_CAP 432u   /* the streams: 385-423 bytes */
#define DB_PLAIN 768u /* their bytes: 766 */
static void code_boundaries(void)
{
    uint8_t *s, *plain;
    size_t len, plain_len = 0, n = 0, used = 0, pad;
    PPQ_CHECK(setup());
    s = (uint8_t *)test_alloc(DB_CAP + 16u);
    plain = (uint8_t *)test_alloc(DB_PLAIN);
    PPQ_CHECK(s != NULL && plain != NULL);
    len = db_stream(DB_VALID, s, DB_CAP, plain, DB_PLAIN, &plain_len);
    PPQ_CHECK(len > 0u && plain_len == 766u);
    memset(s + len, 0xFF, 16);
    for (pad = 0; pad <= 16u; pad += 16u) {
        memset(out, 0, OUT_CAP);
        PPQ_CHECK_OK(ppq_inflate(s, len + pad, out, OUT_CAP, &n, &used, work, PPQ_INFLATE_WORK_SIZE));
        PPQ_CHECK_EQ(n, plain_len);
        PPQ_CHECK_EQ(used, len);
        PPQ_CHECK_MEM(out, plain, n);
    }
    PPQ_CHECK_OK(ppq_inflate(s, len, out, plain_len, &n, &used, work, PPQ_INFLATE_WORK_SIZE));
    PPQ_CHECK_EQ(ppq_inflate(s, len, out, plain_len - 1u, &n, &used, work, PPQ_INFLATE_WORK_SIZE), PPQ_ERR_NOSPACE);
    len = db_stream(DB_LIT_OVER, s, DB_CAP, plain, DB_PLAIN, &plain_len);
    PPQ_CHECK(len > 0u);
    PPQ_CHECK_EQ(ppq_inflate(s, len, out, OUT_CAP, &n, &used, work, PPQ_INFLATE_WORK_SIZE), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(n, 0);
    len = db_stream(DB_LIT_INCOMPLETE, s, DB_CAP, plain, DB_PLAIN, &plain_len);
    PPQ_CHECK(len > 0u);
    PPQ_CHECK_EQ(ppq_inflate(s, len, out, OUT_CAP, &n, &used, work, PPQ_INFLATE_WORK_SIZE), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(n, 0);
    len = db_stream(DB_DIST_MISSING, s, DB_CAP, plain, DB_PLAIN, &plain_len);
    PPQ_CHECK(len > 0u);
    PPQ_CHECK_EQ(ppq_inflate(s, len, out, OUT_CAP, &n, &used, work, PPQ_INFLATE_WORK_SIZE), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(n, 0);
    len = db_stream(DB_DIST_ONE, s, DB_CAP, plain, DB_PLAIN, &plain_len);
    PPQ_CHECK(len > 0u && plain_len == 176u);
    memset(s + len, 0xFF, 16);
    memset(work, 0, PPQ_INFLATE_WORK_SIZE); /* (no earlier table's entries to find) */
    PPQ_CHECK_EQ(ppq_inflate(s, len + 16u, out, OUT_CAP, &n, &used, work, PPQ_INFLATE_WORK_SIZE), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(n, plain_len);
    PPQ_CHECK_MEM(out, plain, n);
    memset(work, 0, PPQ_INFLATE_WORK_SIZE);
    PPQ_CHECK_EQ(ppq_inflate(s, len, out, plain_len + 3u, &n, &used, work, PPQ_INFLATE_WORK_SIZE), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(n, plain_len);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(compress_round_trip),
    PPQ_TEST(golden_streams),
    PPQ_TEST(several_members),
    PPQ_TEST(room_short),
    PPQ_TEST(hostile_streams),
    PPQ_TEST(code_boundaries),
};
PPQ_SUITE(suite_gzip, "gzip", cases);
