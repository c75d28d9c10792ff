/* BYTE_STREAM_SPLIT: the spec's three-float example, every type, chunking,
 * length checks. */
#include <string.h>

#include "test_util.h"

#ifdef PPQ_TEST_SMALL
#define N 200u
#else
#define N 3000u
#endif

static size_t encode(ppq_type_t type, uint32_t type_len, const void *values, size_t n, size_t chunk, uint8_t *buf,
                     size_t cap)
{
    ppq_arena_t arena;
    ppq_bss_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    size_t width = type == PPQ_FIXED_LEN_BYTE_ARRAY ? type_len : ppq_value_size(type), pos = 0;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, buf, cap, (size_t)-1);
    if (ppq_bss_enc_init(&enc, type, type_len, (uint32_t)n, &sink, &arena) != PPQ_OK) {
        return (size_t)-1;
    }
    while (pos < n) {
        size_t k = chunk == 0 ? n - pos : 1 + ppq_test_below(chunk);
        k = k < n - pos ? k : n - pos;
        if (ppq_bss_enc_put(&enc, (const uint8_t *)values + pos * width, k) != PPQ_OK) {
            return (size_t)-1;
        }
        pos += k;
    }
    return ppq_bss_enc_finish(&enc) == PPQ_OK ? ts.len : (size_t)-1;
}

/* encodings.txt: elements AA BB CC DD, 00 11 22 33, A3 B4 C5 D6 (bytes as
 * stored) become AA 00 A3 BB 11 B4 CC 22 C5 DD 33 D6. */
static void spec_example(void)
{
    static const uint8_t golden[] = {0xAA, 0x00, 0xA3, 0xBB, 0x11, 0xB4, 0xCC, 0x22, 0xC5, 0xDD, 0x33, 0xD6};
    uint32_t bits[3] = {0xDDCCBBAAu, 0x33221100u, 0xD6C5B4A3u}; /* little-endian reading of those bytes */
    float f[3], back[3];
    uint8_t out[16];
    ppq_bss_dec_t dec;
    size_t got;
    memcpy(f, bits, sizeof f);
    PPQ_CHECK_EQ(encode(PPQ_FLOAT, 0, f, 3, 0, out, sizeof out), 12);
    PPQ_CHECK_MEM(out, golden, 12);
    PPQ_CHECK_OK(ppq_bss_dec_init(&dec, PPQ_FLOAT, 0, tail_copy(golden, 12), 12, 3));
    PPQ_CHECK_OK(ppq_bss_dec_get(&dec, back, 5, &got));
    PPQ_CHECK_EQ(got, 3);
    PPQ_CHECK_MEM(back, f, sizeof f);
}

/* Every type (FLBA as raw bytes) round-trips, whatever the put and get
 * sizes; the streams are stream k = byte k of each value. */
static void round_trips(void)
{
    static const ppq_type_t types[] = {PPQ_FLOAT, PPQ_DOUBLE, PPQ_INT32, PPQ_INT64, PPQ_FIXED_LEN_BYTE_ARRAY};
    uint8_t *vals, *back, *enc_a, *enc_b;
    size_t t;
    test_setup();
    vals = (uint8_t *)test_alloc(N * 8u);
    back = (uint8_t *)test_alloc(N * 8u);
    enc_a = (uint8_t *)test_alloc(N * 8u);
    enc_b = (uint8_t *)test_alloc(N * 8u);
    PPQ_CHECK(enc_b != NULL);
    for (t = 0; t < ARRAY_LEN(types); t++) {
        uint32_t type_len = types[t] == PPQ_FIXED_LEN_BYTE_ARRAY ? 3u : 0u;
        size_t width = type_len ? type_len : ppq_value_size(types[t]), i, len, pos = 0, got;
        ppq_bss_dec_t dec;
        for (i = 0; i < N * width; i++) {
            vals[i] = (uint8_t)ppq_test_rand();
        }
        len = encode(types[t], type_len, vals, N, 0, enc_a, N * 8u);
        PPQ_CHECK_EQ(len, N * width);
        PPQ_CHECK_EQ(encode(types[t], type_len, vals, N, 50, enc_b, N * 8u), len);
        PPQ_CHECK_MEM(enc_b, enc_a, len);
        for (i = 0; i < width; i++) { /* stream i holds byte i (little-endian) of value 7 */
            uint8_t byte = vals[7 * width + i];
            if (width == 4u || width == 8u) {
                uint64_t bits = 0;
                uint32_t b32;
                if (width == 4u) {
                    memcpy(&b32, vals + 7 * width, 4);
                    bits = b32;
                } else {
                    memcpy(&bits, vals + 7 * width, 8);
                }
                byte = (uint8_t)(bits >> (8u * i));
            }
            PPQ_CHECK_EQ(enc_a[i * N + 7], byte);
        }
        PPQ_CHECK_OK(ppq_bss_dec_init(&dec, types[t], type_len, tail_copy(enc_a, len), len, PPQ_COUNT_ALL));
        while (pos < N) {
            PPQ_CHECK_OK(ppq_bss_dec_get(&dec, back + pos * width, 1 + ppq_test_below(70), &got));
            pos += got;
        }
        PPQ_CHECK_MEM(back, vals, N * width);
    }
}

static void errors(void)
{
    ppq_bss_dec_t dec;
    ppq_bss_enc_t enc;
    ppq_arena_t arena;
    ppq_sink_t sink;
    tsink_t ts;
    uint8_t out[64];
    float f[4] = {1, 2, 3, 4};
    static uint64_t small[1];
    PPQ_CHECK_EQ(ppq_bss_dec_init(&dec, PPQ_FLOAT, 0, tail_copy("abcdefg", 7), 7, PPQ_COUNT_ALL), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_bss_dec_init(&dec, PPQ_DOUBLE, 0, tail_copy("abcdefgh", 8), 8, 2), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_bss_dec_init(&dec, PPQ_BYTE_ARRAY, 0, "", 0, 0), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bss_dec_init(&dec, PPQ_FIXED_LEN_BYTE_ARRAY, 0, "", 0, 0), PPQ_ERR_ARG);
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, out, sizeof out, 5);
    PPQ_CHECK_OK(ppq_bss_enc_init(&enc, PPQ_FLOAT, 0, 3, &sink, &arena));
    PPQ_CHECK_EQ(ppq_bss_enc_put(&enc, f, 4), PPQ_ERR_NOSPACE); /* max 3 values */
    PPQ_CHECK_OK(ppq_bss_enc_put(&enc, f, 3));
    PPQ_CHECK_EQ(ppq_bss_enc_finish(&enc), PPQ_ERR_IO); /* sink takes 5 bytes of 12 */
    PPQ_CHECK_EQ(ppq_bss_enc_finish(&enc), PPQ_ERR_IO);
    ppq_arena_init(&arena, small, sizeof small);
    PPQ_CHECK_EQ(ppq_bss_enc_init(&enc, PPQ_DOUBLE, 0, 3, &sink, &arena), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(ppq_bss_enc_init(&enc, PPQ_BOOLEAN, 0, 3, &sink, &arena), PPQ_ERR_ARG);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(spec_example),
    PPQ_TEST(round_trips),
    PPQ_TEST(errors),
};
PPQ_SUITE(suite_bss, "bss", cases);
