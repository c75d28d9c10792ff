/* Snappy and LZ4 blocks (and LZ4's Hadoop framing): golden bytes from the
 * format descriptions' examples and from the reference libraries
 * (libsnappy 1.1.9 snappy_compress, liblz4 1.9.4 LZ4_compress_default and
 * LZ4_compress_HC level 12, on `text` below), hostile blocks, round trips
 * at every table size, the same compressed bytes on every target (pinned
 * sizes and CRCs, test/lz_pin.h), and the ppq_codec.h dispatch. */
#include <string.h>

#include "lz_pin.h"
#include "ppq_lz4.h"
#include "ppq_snappy.h"
#include "test_util.h"

#ifdef PPQ_TEST_SMALL
#define RT_MAX 1024u        /* longest round-trip input (4096 on larger targets) */
#define SNAPPY_BITS_MAX 10u /* largest table tried: 2 KiB of work (2^16 entries) */
#define LZ4_BITS_MAX 9u     /* 2 KiB (2^16 entries) */
#else
#define RT_MAX 4096u
#define SNAPPY_BITS_MAX 16u
#define LZ4_BITS_MAX 16u
#endif

static const char text[] = "ts,temp_c,humidity,door\n"
                           "1767225600,21.00,45.10,0\n"
                           "1767225601,21.01,45.10,0\n"
                           "1767225602,21.01,45.12,0\n"
                           "1767225603,21.02,45.12,0\n"
                           "1767225604,21.02,45.12,1\n"
                           "1767225605,21.03,45.14,1\n"
                           "1767225606,21.03,45.14,0\n"
                           "1767225607,21.03,45.16,0\n"
                           "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n";
#define TEXT_LEN (sizeof text - 1u)

/* libsnappy 1.1.9, snappy_compress(text) */
static const uint8_t gold_snappy[] = {
    0xb5, 0x02, 0xc0, 0x74, 0x73, 0x2c, 0x74, 0x65, 0x6d, 0x70, 0x5f, 0x63, 0x2c, 0x68, 0x75, 0x6d, 0x69, 0x64, 0x69,
    0x74, 0x79, 0x2c, 0x64, 0x6f, 0x6f, 0x72, 0x0a, 0x31, 0x37, 0x36, 0x37, 0x32, 0x32, 0x35, 0x36, 0x30, 0x30, 0x2c,
    0x32, 0x31, 0x2e, 0x30, 0x30, 0x2c, 0x34, 0x35, 0x2e, 0x31, 0x30, 0x2c, 0x30, 0x0a, 0x15, 0x19, 0x04, 0x31, 0x2c,
    0x01, 0x19, 0x04, 0x31, 0x2c, 0x42, 0x19, 0x00, 0x00, 0x32, 0x1d, 0x19, 0x04, 0x32, 0x2c, 0x1d, 0x32, 0x00, 0x33,
    0x05, 0x19, 0x00, 0x32, 0x05, 0x32, 0x32, 0x19, 0x00, 0x00, 0x34, 0x32, 0x19, 0x00, 0x04, 0x31, 0x0a, 0x15, 0x64,
    0x00, 0x35, 0x05, 0x19, 0x00, 0x33, 0x05, 0x32, 0x00, 0x34, 0x2e, 0x19, 0x00, 0x00, 0x36, 0x32, 0x19, 0x00, 0x1d,
    0x64, 0x00, 0x37, 0x1d, 0x19, 0x10, 0x36, 0x2c, 0x30, 0x0a, 0x61, 0xfe, 0x01, 0x00, 0x4a, 0x01, 0x00, 0x00, 0x0a,
};

/* liblz4 1.9.4, LZ4_compress_default(text) */
static const uint8_t gold_lz4[] = {
    0xf6, 0x21, 0x74, 0x73, 0x2c, 0x74, 0x65, 0x6d, 0x70, 0x5f, 0x63, 0x2c, 0x68, 0x75, 0x6d, 0x69, 0x64, 0x69,
    0x74, 0x79, 0x2c, 0x64, 0x6f, 0x6f, 0x72, 0x0a, 0x31, 0x37, 0x36, 0x37, 0x32, 0x32, 0x35, 0x36, 0x30, 0x30,
    0x2c, 0x32, 0x31, 0x2e, 0x30, 0x30, 0x2c, 0x34, 0x35, 0x2e, 0x31, 0x30, 0x2c, 0x30, 0x19, 0x00, 0x11, 0x31,
    0x19, 0x00, 0x1e, 0x31, 0x19, 0x00, 0x17, 0x32, 0x19, 0x00, 0x18, 0x32, 0x32, 0x00, 0x11, 0x33, 0x19, 0x00,
    0x11, 0x32, 0x32, 0x00, 0x09, 0x19, 0x00, 0x19, 0x34, 0x19, 0x00, 0x16, 0x31, 0x64, 0x00, 0x11, 0x35, 0x19,
    0x00, 0x11, 0x33, 0x32, 0x00, 0x18, 0x34, 0x19, 0x00, 0x19, 0x36, 0x19, 0x00, 0x07, 0x96, 0x00, 0x17, 0x37,
    0x19, 0x00, 0x5f, 0x36, 0x2c, 0x30, 0x0a, 0x61, 0x01, 0x00, 0x3c, 0x50, 0x61, 0x61, 0x61, 0x61, 0x0a,
};

/* liblz4 1.9.4, LZ4_compress_HC(text, level 12) */
static const uint8_t gold_lz4hc[] = {
    0xf6, 0x21, 0x74, 0x73, 0x2c, 0x74, 0x65, 0x6d, 0x70, 0x5f, 0x63, 0x2c, 0x68, 0x75, 0x6d, 0x69, 0x64, 0x69,
    0x74, 0x79, 0x2c, 0x64, 0x6f, 0x6f, 0x72, 0x0a, 0x31, 0x37, 0x36, 0x37, 0x32, 0x32, 0x35, 0x36, 0x30, 0x30,
    0x2c, 0x32, 0x31, 0x2e, 0x30, 0x30, 0x2c, 0x34, 0x35, 0x2e, 0x31, 0x30, 0x2c, 0x30, 0x19, 0x00, 0x11, 0x31,
    0x19, 0x00, 0x1e, 0x31, 0x19, 0x00, 0x17, 0x32, 0x19, 0x00, 0x18, 0x32, 0x19, 0x00, 0x11, 0x33, 0x19, 0x00,
    0x1e, 0x32, 0x19, 0x00, 0x19, 0x34, 0x19, 0x00, 0x16, 0x31, 0x19, 0x00, 0x11, 0x35, 0x19, 0x00, 0x11, 0x33,
    0x19, 0x00, 0x18, 0x34, 0x19, 0x00, 0x19, 0x36, 0x19, 0x00, 0x07, 0x4b, 0x00, 0x17, 0x37, 0x19, 0x00, 0x5f,
    0x36, 0x2c, 0x30, 0x0a, 0x61, 0x01, 0x00, 0x3c, 0x50, 0x61, 0x61, 0x61, 0x61, 0x0a,
};

typedef ppq_status_t (*dec_fn)(const uint8_t *, size_t, uint8_t *, size_t, size_t *);
typedef ppq_status_t (*enc_fn)(const uint8_t *, size_t, uint8_t *, size_t, size_t *, unsigned, void *, size_t);

static const dec_fn decs[] = {ppq_snappy_decompress, ppq_lz4_decompress, ppq_lz4_hadoop_decompress};
static const enc_fn encs[] = {ppq_snappy_compress, ppq_lz4_compress, ppq_lz4_hadoop_compress};
static const unsigned bits_max[] = {SNAPPY_BITS_MAX, LZ4_BITS_MAX, LZ4_BITS_MAX};
enum { SNAPPY, LZ4, HADOOP };

static uint8_t *in_buf, *cmp_buf, *out_buf, *work, *blk;
#define CMP_CAP (RT_MAX + RT_MAX / 6u + 64u)
#define WORK_CAP 2048u /* snappy 2^10, LZ4 2^9 entries */
#define BLK_CAP 320u

static int setup(void)
{
    test_setup();
    in_buf = (uint8_t *)test_alloc(RT_MAX);
    cmp_buf = (uint8_t *)test_alloc(CMP_CAP);
    out_buf = (uint8_t *)test_alloc(RT_MAX + 8u); /* + the guard byte */
    blk = (uint8_t *)test_alloc(BLK_CAP);
    work = (uint8_t *)test_alloc(PPQ_LZ4_WORK_SIZE(LZ4_BITS_MAX));
    return work != NULL;
}

/* Decompress a block held at the end of the tail area (a read past it is
 * an ASan error on the host) into out_buf with room `cap`, a guard byte
 * after it that must stay untouched; returns the status, *got the bytes. */
static ppq_status_t dec(unsigned codec, const void *block, size_t len, size_t cap, size_t *got)
{
    ppq_status_t st;
    out_buf[cap] = 0xA5;
    st = decs[codec](tail_copy(block, len), len, out_buf, cap, got);
    return out_buf[cap] != 0xA5 ? PPQ_ERR_STATE : st; /* PPQ_ERR_STATE: wrote past the room */
}

/* A block, the room given, and the status and output expected. */
typedef struct vec {
    uint8_t codec, len;
    uint16_t cap;
    int8_t want;
    const char *block, *out;
} vec_t;

/* Checks one vector; on failure prints its index. */
static int run_vec(const vec_t *v, unsigned i)
{
    size_t got = 0, n = v->out != NULL ? strlen(v->out) : 0u;
    ppq_status_t st = dec(v->codec, v->block, v->len, v->cap, &got);
    if ((int)st == v->want && (st != PPQ_OK || (got == n && memcmp(out_buf, v->out, n) == 0))) {
        return 1;
    }
    ppq_test_puts("  vector ");
    ppq_test_putu(i);
    ppq_test_puts(": status ");
    ppq_test_puti(st);
    ppq_test_puts("\n");
    return 0;
}

#define OK PPQ_OK
#define BAD PPQ_ERR_CORRUPT
#define ROOM PPQ_ERR_NOSPACE
static const vec_t vecs[] = {
    /* Snappy, format_description.txt: "xababab" = literal "xab", copy
     * offset 2 length 4, as each of the three copy forms */
    {SNAPPY, 7, 7, OK, "\x07\x08xab\x01\x02", "xababab"},
    {SNAPPY, 8, 7, OK, "\x07\x08xab\x0E\x02\x00", "xababab"},
    {SNAPPY, 10, 100, OK, "\x07\x08xab\x0F\x02\x00\x00\x00", "xababab"},
    {SNAPPY, 7, 6, ROOM, "\x07\x08xab\x01\x02", NULL},          /* declared length > room */
    {SNAPPY, 1, 0, OK, "\x00", ""},                               /* the empty block */
    {SNAPPY, 6, 8, BAD, "\x08\x04" "ab\x01\x00", NULL},           /* offset 0 */
    {SNAPPY, 6, 8, BAD, "\x08\x04" "ab\x01\x03", NULL},           /* offset before the start */
    {SNAPPY, 3, 8, BAD, "\x04\x01\x01", NULL},                    /* a copy first */
    {SNAPPY, 4, 8, BAD, "\x03\x04" "ab", NULL},                   /* short of the declared length */
    {SNAPPY, 4, 8, BAD, "\x01\x04" "ab", NULL},                   /* beyond it (literal) */
    {SNAPPY, 6, 8, BAD, "\x02\x04" "ab\x01\x01", NULL},           /* beyond it (copy) */
    {SNAPPY, 5, 8, BAD, "\x02\x04" "ab\x00", NULL},               /* an element after the end */
    {SNAPPY, 3, 8, BAD, "\x05\x10" "a", NULL},                    /* literal past the input */
    {SNAPPY, 7, 8, BAD, "\x05\xFC\xFF\xFF\xFF\xFF" "a", NULL},    /* literal of 2^32 */
    {SNAPPY, 5, 8, BAD, "\x05\x00" "a\x0E\x01", NULL},            /* truncated copies */
    {SNAPPY, 7, 8, BAD, "\x05\x00" "a\x0F\x01\x00\x00", NULL},
    {SNAPPY, 4, 8, BAD, "\x05\x00" "a\x01", NULL},
    {SNAPPY, 6, 8, ROOM, "\xFF\xFF\xFF\xFF\x0F\x00", NULL},
    {SNAPPY, 6, 8, BAD, "\x80\x80\x80\x80\x80\x00", NULL},        /* a 6-byte varint */
    {SNAPPY, 0, 8, BAD, "", NULL},
    {SNAPPY, 3, 8, BAD, "\x05\xF4\x01", NULL},                    /* literal length cut off */
    /* LZ4, lz4_Block_format.md: the empty block; a match at offset 3 of
     * length 9 (token 0x35); offset 1 with lengths 4 + 15 + 0 and
     * 4 + 15 + 255 + 10 (continuation bytes) */
    {LZ4, 1, 0, OK, "\x00", ""},
    {LZ4, 0, 8, BAD, "", NULL},
    {LZ4, 12, 64, OK, "\x35" "abc\x03\x00\x50xyzxy", "abcabcabcabcxyzxy"},
    {LZ4, 7, 64, OK, "\x1F" "a\x01\x00\x00\x10" "b", "aaaaaaaaaaaaaaaaaaaab"},
    {LZ4, 12, 16, ROOM, "\x35" "abc\x03\x00\x50xyzxy", NULL},     /* room in the literals */
    {LZ4, 12, 11, ROOM, "\x35" "abc\x03\x00\x50xyzxy", NULL},     /* room in the match */
    {LZ4, 6, 64, BAD, "\x10" "a\x00\x00\x10" "b", NULL},          /* offset 0 */
    {LZ4, 6, 64, BAD, "\x10" "a\x02\x00\x10" "b", NULL},          /* offset before the start */
    {LZ4, 4, 64, BAD, "\x10" "a\x01\x00", NULL},                  /* a match ends the block */
    {LZ4, 3, 64, BAD, "\x10" "a\x01", NULL},                      /* inside an offset */
    {LZ4, 3, 64, BAD, "\x30" "ab", NULL},                         /* literals past the input */
    {LZ4, 2, 64, BAD, "\xF0\xFF", NULL},                          /* continuation cut off */
    {LZ4, 5, 255, BAD, "\x1F" "a\x01\x00\xFF", NULL},
    {LZ4, 10, 255, ROOM, "\x1F" "a\x01\x00\xFF\xFF\xFF\x00\x10" "b", NULL},
    /* Hadoop framing: BE lengths then the block; two blocks; a raw block
     * through Arrow's fallback; a declared size that is not the output
     * (nor a raw block); room short of the declared sizes */
    {HADOOP, 9, 16, OK, "\x00\x00\x00\x00\x00\x00\x00\x01\x00", ""},
    {HADOOP, 23, 16, OK, "\x00\x00\x00\x03\x00\x00\x00\x04\x30" "abc\x00\x00\x00\x02\x00\x00\x00\x03\x20" "de",
     "abcde"},
    {HADOOP, 12, 64, OK, "\x35" "abc\x03\x00\x50xyzxy", "abcabcabcabcxyzxy"},
    {HADOOP, 12, 16, BAD, "\x00\x00\x00\x04\x00\x00\x00\x04\x30" "abc", NULL},
    {HADOOP, 23, 4, ROOM, "\x00\x00\x00\x03\x00\x00\x00\x04\x30" "abc\x00\x00\x00\x02\x00\x00\x00\x03\x20" "de", NULL},
    {HADOOP, 0, 0, OK, "", ""},
    {HADOOP, 10, 16, BAD, "\x00\x00\x00\x01\x00\x00\x00\x09\x10" "a", NULL}, /* block past the end */
};

static void vectors(void)
{
    unsigned i;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(vecs); i++) {
        PPQ_CHECK(run_vec(&vecs[i], i));
    }
}

/* format_description.txt: 64 is 0x40, 2097150 is FE FF 7F, at most 2^32 - 1. */
static void snappy_varint(void)
{
    static const char *const v[] = {"\x40", "\xFE\xFF\x7F", "\xFF\xFF\xFF\xFF\x0F", "\xFE\xFF", "\xFF\xFF\xFF\xFF\x10"};
    static const uint32_t want[] = {64, 2097150, 0xFFFFFFFFu};
    unsigned i;
    for (i = 0; i < ARRAY_LEN(v); i++) {
        size_t n = 0;
        ppq_status_t st = ppq_snappy_uncompressed_length((const uint8_t *)v[i], strlen(v[i]), &n);
        PPQ_CHECK_EQ(st, i < 3u ? PPQ_OK : PPQ_ERR_CORRUPT);
        PPQ_CHECK(i >= 3u || n == want[i]);
    }
}

/* Literal lengths in the tag (1..60) and in 1..4 following bytes; a
 * 1-byte-offset copy with the offset's high bits in the tag (258 back). */
static void snappy_forms(void)
{
    unsigned nb;
    size_t got, i, k;
    PPQ_CHECK(setup());
    for (nb = 0; nb <= 4u; nb++) {
        i = 0;
        blk[i++] = 61; /* 61 bytes */
        if (nb == 0u) {
            blk[i++] = 59u << 2; /* 60 in the tag, then a 1-byte literal */
            for (k = 0; k < 60u; k++) {
                blk[i++] = (uint8_t)('A' + k % 26u);
            }
            blk[i++] = 0;
            blk[i++] = (uint8_t)('A' + 60u % 26u);
        } else {
            blk[i++] = (uint8_t)((59u + nb) << 2);
            blk[i++] = 60; /* len - 1, little-endian in nb bytes */
            for (k = 1; k < nb; k++) {
                blk[i++] = 0;
            }
            for (k = 0; k < 61u; k++) {
                blk[i++] = (uint8_t)('A' + k % 26u);
            }
        }
        PPQ_CHECK_OK(dec(SNAPPY, blk, i, 61, &got));
        PPQ_CHECK_EQ(got, 61);
        for (k = 0; k < 61u; k++) {
            PPQ_CHECK_EQ(out_buf[k], 'A' + k % 26u);
        }
    }
    i = 0;
    blk[i++] = 0x8D; /* 269 */
    blk[i++] = 0x02;
    blk[i++] = 61u << 2; /* a literal of 258: 2-byte length 257 */
    blk[i++] = 0x01;
    blk[i++] = 0x01;
    for (k = 0; k < 258u; k++) {
        blk[i++] = (uint8_t)(k * 7u);
    }
    blk[i++] = (uint8_t)(1u | 7u << 2 | 1u << 5); /* length 11, offset 0x1.. */
    blk[i++] = 0x02;                              /* ... 0x102 */
    PPQ_CHECK_OK(dec(SNAPPY, blk, i, 269, &got));
    PPQ_CHECK_EQ(got, 269);
    PPQ_CHECK_MEM(out_buf + 258, blk + 5, 11);
}

/* LZ4 literal lengths 48 (15 + 33), 280 (15 + 255 + 10), 15 (15 + 0), as
 * lz4_Block_format.md spells them, and 14 (in the token). */
static void lz4_literal_lengths(void)
{
    static const size_t lens[] = {48, 280, 15, 14};
    size_t t, got;
    PPQ_CHECK(setup());
    for (t = 0; t < ARRAY_LEN(lens); t++) {
        size_t n = lens[t], i = 0, k;
        blk[i++] = n >= 15u ? 0xF0 : (uint8_t)(n << 4);
        if (n == 280u) {
            blk[i++] = 255;
        }
        if (n >= 15u) {
            blk[i++] = (uint8_t)(n == 280u ? 10u : n - 15u);
        }
        for (k = 0; k < n; k++) {
            blk[i++] = (uint8_t)(k * 3u);
        }
        PPQ_CHECK_OK(dec(LZ4, blk, i, n, &got));
        PPQ_CHECK_EQ(got, n);
        for (k = 0; k < n; k++) {
            PPQ_CHECK_EQ(out_buf[k], (uint8_t)(k * 3u));
        }
    }
    /* a run of 4 + 15 + 255 + 10 = 284 */
    PPQ_CHECK_OK(dec(LZ4, "\x1F" "a\x01\x00\xFF\x0A\x10" "b", 8, 286, &got));
    PPQ_CHECK_EQ(got, 286);
    PPQ_CHECK_EQ(out_buf[284], 'a');
    PPQ_CHECK_EQ(out_buf[285], 'b');
}

/* The reference libraries' blocks of `text`: decoded exactly; every room
 * short of the output is NOSPACE (never a write past it); every
 * truncation corrupt (Snappy) or a prefix of the text (an LZ4 block cut
 * after some literals is a shorter valid block); one byte changed at a
 * time never faults. */
static void reference_blocks(void)
{
    static const struct {
        uint8_t codec;
        uint8_t len;
        const uint8_t *block;
    } g[] = {{SNAPPY, sizeof gold_snappy, gold_snappy}, {LZ4, sizeof gold_lz4, gold_lz4},
             {LZ4, sizeof gold_lz4hc, gold_lz4hc}, {HADOOP, sizeof gold_lz4, gold_lz4}};
    size_t i, k, got;
    unsigned v;
    PPQ_CHECK(setup());
    for (i = 0; i < ARRAY_LEN(g); i++) {
        PPQ_CHECK_OK(dec(g[i].codec, g[i].block, g[i].len, TEXT_LEN, &got));
        PPQ_CHECK_EQ(got, TEXT_LEN);
        PPQ_CHECK_MEM(out_buf, text, TEXT_LEN);
        for (k = 0; k < TEXT_LEN; k++) {
            PPQ_CHECK_EQ(dec(g[i].codec, g[i].block, g[i].len, k, &got), PPQ_ERR_NOSPACE);
        }
        for (k = 0; k < g[i].len; k++) {
            ppq_status_t st = dec(g[i].codec, g[i].block, k, TEXT_LEN, &got);
            PPQ_CHECK(st == PPQ_ERR_CORRUPT || (g[i].codec != SNAPPY && st == PPQ_OK && got < TEXT_LEN));
            PPQ_CHECK(st != PPQ_OK || memcmp(out_buf, text, got) == 0);
        }
        for (k = 0; k < g[i].len; k++) {
            for (v = 0; v < 256u; v += 17u) {
                ppq_status_t st;
                memcpy(blk, g[i].block, g[i].len);
                blk[k] = (uint8_t)v;
                st = dec(g[i].codec, blk, g[i].len, TEXT_LEN, &got);
                PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT || st == PPQ_ERR_NOSPACE);
            }
        }
    }
    /* Hadoop: two framed copies of the LZ4 block */
    for (i = 0; i < 2u; i++) {
        uint8_t *f = blk + i * (8u + sizeof gold_lz4);
        memset(f, 0, 8);
        f[2] = (uint8_t)(TEXT_LEN >> 8);
        f[3] = (uint8_t)TEXT_LEN;
        f[7] = (uint8_t)sizeof gold_lz4;
        memcpy(f + 8, gold_lz4, sizeof gold_lz4);
    }
    PPQ_CHECK_OK(dec(HADOOP, blk, 2u * (8u + sizeof gold_lz4), 2u * TEXT_LEN, &got));
    PPQ_CHECK_EQ(got, 2u * TEXT_LEN);
    PPQ_CHECK_MEM(out_buf, text, TEXT_LEN);
    PPQ_CHECK_MEM(out_buf + TEXT_LEN, text, TEXT_LEN);
}

/* Statuses against the expected ones; prints the first index that
 * differs (compact on the 16 KB board's flash: one check for many calls). */
static int same_statuses(const int *got, const int8_t *want, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            ppq_test_puts("  call ");
            ppq_test_putu(i);
            ppq_test_puts(": status ");
            ppq_test_puti(got[i]);
            ppq_test_puts("\n");
            return 0;
        }
    }
    return 1;
}

/* The 64-bit hosts' fast loops run while 32 bytes of input (Snappy: 21)
 * and 64 of room (Snappy: 80) are left: the same refusals there. */
static void long_hostile(void)
{
    static const int8_t want[] = {ROOM, OK, BAD, ROOM, BAD, BAD, BAD, BAD};
    int st[8];
    size_t got;
    PPQ_CHECK(setup());
    /* LZ4: literals (15 + 60) beyond the room, and within it; a match
     * length whose 255s run to the end; a match beyond the room; the input
     * ending where a match length continues; offset 0 */
    memset(blk, 'x', BLK_CAP);
    blk[0] = 0xF0;
    blk[1] = 60;
    st[0] = dec(LZ4, blk, 77, 70, &got);
    st[1] = dec(LZ4, blk, 77, 200, &got);
    PPQ_CHECK_EQ(got, 75);
    memset(blk, 0xFF, 48);
    memcpy(blk, "\x1F" "a\x01\x00", 4);
    st[2] = dec(LZ4, blk, 48, 300, &got);
    blk[4] = 200;
    st[3] = dec(LZ4, blk, 48, 100, &got);
    memset(blk, 'x', 40);
    blk[0] = 0xFF;
    blk[1] = 20; /* 35 literals */
    memcpy(blk + 37, "\x01\x00", 2);
    st[4] = dec(LZ4, blk, 39, 100, &got);
    memcpy(blk, "\x10" "a\x00\x00", 4);
    st[5] = dec(LZ4, blk, 40, 100, &got);
    /* Snappy: a literal of 91 with 30 bytes left; an offset past the start */
    memset(blk, 'x', 40);
    memcpy(blk, "\x64\xF0\x5A", 3);
    st[6] = dec(SNAPPY, blk, 33, 100, &got);
    memcpy(blk, "\x64\x00" "a\x01\x05", 5);
    st[7] = dec(SNAPPY, blk, 33, 100, &got);
    PPQ_CHECK(same_statuses(st, want, 8));
}

/* Inputs mixing runs, copies from near and far, and random bytes (kind
 * 0); one byte repeated (1); short pieces (2). */
static void make_input(uint8_t *p, size_t n, unsigned kind)
{
    size_t i = 0;
    while (i < n) {
        size_t len = 1u + ppq_test_below(kind == 2u ? 3u : 40u), k;
        unsigned what = kind == 1u ? 0u : (unsigned)ppq_test_below(4);
        for (k = 0; k < len && i < n; k++, i++) {
            if (what == 0u || i < 300u) {
                p[i] = kind == 1u ? 0x55u : (uint8_t)ppq_test_rand();
            } else {
                p[i] = p[i - (what == 1u ? 1u : what == 2u ? 7u + (i & 4u) : 300u)]; /* 7, 11 */
            }
        }
    }
}

/* Every codec and table size: the round trip, exactly the room the block
 * needs (and one byte less: NOSPACE), the bound kept. */
static void round_trips(void)
{
    static const size_t sizes[] = {0, 1, 2, 4, 5, 11, 12, 13, 14, 15, 16, 17, 31, 64, 255, 256, 1000, RT_MAX};
    size_t s;
    unsigned kind, bits, c;
    PPQ_CHECK(setup());
    for (kind = 0; kind < 3u; kind++) {
        for (s = 0; s < ARRAY_LEN(sizes); s++) {
            size_t n = sizes[s], clen, got;
            make_input(in_buf, n, kind);
            for (c = 0; c < 3u; c++) {
                size_t bound = c == SNAPPY ? ppq_snappy_compress_bound(n)
                                           : c == LZ4 ? ppq_lz4_compress_bound(n) : ppq_lz4_hadoop_compress_bound(n);
                for (bits = 8; bits <= bits_max[c]; bits++) {
                    PPQ_CHECK_OK(encs[c](in_buf, n, cmp_buf, bound, &clen, bits, work,
                                         c == SNAPPY ? PPQ_SNAPPY_WORK_SIZE(bits) : PPQ_LZ4_WORK_SIZE(bits)));
                    PPQ_CHECK(clen <= bound);
                    PPQ_CHECK(kind != 1u || clen <= n / 16u + 24u); /* all equal: 3 bytes per 64 at most */
                    PPQ_CHECK_OK(dec(c, cmp_buf, clen, n, &got));
                    PPQ_CHECK_EQ(got, n);
                    PPQ_CHECK_MEM(out_buf, in_buf, n);
                    PPQ_CHECK_OK(encs[c](in_buf, n, cmp_buf, clen, &got, bits, work, PPQ_LZ4_WORK_SIZE(LZ4_BITS_MAX)));
                    PPQ_CHECK_EQ(encs[c](in_buf, n, cmp_buf, clen - 1u, &got, bits, work, PPQ_LZ4_WORK_SIZE(16)),
                                 PPQ_ERR_NOSPACE);
                }
            }
        }
    }
}

/* The output bytes are the same on every target (pinned from the host's,
 * which lz-diff-test has the reference libraries decompress). */
static void same_bytes_everywhere(void)
{
    static const struct {
        uint8_t codec, bits;
        uint16_t len;
        uint32_t crc;
    } pin[] = {{SNAPPY, 8, LZ_PIN_SNAPPY8_LEN, LZ_PIN_SNAPPY8_CRC},
               {SNAPPY, 10, LZ_PIN_SNAPPY10_LEN, LZ_PIN_SNAPPY10_CRC},
               {LZ4, 8, LZ_PIN_LZ48_LEN, LZ_PIN_LZ48_CRC},
               {LZ4, 9, LZ_PIN_LZ49_LEN, LZ_PIN_LZ49_CRC}};
    size_t clen, i;
    PPQ_CHECK(setup());
    lz_pin_input(in_buf, LZ_PIN_LEN);
    for (i = 0; i < ARRAY_LEN(pin); i++) {
        PPQ_CHECK_OK(encs[pin[i].codec](in_buf, LZ_PIN_LEN, cmp_buf, CMP_CAP, &clen, pin[i].bits, work, WORK_CAP));
        PPQ_CHECK_EQ(clen, pin[i].len);
        PPQ_CHECK_EQ(ppq_crc32(0, cmp_buf, clen), pin[i].crc);
    }
}

static void compress_args(void)
{
    static const int8_t want[] = {PPQ_ERR_ARG, PPQ_ERR_ARG, PPQ_ERR_ARENA, OK, OK, PPQ_ERR_ARG};
    static const uint8_t short_len[] = {16, 13, 21}; /* a literal: + preamble, token, Hadoop header */
    int st[6];
    size_t got = 0, short_got;
    unsigned c;
    PPQ_CHECK(setup());
    for (c = 0; c < 3u; c++) {
        size_t w8 = c == SNAPPY ? PPQ_SNAPPY_WORK_SIZE(8) : PPQ_LZ4_WORK_SIZE(8);
        /* table bits out of range; a 100-byte input needs only the 2^8-entry
         * minimum of work; 12 bytes (LZ4) and 14 (Snappy) are too short to
         * search: no work at all */
        st[0] = encs[c](in_buf, 100, cmp_buf, CMP_CAP, &got, 7, work, WORK_CAP);
        st[1] = encs[c](in_buf, 100, cmp_buf, CMP_CAP, &got, 17, work, WORK_CAP);
        st[2] = encs[c](in_buf, 100, cmp_buf, CMP_CAP, &got, 12, work, w8 - 1u);
        st[3] = encs[c](in_buf, 100, cmp_buf, CMP_CAP, &got, 12, work, w8);
        st[4] = encs[c](in_buf, c == SNAPPY ? 14u : 12u, cmp_buf, CMP_CAP, &got, 12, NULL, 0);
        short_got = got;
        st[5] = encs[c](in_buf, 100, cmp_buf, CMP_CAP, &got, 12, work + 1, w8); /* misaligned table */
        PPQ_CHECK(same_statuses(st, want, 6));
        PPQ_CHECK_EQ(short_got, short_len[c]);
    }
    PPQ_CHECK(ppq_lz4_compress_bound(1000) == 1000 + 3 + 16 && ppq_snappy_compress_bound(600) == 600 + 100 + 32);
}

/* ppq_codec.h: levels 1..9 are tables of 2^(level + 7) entries, 0 the
 * default; the same bytes as the standalone calls; LZ4 is Hadoop-framed.
 * Also the dispatch's own cases: names, UNCOMPRESSED, never-built codecs. */
static void codec_dispatch(void)
{
    static const ppq_codec_t cs[] = {PPQ_CODEC_SNAPPY, PPQ_CODEC_LZ4_RAW, PPQ_CODEC_LZ4};
    static const int8_t want[] = {PPQ_ERR_UNSUPPORTED, PPQ_ERR_UNSUPPORTED, OK, PPQ_ERR_ARG, ROOM, PPQ_ERR_ARG, OK,
                                  ROOM, PPQ_ERR_ARG, ROOM};
    static const int8_t want_each[] = {OK, OK, OK, ROOM, PPQ_ERR_ARG, PPQ_ERR_ARG, PPQ_ERR_ARENA};
    int st[10];
    size_t i, clen = 0, got = 0, n = 1000, w;
    PPQ_CHECK(setup());
    make_input(in_buf, n, 0);
    PPQ_CHECK_MEM(ppq_codec_name(PPQ_CODEC_LZ4_RAW), "LZ4_RAW", 8);
    PPQ_CHECK_MEM(ppq_codec_name((ppq_codec_t)8), "UNKNOWN", 8);
    PPQ_CHECK(!ppq_codec_can_decompress(PPQ_CODEC_LZO) && !ppq_codec_can_compress(PPQ_CODEC_LZO));
    PPQ_CHECK(ppq_compress_bound(PPQ_CODEC_BROTLI, 4) == 0 && ppq_compress_bound(PPQ_CODEC_UNCOMPRESSED, 4) == 4 &&
              ppq_compress_work_size(PPQ_CODEC_UNCOMPRESSED, 0, 4) == 0);
    st[0] = ppq_decompress(PPQ_CODEC_LZO, in_buf, 4, out_buf, 8, &got, NULL, 0);
    st[1] = ppq_compress(PPQ_CODEC_LZO, 0, in_buf, 4, out_buf, 8, &got, NULL, 0);
    st[2] = ppq_compress(PPQ_CODEC_UNCOMPRESSED, 0, in_buf, 4, out_buf, 4, &got, NULL, 0);
    st[3] = ppq_compress(PPQ_CODEC_UNCOMPRESSED, 1, in_buf, 4, out_buf, 4, &got, NULL, 0);
    st[4] = ppq_compress(PPQ_CODEC_UNCOMPRESSED, 0, in_buf, 4, out_buf, 3, &got, NULL, 0);
    st[5] = ppq_compress(PPQ_CODEC_SNAPPY, 0, in_buf, 4, out_buf, 8, NULL, NULL, 0);
    st[6] = ppq_decompress(PPQ_CODEC_UNCOMPRESSED, in_buf, 4, out_buf, 4, &got, NULL, 0);
    st[7] = ppq_decompress(PPQ_CODEC_UNCOMPRESSED, in_buf, 4, out_buf, 3, &got, NULL, 0);
    st[8] = ppq_decompress(PPQ_CODEC_SNAPPY, NULL, 4, out_buf, 8, &got, NULL, 0);
    st[9] = ppq_lz4_hadoop_compress(in_buf, 4, out_buf, 7, &got, 12, NULL, 0);
    PPQ_CHECK(same_statuses(st, want, 10));
    for (i = 0; i < ARRAY_LEN(cs); i++) {
        w = ppq_compress_work_size(cs[i], 2, n);
        PPQ_CHECK_EQ(ppq_decompress_work_size(cs[i]), 0);
        if (!ppq_codec_can_compress(cs[i]) || !ppq_codec_can_decompress(cs[i])) {
            /* a build without it (PPQ_COMPRESSORS, PPQ_DECOMPRESSORS) */
            PPQ_CHECK(ppq_codec_can_compress(cs[i]) ||
                      ppq_compress(cs[i], 0, in_buf, n, cmp_buf, CMP_CAP, &clen, work, w) == PPQ_ERR_UNSUPPORTED);
            PPQ_CHECK(ppq_codec_can_decompress(cs[i]) ||
                      ppq_decompress(cs[i], gold_lz4, 4, out_buf, n, &got, NULL, 0) == PPQ_ERR_UNSUPPORTED);
            continue;
        }
        /* work: level 2 is 2^9 entries; level 0 for 100 bytes 2^8; 10 none */
        PPQ_CHECK(w == (i == SNAPPY ? 1024u : 2048u) &&
                  ppq_compress_work_size(cs[i], 0, 100) == (i == SNAPPY ? 512u : 1024u) &&
                  ppq_compress_work_size(cs[i], 10, 100) == 0);
        st[0] = ppq_compress(cs[i], 2, in_buf, n, cmp_buf, ppq_compress_bound(cs[i], n), &clen, work, w);
        st[1] = encs[i](in_buf, n, out_buf, RT_MAX, &got, 9, work, w);
        PPQ_CHECK(got == clen && memcmp(out_buf, cmp_buf, clen) == 0);
        st[2] = ppq_decompress(cs[i], cmp_buf, clen, out_buf, n, &got, NULL, 0);
        PPQ_CHECK(got == n && memcmp(out_buf, in_buf, n) == 0);
        st[3] = ppq_decompress(cs[i], cmp_buf, clen, out_buf, n - 1u, &got, NULL, 0);
        st[4] = ppq_compress(cs[i], 10, in_buf, n, out_buf, RT_MAX, &got, work, w);
        st[5] = ppq_compress(cs[i], -1, in_buf, n, out_buf, RT_MAX, &got, work, w);
        st[6] = ppq_compress(cs[i], 0, in_buf, n, out_buf, RT_MAX, &got, work, w);
        PPQ_CHECK(same_statuses(st, want_each, 7));
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(vectors),          PPQ_TEST(snappy_varint), PPQ_TEST(snappy_forms),
    PPQ_TEST(lz4_literal_lengths), PPQ_TEST(reference_blocks), PPQ_TEST(long_hostile), PPQ_TEST(round_trips),
    PPQ_TEST(same_bytes_everywhere), PPQ_TEST(compress_args), PPQ_TEST(codec_dispatch),
};

PPQ_SUITE(suite_lz, "lz", cases);
