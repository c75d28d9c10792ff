/*
 * Portable C99 bit-unpack kernels.  The group kernel is specialised per
 * width: every shift and mask is a compile-time constant, the input words
 * are loaded once (restrict lets the compiler keep them in registers), and
 * a value straddling two words is joined with one shift and OR (or, on
 * 64-bit targets, cut from one 8-byte load: PPQ_FAST64 in ppq_port.h).  Nothing
 * past the group's 4*width input bytes is read.
 * (PPQ_UNPACK_SMALL builds unpack value by value in src/core and link none
 * of these.)
 */
#include "ppq_port.h"
#include "ppq_core.h"

const char ppq_port_name[] = "generic";


#define MASK32(w) ((w) >= 32u ? 0xFFFFFFFFu : ((1u << (w)) - 1u))

/* Value `i` of a group of 32 packed at `w` bits.  Must inline: with
 * constant `w` and `i` it folds to a shift and a mask of a loaded word.
 * Every branch here is decided at compile time in each kernel, so the
 * coverage report leaves them out (LCOV_EXCL_BR_LINE). */
/* A 32-bit little-endian word: a plain load on little-endian targets that
 * allow unaligned loads (the compiler then combines neighbouring loads),
 * bytes otherwise (on ARMv6-M a 4-byte memcpy would become a call). */
static PPQ_ALWAYS_INLINE uint32_t word_at(const uint8_t *restrict p)
{
#if PPQ_LITTLE_ENDIAN && (defined(__GNUC__) || defined(__clang__)) && \
    (!defined(__arm__) || defined(__ARM_FEATURE_UNALIGNED))
    uint32_t w;
    __builtin_memcpy(&w, p, 4);
    return w;
#else
    return ppq_load_le32(p);
#endif
}

#if PPQ_FAST64
/* An 8-byte little-endian word, as word_at. */
static PPQ_ALWAYS_INLINE uint64_t dword_at(const uint8_t *restrict p)
{
#if PPQ_LITTLE_ENDIAN && (defined(__GNUC__) || defined(__clang__))
    uint64_t w;
    __builtin_memcpy(&w, p, 8);
    return w;
#else
    return ppq_load_le64(p);
#endif
}
#endif

static PPQ_ALWAYS_INLINE uint32_t group_value(const uint8_t *restrict in, unsigned w, unsigned i)
{
    unsigned bit = i * w;
    unsigned word = bit >> 5;
    unsigned shift = bit & 31u;
    uint32_t mask = MASK32(w);                                        /* LCOV_EXCL_BR_LINE */
    uint32_t v;
#if PPQ_FAST64
    /* One load, one shift and a mask (x86-64 gcc -O2: about 4 instructions
     * a value instead of up to 7; 1.4x FastPFor's scalar unpack instead of
     * 1.1x) for every value of a width that is not a power of two, except in the
     * group's last word (8 bytes there would read past the group).  Powers
     * of two never straddle and stay 32-bit: the compiler turns widths 8, 16
     * and 32 into wide moves. */
    if ((w & (w - 1u)) != 0u && word + 1u < w) {                       /* LCOV_EXCL_BR_LINE */
        return (uint32_t)(dword_at(in + 4u * word) >> shift) & mask;
    }
#endif
    v = word_at(in + 4u * word) >> shift;
    if (shift + w > 32u) {                                            /* LCOV_EXCL_BR_LINE */
        v |= word_at(in + 4u * word + 4u) << (32u - shift);
    }
    return v & mask;
}

#define V1(i) out[i] = group_value(in, W, i);
#define V4(i) V1(i) V1(i + 1) V1(i + 2) V1(i + 3)
#define V32 V4(0) V4(4) V4(8) V4(12) V4(16) V4(20) V4(24) V4(28)
#define KERNEL(w)                                                                      \
    static void unpack_w##w(const uint8_t *restrict in, uint32_t *restrict out)        \
    {                                                                                  \
        enum { W = w };                                                                \
        V32                                                                            \
    }

/* The branches of the inlined group_value are attributed to these lines. */
KERNEL(1) KERNEL(2) KERNEL(3) KERNEL(5) KERNEL(6) KERNEL(7) /* LCOV_EXCL_BR_LINE */
KERNEL(9) KERNEL(10) KERNEL(11) KERNEL(12) KERNEL(13) KERNEL(14) KERNEL(15) /* LCOV_EXCL_BR_LINE */
KERNEL(17) KERNEL(18) KERNEL(19) KERNEL(20) KERNEL(21) KERNEL(22) KERNEL(23) KERNEL(24) /* LCOV_EXCL_BR_LINE */
KERNEL(25) KERNEL(26) KERNEL(27) KERNEL(28) KERNEL(29) KERNEL(30) KERNEL(31) KERNEL(32) /* LCOV_EXCL_BR_LINE */

#if PPQ_FAST64
/* Widths 4, 8 and 16, whose values split bytes evenly: loops over bytes of
 * a fixed count, which compilers turn into vector code on hosts (x86-64
 * gcc -O2: under 2 instructions a value instead of 4). */
static void unpack_w4(const uint8_t *restrict in, uint32_t *restrict out)
{
    unsigned i;
    for (i = 0; i < 16u; i++) {
        out[2u * i] = in[i] & 15u;
        out[2u * i + 1u] = (uint32_t)in[i] >> 4;
    }
}

static void unpack_w8(const uint8_t *restrict in, uint32_t *restrict out)
{
    unsigned i;
    for (i = 0; i < 32u; i++) {
        out[i] = in[i];
    }
}

static void unpack_w16(const uint8_t *restrict in, uint32_t *restrict out)
{
    unsigned i;
    for (i = 0; i < 32u; i++) {
        out[i] = (uint32_t)in[2u * i] | (uint32_t)in[2u * i + 1u] << 8;
    }
}
#else
KERNEL(4) KERNEL(8) KERNEL(16) /* LCOV_EXCL_BR_LINE */
#endif

typedef void (*group_kernel_fn)(const uint8_t *restrict in, uint32_t *restrict out);

static const group_kernel_fn group_kernels[33] = {
    0,           unpack_w1,  unpack_w2,  unpack_w3,  unpack_w4,  unpack_w5,  unpack_w6,
    unpack_w7,   unpack_w8,  unpack_w9,  unpack_w10, unpack_w11, unpack_w12, unpack_w13,
    unpack_w14,  unpack_w15, unpack_w16, unpack_w17, unpack_w18, unpack_w19, unpack_w20,
    unpack_w21,  unpack_w22, unpack_w23, unpack_w24, unpack_w25, unpack_w26, unpack_w27,
    unpack_w28,  unpack_w29, unpack_w30, unpack_w31, unpack_w32,
};

void ppq_port_unpack32_groups(const uint8_t *in, unsigned width, size_t groups, uint32_t *out)
{
    group_kernel_fn kernel = group_kernels[width];
    for (; groups > 0u; groups--) {
        kernel(in, out);
        in += 4u * width;
        out += 32;
    }
}


