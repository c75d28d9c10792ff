/* Internal helpers shared by the library's sources (not installed). */
#ifndef PPQ_INTERNAL_H
#define PPQ_INTERNAL_H

/* Keeps a function out of line, so that its frame does not add to its
 * callers' on the deepest stack paths. */
#if defined(__GNUC__) || defined(__clang__)
#define PPQ_NOINLINE __attribute__((noinline))
#else
#define PPQ_NOINLINE
#endif

#include "ppq_core.h"
#include "ppq_port.h" /* PPQ_LITTLE_ENDIAN, PPQ_FAST64 */

#include <string.h>

/* Little-endian host (PPQ_LITTLE_ENDIAN, port/ppq_port.h): fixed-width
 * values may be copied as they are.  PPQ_NO_INTRINSICS forces the
 * portable byte-by-byte path. */
#if !defined(PPQ_NO_INTRINSICS) && PPQ_LITTLE_ENDIAN
#define PPQ_HOST_LE 1
#else
#define PPQ_HOST_LE 0
#endif

/* Unsigned division for the encoders' few divisions (block geometry and
 * capacities, never per value).  On Arm cores without a divide
 * instruction (v6-M) `/` links libgcc's divider, 270 bytes of flash; this
 * shift-and-subtract loop is a tenth of that.  b must not be 0. */
#if defined(__arm__) && !defined(__ARM_FEATURE_IDIV)
static inline uint32_t ppq_udiv32(uint32_t a, uint32_t b)
{
    uint32_t q = 0, r = 0;
    int i;
    for (i = 31; i >= 0; i--) {
        r = r << 1 | ((a >> i) & 1u);
        if (r >= b) {
            r -= b;
            q |= 1u << i;
        }
    }
    return q;
}
#else
static inline uint32_t ppq_udiv32(uint32_t a, uint32_t b)
{
    return a / b;
}
#endif

/* Index of the highest set bit of x (x > 0): the ZSTD codecs' FSE and
 * Huffman arithmetic. */
static inline unsigned ppq_highbit32(uint32_t x)
{
#if (defined(__GNUC__) || defined(__clang__)) && !defined(PPQ_NO_INTRINSICS)
    return 31u - (unsigned)__builtin_clz(x);
#else
    unsigned n = 0;
    while (x >>= 1) {
        n++;
    }
    return n;
#endif
}

/* Small fixed-size copies: the library builds with -ffreestanding, which
 * turns off the compiler's inlining of memcpy; the builtin restores it. */
#if defined(__GNUC__) || defined(__clang__)
#define PPQ_COPY(dst, src, n) __builtin_memcpy((dst), (src), (n))
#else
#define PPQ_COPY(dst, src, n) memcpy((dst), (src), (n))
#endif

/* Decoders accept (NULL, 0) as an empty input, but arithmetic on a NULL
 * pointer is undefined even when adding 0: they read from this instead. */
extern const uint8_t ppq_empty_input[1];
static inline const uint8_t *ppq_input(const void *data)
{
    return data != NULL ? (const uint8_t *)data : ppq_empty_input;
}

/* Bytes of local scratch an encoder may use to batch small writes; sized
 * to keep every codec call well inside its stack budget. */
#define PPQ_SCRATCH 128u

/* Store one fixed-width numeric value (INT32, INT64, FLOAT, DOUBLE) of
 * `width` bytes from memory at `v` to `out` in little-endian order. */
static inline void ppq_store_value_le(uint8_t *out, const void *v, size_t width)
{
    if (width == 4u) {
        uint32_t u;
        PPQ_COPY(&u, v, 4);
        ppq_store_le32(out, u);
    } else {
        uint64_t u;
        PPQ_COPY(&u, v, 8);
        ppq_store_le64(out, u);
    }
}

/* The reverse of ppq_store_value_le. */
static inline void ppq_load_value_le(void *v, const uint8_t *in, size_t width)
{
    if (width == 4u) {
        uint32_t u = ppq_load_le32(in);
        PPQ_COPY(v, &u, 4);
    } else {
        uint64_t u = ppq_load_le64(in);
        PPQ_COPY(v, &u, 8);
    }
}

/* A 32-bit bit accumulator (32-bit cores shift a 64-bit one in several
 * instructions): append `bits` (1..32) bits of v LSB-first, storing each
 * full word little-endian at *out (ppq_pack32, the RLE encoder's pairs). */
static PPQ_ALWAYS_INLINE void ppq_acc_put(uint32_t *acc, unsigned *nbits, uint32_t v, unsigned bits, uint8_t **out)
{
    *acc |= v << *nbits;
    *nbits += bits;
    if (*nbits >= 32u) {
        ppq_store_le32(*out, *acc);
        *out += 4;
        *nbits -= 32u;
        *acc = *nbits > 0u ? v >> (bits - *nbits) : 0u; /* the bits that did not fit */
    }
}

#endif /* PPQ_INTERNAL_H */
