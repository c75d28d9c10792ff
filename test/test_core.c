/* Core: status texts, sinks and sources, arena, varints, zigzag, LE. */
#include <string.h>

#include "test_util.h"

static void status_strings(void)
{
    PPQ_CHECK(strcmp(ppq_status_str(PPQ_OK), "ok") == 0);
    PPQ_CHECK(strcmp(ppq_status_str(PPQ_ERR_CORRUPT), "corrupt input") == 0);
    PPQ_CHECK(strcmp(ppq_status_str((ppq_status_t)-99), "unknown status") == 0);
    PPQ_CHECK(PPQ_IS_CORRUPT(PPQ_ERR_CORRUPT));
    PPQ_CHECK(PPQ_IS_IO(PPQ_ERR_IO));
    PPQ_CHECK(PPQ_IS_MISUSE(PPQ_ERR_ARG) && PPQ_IS_MISUSE(PPQ_ERR_NOSPACE));
    PPQ_CHECK(!PPQ_IS_MISUSE(PPQ_ERR_IO) && !PPQ_IS_CORRUPT(PPQ_OK));
}

static void mem_sink_overflow_writes_nothing(void)
{
    uint8_t buf[8];
    ppq_memsink_t mem;
    ppq_sink_t sink;
    memset(buf, 0xAA, sizeof buf);
    ppq_sink_init_mem(&sink, &mem, buf, 6);
    PPQ_CHECK_OK(ppq_sink_write(&sink, "abcd", 4));
    PPQ_CHECK_EQ(ppq_sink_write(&sink, "xyz", 3), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(mem.len, 4);
    PPQ_CHECK_EQ(sink.offset, 4);
    PPQ_CHECK_MEM(buf, "abcd\xAA\xAA\xAA\xAA", 8);
    PPQ_CHECK_OK(ppq_sink_write(&sink, "ef", 2));
    PPQ_CHECK_OK(ppq_sink_write(&sink, "", 0));
    PPQ_CHECK_EQ(ppq_sink_write(&sink, "g", 1), PPQ_ERR_NOSPACE);
    PPQ_CHECK_MEM(buf, "abcdef\xAA\xAA", 8);
    PPQ_CHECK_EQ(sink.offset, 6);
}

static void counting_sink_counts(void)
{
    ppq_sink_t sink;
    ppq_sink_init_counter(&sink);
    PPQ_CHECK_OK(ppq_sink_write(&sink, "abc", 3));
    PPQ_CHECK_OK(ppq_sink_write(&sink, NULL, 1000));
    PPQ_CHECK_EQ(sink.offset, 1003);
}

static ppq_status_t positive_status_write(void *ctx, const uint8_t *data, size_t len)
{
    (void)ctx;
    (void)data;
    (void)len;
    return PPQ_DICT_FULL; /* a callback bug: positive */
}

static void callback_positive_is_io_error(void)
{
    ppq_sink_t sink;
    sink.write = positive_status_write;
    sink.ctx = NULL;
    sink.offset = 0;
    PPQ_CHECK_EQ(ppq_sink_write(&sink, "a", 1), PPQ_ERR_IO);
    PPQ_CHECK_EQ(sink.offset, 0);
}

/* The block sink hands downstream only whole blocks, whatever the writes. */
static void block_sink_whole_blocks(void)
{
    size_t input_len = PPQ_TEST_BUF / 2u - 10u; /* not a multiple of the block */
    uint8_t *input, *out;
    uint8_t block[64];
    size_t sizes[] = {1, 7, 63, 64, 65, 200, 1000};
    size_t s;
    test_setup();
    input = (uint8_t *)test_alloc(input_len);
    out = (uint8_t *)test_alloc(input_len);
    PPQ_CHECK(input != NULL && out != NULL);
    for (s = 0; s < ARRAY_LEN(sizes); s++) {
        ppq_sink_t down, sink;
        tsink_t ts;
        ppq_blocksink_t blk;
        size_t pos = 0, i;
        for (i = 0; i < input_len; i++) {
            input[i] = (uint8_t)(i * 7u + s);
        }
        tsink_init(&down, &ts, out, input_len, (size_t)-1);
        PPQ_CHECK_OK(ppq_sink_init_block(&sink, &blk, &down, block, sizeof block));
        while (pos < input_len) {
            size_t n = sizes[s] < input_len - pos ? sizes[s] : input_len - pos;
            PPQ_CHECK_OK(ppq_sink_write(&sink, input + pos, n));
            pos += n;
            /* every downstream write so far was a whole block */
            PPQ_CHECK_EQ(ts.len % sizeof block, 0);
            PPQ_CHECK_EQ(ts.max_write, ts.len > 0 ? sizeof block : 0);
        }
        PPQ_CHECK_EQ(ts.len, (input_len / sizeof block) * sizeof block);
        PPQ_CHECK_OK(ppq_blocksink_flush(&blk));
        PPQ_CHECK_EQ(ts.len, input_len);
        PPQ_CHECK_EQ(ts.calls, (input_len + sizeof block - 1) / sizeof block);
        PPQ_CHECK_MEM(out, input, input_len);
        PPQ_CHECK_OK(ppq_blocksink_flush(&blk)); /* nothing left: no write */
        PPQ_CHECK_EQ(ts.calls, (input_len + sizeof block - 1) / sizeof block);
    }
}

static void block_sink_error_propagates(void)
{
    static uint8_t out[512];
    uint8_t block[16];
    size_t k;
    for (k = 0; k < 100; k += 7) {
        ppq_sink_t down, sink;
        tsink_t ts;
        ppq_blocksink_t blk;
        ppq_status_t st = PPQ_OK;
        int i;
        tsink_init(&down, &ts, out, sizeof out, k);
        PPQ_CHECK_OK(ppq_sink_init_block(&sink, &blk, &down, block, sizeof block));
        for (i = 0; i < 40 && st == PPQ_OK; i++) {
            st = ppq_sink_write(&sink, "0123456789", 3);
        }
        if (st == PPQ_OK) {
            st = ppq_blocksink_flush(&blk);
        }
        PPQ_CHECK_EQ(st, PPQ_ERR_IO);
        /* sticky: later writes and flushes report it too */
        PPQ_CHECK_EQ(ppq_sink_write(&sink, "x", 1), PPQ_ERR_IO);
        PPQ_CHECK_EQ(ppq_blocksink_flush(&blk), PPQ_ERR_IO);
        PPQ_CHECK(ts.len <= k);
    }
    {
        ppq_sink_t down, sink;
        ppq_blocksink_t blk;
        ppq_sink_init_counter(&down);
        PPQ_CHECK_EQ(ppq_sink_init_block(&sink, &blk, &down, block, 0), PPQ_ERR_ARG);
        PPQ_CHECK_EQ(ppq_sink_init_block(&sink, &blk, NULL, block, 16), PPQ_ERR_ARG);
    }
}

static void mem_source_reads(void)
{
    ppq_memsrc_t mem;
    ppq_source_t src;
    uint8_t buf[8];
    size_t got = 99;
    ppq_source_init_mem(&src, &mem, "hello", 5);
    PPQ_CHECK_OK(ppq_source_read(&src, buf, 3, &got));
    PPQ_CHECK_EQ(got, 3);
    PPQ_CHECK_MEM(buf, "hel", 3);
    PPQ_CHECK_OK(ppq_source_read(&src, buf, 8, &got));
    PPQ_CHECK_EQ(got, 2);
    PPQ_CHECK_MEM(buf, "lo", 2);
    PPQ_CHECK_OK(ppq_source_read(&src, buf, 8, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_EQ(src.offset, 5);
    ppq_source_init_mem(&src, &mem, "hello", 5);
    PPQ_CHECK_OK(ppq_source_read_exact(&src, buf, 4));
    PPQ_CHECK_EQ(ppq_source_read_exact(&src, buf, 2), PPQ_ERR_CORRUPT);
}

static void arena_alloc_align_mark(void)
{
    static uint64_t words[16];
    ppq_arena_t a;
    uint8_t *p, *q, *r;
    size_t mark;
    ppq_arena_init(&a, words, sizeof words);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 0);
    p = (uint8_t *)ppq_arena_alloc(&a, 3);
    PPQ_CHECK(p == (uint8_t *)words);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 8);
    mark = ppq_arena_mark(&a);
    q = (uint8_t *)ppq_arena_alloc(&a, 17);
    PPQ_CHECK(q == p + 8);
    PPQ_CHECK_EQ((uintptr_t)q % 8u, 0);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 32);
    PPQ_CHECK(ppq_arena_alloc(&a, 200) == NULL); /* too big: no change */
    PPQ_CHECK_EQ(ppq_arena_used(&a), 32);
    ppq_arena_rewind(&a, mark);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 8);
    PPQ_CHECK_EQ(ppq_arena_peak(&a), 32);
    r = (uint8_t *)ppq_arena_alloc_aligned(&a, 8, 32);
    PPQ_CHECK(r != NULL);
    PPQ_CHECK_EQ((uintptr_t)r % 32u, 0);
    PPQ_CHECK(ppq_arena_alloc_aligned(&a, 8, 24) == NULL); /* not a power of 2 */
    PPQ_CHECK(ppq_arena_alloc(&a, 128 - ppq_arena_used(&a)) != NULL);
    PPQ_CHECK_EQ(ppq_arena_used(&a), 128);
    PPQ_CHECK(ppq_arena_alloc(&a, 1) == NULL);
    PPQ_CHECK(ppq_arena_alloc(&a, 0) != NULL);
    PPQ_CHECK(ppq_arena_alloc(&a, (size_t)-1) == NULL);
}

static void arena_unaligned_buffer(void)
{
    static uint64_t words[8];
    ppq_arena_t a;
    void *p;
    ppq_arena_init(&a, (uint8_t *)words + 3, 60);
    PPQ_CHECK(a.size == 55);
    p = ppq_arena_alloc(&a, 8);
    PPQ_CHECK(p == (void *)(words + 1));
    ppq_arena_init(&a, (uint8_t *)words + 3, 2); /* smaller than the skip */
    PPQ_CHECK(ppq_arena_alloc(&a, 1) == NULL);
}

/* encodings.txt points to ULEB128 on Wikipedia, whose example is 624485. */
static void uleb_golden(void)
{
    uint8_t out[PPQ_ULEB64_MAX];
    uint32_t v32;
    uint64_t v64;
    size_t used;
    PPQ_CHECK_EQ(ppq_uleb32_encode(624485u, out), 3);
    PPQ_CHECK_MEM(out, "\xE5\x8E\x26", 3);
    PPQ_CHECK_EQ(ppq_uleb64_encode(624485u, out), 3);
    PPQ_CHECK_MEM(out, "\xE5\x8E\x26", 3);
    PPQ_CHECK_OK(ppq_uleb32_decode((const uint8_t *)"\xE5\x8E\x26\xFF", 4, &v32, &used));
    PPQ_CHECK_EQ(v32, 624485);
    PPQ_CHECK_EQ(used, 3);
    PPQ_CHECK_EQ(ppq_uleb32_encode(0, out), 1);
    PPQ_CHECK_EQ(out[0], 0);
    PPQ_CHECK_EQ(ppq_uleb32_encode(0xFFFFFFFFu, out), 5);
    PPQ_CHECK_MEM(out, "\xFF\xFF\xFF\xFF\x0F", 5);
    PPQ_CHECK_EQ(ppq_uleb64_encode(~0ull, out), 10);
    PPQ_CHECK_MEM(out, "\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\x01", 10);
    PPQ_CHECK_OK(ppq_uleb64_decode(out, 10, &v64, &used));
    PPQ_CHECK(v64 == ~0ull);
    PPQ_CHECK_EQ(used, 10);
}

static void uleb_rejects_bad_input(void)
{
    uint32_t v32;
    uint64_t v64;
    size_t used;
    /* truncated */
    PPQ_CHECK_EQ(ppq_uleb32_decode(tail_copy("\xE5\x8E", 2), 2, &v32, &used), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_uleb32_decode(tail_copy("", 0), 0, &v32, &used), PPQ_ERR_CORRUPT);
    /* overflowing: a 33rd bit */
    PPQ_CHECK_EQ(ppq_uleb32_decode(tail_copy("\xFF\xFF\xFF\xFF\x1F", 5), 5, &v32, &used), PPQ_ERR_CORRUPT);
    /* overlong: a sixth byte */
    PPQ_CHECK_EQ(ppq_uleb32_decode(tail_copy("\x80\x80\x80\x80\x80\x00", 6), 6, &v32, &used), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_uleb64_decode(tail_copy("\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\x02", 10), 10, &v64, &used),
                 PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_uleb64_decode(tail_copy("\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x00", 11), 11, &v64, &used),
                 PPQ_ERR_CORRUPT);
    /* redundant zero groups inside the maximum length are still the value */
    PPQ_CHECK_OK(ppq_uleb32_decode(tail_copy("\x81\x80\x80\x80\x00", 5), 5, &v32, &used));
    PPQ_CHECK_EQ(v32, 1);
    PPQ_CHECK_EQ(used, 5);
}

static void uleb_round_trip_random(void)
{
    int i;
    for (i = 0; i < 20000; i++) {
        unsigned bits = (unsigned)ppq_test_below(65);
        uint64_t v = bits == 64 ? ppq_test_rand() : ppq_test_rand() & ((1ull << bits) - 1u);
        uint8_t out[PPQ_ULEB64_MAX];
        uint64_t back;
        size_t n = ppq_uleb64_encode(v, out), used;
        unsigned w = 0;
        uint64_t t;
        for (t = v; t != 0u; t >>= 1) {
            w++;
        }
        PPQ_CHECK_EQ(n, w == 0 ? 1u : (w + 6u) / 7u); /* 7 bits per byte */
        PPQ_CHECK_OK(ppq_uleb64_decode(tail_copy(out, n), n, &back, &used));
        PPQ_CHECK(back == v);
        PPQ_CHECK_EQ(used, n);
        if (v <= 0xFFFFFFFFu) {
            uint32_t back32;
            PPQ_CHECK_EQ(ppq_uleb32_encode((uint32_t)v, out), n);
            PPQ_CHECK_OK(ppq_uleb32_decode(tail_copy(out, n), n, &back32, &used));
            PPQ_CHECK(back32 == v);
        }
    }
}

/* Zigzag as the protobuf documentation tabulates it. */
static void zigzag_table(void)
{
    PPQ_CHECK_EQ(ppq_zigzag32_encode(0), 0);
    PPQ_CHECK_EQ(ppq_zigzag32_encode(-1), 1);
    PPQ_CHECK_EQ(ppq_zigzag32_encode(1), 2);
    PPQ_CHECK_EQ(ppq_zigzag32_encode(-2), 3);
    PPQ_CHECK_EQ(ppq_zigzag32_encode(2147483647), 4294967294u);
    PPQ_CHECK_EQ(ppq_zigzag32_encode(-2147483647 - 1), 4294967295u);
    PPQ_CHECK_EQ(ppq_zigzag32_decode(4294967295u), -2147483647 - 1);
    PPQ_CHECK_EQ(ppq_zigzag32_decode(3), -2);
    PPQ_CHECK(ppq_zigzag64_encode(INT64_MIN) == ~0ull);
    PPQ_CHECK(ppq_zigzag64_encode(INT64_MAX) == ~0ull - 1u);
    PPQ_CHECK(ppq_zigzag64_decode(~0ull) == INT64_MIN);
    PPQ_CHECK(ppq_zigzag64_decode(5) == -3);
    {
        int i;
        for (i = 0; i < 1000; i++) {
            int64_t v = (int64_t)ppq_test_rand();
            PPQ_CHECK(ppq_zigzag64_decode(ppq_zigzag64_encode(v)) == v);
            PPQ_CHECK(ppq_zigzag32_decode(ppq_zigzag32_encode((int32_t)v)) == (int32_t)v);
        }
    }
}

static void little_endian_bytes(void)
{
    uint8_t b[8];
    ppq_store_le32(b, 0x11223344u);
    PPQ_CHECK_MEM(b, "\x44\x33\x22\x11", 4);
    ppq_store_le64(b, 0x0102030405060708ull);
    PPQ_CHECK_MEM(b, "\x08\x07\x06\x05\x04\x03\x02\x01", 8);
    ppq_store_le16(b, 0xABCD);
    PPQ_CHECK_MEM(b, "\xCD\xAB", 2);
    PPQ_CHECK_EQ(ppq_load_le16((const uint8_t *)"\x01\x80"), 0x8001);
    PPQ_CHECK_EQ(ppq_load_le32((const uint8_t *)"\x01\x02\x03\x84"), 0x84030201u);
    PPQ_CHECK(ppq_load_le64((const uint8_t *)"\x01\x02\x03\x04\x05\x06\x07\x88") == 0x8807060504030201ull);
}

static void type_facts(void)
{
    PPQ_CHECK_EQ(ppq_plain_width(PPQ_INT96, 0), 12);
    PPQ_CHECK_EQ(ppq_plain_width(PPQ_FIXED_LEN_BYTE_ARRAY, 16), 16);
    PPQ_CHECK_EQ(ppq_plain_width(PPQ_BYTE_ARRAY, 0), 0);
    PPQ_CHECK_EQ(ppq_value_size(PPQ_BOOLEAN), 1);
    PPQ_CHECK_EQ(ppq_value_size(PPQ_INT96), 12);
    PPQ_CHECK_EQ(ppq_value_size(PPQ_BYTE_ARRAY), sizeof(ppq_bytes_t));
    PPQ_CHECK_EQ(ppq_value_size((ppq_type_t)42), 0);
    PPQ_CHECK_EQ(ppq_plain_width((ppq_type_t)42, 0), 0);
}

/* CRC-32 of n bytes (i * 7) ^ (i >> 8), in as few calls as the scratch allows. */
static uint32_t crc32_pattern(size_t n)
{
    size_t piece = n, done, i;
    uint8_t *buf = NULL;
    uint32_t crc = 0;
    test_setup();
    while (buf == NULL && piece > 0u) {
        buf = (uint8_t *)test_alloc(piece);
        piece = buf == NULL ? piece / 2u : piece;
    }
    for (done = 0; buf != NULL && done < n; done += piece) {
        size_t k = n - done < piece ? n - done : piece;
        for (i = 0; i < k; i++) {
            buf[i] = (uint8_t)(((done + i) * 7u) ^ ((done + i) >> 8));
        }
        crc = ppq_crc32(crc, buf, k);
    }
    return crc;
}

/* The standard CRC-32 check value: "123456789" -> CBF43926; the same
 * however the input is split; gzip's empty-input CRC is 0. */
static void crc32_check_value(void)
{
    static const char digits[] = "123456789";
    uint8_t block[300];
    uint32_t whole, parts;
    size_t i, cut;
    PPQ_CHECK(ppq_crc32(0, digits, 9) == 0xCBF43926u);
    PPQ_CHECK(ppq_crc32(0, digits, 0) == 0u);
    PPQ_CHECK(ppq_crc32(ppq_crc32(0, digits, 4), digits + 4, 5) == 0xCBF43926u);
    /* a zero byte: 0xD202EF8D (as zlib's crc32 gives it) */
    PPQ_CHECK(ppq_crc32(0, "", 1) == 0xD202EF8Du);
    for (i = 0; i < sizeof block; i++) {
        block[i] = (uint8_t)ppq_test_rand();
    }
    whole = ppq_crc32(0, block, sizeof block);
    for (cut = 0; cut <= sizeof block; cut += 7) {
        parts = ppq_crc32(ppq_crc32(0, block, cut), block + cut, sizeof block - cut);
        PPQ_CHECK(parts == whole);
    }
    /* 20,000 bytes (i * 7) ^ (i >> 8) (hosts: one call, the three-lane
     * blocks and a tail; the small boards in pieces), and their first
     * 6,149: zlib's crc32 gives 7EBA6C8F and D2C91E3C */
    PPQ_CHECK(crc32_pattern(20000) == 0x7EBA6C8Fu);
    PPQ_CHECK(crc32_pattern(6149) == 0xD2C91E3Cu);
}

/* Bit by bit, as the polynomial defines it: the reference for the table
 * kernels (the port's word-at-a-time middle, its byte-wise head and tail). */
static uint32_t crc32_bitwise(const uint8_t *p, size_t len)
{
    uint32_t crc = 0xFFFFFFFFu;
    unsigned k;
    while (len-- > 0u) {
        crc ^= *p++;
        for (k = 0; k < 8u; k++) {
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
        }
    }
    return ~crc;
}

/* Every start alignment and length up to 40 (head, words, tail), and a
 * continuation cut at each point. */
static void crc32_alignments(void)
{
    uint8_t buf[48];
    size_t off, len, i;
    for (i = 0; i < sizeof buf; i++) {
        buf[i] = (uint8_t)ppq_test_rand();
    }
    for (off = 0; off < 4u; off++) {
        for (len = 0; len <= 40u; len++) {
            uint32_t want = crc32_bitwise(buf + off, len);
            PPQ_CHECK(ppq_crc32(0, buf + off, len) == want);
            PPQ_CHECK(ppq_crc32(ppq_crc32(0, buf + off, len / 3u), buf + off + len / 3u, len - len / 3u) == want);
        }
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(crc32_check_value),
    PPQ_TEST(crc32_alignments),
    PPQ_TEST(status_strings),
    PPQ_TEST(mem_sink_overflow_writes_nothing),
    PPQ_TEST(counting_sink_counts),
    PPQ_TEST(callback_positive_is_io_error),
    PPQ_TEST(block_sink_whole_blocks),
    PPQ_TEST(block_sink_error_propagates),
    PPQ_TEST(mem_source_reads),
    PPQ_TEST(arena_alloc_align_mark),
    PPQ_TEST(arena_unaligned_buffer),
    PPQ_TEST(uleb_golden),
    PPQ_TEST(uleb_rejects_bad_input),
    PPQ_TEST(uleb_round_trip_random),
    PPQ_TEST(zigzag_table),
    PPQ_TEST(little_endian_bytes),
    PPQ_TEST(type_facts),
};
PPQ_SUITE(suite_core, "core", cases);
