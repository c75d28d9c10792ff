/*
 * What every host bench needs: a monotonic clock, a timed rate, a median's
 * comparison and
 * a FILE * sink.  The including file defines _POSIX_C_SOURCE (199309L or
 * later) before any system header, for CLOCK_MONOTONIC.
 */
#ifndef PPQ_BENCH_UTIL_H
#define PPQ_BENCH_UTIL_H

#include <stdio.h>
#include <time.h>

#include "ppq_core.h"

/* Seconds on the monotonic clock. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Items per second of fn(ctx), which does `items` items a call: the calls
 * repeat for at least min_seconds. */
static inline double bench_rate(void (*fn)(void *), void *ctx, double items, double min_seconds)
{
    double t0 = bench_now(), t;
    long calls = 0;
    do {
        fn(ctx);
        calls++;
        t = bench_now() - t0;
    } while (t < min_seconds);
    return items * (double)calls / t;
}

/* qsort comparison of doubles, for medians. */
static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A ppq_sink_t write callback into the FILE * in ctx. */
static inline ppq_status_t bench_file_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

#endif /* PPQ_BENCH_UTIL_H */
