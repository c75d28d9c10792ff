/* Host-only differential test: zlib's DEFLATE and gzip output, at every
 * level, several window and memory sizes, every strategy, and with sync
 * flushes (empty stored blocks) mid-stream, decoded by ppq_inflate /
 * ppq_gunzip and compared byte for byte; on random, incompressible, text,
 * all-equal and long-match data of many sizes.  Links zlib (test only).
 * Our compressor's output inflated by zlib: gzip_enc_diff.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "ppq_gzip.h"
#include "deflate_build.h"

static uint64_t work[PPQ_INFLATE_WORK_SIZE / 8u];
static unsigned checks, failures;

static void fill(uint8_t *p, size_t n, int kind, unsigned seed)
{
    size_t i;
    uint32_t x = seed * 2654435761u + 1u;
    for (i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        switch (kind) {
        case 0: p[i] = (uint8_t)x; break;                                         /* random */
        case 1: p[i] = (uint8_t)"the quick brown fox jumps over the lazy parquet page "[(x % 7u + i) % 53u]; break;
        case 2: p[i] = 'A'; break;                                                /* all equal */
        case 3: p[i] = i < 300u ? (uint8_t)x : p[i - 300u + (x % 3u == 0u)]; break; /* long matches */
        default: p[i] = (uint8_t)(x % 4u); break;                                 /* few symbols */
        }
    }
}

static void one(const uint8_t *in, size_t n, int level, int wbits, int mem, int strategy, int flush_mid, int gz)
{
    z_stream z;
    size_t cap = n + n / 8u + 1024u, got = 0, used = 0;
    uint8_t *comp = malloc(cap), *out = malloc(n + 1u);
    ppq_status_t st;
    memset(&z, 0, sizeof z);
    deflateInit2(&z, level, Z_DEFLATED, gz ? wbits + 16 : -wbits, mem, strategy);
    z.next_in = (Bytef *)(uintptr_t)in;
    z.next_out = comp;
    z.avail_out = (uInt)cap;
    if (flush_mid && n > 2u) {
        z.avail_in = (uInt)(n / 2u);
        deflate(&z, Z_SYNC_FLUSH);
        z.avail_in = (uInt)(n - n / 2u);
    } else {
        z.avail_in = (uInt)n;
    }
    deflate(&z, Z_FINISH);
    st = gz ? ppq_gunzip(comp, z.total_out, out, n, &got, work, sizeof work)
            : ppq_inflate(comp, z.total_out, out, n, &got, &used, work, sizeof work);
    checks++;
    if (st != PPQ_OK || got != n || (n > 0u && memcmp(out, in, n) != 0) || (!gz && used != z.total_out)) {
        failures++;
        if (failures < 20u) {
            printf("FAIL n %zu level %d wbits %d mem %d strategy %d flush %d gzip %d: status %d, %zu bytes\n", n, level,
                   wbits, mem, strategy, flush_mid, gz, (int)st, got);
        }
    }
    deflateEnd(&z);
    free(comp);
    free(out);
}

/* The hand-built streams of deflate_build.h (the unit suite's table
 * boundaries): zlib makes the same of each as ours, the bytes of a valid
 * one or an error. */
static void hand_built(void)
{
    static const int variants[] = {DB_VALID, DB_LIT_OVER, DB_LIT_INCOMPLETE, DB_DIST_MISSING, DB_DIST_ONE};
    uint8_t s[600], plain[1024], zout[1024], pout[1024];
    size_t i;
    for (i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        size_t plain_len = 0, len = db_stream(variants[i], s, sizeof s, plain, sizeof plain, &plain_len), got = 0, used = 0;
        z_stream z;
        int rc, ok;
        ppq_status_t st = ppq_inflate(s, len, pout, sizeof pout, &got, &used, work, sizeof work);
        memset(&z, 0, sizeof z);
        inflateInit2(&z, -15);
        z.next_in = s;
        z.avail_in = (uInt)len;
        z.next_out = zout;
        z.avail_out = (uInt)sizeof zout;
        rc = inflate(&z, Z_FINISH);
        checks++;
        if (variants[i] == DB_VALID) {
            ok = len > 0u && rc == Z_STREAM_END && z.total_out == plain_len && memcmp(zout, plain, plain_len) == 0 &&
                 st == PPQ_OK && got == plain_len && memcmp(pout, plain, plain_len) == 0 && used == len;
        } else {
            ok = len > 0u && rc == Z_DATA_ERROR && st == PPQ_ERR_CORRUPT;
        }
        if (!ok) {
            failures++;
            printf("FAIL hand-built stream %d: zlib says %d (%lu bytes), ours %d (%zu bytes)\n", variants[i], rc,
                   (unsigned long)z.total_out, (int)st, got);
        }
        inflateEnd(&z);
    }
}

int main(void)
{
    static const size_t sizes[] = {0, 1, 2, 7, 100, 1000, 32767, 32769, 70000, 300000};
    static const int strategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED};
    uint8_t *in = malloc(300000);
    size_t s;
    int kind, level, si, wbits;
    hand_built();
    for (kind = 0; kind < 5; kind++) {
        for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            fill(in, sizes[s], kind, (unsigned)(kind * 31 + (int)s));
            for (level = 0; level <= 9; level++) {
                one(in, sizes[s], level, 15, 8, Z_DEFAULT_STRATEGY, 0, level % 2);
            }
            for (si = 0; si < 5; si++) {
                one(in, sizes[s], 6, 15, 9, strategies[si], si == 1, si % 2);
            }
            for (wbits = 9; wbits <= 15; wbits += 3) {
                one(in, sizes[s], 9, wbits, 1, Z_DEFAULT_STRATEGY, 1, 0);
            }
        }
    }
    printf("gzip-diff: %u zlib streams decoded by ours, %u failures\n", checks, failures);
    free(in);
    return failures != 0u;
}
