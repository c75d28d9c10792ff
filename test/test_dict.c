/* Dictionary: hand-derived page bytes, round trips for every type, the
 * full/no-space reports, and bounds checks in the decoder. */
#include <string.h>

#include "test_util.h"
#include "ppq_dict_internal.h" /* (ppq_dict_enc_truncate) */

#ifdef PPQ_TEST_SMALL
#define N_VALUES 100u  /* values per round trip (3000 on larger targets) */
#define MAX_DISTINCT 40u
#define PAGE_VALUES 50u
#define DICT_BUF 1024u
#else
#define N_VALUES 3000u
#define MAX_DISTINCT 300u
#define PAGE_VALUES 700u
#define DICT_BUF PPQ_TEST_BUF
#endif
#define POOL 512u
#define VALUE_ROOM 16u /* bytes per value, enough for every type */

static uint8_t *dict_buf, *page_buf, *pool;
static uint64_t *vals, *back, *cand;

static int setup(void)
{
    test_setup();
    dict_buf = (uint8_t *)test_alloc(DICT_BUF);
    page_buf = (uint8_t *)test_alloc(DICT_BUF);
    pool = (uint8_t *)test_alloc(POOL);
    vals = (uint64_t *)test_alloc(N_VALUES * VALUE_ROOM);
    back = (uint64_t *)test_alloc(N_VALUES * VALUE_ROOM);
    cand = (uint64_t *)test_alloc(MAX_DISTINCT * VALUE_ROOM);
    return cand != NULL;
}

static void capture(ppq_sink_t *sink, ppq_memsink_t *mem, uint8_t *buf)
{
    ppq_sink_init_mem(sink, mem, buf, DICT_BUF);
}

/* INT32 [7, 7, 3, 7]: dictionary page = PLAIN(7, 3); data page = bit width
 * 1, then one bit-packed group (header 03) of 0,0,1,0 padded: 0b00000100. */
static void int32_golden(void)
{
    PPQ_CHECK(setup());
    int32_t v[4] = {7, 7, 3, 7};
    ppq_dict_cfg_t cfg = {16, 1024, 64};
    ppq_arena_t arena;
    ppq_dict_enc_t enc;
    ppq_sink_t ds, ps;
    ppq_memsink_t dm, pm;
    size_t accepted;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena));
    PPQ_CHECK_EQ(ppq_arena_used(&arena), ppq_dict_enc_arena_size(PPQ_INT32, 0, &cfg));
    PPQ_CHECK_OK(ppq_dict_enc_put(&enc, v, 4, &accepted));
    PPQ_CHECK_EQ(accepted, 4);
    PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), 2);
    PPQ_CHECK_EQ(ppq_dict_enc_dict_bytes(&enc), 8);
    PPQ_CHECK_EQ(ppq_dict_enc_page_values(&enc), 4);
    capture(&ds, &dm, dict_buf);
    capture(&ps, &pm, page_buf);
    PPQ_CHECK_OK(ppq_dict_enc_write_dict(&enc, &ds));
    PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &ps));
    PPQ_CHECK_EQ(dm.len, 8);
    PPQ_CHECK_MEM(dict_buf, "\x07\x00\x00\x00\x03\x00\x00\x00", 8);
    PPQ_CHECK_EQ(pm.len, 3);
    PPQ_CHECK_MEM(page_buf, "\x01\x03\x04", 3);
    PPQ_CHECK_EQ(ppq_dict_enc_page_values(&enc), 0);
}

/* A page's bit width: the entries' (INT32 0..8: 9 entries, width 4), or
 * with exact_width (the writer's replays) the one its greatest index
 * needs: [2, 0, 3, 1, 2, 0, 3, 1] at width 2 (indices below 4), one
 * bit-packed group of eight 2-bit values (header 03): 2,0,3,1 and again,
 * LSB first: 0b01110010 twice; at the entries' width 4 (PPQ_LEAN builds and
 * 32-bit CPUs too), nibbles 0x02 0x13 twice.  Then [8]: width 4 either way. */
static void page_width_from_its_indices(void)
{
    PPQ_CHECK(setup());
    int32_t first[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8}, low[8] = {2, 0, 3, 1, 2, 0, 3, 1}, top = 8;
    ppq_dict_cfg_t cfg = {16, 1024, 64};
    ppq_arena_t arena;
    ppq_dict_enc_t enc;
    ppq_sink_t ps;
    ppq_memsink_t pm;
    size_t accepted;
    int exact;
    for (exact = 0; exact <= 1; exact++) {
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena));
        PPQ_CHECK_OK(ppq_dict_enc_put(&enc, first, 9, &accepted));
        capture(&ps, &pm, page_buf);
        PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &ps));
        PPQ_CHECK_EQ(page_buf[0], 4);
        enc.exact_width = (uint8_t)exact;
        PPQ_CHECK_OK(ppq_dict_enc_put(&enc, low, 8, &accepted));
        capture(&ps, &pm, page_buf);
        PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &ps));
        if (PPQ_LEAN || !PPQ_DICT_TRUNCATE || !exact) { /* the entries' width (no replays on 32-bit CPUs) */
            PPQ_CHECK_EQ(pm.len, 6);
            PPQ_CHECK_MEM(page_buf, "\x04\x03\x02\x13\x02\x13", 6);
        } else {
            PPQ_CHECK_EQ(pm.len, 4);
            PPQ_CHECK_MEM(page_buf, "\x02\x03\x72\x72", 4);
        }
        PPQ_CHECK_OK(ppq_dict_enc_put(&enc, &top, 1, &accepted));
        capture(&ps, &pm, page_buf);
        PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &ps));
        PPQ_CHECK_EQ(page_buf[0], 4);
    }
}

/* BYTE_ARRAY entries in first-seen order, PLAIN (length + bytes); a run of
 * 8 equal indices becomes an RLE run. */
static void byte_array_golden(void)
{
    PPQ_CHECK(setup());
    ppq_bytes_t v[10];
    ppq_dict_cfg_t cfg = {4, 64, 64};
    ppq_arena_t arena;
    ppq_dict_enc_t enc;
    ppq_sink_t ds, ps;
    ppq_memsink_t dm, pm;
    size_t accepted, i;
    for (i = 0; i < 10; i++) {
        v[i].ptr = (const uint8_t *)(i < 8 ? "on" : "off");
        v[i].len = i < 8 ? 2u : 3u;
    }
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &cfg, &arena));
    PPQ_CHECK_OK(ppq_dict_enc_put(&enc, v, 10, &accepted));
    capture(&ds, &dm, dict_buf);
    capture(&ps, &pm, page_buf);
    PPQ_CHECK_OK(ppq_dict_enc_write_dict(&enc, &ds));
    PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &ps));
    PPQ_CHECK_EQ(dm.len, 13);
    PPQ_CHECK_MEM(dict_buf, "\x02\x00\x00\x00on\x03\x00\x00\x00off", 13);
    /* width 1; RLE run of 8 zeros (10 00); group 1,1 padded (03 03) */
    PPQ_CHECK_EQ(pm.len, 5);
    PPQ_CHECK_MEM(page_buf, "\x01\x10\x00\x03\x03", 5);
}

/* Floats compare by bits: -0.0 and +0.0 are two entries, equal NaNs one. */
static void float_bits_distinct(void)
{
    PPQ_CHECK(setup());
    float v[4];
    uint32_t nan_bits = 0x7FC00001u;
    ppq_dict_cfg_t cfg = {16, 1024, 64};
    ppq_arena_t arena;
    ppq_dict_enc_t enc;
    size_t accepted;
    v[0] = 0.0f;
    v[1] = -0.0f;
    memcpy(&v[2], &nan_bits, 4);
    memcpy(&v[3], &nan_bits, 4);
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_FLOAT, 0, &cfg, &arena));
    PPQ_CHECK_OK(ppq_dict_enc_put(&enc, v, 4, &accepted));
    PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), 3);
}

static const ppq_type_t dict_types[] = {PPQ_INT32, PPQ_INT64,      PPQ_INT96,
                                        PPQ_FLOAT, PPQ_DOUBLE,     PPQ_BYTE_ARRAY,
                                        PPQ_FIXED_LEN_BYTE_ARRAY};

/* n values drawn from `distinct` random candidates. */
static void random_values(ppq_type_t type, uint32_t type_len, void *buf, size_t n, size_t distinct)
{
    size_t vsize = ppq_value_size(type), i, k;
    for (i = 0; i < POOL; i++) {
        pool[i] = (uint8_t)ppq_test_rand();
    }
    for (i = 0; i < distinct; i++) {
        uint8_t *c = (uint8_t *)cand + i * vsize;
        if (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            ppq_bytes_t *b = (ppq_bytes_t *)(void *)c;
            b->len = type == PPQ_BYTE_ARRAY ? (uint32_t)ppq_test_below(20) : type_len;
            b->ptr = pool + ppq_test_below(POOL - b->len);
        } else {
            for (k = 0; k < vsize; k++) {
                c[k] = (uint8_t)ppq_test_rand();
            }
        }
    }
    for (i = 0; i < n; i++) {
        size_t pick = ppq_test_below(4) == 0 ? 0 : ppq_test_below(distinct); /* some runs */
        memcpy((uint8_t *)buf + i * vsize, (uint8_t *)cand + pick * vsize, vsize);
    }
}

static int same_value(ppq_type_t type, const void *a, const void *b)
{
    if (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        const ppq_bytes_t *x = (const ppq_bytes_t *)a, *y = (const ppq_bytes_t *)b;
        return x->len == y->len && (x->len == 0 || memcmp(x->ptr, y->ptr, x->len) == 0);
    }
    return memcmp(a, b, ppq_value_size(type)) == 0;
}

/* Every type: put in random chunks over several pages, decode each page
 * with random get sizes, compare; with entry limits that make the encoder
 * keep its indices in 1, 2 and 4 bytes (and its hash slots in 2 and 4). */
#ifndef PPQ_TEST_SMALL
static uint64_t wide_arena[(1536u * 1024u) / 8u]; /* 2^18 hash slots of 4 bytes, byte-array offsets */
#endif

static void round_trip_all_types(void)
{
    static const uint32_t limits[] = {2u * MAX_DISTINCT, 256u, 70000u};
    int wide_ran = 0;
    PPQ_CHECK(setup());
    size_t t;
    for (t = 0; t < ARRAY_LEN(dict_types) * ARRAY_LEN(limits); t++) {
        ppq_type_t type = dict_types[t % ARRAY_LEN(dict_types)];
        uint32_t type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? 6u : 0u;
        size_t vsize = ppq_value_size(type);
        size_t n = N_VALUES, distinct = 1 + ppq_test_below(MAX_DISTINCT < 256u ? MAX_DISTINCT : 256u), pos = 0,
               page_start = 0;
        ppq_dict_cfg_t cfg = {2u * MAX_DISTINCT, 24u * MAX_DISTINCT + 64u, PAGE_VALUES}; /* never full */
        ppq_arena_t arena;
        ppq_dict_enc_t enc;
        ppq_dict_dec_t dec;
        ppq_sink_t ps, ds;
        ppq_memsink_t pm, dm;
        size_t page_ends[16], npages = 0, p;
        cfg.max_entries = limits[t / ARRAY_LEN(dict_types)];
        random_values(type, type_len, vals, n, distinct);
#ifdef PPQ_TEST_SMALL
        if (cfg.max_entries != 2u * MAX_DISTINCT && ppq_dict_enc_arena_size(type, type_len, &cfg) > test_arena_size) {
            continue; /* the larger limits: where the board's test arena holds them */
        }
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
#else
        if (cfg.max_entries > 0xFFFFu) {
            ppq_arena_init(&arena, wide_arena, sizeof wide_arena);
            wide_ran++;
        } else {
            ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        }
#endif
        PPQ_CHECK_OK(ppq_dict_enc_init(&enc, type, type_len, &cfg, &arena));
        capture(&ps, &pm, page_buf);
        while (pos < n) {
            size_t k = 1 + ppq_test_below(100), accepted;
            ppq_status_t st;
            if (k > n - pos) {
                k = n - pos;
            }
            st = ppq_dict_enc_put(&enc, (uint8_t *)vals + pos * vsize, k, &accepted);
            pos += accepted;
            if (st == PPQ_ERR_NOSPACE) {
                PPQ_CHECK_EQ(ppq_dict_enc_page_values(&enc), cfg.max_page_values);
                PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &ps));
                page_ends[npages++] = pm.len;
            } else {
                PPQ_CHECK_OK(st);
            }
        }
        PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &ps));
        page_ends[npages++] = pm.len;
        PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), distinct > 0 ? ppq_dict_enc_entries(&enc) : 0);
        PPQ_CHECK(ppq_dict_enc_entries(&enc) <= distinct);
        capture(&ds, &dm, dict_buf);
        PPQ_CHECK_OK(ppq_dict_enc_write_dict(&enc, &ds));
        PPQ_CHECK_EQ(dm.len, ppq_dict_enc_dict_bytes(&enc));
        /* decode */
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        PPQ_CHECK_OK(ppq_dict_dec_init(&dec, type, type_len, dict_buf, dm.len, ppq_dict_enc_entries(&enc), &arena));
        PPQ_CHECK(ppq_arena_used(&arena) == ppq_dict_dec_arena_size(type, ppq_dict_enc_entries(&enc)));
        pos = 0;
        for (p = 0; p < npages; p++) {
            size_t count = p + 1 < npages ? cfg.max_page_values : n - pos;
            size_t done = 0, got;
            const uint8_t *page = tail_copy(page_buf + page_start, page_ends[p] - page_start);
            PPQ_CHECK_OK(ppq_dict_dec_page(&dec, page, page_ends[p] - page_start, count));
            while (done < count) {
                PPQ_CHECK_OK(ppq_dict_dec_get(&dec, (uint8_t *)back + (pos + done) * vsize, 1 + ppq_test_below(90),
                                              &got));
                PPQ_CHECK(got > 0);
                done += got;
            }
            PPQ_CHECK_OK(ppq_dict_dec_get(&dec, back, 5, &got));
            PPQ_CHECK_EQ(got, 0);
            pos += count;
            page_start = page_ends[p];
        }
        for (p = 0; p < n; p++) {
            PPQ_CHECK(same_value(type, (uint8_t *)vals + p * vsize, (uint8_t *)back + p * vsize));
        }
    }
#ifndef PPQ_TEST_SMALL
    PPQ_CHECK_EQ(wide_ran, (int)ARRAY_LEN(dict_types));
#else
    (void)wide_ran;
#endif
}

/* Full by entry count and by bytes: the values before the new one are
 * taken; the caller learns exactly where to fall back. */
static void dictionary_full_reports(void)
{
    PPQ_CHECK(setup());
    int32_t v[10] = {1, 2, 1, 3, 2, 4, 1, 5, 6, 7};
    ppq_bytes_t b[3];
    ppq_dict_cfg_t cfg = {3, 1024, 64};
    ppq_arena_t arena;
    ppq_dict_enc_t enc;
    size_t accepted;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena));
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, v, 10, &accepted), PPQ_DICT_FULL);
    PPQ_CHECK_EQ(accepted, 5); /* 4 is the fourth distinct value */
    PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), 3);
    PPQ_CHECK_EQ(ppq_dict_enc_page_values(&enc), 5);
    PPQ_CHECK_OK(ppq_dict_enc_put(&enc, v, 3, &accepted)); /* known values still map */
    /* by bytes: 4+3 fits in 10, the next 4+3 does not */
    cfg.max_entries = 100;
    cfg.max_bytes = 10;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &cfg, &arena));
    b[0].ptr = (const uint8_t *)"abc";
    b[0].len = 3;
    b[1] = b[0];
    b[2].ptr = (const uint8_t *)"xyz";
    b[2].len = 3;
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, b, 3, &accepted), PPQ_DICT_FULL);
    PPQ_CHECK_EQ(accepted, 2);
    PPQ_CHECK_EQ(ppq_dict_enc_dict_bytes(&enc), 7);
    /* page buffer full */
    cfg.max_bytes = 1024;
    cfg.max_page_values = 4;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena));
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, v, 10, &accepted), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(accepted, 4);
    /* reset forgets everything */
    ppq_dict_enc_reset(&enc);
    PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), 0);
    PPQ_CHECK_OK(ppq_dict_enc_put(&enc, v + 5, 1, &accepted));
    PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), 1);
}

/* A reset leaves no entry behind: the same values put again, in reverse
 * order, are all new (a slot left over would find a value's old entry, an
 * index past the new count), for word, fixed and byte-array entries and
 * for few entries in a large table as for many. */
#ifdef PPQ_TEST_SMALL /* (RAM: 64 entries, 128 slots; a reset clears 7 one by one, 40 at once) */
#define RESET_MAX 40u
static const size_t reset_counts[] = {1, 7, 40};
#else
#define RESET_MAX 700u
static const size_t reset_counts[] = {1, 7, 100, 700};
#endif

static void reset_forgets_every_entry(void)
{
    static const ppq_type_t types[] = {PPQ_INT32, PPQ_DOUBLE, PPQ_FIXED_LEN_BYTE_ARRAY, PPQ_BYTE_ARRAY};
    /* the encoder in the arena's first half; values, keys and arrays after */
    uint8_t *values = test_arena_ptr + test_arena_size / 2u, (*keys)[8] = (uint8_t(*)[8])(values + RESET_MAX * 16u);
    ppq_bytes_t *b = (ppq_bytes_t *)(void *)(values + RESET_MAX * 24u);
    ppq_dict_cfg_t cfg = {RESET_MAX < 100u ? 64u : 1024u, RESET_MAX * 12u, 2u * RESET_MAX + 8u};
    size_t t, k, i, accepted;
    PPQ_CHECK(setup());
    for (t = 0; t < sizeof types / sizeof types[0]; t++) {
        for (k = 0; k < sizeof reset_counts / sizeof reset_counts[0]; k++) {
            size_t n = reset_counts[k], width = types[t] == PPQ_INT32 ? 4u : types[t] == PPQ_DOUBLE ? 8u : sizeof(ppq_bytes_t);
            ppq_arena_t arena;
            ppq_dict_enc_t enc;
            for (i = 0; i < n; i++) { /* distinct values: i in the first two bytes, the rest a pattern */
                uint8_t key[8] = {(uint8_t)i, (uint8_t)(i >> 8), 0x5A, 0xA5, 0x11, 0x22, 0x33, 0x44};
                memcpy(keys[i], key, 8);
                b[i].ptr = keys[i];
                b[i].len = types[t] == PPQ_BYTE_ARRAY ? 2u + (uint32_t)(i % 5u) : 3u;
            }
            ppq_arena_init(&arena, test_arena_ptr, test_arena_size / 2u);
            PPQ_CHECK_OK(ppq_dict_enc_init(&enc, types[t], 3, &cfg, &arena));
            for (i = 0; i < n; i++) {
                if (width == sizeof(ppq_bytes_t)) {
                    memcpy(values + i * width, &b[i], width);
                } else {
                    memcpy(values + i * width, keys[i], width);
                }
            }
            PPQ_CHECK_OK(ppq_dict_enc_put(&enc, values, n, &accepted));
            PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), n);
            ppq_dict_enc_reset(&enc);
            for (i = 0; i < n; i++) { /* the same values, last first */
                if (width == sizeof(ppq_bytes_t)) {
                    memcpy(values + i * width, &b[n - 1u - i], width);
                } else {
                    memcpy(values + i * width, keys[n - 1u - i], width);
                }
            }
            PPQ_CHECK_OK(ppq_dict_enc_put(&enc, values, n, &accepted));
            PPQ_CHECK_EQ(accepted, n);
            PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), n);
            PPQ_CHECK_OK(ppq_dict_enc_put(&enc, values, n, &accepted)); /* and they are found again */
            PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), n);
        }
    }
}

/* Truncated to its first k entries, a dictionary finds those at their
 * indices, takes a dropped value as a new entry at index k, and writes
 * the first k entries' PLAIN bytes then the new one (INT32, DOUBLE, byte
 * arrays; entries past 255: 16-bit slots and indices). */
static void truncate_keeps_first_entries(void)
{
#if PPQ_DICT_TRUNCATE
    static const ppq_type_t types[] = {PPQ_INT32, PPQ_DOUBLE, PPQ_BYTE_ARRAY};
    ppq_dict_cfg_t cfg = {1024u, 16384u, 1024u};
    uint8_t key[4];
    size_t t, i, accepted;
    PPQ_CHECK(setup());
    for (t = 0; t < sizeof types / sizeof types[0]; t++) {
        ppq_arena_t arena;
        ppq_dict_enc_t enc;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        const uint32_t n = 300, k = 123;
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        PPQ_CHECK_OK(ppq_dict_enc_init(&enc, types[t], 0, &cfg, &arena));
        for (i = 0; i < n; i++) { /* value i: i + 1000 as INT32, DOUBLE, or its 4 bytes */
            int32_t v32 = (int32_t)i + 1000;
            double vd = (double)i + 1000.0;
            ppq_bytes_t b;
            ppq_store_le32(key, (uint32_t)v32); /* (the pool copies the bytes: the key may change) */
            b.ptr = key;
            b.len = 4;
            PPQ_CHECK_OK(ppq_dict_enc_put(&enc, types[t] == PPQ_INT32 ? (const void *)&v32
                                                 : types[t] == PPQ_DOUBLE ? (const void *)&vd : (const void *)&b,
                                          1, &accepted));
        }
        PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), n);
        ppq_dict_enc_truncate(&enc, k);
        ppq_dict_enc_drop_page(&enc);
        PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), k);
        for (i = 0; i < k + 1u; i++) { /* 0..k-1 found at their index; value k (dropped) new, at k */
            int32_t v32 = (int32_t)i + 1000;
            double vd = (double)i + 1000.0;
            ppq_bytes_t b;
            ppq_store_le32(key, (uint32_t)v32);
            b.ptr = key;
            b.len = 4;
            PPQ_CHECK_OK(ppq_dict_enc_put(&enc, types[t] == PPQ_INT32 ? (const void *)&v32
                                                 : types[t] == PPQ_DOUBLE ? (const void *)&vd : (const void *)&b,
                                          1, &accepted));
            PPQ_CHECK_EQ(ppq_dict_enc_index_at(&enc, (uint32_t)i), (uint32_t)i);
        }
        PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), k + 1u);
        capture(&sink, &mem, dict_buf);
        PPQ_CHECK_OK(ppq_dict_enc_write_dict(&enc, &sink));
        for (i = 0; i < k + 1u; i++) { /* its PLAIN entries: k + 1 values, in order */
            uint8_t want[12];
            size_t w = types[t] == PPQ_DOUBLE ? 8u : types[t] == PPQ_INT32 ? 4u : 8u;
            int32_t v32 = (int32_t)i + 1000;
            double vd = (double)i + 1000.0;
            if (types[t] == PPQ_DOUBLE) {
                uint64_t bits;
                memcpy(&bits, &vd, 8);
                ppq_store_le64(want, bits);
            } else if (types[t] == PPQ_INT32) {
                ppq_store_le32(want, (uint32_t)v32);
            } else {
                ppq_store_le32(want, 4u);
                ppq_store_le32(want + 4, (uint32_t)v32);
            }
            PPQ_CHECK(mem.len == (k + 1u) * w && memcmp(dict_buf + i * w, want, w) == 0);
        }
    }
#endif
}

static void bad_arguments(void)
{
    PPQ_CHECK(setup());
    ppq_dict_cfg_t cfg = {16, 1024, 64};
    ppq_arena_t arena;
    ppq_dict_enc_t enc;
    ppq_dict_dec_t dec;
    ppq_bytes_t b;
    size_t accepted;
    static uint64_t small[8];
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_EQ(ppq_dict_enc_init(&enc, PPQ_BOOLEAN, 0, &cfg, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 0, &cfg, &arena), PPQ_ERR_ARG);
    cfg.max_entries = 0;
    PPQ_CHECK_EQ(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena), PPQ_ERR_ARG);
    cfg.max_entries = 16;
    ppq_arena_init(&arena, small, sizeof small);
    PPQ_CHECK_EQ(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(ppq_arena_used(&arena), 0); /* nothing kept on failure */
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 4, &cfg, &arena));
    b.ptr = (const uint8_t *)"abc";
    b.len = 3;
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, &b, 1, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 0);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_BOOLEAN, 0, "", 0, 0, &arena), PPQ_ERR_ARG);
}

static void hostile_dictionary_and_pages(void)
{
    PPQ_CHECK(setup());
    ppq_arena_t arena;
    ppq_dict_dec_t dec;
    int32_t out[16];
    ppq_bytes_t bo[4];
    size_t got;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    /* dictionary shorter than its entry count */
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_INT32, 0, tail_copy("\x01\x00\x00\x00\x02", 5), 5, 2, &arena),
                 PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy("\x02\x00\x00\x00" "a", 5), 5, 1, &arena),
                 PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy("\x00\x00\x00\x00", 4), 4, 1000000, &arena),
                 PPQ_ERR_CORRUPT);
    /* two entries; an index of 2 is past the end */
    /* (the dictionaries below stay in their literals: tail_copy holds the page) */
    PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_INT32, 0, "\x0A\x00\x00\x00\x0B\x00\x00\x00", 8, 2, &arena));
    PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, out, 1, &got), PPQ_ERR_STATE);
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, tail_copy("\x02\x03\x24", 3), 3, 3)); /* indices 0,1,2 */
    PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, out, 3, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK_EQ(out[0], 10);
    PPQ_CHECK_EQ(out[1], 11);
    PPQ_CHECK_EQ(ppq_dict_dec_page(&dec, tail_copy("\x21\x03", 2), 2, 3), PPQ_ERR_CORRUPT); /* width 33 */
    PPQ_CHECK_EQ(ppq_dict_dec_page(&dec, "", 0, 3), PPQ_ERR_CORRUPT);
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, "", 0, 0));
    PPQ_CHECK_OK(ppq_dict_dec_get(&dec, out, 3, &got));
    PPQ_CHECK_EQ(got, 0);
    /* INT64 too, the bad index mid-batch: 1, 2 (past the end), 0 */
    {
        int64_t o64[4];
        PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_INT64, 0, "\x0A\x00\x00\x00\x00\x00\x00\x00\x0B\x00\x00\x00\x00\x00\x00\x00", 16, 2,
                                       &arena));
        PPQ_CHECK_OK(ppq_dict_dec_page(&dec, tail_copy("\x02\x03\x09", 3), 3, 3)); /* indices 1,2,0 */
        PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, o64, 3, &got), PPQ_ERR_CORRUPT);
        PPQ_CHECK_EQ(got, 1);
        PPQ_CHECK_EQ(o64[0], 11);
    }
    /* INT32 in a batch of eight: 0,1,0,2 (past the end),1,1,1,1 */
    PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_INT32, 0, "\x0A\x00\x00\x00\x0B\x00\x00\x00", 8, 2, &arena));
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, tail_copy("\x02\x03\x84\x55", 4), 4, 8));
    PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, out, 8, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 3);
    PPQ_CHECK(out[0] == 10 && out[1] == 11 && out[2] == 10);
    /* an empty dictionary: every index is past it */
    PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_INT32, 0, "", 0, 0, &arena));
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, tail_copy("\x01\x03\x00", 3), 3, 3)); /* 0,0,0 */
    PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, out, 3, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 0);
    /* truncated index stream */
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, tail_copy("\x01\x10", 2), 2, 8));
    PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, out, 8, &got), PPQ_ERR_CORRUPT);
    /* byte arrays point into the dictionary */
    PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_BYTE_ARRAY, 0, "\x01\x00\x00\x00Q\x00\x00\x00\x00", 9, 2, &arena));
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, tail_copy("\x01\x03\x02", 3), 3, 3)); /* 0,1,0 */
    PPQ_CHECK_OK(ppq_dict_dec_get(&dec, bo, 4, &got));
    PPQ_CHECK_EQ(got, 3);
    PPQ_CHECK(bo[0].len == 1 && bo[0].ptr[0] == 'Q' && bo[1].len == 0 && bo[2].len == 1);
}

static void random_pages_never_crash(void)
{
    PPQ_CHECK(setup());
    int i;
    ppq_arena_t arena;
    ppq_dict_dec_t dec;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_INT64, 0, "\x01\x02\x03\x04\x05\x06\x07\x08" "ABCDEFGH", 16, 2, &arena));
    for (i = 0; i < 5000; i++) {
        uint8_t junk[40];
        size_t len = ppq_test_below(sizeof junk + 1), k, got, total = 0, count = ppq_test_below(N_VALUES);
        ppq_status_t st;
        for (k = 0; k < len; k++) {
            junk[k] = (uint8_t)ppq_test_rand();
        }
        if (len > 0) {
            junk[0] = (uint8_t)(junk[0] % 40);
        }
        st = ppq_dict_dec_page(&dec, tail_copy(junk, len), len, count);
        while (st == PPQ_OK) {
            st = ppq_dict_dec_get(&dec, back, 1 + ppq_test_below(100), &got);
            total += got;
            if (got == 0) {
                break;
            }
        }
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT);
        PPQ_CHECK(total <= count);
        PPQ_CHECK(st != PPQ_OK || total == count);
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(int32_golden),
    PPQ_TEST(byte_array_golden),
    PPQ_TEST(page_width_from_its_indices),
    PPQ_TEST(float_bits_distinct),
    PPQ_TEST(round_trip_all_types),
    PPQ_TEST(dictionary_full_reports),
    PPQ_TEST(reset_forgets_every_entry),
    PPQ_TEST(truncate_keeps_first_entries),
    PPQ_TEST(bad_arguments),
    PPQ_TEST(hostile_dictionary_and_pages),
    PPQ_TEST(random_pages_never_crash),
};
PPQ_SUITE(suite_dict, "dict", cases);
