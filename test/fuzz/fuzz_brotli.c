/* libFuzzer: the BROTLI decompressor on arbitrary bytes.  The first byte
 * picks the output room (bounded: up to 256 KB) and the work buffer (full,
 * or 16 KiB: streams needing more are UNSUPPORTED); the rest is the input.
 * Properties:
 *   - never a read outside the input (ASan: the input is an exact-size heap
 *     copy) or a write past the output room (a guard zone after it);
 *   - *dst_len is 0 on error and at most the room on success;
 *   - the same input decodes the same way with more room and the full work
 *     buffer whenever the first run succeeds; with the most room and work,
 *     only PPQ_OK, PPQ_ERR_CORRUPT or PPQ_ERR_NOSPACE. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_brotli.h"

#define MAX_OUT (256u * 1024u)
#define GUARD 64u
#define SMALL_WORK 16384u

static uint64_t work[PPQ_BROTLI_DEC_WORK_SIZE / 8u + 1u];
static uint8_t out[MAX_OUT + GUARD], again[MAX_OUT + GUARD];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t room, got = 1, got2 = 1, len, work_len;
    uint8_t *copy;
    ppq_status_t st, st2;
    unsigned i;
    if (size < 1) {
        return 0;
    }
    room = data[0] & 0x80u ? MAX_OUT : ((size_t)(data[0] & 0x3Fu) << 8) + 13u;
    work_len = data[0] & 0x40u ? SMALL_WORK : PPQ_BROTLI_DEC_WORK_SIZE;
    len = size - 1;
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 1, len);
    memset(out + room, 0xC5, GUARD);
    st = ppq_brotli_decompress(copy, len, out, room, &got, work, work_len);
    for (i = 0; i < GUARD; i++) {
        if (out[room + i] != 0xC5) {
            __builtin_trap();
        }
    }
    if ((st != PPQ_OK && got != 0) || got > room) {
        __builtin_trap();
    }
    st2 = ppq_brotli_decompress(copy, len, again, MAX_OUT, &got2, work, PPQ_BROTLI_DEC_WORK_SIZE);
    if (st == PPQ_OK && (st2 != PPQ_OK || got2 != got || memcmp(out, again, got) != 0)) {
        __builtin_trap();
    }
    if (st2 != PPQ_OK && st2 != PPQ_ERR_CORRUPT && st2 != PPQ_ERR_NOSPACE) {
        __builtin_trap();
    }
    free(copy);
    return 0;
}
