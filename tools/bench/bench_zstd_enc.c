/*
 * ZSTD compression beside libzstd (host, single thread): one JSON object
 * per line.  Data (the same generators as bench_zstd_dec.c):
 *   - "sensor_pages": a sensor table (timestamps at 1 Hz, three random
 *     walks rounded to 0.01, a status code) written by picoparquet's
 *     writer (uncompressed, AUTO encodings), cut into 64 KiB pages;
 *   - "plain_sensor_pages": the same readings as PLAIN values would lie in
 *     pages (little-endian int64 timestamps, then float64 columns, then
 *     int32 status), 16 KiB pages;
 *   - "text_pages": text-like data in 64 KiB pages.
 * For each: levels -5, -1, 1, 3, 9 and 19, ppq's and libzstd's
 * (ZSTD_compressCCtx, no checksum), compressing every page; MB/s of input
 * (median of REPS runs of at least 20 ms, 3 from level 9 on, ppq and
 * libzstd by turns), the output bytes and the ratio (input / output).
 * Each ppq line also gives its size and speed against libzstd at the same
 * level ("size_vs_zstd": our bytes / theirs; "speed_vs_zstd": median of
 * the per-run speed ratios).  Not a test: nothing here fails
 * (every page is checked to decompress with libzstd first).
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

#define REPS 7
#define MIN_SECONDS 0.020
#define MAXPAGES 1024

/* The sensor readings as PLAIN column pages would hold them. */
static size_t plain_sensor(uint8_t *buf, uint32_t rows)
{
    double t = 21.0, h = 45.0, p = 1013.0;
    size_t o = 0, col = (size_t)rows * 8u;
    uint32_t r;
    for (r = 0; r < rows; r++) {
        double v[3];
        uint64_t u;
        int k;
        t += walk_step();
        h += walk_step();
        p += walk_step();
        v[0] = round2(t);
        v[1] = round2(h);
        v[2] = round2(p);
        ppq_store_le64(buf + (size_t)r * 8u, (uint64_t)(1700000000000ll + (int64_t)r * 1000));
        for (k = 0; k < 3; k++) {
            memcpy(&u, &v[k], 8);
            ppq_store_le64(buf + col * (size_t)(k + 1) + (size_t)r * 8u, u);
        }
        ppq_store_le32(buf + col * 4u + (size_t)r * 4u, next_rand() % 100u == 0 ? 2u : 0u);
        o = col * 4u + (size_t)(r + 1u) * 4u;
    }
    return o;
}

typedef struct pages {
    size_t n, page;
    const uint8_t *raw[MAXPAGES];
    size_t raw_len[MAXPAGES];
    uint8_t *out;
    size_t out_cap, out_total;
    void *work;
    size_t work_len;
    int level; /* ppq level, or libzstd level when lib */
    ZSTD_CCtx *cctx;
} pages_t;

static void run_ppq(void *ctx)
{
    pages_t *p = ctx;
    size_t i, got, total = 0;
    for (i = 0; i < p->n; i++) {
        if (ppq_zstd_compress(p->raw[i], p->raw_len[i], p->out, p->out_cap, &got, p->level, p->work, p->work_len) !=
            PPQ_OK) {
            fprintf(stderr, "ppq compress failed\n");
            exit(1);
        }
        total += got;
    }
    p->out_total = total;
}

static void run_lib(void *ctx)
{
    pages_t *p = ctx;
    size_t i, total = 0;
    for (i = 0; i < p->n; i++) {
        size_t r = ZSTD_compressCCtx(p->cctx, p->out, p->out_cap, p->raw[i], p->raw_len[i], p->level);
        if (ZSTD_isError(r)) {
            fprintf(stderr, "libzstd compress failed\n");
            exit(1);
        }
        total += r;
    }
    p->out_total = total;
}


/* Every page of ours must come back through libzstd. */
static void check(pages_t *p)
{
    size_t i, got;
    uint8_t *back = malloc(p->page);
    for (i = 0; i < p->n; i++) {
        size_t r;
        if (ppq_zstd_compress(p->raw[i], p->raw_len[i], p->out, p->out_cap, &got, p->level, p->work, p->work_len) !=
            PPQ_OK) {
            fprintf(stderr, "ppq compress failed\n");
            exit(1);
        }
        r = ZSTD_decompress(back, p->page, p->out, got);
        if (ZSTD_isError(r) || r != p->raw_len[i] || memcmp(back, p->raw[i], r) != 0) {
            fprintf(stderr, "libzstd does not read our page %zu back\n", i);
            exit(1);
        }
    }
    free(back);
}

static void bench(const char *name, const uint8_t *data, size_t len, size_t page)
{
    static const int lv[] = {-5, -1, 1, 3, 9, 19};
    pages_t p, q;
    size_t i;
    double a[REPS], b[REPS], s[REPS];
    int r, k;
    memset(&p, 0, sizeof p);
    p.page = page;
    for (i = 0; i < len && p.n < MAXPAGES; i += page) {
        p.raw[p.n] = data + i;
        p.raw_len[p.n] = len - i < page ? len - i : page;
        p.n++;
    }
    len = 0;
    for (i = 0; i < p.n; i++) {
        len += p.raw_len[i];
    }
    p.out_cap = ZSTD_compressBound(page) + ppq_zstd_compress_bound(page);
    p.out = malloc(p.out_cap);
    p.work_len = ppq_zstd_enc_work_size(PPQ_ZSTD_LEVEL_MAX, page);
    p.work = malloc(p.work_len);
    p.cctx = ZSTD_createCCtx();
    q = p;
    /* each level: ours and libzstd's at the same level, by turns (the
     * slow levels fewer rounds) */
    for (k = 0; k < (int)(sizeof lv / sizeof lv[0]); k++) {
        int reps = lv[k] >= 9 ? 3 : REPS;
        size_t zbytes;
        p.level = lv[k];
        q.level = lv[k];
        check(&p);
        run_ppq(&p);
        run_lib(&q);
        zbytes = q.out_total;
        for (r = 0; r < reps; r++) {
            a[r] = bench_rate(run_ppq, &p, (double)len, MIN_SECONDS) / 1e6;
            b[r] = bench_rate(run_lib, &q, (double)len, MIN_SECONDS) / 1e6;
            s[r] = a[r] / b[r];
        }
        qsort(a, (size_t)reps, sizeof a[0], bench_cmp_double);
        qsort(b, (size_t)reps, sizeof b[0], bench_cmp_double);
        qsort(s, (size_t)reps, sizeof s[0], bench_cmp_double);
        printf("{\"bench\": \"zstd_compress\", \"data\": \"%s\", \"impl\": \"ppq\", \"level\": %d, \"pages\": %zu, "
               "\"bytes\": %zu, \"out\": %zu, \"ratio\": %.3f, \"MBps\": %.1f, \"size_vs_zstd\": %.3f, "
               "\"speed_vs_zstd\": %.3f, \"work_bytes\": %zu}\n",
               name, p.level, p.n, len, p.out_total, (double)len / (double)p.out_total, a[reps / 2],
               (double)p.out_total / (double)zbytes, s[reps / 2], ppq_zstd_enc_work_size(p.level, page));
        printf("{\"bench\": \"zstd_compress\", \"data\": \"%s\", \"impl\": \"libzstd\", \"level\": %d, \"pages\": %zu, "
               "\"bytes\": %zu, \"out\": %zu, \"ratio\": %.3f, \"MBps\": %.1f}\n",
               name, q.level, p.n, len, zbytes, (double)len / (double)zbytes, b[reps / 2]);
        fflush(stdout);
    }
    free(p.out);
    free(p.work);
    ZSTD_freeCCtx(p.cctx);
}

int main(void)
{
    size_t cap = 16u * 1024u * 1024u, n;
    uint8_t *buf = malloc(cap);
    n = sensor_file(buf, cap, 60000u);
    bench("sensor_pages", buf, n, 64u * 1024u);
    n = plain_sensor(buf, 60000u);
    bench("plain_sensor_pages", buf, n, 16u * 1024u);
    n = text_data(buf, 4u * 1024u * 1024u);
    bench("text_pages", buf, n, 64u * 1024u);
    free(buf);
    return 0;
}
