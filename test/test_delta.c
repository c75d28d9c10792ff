/* DELTA_BINARY_PACKED: the spec's two example sequences encoded by hand
 * with the valid 128/4 geometry, round trips over adversarial data and
 * geometries, chunking, padding leniency, rejection of what the spec
 * forbids, stream-end finding, hostile input. */
#include <string.h>

#include "test_util.h"
#include "ppq_delta_internal.h"

#ifdef PPQ_TEST_SMALL
#define NMAX 96u /* values per round trip (10000 on larger targets): shorter than a block */
#else
#define NMAX 10000u
#endif
/* worst case: 64-bit deltas, the last miniblock padded (at most 128
 * values per miniblock here), block headers */
#define ENC_CAP ((NMAX + 128u) * 9u + 512u)

static int64_t *v64, *b64;
static uint8_t *enc_a, *enc_b;

static int setup(void)
{
    test_setup();
    v64 = (int64_t *)test_alloc(NMAX * 8u);
    b64 = (int64_t *)test_alloc(NMAX * 8u);
    enc_a = (uint8_t *)test_alloc(ENC_CAP);
    enc_b = (uint8_t *)test_alloc(ENC_CAP);
    return enc_b != NULL;
}

/* Header + blocks into buf; returns the length or (size_t)-1. `chunk` 0
 * puts everything at once, else random chunks up to `chunk` values. */
static size_t encode(const ppq_delta_cfg_t *cfg, const void *values, size_t n, size_t chunk, uint8_t *buf)
{
    ppq_arena_t arena;
    ppq_delta_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    size_t vsize = cfg->type == PPQ_INT64 ? 8u : 4u, pos = 0, hlen;
    uint8_t head[PPQ_DELTA_HEADER_MAX];
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, buf + PPQ_DELTA_HEADER_MAX, ENC_CAP - PPQ_DELTA_HEADER_MAX, (size_t)-1);
    if (ppq_delta_enc_init(&enc, cfg, &sink, &arena) != PPQ_OK) {
        return (size_t)-1;
    }
    while (pos < n) {
        size_t k = chunk == 0 ? n - pos : 1 + ppq_test_below(chunk);
        k = k < n - pos ? k : n - pos;
        if (ppq_delta_enc_put(&enc, (const uint8_t *)values + pos * vsize, k) != PPQ_OK) {
            return (size_t)-1;
        }
        pos += k;
    }
    if (ppq_delta_enc_finish(&enc) != PPQ_OK) {
        return (size_t)-1;
    }
    hlen = ppq_delta_enc_header(&enc, head);
    memmove(buf + hlen, buf + PPQ_DELTA_HEADER_MAX, ts.len);
    memcpy(buf, head, hlen);
    return hlen + ts.len;
}

static ppq_status_t decode(ppq_type_t type, const uint8_t *data, size_t len, void *out, size_t *n)
{
    ppq_delta_dec_t dec;
    size_t vsize = type == PPQ_INT64 ? 8u : 4u, total = 0, got;
    ppq_status_t st = ppq_delta_dec_init(&dec, type, tail_copy(data, len), len);
    while (st == PPQ_OK) {
        st = ppq_delta_dec_get(&dec, (uint8_t *)out + total * vsize, 1 + ppq_test_below(200), &got);
        total += got;
        if (got == 0) {
            break;
        }
    }
    *n = total;
    if (st == PPQ_OK && total != ppq_delta_dec_count(&dec)) {
        return PPQ_ERR_STATE;
    }
    return st;
}

/* encodings.txt example 1 (1,2,3,4,5) with block 128, 4 miniblocks:
 * header 128 (80 01), 4, count 5, first 1 (zigzag 2); one block: min
 * delta 1 (zigzag 2), all relative deltas 0 so every width is 0, no data. */
static void spec_example_1(void)
{
    static const uint8_t golden[] = {0x80, 0x01, 0x04, 0x05, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00};
    int32_t v[5] = {1, 2, 3, 4, 5}, back[5];
    ppq_delta_cfg_t cfg = {PPQ_INT32, 128, 4, 0};
    size_t n;
    PPQ_CHECK(setup());
    PPQ_CHECK_EQ(encode(&cfg, v, 5, 0, enc_a), sizeof golden);
    PPQ_CHECK_MEM(enc_a, golden, sizeof golden);
    PPQ_CHECK_OK(decode(PPQ_INT32, golden, sizeof golden, back, &n));
    PPQ_CHECK_EQ(n, 5);
    PPQ_CHECK_MEM(back, v, sizeof v);
}

/* Example 2 (7,5,3,1,2,3,4,5): first 7 (zigzag 14); deltas -2,-2,-2,1,1,1,1;
 * min -2 (zigzag 3); relative 0,0,0,3,3,3,3 at width 2 in the first
 * miniblock, padded to 32 values = 8 bytes: C0 3F then zeros. */
static void spec_example_2(void)
{
    static const uint8_t golden[] = {0x80, 0x01, 0x04, 0x08, 0x0E, 0x03, 0x02, 0x00, 0x00,
                                     0x00, 0xC0, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    int64_t v[8] = {7, 5, 3, 1, 2, 3, 4, 5}, back[8];
    ppq_delta_cfg_t cfg = {PPQ_INT64, 0, 0, 0}; /* defaults: 128 / 4 */
    size_t n, used;
    uint64_t count;
    PPQ_CHECK(setup());
    PPQ_CHECK_EQ(encode(&cfg, v, 8, 0, enc_a), sizeof golden);
    PPQ_CHECK_MEM(enc_a, golden, sizeof golden);
    PPQ_CHECK_OK(decode(PPQ_INT64, golden, sizeof golden, back, &n));
    PPQ_CHECK_EQ(n, 8);
    PPQ_CHECK_MEM(back, v, sizeof v);
    PPQ_CHECK_OK(ppq_delta_stream_end(PPQ_INT64, golden, sizeof golden, &used, &count));
    PPQ_CHECK_EQ(used, sizeof golden);
    PPQ_CHECK_EQ(count, 8);
}

/* The spec's own examples use block size 8, which it calls invalid. */
static void spec_block_size_8_is_rejected(void)
{
    ppq_delta_dec_t dec;
    PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x08\x01\x05\x02\x02\x00", 6), 6), PPQ_ERR_CORRUPT);
}

enum { RANDOM, CONSTANT, MONOTONIC, EXTREMES, WIDTHS, SMALL_NOISE, KINDS };

static void fill(int64_t *v, size_t n, int kind, int is64)
{
    size_t i;
    int64_t t = (int64_t)ppq_test_rand();
    for (i = 0; i < n; i++) {
        int64_t x;
        switch (kind) {
        case CONSTANT: x = 42; break;
        case MONOTONIC: t += (int64_t)ppq_test_below(1000); x = t; break;
        case EXTREMES: x = i % 2 ? (is64 ? INT64_MAX : INT32_MAX) : (is64 ? INT64_MIN : INT32_MIN); break;
        case WIDTHS: { /* deltas of every width 0..64 */
            unsigned w = (unsigned)(i % 65u);
            uint64_t d = w == 0 ? 0 : (w == 64 ? ppq_test_rand() | (1ull << 63) : (ppq_test_rand() | 1ull << (w - 1)) & ((1ull << w) - 1u));
            t = (int64_t)((uint64_t)t + d);
            x = t;
            break;
        }
        case SMALL_NOISE: x = 1700000000000000 + (int64_t)i * 1000000 + (int64_t)ppq_test_below(50); break;
        default: x = (int64_t)ppq_test_rand(); break;
        }
        v[i] = is64 ? x : (int64_t)(int32_t)x;
    }
}

/* Round trips for both types, every kind of data, several geometries and
 * lengths; the bytes are the same however the values are split. */
static void round_trips(void)
{
    static const uint32_t geometry[][2] = {
        {128, 4}, {128, 1}, {256, 8}, {512, 4},
#ifndef PPQ_TEST_SMALL
        {1024, 32}, /* its 8 KB block buffer exceeds the small profile's arena */
#endif
    };
    int t;
    PPQ_CHECK(setup());
    for (t = 0; t < 2; t++) {
        ppq_type_t type = t ? PPQ_INT64 : PPQ_INT32;
        int kind;
        for (kind = 0; kind < KINDS; kind++) {
            size_t lens[] = {0, 1, 2, 127, 128, 129, NMAX / 3u, NMAX - 1u, NMAX};
            size_t li;
            for (li = 0; li < ARRAY_LEN(lens); li++) {
                size_t n = lens[li], got, i, len_a, len_b;
                if (n > NMAX) {
                    continue; /* the small profile stops below a block */
                }
                const uint32_t *g = geometry[(li + (size_t)kind) % ARRAY_LEN(geometry)];
                ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
                cfg.type = type;
                cfg.block_size = g[0];
                cfg.miniblocks = g[1];
                fill(v64, n, kind, t);
                if (!t) {
                    for (i = 0; i < n; i++) {
                        ((int32_t *)(void *)v64)[i] = (int32_t)v64[i]; /* pack into int32s */
                    }
                }
                len_a = encode(&cfg, v64, n, 0, enc_a);
                PPQ_CHECK(len_a != (size_t)-1);
                len_b = encode(&cfg, v64, n, 1 + ppq_test_below(300), enc_b);
                PPQ_CHECK_EQ(len_b, len_a);
                PPQ_CHECK_MEM(enc_b, enc_a, len_a);
                PPQ_CHECK_OK(decode(type, enc_a, len_a, b64, &got));
                PPQ_CHECK_EQ(got, n);
                PPQ_CHECK_MEM(b64, v64, n * (t ? 8u : 4u));
                {
                    size_t used;
                    uint64_t count;
                    memset(enc_a + len_a, 0xEE, 7); /* what follows is not the stream */
                    PPQ_CHECK_OK(ppq_delta_stream_end(type, enc_a, len_a + 7, &used, &count));
                    PPQ_CHECK_EQ(used, len_a);
                    PPQ_CHECK_EQ(count, n);
                }
            }
        }
    }
}

/* An encoder told its page holds at most max_values values buffers only
 * the miniblocks those fill (a smaller arena), writes the bytes an
 * unlimited one writes, and refuses a value once its buffer is full
 * (NOSPACE, not sticky: the page still finishes). */
static void page_sized_buffer(void)
{
    static const uint32_t maxes[] = {1, 2, 8, 33, 64, 65, 100};
    size_t k;
    PPQ_CHECK(setup());
    for (k = 0; k < ARRAY_LEN(maxes); k++) {
        ppq_delta_cfg_t full = {PPQ_INT64, 0, 0, 0}, small = {PPQ_INT64, 0, 0, 0};
        uint32_t n = maxes[k], i, per = 32u, room = (n > 1u ? n - 1u + per - 1u : per) / per * per;
        size_t len_a, len_b;
        small.max_values = n;
        PPQ_CHECK_EQ(ppq_delta_enc_arena_size(&small), (size_t)room * 8u);
        PPQ_CHECK(room == 128u || ppq_delta_enc_arena_size(&small) < ppq_delta_enc_arena_size(&full));
        for (i = 0; i < n; i++) {
            v64[i] = (int64_t)((uint64_t)ppq_test_rand() << (i % 40u));
        }
        len_a = encode(&full, v64, n, 0, enc_a);
        len_b = encode(&small, v64, n, 1 + ppq_test_below(5), enc_b);
        PPQ_CHECK(len_a != (size_t)-1);
        PPQ_CHECK_EQ(len_b, len_a);
        PPQ_CHECK_MEM(enc_b, enc_a, len_a);
        PPQ_CHECK(ppq_delta_max_block_bytes(&small, n) + PPQ_DELTA_HEADER_MAX >= len_a);
        { /* past the buffer */
            ppq_arena_t arena;
            ppq_delta_enc_t enc;
            ppq_sink_t sink;
            tsink_t ts;
            ppq_arena_init(&arena, test_arena_ptr, ppq_delta_enc_arena_size(&small));
            tsink_init(&sink, &ts, enc_a, ENC_CAP, (size_t)-1);
            PPQ_CHECK_OK(ppq_delta_enc_init(&enc, &small, &sink, &arena));
            PPQ_CHECK_OK(ppq_delta_enc_put(&enc, v64, 1u + room));
            PPQ_CHECK_EQ(ppq_delta_enc_put(&enc, v64, 1), room < 128u ? PPQ_ERR_NOSPACE : PPQ_OK);
            PPQ_CHECK_OK(ppq_delta_enc_finish(&enc));
        }
    }
}

/* The writer's row entry: ppq_delta_enc_add, put_word where it declines.
 * The bytes are ppq_delta_enc_put's (values decoded back: the same), and
 * a page-sized buffer refuses the value past it (add must decline it). */
static void row_entry(void)
{
    size_t t;
    PPQ_CHECK(setup());
    for (t = 0; t < 2u; t++) {
        ppq_delta_cfg_t cfg = {PPQ_INT64, 0, 0, t ? 40u : 0u}; /* 40 values: a buffer of 64 deltas */
        ppq_arena_t arena;
        ppq_delta_enc_t e;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        size_t n = t ? 66u : (NMAX < 300u ? NMAX : 300u), i, len_a, got;
        ppq_status_t st = PPQ_OK;
        uint8_t head[PPQ_DELTA_HEADER_MAX];
        for (i = 0; i < n; i++) {
            v64[i] = (int64_t)(i * 1000000u + (uint32_t)ppq_test_rand() % 5000u); /* a jittered clock */
        }
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        ppq_sink_init_mem(&sink, &mem, enc_b, ENC_CAP);
        PPQ_CHECK_OK(ppq_delta_enc_init(&e, &cfg, &sink, &arena));
        for (i = 0; i < n && st == PPQ_OK; i++) {
            st = ppq_delta_enc_add(&e, (uint64_t)v64[i], 1) ? PPQ_OK : ppq_delta_enc_put_word(&e, (uint64_t)v64[i]);
        }
        if (t) { /* 65 values take 64 deltas, the buffer; the 66th is refused */
            PPQ_CHECK_EQ(st, PPQ_ERR_NOSPACE);
            PPQ_CHECK_EQ(i, 66);
            n = 65;
        }
        PPQ_CHECK_OK(ppq_delta_enc_finish(&e));
        len_a = encode(&cfg, v64, n, 0, enc_a);
        PPQ_CHECK(len_a != (size_t)-1);
        {
            size_t h = ppq_delta_enc_header(&e, head);
            PPQ_CHECK_EQ(h + mem.len, len_a);
            PPQ_CHECK_MEM(head, enc_a, h);
            PPQ_CHECK_MEM(enc_b, enc_a + h, mem.len);
        }
        PPQ_CHECK_OK(decode(PPQ_INT64, enc_a, len_a, b64, &got));
        PPQ_CHECK_EQ(got, n);
        PPQ_CHECK_MEM(b64, v64, n * 8u);
    }
}

/* Finish `wide` (into enc_a, `wt`) and `other` (enc_b, `nt`): the same
 * blocks and the same header. */
static void same_stream(ppq_delta_enc_t *wide, ppq_delta_enc_t *other, const tsink_t *wt, const tsink_t *nt)
{
    uint8_t hw[PPQ_DELTA_HEADER_MAX], hn[PPQ_DELTA_HEADER_MAX];
    size_t lw, ln;
    PPQ_CHECK_OK(ppq_delta_enc_finish(wide));
    PPQ_CHECK_OK(ppq_delta_enc_finish(other));
    PPQ_CHECK_EQ(nt->len, wt->len);
    PPQ_CHECK_MEM(enc_b, enc_a, wt->len);
    lw = ppq_delta_enc_header(wide, hw);
    ln = ppq_delta_enc_header(other, hn);
    PPQ_CHECK_EQ(ln, lw);
    PPQ_CHECK_MEM(hn, hw, lw);
}

/* The compact writer's small encoders keep each delta in 1 or 2 bytes,
 * less its block's first (where built: PPQ_DELTA_SMALL; else in 4): the
 * same bytes as the usual encoder while the deltas stay within +-127 or
 * +-32767 of it (timestamps 1000 apart with a jitter); a delta past that
 * refused (NOSPACE, not sticky, ppq_delta_enc_fits saying so first), the
 * page still finishing as the usual one's of the values taken. */
static void small_buffer(void)
{
    unsigned bytes;
    PPQ_CHECK(setup());
    for (bytes = 1; PPQ_WRITER_COMPACT && bytes <= 2u; bytes++) {
        ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
        ppq_arena_t arena;
        ppq_delta_enc_t wide, small;
        ppq_sink_t ws, ns;
        tsink_t wt, nt;
        size_t n = NMAX < 700u ? NMAX : 700u, i, before;
        int32_t *v = (int32_t *)(void *)v64, far;
        for (i = 0; i < n; i++) { /* (a block's deltas 1000 + 0..100, or 1000 -16000..16000) */
            uint32_t r = (uint32_t)ppq_test_rand();
            v[i] = (i ? v[i - 1] : -7) + 1000 + (bytes == 1u ? (int32_t)(r % 101u) : (int32_t)(r % 32001u) - 16000);
        }
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        tsink_init(&ws, &wt, enc_a, ENC_CAP, (size_t)-1);
        tsink_init(&ns, &nt, enc_b, ENC_CAP, (size_t)-1);
        PPQ_CHECK_OK(ppq_delta_enc_init(&wide, &cfg, &ws, &arena));
        before = ppq_arena_used(&arena);
        PPQ_CHECK_OK(ppq_delta_enc_init_small(&small, &cfg, &ns, &arena, bytes));
        PPQ_CHECK(ppq_arena_used(&arena) - before <= ppq_delta_enc_narrow_size(&cfg, bytes));
        PPQ_CHECK(ppq_delta_enc_narrow_size(&cfg, bytes) <= (PPQ_DELTA_SMALL ? 8u + 128u * bytes + 8u : 512u));
        for (i = 0; i < n; i++) {
            PPQ_CHECK_OK(ppq_delta_enc_put(&wide, &v[i], 1));
            PPQ_CHECK_OK(ppq_delta_enc_put(&small, &v[i], 1));
        }
        /* past the bytes: the open block's first delta (taken) then one 2^20 more */
        far = v[n - 1u] + 1000;
        PPQ_CHECK(ppq_delta_enc_fits(&small, (uint32_t)far));
        PPQ_CHECK_OK(ppq_delta_enc_put(&wide, &far, 1));
        PPQ_CHECK_OK(ppq_delta_enc_put(&small, &far, 1));
        far += 1000 + (1 << 20);
        PPQ_CHECK_EQ(ppq_delta_enc_fits(&small, (uint32_t)far), !PPQ_DELTA_SMALL);
        if (PPQ_DELTA_SMALL) {
            PPQ_CHECK_EQ(ppq_delta_enc_put(&small, &far, 1), PPQ_ERR_NOSPACE);
        }
        same_stream(&wide, &small, &wt, &nt);
    }
}

/* A small encoder of INT64 (ppq_delta_enc_init_small takes either type):
 * a delta 2^64 - 1 from its block's first (INT64_MIN after INT64_MAX, or
 * INT64_MAX after INT64_MIN) is past its bytes, not 1 or -1 (the
 * difference wrapped: the block's spread then passed 32 bits and was
 * packed cut); one within them at either end of the range is taken, the
 * stream the usual encoder's.  (And ppq_delta_enc_narrow_size of bytes
 * other than 1 and 2 is 4's, as the encoder takes them.) */
static void small_buffer_int64_ends(void)
{
    static const int64_t firsts[2] = {INT64_MAX, INT64_MIN};
    unsigned k;
    if (!PPQ_WRITER_COMPACT || !PPQ_DELTA_SMALL) {
        return; /* (4-byte deltas: the microbit's flash holds no more) */
    }
    PPQ_CHECK(setup());
    for (k = 0; k < 2u; k++) {
        ppq_delta_cfg_t cfg = {PPQ_INT64, 0, 0, 0};
        ppq_arena_t arena;
        ppq_delta_enc_t wide, small;
        ppq_sink_t ws, ns;
        tsink_t wt, nt;
        int64_t v[3];
        size_t i;
        /* bytes other than 1 and 2 are 4, in the size as in the encoder */
        PPQ_CHECK_EQ(ppq_delta_enc_narrow_size(&cfg, 3u), ppq_delta_enc_narrow_size(&cfg, 4u));
        PPQ_CHECK_EQ(ppq_delta_enc_narrow_size(&cfg, 0u), ppq_delta_enc_narrow_size(&cfg, 4u));
        v[0] = 0;
        v[1] = firsts[k]; /* the block's first delta: an end of the range */
        v[2] = (int64_t)((uint64_t)v[1] + (uint64_t)(k == 0u ? INT64_MIN : INT64_MAX)); /* the other end */
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        tsink_init(&ws, &wt, enc_a, ENC_CAP, (size_t)-1);
        tsink_init(&ns, &nt, enc_b, ENC_CAP, (size_t)-1);
        PPQ_CHECK_OK(ppq_delta_enc_init(&wide, &cfg, &ws, &arena));
        PPQ_CHECK_OK(ppq_delta_enc_init_small(&small, &cfg, &ns, &arena, 1));
        for (i = 0; i < 2u; i++) {
            PPQ_CHECK(ppq_delta_enc_fits(&small, (uint64_t)v[i]));
            PPQ_CHECK_OK(ppq_delta_enc_put(&wide, &v[i], 1));
            PPQ_CHECK_OK(ppq_delta_enc_put(&small, &v[i], 1));
        }
        PPQ_CHECK(!ppq_delta_enc_fits(&small, (uint64_t)v[2]));
        PPQ_CHECK_EQ(ppq_delta_enc_put(&small, &v[2], 1), PPQ_ERR_NOSPACE);
        v[2] = (int64_t)((uint64_t)v[1] + (uint64_t)(k == 0u ? INT64_MAX - 100 : INT64_MIN + 100)); /* 100 in */
        PPQ_CHECK(ppq_delta_enc_fits(&small, (uint64_t)v[2]));
        PPQ_CHECK_OK(ppq_delta_enc_put(&wide, &v[2], 1));
        PPQ_CHECK_OK(ppq_delta_enc_put(&small, &v[2], 1));
        same_stream(&wide, &small, &wt, &nt);
    }
}

/* The compact writer's narrow encoder keeps deltas in 32 bits: the same
 * bytes as the usual one for INT32 (every delta fits, wrapped) and for
 * INT64 whose deltas fit; an INT64 delta beyond refused (NOSPACE, not
 * sticky, ppq_delta_enc_fits saying so first), the page still finishing. */
static void narrow_buffer(void)
{
    size_t t;
    PPQ_CHECK(setup());
    if (!PPQ_WRITER_COMPACT) { /* (a build without the compact layout has no narrow encoder) */
        ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
        ppq_arena_t arena;
        ppq_delta_enc_t e;
        ppq_sink_t sink;
        ppq_sink_init_counter(&sink);
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        PPQ_CHECK_EQ(ppq_delta_enc_init_narrow(&e, &cfg, &sink, &arena), PPQ_ERR_ARG);
        return;
    }
    for (t = 0; t < 2u; t++) {
        ppq_delta_cfg_t cfg = {t ? PPQ_INT64 : PPQ_INT32, 0, 0, 0};
        ppq_arena_t arena;
        ppq_delta_enc_t wide, narrow;
        ppq_sink_t ws, ns;
        tsink_t wt, nt;
        size_t n = NMAX < 700u ? NMAX : 700u, i;
        for (i = 0; i < n; i++) { /* extremes for INT32 (wrapping deltas), a walk for INT64 */
            uint32_t r = (uint32_t)ppq_test_rand();
            if (t) {
                v64[i] = (i ? v64[i - 1] : -5) + (int64_t)(r % 2000001u) - 1000000 + (i % 97u == 5u ? 2000000000 : 0);
            } else {
                ((int32_t *)(void *)v64)[i] = i % 3u == 0u ? (int32_t)r : (int32_t)(r % 1000u) - 500;
            }
        }
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        tsink_init(&ws, &wt, enc_a, ENC_CAP, (size_t)-1);
        tsink_init(&ns, &nt, enc_b, ENC_CAP, (size_t)-1);
        PPQ_CHECK_OK(ppq_delta_enc_init(&wide, &cfg, &ws, &arena));
        PPQ_CHECK_EQ(ppq_arena_used(&arena), ppq_delta_enc_arena_size(&cfg));
        {
            size_t before = ppq_arena_used(&arena);
            PPQ_CHECK_OK(ppq_delta_enc_init_narrow(&narrow, &cfg, &ns, &arena));
            PPQ_CHECK_EQ(ppq_arena_used(&arena) - before, ppq_delta_enc_arena_size(&cfg) / 2u);
        }
        for (i = 0; i < n; i++) {
            const void *v = t ? (const void *)&v64[i] : (const void *)((int32_t *)(void *)v64 + i);
            PPQ_CHECK_OK(ppq_delta_enc_put(&wide, v, 1));
            PPQ_CHECK_OK(ppq_delta_enc_put(&narrow, v, 1));
        }
        if (t) { /* a jump past 32 bits: refused, not sticky */
            int64_t big = v64[n - 1u] + ((int64_t)1 << 33);
            PPQ_CHECK(!ppq_delta_enc_fits(&narrow, (uint64_t)big));
            PPQ_CHECK(ppq_delta_enc_fits(&narrow, (uint64_t)(v64[n - 1u] + 5)));
            PPQ_CHECK_EQ(ppq_delta_enc_put(&narrow, &big, 1), PPQ_ERR_NOSPACE);
        }
        same_stream(&wide, &narrow, &wt, &nt);
    }
}

/* INT64 streams whose miniblocks have every width 0..64 in turn (each
 * block's first delta is 0 and the others are below 2^w, so the minimum
 * delta is 0 and w is the miniblock's width; width 64, last and alone in
 * its block: minimum delta INT64_MIN, one delta INT64_MAX), for miniblocks
 * of 32, 64 and 128 values (and 32 miniblocks of 32), decoded in one call
 * (whole miniblocks: the fast paths) and in calls of random sizes (partial
 * miniblocks); every cut of the stream short is refused, the values before
 * the cut decoded. */
static void int64_every_miniblock_width(void)
{
    static const uint32_t geometry[][2] = {
        {128, 4}, {256, 4}, {128, 1},
#ifndef PPQ_TEST_SMALL
        {1024, 32}, /* more miniblocks than the encoder keeps widths of (8 KB of buffer) */
#endif
    };
    size_t gi;
    PPQ_CHECK(setup());
    for (gi = 0; gi < ARRAY_LEN(geometry); gi++) {
        ppq_delta_cfg_t cfg = {PPQ_INT64, 0, 0, 0};
        uint32_t per = geometry[gi][0] / geometry[gi][1];
        size_t n = 65u * per + 1u, i, len, got, call, cut;
        ppq_delta_dec_t dec;
        n = n < NMAX ? n : NMAX;
        cfg.type = PPQ_INT64;
        cfg.block_size = geometry[gi][0];
        cfg.miniblocks = geometry[gi][1];
        v64[0] = (int64_t)ppq_test_rand();
        for (i = 1; i < n; i++) {
            size_t j = i - 1u; /* delta index */
            unsigned w = (unsigned)(j / per);
            uint64_t d = w == 0u ? 0u : ppq_test_rand() & (~0ull >> (64u - w));
            if (j % per == 0u) {
                d = w == 0u ? 0u : 1ull << (w - 1u); /* the top bit, once */
            }
            if (w == 64u && j % per == 1u) {
                d = ~0ull >> 1; /* INT64_MAX: INT64_MIN + it is 2^64 - 1 */
            } else if (w < 64u && j % cfg.block_size == 0u) {
                d = 0; /* the block's minimum */
            }
            v64[i] = (int64_t)((uint64_t)v64[i - 1u] + d);
        }
        len = encode(&cfg, v64, n, 0, enc_a);
        PPQ_CHECK(len != (size_t)-1);
        for (call = 0; call < 2; call++) {
            memset(b64, 0xA5, n * 8u);
            if (call == 0) {
                PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT64, tail_copy(enc_a, len), len));
                PPQ_CHECK_OK(ppq_delta_dec_get(&dec, b64, n, &got));
            } else {
                PPQ_CHECK_OK(decode(PPQ_INT64, enc_a, len, b64, &got));
            }
            PPQ_CHECK_EQ(got, n);
            PPQ_CHECK_MEM(b64, v64, n * 8u);
        }
        for (cut = len - 1u; gi == 0u && cut > 0u; cut = cut > 7u ? cut - 7u : cut - 1u) {
            PPQ_CHECK(decode(PPQ_INT64, enc_a, cut, b64, &got) == PPQ_ERR_CORRUPT);
            PPQ_CHECK(got < n);
            PPQ_CHECK_MEM(b64, v64, got * 8u);
        }
    }
}

/* A block's least delta first in a later miniblock of odd length (a
 * page's last block): 32-bit cores find the min and max in pairs, the odd
 * value alone, and the min must count it.  Header and widths from the
 * spec's arithmetic. */
static void min_first_in_odd_miniblock(void)
{
    static const uint8_t head[] = {0x80, 0x01, 4, 36, 0xD0, 0x0F, /* 128, 4, 36 values, first 1000 */
                                   2, 4, 4, 0, 0};                /* min delta 1; widths 4, 4, unused */
    ppq_delta_cfg_t cfg = {PPQ_INT64, 128, 4, 0};
    size_t i, len, got;
    ppq_delta_dec_t dec;
    PPQ_CHECK(setup());
    v64[0] = 1000;
    for (i = 1; i < 36u; i++) {
        v64[i] = v64[i - 1u] + (i == 33u ? 1 : 10); /* 35 deltas: miniblock 1 holds 3, its first the least */
    }
    len = encode(&cfg, v64, 36, 0, enc_a);
    PPQ_CHECK(len != (size_t)-1 && len > sizeof head);
    PPQ_CHECK_MEM(enc_a, head, sizeof head);
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT64, tail_copy(enc_a, len), len));
    PPQ_CHECK_OK(ppq_delta_dec_get(&dec, b64, 36, &got));
    PPQ_CHECK_EQ(got, 36);
    PPQ_CHECK_MEM(b64, v64, 36u * 8u);
}

/* An INT64 stream of one full miniblock at each width 0..64 (the first
 * delta 0, then the top bit once; width 64: INT64_MIN, INT64_MAX), so
 * the data ends where the miniblock does: a kernel that reads past it
 * is caught under ASan.  Decoded in one call. */
static void int64_single_miniblock_widths(void)
{
    ppq_delta_cfg_t cfg = {PPQ_INT64, 128, 4, 0};
    unsigned w;
    size_t i, len, got;
    ppq_delta_dec_t dec;
    PPQ_CHECK(setup());
    for (w = 0; w <= 64u; w++) {
        v64[0] = 5; /* a one-byte header field */
        for (i = 1; i <= 32u; i++) {
            uint64_t d = w == 0u ? 0u : ppq_test_rand() & (~0ull >> (64u - w));
            if (i <= 2u) {
                d = w == 64u ? (i == 1u ? 1ull << 63 : ~0ull >> 1) : (i == 1u ? 0u : d | (w == 0u ? 0u : 1ull << (w - 1u)));
            }
            v64[i] = (int64_t)((uint64_t)v64[i - 1u] + d);
        }
        len = encode(&cfg, v64, 33, 0, enc_a);
        PPQ_CHECK(len != (size_t)-1);
        /* miniblock 0's width, after the header (5 bytes) and the min delta
         * (zigzag: 1 byte, 10 for INT64_MIN) */
        PPQ_CHECK_EQ(enc_a[w == 64u ? 15 : 6], w);
        memset(b64, 0xA5, 33u * 8u);
        PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT64, tail_copy(enc_a, len), len));
        PPQ_CHECK_OK(ppq_delta_dec_get(&dec, b64, 33, &got));
        PPQ_CHECK_EQ(got, 33);
        PPQ_CHECK_MEM(b64, v64, 33u * 8u);
    }
}

/* Padding bits of the last miniblock and the widths of unused miniblocks
 * of the last block may hold anything; decoders must accept it. */
static void arbitrary_padding_accepted(void)
{
    int32_t v[40], back[40];
    ppq_delta_cfg_t cfg = {PPQ_INT32, 128, 4, 0};
    size_t len, i, got;
    PPQ_CHECK(setup());
    for (i = 0; i < 40; i++) {
        v[i] = (int32_t)(i * i);
    }
    len = encode(&cfg, v, 40, 0, enc_a);
    /* header 80 01 04 28 00 (5 bytes); block: min delta (1 byte), widths at
     * [6..9]: miniblocks 0 and 1 used, 2 and 3 unused */
    PPQ_CHECK_EQ(enc_a[8], 0);
    PPQ_CHECK_EQ(enc_a[9], 0);
    enc_a[8] = 0x7F; /* nonsense widths for unused miniblocks */
    enc_a[9] = 0xFF;
    enc_a[len - 1] |= 0xF0; /* padding values of miniblock 1 */
    PPQ_CHECK_OK(decode(PPQ_INT32, enc_a, len, back, &got));
    PPQ_CHECK_EQ(got, 40);
    PPQ_CHECK_MEM(back, v, sizeof v);
}

static void forbidden_streams_rejected(void)
{
    ppq_delta_dec_t dec;
    int32_t out[8];
    int64_t *out64 = b64;
    size_t got, used, cut, len;
    uint64_t count;
    PPQ_CHECK(setup());
    /* block size 100; 0; miniblock size 16 (128 / 8) */
    PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x64\x04\x01\x00", 4), 4), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x00\x04\x01\x00", 4), 4), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x80\x01\x08\x01\x00", 5), 5), PPQ_ERR_CORRUPT);
    /* an INT32 first value out of range */
    PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x80\x01\x04\x01\x80\x80\x80\x80\x10", 9), 9),
                 PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_BOOLEAN, "\x80\x01\x04\x01\x00", 5), PPQ_ERR_ARG);
    /* bit width 33 for INT32, cut short: its miniblock is missing */
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x80\x01\x04\x03\x00\x00\x21\x00\x00\x00", 10), 10));
    PPQ_CHECK_EQ(ppq_delta_dec_get(&dec, out, 3, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 1); /* the first value came from the header */
    {
        /* ... and whole: INT32 deltas 64-bit writers (DuckDB) make, wider than
         * 32 bits, wrap to 32 (the spec: arithmetic wraps in two's complement):
         * first value 7, min delta 0, deltas 2^32 + 5 and 2^32 - 1 -> 7, 12, 11 */
        static uint8_t s33[10 + 132];
        static const uint64_t deltas[32] = {0x100000005ull, 0xFFFFFFFFull};
        memcpy(s33, "\x80\x01\x04\x03\x0E\x00\x21\x00\x00\x00", 10);
        ppq_pack64(deltas, 32, 33, s33 + 10);
        PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT32, s33, sizeof s33));
        PPQ_CHECK_OK(ppq_delta_dec_get(&dec, out, 3, &got));
        PPQ_CHECK(got == 3u && ((int32_t *)out)[0] == 7 && ((int32_t *)out)[1] == 12 && ((int32_t *)out)[2] == 11);
    }
    /* bit width 65 for INT64 */
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT64, tail_copy("\x80\x01\x04\x03\x00\x00\x41\x00\x00\x00", 10), 10));
    PPQ_CHECK_EQ(ppq_delta_dec_get(&dec, out64, 3, &got), PPQ_ERR_CORRUPT);
    /* a count larger than the data holds */
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x80\x01\x04\xAC\x02\x00\x00\x00\x00\x00\x00", 11), 11));
    PPQ_CHECK_EQ(ppq_delta_dec_get(&dec, out64, 130, &got), PPQ_ERR_CORRUPT); /* 1 + 128 then nothing */
    PPQ_CHECK_EQ(got, 129);
    /* every truncation of a real stream */
    fill(v64, NMAX, RANDOM, 1);
    {
        ppq_delta_cfg_t cfg = {PPQ_INT64, 0, 0, 0};
        len = encode(&cfg, v64, NMAX < 300u ? NMAX : 300u, 0, enc_a);
    }
    for (cut = 0; cut < len; cut++) {
        size_t n;
        PPQ_CHECK(decode(PPQ_INT64, enc_a, cut, b64, &n) == PPQ_ERR_CORRUPT);
        PPQ_CHECK(n < 300);
        PPQ_CHECK_MEM(b64, v64, n * 8u);
        PPQ_CHECK_EQ(ppq_delta_stream_end(PPQ_INT64, tail_copy(enc_a, cut), cut, &used, &count), PPQ_ERR_CORRUPT);
    }
}

static void encoder_arguments_and_failures(void)
{
    ppq_delta_cfg_t cfg = {PPQ_INT32, 100, 4, 0};
    ppq_arena_t arena;
    ppq_delta_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    static uint64_t small[8];
    size_t full, k;
    PPQ_CHECK(setup());
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, enc_a, ENC_CAP, (size_t)-1);
    PPQ_CHECK_EQ(ppq_delta_enc_init(&enc, &cfg, &sink, &arena), PPQ_ERR_ARG); /* block 100 */
    cfg.block_size = 128;
    cfg.miniblocks = 8; /* 16 values per miniblock */
    PPQ_CHECK_EQ(ppq_delta_enc_init(&enc, &cfg, &sink, &arena), PPQ_ERR_ARG);
    cfg.miniblocks = 4;
    cfg.type = PPQ_FLOAT;
    PPQ_CHECK_EQ(ppq_delta_enc_init(&enc, &cfg, &sink, &arena), PPQ_ERR_ARG);
    cfg.type = PPQ_INT32;
    ppq_arena_init(&arena, small, sizeof small);
    PPQ_CHECK_EQ(ppq_delta_enc_init(&enc, &cfg, &sink, &arena), PPQ_ERR_ARENA);
    /* a sink failing at every byte position of the blocks */
    fill(v64, NMAX, MONOTONIC, 1);
    cfg.type = PPQ_INT64;
    full = encode(&cfg, v64, NMAX, 0, enc_b);
    PPQ_CHECK(full != (size_t)-1);
    {
        uint8_t head[PPQ_DELTA_HEADER_MAX];
        full -= ppq_delta_header(&cfg, NMAX, v64[0], head); /* the sink sees only the blocks */
    }
    for (k = 0; k < full; k += 1u + k / 16u) {
        ppq_status_t st;
        ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
        tsink_init(&sink, &ts, enc_a, ENC_CAP, k);
        PPQ_CHECK_OK(ppq_delta_enc_init(&enc, &cfg, &sink, &arena));
        st = ppq_delta_enc_put(&enc, v64, NMAX);
        if (st == PPQ_OK) {
            st = ppq_delta_enc_finish(&enc);
        }
        PPQ_CHECK_EQ(st, PPQ_ERR_IO);
        PPQ_CHECK_EQ(ppq_delta_enc_put(&enc, v64, 1), PPQ_ERR_IO);
        PPQ_CHECK_EQ(ppq_delta_enc_finish(&enc), PPQ_ERR_IO);
    }
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, enc_a, ENC_CAP, (size_t)-1);
    PPQ_CHECK_OK(ppq_delta_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_OK(ppq_delta_enc_finish(&enc));
    PPQ_CHECK_EQ(ppq_delta_enc_finish(&enc), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_delta_enc_put(&enc, v64, 1), PPQ_ERR_STATE);
    {
        uint8_t head[PPQ_DELTA_HEADER_MAX];
        PPQ_CHECK_EQ(ppq_delta_enc_header(&enc, head), 5); /* 80 01 04 00 00 */
        PPQ_CHECK_MEM(head, "\x80\x01\x04\x00\x00", 5);
    }
}

static void random_bytes_never_crash(void)
{
    int i;
    PPQ_CHECK(setup());
    for (i = 0; i < 4000; i++) {
        uint8_t junk[64];
        size_t len = ppq_test_below(sizeof junk + 1), k, got, total = 0;
        ppq_type_t type = i % 2 ? PPQ_INT64 : PPQ_INT32;
        ppq_delta_dec_t dec;
        ppq_status_t st;
        for (k = 0; k < len; k++) {
            junk[k] = (uint8_t)ppq_test_rand();
        }
        if (len > 4) { /* mostly valid headers, to get into the blocks */
            memcpy(junk, "\x80\x01\x04", 3);
            junk[3] = (uint8_t)(junk[3] & 0x7F);
        }
        st = ppq_delta_dec_init(&dec, type, tail_copy(junk, len), len);
        while (st == PPQ_OK) {
            st = ppq_delta_dec_get(&dec, b64, 1 + ppq_test_below(NMAX < 200u ? NMAX : 200u), &got);
            total += got;
            if (got == 0) {
                break;
            }
        }
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT);
        PPQ_CHECK(st != PPQ_OK || total == ppq_delta_dec_count(&dec));
    }
}

/* Hostile streams through each entry (ppq_delta_dec_get, _get_i32 and
 * ppq_delta_stream_end each carry their own copy of the miniblock
 * opening): header 128/4, 3 values, first 1; a block of min delta 1 and
 * widths 0 (values 1, 2, 3), then the same cut or broken. */
static void hostile_streams_every_entry(void)
{
    static const uint8_t good[10] = {0x80, 0x01, 4, 3, 2, 2, 0, 0, 0, 0};
    struct {
        size_t len;
        uint8_t width; /* the first miniblock's width (0: as good) */
    } bad[] = {
        {5, 0},  /* no block header */
        {8, 0},  /* two of the four widths */
        {10, 65}, /* a width past 64 */
        {10, 8},  /* width 8: 32 bytes of miniblock missing */
    };
    uint8_t buf[10];
    int32_t o32[4];
    int64_t o64[4];
    size_t got = 9, used = 0, i;
    uint64_t count = 0;
    ppq_delta_dec_t dec;
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT32, good, sizeof good));
    PPQ_CHECK_EQ(ppq_delta_dec_get_i32(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_delta_dec_get_i32(&dec, o32, 0, &got)); /* nothing asked: the first value stays */
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_delta_dec_get_i32(&dec, o32, 4, &got));
    PPQ_CHECK(got == 3 && o32[0] == 1 && o32[1] == 2 && o32[2] == 3);
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT64, good, sizeof good));
    PPQ_CHECK_EQ(ppq_delta_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_delta_dec_get(&dec, o64, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_delta_dec_get(&dec, NULL, 0, &got)); /* nothing asked, nowhere: fine */
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_delta_dec_get(&dec, o64, 4, &got));
    PPQ_CHECK(got == 3 && o64[0] == 1 && o64[1] == 2 && o64[2] == 3);
    PPQ_CHECK_OK(ppq_delta_stream_end(PPQ_INT32, good, sizeof good, &used, &count));
    PPQ_CHECK(used == 10 && count == 3);
    for (i = 0; i < ARRAY_LEN(bad); i++) {
        memcpy(buf, good, sizeof good);
        buf[6] = bad[i].width;
        PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy(buf, bad[i].len), bad[i].len));
        PPQ_CHECK_EQ(ppq_delta_dec_get_i32(&dec, o32, 4, &got), PPQ_ERR_CORRUPT);
        PPQ_CHECK(got == 1 && o32[0] == 1); /* the first value, from the header */
        PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy(buf, bad[i].len), bad[i].len));
        PPQ_CHECK_EQ(ppq_delta_dec_get(&dec, o32, 4, &got), PPQ_ERR_CORRUPT);
        PPQ_CHECK(got == 1 && o32[0] == 1);
        PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT64, tail_copy(buf, bad[i].len), bad[i].len));
        PPQ_CHECK_EQ(ppq_delta_dec_get(&dec, o64, 4, &got), PPQ_ERR_CORRUPT);
        PPQ_CHECK(got == 1 && o64[0] == 1);
        PPQ_CHECK_EQ(ppq_delta_stream_end(PPQ_INT32, tail_copy(buf, bad[i].len), bad[i].len, &used, &count),
                     PPQ_ERR_CORRUPT);
    }
}

/* ---- the 32-bit targets' path (PPQ_FAST64 0) beside the host's ---- */

/* ppq_delta.c built a second time as for 32-bit targets (Makefile:
 * delta32_copy.o). */
size_t ppq_delta32_enc_arena_size(const ppq_delta_cfg_t *cfg);
ppq_status_t ppq_delta32_enc_init(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out, ppq_arena_t *arena);
ppq_status_t ppq_delta32_enc_init_narrow(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out,
                                         ppq_arena_t *arena);
ppq_status_t ppq_delta32_enc_put_word(ppq_delta_enc_t *enc, uint64_t v);
size_t ppq_delta32_enc_block_bytes(const ppq_delta_enc_t *enc, uint64_t v);
ppq_status_t ppq_delta32_enc_finish(ppq_delta_enc_t *enc);
size_t ppq_delta32_enc_header(const ppq_delta_enc_t *enc, uint8_t *out);
ppq_status_t ppq_delta32_dec_init(ppq_delta_dec_t *dec, ppq_type_t type, const void *data, size_t len);
ppq_status_t ppq_delta32_dec_get(ppq_delta_dec_t *dec, void *out, size_t max, size_t *got);
ppq_status_t ppq_delta32_dec_get_i32(ppq_delta_dec_t *dec, int32_t *out, size_t max, size_t *got);

typedef struct delta_impl {
    ppq_status_t (*init)(ppq_delta_enc_t *, const ppq_delta_cfg_t *, ppq_sink_t *, ppq_arena_t *);
    ppq_status_t (*init_narrow)(ppq_delta_enc_t *, const ppq_delta_cfg_t *, ppq_sink_t *, ppq_arena_t *);
    ppq_status_t (*put_word)(ppq_delta_enc_t *, uint64_t);
    size_t (*block_bytes)(const ppq_delta_enc_t *, uint64_t);
    ppq_status_t (*finish)(ppq_delta_enc_t *);
    size_t (*header)(const ppq_delta_enc_t *, uint8_t *);
    ppq_status_t (*dec_init)(ppq_delta_dec_t *, ppq_type_t, const void *, size_t);
    ppq_status_t (*dec_get)(ppq_delta_dec_t *, void *, size_t, size_t *);
    ppq_status_t (*dec_get_i32)(ppq_delta_dec_t *, int32_t *, size_t, size_t *);
} delta_impl_t;

static const delta_impl_t host_impl = {ppq_delta_enc_init,  ppq_delta_enc_init_narrow, ppq_delta_enc_put_word,
                                       ppq_delta_enc_block_bytes, ppq_delta_enc_finish, ppq_delta_enc_header,
                                       ppq_delta_dec_init, ppq_delta_dec_get, ppq_delta_dec_get_i32};
static const delta_impl_t m32_impl = {ppq_delta32_enc_init,  ppq_delta32_enc_init_narrow, ppq_delta32_enc_put_word,
                                      ppq_delta32_enc_block_bytes, ppq_delta32_enc_finish, ppq_delta32_enc_header,
                                      ppq_delta32_dec_init, ppq_delta32_dec_get, ppq_delta32_dec_get_i32};

/* n values (their bits, INT32 zero-extended) one at a time into buf
 * (header first); every block's size as ppq_delta_enc_block_bytes
 * predicted it checked against what the block wrote.  The length, or 0. */
static size_t encode_words(const delta_impl_t *im, const ppq_delta_cfg_t *cfg, int narrow, const int64_t *v, size_t n,
                           uint8_t *buf)
{
    ppq_arena_t arena;
    ppq_delta_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    size_t i, hlen, predicted = 0, before = 0;
    uint8_t head[PPQ_DELTA_HEADER_MAX];
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, buf + PPQ_DELTA_HEADER_MAX, ENC_CAP - PPQ_DELTA_HEADER_MAX, (size_t)-1);
    if ((narrow ? im->init_narrow : im->init)(&enc, cfg, &sink, &arena) != PPQ_OK) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        uint64_t w = cfg->type == PPQ_INT64 ? (uint64_t)v[i] : (uint64_t)(uint32_t)v[i];
        predicted = im->block_bytes(&enc, w);
        before = ts.len;
        if (im->put_word(&enc, w) != PPQ_OK) {
            return 0;
        }
        if (predicted != 0u && ts.len - before != predicted) {
            return 0; /* the prediction the compact layout relies on, wrong */
        }
        if (predicted == 0u && ts.len != before) {
            return 0; /* a block written unannounced */
        }
    }
    if (im->finish(&enc) != PPQ_OK) {
        return 0;
    }
    hlen = im->header(&enc, head);
    memmove(buf + hlen, buf + PPQ_DELTA_HEADER_MAX, ts.len);
    memcpy(buf, head, hlen);
    return hlen + ts.len;
}

/* The values back (INT32 through both entries), all of them or not. */
static int decodes_to(const delta_impl_t *im, ppq_type_t type, const uint8_t *data, size_t len, const int64_t *v,
                      size_t n)
{
    ppq_delta_dec_t dec;
    size_t got, i;
    int32_t *o32 = (int32_t *)(void *)b64;
    if (im->dec_init(&dec, type, data, len) != PPQ_OK || im->dec_get(&dec, b64, n + 1u, &got) != PPQ_OK || got != n) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (type == PPQ_INT64 ? b64[i] != v[i] : o32[i] != (int32_t)v[i]) {
            return 0;
        }
    }
    if (type == PPQ_INT32) {
        if (im->dec_init(&dec, type, data, len) != PPQ_OK || im->dec_get_i32(&dec, o32, n + 1u, &got) != PPQ_OK ||
            got != n) {
            return 0;
        }
        for (i = 0; i < n; i++) {
            if (o32[i] != (int32_t)v[i]) {
                return 0;
            }
        }
    }
    return 1;
}

/* Values whose deltas take about `bits` bits (0: one delta throughout;
 * 65: any 64-bit values), with the odd larger jump. */
static void delta_values(int64_t *v, size_t n, unsigned bits, ppq_type_t type)
{
    size_t i;
    uint64_t x = ppq_test_rand() >> 1; /* (unsigned: wraps where int64 would overflow) */
    for (i = 0; i < n; i++) {
        uint64_t r = ppq_test_rand();
        if (bits == 0u) {
            x += 7u;
        } else if (bits >= 64u) {
            x = r;
        } else {
            x += (r & ((1ull << bits) - 1u)) - (1ull << (bits - 1u));
        }
        v[i] = type == PPQ_INT32 ? (int64_t)(int32_t)(uint32_t)x : (int64_t)x;
    }
}

static void fast64_and_32bit_paths_agree(void)
{
    static const unsigned widths[] = {0, 1, 3, 8, 13, 16, 17, 24, 31, 32, 33, 40, 47, 63, 64};
    static const uint32_t geometry[][2] = {{128, 4}, {128, 1}, {512, 16}, {256, 2}};
    size_t counts[] = {1, 2, 31, 127, 128, 129, 700, NMAX};
    unsigned t, wi, g, ci;
    PPQ_CHECK(setup());
    for (t = 0; t < 2; t++) {
        ppq_type_t type = t == 0 ? PPQ_INT32 : PPQ_INT64;
        for (wi = 0; wi < ARRAY_LEN(widths); wi++) {
            for (g = 0; g < ARRAY_LEN(geometry); g++) {
                for (ci = 0; ci < ARRAY_LEN(counts); ci++) {
                    ppq_delta_cfg_t cfg;
                    size_t n = counts[ci] < NMAX ? counts[ci] : NMAX, la, lb;
                    int narrow;
                    memset(&cfg, 0, sizeof cfg);
                    cfg.type = type;
                    cfg.block_size = geometry[g][0];
                    cfg.miniblocks = geometry[g][1];
                    if (ppq_delta_enc_arena_size(&cfg) > test_arena_size) {
                        continue; /* (PPQ_TEST_SMALL: a 512-value INT64 block passes the 4 KB arena) */
                    }
                    delta_values(v64, n, widths[wi], type);
                    for (narrow = 0; narrow < 2; narrow++) {
                        if (narrow && (!PPQ_WRITER_COMPACT || (type == PPQ_INT64 && widths[wi] > 31u))) {
                            continue; /* (narrow: deltas that fit 32 bits) */
                        }
                        la = encode_words(&host_impl, &cfg, narrow, v64, n, enc_a);
                        lb = encode_words(&m32_impl, &cfg, narrow, v64, n, enc_b);
                        PPQ_CHECK(la > 0u && la == lb);
                        PPQ_CHECK_MEM(enc_a, enc_b, la);
                        PPQ_CHECK(decodes_to(&host_impl, type, enc_a, la, v64, n));
                        PPQ_CHECK(decodes_to(&m32_impl, type, enc_a, la, v64, n));
                    }
                }
            }
        }
    }
    if (PPQ_WRITER_COMPACT) { /* a narrow INT64 encoder refuses a delta past 32 bits, and goes on */
        ppq_arena_t arena;
        ppq_delta_enc_t enc;
        ppq_sink_t sink;
        tsink_t ts;
        ppq_delta_cfg_t cfg;
        unsigned k;
        memset(&cfg, 0, sizeof cfg);
        cfg.type = PPQ_INT64;
        for (k = 0; k < 2; k++) {
            const delta_impl_t *im = k == 0 ? &host_impl : &m32_impl;
            ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
            tsink_init(&sink, &ts, enc_a, ENC_CAP, (size_t)-1);
            PPQ_CHECK_OK(im->init_narrow(&enc, &cfg, &sink, &arena));
            PPQ_CHECK_OK(im->put_word(&enc, 5));
            PPQ_CHECK_EQ(ppq_delta_enc_fits(&enc, 5u + 0x80000000u), 0);
            PPQ_CHECK_EQ(ppq_delta_enc_fits(&enc, 5u + 0x7FFFFFFFu), 1);
            PPQ_CHECK_EQ(im->put_word(&enc, 5u + 0x80000000u), PPQ_ERR_NOSPACE);
            PPQ_CHECK_EQ(im->put_word(&enc, (uint64_t)(5 - 0x7FFFFFFFLL - 2)), PPQ_ERR_NOSPACE);
            PPQ_CHECK_OK(im->put_word(&enc, 6));
            PPQ_CHECK_OK(im->finish(&enc));
            {
                uint8_t head[PPQ_DELTA_HEADER_MAX];
                size_t hlen = im->header(&enc, head);
                int64_t want[2] = {5, 6};
                memmove(enc_a + hlen, enc_a, ts.len);
                memcpy(enc_a, head, hlen);
                PPQ_CHECK(decodes_to(im, PPQ_INT64, enc_a, hlen + ts.len, want, 2));
            }
        }
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(spec_example_1),
    PPQ_TEST(spec_example_2),
    PPQ_TEST(spec_block_size_8_is_rejected),
    PPQ_TEST(round_trips),
    PPQ_TEST(int64_every_miniblock_width),
    PPQ_TEST(int64_single_miniblock_widths),
    PPQ_TEST(min_first_in_odd_miniblock),
    PPQ_TEST(page_sized_buffer),
    PPQ_TEST(row_entry),
    PPQ_TEST(narrow_buffer),
    PPQ_TEST(small_buffer),
    PPQ_TEST(small_buffer_int64_ends),
    PPQ_TEST(arbitrary_padding_accepted),
    PPQ_TEST(forbidden_streams_rejected),
    PPQ_TEST(encoder_arguments_and_failures),
    PPQ_TEST(random_bytes_never_crash),
    PPQ_TEST(hostile_streams_every_entry),
    PPQ_TEST(fast64_and_32bit_paths_agree),
};
PPQ_SUITE(suite_delta, "delta", cases);
