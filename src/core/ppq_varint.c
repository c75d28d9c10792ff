/* ULEB128 varints (zigzag lives inline in ppq_core.h). */
#include "ppq_core.h"

size_t ppq_uleb32_encode(uint32_t value, uint8_t *out)
{
    size_t n = 0;
    while (value >= 0x80u) {
        out[n++] = (uint8_t)(value | 0x80u);
        value >>= 7;
    }
    out[n++] = (uint8_t)value;
    return n;
}

size_t ppq_uleb64_encode(uint64_t value, uint8_t *out)
{
    size_t n = 0;
    while (value >= 0x80u) {
        out[n++] = (uint8_t)(value | 0x80u);
        value >>= 7;
    }
    out[n++] = (uint8_t)value;
    return n;
}

/* One decoder for both widths: `max_bytes` groups at most, and the last
 * group may only carry the bits that remain of `bits`. */
static ppq_status_t uleb_decode(const uint8_t *in, size_t avail, unsigned bits, uint64_t *value, size_t *used)
{
    unsigned max_bytes = bits == 32u ? 5u : 10u; /* 7 bits a byte (no divider call on v6-M) */
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < max_bytes; i++) {
        uint8_t b;
        unsigned shift = 7u * i;
        if (i >= avail) {
            return PPQ_ERR_CORRUPT; /* input ends inside the varint */
        }
        b = in[i];
        if (i == max_bytes - 1u && ((uint32_t)(b & 0x7Fu) >> (bits - shift)) != 0u) {
            return PPQ_ERR_CORRUPT; /* bits beyond the type */
        }
        v |= (uint64_t)(b & 0x7Fu) << shift;
        if ((b & 0x80u) == 0u) {
            *value = v;
            *used = i + 1u;
            return PPQ_OK;
        }
    }
    return PPQ_ERR_CORRUPT; /* longer than the type allows */
}

ppq_status_t ppq_uleb32_decode(const uint8_t *in, size_t avail, uint32_t *value, size_t *used)
{
    uint64_t v = 0;
    ppq_status_t st;
    if (in == NULL && avail > 0u) {
        return PPQ_ERR_ARG;
    }
    st = uleb_decode(in, avail, 32u, &v, used);
    if (st == PPQ_OK) {
        *value = (uint32_t)v;
    }
    return st;
}

ppq_status_t ppq_uleb64_decode(const uint8_t *in, size_t avail, uint64_t *value, size_t *used)
{
    if (in == NULL && avail > 0u) {
        return PPQ_ERR_ARG;
    }
    return uleb_decode(in, avail, 64u, value, used);
}
