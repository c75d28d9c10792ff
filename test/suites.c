#include "suites.h"

const ppq_test_suite_t *const ppq_all_suites[] = {
    &suite_core, &suite_bitpack, &suite_plain, &suite_rle, &suite_dict, &suite_kernels, &suite_delta, &suite_delta_bytes, &suite_bss, &suite_legacy, &suite_thrift, &suite_writer, &suite_edges, &suite_meta, &suite_batch, &suite_recover, &suite_lz, &suite_zstd_dec, NULL,
};
