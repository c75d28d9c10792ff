/*
 * The page index (parquet.thrift: PageLocation, OffsetIndex, ColumnIndex)
 * to and from Thrift compact bytes, in caller memory.  The decoders check
 * every count and value they keep against what the format allows.
 */
#include "ppq_page_index.h"
#include "ppq_internal.h"

#define I32_MAX 0x7FFFFFFFu
#define I64_MAX 0x7FFFFFFFFFFFFFFFull

/* ---- OffsetIndex ------------------------------------------------------- */

ppq_status_t ppq_offset_index_write(ppq_sink_t *out, const ppq_page_location_t *locs, uint32_t n)
{
    ppq_thrift_w_t w;
    uint32_t i;
    if (out == NULL || (locs == NULL && n > 0u)) {
        return PPQ_ERR_ARG;
    }
    for (i = 0; i < n; i++) {
        if (locs[i].offset > I64_MAX || locs[i].first_row_index > I64_MAX ||
            locs[i].compressed_page_size > I32_MAX) {
            return PPQ_ERR_ARG;
        }
    }
    ppq_thrift_w_init(&w, out);
    ppq_thrift_w_list(&w, 1, PPQ_THRIFT_STRUCT, n);
    for (i = 0; i < n; i++) {
        ppq_thrift_w_elem_struct(&w);
        ppq_thrift_w_i64(&w, 1, (int64_t)locs[i].offset);
        ppq_thrift_w_i32(&w, 2, (int32_t)locs[i].compressed_page_size);
        ppq_thrift_w_i64(&w, 3, (int64_t)locs[i].first_row_index);
        ppq_thrift_w_end(&w);
    }
    ppq_thrift_w_end(&w);
    return ppq_thrift_w_status(&w);
}

/* One PageLocation struct (its header read): its three required fields. */
static ppq_status_t read_location(ppq_thrift_r_t *r, ppq_thrift_type_t type, ppq_page_location_t *loc)
{
    int16_t id;
    ppq_thrift_type_t t;
    int64_t v = 0;
    int32_t size = 0;
    unsigned seen = 0;
    ppq_status_t st = ppq_thrift_r_struct(r, type);
    while (st == PPQ_OK) {
        st = ppq_thrift_r_field(r, &id, &t);
        if (st != PPQ_OK || t == PPQ_THRIFT_STOP) {
            break;
        }
        if ((id == 1 || id == 3) && t == PPQ_THRIFT_I64) {
            st = ppq_thrift_r_i64(r, t, &v);
            if (v < 0) {
                return PPQ_ERR_CORRUPT;
            }
            if (id == 1) {
                loc->offset = (uint64_t)v;
            } else {
                loc->first_row_index = (uint64_t)v;
            }
            seen |= 1u << id;
        } else if (id == 2 && t == PPQ_THRIFT_I32) {
            st = ppq_thrift_r_i32(r, t, &size);
            if (size <= 0) {
                return PPQ_ERR_CORRUPT;
            }
            loc->compressed_page_size = (uint32_t)size;
            seen |= 1u << id;
        } else {
            st = ppq_thrift_r_skip(r, t);
        }
    }
    if (st == PPQ_OK && seen != 0xEu) {
        st = PPQ_ERR_CORRUPT;
    }
    return st;
}

ppq_status_t ppq_offset_index_parse(ppq_thrift_r_t *r, ppq_page_location_t *locs, uint32_t cap, uint32_t *n)
{
    int16_t id;
    ppq_thrift_type_t t, elem;
    uint32_t count = 0, i;
    int have = 0;
    ppq_status_t st;
    if (r == NULL || n == NULL || (locs == NULL && cap > 0u)) {
        return PPQ_ERR_ARG;
    }
    for (;;) {
        st = ppq_thrift_r_field(r, &id, &t);
        if (st != PPQ_OK) {
            return st;
        }
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id != 1 || t != PPQ_THRIFT_LIST || have) {
            st = ppq_thrift_r_skip(r, t);
            if (st != PPQ_OK) {
                return st;
            }
            continue;
        }
        st = ppq_thrift_r_list(r, t, &elem, &count);
        if (st != PPQ_OK) {
            return st;
        }
        if (elem != PPQ_THRIFT_STRUCT) {
            return PPQ_ERR_CORRUPT;
        }
        have = 1;
        {
            ppq_page_location_t prev = {0, 0, 0}, cur;
            for (i = 0; i < count; i++) {
                st = read_location(r, elem, &cur);
                if (st != PPQ_OK) {
                    return st;
                }
                /* in file order, apart, each starting a later row */
                if (i > 0u && (cur.first_row_index <= prev.first_row_index ||
                               cur.offset < prev.offset + prev.compressed_page_size)) {
                    return PPQ_ERR_CORRUPT;
                }
                if (i < cap) {
                    locs[i] = cur;
                }
                prev = cur;
            }
        }
    }
    if (!have) {
        return PPQ_ERR_CORRUPT;
    }
    *n = count;
    return count > cap ? PPQ_ERR_NOSPACE : PPQ_OK;
}

/* ---- ColumnIndex ------------------------------------------------------- */

ppq_status_t ppq_column_index_write(ppq_sink_t *out, const ppq_column_index_t *ci)
{
    ppq_thrift_w_t w;
    uint32_t i, n;
    if (out == NULL || ci == NULL || ci->boundary_order > PPQ_BOUNDARY_DESCENDING) {
        return PPQ_ERR_ARG;
    }
    n = ci->pages;
    if (n > 0u && (ci->null_pages == NULL || ci->min == NULL || ci->max == NULL ||
                   (ci->has_null_counts && ci->null_counts == NULL))) {
        return PPQ_ERR_ARG;
    }
    for (i = 0; ci->has_null_counts && i < n; i++) {
        if (ci->null_counts[i] < 0) {
            return PPQ_ERR_ARG;
        }
    }
    ppq_thrift_w_init(&w, out);
    ppq_thrift_w_list(&w, 1, PPQ_THRIFT_TRUE, n);
    for (i = 0; i < n; i++) {
        ppq_thrift_w_elem_bool(&w, ci->null_pages[i] != 0u);
    }
    ppq_thrift_w_list(&w, 2, PPQ_THRIFT_BINARY, n);
    for (i = 0; i < n; i++) {
        ppq_thrift_w_elem_binary(&w, ci->min[i].ptr, ci->min[i].len);
    }
    ppq_thrift_w_list(&w, 3, PPQ_THRIFT_BINARY, n);
    for (i = 0; i < n; i++) {
        ppq_thrift_w_elem_binary(&w, ci->max[i].ptr, ci->max[i].len);
    }
    ppq_thrift_w_i32(&w, 4, (int32_t)ci->boundary_order);
    if (ci->has_null_counts) {
        ppq_thrift_w_list(&w, 5, PPQ_THRIFT_I64, n);
        for (i = 0; i < n; i++) {
            ppq_thrift_w_elem_i64(&w, ci->null_counts[i]);
        }
    }
    ppq_thrift_w_end(&w);
    return ppq_thrift_w_status(&w);
}

/* A list<binary> of bounds (field 2 or 3) into `out` and the store. */
static ppq_status_t read_bounds(ppq_thrift_r_t *r, ppq_column_index_t *ci, uint32_t count, ppq_bytes_t *out,
                                int *full)
{
    uint32_t i, len;
    for (i = 0; i < count; i++) {
        ppq_status_t st = ppq_thrift_r_binary_len(r, PPQ_THRIFT_BINARY, &len);
        uint8_t *dst = NULL;
        if (st != PPQ_OK) {
            return st;
        }
        if (!*full && i < ci->cap && len <= ci->store_cap - ci->store_used) {
            dst = ci->store + ci->store_used;
            out[i].ptr = dst;
            out[i].len = len;
        } else {
            *full = 1; /* (counting on: store_used says what it needs) */
        }
        st = ppq_thrift_r_bytes(r, dst, len);
        if (st != PPQ_OK) {
            return st;
        }
        ci->store_used += len;
    }
    return PPQ_OK;
}

ppq_status_t ppq_column_index_parse(ppq_thrift_r_t *r, ppq_column_index_t *ci)
{
    int16_t id;
    ppq_thrift_type_t t, elem;
    uint32_t count, i, pages = 0;
    unsigned seen = 0;
    int full = 0;
    int32_t order = 0;
    ppq_status_t st;
    if (r == NULL || ci == NULL ||
        (ci->cap > 0u && (ci->null_pages == NULL || ci->min == NULL || ci->max == NULL)) ||
        (ci->store == NULL && ci->store_cap > 0u)) {
        return PPQ_ERR_ARG;
    }
    ci->store_used = 0;
    ci->has_null_counts = 0;
    for (;;) {
        st = ppq_thrift_r_field(r, &id, &t);
        if (st != PPQ_OK) {
            return st;
        }
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id < 1 || id > 5 || (seen & (1u << id)) != 0u ||
            t != (id == 4 ? PPQ_THRIFT_I32 : PPQ_THRIFT_LIST)) {
            st = ppq_thrift_r_skip(r, t); /* unknown, repeated or of another type */
            if (st != PPQ_OK) {
                return st;
            }
            continue;
        }
        if (id == 4) {
            st = ppq_thrift_r_i32(r, t, &order);
            if (st != PPQ_OK) {
                return st;
            }
            seen |= 1u << id;
            continue;
        }
        st = ppq_thrift_r_list(r, t, &elem, &count);
        if (st != PPQ_OK) {
            return st;
        }
        if (seen & 0x2Eu) { /* every list as long as the first one */
            if (count != pages) {
                return PPQ_ERR_CORRUPT;
            }
        } else {
            pages = count;
        }
        seen |= 1u << id;
        if (id == 1) {
            if (elem != PPQ_THRIFT_TRUE && elem != PPQ_THRIFT_FALSE) {
                return PPQ_ERR_CORRUPT;
            }
            for (i = 0; i < count; i++) {
                int b;
                st = ppq_thrift_r_elem_bool(r, &b);
                if (st != PPQ_OK) {
                    return st;
                }
                if (i < ci->cap) {
                    ci->null_pages[i] = (uint8_t)b;
                }
            }
        } else if (id == 5) {
            if (elem != PPQ_THRIFT_I64) {
                return PPQ_ERR_CORRUPT;
            }
            for (i = 0; i < count; i++) {
                int64_t v;
                st = ppq_thrift_r_i64(r, elem, &v);
                if (st != PPQ_OK) {
                    return st;
                }
                if (v < 0) {
                    return PPQ_ERR_CORRUPT;
                }
                if (i < ci->cap && ci->null_counts != NULL) {
                    ci->null_counts[i] = v;
                }
            }
            ci->has_null_counts = 1;
        } else {
            if (elem != PPQ_THRIFT_BINARY) {
                return PPQ_ERR_CORRUPT;
            }
            st = read_bounds(r, ci, count, id == 2 ? ci->min : ci->max, &full);
            if (st != PPQ_OK) {
                return st;
            }
        }
    }
    if ((seen & 0x1Eu) != 0x1Eu) {
        return PPQ_ERR_CORRUPT;
    }
    ci->pages = pages;
    ci->boundary_order = (uint8_t)(order >= 0 && order <= PPQ_BOUNDARY_DESCENDING ? order : PPQ_BOUNDARY_UNORDERED);
    return pages > ci->cap || full ? PPQ_ERR_NOSPACE : PPQ_OK;
}
