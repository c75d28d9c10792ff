/* PLAIN encoding for all physical types. */
#include "ppq_plain.h"
#include "ppq_internal.h"
#include "ppq_port.h"

static int type_ok(ppq_type_t type, uint32_t type_len)
{
    if ((unsigned)type > (unsigned)PPQ_FIXED_LEN_BYTE_ARRAY) {
        return 0;
    }
    return type != PPQ_FIXED_LEN_BYTE_ARRAY || (type_len > 0u && type_len <= 0x7FFFFFFFu);
}

ppq_status_t ppq_plain_enc_init(ppq_plain_enc_t *enc, ppq_type_t type, uint32_t type_len, ppq_sink_t *out)
{
    if (enc == NULL || out == NULL || !type_ok(type, type_len)) {
        return PPQ_ERR_ARG;
    }
    enc->out = out;
    enc->type = type;
    enc->type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? type_len : 0u;
    enc->bool_bits = 0;
    enc->bool_count = 0;
    enc->finished = 0;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

/* Fixed-width numbers: straight copy on little-endian hosts, else
 * converted through a small scratch buffer. */
static ppq_status_t put_fixed(ppq_sink_t *out, const uint8_t *v, size_t n, size_t width)
{
#if PPQ_HOST_LE
    return ppq_sink_write(out, v, n * width);
#else
    uint8_t scratch[PPQ_SCRATCH];
    size_t per = PPQ_SCRATCH / width;
    while (n > 0u) {
        size_t k = n < per ? n : per;
        size_t i;
        ppq_status_t st;
        for (i = 0; i < k; i++) {
            ppq_store_value_le(scratch + i * width, v + i * width, width);
        }
        st = ppq_sink_write(out, scratch, k * width);
        if (st != PPQ_OK) {
            return st;
        }
        v += k * width;
        n -= k;
    }
    return PPQ_OK;
#endif
}

/* Bits LSB first; each byte goes out once full. */
static ppq_status_t put_bools(ppq_plain_enc_t *enc, const uint8_t *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        enc->bool_bits = (uint8_t)(enc->bool_bits | ((v[i] != 0u ? 1u : 0u) << enc->bool_count));
        if (++enc->bool_count == 8u) {
            ppq_status_t st = ppq_sink_write(enc->out, &enc->bool_bits, 1);
            enc->bool_bits = 0;
            enc->bool_count = 0;
            if (st != PPQ_OK) {
                return st;
            }
        }
    }
    return PPQ_OK;
}

/* BYTE_ARRAY (a length word, then the bytes) and FLBA (the bytes); the
 * values before a bad one are still written. */
static ppq_status_t put_bytes(ppq_plain_enc_t *enc, const ppq_bytes_t *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint8_t head[4];
        uint32_t len = v[i].len;
        ppq_status_t st = PPQ_OK;
        if ((enc->type == PPQ_FIXED_LEN_BYTE_ARRAY ? len != enc->type_len : len > 0x7FFFFFFFu) ||
            (len > 0u && v[i].ptr == NULL)) {
            return PPQ_ERR_ARG;
        }
        if (enc->type == PPQ_BYTE_ARRAY) {
            ppq_store_le32(head, len);
            st = ppq_sink_write(enc->out, head, 4);
        }
        if (st == PPQ_OK && len > 0u) {
            st = ppq_sink_write(enc->out, v[i].ptr, len);
        }
        if (st != PPQ_OK) {
            return st;
        }
    }
    return PPQ_OK;
}

ppq_status_t ppq_plain_enc_put(ppq_plain_enc_t *enc, const void *values, size_t n)
{
    ppq_status_t st;
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    if (n == 0u) {
        return PPQ_OK;
    }
    if (values == NULL) {
        return PPQ_ERR_ARG;
    }
    switch (enc->type) {
    case PPQ_BOOLEAN:
        st = put_bools(enc, (const uint8_t *)values, n);
        break;
    case PPQ_INT96:
        st = ppq_sink_write(enc->out, values, n * sizeof(ppq_int96_t));
        break;
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY:
        st = put_bytes(enc, (const ppq_bytes_t *)values, n);
        break;
    default:
        st = put_fixed(enc->out, (const uint8_t *)values, n, ppq_plain_width(enc->type, 0));
        break;
    }
    if (st != PPQ_OK && st != PPQ_ERR_ARG) {
        enc->err = st; /* the sink failed: sticky */
    }
    return st;
}

ppq_status_t ppq_plain_enc_finish(ppq_plain_enc_t *enc)
{
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    enc->finished = 1;
    if (enc->type == PPQ_BOOLEAN && enc->bool_count > 0u) {
        enc->err = ppq_sink_write(enc->out, &enc->bool_bits, 1);
        enc->bool_bits = 0;
        enc->bool_count = 0;
    }
    return enc->err;
}

/* ---- decoder ------------------------------------------------------------ */

ppq_status_t ppq_plain_dec_init(ppq_plain_dec_t *dec, ppq_type_t type, uint32_t type_len, const void *data,
                                size_t len, size_t count)
{
    if (dec == NULL || (data == NULL && len > 0u) || !type_ok(type, type_len) ||
        (type == PPQ_BOOLEAN && count == PPQ_COUNT_ALL)) {
        return PPQ_ERR_ARG;
    }
    dec->pos = ppq_input(data);
    dec->end = dec->pos + len;
    dec->remaining = count;
    dec->type = type;
    dec->type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? type_len : 0u;
    dec->bit = 0;
    return PPQ_OK;
}

ppq_status_t ppq_plain_dec_get(ppq_plain_dec_t *dec, void *out, size_t max, size_t *got)
{
    size_t avail = (size_t)(dec->end - dec->pos);
    size_t want = max < dec->remaining ? max : dec->remaining;
    size_t n = 0;
    ppq_status_t st = PPQ_OK;
    *got = 0;
    if (want > 0u && out == NULL) {
        return PPQ_ERR_ARG;
    }
    switch (dec->type) {
    case PPQ_BOOLEAN: {
        uint8_t *o = (uint8_t *)out;
        while (PPQ_FAST64 && PPQ_HOST_LE && dec->bit == 0u && want - n >= 8u && dec->pos != dec->end) {
            /* hosts: a whole byte's eight values at once (its low seven
             * bits spread to one a byte by a multiply, the top one shifted) */
            uint64_t b = *dec->pos++;
            uint64_t v = (((b & 0x7Fu) * 0x0002040810204081ull) & 0x0101010101010101ull) | (b >> 7) << 56;
            PPQ_COPY(o + n, &v, 8);
            n += 8u;
        }
        for (; n < want; n++) {
            if (dec->pos == dec->end) {
                st = PPQ_ERR_CORRUPT;
                break;
            }
            o[n] = (uint8_t)((*dec->pos >> dec->bit) & 1u);
            if (++dec->bit == 8u) {
                dec->bit = 0;
                dec->pos++;
            }
        }
        break;
    }
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY: {
        ppq_bytes_t *o = (ppq_bytes_t *)out;
        size_t head = dec->type == PPQ_BYTE_ARRAY ? 4u : 0u;
        for (; n < want; n++) {
            uint32_t len = dec->type_len;
            avail = (size_t)(dec->end - dec->pos);
            if (avail == 0u && dec->remaining == PPQ_COUNT_ALL) {
                break;
            }
            if (avail < head) {
                st = PPQ_ERR_CORRUPT;
                break;
            }
            if (head != 0u) {
                len = ppq_load_le32(dec->pos);
            }
            if (len > avail - head) {
                st = PPQ_ERR_CORRUPT;
                break;
            }
            o[n].ptr = dec->pos + head;
            o[n].len = len;
            dec->pos += head + len;
        }
        break;
    }
    default: {
        size_t width = ppq_plain_width(dec->type, 0);
        size_t have = (size_t)ppq_udiv32((uint32_t)avail, (uint32_t)width); /* (a page: under 2^31 bytes) */
        n = want < have ? want : have;
        if (n < want && dec->remaining != PPQ_COUNT_ALL) {
            st = PPQ_ERR_CORRUPT;
        } else if (n < want && avail != have * width) {
            st = PPQ_ERR_CORRUPT; /* bytes end inside a value */
        }
        if (n == 0u) {
            /* nothing to copy (and memcpy may not see a NULL input) */
        } else if (PPQ_HOST_LE || dec->type == PPQ_INT96) {
            memcpy(out, dec->pos, n * width);
        } else {
            size_t i;
            for (i = 0; i < n; i++) {
                ppq_load_value_le((uint8_t *)out + i * width, dec->pos + i * width, width);
            }
        }
        if (n > 0u) {
            dec->pos += n * width;
        }
        break;
    }
    }
    if (dec->remaining != PPQ_COUNT_ALL) {
        dec->remaining -= n;
    }
    *got = n;
    return st;
}

size_t ppq_plain_dec_consumed(const ppq_plain_dec_t *dec, const void *data)
{
    return (size_t)(dec->pos - (const uint8_t *)data) + (dec->bit != 0u ? 1u : 0u);
}
