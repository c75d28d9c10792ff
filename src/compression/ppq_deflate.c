/* GZIP compression (see ppq_gzip.h): LZ77 over the whole input (hash heads;
 * hash chains at levels 2-9, lazy matching at 4-9), cut into blocks of at most
 * BLOCK_SYMS symbols, each written as the smallest of a stored, a
 * fixed-Huffman and a dynamic-Huffman DEFLATE block (RFC 1951), in one gzip
 * member (RFC 1952).  Positions in the hash tables are kept modulo 2^16 (a
 * stale one only costs a failed comparison: every match is checked byte by
 * byte), so the tables take 2 bytes an entry on every target. */
#include "ppq_deflate_tables.h"
#include "ppq_gzip.h"
#include "ppq_internal.h"

#define WINDOW 32768u
#define MIN_MATCH 3u
#define MAX_MATCH 258u
#define NLIT 286u /* literal/length symbols a block can use (the fixed code has 288) */
#define NDIST 30u
#define NCL 19u                          /* code-length symbols */
#define LITS 288u                        /* literal/length slots in the tables */
#define DIST0 LITS                       /* where the distance symbols start in the tables */
#define CL0 (DIST0 + NDIST)              /* and the code-length symbols */
#define NSYM (CL0 + NCL)
#define BLOCK_SYMS 16384u                /* a block's symbols: its counts stay within 16 bits */
#define FAR_3 4096u                      /* a 3-byte match farther than this is not worth it */

/* Per level: hash table 2^hash_bits entries, sequence buffer 2^seq_bits
 * entries, chains over 2^win_bits positions back (0: none, one candidate
 * up to 32 KiB back), candidates tried, longest match still improved on by
 * a lazy look one byte on (0: greedy), length that ends a search.  Levels
 * 4-9 take zlib's published search parameters: their sizes match zlib's. */
typedef struct level {
    uint8_t hash_bits, seq_bits, win_bits, skip; /* skip: a match's positions stay out of the hash table */
    uint16_t chain, lazy, nice, good; /* good: a lazy look after a match this long tries a quarter of the chain */
} level_t;

static const level_t levels[10] = {
    {0, 0, 0, 0, 0, 0, 0, 0}, /* 0: level 6 */
    {10, 9, 0, 1, 1, 0, 258, 258},       {12, 11, 13, 0, 8, 0, 16, 258},      {13, 12, 14, 0, 32, 0, 32, 258},
    {15, 13, 15, 0, 16, 4, 16, 4},       {15, 13, 15, 0, 32, 16, 32, 8},      {15, 13, 15, 0, 128, 16, 128, 8},
    {15, 13, 15, 0, 256, 32, 128, 8},    {15, 13, 15, 0, 1024, 128, 258, 32}, {15, 13, 15, 0, 4096, 258, 258, 32},
};

/* Huffman tables of one block: counts, then code lengths, then the codes
 * (bit-reversed, as written), which share memory with the tree builder. */
typedef struct tables {
    uint16_t freq[NSYM]; /* literal/length, distance, code-length symbols */
    uint8_t len[NSYM + 1u];
    union {
        struct {
            uint16_t sym[LITS], w[LITS];
        } b;
        uint16_t code[NSYM];
    } u;
} tables_t;

#define TABLES_SIZE ((sizeof(tables_t) + 3u) & ~(size_t)3u)

static const level_t *level_of(int level)
{
    return &levels[level == 0 ? 6 : level];
}

size_t ppq_gzip_work_size(int level)
{
    const level_t *lv;
    if (level < 0 || level > 9) {
        return 0;
    }
    lv = level_of(level);
    return TABLES_SIZE + ((size_t)4u << lv->seq_bits) + ((size_t)2u << lv->hash_bits) +
           (lv->win_bits > 0u ? (size_t)2u << lv->win_bits : 0u);
}

size_t ppq_gzip_bound(size_t len)
{
    /* stored blocks: 5 bytes each per 65535; header and trailer 18; a byte of slack */
    return len + 5u * (len / 65535u + 1u) + 18u + 1u;
}

/* ---- bits out ---------------------------------------------------------- */

typedef struct out {
    uint8_t *p;
    size_t cap, n;
    uint64_t bits;
    unsigned nbits;
    int full;
} out_t;

/* The whole bytes of the bit buffer out (nbits < 8 after). */
static void put_bytes(out_t *o)
{
    while (o->nbits >= 8u) {
        if (o->n < o->cap) {
            o->p[o->n] = (uint8_t)o->bits;
        } else {
            o->full = 1;
        }
        o->n++;
        o->bits >>= 8;
        o->nbits -= 8u;
    }
}

/* k <= 32 bits of v; whole bytes go out four at a time (nbits < 32 after). */
static void put_bits(out_t *o, uint32_t v, unsigned k)
{
    o->bits |= (uint64_t)v << o->nbits;
    o->nbits += k;
    if (o->nbits >= 32u) {
        if (o->n <= o->cap && o->cap - o->n >= 4u) {
            ppq_store_le32(o->p + o->n, (uint32_t)o->bits);
            o->n += 4u;
            o->bits >>= 32;
            o->nbits -= 32u;
        } else {
            put_bytes(o);
        }
    }
}

static void align_byte(out_t *o)
{
    put_bytes(o);
    if (o->nbits > 0u) {
        put_bits(o, 0, 8u - o->nbits);
        put_bytes(o);
    }
}

/* ---- symbols ------------------------------------------------------------ */

static unsigned log2_floor(unsigned x) /* x > 0 */
{
    unsigned b = 0;
    while (x >> (b + 1u) != 0u) {
        b++;
    }
    return b;
}

/* Length code 0..28 (symbol 257 + it) of a match of `len` bytes (3..258). */
static unsigned len_code(unsigned len)
{
    unsigned x = len - 3u, b;
    if (x < 8u) {
        return x;
    }
    if (len == MAX_MATCH) {
        return 28u;
    }
    b = log2_floor(x);
    return 4u * (b - 1u) + ((x >> (b - 2u)) & 3u);
}

/* Distance code 0..29 of a distance 1..32768. */
static unsigned dist_code(unsigned dist)
{
    unsigned x = dist - 1u, b;
    if (x < 4u) {
        return x;
    }
    b = log2_floor(x);
    return 2u * b + ((x >> (b - 1u)) & 1u);
}

/* ---- Huffman codes ------------------------------------------------------ */

/* Code lengths from weights a[0..m) in ascending order, in place (Moffat and
 * Katajainen's algorithm): a[k] becomes the depth of the k-th leaf.  m >= 2. */
static void leaf_depths(uint16_t *a, unsigned m)
{
    unsigned leaf = 0, root = 0, next, avail, used, depth;
    int r, k;
    for (next = 0; next < m - 1u; next++) { /* internal node `next` from the two lightest */
        if (leaf >= m || (root < next && a[root] < a[leaf])) {
            a[next] = a[root];
            a[root++] = (uint16_t)next;
        } else {
            a[next] = a[leaf++];
        }
        if (leaf >= m || (root < next && a[root] < a[leaf])) {
            a[next] = (uint16_t)(a[next] + a[root]);
            a[root++] = (uint16_t)next;
        } else {
            a[next] = (uint16_t)(a[next] + a[leaf++]);
        }
    }
    a[m - 2u] = 0; /* the root; then each node's depth from its parent's */
    for (next = m - 2u; next-- > 0u;) {
        a[next] = (uint16_t)(a[a[next]] + 1u);
    }
    avail = 1;
    used = 0;
    depth = 0;
    r = (int)m - 2;
    k = (int)m - 1;
    while (avail > 0u) { /* leaves per depth: the nodes left over at each level */
        while (r >= 0 && a[r] == depth) {
            used++;
            r--;
        }
        while (avail > used) {
            a[k--] = (uint16_t)depth;
            avail--;
        }
        avail = 2u * used;
        depth++;
        used = 0;
    }
}

/* Code lengths of at most `limit` bits for counts f[0..n) into l[0..n):
 * Huffman's, with the counts halved until the longest fits; a complete
 * code (at least two symbols, unused ones with a zero count filling in),
 * as every inflater accepts. */
static void build_lengths(tables_t *t, const uint16_t *f, uint8_t *l, unsigned n, unsigned limit)
{
    uint16_t *sym = t->u.b.sym, *w = t->u.b.w;
    unsigned m = 0, i, j, shift = 0;
    for (i = 0; i < n; i++) { /* used symbols by count, then symbol: insertion sort */
        l[i] = 0;
        if (f[i] != 0u) {
            for (j = m++; j > 0u && f[sym[j - 1u]] > f[i]; j--) {
                sym[j] = sym[j - 1u];
            }
            sym[j] = (uint16_t)i;
        }
    }
    for (i = 0; m < 2u; i++) { /* two leaves take a bit each, in any order */
        if (f[i] == 0u) {
            sym[m++] = (uint16_t)i;
        }
    }
    do { /* the rarest symbol (first) is the deepest; counts all 0 give a balanced tree */
        for (i = 0; i < m; i++) {
            w[i] = (uint16_t)(f[sym[i]] >> shift);
        }
        leaf_depths(w, m);
        shift++;
    } while (w[0] > limit);
    for (i = 0; i < m; i++) {
        l[sym[i]] = (uint8_t)w[i];
    }
}

/* A code of `len` bits, most significant bit first: as the bit writer takes it. */
static uint16_t reversed(unsigned v, unsigned len)
{
    unsigned r = 0, b;
    for (b = 0; b < len; b++) {
        r |= ((v >> b) & 1u) << (len - 1u - b);
    }
    return (uint16_t)r;
}

/* Canonical codes (RFC 1951, 3.2.2) for lengths l[0..n), bit-reversed. */
static void canonical(const uint8_t *l, uint16_t *code, unsigned n)
{
    uint16_t count[16], next[16];
    unsigned i, b, c = 0;
    memset(count, 0, sizeof count);
    for (i = 0; i < n; i++) {
        count[l[i]]++;
    }
    count[0] = 0;
    for (b = 1; b < 16u; b++) {
        c = (c + count[b - 1u]) << 1;
        next[b] = (uint16_t)c;
    }
    for (i = 0; i < n; i++) {
        code[i] = reversed(l[i] != 0u ? next[l[i]]++ : 0u, l[i]);
    }
}

/* ---- the encoder ---------------------------------------------------------- */

typedef struct enc {
    const uint8_t *src;
    size_t n, pos, hashed; /* next position to parse; positions below `hashed` are in the tables */
    const level_t *lv;
    tables_t *t;
    uint32_t *seq; /* a block's symbols: per entry 0-255 literals from src, then maybe a match */
    size_t seq_cap, nseq;
    uint16_t *head, *prev; /* prev: at levels with chains, distance to the previous position of a hash */
    unsigned hash_bits, window; /* matches reach `window` bytes back */
} enc_t;

#define SEQ_MATCH 0x80000000u

static uint32_t hash3(const uint8_t *p, unsigned bits)
{
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
    return (v * 2654435761u) >> (32u - bits);
}

/* Enter positions up to p in the tables; the distance back to the
 * previous position with p's hash (0: none within the window). */
static unsigned insert_to(enc_t *e, size_t p)
{
    unsigned d = 0;
    for (; e->hashed <= p && e->n - e->hashed >= MIN_MATCH; e->hashed++) {
        size_t q = e->hashed;
        uint32_t h = hash3(e->src + q, e->hash_bits);
        d = (uint16_t)((unsigned)q - e->head[h]);
        e->head[h] = (uint16_t)q;
        if (d > e->window || d > q) {
            d = 0;
        }
        if (e->prev != NULL) {
            e->prev[q & (e->window - 1u)] = (uint16_t)d;
        }
    }
    return d;
}

/* Longest match at p longer than `have`, starting from the candidate `d`
 * back; its distance in *dist.  Returns `have` when there is none. */
static unsigned longest(const enc_t *e, size_t p, unsigned d, unsigned have, unsigned *dist)
{
    const uint8_t *s = e->src + p;
    unsigned max = e->n - p < MAX_MATCH ? (unsigned)(e->n - p) : MAX_MATCH, best = have, chain = e->lv->chain;
    if (best >= max) {
        return best;
    }
    if (have >= e->lv->good) {
        chain >>= 2;
    }
    while (d != 0u && d <= p && d <= e->window && chain-- > 0u) {
        const uint8_t *c = s - d;
        if (c[best] == s[best] && c[0] == s[0]) {
            unsigned k = 1;
            while (k + 4u <= max && ppq_load_le32(c + k) == ppq_load_le32(s + k)) {
                k += 4u;
            }
            while (k < max && c[k] == s[k]) {
                k++;
            }
            if (k > best && (k > MIN_MATCH || d <= FAR_3)) {
                best = k;
                *dist = d;
                if (k >= e->lv->nice || k >= max) {
                    break;
                }
            }
        }
        if (e->prev == NULL || e->prev[(p - d) & (e->window - 1u)] == 0u) {
            break;
        }
        d += e->prev[(p - d) & (e->window - 1u)];
    }
    return best;
}

/* One literal into the block: counted, and into the current run. */
static void add_literal(enc_t *e, size_t *lit)
{
    e->t->freq[e->src[e->pos++]]++;
    if (++*lit == 255u) {
        e->seq[e->nseq++] = 255u;
        *lit = 0;
    }
}

/* Parse from e->pos into the sequence buffer until the block is full or the
 * input ends; counts the symbols. */
static void parse_block(enc_t *e)
{
    tables_t *t = e->t;
    size_t lit = 0, syms = 0;
    memset(t->freq, 0, sizeof t->freq);
    e->nseq = 0;
    while (e->pos < e->n && syms < BLOCK_SYMS && e->nseq + 4u < e->seq_cap) {
        unsigned len = MIN_MATCH - 1u, dist = 0, d = insert_to(e, e->pos);
        if (d != 0u) {
            len = longest(e, e->pos, d, len, &dist);
        }
        /* lazy: while the match one byte on is longer, take a literal */
        while (len >= MIN_MATCH && len < e->lv->lazy && e->n - e->pos > MIN_MATCH) {
            unsigned d1 = insert_to(e, e->pos + 1u), dist1 = 0, len1 = len;
            if (d1 != 0u) {
                len1 = longest(e, e->pos + 1u, d1, len, &dist1);
            }
            if (len1 <= len) {
                break;
            }
            add_literal(e, &lit);
            syms++;
            len = len1;
            dist = dist1;
        }
        if (len >= MIN_MATCH) {
            unsigned lc = len_code(len);
            t->freq[257u + lc]++;
            t->freq[DIST0 + dist_code(dist)]++;
            e->seq[e->nseq++] = SEQ_MATCH | (uint32_t)lit | (uint32_t)(len - MIN_MATCH) << 8 | (uint32_t)(dist - 1u) << 16;
            lit = 0;
            e->pos += len;
            if (e->lv->skip) {
                e->hashed = e->pos;
            }
        } else {
            add_literal(e, &lit);
        }
        syms++;
    }
    if (lit > 0u) {
        e->seq[e->nseq++] = (uint32_t)lit;
    }
    t->freq[256]++; /* end of block */
}

/* Length of code-length entry i (literal/length, then distance lengths). */
static unsigned cl_at(const tables_t *t, unsigned hlit, unsigned i)
{
    return i < hlit ? t->len[i] : t->len[DIST0 + i - hlit];
}

static void cl_sym(tables_t *t, out_t *o, unsigned sym, unsigned extra, unsigned nextra)
{
    if (o == NULL) {
        t->freq[CL0 + sym]++;
    } else {
        put_bits(o, t->u.code[CL0 + sym], t->len[CL0 + sym]);
        put_bits(o, extra, nextra);
    }
}

/* The code lengths as runs (RFC 1951, 3.2.7: 16 repeats the previous length
 * 3-6 times, 17 and 18 write 3-10 and 11-138 zeros): counted (o NULL) or written. */
static void cl_walk(tables_t *t, unsigned hlit, unsigned hdist, out_t *o)
{
    unsigned i = 0, total = hlit + hdist;
    while (i < total) {
        unsigned v = cl_at(t, hlit, i), r = 1, k;
        while (i + r < total && cl_at(t, hlit, i + r) == v) {
            r++;
        }
        i += r;
        if (v == 0u) {
            for (; r >= 11u; r -= k) {
                k = r < 138u ? r : 138u;
                cl_sym(t, o, 18, k - 11u, 7);
            }
            if (r >= 3u) {
                cl_sym(t, o, 17, r - 3u, 3);
                r = 0;
            }
        } else {
            cl_sym(t, o, v, 0, 0);
            for (r--; r >= 3u; r -= k) {
                k = r < 6u ? r : 6u;
                cl_sym(t, o, 16, k - 3u, 2);
            }
        }
        for (; r > 0u; r--) {
            cl_sym(t, o, v, 0, 0);
        }
    }
}

static const uint8_t cl_order[NCL] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* The block's symbols with the codes in t (literals read back from src). */
static void put_symbols(const enc_t *e, out_t *o, size_t start)
{
    const tables_t *t = e->t;
    size_t i, p = start;
    for (i = 0; i < e->nseq && !o->full; i++) {
        uint32_t s = e->seq[i];
        size_t end = p + (s & 0xFFu);
        for (; p < end; p++) {
            put_bits(o, t->u.code[e->src[p]], t->len[e->src[p]]);
        }
        if ((s & SEQ_MATCH) != 0u) {
            unsigned len = ((s >> 8) & 0xFFu) + MIN_MATCH, dist = ((s >> 16) & 0x7FFFu) + 1u;
            unsigned lc = len_code(len), dc = dist_code(dist);
            put_bits(o, t->u.code[257u + lc], t->len[257u + lc]);
            put_bits(o, len - len_base[lc], len_extra[lc]);
            put_bits(o, t->u.code[DIST0 + dc], t->len[DIST0 + dc]);
            put_bits(o, dist - dist_base[dc], dist_extra[dc]);
            p += len;
        }
    }
    put_bits(o, t->u.code[256], t->len[256]);
}

/* Stored blocks of src[start, end) (65,535 bytes at most each). */
static void put_stored(out_t *o, const uint8_t *src, size_t start, size_t end, int last)
{
    do {
        size_t k = end - start < 65535u ? end - start : 65535u;
        put_bits(o, (uint32_t)(last && start + k == end), 3); /* BFINAL, BTYPE 00 */
        align_byte(o);
        put_bits(o, (uint32_t)k | (uint32_t)(~k & 0xFFFFu) << 16, 32);
        put_bytes(o);
        if (o->n > o->cap || o->cap - o->n < k) {
            o->full = 1;
            return;
        }
        memcpy(o->p + o->n, src + start, k);
        o->n += k;
        start += k;
    } while (start < end);
}

/* The fixed code's lengths (RFC 1951, 3.2.6). */
static void fixed_lengths(tables_t *t)
{
    unsigned i;
    for (i = 0; i < CL0; i++) {
        t->len[i] = (uint8_t)(i < 144u ? 8u : i < 256u ? 9u : i < 280u ? 7u : i < DIST0 ? 8u : 5u);
    }
}

/* Bits of the block's symbols with the lengths in t, and of the symbols' extra bits. */
static size_t symbol_bits(const tables_t *t, unsigned end)
{
    size_t bits = 0;
    unsigned i;
    for (i = 0; i < end; i++) {
        bits += (size_t)t->freq[i] * t->len[i];
    }
    for (i = 0; i < 29u; i++) {
        bits += (size_t)t->freq[257u + i] * len_extra[i];
    }
    for (i = 0; i < NDIST; i++) {
        bits += (size_t)t->freq[DIST0 + i] * dist_extra[i];
    }
    return bits;
}

/* Write the parsed block src[start, e->pos) as the smallest of its three forms. */
static void put_block(enc_t *e, out_t *o, size_t start, int last)
{
    tables_t *t = e->t;
    size_t fixed, dyn, stored, k = e->pos - start;
    unsigned i, hlit = NLIT, hdist = NDIST, hclen = NCL;
    fixed_lengths(t);
    fixed = 3u + symbol_bits(t, CL0);
    build_lengths(t, t->freq, t->len, LITS, 15);
    build_lengths(t, t->freq + DIST0, t->len + DIST0, NDIST, 15);
    while (hlit > 257u && t->len[hlit - 1u] == 0u) {
        hlit--;
    }
    while (hdist > 1u && t->len[DIST0 + hdist - 1u] == 0u) {
        hdist--;
    }
    memset(t->freq + CL0, 0, NCL * sizeof t->freq[0]);
    cl_walk(t, hlit, hdist, NULL);
    build_lengths(t, t->freq + CL0, t->len + CL0, NCL, 7);
    while (hclen > 4u && t->len[CL0 + cl_order[hclen - 1u]] == 0u) {
        hclen--;
    }
    dyn = 17u + 3u * hclen + symbol_bits(t, NSYM) + 2u * t->freq[CL0 + 16] + 3u * t->freq[CL0 + 17] +
          7u * t->freq[CL0 + 18];
    /* stored: each piece's header, the first after padding to a byte */
    stored = 3u + (8u - (o->nbits + 3u) % 8u) % 8u + 32u + 8u * k + (k > 0u ? (k - 1u) / 65535u : 0u) * 40u;
    if (stored < fixed && stored < dyn) {
        put_stored(o, e->src, start, e->pos, last);
        return;
    }
    if (fixed <= dyn) {
        put_bits(o, (uint32_t)last | 1u << 1, 3); /* BTYPE 01 */
        fixed_lengths(t);
    } else {
        put_bits(o, (uint32_t)last | 2u << 1, 3); /* BTYPE 10 */
        put_bits(o, (hlit - 257u) | (hdist - 1u) << 5 | (hclen - 4u) << 10, 14);
        for (i = 0; i < hclen; i++) {
            put_bits(o, t->len[CL0 + cl_order[i]], 3);
        }
    }
    canonical(t->len, t->u.code, LITS);
    canonical(t->len + DIST0, t->u.code + DIST0, NDIST);
    canonical(t->len + CL0, t->u.code + CL0, NCL);
    if (fixed > dyn) {
        cl_walk(t, hlit, hdist, o);
    }
    put_symbols(e, o, start);
}

/* All of src as DEFLATE blocks. */
static void deflate_all(enc_t *e, out_t *o)
{
    do {
        size_t start = e->pos;
        parse_block(e);
        put_block(e, o, start, e->pos == e->n);
    } while (e->pos < e->n && !o->full);
    align_byte(o);
}

ppq_status_t ppq_gzip_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                               int level, void *work, size_t work_len)
{
    static const uint8_t header[10] = {0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255};
    size_t need = ppq_gzip_work_size(level), body;
    uint8_t *w = (uint8_t *)work;
    out_t o;
    enc_t e;
    if (dst_len == NULL || (src == NULL && src_len > 0u) || (dst == NULL && dst_cap > 0u) || need == 0u) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    if (work == NULL || work_len < need || ((uintptr_t)work & 3u) != 0u) {
        return PPQ_ERR_ARENA;
    }
    if (dst_cap < 18u) {
        return PPQ_ERR_NOSPACE;
    }
    memcpy(dst, header, 10);
    memset(&o, 0, sizeof o);
    o.p = dst + 10;
    o.cap = dst_cap - 18u;
    memset(&e, 0, sizeof e);
    e.src = src;
    e.n = src_len;
    e.lv = level_of(level);
    e.t = (tables_t *)(void *)w;
    e.seq = (uint32_t *)(void *)(w + TABLES_SIZE);
    e.seq_cap = (size_t)1u << e.lv->seq_bits;
    e.head = (uint16_t *)(void *)(w + TABLES_SIZE + 4u * e.seq_cap);
    e.hash_bits = e.lv->hash_bits;
    memset(e.head, 0, (size_t)2u << e.hash_bits);
    e.window = WINDOW;
    if (e.lv->win_bits > 0u) {
        e.prev = e.head + ((size_t)1u << e.hash_bits);
        e.window = 1u << e.lv->win_bits;
    }
    deflate_all(&e, &o);
    body = src_len + 5u * (src_len / 65535u + 1u); /* what stored blocks take */
    if (o.full || o.n > body) { /* larger than stored (or no room): stored blocks */
        memset(&o, 0, sizeof o);
        o.p = dst + 10;
        o.cap = dst_cap - 18u;
        put_stored(&o, src, 0, src_len, 1);
        if (o.full) {
            return PPQ_ERR_NOSPACE;
        }
    }
    ppq_store_le32(dst + 10 + o.n, ppq_crc32(0, src, src_len));
    ppq_store_le32(dst + 14 + o.n, (uint32_t)src_len);
    *dst_len = 18u + o.n;
    return PPQ_OK;
}
