/*
 * LZ4 blocks and the Hadoop framing (ppq_lz4.h), from lz4/lz4
 * doc/lz4_Block_format.md: sequences of a token (literal length in the
 * high 4 bits, match length - 4 in the low 4; 15 means more bytes follow,
 * added while they are 255), the literals, a 2-byte little-endian offset;
 * the last sequence is literals only.
 *
 * Decompression writes straight into the caller's buffer, which is the
 * window.  On 64-bit little-endian hosts (LZ_FAST) a fast loop runs while
 * the input has 32 bytes left and the output 64 bytes of room: literals of
 * up to 14 bytes are one 16-byte copy, matches 16 or 8 bytes at a time
 * with the overrun inside the room; the rest is the checked loop, which is
 * all a 32-bit target builds.
 *
 * Compression: greedy LZ77 over a hash table of 4-byte positions (a
 * multiplicative hash of 5 bytes, 32-bit: the same on every target; a
 * match needs 4 equal bytes), the next probe one byte further for each 64
 * failed probes, matches extended backwards over equal literals.
 */
#include "ppq_lz4.h"
#include "ppq_lz_internal.h"

#define MINMATCH 4u
#define LASTLITERALS 5u  /* the last 5 bytes are literals */
#define MFLIMIT 12u      /* the last match starts 12 bytes before the end */
#define MAX_OFFSET 65535u
#define FAST_IN 32u
#define FAST_OUT 64u

/* A length's continuation bytes added to *len (saturating far above any
 * buffer); NULL when the input ends inside them. */
static const uint8_t *read_more(const uint8_t *ip, const uint8_t *iend, size_t *len)
{
    size_t l = *len;
    uint32_t b;
    do {
        if (ip == iend) {
            return NULL;
        }
        b = *ip++;
        if (l < ((size_t)-1 >> 1)) {
            l += b;
        }
    } while (b == 255u);
    *len = l;
    return ip;
}

ppq_status_t ppq_lz4_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                size_t *dst_len)
{
    const uint8_t *ip = ppq_input(src), *iend = ip + src_len;
    uint8_t empty[1];
    uint8_t *op, *oend;
    if (dst_len == NULL || (src == NULL && src_len > 0u) || (dst == NULL && dst_cap > 0u)) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    if (dst == NULL) {
        dst = empty;
    }
    op = dst;
    oend = dst + dst_cap;
#if LZ_FAST
    while (LZ_LIKELY((size_t)(iend - ip) >= FAST_IN && (size_t)(oend - op) >= FAST_OUT)) {
        uint32_t token = *ip++;
        size_t lit = token >> 4, ml = token & 15u, off;
        if (LZ_LIKELY(lit != 15u)) {
            lz_copy16(op, ip);
            op += lit;
            ip += lit;
        } else {
            uint32_t b = *ip++; /* (31 bytes follow the token) */
            lit += b;
            if (LZ_UNLIKELY(b == 255u)) {
                ip = read_more(ip, iend, &lit);
                if (ip == NULL) {
                    return PPQ_ERR_CORRUPT;
                }
            }
            if (LZ_LIKELY(lit + 32u <= (size_t)(iend - ip) && lit + 32u <= (size_t)(oend - op))) {
                lz_copy_wild(op, ip, lit); /* 32 bytes are left after it */
                op += lit;
                ip += lit;
            } else {
                if (lit > (size_t)(iend - ip)) {
                    return PPQ_ERR_CORRUPT;
                }
                if (lit > (size_t)(oend - op)) {
                    return PPQ_ERR_NOSPACE;
                }
                memcpy(op, ip, lit);
                op += lit;
                ip += lit;
                if ((size_t)(iend - ip) < 2u) {
                    if (ip == iend) {
                        *dst_len = (size_t)(op - dst);
                        return PPQ_OK;
                    }
                    return PPQ_ERR_CORRUPT;
                }
            }
        }
        off = lz_load16(ip);
        ip += 2;
        if (LZ_UNLIKELY(off - 1u >= (size_t)(op - dst))) {
            return PPQ_ERR_CORRUPT;
        }
        if (LZ_LIKELY(ml != 15u && (size_t)(oend - op) >= 34u)) {
            ml += MINMATCH; /* at most 18: 32 bytes of copies leave room */
            if (LZ_LIKELY(off >= 16u)) {
                lz_copy16(op, op - off);
                lz_copy16(op + 16, op - off + 16);
                op += ml;
            } else {
                op = lz_match_copy_wild(op, off, ml);
            }
            continue;
        }
        if (ml == 15u) {
            uint32_t b = 255u;
            if (LZ_LIKELY(ip != iend)) {
                b = *ip++;
                ml += b;
            }
            if (LZ_UNLIKELY(b == 255u)) {
                ip = read_more(ip, iend, &ml);
                if (ip == NULL) {
                    return PPQ_ERR_CORRUPT;
                }
            }
        }
        ml += MINMATCH;
        if (LZ_LIKELY(ml + 16u <= (size_t)(oend - op))) {
            op = lz_match_copy_wild(op, off, ml);
        } else if (ml > (size_t)(oend - op)) {
            return PPQ_ERR_NOSPACE;
        } else {
            lz_match_copy_bytes(op, off, ml);
            op += ml;
        }
    }
#endif
    for (;;) {
        uint32_t token;
        size_t lit, ml, off;
        if (ip == iend) {
            return PPQ_ERR_CORRUPT; /* no token, or a match ended the block */
        }
        token = *ip++;
        lit = token >> 4;
        ml = token & 15u;
        if (lit == 15u) {
            ip = read_more(ip, iend, &lit);
            if (ip == NULL) {
                return PPQ_ERR_CORRUPT;
            }
        }
        if (lit > (size_t)(iend - ip)) {
            return PPQ_ERR_CORRUPT;
        }
        if (lit > (size_t)(oend - op)) {
            return PPQ_ERR_NOSPACE;
        }
        memcpy(op, ip, lit);
        op += lit;
        ip += lit;
        if (ip == iend) {
            break; /* the last sequence: literals only */
        }
        if ((size_t)(iend - ip) < 2u) {
            return PPQ_ERR_CORRUPT;
        }
        off = lz_load16(ip);
        ip += 2;
        if (off - 1u >= (size_t)(op - dst)) {
            return PPQ_ERR_CORRUPT;
        }
        if (ml == 15u) {
            ip = read_more(ip, iend, &ml);
            if (ip == NULL) {
                return PPQ_ERR_CORRUPT;
            }
        }
        ml += MINMATCH;
        if (ml > (size_t)(oend - op)) {
            return PPQ_ERR_NOSPACE;
        }
        lz_match_copy_bytes(op, off, ml);
        op += ml;
    }
    *dst_len = (size_t)(op - dst);
    return PPQ_OK;
}

static uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

ppq_status_t ppq_lz4_hadoop_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                       size_t *dst_len)
{
    const uint8_t *ip = ppq_input(src);
    size_t left = src_len, total = 0;
    uint8_t empty[1];
    ppq_status_t st;
    if (dst_len == NULL || (src == NULL && src_len > 0u) || (dst == NULL && dst_cap > 0u)) {
        return PPQ_ERR_ARG;
    }
    if (dst == NULL) {
        dst = empty;
    }
    while (left >= PPQ_LZ4_HADOOP_HEADER) {
        uint32_t ulen = load_be32(ip), clen = load_be32(ip + 4);
        size_t got;
        ip += PPQ_LZ4_HADOOP_HEADER;
        left -= PPQ_LZ4_HADOOP_HEADER;
        if (clen > left || ulen > dst_cap - total ||
            ppq_lz4_decompress(ip, clen, dst + total, dst_cap - total, &got) != PPQ_OK || got != ulen) {
            left = 1; /* not Hadoop framing */
            break;
        }
        ip += clen;
        left -= clen;
        total += got;
    }
    if (left == 0u) {
        *dst_len = total;
        return PPQ_OK;
    }
    st = ppq_lz4_decompress(src, src_len, dst, dst_cap, dst_len);
    if (st != PPQ_OK) {
        /* Neither reading works: when the headers alone chain exactly to
         * the end and declare more than the room, it is the room. */
        ip = ppq_input(src);
        left = src_len;
        total = 0;
        while (left >= PPQ_LZ4_HADOOP_HEADER && load_be32(ip + 4) <= left - PPQ_LZ4_HADOOP_HEADER) {
            uint32_t ulen = load_be32(ip), clen = load_be32(ip + 4);
            total = ulen > (size_t)-1 - total ? (size_t)-1 : total + ulen;
            ip += PPQ_LZ4_HADOOP_HEADER + clen;
            left -= PPQ_LZ4_HADOOP_HEADER + clen;
        }
        if (left == 0u && src_len > 0u && total > dst_cap) {
            st = PPQ_ERR_NOSPACE;
        }
    }
    return st;
}

/* ---- compression -------------------------------------------------------- */

size_t ppq_lz4_compress_bound(size_t src_len)
{
    return src_len > PPQ_LZ4_MAX_INPUT ? 0u : src_len + src_len / 255u + 16u;
}

size_t ppq_lz4_hadoop_compress_bound(size_t src_len)
{
    return src_len > PPQ_LZ4_MAX_INPUT ? 0u : ppq_lz4_compress_bound(src_len) + PPQ_LZ4_HADOOP_HEADER;
}

/* The table slot of the 5 bytes at p (all inside the input: the search
 * stops 12 bytes before its end).  Five bytes, as the reference library
 * hashes on 64-bit hosts, pass over many 4-byte coincidences that would
 * only cost a sequence; 32-bit arithmetic, so every target agrees. */
LZ_INLINE uint32_t hash5(const uint8_t *p, unsigned shift)
{
    return (lz_load32(p) * 2654435761u + (uint32_t)p[4] * 0x85EBCA77u) >> shift;
}

/* log2 of the table's entries for an input of n bytes: table_bits, or less
 * for a short input (never below the minimum). */
static unsigned input_bits(size_t n, unsigned max_bits)
{
    unsigned bits = PPQ_LZ4_TABLE_BITS_MIN;
    while (bits < max_bits && ((size_t)1u << bits) < n) {
        bits++;
    }
    return bits;
}

/* Bytes of a length field's continuation for a 4-bit field (15 and up). */
static size_t more_bytes(size_t len)
{
    return len < 15u ? 0u : (len - 15u) / 255u + 1u;
}

/* A length field's continuation bytes for len >= 15 (len - 15 in 255s). */
static uint8_t *put_more(uint8_t *op, size_t len)
{
    len -= 15u;
    while (len >= 255u) {
        *op++ = 255u;
        len -= 255u;
    }
    *op++ = (uint8_t)len;
    return op;
}

ppq_status_t ppq_lz4_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap, size_t *dst_len,
                              unsigned table_bits, void *work, size_t work_len)
{
    const uint8_t *base = ppq_input(src), *ip = base, *anchor = base, *iend = base + src_len;
    uint8_t *op = dst, *oend;
    size_t lit;
    if (dst_len == NULL || (src == NULL && src_len > 0u) || dst == NULL || table_bits < PPQ_LZ4_TABLE_BITS_MIN ||
        table_bits > PPQ_LZ4_TABLE_BITS_MAX || src_len > PPQ_LZ4_MAX_INPUT) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    oend = dst + dst_cap;
    if (src_len > MFLIMIT) {
        const uint8_t *mflimit = iend - MFLIMIT, *matchlimit = iend - LASTLITERALS;
        uint32_t *table = (uint32_t *)work;
        unsigned bits = input_bits(src_len, table_bits), shift = 32u - bits;
        uint32_t fh;
        if (work == NULL || work_len < PPQ_LZ4_WORK_SIZE(bits)) {
            return PPQ_ERR_ARENA;
        }
        if (((uintptr_t)work & 3u) != 0u) {
            return PPQ_ERR_ARG; /* a table of 4-byte entries */
        }
        memset(table, 0, PPQ_LZ4_WORK_SIZE(bits));
        ip++;
        fh = hash5(ip, shift);
        for (;;) {
            const uint8_t *match, *fip = ip;
            uint32_t step = 1u, probes = 1u << 6;
            uint8_t *token;
            size_t ml;
            do {
                uint32_t h = fh;
                ip = fip;
                fip += step;
                step = probes++ >> 6;
                if (LZ_UNLIKELY(fip > mflimit)) {
                    goto last;
                }
                match = base + table[h];
                fh = hash5(fip, shift);
                table[h] = (uint32_t)(ip - base);
            } while (lz_load32(match) != lz_load32(ip) || (size_t)(ip - match) > MAX_OFFSET);
            while (ip > anchor && match > base && ip[-1] == match[-1]) {
                ip--;
                match--;
            }
            lit = (size_t)(ip - anchor);
            /* room for the token, length, literals and offset (the division only
             * when the quick over-estimate fails) */
            if ((size_t)(oend - op) < lit + (lit >> 7) + 4u && (size_t)(oend - op) < 3u + more_bytes(lit) + lit) {
                return PPQ_ERR_NOSPACE;
            }
            token = op++;
            if (lit >= 15u) {
                *token = 15u << 4;
                op = put_more(op, lit);
            } else {
                *token = (uint8_t)(lit << 4);
            }
#if LZ_FAST
            if ((size_t)(oend - op) >= lit + 32u && (size_t)(iend - ip) >= 32u) {
                lz_copy_wild(op, anchor, lit);
            } else
#endif
            {
                memcpy(op, anchor, lit);
            }
            op += lit;
            for (;;) {
                /* token, literals and room for the offset are out; now the match */
                ppq_store_le16(op, (uint16_t)(ip - match));
                op += 2;
                ml = lz_count(match + MINMATCH, ip + MINMATCH, matchlimit);
                ip += MINMATCH + ml;
                if ((size_t)(oend - op) < (ml >> 7) + 1u && (size_t)(oend - op) < more_bytes(ml)) {
                    return PPQ_ERR_NOSPACE;
                }
                if (ml >= 15u) {
                    *token = (uint8_t)(*token | 15u);
                    op = put_more(op, ml);
                } else {
                    *token = (uint8_t)(*token | ml);
                }
                anchor = ip;
                if (ip > mflimit) {
                    goto last;
                }
                table[hash5(ip - 2, shift)] = (uint32_t)(ip - 2 - base);
                {
                    uint32_t h = hash5(ip, shift);
                    match = base + table[h];
                    table[h] = (uint32_t)(ip - base);
                }
                if (lz_load32(match) != lz_load32(ip) || (size_t)(ip - match) > MAX_OFFSET) {
                    break;
                }
                if ((size_t)(oend - op) < 3u) {
                    return PPQ_ERR_NOSPACE;
                }
                token = op++;
                *token = 0;
            }
            ip++;
            fh = hash5(ip, shift);
        }
    }
last:
    lit = (size_t)(iend - anchor);
    if ((size_t)(oend - op) < 1u + more_bytes(lit) + lit) {
        return PPQ_ERR_NOSPACE;
    }
    if (lit >= 15u) {
        *op++ = 15u << 4;
        op = put_more(op, lit);
    } else {
        *op++ = (uint8_t)(lit << 4);
    }
    if (lit > 0u) {
        memcpy(op, anchor, lit);
        op += lit;
    }
    *dst_len = (size_t)(op - dst);
    return PPQ_OK;
}

ppq_status_t ppq_lz4_hadoop_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                     size_t *dst_len, unsigned table_bits, void *work, size_t work_len)
{
    ppq_status_t st;
    size_t n;
    if (dst_len == NULL || dst == NULL) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    if (dst_cap < PPQ_LZ4_HADOOP_HEADER) {
        return src_len > PPQ_LZ4_MAX_INPUT ? PPQ_ERR_ARG : PPQ_ERR_NOSPACE;
    }
    st = ppq_lz4_compress(src, src_len, dst + PPQ_LZ4_HADOOP_HEADER, dst_cap - PPQ_LZ4_HADOOP_HEADER, &n, table_bits,
                          work, work_len);
    if (st != PPQ_OK) {
        return st;
    }
    store_be32(dst, (uint32_t)src_len);
    store_be32(dst + 4, (uint32_t)n);
    *dst_len = n + PPQ_LZ4_HADOOP_HEADER;
    return PPQ_OK;
}
