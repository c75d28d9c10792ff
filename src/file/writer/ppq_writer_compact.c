/* The compact layout (opts.compact): one page per column chunk, the
 * columns' streams and dictionaries in one store.  (A unit of
 * ppq_writer.c: see ppq_writer_internal.h.) */

/* ---- the compact layout (opts.compact) --------------------------------------
 * One page per column chunk, encoded as the values arrive into the store:
 * from its start, segments of the columns' streams (values, and the
 * definition levels of OPTIONAL columns), each [stream id][length][bytes]
 * with a stream's consecutive writes joined; from its end, downwards, the
 * dictionaries' entries, each [value][(byte arrays) length u16][(once a
 * dictionary of the row group is wider than 8 bits) index >> 8][index]
 * [column], found through one hash table of their end offsets.  Before
 * a row goes in, admit() adds up what it and the pages' ends could still
 * write (bounds from the encoders' states, the exact bytes of a delta
 * block the row completes, new entries); a row that does not fit ends the
 * row group first.  So RAM holds encoded bytes only, and a row group takes
 * all the store its data needs. */

#define SEG_HEAD 2u   /* a segment's stream id and length (<= 255) */
#define SEG_MAX 255u
#define REC_TAIL 2u   /* an entry's index (low byte) and column (u8); below them, the
                         index's high byte where w->wide_at says */
#define COMPACT_GROUPS 8u /* groups of 8 per bit-packed run of the streams' RLE encoders */
#define NO_SEG ((size_t)-1)
/* The footer store bounds the file's rows: no spill, and under 64 KiB of
 * it (a row group more costs rows where every row group's metadata
 * counts). */
#define FOOTER_BOUNDS(w) ((w)->opts.footer_spill == NULL && (w)->footer_cap < 0x10000u)
/* Has the footer store room for 16 times the row groups' metadata it
 * holds (or a spill)?  Without a spill its room is the file's rows: AUTO
 * keeps a dictionary whose fills end row groups early, where PLAIN's
 * would not, only while so (keeping every dictionary that paid so, a file
 * of 29,170 rows, its footer store 591 row groups', had held 14,409). */
#define FOOTER_ROOMY(w) ((w)->opts.footer_spill != NULL || (w)->footer_len <= (w)->footer_cap / 16u)
#define COMPACT_DELTA32 512u /* DELTA's buffer: a block of 128 deltas in 32 bits (narrow) */
/* An AUTO INT32 in a store below 16 such blocks borrows DELTA's buffer
 * from the store's end (plan_compact, compact_reset): built where flash is
 * not the constraint (64-bit CPUs; about 280 bytes on Cortex-M, whose
 * builds then give such a column a dictionary and PLAIN only, as before).
 * -DPPQ_WRITER_COMPACT_LEND=0|1 chooses. */
#ifndef PPQ_WRITER_COMPACT_LEND
#define PPQ_WRITER_COMPACT_LEND WIDE_CPU
#endif
#define COMPACT_LEND (PPQ_WRITER_COMPACT_LEND && BUILT(K_DELTA))
/* ... its deltas kept in 1 or 2 bytes where they fit (less the block's
 * first; ppq_delta_enc_init_small): the store lends a quarter or half of
 * the buffer, by the widths the column's last row group needed (a delta
 * past them makes the rest of the row group a PLAIN page: compact_split_delta;
 * the next lends more).  Sorted timestamps and counters in 1-2 KB stores
 * went PLAIN at 4 bytes a row where DELTA took a bit or two: its 512
 * bytes had cost more rows than PLAIN's. */
#define COMPACT_SMALL (PPQ_WRITER_COMPACT_LEND && PPQ_DELTA_SMALL) /* (#if: BUILT is not for the preprocessor) */
#if COMPACT_SMALL
#define COMPACT_SPLIT(cc) ((cc)->dsplit != 0u)
#else
#define COMPACT_SPLIT(cc) 0
#endif
/* Refinements of AUTO built where flash is not the constraint (64-bit
 * CPUs; several hundred bytes on Cortex-M, whose builds go without): an
 * AUTO dictionary of distinct values only written as its entries, PLAIN;
 * an AUTO BOOLEAN chunk whose RLE takes more than PLAIN's bits as those
 * bits; a constant DELTA chunk as one block; a chunk written in another
 * encoding than the store's where that takes less (redelta, redict,
 * replain: compact_write_chunk); in compact_weigh, no switch on a row group of one
 * value, no tries of a PLAIN whose bytes are known, and a FLOAT, DOUBLE or
 * FIXED_LEN_BYTE_ARRAY on PLAIN that counts what its dictionary would take (compact_plain_dict,
 * about 580 bytes on Cortex-M4).
 * -DPPQ_WRITER_COMPACT_FLAT=0|1 chooses. */
#ifndef PPQ_WRITER_COMPACT_FLAT
#define PPQ_WRITER_COMPACT_FLAT WIDE_CPU
#endif

/* A stream's sink context. */
typedef struct stream_ctx {
    ppq_writer_t *w;
    uint8_t id;       /* 2 * column, + 1 for the levels */
    uint32_t len;     /* bytes this row group */
} stream_ctx_t;

typedef struct compact_col {
    union {
        struct {
            int64_t lo, hi; /* least and greatest delta of the open block */
        } delta;
        struct {            /* the chunk's first data page, when the dictionary outgrew
                               its width: 0 rows, or its rows, bytes of the values and
                               levels streams, and index width (compact_split) */
            uint32_t rows;
            uint16_t vals, levs;
            uint8_t width;
            /* and, AUTO (not an integer's): 1 where its last row group took
             * more than PLAIN (compact_weigh; in the union's room, kept from
             * row group to row group) */
            uint8_t lost;
        } split;
    } by;                   /* by kind: DELTA's, DICT's (first: no padding before it) */
    stream_ctx_t vals;
    uint16_t dict_count;    /* DICT: entries this row group, and their PLAIN bytes (both */
    uint16_t dict_bytes;    /* below the store's 64 KiB) */
    uint16_t didx;          /* admit(): the pending value's index (below 2^16) ... */
    uint8_t dnew;           /* ... or 1: a new entry */
    uint8_t dict_width;     /* index bit width of this row group's page */
    uint8_t dict_full;      /* the row group ended with this dictionary full (DELTA: with a
                               delta beyond 32 bits, and the column takes PLAIN from then) */
    uint8_t dwidth;         /* DELTA: bit width of the block's spread hi - lo */
    uint8_t alt_left;       /* AUTO: row groups to write as alt_kind before its own encoding is
                               tried again (compact_weigh) ... */
    uint8_t alt_tries;      /* ... how often in a row it lost (each doubles the wait) ... */
    uint8_t alt_kind;       /* ... and that encoding: PLAIN, DELTA (floats and byte arrays
                               never) or a dictionary (integers) */
    uint8_t no_delta;       /* deltas passed 32 bits, often: DELTA no more */
    uint8_t jumped;         /* a delta passed 32 bits once (compact_reset) */
    uint8_t lent;           /* its encoder's buffer lent by the store, from its end (an
                               INT32 in a small store: compact_reset) */
#if COMPACT_SMALL
    uint8_t dmax;           /* DELTA, lent: the widest spread of a block this row group (8 or
                               16: a delta its 1- or 2-byte buffer did not take) ... */
    uint8_t dsplit;         /* ... which made the rest of the row group PLAIN (compact_split_delta) */
#endif
    struct compact_est *est; /* AUTO integers: what DELTA and a dictionary would take of the
                                row group (NULL: none) */
    /* OPTIONAL columns only (REQUIRED ones are allocated without): */
    stream_ctx_t levs;      /* definition levels */
    ppq_sink_t lev_sink;
    ppq_rle_enc_t lev;
} compact_col_t;

/* What an AUTO integer column's row group would take as the encodings it
 * is not taking: DELTA_BINARY_PACKED (while it takes another), each
 * miniblock of 32 deltas at the width of its spread (a block's least
 * delta may widen it a little); a dictionary (while it takes another),
 * from a count of its distinct values: one bit of 128 per value's hash
 * (a value equal to the one before costs nothing), past SKETCH_MAX bits
 * one value in 16 (the hash's next bits 0) in a sketch begun again,
 * counted 16 times over the values before it (where built: ids held a
 * few rows each, 253 in a row group of 2,049, had gone PLAIN at 8 bytes a
 * row where their dictionary took 4.6 KB of its 16.4), given up past
 * SKETCH_MAX bits again, and its runs of equal values (RLE runs from 8 on,
 * the rest bit-packed). */
#define SKETCH_MAX 48u
#define EST_SAMPLES (PPQ_WRITER_COMPACT_FLAT != 0) /* (flash: 64-bit CPUs) */
typedef struct compact_est {
    int64_t prev, lo, hi;   /* the last value; the open miniblock's least and greatest delta */
    uint32_t n;             /* values so far */
    uint32_t bits;          /* the closed miniblocks' */
    uint32_t seen[4];       /* the distinct values' hashes */
    uint32_t run;           /* values in the open run of equal values */
    uint32_t runs;          /* closed runs of 8 or more */
    uint32_t packed;        /* values in closed runs shorter than 8 */
    uint8_t distinct;       /* bits set in seen (past SKETCH_MAX: no longer counted) */
    uint8_t sampled;        /* EST_SAMPLES: seen holds one value in 16, over `before` (in the
                               struct's padding) */
    uint16_t before;        /* ... the distinct values counted before it */
#if COMPACT_SMALL
    uint8_t wmax;           /* the widest closed miniblock's width (what DELTA's lent buffer needs) */
#endif
} compact_est_t;

/* Distinct values behind the sketch's bits b of 128: -128 ln(1 - b/128),
 * to its third term (within 2% up to SKETCH_MAX); sampled, 16 times that
 * over those before. */
static uint32_t sketch_count(uint32_t b)
{
    return b + b * b / 256u + b * b * b / 49152u;
}

static uint32_t est_distinct(const compact_est_t *e)
{
    uint32_t d = sketch_count(e->distinct);
    return EST_SAMPLES && e->sampled ? e->before + 16u * d : d;
}

/* The sketch's hash of value v (shifts: see compact_hash). */
static uint32_t est_hash(int64_t v)
{
    uint32_t h = (uint32_t)v ^ (uint32_t)((uint64_t)v >> 32) << 11;
    h ^= h >> 15;
    h ^= h << 7;
    h ^= h >> 13;
    return h ^ h << 5;
}

/* Value v of an AUTO integer column (kind: the encoding it takes). */
static void est_add(compact_est_t *e, int64_t v, int kind)
{
    int64_t d = (int64_t)((uint64_t)v - (uint64_t)e->prev);
    uint32_t k = e->n++ - 1u; /* (this delta's number: none for the first value) */
    e->run++;
    if (kind != K_DICT && e->distinct <= SKETCH_MAX && (k == UINT32_MAX || d != 0)) {
        uint32_t h = est_hash(v);
        if (EST_SAMPLES && e->distinct == SKETCH_MAX && !e->sampled) { /* full: one in 16 from here */
            e->before = (uint16_t)est_distinct(e);
            e->sampled = 1;
            e->distinct = 0;
            memset(e->seen, 0, sizeof e->seen);
        }
        if (!EST_SAMPLES || !e->sampled || (h >> 7 & 15u) == 0u) {
            h &= 127u;
            e->distinct = (uint8_t)(e->distinct + ((e->seen[h >> 5] >> (h & 31u) & 1u) ^ 1u));
            e->seen[h >> 5] |= 1u << (h & 31u);
        }
        if (k != UINT32_MAX) { /* the run before it ends */
            uint32_t closed = e->run - 1u;
            e->runs += closed >= 8u;
            e->packed += closed >= 8u ? 0u : closed;
            e->run = 1;
        }
    }
    e->prev = v;
    if (e->n == 1u || kind == K_DELTA) {
        return;
    }
    if (k % 32u == 0u) {
        e->lo = e->hi = d;
    }
    e->lo = d < e->lo ? d : e->lo;
    e->hi = d > e->hi ? d : e->hi;
    if (k % 32u == 31u) {
        unsigned w = ppq_bit_width64((uint64_t)e->hi - (uint64_t)e->lo);
        e->bits += 32u * w;
#if COMPACT_SMALL
        e->wmax = (uint8_t)(w > e->wmax ? w : e->wmax);
#endif
    }
}

/* What a dictionary would take of the row group (entries with their
 * record tails, as compact_weigh counts its own), or (size_t)-1 unknown. */
static size_t est_dict_bytes(const compact_est_t *e, size_t width)
{
    uint32_t d = est_distinct(e), bw = ppq_bit_width32(d > 1u ? d - 1u : 1u);
    size_t runs = e->runs + (e->run >= 8u), packed = e->packed + (e->run >= 8u ? 0u : e->run);
    if (e->distinct > SKETCH_MAX) {
        return (size_t)-1;
    }
    return (size_t)d * (width + REC_TAIL) + runs * (2u + (bw + 7u) / 8u) + (packed * bw + 7u) / 8u;
}

/* Would a dictionary of the values e counted fill the shared one, beside
 * the `used` entries it holds? */
static int est_fills(const compact_est_t *e, uint32_t used, const ppq_writer_options_t *o)
{
    return est_distinct(e) + used > o->dict_entries;
}

/* What DELTA would take of the row group. */
static size_t est_bytes(const compact_est_t *e)
{
    uint32_t deltas = e->n > 0u ? e->n - 1u : 0u;
    uint32_t open = deltas % 32u != 0u ? 32u * ppq_bit_width64((uint64_t)e->hi - (uint64_t)e->lo) : 0u;
    return 8u + (deltas + 127u) / 128u * 6u + (e->bits + open) / 8u;
}

/* The store bytes a lent DELTA buffer of `bytes`-byte deltas takes. */
static size_t compact_lend_delta(unsigned bytes)
{
    ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
    return COMPACT_LEND ? ppq_delta_enc_narrow_size(&cfg, bytes) + PPQ_ARENA_ALIGN : 0u;
}

/* The bytes a lent DELTA buffer keeps a delta in, for the next row group
 * of column c: by the widest spread of a block this one needed (DELTA),
 * or (another encoding) its miniblocks' and 2 bits more (a block spans
 * four); 4 with none seen.  (4 where not built.) */
static unsigned compact_small_bytes(const ppq_col_t *c)
{
#if COMPACT_SMALL
    const compact_col_t *cc = c->own.cc;
    const compact_est_t *e = cc->est;
    unsigned need = 32u;
    if (c->kind == K_DELTA && c->enc.delta.count > 1u) {
        need = cc->dmax;
    } else if (c->kind != K_DELTA && e != NULL && e->n > 2u) {
        unsigned open = (e->n - 1u) % 32u != 0u ? ppq_bit_width64((uint64_t)e->hi - (uint64_t)e->lo) : 0u;
        need = (open > e->wmax ? open : e->wmax) + 2u;
        need = cc->dmax > need ? cc->dmax : need; /* (a DELTA page split: what it did not take) */
    }
    return need <= 7u ? 1u : need <= 15u ? 2u : 4u;
#else
    (void)c;
    return 4u;
#endif
}

/* The encoding a compact column takes; *ok 0 when it cannot. */
static int compact_kind(const ppq_column_t *c, int *ok)
{
    ppq_type_t t = c->type;
    int kind;
    *ok = 1;
    switch (c->encoding) {
    case PPQ_COLUMN_AUTO:
        kind = t == PPQ_INT64 ? K_DELTA : t == PPQ_BOOLEAN ? K_RLE : K_DICT; /* (INT32: compact_home) */
        return BUILT(kind) ? kind : K_PLAIN;
    case PPQ_COLUMN_PLAIN: return K_PLAIN;
    case PPQ_COLUMN_DICTIONARY: *ok = t != PPQ_BOOLEAN; kind = K_DICT; break;
    case PPQ_COLUMN_DELTA_BINARY_PACKED: *ok = t == PPQ_INT32 || t == PPQ_INT64; kind = K_DELTA; break;
    case PPQ_COLUMN_RLE: *ok = t == PPQ_BOOLEAN; kind = K_RLE; break;
    default: *ok = 0; return K_PLAIN;
    }
    *ok = *ok && BUILT(kind);
    return kind;
}

/* The encoding an AUTO column takes first and comes back to: its
 * compact_kind, but DELTA for an INT32 given room for it (plan_compact). */
static int compact_home(const ppq_col_t *c)
{
    int ok;
    return c->own.cc->est != NULL ? K_DELTA : compact_kind(c->def, &ok);
}

/* Index bit width a compact dictionary may grow to. */
static uint8_t compact_max_width(const ppq_writer_options_t *o)
{
    uint32_t w = ppq_bit_width32(o->dict_entries > 1u ? o->dict_entries - 1u : 1u);
    return (uint8_t)(w > 16u ? 16u : w);
}

/* The hash table's slots: an eighth more than the entries (a probe passes
 * other columns' entries on one byte's test, so a full table costs little;
 * RAM is what is short), any number (no power of two: hashes are scaled to
 * it), up to 2^16. */
static uint32_t compact_slots(const ppq_writer_options_t *o)
{
    uint32_t n = o->dict_entries + o->dict_entries / 8u + 1u;
    return n < 16u ? 16u : n > 0x10000u ? 0x10000u : n;
}

/* Bytes one value of column c takes at most as PLAIN or as a dictionary
 * entry's value. */
static size_t compact_value_max(const ppq_column_t *c, const ppq_writer_options_t *o)
{
    return c->type == PPQ_BYTE_ARRAY ? 4u + (size_t)o->page_bytes : ppq_plain_width(c->type, c->type_len) + 1u;
}

/* What a lent column borrows as a dictionary: its RLE's groups. */
static size_t compact_lend_rle(const ppq_writer_options_t *o)
{
    return COMPACT_GROUPS * compact_max_width(o) + PPQ_ARENA_ALIGN;
}

/* The least a lent column may borrow: DELTA's smallest buffer, or the
 * RLE's groups (PLAIN borrows none: compact_reset). */
static size_t compact_lend_least(const ppq_writer_options_t *o)
{
    size_t delta = compact_lend_delta(COMPACT_SMALL ? 1u : 4u), rle = compact_lend_rle(o);
    return delta > rle ? delta : rle;
}

/* The least store: one row into an empty row group, with room to spare. */
static size_t compact_least_store(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o)
{
    size_t least = 0;
    uint32_t i;
    for (i = 0; i < n; i++) {
        least += 96u + 2u * compact_value_max(&s[i], o) + 2u * compact_max_width(o);
    }
    return least;
}

/* The store's room above its least, which its lent buffers may take
 * (plan_compact keeps their least). */
static size_t compact_spare(const ppq_writer_t *w)
{
    return w->store_size - compact_least_store(w->schema, w->ncols, &w->opts);
}

static size_t plan_compact(const ppq_column_t *s, uint32_t n, const ppq_writer_options_t *o, plan_t *p, ppq_writer_t *w)
{
    uint32_t i, slots = compact_slots(o);
    size_t rg = rg_meta_max(s, n, o), footer = footer_for(o, rg_meta_least(s, n, o)), lent = 0;
    size_t store = (size_t)o->chunk_bytes * n, least = compact_least_store(s, n, o);
    uint8_t *cols = (uint8_t *)take(p, (size_t)n * COMPACT_COL_SIZE);
    uint8_t *footer_mem = (uint8_t *)take(p, footer), *scratch_mem = (uint8_t *)take(p, 48u);
    uint16_t *slot_mem = (uint16_t *)take(p, (size_t)slots * 2u);
    uint8_t *store_mem;
    if (n > 127u || o->codec != PPQ_CODEC_UNCOMPRESSED || o->column_codecs != NULL || page_v2(o) || o->recovery) {
        return 0;
    }
    store = o->chunk_bytes == 0u ? (size_t)4096u * n : store; /* (0: 4 KiB a column, or the least where a row
        takes more: a byte array's page_bytes past 2 KB had refused the default, PPQ_ERR_ARG) */
    store = store < least ? least : store;
    store = store > 0xFFFFu ? 0xFFFFu : store;
    if (store < least) {
        return 0; /* (a schema whose least store passes the hash's reach) */
    }
    if (w != NULL) {
        w->cols = (ppq_col_t *)(void *)cols;
        w->col_size = COMPACT_COL_SIZE;
        w->rg_meta_max = rg;
        w->footer_cap = footer;
        w->footer = footer_mem;
        w->scratch_cap = 48u;
        w->scratch = scratch_mem;
        w->dict_slots = slot_mem;
        w->dict_nslots = slots;
        w->wide_at = 0;
    }
    for (i = 0; i < n; i++) {
        const ppq_column_t *c = &s[i];
        int ok, kind = compact_kind(c, &ok);
        ppq_rle_cfg_t r = {1, COMPACT_GROUPS, 0, 0};
        size_t codec, lev;
        int int_auto, lend;
        compact_est_t *est;
        compact_col_t *cc = (compact_col_t *)take(p, c->optional ? sizeof(compact_col_t) : offsetof(compact_col_t, levs));
        uint8_t *codec_mem, *lev_mem;
        ppq_col_t *col = cols != NULL ? (ppq_col_t *)(void *)(cols + (size_t)i * COMPACT_COL_SIZE) : NULL;
        if (!ok) {
            return 0;
        }
        lev = c->optional ? ppq_rle_enc_arena_size(&r) : 0u;
        /* AUTO integers take DELTA, or a dictionary (compact_weigh): room for
         * the larger of their encoders (DELTA's block of deltas in 32 bits;
         * an INT32's in a store of 16 such blocks; in less, the store lends
         * it from its end, row group by row group, while the column takes
         * DELTA, where the store has that room above its least: the RAM
         * stays the footer's) */
        int_auto = BUILT(K_DELTA) && BUILT(K_DICT) && c->encoding == PPQ_COLUMN_AUTO &&
                   (c->type == PPQ_INT64 || c->type == PPQ_INT32);
        lend = int_auto && c->type == PPQ_INT32 && store < 16u * COMPACT_DELTA32;
        int_auto = int_auto && (!lend || (COMPACT_LEND && store >= least + (lent += compact_lend_least(o))));
        lend = lend && int_auto;
        kind = int_auto ? K_DELTA : kind;
        if (kind == K_DICT || int_auto) {
            r.bit_width = compact_max_width(o);
        }
        codec = kind == K_DICT || kind == K_RLE || int_auto ? ppq_rle_enc_arena_size(&r) : 0u;
        if (kind == K_DELTA) {
            codec = COMPACT_DELTA32 > codec ? COMPACT_DELTA32 : codec;
        }
        codec = lend ? 0u : codec;
        est = int_auto ? (compact_est_t *)take(p, sizeof(compact_est_t)) : NULL;
        codec_mem = (uint8_t *)take(p, codec);
        lev_mem = (uint8_t *)take(p, lev);
        if (col != NULL && !p->failed) {
            col_init(col, COMPACT_COL_SIZE, c, kind);
            memset(cc, 0, c->optional ? sizeof *cc : offsetof(compact_col_t, levs));
            col->own.cc = cc;
            cc->est = est;
            cc->lent = (uint8_t)lend;
            ppq_arena_init(&col->codec_arena, codec_mem, codec);
            ppq_arena_init(&col->dict_arena, lev_mem, lev);
            if (PPQ_WRITER_STATISTICS) {
                col->chunk_stats.cap = stat_cap(c);
            }
            cc->dict_width = compact_max_width(o) < 8u ? compact_max_width(o) : 8u;
            cc->vals.w = w;
            cc->vals.id = (uint8_t)(2u * i);
            if (c->optional) {
                cc->levs.w = w;
                cc->levs.id = (uint8_t)(2u * i + 1u);
            }
        }
        if (PPQ_WRITER_STATISTICS && (c->type == PPQ_BYTE_ARRAY || c->type == PPQ_FIXED_LEN_BYTE_ARRAY)) {
            uint8_t *m = (uint8_t *)take(p, 2u * (size_t)stat_cap(c));
            if (col != NULL && !p->failed) {
                col->chunk_stats.min = m;
                col->chunk_stats.max = m + stat_cap(c);
            }
        }
    }
    store_mem = (uint8_t *)take(p, store);
    if (w != NULL) {
        w->store = store_mem;
        w->store_cap = w->store_size = store;
    }
    return p->total;
}

/* Append to stream `id` in the store (a segment, or the last one grown). */
static ppq_status_t store_put(ppq_writer_t *w, uint8_t id, const uint8_t *data, size_t len)
{
    while (len > 0u) {
        size_t n;
        if (w->seg_last == NO_SEG || w->store[w->seg_last] != id || w->store[w->seg_last + 1u] == SEG_MAX) {
            if (SEG_HEAD > w->store_top - w->store_len) {
                return PPQ_ERR_NOSPACE; /* admit() keeps room: not reached */
            }
            w->seg_last = w->store_len; /* a new segment */
            w->store[w->store_len] = id;
            w->store[w->store_len + 1u] = 0;
            w->store_len += SEG_HEAD;
        }
        n = SEG_MAX - w->store[w->seg_last + 1u];
        n = n < len ? n : len;
        if (n > w->store_top - w->store_len) {
            return PPQ_ERR_NOSPACE;
        }
        w->store[w->seg_last + 1u] = (uint8_t)(w->store[w->seg_last + 1u] + n);
        memcpy(w->store + w->store_len, data, n);
        w->store_len += n;
        data += n;
        len -= n;
    }
    return PPQ_OK;
}

static ppq_status_t stream_write(void *ctx, const uint8_t *data, size_t len)
{
    stream_ctx_t *s = (stream_ctx_t *)ctx;
    s->len += (uint32_t)len;
    return store_put(s->w, s->id, data, len);
}

/* Bytes from..from+len of stream `id` (its segments in order) to `out`. */
static ppq_status_t stream_out(const ppq_writer_t *w, uint8_t id, size_t from, size_t len, ppq_sink_t *out)
{
    size_t at;
    ppq_status_t st = PPQ_OK;
    for (at = 0; at < w->store_len && len > 0u && st == PPQ_OK; at += SEG_HEAD + w->store[at + 1u]) {
        size_t n = w->store[at + 1u];
        if (w->store[at] != id) {
            continue;
        }
        if (from >= n) {
            from -= n; /* before the range */
            continue;
        }
        n = n - from < len ? n - from : len;
        st = ppq_sink_write(out, w->store + at + SEG_HEAD + from, n);
        from = 0;
        len -= n;
    }
    return st;
}

/* Bytes of the tail of the dictionary entry ending at `end`: its index
 * (two bytes where w->wide_at says) and column. */
static size_t entry_tail(const ppq_writer_t *w, size_t end)
{
    return REC_TAIL + (end <= w->wide_at ? 1u : 0u);
}

/* The index of the dictionary entry ending at `end`. */
static uint32_t entry_index(const ppq_writer_t *w, size_t end)
{
    return (uint32_t)w->store[end - 2u] | (end <= w->wide_at ? (uint32_t)w->store[end - 3u] << 8 : 0u);
}

/* The dictionary entry ending at `end`: its column and value bytes;
 * returns where it starts (the end of the entry before it). */
static size_t entry_at(const ppq_writer_t *w, size_t end, uint32_t *col, const uint8_t **v, uint32_t *len)
{
    *col = w->store[end - 1u];
    end -= entry_tail(w, end);
    if (w->schema[*col].type == PPQ_BYTE_ARRAY) {
        *len = (uint32_t)w->store[end - 2u] | (uint32_t)w->store[end - 1u] << 8;
        end -= 2u;
    } else {
        *len = COL(w, *col)->width; /* (the PLAIN width: INT96 12, FLBA its length) */
    }
    *v = w->store + end - *len;
    return (size_t)(*v - w->store);
}

/* Where column col's value (PLAIN bytes v; numbers: their bits `word`)
 * starts its probe. */
/* One byte into an FNV-1a hash (compact_hash; compact_plain_dict's bytes
 * read from the store). */
static PPQ_ALWAYS_INLINE uint32_t fnv_step(uint32_t h, uint32_t byte)
{
    return (h ^ byte) * 0x01000193u;
}

static uint32_t compact_hash(uint32_t col, const uint8_t *v, uint32_t len, const ppq_col_t *c, uint64_t word)
{
    uint32_t h = 0x811C9DC5u ^ col * 0x27D4EB2Fu;
    if (c->dict_word) { /* numbers: one word, mixed by shifts (M0 compilers turn constant
                           multiplies into long shift-add chains) */
        h ^= (uint32_t)word ^ (uint32_t)(word >> 32) << 16 ^ (uint32_t)(word >> 48);
        h ^= h >> 15;
        h ^= h << 7;
        h ^= h >> 11;
        return h ^ (h << 3);
    }
    while (len-- > 0u) {
        h = fnv_step(h, *v++);
    }
    return h ^ (h >> 15);
}

/* Find column i's pending value (PLAIN bytes v) in its dictionary: 1 with
 * *idx, else 0 with *slot where it would go. */
static int dict_find(const ppq_writer_t *w, uint32_t i, const uint8_t *v, uint32_t len, uint32_t *idx, uint32_t *slot)
{
    const ppq_col_t *c = COL(w, i);
    uint64_t word = c->dict_word ? value_word(c) : 0u; /* (the pending value's bits) */
    uint32_t h = (compact_hash(i, v, len, c, word) & 0xFFFFu) * w->dict_nslots >> 16, e; /* (any size of table) */
    while ((e = w->dict_slots[h]) != 0u) {
        if (w->store[e - 1u] == i) { /* this column's entry (a byte: no decoding for the others) */
            uint32_t col, elen;
            const uint8_t *ev;
            int same;
            if (c->dict_word) { /* numbers: their bits as one word (the low word first: most differ there) */
                ev = w->store + e - entry_tail(w, e) - len;
                same = ppq_load_le32(ev) == (uint32_t)word && (len == 4u || ppq_load_le32(ev + 4) == (uint32_t)(word >> 32));
            } else {
                (void)entry_at(w, e, &col, &ev, &elen);
                same = elen == len && memcmp(ev, v, len) == 0;
            }
            if (same) {
                *idx = entry_index(w, e);
                return 1;
            }
        }
        h = h + 1u == w->dict_nslots ? 0u : h + 1u;
    }
    *slot = h;
    return 0;
}

/* The pending value of column c as PLAIN bytes (a number's in buf). */
static inline const uint8_t *compact_value(ppq_col_t *c, uint8_t *buf, uint32_t *len)
{
    size_t n;
    const uint8_t *v;
    if (PPQ_HOST_LE && c->dict_word) { /* a number in memory is its PLAIN bytes */
        *len = c->width;
        return (const uint8_t *)&c->value;
    }
    v = value_bytes(c, buf, &n); /* (width: the PLAIN width, INT96's 12 too) */
    *len = (uint32_t)n;
    return v;
}

static size_t entry_size(const ppq_writer_t *w, const ppq_col_t *c, uint32_t len)
{
    return len + REC_TAIL + (w->wide_at != 0u ? 1u : 0u) + (c->def->type == PPQ_BYTE_ARRAY ? 2u : 0u);
}

static ppq_status_t compact_split(ppq_writer_t *w, ppq_col_t *c);
static ppq_status_t compact_start(ppq_col_t *c);
#if COMPACT_SMALL
static ppq_status_t compact_split_delta(ppq_writer_t *w, ppq_col_t *c);
#endif

#if PPQ_WRITER_COMPACT_FLAT
static int fill_beats_delta(const ppq_writer_t *w, const ppq_col_t *c, size_t delta, int probe);

/* w->rg_probe: the eighths of the store at which the next probe is due
 * (0: none, the row group is not the file's first), and a flag: the
 * probe where a dictionary would fill done (once a file). */
#define PROBE_STEPS 3u
#define PROBE_DONE 0x40u

/* Would value v, new to the sketch (not sampled), take an AUTO integer's
 * dictionary, counted, past the shared one's room beside `used`? */
static int est_new_fills(const compact_est_t *e, int64_t v, uint32_t used, const ppq_writer_options_t *o)
{
    uint32_t h = est_hash(v) & 127u;
    if (e->sampled || e->distinct >= SKETCH_MAX || (e->n > 0u && v == e->prev) || (e->seen[h >> 5] >> (h & 31u) & 1u) != 0u) {
        return 0;
    }
    return sketch_count(e->distinct) + used < o->dict_entries && sketch_count(e->distinct + 2u) + used > o->dict_entries;
}

/* The file's first row group (and the next while they end before an
 * eighth of the store), where an AUTO integer's dictionary would
 * just have filled (a file of 385 rows of ids, its dictionary filling
 * every 60 rows, had never reached an eighth of its store: DELTA, 1.47x
 * DICTIONARY's file), and an eighth of the store in (and a quarter,
 * three eighths, where no dictionary would have filled yet): does an AUTO
 * integer's dictionary, though it would fill, already take less than its
 * DELTA (fill_beats_delta)?  Then the row group ends here, not with the
 * store full of DELTA (a step function's first row group, DELTA at 10x
 * its dictionary's bytes, had been a third of a short file).  64-bit
 * CPUs (PPQ_WRITER_COMPACT_FLAT). */
static int compact_probe(const ppq_writer_t *w, uint32_t edge)
{
    uint32_t i;
    for (i = 0; i < w->ncols; i++) {
        const ppq_col_t *c = COL(w, i);
        const compact_col_t *cc = c->own.cc;
        const ppq_delta_enc_t *e = &c->enc.delta;
        /* DELTA's bytes so far: its stream, its header while none is out,
         * and the open block at its spread's width */
        size_t delta = cc->vals.len + (cc->vals.len == 0u ? 10u : 0u) +
                       (e->in_block > 0u ? 6u + (e->in_block * cc->dwidth + 7u) / 8u : 0u);
        if (c->kind == K_DELTA && cc->est != NULL && c->def->encoding == PPQ_COLUMN_AUTO &&
            (i == edge || est_fills(cc->est, w->dict_used, &w->opts)) && fill_beats_delta(w, c, delta, 1)) {
            return 1;
        }
    }
    return 0;
}
#endif

/* Does the pending row fit the open row group?  Looks up the dictionary
 * columns' values (kept for compact_push). */
PPQ_NOINLINE static int compact_admit(ppq_writer_t *w)
{
    size_t need = 0;
    uint32_t i, news = 0;
#if PPQ_WRITER_COMPACT_FLAT
    uint32_t edge = UINT32_MAX; /* (an AUTO integer whose dictionary this row would fill) */
#endif
    for (i = 0; i < w->ncols; i++) {
        ppq_col_t *c = COL(w, i);
        compact_col_t *cc = c->own.cc;
#if COMPACT_SMALL
        if (c->pending == 1u && c->kind == K_DELTA &&
            (c->enc.delta.narrow < 4u || FOOTER_BOUNDS(w)) &&
            !ppq_delta_enc_fits(&c->enc.delta, value_word(c)) && compact_split_delta(w, c) != PPQ_OK) {
            return 0; /* (past its 1- or 2-byte deltas, or without a spill an INT64's past 32 bits: PLAIN
                         from this value) */
        }
#endif
        /* a null puts nothing but its level, yet what the values' encoder
         * holds still comes out at the end: its room too */
        if (c->pending == 1u && BUILT(K_DICT) && c->kind == K_DICT) {
            uint8_t buf[12];
            uint32_t len, slot, idx;
            const uint8_t *v = compact_value(c, buf, &len);
            cc->dnew = (uint8_t)!dict_find(w, i, v, len, &idx, &slot);
            cc->didx = (uint16_t)idx;
            if (cc->dnew) {
                /* full: the entries, or the index width once a second page took a
                 * bit more (a split that fails, never seen, ends the row group too) */
                if (w->dict_used + news >= w->opts.dict_entries && w->rg_rows == 0u) {
                    /* a row group's first row whose entries the shared dictionary
                     * cannot hold (more dictionary columns than dict_entries): this
                     * column PLAIN for the row group, not a row that never fits */
                    c->kind = K_PLAIN;
                    if (compact_start(c) != PPQ_OK) {
                        return 0;
                    }
                    need += len + 4u + (len / SEG_MAX + 2u) * SEG_HEAD;
                } else if (w->dict_used + news >= w->opts.dict_entries ||
                           ((cc->dict_count >> cc->dict_width) != 0u &&
                            (cc->by.split.rows != 0u || cc->dict_width >= compact_max_width(&w->opts) ||
                             compact_split(w, c) != PPQ_OK))) {
                    cc->dict_full = 1;
                    return 0;
                } else {
                    need += entry_size(w, c, len);
                    news++;
                }
            }
        } else if (BUILT(K_DELTA) && c->kind == K_DELTA) {
            const ppq_delta_enc_t *e = &c->enc.delta;
            size_t block = 0, n = e->in_block;
            unsigned width = cc->dwidth;
            if (c->pending == 1u) {
                uint64_t d = value_word(c) - e->last;
#if PPQ_WRITER_COMPACT_FLAT
                if ((w->rg_probe & PROBE_STEPS) != 0u && (w->rg_probe & PROBE_DONE) == 0u &&
                    cc->est != NULL && c->def->encoding == PPQ_COLUMN_AUTO &&
                    est_new_fills(cc->est, c->width == 4u ? (int64_t)(int32_t)c->value.u32 : (int64_t)c->value.u64,
                                  w->dict_used, &w->opts)) {
                    edge = i; /* (compact_probe) */
                }
#endif
                if (!ppq_delta_enc_fits(e, value_word(c))) {
                    cc->dict_full = 1; /* a delta beyond 32 bits: the page ends before it (compact_reset) */
                    return 0;
                }
                block = ppq_delta_enc_block_bytes(e, value_word(c));
                n++;
                d = e->is64 ? d : (uint64_t)(int64_t)(int32_t)(uint32_t)d;
                if ((int64_t)d < cc->by.delta.lo || (int64_t)d > cc->by.delta.hi) {
                    /* the spread grows (else its width stands), and keeps the value:
                     * compact_push takes it next, or a new row group starts anew */
                    cc->by.delta.lo = (int64_t)d < cc->by.delta.lo ? (int64_t)d : cc->by.delta.lo;
                    cc->by.delta.hi = (int64_t)d > cc->by.delta.hi ? (int64_t)d : cc->by.delta.hi;
                    width = ppq_bit_width64((uint64_t)cc->by.delta.hi - (uint64_t)cc->by.delta.lo);
                    width = !e->is64 && width > 32u ? 32u : width;
                    cc->dwidth = (uint8_t)width;
#if COMPACT_SMALL
                    cc->dmax = (uint8_t)(width > cc->dmax && e->count > 0u ? width : cc->dmax); /* (the first
                                                                                         value is no delta) */
#endif
                }
            }
            /* the block this value completes, exactly; else the open block's
             * bound: its min delta, widths, miniblocks of 32 (the writer's
             * geometry) at the width of the block's spread */
            block = block > 0u || e->count == 0u ? block : PPQ_ULEB64_MAX + 4u + (n + 31u) / 32u * 4u * width;
            need += block + (block / SEG_MAX + 2u) * SEG_HEAD;
        } else if (c->kind == K_PLAIN) {
            uint8_t buf[12];
            uint32_t len = 1u; /* (a null: a BOOLEAN's byte of bits, at most) */
            if (c->pending == 1u) {
                (void)compact_value(c, buf, &len);
            }
            need += len + 4u + (len / SEG_MAX + 2u) * SEG_HEAD;
        }
        if (c->def->optional) {
            need += ppq_rle_enc_bound(&cc->lev) + 4u * SEG_HEAD;
        }
        if (c->kind == K_DICT || c->kind == K_RLE) {
            need += ppq_rle_enc_bound(&c->enc.rle) + 4u * SEG_HEAD;
        }
    }
#if PPQ_WRITER_COMPACT_FLAT
    if (edge != UINT32_MAX) { /* (the row before the value that would fill its dictionary: at flush
                                    the chunk is written as its dictionary where that takes less) */
        w->rg_probe |= PROBE_DONE;
        if (compact_probe(w, edge)) {
            return 0;
        }
    }
    if ((w->rg_probe & PROBE_STEPS) != 0u &&
        w->store_len + (w->store_cap - w->store_top) >= w->store_cap / 8u * (w->rg_probe & PROBE_STEPS)) {
        w->rg_probe = (uint8_t)((w->rg_probe & PROBE_STEPS) < 3u ? w->rg_probe + 1u : 0u); /* (an eighth, a
                                                                              quarter, three eighths) */
        if (compact_probe(w, UINT32_MAX)) {
            return 0; /* (the row group ends here: compact_weigh tries the dictionary next) */
        }
    }
#endif
    return need <= w->store_top - w->store_len;
}

/* Put column i's pending value (or null) in. */
PPQ_NOINLINE static ppq_status_t compact_push(ppq_writer_t *w, uint32_t i)
{
    ppq_col_t *c = COL(w, i);
    compact_col_t *cc = c->own.cc;
    ppq_status_t st = PPQ_OK;
    uint8_t buf[12];
    uint32_t len;
    const uint8_t *v;
    if (c->def->optional) {
        st = ppq_rle_enc_put_one(&cc->lev, c->pending == 1u);
    }
    if (c->pending != 1u || st != PPQ_OK) {
        c->chunk_stats.nulls += c->pending != 1u;
        return st;
    }
    v = compact_value(c, buf, &len);
    switch (c->kind) {
    case K_DICT:
        if (BUILT(K_DICT) && cc->dnew) { /* admit() found its slot free */
            uint32_t slot, idx;
            uint8_t *at;
            (void)dict_find(w, i, v, len, &idx, &slot);
            w->store_top -= entry_size(w, c, len);
            at = w->store + w->store_top;
            memcpy(at, v, len);
            at += len;
            if (c->def->type == PPQ_BYTE_ARRAY) {
                *at++ = (uint8_t)len;
                *at++ = (uint8_t)(len >> 8);
            }
            if (w->wide_at != 0u) {
                *at++ = (uint8_t)(cc->dict_count >> 8);
            }
            at[0] = (uint8_t)cc->dict_count;
            at[1] = (uint8_t)i;
            w->dict_slots[slot] = (uint16_t)(at + REC_TAIL - w->store);
            w->dict_used++;
            cc->didx = cc->dict_count++;
            cc->dict_bytes = (uint16_t)(cc->dict_bytes + len + (c->def->type == PPQ_BYTE_ARRAY ? 4u : 0u));
        }
        st = ppq_rle_enc_put_one(&c->enc.rle, cc->didx);
        break;
    case K_DELTA:
        if (BUILT(K_DELTA)) {
            const ppq_delta_enc_t *e = &c->enc.delta;
            int had = e->count > 0u;
            st = ppq_delta_enc_put_word(&c->enc.delta, value_word(c));
            if (e->in_block == 0u || !had) { /* a block written (or none begun): a new spread
                                                (else compact_admit joined the delta to it) */
                cc->by.delta.lo = INT64_MAX;
                cc->by.delta.hi = INT64_MIN;
                cc->dwidth = 0;
            }
        }
        break;
    case K_RLE: st = BUILT(K_RLE) ? ppq_rle_enc_put_one(&c->enc.rle, c->value.b != 0u) : PPQ_ERR_STATE; break;
    default: st = ppq_plain_enc_put(&c->enc.plain, &c->value, 1); break;
    }
    if (cc->est != NULL && (c->kind != K_DELTA || cc->est->distinct <= SKETCH_MAX)) { /* (DELTA's: the
                                                                                          dictionary's count) */
        est_add(cc->est, c->width == 4u ? (int64_t)(int32_t)c->value.u32 : (int64_t)c->value.u64, c->kind);
    }
    if (PPQ_WRITER_STATISTICS && st == PPQ_OK) {
        if (c->dict_word) {
            ppq_stats_add_word(&c->chunk_stats, c->stats_kind, c->width, value_word(c));
        } else {
            ppq_stats_add(&c->chunk_stats, c->stats_kind, c->width, v, len);
        }
    }
    return st;
}

/* While an AUTO number without a compact_est (FLOAT, DOUBLE), or a
 * FIXED_LEN_BYTE_ARRAY (a price as a DECIMAL: its first row groups of a
 * few rows, each price new, had sent it PLAIN for 8, 16, ... row groups,
 * 1.16x a dictionary's chunks), takes PLAIN, having lost a row group as a
 * dictionary: what its dictionary would have
 * taken of this row group, counted as compact_weigh counts its own (the
 * entries with their record tails, and the indices at the width it would
 * be tried at: *width), from its PLAIN stream still in the store: one bit
 * of 256 per value's hash, the distinct values (*entries) from the bits
 * set; past 96 bits, again on one value in 16, then in 256, by their
 * hashes (a DOUBLE of 1,500 values in 8,127 rows, whose short first row
 * group of new values its dictionary lost, had stayed PLAIN, 3x a
 * dictionary's chunks).  (size_t)-1 (unknown) past that, or where the store's
 * dictionary could not have held them beside the entries of this row
 * group's dictionaries and of those that come back (w->dict_used: the row
 * group would have ended sooner).  At the end of the row group: no RAM
 * per column. */
#define PLAIN_SKETCH 256u
#if PPQ_WRITER_COMPACT_FLAT
/* A reader of a column's values stream in the store (its segments among
 * the other columns'), value by value: compact_plain_dict's count, and
 * the chunks written in another encoding than the store's (redelta,
 * redict, replain, narrower indices).  64-bit CPUs
 * (PPQ_WRITER_COMPACT_FLAT). */
typedef struct plain_cursor {
    const ppq_writer_t *w;
    size_t at, off; /* the segment (its header's place) and the byte in it */
    uint8_t id, width, is64;
    /* a dictionary column's stream: its indices (the RLE/bit-packed hybrid
     * at iw bits), each the entry tbl[] holds (NULL: a PLAIN stream) */
    const uint64_t *tbl;
    uint32_t count;  /* entries in tbl */
    uint32_t run;    /* values left in the run, or in the bit-packed groups ... */
    uint8_t packed;  /* ... (1) */
    uint8_t iw;
    uint8_t raw;     /* 1: a dictionary stream's indices themselves, not entries (tbl unused) */
    unsigned nbits;  /* bit-packed: bits read, not yet taken */
    uint64_t bits;   /* ... and those bits; a run: its index */
    /* a DELTA_BINARY_PACKED stream's blocks (the encoder's: 4 miniblocks of
     * 32; the header apart): the value before, the block's least delta, its
     * miniblocks' widths and the next one (`run`: values left in it) */
    uint8_t delta, mini, first;
    uint8_t widths[4];
    uint64_t prev, least;
    uint32_t dleft;  /* a split row group's (compact_split_delta): DELTA values left, then PLAIN ... */
    size_t plain_at; /* ... from this byte of the stream (dleft 0: no split); or a split
                        dictionary stream's (compact_split) second part's */
    uint32_t ileft;  /* ... after this many indices of its first part (0: none) ... */
    uint8_t iw2;     /* ... at this width */
} plain_cursor_t;

/* The first segment of stream `id` at or after `at` (store_len: none). */
static size_t seg_of(const ppq_writer_t *w, size_t at, uint8_t id)
{
    while (at < w->store_len && w->store[at] != id) {
        at += SEG_HEAD + w->store[at + 1u];
    }
    return at;
}

/* The next byte of the stream. */
static uint64_t cursor_byte(plain_cursor_t *k)
{
    const uint8_t *st = k->w->store;
    while (k->off == st[k->at + 1u]) { /* the next segment of the stream */
        k->at = seg_of(k->w, k->at + SEG_HEAD + st[k->at + 1u], k->id);
        k->off = 0;
        if (k->at >= k->w->store_len) {
            return 0; /* (not reached: the values counted are there) */
        }
    }
    return st[k->at + SEG_HEAD + k->off++];
}

/* The next `n` bits (n <= 32) of a bit-packed stream. */
static uint64_t cursor_take(plain_cursor_t *k, unsigned n)
{
    uint64_t v;
    while (k->nbits < n) {
        k->bits |= cursor_byte(k) << k->nbits;
        k->nbits += 8u;
    }
    v = k->bits & (((uint64_t)1 << n) - 1u);
    k->bits >>= n;
    k->nbits -= n;
    return v;
}

/* The stream's next ULEB128 varint (a run header, a block's least delta). */
static uint64_t cursor_uleb(plain_cursor_t *k)
{
    uint64_t u = 0, x;
    unsigned b = 0;
    do {
        x = cursor_byte(k);
        u |= (x & 0x7Fu) << b;
        b += 7u;
    } while ((x & 0x80u) != 0u && b < 64u);
    return u;
}

/* A DELTA stream's next value (the first: the header's, k->prev). */
static uint64_t cursor_delta_next(plain_cursor_t *k)
{
    uint64_t d;
    unsigned b;
    if (k->first) {
        k->first = 0;
        return k->prev;
    }
    if (k->run == 0u) { /* the next miniblock; after the fourth, the next block's header */
        if (k->mini == 4u || k->mini == 0u) {
            k->least = (uint64_t)ppq_zigzag64_decode(cursor_uleb(k));
            for (b = 0; b < 4u; b++) {
                k->widths[b] = (uint8_t)cursor_byte(k);
            }
            k->mini = 0;
        }
        k->iw = k->widths[k->mini++];
        k->run = 32;
        k->bits = 0;
        k->nbits = 0;
    }
    k->run--;
    d = cursor_take(k, k->iw > 32u ? 32u : k->iw); /* (the low bits first: two statements, in order) */
    if (k->iw > 32u) {
        d |= cursor_take(k, k->iw - 32u) << 32;
    }
    k->prev += k->least + d;
    k->prev = k->is64 ? k->prev : (uint64_t)(int64_t)(int32_t)(uint32_t)k->prev;
    return k->prev;
}

/* The cursor at byte `off` of its stream. */
static void cursor_seek(plain_cursor_t *k, size_t off)
{
    const uint8_t *st = k->w->store;
    k->at = seg_of(k->w, 0, k->id);
    while (k->at < k->w->store_len && off >= st[k->at + 1u]) {
        off -= st[k->at + 1u];
        k->at = seg_of(k->w, k->at + SEG_HEAD + st[k->at + 1u], k->id);
    }
    k->off = off;
}

/* The next value (INT32's sign-extended): `width` little-endian bytes of a
 * PLAIN stream, a dictionary stream's next index's entry, or a DELTA
 * stream's next value (a split row group's: then its PLAIN ones). */
static uint64_t cursor_next(plain_cursor_t *k)
{
    uint64_t v = 0;
    unsigned b;
    if (k->delta && k->dleft != 0u && --k->dleft == 0u) {
        k->delta = 0; /* (the split's last DELTA value: PLAIN after it) */
        v = cursor_delta_next(k);
        cursor_seek(k, k->plain_at);
        return v;
    }
    if (k->delta) {
        return cursor_delta_next(k);
    }
    if (k->tbl == NULL && !k->raw) {
        for (b = 0; b < k->width; b++) {
            v |= cursor_byte(k) << (8u * b);
        }
        return k->is64 ? v : (uint64_t)(int64_t)(int32_t)(uint32_t)v;
    }
    if (k->run == 0u) { /* a header (ULEB128): groups of 8 bit-packed, or a run and its index */
        uint64_t h = cursor_uleb(k);
        k->packed = (uint8_t)(h & 1u);
        k->run = (uint32_t)(h >> 1) * (k->packed ? 8u : 1u);
        k->bits = 0;
        k->nbits = 0;
        for (b = 0; !k->packed && b < (k->iw + 7u) / 8u; b++) {
            k->bits |= cursor_byte(k) << (8u * b);
        }
    }
    k->run -= k->run > 0u;
    if (k->packed) {
        v = cursor_take(k, k->iw);
    } else {
        v = k->bits;
    }
    if (k->ileft != 0u && --k->ileft == 0u) { /* (a split dictionary stream's first part read: the rest, wider) */
        cursor_seek(k, k->plain_at);
        k->iw = k->iw2;
        k->run = 0;
    }
    return k->raw ? v : v < k->count ? k->tbl[v] : 0u; /* (an index past the entries: not written) */
}

/* A cursor at the start of column c's values stream (as PLAIN). */
static void cursor_start(const ppq_writer_t *w, const ppq_col_t *c, plain_cursor_t *k)
{
    memset(k, 0, sizeof *k);
    k->w = w;
    k->id = c->own.cc->vals.id;
    k->width = (uint8_t)c->width;
    k->is64 = (uint8_t)(c->width == 8u);
    k->at = seg_of(w, 0, k->id);
}

static size_t compact_plain_dict(const ppq_writer_t *w, const ppq_col_t *c, size_t n, uint8_t *width, uint32_t *entries)
{
    uint32_t b = 0, d, k, j, s;
    uint64_t mask = c->width == 8u ? UINT64_MAX : 0xFFFFFFFFu;
    plain_cursor_t cur;
    for (s = 0; s <= 8u; s += 4u) { /* every value's hash, else one in 16, one in 256 (its low bits 0) */
        uint32_t seen[PLAIN_SKETCH / 32u] = {0};
        b = 0;
        cursor_start(w, c, &cur);
        for (j = 0; j < n; j++) { /* each value: its bit (a FIXED_LEN_BYTE_ARRAY's: its bytes') */
            uint32_t h = 0x811C9DC5u, x;
            for (x = 0; !c->dict_word && x < c->width; x++) {
                h = fnv_step(h, (uint32_t)cursor_byte(&cur));
            }
            h = c->dict_word ? compact_hash(cur.id, NULL, 0, c, cursor_next(&cur) & mask) : h ^ h >> 15;
            if ((h & ((1u << s) - 1u)) != 0u) {
                continue;
            }
            h = h >> 8 & (PLAIN_SKETCH - 1u);
            b += (seen[h >> 5] >> (h & 31u) & 1u) ^ 1u;
            seen[h >> 5] |= 1u << (h & 31u);
        }
        if (b <= 96u) {
            break;
        }
    }
    /* -256 ln(1 - b/256) to its third term (within 2% up to 96 bits), for the values sampled */
    d = (b + b * b / (2u * PLAIN_SKETCH) + b * b * b / (3u * PLAIN_SKETCH * PLAIN_SKETCH)) << (s & 15u);
    if (b > 96u || d + w->dict_used > w->opts.dict_entries) {
        return (size_t)-1;
    }
    k = ppq_bit_width32(2u * d | 1u); /* (as compact_reset sizes a dictionary: twice its entries) */
    k = k < 3u ? 3u : k;
    *width = (uint8_t)(k > compact_max_width(&w->opts) ? compact_max_width(&w->opts) : k);
    *entries = d;
    return (size_t)d * (c->width + REC_TAIL) + (n * *width + 7u) / 8u;
}
#endif

/* AUTO by size in the compact layout.  A column whose row group took
 * more as its own encoding (integers: DELTA_BINARY_PACKED; others a
 * dictionary, with the entries' record tails) than its values would take
 * as the smallest alternative (PLAIN; integers a dictionary too, from
 * their distinct values) takes that alternative for the next
 * COMPACT_ALT_GROUPS row groups, then tries its own again (the readings
 * may settle); each try that loses again doubles the wait, to 16 times (a
 * try's row group ends early, when a dictionary fills).  Meanwhile each
 * row group picks the smallest alternative again, and an integer whose
 * deltas pay again goes back to DELTA.  Called for each column as its
 * chunk is written (the counts still hold). */
#define COMPACT_ALT_GROUPS 8u
static int alone_pays(const ppq_writer_t *w, const ppq_col_t *c);
#if PPQ_WRITER_COMPACT_FLAT
static const ppq_col_t *sole_holder(const ppq_writer_t *w);
/* dict_fill_pays' alternative: DELTA (alt: its bytes), PLAIN, or DELTA at
 * the file's first row group's probe */
#define FILL_VS_DELTA 0
#define FILL_VS_PLAIN 1
#define FILL_VS_PROBE 2
static int dict_fill_pays(const ppq_writer_t *w, const ppq_col_t *c, uint32_t used, size_t took, size_t room,
                          size_t alt, int vs);
#endif

/* Does integer column c's dictionary, which filled and ended this row
 * group, take under two thirds of the bytes a row in the row groups its
 * fills end that DELTA (delta: its bytes of this row group, as counted)
 * takes in the store's (dict_fill_pays)?  At the file's first row
 * group's probe (compact_probe), under four fifths: the dictionary not
 * yet tried, whose first row group the chunk's rewrite makes its
 * dictionary (a file of 385 rows of ids had stayed DELTA at 1.47x
 * DICTIONARY's file, whose row groups took 0.75 of DELTA's bytes).  A
 * step function held ~40 rows in 8 entries had gone back to DELTA at each
 * fill: 2.4 bytes a row where its dictionary took 0.24 (3.3x the file).
 * Not where the footer store bounds the file (its row groups' metadata
 * would cost it rows).  64-bit CPUs (PPQ_WRITER_COMPACT_FLAT); elsewhere
 * no. */
static int fill_beats_delta(const ppq_writer_t *w, const ppq_col_t *c, size_t delta, int probe)
{
#if PPQ_WRITER_COMPACT_FLAT
    return delta != (size_t)-1 && compact_home(c) == K_DELTA && !c->own.cc->no_delta && !FOOTER_BOUNDS(w) &&
           dict_fill_pays(w, c, w->dict_used, w->store_len + (w->store_cap - w->store_top), w->store_cap, delta,
                          probe ? FILL_VS_PROBE : FILL_VS_DELTA);
#else
    (void)probe;
    (void)w;
    (void)c;
    (void)delta;
    return 0;
#endif
}

static void compact_weigh(ppq_writer_t *w, const ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    const compact_est_t *e = cc->est;
    size_t n = w->rg_rows - (size_t)c->chunk_stats.nulls, plain = n * c->width, delta = (size_t)-1, dict = (size_t)-1;
    size_t own, alt;
#if PPQ_WRITER_COMPACT_FLAT
    uint8_t width = 0;
    uint32_t entries = 0;
#endif
    int home = compact_home(c);
    if (c->def->encoding != PPQ_COLUMN_AUTO || c->def->type == PPQ_BOOLEAN ||
        (PPQ_WRITER_COMPACT_FLAT && n == 0u && !c->dict_word)) {
        return; /* (a byte array's row group of nulls tells nothing of its values; a
                   FIXED_LEN_BYTE_ARRAY's neither: PLAIN for the next, up to 12x) */
    }
    if (!c->dict_word && c->kind != K_DICT) { /* byte arrays: their PLAIN bytes written ... */
        plain = cc->vals.len;
    } else if (!c->dict_word && cc->dict_count > 0u) { /* ... or as many values of the entries' mean
                                                        length (no count a value on the row path) */
        plain = n < 0x10000u ? ppq_udiv32((uint32_t)n * cc->dict_bytes, cc->dict_count)
                             : (size_t)ppq_udiv32(cc->dict_bytes, cc->dict_count) * n;
    }
    home = home == K_DELTA && cc->no_delta ? K_PLAIN : home; /* (deltas past 32 bits: compact_reset) */
    if (c->kind == K_DELTA) {
        delta = cc->vals.len;
    } else if (e != NULL && !cc->no_delta) {
        delta = est_bytes(e);
    }
    /* the store's room it borrows: without a spill, rows a file loses; with
     * one, row groups' metadata the file gains (none where the row group
     * ended at row_group_rows: the store did not end it) */
    if (COMPACT_LEND && cc->lent && delta != (size_t)-1) {
        size_t more = compact_lend_delta(compact_small_bytes(c)) - compact_lend_rle(&w->opts); /* (than a dictionary's) */
        if (more > compact_spare(w)) {
            delta = (size_t)-1; /* (more than the store has: DELTA is not tried) */
        } else if (w->rg_rows < w->opts.row_group_rows) {
            delta += w->opts.footer_spill == NULL ? more
                                                  : ppq_udiv32((uint32_t)(w->rg_meta_max * more),
                                                               (uint32_t)(w->store_size - more));
        }
    }
    if (c->kind == K_DICT) { /* (entries as the store keeps them: byte arrays' with their 2-byte length) */
        dict = (c->dict_word ? (size_t)cc->dict_count * (c->width + REC_TAIL) : (size_t)cc->dict_bytes) +
               (PPQ_WRITER_COMPACT_FLAT ? cc->vals.len : (n * cc->dict_width + 7u) / 8u); /* (64-bit CPUs:
                   the indices' RLE/bit-packed stream as it took the store, its runs too; a status word's
                   flip a few row groups apart had sent it back to DELTA from every constant one) */
    } else if (e != NULL) {
        dict = est_dict_bytes(e, c->width);
        if (EST_SAMPLES && e->sampled && est_fills(e, w->dict_used, &w->opts) &&
            !(c->kind == K_DELTA && fill_beats_delta(w, c, delta, 0))) {
            dict = (size_t)-1; /* (a count past the shared dictionary's room: it would fill; tried
                                  where its fills' row groups take under two thirds of DELTA's bytes) */
        } else if (PPQ_WRITER_COMPACT_FLAT && cc->no_delta && c->kind != K_DICT && est_fills(e, w->dict_used, &w->opts)) {
            /* deltas past 32 bits, a dictionary that would fill: no_delta_kind
             * weighs it at compact_reset, each row group (two such id
             * columns in 1 or 2 shared entries had taken one in turn, by a
             * count of a row group of 2 rows: row groups of 2 rows, 5.9x
             * PLAIN's file; 64-bit CPUs, whose no_delta_kind weighs it) */
            cc->alt_kind = K_PLAIN;
            cc->alt_left = 0;
            return;
        }
    }
#if PPQ_WRITER_COMPACT_FLAT
    else if ((c->dict_word || c->def->type == PPQ_FIXED_LEN_BYTE_ARRAY) && c->kind == K_PLAIN && home == K_DICT) {
        dict = compact_plain_dict(w, c, n, &width, &entries);
    }
#endif
    own = c->kind == K_DELTA ? delta : c->kind == K_DICT ? dict : plain;
    if (e != NULL) { /* an integer */
        cc->alt_kind = dict < plain ? K_DICT : K_PLAIN;
        alt = dict < plain ? dict : plain;
    } else {
        cc->alt_kind = K_PLAIN;
        alt = plain;
    }
#if PPQ_WRITER_COMPACT_FLAT
    if (e == NULL && dict != (size_t)-1 && c->kind == K_PLAIN) { /* a number's dictionary, counted:
                                                                    tried next where it takes less */
        cc->alt_left = dict < plain ? 0u : cc->alt_left == 0u ? 1u : cc->alt_left;
        cc->dict_width = width;
        w->dict_used += dict < plain ? entries : 0u; /* (its room in the next row group's: compact_reset
                                                        empties it) */
        return;
    }
#endif
    if (c->kind != home) { /* waiting: an integer's DELTA may pay again; PLAIN's bytes are known
                              (no try: the wait goes on while the alternative takes less) */
#if PPQ_WRITER_COMPACT_FLAT /* (elsewhere without the terms that are 0 there: written once, the 32-bit
                                 build had taken 116 bytes more flash) */
        int filled = c->kind == K_DICT && cc->dict_full, fill_pays = filled && fill_beats_delta(w, c, delta, 0);
        cc->alt_left = (home == K_DELTA && delta < own && delta < alt) || (filled && !fill_pays)
                           ? 0u /* (a dictionary that filled: larger than counted, unless its
                                   short row groups still pay against DELTA: fill_beats_delta) */
                           : (fill_pays || (home == K_PLAIN && own < plain)) && cc->alt_left == 0u
                               ? 1u /* (DELTA counted each row group: no try) */
                               : cc->alt_left;
#else
        cc->alt_left = (home == K_DELTA && delta < own && delta < alt) || (c->kind == K_DICT && cc->dict_full)
                           ? 0u /* (a dictionary that filled: larger than counted) */
                           : cc->alt_left;
#endif
        return;
    }
#if PPQ_WRITER_COMPACT_FLAT
    if (c->kind == K_DICT && e == NULL && own >= alt && own - alt < alt / 16u && !cc->by.split.lost &&
        w->row_groups > 0u && 2u * (uint64_t)w->rg_rows < w->rows / w->row_groups && !FOOTER_BOUNDS(w) &&
        FOOTER_ROOMY(w) && sole_holder(w) == c) {
        /* the one dictionary without DELTA to go back to (compact_yield
         * keeps it whole where it pays), which took more than PLAIN by
         * under a 16th in a row group under half as long as the file's
         * have been, and not in the one before: kept, and given up if it
         * loses again in the next (a DOUBLE walk, 117 bytes to 216, then
         * 115 to 352, had gone PLAIN for 8 row groups at its third, 12 rows
         * of a descent, 99 to 96: 1.57x DICTIONARY's file); where the
         * footer store's room is not the file's rows.  (Kept at any first
         * loss, its row groups ended early cost more than they saved: 99
         * files of the random sweep larger, up to 1.30x, to 45 smaller;
         * weighing its row groups' bytes together had kept a dictionary
         * for 8 losing row groups after one of 2,181 rows that won.) */
        cc->by.split.lost = 1;
        return;
    }
    if (c->kind == K_DICT) {
        cc->by.split.lost = 0;
    }
#endif
    if (own >= alt && cc->alt_kind != c->kind && (!PPQ_WRITER_COMPACT_FLAT || n != 1u)) { /* (one value tells nothing of repeats) */
        cc->alt_left = (uint8_t)(COMPACT_ALT_GROUPS << cc->alt_tries);
        cc->alt_tries = (uint8_t)(cc->alt_tries < 4u ? cc->alt_tries + 1u : 4u);
    } else if (own < alt) {
        cc->alt_tries = 0; /* (not where one value told nothing: compact_yield's waits grow) */
    }
}

static ppq_status_t compact_encoders(ppq_col_t *c);

/* Start column c's chunk: its encoders over its streams. */
static ppq_status_t compact_start(ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    cc->vals.len = 0;
    cc->dict_count = 0;
    cc->dict_bytes = 0;
    cc->dict_full = 0;
    cc->by.split.rows = 0; /* (DELTA's spread starts at its first value: compact_push) */
#if COMPACT_SMALL
    cc->dmax = 0;
    cc->dsplit = 0;
#endif
    if (cc->est != NULL) {
        memset(cc->est, 0, sizeof *cc->est);
    }
    chunk_stats_reset(c);
    c->vals_sink.write = stream_write;
    c->vals_sink.ctx = &cc->vals;
    c->vals_sink.offset = 0;
    if (c->def->optional) {
        cc->levs.len = 0;
        cc->lev_sink.write = stream_write;
        cc->lev_sink.ctx = &cc->levs;
        cc->lev_sink.offset = 0;
    }
    return compact_encoders(c);
}

/* Column c's encoders, new, over its streams (which go on). */
static ppq_status_t compact_encoders(ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    ppq_rle_cfg_t r = {1, COMPACT_GROUPS, 0, 0};
    ppq_status_t st = PPQ_OK;
    ppq_arena_rewind(&c->codec_arena, 0);
    ppq_arena_rewind(&c->dict_arena, 0);
    if (c->def->optional) {
        st = ppq_rle_enc_init(&cc->lev, &r, &cc->lev_sink, &c->dict_arena);
    }
    if (st != PPQ_OK) {
        return st;
    }
    switch (c->kind) {
    case K_DICT:
        r.bit_width = cc->dict_width;
        return ppq_rle_enc_init(&c->enc.rle, &r, &c->vals_sink, &c->codec_arena);
    case K_DELTA: {
        ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
        cfg.type = c->def->type;
        /* deltas kept in 32 bits: half the buffer (a larger jump ends the row group); in 1 or 2
         * where the store lent less (compact_reset) */
#if COMPACT_SMALL
        unsigned bytes = c->codec_arena.size >= compact_lend_delta(4u) - PPQ_ARENA_ALIGN   ? 4u
                         : c->codec_arena.size >= compact_lend_delta(2u) - PPQ_ARENA_ALIGN ? 2u
                                                                                            : 1u;
        return BUILT(K_DELTA) ? ppq_delta_enc_init_small(&c->enc.delta, &cfg, &c->vals_sink, &c->codec_arena, bytes)
                              : PPQ_ERR_STATE;
#else
        return BUILT(K_DELTA) ? ppq_delta_enc_init_narrow(&c->enc.delta, &cfg, &c->vals_sink, &c->codec_arena)
                              : PPQ_ERR_STATE;
#endif
    }
    case K_RLE: return ppq_rle_enc_init(&c->enc.rle, &r, &c->vals_sink, &c->codec_arena);
    default: return ppq_plain_enc_init(&c->enc.plain, c->def->type, c->def->type_len, &c->vals_sink);
    }
}

/* Column c's DELTA page ended at a delta past 32 bits (its row group's
 * end, or a split): PLAIN from here on where it came within 8 values of
 * the page's start (noise), or came before and again within a block; a
 * first jump after 8 values (a clock set) or one after a block (a
 * counter's reset) does not stop DELTA. */
static void compact_jumped(ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    cc->no_delta = (uint8_t)(c->enc.delta.count < (cc->jumped ? 128u : 8u));
    cc->jumped = 1;
}

/* End column c's page: its encoders' last bytes into the store. */
static ppq_status_t compact_finish(ppq_col_t *c)
{
    ppq_status_t st = PPQ_OK;
    if (c->def->optional) {
        st = ppq_rle_enc_finish(&c->own.cc->lev);
    }
    if (st != PPQ_OK) {
        return st;
    }
    switch (c->kind) {
    case K_DICT:
    case K_RLE: return ppq_rle_enc_finish(&c->enc.rle);
    case K_DELTA: return BUILT(K_DELTA) ? ppq_delta_enc_finish(&c->enc.delta) : PPQ_ERR_STATE;
    default: return ppq_plain_enc_finish(&c->enc.plain);
    }
}

/* Column c's dictionary outgrew its index width in the open row group:
 * its data so far becomes the chunk's first data page (the encoders
 * finish into the room the last row reserved), the rest a second page at
 * a bit wider (the dictionary page serves both). */
static ppq_status_t compact_split(ppq_writer_t *w, ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    ppq_status_t st = compact_finish(c);
    cc->by.split.rows = w->rg_rows;
    cc->by.split.vals = (uint16_t)cc->vals.len; /* (the store is below 64 KiB) */
    cc->by.split.levs = c->def->optional ? (uint16_t)cc->levs.len : 0u;
    cc->by.split.width = cc->dict_width++;
    if (cc->dict_width > 8u && w->wide_at == 0u) {
        w->wide_at = w->store_top; /* (the entries from here on) */
    }
    return st == PPQ_OK ? compact_encoders(c) : st;
}

#if COMPACT_SMALL
/* Column c (DELTA) met a delta its buffer does not take: past its 1 or 2
 * bytes (the store lent a small buffer, and has no more this row group;
 * the next lends more: compact_reset), or an INT64's past 32 bits in a
 * file its footer store bounds (compact_admit; elsewhere the row group
 * ends there, as on Cortex-M: hashed event ids had ended row groups after
 * 16 and 7 rows, and an 8 KiB arena's file at 23).  Its values so far
 * become the chunk's first data page, the rest a PLAIN page; the DELTA
 * page's header is kept in the buffer, which PLAIN does not use. */
static ppq_status_t compact_split_delta(ppq_writer_t *w, ppq_col_t *c)
{
    compact_col_t *cc = c->own.cc;
    ppq_status_t st = compact_finish(c);
    uint8_t *head = c->codec_arena.base;
    head[0] = (uint8_t)ppq_delta_enc_header(&c->enc.delta, head + 1); /* (finished: all its values) */
    cc->dmax = (uint8_t)(8u * c->enc.delta.narrow);
    if (c->enc.delta.narrow >= 4u) { /* (an INT64's past 32 bits) */
        compact_jumped(c);
    }
    cc->dsplit = 1;
    cc->by.split.rows = w->rg_rows;
    cc->by.split.vals = (uint16_t)cc->vals.len; /* (the store is below 64 KiB) */
    cc->by.split.levs = c->def->optional ? (uint16_t)cc->levs.len : 0u;
    c->kind = K_PLAIN;
    return st == PPQ_OK ? compact_encoders(c) : st;
}
#endif

/* Column i's dictionary entries of indices from..to-1 to `out`, as PLAIN
 * values (all of them: its dictionary page body). */
static ppq_status_t compact_entries_out(const ppq_writer_t *w, uint32_t i, uint32_t from, uint32_t to, ppq_sink_t *out)
{
    size_t end = w->store_cap;
    ppq_status_t st = PPQ_OK;
    while (end > w->store_top && st == PPQ_OK) {
        uint32_t col, len, idx = PPQ_WRITER_COMPACT_FLAT ? entry_index(w, end) : 0u;
        const uint8_t *v;
        uint8_t len4[4];
        end = entry_at(w, end, &col, &v, &len);
        if (col != i || (PPQ_WRITER_COMPACT_FLAT && (idx < from || idx >= to))) {
            continue;
        }
        ppq_store_le32(len4, len);
        if (w->schema[i].type == PPQ_BYTE_ARRAY) {
            st = ppq_sink_write(out, len4, 4);
        }
        st = st == PPQ_OK ? ppq_sink_write(out, v, len) : st;
    }
    return st;
}

/* Bytes of column i's entries of indices from..to-1 as PLAIN values. */
static size_t compact_entries_len(const ppq_writer_t *w, uint32_t i, uint32_t from, uint32_t to)
{
    ppq_sink_t count;
    ppq_sink_init_counter(&count);
    (void)compact_entries_out(w, i, from, to, &count);
    return (size_t)count.offset;
}

/* A number's distinct values, or a dictionary's entries, read from the
 * store (redict, replain: 64-bit CPUs, PPQ_WRITER_COMPACT_FLAT), on the
 * stack: 2^PPQ_WRITER_REDICT_BITS slots of 2 bytes and half as many
 * entries of 8, 48 KB at 13 bits (4,096 entries), 6 KB at 10 (512).  512
 * had left a sine's or a gaussian's row groups of 1,000-4,000 values
 * PLAIN at up to 2.9x their dictionary's chunk where the row group before
 * lost its dictionary (256: held steps of 300-500 values DELTA at up to
 * 5x).  -DPPQ_WRITER_REDICT_BITS=8..16 chooses. */
#ifndef PPQ_WRITER_REDICT_BITS
#define PPQ_WRITER_REDICT_BITS 13
#endif
#if PPQ_WRITER_REDICT_BITS < 8 || PPQ_WRITER_REDICT_BITS > 16
#error "PPQ_WRITER_REDICT_BITS: 8 to 16"
#endif
#define REDICT_BITS ((unsigned)PPQ_WRITER_REDICT_BITS)
#define REDICT_SLOTS (1u << REDICT_BITS) /* (a power of two, twice the entries: short probes) */
#define REDICT_PLAIN (REDICT_SLOTS / 2u)
#define REDICT_GROUPS 63u /* groups of 8 per bit-packed run of its indices (a header byte per 504 values) */
#define REDICT_WIDE 16u /* a FIXED_LEN_BYTE_ARRAY's widest (entries end to end in v: half as many of 16 bytes) */
typedef struct redict_tbl {
    uint64_t v[REDICT_PLAIN]; /* the entries (INT32's and FLOAT's sign-extended, as cursor_next; a
                                 FIXED_LEN_BYTE_ARRAY's bytes, end to end: redict_bytes) */
    uint16_t slot[REDICT_SLOTS]; /* a hash of them: index + 1 (0: empty); a BYTE_ARRAY's: its
                                    entry's byte in v + 1 (redict_var) */
    uint32_t count;
    uint32_t used;  /* a BYTE_ARRAY's: bytes of v its entries take (each its index and
                       length in 2 bytes each, then its bytes) */
    uint32_t mask;  /* the slots in use, less 1: twice the entries it may take (redict_reset) */
} redict_tbl_t;

#if PPQ_WRITER_COMPACT_FLAT
/* Empty t for `cap` entries at most: the slots a power of two, twice cap
 * (a row group of 100 values clears 256 slots, not all 8,192: the row
 * group's end for every chunk in the store). */
static void redict_reset(redict_tbl_t *t, uint32_t cap)
{
    for (t->mask = 15u; t->mask + 1u < 2u * cap && t->mask < REDICT_SLOTS - 1u; t->mask = 2u * t->mask + 1u) {
    }
    memset(t->slot, 0, (t->mask + 1u) * sizeof t->slot[0]);
    t->count = 0;
    t->used = 0;
}
#endif

/* A data page of a compact chunk: its rows, its share of the values and
 * levels streams, the encoding's prefix. */
typedef struct compact_page {
    uint32_t rows;
    size_t vals_from, vals_len, levs_from, levs_len;
    const uint8_t *pre;
    size_t pre_len;
    uint32_t eto;        /* > 0: the values are the dictionary's entries below this index
                            (UINT32_MAX: all), PLAIN (compact_write_chunk) */
    uint32_t bools;      /* > 0: the values are this many booleans, their RLE stream read
                            back as PLAIN bits (compact_write_chunk) */
    uint8_t redelta;     /* 1: the values are an integer's PLAIN stream written DELTA_BINARY_PACKED
                            (redelta; pre: its header) */
    uint8_t dbw;         /* > 0: the values are a number's PLAIN or DELTA stream written as
                            indices of dtbl's entries at dbw bits (indices_out) */
    uint8_t replain;     /* 1: the values are a dictionary stream's, written PLAIN */
    uint8_t rewidth;     /* > 0: the values are a dictionary stream's indices, written at this
                            narrower width (the row group's entries need no more) */
    const struct redict_tbl *dtbl; /* redict's entries; or, for a dictionary stream read as
                                      values (replain, redelta), the store's (NULL: none) */
#if PPQ_WRITER_COMPACT_FLAT
    uint8_t relevel;     /* 1: a split row group's levels, both sides', as one stream
                            (levels_out); 2: lrow's rows of the one stream */
    uint32_t ifrom;      /* dbw or rewidth: the page's first value and its values (0: the
                            rows' less the chunk's nulls) (width_pages) ... */
    uint32_t icount;
    uint32_t lrow;       /* ... an OPTIONAL column's page's first row (relevel 2: its levels
                            from the store's one stream) */
#define COMPACT_PAGE_FLAT_INIT , 0, 0, 0, 0
#else
#define COMPACT_PAGE_FLAT_INIT
#endif
} compact_page_t;

/* A sink that reads a BOOLEAN RLE stream (bit width 1) as it comes and
 * writes its values' PLAIN bits down, `left` of them after the first
 * `skip`. */
typedef struct bools_sink {
    ppq_sink_t *down;
    ppq_rle_enc_t *rle; /* or (not NULL) the values into this encoder (levels_out) */
    uint32_t left;    /* values still to write */
    uint32_t skip;    /* values to pass first */
    /* (down and rle NULL: definition levels read for the rows of the 1s
     * numbered want[0..nwant), ascending, to row_of[]: value_rows) */
    const uint32_t *want;
    uint32_t *row_of;
    uint32_t nwant, got, row, ones;
    uint32_t head;    /* the run header being read (a ULEB128 varint) ... */
    uint32_t shift;   /* ... its next bits' place */
    uint32_t packed;  /* bytes of bit-packed values still to come ... */
    uint32_t run;     /* ... or a run of this many of the next byte's value */
    uint32_t nbuf;    /* bits in buf */
    uint8_t buf[32];
} bools_sink_t;

/* Put `count` copies of bit b (count > 1: b is 0 or 1), or (count 0)
 * the 8 bits of byte `bits`, limited to what is left. */
static ppq_status_t bools_put(bools_sink_t *s, uint32_t bits, uint32_t count)
{
    uint32_t k, n = count == 0u ? 8u : count, drop = s->skip < n ? s->skip : n;
    ppq_status_t st = PPQ_OK;
    s->skip -= drop;
    n -= drop;
    bits = count == 0u ? bits >> drop : bits;
    n = n < s->left ? n : s->left;
    s->left -= n;
    if (PPQ_WRITER_COMPACT_FLAT && s->down == NULL && s->rle == NULL) {
        for (k = 0; k < n; k += count == 0u ? 1u : n) {
            uint32_t b = count == 0u ? bits >> k & 1u : bits, len = count == 0u ? 1u : n;
            while (b != 0u && s->got < s->nwant && s->want[s->got] < s->ones + len) {
                s->row_of[s->got] = s->row + (s->want[s->got] - s->ones);
                s->got++;
            }
            s->ones += b != 0u ? len : 0u;
            s->row += len;
        }
        return st;
    }
    if (PPQ_WRITER_COMPACT_FLAT && s->rle != NULL) {
        for (k = 0; k < n && st == PPQ_OK; k += count == 0u ? 1u : n) {
            st = ppq_rle_enc_put_repeat(s->rle, count == 0u ? bits >> k & 1u : bits, count == 0u ? 1u : n);
        }
        return st;
    }
    for (k = 0; k < n && st == PPQ_OK; k++) {
        uint32_t bit = count == 0u ? bits >> k & 1u : bits;
        if (s->nbuf % 8u == 0u) {
            s->buf[s->nbuf / 8u] = 0;
        }
        s->buf[s->nbuf / 8u] = (uint8_t)(s->buf[s->nbuf / 8u] | bit << (s->nbuf % 8u));
        if (++s->nbuf == 8u * sizeof s->buf) {
            st = ppq_sink_write(s->down, s->buf, sizeof s->buf);
            s->nbuf = 0;
        }
    }
    return st;
}

static ppq_status_t bools_write(void *ctx, const uint8_t *data, size_t len)
{
    bools_sink_t *s = (bools_sink_t *)ctx;
    ppq_status_t st = PPQ_OK;
    for (; len > 0u && st == PPQ_OK; data++, len--) {
        if (s->packed > 0u) {
            s->packed--;
            st = bools_put(s, *data, 0);
        } else if (s->run > 0u) {
            st = bools_put(s, *data & 1u, s->run);
            s->run = 0;
        } else {
            s->head |= (uint32_t)(*data & 0x7Fu) << (s->shift & 31u);
            s->shift += 7u;
            if ((*data & 0x80u) == 0u) { /* a header read: groups of 8 (a byte each), or a run */
                s->packed = s->head & 1u ? s->head >> 1 : 0u;
                s->run = s->head & 1u ? 0u : s->head >> 1;
                s->head = s->shift = 0;
            }
        }
    }
    return st;
}

#if PPQ_WRITER_COMPACT_FLAT
/* An OPTIONAL column's definition levels of `rows` rows from row `from`,
 * read back from the store and written to `out` as one RLE stream (bit
 * width 1, no length): a page of width_pages' (split 0: the store's one
 * stream), or a split row group's whole (its first page's `split` rows,
 * then the rest's: compact_split_delta, compact_split), joined. */
static ppq_status_t levels_out(const ppq_writer_t *w, uint32_t i, uint32_t split, uint32_t from, uint32_t rows,
                               ppq_sink_t *out)
{
    const compact_col_t *cc = COL(w, i)->own.cc;
    ppq_rle_cfg_t cfg = {1, REDICT_GROUPS, 0, 0};
    ppq_rle_enc_t enc;
    ppq_arena_t a;
    uint8_t groups[REDICT_GROUPS + PPQ_ARENA_ALIGN];
    bools_sink_t b;
    ppq_sink_t in = {bools_write, NULL, 0};
    ppq_status_t st;
    size_t cut = split != 0u ? cc->by.split.levs : cc->levs.len; /* (the first stream's bytes) */
    unsigned part;
    ppq_arena_init(&a, groups, sizeof groups);
    st = ppq_rle_enc_init(&enc, &cfg, out, &a);
    in.ctx = &b;
    for (part = 0; part < (split != 0u ? 2u : 1u) && st == PPQ_OK; part++) { /* (each stream its own runs) */
        uint32_t n = part == 0u ? (split != 0u ? split : w->rg_rows) : w->rg_rows - split;
        memset(&b, 0, sizeof b);
        b.rle = &enc;
        b.skip = from < n ? from : n;
        b.left = rows < n - b.skip ? rows : n - b.skip;
        from -= b.skip;
        rows -= b.left;
        st = part == 0u ? stream_out(w, cc->levs.id, 0, cut, &in)
                        : stream_out(w, cc->levs.id, cut, cc->levs.len - cut, &in);
    }
    return st == PPQ_OK ? ppq_rle_enc_finish(&enc) : st;
}

/* The rows of an OPTIONAL column's values numbered want[0..n) (ascending),
 * from its levels, to row_of[]. */
static void value_rows(const ppq_writer_t *w, uint32_t i, const uint32_t *want, uint32_t n, uint32_t *row_of)
{
    const compact_col_t *cc = COL(w, i)->own.cc;
    bools_sink_t b;
    ppq_sink_t in = {bools_write, NULL, 0};
    in.ctx = &b;
    memset(&b, 0, sizeof b);
    b.want = want;
    b.row_of = row_of;
    b.nwant = n;
    b.left = w->rg_rows;
    (void)stream_out(w, cc->levs.id, 0, cc->levs.len, &in);
}

/* The values (levels 1) of an OPTIONAL column's first `rows` rows, from
 * the first `len` bytes of its levels stream. */
static uint32_t levels_ones(const ppq_writer_t *w, uint32_t i, uint32_t rows, size_t len)
{
    bools_sink_t b;
    ppq_sink_t in = {bools_write, NULL, 0};
    in.ctx = &b;
    memset(&b, 0, sizeof b);
    b.left = rows;
    (void)stream_out(w, COL(w, i)->own.cc->levs.id, 0, len, &in);
    return b.ones;
}
#endif

typedef ppq_status_t (*page_part_fn)(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, ppq_sink_t *out);

/* The CRC of what `part` writes of column i's page (a pass before its
 * header, which holds it). */
static uint32_t compact_crc(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, page_part_fn part)
{
    ppq_sink_t count, out = {crc_write, NULL, 0};
    crc_sink_t cs;
    ppq_sink_init_counter(&count);
    cs.down = &count;
    cs.crc = 0;
    out.ctx = &cs;
    (void)part(w, i, pg, &out);
    return cs.crc;
}

static ppq_status_t dict_page_body(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, ppq_sink_t *out)
{
    if (PPQ_WRITER_COMPACT_FLAT && pg->dbw != 0u && w->schema[i].type == PPQ_BYTE_ARRAY) { /* (redict_var's) */
        const uint8_t *e = (const uint8_t *)pg->dtbl->v, *end = e + pg->dtbl->used;
        ppq_status_t st = PPQ_OK;
        for (; e < end && st == PPQ_OK; e += 4u + ppq_load_le16(e + 2)) {
            uint8_t len4[4];
            ppq_store_le32(len4, ppq_load_le16(e + 2));
            st = ppq_sink_write(out, len4, 4);
            st = st == PPQ_OK ? ppq_sink_write(out, e + 4, ppq_load_le16(e + 2)) : st;
        }
        return st;
    }
    if (PPQ_WRITER_COMPACT_FLAT && pg->dbw != 0u && !COL(w, i)->dict_word) { /* (redict_bytes' entries) */
        return ppq_sink_write(out, pg->dtbl->v, (size_t)pg->dtbl->count * COL(w, i)->width);
    }
    if (PPQ_WRITER_COMPACT_FLAT && pg->dbw != 0u) { /* (redict's entries) */
        uint32_t e;
        ppq_status_t st = PPQ_OK;
        for (e = 0; e < pg->dtbl->count && st == PPQ_OK; e++) {
            uint8_t b[8];
            ppq_store_le64(b, pg->dtbl->v[e]);
            st = ppq_sink_write(out, b, COL(w, i)->width);
        }
        return st;
    }
    return compact_entries_out(w, i, 0, UINT32_MAX, out);
}

#if PPQ_WRITER_COMPACT_FLAT
/* ---- a number's PLAIN stream written as a dictionary, and back ----------
 * Where a number's row group went PLAIN into the store (its dictionary lost
 * the last weighing: a periodic signal's phases come and go) and holds at
 * most REDICT_PLAIN distinct values, a dictionary page of them (in order of
 * coming) and their indices (RLE/bit-packed) may take fewer bytes: passes
 * over the stream, the entries on the stack (64-bit CPUs,
 * PPQ_WRITER_COMPACT_FLAT).  The other way, a row group that went into the
 * store as a dictionary of at most REDICT_PLAIN entries is read through
 * them: written PLAIN or DELTA_BINARY_PACKED where that takes less (a
 * channel's noisy phase, whose dictionary won the row group before). */

/* The index of v among t's entries (t->count where absent), and its slot
 * (where absent: the free one it would take). */
static uint32_t redict_find(const redict_tbl_t *t, uint64_t v, uint32_t *slot)
{
    uint32_t h = (uint32_t)((v * 0x9E3779B97F4A7C15u) >> (64u - REDICT_BITS)) & t->mask;
    while (t->slot[h] != 0u && t->v[t->slot[h] - 1u] != v) {
        h = (h + 1u) & t->mask;
    }
    *slot = h;
    return t->slot[h] != 0u ? t->slot[h] - 1u : t->count;
}

/* A cursor at the start of column i's values stream as the store holds
 * it: PLAIN, a dictionary stream's indices read through tbl (its entries:
 * redict_entries; NULL: the indices), or DELTA (its first value the
 * encoder's). */
static void cursor_through(const ppq_writer_t *w, uint32_t i, const redict_tbl_t *tbl, plain_cursor_t *k)
{
    const ppq_col_t *c = COL(w, i);
    cursor_start(w, c, k);
    if (c->kind == K_DICT) {
        const compact_col_t *cc = c->own.cc;
        k->tbl = tbl != NULL ? tbl->v : NULL;
        k->count = tbl != NULL ? tbl->count : 0u;
        k->raw = (uint8_t)(tbl == NULL); /* (no entries: the indices themselves) */
        k->iw = cc->dict_width;
        if (cc->by.split.rows != 0u) { /* (split, compact_split: its first part's indices narrower) */
            k->ileft = c->def->optional ? levels_ones(w, i, cc->by.split.rows, cc->by.split.levs) : cc->by.split.rows;
            k->iw2 = cc->dict_width;
            k->iw = k->ileft != 0u ? cc->by.split.width : cc->dict_width;
            k->plain_at = cc->by.split.vals;
            if (k->ileft == 0u) {
                cursor_seek(k, k->plain_at);
            }
        }
    } else if (c->kind == K_DELTA) {
        k->delta = 1;
        k->first = 1;
        k->prev = k->is64 ? c->enc.delta.first : (uint64_t)(int64_t)(int32_t)(uint32_t)c->enc.delta.first;
    }
#if COMPACT_SMALL
    if (COMPACT_SPLIT(c->own.cc) && c->own.cc->by.split.rows > 0u) { /* DELTA's values (its header kept in
                                                                      the buffer: compact_split_delta), then PLAIN */
        const uint8_t *h = c->codec_arena.base + 1, *end = h + c->codec_arena.base[0];
        uint64_t u = 0;
        size_t used = 0;
        unsigned f;
        for (f = 0; f < 4u && ppq_uleb64_decode(h, (size_t)(end - h), &u, &used) == PPQ_OK; f++) {
            h += used; /* block size, miniblocks, count (nulls not counted), then the first value (zigzag) */
            k->dleft = f == 2u ? (uint32_t)u : k->dleft;
        }
        k->prev = (uint64_t)ppq_zigzag64_decode(u);
        k->prev = k->is64 ? k->prev : (uint64_t)(int64_t)(int32_t)(uint32_t)k->prev;
        k->delta = 1;
        k->first = 1;
        k->plain_at = c->own.cc->by.split.vals;
    }
#endif
}

/* Column i's n values' distinct ones into t (REDICT_PLAIN at most), in
 * order of coming: their count, 0 past REDICT_PLAIN. */
static uint32_t redict_count(const ppq_writer_t *w, uint32_t i, uint32_t n, redict_tbl_t *t)
{
    plain_cursor_t k;
    uint32_t j, s, cap = w->opts.dict_entries < REDICT_PLAIN ? w->opts.dict_entries : REDICT_PLAIN;
    redict_reset(t, cap < n ? cap : n);
    cursor_through(w, i, NULL, &k); /* (PLAIN or DELTA) */
    for (j = 0; j < n; j++) {
        uint64_t v = cursor_next(&k);
        if (redict_find(t, v, &s) == t->count) {
            if (t->count == cap) {
                return 0; /* (past REDICT_PLAIN, or past dict_entries: a dictionary the options hold) */
            }
            t->v[t->count++] = v;
            t->slot[s] = (uint16_t)t->count;
        }
    }
    return t->count;
}

/* A FIXED_LEN_BYTE_ARRAY's value x (`width` bytes) among t's entries, as
 * redict_find. */
static uint32_t redict_find_bytes(const redict_tbl_t *t, const uint8_t *x, uint32_t width, uint32_t *slot)
{
    const uint8_t *e = (const uint8_t *)t->v;
    uint32_t h = 0x811C9DC5u, b;
    for (b = 0; b < width; b++) {
        h = fnv_step(h, x[b]);
    }
    h = (h ^ h >> 15) & t->mask;
    while (t->slot[h] != 0u && memcmp(e + (size_t)(t->slot[h] - 1u) * width, x, width) != 0) {
        h = (h + 1u) & t->mask;
    }
    *slot = h;
    return t->slot[h] != 0u ? t->slot[h] - 1u : t->count;
}

/* Column i's n FIXED_LEN_BYTE_ARRAY values (PLAIN in the store, at most
 * REDICT_WIDE bytes each) the same way: their distinct ones into t, as
 * many as its entries' bytes hold (half REDICT_PLAIN of 16 bytes), REDICT_PLAIN at
 * most: their count, 0 past that.  Prices as a DECIMAL in 16 bytes, in
 * row groups of 20 rows whose dictionary lost the row group before, had
 * kept PLAIN at up to 1.6x. */
static uint32_t redict_bytes(const ppq_writer_t *w, uint32_t i, uint32_t n, redict_tbl_t *t)
{
    const ppq_col_t *c = COL(w, i);
    uint32_t j, b, s, cap = (uint32_t)(sizeof t->v / c->width);
    uint8_t x[REDICT_WIDE];
    plain_cursor_t k;
    cap = cap < REDICT_PLAIN ? cap : REDICT_PLAIN; /* (its hash half full at most: values of 2 bytes had
                                                      filled its slots, and a new value's probe never ended) */
    cap = cap < w->opts.dict_entries ? cap : w->opts.dict_entries; /* (and the options' dictionary: a
                                                                      reader may be sized by it) */
    redict_reset(t, cap < n ? cap : n);
    cursor_start(w, c, &k);
    for (j = 0; j < n; j++) {
        for (b = 0; b < c->width; b++) {
            x[b] = (uint8_t)cursor_byte(&k);
        }
        if (redict_find_bytes(t, x, c->width, &s) == t->count) {
            if (t->count == cap) {
                return 0;
            }
            memcpy((uint8_t *)t->v + (size_t)t->count * c->width, x, c->width);
            t->slot[s] = (uint16_t)++t->count;
        }
    }
    return t->count;
}

/* A BYTE_ARRAY value's hash: its bytes', then its length's. */
static uint32_t var_hash(const redict_tbl_t *t, uint32_t h, uint32_t len)
{
    h = fnv_step(fnv_step(h, len & 0xFFu), len >> 8);
    return (h ^ h >> 15) & t->mask;
}

/* Column i's n BYTE_ARRAY values (PLAIN in the store) the same way: their
 * distinct ones into t, each (index, length, bytes) end to end in its v,
 * as many as its bytes hold, REDICT_PLAIN at most: their count, 0 past
 * that.  A name or a version string whose row group of new values sent
 * it PLAIN for the next 8 had kept PLAIN at up to 1.4x its dictionary's
 * chunk. */
static uint32_t redict_var(const ppq_writer_t *w, uint32_t i, uint32_t n, redict_tbl_t *t)
{
    uint8_t *v = (uint8_t *)t->v;
    uint32_t j, b, len, h, cap = w->opts.dict_entries < REDICT_PLAIN ? w->opts.dict_entries : REDICT_PLAIN;
    plain_cursor_t k;
    redict_reset(t, cap < n ? cap : n);
    cursor_start(w, COL(w, i), &k);
    for (j = 0; j < n; j++) {
        uint8_t *e = v + t->used;
        for (len = 0, b = 0; b < 4u; b++) {
            len |= (uint32_t)cursor_byte(&k) << (8u * b);
        }
        if (len + 4u > (sizeof t->v < 0xFFFFu ? sizeof t->v : 0xFFFFu) - t->used) {
            return 0; /* (past the table's bytes, or past what a slot's 2 bytes reach) */
        }
        for (h = 0x811C9DC5u, b = 0; b < len; b++) { /* (its bytes after the entries, as a new one) */
            e[4u + b] = (uint8_t)cursor_byte(&k);
            h = fnv_step(h, e[4u + b]);
        }
        h = var_hash(t, h, len);
        while (t->slot[h] != 0u && (ppq_load_le16(v + t->slot[h] + 1u) != len ||
                                    memcmp(v + t->slot[h] + 3u, e + 4, len) != 0)) {
            h = (h + 1u) & t->mask;
        }
        if (t->slot[h] == 0u) {
            if (t->count == cap) {
                return 0;
            }
            ppq_store_le16(e, (uint16_t)t->count++);
            ppq_store_le16(e + 2, (uint16_t)len);
            t->slot[h] = (uint16_t)(t->used + 1u);
            t->used += 4u + len;
        }
    }
    return t->count;
}

/* The index of the next BYTE_ARRAY value at *k among t's entries
 * (redict_var's: every value is one). */
static uint32_t redict_find_var(const redict_tbl_t *t, plain_cursor_t *k)
{
    const uint8_t *v = (const uint8_t *)t->v;
    plain_cursor_t at;
    uint32_t len = 0, b, h = 0x811C9DC5u;
    for (b = 0; b < 4u; b++) {
        len |= (uint32_t)cursor_byte(k) << (8u * b);
    }
    at = *k; /* (its bytes: hashed, then compared from here) */
    for (b = 0; b < len; b++) {
        h = fnv_step(h, (uint32_t)cursor_byte(k));
    }
    for (h = var_hash(t, h, len); t->slot[h] != 0u; h = (h + 1u) & t->mask) {
        const uint8_t *e = v + t->slot[h] - 1u;
        plain_cursor_t x = at;
        for (b = 0; ppq_load_le16(e + 2) == len && b < len && e[4u + b] == cursor_byte(&x); b++) {
        }
        if (ppq_load_le16(e + 2) == len && b == len) {
            return ppq_load_le16(e);
        }
    }
    return 0; /* (not reached: every value is an entry) */
}

/* Column i's dictionary entries this row group (at most REDICT_PLAIN), in
 * index order, into t->v as cursor_next reads them. */
static void redict_entries(const ppq_writer_t *w, uint32_t i, redict_tbl_t *t)
{
    const ppq_col_t *c = COL(w, i);
    size_t end = w->store_cap;
    t->count = 0;
    while (end > w->store_top && t->count < REDICT_PLAIN) {
        uint32_t col, len;
        const uint8_t *v;
        end = entry_at(w, end, &col, &v, &len);
        if (col == i) {
            uint64_t x = ppq_load_le_word(v, (unsigned)c->width);
            t->v[t->count++] = c->width == 8u ? x : (uint64_t)(int64_t)(int32_t)(uint32_t)x;
        }
    }
}

/* Column i's n values (a dictionary stream's through tbl), PLAIN to `out`. */
static ppq_status_t replain_out(const ppq_writer_t *w, uint32_t i, const redict_tbl_t *tbl, uint32_t n, ppq_sink_t *out)
{
    plain_cursor_t k;
    uint8_t buf[64];
    size_t nb = 0;
    uint32_t j;
    ppq_status_t st = PPQ_OK;
    cursor_through(w, i, tbl, &k);
    for (j = 0; j < n && st == PPQ_OK; j++) {
        ppq_store_le64(buf + nb, cursor_next(&k));
        nb += k.width;
        if (nb + 8u > sizeof buf || j + 1u == n) {
            st = ppq_sink_write(out, buf, nb);
            nb = 0;
        }
    }
    return st;
}

/* Column i's dictionary entries (a byte array's, or a FIXED_LEN_BYTE_ARRAY
 * too wide for a word), each where the store holds it, into t->v by index
 * (its offset above 32 bits, its length below); then the bytes its n
 * values (its indices, through them) take PLAIN. */
static size_t replain_var_len(const ppq_writer_t *w, uint32_t i, uint32_t n, redict_tbl_t *t)
{
    const ppq_col_t *c = COL(w, i);
    size_t end = w->store_cap, sum = 0;
    plain_cursor_t k;
    uint32_t j, four = w->schema[i].type == PPQ_BYTE_ARRAY ? 4u : 0u;
    t->count = 0;
    while (end > w->store_top) {
        uint32_t col, len, idx = entry_index(w, end);
        const uint8_t *v;
        end = entry_at(w, end, &col, &v, &len);
        if (col == i && idx < REDICT_PLAIN) {
            t->v[idx] = (uint64_t)(v - w->store) << 32 | len;
            t->count++;
        }
    }
    if (t->count != c->own.cc->dict_count) {
        return SIZE_MAX; /* (not every entry found: not rewritten) */
    }
    cursor_through(w, i, NULL, &k); /* (the indices themselves) */
    for (j = 0; j < n; j++) {
        uint64_t idx = cursor_next(&k);
        if (idx >= t->count) {
            return SIZE_MAX;
        }
        sum += four + (uint32_t)t->v[idx];
    }
    return sum;
}

/* Column i's n values (its indices through t, replain_var_len) PLAIN to
 * `out`. */
static ppq_status_t replain_var_out(const ppq_writer_t *w, uint32_t i, const redict_tbl_t *t, uint32_t n, ppq_sink_t *out)
{
    plain_cursor_t k;
    uint32_t j;
    ppq_status_t st = PPQ_OK;
    cursor_through(w, i, NULL, &k);
    for (j = 0; j < n && st == PPQ_OK; j++) {
        uint64_t e = t->v[cursor_next(&k)];
        uint8_t len4[4];
        ppq_store_le32(len4, (uint32_t)e);
        st = w->schema[i].type == PPQ_BYTE_ARRAY ? ppq_sink_write(out, len4, 4) : st;
        st = st == PPQ_OK ? ppq_sink_write(out, w->store + (size_t)(e >> 32), (uint32_t)e) : st;
    }
    return st;
}

/* The next value's index (k from cursor_through): a PLAIN or DELTA
 * stream's value's among pg's entries (redict: pg->dbw), or a dictionary
 * stream's own. */
static uint32_t index_next(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, plain_cursor_t *k)
{
    uint32_t s;
    if (pg->dbw != 0u && w->schema[i].type == PPQ_BYTE_ARRAY) {
        return redict_find_var(pg->dtbl, k);
    }
    if (pg->dbw != 0u && !COL(w, i)->dict_word) { /* (a FIXED_LEN_BYTE_ARRAY's bytes: redict_bytes) */
        uint8_t x[REDICT_WIDE];
        uint32_t b;
        for (b = 0; b < COL(w, i)->width; b++) {
            x[b] = (uint8_t)cursor_byte(k);
        }
        return redict_find_bytes(pg->dtbl, x, COL(w, i)->width, &s);
    }
    return pg->dbw != 0u ? redict_find(pg->dtbl, cursor_next(k), &s) : (uint32_t)cursor_next(k);
}

/* The n values' indices from the pg->ifrom-th, RLE/bit-packed hybrid (a
 * status word's runs: a byte or two each), to `out`: a PLAIN or DELTA
 * stream's values' in pg's entries at pg->dbw bits (redict), or a
 * dictionary stream's own at pg->rewidth bits. */
static ppq_status_t indices_out(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, uint32_t n, ppq_sink_t *out)
{
    ppq_rle_cfg_t cfg = {0, REDICT_GROUPS, 0, 0};
    ppq_rle_enc_t enc;
    ppq_arena_t a;
    plain_cursor_t k;
    uint8_t groups[REDICT_GROUPS * 16u + PPQ_ARENA_ALIGN]; /* (up to 16 bits: compact_max_width) */
    uint32_t idx[64], j, nb = 0;
    ppq_status_t st;
    cfg.bit_width = pg->dbw != 0u ? pg->dbw : pg->rewidth;
    ppq_arena_init(&a, groups, sizeof groups);
    st = ppq_rle_enc_init(&enc, &cfg, out, &a);
    cursor_through(w, i, NULL, &k); /* (PLAIN or DELTA; a dictionary stream: its indices) */
    for (j = 0; j < pg->ifrom; j++) {
        (void)index_next(w, i, pg, &k);
    }
    for (j = 0; j < n && st == PPQ_OK; j++) {
        idx[nb++] = index_next(w, i, pg, &k);
        if (nb == 64u || j + 1u == n) {
            st = ppq_rle_enc_put(&enc, idx, nb);
            nb = 0;
        }
    }
    return st == PPQ_OK ? ppq_rle_enc_finish(&enc) : st;
}

/* The bytes of the n indices from `from` at `bits` (indices_out). */
static size_t indices_len(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, uint32_t from, uint32_t n,
                          unsigned bits)
{
    compact_page_t q = *pg;
    ppq_sink_t count;
    ppq_sink_init_counter(&count);
    q.ifrom = from;
    q.dbw = q.dbw != 0u ? (uint8_t)bits : 0u;
    q.rewidth = q.dbw != 0u ? 0u : (uint8_t)bits;
    return indices_out(w, i, &q, n, &count) == PPQ_OK ? (size_t)count.offset : (size_t)-1;
}

/* A page header's bytes (about: its CRC at its longest) for a body of
 * `len` bytes and `rows` rows, with the indices' width byte and an
 * OPTIONAL column's levels' length. */
static size_t index_page_head(const ppq_writer_t *w, uint32_t i, size_t len, uint32_t rows)
{
    return 15u + 2u * uleb_len(2u * (uint64_t)len) + uleb_len(2u * (uint64_t)rows) + (w->opts.page_crc ? 6u : 0u) +
           (w->schema[i].optional ? 4u : 0u);
}

/* A column's indices (n of them, at `bits` in one page whose body takes
 * `one` bytes) in pages of growing width where that takes less: each
 * index is new or one of those before it (entries come in order of
 * coming), so the values before the first index of 2^b fit b bits.  The
 * pages: a split at those firsts that an estimate puts lowest (each
 * stretch's bit-packed values at the page's width, its runs of 8 or more
 * a header and a value each, each page its header), kept where its exact
 * bytes take less than one page (a walk's first indices fit fewer bits
 * than its last: DICTIONARY's row groups, which the store ended sooner,
 * had narrower indices, 1.1-1.2x; an OPTIONAL column's levels are
 * written again for each page's rows, those before a page's first value
 * in the page before).  Pages' first values to at[], their first rows
 * to row[], their widths to wb[]: their count (1: one page). */
#define WIDTH_PAGES 16u
static unsigned width_pages(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, uint32_t n, unsigned bits,
                            size_t one, uint32_t at[WIDTH_PAGES + 1u], uint32_t row[WIDTH_PAGES + 1u],
                            uint8_t wb[WIDTH_PAGES])
{
    uint32_t cut[WIDTH_PAGES + 1u], packed[WIDTH_PAGES + 1u] = {0}, runs[WIDTH_PAGES + 1u] = {0};
    uint32_t j, x, prev = UINT32_MAX, top = 0, run = 0;
    uint8_t cw[WIDTH_PAGES + 1u];
    size_t best[WIDTH_PAGES + 1u], exact = 0, len;
    unsigned from[WIDTH_PAGES + 1u], m = 0, e, s, np;
    plain_cursor_t k;
    at[0] = 0;
    at[1] = n;
    wb[0] = (uint8_t)bits;
    if (bits <= 1u || bits > WIDTH_PAGES || n < 64u) {
        return 1;
    }
    cut[0] = 0;
    cursor_through(w, i, NULL, &k);
    for (j = 0; j < n; j++) { /* the stretches between firsts: their bit-packed values and runs */
        x = index_next(w, i, pg, &k);
        if (x != prev) {
            runs[m + 1u] += run >= 8u;
            packed[m + 1u] += run >= 8u ? 0u : run;
            run = 0;
            if (x > top && x >= 2u && (x & (x - 1u)) == 0u && x < 1u << bits) { /* the first of 2^b */
                cut[++m] = j;
                cw[m] = (uint8_t)(ppq_bit_width32(x) - 1u);
            }
            prev = x;
            top = x > top ? x : top;
        }
        run++;
    }
    runs[m + 1u] += run >= 8u;
    packed[m + 1u] += run >= 8u ? 0u : run;
    cut[++m] = n;
    cw[m] = (uint8_t)bits;
    if (m == 1u) {
        return 1;
    }
    best[0] = 0;
    for (e = 1; e <= m; e++) { /* the fewest bytes to cut e: a page from an earlier cut s */
        uint32_t p = 0, r = 0;
        best[e] = (size_t)-1;
        for (s = e; s-- > 0u;) {
            p += packed[s + 1u];
            r += runs[s + 1u];
            len = ((size_t)p * cw[e] + 7u) / 8u + (size_t)r * (1u + (cw[e] + 7u) / 8u);
            len += index_page_head(w, i, len, cut[e] - cut[s]) + best[s];
            if (len < best[e]) {
                best[e] = len;
                from[e] = s;
            }
        }
    }
    for (np = 0, e = m; e > 0u; e = from[e]) {
        np++;
    }
    for (j = np, e = m; e > 0u; e = from[e]) {
        j--;
        at[j] = cut[from[e]];
        at[j + 1u] = cut[e];
        wb[j] = cw[e];
    }
    row[0] = 0;
    row[np] = w->rg_rows;
    if (np > 1u && w->schema[i].optional) {
        value_rows(w, i, at + 1, np - 1u, row + 1);
    } else if (np > 1u) {
        memcpy(row + 1, at + 1, (np - 1u) * sizeof *row);
    }
    for (j = 0; np > 1u && j < np; j++) {
        len = indices_len(w, i, pg, at[j], at[j + 1u] - at[j], wb[j]);
        if (w->schema[i].optional) {
            ppq_sink_t count;
            ppq_sink_init_counter(&count);
            (void)levels_out(w, i, 0, row[j], row[j + 1u] - row[j], &count);
            len += (size_t)count.offset;
        }
        exact += len + index_page_head(w, i, len, row[j + 1u] - row[j]);
    }
    if (np == 1u || exact >= one + index_page_head(w, i, one, w->rg_rows)) {
        at[1] = n;
        row[1] = w->rg_rows;
        wb[0] = (uint8_t)bits;
        return 1;
    }
    return np;
}

/* ---- an AUTO integer's PLAIN stream written DELTA_BINARY_PACKED ------------
 * Where an AUTO integer's row group went PLAIN (its DELTA buffer could not
 * be lent: the store at its least; or the weighing chose PLAIN), its
 * values are still in the store, and DELTA_BINARY_PACKED may take fewer
 * bytes (sorted ids at 4 bytes a row: 13x DELTA's chunk).  The chunk is
 * then written DELTA, block by block, each read back from the store three
 * times (its least delta, its miniblocks' widths, their bits): no buffer,
 * at the row group's end only.  Blocks of 128, 4 miniblocks of 32, as the
 * encoder's. */
/* The delta from `prev` to v, as the encoder keeps it (INT32's wrapped to
 * 32 bits, sign-extended). */
static int64_t cursor_delta(const plain_cursor_t *k, uint64_t prev, uint64_t v)
{
    uint64_t d = v - prev;
    return k->is64 ? (int64_t)d : (int64_t)(int32_t)(uint32_t)d;
}

/* One block of up to 128 deltas after the value at *k (the cursor left
 * after the block's last value, *prev that value): its least delta and its
 * 4 miniblocks' widths, and with `out`, the block written.  Returns its
 * bytes. */
static size_t redelta_block(plain_cursor_t *k, uint64_t *prev, uint32_t n, ppq_sink_t *out, ppq_status_t *st)
{
    plain_cursor_t start = *k;
    uint64_t p = *prev, v = 0;
    uint8_t head[PPQ_ULEB64_MAX + 4u], buf[64];
    int64_t lo = INT64_MAX;
    uint32_t j, m, used = (n + 31u) / 32u;
    size_t h, bytes;
    for (j = 0; j < n; j++) { /* its least delta */
        v = cursor_next(k);
        lo = cursor_delta(k, p, v) < lo ? cursor_delta(k, p, v) : lo;
        p = v;
    }
    h = ppq_uleb64_encode(ppq_zigzag64_encode(lo), head);
    bytes = h + 4u;
    *k = start;
    p = *prev;
    for (m = 0; m < 4u; m++) { /* its miniblocks' widths */
        uint64_t all = 0;
        for (j = m * 32u; j < n && j < m * 32u + 32u; j++) {
            v = cursor_next(k);
            all |= ((uint64_t)cursor_delta(k, p, v) - (uint64_t)lo) & (k->is64 ? UINT64_MAX : 0xFFFFFFFFu);
            p = v;
        }
        head[h + m] = (uint8_t)(m < used ? ppq_bit_width64(all) : 0u);
        bytes += 4u * head[h + m];
    }
    if (out != NULL) { /* the block: its head, then each miniblock's bits (the last padded with zeros) */
        *st = *st == PPQ_OK ? ppq_sink_write(out, head, h + 4u) : *st;
        *k = start;
        p = *prev;
        for (m = 0; m < used && *st == PPQ_OK; m++) {
            unsigned w = head[h + m], nbits = 0;
            uint64_t acc = 0;
            size_t nb = 0;
            for (j = m * 32u; j < m * 32u + 32u; j++) {
                uint64_t x = 0;
                if (j < n) { /* (each value read, at width 0 too: the cursor goes on) */
                    v = cursor_next(k);
                    x = ((uint64_t)cursor_delta(k, p, v) - (uint64_t)lo) & (w < 64u ? ((uint64_t)1 << w) - 1u : UINT64_MAX);
                    p = v;
                }
                if (w == 0u) {
                    continue;
                }
                acc |= x << nbits; /* (nbits < 64) */
                if (nbits + w >= 64u) {
                    ppq_store_le64(buf + nb, acc);
                    nb += 8u;
                    acc = nbits > 0u ? x >> (64u - nbits) : 0u;
                    nbits = nbits + w - 64u;
                } else {
                    nbits += w;
                }
                if (nb == sizeof buf) {
                    *st = *st == PPQ_OK ? ppq_sink_write(out, buf, nb) : *st;
                    nb = 0;
                }
            }
            for (; nbits > 0u; nbits = nbits > 8u ? nbits - 8u : 0u, acc >>= 8) {
                buf[nb++] = (uint8_t)acc; /* (32 values: whole bytes) */
            }
            *st = *st == PPQ_OK && nb > 0u ? ppq_sink_write(out, buf, nb) : *st;
        }
    }
    *k = start; /* (the cursor after the block, wherever the passes left it) */
    for (j = 0; j < n; j++) {
        p = cursor_next(k);
    }
    *prev = p;
    return bytes;
}

/* Column i's values (its n > 0 values; a dictionary stream's through tbl)
 * as DELTA_BINARY_PACKED: its blocks' bytes, and with `out` the blocks
 * written (the header apart, from *first). */
static size_t redelta(const ppq_writer_t *w, uint32_t i, uint32_t n, const redict_tbl_t *tbl, ppq_sink_t *out,
                      ppq_status_t *st, int64_t *first)
{
    plain_cursor_t k;
    uint64_t prev;
    size_t bytes = 0;
    uint32_t left = n - 1u;
    cursor_through(w, i, tbl, &k);
    prev = cursor_next(&k); /* the first value: the header's */
    *first = (int64_t)prev;
    for (; left > 0u; left -= left < 128u ? left : 128u) {
        bytes += redelta_block(&k, &prev, left < 128u ? left : 128u, out, st);
    }
    return bytes;
}
#endif

/* A data page body: the levels with their length (OPTIONAL columns), the
 * encoding's prefix, the values. */
static ppq_status_t data_page_body(const ppq_writer_t *w, uint32_t i, const compact_page_t *pg, ppq_sink_t *out)
{
    const compact_col_t *cc = COL(w, i)->own.cc;
    uint8_t lev4[4];
    ppq_status_t st = PPQ_OK;
    if (w->schema[i].optional) {
        ppq_store_le32(lev4, (uint32_t)pg->levs_len);
        st = ppq_sink_write(out, lev4, 4);
#if PPQ_WRITER_COMPACT_FLAT
        if (pg->relevel == 2u) {
            st = st == PPQ_OK ? levels_out(w, i, 0, pg->lrow, pg->rows, out) : st;
        } else if (pg->relevel) {
            st = st == PPQ_OK ? levels_out(w, i, COL(w, i)->own.cc->by.split.rows, 0, w->rg_rows, out) : st;
        } else
#endif
        st = st == PPQ_OK ? stream_out(w, cc->levs.id, pg->levs_from, pg->levs_len, out) : st;
    }
    st = st == PPQ_OK ? ppq_sink_write(out, pg->pre, pg->pre_len) : st;
    if (PPQ_WRITER_COMPACT_FLAT && pg->eto != 0u) {
        return st == PPQ_OK ? compact_entries_out(w, i, 0, pg->eto, out) : st;
    }
    if (PPQ_WRITER_COMPACT_FLAT && pg->bools != 0u) {
        bools_sink_t b;
        ppq_sink_t in = {bools_write, NULL, 0};
        memset(&b, 0, sizeof b);
        b.down = out;
        b.left = pg->bools;
        in.ctx = &b;
        st = st == PPQ_OK ? stream_out(w, cc->vals.id, 0, cc->vals.len, &in) : st;
        return st == PPQ_OK && b.nbuf > 0u ? ppq_sink_write(out, b.buf, (b.nbuf + 7u) / 8u) : st;
    }
#if PPQ_WRITER_COMPACT_FLAT
    if (pg->dbw != 0u || pg->rewidth != 0u) {
        uint32_t n = pg->icount != 0u ? pg->icount : pg->rows - (uint32_t)COL(w, i)->chunk_stats.nulls;
        return st == PPQ_OK ? indices_out(w, i, pg, n, out) : st;
    }
    if (pg->redelta) {
        int64_t first;
        (void)redelta(w, i, pg->rows - (uint32_t)COL(w, i)->chunk_stats.nulls, pg->dtbl, out, &st, &first);
        return st;
    }
    if (pg->replain) {
        uint32_t n = pg->rows - (uint32_t)COL(w, i)->chunk_stats.nulls;
        st = st != PPQ_OK             ? st
             : COL(w, i)->dict_word ? replain_out(w, i, pg->dtbl, n, out)
                                    : replain_var_out(w, i, pg->dtbl, n, out);
        return st;
    }
#endif
    return st == PPQ_OK ? stream_out(w, cc->vals.id, pg->vals_from, pg->vals_len, out) : st;
}

#if PPQ_WRITER_COMPACT_FLAT
/* The bytes column i's levels take joined in one page, where its row
 * group was split (compact_split): what relevel 1 writes. */
static size_t levels_joined_len(const ppq_writer_t *w, uint32_t i)
{
    ppq_sink_t counter;
    ppq_sink_init_counter(&counter);
    (void)levels_out(w, i, COL(w, i)->own.cc->by.split.rows, 0, w->rg_rows, &counter);
    return (size_t)counter.offset;
}

/* About the bytes of column i's dictionary chunk as the store holds it:
 * its dictionary page (its header about 13 bytes, a CRC 6 more, the
 * entries' `entries` bytes), the indices' width byte and `idx` bytes of
 * indices; a dictionary split in two pages (split: compact_split) its
 * second page's header and its levels, each side's with its length.  Sets
 * *dlv to the bytes the levels take joined in one page (0 where they are
 * not split), which a rewrite as one page writes. */
static size_t dict_chunk_bytes(const ppq_writer_t *w, uint32_t i, uint32_t split, size_t entries, size_t idx,
                               size_t *dlv)
{
    const compact_col_t *cc = COL(w, i)->own.cc;
    size_t now = 13u + (w->opts.page_crc ? 6u : 0u) + entries + 1u + idx;
    *dlv = 0;
    if (split != 0u && COL(w, i)->def->optional) {
        *dlv = levels_joined_len(w, i);
        now += 4u + cc->levs.len;
    }
    return now + (split != 0u && split != w->rg_rows ? 13u : 0u); /* (the second page's header, width byte) */
}
#endif

/* Write column i's chunk: its dictionary page, then its data page (two
 * when the dictionary outgrew its width: compact_split), each the levels
 * with their length, the encoding's prefix, the values.  Sets
 * *data_start. */
PPQ_NOINLINE static ppq_status_t compact_write_chunk(ppq_writer_t *w, uint32_t i, uint64_t *data_start)
{
    ppq_col_t *c = COL(w, i);
    compact_col_t *cc = c->own.cc;
    uint8_t pre[PPQ_DELTA_HEADER_MAX] = {0};
    compact_page_t pg = {0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0, 0, 0, NULL COMPACT_PAGE_FLAT_INIT};
#if PPQ_WRITER_COMPACT_FLAT
    redict_tbl_t tbl;
    size_t now = 0, dlv = 0; /* (dlv: a split dictionary's levels joined, levels_out) */
    int resplit;
    uint32_t wat[WIDTH_PAGES + 1u], wrow[WIDTH_PAGES + 1u];
    uint8_t wbits[WIDTH_PAGES];
    unsigned np = 1, p = 0; /* (width_pages) */
#endif
    uint32_t split = 0;
    int one_block;
    size_t body;
    ppq_thrift_w_t t;
    ppq_sink_t hs;
    ppq_memsink_t hm;
    ppq_status_t st = PPQ_OK;
    /* nulls only: a PLAIN page of no values (no dictionary page, width,
     * DELTA header or BOOLEAN RLE length: the encoders wrote nothing) */
    uint8_t kind = c->chunk_stats.nulls == w->rg_rows ? (uint8_t)K_PLAIN : c->kind;
    pg.pre = pre;
    pg.rows = w->rg_rows;
    pg.vals_len = cc->vals.len;
    pg.levs_len = c->def->optional ? cc->levs.len : 0u;
    split = cc->by.split.rows; /* (DICT's) */
    /* AUTO, a dictionary of distinct values only: its entries, in index
     * order, are the values' PLAIN bytes (no dictionary page, width or
     * indices; one page, an OPTIONAL column's split levels joined: they
     * had been a page each side, the second page's header 1.17x PLAIN's
     * chunk for 12 prices in pages of 11 and 1) */
    if (PPQ_WRITER_COMPACT_FLAT && kind == K_DICT && c->def->encoding == PPQ_COLUMN_AUTO &&
        cc->dict_count == w->rg_rows - c->chunk_stats.nulls &&
        !(c->dict_word && cc->dict_count <= REDICT_PLAIN)) { /* (those: replain below, the same bytes,
            or DELTA, split too: a saw-tooth's 360 values, past 8 bits, had gone PLAIN at 6x DELTA's chunk) */
        kind = K_PLAIN;
#if PPQ_WRITER_COMPACT_FLAT
        if (c->def->optional && split != 0u && split != w->rg_rows) {
            pg.relevel = 1;
            pg.levs_len = levels_joined_len(w, i);
        }
#endif
        split = 0;
        pg.eto = UINT32_MAX;
        pg.vals_len = compact_entries_len(w, i, 0, pg.eto);
    } else {
        split = kind == K_DICT || COMPACT_SPLIT(cc) ? split : 0u;
    }
#if PPQ_WRITER_COMPACT_FLAT
    if (kind == K_DICT && split == 0u && cc->dict_count > 0u && w->rg_rows > c->chunk_stats.nulls &&
        ppq_bit_width32(cc->dict_count > 1u ? cc->dict_count - 1u : 1u) < cc->dict_width) {
        /* the indices at the width the row group's entries need (the store
         * took them at the width the last row group's sized: twice its
         * entries, where a walk drifts); before the rewrites below weigh
         * the dictionary (MIN and MAX in turn, at 3 bits in the store, had
         * gone DELTA at 2 bits a value: 2.2x its 1-bit indices) */
        ppq_sink_t counter;
        ppq_sink_init_counter(&counter);
        pg.rewidth = (uint8_t)ppq_bit_width32(cc->dict_count > 1u ? cc->dict_count - 1u : 1u);
        if (indices_out(w, i, &pg, w->rg_rows - (uint32_t)c->chunk_stats.nulls, &counter) == PPQ_OK &&
            (size_t)counter.offset < pg.vals_len) {
            pg.vals_len = (size_t)counter.offset;
        } else {
            pg.rewidth = 0;
        }
    }
    if (kind == K_DICT && split != 0u && split != w->rg_rows && c->def->encoding == PPQ_COLUMN_AUTO &&
        cc->dict_count > 0u && w->rg_rows > c->chunk_stats.nulls) {
        /* a dictionary split in two pages where it outgrew its index width
         * (compact_split): one page at the row group's width where that
         * takes less, the second page's header saved, an OPTIONAL column's
         * levels joined (width_pages below cuts a REQUIRED one's again where
         * pages of growing widths pay: a longitude in row groups of 54, 3
         * bits then 4, had taken 1.17x DICTIONARY's one page) */
        uint8_t bits = (uint8_t)ppq_bit_width32(cc->dict_count > 1u ? cc->dict_count - 1u : 1u);
        size_t len = indices_len(w, i, &pg, 0, w->rg_rows - (uint32_t)c->chunk_stats.nulls, bits);
        size_t lv = c->def->optional ? levels_joined_len(w, i) : 0u;
        if (len != (size_t)-1 && len + 1u + lv < cc->vals.len + 2u + cc->levs.len +
                                                     index_page_head(w, i, cc->vals.len - cc->by.split.vals,
                                                                     w->rg_rows - split)) {
            split = 0;
            pg.rewidth = bits;
            pg.vals_len = len;
            if (c->def->optional) {
                pg.relevel = 1;
                pg.levs_len = lv;
                pg.rows = w->rg_rows;
            }
        }
    }
#endif
    /* AUTO integer on DELTA, every value the same (one run as long as the
     * values: compact_est): one block as long as the values, of one
     * miniblock, whose least delta 0 and width 0 say it all (a header, then
     * 2 bytes; DELTA's blocks of 128 take 5 bytes each, and a dictionary
     * of the value about 24 and an offset and an encoding more in the
     * footer, where the footer store may bound the file's rows) */
    one_block = PPQ_WRITER_COMPACT_FLAT && kind == K_DELTA && cc->est != NULL && cc->est->n > 1u &&
                cc->est->run == cc->est->n && cc->est->n == w->rg_rows - c->chunk_stats.nulls &&
                cc->est->n - 1u <= (1u << 20);
#if PPQ_WRITER_COMPACT_FLAT
    if (one_block) { /* its header, then the least delta (zigzag 0) and its miniblock's width; PLAIN where
        the values take less (a hash held for a row group of 2, 8 bytes to 11: the rewrites below weigh it) */
        ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 1, 0};
        int64_t v = c->def->type == PPQ_INT32 ? (int64_t)(int32_t)(uint32_t)cc->est->prev : cc->est->prev;
        cfg.type = c->def->type;
        cfg.block_size = (cc->est->n - 1u + 127u) / 128u * 128u;
        pg.pre_len = ppq_delta_header(&cfg, cc->est->n, v, pre);
        pre[pg.pre_len++] = 0;
        pre[pg.pre_len++] = 0;
        one_block = (size_t)cc->est->n * c->width >= pg.pre_len;
        pg.pre_len = one_block ? pg.pre_len : 0u;
    }
    if (kind == K_DICT && c->def->encoding == PPQ_COLUMN_AUTO && c->dict_word && cc->dict_count <= REDICT_PLAIN &&
        pg.eto == 0u && w->rg_rows > c->chunk_stats.nulls) {
        /* a number's dictionary of a few entries in the store: read through
         * them, PLAIN where that takes less than the dictionary page and
         * the indices (a noisy phase's values mostly new: 1.1-1.2x PLAIN's
         * chunk), or DELTA below; a dictionary split in two pages
         * (compact_split) too, one page then, an OPTIONAL column's levels
         * joined (an ADC reading's 28 levels, split at 16, had kept its
         * dictionary at 2.5x DELTA's chunk) */
        size_t plain = (size_t)(w->rg_rows - c->chunk_stats.nulls) * c->width;
        redict_entries(w, i, &tbl);
        pg.dtbl = &tbl;
        now = dict_chunk_bytes(w, i, split, (size_t)cc->dict_count * c->width, pg.vals_len, &dlv);
        if (plain + dlv < now) {
            pg.replain = 1;
            pg.rewidth = 0; /* (indices no more) */
            pg.vals_len = plain;
            now = plain + dlv;
        }
    }
    if (kind == K_DICT && c->def->encoding == PPQ_COLUMN_AUTO && !c->dict_word && pg.eto == 0u &&
        cc->dict_count <= REDICT_PLAIN && w->rg_rows > c->chunk_stats.nulls) {
        /* a byte array's dictionary in the store (or a FIXED_LEN_BYTE_ARRAY's
         * too wide for a word): PLAIN where its values take less than the
         * dictionary page and the indices (a constant with noise, in row
         * groups of 3: 40 bytes to PLAIN's 38; random strings, few of them
         * repeated, their dictionary split in two pages: 1.07x PLAIN's
         * chunk), one page then, an OPTIONAL column's levels joined */
        uint32_t n = w->rg_rows - (uint32_t)c->chunk_stats.nulls;
        size_t plain = SIZE_MAX, least = c->def->type == PPQ_BYTE_ARRAY
                                             ? (size_t)cc->dict_bytes + 4u * (size_t)(n - cc->dict_count)
                                             : (size_t)n * c->width; /* (PLAIN's bytes at least: each entry
                                                 once, each other value's length; a FIXED_LEN_BYTE_ARRAY's
                                                 exactly. Only then are the values read) */
        now = dict_chunk_bytes(w, i, split, cc->dict_bytes, pg.vals_len, &dlv);
        plain = least + dlv < now ? replain_var_len(w, i, n, &tbl) : plain;
        if (plain != SIZE_MAX && plain + dlv < now) {
            pg.replain = 1;
            pg.rewidth = 0; /* (indices no more) */
            pg.dtbl = &tbl;
            pg.vals_len = plain;
        }
    }
    if ((kind == K_PLAIN || pg.dtbl != NULL) && (split == 0u || pg.dtbl != NULL) && pg.eto == 0u &&
        c->def->encoding == PPQ_COLUMN_AUTO && (c->def->type == PPQ_INT32 || c->def->type == PPQ_INT64) &&
        w->rg_rows > c->chunk_stats.nulls) {
        /* PLAIN, or a dictionary of a few entries, in the store; DELTA in the
         * file where that takes less (redelta; a dictionary's page, its
         * header about 12 bytes, and its indices' width byte saved: a
         * setpoint held for a row group of 20) */
        ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
        uint32_t n = w->rg_rows - (uint32_t)c->chunk_stats.nulls;
        int64_t first;
        size_t d = redelta(w, i, n, pg.dtbl, NULL, &st, &first);
        now = kind == K_PLAIN ? pg.vals_len : now;
        cfg.type = c->def->type;
        if (st == PPQ_OK && d + ppq_delta_header(&cfg, n, first, pre) + dlv < now) {
            pg.pre_len = ppq_delta_header(&cfg, n, first, pre);
            pg.vals_len = d;
            pg.redelta = 1;
            pg.rewidth = 0; /* (indices no more) */
            pg.replain = 0;
        }
    }
    if (kind == K_DICT && split != 0u && (pg.replain || pg.redelta)) { /* (a split dictionary, one page now) */
        split = 0;
        if (c->def->optional) {
            pg.relevel = 1;
            pg.levs_len = dlv;
            pg.rows = w->rg_rows;
        }
    }
    /* (a split row group: a DELTA page, then PLAIN, compact_split_delta;
     * one page in the file, where the rest read, an OPTIONAL column's
     * levels joined: relevel) */
    resplit = COMPACT_SPLIT(cc) && split != 0u;
    if ((kind == K_PLAIN || (kind == K_DELTA && !one_block)) && (split == 0u || resplit) && pg.eto == 0u &&
        c->def->encoding == PPQ_COLUMN_AUTO && c->dict_word && w->rg_rows > c->chunk_stats.nulls) {
        /* a number PLAIN in the store, or an integer DELTA; a dictionary in
         * the file where that takes less than PLAIN and DELTA (redict: a
         * periodic signal's quiet phase, whose row group its dictionary
         * lost the row group before; a status word's constant row groups
         * after a flip, DELTA tried again), or DELTA's values PLAIN where
         * that takes less (noise the weighing sent to DELTA) */
        uint32_t n = w->rg_rows - (uint32_t)c->chunk_stats.nulls, count = redict_count(w, i, n, &tbl);
        size_t plain = (size_t)n * c->width, dict = (size_t)-1, idx = 0, lv = 0, whole = (size_t)-1, dd = 0;
        uint8_t head[PPQ_DELTA_HEADER_MAX];
        unsigned head_len = 0;
        compact_page_t d = pg;
        now = kind == K_DELTA ? ppq_delta_enc_header(&c->enc.delta, pre) + cc->vals.len
              : resplit      ? (size_t)c->codec_arena.base[0] + cc->vals.len +
                                  (split != w->rg_rows ? 12u : 0u) /* (its second page's header: 12 at least) */
                             : (pg.redelta ? pg.pre_len : 0u) + pg.vals_len;
        if (resplit && c->def->optional) { /* (the levels: each side's with its length, or joined) */
            ppq_sink_t counter;
            ppq_sink_init_counter(&counter);
            now += (split != w->rg_rows ? 4u : 0u) + cc->levs.len;
            (void)levels_out(w, i, cc->by.split.rows, 0, w->rg_rows, &counter);
            lv = (size_t)counter.offset;
            plain += lv;
        }
        if (count > 0u) {
            ppq_sink_t counter;
            ppq_sink_init_counter(&counter);
            d.dbw = (uint8_t)ppq_bit_width32(count > 1u ? count - 1u : 1u);
            d.dtbl = &tbl;
            if (indices_out(w, i, &d, n, &counter) == PPQ_OK) {
                idx = (size_t)counter.offset;
                dict = 13u + (w->opts.page_crc ? 6u : 0u) + (size_t)count * c->width + 1u + idx + lv;
            }
        }
        if (resplit && (c->def->type == PPQ_INT32 || c->def->type == PPQ_INT64)) {
            /* a split row group: DELTA over all its values, at the width its
             * blocks need (the lent buffer's 1 or 2 bytes had split it: a
             * cycle's jumps, 3.3x DELTA's chunk) */
            ppq_delta_cfg_t cfg = {PPQ_INT32, 0, 0, 0};
            ppq_status_t ds = PPQ_OK;
            int64_t first;
            cfg.type = c->def->type;
            dd = redelta(w, i, n, NULL, NULL, &ds, &first);
            head_len = (unsigned)ppq_delta_header(&cfg, n, first, head);
            whole = ds == PPQ_OK ? dd + head_len + lv : whole;
        }
        if (whole < now && whole <= plain && whole <= dict) {
            memcpy(pre, head, head_len);
            pg.pre_len = head_len;
            pg.vals_len = dd;
            pg.redelta = 1;
            split = 0;
        } else if ((kind == K_DELTA || resplit) && plain <= dict && plain < now) {
            pg.replain = 1;
            pg.vals_len = plain - lv;
            split = 0;
        } else if (dict < now) {
            split = 0;
            pg.redelta = 0;
            pg.dbw = d.dbw;
            pg.rewidth = 0; /* (indices no more) */
            pg.dtbl = &tbl;
            pre[0] = d.dbw; /* the indices' width, then their runs */
            pg.pre_len = 1;
            pg.vals_len = idx;
        }
        if (resplit && c->def->optional && split == 0u) { /* (rewritten: one page of all the rows) */
            pg.relevel = 1;
            pg.levs_len = lv;
            pg.rows = w->rg_rows;
        }
    }
    if (kind == K_PLAIN && split == 0u && pg.eto == 0u && c->def->encoding == PPQ_COLUMN_AUTO &&
        c->def->type == PPQ_FIXED_LEN_BYTE_ARRAY && c->width <= REDICT_WIDE && w->rg_rows > c->chunk_stats.nulls) {
        /* a FIXED_LEN_BYTE_ARRAY PLAIN in the store; a dictionary in the
         * file where that takes less (redict_bytes) */
        uint32_t n = w->rg_rows - (uint32_t)c->chunk_stats.nulls, count = redict_bytes(w, i, n, &tbl);
        compact_page_t d = pg;
        ppq_sink_t counter;
        ppq_sink_init_counter(&counter);
        d.dbw = (uint8_t)ppq_bit_width32(count > 1u ? count - 1u : 1u);
        d.dtbl = &tbl;
        if (count > 0u && indices_out(w, i, &d, n, &counter) == PPQ_OK &&
            13u + (w->opts.page_crc ? 6u : 0u) + (size_t)count * c->width + 1u + (size_t)counter.offset < pg.vals_len) {
            pg.dbw = d.dbw;
            pg.dtbl = &tbl;
            pre[0] = d.dbw;
            pg.pre_len = 1;
            pg.vals_len = (size_t)counter.offset;
        }
    }
    if (kind == K_PLAIN && split == 0u && pg.eto == 0u && c->def->encoding == PPQ_COLUMN_AUTO &&
        c->def->type == PPQ_BYTE_ARRAY && w->rg_rows > c->chunk_stats.nulls) {
        /* a BYTE_ARRAY PLAIN in the store; a dictionary in the file where
         * that takes less (redict_var), as a FIXED_LEN_BYTE_ARRAY's above,
         * where the footer store bounds the file too: a dictionary's offset
         * and encoding, a few bytes of each row group's metadata, had cost
         * rows (an earlier layout's JSON lines in 8 KiB, 97 of 3,623), but
         * none of the sweeps' files holds fewer now, and hashed ids in row
         * groups of 4 rows had been PLAIN at up to 1.9x their dictionary */
        uint32_t n = w->rg_rows - (uint32_t)c->chunk_stats.nulls, count = redict_var(w, i, n, &tbl);
        compact_page_t d = pg;
        ppq_sink_t counter;
        ppq_sink_init_counter(&counter);
        d.dbw = (uint8_t)ppq_bit_width32(count > 1u ? count - 1u : 1u);
        d.dtbl = &tbl;
        if (count > 0u && indices_out(w, i, &d, n, &counter) == PPQ_OK &&
            13u + (w->opts.page_crc ? 6u : 0u) + (size_t)tbl.used + 1u + (size_t)counter.offset < pg.vals_len) {
            pg.dbw = d.dbw;
            pg.dtbl = &tbl;
            pre[0] = d.dbw;
            pg.pre_len = 1;
            pg.vals_len = (size_t)counter.offset;
        }
    }
    if (pg.redelta) {
        kind = K_DELTA; /* (its header in pre) */
    } else if (pg.replain) {
        kind = K_PLAIN;
    } else if (pg.dbw != 0u) {
        size_t bytes = c->def->type == PPQ_BYTE_ARRAY ? (size_t)tbl.used : (size_t)tbl.count * c->width;
        st = dict_header(w, tbl.count, bytes, bytes, w->opts.page_crc ? compact_crc(w, i, &pg, dict_page_body) : 0u);
        st = st == PPQ_OK ? dict_page_body(w, i, &pg, w->out) : st;
        c->encodings |= 1u << PPQ_ENC_PLAIN;
        kind = K_DICT;
    } else
#endif
    if (one_block) {
        pg.vals_len = 0; /* (all in pre: above) */
    } else if (kind == K_DICT) {
        st = dict_header(w, cc->dict_count, cc->dict_bytes, cc->dict_bytes,
                         w->opts.page_crc ? compact_crc(w, i, &pg, dict_page_body) : 0u);
        st = st == PPQ_OK ? compact_entries_out(w, i, 0, UINT32_MAX, w->out) : st;
        c->encodings |= 1u << PPQ_ENC_PLAIN;
        pre[0] = PPQ_WRITER_COMPACT_FLAT && pg.rewidth != 0u ? pg.rewidth : cc->dict_width;
        pg.pre_len = 1;
        if (split != 0u) { /* the first page: its rows, bytes and width */
            pre[0] = cc->by.split.width;
            pg.rows = split;
            pg.vals_len = cc->by.split.vals;
            pg.levs_len = cc->by.split.levs;
        }
    } else if (COMPACT_SPLIT(cc)) { /* the first page DELTA (compact_split_delta), the rest PLAIN */
        pg.pre = c->codec_arena.base + 1;
        pg.pre_len = c->codec_arena.base[0];
        pg.rows = split;
        pg.vals_len = cc->by.split.vals;
        pg.levs_len = cc->by.split.levs;
        c->encodings |= 1u << page_encoding[K_DELTA];
        kind = K_DELTA;
    } else if (BUILT(K_DELTA) && kind == K_DELTA) {
        pg.pre_len = ppq_delta_enc_header(&c->enc.delta, pre);
    } else if (kind == K_RLE && PPQ_WRITER_COMPACT_FLAT && c->def->encoding == PPQ_COLUMN_AUTO &&
               4u + cc->vals.len > (w->rg_rows - c->chunk_stats.nulls + 7u) / 8u) {
        /* AUTO BOOLEAN whose RLE (with its length) takes more than its
         * values' PLAIN bits (noise; short runs): those bits.  Where a
         * small footer store bounds the file's rows too (it had been kept
         * RLE there, its metadata's encoding list a byte shorter for an
         * OPTIONAL column: the sweep's files lost no row) */
        kind = K_PLAIN;
        pg.bools = w->rg_rows - (uint32_t)c->chunk_stats.nulls;
        pg.vals_len = (pg.bools + 7u) / 8u;
    } else if (kind == K_RLE) {
        ppq_store_le32(pre, cc->vals.len); /* BOOLEAN RLE: its length first */
        pg.pre_len = 4;
    }
#if PPQ_WRITER_COMPACT_FLAT
    if (kind == K_DICT && split == 0u && !pg.relevel && c->def->encoding == PPQ_COLUMN_AUTO &&
        w->rg_rows > c->chunk_stats.nulls) {
        np = width_pages(w, i, &pg, w->rg_rows - (uint32_t)c->chunk_stats.nulls, pre[0],
                         pg.vals_len + (c->def->optional ? pg.levs_len : 0u), wat, wrow, wbits);
    }
#endif
    *data_start = w->out->offset;
    for (;;) {
#if PPQ_WRITER_COMPACT_FLAT
        if (np > 1u) { /* page p of width_pages' */
            pg.ifrom = wat[p];
            pg.icount = wat[p + 1u] - wat[p];
            pg.lrow = wrow[p];
            pg.rows = wrow[p + 1u] - wrow[p];
            pre[0] = wbits[p];
            pg.dbw = pg.dbw != 0u ? wbits[p] : 0u;
            pg.rewidth = pg.dbw != 0u ? 0u : wbits[p];
            pg.vals_len = indices_len(w, i, &pg, pg.ifrom, pg.icount, wbits[p]);
            if (c->def->optional) {
                ppq_sink_t count;
                ppq_sink_init_counter(&count);
                (void)levels_out(w, i, 0, pg.lrow, pg.rows, &count);
                pg.relevel = 2;
                pg.levs_len = (size_t)count.offset;
            }
        }
#endif
        body = (c->def->optional ? 4u + pg.levs_len : 0u) + pg.pre_len + pg.vals_len;
        header_open(w, &t, &hs, &hm, PAGE_DATA, body, body,
                    w->opts.page_crc ? compact_crc(w, i, &pg, data_page_body) : 0u);
        data_header_v1(&t, pg.rows, kind);
        st = st == PPQ_OK ? header_close(w, &t, &hm) : st;
        st = st == PPQ_OK ? ppq_sink_write(w->out, w->scratch, hm.len) : st;
        st = st == PPQ_OK ? data_page_body(w, i, &pg, w->out) : st;
#if PPQ_WRITER_COMPACT_FLAT
        if (++p < np) {
            continue;
        }
#endif
        if (split == 0u || split == w->rg_rows) {
            break; /* (a split the row that caused it did not join has no second page) */
        }
        pre[0] = cc->dict_width; /* the second page: the rest */
        if (COMPACT_SPLIT(cc)) {
            kind = K_PLAIN;
            pg.pre_len = 0;
        }
        pg.rows = w->rg_rows - split;
        pg.vals_from = pg.vals_len;
        pg.vals_len = cc->vals.len - pg.vals_from;
        pg.levs_from = pg.levs_len;
        pg.levs_len = c->def->optional ? cc->levs.len - pg.levs_from : 0u;
        split = 0;
    }
    c->encodings |= 1u << page_encoding[kind];
    c->chunk_values = w->rg_rows;
    return st;
}

/* A row group the shared dictionary ended with its store less than half
 * full: the entries, not the store, bound the row groups (more dictionary
 * columns, or more distinct values a row, than dict_entries holds: 17
 * FLOAT columns of three values each in 16 entries wrote a row a row
 * group).  The dictionary columns with the most entries give theirs up
 * for the next row groups until those left added at most half of
 * dict_entries: an AUTO integer back to DELTA, others PLAIN for
 * COMPACT_ALT_GROUPS row groups or more (compact_weigh's wait; a fixed
 * DICTIONARY column too, the spec's fallback). */
static void yield_plain(compact_col_t *cc)
{
    cc->alt_kind = K_PLAIN;
    cc->alt_left = (uint8_t)(COMPACT_ALT_GROUPS << cc->alt_tries);
    cc->alt_tries = (uint8_t)(cc->alt_tries < 4u ? cc->alt_tries + 1u : 4u);
}

/* Does the one column whose own values filled the dictionary keep it in
 * fewer bytes than PLAIN's values, where the footer store does not bound
 * the file?  Over a row group as long as the file's have been on
 * average, at most twice this one: its entries, dictionary page header
 * and metadata once, its indices and PLAIN's values as this one's scaled.
 * (An enum of 9 names in 7 entries, row groups of 15-85 rows, had gone
 * PLAIN from one of 15 to the file's end: 1.53x DICTIONARY's file; a
 * dictionary of 1 entry, row groups of a row, is given up.)  64-bit
 * CPUs, PPQ_WRITER_COMPACT_FLAT; elsewhere never. */
static int alone_pays(const ppq_writer_t *w, const ppq_col_t *c)
{
#if PPQ_WRITER_COMPACT_FLAT
    const compact_col_t *cc = c->own.cc;
    uint64_t rows, n, dict, plain;
    if (FOOTER_BOUNDS(w) || w->rg_rows == 0u || cc->dict_count == 0u) {
        return 0;
    }
    rows = w->row_groups > 0u && w->rows / w->row_groups > w->rg_rows ? w->rows / w->row_groups : w->rg_rows;
    rows = rows < 2u * (uint64_t)w->rg_rows ? rows : 2u * (uint64_t)w->rg_rows; /* (at most twice this one's: a
        dictionary of 1 entry, after PLAIN's long row groups, had kept row groups of a row or two) */
    n = (uint64_t)(w->rg_rows - (uint32_t)c->chunk_stats.nulls) * rows / w->rg_rows; /* (as many nulls) */
    dict = (c->dict_word ? (uint64_t)cc->dict_count * c->width : cc->dict_bytes) + 13u + w->rg_meta_last +
           (uint64_t)cc->vals.len * rows / w->rg_rows;
    plain = c->dict_word ? n * c->width : n * cc->dict_bytes / cc->dict_count;
    return dict < plain;
#else
    (void)w;
    (void)c;
    return 0;
#endif
}

#if PPQ_WRITER_COMPACT_FLAT
/* The one column holding entries of the shared dictionary that has no
 * DELTA to go back to (NULL: none, or more than one); AUTO integers'
 * dictionaries beside it are not counted.  64-bit CPUs. */
static const ppq_col_t *sole_holder(const ppq_writer_t *w)
{
    const ppq_col_t *one = NULL;
    uint32_t i;
    for (i = 0; i < w->ncols; i++) {
        const ppq_col_t *c = COL(w, i);
        const compact_col_t *cc = c->own.cc;
        if (c->kind == K_DICT && cc->dict_count > 0u && (cc->est == NULL || cc->no_delta)) {
            if (one != NULL) {
                return NULL;
            }
            one = c;
        }
    }
    return one;
}

/* Has dictionary column a more entries than b, or as many of narrower
 * values (64-bit CPUs, PPQ_WRITER_COMPACT_FLAT; elsewhere the first)?  A
 * row group of a row tells nothing of repeats, and a wider value saves
 * more at each: 20-byte ids held 50 rows, the first of three columns of 1
 * entry, had given theirs up to a FLOAT and a DOUBLE of noise (1.5x the
 * file's bytes in the random sweep). */
static int more_entries(const ppq_col_t *a, const ppq_col_t *b)
{
    const compact_col_t *ac = a->own.cc, *bc = b->own.cc;
    /* (mean widths, cross-multiplied) */
    uint64_t aw = (a->dict_word ? (uint64_t)a->width * ac->dict_count : ac->dict_bytes) * bc->dict_count;
    uint64_t bw = (b->dict_word ? (uint64_t)b->width * bc->dict_count : bc->dict_bytes) * ac->dict_count;
    return ac->dict_count > bc->dict_count || (ac->dict_count == bc->dict_count && aw < bw);
}
#endif

static void compact_yield(ppq_writer_t *w)
{
    uint32_t kept = 0, holders = 0, i;
    const ppq_col_t *one = NULL;
    for (i = 0; i < w->ncols; i++) {
        ppq_col_t *c = COL(w, i);
        compact_col_t *cc = c->own.cc;
        kept += c->kind == K_DICT ? cc->dict_count : 0u;
        holders += c->kind == K_DICT && cc->dict_count > 0u ? 1u : 0u;
        one = c->kind == K_DICT && cc->dict_count > 0u ? c : one;
        if (c->kind == K_PLAIN && cc->alt_left == 0u && compact_home(c) == K_DICT) {
            yield_plain(cc); /* (PLAIN from the row group's first row, compact_admit: not back yet) */
        }
    }
    if (holders == 1u && alone_pays(w, one)) {
        return;
    }
#if PPQ_WRITER_COMPACT_FLAT
    one = holders > 1u && FOOTER_ROOMY(w) ? sole_holder(w) : NULL;
    if (one != NULL && alone_pays(w, one)) {
        /* one column without DELTA, whose entries pay alone, beside AUTO
         * integers': those go back to DELTA (written as their dictionary
         * where that takes less: redict), it keeps them all (a DOUBLE walk
         * of 9 entries beside an INT32 of 1, in 10, had given its entries
         * up after a row group of 12 rows, the file's 3rd: PLAIN, 1.57x
         * DICTIONARY's file) */
        for (i = 0; i < w->ncols; i++) {
            compact_col_t *cc = COL(w, i)->own.cc;
            if (COL(w, i)->kind == K_DICT && cc->est != NULL && !cc->no_delta) {
                cc->dict_count = 0; /* (as below) */
                cc->alt_left = 0;
            }
        }
        return;
    }
#endif
    while (kept > w->opts.dict_entries / 2u) {
        compact_col_t *most = NULL;
#if PPQ_WRITER_COMPACT_FLAT
        const ppq_col_t *most_col = NULL;
#endif
        for (i = 0; i < w->ncols; i++) {
            const ppq_col_t *c = COL(w, i);
            compact_col_t *cc = c->own.cc;
#if PPQ_WRITER_COMPACT_FLAT
            if (c->kind == K_DICT && cc->dict_count > 0u && (most_col == NULL || more_entries(c, most_col))) {
                most_col = c;
#else
            if (c->kind == K_DICT && cc->dict_count > (most == NULL ? 0u : most->dict_count)) {
#endif
                most = cc;
            }
        }
        if (most == NULL) {
            return;
        }
        kept -= most->dict_count;
        most->dict_count = 0; /* (counted: compact_weigh has weighed it, compact_start empties it) */
        if (most->est != NULL && !most->no_delta) {
            most->alt_left = 0; /* (an integer's dictionary is its alternative: DELTA again) */
        } else { /* (one whose deltas passed 32 bits: PLAIN, not no_delta_kind's dictionary again) */
            yield_plain(most);
        }
    }
}

#if PPQ_WRITER_COMPACT_FLAT
/* Would column c's dictionary, ending row groups where the shared one
 * fills, take less of the file than PLAIN in the row groups the store
 * ends?  Per row: its entries and indices as the row group just closed
 * counted them, and a row group's metadata, page headers and the other
 * dictionaries' entries again over the rows each row group holds (a
 * dictionary's: the entries the other columns leave it, at the rate new
 * values came; PLAIN's: as many as the store holds with the column
 * PLAIN, written as their dictionary where they have few values).
 * Hashed event ids held a few rows, in 64 shared entries, had gone PLAIN
 * at 8 bytes a row where their dictionary took under 2 (the sweep's IMU
 * file 1.53x).  used: the shared dictionary's entries, took: the store's
 * bytes, this row group, of room; alt: the alternative's bytes of this row
 * group where it is not PLAIN (vs: FILL_VS_*). */
static int dict_fill_pays(const ppq_writer_t *w, const ppq_col_t *c, uint32_t used, size_t took, size_t room,
                          size_t alt, int vs)
{
    const compact_col_t *cc = c->own.cc;
    /* its values: the sketch's count (chunk_done cleared the chunk's
     * statistics, its nulls, before compact_reset: rg_rows had counted a
     * column null 999 rows in 1,000 as values) */
    uint64_t n = cc->est != NULL ? cc->est->n : 0u, plain = vs == FILL_VS_PLAIN ? n * c->width : alt, dict, d, rows, rows_plain;
    uint64_t per_dict, per_plain, others = c->kind == K_DICT ? used - (uint64_t)cc->dict_count : used;
#if SIZE_MAX > 0xFFFFFFFFu
    uint64_t over = (uint64_t)(w->rg_meta_last != 0u ? w->rg_meta_last : w->rg_meta_max / 2u) + 8u * w->ncols +
                    4u * others; /* (none counted yet in the file's first row group: fill_beats_delta) */
#else
    uint64_t over = (uint64_t)w->rg_meta_max / 2u + 8u * w->ncols + 4u * others; /* (no count kept) */
#endif
    size_t mine = (c->kind == K_DICT ? (size_t)cc->dict_count * (c->width + REC_TAIL) : 0u) + cc->vals.len;
    if (n == 0u || others >= w->opts.dict_entries) {
        return 0;
    }
    if (c->kind == K_DICT) {
        d = cc->dict_count;
        dict = d * c->width + cc->vals.len;
    } else if (cc->est != NULL && est_dict_bytes(cc->est, c->width) != (size_t)-1) {
        d = est_distinct(cc->est);
        dict = est_dict_bytes(cc->est, c->width);
    } else {
        return 0;
    }
    /* the rows a row group with it PLAIN would hold, by the store */
    rows_plain = took > mine ? (uint64_t)w->rg_rows * room / (took - mine + plain) : w->rg_rows;
    rows_plain = rows_plain < w->opts.row_group_rows ? rows_plain : w->opts.row_group_rows;
    rows_plain = rows_plain > 0u ? rows_plain : 1u;
    /* where it fills, at the rate new values came: also where this row
     * group ended before it filled (a row group the jump ended after 4
     * rows of one id had counted rows_plain: 2 entries then filled every
     * 8 rows, 2.2x PLAIN's file) */
    rows = c->kind == K_DICT && cc->dict_full ? w->rg_rows /* (it filled) */
           : d > 0u && w->rg_rows * (w->opts.dict_entries - others) / d < rows_plain
               ? w->rg_rows * (w->opts.dict_entries - others) / d
               : rows_plain;
    if (rows == 0u) {
        return 0;
    }
    /* bytes a 1,024 rows, nulls' rows too (as the metadata's: an id column
     * null 999 rows in 1,000 had counted its values' bytes against the
     * metadata of 1,000 times their rows, and ended its row groups at
     * each new id) */
    dict = (dict << 10) / w->rg_rows;
    per_dict = dict + (over << 10) / rows;
    /* PLAIN's row groups, where their values are few enough, are written
     * as their dictionary (redict_count): the same bytes a row, surely */
    plain = vs == FILL_VS_PLAIN && d * rows_plain / w->rg_rows <= (w->opts.dict_entries < REDICT_PLAIN ? w->opts.dict_entries : REDICT_PLAIN) * 3u / 4u
                ? dict
                : (plain << 10) / w->rg_rows;
    per_plain = plain + (over << 10) / rows_plain;
    return vs == FILL_VS_PLAIN ? per_dict + dict / 8u < per_plain /* (by an eighth of its own: a wrong guess costs
                                                                      row groups) */
           : vs == FILL_VS_PROBE ? per_dict + per_dict / 4u < per_plain /* (fill_beats_delta) */
                                 : per_dict + per_dict / 2u < per_plain; /* (DELTA's: by half its own, its row groups
                                                                   the store's; a few bytes' gain in 931 rows
                                                                   had cost two row groups more) */
}
#endif

/* Where an integer's deltas passed 32 bits (no_delta: DELTA no more), the
 * smaller of PLAIN and a dictionary as its last row group weighed them
 * (an AUTO column's alt_kind; hashed event ids held a few rows had gone
 * PLAIN for the rest of the file, 5x a dictionary's chunk), a dictionary
 * where the shared one has 256 entries or more, or, with fewer, where
 * dict_fill_pays (in a 16-entry dictionary the ids filled it and row groups
 * ended after a few rows: 1.9x the bytes), and where the footer store
 * bounds the file, where its entries took an eighth of them at most and
 * did not fill them.  64-bit CPUs (PPQ_WRITER_COMPACT_FLAT); elsewhere
 * PLAIN.  used, took, room: dict_fill_pays'. */
static uint8_t no_delta_kind(const ppq_writer_t *w, const ppq_col_t *c, uint32_t used, size_t took, size_t room)
{
#if PPQ_WRITER_COMPACT_FLAT
    const compact_col_t *cc = c->own.cc;
    /* its entries: the dictionary's where the row group was one (the sketch
     * counts none then); in a file its footer store bounds, a dictionary
     * that takes the shared one's room ends row groups early and costs the
     * file rows */
    uint32_t d = c->kind == K_DICT ? cc->dict_count : cc->est != NULL ? est_distinct(cc->est) : UINT32_MAX;
    int bounded = FOOTER_BOUNDS(w);
    if (c->def->encoding != PPQ_COLUMN_AUTO) {
        return K_PLAIN;
    }
    if (cc->alt_kind == K_DICT && w->opts.dict_entries >= 256u) {
        return (uint8_t)(bounded && ((c->kind == K_DICT && cc->dict_full) || (size_t)d * 8u > w->opts.dict_entries)
                             ? K_PLAIN
                             : K_DICT);
    }
    return (uint8_t)(!bounded && dict_fill_pays(w, c, used, took, room, 0u, FILL_VS_PLAIN) ? K_DICT : K_PLAIN);
#else
    (void)w;
    (void)c;
    (void)used;
    (void)took;
    (void)room;
    return K_PLAIN;
#endif
}

/* After a row group: empty the store, size each dictionary's index width
 * for the next, restart the chunks.  A row group that ended with a
 * dictionary full widens that one by a bit and leaves the others (they
 * saw fewer rows than a row group holds); one that ended otherwise sizes
 * each for half again the entries it had. */
static ppq_status_t compact_reset(ppq_writer_t *w)
{
    uint32_t i, dict_used;
    int by_dict = 0;
    ppq_status_t st = PPQ_OK;
    size_t spare = COMPACT_LEND ? compact_spare(w) : 0u, lend = 0, used = w->store_len;
    size_t room = w->store_cap, took = used + (w->store_cap - w->store_top); /* (the streams', the entries') */
    w->store_len = 0;
    if (COMPACT_LEND) {
        w->store_cap = w->store_size; /* (the buffers it lends: again below) */
    }
    w->seg_last = NO_SEG;
#if PPQ_WRITER_COMPACT_FLAT
    /* the file's first (compact_probe), and the next while they end before
     * the first probe (a DOUBLE's 4 entries had ended the first after 4
     * rows: its ids' DELTA took the rest of a short file, 1.12x DICTIONARY's) */
    w->rg_probe = (uint8_t)((w->row_groups == 0u && w->rg_rows == 0u) || w->rg_probe == 1u);
#endif
    dict_used = w->dict_used;
    w->dict_used = 0;
    w->wide_at = 0;
    memset(w->dict_slots, 0, (size_t)w->dict_nslots * 2u);
    for (i = 0; i < w->ncols; i++) {
        by_dict |= COL(w, i)->own.cc->dict_full;
    }
    if (by_dict && used < w->store_top / 2u && w->rg_rows < 16u) { /* (row groups of a few rows, each its
                                                                      chunks' headers and metadata) */
        compact_yield(w);
    }
    for (i = 0; i < w->ncols && st == PPQ_OK; i++) {
        ppq_col_t *c = COL(w, i);
        compact_col_t *cc = c->own.cc;
        unsigned width = cc->dict_width, small = !COMPACT_SMALL || !cc->lent ? 4u : w->rg_rows > 0u ? compact_small_bytes(c) : 2u;
        int home = compact_home(c);
        if (c->kind == K_DELTA && cc->dict_full) {
            compact_jumped(c);
        }
        int was = c->kind;
        if (cc->alt_left > 0u) { /* (compact_weigh) */
            c->kind = cc->alt_kind;
            cc->alt_left--;
        } else if (c->kind != home) {
            c->kind = (uint8_t)(home == K_DELTA && cc->no_delta ? no_delta_kind(w, c, dict_used, took, room) : home); /* its own again (a
                                  fixed column too, after compact_yield or a row group's first row, compact_admit) */
        } else if (c->kind == K_DELTA && cc->no_delta) {
            c->kind = no_delta_kind(w, c, dict_used, took, room);
        } else if (COMPACT_SPLIT(cc)) {
            c->kind = cc->no_delta ? K_PLAIN : K_DELTA; /* (a fixed DELTA split by a delta: its own again) */
        }
        if (COMPACT_LEND && cc->lent) { /* its encoder's buffer, lent from the store's end: DELTA's, of
                                           the bytes its deltas need, or the dictionary's RLE groups, as
                                           the room above the least store allows (else PLAIN, which needs
                                           none) */
            small = w->rg_rows == 0u && compact_lend_delta(small) > spare ? 1u : small;
            lend = c->kind == K_DELTA ? compact_lend_delta(small) : c->kind == K_DICT ? compact_lend_rle(&w->opts) : 0u;
            c->kind = lend > spare ? K_PLAIN : c->kind;
            lend = lend > spare ? 0u : lend;
            spare -= lend;
        }
        if (c->kind == K_DICT && was != K_DICT) {
            if (cc->est != NULL) { /* an integer's: for the values it counted (else at the width it had) */
                width = ppq_bit_width32(2u * est_distinct(cc->est) | 1u);
                width = width < 3u ? 3u : width;
            }
        } else if (c->kind == K_DICT && cc->dict_full) {
            width++;
        } else if (c->kind == K_DICT && !by_dict && cc->dict_count > 0u) {
            width = ppq_bit_width32(2u * cc->dict_count - 1u); /* twice: walks drift (a full one ends the row group) */
            width = width < 3u ? 3u : width; /* small dictionaries grow in bursts (a status's warnings),
                                                and a run of one index costs the same at any width */
        }
        cc->dict_width = (uint8_t)(width > compact_max_width(&w->opts) ? compact_max_width(&w->opts) : width);
        if (c->kind == K_DICT && cc->dict_width > 8u) {
            w->wide_at = w->store_size; /* (every entry: indices of two bytes) */
        }
        if (COMPACT_LEND && cc->lent) {
            w->store_cap -= lend;
            ppq_arena_init(&c->codec_arena, w->store + w->store_cap, lend);
        }
        st = compact_start(c);
    }
    w->store_top = w->store_cap;
    return st;
}
