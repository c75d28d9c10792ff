/* libFuzzer: the ZSTD decompressor on arbitrary bytes.  The first byte
 * picks the output room (bounded: up to 256 KB) and the work buffer (full
 * or reduced); the rest is the input.  Properties:
 *   - never a read outside the input (ASan: the input is an exact-size heap
 *     copy) or a write past the output room (a guard zone after it);
 *   - *dst_len is 0 on error and at most the room on success;
 *   - the same input decodes the same way with more room (or fails with
 *     NOSPACE only when the first run did), and with the full work buffer
 *     whenever the reduced one succeeds. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_zstd.h"

#define MAX_OUT (256u * 1024u)
#define GUARD 64u

static uint64_t work[PPQ_ZSTD_DEC_WORK_SIZE / 8u];
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
    work_len = !(data[0] & 0x40u) ? PPQ_ZSTD_DEC_WORK_SIZE
               : data[0] & 0x01u    ? PPQ_ZSTD_DEC_WORK_SMALL /* (the low bit: also the room's) */
                                    : PPQ_ZSTD_DEC_WORK_MIN;
    len = size - 1;
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 1, len);
    memset(out + room, 0xC5, GUARD);
    st = ppq_zstd_decompress(copy, len, out, room, &got, work, work_len);
    for (i = 0; i < GUARD; i++) {
        if (out[room + i] != 0xC5) {
            __builtin_trap();
        }
    }
    if ((st != PPQ_OK && got != 0) || got > room) {
        __builtin_trap();
    }
    /* more room: same result (or the NOSPACE turns into something else) */
    st2 = ppq_zstd_decompress(copy, len, again, MAX_OUT, &got2, work, PPQ_ZSTD_DEC_WORK_SIZE);
    if (st == PPQ_OK && (st2 != PPQ_OK || got2 != got || memcmp(out, again, got) != 0)) {
        __builtin_trap();
    }
    if (st != PPQ_OK && st != PPQ_ERR_NOSPACE && st != PPQ_ERR_UNSUPPORTED && st2 == PPQ_OK && room == MAX_OUT) {
        __builtin_trap();
    }
    free(copy);
    return 0;
}
