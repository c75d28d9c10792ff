/* DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY: the spec's examples with
 * their length/prefix streams worked out by hand, round trips over empty,
 * long, sorted and random strings, limits, hostile input. */
#include <string.h>

#include "test_util.h"

#ifdef PPQ_TEST_SMALL
#define N 60u
#define POOL 256u
#define OUT_CAP 1536u
#else
#define N 3000u
#define POOL 4096u
#define OUT_CAP (256u * 1024u)
#endif

static ppq_bytes_t *vals, *back;
static uint8_t *pool, *out, *copy;

static int setup(void)
{
    test_setup();
    vals = (ppq_bytes_t *)test_alloc(N * sizeof(ppq_bytes_t));
    back = (ppq_bytes_t *)test_alloc(N * sizeof(ppq_bytes_t));
    pool = (uint8_t *)test_alloc(POOL);
    out = (uint8_t *)test_alloc(OUT_CAP);
    copy = (uint8_t *)test_alloc(OUT_CAP);
    return copy != NULL;
}

static void strings(ppq_bytes_t *v, const char *const *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        v[i].ptr = (const uint8_t *)s[i];
        v[i].len = (uint32_t)strlen(s[i]);
    }
}

static size_t dlba_encode(const ppq_bytes_t *v, size_t n, uint8_t *buf)
{
    ppq_dlba_cfg_t cfg;
    ppq_arena_t arena;
    ppq_dlba_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    size_t i, acc, bytes = 0;
    for (i = 0; i < n; i++) {
        bytes += v[i].len;
    }
    cfg.max_values = (uint32_t)(n > 0 ? n : 1);
    cfg.max_bytes = (uint32_t)(bytes > 0 ? bytes : 1); /* zero limits are refused */
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, buf, OUT_CAP, (size_t)-1);
    if (ppq_dlba_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK) {
        return (size_t)-1;
    }
    for (i = 0; i < n; i++) { /* one at a time */
        if (ppq_dlba_enc_put(&enc, v + i, 1, &acc) != PPQ_OK || acc != 1) {
            return (size_t)-1;
        }
    }
    return ppq_dlba_enc_finish(&enc) == PPQ_OK ? ts.len : (size_t)-1;
}

static size_t dba_encode(ppq_type_t type, uint32_t type_len, const ppq_bytes_t *v, size_t n, uint8_t *buf)
{
    ppq_dba_cfg_t cfg;
    ppq_arena_t arena;
    ppq_dba_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    size_t i, acc, bytes = 0, longest = 1, pos = 0;
    for (i = 0; i < n; i++) {
        bytes += v[i].len;
        longest = v[i].len > longest ? v[i].len : longest;
    }
    cfg.max_values = (uint32_t)(n > 0 ? n : 1);
    cfg.max_bytes = (uint32_t)(bytes > 0 ? bytes : 1); /* zero limits are refused */
    cfg.max_value_len = (uint32_t)longest;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, buf, OUT_CAP, (size_t)-1);
    if (ppq_dba_enc_init(&enc, type, type_len, &cfg, &sink, &arena) != PPQ_OK) {
        return (size_t)-1;
    }
    while (pos < n) {
        size_t k = 1 + ppq_test_below(20);
        k = k < n - pos ? k : n - pos;
        if (ppq_dba_enc_put(&enc, v + pos, k, &acc) != PPQ_OK || acc != k) {
            return (size_t)-1;
        }
        pos += k;
    }
    return ppq_dba_enc_finish(&enc) == PPQ_OK ? ts.len : (size_t)-1;
}

static int same(const ppq_bytes_t *a, const ppq_bytes_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (a[i].len != b[i].len || (a[i].len > 0 && memcmp(a[i].ptr, b[i].ptr, a[i].len) != 0)) {
            return 0;
        }
    }
    return 1;
}

/* encodings.txt: "Hello","World","Foobar","ABCDEF" -> DeltaEncoding(5,5,6,6)
 * then "HelloWorldFoobarABCDEF".  The lengths with 128/4: header 80 01 04,
 * count 4, first 5 (zigzag 0A); deltas 0,1,0: min 0, relative 0,1,0 at
 * width 1 in one 32-value miniblock (4 bytes: 02 00 00 00). */
static void dlba_spec_example(void)
{
    static const char *const s[] = {"Hello", "World", "Foobar", "ABCDEF"};
    static const uint8_t lengths[] = {0x80, 0x01, 0x04, 0x04, 0x0A, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00};
    ppq_dlba_dec_t dec;
    size_t len, got, used;
    PPQ_CHECK(setup());
    strings(vals, s, 4);
    len = dlba_encode(vals, 4, out);
    PPQ_CHECK_EQ(len, sizeof lengths + 22);
    PPQ_CHECK_MEM(out, lengths, sizeof lengths);
    PPQ_CHECK_MEM(out + sizeof lengths, "HelloWorldFoobarABCDEF", 22);
    PPQ_CHECK_OK(ppq_dlba_dec_init(&dec, tail_copy(out, len), len));
    PPQ_CHECK_EQ(ppq_dlba_dec_count(&dec), 4);
    PPQ_CHECK_OK(ppq_dlba_dec_get(&dec, back, 10, &got));
    PPQ_CHECK_EQ(got, 4);
    PPQ_CHECK(same(back, vals, 4));
    PPQ_CHECK_OK(ppq_dlba_stream_end(out, len + 3, &used));
    PPQ_CHECK_EQ(used, len);
}

/* "axis","axle","babble","babyhood": prefixes 0,2,0,3, suffix lengths
 * 4,2,6,5, suffixes "axislebabbleyhood".  Prefix stream: first 0; deltas
 * 2,-2,3: min -2 (zigzag 03), relative 4,0,5 at width 3 -> 44 01 + 10 zero
 * bytes.  Suffix lengths: first 4 (08); deltas -2,4,-1: min -2, relative
 * 0,6,1 at width 3 -> 70 + 11 zero bytes. */
static void dba_spec_example(void)
{
    static const char *const s[] = {"axis", "axle", "babble", "babyhood"};
    static const uint8_t prefixes[] = {0x80, 0x01, 0x04, 0x04, 0x00, 0x03, 0x03, 0x00, 0x00, 0x00,
                                       0x44, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static const uint8_t suffix_lengths[] = {0x80, 0x01, 0x04, 0x04, 0x08, 0x03, 0x03, 0x00, 0x00, 0x00,
                                             0x70, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    ppq_arena_t arena;
    ppq_dba_dec_t dec;
    size_t len, got;
    uint8_t buf[64];
    PPQ_CHECK(setup());
    strings(vals, s, 4);
    len = dba_encode(PPQ_BYTE_ARRAY, 0, vals, 4, out);
    PPQ_CHECK_EQ(len, sizeof prefixes + sizeof suffix_lengths + 17);
    PPQ_CHECK_MEM(out, prefixes, sizeof prefixes);
    PPQ_CHECK_MEM(out + sizeof prefixes, suffix_lengths, sizeof suffix_lengths);
    PPQ_CHECK_MEM(out + sizeof prefixes + sizeof suffix_lengths, "axislebabbleyhood", 17);
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(out, len), len, &arena));
    PPQ_CHECK_EQ(ppq_dba_dec_count(&dec), 4);
    PPQ_CHECK_OK(ppq_dba_dec_get(&dec, back, 10, buf, sizeof buf, &got));
    PPQ_CHECK_EQ(got, 4);
    PPQ_CHECK(same(back, vals, 4));
}

/* Random string sets: empty strings, a long one, sorted runs with shared
 * prefixes, FLBA for DELTA_BYTE_ARRAY. */
static void round_trips(void)
{
    int rep;
    PPQ_CHECK(setup());
    for (rep = 0; rep < 8; rep++) {
        size_t n = rep == 0 ? 0 : (rep == 1 ? 1 : ppq_test_below(N) + 1), i, len, got = 0, pos = 0;
        uint32_t flba = rep >= 6 ? 5u : 0u;
        ppq_arena_t arena;
        ppq_dlba_dec_t dd;
        ppq_dba_dec_t bd;
        for (i = 0; i < POOL; i++) {
            pool[i] = (uint8_t)(rep % 2 ? 'a' + ppq_test_below(3) : ppq_test_rand()); /* small alphabet: long prefixes */
        }
        for (i = 0; i < n; i++) {
            size_t l = flba ? flba : (i % 97 == 5 ? POOL / 2 : ppq_test_below(12)); /* empties and a long one */
            size_t start = ppq_test_below(POOL - l + 1);
            if (i > 0 && ppq_test_below(3) == 0) {
                start = (size_t)(vals[i - 1].ptr - pool); /* same start: shared prefix */
                l = flba ? flba : (start + l <= POOL ? l : POOL - start);
            }
            vals[i].ptr = pool + start;
            vals[i].len = (uint32_t)l;
        }
        if (!flba) {
            len = dlba_encode(vals, n, out);
            PPQ_CHECK(len != (size_t)-1);
            PPQ_CHECK_OK(ppq_dlba_dec_init(&dd, tail_copy(out, len), len));
            while (pos < n) {
                PPQ_CHECK_OK(ppq_dlba_dec_get(&dd, back + pos, 1 + ppq_test_below(50), &got));
                pos += got;
            }
            PPQ_CHECK(same(back, vals, n));
        }
        len = dba_encode(flba ? PPQ_FIXED_LEN_BYTE_ARRAY : PPQ_BYTE_ARRAY, flba, vals, n, out);
        PPQ_CHECK(len != (size_t)-1);
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        memcpy(copy, out, len);
        PPQ_CHECK_OK(ppq_dba_dec_init(&bd, flba ? PPQ_FIXED_LEN_BYTE_ARRAY : PPQ_BYTE_ARRAY, flba, copy, len, &arena));
        pos = 0;
        while (pos < n) {
            /* the values land in `out`, reused as the output buffer */
            PPQ_CHECK_OK(ppq_dba_dec_get(&bd, back + pos, 1 + ppq_test_below(40), out, OUT_CAP / 4u, &got));
            PPQ_CHECK(same(back + pos, vals + pos, got));
            pos += got;
        }
        PPQ_CHECK_EQ(pos, n);
    }
}

static void limits_and_hostile(void)
{
    ppq_dlba_cfg_t cfg = {2, 5, };
    ppq_dba_cfg_t dcfg = {4, 100, 8};
    ppq_arena_t arena;
    ppq_dlba_enc_t enc;
    ppq_dba_enc_t denc;
    ppq_dba_dec_t dec;
    ppq_sink_t sink;
    tsink_t ts;
    size_t acc, got;
    uint8_t buf[8];
    static const char *const s[] = {"abc", "de", "f"};
    PPQ_CHECK(setup());
    strings(vals, s, 3);
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, out, OUT_CAP, (size_t)-1);
    PPQ_CHECK_OK(ppq_dlba_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_EQ(ppq_dlba_enc_put(&enc, vals, 3, &acc), PPQ_ERR_NOSPACE); /* 2 values / 5 bytes max */
    PPQ_CHECK_EQ(acc, 2);
    /* FLBA of the wrong length, and a value over max_value_len */
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dba_enc_init(&denc, PPQ_FIXED_LEN_BYTE_ARRAY, 3, &dcfg, &sink, &arena));
    PPQ_CHECK_EQ(ppq_dba_enc_put(&denc, vals, 2, &acc), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(acc, 1);
    PPQ_CHECK_EQ(ppq_dba_enc_init(&denc, PPQ_INT32, 0, &dcfg, &sink, &arena), PPQ_ERR_ARG);
    /* a prefix longer than the previous value: prefixes 0,5 / values "ab","c" */
    {
        static const uint8_t bad[] = {
            0x80, 0x01, 0x04, 0x02, 0x00, 0x0A, 0x00, 0x00, 0x00, 0x00, /* prefixes 0, 5 */
            0x80, 0x01, 0x04, 0x02, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, /* suffix lengths 2, 1 */
            'a', 'b', 'c'};
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        PPQ_CHECK_OK(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(bad, sizeof bad), sizeof bad, &arena));
        PPQ_CHECK_EQ(ppq_dba_dec_get(&dec, back, 2, buf, sizeof buf, &got), PPQ_ERR_CORRUPT);
        PPQ_CHECK_EQ(got, 1);
        PPQ_CHECK(back[0].len == 2 && memcmp(back[0].ptr, "ab", 2) == 0);
    }
    /* a value larger than the caller's buffer: NOSPACE, then it comes */
    {
        static const char *const t[] = {"abcdef", "abcxyz"};
        size_t len;
        strings(vals, t, 2);
        len = dba_encode(PPQ_BYTE_ARRAY, 0, vals, 2, out);
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        PPQ_CHECK_OK(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(out, len), len, &arena));
        PPQ_CHECK_EQ(ppq_dba_dec_get(&dec, back, 2, buf, 5, &got), PPQ_ERR_NOSPACE);
        PPQ_CHECK_OK(ppq_dba_dec_get(&dec, back, 2, buf, 8, &got));
        PPQ_CHECK_EQ(got, 1); /* the second does not fit in what is left */
        PPQ_CHECK_MEM(back[0].ptr, "abcdef", 6);
        PPQ_CHECK_OK(ppq_dba_dec_get(&dec, back, 2, buf, 8, &got));
        PPQ_CHECK_EQ(got, 1);
        PPQ_CHECK_MEM(back[0].ptr, "abcxyz", 6);
    }
    /* every truncation of a real stream fails cleanly */
    {
        static const char *const t[] = {"sensor/a", "sensor/b", "sensor/bb", "x"};
        size_t len, cut, total;
        strings(vals, t, 4);
        len = dba_encode(PPQ_BYTE_ARRAY, 0, vals, 4, out);
        for (cut = 0; cut < len; cut++) {
            ppq_status_t st;
            ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
            st = ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(out, cut), cut, &arena);
            total = 0;
            while (st == PPQ_OK) {
                st = ppq_dba_dec_get(&dec, back, 1, copy, 64, &got);
                total += got;
                if (got == 0) {
                    break;
                }
            }
            PPQ_CHECK(st == PPQ_ERR_CORRUPT || total < 4);
        }
    }
}

static void random_bytes_never_crash(void)
{
    int i;
    PPQ_CHECK(setup());
    for (i = 0; i < 3000; i++) {
        uint8_t junk[48];
        size_t len = ppq_test_below(sizeof junk + 1), k, got, used;
        ppq_arena_t arena;
        ppq_dba_dec_t dec;
        ppq_dlba_dec_t dd;
        ppq_status_t st;
        for (k = 0; k < len; k++) {
            junk[k] = (uint8_t)ppq_test_rand();
        }
        if (len > 10) {
            memcpy(junk, "\x80\x01\x04", 3);
            junk[3] = (uint8_t)(junk[3] & 0x0F);
        }
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        st = ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(junk, len), len, &arena);
        while (st == PPQ_OK) {
            st = ppq_dba_dec_get(&dec, back, 4, copy, 64, &got);
            if (got == 0) {
                break;
            }
        }
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT || st == PPQ_ERR_NOSPACE);
        st = ppq_dlba_dec_init(&dd, tail_copy(junk, len), len);
        while (st == PPQ_OK) {
            st = ppq_dlba_dec_get(&dd, back, 4, &got);
            if (got == 0) {
                break;
            }
        }
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT);
        st = ppq_dlba_stream_end(tail_copy(junk, len), len, &used);
        PPQ_CHECK(st == PPQ_ERR_CORRUPT || (st == PPQ_OK && used <= len));
    }
}

/* The delta, byte-stream-split, GroupVarInt and BIT_PACKED encoders write
 * the same bytes through a sink that hands on one byte per call (a 1-byte
 * block sink) as through a plain one. */
static void one_byte_sinks(void)
{
    static const char *const s[] = {"sensor/a", "sensor/b", "", "sensor/bb", "x"};
    int64_t *ints;
    float fl[40];
    size_t i, k, acc;
    PPQ_CHECK(setup());
    ints = (int64_t *)test_alloc(200 * sizeof *ints);
    PPQ_CHECK(ints != NULL);
    strings(vals, s, 5);
    for (i = 0; i < 200; i++) {
        ints[i] = (int64_t)(i * i) - 5000;
    }
    for (i = 0; i < 40; i++) {
        fl[i] = (float)i * 0.5f;
    }
    for (k = 0; k < 6; k++) {
        size_t len[2] = {0, 0};
        int pass;
        for (pass = 0; pass < 2; pass++) {
            ppq_arena_t arena;
            ppq_sink_t sink, down;
            tsink_t ts;
            ppq_blocksink_t blk;
            uint8_t one[1];
            ppq_status_t st;
            ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
            tsink_init(&down, &ts, pass == 0 ? out : copy, OUT_CAP, (size_t)-1);
            PPQ_CHECK_OK(ppq_sink_init_block(&sink, &blk, &down, one, 1));
            switch (k) {
            case 0: {
                ppq_delta_cfg_t cfg = {PPQ_INT64, 0, 0, 0};
                ppq_delta_enc_t e;
                st = ppq_delta_enc_init(&e, &cfg, pass ? &sink : &down, &arena);
                if (st == PPQ_OK) {
                    st = ppq_delta_enc_put(&e, ints, 200);
                }
                if (st == PPQ_OK) {
                    st = ppq_delta_enc_finish(&e);
                }
                break;
            }
            case 1: {
                ppq_dlba_cfg_t cfg = {8, 64};
                ppq_dlba_enc_t e;
                st = ppq_dlba_enc_init(&e, &cfg, pass ? &sink : &down, &arena);
                if (st == PPQ_OK) {
                    st = ppq_dlba_enc_put(&e, vals, 5, &acc);
                }
                if (st == PPQ_OK) {
                    st = ppq_dlba_enc_finish(&e);
                }
                break;
            }
            case 2: {
                ppq_dba_cfg_t cfg = {8, 64, 16};
                ppq_dba_enc_t e;
                st = ppq_dba_enc_init(&e, PPQ_BYTE_ARRAY, 0, &cfg, pass ? &sink : &down, &arena);
                if (st == PPQ_OK) {
                    st = ppq_dba_enc_put(&e, vals, 5, &acc);
                }
                if (st == PPQ_OK) {
                    st = ppq_dba_enc_finish(&e);
                }
                break;
            }
            case 3: {
                ppq_bss_enc_t e;
                st = ppq_bss_enc_init(&e, PPQ_FLOAT, 0, 40, pass ? &sink : &down, &arena);
                if (st == PPQ_OK) {
                    st = ppq_bss_enc_put(&e, fl, 40);
                }
                if (st == PPQ_OK) {
                    st = ppq_bss_enc_finish(&e);
                }
                break;
            }
            case 4: {
                ppq_gvi_enc_t e;
                st = ppq_gvi_enc_init(&e, PPQ_INT64, pass ? &sink : &down);
                if (st == PPQ_OK) {
                    st = ppq_gvi_enc_put(&e, ints, 200);
                }
                if (st == PPQ_OK) {
                    st = ppq_gvi_enc_finish(&e);
                }
                break;
            }
            default: {
                ppq_bitpacked_enc_t e;
                uint32_t lv[30];
                for (i = 0; i < 30; i++) {
                    lv[i] = (uint32_t)(i % 4);
                }
                st = ppq_bitpacked_enc_init(&e, 2, pass ? &sink : &down);
                if (st == PPQ_OK) {
                    st = ppq_bitpacked_enc_put(&e, lv, 30);
                }
                if (st == PPQ_OK) {
                    st = ppq_bitpacked_enc_finish(&e);
                }
                break;
            }
            }
            PPQ_CHECK_OK(st);
            PPQ_CHECK_OK(ppq_blocksink_flush(&blk));
            PPQ_CHECK(pass == 0 || ts.max_write == 1);
            len[pass] = ts.len;
        }
        PPQ_CHECK_EQ(len[1], len[0]);
        PPQ_CHECK_MEM(copy, out, len[0]);
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(one_byte_sinks),
    PPQ_TEST(dlba_spec_example),
    PPQ_TEST(dba_spec_example),
    PPQ_TEST(round_trips),
    PPQ_TEST(limits_and_hostile),
    PPQ_TEST(random_bytes_never_crash),
};
PPQ_SUITE(suite_delta_bytes, "delta_bytes", cases);
