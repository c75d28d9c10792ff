/*
 * Cortex-M bit-unpack kernels, chosen at compile time from the target's
 * predefined macros:
 *
 *  ARMv7-M / ARMv7E-M / ARMv8-M Mainline (M3, M4, M7, M33): a kernel per
 *  width works on spans of 8 values (`width` bytes, byte-aligned, loaded
 *  with unaligned LDR).  A value inside one word is a single UBFX; a value
 *  across two words is LSR + BFI; eight results leave with one STM.  Spans
 *  of 8 instead of groups of 32 keep each kernel a quarter of the size of
 *  a fully unrolled group.  Widths 1..3 (spans under 4 bytes) use groups.
 *
 *  ARMv6-M / ARMv8-M Baseline (M0, M0+, M23): no bitfield instructions and
 *  no unaligned loads.  Word-aligned input goes through a kernel per width
 *  built from LSLS/LSRS pairs on aligned words; other input takes the
 *  portable byte-wise path.
 *
 * Words are never loaded past the input: the last word of a span is
 * loaded end-aligned (and the shifts adjusted) when the span is not a
 * whole number of words.
 */
#include "ppq_core.h"
#include "ppq_port.h"


#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)
#define CM_V7 1
const char ppq_port_name[] = "cortex-m-v7m";
#elif defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__)
#define CM_V6 1
const char ppq_port_name[] = "cortex-m-v6m";
#else
#error "port/cortex-m needs an M-profile Arm target; use PORT=generic elsewhere"
#endif
/* Its kernels take packed values from native word loads: little-endian
 * cores only (a big-endian M-profile core, BE8, builds PORT=generic). */
#if !PPQ_LITTLE_ENDIAN
#error "port/cortex-m needs a little-endian core; use PORT=generic on a big-endian one"
#endif

static PPQ_ALWAYS_INLINE uint32_t load_word(const uint8_t *restrict p)
{
    uint32_t w;
    __builtin_memcpy(&w, p, 4); /* one LDR (the library builds with -ffreestanding, so not memcpy) */
    return w;
}

/* Byte offset of word m of a span of B bytes: word-aligned from the
 * span's start, except that a word that would run past the end is
 * loaded end-aligned instead. */
#define WORD_AT(m, B) (4u * (m) + 4u <= (B) ? 4u * (m) : (B)-4u)

#if CM_V7

static PPQ_ALWAYS_INLINE uint32_t bfi(uint32_t dst, uint32_t src, unsigned lsb, unsigned width)
{
    __asm__("bfi %0, %1, %2, %3" : "+r"(dst) : "r"(src), "i"(lsb), "i"(width));
    return dst;
}

/* Value k (width W) of a span of B bytes at p. All shifts are constants. */
static PPQ_ALWAYS_INLINE uint32_t span_value(const uint8_t *restrict p, unsigned W, unsigned B, unsigned k)
{
    unsigned bit = k * W;
    unsigned o = WORD_AT(bit >> 5, B);    /* the word holding the first bit */
    unsigned s = bit - 8u * o;            /* its shift there */
    uint32_t lo = load_word(p + o);
    if (W == 32u) {
        return lo;
    }
    if (s + W <= 32u) {
        return (lo >> s) & ((1u << W) - 1u); /* UBFX */
    }
    {
        unsigned o2 = WORD_AT((bit >> 5) + 1u, B);
        unsigned t = 8u * (o + 4u - o2); /* hi bits already in lo (end-aligned hi) */
        uint32_t hi = load_word(p + o2) >> t;
        return bfi(lo >> s, hi, 32u - s, s + W - 32u);
    }
}

#define STM8(out, a, b, c, d, e, f, g, h)                                                            \
    do {                                                                                             \
        register uint32_t r4_ __asm__("r4") = (a);                                                   \
        register uint32_t r5_ __asm__("r5") = (b);                                                   \
        register uint32_t r6_ __asm__("r6") = (c);                                                   \
        register uint32_t r7_ __asm__("r7") = (d);                                                   \
        register uint32_t r8_ __asm__("r8") = (e);                                                   \
        register uint32_t r9_ __asm__("r9") = (f);                                                   \
        register uint32_t r10_ __asm__("r10") = (g);                                                 \
        register uint32_t r11_ __asm__("r11") = (h);                                                 \
        __asm__ volatile("stmia %0!, {r4, r5, r6, r7, r8, r9, r10, r11}"                             \
                         : "+r"(out)                                                                 \
                         : "r"(r4_), "r"(r5_), "r"(r6_), "r"(r7_), "r"(r8_), "r"(r9_), "r"(r10_),   \
                           "r"(r11_)                                                                 \
                         : "memory");                                                                \
    } while (0)

#define V(k) span_value(p, W, B, (k))
#define SPAN8(base)                                                                                  \
    {                                                                                                \
        uint32_t a_ = V(base + 0), b_ = V(base + 1), c_ = V(base + 2), d_ = V(base + 3);             \
        uint32_t e_ = V(base + 4), f_ = V(base + 5), g_ = V(base + 6), h_ = V(base + 7);             \
        STM8(out, a_, b_, c_, d_, e_, f_, g_, h_);                                                   \
    }

/* Widths 4..32: `spans` spans of 8 values, W bytes each; two spans per
 * iteration (spans come in fours: whole groups of 32). */
#define SPAN_KERNEL(w)                                                                               \
    static void unpack_w##w(const uint8_t *restrict p, size_t spans, uint32_t *out)                 \
    {                                                                                                \
        enum { W = w, B = w };                                                                       \
        for (; spans > 0u; spans -= 2u) {                                                            \
            SPAN8(0)                                                                                 \
            p += W;                                                                                  \
            SPAN8(0)                                                                                 \
            p += W;                                                                                  \
        }                                                                                            \
    }

/* Widths 1..3: groups of 32 values, 4W bytes each. */
#define GROUP_KERNEL(w)                                                                              \
    static void unpack_w##w(const uint8_t *restrict p, size_t groups, uint32_t *out)                \
    {                                                                                                \
        enum { W = w, B = 4 * w };                                                                   \
        for (; groups > 0u; groups--, p += B) {                                                      \
            SPAN8(0) SPAN8(8) SPAN8(16) SPAN8(24)                                                    \
        }                                                                                            \
    }

GROUP_KERNEL(1) GROUP_KERNEL(2) GROUP_KERNEL(3)
SPAN_KERNEL(4) SPAN_KERNEL(5) SPAN_KERNEL(6) SPAN_KERNEL(7) SPAN_KERNEL(8) SPAN_KERNEL(9)
SPAN_KERNEL(10) SPAN_KERNEL(11) SPAN_KERNEL(12) SPAN_KERNEL(13) SPAN_KERNEL(14) SPAN_KERNEL(15)
SPAN_KERNEL(16) SPAN_KERNEL(17) SPAN_KERNEL(18) SPAN_KERNEL(19) SPAN_KERNEL(20) SPAN_KERNEL(21)
SPAN_KERNEL(22) SPAN_KERNEL(23) SPAN_KERNEL(24) SPAN_KERNEL(25) SPAN_KERNEL(26) SPAN_KERNEL(27)
SPAN_KERNEL(28) SPAN_KERNEL(29) SPAN_KERNEL(30) SPAN_KERNEL(31) SPAN_KERNEL(32)

typedef void (*kernel_fn)(const uint8_t *restrict p, size_t count, uint32_t *out);

static const kernel_fn kernels[33] = {
    0,          unpack_w1,  unpack_w2,  unpack_w3,  unpack_w4,  unpack_w5,  unpack_w6,  unpack_w7,
    unpack_w8,  unpack_w9,  unpack_w10, unpack_w11, unpack_w12, unpack_w13, unpack_w14, unpack_w15,
    unpack_w16, unpack_w17, unpack_w18, unpack_w19, unpack_w20, unpack_w21, unpack_w22, unpack_w23,
    unpack_w24, unpack_w25, unpack_w26, unpack_w27, unpack_w28, unpack_w29, unpack_w30, unpack_w31,
    unpack_w32,
};

void ppq_port_unpack32_groups(const uint8_t *in, unsigned width, size_t groups, uint32_t *out)
{
    kernels[width](in, width <= 3u ? groups : groups * 4u, out);
}

#endif /* CM_V7 */

#if CM_V6

/* Value k (width W) of a group of 32 at word-aligned w[].  Shift pairs
 * instead of masks: no mask constant to load, two instructions a value,
 * four for one that spans two words. */
static PPQ_ALWAYS_INLINE uint32_t group_value(const uint32_t *restrict w, unsigned W, unsigned k)
{
    unsigned bit = k * W;
    unsigned s = bit & 31u;
    uint32_t lo = w[bit >> 5];
    if (W == 32u) {
        return lo;
    }
    if (s + W == 32u) {
        return lo >> s;
    }
    if (s + W < 32u) {
        return (lo << (32u - s - W)) >> (32u - W);
    }
    return (lo >> s) | ((w[(bit >> 5) + 1u] << (64u - s - W)) >> (32u - W));
}

#define STM4(out, a, b, c, d)                                                                        \
    do {                                                                                             \
        register uint32_t r4_ __asm__("r4") = (a);                                                   \
        register uint32_t r5_ __asm__("r5") = (b);                                                   \
        register uint32_t r6_ __asm__("r6") = (c);                                                   \
        register uint32_t r7_ __asm__("r7") = (d);                                                   \
        __asm__ volatile("stmia %0!, {r4, r5, r6, r7}"                                               \
                         : "+l"(out)                                                                 \
                         : "l"(r4_), "l"(r5_), "l"(r6_), "l"(r7_)                                    \
                         : "memory");                                                                \
    } while (0)

#define V(k) group_value(w, W, (k))
#define Q4(k) STM4(out, V(k), V(k + 1), V(k + 2), V(k + 3));
#define GROUP_KERNEL(wd)                                                                             \
    static void unpack_w##wd(const uint32_t *restrict w, size_t groups, uint32_t *out)              \
    {                                                                                                \
        enum { W = wd };                                                                             \
        for (; groups > 0u; groups--, w += W) {                                                      \
            Q4(0) Q4(4) Q4(8) Q4(12) Q4(16) Q4(20) Q4(24) Q4(28)                                     \
        }                                                                                            \
    }

GROUP_KERNEL(1) GROUP_KERNEL(2) GROUP_KERNEL(3) GROUP_KERNEL(4) GROUP_KERNEL(5) GROUP_KERNEL(6)
GROUP_KERNEL(7) GROUP_KERNEL(8) GROUP_KERNEL(9) GROUP_KERNEL(10) GROUP_KERNEL(11) GROUP_KERNEL(12)
GROUP_KERNEL(13) GROUP_KERNEL(14) GROUP_KERNEL(15) GROUP_KERNEL(16) GROUP_KERNEL(17) GROUP_KERNEL(18)
GROUP_KERNEL(19) GROUP_KERNEL(20) GROUP_KERNEL(21) GROUP_KERNEL(22) GROUP_KERNEL(23) GROUP_KERNEL(24)
GROUP_KERNEL(25) GROUP_KERNEL(26) GROUP_KERNEL(27) GROUP_KERNEL(28) GROUP_KERNEL(29) GROUP_KERNEL(30)
GROUP_KERNEL(31) GROUP_KERNEL(32)

typedef void (*kernel_fn)(const uint32_t *restrict w, size_t groups, uint32_t *out);

static const kernel_fn kernels[33] = {
    0,          unpack_w1,  unpack_w2,  unpack_w3,  unpack_w4,  unpack_w5,  unpack_w6,  unpack_w7,
    unpack_w8,  unpack_w9,  unpack_w10, unpack_w11, unpack_w12, unpack_w13, unpack_w14, unpack_w15,
    unpack_w16, unpack_w17, unpack_w18, unpack_w19, unpack_w20, unpack_w21, unpack_w22, unpack_w23,
    unpack_w24, unpack_w25, unpack_w26, unpack_w27, unpack_w28, unpack_w29, unpack_w30, unpack_w31,
    unpack_w32,
};

void ppq_port_unpack32_groups(const uint8_t *in, unsigned width, size_t groups, uint32_t *out)
{
    kernel_fn kernel = kernels[width];
    if (((uintptr_t)in & 3u) == 0u) {
        kernel((const uint32_t *)(const void *)in, groups, out);
        return;
    }
    /* No unaligned loads on v6-M: copy each group to an aligned buffer. */
    for (; groups > 0u; groups--) {
        uint32_t words[32];
        uint8_t *dst = (uint8_t *)words;
        unsigned i;
        for (i = 0; i < 4u * width; i++) {
            dst[i] = in[i];
        }
        kernel(words, 1, out);
        in += 4u * width;
        out += 32;
    }
}

#endif /* CM_V6 */
