/* The library configuration the logger's firmware is built with (the
 * Makefile passes it with -include; see inc/ppq_config.h): only the
 * encodings its columns use, no v2 pages.  The writer-min size profile
 * (project.yml) measures the writer built this way. */
#define PPQ_WRITER_ENCODINGS (PPQ_WRITER_ENC_DICTIONARY | PPQ_WRITER_ENC_DELTA_BINARY_PACKED | PPQ_WRITER_ENC_RLE)
#define PPQ_WRITER_PAGE_V2 0
