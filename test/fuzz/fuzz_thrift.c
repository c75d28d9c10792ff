/* libFuzzer: the Thrift compact reader on hostile bytes.  The input is
 * walked field by field with the typed readers (entering structs and lists
 * as far as the depth allows, skipping the rest), then skipped whole; both
 * must stay inside the input and agree on where a valid struct ends; so
 * must the skip through a streaming reader's small window. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

/* Read one value of `type` with the typed readers; containers of scalars
 * are read element by element, anything else is skipped. */
static ppq_status_t read_value(ppq_thrift_r_t *r, ppq_thrift_type_t type)
{
    int b;
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    double d;
    const uint8_t *p;
    uint32_t len, size, i;
    ppq_thrift_type_t elem;
    switch (type) {
    case PPQ_THRIFT_TRUE:
    case PPQ_THRIFT_FALSE: return ppq_thrift_r_bool(r, type, &b);
    case PPQ_THRIFT_I8: return ppq_thrift_r_i8(r, type, &i8);
    case PPQ_THRIFT_I16: return ppq_thrift_r_i16(r, type, &i16);
    case PPQ_THRIFT_I32: return ppq_thrift_r_i32(r, type, &i32);
    case PPQ_THRIFT_I64: return ppq_thrift_r_i64(r, type, &i64);
    case PPQ_THRIFT_DOUBLE: return ppq_thrift_r_double(r, type, &d);
    case PPQ_THRIFT_BINARY: return ppq_thrift_r_binary(r, type, &p, &len);
    case PPQ_THRIFT_LIST: {
        ppq_status_t st = ppq_thrift_r_list(r, type, &elem, &size);
        for (i = 0; i < size && st == PPQ_OK; i++) {
            if (elem == PPQ_THRIFT_TRUE || elem == PPQ_THRIFT_FALSE) {
                st = ppq_thrift_r_elem_bool(r, &b);
            } else if (elem == PPQ_THRIFT_I32) {
                st = ppq_thrift_r_i32(r, elem, &i32);
            } else {
                st = ppq_thrift_r_skip(r, elem);
            }
        }
        return st;
    }
    default: return ppq_thrift_r_skip(r, type);
    }
}

/* A stream over the input (the read_at of ppq_file_t's contract). */
static ppq_status_t mem_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    const uint8_t *data = (const uint8_t *)ctx;
    memcpy(buf, data + off, len); /* (the stream never asks past its length) */
    *got = len;
    return PPQ_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = (uint8_t *)malloc(size > 0 ? size : 1);
    ppq_thrift_r_t walk, skip;
    ppq_status_t st = PPQ_OK, st2;
    int open = 1;
    memcpy(copy, data, size);
    ppq_thrift_r_init(&walk, copy, size);
    while (st == PPQ_OK && open > 0) {
        int16_t id;
        ppq_thrift_type_t type;
        st = ppq_thrift_r_field(&walk, &id, &type);
        if (st != PPQ_OK) {
            break;
        }
        if (type == PPQ_THRIFT_STOP) {
            open--;
        } else if (type == PPQ_THRIFT_STRUCT && open < PPQ_THRIFT_MAX_DEPTH) {
            st = ppq_thrift_r_struct(&walk, type);
            open++;
        } else {
            st = read_value(&walk, type);
        }
        if (walk.pos > walk.end) {
            __builtin_trap();
        }
    }
    ppq_thrift_r_init(&skip, copy, size);
    st2 = ppq_thrift_r_skip(&skip, PPQ_THRIFT_STRUCT);
    if (skip.pos > skip.end) {
        __builtin_trap();
    }
    /* both readings accept a struct nested no deeper than the walk enters
     * before skipping: then they must end at the same byte */
    if (st == PPQ_OK && st2 == PPQ_OK && walk.pos != skip.pos) {
        __builtin_trap();
    }
    { /* the skip again through a window of 16 to 47 bytes: the same status, the same end */
        uint8_t win[48];
        ppq_thrift_stream_t s;
        ppq_thrift_r_t t;
        ppq_status_t st3;
        memset(&s, 0, sizeof s);
        s.read_at = mem_read_at;
        s.ctx = copy;
        s.win = win;
        s.cap = PPQ_THRIFT_STREAM_MIN + (size > 0u ? data[size - 1u] % 32u : 0u);
        s.rest = size;
        ppq_thrift_r_init_stream(&t, &s);
        st3 = ppq_thrift_r_skip(&t, PPQ_THRIFT_STRUCT);
        if (st3 != st2 || t.pos > t.end || (st2 == PPQ_OK && size - s.rest - (size_t)(t.end - t.pos) !=
                                                               (size_t)(skip.pos - copy))) {
            __builtin_trap();
        }
    }
    free(copy);
    return 0;
}
