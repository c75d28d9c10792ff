/* XXH64 (xxHash, 64-bit variant) of a buffer: the content checksum of zstd
 * frames (RFC 8878 section 3.1.1: the low 32 bits of XXH64 with seed 0)
 * and the hash of Parquet's split-block bloom filters (seed 0).
 * Internal header shared by the ZSTD decompressor and compressor and
 * the bloom filter (src/format/ppq_bloom.c). */
#ifndef PPQ_XXH64_H
#define PPQ_XXH64_H

#include <stddef.h>
#include <stdint.h>

#include "ppq_core.h" /* ppq_xxh64_state_t */

/* XXH64 of the `len` bytes at `p` (NULL allowed when len is 0) with
 * `seed`. */
uint64_t ppq_xxh64(const uint8_t *p, size_t len, uint64_t seed);

/* The same with seed 0 over bytes given in pieces: reset, update with
 * each piece (any lengths), digest (the state stays usable). */
void ppq_xxh64_reset(ppq_xxh64_state_t *st);
void ppq_xxh64_update(ppq_xxh64_state_t *st, const uint8_t *p, size_t len);
uint64_t ppq_xxh64_digest(const ppq_xxh64_state_t *st);

#endif /* PPQ_XXH64_H */
