/*
 * Snappy raw blocks (ppq_snappy.h), from google/snappy's
 * format_description.txt: a varint length, then elements whose tag byte's
 * low two bits say literal (00), copy with a 1-, 2- or 4-byte offset (01,
 * 10, 11).
 *
 * Decompression writes straight into the caller's buffer, which is the
 * window.  On 64-bit little-endian hosts (LZ_FAST) a fast loop runs while
 * the input has 21 bytes left and the output 80 bytes of room: short
 * literals are one 16-byte copy, matches 16 or 8 bytes at a time with the
 * overrun inside that room; the rest is the checked byte loop, which is
 * all a 32-bit target builds.
 *
 * Compression: greedy LZ77 over a hash table of 2-byte positions, 64 KiB
 * fragments (positions fit 16 bits, offsets fit a 2-byte copy); after 32
 * failed probes the step between probes grows by a 32nd each probe, so
 * incompressible input is crossed in few probes.
 */
#include "ppq_snappy.h"
#include "ppq_lz_internal.h"

#define FRAGMENT 65536u     /* compressor: input per independent fragment */
#define INPUT_MARGIN 15u    /* compressor: no match search in a fragment's last bytes */
#define FAST_IN 21u         /* decompressor fast loop: input left (5-byte header + 16) */
#define FAST_OUT 80u        /* ... and output room (64-byte match + 16 of overrun) */

/* The varint preamble: its byte count, 0 when corrupt (truncated, or more
 * than 32 bits). */
static size_t read_preamble(const uint8_t *ip, size_t n, size_t *len)
{
    uint32_t v = 0;
    size_t i;
    for (i = 0; i < 5u && i < n; i++) {
        uint32_t b = ip[i];
        if (i == 4u && b > 0x0Fu) {
            return 0;
        }
        v |= (b & 0x7Fu) << (7u * i);
        if (b < 0x80u) {
            *len = v;
            return i + 1u;
        }
    }
    return 0;
}

ppq_status_t ppq_snappy_uncompressed_length(const uint8_t *src, size_t src_len, size_t *len)
{
    if (len == NULL || (src == NULL && src_len > 0u)) {
        return PPQ_ERR_ARG;
    }
    return read_preamble(ppq_input(src), src_len, len) != 0u ? PPQ_OK : PPQ_ERR_CORRUPT;
}

ppq_status_t ppq_snappy_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                   size_t *dst_len)
{
    const uint8_t *ip = ppq_input(src), *iend = ip + src_len;
    uint8_t *op, *oend;
    size_t n, hdr;
    if (dst_len == NULL || (src == NULL && src_len > 0u) || (dst == NULL && dst_cap > 0u)) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    hdr = read_preamble(ip, src_len, &n);
    if (hdr == 0u) {
        return PPQ_ERR_CORRUPT;
    }
    if (n > dst_cap) {
        return PPQ_ERR_NOSPACE;
    }
    ip += hdr;
    if (n == 0u) {
        return ip == iend ? PPQ_OK : PPQ_ERR_CORRUPT;
    }
    op = dst;
    oend = dst + n;
#if LZ_FAST
    while (LZ_LIKELY((size_t)(iend - ip) >= FAST_IN && (size_t)(oend - op) >= FAST_OUT)) {
        uint32_t tag = *ip++;
        size_t len = (tag >> 2) + 1u, off;
        if ((tag & 3u) == 0u) {
            if (LZ_LIKELY(len <= 16u)) {
                lz_copy16(op, ip);
                op += len;
                ip += len;
                continue;
            }
            if (len > 60u) {
                uint32_t nb = (uint32_t)len - 60u;
                uint32_t v = lz_load32(ip) & (0xFFFFFFFFu >> (32u - 8u * nb));
                ip += nb;
                if (v >= (size_t)(iend - ip) || v >= (size_t)(oend - op)) {
                    return PPQ_ERR_CORRUPT;
                }
                len = (size_t)v + 1u;
            } else if (len > (size_t)(iend - ip)) {
                return PPQ_ERR_CORRUPT; /* (the output has room for 60) */
            }
            memcpy(op, ip, len);
            op += len;
            ip += len;
            continue;
        }
        if ((tag & 3u) == 1u) {
            len = ((tag >> 2) & 7u) + 4u;
            off = (size_t)(tag >> 5) << 8 | *ip++;
        } else if ((tag & 3u) == 2u) {
            off = lz_load16(ip);
            ip += 2;
        } else {
            off = lz_load32(ip);
            ip += 4;
        }
        if (LZ_UNLIKELY(off - 1u >= (size_t)(op - dst))) {
            return PPQ_ERR_CORRUPT;
        }
        op = lz_match_copy_wild(op, off, len);
    }
#endif
    while (ip < iend) {
        uint32_t tag = *ip++;
        size_t len = (tag >> 2) + 1u, off, k;
        if ((tag & 3u) == 0u) {
            if (len > 60u) {
                uint32_t v = 0;
                k = len - 60u;
                if (k > (size_t)(iend - ip)) {
                    return PPQ_ERR_CORRUPT;
                }
                while (k-- > 0u) {
                    v = v << 8 | ip[k];
                }
                ip += len - 60u;
                if (v == 0xFFFFFFFFu) {
                    return PPQ_ERR_CORRUPT; /* more than any input or output */
                }
                len = (size_t)v + 1u;
            }
            if (len > (size_t)(iend - ip) || len > (size_t)(oend - op)) {
                return PPQ_ERR_CORRUPT;
            }
            memcpy(op, ip, len);
            op += len;
            ip += len;
            continue;
        }
        k = (tag & 3u) == 1u ? 1u : (tag & 3u) == 2u ? 2u : 4u;
        if (k > (size_t)(iend - ip)) {
            return PPQ_ERR_CORRUPT;
        }
        if (k == 1u) {
            len = ((tag >> 2) & 7u) + 4u;
            off = (size_t)(tag >> 5) << 8 | ip[0];
        } else {
            off = k == 2u ? lz_load16(ip) : lz_load32(ip);
        }
        ip += k;
        if (off - 1u >= (size_t)(op - dst) || len > (size_t)(oend - op)) {
            return PPQ_ERR_CORRUPT;
        }
        lz_match_copy_bytes(op, off, len);
        op += len;
    }
    if (op != oend) {
        return PPQ_ERR_CORRUPT;
    }
    *dst_len = n;
    return PPQ_OK;
}

/* ---- compression -------------------------------------------------------- */

size_t ppq_snappy_compress_bound(size_t src_len)
{
    size_t extra = 32u + src_len / 6u;
    return src_len > (size_t)-1 - extra ? (size_t)-1 : src_len + extra;
}

/* log2 of the table's entries for a fragment of n bytes. */
static unsigned fragment_bits(size_t n, unsigned max_bits)
{
    unsigned bits = PPQ_SNAPPY_TABLE_BITS_MIN;
    while (bits < max_bits && ((size_t)1u << bits) < n) {
        bits++;
    }
    return bits;
}

LZ_INLINE uint32_t hash4(const uint8_t *p, unsigned shift)
{
    return (lz_load32(p) * 0x1E35A7BDu) >> shift;
}

/* Bytes put_literal writes for len. */
static size_t literal_bytes(size_t len)
{
    size_t n = len - 1u;
    return len + 1u + (n < 60u ? 0u : n < 0x100u ? 1u : n < 0x10000u ? 2u : n < 0x1000000u ? 3u : 4u);
}

/* Room for a literal of len >= 1 bytes: the quick over-estimate, else
 * exactly. */
static int literal_fits(const uint8_t *op, const uint8_t *oend, size_t len)
{
    return (size_t)(oend - op) >= len + 5u || (size_t)(oend - op) >= literal_bytes(len);
}

/* A literal of len >= 1 bytes (room checked by the caller). */
static uint8_t *put_literal(uint8_t *op, const uint8_t *lit, size_t len)
{
    uint32_t n = (uint32_t)(len - 1u);
    if (n < 60u) {
        *op++ = (uint8_t)(n << 2);
    } else {
        uint32_t nb = n < 0x100u ? 1u : n < 0x10000u ? 2u : n < 0x1000000u ? 3u : 4u, i;
        *op++ = (uint8_t)((59u + nb) << 2);
        for (i = 0; i < nb; i++) {
            *op++ = (uint8_t)(n >> (8u * i));
        }
    }
    memcpy(op, lit, len);
    return op + len;
}

/* A match of len >= 4 bytes at offset off < 65536: 2-byte-offset copies of
 * 64 (60 when that would leave fewer than 4), then the rest, as a 1-byte-
 * offset copy when it fits one.  Writes at most 3 * (len / 60 + 1) bytes. */
static uint8_t *put_copy(uint8_t *op, size_t off, size_t len)
{
    while (len >= 68u) {
        op[0] = (uint8_t)(2u | 63u << 2);
        ppq_store_le16(op + 1, (uint16_t)off);
        op += 3;
        len -= 64u;
    }
    if (len > 64u) {
        op[0] = (uint8_t)(2u | 59u << 2);
        ppq_store_le16(op + 1, (uint16_t)off);
        op += 3;
        len -= 60u;
    }
    if (len < 12u && off < 2048u) {
        op[0] = (uint8_t)(1u | (len - 4u) << 2 | (off >> 8) << 5);
        op[1] = (uint8_t)off;
        return op + 2;
    }
    op[0] = (uint8_t)(2u | (len - 1u) << 2);
    ppq_store_le16(op + 1, (uint16_t)off);
    return op + 3;
}

/* Room for put_copy(off, len): the quick over-estimate, else exactly. */
static int copy_fits(const uint8_t *op, const uint8_t *oend, size_t off, size_t len)
{
    size_t room = (size_t)(oend - op), k = 0;
    if (room >= 3u * ((len >> 5) + 1u)) {
        return 1;
    }
    for (; len >= 68u; len -= 64u) {
        k += 3u;
    }
    if (len > 64u) {
        k += 3u;
        len -= 60u;
    }
    return room >= k + (len < 12u && off < 2048u ? 2u : 3u);
}

/* One fragment (at most FRAGMENT bytes) into op; NULL when oend is
 * reached first. */
static uint8_t *compress_fragment(const uint8_t *in, size_t n, uint8_t *op, uint8_t *oend, uint16_t *table,
                                  unsigned bits)
{
    const uint8_t *ip = in, *iend = in + n, *next_emit = in;
    unsigned shift = 32u - bits;
    if (n >= INPUT_MARGIN) {
        const uint8_t *ip_limit = iend - INPUT_MARGIN;
        memset(table, 0, (size_t)2u << bits);
        ip++;
        for (;;) {
            const uint8_t *cand, *next_ip = ip;
            uint32_t skip = 32u, h;
            do {
                ip = next_ip;
                h = hash4(ip, shift);
                next_ip = ip + (skip >> 5);
                skip += skip >> 5;
                if (LZ_UNLIKELY(next_ip > ip_limit)) {
                    goto rest;
                }
                cand = in + table[h];
                table[h] = (uint16_t)(ip - in);
            } while (lz_load32(ip) != lz_load32(cand));
            if (!literal_fits(op, oend, (size_t)(ip - next_emit))) {
                return NULL;
            }
            op = put_literal(op, next_emit, (size_t)(ip - next_emit));
            do {
                size_t len = 4u + lz_count(cand + 4, ip + 4, iend);
                if (!copy_fits(op, oend, (size_t)(ip - cand), len)) {
                    return NULL;
                }
                op = put_copy(op, (size_t)(ip - cand), len);
                ip += len;
                next_emit = ip;
                if (ip >= ip_limit) {
                    goto rest;
                }
                table[hash4(ip - 1, shift)] = (uint16_t)(ip - 1 - in);
                h = hash4(ip, shift);
                cand = in + table[h];
                table[h] = (uint16_t)(ip - in);
            } while (lz_load32(ip) == lz_load32(cand));
            ip++;
        }
    }
rest:
    if (next_emit < iend) {
        if (!literal_fits(op, oend, (size_t)(iend - next_emit))) {
            return NULL;
        }
        op = put_literal(op, next_emit, (size_t)(iend - next_emit));
    }
    return op;
}

ppq_status_t ppq_snappy_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                 size_t *dst_len, unsigned table_bits, void *work, size_t work_len)
{
    const uint8_t *ip = ppq_input(src);
    uint8_t *op = dst, *oend;
    size_t pos = 0, v = src_len;
    if (dst_len == NULL || (src == NULL && src_len > 0u) || dst == NULL || table_bits < PPQ_SNAPPY_TABLE_BITS_MIN ||
        table_bits > PPQ_SNAPPY_TABLE_BITS_MAX || src_len > 0xFFFFFFFFu) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    if (src_len >= INPUT_MARGIN &&
        (work == NULL ||
         work_len < PPQ_SNAPPY_WORK_SIZE(fragment_bits(src_len < FRAGMENT ? src_len : FRAGMENT, table_bits)))) {
        return PPQ_ERR_ARENA;
    }
    if (((uintptr_t)work & 1u) != 0u) {
        return PPQ_ERR_ARG; /* a table of 2-byte entries */
    }
    oend = dst + dst_cap;
    do {
        if (op == oend) {
            return PPQ_ERR_NOSPACE;
        }
        *op++ = (uint8_t)(v < 0x80u ? v : (v & 0x7Fu) | 0x80u);
        v >>= 7;
    } while (v != 0u);
    while (pos < src_len) {
        size_t n = src_len - pos < FRAGMENT ? src_len - pos : FRAGMENT;
        op = compress_fragment(ip + pos, n, op, oend, (uint16_t *)work, fragment_bits(n, table_bits));
        if (op == NULL) {
            return PPQ_ERR_NOSPACE;
        }
        pos += n;
    }
    *dst_len = (size_t)(op - dst);
    return PPQ_OK;
}
