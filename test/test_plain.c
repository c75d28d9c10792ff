/* PLAIN: the spec's layouts byte for byte, round trips for every type,
 * chunking and sink-failure behaviour, hostile input. */
#include <string.h>

#include "test_util.h"

#ifdef PPQ_TEST_SMALL
#define N_VALUES 64u     /* values per round trip (1000 on larger targets) */
#define POOL 512u
#define LONG_LEN 100u    /* every 50th byte array is up to this long */
#else
#define N_VALUES 1000u
#define POOL 4096u
#define LONG_LEN 300u
#endif
#define VALUE_ROOM 16u /* bytes per value, enough for every type */

static uint8_t *out_a, *out_b, *pool;
static uint64_t *vals, *back;

static int setup(void)
{
    test_setup();
    out_a = (uint8_t *)test_alloc(PPQ_TEST_BUF);
    out_b = (uint8_t *)test_alloc(PPQ_TEST_BUF);
    pool = (uint8_t *)test_alloc(POOL);
    vals = (uint64_t *)test_alloc(N_VALUES * VALUE_ROOM);
    back = (uint64_t *)test_alloc(N_VALUES * VALUE_ROOM);
    return back != NULL;
}

/* Encode n values in one put; returns the byte count or (size_t)-1. */
static size_t encode_all(ppq_type_t type, uint32_t type_len, const void *values, size_t n, uint8_t *out)
{
    ppq_sink_t sink;
    tsink_t ts;
    ppq_plain_enc_t enc;
    tsink_init(&sink, &ts, out, PPQ_TEST_BUF, (size_t)-1);
    if (ppq_plain_enc_init(&enc, type, type_len, &sink) != PPQ_OK || ppq_plain_enc_put(&enc, values, n) != PPQ_OK ||
        ppq_plain_enc_finish(&enc) != PPQ_OK) {
        return (size_t)-1;
    }
    return ts.len;
}

static void int32_layout(void)
{
    PPQ_CHECK(setup());
    int32_t v[] = {1, -2, 0x12345678, INT32_MIN};
    PPQ_CHECK_EQ(encode_all(PPQ_INT32, 0, v, 4, out_a), 16);
    PPQ_CHECK_MEM(out_a, "\x01\x00\x00\x00\xFE\xFF\xFF\xFF\x78\x56\x34\x12\x00\x00\x00\x80", 16);
}

static void int64_layout(void)
{
    PPQ_CHECK(setup());
    int64_t v[] = {1, -2};
    PPQ_CHECK_EQ(encode_all(PPQ_INT64, 0, v, 2, out_a), 16);
    PPQ_CHECK_MEM(out_a, "\x01\x00\x00\x00\x00\x00\x00\x00\xFE\xFF\xFF\xFF\xFF\xFF\xFF\xFF", 16);
}

/* IEEE 754: 1.0f = 0x3F800000, -2.5f = 0xC0200000, 1.0 = 0x3FF0000000000000. */
static void float_double_layout(void)
{
    PPQ_CHECK(setup());
    float f[] = {1.0f, -2.5f};
    double d[] = {1.0, -0.0};
    PPQ_CHECK_EQ(encode_all(PPQ_FLOAT, 0, f, 2, out_a), 8);
    PPQ_CHECK_MEM(out_a, "\x00\x00\x80\x3F\x00\x00\x20\xC0", 8);
    PPQ_CHECK_EQ(encode_all(PPQ_DOUBLE, 0, d, 2, out_a), 16);
    PPQ_CHECK_MEM(out_a, "\x00\x00\x00\x00\x00\x00\xF0\x3F\x00\x00\x00\x00\x00\x00\x00\x80", 16);
}

static void int96_layout(void)
{
    PPQ_CHECK(setup());
    ppq_int96_t v;
    size_t i;
    for (i = 0; i < 12; i++) {
        v.bytes[i] = (uint8_t)(i + 1);
    }
    PPQ_CHECK_EQ(encode_all(PPQ_INT96, 0, &v, 1, out_a), 12);
    PPQ_CHECK_MEM(out_a, "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A\x0B\x0C", 12);
}

/* BOOLEAN: bit-packed, LSB first; 10 values take 2 bytes. */
static void boolean_layout(void)
{
    PPQ_CHECK(setup());
    uint8_t v[] = {1, 0, 1, 1, 0, 0, 0, 0, /* */ 0, 1};
    PPQ_CHECK_EQ(encode_all(PPQ_BOOLEAN, 0, v, 10, out_a), 2);
    PPQ_CHECK_MEM(out_a, "\x0D\x02", 2);
    PPQ_CHECK_EQ(encode_all(PPQ_BOOLEAN, 0, v, 0, out_a), 0);
}

/* BYTE_ARRAY: 4-byte little-endian length then the bytes; FLBA bytes only. */
static void byte_array_layout(void)
{
    PPQ_CHECK(setup());
    ppq_bytes_t v[3];
    v[0].ptr = (const uint8_t *)"ab";
    v[0].len = 2;
    v[1].ptr = NULL;
    v[1].len = 0;
    v[2].ptr = (const uint8_t *)"xyz";
    v[2].len = 3;
    PPQ_CHECK_EQ(encode_all(PPQ_BYTE_ARRAY, 0, v, 3, out_a), 17);
    PPQ_CHECK_MEM(out_a, "\x02\x00\x00\x00" "ab" "\x00\x00\x00\x00" "\x03\x00\x00\x00" "xyz", 17);
    v[1].ptr = (const uint8_t *)"cd";
    v[1].len = 2;
    PPQ_CHECK_EQ(encode_all(PPQ_FIXED_LEN_BYTE_ARRAY, 2, v, 2, out_a), 4);
    PPQ_CHECK_MEM(out_a, "abcd", 4);
}

/* Random values of `type` into buf (n values); byte arrays point into
 * a pool of random bytes. */
static void random_values(ppq_type_t type, uint32_t type_len, void *buf, size_t n)
{
    size_t i, k;
    for (i = 0; i < POOL; i++) {
        pool[i] = (uint8_t)ppq_test_rand();
    }
    for (i = 0; i < n; i++) {
        switch (type) {
        case PPQ_BOOLEAN: ((uint8_t *)buf)[i] = (uint8_t)(ppq_test_rand() & 1u); break;
        case PPQ_INT32: ((int32_t *)buf)[i] = (int32_t)ppq_test_rand(); break;
        case PPQ_INT64: ((int64_t *)buf)[i] = (int64_t)ppq_test_rand(); break;
        case PPQ_FLOAT: {
            uint32_t u = (uint32_t)ppq_test_rand();
            memcpy((float *)buf + i, &u, 4); /* any bit pattern, NaNs included */
            break;
        }
        case PPQ_DOUBLE: {
            uint64_t u = ppq_test_rand();
            memcpy((double *)buf + i, &u, 8);
            break;
        }
        case PPQ_INT96:
            for (k = 0; k < 12; k++) {
                ((ppq_int96_t *)buf)[i].bytes[k] = (uint8_t)ppq_test_rand();
            }
            break;
        case PPQ_BYTE_ARRAY:
        case PPQ_FIXED_LEN_BYTE_ARRAY: {
            ppq_bytes_t *b = (ppq_bytes_t *)buf + i;
            b->len = type == PPQ_BYTE_ARRAY ? (uint32_t)ppq_test_below(i % 50 == 0 ? LONG_LEN : 12) : type_len;
            b->ptr = pool + ppq_test_below(POOL - b->len + 1);
            break;
        }
        }
    }
}

static int values_equal(ppq_type_t type, const void *a, const void *b, size_t n)
{
    size_t i;
    if (type != PPQ_BYTE_ARRAY && type != PPQ_FIXED_LEN_BYTE_ARRAY) {
        return memcmp(a, b, n * ppq_value_size(type)) == 0;
    }
    for (i = 0; i < n; i++) {
        const ppq_bytes_t *x = (const ppq_bytes_t *)a + i, *y = (const ppq_bytes_t *)b + i;
        if (x->len != y->len || (x->len > 0 && memcmp(x->ptr, y->ptr, x->len) != 0)) {
            return 0;
        }
    }
    return 1;
}

static const ppq_type_t all_types[] = {PPQ_BOOLEAN, PPQ_INT32, PPQ_INT64, PPQ_INT96,
                                       PPQ_FLOAT,   PPQ_DOUBLE, PPQ_BYTE_ARRAY, PPQ_FIXED_LEN_BYTE_ARRAY};

/* Round trip for every type; encoding split into random chunks (and one
 * value per call) gives the same bytes; decoding with random get sizes
 * gives the same values. */
static void round_trip_all_types_any_chunking(void)
{
    PPQ_CHECK(setup());
    size_t t;
    for (t = 0; t < ARRAY_LEN(all_types); t++) {
        ppq_type_t type = all_types[t];
        uint32_t type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? 5u : 0u;
        size_t n = N_VALUES, len_a, pos;
        size_t vsize = ppq_value_size(type);
        ppq_sink_t sink, down;
        tsink_t ts;
        ppq_blocksink_t blk;
        uint8_t one[1];
        ppq_plain_enc_t enc;
        ppq_plain_dec_t dec;
        random_values(type, type_len, vals, n);
        len_a = encode_all(type, type_len, vals, n, out_a);
        PPQ_CHECK(len_a != (size_t)-1);
        /* random chunks, through a block sink delivering one byte per call */
        tsink_init(&down, &ts, out_b, PPQ_TEST_BUF, (size_t)-1);
        PPQ_CHECK_OK(ppq_sink_init_block(&sink, &blk, &down, one, 1));
        PPQ_CHECK_OK(ppq_plain_enc_init(&enc, type, type_len, &sink));
        for (pos = 0; pos < n;) {
            size_t k = t % 2 == 0 ? 1 : 1 + ppq_test_below(40);
            if (k > n - pos) {
                k = n - pos;
            }
            PPQ_CHECK_OK(ppq_plain_enc_put(&enc, (uint8_t *)vals + pos * vsize, k));
            PPQ_CHECK_OK(ppq_plain_enc_put(&enc, vals, 0));
            pos += k;
        }
        PPQ_CHECK_OK(ppq_plain_enc_finish(&enc));
        PPQ_CHECK_EQ(ppq_plain_enc_finish(&enc), PPQ_ERR_STATE);
        PPQ_CHECK_EQ(ppq_plain_enc_put(&enc, vals, 1), PPQ_ERR_STATE);
        PPQ_CHECK_OK(ppq_blocksink_flush(&blk));
        PPQ_CHECK_EQ(ts.len, len_a);
        PPQ_CHECK_EQ(ts.max_write, 1);
        PPQ_CHECK_MEM(out_b, out_a, len_a);
        /* decode with random get sizes */
        PPQ_CHECK_OK(ppq_plain_dec_init(&dec, type, type_len, tail_copy(out_a, len_a), len_a, n));
        for (pos = 0; pos < n;) {
            size_t got, k = 1 + ppq_test_below(77);
            PPQ_CHECK_OK(ppq_plain_dec_get(&dec, (uint8_t *)back + pos * vsize, k, &got));
            PPQ_CHECK_EQ(got, k < n - pos ? k : n - pos);
            pos += got;
        }
        {
            size_t got = 1;
            PPQ_CHECK_OK(ppq_plain_dec_get(&dec, back, 10, &got));
            PPQ_CHECK_EQ(got, 0);
        }
        PPQ_CHECK(values_equal(type, vals, back, n));
        PPQ_CHECK_EQ(ppq_plain_dec_consumed(&dec, tail_copy(out_a, len_a)), len_a);
    }
}

/* A sink failing at every byte position k: the I/O status comes back and
 * stays; nothing is written past k. */
static void sink_failure_every_position(void)
{
    PPQ_CHECK(setup());
    size_t t;
    for (t = 0; t < ARRAY_LEN(all_types); t++) {
        ppq_type_t type = all_types[t];
        uint32_t type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? 3u : 0u;
        size_t n = 20, full, k;
        random_values(type, type_len, vals, n);
        full = encode_all(type, type_len, vals, n, out_a);
        for (k = 0; k < full; k++) {
            ppq_sink_t sink;
            tsink_t ts;
            ppq_plain_enc_t enc;
            ppq_status_t st;
            size_t i;
            tsink_init(&sink, &ts, out_b, PPQ_TEST_BUF, k);
            PPQ_CHECK_OK(ppq_plain_enc_init(&enc, type, type_len, &sink));
            st = PPQ_OK;
            for (i = 0; i < n && st == PPQ_OK; i++) {
                st = ppq_plain_enc_put(&enc, (uint8_t *)vals + i * ppq_value_size(type), 1);
            }
            if (st == PPQ_OK) {
                st = ppq_plain_enc_finish(&enc);
            }
            PPQ_CHECK_EQ(st, PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_plain_enc_put(&enc, vals, 1), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_plain_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK(ts.len <= k);
            PPQ_CHECK_MEM(out_b, out_a, ts.len);
        }
    }
}

static void bad_arguments(void)
{
    PPQ_CHECK(setup());
    ppq_sink_t sink;
    ppq_plain_enc_t enc;
    ppq_plain_dec_t dec;
    ppq_bytes_t v[2];
    tsink_t ts;
    tsink_init(&sink, &ts, out_a, PPQ_TEST_BUF, (size_t)-1);
    PPQ_CHECK_EQ(ppq_plain_enc_init(&enc, (ppq_type_t)8, 0, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 0, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_enc_init(&enc, PPQ_INT32, 0, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_dec_init(&dec, PPQ_BOOLEAN, 0, "x", 1, PPQ_COUNT_ALL), PPQ_ERR_ARG);
    /* a wrong-length FLBA value: the values before it are kept */
    PPQ_CHECK_OK(ppq_plain_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 2, &sink));
    v[0].ptr = (const uint8_t *)"ok";
    v[0].len = 2;
    v[1].ptr = (const uint8_t *)"bad";
    v[1].len = 3;
    PPQ_CHECK_EQ(ppq_plain_enc_put(&enc, v, 2), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ts.len, 2);
    PPQ_CHECK_MEM(out_a, "ok", 2);
    PPQ_CHECK_OK(ppq_plain_enc_put(&enc, v, 1)); /* still usable */
    PPQ_CHECK_EQ(ppq_plain_enc_put(&enc, NULL, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_plain_enc_finish(&enc));
    PPQ_CHECK_EQ(ts.len, 4);
}

/* Truncated input of every type: a corrupt-input status, never a read
 * outside the bytes given (tail_copy puts them at the end of a global). */
static void truncated_input_is_corrupt(void)
{
    PPQ_CHECK(setup());
    size_t t;
    for (t = 0; t < ARRAY_LEN(all_types); t++) {
        ppq_type_t type = all_types[t];
        uint32_t type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? 7u : 0u;
        size_t n = 50, full, cut;
        random_values(type, type_len, vals, n);
        full = encode_all(type, type_len, vals, n, out_a);
        for (cut = 0; cut < full; cut++) {
            ppq_plain_dec_t dec;
            size_t got = 0;
            PPQ_CHECK_OK(ppq_plain_dec_init(&dec, type, type_len, tail_copy(out_a, cut), cut, n));
            PPQ_CHECK_EQ(ppq_plain_dec_get(&dec, back, n, &got), PPQ_ERR_CORRUPT);
            PPQ_CHECK(got < n);
            PPQ_CHECK(values_equal(type, vals, back, got));
        }
    }
}

static void count_all_mode(void)
{
    PPQ_CHECK(setup());
    ppq_plain_dec_t dec;
    int32_t out[4];
    ppq_bytes_t b[4];
    size_t got;
    PPQ_CHECK_OK(ppq_plain_dec_init(&dec, PPQ_INT32, 0, tail_copy("\x01\x00\x00\x00\x02\x00\x00\x00", 8), 8,
                                    PPQ_COUNT_ALL));
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, out, 4, &got));
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK_EQ(out[1], 2);
    PPQ_CHECK_OK(ppq_plain_dec_init(&dec, PPQ_INT32, 0, tail_copy("\x01\x00\x00\x00\x02", 5), 5, PPQ_COUNT_ALL));
    PPQ_CHECK_EQ(ppq_plain_dec_get(&dec, out, 4, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK_OK(ppq_plain_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy("\x01\x00\x00\x00Z", 5), 5, PPQ_COUNT_ALL));
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, b, 4, &got));
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK(b[0].len == 1 && b[0].ptr[0] == 'Z');
    /* a length far past the end */
    PPQ_CHECK_OK(ppq_plain_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy("\xFF\xFF\xFF\x7FZ", 5), 5, PPQ_COUNT_ALL));
    PPQ_CHECK_EQ(ppq_plain_dec_get(&dec, b, 4, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 0);
}

static void random_bytes_never_crash(void)
{
    PPQ_CHECK(setup());
    int i;
    for (i = 0; i < 3000; i++) {
        uint8_t junk[64];
        size_t len = ppq_test_below(sizeof junk + 1), k, got;
        ppq_type_t type = all_types[ppq_test_below(ARRAY_LEN(all_types))];
        ppq_plain_dec_t dec;
        for (k = 0; k < len; k++) {
            junk[k] = (uint8_t)ppq_test_rand();
        }
        size_t count = ppq_test_below(100), total = 0;
        ppq_status_t st;
        PPQ_CHECK_OK(ppq_plain_dec_init(&dec, type, 3, tail_copy(junk, len), len, count));
        do {
            st = ppq_plain_dec_get(&dec, back, 1 + ppq_test_below(20), &got);
            total += got;
        } while (st == PPQ_OK && got > 0);
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT);
        PPQ_CHECK(total <= count);
        PPQ_CHECK(st == PPQ_ERR_CORRUPT || total == count);
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(int32_layout),
    PPQ_TEST(int64_layout),
    PPQ_TEST(float_double_layout),
    PPQ_TEST(int96_layout),
    PPQ_TEST(boolean_layout),
    PPQ_TEST(byte_array_layout),
    PPQ_TEST(round_trip_all_types_any_chunking),
    PPQ_TEST(sink_failure_every_position),
    PPQ_TEST(bad_arguments),
    PPQ_TEST(truncated_input_is_corrupt),
    PPQ_TEST(count_all_mode),
    PPQ_TEST(random_bytes_never_crash),
};
PPQ_SUITE(suite_plain, "plain", cases);
