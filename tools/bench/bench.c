/*
 * picoparquet host benchmarks: one JSON object per line on stdout.
 * Each figure is the median of 7 timed repetitions, each repeating the
 * work until at least 20 ms have passed.  Not a test: nothing here fails.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "bench_util.h"
#include "bench_data.h"

#define REPS 7
#define MIN_SECONDS 0.020
#define UNPACK_VALUES (1u << 15)

static volatile uint64_t sink_checksum; /* keeps the work observable */

/* Median over REPS of (items per second) for `fn`, which processes `items`
 * items per call. */
typedef void (*work_fn)(void *ctx);
static double measure(work_fn fn, void *ctx, double items)
{
    double rates[REPS];
    int r;
    fn(ctx); /* warm up */
    for (r = 0; r < REPS; r++) {
        rates[r] = bench_rate(fn, ctx, items, MIN_SECONDS);
    }
    qsort(rates, REPS, sizeof rates[0], bench_cmp_double);
    return rates[REPS / 2];
}


/* ---- unpack ---------------------------------------------------------- */

struct unpack_ctx {
    const uint8_t *packed;
    uint32_t *out;
    unsigned width;
};

static void unpack_work(void *p)
{
    struct unpack_ctx *c = (struct unpack_ctx *)p;
    ppq_unpack32(c->packed, 0, UNPACK_VALUES, c->width, c->out);
    sink_checksum += c->out[UNPACK_VALUES - 1];
}

static void bench_unpack(void)
{
    static uint32_t values[UNPACK_VALUES], out[UNPACK_VALUES];
    static uint8_t packed[UNPACK_VALUES * 4];
    double log_sum = 0;
    unsigned w;
    for (w = 1; w <= 32; w++) {
        struct unpack_ctx c;
        double rate;
        size_t i;
        uint32_t mask = w == 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
        for (i = 0; i < UNPACK_VALUES; i++) {
            values[i] = (uint32_t)next_rand() & mask;
        }
        ppq_pack32(values, UNPACK_VALUES, w, packed);
        c.packed = packed;
        c.out = out;
        c.width = w;
        rate = measure(unpack_work, &c, UNPACK_VALUES);
        if (memcmp(out, values, sizeof values) != 0) {
            fprintf(stderr, "bench: unpack width %u gave wrong values\n", w);
            exit(1);
        }
        log_sum += log(rate);
        printf("{\"bench\":\"unpack32\",\"bit_width\":%u,\"values\":%u,\"values_per_s\":%.4g}\n", w, UNPACK_VALUES,
               rate);
    }
    printf("{\"bench\":\"unpack32_geomean\",\"bit_widths\":\"1-32\",\"values_per_s\":%.4g}\n", exp(log_sum / 32.0));
}

/* ---- RLE hybrid decode of dictionary-index-like data ------------------ */

#define RLE_VALUES (1u << 16)

struct rle_ctx {
    const uint8_t *data;
    size_t len;
    unsigned width;
    uint32_t *out;
};

static void rle_work(void *p)
{
    struct rle_ctx *c = (struct rle_ctx *)p;
    ppq_rle_dec_t dec;
    size_t got;
    if (ppq_rle_dec_init(&dec, c->width, 0, c->data, c->len, RLE_VALUES) != PPQ_OK ||
        ppq_rle_dec_get(&dec, c->out, RLE_VALUES, &got) != PPQ_OK || got != RLE_VALUES) {
        fprintf(stderr, "bench: rle decode failed\n");
        exit(1);
    }
    sink_checksum += c->out[RLE_VALUES - 1];
}

static void bench_rle(void)
{
    static uint32_t values[RLE_VALUES], out[RLE_VALUES];
    static uint8_t encoded[RLE_VALUES * 4 + 64];
    static uint64_t arena_mem[1024];
    unsigned widths[] = {1, 4, 8, 12};
    size_t k;
    for (k = 0; k < sizeof widths / sizeof widths[0]; k++) {
        unsigned w = widths[k];
        uint32_t mask = (1u << w) - 1u;
        ppq_rle_cfg_t cfg = {0, 0, 0, 0};
        ppq_arena_t arena;
        ppq_rle_enc_t enc;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        struct rle_ctx c;
        size_t i = 0, runs = 0;
        double rate;
        /* runs of a repeated index (as after sorting/bursts) mixed with
         * stretches of varying indices */
        while (i < RLE_VALUES) {
            size_t len = 1 + next_rand() % 64;
            uint32_t v = (uint32_t)next_rand() & mask;
            int repeat = (next_rand() % 3) == 0;
            for (; len > 0 && i < RLE_VALUES; len--, i++) {
                values[i] = repeat ? v : (uint32_t)next_rand() & mask;
            }
            runs++;
        }
        cfg.bit_width = w;
        ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
        ppq_sink_init_mem(&sink, &mem, encoded, sizeof encoded);
        if (ppq_rle_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK ||
            ppq_rle_enc_put(&enc, values, RLE_VALUES) != PPQ_OK || ppq_rle_enc_finish(&enc) != PPQ_OK) {
            fprintf(stderr, "bench: rle encode failed\n");
            exit(1);
        }
        c.data = encoded;
        c.len = mem.len;
        c.width = w;
        c.out = out;
        rate = measure(rle_work, &c, RLE_VALUES);
        if (memcmp(out, values, sizeof values) != 0) {
            fprintf(stderr, "bench: rle round trip differs\n");
            exit(1);
        }
        printf("{\"bench\":\"rle_hybrid_decode\",\"bit_width\":%u,\"values\":%u,\"encoded_bytes\":%zu,"
               "\"values_per_s\":%.4g}\n",
               w, RLE_VALUES, mem.len, rate);
    }
}

/* ---- PLAIN INT64 / DOUBLE --------------------------------------------- */

#define PLAIN_VALUES (1u << 14)

struct plain_ctx {
    ppq_type_t type;
    const void *values;
    uint8_t *buf;
    size_t len;
    void *out;
};

static void plain_encode_work(void *p)
{
    struct plain_ctx *c = (struct plain_ctx *)p;
    ppq_plain_enc_t enc;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_sink_init_mem(&sink, &mem, c->buf, PLAIN_VALUES * 8);
    if (ppq_plain_enc_init(&enc, c->type, 0, &sink) != PPQ_OK ||
        ppq_plain_enc_put(&enc, c->values, PLAIN_VALUES) != PPQ_OK || ppq_plain_enc_finish(&enc) != PPQ_OK) {
        exit(1);
    }
    c->len = mem.len;
    sink_checksum += c->buf[mem.len - 1];
}

static void plain_decode_work(void *p)
{
    struct plain_ctx *c = (struct plain_ctx *)p;
    ppq_plain_dec_t dec;
    size_t got;
    if (ppq_plain_dec_init(&dec, c->type, 0, c->buf, c->len, PLAIN_VALUES) != PPQ_OK ||
        ppq_plain_dec_get(&dec, c->out, PLAIN_VALUES, &got) != PPQ_OK || got != PLAIN_VALUES) {
        exit(1);
    }
    sink_checksum += ((uint8_t *)c->out)[7];
}

static void bench_plain(void)
{
    static int64_t i64[PLAIN_VALUES], i64_out[PLAIN_VALUES];
    static double dbl[PLAIN_VALUES], dbl_out[PLAIN_VALUES];
    static uint8_t buf[PLAIN_VALUES * 8];
    struct plain_ctx c;
    size_t i;
    for (i = 0; i < PLAIN_VALUES; i++) {
        i64[i] = (int64_t)next_rand();
        dbl[i] = (double)(next_rand() % 100000) / 7.0;
    }
    c.buf = buf;
    c.type = PPQ_INT64;
    c.values = i64;
    c.out = i64_out;
    printf("{\"bench\":\"plain_encode\",\"type\":\"int64\",\"values_per_s\":%.4g}\n",
           measure(plain_encode_work, &c, PLAIN_VALUES));
    printf("{\"bench\":\"plain_decode\",\"type\":\"int64\",\"values_per_s\":%.4g}\n",
           measure(plain_decode_work, &c, PLAIN_VALUES));
    c.type = PPQ_DOUBLE;
    c.values = dbl;
    c.out = dbl_out;
    printf("{\"bench\":\"plain_encode\",\"type\":\"double\",\"values_per_s\":%.4g}\n",
           measure(plain_encode_work, &c, PLAIN_VALUES));
    printf("{\"bench\":\"plain_decode\",\"type\":\"double\",\"values_per_s\":%.4g}\n",
           measure(plain_decode_work, &c, PLAIN_VALUES));
    if (memcmp(i64, i64_out, sizeof i64) != 0 || memcmp(dbl, dbl_out, sizeof dbl) != 0) {
        fprintf(stderr, "bench: plain round trip differs\n");
        exit(1);
    }
}

/* ---- DELTA_BINARY_PACKED --------------------------------------------- */

#define DELTA_VALUES (1u << 16)

struct delta_ctx {
    ppq_type_t type;
    const void *values;
    uint8_t *buf;
    size_t len;
    void *out;
};

static uint64_t delta_arena[1024];

static void delta_encode_work(void *p)
{
    struct delta_ctx *c = (struct delta_ctx *)p;
    ppq_delta_cfg_t cfg = {PPQ_INT64, 0, 0, 0};
    ppq_arena_t arena;
    ppq_delta_enc_t enc;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    uint8_t head[PPQ_DELTA_HEADER_MAX];
    size_t hlen;
    cfg.type = c->type;
    ppq_arena_init(&arena, delta_arena, sizeof delta_arena);
    ppq_sink_init_mem(&sink, &mem, c->buf + PPQ_DELTA_HEADER_MAX, DELTA_VALUES * 9u);
    if (ppq_delta_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK ||
        ppq_delta_enc_put(&enc, c->values, DELTA_VALUES) != PPQ_OK || ppq_delta_enc_finish(&enc) != PPQ_OK) {
        fprintf(stderr, "bench: delta encode failed\n");
        exit(1);
    }
    hlen = ppq_delta_enc_header(&enc, head);
    memmove(c->buf + hlen, c->buf + PPQ_DELTA_HEADER_MAX, mem.len);
    memcpy(c->buf, head, hlen);
    c->len = hlen + mem.len;
}

static void delta_decode_work(void *p)
{
    struct delta_ctx *c = (struct delta_ctx *)p;
    ppq_delta_dec_t dec;
    size_t got;
    if (ppq_delta_dec_init(&dec, c->type, c->buf, c->len) != PPQ_OK ||
        ppq_delta_dec_get(&dec, c->out, DELTA_VALUES, &got) != PPQ_OK || got != DELTA_VALUES) {
        fprintf(stderr, "bench: delta decode failed\n");
        exit(1);
    }
    sink_checksum += ((uint8_t *)c->out)[3];
}

static void bench_delta(void)
{
    static int64_t i64[DELTA_VALUES], o64[DELTA_VALUES];
    static int32_t i32[DELTA_VALUES], o32[DELTA_VALUES];
    static uint8_t buf[DELTA_VALUES * 9u + 64u];
    const char *kinds[] = {"timestamps", "random"};
    int k, t;
    for (k = 0; k < 2; k++) {
        size_t i;
        int64_t ts = 1700000000000000;
        for (i = 0; i < DELTA_VALUES; i++) {
            /* 1 Hz timestamps in microseconds with a little jitter */
            ts += 1000000 + (int64_t)(next_rand() % 200) - 100;
            i64[i] = k == 0 ? ts : (int64_t)next_rand();
            i32[i] = k == 0 ? (int32_t)(i * 10 + next_rand() % 7) : (int32_t)next_rand();
        }
        for (t = 0; t < 2; t++) {
            struct delta_ctx c;
            double enc_rate, dec_rate;
            c.type = t == 0 ? PPQ_INT32 : PPQ_INT64;
            c.values = t == 0 ? (const void *)i32 : (const void *)i64;
            c.out = t == 0 ? (void *)o32 : (void *)o64;
            c.buf = buf;
            enc_rate = measure(delta_encode_work, &c, DELTA_VALUES);
            dec_rate = measure(delta_decode_work, &c, DELTA_VALUES);
            if (memcmp(c.out, c.values, DELTA_VALUES * (t == 0 ? 4u : 8u)) != 0) {
                fprintf(stderr, "bench: delta round trip differs\n");
                exit(1);
            }
            printf("{\"bench\":\"delta_binary_packed_encode\",\"type\":\"%s\",\"data\":\"%s\",\"values_per_s\":%.4g,"
                   "\"bytes_per_value\":%.3f}\n",
                   t == 0 ? "int32" : "int64", kinds[k], enc_rate, (double)c.len / DELTA_VALUES);
            printf("{\"bench\":\"delta_binary_packed_decode\",\"type\":\"%s\",\"data\":\"%s\",\"values_per_s\":%.4g}\n",
                   t == 0 ? "int32" : "int64", kinds[k], dec_rate);
        }
    }
}

/* ---- BYTE_STREAM_SPLIT decode ----------------------------------------- */

#define BSS_VALUES (1u << 14)

struct bss_ctx {
    ppq_type_t type;
    const uint8_t *enc;
    size_t len;
    void *out;
};

static void bss_decode_work(void *p)
{
    struct bss_ctx *c = (struct bss_ctx *)p;
    ppq_bss_dec_t dec;
    size_t got;
    if (ppq_bss_dec_init(&dec, c->type, 0, c->enc, c->len, BSS_VALUES) != PPQ_OK ||
        ppq_bss_dec_get(&dec, c->out, BSS_VALUES, &got) != PPQ_OK || got != BSS_VALUES) {
        exit(1);
    }
    sink_checksum += ((uint8_t *)c->out)[5];
}

static void bench_bss(void)
{
    static float f[BSS_VALUES], fo[BSS_VALUES];
    static double d[BSS_VALUES], dout[BSS_VALUES];
    static uint8_t enc[BSS_VALUES * 8u];
    static uint64_t arena_mem[BSS_VALUES + 16u];
    int t;
    size_t i;
    for (i = 0; i < BSS_VALUES; i++) {
        f[i] = 20.0f + (float)(next_rand() % 1000) / 100.0f;
        d[i] = 101325.0 + (double)(next_rand() % 100000) / 1000.0;
    }
    for (t = 0; t < 2; t++) {
        struct bss_ctx c;
        ppq_arena_t arena;
        ppq_bss_enc_t e;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        double rate;
        size_t width = t == 0 ? 4u : 8u;
        c.type = t == 0 ? PPQ_FLOAT : PPQ_DOUBLE;
        ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
        ppq_sink_init_mem(&sink, &mem, enc, sizeof enc);
        if (ppq_bss_enc_init(&e, c.type, 0, BSS_VALUES, &sink, &arena) != PPQ_OK ||
            ppq_bss_enc_put(&e, t == 0 ? (const void *)f : (const void *)d, BSS_VALUES) != PPQ_OK ||
            ppq_bss_enc_finish(&e) != PPQ_OK) {
            exit(1);
        }
        c.enc = enc;
        c.len = mem.len;
        c.out = t == 0 ? (void *)fo : (void *)dout;
        rate = measure(bss_decode_work, &c, BSS_VALUES);
        if (memcmp(c.out, t == 0 ? (const void *)f : (const void *)d, BSS_VALUES * width) != 0) {
            fprintf(stderr, "bench: bss round trip differs\n");
            exit(1);
        }
        printf("{\"bench\":\"byte_stream_split_decode\",\"type\":\"%s\",\"values_per_s\":%.4g,\"bytes_per_s\":%.4g}\n",
               t == 0 ? "float" : "double", rate, rate * (double)width);
    }
}

/* ---- DELTA_BYTE_ARRAY decode of sorted short strings ------------------- */

#define DBA_VALUES 8192u

struct dba_ctx {
    const uint8_t *enc;
    size_t len;
    ppq_bytes_t *out;
    uint8_t *buf;
    uint64_t *arena;
};

static void dba_decode_work(void *p)
{
    struct dba_ctx *c = (struct dba_ctx *)p;
    ppq_arena_t arena;
    ppq_dba_dec_t dec;
    size_t got;
    ppq_arena_init(&arena, c->arena, DBA_VALUES * 32u);
    if (ppq_dba_dec_init(&dec, PPQ_BYTE_ARRAY, 0, c->enc, c->len, &arena) != PPQ_OK ||
        ppq_dba_dec_get(&dec, c->out, DBA_VALUES, c->buf, DBA_VALUES * 32u, &got) != PPQ_OK || got != DBA_VALUES) {
        fprintf(stderr, "bench: dba decode failed\n");
        exit(1);
    }
    sink_checksum += c->out[DBA_VALUES - 1].len;
}

static void bench_dba(void)
{
    static char text[DBA_VALUES * 24u];
    static ppq_bytes_t v[DBA_VALUES], o[DBA_VALUES];
    static uint8_t enc[DBA_VALUES * 32u], buf[DBA_VALUES * 32u];
    static uint64_t arena_mem[DBA_VALUES * 8u];
    ppq_dba_cfg_t cfg = {DBA_VALUES, DBA_VALUES * 24u, 64};
    ppq_arena_t arena;
    ppq_dba_enc_t e;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    struct dba_ctx c;
    size_t i, acc, at = 0;
    double rate;
    /* sorted sensor names: "site-03/rack-12/temp-0042" style */
    for (i = 0; i < DBA_VALUES; i++) {
        int n = snprintf(text + at, 24, "site-%02u/node-%04u", (unsigned)(i / 1000), (unsigned)(i % 1000));
        v[i].ptr = (const uint8_t *)text + at;
        v[i].len = (uint32_t)n;
        at += (size_t)n;
    }
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    ppq_sink_init_mem(&sink, &mem, enc, sizeof enc);
    if (ppq_dba_enc_init(&e, PPQ_BYTE_ARRAY, 0, &cfg, &sink, &arena) != PPQ_OK ||
        ppq_dba_enc_put(&e, v, DBA_VALUES, &acc) != PPQ_OK || ppq_dba_enc_finish(&e) != PPQ_OK) {
        fprintf(stderr, "bench: dba encode failed\n");
        exit(1);
    }
    c.enc = enc;
    c.len = mem.len;
    c.out = o;
    c.buf = buf;
    c.arena = arena_mem;
    rate = measure(dba_decode_work, &c, DBA_VALUES);
    for (i = 0; i < DBA_VALUES; i++) {
        if (o[i].len != v[i].len || memcmp(o[i].ptr, v[i].ptr, v[i].len) != 0) {
            fprintf(stderr, "bench: dba round trip differs\n");
            exit(1);
        }
    }
    printf("{\"bench\":\"delta_byte_array_decode\",\"data\":\"sorted short strings\",\"values_per_s\":%.4g,"
           "\"encoded_bytes_per_value\":%.3f,\"plain_bytes_per_value\":%.3f}\n",
           rate, (double)mem.len / DBA_VALUES, (double)(at + 4u * DBA_VALUES) / DBA_VALUES);
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : "";
    if (only[0] == '\0' || strcmp(only, "unpack") == 0) {
        bench_unpack();
    }
    if (only[0] == '\0' || strcmp(only, "rle") == 0) {
        bench_rle();
    }
    if (only[0] == '\0' || strcmp(only, "plain") == 0) {
        bench_plain();
    }
    if (only[0] == '\0' || strcmp(only, "delta") == 0) {
        bench_delta();
    }
    if (only[0] == '\0' || strcmp(only, "bss") == 0) {
        bench_bss();
    }
    if (only[0] == '\0' || strcmp(only, "dba") == 0) {
        bench_dba();
    }
    return sink_checksum == 42u ? 0 : 0;
}
