/* libFuzzer: power-loss recovery on hostile files.  Whatever the bytes,
 * recovery must stay inside them, and when it produces a file: the file
 * starts with the bytes it kept, ends with a footer, recovers again as
 * "already valid", and in-place recovery produces the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "recover_util.h"

#define OUT_CAP (1u << 20)



/* Also fix each row-group record's sum of page-header CRCs (walking the
 * page headers as recovery does), so mutated page headers whose bodies
 * still match reach the statistics merge and the footer writer. */
static void fix_sums(uint8_t *b, size_t size)
{
    size_t pos;
    uint32_t sum = 0;
    if (size < 16u || memcmp(b + 4, PPQ_RECOVER_HEADER_TAG, 4) != 0) {
        return;
    }
    pos = 16u + (size_t)ppq_load_le32(b + 8);
    while (pos + 4u <= size && pos >= 16u) {
        ppq_thrift_r_t t;
        int16_t id;
        ppq_thrift_type_t type;
        int32_t psize = -1;
        size_t n = size - pos < 512u ? size - pos : 512u, hl;
        if (memcmp(b + pos, PPQ_RECOVER_GROUP_TAG, 4) == 0) {
            if (pos + PPQ_RECOVER_GROUP_RECORD > size) {
                return;
            }
            ppq_store_le32(b + pos + 12, sum);
            ppq_store_le32(b + pos + 16, ppq_crc32(0, b + pos, 16));
            sum = 0;
            pos += PPQ_RECOVER_GROUP_RECORD;
            continue;
        }
        ppq_thrift_r_init(&t, b + pos, n);
        for (;;) {
            if (ppq_thrift_r_field(&t, &id, &type) != PPQ_OK) {
                return;
            }
            if (type == PPQ_THRIFT_STOP) {
                break;
            }
            if (id == 3 && type == PPQ_THRIFT_I32) {
                if (ppq_thrift_r_i32(&t, type, &psize) != PPQ_OK) {
                    return;
                }
            } else if (ppq_thrift_r_skip(&t, type) != PPQ_OK) {
                return;
            }
        }
        if (psize < 0) {
            return;
        }
        hl = ppq_thrift_r_offset(&t, b + pos);
        sum += ppq_crc32(0, b + pos, hl);
        pos += hl + (size_t)psize;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint64_t arena[4096 / 8];
    static uint8_t out[OUT_CAP], work[OUT_CAP];
    uint8_t *input = (uint8_t *)malloc(size > 0 ? size : 1); /* exactly `size`: ASan sees over-reads */
    ppq_file_t f;
    mfile_t m;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_recover_result_t res, res2;
    ppq_status_t st;
    if (input == NULL || size > OUT_CAP / 2) {
        free(input);
        return 0;
    }
    memcpy(input, data, size);
    if (size > 0u && (data[size - 1u] & 2u)) { /* a quarter of the runs: page-header sums too */
        fix_sums(input, size);
    }
    if (size > 0u && (data[size - 1u] & 1u)) { /* half the runs as the bytes came */
        fix_record_crcs(input, size); /* mutations rarely keep a CRC right */
    }
    mfile_init(&f, &m, input, size, size);
    ppq_sink_init_mem(&sink, &mem, out, OUT_CAP);
    st = ppq_recover_copy(&f, &sink, arena, sizeof arena, &res);
    if (st == PPQ_OK) {
        if (res.kept_bytes > size || mem.len != res.size || memcmp(out, input, (size_t)res.kept_bytes) != 0 ||
            mem.len < 12u || memcmp(out + mem.len - 4, "PAR1", 4) != 0) {
            abort();
        }
        if (!res.was_valid) {
            /* the recovered file is valid now, and in place gives the same bytes */
            mfile_init(&f, &m, out, mem.len, mem.len);
            if (ppq_recover_scan(&f, arena, sizeof arena, &res2) != PPQ_OK || !res2.was_valid) {
                abort();
            }
            memcpy(work, input, size);
            mfile_init(&f, &m, work, size, OUT_CAP);
            if (ppq_recover_in_place(&f, arena, sizeof arena, &res2) != PPQ_OK || m.len != mem.len ||
                memcmp(work, out, mem.len) != 0) {
                abort();
            }
        }
    } else if (st != PPQ_ERR_CORRUPT) {
        abort(); /* nothing else can fail: memory callbacks, a big arena */
    }
    free(input);
    return 0;
}
