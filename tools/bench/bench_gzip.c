#define _POSIX_C_SOURCE 199309L
/*
 * GZIP beside zlib (host, single thread, same data, same run): the sensor
 * table's PLAIN pages (8192 rows a page) and generated log text in 1 MiB
 * pages (test/lz/lz_data.h's bench sets), each page on its own.
 * Decompression: pages gzipped by zlib at levels 1, 6 and 9, decoded by
 * ppq_gunzip and by zlib's inflate (gzip wrapper).  Compression: every page
 * by ppq_gzip_compress and by zlib's deflate (gzip wrapper, windowBits 15,
 * memLevel 8) at levels 1, 6 and 9; our output is checked by inflating it.
 * One JSON line per data set and level: MB/s of uncompressed bytes (best of
 * the rounds, ours and zlib's in turn), and for compression both sizes and
 * size_vs_zlib (ours / zlib's, lower is better).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../../test/lz/lz_data.h"
#include "ppq_gzip.h"
#include "bench_util.h"

#define ROUNDS 9
#define COMPRESS_ROUNDS 3


static uint8_t *cbuf, *dbuf, *work;
static size_t clen[LZD_MAX_PAGES], coff[LZD_MAX_PAGES];

/* Every page compressed by ours (ours != 0) or zlib's into cbuf; the total. */
static size_t compress_pages(const lzd_set_t *d, int level, int ours)
{
    size_t i, in = 0, pos = 0;
    for (i = 0; i < d->npages; i++) {
        size_t got = 0;
        if (ours) {
            if (ppq_gzip_compress(d->data + in, d->pages[i], cbuf + pos, ppq_gzip_bound(d->pages[i]), &got, level,
                                  work, ppq_gzip_work_size(9)) != PPQ_OK) {
                exit(6);
            }
        } else {
            z_stream z;
            memset(&z, 0, sizeof z);
            if (deflateInit2(&z, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
                exit(3);
            }
            z.next_in = d->data + in;
            z.avail_in = (uInt)d->pages[i];
            z.next_out = cbuf + pos;
            z.avail_out = (uInt)deflateBound(&z, (uLong)d->pages[i]);
            if (deflate(&z, Z_FINISH) != Z_STREAM_END) {
                exit(3);
            }
            got = z.total_out;
            deflateEnd(&z);
        }
        coff[i] = pos;
        clen[i] = got;
        pos += got;
        in += d->pages[i];
    }
    return pos;
}

/* Seconds to decode every page, by ours or zlib's (checked once). */
static double decode_pages(const lzd_set_t *d, int ours, int check)
{
    size_t i, in = 0;
    double t0 = bench_now();
    for (i = 0; i < d->npages; i++) {
        size_t got = 0;
        if (ours) {
            if (ppq_gunzip(cbuf + coff[i], clen[i], dbuf, d->pages[i], &got, work, PPQ_INFLATE_WORK_SIZE) != PPQ_OK) {
                exit(4);
            }
        } else {
            z_stream z;
            memset(&z, 0, sizeof z);
            if (inflateInit2(&z, 31) != Z_OK) {
                exit(4);
            }
            z.next_in = cbuf + coff[i];
            z.avail_in = (uInt)clen[i];
            z.next_out = dbuf;
            z.avail_out = (uInt)d->pages[i];
            if (inflate(&z, Z_FINISH) != Z_STREAM_END) {
                exit(4);
            }
            got = z.total_out;
            inflateEnd(&z);
        }
        if (check && (got != d->pages[i] || memcmp(dbuf, d->data + in, got) != 0)) {
            exit(5);
        }
        in += d->pages[i];
    }
    return bench_now() - t0;
}

static void run(const lzd_set_t *d, int level)
{
    double ours = 1e30, ref = 1e30, mb = (double)d->len / 1e6;
    size_t packed = compress_pages(d, level, 0); /* zlib's */
    int r;
    (void)decode_pages(d, 1, 1);
    (void)decode_pages(d, 0, 1);
    for (r = 0; r < ROUNDS; r++) {
        double a = decode_pages(d, 1, 0), b = decode_pages(d, 0, 0);
        ours = a < ours ? a : ours;
        ref = b < ref ? b : ref;
    }
    printf("{\"bench\": \"gzip_decompress\", \"data\": \"%s\", \"zlib_level\": %d, \"pages\": %zu, \"bytes\": %zu, "
           "\"ratio\": %.3f, \"ppq_MBps\": %.1f, \"zlib_MBps\": %.1f, \"vs_zlib\": %.3f}\n",
           d->name, level, d->npages, packed, (double)d->len / (double)packed, mb / ours, mb / ref, ref / ours);
    fflush(stdout);
}


static void run_compress(const lzd_set_t *d, int level)
{
    double ours = 1e30, ref = 1e30, mb = (double)d->len / 1e6;
    size_t ours_len = 0, zlib_len = 0;
    int r;
    for (r = 0; r < COMPRESS_ROUNDS; r++) {
        double t0 = bench_now(), a, b;
        ours_len = compress_pages(d, level, 1);
        a = bench_now() - t0;
        t0 = bench_now();
        zlib_len = compress_pages(d, level, 0);
        b = bench_now() - t0;
        ours = a < ours ? a : ours;
        ref = b < ref ? b : ref;
    }
    (void)compress_pages(d, level, 1);
    (void)decode_pages(d, 0, 1); /* zlib's inflate gives back every page */
    printf("{\"bench\": \"gzip_compress\", \"data\": \"%s\", \"level\": %d, \"pages\": %zu, \"in_bytes\": %zu, "
           "\"ppq_bytes\": %zu, \"zlib_bytes\": %zu, \"size_vs_zlib\": %.4f, \"ppq_MBps\": %.1f, \"zlib_MBps\": %.1f, "
           "\"speed_vs_zlib\": %.3f}\n",
           d->name, level, d->npages, d->len, ours_len, zlib_len, (double)ours_len / (double)zlib_len, mb / ours,
           mb / ref, ref / ours);
    fflush(stdout);
}

/* `bench_gzip compress`: the compression lines only. */
int main(int argc, char **argv)
{
    static lzd_set_t sensor, text;
    static const int levels[] = {1, 6, 9};
    size_t i, n = 8u << 20;
    cbuf = malloc(2u * n);
    dbuf = malloc(2u << 20);
    work = malloc(ppq_gzip_work_size(9) > PPQ_INFLATE_WORK_SIZE ? ppq_gzip_work_size(9) : PPQ_INFLATE_WORK_SIZE);
    if (!lzd_bench_sets(&sensor, &text, n) || cbuf == NULL || dbuf == NULL || work == NULL) {
        return 2;
    }
    for (i = 0; i < 3u && !(argc > 1 && strcmp(argv[1], "compress") == 0); i++) {
        run(&sensor, levels[i]);
        run(&text, levels[i]);
    }
    for (i = 0; i < 3u; i++) {
        run_compress(&sensor, levels[i]);
        run_compress(&text, levels[i]);
    }
    return 0;
}
