/* Edges: argument validation, sink/source failures, sticky errors, arena
 * and varint corner cases, and decoder corners of every codec.  Each
 * expectation comes from the public headers or the Parquet spec. */
#include <string.h>

#include "ppq_delta_internal.h" /* ppq_delta_dec_get_i32 */
#include "test_util.h"

#define NEVER ((size_t)-1)

/* ------------------------------------------------------------------------ */
/* helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* A source whose callback misbehaves in a chosen way. */
typedef struct bad_src {
    ppq_status_t status; /* returned by the callback */
    size_t claim_extra;  /* added to the honest count */
    size_t calls;
} bad_src_t;

static ppq_status_t bad_read(void *ctx, uint8_t *buf, size_t len, size_t *got)
{
    bad_src_t *b = (bad_src_t *)ctx;
    b->calls++;
    if (len > 0u) {
        buf[0] = 0x5A;
    }
    *got = (len > 0u ? 1u : 0u) + b->claim_extra;
    return b->status;
}

static void bad_src_init(ppq_source_t *src, bad_src_t *b, ppq_status_t status, size_t claim_extra)
{
    b->status = status;
    b->claim_extra = claim_extra;
    b->calls = 0;
    src->read = bad_read;
    src->ctx = b;
    src->offset = 0;
}

static void arena_all(ppq_arena_t *arena)
{
    ppq_arena_init(arena, test_arena_ptr, test_arena_size);
}

/* ------------------------------------------------------------------------ */
/* core                                                                     */
/* ------------------------------------------------------------------------ */

/* Every known code has its own text, none of them the unknown one; codes
 * outside the enum are "unknown status" (ppq_core.h). */
static void status_every_code(void)
{
    static const ppq_status_t known[] = {PPQ_OK,        PPQ_DICT_FULL,  PPQ_ERR_ARG,     PPQ_ERR_STATE,
                                         PPQ_ERR_ARENA, PPQ_ERR_NOSPACE, PPQ_ERR_IO,     PPQ_ERR_CORRUPT,
                                         PPQ_ERR_UNSUPPORTED};
    static const int unknown[] = {2, 100, -5, -19, -21, -39, -41, -59, -61};
    size_t i, j;
    for (i = 0; i < ARRAY_LEN(known); i++) {
        const char *s = ppq_status_str(known[i]);
        PPQ_CHECK(s != NULL);
        PPQ_CHECK(s[0] != '\0');
        PPQ_CHECK(strcmp(s, "unknown status") != 0);
        for (j = 0; j < i; j++) {
            PPQ_CHECK(strcmp(s, ppq_status_str(known[j])) != 0);
        }
    }
    for (i = 0; i < ARRAY_LEN(unknown); i++) {
        PPQ_CHECK(strcmp(ppq_status_str((ppq_status_t)unknown[i]), "unknown status") == 0);
    }
    /* the class macros on the range boundaries */
    PPQ_CHECK(PPQ_IS_MISUSE(PPQ_ERR_STATE) && PPQ_IS_MISUSE(PPQ_ERR_ARENA));
    PPQ_CHECK(!PPQ_IS_MISUSE(PPQ_DICT_FULL) && !PPQ_IS_MISUSE(PPQ_ERR_UNSUPPORTED));
    PPQ_CHECK(!PPQ_IS_IO(PPQ_ERR_CORRUPT) && !PPQ_IS_CORRUPT(PPQ_ERR_UNSUPPORTED));
}

static void arena_null_and_align(void)
{
    uint64_t words[8];
    ppq_arena_t a;
    uint8_t *p, *q;
    size_t mark;
    /* NULL buffer: nothing usable at all */
    ppq_arena_init(&a, NULL, 0);
    PPQ_CHECK_EQ(a.size, 0);
    PPQ_CHECK(ppq_arena_alloc(&a, 1) == NULL);
    PPQ_CHECK(ppq_arena_alloc_aligned(&a, 1, 32) == NULL);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 0);
    /* align 0 is not a power of two: NULL, arena unchanged */
    ppq_arena_init(&a, words, sizeof words);
    PPQ_CHECK(ppq_arena_alloc_aligned(&a, 8, 0) == NULL);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 0);
    /* powers of two below PPQ_ARENA_ALIGN still give PPQ_ARENA_ALIGN */
    p = (uint8_t *)ppq_arena_alloc_aligned(&a, 1, 1);
    PPQ_CHECK(p == (uint8_t *)words);
    PPQ_CHECK_EQ(ppq_arena_used(&a), PPQ_ARENA_ROUND(1));
    q = (uint8_t *)ppq_arena_alloc_aligned(&a, 5, 4);
    PPQ_CHECK(q == (uint8_t *)words + PPQ_ARENA_ALIGN);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 2u * PPQ_ARENA_ALIGN);
    q = (uint8_t *)ppq_arena_alloc_aligned(&a, 2, 2);
    PPQ_CHECK_EQ((uintptr_t)q % PPQ_ARENA_ALIGN, 0);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 3u * PPQ_ARENA_ALIGN);
    /* rewinding only frees: a mark from later than now changes nothing */
    mark = ppq_arena_mark(&a);
    ppq_arena_rewind(&a, PPQ_ARENA_ALIGN);
    PPQ_CHECK_EQ(ppq_arena_used(&a), PPQ_ARENA_ALIGN);
    ppq_arena_rewind(&a, mark);
    PPQ_CHECK_EQ(ppq_arena_used(&a), PPQ_ARENA_ALIGN);
    PPQ_CHECK_EQ(ppq_arena_peak(&a), 3u * PPQ_ARENA_ALIGN);
}

/* A NULL buffer with a nonzero length: the arena must still be empty. */
static void arena_null_with_length(void)
{
    ppq_arena_t a;
    ppq_arena_init(&a, NULL, 64);
    PPQ_CHECK_EQ(a.size, 0);
    PPQ_CHECK(ppq_arena_alloc(&a, 1) == NULL);
    PPQ_CHECK(ppq_arena_alloc(&a, 8) == NULL);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 0);
}

static void sink_edges(void)
{
    uint8_t block[8];
    ppq_sink_t sink, down;
    ppq_memsink_t mem;
    ppq_blocksink_t blk;
    /* a memory sink over no buffer holds nothing */
    ppq_sink_init_mem(&sink, &mem, NULL, 16);
    PPQ_CHECK_OK(ppq_sink_write(&sink, "", 0));
    PPQ_CHECK_EQ(ppq_sink_write(&sink, "a", 1), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(sink.offset, 0);
    PPQ_CHECK_EQ(mem.len, 0);
    /* block sink: each NULL pointer is PPQ_ERR_ARG */
    ppq_sink_init_counter(&down);
    PPQ_CHECK_EQ(ppq_sink_init_block(NULL, &blk, &down, block, sizeof block), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_sink_init_block(&sink, NULL, &down, block, sizeof block), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_sink_init_block(&sink, &blk, &down, NULL, sizeof block), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_sink_init_block(&sink, &blk, &down, block, sizeof block));
    PPQ_CHECK_OK(ppq_sink_write(&sink, "0123456789", 10));
    PPQ_CHECK_EQ(down.offset, 8);
    PPQ_CHECK_OK(ppq_blocksink_flush(&blk));
    PPQ_CHECK_EQ(down.offset, 10);
    PPQ_CHECK_EQ(sink.offset, 10);
}

static void source_callback_errors(void)
{
    ppq_source_t src;
    bad_src_t b;
    uint8_t buf[4];
    size_t got = 99;
    /* an error from the callback is passed on; nothing is delivered */
    bad_src_init(&src, &b, PPQ_ERR_IO, 0);
    PPQ_CHECK_EQ(ppq_source_read(&src, buf, sizeof buf, &got), PPQ_ERR_IO);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_EQ(src.offset, 0);
    /* a positive return is an I/O contract violation */
    bad_src_init(&src, &b, PPQ_DICT_FULL, 0);
    got = 99;
    PPQ_CHECK_EQ(ppq_source_read(&src, buf, sizeof buf, &got), PPQ_ERR_IO);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_EQ(src.offset, 0);
    /* claiming more bytes than asked for is one too */
    bad_src_init(&src, &b, PPQ_OK, sizeof buf);
    got = 99;
    PPQ_CHECK_EQ(ppq_source_read(&src, buf, sizeof buf, &got), PPQ_ERR_IO);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_EQ(src.offset, 0);
    /* read_exact stops at the first failing read with its status */
    bad_src_init(&src, &b, PPQ_ERR_IO, 0);
    PPQ_CHECK_EQ(ppq_source_read_exact(&src, buf, sizeof buf), PPQ_ERR_IO);
    PPQ_CHECK_EQ(b.calls, 1);
    bad_src_init(&src, &b, PPQ_OK, 2); /* 3 bytes for 2 asked */
    PPQ_CHECK_EQ(ppq_source_read_exact(&src, buf, 2), PPQ_ERR_IO);
    PPQ_CHECK_EQ(src.offset, 0);
    /* nothing to read: no call needed, success */
    bad_src_init(&src, &b, PPQ_ERR_IO, 0);
    PPQ_CHECK_OK(ppq_source_read_exact(&src, buf, 0));
}

static void mem_source_null(void)
{
    ppq_memsrc_t mem;
    ppq_source_t src;
    uint8_t buf[4];
    size_t got = 99;
    ppq_source_init_mem(&src, &mem, NULL, 10);
    PPQ_CHECK_OK(ppq_source_read(&src, buf, sizeof buf, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_EQ(ppq_source_read_exact(&src, buf, 1), PPQ_ERR_CORRUPT);
}

static void varint_null_input(void)
{
    uint32_t v32 = 7;
    uint64_t v64 = 7;
    size_t used = 7;
    PPQ_CHECK_EQ(ppq_uleb32_decode(NULL, 3, &v32, &used), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_uleb64_decode(NULL, 3, &v64, &used), PPQ_ERR_ARG);
    /* no bytes at all: the input ends inside the varint */
    PPQ_CHECK_EQ(ppq_uleb32_decode(NULL, 0, &v32, &used), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_uleb64_decode(NULL, 0, &v64, &used), PPQ_ERR_CORRUPT);
    /* the 5th byte of a uleb32 may carry only 4 bits; the 10th of a
     * uleb64 only 1 */
    PPQ_CHECK_OK(ppq_uleb32_decode(tail_copy("\x80\x80\x80\x80\x0F", 5), 5, &v32, &used));
    PPQ_CHECK_EQ(v32, 0xF0000000u);
    PPQ_CHECK_EQ(ppq_uleb32_decode(tail_copy("\x80\x80\x80\x80\x10", 5), 5, &v32, &used), PPQ_ERR_CORRUPT);
    PPQ_CHECK_OK(ppq_uleb64_decode(tail_copy("\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", 10), 10, &v64, &used));
    PPQ_CHECK(v64 == 0x8000000000000000ull);
    PPQ_CHECK_EQ(used, 10);
}

/* Widths outside 0..32 / 0..64 are caller bugs; like unpack, pack then
 * touches nothing. */
static void pack_out_of_range_width(void)
{
    uint32_t in32[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    uint64_t in64[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    uint8_t out[80];
    size_t i;
    memset(out, 0xEE, sizeof out);
    ppq_pack32(in32, 8, 33, out);
    ppq_pack64(in64, 8, 65, out);
    for (i = 0; i < sizeof out; i++) {
        PPQ_CHECK_EQ(out[i], 0xEE);
    }
    /* width 0: PPQ_PACKED_BYTES(8, 0) = 0 bytes */
    ppq_pack32(in32, 8, 0, out);
    ppq_pack64(in64, 8, 0, out);
    PPQ_CHECK_EQ(out[0], 0xEE);
}

/* ------------------------------------------------------------------------ */
/* PLAIN                                                                    */
/* ------------------------------------------------------------------------ */

static void plain_bad_arguments(void)
{
    ppq_plain_enc_t enc;
    ppq_plain_dec_t dec;
    ppq_sink_t sink;
    int32_t out[2];
    size_t got = 99;
    ppq_sink_init_counter(&sink);
    PPQ_CHECK_EQ(ppq_plain_enc_init(NULL, PPQ_INT32, 0, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_enc_init(&enc, PPQ_INT32, 0, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_enc_init(&enc, (ppq_type_t)8, 0, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 0, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 0x80000000u, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_plain_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 0x7FFFFFFFu, &sink));

    PPQ_CHECK_EQ(ppq_plain_dec_init(NULL, PPQ_INT32, 0, "abcd", 4, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_dec_init(&dec, PPQ_INT32, 0, NULL, 4, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_dec_init(&dec, PPQ_FIXED_LEN_BYTE_ARRAY, 0x80000000u, "abcd", 4, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_plain_dec_init(&dec, (ppq_type_t)-1, 0, "abcd", 4, 1), PPQ_ERR_ARG);
    /* no bytes and no values is fine */
    PPQ_CHECK_OK(ppq_plain_dec_init(&dec, PPQ_INT32, 0, NULL, 0, 0));
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, out, 2, &got));
    PPQ_CHECK_EQ(got, 0);
    /* NULL out with something to produce */
    PPQ_CHECK_OK(ppq_plain_dec_init(&dec, PPQ_INT32, 0, tail_copy("\x01\x00\x00\x00", 4), 4, 1));
    got = 99;
    PPQ_CHECK_EQ(ppq_plain_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, NULL, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, out, 2, &got));
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK_EQ(out[0], 1);
}

/* A partly used BOOLEAN byte counts as consumed. */
static void plain_bool_consumed(void)
{
    const uint8_t *data = tail_copy("\xA5\x03", 2); /* 1,0,1,0,0,1,0,1, 1,1 */
    static const uint8_t expect[10] = {1, 0, 1, 0, 0, 1, 0, 1, 1, 1};
    ppq_plain_dec_t dec;
    uint8_t out[10];
    size_t got;
    PPQ_CHECK_OK(ppq_plain_dec_init(&dec, PPQ_BOOLEAN, 0, data, 2, 10));
    PPQ_CHECK_EQ(ppq_plain_dec_consumed(&dec, data), 0);
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, out, 3, &got));
    PPQ_CHECK_EQ(got, 3);
    PPQ_CHECK_EQ(ppq_plain_dec_consumed(&dec, data), 1);
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, out + 3, 5, &got));
    PPQ_CHECK_EQ(got, 5);
    PPQ_CHECK_EQ(ppq_plain_dec_consumed(&dec, data), 1);
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, out + 8, 1, &got));
    PPQ_CHECK_EQ(ppq_plain_dec_consumed(&dec, data), 2);
    PPQ_CHECK_OK(ppq_plain_dec_get(&dec, out + 9, 5, &got));
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK_MEM(out, expect, 10);
    PPQ_CHECK_EQ(ppq_plain_dec_consumed(&dec, data), 2);
}

/* Many BOOLEANs in one call: bit i of byte k is value 8k + i. */
static void plain_many_bools(void)
{
    enum { N = 1100 };
    uint8_t *v, *buf;
    ppq_plain_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    size_t i;
    test_setup();
    v = (uint8_t *)test_alloc(N);
    buf = (uint8_t *)test_alloc(N / 8 + 8);
    PPQ_CHECK(v != NULL && buf != NULL);
    for (i = 0; i < N; i++) {
        v[i] = (uint8_t)((i % 3u == 0u) ? (i % 7u) + 1u : 0u); /* any nonzero is true */
    }
    tsink_init(&sink, &ts, buf, N / 8 + 8, NEVER);
    PPQ_CHECK_OK(ppq_plain_enc_init(&enc, PPQ_BOOLEAN, 0, &sink));
    PPQ_CHECK_OK(ppq_plain_enc_put(&enc, v, N));
    PPQ_CHECK_EQ(ts.len, N / 8);
    PPQ_CHECK_OK(ppq_plain_enc_finish(&enc));
    PPQ_CHECK_EQ(ts.len, (N + 7) / 8);
    for (i = 0; i < N; i++) {
        PPQ_CHECK_EQ(((uint32_t)buf[i / 8u] >> (i % 8u)) & 1u, v[i] != 0u ? 1u : 0u);
    }
    PPQ_CHECK_EQ(buf[N / 8] >> (N % 8), 0); /* zero padding */

    /* the same call against a sink that fails at once: sticky I/O error */
    tsink_init(&sink, &ts, buf, N / 8 + 8, 0);
    PPQ_CHECK_OK(ppq_plain_enc_init(&enc, PPQ_BOOLEAN, 0, &sink));
    PPQ_CHECK_EQ(ppq_plain_enc_put(&enc, v, N), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ts.len, 0);
    PPQ_CHECK_EQ(ppq_plain_enc_put(&enc, v, 1), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_plain_enc_finish(&enc), PPQ_ERR_IO);
}

/* A BYTE_ARRAY value with a NULL pointer and a nonzero length is a bad
 * argument; the values before it are encoded, and the encoder goes on. */
static void plain_bytes_null_pointer(void)
{
    ppq_bytes_t v[3];
    uint8_t buf[32];
    ppq_plain_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    v[0].ptr = (const uint8_t *)"ab";
    v[0].len = 2;
    v[1].ptr = NULL;
    v[1].len = 3;
    v[2].ptr = (const uint8_t *)"z";
    v[2].len = 1;
    tsink_init(&sink, &ts, buf, sizeof buf, NEVER);
    PPQ_CHECK_OK(ppq_plain_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &sink));
    PPQ_CHECK_EQ(ppq_plain_enc_put(&enc, v, 3), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ts.len, 6);
    PPQ_CHECK_MEM(buf, "\x02\x00\x00\x00" "ab", 6);
    /* an empty value may have a NULL pointer */
    v[1].len = 0;
    PPQ_CHECK_OK(ppq_plain_enc_put(&enc, v + 1, 2));
    PPQ_CHECK_EQ(ts.len, 15);
    PPQ_CHECK_MEM(buf + 6, "\x00\x00\x00\x00\x01\x00\x00\x00z", 9);
    PPQ_CHECK_OK(ppq_plain_enc_finish(&enc));
}

/* Sink failures on each write a BYTE_ARRAY put makes: the batch of short
 * values, a long value's length, a long value's bytes, the last batch. */
static void plain_bytes_sink_failures(void)
{
    ppq_bytes_t v[3];
    uint8_t *long_val, *buf;
    size_t fail_at;
    test_setup();
    long_val = (uint8_t *)test_alloc(300);
    buf = (uint8_t *)test_alloc(400);
    PPQ_CHECK(long_val != NULL && buf != NULL);
    memset(long_val, 'L', 300);
    v[0].ptr = (const uint8_t *)"abc";
    v[0].len = 3;
    v[1].ptr = long_val;
    v[1].len = 300;
    v[2].ptr = (const uint8_t *)"d";
    v[2].len = 1;
    for (fail_at = 0; fail_at <= 316; fail_at++) {
        ppq_plain_enc_t enc;
        ppq_sink_t sink;
        tsink_t ts;
        ppq_status_t st;
        tsink_init(&sink, &ts, buf, 400, fail_at);
        PPQ_CHECK_OK(ppq_plain_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &sink));
        st = ppq_plain_enc_put(&enc, v, 3);
        if (fail_at >= 316) { /* 4 + 3, 4 + 300, 4 + 1 bytes */
            PPQ_CHECK_OK(st);
            PPQ_CHECK_EQ(ts.len, 316);
            PPQ_CHECK_MEM(buf, "\x03\x00\x00\x00" "abc\x2C\x01\x00\x00", 11);
            PPQ_CHECK_MEM(buf + 11, long_val, 300);
            PPQ_CHECK_MEM(buf + 311, "\x01\x00\x00\x00" "d", 5);
        } else {
            PPQ_CHECK_EQ(st, PPQ_ERR_IO);
            PPQ_CHECK(ts.len <= fail_at);
            /* sticky */
            PPQ_CHECK_EQ(ppq_plain_enc_put(&enc, v, 1), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_plain_enc_finish(&enc), PPQ_ERR_IO);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* RLE / bit-packed hybrid                                                  */
/* ------------------------------------------------------------------------ */

static void rle_bad_arguments(void)
{
    ppq_rle_cfg_t cfg = {3, 0, 0, 0};
    ppq_rle_cfg_t wide = {33, 0, 0, 0};
    ppq_rle_cfg_t many = {3, PPQ_RLE_MAX_GROUPS + 1u, 0, 0};
    ppq_rle_enc_t enc;
    ppq_rle_dec_t dec;
    ppq_arena_t arena;
    ppq_sink_t sink;
    uint32_t out[4];
    size_t got = 99;
    ppq_sink_init_counter(&sink);
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_rle_enc_arena_size(NULL), 0);
    PPQ_CHECK_EQ(ppq_rle_enc_arena_size(&wide), 0);
    PPQ_CHECK_EQ(ppq_rle_enc_arena_size(&many), 0);
    PPQ_CHECK_EQ(ppq_rle_enc_init(NULL, &cfg, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_enc_init(&enc, NULL, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_enc_init(&enc, &cfg, NULL, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_enc_init(&enc, &cfg, &sink, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_enc_init(&enc, &wide, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_enc_init(&enc, &many, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
    PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_EQ(ppq_rle_enc_put(&enc, NULL, 3), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_rle_enc_put(&enc, NULL, 0));
    PPQ_CHECK_OK(ppq_rle_enc_finish(&enc));
    PPQ_CHECK_EQ(sink.offset, 0); /* no values, no runs */
    PPQ_CHECK_EQ(ppq_rle_enc_put_repeat(&enc, 1, 5), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_rle_enc_finish(&enc), PPQ_ERR_STATE);

    PPQ_CHECK_EQ(ppq_rle_dec_init(NULL, 3, 0, "\x02\x01", 2, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_dec_init(&dec, 33, 0, "\x02\x01", 2, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_rle_dec_init(&dec, 3, 0, NULL, 2, 1), PPQ_ERR_ARG);
    /* RLE run: header 1 << 1, value 5 */
    PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 3, 0, tail_copy("\x02\x05", 2), 2, 1));
    PPQ_CHECK_EQ(ppq_rle_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_rle_dec_get(&dec, NULL, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_rle_dec_get(&dec, out, 4, &got));
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK_EQ(out[0], 5);
}

/* ppq_rle_enc_arena_size is exactly what init takes: with it init works,
 * with any less it is PPQ_ERR_ARENA (the group buffer or the stage). */
static void rle_arena_exact(void)
{
    ppq_rle_cfg_t cfgs[3] = {{5, 10, 1, 100}, {5, 10, 0, 0}, {7, 0, 1, 33}};
    size_t c;
    for (c = 0; c < ARRAY_LEN(cfgs); c++) {
        size_t need = ppq_rle_enc_arena_size(&cfgs[c]), size;
        PPQ_CHECK(need > 0u && need <= test_arena_size);
        for (size = 0; size <= need; size += PPQ_ARENA_ALIGN) {
            ppq_rle_enc_t enc;
            ppq_arena_t arena;
            ppq_sink_t sink;
            ppq_sink_init_counter(&sink);
            ppq_arena_init(&arena, test_arena_ptr, size);
            if (size < need) {
                PPQ_CHECK_EQ(ppq_rle_enc_init(&enc, &cfgs[c], &sink, &arena), PPQ_ERR_ARENA);
            } else {
                PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfgs[c], &sink, &arena));
                PPQ_CHECK_EQ(ppq_arena_used(&arena), need);
            }
        }
    }
}

/* A bit-packed run limited to 1 group is written as soon as the group is
 * full, in the middle of a put: a sink failing there ends the put with
 * PPQ_ERR_IO, and the error sticks. */
static void rle_sink_fails_mid_put(void)
{
    static const uint32_t alt[16] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
    ppq_rle_cfg_t cfg = {1, 1, 0, 0};
    ppq_rle_enc_t enc;
    ppq_arena_t arena;
    ppq_sink_t sink;
    tsink_t ts;
    uint8_t buf[16];

    /* the bytes when nothing fails: two runs of one group, 0b10101010 */
    tsink_init(&sink, &ts, buf, sizeof buf, NEVER);
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_OK(ppq_rle_enc_put(&enc, alt, 16));
    PPQ_CHECK_OK(ppq_rle_enc_finish(&enc));
    PPQ_CHECK_EQ(ts.len, 4);
    PPQ_CHECK_MEM(buf, "\x03\xAA\x03\xAA", 4);

    tsink_init(&sink, &ts, buf, sizeof buf, 0);
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_EQ(ppq_rle_enc_put(&enc, alt, 16), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_rle_enc_put(&enc, alt, 1), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_rle_enc_put_repeat(&enc, 0, 3), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_rle_enc_finish(&enc), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ts.len, 0);

    /* the same through put_repeat: 0,0,0,0 then 1 x 100 fills a group */
    tsink_init(&sink, &ts, buf, sizeof buf, 0);
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_OK(ppq_rle_enc_put_repeat(&enc, 0, 4));
    PPQ_CHECK_EQ(ppq_rle_enc_put_repeat(&enc, 1, 100), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_rle_enc_put_repeat(&enc, 1, 1), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_rle_enc_finish(&enc), PPQ_ERR_IO);
}

/* With length_prefix the finish writes the length then the staged data;
 * a sink failing on either is PPQ_ERR_IO. */
static void rle_prefix_sink_failures(void)
{
    ppq_rle_cfg_t cfg = {2, 0, 1, 16};
    static const uint32_t v[3] = {1, 2, 3};
    uint8_t buf[16];
    size_t fail_at;
    for (fail_at = 0; fail_at <= 7; fail_at++) {
        ppq_rle_enc_t enc;
        ppq_arena_t arena;
        ppq_sink_t sink;
        tsink_t ts;
        tsink_init(&sink, &ts, buf, sizeof buf, fail_at);
        arena_all(&arena);
        PPQ_CHECK_OK(ppq_rle_enc_init(&enc, &cfg, &sink, &arena));
        PPQ_CHECK_OK(ppq_rle_enc_put(&enc, v, 3));
        PPQ_CHECK_EQ(ts.len, 0); /* staged, nothing written yet */
        if (fail_at < 7u) {
            PPQ_CHECK_EQ(ppq_rle_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_rle_enc_finish(&enc), PPQ_ERR_IO);
        } else {
            /* length 3: one bit-packed group (header 03) of 1,2,3 and
             * five zeros at 2 bits, LSB first: 0b00111001, 0 */
            PPQ_CHECK_OK(ppq_rle_enc_finish(&enc));
            PPQ_CHECK_EQ(ts.len, 7);
            PPQ_CHECK_MEM(buf, "\x03\x00\x00\x00\x03\x39\x00", 7);
        }
    }
}

static void rle_dec_end_pointer(void)
{
    const uint8_t *data = tail_copy("\x02\x00\x00\x00\x04\x07\xFF\xFF", 8);
    ppq_rle_dec_t dec;
    uint32_t out[3];
    size_t got;
    /* prefix: the stream is 4 + 2 bytes, whatever follows */
    PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 3, 1, data, 8, 2));
    PPQ_CHECK(ppq_rle_dec_end(&dec) == data + 6);
    PPQ_CHECK_OK(ppq_rle_dec_get(&dec, out, 3, &got));
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK_EQ(out[0], 7);
    PPQ_CHECK_EQ(out[1], 7);
    /* no prefix: the end of the input */
    PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 3, 0, data + 4, 2, 2));
    PPQ_CHECK(ppq_rle_dec_end(&dec) == data + 6);
    PPQ_CHECK_OK(ppq_rle_dec_init(&dec, 3, 0, data + 4, 4, 2));
    PPQ_CHECK(ppq_rle_dec_end(&dec) == data + 8);
    /* prefix claiming more than there is */
    PPQ_CHECK_EQ(ppq_rle_dec_init(&dec, 3, 1, data, 5, 2), PPQ_ERR_CORRUPT);
}

/* ------------------------------------------------------------------------ */
/* dictionary                                                               */
/* ------------------------------------------------------------------------ */

static void dict_bad_arguments(void)
{
    ppq_dict_cfg_t ok = {4, 64, 16};
    ppq_dict_cfg_t no_entries = {0, 64, 16}, too_many = {(1u << 24) + 1u, 64, 16};
    ppq_dict_cfg_t no_page = {4, 64, 0}, huge_page = {4, 64, 0x7FFFFFFFu / 4u + 1u};
    ppq_dict_enc_t enc;
    ppq_dict_dec_t dec;
    ppq_arena_t arena;
    ppq_bytes_t b;
    int32_t v[2] = {1, 2};
    size_t accepted = 99;
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size(PPQ_INT32, 0, NULL), 0);
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size(PPQ_BOOLEAN, 0, &ok), 0);
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size((ppq_type_t)8, 0, &ok), 0);
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size(PPQ_FIXED_LEN_BYTE_ARRAY, 0, &ok), 0);
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size(PPQ_FIXED_LEN_BYTE_ARRAY, 0x80000000u, &ok), 0);
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size(PPQ_INT32, 0, &no_entries), 0);
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size(PPQ_INT32, 0, &too_many), 0);
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size(PPQ_INT32, 0, &no_page), 0);
    PPQ_CHECK_EQ(ppq_dict_enc_arena_size(PPQ_INT32, 0, &huge_page), 0);
    PPQ_CHECK(ppq_dict_enc_arena_size(PPQ_FIXED_LEN_BYTE_ARRAY, 3, &ok) > 0u);

    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_dict_enc_init(NULL, PPQ_INT32, 0, &ok, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &ok, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_enc_init(&enc, PPQ_BOOLEAN, 0, &ok, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &ok, &arena));
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, v, 2, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, NULL, 2, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_dict_enc_put(&enc, NULL, 0, &accepted));
    PPQ_CHECK_EQ(accepted, 0);
    PPQ_CHECK_EQ(ppq_dict_enc_page_values(&enc), 0);

    /* BYTE_ARRAY values: NULL pointer with bytes, or longer than 2^31-1 */
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &ok, &arena));
    b.ptr = NULL;
    b.len = 1;
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, &b, 1, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 0);
    b.ptr = (const uint8_t *)"x";
    b.len = 0x80000000u;
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, &b, 1, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 0);
    PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), 0);

    PPQ_CHECK_EQ(ppq_dict_dec_init(NULL, PPQ_INT32, 0, "abcd", 4, 1, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_INT32, 0, "abcd", 4, 1, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_INT32, 0, NULL, 4, 1, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_BOOLEAN, 0, "abcd", 4, 1, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_FIXED_LEN_BYTE_ARRAY, 0, "abcd", 4, 1, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_FIXED_LEN_BYTE_ARRAY, 0x80000000u, "abcd", 4, 1, &arena),
                 PPQ_ERR_ARG);
}

/* ppq_dict_enc_arena_size is exactly what init takes; any less arena is
 * PPQ_ERR_ARENA, whichever of its buffers no longer fits. */
static void dict_arena_exact(void)
{
    static const ppq_type_t types[3] = {PPQ_BYTE_ARRAY, PPQ_INT64, PPQ_FIXED_LEN_BYTE_ARRAY};
    ppq_dict_cfg_t cfg = {5, 60, 20};
    size_t t;
    for (t = 0; t < ARRAY_LEN(types); t++) {
        size_t need = ppq_dict_enc_arena_size(types[t], 6, &cfg), size;
        PPQ_CHECK(need > 0u && need <= test_arena_size);
        for (size = 0; size <= need; size += PPQ_ARENA_ALIGN) {
            ppq_dict_enc_t enc;
            ppq_arena_t arena;
            ppq_arena_init(&arena, test_arena_ptr, size);
            if (size < need) {
                PPQ_CHECK_EQ(ppq_dict_enc_init(&enc, types[t], 6, &cfg, &arena), PPQ_ERR_ARENA);
            } else {
                PPQ_CHECK_OK(ppq_dict_enc_init(&enc, types[t], 6, &cfg, &arena));
                PPQ_CHECK_EQ(ppq_arena_used(&arena), need);
            }
        }
    }
}

/* Four INT32 entries can never fill more than 16 bytes, so a generous
 * max_bytes must not cost a pool of that size. */
static void dict_fixed_width_pool(void)
{
    ppq_dict_cfg_t cfg = {4, 1u << 30, 8};
    ppq_dict_enc_t enc;
    ppq_arena_t arena;
    size_t need = ppq_dict_enc_arena_size(PPQ_INT32, 0, &cfg), accepted;
    static const int32_t v[5] = {1, 2, 3, 4, 5};
    PPQ_CHECK(need > 0u && need < 1024u);
    ppq_arena_init(&arena, test_arena_ptr, need);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena));
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, v, 5, &accepted), PPQ_DICT_FULL);
    PPQ_CHECK_EQ(accepted, 4);
    PPQ_CHECK_EQ(ppq_dict_enc_dict_bytes(&enc), 16);
}

/* max_bytes limits fixed-width entries too: 8 bytes hold two INT32. */
static void dict_fixed_width_max_bytes(void)
{
    ppq_dict_cfg_t cfg = {4, 8, 8};
    static const int32_t v[4] = {1, 2, 1, 3};
    ppq_dict_enc_t enc;
    ppq_arena_t arena;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint8_t dict[12];
    size_t accepted;
    ppq_arena_init(&arena, test_arena_ptr, ppq_dict_enc_arena_size(PPQ_INT32, 0, &cfg));
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena));
    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, v, 4, &accepted), PPQ_DICT_FULL);
    PPQ_CHECK_EQ(accepted, 3);
    PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), 2);
    PPQ_CHECK_EQ(ppq_dict_enc_dict_bytes(&enc), 8);
    ppq_sink_init_mem(&sink, &mem, dict, sizeof dict);
    PPQ_CHECK_OK(ppq_dict_enc_write_dict(&enc, &sink));
    PPQ_CHECK_EQ(mem.len, 8);
    PPQ_CHECK_MEM(dict, "\x01\x00\x00\x00\x02\x00\x00\x00", 8);
}

/* One entry: index width 1 ("at least 1 once there is an entry"), then a
 * bit-packed group of three zeros padded to 8: header 03, byte 00.  No
 * entry at all: width 0 and no runs. */
static void dict_single_entry_and_empty_page(void)
{
    ppq_dict_cfg_t cfg = {1, 64, 8};
    static const int32_t v[4] = {42, 42, 42, 43};
    ppq_dict_enc_t enc;
    ppq_dict_dec_t dec;
    ppq_arena_t arena;
    ppq_sink_t sink, dsink;
    ppq_memsink_t mem, dmem;
    uint8_t page[8], dict[8];
    int32_t back[4];
    size_t accepted, got;
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena));
    ppq_sink_init_mem(&sink, &mem, page, sizeof page);
    PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &sink));
    PPQ_CHECK_EQ(mem.len, 1);
    PPQ_CHECK_EQ(page[0], 0);

    PPQ_CHECK_EQ(ppq_dict_enc_put(&enc, v, 4, &accepted), PPQ_DICT_FULL);
    PPQ_CHECK_EQ(accepted, 3);
    ppq_sink_init_mem(&sink, &mem, page, sizeof page);
    PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &sink));
    PPQ_CHECK_EQ(mem.len, 3);
    PPQ_CHECK_MEM(page, "\x01\x03\x00", 3);
    ppq_sink_init_mem(&dsink, &dmem, dict, sizeof dict);
    PPQ_CHECK_OK(ppq_dict_enc_write_dict(&enc, &dsink));
    PPQ_CHECK_EQ(dmem.len, 4);
    PPQ_CHECK_MEM(dict, "\x2A\x00\x00\x00", 4);

    PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_INT32, 0, tail_copy(dict, 4), 4, 1, &arena));
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, page, 3, 3));
    PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_dict_dec_get(&dec, NULL, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_dict_dec_get(&dec, back, 4, &got));
    PPQ_CHECK_EQ(got, 3);
    PPQ_CHECK_EQ(back[0], 42);
    PPQ_CHECK_EQ(back[2], 42);
}

/* Page [0,1,0,1,0,1,0,1, 0 x 8] of a 2-entry dictionary: width byte 01,
 * bit-packed group 03 AA (written when the RLE run starts, inside the
 * index put), then the RLE run 10 00 (written at the end).  A sink
 * failing at each of those writes makes flush_page PPQ_ERR_IO. */
static void dict_flush_page_sink_failures(void)
{
    ppq_dict_cfg_t cfg = {4, 64, 32};
    int32_t v[16];
    uint8_t buf[8];
    size_t i, fail_at;
    for (i = 0; i < 16u; i++) {
        v[i] = (i < 8u && (i & 1u) != 0u) ? 20 : 10;
    }
    for (fail_at = 0; fail_at <= 5; fail_at++) {
        ppq_dict_enc_t enc;
        ppq_arena_t arena;
        ppq_sink_t sink;
        tsink_t ts;
        size_t accepted;
        arena_all(&arena);
        PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_INT32, 0, &cfg, &arena));
        PPQ_CHECK_OK(ppq_dict_enc_put(&enc, v, 16, &accepted));
        PPQ_CHECK_EQ(accepted, 16);
        tsink_init(&sink, &ts, buf, sizeof buf, fail_at);
        if (fail_at < 5u) {
            PPQ_CHECK_EQ(ppq_dict_enc_flush_page(&enc, &sink), PPQ_ERR_IO);
        } else {
            PPQ_CHECK_OK(ppq_dict_enc_flush_page(&enc, &sink));
            PPQ_CHECK_EQ(ts.len, 5);
            PPQ_CHECK_MEM(buf, "\x01\x03\xAA\x10\x00", 5);
            PPQ_CHECK_EQ(ppq_dict_enc_page_values(&enc), 0);
        }
    }
}

static void dict_dec_corners(void)
{
    ppq_dict_dec_t dec;
    ppq_arena_t arena;
    uint64_t words[1];
    ppq_bytes_t out[2];
    static const uint8_t dict[8] = {4, 0, 0, 0, 'w', 'x', 'y', 'z'};
    int64_t i64;
    size_t got = 99;
    /* BYTE_ARRAY: 2 entries need 8 bytes of offsets; 8 - 1 bytes of arena */
    ppq_arena_init(&arena, words, 7);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy("\x00\x00\x00\x00\x00\x00\x00\x00", 8), 8, 2,
                                   &arena),
                 PPQ_ERR_ARENA);
    /* first entry takes all 8 bytes: no room for the second's length */
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_dict_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy("\x04\x00\x00\x00wxyz", 8), 8, 2, &arena),
                 PPQ_ERR_CORRUPT);
    /* (the page below goes through tail_copy, so the dictionary stays here) */
    PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_BYTE_ARRAY, 0, dict, 8, 1, &arena));
    PPQ_CHECK_EQ(ppq_dict_dec_page(&dec, NULL, 2, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, out, 1, &got), PPQ_ERR_STATE);
    /* width 1, RLE run of 2 x index 0 */
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, tail_copy("\x01\x04\x00", 3), 3, 2));
    PPQ_CHECK_OK(ppq_dict_dec_get(&dec, out, 2, &got));
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK_EQ(out[1].len, 4);
    PPQ_CHECK_MEM(out[1].ptr, "wxyz", 4);
    /* an empty page with no values */
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, NULL, 0, 0));
    PPQ_CHECK_OK(ppq_dict_dec_get(&dec, out, 2, &got));
    PPQ_CHECK_EQ(got, 0);
    /* an empty dictionary: no bytes needed; any index is past it */
    PPQ_CHECK_OK(ppq_dict_dec_init(&dec, PPQ_INT64, 0, NULL, 0, 0, &arena));
    PPQ_CHECK_OK(ppq_dict_dec_page(&dec, tail_copy("\x01\x02\x00", 3), 3, 1));
    PPQ_CHECK_EQ(ppq_dict_dec_get(&dec, &i64, 1, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 0);
}

/* Empty BYTE_ARRAY values may have a NULL pointer (as in PLAIN); the
 * second one is the same entry. */
static void dict_empty_value_null_pointer(void)
{
    ppq_dict_cfg_t cfg = {4, 64, 8};
    ppq_dict_enc_t enc;
    ppq_arena_t arena;
    ppq_bytes_t b[3];
    size_t accepted;
    b[0].ptr = NULL;
    b[0].len = 0;
    b[1].ptr = (const uint8_t *)"q";
    b[1].len = 1;
    b[2].ptr = NULL;
    b[2].len = 0;
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_dict_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &cfg, &arena));
    PPQ_CHECK_OK(ppq_dict_enc_put(&enc, b, 3, &accepted));
    PPQ_CHECK_EQ(accepted, 3);
    PPQ_CHECK_EQ(ppq_dict_enc_entries(&enc), 2);
    PPQ_CHECK_EQ(ppq_dict_enc_dict_bytes(&enc), 4 + 5);
}

/* ------------------------------------------------------------------------ */
/* BIT_PACKED (deprecated)                                                  */
/* ------------------------------------------------------------------------ */

static void bitpacked_bad_arguments(void)
{
    ppq_bitpacked_enc_t enc;
    ppq_bitpacked_dec_t dec;
    ppq_sink_t sink;
    uint32_t out[2];
    size_t got = 99;
    ppq_sink_init_counter(&sink);
    PPQ_CHECK_EQ(ppq_bitpacked_enc_init(NULL, 3, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bitpacked_enc_init(&enc, 3, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bitpacked_enc_init(&enc, 33, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_bitpacked_enc_init(&enc, 3, &sink));
    PPQ_CHECK_EQ(ppq_bitpacked_enc_put(&enc, NULL, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_bitpacked_enc_put(&enc, NULL, 0));
    PPQ_CHECK_OK(ppq_bitpacked_enc_finish(&enc));
    PPQ_CHECK_EQ(sink.offset, 0);
    PPQ_CHECK_EQ(ppq_bitpacked_enc_put(&enc, out, 0), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_bitpacked_enc_finish(&enc), PPQ_ERR_STATE);

    PPQ_CHECK_EQ(ppq_bitpacked_dec_init(NULL, 3, "a", 1, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bitpacked_dec_init(&dec, 3, NULL, 1, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bitpacked_dec_init(&dec, 33, "abcde", 5, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_bitpacked_dec_init(&dec, 3, NULL, 0, 0));
    PPQ_CHECK_OK(ppq_bitpacked_dec_get(&dec, out, 2, &got));
    PPQ_CHECK_EQ(got, 0);
    /* MSB first: 101 then 011 */
    PPQ_CHECK_OK(ppq_bitpacked_dec_init(&dec, 3, tail_copy("\xAC", 1), 1, 2));
    got = 99;
    PPQ_CHECK_EQ(ppq_bitpacked_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_bitpacked_dec_get(&dec, NULL, 0, &got));
    PPQ_CHECK_OK(ppq_bitpacked_dec_get(&dec, out, 2, &got));
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK_EQ(out[0], 5);
    PPQ_CHECK_EQ(out[1], 3);
}

/* More than one scratch buffer of output in one put, to a sink that fails
 * on the first write: PPQ_ERR_IO, kept by later calls. */
static void bitpacked_sink_failure(void)
{
    enum { N = 300 };
    uint32_t *v;
    uint8_t buf[8];
    ppq_bitpacked_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    size_t i;
    test_setup();
    v = (uint32_t *)test_alloc(N * sizeof *v);
    PPQ_CHECK(v != NULL);
    for (i = 0; i < N; i++) {
        v[i] = (uint32_t)(i & 0xFFu);
    }
    tsink_init(&sink, &ts, buf, sizeof buf, 0);
    PPQ_CHECK_OK(ppq_bitpacked_enc_init(&enc, 8, &sink));
    PPQ_CHECK_EQ(ppq_bitpacked_enc_put(&enc, v, N), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ts.calls, 1);
    PPQ_CHECK_EQ(ppq_bitpacked_enc_put(&enc, v, 1), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_bitpacked_enc_finish(&enc), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ts.len, 0);
    /* a pending partial byte that cannot be written at finish */
    tsink_init(&sink, &ts, buf, sizeof buf, 0);
    PPQ_CHECK_OK(ppq_bitpacked_enc_init(&enc, 3, &sink));
    PPQ_CHECK_OK(ppq_bitpacked_enc_put(&enc, v, 2));
    PPQ_CHECK_EQ(ppq_bitpacked_enc_finish(&enc), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_bitpacked_enc_finish(&enc), PPQ_ERR_IO);
}

/* ------------------------------------------------------------------------ */
/* BYTE_STREAM_SPLIT                                                        */
/* ------------------------------------------------------------------------ */

static void bss_bad_arguments(void)
{
    ppq_bss_enc_t enc;
    ppq_bss_dec_t dec;
    ppq_arena_t arena;
    ppq_sink_t sink;
    float f[2];
    size_t got = 99;
    ppq_sink_init_counter(&sink);
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_bss_enc_arena_size(PPQ_BOOLEAN, 0, 10), 0);
    PPQ_CHECK_EQ(ppq_bss_enc_arena_size(PPQ_FIXED_LEN_BYTE_ARRAY, 0, 10), 0);
    /* K streams of max_values bytes; a size that cannot be represented
     * (32-bit targets) must not wrap around to a small one */
    if ((uint64_t)(size_t)-1 > 0xFFFFFFFFull) {
        PPQ_CHECK(ppq_bss_enc_arena_size(PPQ_DOUBLE, 0, 0xFFFFFFFFu) == PPQ_ARENA_ROUND((uint64_t)8u * 0xFFFFFFFFu));
    } else {
        PPQ_CHECK_EQ(ppq_bss_enc_arena_size(PPQ_DOUBLE, 0, 0xFFFFFFFFu), 0);
    }
    PPQ_CHECK_EQ(ppq_bss_enc_init(NULL, PPQ_FLOAT, 0, 4, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bss_enc_init(&enc, PPQ_FLOAT, 0, 4, NULL, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bss_enc_init(&enc, PPQ_FLOAT, 0, 4, &sink, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bss_enc_init(&enc, PPQ_BYTE_ARRAY, 0, 4, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bss_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 0, 4, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
    PPQ_CHECK_OK(ppq_bss_enc_init(&enc, PPQ_FLOAT, 0, 4, &sink, &arena));
    PPQ_CHECK_EQ(ppq_bss_enc_put(&enc, NULL, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_bss_enc_put(&enc, NULL, 0));
    PPQ_CHECK_OK(ppq_bss_enc_finish(&enc));
    PPQ_CHECK_EQ(sink.offset, 0);
    PPQ_CHECK_EQ(ppq_bss_enc_put(&enc, f, 0), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_bss_enc_finish(&enc), PPQ_ERR_STATE);

    PPQ_CHECK_EQ(ppq_bss_dec_init(NULL, PPQ_FLOAT, 0, "abcd", 4, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bss_dec_init(&dec, PPQ_FLOAT, 0, NULL, 4, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bss_dec_init(&dec, PPQ_INT96, 0, "abcd", 4, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_bss_dec_init(&dec, PPQ_FIXED_LEN_BYTE_ARRAY, 0, "abcd", 4, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_bss_dec_init(&dec, PPQ_FLOAT, 0, NULL, 0, 0));
    PPQ_CHECK_OK(ppq_bss_dec_get(&dec, f, 2, &got));
    PPQ_CHECK_EQ(got, 0);
    /* one INT32 of streams 01 | 02 | 03 | 04 = 0x04030201 */
    {
        int32_t i32[2];
        PPQ_CHECK_OK(ppq_bss_dec_init(&dec, PPQ_INT32, 0, tail_copy("\x01\x02\x03\x04", 4), 4, 1));
        got = 99;
        PPQ_CHECK_EQ(ppq_bss_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
        PPQ_CHECK_EQ(got, 0);
        PPQ_CHECK_OK(ppq_bss_dec_get(&dec, NULL, 0, &got));
        PPQ_CHECK_EQ(got, 0);
        PPQ_CHECK_OK(ppq_bss_dec_get(&dec, i32, 2, &got));
        PPQ_CHECK_EQ(got, 1);
        PPQ_CHECK_EQ(i32[0], 0x04030201);
    }
}

/* A sink failing on the streams: PPQ_ERR_IO, kept by later calls. */
static void bss_sink_failure(void)
{
    static const int32_t v[3] = {1, 2, 3};
    uint8_t buf[16];
    size_t fail_at;
    for (fail_at = 0; fail_at <= 12; fail_at += 3) {
        ppq_bss_enc_t enc;
        ppq_arena_t arena;
        ppq_sink_t sink;
        tsink_t ts;
        tsink_init(&sink, &ts, buf, sizeof buf, fail_at);
        arena_all(&arena);
        PPQ_CHECK_OK(ppq_bss_enc_init(&enc, PPQ_INT32, 0, 3, &sink, &arena));
        PPQ_CHECK_OK(ppq_bss_enc_put(&enc, v, 3));
        if (fail_at < 12u) {
            PPQ_CHECK_EQ(ppq_bss_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_bss_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_bss_enc_put(&enc, v, 0), PPQ_ERR_IO);
        } else {
            PPQ_CHECK_OK(ppq_bss_enc_finish(&enc));
            PPQ_CHECK_EQ(ts.len, 12);
            PPQ_CHECK_MEM(buf, "\x01\x02\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00", 12);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* GroupVarInt                                                              */
/* ------------------------------------------------------------------------ */

static void gvi_bad_arguments(void)
{
    ppq_gvi_enc_t enc;
    ppq_gvi_dec_t dec;
    ppq_sink_t sink;
    int32_t out[4];
    size_t got = 99;
    ppq_sink_init_counter(&sink);
    PPQ_CHECK_EQ(ppq_gvi_enc_init(NULL, PPQ_INT32, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_gvi_enc_init(&enc, PPQ_INT32, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_gvi_enc_init(&enc, PPQ_FLOAT, &sink), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_gvi_enc_init(&enc, PPQ_INT32, &sink));
    PPQ_CHECK_EQ(ppq_gvi_enc_put(&enc, NULL, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_gvi_enc_put(&enc, NULL, 0));
    PPQ_CHECK_OK(ppq_gvi_enc_finish(&enc));
    PPQ_CHECK_EQ(sink.offset, 0); /* no values, no group */
    PPQ_CHECK_EQ(ppq_gvi_enc_put(&enc, out, 1), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_gvi_enc_finish(&enc), PPQ_ERR_STATE);

    PPQ_CHECK_EQ(ppq_gvi_dec_init(NULL, PPQ_INT32, "a", 1, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_gvi_dec_init(&dec, PPQ_INT32, NULL, 1, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_gvi_dec_init(&dec, PPQ_DOUBLE, "a", 1, 1), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_gvi_dec_init(&dec, PPQ_INT96, "a", 1, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, PPQ_INT64, NULL, 0, 0));
    PPQ_CHECK_OK(ppq_gvi_dec_get(&dec, out, 4, &got));
    PPQ_CHECK_EQ(got, 0);
    /* values promised but no group: truncated */
    PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, PPQ_INT32, NULL, 0, 1));
    PPQ_CHECK_EQ(ppq_gvi_dec_get(&dec, out, 4, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 0);
    /* lengths 1,1,1,1 and values 9,8,7,6 */
    PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, PPQ_INT32, tail_copy("\x00\x09\x08\x07\x06", 5), 5, 4));
    PPQ_CHECK_EQ(ppq_gvi_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_gvi_dec_get(&dec, NULL, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_gvi_dec_get(&dec, out, 4, &got));
    PPQ_CHECK_EQ(got, 4);
    PPQ_CHECK_EQ(out[0], 9);
    PPQ_CHECK_EQ(out[3], 6);
}

/* INT64 [5, 300] then finish: one group of 5 completed with zeros.
 * Lengths-1 0,1,0,0,0 in 3-bit fields from bit 14 down: 0x0200, stored
 * most significant byte first; then 05, 2C 01, 00, 00, 00. */
static void gvi_int64_finish_pads(void)
{
    static const int64_t v[2] = {5, 300};
    uint8_t buf[16];
    ppq_gvi_enc_t enc;
    ppq_gvi_dec_t dec;
    ppq_sink_t sink;
    tsink_t ts;
    int64_t back[3];
    size_t got;
    tsink_init(&sink, &ts, buf, sizeof buf, NEVER);
    PPQ_CHECK_OK(ppq_gvi_enc_init(&enc, PPQ_INT64, &sink));
    PPQ_CHECK_OK(ppq_gvi_enc_put(&enc, v, 2));
    PPQ_CHECK_EQ(ts.len, 0);
    PPQ_CHECK_OK(ppq_gvi_enc_finish(&enc));
    PPQ_CHECK_EQ(ts.len, 8);
    PPQ_CHECK_MEM(buf, "\x02\x00\x05\x2C\x01\x00\x00\x00", 8);
    PPQ_CHECK_OK(ppq_gvi_dec_init(&dec, PPQ_INT64, tail_copy(buf, 8), 8, 2));
    PPQ_CHECK_OK(ppq_gvi_dec_get(&dec, back, 3, &got));
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK(back[0] == 5 && back[1] == 300);
}

/* A sink failing on a group: PPQ_ERR_IO, kept by later calls. */
static void gvi_sink_failure(void)
{
    static const int32_t v[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    uint8_t buf[16];
    ppq_gvi_enc_t enc;
    ppq_sink_t sink;
    tsink_t ts;
    tsink_init(&sink, &ts, buf, sizeof buf, 0);
    PPQ_CHECK_OK(ppq_gvi_enc_init(&enc, PPQ_INT32, &sink));
    PPQ_CHECK_EQ(ppq_gvi_enc_put(&enc, v, 9), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ts.calls, 1);
    PPQ_CHECK_EQ(ppq_gvi_enc_put(&enc, v, 1), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_gvi_enc_finish(&enc), PPQ_ERR_IO);
    /* failing on the last, padded group */
    tsink_init(&sink, &ts, buf, sizeof buf, 5);
    PPQ_CHECK_OK(ppq_gvi_enc_init(&enc, PPQ_INT32, &sink));
    PPQ_CHECK_OK(ppq_gvi_enc_put(&enc, v, 5));
    PPQ_CHECK_EQ(ts.len, 5);
    PPQ_CHECK_EQ(ppq_gvi_enc_finish(&enc), PPQ_ERR_IO);
    PPQ_CHECK_EQ(ppq_gvi_enc_finish(&enc), PPQ_ERR_IO);
}

/* ------------------------------------------------------------------------ */
/* DELTA_BINARY_PACKED                                                      */
/* ------------------------------------------------------------------------ */

static void delta_bad_arguments(void)
{
    ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
    ppq_delta_enc_t enc;
    ppq_delta_dec_t dec;
    ppq_arena_t arena;
    ppq_sink_t sink;
    int32_t out[2];
    size_t got = 99;
    ppq_sink_init_counter(&sink);
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_delta_enc_arena_size(NULL), 0);
    PPQ_CHECK_EQ(ppq_delta_max_block_bytes(NULL, 1000), 0);
    {
        ppq_delta_cfg_t bad = {PPQ_FLOAT, 0, 0, 0};
        PPQ_CHECK_EQ(ppq_delta_max_block_bytes(&bad, 1000), 0);
    }
    PPQ_CHECK_EQ(ppq_delta_enc_init(NULL, &cfg, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_delta_enc_init(&enc, NULL, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_delta_enc_init(&enc, &cfg, NULL, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_delta_enc_init(&enc, &cfg, &sink, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
    PPQ_CHECK_OK(ppq_delta_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_EQ(ppq_delta_enc_put(&enc, NULL, 1), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_delta_enc_put(&enc, NULL, 0));
    PPQ_CHECK_OK(ppq_delta_enc_finish(&enc));
    PPQ_CHECK_EQ(sink.offset, 0);

    PPQ_CHECK_EQ(ppq_delta_dec_init(NULL, PPQ_INT32, "\x80\x01\x04\x00\x00", 5), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_INT32, NULL, 5), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_INT32, NULL, 0), PPQ_ERR_CORRUPT); /* no header */
    /* header: block 128, 4 miniblocks, 1 value, first value 3 (zigzag 6) */
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x80\x01\x04\x01\x06", 5), 5));
    PPQ_CHECK_EQ(ppq_delta_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_delta_dec_get(&dec, NULL, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    /* max 0 takes nothing, not even the first value */
    got = 99;
    PPQ_CHECK_OK(ppq_delta_dec_get(&dec, out, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_delta_dec_get(&dec, out, 2, &got));
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK_EQ(out[0], 3);
}

/* ppq_delta_max_block_bytes bounds the block bytes of the worst case:
 * deltas alternating between the type's extremes need the full width and
 * the longest min-delta varint.  For 129 values (one block of 128 deltas)
 * that is exactly: min delta 5 (INT32) or 10 (INT64) bytes, 4 width bytes,
 * 128 deltas of 32 or 64 bits. */
static void delta_max_block_bytes_bound(void)
{
    static const uint32_t counts[] = {0, 1, 2, 3, 129, 130, 300};
    int32_t *v32;
    int64_t *v64;
    size_t c;
    int is64;
    test_setup();
    v32 = (int32_t *)test_alloc(300 * sizeof *v32);
    v64 = (int64_t *)test_alloc(300 * sizeof *v64);
    PPQ_CHECK(v32 != NULL && v64 != NULL);
    for (is64 = 0; is64 <= 1; is64++) {
        ppq_delta_cfg_t cfg = {is64 ? PPQ_INT64 : PPQ_INT32, 0, 0, 0};
        for (c = 0; c < ARRAY_LEN(counts); c++) {
            ppq_delta_enc_t enc;
            ppq_arena_t arena;
            ppq_sink_t sink;
            uint32_t i, n = counts[c], a32 = 0;
            uint64_t a64 = 0;
            for (i = 0; i < n; i++) { /* wrapping sums; stored bit for bit */
                a32 += (i & 1u) != 0u ? 0x80000000u : 0x7FFFFFFFu;
                a64 += (i & 1u) != 0u ? 0x8000000000000000ull : 0x7FFFFFFFFFFFFFFFull;
                memcpy(&v32[i], &a32, 4);
                memcpy(&v64[i], &a64, 8);
            }
            ppq_sink_init_counter(&sink);
            arena_all(&arena);
            PPQ_CHECK_OK(ppq_delta_enc_init(&enc, &cfg, &sink, &arena));
            PPQ_CHECK_OK(ppq_delta_enc_put(&enc, is64 ? (const void *)v64 : (const void *)v32, n));
            PPQ_CHECK_OK(ppq_delta_enc_finish(&enc));
            PPQ_CHECK(sink.offset <= ppq_delta_max_block_bytes(&cfg, n));
            if (n == 129u) {
                PPQ_CHECK_EQ(sink.offset, is64 ? 10u + 4u + 128u * 8u : 5u + 4u + 128u * 4u);
            }
        }
    }
}

/* The INT32-only get refuses an INT64 decoder (ppq_delta_internal.h). */
static void delta_get_i32_on_int64(void)
{
    ppq_delta_dec_t dec;
    int32_t out[2];
    size_t got = 99;
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT64, tail_copy("\x80\x01\x04\x01\x06", 5), 5));
    PPQ_CHECK_EQ(ppq_delta_dec_get_i32(&dec, out, 2, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_delta_dec_init(&dec, PPQ_INT32, tail_copy("\x80\x01\x04\x01\x06", 5), 5));
    PPQ_CHECK_OK(ppq_delta_dec_get_i32(&dec, out, 2, &got));
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK_EQ(out[0], 3);
}

/* Headers the spec forbids: no miniblocks, miniblocks not dividing the
 * block, sizes beyond 32 bits (2^31 is a multiple of 128 and of 32). */
static void delta_bad_geometry(void)
{
    ppq_delta_dec_t dec;
    size_t used;
    uint64_t count;
    static const struct {
        const char *bytes;
        size_t len;
    } bad[] = {
        {"\x80\x01\x00\x00\x00", 5},                 /* 128, 0 miniblocks */
        {"\x80\x01\x03\x00\x00", 5},                 /* 128 / 3 */
        {"\x80\x80\x80\x80\x08\x04\x00\x00", 8},     /* block 2^31 */
        {"\x80\x80\x80\x80\x10\x04\x00\x00", 8},     /* block 2^32 */
        {"\x80\x01\x80\x80\x80\x80\x08\x00\x00", 9}, /* 2^31 miniblocks */
    };
    size_t i;
    for (i = 0; i < ARRAY_LEN(bad); i++) {
        const uint8_t *p = tail_copy(bad[i].bytes, bad[i].len);
        PPQ_CHECK_EQ(ppq_delta_dec_init(&dec, PPQ_INT64, p, bad[i].len), PPQ_ERR_CORRUPT);
        PPQ_CHECK_EQ(ppq_delta_stream_end(PPQ_INT64, p, bad[i].len, &used, &count), PPQ_ERR_CORRUPT);
    }
}

/* ------------------------------------------------------------------------ */
/* DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY                             */
/* ------------------------------------------------------------------------ */

static void set_bytes(ppq_bytes_t *b, const char *s, uint32_t len)
{
    b->ptr = (const uint8_t *)s;
    b->len = len;
}

static void dlba_bad_arguments(void)
{
    ppq_dlba_cfg_t ok = {4, 16};
    ppq_dlba_cfg_t none = {0, 16}, many = {0x80000000u, 16}, big = {4, 0x80000000u};
    ppq_dlba_enc_t enc;
    ppq_dlba_dec_t dec;
    ppq_arena_t arena;
    ppq_sink_t sink;
    ppq_bytes_t b[2];
    size_t accepted = 99, got = 99;
    ppq_sink_init_counter(&sink);
    PPQ_CHECK_EQ(ppq_dlba_enc_arena_size(NULL), 0);
    PPQ_CHECK_EQ(ppq_dlba_enc_arena_size(&none), 0);
    PPQ_CHECK_EQ(ppq_dlba_enc_arena_size(&many), 0);
    PPQ_CHECK_EQ(ppq_dlba_enc_arena_size(&big), 0);
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_dlba_enc_init(NULL, &ok, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dlba_enc_init(&enc, NULL, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dlba_enc_init(&enc, &ok, NULL, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dlba_enc_init(&enc, &ok, &sink, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dlba_enc_init(&enc, &none, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
    PPQ_CHECK_OK(ppq_dlba_enc_init(&enc, &ok, &sink, &arena));
    PPQ_CHECK_EQ(ppq_dlba_enc_put(&enc, NULL, 1, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 0);
    PPQ_CHECK_OK(ppq_dlba_enc_put(&enc, NULL, 0, &accepted));
    PPQ_CHECK_EQ(accepted, 0);
    set_bytes(&b[0], NULL, 0); /* empty: no pointer needed */
    PPQ_CHECK_OK(ppq_dlba_enc_put(&enc, b, 1, &accepted));
    PPQ_CHECK_EQ(accepted, 1);
    set_bytes(&b[0], "ab", 2);
    set_bytes(&b[1], NULL, 2);
    PPQ_CHECK_EQ(ppq_dlba_enc_put(&enc, b, 2, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 1);
    set_bytes(&b[1], "x", 0x80000000u);
    PPQ_CHECK_EQ(ppq_dlba_enc_put(&enc, b + 1, 1, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 0);
    PPQ_CHECK_OK(ppq_dlba_enc_finish(&enc));
    PPQ_CHECK_EQ(ppq_dlba_enc_put(&enc, b, 1, &accepted), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(accepted, 0);
    PPQ_CHECK_EQ(ppq_dlba_enc_finish(&enc), PPQ_ERR_STATE);

    PPQ_CHECK_EQ(ppq_dlba_dec_init(NULL, "\x80\x01\x04\x00\x00", 5), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dlba_dec_init(&dec, NULL, 5), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dlba_dec_init(&dec, NULL, 0), PPQ_ERR_CORRUPT); /* no lengths header */
    /* one value "q": lengths stream with count 1, first length 1 */
    PPQ_CHECK_OK(ppq_dlba_dec_init(&dec, tail_copy("\x80\x01\x04\x01\x02q", 6), 6));
    PPQ_CHECK_EQ(ppq_dlba_dec_get(&dec, NULL, 1, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_dlba_dec_get(&dec, NULL, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_dlba_dec_get(&dec, b, 2, &got));
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK(b[0].len == 1 && b[0].ptr[0] == 'q');
}

/* "A zero limit" is PPQ_ERR_ARG for both encoders (ppq_dlba.h, ppq_dba.h):
 * max_bytes 0, and for DELTA_BYTE_ARRAY max_value_len 0, too. */
static void dlba_dba_zero_limits(void)
{
    ppq_dlba_cfg_t l0 = {4, 0};
    ppq_dba_cfg_t d0 = {4, 0, 8}, v0 = {4, 16, 0};
    ppq_dlba_enc_t lenc;
    ppq_dba_enc_t denc;
    ppq_arena_t arena;
    ppq_sink_t sink;
    ppq_sink_init_counter(&sink);
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_dlba_enc_init(&lenc, &l0, &sink, &arena), PPQ_ERR_ARG);
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_dba_enc_init(&denc, PPQ_BYTE_ARRAY, 0, &d0, &sink, &arena), PPQ_ERR_ARG);
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_dba_enc_init(&denc, PPQ_BYTE_ARRAY, 0, &v0, &sink, &arena), PPQ_ERR_ARG);
}

/* The *_arena_size functions are exactly what init takes; any less is
 * PPQ_ERR_ARENA, whichever buffer stops fitting. */
static void dlba_dba_arena_exact(void)
{
    ppq_dlba_cfg_t lcfg = {100, 40};
    ppq_dba_cfg_t dcfg = {100, 40, 12};
    size_t lneed = ppq_dlba_enc_arena_size(&lcfg), dneed = ppq_dba_enc_arena_size(&dcfg), size;
    PPQ_CHECK(lneed > 0u && lneed <= test_arena_size);
    PPQ_CHECK(dneed > lneed && dneed <= test_arena_size);
    for (size = 0; size <= dneed; size += PPQ_ARENA_ALIGN) {
        ppq_dlba_enc_t lenc;
        ppq_dba_enc_t denc;
        ppq_arena_t arena;
        ppq_sink_t sink;
        ppq_sink_init_counter(&sink);
        ppq_arena_init(&arena, test_arena_ptr, size);
        if (size < lneed) {
            PPQ_CHECK_EQ(ppq_dlba_enc_init(&lenc, &lcfg, &sink, &arena), PPQ_ERR_ARENA);
        } else if (size == lneed) {
            PPQ_CHECK_OK(ppq_dlba_enc_init(&lenc, &lcfg, &sink, &arena));
            PPQ_CHECK_EQ(ppq_arena_used(&arena), lneed);
        }
        ppq_arena_init(&arena, test_arena_ptr, size);
        if (size < dneed) {
            PPQ_CHECK_EQ(ppq_dba_enc_init(&denc, PPQ_BYTE_ARRAY, 0, &dcfg, &sink, &arena), PPQ_ERR_ARENA);
        } else {
            PPQ_CHECK_OK(ppq_dba_enc_init(&denc, PPQ_BYTE_ARRAY, 0, &dcfg, &sink, &arena));
            PPQ_CHECK_EQ(ppq_arena_used(&arena), dneed);
        }
    }
}

/* ["ab", "c"]: lengths 2, 1 = header 80 01 04 02 04, block: min delta -1
 * (zigzag 01), widths 0; then "abc".  A sink failing on any of the three
 * writes makes finish PPQ_ERR_IO, kept by later calls. */
static void dlba_finish_sink_failures(void)
{
    static const uint8_t golden[13] = {0x80, 0x01, 0x04, 0x02, 0x04, 0x01, 0, 0, 0, 0, 'a', 'b', 'c'};
    ppq_dlba_cfg_t cfg = {4, 16};
    ppq_bytes_t b[2];
    uint8_t buf[16];
    size_t fail_at;
    set_bytes(&b[0], "ab", 2);
    set_bytes(&b[1], "c", 1);
    for (fail_at = 0; fail_at <= sizeof golden; fail_at++) {
        ppq_dlba_enc_t enc;
        ppq_arena_t arena;
        ppq_sink_t sink;
        tsink_t ts;
        size_t accepted;
        arena_all(&arena);
        tsink_init(&sink, &ts, buf, sizeof buf, fail_at);
        PPQ_CHECK_OK(ppq_dlba_enc_init(&enc, &cfg, &sink, &arena));
        PPQ_CHECK_OK(ppq_dlba_enc_put(&enc, b, 2, &accepted));
        PPQ_CHECK_EQ(accepted, 2);
        PPQ_CHECK_EQ(ts.len, 0);
        if (fail_at < sizeof golden) {
            PPQ_CHECK_EQ(ppq_dlba_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_dlba_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_dlba_enc_put(&enc, b, 1, &accepted), PPQ_ERR_IO);
            PPQ_CHECK_EQ(accepted, 0);
        } else {
            PPQ_CHECK_OK(ppq_dlba_enc_finish(&enc));
            PPQ_CHECK_EQ(ts.len, sizeof golden);
            PPQ_CHECK_MEM(buf, golden, sizeof golden);
        }
    }
}

/* More than one chunk of lengths: stream_end still finds the end. */
static void dlba_stream_end_many(void)
{
    enum { N = 70 };
    static const char bytes[] = "0123456789";
    ppq_dlba_cfg_t cfg = {N, 10 * N};
    ppq_bytes_t *v;
    uint8_t *buf;
    ppq_dlba_enc_t enc;
    ppq_arena_t arena;
    ppq_sink_t sink;
    tsink_t ts;
    size_t i, accepted, used = 0, total = 0;
    test_setup();
    v = (ppq_bytes_t *)test_alloc(N * sizeof *v);
    buf = (uint8_t *)test_alloc(1024);
    PPQ_CHECK(v != NULL && buf != NULL);
    for (i = 0; i < N; i++) {
        set_bytes(&v[i], bytes, (uint32_t)(i * 7u % 11u));
        total += v[i].len;
    }
    arena_all(&arena);
    tsink_init(&sink, &ts, buf, 1024, NEVER);
    PPQ_CHECK_OK(ppq_dlba_enc_init(&enc, &cfg, &sink, &arena));
    PPQ_CHECK_OK(ppq_dlba_enc_put(&enc, v, N, &accepted));
    PPQ_CHECK_OK(ppq_dlba_enc_finish(&enc));
    PPQ_CHECK(ts.len > total);
    memset(buf + ts.len, 0xFF, 7); /* whatever follows is not the stream's */
    PPQ_CHECK_OK(ppq_dlba_stream_end(tail_copy(buf, ts.len + 7), ts.len + 7, &used));
    PPQ_CHECK_EQ(used, ts.len);
    /* and the lengths say exactly where the bytes end: one byte short is
     * corrupt */
    PPQ_CHECK_EQ(ppq_dlba_stream_end(tail_copy(buf, ts.len - 1), ts.len - 1, &used), PPQ_ERR_CORRUPT);
}

static void dba_bad_arguments(void)
{
    ppq_dba_cfg_t ok = {2, 16, 8};
    ppq_dba_cfg_t none = {0, 16, 8}, long_values = {2, 16, 0x80000000u};
    ppq_dba_enc_t enc;
    ppq_dba_dec_t dec;
    ppq_arena_t arena;
    ppq_sink_t sink;
    ppq_bytes_t b[3], out[2];
    uint8_t buf[16];
    size_t accepted = 99, got = 99;
    ppq_sink_init_counter(&sink);
    PPQ_CHECK_EQ(ppq_dba_enc_arena_size(NULL), 0);
    PPQ_CHECK_EQ(ppq_dba_enc_arena_size(&none), 0);
    PPQ_CHECK_EQ(ppq_dba_enc_arena_size(&long_values), 0);
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_dba_enc_init(NULL, PPQ_BYTE_ARRAY, 0, &ok, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dba_enc_init(&enc, PPQ_BYTE_ARRAY, 0, NULL, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dba_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &ok, NULL, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dba_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &ok, &sink, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dba_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 0, &ok, &sink, &arena), PPQ_ERR_ARG);
    /* FLBA values longer than any value may be */
    PPQ_CHECK_EQ(ppq_dba_enc_init(&enc, PPQ_FIXED_LEN_BYTE_ARRAY, 9, &ok, &sink, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_arena_used(&arena), 0);
    PPQ_CHECK_OK(ppq_dba_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &ok, &sink, &arena));
    PPQ_CHECK_EQ(ppq_dba_enc_put(&enc, NULL, 1, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 0);
    PPQ_CHECK_OK(ppq_dba_enc_put(&enc, NULL, 0, &accepted));
    PPQ_CHECK_EQ(accepted, 0);
    set_bytes(&b[0], "abcdefghi", 9); /* longer than max_value_len 8 */
    PPQ_CHECK_EQ(ppq_dba_enc_put(&enc, b, 1, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 0);
    set_bytes(&b[0], "ab", 2);
    set_bytes(&b[1], NULL, 1);
    PPQ_CHECK_EQ(ppq_dba_enc_put(&enc, b, 2, &accepted), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(accepted, 1);
    /* max_values 2: the third value is refused */
    set_bytes(&b[0], "ac", 2);
    set_bytes(&b[1], "ad", 2);
    PPQ_CHECK_EQ(ppq_dba_enc_put(&enc, b, 2, &accepted), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(accepted, 1);
    PPQ_CHECK_OK(ppq_dba_enc_finish(&enc));
    PPQ_CHECK_EQ(ppq_dba_enc_put(&enc, b, 1, &accepted), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(ppq_dba_enc_finish(&enc), PPQ_ERR_STATE);

    /* max_bytes bounds the suffix bytes: "abcdefgh" then "abcdefgX"
     * (suffix "X") fit 9 bytes; a third value with 2 new bytes does not */
    {
        ppq_dba_cfg_t small = {8, 9, 8};
        arena_all(&arena);
        PPQ_CHECK_OK(ppq_dba_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &small, &sink, &arena));
        set_bytes(&b[0], "abcdefgh", 8);
        set_bytes(&b[1], "abcdefgX", 8);
        set_bytes(&b[2], "abcdefYZ", 8);
        PPQ_CHECK_EQ(ppq_dba_enc_put(&enc, b, 3, &accepted), PPQ_ERR_NOSPACE);
        PPQ_CHECK_EQ(accepted, 2);
        set_bytes(&b[0], NULL, 0); /* an empty value needs no pointer, nor bytes */
        PPQ_CHECK_OK(ppq_dba_enc_put(&enc, b, 1, &accepted));
        PPQ_CHECK_EQ(accepted, 1);
    }

    PPQ_CHECK_EQ(ppq_dba_dec_init(NULL, PPQ_BYTE_ARRAY, 0, "x", 1, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, "x", 1, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, NULL, 1, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, NULL, 0, &arena), PPQ_ERR_CORRUPT); /* no streams */
    PPQ_CHECK_EQ(ppq_dba_dec_init(&dec, PPQ_INT32, 0, "x", 1, &arena), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_dba_dec_init(&dec, PPQ_FIXED_LEN_BYTE_ARRAY, 0, "x", 1, &arena), PPQ_ERR_ARG);
    /* prefix 0 and suffix "a": one value "a" */
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy("\x80\x01\x04\x01\x00\x80\x01\x04\x01\x02" "a", 11),
                                  11, &arena));
    PPQ_CHECK_EQ(ppq_dba_dec_get(&dec, NULL, 1, buf, sizeof buf, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_EQ(ppq_dba_dec_get(&dec, out, 1, NULL, sizeof buf, &got), PPQ_ERR_ARG);
    PPQ_CHECK_OK(ppq_dba_dec_get(&dec, NULL, 0, NULL, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(ppq_dba_dec_get(&dec, out, 2, buf, sizeof buf, &got));
    PPQ_CHECK_EQ(got, 1);
    PPQ_CHECK(out[0].len == 1 && out[0].ptr[0] == 'a');
}

/* ["ab", "ac"]: prefixes 0, 1 (header 80 01 04 02 00, block: min delta 1 =
 * zigzag 02, widths 0); suffixes "ab", "c" as DELTA_LENGTH_BYTE_ARRAY. */
static const uint8_t dba_ab_ac[23] = {0x80, 0x01, 0x04, 0x02, 0x00, 0x02, 0, 0, 0, 0, 0x80, 0x01,
                                      0x04, 0x02, 0x04, 0x01, 0,    0,    0, 0, 'a', 'b', 'c'};

static void dba_finish_sink_failures(void)
{
    ppq_dba_cfg_t cfg = {4, 16, 8};
    ppq_bytes_t b[2];
    uint8_t buf[24];
    size_t fail_at;
    set_bytes(&b[0], "ab", 2);
    set_bytes(&b[1], "ac", 2);
    for (fail_at = 0; fail_at <= sizeof dba_ab_ac; fail_at++) {
        ppq_dba_enc_t enc;
        ppq_arena_t arena;
        ppq_sink_t sink;
        tsink_t ts;
        size_t accepted;
        arena_all(&arena);
        tsink_init(&sink, &ts, buf, sizeof buf, fail_at);
        PPQ_CHECK_OK(ppq_dba_enc_init(&enc, PPQ_BYTE_ARRAY, 0, &cfg, &sink, &arena));
        PPQ_CHECK_OK(ppq_dba_enc_put(&enc, b, 2, &accepted));
        PPQ_CHECK_EQ(ts.len, 0);
        if (fail_at < sizeof dba_ab_ac) {
            PPQ_CHECK_EQ(ppq_dba_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_dba_enc_finish(&enc), PPQ_ERR_IO);
            PPQ_CHECK_EQ(ppq_dba_enc_put(&enc, b, 1, &accepted), PPQ_ERR_IO);
            PPQ_CHECK_EQ(accepted, 0);
        } else {
            PPQ_CHECK_OK(ppq_dba_enc_finish(&enc));
            PPQ_CHECK_EQ(ts.len, sizeof dba_ab_ac);
            PPQ_CHECK_MEM(buf, dba_ab_ac, sizeof dba_ab_ac);
        }
    }
}

static void dba_dec_corners(void)
{
    /* prefixes: count 2 (0, 0); suffixes: count 1 */
    static const uint8_t counts_differ[16] = {0x80, 0x01, 0x04, 0x02, 0x00, 0x00, 0, 0, 0, 0,
                                              0x80, 0x01, 0x04, 0x01, 0x02, 'a'};
    /* one value: prefix -1 (zigzag 01), suffix "a" */
    static const uint8_t negative[11] = {0x80, 0x01, 0x04, 0x01, 0x01, 0x80, 0x01, 0x04, 0x01, 0x02, 'a'};
    ppq_dba_dec_t dec;
    ppq_arena_t arena;
    ppq_bytes_t out[2];
    uint8_t buf[8];
    size_t got = 99;
    uint64_t words[1];
    arena_all(&arena);
    PPQ_CHECK_EQ(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(counts_differ, 16), 16, &arena),
                 PPQ_ERR_CORRUPT);
    PPQ_CHECK_OK(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(negative, 11), 11, &arena));
    PPQ_CHECK_EQ(ppq_dba_dec_get(&dec, out, 2, buf, sizeof buf, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 0);
    /* values of 2 bytes read as FLBA(3) */
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_dba_dec_init(&dec, PPQ_FIXED_LEN_BYTE_ARRAY, 3, tail_copy(dba_ab_ac, 23), 23, &arena));
    PPQ_CHECK_EQ(ppq_dba_dec_get(&dec, out, 2, buf, sizeof buf, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(got, 0);
    /* ...and as FLBA(2) they are fine */
    arena_all(&arena);
    PPQ_CHECK_OK(ppq_dba_dec_init(&dec, PPQ_FIXED_LEN_BYTE_ARRAY, 2, tail_copy(dba_ab_ac, 23), 23, &arena));
    PPQ_CHECK_OK(ppq_dba_dec_get(&dec, out, 2, buf, sizeof buf, &got));
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK_MEM(out[1].ptr, "ac", 2);
    /* the decoder's arena: ppq_dba_dec_arena_size(len) is enough, less is not */
    ppq_arena_init(&arena, words, 0);
    PPQ_CHECK_EQ(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(dba_ab_ac, 23), 23, &arena), PPQ_ERR_ARENA);
    ppq_arena_init(&arena, test_arena_ptr, ppq_dba_dec_arena_size(23));
    PPQ_CHECK_OK(ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, tail_copy(dba_ab_ac, 23), 23, &arena));
    PPQ_CHECK_OK(ppq_dba_dec_get(&dec, out, 2, buf, sizeof buf, &got));
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK_MEM(out[0].ptr, "ab", 2);
    PPQ_CHECK_MEM(out[1].ptr, "ac", 2);
}

/* ------------------------------------------------------------------------ */
/* Thrift Compact Protocol                                                  */
/* ------------------------------------------------------------------------ */

/* Field headers: short form (delta << 4 | type) for ids 1..15 above the
 * previous one, else the type byte then the id as a zigzag varint; i8 is
 * one byte, i16/i32/i64 zigzag varints; lists of 15 or more elements put
 * 0xF in the size nibble and the size as a varint; STOP is 00. */
static void thrift_writer_forms(void)
{
    static const uint8_t golden[] = {
        0x13, 0xFE,                   /* id 1 i8 -2 */
        0x14, 0x05,                   /* id 2 i16 -3 */
        0x05, 0x02, 0x00,             /* id 1 (backwards) i32 0 */
        0x05, 0x28, 0x80, 0x01,       /* id 20 (+19) i32 64 */
        0x04, 0x7F, 0xFF, 0xFF, 0x03, /* id -64 i16 -32768 */
        0x19, 0xF6, 0x0F,             /* id -63 list<i64>, 15 elements */
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F,
        0x00};
    uint8_t buf[48];
    ppq_thrift_w_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    int i;
    ppq_sink_init_mem(&sink, &mem, buf, sizeof buf);
    ppq_thrift_w_init(&w, &sink);
    ppq_thrift_w_i8(&w, 1, -2);
    ppq_thrift_w_i16(&w, 2, -3);
    ppq_thrift_w_i32(&w, 1, 0);
    ppq_thrift_w_i32(&w, 20, 64);
    ppq_thrift_w_i16(&w, -64, -32768);
    ppq_thrift_w_list(&w, -63, PPQ_THRIFT_I64, 15);
    for (i = 0; i < 15; i++) {
        ppq_thrift_w_elem_i64(&w, i % 2 == 0 ? -(int64_t)(i / 2) - 1 : (int64_t)(i / 2) + 1);
    }
    ppq_thrift_w_end(&w);
    PPQ_CHECK_OK(ppq_thrift_w_status(&w));
    PPQ_CHECK_EQ(mem.len, sizeof golden);
    PPQ_CHECK_MEM(buf, golden, sizeof golden);
}

/* Unbalanced use is PPQ_ERR_STATE and nothing more is written; a sink
 * error is kept the same way. */
static void thrift_writer_errors(void)
{
    uint8_t buf[8];
    ppq_thrift_w_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    /* a field after the top-level struct was ended */
    ppq_sink_init_mem(&sink, &mem, buf, sizeof buf);
    ppq_thrift_w_init(&w, &sink);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_OK(ppq_thrift_w_status(&w));
    ppq_thrift_w_i32(&w, 1, 5);
    PPQ_CHECK_EQ(ppq_thrift_w_status(&w), PPQ_ERR_STATE);
    ppq_thrift_w_bool(&w, 2, 1);
    ppq_thrift_w_i8(&w, 3, 1);
    ppq_thrift_w_double(&w, 4, 1.0);
    ppq_thrift_w_string(&w, 5, "x");
    ppq_thrift_w_struct(&w, 6);
    ppq_thrift_w_list(&w, 7, PPQ_THRIFT_I32, 1);
    ppq_thrift_w_elem_struct(&w);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(ppq_thrift_w_status(&w), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(mem.len, 1); /* the stop byte only */
    PPQ_CHECK_EQ(buf[0], 0);
    /* ending more structs than were opened */
    ppq_sink_init_mem(&sink, &mem, buf, sizeof buf);
    ppq_thrift_w_init(&w, &sink);
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(ppq_thrift_w_status(&w), PPQ_ERR_STATE);
    PPQ_CHECK_EQ(mem.len, 1);
    /* the sink fills up inside a binary: its error stays, later calls add
     * nothing */
    ppq_sink_init_mem(&sink, &mem, buf, 4);
    ppq_thrift_w_init(&w, &sink);
    ppq_thrift_w_binary(&w, 1, "abcdef", 6);
    PPQ_CHECK_EQ(ppq_thrift_w_status(&w), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(mem.len, 2); /* header 18 and length 06 */
    ppq_thrift_w_i32(&w, 2, 1);
    ppq_thrift_w_elem_i32(&w, 1);
    ppq_thrift_w_elem_bool(&w, 1);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(ppq_thrift_w_status(&w), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(mem.len, 2);
}

static void thrift_reader_fields(void)
{
    ppq_thrift_r_t r;
    int16_t id;
    ppq_thrift_type_t t;
    int8_t i8;
    int16_t i16;
    /* id 32767 (long form, zigzag 65534), then a short-form +1: past i16 */
    ppq_thrift_r_init(&r, tail_copy("\x03\xFE\xFF\x03\x07\x13\x07", 7), 7);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(id, 32767);
    PPQ_CHECK_EQ(t, PPQ_THRIFT_I8);
    PPQ_CHECK_OK(ppq_thrift_r_i8(&r, t, &i8));
    PPQ_CHECK_EQ(i8, 7);
    PPQ_CHECK_EQ(ppq_thrift_r_field(&r, &id, &t), PPQ_ERR_CORRUPT);
    /* long-form id cut short, and ids beyond 16 bits */
    ppq_thrift_r_init(&r, tail_copy("\x05\x80", 2), 2);
    PPQ_CHECK_EQ(ppq_thrift_r_field(&r, &id, &t), PPQ_ERR_CORRUPT);
    ppq_thrift_r_init(&r, tail_copy("\x05\x80\x80\x04", 4), 4);
    PPQ_CHECK_EQ(ppq_thrift_r_field(&r, &id, &t), PPQ_ERR_CORRUPT);
    /* no bytes at all; and after the top-level STOP nothing is open */
    ppq_thrift_r_init(&r, tail_copy("\x00\x13\x01", 3), 0);
    PPQ_CHECK_EQ(ppq_thrift_r_field(&r, &id, &t), PPQ_ERR_CORRUPT);
    ppq_thrift_r_init(&r, tail_copy("\x00\x13\x01", 3), 3);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(t, PPQ_THRIFT_STOP);
    PPQ_CHECK_EQ(id, 0);
    PPQ_CHECK_EQ(ppq_thrift_r_field(&r, &id, &t), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_offset(&r, r.end - 3), 1);
    /* i16: -3, then 65536 does not fit */
    ppq_thrift_r_init(&r, tail_copy("\x14\x05\x14\x80\x80\x04", 6), 6);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_i16(&r, t, &i16));
    PPQ_CHECK_EQ(i16, -3);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(id, 2);
    PPQ_CHECK_EQ(ppq_thrift_r_i16(&r, t, &i16), PPQ_ERR_CORRUPT);
}

/* Each value reader checks the wire type and the bytes left. */
static void thrift_reader_values(void)
{
    ppq_thrift_r_t r;
    int b;
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    double d;
    ppq_thrift_type_t elem;
    uint32_t size;
    const uint8_t *empty = tail_copy("", 0);
    ppq_thrift_r_init(&r, tail_copy("\x01\x02\x00\x03", 4), 4);
    PPQ_CHECK_EQ(ppq_thrift_r_bool(&r, PPQ_THRIFT_I32, &b), PPQ_ERR_CORRUPT);
    PPQ_CHECK_OK(ppq_thrift_r_bool(&r, PPQ_THRIFT_FALSE, &b));
    PPQ_CHECK_EQ(b, 0);
    PPQ_CHECK_OK(ppq_thrift_r_elem_bool(&r, &b));
    PPQ_CHECK_EQ(b, 1);
    PPQ_CHECK_OK(ppq_thrift_r_elem_bool(&r, &b));
    PPQ_CHECK_EQ(b, 0);
    PPQ_CHECK_OK(ppq_thrift_r_elem_bool(&r, &b));
    PPQ_CHECK_EQ(b, 0);
    PPQ_CHECK_EQ(ppq_thrift_r_elem_bool(&r, &b), PPQ_ERR_CORRUPT); /* 03 */
    ppq_thrift_r_init(&r, empty, 0);
    PPQ_CHECK_EQ(ppq_thrift_r_elem_bool(&r, &b), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_i8(&r, PPQ_THRIFT_I8, &i8), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_i64(&r, PPQ_THRIFT_I64, &i64), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_double(&r, PPQ_THRIFT_DOUBLE, &d), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_list(&r, PPQ_THRIFT_SET, &elem, &size), PPQ_ERR_CORRUPT);
    /* wrong wire types */
    ppq_thrift_r_init(&r, tail_copy("\x02\x02\x02\x02\x02\x02\x02\x02", 8), 8);
    PPQ_CHECK_EQ(ppq_thrift_r_i8(&r, PPQ_THRIFT_I16, &i8), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_i16(&r, PPQ_THRIFT_I32, &i16), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_i32(&r, PPQ_THRIFT_I64, &i32), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_i64(&r, PPQ_THRIFT_I32, &i64), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_double(&r, PPQ_THRIFT_I64, &d), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_struct(&r, PPQ_THRIFT_LIST), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_list(&r, PPQ_THRIFT_MAP, &elem, &size), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_thrift_r_offset(&r, r.end - 8), 0); /* nothing consumed */
    /* i32 with a 33rd bit */
    ppq_thrift_r_init(&r, tail_copy("\x80\x80\x80\x80\x10", 5), 5);
    PPQ_CHECK_EQ(ppq_thrift_r_i32(&r, PPQ_THRIFT_I32, &i32), PPQ_ERR_CORRUPT);
    /* a set header reads like a list: 2 x i32 */
    ppq_thrift_r_init(&r, tail_copy("\x25\x02\x04", 3), 3);
    PPQ_CHECK_OK(ppq_thrift_r_list(&r, PPQ_THRIFT_SET, &elem, &size));
    PPQ_CHECK_EQ(elem, PPQ_THRIFT_I32);
    PPQ_CHECK_EQ(size, 2);
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, elem, &i32));
    PPQ_CHECK_EQ(i32, 1);
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, elem, &i32));
    PPQ_CHECK_EQ(i32, 2);
}

/* Entering structs stops at PPQ_THRIFT_MAX_DEPTH open levels (the top
 * level counts as one). */
static void thrift_reader_depth(void)
{
    ppq_thrift_r_t r;
    int i;
    ppq_thrift_r_init(&r, tail_copy("", 0), 0);
    for (i = 1; i < PPQ_THRIFT_MAX_DEPTH; i++) {
        PPQ_CHECK_OK(ppq_thrift_r_struct(&r, PPQ_THRIFT_STRUCT));
    }
    PPQ_CHECK_EQ(ppq_thrift_r_struct(&r, PPQ_THRIFT_STRUCT), PPQ_ERR_CORRUPT);
}

static void thrift_skip_corners(void)
{
    static const struct {
        const char *bytes;
        size_t len;
        ppq_thrift_type_t type;
        ppq_status_t expect;
        size_t used; /* bytes consumed when OK */
    } cases_[] = {
        {"", 0, PPQ_THRIFT_STOP, PPQ_ERR_CORRUPT, 0},                 /* STOP is not a value */
        {"", 0, (ppq_thrift_type_t)14, PPQ_ERR_CORRUPT, 0},           /* nor is 14 */
        {"", 0, PPQ_THRIFT_TRUE, PPQ_OK, 0},                          /* a bool field has no bytes */
        {"\x07", 1, PPQ_THRIFT_I8, PPQ_OK, 1},
        {"", 0, PPQ_THRIFT_I8, PPQ_ERR_CORRUPT, 0},
        {"\x80\x80\x04", 3, PPQ_THRIFT_I16, PPQ_ERR_CORRUPT, 0},     /* 17 bits */
        {"1234567", 7, PPQ_THRIFT_DOUBLE, PPQ_ERR_CORRUPT, 0},
        {"0123456789abcdef", 16, PPQ_THRIFT_UUID, PPQ_OK, 16},
        {"0123456789abcde", 15, PPQ_THRIFT_UUID, PPQ_ERR_CORRUPT, 0},
        {"\x21\x01", 2, PPQ_THRIFT_LIST, PPQ_ERR_CORRUPT, 0},         /* 2 bools, 1 byte */
        {"\x21\x01\x02", 3, PPQ_THRIFT_LIST, PPQ_OK, 3},
        {"\x00", 1, PPQ_THRIFT_MAP, PPQ_OK, 1},                       /* empty map: no types byte */
        {"\x01", 1, PPQ_THRIFT_MAP, PPQ_ERR_CORRUPT, 0},              /* types byte missing */
        {"\x01\x05\x02\x02", 4, PPQ_THRIFT_MAP, PPQ_ERR_CORRUPT, 0},  /* key type 0 */
        {"\x01\x50\x02\x02", 4, PPQ_THRIFT_MAP, PPQ_ERR_CORRUPT, 0},  /* value type 0 */
        {"\x02\x55\x02\x02", 4, PPQ_THRIFT_MAP, PPQ_ERR_CORRUPT, 0},  /* 2 pairs, 3 bytes */
        {"\x01\x55\x02\x04", 4, PPQ_THRIFT_MAP, PPQ_OK, 4},           /* {1: 2} */
        {"\x01\x11\x01", 3, PPQ_THRIFT_MAP, PPQ_ERR_CORRUPT, 0},     /* {true: ?} value missing */
        {"\x01\x11\x01\x02", 4, PPQ_THRIFT_MAP, PPQ_OK, 4},           /* {true: false} */
        {"\x80\x80\x80\x80\x10", 5, PPQ_THRIFT_MAP, PPQ_ERR_CORRUPT, 0},
        {"\x15", 1, PPQ_THRIFT_STRUCT, PPQ_ERR_CORRUPT, 0},           /* field value missing */
        {"\x05\x80", 2, PPQ_THRIFT_STRUCT, PPQ_ERR_CORRUPT, 0},       /* long id cut short */
        {"\x1E\x00", 2, PPQ_THRIFT_STRUCT, PPQ_ERR_CORRUPT, 0},       /* field type 14 */
        {"\x11\x00", 2, PPQ_THRIFT_STRUCT, PPQ_OK, 2},                /* a true bool field */
    };
    size_t i;
    for (i = 0; i < ARRAY_LEN(cases_); i++) {
        ppq_thrift_r_t r;
        const uint8_t *p = tail_copy(cases_[i].bytes, cases_[i].len);
        ppq_thrift_r_init(&r, p, cases_[i].len);
        PPQ_CHECK_EQ(ppq_thrift_r_skip(&r, cases_[i].type), cases_[i].expect);
        if (cases_[i].expect == PPQ_OK) {
            PPQ_CHECK_EQ(ppq_thrift_r_offset(&r, p), cases_[i].used);
        }
    }
}

/* ------------------------------------------------------------------------ */

static const ppq_test_case_t cases[] = {
    PPQ_TEST(status_every_code),
    PPQ_TEST(arena_null_and_align),
    PPQ_TEST(arena_null_with_length),
    PPQ_TEST(sink_edges),
    PPQ_TEST(source_callback_errors),
    PPQ_TEST(mem_source_null),
    PPQ_TEST(varint_null_input),
    PPQ_TEST(pack_out_of_range_width),
    PPQ_TEST(plain_bad_arguments),
    PPQ_TEST(plain_bool_consumed),
    PPQ_TEST(plain_many_bools),
    PPQ_TEST(plain_bytes_null_pointer),
    PPQ_TEST(plain_bytes_sink_failures),
    PPQ_TEST(rle_bad_arguments),
    PPQ_TEST(rle_arena_exact),
    PPQ_TEST(rle_sink_fails_mid_put),
    PPQ_TEST(rle_prefix_sink_failures),
    PPQ_TEST(rle_dec_end_pointer),
    PPQ_TEST(dict_bad_arguments),
    PPQ_TEST(dict_arena_exact),
    PPQ_TEST(dict_fixed_width_pool),
    PPQ_TEST(dict_fixed_width_max_bytes),
    PPQ_TEST(dict_single_entry_and_empty_page),
    PPQ_TEST(dict_flush_page_sink_failures),
    PPQ_TEST(dict_dec_corners),
    PPQ_TEST(dict_empty_value_null_pointer),
    PPQ_TEST(bitpacked_bad_arguments),
    PPQ_TEST(bitpacked_sink_failure),
    PPQ_TEST(bss_bad_arguments),
    PPQ_TEST(bss_sink_failure),
    PPQ_TEST(gvi_bad_arguments),
    PPQ_TEST(gvi_int64_finish_pads),
    PPQ_TEST(gvi_sink_failure),
    PPQ_TEST(delta_bad_arguments),
    PPQ_TEST(delta_bad_geometry),
    PPQ_TEST(delta_max_block_bytes_bound),
    PPQ_TEST(delta_get_i32_on_int64),
    PPQ_TEST(dlba_bad_arguments),
    PPQ_TEST(dlba_dba_zero_limits),
    PPQ_TEST(dlba_dba_arena_exact),
    PPQ_TEST(dlba_finish_sink_failures),
    PPQ_TEST(dlba_stream_end_many),
    PPQ_TEST(dba_bad_arguments),
    PPQ_TEST(dba_finish_sink_failures),
    PPQ_TEST(dba_dec_corners),
    PPQ_TEST(thrift_writer_forms),
    PPQ_TEST(thrift_writer_errors),
    PPQ_TEST(thrift_reader_fields),
    PPQ_TEST(thrift_reader_values),
    PPQ_TEST(thrift_reader_depth),
    PPQ_TEST(thrift_skip_corners),
};
PPQ_SUITE(suite_edges, "edges", cases);
