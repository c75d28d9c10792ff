#include "suites.h"

/* PPQ_TEST_PART 1, 2 or 3 builds a part of the suites: a board whose flash
 * cannot hold them all (the microbit's 256 KB) runs the suite as three images,
 * and the linker leaves out what the other parts alone use.  Unset: all. */
const ppq_test_suite_t *const ppq_all_suites[] = {
#if !defined(PPQ_TEST_PART) || PPQ_TEST_PART == 1
    &suite_core, &suite_bitpack, &suite_plain, &suite_rle, &suite_dict, &suite_kernels, &suite_delta,
    &suite_delta_bytes, &suite_bss, &suite_thrift, &suite_writer,
#endif
#if !defined(PPQ_TEST_PART) || PPQ_TEST_PART == 2
    &suite_edges, &suite_recover, &suite_lz, &suite_zstd_enc, &suite_reader, &suite_footer, &suite_reader_pages,
#endif
#if !defined(PPQ_TEST_PART) || PPQ_TEST_PART == 3
    &suite_index, &suite_nested, &suite_where, &suite_writer_bloom, &suite_zstd_dec, &suite_brotli,
    &suite_legacy, &suite_batch, &suite_meta, &suite_gzip,
#endif
    NULL,
};
