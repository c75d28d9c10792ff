/*
 * Split-block bloom filters (the Parquet format's "Bloom Filter" page):
 * a bitset of 32-byte blocks, each 8 little-endian 32-bit words; a value's
 * XXH64 hash (seed 0) picks a block with its upper 32 bits and sets one bit
 * in each word with its lower 32 bits.  Everything here works in caller
 * memory: the bitset is the caller's bytes, exactly as stored in a file
 * (after its BloomFilterHeader), on any host byte order.
 *
 * Writer use: n = ppq_bloom_bytes(ndv, fpp_ppm, cap); ppq_bloom_clear(bits, n);
 * ppq_bloom_insert(bits, n, ppq_bloom_hash_*(value)) per value; then
 * ppq_bloom_header_write(sink, n) followed by the n bytes.
 * Reader use: ppq_bloom_header_read over the bytes at the column chunk's
 * bloom_filter_offset gives n and the header's length; the n bytes after it
 * are the bitset: ppq_bloom_check(bits, n, hash) == 0 means "definitely
 * absent".
 */
#ifndef PPQ_BLOOM_H
#define PPQ_BLOOM_H

#include "ppq_core.h"
#include "ppq_thrift.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A block: 8 words of 32 bits.  A filter is a whole number of blocks. */
#define PPQ_BLOOM_BLOCK_BYTES 32u
/* The largest filter other writers make (arrow, parquet-java): 128 MiB. */
#define PPQ_BLOOM_MAX_BYTES (128u * 1024u * 1024u)
/* The longest BloomFilterHeader ppq_bloom_header_write writes. */
#define PPQ_BLOOM_HEADER_MAX 19u

/*
 * Bytes of a filter for `ndv` distinct values at a false-positive rate of
 * `fpp_ppm` parts per million (clamped to 1..999,999; 10,000 is 1%, DuckDB's
 * and parquet-java's default): the spec's sizing for 8 bits set per value,
 * m = -8 ndv / ln(1 - fpp^(1/8)) bits, taken as floor(m / 8) bytes
 * and raised to a power of two (as arrow-rs and DuckDB do), at least 32
 * and at most `max_bytes` rounded down to a power of two (at least 32).
 * Integer arithmetic only (no floating point on small cores).
 */
uint32_t ppq_bloom_bytes(uint64_t ndv, uint32_t fpp_ppm, uint32_t max_bytes);

/* Zero the `num_bytes` bytes at `bits` (an empty filter). */
void ppq_bloom_clear(uint8_t *bits, uint32_t num_bytes);

/*
 * Insert the value whose hash is `hash` into the filter of `num_bytes`
 * bytes at `bits` (a multiple of 32; fewer than 32: nothing happens).
 */
void ppq_bloom_insert(uint8_t *bits, uint32_t num_bytes, uint64_t hash);

/*
 * Whether the value whose hash is `hash` may be in the filter: 0 means
 * definitely absent, 1 possibly present.  A filter of fewer than 32 bytes
 * (none) answers 1.
 */
int ppq_bloom_check(const uint8_t *bits, uint32_t num_bytes, uint64_t hash);

/*
 * A value's hash as Parquet defines it: XXH64 (seed 0) of its PLAIN
 * bytes: little-endian for numbers (floats by their IEEE bits, as they
 * are: -0.0 and +0.0, and each NaN, hash apart), a BYTE_ARRAY's bytes
 * without the length prefix, a FIXED_LEN_BYTE_ARRAY's or INT96's bytes.
 */
uint64_t ppq_bloom_hash_bytes(const void *data, size_t len);
uint64_t ppq_bloom_hash_i32(int32_t v);
uint64_t ppq_bloom_hash_i64(int64_t v);
uint64_t ppq_bloom_hash_float(float v);
uint64_t ppq_bloom_hash_double(double v);

/*
 * Write a BloomFilterHeader (numBytes = `num_bytes`, algorithm BLOCK, hash
 * XXHASH, compression UNCOMPRESSED) to `out`: at most PPQ_BLOOM_HEADER_MAX
 * bytes; the bitset's bytes follow it in the file.  Returns the sink's
 * error, PPQ_ERR_ARG for a size that is not a positive multiple of 32.
 */
PPQ_CHECKRET ppq_status_t ppq_bloom_header_write(ppq_sink_t *out, uint32_t num_bytes);

/*
 * Read a BloomFilterHeader through `r` (in memory or streaming): its
 * numBytes into *num_bytes.  PPQ_ERR_CORRUPT for malformed Thrift, a
 * missing field, or a size that is not a positive multiple of 32 (the
 * spec's blocks) or is above `max_bytes`; PPQ_ERR_UNSUPPORTED for an
 * algorithm, hash or compression other than the spec's only ones.
 * Unknown fields are skipped.
 */
PPQ_CHECKRET ppq_status_t ppq_bloom_header_parse(ppq_thrift_r_t *r, uint32_t max_bytes, uint32_t *num_bytes);

/*
 * The same over `len` bytes at `data` (the bytes at bloom_filter_offset,
 * bloom_filter_length of them when the metadata says, else enough for the
 * header: it is short): *header_len is where the bitset starts.  A bitset
 * that does not fit in `len` is fine (it is read next); the caller checks
 * that the file holds it.
 */
PPQ_CHECKRET ppq_status_t ppq_bloom_header_read(const void *data, size_t len, uint32_t max_bytes,
                                                uint32_t *num_bytes, size_t *header_len);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_BLOOM_H */
