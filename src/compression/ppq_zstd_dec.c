/*
 * ZSTD decompression (RFC 8878; facebook/zstd doc/zstd_compression_format.md
 * 0.4.x): frames with and without content size, single-segment frames,
 * skippable frames, several frames back to back, raw/RLE/compressed blocks,
 * raw/RLE/Huffman/treeless literals in 1 or 4 streams, FSE tables in
 * predefined, RLE, FSE-compressed and repeat modes, repeat offsets, the
 * XXH64 content checksum.  Dictionaries are not supported.
 *
 * Memory: the output buffer is the window (frames are decompressed whole).
 * The decoding tables and the state carried from block to block live in
 * the caller's work buffer (layout below); a block's Huffman or RLE
 * literals are decoded into the free end of the output buffer, and raw
 * literals are read where they are in the input.  Sequences are decoded
 * and executed one at a time, so nothing else is buffered.
 *
 * Bitstreams are read backwards through a word container (64 bits where
 * PPQ_FAST64, else 32) that is refilled from whole words.  Where PPQ_FAST64
 * the copies of literals and matches move 16 bytes at a time when the
 * output has room for the overshoot, and four Huffman streams are decoded
 * interleaved; 32-bit targets take the short byte-wise paths.
 */
#include "ppq_zstd.h"

#include "ppq_internal.h"
#include "ppq_port.h"
#include "ppq_xxh64.h"

/* ------------------------------------------------------------------------ */
/* Limits of the format                                                     */
/* ------------------------------------------------------------------------ */

#define ZSTD_MAGIC 0xFD2FB528u
#define SKIP_MAGIC 0x184D2A50u /* low 4 bits: any */
#define BLOCK_MAX (128u * 1024u)
#define HUF_LOG_MAX 11u
#define LL_LOG_MAX 9u
#define ML_LOG_MAX 9u
#define OF_LOG_MAX 8u
#define WT_LOG_MAX 6u
#define LL_MAXSYM 35u
#define ML_MAXSYM 52u
#define OF_MAXSYM 31u /* offsets up to 2^32 - 4 (the reference decoder's limit) */
#define WT_MAXSYM 11u

#if defined(__GNUC__) || defined(__clang__)
#define ZD_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define ZD_LIKELY(x) (x)
#endif
#if PPQ_FAST64 && (defined(__GNUC__) || defined(__clang__))
#define ZD_INLINE static inline __attribute__((always_inline))
#define ZD_NOINLINE static __attribute__((noinline))
#else
#define ZD_INLINE static inline
#define ZD_NOINLINE static
#endif

/* ------------------------------------------------------------------------ */
/* Work-buffer layout                                                       */
/* ------------------------------------------------------------------------ */

/* One FSE decoding-table row.  For the sequence tables `base` and `extra`
 * are the symbol's baseline and additional bits (offsets: 1 << code and
 * code), and `next` counts from the LL table's first row (the OF and ML
 * tables follow it); for the Huffman-weight table `base` is the symbol. */
typedef struct zent {
    uint16_t next; /* baseline of the next state */
    uint8_t nb;    /* bits read for the next state */
    uint8_t extra;
    uint32_t base;
} zent_t;

typedef struct zstate {
    zent_t wt[1u << WT_LOG_MAX];  /* Huffman-weight FSE table */
    int16_t norm[ML_MAXSYM + 1];  /* a table description being read */
    uint16_t nextc[ML_MAXSYM + 1]; /* per-symbol state counter while building */
    uint8_t weights[256];
    zent_t *ll, *of, *ml;       /* sequence tables (kept for Repeat_Mode) */
    uint16_t *huf;              /* Huffman table: symbol << 8 | bits */
    uint32_t rep[3];            /* repeat offsets */
    uint8_t huf_cap, ll_cap, of_cap, ml_cap; /* largest logs the layout holds */
    uint8_t huf_log;            /* 0: no Huffman table yet in this frame */
    uint8_t ll_log, of_log, ml_log;
    uint8_t ll_ok, of_ok, ml_ok; /* a table to repeat */
} zstate_t;

#define ZD_HDR 1056u
typedef char zd_hdr_fits[(sizeof(zstate_t) <= ZD_HDR) ? 1 : -1];
#define ZD_TABLES(h, l, o, m) ((2u << (h)) + ((8u << (l)) + (8u << (o)) + (8u << (m))))
typedef char zd_full_ok[(ZD_HDR + ZD_TABLES(HUF_LOG_MAX, LL_LOG_MAX, OF_LOG_MAX, ML_LOG_MAX) == PPQ_ZSTD_DEC_WORK_SIZE) ? 1 : -1];
typedef char zd_min_ok[(ZD_HDR + ZD_TABLES(10u, 7u, 6u, 7u) == PPQ_ZSTD_DEC_WORK_MIN) ? 1 : -1];
typedef char zd_small_ok[(ZD_HDR + ZD_TABLES(9u, 7u, 6u, 7u) == PPQ_ZSTD_DEC_WORK_SMALL) ? 1 : -1];

size_t ppq_zstd_dec_work_size(int full)
{
    return full > 0 ? PPQ_ZSTD_DEC_WORK_SIZE : full == 0 ? PPQ_ZSTD_DEC_WORK_MIN : PPQ_ZSTD_DEC_WORK_SMALL;
}

/* ------------------------------------------------------------------------ */
/* Code tables (the format's literal-length and match-length codes)         */
/* ------------------------------------------------------------------------ */

static const uint32_t ll_base[LL_MAXSYM + 1] = {0,  1,  2,  3,  4,  5,  6,   7,   8,   9,   10,   11,
                                                12, 13, 14, 15, 16, 18, 20,  22,  24,  28,  32,   40,
                                                48, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
static const uint8_t ll_bits[LL_MAXSYM + 1] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,  1,
                                               1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const uint32_t ml_base[ML_MAXSYM + 1] = {
    3,  4,  5,  6,  7,  8,  9,  10, 11, 12,  13,  14,  15,  16,   17,   18,   19,   20,
    21, 22, 23, 24, 25, 26, 27, 28, 29, 30,  31,  32,  33,  34,   35,   37,   39,   41,
    43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539};
static const uint8_t ml_bits[ML_MAXSYM + 1] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
                                               2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

/* Default distributions (Predefined_Mode). */
static const int8_t ll_default[LL_MAXSYM + 1] = {4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2,
                                                 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1};
static const int8_t ml_default[ML_MAXSYM + 1] = {1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                                 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                                 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1};
static const int8_t of_default[29] = {1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1,
                                      1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1};

/* ------------------------------------------------------------------------ */
/* Bits                                                                     */
/* ------------------------------------------------------------------------ */

#if PPQ_FAST64
typedef uint64_t zbits_t;
#else
typedef uint32_t zbits_t;
#endif
#define ZW ((unsigned)sizeof(zbits_t))
#define ZW8 (ZW * 8u)


static inline zbits_t zload(const uint8_t *p)
{
#if PPQ_HOST_LE
    zbits_t v;
    PPQ_COPY(&v, p, sizeof v);
    return v;
#elif PPQ_FAST64
    return ppq_load_le64(p);
#else
    return ppq_load_le32(p);
#endif
}

/* Backward bitstream.  The container holds the word at [ptr, ptr + ZW)
 * (or, for a stream shorter than a word, the whole stream in its low
 * bytes); its top `used` bits are consumed.  The stream is exactly
 * consumed when ptr == start and used == ZW8; used > ZW8 is an overrun
 * (the values read are then garbage, never memory outside the stream). */
typedef struct zbr {
    zbits_t bits;
    unsigned used;
    const uint8_t *ptr, *start;
} zbr_t;

/* 0, or -1 for an empty stream or a last byte of 0 (no end mark). */
static inline int br_init(zbr_t *b, const uint8_t *s, size_t len)
{
    unsigned last;
    if (len == 0u || s[len - 1u] == 0u) {
        return -1;
    }
    last = s[len - 1u];
    b->start = s;
    if (len >= ZW) {
        b->ptr = s + len - ZW;
        b->bits = zload(b->ptr);
        b->used = 8u - ppq_highbit32(last);
    } else {
        size_t i;
        b->ptr = s;
        b->bits = 0;
        for (i = 0; i < len; i++) {
            b->bits |= (zbits_t)s[i] << (8u * i);
        }
        b->used = (ZW - (unsigned)len) * 8u + 8u - ppq_highbit32(last);
    }
    return 0;
}

static inline void br_refill(zbr_t *b)
{
    size_t k = b->used >> 3, room = (size_t)(b->ptr - b->start);
    if (k > room) {
        k = room;
    }
    if (k != 0u) {
        b->ptr -= k;
        b->used -= (unsigned)k * 8u;
        b->bits = zload(b->ptr);
    }
}

/* br_refill for the sequence loop, which refills at least once per
 * sequence (at most 7 + 31 + 16 + 16 + 9 + 9 + 8 bits consumed, fewer than
 * 128): 16 bytes or more below the word need no clamp to the start. */
static inline void br_refill_seq(zbr_t *b)
{
#if PPQ_FAST64
    if (ZD_LIKELY(b->ptr - b->start >= 16)) {
        b->ptr -= b->used >> 3;
        b->used &= 7u;
        b->bits = zload(b->ptr);
        return;
    }
#endif
    br_refill(b);
}

/* The next n bits (n <= 31 where 64-bit, <= 24 with 32-bit words). */
static inline uint32_t br_read(zbr_t *b, unsigned n)
{
    zbits_t v = ((zbits_t)(b->bits << (b->used & (ZW8 - 1u))) >> 1) >> (ZW8 - 1u - n);
    b->used += n;
    return (uint32_t)v;
}

static inline int br_done(const zbr_t *b)
{
    return b->ptr == b->start && b->used == ZW8;
}

/* ------------------------------------------------------------------------ */
/* FSE tables                                                               */
/* ------------------------------------------------------------------------ */

/* Up to 4 bytes at byte `pos` of s[0, len), zeros past the end. */
static uint32_t load_fwd(const uint8_t *s, size_t len, size_t pos)
{
    uint32_t v = 0;
    unsigned i;
    for (i = 0; i < 4u && pos + i < len; i++) {
        v |= (uint32_t)s[pos + i] << (8u * i);
    }
    return v;
}

/* Read an FSE table description from s[0, len) into z->norm (symbols
 * 0..maxsym; *nsym gets the count described) and *log; *used gets its
 * bytes. */
static ppq_status_t read_ncount(zstate_t *z, const uint8_t *s, size_t len, unsigned maxsym, unsigned maxlog,
                                unsigned cap, unsigned *nsym, unsigned *log, size_t *used)
{
    size_t bitpos = 4;
    uint32_t remaining, threshold;
    unsigned al, nbits, sym = 0;
    int prev0 = 0;
    if (len == 0u) {
        return PPQ_ERR_CORRUPT;
    }
    al = (s[0] & 15u) + 5u;
    if (al > maxlog) {
        return PPQ_ERR_CORRUPT;
    }
    if (al > cap) {
        return PPQ_ERR_UNSUPPORTED;
    }
    remaining = (1u << al) + 1u;
    threshold = 1u << al;
    nbits = al + 1u;
    while (remaining > 1u) {
        uint32_t v, max;
        int count;
        if (prev0) {
            unsigned r;
            do {
                if (bitpos > len * 8u) {
                    return PPQ_ERR_CORRUPT;
                }
                r = (load_fwd(s, len, bitpos >> 3) >> (bitpos & 7u)) & 3u;
                bitpos += 2;
                if (sym + r > maxsym + 1u) {
                    return PPQ_ERR_CORRUPT;
                }
                for (v = 0; v < r; v++) {
                    z->norm[sym++] = 0;
                }
            } while (r == 3u);
        }
        if (sym > maxsym) {
            return PPQ_ERR_CORRUPT;
        }
        max = 2u * threshold - 1u - remaining;
        v = load_fwd(s, len, bitpos >> 3) >> (bitpos & 7u);
        if ((v & (threshold - 1u)) < max) {
            v &= threshold - 1u;
            bitpos += nbits - 1u;
        } else {
            v &= 2u * threshold - 1u;
            if (v >= threshold) {
                v -= max;
            }
            bitpos += nbits;
        }
        count = (int)v - 1;
        remaining -= count < 0 ? 1u : (uint32_t)count;
        z->norm[sym++] = (int16_t)count;
        prev0 = count == 0;
        while (remaining < threshold) {
            nbits--;
            threshold >>= 1;
        }
        if (bitpos > len * 8u) {
            return PPQ_ERR_CORRUPT;
        }
    }
    *nsym = sym;
    *log = al;
    *used = (bitpos + 7u) >> 3;
    return PPQ_OK;
}

enum { K_WT, K_LL, K_ML, K_OF };

/* Build the decoding table of z->norm[0, nsym) at accuracy log `al`. */
static ppq_status_t build_fse(zstate_t *z, zent_t *t, unsigned nsym, unsigned al, int kind)
{
    uint32_t ts = 1u << al, mask = ts - 1u, step = (ts >> 1) + (ts >> 3) + 3u, pos = 0, u;
    uint32_t toff = kind == K_WT ? 0u : (uint32_t)(t - z->ll); /* sequence states index the three tables */
    int32_t high = (int32_t)ts - 1;
    unsigned s;
    for (s = 0; s < nsym; s++) {
        int n = z->norm[s];
        if (n == -1) {
            if (high < 0) {
                return PPQ_ERR_CORRUPT;
            }
            t[high--].extra = (uint8_t)s;
            z->nextc[s] = 1;
        } else {
            z->nextc[s] = (uint16_t)n;
        }
    }
    for (s = 0; s < nsym; s++) {
        int i, n = z->norm[s];
        for (i = 0; i < n; i++) {
            t[pos].extra = (uint8_t)s;
            do {
                pos = (pos + step) & mask;
            } while ((int32_t)pos > high);
        }
    }
    if (pos != 0u) {
        return PPQ_ERR_CORRUPT;
    }
    for (u = 0; u < ts; u++) {
        unsigned sym = t[u].extra;
        uint32_t x = z->nextc[sym]++;
        unsigned nb = al - ppq_highbit32(x);
        zent_t e;
        e.nb = (uint8_t)nb;
        e.next = (uint16_t)((x << nb) - ts + toff);
        if (kind == K_LL) {
            e.base = ll_base[sym], e.extra = ll_bits[sym];
        } else if (kind == K_ML) {
            e.base = ml_base[sym], e.extra = ml_bits[sym];
        } else if (kind == K_OF) {
            e.base = (uint32_t)1u << sym, e.extra = (uint8_t)sym;
        } else {
            e.base = sym, e.extra = 0;
        }
        t[u] = e; /* one store, not four */
    }
    return PPQ_OK;
}

/* ------------------------------------------------------------------------ */
/* Huffman                                                                  */
/* ------------------------------------------------------------------------ */

/* Read a Huffman tree description from s[0, len) and build z->huf;
 * *used gets its bytes. */
static ppq_status_t read_huf(zstate_t *z, const uint8_t *s, size_t len, size_t *used)
{
    unsigned h, n = 0, i, maxbits, rank1 = 0, sh;
    uint32_t total = 0, rest, start[HUF_LOG_MAX + 2];
    uint8_t *w = z->weights;
    if (len == 0u) {
        return PPQ_ERR_CORRUPT;
    }
    h = s[0];
    if (h < 128u) {
        unsigned nsym, al;
        size_t nc;
        zbr_t b;
        uint32_t s1, s2;
        ppq_status_t st;
        if (h == 0u || h >= len) {
            return PPQ_ERR_CORRUPT;
        }
        st = read_ncount(z, s + 1, h, WT_MAXSYM, WT_LOG_MAX, WT_LOG_MAX, &nsym, &al, &nc);
        if (st != PPQ_OK) {
            return st;
        }
        st = build_fse(z, z->wt, nsym, al, K_WT);
        if (st != PPQ_OK) {
            return st;
        }
        if (nc >= h || br_init(&b, s + 1 + nc, h - nc) != 0) {
            return PPQ_ERR_CORRUPT;
        }
        s1 = br_read(&b, al);
        br_refill(&b);
        s2 = br_read(&b, al);
        br_refill(&b);
        if (b.used > ZW8) {
            return PPQ_ERR_CORRUPT;
        }
        for (;;) {
            const zent_t *e;
            if (n > 253u) {
                return PPQ_ERR_CORRUPT;
            }
            e = &z->wt[s1];
            w[n++] = (uint8_t)e->base;
            s1 = e->next + br_read(&b, e->nb);
            br_refill(&b);
            if (b.used > ZW8) {
                w[n++] = (uint8_t)z->wt[s2].base;
                break;
            }
            if (n > 253u) {
                return PPQ_ERR_CORRUPT;
            }
            e = &z->wt[s2];
            w[n++] = (uint8_t)e->base;
            s2 = e->next + br_read(&b, e->nb);
            br_refill(&b);
            if (b.used > ZW8) {
                w[n++] = (uint8_t)z->wt[s1].base;
                break;
            }
        }
        *used = 1u + h;
    } else {
        size_t bytes;
        n = h - 127u;
        bytes = (n + 1u) / 2u;
        if (1u + bytes > len) {
            return PPQ_ERR_CORRUPT;
        }
        for (i = 0; i < n; i++) {
            uint8_t byte = s[1 + i / 2u];
            w[i] = (uint8_t)(i & 1u ? byte & 15u : byte >> 4);
        }
        *used = 1u + bytes;
    }
    /* weights -> code lengths: the last symbol's weight completes a power of 2 */
    for (i = 0; i < n; i++) {
        if (w[i] > HUF_LOG_MAX) {
            return PPQ_ERR_CORRUPT;
        }
        if (w[i] != 0u) {
            total += (uint32_t)1u << (w[i] - 1u);
            rank1 += w[i] == 1u;
        }
    }
    if (total == 0u) {
        return PPQ_ERR_CORRUPT;
    }
    maxbits = ppq_highbit32(total) + 1u;
    if (maxbits > HUF_LOG_MAX) {
        return PPQ_ERR_CORRUPT;
    }
    rest = ((uint32_t)1u << maxbits) - total;
    if ((rest & (rest - 1u)) != 0u) {
        return PPQ_ERR_CORRUPT;
    }
    w[n] = (uint8_t)(ppq_highbit32(rest) + 1u);
    rank1 += w[n] == 1u;
    if (rank1 < 2u) {
        return PPQ_ERR_CORRUPT;
    }
    if (maxbits > z->huf_cap) {
        return PPQ_ERR_UNSUPPORTED;
    }
    /* weight-1 codes first (longest), then weight 2, ... each in symbol order */
    start[1] = 0;
    for (i = 1; i <= maxbits; i++) {
        start[i + 1] = 0;
    }
    for (i = 0; i <= n; i++) {
        if (w[i] != 0u) {
            start[w[i] + 1u] += (uint32_t)1u << (w[i] - 1u);
        }
    }
    for (i = 2; i <= maxbits + 1u; i++) {
        start[i] += start[i - 1];
    }
    /* the table is indexed by the next huf_cap bits whatever the codes'
     * longest length: a code of nb bits fills 2^(huf_cap - nb) entries */
    sh = z->huf_cap - maxbits;
    for (i = 0; i <= n; i++) {
        unsigned wi = w[i];
        if (wi != 0u) {
            uint32_t k, len1 = (uint32_t)1u << (wi - 1u);
            uint16_t e = (uint16_t)(i << 8 | (maxbits + 1u - wi));
            uint16_t *d = z->huf + (start[wi] << sh);
            for (k = 0; k < len1 << sh; k++) {
                d[k] = e;
            }
            start[wi] += len1;
        }
    }
    z->huf_log = (uint8_t)maxbits;
    return PPQ_OK;
}

/* Huffman-coded streams.  `width` is the table's index width (huf_cap:
 * the table repeats each code over the longer indexes), so lookups take
 * the next `width` bits whatever the longest code. */

/* One symbol (any stream position; garbage after an overrun). */
static inline uint8_t huf_one(zbr_t *b, const uint16_t *tab, unsigned width)
{
    unsigned e = tab[(size_t)((zbits_t)(b->bits << (b->used & (ZW8 - 1u))) >> (ZW8 - width))];
    b->used += e & 0xFFu;
    return (uint8_t)(e >> 8);
}

/* Decode into out[0, oend) the rest of a stream, then check it is spent. */
static ppq_status_t huf_finish(zbr_t *b, uint8_t *out, uint8_t *oend, const uint16_t *tab, unsigned width)
{
    while (out < oend) {
        br_refill(b);
        *out++ = huf_one(b, tab, width);
    }
    br_refill(b);
    return br_done(b) ? PPQ_OK : PPQ_ERR_CORRUPT;
}

/* Symbols decoded between refills: 5 x 11 bits fit 64 - 7, 2 x 11 fit 32 - 7. */
#define HUF_BATCH (PPQ_FAST64 ? 5u : 2u)

/* The fast loops keep the container left-aligned (`bits`: the unread bits
 * at the top, `used` counts what is consumed of the loaded word), so a
 * symbol is one shift, one table load and one shift back.  Refill for a
 * stream of at least ZW bytes (every load in bounds). */
#define FAST_REFILL(bits, used, ptr, start)                   \
    do {                                                      \
        size_t k_ = (used) >> 3;                              \
        size_t r_ = (size_t)((ptr) - (start));                \
        k_ = k_ < r_ ? k_ : r_;                               \
        (ptr) -= k_;                                          \
        (used) -= (unsigned)k_ * 8u;                          \
        (bits) = zload(ptr) << ((used) & (ZW8 - 1u));         \
    } while (0)
#define FAST_SYM(bits, used, out)                             \
    do {                                                      \
        unsigned e_ = tab[(size_t)((bits) >> shift)];         \
        (bits) <<= e_ & 0xFFu;                                \
        (used) += e_ & 0xFFu;                                 \
        *(out)++ = (uint8_t)(e_ >> 8);                        \
    } while (0)

static ppq_status_t huf_1(uint8_t *out, size_t n, const uint8_t *s, size_t len, const uint16_t *tab,
                          unsigned width)
{
    zbr_t b;
    uint8_t *oend = out + n;
    if (br_init(&b, s, len) != 0) {
        return PPQ_ERR_CORRUPT;
    }
    if (len >= ZW) {
        zbits_t bits;
        unsigned used = b.used, shift = ZW8 - width, j;
        const uint8_t *ptr = b.ptr;
        while ((size_t)(oend - out) >= HUF_BATCH) {
            FAST_REFILL(bits, used, ptr, s);
            for (j = 0; j < HUF_BATCH; j++) {
                FAST_SYM(bits, used, out);
            }
        }
        b.used = used;
        b.ptr = ptr;
        b.bits = zload(ptr);
    }
    return huf_finish(&b, out, oend, tab, width);
}

#if PPQ_FAST64 && PPQ_HOST_LE && (defined(__GNUC__) || defined(__clang__)) && !defined(PPQ_NO_INTRINSICS)
#define ZD_SENTINEL 1
/* huf_4's rounds: 5 symbols from each of four streams, then a refill each. */
#define S_REFILL(c, p)                                        \
    do {                                                      \
        unsigned t_ = (unsigned)__builtin_ctzll(c);           \
        (p) -= t_ >> 3;                                       \
        (c) = (zload(p) | 1u) << (t_ & 7u);                   \
    } while (0)
#define S_SYM1(c, o)                                          \
    do {                                                      \
        unsigned e_ = tab[(size_t)((c) >> (ZW8 - HUF_LOG_MAX))]; \
        (c) <<= e_ & 0xFFu;                                   \
        *(o)++ = (uint8_t)(e_ >> 8);                          \
    } while (0)
#define S_STEP(SYM)                                           \
    do {                                                      \
        SYM(c1, o1);                                          \
        SYM(c2, o2);                                          \
        SYM(c3, o3);                                          \
        SYM(c4, o4);                                          \
    } while (0)
#define S_ROUND(SYM)                                          \
    do {                                                      \
        S_STEP(SYM);                                          \
        S_STEP(SYM);                                          \
        S_STEP(SYM);                                          \
        S_STEP(SYM);                                          \
        S_STEP(SYM);                                          \
        S_REFILL(c1, p1);                                     \
        S_REFILL(c2, p2);                                     \
        S_REFILL(c3, p3);                                     \
        S_REFILL(c4, p4);                                     \
    } while (0)
#endif

/* Four streams: a 6-byte jump table, then the streams; each regenerates
 * (n + 3) / 4 bytes, the last one the rest.  Not inlined: its loop keeps
 * its registers. */
ZD_NOINLINE ppq_status_t huf_4(uint8_t *out, size_t n, const uint8_t *s, size_t len, const uint16_t *tab,
                               unsigned width)
{
    size_t l1, l2, l3, l4, seg = (n + 3u) / 4u;
    ppq_status_t st;
    if (len < 10u || 3u * seg > n) {
        return PPQ_ERR_CORRUPT;
    }
    l1 = ppq_load_le16(s);
    l2 = ppq_load_le16(s + 2);
    l3 = ppq_load_le16(s + 4);
    if (l1 + l2 + l3 + 6u >= len) {
        return PPQ_ERR_CORRUPT;
    }
    l4 = len - 6u - l1 - l2 - l3;
    s += 6;
#ifdef ZD_SENTINEL
    if (l1 >= ZW && l2 >= ZW && l3 >= ZW && l4 >= ZW && width == HUF_LOG_MAX) {
        zbr_t b[4];
        const uint8_t *s1 = s, *s2 = s1 + l1, *s3 = s2 + l2, *s4 = s3 + l3;
        uint8_t *o1 = out, *o2 = o1 + seg, *o3 = o2 + seg, *o4 = o3 + seg;
        const uint8_t *p1, *p2, *p3, *p4;
        zbits_t c1, c2, c3, c4;
        if (br_init(&b[0], s1, l1) != 0 || br_init(&b[1], s2, l2) != 0 || br_init(&b[2], s3, l3) != 0 ||
            br_init(&b[3], s4, l4) != 0) {
            return PPQ_ERR_CORRUPT;
        }
        /* Each container holds its word with a 1 below the data (a
         * sentinel): the bits consumed since the load are then its count of
         * trailing zeros, and a stream is three registers (word, input and
         * output positions).  The loop runs as many rounds as no stream can
         * leave its input (a round starts with at most 8 bits consumed and
         * takes at most 5 x 11: the count stays below 64, and the refill
         * moves at most 7 bytes) or its output. */
        p1 = b[0].ptr, p2 = b[1].ptr, p3 = b[2].ptr, p4 = b[3].ptr;
        c1 = (zload(p1) | 1u) << b[0].used;
        c2 = (zload(p2) | 1u) << b[1].used;
        c3 = (zload(p3) | 1u) << b[2].used;
        c4 = (zload(p4) | 1u) << b[3].used;
        for (;;) {
            size_t it, t;
            it = (size_t)(p1 - s1) / 7u;
            t = (size_t)(p2 - s2) / 7u, it = t < it ? t : it;
            t = (size_t)(p3 - s3) / 7u, it = t < it ? t : it;
            t = (size_t)(p4 - s4) / 7u, it = t < it ? t : it;
            t = (size_t)(out + seg - o1) / 5u, it = t < it ? t : it;
            t = (size_t)(out + 2u * seg - o2) / 5u, it = t < it ? t : it;
            t = (size_t)(out + 3u * seg - o3) / 5u, it = t < it ? t : it;
            t = (size_t)(out + n - o4) / 5u, it = t < it ? t : it;
            if (it == 0u) {
                break;
            }
            do {
                S_ROUND(S_SYM1);
            } while (--it > 0u);
        }
        b[0].ptr = p1, b[1].ptr = p2, b[2].ptr = p3, b[3].ptr = p4;
        b[0].used = (unsigned)__builtin_ctzll(c1), b[1].used = (unsigned)__builtin_ctzll(c2);
        b[2].used = (unsigned)__builtin_ctzll(c3), b[3].used = (unsigned)__builtin_ctzll(c4);
        b[0].bits = zload(p1), b[1].bits = zload(p2), b[2].bits = zload(p3), b[3].bits = zload(p4);
        st = huf_finish(&b[0], o1, out + seg, tab, width);
        if (st == PPQ_OK) {
            st = huf_finish(&b[1], o2, out + 2u * seg, tab, width);
        }
        if (st == PPQ_OK) {
            st = huf_finish(&b[2], o3, out + 3u * seg, tab, width);
        }
        if (st == PPQ_OK) {
            st = huf_finish(&b[3], o4, out + n, tab, width);
        }
        return st;
    }
#endif
    st = huf_1(out, seg, s, l1, tab, width);
    if (st == PPQ_OK) {
        st = huf_1(out + seg, seg, s + l1, l2, tab, width);
    }
    if (st == PPQ_OK) {
        st = huf_1(out + 2u * seg, seg, s + l1 + l2, l3, tab, width);
    }
    if (st == PPQ_OK) {
        st = huf_1(out + 3u * seg, n - 3u * seg, s + l1 + l2 + l3, l4, tab, width);
    }
    return st;
}

/* ------------------------------------------------------------------------ */
/* Blocks                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct zctx {
    zstate_t *z;
    uint8_t *ostart; /* the frame's first output byte */
    uint8_t *op;
    uint8_t *oend;
    const uint8_t *iend; /* end of the whole input */
    uint64_t window;
    size_t block_max;
} zctx_t;

/* Set up one sequence table (mode: 0 predefined, 1 RLE, 2 FSE, 3 repeat). */
static ppq_status_t seq_table(zstate_t *z, int kind, unsigned mode, const uint8_t **pip, const uint8_t *iend)
{
    zent_t *t;
    uint8_t *log, *ok;
    unsigned maxsym, maxlog, cap, nsym, al, s;
    const int8_t *def;
    ppq_status_t st;
    if (kind == K_LL) {
        t = z->ll, log = &z->ll_log, ok = &z->ll_ok, maxsym = LL_MAXSYM, maxlog = LL_LOG_MAX, cap = z->ll_cap;
        def = ll_default, nsym = LL_MAXSYM + 1u, al = 6;
    } else if (kind == K_ML) {
        t = z->ml, log = &z->ml_log, ok = &z->ml_ok, maxsym = ML_MAXSYM, maxlog = ML_LOG_MAX, cap = z->ml_cap;
        def = ml_default, nsym = ML_MAXSYM + 1u, al = 6;
    } else {
        t = z->of, log = &z->of_log, ok = &z->of_ok, maxsym = OF_MAXSYM, maxlog = OF_LOG_MAX, cap = z->of_cap;
        def = of_default, nsym = 29u, al = 5;
    }
    switch (mode) {
    case 0:
        for (s = 0; s < nsym; s++) {
            z->norm[s] = def[s];
        }
        break;
    case 1:
        if (*pip >= iend) {
            return PPQ_ERR_CORRUPT;
        }
        s = *(*pip)++;
        if (s > maxsym) {
            return PPQ_ERR_CORRUPT;
        }
        t[0].next = (uint16_t)(t - z->ll);
        t[0].nb = 0;
        if (kind == K_LL) {
            t[0].base = ll_base[s], t[0].extra = ll_bits[s];
        } else if (kind == K_ML) {
            t[0].base = ml_base[s], t[0].extra = ml_bits[s];
        } else {
            t[0].base = (uint32_t)1u << s, t[0].extra = (uint8_t)s;
        }
        *log = 0;
        *ok = 1;
        return PPQ_OK;
    case 2: {
        size_t used;
        st = read_ncount(z, *pip, (size_t)(iend - *pip), maxsym, maxlog, cap, &nsym, &al, &used);
        if (st != PPQ_OK) {
            return st;
        }
        *pip += used;
        break;
    }
    default:
        return *ok ? PPQ_OK : PPQ_ERR_CORRUPT;
    }
    st = build_fse(z, t, nsym, al, kind);
    if (st != PPQ_OK) {
        return st;
    }
    *log = (uint8_t)al;
    *ok = 1;
    return PPQ_OK;
}

#if PPQ_FAST64
/* 16 bytes from s to d, loaded before stored (d may be just below s). */
static inline void copy16(uint8_t *d, const uint8_t *s)
{
    uint8_t t[16];
    PPQ_COPY(t, s, 16);
    PPQ_COPY(d, t, 16);
}

/* Copy n bytes in 16-byte steps; may write up to 15 bytes past d + n. */
static inline void wild_copy(uint8_t *d, const uint8_t *s, size_t n)
{
    uint8_t *e = d + n;
    do {
        copy16(d, s);
        d += 16;
        s += 16;
    } while (d < e);
}
#endif

/* A match of n bytes at distance off, exactly (no overshoot). */
static inline void match_exact(uint8_t *op, size_t off, size_t n)
{
    const uint8_t *m = op - off;
    size_t i;
    if (off >= n) {
        memcpy(op, m, n);
        return;
    }
    for (i = 0; i < n; i++) {
        op[i] = m[i];
    }
}

/* Decode the sequences of s[0, len) (their tables set up) and execute
 * them into c->op on, the literals taken from *plit on (up to lit_end, in a
 * buffer that ends at rlimit).  lit_in_dst: the literals lie in the
 * output buffer's free end, which matches must not reach.  Where
 * PPQ_FAST64 decode_block builds it twice, lit_in_dst 0 and 1 (a register
 * and a test less per sequence). */
ZD_INLINE ppq_status_t exec_seqs(zctx_t *c, const uint8_t *s, size_t len, size_t nseq, const uint8_t **plit,
                                const uint8_t *lit_end, const uint8_t *rlimit, int lit_in_dst)
{
    zstate_t *z = c->z;
    uint8_t *op = c->op, *const oend = c->oend;
    const uint8_t *lit = *plit;
    zbr_t br;
    uint32_t sll, sof, sml, r1 = z->rep[0], r2 = z->rep[1], r3 = z->rep[2];
    const zent_t *const tab = z->ll; /* the LL, OF and ML tables in a row: states index all three */
    uint8_t *const ostart = c->ostart;
    const uint64_t window = c->window;
#if PPQ_FAST64
    /* the fast path takes a sequence whose literals end before
     * lit_fast: they are there, and 16 bytes from their end can be read */
    const uint8_t *lit_fast = rlimit - lit_end >= 16 ? lit_end + 1 : rlimit - lit >= 16 ? rlimit - 15 : lit;
#else
    (void)rlimit;
#endif
    if (br_init(&br, s, len) != 0) {
        return PPQ_ERR_CORRUPT;
    }
    sll = br_read(&br, z->ll_log);
    br_refill(&br);
    sof = (uint32_t)(z->of - tab) + br_read(&br, z->of_log);
    br_refill(&br);
    sml = (uint32_t)(z->ml - tab) + br_read(&br, z->ml_log);
    /* Bits between refills.  64-bit: a refill leaves at least 57; a
     * sequence reads its offset (<= 31) and match length (<= 16) bits,
     * refills when all three extras reach 31, then the literal length
     * (<= 16) and the three state updates (9 + 9 + 8), and refills.
     * 32-bit (at least 25 after a refill): a refill before each. */
    br_refill(&br);
    for (;;) {
        const zent_t *ell = &tab[sll], *eof = &tab[sof], *eml = &tab[sml];
        uint32_t ofv;
        size_t ll, ml, off;
        if (PPQ_FAST64 || eof->extra <= 24u) {
            ofv = eof->base + br_read(&br, eof->extra);
        } else {
            unsigned hi = eof->extra - 24u;
            ofv = br_read(&br, hi) << 24;
            br_refill(&br);
            ofv = eof->base + (ofv | br_read(&br, 24));
        }
        if (!PPQ_FAST64) {
            br_refill(&br);
        }
        ml = eml->base + br_read(&br, eml->extra);
        if (!PPQ_FAST64 || (unsigned)eof->extra + eml->extra + ell->extra >= 31u) {
            br_refill_seq(&br);
        }
        ll = ell->base + br_read(&br, ell->extra);
        if (ofv > 3u) {
            off = ofv - 3u;
            /* checked here only: repeat offsets are earlier offsets, or 1,
             * 4, 8, within any window a frame's blocks fit */
            if (off > window) {
                return PPQ_ERR_CORRUPT;
            }
            r3 = r2;
            r2 = r1;
            r1 = (uint32_t)off;
        } else {
            unsigned idx = ofv - 1u + (ll == 0u);
            if (idx == 0u) {
                off = r1;
            } else {
                off = idx == 1u ? r2 : idx == 2u ? r3 : (size_t)r1 - 1u;
                if (off == 0u) {
                    return PPQ_ERR_CORRUPT;
                }
                if (idx != 1u) {
                    r3 = r2;
                }
                r2 = r1;
                r1 = (uint32_t)off;
            }
        }
        if (--nseq > 0u) {
            if (!PPQ_FAST64) {
                br_refill(&br);
            }
            sll = ell->next + br_read(&br, ell->nb);
            if (!PPQ_FAST64) {
                br_refill(&br);
            }
            sml = eml->next + br_read(&br, eml->nb);
            if (!PPQ_FAST64) {
                br_refill(&br);
            }
            sof = eof->next + br_read(&br, eof->nb);
            br_refill_seq(&br);
        }
        /* execute: ll literals, then ml bytes from off back */
#if PPQ_FAST64
        if (ZD_LIKELY((ptrdiff_t)ll < lit_fast - lit &&
                      ll + ml + 32u <= (size_t)((lit_in_dst ? (uint8_t *)(uintptr_t)(lit + ll) : oend) - op) &&
                      off <= (size_t)(op - ostart) + ll)) {
            copy16(op, lit);
            if (ll > 16u) {
                wild_copy(op + 16, lit + 16, ll - 16u);
            }
            lit += ll;
            op += ll;
            if (off >= 16u) {
                const uint8_t *m = op - off;
                copy16(op, m);
                copy16(op + 16, m + 16);
                if (ml > 32u) {
                    wild_copy(op + 32, m + 32, ml - 32u);
                }
                op += ml;
            } else {
                /* the pattern repeats every off bytes: copy it until the
                 * distance reaches 16, then 16 at a time */
                size_t d = off, left = ml;
                while (d < 16u && left > 0u) {
                    size_t k = d < left ? d : left, j;
                    const uint8_t *from = op - d;
                    for (j = 0; j < k; j++) {
                        op[j] = from[j];
                    }
                    op += k;
                    left -= k;
                    d += k;
                }
                if (left > 0u) {
                    wild_copy(op, op - d, left);
                    op += left;
                }
            }
        } else
#endif
        {
            uint8_t *climit;
            if (ll > (size_t)(lit_end - lit)) {
                return PPQ_ERR_CORRUPT;
            }
            climit = lit_in_dst ? (uint8_t *)(uintptr_t)(lit + ll) : oend;
            if (ll > (size_t)(climit - op) || ml > (size_t)(climit - op) - ll) {
                return PPQ_ERR_NOSPACE;
            }
            if (off > (size_t)(op - ostart) + ll) {
                return PPQ_ERR_CORRUPT;
            }
            memmove(op, lit, ll);
            lit += ll;
            op += ll;
            match_exact(op, off, ml);
            op += ml;
        }
        if (nseq == 0u) {
            break;
        }
    }
    br_refill(&br);
    if (!br_done(&br)) {
        return PPQ_ERR_CORRUPT;
    }
    z->rep[0] = r1, z->rep[1] = r2, z->rep[2] = r3;
    c->op = op;
    *plit = lit;
    return PPQ_OK;
}

static ppq_status_t decode_block(zctx_t *c, const uint8_t *ip, size_t bsize)
{
    zstate_t *z = c->z;
    const uint8_t *iend = ip + bsize;
    uint8_t *op = c->op, *const oend = c->oend, *const bstart = c->op;
    const uint8_t *lit, *lit_end, *rlimit;
    int lit_in_dst;
    size_t regen, nseq;
    unsigned b0, ltype, sf, modes;
    ppq_status_t st;

    /* Literals section */
    if (bsize < 1u) {
        return PPQ_ERR_CORRUPT;
    }
    b0 = ip[0];
    ltype = b0 & 3u;
    sf = (b0 >> 2) & 3u;
    if (ltype < 2u) {
        size_t hl = sf == 1u ? 2u : sf == 3u ? 3u : 1u;
        if (hl > bsize) {
            return PPQ_ERR_CORRUPT;
        }
        regen = sf == 1u   ? (size_t)(b0 >> 4) + ((size_t)ip[1] << 4)
                : sf == 3u ? (size_t)(b0 >> 4) + ((size_t)ip[1] << 4) + ((size_t)ip[2] << 12)
                           : (size_t)(b0 >> 3);
        if (regen > c->block_max) {
            return PPQ_ERR_CORRUPT;
        }
        if (ltype == 0u) {
            if (regen > bsize - hl) {
                return PPQ_ERR_CORRUPT;
            }
            lit = ip + hl;
            lit_in_dst = 0;
            ip += hl + regen;
        } else {
            if (hl + 1u > bsize) {
                return PPQ_ERR_CORRUPT;
            }
            if (regen > (size_t)(oend - op)) {
                return PPQ_ERR_NOSPACE;
            }
            lit = oend - regen;
            memset((uint8_t *)(uintptr_t)lit, ip[hl], regen);
            lit_in_dst = 1;
            ip += hl + 1u;
        }
    } else {
        size_t hl = sf <= 1u ? 3u : sf == 2u ? 4u : 5u, csize, tree = 0;
        uint32_t v;
        uint8_t *lout;
        if (hl > bsize) {
            return PPQ_ERR_CORRUPT;
        }
        if (sf <= 1u) {
            v = (uint32_t)ip[0] | (uint32_t)ip[1] << 8 | (uint32_t)ip[2] << 16;
            regen = (v >> 4) & 0x3FFu;
            csize = (v >> 14) & 0x3FFu;
        } else if (sf == 2u) {
            v = ppq_load_le32(ip);
            regen = (v >> 4) & 0x3FFFu;
            csize = v >> 18;
        } else {
            v = ppq_load_le32(ip);
            regen = (v >> 4) & 0x3FFFFu;
            csize = (size_t)(v >> 22) | ((size_t)ip[4] << 10);
        }
        if (regen > c->block_max || csize > bsize - hl) {
            return PPQ_ERR_CORRUPT;
        }
        if (regen > (size_t)(oend - op)) {
            return PPQ_ERR_NOSPACE;
        }
        if (ltype == 2u) {
            st = read_huf(z, ip + hl, csize, &tree);
            if (st != PPQ_OK) {
                return st;
            }
        } else if (z->huf_log == 0u) {
            return PPQ_ERR_CORRUPT;
        }
        lout = oend - regen;
        st = sf == 0u ? huf_1(lout, regen, ip + hl + tree, csize - tree, z->huf, z->huf_cap)
                      : huf_4(lout, regen, ip + hl + tree, csize - tree, z->huf, z->huf_cap);
        if (st != PPQ_OK) {
            return st;
        }
        lit = lout;
        lit_in_dst = 1;
        ip += hl + csize;
    }
    lit_end = lit + regen;
    rlimit = lit_in_dst ? oend : c->iend;

    /* Sequences section header */
    if (ip >= iend) {
        return PPQ_ERR_CORRUPT;
    }
    nseq = *ip++;
    if (nseq >= 128u) {
        if (nseq < 255u) {
            if (ip >= iend) {
                return PPQ_ERR_CORRUPT;
            }
            nseq = ((nseq - 128u) << 8) + *ip++;
        } else {
            if (iend - ip < 2) {
                return PPQ_ERR_CORRUPT;
            }
            nseq = (size_t)ip[0] + ((size_t)ip[1] << 8) + 0x7F00u;
            ip += 2;
        }
    }
    if (nseq > 0u) {
        if (ip >= iend) {
            return PPQ_ERR_CORRUPT;
        }
        modes = *ip++;
        if ((modes & 3u) != 0u) {
            return PPQ_ERR_CORRUPT;
        }
        st = seq_table(z, K_LL, modes >> 6, &ip, iend);
        if (st == PPQ_OK) {
            st = seq_table(z, K_OF, (modes >> 4) & 3u, &ip, iend);
        }
        if (st == PPQ_OK) {
            st = seq_table(z, K_ML, (modes >> 2) & 3u, &ip, iend);
        }
        if (st != PPQ_OK) {
            return st;
        }
        c->op = op;
#if PPQ_FAST64
        st = lit_in_dst ? exec_seqs(c, ip, (size_t)(iend - ip), nseq, &lit, lit_end, rlimit, 1)
                        : exec_seqs(c, ip, (size_t)(iend - ip), nseq, &lit, lit_end, rlimit, 0);
#else
        st = exec_seqs(c, ip, (size_t)(iend - ip), nseq, &lit, lit_end, rlimit, lit_in_dst);
#endif
        if (st != PPQ_OK) {
            return st;
        }
        op = c->op;
    } else if (ip != iend) {
        return PPQ_ERR_CORRUPT;
    }
    /* the literals after the last sequence */
    regen = (size_t)(lit_end - lit);
    if (regen > (size_t)(oend - op)) {
        return PPQ_ERR_NOSPACE;
    }
    memmove(op, lit, regen);
    op += regen;
    if ((size_t)(op - bstart) > c->block_max) {
        return PPQ_ERR_CORRUPT;
    }
    c->op = op;
    return PPQ_OK;
}

/* ------------------------------------------------------------------------ */
/* Frames                                                                   */
/* ------------------------------------------------------------------------ */

static ppq_status_t decode_frame(zctx_t *c, const uint8_t **pip)
{
    const uint8_t *ip = *pip + 4, *const iend = c->iend;
    zstate_t *z = c->z;
    unsigned fhd, single, did_size, fcs_size;
    uint64_t fcs = 0;
    size_t hsize;
    int has_fcs;
    if (ip >= iend) {
        return PPQ_ERR_CORRUPT;
    }
    fhd = ip[0];
    if (fhd & 0x08u) {
        return PPQ_ERR_CORRUPT; /* reserved bit */
    }
    single = (fhd >> 5) & 1u;
    did_size = (fhd & 3u) == 3u ? 4u : fhd & 3u;
    fcs_size = (fhd >> 6) == 0u ? single : 1u << (fhd >> 6);
    hsize = 1u + !single + did_size + fcs_size;
    if (hsize > (size_t)(iend - ip)) {
        return PPQ_ERR_CORRUPT;
    }
    ip++;
    if (!single) {
        unsigned wlog = 10u + (ip[0] >> 3);
        uint64_t wbase = (uint64_t)1u << wlog;
        c->window = wbase + (wbase >> 3) * (ip[0] & 7u);
        ip++;
    }
    if (did_size > 0u) {
        uint32_t did = did_size == 1u ? ip[0] : did_size == 2u ? ppq_load_le16(ip) : ppq_load_le32(ip);
        if (did != 0u) {
            return PPQ_ERR_UNSUPPORTED; /* needs a dictionary */
        }
        ip += did_size;
    }
    has_fcs = fcs_size > 0u;
    if (fcs_size == 1u) {
        fcs = ip[0];
    } else if (fcs_size == 2u) {
        fcs = (uint64_t)ppq_load_le16(ip) + 256u;
    } else if (fcs_size == 4u) {
        fcs = ppq_load_le32(ip);
    } else if (fcs_size == 8u) {
        fcs = ppq_load_le64(ip);
    }
    ip += fcs_size;
    if (single) {
        c->window = fcs;
    }
    if (has_fcs && fcs > (uint64_t)(c->oend - c->op)) {
        return PPQ_ERR_NOSPACE;
    }
    c->block_max = c->window < BLOCK_MAX ? (size_t)c->window : BLOCK_MAX;
    c->ostart = c->op;
    z->rep[0] = 1, z->rep[1] = 4, z->rep[2] = 8;
    z->huf_log = 0;
    z->ll_ok = z->of_ok = z->ml_ok = 0;
    for (;;) {
        uint32_t bh;
        size_t bsize;
        unsigned btype;
        ppq_status_t st;
        if (iend - ip < 3) {
            return PPQ_ERR_CORRUPT;
        }
        bh = (uint32_t)ip[0] | (uint32_t)ip[1] << 8 | (uint32_t)ip[2] << 16;
        ip += 3;
        btype = (bh >> 1) & 3u;
        bsize = bh >> 3;
        /* Block_Maximum_Size bounds what a block regenerates; a compressed
         * block's own size only by 128 KB (as libzstd: a tiny frame's one
         * compressed block may be larger than its content) */
        if (btype == 3u || bsize > (btype == 2u ? BLOCK_MAX : c->block_max)) {
            return PPQ_ERR_CORRUPT;
        }
        if (btype == 1u) {
            if (ip >= iend) {
                return PPQ_ERR_CORRUPT;
            }
            if (bsize > (size_t)(c->oend - c->op)) {
                return PPQ_ERR_NOSPACE;
            }
            memset(c->op, ip[0], bsize);
            c->op += bsize;
            ip++;
        } else {
            if (bsize > (size_t)(iend - ip)) {
                return PPQ_ERR_CORRUPT;
            }
            if (btype == 0u) {
                if (bsize > (size_t)(c->oend - c->op)) {
                    return PPQ_ERR_NOSPACE;
                }
                if (bsize > 0u) {
                    memcpy(c->op, ip, bsize);
                }
                c->op += bsize;
            } else {
                st = decode_block(c, ip, bsize);
                if (st != PPQ_OK) {
                    return st;
                }
            }
            ip += bsize;
        }
        if (has_fcs && (uint64_t)(c->op - c->ostart) > fcs) {
            return PPQ_ERR_CORRUPT;
        }
        if (bh & 1u) {
            break;
        }
    }
    if (has_fcs && (uint64_t)(c->op - c->ostart) != fcs) {
        return PPQ_ERR_CORRUPT;
    }
    if (fhd & 0x04u) {
        if (iend - ip < 4) {
            return PPQ_ERR_CORRUPT;
        }
        if ((uint32_t)ppq_xxh64(c->ostart, (size_t)(c->op - c->ostart), 0) != ppq_load_le32(ip)) {
            return PPQ_ERR_CORRUPT;
        }
        ip += 4;
    }
    *pip = ip;
    return PPQ_OK;
}

ppq_status_t ppq_zstd_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                                 void *work, size_t work_len)
{
    zctx_t c;
    zstate_t *z;
    uint8_t *w;
    const uint8_t *ip;
    unsigned hl, ll, ol, ml;
    if (dst_len == NULL) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    if ((src == NULL && src_len > 0u) || (dst == NULL && dst_cap > 0u) || work == NULL) {
        return PPQ_ERR_ARG;
    }
    if (work_len < PPQ_ZSTD_DEC_WORK_SMALL) {
        return PPQ_ERR_ARENA;
    }
    if (work_len >= PPQ_ZSTD_DEC_WORK_SIZE) {
        hl = HUF_LOG_MAX, ll = LL_LOG_MAX, ol = OF_LOG_MAX, ml = ML_LOG_MAX;
    } else {
        hl = work_len >= PPQ_ZSTD_DEC_WORK_MIN ? 10 : 9, ll = 7, ol = 6, ml = 7;
    }
    w = (uint8_t *)work;
    z = (zstate_t *)work;
    z->huf_cap = (uint8_t)hl, z->ll_cap = (uint8_t)ll, z->of_cap = (uint8_t)ol, z->ml_cap = (uint8_t)ml;
    w += ZD_HDR;
    z->ll = (zent_t *)(void *)w;
    w += 8u << ll;
    z->of = (zent_t *)(void *)w;
    w += 8u << ol;
    z->ml = (zent_t *)(void *)w;
    w += 8u << ml;
    z->huf = (uint16_t *)(void *)w;
    ip = ppq_input(src);
    dst = dst != NULL ? dst : (uint8_t *)(uintptr_t)ppq_empty_input;
    c.z = z;
    c.op = dst;
    c.oend = dst + dst_cap;
    c.iend = ip + src_len;
    c.ostart = dst;
    c.window = 0;
    c.block_max = 0;
    if (src_len == 0u) {
        return PPQ_ERR_CORRUPT;
    }
    while (ip < c.iend) {
        uint32_t magic;
        ppq_status_t st;
        if (c.iend - ip < 4) {
            return PPQ_ERR_CORRUPT;
        }
        magic = ppq_load_le32(ip);
        if ((magic & 0xFFFFFFF0u) == SKIP_MAGIC) {
            uint32_t fsize;
            if (c.iend - ip < 8) {
                return PPQ_ERR_CORRUPT;
            }
            fsize = ppq_load_le32(ip + 4);
            if (fsize > (size_t)(c.iend - ip) - 8u) {
                return PPQ_ERR_CORRUPT;
            }
            ip += 8u + (size_t)fsize;
            continue;
        }
        if (magic != ZSTD_MAGIC) {
            return PPQ_ERR_CORRUPT;
        }
        st = decode_frame(&c, &ip);
        if (st != PPQ_OK) {
            return st;
        }
    }
    *dst_len = (size_t)(c.op - dst);
    return PPQ_OK;
}

/* ------------------------------------------------------------------------ */
/* Streaming                                                                */
/* ------------------------------------------------------------------------ */

/* States: the unit of input each waits for (s->need bytes, gathered in
 * s->small or, for block contents, the first BLOCK_MAX bytes of buf). */
enum { S_MAGIC, S_FHD, S_HDR, S_BH, S_BODY, S_SUM, S_SKIPLEN, S_SKIP, S_DEAD };

#define STAGE BLOCK_MAX

size_t ppq_zstd_stream_buf_size(uint64_t window)
{
    uint64_t blk = window < BLOCK_MAX ? window : BLOCK_MAX, n = (uint64_t)STAGE + window + blk;
    return window > ((uint64_t)1 << 62) || n > (uint64_t)(size_t)-1 ? 0u : (size_t)n;
}

/* Set up the tables in s->work (the full set) for a new frame. */
static void stream_tables(void *work)
{
    uint8_t *w = (uint8_t *)work;
    zstate_t *z = (zstate_t *)work;
    z->huf_cap = HUF_LOG_MAX, z->ll_cap = LL_LOG_MAX, z->of_cap = OF_LOG_MAX, z->ml_cap = ML_LOG_MAX;
    w += ZD_HDR;
    z->ll = (zent_t *)(void *)w;
    w += 8u << LL_LOG_MAX;
    z->of = (zent_t *)(void *)w;
    w += 8u << OF_LOG_MAX;
    z->ml = (zent_t *)(void *)w;
    w += 8u << ML_LOG_MAX;
    z->huf = (uint16_t *)(void *)w;
    z->rep[0] = 1, z->rep[1] = 4, z->rep[2] = 8;
    z->huf_log = 0;
    z->ll_ok = z->of_ok = z->ml_ok = 0;
}

ppq_status_t ppq_zstd_stream_buffer(ppq_zstd_stream_t *s, uint8_t *buf, size_t cap)
{
    if (s == NULL || buf == NULL) {
        return PPQ_ERR_ARG;
    }
    if (cap < ppq_zstd_stream_buf_size(1024u)) {
        return PPQ_ERR_ARENA;
    }
    if (!(s->state == S_MAGIC && s->have == 0u) && !(s->state == S_BH && s->fresh)) {
        return PPQ_ERR_STATE;
    }
    s->buf = buf;
    s->cap = cap;
    s->pos = 0;
    return PPQ_OK;
}

ppq_status_t ppq_zstd_stream_init(ppq_zstd_stream_t *s, void *work, size_t work_len, uint8_t *buf, size_t cap)
{
    if (s == NULL || work == NULL || buf == NULL) {
        return PPQ_ERR_ARG;
    }
    if (work_len < PPQ_ZSTD_DEC_WORK_SIZE || ((uintptr_t)work & 7u) != 0u) {
        return PPQ_ERR_ARENA;
    }
    memset(s, 0, sizeof *s);
    s->work = work;
    s->state = S_MAGIC;
    s->need = 4;
    return ppq_zstd_stream_buffer(s, buf, cap);
}

size_t ppq_zstd_stream_need(const ppq_zstd_stream_t *s)
{
    return s == NULL ? 0u : ppq_zstd_stream_buf_size(s->window);
}

ppq_status_t ppq_zstd_stream_end(const ppq_zstd_stream_t *s)
{
    if (s == NULL) {
        return PPQ_ERR_ARG;
    }
    return s->state == S_MAGIC && s->have == 0u && s->frames != 0u ? PPQ_OK : PPQ_ERR_CORRUPT;
}

/* The frame header after its descriptor (s->fhd) at ip: window, content
 * size.  Returns PPQ_OK or a status. */
static ppq_status_t stream_header(ppq_zstd_stream_t *s, const uint8_t *ip)
{
    unsigned fhd = s->fhd, single = (fhd >> 5) & 1u, did_size = (fhd & 3u) == 3u ? 4u : fhd & 3u,
             fcs_size = (fhd >> 6) == 0u ? single : 1u << (fhd >> 6);
    if (!single) {
        unsigned wlog = 10u + (ip[0] >> 3);
        uint64_t wbase = (uint64_t)1u << wlog;
        s->window = wbase + (wbase >> 3) * (ip[0] & 7u);
        ip++;
    }
    if (did_size > 0u) {
        uint32_t did = did_size == 1u ? ip[0] : did_size == 2u ? ppq_load_le16(ip) : ppq_load_le32(ip);
        if (did != 0u) {
            return PPQ_ERR_UNSUPPORTED;
        }
        ip += did_size;
    }
    s->fcs = fcs_size == 0u   ? 0u
             : fcs_size == 1u ? ip[0]
             : fcs_size == 2u ? (uint64_t)ppq_load_le16(ip) + 256u
             : fcs_size == 4u ? ppq_load_le32(ip)
                              : ppq_load_le64(ip);
    if (single) {
        s->window = s->fcs;
    }
    s->produced = 0;
    s->pos = 0;
    s->fresh = 1;
    ppq_xxh64_reset(&s->xxh);
    stream_tables(s->work);
    return PPQ_OK;
}

/* Decode the block in s->bsize bytes at ip (readable up to lim) into the
 * window; *out and *out_len get its bytes. */
static ppq_status_t stream_block(ppq_zstd_stream_t *s, const uint8_t *ip, const uint8_t *lim, const uint8_t **out,
                                 size_t *out_len)
{
    uint8_t *win = s->buf + STAGE;
    size_t wcap = s->cap - STAGE, bmax = s->window < BLOCK_MAX ? (size_t)s->window : BLOCK_MAX, n;
    if (wcap - s->pos < bmax) { /* slide: keep the window's worth of history */
        size_t keep = s->pos < s->window ? s->pos : (size_t)s->window;
        memmove(win, win + s->pos - keep, keep);
        s->pos = keep;
    }
    if (s->btype == 1u) {
        memset(win + s->pos, ip[0], s->bsize);
        n = s->bsize;
    } else if (s->btype == 0u) {
        memcpy(win + s->pos, ip, s->bsize);
        n = s->bsize;
    } else {
        zctx_t c;
        ppq_status_t st;
        c.z = (zstate_t *)s->work;
        c.ostart = win;
        c.op = win + s->pos;
        c.oend = win + wcap;
        c.iend = lim;
        c.window = s->window;
        c.block_max = bmax;
        st = decode_block(&c, ip, s->bsize);
        if (st != PPQ_OK) {
            return st == PPQ_ERR_NOSPACE ? PPQ_ERR_CORRUPT : st;
        }
        n = (size_t)(c.op - (win + s->pos));
    }
    s->produced += n;
    if ((s->fhd >> 6) != 0u || (s->fhd & 0x20u)) { /* a content size */
        if (s->produced > s->fcs) {
            return PPQ_ERR_CORRUPT;
        }
    }
    if (s->fhd & 0x04u) {
        ppq_xxh64_update(&s->xxh, win + s->pos, n);
    }
    *out = win + s->pos;
    *out_len = n;
    s->pos += n;
    s->fresh = 0;
    return PPQ_OK;
}

/* The frame has ended (after its last block, or its checksum). */
static ppq_status_t frame_end(ppq_zstd_stream_t *s)
{
    if (((s->fhd >> 6) != 0u || (s->fhd & 0x20u)) && s->produced != s->fcs) {
        return PPQ_ERR_CORRUPT;
    }
    if (s->frames < 255u) {
        s->frames++;
    }
    s->state = S_MAGIC;
    s->need = 4;
    return PPQ_OK;
}

static ppq_status_t stream_step(ppq_zstd_stream_t *s, const uint8_t *in, size_t in_len, size_t *consumed,
                                const uint8_t **out, size_t *out_len)
{
    size_t used = 0;
    while (*out_len == 0u) {
        const uint8_t *u, *lim;
        ppq_status_t st;
        if (s->state == S_SKIP) {
            size_t k = in_len - used;
            if ((uint64_t)k > s->skip) {
                k = (size_t)s->skip;
            }
            used += k;
            s->skip -= k;
            if (s->skip > 0u) {
                break;
            }
            if (s->frames < 255u) {
                s->frames++;
            }
            s->state = S_MAGIC;
            s->need = 4;
            continue;
        }
        if (s->state == S_BH && s->fresh) { /* a new frame: does its window fit? */
            if (ppq_zstd_stream_buf_size(s->window) == 0u || s->cap < ppq_zstd_stream_buf_size(s->window)) {
                *consumed = used;
                return PPQ_ERR_ARENA;
            }
        }
        /* the unit: straight from the input, or gathered */
        if (s->have == 0u && in_len - used >= s->need) {
            u = in + used;
            lim = in + in_len;
            used += s->need;
        } else {
            uint8_t *g = s->need <= sizeof s->small ? s->small : s->buf;
            size_t k = s->need - s->have;
            if (k > in_len - used) {
                k = in_len - used;
            }
            if (k > 0u) {
                memcpy(g + s->have, in + used, k);
            }
            s->have += k;
            used += k;
            if (s->have < s->need) {
                break;
            }
            u = g;
            lim = g + s->need;
            s->have = 0;
        }
        switch (s->state) {
        case S_MAGIC: {
            uint32_t magic = ppq_load_le32(u);
            if ((magic & 0xFFFFFFF0u) == SKIP_MAGIC) {
                s->state = S_SKIPLEN;
                s->need = 4;
            } else if (magic == ZSTD_MAGIC) {
                s->state = S_FHD;
                s->need = 1;
            } else {
                return PPQ_ERR_CORRUPT;
            }
            break;
        }
        case S_SKIPLEN:
            s->skip = ppq_load_le32(u);
            s->state = S_SKIP;
            break;
        case S_FHD: {
            unsigned fhd = u[0], single = (fhd >> 5) & 1u, did = (fhd & 3u) == 3u ? 4u : fhd & 3u,
                     fcs = (fhd >> 6) == 0u ? single : 1u << (fhd >> 6);
            if (fhd & 0x08u) {
                return PPQ_ERR_CORRUPT;
            }
            s->fhd = (uint8_t)fhd;
            s->need = (size_t)(!single) + did + fcs;
            s->state = S_HDR;
            if (s->need == 0u) { /* cannot be: single-segment has a size */
                return PPQ_ERR_CORRUPT;
            }
            s->have = 0;
            break;
        }
        case S_HDR:
            st = stream_header(s, u);
            if (st != PPQ_OK) {
                return st;
            }
            s->state = S_BH;
            s->need = 3;
            break;
        case S_BH: {
            uint32_t bh = (uint32_t)u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16;
            size_t bmax = s->window < BLOCK_MAX ? (size_t)s->window : BLOCK_MAX;
            s->btype = (uint8_t)((bh >> 1) & 3u);
            s->bsize = bh >> 3;
            s->last = (uint8_t)(bh & 1u);
            if (s->btype == 3u || s->bsize > (s->btype == 2u ? BLOCK_MAX : bmax)) {
                return PPQ_ERR_CORRUPT;
            }
            s->need = s->btype == 1u ? 1u : s->bsize;
            s->state = S_BODY;
            if (s->need > 0u) {
                break;
            }
            u = s->small; /* an empty raw block */
            lim = u;
        }
            /* fall through */
        case S_BODY:
            st = stream_block(s, u, lim, out, out_len);
            if (st != PPQ_OK) {
                return st;
            }
            if (!s->last) {
                s->state = S_BH;
                s->need = 3;
            } else if (s->fhd & 0x04u) {
                s->state = S_SUM;
                s->need = 4;
            } else {
                st = frame_end(s);
                if (st != PPQ_OK) {
                    return st;
                }
            }
            break;
        case S_SUM:
            if ((uint32_t)ppq_xxh64_digest(&s->xxh) != ppq_load_le32(u)) {
                return PPQ_ERR_CORRUPT;
            }
            st = frame_end(s);
            if (st != PPQ_OK) {
                return st;
            }
            break;
        default:
            return PPQ_ERR_CORRUPT;
        }
    }
    *consumed = used;
    return PPQ_OK;
}

ppq_status_t ppq_zstd_stream_decompress(ppq_zstd_stream_t *s, const uint8_t *in, size_t in_len, size_t *consumed,
                                        const uint8_t **out, size_t *out_len)
{
    ppq_status_t st;
    if (consumed != NULL) {
        *consumed = 0;
    }
    if (out_len != NULL) {
        *out_len = 0;
    }
    if (s == NULL || consumed == NULL || out == NULL || out_len == NULL || (in == NULL && in_len > 0u)) {
        return PPQ_ERR_ARG;
    }
    *out = s->buf;
    if (s->state == S_DEAD) {
        return PPQ_ERR_CORRUPT;
    }
    st = stream_step(s, ppq_input(in), in_len, consumed, out, out_len);
    if (st != PPQ_OK && st != PPQ_ERR_ARENA) {
        s->state = S_DEAD;
        *out_len = 0;
    }
    return st;
}
