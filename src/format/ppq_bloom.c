/*
 * Split-block bloom filters, from the Parquet format's "Bloom Filter"
 * section: sizing from (ndv, fpp), insert and check over the bitset's
 * bytes as stored, the value hashes, and the BloomFilterHeader.
 *
 * A word's bit j is bit (j & 7) of its byte (j >> 3), the words being
 * little-endian: the filter is worked on byte by byte, so the bytes in
 * memory are the bytes in the file on any host.
 */
#include "ppq_bloom.h"
#include "ppq_internal.h"
#include "ppq_xxh64.h"

/* The spec's salt: one odd constant per word of a block. */
static const uint32_t salt[8] = {0x47b6137bu, 0x44974d91u, 0x8824ad5bu, 0xa2b7289du,
                                 0x705495c7u, 0x2df1424bu, 0x9efc4947u, 0x5c6bfb31u};

/* floor(sqrt(x)), bit by bit. */
static uint64_t isqrt64(uint64_t x)
{
    uint64_t r = 0, bit = (uint64_t)1 << 62;
    while (bit > x) {
        bit >>= 2;
    }
    while (bit != 0u) {
        if (x >= r + bit) {
            x -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

/* -log2(y / 2^32) as a 32.32 fixed-point number, for 0 < y < 2^32: the
 * integer part from the leading bit, the fraction bit by bit by squaring
 * the mantissa (kept as a 1.31 number). */
static uint64_t neg_log2_q32(uint64_t y)
{
    unsigned e = 31; /* floor(log2(y)) */
    uint64_t m;
    uint32_t f = 0;
    unsigned i;
    while ((y >> e) == 0u) {
        e--;
    }
    m = y << (31u - e); /* [2^31, 2^32): 1.31 */
    for (i = 0; i < 32u; i++) {
        m = (m * m) >> 31;
        if (m >= ((uint64_t)1 << 32)) {
            m >>= 1;
            f |= (uint32_t)1 << (31u - i);
        }
    }
    /* log2(y / 2^32) = e + f / 2^32 - 32 */
    return ((uint64_t)(32u - e) << 32) - f;
}

uint32_t ppq_bloom_bytes(uint64_t ndv, uint32_t fpp_ppm, uint32_t max_bytes)
{
    uint64_t p, r, nl, d, q;
    uint32_t cap = PPQ_BLOOM_BLOCK_BYTES, n = PPQ_BLOOM_BLOCK_BYTES;
    unsigned i;
    while (cap <= max_bytes / 2u && cap < PPQ_BLOOM_MAX_BYTES) {
        cap *= 2u;
    }
    if (fpp_ppm < 1u) {
        fpp_ppm = 1u;
    } else if (fpp_ppm > 999999u) {
        fpp_ppm = 999999u;
    }
    if (ndv > 0xFFFFFFFFu) {
        return cap;
    }
    /* fpp^(1/8), 0.32: three square roots */
    p = ((uint64_t)fpp_ppm << 32) / 1000000u;
    r = p;
    for (i = 0; i < 3u; i++) {
        r = isqrt64(r << 32);
    }
    /* d = -ln(1 - fpp^(1/8)) = ln 2 * -log2(1 - r), 32.32; ln 2 as 0.32 */
    nl = neg_log2_q32(((uint64_t)1 << 32) - r);
    d = (nl >> 32) * 2977044472u + (((nl & 0xFFFFFFFFu) * 2977044472u) >> 32);
    if (d == 0u) {
        return cap;
    }
    /* floor(m / 8) = floor(ndv / d) bytes */
    q = (ndv << 32) / d;
    while (n < q && n < cap) {
        n *= 2u;
    }
    return n;
}

void ppq_bloom_clear(uint8_t *bits, uint32_t num_bytes)
{
    if (num_bytes > 0u) {
        memset(bits, 0, num_bytes);
    }
}

/* The block the hash picks: ((h >> 32) * blocks) >> 32. */
static size_t block_at(uint32_t num_bytes, uint64_t hash)
{
    uint64_t z = num_bytes / PPQ_BLOOM_BLOCK_BYTES;
    return (size_t)(((hash >> 32) * z) >> 32) * PPQ_BLOOM_BLOCK_BYTES;
}

void ppq_bloom_insert(uint8_t *bits, uint32_t num_bytes, uint64_t hash)
{
    uint8_t *b;
    uint32_t x = (uint32_t)hash;
    unsigned w;
    if (num_bytes < PPQ_BLOOM_BLOCK_BYTES) {
        return;
    }
    b = bits + block_at(num_bytes, hash);
    for (w = 0; w < 8u; w++) {
        uint32_t bit = (x * salt[w]) >> 27;
        b[w * 4u + (bit >> 3)] |= (uint8_t)(1u << (bit & 7u));
    }
}

int ppq_bloom_check(const uint8_t *bits, uint32_t num_bytes, uint64_t hash)
{
    const uint8_t *b;
    uint32_t x = (uint32_t)hash;
    unsigned w;
    if (num_bytes < PPQ_BLOOM_BLOCK_BYTES) {
        return 1;
    }
    b = bits + block_at(num_bytes, hash);
    for (w = 0; w < 8u; w++) {
        uint32_t bit = (x * salt[w]) >> 27;
        if ((b[w * 4u + (bit >> 3)] & (1u << (bit & 7u))) == 0u) {
            return 0;
        }
    }
    return 1;
}

uint64_t ppq_bloom_hash_bytes(const void *data, size_t len)
{
    return ppq_xxh64((const uint8_t *)data, len, 0);
}

uint64_t ppq_bloom_hash_i32(int32_t v)
{
    uint8_t b[4];
    ppq_store_le32(b, (uint32_t)v);
    return ppq_xxh64(b, 4, 0);
}

uint64_t ppq_bloom_hash_i64(int64_t v)
{
    uint8_t b[8];
    ppq_store_le64(b, (uint64_t)v);
    return ppq_xxh64(b, 8, 0);
}

uint64_t ppq_bloom_hash_float(float v)
{
    uint32_t u;
    PPQ_COPY(&u, &v, 4);
    return ppq_bloom_hash_i32((int32_t)u);
}

uint64_t ppq_bloom_hash_double(double v)
{
    uint64_t u;
    PPQ_COPY(&u, &v, 8);
    return ppq_bloom_hash_i64((int64_t)u);
}

/* ---- BloomFilterHeader ------------------------------------------------- */

ppq_status_t ppq_bloom_header_write(ppq_sink_t *out, uint32_t num_bytes)
{
    ppq_thrift_w_t w;
    int16_t id;
    if (out == NULL || num_bytes == 0u || num_bytes % PPQ_BLOOM_BLOCK_BYTES != 0u || num_bytes > 0x7FFFFFFFu) {
        return PPQ_ERR_ARG;
    }
    ppq_thrift_w_init(&w, out);
    ppq_thrift_w_i32(&w, 1, (int32_t)num_bytes);
    /* algorithm BLOCK, hash XXHASH, compression UNCOMPRESSED: each a union
     * whose member 1, an empty struct, is set */
    for (id = 2; id <= 4; id++) {
        ppq_thrift_w_struct(&w, id);
        ppq_thrift_w_struct(&w, 1);
        ppq_thrift_w_end(&w);
        ppq_thrift_w_end(&w);
    }
    ppq_thrift_w_end(&w);
    return ppq_thrift_w_status(&w);
}

/* A union (BloomFilterAlgorithm, BloomFilterHash, BloomFilterCompression)
 * whose one known member is field 1, an empty struct: PPQ_OK when that is
 * the member set, PPQ_ERR_UNSUPPORTED for another one. */
static ppq_status_t read_union(ppq_thrift_r_t *r, ppq_thrift_type_t type)
{
    int16_t id;
    ppq_thrift_type_t t;
    int known = 0, other = 0;
    ppq_status_t st = ppq_thrift_r_struct(r, type);
    while (st == PPQ_OK) {
        st = ppq_thrift_r_field(r, &id, &t);
        if (st != PPQ_OK || t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 1 && t == PPQ_THRIFT_STRUCT) {
            known = 1;
        } else {
            other = 1;
        }
        st = ppq_thrift_r_skip(r, t); /* (the member's fields, if any, are not looked at) */
    }
    if (st != PPQ_OK) {
        return st;
    }
    return known ? PPQ_OK : other ? PPQ_ERR_UNSUPPORTED : PPQ_ERR_CORRUPT;
}

ppq_status_t ppq_bloom_header_parse(ppq_thrift_r_t *r, uint32_t max_bytes, uint32_t *num_bytes)
{
    int16_t id;
    ppq_thrift_type_t t;
    int32_t n = 0;
    unsigned seen = 0;
    ppq_status_t st, unsupported = PPQ_OK;
    for (;;) {
        st = ppq_thrift_r_field(r, &id, &t);
        if (st != PPQ_OK) {
            return st;
        }
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 1 && t == PPQ_THRIFT_I32) {
            st = ppq_thrift_r_i32(r, t, &n);
        } else if (id >= 2 && id <= 4 && t == PPQ_THRIFT_STRUCT) {
            st = read_union(r, t);
            if (st == PPQ_ERR_UNSUPPORTED) {
                unsupported = st; /* (the rest must still be well formed) */
                st = PPQ_OK;
            }
        } else {
            st = ppq_thrift_r_skip(r, t);
            id = 0;
        }
        if (st != PPQ_OK) {
            return st;
        }
        if (id >= 1 && id <= 4) {
            seen |= 1u << id;
        }
    }
    if (seen != 0x1Eu || n <= 0 || (uint32_t)n % PPQ_BLOOM_BLOCK_BYTES != 0u || (uint32_t)n > max_bytes) {
        return PPQ_ERR_CORRUPT;
    }
    if (unsupported != PPQ_OK) {
        return unsupported;
    }
    *num_bytes = (uint32_t)n;
    return PPQ_OK;
}

ppq_status_t ppq_bloom_header_read(const void *data, size_t len, uint32_t max_bytes, uint32_t *num_bytes,
                                   size_t *header_len)
{
    ppq_thrift_r_t r;
    ppq_status_t st;
    if (data == NULL || num_bytes == NULL || header_len == NULL) {
        return PPQ_ERR_ARG;
    }
    ppq_thrift_r_init(&r, data, len);
    st = ppq_bloom_header_parse(&r, max_bytes, num_bytes);
    if (st == PPQ_OK) {
        *header_len = ppq_thrift_r_offset(&r, data);
    }
    return st;
}
