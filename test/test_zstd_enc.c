/* ZSTD compression (ppq_zstd_compress), on the host and the boards:
 *   - frames whose bytes follow from RFC 8878 alone (empty input, one
 *     byte, a run, the XXH64 checksum of nothing), written out by hand;
 *   - round trips through ppq_zstd_decompress at every level, with the
 *     checksum, on sensor-like floats, text, incompressible bytes, runs,
 *     with work buffers of exactly ppq_zstd_enc_work_size() bytes (on the
 *     16 KB board: 256-byte inputs, the reduced decoder tables, the work
 *     buffer reused by the decoder);
 *   - the same bytes whatever the work buffer held before;
 *   - statuses: room short (NOSPACE), work short or misaligned (ARENA),
 *     bad levels and pointers (ARG); the codec interface.
 * libzstd reading our frames at every level: test/host/zstd_enc_diff.c. */
#include <string.h>

#include "ppq_codec.h"
#include "ppq_zstd.h"
#include "test_util.h"

#ifdef PPQ_TEST_SMALL
#define N 256u /* input bytes; the frame and the output beside it in the arena */
#define DEC_WORK PPQ_ZSTD_DEC_WORK_MIN
#else
#define N 4096u
#define DEC_WORK PPQ_ZSTD_DEC_WORK_SIZE
#endif
#define CAP (N + 64u) /* each arena region */

static uint8_t *src, *cmp, *back; /* in the test arena */
static uint8_t *work;             /* scratch: the encoder's, then the decoder's */
static size_t work_cap;

static int setup(void)
{
    size_t need = ppq_zstd_enc_work_size(PPQ_ZSTD_LEVEL_MAX, N);
    test_setup();
    work_cap = need > DEC_WORK ? need : DEC_WORK;
    work = (uint8_t *)test_alloc(work_cap + 8u);
    src = test_arena_ptr;
    cmp = src + CAP;
    back = cmp + CAP;
    return work != NULL && back + CAP <= test_arena_ptr + test_arena_size;
}

enum { D_FLOATS, D_TEXT, D_RANDOM, D_RUNS, D_KINDS };

static void make_input(uint8_t *p, size_t n, int kind)
{
    static const char *const words[] = {"sensor", "temp", "ok", "low", "battery", "at", "north", "gateway"};
    size_t i = 0;
    int32_t q = 2150; /* centi-degrees */
    while (i < n) {
        switch (kind) {
        case D_FLOATS: { /* little-endian float32 of a quantized random walk */
            float f;
            uint32_t u;
            uint8_t b[4];
            q += (int32_t)ppq_test_below(5) - 2;
            f = (float)q / 100.0f;
            memcpy(&u, &f, 4);
            ppq_store_le32(b, u);
            memcpy(p + i, b, n - i < 4u ? n - i : 4u);
            i += 4u;
            break;
        }
        case D_TEXT: {
            const char *w = words[ppq_test_below(8) * ppq_test_below(8) / 8u];
            while (*w != '\0' && i < n) {
                p[i++] = (uint8_t)*w++;
            }
            if (i < n) {
                p[i++] = ' ';
            }
            break;
        }
        case D_RANDOM:
            p[i++] = (uint8_t)ppq_test_rand();
            break;
        default: { /* runs of a byte and short noise */
            size_t run = ppq_test_below(40), k;
            uint8_t b = (uint8_t)ppq_test_rand();
            for (k = 0; k < run && i < n; k++) {
                p[i++] = b;
            }
            if (i < n) {
                p[i++] = (uint8_t)ppq_test_rand();
            }
            break;
        }
        }
    }
}

/* Compress src[0, n) at `level` with an exact work buffer and check it
 * comes back; *len gets the frame's size (0 on failure). */
static void round_trip(size_t n, int level, size_t *len)
{
    size_t wl = ppq_zstd_enc_work_size(level, n), got = 1;
    *len = 0;
    PPQ_CHECK(wl > 0u && wl <= work_cap);
    memset(work, 0xA5, wl);
    PPQ_CHECK_OK(ppq_zstd_compress(src, n, cmp, CAP, len, level, work, wl));
    PPQ_CHECK(*len > 0u && *len <= ppq_zstd_compress_bound(n));
    PPQ_CHECK_OK(ppq_zstd_decompress(cmp, *len, back, n, &got, work, DEC_WORK));
    PPQ_CHECK_EQ(got, n);
    PPQ_CHECK_MEM(back, src, n);
}

/* Frames RFC 8878 spells out: magic 28 B5 2F FD; the descriptor (bit 5
 * single segment, bits 7-6 the size field's width, bit 2 checksum); the
 * content size; 3-byte block headers (bit 0 last, bits 1-2 type: 0 raw,
 * 1 RLE, 2 compressed; size << 3). */
static void spec_frames(void)
{
    static const uint8_t empty[] = {0x28, 0xB5, 0x2F, 0xFD, 0x20, 0x00, 0x01, 0x00, 0x00};
    static const uint8_t one[] = {0x28, 0xB5, 0x2F, 0xFD, 0x20, 0x01, 0x09, 0x00, 0x00, 'x'};
    /* 100 x 'a': one RLE block, 1 | 1 << 1 | 100 << 3 = 0x323 */
    static const uint8_t run[] = {0x28, 0xB5, 0x2F, 0xFD, 0x20, 0x64, 0x23, 0x03, 0x00, 'a'};
    /* XXH64 of nothing (seed 0) is 0xEF46DB3751D8E999: its low 32 bits LE */
    static const uint8_t empty_sum[] = {0x28, 0xB5, 0x2F, 0xFD, 0x24, 0x00, 0x01, 0x00, 0x00, 0x99, 0xE9, 0xD8, 0x51};
    /* 300 bytes: the 2-byte size field holds size - 256 (flag 1: 0x60) */
    static const uint8_t head300[] = {0x28, 0xB5, 0x2F, 0xFD, 0x60, 0x2C, 0x00};
    size_t len = 0;
    int level;
    PPQ_CHECK(setup());
    for (level = -7; level <= PPQ_ZSTD_LEVEL_MAX; level++) {
        size_t wl = ppq_zstd_enc_work_size(level, 100);
        PPQ_CHECK(wl <= work_cap);
        PPQ_CHECK_OK(ppq_zstd_compress(NULL, 0, cmp, CAP, &len, level, work, wl));
        PPQ_CHECK_EQ(len, sizeof empty);
        PPQ_CHECK_MEM(cmp, empty, len);
        PPQ_CHECK_OK(ppq_zstd_compress((const uint8_t *)"x", 1, cmp, CAP, &len, level, work, wl));
        PPQ_CHECK_EQ(len, sizeof one);
        PPQ_CHECK_MEM(cmp, one, len);
        memset(src, 'a', 100);
        PPQ_CHECK_OK(ppq_zstd_compress(src, 100, cmp, CAP, &len, level, work, wl));
        PPQ_CHECK_EQ(len, sizeof run);
        PPQ_CHECK_MEM(cmp, run, len);
        PPQ_CHECK_OK(ppq_zstd_compress(src, 0, cmp, CAP, &len, level + PPQ_ZSTD_CHECKSUM, work, wl));
        PPQ_CHECK_EQ(len, sizeof empty_sum);
        PPQ_CHECK_MEM(cmp, empty_sum, len);
    }
    memset(src, 'b', 300);
    PPQ_CHECK_OK(ppq_zstd_compress(src, 300, cmp, CAP, &len, 1, work, ppq_zstd_enc_work_size(1, 300)));
    PPQ_CHECK_MEM(cmp, head300, sizeof head300);
}

/* Every kind at every level, with and without the checksum; a compressed
 * block where the input compresses. */
static void round_trips(void)
{
    int kind, level;
    size_t len, sizes[D_KINDS] = {0};
    PPQ_CHECK(setup());
    for (kind = 0; kind < D_KINDS; kind++) {
        make_input(src, N, kind);
        for (level = -7; level <= PPQ_ZSTD_LEVEL_MAX; level++) {
            round_trip(N, level, &len);
            PPQ_CHECK(len > 0u);
            if (level == 1) {
                sizes[kind] = len;
            }
            round_trip(N, level + PPQ_ZSTD_CHECKSUM, &len); /* added: negative levels too */
            PPQ_CHECK(len > 0u);
            PPQ_CHECK_EQ(cmp[4] & 0x04, 0x04);
        }
        round_trip(17, 1, &len); /* short inputs */
        PPQ_CHECK(len > 0u);
        round_trip(N - 1u, 2, &len);
        PPQ_CHECK(len > 0u);
    }
    /* text and runs shrink well (a compressed block: type 2); random bytes
     * grow by the headers only (a raw block) */
    PPQ_CHECK(sizes[D_TEXT] * 2u < N && sizes[D_RUNS] * 2u < N);
    PPQ_CHECK_EQ(sizes[D_RANDOM], N + 10u); /* magic, descriptor, 2-byte size, block header */
    make_input(src, N, D_TEXT);
    round_trip(N, 1, &len);
    PPQ_CHECK(len > 0u);
    PPQ_CHECK_EQ((cmp[7] >> 1) & 3u, 2u); /* after magic, descriptor, 2-byte size */
}

/* The output depends on the input and level only: not on what the work
 * buffer held, nor on a longer buffer. */
static void same_bytes(void)
{
    size_t a = 0, b = 0, wl, i;
    int level;
    PPQ_CHECK(setup());
    make_input(src, N, D_TEXT);
    for (level = 1; level <= PPQ_ZSTD_LEVEL_MAX; level++) {
        uint8_t *second = back; /* the second frame where the output goes */
        wl = ppq_zstd_enc_work_size(level, N);
        memset(work, 0x00, work_cap);
        PPQ_CHECK_OK(ppq_zstd_compress(src, N, cmp, CAP, &a, level, work, wl));
        for (i = 0; i < work_cap; i++) {
            work[i] = (uint8_t)ppq_test_rand();
        }
        PPQ_CHECK(a <= N);
        PPQ_CHECK_OK(ppq_zstd_compress(src, N, second, N, &b, level, work, work_cap));
        PPQ_CHECK_EQ(a, b);
        PPQ_CHECK_MEM(cmp, second, a);
    }
}

static void statuses(void)
{
    size_t len = 0, frame, wl = ppq_zstd_enc_work_size(1, N), room;
    PPQ_CHECK(setup());
    make_input(src, N, D_FLOATS);
    PPQ_CHECK_OK(ppq_zstd_compress(src, N, cmp, CAP, &frame, 1, work, wl));
    /* room: exactly the frame works; every shorter room is NOSPACE with
     * *dst_len 0 and no byte written past it */
    PPQ_CHECK_OK(ppq_zstd_compress(src, N, back, frame, &len, 1, work, wl));
    PPQ_CHECK_EQ(len, frame);
    for (room = 0; room < frame; room += 1u + room / 4u) {
        memset(back, 0xEE, frame);
        len = 1;
        PPQ_CHECK_EQ(ppq_zstd_compress(src, N, back, room, &len, 1, work, wl), PPQ_ERR_NOSPACE);
        PPQ_CHECK_EQ(len, 0u);
        PPQ_CHECK(room == frame || back[room] == 0xEE);
    }
    /* work: one byte short, NULL, not 8-aligned */
    PPQ_CHECK_EQ(ppq_zstd_compress(src, N, cmp, CAP, &len, 1, work, wl - 1u), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(ppq_zstd_compress(src, N, cmp, CAP, &len, 1, NULL, wl), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(ppq_zstd_compress(src, N, cmp, CAP, &len, 1, work + 4, wl), PPQ_ERR_ARENA);
    /* levels and pointers */
    PPQ_CHECK_EQ(ppq_zstd_enc_work_size(PPQ_ZSTD_LEVEL_MAX + 1, N), 0u);
    PPQ_CHECK(ppq_zstd_enc_work_size(-1, N) > 0u); /* libzstd's negative levels */
    PPQ_CHECK_EQ(ppq_zstd_enc_work_size(-131072, N), ppq_zstd_enc_work_size(-1, N));
    PPQ_CHECK_EQ(ppq_zstd_enc_work_size(0, N), ppq_zstd_enc_work_size(PPQ_ZSTD_LEVEL_DEFAULT, N));
    PPQ_CHECK_EQ(ppq_zstd_enc_work_size(PPQ_ZSTD_LEVEL_MAX + 1 + PPQ_ZSTD_CHECKSUM, N), 0u);
    PPQ_CHECK_EQ(ppq_zstd_compress(src, N, cmp, CAP, &len, PPQ_ZSTD_LEVEL_MAX + 1, work, work_cap), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_zstd_compress(src, N, cmp, CAP, &len, PPQ_ZSTD_CHECKSUM / 2 - 1, work, work_cap), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_zstd_compress(src, N, cmp, CAP, &len, 0x200, work, work_cap), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_zstd_compress(NULL, N, cmp, CAP, &len, 1, work, wl), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_zstd_compress(src, N, NULL, CAP, &len, 1, work, wl), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_zstd_compress(src, N, cmp, CAP, NULL, 1, work, wl), PPQ_ERR_ARG);
    /* the bound covers the worst case: incompressible bytes */
    make_input(src, N, D_RANDOM);
    PPQ_CHECK_OK(ppq_zstd_compress(src, N, cmp, ppq_zstd_compress_bound(N), &len, 3 | PPQ_ZSTD_CHECKSUM, work,
                                   ppq_zstd_enc_work_size(3, N)));
    PPQ_CHECK(len <= ppq_zstd_compress_bound(N));
}

/* Through ppq_codec.h, where the build has it (PPQ_COMPRESSORS). */
static void codec_interface(void)
{
    size_t a = 0, b = 0, got = 0, wl;
    PPQ_CHECK(setup());
    make_input(src, N, D_TEXT);
    if ((PPQ_COMPRESSORS & PPQ_CODEC_BIT(PPQ_CODEC_ZSTD)) == 0u) {
        PPQ_CHECK(!ppq_codec_can_compress(PPQ_CODEC_ZSTD));
        PPQ_CHECK_EQ(ppq_compress(PPQ_CODEC_ZSTD, 0, src, N, cmp, CAP, &a, work, work_cap), PPQ_ERR_UNSUPPORTED);
        return;
    }
    PPQ_CHECK(ppq_codec_can_compress(PPQ_CODEC_ZSTD));
    PPQ_CHECK_EQ(ppq_compress_bound(PPQ_CODEC_ZSTD, N), ppq_zstd_compress_bound(N));
    wl = ppq_compress_work_size(PPQ_CODEC_ZSTD, 2, N);
    PPQ_CHECK_EQ(wl, ppq_zstd_enc_work_size(2, N));
    PPQ_CHECK_EQ(ppq_compress_work_size(PPQ_CODEC_ZSTD, PPQ_ZSTD_LEVEL_MAX + 1, N), 0u);
    PPQ_CHECK_EQ(ppq_compress_work_size(PPQ_CODEC_ZSTD, 1 | PPQ_ZSTD_CHECKSUM, N), 0u);
    PPQ_CHECK_OK(ppq_compress(PPQ_CODEC_ZSTD, 2, src, N, cmp, CAP, &a, work, wl));
    PPQ_CHECK_OK(ppq_zstd_compress(src, N, back, CAP, &b, 2, work, wl));
    PPQ_CHECK_EQ(a, b);
    PPQ_CHECK_MEM(cmp, back, a);
    PPQ_CHECK_EQ(ppq_compress(PPQ_CODEC_ZSTD, PPQ_ZSTD_LEVEL_MAX + 1, src, N, cmp, CAP, &a, work, work_cap),
                 PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_compress(PPQ_CODEC_ZSTD, 1 | PPQ_ZSTD_CHECKSUM, src, N, cmp, CAP, &a, work, work_cap),
                 PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_compress(PPQ_CODEC_ZSTD, 2, src, N, cmp, CAP, &a, work, wl - 8u), PPQ_ERR_ARENA);
    PPQ_CHECK_OK(ppq_compress(PPQ_CODEC_ZSTD, 0, src, N, cmp, CAP, &a, work, ppq_compress_work_size(PPQ_CODEC_ZSTD, 0, N)));
    if (ppq_codec_can_decompress(PPQ_CODEC_ZSTD) && DEC_WORK == PPQ_ZSTD_DEC_WORK_SIZE) {
        PPQ_CHECK_OK(ppq_decompress(PPQ_CODEC_ZSTD, cmp, a, back, N, &got, work, DEC_WORK));
        PPQ_CHECK_EQ(got, N);
        PPQ_CHECK_MEM(back, src, N);
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(spec_frames), PPQ_TEST(round_trips), PPQ_TEST(same_bytes), PPQ_TEST(statuses), PPQ_TEST(codec_interface),
};

PPQ_SUITE(suite_zstd_enc, "zstd_enc", cases);
