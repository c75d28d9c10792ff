/* RLE / bit-packed hybrid: golden bytes from the spec's grammar and
 * example, the encoder's run policy, round trips at every width, any valid
 * mix of runs, chunking and sink failures, hostile input. */
#include <string.h>

#include "test_util.h"
#include "ppq_rle_internal.h"

#define NMAX PPQ_TEST_MAX_VALUES

#ifdef PPQ_TEST_SMALL
#define MIX_VALUES NMAX /* values per hand-built stream (3000 on larger targets) */
#define MIX_GROUPS 8u   /* most groups per hand-built bit-packed run (200) */
#define MIX_RUN 300u    /* longest hand-built RLE run (3000) */
#else
#define MIX_VALUES 3000u
#define MIX_GROUPS 200u
#define MIX_RUN 3000u
#endif

/* Staged bytes for length-prefixed encodes: what the arena has left after
 * the largest bit-packed run buffer (63 groups at width 32). */
#define PREFIX_CAP (PPQ_TEST_ARENA - 2048u < PPQ_TEST_BUF - 4u ? PPQ_TEST_ARENA - 2048u : PPQ_TEST_BUF - 4u)

static uint32_t *vals, *back, *mix_groups;
static uint8_t *out_a, *out_b;

static int setup(void)
{
    test_setup();
    vals = (uint32_t *)test_alloc(NMAX * 4u);
    back = (uint32_t *)test_alloc(NMAX * 4u);
    out_a = (uint8_t *)test_alloc(PPQ_TEST_BUF);
    out_b = (uint8_t *)test_alloc(PPQ_TEST_BUF);
    mix_groups = (uint32_t *)test_alloc(8u * MIX_GROUPS * 4u);
    return mix_groups != NULL;
}

/* Encode with one put; returns the byte count, (size_t)-1 on failure. */
static size_t encode(const uint32_t *v, size_t n, unsigned w, int prefix, uint8_t *out)
{
    ppq_arena_t arena;
    ppq_rle_enc_t enc;
    ppq_rle_cfg_t cfg = {0, 0, 0, 0};
    ppq_sink_t sink;
    tsink_t ts;
    cfg.bit_width = w;
    cfg.length_prefix = (uint8_t)prefix;
    cfg.prefix_cap = PREFIX_CAP;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, out, PPQ_TEST_BUF, (size_t)-1);
    if (ppq_rle_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK || ppq_rle_enc_put(&enc, v, n) != PPQ_OK ||
        ppq_rle_enc_finish(&enc) != PPQ_OK) {
        return (size_t)-1;
    }
    return ts.len;
}

/* Decode `count` values with random get sizes; returns the status. */
static ppq_status_t decode(const uint8_t *data, size_t len, unsigned w, int prefix, size_t count, uint32_t *out)
{
    ppq_rle_dec_t dec;
    size_t pos = 0, got;
    ppq_status_t st = ppq_rle_dec_init(&dec, w, prefix, tail_copy(data, len), len, count);
    while (st == PPQ_OK) {
        st = ppq_rle_dec_get(&dec, out + pos, 1 + ppq_test_below(300), &got);
        pos += got;
        if (got == 0) {
            break;
        }
    }
    if (st == PPQ_OK && pos != count) {
        return PPQ_ERR_STATE; /* the test's own "wrong count" marker */
    }
    return st;
}

/* encodings.txt: 0..7 at width 3 is 88 C6 FA; one bit-packed group has the
 * header varint(1 << 1 | 1) = 03. */
static void spec_example_bit_packed(void)
{
    PPQ_CHECK(setup());
    uint32_t v[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    PPQ_CHECK_EQ(encode(v, 8, 3, 0, out_a), 4);
    PPQ_CHECK_MEM(out_a, "\x03\x88\xC6\xFA", 4);
    PPQ_CHECK_OK(decode(out_a, 4, 3, 0, 8, back));
    PPQ_CHECK_MEM(back, v, sizeof v);
    /* with the 4-byte little-endian length prefix */
    PPQ_CHECK_EQ(encode(v, 8, 3, 1, out_a), 8);
    PPQ_CHECK_MEM(out_a, "\x04\x00\x00\x00\x03\x88\xC6\xFA", 8);
    PPQ_CHECK_OK(decode(out_a, 8, 3, 1, 8, back));
    PPQ_CHECK_MEM(back, v, sizeof v);
}

/* rle-header = varint(run-len << 1), value in ceil(width/8) bytes LE. */
static void rle_run_golden(void)
{
    PPQ_CHECK(setup());
    size_t i;
    for (i = 0; i < 100; i++) {
        vals[i] = 0x1234;
    }
    PPQ_CHECK(encode(vals, 8, 3, 0, out_a) == (size_t)-1); /* 0x1234 does not fit 3 bits */
    PPQ_CHECK_EQ(encode(vals, 100, 13, 0, out_a), 4);
    PPQ_CHECK_MEM(out_a, "\xC8\x01\x34\x12", 4);
    for (i = 0; i < 8; i++) {
        vals[i] = 5;
    }
    PPQ_CHECK_EQ(encode(vals, 8, 3, 0, out_a), 2);
    PPQ_CHECK_MEM(out_a, "\x10\x05", 2);
    for (i = 0; i < 3; i++) {
        vals[i] = 0xFFFFFFFFu;
    }
    for (i = 3; i < 11; i++) {
        vals[i] = 0xABCDEF01u;
    }
    /* 3 values then a run of 8 starting mid-group: all bit-packed */
    PPQ_CHECK_EQ(encode(vals, 11, 32, 0, out_a), 1 + 16 * 4);
    PPQ_CHECK_EQ(out_a[0], 0x05); /* two groups */
}

/* The policy in ppq_rle.h: runs of 8+ starting at a group boundary become
 * RLE runs, the rest is bit-packed, the last group zero-padded. */
static void policy_mixed_golden(void)
{
    PPQ_CHECK(setup());
    uint32_t v[20] = {1, 2, 3, 4, 5, 6, 7, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 2};
    uint32_t w[16] = {1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    PPQ_CHECK_EQ(encode(v, 20, 3, 0, out_a), 4 + 2 + 4);
    PPQ_CHECK_MEM(out_a, "\x03\xD1\x58\x1F" "\x14\x04" "\x03\x11\x00\x00", 10);
    PPQ_CHECK_OK(decode(out_a, 10, 3, 0, 20, back));
    PPQ_CHECK_MEM(back, v, sizeof v);
    /* 1 then fifteen 2s: the first group is literal, the second a run */
    PPQ_CHECK_EQ(encode(w, 16, 3, 0, out_a), 6);
    PPQ_CHECK_MEM(out_a, "\x03\x91\x24\x49" "\x10\x02", 6);
}

/* Groups that look like runs to a careless test: halves alike, all but
 * one value alike, at every width a target packs a group at a time (1-16;
 * 32-bit targets: 1-8 joined in words, 9-16 in pairs) and a few wider:
 * bit-packed, never a run; the bytes are the bit-packed header and
 * ppq_pack32's, the values come back. */
static void groups_that_are_not_runs(void)
{
    unsigned w;
    PPQ_CHECK(setup());
    for (w = 1; w <= 18; w++) {
        uint32_t mask = (1u << w) - 1u, v[24], i;
        size_t len;
        uint8_t expect[1 + 3 * 18];
        for (i = 0; i < 8; i++) {
            v[i] = (i % 2u == 0u ? 1u : 2u) & mask;      /* a b a b a b a b: its halves alike */
            v[8 + i] = i == 7u ? 0u : mask;              /* seven alike, then another */
            v[16 + i] = (i < 4u ? 3u : 3u ^ 1u) & mask;  /* two halves of four alike */
        }
        len = encode(v, 24, w, 0, out_a);
        expect[0] = 3u << 1 | 1u; /* three bit-packed groups */
        ppq_pack32(v, 24, w, expect + 1);
        PPQ_CHECK_EQ(len, 1u + 3u * w);
        PPQ_CHECK_MEM(out_a, expect, len);
        PPQ_CHECK_OK(decode(out_a, len, w, 0, 24, back));
        PPQ_CHECK_MEM(back, v, sizeof v);
    }
}

/* The encoder writes no byte past its arena: groups that fill its
 * bit-packed run buffer exactly (widths 1-18, a few buffer sizes), the
 * arena followed by guard bytes; the stream decodes back. */
static void group_buffer_bounds(void)
{
    unsigned w, g;
    PPQ_CHECK(setup());
    for (w = 1; w <= 18; w++) {
        for (g = 1; g <= 9; g += 4) {
            ppq_rle_cfg_t cfg = {0, 0, 0, 0};
            ppq_arena_t arena;
            ppq_rle_enc_t enc;
            ppq_sink_t sink;
            tsink_t ts;
            size_t size, i, n = 8u * g * 3u;
            cfg.bit_width = w;
            cfg.max_groups = g;
            size = ppq_rle_enc_arena_size(&cfg);
            memset(test_arena_ptr, 0xEE, size + 16u);
            ppq_arena_init(&arena, test_arena_ptr, size);
            for (i = 0; i < n; i++) {
                vals[i] = (uint32_t)(i * 7u + i / 3u) & ((1u << w) - 1u); /* no runs of 8 */
            }
            tsink_init(&sink, &ts, out_a, PPQ_TEST_BUF, (size_t)-1);
            PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
            PPQ_CHECK_OK(ppq_rle_enc_put(&enc, vals, n));
            PPQ_CHECK_OK(ppq_rle_enc_finish(&enc));
            for (i = 0; i < 16u; i++) {
                PPQ_CHECK_EQ(test_arena_ptr[size + i], 0xEE);
            }
            PPQ_CHECK_OK(decode(out_a, ts.len, w, 0, n, back));
            PPQ_CHECK_MEM(back, vals, n * sizeof vals[0]);
        }
    }
}

static void width_zero(void)
{
    PPQ_CHECK(setup());
    size_t i;
    for (i = 0; i < 20; i++) {
        vals[i] = 0;
    }
    PPQ_CHECK_EQ(encode(vals, 20, 0, 0, out_a), 1);
    PPQ_CHECK_EQ(out_a[0], 0x28); /* run of 20, no value bytes */
    PPQ_CHECK_EQ(encode(vals, 5, 0, 0, out_a), 1);
    PPQ_CHECK_EQ(out_a[0], 0x03); /* one padded group, no data bytes */
    PPQ_CHECK_OK(decode(out_a, 1, 0, 0, 5, back));
    PPQ_CHECK_EQ(back[4], 0);
    vals[0] = 1;
    PPQ_CHECK(encode(vals, 1, 0, 0, out_a) == (size_t)-1);
}

/* Runs never exceed 2^31-1 values: 2^31-1+6 ones at width 1 give one full
 * run (header varint(0xFFFFFFFE) = FE FF FF FF 0F, value 01), then the six
 * left over as a padded bit-packed group (0x3F). */
static void longest_run_is_split(void)
{
    PPQ_CHECK(setup());
    ppq_arena_t arena;
    ppq_rle_enc_t enc;
    ppq_rle_cfg_t cfg = {1, 0, 0, 0};
    ppq_sink_t sink;
    tsink_t ts;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, out_a, PPQ_TEST_BUF, (size_t)-1);
    PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_OK(ppq_rle_enc_put_repeat(&enc, 1, 0x7FFFFFFFull + 6u));
    PPQ_CHECK_OK(ppq_rle_enc_finish(&enc));
    PPQ_CHECK_EQ(ts.len, 8);
    PPQ_CHECK_MEM(out_a, "\xFE\xFF\xFF\xFF\x0F\x01" "\x03\x3F", 8);
}

/* Random data with a random run structure. */
static size_t make_runs(uint32_t *v, size_t n, unsigned w)
{
    uint32_t mask = w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
    size_t i = 0;
    while (i < n) {
        size_t len = 1 + ppq_test_below(ppq_test_below(3) == 0 ? 40 : 9);
        uint32_t x = (uint32_t)ppq_test_rand() & mask;
        int literal = ppq_test_below(2) == 0;
        size_t k;
        for (k = 0; k < len && i < n; k++, i++) {
            v[i] = literal ? (uint32_t)ppq_test_rand() & mask : x;
        }
    }
    return n;
}

/* Every width 0..32, lengths up to 10000: round trip; the same bytes for
 * one put, random chunks mixing put and put_repeat, through a sink taking
 * one byte per call. */
static void round_trip_every_width_any_chunking(void)
{
    PPQ_CHECK(setup());
    unsigned w;
    for (w = 0; w <= 32; w++) {
        size_t lens[] = {0, 1, 7, 8, 9, 63, 64, NMAX / 2u - 1u, NMAX / 2u + ppq_test_below(NMAX / 2u), NMAX - 1u, NMAX};
        size_t li;
        for (li = 0; li < ARRAY_LEN(lens); li++) {
            size_t n = lens[li], len_a, pos;
            ppq_arena_t arena;
            ppq_rle_enc_t enc;
            ppq_rle_cfg_t cfg = {0, 0, 0, 0};
            ppq_sink_t sink, down;
            tsink_t ts;
            ppq_blocksink_t blk;
            uint8_t one[1];
            int prefix = (int)(li % 2);
            make_runs(vals, n, w);
            len_a = encode(vals, n, w, prefix, out_a);
            PPQ_CHECK(len_a != (size_t)-1);
            PPQ_CHECK_OK(decode(out_a, len_a, w, prefix, n, back));
            PPQ_CHECK_MEM(back, vals, n * sizeof vals[0]);
            cfg.bit_width = w;
            cfg.length_prefix = (uint8_t)prefix;
            cfg.prefix_cap = PREFIX_CAP;
            ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
            tsink_init(&down, &ts, out_b, PPQ_TEST_BUF, (size_t)-1);
            PPQ_CHECK_OK(ppq_sink_init_block(&sink, &blk, &down, one, 1));
            PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
            for (pos = 0; pos < n;) {
                size_t k = 1 + ppq_test_below(w % 3 == 0 ? 3 : 50), r = 1;
                if (k > n - pos) {
                    k = n - pos;
                }
                while (r < k && vals[pos + r] == vals[pos]) {
                    r++;
                }
                if (r > 1 && ppq_test_below(2) == 0) {
                    PPQ_CHECK_OK(ppq_rle_enc_put_repeat(&enc, vals[pos], r));
                    k = r;
                } else {
                    PPQ_CHECK_OK(ppq_rle_enc_put(&enc, vals + pos, k));
                }
                pos += k;
            }
            PPQ_CHECK_OK(ppq_rle_enc_finish(&enc));
            PPQ_CHECK_OK(ppq_blocksink_flush(&blk));
            PPQ_CHECK_EQ(ts.len, len_a);
            PPQ_CHECK_MEM(out_b, out_a, len_a);
            PPQ_CHECK_EQ(ppq_rle_enc_finish(&enc), PPQ_ERR_STATE);
            PPQ_CHECK_EQ(ppq_rle_enc_put(&enc, vals, 1), PPQ_ERR_STATE);
        }
    }
}

/* A stream built here, run by run, with choices our encoder never makes
 * (short RLE runs, runs of 1, long bit-packed runs with multi-byte headers,
 * RLE runs starting anywhere): the decoder must accept any valid mix. */
static size_t build_mixed_stream(uint32_t *v, size_t *n, unsigned w, uint8_t *out)
{
    uint32_t mask = w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
    size_t i = 0, len = 0;
    /* stop early rather than overflow `out` (a run takes at most this) */
    while (i < *n && len + 8u * MIX_GROUPS * 4u + 16u <= PPQ_TEST_BUF) {
        if (ppq_test_below(2) == 0) {
            uint32_t run = 1 + (uint32_t)ppq_test_below(ppq_test_below(4) == 0 ? MIX_RUN : 20);
            uint32_t x = (uint32_t)ppq_test_rand() & mask, k;
            unsigned b;
            len += ppq_uleb32_encode(run << 1, out + len);
            for (b = 0; b < (w + 7) / 8; b++) {
                out[len++] = (uint8_t)(x >> (8 * b));
            }
            for (k = 0; k < run && i < *n; k++) {
                v[i++] = x;
            }
        } else {
            uint32_t groups = 1 + (uint32_t)ppq_test_below(ppq_test_below(4) == 0 ? MIX_GROUPS : 3), k;
            uint32_t *tmp = mix_groups;
            len += ppq_uleb32_encode(groups << 1 | 1u, out + len);
            for (k = 0; k < groups * 8; k++) {
                tmp[k] = (uint32_t)ppq_test_rand() & mask;
                if (i < *n) {
                    v[i++] = tmp[k];
                }
            }
            ppq_pack32(tmp, groups * 8, w, out + len);
            len += groups * w;
        }
    }
    *n = i;
    return len;
}

static void decoder_accepts_any_valid_mix(void)
{
    PPQ_CHECK(setup());
    unsigned w;
    for (w = 0; w <= 32; w++) {
        int rep;
        for (rep = 0; rep < 4; rep++) {
            size_t n = 1 + ppq_test_below(MIX_VALUES);
            size_t len = build_mixed_stream(vals, &n, w, out_a);
            PPQ_CHECK(len <= PPQ_TEST_BUF);
            PPQ_CHECK_OK(decode(out_a, len, w, 0, n, back));
            PPQ_CHECK_MEM(back, vals, n * sizeof vals[0]);
        }
    }
}

static void sink_failure_every_position(void)
{
    PPQ_CHECK(setup());
    unsigned widths[] = {1, 5, 17, 32};
    size_t wi;
    for (wi = 0; wi < ARRAY_LEN(widths); wi++) {
        unsigned w = widths[wi];
        size_t n = 200, full, k;
        make_runs(vals, n, w);
        full = encode(vals, n, w, 0, out_a);
        for (k = 0; k < full; k++) {
            ppq_arena_t arena;
            ppq_rle_enc_t enc;
            ppq_rle_cfg_t cfg = {0, 0, 0, 0};
            ppq_sink_t sink;
            tsink_t ts;
            ppq_status_t st = PPQ_OK;
            size_t i;
            cfg.bit_width = w;
            ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
            tsink_init(&sink, &ts, out_b, PPQ_TEST_BUF, k);
            PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
            for (i = 0; i < n && st == PPQ_OK; i++) {
                st = ppq_rle_enc_put(&enc, vals + i, 1);
            }
            if (st == PPQ_OK) {
                st = ppq_rle_enc_finish(&enc);
            }
            PPQ_CHECK_EQ(st, PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_rle_enc_put(&enc, vals, 1), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_rle_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK(ts.len <= k);
            PPQ_CHECK_MEM(out_b, out_a, ts.len);
        }
    }
}

static void encoder_arguments_and_limits(void)
{
    PPQ_CHECK(setup());
    ppq_arena_t arena;
    ppq_rle_enc_t enc;
    ppq_rle_cfg_t cfg = {33, 0, 0, 0};
    ppq_sink_t sink;
    tsink_t ts;
    uint32_t v[16] = {1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7, 1, 2};
    static uint64_t small[4];
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    tsink_init(&sink, &ts, out_a, PPQ_TEST_BUF, (size_t)-1);
    PPQ_CHECK_EQ(ppq_rle_enc_init(&enc, &cfg, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_enc_arena_size(&cfg), 0);
    cfg.bit_width = 3;
    cfg.max_groups = 1; /* every group its own bit-packed run */
    PPQ_CHECK_EQ(ppq_rle_enc_arena_size(&cfg), 8);
    PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_EQ(ppq_arena_used(&arena), 8);
    v[3] = 9; /* does not fit 3 bits: nothing of this call is taken */
    PPQ_CHECK_EQ(ppq_rle_enc_put(&enc, v, 16), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_enc_put_repeat(&enc, 8, 3), PPQ_ERR_ARG);
    v[3] = 4;
    PPQ_CHECK_OK(ppq_rle_enc_put(&enc, v, 16));
    PPQ_CHECK_OK(ppq_rle_enc_finish(&enc));
    PPQ_CHECK_EQ(ts.len, 8);
    PPQ_CHECK_EQ(out_a[0], 0x03);
    PPQ_CHECK_EQ(out_a[4], 0x03);
    /* arena too small */
    cfg.max_groups = 0;
    ppq_arena_init(&arena, small, sizeof small);
    PPQ_CHECK_EQ(ppq_rle_enc_init(&enc, &cfg, &sink, &arena), PPQ_ERR_ARENA);
    /* staged output over prefix_cap */
    cfg.length_prefix = 1;
    cfg.prefix_cap = 3;
    ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
    PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_OK(ppq_rle_enc_put(&enc, v, 7));
    PPQ_CHECK_EQ(ppq_rle_enc_finish(&enc), PPQ_ERR_NOSPACE);
}

static void hostile_streams_are_corrupt(void)
{
    PPQ_CHECK(setup());
    ppq_rle_dec_t dec;
    uint32_t out[64];
    size_t got;
    /* RLE value 9 does not fit width 3 */
    PPQ_CHECK_EQ(decode((const uint8_t *)"\x10\x09", 2, 3, 0, 8, out), PPQ_ERR_CORRUPT);
    /* runs end before the count */
    PPQ_CHECK_EQ(decode((const uint8_t *)"\x10\x05", 2, 3, 0, 9, out), PPQ_ERR_CORRUPT);
    /* RLE header without its value byte */
    PPQ_CHECK_EQ(decode((const uint8_t *)"\x10", 1, 3, 0, 8, out), PPQ_ERR_CORRUPT);
    /* unterminated header varint */
    PPQ_CHECK_EQ(decode((const uint8_t *)"\x80\x80", 2, 3, 0, 8, out), PPQ_ERR_CORRUPT);
    /* length prefix larger than the input */
    PPQ_CHECK_EQ(ppq_rle_dec_init(&dec, 3, 1, tail_copy("\x05\x00\x00\x00\x10\x05", 6), 6, 8), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_rle_dec_init(&dec, 3, 1, tail_copy("\x05\x00", 2), 2, 8), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_rle_dec_init(&dec, 33, 0, "", 0, 0), PPQ_ERR_ARG);
    /* the prefix bounds the runs: bytes after it are not read */
    PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 3, 1, tail_copy("\x02\x00\x00\x00\x10\x05\x10\x05", 8), 8, 16));
    PPQ_CHECK_EQ(ppq_rle_dec_get(&dec, out, 16, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 8);
    /* a truncated last bit-packed run serves the values it holds */
    PPQ_CHECK_OK(decode((const uint8_t *)"\x05\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A", 11, 8, 0, 10, out));
    PPQ_CHECK_EQ(out[9], 10);
    PPQ_CHECK_EQ(decode((const uint8_t *)"\x05\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A", 11, 8, 0, 11, out),
                 PPQ_ERR_CORRUPT);
    /* zero-length runs are skipped, not looped on */
    PPQ_CHECK_OK(decode((const uint8_t *)"\x00\x00\x01\x10\x05", 5, 3, 0, 8, out));
    PPQ_CHECK_EQ(out[7], 5);
}

/* Counting the ones of a width-1 stream (the reader's count of present
 * values) agrees with decoding it, at every chunking and start: runs, bit-
 * packed groups, counts across byte and word edges; a stream that ends
 * early is corrupt, other widths refused; random bytes never crash. */
static void count_ones_agrees_with_decoding(void)
{
    PPQ_CHECK(setup());
    size_t round;
    for (round = 0; round < 60u; round++) {
        size_t n = 1u + ppq_test_below(NMAX - 1u), i, len, at = 0, ones = 0, want = 0;
        unsigned density = (unsigned)ppq_test_below(101); /* percent of ones */
        int runs = round % 3u == 0u; /* long runs, or bits at random */
        ppq_rle_dec_t dec;
        uint32_t bit = 0;
        for (i = 0; i < n; i++) {
            if (!runs || ppq_test_below(40) == 0u) {
                bit = ppq_test_below(100) < density;
            }
            vals[i] = bit;
        }
        len = encode(vals, n, 1, 0, out_a);
        PPQ_CHECK(len != (size_t)-1);
        PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 1, 0, tail_copy(out_a, len), len, n));
        while (at < n) {
            size_t k = 1u + ppq_test_below(round % 2u ? 9u : 700u), c, j;
            k = k < n - at ? k : n - at;
            if (ppq_test_below(2) == 0u) { /* counted */
                PPQ_CHECK_OK(ppq_rle_dec_count_ones(&dec, k, &c));
            } else { /* decoded */
                size_t got;
                PPQ_CHECK_OK(ppq_rle_dec_get(&dec, back, k, &got));
                PPQ_CHECK_EQ(got, k);
                for (c = 0, j = 0; j < k; j++) {
                    c += back[j];
                }
            }
            for (j = 0; j < k; j++) {
                want += vals[at + j];
            }
            ones += c;
            PPQ_CHECK_EQ(ones, want);
            at += k;
        }
        PPQ_CHECK_EQ(ppq_rle_dec_count_ones(&dec, 1, &ones), PPQ_ERR_CORRUPT); /* past the count */
        if (len > 2u) { /* cut short: corrupt, never a read past the bytes */
            PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 1, 0, tail_copy(out_a, len - 2u), len - 2u, n));
            PPQ_CHECK(ppq_rle_dec_count_ones(&dec, n, &ones) == PPQ_ERR_CORRUPT || ones <= n);
        }
    }
    {
        ppq_rle_dec_t dec;
        size_t ones;
        PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 2, 0, tail_copy("\x03\x00", 2), 2, 8));
        PPQ_CHECK_EQ(ppq_rle_dec_count_ones(&dec, 8, &ones), PPQ_ERR_ARG);
        for (round = 0; round < 2000u; round++) {
            uint8_t junk[24];
            size_t k, jl = ppq_test_below(sizeof junk + 1);
            for (k = 0; k < jl; k++) {
                junk[k] = (uint8_t)ppq_test_rand();
            }
            PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 1, 0, tail_copy(junk, jl), jl, ppq_test_below(400)));
            ppq_status_t st = ppq_rle_dec_count_ones(&dec, ppq_test_below(400), &ones);
            PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT);
        }
    }
}

/* The reader's bulk path: ppq_rle_dec_packed mixed with ppq_rle_dec_repeat
 * and ppq_rle_dec_get in random steps gives the values of hand-built
 * streams at every width; cut short, the same values and status as
 * ppq_rle_dec_get alone (tail_copy: the bytes end where the input does). */
static ppq_status_t decode_mixed_calls(const uint8_t *data, size_t len, unsigned w, size_t count, uint32_t *out,
                                       size_t *total)
{
    static const size_t caps[] = {32, 64, 256};
    uint32_t buf[256];
    ppq_rle_dec_t dec;
    ppq_status_t st = ppq_rle_dec_init(&dec, w, 0, tail_copy(data, len), len, count);
    size_t pos = 0, k, i;
    while (st == PPQ_OK) {
        size_t max = 1u + ppq_test_below(ppq_test_below(2) ? 40u : 600u);
        const uint32_t *v = NULL;
        uint32_t x = 0;
        unsigned how = (unsigned)ppq_test_below(4);
        if (how == 0u) {
            st = ppq_rle_dec_get(&dec, out + pos, max, &k);
        } else if ((k = ppq_rle_dec_repeat(&dec, max, &x, &st)) > 0u) {
            for (i = 0; i < k; i++) {
                out[pos + i] = x;
            }
        } else if (st == PPQ_OK) {
            size_t cap = caps[ppq_test_below(3)];
            k = ppq_rle_dec_packed(&dec, buf, cap, max, &v, &st);
            if (k > max || k > cap || (k > 0u && (v < buf || v + k > buf + cap))) {
                return PPQ_ERR_STATE; /* the test's own "wrong" marker */
            }
            for (i = 0; i < k; i++) {
                out[pos + i] = v[i];
            }
        }
        pos += k;
        if (k == 0u) {
            if (how != 0u && dec.remaining > 0u && st == PPQ_OK) {
                return PPQ_ERR_STATE; /* no progress */
            }
            break;
        }
    }
    *total = pos;
    return st;
}

static void packed_agrees_with_get(void)
{
    PPQ_CHECK(setup());
    unsigned w;
    for (w = 0; w <= 32; w++) {
        int rep;
        for (rep = 0; rep < 6; rep++) {
            size_t n = 1 + ppq_test_below(MIX_VALUES), total = 0, cut, got;
            size_t len = build_mixed_stream(vals, &n, w, out_a);
            ppq_rle_dec_t dec;
            ppq_status_t st;
            PPQ_CHECK_OK(decode_mixed_calls(out_a, len, w, n, back, &total));
            PPQ_CHECK_EQ(total, n);
            PPQ_CHECK_MEM(back, vals, n * sizeof vals[0]);
            cut = ppq_test_below(len + 1u); /* cut short */
            st = decode_mixed_calls(out_a, cut, w, n, back, &total);
            PPQ_CHECK_OK(ppq_rle_dec_init(&dec, w, 0, tail_copy(out_a, cut), cut, n));
            PPQ_CHECK_EQ(ppq_rle_dec_get(&dec, vals, n, &got), st);
            PPQ_CHECK_EQ(got, total);
            PPQ_CHECK_MEM(back, vals, got * sizeof vals[0]);
        }
    }
}

static void random_bytes_never_crash(void)
{
    PPQ_CHECK(setup());
    int i;
    for (i = 0; i < 5000; i++) {
        uint8_t junk[48];
        size_t len = ppq_test_below(sizeof junk + 1), k, total = 0, got;
        size_t count = ppq_test_below(2000);
        unsigned w = (unsigned)ppq_test_below(33);
        ppq_rle_dec_t dec;
        ppq_status_t st;
        for (k = 0; k < len; k++) {
            junk[k] = (uint8_t)ppq_test_rand();
        }
        st = ppq_rle_dec_init(&dec, w, i % 3 == 0, tail_copy(junk, len), len, count);
        while (st == PPQ_OK) {
            st = ppq_rle_dec_get(&dec, back, 1 + ppq_test_below(500), &got);
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

/* ppq_rle_enc_bound (the compact layout's room for a stream): at every
 * point of streams of runs and mixed groups, the bytes one more value and
 * the finish write are at most the bound, and at some point of each
 * stream within a byte of it (a bound that is merely safe fails). */
static void bound_holds_and_is_tight(void)
{
    static const uint8_t widths[] = {0, 1, 2, 3, 7, 9, 16};
    static const uint8_t groups[] = {1, 3, 8};
    unsigned wi, gi, k;
    size_t n = 120, i;
    PPQ_CHECK(setup());
    for (wi = 0; wi < sizeof widths; wi++) {
        for (gi = 0; gi < sizeof groups; gi++) {
            uint32_t mask = widths[wi] == 0u ? 0u : (uint32_t)((1ull << widths[wi]) - 1u);
            size_t least[2] = {(size_t)-1, (size_t)-1}; /* outside runs of 8+, inside */
            for (i = 0; i < n;) { /* runs of 1-24 equal values */
                size_t len = 1u + (size_t)(ppq_test_rand() % 24u), j;
                uint32_t v = (uint32_t)ppq_test_rand() & mask;
                for (j = 0; j < len && i < n; j++) {
                    vals[i++] = v;
                }
            }
            for (k = 0; k < n; k++) {
                ppq_rle_cfg_t cfg = {0, 0, 0, 0};
                ppq_arena_t arena;
                ppq_rle_enc_t enc;
                ppq_sink_t sink;
                tsink_t ts;
                size_t before, bound, slack;
                int in_run;
                cfg.bit_width = widths[wi];
                cfg.max_groups = groups[gi];
                ppq_arena_init(&arena, test_arena_ptr, test_arena_size);
                tsink_init(&sink, &ts, out_a, PPQ_TEST_BUF, (size_t)-1);
                PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
                for (i = 0; i < k; i++) {
                    PPQ_CHECK_OK(ppq_rle_enc_put_one(&enc, vals[i]));
                }
                before = ts.len;
                bound = ppq_rle_enc_bound(&enc);
                in_run = enc.repeat_count >= 8u;
                PPQ_CHECK_OK(ppq_rle_enc_put_one(&enc, vals[k]));
                PPQ_CHECK_OK(ppq_rle_enc_finish(&enc));
                PPQ_CHECK(ts.len - before <= bound);
                slack = bound - (ts.len - before);
                least[in_run] = slack < least[in_run] ? slack : least[in_run];
            }
            PPQ_CHECK(least[0] <= 1u && least[1] <= 1u); /* (both states occur: runs of 16+ hold one) */
        }
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(spec_example_bit_packed),
    PPQ_TEST(rle_run_golden),
    PPQ_TEST(policy_mixed_golden),
    PPQ_TEST(width_zero),
    PPQ_TEST(groups_that_are_not_runs),
    PPQ_TEST(group_buffer_bounds),
    PPQ_TEST(bound_holds_and_is_tight),
    PPQ_TEST(longest_run_is_split),
    PPQ_TEST(round_trip_every_width_any_chunking),
    PPQ_TEST(decoder_accepts_any_valid_mix),
    PPQ_TEST(sink_failure_every_position),
    PPQ_TEST(encoder_arguments_and_limits),
    PPQ_TEST(hostile_streams_are_corrupt),
    PPQ_TEST(random_bytes_never_crash),
    PPQ_TEST(count_ones_agrees_with_decoding),
    PPQ_TEST(packed_agrees_with_get),
};
PPQ_SUITE(suite_rle, "rle", cases);
