/*
 * `ppq cat FILE [--columns a,b] [--where EXPR [--stats]] [--row-groups 0,2] [--offset N] [--limit N] [--format jsonl|csv] [--raw]`
 * and `ppq scan FILE`, through the library's reader (inc/ppq_reader.h).
 *
 * cat prints rows: JSON Lines, one object per row keyed by the top-level
 * fields, records assembled from the definition and repetition levels:
 *   group                      an object of its fields ({"a":1,"b":null})
 *   LIST (3-level, and the     an array of its elements; null where the
 *   spec's 2-level forms)      list is, [] where it is empty
 *   MAP with a required        an object {"key": value, ...} (in file
 *   string key                 order; keys as stored, duplicates kept)
 *   other MAP                  an array [{"key":..,"value":..}, ...]
 *   repeated field, no LIST    an array of its instances
 * --columns takes full paths ("s.a"), a leaf's name, or a group's path (all
 * its columns); a group prints only the selected fields under it.  Values
 * as a user reads them by default (ISO 8601 dates, times and timestamps, Z
 * when UTC-adjusted; exact decimal strings; canonical UUIDs; STRING, ENUM
 * and JSON as strings; other byte arrays lower-case hex; NaN and infinities
 * as "NaN", "Infinity", "-Infinity"); with --raw the physical value as
 * stored (integers with the logical type's signedness, temporal values as
 * stored integers, byte arrays that are not text as hex, floats in their
 * shortest round-trip form).  CSV: a header row of the top-level fields,
 * RFC 4180 quoting; a nested field is its JSON text in one field, a null
 * one empty.
 *
 * Memory: one batch per column plus the current row's entries of each
 * column (at most ROW_MAX_ENTRIES entries and ROW_MAX_BYTES bytes; a longer
 * row is refused).  Levels that do not nest (columns of one group that
 * disagree, a row starting at a repetition level above 0, more rows than
 * the row group's) end the output with a message naming the row and the
 * field, never a crash; the rows before are printed, that one is not.
 *
 * --where EXPR prints only the rows that pass it (ppq_where.c: comparisons
 * of top-level primitive columns with literals, joined by `and`), reading
 * only the row groups their statistics and bloom filters allow and, in
 * those, only the pages the page index allows (--offset and --limit then
 * count passing rows); --stats prints to stderr the row groups, pages and
 * rows read and skipped.
 *
 * scan decodes every value of every column into batches and prints rows,
 * values and nulls per column and the seconds it took.
 *
 * Exit status: 0, 1 for a corrupt or unsupported file (with the reason), 2
 * for bad arguments or I/O errors.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "ppq_cat.h"
#include "ppq_reader.h"
#include "ppq_where.h"

#define BATCH 1024u
#define MAX_COLS 4096u
/* A row of one column ppq cat holds at most (a list of 4 Mi entries). */
#define ROW_MAX_ENTRIES (1u << 22)
#define ROW_MAX_BYTES ((size_t)1 << 28)

/* pread(): no stdio buffer to refill behind every seek (a reader seeks
 * for every page header). */
ppq_status_t ppq_cli_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    int fd = fileno((FILE *)ctx);
    size_t done = 0;
    while (done < len) {
        ssize_t n = pread(fd, buf + done, len - done, (off_t)(off + done));
        if (n < 0) {
            return PPQ_ERR_IO;
        }
        if (n == 0) {
            break; /* end of file */
        }
        done += (size_t)n;
    }
    *got = done;
    return PPQ_OK;
}

/* The file mapped read-only (scan): the reader decodes its pages where
 * they are (ppq_reader_in_memory), and the footer and page headers are
 * copies out of the mapping, not a pread() each (31 thousand of them for
 * the 10 M-row sensor table). */
typedef struct mapped {
    const uint8_t *p;
    uint64_t size;
} mapped_t;

static ppq_status_t mapped_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    const mapped_t *m = (const mapped_t *)ctx;
    size_t n = off >= m->size ? 0u : m->size - off < len ? (size_t)(m->size - off) : len;
    if (n > 0u) {
        memcpy(buf, m->p + off, n);
    }
    *got = n;
    return PPQ_OK;
}

typedef union value {
    uint8_t b;
    int32_t i32;
    int64_t i64;
    ppq_int96_t i96;
    float f;
    double d;
    ppq_bytes_t bytes;
} value_t;

/* One selected column: its reader, a batch of entries, and (cat) the
 * current row's entries. */
typedef struct col_state {
    uint32_t col;
    const ppq_schema_node_t *leaf;
    ppq_column_reader_t cr;
    void *values;            /* the batch's values, dense, each its type's in-memory size */
    int16_t *def, *rep;
    size_t levels, count, at, vat; /* entries in the batch, values, next entry, next value */
    uint64_t values_total, nulls_total;
    int16_t *rdef, *rrep;    /* the row's entries */
    value_t *rval;           /* an entry's value (where its definition level is the leaf's max) */
    size_t *roff;            /* a byte array's offset in rbytes */
    uint8_t *rbytes;
    size_t n, cap, nbytes, bcap;
} col_state_t;

/* "ppq: WHAT: status" (what "": the status after a message begun); the
 * exit status. */
static int fail_status(const char *what, ppq_status_t st, const ppq_reader_t *r)
{
    fprintf(stderr, *what ? "ppq: %s: %s%s%s\n" : "%s: %s%s%s\n", what, ppq_status_str(st), st == PPQ_ERR_UNSUPPORTED ? ": " : "",
            st == PPQ_ERR_UNSUPPORTED ? ppq_reader_unsupported(r) : "");
    return PPQ_IS_CORRUPT(st) || st == PPQ_ERR_UNSUPPORTED ? 1 : 2;
}

static int text_type(const ppq_schema_node_t *n)
{
    return n->type == PPQ_BYTE_ARRAY &&
           (n->logical == 1 || n->logical == 4 || n->logical == 12 || n->converted == 0 || n->converted == 4 ||
            n->converted == 19);
}

static int is_unsigned(const ppq_schema_node_t *n)
{
    return n->logical == 10 ? !n->int_signed : n->converted >= 11 && n->converted <= 14;
}

/* Shortest text that reads back as the same float/double. */
static void put_float(FILE *o, double v, int is_float, int json)
{
    char buf[40];
    int prec;
    if (v != v || v == INFINITY || v == -INFINITY) {
        const char *s = v != v ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
        fprintf(o, json ? "\"%s\"" : "%s", s);
        return;
    }
    for (prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (is_float ? (float)strtod(buf, NULL) == (float)v : strtod(buf, NULL) == v) {
            break;
        }
    }
    fputs(buf, o);
}

static void put_hex(FILE *o, const uint8_t *p, uint32_t n, int json)
{
    uint32_t i;
    if (json) {
        fputc('"', o);
    }
    for (i = 0; i < n; i++) {
        fprintf(o, "%02x", p[i]);
    }
    if (json) {
        fputc('"', o);
    }
}

static void put_text(FILE *o, const uint8_t *p, uint32_t n, int json)
{
    uint32_t i;
    if (!json) { /* CSV: quoted when it must be */
        int quote = 0;
        for (i = 0; i < n; i++) {
            quote |= p[i] == ',' || p[i] == '"' || p[i] == '\n' || p[i] == '\r';
        }
        if (quote) {
            fputc('"', o);
        }
        for (i = 0; i < n; i++) {
            if (p[i] == '"') {
                fputc('"', o);
            }
            fputc(p[i], o);
        }
        if (quote) {
            fputc('"', o);
        }
        return;
    }
    fputc('"', o);
    for (i = 0; i < n; i++) {
        uint8_t c = p[i];
        if (c == '"' || c == '\\') {
            fprintf(o, "\\%c", c);
        } else if (c < 0x20) {
            fprintf(o, "\\u%04x", c);
        } else {
            fputc(c, o);
        }
    }
    fputc('"', o);
}

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

static void put_time_of_day(FILE *o, int64_t units, int64_t per_sec, unsigned digits)
{
    int64_t secs = units / per_sec, frac = units % per_sec;
    fprintf(o, "%02lld:%02lld:%02lld", (long long)(secs / 3600), (long long)(secs / 60 % 60), (long long)(secs % 60));
    if (digits > 0u) {
        fprintf(o, ".%0*lld", (int)digits, (long long)frac);
    }
}

/* A date and time of day: `days` since 1970-01-01 and `units` (of which
 * `per` make a second) into that day, any sign or size (normalized here). */
static void put_datetime(FILE *o, int64_t days, int64_t units, int64_t per, unsigned digits, int utc, int json)
{
    int64_t y, day = 86400 * per;
    unsigned m, d;
    days += units / day;
    units %= day;
    if (units < 0) {
        units += day;
        days--;
    }
    civil(days, &y, &m, &d);
    fprintf(o, json ? "\"%04lld-%02u-%02uT" : "%04lld-%02u-%02uT", (long long)y, m, d);
    put_time_of_day(o, units, per, digits);
    fputs(utc ? "Z" : "", o);
    if (json) {
        fputc('"', o);
    }
}

static void put_timestamp(FILE *o, int64_t v, unsigned unit, int utc, int json)
{
    int64_t per = unit == 0 ? 1000 : unit == 1 ? 1000000 : 1000000000LL;
    put_datetime(o, 0, v, per, unit == 0 ? 3u : unit == 1 ? 6u : 9u, utc, json);
}

/* An IEEE half (FLOAT16, little-endian bytes) as a double, exactly. */
static double half_value(const uint8_t *p)
{
    uint32_t h = (uint32_t)p[0] | (uint32_t)p[1] << 8, e = (h >> 10) & 31u, man = h & 1023u, bits;
    float f;
    if (e == 0u) { /* zero, subnormal: man * 2^-24 */
        f = (float)man * (1.0f / 16777216.0f);
        return (h & 0x8000u) ? -(double)f : (double)f;
    }
    bits = (h & 0x8000u) << 16 | (e == 31u ? 255u : e - 15u + 127u) << 23 | man << 13;
    memcpy(&f, &bits, 4);
    return (double)f;
}

/* An unscaled integer (two's complement, big-endian bytes or an int64) as
 * an exact decimal with `scale` digits after the point. */
static void put_decimal_digits(FILE *o, const char *digits, int neg, int32_t scale, int json)
{
    size_t n = strlen(digits);
    if (json) {
        fputc('"', o);
    }
    if (neg) {
        fputc('-', o);
    }
    if ((int64_t)n <= scale) {
        fputs("0.", o);
        for (; (int64_t)n < scale; scale--) {
            fputc('0', o);
        }
        fputs(digits, o);
    } else {
        fwrite(digits, 1, n - (size_t)scale, o);
        if (scale > 0) {
            fputc('.', o);
            fputs(digits + n - (size_t)scale, o);
        }
    }
    if (json) {
        fputc('"', o);
    }
}

static void put_decimal_bytes(FILE *o, const uint8_t *p, uint32_t n, int32_t scale, int json)
{
    uint8_t mag[64];
    char digits[160];
    int neg = n > 0u && (p[0] & 0x80u) != 0u;
    uint32_t i, len = n < sizeof mag ? n : (uint32_t)sizeof mag, nd = 0;
    int carry = 1;
    for (i = len; i-- > 0;) { /* magnitude: two's complement negated */
        mag[i] = neg ? (uint8_t)~p[i] : p[i];
        if (neg && carry) {
            mag[i]++;
            carry = mag[i] == 0u;
        }
    }
    for (;;) { /* repeated division by 10 */
        uint32_t rem = 0;
        int nonzero = 0;
        for (i = 0; i < len; i++) {
            uint32_t cur = rem * 256u + mag[i];
            mag[i] = (uint8_t)(cur / 10u);
            rem = cur % 10u;
            nonzero |= mag[i] != 0u;
        }
        digits[nd++] = (char)('0' + rem);
        if (!nonzero || nd + 1u >= sizeof digits) {
            break;
        }
    }
    for (i = 0; i < nd / 2u; i++) {
        char t = digits[i];
        digits[i] = digits[nd - 1u - i];
        digits[nd - 1u - i] = t;
    }
    digits[nd] = '\0';
    put_decimal_digits(o, digits, neg, scale, json);
}

static void put_value(FILE *o, const ppq_schema_node_t *n, const value_t *v, int raw, int json)
{
    switch (n->type) {
    case PPQ_BOOLEAN: fputs(v->b ? "true" : "false", o); return;
    case PPQ_INT32:
    case PPQ_INT64: {
        int64_t x = n->type == PPQ_INT32 ? v->i32 : v->i64;
        uint64_t u = n->type == PPQ_INT32 ? (uint32_t)v->i32 : (uint64_t)v->i64;
        if (!raw && (n->logical == 6 || n->converted == 6)) { /* DATE */
            int64_t y;
            unsigned m, d;
            civil(x, &y, &m, &d);
            fprintf(o, json ? "\"%04lld-%02u-%02u\"" : "%04lld-%02u-%02u", (long long)y, m, d);
        } else if (!raw && (n->logical == 8 || n->converted == 9 || n->converted == 10)) { /* TIMESTAMP */
            put_timestamp(o, x, n->logical == 8 ? n->unit : n->converted == 9 ? 0u : 1u, n->logical == 8 ? n->utc : 1, json);
        } else if (!raw && (n->logical == 7 || n->converted == 7 || n->converted == 8)) { /* TIME */
            unsigned unit = n->logical == 7 ? n->unit : n->converted == 7 ? 0u : 1u;
            if (json) {
                fputc('"', o);
            }
            put_time_of_day(o, x, unit == 0 ? 1000 : unit == 1 ? 1000000 : 1000000000LL, unit == 0 ? 3u : unit == 1 ? 6u : 9u);
            fputs(n->logical == 7 && n->utc ? "Z" : "", o);
            if (json) {
                fputc('"', o);
            }
        } else if (!raw && (n->logical == 5 || n->converted == 5)) { /* DECIMAL */
            char digits[24];
            snprintf(digits, sizeof digits, "%llu", (unsigned long long)(x < 0 ? 0u - (uint64_t)x : (uint64_t)x));
            put_decimal_digits(o, digits, x < 0, n->scale, json);
        } else if (is_unsigned(n)) {
            fprintf(o, "%llu", (unsigned long long)u);
        } else {
            fprintf(o, "%lld", (long long)x);
        }
        return;
    }
    case PPQ_INT96:
        if (!raw) { /* Impala timestamps: nanoseconds of the day, then the Julian day */
            /* (days and nanoseconds apart: years past the int64 nanosecond range, 1677 to 2262, print right) */
            int64_t nanos = (int64_t)ppq_load_le64(v->i96.bytes), jd = (int64_t)ppq_load_le32(v->i96.bytes + 8);
            put_datetime(o, jd - 2440588, nanos, 1000000000LL, 9u, 0, json);
        } else {
            put_hex(o, v->i96.bytes, 12, json);
        }
        return;
    case PPQ_FLOAT: put_float(o, (double)v->f, 1, json); return;
    case PPQ_DOUBLE: put_float(o, v->d, 0, json); return;
    default:
        if (text_type(n)) {
            put_text(o, v->bytes.ptr, v->bytes.len, json);
        } else if (!raw && n->logical == 14 && v->bytes.len == 16u) { /* UUID */
            const uint8_t *p = v->bytes.ptr;
            fprintf(o, json ? "\"%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x\""
                            : "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
                    p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13], p[14], p[15]);
        } else if (!raw && n->logical == 15 && v->bytes.len == 2u) { /* FLOAT16 */
            put_float(o, half_value(v->bytes.ptr), 1, json);
        } else if (!raw && (n->logical == 5 || n->converted == 5)) {
            put_decimal_bytes(o, v->bytes.ptr, v->bytes.len, n->scale, json);
        } else {
            put_hex(o, v->bytes.ptr, v->bytes.len, json);
        }
        return;
    }
}

/* The node's full path ("a.b.c"). */
static void put_path(FILE *o, const ppq_reader_t *r, uint32_t node)
{
    uint32_t chain[PPQ_READER_MAX_DEPTH], n = 0;
    int32_t at = (int32_t)node;
    while (at > 0 && n < PPQ_READER_MAX_DEPTH) {
        chain[n++] = (uint32_t)at;
        at = r->nodes[at].parent;
    }
    while (n-- > 0u) {
        const ppq_schema_node_t *s = &r->nodes[chain[n]];
        fwrite(s->name, 1, s->name_len, o);
        if (n > 0u) {
            fputc('.', o);
        }
    }
}

/* Whether `name` (len bytes) is node's full path or, for a leaf, its name. */
static int names_node(const ppq_reader_t *r, uint32_t node, const char *name, size_t len, int full)
{
    char buf[1024];
    FILE *mf;
    const ppq_schema_node_t *n = &r->nodes[node];
    if (!full) {
        return n->name_len == len && strncmp(n->name, name, len) == 0;
    }
    mf = fmemopen(buf, sizeof buf, "w");
    if (mf == NULL) {
        return 0;
    }
    put_path(mf, r, node);
    fputc('\0', mf);
    fclose(mf);
    buf[sizeof buf - 1u] = '\0';
    return strlen(buf) == len && strncmp(buf, name, len) == 0;
}

static int parse_list(const char *s, uint32_t *out, uint32_t max, uint32_t *n)
{
    char *end;
    *n = 0;
    while (*s != '\0' && *n < max) {
        unsigned long v = strtoul(s, &end, 10);
        if (end == s) {
            return 0;
        }
        out[(*n)++] = (uint32_t)v;
        s = *end == ',' ? end + 1 : end;
    }
    return 1;
}

/* The next batch of a column's entries. */
static ppq_status_t refill(col_state_t *c)
{
    ppq_status_t st = ppq_column_reader_read(&c->cr, BATCH, c->values, c->def, c->rep, &c->levels, &c->count);
    c->at = 0;
    c->vat = 0;
    return st;
}

static int is_bytes(const ppq_schema_node_t *n)
{
    return n->type == PPQ_BYTE_ARRAY || n->type == PPQ_FIXED_LEN_BYTE_ARRAY;
}

/* Room for one more entry (and `bytes` more value bytes) in the row buffer;
 * 0 past ppq cat's limits or out of memory. */
static int row_room(col_state_t *c, size_t bytes)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2u : 64u;
        int16_t *d, *p;
        value_t *v;
        size_t *off;
        if (cap > ROW_MAX_ENTRIES) {
            return 0;
        }
        d = (int16_t *)realloc(c->rdef, cap * sizeof *d);
        c->rdef = d != NULL ? d : c->rdef;
        p = (int16_t *)realloc(c->rrep, cap * sizeof *p);
        c->rrep = p != NULL ? p : c->rrep;
        v = (value_t *)realloc(c->rval, cap * sizeof *v);
        c->rval = v != NULL ? v : c->rval;
        off = (size_t *)realloc(c->roff, cap * sizeof *off);
        c->roff = off != NULL ? off : c->roff;
        if (d == NULL || p == NULL || v == NULL || off == NULL) {
            return 0;
        }
        c->cap = cap;
    }
    if (bytes > ROW_MAX_BYTES - c->nbytes) {
        return 0;
    }
    if (c->nbytes + bytes > c->bcap) {
        size_t cap = c->bcap ? c->bcap : 4096u;
        uint8_t *b;
        while (cap < c->nbytes + bytes) {
            cap *= 2u;
        }
        b = (uint8_t *)realloc(c->rbytes, cap);
        if (b == NULL) {
            return 0;
        }
        c->rbytes = b;
        c->bcap = cap;
    }
    return 1;
}

/* A message about column c: "ppq: FILE: column PATH: what"; returns 1. */
static int column_fail(const col_state_t *c, const ppq_reader_t *r, const char *path, const char *what)
{
    fprintf(stderr, "ppq: %s: column ", path);
    put_path(stderr, r, r->leaves[c->col]);
    fprintf(stderr, ": %s\n", what);
    return 1;
}

/* The same for a status from its reader; returns the exit status. */
static int column_status(const col_state_t *c, const ppq_reader_t *r, const char *path, ppq_status_t st)
{
    fprintf(stderr, "ppq: %s: column ", path);
    put_path(stderr, r, r->leaves[c->col]);
    return fail_status("", st, r);
}

/* Column c's entries of the next row (the first entry, then those with a
 * repetition level above 0) into its row buffer; byte arrays are copied, as
 * a row may span pages.  Returns 0, or the exit status after a message. */
static int next_row(col_state_t *c, const ppq_reader_t *r, const char *path)
{
    const ppq_schema_node_t *n = c->leaf;
    size_t size = is_bytes(n) ? sizeof(ppq_bytes_t) : ppq_value_size((ppq_type_t)n->type), i;
    c->n = 0;
    c->nbytes = 0;
    for (;;) {
        int16_t d, rp;
        if (c->at == c->levels) {
            ppq_status_t st = refill(c);
            if (st != PPQ_OK) {
                return column_status(c, r, path, st);
            }
            if (c->levels == 0u) {
                if (c->n == 0u) {
                    return column_fail(c, r, path, "ends before its row group");
                }
                break;
            }
        }
        d = n->max_def > 0 ? c->def[c->at] : 0;
        rp = n->max_rep > 0 ? c->rep[c->at] : 0;
        if (c->n > 0u && rp == 0) {
            break; /* the next row's */
        }
        if (c->n == 0u && rp != 0) {
            return column_fail(c, r, path, "a row starts at a repetition level above 0");
        }
        if (!row_room(c, 0)) {
            return column_fail(c, r, path, "a row holds more than ppq cat buffers (4 Mi entries, 256 MiB)");
        }
        c->rdef[c->n] = d;
        c->rrep[c->n] = rp;
        if (d == n->max_def) { /* values come dense, each its type's in-memory size */
            value_t *v = &c->rval[c->n];
            memcpy(v, (const uint8_t *)c->values + c->vat++ * size, size);
            if (is_bytes(n)) {
                if (!row_room(c, v->bytes.len)) {
                    return column_fail(c, r, path, "a row holds more than ppq cat buffers (4 Mi entries, 256 MiB)");
                }
                if (v->bytes.len > 0u) {
                    memcpy(c->rbytes + c->nbytes, v->bytes.ptr, v->bytes.len);
                }
                c->roff[c->n] = c->nbytes;
                c->nbytes += v->bytes.len;
            }
        }
        c->n++;
        c->at++;
        if (n->max_rep == 0) {
            break;
        }
    }
    for (i = 0; is_bytes(n) && i < c->n; i++) { /* the copies' final place */
        if (c->rdef[i] == n->max_def) {
            c->rval[i].bytes.ptr = c->rbytes != NULL ? c->rbytes + c->roff[i] : (const uint8_t *)""; /* (all empty: none kept) */
        }
    }
    return 0;
}

/* ---- record assembly ------------------------------------------------------
 * A row is printed top down over the schema tree.  Every node owns a slot
 * of entries in each selected leaf under it: at the top, a leaf's entries
 * of the row.  A definition level below the node's own max_def in the
 * slot's first entry means the node is absent there (null, or an empty
 * list); a repeated node's slot splits into its instances where the
 * repetition level is the node's own max_rep.  The leaves under a node must
 * agree on all of it, or the row is refused (hostile levels). */

enum { SHAPE_STRUCT, SHAPE_LIST, SHAPE_LIST_CHILD, SHAPE_MAP, SHAPE_MAP_PAIRS };

typedef struct cat {
    FILE *o;
    const ppq_reader_t *r;
    col_state_t *cols;      /* the selected leaves, in column order */
    uint32_t nsel;
    uint32_t *end;          /* per node: the index past its subtree */
    uint32_t *klo, *khi;    /* per node: its selected leaves, cols[klo..khi) */
    size_t *lo, *hi;        /* per repetition level, per leaf: a slot (level 0: the row) */
    int raw;
    const char *err;        /* why the row cannot be printed */
    uint32_t err_node;      /* where */
} cat_t;

static void emit_field(cat_t *c, uint32_t n, const size_t *lo, const size_t *hi);
static void emit_instance(cat_t *c, uint32_t n, const size_t *lo, const size_t *hi);
static void emit_pair(cat_t *c, uint32_t key, const size_t *lo, const size_t *hi);

static void refuse(cat_t *c, uint32_t n, const char *why)
{
    if (c->err == NULL) {
        c->err = why;
        c->err_node = n;
    }
}

static int named(const ppq_schema_node_t *n, const char *name, size_t len)
{
    return n->name_len == len && memcmp(n->name, name, len) == 0;
}

/* How group n prints (the LIST and MAP rules of the spec's LogicalTypes). */
static int shape(const cat_t *c, uint32_t n)
{
    const ppq_schema_node_t *g = &c->r->nodes[n], *rep = &c->r->nodes[n + 1u];
    if (g->num_children != 1u || rep->repetition != 2u) {
        return SHAPE_STRUCT;
    }
    if (g->logical == 3 || g->converted == 3) { /* LIST */
        if (rep->num_children != 1u || c->r->nodes[n + 2u].repetition == 2u || named(rep, "array", 5) ||
            (rep->name_len == g->name_len + 6u && memcmp(rep->name, g->name, g->name_len) == 0 &&
             memcmp(rep->name + g->name_len, "_tuple", 6) == 0)) {
            return SHAPE_LIST; /* the repeated field is the element: a leaf, a group of several fields,
                                  of one repeated field, or named array or <list>_tuple */
        }
        return SHAPE_LIST_CHILD; /* 3-level: its one field is the element */
    }
    if (g->logical == 2 || g->converted == 1 || g->converted == 2) { /* MAP (MAP_KEY_VALUE: legacy) */
        uint32_t key = n + 2u, value = c->end[key];
        const ppq_schema_node_t *k = &c->r->nodes[key];
        if (rep->num_children != 2u) {
            return SHAPE_LIST; /* keys only (or not a map): its entries as objects */
        }
        if (k->num_children == 0u && k->repetition == 0u && text_type(k) && c->klo[key] < c->khi[key] &&
            c->klo[value] < c->khi[value]) {
            return SHAPE_MAP; /* string keys: a JSON object */
        }
        return SHAPE_MAP_PAIRS; /* an array of {"key":..,"value":..} */
    }
    return SHAPE_STRUCT;
}

/* Whether node n is there in the slot: the first entry of every leaf under
 * it at definition level max_def or above; all must agree, and an absent
 * node's slot is one entry. */
static int present(cat_t *c, uint32_t n, const size_t *lo, const size_t *hi)
{
    int16_t d = c->r->nodes[n].max_def;
    uint32_t k;
    int p = c->cols[c->klo[n]].rdef[lo[c->klo[n]]] >= d;
    for (k = c->klo[n]; k < c->khi[n]; k++) {
        if ((c->cols[k].rdef[lo[k]] >= d) != p || (!p && hi[k] - lo[k] != 1u)) {
            refuse(c, n, "the definition levels of its columns disagree");
            return 0;
        }
    }
    return p;
}

/* The instances of repeated node n in the slot: [instance, ...] (mode
 * SHAPE_LIST), [its one field, ...] (SHAPE_LIST_CHILD), {key: value, ...}
 * (SHAPE_MAP), or [{"key": key, "value": value}, ...] (SHAPE_MAP_PAIRS). */
static void emit_repeated(cat_t *c, uint32_t n, const size_t *lo, const size_t *hi, int mode)
{
    const ppq_schema_node_t *s = &c->r->nodes[n];
    size_t *sl = c->lo + (size_t)s->max_rep * c->nsel, *sh = c->hi + (size_t)s->max_rep * c->nsel;
    uint32_t k, k0 = c->klo[n], kend = c->khi[n];
    int first = 1;
    fputc(mode == SHAPE_MAP ? '{' : '[', c->o);
    if (present(c, n, lo, hi)) {
        for (k = k0; k < kend; k++) {
            sl[k] = lo[k];
        }
        while (c->err == NULL && sl[k0] < hi[k0]) {
            for (k = k0; k < kend; k++) { /* each leaf's entries of this instance */
                const col_state_t *col = &c->cols[k];
                size_t e = sl[k] + 1u;
                if (sl[k] >= hi[k] || col->rdef[sl[k]] < s->max_def || (!first && col->rrep[sl[k]] != s->max_rep)) {
                    refuse(c, n, "the repetition levels of its columns disagree");
                    return;
                }
                while (e < hi[k] && col->rrep[e] > s->max_rep) {
                    e++;
                }
                sh[k] = e;
            }
            fputs(first ? "" : ",", c->o);
            first = 0;
            if (mode == SHAPE_LIST) {
                emit_instance(c, n, sl, sh);
            } else if (mode == SHAPE_LIST_CHILD) {
                emit_field(c, n + 1u, sl, sh);
            } else if (mode == SHAPE_MAP) {
                emit_instance(c, n + 1u, sl, sh); /* a JSON string */
                fputc(':', c->o);
                emit_field(c, c->end[n + 1u], sl, sh);
            } else {
                emit_pair(c, n + 1u, sl, sh);
            }
            for (k = k0; k < kend; k++) {
                sl[k] = sh[k];
            }
        }
        for (k = k0; k < kend; k++) {
            if (sl[k] != hi[k]) {
                refuse(c, n, "the repetition levels of its columns disagree");
            }
        }
    }
    fputc(mode == SHAPE_MAP ? '}' : ']', c->o);
}

/* A map entry whose key is not text: {"key": key, "value": value} (a field
 * with no selected column left out). */
static void emit_pair(cat_t *c, uint32_t key, const size_t *lo, const size_t *hi)
{
    uint32_t value = c->end[key];
    fputc('{', c->o);
    if (c->klo[key] < c->khi[key]) {
        fputs("\"key\":", c->o);
        emit_field(c, key, lo, hi);
    }
    if (c->klo[value] < c->khi[value]) {
        fputs(c->klo[key] < c->khi[key] ? ",\"value\":" : "\"value\":", c->o);
        emit_field(c, value, lo, hi);
    }
    fputc('}', c->o);
}

static void emit_instance(cat_t *c, uint32_t n, const size_t *lo, const size_t *hi)
{
    const ppq_schema_node_t *s = &c->r->nodes[n];
    uint32_t ch, k = c->klo[n];
    int first = 1;
    if (c->err != NULL) {
        return;
    }
    if (s->num_children == 0u) {
        if (hi[k] - lo[k] != 1u || c->cols[k].rdef[lo[k]] != s->max_def) {
            refuse(c, n, "levels that do not nest");
            return;
        }
        put_value(c->o, s, &c->cols[k].rval[lo[k]], c->raw, 1);
        return;
    }
    ch = (uint32_t)shape(c, n);
    if (ch != SHAPE_STRUCT) {
        emit_repeated(c, n + 1u, lo, hi, (int)ch);
        return;
    }
    fputc('{', c->o);
    for (ch = n + 1u; ch < c->end[n]; ch = c->end[ch]) {
        if (c->klo[ch] < c->khi[ch]) { /* (fields with no selected column left out) */
            fputs(first ? "" : ",", c->o);
            first = 0;
            put_text(c->o, (const uint8_t *)c->r->nodes[ch].name, c->r->nodes[ch].name_len, 1);
            fputc(':', c->o);
            emit_field(c, ch, lo, hi);
        }
    }
    fputc('}', c->o);
}

/* Field n in its parent's slot: null, an instance, or (repeated) a list. */
static void emit_field(cat_t *c, uint32_t n, const size_t *lo, const size_t *hi)
{
    const ppq_schema_node_t *s = &c->r->nodes[n];
    if (c->err != NULL) {
        return;
    }
    if (s->repetition == 2u) {
        emit_repeated(c, n, lo, hi, SHAPE_LIST);
    } else if (s->repetition == 1u && !present(c, n, lo, hi)) {
        fputs("null", c->o);
    } else {
        emit_instance(c, n, lo, hi);
    }
}

/* Top-level field n of the row as a CSV field: flat values as themselves,
 * nested ones as their JSON text. */
static void emit_csv(cat_t *c, uint32_t n)
{
    const ppq_schema_node_t *s = &c->r->nodes[n];
    char *text = NULL;
    size_t len = 0;
    FILE *o = c->o, *m;
    if (s->repetition == 1u && !present(c, n, c->lo, c->hi)) {
        return; /* null: an empty field */
    }
    if (s->num_children == 0u && s->repetition != 2u) {
        uint32_t k = c->klo[n];
        if (c->cols[k].n != 1u || c->cols[k].rdef[0] != s->max_def) {
            refuse(c, n, "levels that do not nest");
            return;
        }
        put_value(o, s, &c->cols[k].rval[0], c->raw, 0);
        return;
    }
    m = open_memstream(&text, &len);
    if (m == NULL) {
        refuse(c, n, "out of memory");
        return;
    }
    c->o = m;
    emit_field(c, n, c->lo, c->hi);
    c->o = o;
    fclose(m);
    put_text(o, (const uint8_t *)text, (uint32_t)len, 0);
    free(text);
}

/* A row: a JSON object of the top-level fields, or a CSV line. */
static void print_row(cat_t *c, const uint32_t *tops, uint32_t ntops, int json)
{
    uint32_t k;
    fputs(json ? "{" : "", c->o);
    for (k = 0; k < ntops && c->err == NULL; k++) {
        const ppq_schema_node_t *s = &c->r->nodes[tops[k]];
        fputs(k ? "," : "", c->o);
        if (json) {
            put_text(c->o, (const uint8_t *)s->name, s->name_len, 1);
            fputc(':', c->o);
            emit_field(c, tops[k], c->lo, c->hi);
        } else {
            emit_csv(c, tops[k]);
        }
    }
    fputs(json ? "}\n" : "\n", c->o);
}

/* Index past each node's subtree, and each node's selected leaves as a
 * range of cols (the schema is in pre-order, leaves numbered in it); 0
 * when out of memory. */
static int tree_ranges(cat_t *c, const uint8_t *chosen)
{
    const ppq_reader_t *r = c->r;
    uint32_t i, *before = (uint32_t *)calloc(r->nnodes + 1u, sizeof *before);
    if (before == NULL) {
        return 0;
    }
    for (i = r->nnodes; i-- > 0u;) {
        uint32_t j = i + 1u;
        while (j < r->nnodes && r->nodes[j].parent == (int32_t)i) {
            j = c->end[j];
        }
        c->end[i] = j;
    }
    for (i = 0; i < r->nnodes; i++) { /* selected leaves before node i */
        before[i + 1u] = before[i] + (r->nodes[i].num_children == 0u && chosen[r->nodes[i].leaf]);
    }
    for (i = 0; i < r->nnodes; i++) {
        c->klo[i] = before[i];
        c->khi[i] = before[c->end[i]];
    }
    free(before);
    return 1;
}

/* The row the columns' row buffers hold, printed whole (a refused row
 * prints nothing: a message); 0 or the exit status. */
static int emit_row(cat_t *cat, const uint32_t *tops, uint32_t ntops, int json, const char *path, uint32_t rg,
                    int64_t row)
{
    char *text;
    size_t text_len;
    FILE *line = open_memstream(&text, &text_len);
    int status = 0;
    if (line == NULL) {
        return 2;
    }
    cat->o = line;
    cat->err = NULL;
    print_row(cat, tops, ntops, json);
    fclose(line);
    if (cat->err != NULL) {
        fprintf(stderr, "ppq: %s: row group %u, row %lld, field ", path, rg, (long long)row);
        put_path(stderr, cat->r, cat->err_node);
        fprintf(stderr, ": %s\n", cat->err);
        status = 1;
    } else {
        fwrite(text, 1, text_len, stdout);
    }
    free(text);
    return status;
}

/* ---- --where ---------------------------------------------------------------
 * Row groups pruned by their statistics, then by bloom filters (= on an
 * exact literal), then by the page index of each compared column (the rows
 * of the pages that may hold a passing value, intersected); the columns
 * read then (printed and compared) are told those rows
 * (ppq_column_reader_select), so pages outside them are neither read nor
 * decompressed; each row read is tested exactly. */
typedef struct where_run {
    where_pred_t preds[WHERE_MAX];
    uint32_t n;
    col_state_t wc[WHERE_MAX];     /* each comparison's column (its own reader) */
    ppq_page_index_t pi[WHERE_MAX];
    int stats;                     /* --stats */
    long long skip;                /* --offset: passing rows not printed */
    uint64_t rg_total, rg_read, rg_stats, rg_bloom, rg_index;
    uint64_t pages_read, pages_skipped, rows_read, rows_matched;
} where_run_t;

/* Rows in both a[0..na) and b[0..nb) into out (room for na + nb). */
static uint32_t ranges_and(const ppq_row_range_t *a, uint32_t na, const ppq_row_range_t *b, uint32_t nb,
                           ppq_row_range_t *out)
{
    uint32_t i = 0, j = 0, n = 0;
    while (i < na && j < nb) {
        uint64_t lo = a[i].first > b[j].first ? a[i].first : b[j].first;
        uint64_t hi = a[i].end < b[j].end ? a[i].end : b[j].end;
        if (lo < hi) {
            out[n].first = lo;
            out[n].end = hi;
            n++;
        }
        if (a[i].end < b[j].end) {
            i++;
        } else {
            j++;
        }
    }
    return n;
}

/* --stats: the pages of a row group's columns read (cols and the compared
 * ones not among them) that its page index counts, all skipped. */
static void count_skipped(where_run_t *w, ppq_reader_t *r, ppq_arena_t *arena, uint32_t rg, const col_state_t *cols,
                          uint32_t nsel, const uint8_t *chosen)
{
    uint32_t k;
    for (k = 0; w->stats && k < nsel + w->n; k++) {
        uint32_t col = k < nsel ? cols[k].col : w->preds[k - nsel].col;
        size_t mark = ppq_arena_mark(arena);
        ppq_page_index_t pi;
        if (k >= nsel && chosen[col]) {
            continue; /* (counted as printed) */
        }
        if (k >= nsel) { /* (a column compared twice: once) */
            uint32_t j;
            for (j = nsel; j < k && w->preds[j - nsel].col != col; j++) {
            }
            if (j < k) {
                continue;
            }
        }
        if (ppq_reader_page_index(r, rg, col, arena, &pi) == PPQ_OK) {
            w->pages_skipped += pi.npages;
        }
        ppq_arena_rewind(arena, mark);
    }
}

/* Row group rg under --where: pruned, or its passing rows printed.
 * Returns 0 or the exit status. */
static int where_group(where_run_t *w, ppq_reader_t *r, ppq_arena_t *arena, cat_t *cat, col_state_t *cols,
                       uint32_t nsel, const uint8_t *chosen, const uint32_t *tops, uint32_t ntops, int json,
                       const char *path, uint32_t rg, long long limit, long long *printed)
{
    int64_t rows = ppq_reader_row_group_rows(r, rg);
    ppq_row_range_t *ranges = NULL, *next, *page;
    uint32_t nr = rows > 0 ? 1u : 0u, k, m;
    uint64_t total = 0, i;
    int status = 0, maybe;
    ppq_status_t st;
    w->rg_total++;
    for (k = 0; k < w->n; k++) { /* statistics */
        if (!where_stats_may(r, rg, &w->preds[k])) {
            w->rg_stats++;
            count_skipped(w, r, arena, rg, cols, nsel, chosen);
            return 0;
        }
    }
    for (k = 0; k < w->n; k++) { /* bloom filters */
        uint64_t h;
        if (where_bloom_hash(&w->preds[k], &h)) {
            st = ppq_reader_bloom_check(r, rg, w->preds[k].col, h, &maybe);
            if (st != PPQ_OK) {
                return fail_status(path, st, r);
            }
            if (!maybe) {
                w->rg_bloom++;
                count_skipped(w, r, arena, rg, cols, nsel, chosen);
                return 0;
            }
        }
    }
    ranges = (ppq_row_range_t *)malloc(sizeof *ranges);
    if (ranges == NULL) {
        return 2;
    }
    ranges[0].first = 0;
    ranges[0].end = (uint64_t)(rows > 0 ? rows : 0);
    for (k = 0; k < w->n && nr > 0u; k++) { /* the page index */
        const ppq_bytes_t *lo, *hi;
        st = ppq_reader_page_index(r, rg, w->preds[k].col, arena, &w->pi[k]);
        if (st != PPQ_OK) {
            free(ranges);
            return fail_status(path, st, r);
        }
        if (w->pi[k].npages == 0u) {
            continue;
        }
        where_bounds(&w->preds[k], &lo, &hi);
        page = (ppq_row_range_t *)malloc(w->pi[k].npages * sizeof *page);
        next = (ppq_row_range_t *)malloc((w->pi[k].npages + nr) * sizeof *next);
        if (page == NULL || next == NULL) {
            free(page);
            free(next);
            free(ranges);
            return 2;
        }
        st = ppq_page_index_rows(&w->pi[k], lo, hi, page, w->pi[k].npages, &m);
        if (st != PPQ_OK) {
            free(page);
            free(next);
            free(ranges);
            return fail_status(path, st, r);
        }
        nr = ranges_and(ranges, nr, page, m, next);
        free(page);
        free(ranges);
        ranges = next;
    }
    if (nr == 0u) {
        w->rg_index++;
        count_skipped(w, r, arena, rg, cols, nsel, chosen);
        free(ranges);
        return 0;
    }
    w->rg_read++;
    for (k = 0; k < nsel + w->n && status == 0; k++) { /* every column read: the same rows */
        col_state_t *c = k < nsel ? &cols[k] : &w->wc[k - nsel];
        ppq_page_index_t pi, *use = &pi;
        if (k >= nsel) {
            use = &w->pi[k - nsel];
        } else if ((st = ppq_reader_page_index(r, rg, c->col, arena, &pi)) != PPQ_OK) {
            status = fail_status(path, st, r);
            break;
        }
        st = ppq_column_reader_init(&c->cr, r, rg, c->col, arena);
        st = st == PPQ_OK ? ppq_column_reader_select(&c->cr, use, ranges, nr) : st;
        c->levels = c->at = 0;
        if (st != PPQ_OK) {
            status = fail_status(path, st, r);
        }
    }
    for (k = 0; k < nr; k++) {
        total += ranges[k].end - ranges[k].first;
    }
    for (i = 0; i < total && status == 0 && (limit < 0 || *printed < limit); i++) {
        int pass = 1;
        for (k = 0; k < w->n && status == 0; k++) {
            col_state_t *c = &w->wc[k];
            status = next_row(c, r, path);
            pass = pass && status == 0 && c->n == 1u && c->rdef[0] == c->leaf->max_def &&
                   where_test(&w->preds[k], &c->rval[0]);
        }
        for (k = 0; k < nsel && status == 0; k++) {
            status = next_row(&cols[k], r, path);
            cat->lo[k] = 0;
            cat->hi[k] = cols[k].n;
        }
        if (status != 0 || !pass) {
            continue;
        }
        w->rows_matched++;
        if (w->skip > 0) {
            w->skip--;
            continue;
        }
        status = emit_row(cat, tops, ntops, json, path, rg, -1);
        ++*printed;
    }
    w->rows_read += i;
    for (k = 0; k < nsel + w->n; k++) { /* pages of each column read, once */
        const col_state_t *c = k < nsel ? &cols[k] : &w->wc[k - nsel];
        uint32_t j, pages;
        if (k >= nsel) {
            if (chosen[c->col]) {
                continue;
            }
            for (j = nsel; j < k && w->wc[j - nsel].col != c->col; j++) {
            }
            if (j < k) {
                continue;
            }
        }
        pages = c->cr.pages_read;
        w->pages_read += pages;
        w->pages_skipped += c->cr.nlocs > pages ? c->cr.nlocs - pages : 0u;
    }
    free(ranges);
    return status;
}

int ppq_cat_cmd(int argc, char **argv)
{
    const char *path = NULL, *columns = NULL, *groups = NULL;
    int raw = 0, json = 1, scan = strcmp(argv[1], "scan") == 0, i, status = 0;
    long long limit = -1, printed = 0, offset = 0;
    size_t arena_len = 64u << 20;
    void *arena_mem;
    ppq_arena_t arena;
    ppq_reader_t r;
    ppq_file_t file = {ppq_cli_read_at, NULL, NULL, NULL, 0};
    mapped_t map = {NULL, 0};
    FILE *fp;
    uint32_t *tops = NULL, ntops = 0, rgs[MAX_COLS], nrgs = 0, g, k, nsel = 0, maxrep = 0;
    uint8_t *chosen = NULL;
    col_state_t *cols = NULL;
    cat_t cat;
    ppq_status_t st;
    struct timespec t0, t1;
    const char *where = NULL;
    where_run_t *w = NULL;
    int stats = 0;
    memset(&cat, 0, sizeof cat);
    for (i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--raw") == 0 && !scan) {
            raw = 1;
        } else if (strcmp(argv[i], "--columns") == 0 && i + 1 < argc && !scan) {
            columns = argv[++i];
        } else if (strcmp(argv[i], "--row-groups") == 0 && i + 1 < argc) {
            groups = argv[++i];
        } else if (strcmp(argv[i], "--limit") == 0 && i + 1 < argc && !scan) {
            limit = atoll(argv[++i]);
        } else if (strcmp(argv[i], "--where") == 0 && i + 1 < argc && !scan) {
            where = argv[++i];
        } else if (strcmp(argv[i], "--stats") == 0 && !scan) {
            stats = 1;
        } else if (strcmp(argv[i], "--offset") == 0 && i + 1 < argc && !scan) {
            offset = atoll(argv[++i]); /* rows skipped first (ppq_column_reader_skip) */
        } else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc && !scan) {
            i++;
            if (strcmp(argv[i], "csv") == 0) {
                json = 0;
            } else if (strcmp(argv[i], "jsonl") != 0) {
                fprintf(stderr, "ppq: --format jsonl or csv\n");
                return 2;
            }
        } else if (path == NULL && argv[i][0] != '-') {
            path = argv[i];
        } else {
            fprintf(stderr, "usage: ppq cat FILE [--columns a,b] [--where EXPR [--stats]] [--row-groups 0,2] [--offset N] [--limit N] [--format jsonl|csv] [--raw]\n"
                            "       ppq scan FILE\n");
            return 2;
        }
    }
    if (path == NULL) {
        fprintf(stderr, "ppq: %s needs a FILE\n", argv[1]);
        return 2;
    }
    fp = fopen(path, "rb");
    if (fp == NULL || fseeko(fp, 0, SEEK_END) != 0) {
        perror(path);
        return 2;
    }
    file.size = (uint64_t)ftello(fp);
    file.ctx = fp;
    arena_mem = malloc(arena_len);
    if (arena_mem == NULL) {
        return 2;
    }
    ppq_arena_init(&arena, arena_mem, arena_len);
    /* scan: the file mapped (cat: pread(), as inspect; a mapped file cut
     * short while read would be SIGBUS rather than an error) */
    if (scan && file.size > 0u && file.size <= SIZE_MAX) {
        void *p = mmap(NULL, (size_t)file.size, PROT_READ, MAP_PRIVATE, fileno(fp), 0);
        if (p != MAP_FAILED) {
            map.p = (const uint8_t *)p;
            map.size = file.size;
            file.read_at = mapped_read_at;
            file.ctx = &map;
        }
    }
    st = ppq_reader_open(&r, &file, &arena);
    if (st == PPQ_OK && map.p != NULL) {
        st = ppq_reader_in_memory(&r, map.p);
    }
    if (st != PPQ_OK) {
        status = fail_status(path, st, &r);
        goto done;
    }
    cat.r = &r;
    cat.raw = raw;
    cat.o = stdout;
    cat.end = (uint32_t *)calloc(r.nnodes, sizeof *cat.end);
    cat.klo = (uint32_t *)calloc(r.nnodes, sizeof *cat.klo);
    cat.khi = (uint32_t *)calloc(r.nnodes, sizeof *cat.khi);
    tops = (uint32_t *)calloc(r.nnodes, sizeof *tops);
    chosen = (uint8_t *)calloc(r.ncols, 1);
    if (cat.end == NULL || cat.klo == NULL || cat.khi == NULL || tops == NULL || chosen == NULL) {
        status = 2;
        goto done;
    }
    if (!tree_ranges(&cat, chosen)) { /* (the subtrees; the selection follows) */
        status = 2;
        goto done;
    }
    if (columns != NULL) { /* full paths (or a leaf's name) to columns; a group brings all under it */
        const char *s = columns;
        while (*s != '\0') {
            size_t len = strcspn(s, ",");
            uint32_t n, c, top;
            n = 1;
            while (n < r.nnodes && !names_node(&r, n, s, len, 1)) {
                n++;
            }
            for (c = 0; n == r.nnodes && c < r.ncols; c++) {
                n = names_node(&r, r.leaves[c], s, len, 0) ? r.leaves[c] : r.nnodes;
            }
            if (n == r.nnodes) {
                fprintf(stderr, "ppq: no column %.*s\n", (int)len, s);
                status = 2;
                goto done;
            }
            for (c = 0; c < r.ncols; c++) {
                chosen[c] |= r.leaves[c] >= n && r.leaves[c] < cat.end[n];
            }
            top = n;
            while (r.nodes[top].parent > 0) {
                top = (uint32_t)r.nodes[top].parent;
            }
            c = 0;
            while (c < ntops && tops[c] != top) {
                c++;
            }
            if (c == ntops) {
                tops[ntops++] = top; /* top-level fields in the order first named */
            }
            s += len + (s[len] == ',');
        }
    } else {
        uint32_t n;
        memset(chosen, 1, r.ncols);
        for (n = 1; n < r.nnodes; n = cat.end[n]) {
            tops[ntops++] = n;
        }
    }
    if (!tree_ranges(&cat, chosen)) {
        status = 2;
        goto done;
    }
    if (groups != NULL) {
        if (!parse_list(groups, rgs, MAX_COLS, &nrgs)) {
            fprintf(stderr, "ppq: --row-groups takes numbers\n");
            status = 2;
            goto done;
        }
    } else {
        for (nrgs = 0; nrgs < r.nrg && nrgs < MAX_COLS; nrgs++) {
            rgs[nrgs] = nrgs;
        }
    }
    if (where != NULL) { /* the expression, and a reader per compared column */
        w = (where_run_t *)calloc(1, sizeof *w);
        if (w == NULL) {
            status = 2;
            goto done;
        }
        status = where_parse(&r, where, w->preds, &w->n);
        if (status != 0) {
            goto done;
        }
        w->stats = stats;
        w->skip = offset;
        offset = 0;
        for (k = 0; k < w->n; k++) {
            col_state_t *c = &w->wc[k];
            c->col = w->preds[k].col;
            c->leaf = w->preds[k].leaf;
            c->values = malloc(BATCH * sizeof(value_t));
            c->def = (int16_t *)malloc(BATCH * sizeof(int16_t));
            c->rep = (int16_t *)malloc(BATCH * sizeof(int16_t));
            if (c->values == NULL || c->def == NULL || c->rep == NULL) {
                status = 2;
                goto done;
            }
        }
    } else if (stats) {
        fprintf(stderr, "ppq: --stats goes with --where\n");
        status = 2;
        goto done;
    }
    cols = (col_state_t *)calloc(r.ncols > 0u ? r.ncols : 1u, sizeof *cols);
    for (k = 0; cols != NULL && k < r.ncols; k++) {
        if (chosen[k]) {
            col_state_t *c = &cols[nsel++];
            c->col = k;
            c->leaf = ppq_reader_column(&r, k);
            maxrep = (uint32_t)c->leaf->max_rep > maxrep ? (uint32_t)c->leaf->max_rep : maxrep;
            c->values = malloc(BATCH * sizeof(value_t));
            c->def = (int16_t *)malloc(BATCH * sizeof(int16_t));
            c->rep = (int16_t *)malloc(BATCH * sizeof(int16_t));
            if (c->values == NULL || c->def == NULL || c->rep == NULL) {
                status = 2;
            }
        }
    }
    cat.cols = cols;
    cat.nsel = nsel;
    cat.lo = (size_t *)calloc(((size_t)maxrep + 1u) * (nsel ? nsel : 1u), sizeof(size_t));
    cat.hi = (size_t *)calloc(((size_t)maxrep + 1u) * (nsel ? nsel : 1u), sizeof(size_t));
    if (cols == NULL || cat.lo == NULL || cat.hi == NULL || status != 0) {
        status = 2;
        goto done;
    }
    if (!json && !scan) { /* the CSV header */
        for (k = 0; k < ntops; k++) {
            fputs(k ? "," : "", stdout);
            put_text(stdout, (const uint8_t *)r.nodes[tops[k]].name, r.nodes[tops[k]].name_len, 0);
        }
        fputc('\n', stdout);
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (g = 0; g < nrgs && status == 0 && (limit < 0 || printed < limit); g++) {
        uint32_t rg = rgs[g];
        int64_t row, rows, first = 0;
        size_t mark = ppq_arena_mark(&arena);
        if (rg >= r.nrg) {
            fprintf(stderr, "ppq: no row group %u\n", rg);
            status = 2;
            break;
        }
        if (w != NULL) {
            status = where_group(w, &r, &arena, &cat, cols, nsel, chosen, tops, ntops, json, path, rg, limit,
                                 &printed);
            ppq_arena_rewind(&arena, mark);
            continue;
        }
        if (offset > 0 && offset >= r.rg_rows[rg]) {
            offset -= r.rg_rows[rg]; /* the whole row group skipped */
            continue;
        }
        for (k = 0; k < nsel && status == 0; k++) {
            st = ppq_column_reader_init(&cols[k].cr, &r, rg, cols[k].col, &arena);
            cols[k].levels = cols[k].at = 0;
            if (st != PPQ_OK) {
                status = fail_status(path, st, &r);
            }
        }
        rows = r.rg_rows[rg];
        for (k = 0; k < nsel && status == 0 && offset > 0; k++) { /* --offset: its first rows skipped */
            uint64_t skipped = 0;
            st = ppq_column_reader_skip(&cols[k].cr, (uint64_t)offset, &skipped);
            if (st != PPQ_OK || skipped != (uint64_t)offset) {
                status = st != PPQ_OK ? fail_status(path, st, &r) : 1;
                if (st == PPQ_OK) {
                    fprintf(stderr, "ppq: %s: a column ends before its row group's rows\n", path);
                }
            }
        }
        first = offset;
        offset = 0;
        if (scan) { /* every value into batches, column by column */
            for (k = 0; k < nsel && status == 0; k++) {
                col_state_t *c = &cols[k];
                int16_t *def = c->leaf->max_rep > 0 ? c->def : NULL; /* (flat: nulls counted, not listed) */
                int16_t *rep = c->leaf->max_rep > 0 ? c->rep : NULL;
                do {
                    st = ppq_column_reader_read(&c->cr, BATCH, c->values, def, rep, &c->levels, &c->count);
                    cols[k].values_total += cols[k].count;
                    cols[k].nulls_total += cols[k].levels - cols[k].count;
                } while (st == PPQ_OK && cols[k].levels > 0u);
                if (st != PPQ_OK) {
                    status = fail_status(path, st, &r);
                }
            }
            printed += rows;
        }
        for (row = first; !scan && row < rows && status == 0 && (limit < 0 || printed < limit); row++, printed++) {
            for (k = 0; k < nsel && status == 0; k++) {
                status = next_row(&cols[k], &r, path);
                cat.lo[k] = 0;
                cat.hi[k] = cols[k].n;
            }
            if (status != 0) {
                break;
            }
            status = emit_row(&cat, tops, ntops, json, path, rg, row);
        }
        for (k = 0; !scan && row == rows && k < nsel && status == 0; k++) { /* every entry read */
            if (cols[k].at == cols[k].levels && (st = refill(&cols[k])) != PPQ_OK) {
                status = column_status(&cols[k], &r, path, st);
            } else if (cols[k].levels > 0u) {
                status = column_fail(&cols[k], &r, path, "more rows than its row group");
            }
        }
        ppq_arena_rewind(&arena, mark);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (scan && status == 0) {
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        printf("rows %lld\n", printed);
        for (k = 0; k < nsel; k++) {
            put_path(stdout, &r, r.leaves[cols[k].col]);
            printf(": values %llu, nulls %llu\n", (unsigned long long)cols[k].values_total,
                   (unsigned long long)cols[k].nulls_total);
        }
        printf("seconds %.6f\n", secs);
    }
    if (w != NULL && stats && status == 0) {
        fprintf(stderr,
                "ppq: %s: row groups %llu: read %llu, skipped %llu (statistics %llu, bloom filters %llu, page index "
                "%llu); pages read %llu, skipped %llu; rows read %llu, passed %llu\n",
                path, (unsigned long long)w->rg_total, (unsigned long long)w->rg_read,
                (unsigned long long)(w->rg_stats + w->rg_bloom + w->rg_index), (unsigned long long)w->rg_stats,
                (unsigned long long)w->rg_bloom, (unsigned long long)w->rg_index, (unsigned long long)w->pages_read,
                (unsigned long long)w->pages_skipped, (unsigned long long)w->rows_read,
                (unsigned long long)w->rows_matched);
    }
done:
    for (k = 0; w != NULL && k < w->n; k++) {
        free(w->wc[k].values);
        free(w->wc[k].def);
        free(w->wc[k].rep);
        free(w->wc[k].rdef);
        free(w->wc[k].rrep);
        free(w->wc[k].rval);
        free(w->wc[k].roff);
        free(w->wc[k].rbytes);
    }
    if (w != NULL) {
        where_free(w->preds, w->n);
        free(w);
    }
    for (k = 0; cols != NULL && k < nsel; k++) {
        free(cols[k].values);
        free(cols[k].def);
        free(cols[k].rep);
        free(cols[k].rdef);
        free(cols[k].rrep);
        free(cols[k].rval);
        free(cols[k].roff);
        free(cols[k].rbytes);
    }
    free(cols);
    free(cat.end);
    free(cat.klo);
    free(cat.khi);
    free(cat.lo);
    free(cat.hi);
    free(tops);
    free(chosen);
    free(arena_mem);
    if (map.p != NULL) {
        munmap((void *)(uintptr_t)map.p, (size_t)map.size);
    }
    fclose(fp);
    return status;
}
