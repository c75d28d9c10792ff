/* DEFLATE and gzip decoding (see ppq_gzip.h), from RFC 1951 and RFC 1952. */
#include "ppq_gzip.h"
#include "ppq_deflate_tables.h"
#include "ppq_internal.h"
#include "ppq_port.h"

#define MAXBITS 15u
#define FAST_BITS 9u
#define NLEN 288u /* literal/length symbols */
#define NDIST 32u

/* A canonical Huffman code: codes per length, symbols in code order, and a
 * table resolving codes of up to FAST_BITS bits at once (entry: symbol << 4
 * | length; 0: longer, decoded bit by bit). */
typedef struct huff {
    uint16_t count[MAXBITS + 1u];
    uint16_t symbol[NLEN];
    uint16_t fast[1u << FAST_BITS];
} huff_t;

typedef struct work {
    huff_t lit, dist;
    uint8_t lengths[NLEN + NDIST]; /* (in the work buffer, not on the stack) */
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

/* Have at least `need` (<= 32) bits in the buffer, or fail: past the end. */
static inline int need(state_t *s, unsigned k)
{
    if (PPQ_FAST64 && s->nbits < k && s->len - s->pos >= 8u) {
        /* eight bytes at once (hosts): whole bytes up to 56-63 bits; the
         * bits of the byte loaded in part sit above nbits and are the same
         * bits a later refill ORs in again */
        s->bits |= ppq_load_le64(s->in + s->pos) << s->nbits;
        s->pos += (63u - s->nbits) >> 3;
        s->nbits |= 56u;
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

/* Build the code from `n` code lengths.  0 for a set of lengths no code has
 * (over-subscribed; an incomplete code is allowed only as RFC 1951 allows:
 * a single code of a distance table, which decode() then refuses). */
static int build(huff_t *h, const uint8_t *lengths, unsigned n, int incomplete_ok)
{
    uint16_t offs[MAXBITS + 2u];
    unsigned len, sym;
    int left = 1;
    memset(h->count, 0, sizeof h->count);
    for (sym = 0; sym < n; sym++) {
        h->count[lengths[sym]]++;
    }
    for (len = 1; len <= MAXBITS; len++) {
        left <<= 1;
        left -= h->count[len];
        if (left < 0) {
            return 0; /* over-subscribed */
        }
    }
    if (left > 0 && !incomplete_ok && h->count[0] != n) {
        return 0;
    }
    offs[1] = 0;
    for (len = 1; len < MAXBITS; len++) {
        offs[len + 1u] = (uint16_t)(offs[len] + h->count[len]);
    }
    for (sym = 0; sym < n; sym++) {
        if (lengths[sym] != 0u) {
            h->symbol[offs[lengths[sym]]++] = (uint16_t)sym;
        }
    }
    /* the fast table: each short code, bit-reversed, repeated over its suffixes */
    memset(h->fast, 0, sizeof h->fast);
    {
        unsigned code = 0, idx = 0;
        for (len = 1; len <= FAST_BITS; len++) {
            unsigned k;
            for (k = 0; k < h->count[len]; k++, code++, idx++) {
                unsigned rev = 0, b, fill;
                for (b = 0; b < len; b++) {
                    rev |= ((code >> b) & 1u) << (len - 1u - b);
                }
                for (fill = rev; fill < (1u << FAST_BITS); fill += 1u << len) {
                    h->fast[fill] = (uint16_t)((unsigned)h->symbol[idx] << 4 | len);
                }
            }
            code <<= 1;
        }
    }
    return 1;
}

/* One symbol; -1 for a code the table lacks or input that ends. */
static inline int decode(state_t *s, const huff_t *h)
{
    int code = 0, first = 0, index = 0;
    unsigned len;
    uint16_t f;
    if (need(s, FAST_BITS) || s->nbits > 0u) {
        f = h->fast[s->bits & ((1u << FAST_BITS) - 1u)];
        if (f != 0u && (f & 15u) <= s->nbits) {
            take(s, f & 15u);
            return f >> 4;
        }
    }
    for (len = 1; len <= MAXBITS; len++) { /* longer codes: length by length over loaded bits, taken once whole */
        int count = h->count[len];
        if (!need(s, len)) {
            return -1;
        }
        code |= (int)((s->bits >> (len - 1u)) & 1u);
        if (code - count < first) {
            take(s, len);
            return h->symbol[index + (code - first)];
        }
        index += count;
        first += count;
        first <<= 1;
        code <<= 1;
    }
    return -1;
}

/* The symbols of a Huffman block until its end code, on a copy of the
 * state the caller gets back: no output byte written can then alias the bit
 * buffer, which can stay in registers. */
static inline ppq_status_t codes_of(state_t *s, const huff_t *lit, const huff_t *dist);

static ppq_status_t codes(state_t *caller, const huff_t *lit, const huff_t *dist)
{
    state_t s = *caller;
    ppq_status_t st = codes_of(&s, lit, dist);
    *caller = s;
    return st;
}

static inline ppq_status_t codes_of(state_t *s, const huff_t *lit, const huff_t *dist)
{
    for (;;) {
        int sym = decode(s, lit);
        if (sym < 0) {
            return PPQ_ERR_CORRUPT;
        }
        if (sym < 256) {
            if (s->n == s->cap) {
                return PPQ_ERR_NOSPACE;
            }
            s->out[s->n++] = (uint8_t)sym;
        } else if (sym == 256) {
            return PPQ_OK;
        } else {
            size_t len, d, i;
            int ds;
            sym -= 257;
            if (sym >= 29 || !need(s, len_extra[sym])) {
                return PPQ_ERR_CORRUPT;
            }
            len = len_base[sym] + take(s, len_extra[sym]);
            ds = decode(s, dist);
            if (ds < 0 || ds >= 30 || !need(s, dist_extra[ds])) {
                return PPQ_ERR_CORRUPT;
            }
            d = dist_base[ds] + take(s, dist_extra[ds]);
            if (d > s->n) {
                return PPQ_ERR_CORRUPT; /* before the output's start */
            }
            if (len > s->cap - s->n) {
                return PPQ_ERR_NOSPACE;
            }
            if (PPQ_FAST64 && d >= 8u && len + 8u <= s->cap - s->n) {
                /* eight bytes at a time (hosts): d >= 8, so no chunk reads
                 * bytes it writes; the last may write up to 7 bytes past
                 * the match, inside the output's room, later overwritten */
                for (i = 0; i < len; i += 8u) {
                    PPQ_COPY(s->out + s->n + i, s->out + s->n + i - d, 8);
                }
            } else if (PPQ_FAST64 && (d == 1u || d == 2u || d == 4u) && len + 8u <= s->cap - s->n) {
                /* a period that divides 8 (runs, and the byte patterns of
                 * 2- and 4-byte values): its bytes repeated in a word, 8 at
                 * a time (hosts; the same room rule as above) */
                uint64_t word = 0;
                for (i = 0; i < 8u; i++) {
                    word |= (uint64_t)s->out[s->n - d + i % d] << (8u * i);
                }
                for (i = 0; i < len; i += 8u) {
                    ppq_store_le64(s->out + s->n + i, word);
                }
            } else {
                for (i = 0; i < len; i++) { /* byte by byte: the copy may overlap itself */
                    s->out[s->n + i] = s->out[s->n + i - d];
                }
            }
            s->n += len;
        }
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
    (void)build(&w->lit, lengths, NLEN, 0);
    for (i = 0; i < 30u; i++) {
        lengths[i] = 5;
    }
    (void)build(&w->dist, lengths, 30, 1);
    return codes(s, &w->lit, &w->dist);
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
    if (!build(&w->lit, lengths, 19, 0)) { /* (the code-length code, in the literal table for now) */
        return PPQ_ERR_CORRUPT;
    }
    for (i = 0; i < nlen + ndist;) {
        int sym = decode(s, &w->lit);
        unsigned rep, val = 0;
        if (sym < 0) {
            return PPQ_ERR_CORRUPT;
        }
        if (sym < 16) {
            lengths[i++] = (uint8_t)sym;
            continue;
        }
        if (sym == 16) {
            if (i == 0u || !need(s, 2)) {
                return PPQ_ERR_CORRUPT;
            }
            val = lengths[i - 1u];
            rep = 3u + take(s, 2);
        } else if (sym == 17) {
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
    if (lengths[256] == 0u || !build(&w->lit, lengths, nlen, 0) || !build(&w->dist, lengths + nlen, ndist, 1)) {
        return PPQ_ERR_CORRUPT; /* no end code, or a set of lengths no code has */
    }
    return codes(s, &w->lit, &w->dist);
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
