/* BIT_PACKED (deprecated): MSB-first fixed-width packing. */
#include "ppq_bitpacked.h"
#include "ppq_internal.h"

ppq_status_t ppq_bitpacked_enc_init(ppq_bitpacked_enc_t *enc, unsigned width, ppq_sink_t *out)
{
    if (enc == NULL || out == NULL || width > 32u) {
        return PPQ_ERR_ARG;
    }
    enc->out = out;
    enc->acc = 0;
    enc->nbits = 0;
    enc->width = (uint8_t)width;
    enc->finished = 0;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

ppq_status_t ppq_bitpacked_enc_put(ppq_bitpacked_enc_t *enc, const uint32_t *values, size_t n)
{
    uint8_t bytes[PPQ_SCRATCH];
    size_t fill = 0, i;
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    if (values == NULL && n > 0u) {
        return PPQ_ERR_ARG;
    }
    if (enc->width < 32u) {
        uint32_t all = 0;
        for (i = 0; i < n; i++) {
            all |= values[i];
        }
        if ((all >> enc->width) != 0u) {
            return PPQ_ERR_ARG;
        }
    }
    for (i = 0; i < n && enc->err == PPQ_OK; i++) {
        /* acc holds nbits (< 8) pending bits; append the value below them */
        enc->acc = (enc->acc << enc->width) | values[i];
        enc->nbits += enc->width;
        while (enc->nbits >= 8u) {
            enc->nbits -= 8u;
            bytes[fill++] = (uint8_t)(enc->acc >> enc->nbits);
            if (fill == sizeof bytes) {
                enc->err = ppq_sink_write(enc->out, bytes, fill);
                fill = 0;
            }
        }
        enc->acc &= (1u << enc->nbits) - 1u;
    }
    if (enc->err == PPQ_OK && fill > 0u) {
        enc->err = ppq_sink_write(enc->out, bytes, fill);
    }
    return enc->err;
}

ppq_status_t ppq_bitpacked_enc_finish(ppq_bitpacked_enc_t *enc)
{
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    enc->finished = 1;
    if (enc->nbits > 0u) {
        uint8_t last = (uint8_t)(enc->acc << (8u - enc->nbits));
        enc->err = ppq_sink_write(enc->out, &last, 1);
    }
    return enc->err;
}

ppq_status_t ppq_bitpacked_dec_init(ppq_bitpacked_dec_t *dec, unsigned width, const void *data, size_t len,
                                    size_t count)
{
    if (dec == NULL || (data == NULL && len > 0u) || width > 32u) {
        return PPQ_ERR_ARG;
    }
    if (PPQ_PACKED_BYTES(count, width) > len) {
        return PPQ_ERR_CORRUPT;
    }
    dec->data = ppq_input(data);
    dec->bit = 0;
    dec->remaining = count;
    dec->width = (uint8_t)width;
    return PPQ_OK;
}

ppq_status_t ppq_bitpacked_dec_get(ppq_bitpacked_dec_t *dec, uint32_t *out, size_t max, size_t *got)
{
    size_t n = max < dec->remaining ? max : dec->remaining, i;
    unsigned w = dec->width;
    *got = 0;
    if (out == NULL && n > 0u) {
        return PPQ_ERR_ARG;
    }
    for (i = 0; i < n; i++) {
        /* bytes holding bits [bit, bit + w), read big-endian */
        const uint8_t *p = dec->data + (size_t)(dec->bit >> 3);
        unsigned skip = (unsigned)(dec->bit & 7u), nbytes = (skip + w + 7u) >> 3, k;
        uint64_t acc = 0;
        for (k = 0; k < nbytes; k++) {
            acc = (acc << 8) | p[k];
        }
        acc >>= 8u * nbytes - skip - w;
        out[i] = w == 0u ? 0u : (uint32_t)(acc & ((1ull << w) - 1u));
        dec->bit += w;
    }
    dec->remaining -= n;
    *got = n;
    return PPQ_OK;
}
