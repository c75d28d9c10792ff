/* Host-only differential test of our GZIP compressor: at every level, on
 * sensor pages (test/lz/lz_data.h), log text, incompressible random bytes,
 * all-equal bytes, long matches, few symbols, text with random stretches
 * between (stored blocks amid Huffman ones), every size 0..300 and sizes
 * around the block and stored-block boundaries, our gzip member is
 * inflated by zlib and by ppq_gunzip to the input; zlib's Z_BLOCK walk
 * counts each stream's block types (random bytes stored, skewed data
 * dynamic, the mixed input both).  Too little room is NOSPACE with no byte
 * written past it (exact-size buffers under ASan).  The unit suite's pins
 * (test/gzip_pin.h) are checked against the host's output, and level 6's
 * size on the sensor and text pages must stay within 5% of zlib -6's.
 * Links zlib (test only). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../lz/lz_data.h"
#include "../gzip_pin.h"
#include "ppq_gzip.h"

static uint8_t *work, *dec_work;
static unsigned checks, failures;

#define FAIL(...)                                                                                                      \
    do {                                                                                                               \
        failures++;                                                                                                    \
        if (failures < 20u) {                                                                                          \
            printf("FAIL ");                                                                                           \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
        }                                                                                                              \
    } while (0)

enum { RANDOM, TEXT, EQUAL, LONG_MATCH, FEW, SENSOR, MIXED, KINDS };
static const char *const kind_name[KINDS] = {"random", "text", "equal", "long-match", "few", "sensor", "mixed"};

static void fill(uint8_t *p, size_t n, int kind, unsigned seed)
{
    static uint8_t *text, *sensor;
    static size_t page_lens[64];
    size_t i;
    uint32_t x = seed * 2654435761u + 1u;
    if (text == NULL) {
        text = malloc(1u << 20);
        sensor = malloc(1u << 20);
        lzd_log_text(text, 1u << 20);
        (void)lzd_sensor_pages(sensor, 1u << 20, 2048, page_lens, 64);
    }
    for (i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        switch (kind) {
        case RANDOM: p[i] = (uint8_t)x; break;
        case TEXT: p[i] = text[(seed * 4099u + i) % (1u << 20)]; break;
        case EQUAL: p[i] = 'A'; break;
        case LONG_MATCH: p[i] = i < 300u ? (uint8_t)x : p[i - 300u + (x % 3u == 0u)]; break;
        case FEW: p[i] = (uint8_t)(x % 4u); break;
        case SENSOR: p[i] = sensor[(seed * 8191u + i) % (1u << 20)]; break;
        default: p[i] = (i / 20000u) % 2u == 1u ? (uint8_t)x : text[i % (1u << 20)]; break; /* MIXED */
        }
    }
}

/* Block types of a raw DEFLATE stream, by zlib's Z_BLOCK walk: counts[0..2]
 * stored, fixed, dynamic.  0 when zlib rejects the stream. */
static int block_types(const uint8_t *raw, size_t len, size_t n, unsigned counts[3])
{
    z_stream z;
    uint8_t *out = malloc(n + 1u);
    int rc = Z_OK, ok = 1, last = 0;
    memset(&z, 0, sizeof z);
    counts[0] = counts[1] = counts[2] = 0;
    inflateInit2(&z, -15);
    z.next_in = (Bytef *)(uintptr_t)raw;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)(n + 1u);
    for (;;) {
        /* at a block's start: its header is the next bits; unused bits of the last byte taken first */
        unsigned unused = (unsigned)z.data_type & 7u, hdr;
        if (z.total_in == 0u) {
            hdr = raw[0];
        } else {
            size_t at = (size_t)z.total_in;
            hdr = unused > 0u ? (unsigned)raw[at - 1u] >> (8u - unused) : 0u;
            hdr |= (at < len ? (unsigned)raw[at] : 0u) << unused;
        }
        if (!last) {
            counts[(hdr >> 1) & 3u] += ((hdr >> 1) & 3u) < 3u;
        }
        do { /* through the block's header and data to its end (after the last: the stream's) */
            rc = inflate(&z, Z_BLOCK);
        } while (rc == Z_OK && ((unsigned)z.data_type & 128u) == 0u);
        if (rc != Z_OK) {
            break;
        }
        last = ((unsigned)z.data_type & 64u) != 0u;
    }
    ok = rc == Z_STREAM_END && z.total_out == n;
    inflateEnd(&z);
    free(out);
    return ok;
}

/* Ours at `level` on in[0..n): zlib and ppq_gunzip give the input back;
 * the block types into counts.  Returns our size (0 on failure). */
static size_t ours(const uint8_t *in, size_t n, int level, const char *what, unsigned counts[3])
{
    size_t cap = ppq_gzip_bound(n), len = 0, got = 0;
    uint8_t *comp = malloc(cap), *out = malloc(n + 1u);
    z_stream z;
    int rc;
    ppq_status_t st;
    checks++;
    st = ppq_gzip_compress(in, n, comp, cap, &len, level, work, ppq_gzip_work_size(level));
    if (st != PPQ_OK || len > cap) {
        FAIL("%s n %zu level %d: compress %d", what, n, level, (int)st);
        len = 0;
        goto done;
    }
    memset(&z, 0, sizeof z);
    inflateInit2(&z, 31);
    z.next_in = comp;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)(n + 1u);
    rc = inflate(&z, Z_FINISH);
    if (rc != Z_STREAM_END || z.total_out != n || z.total_in != len || (n > 0u && memcmp(out, in, n) != 0)) {
        FAIL("%s n %zu level %d: zlib says %d, %lu bytes", what, n, level, rc, (unsigned long)z.total_out);
        len = 0;
    }
    inflateEnd(&z);
    memset(out, 0, n + 1u);
    st = ppq_gunzip(comp, len, out, n, &got, dec_work, PPQ_INFLATE_WORK_SIZE);
    if (len > 0u && (st != PPQ_OK || got != n || (n > 0u && memcmp(out, in, n) != 0))) {
        FAIL("%s n %zu level %d: ppq_gunzip says %d, %zu bytes", what, n, level, (int)st, got);
        len = 0;
    }
    if (len > 0u && !block_types(comp + 10, len - 18u, n, counts)) {
        FAIL("%s n %zu level %d: block walk", what, n, level);
        len = 0;
    }
done:
    free(comp);
    free(out);
    return len;
}

/* Room for less than the member: NOSPACE, no byte written past the room
 * (an exact-size buffer), *dst_len 0. */
static void short_room(const uint8_t *in, size_t n, int level, size_t need)
{
    size_t rooms[4], i, len = 1;
    rooms[0] = need - 1u;
    rooms[1] = need / 2u;
    rooms[2] = 18u;
    rooms[3] = 0u;
    for (i = 0; i < 4u; i++) {
        uint8_t *comp = malloc(rooms[i] + 1u);
        ppq_status_t st = ppq_gzip_compress(in, n, comp, rooms[i], &len, level, work, ppq_gzip_work_size(level));
        checks++;
        if (st != PPQ_ERR_NOSPACE || len != 0u) {
            FAIL("short room %zu of %zu, level %d: %d", rooms[i], need, level, (int)st);
        }
        free(comp);
    }
}

/* The unit suite's pinned sizes and CRCs are the host's output. */
static void pins(void)
{
    static const struct {
        int level;
        size_t len;
        uint32_t crc;
    } pin[] = {{1, GZIP_PIN_L1_LEN, GZIP_PIN_L1_CRC}, {6, GZIP_PIN_L6_LEN, GZIP_PIN_L6_CRC}};
    uint8_t in[GZIP_PIN_LEN], comp[2 * GZIP_PIN_LEN];
    size_t i, len = 0;
    gzip_pin_input(in, GZIP_PIN_LEN);
    for (i = 0; i < 2u; i++) {
        unsigned counts[3];
        checks++;
        if (ours(in, GZIP_PIN_LEN, pin[i].level, "pin", counts) == 0u ||
            ppq_gzip_compress(in, GZIP_PIN_LEN, comp, sizeof comp, &len, pin[i].level, work,
                              ppq_gzip_work_size(pin[i].level)) != PPQ_OK ||
            len != pin[i].len || ppq_crc32(0, comp, len) != pin[i].crc || counts[2] != 1u) {
            FAIL("pin level %d: %zu bytes, CRC %08x", pin[i].level, len, (unsigned)ppq_crc32(0, comp, len));
        }
    }
}

/* Sizes next to zlib's at the same level (zlib: windowBits 15, memLevel 8). */
static size_t zlib_size(const uint8_t *in, size_t n, int level)
{
    z_stream z;
    size_t cap = n + n / 8u + 1024u, len;
    uint8_t *comp = malloc(cap);
    memset(&z, 0, sizeof z);
    deflateInit2(&z, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
    z.next_in = (Bytef *)(uintptr_t)in;
    z.avail_in = (uInt)n;
    z.next_out = comp;
    z.avail_out = (uInt)cap;
    deflate(&z, Z_FINISH);
    len = z.total_out;
    deflateEnd(&z);
    free(comp);
    return len;
}

int main(void)
{
    static const size_t sizes[] = {301, 1000, 4095, 16383, 16384, 16385, 32768, 49153, 65535, 65536, 65537, 70000, 140000};
    uint8_t *in = malloc(1u << 20);
    size_t s, n, ours6 = 0, zlib6 = 0;
    unsigned counts[3], total[KINDS][3];
    int kind, level;
    work = malloc(ppq_gzip_work_size(9));
    dec_work = malloc(PPQ_INFLATE_WORK_SIZE);
    memset(total, 0, sizeof total);
    /* every size 0..300 at every level */
    for (kind = 0; kind < KINDS; kind++) {
        for (n = 0; n <= 300u; n++) {
            fill(in, n, kind, (unsigned)n);
            for (level = 0; level <= 9; level++) {
                (void)ours(in, n, level, kind_name[kind], counts);
            }
        }
    }
    /* larger inputs: every level, block and stored-block boundaries */
    for (kind = 0; kind < KINDS; kind++) {
        for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            n = sizes[s];
            fill(in, n, kind, (unsigned)(kind * 31 + (int)s));
            for (level = 0; level <= 9; level++) {
                size_t len = ours(in, n, level, kind_name[kind], counts);
                unsigned t;
                for (t = 0; t < 3u; t++) {
                    total[kind][t] += counts[t];
                }
                if (len > 0u && s % 4u == 1u && level % 3 == 1) {
                    short_room(in, n, level, len);
                }
            }
        }
    }
    /* several whole blocks of one page kind: 1 MiB of sensor pages and of text */
    for (kind = TEXT; kind <= SENSOR; kind += SENSOR - TEXT) {
        fill(in, 1u << 20, kind, 7);
        for (level = 1; level <= 6; level += 5) {
            size_t len = ours(in, 1u << 20, level, kind_name[kind], counts), ref = zlib_size(in, 1u << 20, level);
            if (level == 6) {
                ours6 += len;
                zlib6 += ref;
            }
            printf("  %-6s 1 MiB level %d: %zu bytes, zlib %zu; blocks stored %u fixed %u dynamic %u\n",
                   kind_name[kind], level, len, ref, counts[0], counts[1], counts[2]);
        }
    }
    pins();
    for (kind = 0; kind < KINDS; kind++) {
        printf("  %-10s sizes 301..140000, levels 0-9: blocks stored %u fixed %u dynamic %u\n", kind_name[kind],
               total[kind][0], total[kind][1], total[kind][2]);
    }
    /* what each kind's larger inputs were written as */
    checks += 4;
    if (total[RANDOM][1] + total[RANDOM][2] != 0u || total[RANDOM][0] == 0u) {
        FAIL("random bytes not all stored: %u %u %u", total[RANDOM][0], total[RANDOM][1], total[RANDOM][2]);
    }
    if (total[MIXED][0] == 0u || total[MIXED][2] == 0u) {
        FAIL("mixed input: stored %u dynamic %u", total[MIXED][0], total[MIXED][2]);
    }
    if (total[FEW][2] == 0u || total[SENSOR][2] == 0u || total[TEXT][2] == 0u) {
        FAIL("no dynamic blocks for few symbols, sensor or text");
    }
    if ((double)ours6 > 1.05 * (double)zlib6) {
        FAIL("level 6: %zu bytes, zlib -6 %zu", ours6, zlib6);
    }
    printf("  level 6 on sensor pages and text: %zu bytes, zlib -6 %zu (%.4f)\n", ours6, zlib6,
           (double)ours6 / (double)zlib6);
    printf("gzip-enc-diff: %u checks (ours inflated by zlib and ppq_gunzip, every level), %u failures\n", checks,
           failures);
    free(in);
    free(work);
    free(dec_work);
    return failures != 0u;
}
