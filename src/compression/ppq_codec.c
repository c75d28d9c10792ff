/*
 * The page-codec interface (ppq_codec.h): dispatch to each codec's own
 * file.  A codec is reachable here only when its bit is in
 * PPQ_DECOMPRESSORS / PPQ_COMPRESSORS, so a build without it links none of
 * its code.  Each codec fills in its own cases below.
 */
#include <string.h>

#include "ppq_codec.h"
#include "ppq_zstd.h"

static const char *const codec_names[] = {"UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW"};

const char *ppq_codec_name(ppq_codec_t codec)
{
    unsigned c = (unsigned)codec;
    return c < sizeof codec_names / sizeof codec_names[0] ? codec_names[c] : "UNKNOWN";
}

/* Codecs with an implementation in this tree (each codec adds its bit). */
#define PPQ_CODECS_IMPLEMENTED_DEC (PPQ_CODEC_BIT(6) /* ZSTD */)
#define PPQ_CODECS_IMPLEMENTED_ENC 0u
#define HAVE_DEC(c) ((PPQ_DECOMPRESSORS & PPQ_CODECS_IMPLEMENTED_DEC & PPQ_CODEC_BIT(c)) != 0u)
#define HAVE_ENC(c) ((PPQ_COMPRESSORS & PPQ_CODECS_IMPLEMENTED_ENC & PPQ_CODEC_BIT(c)) != 0u)

int ppq_codec_can_decompress(ppq_codec_t codec)
{
    unsigned c = (unsigned)codec;
    return c == PPQ_CODEC_UNCOMPRESSED || (c < 8u && HAVE_DEC(c));
}

int ppq_codec_can_compress(ppq_codec_t codec)
{
    unsigned c = (unsigned)codec;
    return c == PPQ_CODEC_UNCOMPRESSED || (c < 8u && HAVE_ENC(c));
}

size_t ppq_decompress_work_size(ppq_codec_t codec)
{
    switch (codec) {
#if HAVE_DEC(6) /* ZSTD (a number: #if cannot see enum values) */
    case PPQ_CODEC_ZSTD:
        return PPQ_ZSTD_DEC_WORK_SIZE;
#endif
    default:
        return 0;
    }
}

ppq_status_t ppq_decompress(ppq_codec_t codec, const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                            size_t *dst_len, void *work, size_t work_len)
{
    (void)work;
    (void)work_len;
    if (dst_len == NULL || (src == NULL && src_len > 0) || (dst == NULL && dst_cap > 0)) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    switch (codec) {
    case PPQ_CODEC_UNCOMPRESSED:
        if (src_len > dst_cap) {
            return PPQ_ERR_NOSPACE;
        }
        if (src_len > 0) {
            memcpy(dst, src, src_len);
        }
        *dst_len = src_len;
        return PPQ_OK;
#if HAVE_DEC(6) /* ZSTD (a number: #if cannot see enum values) */
    case PPQ_CODEC_ZSTD:
        if (work == NULL || work_len < PPQ_ZSTD_DEC_WORK_SIZE) {
            return PPQ_ERR_ARENA;
        }
        return ppq_zstd_decompress(src, src_len, dst, dst_cap, dst_len, work, work_len);
#endif
    default:
        return PPQ_ERR_UNSUPPORTED;
    }
}

size_t ppq_compress_bound(ppq_codec_t codec, size_t src_len)
{
    switch (codec) {
    case PPQ_CODEC_UNCOMPRESSED:
        return src_len;
    default:
        return 0;
    }
}

size_t ppq_compress_work_size(ppq_codec_t codec, int level, size_t max_src_len)
{
    (void)level;
    (void)max_src_len;
    switch (codec) {
    default:
        return 0;
    }
}

ppq_status_t ppq_compress(ppq_codec_t codec, int level, const uint8_t *src, size_t src_len, uint8_t *dst,
                          size_t dst_cap, size_t *dst_len, void *work, size_t work_len)
{
    (void)work;
    (void)work_len;
    if (dst_len == NULL || (src == NULL && src_len > 0) || (dst == NULL && dst_cap > 0)) {
        return PPQ_ERR_ARG;
    }
    *dst_len = 0;
    switch (codec) {
    case PPQ_CODEC_UNCOMPRESSED:
        if (level != 0) {
            return PPQ_ERR_ARG;
        }
        if (src_len > dst_cap) {
            return PPQ_ERR_NOSPACE;
        }
        if (src_len > 0) {
            memcpy(dst, src, src_len);
        }
        *dst_len = src_len;
        return PPQ_OK;
    default:
        return PPQ_ERR_UNSUPPORTED;
    }
}
