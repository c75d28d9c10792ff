/* The library configuration the logger's firmware is built with (the
 * Makefile passes it with -include; see inc/ppq_config.h): only the
 * encodings its columns use, no v2 pages.  On the 16 KB Cortex-M0
 * (LOGGER_SMALL) also no statistics and no recovery records: the smallest
 * writer, which the writer-min size profile (project.yml) measures; the
 * M4F firmware keeps both and lets AUTO choose by size (profile
 * writer-logger). */
#define PPQ_WRITER_ENCODINGS (PPQ_WRITER_ENC_DICTIONARY | PPQ_WRITER_ENC_DELTA_BINARY_PACKED | PPQ_WRITER_ENC_RLE)
#define PPQ_WRITER_PAGE_V2 0
#define PPQ_WRITER_PAGE_INDEX 0 /* no page index: flash (issue 30) */
#define PPQ_WRITER_BLOOM 0      /* no bloom filters: flash, RAM (issue 30) */
#define PPQ_WRITER_SORTING 0
#define PPQ_DECOMPRESSORS 0u
#ifdef LOGGER_COMPACT
#define PPQ_WRITER_COMPACT 1 /* the microbit: ppq_writer_options_for_arena's compact layout */
#else
#define PPQ_WRITER_COMPACT 0 /* the page layout only (the M4F demo; writer-min) */
#endif
#ifdef LOGGER_SMALL
#define PPQ_COMPRESSORS 0u          /* uncompressed pages */
#define PPQ_WRITER_AUTO_BY_SIZE 0 /* its columns name their encodings: flash */
#ifndef LOGGER_COMPACT
#define PPQ_LEAN 1                /* the least flash (only the status strings take a dictionary) */
#endif
#define PPQ_WRITER_STATISTICS 0
#define PPQ_WRITER_RECOVERY 0
#else
#define PPQ_COMPRESSORS 0x02u /* SNAPPY pages (LOGGER_CODEC) */
#define PPQ_CRC32_BYTE_TABLE 1 /* page CRCs from a 1 KB table: half the instructions (Cortex-M port) */
#define PPQ_WRITER_AUTO_BY_SIZE 1 /* AUTO columns take the smaller of dictionary and PLAIN/DELTA */
#define PPQ_WRITER_AUTO_THOROUGH 0 /* AUTO weighs uncompressed, BOOLEAN pages stay RLE: 0.85 KB less flash */
#endif
