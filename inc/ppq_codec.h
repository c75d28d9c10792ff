/*
 * Page compression: one interface over Parquet's codecs, for the file
 * reader (decompress) and writer (compress).  Each codec also has its own
 * header with a standalone API usable without Parquet (ppq_snappy.h, ...).
 *
 * Memory: no heap.  A codec that needs tables or a window gets them from a
 * caller work buffer of ppq_decompress_work_size() / ppq_compress_work_size()
 * bytes (give an 8-aligned buffer; 0 means none is needed).  Decompression
 * writes into the caller's output buffer and uses it as its window.
 *
 * Build switches (ppq_config.h): PPQ_DECOMPRESSORS and PPQ_COMPRESSORS say
 * which codecs are built; a codec left out (and LZO always, BROTLI without
 * PPQ_WITH_BROTLI) is PPQ_ERR_UNSUPPORTED, and ppq_codec_name() names it
 * for the message.  BROTLI decompresses only.
 */
#ifndef PPQ_CODEC_H
#define PPQ_CODEC_H

#include "ppq_config.h"
#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Values equal the Thrift enum `CompressionCodec` of parquet.thrift. */
typedef enum ppq_codec {
    PPQ_CODEC_UNCOMPRESSED = 0,
    PPQ_CODEC_SNAPPY = 1,  /* raw Snappy block */
    PPQ_CODEC_GZIP = 2,    /* gzip members (RFC 1952) around DEFLATE */
    PPQ_CODEC_LZO = 3,     /* never supported */
    PPQ_CODEC_BROTLI = 4,  /* brotli stream (RFC 7932): decompression only, PPQ_WITH_BROTLI */
    PPQ_CODEC_LZ4 = 5,     /* deprecated: Hadoop-framed LZ4 blocks (raw block as a fallback) */
    PPQ_CODEC_ZSTD = 6,    /* zstd frames (RFC 8878) */
    PPQ_CODEC_LZ4_RAW = 7  /* raw LZ4 block */
} ppq_codec_t;

/* "UNCOMPRESSED", "SNAPPY", ... as parquet.thrift spells them; "UNKNOWN"
 * for other values. */
const char *ppq_codec_name(ppq_codec_t codec);

/* 1 when this build can decompress (compress) `codec`, else 0. */
int ppq_codec_can_decompress(ppq_codec_t codec);
int ppq_codec_can_compress(ppq_codec_t codec);

/* Work-buffer bytes ppq_decompress needs for `codec` (0: none, or a codec
 * this build lacks). */
size_t ppq_decompress_work_size(ppq_codec_t codec);

/*
 * Decompress `src` into `dst` (room for `dst_cap` bytes); *dst_len gets the
 * bytes produced.  `src` is hostile: never a read outside it or a write
 * past dst_cap.  PPQ_ERR_CORRUPT for malformed input; PPQ_ERR_NOSPACE when
 * the output would exceed dst_cap (a caller that knows the size treats
 * that as corrupt; one that does not, such as a CLI filter, may retry with
 * more room); PPQ_ERR_UNSUPPORTED for a codec the build lacks;
 * PPQ_ERR_ARENA when work_len < ppq_decompress_work_size(codec).
 * A Parquet page knows its uncompressed size: the reader passes it as
 * dst_cap and also checks *dst_len == dst_cap.
 */
PPQ_CHECKRET ppq_status_t ppq_decompress(ppq_codec_t codec, const uint8_t *src, size_t src_len, uint8_t *dst,
                                         size_t dst_cap, size_t *dst_len, void *work, size_t work_len);

/* Largest output ppq_compress can produce for `src_len` bytes (0 for a
 * codec the build cannot compress). */
size_t ppq_compress_bound(ppq_codec_t codec, size_t src_len);

/* Work-buffer bytes ppq_compress needs for `codec` at `level` (0: the
 * codec's default) for inputs of at most `max_src_len` bytes. */
size_t ppq_compress_work_size(ppq_codec_t codec, int level, size_t max_src_len);

/*
 * Compress `src` into `dst`; *dst_len gets the bytes produced.  With
 * dst_cap >= ppq_compress_bound() it cannot run out of room; otherwise
 * PPQ_ERR_NOSPACE.  PPQ_ERR_UNSUPPORTED for a codec the build cannot
 * compress, PPQ_ERR_ARG for a level out of the codec's range,
 * PPQ_ERR_ARENA for too small a work buffer.  The output depends only on
 * the input, codec and level (the same bytes on every target).
 */
PPQ_CHECKRET ppq_status_t ppq_compress(ppq_codec_t codec, int level, const uint8_t *src, size_t src_len,
                                       uint8_t *dst, size_t dst_cap, size_t *dst_len, void *work, size_t work_len);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_CODEC_H */
