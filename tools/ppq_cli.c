/*
 * ppq: picoparquet's host command-line tool.
 *
 *   ppq encode ENCODING TYPE [options] < values > bytes
 *   ppq decode ENCODING TYPE [options] < bytes > values
 *   ppq sizes TYPE [options] < values
 *
 * A host program (stdio, malloc) built only on the public headers.
 * Exit status: 0 ok, 1 corrupt encoded input, 2 bad arguments or values.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define EXIT_CORRUPT 1
#define EXIT_USAGE 2

static const char usage[] =
    "usage: ppq encode ENCODING TYPE [options] < values > bytes\n"
    "       ppq decode ENCODING TYPE [options] < bytes > values\n"
    "       ppq sizes TYPE [options] < values\n"
    "\n"
    "ENCODING: plain rle bit_packed rle_dictionary delta_binary_packed\n"
    "          delta_length_byte_array delta_byte_array byte_stream_split group_varint\n"
    "TYPE:     boolean int32 int64 int96 float double byte_array fixed_len_byte_array\n"
    "options:  --bit-width W   rle and bit_packed widths (0..32; rle on boolean is 1)\n"
    "          --length L      fixed_len_byte_array length\n"
    "          --count N       values to decode (needed by rle, bit_packed, group_varint)\n"
    "          --prefix / --no-prefix  the RLE 4-byte length prefix (default: on for boolean)\n"
    "\n"
    "Values are whitespace-separated: decimal integers, true/false (or 1/0),\n"
    "decimal floats (nan, inf, -0.0 too), hex strings for byte arrays ('-' is\n"
    "empty), 24 hex digits (the 12 stored bytes) for int96.\n"
    "rle_dictionary bytes are framed as: u32 LE entries, u32 LE dictionary bytes,\n"
    "u32 LE value count, the dictionary page body (PLAIN), the data page body.\n";

/* ---- small helpers ------------------------------------------------------- */

static void die(int code, const char *fmt, const char *arg)
{
    fprintf(stderr, "ppq: ");
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(code);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n > 0 ? n : 1);
    if (p == NULL) {
        die(EXIT_USAGE, "%s", "out of memory");
    }
    return p;
}

static uint8_t *read_all(FILE *f, size_t *len)
{
    size_t cap = 65536, n = 0;
    uint8_t *buf = (uint8_t *)xmalloc(cap);
    for (;;) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) {
            break;
        }
        cap *= 2;
        buf = (uint8_t *)realloc(buf, cap);
        if (buf == NULL) {
            die(EXIT_USAGE, "%s", "out of memory");
        }
    }
    *len = n;
    return buf;
}

/* A growable memory sink for encoder output. */
typedef struct grow {
    uint8_t *buf;
    size_t len, cap;
} grow_t;

static ppq_status_t grow_write(void *ctx, const uint8_t *data, size_t len)
{
    grow_t *g = (grow_t *)ctx;
    if (len > g->cap - g->len) {
        size_t cap = g->cap ? g->cap : 4096;
        while (cap - g->len < len) {
            cap *= 2;
        }
        g->buf = (uint8_t *)realloc(g->buf, cap);
        if (g->buf == NULL) {
            return PPQ_ERR_IO;
        }
        g->cap = cap;
    }
    if (len > 0) {
        memcpy(g->buf + g->len, data, len);
        g->len += len;
    }
    return PPQ_OK;
}

static void grow_sink(ppq_sink_t *sink, grow_t *g)
{
    g->buf = NULL;
    g->len = g->cap = 0;
    sink->write = grow_write;
    sink->ctx = g;
    sink->offset = 0;
}

static const char *const type_names[] = {"boolean", "int32",  "int64",      "int96",
                                         "float",   "double", "byte_array", "fixed_len_byte_array"};

typedef enum {
    E_PLAIN,
    E_RLE,
    E_BIT_PACKED,
    E_DICT,
    E_DELTA,
    E_DLBA,
    E_DBA,
    E_BSS,
    E_GVI,
    E_COUNT
} enc_t;

static const char *const enc_names[E_COUNT] = {"plain",
                                               "rle",
                                               "bit_packed",
                                               "rle_dictionary",
                                               "delta_binary_packed",
                                               "delta_length_byte_array",
                                               "delta_byte_array",
                                               "byte_stream_split",
                                               "group_varint"};

/* Which types each encoding takes. */
static int applies(enc_t e, ppq_type_t t)
{
    switch (e) {
    case E_PLAIN: return 1;
    case E_RLE: return t == PPQ_BOOLEAN || t == PPQ_INT32;
    case E_BIT_PACKED: return t == PPQ_INT32;
    case E_DICT: return t != PPQ_BOOLEAN;
    case E_DELTA:
    case E_GVI: return t == PPQ_INT32 || t == PPQ_INT64;
    case E_DLBA: return t == PPQ_BYTE_ARRAY;
    case E_DBA: return t == PPQ_BYTE_ARRAY || t == PPQ_FIXED_LEN_BYTE_ARRAY;
    case E_BSS: return t == PPQ_FLOAT || t == PPQ_DOUBLE || t == PPQ_INT32 || t == PPQ_INT64 ||
                       t == PPQ_FIXED_LEN_BYTE_ARRAY;
    default: return 0;
    }
}

typedef struct opts {
    ppq_type_t type;
    uint32_t length;    /* FLBA */
    long bit_width;     /* -1: not given */
    long long count;    /* -1: not given */
    int prefix;         /* -1: default */
} opts_t;

/* ---- values -------------------------------------------------------------- */

typedef struct values {
    void *v;       /* array of the in-memory value type */
    size_t n;
    uint8_t *pool; /* byte-array bytes */
} values_t;

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

/* Parse hex `tok` into out; returns the byte count or -1. */
static long parse_hex(const char *tok, uint8_t *out)
{
    size_t len = strlen(tok), i;
    if (strcmp(tok, "-") == 0) {
        return 0;
    }
    if (len % 2 != 0) {
        return -1;
    }
    for (i = 0; i < len; i += 2) {
        int hi = hex_digit((unsigned char)tok[i]), lo = hex_digit((unsigned char)tok[i + 1]);
        if (hi < 0 || lo < 0) {
            return -1;
        }
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(len / 2);
}

static void bad_value(const char *tok)
{
    die(EXIT_USAGE, "cannot read value '%s'", tok);
}

static values_t parse_values(char *text, size_t len, const opts_t *o)
{
    values_t vals;
    size_t cap = 0, i, pool_used = 0;
    char *tok, *end = text + len;
    size_t vsize = ppq_value_size(o->type);
    vals.n = 0;
    vals.pool = (uint8_t *)xmalloc(len / 2 + 1);
    for (i = 0; i < len; i++) {
        if (text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '\r') {
            cap++;
        }
    }
    vals.v = xmalloc((cap + 1) * vsize);
    tok = text;
    while (tok < end) {
        char *stop;
        uint8_t *slot = (uint8_t *)vals.v + vals.n * vsize;
        while (tok < end && (*tok == ' ' || *tok == '\n' || *tok == '\t' || *tok == '\r')) {
            tok++;
        }
        if (tok >= end) {
            break;
        }
        stop = tok;
        while (stop < end && *stop != ' ' && *stop != '\n' && *stop != '\t' && *stop != '\r') {
            stop++;
        }
        *stop = '\0';
        switch (o->type) {
        case PPQ_BOOLEAN:
            if (strcmp(tok, "true") == 0 || strcmp(tok, "1") == 0) {
                *slot = 1;
            } else if (strcmp(tok, "false") == 0 || strcmp(tok, "0") == 0) {
                *slot = 0;
            } else {
                bad_value(tok);
            }
            break;
        case PPQ_INT32:
        case PPQ_INT64: {
            char *e;
            long long x;
            errno = 0;
            x = strtoll(tok, &e, 10);
            if (*e != '\0' || errno != 0 || (o->type == PPQ_INT32 && (x < INT32_MIN || x > INT32_MAX))) {
                /* an unsigned 32-bit value also reads as its int32 bits */
                unsigned long long u = strtoull(tok, &e, 10);
                if (o->type == PPQ_INT32 && *e == '\0' && tok[0] != '-' && u <= UINT32_MAX) {
                    x = (long long)(int32_t)(uint32_t)u;
                } else {
                    bad_value(tok);
                }
            }
            if (o->type == PPQ_INT32) {
                int32_t v = (int32_t)x;
                memcpy(slot, &v, 4);
            } else {
                int64_t v = (int64_t)x;
                memcpy(slot, &v, 8);
            }
            break;
        }
        case PPQ_FLOAT:
        case PPQ_DOUBLE: {
            char *e;
            double d = strtod(tok, &e);
            if (*e != '\0') {
                bad_value(tok);
            }
            if (o->type == PPQ_FLOAT) {
                float f = (float)d;
                memcpy(slot, &f, 4);
            } else {
                memcpy(slot, &d, 8);
            }
            break;
        }
        case PPQ_INT96: {
            ppq_int96_t v;
            if (strlen(tok) != 24 || parse_hex(tok, v.bytes) != 12) {
                bad_value(tok);
            }
            memcpy(slot, &v, sizeof v);
            break;
        }
        case PPQ_BYTE_ARRAY:
        case PPQ_FIXED_LEN_BYTE_ARRAY: {
            ppq_bytes_t b;
            long n = parse_hex(tok, vals.pool + pool_used);
            if (n < 0 || (o->type == PPQ_FIXED_LEN_BYTE_ARRAY && (uint32_t)n != o->length)) {
                bad_value(tok);
            }
            b.ptr = vals.pool + pool_used;
            b.len = (uint32_t)n;
            pool_used += (size_t)n;
            memcpy(slot, &b, sizeof b);
            break;
        }
        }
        vals.n++;
        tok = stop + 1;
    }
    return vals;
}

static void print_value(const opts_t *o, const uint8_t *slot)
{
    switch (o->type) {
    case PPQ_BOOLEAN: puts(*slot ? "true" : "false"); break;
    case PPQ_INT32: {
        int32_t v;
        memcpy(&v, slot, 4);
        printf("%" PRId32 "\n", v);
        break;
    }
    case PPQ_INT64: {
        int64_t v;
        memcpy(&v, slot, 8);
        printf("%" PRId64 "\n", v);
        break;
    }
    case PPQ_FLOAT:
    case PPQ_DOUBLE: {
        double d;
        if (o->type == PPQ_FLOAT) {
            float f;
            memcpy(&f, slot, 4);
            d = f;
        } else {
            memcpy(&d, slot, 8);
        }
        if (isnan(d)) {
            puts("nan");
        } else if (isinf(d)) {
            puts(d > 0 ? "inf" : "-inf");
        } else {
            printf(o->type == PPQ_FLOAT ? "%.9g\n" : "%.17g\n", d);
        }
        break;
    }
    case PPQ_INT96:
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY: {
        const uint8_t *p;
        size_t n, i;
        if (o->type == PPQ_INT96) {
            p = slot;
            n = 12;
        } else {
            ppq_bytes_t b;
            memcpy(&b, slot, sizeof b);
            p = b.ptr;
            n = b.len;
        }
        if (n == 0) {
            fputs("-", stdout);
        }
        for (i = 0; i < n; i++) {
            printf("%02x", p[i]);
        }
        putchar('\n');
        break;
    }
    }
}

/* ---- encoding ------------------------------------------------------------- */

static uint64_t *arena_buf;
static size_t arena_len;

static ppq_arena_t *fresh_arena(size_t need)
{
    static ppq_arena_t arena;
    if (need > arena_len) {
        free(arena_buf);
        arena_len = need;
        arena_buf = (uint64_t *)xmalloc(need);
    }
    ppq_arena_init(&arena, arena_buf, arena_len);
    return &arena;
}

static unsigned rle_width(const opts_t *o, const values_t *v)
{
    if (o->type == PPQ_BOOLEAN) {
        return 1;
    }
    if (o->bit_width >= 0) {
        return (unsigned)o->bit_width;
    }
    {
        uint32_t all = 0;
        size_t i;
        for (i = 0; i < v->n; i++) {
            all |= (uint32_t)((const int32_t *)v->v)[i];
        }
        return ppq_bit_width32(all);
    }
}

static size_t total_bytes(const values_t *v)
{
    size_t i, n = 0;
    for (i = 0; i < v->n; i++) {
        n += ((const ppq_bytes_t *)v->v)[i].len;
    }
    return n;
}

/* Byte-array bytes when the type has them, else 0. */
static size_t total_bytes_if(const opts_t *o, const values_t *v)
{
    return o->type == PPQ_BYTE_ARRAY || o->type == PPQ_FIXED_LEN_BYTE_ARRAY ? total_bytes(v) : 0u;
}

/* Encode all values with `e` to `out`.  Returns the library status. */
static ppq_status_t encode(enc_t e, const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_status_t st = PPQ_OK;
    uint32_t n32 = (uint32_t)v->n;
    size_t acc;
    switch (e) {
    case E_PLAIN: {
        ppq_plain_enc_t enc;
        st = ppq_plain_enc_init(&enc, o->type, o->length, out);
        if (st == PPQ_OK) {
            st = ppq_plain_enc_put(&enc, v->v, v->n);
        }
        return st == PPQ_OK ? ppq_plain_enc_finish(&enc) : st;
    }
    case E_RLE: {
        ppq_rle_cfg_t cfg = {0, 0, 0, 0};
        ppq_rle_enc_t enc;
        uint32_t *u = (uint32_t *)xmalloc(v->n * 4);
        size_t i;
        cfg.bit_width = rle_width(o, v);
        cfg.length_prefix = (uint8_t)(o->prefix >= 0 ? o->prefix : o->type == PPQ_BOOLEAN);
        cfg.prefix_cap = (uint32_t)(v->n * 5 + 64);
        for (i = 0; i < v->n; i++) {
            u[i] = o->type == PPQ_BOOLEAN ? ((const uint8_t *)v->v)[i] : (uint32_t)((const int32_t *)v->v)[i];
        }
        st = ppq_rle_enc_init(&enc, &cfg, out, fresh_arena(ppq_rle_enc_arena_size(&cfg) + 64));
        if (st == PPQ_OK) {
            st = ppq_rle_enc_put(&enc, u, v->n);
        }
        free(u);
        return st == PPQ_OK ? ppq_rle_enc_finish(&enc) : st;
    }
    case E_BIT_PACKED: {
        ppq_bitpacked_enc_t enc;
        st = ppq_bitpacked_enc_init(&enc, rle_width(o, v), out);
        if (st == PPQ_OK) {
            st = ppq_bitpacked_enc_put(&enc, (const uint32_t *)v->v, v->n);
        }
        return st == PPQ_OK ? ppq_bitpacked_enc_finish(&enc) : st;
    }
    case E_DICT: {
        ppq_dict_cfg_t cfg;
        ppq_dict_enc_t enc;
        grow_t dict, page;
        ppq_sink_t ds, ps;
        uint8_t head[12];
        cfg.max_entries = n32 > 0 ? n32 : 1;
        cfg.max_bytes = (uint32_t)(v->n * 16 + total_bytes_if(o, v) + 16);
        cfg.max_page_values = cfg.max_entries;
        st = ppq_dict_enc_init(&enc, o->type, o->length, &cfg,
                               fresh_arena(ppq_dict_enc_arena_size(o->type, o->length, &cfg) + 64));
        if (st == PPQ_OK) {
            st = ppq_dict_enc_put(&enc, v->v, v->n, &acc);
        }
        grow_sink(&ds, &dict);
        grow_sink(&ps, &page);
        if (st == PPQ_OK) {
            st = ppq_dict_enc_write_dict(&enc, &ds);
        }
        if (st == PPQ_OK) {
            st = ppq_dict_enc_flush_page(&enc, &ps);
        }
        if (st == PPQ_OK) {
            ppq_store_le32(head, ppq_dict_enc_entries(&enc));
            ppq_store_le32(head + 4, (uint32_t)dict.len);
            ppq_store_le32(head + 8, n32);
            st = ppq_sink_write(out, head, 12);
        }
        if (st == PPQ_OK) {
            st = ppq_sink_write(out, dict.buf, dict.len);
        }
        if (st == PPQ_OK) {
            st = ppq_sink_write(out, page.buf, page.len);
        }
        free(dict.buf);
        free(page.buf);
        return st;
    }
    case E_DELTA: {
        ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0};
        ppq_delta_enc_t enc;
        grow_t blocks;
        ppq_sink_t bs;
        uint8_t head[PPQ_DELTA_HEADER_MAX];
        cfg.type = o->type;
        grow_sink(&bs, &blocks);
        st = ppq_delta_enc_init(&enc, &cfg, &bs, fresh_arena(ppq_delta_enc_arena_size(&cfg) + 64));
        if (st == PPQ_OK) {
            st = ppq_delta_enc_put(&enc, v->v, v->n);
        }
        if (st == PPQ_OK) {
            st = ppq_delta_enc_finish(&enc);
        }
        if (st == PPQ_OK) {
            st = ppq_sink_write(out, head, ppq_delta_enc_header(&enc, head));
        }
        if (st == PPQ_OK) {
            st = ppq_sink_write(out, blocks.buf, blocks.len);
        }
        free(blocks.buf);
        return st;
    }
    case E_DLBA: {
        ppq_dlba_cfg_t cfg;
        ppq_dlba_enc_t enc;
        cfg.max_values = n32 > 0 ? n32 : 1;
        cfg.max_bytes = (uint32_t)total_bytes(v) + 1;
        st = ppq_dlba_enc_init(&enc, &cfg, out, fresh_arena(ppq_dlba_enc_arena_size(&cfg) + 64));
        if (st == PPQ_OK) {
            st = ppq_dlba_enc_put(&enc, (const ppq_bytes_t *)v->v, v->n, &acc);
        }
        return st == PPQ_OK ? ppq_dlba_enc_finish(&enc) : st;
    }
    case E_DBA: {
        ppq_dba_cfg_t cfg;
        ppq_dba_enc_t enc;
        size_t i, longest = 1;
        for (i = 0; i < v->n; i++) {
            size_t l = ((const ppq_bytes_t *)v->v)[i].len;
            longest = l > longest ? l : longest;
        }
        cfg.max_values = n32 > 0 ? n32 : 1;
        cfg.max_bytes = (uint32_t)total_bytes(v) + 1;
        cfg.max_value_len = (uint32_t)longest;
        st = ppq_dba_enc_init(&enc, o->type, o->length, &cfg, out, fresh_arena(ppq_dba_enc_arena_size(&cfg) + 64));
        if (st == PPQ_OK) {
            st = ppq_dba_enc_put(&enc, (const ppq_bytes_t *)v->v, v->n, &acc);
        }
        return st == PPQ_OK ? ppq_dba_enc_finish(&enc) : st;
    }
    case E_BSS: {
        ppq_bss_enc_t enc;
        const void *src = v->v;
        uint8_t *flat = NULL;
        if (o->type == PPQ_FIXED_LEN_BYTE_ARRAY) { /* BSS takes FLBA as raw bytes */
            size_t i;
            flat = (uint8_t *)xmalloc(v->n * o->length);
            for (i = 0; i < v->n; i++) {
                memcpy(flat + i * o->length, ((const ppq_bytes_t *)v->v)[i].ptr, o->length);
            }
            src = flat;
        }
        st = ppq_bss_enc_init(&enc, o->type, o->length, n32, out,
                              fresh_arena(ppq_bss_enc_arena_size(o->type, o->length, n32) + 64));
        if (st == PPQ_OK) {
            st = ppq_bss_enc_put(&enc, src, v->n);
        }
        free(flat);
        return st == PPQ_OK ? ppq_bss_enc_finish(&enc) : st;
    }
    case E_GVI: {
        ppq_gvi_enc_t enc;
        st = ppq_gvi_enc_init(&enc, o->type, out);
        if (st == PPQ_OK) {
            st = ppq_gvi_enc_put(&enc, v->v, v->n);
        }
        return st == PPQ_OK ? ppq_gvi_enc_finish(&enc) : st;
    }
    default: return PPQ_ERR_UNSUPPORTED;
    }
}

/* ---- decoding ------------------------------------------------------------- */

static void corrupt(ppq_status_t st)
{
    die(st == PPQ_ERR_CORRUPT ? EXIT_CORRUPT : EXIT_USAGE, "cannot decode: %s", ppq_status_str(st));
}

static size_t need_count(const opts_t *o, const char *enc)
{
    if (o->count < 0) {
        die(EXIT_USAGE, "%s needs --count", enc);
    }
    return (size_t)o->count;
}

/* Decode `data` and print every value.  Exits on corrupt input. */
static void decode(enc_t e, const opts_t *o, const uint8_t *data, size_t len)
{
    size_t vsize = ppq_value_size(o->type), got = 0, n = 0, i;
    size_t cap = len * 8 + 64; /* no encoding yields more values than bits (width 0 aside) */
    uint8_t *out;
    ppq_status_t st = PPQ_OK;
    if (o->count >= 0 && (size_t)o->count > cap) {
        cap = (size_t)o->count;
    }
    out = (uint8_t *)xmalloc(cap * (vsize > 4 ? vsize : 4));
    switch (e) {
    case E_PLAIN: {
        ppq_plain_dec_t dec;
        size_t count = o->count >= 0 ? (size_t)o->count : (o->type == PPQ_BOOLEAN ? len * 8 : PPQ_COUNT_ALL);
        st = ppq_plain_dec_init(&dec, o->type, o->length, data, len, count);
        if (st == PPQ_OK) {
            st = ppq_plain_dec_get(&dec, out, cap, &n);
        }
        break;
    }
    case E_RLE:
    case E_BIT_PACKED: {
        size_t count = need_count(o, enc_names[e]);
        uint32_t *u = (uint32_t *)xmalloc(count * 4);
        unsigned w = o->type == PPQ_BOOLEAN ? 1u : (unsigned)(o->bit_width >= 0 ? o->bit_width : -1);
        if (o->type != PPQ_BOOLEAN && o->bit_width < 0) {
            die(EXIT_USAGE, "%s needs --bit-width", enc_names[e]);
        }
        if (e == E_RLE) {
            ppq_rle_dec_t dec;
            int prefix = o->prefix >= 0 ? o->prefix : o->type == PPQ_BOOLEAN;
            st = ppq_rle_dec_init(&dec, w, prefix, data, len, count);
            if (st == PPQ_OK) {
                st = ppq_rle_dec_get(&dec, u, count, &n);
            }
        } else {
            ppq_bitpacked_dec_t dec;
            st = ppq_bitpacked_dec_init(&dec, w, data, len, count);
            if (st == PPQ_OK) {
                st = ppq_bitpacked_dec_get(&dec, u, count, &n);
            }
        }
        for (i = 0; i < n; i++) {
            if (o->type == PPQ_BOOLEAN) {
                out[i] = (uint8_t)u[i];
            } else {
                memcpy(out + 4 * i, &u[i], 4);
            }
        }
        free(u);
        break;
    }
    case E_DICT: {
        ppq_dict_dec_t dec;
        uint32_t entries, dict_len, count;
        if (len < 12) {
            corrupt(PPQ_ERR_CORRUPT);
        }
        entries = ppq_load_le32(data);
        dict_len = ppq_load_le32(data + 4);
        count = ppq_load_le32(data + 8);
        if (dict_len > len - 12 || count > cap) {
            corrupt(PPQ_ERR_CORRUPT);
        }
        st = ppq_dict_dec_init(&dec, o->type, o->length, data + 12, dict_len, entries,
                               fresh_arena(ppq_dict_dec_arena_size(o->type, entries) + 64));
        if (st == PPQ_OK) {
            st = ppq_dict_dec_page(&dec, data + 12 + dict_len, len - 12 - dict_len, count);
        }
        if (st == PPQ_OK) {
            st = ppq_dict_dec_get(&dec, out, count, &n);
        }
        break;
    }
    case E_DELTA: {
        ppq_delta_dec_t dec;
        st = ppq_delta_dec_init(&dec, o->type, data, len);
        if (st == PPQ_OK && ppq_delta_dec_count(&dec) > cap) {
            st = PPQ_ERR_CORRUPT; /* more values than the bytes can hold */
        }
        if (st == PPQ_OK) {
            st = ppq_delta_dec_get(&dec, out, cap, &n);
        }
        break;
    }
    case E_DLBA: {
        ppq_dlba_dec_t dec;
        st = ppq_dlba_dec_init(&dec, data, len);
        if (st == PPQ_OK) {
            st = ppq_dlba_dec_get(&dec, (ppq_bytes_t *)(void *)out, cap, &n);
        }
        break;
    }
    case E_DBA: {
        ppq_dba_dec_t dec;
        size_t bcap = len * 64 + 64;
        uint8_t *bytes = (uint8_t *)xmalloc(bcap);
        st = ppq_dba_dec_init(&dec, o->type, o->length, data, len, fresh_arena(ppq_dba_dec_arena_size(len) + 64));
        while (st == PPQ_OK) {
            st = ppq_dba_dec_get(&dec, (ppq_bytes_t *)(void *)out + n, cap - n, bytes, bcap, &got);
            for (i = n; i < n + got; i++) {
                print_value(o, out + i * vsize);
            }
            if (got == 0) {
                break;
            }
            n += got;
            n = 0; /* printed: reuse the output slots */
        }
        free(bytes);
        free(out);
        if (st != PPQ_OK) {
            corrupt(st);
        }
        return;
    }
    case E_BSS: {
        ppq_bss_dec_t dec;
        size_t count = o->count >= 0 ? (size_t)o->count : PPQ_COUNT_ALL;
        uint8_t *raw = NULL;
        st = ppq_bss_dec_init(&dec, o->type, o->length, data, len, count);
        if (st == PPQ_OK && o->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            raw = (uint8_t *)xmalloc(len);
            st = ppq_bss_dec_get(&dec, raw, cap, &n);
            for (i = 0; i < n; i++) { /* raw bytes back into ppq_bytes_t for printing */
                ppq_bytes_t b;
                b.ptr = raw + i * o->length;
                b.len = o->length;
                memcpy(out + i * vsize, &b, sizeof b);
            }
        } else if (st == PPQ_OK) {
            st = ppq_bss_dec_get(&dec, out, cap, &n);
        }
        for (i = 0; i < n && st == PPQ_OK; i++) {
            print_value(o, out + i * vsize);
        }
        free(raw);
        free(out);
        if (st != PPQ_OK) {
            corrupt(st);
        }
        return;
    }
    case E_GVI: {
        ppq_gvi_dec_t dec;
        size_t count = need_count(o, enc_names[e]);
        if (count > cap) {
            corrupt(PPQ_ERR_CORRUPT);
        }
        st = ppq_gvi_dec_init(&dec, o->type, data, len, count);
        if (st == PPQ_OK) {
            st = ppq_gvi_dec_get(&dec, out, count, &n);
        }
        break;
    }
    default: st = PPQ_ERR_UNSUPPORTED; break;
    }
    if (st != PPQ_OK) {
        corrupt(st);
    }
    if (o->count >= 0 && n != (size_t)o->count) {
        corrupt(PPQ_ERR_CORRUPT);
    }
    for (i = 0; i < n; i++) {
        print_value(o, out + i * vsize);
    }
    free(out);
}

/* ---- command line ----------------------------------------------------------- */

static int lookup(const char *const *names, int count, const char *name)
{
    int i;
    for (i = 0; i < count; i++) {
        if (strcmp(names[i], name) == 0) {
            return i;
        }
    }
    return -1;
}

static long long number_arg(const char *flag, const char *value, long long max)
{
    char *e;
    long long x;
    if (value == NULL) {
        die(EXIT_USAGE, "%s needs a value", flag);
    }
    errno = 0;
    x = strtoll(value, &e, 10);
    if (*e != '\0' || errno != 0 || x < 0 || x > max) {
        die(EXIT_USAGE, "bad value for %s", flag);
    }
    return x;
}

static void parse_options(int argc, char **argv, int first, opts_t *o)
{
    int i;
    o->length = 0;
    o->bit_width = -1;
    o->count = -1;
    o->prefix = -1;
    for (i = first; i < argc; i++) {
        if (strcmp(argv[i], "--bit-width") == 0) {
            o->bit_width = (long)number_arg(argv[i], argv[i + 1], 32);
            i++;
        } else if (strcmp(argv[i], "--length") == 0) {
            o->length = (uint32_t)number_arg(argv[i], argv[i + 1], 65535);
            i++;
        } else if (strcmp(argv[i], "--count") == 0) {
            o->count = number_arg(argv[i], argv[i + 1], 100000000);
            i++;
        } else if (strcmp(argv[i], "--prefix") == 0) {
            o->prefix = 1;
        } else if (strcmp(argv[i], "--no-prefix") == 0) {
            o->prefix = 0;
        } else {
            die(EXIT_USAGE, "unknown option '%s'", argv[i]);
        }
    }
    if (o->type == PPQ_FIXED_LEN_BYTE_ARRAY && o->length == 0) {
        die(EXIT_USAGE, "%s", "fixed_len_byte_array needs --length L (1..65535)");
    }
}

static ppq_type_t type_arg(const char *name)
{
    int t = lookup(type_names, 8, name);
    if (t < 0) {
        die(EXIT_USAGE, "unknown type '%s'", name);
    }
    return (ppq_type_t)t;
}

int main(int argc, char **argv)
{
    opts_t o;
    size_t len;
    uint8_t *input;
    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : 0;
    }
    if (strcmp(argv[1], "sizes") == 0) {
        values_t v;
        int e;
        if (argc < 3) {
            die(EXIT_USAGE, "%s", "sizes needs a TYPE");
        }
        o.type = type_arg(argv[2]);
        parse_options(argc, argv, 3, &o);
        input = read_all(stdin, &len);
        v = parse_values((char *)input, len, &o);
        printf("%-24s %12s\n", "encoding", "bytes");
        for (e = 0; e < E_COUNT; e++) {
            ppq_sink_t counter;
            ppq_status_t st;
            if (!applies((enc_t)e, o.type) || e == E_BIT_PACKED) {
                continue; /* BIT_PACKED needs a width and is for levels only */
            }
            ppq_sink_init_counter(&counter);
            st = encode((enc_t)e, &o, &v, &counter);
            if (st == PPQ_OK) {
                printf("%-24s %12llu\n", enc_names[e], (unsigned long long)counter.offset);
            } else {
                printf("%-24s %12s (%s)\n", enc_names[e], "-", ppq_status_str(st));
            }
        }
        return 0;
    }
    if (strcmp(argv[1], "encode") == 0 || strcmp(argv[1], "decode") == 0) {
        int e;
        if (argc < 4) {
            die(EXIT_USAGE, "%s needs ENCODING and TYPE", argv[1]);
        }
        e = lookup(enc_names, E_COUNT, argv[2]);
        if (e < 0) {
            die(EXIT_USAGE, "unknown encoding '%s'", argv[2]);
        }
        o.type = type_arg(argv[3]);
        parse_options(argc, argv, 4, &o);
        if (!applies((enc_t)e, o.type)) {
            die(EXIT_USAGE, "encoding %s does not apply to this type", argv[2]);
        }
        input = read_all(stdin, &len);
        if (argv[1][0] == 'e') {
            values_t v = parse_values((char *)input, len, &o);
            grow_t g;
            ppq_sink_t sink;
            ppq_status_t st;
            grow_sink(&sink, &g);
            st = encode((enc_t)e, &o, &v, &sink);
            if (st != PPQ_OK) {
                die(EXIT_USAGE, "cannot encode: %s", ppq_status_str(st));
            }
            fwrite(g.buf, 1, g.len, stdout);
        } else {
            decode((enc_t)e, &o, input, len);
        }
        return 0;
    }
    die(EXIT_USAGE, "unknown command '%s' (try: ppq help)", argv[1]);
    return EXIT_USAGE;
}
