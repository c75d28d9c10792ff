/*
 * BROTLI (RFC 7932) decompression: standalone API, usable without Parquet.
 * The page codec interface (ppq_codec.h, PPQ_CODEC_BROTLI) calls it.
 * Built when PPQ_WITH_BROTLI is 1 (ppq_config.h: the default on hosts, off
 * for bare-metal Arm, where the static dictionary's 120 KiB of flash is an
 * opt-in); without it ppq_brotli_decompress returns PPQ_ERR_UNSUPPORTED.
 */
#ifndef PPQ_BROTLI_H
#define PPQ_BROTLI_H

#include "ppq_config.h"
#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Work-buffer bytes for ppq_brotli_decompress: the prefix codes and
 * context maps of one meta-block (the output buffer is the window: no
 * ring buffer).  The decoder takes what each meta-block needs from the
 * buffer, so the need depends on the stream:
 *   PPQ_BROTLI_DEC_WORK_SIZE  any valid stream: 256 literal, 256
 *                             insert-and-copy and 256 distance codes of
 *                             the largest alphabets (1.15 MiB).
 *   PPQ_BROTLI_DEC_WORK_MIN   the fixed part; streams of a few codes per
 *                             meta-block (libbrotli's quality 0-4, most
 *                             small pages at any quality) need 10-40 KiB
 *                             (make brotli-diff-test prints the most each
 *                             setting took).
 * A stream that needs more than work_len is PPQ_ERR_UNSUPPORTED; less than
 * PPQ_BROTLI_DEC_WORK_MIN is PPQ_ERR_ARENA.  Give an 8-aligned buffer.
 * (Exact values: ppq_brotli_dec_work_size(); a test pins them.)
 */
#define PPQ_BROTLI_DEC_WORK_SIZE 1201960u
#define PPQ_BROTLI_DEC_WORK_MIN 4032u

/* PPQ_BROTLI_DEC_WORK_SIZE (full = 1) or PPQ_BROTLI_DEC_WORK_MIN (full = 0). */
size_t ppq_brotli_dec_work_size(int full);

/*
 * Decompress the brotli stream `src` (exactly one stream: bytes after its
 * end are corrupt) into `dst`, at most `dst_cap` bytes; *dst_len gets the
 * bytes produced (0 on error).  `src` is hostile: never a read outside it,
 * never a write past dst_cap.  `src` and `dst` must not overlap.
 * Checks: the window size, every meta-block length against dst_cap and
 * the data that fills it, each prefix code (complete, symbols in range),
 * context maps, block types and counts, every distance (within the output
 * and window, or a valid static dictionary word and transform), padding
 * bits zero, no input left over.
 * Returns PPQ_OK; PPQ_ERR_CORRUPT for malformed or truncated input (also
 * an empty `src`); PPQ_ERR_NOSPACE when the output would exceed dst_cap;
 * PPQ_ERR_UNSUPPORTED when a meta-block needs more work memory than
 * work_len, or in a build without PPQ_WITH_BROTLI; PPQ_ERR_ARENA when
 * work is NULL, not 8-aligned or work_len < PPQ_BROTLI_DEC_WORK_MIN;
 * PPQ_ERR_ARG for a NULL pointer (NULL with a length of 0 is fine for src
 * and dst).
 */
PPQ_CHECKRET ppq_status_t ppq_brotli_decompress(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_cap,
                                                size_t *dst_len, void *work, size_t work_len);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_BROTLI_H */
