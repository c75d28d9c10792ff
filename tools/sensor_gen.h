/*
 * Realistic sensor-log rows for benches and tests (issue 12): what a logger
 * really records, not white noise.  Readings arrive quantized, as an ADC or
 * a digital sensor gives them:
 *   ts           INT64 TIMESTAMP(MICROS): 1 Hz, optionally a few ms of jitter
 *   temperature  FLOAT: a random walk pulled to its mean, rounded to 0.01
 *   humidity     FLOAT: the same, rounded to 0.01 (or 0.1 for coarse sensors)
 *   pressure     DOUBLE: a random walk in hPa rounded to 0.01, ~1% nulls
 *   battery_mv   INT32: a slowly falling charge plus a few mV of noise
 *   door_open    BOOLEAN: true ~2% of rows, in bursts
 *   status       STRING: "ok" nearly always, now and then a warning
 * The parameters (steps, means, jitter, quantum) come from the seed, so no
 * one seed's data is what the code is tuned to; sensor_gen_widen() makes
 * noisier walks.  Header-only, C99, no libm, no libc: it runs on the boards
 * too (the benches generate outside the measured region).
 */
#ifndef PPQ_SENSOR_GEN_H
#define PPQ_SENSOR_GEN_H

#include <stdint.h>

#include "ppq_core.h"

#define SENSOR_COLUMNS 7u

typedef struct sensor_gen {
    uint64_t state;       /* xorshift64* */
    uint32_t i;           /* rows so far */
    int64_t ts0;          /* first timestamp, microseconds */
    int32_t jitter_us;    /* 0, or the largest timestamp jitter */
    int32_t t_step, h_step, p_step; /* largest step of each walk, in quanta */
    int32_t h_quantum;    /* humidity quantum in hundredths: 1 or 10 */
    int32_t t_q, h_q;     /* walks in hundredths of a degree / percent */
    int32_t p_q;          /* pressure in hundredths of a hPa */
    int32_t t_mean, h_mean;
    int32_t p_mean;
    int32_t battery_uv;   /* microvolts: the charge falls by a few uV a row */
    int32_t drain_every;  /* rows per microvolt of drain */
    uint8_t door;         /* in a burst */
    uint32_t status_left; /* rows the current warning lasts */
} sensor_gen_t;

/* The table's schema, every column AUTO: an initializer for a
 * ppq_column_t[SENSOR_COLUMNS] (a macro, so a file that includes this
 * header without writing the table carries no unused array). */
#define SENSOR_SCHEMA_AUTO                                                                                   \
    {                                                                                                        \
        {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_AUTO},   \
        {"temperature", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}, \
        {"humidity", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},    \
        {"pressure", PPQ_DOUBLE, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},   \
        {"battery_mv", PPQ_INT32, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},  \
        {"door_open", PPQ_BOOLEAN, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}, \
        {"status", PPQ_BYTE_ARRAY, 0, 0, {PPQ_LOGICAL_STRING, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO}, \
    }

typedef struct sensor_row {
    int64_t ts;
    float temperature, humidity;
    double pressure;
    uint8_t pressure_valid;
    int32_t battery_mv;
    uint8_t door_open;
    ppq_bytes_t status;   /* a NUL-terminated string (len without the NUL) */
} sensor_row_t;

static inline uint32_t sensor_rand(sensor_gen_t *g)
{
    uint64_t x = g->state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    g->state = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1DULL) >> 32);
}

/* A uniform integer in -k..k. */
static inline int32_t sensor_step(sensor_gen_t *g, int32_t k)
{
    return (int32_t)(sensor_rand(g) % (uint32_t)(2 * k + 1)) - k;
}

static inline void sensor_gen_init(sensor_gen_t *g, uint32_t seed)
{
    g->state = 0x9E3779B97F4A7C15ULL ^ ((uint64_t)seed * 0xD1B54A32D192ED03ULL);
    if (g->state == 0u) {
        g->state = 1u;
    }
    g->i = 0;
    g->ts0 = 1767225600000000LL + (int64_t)(sensor_rand(g) % 86400u) * 1000000LL;
    g->jitter_us = (seed % 3u) == 2u ? (int32_t)(sensor_rand(g) % 5000u) : 0; /* some loggers jitter */
    g->t_step = 1 + (int32_t)(sensor_rand(g) % 3u);
    g->h_step = 1 + (int32_t)(sensor_rand(g) % 4u);
    g->p_step = 1 + (int32_t)(sensor_rand(g) % 3u);
    g->h_quantum = (seed % 4u) == 3u ? 10 : 1;
    g->t_mean = 1500 + (int32_t)(sensor_rand(g) % 1500u);  /* 15..30 C */
    g->h_mean = 10 * (300 + (int32_t)(sensor_rand(g) % 400u)); /* 30..70 %, on the coarse grid too */
    g->p_mean = 98000 + (int32_t)(sensor_rand(g) % 5000u); /* 980..1030 hPa */
    g->t_q = g->t_mean;
    g->h_q = g->h_mean;
    g->p_q = g->p_mean;
    g->battery_uv = 4100000 - (int32_t)(sensor_rand(g) % 600000u);
    g->drain_every = 2 + (int32_t)(sensor_rand(g) % 30u);
    g->door = 0;
    g->status_left = 0;
}

/* Walks k times as wide: each walk's largest step k times the seed's
 * (k 1: the seed's own data, unchanged).  Call after sensor_gen_init. */
static inline void sensor_gen_widen(sensor_gen_t *g, int32_t k)
{
    g->t_step *= k;
    g->h_step *= k;
    g->p_step *= k;
}

/* Pull a walk one quantum towards its mean now and then (a bounded walk,
 * as a room's temperature is). */
static inline int32_t sensor_pull(sensor_gen_t *g, int32_t v, int32_t mean, int32_t range, int32_t quantum)
{
    int32_t d = v - mean;
    if ((int32_t)(sensor_rand(g) % (uint32_t)range) < (d < 0 ? -d : d)) {
        v += d > 0 ? -quantum : quantum;
    }
    return v;
}

static inline void sensor_gen_next(sensor_gen_t *g, sensor_row_t *r)
{
    static const char *const warnings[] = {"warming", "calibrating", "low-battery", "sensor-retry"};
    uint32_t i = g->i++, u;
    int32_t noise;
    r->ts = g->ts0 + (int64_t)i * 1000000LL + (g->jitter_us ? (int64_t)(sensor_rand(g) % (uint32_t)g->jitter_us) : 0);
    /* walks in quanta: most readings change by a step of a few quanta */
    g->t_q = sensor_pull(g, g->t_q + sensor_step(g, g->t_step), g->t_mean, 400, 1);
    g->h_q = sensor_pull(g, g->h_q + g->h_quantum * sensor_step(g, g->h_step), g->h_mean, 1200 * g->h_quantum, g->h_quantum);
    g->p_q = sensor_pull(g, g->p_q + sensor_step(g, g->p_step), g->p_mean, 600, 1);
    r->temperature = (float)g->t_q / 100.0f;
    r->humidity = (float)g->h_q / 100.0f;
    r->pressure = (double)g->p_q / 100.0;
    r->pressure_valid = (uint8_t)(sensor_rand(g) % 100u != 0u); /* ~1% dropped readings */
    if (sensor_rand(g) % (uint32_t)g->drain_every == 0u) {
        g->battery_uv -= 1; /* a few mV a day */
    }
    if (g->battery_uv < 3000000) {
        g->battery_uv = 4150000; /* recharged */
    }
    noise = sensor_step(g, 3);
    r->battery_mv = g->battery_uv / 1000 + noise;
    /* door: opens ~0.1% of rows, stays open ~20 rows: ~2% of rows */
    u = sensor_rand(g);
    g->door = (uint8_t)(g->door ? (u % 20u) != 0u : (u % 1000u) < 1u);
    r->door_open = g->door;
    if (g->status_left > 0u) {
        g->status_left--;
    } else if (sensor_rand(g) % 5000u == 0u) {
        g->status_left = 1u + sensor_rand(g) % 120u;
    }
    r->status.ptr = (const uint8_t *)(g->status_left > 0u ? warnings[(i / 7u) % 4u] : "ok");
    r->status.len = 0;
    while (r->status.ptr[r->status.len] != '\0') {
        r->status.len++;
    }
}

#endif /* PPQ_SENSOR_GEN_H */
