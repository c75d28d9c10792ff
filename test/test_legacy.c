/* BIT_PACKED (deprecated) and GroupVarInt: the documents' examples as
 * golden bytes, round trips, truncation. */
#include <string.h>

#include "test_util.h"

#ifdef PPQ_TEST_SMALL
#define N 200u
#else
#define N 5000u
#endif

/* encodings.txt: 0..7 at width 3, MSB first: 00000101 00111001 01110111. */
static void bit_packed_spec_example(void)
{
    uint32_t v[8] = {0, 1, 2, 3, 4, 5, 6, 7}, back[8];
    uint8_t out[8];
    ppq_sink_t sink;
    tsink_t ts;
    ppq_bitpacked_enc_t enc;
    ppq_bitpacked_dec_t dec;
    size_t got, i;
    tsink_init(&sink, &ts, out, sizeof out, (size_t)-1);
    PPQ_CHECK_OK(ppq_bitpacked_enc_init(&enc, 3, &sink));
    for (i = 0; i < 8; i++) { /* one value per call */
        PPQ_CHECK_OK(ppq_bitpacked_enc_put(&enc, v + i, 1));
    }
    PPQ_CHECK_OK(ppq_bitpacked_enc_finish(&enc));
    PPQ_CHECK_EQ(ts.len, 3);
    PPQ_CHECK_MEM(out, "\x05\x39\x77", 3);
    PPQ_CHECK_OK(ppq_bitpacked_dec_init(&dec, 3, tail_copy("\x05\x39\x77", 3), 3, 8));
    PPQ_CHECK_OK(ppq_bitpacked_dec_get(&dec, back, 10, &got));
    PPQ_CHECK_EQ(got, 8);
    PPQ_CHECK_MEM(back, v, sizeof v);
    /* the spec's sizing example: 30 values at 2 bits are 8 bytes, padded */
    tsink_init(&sink, &ts, out, sizeof out, (size_t)-1);
    PPQ_CHECK_OK(ppq_bitpacked_enc_init(&enc, 2, &sink));
    for (i = 0; i < 30; i++) {
        uint32_t x = 3;
        PPQ_CHECK_OK(ppq_bitpacked_enc_put(&enc, &x, 1));
    }
    PPQ_CHECK_OK(ppq_bitpacked_enc_finish(&enc));
    PPQ_CHECK_EQ(ts.len, 8);
    PPQ_CHECK_EQ(out[7], 0xF0);
}

static void bit_packed_round_trips(void)
{
    uint32_t *v, *back;
    uint8_t *buf;
    unsigned w;
    test_setup();
    v = (uint32_t *)test_alloc(N * 4u);
    back = (uint32_t *)test_alloc(N * 4u);
    buf = (uint8_t *)test_alloc(N * 4u + 8u);
    PPQ_CHECK(buf != NULL);
    for (w = 0; w <= 32; w++) {
        size_t n = ppq_test_below(N + 1u), i, pos = 0, got;
        ppq_sink_t sink;
        tsink_t ts;
        ppq_bitpacked_enc_t enc;
        ppq_bitpacked_dec_t dec;
        for (i = 0; i < n; i++) {
            v[i] = w == 0 ? 0 : (uint32_t)ppq_test_rand() >> (32 - w);
        }
        tsink_init(&sink, &ts, buf, N * 4u + 8u, (size_t)-1);
        PPQ_CHECK_OK(ppq_bitpacked_enc_init(&enc, w, &sink));
        while (pos < n) {
            size_t k = 1 + ppq_test_below(300);
            k = k < n - pos ? k : n - pos;
            PPQ_CHECK_OK(ppq_bitpacked_enc_put(&enc, v + pos, k));
            pos += k;
        }
        PPQ_CHECK_OK(ppq_bitpacked_enc_finish(&enc));
        PPQ_CHECK_EQ(ts.len, (n * w + 7) / 8);
        PPQ_CHECK_OK(ppq_bitpacked_dec_init(&dec, w, tail_copy(buf, ts.len), ts.len, n));
        PPQ_CHECK_OK(ppq_bitpacked_dec_get(&dec, back, n, &got));
        PPQ_CHECK_EQ(got, n);
        PPQ_CHECK_MEM(back, v, n * 4u);
        if (ts.len > 0) {
            PPQ_CHECK_EQ(ppq_bitpacked_dec_init(&dec, w, tail_copy(buf, ts.len - 1), ts.len - 1, n), PPQ_ERR_CORRUPT);
        }
    }
    {
        ppq_sink_t sink;
        tsink_t ts;
        ppq_bitpacked_enc_t enc;
        uint32_t big = 8;
        tsink_init(&sink, &ts, buf, 16, (size_t)-1);
        PPQ_CHECK_EQ(ppq_bitpacked_enc_init(&enc, 33, &sink), PPQ_ERR_ARG);
        PPQ_CHECK_OK(ppq_bitpacked_enc_init(&enc, 3, &sink));
        PPQ_CHECK_EQ(ppq_bitpacked_enc_put(&enc, &big, 1), PPQ_ERR_ARG);
        PPQ_CHECK_OK(ppq_bitpacked_enc_finish(&enc));
        PPQ_CHECK_EQ(ppq_bitpacked_enc_finish(&enc), PPQ_ERR_STATE);
    }
}

static size_t gvi_encode(ppq_type_t type, const void *v, size_t n, size_t chunk, uint8_t *buf, size_t cap)
{
    ppq_sink_t sink;
    tsink_t ts;
    ppq_gvi_enc_t enc;
    size_t pos = 0, vsize = type == PPQ_INT64 ? 8u : 4u;
    tsink_init(&sink, &ts, buf, cap, (size_t)-1);
    if (ppq_gvi_enc_init(&enc, type, &sink) != PPQ_OK) {
        return (size_t)-1;
    }
    while (pos < n) {
        size_t k = chunk == 0 ? n - pos : 1 + ppq_test_below(chunk);
        k = k < n - pos ? k : n - pos;
        if (ppq_gvi_enc_put(&enc, (const uint8_t *)v + pos * vsize, k) != PPQ_OK) {
            return (size_t)-1;
        }
        pos += k;
    }
    return ppq_gvi_enc_finish(&enc) == PPQ_OK ? ts.len : (size_t)-1;
}

/* The document's example length byte 0b00101101: lengths 1, 3, 4, 2, the
 * values little-endian after it; 11 bytes in all. */
static void gvi_document_example(void)
{
    static const uint8_t golden[] = {0x2D, 0x12, 0x78, 0x56, 0x34, 0xF0, 0xDE, 0xBC, 0x9A, 0x34, 0x12};
    int32_t v[4] = {0x12, 0x345678, (int32_t)0x9ABCDEF0u, 0x1234}, back[4];
    uint8_t out[16];
    ppq_gvi_dec_t dec;
    size_t got;
    PPQ_CHECK_EQ(gvi_encode(PPQ_INT32, v, 4, 0, out, sizeof out), 11);
    PPQ_CHECK_MEM(out, golden, 11);
    PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, PPQ_INT32, tail_copy(golden, 11), 11, 4));
    PPQ_CHECK_OK(ppq_gvi_dec_get(&dec, back, 8, &got));
    PPQ_CHECK_EQ(got, 4);
    PPQ_CHECK_MEM(back, v, sizeof v);
}

/* (1,2,3,4,5) encodes as if it were (1,2,3,4,5,0,0,0): two groups. */
static void gvi_incomplete_group(void)
{
    int32_t v[5] = {1, 2, 3, 4, 5};
    uint8_t out[16];
    PPQ_CHECK_EQ(gvi_encode(PPQ_INT32, v, 5, 1, out, sizeof out), 10);
    PPQ_CHECK_MEM(out, "\x00\x01\x02\x03\x04" "\x00\x05\x00\x00\x00", 10);
}

/* INT64, as chosen in ppq_groupvarint.h: lengths 1..5 -> length-1 fields
 * 0,1,2,3,4 in bits 14-12 .. 2-0 = 0b000 001 010 011 100 = 0x029C, stored
 * most significant byte first. */
static void gvi_int64_layout(void)
{
    int64_t v[5] = {1, 0x100, 0x10000, 0x1000000, 0x100000000ll}, back[5];
    static const uint8_t golden[] = {0x02, 0x9C, 0x01, 0x00, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00,
                                     0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x01};
    uint8_t out[32];
    ppq_gvi_dec_t dec;
    size_t got;
    PPQ_CHECK_EQ(gvi_encode(PPQ_INT64, v, 5, 0, out, sizeof out), sizeof golden);
    PPQ_CHECK_MEM(out, golden, sizeof golden);
    PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, PPQ_INT64, tail_copy(golden, sizeof golden), sizeof golden, 5));
    PPQ_CHECK_OK(ppq_gvi_dec_get(&dec, back, 5, &got));
    PPQ_CHECK_MEM(back, v, sizeof v);
    /* a length word with its unused top bit set is corrupt */
    PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, PPQ_INT64, tail_copy("\x80\x00\x01\x01\x01\x01\x01", 7), 7, 5));
    PPQ_CHECK_EQ(ppq_gvi_dec_get(&dec, back, 5, &got), PPQ_ERR_CORRUPT);
}

static void gvi_round_trips(void)
{
    int64_t *v, *back;
    uint8_t *buf;
    int t;
    test_setup();
    v = (int64_t *)test_alloc(N * 8u);
    back = (int64_t *)test_alloc(N * 8u);
    buf = (uint8_t *)test_alloc(N * 9u + 16u);
    PPQ_CHECK(buf != NULL);
    for (t = 0; t < 2; t++) {
        ppq_type_t type = t ? PPQ_INT64 : PPQ_INT32;
        size_t vsize = t ? 8u : 4u, n = N - ppq_test_below(7), i, len, cut, pos = 0, got;
        ppq_gvi_dec_t dec;
        for (i = 0; i < n; i++) {
            int64_t x = (int64_t)(ppq_test_rand() >> ppq_test_below(64)); /* every length */
            if (i % 7 == 0) {
                x = -x;
            }
            if (t) {
                v[i] = x;
            } else {
                ((int32_t *)(void *)v)[i] = (int32_t)x;
            }
        }
        len = gvi_encode(type, v, n, 0, buf, N * 9u + 16u);
        PPQ_CHECK(len != (size_t)-1);
        PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, type, tail_copy(buf, len), len, n));
        while (pos < n) {
            PPQ_CHECK_OK(ppq_gvi_dec_get(&dec, (uint8_t *)back + pos * vsize, 1 + ppq_test_below(60), &got));
            pos += got;
        }
        PPQ_CHECK_MEM(back, v, n * vsize);
        for (cut = len > 40 ? len - 40 : 0; cut < len; cut++) {
            PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, type, tail_copy(buf, cut), cut, n));
            PPQ_CHECK_EQ(ppq_gvi_dec_get(&dec, back, n, &got), PPQ_ERR_CORRUPT);
            PPQ_CHECK(got < n);
        }
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(bit_packed_spec_example),
    PPQ_TEST(bit_packed_round_trips),
    PPQ_TEST(gvi_document_example),
    PPQ_TEST(gvi_incomplete_group),
    PPQ_TEST(gvi_int64_layout),
    PPQ_TEST(gvi_round_trips),
};
PPQ_SUITE(suite_legacy, "legacy", cases);
