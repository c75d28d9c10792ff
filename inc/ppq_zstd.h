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
 *   PPQ_ZSTD_DEC_WORK_SMALL the reduced set with Huffman codes up to 9 bits,
 *                           for frames of a few hundred bytes (the writer
 *                           reads its own small pages back with it where
 *                           its codec buffers are smaller than the MIN set).
 * Any length from PPQ_ZSTD_DEC_WORK_SMALL up is accepted; at least
 * PPQ_ZSTD_DEC_WORK_MIN gets the reduced set, at least
 * PPQ_ZSTD_DEC_WORK_SIZE the full set.  Give an 8-aligned buffer.
 * (Exact values: ppq_zstd_dec_work_size(); a test pins them.)
 */
#define PPQ_ZSTD_DEC_WORK_SIZE 15392u
#define PPQ_ZSTD_DEC_WORK_MIN 5664u
#define PPQ_ZSTD_DEC_WORK_SMALL 4640u

/* PPQ_ZSTD_DEC_WORK_SIZE (full = 1), PPQ_ZSTD_DEC_WORK_MIN (full = 0) or
 * PPQ_ZSTD_DEC_WORK_SMALL (full < 0). */
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
 * PPQ_ERR_ARENA when work_len < PPQ_ZSTD_DEC_WORK_SMALL; PPQ_ERR_ARG for a
 * NULL pointer (NULL with a length of 0 is fine for src and dst).
 */
PPQ_CHECKRET ppq_status_t ppq_zstd_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                              size_t *dst_len, void *work, size_t work_len);

/* ------------------------------------------------------------------------ */
/* Streaming decompression: frames of any size, with or without a content   */
/* size, in memory bounded by the window                                     */
/* ------------------------------------------------------------------------ */

/* A streaming decoder: declare one anywhere, set it up with
 * ppq_zstd_stream_init.  Internal fields, do not touch. */
typedef struct ppq_zstd_stream {
    void *work;
    uint8_t *buf;
    size_t cap, pos, have, need;
    uint64_t window, fcs, produced, skip;
    ppq_xxh64_state_t xxh;
    uint32_t bsize;
    uint8_t small[20];
    uint8_t state, fhd, last, fresh, frames, btype;
} ppq_zstd_stream_t;

/* Bytes of buffer ppq_zstd_stream_init needs for frames whose window is
 * `window` bytes (the frame header's Window_Size; a single-segment frame's
 * window is its content size): 128 KiB where input blocks are gathered,
 * the window, and room for one block.  0 when that exceeds size_t.  A
 * larger buffer moves the window back to its start less often (each move
 * copies the window): twice the window plus 256 KiB costs about one copy
 * per byte decoded.  libzstd's level 3 writes frames with a 1-2 MiB window
 * for large inputs, level 19 8 MiB (the zstd tool's limit: 128 MiB). */
size_t ppq_zstd_stream_buf_size(uint64_t window);

/*
 * Start a stream (one or more frames and skippable frames, back to back,
 * as ppq_zstd_decompress takes them).  `work`: PPQ_ZSTD_DEC_WORK_SIZE
 * bytes (8-aligned), `buf`: `cap` bytes; both the caller's, used until the
 * stream ends, neither aligned nor zeroed.  Returns PPQ_OK; PPQ_ERR_ARG
 * for NULL pointers; PPQ_ERR_ARENA when work_len <
 * PPQ_ZSTD_DEC_WORK_SIZE or cap < ppq_zstd_stream_buf_size(1024).
 */
PPQ_CHECKRET ppq_status_t ppq_zstd_stream_init(ppq_zstd_stream_t *s, void *work, size_t work_len, uint8_t *buf,
                                               size_t cap);

/*
 * Feed input and take output.  Reads from in[0, in_len) (any length,
 * including 0; input is hostile), *consumed gets the bytes taken (the
 * caller passes the rest again); decodes at most one block per call, and
 * *out / *out_len get its bytes (inside `buf`, valid until the next call;
 * *out_len 0 when none).  Call until *consumed is in_len and *out_len is 0,
 * then feed more input; after the last input call ppq_zstd_stream_end.
 * Checks as ppq_zstd_decompress (the content size when the frame has one,
 * the checksum when present).
 * Returns PPQ_OK; PPQ_ERR_CORRUPT for malformed input (the stream is
 * then dead: every later call fails); PPQ_ERR_UNSUPPORTED for a frame
 * with a dictionary; PPQ_ERR_ARENA when a frame's window does not fit the
 * buffer: nothing was lost, ppq_zstd_stream_need tells the bytes needed,
 * and after ppq_zstd_stream_buffer with a buffer that large the same call
 * goes on; PPQ_ERR_ARG for NULL pointers.
 */
PPQ_CHECKRET ppq_status_t ppq_zstd_stream_decompress(ppq_zstd_stream_t *s, const uint8_t *in, size_t in_len,
                                                     size_t *consumed, const uint8_t **out, size_t *out_len);

/* After PPQ_ERR_ARENA: the buffer bytes the frame needs
 * (ppq_zstd_stream_buf_size of its window; 0: more than size_t holds). */
size_t ppq_zstd_stream_need(const ppq_zstd_stream_t *s);

/* A new buffer (the old one is no longer used), between frames or after
 * PPQ_ERR_ARENA.  PPQ_ERR_STATE inside a frame's blocks, PPQ_ERR_ARENA
 * below ppq_zstd_stream_buf_size(1024), PPQ_ERR_ARG for NULL. */
PPQ_CHECKRET ppq_status_t ppq_zstd_stream_buffer(ppq_zstd_stream_t *s, uint8_t *buf, size_t cap);

/* The input has ended: PPQ_OK when it ended after a whole frame (at least
 * one), PPQ_ERR_CORRUPT when it is empty or a frame is cut short. */
PPQ_CHECKRET ppq_status_t ppq_zstd_stream_end(const ppq_zstd_stream_t *s);

/* ======================================================================== */
/* Compression (src/compression/ppq_zstd_enc.c)                             */
/* ======================================================================== */

/*
 * Levels, as libzstd numbers them: 1 to PPQ_ZSTD_LEVEL_MAX (22), 0 for
 * PPQ_ZSTD_LEVEL_DEFAULT (3), and any negative level for the fast ones
 * (libzstd's ZSTD_minCLevel() is -131072; from -31 down they are all
 * alike).  Each maps to a strategy and its table sizes:
 *
 *   level  strategy             hash    chain    depth  nice  literals
 *   < 0    fast, skip 1 - level 2^13    -        1      -     raw
 *   1      fast                 2^14    -        1      -     Huffman
 *   2      fast                 2^15    -        1      -
 *   3      fast (default)       2^16    -        1      -
 *   4      chains, greedy       2^16    2^16     4      32
 *   5      chains, lazy         2^15    2^16     8      -
 *   6      chains, lazy         2^16    2^16     16     -
 *   7      chains, lazy2        2^16    2^16     32     -
 *   8      chains, lazy2        2^17    2^17     32     128
 *   9      chains, lazy2        2^17    2^18     64     128
 *   10     chains, lazy2        2^18    2^18     96     128
 *   11     chains, lazy2        2^18    2^19     128    192
 *   12     chains, lazy2        2^18    2^19     192    256
 *   13     chains, lazy2        2^19    2^20     256    256
 *   14     chains, lazy2        2^19    2^20     384    384
 *   15     chains, lazy2        2^19    2^21     512    512
 *   16     chains, lazy2        2^20    2^21     512    512
 *   17     chains, lazy2        2^20    2^22     768    768
 *   18     chains, lazy2        2^20    2^22     1024   1024
 *   19     chains, lazy2        2^21    2^23     1024   2048
 *   20     chains, lazy2        2^21    2^23     2048   4096
 *   21     chains, lazy2        2^22    2^24     3072   8192
 *   22     chains, lazy2        2^22    2^24     4096   -
 *
 * hash: entries (4 bytes) of the table of last positions per hash, at
 * most the input's next power of two (fast levels: a quarter of it);
 * chain: links back (2 bytes, 4 above 2^16), at most the input's power of
 * two, which is also how far back a chain reaches (the hash table's
 * candidate may be further, anywhere in the frame); depth: candidates
 * tried per position; nice: a match this long ends the search; fast:
 * greedy, one probe per position, each miss in a run of misses steps
 * further; lazy / lazy2: a match found is kept only if the next one /
 * two positions have no better one.  Levels 20-22 add search depth only
 * (libzstd's optimal parsing is not built).
 *
 * The checksum: add PPQ_ZSTD_CHECKSUM to a level (OR for levels >= 0;
 * levels -2^23 and up) to add the XXH64 content checksum (off by default:
 * a Parquet page has its own CRC, and the checksum costs a second pass).
 */
#define PPQ_ZSTD_LEVEL_DEFAULT 3
#define PPQ_ZSTD_LEVEL_MAX 22
#define PPQ_ZSTD_LEVEL_MIN (-131072) /* libzstd's; any lower level is taken too */
#define PPQ_ZSTD_CHECKSUM 0x1000000

/*
 * Work-buffer bytes ppq_zstd_compress needs at `level` for inputs of at
 * most `max_src_len` bytes (0 for a bad level or more than 2^32 - 1
 * bytes), exact: about 3.6 KiB fixed, 2 bytes per input byte up to 128
 * KiB (a block's literals and sequences), and the match tables of the
 * level table above, which grow with the input (rounded up to a power of
 * 2) up to their level's size.  For example level 1 (and 2, 3, < 0): 4.8
 * KiB for 256 bytes, 16.1 KiB for a 4 KiB page; level 5: 36.1 KiB for
 * 4 KiB; at most: level 1 327 KiB, 3 519 KiB, 5-7 647 KiB; level 19 for a 1
 * MiB page 8.3 MiB, level 22 at most 80.3 MiB.  Give an
 * 8-aligned buffer.
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
