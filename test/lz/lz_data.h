/* Test and bench inputs for the Snappy and LZ4 codecs (host-only): a
 * text-like log, a table of quantized sensor readings, and adversarial
 * shapes.  Deterministic (xorshift), no library code involved. */
#ifndef LZ_DATA_H
#define LZ_DATA_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t lzd_state = 88172645463325252ull;
static uint64_t lzd_rand(void)
{
    lzd_state ^= lzd_state << 13;
    lzd_state ^= lzd_state >> 7;
    lzd_state ^= lzd_state << 17;
    return lzd_state;
}

/* Log lines like a service writes: timestamp, level, module, a message
 * from a few templates with numbers and ids.  Exactly n bytes. */
static void lzd_log_text(uint8_t *out, size_t n)
{
    static const char *const levels[] = {"INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"};
    static const char *const mods[] = {"sensor.adc", "net.mqtt", "storage.sd", "power", "sched", "app.logger"};
    static const char *const msgs[] = {
        "sample batch committed rows=%u bytes=%u crc=%08x",
        "connection to broker 10.0.%u.%u established after %u ms",
        "write of %u bytes to /log/%05u.parquet took %u us",
        "battery voltage %u mV, temperature %u.%02u C",
        "task %u overran its slot by %u us (budget %u)",
        "retrying request id=%08x%08x attempt %u"};
    size_t pos = 0;
    unsigned sec = 0;
    char line[256];
    while (pos < n) {
        int k;
        unsigned a = (unsigned)(lzd_rand() % 100000u), b = (unsigned)(lzd_rand() % 256u), c = (unsigned)(lzd_rand() % 5000u);
        unsigned m = (unsigned)(lzd_rand() % 6u);
        sec += (unsigned)(lzd_rand() % 3u);
        k = snprintf(line, sizeof line, "2026-01-01T%02u:%02u:%02u.%03uZ %-5s [%s] ", sec / 3600u % 24u, sec / 60u % 60u,
                     sec % 60u, (unsigned)(lzd_rand() % 1000u), levels[lzd_rand() % 6u], mods[m]);
        k += snprintf(line + k, sizeof line - (size_t)k, msgs[m], a, b, c, a % 100u);
        line[k++] = '\n';
        if ((size_t)k > n - pos) {
            k = (int)(n - pos);
        }
        memcpy(out + pos, line, (size_t)k);
        pos += (size_t)k;
    }
}

/* Column-wise PLAIN page bodies of a sensor table (1 Hz int64 microsecond
 * timestamps, three random walks rounded to 0.01 as doubles, an int32
 * battery in mV, a status byte array): what a Parquet page holds before
 * compression.  Pages of `page_rows` values, appended until n bytes;
 * page_lens[] gets each page's size (the last takes any excess), the
 * count is returned. */
static size_t lzd_sensor_pages(uint8_t *out, size_t n, unsigned page_rows, size_t *page_lens, size_t max_pages)
{
    size_t npages = 0;
    static const char *const st[] = {"OK", "OK", "OK", "CALIBRATING", "LOW_BATTERY"};
    double t = 21.0, h = 45.0, p = 1013.25;
    int32_t bat = 3700;
    int64_t ts = 1767225600000000;
    size_t pos = 0;
    unsigned col = 0, r;
    while (pos < n) {
        static uint8_t page[16u * 65536u];
        size_t len = 0;
        for (r = 0; r < page_rows; r++) {
            double v;
            switch (col) {
            case 0:
                memcpy(page + len, &ts, 8);
                len += 8;
                ts += 1000000;
                break;
            case 1:
            case 2:
            case 3:
                if (col == 1) {
                    t += ((double)(lzd_rand() % 17u) - 8.0) * 0.01 + (21.0 - t) * 0.01;
                    v = t;
                } else if (col == 2) {
                    h += ((double)(lzd_rand() % 17u) - 8.0) * 0.02 + (45.0 - h) * 0.01;
                    v = h;
                } else {
                    p += ((double)(lzd_rand() % 17u) - 8.0) * 0.01 + (1013.25 - p) * 0.01;
                    v = p;
                }
                v = (double)(int64_t)(v * 100.0 + (v < 0 ? -0.5 : 0.5)) / 100.0;
                memcpy(page + len, &v, 8);
                len += 8;
                break;
            case 4:
                if (lzd_rand() % 600u == 0u) {
                    bat--;
                }
                memcpy(page + len, &bat, 4);
                len += 4;
                break;
            default: {
                const char *s = st[(r / 1800u) % 5u];
                uint32_t l = (uint32_t)strlen(s);
                memcpy(page + len, &l, 4);
                memcpy(page + len + 4, s, l);
                len += 4u + l;
                break;
            }
            }
        }
        col = (col + 1u) % 6u;
        if (len > n - pos) {
            len = n - pos;
        }
        memcpy(out + pos, page, len);
        pos += len;
        if (npages < max_pages) {
            page_lens[npages++] = len;
        } else {
            page_lens[npages - 1] += len;
        }
    }
    return npages;
}

/* A data set of pages for the codec benches: its bytes and each page's
 * length. */
#define LZD_MAX_PAGES 4096
typedef struct lzd_set {
    const char *name;
    uint8_t *data;
    size_t len, npages, pages[LZD_MAX_PAGES];
} lzd_set_t;

/* The benches' two sets, n bytes each (malloc'd): the sensor table's PLAIN
 * pages (8192 rows a page) and log text in 1 MiB pages.  0 when memory
 * runs out. */
static inline int lzd_bench_sets(lzd_set_t *sensor, lzd_set_t *text, size_t n)
{
    size_t i;
    sensor->name = "sensor";
    sensor->data = (uint8_t *)malloc(n);
    sensor->len = n;
    text->name = "text";
    text->data = (uint8_t *)malloc(n);
    text->len = n;
    if (sensor->data == NULL || text->data == NULL) {
        return 0;
    }
    sensor->npages = lzd_sensor_pages(sensor->data, n, 8192, sensor->pages, LZD_MAX_PAGES);
    lzd_log_text(text->data, n);
    text->npages = n >> 20;
    for (i = 0; i < text->npages; i++) {
        text->pages[i] = (size_t)1 << 20;
    }
    return 1;
}

#endif
