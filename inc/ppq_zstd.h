/*
 * ZSTD (RFC 8878): standalone API, usable without Parquet.  The page codec
 * interface (ppq_codec.h, PPQ_CODEC_ZSTD) calls these.
 */
#ifndef PPQ_ZSTD_H
#define PPQ_ZSTD_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================== */
/* Decompression (src/compression/ppq_zstd_dec.c)                           */
/* ======================================================================== */

/*
 * Work-buffer bytes for ppq_zstd_decompress: the Huffman and FSE decoding
 * tables and the state kept from block to block (repeat offsets, tables
 * for Treeless literals and Repeat_Mode).  No window memory: the output
 * buffer is the window.
 *   PPQ_ZSTD_DEC_WORK_SIZE  any valid frame (Huffman codes up to 11 bits,
 *                           FSE accuracy logs up to 9/8/9).
 *   PPQ_ZSTD_DEC_WORK_MIN   a reduced set for small-RAM targets: Huffman
 *                           codes up to 10 bits, literal and match length
 *                           tables up to accuracy log 7, offsets up to 6.
 *                           A frame needing bigger tables (libzstd uses
 *                           them for inputs of more than a few KB) is
 *                           PPQ_ERR_UNSUPPORTED.
 * Any length from PPQ_ZSTD_DEC_WORK_MIN up is accepted; at least
 * PPQ_ZSTD_DEC_WORK_SIZE gets the full set.  Give an 8-aligned buffer.
 * (Exact values: ppq_zstd_dec_work_size(); a test pins them.)
 */
#define PPQ_ZSTD_DEC_WORK_SIZE 15392u
#define PPQ_ZSTD_DEC_WORK_MIN 5664u

/* PPQ_ZSTD_DEC_WORK_SIZE (full = 1) or PPQ_ZSTD_DEC_WORK_MIN (full = 0). */
size_t ppq_zstd_dec_work_size(int full);

/*
 * Decompress `src`: one or more zstd frames and skippable frames, back to
 * back (the output is the concatenation of the frames' contents).  Writes
 * at most `dst_cap` bytes to `dst`; *dst_len gets the bytes produced (0 on
 * error).  `src` is hostile: never a read outside it, never a write past
 * dst_cap (`dst` past the produced bytes may be used as scratch for the
 * literals of a block).  `src` and `dst` must not overlap.
 * Checks: every header field, block and section size, FSE and Huffman
 * table description, bitstream end, match offset (within the frame's
 * output and its window), the frame's content size when it gives one, the
 * content checksum (XXH64) when present.
 * Returns PPQ_OK; PPQ_ERR_CORRUPT for malformed or truncated input (also
 * an empty `src`); PPQ_ERR_NOSPACE when the output would exceed dst_cap;
 * PPQ_ERR_UNSUPPORTED for a frame that needs a dictionary (non-zero
 * Dictionary_ID) or, with a reduced work buffer, bigger tables;
 * PPQ_ERR_ARENA when work_len < PPQ_ZSTD_DEC_WORK_MIN; PPQ_ERR_ARG for a
 * NULL pointer (NULL with a length of 0 is fine for src and dst).
 */
PPQ_CHECKRET ppq_status_t ppq_zstd_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                              size_t *dst_len, void *work, size_t work_len);

/* ======================================================================== */
/* Compression (src/compression/ppq_zstd_enc.c)                             */
/* ======================================================================== */

/*
 * Levels: 1 fast (one hash table, greedy), 2 balanced and 3 strong (hash
 * chains, lazy matching); 0 is PPQ_ZSTD_LEVEL_DEFAULT.  OR a level with
 * PPQ_ZSTD_CHECKSUM to add the XXH64 content checksum (off by default: a
 * Parquet page has its own CRC, and the checksum costs a second pass).
 */
#define PPQ_ZSTD_LEVEL_DEFAULT 1
#define PPQ_ZSTD_LEVEL_MAX 3
#define PPQ_ZSTD_CHECKSUM 0x100

/*
 * Work-buffer bytes ppq_zstd_compress needs at `level` for inputs of at
 * most `max_src_len` bytes (0 for a bad level or more than 2^32 - 1
 * bytes): about 3.6 KiB fixed, 2 bytes per input byte up to 128 KiB (a
 * block's literals and sequences), and the match tables, which grow with
 * the input (rounded up to a power of 2) up to their level's size
 * (level 1: 1 byte per input byte, at most 64 KiB; levels 2-3: 6 bytes
 * per input byte, at most 128 + 128 KiB and 256 + 128 KiB).  For
 * example level 1: 4.8 KiB for 256 bytes, 16.1 KiB for a 4 KiB page;
 * level 2: 36.1 KiB for 4 KiB.  Give an 8-aligned buffer.
 */
size_t ppq_zstd_enc_work_size(int level, size_t max_src_len);

/* The most bytes ppq_zstd_compress writes for `src_len` bytes: the frame
 * header, 3 bytes per 128 KiB block, the content, a checksum. */
size_t ppq_zstd_compress_bound(size_t src_len);

/*
 * Compress `src` into one zstd frame at `dst`; *dst_len gets its size (0
 * on error).  The frame carries the content size; each block is
 * compressed (Huffman literals, FSE-coded sequences), RLE or raw,
 * whichever is smallest.  The output depends only on the input and the
 * level: the same bytes on every target.
 * Returns PPQ_OK; PPQ_ERR_NOSPACE when dst_cap is too small
 * (ppq_zstd_compress_bound is always enough); PPQ_ERR_ARG for a NULL
 * pointer (NULL with a length of 0 is fine), a bad level or more than
 * 2^32 - 1 input bytes; PPQ_ERR_ARENA when work is NULL, not 8-aligned or
 * shorter than ppq_zstd_enc_work_size(level, src_len).
 */
PPQ_CHECKRET ppq_status_t ppq_zstd_compress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                            size_t *dst_len, int level, void *work, size_t work_len);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_ZSTD_H */
