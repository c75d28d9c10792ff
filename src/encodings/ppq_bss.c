/* BYTE_STREAM_SPLIT encoder and decoder. */
#include "ppq_bss.h"
#include "ppq_internal.h"

#include "ppq_plain.h" /* PPQ_COUNT_ALL */
#include "ppq_port.h"  /* PPQ_FAST64 */

/* Decoding transposes the streams' bytes in 64-bit words on little-endian
 * 64-bit CPUs.  32-bit ones copy stream by stream: on the M0 that takes
 * fewer instructions per value (28 instead of 40 for FLOAT), on the M4
 * more (24 instead of 16; DOUBLE 48 instead of 45), in 1.1 KB less flash. */
#define BSS_TRANSPOSE (PPQ_HOST_LE && PPQ_FAST64)

/* x86-64 hosts: SSE2 (always present there) interleaves 16 values of each
 * stream per step; PPQ_NO_SIMD keeps the portable path. */
#if defined(__SSE2__) && BSS_TRANSPOSE && !defined(PPQ_NO_SIMD)
#include <emmintrin.h>
#define PPQ_BSS_SSE2 1

/* Interleave 16 values from 4 streams into 64 bytes at o. */
static void interleave4_sse2(const uint8_t *s0, size_t stride, uint8_t *o)
{
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)s0);
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s0 + stride));
    __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s0 + 2u * stride));
    __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(s0 + 3u * stride));
    __m128i ab_lo = _mm_unpacklo_epi8(a, b), ab_hi = _mm_unpackhi_epi8(a, b);
    __m128i cd_lo = _mm_unpacklo_epi8(c, d), cd_hi = _mm_unpackhi_epi8(c, d);
    _mm_storeu_si128((__m128i *)(void *)o, _mm_unpacklo_epi16(ab_lo, cd_lo));
    _mm_storeu_si128((__m128i *)(void *)(o + 16), _mm_unpackhi_epi16(ab_lo, cd_lo));
    _mm_storeu_si128((__m128i *)(void *)(o + 32), _mm_unpacklo_epi16(ab_hi, cd_hi));
    _mm_storeu_si128((__m128i *)(void *)(o + 48), _mm_unpackhi_epi16(ab_hi, cd_hi));
}

/* Interleave 16 values from 8 streams into 128 bytes at o.  Spelled out
 * step by step: written as loops over arrays, GCC -O2 keeps the arrays on
 * the stack and runs at a tenth of the speed. */
#define LOAD16(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE16(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
static void interleave8_sse2(const uint8_t *s0, size_t stride, uint8_t *o)
{
    __m128i s0v = LOAD16(s0), s1v = LOAD16(s0 + stride), s2v = LOAD16(s0 + 2u * stride);
    __m128i s3v = LOAD16(s0 + 3u * stride), s4v = LOAD16(s0 + 4u * stride), s5v = LOAD16(s0 + 5u * stride);
    __m128i s6v = LOAD16(s0 + 6u * stride), s7v = LOAD16(s0 + 7u * stride);
    /* byte pairs of streams (0,1), (2,3), (4,5), (6,7): values 0-7 lo, 8-15 hi */
    __m128i p01l = _mm_unpacklo_epi8(s0v, s1v), p01h = _mm_unpackhi_epi8(s0v, s1v);
    __m128i p23l = _mm_unpacklo_epi8(s2v, s3v), p23h = _mm_unpackhi_epi8(s2v, s3v);
    __m128i p45l = _mm_unpacklo_epi8(s4v, s5v), p45h = _mm_unpackhi_epi8(s4v, s5v);
    __m128i p67l = _mm_unpacklo_epi8(s6v, s7v), p67h = _mm_unpackhi_epi8(s6v, s7v);
    /* 4-byte halves: streams 0-3 (q0..q3) and 4-7 (q4..q7) of values 0-3, 4-7, 8-11, 12-15 */
    __m128i q0 = _mm_unpacklo_epi16(p01l, p23l), q1 = _mm_unpackhi_epi16(p01l, p23l);
    __m128i q2 = _mm_unpacklo_epi16(p01h, p23h), q3 = _mm_unpackhi_epi16(p01h, p23h);
    __m128i q4 = _mm_unpacklo_epi16(p45l, p67l), q5 = _mm_unpackhi_epi16(p45l, p67l);
    __m128i q6 = _mm_unpacklo_epi16(p45h, p67h), q7 = _mm_unpackhi_epi16(p45h, p67h);
    /* whole values: low halves from q0..q3, high halves from q4..q7 */
    STORE16(o, _mm_unpacklo_epi32(q0, q4));
    STORE16(o + 16, _mm_unpackhi_epi32(q0, q4));
    STORE16(o + 32, _mm_unpacklo_epi32(q1, q5));
    STORE16(o + 48, _mm_unpackhi_epi32(q1, q5));
    STORE16(o + 64, _mm_unpacklo_epi32(q2, q6));
    STORE16(o + 80, _mm_unpackhi_epi32(q2, q6));
    STORE16(o + 96, _mm_unpacklo_epi32(q3, q7));
    STORE16(o + 112, _mm_unpackhi_epi32(q3, q7));
}
#endif

/* K for the supported types, 0 otherwise. */
static uint32_t stream_count(ppq_type_t type, uint32_t type_len)
{
    switch (type) {
    case PPQ_FLOAT:
    case PPQ_INT32: return 4;
    case PPQ_DOUBLE:
    case PPQ_INT64: return 8;
    case PPQ_FIXED_LEN_BYTE_ARRAY: return type_len > 0u && type_len <= 0xFFFFu ? type_len : 0u;
    default: return 0;
    }
}

size_t ppq_bss_enc_arena_size(ppq_type_t type, uint32_t type_len, uint32_t max_values)
{
    uint32_t k = stream_count(type, type_len);
    if (k == 0u || (uint64_t)k * max_values > (size_t)-1 / 2u) {
        return 0;
    }
    return PPQ_ARENA_ROUND((size_t)k * max_values);
}

ppq_status_t ppq_bss_enc_init(ppq_bss_enc_t *enc, ppq_type_t type, uint32_t type_len, uint32_t max_values,
                              ppq_sink_t *out, ppq_arena_t *arena)
{
    size_t need = ppq_bss_enc_arena_size(type, type_len, max_values);
    if (enc == NULL || out == NULL || arena == NULL || stream_count(type, type_len) == 0u) {
        return PPQ_ERR_ARG;
    }
    enc->streams = (uint8_t *)ppq_arena_alloc(arena, need);
    if (enc->streams == NULL) {
        return PPQ_ERR_ARENA;
    }
    enc->out = out;
    enc->width = stream_count(type, type_len);
    enc->max_values = max_values;
    enc->count = 0;
    enc->finished = 0;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

ppq_status_t ppq_bss_enc_put(ppq_bss_enc_t *enc, const void *values, size_t n)
{
    const uint8_t *v = (const uint8_t *)values;
    size_t i, k, stride = enc->max_values;
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    if (values == NULL && n > 0u) {
        return PPQ_ERR_ARG;
    }
    if (n > (size_t)(enc->max_values - enc->count)) {
        return PPQ_ERR_NOSPACE;
    }
    /* A number's stream bytes are its little-endian bytes: big-endian
     * hosts take them through the little-endian store. */
    for (i = 0; i < n; i++, v += enc->width) {
        uint8_t le[8];
        const uint8_t *src = v;
        if (!PPQ_HOST_LE && (enc->width == 4u || enc->width == 8u)) {
            ppq_store_value_le(le, v, enc->width);
            src = le;
        }
        for (k = 0; k < enc->width; k++) {
            enc->streams[k * stride + enc->count] = src[k];
        }
        enc->count++;
    }
    return PPQ_OK;
}

ppq_status_t ppq_bss_enc_finish(ppq_bss_enc_t *enc)
{
    uint32_t k;
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    enc->finished = 1;
    for (k = 0; k < enc->width && enc->err == PPQ_OK; k++) {
        enc->err = ppq_sink_write(enc->out, enc->streams + (size_t)k * enc->max_values, enc->count);
    }
    return enc->err;
}

ppq_status_t ppq_bss_dec_init(ppq_bss_dec_t *dec, ppq_type_t type, uint32_t type_len, const void *data, size_t len,
                              size_t count)
{
    uint32_t k = stream_count(type, type_len);
    if (dec == NULL || (data == NULL && len > 0u) || k == 0u) {
        return PPQ_ERR_ARG;
    }
    if (count == PPQ_COUNT_ALL) {
        count = len / k;
    }
    if (len % k != 0u || len / k != count) {
        return PPQ_ERR_CORRUPT;
    }
    dec->data = ppq_input(data);
    dec->count = count;
    dec->next = 0;
    dec->width = k;
    return PPQ_OK;
}

#if BSS_TRANSPOSE
#define M8 0x00FF00FF00FF00FFull
#define M16 0x0000FFFF0000FFFFull
#define M32 0x00000000FFFFFFFFull

/* Exchange the `mask`-selected units of rows a, b (`shift` bits apart):
 * one butterfly of the transposes below. */
#define SWAP_UNITS(a, b, mask, shift)                                   \
    do {                                                                \
        uint64_t a_ = (a), b_ = (b);                                    \
        (a) = (a_ & (mask)) | ((b_ & (mask)) << (shift));               \
        (b) = ((a_ >> (shift)) & (mask)) | (b_ & ~(mask));              \
    } while (0)

/* Transpose an 8x8 byte matrix held as eight 64-bit rows (row k = byte
 * stream k, byte j of it = value j): afterwards row j holds value j. */
static void transpose8x8(uint64_t *r)
{
    uint64_t r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3], r4 = r[4], r5 = r[5], r6 = r[6], r7 = r[7];
    SWAP_UNITS(r0, r1, M8, 8);
    SWAP_UNITS(r2, r3, M8, 8);
    SWAP_UNITS(r4, r5, M8, 8);
    SWAP_UNITS(r6, r7, M8, 8);
    SWAP_UNITS(r0, r2, M16, 16);
    SWAP_UNITS(r1, r3, M16, 16);
    SWAP_UNITS(r4, r6, M16, 16);
    SWAP_UNITS(r5, r7, M16, 16);
    SWAP_UNITS(r0, r4, M32, 32);
    SWAP_UNITS(r1, r5, M32, 32);
    SWAP_UNITS(r2, r6, M32, 32);
    SWAP_UNITS(r3, r7, M32, 32);
    r[0] = r0;
    r[1] = r1;
    r[2] = r2;
    r[3] = r3;
    r[4] = r4;
    r[5] = r5;
    r[6] = r6;
    r[7] = r7;
}
#endif

ppq_status_t ppq_bss_dec_get(ppq_bss_dec_t *dec, void *out, size_t max, size_t *got)
{
    const uint8_t *d = dec->data;
    size_t n = dec->count - dec->next, i, k, N = dec->count, at = dec->next;
    uint8_t *o = (uint8_t *)out;
    n = n < max ? n : max;
    *got = 0;
    if (out == NULL && n > 0u) {
        return PPQ_ERR_ARG;
    }
#if BSS_TRANSPOSE
    /* Little-endian host: a value's bytes in memory are its stream bytes in
     * order.  Eight values at a time, the streams' bytes are transposed
     * with shifts and masks on 64-bit words (no SIMD needed). */
    if (dec->width == 4u) {
        const uint8_t *s0 = d + at, *s1 = s0 + N, *s2 = s1 + N, *s3 = s2 + N;
        i = 0;
#ifdef PPQ_BSS_SSE2
        for (; i + 16u <= n; i += 16u) {
            interleave4_sse2(s0 + i, N, o + 4 * i);
        }
#endif
        for (; i + 8u <= n; i += 8u) {
            uint64_t a = ppq_load_le64(s0 + i), b = ppq_load_le64(s1 + i);
            uint64_t c = ppq_load_le64(s2 + i), e = ppq_load_le64(s3 + i);
            uint64_t v04, v15, v26, v37;
            SWAP_UNITS(a, b, M8, 8);   /* a: bytes 0,2,4,6 of streams 0,1; b: odd */
            SWAP_UNITS(c, e, M8, 8);
            SWAP_UNITS(a, c, M16, 16); /* a: values 0 and 4; c: 2 and 6 */
            SWAP_UNITS(b, e, M16, 16); /* b: values 1 and 5; e: 3 and 7 */
            v04 = a;
            v15 = b;
            v26 = c;
            v37 = e;
            ppq_store_le64(o + 4 * i, (v04 & M32) | (v15 << 32));
            ppq_store_le64(o + 4 * i + 8, (v26 & M32) | (v37 << 32));
            ppq_store_le64(o + 4 * i + 16, (v04 >> 32) | (v15 & ~M32));
            ppq_store_le64(o + 4 * i + 24, (v26 >> 32) | (v37 & ~M32));
        }
        for (; i < n; i++) {
            o[4 * i] = s0[i];
            o[4 * i + 1] = s1[i];
            o[4 * i + 2] = s2[i];
            o[4 * i + 3] = s3[i];
        }
    } else if (dec->width == 8u) {
        const uint8_t *s0 = d + at;
        i = 0;
#ifdef PPQ_BSS_SSE2
        for (; i + 16u <= n; i += 16u) {
            interleave8_sse2(s0 + i, N, o + 8 * i);
        }
#endif
        for (; i + 8u <= n; i += 8u) {
            uint64_t r[8];
            for (k = 0; k < 8u; k++) {
                r[k] = ppq_load_le64(s0 + k * N + i);
            }
            transpose8x8(r);
            for (k = 0; k < 8u; k++) {
                ppq_store_le64(o + 8 * (i + k), r[k]);
            }
        }
        for (; i < n; i++) {
            for (k = 0; k < 8u; k++) {
                o[8 * i + k] = s0[k * N + i];
            }
        }
    } else
#elif !PPQ_HOST_LE
    if (dec->width == 4u || dec->width == 8u) {
        /* Big-endian hosts: gather a value's stream bytes (its
         * little-endian bytes, byte k from stream k), then store the
         * number they make in the host's order. */
        for (i = 0; i < n; i++) {
            uint8_t le[8];
            for (k = 0; k < dec->width; k++) {
                le[k] = d[k * N + at + i];
            }
            ppq_load_value_le(o + dec->width * i, le, dec->width);
        }
    } else
#endif
    {
        for (k = 0; k < dec->width; k++) { /* stream by stream */
            const uint8_t *s = d + k * N + at;
            uint8_t *p = o + k;
            for (i = 0; i < n; i++, p += dec->width) {
                *p = s[i];
            }
        }
    }
    dec->next += n;
    *got = n;
    return PPQ_OK;
}
