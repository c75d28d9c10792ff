/* BYTE_STREAM_SPLIT encoder and decoder. */
#include "ppq_bss.h"
#include "ppq_internal.h"

#include "ppq_plain.h" /* PPQ_COUNT_ALL */

/* K for the supported types, 0 otherwise. */
static uint32_t stream_count(ppq_type_t type, uint32_t type_len)
{
    switch (type) {
    case PPQ_FLOAT:
    case PPQ_INT32: return 4;
    case PPQ_DOUBLE:
    case PPQ_INT64: return 8;
    case PPQ_FIXED_LEN_BYTE_ARRAY: return type_len > 0u && type_len <= 0xFFFFu ? type_len : 0u;
    default: return 0;
    }
}

size_t ppq_bss_enc_arena_size(ppq_type_t type, uint32_t type_len, uint32_t max_values)
{
    uint32_t k = stream_count(type, type_len);
    if (k == 0u || (uint64_t)k * max_values > (size_t)-1 / 2u) {
        return 0;
    }
    return PPQ_ARENA_ROUND((size_t)k * max_values);
}

ppq_status_t ppq_bss_enc_init(ppq_bss_enc_t *enc, ppq_type_t type, uint32_t type_len, uint32_t max_values,
                              ppq_sink_t *out, ppq_arena_t *arena)
{
    size_t need = ppq_bss_enc_arena_size(type, type_len, max_values);
    if (enc == NULL || out == NULL || arena == NULL || stream_count(type, type_len) == 0u) {
        return PPQ_ERR_ARG;
    }
    enc->streams = (uint8_t *)ppq_arena_alloc(arena, need);
    if (enc->streams == NULL) {
        return PPQ_ERR_ARENA;
    }
    enc->out = out;
    enc->width = stream_count(type, type_len);
    enc->max_values = max_values;
    enc->count = 0;
    enc->finished = 0;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

ppq_status_t ppq_bss_enc_put(ppq_bss_enc_t *enc, const void *values, size_t n)
{
    const uint8_t *v = (const uint8_t *)values;
    size_t i, k, stride = enc->max_values;
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    if (values == NULL && n > 0u) {
        return PPQ_ERR_ARG;
    }
    if (n > (size_t)(enc->max_values - enc->count)) {
        return PPQ_ERR_NOSPACE;
    }
    /* Values in memory are little-endian on every supported target path:
     * bytes are taken through the LE store so big-endian hosts agree. */
    for (i = 0; i < n; i++, v += enc->width) {
        uint8_t le[8];
        const uint8_t *src = v;
        if (enc->width == 4u || enc->width == 8u) {
            ppq_store_value_le(le, v, enc->width);
            src = le;
        }
        for (k = 0; k < enc->width; k++) {
            enc->streams[k * stride + enc->count] = src[k];
        }
        enc->count++;
    }
    return PPQ_OK;
}

ppq_status_t ppq_bss_enc_finish(ppq_bss_enc_t *enc)
{
    uint32_t k;
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    enc->finished = 1;
    for (k = 0; k < enc->width && enc->err == PPQ_OK; k++) {
        enc->err = ppq_sink_write(enc->out, enc->streams + (size_t)k * enc->max_values, enc->count);
    }
    return enc->err;
}

ppq_status_t ppq_bss_dec_init(ppq_bss_dec_t *dec, ppq_type_t type, uint32_t type_len, const void *data, size_t len,
                              size_t count)
{
    uint32_t k = stream_count(type, type_len);
    if (dec == NULL || (data == NULL && len > 0u) || k == 0u) {
        return PPQ_ERR_ARG;
    }
    if (count == PPQ_COUNT_ALL) {
        count = len / k;
    }
    if (len % k != 0u || len / k != count) {
        return PPQ_ERR_CORRUPT;
    }
    dec->data = (const uint8_t *)data;
    dec->count = count;
    dec->next = 0;
    dec->width = k;
    return PPQ_OK;
}

ppq_status_t ppq_bss_dec_get(ppq_bss_dec_t *dec, void *out, size_t max, size_t *got)
{
    const uint8_t *d = dec->data;
    size_t n = dec->count - dec->next, i, k, N = dec->count, at = dec->next;
    uint8_t *o = (uint8_t *)out;
    n = n < max ? n : max;
    *got = 0;
    if (out == NULL && n > 0u) {
        return PPQ_ERR_ARG;
    }
    if (dec->width == 4u) {
        /* Gather one byte from each stream into a little-endian word. */
        for (i = 0; i < n; i++) {
            uint32_t v = (uint32_t)d[at + i] | (uint32_t)d[N + at + i] << 8 | (uint32_t)d[2 * N + at + i] << 16 |
                         (uint32_t)d[3 * N + at + i] << 24;
            PPQ_COPY(o + 4 * i, &v, 4);
        }
    } else if (dec->width == 8u) {
        for (i = 0; i < n; i++) {
            uint64_t v = 0;
            for (k = 0; k < 8u; k++) {
                v |= (uint64_t)d[k * N + at + i] << (8u * k);
            }
            PPQ_COPY(o + 8 * i, &v, 8);
        }
    } else {
        for (i = 0; i < n; i++) {
            for (k = 0; k < dec->width; k++) {
                o[i * dec->width + k] = d[k * N + at + i];
            }
        }
    }
    dec->next += n;
    *got = n;
    return PPQ_OK;
}
