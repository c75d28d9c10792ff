/* libFuzzer: the PLAIN decoder for every type.  The first bytes pick the
 * type, the FLBA length, the count (or "until the bytes end") and the get
 * size; the rest is the data.  Properties:
 *   - stepped gets and one big get agree (status, count, values);
 *   - consumed bytes never exceed the input;
 *   - byte-array values point inside the input;
 *   - a successful decode re-encodes to the very bytes it came from
 *     (BOOLEAN: up to the padding bits of the last byte). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define MAX_VALUES 20000u
#define SLOT 16u /* >= ppq_value_size() of every type */

static uint8_t values[MAX_VALUES * SLOT], whole[MAX_VALUES * SLOT], encoded[MAX_VALUES * SLOT];

static int same_values(ppq_type_t type, const uint8_t *a, const uint8_t *b, size_t n, size_t vsize)
{
    size_t i;
    if (type != PPQ_BYTE_ARRAY && type != PPQ_FIXED_LEN_BYTE_ARRAY) {
        return memcmp(a, b, n * vsize) == 0;
    }
    for (i = 0; i < n; i++) {
        ppq_bytes_t x, y;
        memcpy(&x, a + i * vsize, sizeof x);
        memcpy(&y, b + i * vsize, sizeof y);
        if (x.len != y.len || x.ptr != y.ptr) {
            return 0;
        }
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ppq_type_t type;
    uint32_t type_len;
    size_t count, step, total = 0, got, len, vsize, whole_got = 0, consumed, i, cap;
    uint8_t *copy;
    ppq_plain_dec_t dec;
    ppq_status_t st, st_whole;
    if (size < 4 || size - 4 > sizeof encoded) {
        return 0;
    }
    type = (ppq_type_t)(data[0] % 8u);
    type_len = 1u + data[1] % 20u;
    count = data[2] == 255 && type != PPQ_BOOLEAN ? PPQ_COUNT_ALL : (size_t)data[2] * 37u % MAX_VALUES;
    step = 1u + data[3] % 50u;
    len = size - 4;
    vsize = ppq_value_size(type);
    if (vsize > SLOT) {
        __builtin_trap();
    }
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 4, len);
    cap = count == PPQ_COUNT_ALL ? MAX_VALUES : count;

    st = ppq_plain_dec_init(&dec, type, type_len, copy, len, count);
    while (st == PPQ_OK && total < cap) {
        size_t want = step < cap - total ? step : cap - total;
        st = ppq_plain_dec_get(&dec, values + total * vsize, want, &got);
        if (got > want) {
            __builtin_trap();
        }
        total += got;
        if (got < want) {
            break;
        }
    }
    if (count != PPQ_COUNT_ALL && total > count) {
        __builtin_trap();
    }
    consumed = st == PPQ_OK ? ppq_plain_dec_consumed(&dec, copy) : 0;
    if (consumed > len) {
        __builtin_trap();
    }

    st_whole = ppq_plain_dec_init(&dec, type, type_len, copy, len, count);
    if (st_whole == PPQ_OK) {
        st_whole = ppq_plain_dec_get(&dec, whole, cap, &whole_got);
    }
    if (st_whole != st || whole_got != total || !same_values(type, values, whole, total, vsize)) {
        __builtin_trap();
    }
    if (st == PPQ_OK && ppq_plain_dec_consumed(&dec, copy) != consumed) {
        __builtin_trap();
    }
    if (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        for (i = 0; i < total; i++) {
            ppq_bytes_t b;
            memcpy(&b, values + i * vsize, sizeof b);
            if (b.len > 0 && (b.ptr < copy || b.ptr + b.len > copy + len)) {
                __builtin_trap();
            }
            if (type == PPQ_FIXED_LEN_BYTE_ARRAY && b.len != type_len) {
                __builtin_trap();
            }
        }
    }
    if (type == PPQ_BOOLEAN) {
        for (i = 0; i < total; i++) {
            if (values[i] > 1u) {
                __builtin_trap();
            }
        }
    }

    if (st == PPQ_OK && total > 0) {
        ppq_plain_enc_t enc;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        size_t done = 0;
        ppq_sink_init_mem(&sink, &mem, encoded, sizeof encoded);
        if (ppq_plain_enc_init(&enc, type, type_len, &sink) != PPQ_OK) {
            __builtin_trap();
        }
        while (done < total) { /* in slices of `step` values: the bytes must not depend on it */
            size_t n = total - done < step ? total - done : step;
            if (ppq_plain_enc_put(&enc, values + done * vsize, n) != PPQ_OK) {
                __builtin_trap();
            }
            done += n;
        }
        if (ppq_plain_enc_finish(&enc) != PPQ_OK || mem.len != consumed) {
            __builtin_trap();
        }
        if (type == PPQ_BOOLEAN) {
            unsigned used_bits = (unsigned)(total % 8u);
            size_t full = used_bits ? consumed - 1u : consumed;
            if (memcmp(encoded, copy, full) != 0 ||
                (used_bits && (encoded[full] != (copy[full] & ((1u << used_bits) - 1u))))) {
                __builtin_trap();
            }
        } else if (memcmp(encoded, copy, consumed) != 0) {
            __builtin_trap();
        }
    }
    free(copy);
    return 0;
}
