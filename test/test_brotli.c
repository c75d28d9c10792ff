/* BROTLI decompression (a build with PPQ_WITH_BROTLI; otherwise only its
 * refusal): the static dictionary against the CRC-32 RFC 7932 gives for
 * it, streams made by libbrotli (test/brotli_golden.h: qualities 0-11,
 * text, UTF-8 and binary, dictionary words), streams written by hand from
 * the RFC (empty, uncompressed and metadata meta-blocks, window sizes),
 * then hostile input: truncation at every length, every byte changed
 * (an error or a result, never a write past the output), output room,
 * work memory too small, trailing bytes and non-zero padding. */
#include <string.h>

#include "ppq_brotli.h"
#include "ppq_brotli_internal.h"
#include "ppq_codec.h"
#include "test_util.h"

#include "brotli_golden.h"

#define WORK_LEN 40000u /* what the golden streams need, and less than the full size */
#define ROOM 700u
#define GUARD 16u

static const char text[] = "The time of the people: each sensor in the house recorded a value, and the world of data "
                           "grew. Therefore the column of the page was written with the information of the station; "
                           "the Life of the network, the history of the system and the number of the states were "
                           "shown at the home of the University.";
static const char utf8[] = "Grüße aus München: die Temperatur beträgt 21,5 °C; données météo — 日本語のテキスト, "
                           "данные датчика. Grüße!";

static void *work;
static uint8_t *out;

#if PPQ_WITH_BROTLI
static int setup(void)
{
    test_setup();
    work = test_alloc(WORK_LEN);
    out = test_alloc(ROOM + GUARD);
    return work != NULL && out != NULL;
}
#endif

static void sensor(uint8_t *p)
{
    int v = 0, i;
    uint32_t r = 1;
    for (i = 0; i < 600; i += 2) {
        r = r * 1103515245u + 12345u;
        v += (int)((r >> 16) % 21u) - 10;
        p[i] = (uint8_t)v;
        p[i + 1] = (uint8_t)((unsigned)v >> 8);
    }
}

typedef struct gold {
    const uint8_t *z;
    size_t zlen;
    int which; /* 0 text, 1 utf8, 2 sensor */
} gold_t;

static const gold_t golds[] = {
    {gold_text_q11, sizeof gold_text_q11, 0}, {gold_text_q0, sizeof gold_text_q0, 0},
    {gold_text_q5, sizeof gold_text_q5, 0},   {gold_utf8_q9, sizeof gold_utf8_q9, 1},
    {gold_sensor_q7, sizeof gold_sensor_q7, 2}, {gold_sensor_q2, sizeof gold_sensor_q2, 2},
};

static const uint8_t *expected(int which, uint8_t *buf, size_t *n)
{
    if (which == 0) {
        *n = sizeof text - 1u;
        return (const uint8_t *)text;
    }
    if (which == 1) {
        *n = sizeof utf8 - 1u;
        return (const uint8_t *)utf8;
    }
    sensor(buf);
    *n = 600;
    return buf;
}

static ppq_status_t dec(const uint8_t *z, size_t zlen, size_t room, size_t *got)
{
    return ppq_brotli_decompress(z, zlen, out, room, got, work, WORK_LEN);
}

static void work_sizes(void)
{
#if PPQ_WITH_BROTLI
    PPQ_CHECK(setup());
    PPQ_CHECK_EQ(ppq_brotli_dec_work_size(1), PPQ_BROTLI_DEC_WORK_SIZE);
    PPQ_CHECK_EQ(ppq_brotli_dec_work_size(0), PPQ_BROTLI_DEC_WORK_MIN);
    PPQ_CHECK_EQ(PPQ_BROTLI_DEC_WORK_SIZE, 1201960u);
    PPQ_CHECK_EQ(PPQ_BROTLI_DEC_WORK_MIN, 4032u);
    PPQ_CHECK(ppq_codec_can_decompress(PPQ_CODEC_BROTLI) == ((PPQ_DECOMPRESSORS & 0x10u) != 0u));
    PPQ_CHECK(!ppq_codec_can_compress(PPQ_CODEC_BROTLI));
    if (ppq_codec_can_decompress(PPQ_CODEC_BROTLI)) {
        PPQ_CHECK_EQ(ppq_decompress_work_size(PPQ_CODEC_BROTLI), PPQ_BROTLI_DEC_WORK);
    }
#else
    {
        size_t got = 1, i, n;
        uint8_t *buf;
        test_setup(); /* no work memory: a board without BROTLI may have little RAM */
        buf = (uint8_t *)test_alloc(600);
        PPQ_CHECK(buf != NULL);
        PPQ_CHECK(!ppq_codec_can_decompress(PPQ_CODEC_BROTLI));
        PPQ_CHECK_EQ(ppq_brotli_dec_work_size(1), 0);
        for (i = 0; i < ARRAY_LEN(golds); i++) {
            (void)expected(golds[i].which, buf, &n);
            PPQ_CHECK_EQ(dec(golds[i].z, golds[i].zlen, n, &got), PPQ_ERR_UNSUPPORTED);
            PPQ_CHECK_EQ(got, 0);
        }
    }
#endif
}

#if PPQ_WITH_BROTLI
/* RFC 7932 Appendix A: the dictionary's CRC-32 is 0x5136CB04. */
static void dictionary(void)
{
    static const uint8_t first[] = "timedownlifeleft";
    PPQ_CHECK_EQ(ppq_crc32(0, ppq_brotli_dict, PPQ_BROTLI_DICT_SIZE), 0x5136CB04u);
    PPQ_CHECK_MEM(ppq_brotli_dict, first, 16);
}

/* A few transforms (RFC 7932 Appendix B) by hand: 0 identity, 1 "" + w +
 * " ", 3 omit first 1, 4 uppercase first + " ", 9 uppercase first, 44
 * uppercase all, 12 omit last 1; and too little room. */
static void transforms(void)
{
    uint8_t b[40];
    size_t n = 0;
    PPQ_CHECK_OK(ppq_brotli_transform(b, sizeof b, (const uint8_t *)"time", 4, 0, &n));
    PPQ_CHECK(n == 4 && memcmp(b, "time", 4) == 0);
    PPQ_CHECK_OK(ppq_brotli_transform(b, sizeof b, (const uint8_t *)"time", 4, 1, &n));
    PPQ_CHECK(n == 5 && memcmp(b, "time ", 5) == 0);
    PPQ_CHECK_OK(ppq_brotli_transform(b, sizeof b, (const uint8_t *)"time", 4, 3, &n));
    PPQ_CHECK(n == 3 && memcmp(b, "ime", 3) == 0);
    PPQ_CHECK_OK(ppq_brotli_transform(b, sizeof b, (const uint8_t *)"time", 4, 4, &n));
    PPQ_CHECK(n == 5 && memcmp(b, "Time ", 5) == 0);
    PPQ_CHECK_OK(ppq_brotli_transform(b, sizeof b, (const uint8_t *)"time", 4, 9, &n));
    PPQ_CHECK(n == 4 && memcmp(b, "Time", 4) == 0);
    PPQ_CHECK_OK(ppq_brotli_transform(b, sizeof b, (const uint8_t *)"time", 4, 44, &n));
    PPQ_CHECK(n == 4 && memcmp(b, "TIME", 4) == 0);
    PPQ_CHECK_OK(ppq_brotli_transform(b, sizeof b, (const uint8_t *)"time", 4, 12, &n));
    PPQ_CHECK(n == 3 && memcmp(b, "tim", 3) == 0);
    PPQ_CHECK_EQ(ppq_brotli_transform(b, 4, (const uint8_t *)"time", 4, 1, &n), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(ppq_brotli_transform(b, sizeof b, (const uint8_t *)"time", 4, 121, &n), PPQ_ERR_CORRUPT);
}

static void goldens(void)
{
    uint8_t *buf;
    size_t i, n, got;
    PPQ_CHECK(setup());
    buf = (uint8_t *)test_alloc(600);
    PPQ_CHECK(buf != NULL);
    for (i = 0; i < ARRAY_LEN(golds); i++) {
        const uint8_t *want = expected(golds[i].which, buf, &n);
        got = 0;
        PPQ_CHECK_OK(dec(golds[i].z, golds[i].zlen, n, &got));
        PPQ_CHECK_EQ(got, n);
        PPQ_CHECK_MEM(out, want, n);
        /* the page codec interface, with its own work size */
        if (ppq_codec_can_decompress(PPQ_CODEC_BROTLI) && PPQ_BROTLI_DEC_WORK <= WORK_LEN) {
            PPQ_CHECK_OK(ppq_decompress(PPQ_CODEC_BROTLI, golds[i].z, golds[i].zlen, out, n, &got, work, WORK_LEN));
            PPQ_CHECK_MEM(out, want, n);
        }
    }
}

/* Streams by hand (RFC 7932 9.1-9.2). */
static void by_hand(void)
{
    /* WBITS 16; ISLAST, ISLASTEMPTY */
    static const uint8_t empty16[] = {0x06};
    /* WBITS 22 (1, 101), ISLAST, ISLASTEMPTY */
    static const uint8_t empty22[] = {0x3B};
    /* WBITS 10 (1, 000, 010), ISLAST | ISLASTEMPTY */
    static const uint8_t empty10[] = {0xA1, 0x01};
    /* WBITS 16; an uncompressed meta-block: ISLAST 0, MNIBBLES 4, MLEN-1 = 4,
     * ISUNCOMPRESSED 1, padding; "hello"; ISLAST, ISLASTEMPTY */
    static const uint8_t hello[] = {0x40, 0x00, 0x10, 'h', 'e', 'l', 'l', 'o', 0x03};
    /* a metadata meta-block (MNIBBLES 0: bits 11, reserved 0, MSKIPBYTES 1,
     * MSKIPLEN-1 = 2) with 3 bytes skipped, then the empty last block */
    static const uint8_t meta[] = {0x2C, 0x01, 'x', 'y', 'z', 0x03};
    static const uint8_t bad_window[] = {0x11, 0x03};       /* WBITS: 1, 000, 001 (large window): refused */
    static const uint8_t trailing[] = {0x06, 0x00};         /* a byte after the stream */
    static const uint8_t padding[] = {0x46};                /* a padding bit set */
    static const uint8_t hello_pad[] = {0x40, 0x00, 0x30, 'h', 'e', 'l', 'l', 'o', 0x03}; /* padding before the bytes */
    size_t got = 1;
    PPQ_CHECK(setup());
    PPQ_CHECK_OK(dec(empty16, 1, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(dec(empty22, 1, 0, &got));
    PPQ_CHECK_OK(dec(empty10, 2, 0, &got));
    PPQ_CHECK_OK(dec(hello, sizeof hello, 5, &got));
    PPQ_CHECK(got == 5 && memcmp(out, "hello", 5) == 0);
    PPQ_CHECK_EQ(dec(hello, sizeof hello, 4, &got), PPQ_ERR_NOSPACE);
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_OK(dec(meta, sizeof meta, 0, &got));
    PPQ_CHECK_EQ(got, 0);
    PPQ_CHECK_EQ(dec(bad_window, sizeof bad_window, 10, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(dec(trailing, sizeof trailing, 10, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(dec(padding, sizeof padding, 10, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(dec(hello_pad, sizeof hello_pad, 10, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(dec(empty16, 0, 10, &got), PPQ_ERR_CORRUPT);
    PPQ_CHECK_EQ(dec(NULL, 1, 10, &got), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(dec(empty16, 1, 10, NULL), PPQ_ERR_ARG);
    PPQ_CHECK_EQ(ppq_brotli_decompress(empty16, 1, out, 10, &got, NULL, WORK_LEN), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(ppq_brotli_decompress(empty16, 1, out, 10, &got, work, PPQ_BROTLI_DEC_WORK_MIN - 1u), PPQ_ERR_ARENA);
    PPQ_CHECK_EQ(ppq_brotli_decompress(empty16, 1, out, 10, &got, (uint8_t *)work + 4, WORK_LEN - 8u), PPQ_ERR_ARENA);
    PPQ_CHECK_OK(ppq_brotli_decompress(empty16, 1, out, 10, &got, work, PPQ_BROTLI_DEC_WORK_MIN));
}

/* Truncated at every length: refused; every byte changed: an error or a
 * result within the room, never a write past it. */
static void hostile(void)
{
    uint8_t *buf, *z;
    size_t i, n, got, len;
    unsigned v;
    PPQ_CHECK(setup());
    buf = (uint8_t *)test_alloc(600);
    z = (uint8_t *)test_alloc(512);
    PPQ_CHECK(buf != NULL && z != NULL);
    for (i = 0; i < ARRAY_LEN(golds); i++) {
        (void)expected(golds[i].which, buf, &n);
        for (len = 0; len < golds[i].zlen; len++) {
            PPQ_CHECK(dec(golds[i].z, len, n, &got) < 0);
            PPQ_CHECK_EQ(got, 0);
        }
        /* the work memory: too little is UNSUPPORTED, never anything else
         * (the UTF-8 text is one uncompressed meta-block: no codes) */
        PPQ_CHECK_EQ(ppq_brotli_decompress(golds[i].z, golds[i].zlen, out, n, &got, work, PPQ_BROTLI_DEC_WORK_MIN),
                     golds[i].which == 1 ? PPQ_OK : PPQ_ERR_UNSUPPORTED);
        PPQ_CHECK_EQ(dec(golds[i].z, golds[i].zlen, n - 1u, &got), PPQ_ERR_NOSPACE);
        memcpy(z, golds[i].z, golds[i].zlen);
        for (len = 0; len < golds[i].zlen; len += 1u + (len & 3u)) {
            for (v = 1; v < 256u; v <<= 1) {
                ppq_status_t st;
                z[len] ^= (uint8_t)v;
                memset(out + ROOM, 0xA5, GUARD);
                st = dec(z, golds[i].zlen, ROOM, &got);
                PPQ_CHECK(st == PPQ_OK ? got <= ROOM : got == 0);
                PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT || st == PPQ_ERR_NOSPACE || st == PPQ_ERR_UNSUPPORTED);
                PPQ_CHECK(out[ROOM] == 0xA5 && out[ROOM + GUARD - 1u] == 0xA5);
                z[len] ^= (uint8_t)v;
            }
        }
    }
}
#endif

static const ppq_test_case_t cases[] = {
    PPQ_TEST(work_sizes),
#if PPQ_WITH_BROTLI
    PPQ_TEST(dictionary), PPQ_TEST(transforms), PPQ_TEST(goldens), PPQ_TEST(by_hand), PPQ_TEST(hostile),
#endif
};
PPQ_SUITE(suite_brotli, "brotli", cases);
