/*
 * ppq: picoparquet's host command-line tool.
 *
 *   ppq encode ENCODING TYPE [options] < values > bytes
 *   ppq decode ENCODING TYPE [options] < bytes > values
 *   ppq sizes TYPE [options] < values
 *
 * A host program (stdio, malloc) built only on the public headers.
 * Exit status: 0 ok, 1 corrupt encoded input, 2 bad arguments or values.
 *
 * Every encoding is one entry of `codecs[]` below: its name, the types it
 * takes, the types `sizes` lists it for, and three functions (encode all
 * values to a sink; start decoding a byte buffer; get the next values).
 * Adding an encoding is writing those three and adding the entry.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_codec_cmd.h"
#include "ppq_inspect.h"
#include "ppq_cat.h"
#include "ppq_recover_cmd.h"
#include "ppq_write_cmd.h"

#define EXIT_CORRUPT 1
#define EXIT_USAGE 2

static const char usage[] =
    "usage: ppq encode ENCODING TYPE [options] < values > bytes\n"
    "       ppq decode ENCODING TYPE [options] < bytes > values\n"
    "       ppq sizes TYPE [options] < values     (one line per encoding: NAME BYTES)\n"
    "       ppq inspect FILE                      (a Parquet file's footer: schema, row groups)\n"
    "       ppq recover IN OUT | --in-place FILE  (a log cut off mid-write: keep every complete\n"
    "                                             row group, write a new footer)\n"
    "       ppq compress CODEC [--level N] < bytes > compressed\n"
    "       ppq decompress CODEC < compressed > bytes\n"
    "                                             (CODEC: snappy, gzip, zstd, lz4_raw, lz4; gzip and\n"
    "                                             zstd frames, snappy and lz4_raw raw blocks as in\n"
    "                                             Parquet pages, lz4 Hadoop-framed; snappy and lz4\n"
    "                                             levels 1..9: hash tables of 2^(N+7) entries)\n"
    "       ppq cat FILE [--columns a,b] [--where EXPR [--stats]] [--row-groups 0,2] [--offset N] [--limit N]\n"
    "               [--format jsonl|csv] [--raw]\n"
    "                                             (rows as JSON Lines or CSV, through the reader;\n"
    "                                             nested records as JSON objects and arrays; --where\n"
    "                                             \"ts >= '2026-01-05T00:00:00Z' and s = 'warn'\": rows\n"
    "                                             passing =, !=, <, <=, >, >= of columns and literals,\n"
    "                                             by statistics, bloom filters and the page index;\n"
    "                                             --stats: what was read and skipped; docs/cli.md)\n"
    "       ppq scan FILE                         (decode every value; rows, values, nulls, seconds)\n"
    "       ppq write --schema SCHEMA [--format jsonl|csv] [options] OUT.parquet < rows\n"
    "                                             (a file from JSON Lines or CSV rows, e.g. --schema\n"
    "                                             'ts:timestamp(us,utc), t:float?, s:string'; options:\n"
    "                                             --codec NAME [--level N], --row-group-rows N, --page-v2,\n"
    "                                             --page-bytes N, --encoding COL=ENC, --no-statistics,\n"
    "                                             --auto-all-encodings;\n"
    "                                             see docs/cli.md)\n"
    "       ppq --version                         (picoparquet's version)\n"
    "       ppq help\n"
    "\n"
    "ENCODING: plain rle bit_packed rle_dictionary delta_binary_packed\n"
    "          delta_length_byte_array delta_byte_array byte_stream_split group_varint\n"
    "TYPE:     boolean int32 int64 int96 float double byte_array fixed_len_byte_array\n"
    "options:  --bit-width W   rle and bit_packed width, 0..32 (rle boolean: always 1;\n"
    "                          encode int32 without it: the widest value's width)\n"
    "          --length L      fixed_len_byte_array length (required for that type)\n"
    "          --count N       values to decode; required by rle, bit_packed and\n"
    "                          group_varint (their padding makes the end ambiguous);\n"
    "                          with other encodings the stream must hold exactly N\n"
    "          --prefix / --no-prefix  rle's 4-byte length prefix (default: on for\n"
    "                          boolean, off for int32)\n"
    "\n"
    "Values are whitespace-separated: decimal integers (rle and bit_packed take\n"
    "unsigned ones that fit the width), true/false or 1/0, decimal floats (nan,\n"
    "inf, -inf, -0.0 too), byte arrays as hex ('-' is the empty one), int96 as 24\n"
    "hex digits (the 12 stored bytes).  decode prints one value per line in the\n"
    "same form (floats with %.9g, doubles with %.17g: they read back exactly).\n"
    "Without --count, plain decodes until the bytes end (boolean: 8 per byte).\n"
    "\n"
    "rle_dictionary bytes are framed so that decode needs nothing else:\n"
    "  u32 LE  dictionary entries\n"
    "  u32 LE  dictionary page body length D\n"
    "  u32 LE  value count\n"
    "  D bytes dictionary page body (the entries, PLAIN)\n"
    "  rest    data page body (1 byte index bit width, RLE/bit-packed hybrid)\n"
    "\n"
    "Exit status: 0 ok, 1 corrupt encoded input, 2 bad arguments or values.\n";

/* ---- small helpers ------------------------------------------------------- */

static void die(int code, const char *fmt, const char *arg)
{
    fflush(stdout);
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

/* All of `f`, with a NUL byte after the end (the value parser needs it). */
static uint8_t *read_all(FILE *f, size_t *len)
{
    size_t cap = 65536, n = 0;
    uint8_t *buf = (uint8_t *)xmalloc(cap);
    for (;;) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1) {
            break;
        }
        if (cap > (size_t)-1 / 2) {
            die(EXIT_USAGE, "%s", "input too large");
        }
        cap *= 2;
        buf = (uint8_t *)realloc(buf, cap);
        if (buf == NULL) {
            die(EXIT_USAGE, "%s", "out of memory");
        }
    }
    if (ferror(f)) {
        die(EXIT_USAGE, "%s", "cannot read standard input");
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* A growable memory sink. */
typedef struct grow {
    uint8_t *buf;
    size_t len, cap;
} grow_t;

static ppq_status_t grow_write(void *ctx, const uint8_t *data, size_t len)
{
    grow_t *g = (grow_t *)ctx;
    if (len > g->cap - g->len) {
        size_t cap = g->cap ? g->cap : 4096;
        uint8_t *nb;
        while (cap - g->len < len) {
            if (cap > (size_t)-1 / 2) {
                return PPQ_ERR_IO;
            }
            cap *= 2;
        }
        nb = (uint8_t *)realloc(g->buf, cap);
        if (nb == NULL) {
            return PPQ_ERR_IO;
        }
        g->buf = nb;
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

/* An arena of exactly `need` bytes (the *_arena_size() figures are exact
 * for an 8-aligned buffer, which malloc gives). */
static ppq_arena_t *fresh_arena(size_t need)
{
    static ppq_arena_t arena;
    static void *mem;
    free(mem);
    mem = xmalloc(need);
    ppq_arena_init(&arena, mem, need);
    return &arena;
}

static const char *const type_names[] = {"boolean", "int32",  "int64",      "int96",
                                         "float",   "double", "byte_array", "fixed_len_byte_array"};

#define T(t) (1u << (t))
#define T_ALL 0xFFu
#define T_BYTES (T(PPQ_BYTE_ARRAY) | T(PPQ_FIXED_LEN_BYTE_ARRAY))

typedef struct opts {
    ppq_type_t type;
    uint32_t length;    /* FLBA */
    long bit_width;     /* -1: not given */
    long long count;    /* -1: not given */
    int prefix;         /* -1: default */
} opts_t;

/* The values read from stdin, in the library's in-memory representation. */
typedef struct values {
    void *v;
    size_t n;
    uint8_t *pool; /* byte-array bytes */
} values_t;

/* Why an encoder refused (set along with the failing status), or NULL. */
static const char *why;

/* ---- reading values ------------------------------------------------------ */

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

static int is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Parse one token (NUL-terminated) into the value slot. */
static void parse_value(const opts_t *o, const char *tok, uint8_t *slot, uint8_t **pool)
{
    char *e;
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
    case PPQ_INT32: {
        /* int32 range, or an unsigned 32-bit value read as its int32 bits */
        long long x;
        uint32_t bits;
        errno = 0;
        x = strtoll(tok, &e, 10);
        if (*e != '\0' || errno != 0 || x < INT32_MIN || x > (long long)UINT32_MAX) {
            bad_value(tok);
        }
        bits = (uint32_t)(unsigned long long)x;
        memcpy(slot, &bits, 4);
        break;
    }
    case PPQ_INT64: {
        int64_t v;
        errno = 0;
        v = (int64_t)strtoll(tok, &e, 10);
        if (*e != '\0' || errno != 0) {
            bad_value(tok);
        }
        memcpy(slot, &v, 8);
        break;
    }
    case PPQ_FLOAT: {
        float f;
        errno = 0;
        f = strtof(tok, &e);
        if (*e != '\0' || (errno == ERANGE && isinf(f))) {
            bad_value(tok); /* not a number, or a finite one too big for float */
        }
        memcpy(slot, &f, 4);
        break;
    }
    case PPQ_DOUBLE: {
        double d;
        errno = 0;
        d = strtod(tok, &e);
        if (*e != '\0' || (errno == ERANGE && isinf(d))) {
            bad_value(tok);
        }
        memcpy(slot, &d, 8);
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
        long n = parse_hex(tok, *pool);
        if (n < 0 || (o->type == PPQ_FIXED_LEN_BYTE_ARRAY && (uint32_t)n != o->length)) {
            bad_value(tok);
        }
        b.ptr = *pool;
        b.len = (uint32_t)n;
        *pool += n;
        memcpy(slot, &b, sizeof b);
        break;
    }
    }
}

/* Split `text` (len bytes, NUL at text[len]) into values; exits on a bad one. */
static values_t parse_values(char *text, size_t len, const opts_t *o)
{
    values_t vals;
    size_t cap = 1, i, vsize = ppq_value_size(o->type);
    char *tok = text, *end = text + len;
    uint8_t *pool;
    for (i = 0; i < len; i++) {
        if (text[i] == '\0') {
            die(EXIT_USAGE, "%s", "a NUL byte in the values");
        }
        cap += is_space(text[i]) ? 1u : 0u;
    }
    vals.n = 0;
    vals.v = xmalloc(cap * vsize);
    vals.pool = pool = (uint8_t *)xmalloc(len / 2 + 1);
    while (tok < end) {
        char *stop;
        while (tok < end && is_space(*tok)) {
            tok++;
        }
        if (tok >= end) {
            break;
        }
        stop = tok;
        while (stop < end && !is_space(*stop)) {
            stop++;
        }
        *stop = '\0'; /* stop <= end, and text[len] is a spare byte */
        parse_value(o, tok, (uint8_t *)vals.v + vals.n * vsize, &pool);
        vals.n++;
        tok = stop + 1;
    }
    return vals;
}

/* ---- printing values ----------------------------------------------------- */

static void print_value(const opts_t *o, int as_unsigned, const uint8_t *slot)
{
    switch (o->type) {
    case PPQ_BOOLEAN: fputs(*slot ? "true\n" : "false\n", stdout); break;
    case PPQ_INT32: {
        int32_t v;
        memcpy(&v, slot, 4);
        if (as_unsigned) {
            printf("%" PRIu32 "\n", (uint32_t)v);
        } else {
            printf("%" PRId32 "\n", v);
        }
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
            fputs("nan\n", stdout);
        } else if (isinf(d)) {
            fputs(d > 0 ? "inf\n" : "-inf\n", stdout);
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
            putchar('-');
        }
        for (i = 0; i < n; i++) {
            printf("%02x", p[i]);
        }
        putchar('\n');
        break;
    }
    }
}

/* ---- the codec table ----------------------------------------------------- */

#define CHUNK 1024u /* values per decoder get */

/* Decoder state shared by all codecs (one is active at a time). */
typedef struct dec {
    const opts_t *o;
    union {
        ppq_plain_dec_t plain;
        ppq_rle_dec_t rle;
        ppq_bitpacked_dec_t bp;
        ppq_dict_dec_t dict;
        ppq_delta_dec_t delta;
        ppq_dlba_dec_t dlba;
        ppq_dba_dec_t dba;
        ppq_bss_dec_t bss;
        ppq_gvi_dec_t gvi;
    } u;
    uint32_t raw[CHUNK]; /* rle / bit_packed values before conversion */
    uint8_t *bytes;      /* delta_byte_array value bytes; BSS FLBA raw values */
    size_t bytes_cap;
} dec_t;

typedef struct codec {
    const char *name;
    unsigned types;       /* T(type) for every type it takes */
    unsigned sizes_types; /* the types `sizes` lists it for */
    int needs_count;      /* decode needs --count */
    int needs_width;      /* decode needs --bit-width (except boolean) */
    int as_unsigned;      /* int32 values print unsigned */
    /* Encode all of v to out; on failure may set `why`. */
    ppq_status_t (*encode)(const opts_t *o, const values_t *v, ppq_sink_t *out);
    /* Start decoding data[0..len). */
    ppq_status_t (*dec_init)(dec_t *d, const uint8_t *data, size_t len);
    /* Up to max (<= CHUNK) values into out (the type's in-memory form);
     * *got == 0 only at the end. */
    ppq_status_t (*dec_get)(dec_t *d, uint8_t *out, size_t max, size_t *got);
} codec_t;

/* ---- PLAIN ---- */

static ppq_status_t plain_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_plain_enc_t enc;
    ppq_status_t st = ppq_plain_enc_init(&enc, o->type, o->length, out);
    if (st == PPQ_OK) {
        st = ppq_plain_enc_put(&enc, v->v, v->n);
    }
    return st == PPQ_OK ? ppq_plain_enc_finish(&enc) : st;
}

static ppq_status_t plain_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    const opts_t *o = d->o;
    size_t count = PPQ_COUNT_ALL;
    if (o->count >= 0) {
        count = (size_t)o->count;
    } else if (o->type == PPQ_BOOLEAN) {
        count = len > ((size_t)-1 >> 4) ? (size_t)-1 >> 1 : len * 8u;
    }
    return ppq_plain_dec_init(&d->u.plain, o->type, o->length, data, len, count);
}

static ppq_status_t plain_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    return ppq_plain_dec_get(&d->u.plain, out, max, got);
}

/* ---- RLE / bit-packed hybrid, and the deprecated BIT_PACKED ---- */

/* The values as uint32 (boolean: 0/1, int32: its bits), and the width. */
static uint32_t *level_values(const opts_t *o, const values_t *v, unsigned *width)
{
    uint32_t *u = (uint32_t *)xmalloc(v->n * 4), all = 0;
    size_t i;
    for (i = 0; i < v->n; i++) {
        if (o->type == PPQ_BOOLEAN) {
            u[i] = ((const uint8_t *)v->v)[i] != 0;
        } else {
            int32_t x;
            memcpy(&x, (const uint8_t *)v->v + 4 * i, 4);
            u[i] = (uint32_t)x;
        }
        all |= u[i];
    }
    if (o->type == PPQ_BOOLEAN) {
        *width = 1;
    } else if (o->bit_width >= 0) {
        *width = (unsigned)o->bit_width;
        if (ppq_bit_width32(all) > *width) {
            why = "a value does not fit --bit-width";
        }
    } else {
        *width = ppq_bit_width32(all);
    }
    return u;
}

static int rle_prefix(const opts_t *o)
{
    return o->prefix >= 0 ? o->prefix : o->type == PPQ_BOOLEAN;
}

static ppq_status_t rle_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_rle_cfg_t cfg = {0, 0, 0, 0};
    ppq_rle_enc_t enc;
    ppq_status_t st;
    unsigned width;
    uint32_t *u = level_values(o, v, &width);
    uint64_t cap = (uint64_t)v->n * 5u + 64u; /* no run costs more than 5 bytes per value */
    cfg.bit_width = width;
    cfg.length_prefix = (uint8_t)rle_prefix(o);
    cfg.prefix_cap = cap > 0x7FFFFFFFu ? 0x7FFFFFFFu : (uint32_t)cap;
    st = ppq_rle_enc_init(&enc, &cfg, out, fresh_arena(ppq_rle_enc_arena_size(&cfg)));
    if (st == PPQ_OK) {
        st = ppq_rle_enc_put(&enc, u, v->n);
    }
    free(u);
    return st == PPQ_OK ? ppq_rle_enc_finish(&enc) : st;
}

static unsigned level_width(const dec_t *d)
{
    return d->o->type == PPQ_BOOLEAN ? 1u : (unsigned)d->o->bit_width;
}

static ppq_status_t rle_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    return ppq_rle_dec_init(&d->u.rle, level_width(d), rle_prefix(d->o), data, len, (size_t)d->o->count);
}

/* uint32 levels in d->raw into the type's in-memory form. */
static void levels_out(const dec_t *d, uint8_t *out, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (d->o->type == PPQ_BOOLEAN) {
            out[i] = (uint8_t)d->raw[i];
        } else {
            memcpy(out + 4 * i, &d->raw[i], 4);
        }
    }
}

static ppq_status_t rle_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    ppq_status_t st = ppq_rle_dec_get(&d->u.rle, d->raw, max, got);
    levels_out(d, out, *got);
    return st;
}

static ppq_status_t bp_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_bitpacked_enc_t enc;
    ppq_status_t st;
    unsigned width;
    uint32_t *u = level_values(o, v, &width);
    st = ppq_bitpacked_enc_init(&enc, width, out);
    if (st == PPQ_OK) {
        st = ppq_bitpacked_enc_put(&enc, u, v->n);
    }
    free(u);
    return st == PPQ_OK ? ppq_bitpacked_enc_finish(&enc) : st;
}

static ppq_status_t bp_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    return ppq_bitpacked_dec_init(&d->u.bp, level_width(d), data, len, (size_t)d->o->count);
}

static ppq_status_t bp_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    ppq_status_t st = ppq_bitpacked_dec_get(&d->u.bp, d->raw, max, got);
    levels_out(d, out, *got);
    return st;
}

/* ---- RLE_DICTIONARY (framing: see usage) ---- */

static ppq_status_t dict_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_dict_cfg_t cfg;
    ppq_dict_enc_t enc;
    ppq_sink_t ds, ps, counter;
    grow_t dict, page;
    uint8_t head[12];
    size_t acc;
    ppq_status_t st;
    if (v->n > 0xFFFFFFFFu) {
        why = "too many values";
        return PPQ_ERR_ARG;
    }
    /* the dictionary never holds more bytes than PLAIN would for all values */
    ppq_sink_init_counter(&counter);
    st = plain_encode(o, v, &counter);
    if (st != PPQ_OK) {
        return st;
    }
    if (counter.offset > 0xFFFFFFFFu) {
        why = "dictionary over 4 GiB";
        return PPQ_ERR_ARG;
    }
    cfg.max_entries = v->n == 0 ? 1u : v->n > (1u << 24) ? (1u << 24) : (uint32_t)v->n;
    cfg.max_bytes = counter.offset == 0 ? 1u : (uint32_t)counter.offset;
    cfg.max_page_values = v->n == 0 ? 1u : (uint32_t)v->n;
    st = ppq_dict_enc_init(&enc, o->type, o->length, &cfg,
                           fresh_arena(ppq_dict_enc_arena_size(o->type, o->length, &cfg)));
    if (st == PPQ_OK) {
        st = ppq_dict_enc_put(&enc, v->v, v->n, &acc);
        if (st == PPQ_DICT_FULL) {
            why = "more than 2^24 distinct values";
            return PPQ_ERR_ARG;
        }
    }
    if (st != PPQ_OK) {
        return st;
    }
    grow_sink(&ds, &dict);
    grow_sink(&ps, &page);
    st = ppq_dict_enc_write_dict(&enc, &ds);
    if (st == PPQ_OK) {
        st = ppq_dict_enc_flush_page(&enc, &ps);
    }
    if (st == PPQ_OK) {
        ppq_store_le32(head, ppq_dict_enc_entries(&enc));
        ppq_store_le32(head + 4, (uint32_t)dict.len);
        ppq_store_le32(head + 8, (uint32_t)v->n);
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

static ppq_status_t dict_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    uint32_t entries, dict_len, count;
    ppq_status_t st;
    if (len < 12) {
        return PPQ_ERR_CORRUPT;
    }
    entries = ppq_load_le32(data);
    dict_len = ppq_load_le32(data + 4);
    count = ppq_load_le32(data + 8);
    /* every PLAIN entry of a dictionary type takes at least one byte */
    if (dict_len > len - 12 || entries > dict_len) {
        return PPQ_ERR_CORRUPT;
    }
    st = ppq_dict_dec_init(&d->u.dict, d->o->type, d->o->length, data + 12, dict_len, entries,
                           fresh_arena(ppq_dict_dec_arena_size(d->o->type, entries)));
    if (st == PPQ_OK) {
        st = ppq_dict_dec_page(&d->u.dict, data + 12 + dict_len, len - 12 - dict_len, count);
    }
    return st;
}

static ppq_status_t dict_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    return ppq_dict_dec_get(&d->u.dict, out, max, got);
}

/* ---- DELTA_BINARY_PACKED ---- */

static ppq_status_t delta_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
    ppq_delta_enc_t enc;
    grow_t blocks;
    ppq_sink_t bs;
    uint8_t head[PPQ_DELTA_HEADER_MAX];
    ppq_status_t st;
    cfg.type = o->type;
    grow_sink(&bs, &blocks);
    st = ppq_delta_enc_init(&enc, &cfg, &bs, fresh_arena(ppq_delta_enc_arena_size(&cfg)));
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

static ppq_status_t delta_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    return ppq_delta_dec_init(&d->u.delta, d->o->type, data, len);
}

static ppq_status_t delta_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    return ppq_delta_dec_get(&d->u.delta, out, max, got);
}

/* ---- DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY ---- */

static size_t total_bytes(const values_t *v)
{
    size_t i, n = 0;
    for (i = 0; i < v->n; i++) {
        n += ((const ppq_bytes_t *)v->v)[i].len;
    }
    return n;
}

/* The page limits for byte-array encoders: everything in one page. */
static int byte_limits(const values_t *v, uint32_t *max_values, uint32_t *max_bytes)
{
    size_t bytes = total_bytes(v);
    if (v->n > 0xFFFFFFFFu || bytes >= 0xFFFFFFFFu) {
        why = "page over 4 GiB";
        return 0;
    }
    *max_values = v->n > 0 ? (uint32_t)v->n : 1u;
    *max_bytes = (uint32_t)bytes + 1u;
    return 1;
}

static ppq_status_t dlba_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_dlba_cfg_t cfg;
    ppq_dlba_enc_t enc;
    size_t acc;
    ppq_status_t st;
    (void)o;
    if (!byte_limits(v, &cfg.max_values, &cfg.max_bytes)) {
        return PPQ_ERR_ARG;
    }
    st = ppq_dlba_enc_init(&enc, &cfg, out, fresh_arena(ppq_dlba_enc_arena_size(&cfg)));
    if (st == PPQ_OK) {
        st = ppq_dlba_enc_put(&enc, (const ppq_bytes_t *)v->v, v->n, &acc);
    }
    return st == PPQ_OK ? ppq_dlba_enc_finish(&enc) : st;
}

static ppq_status_t dlba_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    return ppq_dlba_dec_init(&d->u.dlba, data, len);
}

static ppq_status_t dlba_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    return ppq_dlba_dec_get(&d->u.dlba, (ppq_bytes_t *)(void *)out, max, got);
}

static ppq_status_t dba_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_dba_cfg_t cfg;
    ppq_dba_enc_t enc;
    size_t i, acc, longest = 1;
    ppq_status_t st;
    if (!byte_limits(v, &cfg.max_values, &cfg.max_bytes)) {
        return PPQ_ERR_ARG;
    }
    for (i = 0; i < v->n; i++) {
        size_t l = ((const ppq_bytes_t *)v->v)[i].len;
        longest = l > longest ? l : longest;
    }
    cfg.max_value_len = (uint32_t)longest;
    st = ppq_dba_enc_init(&enc, o->type, o->length, &cfg, out, fresh_arena(ppq_dba_enc_arena_size(&cfg)));
    if (st == PPQ_OK) {
        st = ppq_dba_enc_put(&enc, (const ppq_bytes_t *)v->v, v->n, &acc);
    }
    return st == PPQ_OK ? ppq_dba_enc_finish(&enc) : st;
}

static ppq_status_t dba_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    /* a value is a prefix of the one before plus its suffix, so none is
     * longer than all suffix bytes together: `len` bytes always hold one */
    d->bytes_cap = len + 64;
    d->bytes = (uint8_t *)xmalloc(d->bytes_cap);
    return ppq_dba_dec_init(&d->u.dba, d->o->type, d->o->length, data, len, fresh_arena(ppq_dba_dec_arena_size(len)));
}

static ppq_status_t dba_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    /* the bytes of the previous call's values were printed: reuse the buffer */
    return ppq_dba_dec_get(&d->u.dba, (ppq_bytes_t *)(void *)out, max, d->bytes, d->bytes_cap, got);
}

/* ---- BYTE_STREAM_SPLIT ---- */

static ppq_status_t bss_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_bss_enc_t enc;
    const void *src = v->v;
    uint8_t *flat = NULL;
    ppq_status_t st;
    if (v->n > 0xFFFFFFFFu) {
        why = "too many values";
        return PPQ_ERR_ARG;
    }
    if (o->type == PPQ_FIXED_LEN_BYTE_ARRAY) { /* BSS takes FLBA as raw bytes */
        size_t i;
        flat = (uint8_t *)xmalloc(v->n * o->length);
        for (i = 0; i < v->n; i++) {
            memcpy(flat + i * o->length, ((const ppq_bytes_t *)v->v)[i].ptr, o->length);
        }
        src = flat;
    }
    st = ppq_bss_enc_init(&enc, o->type, o->length, (uint32_t)v->n, out,
                          fresh_arena(ppq_bss_enc_arena_size(o->type, o->length, (uint32_t)v->n)));
    if (st == PPQ_OK) {
        st = ppq_bss_enc_put(&enc, src, v->n);
    }
    free(flat);
    return st == PPQ_OK ? ppq_bss_enc_finish(&enc) : st;
}

static ppq_status_t bss_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    size_t count = d->o->count >= 0 ? (size_t)d->o->count : PPQ_COUNT_ALL;
    return ppq_bss_dec_init(&d->u.bss, d->o->type, d->o->length, data, len, count);
}

static ppq_status_t bss_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    size_t len = d->o->length, i;
    ppq_status_t st;
    if (d->o->type != PPQ_FIXED_LEN_BYTE_ARRAY) {
        return ppq_bss_dec_get(&d->u.bss, out, max, got);
    }
    /* FLBA comes out as raw bytes: decode into d->bytes, point at them */
    if (d->bytes == NULL) {
        d->bytes_cap = len > (1u << 20) ? len : (1u << 20);
        d->bytes = (uint8_t *)xmalloc(d->bytes_cap);
    }
    if (max > d->bytes_cap / len) {
        max = d->bytes_cap / len;
    }
    st = ppq_bss_dec_get(&d->u.bss, d->bytes, max, got);
    for (i = 0; i < *got; i++) {
        ppq_bytes_t b;
        b.ptr = d->bytes + i * len;
        b.len = (uint32_t)len;
        memcpy(out + i * sizeof b, &b, sizeof b);
    }
    return st;
}

/* ---- GroupVarInt ---- */

static ppq_status_t gvi_encode(const opts_t *o, const values_t *v, ppq_sink_t *out)
{
    ppq_gvi_enc_t enc;
    ppq_status_t st = ppq_gvi_enc_init(&enc, o->type, out);
    if (st == PPQ_OK) {
        st = ppq_gvi_enc_put(&enc, v->v, v->n);
    }
    return st == PPQ_OK ? ppq_gvi_enc_finish(&enc) : st;
}

static ppq_status_t gvi_dec_init(dec_t *d, const uint8_t *data, size_t len)
{
    return ppq_gvi_dec_init(&d->u.gvi, d->o->type, data, len, (size_t)d->o->count);
}

static ppq_status_t gvi_dec_get(dec_t *d, uint8_t *out, size_t max, size_t *got)
{
    return ppq_gvi_dec_get(&d->u.gvi, out, max, got);
}

/* ---- the table ---- */

#define T_INTS (T(PPQ_INT32) | T(PPQ_INT64))
#define T_BSS (T_INTS | T(PPQ_FLOAT) | T(PPQ_DOUBLE) | T(PPQ_FIXED_LEN_BYTE_ARRAY))
#define T_NOBOOL (T_ALL & ~T(PPQ_BOOLEAN))

static const codec_t codecs[] = {
    /* name                      types           sizes lists it for count width unsigned */
    {"plain", T_ALL, T_ALL, 0, 0, 0, plain_encode, plain_dec_init, plain_dec_get},
    {"rle", T(PPQ_BOOLEAN) | T(PPQ_INT32), T(PPQ_BOOLEAN), 1, 1, 1, rle_encode, rle_dec_init, rle_dec_get},
    {"bit_packed", T(PPQ_INT32), 0, 1, 1, 1, bp_encode, bp_dec_init, bp_dec_get},
    {"rle_dictionary", T_NOBOOL, T_NOBOOL, 0, 0, 0, dict_encode, dict_dec_init, dict_dec_get},
    {"delta_binary_packed", T_INTS, T_INTS, 0, 0, 0, delta_encode, delta_dec_init, delta_dec_get},
    {"delta_length_byte_array", T(PPQ_BYTE_ARRAY), T(PPQ_BYTE_ARRAY), 0, 0, 0, dlba_encode, dlba_dec_init,
     dlba_dec_get},
    {"delta_byte_array", T_BYTES, T_BYTES, 0, 0, 0, dba_encode, dba_dec_init, dba_dec_get},
    {"byte_stream_split", T_BSS, T_BSS, 0, 0, 0, bss_encode, bss_dec_init, bss_dec_get},
    {"group_varint", T_INTS, T_INTS, 1, 0, 0, gvi_encode, gvi_dec_init, gvi_dec_get},
};

#define NCODECS (sizeof codecs / sizeof codecs[0])

/* ---- commands ------------------------------------------------------------ */

static void encode_failed(ppq_status_t st)
{
    if (why != NULL) {
        die(EXIT_USAGE, "cannot encode: %s", why);
    }
    die(EXIT_USAGE, "cannot encode: %s", ppq_status_str(st));
}

static void decode_failed(ppq_status_t st)
{
    /* corrupt or unsupported input is the input's fault; anything else
     * (bad argument, arena) comes from the options or from this tool */
    die(PPQ_IS_CORRUPT(st) || st == PPQ_ERR_UNSUPPORTED ? EXIT_CORRUPT : EXIT_USAGE, "cannot decode: %s",
        ppq_status_str(st));
}

/* Large enough for CHUNK values of any type. */
typedef union slot {
    ppq_bytes_t b;
    ppq_int96_t x;
    int64_t i;
    double d;
} slot_t;

/* Decode `data` and print every value, CHUNK at a time. */
static void decode(const codec_t *c, const opts_t *o, const uint8_t *data, size_t len)
{
    static dec_t d;
    static slot_t out[CHUNK];
    size_t vsize = ppq_value_size(o->type), total = 0, got, i;
    ppq_status_t st;
    if (c->needs_count && o->count < 0) {
        die(EXIT_USAGE, "decode %s needs --count N", c->name);
    }
    if (c->needs_width && o->type != PPQ_BOOLEAN && o->bit_width < 0) {
        die(EXIT_USAGE, "decode %s needs --bit-width W", c->name);
    }
    memset(&d, 0, sizeof d);
    d.o = o;
    st = c->dec_init(&d, data, len);
    if (st != PPQ_OK) {
        decode_failed(st);
    }
    for (;;) {
        size_t want = CHUNK;
        /* with --count, ask for one more than that to notice extra values */
        if (o->count >= 0 && (size_t)o->count - total < want) {
            want = (size_t)o->count - total + 1u;
        }
        st = c->dec_get(&d, (uint8_t *)out, want, &got);
        if (o->count >= 0 && total + got > (size_t)o->count) {
            die(EXIT_CORRUPT, "%s", "the stream holds more values than --count");
        }
        for (i = 0; i < got; i++) {
            print_value(o, c->as_unsigned, (const uint8_t *)out + i * vsize);
        }
        total += got;
        if (st != PPQ_OK) {
            decode_failed(st);
        }
        if (got == 0) {
            break;
        }
    }
    if (o->count >= 0 && total != (size_t)o->count) {
        die(EXIT_CORRUPT, "%s", "the stream holds fewer values than --count");
    }
    free(d.bytes);
}

static const codec_t *codec_arg(const char *name)
{
    size_t i;
    for (i = 0; i < NCODECS; i++) {
        if (strcmp(codecs[i].name, name) == 0) {
            return &codecs[i];
        }
    }
    die(EXIT_USAGE, "unknown encoding '%s' (try: ppq help)", name);
    return NULL;
}

static long long number_arg(const char *flag, const char *value, long long min, long long max)
{
    char *e;
    long long x;
    if (value == NULL) {
        die(EXIT_USAGE, "%s needs a value", flag);
    }
    errno = 0;
    x = strtoll(value, &e, 10);
    if (*e != '\0' || e == value || errno != 0 || x < min || x > max) {
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
            o->bit_width = (long)number_arg(argv[i], argv[i + 1], 0, 32);
            i++;
        } else if (strcmp(argv[i], "--length") == 0) {
            o->length = (uint32_t)number_arg(argv[i], argv[i + 1], 1, 0x7FFFFFFF);
            i++;
        } else if (strcmp(argv[i], "--count") == 0) {
            o->count = number_arg(argv[i], argv[i + 1], 0, (long long)((size_t)-1 >> 1));
            i++;
        } else if (strcmp(argv[i], "--prefix") == 0) {
            o->prefix = 1;
        } else if (strcmp(argv[i], "--no-prefix") == 0) {
            o->prefix = 0;
        } else {
            die(EXIT_USAGE, "unknown option '%s' (try: ppq help)", argv[i]);
        }
    }
    if (o->type == PPQ_FIXED_LEN_BYTE_ARRAY && o->length == 0) {
        die(EXIT_USAGE, "%s", "fixed_len_byte_array needs --length L");
    }
}

static ppq_type_t type_arg(const char *name)
{
    int t;
    for (t = 0; t < 8; t++) {
        if (strcmp(type_names[t], name) == 0) {
            return (ppq_type_t)t;
        }
    }
    die(EXIT_USAGE, "unknown type '%s' (try: ppq help)", name);
    return PPQ_BOOLEAN;
}

static int sizes(int argc, char **argv)
{
    opts_t o;
    values_t v;
    size_t len, e;
    uint8_t *input;
    if (argc < 3) {
        die(EXIT_USAGE, "%s", "sizes needs a TYPE");
    }
    o.type = type_arg(argv[2]);
    parse_options(argc, argv, 3, &o);
    input = read_all(stdin, &len);
    v = parse_values((char *)input, len, &o);
    for (e = 0; e < NCODECS; e++) {
        ppq_sink_t counter;
        ppq_status_t st;
        if (!(codecs[e].sizes_types & T(o.type))) {
            continue;
        }
        why = NULL;
        ppq_sink_init_counter(&counter);
        st = codecs[e].encode(&o, &v, &counter);
        if (st == PPQ_OK) {
            printf("%s %llu\n", codecs[e].name, (unsigned long long)counter.offset);
        } else {
            fprintf(stderr, "ppq: %s: cannot encode: %s\n", codecs[e].name, why ? why : ppq_status_str(st));
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    opts_t o;
    size_t len;
    uint8_t *input;
    const codec_t *c;
    int e;
    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : 0;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("ppq (picoparquet) %s\n", ppq_version());
        return 0;
    }
    if (strcmp(argv[1], "inspect") == 0) {
        if (argc != 3) {
            die(EXIT_USAGE, "%s", "inspect needs one FILE");
        }
        return ppq_inspect(argv[2]);
    }
    if (strcmp(argv[1], "recover") == 0) {
        return ppq_recover_cmd(argc, argv);
    }
    if (strcmp(argv[1], "cat") == 0 || strcmp(argv[1], "scan") == 0) {
        return ppq_cat_cmd(argc, argv);
    }
    if (strcmp(argv[1], "write") == 0) {
        return ppq_write_cmd(argc, argv);
    }
    if (strcmp(argv[1], "compress") == 0 || strcmp(argv[1], "decompress") == 0) {
        return ppq_codec_cmd(argc, argv);
    }
    if (strcmp(argv[1], "sizes") == 0) {
        e = sizes(argc, argv);
    } else if (strcmp(argv[1], "encode") == 0 || strcmp(argv[1], "decode") == 0) {
        if (argc < 4) {
            die(EXIT_USAGE, "%s needs ENCODING and TYPE", argv[1]);
        }
        c = codec_arg(argv[2]);
        o.type = type_arg(argv[3]);
        parse_options(argc, argv, 4, &o);
        if (!(c->types & T(o.type))) {
            die(EXIT_USAGE, "%s does not apply to this type", c->name);
        }
        input = read_all(stdin, &len);
        if (argv[1][0] == 'e') {
            values_t v = parse_values((char *)input, len, &o);
            grow_t g;
            ppq_sink_t sink;
            ppq_status_t st;
            grow_sink(&sink, &g);
            why = NULL;
            st = c->encode(&o, &v, &sink);
            if (st != PPQ_OK) {
                encode_failed(st);
            }
            if (g.len > 0 && fwrite(g.buf, 1, g.len, stdout) != g.len) {
                die(EXIT_USAGE, "%s", "cannot write standard output");
            }
        } else {
            decode(c, &o, input, len);
        }
        e = 0;
    } else {
        die(EXIT_USAGE, "unknown command '%s' (try: ppq help)", argv[1]);
        e = EXIT_USAGE;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        die(EXIT_USAGE, "%s", "cannot write standard output");
    }
    return e;
}
