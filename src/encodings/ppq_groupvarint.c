/* GroupVarInt (see ppq_groupvarint.h for the layout). */
#include "ppq_groupvarint.h"
#include "ppq_internal.h"

ppq_status_t ppq_gvi_enc_init(ppq_gvi_enc_t *enc, ppq_type_t type, ppq_sink_t *out)
{
    if (enc == NULL || out == NULL || (type != PPQ_INT32 && type != PPQ_INT64)) {
        return PPQ_ERR_ARG;
    }
    enc->out = out;
    enc->pending = 0;
    enc->is64 = type == PPQ_INT64;
    enc->finished = 0;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

static unsigned byte_length(uint64_t v)
{
    unsigned n = 1;
    while (n < 8u && (v >> (8u * n)) != 0u) {
        n++;
    }
    return n;
}

static void write_group(ppq_gvi_enc_t *enc)
{
    uint8_t buf[2 + 5 * 8];
    unsigned size = enc->is64 ? 5u : 4u, head = enc->is64 ? 2u : 1u, at = head, i, k;
    uint32_t lengths = 0;
    for (i = 0; i < size; i++) {
        uint64_t v = enc->group[i];
        unsigned len = byte_length(v);
        lengths = (lengths << (enc->is64 ? 3u : 2u)) | (len - 1u); /* first value ends up highest */
        for (k = 0; k < len; k++) {
            buf[at++] = (uint8_t)(v >> (8u * k));
        }
    }
    if (enc->is64) {
        buf[0] = (uint8_t)(lengths >> 8);
        buf[1] = (uint8_t)lengths;
    } else {
        buf[0] = (uint8_t)lengths;
    }
    enc->err = ppq_sink_write(enc->out, buf, at);
    enc->pending = 0;
}

ppq_status_t ppq_gvi_enc_put(ppq_gvi_enc_t *enc, const void *values, size_t n)
{
    size_t i;
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    if (values == NULL && n > 0u) {
        return PPQ_ERR_ARG;
    }
    for (i = 0; i < n && enc->err == PPQ_OK; i++) {
        enc->group[enc->pending++] = enc->is64 ? (uint64_t)((const int64_t *)values)[i]
                                                : (uint64_t)(uint32_t)((const int32_t *)values)[i];
        if (enc->pending == (enc->is64 ? 5u : 4u)) {
            write_group(enc);
        }
    }
    return enc->err;
}

ppq_status_t ppq_gvi_enc_finish(ppq_gvi_enc_t *enc)
{
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    enc->finished = 1;
    if (enc->pending > 0u) {
        while (enc->pending < (enc->is64 ? 5u : 4u)) {
            enc->group[enc->pending++] = 0;
        }
        write_group(enc);
    }
    return enc->err;
}

ppq_status_t ppq_gvi_dec_init(ppq_gvi_dec_t *dec, ppq_type_t type, const void *data, size_t len, size_t count)
{
    if (dec == NULL || (data == NULL && len > 0u) || (type != PPQ_INT32 && type != PPQ_INT64)) {
        return PPQ_ERR_ARG;
    }
    dec->pos = ppq_input(data);
    dec->end = dec->pos + len;
    dec->remaining = count;
    dec->in_group = 0;
    dec->next = 0;
    dec->is64 = type == PPQ_INT64;
    return PPQ_OK;
}

static ppq_status_t read_group(ppq_gvi_dec_t *dec)
{
    unsigned size = dec->is64 ? 5u : 4u, head = dec->is64 ? 2u : 1u, bits = dec->is64 ? 3u : 2u, i, k;
    size_t avail = (size_t)(dec->end - dec->pos);
    uint32_t lengths;
    const uint8_t *p;
    if (avail < head) {
        return PPQ_ERR_CORRUPT;
    }
    lengths = dec->is64 ? (uint32_t)dec->pos[0] << 8 | dec->pos[1] : dec->pos[0];
    if (dec->is64 && (lengths & 0x8000u) != 0u) {
        return PPQ_ERR_CORRUPT; /* the unused top bit must be zero */
    }
    p = dec->pos + head;
    avail -= head;
    for (i = 0; i < size; i++) {
        unsigned len = ((lengths >> (bits * (size - 1u - i))) & ((1u << bits) - 1u)) + 1u;
        uint64_t v = 0;
        if (avail < len) {
            return PPQ_ERR_CORRUPT;
        }
        for (k = 0; k < len; k++) {
            v |= (uint64_t)p[k] << (8u * k);
        }
        dec->group[i] = v;
        p += len;
        avail -= len;
    }
    dec->pos = p;
    dec->in_group = (uint8_t)size;
    dec->next = 0;
    return PPQ_OK;
}

ppq_status_t ppq_gvi_dec_get(ppq_gvi_dec_t *dec, void *out, size_t max, size_t *got)
{
    size_t n = 0;
    ppq_status_t st = PPQ_OK;
    if (out == NULL && max > 0u) {
        *got = 0;
        return PPQ_ERR_ARG;
    }
    while (n < max && dec->remaining > 0u) {
        uint64_t v;
        if (dec->in_group == 0u) {
            st = read_group(dec);
            if (st != PPQ_OK) {
                break;
            }
        }
        v = dec->group[dec->next++];
        dec->in_group--;
        if (dec->is64) {
            int64_t s = (int64_t)v;
            PPQ_COPY((uint8_t *)out + 8u * n, &s, 8);
        } else {
            int32_t s = (int32_t)(uint32_t)v;
            PPQ_COPY((uint8_t *)out + 4u * n, &s, 4);
        }
        n++;
        dec->remaining--;
    }
    *got = n;
    return st;
}
