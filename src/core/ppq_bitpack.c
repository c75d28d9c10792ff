/* Bit packing front end: width helpers, packing, and unpacking that
 * dispatches 32-bit widths to the port's kernels. */
#include "ppq_core.h"
#include "ppq_config.h"
#include "ppq_port.h"
#include "ppq_internal.h"

#include <string.h>

unsigned ppq_bit_width32(uint32_t v)
{
    unsigned w = 0, half;
#if defined(__ARM_FEATURE_CLZ) && defined(__GNUC__) && !defined(PPQ_NO_INTRINSICS)
    if (!PPQ_FAST64) { /* (Arm cores with CLZ, v7-M up: one instruction) */
        return v != 0u ? 32u - (unsigned)__builtin_clz(v) : 0u;
    }
#endif
    for (half = 16u; PPQ_FAST64 && half >= 4u; half /= 2u) { /* halving first (hosts: flash aside) */
        if (v >> half != 0u) {
            w += half;
            v >>= half;
        }
    }
    while (v != 0u) {
        w++;
        v >>= 1;
    }
    return w;
}

unsigned ppq_bit_width64(uint64_t v)
{
    return v >> 32 != 0u ? 32u + ppq_bit_width32((uint32_t)(v >> 32)) : ppq_bit_width32((uint32_t)v);
}

#if PPQ_FAST64
/* Widths up to 32 with a 64-bit accumulator: four bytes stored at a time
 * (the byte-at-a-time loop below costs a store and a test per byte). */
static void pack_words(const uint32_t *in32, const uint64_t *in64, size_t n, unsigned width, uint8_t *out)
{
    uint64_t mask = (1ull << width) - 1u, acc = 0;
    unsigned nbits = 0;
    size_t i = 0;
    for (; width <= 16u && i + 2u <= n; i += 2u) { /* two values joined off the accumulator's chain */
        uint64_t pair = ((in32 != NULL ? in32[i] : in64[i]) & mask) |
                        (((in32 != NULL ? in32[i + 1u] : in64[i + 1u]) & mask) << width);
        acc |= pair << nbits;
        nbits += 2u * width;
        if (nbits >= 32u) {
            ppq_store_le32(out, (uint32_t)acc);
            out += 4;
            acc >>= 32;
            nbits -= 32u;
        }
    }
    for (; i < n; i++) {
        acc |= ((in32 != NULL ? in32[i] : in64[i]) & mask) << nbits;
        nbits += width;
        if (nbits >= 32u) {
            ppq_store_le32(out, (uint32_t)acc);
            out += 4;
            acc >>= 32;
            nbits -= 32u;
        }
    }
    for (; nbits > 0u; nbits = nbits > 8u ? nbits - 8u : 0u) {
        *out++ = (uint8_t)acc;
        acc >>= 8;
    }
}
#endif

/* ... and its last bits, in whole bytes. */
static void acc_flush(uint32_t acc, unsigned nbits, uint8_t *out)
{
    for (; nbits > 0u; nbits = nbits > 8u ? nbits - 8u : 0u) {
        *out++ = (uint8_t)acc;
        acc >>= 8;
    }
}

void ppq_pack32(const uint32_t *in, size_t n, unsigned width, uint8_t *out)
{
    if (width == 0u || width > 32u) {
        return;
    }
#if PPQ_FAST64
    pack_words(in, NULL, n, width, out);
#else
    { /* a 32-bit accumulator stored a word at a time: 32-bit cores shift a
       * 64-bit one in several instructions per value.  Widths up to 8 join
       * four values first (at most 32 bits): the accumulator's shift, test
       * and store once per four. */
        uint32_t mask = width >= 32u ? 0xFFFFFFFFu : ((1u << width) - 1u), acc = 0, v;
        unsigned nbits = 0, bits;
        const uint32_t *end = in + n, *quads = in + (!PPQ_LEAN && width <= 8u ? n & ~(size_t)3u : 0u);
        for (; in < end; in++) {
            v = *in & mask;
            bits = width;
            if (in < quads) {
                v |= (((in[3] & mask) << width | (in[2] & mask)) << width | (in[1] & mask)) << width;
                bits = 4u * width;
                in += 3;
            }
            ppq_acc_put(&acc, &nbits, v, bits, &out);
        }
        acc_flush(acc, nbits, out);
    }
#endif
}

void ppq_pack64(const uint64_t *in, size_t n, unsigned width, uint8_t *out)
{
    uint32_t acc = 0;
    unsigned nbits = 0;
    size_t i;
    if (width == 0u || width > 64u) {
        return;
    }
#if PPQ_FAST64
    if (width <= 32u) {
        pack_words(NULL, in, n, width, out);
        return;
    }
#endif
    if (width <= 32u) { /* (a 32-bit core's usual DELTA widths: the low words alone) */
        uint32_t mask = width >= 32u ? 0xFFFFFFFFu : ((1u << width) - 1u);
        for (i = 0; i < n; i++) {
            ppq_acc_put(&acc, &nbits, (uint32_t)in[i] & mask, width, &out);
        }
        acc_flush(acc, nbits, out);
        return;
    }
    for (i = 0; i < n; i++) {
        uint64_t v = in[i];
        unsigned left = width, w;
        for (; left > 0u; left -= w, v >>= 32) { /* at most 32 bits at a time */
            w = left < 32u ? left : 32u;
            ppq_acc_put(&acc, &nbits, w < 32u ? (uint32_t)v & ((1u << w) - 1u) : (uint32_t)v, w, &out);
        }
    }
    acc_flush(acc, nbits, out);
}

#ifdef PPQ_UNPACK_SMALL
#define UNPACK_KERNEL 0
#else
#define UNPACK_KERNEL 1
#endif

/* One value at any bit offset; reads only the bytes the value occupies. */
/* The value whose first bit is `bit` (size_t: no 64-bit multiply to find
 * it on 32-bit targets, whose streams are far below 2^32 bits). */
static uint32_t value_at(const uint8_t *in, size_t bit, unsigned width)
{
    const uint8_t *p = in + (bit >> 3);
    unsigned shift = (unsigned)(bit & 7u);
    unsigned nbytes = (shift + width + 7u) >> 3;
    uint64_t acc = 0;
    unsigned k;
    for (k = 0; k < nbytes; k++) {
        acc |= (uint64_t)p[k] << (8u * k);
    }
    acc >>= shift;
    return width >= 32u ? (uint32_t)acc : (uint32_t)acc & ((1u << width) - 1u);
}

/* The 8 values of one group: exactly `width` bytes at in. */
static void unpack8(const uint8_t *in, size_t avail, unsigned width, uint32_t *out)
{
    uint64_t acc = 0, mask = (1ull << width) - 1u;
    unsigned bits = 0, j;
    if (width <= 8u) { /* the group fits one word: its bytes, then 8 shifts */
        if (PPQ_FAST64 && avail >= 8u) {
            acc = ppq_load_le64(in); /* (one load; bits past the group's are never taken) */
        } else {
            for (j = 0; j < width; j++) {
                acc |= (uint64_t)in[j] << (8u * j);
            }
        }
        for (j = 0; j < 8u; j++) {
            out[j] = (uint32_t)((acc >> (j * width)) & mask);
        }
        return;
    }
    for (j = 0; j < 8u; j++) {
        while (bits < width) {
            acc |= (uint64_t)*in++ << bits;
            bits += 8u;
        }
        out[j] = (uint32_t)(acc & mask);
        acc >>= width;
        bits -= width;
    }
}

/* Values start..start+k (within one group of 8) from the whole group, if
 * its bytes are within avail; 0 if not. */
static size_t from_group(const uint8_t *in, size_t avail, size_t start, size_t k, unsigned width, uint32_t *out)
{
    uint32_t group[8];
    size_t g = start >> 3, off = start & 7u, i;
    if ((g + 1u) * width > avail) {
        return 0;
    }
    if (off == 0u && k == 8u) {
        unpack8(in + g * width, avail - g * width, width, out);
        return 8;
    }
    unpack8(in + g * width, avail - g * width, width, group);
    for (i = 0; i < k; i++) {
        out[i] = group[off + i];
    }
    return k;
}

void ppq_unpack32_run(const uint8_t *in, size_t avail, size_t start, size_t n, unsigned width, uint32_t *out)
{
    size_t k;
    if (!UNPACK_KERNEL || width == 0u || width > 32u) { /* (PPQ_UNPACK_SMALL: no group unpackers either) */
        ppq_unpack32(in, start, n, width, out);
        return;
    }
    for (;;) {
        if ((start & 31u) == 0u && n >= 32u) { /* whole groups of 32: the port's kernel */
            k = n & ~(size_t)31u;
            ppq_unpack32(in, start, k, width, out);
        } else if (n > 0u) { /* else a group of 8, or part of one */
            k = 8u - (start & 7u) < n ? 8u - (start & 7u) : n;
            k = from_group(in, avail, start, k, width, out);
            if (k == 0u) {
                break; /* a group cut short by the input's end */
            }
        } else {
            return;
        }
        out += k;
        start += k;
        n -= k;
    }
    ppq_unpack32(in, start, n, width, out); /* value by value */
}

void ppq_unpack32(const uint8_t *in, size_t start, size_t n, unsigned width, uint32_t *out)
{
    if (width > 32u) {
        return;
    }
    if (width == 0u) {
        memset(out, 0, n * sizeof *out);
        return;
    }
    /* Head: single values up to a group boundary; then whole groups of 32
     * through the port's kernel; then the tail.  PPQ_UNPACK_SMALL: value by
     * value throughout (no kernel linked: far less flash, much slower). */
    while (n > 0u && (start & 31u) != 0u) {
        *out++ = value_at(in, start * width, width);
        start++;
        n--;
    }
    if (UNPACK_KERNEL && n >= 32u) {
        size_t groups = n >> 5;
        ppq_port_unpack32_groups(in + (start >> 5) * 4u * width, width, groups, out);
        out += groups * 32u;
        start += groups * 32u;
        n -= groups * 32u;
    }
    while (n > 0u) {
        *out++ = value_at(in, start * width, width);
        start++;
        n--;
    }
}

void ppq_unpack64(const uint8_t *in, size_t start, size_t n, unsigned width, uint64_t *out)
{
    uint64_t mask = width >= 64u ? ~0ull : ((1ull << width) - 1u);
    size_t i;
    if (width > 64u) {
        return;
    }
    if (width == 0u) {
        memset(out, 0, n * sizeof *out);
        return;
    }
    for (i = 0; i < n; i++) {
        size_t bit = (start + i) * width; /* (size_t: as value_at) */
        const uint8_t *p = in + (bit >> 3);
        unsigned shift = (unsigned)(bit & 7u);
        unsigned nbytes = (shift + width + 7u) >> 3; /* 1..9 */
        uint64_t acc = 0;
        unsigned k;
        for (k = 0; k < nbytes && k < 8u; k++) {
            acc |= (uint64_t)p[k] << (8u * k);
        }
        acc >>= shift;
        if (nbytes == 9u) {
            acc |= (uint64_t)p[8] << (64u - shift);
        }
        out[i] = acc & mask;
    }
}
