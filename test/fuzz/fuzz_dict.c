/* libFuzzer: the dictionary decoder.  The input is split into a
 * dictionary page body and an index page body; every index must be checked
 * against the dictionary, every value must lie inside it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define MAX_VALUES 50000u

static uint8_t values[MAX_VALUES * 16u];
static uint64_t arena_mem[(1u << 20) / 8u];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ppq_type_t type;
    uint32_t type_len, entries;
    size_t dict_len, count, step, total = 0, got, vsize, i;
    uint8_t *copy;
    ppq_arena_t arena;
    ppq_dict_dec_t dec;
    ppq_status_t st;
    if (size < 6) {
        return 0;
    }
    type = (ppq_type_t)(1u + data[0] % 7u); /* every type but BOOLEAN */
    type_len = 1u + data[1] % 16u;
    entries = data[2];
    dict_len = (size_t)data[3] % (size - 5);
    count = (size_t)data[4] * 31u % MAX_VALUES;
    step = 1u + data[5] % 40u;
    vsize = ppq_value_size(type);
    copy = (uint8_t *)malloc(size - 6 > 0 ? size - 6 : 1);
    memcpy(copy, data + 6, size - 6);
    if (dict_len > size - 6) {
        dict_len = size - 6;
    }
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    st = ppq_dict_dec_init(&dec, type, type_len, copy, dict_len, entries, &arena);
    if (st == PPQ_OK) {
        st = ppq_dict_dec_page(&dec, copy + dict_len, size - 6 - dict_len, count);
    }
    while (st == PPQ_OK && total < count) {
        st = ppq_dict_dec_get(&dec, values + total * vsize, step, &got);
        total += got;
        if (got == 0) {
            break;
        }
    }
    /* byte-array values must point inside the dictionary */
    if (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        for (i = 0; i < total; i++) {
            ppq_bytes_t b;
            memcpy(&b, values + i * vsize, sizeof b);
            if (b.len > 0 && (b.ptr < copy || b.ptr + b.len > copy + dict_len)) {
                __builtin_trap();
            }
        }
    }
    free(copy);
    return 0;
}
