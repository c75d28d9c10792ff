/* libFuzzer: BYTE_STREAM_SPLIT, BIT_PACKED and GroupVarInt decoders on
 * hostile bytes, with the count and get size from the first bytes; a
 * successful GroupVarInt or BIT_PACKED decode must re-encode to values that
 * decode the same. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

static uint8_t values[1 << 16], again[1 << 16], outbuf[1 << 17];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t mode;
    size_t count, len, got, total = 0, step;
    uint8_t *copy;
    ppq_status_t st;
    if (size < 3) {
        return 0;
    }
    mode = data[0];
    count = (size_t)data[1] * 8u + (mode >> 6);
    step = 1u + (data[2] & 31u);
    len = size - 3;
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 3, len);
    switch (mode % 3u) {
    case 0: {
        static const ppq_type_t types[] = {PPQ_FLOAT, PPQ_DOUBLE, PPQ_INT32, PPQ_INT64, PPQ_FIXED_LEN_BYTE_ARRAY};
        ppq_type_t type = types[(mode >> 2) % 5u];
        ppq_bss_dec_t dec;
        st = ppq_bss_dec_init(&dec, type, 1u + (mode >> 5), copy, len, (mode & 8u) ? PPQ_COUNT_ALL : count);
        while (st == PPQ_OK) {
            st = ppq_bss_dec_get(&dec, values, step, &got);
            if (got == 0) {
                break;
            }
        }
        break;
    }
    case 1: {
        unsigned width = (mode >> 2) % 33u;
        ppq_bitpacked_dec_t dec;
        st = ppq_bitpacked_dec_init(&dec, width, copy, len, count);
        while (st == PPQ_OK && total < count) {
            st = ppq_bitpacked_dec_get(&dec, (uint32_t *)(void *)values + total, step, &got);
            total += got;
            if (got == 0) {
                break;
            }
        }
        if (st == PPQ_OK && total == count) {
            ppq_bitpacked_enc_t enc;
            ppq_sink_t sink;
            ppq_memsink_t mem;
            ppq_sink_init_mem(&sink, &mem, outbuf, sizeof outbuf);
            if (ppq_bitpacked_enc_init(&enc, width, &sink) != PPQ_OK ||
                ppq_bitpacked_enc_put(&enc, (const uint32_t *)(const void *)values, count) != PPQ_OK ||
                ppq_bitpacked_enc_finish(&enc) != PPQ_OK || ppq_bitpacked_dec_init(&dec, width, outbuf, mem.len, count) != PPQ_OK ||
                ppq_bitpacked_dec_get(&dec, (uint32_t *)(void *)again, count, &got) != PPQ_OK ||
                memcmp(values, again, count * 4u) != 0) {
                __builtin_trap();
            }
        }
        break;
    }
    default: {
        ppq_type_t type = (mode & 4u) ? PPQ_INT64 : PPQ_INT32;
        size_t vsize = type == PPQ_INT64 ? 8u : 4u;
        ppq_gvi_dec_t dec;
        count = count < sizeof values / 8u ? count : sizeof values / 8u;
        st = ppq_gvi_dec_init(&dec, type, copy, len, count);
        while (st == PPQ_OK && total < count) {
            st = ppq_gvi_dec_get(&dec, values + total * vsize, step, &got);
            total += got;
            if (got == 0) {
                break;
            }
        }
        if (st == PPQ_OK && total == count) {
            ppq_gvi_enc_t enc;
            ppq_sink_t sink;
            ppq_memsink_t mem;
            ppq_sink_init_mem(&sink, &mem, outbuf, sizeof outbuf);
            if (ppq_gvi_enc_init(&enc, type, &sink) != PPQ_OK || ppq_gvi_enc_put(&enc, values, count) != PPQ_OK ||
                ppq_gvi_enc_finish(&enc) != PPQ_OK || ppq_gvi_dec_init(&dec, type, outbuf, mem.len, count) != PPQ_OK ||
                ppq_gvi_dec_get(&dec, again, count, &got) != PPQ_OK || memcmp(values, again, count * vsize) != 0) {
                __builtin_trap();
            }
        }
        break;
    }
    }
    free(copy);
    return 0;
}
