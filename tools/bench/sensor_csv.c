/*
 * The quantized sensor table (tools/sensor_gen.h) as CSV with a header, as
 * `ppq cat --format csv` prints it (ts in ISO 8601 with microseconds and Z,
 * readings as their hundredths, an empty pressure where it is null): the
 * input of `ppq write`'s bench beside DuckDB's read_csv
 * (test/interop/bench_write_csv.mjs).
 * usage: sensor_csv ROWS [SEED] > table.csv
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sensor_gen.h"

/* Days since 1970-01-01 as a civil date. */
static void civil(int64_t days, int64_t *y, unsigned *m, unsigned *d)
{
    int64_t z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = (int64_t)yoe + era * 400 + (*m <= 2);
}

/* v in hundredths as "I.FF" (v >= 0). */
static char *hundredths(char *o, int32_t v)
{
    o += sprintf(o, "%d.%02d", (int)(v / 100), (int)(v % 100));
    return o;
}

int main(int argc, char **argv)
{
    unsigned long rows = argc > 1 ? strtoul(argv[1], NULL, 10) : 0;
    uint32_t seed = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 1u;
    sensor_gen_t g;
    sensor_row_t r;
    unsigned long i;
    static char buf[1 << 20];
    size_t at = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: sensor_csv ROWS [SEED] > table.csv\n");
        return 2;
    }
    sensor_gen_init(&g, seed);
    fputs("ts,temperature,humidity,pressure,battery_mv,door_open,status\n", stdout);
    for (i = 0; i < rows; i++) {
        int64_t y, secs, us;
        unsigned mo, d;
        char *o = buf + at;
        sensor_gen_next(&g, &r);
        secs = r.ts / 1000000;
        us = r.ts % 1000000;
        civil(secs / 86400, &y, &mo, &d);
        secs %= 86400;
        o += sprintf(o, "%04d-%02u-%02uT%02d:%02d:%02d.%06dZ,", (int)y, mo, d, (int)(secs / 3600), (int)(secs / 60 % 60),
                     (int)(secs % 60), (int)us);
        o = hundredths(o, g.t_q);
        *o++ = ',';
        o = hundredths(o, g.h_q);
        *o++ = ',';
        if (r.pressure_valid) {
            o = hundredths(o, g.p_q);
        }
        o += sprintf(o, ",%d,%s,%.*s\n", (int)r.battery_mv, r.door_open ? "true" : "false", (int)r.status.len,
                     (const char *)r.status.ptr);
        at = (size_t)(o - buf);
        if (at > sizeof buf - 256u) {
            fwrite(buf, 1, at, stdout);
            at = 0;
        }
    }
    fwrite(buf, 1, at, stdout);
    return fflush(stdout) != 0;
}
