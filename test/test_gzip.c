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

static const ppq_test_case_t cases[] = {
    PPQ_TEST(golden_streams),
    PPQ_TEST(several_members),
    PPQ_TEST(room_short),
    PPQ_TEST(hostile_streams),
};
PPQ_SUITE(suite_gzip, "gzip", cases);
