/* The Parquet file reader (see ppq_reader.h). */
#include "ppq_reader.h"
#include "ppq_bloom.h"
#include "ppq_bitpacked.h"
#include "ppq_internal.h"
#include "ppq_port.h"
#include "ppq_rle_internal.h"
#include "ppq_thrift.h"

/* The window the footer and page headers are read through, a piece at a
 * time (longer ones slide it along): one per reader, taken at open. */
#define WINDOW 256u
/* Entries whose levels are decoded per step (stack use; hosts: more, so
 * most go through the unpacking kernel's groups of 32). */
#define LEVEL_STEP (PPQ_FAST64 ? 256u : 32u)

enum { PAGE_DATA = 0, PAGE_INDEX = 1, PAGE_DICT = 2, PAGE_DATA_V2 = 3 };

const char *ppq_reader_unsupported(const ppq_reader_t *r)
{
    return r != NULL && r->unsupported != NULL ? r->unsupported : "";
}

static ppq_status_t unsupported(ppq_reader_t *r, const char *what)
{
    r->unsupported = what;
    return PPQ_ERR_UNSUPPORTED;
}

/* Exactly `len` bytes at `off`; a short read is an I/O error (the footer
 * said they are there, and the size is the file's). */
static ppq_status_t read_at(const ppq_file_t *f, uint64_t off, uint8_t *buf, size_t len)
{
    while (len > 0u) {
        size_t got = 0;
        ppq_status_t st = f->read_at(f->ctx, off, buf, len, &got);
        if (st != PPQ_OK) {
            return st > 0 ? PPQ_ERR_IO : st;
        }
        if (got == 0u || got > len) {
            return PPQ_ERR_IO;
        }
        off += got;
        buf += got;
        len -= got;
    }
    return PPQ_OK;
}

/* Start t reading `len` bytes of the file at `pos` through win (cap bytes). */
static void stream_init(ppq_thrift_r_t *t, ppq_thrift_stream_t *s, const ppq_file_t *f, uint64_t pos, size_t len,
                        uint8_t *win, size_t cap)
{
    s->read_at = f->read_at;
    s->ctx = f->ctx;
    s->offset = pos;
    s->win = win;
    s->cap = cap;
    s->rest = len;
    s->err = PPQ_OK;
    ppq_thrift_r_init_stream(t, s);
}

/* ---- footer ----------------------------------------------------------------- */

/* One pass over the footer, streamed through a window (the reader's, kept
 * for page headers; a few bytes of stack when the arena lacks even that): what is
 * kept is taken from the arena as it comes (names, statistics and
 * metadata copied), the rest skipped.  Once the arena runs out the parse
 * goes on counting, so that PPQ_ERR_ARENA can say what open needs. */
typedef struct parse {
    ppq_reader_t *r;
    ppq_arena_t *arena;
    ppq_thrift_r_t t;
    ppq_thrift_stream_t s;
    size_t need;                /* arena bytes asked for, rounded (SIZE_MAX: more than there can be) */
    const uint32_t *cols, *rgs; /* the caller's selection (NULL: all) */
    uint32_t ncols, nrgs;
    int full;                   /* an allocation failed: only counting */
    int meta;                   /* key-value metadata and created_by kept */
} parse_t;

#define TRY(x)                                                                                                         \
    do {                                                                                                               \
        st = (x);                                                                                                      \
        if (st != PPQ_OK) {                                                                                            \
            return st;                                                                                                 \
        }                                                                                                              \
    } while (0)

/* An i32 field that must fit `lo`..`hi`. */
static ppq_status_t get_i32(parse_t *p, ppq_thrift_type_t t, int32_t lo, int32_t hi, int32_t *v)
{
    ppq_status_t st = ppq_thrift_r_i32(&p->t, t, v);
    return st != PPQ_OK ? st : *v < lo || *v > hi ? PPQ_ERR_CORRUPT : PPQ_OK;
}

/* n items of `size` (< 256) bytes from the arena, counted in p->need;
 * NULL once the arena is full.  (No 64-bit products: Cortex-M0.) */
static void *take(parse_t *p, size_t n, size_t size)
{
    void *m = NULL;
    size_t bytes = n > SIZE_MAX / 256u ? SIZE_MAX : PPQ_ARENA_ROUND(n * size);
    p->need = bytes > SIZE_MAX - p->need ? SIZE_MAX : p->need + bytes;
    if (!p->full) {
        m = ppq_arena_alloc(p->arena, bytes);
        p->full = m == NULL;
    }
    return m;
}

/* A binary value copied to the arena (*out NULL when the arena is full). */
static ppq_status_t copy_binary(parse_t *p, ppq_thrift_type_t t, const uint8_t **out, uint32_t *len)
{
    uint8_t *m;
    ppq_status_t st;
    *out = NULL;
    TRY(ppq_thrift_r_binary_len(&p->t, t, len));
    m = (uint8_t *)take(p, *len, 1u);
    *out = m;
    return ppq_thrift_r_bytes(&p->t, m, *len);
}

/* LogicalType: the union member (its id) and the fields kept of it. */
static ppq_status_t parse_logical(parse_t *p, ppq_schema_node_t *n)
{
    int16_t id, id2;
    ppq_thrift_type_t t, t2;
    ppq_status_t st;
    for (;;) {
        TRY(ppq_thrift_r_field(&p->t, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        if (t != PPQ_THRIFT_STRUCT) {
            TRY(ppq_thrift_r_skip(&p->t, t));
            continue;
        }
        n->logical = (uint8_t)(id > 0 && id < 64 ? id : 0);
        TRY(ppq_thrift_r_struct(&p->t, t));
        for (;;) { /* DECIMAL scale/precision, INTEGER bitWidth/isSigned, TIME/TIMESTAMP isAdjustedToUTC/unit;
                      others empty */
            int32_t v;
            int8_t b8;
            int b, time = id == 7 || id == 8;
            TRY(ppq_thrift_r_field(&p->t, &id2, &t2));
            if (t2 == PPQ_THRIFT_STOP) {
                break;
            }
            if (id == 5 && (id2 == 1 || id2 == 2)) {
                TRY(get_i32(p, t2, 0, 1000, &v));
                *(id2 == 1 ? &n->scale : &n->precision) = v;
            } else if (id == 10 && id2 == 1) {
                TRY(ppq_thrift_r_i8(&p->t, t2, &b8));
                n->int_bits = (uint8_t)b8;
            } else if ((id == 10 && id2 == 2) || (time && id2 == 1)) {
                TRY(ppq_thrift_r_bool(&p->t, t2, &b));
                *(time ? &n->utc : &n->int_signed) = (uint8_t)(b != 0);
            } else if (time && id2 == 2) { /* TimeUnit: a union of empty structs 1, 2, 3 */
                TRY(ppq_thrift_r_struct(&p->t, t2));
                for (;;) {
                    TRY(ppq_thrift_r_field(&p->t, &id2, &t2));
                    if (t2 == PPQ_THRIFT_STOP) {
                        break;
                    }
                    n->unit = (uint8_t)(id2 >= 1 && id2 <= 3 ? id2 - 1 : 0);
                    TRY(ppq_thrift_r_skip(&p->t, t2));
                }
            } else {
                TRY(ppq_thrift_r_skip(&p->t, t2));
            }
        }
    }
}

static ppq_status_t parse_schema_element(parse_t *p, ppq_schema_node_t *n)
{
    int16_t id;
    ppq_thrift_type_t t;
    ppq_status_t st;
    int32_t v;
    const uint8_t *s;
    memset(n, 0, sizeof *n);
    n->type = -1;
    n->converted = -1;
    n->leaf = -1;
    for (;;) {
        TRY(ppq_thrift_r_field(&p->t, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        if (id >= 1 && id <= 8 && id != 4) { /* i32 fields: each in its range */
            static const int32_t hi[8] = {7, 0x7FFFFFFF, 2, 0, 0x7FFFFFFF, 127, 1000, 1000};
            TRY(get_i32(p, t, 0, hi[id - 1], &v));
        }
        switch (id) {
        case 1: n->type = (int8_t)v; break;
        case 2: n->type_len = (uint32_t)v; break;
        case 3: n->repetition = (uint8_t)v; break;
        case 4: TRY(copy_binary(p, t, &s, &n->name_len)); n->name = (const char *)s; break;
        case 5: n->num_children = (uint32_t)v; break;
        case 6: n->converted = (int8_t)v; break;
        case 7: n->scale = v; break;
        case 8: n->precision = v; break;
        case 10: TRY(ppq_thrift_r_struct(&p->t, t)); TRY(parse_logical(p, n)); break;
        default: TRY(ppq_thrift_r_skip(&p->t, t)); break;
        }
    }
}

static ppq_status_t parse_stats(parse_t *p, ppq_chunk_stats_t *s)
{
    int16_t id;
    ppq_thrift_type_t t;
    ppq_status_t st;
    const uint8_t *b;
    uint32_t len;
    for (;;) {
        TRY(ppq_thrift_r_field(&p->t, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        if (id == 3) {
            TRY(ppq_thrift_r_i64(&p->t, t, &s->null_count));
        } else if (id == 1 || id == 2 || id == 5 || id == 6) {
            TRY(copy_binary(p, t, &b, &len));
            if (id == 5 || id == 6 || (id == 1 ? s->max == NULL : s->min == NULL)) {
                if (id == 1 || id == 5) {
                    s->max = b;
                    s->max_len = len;
                } else {
                    s->min = b;
                    s->min_len = len;
                }
                s->legacy = (uint8_t)(id < 3);
            }
        } else {
            TRY(ppq_thrift_r_skip(&p->t, t));
        }
    }
}

/* A list<KeyValue> (the file's or a column chunk's metadata) copied to
 * the arena; a key without a value gets value NULL. */
static ppq_status_t parse_kv(parse_t *p, ppq_thrift_type_t t, ppq_key_value_ref_t **out, uint32_t *nout)
{
    ppq_thrift_type_t et, kt;
    ppq_status_t st;
    uint32_t n, i;
    int16_t kid;
    TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
    *nout = n;
    *out = (ppq_key_value_ref_t *)take(p, n, sizeof(ppq_key_value_ref_t));
    for (i = 0; i < n; i++) {
        ppq_key_value_ref_t tmp, *kv = *out != NULL ? &(*out)[i] : &tmp;
        memset(kv, 0, sizeof *kv);
        TRY(ppq_thrift_r_struct(&p->t, et));
        for (;;) {
            TRY(ppq_thrift_r_field(&p->t, &kid, &kt));
            if (kt == PPQ_THRIFT_STOP) {
                break;
            }
            if (kid == 1) {
                TRY(copy_binary(p, kt, &kv->key, &kv->key_len));
            } else if (kid == 2) {
                TRY(copy_binary(p, kt, &kv->value, &kv->value_len));
            } else {
                TRY(ppq_thrift_r_skip(&p->t, kt));
            }
        }
    }
    return PPQ_OK;
}

static ppq_status_t parse_column_meta(parse_t *p, ppq_chunk_info_t *c, int32_t *type)
{
    int16_t id;
    ppq_thrift_type_t t, et;
    ppq_status_t st;
    uint32_t n, i;
    int32_t v;
    for (;;) {
        TRY(ppq_thrift_r_field(&p->t, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        switch (id) {
        case 1: TRY(get_i32(p, t, 0, 7, type)); break;
        case 2:
            TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
            for (i = 0; i < n; i++) {
                TRY(ppq_thrift_r_i32(&p->t, et, &v));
                c->encodings |= v >= 0 && v < 32 ? 1u << v : 0u;
            }
            break;
        case 4: TRY(get_i32(p, t, 0, 127, &v)); c->codec = (uint8_t)v; break;
        case 5: TRY(ppq_thrift_r_i64(&p->t, t, &c->num_values)); break;
        case 6: TRY(ppq_thrift_r_i64(&p->t, t, &c->uncompressed_size)); break;
        case 7: TRY(ppq_thrift_r_i64(&p->t, t, &c->compressed_size)); break;
        case 8: /* key_value_metadata */
            if (PPQ_READER_METADATA && p->meta) {
                TRY(parse_kv(p, t, &c->kv, &c->nkv));
            } else {
                TRY(ppq_thrift_r_skip(&p->t, t)); /* not kept */
            }
            break;
        case 9: TRY(ppq_thrift_r_i64(&p->t, t, &c->data_page_offset)); break;
        case 11: TRY(ppq_thrift_r_i64(&p->t, t, &c->dict_page_offset)); break;
#if PPQ_READER_PAGE_INDEX
        case 14: TRY(ppq_thrift_r_i64(&p->t, t, &c->bloom_offset)); break;
        case 15: TRY(get_i32(p, t, 0, 0x7FFFFFFF, &c->bloom_len)); break;
#endif
        case 12: /* (a build without them skips the statistics: PPQ_READER_STATISTICS) */
            if (PPQ_READER_STATISTICS) {
                TRY(ppq_thrift_r_struct(&p->t, t));
                TRY(parse_stats(p, &c->stats));
            } else {
                TRY(ppq_thrift_r_skip(&p->t, t));
            }
            break;
        default: TRY(ppq_thrift_r_skip(&p->t, t)); break;
        }
    }
}

/* A RowGroup kept, slot k of the selection: the chunks of the columns
 * kept go to r->chunks[k * nsel_cols ...], the others are skipped. */
static ppq_status_t parse_row_group(parse_t *p, uint32_t k)
{
    ppq_reader_t *r = p->r;
    int16_t id, id2;
    ppq_thrift_type_t t, et, t2;
    ppq_status_t st;
    uint32_t n, i, j;
    int64_t rows = -1;
    for (;;) {
        TRY(ppq_thrift_r_field(&p->t, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 3) {
            TRY(ppq_thrift_r_i64(&p->t, t, &rows));
        } else if (id == 1) {
            TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
            if (n != r->ncols) {
                return PPQ_ERR_CORRUPT; /* a chunk per column */
            }
            for (i = 0, j = 0; i < n; i++) {
                ppq_chunk_info_t tmp, *c = &tmp;
                int32_t type = -1;
                if (j == r->nsel_cols || (p->cols != NULL && p->cols[j] != i)) {
                    TRY(ppq_thrift_r_skip(&p->t, et)); /* a column not kept */
                    continue;
                }
                if (r->chunks != NULL) {
                    c = &r->chunks[(size_t)k * r->nsel_cols + j];
                }
                j++;
                memset(c, 0, sizeof *c);
                c->dict_page_offset = -1;
                c->stats.null_count = -1;
                TRY(ppq_thrift_r_struct(&p->t, et));
                for (;;) {
                    TRY(ppq_thrift_r_field(&p->t, &id2, &t2));
                    if (t2 == PPQ_THRIFT_STOP) {
                        break;
                    }
                    if (id2 == 3) {
                        TRY(ppq_thrift_r_struct(&p->t, t2));
                        TRY(parse_column_meta(p, c, &type));
#if PPQ_READER_PAGE_INDEX
                    } else if (id2 == 4 || id2 == 6) { /* offset_index_offset, column_index_offset */
                        TRY(ppq_thrift_r_i64(&p->t, t2, id2 == 4 ? &c->offset_index_offset : &c->column_index_offset));
                    } else if (id2 == 5 || id2 == 7) { /* their lengths */
                        TRY(get_i32(p, t2, 0, 0x7FFFFFFF, id2 == 5 ? &c->offset_index_len : &c->column_index_len));
#endif
                    } else if (id2 == 1 || id2 == 8 || id2 == 9) { /* file_path; crypto_metadata,
                                                                      encrypted_column_metadata */
                        return unsupported(r, id2 == 1 ? "column chunks in other files (file_path)"
                                                       : "encrypted columns");
                    } else {
                        TRY(ppq_thrift_r_skip(&p->t, t2));
                    }
                }
                if (c != &tmp) { /* the chunk against its leaf and the file */
                    const ppq_schema_node_t *leaf = &r->nodes[r->leaves[i]];
                    int64_t start = c->data_page_offset, d = c->dict_page_offset;
                    /* the chunk starts at its dictionary page when that comes first; a
                     * dictionary offset of 0 (older writers: none) or one not before the
                     * data pages means none is known there: a dictionary page is found by
                     * its header (as Arrow does); a data offset of 0 beside a dictionary
                     * offset (Arrow C++, empty chunks) starts at the dictionary */
                    if (d <= 0 || (d >= start && start != 0)) {
                        c->dict_page_offset = -1;
                    } else {
                        start = d;
                    }
                    if (type != leaf->type || c->num_values < 0 || c->compressed_size < 0 || start < 4 ||
                        (uint64_t)start > r->file->size ||
                        (uint64_t)c->compressed_size > r->file->size - (uint64_t)start) {
                        return PPQ_ERR_CORRUPT;
                    }
                }
            }
            if (j != r->nsel_cols) {
                return PPQ_ERR_ARG; /* columns asked for not ascending, or out of range */
            }
        } else {
            TRY(ppq_thrift_r_skip(&p->t, t));
        }
    }
    if (rows < 0) {
        return PPQ_ERR_CORRUPT;
    }
    if (r->rg_rows != NULL) {
        r->rg_rows[k] = rows;
    }
    return PPQ_OK;
}

/* Parent, levels and leaf index of every node: the schema is a tree in
 * pre-order, each group saying how many children follow.  No recursion: a
 * stack of the open groups' remaining children. */
static ppq_status_t build_tree(ppq_reader_t *r)
{
    uint32_t stack[PPQ_READER_MAX_DEPTH], left[PPQ_READER_MAX_DEPTH], depth = 0, i, leaves = 0;
    ppq_schema_node_t *root = &r->nodes[0];
    if (r->nnodes == 0u || root->num_children == 0u) {
        return PPQ_ERR_CORRUPT;
    }
    root->parent = -1;
    stack[0] = 0;
    left[0] = root->num_children;
    depth = 1;
    for (i = 1; i < r->nnodes; i++) {
        ppq_schema_node_t *n = &r->nodes[i], *parent;
        while (depth > 0u && left[depth - 1u] == 0u) {
            depth--;
        }
        if (depth == 0u) {
            return PPQ_ERR_CORRUPT; /* more nodes than the tree holds */
        }
        left[depth - 1u]--;
        parent = &r->nodes[stack[depth - 1u]];
        n->parent = (int32_t)stack[depth - 1u];
        n->max_def = (int16_t)(parent->max_def + (n->repetition != 0u));
        n->max_rep = (int16_t)(parent->max_rep + (n->repetition == 2u));
        if (n->num_children > 0u) {
            if (depth == PPQ_READER_MAX_DEPTH || n->num_children > r->nnodes) {
                return PPQ_ERR_CORRUPT;
            }
            stack[depth] = i;
            left[depth] = n->num_children;
            depth++;
        } else {
            if (n->type < 0 || (n->type == PPQ_FIXED_LEN_BYTE_ARRAY && n->type_len == 0u)) {
                return PPQ_ERR_CORRUPT; /* a leaf needs a type */
            }
            n->leaf = (int32_t)leaves;
            if (r->leaves != NULL) {
                r->leaves[leaves] = i;
            }
            leaves++;
        }
    }
    while (depth > 0u && left[depth - 1u] == 0u) {
        depth--;
    }
    if (depth != 0u || leaves != r->ncols) {
        return PPQ_ERR_CORRUPT; /* children promised and missing */
    }
    return PPQ_OK;
}

static ppq_status_t parse_footer(parse_t *p)
{
    ppq_reader_t *r = p->r;
    int16_t id;
    ppq_thrift_type_t t, et;
    ppq_status_t st;
    uint32_t n, i, k = 0;
    int have_schema = 0;
    r->nsel_rgs = p->rgs != NULL ? p->nrgs : 0u;
    for (;;) {
        TRY(ppq_thrift_r_field(&p->t, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        switch (id) {
        case 2: /* schema */
            TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
            if (n == 0u || have_schema) {
                return PPQ_ERR_CORRUPT;
            }
            r->nnodes = n;
            r->nodes = (ppq_schema_node_t *)take(p, n, sizeof(ppq_schema_node_t));
            for (i = 0; i < n; i++) {
                ppq_schema_node_t tmp, *node = r->nodes != NULL ? &r->nodes[i] : &tmp;
                TRY(ppq_thrift_r_struct(&p->t, et));
                TRY(parse_schema_element(p, node));
                r->ncols += (uint32_t)(node->num_children == 0u && i > 0u); /* a leaf */
            }
            r->leaves = (uint32_t *)take(p, r->ncols, 4u);
            if (r->leaves != NULL) {
                TRY(build_tree(r));
            }
            if (p->cols != NULL && p->ncols > r->ncols) {
                return PPQ_ERR_ARG;
            }
            r->nsel_cols = p->cols != NULL ? p->ncols : r->ncols;
            have_schema = 1;
            break;
        case 3: TRY(ppq_thrift_r_i64(&p->t, t, &r->num_rows)); break;
        case 4: /* row groups: the ones kept parsed, the others skipped */
            TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
            if (!have_schema || (r->ncols > 0u && n > ppq_udiv32(r->footer_len, r->ncols))) {
                return PPQ_ERR_CORRUPT; /* (every writer puts the schema first; a chunk takes a byte at least) */
            }
            if (p->rgs != NULL && p->nrgs > n) {
                return PPQ_ERR_ARG;
            }
            r->nrg = n;
            r->nsel_rgs = p->rgs != NULL ? p->nrgs : n;
            r->rg_rows = (int64_t *)take(p, r->nsel_rgs, 8u);
            r->chunks = (ppq_chunk_info_t *)take(p, (size_t)r->nsel_rgs * r->nsel_cols, sizeof(ppq_chunk_info_t));
            for (i = 0, k = 0; i < n; i++) {
                if (k < r->nsel_rgs && (p->rgs == NULL || p->rgs[k] == i)) {
                    TRY(ppq_thrift_r_struct(&p->t, et));
                    TRY(parse_row_group(p, k));
                    k++;
                } else {
                    TRY(ppq_thrift_r_skip(&p->t, et));
                }
            }
            break;
        case 5: /* key-value metadata */
            if (!PPQ_READER_METADATA || !p->meta) {
                TRY(ppq_thrift_r_skip(&p->t, t)); /* not kept */
                break;
            }
            TRY(parse_kv(p, t, &r->kv, &r->nkv));
            break;
        case 7: /* column orders: a ColumnOrder (a union) per leaf; what min and max mean */
            if (!PPQ_READER_STATISTICS || !have_schema) {
                TRY(ppq_thrift_r_skip(&p->t, t));
                break;
            }
            TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
            for (i = 0; i < n; i++) {
                int16_t mid, member = 0;
                ppq_thrift_type_t mt;
                TRY(ppq_thrift_r_struct(&p->t, et));
                for (;;) { /* the member (an empty struct), then the union's stop */
                    TRY(ppq_thrift_r_field(&p->t, &mid, &mt));
                    if (mt == PPQ_THRIFT_STOP) {
                        break;
                    }
                    member = member == 0 ? mid : member;
                    TRY(ppq_thrift_r_skip(&p->t, mt));
                }
                if (i < r->ncols && r->nodes != NULL && r->leaves != NULL) {
                    r->nodes[r->leaves[i]].column_order = (uint8_t)(member > 0 && member < 256 ? member : 255);
                }
            }
            break;
        case 6:
            if (!PPQ_READER_METADATA || !p->meta) {
                TRY(ppq_thrift_r_skip(&p->t, t)); /* not kept */
                break;
            }
            TRY(copy_binary(p, t, &r->created_by, &r->created_by_len));
            break;
        default: TRY(ppq_thrift_r_skip(&p->t, t)); break;
        }
    }
    if (!have_schema) {
        return PPQ_ERR_CORRUPT;
    }
    return k == r->nsel_rgs ? PPQ_OK : PPQ_ERR_ARG; /* row groups asked for not ascending, or out of range */
}

/* The window of a footer parse whose arena lacks room for the reader's
 * (too small an arena: the parse only counts what open needs). */
#define SMALL_WINDOW (2u * PPQ_THRIFT_STREAM_MIN)

ppq_status_t ppq_reader_open_select(ppq_reader_t *r, ppq_file_t *file, const ppq_reader_select_t *sel,
                                    ppq_arena_t *arena)
{
    uint8_t tail[8], head[4], small[SMALL_WINDOW];
    uint64_t size;
    uint32_t flen;
    size_t mark;
    parse_t p;
    ppq_status_t st;
    if (r == NULL || file == NULL || file->read_at == NULL || arena == NULL) {
        return PPQ_ERR_ARG;
    }
    memset(r, 0, sizeof *r);
    memset(&p, 0, sizeof p);
    p.meta = 1;
    if (sel != NULL) {
        p.cols = sel->columns;
        p.ncols = sel->ncolumns;
        p.rgs = sel->row_groups;
        p.nrgs = sel->nrow_groups;
        p.meta = sel->metadata;
    }
    r->file = file;
    size = file->size;
    if (size < 12u) {
        return PPQ_ERR_CORRUPT;
    }
    TRY(read_at(file, 0, head, 4));
    TRY(read_at(file, size - 8u, tail, 8));
    flen = ppq_load_le32(tail);
    if (memcmp(head, "PAR1", 4) != 0 || memcmp(tail + 4, "PAR1", 4) != 0) {
        return memcmp(tail + 4, "PARE", 4) == 0 ? unsupported(r, "encrypted footers") : PPQ_ERR_CORRUPT;
    }
    if (flen == 0u || flen > size - 12u) {
        return PPQ_ERR_CORRUPT;
    }
    mark = ppq_arena_mark(arena);
    r->footer_len = flen;
    p.r = r;
    p.arena = arena;
    r->sel_cols = p.cols;
    r->sel_rgs = p.rgs;
    r->hdr = (uint8_t *)take(&p, WINDOW, 1u);
    stream_init(&p.t, &p.s, file, size - 8u - flen, flen, r->hdr != NULL ? r->hdr : small,
                r->hdr != NULL ? WINDOW : SMALL_WINDOW);
    st = parse_footer(&p);
    st = st != PPQ_OK && p.s.err != PPQ_OK ? p.s.err : st; /* the footer's read failed */
    st = st == PPQ_OK && p.full ? PPQ_ERR_ARENA : st;
    if (st != PPQ_OK) { /* nothing kept: a reader that reads nothing */
        ppq_arena_rewind(arena, mark);
        const char *u = r->unsupported;
        memset(r, 0, sizeof *r);
        r->unsupported = u;
        if (st == PPQ_ERR_ARENA) {
            r->need = p.need > SIZE_MAX - mark ? SIZE_MAX : mark + p.need;
        }
    }
    return st;
}

ppq_status_t ppq_reader_open(ppq_reader_t *r, ppq_file_t *file, ppq_arena_t *arena)
{
    return ppq_reader_open_select(r, file, NULL, arena);
}

ppq_status_t ppq_reader_in_memory(ppq_reader_t *r, const void *data)
{
    if (r == NULL) {
        return PPQ_ERR_ARG;
    }
    if (!PPQ_READER_IN_MEMORY) {
        return unsupported(r, "files in memory (PPQ_READER_IN_MEMORY)");
    }
    r->mem = ppq_input(data);
    return PPQ_OK;
}

/* Slot of i in a selection (NULL: all n), -1 when it is not there. */
static int32_t slot_of(const uint32_t *sel, uint32_t n, uint32_t i)
{
    uint32_t k;
    for (k = 0; sel != NULL && k < n && sel[k] <= i; k++) {
        if (sel[k] == i) {
            return (int32_t)k;
        }
    }
    return sel == NULL && i < n ? (int32_t)i : -1;
}

const ppq_chunk_info_t *ppq_reader_chunk(const ppq_reader_t *r, uint32_t rg, uint32_t col)
{
    int32_t a, b;
    if (r == NULL) {
        return NULL;
    }
    a = slot_of(r->sel_rgs, r->nsel_rgs, rg);
    b = slot_of(r->sel_cols, r->nsel_cols, col);
    return a < 0 || b < 0 ? NULL : &r->chunks[(size_t)a * r->nsel_cols + (size_t)b];
}

int64_t ppq_reader_row_group_rows(const ppq_reader_t *r, uint32_t rg)
{
    int32_t a = r != NULL && r->rg_rows != NULL ? slot_of(r->sel_rgs, r->nsel_rgs, rg) : -1;
    return a < 0 ? -1 : r->rg_rows[a];
}

const ppq_schema_node_t *ppq_reader_column(const ppq_reader_t *r, uint32_t col)
{
    return r != NULL && col < r->ncols ? &r->nodes[r->leaves[col]] : NULL;
}

/* -1, 0, 1 comparing two PLAIN numbers of the column's type (signed or
 * unsigned integers, floats by value); 2 when they do not compare (NaN,
 * other types). */
static int compare_plain(const ppq_schema_node_t *n, const uint8_t *a, const uint8_t *b)
{
    int unsig = n->logical == 10 ? !n->int_signed : n->converted >= 11 && n->converted <= 14;
    int wide = n->type == PPQ_INT64 || n->type == PPQ_DOUBLE;
    uint64_t x, y;
    double u, v;
    if (n->type != PPQ_INT32 && n->type != PPQ_INT64 && n->type != PPQ_FLOAT && n->type != PPQ_DOUBLE) {
        return 2;
    }
    x = wide ? ppq_load_le64(a) : ppq_load_le32(a);
    y = wide ? ppq_load_le64(b) : ppq_load_le32(b);
    if (n->type == PPQ_INT32 || n->type == PPQ_INT64) {
        uint64_t sign = wide ? 0x8000000000000000ull : 0x80000000u; /* signed order: flip the sign bit */
        if (!unsig) {
            x ^= sign;
            y ^= sign;
        }
        return x < y ? -1 : x > y;
    }
    if (wide) { /* reals */
        memcpy(&u, &x, 8);
        memcpy(&v, &y, 8);
    } else {
        uint32_t x32 = (uint32_t)x, y32 = (uint32_t)y;
        float f, g;
        memcpy(&f, &x32, 4);
        memcpy(&g, &y32, 4);
        u = (double)f;
        v = (double)g;
    }
    return u != u || v != v ? 2 : u < v ? -1 : u > v;
}

int ppq_reader_may_contain(const ppq_reader_t *r, uint32_t rg, uint32_t col, const void *min, const void *max)
{
    const ppq_chunk_info_t *c;
    const ppq_schema_node_t *n;
    size_t w;
    c = ppq_reader_chunk(r, rg, col);
    if (c == NULL) {
        return 1;
    }
    n = &r->nodes[r->leaves[col]];
    w = ppq_plain_width((ppq_type_t)n->type, n->type_len);
    if (c->stats.legacy || n->column_order != 1u || c->stats.min == NULL || c->stats.max == NULL || n->type == PPQ_BYTE_ARRAY ||
        (w != 0u && (c->stats.min_len != w || c->stats.max_len != w))) {
        return 1; /* nothing proven (byte arrays: the order depends on the logical type; min and max
                     mean nothing without the TYPE_ORDER column order) */
    }
    if (max != NULL && compare_plain(n, c->stats.min, (const uint8_t *)max) == 1) {
        return 0; /* the chunk's least value is above the range */
    }
    if (min != NULL && compare_plain(n, c->stats.max, (const uint8_t *)min) == -1) {
        return 0;
    }
    return 1;
}

/* ---- pages ------------------------------------------------------------------ */

typedef struct page_hdr {
    int has_crc;
    int32_t type, raw, size, crc;
    int32_t values, encoding, def_enc, rep_enc; /* data page (v1, v2), dictionary page */
    int32_t nulls, rows, def_len, rep_len;      /* v2 */
    int compressed;                              /* v2: is_compressed (default true) */
    size_t hdr_len;
} page_hdr_t;

#define AT(f) ((uint8_t)offsetof(page_hdr_t, f))

/* The page header at pos (the chunk ends at end) into h, read through
 * the reader's window.  One loop for the PageHeader and its page kind's
 * struct (`in`: 0 the PageHeader, else the kind's row of `at`, where each
 * i32 field 1..6 goes; 0: skipped). */
static ppq_status_t read_header(ppq_reader_t *r, uint64_t pos, uint64_t end, page_hdr_t *h)
{
    static const uint8_t at[4][6] = {
        {AT(type), AT(raw), AT(size), AT(crc), 0, 0},
        {AT(values), AT(encoding), AT(def_enc), AT(rep_enc), 0, 0},               /* 5 DataPageHeader */
        {AT(values), AT(encoding), 0, 0, 0, 0},                                   /* 7 DictionaryPageHeader */
        {AT(values), AT(nulls), AT(rows), AT(encoding), AT(def_len), AT(rep_len)}, /* 8 DataPageHeaderV2 */
    };
    ppq_thrift_r_t t;
    ppq_thrift_stream_t s;
    int16_t id;
    ppq_thrift_type_t ty;
    ppq_status_t st;
    unsigned in = 0;
    int b;
    size_t len = (uint64_t)(size_t)(end - pos) == end - pos ? (size_t)(end - pos) : SIZE_MAX;
    memset(h, 0, sizeof *h);
    h->type = -1;
    h->compressed = 1;
    stream_init(&t, &s, r->file, pos, len, r->hdr, WINDOW);
    for (;;) {
        st = ppq_thrift_r_field(&t, &id, &ty);
        if (st != PPQ_OK || (ty == PPQ_THRIFT_STOP && in == 0u)) {
            break;
        }
        if (ty == PPQ_THRIFT_STOP) {
            in = 0; /* the kind's struct ends */
        } else if (in == 0u && (id == 5 || id == 7 || id == 8)) {
            st = ppq_thrift_r_struct(&t, ty);
            in = (unsigned)(id - 3) / 2u; /* 5, 7, 8: rows 1, 2, 2 */
            in += id == 8;
        } else if (id >= 1 && id <= 6 && at[in][id - 1] != 0u) {
            int32_t *f = (int32_t *)(void *)((uint8_t *)h + at[in][id - 1]);
            st = ppq_thrift_r_i32(&t, ty, f);
            h->has_crc |= in == 0u && id == 4;
            st = st == PPQ_OK && in > 0u && *f < 0 ? PPQ_ERR_CORRUPT : st;
        } else if (in == 3u && id == 7) {
            st = ppq_thrift_r_bool(&t, ty, &b);
            h->compressed = b != 0;
        } else {
            st = ppq_thrift_r_skip(&t, ty);
        }
        if (st != PPQ_OK) {
            break;
        }
    }
    if (st != PPQ_OK) {
        return s.err != PPQ_OK ? s.err : st; /* (a read that failed looks like the end) */
    }
    h->hdr_len = len - s.rest - (size_t)(t.end - t.pos); /* the bytes consumed */
    if (h->raw < 0 || h->size < 0 || (uint64_t)h->size > end - pos - h->hdr_len) {
        return PPQ_ERR_CORRUPT;
    }
    return PPQ_OK;
}

/* The sizes one column chunk's pages need: the largest stored and
 * uncompressed page, the dictionary, the decoders' arena. */
typedef struct needs {
    size_t zmax, pmax, dict, dict_entries;
} needs_t;

static ppq_status_t chunk_needs(ppq_reader_t *r, const ppq_chunk_info_t *c, needs_t *n)
{
    uint64_t pos = (uint64_t)(c->dict_page_offset >= 0 ? c->dict_page_offset : c->data_page_offset);
    uint64_t end = pos + (uint64_t)c->compressed_size;
    page_hdr_t h;
    ppq_status_t st;
    memset(n, 0, sizeof *n);
    while (pos < end) {
        TRY(read_header(r, pos, end, &h));
        n->zmax = (size_t)h.size > n->zmax ? (size_t)h.size : n->zmax;
        n->pmax = (size_t)h.raw > n->pmax ? (size_t)h.raw : n->pmax;
        if (h.type == PAGE_DICT) {
            n->dict = (size_t)h.raw;
            n->dict_entries = (size_t)h.values;
        }
        pos += h.hdr_len + (uint64_t)h.size;
    }
    return PPQ_OK;
}

/* Arena regions of a column reader, for sizing and for init. */
static size_t layout(const ppq_chunk_info_t *c, const ppq_schema_node_t *leaf, const needs_t *n, size_t size[7])
{
    size_t total = 0;
    int i;
    size[0] = 0; /* (page headers: the reader's buffer) */
    size[1] = c->codec != PPQ_CODEC_UNCOMPRESSED ? n->zmax : 0u;                     /* stored page */
    size[2] = n->pmax;                                                              /* page */
    size[3] = n->dict;                                                              /* dictionary page */
    size[4] = n->dict > 0u ? ppq_dict_dec_arena_size((ppq_type_t)leaf->type, (uint32_t)n->dict_entries) : 0u;
    size[5] = c->codec != PPQ_CODEC_UNCOMPRESSED ? ppq_decompress_work_size((ppq_codec_t)c->codec) : 0u;
    /* values of DELTA_BYTE_ARRAY pages (and FLBA BYTE_STREAM_SPLIT), their decoder */
    size[6] = (leaf->type == PPQ_BYTE_ARRAY || leaf->type == PPQ_FIXED_LEN_BYTE_ARRAY)
                  ? PPQ_ARENA_ROUND(2u * n->pmax + 64u) + ppq_dba_dec_arena_size(n->pmax)
                  : 0u;
    for (i = 0; i < 7; i++) {
        total += PPQ_ARENA_ROUND(size[i]);
    }
    return total;
}

/* Chunk (rg, col) measured: its pages walked, the arena regions a column
 * reader of it takes (*total in all). */
static ppq_status_t measure(ppq_reader_t *r, uint32_t rg, uint32_t col, const ppq_chunk_info_t **c, needs_t *n,
                            size_t size[7], size_t *total)
{
    ppq_status_t st;
    *c = ppq_reader_chunk(r, rg, col);
    if (*c == NULL) {
        return PPQ_ERR_ARG; /* out of range, or not kept by ppq_reader_open_select */
    }
    if ((*c)->codec != PPQ_CODEC_UNCOMPRESSED && !ppq_codec_can_decompress((ppq_codec_t)(*c)->codec)) {
        return unsupported(r, ppq_codec_name((ppq_codec_t)(*c)->codec));
    }
    TRY(chunk_needs(r, *c, n));
    *total = layout(*c, &r->nodes[r->leaves[col]], n, size);
    return PPQ_OK;
}

size_t ppq_column_reader_arena_size(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_status_t *st)
{
    const ppq_chunk_info_t *c;
    needs_t n;
    size_t size[7], total = 0;
    ppq_status_t s = measure(r, rg, col, &c, &n, size, &total);
    if (st != NULL) {
        *st = s;
    }
    return s == PPQ_OK ? total : 0u;
}

/* ---- column reader ------------------------------------------------------------ */

ppq_status_t ppq_column_reader_init(ppq_column_reader_t *cr, ppq_reader_t *r, uint32_t rg, uint32_t col,
                                    ppq_arena_t *arena)
{
    const ppq_chunk_info_t *c;
    size_t size[7], total = 0, mark;
    uint8_t *mem[7];
    needs_t n;
    ppq_status_t st;
    int i;
    if (cr == NULL || arena == NULL) {
        return PPQ_ERR_ARG;
    }
    memset(cr, 0, sizeof *cr);
    TRY(measure(r, rg, col, &c, &n, size, &total));
    mark = ppq_arena_mark(arena);
    if (total > arena->size - arena->used) {
        cr->need = mark + total;
        return PPQ_ERR_ARENA;
    }
    for (i = 0; i < 7; i++) {
        mem[i] = (uint8_t *)ppq_arena_alloc(arena, size[i]);
    }
    cr->r = r;
    cr->leaf = &r->nodes[r->leaves[col]];
    cr->chunk = c;
    cr->pos = (uint64_t)(c->dict_page_offset >= 0 ? c->dict_page_offset : c->data_page_offset);
    cr->end = cr->pos + (uint64_t)c->compressed_size;
    cr->zbuf = mem[1];
    cr->zcap = size[1];
    cr->pbuf = mem[2];
    cr->pcap = size[2];
    cr->dict_buf = mem[3];
    cr->dict_cap = size[3];
    cr->work = mem[5];
    cr->work_len = size[5];
    cr->vbuf = mem[6];
    cr->vcap = size[6] > 0u ? PPQ_ARENA_ROUND(2u * n.pmax + 64u) : 0u;
    ppq_arena_init(&cr->page_arena, mem[6] + cr->vcap, size[6] - cr->vcap);
    ppq_arena_init(&cr->dict_arena, mem[4], size[4]);
    cr->check_crc = 1;
    return PPQ_OK;
}

/* Encoding value names for the unsupported message (one string, NULs
 * between: 40 bytes of pointers less on Cortex-M0). */
static const char *encoding_name(int32_t e)
{
    static const char names[] = "PLAIN\0GROUP_VAR_INT\0PLAIN_DICTIONARY\0RLE\0BIT_PACKED\0DELTA_BINARY_PACKED\0"
                                "DELTA_LENGTH_BYTE_ARRAY\0DELTA_BYTE_ARRAY\0RLE_DICTIONARY\0BYTE_STREAM_SPLIT\0"
                                "an unknown encoding";
    const char *s = names;
    int32_t i;
    for (i = e >= 0 && e <= 9 ? e : 10; i > 0; i--) {
        while (*s++ != '\0') {
        }
    }
    return s;
}

#define HAS(e) ((PPQ_READER_ENCODINGS & PPQ_READER_ENC(e)) != 0u)

/* One side's levels: RLE (v1: a 4-byte length first) or the deprecated
 * BIT_PACKED (where built: PPQ_READER_ENCODINGS); *used gets the bytes
 * they take. */
static ppq_status_t init_levels(ppq_rle_dec_t *rle, ppq_bitpacked_dec_t *bp, uint8_t *is_bp, int16_t max,
                                int32_t enc, int v2, int32_t v2_len, const uint8_t *p, size_t len, uint32_t n,
                                size_t *used)
{
    unsigned w = ppq_bit_width32((uint32_t)max);
    size_t k;
    *is_bp = 0;
    *used = 0;
    if (v2) { /* (levels a writer stored for a maximum of 0 skipped: parquet-mr, Impala) */
        if ((size_t)v2_len > len) {
            return PPQ_ERR_CORRUPT;
        }
        *used = (size_t)v2_len;
        return max == 0 ? PPQ_OK : ppq_rle_dec_init(rle, w, 0, p, (size_t)v2_len, n);
    }
    if (max == 0) {
        return PPQ_OK;
    }
    if (HAS(PPQ_ENC_BIT_PACKED) && enc == PPQ_ENC_BIT_PACKED) {
        k = (size_t)PPQ_PACKED_BYTES(n, w);
        if (k > len) {
            return PPQ_ERR_CORRUPT;
        }
        *is_bp = 1;
        *used = k;
        return ppq_bitpacked_dec_init(bp, w, p, k, n);
    }
    if (enc != PPQ_ENC_RLE || len < 4u || ppq_load_le32(p) > len - 4u) {
        return PPQ_ERR_CORRUPT;
    }
    k = ppq_load_le32(p);
    *used = 4u + k;
    return ppq_rle_dec_init(rle, w, 0, p + 4, k, n);
}

/* Up to n levels (each at most `max`) into out (NULL: counted only, of
 * those equal to `max`: *hits). */
/* k levels of value v (a run): four at a time on hosts. */
static void fill_levels(int16_t *out, int16_t v, size_t k)
{
    size_t i = 0;
    if (PPQ_FAST64) {
        uint64_t four = (uint64_t)(uint16_t)v * 0x0001000100010001ull;
        for (; i + 16u <= k; i += 16u) {
            PPQ_COPY(out + i, &four, 8);
            PPQ_COPY(out + i + 4u, &four, 8);
            PPQ_COPY(out + i + 8u, &four, 8);
            PPQ_COPY(out + i + 12u, &four, 8);
        }
        for (; i + 4u <= k; i += 4u) {
            PPQ_COPY(out + i, &four, 8);
        }
    }
    for (; i < k; i++) {
        out[i] = v;
    }
}

static ppq_status_t get_levels(ppq_rle_dec_t *rle, ppq_bitpacked_dec_t *bp, uint8_t is_bp, int16_t max, int16_t *out,
                               size_t n, size_t *hits)
{
    uint32_t buf[LEVEL_STEP];
    const uint32_t *v32 = buf;
    size_t done = 0, i, got;
    ppq_status_t st;
    *hits = 0;
    if (max == 0) { /* nothing stored: every level 0 */
        if (out != NULL) {
            memset(out, 0, n * sizeof *out);
        }
        *hits = n;
        return PPQ_OK;
    }
    if (PPQ_FAST64 && out == NULL && max == 1 && !(HAS(PPQ_ENC_BIT_PACKED) && is_bp)) {
        return ppq_rle_dec_count_ones(rle, n, hits); /* hosts: counted, not unpacked */
    }
    while (done < n) {
        uint32_t v = 0;
        size_t k = 0;
        if (!(HAS(PPQ_ENC_BIT_PACKED) && is_bp)) { /* (BIT_PACKED levels: no runs, and no status from them) */
            k = ppq_rle_dec_repeat(rle, n - done, &v, &st);
            TRY(st);
        }
        if (k > 0u) { /* a run of one level: in bulk */
            if (v > (uint32_t)max) {
                return PPQ_ERR_CORRUPT;
            }
            *hits += v == (uint32_t)max ? k : 0u;
            if (out != NULL) {
                fill_levels(out + done, (int16_t)v, k);
            }
            done += k;
            continue;
        }
        k = n - done < LEVEL_STEP ? n - done : LEVEL_STEP;
        if (PPQ_FAST64 && !(HAS(PPQ_ENC_BIT_PACKED) && is_bp)) { /* hosts: by whole groups */
            got = ppq_rle_dec_packed(rle, buf, LEVEL_STEP, k, &v32, &st);
            TRY(st);
            k = got > 0u ? got : k; /* (none: the levels ended) */
        } else {
            TRY(HAS(PPQ_ENC_BIT_PACKED) && is_bp ? ppq_bitpacked_dec_get(bp, buf, k, &got) : ppq_rle_dec_get(rle, buf, k, &got));
        }
        if (got != k) {
            return PPQ_ERR_CORRUPT; /* fewer levels than the page's values */
        }
        if (PPQ_FAST64 && max == 1) { /* bit width 1: no level passes the maximum; ones are hits */
            size_t h = 0;
            if (out != NULL) {
                for (i = 0; i < k; i++) {
                    h += v32[i];
                    out[done + i] = (int16_t)v32[i];
                }
            } else {
                for (i = 0; i < k; i++) {
                    h += v32[i];
                }
            }
            *hits += h;
        } else { /* (no branch per level: the checks and the count in one pass) */
            uint32_t over = 0;
            size_t h = 0;
            for (i = 0; i < k; i++) {
                over |= v32[i] > (uint32_t)max;
                h += v32[i] == (uint32_t)max;
            }
            if (over != 0u) {
                return PPQ_ERR_CORRUPT;
            }
            *hits += h;
            for (i = 0; out != NULL && i < k; i++) {
                out[done + i] = (int16_t)v32[i];
            }
        }
        done += k;
    }
    return PPQ_OK;
}

/* Whether this build decodes encoding e (ppq_config.h: a constant). */


/* Start the value decoder of a data page over its value bytes. */
static ppq_status_t init_values(ppq_column_reader_t *cr, const uint8_t *p, size_t len, uint32_t count)
{
    ppq_type_t t = (ppq_type_t)cr->leaf->type;
    uint32_t tl = cr->leaf->type_len;
    if (cr->encoding > 9u || !HAS(cr->encoding)) {
        return unsupported(cr->r, encoding_name(cr->encoding));
    }
    switch (cr->encoding) {
    case PPQ_ENC_PLAIN: return ppq_plain_dec_init(&cr->dec.plain, t, tl, p, len, count);
    case PPQ_ENC_PLAIN_DICTIONARY:
    case PPQ_ENC_RLE_DICTIONARY:
        return cr->have_dict ? ppq_dict_dec_page(&cr->dict, p, len, count) : PPQ_ERR_CORRUPT;
    case PPQ_ENC_RLE: return t == PPQ_BOOLEAN ? ppq_rle_dec_init(&cr->dec.rle, 1, 1, p, len, count) : PPQ_ERR_CORRUPT;
    case PPQ_ENC_DELTA_BINARY_PACKED:
        return (t == PPQ_INT32 || t == PPQ_INT64) && HAS(PPQ_ENC_DELTA_BINARY_PACKED)
                   ? ppq_delta_dec_init(&cr->dec.delta, t, p, len) : PPQ_ERR_CORRUPT;
    case PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY:
        return t == PPQ_BYTE_ARRAY && HAS(PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY) ? ppq_dlba_dec_init(&cr->dec.dlba, p, len)
                                                                           : PPQ_ERR_CORRUPT;
    case PPQ_ENC_DELTA_BYTE_ARRAY:
        if ((t != PPQ_BYTE_ARRAY && t != PPQ_FIXED_LEN_BYTE_ARRAY) || !HAS(PPQ_ENC_DELTA_BYTE_ARRAY)) {
            return PPQ_ERR_CORRUPT;
        }
        ppq_arena_rewind(&cr->page_arena, 0);
        return ppq_dba_dec_init(&cr->dec.dba, t, tl, p, len, &cr->page_arena);
    case PPQ_ENC_BYTE_STREAM_SPLIT:
        if (t == PPQ_BOOLEAN || t == PPQ_BYTE_ARRAY || t == PPQ_INT96 || !HAS(PPQ_ENC_BYTE_STREAM_SPLIT)) {
            return PPQ_ERR_CORRUPT;
        }
        return ppq_bss_dec_init(&cr->dec.bss, t, tl, p, len, count);
    default: return unsupported(cr->r, encoding_name(cr->encoding));
    }
}

/* The next data page (a dictionary page first, index pages skipped):
 * cr->in_page set, or left 0 at the end of the chunk. */
static ppq_status_t load_page(ppq_column_reader_t *cr)
{
    ppq_reader_t *r = cr->r;
    const ppq_schema_node_t *leaf = cr->leaf;
    int codec = cr->chunk->codec != PPQ_CODEC_UNCOMPRESSED;
    page_hdr_t h;
    ppq_status_t st;
    while (cr->pos < cr->end) {
        int dict, v2;
        const uint8_t *stored, *page; /* the page as stored; uncompressed */
        uint8_t *dst, *buf;
        size_t cap, lvl = 0, got = 0, used, hits;
        TRY(read_header(r, cr->pos, cr->end, &h));
#if PPQ_READER_PAGE_INDEX
        if (cr->jump > cr->pos && h.type != PAGE_DICT) { /* ppq_column_reader_select: on at a later page */
            cr->pos = cr->jump;
            cr->jump = 0;
            continue;
        }
#endif
        cr->pos += h.hdr_len;
        dict = h.type == PAGE_DICT;
        v2 = h.type == PAGE_DATA_V2;
        if (!dict && !v2 && h.type != PAGE_DATA) {
            cr->pos += (uint64_t)h.size; /* an index page, or a page type this reader does not know */
            continue;
        }
        dst = dict ? cr->dict_buf : cr->pbuf;
        cap = dict ? cr->dict_cap : cr->pcap;
        buf = codec ? cr->zbuf : dst;
        if ((size_t)h.size > (codec ? cr->zcap : cap) || (size_t)h.raw > cap) {
            return PPQ_ERR_CORRUPT; /* (chunk_needs measured every page: the file changed) */
        }
        stored = buf;
        page = dst;
        if (PPQ_READER_IN_MEMORY && r->mem != NULL) { /* ppq_reader_in_memory: the page where it is */
            if (cr->pos > r->file->size || (uint64_t)h.size > r->file->size - cr->pos) {
                return PPQ_ERR_CORRUPT; /* (a read at the end comes back short) */
            }
            stored = r->mem + cr->pos;
            page = codec ? dst : stored;
        } else {
            TRY(read_at(r->file, cr->pos, buf, (size_t)h.size));
        }
        cr->pos += (uint64_t)h.size;
        if (cr->check_crc && h.has_crc && (uint32_t)h.crc != ppq_crc32(0, stored, (size_t)h.size)) {
            return PPQ_ERR_CORRUPT;
        }
        if (v2) { /* the levels come first, never compressed */
            lvl = (size_t)h.def_len + (size_t)h.rep_len;
            if (lvl > (size_t)h.size || lvl > (size_t)h.raw || h.nulls > h.values) {
                return PPQ_ERR_CORRUPT;
            }
        }
        if (PPQ_DECOMPRESSORS != 0u && codec && (!v2 || h.compressed) && (size_t)h.size > lvl) {
            /* (a v2 page whose values take no bytes, all nulls: nothing to decompress) */
            if (lvl > 0u) {
                memcpy(dst, stored, lvl);
            }
            st = ppq_decompress((ppq_codec_t)cr->chunk->codec, stored + lvl, (size_t)h.size - lvl, dst + lvl,
                                (size_t)h.raw - lvl, &got, cr->work, cr->work_len);
            if (st == PPQ_ERR_NOSPACE || (st == PPQ_OK && got != (size_t)h.raw - lvl)) {
                return PPQ_ERR_CORRUPT; /* not the size the header says */
            }
            TRY(st);
        } else {
            if (h.raw != h.size) {
                return PPQ_ERR_CORRUPT;
            }
            if (codec) {
                memcpy(dst, stored, (size_t)h.size);
            }
        }
        if (dict) {
            if (cr->have_dict || cr->values_read > 0u ||
                (h.encoding != PPQ_ENC_PLAIN && h.encoding != PPQ_ENC_PLAIN_DICTIONARY)) {
                return PPQ_ERR_CORRUPT;
            }
            TRY(ppq_dict_dec_init(&cr->dict, (ppq_type_t)leaf->type, leaf->type_len, page, (size_t)h.raw,
                                  (uint32_t)h.values, &cr->dict_arena));
            cr->have_dict = 1;
            continue;
        }
        /* a data page: levels, then values */
        {
            const uint8_t *p = PPQ_READER_IN_MEMORY ? page : cr->pbuf; /* (the same; 12 bytes less on M0) */
            size_t left = (size_t)h.raw;
            uint32_t n = (uint32_t)h.values;
            if (!HAS(PPQ_ENC_BIT_PACKED) && !v2 &&
                ((h.rep_enc == PPQ_ENC_BIT_PACKED && leaf->max_rep > 0) ||
                 (h.def_enc == PPQ_ENC_BIT_PACKED && leaf->max_def > 0))) {
                return unsupported(cr->r, encoding_name(PPQ_ENC_BIT_PACKED)); /* levels (deprecated), left out of this build */
            }
            TRY(init_levels(&cr->rep_dec, &cr->rep_bp, &cr->rep_is_bp, leaf->max_rep, h.rep_enc, v2, h.rep_len, p,
                            left, n, &used));
            p += used;
            left -= used;
            TRY(init_levels(&cr->def_dec, &cr->def_bp, &cr->def_is_bp, leaf->max_def, h.def_enc, v2, h.def_len, p,
                            left, n, &used));
            /* the values: every entry of a required column, the v2 header's
             * count, or (v1 with nulls) a pass over the definition levels,
             * read again from the start after */
            hits = leaf->max_def == 0 ? n : (size_t)(h.values - h.nulls);
            if (v2 && hits != (size_t)(h.values - h.nulls)) {
                return PPQ_ERR_CORRUPT;
            }
            if (!v2 && leaf->max_def > 0) {
                if (PPQ_FAST64 && leaf->max_def == 1 && !cr->def_is_bp) { /* (hosts: bits counted, not unpacked) */
                    TRY(ppq_rle_dec_count_ones(&cr->def_dec, n, &hits));
                } else {
                    TRY(get_levels(&cr->def_dec, &cr->def_bp, cr->def_is_bp, leaf->max_def, NULL, n, &hits));
                }
                TRY(init_levels(&cr->def_dec, &cr->def_bp, &cr->def_is_bp, leaf->max_def, h.def_enc, v2, h.def_len, p,
                                left, n, &used));
            }
            p += used;
            left -= used;
            cr->encoding = (uint8_t)h.encoding;
            if (h.encoding > 9) {
                return unsupported(r, encoding_name(h.encoding));
            }
            TRY(init_values(cr, p, left, (uint32_t)hits));
            cr->page_levels = n;
            cr->levels_done = 0;
            cr->page_values = (int32_t)hits;
            cr->values_done = 0;
            cr->in_page = n > 0u;
            cr->pages_read += PPQ_READER_PAGE_INDEX;
            if (cr->in_page) {
                return PPQ_OK;
            }
        }
    }
    return PPQ_OK;
}

/* k values of the page into out. */
/* k values of the page into out; *taken how many (k, but for a
 * DELTA_BYTE_ARRAY read whose rebuilt values pass the value buffer: fewer,
 * at least one, the rest left for the next read). */
static ppq_status_t get_values(ppq_column_reader_t *cr, void *out, size_t k, size_t *taken)
{
    size_t got = 0, i;
    ppq_status_t st = PPQ_OK;
    ppq_type_t t = (ppq_type_t)cr->leaf->type;
    switch (cr->encoding) {
    case PPQ_ENC_PLAIN: st = ppq_plain_dec_get(&cr->dec.plain, out, k, &got); break;
    case PPQ_ENC_PLAIN_DICTIONARY:
    case PPQ_ENC_RLE_DICTIONARY: st = ppq_dict_dec_get(&cr->dict, out, k, &got); break;
    case PPQ_ENC_RLE: { /* booleans */
        uint32_t buf[LEVEL_STEP];
        while (PPQ_FAST64 && got < k && st == PPQ_OK) { /* hosts: runs in bulk, bit-packed runs by groups */
            const uint32_t *v = buf;
            uint32_t one = 0;
            size_t g = ppq_rle_dec_repeat(&cr->dec.rle, k - got, &one, &st);
            if (g > 0u) {
                memset((uint8_t *)out + got, one != 0u, g);
            } else if (st == PPQ_OK) {
                g = ppq_rle_dec_packed(&cr->dec.rle, buf, LEVEL_STEP, k - got, &v, &st);
                if (g == 0u) {
                    break; /* the page's end */
                }
                for (i = 0; i < g; i++) {
                    ((uint8_t *)out)[got + i] = (uint8_t)v[i]; /* (bit width 1) */
                }
            }
            got += g;
        }
        while (!PPQ_FAST64 && got < k && st == PPQ_OK) {
            size_t n = k - got < LEVEL_STEP ? k - got : LEVEL_STEP, g = 0;
            st = ppq_rle_dec_get(&cr->dec.rle, buf, n, &g);
            for (i = 0; i < g; i++) {
                ((uint8_t *)out)[got + i] = (uint8_t)(buf[i] != 0u);
            }
            got += g;
            if (g < n) {
                break;
            }
        }
        break;
    }
    case PPQ_ENC_DELTA_BINARY_PACKED:
        st = HAS(PPQ_ENC_DELTA_BINARY_PACKED) ? ppq_delta_dec_get(&cr->dec.delta, out, k, &got) : PPQ_ERR_STATE;
        break;
    case PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY:
        st = HAS(PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY) ? ppq_dlba_dec_get(&cr->dec.dlba, (ppq_bytes_t *)out, k, &got)
                                                  : PPQ_ERR_STATE;
        break;
    case PPQ_ENC_DELTA_BYTE_ARRAY:
        if (!HAS(PPQ_ENC_DELTA_BYTE_ARRAY)) {
            return PPQ_ERR_STATE;
        }
        st = ppq_dba_dec_get(&cr->dec.dba, (ppq_bytes_t *)out, k, cr->vbuf, cr->vcap, &got);
        if (st == PPQ_OK && got > 0u && got < k && cr->values_done + got < (uint32_t)cr->page_values) {
            *taken = got; /* the buffer is full: the rest next time */
            return PPQ_OK;
        }
        break;
    default: /* BYTE_STREAM_SPLIT */
        if (!HAS(PPQ_ENC_BYTE_STREAM_SPLIT)) {
            return PPQ_ERR_STATE;
        }
        if (t == PPQ_FIXED_LEN_BYTE_ARRAY) { /* the raw bytes into vbuf, values pointing there */
            uint32_t tl = cr->leaf->type_len;
            if ((uint64_t)k * tl > cr->vcap) {
                return PPQ_ERR_CORRUPT;
            }
            st = ppq_bss_dec_get(&cr->dec.bss, cr->vbuf, k, &got);
            for (i = 0; i < got; i++) {
                ((ppq_bytes_t *)out)[i].ptr = cr->vbuf + i * tl;
                ((ppq_bytes_t *)out)[i].len = tl;
            }
        } else {
            st = ppq_bss_dec_get(&cr->dec.bss, out, k, &got);
        }
        break;
    }
    if (st != PPQ_OK) {
        return st;
    }
    *taken = got;
    return got == k ? PPQ_OK : PPQ_ERR_CORRUPT; /* fewer values than the levels say */
}

/* Of n entries with definition levels def (NULL: every entry a value),
 * how many run through the `values`-th value. */
static size_t entries_through(const int16_t *def, int16_t max_def, size_t n, size_t values)
{
    size_t i, seen = 0;
    for (i = 0; def != NULL && max_def > 0 && i < n; i++) {
        seen += def[i] == max_def;
        if (seen == values) {
            return i + 1u;
        }
    }
    return values;
}

/* Bytes of one of the leaf's values in memory (dense output). */
static size_t value_size(const ppq_schema_node_t *leaf)
{
    return leaf->type >= PPQ_BYTE_ARRAY ? sizeof(ppq_bytes_t) : ppq_value_size((ppq_type_t)leaf->type);
}

#if PPQ_READER_PAGE_INDEX
static ppq_status_t read_selected(ppq_column_reader_t *cr, size_t max, void *values, int16_t *def, int16_t *rep,
                                  size_t *levels, size_t *count);
#endif

static ppq_status_t read_entries(ppq_column_reader_t *cr, size_t max, void *values, int16_t *def, int16_t *rep,
                                 size_t *levels, size_t *count);

ppq_status_t ppq_column_reader_read(ppq_column_reader_t *cr, size_t max, void *values, int16_t *def, int16_t *rep,
                                    size_t *levels, size_t *count)
{
#if PPQ_READER_PAGE_INDEX
    if (cr != NULL && cr->ranges != NULL) {
        return read_selected(cr, max, values, def, rep, levels, count);
    }
#endif
    return read_entries(cr, max, values, def, rep, levels, count);
}

/* ppq_column_reader_read, every entry. */
static ppq_status_t read_entries(ppq_column_reader_t *cr, size_t max, void *values, int16_t *def, int16_t *rep,
                                 size_t *levels, size_t *count)
{
    const ppq_schema_node_t *leaf;
    size_t n, hits = 0, reps;
    ppq_status_t st;
    ppq_rle_dec_t rep_at, def_at;            /* DELTA_BYTE_ARRAY: the level decoders ... */
    ppq_bitpacked_dec_t rep_bp_at, def_bp_at; /* ... where this read starts */
    if (levels == NULL || count == NULL) {
        return PPQ_ERR_ARG;
    }
    *levels = 0;
    *count = 0;
    if (cr == NULL || cr->r == NULL || (values == NULL && max > 0u)) {
        return PPQ_ERR_ARG;
    }
    leaf = cr->leaf;
    if ((def == NULL || rep == NULL) && leaf->max_rep > 0) {
        return PPQ_ERR_ARG; /* (flat columns: def may be NULL, the values counted) */
    }
    if (cr->err != PPQ_OK || max == 0u) {
        return cr->err;
    }
    if (PPQ_READER_SKIP && cr->carry) { /* the entry a skip stopped at (a repeated column: rep 0) */
        cr->carry = 0;
        def[0] = cr->carry_def;
        rep[0] = 0;
        *count = cr->carry_def == leaf->max_def;
        if (*count != 0u) {
            memcpy(values, &cr->carry_value, value_size(leaf));
        }
        *levels = 1;
        return PPQ_OK;
    }
    if (!cr->in_page) {
        st = load_page(cr);
        if (st != PPQ_OK) {
            cr->err = st;
            return st;
        }
        if (!cr->in_page) {
            return PPQ_OK; /* the end of the chunk */
        }
    }
    n = cr->page_levels - cr->levels_done < max ? cr->page_levels - cr->levels_done : max;
    if (HAS(PPQ_ENC_DELTA_BYTE_ARRAY) && cr->encoding == PPQ_ENC_DELTA_BYTE_ARRAY) {
        rep_at = cr->rep_dec; /* (a short read of values decodes its levels again from here) */
        def_at = cr->def_dec;
        rep_bp_at = cr->rep_bp;
        def_bp_at = cr->def_bp;
    }
    st = get_levels(&cr->rep_dec, &cr->rep_bp, cr->rep_is_bp, leaf->max_rep, rep, n, &reps);
    if (st == PPQ_OK) {
        st = get_levels(&cr->def_dec, &cr->def_bp, cr->def_is_bp, leaf->max_def, def, n, &hits);
    }
    if (st == PPQ_OK && (cr->values_done + hits > (uint32_t)cr->page_values ||
                         (cr->levels_done + n == cr->page_levels && cr->values_done + hits != (uint32_t)cr->page_values))) {
        st = PPQ_ERR_CORRUPT; /* the levels disagree with the page's value count */
    }
    if (st == PPQ_OK && hits > 0u) {
        size_t taken = 0;
        st = get_values(cr, values, hits, &taken);
        if (HAS(PPQ_ENC_DELTA_BYTE_ARRAY) && st == PPQ_OK && taken < hits) {
            /* DELTA_BYTE_ARRAY values that pass the value buffer: this read
             * ends at the last value taken, its levels decoded again to there */
            n = entries_through(def, leaf->max_def, n, taken);
            cr->rep_dec = rep_at;
            cr->def_dec = def_at;
            cr->rep_bp = rep_bp_at;
            cr->def_bp = def_bp_at;
            if (def == NULL && leaf->max_def > 0) { /* (flat) the levels counted again, one at a time */
                for (n = 0, hits = 0; st == PPQ_OK && hits < taken; n++) {
                    size_t h = 0;
                    st = get_levels(&cr->def_dec, &cr->def_bp, cr->def_is_bp, leaf->max_def, NULL, 1, &h);
                    hits += h;
                }
            } else {
                st = get_levels(&cr->rep_dec, &cr->rep_bp, cr->rep_is_bp, leaf->max_rep, rep, n, &reps);
                if (st == PPQ_OK) {
                    st = get_levels(&cr->def_dec, &cr->def_bp, cr->def_is_bp, leaf->max_def, def, n, &hits);
                }
            }
            st = st == PPQ_OK && hits != taken ? PPQ_ERR_STATE : st; /* (not reached) */
        }
    }
    if (st != PPQ_OK) {
        cr->err = st;
        return st;
    }
    cr->levels_done += (uint32_t)n;
    cr->values_done += (uint32_t)hits;
    cr->values_read += n;
    if (cr->levels_done == cr->page_levels) {
        cr->in_page = 0;
    }
    *levels = n;
    *count = hits;
    return PPQ_OK;
}

ppq_status_t ppq_column_reader_skip(ppq_column_reader_t *cr, uint64_t n, uint64_t *skipped)
{
    uint64_t rows = 0;
    size_t levels = 0, count = 0;
    ppq_status_t st = PPQ_OK;
    if (skipped == NULL) {
        return PPQ_ERR_ARG;
    }
    *skipped = 0;
    if (cr == NULL || cr->r == NULL) {
        return PPQ_ERR_ARG;
    }
    if (!PPQ_READER_SKIP) {
        return unsupported(cr->r, "skipping rows (PPQ_READER_SKIP)");
    }
    if (PPQ_READER_PAGE_INDEX && cr->ranges != NULL) {
        return PPQ_ERR_STATE; /* (ppq_column_reader_select: the rows are chosen) */
    }
    if (cr->leaf->max_rep == 0) { /* flat: a row an entry */
        while (rows < n && st == PPQ_OK) {
            size_t k = n - rows < PPQ_READER_SKIP_STEP ? (size_t)(n - rows) : PPQ_READER_SKIP_STEP;
            st = read_entries(cr, k, cr->skip_values, cr->skip_def, NULL, &levels, &count);
            if (st == PPQ_OK && levels == 0u) {
                break; /* the chunk's end */
            }
            rows += levels;
        }
        *skipped = rows;
        return st;
    }
    /* repeated: an entry at a time, counting the rows they start, up to the
     * one that starts row n + 1, kept for the next read */
    while (n > 0u && st == PPQ_OK) {
        st = read_entries(cr, 1, cr->skip_values, cr->skip_def, cr->skip_rep, &levels, &count);
        if (st != PPQ_OK || levels == 0u) {
            break;
        }
        if (cr->skip_rep[0] == 0) {
            if (rows == n) {
                cr->carry = 1;
                cr->carry_def = cr->skip_def[0];
                memcpy(&cr->carry_value, cr->skip_values, value_size(cr->leaf));
                break;
            }
            rows++;
        }
    }
    *skipped = rows;
    return st;
}

/* ---- page index and bloom filters ------------------------------------------ */

#if PPQ_READER_PAGE_INDEX

/* Whether len bytes at off lie within the file. */
static int span_ok(const ppq_reader_t *r, int64_t off, int32_t len)
{
    return off > 0 && len > 0 && (uint64_t)off <= r->file->size && (uint64_t)len <= r->file->size - (uint64_t)off;
}

/* The chunk's OffsetIndex and ColumnIndex into pi's arrays (pi->ci's caps
 * and store as set; `cap` locations): PPQ_ERR_NOSPACE when they do not
 * fit, the counts then set. */
static ppq_status_t parse_indexes(ppq_reader_t *r, const ppq_chunk_info_t *c, ppq_page_index_t *pi, uint32_t cap)
{
    ppq_thrift_r_t t;
    ppq_thrift_stream_t s;
    ppq_status_t st, st2 = PPQ_OK;
    pi->npages = 0;
    pi->ci.pages = 0;
    if (c->offset_index_offset == 0 && c->offset_index_len == 0) {
        return PPQ_OK; /* none */
    }
    if (!span_ok(r, c->offset_index_offset, c->offset_index_len)) {
        return PPQ_ERR_CORRUPT;
    }
    stream_init(&t, &s, r->file, (uint64_t)c->offset_index_offset, (size_t)c->offset_index_len, r->hdr, WINDOW);
    st = ppq_offset_index_parse(&t, pi->locs, cap, &pi->npages);
    if (st != PPQ_OK && st != PPQ_ERR_NOSPACE) {
        return s.err != PPQ_OK ? s.err : st;
    }
    if (c->column_index_offset != 0 || c->column_index_len != 0) {
        if (!span_ok(r, c->column_index_offset, c->column_index_len)) {
            return PPQ_ERR_CORRUPT;
        }
        stream_init(&t, &s, r->file, (uint64_t)c->column_index_offset, (size_t)c->column_index_len, r->hdr, WINDOW);
        st2 = ppq_column_index_parse(&t, &pi->ci);
        if (st2 != PPQ_OK && st2 != PPQ_ERR_NOSPACE) {
            return s.err != PPQ_OK ? s.err : st2;
        }
        if (pi->ci.pages != pi->npages) {
            return PPQ_ERR_CORRUPT; /* a ColumnIndex of other pages */
        }
    }
    return st != PPQ_OK ? st : st2;
}

/* n items of `size` bytes, rounded for the arena; SIZE_MAX past what can be. */
static size_t round_n(size_t n, size_t size)
{
    return n > (SIZE_MAX - 64u) / size ? SIZE_MAX : PPQ_ARENA_ROUND(n * size);
}

static size_t add_sat(size_t a, size_t b)
{
    return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* The chunk, its index counted (pi's counts) and the arena bytes it takes:
 * the locations, then the ColumnIndex's null pages, min, max, null counts
 * and bounds. */
static ppq_status_t index_size(ppq_reader_t *r, uint32_t rg, uint32_t col, const ppq_chunk_info_t **c,
                               ppq_page_index_t *pi, size_t size[6], size_t *total)
{
    ppq_status_t st;
    int i;
    memset(pi, 0, sizeof *pi);
    *total = 0;
    *c = ppq_reader_chunk(r, rg, col);
    if (*c == NULL) {
        return PPQ_ERR_ARG;
    }
    st = parse_indexes(r, *c, pi, 0);
    if (st != PPQ_OK && st != PPQ_ERR_NOSPACE) {
        return st;
    }
    size[0] = round_n(pi->npages, sizeof(ppq_page_location_t));
    size[1] = round_n(pi->ci.pages, 1u);
    size[2] = round_n(pi->ci.pages, sizeof(ppq_bytes_t));
    size[3] = size[2];
    size[4] = round_n(pi->ci.pages, 8u);
    size[5] = round_n(pi->ci.store_used, 1u);
    for (i = 0; i < 6; i++) {
        *total = add_sat(*total, size[i]);
    }
    return PPQ_OK;
}

size_t ppq_reader_page_index_size(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_status_t *st)
{
    const ppq_chunk_info_t *c;
    ppq_page_index_t pi;
    size_t size[6], total = 0;
    ppq_status_t s = r == NULL ? PPQ_ERR_ARG : index_size(r, rg, col, &c, &pi, size, &total);
    if (st != NULL) {
        *st = s;
    }
    return s == PPQ_OK ? total : 0u;
}

ppq_status_t ppq_reader_page_index(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_arena_t *arena, ppq_page_index_t *pi)
{
    const ppq_chunk_info_t *c;
    size_t size[6], total = 0, mark;
    uint64_t start, end;
    uint32_t i, pages;
    ppq_status_t st;
    if (r == NULL || arena == NULL || pi == NULL) {
        return PPQ_ERR_ARG;
    }
    TRY(index_size(r, rg, col, &c, pi, size, &total));
    pi->rows = ppq_reader_row_group_rows(r, rg);
    pi->leaf = ppq_reader_column(r, col);
    pages = pi->npages;
    if (pages == 0u) {
        return PPQ_OK; /* (none: ppq_page_index_rows gives every row) */
    }
    if (total > arena->size - arena->used) {
        return PPQ_ERR_ARENA;
    }
    mark = ppq_arena_mark(arena);
    pi->locs = (ppq_page_location_t *)ppq_arena_alloc(arena, size[0]);
    pi->ci.cap = pi->ci.pages;
    pi->ci.null_pages = (uint8_t *)ppq_arena_alloc(arena, size[1]);
    pi->ci.min = (ppq_bytes_t *)ppq_arena_alloc(arena, size[2]);
    pi->ci.max = (ppq_bytes_t *)ppq_arena_alloc(arena, size[3]);
    pi->ci.null_counts = (int64_t *)ppq_arena_alloc(arena, size[4]);
    pi->ci.store = (uint8_t *)ppq_arena_alloc(arena, size[5]);
    pi->ci.store_cap = pi->ci.store_used;
    st = parse_indexes(r, c, pi, pages);
    /* (the file read again: it may have changed) */
    st = st == PPQ_OK && pi->npages != pages ? PPQ_ERR_CORRUPT : st;
    start = (uint64_t)(c->dict_page_offset >= 0 ? c->dict_page_offset : c->data_page_offset);
    end = start + (uint64_t)c->compressed_size;
    for (i = 0; st == PPQ_OK && i < pages; i++) { /* the pages within the chunk, rows within the row group */
        const ppq_page_location_t *l = &pi->locs[i];
        if (l->offset < start || l->offset >= end || l->compressed_page_size > end - l->offset ||
            (i == 0u && l->first_row_index != 0u) || l->first_row_index >= (uint64_t)pi->rows) {
            st = PPQ_ERR_CORRUPT;
        }
    }
    if (st != PPQ_OK) {
        ppq_arena_rewind(arena, mark);
        memset(pi, 0, sizeof *pi);
    }
    return st;
}

/* -1, 0, 1 comparing two bounds of the leaf's type in its TYPE_ORDER; 2
 * when no order is known. */
static int compare_bounds(const ppq_schema_node_t *n, const ppq_bytes_t *a, const ppq_bytes_t *b)
{
    size_t w, k;
    int d;
    if (n->column_order != 1u) {
        return 2;
    }
    if (n->type == PPQ_BYTE_ARRAY || n->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        if (n->logical == 5u || n->logical == 15u || n->converted == 5 || n->converted == 21) {
            return 2; /* DECIMAL, FLOAT16, INTERVAL: not unsigned bytes */
        }
        k = a->len < b->len ? a->len : b->len;
        d = k > 0u ? memcmp(a->ptr, b->ptr, k) : 0;
        return d < 0 ? -1 : d > 0 ? 1 : a->len < b->len ? -1 : a->len > b->len;
    }
    w = ppq_plain_width((ppq_type_t)n->type, n->type_len);
    return w == 0u || a->len != w || b->len != w ? 2 : compare_plain(n, a->ptr, b->ptr);
}

ppq_status_t ppq_page_index_rows(const ppq_page_index_t *pi, const ppq_bytes_t *min, const ppq_bytes_t *max,
                                 ppq_row_range_t *out, uint32_t cap, uint32_t *n)
{
    uint32_t i, k = 0, np;
    uint64_t last_end = 0; /* the end of range k - 1, kept or not (out may be too short) */
    size_t w;
    if (pi == NULL || n == NULL || (out == NULL && cap > 0u)) {
        return PPQ_ERR_ARG;
    }
    *n = 0;
    np = pi->npages;
    if (np == 0u) { /* no index: every row */
        if (pi->rows > 0 && cap > 0u) {
            out[0].first = 0;
            out[0].end = (uint64_t)pi->rows;
        }
        *n = pi->rows > 0;
        return *n > cap ? PPQ_ERR_NOSPACE : PPQ_OK;
    }
    if (pi->leaf == NULL || pi->locs == NULL) {
        return PPQ_ERR_ARG;
    }
    w = pi->leaf->type == PPQ_BYTE_ARRAY ? 0u : ppq_plain_width((ppq_type_t)pi->leaf->type, pi->leaf->type_len);
    if ((min != NULL && w != 0u && min->len != w) || (max != NULL && w != 0u && max->len != w)) {
        return PPQ_ERR_ARG;
    }
    for (i = 0; i < np; i++) {
        uint64_t first = pi->locs[i].first_row_index;
        uint64_t end = i + 1u < np ? pi->locs[i + 1u].first_row_index : (uint64_t)pi->rows;
        if (pi->ci.pages == np && pi->ci.cap >= np &&
            (pi->ci.null_pages[i] || (max != NULL && compare_bounds(pi->leaf, &pi->ci.min[i], max) == 1) ||
             (min != NULL && compare_bounds(pi->leaf, &pi->ci.max[i], min) == -1))) {
            continue; /* no value in the range */
        }
        if (end <= first) {
            continue;
        }
        if (k > 0u && last_end == first) { /* adjacent pages: one range */
            if (k <= cap) {
                out[k - 1u].end = end;
            }
            last_end = end;
            continue;
        }
        if (k < cap) {
            out[k].first = first;
            out[k].end = end;
        }
        last_end = end;
        k++;
    }
    *n = k;
    return k > cap ? PPQ_ERR_NOSPACE : PPQ_OK;
}

ppq_status_t ppq_reader_bloom_check(ppq_reader_t *r, uint32_t rg, uint32_t col, uint64_t hash, int *maybe)
{
    const ppq_chunk_info_t *c;
    uint8_t buf[64];
    uint64_t off, avail, block;
    uint32_t nbytes = 0;
    size_t hlen = 0;
    ppq_status_t st;
    if (maybe == NULL) {
        return PPQ_ERR_ARG;
    }
    *maybe = 1;
    c = ppq_reader_chunk(r, rg, col);
    if (c == NULL) {
        return PPQ_ERR_ARG;
    }
    if (c->bloom_offset == 0) {
        return PPQ_OK; /* no filter */
    }
    if (c->bloom_offset < 0 || (uint64_t)c->bloom_offset >= r->file->size) {
        return PPQ_ERR_CORRUPT;
    }
    off = (uint64_t)c->bloom_offset;
    avail = r->file->size - off;
    if (c->bloom_len > 0) {
        if ((uint64_t)c->bloom_len > avail) {
            return PPQ_ERR_CORRUPT;
        }
        avail = (uint64_t)c->bloom_len;
    }
    TRY(read_at(r->file, off, buf, avail < sizeof buf ? (size_t)avail : sizeof buf));
    TRY(ppq_bloom_header_read(buf, avail < sizeof buf ? (size_t)avail : sizeof buf, PPQ_BLOOM_MAX_BYTES, &nbytes,
                              &hlen));
    if ((uint64_t)hlen > avail || (uint64_t)nbytes > avail - hlen) {
        return PPQ_ERR_CORRUPT; /* the bitset past the file or its stated length */
    }
    block = (((hash >> 32) * (nbytes / PPQ_BLOOM_BLOCK_BYTES)) >> 32) * PPQ_BLOOM_BLOCK_BYTES;
    TRY(read_at(r->file, off + hlen + block, buf, PPQ_BLOOM_BLOCK_BYTES));
    *maybe = ppq_bloom_check(buf, PPQ_BLOOM_BLOCK_BYTES, hash); /* (one block: the one the hash picks) */
    return PPQ_OK;
}

ppq_status_t ppq_column_reader_select(ppq_column_reader_t *cr, const ppq_page_index_t *pi, const ppq_row_range_t *ranges,
                                      uint32_t n)
{
    uint32_t i;
    if (cr == NULL || cr->r == NULL || ranges == NULL || cr->leaf->max_rep > 0) {
        return PPQ_ERR_ARG;
    }
    if (cr->values_read > 0u || cr->in_page || cr->ranges != NULL) {
        return PPQ_ERR_STATE;
    }
    for (i = 0; i < n; i++) {
        if (ranges[i].first >= ranges[i].end || (i > 0u && ranges[i].first < ranges[i - 1u].end)) {
            return PPQ_ERR_ARG;
        }
    }
    if (pi != NULL && pi->npages > 0u) {
        if (pi->locs == NULL || pi->locs[0].offset < cr->pos || pi->locs[pi->npages - 1u].offset >= cr->end) {
            return PPQ_ERR_ARG; /* another chunk's */
        }
        cr->locs = pi->locs;
        cr->nlocs = pi->npages;
    }
    cr->ranges = ranges;
    cr->nranges = n;
    return PPQ_OK;
}

/* The first page whose first row is above `row` (or whose offset is at
 * least `off`, by_off). */
static uint32_t loc_after(const ppq_column_reader_t *cr, uint64_t v, int by_off)
{
    uint32_t lo = 0, hi = cr->nlocs;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (by_off ? cr->locs[mid].offset < v : cr->locs[mid].first_row_index <= v) {
            lo = mid + 1u;
        } else {
            hi = mid;
        }
    }
    return lo;
}

static ppq_status_t read_selected(ppq_column_reader_t *cr, size_t max, void *values, int16_t *def, int16_t *rep,
                                  size_t *levels, size_t *count)
{
    ppq_status_t st;
    if (levels == NULL || count == NULL) {
        return PPQ_ERR_ARG;
    }
    *levels = 0;
    *count = 0;
    if (values == NULL && max > 0u) {
        return PPQ_ERR_ARG;
    }
    while (cr->err == PPQ_OK && max > 0u) {
        const ppq_row_range_t *g;
        uint64_t want, avail;
        while (cr->range_at < cr->nranges && cr->row >= cr->ranges[cr->range_at].end) {
            cr->range_at++;
        }
        if (cr->range_at == cr->nranges) {
            return PPQ_OK; /* the last range read */
        }
        g = &cr->ranges[cr->range_at];
        if (cr->row >= g->first) { /* in the range: its rows */
            want = g->end - cr->row;
            st = read_entries(cr, want < max ? (size_t)want : max, values, def, rep, levels, count);
            cr->row += *levels;
            return st;
        }
        avail = cr->in_page ? (uint64_t)(cr->page_levels - cr->levels_done) : 0u;
        if (cr->nlocs > 0u && cr->row + avail <= g->first) { /* the range starts past this page */
            uint32_t p = loc_after(cr, g->first, 0) - 1u; /* (locs[0] is row 0) */
            const ppq_page_location_t *l = &cr->locs[p];
            if (l->first_row_index > cr->row && l->offset >= cr->pos && l->offset < cr->end) {
                cr->pages_jumped += p - loc_after(cr, cr->pos, 1);
                cr->in_page = 0;
                cr->row = l->first_row_index;
                if (cr->pos >= cr->locs[0].offset) {
                    cr->pos = l->offset; /* (the dictionary, before the data pages, read) */
                } else {
                    cr->jump = l->offset; /* after the dictionary page */
                }
                continue;
            }
        }
        /* the rows before the range in this page: decoded and dropped */
        want = g->first - cr->row;
        st = read_entries(cr, want < max ? (size_t)want : max, values, def, rep, levels, count);
        if (st != PPQ_OK || *levels == 0u) {
            return st; /* (0: the chunk's end) */
        }
        cr->row += *levels;
        *levels = 0;
        *count = 0;
    }
    return cr->err;
}

#else /* PPQ_READER_PAGE_INDEX */

size_t ppq_reader_page_index_size(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_status_t *st)
{
    (void)rg;
    (void)col;
    if (st != NULL) {
        *st = r != NULL ? unsupported(r, "page indexes (PPQ_READER_PAGE_INDEX)") : PPQ_ERR_ARG;
    }
    return 0;
}

ppq_status_t ppq_reader_page_index(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_arena_t *arena, ppq_page_index_t *pi)
{
    (void)rg;
    (void)col;
    (void)arena;
    (void)pi;
    return r != NULL ? unsupported(r, "page indexes (PPQ_READER_PAGE_INDEX)") : PPQ_ERR_ARG;
}

ppq_status_t ppq_page_index_rows(const ppq_page_index_t *pi, const ppq_bytes_t *min, const ppq_bytes_t *max,
                                 ppq_row_range_t *out, uint32_t cap, uint32_t *n)
{
    (void)pi;
    (void)min;
    (void)max;
    (void)out;
    (void)cap;
    (void)n;
    return PPQ_ERR_UNSUPPORTED;
}

ppq_status_t ppq_reader_bloom_check(ppq_reader_t *r, uint32_t rg, uint32_t col, uint64_t hash, int *maybe)
{
    (void)rg;
    (void)col;
    (void)hash;
    (void)maybe;
    return r != NULL ? unsupported(r, "bloom filters (PPQ_READER_PAGE_INDEX)") : PPQ_ERR_ARG;
}

ppq_status_t ppq_column_reader_select(ppq_column_reader_t *cr, const ppq_page_index_t *pi, const ppq_row_range_t *ranges,
                                      uint32_t n)
{
    (void)pi;
    (void)ranges;
    (void)n;
    return cr != NULL && cr->r != NULL ? unsupported(cr->r, "page indexes (PPQ_READER_PAGE_INDEX)") : PPQ_ERR_ARG;
}

#endif /* PPQ_READER_PAGE_INDEX */
