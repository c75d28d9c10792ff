/*
 * The writer's configuration sweep (issue 27): generated tables written
 * under a grid of options and data shapes through the public API only
 * (picoparquet.h), each write checked:
 *
 *   - it completes, or stops only with a documented status (PPQ_ERR_NOSPACE
 *     from a full footer store without a spill) and loses nothing committed:
 *     the file, closed after the stop, holds exactly the rows the writer
 *     counted, and at least those whose calls returned PPQ_OK;
 *   - the file reads back value for value with the library's reader;
 *   - each AUTO column chunk is at most 1.05x the smallest chunk among the
 *     fixed encodings its type allows, the same table written once per
 *     fixed encoding with the same options (chunk sizes from the footer).
 *
 * A JSON line per failing check, then a summary (cases, failures by kind
 * with an example each, the worst AUTO ratios by data shape and by option,
 * rows per file when a small arena without a spill fills).  Exit status 1
 * on a failure only with --strict (--strict-correct: on any but the AUTO
 * ratios, as make check runs it).  SWEEP_FULL=1 (or --full) runs more
 * cases.  --out DIR writes a sample of the files there, each with a .json
 * of its expected values (test/interop/sweep_check.mjs reads them).
 *
 * The data generators are this file's own (not tools/sensor_gen.h): the
 * point is data the project's generator does not make.  gen_table makes
 * the first seven tables (walks, noise, constants, nulls, timestamps,
 * strings); gen_field, with other seeds, the field tables: what a firmware
 * engineer logs (12-bit ADC readings, a daily cycle, counters with resets,
 * regime changes, wide walks, setpoints, rare alarms, bursts of nulls,
 * UUIDs, log lines); gen_imu the imu and gps tables of an IMU/GPS logger
 * (a 10 ms timestamp, accelerometer and gyro axes, GPS positions as DOUBLE
 * and as 1e-7-degree INT32 that move slowly or stand, held between fixes
 * in the 100 Hz stream, a stepping battery voltage, a Zipf-like state
 * name, hashed event ids, a 16-byte FIXED_LEN_BYTE_ARRAY device id, a
 * heading that wraps and goes null for long stretches, a rare fix flag),
 * its columns sharing one schedule of moving and standing.  gen_iot, the
 * fourth, the iot, events, shift and daq64 tables (appended: the earlier
 * case numbers stay): quantised floats with float rounding, a float total,
 * ns timestamps in bursts, ms timestamps with gaps, duplicates and steps
 * back, 16- and 32-bit counters that wrap (a uint32 in INT32 crosses its
 * sign), decimal prices, UUIDv7 and hex trace ids, an enum's long tail,
 * JSON payloads, 95% nulls, rare and toggling booleans, columns that change
 * mid-file (constant then noise, noise then constant, runs then unique) and
 * 66 columns of a DAQ board; each 1/4 of --cases.  The field
 * tables take 3/4 of --cases in the default grid, imu and gps 1/2 (all six
 * times as many with SWEEP_FULL=1); in an arena without a spill the
 * sensor, imu and gps tables run to 20,000 rows to see where a file fills.
 *
 *   sweep [--strict | --strict-correct] [--full] [--out DIR] [--cases N] [--only ID] [--verbose]
 * (--verbose: also every AUTO chunk over 1.05x, to stderr)
 *
 * The random mode, `sweep --random N [--seed S] [--only K]` (make
 * sweep-random), runs no grid: N cases, each drawn from (S, K) alone, so
 * that --only K reruns case K exactly whatever N.  Each a table of its own:
 * 1..8 columns, each a (shape, type) the generators make (rshapes[]: the
 * grid's shapes and gen_more's saw-tooth, quantised sine, gaussian, spikes,
 * steps, hashed ids, prices and 99% nulls), OPTIONAL 1 in 3 (with or
 * without bursts of nulls), 50..30,000 rows (log-uniform); and options drawn
 * wide: 6 in 10 manual (dictionaries of 1..16,384 entries and 0 or 64 B..256
 * KiB, pages of 0 or 8..65,536 values and 0 or 128 B..1 MiB, row groups of
 * 0 or up to 200,000 rows and 0 or 256 B..4 MiB, chunk_bytes, footer_bytes 0,
 * 1 or 64 B..1 MiB, the compact layout 1 in 4), 3 by
 * ppq_writer_options_for_arena (4..256 KiB), 1 opts NULL; a footer spill 2
 * in 5; every codec built at a level it has (ZSTD -5..22; 1 in 30 a level
 * it has not), v1/v2, statistics, CRC, recovery, page index, bloom filters;
 * the batch, setter and record APIs.  Each case is written and compared as
 * the grid's; an init refusal the headers document (a codec's level, the
 * compact layout with a codec, v2 pages or recovery, a compact store over
 * 65535 bytes) is counted, not a failure; a footer store that fills without
 * a spill is counted (files_full).  Lines name the case "random seed=S
 * case=K"; the JSON line ("writer_sweep_random") also counts the chunks over
 * 1.05x by layout, by sizing and by whether their best fixed encoding is
 * one every reader reads.  A crash (or SIGTERM, a timeout) prints "signal N:
 * CRASH random seed=S case=K" to stderr.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

/* The reference writes (one fixed encoding per column) end their row
 * groups where the AUTO file's ended (rows from each start), so that each
 * chunk holds the same values: cut_rows[0..ncuts). */
static const int64_t *cut_rows;
static uint32_t ncuts;

/* ---- a seeded generator (splitmix64) ------------------------------------ */

typedef struct rng {
    uint64_t s;
} rng_t;

static uint64_t rnext(rng_t *g)
{
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint32_t rbelow(rng_t *g, uint32_t n)
{
    return (uint32_t)((rnext(g) >> 32) % n);
}

static double runit(rng_t *g)
{
    return (double)(rnext(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* ---- data shapes and tables --------------------------------------------- */

enum shape {
    SH_WALK,        /* random walk, steps of -0.01, 0, +0.01 (integers: -1..1) */
    SH_WALK3,       /* three times wider: steps of -0.03..0.03 (integers: -3..3) */
    SH_NOISE,       /* white noise: random bits / uniform values / random bytes */
    SH_CONST,       /* one value */
    SH_NULL,        /* every row null */
    SH_TS_SORTED,   /* timestamps 1 s apart (ms, jittered), ascending */
    SH_TS_SHUFFLED, /* the same, shuffled */
    SH_RUNS,        /* booleans in long runs (a door) */
    SH_FEW,         /* a few strings (a status) */
    SH_HICARD,      /* a distinct string per row, shared prefixes */
    SH_LONG,        /* long strings, 100..1500 bytes */
    /* the second generator's (gen_field): what a firmware engineer logs */
    SH_ADC,         /* 12-bit ADC readings: a slow drift plus +-2 LSB of noise */
    SH_PERIODIC,    /* a daily temperature cycle (2,880 rows): a sine plus small noise */
    SH_COUNTER,     /* a monotonic counter, irregular increments, an occasional reset to 0 */
    SH_REGIME,      /* regimes of 300..3,000 rows: a constant, then noise, then a walk */
    SH_WALK6,       /* a walk of steps -0.06..0.06 in 0.01 (integers: -6..6) */
    SH_SETPOINT,    /* a setpoint: one of a few values, rarely changing */
    SH_ALARM,       /* booleans rarely true, in runs of 1..5 */
    SH_UUID,        /* 36-character hex UUIDs */
    SH_LOGLINE,     /* log lines, long shared prefixes (a timestamp, a module) */
    /* the third generator's (gen_imu): an IMU/GPS logger; the columns share
     * a schedule of moving (300..3,300 rows) and standing (200..5,200) */
    SH_MS10,        /* a millisecond timestamp, 10 ms +-1 apart (a 100 Hz loop) */
    SH_GRAVITY,     /* a 12-bit accelerometer axis under gravity: 1024 +-8, +-150 moving */
    SH_GYRO,        /* a gyro axis: noise around 0, +-6 standing, a turn rate +-250 moving */
    SH_BATT,        /* a battery voltage, 3 decimals, down 0.001 V every 40..120 rows, +-0.002 noise */
    SH_ZIPF,        /* a state name, 12 values Zipf-like ("IDLE" 64%), half the rows repeat the last */
    SH_HASH,        /* an event id: a random 64-bit hash, held for 1..16 rows */
    SH_DEVID,       /* a device id, the same 16 bytes on every row (FIXED_LEN_BYTE_ARRAY) */
    SH_LAT,         /* a GPS latitude, 7 decimals (INT32: 1e-7 degrees), moving <= 2e-5 deg a row,
                     * jitter of +-3e-7 standing; not optional with `bursts`: held 10 rows (10 Hz in 100 Hz) */
    SH_LON,         /* the same for a longitude (8.54 degrees) */
    SH_ALT,         /* a GPS altitude, 1 decimal, a walk of +-0.3 m moving, +-0.1 standing */
    SH_SPEED,       /* a speed, 2 decimals, 0.0 standing, a walk in 0..30 m/s moving */
    SH_HEADING,     /* a compass heading, 1 decimal, wrapping at 360 (optional: off 500..5,000 rows) */
    SH_FIX,         /* a GPS fix flag: true, lost for 20..400 rows about every 3,000 */
    SH_SATS,        /* satellites in view, 4..14, +-1 about every 200 rows */
    /* the fourth generator's (gen_iot): an IoT gateway's and a data engineer's
     * columns, and columns that change their nature mid-file */
    SH_Q01,         /* FLOAT: a reading in 0.1 steps, raw * 0.1f (float rounding), drift +-3 LSB noise */
    SH_Q25,         /* a reading in 0.25 steps (a 10-bit sensor), a walk with holds, 85.0 glitches */
    SH_ACCUM,       /* a float total (rain gauge), += 0.2f per tip while raining, held dry */
    SH_NS_BURST,    /* INT64 ns timestamps: bursts of 8..64 at 1 ms +-50 us, gaps of 1..60 s */
    SH_MS_GAPS,     /* INT64 ms timestamps: 1 s +-2, offline gaps of 10 min..6 h, duplicates, NTP steps back */
    SH_WRAP16,      /* a 16-bit frame counter, +1..40 a row, wrapping at 65536 */
    SH_WRAP32,      /* a 32-bit byte counter, +0..2e6 a row, wrapping at 2^32 (INT32: its bits), reboots */
    SH_PRICE,       /* a decimal price (INT32 cents, INT64 1e-4), Zipf-like over 300 list prices */
    SH_UUID7,       /* UUIDv7 text: a ms timestamp prefix rising, then random hex */
    SH_HEX,         /* a 32-hex trace id, held 1..8 rows (a request's log lines) */
    SH_ENUM,        /* short enum strings, 95% of 8 words, 5% a long tail "E_%04X" */
    SH_JSON,        /* JSON payloads, a shared key order, device ids, rising seq, readings */
    SH_SPARSE,      /* 95% null (always optional), values noise-like */
    SH_RAREBOOL,    /* booleans true 1 row in 100, singletons */
    SH_TOGGLE,      /* booleans toggling every row (a heartbeat), a stutter 1 in 500 */
    SH_CONST_NOISE, /* a constant for 1,000 rows (a sensor not yet plugged), then noise */
    SH_RUNS_UNIQ,   /* held 100..400 rows for the first half (session ids), then a new value each row */
    SH_NOISE_CONST, /* noise for 1,000 rows, then a constant (a sensor unplugged) */
    SH_CHAN,        /* FLOAT DAQ channel, raw * 3.3/4096: 1 in 3 active (a drifting signal), the rest idle +-1 LSB */
    SH_STATUS,      /* INT32 status bits, one bit flips about every 300 rows */
    /* the random mode's own (gen_more, --random: not in the grid's tables),
     * each column's parameters drawn from its generator */
    SH_SAW,         /* a saw-tooth: period 100..5,000 rows, step 1..13 (floats: times 1, 0.5, 0.25, 0.1 or 0.01) */
    SH_QSINE,       /* a sine quantised to 8..64 levels, period 50..2,000 rows */
    SH_GAUSS,       /* gaussian noise rounded to 2 decimals (integers: in hundredths) */
    SH_SPIKES,      /* a constant with rare huge outliers (1 row in 50..5,000) */
    SH_STEP,        /* a step function: a new level every 10..1,000 rows */
    SH_HASHID,      /* 64-bit hashes of an id from a pool of 10..100,000, held 1..200 rows */
    SH_PRICE2,      /* prices with 2 decimals drawn from 10,000 values (uniform or skewed) */
    SH_NULL99,      /* 99% null (always optional), the values a walk */
    SH_COUNT
};
static const char *const shape_name[SH_COUNT] = {"walk", "walk3", "noise", "const", "null", "ts_sorted",
                                                 "ts_shuffled", "runs", "few", "hicard", "long", "adc",
                                                 "periodic", "counter", "regime", "walk6", "setpoint", "alarm",
                                                 "uuid", "logline", "ms10", "gravity", "gyro", "batt", "zipf",
                                                 "hash", "devid", "lat", "lon", "alt", "speed", "heading", "fix",
                                                 "sats", "q01", "q25", "accum", "ns_burst", "ms_gaps", "wrap16", "wrap32", "price", "uuid7",
                                                 "hex", "enum", "json", "sparse", "rarebool", "toggle", "const_noise",
                                                 "runs_uniq", "noise_const", "chan", "status",
                                                 "saw", "qsine", "gauss", "spikes", "step", "hashid", "price2",
                                                 "null99"};
/* FIXED_LEN_BYTE_ARRAY columns are this long */
#define FLBA_LEN 16u

typedef struct colspec {
    const char *name;
    ppq_type_t type;
    uint8_t optional;
    int shape;
    uint8_t bursts; /* optional: null in runs of 50..500 rows, present between (else 1 row in 10);
                     * SH_HEADING: off 500..5,000 rows; SH_LAT/SH_LON not optional: held 10 rows */
} colspec_t;

typedef struct tablespec {
    const char *name;
    const colspec_t *cols;
    uint32_t ncols;
    uint32_t rows;
    uint64_t seed;  /* the generator's seed (0: the table's index + 1) */
    uint32_t share; /* its cases in the default grid: share/4 of --cases (0: all) */
} tablespec_t;

static const colspec_t t_sensor[] = {
    {"ts", PPQ_INT64, 0, SH_TS_SORTED, 0},  {"temp", PPQ_FLOAT, 0, SH_WALK, 0},  {"press", PPQ_FLOAT, 0, SH_WALK, 0},
    {"hum", PPQ_DOUBLE, 1, SH_WALK, 0},     {"batt", PPQ_INT32, 0, SH_WALK, 0},  {"door", PPQ_BOOLEAN, 0, SH_RUNS, 0},
    {"status", PPQ_BYTE_ARRAY, 1, SH_FEW, 0},
};
static const colspec_t t_wide[] = {
    {"ts", PPQ_INT64, 0, SH_TS_SORTED, 0},  {"temp", PPQ_FLOAT, 0, SH_WALK3, 0}, {"press", PPQ_FLOAT, 0, SH_WALK3, 0},
    {"hum", PPQ_DOUBLE, 1, SH_WALK3, 0},    {"batt", PPQ_INT32, 0, SH_WALK3, 0}, {"door", PPQ_BOOLEAN, 0, SH_RUNS, 0},
    {"status", PPQ_BYTE_ARRAY, 1, SH_FEW, 0},
};
static const colspec_t t_noise[] = {
    {"i32", PPQ_INT32, 0, SH_NOISE, 0}, {"i64", PPQ_INT64, 1, SH_NOISE, 0},          {"f", PPQ_FLOAT, 0, SH_NOISE, 0},
    {"d", PPQ_DOUBLE, 0, SH_NOISE, 0},  {"s", PPQ_BYTE_ARRAY, 0, SH_NOISE, 0},       {"b", PPQ_BOOLEAN, 0, SH_NOISE, 0},
    {"code", PPQ_INT32, 0, SH_FEW, 0},
};
static const colspec_t t_const[] = {
    {"i32", PPQ_INT32, 0, SH_CONST, 0}, {"i64", PPQ_INT64, 1, SH_CONST, 0},          {"f", PPQ_FLOAT, 0, SH_CONST, 0},
    {"d", PPQ_DOUBLE, 1, SH_CONST, 0},  {"s", PPQ_BYTE_ARRAY, 0, SH_CONST, 0},       {"b", PPQ_BOOLEAN, 0, SH_CONST, 0},
};
static const colspec_t t_nulls[] = {
    {"id", PPQ_INT32, 0, SH_TS_SORTED, 0}, {"i32", PPQ_INT32, 1, SH_NULL, 0},   {"i64", PPQ_INT64, 1, SH_NULL, 0},
    {"f", PPQ_FLOAT, 1, SH_NULL, 0},       {"d", PPQ_DOUBLE, 1, SH_NULL, 0},    {"s", PPQ_BYTE_ARRAY, 1, SH_NULL, 0},
    {"b", PPQ_BOOLEAN, 1, SH_NULL, 0},
};
static const colspec_t t_strings[] = {
    {"id", PPQ_INT64, 0, SH_TS_SHUFFLED, 0},
    {"key", PPQ_BYTE_ARRAY, 0, SH_HICARD, 0},
    {"text", PPQ_BYTE_ARRAY, 1, SH_LONG, 0},
    {"tag", PPQ_BYTE_ARRAY, 0, SH_FEW, 0},
    {"node", PPQ_INT64, 1, SH_FEW, 0},
};
static const colspec_t t_times[] = {
    {"ts", PPQ_INT64, 0, SH_TS_SORTED, 0},         {"ts_shuf", PPQ_INT64, 0, SH_TS_SHUFFLED, 0},
    {"s32", PPQ_INT32, 0, SH_TS_SORTED, 0},        {"s32_shuf", PPQ_INT32, 1, SH_TS_SHUFFLED, 0},
    {"f", PPQ_FLOAT, 1, SH_WALK3, 0},              {"b", PPQ_BOOLEAN, 1, SH_RUNS, 0},
};

/* The second generator's tables (gen_field): a field device's channels and its log. */
static const colspec_t t_field[] = {
    {"adc", PPQ_INT32, 0, SH_ADC, 0},           {"adc_opt", PPQ_INT32, 1, SH_ADC, 1},
    {"temp", PPQ_FLOAT, 0, SH_PERIODIC, 0},     {"energy", PPQ_INT64, 0, SH_COUNTER, 0},
    {"flow", PPQ_DOUBLE, 0, SH_REGIME, 0},      {"setp", PPQ_FLOAT, 0, SH_SETPOINT, 0},
    {"alarm", PPQ_BOOLEAN, 0, SH_ALARM, 0},     {"vib", PPQ_FLOAT, 1, SH_WALK6, 1},
};
static const colspec_t t_field_log[] = {
    {"seq", PPQ_INT32, 0, SH_COUNTER, 0},       {"id", PPQ_BYTE_ARRAY, 0, SH_UUID, 0},
    {"msg", PPQ_BYTE_ARRAY, 1, SH_LOGLINE, 1},  {"level", PPQ_DOUBLE, 0, SH_WALK6, 0},
    {"pos", PPQ_INT64, 0, SH_WALK6, 0},         {"mode", PPQ_INT32, 0, SH_SETPOINT, 0},
    {"trip", PPQ_BOOLEAN, 1, SH_ALARM, 1},      {"load", PPQ_FLOAT, 0, SH_REGIME, 0},
};

/* The third generator's tables (gen_imu): an IMU/GPS logger's 100 Hz
 * stream (a 10 Hz GPS held between its fixes) and its 10 Hz GPS log. */
static const colspec_t t_imu[] = {
    {"ts", PPQ_INT64, 0, SH_MS10, 0},           {"az", PPQ_INT32, 0, SH_GRAVITY, 0},
    {"gx", PPQ_INT32, 0, SH_GYRO, 0},           {"vbat", PPQ_FLOAT, 0, SH_BATT, 0},
    {"state", PPQ_BYTE_ARRAY, 0, SH_ZIPF, 0},   {"event", PPQ_INT64, 0, SH_HASH, 0},
    {"dev", PPQ_FIXED_LEN_BYTE_ARRAY, 0, SH_DEVID, 0}, {"lat_e7", PPQ_INT32, 0, SH_LAT, 1},
};
static const colspec_t t_gps[] = {
    {"lat", PPQ_DOUBLE, 0, SH_LAT, 0},          {"lon", PPQ_DOUBLE, 0, SH_LON, 0},
    {"lon_e7", PPQ_INT32, 0, SH_LON, 0},        {"alt", PPQ_FLOAT, 0, SH_ALT, 0},
    {"speed", PPQ_FLOAT, 0, SH_SPEED, 0},       {"heading", PPQ_FLOAT, 1, SH_HEADING, 1},
    {"fix", PPQ_BOOLEAN, 0, SH_FIX, 0},         {"sats", PPQ_INT32, 0, SH_SATS, 0},
};

/* The fourth generator's tables (gen_iot): an IoT gateway's readings, a
 * service's event log, columns that change their nature mid-file, and a
 * 66-column DAQ board. */
static const colspec_t t_iot[] = {
    {"ts_ns", PPQ_INT64, 0, SH_NS_BURST, 0},    {"hum", PPQ_FLOAT, 0, SH_Q01, 0},
    {"temp", PPQ_DOUBLE, 0, SH_Q25, 0},         {"rain", PPQ_FLOAT, 0, SH_ACCUM, 0},
    {"frame", PPQ_INT32, 0, SH_WRAP16, 0},      {"rx_bytes", PPQ_INT32, 0, SH_WRAP32, 0},
    {"tx_bytes", PPQ_INT64, 0, SH_WRAP32, 0},   {"err", PPQ_BOOLEAN, 0, SH_RAREBOOL, 0},
    {"led", PPQ_BOOLEAN, 0, SH_TOGGLE, 0},         {"aux", PPQ_DOUBLE, 1, SH_SPARSE, 0},
};
static const colspec_t t_events[] = {
    {"ts", PPQ_INT64, 0, SH_MS_GAPS, 0},        {"id", PPQ_BYTE_ARRAY, 0, SH_UUID7, 0},
    {"trace", PPQ_BYTE_ARRAY, 0, SH_HEX, 0},    {"kind", PPQ_BYTE_ARRAY, 0, SH_ENUM, 0},
    {"payload", PPQ_BYTE_ARRAY, 1, SH_JSON, 0}, {"price", PPQ_INT32, 0, SH_PRICE, 0},
    {"price4", PPQ_INT64, 1, SH_PRICE, 0},      {"qty", PPQ_INT64, 1, SH_SPARSE, 0},
};
static const colspec_t t_shift[] = {
    {"cn_i64", PPQ_INT64, 0, SH_CONST_NOISE, 0},      {"cn_f", PPQ_FLOAT, 0, SH_CONST_NOISE, 0},
    {"cn_s", PPQ_BYTE_ARRAY, 0, SH_CONST_NOISE, 0},   {"ru_i32", PPQ_INT32, 0, SH_RUNS_UNIQ, 0},
    {"ru_d", PPQ_DOUBLE, 0, SH_RUNS_UNIQ, 0},         {"ru_s", PPQ_BYTE_ARRAY, 0, SH_RUNS_UNIQ, 0},
    {"nc_i32", PPQ_INT32, 0, SH_NOISE_CONST, 0},      {"nc_d", PPQ_DOUBLE, 1, SH_NOISE_CONST, 0},
};
/* A ledger's binary columns (FIXED_LEN_BYTE_ARRAY(16), gen_iot): UUIDv7
 * ids (a rising millisecond prefix), amounts and a running total as
 * big-endian DECIMAL(38), an optional reference id, a device id. */
static const colspec_t t_ledger[] = {
    {"ts", PPQ_INT64, 0, SH_MS_GAPS, 0},                  {"id", PPQ_FIXED_LEN_BYTE_ARRAY, 0, SH_UUID7, 0},
    {"amount", PPQ_FIXED_LEN_BYTE_ARRAY, 0, SH_PRICE, 0}, {"total", PPQ_FIXED_LEN_BYTE_ARRAY, 0, SH_ACCUM, 0},
    {"ref", PPQ_FIXED_LEN_BYTE_ARRAY, 1, SH_UUID7, 0},    {"qty", PPQ_INT32, 0, SH_SETPOINT, 0},
};
#define CH(n) {"ch" #n, PPQ_FLOAT, 0, SH_CHAN, 0}
#define ST(n) {"st" #n, PPQ_INT32, 0, SH_STATUS, 0}
static const colspec_t t_daq[] = {
    {"ts", PPQ_INT64, 0, SH_MS_GAPS, 0},
    CH(00), CH(01), CH(02), CH(03), CH(04), CH(05), CH(06), CH(07), CH(08), CH(09), CH(10), CH(11),
    CH(12), CH(13), CH(14), CH(15), CH(16), CH(17), CH(18), CH(19), CH(20), CH(21), CH(22), CH(23),
    CH(24), CH(25), CH(26), CH(27), CH(28), CH(29), CH(30), CH(31), CH(32), CH(33), CH(34), CH(35),
    CH(36), CH(37), CH(38), CH(39), CH(40), CH(41), CH(42), CH(43), CH(44), CH(45), CH(46), CH(47),
    ST(0), ST(1), ST(2), ST(3), ST(4), ST(5), ST(6), ST(7),
    {"b0", PPQ_BOOLEAN, 0, SH_RAREBOOL, 0}, {"b1", PPQ_BOOLEAN, 0, SH_TOGGLE, 0},
    {"b2", PPQ_BOOLEAN, 0, SH_RAREBOOL, 0}, {"b3", PPQ_BOOLEAN, 0, SH_TOGGLE, 0},
    {"b4", PPQ_BOOLEAN, 0, SH_RAREBOOL, 0}, {"b5", PPQ_BOOLEAN, 0, SH_TOGGLE, 0},
    {"b6", PPQ_BOOLEAN, 0, SH_RAREBOOL, 0}, {"b7", PPQ_BOOLEAN, 0, SH_TOGGLE, 0},
    {"seq", PPQ_INT32, 0, SH_WRAP16, 0},
};
#undef CH
#undef ST

#define NT(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))
static const tablespec_t tables[] = {
    {"sensor", t_sensor, NT(t_sensor), 8192, 0, 0},    {"sensor_wide", t_wide, NT(t_wide), 8192, 0, 0},
    {"noise", t_noise, NT(t_noise), 4096, 0, 0},        {"const", t_const, NT(t_const), 4096, 0, 0},
    {"nulls", t_nulls, NT(t_nulls), 4096, 0, 0},        {"strings", t_strings, NT(t_strings), 2048, 0, 0},
    {"times", t_times, NT(t_times), 8192, 0, 0},
    {"field", t_field, NT(t_field), 6144, 0xF1E1D0001ull, 3},
    {"field_log", t_field_log, NT(t_field_log), 3072, 0xF1E1D0002ull, 3},
    {"imu", t_imu, NT(t_imu), 4096, 0x1A0C0FFEEull, 2},
    {"gps", t_gps, NT(t_gps), 4096, 0x1A0C0FFEFull, 2},
    {"iot", t_iot, NT(t_iot), 4096, 0x107E4001ull, 1},
    {"events", t_events, NT(t_events), 2048, 0x107E4002ull, 1},
    {"shift", t_shift, NT(t_shift), 4096, 0x107E4003ull, 1},
    {"daq64", t_daq, NT(t_daq), 2048, 0x107E4004ull, 1},
    {"ledger", t_ledger, NT(t_ledger), 4096, 0x107E4005ull, 1},
};
#define NTABLES NT(tables)
/* The sensor tables in an arena without a spill: rows until the file fills. */
#define ARENA_ROWS 20000u
#define MAXCOLS 72u

typedef struct coldata {
    void *values;     /* a slot per row, the batch's C type */
    uint8_t *present; /* 1: a value, 0: null */
    uint32_t max_len; /* BYTE_ARRAY: the longest value */
} coldata_t;

typedef struct table {
    const tablespec_t *spec;
    uint32_t rows;
    coldata_t c[MAXCOLS];
    uint8_t *pool; /* the byte arrays' bytes */
} table_t;

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1u);
    if (!p) {
        fprintf(stderr, "sweep: out of memory (%zu bytes)\n", n);
        exit(2);
    }
    return p;
}

static const char *const few_words[] = {"ok", "ok", "ok", "warn", "low-battery", "door-open", "sensor-fault", "ok"};
static const int32_t few_codes[] = {0, 1, 17, 100, 255, 4096, 65535, -1};

/* Row r of a generated column: a number (iv for integers and booleans, v
 * for floats) in its type; 0 for a byte array (put_bytes). */
static int put_number(coldata_t *d, ppq_type_t type, uint32_t r, int64_t iv, double v)
{
    switch (type) {
    case PPQ_BOOLEAN: ((uint8_t *)d->values)[r] = (uint8_t)(iv != 0); return 1;
    case PPQ_INT32: ((int32_t *)d->values)[r] = (int32_t)iv; return 1;
    case PPQ_INT64: ((int64_t *)d->values)[r] = iv; return 1;
    case PPQ_FLOAT: ((float *)d->values)[r] = (float)v; return 1;
    case PPQ_DOUBLE: ((double *)d->values)[r] = v; return 1;
    default: return 0;
    }
}

/* ... a byte array of len bytes written at the table pool's end, p. */
static void put_bytes(coldata_t *d, uint32_t r, const uint8_t *p, uint32_t len, size_t *pool_len)
{
    ppq_bytes_t *b = &((ppq_bytes_t *)d->values)[r];
    b->ptr = p;
    b->len = len;
    *pool_len += len;
    if (len > d->max_len) d->max_len = len;
}

/* Is row r of column cs present?  Required: always; optional: 9 rows in
 * 10, or with `bursts` null in runs of 50..500 rows (a sensor unplugged, a
 * link down), present for 100..2,000 rows between (*run rows left of the
 * current run, *nul whether it is null). */
static uint8_t present_row(const colspec_t *cs, rng_t *g, uint32_t *run, int *nul)
{
    if (!cs->optional) {
        return 1;
    }
    if (!cs->bursts) {
        return (uint8_t)(rbelow(g, 10) != 0);
    }
    if (*run == 0) {
        *nul = !*nul;
        *run = *nul ? 50u + rbelow(g, 451) : 100u + rbelow(g, 1901);
    }
    (*run)--;
    return (uint8_t)!*nul;
}

/* The second generator: the shapes a firmware engineer logs (SH_ADC ..
 * SH_LOGLINE), one column at a time with its own state; optional columns
 * with `bursts` are null in runs of 50..500 rows (a sensor unplugged, a
 * link down), present for 100..2,000 rows between. */
static const char *const log_modules[] = {"plant-07/line-3/cabinet-2/app/sensor/acquisition",
                                          "plant-07/line-3/cabinet-2/app/sensor/acquisition",
                                          "plant-07/line-3/cabinet-2/net/mqtt/client",
                                          "plant-07/line-3/cabinet-2/sys/power/battery"};

static void gen_field(table_t *t, const colspec_t *cs, coldata_t *d, rng_t *g, size_t *pool_len)
{
    static const float setpoints[] = {18.0f, 19.5f, 21.0f, 22.5f, 16.0f};
    static const int32_t modes[] = {0, 1, 2, 4, 8};
    const double two_pi = 6.283185307179586;
    uint32_t r, run = 0, left = 0, regime = 2, pick = 0, alarm = 0, module = 0;
    int nul = (int)rbelow(g, 2);
    int64_t k = 0, cnt = cs->type == PPQ_INT64 ? 4000000000ll + (int64_t)rbelow(g, 1000000) : 0;
    double drift = 0, base = 12.5, x = 12.5, ms = 36000000.0 + (double)rbelow(g, 3600000);
    for (r = 0; r < t->rows; r++) {
        double v = 0;
        int64_t iv = 0;
        d->present[r] = present_row(cs, g, &run, &nul);
        switch (cs->shape) {
        case SH_ADC:
            drift += (runit(g) - 0.5) * 0.2;
            iv = (int64_t)floor(2048.0 + 600.0 * sin(two_pi * r / 25000.0) + drift + 0.5) + (int64_t)rbelow(g, 5) - 2;
            iv = iv < 0 ? 0 : iv > 4095 ? 4095 : iv;
            v = (double)iv;
            break;
        case SH_PERIODIC:
            v = 20.0 + 6.0 * sin(two_pi * r / 2880.0) + (runit(g) - 0.5) * 0.1;
            iv = (int64_t)floor(v * 100.0 + 0.5);
            break;
        case SH_COUNTER:
            if (rbelow(g, 1500) == 0) cnt = 0; /* a reboot */
            else cnt += cs->type == PPQ_INT64 ? (int64_t)rbelow(g, 120) : 1;
            iv = cnt;
            v = (double)cnt * 0.001;
            break;
        case SH_REGIME:
            if (left == 0) {
                regime = (regime + 1u) % 3u;
                left = 300u + rbelow(g, 2701);
                base = floor(x * 100.0 + 0.5) / 100.0;
                k = 0;
            }
            left--;
            if (regime == 1u) v = base + (runit(g) - 0.5) * 4.0;
            else if (regime == 2u) v = base + (double)(k += (int64_t)rbelow(g, 3) - 1) * 0.01;
            else v = base;
            x = v;
            iv = (int64_t)floor(v * 100.0 + 0.5);
            break;
        case SH_WALK6:
            k += (int64_t)rbelow(g, 13) - 6;
            v = 21.0 + (double)k * 0.01;
            iv = (cs->type == PPQ_INT64 ? 100000 : 3700) + k;
            break;
        case SH_SETPOINT:
            if (rbelow(g, 1500) == 0) pick = rbelow(g, 5);
            v = (double)setpoints[pick];
            iv = modes[pick];
            break;
        case SH_ALARM:
            if (alarm == 0 && rbelow(g, 400) == 0) alarm = 1u + rbelow(g, 5);
            iv = alarm != 0;
            if (alarm) alarm--;
            break;
        default:
            break;
        }
        if (!put_number(d, cs->type, r, iv, v)) {
            char *p = (char *)t->pool + *pool_len;
            uint32_t len = 0, i;
            if (cs->shape == SH_UUID) {
                static const char hexd[] = "0123456789abcdef";
                uint64_t hi = rnext(g), lo = rnext(g);
                for (i = 0; i < 32u; i++) {
                    uint32_t nib = (uint32_t)((i < 16u ? hi >> (4u * i) : lo >> (4u * (i - 16u))) & 15u);
                    if (i == 12u) nib = 4u;                /* the version */
                    if (i == 16u) nib = 8u | (nib & 3u);   /* the variant */
                    if (i == 8u || i == 12u || i == 16u || i == 20u) p[len++] = '-';
                    p[len++] = hexd[nib];
                }
            } else { /* SH_LOGLINE: a source, a level, a timestamp, a message */
                uint32_t s;
                ms += 1000.0 + (double)rbelow(g, 7) - 3.0;
                s = (uint32_t)(ms / 1000.0);
                if (rbelow(g, 5) == 0) module = rbelow(g, 4);
                len = (uint32_t)sprintf(p, "%s[%c] 2024-05-27T%02u:%02u:%02u.%03uZ ", log_modules[module],
                                        module == 3u && rbelow(g, 3) == 0 ? 'W' : 'I', s / 3600u % 24u, s / 60u % 60u,
                                        s % 60u, (uint32_t)ms % 1000u);
                if (module < 2u) {
                    uint32_t raw = 1900u + rbelow(g, 300), ch = rbelow(g, 8); /* (drawn in this order: gcc's
                                                                                  of the arguments before) */
                    len += (uint32_t)sprintf(p + len, "sample ok ch=%u raw=%u", ch, raw);
                } else if (module == 2u) {
                    len += (uint32_t)sprintf(p + len, "publish topic=site/plant-07/telemetry qos=1 id=%u", r);
                } else {
                    len += (uint32_t)sprintf(p + len, "vbat=%umV", 3600u + rbelow(g, 500));
                }
            }
            put_bytes(d, r, (const uint8_t *)p, len, pool_len);
        }
    }
}

/* The third generator: an IMU/GPS logger (SH_MS10 .. SH_SATS), one column at
 * a time; the table's seed alone drives the schedule of moving and standing
 * that all its columns share (each column replays it), the column's own
 * generator the rest. */
static const char *const imu_states[] = {"IDLE",     "MOVING",   "STOPPED",  "TURN_LEFT", "TURN_RIGHT",  "ACCEL",
                                         "BRAKE",    "GPS_LOST", "LOW_BATT", "CALIBRATING", "SHOCK", "ERROR"};

static int64_t tri(rng_t *g, uint32_t a) /* -a..a, triangular */
{
    return (int64_t)rbelow(g, a + 1u) + (int64_t)rbelow(g, a + 1u) - (int64_t)a;
}

static void gen_imu(table_t *t, const colspec_t *cs, coldata_t *d, rng_t *g, uint64_t seed, size_t *pool_len)
{
    rng_t mg = {seed ^ 0x6D6F76696E67ull};
    uint32_t r, left = 0, off = 0, hold = 0, nul = 1, i;
    int moving = 1, fix = 1;
    int64_t ts = 1716800000000ll + (int64_t)rbelow(g, 100000), turn = 0, vel = 0, batt = 4180, batt_next = 80;
    int64_t pos = cs->shape == SH_LAT ? 473977000 + (int64_t)rbelow(g, 100000) : 85410000 + (int64_t)rbelow(g, 100000);
    int64_t alt = 4325, speed = 0, head = (int64_t)rbelow(g, 3600), sats = 9, ev = (int64_t)rnext(g), shown = pos;
    uint32_t ev_left = 0, state = 0;
    uint8_t dev[FLBA_LEN];
    for (i = 0; i < FLBA_LEN; i++) dev[i] = (uint8_t)(rnext(&mg) >> 40); /* (the schedule's seed: one device) */
    for (r = 0; r < t->rows; r++) {
        double v = 0;
        int64_t iv = 0;
        if (left == 0) { /* the shared schedule */
            moving = !moving;
            left = moving ? 300u + rbelow(&mg, 3001) : 200u + rbelow(&mg, 5001);
        }
        left--;
        d->present[r] = 1;
        if (cs->optional) { /* a sensor switched off for long stretches */
            if (off == 0) {
                nul = !nul;
                off = nul ? 500u + rbelow(g, 4501) : 1000u + rbelow(g, 5001);
            }
            off--;
            d->present[r] = (uint8_t)!nul;
        }
        switch (cs->shape) {
        case SH_MS10:
            ts += 10 + (int64_t)rbelow(g, 3) - 1;
            iv = ts;
            break;
        case SH_GRAVITY:
            iv = 1024 + (moving ? tri(g, 150) + (rbelow(g, 200) == 0 ? 600 : 0) : tri(g, 8));
            iv = iv < -2048 ? -2048 : iv > 2047 ? 2047 : iv;
            break;
        case SH_GYRO:
            if (moving) {
                turn += tri(g, 3);
                turn = turn > 250 ? 250 : turn < -250 ? -250 : turn;
            } else {
                turn = 0;
            }
            iv = turn + tri(g, moving ? 40u : 6u);
            break;
        case SH_BATT:
            if (--batt_next <= 0) {
                batt--;
                batt_next = moving ? 40 + (int64_t)rbelow(g, 41) : 80 + (int64_t)rbelow(g, 41);
            }
            v = (double)(batt + (int64_t)rbelow(g, 5) - 2) / 1000.0;
            break;
        case SH_ZIPF:
            if (rbelow(g, 2)) { /* weights 1/k^2 of 1000: 645 161 72 40 26 18 13 10 8 6 5 ... */
                static const uint16_t cum[] = {645, 806, 878, 918, 944, 962, 975, 985, 991, 995, 998, 1000};
                uint32_t u = rbelow(g, 1000);
                for (state = 0; state < 11u && u >= cum[state]; state++) {
                }
            }
            break;
        case SH_HASH:
            if (ev_left == 0) {
                ev = (int64_t)rnext(g);
                ev_left = 1u + rbelow(g, 16);
            }
            ev_left--;
            iv = ev;
            break;
        case SH_LAT:
        case SH_LON:
            if (!cs->optional && cs->bursts && hold) { /* a 10 Hz fix in a 100 Hz row */
                hold--;
                iv = shown;
                break;
            }
            hold = 9u;
            if (moving) {
                vel += tri(g, 4);
                vel = vel > 200 ? 200 : vel < -200 ? -200 : vel;
                pos += vel;
            } else {
                vel = 0;
            }
            shown = pos + tri(g, moving ? 2u : 3u);
            iv = shown;
            break;
        case SH_ALT:
            alt += tri(g, moving ? 3u : 1u);
            v = (double)alt / 10.0;
            break;
        case SH_SPEED:
            if (moving) {
                speed += tri(g, 20);
                speed = speed < 1 ? 1 : speed > 3000 ? 3000 : speed;
            } else {
                speed = 0;
            }
            v = (double)speed / 100.0;
            break;
        case SH_HEADING:
            head += moving ? tri(g, 15) : tri(g, 1);
            head = (head % 3600 + 3600) % 3600;
            v = (double)head / 10.0;
            break;
        case SH_FIX:
            if (fix && rbelow(g, 3000) == 0) fix = -(int)(20u + rbelow(g, 381));
            else if (fix < 0 && ++fix == 0) fix = 1;
            iv = fix > 0;
            break;
        case SH_SATS:
            if (rbelow(g, 200) == 0) sats += rbelow(g, 2) ? 1 : -1;
            sats = sats < 4 ? 4 : sats > 14 ? 14 : sats;
            iv = sats;
            break;
        default:
            break;
        }
        if (cs->shape == SH_LAT || cs->shape == SH_LON) v = (double)iv / 1e7;
        if (!put_number(d, cs->type, r, iv, v)) {
            uint8_t *p = t->pool + *pool_len;
            uint32_t len;
            if (cs->shape == SH_DEVID) {
                len = FLBA_LEN;
                memcpy(p, dev, len);
            } else { /* SH_ZIPF */
                len = (uint32_t)strlen(imu_states[state]);
                memcpy(p, imu_states[state], len);
            }
            put_bytes(d, r, (const uint8_t *)p, len, pool_len);
        }
    }
}

/* The fourth generator: an IoT gateway's readings and a service's event log
 * (SH_Q01 .. SH_STATUS), one column at a time with its own state; what the
 * other three do not make: quantised floats with float rounding, a float
 * total, ns timestamps in bursts, ms timestamps with gaps and steps back,
 * counters that wrap (a uint32 in INT32 crosses its sign), decimal prices,
 * time-ordered and random hex ids, an enum's long tail, JSON payloads, 95%
 * null, rare and toggling booleans, columns that change mid-file, and 66
 * columns of a DAQ board. */
static const char *const enum_words[] = {"OK", "OK", "OK", "OK", "IDLE", "BUSY", "RETRY", "WARN_TEMP"};
static const char hexd[] = "0123456789abcdef";

static uint32_t put_hex(char *p, uint64_t x, uint32_t digits)
{
    uint32_t i;
    for (i = 0; i < digits; i++) p[i] = hexd[(x >> (4u * (digits - 1u - i))) & 15u];
    return digits;
}

static void gen_iot(table_t *t, const colspec_t *cs, coldata_t *d, rng_t *g, size_t *pool_len)
{
    const uint32_t col = (uint32_t)(cs - t->spec->cols);
    const uint32_t half = t->rows / 2u;
    const double two_pi = 6.283185307179586;
    uint32_t r, left = 0, burst = 0, held = 0;
    int raining = 0, bit = 0;
    int64_t k = 0, iv0 = 0, cnt = (int64_t)rbelow(g, 60000), hold_iv = 0;
    int64_t ns = 1716800000000000000ll + (int64_t)rbelow(g, 1000000000u);
    int64_t ms = 1716800000000ll + (int64_t)rbelow(g, 100000), seq = 0;
    double center = 450.0 + rbelow(g, 200);
    float total = 0.0f;
    uint64_t trace = rnext(g), sess = rnext(g);
    uint32_t status = (uint32_t)rnext(g) & 0xFFFFu;
    for (r = 0; r < t->rows; r++) {
        double v = 0;
        int64_t iv = 0;
        d->present[r] = (uint8_t)(cs->shape == SH_SPARSE ? rbelow(g, 20) == 0
                                  : cs->optional ? rbelow(g, 50) != 0 : 1);
        switch (cs->shape) {
        case SH_Q01: /* a humidity in 0.1 %: raw 0..1000, drifting, +-3 LSB */
            center += (runit(g) - 0.5) * 0.6;
            iv = (int64_t)floor(center + 0.5) + tri(g, 3);
            v = (double)((float)iv * 0.1f);
            break;
        case SH_Q25:
            if (rbelow(g, 4) == 0) k += rbelow(g, 2) ? 1 : -1;
            iv = 80 + k;
            v = rbelow(g, 300) == 0 ? 85.0 : (double)iv * 0.25; /* 85.0: the sensor's power-on value */
            break;
        case SH_ACCUM:
            if (left == 0) {
                raining = !raining;
                left = raining ? 200u + rbelow(g, 601) : 500u + rbelow(g, 1501);
            }
            left--;
            if (raining && rbelow(g, 3) == 0) total += 0.2f;
            v = (double)total;
            iv = (int64_t)(v * 10.0);
            break;
        case SH_NS_BURST:
            if (burst == 0) {
                burst = 8u + rbelow(g, 57);
                ns += (int64_t)(1u + rbelow(g, 60)) * 1000000000ll;
                ns += (int64_t)rbelow(g, 1000000000u);
            } else {
                ns += 1000000 + (int64_t)rbelow(g, 100001) - 50000;
            }
            burst--;
            iv = ns;
            break;
        case SH_MS_GAPS: {
            uint32_t u = rbelow(g, 1000);
            if (u == 0) ms -= 200 + (int64_t)rbelow(g, 601);                      /* NTP steps back */
            else if (u < 3u) ms += 600000 + (int64_t)rbelow(g, 21000000);         /* offline */
            else if (u < 8u) ms += 0;                                             /* a duplicate */
            else ms += 1000 + (int64_t)rbelow(g, 5) - 2;
            iv = ms;
            break;
        }
        case SH_WRAP16:
            cnt = (cnt + 1 + (int64_t)rbelow(g, 40)) & 0xFFFF;
            iv = cnt;
            break;
        case SH_WRAP32:
            if (rbelow(g, 3000) == 0) cnt = 0; /* a reboot */
            else cnt = (cnt + (int64_t)rbelow(g, 2000001)) & 0xFFFFFFFFll;
            iv = cs->type == PPQ_INT32 ? (int64_t)(int32_t)(uint32_t)cnt : cnt;
            break;
        case SH_PRICE: { /* list prices x99 cents, the cheap ones sold most */
            double u = runit(g);
            uint32_t item = (uint32_t)(300.0 * u * u * u);
            iv = (int64_t)((item * 37u) % 500u + 1u) * 100 - 1;
            if (cs->type != PPQ_INT32) iv *= 100; /* (INT64, FIXED_LEN_BYTE_ARRAY: 4 decimals) */
            v = (double)iv;
            break;
        }
        case SH_SPARSE:
            v = floor((runit(g) * 200.0 - 50.0) * 1000.0 + 0.5) / 1000.0;
            iv = 1 + (int64_t)(1000.0 * pow(runit(g), 4.0));
            break;
        case SH_RAREBOOL: iv = rbelow(g, 100) == 0; break;
        case SH_TOGGLE:
            if (rbelow(g, 500) != 0) bit = !bit;
            iv = bit;
            break;
        case SH_CONST_NOISE:
            if (r < 1000u) {
                iv = 1234567;
                v = 0.0;
            } else {
                iv = (int64_t)(rnext(g) >> 24);
                v = runit(g) * 100.0 - 50.0;
            }
            break;
        case SH_NOISE_CONST:
            if (r < 1000u) {
                iv = (int64_t)(int32_t)(uint32_t)rnext(g);
                v = runit(g) * 100.0 - 50.0;
            } else {
                iv = 4711;
                v = -1.0;
            }
            break;
        case SH_RUNS_UNIQ:
            if (r < half) {
                if (held == 0) {
                    sess = rnext(g);
                    held = 100u + rbelow(g, 301);
                }
                held--;
                iv = (int64_t)(int32_t)(uint32_t)sess;
                v = (double)(sess >> 11) * (1.0 / 9007199254740992.0);
                iv0 = 10000000 + (int64_t)rbelow(g, 1000);
            } else {
                iv0 += 1 + (int64_t)rbelow(g, 3);
                iv = iv0;
                v = runit(g);
            }
            break;
        case SH_CHAN: {
            int64_t raw;
            if (col % 3u == 1u) {
                raw = 2048 + (int64_t)floor(500.0 * sin(two_pi * (r + col * 97u) / 1500.0)) + tri(g, 4);
            } else {
                raw = (int64_t)((col * 7u) % 20u) + tri(g, 1);
                if (raw < 0) raw = 0;
            }
            v = (double)((float)raw * 0.000805664f);
            iv = raw;
            break;
        }
        case SH_STATUS:
            if (rbelow(g, 300) == 0) status ^= 1u << rbelow(g, 16);
            iv = (int64_t)status;
            break;
        default:
            break;
        }
        if (cs->type == PPQ_FIXED_LEN_BYTE_ARRAY) { /* binary: a UUIDv7, else iv as a big-endian DECIMAL */
            uint8_t *p = t->pool + *pool_len;
            uint64_t rnd = rnext(g), rnd2 = rnext(g);
            uint32_t i;
            if (cs->shape == SH_UUID7) {
                ms += 1 + (int64_t)rbelow(g, 50);
                for (i = 0; i < 6u; i++) p[i] = (uint8_t)((uint64_t)ms >> (40u - 8u * i));
                p[6] = (uint8_t)(0x70u | (rnd & 0xFu));
                p[7] = (uint8_t)(rnd >> 4);
                p[8] = (uint8_t)(0x80u | ((rnd >> 12) & 0x3Fu));
                for (i = 9; i < FLBA_LEN; i++) p[i] = (uint8_t)(rnd2 >> (8u * (i - 9u)));
            } else {
                for (i = 0; i < FLBA_LEN; i++) p[i] = (uint8_t)(i < 8u ? (iv < 0 ? 0xFFu : 0u) : (uint64_t)iv >> (8u * (15u - i)));
            }
            put_bytes(d, r, p, FLBA_LEN, pool_len);
        } else if (!put_number(d, cs->type, r, iv, v)) {
            char *p = (char *)t->pool + *pool_len;
            uint32_t len = 0;
            switch (cs->shape) {
            case SH_UUID7: {
                uint64_t rnd = rnext(g);
                ms += 1 + (int64_t)rbelow(g, 50);
                len += put_hex(p, (uint64_t)ms >> 16, 8);
                p[len++] = '-';
                len += put_hex(p + len, (uint64_t)ms & 0xFFFFu, 4);
                p[len++] = '-';
                p[len++] = '7';
                len += put_hex(p + len, rnd & 0xFFFu, 3);
                p[len++] = '-';
                p[len++] = hexd[8u | ((rnd >> 12) & 3u)];
                len += put_hex(p + len, (rnd >> 14) & 0xFFFu, 3);
                p[len++] = '-';
                len += put_hex(p + len, rnext(g), 12);
                break;
            }
            case SH_HEX:
                if (held == 0) {
                    trace = rnext(g);
                    sess = rnext(g);
                    held = 1u + rbelow(g, 8);
                }
                held--;
                len += put_hex(p, trace, 16);
                len += put_hex(p + len, sess, 16);
                break;
            case SH_ENUM:
                if (rbelow(g, 20) == 0) len = (uint32_t)sprintf(p, "E_%04X", rbelow(g, 4096));
                else len = (uint32_t)sprintf(p, "%s", enum_words[rbelow(g, 8)]);
                break;
            case SH_JSON: { /* (each draw in its own statement: arguments' order is unspecified) */
                uint32_t ok, rh, dev;
                seq += 1 + (int64_t)rbelow(g, 2);
                center += (runit(g) - 0.5) * 0.6;
                ok = rbelow(g, 50);
                rh = rbelow(g, 1000);
                dev = 100000u + rbelow(g, 16);
                len = (uint32_t)sprintf(p, "{\"dev\":\"sn-%06u\",\"seq\":%lld,\"t\":%.2f,\"rh\":%.1f,\"ok\":%s}",
                                        dev, (long long)seq, 20.0 + center / 100.0, (double)rh / 10.0,
                                        ok ? "true" : "false");
                break;
            }
            case SH_CONST_NOISE:
                if (r < 1000u) {
                    len = 3;
                    memcpy(p, "n/a", 3);
                } else {
                    len = put_hex(p, rnext(g), 16);
                }
                break;
            case SH_RUNS_UNIQ:
                if (r < half) {
                    if (held == 0) {
                        hold_iv = (int64_t)(rnext(g) & 0xFFFFFFFFu);
                        held = 100u + rbelow(g, 301);
                    }
                    held--;
                    len = (uint32_t)sprintf(p, "sess-%08llx", (unsigned long long)hold_iv);
                } else {
                    len = (uint32_t)sprintf(p, "req-%08x", (unsigned)(rnext(g) & 0xFFFFFFFFu));
                }
                break;
            default:
                break;
            }
            put_bytes(d, r, (const uint8_t *)p, len, pool_len);
        }
    }
}

/* The random mode's generator (--random: SH_SAW .. SH_NULL99), one column
 * at a time, its parameters drawn first from its own generator; optional
 * columns null 1 row in 10, or with `bursts` in runs of 50..500 rows
 * (SH_NULL99: 99 rows in 100).  BYTE_ARRAY takes the value as text,
 * FIXED_LEN_BYTE_ARRAY as a 16-byte big-endian number (an id's hash: two). */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint32_t rlog(rng_t *g, uint32_t lo, uint32_t hi) /* lo..hi, log-uniform */
{
    double x = exp(log((double)lo) + runit(g) * (log((double)hi + 1.0) - log((double)lo)));
    uint32_t v = (uint32_t)x;
    return v < lo ? lo : v > hi ? hi : v;
}

static void gen_more(table_t *t, const colspec_t *cs, coldata_t *d, rng_t *g, size_t *pool_len)
{
    static const double scales[] = {1.0, 0.5, 0.25, 0.1, 0.01};
    static const double qsteps[] = {0.1, 0.25, 0.5, 1.0, 0.0008056640625};
    const double two_pi = 6.283185307179586;
    const int wide = cs->type == PPQ_INT64 || cs->type == PPQ_FIXED_LEN_BYTE_ARRAY || cs->type == PPQ_BYTE_ARRAY;
    uint32_t r, run = 0, held = 0, i;
    int nul = (int)rbelow(g, 2), skewed = (int)rbelow(g, 2), jitter = (int)rbelow(g, 2);
    /* the column's parameters (all drawn, whatever the shape: one order) */
    uint32_t period = 100u + rbelow(g, 4901), step = 1u + rbelow(g, 13), phase = rbelow(g, 5000);
    uint32_t levels = 8u + rbelow(g, 57), qperiod = 50u + rbelow(g, 1951), qmult = 1u + rbelow(g, 100);
    uint32_t spike_every = rlog(g, 50, 5000), hold = rlog(g, 10, 1000), pool = rlog(g, 10, 100000);
    uint32_t hold_max = rlog(g, 1, 200);
    double scale = scales[rbelow(g, 5)], qstep = qsteps[rbelow(g, 5)];
    double mu = floor((runit(g) * 2000.0 - 1000.0) * 100.0 + 0.5) / 100.0;
    double sigma = exp(log(0.05) + runit(g) * (log(500.0) - log(0.05)));
    int64_t base = wide ? (int64_t)(rnext(g) >> 24) - (1ll << 39) : (int64_t)rbelow(g, 2000001) - 1000000;
    int64_t level = base, price_max = rbelow(g, 3) == 0 ? 1000 : rbelow(g, 2) ? 100000 : 10000000, k = 0, iv0 = 0;
    uint64_t salt = rnext(g), id = 0;
    double v0 = 0, fl0 = floor(runit(g) * 100000.0) / 100.0;
    for (r = 0; r < t->rows; r++) {
        double v = 0;
        int64_t iv = 0;
        d->present[r] = (uint8_t)(cs->shape == SH_NULL99 ? rbelow(g, 100) == 0 : present_row(cs, g, &run, &nul));
        switch (cs->shape) {
        case SH_SAW:
            iv = base + (int64_t)((r + phase) % period) * step;
            v = (double)((int64_t)((r + phase) % period) * step) * scale + fl0;
            break;
        case SH_QSINE: {
            int64_t q = (int64_t)floor((sin(two_pi * (double)(r + phase) / (double)qperiod) + 1.0) / 2.0 *
                                       (double)(levels - 1u) + 0.5);
            iv = base + q * (int64_t)qmult;
            v = fl0 + (double)q * qstep;
            break;
        }
        case SH_GAUSS: { /* Box-Muller */
            double u1 = runit(g), u2 = runit(g), x;
            x = mu + sigma * sqrt(-2.0 * log(u1 > 0.0 ? u1 : 1e-300)) * cos(two_pi * u2);
            iv = (int64_t)floor(x * 100.0 + 0.5);
            v = (double)iv / 100.0;
            break;
        }
        case SH_SPIKES:
            if (rbelow(g, spike_every) == 0) {
                iv = cs->type == PPQ_INT32 ? (int64_t)(int32_t)(uint32_t)rnext(g) : (int64_t)rnext(g);
                v = (rbelow(g, 2) ? 1.0 : -1.0) * (cs->type == PPQ_FLOAT ? 1e30 : 1e300) * runit(g);
            } else {
                iv = base;
                v = fl0;
            }
            if (cs->type == PPQ_BOOLEAN) iv = iv != base; /* (a rare true) */
            break;
        case SH_STEP:
            if (held == 0) {
                held = jitter ? hold / 2u + rbelow(g, hold + 1u) : hold;
                level = wide ? (int64_t)(rnext(g) >> 24) : (int64_t)rbelow(g, 1000001);
                v0 = floor(runit(g) * 100000.0) / 100.0;
                k++;
            }
            held--;
            iv = cs->type == PPQ_BOOLEAN ? (k & 1) : level;
            v = v0;
            break;
        case SH_HASHID:
            if (held == 0) {
                held = 1u + rbelow(g, hold_max);
                id = rbelow(g, pool);
            }
            held--;
            iv = (int64_t)mix64(id ^ salt);
            break;
        case SH_PRICE2: {
            double u = runit(g);
            uint32_t item = skewed ? (uint32_t)(10000.0 * u * u * u) : (uint32_t)(10000.0 * u);
            iv = (int64_t)(mix64(salt + item) % (uint64_t)price_max) + 1;
            v = (double)iv / 100.0;
            break;
        }
        default: /* SH_NULL99: a walk */
            k += (int64_t)rbelow(g, 7) - 3;
            iv0 = base + k;
            iv = iv0;
            v = fl0 + (double)k * 0.01;
            break;
        }
        if (cs->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            uint8_t *p = t->pool + *pool_len;
            uint64_t hi = cs->shape == SH_HASHID ? mix64((uint64_t)iv) : (iv < 0 ? ~0ull : 0u);
            for (i = 0; i < 8u; i++) p[i] = (uint8_t)(hi >> (8u * (7u - i)));
            for (i = 0; i < 8u; i++) p[8u + i] = (uint8_t)((uint64_t)iv >> (8u * (7u - i)));
            put_bytes(d, r, p, FLBA_LEN, pool_len);
        } else if (!put_number(d, cs->type, r, iv, v)) {
            char *p = (char *)t->pool + *pool_len;
            uint32_t len;
            if (cs->shape == SH_HASHID) len = put_hex(p, (uint64_t)iv, 16);
            else if (cs->shape == SH_PRICE2) len = (uint32_t)sprintf(p, "%lld.%02lld", (long long)(iv / 100), (long long)(iv % 100));
            else len = (uint32_t)sprintf(p, "L%lld", (long long)iv);
            put_bytes(d, r, (const uint8_t *)p, len, pool_len);
        }
    }
}

static void gen_table(table_t *t, const tablespec_t *spec, uint32_t rows, uint64_t seed)
{
    uint32_t c, r;
    size_t pool_cap = 0, pool_len = 0;
    t->spec = spec;
    t->rows = rows;
    for (c = 0; c < spec->ncols; c++) {
        if (spec->cols[c].type == PPQ_FIXED_LEN_BYTE_ARRAY) pool_cap += (size_t)rows * FLBA_LEN;
        if (spec->cols[c].type == PPQ_BYTE_ARRAY) {
            int sh = spec->cols[c].shape;
            pool_cap += (size_t)rows * (sh == SH_LONG ? 1500u : sh == SH_LOGLINE ? 160u : (sh == SH_UUID || sh == SH_UUID7) ? 36u : sh == SH_JSON ? 128u : 32u);
        }
    }
    t->pool = xmalloc(pool_cap);
    for (c = 0; c < spec->ncols; c++) {
        const colspec_t *cs = &spec->cols[c];
        coldata_t *d = &t->c[c];
        rng_t g = {seed * 1000003u + c * 7919u + 1u};
        int64_t k = 0, ts = 1700000000000ll;
        int on = 0;
        d->values = xmalloc((size_t)rows * ppq_value_size(cs->type));
        d->present = xmalloc(rows);
        d->max_len = 0;
        if (cs->shape >= SH_SAW) {
            gen_more(t, cs, d, &g, &pool_len);
            continue;
        }
        if (cs->shape >= SH_Q01) {
            gen_iot(t, cs, d, &g, &pool_len);
            continue;
        }
        if (cs->shape >= SH_MS10) {
            gen_imu(t, cs, d, &g, seed, &pool_len);
            continue;
        }
        if (cs->shape >= SH_ADC) {
            gen_field(t, cs, d, &g, &pool_len);
            continue;
        }
        for (r = 0; r < rows; r++) {
            int64_t step = 0;
            d->present[r] = (uint8_t)(cs->shape == SH_NULL ? 0 : cs->optional ? rbelow(&g, 10) != 0 : 1);
            if (cs->shape == SH_WALK) step = (int64_t)rbelow(&g, 3) - 1;
            if (cs->shape == SH_WALK3) step = (int64_t)rbelow(&g, 7) - 3;
            k += step;
            ts += 1000 + (int64_t)rbelow(&g, 7) - 3;
            if (cs->shape == SH_RUNS && rbelow(&g, 50) == 0) on = !on;
            switch (cs->type) {
            case PPQ_BOOLEAN:
                ((uint8_t *)d->values)[r] = (uint8_t)(cs->shape == SH_NOISE ? rbelow(&g, 2)
                                                      : cs->shape == SH_CONST ? 1u : (uint32_t)on);
                break;
            case PPQ_INT32: {
                int32_t v = 0;
                if (cs->shape == SH_NOISE) v = (int32_t)(uint32_t)rnext(&g);
                else if (cs->shape == SH_CONST) v = 4200;
                else if (cs->shape == SH_TS_SORTED || cs->shape == SH_TS_SHUFFLED) v = (int32_t)(ts / 1000);
                else if (cs->shape == SH_FEW) v = few_codes[rbelow(&g, 8)]; /* (a device's error codes) */
                else v = (int32_t)(3700 + k);
                ((int32_t *)d->values)[r] = v;
                break;
            }
            case PPQ_INT64: {
                int64_t v = 0;
                if (cs->shape == SH_NOISE) v = (int64_t)rnext(&g);
                else if (cs->shape == SH_CONST) v = 1234567890123ll;
                else if (cs->shape == SH_TS_SORTED || cs->shape == SH_TS_SHUFFLED) v = ts;
                else if (cs->shape == SH_FEW) v = (int64_t)few_codes[rbelow(&g, 8)] * 1000003;
                else v = 100000 + k;
                ((int64_t *)d->values)[r] = v;
                break;
            }
            case PPQ_FLOAT:
            case PPQ_DOUBLE: {
                double v = 0;
                if (cs->shape == SH_NOISE) v = runit(&g) * 2000.0 - 1000.0;
                else if (cs->shape == SH_CONST) v = 21.5;
                else v = 21.0 + (double)k * 0.01;
                if (cs->type == PPQ_FLOAT) ((float *)d->values)[r] = (float)v;
                else ((double *)d->values)[r] = v;
                break;
            }
            case PPQ_BYTE_ARRAY: {
                ppq_bytes_t *b = &((ppq_bytes_t *)d->values)[r];
                uint8_t *p = t->pool + pool_len;
                uint32_t len = 0, i;
                if (cs->shape == SH_FEW) {
                    const char *w = few_words[rbelow(&g, 64) == 0 ? 1u + rbelow(&g, 7) : 0u];
                    len = (uint32_t)strlen(w);
                    memcpy(p, w, len);
                } else if (cs->shape == SH_CONST) {
                    len = 2;
                    memcpy(p, "ok", 2);
                } else if (cs->shape == SH_HICARD) {
                    unsigned tail = (unsigned)(rnext(&g) & 0xFFFFFFFFu), site = rbelow(&g, 12); /* (drawn in
                                                                          this order: gcc's of the arguments before) */
                    len = (uint32_t)sprintf((char *)p, "site-%02u/sensor-%05u/%08x", site, r, tail);
                } else if (cs->shape == SH_LONG) {
                    len = 100u + rbelow(&g, 1401);
                    for (i = 0; i < len; i++) p[i] = (uint8_t)(i % 9u == 8u ? ' ' : 'a' + rbelow(&g, 26));
                } else { /* noise: 0..24 random bytes */
                    len = rbelow(&g, 25);
                    for (i = 0; i < len; i++) p[i] = (uint8_t)rnext(&g);
                }
                b->ptr = p;
                b->len = len;
                pool_len += len;
                if (len > d->max_len) d->max_len = len;
                break;
            }
            default:
                break;
            }
        }
        if (cs->shape == SH_TS_SHUFFLED) { /* Fisher-Yates over the values (and their nulls) */
            size_t w = ppq_value_size(cs->type);
            uint8_t tmp[16], *v = d->values;
            for (r = rows - 1u; r > 0; r--) {
                uint32_t j = rbelow(&g, r + 1u);
                memcpy(tmp, v + r * w, w);
                memcpy(v + r * w, v + j * w, w);
                memcpy(v + j * w, tmp, w);
            }
        }
    }
}

/* ---- growable memory sinks and sources ---------------------------------- */

typedef struct mbuf {
    uint8_t *buf;
    size_t len, cap, pos;
} mbuf_t;

static ppq_status_t mbuf_write(void *ctx, const uint8_t *data, size_t len)
{
    mbuf_t *m = ctx;
    if (m->len + len > m->cap) {
        size_t cap = m->cap ? m->cap : 65536u;
        while (cap < m->len + len) cap *= 2u;
        m->buf = realloc(m->buf, cap);
        if (!m->buf) return PPQ_ERR_IO;
        m->cap = cap;
    }
    if (len) memcpy(m->buf + m->len, data, len);
    m->len += len;
    return PPQ_OK;
}

static ppq_status_t mbuf_read(void *ctx, uint8_t *buf, size_t len, size_t *got)
{
    mbuf_t *m = ctx;
    size_t n = m->len - m->pos < len ? m->len - m->pos : len;
    memcpy(buf, m->buf + m->pos, n);
    m->pos += n;
    *got = n;
    return PPQ_OK;
}

static ppq_status_t mbuf_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    const mbuf_t *m = ctx;
    size_t n = 0;
    if (off < m->len) n = m->len - (size_t)off < len ? m->len - (size_t)off : len;
    if (n) memcpy(buf, m->buf + off, n);
    *got = n;
    return PPQ_OK;
}

/* ---- cases -------------------------------------------------------------- */

enum api { API_BATCH, API_SETTERS, API_RECORD, API_COUNT };
static const char *const api_name[API_COUNT] = {"batch", "setters", "record"};
enum sizing { SZ_MANUAL, SZ_ARENA, SZ_NULL };

typedef struct dictcap {
    uint32_t entries, bytes;
} dictcap_t;
static const dictcap_t dict_caps[] = {{16, 128}, {64, 1024}, {256, 4096}, {1024, 16384}, {4096, 65536}, {16384, 0}};
static const uint32_t page_values_opts[] = {128, 1024, 0};
static const uint32_t page_bytes_opts[] = {512, 0, 65536};
static const uint32_t rg_rows_opts[] = {500, 4096, 0};
static const uint32_t arena_kib_opts[] = {4, 8, 16, 32, 64};
#define NDICT NT(dict_caps)

typedef struct sweep_case {
    uint32_t id;
    uint32_t table;
    int api;
    int sizing;
    uint32_t arena_kib;
    int spill;
    int dict; /* index into dict_caps (manual sizing) */
    int plain; /* one of the issue's arena cases (make_arena_case) */
    ppq_writer_options_t o; /* the options asked for (before options_for_arena) */
    char desc[480];
    /* --random: the case's own table (NULL: tabs[table]) and where it came from */
    const table_t *tab;
    int random;
    uint64_t seed;
} case_t;

/* How a line names a case: "case N", or "random seed=S case=K" (rerun alone
 * with sweep --random 1 --seed S --only K). */
static const char *case_tag(const case_t *k)
{
    static char tag[64];
    if (k->random) snprintf(tag, sizeof tag, "random seed=%llu case=%u", (unsigned long long)k->seed, k->id);
    else snprintf(tag, sizeof tag, "case %u", k->id);
    return tag;
}

static ppq_codec_t codecs[8];
static uint32_t ncodecs;

/* ---- results and the report --------------------------------------------- */

static int verbose, strict, strict_correct; /* --strict-correct: fail on all but the AUTO ratios */
static uint8_t auto_all; /* --auto-all: opts.auto_all_encodings in every write (AUTO weighs the encodings some readers lack) */
static uint32_t ncases, nwrites, nskipped, nskipped_compact;
static uint64_t values_checked;

#define MAXKINDS 24
static struct kind {
    char name[48];
    uint32_t count, cases;
    char example[1200];
} kinds[MAXKINDS];
static uint32_t nkinds;

/* The open case's failures, printed as one JSON line when it ends. */
static struct case_fail {
    uint32_t kind, count;
    char first[600];
} case_fails[MAXKINDS];
static uint32_t ncase_fails, failing_cases;

static void failure(const case_t *k, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#include <stdarg.h>
static void failure(const case_t *k, const char *kind, const char *fmt, ...)
{
    char detail[600];
    uint32_t i, j;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    for (i = 0; i < nkinds && strcmp(kinds[i].name, kind) != 0; i++) {
    }
    if (i == MAXKINDS) return;
    if (i == nkinds) {
        snprintf(kinds[i].name, sizeof kinds[i].name, "%s", kind);
        snprintf(kinds[i].example, sizeof kinds[i].example, "%s: %s; %s", case_tag(k), detail, k->desc);
        nkinds++;
    }
    kinds[i].count++;
    for (j = 0; j < ncase_fails && case_fails[j].kind != i; j++) {
    }
    if (j == ncase_fails) {
        case_fails[j].kind = i;
        case_fails[j].count = 0;
        snprintf(case_fails[j].first, sizeof case_fails[j].first, "%s", detail);
        ncase_fails++;
        kinds[i].cases++;
    }
    case_fails[j].count++;
}

static void end_case(const case_t *k)
{
    uint32_t j;
    if (!ncase_fails) return;
    failing_cases++;
    if (k->random) printf("{\"seed\":%llu,", (unsigned long long)k->seed);
    printf("%s\"case\":%u,\"config\":\"%s\",\"failures\":[", k->random ? "" : "{", k->id, k->desc);
    for (j = 0; j < ncase_fails; j++) {
        printf("%s{\"kind\":\"%s\",\"count\":%u,\"first\":\"%s\"}", j ? "," : "", kinds[case_fails[j].kind].name,
               case_fails[j].count, case_fails[j].first);
    }
    printf("]}\n");
    ncase_fails = 0;
}

/* Worst AUTO ratio per data shape and per option value. */
typedef struct worst {
    char key[64];
    double ratio;
    uint32_t chunks, over;
    char example[700];
} worst_t;
#define MAXWORST 192
static worst_t worsts[MAXWORST];
static uint32_t nworsts;

static void note_ratio(const char *key, double ratio, const char *example)
{
    uint32_t i;
    for (i = 0; i < nworsts && strcmp(worsts[i].key, key) != 0; i++) {
    }
    if (i == nworsts) {
        if (nworsts == MAXWORST) return;
        snprintf(worsts[i].key, sizeof worsts[i].key, "%s", key);
        nworsts++;
    }
    worsts[i].chunks++;
    if (ratio > 1.05) worsts[i].over++;
    if (ratio > worsts[i].ratio) {
        worsts[i].ratio = ratio;
        snprintf(worsts[i].example, sizeof worsts[i].example, "%s", example);
    }
}

/* Rows per file where an arena without a spill filled up: per table and KiB. */
static struct fill {
    uint32_t min_rows, max_rows, files, full;
} fills[NTABLES][NT(arena_kib_opts)][2]; /* [..][0] pages, [1] compact */

/* ---- writing -------------------------------------------------------------- */

typedef struct written {
    ppq_status_t init_st, stop_st, close_st;
    uint64_t ok_rows;     /* rows whose calls returned PPQ_OK */
    uint64_t writer_rows; /* ppq_writer_rows() at the end */
    uint32_t intended;
    ppq_writer_options_t used; /* the options used (after options_for_arena) */
    size_t arena_len;
    uint32_t page_bytes; /* effective */
} written_t;

static uint8_t *arena_mem;
static size_t arena_mem_cap;

/* Byte arrays longer than the page's byte limit are refused (PPQ_ERR_ARG,
 * documented): the table is written with them cut to that length. */
static ppq_bytes_t *clamped[MAXCOLS];

static void make_clamped(const table_t *t, uint32_t page_bytes)
{
    uint32_t c, r;
    for (c = 0; c < t->spec->ncols; c++) {
        const ppq_bytes_t *src = t->c[c].values;
        free(clamped[c]);
        clamped[c] = NULL;
        if (t->spec->cols[c].type != PPQ_BYTE_ARRAY || t->c[c].max_len <= page_bytes) continue;
        clamped[c] = xmalloc((size_t)t->rows * sizeof(ppq_bytes_t));
        for (r = 0; r < t->rows; r++) {
            clamped[c][r] = src[r];
            if (clamped[c][r].len > page_bytes) clamped[c][r].len = page_bytes;
        }
    }
}

static const void *col_values(const table_t *t, uint32_t c)
{
    return clamped[c] ? (const void *)clamped[c] : t->c[c].values;
}

static const uint8_t *val_ptr(const table_t *t, uint32_t c, uint32_t r)
{
    return (const uint8_t *)col_values(t, c) + (size_t)r * ppq_value_size(t->spec->cols[c].type);
}

static ppq_status_t set_one(ppq_writer_t *w, const table_t *t, uint32_t c, uint32_t r)
{
    const uint8_t *v = val_ptr(t, c, r);
    switch (t->spec->cols[c].type) {
    case PPQ_BOOLEAN: return ppq_writer_set_bool(w, c, *v);
    case PPQ_INT32: {
        int32_t x;
        memcpy(&x, v, sizeof x);
        return ppq_writer_set_i32(w, c, x);
    }
    case PPQ_INT64: {
        int64_t x;
        memcpy(&x, v, sizeof x);
        return ppq_writer_set_i64(w, c, x);
    }
    case PPQ_FLOAT: {
        float x;
        memcpy(&x, v, sizeof x);
        return ppq_writer_set_float(w, c, x);
    }
    case PPQ_DOUBLE: {
        double x;
        memcpy(&x, v, sizeof x);
        return ppq_writer_set_double(w, c, x);
    }
    default: {
        ppq_bytes_t b;
        memcpy(&b, v, sizeof b);
        return ppq_writer_set_bytes(w, c, b.ptr, b.len);
    }
    }
}

/* Write rows [0, rows) of `t` with `schema` and `opts` (NULL: defaults);
 * the arena: arena_len bytes (0: what ppq_writer_arena_size says). */
static void write_table(const case_t *k, const table_t *t, const ppq_column_t *schema, const ppq_writer_options_t *opts,
                        size_t arena_len, uint32_t rows, int api, mbuf_t *out, written_t *res)
{
    ppq_writer_t w;
    ppq_sink_t sink;
    ppq_sink_t spill;
    ppq_source_t unspill;
    mbuf_t spill_buf = {0};
    ppq_writer_options_t o;
    uint32_t n = t->spec->ncols, c, r;
    ppq_status_t st = PPQ_OK;
    ppq_column_batch_t cols[MAXCOLS];
    uint8_t bits[MAXCOLS][128];
    ppq_field_t fields[MAXCOLS];
    uint64_t rec[MAXCOLS * 4u];
    rng_t g = {k->random ? mix64(k->seed ^ mix64((uint64_t)k->id + 31u)) : k->id * 31u + 7u};
    (void)k;

    memset(res, 0, sizeof *res);
    res->intended = rows;
    out->len = 0;
    sink.write = mbuf_write;
    sink.ctx = out;
    sink.offset = 0;
    if (!opts && auto_all) { /* (opts NULL: the defaults, a zeroed struct, with the flag) */
        memset(&o, 0, sizeof o);
        opts = &o;
    }
    if (opts) {
        o = *opts;
        o.auto_all_encodings = auto_all;
        if (k->spill) {
            spill.write = mbuf_write;
            spill.ctx = &spill_buf;
            spill.offset = 0;
            unspill.read = mbuf_read;
            unspill.ctx = &spill_buf;
            o.footer_spill = &spill;
            o.footer_unspill = &unspill;
        }
        res->used = o;
        res->page_bytes = o.page_bytes ? o.page_bytes : 8192u;
    } else {
        memset(&res->used, 0, sizeof res->used);
        res->page_bytes = 8192u;
    }
    if (!arena_len) arena_len = ppq_writer_arena_size(schema, n, opts ? &o : NULL);
    res->arena_len = arena_len;
    if (arena_len > arena_mem_cap) {
        free(arena_mem);
        arena_mem_cap = arena_len;
        arena_mem = xmalloc(arena_len);
    }
    make_clamped(t, res->page_bytes);
    res->init_st = ppq_writer_init(&w, schema, n, opts ? &o : NULL, &sink, arena_mem, arena_len);
    if (res->init_st != PPQ_OK) {
        free(spill_buf.buf);
        return;
    }
    if (api == API_BATCH) {
        uint32_t at = 0, cut = 0, cut_end = ncuts ? (uint32_t)cut_rows[0] : UINT32_MAX;
        while (at < rows && st == PPQ_OK) {
            uint32_t len = 1u + rbelow(&g, rbelow(&g, 4) == 0 ? 7u : 1500u), got = 0;
            int use_bits = (int)rbelow(&g, 2);
            if (len > rows - at) len = rows - at;
            if (len > 1024u) len = 1024u;
            if (len > cut_end - at) len = cut_end - at;
            for (c = 0; c < n; c++) {
                cols[c].values = val_ptr(t, c, at);
                cols[c].validity = NULL;
                cols[c].def_levels = NULL;
                if (!schema[c].optional) continue;
                if (use_bits) {
                    memset(bits[c], 0, sizeof bits[c]);
                    for (r = 0; r < len; r++) bits[c][r >> 3] |= (uint8_t)(t->c[c].present[at + r] << (r & 7u));
                    cols[c].validity = bits[c];
                } else {
                    cols[c].def_levels = t->c[c].present + at;
                }
            }
            st = ppq_writer_write_batch(&w, cols, len, &got);
            res->ok_rows += got;
            at += len;
            if (at == cut_end && st == PPQ_OK) { /* the AUTO file's row group ended here */
                st = ppq_writer_flush_row_group(&w);
                cut++;
                cut_end = cut < ncuts ? cut_end + (uint32_t)cut_rows[cut] : UINT32_MAX;
            }
        }
    } else if (api == API_SETTERS) {
        for (r = 0; r < rows && st == PPQ_OK; r++) {
            for (c = 0; c < n && st == PPQ_OK; c++) {
                if (!t->c[c].present[r]) {
                    if (r & 1u) st = ppq_writer_set_null(&w, c);
                    continue;
                }
                if (clamped[c] && ((const ppq_bytes_t *)t->c[c].values)[r].len > res->page_bytes) {
                    /* the whole value first: refused, documented, the row unchanged */
                    const ppq_bytes_t *b = &((const ppq_bytes_t *)t->c[c].values)[r];
                    ppq_status_t s2 = ppq_writer_set_bytes(&w, c, b->ptr, b->len);
                    if (s2 != PPQ_ERR_ARG) {
                        failure(k, "long_value_not_refused", "set_bytes of %u bytes (page_bytes %u): %s", b->len,
                                res->page_bytes, ppq_status_str(s2));
                    }
                }
                st = set_one(&w, t, c, r);
            }
            if (st == PPQ_OK) {
                st = ppq_writer_commit_row(&w);
                if (st == PPQ_OK) res->ok_rows++;
            }
        }
    } else {
        /* a record: each column's value in a 16-byte slot, its flag after */
        for (c = 0; c < n; c++) {
            fields[c].value = (uint16_t)(c * 32u);
            fields[c].present = schema[c].optional ? (uint16_t)(c * 32u + 16u) : (uint16_t)PPQ_FIELD_ALWAYS;
        }
        st = ppq_writer_use_record(&w, fields);
        for (r = 0; r < rows && st == PPQ_OK; r++) {
            uint8_t *p = (uint8_t *)rec;
            for (c = 0; c < n; c++) {
                memcpy(p + c * 32u, val_ptr(t, c, r), ppq_value_size(schema[c].type));
                p[c * 32u + 16u] = t->c[c].present[r];
            }
            st = ppq_writer_write_record(&w, rec);
            if (st == PPQ_OK) res->ok_rows++;
        }
    }
    res->stop_st = st;
    res->writer_rows = ppq_writer_rows(&w);
    res->close_st = ppq_writer_close(&w);
    free(spill_buf.buf);
}

/* ---- reading back -------------------------------------------------------- */

static uint8_t *rd_arena;
static size_t rd_arena_cap = (size_t)256u << 20;

/* Row groups a file may have (--random's tiny row groups: up to 30,000 rows
 * in row groups of 2 or 3) */
#define MAXRG 16384u

typedef struct chunks {
    uint32_t nrg;
    int64_t rg_rows[MAXRG];
    int64_t size[MAXRG][MAXCOLS]; /* compressed bytes, headers included */
    uint32_t enc[MAXRG][MAXCOLS];
} chunks_t;

static int same_value(ppq_type_t type, const uint8_t *want, const uint8_t *got)
{
    if (type == PPQ_BOOLEAN) return (*want != 0) == (*got != 0);
    if (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        ppq_bytes_t a, b;
        memcpy(&a, want, sizeof a);
        memcpy(&b, got, sizeof b);
        return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
    }
    return memcmp(want, got, ppq_value_size(type)) == 0;
}

/* 0: the file holds rows [0, rows) of `t` value for value (its chunk sizes in *ch). */
static int read_back(const case_t *k, const char *what, const table_t *t, const mbuf_t *file, uint64_t rows,
                     chunks_t *ch)
{
    ppq_file_t f = {mbuf_read_at, NULL, NULL, (void *)(uintptr_t)0, 0};
    ppq_reader_t rd;
    ppq_arena_t a;
    ppq_status_t st;
    uint32_t g, c, n = t->spec->ncols;
    uint64_t base = 0;
    static union {
        ppq_bytes_t b;
        double d;
        int64_t i;
    } vals[4096];
    static int16_t def[4096];

    f.ctx = (void *)(uintptr_t)file;
    f.size = file->len;
    if (!rd_arena) rd_arena = xmalloc(rd_arena_cap);
    ppq_arena_init(&a, rd_arena, rd_arena_cap);
    st = ppq_reader_open(&rd, &f, &a);
    if (st != PPQ_OK) {
        failure(k, "read_open", "%s: ppq_reader_open: %s", what, ppq_status_str(st));
        return 1;
    }
    if (rd.num_rows != (int64_t)rows || rd.ncols != n) {
        failure(k, "lost_rows", "%s: the file has %lld rows (%u columns), the writer committed %llu", what,
                (long long)rd.num_rows, rd.ncols, (unsigned long long)rows);
        return 1;
    }
    if (rd.nrg > MAXRG) {
        failure(k, "read_open", "%s: %u row groups (the sweep reads up to %u)", what, rd.nrg, MAXRG);
        return 1;
    }
    ch->nrg = rd.nrg;
    for (g = 0; g < rd.nrg; g++) {
        int64_t rgr = ppq_reader_row_group_rows(&rd, g);
        ch->rg_rows[g] = rgr;
        for (c = 0; c < n; c++) {
            const ppq_chunk_info_t *ci = ppq_reader_chunk(&rd, g, c);
            ppq_column_reader_t cr;
            size_t mark = ppq_arena_mark(&a), levels = 0, count = 0, i, vi;
            uint64_t row = base;
            ppq_type_t type = t->spec->cols[c].type;
            size_t vsize = ppq_value_size(type); /* values come out dense, in their C type */
            int opt = t->spec->cols[c].optional;
            ch->size[g][c] = ci->compressed_size;
            ch->enc[g][c] = ci->encodings;
            st = ppq_column_reader_init(&cr, &rd, g, c, &a);
            if (st != PPQ_OK) {
                failure(k, "read_error", "%s: column %s row group %u: init: %s", what, t->spec->cols[c].name, g,
                        ppq_status_str(st));
                return 1;
            }
            for (;;) {
                st = ppq_column_reader_read(&cr, 4096, vals, opt ? def : NULL, NULL, &levels, &count);
                if (st != PPQ_OK) {
                    failure(k, "read_error", "%s: column %s row group %u row %llu: %s", what, t->spec->cols[c].name,
                            g, (unsigned long long)row, ppq_status_str(st));
                    return 1;
                }
                if (levels == 0) break;
                for (i = 0, vi = 0; i < levels; i++, row++) {
                    int has = opt ? def[i] != 0 : 1;
                    if (row >= base + (uint64_t)rgr || row >= rows) {
                        failure(k, "readback", "%s: column %s row group %u: more values than its %lld rows", what,
                                t->spec->cols[c].name, g, (long long)rgr);
                        return 1;
                    }
                    if (has != t->c[c].present[row] ||
                        (has && !same_value(type, val_ptr(t, c, (uint32_t)row), (const uint8_t *)vals + vi * vsize))) {
                        failure(k, "readback", "%s: column %s row %llu: %s", what, t->spec->cols[c].name,
                                (unsigned long long)row,
                                has != t->c[c].present[row] ? "null where a value was written, or back"
                                                            : "another value");
                        return 1;
                    }
                    vi += (size_t)has;
                }
                if (vi != count) {
                    failure(k, "readback", "%s: column %s: %zu values for %zu present levels", what,
                            t->spec->cols[c].name, count, vi);
                    return 1;
                }
            }
            values_checked += row - base;
            if (row != base + (uint64_t)rgr) {
                failure(k, "readback", "%s: column %s row group %u: %llu rows, expected %lld", what,
                        t->spec->cols[c].name, g, (unsigned long long)(row - base), (long long)rgr);
                return 1;
            }
            ppq_arena_rewind(&a, mark);
        }
        base += (uint64_t)rgr;
    }
    return 0;
}

/* ---- the AUTO ratio --------------------------------------------------------- */

static const ppq_column_encoding_t fixed_encs[] = {
    PPQ_COLUMN_PLAIN, PPQ_COLUMN_DICTIONARY, PPQ_COLUMN_DELTA_BINARY_PACKED, PPQ_COLUMN_BYTE_STREAM_SPLIT,
    PPQ_COLUMN_RLE, PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY, PPQ_COLUMN_DELTA_BYTE_ARRAY};
static const char *const enc_col_name[] = {"AUTO", "PLAIN", "DICTIONARY", "DELTA_BINARY_PACKED",
                                           "BYTE_STREAM_SPLIT", "RLE", "DELTA_LENGTH_BYTE_ARRAY",
                                           "DELTA_BYTE_ARRAY"};
#define NFIXED NT(fixed_encs)

static int type_allows(ppq_type_t type, ppq_column_encoding_t e, int compact)
{
    switch (e) {
    case PPQ_COLUMN_PLAIN: return 1;
    case PPQ_COLUMN_DICTIONARY: return type != PPQ_BOOLEAN;
    case PPQ_COLUMN_DELTA_BINARY_PACKED: return type == PPQ_INT32 || type == PPQ_INT64;
    case PPQ_COLUMN_BYTE_STREAM_SPLIT:
        return !compact && (type == PPQ_FLOAT || type == PPQ_DOUBLE || type == PPQ_INT32 || type == PPQ_INT64 ||
                            type == PPQ_FIXED_LEN_BYTE_ARRAY);
    case PPQ_COLUMN_RLE: return type == PPQ_BOOLEAN;
    case PPQ_COLUMN_DELTA_LENGTH_BYTE_ARRAY: return !compact && type == PPQ_BYTE_ARRAY;
    case PPQ_COLUMN_DELTA_BYTE_ARRAY: return !compact && (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY);
    default: return 0;
    }
}

static void enc_list(uint32_t bits, char *out, size_t cap)
{
    static const char *const names[] = {"PLAIN", "1", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED", "DBP", "DLBA", "DBA",
                                        "RLE_DICTIONARY", "BSS"};
    size_t len = 0;
    uint32_t i;
    out[0] = 0;
    for (i = 0; i < 10u; i++) {
        if (bits & (1u << i)) len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? "+" : "", names[i]);
        if (len >= cap) break;
    }
}

static uint32_t ratio_chunks, ratio_over, ratio_over_small, ratio_over_read;
/* --random: the AUTO chunks over 1.05x by layout (0 pages, 1 compact), by
 * sizing (enum sizing) and by whether their best fixed encoding is one
 * every reader reads (1: readers_read); the init refusals the headers
 * document, by reason; files whose footer store filled (no spill) */
static uint32_t rnd_over_layout[2], rnd_over_sizing[3], rnd_over_readable[2];
static uint32_t rnd_refused_level, rnd_refused_compact_opts, rnd_refused_compact_store, rnd_full;
static double worst_ratio, worst_read;
static char worst_case[1024], worst_read_case[1024];

/* Does one of the four readers the project checks with (DuckDB 1.5.6,
 * arrow-rs, hyparquet, polars) lack encoding e of `type`?  DuckDB reads
 * BYTE_STREAM_SPLIT of FLOAT and DOUBLE only, polars no DELTA_BYTE_ARRAY
 * (nor BYTE_STREAM_SPLIT) of FIXED_LEN_BYTE_ARRAY.  AUTO writes none of
 * these without opts.auto_all_encodings; its ratio is reported against
 * every encoding the type allows and against those the readers all read
 * (readers_read: all of them under --auto-all). */
static int reader_lacks(ppq_type_t type, ppq_column_encoding_t e)
{
    if (e == PPQ_COLUMN_BYTE_STREAM_SPLIT) return type != PPQ_FLOAT && type != PPQ_DOUBLE;
    return e == PPQ_COLUMN_DELTA_BYTE_ARRAY && type == PPQ_FIXED_LEN_BYTE_ARRAY;
}

static int readers_read(ppq_type_t type, ppq_column_encoding_t e)
{
    return auto_all || !reader_lacks(type, e); /* (--auto-all: AUTO weighs every encoding the type allows) */
}

/* ---- one case ------------------------------------------------------------- */

static chunks_t auto_ch, refs[NFIXED];
/* The issue's arena cases, one line each for the summary. */
static char arena_lines[NTABLES * 10u][200];
static uint32_t narena_lines;

static int ref_ok[NFIXED];
static size_t ref_len[NFIXED];

static const char *type_name(ppq_type_t t)
{
    return t == PPQ_INT32 ? "INT32" : t == PPQ_INT64 ? "INT64" : t == PPQ_FLOAT ? "FLOAT"
         : t == PPQ_DOUBLE ? "DOUBLE" : t == PPQ_BOOLEAN ? "BOOLEAN" : t == PPQ_FIXED_LEN_BYTE_ARRAY ? "FLBA" : "BYTE_ARRAY";
}

static int same_groups(const chunks_t *x, const chunks_t *y)
{
    uint32_t g;
    if (x->nrg != y->nrg) return 0;
    for (g = 0; g < x->nrg; g++) {
        if (x->rg_rows[g] != y->rg_rows[g]) return 0;
    }
    return 1;
}

/* Each AUTO column's chunks against the smallest fixed encoding's: chunk by
 * chunk where the row groups line up (they do unless a layout ends row
 * groups by bytes), else the column's chunks together. */
/* AUTO's file's bytes against the smallest fixed file of as many rows
 * (0: none): what an over across unaligned row groups costs the file. */
static double file_vs_fixed(size_t auto_len)
{
    size_t best = 0;
    uint32_t e;
    for (e = 0; e < NFIXED; e++) {
        if (ref_ok[e] && (!best || ref_len[e] < best)) best = ref_len[e];
    }
    return best ? (double)auto_len / (double)best : 0.0;
}

static void compare_auto(const case_t *k, const table_t *t, const ppq_column_t *schema, int compact, int have_opts,
                         const ppq_writer_options_t *u, size_t auto_len)
{
    uint32_t c, e, g, n = t->spec->ncols;
    for (c = 0; c < n; c++) {
        int aligned = 1, any = 0;
        uint32_t groups;
        for (e = 0; e < NFIXED; e++) {
            if (!ref_ok[e] || !type_allows(schema[c].type, fixed_encs[e], compact)) continue;
            any = 1;
            if (!same_groups(&auto_ch, &refs[e])) aligned = 0;
        }
        if (!any) continue;
        groups = aligned ? auto_ch.nrg : 1u;
        for (g = 0; g < groups; g++) {
            int64_t mine = 0, best = -1, best_read = -1;
            uint32_t best_e = 0, x;
            double ratio;
            char ex[1024], what[400], encs[96], key[64], fileratio[64];
            if (aligned) {
                mine = auto_ch.size[g][c];
            } else {
                for (x = 0; x < auto_ch.nrg; x++) mine += auto_ch.size[x][c];
            }
            for (e = 0; e < NFIXED; e++) {
                int64_t s = 0;
                if (!ref_ok[e] || !type_allows(schema[c].type, fixed_encs[e], compact)) continue;
                if (aligned) {
                    s = refs[e].size[g][c];
                } else {
                    for (x = 0; x < refs[e].nrg; x++) s += refs[e].size[x][c];
                }
                if (best < 0 || s < best) {
                    best = s;
                    best_e = e;
                }
                if (readers_read(schema[c].type, fixed_encs[e]) && (best_read < 0 || s < best_read)) best_read = s;
            }
            if (best <= 0) continue;
            ratio = (double)mine / (double)best;
            ratio_chunks++;
            enc_list(auto_ch.enc[aligned ? g : 0][c], encs, sizeof encs);
            fileratio[0] = 0;
            if (!aligned) { /* (and the whole file's ratio: a column across other row groups gains what the
                               others pay) */
                snprintf(fileratio, sizeof fileratio, " (AUTO's file %.3fx the smallest fixed file)", file_vs_fixed(auto_len));
            }
            snprintf(what, sizeof what, "column %s (%s %s) %s%u: AUTO %lld bytes (%s), %s %lld: %.3fx%s",
                     t->spec->cols[c].name, shape_name[t->spec->cols[c].shape], type_name(schema[c].type),
                     aligned ? "row group " : "all row groups (unaligned), ", aligned ? g : auto_ch.nrg,
                     (long long)mine, encs, enc_col_name[fixed_encs[best_e]], (long long)best, ratio, fileratio);
            snprintf(ex, sizeof ex, "%s %s; %s", case_tag(k), what, k->desc);
            if (ratio > worst_ratio) {
                worst_ratio = ratio;
                snprintf(worst_case, sizeof worst_case, "%s", ex);
            }
            snprintf(key, sizeof key, "shape %s %s%s", shape_name[t->spec->cols[c].shape], type_name(schema[c].type),
                     t->spec->cols[c].optional ? " opt" : "");
            note_ratio(key, ratio, ex);
            if (have_opts) {
                snprintf(key, sizeof key, "dict %u/%u", u->dict_entries, u->dict_bytes);
                note_ratio(key, ratio, ex);
                snprintf(key, sizeof key, "page_values %u", u->page_values);
                note_ratio(key, ratio, ex);
            }
            snprintf(key, sizeof key, "layout %s", compact ? "compact" : have_opts ? "pages" : "pages (opts NULL)");
            note_ratio(key, ratio, ex);
            snprintf(key, sizeof key, "codec %s", ppq_codec_name(have_opts ? u->codec : PPQ_CODEC_UNCOMPRESSED));
            note_ratio(key, ratio, ex);
            snprintf(key, sizeof key, "pages v%d", have_opts && u->page_v2 ? 2 : 1);
            note_ratio(key, ratio, ex);
            snprintf(key, sizeof key, "sizing %s",
                     k->sizing == SZ_MANUAL ? "manual" : k->sizing == SZ_ARENA ? "arena" : "opts NULL");
            note_ratio(key, ratio, ex);
            snprintf(key, sizeof key, "api %s", api_name[k->api]);
            note_ratio(key, ratio, ex);
            if (best_read > 0 && (double)mine / (double)best_read > 1.05) {
                ratio_over_read++;
                if (verbose) fprintf(stderr, "over-readable %.3fx %s\n", (double)mine / (double)best_read, ex);
            }
            if (best_read > 0 && (double)mine / (double)best_read > worst_read) {
                worst_read = (double)mine / (double)best_read;
                snprintf(worst_read_case, sizeof worst_read_case, "%s", ex);
            }
            if (ratio > 1.05) {
                if (verbose) fprintf(stderr, "over %s\n", ex); /* (every chunk over, for analysis) */
                if (k->random) {
                    rnd_over_layout[compact ? 1 : 0]++;
                    rnd_over_sizing[k->sizing]++;
                    rnd_over_readable[readers_read(schema[c].type, fixed_encs[best_e]) ? 1 : 0]++;
                }
                ratio_over++;
                if (best < 256) ratio_over_small++;
                failure(k, best < 256 ? "auto_ratio_small_chunk" : "auto_ratio", "%s", what);
            }
        }
    }
}

static table_t tabs[NTABLES], long_tabs[NTABLES];
static const char *out_dir;
static long only_case = -1; /* --only ID: run that case alone, its AUTO file kept in --out */
static uint32_t samples;

static void set_logical(ppq_column_t *col, int shape);

/* A column's logical type in the sample's .json, so the interop readers'
 * logical values (dates, decimals, unsigned, text) can be brought back to
 * the physical value the writer was given; nothing for a column without. */
static void json_logical(FILE *f, const colspec_t *cs)
{
    static const char *const unit[] = {"ms", "us", "ns"};
    ppq_column_t col;
    const ppq_logical_t *l = &col.logical;
    memset(&col, 0, sizeof col);
    col.type = cs->type;
    set_logical(&col, cs->shape);
    switch (l->kind) {
    case PPQ_LOGICAL_NONE: return;
    case PPQ_LOGICAL_STRING: fputs(",\"logical\":{\"kind\":\"string\"}", f); return;
    case PPQ_LOGICAL_ENUM: fputs(",\"logical\":{\"kind\":\"enum\"}", f); return;
    case PPQ_LOGICAL_JSON: fputs(",\"logical\":{\"kind\":\"json\"}", f); return;
    case PPQ_LOGICAL_UUID: fputs(",\"logical\":{\"kind\":\"uuid\"}", f); return;
    case PPQ_LOGICAL_FLOAT16: fputs(",\"logical\":{\"kind\":\"float16\"}", f); return;
    case PPQ_LOGICAL_DATE: fputs(",\"logical\":{\"kind\":\"date\"}", f); return;
    case PPQ_LOGICAL_INT:
        fprintf(f, ",\"logical\":{\"kind\":\"int\",\"bits\":%u,\"signed\":%s}", (unsigned)l->bit_width,
                l->is_signed ? "true" : "false");
        return;
    case PPQ_LOGICAL_DECIMAL:
        fprintf(f, ",\"logical\":{\"kind\":\"decimal\",\"precision\":%d,\"scale\":%d}", (int)l->precision,
                (int)l->scale);
        return;
    case PPQ_LOGICAL_TIME:
    case PPQ_LOGICAL_TIMESTAMP:
        fprintf(f, ",\"logical\":{\"kind\":\"%s\",\"unit\":\"%s\",\"utc\":%s}",
                l->kind == PPQ_LOGICAL_TIME ? "time" : "timestamp", unit[l->unit], l->utc ? "true" : "false");
        return;
    }
}

static void dump_json(const char *path, const table_t *t, uint64_t rows, const case_t *k)
{
    FILE *f = fopen(path, "w");
    uint32_t c;
    uint64_t r;
    if (!f) return;
    fprintf(f, "{\"case\":%u,\"config\":\"%s\",\"columns\":[", k->id, k->desc);
    for (c = 0; c < t->spec->ncols; c++) {
        fprintf(f, "%s{\"name\":\"%s\",\"type\":%d,\"optional\":%d", c ? "," : "", t->spec->cols[c].name,
                (int)t->spec->cols[c].type, t->spec->cols[c].optional);
        json_logical(f, &t->spec->cols[c]);
        fputc('}', f);
    }
    fprintf(f, "],\"rows\":[");
    for (r = 0; r < rows; r++) {
        fprintf(f, "%s[", r ? ",\n" : "");
        for (c = 0; c < t->spec->ncols; c++) {
            const uint8_t *v = val_ptr(t, c, (uint32_t)r);
            if (c) fputc(',', f);
            if (!t->c[c].present[r]) {
                fputs("null", f);
                continue;
            }
            switch (t->spec->cols[c].type) {
            case PPQ_BOOLEAN: fputs(*v ? "true" : "false", f); break;
            case PPQ_INT32: {
                int32_t x;
                memcpy(&x, v, sizeof x);
                fprintf(f, "\"%d\"", x);
                break;
            }
            case PPQ_INT64: {
                int64_t x;
                memcpy(&x, v, sizeof x);
                fprintf(f, "\"%lld\"", (long long)x);
                break;
            }
            case PPQ_FLOAT: {
                float x;
                memcpy(&x, v, sizeof x);
                fprintf(f, "%.9g", (double)x);
                break;
            }
            case PPQ_DOUBLE: {
                double x;
                memcpy(&x, v, sizeof x);
                fprintf(f, "%.17g", x);
                break;
            }
            default: {
                ppq_bytes_t b;
                uint32_t i;
                memcpy(&b, v, sizeof b);
                fputc('"', f);
                for (i = 0; i < b.len; i++) fprintf(f, "%02x", b.ptr[i]);
                fputc('"', f);
                break;
            }
            }
        }
        fputc(']', f);
    }
    fprintf(f, "],\"codec\":\"%s\"}\n", ppq_codec_name(k->o.codec));
    fclose(f);
}

/* --auto-all's sample also takes up to 24 AUTO files that hold a chunk
 * in an encoding one of the interop readers lacks (sweep_check.mjs: its
 * note), for the others to read value for value. */
static uint32_t unread_samples;

static int writes_unread(const table_t *t, const ppq_column_t *schema)
{
    uint32_t g, c;
    for (g = 0; g < auto_ch.nrg; g++) {
        for (c = 0; c < t->spec->ncols; c++) {
            uint32_t bits = auto_ch.enc[g][c];
            ppq_type_t type = schema[c].type;
            if (((bits >> PPQ_ENC_BYTE_STREAM_SPLIT & 1u) && reader_lacks(type, PPQ_COLUMN_BYTE_STREAM_SPLIT)) ||
                ((bits >> PPQ_ENC_DELTA_BYTE_ARRAY & 1u) && reader_lacks(type, PPQ_COLUMN_DELTA_BYTE_ARRAY))) {
                return 1;
            }
        }
    }
    return 0;
}

static void describe(case_t *k, const ppq_writer_options_t *o, size_t arena_len)
{
    const char *sz = k->sizing == SZ_MANUAL ? "manual" : k->sizing == SZ_ARENA ? "arena" : "opts-NULL";
    if (k->random) { /* the table is the case's own: its rows and columns (the over lines name each column's) */
        snprintf(k->desc, sizeof k->desc,
                 "random seed=%llu case=%u rows=%u cols=%u api=%s sizing=%s arena=%zu%s dict=%u/%u page_values=%u "
                 "page_bytes=%u rg_rows=%u rg_bytes=%u chunk_bytes=%u footer_bytes=%u compact=%u codec=%s level=%d "
                 "recovery=%u v2=%u stats=%u crc=%u index=%u bloom=%u",
                 (unsigned long long)k->seed, k->id, k->tab->rows, k->tab->spec->ncols, api_name[k->api], sz,
                 arena_len, k->spill ? " spill" : "", o->dict_entries, o->dict_bytes, o->page_values, o->page_bytes,
                 o->row_group_rows, o->row_group_bytes, o->chunk_bytes, o->footer_bytes, o->compact,
                 ppq_codec_name(o->codec), (int)o->codec_level, o->recovery, o->page_v2, !o->no_statistics,
                 o->page_crc, !o->no_page_index, !o->no_bloom);
        if (auto_all) {
            size_t len = strlen(k->desc);
            snprintf(k->desc + len, sizeof k->desc - len, " auto_all=1");
        }
        return;
    }
    snprintf(k->desc, sizeof k->desc,
             "table=%s api=%s sizing=%s arena=%zu%s dict=%u/%u page_values=%u page_bytes=%u rg_rows=%u "
             "rg_bytes=%u chunk_bytes=%u footer_bytes=%u compact=%u codec=%s recovery=%u v2=%u stats=%u crc=%u",
             tables[k->table].name, api_name[k->api], sz, arena_len, k->spill ? " spill" : "", o->dict_entries,
             o->dict_bytes, o->page_values, o->page_bytes, o->row_group_rows, o->row_group_bytes, o->chunk_bytes,
             o->footer_bytes, o->compact, ppq_codec_name(o->codec), o->recovery, o->page_v2, !o->no_statistics,
             o->page_crc);
    if (auto_all) { /* (sweep_check.mjs: readers that lack these encodings say so) */
        size_t len = strlen(k->desc);
        snprintf(k->desc + len, sizeof k->desc - len, " auto_all=1");
    }
}

/* The fourth generator's columns carry the logical types their writers would give them. */
static void set_logical(ppq_column_t *col, int shape)
{
    ppq_logical_t *l = &col->logical;
    switch (shape) {
    case SH_NS_BURST:
    case SH_MS_GAPS:
        l->kind = PPQ_LOGICAL_TIMESTAMP;
        l->utc = 1;
        l->unit = shape == SH_NS_BURST ? PPQ_UNIT_NANOS : PPQ_UNIT_MILLIS;
        break;
    case SH_PRICE:
    case SH_ACCUM:
        if (shape == SH_ACCUM && col->type != PPQ_FIXED_LEN_BYTE_ARRAY) break;
        l->kind = PPQ_LOGICAL_DECIMAL;
        l->precision = col->type == PPQ_INT32 ? 9 : col->type == PPQ_INT64 ? 18 : 38;
        l->scale = col->type == PPQ_INT32 ? 2 : shape == SH_ACCUM ? 1 : 4;
        break;
    case SH_WRAP32:
        if (col->type == PPQ_INT32) { /* a uint32_t logged as it is */
            l->kind = PPQ_LOGICAL_INT;
            l->bit_width = 32;
            l->is_signed = 0;
        }
        break;
    case SH_UUID7:
    case SH_HEX:
        l->kind = col->type == PPQ_FIXED_LEN_BYTE_ARRAY ? PPQ_LOGICAL_UUID : PPQ_LOGICAL_STRING;
        break;
    case SH_PRICE2: /* (--random) cents: DECIMAL(9, 2), (18, 2), (38, 2) */
        if (col->type == PPQ_INT32 || col->type == PPQ_INT64 || col->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            l->kind = PPQ_LOGICAL_DECIMAL;
            l->precision = col->type == PPQ_INT32 ? 9 : col->type == PPQ_INT64 ? 18 : 38;
            l->scale = 2;
        }
        break;
    case SH_ENUM: l->kind = PPQ_LOGICAL_ENUM; break;
    case SH_JSON: l->kind = PPQ_LOGICAL_JSON; break;
    default: break;
    }
}

/* --random: whether an init refusal (PPQ_ERR_ARG) is one the headers
 * document for these options: the compact layout with a codec, v2 pages or
 * recovery records (ppq_writer.h), a level the codec does not have
 * (ppq_codec.h: ZSTD up to 22, GZIP 0..9; SNAPPY and LZ4 take 0..9), or a
 * compact store whose least (one row into an empty row group: the two
 * longest values of each column, BYTE_ARRAY's page_bytes) passes 65535
 * bytes; NULL: none of them (a failure). */
static const char *random_refusal(const ppq_column_t *schema, uint32_t n, const ppq_writer_options_t *o,
                                  ppq_status_t st)
{
    uint32_t c, pb = o->page_bytes ? o->page_bytes : 8192u, de = o->dict_entries ? o->dict_entries : 16384u, bw = 0;
    size_t least = 0;
    int lv = o->codec_level;
    if (st != PPQ_ERR_ARG) return NULL;
    if (o->compact && (o->codec != PPQ_CODEC_UNCOMPRESSED || o->page_v2 || o->recovery)) return "compact_options";
    if ((o->codec == PPQ_CODEC_ZSTD && lv > 22) ||
        ((o->codec == PPQ_CODEC_GZIP || o->codec == PPQ_CODEC_SNAPPY || o->codec == PPQ_CODEC_LZ4 ||
          o->codec == PPQ_CODEC_LZ4_RAW) && (lv < 0 || lv > 9))) {
        return "level";
    }
    while (bw < 16u && (1u << bw) < de) bw++;
    for (c = 0; c < n && o->compact; c++) {
        size_t vmax = schema[c].type == PPQ_BYTE_ARRAY ? 4u + (size_t)pb
                    : schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY ? schema[c].type_len + 1u
                    : ppq_value_size(schema[c].type) + 1u;
        least += 96u + 2u * vmax + 2u * bw;
    }
    if (least > 0xFFFFu) return "compact_store";
    /* not in the headers: chunk_bytes 0 in the compact layout is 4,096
     * bytes a column, refused where the least store is more (1 takes the
     * least) */
    return o->compact && o->chunk_bytes == 0u && least > 4096u * (size_t)n ? "compact_chunk0" : NULL;
}

static ppq_sink_t spill_mark;
static ppq_source_t unspill_mark;

static void run_case(case_t *k)
{
    const table_t *t = k->tab ? k->tab : &tabs[k->table];
    uint32_t n = t->spec->ncols, c, e;
    ppq_column_t schema[MAXCOLS], ref[MAXCOLS];
    ppq_writer_options_t o = k->o, ro, ro_null;
    const ppq_writer_options_t *op = &o;
    size_t arena_len = 0;
    static mbuf_t file, rfile;
    written_t res, rres;
    uint32_t rows;
    int compact, fi = -1;

    memset(&ro_null, 0, sizeof ro_null);
    o.auto_all_encodings = auto_all; /* (before options_for_arena, which sizes the arena for it) */
    for (c = 0; c < n; c++) {
        memset(&schema[c], 0, sizeof schema[c]);
        schema[c].name = t->spec->cols[c].name;
        schema[c].type = t->spec->cols[c].type;
        schema[c].optional = t->spec->cols[c].optional;
        schema[c].type_len = schema[c].type == PPQ_FIXED_LEN_BYTE_ARRAY ? FLBA_LEN : 0u;
        schema[c].encoding = PPQ_COLUMN_AUTO;
        set_logical(&schema[c], t->spec->cols[c].shape);
    }
    if (k->sizing == SZ_ARENA) {
        uint32_t i;
        ppq_status_t st;
        arena_len = (size_t)k->arena_kib * 1024u;
        for (i = 0; i < NT(arena_kib_opts) && !k->random; i++) {
            if (arena_kib_opts[i] == k->arena_kib) fi = (int)i;
        }
        /* options_for_arena sizes the footer store by whether there is a
         * spill (documented: set it first); write_table sets the real one */
        if (k->spill) {
            o.footer_spill = &spill_mark;
            o.footer_unspill = &unspill_mark;
        }
        st = ppq_writer_options_for_arena(&o, schema, n, arena_len);
        if (st == PPQ_ERR_ARENA) {
            describe(k, &o, arena_len);
            nskipped++;
            if (verbose) printf("{\"skip\":\"no configuration fits\",\"case\":%u,\"config\":\"%s\"}\n", k->id, k->desc);
            return;
        }
        describe(k, &o, arena_len);
        if (st != PPQ_OK) {
            failure(k, "options_for_arena", "%s", ppq_status_str(st));
            return;
        }
        if (ppq_writer_arena_size(schema, n, &o) > arena_len) {
            failure(k, "arena_size", "ppq_writer_arena_size %zu > the arena %zu", ppq_writer_arena_size(schema, n, &o),
                    arena_len);
        }
        /* without a spill the file fills: the sensor tables run longer to see where */
        if (!k->spill && !k->random && long_tabs[k->table].rows) t = &long_tabs[k->table];
    } else if (k->sizing == SZ_NULL) {
        op = NULL;
        memset(&o, 0, sizeof o);
        k->o.codec = PPQ_CODEC_UNCOMPRESSED; /* (the defaults' codec, for the sample's .json) */
        describe(k, &o, 0);
    } else {
        describe(k, &o, 0);
    }
    ncases++;
    rows = t->rows;
    compact = op && o.compact;

    nwrites++;
    write_table(k, t, schema, op, arena_len, rows, k->api, &file, &res);
    if (res.init_st != PPQ_OK) {
        if (k->random) { /* a refusal the headers document, else a failure */
            const char *why = random_refusal(schema, n, &res.used, res.init_st);
            if (why && !strcmp(why, "compact_chunk0")) {
                failure(k, "init_compact_chunk0", "ppq_writer_init: %s (compact, chunk_bytes 0, a store of 4096 "
                        "bytes a column below its least)", ppq_status_str(res.init_st));
                return;
            }
            if (why) {
                if (!strcmp(why, "level")) rnd_refused_level++;
                else if (!strcmp(why, "compact_options")) rnd_refused_compact_opts++;
                else rnd_refused_compact_store++;
                if (verbose) printf("{\"refused\":\"%s\",\"status\":\"%s\",\"config\":\"%s\"}\n", why,
                                    ppq_status_str(res.init_st), k->desc);
                ncases--;
                return;
            }
        }
        if (res.init_st == PPQ_ERR_ARG && compact && k->sizing == SZ_MANUAL && res.arena_len == 0 && !k->random) {
            /* documented: the compact store (at least two of each column's
             * longest values) must stay within 65535 bytes */
            nskipped_compact++;
            ncases--;
            return;
        }
        failure(k, "init", "ppq_writer_init: %s (arena %zu)", ppq_status_str(res.init_st), res.arena_len);
        return;
    }
    if (res.stop_st != PPQ_OK) {
        if (res.stop_st == PPQ_ERR_NOSPACE && !k->spill) {
            /* documented: the footer store is full; reported as rows per file */
            if (fi >= 0) {
                struct fill *f = &fills[k->table][fi][compact];
                if (!f->files || res.writer_rows < f->min_rows) f->min_rows = (uint32_t)res.writer_rows;
                if (res.writer_rows > f->max_rows) f->max_rows = (uint32_t)res.writer_rows;
                f->full++;
            } else if (k->random) {
                rnd_full++; /* documented: a footer store of footer_bytes, no spill */
            } else {
                failure(k, "nospace", "%s after %llu rows without a small arena",
                        ppq_status_str(res.stop_st), (unsigned long long)res.writer_rows);
            }
        } else {
            failure(k, "write_status", "%s after %llu rows (%llu returned PPQ_OK)", ppq_status_str(res.stop_st),
                    (unsigned long long)res.writer_rows, (unsigned long long)res.ok_rows);
        }
    } else if (fi >= 0 && !k->spill) {
        struct fill *f = &fills[k->table][fi][compact];
        if (!f->files || res.writer_rows < f->min_rows) f->min_rows = (uint32_t)res.writer_rows;
        if (res.writer_rows > f->max_rows) f->max_rows = (uint32_t)res.writer_rows;
    }
    if (fi >= 0 && !k->spill) fills[k->table][fi][compact].files++;
    if (res.writer_rows < res.ok_rows) {
        failure(k, "lost_rows", "ppq_writer_rows %llu < %llu rows whose calls returned PPQ_OK",
                (unsigned long long)res.writer_rows, (unsigned long long)res.ok_rows);
    }
    if (res.close_st != PPQ_OK) {
        failure(k, "close", "ppq_writer_close: %s after %llu rows", ppq_status_str(res.close_st),
                (unsigned long long)res.writer_rows);
        return;
    }
    if (read_back(k, "AUTO", t, &file, res.writer_rows, &auto_ch)) return;
    if (verbose) { /* (each AUTO file's size, for comparing two builds) */
        fprintf(stderr, "file %s: %zu bytes, %llu rows, %u row groups\n", case_tag(k), file.len,
                (unsigned long long)res.writer_rows, auto_ch.nrg);
    }
    if (k->plain && narena_lines < NT(arena_lines)) {
        snprintf(arena_lines[narena_lines++], sizeof arena_lines[0],
                 "%-12s %2u KiB %-8s %-7s: %5llu rows of %u%s, %4u row groups, %7zu bytes (dict %u, chunk_bytes %u, "
                 "footer_bytes %u)",
                 tables[k->table].name, k->arena_kib, k->spill ? "spill" : "no spill", compact ? "compact" : "pages",
                 (unsigned long long)res.writer_rows, rows, res.stop_st == PPQ_ERR_NOSPACE ? " (full)" : "",
                 auto_ch.nrg, file.len, o.dict_entries, o.chunk_bytes, o.footer_bytes);
    }
    /* the sample: 1 case in 13 (the third generator's tables, with fewer
     * cases and a type the others lack: 1 in 5); and the case --only names
     * (random mode too) */
    if (out_dir && ((!k->random && k->id % (tables[k->table].cols == t_imu || tables[k->table].cols == t_gps ? 5u : 13u) == 0u &&
                     samples < 56u) ||
                    (auto_all && unread_samples < 24u && writes_unread(t, schema) && ++unread_samples) ||
                    (long)k->id == only_case) &&
        file.len < (8u << 20)) {
        char path[512];
        FILE *f;
        snprintf(path, sizeof path, "%s/case%05u.parquet", out_dir, k->id);
        f = fopen(path, "wb");
        if (f) {
            fwrite(file.buf, 1, file.len, f);
            fclose(f);
            snprintf(path, sizeof path, "%s/case%05u.json", out_dir, k->id);
            dump_json(path, t, res.writer_rows, k);
            samples++;
        }
    }

    /* the same table once per fixed encoding, the same options (the batch API) */
    for (e = 0; e < NFIXED; e++) {
        int any = 0;
        ref_ok[e] = 0;
        for (c = 0; c < n; c++) {
            ref[c] = schema[c];
            if (type_allows(schema[c].type, fixed_encs[e], compact)) {
                ref[c].encoding = fixed_encs[e];
                any = 1;
            }
        }
        if (!any) continue;
        nwrites++;
        /* the same options, but row groups that end only where AUTO's did
         * (a chunk buffer and footer store for the whole table) */
        ro = op ? res.used : ro_null;
        ro.row_group_rows = 0x7FFFFFFFu;
        ro.row_group_bytes = 0;
        ro.chunk_bytes = compact ? 0xFFFFu / n : 0u;
        if (!k->spill) ro.footer_bytes = 1u << 20;
        cut_rows = auto_ch.rg_rows;
        ncuts = auto_ch.nrg;
        write_table(k, t, ref, &ro, 0, (uint32_t)res.writer_rows, API_BATCH, &rfile, &rres);
        ncuts = 0;
        if (rres.init_st != PPQ_OK) {
            failure(k, "init_fixed", "%s: ppq_writer_init: %s", enc_col_name[fixed_encs[e]],
                    ppq_status_str(rres.init_st));
            continue;
        }
        if (rres.stop_st != PPQ_OK && !(rres.stop_st == PPQ_ERR_NOSPACE && !k->spill)) {
            failure(k, "write_status_fixed", "%s: %s after %llu rows", enc_col_name[fixed_encs[e]],
                    ppq_status_str(rres.stop_st), (unsigned long long)rres.writer_rows);
        }
        if (rres.close_st != PPQ_OK) {
            failure(k, "close_fixed", "%s: %s", enc_col_name[fixed_encs[e]], ppq_status_str(rres.close_st));
            continue;
        }
        if (read_back(k, enc_col_name[fixed_encs[e]], t, &rfile, rres.writer_rows, &refs[e])) continue;
        if (out_dir && (long)k->id == only_case) { /* (the case --only names: each fixed file too) */
            char path[512];
            FILE *f;
            snprintf(path, sizeof path, "%s/case%05u_%s.parquet", out_dir, k->id, enc_col_name[fixed_encs[e]]);
            f = fopen(path, "wb");
            if (f) {
                fwrite(rfile.buf, 1, rfile.len, f);
                fclose(f);
            }
        }
        /* a file that filled sooner holds fewer rows: not comparable */
        ref_ok[e] = rres.writer_rows == res.writer_rows;
        ref_len[e] = rfile.len;
    }
    compare_auto(k, t, schema, compact, op != NULL, &res.used, file.len);
    if (verbose) { /* the whole files: AUTO's against the smallest written with one fixed encoding, and
                      the smallest every reader reads (no column in an encoding one of them lacks) */
        size_t best = 0, best_read = 0;
        uint32_t best_e = 0, read_e = 0, col;
        for (e = 0; e < NFIXED; e++) {
            int readable = 1;
            for (col = 0; col < t->spec->ncols; col++) {
                readable &= !type_allows(schema[col].type, fixed_encs[e], compact) ||
                            readers_read(schema[col].type, fixed_encs[e]);
            }
            if (ref_ok[e] && (!best || ref_len[e] < best)) {
                best = ref_len[e];
                best_e = e;
            }
            if (ref_ok[e] && readable && (!best_read || ref_len[e] < best_read)) {
                best_read = ref_len[e];
                read_e = e;
            }
        }
        if (best) {
            fprintf(stderr, "filesize %s: AUTO %zu bytes, %s %zu: %.3fx; readable %s %zu: %.3fx; %s\n",
                    case_tag(k), file.len, enc_col_name[fixed_encs[best_e]], best, (double)file.len / (double)best,
                    enc_col_name[fixed_encs[read_e]], best_read, best_read ? (double)file.len / (double)best_read : 0.0,
                    k->desc);
        }
    }
}

/* ---- the grid ------------------------------------------------------------- */

static void make_case(case_t *k, uint32_t id, uint32_t table, uint32_t i, rng_t *g)
{
    memset(k, 0, sizeof *k);
    k->id = id;
    k->table = table;
    k->api = (int)(i % API_COUNT);
    /* sizing: 6 of 10 manual, 3 by arena, 1 opts NULL */
    k->sizing = i % 10u < 6u ? SZ_MANUAL : i % 10u < 9u ? SZ_ARENA : SZ_NULL;
    k->arena_kib = arena_kib_opts[(i / 10u) % NT(arena_kib_opts)];
    k->spill = (int)((i / 50u + i) % 2u);
    k->o.codec = codecs[(i / 3u) % ncodecs];
    k->o.recovery = (uint8_t)rbelow(g, 2);
    k->o.page_v2 = (uint8_t)rbelow(g, 2);
    k->o.no_statistics = (uint8_t)(rbelow(g, 3) == 0);
    k->o.page_crc = (uint8_t)(rbelow(g, 4) == 0);
    if (k->sizing == SZ_MANUAL) {
        k->dict = (int)rbelow(g, NDICT);
        k->o.dict_entries = dict_caps[k->dict].entries;
        k->o.dict_bytes = dict_caps[k->dict].bytes;
        k->o.page_values = page_values_opts[rbelow(g, NT(page_values_opts))];
        k->o.page_bytes = page_bytes_opts[rbelow(g, NT(page_bytes_opts))];
        k->o.row_group_rows = rg_rows_opts[rbelow(g, NT(rg_rows_opts))];
        k->o.row_group_bytes = rbelow(g, 4) == 0 ? 32768u : 0u;
        k->spill = (int)(rbelow(g, 4) == 0);
        if (k->spill) k->o.footer_bytes = 1; /* the least: spill from the first row group on */
        if (rbelow(g, 6) == 0) { /* the compact layout: v1, uncompressed, no recovery */
            k->o.compact = 1;
            k->o.chunk_bytes = 256u << rbelow(g, 5);
            k->o.page_bytes = rbelow(g, 2) ? 256u : 0u; /* (byte arrays: the store holds two of the longest) */
            k->o.page_v2 = 0;
            k->o.codec = PPQ_CODEC_UNCOMPRESSED;
            k->o.recovery = 0;
            k->o.page_crc = 0;
            k->o.no_statistics = 0;
        }
    }
    if (k->sizing == SZ_ARENA && k->arena_kib < 32u) k->o.codec = PPQ_CODEC_UNCOMPRESSED;
    if (k->o.recovery) k->o.page_crc = 1;
}

/* The issue's arena cases: each arena size with and without a spill, the
 * other options as a logger sets them (v1 pages, statistics, no recovery,
 * uncompressed: options_for_arena may pick the compact layout). */
static void make_arena_case(case_t *k, uint32_t id, uint32_t table, uint32_t i)
{
    memset(k, 0, sizeof *k);
    k->id = id;
    k->table = table;
    k->api = (int)((i / 2u) % API_COUNT);
    k->sizing = SZ_ARENA;
    k->arena_kib = arena_kib_opts[(i / 2u) % NT(arena_kib_opts)];
    k->spill = (int)(i % 2u);
    k->plain = 1;
}


/* ---- --random: a drawn table and drawn options per case ---------------------- */

/* The (shape, types) pairs the generators make: types a mask of 1 << ppq_type_t;
 * `opt` 1: the column must be OPTIONAL (its nulls are the shape's). */
#define TB (1u << PPQ_BOOLEAN)
#define TI (1u << PPQ_INT32)
#define TL (1u << PPQ_INT64)
#define TF (1u << PPQ_FLOAT)
#define TD (1u << PPQ_DOUBLE)
#define TS (1u << PPQ_BYTE_ARRAY)
#define TX (1u << PPQ_FIXED_LEN_BYTE_ARRAY)
#define TN (TI | TL | TF | TD)
static const struct rshape {
    uint8_t shape, types, opt;
} rshapes[] = {
    {SH_WALK, TN, 0}, {SH_WALK3, TN, 0}, {SH_NOISE, TB | TN | TS, 0}, {SH_CONST, TB | TN | TS, 0},
    {SH_NULL, TB | TN | TS, 1}, {SH_TS_SORTED, TI | TL, 0}, {SH_TS_SHUFFLED, TI | TL, 0}, {SH_RUNS, TB, 0},
    {SH_FEW, TI | TL | TS, 0}, {SH_HICARD, TS, 0}, {SH_LONG, TS, 0}, {SH_ADC, TN, 0}, {SH_PERIODIC, TN, 0},
    {SH_COUNTER, TN, 0}, {SH_REGIME, TN, 0}, {SH_WALK6, TN, 0}, {SH_SETPOINT, TN, 0}, {SH_ALARM, TB, 0},
    {SH_UUID, TS, 0}, {SH_LOGLINE, TS, 0}, {SH_MS10, TL, 0}, {SH_GRAVITY, TI | TL, 0}, {SH_GYRO, TI | TL, 0},
    {SH_BATT, TF | TD, 0}, {SH_ZIPF, TS, 0}, {SH_HASH, TI | TL, 0}, {SH_DEVID, TX, 0}, {SH_LAT, TN, 0},
    {SH_LON, TN, 0}, {SH_ALT, TF | TD, 0}, {SH_SPEED, TF | TD, 0}, {SH_HEADING, TF | TD, 0}, {SH_FIX, TB, 0},
    {SH_SATS, TI | TL, 0}, {SH_Q01, TF | TD, 0}, {SH_Q25, TF | TD, 0}, {SH_ACCUM, TF | TD | TX, 0},
    {SH_NS_BURST, TL, 0}, {SH_MS_GAPS, TL, 0}, {SH_WRAP16, TI | TL, 0}, {SH_WRAP32, TI | TL, 0},
    {SH_PRICE, TI | TL | TX, 0}, {SH_UUID7, TS | TX, 0}, {SH_HEX, TS, 0}, {SH_ENUM, TS, 0}, {SH_JSON, TS, 0},
    {SH_SPARSE, TN, 1}, {SH_RAREBOOL, TB, 0}, {SH_TOGGLE, TB, 0}, {SH_CONST_NOISE, TN | TS, 0},
    {SH_RUNS_UNIQ, TN | TS, 0}, {SH_NOISE_CONST, TN, 0}, {SH_CHAN, TF | TD, 0}, {SH_STATUS, TI | TL, 0},
    /* gen_more's (drawn 2 times in 5) */
    {SH_SAW, TN, 0}, {SH_QSINE, TN, 0}, {SH_GAUSS, TN, 0}, {SH_SPIKES, TB | TN, 0},
    {SH_STEP, TB | TN | TS | TX, 0}, {SH_HASHID, TI | TL | TS | TX, 0}, {SH_PRICE2, TN | TS | TX, 0},
    {SH_NULL99, TB | TN | TS | TX, 1},
};
#undef TB
#undef TI
#undef TL
#undef TF
#undef TD
#undef TS
#undef TX
#undef TN
#define RMAXCOLS 8u

static colspec_t rcols[RMAXCOLS];
static char rnames[RMAXCOLS][16];
static tablespec_t rspec;
static table_t rtab;

static void free_table(table_t *t)
{
    uint32_t c;
    for (c = 0; c < MAXCOLS; c++) { /* (all: a random case's spec is the next one's when it is freed) */
        free(t->c[c].values);
        free(t->c[c].present);
    }
    free(t->pool);
    memset(t, 0, sizeof *t);
}

/* Case K of seed S: its own generator, so that any case runs alone (--only K). */
static void make_random_case(case_t *k, uint64_t seed, uint32_t id)
{
    rng_t g = {mix64(seed ^ mix64((uint64_t)id + 0x5EED5EEDull))};
    ppq_writer_options_t *o = &k->o;
    uint32_t rows, ncols, c, first_new = 0, nsh = NT(rshapes), u;
    ppq_codec_t codec;
    while (first_new < nsh && rshapes[first_new].shape != SH_SAW) first_new++;
    memset(k, 0, sizeof *k);
    k->id = id;
    k->seed = seed;
    k->random = 1;
    k->tab = &rtab;
    (void)rnext(&g);
    /* the table: 1..8 columns, 50..30,000 rows */
    rows = rlog(&g, 50, 30000);
    ncols = 1u + rbelow(&g, RMAXCOLS);
    for (c = 0; c < ncols; c++) {
        const struct rshape *sh = rbelow(&g, 5) < 2u ? &rshapes[first_new + rbelow(&g, nsh - first_new)]
                                                     : &rshapes[rbelow(&g, first_new)];
        uint32_t types[8], nt = 0, t;
        colspec_t *cs = &rcols[c];
        for (t = 0; t < 8u; t++) {
            if (sh->types & (1u << t)) types[nt++] = t;
        }
        cs->shape = sh->shape;
        cs->type = (ppq_type_t)types[rbelow(&g, nt)];
        cs->optional = (uint8_t)(sh->opt || rbelow(&g, 3) == 0);
        cs->bursts = (uint8_t)rbelow(&g, 2);
        snprintf(rnames[c], sizeof rnames[c], "c%u%s", c, cs->optional ? (cs->bursts ? "_ob" : "_o") : cs->bursts ? "_b" : "");
        cs->name = rnames[c];
    }
    rspec.name = "random";
    rspec.cols = rcols;
    rspec.ncols = ncols;
    rspec.rows = rows;
    rspec.seed = rnext(&g);
    rspec.share = 0;
    free_table(&rtab);
    gen_table(&rtab, &rspec, rows, rspec.seed);

    /* the API and the sizing: 6 in 10 manual, 3 by arena, 1 opts NULL */
    k->api = (int)rbelow(&g, API_COUNT);
    u = rbelow(&g, 10);
    k->sizing = u < 6u ? SZ_MANUAL : u < 9u ? SZ_ARENA : SZ_NULL;
    k->spill = (int)(rbelow(&g, 5) < 2u);
    /* every codec built, at a level it has (1 in 30: one it has not) */
    codec = codecs[rbelow(&g, ncodecs)];
    o->codec = codec;
    if (codec == PPQ_CODEC_ZSTD) o->codec_level = rbelow(&g, 10) < 3u ? 0 : -5 + (int32_t)rbelow(&g, 28);
    else if (codec != PPQ_CODEC_UNCOMPRESSED) o->codec_level = (int32_t)rbelow(&g, 10);
    if (codec != PPQ_CODEC_UNCOMPRESSED && rbelow(&g, 30) == 0) {
        o->codec_level = codec == PPQ_CODEC_ZSTD ? 23 + (int32_t)rbelow(&g, 4) : rbelow(&g, 2) ? 10 : -1;
    }
    o->recovery = (uint8_t)(rbelow(&g, 4) == 0);
    o->page_v2 = (uint8_t)rbelow(&g, 2);
    o->no_statistics = (uint8_t)(rbelow(&g, 3) == 0);
    o->page_crc = (uint8_t)(rbelow(&g, 4) == 0);
    o->no_page_index = (uint8_t)rbelow(&g, 2);
    o->no_bloom = (uint8_t)rbelow(&g, 2);
    if (k->sizing == SZ_MANUAL) {
        uint32_t rg_least = rows / 4000u > 1u ? rows / 4000u : 1u;
        o->dict_entries = rlog(&g, 1, 16384);
        o->dict_bytes = rbelow(&g, 3) == 0 ? 0u : rlog(&g, 64, 262144);
        o->page_values = rbelow(&g, 4) == 0 ? 0u : rlog(&g, 8, 65536);
        o->page_bytes = rbelow(&g, 4) == 0 ? 0u : rlog(&g, 128, 1u << 20);
        o->row_group_rows = rbelow(&g, 3) == 0 ? 0u : rlog(&g, rg_least, 200000);
        o->row_group_bytes = rbelow(&g, 3) != 0 ? 0u : rlog(&g, 256, 4u << 20);
        o->chunk_bytes = rbelow(&g, 3) == 0 ? 0u : rlog(&g, 1, 1u << 20);
        o->footer_bytes = rbelow(&g, 3) == 0 ? 0u : rbelow(&g, 4) == 0 ? 1u : rlog(&g, 64, 1u << 20);
        if (rbelow(&g, 4) == 0) { /* the compact layout: v1, uncompressed, no recovery (1 in 10: as drawn) */
            o->compact = 1;
            o->chunk_bytes = rbelow(&g, 4) == 0 ? 0u : rlog(&g, 1, 2u * 0xFFFFu / ncols);
            if (rbelow(&g, 10) < 7u) o->page_bytes = rlog(&g, 128, 16384);
            if (rbelow(&g, 10) != 0) {
                o->codec = PPQ_CODEC_UNCOMPRESSED;
                o->codec_level = 0;
                o->page_v2 = 0;
                o->recovery = 0;
            }
        }
    } else if (k->sizing == SZ_ARENA) {
        k->arena_kib = rlog(&g, 4, 256);
    }
}

static char crash_tag[96];

static void on_crash(int sig)
{
    fprintf(stderr, "signal %d: ", sig);
    fputs(crash_tag, stderr);
    fflush(stderr);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* --random N [--seed S] [--only K]: N drawn cases (or case K alone). */
static void run_random(uint32_t n, uint64_t seed)
{
    uint32_t id;
    signal(SIGSEGV, on_crash);
    signal(SIGABRT, on_crash);
    signal(SIGFPE, on_crash);
    signal(SIGILL, on_crash);
    signal(SIGTERM, on_crash); /* (a timeout: which case) */
#ifdef SIGBUS
    signal(SIGBUS, on_crash);
#endif
    if (only_case >= 0) n = (uint32_t)only_case + 1u; /* (case K alone, whatever N) */
    for (id = only_case >= 0 ? (uint32_t)only_case : 0u; id < n; id++) {
        case_t k;
        snprintf(crash_tag, sizeof crash_tag, "CRASH random seed=%llu case=%u\n", (unsigned long long)seed, id);
        make_random_case(&k, seed, id);
        run_case(&k);
        end_case(&k);
        fflush(stdout);
    }
    free_table(&rtab);
}

int main(int argc, char **argv)
{
    uint32_t per_table = 48, i, tb, id = 0, random_n = 0;
    uint64_t random_seed = 1;
    const char *full = getenv("SWEEP_FULL");
    int a;
    rng_t g = {20240527u};
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--strict")) strict = 1;
        else if (!strcmp(argv[a], "--strict-correct")) strict_correct = 1;
        else if (!strcmp(argv[a], "--full")) full = "1";
        else if (!strcmp(argv[a], "--verbose")) verbose = 1;
        else if (!strcmp(argv[a], "--auto-all")) auto_all = 1;
        else if (!strcmp(argv[a], "--out") && a + 1 < argc) out_dir = argv[++a];
        else if (!strcmp(argv[a], "--cases") && a + 1 < argc) per_table = (uint32_t)strtoul(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--only") && a + 1 < argc) only_case = strtol(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--random") && a + 1 < argc) random_n = (uint32_t)strtoul(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--seed") && a + 1 < argc) random_seed = strtoull(argv[++a], NULL, 10);
        else {
            fprintf(stderr, "usage: sweep [--strict | --strict-correct] [--full] [--out DIR] [--cases N-per-table] [--only ID] [--verbose] [--auto-all]\n"
                            "       sweep --random N [--seed S] [--only K] [--strict | --strict-correct] [--verbose]\n");
            return 2;
        }
    }
    if (full && full[0] == '1') per_table *= 6u;
    for (i = 0; i <= 7u; i++) {
        if (i == 0u || ppq_codec_can_compress((ppq_codec_t)i)) codecs[ncodecs++] = (ppq_codec_t)i;
    }
    if (random_n) run_random(random_n, random_seed); /* (and no grid) */
    for (tb = 0; tb < NTABLES && !random_n; tb++) {
        gen_table(&tabs[tb], &tables[tb], tables[tb].rows, tables[tb].seed ? tables[tb].seed : tb + 1u);
        if (tables[tb].cols == t_sensor || tables[tb].cols == t_wide) {
            gen_table(&long_tabs[tb], &tables[tb], ARENA_ROWS, tb + 1u);
        } else if (tables[tb].cols == t_imu || tables[tb].cols == t_gps || tables[tb].cols == t_iot) {
            gen_table(&long_tabs[tb], &tables[tb], ARENA_ROWS, tables[tb].seed);
        }
    }
    for (tb = 0; tb < NTABLES && !random_n; tb++) {
        uint32_t cases = tables[tb].share && !(full && full[0] == '1') ? per_table * tables[tb].share / 4u : per_table;
        for (i = 0; i < cases + 2u * NT(arena_kib_opts); i++) {
            case_t k;
            if (i < 2u * NT(arena_kib_opts)) make_arena_case(&k, id++, tb, i);
            else make_case(&k, id++, tb, i - 2u * NT(arena_kib_opts), &g);
            if (only_case >= 0 && (long)k.id != only_case) continue;
            run_case(&k);
            end_case(&k);
            fflush(stdout);
        }
    }

    /* the summary */
    {
        uint32_t fails = 0, j;
        for (j = 0; j < nkinds; j++) fails += kinds[j].count;
        printf("== sweep: %u cases (skipped: %u where no configuration fits the arena, %u compact stores over 65535 "
               "bytes), %u writes, %llu values read back, codecs:",
               ncases, nskipped, nskipped_compact, nwrites, (unsigned long long)values_checked);
        for (j = 0; j < ncodecs; j++) printf(" %s", ppq_codec_name(codecs[j]));
        printf("\n== failures by kind (%u in all, in %u cases; kind, failures, cases, an example):\n", fails,
               failing_cases);
        for (j = 0; j < nkinds; j++) {
            printf("  %-24s %6u %5u  e.g. %s\n", kinds[j].name, kinds[j].count, kinds[j].cases, kinds[j].example);
        }
        printf("== AUTO against the best fixed encoding: %u chunks compared, %u over 1.05x (%u of them with a best "
               "chunk under 256 bytes); worst %.3fx: %s\n",
               ratio_chunks, ratio_over, ratio_over_small, worst_ratio, worst_case);
        printf("== ... against the encodings every reader reads (no BYTE_STREAM_SPLIT of integers or "
               "FIXED_LEN_BYTE_ARRAY: DuckDB; no DELTA_BYTE_ARRAY of FIXED_LEN_BYTE_ARRAY: polars): %u over 1.05x; "
               "worst %.3fx: %s\n",
               ratio_over_read, worst_read, worst_read_case);
        printf("== worst AUTO ratio by data shape and by option (chunks, over 1.05x, worst, its case):\n");
        for (j = 0; j < nworsts; j++) {
            printf("  %-34s %6u %5u %7.3fx  %s\n", worsts[j].key, worsts[j].chunks, worsts[j].over, worsts[j].ratio,
                   worsts[j].example);
        }
        printf("== rows per file, arena without a spill (options_for_arena), min..max over the cases; "
               "'full' = files that filled before the table's end:\n");
        for (tb = 0; tb < NTABLES; tb++) {
            for (j = 0; j < NT(arena_kib_opts); j++) {
                uint32_t l;
                for (l = 0; l < 2u; l++) {
                    const struct fill *f = &fills[tb][j][l];
                    if (!f->files) continue;
                    printf("  %-12s %2u KiB %-7s: %5u..%5u rows (of %u), %u of %u files full\n", tables[tb].name,
                           arena_kib_opts[j], l ? "compact" : "pages", f->min_rows, f->max_rows,
                           long_tabs[tb].rows ? long_tabs[tb].rows : tabs[tb].rows, f->full, f->files);
                }
            }
        }
        printf("== the issue's arena cases (options_for_arena; v1 pages, statistics, no recovery, uncompressed; "
               "arenas where no configuration fits are not listed):\n");
        for (j = 0; j < narena_lines; j++) printf("  %s\n", arena_lines[j]);
        {
            uint32_t wrong = 0; /* failures but the AUTO ratios: writes, statuses, values */
            for (j = 0; j < nkinds; j++) wrong += strncmp(kinds[j].name, "auto_ratio", 10) != 0 ? kinds[j].count : 0u;
            if (random_n) {
                printf("{\"bench\": \"writer_sweep_random\", \"seed\": %llu, \"cases\": %u, \"writes\": %u, "
                       "\"values_read_back\": %llu, \"chunks_compared\": %u, \"auto_over_1_05\": %u, "
                       "\"auto_over_1_05_small\": %u, \"auto_worst\": %.3f, \"auto_over_1_05_readable\": %u, "
                       "\"auto_worst_readable\": %.3f, \"other_failures\": %u, \"over_pages\": %u, "
                       "\"over_compact\": %u, \"over_manual\": %u, \"over_arena\": %u, \"over_opts_null\": %u, "
                       "\"over_best_readable\": %u, \"over_best_not_readable\": %u, \"refused_level\": %u, "
                       "\"refused_compact_options\": %u, \"refused_compact_store\": %u, \"skipped_no_fit\": %u, "
                       "\"files_full\": %u}\n",
                       (unsigned long long)random_seed, ncases, nwrites, (unsigned long long)values_checked,
                       ratio_chunks, ratio_over, ratio_over_small, worst_ratio, ratio_over_read, worst_read, wrong,
                       rnd_over_layout[0], rnd_over_layout[1], rnd_over_sizing[SZ_MANUAL], rnd_over_sizing[SZ_ARENA],
                       rnd_over_sizing[SZ_NULL], rnd_over_readable[1], rnd_over_readable[0], rnd_refused_level,
                       rnd_refused_compact_opts, rnd_refused_compact_store, nskipped, rnd_full);
            } else {
                printf("{\"bench\": \"writer_sweep\", \"cases\": %u, \"writes\": %u, \"values_read_back\": %llu, "
                       "\"chunks_compared\": %u, \"auto_over_1_05\": %u, \"auto_over_1_05_small\": %u, "
                       "\"auto_worst\": %.3f, \"auto_over_1_05_readable\": %u, \"auto_worst_readable\": %.3f, "
                       "\"other_failures\": %u}\n",
                       ncases, nwrites, (unsigned long long)values_checked, ratio_chunks, ratio_over, ratio_over_small,
                       worst_ratio, ratio_over_read, worst_read, wrong);
            }
            printf("sweep: %u cases, %u failures (%u but AUTO ratios)%s\n", ncases, fails, wrong,
                   strict ? " (strict)" : strict_correct ? " (strict but the AUTO ratios)" : " (not strict: exit 0)");
            return (strict && fails) || (strict_correct && wrong) ? 1 : 0;
        }
    }
}
