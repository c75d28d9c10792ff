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
#define PPQ_INFLATE_WORK_SIZE 3584u /* two Huffman tables (literal/length, distance) and code lengths */

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

#ifdef __cplusplus
}
#endif

#endif /* PPQ_GZIP_H */
