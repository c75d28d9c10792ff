/*
 * BROTLI decompression beside Debian's libbrotli decoder (issue 28): the
 * sensor table's Parquet file (uncompressed pages) and text-like data,
 * each compressed by libbrotli at qualities 1, 5, 9 and 11 (lgwin 22),
 * decompressed whole by both; the median MB/s (of the uncompressed bytes)
 * of 5 rounds, one JSON object per line.  Host only.
 */
#define _POSIX_C_SOURCE 199309L
#include <brotli/decode.h>
#include <brotli/encode.h>

#include "bench_util.h"
#include "bench_data.h"
#include "ppq_brotli.h"

#define REPS 5
#define MIN_SECONDS 0.2

typedef struct job {
    const uint8_t *z;
    size_t zlen, n;
    uint8_t *out;
    void *work;
} job_t;

static void run_ppq(void *ctx)
{
    job_t *j = (job_t *)ctx;
    size_t got = 0;
    if (ppq_brotli_decompress(j->z, j->zlen, j->out, j->n, &got, j->work, PPQ_BROTLI_DEC_WORK_SIZE) != PPQ_OK ||
        got != j->n) {
        fprintf(stderr, "ppq decompress failed\n");
        exit(1);
    }
}

static void run_lib(void *ctx)
{
    job_t *j = (job_t *)ctx;
    size_t got = j->n;
    if (BrotliDecoderDecompress(j->zlen, j->z, &got, j->out) != BROTLI_DECODER_RESULT_SUCCESS || got != j->n) {
        fprintf(stderr, "libbrotli decompress failed\n");
        exit(1);
    }
}

int main(void)
{
    static const int qualities[] = {1, 5, 9, 11};
    size_t cap = 1u << 21, n[2], i, q;
    uint8_t *data[2], *z = malloc(cap + 1024u), *out = malloc(cap);
    void *work = malloc(PPQ_BROTLI_DEC_WORK_SIZE);
    const char *names[2] = {"sensor-parquet", "text"};
    data[0] = malloc(cap);
    data[1] = malloc(cap);
    n[0] = sensor_file(data[0], cap, 20000u);
    n[1] = text_data(data[1], 1u << 20);
    for (i = 0; i < 2; i++) {
        for (q = 0; q < sizeof qualities / sizeof qualities[0]; q++) {
            job_t j;
            double a[REPS], b[REPS];
            size_t zlen = cap + 1024u;
            int r;
            if (!BrotliEncoderCompress(qualities[q], 22, BROTLI_MODE_GENERIC, n[i], data[i], &zlen, z)) {
                fprintf(stderr, "libbrotli compress failed\n");
                return 1;
            }
            j.z = z, j.zlen = zlen, j.n = n[i], j.out = out, j.work = work;
            run_ppq(&j);
            if (memcmp(out, data[i], n[i]) != 0) {
                fprintf(stderr, "mismatch\n");
                return 1;
            }
            for (r = 0; r < REPS; r++) {
                a[r] = bench_rate(run_ppq, &j, (double)n[i], MIN_SECONDS) / 1e6;
                b[r] = bench_rate(run_lib, &j, (double)n[i], MIN_SECONDS) / 1e6;
            }
            qsort(a, REPS, sizeof a[0], bench_cmp_double);
            qsort(b, REPS, sizeof b[0], bench_cmp_double);
            printf("{\"bench\": \"brotli_decompress\", \"data\": \"%s\", \"quality\": %d, \"bytes\": %zu, "
                   "\"compressed\": %zu, \"ppq_mb_s\": %.1f, \"libbrotli_mb_s\": %.1f, \"ratio\": %.2f}\n",
                   names[i], qualities[q], n[i], zlen, a[REPS / 2], b[REPS / 2], a[REPS / 2] / b[REPS / 2]);
            fflush(stdout);
        }
    }
    free(z), free(out), free(work), free(data[0]), free(data[1]);
    return 0;
}
