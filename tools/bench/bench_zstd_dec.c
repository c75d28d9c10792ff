/*
 * ZSTD decompression beside libzstd (host, single thread): one JSON object
 * per line.  Data:
 *   - "sensor_pages": a sensor table (timestamps at 1 Hz, three random
 *     walks rounded to 0.01: temperature, humidity, pressure; a status
 *     code) written by picoparquet's writer (uncompressed, AUTO
 *     encodings), its bytes cut into 64 KiB pages;
 *   - "text_pages": text-like data (words with a skewed distribution,
 *     numbers, punctuation) in 64 KiB pages.
 * Each page compressed by libzstd at levels 1, 3, 9, 19 (checksums on, as
 * the zstd CLI writes them), then all pages decompressed by ppq and by
 * libzstd (ZSTD_decompressDCtx) by turns; MB/s of output, medians of 9
 * runs of at least 20 ms each, and the median of the 9 ratios.  Not a test: nothing here fails.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "picoparquet.h"
#include "ppq_zstd.h"
#include "bench_util.h"
#include "bench_data.h"

#define PAGE (64u * 1024u)
#define REPS 9
#define MIN_SECONDS 0.020

typedef struct pages {
    size_t n;
    const uint8_t *raw[512];
    size_t raw_len[512];
    uint8_t *zst[512];
    size_t zst_len[512];
    uint8_t *out;
    void *work;
    ZSTD_DCtx *dctx;
} pages_t;

static volatile size_t sink_total;

static void run_ppq(void *ctx)
{
    pages_t *p = ctx;
    size_t i, got, total = 0;
    for (i = 0; i < p->n; i++) {
        if (ppq_zstd_decompress(p->zst[i], p->zst_len[i], p->out, p->raw_len[i], &got, p->work,
                                PPQ_ZSTD_DEC_WORK_SIZE) != PPQ_OK) {
            fprintf(stderr, "ppq decompress failed\n");
            exit(1);
        }
        total += got;
    }
    sink_total = total;
}

static void run_lib(void *ctx)
{
    pages_t *p = ctx;
    size_t i, total = 0;
    for (i = 0; i < p->n; i++) {
        size_t r = ZSTD_decompressDCtx(p->dctx, p->out, p->raw_len[i], p->zst[i], p->zst_len[i]);
        if (ZSTD_isError(r)) {
            fprintf(stderr, "libzstd decompress failed\n");
            exit(1);
        }
        total += r;
    }
    sink_total = total;
}


/* ppq and libzstd by turns (the machine is shared: a slow spell hits
 * both), medians of REPS runs each and of the REPS ratios. */
static void measure(pages_t *p, double bytes, double *ours, double *lib, double *ratio)
{
    double a[REPS], b[REPS], q[REPS];
    int r;
    run_ppq(p);
    run_lib(p);
    for (r = 0; r < REPS; r++) {
        a[r] = bench_rate(run_ppq, p, bytes, MIN_SECONDS) / 1e6;
        b[r] = bench_rate(run_lib, p, bytes, MIN_SECONDS) / 1e6;
        q[r] = a[r] / b[r];
    }
    qsort(a, REPS, sizeof a[0], bench_cmp_double);
    qsort(b, REPS, sizeof b[0], bench_cmp_double);
    qsort(q, REPS, sizeof q[0], bench_cmp_double);
    *ours = a[REPS / 2];
    *lib = b[REPS / 2];
    *ratio = q[REPS / 2];
}

static void bench(const char *name, const uint8_t *data, size_t len)
{
    static const int levels[] = {1, 3, 9, 19};
    pages_t p;
    unsigned li;
    size_t i;
    memset(&p, 0, sizeof p);
    for (i = 0; i < len && p.n < 512; i += PAGE) {
        p.raw[p.n] = data + i;
        p.raw_len[p.n] = len - i < PAGE ? len - i : PAGE;
        p.zst[p.n] = malloc(ZSTD_compressBound(PAGE));
        p.n++;
    }
    p.out = malloc(PAGE);
    p.work = malloc(PPQ_ZSTD_DEC_WORK_SIZE);
    p.dctx = ZSTD_createDCtx();
    for (li = 0; li < sizeof levels / sizeof levels[0]; li++) {
        ZSTD_CCtx *cc = ZSTD_createCCtx();
        size_t zbytes = 0, raw = 0;
        double ours, lib, ratio;
        ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, levels[li]);
        ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, 1);
        for (i = 0; i < p.n; i++) {
            p.zst_len[i] = ZSTD_compress2(cc, p.zst[i], ZSTD_compressBound(PAGE), p.raw[i], p.raw_len[i]);
            zbytes += p.zst_len[i];
            raw += p.raw_len[i];
        }
        ZSTD_freeCCtx(cc);
        /* correctness first */
        for (i = 0; i < p.n; i++) {
            size_t got;
            if (ppq_zstd_decompress(p.zst[i], p.zst_len[i], p.out, p.raw_len[i], &got, p.work,
                                    PPQ_ZSTD_DEC_WORK_SIZE) != PPQ_OK ||
                got != p.raw_len[i] || memcmp(p.out, p.raw[i], got) != 0) {
                fprintf(stderr, "mismatch\n");
                exit(1);
            }
        }
        measure(&p, (double)raw, &ours, &lib, &ratio);
        printf("{\"bench\": \"zstd_decompress\", \"data\": \"%s\", \"level\": %d, \"pages\": %zu, \"bytes\": %zu, "
               "\"ratio\": %.3f, \"ppq_MBps\": %.1f, \"libzstd_MBps\": %.1f, \"vs_libzstd\": %.3f}\n",
               name, levels[li], p.n, raw, (double)raw / (double)zbytes, ours, lib, ratio);
        fflush(stdout);
    }
    for (i = 0; i < p.n; i++) {
        free(p.zst[i]);
    }
    free(p.out);
    free(p.work);
    ZSTD_freeDCtx(p.dctx);
}

int main(void)
{
    size_t cap = 32u * 1024u * 1024u, n;
    uint8_t *buf = malloc(cap);
    n = sensor_file(buf, cap, 90000u);
    bench("sensor_pages", buf, n);
    n = text_data(buf, 8u * 1024u * 1024u);
    bench("text_pages", buf, n);
    free(buf);
    return 0;
}
