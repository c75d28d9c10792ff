/* `ppq cat --where EXPR` (see ppq_where.h).
 *
 * EXPR:  COMPARISON [and COMPARISON]...
 * COMPARISON:  COLUMN OP LITERAL, OP one of = != <> < <= > >=
 * COLUMN: a top-level primitive column's name (letters, digits, _ and .),
 *   or any name in double quotes
 * LITERAL: a number (bare), true or false, or text in single quotes ('' is
 *   a quote): for text columns the text, for dates 'YYYY-MM-DD', for
 *   timestamps ISO 8601 'YYYY-MM-DD[T| ]HH:MM[:SS[.fraction]][Z|+HH:MM|-HH:MM]'
 *   (the offset applied: the instant in UTC, also for columns not adjusted
 *   to UTC, whose wall-clock values it is then compared with), for times
 *   'HH:MM[:SS[.fraction]]'.
 * A null passes no comparison.  Text compares byte by byte (unsigned),
 * numbers by value (NaN above every number, as DuckDB orders it; a FLOAT
 * column with the FLOAT nearest the literal, as SQL casts it). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_bloom.h"
#include "ppq_where.h"

static void where_error(const char *what, const char *at)
{
    if (at == NULL || *at == '\0') {
        fprintf(stderr, "ppq: --where: expected %s at the end\n", what);
    } else {
        fprintf(stderr, "ppq: --where: expected %s at '%.40s'\n", what, at);
    }
}

static const char *ws(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
        s++;
    }
    return s;
}

static int is_name_char(char c, int first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && ((c >= '0' && c <= '9') || c == '.'));
}

/* Days from 1970-01-01 of a proleptic Gregorian date. */
static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
    int64_t era, yoe, doy, doe;
    y -= m <= 2u;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (int64_t)(m > 2u ? m - 3u : m + 9u) + 2) / 5 + (int64_t)d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int digits(const char **s, unsigned n, int64_t *v)
{
    unsigned i;
    *v = 0;
    for (i = 0; i < n; i++) {
        if ((*s)[i] < '0' || (*s)[i] > '9') {
            return 0;
        }
        *v = *v * 10 + ((*s)[i] - '0');
    }
    *s += n;
    return 1;
}

/* HH:MM[:SS[.fraction]] at *s: seconds and nanoseconds. */
static int parse_clock(const char **s, int64_t *secs, int64_t *ns)
{
    int64_t h, mi, sec = 0;
    *ns = 0;
    if (!digits(s, 2, &h) || **s != ':' || (++*s, !digits(s, 2, &mi)) || h > 24 || mi > 59) {
        return 0;
    }
    if (**s == ':') {
        ++*s;
        if (!digits(s, 2, &sec) || sec > 60) {
            return 0;
        }
        if (**s == '.') {
            int64_t scale = 100000000;
            ++*s;
            if (**s < '0' || **s > '9') {
                return 0;
            }
            while (**s >= '0' && **s <= '9') {
                *ns += (**s - '0') * scale;
                scale /= 10;
                ++*s;
            }
        }
    }
    *secs = h * 3600 + mi * 60 + sec;
    return 1;
}

/* A date or timestamp text: seconds from the epoch (UTC) and nanoseconds;
 * *date_only when no time of day was given. */
static int parse_datetime(const char *s, int64_t *secs, int64_t *ns, int *date_only)
{
    int64_t y, mo, d, t = 0;
    int neg = *s == '-';
    const char *p = s + neg;
    unsigned n = 0;
    *ns = 0;
    while (p[n] >= '0' && p[n] <= '9') {
        n++;
    }
    if (n < 4u || n > 6u || !digits(&p, n, &y) || *p != '-' || (++p, !digits(&p, 2, &mo)) || *p != '-' ||
        (++p, !digits(&p, 2, &d)) || mo < 1 || mo > 12 || d < 1 || d > 31) {
        return 0;
    }
    y = neg ? -y : y;
    *secs = days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400;
    *date_only = *p == '\0';
    if (*p == '\0') {
        return 1;
    }
    if (*p != 'T' && *p != 't' && *p != ' ') {
        return 0;
    }
    p++;
    if (!parse_clock(&p, &t, ns)) {
        return 0;
    }
    *secs += t;
    if (*p == 'Z' || *p == 'z') {
        p++;
    } else if (*p == '+' || *p == '-') {
        int64_t oh, om = 0;
        int sign = *p == '-' ? -1 : 1;
        p++;
        if (!digits(&p, 2, &oh)) {
            return 0;
        }
        if (*p == ':') {
            p++;
        }
        if (*p >= '0' && *p <= '9' && !digits(&p, 2, &om)) {
            return 0;
        }
        *secs -= sign * (oh * 3600 + om * 60); /* the instant in UTC */
    }
    return *p == '\0';
}

/* A literal between q and q + 1 (rem): the comparison with q that means the same. */
static void between(where_pred_t *p, int64_t q, int rem)
{
    p->i = q;
    if (!rem) {
        return;
    }
    switch (p->op) {
    case WHERE_EQ: p->never = 1; break;
    case WHERE_NE: p->always = 1; break;
    case WHERE_LT:
    case WHERE_LE: p->op = WHERE_LE; break;
    default: p->op = WHERE_GT; break;
    }
}

/* A literal past every value of the column (above: hi). */
static void beyond(where_pred_t *p, int hi)
{
    int below = p->op == WHERE_LT || p->op == WHERE_LE;
    int above = p->op == WHERE_GT || p->op == WHERE_GE;
    if (p->op == WHERE_NE || (hi && below) || (!hi && above)) {
        p->always = 1;
    } else {
        p->never = 1;
    }
}

static void store_le(uint8_t *b, uint64_t v, unsigned n)
{
    unsigned k;
    for (k = 0; k < n; k++) {
        b[k] = (uint8_t)(v >> (8u * k));
    }
}

/* The literal token [lit, lit_end) (text: its unquoted bytes) as a value of
 * the column; 0 after the error line. */
static int convert(where_pred_t *p, const char *text, size_t len, int quoted, const char *at)
{
    const ppq_schema_node_t *n = p->leaf;
    int is_date = n->logical == 6u || n->converted == 6;
    int is_time = n->logical == 7u || n->converted == 7 || n->converted == 8;
    int is_ts = n->logical == 8u || n->converted == 9 || n->converted == 10;
    int is_dec = n->logical == 5u || n->converted == 5;
    int unsig = n->logical == 10u ? !n->int_signed : n->converted >= 11 && n->converted <= 14;
    char buf[128];
    if (len >= sizeof buf && n->type != PPQ_BYTE_ARRAY && n->type != PPQ_FIXED_LEN_BYTE_ARRAY) {
        where_error("a shorter literal", at);
        return 0;
    }
    if (n->type != PPQ_BYTE_ARRAY && n->type != PPQ_FIXED_LEN_BYTE_ARRAY) {
        memcpy(buf, text, len);
        buf[len] = '\0';
    }
    if (is_dec || n->type == PPQ_INT96 || n->logical == 14u || n->logical == 15u || n->converted == 21) {
        where_error("a column of numbers, text, dates, times or timestamps (not decimals, INT96, UUIDs, "
                    "FLOAT16 or intervals)", at);
        return 0;
    }
    switch (n->type) {
    case PPQ_BOOLEAN:
        p->kind = WHERE_BOOL;
        if (quoted || (strcmp(buf, "true") != 0 && strcmp(buf, "false") != 0)) {
            where_error("true or false", at);
            return 0;
        }
        p->i = buf[0] == 't';
        return 1;
    case PPQ_FLOAT:
    case PPQ_DOUBLE: {
        char *end;
        p->kind = WHERE_REAL;
        errno = 0;
        p->d = quoted ? 0.0 : strtod(buf, &end);
        if (quoted || len == 0u || *end != '\0' || p->d != p->d) {
            where_error("a number", at);
            return 0;
        }
        if (n->type == PPQ_FLOAT && p->d > -3.5e38 && p->d < 3.5e38) {
            p->d = (double)(float)p->d; /* the FLOAT nearest (as SQL casts a literal to the column's type) */
        }
        if (n->type == PPQ_DOUBLE) {
            uint64_t bits;
            memcpy(&bits, &p->d, 8);
            store_le(p->plain, bits, 8);
            p->has_plain = 8;
        } else if ((double)(float)p->d == p->d) {
            float f = (float)p->d;
            uint32_t bits;
            memcpy(&bits, &f, 4);
            store_le(p->plain, bits, 4);
            p->has_plain = 4;
        }
        return 1;
    }
    case PPQ_INT32:
    case PPQ_INT64: {
        int64_t q = 0;
        int rem = 0;
        p->kind = unsig ? WHERE_UINT : WHERE_INT;
        if (quoted) {
            int64_t secs = 0, ns = 0;
            int date_only = 0;
            const char *c = buf;
            if (is_time && parse_clock(&c, &secs, &ns) && *c == '\0') {
                date_only = 0;
            } else if (!(is_date || is_ts) || !parse_datetime(buf, &secs, &ns, &date_only)) {
                where_error(is_date ? "a date 'YYYY-MM-DD'"
                            : is_ts ? "a timestamp 'YYYY-MM-DDTHH:MM:SS[.fraction][Z|+HH:MM]'"
                            : is_time ? "a time 'HH:MM:SS[.fraction]'" : "a number (bare, not quoted)",
                            at);
                return 0;
            }
            if (is_date) {
                q = secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
                rem = secs - q * 86400 != 0 || ns != 0;
            } else {
                unsigned unit = n->logical != 0u ? n->unit : (n->converted == 7 || n->converted == 9 ? 0u : 1u);
                int64_t per = unit == 0u ? 1000 : unit == 1u ? 1000000 : 1000000000;
                int64_t div = 1000000000 / per;
                if (secs > INT64_MAX / per || secs < INT64_MIN / per) {
                    beyond(p, secs > 0);
                    return 1;
                }
                q = secs * per + ns / div;
                rem = ns % div != 0;
            }
        } else {
            char *end;
            errno = 0;
            q = strtoll(buf, &end, 10);
            if (len == 0u || *end != '\0' || errno != 0) {
                double d;
                errno = 0;
                d = strtod(buf, &end);
                if (len == 0u || *end != '\0' || d != d) {
                    where_error(is_date ? "a date 'YYYY-MM-DD'" : is_ts ? "a timestamp in quotes" : "a number", at);
                    return 0;
                }
                if (d >= 9.2e18 || d <= -9.2e18) {
                    beyond(p, d > 0);
                    return 1;
                }
                q = (int64_t)floor(d);
                rem = (double)q != d;
            }
        }
        if (unsig && q < 0) {
            beyond(p, 0); /* below every unsigned value */
            return 1;
        }
        between(p, q, rem);
        if (n->type == PPQ_INT32) {
            if (unsig ? p->i <= 0xFFFFFFFFll : p->i >= INT32_MIN && p->i <= INT32_MAX) {
                store_le(p->plain, (uint64_t)p->i, 4);
                p->has_plain = 4;
            } else if (!unsig || p->i > 0xFFFFFFFFll) {
                beyond(p, p->i > 0);
            }
        } else {
            store_le(p->plain, (uint64_t)p->i, 8);
            p->has_plain = 8;
        }
        return 1;
    }
    default: /* byte arrays */
        p->kind = WHERE_BYTES;
        if (!quoted) {
            where_error("text in single quotes", at);
            return 0;
        }
        p->bytes = (char *)malloc(len + 1u);
        if (p->bytes == NULL) {
            return 0;
        }
        memcpy(p->bytes, text, len);
        p->len = (uint32_t)len;
        p->has_plain = n->type == PPQ_BYTE_ARRAY || len == n->type_len;
        return 1;
    }
}

int where_parse(const ppq_reader_t *r, const char *expr, where_pred_t *preds, uint32_t *n)
{
    const char *s = ws(expr);
    *n = 0;
    for (;;) {
        where_pred_t *p;
        const char *name, *at;
        size_t name_len, i;
        uint32_t c;
        char *text = NULL;
        size_t tlen = 0;
        int quoted = 0, ok;
        if (*n == WHERE_MAX) {
            where_error("at most 16 comparisons", s);
            return 2;
        }
        p = &preds[*n];
        memset(p, 0, sizeof *p);
        at = s;
        if (*s == '"') { /* a quoted name */
            name = ++s;
            while (*s != '\0' && *s != '"') {
                s++;
            }
            if (*s != '"') {
                where_error("a closing '\"'", at);
                return 2;
            }
            name_len = (size_t)(s - name);
            s++;
        } else {
            name = s;
            while (is_name_char(*s, s == name)) {
                s++;
            }
            name_len = (size_t)(s - name);
        }
        if (name_len == 0u) {
            where_error("a column name", at);
            return 2;
        }
        for (c = 0; c < r->ncols; c++) {
            const ppq_schema_node_t *leaf = ppq_reader_column(r, c);
            if (leaf->parent == 0 && leaf->repetition != 2u && leaf->name_len == name_len &&
                memcmp(leaf->name, name, name_len) == 0) {
                break;
            }
        }
        if (c == r->ncols) {
            where_error("a top-level primitive column", at);
            return 2;
        }
        p->col = c;
        p->leaf = ppq_reader_column(r, c);
        s = ws(s);
        at = s;
        if (s[0] == '=' ) {
            p->op = WHERE_EQ;
            s += s[1] == '=' ? 2 : 1;
        } else if ((s[0] == '!' && s[1] == '=') || (s[0] == '<' && s[1] == '>')) {
            p->op = WHERE_NE;
            s += 2;
        } else if (s[0] == '<') {
            p->op = s[1] == '=' ? WHERE_LE : WHERE_LT;
            s += s[1] == '=' ? 2 : 1;
        } else if (s[0] == '>') {
            p->op = s[1] == '=' ? WHERE_GE : WHERE_GT;
            s += s[1] == '=' ? 2 : 1;
        } else {
            where_error("a comparison (=, !=, <, <=, >, >=)", at);
            return 2;
        }
        s = ws(s);
        at = s;
        if (*s == '\'') { /* text: '' is a quote */
            size_t cap = strlen(s) + 1u;
            text = (char *)malloc(cap);
            if (text == NULL) {
                return 2;
            }
            s++;
            for (;;) {
                if (*s == '\0') {
                    free(text);
                    where_error("a closing quote", at);
                    return 2;
                }
                if (*s == '\'' && s[1] == '\'') {
                    text[tlen++] = '\'';
                    s += 2;
                } else if (*s == '\'') {
                    s++;
                    break;
                } else {
                    text[tlen++] = *s++;
                }
            }
            quoted = 1;
        } else {
            const char *b = s;
            while (*s != '\0' && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r' && *s != ')') {
                s++;
            }
            tlen = (size_t)(s - b);
            if (tlen == 0u) {
                where_error("a literal (a number, true, false, or text in single quotes)", at);
                return 2;
            }
            text = (char *)malloc(tlen + 1u);
            if (text == NULL) {
                return 2;
            }
            memcpy(text, b, tlen);
        }
        ok = convert(p, text, tlen, quoted, at);
        free(text);
        if (!ok) {
            return 2;
        }
        if (p->has_plain) {
            p->plain_ref.ptr = p->kind == WHERE_BYTES ? (const uint8_t *)p->bytes : p->plain;
            p->plain_ref.len = p->kind == WHERE_BYTES ? p->len : (uint32_t)p->has_plain;
        }
        ++*n;
        s = ws(s);
        if (*s == '\0') {
            return 0;
        }
        at = s;
        for (i = 0; i < 3u && (s[i] | 0x20) == "and"[i]; i++) {
        }
        if (i < 3u || (s[3] != ' ' && s[3] != '\t' && s[3] != '\n' && s[3] != '\r')) {
            where_error("'and' or the end", at);
            return 2;
        }
        s = ws(s + 3);
    }
}

void where_free(where_pred_t *preds, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        free(preds[i].bytes);
        preds[i].bytes = NULL;
    }
}

/* -1, 0, 1: the value at v against the literal. */
static int compare(const where_pred_t *p, const void *v)
{
    const ppq_schema_node_t *n = p->leaf;
    switch (p->kind) {
    case WHERE_BOOL: {
        int64_t b = *(const uint8_t *)v != 0u;
        return b < p->i ? -1 : b > p->i;
    }
    case WHERE_REAL: {
        double d = n->type == PPQ_FLOAT ? (double)*(const float *)v : *(const double *)v;
        if (d != d) {
            return 1; /* NaN: above every number */
        }
        return d < p->d ? -1 : d > p->d;
    }
    case WHERE_BYTES: {
        const ppq_bytes_t *b = (const ppq_bytes_t *)v;
        size_t k = b->len < p->len ? b->len : p->len;
        int c = k > 0u ? memcmp(b->ptr, p->bytes, k) : 0;
        return c < 0 ? -1 : c > 0 ? 1 : b->len < p->len ? -1 : b->len > p->len;
    }
    case WHERE_UINT: {
        uint64_t u = n->type == PPQ_INT32 ? (uint64_t) * (const uint32_t *)v : *(const uint64_t *)v;
        uint64_t l = (uint64_t)p->i;
        return u < l ? -1 : u > l;
    }
    default: {
        int64_t x = n->type == PPQ_INT32 ? (int64_t) * (const int32_t *)v : *(const int64_t *)v;
        return x < p->i ? -1 : x > p->i;
    }
    }
}

static int op_holds(int op, int c)
{
    switch (op) {
    case WHERE_EQ: return c == 0;
    case WHERE_NE: return c != 0;
    case WHERE_LT: return c < 0;
    case WHERE_LE: return c <= 0;
    case WHERE_GT: return c > 0;
    default: return c >= 0;
    }
}

int where_test(const where_pred_t *p, const void *v)
{
    return p->never ? 0 : p->always ? 1 : op_holds(p->op, compare(p, v));
}

/* A PLAIN bound as a value in memory (*v); 0 when it cannot be one. */
static int bound_value(const where_pred_t *p, const uint8_t *b, uint32_t len, void *v)
{
    const ppq_schema_node_t *n = p->leaf;
    uint64_t x = 0;
    unsigned k;
    switch (n->type) {
    case PPQ_BOOLEAN:
        if (len != 1u) {
            return 0;
        }
        *(uint8_t *)v = b[0];
        return 1;
    case PPQ_INT32:
    case PPQ_FLOAT:
        if (len != 4u) {
            return 0;
        }
        for (k = 0; k < 4u; k++) {
            x |= (uint64_t)b[k] << (8u * k);
        }
        {
            uint32_t w = (uint32_t)x;
            memcpy(v, &w, 4);
        }
        if (n->type == PPQ_FLOAT) {
            float f;
            memcpy(&f, v, 4);
            return f == f;
        }
        return 1;
    case PPQ_INT64:
    case PPQ_DOUBLE:
        if (len != 8u) {
            return 0;
        }
        for (k = 0; k < 8u; k++) {
            x |= (uint64_t)b[k] << (8u * k);
        }
        memcpy(v, &x, 8);
        if (n->type == PPQ_DOUBLE) {
            double d;
            memcpy(&d, v, 8);
            return d == d;
        }
        return 1;
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY: {
        ppq_bytes_t *bb = (ppq_bytes_t *)v;
        bb->ptr = b;
        bb->len = len;
        return 1;
    }
    default: return 0;
    }
}

int where_stats_may(const ppq_reader_t *r, uint32_t rg, const where_pred_t *p)
{
    const ppq_chunk_info_t *c = ppq_reader_chunk(r, rg, p->col);
    union {
        int64_t i;
        double d;
        ppq_bytes_t b;
        uint8_t u8;
    } lo, hi;
    int cl, ch;
    if (p->never) {
        return 0;
    }
    if (c == NULL) {
        return 1;
    }
    if (c->stats.null_count >= 0 && c->stats.null_count == ppq_reader_row_group_rows(r, rg) &&
        p->leaf->max_def > 0) {
        return 0; /* nulls only: none passes */
    }
    if (p->always || c->stats.legacy || p->leaf->column_order != 1u || c->stats.min == NULL ||
        c->stats.max == NULL || !bound_value(p, c->stats.min, c->stats.min_len, &lo) ||
        !bound_value(p, c->stats.max, c->stats.max_len, &hi)) {
        return 1;
    }
    cl = compare(p, &lo);
    ch = compare(p, &hi);
    switch (p->op) {
    case WHERE_EQ: return cl <= 0 && ch >= 0;
    case WHERE_NE: return !(cl == 0 && ch == 0);
    case WHERE_LT: return cl < 0;
    case WHERE_LE: return cl <= 0;
    case WHERE_GT: return ch > 0;
    default: return ch >= 0;
    }
}

int where_bloom_hash(const where_pred_t *p, uint64_t *hash)
{
    if (p->op != WHERE_EQ || p->never || p->always || !p->has_plain || p->kind == WHERE_BOOL) {
        return 0;
    }
    *hash = ppq_bloom_hash_bytes(p->plain_ref.ptr, p->plain_ref.len); /* (the PLAIN bytes: as the spec hashes) */
    return 1;
}

void where_bounds(const where_pred_t *p, const ppq_bytes_t **min, const ppq_bytes_t **max)
{
    *min = NULL;
    *max = NULL;
    if (!p->has_plain || p->never || p->always || p->kind == WHERE_BOOL) {
        return;
    }
    if (p->op == WHERE_EQ || p->op == WHERE_GT || p->op == WHERE_GE) {
        *min = &p->plain_ref;
    }
    if (p->op == WHERE_EQ || p->op == WHERE_LT || p->op == WHERE_LE) {
        *max = &p->plain_ref;
    }
}
