/*
 * Helpers shared by the two byte-oriented LZ77 codecs (ppq_snappy.c,
 * ppq_lz4.c): unaligned little-endian loads, the 64-bit-host copy kernels
 * of their decompressors' fast loops, and the match-length counter of
 * their compressors.  Internal header: not for library users.
 *
 * LZ_FAST (64-bit little-endian hosts with intrinsics, i.e. PPQ_FAST64 and
 * PPQ_HOST_LE): decompressors copy 8 or 16 bytes at a time where the output
 * has room for the overrun, and compressors compare 8 bytes at a time.  On
 * 32-bit targets (the Cortex-M boards) only the plain loops are built, for
 * flash; the output bytes never depend on it.
 */
#ifndef PPQ_LZ_INTERNAL_H
#define PPQ_LZ_INTERNAL_H

#include "ppq_internal.h"
#include "ppq_port.h"

#if PPQ_FAST64 && PPQ_HOST_LE
#define LZ_FAST 1
#else
#define LZ_FAST 0
#endif

#if defined(__GNUC__) || defined(__clang__)
#define LZ_INLINE static inline __attribute__((always_inline))
#define LZ_LIKELY(x) __builtin_expect(!!(x), 1)
#define LZ_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define LZ_INLINE static inline
#define LZ_LIKELY(x) (x)
#define LZ_UNLIKELY(x) (x)
#endif

/* 4 bytes at p as a little-endian number (any alignment). */
LZ_INLINE uint32_t lz_load32(const uint8_t *p)
{
#if PPQ_HOST_LE
    uint32_t v;
    PPQ_COPY(&v, p, 4);
    return v;
#else
    return ppq_load_le32(p);
#endif
}

LZ_INLINE uint16_t lz_load16(const uint8_t *p)
{
#if PPQ_HOST_LE
    uint16_t v;
    PPQ_COPY(&v, p, 2);
    return v;
#else
    return ppq_load_le16(p);
#endif
}

#if LZ_FAST
LZ_INLINE uint64_t lz_load64(const uint8_t *p)
{
    uint64_t v;
    PPQ_COPY(&v, p, 8);
    return v;
}

LZ_INLINE void lz_copy8(uint8_t *d, const uint8_t *s)
{
    PPQ_COPY(d, s, 8);
}

LZ_INLINE void lz_copy16(uint8_t *d, const uint8_t *s)
{
    PPQ_COPY(d, s, 16);
}

/* Copy n bytes from s to d (not overlapping) 32 at a time: reads and
 * writes up to 31 bytes more, which the caller has room for. */
LZ_INLINE void lz_copy_wild(uint8_t *d, const uint8_t *s, size_t n)
{
    uint8_t *end = d + n;
    do {
        lz_copy16(d, s);
        lz_copy16(d + 16, s + 16);
        d += 32;
        s += 32;
    } while (d < end);
}

/*
 * Copy `len` bytes from `op - off` to `op` (off >= 1, the source entirely
 * inside the output written so far) as an LZ77 match: when off < len the
 * bytes repeat with period `off`.  Writes up to op + len + 15 bytes (at
 * least op + 16): the caller guarantees the room.  Returns op + len.
 */
LZ_INLINE uint8_t *lz_match_copy_wild(uint8_t *op, size_t off, size_t len)
{
    const uint8_t *m = op - off;
    uint8_t *end = op + len;
    if (LZ_LIKELY(off >= 16u)) {
        do {
            lz_copy16(op, m);
            op += 16;
            m += 16;
        } while (op < end);
        return end;
    }
    /* Period below 16: write the first 16 bytes (8 at a time when off >= 8,
     * else one by one), after which the pattern repeats with a period of
     * k * off >= 16 (the smallest such multiple, at most off + 15 back: still
     * inside the output), so 16-byte copies from that far back are exact. */
    {
        size_t step = off;
        if (off >= 8u) {
            lz_copy8(op, m);
            lz_copy8(op + 8, m + 8);
        } else {
            size_t i;
            for (i = 0; i < 16u; i++) {
                op[i] = m[i];
            }
        }
        while (step < 16u) {
            step += off;
        }
        op += 16;
        while (op < end) {
            lz_copy16(op, op - step);
            op += 16;
        }
    }
    return end;
}

/* Equal leading bytes of a and b, comparing no byte at or past b_end
 * (a < b: a's bytes precede b's). */
LZ_INLINE size_t lz_count(const uint8_t *a, const uint8_t *b, const uint8_t *b_end)
{
    const uint8_t *start = b;
    while (b_end - b >= 8) {
        uint64_t x = lz_load64(a) ^ lz_load64(b);
        if (x != 0u) {
            return (size_t)(b - start) + ((unsigned)__builtin_ctzll(x) >> 3);
        }
        a += 8;
        b += 8;
    }
    while (b < b_end && *a == *b) {
        a++;
        b++;
    }
    return (size_t)(b - start);
}
#else
LZ_INLINE size_t lz_count(const uint8_t *a, const uint8_t *b, const uint8_t *b_end)
{
    const uint8_t *start = b;
    while (b < b_end && *a == *b) {
        a++;
        b++;
    }
    return (size_t)(b - start);
}
#endif

/* Byte-at-a-time match copy (overlap-safe for any off >= 1). */
LZ_INLINE void lz_match_copy_bytes(uint8_t *op, size_t off, size_t len)
{
    const uint8_t *m = op - off;
    size_t i;
    for (i = 0; i < len; i++) {
        op[i] = m[i];
    }
}

#endif /* PPQ_LZ_INTERNAL_H */
