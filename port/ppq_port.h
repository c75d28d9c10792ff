/*
 * The port interface: the only platform-specific code in picoparquet.
 * Exactly one port directory is compiled in (port/generic by default,
 * port/cortex-m for Arm targets); each implements these entries.
 * Internal header: not for library users.
 */
#ifndef PPQ_PORT_H
#define PPQ_PORT_H

#include <stddef.h>
#include <stdint.h>

/* Unpack exactly 32 values of `width` bits (1..32) from the 4*width bytes
 * at `in` (LSB-first).  Reads exactly those bytes; `in` may be unaligned. */
void ppq_port_unpack32_group(const uint8_t *in, unsigned width, uint32_t *out);

/* Unpack `n` values of `width` bits (0..32) starting at value index
 * `start`; reads only bytes below ceil((start + n) * width / 8). */
void ppq_port_unpack32(const uint8_t *in, size_t start, size_t n, unsigned width, uint32_t *out);

/* Name of the compiled-in port ("generic", "cortex-m-v7m", ...). */
extern const char ppq_port_name[];

#endif /* PPQ_PORT_H */
