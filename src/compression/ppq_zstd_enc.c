/*
 * ZSTD compression (RFC 8878; facebook/zstd doc/zstd_compression_format.md):
 * one frame per call, written from the format's description.
 *
 * Frame: the content size is always written; the frame is single-segment
 * (window = content) up to 128 MiB, above that it declares a 4 MiB window
 * and no match reaches further.  Blocks of at most 128 KiB, each written
 * as the smallest of: compressed, RLE (one byte repeated), raw.  The XXH64
 * content checksum only with PPQ_ZSTD_CHECKSUM: a Parquet page is already
 * covered by the page CRC, and the checksum reads the input a second time.
 *
 * Match finding (LZ77) through tables in the caller's work buffer (the
 * level table, levels[] below, is documented in ppq_zstd.h):
 *   fast (levels < 0 to 3)  one hash table of positions (hash of 6 bytes),
 *                    greedy; a probe that misses steps further the longer
 *                    the run of misses (negative levels: -level positions
 *                    more, and raw literals), and the last offset is
 *                    tried before the table;
 *   chains (4 to 22) hash chains (hash of 5 bytes, a head table and links
 *                    back: 16-bit, or 32-bit where a level's chain reaches
 *                    past 64 Ki positions), up to `depth` candidates and
 *                    the three repeat offsets, greedy (4), lazy one (5, 6)
 *                    or two positions ahead (7+), a search ending at a
 *                    `nice` length; a match must be worth its offset's bits.
 * Matches are 4 bytes or longer.  A block has room for a sequence per 8
 * of its bytes; when that fills first, the block ends after the last
 * sequence and the next one starts there.
 * Compressed blocks: literals Huffman-coded (one stream below 256
 * literals, else four; raw or RLE when smaller), weights described
 * directly or FSE-coded, whichever is smaller; sequences with the literal
 * length, offset and match length codes each in the cheapest of the
 * predefined table, RLE, or an FSE table normalized from this block's
 * counts (cost estimated in 1/256 bits).  Repeat offsets are tracked as
 * the decoder does; a block that ends up raw or RLE puts them back.
 *
 * Small inputs get small tables, so their frames decode with the reduced
 * decoder work buffer (PPQ_ZSTD_DEC_WORK_MIN): up to 4 KiB of input the
 * Huffman codes are at most 10 bits, and FSE accuracy logs follow the
 * number of sequences (6 below 1024 sequences).
 *
 * Everything is a function of the input and the level alone: no pointer
 * values, no host byte order (ppq_load_le / ppq_store_le), so every target
 * writes the same bytes.  No recursion; the larger steps run out of line
 * so their frames do not add up (392 bytes through ppq_compress on M4).
 */
#include "ppq_zstd.h"

#include "ppq_internal.h"
#include "ppq_port.h"
#include "ppq_xxh64.h"

/* The big steps stay out of line, so their frames do not add up on the
 * stack (the codec budget, project.yml). */
#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#define INLINE_ALWAYS inline __attribute__((always_inline))
#else
#define NOINLINE
#define INLINE_ALWAYS inline
#endif

#define ZSTD_MAGIC 0xFD2FB528u
#define BLOCK_MAX (128u * 1024u)
#define MINMATCH 4u
#define ML_MAX 131071u                  /* longest match stored (17 bits after - 3) */
#define SINGLE_MAX (128u * 1024u * 1024u) /* single-segment frames up to this */
#define WINDOW_LOG 22u                  /* else: the declared window */
#define LL_NSYM 36u
#define ML_NSYM 53u
#define OF_NSYM 32u
#define LL_LOG 9u
#define ML_LOG 9u
#define OF_LOG 8u
#define WT_LOG 6u
#define HUF_MAX 11u
#define SEQ_BYTES 8u
#define SEQ_DIV 8u  /* room for a sequence per 8 block bytes: a block ends early when it fills */
#define MINSCORE 8 /* chain levels: a match's least 4 x length - offset bits (a short far one costs more than its literals) */

/* ------------------------------------------------------------------------ */
/* Levels                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct lvl {
    uint8_t hash_bits;  /* head table: 2^hash_bits positions (fewer for short inputs) */
    uint8_t chain_bits; /* 0: no chains (greedy, one probe); else 2^chain_bits links (32-bit above 16) */
    uint8_t lazy;       /* positions looked ahead for a better match */
    uint8_t accel;      /* fast levels: extra positions skipped per miss (negative levels) */
    uint16_t depth;     /* candidates tried per position */
    uint16_t nice;      /* stop searching at a match this long (0: no limit) */
} lvl_t;

/* Level -> strategy (the table in ppq_zstd.h).  Row 0 stands for the
 * negative levels (accel set from the level). */
static const lvl_t levels[PPQ_ZSTD_LEVEL_MAX + 1] = {
    {13, 0, 0, 1, 0, 0},       /* < 0: fast, raw literals, accel -level (at most 31) */
    {14, 0, 0, 0, 0, 0},       /* 1: fast */
    {15, 0, 0, 0, 0, 0},       /* 2 */
    {16, 0, 0, 0, 0, 0},       /* 3: the default */
    {16, 16, 0, 0, 4, 32},     /* 4: chains, greedy */
    {15, 16, 1, 0, 8, 0},      /* 5: lazy */
    {16, 16, 1, 0, 16, 0},     /* 6 */
    {16, 16, 2, 0, 32, 0},     /* 7: lazy2 */
    {17, 17, 2, 0, 32, 128},   /* 8 */
    {17, 18, 2, 0, 64, 128},   /* 9 */
    {18, 18, 2, 0, 96, 128},   /* 10 */
    {18, 19, 2, 0, 128, 192},  /* 11 */
    {18, 19, 2, 0, 192, 256},  /* 12 */
    {19, 20, 2, 0, 256, 256},  /* 13 */
    {19, 20, 2, 0, 384, 384},  /* 14 */
    {19, 21, 2, 0, 512, 512},  /* 15 */
    {20, 21, 2, 0, 512, 512},  /* 16 */
    {20, 22, 2, 0, 768, 768},  /* 17 */
    {20, 22, 2, 0, 1024, 1024}, /* 18 */
    {21, 23, 2, 0, 1024, 2048}, /* 19 */
    {21, 23, 2, 0, 2048, 4096}, /* 20 */
    {22, 24, 2, 0, 3072, 8192}, /* 21 */
    {22, 24, 2, 0, 4096, 0}     /* 22 */
};

/* The strategy for `level` (a level, plus PPQ_ZSTD_CHECKSUM or not): 1
 * and *lv set, or 0 for a level out of range.  *checksum: the flag. */
static int level_of(int level, lvl_t *lv, int *checksum)
{
    long l = level;
    *checksum = 0;
    if (l >= (long)(PPQ_ZSTD_CHECKSUM / 2)) { /* the flag added to a level >= -2^23 */
        l -= (long)PPQ_ZSTD_CHECKSUM;
        *checksum = 1;
    }
    if (l > PPQ_ZSTD_LEVEL_MAX) {
        return 0;
    }
    if (l < 0) {
        *lv = levels[0];
        lv->accel = (uint8_t)(l < -31 ? 31 : -l);
    } else {
        *lv = levels[l == 0 ? PPQ_ZSTD_LEVEL_DEFAULT : l];
    }
    return 1;
}

static unsigned ceil_log2(size_t n)
{
    unsigned b = 0;
    while (b < 31u && ((size_t)1u << b) < n) {
        b++;
    }
    return b;
}

/* Table sizes for a level and an input length: no more entries than the
 * next power of two of the input (the fast levels' hash table: a quarter of that,
 * it holds only the positions probed), at least 2^6. */
static unsigned hash_bits_for(const lvl_t *lv, size_t n)
{
    unsigned b = ceil_log2(n);
    b = lv->chain_bits == 0u && b > 2u ? b - 2u : b; /* fast levels: a quarter */
    b = b < 6u ? 6u : b;
    return b < lv->hash_bits ? b : lv->hash_bits;
}

static unsigned chain_bits_for(const lvl_t *lv, size_t n)
{
    unsigned b = ceil_log2(n);
    if (lv->chain_bits == 0u) {
        return 0;
    }
    b = b < 6u ? 6u : b;
    return b < lv->chain_bits ? b : lv->chain_bits;
}

/* FSE accuracy log for `nseq` sequences (at most `max`): one cell per 8
 * to 16 sequences, at least 2^5 cells; 2^6 up to 1023 sequences, which
 * the reduced decoder tables hold. */
static unsigned seq_log(size_t nseq, unsigned max)
{
    unsigned b = ceil_log2(nseq + 1u);
    b = b > 9u ? b - 4u : 5u;
    b = b < 5u ? 5u : b;
    return b < max ? b : max;
}

/* The state arrays' size for blocks of `blk` bytes: the largest table a
 * block can choose, at least the predefined tables' 2^6. */
static unsigned st_log_for(size_t blk)
{
    unsigned b = seq_log(blk / SEQ_DIV + 1u, LL_LOG);
    return b < 6u ? 6u : b;
}

/* ------------------------------------------------------------------------ */
/* Work-buffer layout                                                       */
/* ------------------------------------------------------------------------ */

/* A forward bit writer (LSB first), as every zstd bitstream and the FSE
 * table descriptions are written.  Past `end` it counts without writing
 * and sets `full`; `n` bits (< 8 after a flush) wait in `acc`. */
typedef struct bw {
    uint8_t *p, *end;
    size_t count; /* bytes flushed, written or not */
    uint64_t acc;
    unsigned n;
    int full;
} bw_t;

/* One FSE encoding table.  States are kept as cell + 2^al (x in [2^al,
 * 2^(al+1))).  A symbol of cnt cells (a -1 probability has 1) numbers
 * them cnt .. 2 cnt - 1 in state order (the decoder's "next state"
 * counters) and st[start + k] is the k-th's state; encoding it from state
 * x writes the low nb bits of x, nb = al - ppq_highbit32(cnt) (nbhi), one
 * less when x < cnt << nbhi, and goes to st[start + (x >> nb) - cnt].
 * Per symbol that is two numbers: dnb = (nbhi << 12) - (cnt << nbhi)
 * (mod 2^16), so nb = ((x + dnb) mod 2^16) >> 12 (x and cnt << nbhi are
 * below 2^12), and dfind = start - cnt. */
typedef struct fse_enc {
    uint16_t *st;
    uint16_t dnb[ML_NSYM];
    int16_t dfind[ML_NSYM];
    uint16_t first[ML_NSYM]; /* the state of the symbol's lowest cell */
    uint8_t al;
} fse_enc_t;

typedef struct zenc {
    uint32_t reps[3];     /* repeat offsets, as the decoder keeps them */
    uint32_t saved[3];    /* ... before this block */
    uint32_t wmax;        /* farthest match offset */
    uint32_t *head;       /* hash table: last position per hash */
    uint16_t *chain;      /* chain levels: distance to the previous position of a hash, 0: none */
    uint32_t *chain32;    /* ... the same where chains reach past 2^16 (cbits > 16; chain NULL) */
    uint8_t *seqs;        /* this block's sequences, SEQ_BYTES each */
    uint8_t *lits;        /* this block's literals (and 16 bytes of slack); once written, the codes of its sequences */
    const uint8_t *src_end;
    uint16_t *st_mem;     /* three FSE state arrays of 2^st_log entries */
    uint8_t *spread;      /* symbol per cell while building a table */
    size_t nseq, nlit, seq_cap;
    unsigned hbits, cbits, st_log;
    lvl_t lv;
    uint32_t count[256];  /* literal byte counts; then the codes' counts */
    union {
        uint32_t sorted[256]; /* Huffman: counts in increasing order, then lengths */
        fse_enc_t tab[3];     /* later: LL, OF, ML (tab[0] also the Huffman weights') */
    } u;
    uint8_t order[256];   /* ... and their symbols */
    uint16_t huf_code[256];
    uint8_t huf_len[256];
    uint8_t ll_code[64];  /* literal length -> code below 64 */
    uint8_t ml_code[128]; /* match length - 3 -> code below 128 */
    int16_t norm[ML_NSYM];
    uint16_t next[ML_NSYM]; /* fse_build: each symbol's next cell number */
    bw_t bw, probe;         /* table descriptions and the weights' stream; a size count */
    size_t lit_bits;        /* the literals' Huffman-coded bits */
    uint32_t wst[2];        /* the Huffman weights' two FSE states */
    uint8_t lit_maxbits, lit_maxsym;
} zenc_t;

#define CTX_SIZE PPQ_ARENA_ROUND(sizeof(zenc_t))

/* Bytes of each region for `n` input bytes at level `l` (valid). */
static size_t regions(const lvl_t *lv, size_t n, size_t *hash, size_t *chain, size_t *seqs, size_t *lits, size_t *st)
{
    size_t blk = n < BLOCK_MAX ? n : BLOCK_MAX;
    unsigned cb = chain_bits_for(lv, n), sl = st_log_for(blk);
    *hash = PPQ_ARENA_ROUND((size_t)4u << hash_bits_for(lv, n));
    *chain = cb == 0u ? 0u : PPQ_ARENA_ROUND((size_t)(cb > 16u ? 4u : 2u) << cb);
    *seqs = PPQ_ARENA_ROUND((blk / SEQ_DIV + 1u) * SEQ_BYTES);
    *lits = PPQ_ARENA_ROUND(blk + 16u);
    *st = PPQ_ARENA_ROUND(((size_t)3u * 2u + 1u) << sl); /* three state arrays and the spread cells */
    return CTX_SIZE + *hash + *chain + *seqs + *lits + *st;
}

size_t ppq_zstd_enc_work_size(int level, size_t max_src_len)
{
    size_t a, b, c, d, e;
    lvl_t lv;
    int checksum;
    if (!level_of(level, &lv, &checksum) || max_src_len > 0xFFFFFFFFu) {
        return 0;
    }
    return regions(&lv, max_src_len, &a, &b, &c, &d, &e);
}

size_t ppq_zstd_compress_bound(size_t src_len)
{
    size_t blocks = src_len / BLOCK_MAX + 1u;
    /* magic, descriptor, window, 8-byte size; 3 bytes per raw 128 KiB
     * block (a compressed one, even one the sequence room ended early,
     * saves more than its header); checksum */
    return 4u + 1u + 1u + 8u + 3u * blocks + src_len + 4u;
}

/* ------------------------------------------------------------------------ */
/* Bits                                                                     */
/* ------------------------------------------------------------------------ */

/* Bytes a and b have in common from the start, up to `end` (for a). */
static inline size_t common(const uint8_t *a, const uint8_t *b, const uint8_t *end)
{
    const uint8_t *s = a;
#if PPQ_FAST64
    while (end - a >= 8) {
        uint64_t x = ppq_load_le64(a) ^ ppq_load_le64(b);
        if (x != 0u) {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(PPQ_NO_INTRINSICS)
            return (size_t)(a - s) + ((unsigned)__builtin_ctzll(x) >> 3);
#else
            while ((x & 0xFFu) == 0u) {
                x >>= 8;
                a++;
            }
            return (size_t)(a - s);
#endif
        }
        a += 8;
        b += 8;
    }
#else
    while (end - a >= 4 && ppq_load_le32(a) == ppq_load_le32(b)) {
        a += 4;
        b += 4;
    }
#endif
    while (a < end && *a == *b) {
        a++;
        b++;
    }
    return (size_t)(a - s);
}


static inline void bw_init(bw_t *b, uint8_t *p, size_t cap)
{
    b->p = p;
    b->end = p + cap;
    b->count = 0;
    b->acc = 0;
    b->n = 0;
    b->full = 0;
}

/* v < 2^nb; the accumulator must have room (n + nb <= 64). */
static inline void bw_add(bw_t *b, uint64_t v, unsigned nb)
{
    b->acc |= v << b->n;
    b->n += nb;
}

static inline void bw_flush(bw_t *b)
{
    unsigned k = b->n >> 3;
    if (b->end - b->p >= 8) {
#if PPQ_HOST_LE
        PPQ_COPY(b->p, &b->acc, 8); /* the bytes ppq_store_le64 writes */
#else
        ppq_store_le64(b->p, b->acc);
#endif
        b->p += k;
    } else {
        unsigned i;
        for (i = 0; i < k; i++) {
            if (b->p < b->end) {
                *b->p++ = (uint8_t)(b->acc >> (8u * i));
            } else {
                b->full = 1;
            }
        }
    }
    b->count += k;
    b->acc = k == 8u ? 0u : b->acc >> (8u * k);
    b->n &= 7u;
}

/* bw_flush where the caller knows 8 bytes are free at p and fewer than 64
 * bits wait. */
static inline void bw_flush_room(bw_t *b)
{
    unsigned k = b->n >> 3;
#if PPQ_HOST_LE
    PPQ_COPY(b->p, &b->acc, 8);
#else
    ppq_store_le64(b->p, b->acc);
#endif
    b->p += k;
    b->count += k;
    b->acc >>= 8u * k;
    b->n &= 7u;
}

/* Finish at a byte boundary; with `mark`, after a final 1 bit (the end
 * mark a backward-read stream starts from).  Returns the bytes. */
static inline size_t bw_close(bw_t *b, int mark)
{
    if (mark) {
        bw_add(b, 1u, 1u);
    }
    b->n = (b->n + 7u) & ~7u;
    bw_flush(b);
    return b->count;
}

/* ------------------------------------------------------------------------ */
/* FSE                                                                      */
/* ------------------------------------------------------------------------ */

/* Spread the symbols of norm[0, nsym) over 2^al cells as the decoder does
 * (a -1 probability at the top, the rest stepped through the table), then
 * number each symbol's cells in state order. */
static void fse_build(zenc_t *z, fse_enc_t *t, const int16_t *norm, unsigned nsym, unsigned al)
{
    uint32_t ts = 1u << al, mask = ts - 1u, step = (ts >> 1) + (ts >> 3) + 3u, pos = 0, u, high = ts - 1u;
    uint16_t *next = z->next;
    unsigned s, at = 0;
    t->st = z->st_mem + ((size_t)(t - z->u.tab) << z->st_log); /* the union held the Huffman sort */
    t->al = (uint8_t)al;
    for (s = 0; s < nsym; s++) {
        int n = norm[s];
        uint32_t c = n < 0 ? 1u : (uint32_t)n, nbhi = c == 0u ? 0u : al - ppq_highbit32(c);
        t->dnb[s] = (uint16_t)((nbhi << 12) - (c << nbhi));
        t->dfind[s] = (int16_t)((int32_t)at - (int32_t)c);
        next[s] = (uint16_t)at;
        at += c;
        if (n < 0) {
            z->spread[high--] = (uint8_t)s;
        }
    }
    for (s = 0; s < nsym; s++) {
        int i;
        for (i = 0; i < norm[s]; i++) {
            z->spread[pos] = (uint8_t)s;
            do {
                pos = (pos + step) & mask;
            } while (pos > high);
        }
    }
    for (u = 0; u < ts; u++) {
        t->st[next[z->spread[u]]++] = (uint16_t)(u + ts);
    }
    for (s = 0; s < nsym; s++) {
        uint32_t c = norm[s] < 0 ? 1u : (uint32_t)norm[s];
        t->first[s] = c == 0u ? 0u : t->st[t->dfind[s] + (int32_t)c];
    }
}

/* Encode symbol s: write the bits that take the decoder from the state for
 * s to x (the state of the symbol after it); returns the state for s.
 * st: t->st (a copy the caller keeps in a register: the writer's byte
 * stores would make the compiler reload it). */
static inline uint32_t fse_put(bw_t *b, const fse_enc_t *t, const uint16_t *st, uint32_t x, unsigned s)
{
    unsigned nb = (unsigned)(uint16_t)(x + t->dnb[s]) >> 12;
    bw_add(b, x & ((1u << nb) - 1u), nb);
    return st[(int32_t)(x >> nb) + t->dfind[s]];
}

/* The first state for symbol s (its lowest cell: it reads the most bits,
 * at least 1 unless s has every cell). */
static inline uint32_t fse_first(const fse_enc_t *t, unsigned s)
{
    return t->first[s];
}

/* The state as the decoder reads it at the stream's end (the cell). */
static inline uint32_t fse_cell(const fse_enc_t *t, uint32_t state)
{
    return state - (1u << t->al);
}

/* log2(c) in 1/256 bits, c >= 1 (a straight line between powers of 2). */
static uint32_t log2_256(uint32_t c)
{
    unsigned h = ppq_highbit32(c);
    return (uint32_t)(h << 8) + (((c << 8) >> h) - 256u);
}

/* Normalize count[0, nsym) (total `total` > 0, at least 2 symbols) to sum
 * 2^al: proportional and rounded, every present symbol at least 1; the
 * rounding error goes to (or comes from) the largest. */
static void normalize(int16_t *norm, const uint32_t *count, unsigned nsym, uint32_t total, unsigned al)
{
    uint32_t ts = 1u << al, sum = 0;
    unsigned s, big = 0;
    for (s = 0; s < nsym; s++) {
        uint32_t v = 0;
        if (count[s] != 0u) {
            v = ppq_udiv32(count[s] * ts + total / 2u, total);
            v = v == 0u ? 1u : v;
        }
        norm[s] = (int16_t)v;
        sum += v;
        if (count[s] > count[big]) {
            big = s;
        }
    }
    if (sum <= ts || (uint32_t)norm[big] > 2u * (sum - ts)) {
        norm[big] = (int16_t)((int32_t)norm[big] + (int32_t)ts - (int32_t)sum);
        return;
    }
    while (sum > ts) { /* many rounded up: take from the largest each time */
        unsigned m = 0;
        for (s = 1; s < nsym; s++) {
            if (norm[s] > norm[m]) {
                m = s;
            }
        }
        norm[m]--;
        sum--;
    }
}

/* The table description (RFC 8878 4.1.1) of norm[0, nsym) at `al`. */
static void write_ncount(bw_t *b, const int16_t *norm, unsigned nsym, unsigned al)
{
    int32_t remaining = (1 << al) + 1, threshold = 1 << al;
    unsigned nbits = al + 1u, s = 0, last = nsym;
    while (last > 0u && norm[last - 1u] == 0) {
        last--;
    }
    bw_add(b, al - 5u, 4);
    while (s < last && remaining > 1) {
        int32_t v = norm[s] + 1, max = 2 * threshold - 1 - remaining;
        if (v < max) {
            bw_add(b, (uint32_t)v, nbits - 1u);
        } else if (v >= threshold) {
            bw_add(b, (uint32_t)(v + max), nbits);
        } else {
            bw_add(b, (uint32_t)v, nbits);
        }
        bw_flush(b);
        remaining -= norm[s] < 0 ? -norm[s] : norm[s];
        s++;
        if (v == 1) { /* a zero probability: the run of zeros after it */
            unsigned z = 0;
            while (s + z < last && norm[s + z] == 0) {
                z++;
            }
            s += z;
            while (z >= 3u) {
                bw_add(b, 3u, 2);
                bw_flush(b);
                z -= 3u;
            }
            bw_add(b, z, 2);
            bw_flush(b);
        }
        while (remaining < threshold) {
            nbits--;
            threshold >>= 1;
        }
    }
    bw_close(b, 0);
}

/* ------------------------------------------------------------------------ */
/* Literals                                                                 */
/* ------------------------------------------------------------------------ */

/* Code lengths for the symbols in z->order[0, n) with counts z->u.sorted[0,
 * n) (increasing, n >= 2): minimum-redundancy lengths computed in place
 * (Moffat and Katajainen's method), then held to `limit` bits and made a
 * complete code.  Leaves lengths in z->u.sorted. */
static void huf_lengths(zenc_t *z, unsigned n, unsigned limit)
{
    uint32_t *a = z->u.sorted, kraft = 0, cap = 1u << limit;
    unsigned root = 0, leaf = 2, next, avail, used, depth;
    int r;
    a[0] += a[1];
    for (next = 1; next < n - 1u; next++) {
        if (leaf >= n || a[root] < a[leaf]) {
            a[next] = a[root];
            a[root++] = next;
        } else {
            a[next] = a[leaf++];
        }
        if (leaf >= n || (root < next && a[root] < a[leaf])) {
            a[next] += a[root];
            a[root++] = next;
        } else {
            a[next] += a[leaf++];
        }
    }
    a[n - 2u] = 0;
    for (r = (int)n - 3; r >= 0; r--) {
        a[r] = a[a[r]] + 1u;
    }
    avail = 1;
    used = 0;
    depth = 0;
    r = (int)n - 2;
    next = n - 1u;
    while (avail > 0u) {
        while (r >= 0 && a[r] == depth) {
            used++;
            r--;
        }
        while (avail > used) {
            a[next--] = depth;
            avail--;
        }
        avail = 2u * used;
        depth++;
        used = 0;
    }
    /* a[i] is now the length of the i-th least frequent symbol */
    for (next = 0; next < n; next++) {
        if (a[next] > limit) {
            a[next] = limit;
        }
        kraft += cap >> a[next];
    }
    while (kraft > cap) { /* lengthen the longest code still short of the limit (least frequent first) */
        unsigned best = n;
        for (next = 0; next < n; next++) {
            if (a[next] < limit && (best == n || a[next] > a[best])) {
                best = next;
            }
        }
        if (best == n) { /* cannot happen: all at the limit is within it */
            break;
        }
        a[best]++;
        kraft -= cap >> a[best];
    }
    while (kraft < cap) { /* fill what is left: shorten a longest code (most frequent first) */
        unsigned best = n;
        for (next = n; next-- > 0u;) {
            if (a[next] > 1u && kraft + (cap >> a[next]) <= cap && (best == n || a[next] > a[best])) {
                best = next;
            }
        }
        if (best == n) { /* cannot happen (the longest code always fits the slack) */
            break;
        }
        kraft += cap >> a[best];
        a[best]--;
    }
}

/* Huffman code for z->count over `nlit` literals: lengths and codes in
 * z->huf_len / z->huf_code.  Returns the longest length; *maxsym the last
 * symbol present.  At least 2 distinct symbols. */
static unsigned huf_build(zenc_t *z, size_t nlit, unsigned *maxsym)
{
    unsigned n = 0, i, s, maxbits = 0, w;
    uint32_t rank[HUF_MAX + 2];
    /* sort by count, then symbol: keys count << 8 | symbol (counts are
     * below 2^18) */
    for (s = 0; s < 256u; s++) {
        if (z->count[s] != 0u) {
            z->u.sorted[n++] = z->count[s] << 8 | s;
            *maxsym = s;
        }
    }
#if PPQ_FAST64
    if ((size_t)n * 4u <= ((size_t)7u << z->st_log)) {
        /* hosts (flash aside): a stable radix sort on the count's bytes,
         * the keys being in symbol order already; the FSE state memory
         * (unused yet) holds the other copy, huf_code the histogram */
        uint32_t *a = z->u.sorted, *b = (uint32_t *)(void *)z->st_mem, *t;
        uint16_t *h = z->huf_code;
        unsigned sh;
        for (sh = 8; sh < 32u; sh += 8u) {
            unsigned sum = 0;
            memset(h, 0, 256u * sizeof *h);
            for (i = 0; i < n; i++) {
                h[(a[i] >> sh) & 255u]++;
            }
            if (h[(a[0] >> sh) & 255u] == n) {
                continue; /* one digit value: nothing moves */
            }
            for (i = 0; i < 256u; i++) {
                unsigned c = h[i];
                h[i] = (uint16_t)sum;
                sum += c;
            }
            for (i = 0; i < n; i++) {
                b[h[(a[i] >> sh) & 255u]++] = a[i];
            }
            t = a, a = b, b = t;
        }
        if (a != z->u.sorted) {
            memcpy(z->u.sorted, a, (size_t)n * 4u);
        }
    } else
#endif
    {
        for (w = 40; w > 0u; w /= 3u) { /* Shell sort, gaps 40, 13, 4, 1 */
            for (i = w; i < n; i++) {
                uint32_t k = z->u.sorted[i];
                unsigned j = i;
                while (j >= w && z->u.sorted[j - w] > k) {
                    z->u.sorted[j] = z->u.sorted[j - w];
                    j -= w;
                }
                z->u.sorted[j] = k;
            }
        }
    }
    for (i = 0; i < n; i++) {
        z->order[i] = (uint8_t)z->u.sorted[i];
        z->u.sorted[i] >>= 8;
    }
    huf_lengths(z, n, nlit <= 4096u ? 10u : HUF_MAX);
    memset(z->huf_len, 0, sizeof z->huf_len);
    for (i = 0; i < n; i++) {
        z->huf_len[z->order[i]] = (uint8_t)z->u.sorted[i];
        if (z->u.sorted[i] > maxbits) {
            maxbits = z->u.sorted[i];
        }
    }
    /* codes as the decoder assigns them: weight 1 (longest) first, each
     * weight's symbols in symbol order */
    memset(rank, 0, sizeof rank);
    for (s = 0; s < 256u; s++) {
        if (z->huf_len[s] != 0u) {
            rank[maxbits + 1u - z->huf_len[s]] += 1u;
        }
    }
    {
        uint32_t at = 0;
        for (w = 1; w <= maxbits; w++) {
            uint32_t k = rank[w];
            rank[w] = at;
            at += k << (w - 1u);
        }
    }
    for (s = 0; s < 256u; s++) {
        if (z->huf_len[s] != 0u) {
            w = maxbits + 1u - z->huf_len[s];
            z->huf_code[s] = (uint16_t)(rank[w] >> (w - 1u));
            rank[w] += 1u << (w - 1u);
        }
    }
    return maxbits;
}

/* The Huffman tree description (weights of symbols 0 .. maxsym - 1) at
 * out[0, cap): the smaller of direct 4-bit weights and FSE-coded weights.
 * Returns its bytes, 0 when neither fits. */
NOINLINE static size_t huf_describe(zenc_t *z, unsigned maxbits, unsigned maxsym, uint8_t *out, size_t cap)
{
    uint8_t *w = z->order;  /* the weights, reusing the sort's symbols */
    uint32_t *wc = z->count; /* their counts (the literals' are no longer needed) */
    unsigned i, nw = maxsym, distinct = 0;
    size_t direct = nw <= 128u ? 1u + (nw + 1u) / 2u : 0u, fse = 0;
    memset(wc, 0, sizeof(uint32_t) * (HUF_MAX + 1u));
    for (i = 0; i < nw; i++) {
        w[i] = (uint8_t)(z->huf_len[i] == 0u ? 0u : maxbits + 1u - z->huf_len[i]);
        distinct += wc[w[i]]++ == 0u;
    }
    if (nw >= 2u && distinct >= 2u && cap > 1u) {
        /* two interleaved states over one table: the decoder reads the
         * first weight from state 1, the second from state 2, ...; it stops
         * when a state update overruns the stream, so the state of the
         * next-to-last weight must read at least one bit (its lowest cell
         * does: no weight has every cell) */
        fse_enc_t *t = &z->u.tab[0];
        unsigned al = nw > 64u ? 6u : 5u;
        uint32_t *st = z->wst;
        bw_t *b = &z->bw;
        int k;
        normalize(z->norm, wc, HUF_MAX + 1u, nw, al);
        bw_init(b, out + 1, cap - 1u);
        write_ncount(b, z->norm, HUF_MAX + 1u, al);
        fse_build(z, t, z->norm, HUF_MAX + 1u, al);
        st[(nw - 1u) & 1u] = fse_first(t, w[nw - 1u]);
        st[(nw - 2u) & 1u] = fse_first(t, w[nw - 2u]);
        for (k = (int)nw - 3; k >= 0; k--) {
            st[k & 1] = fse_put(b, t, t->st, st[k & 1], w[k]);
            bw_flush(b);
        }
        bw_add(b, fse_cell(t, st[1]), al);
        bw_add(b, fse_cell(t, st[0]), al);
        bw_flush(b);
        fse = 1u + bw_close(b, 1);
        if (b->full || fse > 128u) {
            fse = 0;
        }
    }
    if (fse != 0u && (direct == 0u || fse < direct)) {
        out[0] = (uint8_t)(fse - 1u);
        return fse;
    }
    if (direct == 0u || direct > cap) {
        return 0;
    }
    out[0] = (uint8_t)(127u + nw);
    for (i = 0; i < nw; i += 2u) {
        out[1u + i / 2u] = (uint8_t)((unsigned)w[i] << 4 | (i + 1u < nw ? (unsigned)w[i + 1u] : 0u));
    }
    return direct;
}

/* Four symbols lits[i - 4, i) into b, last first; room: b has 8 bytes
 * free past the flush (no check). */
static INLINE_ALWAYS void huf_put4(bw_t *b, const uint32_t *code, const uint8_t *lits, size_t i, int room)
{
    uint32_t e0 = code[lits[i - 1u]], e1 = code[lits[i - 2u]], e2 = code[lits[i - 3u]], e3 = code[lits[i - 4u]];
    bw_add(b, e0 & 0xFFFFu, e0 >> 16);
    bw_add(b, e1 & 0xFFFFu, e1 >> 16);
    bw_add(b, e2 & 0xFFFFu, e2 >> 16);
    bw_add(b, e3 & 0xFFFFu, e3 >> 16);
    room ? bw_flush_room(b) : bw_flush(b);
}

/* One Huffman stream of lits[0, n) at out[0, cap): symbols last to first,
 * so the decoder, reading backwards, meets the first one first; code[c]:
 * the code of c, its length above bit 16.  While the output has room for
 * the worst case (4 x 11 bits: 6 bytes), runs of four symbols go without
 * a check per flush (hosts: flash aside).  0 when it does not fit. */
static size_t huf_stream(const uint32_t *code, const uint8_t *lits, size_t n, uint8_t *out, size_t cap)
{
    bw_t b;
    size_t i = n;
    bw_init(&b, out, cap);
    while (i >= 4u) {
        size_t left = (size_t)(b.end - b.p), k = PPQ_FAST64 && left >= 8u + 6u ? (left - 8u) / 6u : 0u;
        if (k == 0u) {
            huf_put4(&b, code, lits, i, 0);
            i -= 4u;
            continue;
        }
        k = k < i / 4u ? k : i / 4u;
        while (k-- > 0u) {
            huf_put4(&b, code, lits, i, 1);
            i -= 4u;
        }
    }
    while (i > 0u) {
        uint32_t e = code[lits[--i]];
        bw_add(&b, e & 0xFFFFu, e >> 16);
    }
    bw_flush(&b);
    i = bw_close(&b, 1);
    return b.full ? 0u : i;
}

static size_t raw_literals(const uint8_t *lits, size_t n, uint8_t *out, size_t cap, int rle)
{
    size_t h = n < 32u ? 1u : n < 4096u ? 2u : 3u, body = rle ? 1u : n;
    uint32_t v = (uint32_t)(rle ? 1u : 0u);
    if (h + body > cap) {
        return 0;
    }
    v |= h == 1u ? (uint32_t)n << 3 : h == 2u ? 1u << 2 | (uint32_t)n << 4 : 3u << 2 | (uint32_t)n << 4;
    out[0] = (uint8_t)v;
    if (h > 1u) {
        out[1] = (uint8_t)(v >> 8);
    }
    if (h > 2u) {
        out[2] = (uint8_t)(v >> 16);
    }
    if (n > 0u) {
        memcpy(out + h, lits, body);
    }
    return h + body;
}

/* What the literals take: 0 raw, 1 RLE, 2 Huffman worth a try (its code
 * built, z->lit_bits the streams' bits). */
NOINLINE static unsigned lit_plan(zenc_t *z)
{
    const uint8_t *lits = z->lits;
    size_t n = z->nlit, i, bits = 0;
    unsigned s, distinct = 0;
    if (n < 32u || z->lv.accel != 0u) { /* a Huffman table costs more than it saves; negative levels: speed first */
        return 0;
    }
    {
        /* even and odd bytes in two tables (the second: the sort's, unused
         * yet): a run of one byte waits on each count half as often */
        uint32_t *c0 = z->count, *c1 = z->u.sorted;
        memset(c0, 0, sizeof z->count);
        memset(c1, 0, sizeof z->count);
        for (i = 0; i + 2u <= n; i += 2u) {
            c0[lits[i]]++;
            c1[lits[i + 1u]]++;
        }
        if (i < n) {
            c0[lits[i]]++;
        }
        for (s = 0; s < 256u; s++) {
            c0[s] += c1[s];
            distinct += c0[s] != 0u;
        }
    }
    if (distinct == 1u) {
        return 1;
    }
    z->lit_maxbits = (uint8_t)huf_build(z, n, &s);
    z->lit_maxsym = (uint8_t)s;
    for (s = 0; s < 256u; s++) {
        bits += (size_t)z->count[s] * z->huf_len[s];
    }
    z->lit_bits = bits;
    return 2;
}

/* The Huffman streams of all literals at out[0, cap): one, or four after
 * their jump table.  Their bytes, 0 when they do not fit. */
NOINLINE static size_t lit_streams(zenc_t *z, uint8_t *out, size_t cap)
{
    size_t n = z->nlit, seg = (n + 3u) / 4u, at = 0, k, total = 6u;
    uint32_t *code = z->u.sorted; /* each symbol's code and length in one load (the union is free again) */
    for (k = 0; k < 256u; k++) {
        code[k] = (uint32_t)z->huf_code[k] | (uint32_t)z->huf_len[k] << 16;
    }
    if (n < 256u) {
        return huf_stream(code, z->lits, n, out, cap);
    }
    if (cap < 6u) {
        return 0;
    }
    for (k = 0; k < 4u; k++) {
        size_t len = k < 3u ? seg : n - 3u * seg,
               sz = huf_stream(code, z->lits + at, len, out + total, cap - total);
        if (sz == 0u || (k < 3u && sz > 0xFFFFu)) {
            return 0;
        }
        if (k < 3u) {
            ppq_store_le16(out + 2u * k, (uint16_t)sz);
        }
        total += sz;
        at += len;
    }
    return total;
}

/* The literals section of z->lits at out[0, cap): its bytes, 0 when it
 * does not fit.  Huffman-coded when that is smaller than raw: the tree
 * and streams go after the header their sizes will most likely need
 * (larger only when compressed is barely smaller: raw then). */
static size_t write_literals(zenc_t *z, uint8_t *out, size_t cap)
{
    size_t n = z->nlit, hsz = n < 1024u ? 3u : n < 16384u ? 4u : 5u, tree, streams, total, room,
           raw = n < 32u ? 1u + n : n < 4096u ? 2u + n : 3u + n;
    unsigned plan = lit_plan(z), i;
    uint64_t v;
    if (plan != 2u) {
        return raw_literals(z->lits, n, out, cap, (int)plan);
    }
    /* an estimate first: not smaller than raw, skip the work */
    if (hsz + z->lit_bits / 8u + (n >= 256u ? 6u : 0u) + 2u >= raw || cap <= hsz) {
        return raw_literals(z->lits, n, out, cap, 0);
    }
    room = (cap < raw ? cap : raw) - hsz;
    tree = huf_describe(z, z->lit_maxbits, z->lit_maxsym, out + hsz, room);
    streams = tree == 0u ? 0u : lit_streams(z, out + hsz + tree, room - tree);
    total = tree + streams; /* Compressed_Size: the tree description and the streams */
    if (streams == 0u || (total >= 1024u && hsz == 3u) || (total >= 16384u && hsz == 4u) || hsz + total >= raw) {
        return raw_literals(z->lits, n, out, cap, 0);
    }
    /* type 2 (compressed); size format 00 one stream, 01/10/11 four
     * streams with 10/14/18-bit sizes */
    v = 2u | (uint64_t)(hsz == 3u ? (n >= 256u ? 1u : 0u) : hsz == 4u ? 2u : 3u) << 2 | (uint64_t)n << 4;
    v |= (uint64_t)total << (hsz == 3u ? 14 : hsz == 4u ? 18 : 22);
    for (i = 0; i < hsz; i++) {
        out[i] = (uint8_t)(v >> (8u * i));
    }
    return hsz + total;
}

/* ------------------------------------------------------------------------ */
/* Sequences                                                                */
/* ------------------------------------------------------------------------ */

static const uint32_t ll_base[LL_NSYM] = {0,  1,  2,  3,  4,  5,  6,   7,   8,   9,    10,   11,
                                          12, 13, 14, 15, 16, 18, 20,  22,  24,  28,   32,   40,
                                          48, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
static const uint8_t ll_bits[LL_NSYM] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,  1,
                                         1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const uint32_t ml_base[ML_NSYM] = {
    3,  4,  5,  6,  7,  8,  9,  10, 11, 12,  13,  14,  15,  16,   17,   18,   19,   20,
    21, 22, 23, 24, 25, 26, 27, 28, 29, 30,  31,  32,  33,  34,   35,   37,   39,   41,
    43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539};
static const uint8_t ml_bits[ML_NSYM] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                         0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
                                         2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

/* Predefined_Mode distributions (RFC 8878 3.1.1.3.2.2). */
static const int16_t ll_default[LL_NSYM] = {4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2,
                                            2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1};
static const int16_t ml_default[ML_NSYM] = {1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1};
static const int16_t of_default[29] = {1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1,
                                       1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1};

/* A stored sequence (in the work buffer, host order): offset value (1..3
 * repeat, else offset + 3) in the low 30 bits of `of`, bit 16 of the
 * literal length and of match length - 3 above; the low 16 bits of each
 * in ll and ml. */
typedef struct seq {
    uint32_t of;
    uint16_t ll, ml;
} seq_t;
typedef char seq_size_ok[sizeof(seq_t) == SEQ_BYTES ? 1 : -1];

static inline void seq_get(const uint8_t *p, uint32_t *of, uint32_t *ll, uint32_t *ml)
{
    const seq_t *q = (const seq_t *)(const void *)p;
    *of = q->of & 0x3FFFFFFFu;
    *ll = (uint32_t)q->ll | (q->of >> 30 & 1u) << 16;
    *ml = ((uint32_t)q->ml | (q->of >> 31) << 16) + 3u;
}

static inline unsigned ll_code(const zenc_t *z, uint32_t ll)
{
    return ll < 64u ? z->ll_code[ll] : ppq_highbit32(ll) + 19u;
}

static inline unsigned ml_code(const zenc_t *z, uint32_t ml)
{
    uint32_t m = ml - 3u;
    return m < 128u ? z->ml_code[m] : ppq_highbit32(m) + 36u;
}

/* Pick the cheapest mode for one code kind from its counts c[0, nsym);
 * writes the mode's description to z->bw and builds its table in t.
 * Returns the mode (0 predefined, 1 RLE, 2 FSE). */
NOINLINE static unsigned choose_table(zenc_t *z, const uint32_t *c, fse_enc_t *t, unsigned nsym, const int16_t *def,
                                      unsigned def_n, unsigned def_log, unsigned maxlog, size_t nseq)
{
    bw_t *b = &z->bw;
    unsigned s, distinct = 0, last = 0, al;
    uint64_t cost_def = 0, cost_fse = 0;
    int def_ok = 1;
    uint8_t dummy = 0;
    for (s = 0; s < nsym; s++) {
        if (c[s] != 0u) {
            distinct++;
            last = s;
            if (s >= def_n) {
                def_ok = 0;
            } else {
                uint32_t k = def[s] < 0 ? 1u : (uint32_t)def[s];
                cost_def += (uint64_t)c[s] * ((def_log << 8) - log2_256(k));
            }
        }
    }
    if (distinct == 1u && (nseq > 2u || !def_ok)) {
        /* RLE: one byte, no bits per sequence */
        bw_add(b, last, 8);
        bw_flush(b);
        memset(z->norm, 0, sizeof z->norm);
        z->norm[last] = 1;
        fse_build(z, t, z->norm, last + 1u, 0);
        return 1;
    }
    if (distinct == 1u) {
        cost_fse = ~(uint64_t)0;
    } else {
        al = seq_log(nseq, maxlog);
        while ((1u << al) < distinct) {
            al++;
        }
        normalize(z->norm, c, last + 1u, (uint32_t)nseq, al);
        bw_init(&z->probe, &dummy, 0);
        write_ncount(&z->probe, z->norm, last + 1u, al);
        cost_fse = (uint64_t)z->probe.count * 8u * 256u;
        for (s = 0; s <= last; s++) {
            if (c[s] != 0u) {
                cost_fse += (uint64_t)c[s] * ((al << 8) - log2_256((uint32_t)z->norm[s]));
            }
        }
    }
    if (def_ok && cost_def <= cost_fse) {
        fse_build(z, t, def, def_n, def_log);
        return 0;
    }
    al = seq_log(nseq, maxlog);
    while ((1u << al) < distinct) {
        al++;
    }
    write_ncount(b, z->norm, last + 1u, al);
    fse_build(z, t, z->norm, last + 1u, al);
    return 2;
}

/* The three codes' counts (LL at 0, OF at 64, ML at 128), then their
 * tables' descriptions in the order LL, OF, ML into z->bw.  Returns the
 * modes byte. */
static unsigned seq_tables(zenc_t *z)
{
    size_t n = z->nseq, i;
    unsigned mode;
    uint8_t *codes = z->lits; /* the literals are written by now: each sequence's three codes, for seq_stream */
    memset(z->count, 0, sizeof(uint32_t) * (128u + ML_NSYM));
    for (i = 0; i < n; i++) {
        uint32_t of, ll, ml;
        unsigned lc, oc, mc;
        seq_get(z->seqs + i * SEQ_BYTES, &of, &ll, &ml);
        lc = ll_code(z, ll);
        oc = ppq_highbit32(of);
        mc = ml_code(z, ml);
        codes[3u * i] = (uint8_t)lc;
        codes[3u * i + 1u] = (uint8_t)oc;
        codes[3u * i + 2u] = (uint8_t)mc;
        z->count[lc]++;
        z->count[64u + oc]++;
        z->count[128u + mc]++;
    }
    mode = choose_table(z, z->count, &z->u.tab[0], LL_NSYM, ll_default, LL_NSYM, 6, LL_LOG, n) << 6;
    mode |= choose_table(z, z->count + 64, &z->u.tab[1], OF_NSYM, of_default, 29, 5, OF_LOG, n) << 4;
    return mode | choose_table(z, z->count + 128, &z->u.tab[2], ML_NSYM, ml_default, ML_NSYM, 6, ML_LOG, n) << 2;
}

/* The FSE states of the three codes while the sequences are written. */
typedef struct sqst {
    uint32_t l, o, m;
} sqst_t;

/* Sequence i into c (last sequence first; the states step to it unless
 * it is the last, whose states start).  room: the caller has made sure
 * of 8 bytes past every flush (a sequence moves at most 11 bytes), so
 * the flushes need no check.  Inlined into both of seq_stream's loops. */
static INLINE_ALWAYS void seq_put(const zenc_t *z, bw_t *c, sqst_t *x, size_t i, int room)
{
    const fse_enc_t *tl = &z->u.tab[0], *to = &z->u.tab[1], *tm = &z->u.tab[2];
    const uint8_t *codes = z->lits + 3u * i; /* seq_tables' */
    unsigned lc = codes[0], oc = codes[1], mc = codes[2];
    uint32_t of, ll, ml;
    seq_get(z->seqs + i * SEQ_BYTES, &of, &ll, &ml);
    if (i == z->nseq - 1u) {
        x->l = fse_first(tl, lc);
        x->o = fse_first(to, oc);
        x->m = fse_first(tm, mc);
    } else {
        x->o = fse_put(c, to, to->st, x->o, oc);
        x->m = fse_put(c, tm, tm->st, x->m, mc);
        x->l = fse_put(c, tl, tl->st, x->l, lc);
    }
    bw_add(c, ll - ll_base[lc], ll_bits[lc]); /* with the states: at most 7 + 26 + 16 bits */
    room ? bw_flush_room(c) : bw_flush(c);
    bw_add(c, ml - ml_base[mc], ml_bits[mc]); /* 7 + 16 + 30 */
    bw_add(c, of - (1u << oc), oc);
    room ? bw_flush_room(c) : bw_flush(c);
}

/* The sequences' bitstream after z->bw, last sequence first: each
 * sequence's extra bits (read offset, match length, literal length), and
 * between sequences the state updates (read literal length, match length,
 * offset).  A copy of the writer (its address never leaves this function)
 * stays in registers; while the output has room for the worst case, runs
 * of sequences go without a check per flush (hosts: flash aside).
 * Returns the bytes from z->bw's start, 0 when they do not fit. */
NOINLINE static size_t seq_stream(zenc_t *z)
{
    const fse_enc_t *tl = &z->u.tab[0], *to = &z->u.tab[1], *tm = &z->u.tab[2];
    size_t i = z->nseq;
    sqst_t x = {0, 0, 0};
    bw_t c = z->bw;
    while (i > 0u) {
        size_t left = (size_t)(c.end - c.p), k = PPQ_FAST64 && left >= 8u + 11u ? (left - 8u) / 11u : 0u;
        if (k == 0u) {
            seq_put(z, &c, &x, --i, 0);
            continue;
        }
        k = k < i ? k : i;
        while (k-- > 0u) {
            seq_put(z, &c, &x, --i, 1);
        }
    }
    /* the initial states, read LL, OF, ML */
    bw_add(&c, fse_cell(tm, x.m), tm->al);
    bw_add(&c, fse_cell(to, x.o), to->al);
    bw_add(&c, fse_cell(tl, x.l), tl->al);
    bw_flush(&c);
    i = bw_close(&c, 1);
    return c.full ? 0u : i;
}

/* The sequences section of this block at out[0, cap): its bytes, 0 when
 * it does not fit. */
static size_t write_sequences(zenc_t *z, uint8_t *out, size_t cap)
{
    size_t n = z->nseq, h, body;
    if (cap < (n == 0u ? 1u : 4u)) {
        return 0;
    }
    if (n < 128u) {
        out[0] = (uint8_t)n;
        h = 1;
    } else if (n < 0x7F00u) {
        out[0] = (uint8_t)((n >> 8) + 128u);
        out[1] = (uint8_t)n;
        h = 2;
    } else {
        out[0] = 0xFF;
        ppq_store_le16(out + 1, (uint16_t)(n - 0x7F00u));
        h = 3;
    }
    if (n == 0u) {
        return h;
    }
    bw_init(&z->bw, out + h + 1u, cap - h - 1u);
    out[h] = (uint8_t)seq_tables(z);
    body = seq_stream(z);
    return body == 0u ? 0u : h + 1u + body;
}

/* ------------------------------------------------------------------------ */
/* Match finding                                                            */
/* ------------------------------------------------------------------------ */

/* The chain levels: of the first 5 bytes (4-byte matches come from the repeat
 * offsets, or not at all: a far one costs more than its literals). */
static inline uint32_t hash5(const uint8_t *p, unsigned bits)
{
    uint32_t a = ppq_load_le32(p) * 2654435761u, b = (uint32_t)p[4] * 0x85EBCA77u;
    return ((a ^ (b << 13 | b >> 19)) * 0xC2B2AE3Du) >> (32u - bits);
}

/* The fast levels' hash: of the first 6 bytes (a 4-byte hash finds more short
 * matches than pay for their offsets).  One 64-bit multiply: a single
 * instruction on 64-bit hosts, a few on Cortex-M (the same result). */
static inline uint32_t hash6(const uint8_t *p, unsigned bits)
{
    return (uint32_t)(((ppq_load_le64(p) << 16) * 0xCF1BBCDCB7A56463ull) >> (64u - bits));
}

/* Where store() puts a block's sequences and literals: z's fields, held
 * in a local while a fast level searches (the literal copies store bytes, which
 * would make the compiler reload z's fields after each one). */
typedef struct zout {
    uint8_t *seqs, *lits;
    const uint8_t *src_end;
    size_t nseq, nlit;
    uint32_t r[3]; /* the repeat offsets */
} zout_t;

static inline void zout_load(zout_t *o, const zenc_t *z)
{
    o->seqs = z->seqs, o->lits = z->lits, o->src_end = z->src_end;
    o->nseq = z->nseq, o->nlit = z->nlit;
    o->r[0] = z->reps[0], o->r[1] = z->reps[1], o->r[2] = z->reps[2];
}

static inline void zout_save(zenc_t *z, const zout_t *o)
{
    z->nseq = o->nseq, z->nlit = o->nlit;
    z->reps[0] = o->r[0], z->reps[1] = o->r[1], z->reps[2] = o->r[2];
}

/* Record literals src[anchor, pos) and a match of `ml` at distance `off`:
 * the offset value as the decoder will see it, and its repeat offsets
 * updated the same way. */
static inline void store(zout_t *z, const uint8_t *src, size_t anchor, size_t pos, uint32_t off, uint32_t ml)
{
    uint32_t ll = (uint32_t)(pos - anchor), ov, *r = z->r;
    uint8_t *p = z->seqs + z->nseq * SEQ_BYTES;
    seq_t *q;
    if (ll <= 16u && z->src_end - (src + anchor) >= 16) { /* short: one fixed copy (the buffer has slack) */
        PPQ_COPY(z->lits + z->nlit, src + anchor, 16);
        z->nlit += ll;
    } else if (ll > 0u) {
        memcpy(z->lits + z->nlit, src + anchor, ll);
        z->nlit += ll;
    }
    if (ll > 0u && off == r[0]) {
        ov = 1;
    } else if (off == r[1]) {
        ov = ll > 0u ? 2u : 1u;
        r[1] = r[0];
        r[0] = off;
    } else if (off == r[2]) {
        ov = ll > 0u ? 3u : 2u;
        r[2] = r[1];
        r[1] = r[0];
        r[0] = off;
    } else if (ll == 0u && off == r[0] - 1u) {
        ov = 3;
        r[2] = r[1];
        r[1] = r[0];
        r[0] = off;
    } else {
        ov = off + 3u;
        r[2] = r[1];
        r[1] = r[0];
        r[0] = off;
    }
    q = (seq_t *)(void *)p;
    q->of = ov | (ll >> 16) << 30 | ((ml - 3u) >> 16) << 31;
    q->ll = (uint16_t)ll;
    q->ml = (uint16_t)(ml - 3u);
    z->nseq++;
}

/* store() out of line, for the chain levels (whose time goes to the
 * search): keeps find_lazy's frame small. */
NOINLINE static void store_call(zenc_t *z, const uint8_t *src, size_t anchor, size_t pos, uint32_t off, uint32_t ml)
{
    zout_t o;
    zout_load(&o, z);
    store(&o, src, anchor, pos, off, ml);
    zout_save(z, &o);
}

/* The fast levels: greedy over one hash table.  Returns the block's last anchor. */
NOINLINE static size_t find_fast(zenc_t *z, const uint8_t *src, size_t bs, size_t be, size_t ilimit)
{
    uint32_t *head = z->head, wmax = z->wmax;
    unsigned bits = z->hbits;
    size_t ip = bs, anchor = bs, cap = z->seq_cap, step = 1u + z->lv.accel;
    zout_t o;
    zout_load(&o, z);
    while (ip < ilimit && o.nseq < cap) {
        uint32_t h = hash6(src + ip, bits), cand = head[h], cur = ppq_load_le32(src + ip), r0 = o.r[0];
        size_t mpos, len, mend;
        head[h] = (uint32_t)ip;
        if (r0 <= ip && r0 <= wmax && ip > anchor && ppq_load_le32(src + ip - r0) == cur) {
            mpos = ip - r0;
        } else if (cand < ip && ip - cand <= wmax && ppq_load_le32(src + cand) == cur) {
            mpos = cand;
        } else {
            ip += step + ((ip - anchor) >> 6); /* past 64 misses, steps grow */
            continue;
        }
        while (ip > anchor && mpos > 0u && src[ip - 1u] == src[mpos - 1u]) {
            ip--;
            mpos--;
        }
        mend = be - ip > ML_MAX ? ip + ML_MAX : be;
        len = MINMATCH + common(src + ip + MINMATCH, src + mpos + MINMATCH, src + mend);
        store(&o, src, anchor, ip, (uint32_t)(ip - mpos), (uint32_t)len);
        ip += len;
        anchor = ip;
        if (ip < ilimit) {
            head[hash6(src + ip - 2u, bits)] = (uint32_t)(ip - 2u);
        }
        /* right after a match the previous offset (now repeat 2) often matches again */
        while (ip < ilimit && o.nseq < cap && o.r[1] <= ip && o.r[1] <= wmax &&
               ppq_load_le32(src + ip - o.r[1]) == ppq_load_le32(src + ip)) {
            uint32_t r1 = o.r[1];
            mend = be - ip > ML_MAX ? ip + ML_MAX : be;
            len = MINMATCH + common(src + ip + MINMATCH, src + ip - r1 + MINMATCH, src + mend);
            head[hash6(src + ip, bits)] = (uint32_t)ip;
            store(&o, src, anchor, ip, r1, (uint32_t)len);
            ip += len;
            anchor = ip;
        }
    }
    zout_save(z, &o);
    return anchor;
}

/* The chain levels.  Positions are inserted before each search. */
typedef struct best {
    uint32_t len, off;
    int32_t score;
} best_t;

static inline void insert_upto(zenc_t *z, const uint8_t *src, size_t *next, size_t pos)
{
    uint32_t csize = 1u << z->cbits, cmask = csize - 1u;
    size_t p;
    if (z->chain != NULL) {
        for (p = *next; p < pos; p++) {
            uint32_t h = hash5(src + p, z->hbits), prev = z->head[h], d = (uint32_t)p - prev;
            z->chain[p & cmask] = (uint16_t)(prev < p && d < csize ? d : 0u);
            z->head[h] = (uint32_t)p;
        }
    } else {
        for (p = *next; p < pos; p++) {
            uint32_t h = hash5(src + p, z->hbits), prev = z->head[h], d = (uint32_t)p - prev;
            z->chain32[p & cmask] = prev < p && d < csize ? d : 0u;
            z->head[h] = (uint32_t)p;
        }
    }
    if (pos > *next) {
        *next = pos;
    }
}

/* Score of a match: 4 per byte, less the bits of its offset value. */
static inline int32_t score_of(uint32_t len, uint32_t ov)
{
    return (int32_t)(len * 4u) - (int32_t)ppq_highbit32(ov);
}

static void search(zenc_t *z, const uint8_t *src, size_t ip, size_t anchor, size_t be, size_t *next, best_t *b)
{
    uint32_t csize = 1u << z->cbits, cmask = csize - 1u, cand, cur = ppq_load_le32(src + ip);
    size_t mend = be - ip > ML_MAX ? ip + ML_MAX : be;
    unsigned depth = z->lv.depth, nice = z->lv.nice != 0u ? z->lv.nice : ML_MAX, r;
    b->len = 0;
    b->off = 0;
    b->score = 0;
    for (r = 0; r < 3u; r++) { /* the repeat offsets: cheap to code */
        uint32_t off = z->reps[r];
        if (r == 0u && ip == anchor) {
            continue;
        }
        if (off <= ip && off <= z->wmax && ppq_load_le32(src + ip - off) == cur) {
            uint32_t len = MINMATCH + (uint32_t)common(src + ip + MINMATCH, src + ip - off + MINMATCH, src + mend);
            int32_t sc = score_of(len, r + 1u);
            if (sc > b->score) {
                b->len = len;
                b->off = off;
                b->score = sc;
            }
        }
    }
    insert_upto(z, src, next, ip);
    if (ip + b->len >= mend) { /* a repeat offset reaches as far as a match can */
        insert_upto(z, src, next, ip + 1u);
        return;
    }
    cand = z->head[hash5(src + ip, z->hbits)];
    while (depth-- > 0u && cand < ip && ip - cand <= z->wmax) {
        if (src[cand + b->len] == src[ip + b->len] || b->len == 0u) {
            if (ppq_load_le32(src + cand) == cur) {
                uint32_t len = MINMATCH + (uint32_t)common(src + ip + MINMATCH, src + cand + MINMATCH, src + mend);
                int32_t sc = score_of(len, (uint32_t)(ip - cand) + 3u);
                if (sc > b->score) {
                    b->len = len;
                    b->off = (uint32_t)(ip - cand);
                    b->score = sc;
                    if (ip + len >= mend || len >= nice) {
                        break;
                    }
                }
            }
        }
        {
            uint32_t d = z->chain != NULL ? z->chain[cand & cmask] : z->chain32[cand & cmask];
            if (ip - cand >= csize || d == 0u) {
                break;
            }
            cand -= d;
        }
    }
    insert_upto(z, src, next, ip + 1u);
}

NOINLINE static size_t find_lazy(zenc_t *z, const uint8_t *src, size_t bs, size_t be, size_t ilimit, size_t *next)
{
    size_t ip = bs, anchor = bs;
    unsigned lazy = z->lv.lazy;
    best_t cur, nxt;
    while (ip < ilimit && z->nseq < z->seq_cap) {
        unsigned k;
        size_t mpos;
        search(z, src, ip, anchor, be, next, &cur);
        if (cur.len < MINMATCH || cur.score < MINSCORE) {
            ip += 1u + ((ip - anchor) >> 6); /* past 64 misses, steps grow */
            continue;
        }
        for (k = 0; k < lazy && ip + 1u < ilimit; k++) { /* a better match a step on? */
            search(z, src, ip + 1u, anchor, be, next, &nxt);
            if (nxt.len < MINMATCH || nxt.score <= cur.score + 4) {
                break;
            }
            cur = nxt;
            ip++;
        }
        mpos = ip - cur.off;
        while (ip > anchor && mpos > 0u && src[ip - 1u] == src[mpos - 1u] && cur.len < ML_MAX) {
            ip--;
            mpos--;
            cur.len++;
        }
        store_call(z, src, anchor, ip, cur.off, cur.len);
        ip += cur.len;
        anchor = ip;
    }
    return anchor;
}

/* ------------------------------------------------------------------------ */
/* Blocks and the frame                                                     */
/* ------------------------------------------------------------------------ */

static void block_header(uint8_t *p, int last, unsigned type, size_t size)
{
    uint32_t v = (uint32_t)(last ? 1u : 0u) | type << 1 | (uint32_t)size << 3;
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
}

/* Compress src[bs, *end) into out[0, cap) as a compressed block's content
 * (*end moves back when the sequences fill their room first).  Returns its
 * bytes, 0 when it would not be smaller than the block (or does not fit). */
static size_t compress_block(zenc_t *z, const uint8_t *src, size_t src_len, size_t bs, size_t *end, uint8_t *out,
                             size_t cap, size_t *next)
{
    size_t be = *end, n, ilimit, anchor, lit, seq;
    /* a hash reads 4 bytes and a match starts at least 8 bytes before the
     * block end (the format leaves the last bytes as literals anyway) */
    ilimit = be - bs > 8u ? be - 8u : bs;
    if (ilimit + 4u > src_len) {
        ilimit = bs;
    }
    z->nseq = 0;
    z->nlit = 0;
    anchor = z->cbits == 0u ? find_fast(z, src, bs, be, ilimit) : find_lazy(z, src, bs, be, ilimit, next);
    if (z->nseq == z->seq_cap) { /* no room for more sequences: the block ends after the last */
        be = anchor;
        *end = be;
    }
    n = be - bs;
    if (be > anchor) {
        memcpy(z->lits + z->nlit, src + anchor, be - anchor);
        z->nlit += be - anchor;
    }
    if (cap > n - 4u) {
        /* compressed must be smaller than raw by more than a block header
         * (a block ended early adds one): the bound holds */
        cap = n - 4u;
    }
    lit = write_literals(z, out, cap);
    if (lit == 0u) {
        return 0;
    }
    seq = write_sequences(z, out + lit, cap - lit);
    return seq == 0u ? 0u : lit + seq;
}

/* Lay out the work buffer (`need` bytes checked) for src_len bytes at
 * level l: the context, then the tables and buffers regions() sizes. */
NOINLINE static void setup(zenc_t *z, const uint8_t *src, size_t src_len, const lvl_t *lv)
{
    size_t hash, chain, seqs, lits, stb;
    uint8_t *w = (uint8_t *)z;
    unsigned i;
    (void)regions(lv, src_len, &hash, &chain, &seqs, &lits, &stb);
    z->nseq = 0;
    z->seq_cap = (src_len < BLOCK_MAX ? src_len : BLOCK_MAX) / SEQ_DIV + 1u;
    z->src_end = src + src_len;
    z->lv = *lv;
    z->reps[0] = 1;
    z->reps[1] = 4;
    z->reps[2] = 8;
    z->wmax = src_len <= SINGLE_MAX ? 0xFFFFFFFFu : (1u << WINDOW_LOG);
    z->hbits = hash_bits_for(lv, src_len);
    z->cbits = chain_bits_for(lv, src_len);
    z->head = (uint32_t *)(void *)(w + CTX_SIZE);
    z->chain = chain == 0u || z->cbits > 16u ? NULL : (uint16_t *)(void *)(w + CTX_SIZE + hash);
    z->chain32 = z->cbits > 16u ? (uint32_t *)(void *)(w + CTX_SIZE + hash) : NULL;
    z->seqs = w + CTX_SIZE + hash + chain;
    z->lits = z->seqs + seqs;
    z->st_mem = (uint16_t *)(void *)(z->lits + lits);
    z->st_log = st_log_for(src_len < BLOCK_MAX ? src_len : BLOCK_MAX);
    z->spread = (uint8_t *)(z->st_mem + ((size_t)3u << z->st_log));
    memset(z->head, 0, hash + chain);
    for (i = 0; i < LL_NSYM; i++) {
        uint32_t u;
        for (u = ll_base[i]; u < 64u && u < ll_base[i] + (1u << ll_bits[i]); u++) {
            z->ll_code[u] = (uint8_t)i;
        }
    }
    for (i = 0; i < ML_NSYM; i++) {
        uint32_t u;
        for (u = ml_base[i] - 3u; u < 128u && u < ml_base[i] - 3u + (1u << ml_bits[i]); u++) {
            z->ml_code[u] = (uint8_t)i;
        }
    }
}

/* The frame header at dst (room checked): magic, descriptor, (window,)
 * content size.  Returns its bytes, 0 when dst_cap is too small. */
static size_t frame_header(uint8_t *dst, size_t dst_cap, size_t src_len, int checksum)
{
    unsigned i, fcs_bytes;
    size_t pos = 5;
    uint8_t fhd;
    uint32_t v;
    if (src_len <= SINGLE_MAX) {
        fcs_bytes = src_len < 256u ? 1u : src_len < 65536u + 256u ? 2u : 4u;
        fhd = (uint8_t)((fcs_bytes == 1u ? 0u : fcs_bytes == 2u ? 1u : 2u) << 6 | 1u << 5);
    } else {
        fcs_bytes = 4u;
        fhd = (uint8_t)(2u << 6);
    }
    if (dst_cap < 4u + 1u + 1u + fcs_bytes) {
        return 0;
    }
    ppq_store_le32(dst, ZSTD_MAGIC);
    dst[4] = (uint8_t)(fhd | (checksum ? 1u << 2 : 0u));
    if (src_len > SINGLE_MAX) {
        dst[pos++] = (uint8_t)((WINDOW_LOG - 10u) << 3);
    }
    v = (uint32_t)(fcs_bytes == 2u ? src_len - 256u : src_len);
    for (i = 0; i < fcs_bytes; i++) {
        dst[pos++] = (uint8_t)(v >> (8u * i));
    }
    return pos;
}

ppq_status_t ppq_zstd_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                               int level, void *work, size_t work_len)
{
    size_t pos, bs = 0, next = 0;
    lvl_t lv;
    int checksum, ok = level_of(level, &lv, &checksum);
    zenc_t *z = (zenc_t *)work;
    if (dst_len != NULL) {
        *dst_len = 0;
    }
    if (dst_len == NULL || (src == NULL && src_len > 0u) || (dst == NULL && dst_cap > 0u) || !ok ||
        src_len > 0xFFFFFFFFu) {
        return PPQ_ERR_ARG;
    }
    src = ppq_input(src);
    if (work == NULL || work_len < ppq_zstd_enc_work_size(level, src_len) || ((uintptr_t)work & 7u) != 0u) {
        return PPQ_ERR_ARENA;
    }
    pos = frame_header(dst, dst_cap, src_len, checksum);
    if (pos == 0u) {
        return PPQ_ERR_NOSPACE;
    }
    setup(z, src, src_len, &lv);
    /* the blocks */
    do {
        size_t be = src_len - bs > BLOCK_MAX ? bs + BLOCK_MAX : src_len, n = be - bs, k, csize = 0;
        int last = be == src_len;
        if (dst_cap - pos < 3u) {
            return PPQ_ERR_NOSPACE;
        }
        for (k = 1; k < n && src[bs + k] == src[bs]; k++) {
        }
        if (n > 1u && k == n) { /* one byte repeated: RLE block */
            if (dst_cap - pos < 4u) {
                return PPQ_ERR_NOSPACE;
            }
            block_header(dst + pos, last, 1, n);
            dst[pos + 3u] = src[bs];
            pos += 4u;
            bs = be;
            next = be; /* chain levels: the run joins no chain */
            continue;
        }
        memcpy(z->saved, z->reps, sizeof z->saved);
        if (n >= 16u) {
            csize = compress_block(z, src, src_len, bs, &be, dst + pos + 3u, dst_cap - pos - 3u, &next);
            if (csize == 0u) {
                be = bs + n; /* raw: the whole block, even if the sequences had ended it early */
            }
            n = be - bs;
            last = be == src_len;
        }
        if (csize != 0u) {
            block_header(dst + pos, last, 2, csize);
            pos += 3u + csize;
        } else { /* raw; the decoder never saw those sequences */
            memcpy(z->reps, z->saved, sizeof z->saved);
            if (dst_cap - pos - 3u < n) {
                return PPQ_ERR_NOSPACE;
            }
            block_header(dst + pos, last, 0, n);
            if (n > 0u) {
                memcpy(dst + pos + 3u, src + bs, n);
            }
            pos += 3u + n;
        }
        bs = be;
    } while (bs < src_len);
    if (checksum) {
        if (dst_cap - pos < 4u) {
            return PPQ_ERR_NOSPACE;
        }
        ppq_store_le32(dst + pos, (uint32_t)ppq_xxh64(src, src_len, 0));
        pos += 4u;
    }
    *dst_len = pos;
    return PPQ_OK;
}
