/* libFuzzer: ULEB128 decoders.  A successful decode must re-encode to at
 * most the bytes it used and decode back to the same value; the 32-bit and
 * 64-bit readings must agree; the same bytes cut one short must not decode
 * (the varint ends exactly at `used`); and the decoders never read past
 * `avail` (the input is copied to an exact-size heap block for ASan). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = (uint8_t *)malloc(size > 0 ? size : 1);
    uint8_t out[PPQ_ULEB64_MAX];
    uint64_t v64, back64;
    uint32_t v32, back32;
    size_t used, used2, n;
    memcpy(copy, data, size);
    if (ppq_uleb64_decode(copy, size, &v64, &used) == PPQ_OK) {
        if (used == 0 || used > size || used > PPQ_ULEB64_MAX || (copy[used - 1] & 0x80u) != 0) {
            __builtin_trap();
        }
        if (ppq_uleb64_decode(copy, used - 1, &back64, &used2) == PPQ_OK) {
            __builtin_trap(); /* a varint cannot end before its last byte */
        }
        n = ppq_uleb64_encode(v64, out);
        if (n > used || ppq_uleb64_decode(out, n, &back64, &used2) != PPQ_OK || back64 != v64 || used2 != n) {
            __builtin_trap();
        }
        /* the shortest form for the value: n is exactly its 7-bit groups */
        if (n != (v64 == 0 ? 1u : (ppq_bit_width64(v64) + 6u) / 7u)) {
            __builtin_trap();
        }
    }
    if (ppq_uleb32_decode(copy, size, &v32, &used) == PPQ_OK) {
        if (used == 0 || used > size || used > PPQ_ULEB32_MAX || (copy[used - 1] & 0x80u) != 0) {
            __builtin_trap();
        }
        if (ppq_uleb32_decode(copy, used - 1, &back32, &used2) == PPQ_OK) {
            __builtin_trap();
        }
        n = ppq_uleb32_encode(v32, out);
        if (n > used || ppq_uleb32_decode(out, n, &back32, &used2) != PPQ_OK || back32 != v32 || used2 != n) {
            __builtin_trap();
        }
        /* the 32-bit reading agrees with the 64-bit one */
        if (ppq_uleb64_decode(copy, size, &v64, &used2) != PPQ_OK || v64 != v32 || used2 != used) {
            __builtin_trap();
        }
    } else if (ppq_uleb64_decode(copy, size, &v64, &used) == PPQ_OK && used <= PPQ_ULEB32_MAX &&
               v64 <= 0xFFFFFFFFu) {
        __builtin_trap(); /* a 5-byte-or-shorter varint of a 32-bit value must read as 32-bit */
    }
    free(copy);
    return 0;
}
