/*
 * `ppq cat FILE [--columns a,b] [--row-groups 0,2] [--limit N] [--format jsonl|csv] [--raw]`
 * and `ppq scan FILE`, through the library's reader (inc/ppq_reader.h).
 *
 * cat prints rows (flat columns: a value or null per row; a column with
 * repeated levels prints its values of a row as a JSON array).  Values as
 * a user reads them by default (ISO 8601 dates, times and timestamps, Z
 * when UTC-adjusted; exact decimal strings; canonical UUIDs; STRING, ENUM
 * and JSON as strings; other byte arrays lower-case hex; NaN and infinities
 * as "NaN", "Infinity", "-Infinity"); with --raw the physical value as
 * stored (integers with the logical type's signedness, temporal values as
 * stored integers, byte arrays that are not text as hex, floats in their
 * shortest round-trip form).  CSV: a header row, RFC 4180 quoting.
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
#include <time.h>
#include <unistd.h>

#include "ppq_cat.h"
#include "ppq_reader.h"

#define BATCH 1024u
#define MAX_COLS 4096u

typedef struct file_ctx {
    FILE *f;
} file_ctx_t;

/* pread(): no stdio buffer to refill behind every seek (a reader seeks
 * for every page header). */
static ppq_status_t file_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    int fd = fileno(((file_ctx_t *)ctx)->f);
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

typedef union value {
    uint8_t b;
    int32_t i32;
    int64_t i64;
    ppq_int96_t i96;
    float f;
    double d;
    ppq_bytes_t bytes;
} value_t;

/* One column being read: its reader and a batch of entries. */
typedef struct col_state {
    uint32_t col;
    ppq_column_reader_t cr;
    value_t *values;
    int16_t *def, *rep;
    size_t levels, count, at, vat; /* entries in the batch, values, next entry, next value */
    uint64_t values_total, nulls_total;
} col_state_t;

static int fail_status(const char *what, ppq_status_t st, const ppq_reader_t *r)
{
    fprintf(stderr, "ppq: %s: %s%s%s\n", what, ppq_status_str(st), st == PPQ_ERR_UNSUPPORTED ? ": " : "",
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

static void put_timestamp(FILE *o, int64_t v, unsigned unit, int utc, int json)
{
    int64_t per = unit == 0 ? 1000 : unit == 1 ? 1000000 : 1000000000LL, days = v / per / 86400, rem;
    int64_t y;
    unsigned m, d;
    rem = v - days * 86400 * per;
    if (rem < 0) {
        rem += 86400 * per;
        days--;
    }
    civil(days, &y, &m, &d);
    fprintf(o, json ? "\"%04lld-%02u-%02uT" : "%04lld-%02u-%02uT", (long long)y, m, d);
    put_time_of_day(o, rem, per, unit == 0 ? 3u : unit == 1 ? 6u : 9u);
    fputs(utc ? "Z" : "", o);
    if (json) {
        fputc('"', o);
    }
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
            int64_t nanos = (int64_t)ppq_load_le64(v->i96.bytes), jd = (int64_t)ppq_load_le32(v->i96.bytes + 8);
            put_timestamp(o, (jd - 2440588) * 86400000000000LL + nanos, 2, 0, json);
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
        } else if (!raw && (n->logical == 5 || n->converted == 5)) {
            put_decimal_bytes(o, v->bytes.ptr, v->bytes.len, n->scale, json);
        } else {
            put_hex(o, v->bytes.ptr, v->bytes.len, json);
        }
        return;
    }
}

/* The column's full path ("a.b.c"). */
static void put_path(FILE *o, const ppq_reader_t *r, uint32_t node, int json)
{
    uint32_t chain[PPQ_READER_MAX_DEPTH], n = 0;
    int32_t at = (int32_t)node;
    while (at > 0 && n < PPQ_READER_MAX_DEPTH) {
        chain[n++] = (uint32_t)at;
        at = r->nodes[at].parent;
    }
    if (json) {
        fputc('"', o);
    }
    while (n-- > 0u) {
        const ppq_schema_node_t *s = &r->nodes[chain[n]];
        fwrite(s->name, 1, s->name_len, o);
        if (n > 0u) {
            fputc('.', o);
        }
    }
    if (json) {
        fputc('"', o);
    }
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

int ppq_cat_cmd(int argc, char **argv)
{
    const char *path = NULL, *columns = NULL, *groups = NULL;
    int raw = 0, json = 1, scan = strcmp(argv[1], "scan") == 0, i, status = 0;
    long long limit = -1, printed = 0;
    size_t arena_len = 64u << 20;
    void *arena_mem;
    ppq_arena_t arena;
    ppq_reader_t r;
    ppq_file_t file = {file_read_at, NULL, NULL, NULL, 0};
    file_ctx_t fc;
    uint32_t sel[MAX_COLS], nsel = 0, rgs[MAX_COLS], nrgs = 0, g, k;
    col_state_t *cols;
    ppq_status_t st;
    struct timespec t0, t1;
    for (i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--raw") == 0 && !scan) {
            raw = 1;
        } else if (strcmp(argv[i], "--columns") == 0 && i + 1 < argc && !scan) {
            columns = argv[++i];
        } else if (strcmp(argv[i], "--row-groups") == 0 && i + 1 < argc) {
            groups = argv[++i];
        } else if (strcmp(argv[i], "--limit") == 0 && i + 1 < argc && !scan) {
            limit = atoll(argv[++i]);
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
            fprintf(stderr, "usage: ppq cat FILE [--columns a,b] [--row-groups 0,2] [--limit N] [--format jsonl|csv] [--raw]\n"
                            "       ppq scan FILE\n");
            return 2;
        }
    }
    if (path == NULL) {
        fprintf(stderr, "ppq: %s needs a FILE\n", argv[1]);
        return 2;
    }
    fc.f = fopen(path, "rb");
    if (fc.f == NULL || fseeko(fc.f, 0, SEEK_END) != 0) {
        perror(path);
        return 2;
    }
    file.size = (uint64_t)ftello(fc.f);
    file.ctx = &fc;
    arena_mem = malloc(arena_len);
    if (arena_mem == NULL) {
        return 2;
    }
    ppq_arena_init(&arena, arena_mem, arena_len);
    st = ppq_reader_open(&r, &file, &arena);
    if (st != PPQ_OK) {
        status = fail_status(path, st, &r);
        goto done;
    }
    if (columns != NULL) { /* names (full paths) to column indices */
        const char *s = columns;
        while (*s != '\0' && nsel < MAX_COLS) {
            size_t len = strcspn(s, ",");
            uint32_t c;
            for (c = 0; c < r.ncols; c++) {
                char full[1024];
                FILE *mf = fmemopen(full, sizeof full, "w");
                const ppq_schema_node_t *n = ppq_reader_column(&r, c);
                put_path(mf, &r, r.leaves[c], 0);
                fputc('\0', mf);
                fclose(mf);
                if ((strlen(full) == len && strncmp(full, s, len) == 0) ||
                    (n->name_len == len && strncmp(n->name, s, len) == 0)) {
                    break;
                }
            }
            if (c == r.ncols) {
                fprintf(stderr, "ppq: no column %.*s\n", (int)len, s);
                status = 2;
                goto done;
            }
            sel[nsel++] = c;
            s += len + (s[len] == ',');
        }
    } else {
        for (nsel = 0; nsel < r.ncols && nsel < MAX_COLS; nsel++) {
            sel[nsel] = nsel;
        }
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
    cols = (col_state_t *)calloc(nsel > 0u ? nsel : 1u, sizeof *cols);
    for (k = 0; k < nsel; k++) {
        cols[k].col = sel[k];
        cols[k].values = (value_t *)malloc(BATCH * sizeof(value_t));
        cols[k].def = (int16_t *)malloc(BATCH * sizeof(int16_t));
        cols[k].rep = (int16_t *)malloc(BATCH * sizeof(int16_t));
    }
    if (!json && !scan) { /* the CSV header */
        for (k = 0; k < nsel; k++) {
            fputs(k ? "," : "", stdout);
            put_path(stdout, &r, r.leaves[sel[k]], 0);
        }
        fputc('\n', stdout);
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (g = 0; g < nrgs && status == 0 && (limit < 0 || printed < limit); g++) {
        uint32_t rg = rgs[g];
        int64_t row, rows;
        size_t mark = ppq_arena_mark(&arena);
        if (rg >= r.nrg) {
            fprintf(stderr, "ppq: no row group %u\n", rg);
            status = 2;
            break;
        }
        for (k = 0; k < nsel && status == 0; k++) {
            st = ppq_column_reader_init(&cols[k].cr, &r, rg, sel[k], &arena);
            cols[k].levels = cols[k].at = 0;
            if (st != PPQ_OK) {
                status = fail_status(path, st, &r);
            }
        }
        rows = r.rg_rows[rg];
        if (scan) { /* every value into batches, column by column */
            for (k = 0; k < nsel && status == 0; k++) {
                do {
                    st = refill(&cols[k]);
                    cols[k].values_total += cols[k].count;
                    cols[k].nulls_total += cols[k].levels - cols[k].count;
                } while (st == PPQ_OK && cols[k].levels > 0u);
                if (st != PPQ_OK) {
                    status = fail_status(path, st, &r);
                }
            }
            printed += rows;
        }
        for (row = 0; !scan && row < rows && status == 0 && (limit < 0 || printed < limit); row++, printed++) {
            fputs(json ? "{" : "", stdout);
            for (k = 0; k < nsel && status == 0; k++) {
                col_state_t *c = &cols[k];
                const ppq_schema_node_t *n = ppq_reader_column(&r, c->col);
                int first = 1, list = n->max_rep > 0;
                if (json) {
                    fputs(k ? "," : "", stdout);
                    put_path(stdout, &r, r.leaves[c->col], 1);
                    fputc(':', stdout);
                } else if (k) {
                    fputc(',', stdout);
                }
                if (list) {
                    fputc('[', stdout);
                }
                for (;;) { /* this row's entries: the first, then those with rep > 0 */
                    int16_t d;
                    if (c->at == c->levels) {
                        st = refill(c);
                        if (st != PPQ_OK) {
                            status = fail_status(path, st, &r);
                            break;
                        }
                        if (c->levels == 0u) {
                            if (first) {
                                fprintf(stderr, "ppq: %s: a column ends before its row group\n", path);
                                status = 1;
                            }
                            break;
                        }
                    }
                    if (!first && (n->max_rep == 0 || c->rep[c->at] == 0)) {
                        break; /* the next row's */
                    }
                    d = n->max_def > 0 ? c->def[c->at] : 0;
                    if (d == n->max_def) { /* values come dense, each its type's in-memory size */
                        size_t size = n->type == PPQ_BYTE_ARRAY || n->type == PPQ_FIXED_LEN_BYTE_ARRAY
                                          ? sizeof(ppq_bytes_t) : ppq_value_size((ppq_type_t)n->type);
                        value_t v;
                        memcpy(&v, (const uint8_t *)c->values + c->vat++ * size, size);
                        fputs(list && !first ? "," : "", stdout);
                        put_value(stdout, n, &v, raw, json);
                    } else if (!list || d >= n->max_def - 1) {
                        fputs(list && !first ? "," : "", stdout);
                        fputs(json ? "null" : "", stdout); /* a null value (lists: a null element) */
                    }
                    first = 0;
                    c->at++;
                    if (n->max_rep == 0) {
                        break;
                    }
                }
                if (list) {
                    fputc(']', stdout);
                }
            }
            fputs(json ? "}\n" : "\n", stdout);
        }
        ppq_arena_rewind(&arena, mark);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (scan && status == 0) {
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        printf("rows %lld\n", printed);
        for (k = 0; k < nsel; k++) {
            put_path(stdout, &r, r.leaves[sel[k]], 0);
            printf(": values %llu, nulls %llu\n", (unsigned long long)cols[k].values_total,
                   (unsigned long long)cols[k].nulls_total);
        }
        printf("seconds %.6f\n", secs);
    }
    for (k = 0; k < nsel; k++) {
        free(cols[k].values);
        free(cols[k].def);
        free(cols[k].rep);
    }
    free(cols);
done:
    free(arena_mem);
    fclose(fc.f);
    return status;
}
