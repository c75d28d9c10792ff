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
