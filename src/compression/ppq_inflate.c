/* DEFLATE and gzip decoding (see ppq_gzip.h), from RFC 1951 and RFC 1952. */
#include "ppq_gzip.h"
#include "ppq_deflate_tables.h"
#include "ppq_internal.h"
#include "ppq_port.h"

#define MAXBITS 15u
#define NLEN 288u /* literal/length symbols */
#define NDIST 32u
#define LIT_BITS 10u  /* the first-level table's bits: literal/length codes */
#define DIST_BITS 8u  /* distance codes */
#define CL_BITS 7u    /* the code-length code (its longest codes) */
/* Entries a table can need: its first level, and subtables for the longer
 * codes (of a complete code: build() allows no other with codes longer
 * than one bit).  In code order the longer codes' lengths never fall, so each
 * first-level slot's subtable either holds codes of its one length (an
 * entry per code) or is the first whose codes reach its longest length:
 * at most one such per length, 2^(len - bits) entries each. */
#define TABLE_SIZE(bits, nsym) ((1u << (bits)) + (nsym) + (1u << (MAXBITS + 1u - (bits))) - 2u)
#define LIT_SIZE TABLE_SIZE(LIT_BITS, 286u)
#define DIST_SIZE TABLE_SIZE(DIST_BITS, 30u)

/* A table entry: value << 5 | code length (a subtable's entries give the
 * whole length; the value: the symbol, or for lengths and distances what
 * value() makes of it), or a link to a subtable: its offset past the first
 * level << 5 | 16 | its bits.  A slot no code reaches (no codes, or a
 * single distance code) holds BAD, a value every caller refuses. */
#define LINK 16u
#define BAD (511u << 5)

typedef struct work {
    uint16_t lit[LIT_SIZE]; /* (also the code-length code's, while the lengths are read) */
    uint16_t dist[DIST_SIZE];
    uint8_t lengths[NLEN + NDIST];
} work_t;

typedef char work_fits[sizeof(work_t) == PPQ_INFLATE_WORK_SIZE ? 1 : -1]; /* the header says it exactly */

typedef struct state {
    const uint8_t *in;
    size_t len, pos;  /* bytes; the next to load into the bit buffer */
    uint64_t bits;    /* LSB first */
    unsigned nbits;
    uint8_t *out;
    size_t cap, n;
} state_t;

/* At least 56 bits in the buffer, the input known to have 8 bytes more
 * (hosts): whole bytes up to 56-63 bits; the bits of the byte loaded in
 * part sit above nbits and are the same bits a later refill ORs in again. */
static inline void refill(state_t *s)
{
    s->bits |= ppq_load_le64(s->in + s->pos) << s->nbits;
    s->pos += (63u - s->nbits) >> 3;
    s->nbits |= 56u;
}

/* Have at least `need` (<= 32) bits in the buffer, or fail: past the end. */
static inline int need(state_t *s, unsigned k)
{
    if (PPQ_FAST64 && s->nbits < k && s->len - s->pos >= 8u) {
        refill(s); /* eight bytes at once (hosts) */
        return 1;
    }
    while (s->nbits < k) {
        if (s->pos >= s->len) {
            return 0;
        }
        s->bits |= (uint64_t)s->in[s->pos++] << s->nbits;
        s->nbits += 8u;
    }
    return 1;
}

static inline uint32_t take(state_t *s, unsigned k)
{
    uint32_t v = (uint32_t)(s->bits & ((1ull << k) - 1u));
    s->bits >>= k;
    s->nbits -= k;
    return v;
}

/* The code after `rev`, a `len`-bit code bit-reversed (as the stream sends
 * it): one added at its top bit, the carry running down. */
static unsigned next_code(unsigned rev, unsigned len)
{
    unsigned b;
    for (b = 1u << (len - 1u); rev & b; b >>= 1) {
        rev ^= b;
    }
    return rev | b;
}

/* What a table's entries give for symbols from `first` on (lengths,
 * distances): their index there with their extra-bit count above it, idx |
 * extra << 5, so that a decoder has the bits to take without a further
 * load; below `first` (literals, the end code, code-length symbols) the
 * symbol itself. */
typedef struct sym_map {
    unsigned first;
    const uint8_t *extra;
    unsigned nextra; /* (an index past it: no extra bits, refused where decoded) */
} sym_map_t;

static const sym_map_t lit_map = {257, len_extra, 29};
static const sym_map_t dist_map = {0, dist_extra, 30};
static const sym_map_t cl_map = {19, NULL, 0};

static unsigned value(unsigned sym, const sym_map_t *map)
{
    unsigned idx = sym - map->first;
    if (sym < map->first) {
        return sym;
    }
    return map->first + (idx | (idx < map->nextra ? (unsigned)map->extra[idx] << 5 : 0u));
}

/* Build the table (`bits` first-level bits, `size` entries) of the code of
 * `n` code lengths.  0 for a set of lengths no code has: over-subscribed,
 * or incomplete, but for no codes at all and, where `single_ok`
 * (distances: RFC 1951 3.2.7), a single code of one bit; the slots of the
 * codes those lack decode as BAD.  (zlib refuses the same.) */
static int build(uint16_t *t, unsigned bits, unsigned size, const uint8_t *lengths, unsigned n, int single_ok,
                 const sym_map_t *map)
{
    uint16_t count[MAXBITS + 1u], first[MAXBITS + 1u];
    unsigned len, sym, i, rev, code = 0, prefix = ~0u, next = 1u << bits, mask = (1u << bits) - 1u;
    int left = 1;
    memset(count, 0, sizeof count);
    for (sym = 0; sym < n; sym++) {
        count[lengths[sym]]++;
    }
    for (len = 1; len <= MAXBITS; len++) {
        left <<= 1;
        left -= count[len];
        if (left < 0) {
            return 0; /* over-subscribed */
        }
    }
    if (left > 0 && count[0] != n && !(single_ok && count[1] == 1u && count[0] == n - 1u)) {
        return 0;
    }
    for (i = 0; left != 0 && i <= mask; i++) { /* (a complete code fills every slot, and only one has subtables) */
        t[i] = BAD;
    }
    /* Each length's first code (canonical: one more than the last code of
     * the length before, shifted left), bit-reversed as the stream sends
     * it; and the subtables, one per first-`bits`-bits prefix of the longer
     * codes (in code order), as wide as the codes under it need. */
    for (len = 1; len <= MAXBITS; len++, code = (code + count[len - 1u]) << 1) {
        for (rev = 0, i = 0; i < len; i++) {
            rev |= ((code >> i) & 1u) << (len - 1u - i);
        }
        first[len] = (uint16_t)rev;
        for (i = 0; len > bits && i < count[len]; i++, rev = next_code(rev, len)) {
            if ((rev & mask) != prefix) {
                unsigned l = len, sbits;
                int room = (1 << (len - bits)) - (int)(count[len] - i);
                while (room > 0 && l < MAXBITS) {
                    l++;
                    room = room * 2 - count[l];
                }
                sbits = l - bits;
                if (next + (1u << sbits) > size) {
                    return 0; /* (cannot happen: see TABLE_SIZE) */
                }
                prefix = rev & mask;
                t[prefix] = (uint16_t)((next - (1u << bits)) << 5 | LINK | sbits);
                next += 1u << sbits;
            }
        }
    }
    /* each symbol's code (in symbol order the codes of a length run in
     * code order) in every slot whose low bits it is */
    for (sym = 0; sym < n; sym++) {
        unsigned slot, end = 1u << bits, shift = 0;
        uint16_t *dst = t;
        len = lengths[sym];
        if (len == 0u) {
            continue;
        }
        rev = first[len];
        first[len] = (uint16_t)next_code(rev, len);
        if (len > bits) { /* in its prefix's subtable */
            unsigned link = t[rev & mask];
            dst = t + (1u << bits) + (link >> 5);
            end = 1u << (link & 15u);
            shift = bits;
        }
        for (slot = rev >> shift; slot < end; slot += 1u << (len - shift)) {
            dst[slot] = (uint16_t)(value(sym, map) << 5 | len);
        }
    }
    return 1;
}

/* The entry of the code at the bit buffer's start (enough bits loaded). */
static inline unsigned entry(const state_t *s, const uint16_t *t, unsigned bits)
{
    unsigned e = t[s->bits & ((1u << bits) - 1u)];
    if (e & LINK) {
        e = t[(1u << bits) + (e >> 5) + ((unsigned)(s->bits >> bits) & ((1u << (e & 15u)) - 1u))];
    }
    return e;
}

/* One symbol (BAD >> 5 for a code the table lacks or input that ends). */
static inline unsigned decode(state_t *s, const uint16_t *t, unsigned bits)
{
    unsigned e;
    (void)need(s, MAXBITS); /* (at the end, what is left: a shorter code may still be whole) */
    e = entry(s, t, bits);
    if ((e & 15u) > s->nbits) {
        return BAD >> 5;
    }
    take(s, e & 15u);
    return e >> 5;
}

/* The symbols of a Huffman block until its end code, on a copy of the
 * state the caller gets back: no output byte written can then alias the bit
 * buffer, which can stay in registers. */
static inline ppq_status_t codes_of(state_t *s, const uint16_t *lit, const uint16_t *dist);

static ppq_status_t codes(state_t *caller, const uint16_t *lit, const uint16_t *dist)
{
    state_t s = *caller;
    ppq_status_t st = codes_of(&s, lit, dist);
    *caller = s;
    return st;
}

/* Write the match of `len` bytes `d` back at `o` (d no more than the bytes
 * before o, len no more than `room`, the bytes from o on that may be written). */
static inline void copy_match(uint8_t *o, size_t d, size_t len, size_t room)
{
    const uint8_t *m = o - d;
    size_t i;
    if (PPQ_FAST64 && d >= 8u && len + 16u <= room) {
        /* eight bytes at a time (hosts): d >= 8, so no chunk reads bytes
         * it writes; two chunks before any loop (most matches are short),
         * up to 15 bytes past the match, inside the room, later overwritten */
        PPQ_COPY(o, m, 8);
        PPQ_COPY(o + 8, m + 8, 8);
        for (i = 16; i < len; i += 8u) {
            PPQ_COPY(o + i, m + i, 8);
        }
    } else if (PPQ_FAST64 && (d == 1u || d == 2u || d == 4u) && len + 8u <= room) {
        /* a period that divides 8 (runs, and the byte patterns of 2- and
         * 4-byte values): its bytes repeated in a word, 8 at a time (hosts;
         * up to 7 bytes past the match) */
        uint64_t word = 0;
        for (i = 0; i < 8u; i++) {
            word |= (uint64_t)m[i & (d - 1u)] << (8u * i);
        }
        for (i = 0; i < len; i += 8u) {
            ppq_store_le64(o + i, word);
        }
    } else {
        for (i = 0; i < len; i++) { /* byte by byte: the copy may overlap itself */
            o[i] = m[i];
        }
    }
}

/* Hosts, far from the input's and the output's ends: the bit buffer
 * refilled without checks, to 56 bits or more, for two literals or a
 * length and distance (15 + 15, or 15 + 5 + 15 + 13 bits). */
#define FAST_IN 16u   /* two refills of up to 8 bytes */
#define FAST_OUT 274u /* a longest match and its copy's overrun */

static inline ppq_status_t codes_of(state_t *s, const uint16_t *lit, const uint16_t *dist)
{
    for (;;) {
        unsigned sym, ds;
        size_t len, d;
        if (PPQ_FAST64 && s->len - s->pos >= FAST_IN && s->cap - s->n >= FAST_OUT) {
            unsigned e;
            refill(s);
            e = entry(s, lit, LIT_BITS);
            if (e < (256u << 5)) {
                take(s, e & 15u);
                s->out[s->n++] = (uint8_t)(e >> 5);
                e = entry(s, lit, LIT_BITS);
                if (e < (256u << 5)) {
                    take(s, e & 15u);
                    s->out[s->n++] = (uint8_t)(e >> 5);
                    continue;
                }
                refill(s);
            }
            take(s, e & 15u);
            sym = (e >> 5) - 257u;
            if ((sym & 31u) >= 29u) {
                return sym == ~0u ? PPQ_OK : PPQ_ERR_CORRUPT; /* the end code, or no length */
            }
            len = len_base[sym & 31u] + take(s, sym >> 5);
            e = entry(s, dist, DIST_BITS);
            ds = e >> 5;
            if ((ds & 31u) >= 30u) {
                return PPQ_ERR_CORRUPT;
            }
            take(s, e & 15u);
            d = dist_base[ds & 31u] + take(s, ds >> 5);
            if (d > s->n) {
                return PPQ_ERR_CORRUPT; /* before the output's start */
            }
            copy_match(s->out + s->n, d, len, s->cap - s->n);
            s->n += len;
            continue;
        }
        sym = decode(s, lit, LIT_BITS);
        if (sym < 256u) {
            if (s->n == s->cap) {
                return PPQ_ERR_NOSPACE;
            }
            s->out[s->n++] = (uint8_t)sym;
            continue;
        }
        if (sym == 256u) {
            return PPQ_OK;
        }
        sym -= 257u;
        if ((sym & 31u) >= 29u || !need(s, sym >> 5)) {
            return PPQ_ERR_CORRUPT;
        }
        len = len_base[sym & 31u] + take(s, sym >> 5);
        ds = decode(s, dist, DIST_BITS);
        if ((ds & 31u) >= 30u || !need(s, ds >> 5)) {
            return PPQ_ERR_CORRUPT;
        }
        d = dist_base[ds & 31u] + take(s, ds >> 5);
        if (d > s->n) {
            return PPQ_ERR_CORRUPT; /* before the output's start */
        }
        if (len > s->cap - s->n) {
            return PPQ_ERR_NOSPACE;
        }
        copy_match(s->out + s->n, d, len, s->cap - s->n);
        s->n += len;
    }
}

static ppq_status_t fixed_block(state_t *s, work_t *w)
{
    uint8_t *lengths = w->lengths;
    unsigned i;
    for (i = 0; i < 144u; i++) {
        lengths[i] = 8;
    }
    for (; i < 256u; i++) {
        lengths[i] = 9;
    }
    for (; i < 280u; i++) {
        lengths[i] = 7;
    }
    for (; i < NLEN; i++) {
        lengths[i] = 8;
    }
    (void)build(w->lit, LIT_BITS, LIT_SIZE, lengths, NLEN, 0, &lit_map);
    for (i = 0; i < NDIST; i++) { /* (30 and 31 complete the code; decoded, they are refused) */
        lengths[i] = 5;
    }
    (void)build(w->dist, DIST_BITS, DIST_SIZE, lengths, NDIST, 1, &dist_map);
    return codes(s, w->lit, w->dist);
}

static ppq_status_t dynamic_block(state_t *s, work_t *w)
{
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    uint8_t *lengths = w->lengths;
    unsigned nlen, ndist, ncode, i;
    if (!need(s, 14)) {
        return PPQ_ERR_CORRUPT;
    }
    nlen = take(s, 5) + 257u;
    ndist = take(s, 5) + 1u;
    ncode = take(s, 4) + 4u;
    if (nlen > 286u || ndist > 30u) {
        return PPQ_ERR_CORRUPT;
    }
    memset(lengths, 0, 19);
    for (i = 0; i < ncode; i++) {
        if (!need(s, 3)) {
            return PPQ_ERR_CORRUPT;
        }
        lengths[order[i]] = (uint8_t)take(s, 3);
    }
    if (!build(w->lit, CL_BITS, LIT_SIZE, lengths, 19, 0, &cl_map)) { /* (the code-length code, in the literal table for now) */
        return PPQ_ERR_CORRUPT;
    }
    for (i = 0; i < nlen + ndist;) {
        unsigned sym = decode(s, w->lit, CL_BITS), rep, val = 0;
        if (sym > 18u) {
            return PPQ_ERR_CORRUPT;
        }
        if (sym < 16u) {
            lengths[i++] = (uint8_t)sym;
            continue;
        }
        if (sym == 16u) {
            if (i == 0u || !need(s, 2)) {
                return PPQ_ERR_CORRUPT;
            }
            val = lengths[i - 1u];
            rep = 3u + take(s, 2);
        } else if (sym == 17u) {
            if (!need(s, 3)) {
                return PPQ_ERR_CORRUPT;
            }
            rep = 3u + take(s, 3);
        } else {
            if (!need(s, 7)) {
                return PPQ_ERR_CORRUPT;
            }
            rep = 11u + take(s, 7);
        }
        if (i + rep > nlen + ndist) {
            return PPQ_ERR_CORRUPT;
        }
        while (rep-- > 0u) {
            lengths[i++] = (uint8_t)val;
        }
    }
    if (lengths[256] == 0u || !build(w->lit, LIT_BITS, LIT_SIZE, lengths, nlen, 0, &lit_map) ||
        !build(w->dist, DIST_BITS, DIST_SIZE, lengths + nlen, ndist, 1, &dist_map)) {
        return PPQ_ERR_CORRUPT; /* no end code, or a set of lengths no code has */
    }
    return codes(s, w->lit, w->dist);
}

static ppq_status_t stream(state_t *s, work_t *w)
{
    int last;
    do {
        unsigned type;
        ppq_status_t st;
        if (!need(s, 3)) {
            return PPQ_ERR_CORRUPT;
        }
        last = (int)take(s, 1);
        type = take(s, 2);
        if (type == 0u) { /* stored: to a byte boundary, LEN, NLEN, the bytes */
            size_t len;
            take(s, s->nbits % 8u);
            s->pos -= s->nbits / 8u; /* give back the whole bytes the buffer holds */
            s->bits = 0;
            s->nbits = 0;
            if (s->len - s->pos < 4u) {
                return PPQ_ERR_CORRUPT;
            }
            len = ppq_load_le16(s->in + s->pos);
            if ((len ^ 0xFFFFu) != ppq_load_le16(s->in + s->pos + 2)) {
                return PPQ_ERR_CORRUPT;
            }
            s->pos += 4u;
            if (len > s->len - s->pos) {
                return PPQ_ERR_CORRUPT;
            }
            if (len > s->cap - s->n) {
                return PPQ_ERR_NOSPACE;
            }
            if (len > 0u) {
                memcpy(s->out + s->n, s->in + s->pos, len);
            }
            s->n += len;
            s->pos += len;
            st = PPQ_OK;
        } else if (type == 1u) {
            st = fixed_block(s, w);
        } else if (type == 2u) {
            st = dynamic_block(s, w);
        } else {
            st = PPQ_ERR_CORRUPT;
        }
        if (st != PPQ_OK) {
            return st;
        }
    } while (!last);
    return PPQ_OK;
}

/* The state over src, the bit buffer's unread whole bytes given back at the end. */
static ppq_status_t run(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                        size_t *src_used, void *work, size_t work_len)
{
    state_t s;
    ppq_status_t st;
    if (dst_len == NULL || (src == NULL && src_len > 0u) || (dst == NULL && dst_cap > 0u) || work == NULL) {
        return work == NULL && dst_len != NULL ? PPQ_ERR_ARENA : PPQ_ERR_ARG;
    }
    *dst_len = 0;
    if (work_len < PPQ_INFLATE_WORK_SIZE) {
        return PPQ_ERR_ARENA;
    }
    memset(&s, 0, sizeof s);
    s.in = src;
    s.len = src_len;
    s.out = dst;
    s.cap = dst_cap;
    st = stream(&s, (work_t *)work);
    *dst_len = s.n;
    if (src_used != NULL) {
        *src_used = s.pos - s.nbits / 8u;
    }
    return st;
}

ppq_status_t ppq_inflate(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                         size_t *src_used, void *work, size_t work_len)
{
    return run(src, src_len, dst, dst_cap, dst_len, src_used, work, work_len);
}

ppq_status_t ppq_gunzip(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                        void *work, size_t work_len)
{
    size_t pos = 0, total = 0;
    if (dst_len == NULL || (src == NULL && src_len > 0u)) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    do { /* each member */
        size_t p = pos, used = 0, n = 0;
        uint8_t flags;
        ppq_status_t st;
        if (src_len - pos < 18u || src[p] != 0x1Fu || src[p + 1u] != 0x8Bu || src[p + 2u] != 8u ||
            (src[p + 3u] & 0xE0u) != 0u) {
            return PPQ_ERR_CORRUPT;
        }
        flags = src[p + 3u];
        p += 10u;
        if (flags & 4u) { /* FEXTRA */
            size_t xlen;
            if (src_len - p < 2u) {
                return PPQ_ERR_CORRUPT;
            }
            xlen = ppq_load_le16(src + p);
            if (xlen > src_len - p - 2u) {
                return PPQ_ERR_CORRUPT;
            }
            p += 2u + xlen;
        }
        if (flags & 8u) { /* FNAME, zero-terminated */
            while (p < src_len && src[p] != 0u) {
                p++;
            }
            p++;
        }
        if (flags & 16u) { /* FCOMMENT */
            while (p < src_len && src[p] != 0u) {
                p++;
            }
            p++;
        }
        if (flags & 2u) { /* FHCRC: the low 16 bits of the header's CRC-32 */
            if (p > src_len || src_len - p < 2u ||
                (ppq_crc32(0, src + pos, p - pos) & 0xFFFFu) != ppq_load_le16(src + p)) {
                return PPQ_ERR_CORRUPT;
            }
            p += 2u;
        }
        if (p > src_len) {
            return PPQ_ERR_CORRUPT;
        }
        st = run(src + p, src_len - p, dst + total, dst_cap - total, &n, &used, work, work_len);
        total += n;
        *dst_len = total;
        if (st != PPQ_OK) {
            return st;
        }
        p += used;
        if (src_len - p < 8u || ppq_load_le32(src + p) != ppq_crc32(0, dst + total - n, n) ||
            ppq_load_le32(src + p + 4u) != (uint32_t)n) {
            return PPQ_ERR_CORRUPT; /* the member's CRC-32 or size */
        }
        pos = p + 8u;
    } while (pos < src_len);
    return PPQ_OK;
}
