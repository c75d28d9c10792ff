/*
 * LZ4 blocks (lz4/lz4 doc/lz4_Block_format.md): the raw block a Parquet
 * LZ4_RAW page holds, and the deprecated Parquet LZ4 codec as Hadoop and
 * Arrow frame it (per block a 4-byte big-endian uncompressed length and a
 * 4-byte big-endian compressed length, then the raw block; possibly several
 * blocks).  Standalone: usable without the rest of picoparquet.
 *
 * Memory: decompression needs none but the caller's output buffer (it is
 * also the window); compression needs a hash table in a caller work buffer
 * of PPQ_LZ4_WORK_SIZE(table_bits) bytes, 4-aligned.  No heap, fixed stack.
 */
#ifndef PPQ_LZ4_H
#define PPQ_LZ4_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Hash-table sizes the compressor takes: 2^bits entries of 4 bytes.  The
 * reference library's default is 2^12 entries (16 KiB); 2^8 (1 KiB) still
 * compresses repetitive sensor pages on a board with little RAM. */
#define PPQ_LZ4_TABLE_BITS_MIN 8u
#define PPQ_LZ4_TABLE_BITS_MAX 16u
#define PPQ_LZ4_TABLE_BITS_DEFAULT 12u
#define PPQ_LZ4_WORK_SIZE(table_bits) ((size_t)4u << (table_bits))

/* Largest input the compressor takes (the reference library's limit). */
#define PPQ_LZ4_MAX_INPUT 0x7E000000u

/* Bytes of the Hadoop framing's block header. */
#define PPQ_LZ4_HADOOP_HEADER 8u

/* Largest raw block for `src_len` input bytes: n + n/255 + 16 (0 when
 * src_len > PPQ_LZ4_MAX_INPUT). */
size_t ppq_lz4_compress_bound(size_t src_len);

/*
 * Decompress the raw block `src[0..src_len)` into `dst` (room for `dst_cap`
 * bytes; the output is also the window).  *dst_len gets the bytes produced
 * (0 on failure).  `src` is hostile: no read outside it, no write outside
 * dst[0..dst_cap) (bytes past *dst_len may have been written).
 * PPQ_ERR_NOSPACE when the block's output would exceed dst_cap;
 * PPQ_ERR_CORRUPT for a malformed block: truncated sequence or length, an
 * offset of 0 or before the start of the output, a block that does not end
 * with a literals-only sequence.  An empty input is corrupt (the empty
 * block is the single byte 0x00).  PPQ_ERR_ARG for a NULL pointer with a
 * nonzero length or a NULL dst_len.
 */
PPQ_CHECKRET ppq_status_t ppq_lz4_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                             size_t *dst_len);

/*
 * Compress `src[0..src_len)` into one raw block in `dst`; *dst_len gets its
 * size.  Greedy match finding over a hash table of 2^table_bits entries
 * (PPQ_LZ4_TABLE_BITS_MIN..MAX) in `work` (PPQ_LZ4_WORK_SIZE(table_bits)
 * bytes, contents on entry do not matter), skipping ahead faster the
 * longer it finds no match.  The block keeps the format's end conditions
 * (last 5 bytes literals, last match 12 bytes before the end).  The output
 * depends only on the input and table_bits: the same bytes on every target.
 * PPQ_ERR_NOSPACE when dst_cap < the block (always enough:
 * ppq_lz4_compress_bound(src_len)); PPQ_ERR_ARENA for too small a work
 * buffer; PPQ_ERR_ARG for table_bits out of range, src_len >
 * PPQ_LZ4_MAX_INPUT, NULL pointers, a work buffer not 4-aligned (when the
 * input is long enough to need it).
 */
PPQ_CHECKRET ppq_status_t ppq_lz4_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                           size_t *dst_len, unsigned table_bits, void *work, size_t work_len);

/*
 * The deprecated Parquet LZ4 codec: `src` as a sequence of Hadoop-framed
 * blocks, each decompressing to exactly its declared length, the blocks'
 * outputs concatenated; when the framing does not parse that way (as
 * Arrow's reader does, for files of older writers) the whole of `src` as
 * one raw block instead.  Statuses as ppq_lz4_decompress, those of the raw
 * reading when the framing fails.
 */
PPQ_CHECKRET ppq_status_t ppq_lz4_hadoop_decompress(const uint8_t *src, size_t src_len, uint8_t *dst,
                                                    size_t dst_cap, size_t *dst_len);

/* Largest Hadoop-framed output: ppq_lz4_compress_bound(src_len) + 8 (0 when
 * src_len > PPQ_LZ4_MAX_INPUT). */
size_t ppq_lz4_hadoop_compress_bound(size_t src_len);

/*
 * ppq_lz4_compress framed as Arrow writes the Parquet LZ4 codec: one
 * Hadoop block (8-byte header, then the raw block).  Statuses as
 * ppq_lz4_compress.
 */
PPQ_CHECKRET ppq_status_t ppq_lz4_hadoop_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                                  size_t *dst_len, unsigned table_bits, void *work,
                                                  size_t work_len);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_LZ4_H */
