/* Every unit suite, for the host and board runners. */
#ifndef PPQ_SUITES_H
#define PPQ_SUITES_H

#include "ppq_test.h"

extern const ppq_test_suite_t suite_core;
extern const ppq_test_suite_t suite_bitpack;
extern const ppq_test_suite_t suite_plain;
extern const ppq_test_suite_t suite_rle;
extern const ppq_test_suite_t suite_dict;
extern const ppq_test_suite_t suite_kernels;
extern const ppq_test_suite_t suite_delta;
extern const ppq_test_suite_t suite_bss;
extern const ppq_test_suite_t suite_delta_bytes;
extern const ppq_test_suite_t suite_legacy;
extern const ppq_test_suite_t suite_thrift;
extern const ppq_test_suite_t suite_writer;
extern const ppq_test_suite_t suite_edges;
extern const ppq_test_suite_t suite_recover;
extern const ppq_test_suite_t suite_meta;
extern const ppq_test_suite_t suite_batch;
extern const ppq_test_suite_t suite_lz;
extern const ppq_test_suite_t suite_zstd_dec;
extern const ppq_test_suite_t suite_brotli;
extern const ppq_test_suite_t suite_zstd_enc;
extern const ppq_test_suite_t suite_reader;
extern const ppq_test_suite_t suite_footer;
extern const ppq_test_suite_t suite_reader_pages;
extern const ppq_test_suite_t suite_gzip;
extern const ppq_test_suite_t suite_index;
extern const ppq_test_suite_t suite_nested;
extern const ppq_test_suite_t suite_where;
extern const ppq_test_suite_t suite_writer_bloom;

extern const ppq_test_suite_t *const ppq_all_suites[];

#endif
