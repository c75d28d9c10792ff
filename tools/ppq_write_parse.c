/*
 * `ppq write`'s parsers (see ppq_write_parse.h): the schema text, values
 * from text, JSON Lines and CSV rows into column blocks.  Hand-written for
 * speed on the hot path (no allocation per value, no sscanf; strtod only
 * for a float the exact fast path cannot take), and for hostile input:
 * every scan is bounded by the length it was given.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_write_parse.h"

/* ---- schema text --------------------------------------------------------- */

typedef struct sp {
    const char *t;
    size_t n, at;
    pw_schema_t *s;
    char *err;
    size_t errlen;
    int failed;
} sp_t;

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void sp_ws(sp_t *p)
{
    while (p->at < p->n && is_blank(p->t[p->at])) {
        p->at++;
    }
}

/* "at character N: expected WHAT, got 'TEXT'" (the first failure kept). */
static int sp_fail(sp_t *p, const char *what)
{
    if (!p->failed) {
        size_t k = 0;
        char got[24];
        while (k < 16u && p->at + k < p->n && (unsigned char)p->t[p->at + k] >= 0x20u && p->t[p->at + k] != '\'') {
            got[k] = p->t[p->at + k];
            k++;
        }
        got[k] = '\0';
        if (p->at >= p->n) {
            snprintf(p->err, p->errlen, "at character %zu: expected %s, got the end", p->at + 1u, what);
        } else {
            snprintf(p->err, p->errlen, "at character %zu: expected %s, got '%s%s'", p->at + 1u, what, got,
                     p->at + k < p->n ? "..." : "");
        }
        p->failed = 1;
    }
    return -1;
}

static int sp_char(sp_t *p, char c, const char *what)
{
    sp_ws(p);
    if (p->at < p->n && p->t[p->at] == c) {
        p->at++;
        return 0;
    }
    return sp_fail(p, what);
}

static int sp_peek(sp_t *p, char c)
{
    sp_ws(p);
    if (p->at < p->n && p->t[p->at] == c) {
        p->at++;
        return 1;
    }
    return 0;
}

static int name_char(char c)
{
    return !is_blank(c) && c != ':' && c != ',' && c != '<' && c != '>' && c != '(' && c != ')' && c != '?' &&
           c != '"' && c != '\0';
}

static int add_node(sp_t *p, int32_t parent, const char *name, size_t len)
{
    pw_schema_t *s = p->s;
    pw_node_t *nd;
    if (s->n >= PW_MAX_NODES) {
        return sp_fail(p, "at most 4096 fields and types");
    }
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2u : 16u;
        pw_node_t *nn = (pw_node_t *)realloc(s->nodes, cap * sizeof *nn);
        if (nn == NULL) {
            return sp_fail(p, "less (out of memory)");
        }
        s->nodes = nn;
        s->cap = cap;
    }
    nd = &s->nodes[s->n];
    memset(nd, 0, sizeof *nd);
    nd->parent = parent;
    nd->name = (char *)malloc(len + 1u);
    if (nd->name == NULL) {
        return sp_fail(p, "less (out of memory)");
    }
    memcpy(nd->name, name, len);
    nd->name[len] = '\0';
    if (parent >= 0) {
        s->nodes[parent].children++;
    } else {
        s->top++;
    }
    return (int)s->n++;
}

/* A field name (bare or quoted) into buf; its length, or -1. */
static int sp_name(sp_t *p, char *buf, size_t cap)
{
    size_t k = 0;
    sp_ws(p);
    if (p->at < p->n && p->t[p->at] == '"') {
        size_t start = p->at++;
        for (;;) {
            if (p->at >= p->n) {
                p->at = start;
                return sp_fail(p, "a closing '\"' of the name");
            }
            if (p->t[p->at] == '"') {
                if (p->at + 1u < p->n && p->t[p->at + 1u] == '"') {
                    p->at++;
                } else {
                    p->at++;
                    break;
                }
            }
            if (k + 1u >= cap) {
                return sp_fail(p, "a name of at most 255 bytes");
            }
            buf[k++] = p->t[p->at++];
        }
        if (k == 0u) {
            return sp_fail(p, "a non-empty name");
        }
        return (int)k;
    }
    while (p->at < p->n && name_char(p->t[p->at])) {
        if (k + 1u >= cap) {
            return sp_fail(p, "a name of at most 255 bytes");
        }
        buf[k++] = p->t[p->at++];
    }
    if (k == 0u) {
        return sp_fail(p, "a field name");
    }
    return (int)k;
}

static int lower_eq(const char *a, size_t n, const char *word)
{
    size_t i;
    for (i = 0; i < n; i++) {
        char c = a[i] >= 'A' && a[i] <= 'Z' ? (char)(a[i] - 'A' + 'a') : a[i];
        if (word[i] == '\0' || c != word[i]) {
            return 0;
        }
    }
    return word[n] == '\0';
}

/* A decimal number in 0..max at the cursor; -1 when there is none. */
static long sp_number(sp_t *p, long max, const char *what)
{
    long v = 0;
    size_t start;
    sp_ws(p);
    start = p->at;
    while (p->at < p->n && p->t[p->at] >= '0' && p->t[p->at] <= '9') {
        v = v * 10 + (p->t[p->at++] - '0');
        if (v > max) {
            p->at = start;
            return sp_fail(p, what);
        }
    }
    if (p->at == start) {
        return sp_fail(p, what);
    }
    return v;
}

typedef struct prim {
    const char *name;
    ppq_type_t type;
    uint32_t len;
    ppq_logical_kind_t logical;
    uint8_t width, is_signed;
} prim_t;

static const prim_t prims[] = {
    {"boolean", PPQ_BOOLEAN, 0, PPQ_LOGICAL_NONE, 0, 0},
    {"bool", PPQ_BOOLEAN, 0, PPQ_LOGICAL_NONE, 0, 0},
    {"int8", PPQ_INT32, 0, PPQ_LOGICAL_INT, 8, 1},
    {"int16", PPQ_INT32, 0, PPQ_LOGICAL_INT, 16, 1},
    {"int32", PPQ_INT32, 0, PPQ_LOGICAL_NONE, 32, 1},
    {"int64", PPQ_INT64, 0, PPQ_LOGICAL_NONE, 64, 1},
    {"uint8", PPQ_INT32, 0, PPQ_LOGICAL_INT, 8, 0},
    {"uint16", PPQ_INT32, 0, PPQ_LOGICAL_INT, 16, 0},
    {"uint32", PPQ_INT32, 0, PPQ_LOGICAL_INT, 32, 0},
    {"uint64", PPQ_INT64, 0, PPQ_LOGICAL_INT, 64, 0},
    {"float", PPQ_FLOAT, 0, PPQ_LOGICAL_NONE, 0, 0},
    {"double", PPQ_DOUBLE, 0, PPQ_LOGICAL_NONE, 0, 0},
    {"float16", PPQ_FIXED_LEN_BYTE_ARRAY, 2, PPQ_LOGICAL_FLOAT16, 0, 0},
    {"string", PPQ_BYTE_ARRAY, 0, PPQ_LOGICAL_STRING, 0, 0},
    {"binary", PPQ_BYTE_ARRAY, 0, PPQ_LOGICAL_NONE, 0, 0},
    {"json", PPQ_BYTE_ARRAY, 0, PPQ_LOGICAL_JSON, 0, 0},
    {"uuid", PPQ_FIXED_LEN_BYTE_ARRAY, 16, PPQ_LOGICAL_UUID, 0, 0},
    {"date", PPQ_INT32, 0, PPQ_LOGICAL_DATE, 0, 0},
};

#define TYPE_WORDS "a type (boolean, int8..int64, uint8..uint64, float, double, float16, string, binary, " \
                   "json, uuid, date, fixed(N), decimal(P,S), time(U), timestamp(U[,utc]), list<T>, "    \
                   "struct<...>, map<K,V>)"

static int sp_type(sp_t *p, int node, unsigned depth);

/* name ':' type ['?'] under `parent`. */
static int sp_field(sp_t *p, int32_t parent, unsigned depth)
{
    char name[256];
    int len = sp_name(p, name, sizeof name), node;
    uint32_t i;
    if (len < 0) {
        return -1;
    }
    for (i = (uint32_t)(parent + 1); i < p->s->n; i++) { /* a sibling of the same name */
        if (p->s->nodes[i].parent == parent && strlen(p->s->nodes[i].name) == (size_t)len &&
            memcmp(p->s->nodes[i].name, name, (size_t)len) == 0) {
            p->at -= (size_t)len;
            return sp_fail(p, "a name not used before at this level");
        }
    }
    node = add_node(p, parent, name, (size_t)len);
    if (node < 0 || sp_char(p, ':', "':' and a type after the name") < 0 || sp_type(p, node, depth) < 0) {
        return -1;
    }
    p->s->nodes[node].nullable = (uint8_t)sp_peek(p, '?');
    return 0;
}

/* The type of `node` at the cursor. */
static int sp_type(sp_t *p, int node, unsigned depth)
{
    size_t start, wl, i;
    pw_node_t *nd;
    ppq_column_t *c;
    sp_ws(p);
    start = p->at;
    while (p->at < p->n && ((p->t[p->at] >= 'a' && p->t[p->at] <= 'z') || (p->t[p->at] >= 'A' && p->t[p->at] <= 'Z') ||
                            (p->t[p->at] >= '0' && p->t[p->at] <= '9'))) {
        p->at++;
    }
    wl = p->at - start;
    if (depth >= PW_MAX_DEPTH) {
        p->at = start;
        return sp_fail(p, "nesting at most 32 deep");
    }
    if (lower_eq(p->t + start, wl, "list") || lower_eq(p->t + start, wl, "struct") || lower_eq(p->t + start, wl, "map")) {
        char k = (char)(p->t[start] | 0x20);
        p->s->nodes[node].kind = k == 'l' ? PW_LIST : k == 's' ? PW_STRUCT : PW_MAP;
        snprintf(p->s->nodes[node].type_text, sizeof p->s->nodes[node].type_text, "%s",
                 k == 'l' ? "list" : k == 's' ? "struct" : "map");
        if (sp_char(p, '<', "'<' after the type name") < 0) {
            return -1;
        }
        if (k == 'l') {
            int el = add_node(p, node, "element", 7);
            if (el < 0 || sp_type(p, el, depth + 1u) < 0) {
                return -1;
            }
            p->s->nodes[el].nullable = (uint8_t)sp_peek(p, '?');
        } else if (k == 's') {
            do {
                if (sp_field(p, node, depth + 1u) < 0) {
                    return -1;
                }
            } while (sp_peek(p, ','));
        } else {
            int key = add_node(p, node, "key", 3), value;
            if (key < 0 || sp_type(p, key, depth + 1u) < 0) {
                return -1;
            }
            if (p->s->nodes[key].kind != PW_LEAF) {
                p->at = start;
                return sp_fail(p, "a map key of a primitive type");
            }
            sp_ws(p);
            if (p->at < p->n && p->t[p->at] == '?') {
                return sp_fail(p, "',' (map keys cannot be nullable)");
            }
            if (sp_char(p, ',', "',' and the value type") < 0) {
                return -1;
            }
            value = add_node(p, node, "value", 5);
            if (value < 0 || sp_type(p, value, depth + 1u) < 0) {
                return -1;
            }
            p->s->nodes[value].nullable = (uint8_t)sp_peek(p, '?');
        }
        return sp_char(p, '>', k == 's' ? "',' and a field, or '>'" : "'>'");
    }
    nd = &p->s->nodes[node];
    c = &nd->col;
    c->name = nd->name;
    c->logical.unit = PPQ_UNIT_MILLIS;
    for (i = 0; i < sizeof prims / sizeof prims[0]; i++) {
        if (lower_eq(p->t + start, wl, prims[i].name)) {
            c->type = prims[i].type;
            c->type_len = prims[i].len;
            c->logical.kind = prims[i].logical;
            c->logical.bit_width = prims[i].width;
            c->logical.is_signed = prims[i].is_signed;
            snprintf(nd->type_text, sizeof nd->type_text, "%s", prims[i].name[4] == '\0' && prims[i].name[0] == 'b' ? "boolean" : prims[i].name);
            return 0;
        }
    }
    if (lower_eq(p->t + start, wl, "fixed")) {
        long n;
        if (sp_char(p, '(', "'(' and a length: fixed(N)") < 0 || (n = sp_number(p, 1048576, "a length in 1..1048576")) < 0) {
            return -1;
        }
        if (n == 0) {
            p->at--;
            return sp_fail(p, "a length in 1..1048576");
        }
        c->type = PPQ_FIXED_LEN_BYTE_ARRAY;
        c->type_len = (uint32_t)n;
        snprintf(nd->type_text, sizeof nd->type_text, "fixed(%ld)", n);
        return sp_char(p, ')', "')'");
    }
    if (lower_eq(p->t + start, wl, "decimal")) {
        static const uint8_t digits[17] = {0, 2, 4, 6, 9, 11, 14, 16, 18, 21, 23, 26, 28, 31, 33, 35, 38};
        long prec, scale;
        uint32_t len = 1;
        if (sp_char(p, '(', "'(': decimal(P,S)") < 0 || (prec = sp_number(p, 38, "a precision in 1..38")) < 0) {
            return -1;
        }
        if (prec == 0) {
            p->at--;
            return sp_fail(p, "a precision in 1..38");
        }
        if (sp_char(p, ',', "',' and a scale: decimal(P,S)") < 0 || (scale = sp_number(p, prec, "a scale in 0..P")) < 0) {
            return -1;
        }
        while (digits[len] < prec) {
            len++;
        }
        c->type = prec <= 9 ? PPQ_INT32 : prec <= 18 ? PPQ_INT64 : PPQ_FIXED_LEN_BYTE_ARRAY;
        c->type_len = prec <= 18 ? 0u : len;
        c->logical.kind = PPQ_LOGICAL_DECIMAL;
        c->logical.precision = (int32_t)prec;
        c->logical.scale = (int32_t)scale;
        snprintf(nd->type_text, sizeof nd->type_text, "decimal(%ld,%ld)", prec, scale);
        return sp_char(p, ')', "')'");
    }
    if (lower_eq(p->t + start, wl, "time") || lower_eq(p->t + start, wl, "timestamp")) {
        int ts = wl == 9u;
        size_t us;
        static const char *const units[3] = {"ms", "us", "ns"};
        if (sp_char(p, '(', ts ? "'(' and a unit: timestamp(ms|us|ns[,utc])" : "'(' and a unit: time(ms|us|ns)") < 0) {
            return -1;
        }
        sp_ws(p);
        us = p->at;
        while (p->at < p->n && ((p->t[p->at] | 0x20) >= 'a' && (p->t[p->at] | 0x20) <= 'z')) {
            p->at++;
        }
        for (i = 0; i < 3u && !lower_eq(p->t + us, p->at - us, units[i]); i++) {
        }
        if (i == 3u) {
            p->at = us;
            return sp_fail(p, "a unit: ms, us or ns");
        }
        c->type = ts || i > 0u ? PPQ_INT64 : PPQ_INT32;
        c->logical.kind = ts ? PPQ_LOGICAL_TIMESTAMP : PPQ_LOGICAL_TIME;
        c->logical.unit = (ppq_time_unit_t)i;
        if (sp_peek(p, ',')) {
            size_t u0;
            sp_ws(p);
            u0 = p->at;
            while (p->at < p->n && ((p->t[p->at] | 0x20) >= 'a' && (p->t[p->at] | 0x20) <= 'z')) {
                p->at++;
            }
            if (!lower_eq(p->t + u0, p->at - u0, "utc")) {
                p->at = u0;
                return sp_fail(p, "utc");
            }
            c->logical.utc = 1;
        }
        snprintf(nd->type_text, sizeof nd->type_text, "%s(%s%s)", ts ? "timestamp" : "time", units[i],
                 c->logical.utc ? ",utc" : "");
        return sp_char(p, ')', c->logical.utc ? "')'" : "',utc' or ')'");
    }
    p->at = start;
    return sp_fail(p, TYPE_WORDS);
}

void pw_schema_free(pw_schema_t *s)
{
    uint32_t i;
    for (i = 0; i < s->n; i++) {
        free(s->nodes[i].name);
    }
    free(s->nodes);
    memset(s, 0, sizeof *s);
}

int pw_schema_parse(const char *text, size_t len, pw_schema_t *s, char *err, size_t errlen)
{
    sp_t p;
    uint32_t i;
    memset(s, 0, sizeof *s);
    memset(&p, 0, sizeof p);
    p.t = text;
    p.n = len;
    p.s = s;
    p.err = err;
    p.errlen = errlen;
    do {
        if (sp_field(&p, -1, 0) < 0) {
            return -1;
        }
    } while (sp_peek(&p, ','));
    sp_ws(&p);
    if (p.at != p.n) {
        return sp_fail(&p, "',' and another field, or the end");
    }
    for (i = 0; i < s->n; i++) { /* names are stable now: point the columns at them */
        s->nodes[i].col.name = s->nodes[i].name;
        s->nodes[i].col.optional = s->nodes[i].nullable;
    }
    return 0;
}

/* ---- values ------------------------------------------------------------- */

int pw_buf_reserve(pw_buf_t *b, size_t n)
{
    if (b->p == NULL || n > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 4096u;
        uint8_t *p;
        while (cap - b->len < n) {
            if (cap > ((size_t)1 << 40)) {
                return 0;
            }
            cap *= 2u;
        }
        p = (uint8_t *)realloc(b->p, cap);
        if (p == NULL) {
            return 0;
        }
        b->p = p;
        b->cap = cap;
    }
    return 1;
}

enum {
    V_BOOL,
    V_INT,     /* INT32, INT64 (logical INT or none) */
    V_FLOAT,
    V_DOUBLE,
    V_F16,
    V_TEXT,    /* STRING, ENUM */
    V_JSON,
    V_HEX,     /* BYTE_ARRAY, FLBA without a logical type */
    V_UUID,
    V_DEC,
    V_DATE,
    V_TIME,
    V_TS
};

static int value_kind(const ppq_column_t *c)
{
    switch (c->logical.kind) {
    case PPQ_LOGICAL_STRING:
    case PPQ_LOGICAL_ENUM: return V_TEXT;
    case PPQ_LOGICAL_JSON: return V_JSON;
    case PPQ_LOGICAL_UUID: return V_UUID;
    case PPQ_LOGICAL_FLOAT16: return V_F16;
    case PPQ_LOGICAL_DECIMAL: return V_DEC;
    case PPQ_LOGICAL_DATE: return V_DATE;
    case PPQ_LOGICAL_TIME: return V_TIME;
    case PPQ_LOGICAL_TIMESTAMP: return V_TS;
    default: break;
    }
    switch (c->type) {
    case PPQ_BOOLEAN: return V_BOOL;
    case PPQ_INT32:
    case PPQ_INT64: return V_INT;
    case PPQ_FLOAT: return V_FLOAT;
    case PPQ_DOUBLE: return V_DOUBLE;
    default: return V_HEX;
    }
}

/* [+-]digits: 0 and the magnitude, -1 not an integer, -2 above 2^64-1. */
static int parse_uint(const char *s, size_t n, int *neg, uint64_t *mag)
{
    size_t i = 0;
    uint64_t v = 0;
    *neg = 0;
    if (n > 0u && (s[0] == '-' || s[0] == '+')) {
        *neg = s[0] == '-';
        i = 1;
    }
    if (i == n) {
        return -1;
    }
    for (; i < n; i++) {
        unsigned d = (unsigned)(unsigned char)s[i] - '0';
        if (d > 9u) {
            return -1;
        }
        if (v >= 1844674407370955161u && (v > 1844674407370955161u || d > 5u)) { /* past 2^64 - 1 */
            for (; i < n && (unsigned)(unsigned char)s[i] - '0' <= 9u; i++) {
            }
            return i == n ? -2 : -1;
        }
        v = v * 10u + d;
    }
    *mag = v;
    return 0;
}

static const char *const int_ranges[2][4] = {
    {"an integer in 0..255", "an integer in 0..65535", "an integer in 0..4294967295", "an integer in 0..18446744073709551615"},
    {"an integer in -128..127", "an integer in -32768..32767", "an integer in -2147483648..2147483647",
     "an integer in -9223372036854775808..9223372036854775807"},
};

static const char *parse_int_value(const ppq_column_t *c, const char *s, size_t n, void *slot)
{
    unsigned width = c->logical.kind == PPQ_LOGICAL_INT ? c->logical.bit_width : c->type == PPQ_INT32 ? 32u : 64u;
    int sgn = c->logical.kind == PPQ_LOGICAL_INT ? c->logical.is_signed != 0u : 1, neg;
    unsigned wi = width == 8u ? 0u : width == 16u ? 1u : width == 32u ? 2u : 3u;
    uint64_t mag, lim;
    if (parse_uint(s, n, &neg, &mag) != 0) {
        return int_ranges[sgn][wi];
    }
    lim = width == 64u ? UINT64_MAX : ((uint64_t)1 << width) - 1u;
    if (sgn) {
        lim >>= 1;
        if (mag > lim + (uint64_t)neg) {
            return int_ranges[1][wi];
        }
    } else if (mag > lim || (neg && mag != 0u)) {
        return int_ranges[0][wi];
    }
    if (c->type == PPQ_INT32) {
        uint32_t u = neg ? 0u - (uint32_t)mag : (uint32_t)mag;
        int32_t v;
        memcpy(&v, &u, 4);
        memcpy(slot, &v, 4);
    } else {
        uint64_t u = neg ? 0u - mag : mag;
        int64_t v;
        memcpy(&v, &u, 8);
        memcpy(slot, &v, 8);
    }
    return NULL;
}

static const double pow10d[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
static const float pow10f[11] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

static int ci_eq(const char *s, size_t n, const char *word)
{
    return lower_eq(s, n, word);
}

/* A decimal float's text (JSON number syntax, plus a leading '+', a
 * leading or trailing '.', and NaN/Infinity names) into *d; is_float: the
 * nearest float (in *d, exactly).  0, or -1 not a number, -2 out of
 * range. */
static int parse_real(const char *s, size_t n, int is_float, double *d)
{
    size_t i = 0, i0, digits;
    int neg = 0, e10 = 0, slow;
    uint64_t m = 0;
    long ex = 0;
    if (n > 0u && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        i = 1;
    }
    if (i < n && (s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') { /* NaN, Infinity */
        if (ci_eq(s + i, n - i, "nan")) {
            *d = neg ? -(double)NAN : (double)NAN;
            return 0;
        }
        if (ci_eq(s + i, n - i, "infinity") || ci_eq(s + i, n - i, "inf")) {
            *d = neg ? -(double)INFINITY : (double)INFINITY;
            return 0;
        }
        return -1;
    }
    /* every digit into m (exact while there are at most 19 of them) */
    for (i0 = i; i < n && (unsigned)(unsigned char)s[i] - '0' <= 9u; i++) {
        m = m * 10u + (uint64_t)(s[i] - '0');
    }
    digits = i - i0;
    if (i < n && s[i] == '.') {
        for (i0 = ++i; i < n && (unsigned)(unsigned char)s[i] - '0' <= 9u; i++) {
            m = m * 10u + (uint64_t)(s[i] - '0');
        }
        digits += i - i0;
        e10 = -(int)(i - i0 < 100000u ? i - i0 : 100000u);
    }
    if (digits == 0u) {
        return -1;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        int eneg = 0;
        size_t e0;
        i++;
        if (i < n && (s[i] == '-' || s[i] == '+')) {
            eneg = s[i] == '-';
            i++;
        }
        e0 = i;
        for (; i < n && (unsigned)(unsigned char)s[i] - '0' <= 9u; i++) {
            if (ex < 100000) {
                ex = ex * 10 + (s[i] - '0');
            }
        }
        if (i == e0) {
            return -1;
        }
        e10 += (int)(eneg ? -ex : ex);
    }
    if (i != n) {
        return -1;
    }
    slow = digits > 19u;
    if (!slow && m == 0u) {
        *d = neg ? -0.0 : 0.0;
        return 0;
    }
    /* exact fast paths: the mantissa and the power of ten both exact, one
     * correctly rounded operation (FLT_EVAL_METHOD 0: in the type itself) */
#if FLT_EVAL_METHOD == 0
    if (!slow && is_float && m <= ((uint64_t)1 << 24) && e10 >= -10 && e10 <= 10) {
        float f = e10 < 0 ? (float)m / pow10f[-e10] : (float)m * pow10f[e10];
        *d = (double)(neg ? -f : f);
        return 0;
    }
    if (!slow && !is_float && m <= ((uint64_t)1 << 53) && e10 >= -22 && e10 <= 22) {
        double v = e10 < 0 ? (double)m / pow10d[-e10] : (double)m * pow10d[e10];
        *d = neg ? -v : v;
        return 0;
    }
#endif
    {
        char buf[512];
        char *end;
        if (n >= sizeof buf) {
            return -1;
        }
        memcpy(buf, s, n);
        buf[n] = '\0';
        if (is_float) {
            float f = strtof(buf, &end);
            if (f == INFINITY || f == -INFINITY) {
                return -2;
            }
            *d = (double)f;
        } else {
            *d = strtod(buf, &end);
            if (*d == INFINITY || *d == -INFINITY) {
                return -2;
            }
        }
        return end == buf + n ? 0 : -1;
    }
}

/* A double as IEEE half bits, rounded to nearest, ties to even. */
static uint16_t half_bits(double d)
{
    uint64_t b, m, rem, halfway, q;
    uint16_t sign;
    int e, he, shift;
    memcpy(&b, &d, 8);
    sign = (uint16_t)((b >> 48) & 0x8000u);
    e = (int)((b >> 52) & 0x7FFu);
    m = b & (((uint64_t)1 << 52) - 1u);
    if (e == 0x7FF) {
        return (uint16_t)(sign | 0x7C00u | (m != 0u ? 0x200u : 0u));
    }
    if (e == 0) {
        return sign; /* a double subnormal: far below half's least */
    }
    m |= (uint64_t)1 << 52;
    he = e - 1023 + 15;
    shift = he <= 0 ? 1051 - e : 42; /* subnormal: units of 2^-24 */
    if (shift > 53) {
        return sign;
    }
    q = m >> shift;
    rem = m & (((uint64_t)1 << shift) - 1u);
    halfway = (uint64_t)1 << (shift - 1);
    if (rem > halfway || (rem == halfway && (q & 1u) != 0u)) {
        q++;
    }
    if (he <= 0) {
        return (uint16_t)(sign | q); /* q 0x400: the least normal, right as it is */
    }
    if (q == 0x800u) {
        q >>= 1;
        he++;
    }
    if (he >= 31) {
        return (uint16_t)(sign | 0x7C00u);
    }
    return (uint16_t)(sign | (unsigned)he << 10 | (q & 0x3FFu));
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
}

static const char *parse_hex(const ppq_column_t *c, const char *s, size_t n, ppq_bytes_t *slot, pw_buf_t *bytes)
{
    size_t i;
    uint8_t *o;
    if (n % 2u != 0u || (c->type == PPQ_FIXED_LEN_BYTE_ARRAY && n / 2u != c->type_len)) {
        return c->type == PPQ_FIXED_LEN_BYTE_ARRAY ? "hex digits, two per byte, as many bytes as fixed(N) says"
                                                    : "hex digits, two per byte";
    }
    if (!pw_buf_reserve(bytes, n / 2u)) {
        return "less (out of memory)";
    }
    o = bytes->p + bytes->len;
    for (i = 0; i < n; i += 2u) {
        int hi = hexval(s[i]), lo = hexval(s[i + 1u]);
        if (hi < 0 || lo < 0) {
            return "hex digits, two per byte";
        }
        o[i / 2u] = (uint8_t)(hi << 4 | lo);
    }
    bytes->len += n / 2u;
    slot->ptr = NULL;
    slot->len = (uint32_t)(n / 2u);
    return NULL;
}

static const char *parse_uuid(const char *s, size_t n, ppq_bytes_t *slot, pw_buf_t *bytes)
{
    static const char *const what = "a UUID (8-4-4-4-12 hex digits)";
    size_t i, k = 0;
    uint8_t *o;
    if (n != 36u && n != 32u) {
        return what;
    }
    if (!pw_buf_reserve(bytes, 16u)) {
        return "less (out of memory)";
    }
    o = bytes->p + bytes->len;
    for (i = 0; i < n;) {
        int hi, lo;
        if (n == 36u && (i == 8u || i == 13u || i == 18u || i == 23u)) {
            if (s[i] != '-') {
                return what;
            }
            i++;
            continue;
        }
        hi = hexval(s[i]);
        lo = hexval(s[i + 1u]);
        if (hi < 0 || lo < 0 || k >= 16u) {
            return what;
        }
        o[k++] = (uint8_t)(hi << 4 | lo);
        i += 2u;
    }
    bytes->len += 16u;
    slot->ptr = NULL;
    slot->len = 16u;
    return NULL;
}

/* Days since 1970-01-01 of a proleptic Gregorian date. */
static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
    int64_t era;
    unsigned yoe, doy, doe;
    y -= m <= 2u;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = (unsigned)(y - era * 400);
    doy = (153u * (m > 2u ? m - 3u : m + 9u) + 2u) / 5u + d - 1u;
    doe = yoe * 365u + yoe / 4u - yoe / 100u + doy;
    return era * 146097 + (int64_t)doe - 719468;
}

/* n digits at s (exactly), as a number; -1 if not all digits. */
static int digits_at(const char *s, size_t n)
{
    int v = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned d = (unsigned)(unsigned char)s[i] - '0';
        if (d > 9u) {
            return -1;
        }
        v = v * 10 + (int)d;
    }
    return v;
}

/* [+-]YYYY[YY]-MM-DD at s: the days, *used the bytes; -1 if not a date. */
static int parse_date_at(const char *s, size_t n, size_t *used, int64_t *days)
{
    static const uint8_t mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    size_t i = 0, y0;
    int64_t y = 0;
    int neg = 0, m, d;
    if (n > 0u && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        i = 1;
    }
    y0 = i;
    while (i < n && i - y0 < 6u && (unsigned)(unsigned char)s[i] - '0' <= 9u) {
        y = y * 10 + (s[i++] - '0');
    }
    if (i - y0 < (neg ? 3u : 4u) || n - i < 6u || s[i] != '-' || s[i + 3u] != '-') {
        return -1;
    }
    m = digits_at(s + i + 1u, 2);
    d = digits_at(s + i + 4u, 2);
    if (m < 1 || m > 12 || d < 1 || d > mdays[m - 1]) {
        return -1;
    }
    if (neg) {
        y = -y;
    }
    if (m == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) {
        return -1;
    }
    *days = days_from_civil(y, (unsigned)m, (unsigned)d);
    *used = i + 6u;
    return 0;
}

static const int64_t unit_per_sec[3] = {1000, 1000000, 1000000000};

/* HH:MM[:SS[.frac]] at s: seconds of the day and the fraction in units
 * (digits past the unit's truncated); *used the bytes; -1 if not a time. */
static int parse_clock(const char *s, size_t n, unsigned unit, size_t *used, int64_t *secs, int64_t *frac)
{
    int h, mi, sec = 0;
    size_t i = 5;
    unsigned want = unit == 0u ? 3u : unit == 1u ? 6u : 9u, k = 0;
    int64_t f = 0;
    if (n < 5u || s[2] != ':' || (h = digits_at(s, 2)) < 0 || (mi = digits_at(s + 3, 2)) < 0 || h > 23 || mi > 59) {
        return -1;
    }
    if (i < n && s[i] == ':') {
        if (n - i < 3u || (sec = digits_at(s + i + 1u, 2)) < 0 || sec > 59) {
            return -1;
        }
        i += 3u;
        if (i < n && s[i] == '.') {
            size_t f0 = ++i;
            for (; i < n && (unsigned)(unsigned char)s[i] - '0' <= 9u; i++) {
                if (k < want) {
                    f = f * 10 + (s[i] - '0');
                    k++;
                }
            }
            if (i == f0) {
                return -1;
            }
        }
    }
    for (; k < want; k++) {
        f *= 10;
    }
    *secs = (int64_t)h * 3600 + mi * 60 + sec;
    *frac = f;
    *used = i;
    return 0;
}

/* Z, or [+-]HH[[:]MM], at s: the offset in seconds east of UTC. */
static int parse_zone(const char *s, size_t n, int64_t *off)
{
    int h, m = 0;
    *off = 0;
    if (n == 0u) {
        return 0;
    }
    if (n == 1u && (s[0] == 'Z' || s[0] == 'z')) {
        return 0;
    }
    if ((s[0] != '+' && s[0] != '-') || n < 3u || (h = digits_at(s + 1, 2)) < 0 || h > 23) {
        return -1;
    }
    if (n == 6u && s[3] == ':') {
        m = digits_at(s + 4, 2);
    } else if (n == 5u) {
        m = digits_at(s + 3, 2);
    } else if (n != 3u) {
        return -1;
    }
    if (m < 0 || m > 59) {
        return -1;
    }
    *off = (s[0] == '-' ? -1 : 1) * ((int64_t)h * 3600 + m * 60);
    return 0;
}

static const char *const ts_what =
    "a timestamp (YYYY-MM-DD, then T or a space and HH:MM:SS with any fraction, then Z, an offset or nothing)";

static const char *parse_ts(const ppq_column_t *c, const char *s, size_t n, int quoted, int64_t *out)
{
    unsigned unit = (unsigned)c->logical.unit;
    int64_t per = unit_per_sec[unit], days, secs = 0, frac = 0, off = 0, total;
    size_t used, u2 = 0;
    /* the usual shape first: YYYY-MM-DD, T or a space, HH:MM:SS, a fraction, Z or nothing */
    if (n >= 19u && s[4] == '-' && s[7] == '-' && (s[10] == 'T' || s[10] == ' ') && s[13] == ':' && s[16] == ':') {
        int y = digits_at(s, 4), mo = digits_at(s + 5, 2), d = digits_at(s + 8, 2), h = digits_at(s + 11, 2),
            mi = digits_at(s + 14, 2), se = digits_at(s + 17, 2);
        if (y >= 0 && mo >= 1 && mo <= 12 && d >= 1 && d <= 28 && h >= 0 && h <= 23 && mi >= 0 && mi <= 59 && se >= 0 &&
            se <= 59) { /* (days 29-31 take the full path, which knows the months) */
            size_t i = 19;
            unsigned want = unit == 0u ? 3u : unit == 1u ? 6u : 9u, k = 0;
            if (i < n && s[i] == '.') {
                for (i++; i < n && (unsigned)(unsigned char)s[i] - '0' <= 9u; i++) {
                    if (k < want) {
                        frac = frac * 10 + (s[i] - '0');
                        k++;
                    }
                }
                if (i == 20u) {
                    return ts_what;
                }
            }
            if (i == n || (i + 1u == n && (s[i] == 'Z' || s[i] == 'z'))) {
                for (; k < want; k++) {
                    frac *= 10;
                }
                total = days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + (int64_t)h * 3600 + mi * 60 + se;
                if (total > (INT64_MAX - frac) / per || total < INT64_MIN / per) {
                    return "a timestamp the unit can hold (nanoseconds: years 1677..2262)";
                }
                *out = total * per + frac;
                return NULL;
            }
            frac = 0; /* an offset: the full path */
        }
    }
    if (parse_date_at(s, n, &used, &days) != 0) {
        int neg;
        uint64_t mag;
        if (quoted == 2 && parse_uint(s, n, &neg, &mag) == 0 && mag <= (uint64_t)INT64_MAX) { /* as ppq cat --raw */
            *out = neg ? -(int64_t)mag : (int64_t)mag;
            return NULL;
        }
        return ts_what;
    }
    if (used < n) {
        if (s[used] != 'T' && s[used] != 't' && s[used] != ' ') {
            return ts_what;
        }
        used++;
        if (parse_clock(s + used, n - used, unit, &u2, &secs, &frac) != 0 || parse_zone(s + used + u2, n - used - u2, &off) != 0) {
            return ts_what;
        }
    }
    total = days * 86400 + secs - off; /* (|days| < 2^29: no overflow) */
    if (total > (INT64_MAX - frac) / per || total < INT64_MIN / per) {
        return "a timestamp the unit can hold (nanoseconds: years 1677..2262)";
    }
    *out = total * per + frac;
    return NULL;
}

static const char *parse_time(const ppq_column_t *c, const char *s, size_t n, int quoted, void *slot)
{
    static const char *const what = "a time of day (HH:MM:SS with any fraction)";
    unsigned unit = (unsigned)c->logical.unit;
    int64_t secs, frac, v;
    size_t used;
    if (parse_clock(s, n, unit, &used, &secs, &frac) != 0 ||
        !(used == n || (used + 1u == n && (s[used] == 'Z' || s[used] == 'z')))) {
        int neg;
        uint64_t mag;
        if (quoted != 2 || parse_uint(s, n, &neg, &mag) != 0 || neg || mag >= (uint64_t)(86400 * unit_per_sec[unit])) {
            return what;
        }
        v = (int64_t)mag; /* as stored (ppq cat --raw) */
    } else {
        v = secs * unit_per_sec[unit] + frac;
    }
    if (c->type == PPQ_INT32) {
        int32_t v32 = (int32_t)v;
        memcpy(slot, &v32, 4);
    } else {
        memcpy(slot, &v, 8);
    }
    return NULL;
}

static const char *parse_dec(const ppq_column_t *c, const char *s, size_t n, void *slot, pw_buf_t *bytes)
{
    static char what[96];
    size_t i = 0, ip0, ip1, fp0 = 0, fp1 = 0, k;
    int neg = 0;
    int32_t prec = c->logical.precision, scale = c->logical.scale, intd;
    uint8_t be[16];
    uint32_t w = c->type == PPQ_INT32 ? 4u : c->type == PPQ_INT64 ? 8u : c->type_len;
    snprintf(what, sizeof what, "a decimal of at most %d digits, %d after the point", (int)prec, (int)scale);
    if (n > 0u && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        i = 1;
    }
    ip0 = i;
    while (i < n && (unsigned)(unsigned char)s[i] - '0' <= 9u) {
        i++;
    }
    ip1 = i;
    if (i < n && s[i] == '.') {
        fp0 = ++i;
        while (i < n && (unsigned)(unsigned char)s[i] - '0' <= 9u) {
            i++;
        }
        fp1 = i;
    }
    if (i != n || (ip1 == ip0 && fp1 == fp0)) {
        return what;
    }
    while (ip0 < ip1 && s[ip0] == '0') {
        ip0++;
    }
    intd = (int32_t)(ip1 - ip0);
    for (k = fp0 + (size_t)scale; k < fp1; k++) { /* past the scale: zeros only */
        if (s[k] != '0') {
            return what;
        }
    }
    if (intd > prec - scale) {
        return what;
    }
    memset(be, 0, sizeof be);
    for (k = 0; k < (size_t)intd + (size_t)scale; k++) { /* be = be * 10 + digit, big-endian in w bytes */
        size_t at = ip0 + k;
        unsigned carry, j;
        if (k < (size_t)intd) {
            carry = (unsigned)(s[at] - '0');
        } else {
            size_t fk = fp0 + (k - (size_t)intd);
            carry = fk < fp1 ? (unsigned)(s[fk] - '0') : 0u;
        }
        for (j = 16u; j-- > 0u;) {
            unsigned v = be[j] * 10u + carry;
            be[j] = (uint8_t)(v & 0xFFu);
            carry = v >> 8;
        }
    }
    if (neg) { /* two's complement */
        unsigned j, carry = 1;
        for (j = 16u; j-- > 0u;) {
            unsigned v = (uint8_t)~be[j] + carry;
            be[j] = (uint8_t)(v & 0xFFu);
            carry = v >> 8;
        }
    }
    if (c->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        ppq_bytes_t *b = (ppq_bytes_t *)slot;
        if (!pw_buf_reserve(bytes, w)) {
            return "less (out of memory)";
        }
        memcpy(bytes->p + bytes->len, be + 16u - w, w);
        bytes->len += w;
        b->ptr = NULL;
        b->len = w;
    } else {
        uint64_t u = 0;
        unsigned j;
        for (j = 8u; j < 16u; j++) {
            u = u << 8 | be[j];
        }
        if (w == 4u) {
            uint32_t u32 = (uint32_t)u;
            int32_t v;
            memcpy(&v, &u32, 4);
            memcpy(slot, &v, 4);
        } else {
            int64_t v;
            memcpy(&v, &u, 8);
            memcpy(slot, &v, 8);
        }
    }
    return NULL;
}

static const char *parse_kind(int kind, const ppq_column_t *c, const char *s, size_t n, int quoted, void *slot,
                              pw_buf_t *bytes)
{
    switch (kind) {
    case V_BOOL:
        if (ci_eq(s, n, "true") || (n == 1u && s[0] == '1')) {
            *(uint8_t *)slot = 1;
        } else if (ci_eq(s, n, "false") || (n == 1u && s[0] == '0')) {
            *(uint8_t *)slot = 0;
        } else {
            return "true or false";
        }
        return NULL;
    case V_INT: return parse_int_value(c, s, n, slot);
    case V_FLOAT:
    case V_DOUBLE:
    case V_F16: {
        double d;
        int r = parse_real(s, n, kind == V_FLOAT, &d);
        if (r != 0) {
            return r == -2 ? (kind == V_FLOAT ? "a number a float can hold" : "a number a double can hold")
                           : "a number (or NaN, Infinity, -Infinity)";
        }
        if (kind == V_FLOAT) {
            float f = (float)d;
            memcpy(slot, &f, 4);
        } else if (kind == V_DOUBLE) {
            memcpy(slot, &d, 8);
        } else {
            uint16_t h = half_bits(d);
            ppq_bytes_t *b = (ppq_bytes_t *)slot;
            if ((h & 0x7C00u) == 0x7C00u && d == d && d != INFINITY && d != -INFINITY) {
                return "a number a float16 can hold (|x| < 65520)";
            }
            if (!pw_buf_reserve(bytes, 2u)) {
                return "less (out of memory)";
            }
            bytes->p[bytes->len] = (uint8_t)(h & 0xFFu);
            bytes->p[bytes->len + 1u] = (uint8_t)(h >> 8);
            bytes->len += 2u;
            b->ptr = NULL;
            b->len = 2u;
        }
        return NULL;
    }
    case V_TEXT:
    case V_JSON: {
        ppq_bytes_t *b = (ppq_bytes_t *)slot;
        if (kind == V_TEXT && quoted == 2) {
            return "a string";
        }
        if (n > 0xFFFFFFFFu || !pw_buf_reserve(bytes, n)) {
            return "less (out of memory)";
        }
        if (n > 0u) {
            memcpy(bytes->p + bytes->len, s, n);
        }
        bytes->len += n;
        b->ptr = NULL;
        b->len = (uint32_t)n;
        return NULL;
    }
    case V_HEX: return parse_hex(c, s, n, (ppq_bytes_t *)slot, bytes);
    case V_UUID: return parse_uuid(s, n, (ppq_bytes_t *)slot, bytes);
    case V_DEC: return parse_dec(c, s, n, slot, bytes);
    case V_DATE: {
        int64_t days;
        size_t used;
        int32_t v;
        if (parse_date_at(s, n, &used, &days) != 0 || used != n) {
            int neg;
            uint64_t mag;
            if (quoted != 2 || parse_uint(s, n, &neg, &mag) != 0 || mag > (uint64_t)INT32_MAX + (uint64_t)neg) {
                return "a date (YYYY-MM-DD)";
            }
            days = neg ? -(int64_t)mag : (int64_t)mag; /* as stored (ppq cat --raw) */
        }
        if (days > INT32_MAX || days < INT32_MIN) {
            return "a date (YYYY-MM-DD)";
        }
        v = (int32_t)days;
        memcpy(slot, &v, 4);
        return NULL;
    }
    case V_TIME: return parse_time(c, s, n, quoted, slot);
    default: {
        int64_t v;
        const char *e = parse_ts(c, s, n, quoted, &v);
        if (e == NULL) {
            memcpy(slot, &v, 8);
        }
        return e;
    }
    }
}

const char *pw_parse_value(const ppq_column_t *c, const char *s, size_t n, int quoted, void *slot, pw_buf_t *bytes)
{
    return parse_kind(value_kind(c), c, s, n, quoted, slot, bytes);
}

/* ---- blocks ------------------------------------------------------------- */

static size_t slot_size(const ppq_column_t *c)
{
    return c->type == PPQ_BYTE_ARRAY || c->type == PPQ_FIXED_LEN_BYTE_ARRAY ? sizeof(ppq_bytes_t)
           : c->type == PPQ_BOOLEAN                                          ? 1u
                                                                             : ppq_value_size(c->type);
}

static int is_bytes(const ppq_column_t *c)
{
    return c->type == PPQ_BYTE_ARRAY || c->type == PPQ_FIXED_LEN_BYTE_ARRAY;
}

int pw_block_init(pw_block_t *b, const ppq_column_t *cols, const char *const *types, uint32_t ncols, uint32_t cap)
{
    uint32_t i;
    memset(b, 0, sizeof *b);
    b->cols = cols;
    b->types = types;
    b->ncols = ncols;
    b->cap = cap;
    b->stamp = 1;
    b->values = (void **)calloc(ncols ? ncols : 1u, sizeof(void *));
    b->validity = (uint8_t **)calloc(ncols ? ncols : 1u, sizeof(uint8_t *));
    b->offsets = (size_t **)calloc(ncols ? ncols : 1u, sizeof(size_t *));
    b->seen = (uint32_t *)calloc(ncols ? ncols : 1u, sizeof(uint32_t));
    b->csv_map = (uint32_t *)calloc(ncols ? ncols : 1u, sizeof(uint32_t));
    b->kinds = (uint8_t *)calloc(ncols ? ncols : 1u, 1u);
    b->namelen = (size_t *)calloc(ncols ? ncols : 1u, sizeof(size_t));
    b->slot_sizes = (size_t *)calloc(ncols ? ncols : 1u, sizeof(size_t));
    if (b->values == NULL || b->validity == NULL || b->offsets == NULL || b->seen == NULL || b->csv_map == NULL ||
        b->kinds == NULL || b->namelen == NULL || b->slot_sizes == NULL) {
        return 0;
    }
    for (i = 0; i < ncols; i++) {
        b->values[i] = calloc(cap ? cap : 1u, slot_size(&cols[i]));
        b->kinds[i] = (uint8_t)value_kind(&cols[i]);
        b->namelen[i] = strlen(cols[i].name);
        b->slot_sizes[i] = slot_size(&cols[i]);
        if (b->values[i] == NULL) {
            return 0;
        }
        if (cols[i].optional && (b->validity[i] = (uint8_t *)calloc(cap / 8u + 1u, 1u)) == NULL) {
            return 0;
        }
        if (is_bytes(&cols[i]) && (b->offsets[i] = (size_t *)calloc(cap ? cap : 1u, sizeof(size_t))) == NULL) {
            return 0;
        }
    }
    return 1;
}

void pw_block_free(pw_block_t *b)
{
    uint32_t i;
    for (i = 0; i < b->ncols && b->values != NULL; i++) {
        free(b->values[i]);
        free(b->validity[i]);
        free(b->offsets[i]);
    }
    free(b->values);
    free(b->validity);
    free(b->offsets);
    free(b->seen);
    free(b->csv_map);
    free(b->kinds);
    free(b->namelen);
    free(b->slot_sizes);
    free(b->bytes.p);
    free(b->scratch.p);
    memset(b, 0, sizeof *b);
}

void pw_block_reset(pw_block_t *b)
{
    b->n = 0;
    b->bytes.len = 0;
}

void pw_block_fix(pw_block_t *b)
{
    uint32_t i, r;
    for (i = 0; i < b->ncols; i++) {
        if (b->offsets[i] != NULL) {
            ppq_bytes_t *v = (ppq_bytes_t *)b->values[i];
            for (r = 0; r < b->n; r++) {
                v[r].ptr = b->bytes.p != NULL ? b->bytes.p + b->offsets[i][r] : (const uint8_t *)"";
            }
        }
    }
}

/* The value's text for a message: quoted, at most 40 bytes, control bytes
 * as \xNN. */
static void quote_got(char *out, size_t cap, const char *s, size_t n, int quotes)
{
    size_t i, k = 0;
    if (quotes) {
        out[k++] = '"';
    }
    for (i = 0; i < n && i < 40u && k + 8u < cap; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch < 0x20u || ch == 0x7Fu) {
            k += (size_t)snprintf(out + k, cap - k, "\\x%02x", ch);
        } else {
            if (quotes && (ch == '"' || ch == '\\')) {
                out[k++] = '\\';
            }
            out[k++] = (char)ch;
        }
    }
    if (i < n && k + 4u < cap) {
        memcpy(out + k, "...", 3);
        k += 3u;
    }
    if (quotes) {
        out[k++] = '"';
    }
    out[k] = '\0';
}

static int field_fail(pw_block_t *b, uint32_t col, const char *what, const char *s, size_t n, int show, char *err,
                      size_t errlen)
{
    char got[200];
    if (show) {
        quote_got(got, sizeof got, s, n, show == 1);
    } else {
        snprintf(got, sizeof got, "%.*s", (int)(n < 60u ? n : 60u), s);
    }
    snprintf(err, errlen, "field \"%s\" (%s): expected %s, got %s", b->cols[col].name, b->types[col], what, got);
    return -1;
}

/* Column col of row b->n is null. */
static int set_null(pw_block_t *b, uint32_t col, const char *got, char *err, size_t errlen)
{
    uint32_t r = b->n;
    if (b->validity[col] == NULL) {
        return field_fail(b, col, "a value (the column is not nullable: add '?' to its type)", got, strlen(got), 0, err,
                          errlen);
    }
    b->validity[col][r / 8u] = (uint8_t)(b->validity[col][r / 8u] & ~(1u << (r % 8u)));
    return 0;
}

/* Column col of row b->n from text. */
static int set_value(pw_block_t *b, uint32_t col, const char *s, size_t n, int quoted, const char *raw, size_t rawn,
                     char *err, size_t errlen)
{
    uint32_t r = b->n;
    size_t at = b->bytes.len;
    void *slot = (uint8_t *)b->values[col] + (size_t)r * b->slot_sizes[col];
    const char *e = parse_kind(b->kinds[col], &b->cols[col], s, n, quoted, slot, &b->bytes);
    if (e != NULL) {
        return field_fail(b, col, e, raw, rawn, quoted == 0 ? 1 : 2, err, errlen);
    }
    if (b->offsets[col] != NULL) {
        if (b->max_bytes > 0u && b->bytes.len - at > b->max_bytes) {
            char what[96];
            snprintf(what, sizeof what, "a value of at most %u bytes (--page-bytes)", b->max_bytes);
            return field_fail(b, col, what, raw, rawn, quoted == 0 ? 1 : 2, err, errlen);
        }
        b->offsets[col][r] = at;
    }
    if (b->validity[col] != NULL) {
        b->validity[col][r / 8u] = (uint8_t)(b->validity[col][r / 8u] | 1u << (r % 8u));
    }
    return 0;
}

/* ---- JSON Lines ------------------------------------------------------------ */

static size_t json_ws(const char *p, size_t n, size_t i)
{
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n')) {
        i++;
    }
    return i;
}

static void put_utf8(uint8_t *o, size_t *k, uint32_t cp)
{
    if (cp < 0x80u) {
        o[(*k)++] = (uint8_t)cp;
    } else if (cp < 0x800u) {
        o[(*k)++] = (uint8_t)(0xC0u | cp >> 6);
        o[(*k)++] = (uint8_t)(0x80u | (cp & 0x3Fu));
    } else if (cp < 0x10000u) {
        o[(*k)++] = (uint8_t)(0xE0u | cp >> 12);
        o[(*k)++] = (uint8_t)(0x80u | ((cp >> 6) & 0x3Fu));
        o[(*k)++] = (uint8_t)(0x80u | (cp & 0x3Fu));
    } else {
        o[(*k)++] = (uint8_t)(0xF0u | cp >> 18);
        o[(*k)++] = (uint8_t)(0x80u | ((cp >> 12) & 0x3Fu));
        o[(*k)++] = (uint8_t)(0x80u | ((cp >> 6) & 0x3Fu));
        o[(*k)++] = (uint8_t)(0x80u | (cp & 0x3Fu));
    }
}

static long hex4(const char *p)
{
    long v = 0;
    int i;
    for (i = 0; i < 4; i++) {
        int h = hexval(p[i]);
        if (h < 0) {
            return -1;
        }
        v = v * 16 + h;
    }
    return v;
}

/* The JSON string whose opening quote is at p[i]: its content (unescaped
 * into *scratch when it has escapes) in *s and *sn, and the index past the
 * closing quote; 0 when it is not a valid string. */
static size_t json_string(pw_buf_t *scratch, const char *p, size_t n, size_t i, const char **s, size_t *sn)
{
    size_t j, k = 0;
    uint8_t *o;
    const char *q = i + 1u < n ? (const char *)memchr(p + i + 1u, '"', n - i - 1u) : NULL;
    if (q != NULL && memchr(p + i + 1u, '\\', (size_t)(q - p) - i - 1u) == NULL) { /* no escapes (memchr: SIMD) */
        *s = p + i + 1u;
        *sn = (size_t)(q - p) - i - 1u;
        return (size_t)(q - p) + 1u;
    }
    if (!pw_buf_reserve(scratch, n - i)) { /* the unescaped text is no longer than the escaped */
        return 0;
    }
    o = scratch->p;
    for (j = i + 1u; j < n && p[j] != '"'; j++) {
        if (p[j] != '\\') {
            o[k++] = (uint8_t)p[j];
            continue;
        }
        if (++j >= n) {
            return 0;
        }
        switch (p[j]) {
        case '"': o[k++] = '"'; break;
        case '\\': o[k++] = '\\'; break;
        case '/': o[k++] = '/'; break;
        case 'b': o[k++] = '\b'; break;
        case 'f': o[k++] = '\f'; break;
        case 'n': o[k++] = '\n'; break;
        case 'r': o[k++] = '\r'; break;
        case 't': o[k++] = '\t'; break;
        case 'u': {
            long cp, lo;
            if (n - j < 5u || (cp = hex4(p + j + 1u)) < 0) {
                return 0;
            }
            j += 4u;
            if (cp >= 0xD800 && cp <= 0xDBFF && n - j >= 7u && p[j + 1u] == '\\' && p[j + 2u] == 'u' &&
                (lo = hex4(p + j + 3u)) >= 0xDC00 && lo <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                j += 6u;
            } else if (cp >= 0xD800 && cp <= 0xDFFF) {
                cp = 0xFFFD; /* a lone surrogate */
            }
            put_utf8(o, &k, (uint32_t)cp); /* (at most 4 bytes from at least 6) */
            break;
        }
        default: return 0;
        }
    }
    if (j >= n) {
        return 0;
    }
    *s = (const char *)o;
    *sn = k;
    return j + 1u;
}

/* The end of the array or object that opens at p[i]; 0 if it does not close. */
static size_t json_skip_nested(const char *p, size_t n, size_t i)
{
    uint8_t stack[256];
    size_t depth = 0, j;
    for (j = i; j < n; j++) {
        char ch = p[j];
        if (ch == '"') {
            for (j++; j < n && p[j] != '"'; j++) {
                j += (size_t)(p[j] == '\\');
            }
            if (j >= n) {
                return 0;
            }
        } else if (ch == '[' || ch == '{') {
            if (depth == sizeof stack) {
                return 0;
            }
            stack[depth++] = (uint8_t)(ch == '[' ? ']' : '}');
        } else if (ch == ']' || ch == '}') {
            if (depth == 0u || stack[--depth] != (uint8_t)ch) {
                return 0;
            }
            if (depth == 0u) {
                return j + 1u;
            }
        }
    }
    return 0;
}

static int line_fail(char *err, size_t errlen, const char *what, const char *p, size_t n, size_t at)
{
    char got[200];
    if (at >= n) {
        snprintf(err, errlen, "expected %s, got the end of the line", what);
    } else {
        quote_got(got, sizeof got, p + at, n - at, 0);
        snprintf(err, errlen, "expected %s, got %s", what, got);
    }
    return -1;
}

static uint32_t find_column(pw_block_t *b, const char *k, size_t kn)
{
    uint32_t i, c = b->next;
    if (c < b->ncols && b->namelen[c] == kn && memcmp(b->cols[c].name, k, kn) == 0) {
        return c;
    }
    for (i = 0; i < b->ncols; i++) {
        if (b->namelen[i] == kn && memcmp(b->cols[i].name, k, kn) == 0) {
            return i;
        }
    }
    return UINT32_MAX;
}

/* Bytes that end a bare JSON token. */
static const uint8_t json_stop[256] = {[','] = 1, ['}'] = 1, [']'] = 1, [' '] = 1, ['\t'] = 1, ['\r'] = 1, ['\n'] = 1};

int pw_json_row(pw_block_t *b, const char *p, size_t n, char *err, size_t errlen)
{
    size_t i, mark = b->bytes.len;
    uint32_t c;
    if (b->n >= b->cap) {
        snprintf(err, errlen, "a full block");
        return -1;
    }
    if (++b->stamp == 0u) {
        memset(b->seen, 0, b->ncols * sizeof *b->seen);
        b->stamp = 1;
    }
    b->next = 0;
    i = json_ws(p, n, 0);
    if (i >= n || p[i] != '{') {
        return line_fail(err, errlen, "a JSON object ({\"name\": value, ...})", p, n, i);
    }
    i = json_ws(p, n, i + 1u);
    if (i < n && p[i] == '}') {
        i++;
    } else {
        for (;;) {
            const char *k, *s;
            size_t kn, sn, v0;
            char keybuf[256];
            int r;
            if (i >= n || p[i] != '"') {
                b->bytes.len = mark;
                return line_fail(err, errlen, "a field name in quotes", p, n, i);
            }
            i = json_string(&b->scratch, p, n, i, &k, &kn);
            if (i == 0u) {
                b->bytes.len = mark;
                return line_fail(err, errlen, "a field name in quotes", p, n, n);
            }
            if (k == (const char *)b->scratch.p) { /* the value may need the scratch */
                if (kn >= sizeof keybuf) {
                    kn = sizeof keybuf - 1u;
                }
                memcpy(keybuf, k, kn);
                k = keybuf;
            }
            i = json_ws(p, n, i);
            if (i >= n || p[i] != ':') {
                b->bytes.len = mark;
                return line_fail(err, errlen, "':' after the field name", p, n, i);
            }
            i = json_ws(p, n, i + 1u);
            c = find_column(b, k, kn);
            if (c == UINT32_MAX) {
                b->bytes.len = mark;
                snprintf(err, errlen, "field \"%.*s\": no such column in the schema", (int)(kn < 100u ? kn : 100u), k);
                return -1;
            }
            if (b->seen[c] == b->stamp) {
                b->bytes.len = mark;
                snprintf(err, errlen, "field \"%s\": given twice", b->cols[c].name);
                return -1;
            }
            b->seen[c] = b->stamp;
            b->next = c + 1u;
            v0 = i;
            if (i >= n) {
                b->bytes.len = mark;
                return line_fail(err, errlen, "a value", p, n, i);
            }
            if (p[i] == '"') {
                i = json_string(&b->scratch, p, n, i, &s, &sn);
                if (i == 0u) {
                    b->bytes.len = mark;
                    return line_fail(err, errlen, "a string with a closing quote and valid escapes", p, n, v0);
                }
                r = set_value(b, c, s, sn, 1, p + v0, i - v0, err, errlen);
            } else if (p[i] == '[' || p[i] == '{') {
                i = json_skip_nested(p, n, i);
                if (i == 0u) {
                    b->bytes.len = mark;
                    return line_fail(err, errlen, "a complete JSON array or object", p, n, v0);
                }
                if (b->kinds[c] != V_JSON) {
                    b->bytes.len = mark;
                    return field_fail(b, c, b->kinds[c] == V_TEXT ? "a string" : "a single value (nested values are not supported yet)",
                                      p + v0, i - v0, 2, err, errlen);
                }
                r = set_value(b, c, p + v0, i - v0, 2, p + v0, i - v0, err, errlen);
            } else {
                while (i < n && !json_stop[(unsigned char)p[i]]) {
                    i++;
                }
                if (i == v0) { /* ("a":} or "a":, : no value, not an empty one) */
                    b->bytes.len = mark;
                    return line_fail(err, errlen, "a value", p, n, i);
                }
                if (i - v0 == 4u && memcmp(p + v0, "null", 4) == 0) {
                    r = set_null(b, c, "null", err, errlen);
                } else {
                    r = set_value(b, c, p + v0, i - v0, 2, p + v0, i - v0, err, errlen);
                }
            }
            if (r != 0) {
                b->bytes.len = mark;
                return -1;
            }
            i = json_ws(p, n, i);
            if (i < n && p[i] == ',') {
                i = json_ws(p, n, i + 1u);
                continue;
            }
            if (i < n && p[i] == '}') {
                i++;
                break;
            }
            b->bytes.len = mark;
            return line_fail(err, errlen, "',' or '}' after a value", p, n, i);
        }
    }
    i = json_ws(p, n, i);
    if (i != n) {
        b->bytes.len = mark;
        return line_fail(err, errlen, "the end of the line after the object", p, n, i);
    }
    for (c = 0; c < b->ncols; c++) { /* the fields not given: null */
        if (b->seen[c] != b->stamp && set_null(b, c, "nothing (the field is missing)", err, errlen) != 0) {
            b->bytes.len = mark;
            return -1;
        }
    }
    b->n++;
    return 0;
}

/* ---- CSV ------------------------------------------------------------------ */

/* The field at p[i]: its text in *s and *sn (a quoted field with "" inside
 * unescaped into b->scratch), *quoted, and the index of what ends it (','
 * or the record's end); (size_t)-1 when more input is needed, (size_t)-2
 * on error (message in err). */
#define CSV_MORE ((size_t)-1)
#define CSV_BAD ((size_t)-2)

static size_t csv_field(pw_block_t *b, const char *p, size_t avail, size_t i, int eof, const char **s, size_t *sn,
                        int *quoted, size_t *lines, char *err, size_t errlen)
{
    size_t j;
    if (i < avail && p[i] == '"') {
        size_t k = 0, nl = 0;
        int copied = 0;
        *quoted = 1;
        for (j = i + 1u;; j++) {
            const char *q = j < avail ? (const char *)memchr(p + j, '"', avail - j) : NULL;
            size_t e = q != NULL ? (size_t)(q - p) : avail, t;
            for (t = j; t < e; t++) {
                nl += (size_t)(p[t] == '\n');
            }
            if (copied) {
                memcpy(b->scratch.p + k, p + j, e - j);
                k += e - j;
            }
            if (q == NULL) {
                if (!eof) {
                    return CSV_MORE;
                }
                snprintf(err, errlen, "a closing '\"' of the quoted field before the end of the input");
                return CSV_BAD;
            }
            j = e;
            if (j + 1u < avail && p[j + 1u] == '"') { /* "" inside */
                if (!copied) {
                    if (!pw_buf_reserve(&b->scratch, avail - i)) {
                        snprintf(err, errlen, "less input (out of memory)");
                        return CSV_BAD;
                    }
                    memcpy(b->scratch.p, p + i + 1u, j - i - 1u);
                    k = j - i - 1u;
                    copied = 1;
                }
                b->scratch.p[k++] = '"';
                j++;
                continue;
            }
            if (j + 1u >= avail && !eof) {
                return CSV_MORE; /* the next byte decides */
            }
            break;
        }
        if (copied) {
            *s = (const char *)b->scratch.p;
            *sn = k;
        } else {
            *s = p + i + 1u;
            *sn = j - i - 1u;
        }
        j++;
        if (j < avail && p[j] != ',' && p[j] != '\n' && p[j] != '\r') {
            snprintf(err, errlen, "',' or the end of the line after a closing '\"'");
            return CSV_BAD;
        }
        *lines += nl;
        return j;
    }
    *quoted = 0;
    for (j = i; j < avail && p[j] != ',' && p[j] != '\n' && p[j] != '\r'; j++) {
    }
    if (j == avail && !eof) {
        return CSV_MORE;
    }
    *s = p + i;
    *sn = j - i;
    return j;
}

/* After a record's last field at p[j]: the index past its line end;
 * CSV_MORE or CSV_BAD. */
static size_t csv_end(const char *p, size_t avail, size_t j, int eof)
{
    if (j >= avail) {
        return eof ? j : CSV_MORE;
    }
    if (p[j] == '\n') {
        return j + 1u;
    }
    if (p[j] == '\r') {
        if (j + 1u < avail) {
            return p[j + 1u] == '\n' ? j + 2u : j + 1u;
        }
        return eof ? j + 1u : CSV_MORE;
    }
    return CSV_BAD;
}

long pw_csv_header(pw_block_t *b, const char *p, size_t avail, int eof, size_t *lines, char *err, size_t errlen)
{
    size_t i = 0, j, nl = 0;
    uint32_t k = 0, c;
    if (avail >= 3u && memcmp(p, "\xEF\xBB\xBF", 3) == 0) { /* a UTF-8 byte order mark */
        i = 3;
    }
    memset(b->seen, 0, b->ncols * sizeof *b->seen);
    for (;;) {
        const char *s;
        size_t sn;
        int quoted;
        j = csv_field(b, p, avail, i, eof, &s, &sn, &quoted, &nl, err, errlen);
        if (j == CSV_MORE) {
            return 0;
        }
        if (j == CSV_BAD) {
            return -1;
        }
        c = find_column(b, s, sn);
        if (c == UINT32_MAX || b->seen[c] != 0u) {
            snprintf(err, errlen, "header field %u \"%.*s\": %s", k + 1u, (int)(sn < 100u ? sn : 100u), s,
                     c == UINT32_MAX ? "no such column in the schema" : "named twice");
            return -1;
        }
        if (k >= b->ncols) {
            snprintf(err, errlen, "at most %u header fields (the schema's columns)", b->ncols);
            return -1;
        }
        b->seen[c] = 1;
        b->csv_map[k++] = c;
        b->next = c + 1u;
        if (j < avail && p[j] == ',') {
            i = j + 1u;
            continue;
        }
        j = csv_end(p, avail, j, eof);
        if (j == CSV_MORE) {
            return 0;
        }
        if (j == CSV_BAD) {
            snprintf(err, errlen, "the end of the header line");
            return -1;
        }
        break;
    }
    b->missing = 0;
    for (c = 0; c < b->ncols; c++) {
        b->missing += b->seen[c] == 0u;
        if (!b->seen[c] && !b->cols[c].optional) {
            snprintf(err, errlen, "the header has no field \"%s\" (a column that is not nullable)", b->cols[c].name);
            return -1;
        }
    }
    b->csv_fields = k;
    *lines += nl + 1u;
    return (long)j;
}

/* Bytes that end an unquoted field. */
static const uint8_t csv_stop[256] = {['\n'] = 1, ['\r'] = 1, [','] = 1};

long pw_csv_row(pw_block_t *b, const char *p, size_t avail, int eof, size_t *lines, char *err, size_t errlen)
{
    size_t i = 0, j, nl = 0, mark = b->bytes.len;
    uint32_t k, c;
    if (b->n >= b->cap) {
        snprintf(err, errlen, "a full block");
        return -1;
    }
    for (c = 0; b->missing > 0u && c < b->ncols; c++) { /* columns the header leaves out: null */
        if (b->seen[c] == 0u && set_null(b, c, "", err, errlen) != 0) {
            return -1;
        }
    }
    for (k = 0;; k++) {
        const char *s;
        size_t sn;
        int quoted, r;
        if (k >= b->csv_fields) {
            b->bytes.len = mark;
            snprintf(err, errlen, "more fields than the header's %u", b->csv_fields);
            return -1;
        }
        c = b->csv_map[k];
        if (i < avail && p[i] != '"') { /* the common case inline: an unquoted field */
            j = i;
            while (j < avail && !csv_stop[(unsigned char)p[j]]) {
                j++;
            }
            if (j == avail && !eof) {
                b->bytes.len = mark;
                return 0;
            }
            s = p + i;
            sn = j - i;
            quoted = 0;
        } else {
            j = csv_field(b, p, avail, i, eof, &s, &sn, &quoted, &nl, err, errlen);
            if (j == CSV_MORE || j == CSV_BAD) {
                b->bytes.len = mark;
                if (j == CSV_BAD) {
                    char msg[160];
                    snprintf(msg, sizeof msg, "%s", err);
                    snprintf(err, errlen, "field \"%s\": expected %s", b->cols[c].name, msg);
                }
                return j == CSV_MORE ? 0 : -1;
            }
        }
        if (sn == 0u && !quoted && !(b->validity[c] == NULL && b->offsets[c] != NULL &&
                                     (b->kinds[c] == V_TEXT || b->kinds[c] == V_JSON || b->kinds[c] == V_HEX))) {
            r = set_null(b, c, "an empty field", err, errlen);
        } else {
            r = set_value(b, c, s, sn, 0, s, sn, err, errlen);
        }
        if (r != 0) {
            b->bytes.len = mark;
            return -1;
        }
        if (j < avail && p[j] == ',') {
            i = j + 1u;
            continue;
        }
        if (k + 1u != b->csv_fields) {
            b->bytes.len = mark;
            snprintf(err, errlen, "%u field%s, the header has %u", k + 1u, k == 0u ? "" : "s", b->csv_fields);
            return -1;
        }
        j = csv_end(p, avail, j, eof);
        if (j == CSV_MORE) {
            b->bytes.len = mark;
            return 0;
        }
        if (j == CSV_BAD) {
            b->bytes.len = mark;
            snprintf(err, errlen, "field \"%s\": expected ',' or the end of the line", b->cols[c].name);
            return -1;
        }
        break;
    }
    *lines += nl + 1u;
    b->n++;
    return (long)j;
}

/* ---- shredding nested rows ------------------------------------------------- */

static int leaf_grow(pw_leaf_t *l)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2u : 1024u;
        int16_t *d = (int16_t *)realloc(l->def, cap * sizeof *d), *r;
        if (d == NULL) {
            return 0;
        }
        l->def = d;
        r = (int16_t *)realloc(l->rep, cap * sizeof *r);
        if (r == NULL) {
            return 0;
        }
        l->rep = r;
        l->cap = cap;
    }
    return 1;
}

static int value_grow(pw_leaf_t *l)
{
    if (l->nvalues == l->vcap) {
        size_t cap = l->vcap ? l->vcap * 2u : 1024u;
        uint8_t *v = (uint8_t *)realloc(l->values, cap * l->slot);
        if (v == NULL) {
            return 0;
        }
        l->values = v;
        if (l->is_bytes) {
            size_t *o = (size_t *)realloc(l->offsets, cap * sizeof *o);
            if (o == NULL) {
                return 0;
            }
            l->offsets = o;
        }
        l->vcap = cap;
    }
    return 1;
}

int pw_shred_init(pw_shred_t *sh, const pw_schema_t *s)
{
    uint32_t i, k;
    uint32_t n = s->n ? s->n : 1u;
    memset(sh, 0, sizeof *sh);
    sh->s = s;
    sh->node_def = (int16_t *)calloc(n, sizeof *sh->node_def);
    sh->node_rep = (int16_t *)calloc(n, sizeof *sh->node_rep);
    sh->end = (uint32_t *)calloc(n, sizeof *sh->end);
    sh->leaf_lo = (uint32_t *)calloc(n + 1u, sizeof *sh->leaf_lo);
    sh->seen = (uint32_t *)calloc(n, sizeof *sh->seen);
    if (sh->node_def == NULL || sh->node_rep == NULL || sh->end == NULL || sh->leaf_lo == NULL || sh->seen == NULL) {
        return 0;
    }
    for (i = 0; i < s->n; i++) {
        const pw_node_t *nd = &s->nodes[i];
        int16_t def = 0, rep = 0;
        if (nd->parent >= 0) {
            const pw_node_t *pa = &s->nodes[nd->parent];
            int rpt = pa->kind == PW_LIST || pa->kind == PW_MAP; /* the repeated group between */
            def = (int16_t)(sh->node_def[nd->parent] + rpt);
            rep = (int16_t)(sh->node_rep[nd->parent]);
        }
        sh->node_def[i] = (int16_t)(def + (nd->nullable != 0u));
        sh->node_rep[i] = (int16_t)(rep + (nd->kind == PW_LIST || nd->kind == PW_MAP));
        sh->leaf_lo[i] = sh->nleaves;
        sh->nleaves += nd->kind == PW_LEAF;
    }
    sh->leaf_lo[s->n] = sh->nleaves;
    for (i = s->n; i-- > 0u;) { /* a subtree's end: past its last child's */
        uint32_t e = i + 1u;
        while (e < s->n && s->nodes[e].parent == (int32_t)i) {
            e = sh->end[e];
        }
        sh->end[i] = e;
    }
    sh->leaves = (pw_leaf_t *)calloc(sh->nleaves ? sh->nleaves : 1u, sizeof *sh->leaves);
    sh->mark = (size_t *)calloc(2u * (sh->nleaves ? sh->nleaves : 1u), sizeof *sh->mark);
    if (sh->leaves == NULL || sh->mark == NULL) {
        return 0;
    }
    for (i = 0, k = 0; i < s->n; i++) {
        if (s->nodes[i].kind == PW_LEAF) {
            pw_leaf_t *l = &sh->leaves[k++];
            l->node = i;
            l->max_def = sh->node_def[i];
            l->max_rep = sh->node_rep[i];
            l->kind = (uint8_t)value_kind(&s->nodes[i].col);
            l->slot = slot_size(&s->nodes[i].col);
            l->is_bytes = (uint8_t)is_bytes(&s->nodes[i].col);
            if (!leaf_grow(l) || !value_grow(l)) {
                return 0;
            }
        }
    }
    sh->stamp = 1;
    return 1;
}

void pw_shred_free(pw_shred_t *sh)
{
    uint32_t k;
    for (k = 0; k < sh->nleaves && sh->leaves != NULL; k++) {
        free(sh->leaves[k].def);
        free(sh->leaves[k].rep);
        free(sh->leaves[k].values);
        free(sh->leaves[k].offsets);
    }
    free(sh->leaves);
    free(sh->node_def);
    free(sh->node_rep);
    free(sh->end);
    free(sh->leaf_lo);
    free(sh->seen);
    free(sh->mark);
    free(sh->bytes.p);
    free(sh->scratch.p);
    memset(sh, 0, sizeof *sh);
}

void pw_shred_reset(pw_shred_t *sh)
{
    uint32_t k;
    for (k = 0; k < sh->nleaves; k++) {
        sh->leaves[k].n = 0;
        sh->leaves[k].nvalues = 0;
    }
    sh->bytes.len = 0;
    sh->records = 0;
}

void pw_shred_fix(pw_shred_t *sh)
{
    uint32_t k;
    size_t v;
    for (k = 0; k < sh->nleaves; k++) {
        pw_leaf_t *l = &sh->leaves[k];
        if (l->offsets != NULL) {
            ppq_bytes_t *b = (ppq_bytes_t *)l->values;
            for (v = 0; v < l->nvalues; v++) {
                b[v].ptr = sh->bytes.p != NULL ? sh->bytes.p + l->offsets[v] : (const uint8_t *)"";
            }
        }
    }
}

/* The failure's message parts: what was expected, and the text got. */
static int sh_fail(pw_shred_t *sh, const char *what, const char *s, size_t n, int quotes)
{
    if (sh->e_what == NULL) {
        sh->e_what = what;
        sh->e_node = sh->cur;
        if (s == NULL) {
            snprintf(sh->e_got, sizeof sh->e_got, "the end of the line");
        } else if (quotes < 0) {
            snprintf(sh->e_got, sizeof sh->e_got, "%.*s", (int)(n < 60u ? n : 60u), s);
        } else {
            quote_got(sh->e_got, sizeof sh->e_got, s, n, quotes);
        }
    }
    return -1;
}

/* The token at p[i] (for a message): a string, a nested value's start, or
 * a bare word. */
static int sh_fail_at(pw_shred_t *sh, const char *what, const char *p, size_t n, size_t i)
{
    size_t j = i;
    if (i >= n) {
        return sh_fail(sh, what, NULL, 0, 0);
    }
    if (p[i] == '[' || p[i] == '{' || p[i] == '"') {
        return sh_fail(sh, what, p + i, n - i, 0);
    }
    while (j < n && !json_stop[(unsigned char)p[j]]) {
        j++;
    }
    return sh_fail(sh, what, p + i, j > i ? j - i : 1u, 0);
}

/* The path of the field being shredded grows by a step: its length before,
 * to cut it back to. */
static size_t sh_path_name(pw_shred_t *sh, const char *name)
{
    if (sh->path_len < PW_PATH_STEPS) {
        sh->path[sh->path_len].name = name;
    }
    return sh->path_len++;
}

static size_t sh_path_index(pw_shred_t *sh, size_t idx)
{
    if (sh->path_len < PW_PATH_STEPS) {
        sh->path[sh->path_len].name = NULL;
        sh->path[sh->path_len].idx = idx;
    }
    return sh->path_len++;
}

static void sh_path_cut(pw_shred_t *sh, size_t at)
{
    sh->path_len = at;
}

/* The path as text: "a.b[2].c". */
static void sh_path_text(const pw_shred_t *sh, char *buf, size_t cap)
{
    size_t k, at = 0, n = sh->path_len < PW_PATH_STEPS ? sh->path_len : PW_PATH_STEPS;
    buf[0] = '\0';
    for (k = 0; k < n && at + 1u < cap; k++) {
        int w = sh->path[k].name != NULL ? snprintf(buf + at, cap - at, "%s%s", k == 0u ? "" : ".", sh->path[k].name)
                                         : snprintf(buf + at, cap - at, "[%zu]", sh->path[k].idx);
        at = w < 0 ? at : at + (size_t)w < cap ? at + (size_t)w : cap - 1u;
    }
}

/* An entry (rep, def) in every leaf under node: the node null, or an empty
 * list or map. */
static int sh_absent(pw_shred_t *sh, uint32_t node, int16_t rep, int16_t def)
{
    uint32_t k;
    for (k = sh->leaf_lo[node]; k < sh->leaf_lo[sh->end[node]]; k++) {
        pw_leaf_t *l = &sh->leaves[k];
        if (!leaf_grow(l)) {
            return sh_fail(sh, "less input (out of memory)", "", 0, -1);
        }
        l->def[l->n] = def;
        l->rep[l->n] = rep;
        l->n++;
    }
    return 0;
}

/* Leaf `node`'s value from text s (quoted: 1 a JSON string, 2 a bare token
 * or a nested JSON value's text). */
static int sh_leaf(pw_shred_t *sh, uint32_t node, int16_t rep, const char *s, size_t sn, int quoted)
{
    pw_leaf_t *l = &sh->leaves[sh->leaf_lo[node]];
    size_t at = sh->bytes.len;
    const char *e;
    sh->cur = node;
    if (!leaf_grow(l) || !value_grow(l)) {
        return sh_fail(sh, "less input (out of memory)", "", 0, -1);
    }
    e = parse_kind(l->kind, &sh->s->nodes[node].col, s, sn, quoted, l->values + l->nvalues * l->slot, &sh->bytes);
    if (e != NULL) {
        return sh_fail(sh, e, s, sn, quoted == 1);
    }
    if (l->offsets != NULL) {
        if (sh->max_bytes > 0u && sh->bytes.len - at > sh->max_bytes) {
            return sh_fail(sh, "a value of at most --page-bytes bytes", s, sn, quoted == 1);
        }
        l->offsets[l->nvalues] = at;
    }
    l->def[l->n] = l->max_def;
    l->rep[l->n] = rep;
    l->n++;
    l->nvalues++;
    return 0;
}

static size_t sh_field(pw_shred_t *sh, uint32_t node, int16_t rep, const char *p, size_t n, size_t i);

/* A JSON object at p[i] as the fields of `parent` (a struct; a map's
 * key-value pair; the row when parent is UINT32_MAX): every child field
 * gets one instance starting at `rep`.  The index past the object, or 0. */
static size_t sh_object(pw_shred_t *sh, uint32_t parent, int16_t rep, const char *p, size_t n, size_t i)
{
    const pw_schema_t *s = sh->s;
    uint32_t first = parent == UINT32_MAX ? 0u : parent + 1u, last = parent == UINT32_MAX ? s->n : sh->end[parent];
    uint32_t c, hint = first, stamp;
    if (++sh->stamp == 0u) {
        memset(sh->seen, 0, s->n * sizeof *sh->seen);
        sh->stamp = 1;
    }
    stamp = sh->stamp;
    if (i >= n || p[i] != '{') {
        return (size_t)sh_fail_at(sh, "a JSON object", p, n, i) + 1u;
    }
    i = json_ws(p, n, i + 1u);
    if (i < n && p[i] == '}') {
        i++;
    } else {
        for (;;) {
            const char *k;
            size_t kn, at;
            if (i >= n || p[i] != '"') {
                return (size_t)sh_fail_at(sh, "a field name in quotes", p, n, i) + 1u;
            }
            i = json_string(&sh->scratch, p, n, i, &k, &kn);
            if (i == 0u) {
                return (size_t)sh_fail(sh, "a field name with a closing quote", NULL, 0, 0) + 1u;
            }
            for (c = hint; c < last; c = sh->end[c]) { /* fields usually come in schema order */
                if (strlen(s->nodes[c].name) == kn && memcmp(s->nodes[c].name, k, kn) == 0) {
                    break;
                }
            }
            if (c >= last) {
                for (c = first; c < hint; c = sh->end[c]) {
                    if (strlen(s->nodes[c].name) == kn && memcmp(s->nodes[c].name, k, kn) == 0) {
                        break;
                    }
                }
                if (c >= hint) {
                    return (size_t)sh_fail(sh, parent == UINT32_MAX ? "a column of the schema" : "a field of the struct",
                                           k, kn, 1) + 1u;
                }
            }
            at = sh_path_name(sh, s->nodes[c].name);
            if (sh->seen[c] == stamp) {
                return (size_t)sh_fail(sh, "each field once", k, kn, 1) + 1u;
            }
            sh->seen[c] = stamp;
            hint = sh->end[c];
            i = json_ws(p, n, i);
            if (i >= n || p[i] != ':') {
                return (size_t)sh_fail_at(sh, "':' after the field name", p, n, i) + 1u;
            }
            i = sh_field(sh, c, rep, p, n, json_ws(p, n, i + 1u));
            if (i == 0u) {
                return 0;
            }
            sh_path_cut(sh, at);
            sh->cur = parent;
            i = json_ws(p, n, i);
            if (i < n && p[i] == ',') {
                i = json_ws(p, n, i + 1u);
                continue;
            }
            if (i < n && p[i] == '}') {
                i++;
                break;
            }
            return (size_t)sh_fail_at(sh, "',' or '}' after a value", p, n, i) + 1u;
        }
    }
    for (c = first; c < last; c = sh->end[c]) { /* the fields not given: null */
        if (sh->seen[c] != stamp) {
            size_t at = sh_path_name(sh, s->nodes[c].name);
            sh->cur = c;
            if (!s->nodes[c].nullable) {
                return (size_t)sh_fail(sh, "a value (the field is missing and not nullable: add '?' to its type)",
                                       "nothing", 7, -1) + 1u;
            }
            if (sh_absent(sh, c, rep, (int16_t)(sh->node_def[c] - 1)) != 0) {
                return 0;
            }
            sh_path_cut(sh, at);
            sh->cur = parent;
        }
    }
    return i;
}

/* A map given as a JSON object {"key": value, ...}: the index past it, or 0. */
static size_t sh_map_object(pw_shred_t *sh, uint32_t node, int16_t rep, const char *p, size_t n, size_t i)
{
    uint32_t key = node + 1u, value = sh->end[key];
    int16_t r = rep;
    size_t entry = 0, at0 = sh->path_len;
    i = json_ws(p, n, i + 1u);
    if (i < n && p[i] == '}') {
        return sh_absent(sh, node, rep, sh->node_def[node]) != 0 ? 0u : i + 1u;
    }
    for (;; entry++) {
        const char *k;
        size_t kn, at;
        sh_path_index(sh, entry);
        if (i >= n || p[i] != '"') {
            return (size_t)sh_fail_at(sh, "a map key in quotes", p, n, i) + 1u;
        }
        i = json_string(&sh->scratch, p, n, i, &k, &kn);
        if (i == 0u) {
            return (size_t)sh_fail(sh, "a map key with a closing quote", NULL, 0, 0) + 1u;
        }
        at = sh_path_name(sh, "key");
        if (sh_leaf(sh, key, r, k, kn, 1) != 0) {
            return 0;
        }
        sh_path_cut(sh, at);
        i = json_ws(p, n, i);
        if (i >= n || p[i] != ':') {
            return (size_t)sh_fail_at(sh, "':' after the map key", p, n, i) + 1u;
        }
        sh_path_name(sh, "value");
        i = sh_field(sh, value, r, p, n, json_ws(p, n, i + 1u));
        if (i == 0u) {
            return 0;
        }
        sh_path_cut(sh, at0);
        sh->cur = node;
        r = sh->node_rep[node];
        i = json_ws(p, n, i);
        if (i < n && p[i] == ',') {
            i = json_ws(p, n, i + 1u);
            continue;
        }
        if (i < n && p[i] == '}') {
            return i + 1u;
        }
        return (size_t)sh_fail_at(sh, "',' or '}' after a map value", p, n, i) + 1u;
    }
}

/* A list, or a map as an array of {"key": k, "value": v}, at p[i] ('['). */
static size_t sh_array(pw_shred_t *sh, uint32_t node, int16_t rep, const char *p, size_t n, size_t i)
{
    int map = sh->s->nodes[node].kind == PW_MAP;
    int16_t r = rep;
    size_t entry = 0, at0 = sh->path_len;
    i = json_ws(p, n, i + 1u);
    if (i < n && p[i] == ']') {
        return sh_absent(sh, node, rep, sh->node_def[node]) != 0 ? 0u : i + 1u;
    }
    for (;; entry++) {
        sh_path_index(sh, entry);
        if (map) {
            i = sh_object(sh, node, r, p, n, i);
        } else {
            i = sh_field(sh, node + 1u, r, p, n, i);
        }
        if (i == 0u) {
            return 0;
        }
        sh_path_cut(sh, at0);
        sh->cur = node;
        r = sh->node_rep[node];
        i = json_ws(p, n, i);
        if (i < n && p[i] == ',') {
            i = json_ws(p, n, i + 1u);
            continue;
        }
        if (i < n && p[i] == ']') {
            return i + 1u;
        }
        return (size_t)sh_fail_at(sh, map ? "',' or ']' after a map entry" : "',' or ']' after a list element", p, n,
                                  i) + 1u;
    }
}

/* Field `node`'s value at p[i], its first entries at repetition level rep:
 * the index past the value, or 0 (the failure in sh). */
static size_t sh_field(pw_shred_t *sh, uint32_t node, int16_t rep, const char *p, size_t n, size_t i)
{
    const pw_node_t *nd = &sh->s->nodes[node];
    size_t j;
    sh->cur = node;
    if (i >= n) {
        return (size_t)sh_fail(sh, "a value", NULL, 0, 0) + 1u;
    }
    if (p[i] == 'n' && n - i >= 4u && memcmp(p + i, "null", 4) == 0 && (n - i == 4u || json_stop[(unsigned char)p[i + 4u]])) {
        if (!nd->nullable) {
            return (size_t)sh_fail(sh, "a value (not nullable: add '?' to its type)", "null", 4, -1) + 1u;
        }
        return sh_absent(sh, node, rep, (int16_t)(sh->node_def[node] - 1)) != 0 ? 0u : i + 4u;
    }
    switch (nd->kind) {
    case PW_STRUCT:
        if (p[i] != '{') {
            return (size_t)sh_fail_at(sh, "a JSON object (a struct)", p, n, i) + 1u;
        }
        return sh_object(sh, node, rep, p, n, i);
    case PW_LIST:
        if (p[i] != '[') {
            return (size_t)sh_fail_at(sh, "a JSON array (a list)", p, n, i) + 1u;
        }
        return sh_array(sh, node, rep, p, n, i);
    case PW_MAP:
        if (p[i] == '{') {
            return sh_map_object(sh, node, rep, p, n, i);
        }
        if (p[i] != '[') {
            return (size_t)sh_fail_at(sh, "a JSON object {\"key\": value, ...} or an array of {\"key\":..,\"value\":..} (a map)",
                                      p, n, i) + 1u;
        }
        return sh_array(sh, node, rep, p, n, i);
    default: break;
    }
    if (p[i] == '"') {
        const char *s;
        size_t sn;
        j = json_string(&sh->scratch, p, n, i, &s, &sn);
        if (j == 0u) {
            return (size_t)sh_fail_at(sh, "a string with a closing quote and valid escapes", p, n, i) + 1u;
        }
        return sh_leaf(sh, node, rep, s, sn, 1) != 0 ? 0u : j;
    }
    if (p[i] == '[' || p[i] == '{') {
        j = json_skip_nested(p, n, i);
        if (j == 0u) {
            return (size_t)sh_fail_at(sh, "a complete JSON array or object", p, n, i) + 1u;
        }
        if (sh->leaves[sh->leaf_lo[node]].kind != V_JSON) {
            return (size_t)sh_fail(sh, "a single value", p + i, j - i, 0) + 1u;
        }
        return sh_leaf(sh, node, rep, p + i, j - i, 2) != 0 ? 0u : j;
    }
    for (j = i; j < n && !json_stop[(unsigned char)p[j]]; j++) {
    }
    if (j == i) {
        return (size_t)sh_fail_at(sh, "a value", p, n, i) + 1u;
    }
    return sh_leaf(sh, node, rep, p + i, j - i, 2) != 0 ? 0u : j;
}

int pw_shred_row(pw_shred_t *sh, const char *p, size_t n, char *err, size_t errlen)
{
    uint32_t k;
    size_t i, mark = sh->bytes.len;
    sh->mark_bytes = mark;
    for (k = 0; k < sh->nleaves; k++) {
        sh->mark[2u * k] = sh->leaves[k].n;
        sh->mark[2u * k + 1u] = sh->leaves[k].nvalues;
    }
    sh->path_len = 0;
    sh->e_what = NULL;
    sh->cur = UINT32_MAX;
    i = json_ws(p, n, 0);
    if (i >= n || p[i] != '{') {
        return line_fail(err, errlen, "a JSON object ({\"name\": value, ...})", p, n, i);
    }
    i = sh_object(sh, UINT32_MAX, 0, p, n, i);
    if (i != 0u) {
        i = json_ws(p, n, i);
        if (i != n) {
            sh->path_len = 0;
            sh_fail_at(sh, "the end of the line after the object", p, n, i);
            i = 0;
        }
    }
    if (i == 0u) {
        for (k = 0; k < sh->nleaves; k++) {
            sh->leaves[k].n = sh->mark[2u * k];
            sh->leaves[k].nvalues = sh->mark[2u * k + 1u];
        }
        sh->bytes.len = mark;
        if (sh->path_len == 0u || sh->e_node == UINT32_MAX) {
            snprintf(err, errlen, "expected %s, got %s", sh->e_what ? sh->e_what : "a value", sh->e_got);
        } else {
            const char *type = sh->e_node < sh->s->n ? sh->s->nodes[sh->e_node].type_text : "";
            char path[256];
            sh_path_text(sh, path, sizeof path);
            snprintf(err, errlen, "field \"%s\"%s%s%s: expected %s, got %s", path, *type ? " (" : "", type,
                     *type ? ")" : "", sh->e_what ? sh->e_what : "a value", sh->e_got);
        }
        return -1;
    }
    sh->records++;
    return 0;
}

void pw_shred_leaf_path(const pw_shred_t *sh, uint32_t k, char *buf, size_t cap)
{
    int32_t chain[PW_MAX_DEPTH + 2u], a;
    int d = 0;
    size_t at = 0;
    for (a = (int32_t)sh->leaves[k].node; a >= 0 && d < (int)(sizeof chain / sizeof chain[0]); a = sh->s->nodes[a].parent) {
        chain[d++] = a;
    }
    buf[0] = '\0';
    while (d-- > 0 && at + 1u < cap) {
        int w = snprintf(buf + at, cap - at, "%s%s", at == 0u ? "" : ".", sh->s->nodes[chain[d]].name);
        at = w < 0 ? at : at + (size_t)w < cap ? at + (size_t)w : cap - 1u;
    }
}

int pw_shred_row_fits(pw_shred_t *sh, uint32_t page_values, uint32_t page_bytes, char *err, size_t errlen)
{
    uint32_t k;
    for (k = 0; k < sh->nleaves; k++) {
        const pw_leaf_t *l = &sh->leaves[k];
        size_t entries = l->n - sh->mark[2u * k], v, bytes = 0;
        for (v = sh->mark[2u * k + 1u]; l->is_bytes && v < l->nvalues; v++) {
            bytes += ((const ppq_bytes_t *)(const void *)(l->values + v * l->slot))->len;
        }
        if (entries > page_values || (sh->s->nodes[l->node].col.type == PPQ_BYTE_ARRAY && bytes > page_bytes)) {
            char path[256];
            pw_shred_leaf_path(sh, k, path, sizeof path);
            if (entries > page_values) {
                snprintf(err, errlen, "field \"%s\": %zu entries in one row, a page takes at most %u (--page-values)",
                         path, entries, page_values);
            } else {
                snprintf(err, errlen, "field \"%s\": %zu bytes in one row, a page takes at most %u (--page-bytes)", path,
                         bytes, page_bytes);
            }
            for (k = 0; k < sh->nleaves; k++) {
                sh->leaves[k].n = sh->mark[2u * k];
                sh->leaves[k].nvalues = sh->mark[2u * k + 1u];
            }
            sh->bytes.len = sh->mark_bytes;
            sh->records--;
            return -1;
        }
    }
    return 0;
}

#if defined(PPQ_WRITER_NESTED) && PPQ_WRITER_NESTED
void pw_schema_tree(const pw_schema_t *s, ppq_node_t *nodes, const ppq_column_t *leaves, uint32_t nleaves,
                    ppq_schema_t *tree)
{
    uint32_t k, t = 0;
    for (k = 0; k < s->n; k++) {
        const pw_node_t *nd = &s->nodes[k];
        ppq_node_t *o = &nodes[t++];
        memset(o, 0, sizeof *o);
        o->name = nd->name;
        o->repetition = (uint8_t)(nd->nullable ? PPQ_OPTIONAL : PPQ_REQUIRED);
        o->kind = (uint8_t)(nd->kind == PW_LEAF ? PPQ_NODE_LEAF : nd->kind == PW_STRUCT ? PPQ_NODE_STRUCT
                            : nd->kind == PW_LIST ? PPQ_NODE_LIST : PPQ_NODE_MAP);
        o->children = (uint16_t)(nd->kind == PW_STRUCT ? nd->children : nd->kind == PW_LEAF ? 0u : 1u);
        if (nd->kind == PW_LIST || nd->kind == PW_MAP) {
            ppq_node_t *m = &nodes[t++];
            memset(m, 0, sizeof *m);
            m->name = nd->kind == PW_LIST ? "list" : "key_value";
            m->kind = (uint8_t)PPQ_NODE_STRUCT;
            m->repetition = (uint8_t)PPQ_REPEATED;
            m->children = (uint16_t)nd->children;
        }
    }
    memset(tree, 0, sizeof *tree);
    tree->nodes = nodes;
    tree->nnodes = t;
    tree->leaves = leaves;
    tree->nleaves = nleaves;
}
#endif
