/* GZIP compression (see ppq_gzip.h): LZ77 matches through a hash table and
 * DEFLATE's fixed Huffman codes (RFC 1951, 3.2.6), stored blocks where they
 * are smaller, in a gzip member (RFC 1952). */
#include "ppq_deflate_tables.h"
#include "ppq_gzip.h"
#include "ppq_internal.h"

#define WINDOW 32768u
#define MIN_MATCH 3u
#define MAX_MATCH 258u

size_t ppq_gzip_work_size(int level)
{
    if (level < 0 || level > 9) {
        return 0;
    }
    return (size_t)4u << ((level == 0 ? 6 : level) + 7);
}

size_t ppq_gzip_bound(size_t len)
{
    /* stored blocks: 5 bytes each per 65535; header and trailer 18; a byte of slack */
    return len + 5u * (len / 65535u + 1u) + 18u + 1u;
}

typedef struct out {
    uint8_t *p;
    size_t cap, n;
    uint64_t bits;
    unsigned nbits;
    int full;
} out_t;

static void put_bits(out_t *o, uint32_t v, unsigned k)
{
    o->bits |= (uint64_t)v << o->nbits;
    o->nbits += k;
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

/* A Huffman code of `len` bits, most significant bit first. */
static void put_code(out_t *o, uint32_t code, unsigned len)
{
    uint32_t rev = 0;
    unsigned b;
    for (b = 0; b < len; b++) {
        rev |= ((code >> b) & 1u) << (len - 1u - b);
    }
    put_bits(o, rev, len);
}

static void put_literal(out_t *o, unsigned v) /* also the length symbols 256..287 */
{
    if (v < 144u) {
        put_code(o, 0x30u + v, 8);
    } else if (v < 256u) {
        put_code(o, 0x190u + v - 144u, 9);
    } else if (v < 280u) {
        put_code(o, v - 256u, 7);
    } else {
        put_code(o, 0xC0u + v - 280u, 8);
    }
}

static void put_match(out_t *o, unsigned len, unsigned dist)
{
    unsigned l = 28, d = 29;
    while (len_base[l] > len) {
        l--;
    }
    put_literal(o, 257u + l);
    put_bits(o, len - len_base[l], len_extra[l]);
    while (dist_base[d] > dist) {
        d--;
    }
    put_code(o, d, 5);
    put_bits(o, dist - dist_base[d], dist_extra[d]);
}

static uint32_t hash3(const uint8_t *p, unsigned bits)
{
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
    return (v * 2654435761u) >> (32u - bits);
}

/* One fixed-Huffman block of all of src. */
static void fixed_block(out_t *o, const uint8_t *src, size_t n, uint32_t *head, unsigned bits, int level)
{
    size_t i = 0;
    put_bits(o, 1u | 1u << 1, 3); /* BFINAL, BTYPE 01 */
    memset(head, 0, ((size_t)1u << bits) * 4u);
    while (i < n && !o->full) {
        unsigned best = 0;
        size_t cand;
        if (n - i >= MIN_MATCH) {
            uint32_t h = hash3(src + i, bits);
            cand = head[h];
            head[h] = (uint32_t)i + 1u;
            if (cand > 0u && i - (cand - 1u) <= WINDOW) {
                size_t c = cand - 1u, max = n - i < MAX_MATCH ? n - i : MAX_MATCH;
                while (best < max && src[c + best] == src[i + best]) {
                    best++;
                }
            }
        }
        if (best >= MIN_MATCH) {
            size_t end = i + best;
            put_match(o, best, (unsigned)(i - (cand - 1u)));
            if (level >= 4) { /* the positions inside the match join the table too */
                for (i++; i < end && n - i >= MIN_MATCH; i++) {
                    head[hash3(src + i, bits)] = (uint32_t)i + 1u;
                }
            }
            i = end;
        } else {
            put_literal(o, src[i++]);
        }
    }
    put_literal(o, 256);
    if (o->nbits > 0u) {
        put_bits(o, 0, 8u - o->nbits);
    }
}

/* Stored blocks of all of src (incompressible data). */
static void stored_blocks(out_t *o, const uint8_t *src, size_t n)
{
    size_t i = 0;
    do {
        size_t k = n - i < 65535u ? n - i : 65535u;
        uint8_t h[5];
        h[0] = (uint8_t)(i + k == n); /* BFINAL, BTYPE 00, at a byte boundary */
        ppq_store_le16(h + 1, (uint16_t)k);
        ppq_store_le16(h + 3, (uint16_t)~k);
        if (o->n > o->cap || o->cap - o->n < 5u + k) {
            o->full = 1;
            return;
        }
        memcpy(o->p + o->n, h, 5);
        if (k > 0u) {
            memcpy(o->p + o->n + 5u, src + i, k);
        }
        o->n += 5u + k;
        i += k;
    } while (i < n);
}

ppq_status_t ppq_gzip_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                               int level, void *work, size_t work_len)
{
    static const uint8_t header[10] = {0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255};
    size_t need = ppq_gzip_work_size(level), body;
    unsigned bits = (unsigned)((level == 0 ? 6 : level) + 7);
    out_t o;
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
    fixed_block(&o, src, src_len, (uint32_t *)work, bits, level == 0 ? 6 : level);
    body = src_len + 5u * (src_len / 65535u + 1u); /* what stored blocks take */
    if (o.full || o.n > body) { /* larger than stored (or no room): stored blocks */
        memset(&o, 0, sizeof o);
        o.p = dst + 10;
        o.cap = dst_cap - 18u;
        stored_blocks(&o, src, src_len);
        if (o.full) {
            return PPQ_ERR_NOSPACE;
        }
    }
    ppq_store_le32(dst + 10 + o.n, ppq_crc32(0, src, src_len));
    ppq_store_le32(dst + 14 + o.n, (uint32_t)src_len);
    *dst_len = 18u + o.n;
    return PPQ_OK;
}
