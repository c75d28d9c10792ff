/* libFuzzer: the RLE/bit-packed hybrid decoder.  The first bytes pick the
 * bit width, the length prefix, the value count and the get size; the rest
 * is the stream.  Properties:
 *   - get never returns more than asked or than `count` in all;
 *   - one get of everything and many small gets give the same status,
 *     values and count (the codec contract: results do not depend on the
 *     split);
 *   - every value fits the bit width;
 *   - the reader's bulk calls (ppq_rle_dec_repeat, ppq_rle_dec_packed)
 *     give the same values and count;
 *   - a complete decode, re-encoded by the library's encoder (itself fed
 *     in irregular slices), decodes to the same values. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_rle_internal.h"

#define MAX_VALUES 100000u

static uint32_t values[MAX_VALUES], whole[MAX_VALUES + 1], again[MAX_VALUES + 1];
static uint64_t arena_mem[(MAX_VALUES * 5u + 8192u) / 8u];
static uint8_t encoded[MAX_VALUES * 5u + 64u];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned width;
    int prefix;
    size_t count, step, total = 0, got, len, whole_got, i;
    uint8_t *copy;
    ppq_rle_dec_t dec;
    ppq_status_t st, st_whole;
    if (size < 5) {
        return 0;
    }
    width = data[0] % 33u;
    prefix = data[1] & 1u;
    count = ((size_t)data[2] << 8 | data[3]) * (data[1] & 2u ? 2u : 1u) % (MAX_VALUES + 1u);
    step = 1u + data[4] % 64u;
    len = size - 5;
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 5, len);

    /* stepped */
    st = ppq_rle_dec_init(&dec, width, prefix, copy, len, count);
    if (st == PPQ_OK && (ppq_rle_dec_end(&dec) < copy || ppq_rle_dec_end(&dec) > copy + len)) {
        __builtin_trap();
    }
    while (st == PPQ_OK) {
        st = ppq_rle_dec_get(&dec, values + total, step, &got);
        if (got > step || total + got > count) {
            __builtin_trap();
        }
        total += got;
        if (st == PPQ_OK && got < step && total != count) {
            __builtin_trap(); /* a short get only at the end */
        }
        if (got < step) {
            break;
        }
    }
    /* whole (one more slot than count: it must stay untouched) */
    whole[count] = 0xA5A5A5A5u;
    st_whole = ppq_rle_dec_init(&dec, width, prefix, copy, len, count);
    whole_got = 0;
    if (st_whole == PPQ_OK) {
        st_whole = ppq_rle_dec_get(&dec, whole, count + 1u, &whole_got);
    }
    if (whole[count] != 0xA5A5A5A5u || st_whole != st || whole_got != total ||
        memcmp(whole, values, total * 4u) != 0) {
        __builtin_trap();
    }
    for (i = 0; i < total; i++) {
        if (width < 32u && (values[i] >> width) != 0u) {
            __builtin_trap();
        }
    }
    /* the reader's bulk calls (runs whole, bit-packed runs by groups of 32
     * into a small buffer): the same status, values and count */
    st_whole = ppq_rle_dec_init(&dec, width, prefix, copy, len, count);
    got = 0;
    while (st_whole == PPQ_OK) {
        uint32_t buf[64], x = 0;
        const uint32_t *v = buf;
        size_t k = ppq_rle_dec_repeat(&dec, step, &x, &st_whole), cap = data[4] & 64u ? 64u : 32u;
        int packed = 0;
        if (k == 0u && st_whole == PPQ_OK) {
            k = ppq_rle_dec_packed(&dec, buf, cap, step, &v, &st_whole);
            packed = 1;
        }
        if (k > step || got + k > total || (packed && k > 0u && (v < buf || v + k > buf + cap))) {
            __builtin_trap();
        }
        for (i = 0; i < k; i++) {
            if ((packed ? v[i] : x) != values[got + i]) {
                __builtin_trap();
            }
        }
        got += k;
        if (k == 0u) {
            break;
        }
    }
    if (got != total || st_whole != st) {
        __builtin_trap();
    }

    if (st == PPQ_OK && total == count) {
        ppq_rle_cfg_t cfg = {0, 0, 0, 0};
        ppq_arena_t arena;
        ppq_rle_enc_t enc;
        ppq_sink_t sink;
        ppq_memsink_t mem;
        size_t done = 0, slice = 1u + (size_t)data[4] * 13u % 997u;
        cfg.bit_width = width;
        cfg.length_prefix = (uint8_t)prefix;
        cfg.max_groups = data[4] & 1u ? 1u + data[4] % 80u : 0u;
        cfg.prefix_cap = (uint32_t)(sizeof encoded - 4u);
        ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
        ppq_sink_init_mem(&sink, &mem, encoded, sizeof encoded);
        if (ppq_rle_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK) {
            __builtin_trap();
        }
        while (done < count) {
            size_t n = count - done < slice ? count - done : slice;
            if (ppq_rle_enc_put(&enc, values + done, n) != PPQ_OK) {
                __builtin_trap();
            }
            done += n;
        }
        if (ppq_rle_enc_finish(&enc) != PPQ_OK || ppq_rle_dec_init(&dec, width, prefix, encoded, mem.len, count) != PPQ_OK ||
            ppq_rle_dec_get(&dec, again, count + 1u, &got) != PPQ_OK || got != count ||
            memcmp(values, again, count * 4u) != 0) {
            __builtin_trap();
        }
        /* the re-encoding uses exactly its bytes: nothing left over */
        if (ppq_rle_dec_end(&dec) != encoded + mem.len) {
            __builtin_trap();
        }
    }
    free(copy);
    return 0;
}
