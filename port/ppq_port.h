/*
 * The port interface: the only platform-specific code in picoparquet.
 * Exactly one port directory is compiled in (port/generic: portable C99;
 * port/cortex-m: Arm Cortex-M kernels); each implements these entries.
 * The front end (src/ppq_bitpack.c) handles runs starting at any value
 * index and hands whole groups of 32 values to the port.
 * Internal header: not for library users.
 */
#ifndef PPQ_PORT_H
#define PPQ_PORT_H

#include <stddef.h>
#include <stdint.h>

/* PPQ_LITTLE_ENDIAN: 1 where the compiler says the target stores numbers
 * least significant byte first (GCC and clang's __BYTE_ORDER__), else 0:
 * big-endian targets and compilers that do not say.  The one place the
 * build decides the byte order; every fast path that takes a number's
 * bytes in memory for its file bytes (src/core/ppq_internal.h:
 * PPQ_HOST_LE) or that only pays on little-endian 64-bit hosts (below)
 * follows from it, and the portable byte-wise code runs elsewhere. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define PPQ_LITTLE_ENDIAN 1
#else
#define PPQ_LITTLE_ENDIAN 0
#endif

/* PPQ_FAST64: the one switch for code that only pays on 64-bit CPUs.  On
 * (1) where size_t is 64 bits wide and the target is little-endian
 * (hosts): the generic unpack kernels take values from 8-byte loads, and
 * INT64 DELTA_BINARY_PACKED decoding uses fused per-width kernels
 * (src/ppq_delta.c, about 25 KB of x86-64 code), and BYTE_STREAM_SPLIT
 * decoding transposes 64-bit words (src/ppq_bss.c).  Off (0) on 32-bit
 * targets such as the Cortex-M boards: there a 64-bit shift is several
 * instructions and flash is scarce; and on big-endian targets (s390x,
 * PowerPC), which run the portable code.  -DPPQ_FAST64=0 or 1 overrides
 * it (its paths load words through the little-endian helpers, so 1 is
 * correct on any byte order, only not chosen there). */
#ifndef PPQ_FAST64
#if SIZE_MAX > 0xFFFFFFFFu && PPQ_LITTLE_ENDIAN
#define PPQ_FAST64 1
#else
#define PPQ_FAST64 0
#endif
#endif

/* Inlined even at -Os: hot paths whose callers pass constants (a width)
 * that fold the body into a specialised copy. */
#if defined(__GNUC__) || defined(__clang__)
#define PPQ_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define PPQ_ALWAYS_INLINE inline
#endif

/* Unpack `groups` groups of 32 values of `width` bits (1..32), LSB-first,
 * from the groups * 4 * width bytes at `in` (any alignment) to `out`.
 * Reads exactly those bytes. */
void ppq_port_unpack32_groups(const uint8_t *in, unsigned width, size_t groups, uint32_t *out);

/* CRC-32 (gzip polynomial) of `len` bytes at `p`, continuing from `crc`
 * (0 to start). */
uint32_t ppq_port_crc32(uint32_t crc, const uint8_t *p, size_t len);

/* Name of the compiled-in kernel ("generic", "cortex-m-v7m", ...). */
extern const char ppq_port_name[];

#endif /* PPQ_PORT_H */
