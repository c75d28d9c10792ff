/*
 * BROTLI decoding (see ppq_brotli.h), from RFC 7932.
 *
 * One pass over the stream into the caller's output, which is also the
 * window (a Parquet page is decoded whole).  Per meta-block the prefix
 * codes and context maps are carved from the work buffer (a bump
 * allocator reset at each meta-block header).  No recursion; the stack
 * holds the decoder state and a 256-byte move-to-front table.
 *
 * Reading past the end of `src` feeds zero bits and counts them (ghost
 * bytes): every loop is bounded by an alphabet size, a meta-block length
 * or dst_cap whatever the bits say, and the count is checked after each
 * header, each command and at the end, so bits that do not exist are never
 * trusted.
 */
#include <string.h>

#include "ppq_brotli.h"
#include "ppq_brotli_internal.h"
#include "ppq_internal.h"
#include "ppq_port.h"

#if PPQ_WITH_BROTLI

/* A prefix code in the work pool (uint16_t units): a first-level table
 * of 2^ROOT entries (symbol << 4 | code length, or SLOW for codes longer
 * than ROOT bits), the number of codes of each length 0..15, then the
 * symbols in canonical order (what the slow path walks). */
#define ROOT 8u
#define SLOW 0x4000u
#define COUNTS (1u << ROOT)
#define SYMS (COUNTS + 16u)
#define TREE_UNITS(nsym) (SYMS + (nsym))

#define NLIT 256u
#define NIAC 704u
#define NDIST_MAX (16u + 120u + (48u << 3)) /* NDIRECT 120, NPOSTFIX 3 */
#define NCOUNT 26u                          /* block count symbols */
#define MAX_TYPES 256u
#define L 0u /* block categories: literals, insert-and-copy, distances */
#define I 1u
#define D 2u

typedef struct work {
    uint32_t tree[3][MAX_TYPES]; /* each code's offset in the pool: literal, insert-and-copy, distance */
    uint8_t lens[NIAC];          /* code lengths while a code is read */
    uint8_t modes[MAX_TYPES];    /* context mode per literal block type */
} work_t;

/* The most a meta-block takes from the pool (units): per category a block
 * type and a block count code, 256 codes of each alphabet, the context
 * maps (64 and 4 bytes per block type). */
#define POOL_MAX                                                                                                   \
    (3u * (TREE_UNITS(MAX_TYPES + 2u) + TREE_UNITS(NCOUNT)) + MAX_TYPES * TREE_UNITS(NLIT) +                        \
     MAX_TYPES * TREE_UNITS(NIAC) + MAX_TYPES * TREE_UNITS(NDIST_MAX) + (64u + 4u) * MAX_TYPES / 2u)

typedef char work_min_is_exact[sizeof(work_t) == PPQ_BROTLI_DEC_WORK_MIN ? 1 : -1];
typedef char work_size_is_exact[sizeof(work_t) + 2u * POOL_MAX == PPQ_BROTLI_DEC_WORK_SIZE ? 1 : -1];
typedef char config_default_is_exact[PPQ_BROTLI_DEC_WORK <= PPQ_BROTLI_DEC_WORK_SIZE ? 1 : -1];

typedef struct state {
    const uint8_t *in;
    size_t len, pos; /* bytes; the next to load into the bit buffer */
    uint64_t bits;   /* LSB first */
    unsigned nbits;
    unsigned ghost; /* zero bytes loaded past the end */
    uint8_t *out;
    size_t cap, n;
    uint16_t *pool;
    size_t pool_cap, used; /* units */
    work_t *w;
    /* the meta-block's block switching */
    unsigned ntypes[3], type[3], prev[3];
    uint32_t blen[3];
    uint32_t type_code[3], count_code[3];
} state_t;

/* ------------------------------------------------------------------------ */
/* Bits                                                                      */

/* Fill the buffer to more than 48 bits; past the end with zero bytes. */
static void fill(state_t *s)
{
    if (PPQ_FAST64 && s->len - s->pos >= 8u) {
        s->bits |= ppq_load_le64(s->in + s->pos) << s->nbits;
        s->pos += (63u - s->nbits) >> 3;
        s->nbits |= 56u;
        return;
    }
    while (s->nbits <= 48u) {
        if (s->pos < s->len) {
            s->bits |= (uint64_t)s->in[s->pos++] << s->nbits;
        } else {
            s->ghost++;
        }
        s->nbits += 8u;
    }
}

/* 1 when the bits read so far all came from `src`. */
static int in_bounds(const state_t *s)
{
    return (size_t)s->ghost * 8u <= s->nbits;
}

/* The next k (<= 24) bits. */
static inline uint32_t get(state_t *s, unsigned k)
{
    uint32_t v;
    if (s->nbits < k) {
        fill(s);
    }
    v = (uint32_t)s->bits & (((uint32_t)1u << k) - 1u);
    s->bits >>= k;
    s->nbits -= k;
    return v;
}

/* Skip to the next byte boundary: the bits skipped must be zero. */
static int align_zero(state_t *s)
{
    return get(s, s->nbits & 7u) == 0u;
}

/* The position of the next unread byte (after align_zero), and the bit
 * buffer emptied so the caller can read bytes directly; 0 when the bits
 * read ran past the end. */
static int to_bytes(state_t *s)
{
    if (!in_bounds(s)) {
        return 0;
    }
    s->pos = s->pos - s->nbits / 8u + s->ghost;
    s->bits = 0;
    s->nbits = 0;
    s->ghost = 0;
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Prefix codes                                                              */

static unsigned reverse(unsigned code, unsigned n)
{
    unsigned r = 0;
    while (n-- > 0u) {
        r = (r << 1) | (code & 1u);
        code >>= 1;
    }
    return r;
}

/* A code longer than ROOT bits: walk the canonical code bit by bit. */
static unsigned decode_slow(state_t *s, const uint16_t *t)
{
    uint32_t b = (uint32_t)s->bits;
    unsigned len, code = 0, first = 0, index = 0;
    for (len = 1; len <= 15u; len++) {
        unsigned count = t[COUNTS + len];
        code |= (b >> (len - 1u)) & 1u;
        if (code - first < count) {
            s->bits >>= len;
            s->nbits -= len;
            return t[SYMS + index + code - first];
        }
        index += count;
        first = (first + count) << 1;
        code <<= 1;
    }
    return 0; /* not reached: codes are complete */
}

static inline unsigned decode(state_t *s, const uint16_t *t)
{
    unsigned e;
    if (s->nbits < 15u) {
        fill(s);
    }
    e = t[(unsigned)s->bits & (COUNTS - 1u)];
    if (e & SLOW) {
        return decode_slow(s, t);
    }
    s->bits >>= e & 15u;
    s->nbits -= e & 15u;
    return e >> 4;
}

/* Room for `units` more in the pool, or 0. */
static uint16_t *take(state_t *s, size_t units)
{
    uint16_t *p;
    if (units > s->pool_cap - s->used) {
        return NULL;
    }
    p = s->pool + s->used;
    s->used += units;
    return p;
}

/* Build the code of lens[0..nsym) (complete: checked by the reader) in the
 * pool; `single` < nsym: the one-symbol code of length 0. */
static ppq_status_t build(state_t *s, const uint8_t *lens, unsigned nsym, unsigned single, uint32_t *at)
{
    unsigned i, len, nused = 0, code = 0, k = 0;
    uint16_t offs[16];
    uint16_t *t;
    if (single < nsym) {
        nused = 1;
    } else {
        for (i = 0; i < nsym; i++) {
            nused += lens[i] != 0u;
        }
    }
    *at = (uint32_t)s->used;
    t = take(s, TREE_UNITS(nused));
    if (t == NULL) {
        return PPQ_ERR_UNSUPPORTED;
    }
    memset(t + COUNTS, 0, 16u * sizeof t[0]);
    if (single < nsym) {
        for (i = 0; i < COUNTS; i++) {
            t[i] = (uint16_t)(single << 4);
        }
        t[SYMS] = (uint16_t)single;
        return PPQ_OK;
    }
    for (i = 0; i < nsym; i++) {
        t[COUNTS + lens[i]]++;
    }
    t[COUNTS] = 0;
    offs[1] = 0;
    for (len = 1; len < 15u; len++) {
        offs[len + 1u] = (uint16_t)(offs[len] + t[COUNTS + len]);
    }
    for (i = 0; i < nsym; i++) {
        if (lens[i] != 0u) {
            t[SYMS + offs[lens[i]]++] = (uint16_t)i;
        }
    }
    for (len = 1; len <= 15u; len++) {
        for (i = 0; i < t[COUNTS + len]; i++, code++) {
            unsigned sym = t[SYMS + k++];
            if (len <= ROOT) {
                unsigned j;
                for (j = reverse(code, len); j < COUNTS; j += 1u << len) {
                    t[j] = (uint16_t)(sym << 4 | len);
                }
            } else {
                t[reverse(code >> (len - ROOT), ROOT)] = SLOW;
            }
        }
        code <<= 1;
    }
    return PPQ_OK;
}

/* Bits to write a symbol of an alphabet of nsym (>= 2). */
static unsigned alphabet_bits(unsigned nsym)
{
    unsigned b = 0, x = nsym - 1u;
    while (x != 0u) {
        b++;
        x >>= 1;
    }
    return b;
}

/* One code-length code length (RFC 7932 section 3.5): its own fixed code
 * of 2 to 4 bits. */
static unsigned read_cl_length(state_t *s)
{
    unsigned b;
    if (s->nbits < 4u) {
        fill(s);
    }
    b = (unsigned)s->bits & 15u;
    switch (b & 3u) {
    case 0:
        s->bits >>= 2, s->nbits -= 2u;
        return 0;
    case 1:
        s->bits >>= 2, s->nbits -= 2u;
        return 4;
    case 2:
        s->bits >>= 2, s->nbits -= 2u;
        return 3;
    default:
        if ((b & 4u) == 0u) {
            s->bits >>= 3, s->nbits -= 3u;
            return 2;
        }
        s->bits >>= 4, s->nbits -= 4u;
        return b & 8u ? 5u : 1u;
    }
}

/* Read a prefix code for an alphabet of nsym symbols (RFC 7932 3.4-3.5)
 * and build it in the pool at *at. */
static ppq_status_t read_code(state_t *s, unsigned nsym, uint32_t *at)
{
    static const uint8_t order[18] = {1, 2, 3, 4, 0, 5, 17, 6, 16, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    uint8_t *lens = s->w->lens;
    unsigned hskip = get(s, 2), i;
    memset(lens, 0, nsym);
    if (hskip == 1u) { /* simple: 1 to 4 symbols */
        unsigned bits = alphabet_bits(nsym), n = get(s, 2) + 1u, sym[4], j;
        for (i = 0; i < n; i++) {
            sym[i] = get(s, bits);
            if (sym[i] >= nsym) {
                return PPQ_ERR_CORRUPT;
            }
            for (j = 0; j < i; j++) {
                if (sym[j] == sym[i]) {
                    return PPQ_ERR_CORRUPT;
                }
            }
        }
        if (n == 1u) {
            return build(s, lens, nsym, sym[0], at);
        }
        if (n == 2u) {
            lens[sym[0]] = 1, lens[sym[1]] = 1;
        } else if (n == 3u) {
            lens[sym[0]] = 1, lens[sym[1]] = 2, lens[sym[2]] = 2;
        } else if (get(s, 1) == 0u) {
            lens[sym[0]] = 2, lens[sym[1]] = 2, lens[sym[2]] = 2, lens[sym[3]] = 2;
        } else {
            lens[sym[0]] = 1, lens[sym[1]] = 2, lens[sym[2]] = 3, lens[sym[3]] = 3;
        }
        return build(s, lens, nsym, nsym, at);
    }
    {
        /* complex: the code-length code's lengths, then the symbols' */
        uint8_t cl[18];
        unsigned num = 0, last = 0, sym = 0, prev = 8, rep = 0, rep_len = 0;
        int space = 32;
        size_t mark = s->used;
        uint32_t cl_at;
        const uint16_t *clt;
        ppq_status_t st;
        memset(cl, 0, sizeof cl);
        for (i = hskip; i < 18u; i++) {
            unsigned v = read_cl_length(s);
            cl[order[i]] = (uint8_t)v;
            if (v != 0u) {
                space -= 32 >> v;
                num++;
                last = order[i];
                if (space <= 0) {
                    break;
                }
            }
        }
        if (!(num == 1u || space == 0)) {
            return PPQ_ERR_CORRUPT;
        }
        st = build(s, cl, 18u, num == 1u ? last : 18u, &cl_at); /* scratch: given back below */
        if (st != PPQ_OK) {
            return st;
        }
        clt = s->pool + cl_at;
        space = 32768;
        while (sym < nsym && space > 0) {
            unsigned c = decode(s, clt);
            if (c < 16u) {
                lens[sym++] = (uint8_t)c;
                rep = 0;
                if (c != 0u) {
                    prev = c;
                    space -= 32768 >> c;
                }
            } else {
                unsigned extra = c == 16u ? 2u : 3u, len = c == 16u ? prev : 0u, old, d;
                if (rep_len != len) {
                    rep = 0;
                    rep_len = len;
                }
                old = rep;
                if (rep > 0u) {
                    rep = (rep - 2u) << extra;
                }
                rep += get(s, extra) + 3u;
                d = rep - old;
                if (d > nsym - sym) {
                    return PPQ_ERR_CORRUPT;
                }
                memset(lens + sym, (int)len, d);
                sym += d;
                if (len != 0u) {
                    space -= (int)(d << (15u - len));
                }
            }
        }
        if (space != 0) {
            return PPQ_ERR_CORRUPT;
        }
        s->used = mark;
        return build(s, lens, nsym, nsym, at);
    }
}

/* ------------------------------------------------------------------------ */
/* Meta-block header                                                         */

/* A count 1..256 (NBLTYPES, NTREES: RFC 7932 section 9.2). */
static unsigned get_count(state_t *s)
{
    unsigned n;
    if (get(s, 1) == 0u) {
        return 1;
    }
    n = get(s, 3);
    return n == 0u ? 2u : (1u << n) + 1u + get(s, n);
}

/* Block count codes (RFC 7932 section 6): base, extra bits. */
static const uint16_t count_base[NCOUNT] = {1,   5,   9,   13,  17,  25,   33,   41,   49,   65,   81,   97,   113,
                                            145, 177, 209, 241, 305, 369, 497, 753, 1265, 2289, 4337, 8433, 16625};
static const uint8_t count_extra[NCOUNT] = {2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 24};

static uint32_t read_block_count(state_t *s, unsigned c)
{
    unsigned sym = decode(s, s->pool + s->count_code[c]);
    return count_base[sym] + get(s, count_extra[sym]);
}

/* A block switch command of category c. */
static void block_switch(state_t *s, unsigned c)
{
    unsigned sym = decode(s, s->pool + s->type_code[c]);
    unsigned t = sym == 0u ? s->prev[c] : sym == 1u ? s->type[c] + 1u : sym - 2u;
    if (t >= s->ntypes[c]) {
        t -= s->ntypes[c];
    }
    s->prev[c] = s->type[c];
    s->type[c] = t;
    s->blen[c] = read_block_count(s, c);
}

/* A context map of `size` entries for ntrees codes (RFC 7932 7.3). */
static ppq_status_t read_cmap(state_t *s, unsigned ntrees, uint8_t *map, unsigned size)
{
    unsigned rlemax = 0, i = 0;
    size_t mark = s->used;
    uint32_t at;
    const uint16_t *t;
    ppq_status_t st;
    if (ntrees == 1u) {
        memset(map, 0, size);
        return PPQ_OK;
    }
    if (get(s, 1)) {
        rlemax = get(s, 4) + 1u;
    }
    st = read_code(s, ntrees + rlemax, &at);
    if (st != PPQ_OK) {
        return st;
    }
    t = s->pool + at;
    while (i < size) {
        unsigned c = decode(s, t);
        if (c == 0u) {
            map[i++] = 0;
        } else if (c <= rlemax) {
            uint32_t run = (1u << c) + get(s, c);
            if (run > size - i) {
                return PPQ_ERR_CORRUPT;
            }
            memset(map + i, 0, run);
            i += run;
        } else {
            map[i++] = (uint8_t)(c - rlemax);
        }
        if (!in_bounds(s)) {
            return PPQ_ERR_CORRUPT;
        }
    }
    if (get(s, 1)) { /* inverse move-to-front */
        uint8_t mtf[256];
        for (i = 0; i < 256u; i++) {
            mtf[i] = (uint8_t)i;
        }
        for (i = 0; i < size; i++) {
            unsigned k = map[i];
            uint8_t v = mtf[k];
            map[i] = v;
            while (k > 0u) {
                mtf[k] = mtf[k - 1u];
                k--;
            }
            mtf[0] = v;
        }
    }
    s->used = mark;
    return PPQ_OK;
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                  */

/* Insert and copy length codes (RFC 7932 section 5). */
static const uint16_t ins_base[24] = {0,  1,  2,  3,  4,   5,   6,   8,   10,  14,   18,   26,
                                      34, 50, 66, 98, 130, 194, 322, 578, 1090, 2114, 6210, 22594};
static const uint8_t ins_extra[24] = {0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 12, 14, 24};
static const uint16_t copy_base[24] = {2,  3,  4,  5,  6,   7,   8,   9,   10,  12,  14,   18,
                                       22, 30, 38, 54, 70, 102, 134, 198, 326, 582, 1094, 2118};
static const uint8_t copy_extra[24] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 24};
/* The insert and copy code ranges of each 64-symbol cell. */
static const uint8_t cell_ins[11] = {0, 0, 0, 0, 8, 8, 0, 16, 8, 16, 16};
static const uint8_t cell_copy[11] = {0, 8, 0, 8, 0, 8, 16, 0, 16, 8, 16};

/* Literal context lookup (RFC 7932 section 7.1): UTF8 mode's for the last
 * byte (its upper half: 0,1 alternating for continuation bytes, 2,3 for
 * lead bytes) and for the byte before; the signed mode's ranks. */
static const uint8_t utf8_last[128] = {
    0,  0,  0,  0,  0,  0,  0,  0,  0,  4,  4,  0,  0,  4,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  8,  12, 16, 12, 12, 20, 12, 16, 24, 28, 12, 12, 32, 12, 36, 12, 44, 44, 44, 44,
    44, 44, 44, 44, 44, 44, 32, 32, 24, 40, 28, 12, 12, 48, 52, 52, 52, 48, 52, 52, 52, 48, 52, 52, 52, 52,
    52, 48, 52, 52, 52, 52, 52, 48, 52, 52, 52, 52, 52, 24, 12, 28, 12, 12, 12, 56, 60, 60, 60, 56, 60, 60,
    60, 56, 60, 60, 60, 60, 60, 56, 60, 60, 60, 60, 60, 56, 60, 60, 60, 60, 60, 24, 12, 28, 12, 0};

static unsigned utf8_before(unsigned b)
{
    if (b >= 128u) {
        return b >= 224u ? 2u : 0u;
    }
    if (b >= '0' && b <= '9') {
        return 2;
    }
    if (b >= 'A' && b <= 'Z') {
        return 2;
    }
    if (b >= 'a' && b <= 'z') {
        return 3;
    }
    return b > ' ' && b < 127u ? 1u : 0u;
}

static unsigned signed_rank(unsigned b)
{
    return b == 0u ? 0u : b < 16u ? 1u : b < 64u ? 2u : b < 128u ? 3u : b < 192u ? 4u : b < 240u ? 5u : b < 255u ? 6u : 7u;
}

static inline unsigned context(unsigned mode, unsigned p1, unsigned p2)
{
    switch (mode) {
    case 0: /* LSB6 */
        return p1 & 63u;
    case 1: /* MSB6 */
        return p1 >> 2;
    case 2: /* UTF8 */
        return (p1 < 128u ? utf8_last[p1] : (p1 >> 6 & 1u) << 1 | (p1 & 1u)) | utf8_before(p2);
    default: /* signed */
        return signed_rank(p1) << 3 | signed_rank(p2);
    }
}

/* Words per length 4..24 as log2 (RFC 7932 section 8), and where each
 * length's words start in the dictionary. */
static const uint8_t dict_bits[25] = {0, 0, 0, 0, 10, 10, 11, 11, 10, 10, 10, 10, 10, 9, 9, 8, 7, 7, 8, 7, 7, 6, 6, 5, 5};
static const uint32_t dict_offset[25] = {0,      0,      0,      0,      0,      4096,   9216,   21504,  35840,
                                         44032,  53248,  63488,  74752,  87040,  93696,  100864, 104704, 106752,
                                         108928, 113536, 115968, 118528, 119872, 121280, 122016};

/* Uppercase the character at p (RFC 7932 Appendix B); its length. */
static unsigned upper(uint8_t *p, unsigned room)
{
    if (p[0] < 192u) {
        if (p[0] >= 'a' && p[0] <= 'z') {
            p[0] ^= 32u;
        }
        return 1;
    }
    if (p[0] < 224u) {
        if (room > 1u) {
            p[1] ^= 32u;
        }
        return 2;
    }
    if (room > 2u) {
        p[2] ^= 5u;
    }
    return 3;
}

ppq_status_t ppq_brotli_transform(uint8_t *dst, size_t room, const uint8_t *word, unsigned len, unsigned tid,
                                  size_t *n)
{
    const uint8_t *tr, *pre, *suf;
    unsigned type, skip = 0, wlen = len;
    size_t total;
    if (tid >= PPQ_BROTLI_NTRANSFORMS) {
        return PPQ_ERR_CORRUPT;
    }
    tr = ppq_brotli_transforms[tid];
    pre = ppq_brotli_affix + tr[0];
    suf = ppq_brotli_affix + tr[2];
    type = tr[1];
    if (type >= 1u && type <= PPQ_BROTLI_OMIT_LAST_9) {
        wlen = type < len ? len - type : 0u;
    } else if (type >= PPQ_BROTLI_OMIT_FIRST_1) {
        skip = type - PPQ_BROTLI_OMIT_FIRST_1 + 1u;
        skip = skip < len ? skip : len;
        wlen = len - skip;
    }
    total = (size_t)pre[0] + wlen + suf[0];
    if (total > room) {
        return PPQ_ERR_CORRUPT;
    }
    memcpy(dst, pre + 1, pre[0]);
    memcpy(dst + pre[0], word + skip, wlen);
    if (type == PPQ_BROTLI_UPPER_FIRST && wlen > 0u) {
        (void)upper(dst + pre[0], wlen);
    } else if (type == PPQ_BROTLI_UPPER_ALL) {
        unsigned i = 0;
        while (i < wlen) {
            i += upper(dst + pre[0] + i, wlen - i);
        }
    }
    memcpy(dst + pre[0] + wlen, suf + 1, suf[0]);
    *n = total;
    return PPQ_OK;
}

/* A static dictionary reference: word `id` (word index and transform) of
 * length len; *remaining: the meta-block's bytes still to come. */
static ppq_status_t dict_word(state_t *s, unsigned len, uint32_t id, uint32_t *remaining)
{
    unsigned bits;
    size_t n = 0;
    ppq_status_t st;
    if (len < 4u || len > 24u) {
        return PPQ_ERR_CORRUPT;
    }
    bits = dict_bits[len];
    st = ppq_brotli_transform(s->out + s->n, *remaining,
                              ppq_brotli_dict + dict_offset[len] + (id & ((1u << bits) - 1u)) * len, len, id >> bits,
                              &n);
    s->n += n;
    *remaining -= (uint32_t)n;
    return st;
}

/* The data of a compressed meta-block of mlen bytes (RFC 7932 9.3). */
static ppq_status_t commands(state_t *s, uint32_t mlen, unsigned npostfix, unsigned ndirect, const uint8_t *lit_cmap,
                             const uint8_t *dist_cmap, uint32_t *dist, uint32_t max_back)
{
    work_t *w = s->w;
    uint32_t remaining = mlen;
    unsigned mask = (1u << npostfix) - 1u;
    unsigned mode = w->modes[0];
    const uint8_t *cmap = lit_cmap;
    while (remaining > 0u) {
        unsigned cmd, cell, ic, cc, k;
        uint32_t ins, cpy, d;
        if (!in_bounds(s)) {
            return PPQ_ERR_CORRUPT;
        }
        if (s->blen[I] == 0u) {
            block_switch(s, I);
        }
        s->blen[I]--;
        cmd = decode(s, s->pool + w->tree[I][s->type[I]]);
        cell = cmd >> 6;
        ic = cell_ins[cell] + (cmd >> 3 & 7u);
        cc = cell_copy[cell] + (cmd & 7u);
        ins = ins_base[ic] + get(s, ins_extra[ic]);
        cpy = copy_base[cc] + get(s, copy_extra[cc]);
        if (ins > remaining) {
            return PPQ_ERR_CORRUPT;
        }
        remaining -= ins;
        {
            uint8_t *o = s->out;
            size_t n = s->n;
            unsigned p1 = n > 0u ? o[n - 1u] : 0u, p2 = n > 1u ? o[n - 2u] : 0u;
            for (k = 0; k < ins; k++) {
                unsigned c;
                if (s->blen[L] == 0u) {
                    block_switch(s, L);
                    mode = w->modes[s->type[L]];
                    cmap = lit_cmap + 64u * s->type[L];
                }
                s->blen[L]--;
                c = decode(s, s->pool + w->tree[L][cmap[context(mode, p1, p2)]]);
                o[n++] = (uint8_t)c;
                p2 = p1;
                p1 = c;
            }
            s->n = n;
        }
        if (remaining == 0u) {
            break;
        }
        if (cmd >= 128u) {
            unsigned dc;
            if (s->blen[D] == 0u) {
                block_switch(s, D);
            }
            s->blen[D]--;
            dc = decode(s, s->pool + w->tree[D][dist_cmap[4u * s->type[D] + (cpy > 4u ? 3u : cpy - 2u)]]);
            if (dc < 16u) {
                static const uint8_t which[16] = {0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};
                static const int8_t delta[16] = {0, 0, 0, 0, -1, 1, -2, 2, -3, 3, -1, 1, -2, 2, -3, 3};
                int64_t v = (int64_t)dist[which[dc]] + delta[dc];
                if (v <= 0) {
                    return PPQ_ERR_CORRUPT;
                }
                d = (uint32_t)v;
            } else if (dc < 16u + ndirect) {
                d = dc - 15u;
            } else {
                unsigned x = dc - ndirect - 16u, nb = 1u + (x >> (npostfix + 1u));
                uint32_t offset = ((2u + ((x >> npostfix) & 1u)) << nb) - 4u;
                d = ((offset + get(s, nb)) << npostfix) + (x & mask) + ndirect + 1u;
            }
            k = dc != 0u; /* push it (if not a dictionary word) */
        } else {
            d = dist[0];
            k = 0;
        }
        if (d > (s->n < max_back ? s->n : max_back)) {
            ppq_status_t st = dict_word(s, cpy, d - (uint32_t)(s->n < max_back ? s->n : max_back) - 1u, &remaining);
            if (st != PPQ_OK) {
                return st;
            }
            continue;
        }
        if (cpy > remaining) {
            return PPQ_ERR_CORRUPT;
        }
        remaining -= cpy;
        {
            uint8_t *o = s->out + s->n;
            const uint8_t *from = o - d;
            if (d >= cpy) {
                memcpy(o, from, cpy);
            } else {
                uint32_t j;
                for (j = 0; j < cpy; j++) {
                    o[j] = from[j];
                }
            }
            s->n += cpy;
        }
        if (k) {
            dist[3] = dist[2];
            dist[2] = dist[1];
            dist[1] = dist[0];
            dist[0] = d;
        }
    }
    return in_bounds(s) ? PPQ_OK : PPQ_ERR_CORRUPT;
}

/* A compressed meta-block's header after its length (RFC 7932 9.2), then
 * its data. */
static ppq_status_t meta_block(state_t *s, uint32_t mlen, uint32_t *dist, uint32_t max_back)
{
    static const uint16_t nsyms[3] = {NLIT, NIAC, 0};
    work_t *w = s->w;
    unsigned c, i, npostfix, ndirect, ntrees[3];
    uint8_t *lit_cmap, *dist_cmap;
    ppq_status_t st;
    s->used = 0;
    for (c = 0; c < 3u; c++) {
        s->ntypes[c] = get_count(s);
        s->type[c] = 0;
        s->prev[c] = 1;
        s->blen[c] = 0xFFFFFFFFu; /* one type: never switches (mlen < 2^24) */
        if (s->ntypes[c] >= 2u) {
            st = read_code(s, s->ntypes[c] + 2u, &s->type_code[c]);
            if (st == PPQ_OK) {
                st = read_code(s, NCOUNT, &s->count_code[c]);
            }
            if (st != PPQ_OK) {
                return st;
            }
            s->blen[c] = read_block_count(s, c);
        }
    }
    npostfix = get(s, 2);
    ndirect = get(s, 4) << npostfix;
    for (i = 0; i < s->ntypes[L]; i++) {
        w->modes[i] = (uint8_t)get(s, 2);
    }
    /* the context maps (bytes) first: both sizes are multiples of 4 */
    lit_cmap = (uint8_t *)take(s, 32u * s->ntypes[L]);
    dist_cmap = (uint8_t *)take(s, 2u * s->ntypes[D]);
    if (lit_cmap == NULL || dist_cmap == NULL) {
        return PPQ_ERR_UNSUPPORTED;
    }
    ntrees[L] = get_count(s);
    st = read_cmap(s, ntrees[L], lit_cmap, 64u * s->ntypes[L]);
    if (st == PPQ_OK) {
        ntrees[D] = get_count(s);
        st = read_cmap(s, ntrees[D], dist_cmap, 4u * s->ntypes[D]);
    }
    if (st != PPQ_OK) {
        return st;
    }
    ntrees[I] = s->ntypes[I];
    for (c = 0; c < 3u; c++) {
        unsigned nsym = c == D ? 16u + ndirect + (48u << npostfix) : nsyms[c];
        for (i = 0; i < ntrees[c]; i++) {
            st = read_code(s, nsym, &w->tree[c][i]);
            if (st != PPQ_OK) {
                return st;
            }
            if (!in_bounds(s)) {
                return PPQ_ERR_CORRUPT;
            }
        }
    }
    if (!in_bounds(s)) {
        return PPQ_ERR_CORRUPT;
    }
    return commands(s, mlen, npostfix, ndirect, lit_cmap, dist_cmap, dist, max_back);
}

size_t ppq_brotli_dec_work_size(int full)
{
    return full ? PPQ_BROTLI_DEC_WORK_SIZE : PPQ_BROTLI_DEC_WORK_MIN;
}

ppq_status_t ppq_brotli_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                                   void *work, size_t work_len)
{
    state_t s;
    uint32_t dist[4] = {4, 11, 15, 16}; /* last, second-to-last, ... */
    uint32_t max_back;
    unsigned wbits, last = 0;
    if (dst_len == NULL || (src == NULL && src_len > 0) || (dst == NULL && dst_cap > 0)) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    if (work == NULL || ((uintptr_t)work & 7u) != 0u || work_len < PPQ_BROTLI_DEC_WORK_MIN) {
        return PPQ_ERR_ARENA;
    }
    if (src_len == 0u) {
        return PPQ_ERR_CORRUPT;
    }
    memset(&s, 0, sizeof s);
    s.in = src;
    s.len = src_len;
    s.out = dst;
    s.cap = dst_cap;
    s.w = (work_t *)work;
    s.pool = (uint16_t *)(void *)((uint8_t *)work + sizeof(work_t));
    s.pool_cap = (work_len - sizeof(work_t)) / 2u;
    /* the window (RFC 7932 9.1) */
    if (get(&s, 1) == 0u) {
        wbits = 16;
    } else if ((wbits = get(&s, 3)) != 0u) {
        wbits += 17u;
    } else if ((wbits = get(&s, 3)) == 1u) {
        return PPQ_ERR_CORRUPT; /* the large-window extension: not RFC 7932 */
    } else {
        wbits = wbits == 0u ? 17u : wbits + 8u;
    }
    max_back = (1u << wbits) - 16u;
    while (!last) {
        uint32_t mlen;
        unsigned nibbles;
        ppq_status_t st;
        last = get(&s, 1);
        if (last && get(&s, 1)) {
            break; /* ISLASTEMPTY */
        }
        nibbles = get(&s, 2);
        if (nibbles == 3u) { /* metadata: skipped */
            unsigned nbytes;
            uint32_t skip = 0;
            if (get(&s, 1) != 0u) {
                return PPQ_ERR_CORRUPT;
            }
            nbytes = get(&s, 2);
            if (nbytes > 0u) {
                skip = get(&s, 8u * nbytes);
                if (nbytes > 1u && (skip >> (8u * (nbytes - 1u))) == 0u) {
                    return PPQ_ERR_CORRUPT;
                }
                skip++;
            }
            if (!align_zero(&s) || !to_bytes(&s) || skip > s.len - s.pos) {
                return PPQ_ERR_CORRUPT;
            }
            s.pos += skip;
            continue;
        }
        nibbles += 4u;
        mlen = get(&s, 4u * nibbles);
        if (nibbles > 4u && (mlen >> (4u * (nibbles - 1u))) == 0u) {
            return PPQ_ERR_CORRUPT;
        }
        mlen++;
        if (!in_bounds(&s)) {
            return PPQ_ERR_CORRUPT;
        }
        if (mlen > s.cap - s.n) {
            return PPQ_ERR_NOSPACE;
        }
        if (!last && get(&s, 1)) { /* ISUNCOMPRESSED */
            if (!align_zero(&s) || !to_bytes(&s) || mlen > s.len - s.pos) {
                return PPQ_ERR_CORRUPT;
            }
            memcpy(s.out + s.n, s.in + s.pos, mlen);
            s.pos += mlen;
            s.n += mlen;
            continue;
        }
        st = meta_block(&s, mlen, dist, max_back);
        if (st != PPQ_OK) {
            return st;
        }
    }
    if (!align_zero(&s) || !to_bytes(&s) || s.pos != s.len) {
        return PPQ_ERR_CORRUPT;
    }
    *dst_len = s.n;
    return PPQ_OK;
}

#else /* !PPQ_WITH_BROTLI */

size_t ppq_brotli_dec_work_size(int full)
{
    (void)full;
    return 0;
}

ppq_status_t ppq_brotli_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                                   void *work, size_t work_len)
{
    (void)src, (void)src_len, (void)dst, (void)dst_cap, (void)work, (void)work_len;
    if (dst_len != NULL) {
        *dst_len = 0;
    }
    return PPQ_ERR_UNSUPPORTED;
}

#endif /* PPQ_WITH_BROTLI */
