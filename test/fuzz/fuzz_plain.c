/* libFuzzer: the PLAIN decoder for every type.  The first bytes pick the
 * type, the FLBA length, the count (or "until the bytes end") and the get
 * size; a successful decode of a fixed-width type re-encodes to the very
 * bytes it came from. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define MAX_VALUES 20000u

static uint8_t values[MAX_VALUES * 16u], encoded[MAX_VALUES * 16u];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ppq_type_t type;
    uint32_t type_len;
    size_t count, step, total = 0, got, len, vsize;
    uint8_t *copy;
    ppq_plain_dec_t dec;
    ppq_status_t st;
    if (size < 4) {
        return 0;
    }
    type = (ppq_type_t)(data[0] % 8u);
    type_len = 1u + data[1] % 20u;
    count = data[2] == 255 && type != PPQ_BOOLEAN ? PPQ_COUNT_ALL : (size_t)data[2] * 37u % MAX_VALUES;
    step = 1u + data[3] % 50u;
    len = size - 4;
    vsize = ppq_value_size(type);
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 4, len);
    st = ppq_plain_dec_init(&dec, type, type_len, copy, len, count);
    while (st == PPQ_OK && total < MAX_VALUES) {
        size_t want = step < MAX_VALUES - total ? step : MAX_VALUES - total;
        st = ppq_plain_dec_get(&dec, values + total * vsize, want, &got);
        total += got;
        if (got < want) {
            break;
        }
    }
    if (count != PPQ_COUNT_ALL && total > count) {
        __builtin_trap();
    }
    if (st == PPQ_OK && total > 0 && type != PPQ_BOOLEAN) {
        ppq_plain_enc_t enc;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        size_t consumed = ppq_plain_dec_consumed(&dec, copy);
        ppq_sink_init_mem(&sink, &mem, encoded, sizeof encoded);
        if (ppq_plain_enc_init(&enc, type, type_len, &sink) != PPQ_OK || ppq_plain_enc_put(&enc, values, total) != PPQ_OK ||
            ppq_plain_enc_finish(&enc) != PPQ_OK || mem.len != consumed || memcmp(encoded, copy, consumed) != 0) {
            __builtin_trap();
        }
    }
    free(copy);
    return 0;
}
