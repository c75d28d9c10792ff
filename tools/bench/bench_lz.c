#define _POSIX_C_SOURCE 199309L
/*
 * Snappy and LZ4_RAW side by side with libsnappy and liblz4 (host, single
 * thread, same data, same run).  Data sets:
 *   sensor  PLAIN page bodies of a sensor table (1 Hz timestamps, random
 *           walks rounded to 0.01, battery, status strings), 8192 rows a
 *           page, each page compressed on its own;
 *   text    generated service log lines, in 1 MiB pages;
 *   logger  what picoparquet itself writes: the sensor logger demo's day
 *           (examples/sensor_logger, 86400 rows: DELTA timestamps, PLAIN
 *           floats, RLE, dictionary, statistics) in 8 KiB pieces, about
 *           its pages' size.
 * One JSON line per codec, data set and direction: throughput in MB/s of
 * uncompressed bytes (best of 9 rounds, ours and theirs in turn), compressed
 * sizes (both decompressors timed on our blocks), and the
 * ratios ours / theirs.  Our compressors run at their default tables
 * (snappy 2^14 entries, LZ4 2^12: the references' sizes); liblz4 at
 * LZ4_compress_default.
 */
#include <lz4.h>
#include <snappy-c.h>

#include "../../examples/sensor_logger/logger.h"
#include "../../test/lz/lz_data.h"
#include "ppq_lz4.h"
#include "ppq_snappy.h"
#include "bench_util.h"

#define ROUNDS 9


static uint8_t *cbuf, *dbuf, *work;
static size_t clen[LZD_MAX_PAGES]; /* per page compressed size (for decompression) */
static size_t coff[LZD_MAX_PAGES];

enum { SNAPPY_OURS, SNAPPY_REF, LZ4_OURS, LZ4_REF };

/* Compress every page into cbuf (page i at coff[i]); returns total bytes. */
static size_t compress_all(int who, const lzd_set_t *d)
{
    size_t i, pos = 0, in = 0;
    for (i = 0; i < d->npages; i++) {
        const uint8_t *src = d->data + in;
        size_t n = d->pages[i], out = 0;
        coff[i] = pos;
        switch (who) {
        case SNAPPY_OURS:
            if (ppq_snappy_compress(src, n, cbuf + pos, ppq_snappy_compress_bound(n), &out,
                                    PPQ_SNAPPY_TABLE_BITS_DEFAULT, work, PPQ_SNAPPY_WORK_SIZE(16)) != PPQ_OK) {
                exit(3);
            }
            break;
        case SNAPPY_REF:
            out = snappy_max_compressed_length(n);
            if (snappy_compress((const char *)src, n, (char *)cbuf + pos, &out) != SNAPPY_OK) {
                exit(3);
            }
            break;
        case LZ4_OURS:
            if (ppq_lz4_compress(src, n, cbuf + pos, ppq_lz4_compress_bound(n), &out, PPQ_LZ4_TABLE_BITS_DEFAULT,
                                 work, PPQ_LZ4_WORK_SIZE(16)) != PPQ_OK) {
                exit(3);
            }
            break;
        default: {
            int r = LZ4_compress_default((const char *)src, (char *)cbuf + pos, (int)n, LZ4_compressBound((int)n));
            if (r <= 0) {
                exit(3);
            }
            out = (size_t)r;
        }
        }
        clen[i] = out;
        pos += out;
        in += n;
    }
    return pos;
}

/* Decompress every page of cbuf with `who`'s decompressor, check the bytes. */
static void decompress_all(int who, const lzd_set_t *d, int verify)
{
    size_t i, in = 0;
    for (i = 0; i < d->npages; i++) {
        size_t n = d->pages[i], got = 0;
        uint8_t *dst = dbuf + in;
        const uint8_t *src = cbuf + coff[i];
        switch (who) {
        case SNAPPY_OURS:
            if (ppq_snappy_decompress(src, clen[i], dst, n, &got) != PPQ_OK) {
                exit(4);
            }
            break;
        case SNAPPY_REF:
            got = n;
            if (snappy_uncompress((const char *)src, clen[i], (char *)dst, &got) != SNAPPY_OK) {
                exit(4);
            }
            break;
        case LZ4_OURS:
            if (ppq_lz4_decompress(src, clen[i], dst, n, &got) != PPQ_OK) {
                exit(4);
            }
            break;
        default: {
            int r = LZ4_decompress_safe((const char *)src, (char *)dst, (int)clen[i], (int)n);
            got = r < 0 ? 0 : (size_t)r;
        }
        }
        if (got != n) {
            exit(4);
        }
        in += n;
    }
    if (verify && memcmp(dbuf, d->data, d->len) != 0) {
        fprintf(stderr, "bench_lz: round trip differs\n");
        exit(4);
    }
}

/* MB/s of one round of at least ~25 ms. */
static double round_mbs(int who, const lzd_set_t *d, int compress)
{
    double t0 = bench_now(), t;
    unsigned reps = 0;
    do {
        if (compress) {
            (void)compress_all(who, d);
        } else {
            decompress_all(who, d, 0);
        }
        reps++;
        t = bench_now() - t0;
    } while (t < 0.025);
    return (double)d->len * reps / t / 1e6;
}

/* Best MB/s of `a` and of `b` over ROUNDS rounds taken in turn, so that
 * both see the same load on a shared machine. */
static void race(int a, int b, const lzd_set_t *d, int compress, double *ma, double *mb)
{
    int r;
    *ma = *mb = 0;
    for (r = 0; r < ROUNDS; r++) {
        double x = round_mbs(a, d, compress), y = round_mbs(b, d, compress);
        *ma = x > *ma ? x : *ma;
        *mb = y > *mb ? y : *mb;
    }
}

static const char *only; /* argv[1]: run only this codec or data set */

static void bench(const char *codec, int ours, int ref, const lzd_set_t *d)
{
    size_t our_bytes, ref_bytes;
    double oc, rc, od, rd;
    if (only != NULL && strcmp(only, codec) != 0 && strcmp(only, d->name) != 0) {
        return;
    }
    /* sizes, and each decompressor checked on the other's output; both
     * decompressors timed on our blocks */
    ref_bytes = compress_all(ref, d);
    decompress_all(ours, d, 1);
    our_bytes = compress_all(ours, d);
    decompress_all(ref, d, 1);
    decompress_all(ours, d, 1);
    race(ours, ref, d, 0, &od, &rd);
    race(ours, ref, d, 1, &oc, &rc);
    printf("{\"bench\": \"lz\", \"codec\": \"%s\", \"data\": \"%s\", \"input_bytes\": %zu, \"pages\": %zu, "
           "\"ours_bytes\": %zu, \"ref_bytes\": %zu, \"size_ratio\": %.4f, "
           "\"compress_mbs\": %.0f, \"ref_compress_mbs\": %.0f, \"compress_speed_ratio\": %.3f, "
           "\"decompress_mbs\": %.0f, \"ref_decompress_mbs\": %.0f, \"decompress_speed_ratio\": %.3f}\n",
           codec, d->name, d->len, d->npages, our_bytes, ref_bytes, (double)our_bytes / (double)ref_bytes, oc, rc,
           oc / rc, od, rd, od / rd);
    fflush(stdout);
}

static uint64_t arena_mem[1024 * 1024 / 8];

int main(int argc, char **argv)
{
    static lzd_set_t sensor, text, logger;
    size_t i, n = 8u << 20;
    only = argc > 1 ? argv[1] : NULL;
    if (!lzd_bench_sets(&sensor, &text, n)) {
        return 2;
    }
    {
        ppq_writer_options_t opts;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        logger_files_t one = {&sink, NULL, NULL};
        logger_counts_t counts;
        logger.name = "logger";
        logger.data = malloc(n);
        if (logger.data == NULL) {
            return 2;
        }
        logger_options(&opts, 0);
        ppq_sink_init_mem(&sink, &mem, logger.data, n);
        if (logger_run(logger_schema, &one, arena_mem, sizeof arena_mem, &opts, LOGGER_ROWS, &counts) != PPQ_OK) {
            return 2;
        }
        logger.len = mem.len;
        for (i = 0; i * 8192u < logger.len && i < LZD_MAX_PAGES; i++) {
            logger.pages[i] = logger.len - i * 8192u < 8192u ? logger.len - i * 8192u : 8192u;
        }
        logger.npages = i;
    }
    cbuf = malloc(n + n / 4 + 65536 * 16);
    dbuf = malloc(n);
    work = malloc(PPQ_LZ4_WORK_SIZE(16));
    if (!sensor.data || !text.data || !cbuf || !dbuf || !work) {
        return 2;
    }
    bench("snappy", SNAPPY_OURS, SNAPPY_REF, &sensor);
    bench("snappy", SNAPPY_OURS, SNAPPY_REF, &text);
    bench("lz4_raw", LZ4_OURS, LZ4_REF, &sensor);
    bench("lz4_raw", LZ4_OURS, LZ4_REF, &text);
    bench("snappy", SNAPPY_OURS, SNAPPY_REF, &logger);
    bench("lz4_raw", LZ4_OURS, LZ4_REF, &logger);
    free(sensor.data);
    free(text.data);
    free(logger.data);
    free(cbuf);
    free(dbuf);
    free(work);
    return 0;
}
