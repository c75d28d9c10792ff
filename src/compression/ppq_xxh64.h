/* XXH64 (xxHash, 64-bit variant) of a buffer: the content checksum of zstd
 * frames (RFC 8878 section 3.1.1: the low 32 bits of XXH64 with seed 0).
 * Internal header shared by the ZSTD decompressor and compressor. */
#ifndef PPQ_XXH64_H
#define PPQ_XXH64_H

#include <stddef.h>
#include <stdint.h>

/* XXH64 of the `len` bytes at `p` (NULL allowed when len is 0) with
 * `seed`. */
uint64_t ppq_xxh64(const uint8_t *p, size_t len, uint64_t seed);

#endif /* PPQ_XXH64_H */
