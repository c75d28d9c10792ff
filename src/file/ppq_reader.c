/* The Parquet file reader (see ppq_reader.h). */
#include "ppq_reader.h"
#include "ppq_bitpacked.h"
#include "ppq_internal.h"
#include "ppq_port.h"
#include "ppq_rle_internal.h"
#include "ppq_thrift.h"

/* Page headers longer than this are PPQ_ERR_UNSUPPORTED (statistics of
 * huge byte arrays): one buffer of it per column reader. */
#define HDR_MAX 1024u
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

/* ---- footer ----------------------------------------------------------------- */

/* The parse fills what is allocated (second pass) or only counts (first). */
typedef struct parse {
    ppq_reader_t *r;
    ppq_thrift_r_t t;
    int store;
    uint32_t nodes, rgs, chunks, kvs; /* counted */
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

/* TimeUnit / TIME, TIMESTAMP fields into the node. */
static ppq_status_t parse_time(parse_t *p, ppq_schema_node_t *n)
{
    int16_t id;
    ppq_thrift_type_t t;
    ppq_status_t st;
    int b;
    for (;;) {
        TRY(ppq_thrift_r_field(&p->t, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        if (id == 1) {
            TRY(ppq_thrift_r_bool(&p->t, t, &b));
            n->utc = (uint8_t)(b != 0);
        } else if (id == 2) { /* TimeUnit: a union of empty structs 1, 2, 3 */
            TRY(ppq_thrift_r_struct(&p->t, t));
            for (;;) {
                TRY(ppq_thrift_r_field(&p->t, &id, &t));
                if (t == PPQ_THRIFT_STOP) {
                    break;
                }
                n->unit = (uint8_t)(id >= 1 && id <= 3 ? id - 1 : 0);
                TRY(ppq_thrift_r_skip(&p->t, t));
            }
        } else {
            TRY(ppq_thrift_r_skip(&p->t, t));
        }
    }
}

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
        if (id == 7 || id == 8) {
            TRY(parse_time(p, n));
            continue;
        }
        for (;;) { /* DECIMAL scale/precision, INTEGER bitWidth/isSigned; others empty */
            int32_t v;
            int8_t b8;
            int b;
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
            } else if (id == 10 && id2 == 2) {
                TRY(ppq_thrift_r_bool(&p->t, t2, &b));
                n->int_signed = (uint8_t)(b != 0);
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
        switch (id) {
        case 1: TRY(get_i32(p, t, 0, 7, &v)); n->type = (int8_t)v; break;
        case 2: TRY(get_i32(p, t, 0, 0x7FFFFFFF, &v)); n->type_len = (uint32_t)v; break;
        case 3: TRY(get_i32(p, t, 0, 2, &v)); n->repetition = (uint8_t)v; break;
        case 4: TRY(ppq_thrift_r_binary(&p->t, t, &s, &n->name_len)); n->name = (const char *)s; break;
        case 5: TRY(get_i32(p, t, 0, 0x7FFFFFFF, &v)); n->num_children = (uint32_t)v; break;
        case 6: TRY(get_i32(p, t, 0, 127, &v)); n->converted = (int8_t)v; break;
        case 7: TRY(get_i32(p, t, 0, 1000, &v)); n->scale = v; break;
        case 8: TRY(get_i32(p, t, 0, 1000, &v)); n->precision = v; break;
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
            TRY(ppq_thrift_r_binary(&p->t, t, &b, &len));
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
        case 9: TRY(ppq_thrift_r_i64(&p->t, t, &c->data_page_offset)); break;
        case 11: TRY(ppq_thrift_r_i64(&p->t, t, &c->dict_page_offset)); break;
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

/* A RowGroup: its chunks go to r->chunks[g * ncols ...]. */
static ppq_status_t parse_row_group(parse_t *p, uint32_t g)
{
    ppq_reader_t *r = p->r;
    int16_t id, id2;
    ppq_thrift_type_t t, et, t2;
    ppq_status_t st;
    uint32_t n, i;
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
            for (i = 0; i < n; i++) {
                ppq_chunk_info_t tmp, *c = p->store ? &r->chunks[(size_t)g * r->ncols + i] : &tmp;
                int32_t type = -1;
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
                    } else if (id2 == 1) {
                        return unsupported(r, "column chunks in other files (file_path)");
                    } else {
                        TRY(ppq_thrift_r_skip(&p->t, t2));
                    }
                }
                if (p->store) { /* the chunk against its leaf and the file */
                    const ppq_schema_node_t *leaf = &r->nodes[r->leaves[i]];
                    int64_t start = c->dict_page_offset >= 0 ? c->dict_page_offset : c->data_page_offset;
                    if (type != leaf->type || c->num_values < 0 || c->compressed_size < 0 || start < 4 ||
                        c->data_page_offset < start || (uint64_t)start > r->file->size ||
                        (uint64_t)c->compressed_size > r->file->size - (uint64_t)start) {
                        return PPQ_ERR_CORRUPT;
                    }
                }
            }
        } else {
            TRY(ppq_thrift_r_skip(&p->t, t));
        }
    }
    if (rows < 0) {
        return PPQ_ERR_CORRUPT;
    }
    if (p->store) {
        r->rg_rows[g] = rows;
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
    uint32_t n, i;
    int have_schema = 0;
    ppq_thrift_r_init(&p->t, r->footer, r->footer_len);
    for (;;) {
        TRY(ppq_thrift_r_field(&p->t, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        switch (id) {
        case 2: /* schema */
            TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
            if (n == 0u || n > r->footer_len) {
                return PPQ_ERR_CORRUPT;
            }
            p->nodes = n;
            for (i = 0; i < n; i++) {
                ppq_schema_node_t tmp, *node = p->store ? &r->nodes[i] : &tmp;
                TRY(ppq_thrift_r_struct(&p->t, et));
                TRY(parse_schema_element(p, node));
                if (node->num_children == 0u && i > 0u) {
                    p->chunks++; /* a leaf */
                }
            }
            if (p->store) {
                TRY(build_tree(r));
            }
            have_schema = 1;
            break;
        case 3: TRY(ppq_thrift_r_i64(&p->t, t, &r->num_rows)); break;
        case 4: /* row groups */
            if (!have_schema) {
                return PPQ_ERR_CORRUPT; /* (every writer puts the schema first) */
            }
            TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
            if (n > r->footer_len) {
                return PPQ_ERR_CORRUPT;
            }
            p->rgs = n;
            r->ncols = p->chunks;
            for (i = 0; i < n; i++) {
                TRY(ppq_thrift_r_struct(&p->t, et));
                TRY(parse_row_group(p, i));
            }
            break;
        case 5: /* key-value metadata */
            TRY(ppq_thrift_r_list(&p->t, t, &et, &n));
            if (n > r->footer_len) {
                return PPQ_ERR_CORRUPT;
            }
            p->kvs = n;
            for (i = 0; i < n; i++) {
                ppq_key_value_ref_t tmp, *kv = p->store ? &r->kv[i] : &tmp;
                int16_t kid;
                ppq_thrift_type_t kt;
                memset(kv, 0, sizeof *kv);
                TRY(ppq_thrift_r_struct(&p->t, et));
                for (;;) {
                    TRY(ppq_thrift_r_field(&p->t, &kid, &kt));
                    if (kt == PPQ_THRIFT_STOP) {
                        break;
                    }
                    if (kid == 1) {
                        TRY(ppq_thrift_r_binary(&p->t, kt, &kv->key, &kv->key_len));
                    } else if (kid == 2) {
                        TRY(ppq_thrift_r_binary(&p->t, kt, &kv->value, &kv->value_len));
                    } else {
                        TRY(ppq_thrift_r_skip(&p->t, kt));
                    }
                }
            }
            break;
        case 6: TRY(ppq_thrift_r_binary(&p->t, t, &r->created_by, &r->created_by_len)); break;
        default: TRY(ppq_thrift_r_skip(&p->t, t)); break;
        }
    }
    return have_schema ? PPQ_OK : PPQ_ERR_CORRUPT;
}

ppq_status_t ppq_reader_open(ppq_reader_t *r, ppq_file_t *file, ppq_arena_t *arena)
{
    uint8_t tail[8], head[4];
    uint64_t size;
    uint32_t flen;
    size_t mark, need;
    parse_t p;
    ppq_status_t st;
    if (r == NULL || file == NULL || file->read_at == NULL || arena == NULL) {
        return PPQ_ERR_ARG;
    }
    memset(r, 0, sizeof *r);
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
    r->hdr = (uint8_t *)ppq_arena_alloc(arena, HDR_MAX);
    r->footer = r->hdr != NULL ? (uint8_t *)ppq_arena_alloc(arena, flen) : NULL;
    if (r->footer == NULL) {
        r->need = mark + PPQ_ARENA_ROUND(HDR_MAX) + PPQ_ARENA_ROUND(flen);
        ppq_arena_rewind(arena, mark);
        return PPQ_ERR_ARENA;
    }
    st = read_at(file, size - 8u - flen, r->footer, flen);
    memset(&p, 0, sizeof p);
    p.r = r;
    st = st == PPQ_OK ? parse_footer(&p) : st; /* counting */
    if (st != PPQ_OK) {
        ppq_arena_rewind(arena, mark);
        return st;
    }
    need = PPQ_ARENA_ROUND((size_t)p.nodes * sizeof(ppq_schema_node_t)) + PPQ_ARENA_ROUND((size_t)p.chunks * 4u) +
           PPQ_ARENA_ROUND((size_t)p.rgs * 8u) + PPQ_ARENA_ROUND((size_t)p.rgs * p.chunks * sizeof(ppq_chunk_info_t)) +
           PPQ_ARENA_ROUND((size_t)p.kvs * sizeof(ppq_key_value_ref_t));
    if (need > arena->size - arena->used) {
        r->need = ppq_arena_used(arena) + need;
        ppq_arena_rewind(arena, mark);
        return PPQ_ERR_ARENA;
    }
    r->nnodes = p.nodes;
    r->ncols = p.chunks;
    r->nrg = p.rgs;
    r->nkv = p.kvs;
    r->nodes = (ppq_schema_node_t *)ppq_arena_alloc(arena, (size_t)p.nodes * sizeof(ppq_schema_node_t));
    r->leaves = (uint32_t *)ppq_arena_alloc(arena, (size_t)p.chunks * 4u);
    r->rg_rows = (int64_t *)ppq_arena_alloc(arena, (size_t)p.rgs * 8u);
    r->chunks = (ppq_chunk_info_t *)ppq_arena_alloc(arena, (size_t)p.rgs * p.chunks * sizeof(ppq_chunk_info_t));
    r->kv = (ppq_key_value_ref_t *)ppq_arena_alloc(arena, (size_t)p.kvs * sizeof(ppq_key_value_ref_t));
    memset(&p, 0, sizeof p);
    p.r = r;
    p.store = 1;
    st = parse_footer(&p);
    if (st != PPQ_OK) {
        ppq_arena_rewind(arena, mark);
    }
    return st;
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
    if (r == NULL || rg >= r->nrg || col >= r->ncols) {
        return 1;
    }
    c = &r->chunks[(size_t)rg * r->ncols + col];
    n = &r->nodes[r->leaves[col]];
    w = ppq_plain_width((ppq_type_t)n->type, n->type_len);
    if (c->stats.legacy || c->stats.min == NULL || c->stats.max == NULL || n->type == PPQ_BYTE_ARRAY ||
        (w != 0u && (c->stats.min_len != w || c->stats.max_len != w))) {
        return 1; /* nothing proven (byte arrays: the order depends on the logical type) */
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
    int32_t type, raw, size, crc;
    int has_crc;
    int32_t values, encoding, def_enc, rep_enc; /* data page (v1, v2), dictionary page */
    int32_t nulls, rows, def_len, rep_len;      /* v2 */
    int compressed;                              /* v2: is_compressed (default true) */
    size_t hdr_len;
} page_hdr_t;

static ppq_status_t parse_page_kind(ppq_thrift_r_t *t, int16_t kind, page_hdr_t *h)
{
    int16_t id;
    ppq_thrift_type_t ty;
    ppq_status_t st;
    int32_t *fields[8] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    int b;
    fields[1] = &h->values;
    if (kind == 5) { /* DataPageHeader */
        fields[2] = &h->encoding;
        fields[3] = &h->def_enc;
        fields[4] = &h->rep_enc;
    } else if (kind == 7) { /* DictionaryPageHeader */
        fields[2] = &h->encoding;
    } else { /* DataPageHeaderV2 */
        fields[2] = &h->nulls;
        fields[3] = &h->rows;
        fields[4] = &h->encoding;
        fields[5] = &h->def_len;
        fields[6] = &h->rep_len;
    }
    for (;;) {
        TRY(ppq_thrift_r_field(t, &id, &ty));
        if (ty == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        if (id >= 1 && id <= 6 && fields[id] != NULL) {
            TRY(ppq_thrift_r_i32(t, ty, fields[id]));
            if (*fields[id] < 0) {
                return PPQ_ERR_CORRUPT;
            }
        } else if (kind == 8 && id == 7) {
            TRY(ppq_thrift_r_bool(t, ty, &b));
            h->compressed = b != 0;
        } else {
            TRY(ppq_thrift_r_skip(t, ty));
        }
    }
}

/* Parse a page header from hdr[0..len) into h (hdr_len set). */
static ppq_status_t parse_header(const uint8_t *hdr, size_t len, page_hdr_t *h)
{
    ppq_thrift_r_t t;
    int16_t id;
    ppq_thrift_type_t ty;
    ppq_status_t st;
    memset(h, 0, sizeof *h);
    h->type = -1;
    h->compressed = 1;
    ppq_thrift_r_init(&t, hdr, len);
    for (;;) {
        st = ppq_thrift_r_field(&t, &id, &ty);
        if (st != PPQ_OK || ty == PPQ_THRIFT_STOP) {
            break;
        }
        if (id >= 1 && id <= 4) {
            int32_t *f = id == 1 ? &h->type : id == 2 ? &h->raw : id == 3 ? &h->size : &h->crc;
            st = ppq_thrift_r_i32(&t, ty, f);
            h->has_crc |= id == 4;
        } else if (id == 5 || id == 7 || id == 8) {
            st = ppq_thrift_r_struct(&t, ty);
            st = st == PPQ_OK ? parse_page_kind(&t, id, h) : st;
        } else {
            st = ppq_thrift_r_skip(&t, ty);
        }
        if (st != PPQ_OK) {
            break;
        }
    }
    h->hdr_len = ppq_thrift_r_offset(&t, hdr);
    return st;
}

/* Headers are read HDR_FIRST bytes first (most are some 40 bytes), the
 * whole buffer only for one that runs past them. */
#define HDR_FIRST 128u

/* The page header at pos (the chunk ends at end), read into hdr (cap
 * bytes) and parsed into h. */
static ppq_status_t read_header(ppq_reader_t *r, uint64_t pos, uint64_t end, uint8_t *hdr, size_t cap, page_hdr_t *h)
{
    size_t full = end - pos < cap ? (size_t)(end - pos) : cap, len = full < HDR_FIRST ? full : HDR_FIRST;
    ppq_status_t st;
    TRY(read_at(r->file, pos, hdr, len));
    st = parse_header(hdr, len, h);
    if (st == PPQ_ERR_CORRUPT && len < full) { /* a longer header: the whole buffer */
        len = full;
        TRY(read_at(r->file, pos, hdr, len));
        st = parse_header(hdr, len, h);
    }
    if (st != PPQ_OK) { /* a header running past a full buffer is a big one, not a broken one */
        return st == PPQ_ERR_CORRUPT && len == cap && end - pos > cap ? unsupported(r, "page headers over 1 KiB") : st;
    }
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
        TRY(read_header(r, pos, end, r->hdr, HDR_MAX, &h));
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

size_t ppq_column_reader_arena_size(ppq_reader_t *r, uint32_t rg, uint32_t col, ppq_status_t *st)
{
    const ppq_chunk_info_t *c;
    needs_t n;
    size_t size[7];
    ppq_status_t s;
    if (r == NULL || rg >= r->nrg || col >= r->ncols) {
        if (st != NULL) {
            *st = PPQ_ERR_ARG;
        }
        return 0;
    }
    c = &r->chunks[(size_t)rg * r->ncols + col];
    s = c->codec == PPQ_CODEC_UNCOMPRESSED || ppq_codec_can_decompress((ppq_codec_t)c->codec)
            ? chunk_needs(r, c, &n)
            : unsupported(r, ppq_codec_name((ppq_codec_t)c->codec));
    if (st != NULL) {
        *st = s;
    }
    return s == PPQ_OK ? layout(c, &r->nodes[r->leaves[col]], &n, size) : 0u;
}

/* ---- column reader ------------------------------------------------------------ */

ppq_status_t ppq_column_reader_init(ppq_column_reader_t *cr, ppq_reader_t *r, uint32_t rg, uint32_t col,
                                    ppq_arena_t *arena)
{
    const ppq_chunk_info_t *c;
    const ppq_schema_node_t *leaf;
    size_t size[7], total, mark;
    uint8_t *mem[7];
    needs_t n;
    ppq_status_t st;
    int i;
    if (cr == NULL || r == NULL || arena == NULL || rg >= r->nrg || col >= r->ncols) {
        return PPQ_ERR_ARG;
    }
    memset(cr, 0, sizeof *cr);
    c = &r->chunks[(size_t)rg * r->ncols + col];
    leaf = &r->nodes[r->leaves[col]];
    if (c->codec != PPQ_CODEC_UNCOMPRESSED && !ppq_codec_can_decompress((ppq_codec_t)c->codec)) {
        return unsupported(r, ppq_codec_name((ppq_codec_t)c->codec));
    }
    TRY(chunk_needs(r, c, &n));
    total = layout(c, leaf, &n, size);
    mark = ppq_arena_mark(arena);
    if (total > arena->size - arena->used) {
        cr->need = mark + total;
        return PPQ_ERR_ARENA;
    }
    for (i = 0; i < 7; i++) {
        mem[i] = (uint8_t *)ppq_arena_alloc(arena, size[i]);
    }
    cr->r = r;
    cr->leaf = leaf;
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

/* Encoding value names for the unsupported message. */
static const char *encoding_name(int32_t e)
{
    static const char *const names[] = {"PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED",
                                        "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY",
                                        "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"};
    return e >= 0 && e <= 9 ? names[e] : "an unknown encoding";
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
    if (max == 0) {
        return PPQ_OK;
    }
    if (v2) {
        if ((size_t)v2_len > len) {
            return PPQ_ERR_CORRUPT;
        }
        *used = (size_t)v2_len;
        return ppq_rle_dec_init(rle, w, 0, p, (size_t)v2_len, n);
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
    while (done < n) {
        uint32_t v = 0;
        size_t k = HAS(PPQ_ENC_BIT_PACKED) && is_bp ? 0u : ppq_rle_dec_repeat(rle, n - done, &v, &st);
        TRY(st);
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
        TRY(HAS(PPQ_ENC_BIT_PACKED) && is_bp ? ppq_bitpacked_dec_get(bp, buf, k, &got) : ppq_rle_dec_get(rle, buf, k, &got));
        if (got != k) {
            return PPQ_ERR_CORRUPT; /* fewer levels than the page's values */
        }
        if (max == 1) { /* bit width 1: no level passes the maximum; ones are hits */
            size_t h = 0;
            if (out != NULL) {
                for (i = 0; i < k; i++) {
                    h += buf[i];
                    out[done + i] = (int16_t)buf[i];
                }
            } else {
                for (i = 0; i < k; i++) {
                    h += buf[i];
                }
            }
            *hits += h;
        } else { /* (no branch per level: the checks and the count in one pass) */
            uint32_t over = 0;
            size_t h = 0;
            for (i = 0; i < k; i++) {
                over |= buf[i] > (uint32_t)max;
                h += buf[i] == (uint32_t)max;
            }
            if (over != 0u) {
                return PPQ_ERR_CORRUPT;
            }
            *hits += h;
            for (i = 0; out != NULL && i < k; i++) {
                out[done + i] = (int16_t)buf[i];
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
        uint8_t *stored, *dst;
        size_t cap, lvl = 0, got = 0, used, hits;
        TRY(read_header(r, cr->pos, cr->end, r->hdr, HDR_MAX, &h));
        cr->pos += h.hdr_len;
        dict = h.type == PAGE_DICT;
        v2 = h.type == PAGE_DATA_V2;
        if (!dict && !v2 && h.type != PAGE_DATA) {
            cr->pos += (uint64_t)h.size; /* an index page, or a page type this reader does not know */
            continue;
        }
        dst = dict ? cr->dict_buf : cr->pbuf;
        cap = dict ? cr->dict_cap : cr->pcap;
        stored = codec ? cr->zbuf : dst;
        if ((size_t)h.size > (codec ? cr->zcap : cap) || (size_t)h.raw > cap) {
            return PPQ_ERR_CORRUPT; /* (chunk_needs measured every page: the file changed) */
        }
        TRY(read_at(r->file, cr->pos, stored, (size_t)h.size));
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
        if (PPQ_DECOMPRESSORS != 0u && codec && (!v2 || h.compressed)) {
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
            TRY(ppq_dict_dec_init(&cr->dict, (ppq_type_t)leaf->type, leaf->type_len, cr->dict_buf, (size_t)h.raw,
                                  (uint32_t)h.values, &cr->dict_arena));
            cr->have_dict = 1;
            continue;
        }
        /* a data page: levels, then values */
        {
            const uint8_t *p = cr->pbuf;
            size_t left = (size_t)h.raw;
            uint32_t n = (uint32_t)h.values;
            if (!HAS(PPQ_ENC_BIT_PACKED) && !v2 &&
                ((h.rep_enc == PPQ_ENC_BIT_PACKED && leaf->max_rep > 0) ||
                 (h.def_enc == PPQ_ENC_BIT_PACKED && leaf->max_def > 0))) {
                return unsupported(cr->r, "BIT_PACKED"); /* levels (deprecated), left out of this build */
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
            if (cr->in_page) {
                return PPQ_OK;
            }
        }
    }
    return PPQ_OK;
}

/* k values of the page into out. */
static ppq_status_t get_values(ppq_column_reader_t *cr, void *out, size_t k)
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
        while (got < k && st == PPQ_OK) {
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
        if (st == PPQ_OK && got < k && cr->values_done + got < (uint32_t)cr->page_values) {
            return unsupported(cr->r, "DELTA_BYTE_ARRAY values of one read over twice the page: read fewer");
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
    return got == k ? PPQ_OK : PPQ_ERR_CORRUPT; /* fewer values than the levels say */
}

ppq_status_t ppq_column_reader_read(ppq_column_reader_t *cr, size_t max, void *values, int16_t *def, int16_t *rep,
                                    size_t *levels, size_t *count)
{
    const ppq_schema_node_t *leaf;
    size_t n, hits = 0, reps;
    ppq_status_t st;
    if (levels == NULL || count == NULL) {
        return PPQ_ERR_ARG;
    }
    *levels = 0;
    *count = 0;
    if (cr == NULL || cr->r == NULL || (values == NULL && max > 0u)) {
        return PPQ_ERR_ARG;
    }
    leaf = cr->leaf;
    if ((leaf->max_def > 0 && def == NULL) || (leaf->max_rep > 0 && rep == NULL)) {
        return PPQ_ERR_ARG;
    }
    if (cr->err != PPQ_OK || max == 0u) {
        return cr->err;
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
    st = get_levels(&cr->rep_dec, &cr->rep_bp, cr->rep_is_bp, leaf->max_rep, rep, n, &reps);
    if (st == PPQ_OK) {
        st = get_levels(&cr->def_dec, &cr->def_bp, cr->def_is_bp, leaf->max_def, def, n, &hits);
    }
    if (st == PPQ_OK && (cr->values_done + hits > (uint32_t)cr->page_values ||
                         (cr->levels_done + n == cr->page_levels && cr->values_done + hits != (uint32_t)cr->page_values))) {
        st = PPQ_ERR_CORRUPT; /* the levels disagree with the page's value count */
    }
    if (st == PPQ_OK && hits > 0u) {
        st = get_values(cr, values, hits);
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
