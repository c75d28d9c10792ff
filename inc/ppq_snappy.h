/*
 * Snappy raw blocks (google/snappy format_description.txt): the varint
 * uncompressed length, then literals and copies.  This is what a Parquet
 * SNAPPY page holds.  Standalone: usable without the rest of picoparquet.
 *
 * Memory: decompression needs none but the caller's output buffer (it is
 * also the window); compression needs a hash table in a caller work buffer
 * of PPQ_SNAPPY_WORK_SIZE(table_bits) bytes, 2-aligned.  No heap, fixed
 * stack.
 */
#ifndef PPQ_SNAPPY_H
#define PPQ_SNAPPY_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Hash-table sizes the compressor takes: 2^bits entries of 2 bytes.  The
 * reference library's table is 2^14 entries (32 KiB); 2^9 (1 KiB) is a
 * choice for boards with little RAM (a larger table finds more matches). */
#define PPQ_SNAPPY_TABLE_BITS_MIN 8u
#define PPQ_SNAPPY_TABLE_BITS_MAX 16u
#define PPQ_SNAPPY_TABLE_BITS_DEFAULT 14u
#define PPQ_SNAPPY_WORK_SIZE(table_bits) ((size_t)2u << (table_bits))

/* Largest compressed block for `src_len` input bytes: 32 + n + n/6, as
 * the reference library bounds it (saturating at SIZE_MAX). */
size_t ppq_snappy_compress_bound(size_t src_len);

/*
 * The uncompressed length a block declares (its varint preamble), without
 * decompressing: PPQ_OK and *len, or PPQ_ERR_CORRUPT when the preamble is
 * truncated or exceeds 2^32 - 1.
 */
PPQ_CHECKRET ppq_status_t ppq_snappy_uncompressed_length(const uint8_t *src, size_t src_len, size_t *len);

/*
 * Decompress the block `src[0..src_len)` into `dst` (room for `dst_cap`
 * bytes; the output is also the window, no other memory).  *dst_len gets
 * the declared length on success (0 on failure).  `src` is hostile: no
 * read outside it, no write outside dst[0..declared length).
 * PPQ_ERR_NOSPACE when the declared length exceeds dst_cap (nothing is
 * written; ppq_snappy_uncompressed_length tells how much room to give);
 * PPQ_ERR_CORRUPT for a malformed block: truncated element, offset 0 or
 * before the start of the output, output that does not come to exactly
 * the declared length, bytes after the last element.  PPQ_ERR_ARG for a
 * NULL pointer with a nonzero length or a NULL dst_len.
 */
PPQ_CHECKRET ppq_status_t ppq_snappy_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                                size_t *dst_len);

/*
 * Compress `src[0..src_len)` into `dst` (room for `dst_cap` bytes); *dst_len
 * gets the block's size.  Greedy match finding over a hash table of
 * 2^table_bits entries (PPQ_SNAPPY_TABLE_BITS_MIN..MAX; for inputs shorter
 * than the table it uses the smallest power of two >= the input, at least
 * 256 entries) in `work` (PPQ_SNAPPY_WORK_SIZE(table_bits) bytes, its
 * contents on entry do not matter), and it skips ahead faster the longer
 * it finds no match: the step grows by a 32nd per failed probe after the
 * first 32 (incompressible input costs little time).  Input is
 * taken in 64 KiB fragments, no match crossing a fragment's start.
 * The output depends only on the input and table_bits: the same bytes on
 * every target.  PPQ_ERR_NOSPACE when dst_cap < the block (always enough:
 * ppq_snappy_compress_bound(src_len)); PPQ_ERR_ARENA when work_len is too
 * small; PPQ_ERR_ARG for table_bits out of range, src_len > 2^32 - 1, NULL
 * pointers, a work buffer at an odd address.
 */
PPQ_CHECKRET ppq_status_t ppq_snappy_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                              size_t *dst_len, unsigned table_bits, void *work, size_t work_len);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_SNAPPY_H */
