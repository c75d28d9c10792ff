/* Statistics and column-chunk metadata: what the writer produces and what
 * recovery (ppq_recover.c) rebuilds from page headers, written by the same
 * code so a recovered footer is byte for byte the one the writer would
 * have written. */
#include "ppq_meta.h"
#include "ppq_config.h"
#include "ppq_internal.h"
#include "ppq_port.h"

void ppq_stats_reset(ppq_stats_t *s)
{
    s->nulls = 0;
    s->nans = 0;
    s->has = 0;
    s->no_max = 0;
}

/* PLAIN-encoded number as bits, and the IEEE sign bit of its width. */
static uint64_t num_bits(size_t width, const uint8_t *p)
{
    return width == 4u ? ppq_load_le32(p) : width == 8u ? ppq_load_le64(p) : p[0];
}

/* The number whose ppq_order_key() is `key` (its bits). */
static uint64_t key_bits(uint8_t order, size_t width, uint64_t key)
{
    uint64_t sign = ppq_sign_bit(width), all = width == 4u ? 0xFFFFFFFFu : ~(uint64_t)0;
    if (order == PPQ_ORDER_SIGNED) {
        return key ^ sign;
    }
    if (order == PPQ_ORDER_FLOAT) {
        return (key & sign) ? key ^ sign : ~key & all;
    }
    return key;
}

static void store_plain(uint8_t *out, size_t width, uint64_t bits)
{
    if (width == 1u) {
        out[0] = (uint8_t)bits;
    } else if (width == 4u) {
        ppq_store_le32(out, (uint32_t)bits);
    } else {
        ppq_store_le64(out, bits);
    }
}

uint64_t ppq_stats_key(uint8_t order, size_t width, const uint8_t *plain)
{
    return ppq_order_key(order, width, num_bits(width, plain));
}

static int compare_bytes(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    size_t n = alen < blen ? alen : blen;
    int c = n > 0u ? memcmp(a, b, n) : 0;
    if (c != 0) {
        return c < 0 ? -1 : 1;
    }
    return alen < blen ? -1 : alen > blen;
}

/* Where a byte-array min longer than `cap` bytes is cut: at `cap`, or
 * before the UTF-8 character that byte `cap` (the first one cut) would
 * split.  A prefix is never greater than the value, and a STRING's stays
 * valid UTF-8. */
static size_t min_cut(const uint8_t *v, size_t cap)
{
    size_t n = cap;
    while (n > 0u && (v[n] & 0xC0u) == 0x80u) { /* a continuation byte: the character began before */
        n--;
    }
    return n;
}

/* A byte-array max cut to at most `n` bytes: the prefix up to its last
 * ASCII byte below 0x7F, that byte raised by one, so greater than every
 * value that starts with the prefix (the max too) and still valid UTF-8
 * (a raised 0x7F, a raised byte of a multi-byte character or an 0xFF
 * would not be).  Returns its length, 0 when there is no such byte. */
static size_t max_cut(uint8_t *max, size_t n)
{
    while (n > 0u && max[n - 1u] >= 0x7Fu) {
        n--;
    }
    if (n > 0u) {
        max[n - 1u]++;
    }
    return n;
}

/* A byte-array bound of at most s->cap bytes: a longer value's min is cut
 * by min_cut, its max by max_cut, both inexact (no such max: none, and
 * only the min is written). */
static void set_bound(ppq_stats_t *s, int is_max, const uint8_t *v, size_t len)
{
    uint8_t *dst = is_max ? s->max : s->min;
    int exact = len <= s->cap;
    size_t n = exact ? len : is_max ? s->cap : min_cut(v, s->cap);
    if (n > 0u) {
        memcpy(dst, v, n);
    }
    if (is_max) {
        if (!exact) {
            n = max_cut(dst, n);
            s->no_max |= (uint8_t)(n == 0u);
        }
        s->max_len = (uint8_t)n;
        s->max_exact = (uint8_t)exact;
    } else {
        s->min_len = (uint8_t)n;
        s->min_exact = (uint8_t)exact;
    }
}

/* Fold one non-null value (PLAIN bytes, or a byte array) into s. */
void ppq_stats_add(ppq_stats_t *s, uint8_t order, size_t width, const uint8_t *v, size_t len)
{
    if (order != PPQ_ORDER_BYTES) {
        (void)ppq_stats_add_word(s, order, width, num_bits(width, v));
        return;
    }
    if (!s->has) {
        s->has = 1;
        set_bound(s, 0, v, len);
        set_bound(s, 1, v, len);
        return;
    }
    if (compare_bytes(v, len, s->min, s->min_len) < 0) {
        set_bound(s, 0, v, len);
    }
    if (!s->no_max && (s->max_exact ? compare_bytes(v, len, s->max, s->max_len) > 0
                                    : compare_bytes(v, len < s->max_len ? len : s->max_len, s->max,
                                                    s->max_len) >= 0)) {
        set_bound(s, 1, v, len);
    }
}

void ppq_stats_cut(ppq_stats_t *s, size_t cap, int fixed)
{
    if (!s->has || (s->min_len <= cap && (s->no_max || s->max_len <= cap))) {
        return;
    }
    if (fixed) {
        s->has = 0;
        return;
    }
    if (s->min_len > cap) {
        s->min_len = (uint8_t)min_cut(s->min, cap);
        s->min_exact = 0;
    }
    if (!s->no_max && s->max_len > cap) {
        s->max_len = (uint8_t)max_cut(s->max, cap);
        s->no_max = s->max_len == 0u;
        s->max_exact = 0;
    }
}

void ppq_stats_merge(ppq_stats_t *into, const ppq_stats_t *from, uint8_t order)
{
    into->nulls += from->nulls;
    into->nans += from->nans;
    if (!from->has) {
        return;
    }
    if (order == PPQ_ORDER_BYTES) {
        /* bounds already cut to the cap merge as values */
        if (!into->has) {
            memcpy(into->min, from->min, from->min_len);
            if (!from->no_max) {
                memcpy(into->max, from->max, from->max_len);
            }
            into->min_len = from->min_len;
            into->max_len = from->max_len;
            into->min_exact = from->min_exact;
            into->max_exact = from->max_exact;
            into->no_max = from->no_max;
            into->has = 1;
            return;
        }
        if (compare_bytes(from->min, from->min_len, into->min, into->min_len) < 0) {
            memcpy(into->min, from->min, from->min_len);
            into->min_len = from->min_len;
            into->min_exact = from->min_exact;
        }
        into->no_max |= from->no_max; /* no bound for the page: none for the chunk */
        if (!into->no_max && compare_bytes(from->max, from->max_len, into->max, into->max_len) > 0) {
            memcpy(into->max, from->max, from->max_len);
            into->max_len = from->max_len;
            into->max_exact = from->max_exact;
        }
        return;
    }
    ppq_stats_add_key(into, from->lo);
    ppq_stats_add_key(into, from->hi);
}

/* Statistics struct fields (ids 3, 5, 6, 7, 8, 9) into the open struct. */
void ppq_stats_write(ppq_thrift_w_t *t, int16_t id, const ppq_stats_t *s, uint8_t order, size_t width)
{
    ppq_thrift_w_struct(t, id);
    ppq_thrift_w_i64(t, 3, (int64_t)s->nulls);
    if (s->has && order != PPQ_ORDER_NONE) {
        uint8_t mn[8], mx[8];
        const uint8_t *pmin = s->min, *pmax = s->max;
        uint32_t min_len = s->min_len, max_len = s->max_len;
        int min_exact = s->min_exact, max_exact = s->max_exact;
        if (order != PPQ_ORDER_BYTES) { /* numbers: PLAIN bytes from their keys */
            uint64_t sign = ppq_sign_bit(width), lo = key_bits(order, width, s->lo), hi = key_bits(order, width, s->hi);
            if (order == PPQ_ORDER_FLOAT) { /* a zero max is +0.0, a zero min -0.0 */
                hi = (hi & ~sign) == 0u ? 0u : hi;
                lo = (lo & ~sign) == 0u ? sign : lo;
            }
            store_plain(mn, width, lo);
            store_plain(mx, width, hi);
            pmin = mn;
            pmax = mx;
            min_len = max_len = (uint32_t)width;
            min_exact = max_exact = 1;
        }
        if (!s->no_max) {
            ppq_thrift_w_binary(t, 5, pmax, max_len);
        }
        ppq_thrift_w_binary(t, 6, pmin, min_len);
        if (!s->no_max) {
            ppq_thrift_w_bool(t, 7, max_exact);
        }
        ppq_thrift_w_bool(t, 8, min_exact);
    }
    if (order == PPQ_ORDER_FLOAT) {
        ppq_thrift_w_i64(t, 9, (int64_t)s->nans);
    }
    ppq_thrift_w_end(t);
}

#if PPQ_WRITER_PAGE_INDEX
void ppq_stats_plain(const ppq_stats_t *s, uint8_t order, size_t width, uint8_t *min, uint8_t *max)
{
    uint64_t sign = ppq_sign_bit(width), lo = key_bits(order, width, s->lo), hi = key_bits(order, width, s->hi);
    if (order == PPQ_ORDER_FLOAT) {
        hi = (hi & ~sign) == 0u ? 0u : hi;
        lo = (lo & ~sign) == 0u ? sign : lo;
    }
    store_plain(min, width, lo);
    store_plain(max, width, hi);
}
#endif

void ppq_meta_write_chunk(ppq_thrift_w_t *t, const ppq_chunk_meta_t *m)
{
    uint32_t n = 0, e;
    for (e = 0; e < 32u; e++) {
        n += (m->encodings >> e) & 1u;
    }
    ppq_thrift_w_elem_struct(t);
    ppq_thrift_w_i64(t, 2, 0); /* file_offset: deprecated, required */
    ppq_thrift_w_struct(t, 3);
    ppq_thrift_w_i32(t, 1, (int32_t)m->type);
    ppq_thrift_w_list(t, 2, PPQ_THRIFT_I32, n);
    for (e = 0; e < 32u; e++) {
        if (m->encodings & (1u << e)) {
            ppq_thrift_w_elem_i32(t, (int32_t)e);
        }
    }
#if PPQ_WRITER_NESTED
    if (m->depth > 0u) { /* a nested leaf's path: its names, or (path NULL) name's names apart by a NUL */
        const char *at = m->name;
        ppq_thrift_w_list(t, 3, PPQ_THRIFT_BINARY, m->depth);
        for (e = 0; e < m->depth; e++) {
            uint32_t len = 0;
            if (m->path != NULL) {
                at = m->path[e];
            }
            while ((m->path != NULL || at + len < m->name + m->name_len) && at[len] != '\0') {
                len++;
            }
            ppq_thrift_w_elem_binary(t, at, len);
            at += len + 1u;
        }
    } else
#endif
    {
        ppq_thrift_w_list(t, 3, PPQ_THRIFT_BINARY, 1);
        ppq_thrift_w_elem_binary(t, m->name, m->name_len);
    }
    ppq_thrift_w_i32(t, 4, m->codec);
    ppq_thrift_w_i64(t, 5, (int64_t)m->values);
    ppq_thrift_w_i64(t, 6, (int64_t)m->raw_size); /* uncompressed */
    ppq_thrift_w_i64(t, 7, (int64_t)(m->end - m->start));
    ppq_thrift_w_i64(t, 9, (int64_t)m->data_start);
    if (m->data_start != m->start) {
        ppq_thrift_w_i64(t, 11, (int64_t)m->start); /* a dictionary page comes first */
    }
    if (PPQ_WRITER_STATISTICS && m->stats != NULL) {
        ppq_stats_write(t, 12, m->stats, m->order, m->width);
    }
#if PPQ_WRITER_BLOOM
    if (m->bloom_len != 0u) { /* bloom_filter_offset, bloom_filter_length */
        ppq_thrift_w_i64(t, 14, (int64_t)m->bloom_offset);
        ppq_thrift_w_i32(t, 15, (int32_t)m->bloom_len);
    }
#endif
    ppq_thrift_w_end(t);
#if PPQ_WRITER_PAGE_INDEX
    if (m->oi_len != 0u) { /* offset_index_offset/length, column_index_offset/length */
        ppq_thrift_w_i64(t, 4, (int64_t)m->oi_offset);
        ppq_thrift_w_i32(t, 5, (int32_t)m->oi_len);
        if (m->ci_len != 0u) {
            ppq_thrift_w_i64(t, 6, (int64_t)m->ci_offset);
            ppq_thrift_w_i32(t, 7, (int32_t)m->ci_len);
        }
    }
#endif
    ppq_thrift_w_end(t);
}

void ppq_meta_write_row_group_end(ppq_thrift_w_t *t, uint64_t raw, uint64_t bytes, uint64_t rows, uint64_t start,
                                  uint32_t ordinal)
{
    ppq_thrift_w_i64(t, 2, (int64_t)raw); /* uncompressed */
    ppq_thrift_w_i64(t, 3, (int64_t)rows);
    ppq_thrift_w_i64(t, 5, (int64_t)start);
    ppq_thrift_w_i64(t, 6, (int64_t)bytes);
    ppq_thrift_w_i16(t, 7, (int16_t)ordinal);
    ppq_thrift_w_end(t);
}

#if PPQ_WRITER_SORTING
void ppq_meta_write_row_group_end_sorted(ppq_thrift_w_t *t, uint64_t raw, uint64_t bytes, uint64_t rows,
                                         uint64_t start, uint32_t ordinal, const ppq_sort_meta_t *sort, uint32_t n)
{
    uint32_t i;
    ppq_thrift_w_i64(t, 2, (int64_t)raw);
    ppq_thrift_w_i64(t, 3, (int64_t)rows);
    if (n > 0u) {
        ppq_thrift_w_list(t, 4, PPQ_THRIFT_STRUCT, n);
        for (i = 0; i < n; i++) {
            ppq_thrift_w_elem_struct(t);
            ppq_thrift_w_i32(t, 1, (int32_t)sort[i].column);
            ppq_thrift_w_bool(t, 2, sort[i].descending);
            ppq_thrift_w_bool(t, 3, sort[i].nulls_first);
            ppq_thrift_w_end(t);
        }
    }
    ppq_thrift_w_i64(t, 5, (int64_t)start);
    ppq_thrift_w_i64(t, 6, (int64_t)bytes);
    ppq_thrift_w_i16(t, 7, (int16_t)ordinal);
    ppq_thrift_w_end(t);
}
#endif

#if PPQ_FAST64 /* one pass; on 32-bit targets the plain loop below (less flash) */
/* The least and greatest of n numbers of C type T (stored at v, perhaps
 * unaligned) into *lo and *hi; floats skip NaN (every compare with it is false)
 * and count it into *nan.  *lo > *hi when no value counts.  LANES
 * independent accumulators, so a compiler keeps them in registers or one
 * vector and no compare waits on the one before: 8 for 32-bit numbers, 2
 * for 64-bit ones (x86-64 has no 64-bit vector compare before SSE4.2, and
 * eight scalar lanes spill). */
#define TYPED_RANGE(name, T, LO0, HI0, LANES)                                                           \
    static void name(const uint8_t *v, size_t n, T *lo, T *hi, size_t *nan)                            \
    {                                                                                                   \
        T l[LANES], h[LANES], x[LANES];                                                                 \
        size_t i, j, nans = 0, whole = n - n % LANES;                                                   \
        for (j = 0; j < LANES; j++) {                                                                   \
            l[j] = LO0;                                                                                 \
            h[j] = HI0;                                                                                 \
        }                                                                                               \
        for (i = 0; i < whole; i += LANES) {                                                            \
            PPQ_COPY(x, v + i * sizeof(T), sizeof x);                                                   \
            for (j = 0; j < LANES; j++) {                                                               \
                l[j] = x[j] < l[j] ? x[j] : l[j];                                                       \
                h[j] = x[j] > h[j] ? x[j] : h[j];                                                       \
                nans += (size_t)(x[j] != x[j]);                                                         \
            }                                                                                           \
        }                                                                                               \
        for (j = 0; j < n - whole; j++) {                                                               \
            PPQ_COPY(x, v + (whole + j) * sizeof(T), sizeof(T));                                        \
            l[j] = x[0] < l[j] ? x[0] : l[j];                                                           \
            h[j] = x[0] > h[j] ? x[0] : h[j];                                                           \
            nans += (size_t)(x[0] != x[0]);                                                             \
        }                                                                                               \
        for (j = 1; j < LANES; j++) {                                                                   \
            l[0] = l[j] < l[0] ? l[j] : l[0];                                                           \
            h[0] = h[j] > h[0] ? h[j] : h[0];                                                           \
        }                                                                                               \
        *lo = l[0];                                                                                     \
        *hi = h[0];                                                                                     \
        *nan += nans;                                                                                   \
    }

TYPED_RANGE(range_i32, int32_t, INT32_MAX, INT32_MIN, 8u)
TYPED_RANGE(range_u32, uint32_t, UINT32_MAX, 0u, 8u)
TYPED_RANGE(range_i64, int64_t, INT64_MAX, INT64_MIN, 2u)
TYPED_RANGE(range_u64, uint64_t, UINT64_MAX, 0u, 2u)
TYPED_RANGE(range_f32, float, 3.4028235e38f * 2.0f, -3.4028235e38f * 2.0f, 8u)
TYPED_RANGE(range_f64, double, 1.7976931348623157e308 * 2.0, -1.7976931348623157e308 * 2.0, 2u)

/* key_range() of floats whose least or greatest is a zero: by key, where
 * -0.0 < +0.0, NaN skipped (already counted).  Rare: whole readings of 0. */
static void zero_float_range(size_t width, const uint8_t *v, size_t n, uint64_t *lo, uint64_t *hi)
{
    uint64_t l = ~(uint64_t)0, h = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        uint64_t x, key;
        uint32_t x32;
        if (width == 4u) {
            PPQ_COPY(&x32, v + 4u * i, 4);
            x = x32;
        } else {
            PPQ_COPY(&x, v + 8u * i, 8);
        }
        if (ppq_is_nan_bits(width, x)) {
            continue;
        }
        key = ppq_order_key(PPQ_ORDER_FLOAT, width, x);
        l = key < l ? key : l;
        h = key > h ? key : h;
    }
    *lo = l;
    *hi = h;
}

/* The least and greatest ppq_order_key() of n numbers in memory (width 4 or
 * 8), NaN skipped and counted.  *lo > *hi when no value counts. */
static void key_range(uint8_t order, size_t width, const uint8_t *v, size_t n, uint64_t *lo, uint64_t *hi,
                      uint64_t *nans)
{
    uint64_t l = 0, h = 0;
    size_t nan = 0;
    if (order == PPQ_ORDER_FLOAT) {
        int none, zero; /* a zero extreme: -0.0 and +0.0 compare equal, so their keys decide */
        if (width == 4u) {
            float a, b;
            uint32_t x, y;
            range_f32(v, n, &a, &b, &nan);
            none = !(a <= b);
            zero = a == 0.0f || b == 0.0f;
            PPQ_COPY(&x, &a, 4);
            PPQ_COPY(&y, &b, 4);
            l = x;
            h = y;
        } else {
            double a, b;
            range_f64(v, n, &a, &b, &nan);
            none = !(a <= b);
            zero = a == 0.0 || b == 0.0;
            PPQ_COPY(&l, &a, 8);
            PPQ_COPY(&h, &b, 8);
        }
        if (none) {
            *lo = 1u;
            *hi = 0u;
        } else if (zero) {
            zero_float_range(width, v, n, lo, hi);
        } else {
            *lo = ppq_order_key(order, width, l);
            *hi = ppq_order_key(order, width, h);
        }
        *nans += nan;
        return;
    }
    if (width == 4u && order == PPQ_ORDER_SIGNED) {
        int32_t a, b;
        range_i32(v, n, &a, &b, &nan);
        l = (uint32_t)a;
        h = (uint32_t)b;
    } else if (width == 4u) {
        uint32_t a, b;
        range_u32(v, n, &a, &b, &nan);
        l = a;
        h = b;
    } else if (order == PPQ_ORDER_SIGNED) {
        int64_t a, b;
        range_i64(v, n, &a, &b, &nan);
        l = (uint64_t)a;
        h = (uint64_t)b;
    } else {
        range_u64(v, n, &l, &h, &nan);
    }
    *lo = n == 0u ? 1u : ppq_order_key(order, width, l);
    *hi = n == 0u ? 0u : ppq_order_key(order, width, h);
}

void ppq_stats_add_values(ppq_stats_t *s, uint8_t order, size_t width, const void *values, size_t n)
{
    const uint8_t *v = (const uint8_t *)values;
    uint64_t lo = 1, hi = 0;
    size_t i;
    if (order == PPQ_ORDER_NONE || order == PPQ_ORDER_BYTES || n == 0u) {
        return;
    }
    if (width != 1u) {
        key_range(order, width, v, n, &lo, &hi, &s->nans);
    } else { /* booleans: false if one is, true if one is (two scans that stop early) */
        for (i = 0; i < n && v[i] != 0u; i++) {
        }
        lo = i < n ? 0u : 1u;
        for (i = 0; i < n && v[i] == 0u; i++) {
        }
        hi = i < n ? 1u : 0u;
    }
    if (lo <= hi) {
        ppq_stats_add_key(s, lo);
        ppq_stats_add_key(s, hi);
    }
}
#else
void ppq_stats_add_values(ppq_stats_t *s, uint8_t order, size_t width, const void *values, size_t n)
{
    const uint8_t *v = (const uint8_t *)values;
    uint8_t plain[8];
    size_t i;
    for (i = 0; i < n && order != PPQ_ORDER_BYTES; i++, v += width) {
        if (width == 1u) {
            plain[0] = (uint8_t)(*v != 0u);
        } else {
            ppq_store_value_le(plain, v, width);
        }
        ppq_stats_add(s, order, width, plain, width);
    }
}
#endif
