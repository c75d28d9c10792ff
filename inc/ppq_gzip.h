/*
 * GZIP decompression (DEFLATE, RFC 1951, in gzip members, RFC 1952), for
 * Parquet's GZIP pages and standalone use.  The output buffer is the window
 * (a page is decompressed whole); the Huffman tables live in a caller work
 * buffer of PPQ_INFLATE_WORK_SIZE bytes.  Hostile input: never a read
 * outside `src` or a write past `dst_cap`.
 */
#ifndef PPQ_GZIP_H
#define PPQ_GZIP_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Work-buffer bytes the decoders need (8-aligned buffer). */
#define PPQ_INFLATE_WORK_SIZE 4144u /* two Huffman tables (literal/length, distance) and code lengths */

/*
 * Decode one raw DEFLATE stream (stored, fixed and dynamic blocks) from
 * `src` into `dst`; *dst_len gets the bytes produced, *src_used (may be
 * NULL) the bytes of `src` the stream took (its last byte included).
 * PPQ_ERR_CORRUPT for malformed or truncated input, PPQ_ERR_NOSPACE when
 * the output would pass dst_cap, PPQ_ERR_ARENA when work_len is too small.
 */
PPQ_CHECKRET ppq_status_t ppq_inflate(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                      size_t *dst_len, size_t *src_used, void *work, size_t work_len);

/*
 * Decode one or more gzip members back to back: each header (every flag:
 * FEXTRA, FNAME, FCOMMENT, FHCRC checked), its DEFLATE stream, and its
 * CRC-32 and ISIZE, which must match.  Errors as ppq_inflate.
 */
PPQ_CHECKRET ppq_status_t ppq_gunzip(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                     size_t *dst_len, void *work, size_t work_len);

/* ---- compression ---------------------------------------------------------
 * One gzip member (no name, mtime 0) around DEFLATE blocks of up to 16,384
 * symbols, each written as the smallest of a stored, a fixed-Huffman and a
 * dynamic-Huffman block.  On sensor pages and log text (`make bench-gzip`)
 * levels 2-9 are within 0.1% of zlib's sizes at the same level or smaller;
 * level 1, in 6 KiB, is 9-17% larger than zlib -1.  The same bytes on every
 * target.  Levels (0: 6) and their work buffers:
 *   1        greedy, one candidate a position:            6,260 bytes
 *   2, 3     greedy, hash chains of 8 / 32 candidates
 *            over 8 / 16 KiB back:                       34,932 / 67,700 bytes
 *   4..9     lazy matching, chains of 16..4096 over 32 KiB: 166,004 bytes
 * The work buffer holds the block's Huffman tables (2,164 bytes), its
 * symbols (4 bytes a match or a run of up to 255 literals: 512 at level 1,
 * 8,192 at levels 4-9), the hash table (2 bytes an entry) and the chains
 * (2 bytes a position of the window). */

/* Work-buffer bytes for `level` (0 for a level out of 0..9); at most 166,004. */
size_t ppq_gzip_work_size(int level);

/* The most bytes ppq_gzip_compress can write for `len` bytes. */
size_t ppq_gzip_bound(size_t len);

/*
 * Compress `src` into one gzip member at `dst`; *dst_len gets its size.
 * PPQ_ERR_NOSPACE when dst_cap < what it needs (ppq_gzip_bound is always
 * enough), PPQ_ERR_ARG for a bad level or pointer, PPQ_ERR_ARENA for too
 * small (or misaligned) a work buffer.
 */
PPQ_CHECKRET ppq_status_t ppq_gzip_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                            size_t *dst_len, int level, void *work, size_t work_len);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_GZIP_H */
