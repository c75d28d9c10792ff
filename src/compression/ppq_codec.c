/*
 * The page-codec interface (ppq_codec.h): dispatch to each codec's own
 * file.  A codec is reachable here only when its bit is in
 * PPQ_DECOMPRESSORS / PPQ_COMPRESSORS, so a build without it links none of
 * its code.  Each codec fills in its own cases below.
 */
#include <string.h>

#include "ppq_codec.h"
#include "ppq_lz4.h"
#include "ppq_snappy.h"
#include "ppq_zstd.h"
#include "ppq_gzip.h"
#include "ppq_brotli.h"

static const char *const codec_names[] = {"UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW"};

const char *ppq_codec_name(ppq_codec_t codec)
{
    unsigned c = (unsigned)codec;
    return c < sizeof codec_names / sizeof codec_names[0] ? codec_names[c] : "UNKNOWN";
}

/* SNAPPY, LZ4 (Hadoop framing) and LZ4_RAW: ppq_snappy.c, ppq_lz4.c. */
#define LZ_CODECS (PPQ_CODEC_BIT(PPQ_CODEC_SNAPPY) | PPQ_CODEC_BIT(PPQ_CODEC_LZ4) | PPQ_CODEC_BIT(PPQ_CODEC_LZ4_RAW))

/* Codecs with an implementation in this tree (each codec adds its bit). */
#define PPQ_CODECS_IMPLEMENTED_DEC                                                                                  \
    (LZ_CODECS | PPQ_CODEC_BIT(6) /* ZSTD */ | PPQ_CODEC_BIT(2) /* GZIP */ | (PPQ_WITH_BROTLI ? PPQ_CODEC_BIT(4) : 0u))
#define PPQ_CODECS_IMPLEMENTED_ENC (LZ_CODECS | PPQ_CODEC_BIT(2) /* GZIP */ | PPQ_CODEC_BIT(6) /* ZSTD */)
#define HAVE_DEC(c) ((PPQ_DECOMPRESSORS & PPQ_CODECS_IMPLEMENTED_DEC & PPQ_CODEC_BIT(c)) != 0u)
#define HAVE_ENC(c) ((PPQ_COMPRESSORS & PPQ_CODECS_IMPLEMENTED_ENC & PPQ_CODEC_BIT(c)) != 0u)
/* The same for #if (PPQ_CODEC_BIT of an enum constant is not a
 * preprocessor value): 1 << 1 SNAPPY, 1 << 5 LZ4, 1 << 7 LZ4_RAW. */
#define HAVE_DEC_SNAPPY ((PPQ_DECOMPRESSORS & 0x02u) != 0u)
#define HAVE_DEC_GZIP ((PPQ_DECOMPRESSORS & 0x04u) != 0u)
#define HAVE_DEC_BROTLI (PPQ_WITH_BROTLI && (PPQ_DECOMPRESSORS & 0x10u) != 0u)
#define HAVE_DEC_LZ4 ((PPQ_DECOMPRESSORS & 0x20u) != 0u)
#define HAVE_DEC_LZ4_RAW ((PPQ_DECOMPRESSORS & 0x80u) != 0u)
#define HAVE_ENC_SNAPPY ((PPQ_COMPRESSORS & 0x02u) != 0u)
#define HAVE_ENC_GZIP ((PPQ_COMPRESSORS & 0x04u) != 0u)
#define HAVE_ENC_LZ4 ((PPQ_COMPRESSORS & 0x20u) != 0u)
#define HAVE_ENC_LZ4_RAW ((PPQ_COMPRESSORS & 0x80u) != 0u)
#define HAVE_ENC_ZSTD ((PPQ_COMPRESSORS & 0x40u) != 0u)

#if HAVE_ENC_SNAPPY || HAVE_ENC_LZ4 || HAVE_ENC_LZ4_RAW
/* SNAPPY and LZ4: level 1..9 is a hash table of 2^(level + 7) entries,
 * 0 the reference library's size; anything else 0 (PPQ_ERR_ARG). */
static unsigned lz_table_bits(int level, unsigned default_bits)
{
    return level == 0 ? default_bits : level >= 1 && level <= 9 ? (unsigned)level + 7u : 0u;
}

/* The table the compressor uses for `n` input bytes at `bits`: it takes
 * no more entries than the next power of two >= n (snappy: of one 64 KiB
 * fragment), at least 2^8. */
static unsigned lz_input_bits(size_t n, unsigned bits)
{
    unsigned b = 8u;
    while (b < bits && ((size_t)1u << b) < n) {
        b++;
    }
    return b;
}
#endif

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
#if HAVE_DEC_GZIP
    case PPQ_CODEC_GZIP:
        return PPQ_INFLATE_WORK_SIZE;
#endif
#if HAVE_DEC(6) /* ZSTD (a number: #if cannot see enum values) */
    case PPQ_CODEC_ZSTD:
        return PPQ_ZSTD_DEC_WORK_SIZE;
#endif
#if HAVE_DEC_BROTLI
    case PPQ_CODEC_BROTLI:
        return PPQ_BROTLI_DEC_WORK;
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
#if HAVE_DEC_SNAPPY
    case PPQ_CODEC_SNAPPY:
        return ppq_snappy_decompress(src, src_len, dst, dst_cap, dst_len);
#endif
#if HAVE_DEC_LZ4
    case PPQ_CODEC_LZ4:
        return ppq_lz4_hadoop_decompress(src, src_len, dst, dst_cap, dst_len);
#endif
#if HAVE_DEC_LZ4_RAW
    case PPQ_CODEC_LZ4_RAW:
        return ppq_lz4_decompress(src, src_len, dst, dst_cap, dst_len);
#endif
#if HAVE_DEC_GZIP
    case PPQ_CODEC_GZIP:
        return ppq_gunzip(src, src_len, dst, dst_cap, dst_len, work, work_len);
#endif
#if HAVE_DEC(6) /* ZSTD (a number: #if cannot see enum values) */
    case PPQ_CODEC_ZSTD:
        if (work == NULL || work_len < PPQ_ZSTD_DEC_WORK_SIZE) {
            return PPQ_ERR_ARENA;
        }
        return ppq_zstd_decompress(src, src_len, dst, dst_cap, dst_len, work, work_len);
#endif
#if HAVE_DEC_BROTLI
    case PPQ_CODEC_BROTLI:
        return ppq_brotli_decompress(src, src_len, dst, dst_cap, dst_len, work, work_len);
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
#if HAVE_ENC_GZIP
    case PPQ_CODEC_GZIP:
        return ppq_gzip_bound(src_len);
#endif
#if HAVE_ENC_SNAPPY
    case PPQ_CODEC_SNAPPY:
        return src_len > 0xFFFFFFFFu ? 0u : ppq_snappy_compress_bound(src_len);
#endif
#if HAVE_ENC_LZ4
    case PPQ_CODEC_LZ4:
        return ppq_lz4_hadoop_compress_bound(src_len);
#endif
#if HAVE_ENC_LZ4_RAW
    case PPQ_CODEC_LZ4_RAW:
        return ppq_lz4_compress_bound(src_len);
#endif
#if HAVE_ENC_ZSTD
    case PPQ_CODEC_ZSTD:
        return src_len > 0xFFFFFFFFu ? 0u : ppq_zstd_compress_bound(src_len);
#endif
    default:
        return 0;
    }
}

size_t ppq_compress_work_size(ppq_codec_t codec, int level, size_t max_src_len)
{
    (void)level;
    (void)max_src_len;
    switch (codec) {
#if HAVE_ENC_GZIP
    case PPQ_CODEC_GZIP:
        return ppq_gzip_work_size(level);
#endif
#if HAVE_ENC_SNAPPY
    case PPQ_CODEC_SNAPPY: {
        unsigned bits = lz_table_bits(level, PPQ_SNAPPY_TABLE_BITS_DEFAULT);
        return bits == 0u ? 0u : PPQ_SNAPPY_WORK_SIZE(lz_input_bits(max_src_len < 65536u ? max_src_len : 65536u, bits));
    }
#endif
#if HAVE_ENC_LZ4 || HAVE_ENC_LZ4_RAW
#if HAVE_ENC_LZ4
    case PPQ_CODEC_LZ4:
#endif
#if HAVE_ENC_LZ4_RAW
    case PPQ_CODEC_LZ4_RAW:
#endif
    {
        unsigned bits = lz_table_bits(level, PPQ_LZ4_TABLE_BITS_DEFAULT);
        return bits == 0u ? 0u : PPQ_LZ4_WORK_SIZE(lz_input_bits(max_src_len, bits));
    }
#endif
#if HAVE_ENC_ZSTD
    case PPQ_CODEC_ZSTD:
        /* libzstd's levels: negative to PPQ_ZSTD_LEVEL_MAX, 0 the default
         * (the checksum flag is the standalone API's: out of range here) */
        return level > PPQ_ZSTD_LEVEL_MAX ? 0u : ppq_zstd_enc_work_size(level, max_src_len);
#endif
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
#if HAVE_ENC_GZIP
    case PPQ_CODEC_GZIP:
        return ppq_gzip_compress(src, src_len, dst, dst_cap, dst_len, level, work, work_len);
#endif
#if HAVE_ENC_SNAPPY
    case PPQ_CODEC_SNAPPY: {
        unsigned bits = lz_table_bits(level, PPQ_SNAPPY_TABLE_BITS_DEFAULT);
        return bits == 0u ? PPQ_ERR_ARG : ppq_snappy_compress(src, src_len, dst, dst_cap, dst_len, bits, work, work_len);
    }
#endif
#if HAVE_ENC_LZ4
    case PPQ_CODEC_LZ4: {
        unsigned bits = lz_table_bits(level, PPQ_LZ4_TABLE_BITS_DEFAULT);
        return bits == 0u ? PPQ_ERR_ARG
                          : ppq_lz4_hadoop_compress(src, src_len, dst, dst_cap, dst_len, bits, work, work_len);
    }
#endif
#if HAVE_ENC_LZ4_RAW
    case PPQ_CODEC_LZ4_RAW: {
        unsigned bits = lz_table_bits(level, PPQ_LZ4_TABLE_BITS_DEFAULT);
        return bits == 0u ? PPQ_ERR_ARG : ppq_lz4_compress(src, src_len, dst, dst_cap, dst_len, bits, work, work_len);
    }
#endif
#if HAVE_ENC_ZSTD
    case PPQ_CODEC_ZSTD:
        if (level > PPQ_ZSTD_LEVEL_MAX) {
            return PPQ_ERR_ARG;
        }
        return ppq_zstd_compress(src, src_len, dst, dst_cap, dst_len, level, work, work_len);
#endif
    default:
        return PPQ_ERR_UNSUPPORTED;
    }
}
