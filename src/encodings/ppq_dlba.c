/* DELTA_LENGTH_BYTE_ARRAY encoder and decoder. */
#include "ppq_dlba.h"
#include "ppq_delta_internal.h"
#include "ppq_internal.h"

#define LENGTH_CHUNK 32u /* lengths decoded per step (128 bytes of stack) */

static const ppq_delta_cfg_t lengths_cfg = {PPQ_INT32, 0, 0, 0};

size_t ppq_dlba_enc_arena_size(const ppq_dlba_cfg_t *cfg)
{
    if (cfg == NULL || cfg->max_values == 0u || cfg->max_values > 0x7FFFFFFFu || cfg->max_bytes == 0u ||
        cfg->max_bytes > 0x7FFFFFFFu) {
        return 0;
    }
    return ppq_delta_enc_arena_size(&lengths_cfg) +
           PPQ_ARENA_ROUND(ppq_delta_max_block_bytes(&lengths_cfg, cfg->max_values)) +
           PPQ_ARENA_ROUND(cfg->max_bytes);
}

ppq_status_t ppq_dlba_enc_init(ppq_dlba_enc_t *enc, const ppq_dlba_cfg_t *cfg, ppq_sink_t *out, ppq_arena_t *arena)
{
    size_t mark, blocks;
    uint8_t *lengths_buf;
    if (enc == NULL || out == NULL || arena == NULL || ppq_dlba_enc_arena_size(cfg) == 0u) {
        return PPQ_ERR_ARG;
    }
    mark = ppq_arena_mark(arena);
    blocks = ppq_delta_max_block_bytes(&lengths_cfg, cfg->max_values);
    lengths_buf = (uint8_t *)ppq_arena_alloc(arena, blocks);
    enc->bytes = (uint8_t *)ppq_arena_alloc(arena, cfg->max_bytes);
    if (lengths_buf == NULL || enc->bytes == NULL) {
        ppq_arena_rewind(arena, mark);
        return PPQ_ERR_ARENA;
    }
    ppq_sink_init_mem(&enc->lengths_sink, &enc->lengths_mem, lengths_buf, blocks);
    if (ppq_delta_enc_init(&enc->lengths, &lengths_cfg, &enc->lengths_sink, arena) != PPQ_OK) {
        ppq_arena_rewind(arena, mark);
        return PPQ_ERR_ARENA;
    }
    enc->out = out;
    enc->nbytes = 0;
    enc->count = 0;
    enc->cfg = *cfg;
    enc->finished = 0;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

ppq_status_t ppq_dlba_enc_put(ppq_dlba_enc_t *enc, const ppq_bytes_t *values, size_t n, size_t *accepted)
{
    size_t i;
    ppq_status_t st = PPQ_OK;
    *accepted = 0;
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    if (values == NULL && n > 0u) {
        return PPQ_ERR_ARG;
    }
    for (i = 0; i < n; i++) {
        int32_t len = (int32_t)values[i].len;
        if (values[i].len > 0x7FFFFFFFu || (values[i].ptr == NULL && values[i].len > 0u)) {
            st = PPQ_ERR_ARG;
            break;
        }
        if (enc->count == enc->cfg.max_values || values[i].len > enc->cfg.max_bytes - enc->nbytes) {
            st = PPQ_ERR_NOSPACE;
            break;
        }
        st = ppq_delta_enc_put_word(&enc->lengths, (uint64_t)(uint32_t)len); /* (an INT32's bits) */
        if (st != PPQ_OK) {
            enc->err = st; /* cannot happen: the buffer is sized for max_values */
            break;
        }
        if (len > 0) {
            memcpy(enc->bytes + enc->nbytes, values[i].ptr, values[i].len);
        }
        enc->nbytes += values[i].len;
        enc->count++;
    }
    *accepted = i;
    return st;
}

ppq_status_t ppq_dlba_enc_finish(ppq_dlba_enc_t *enc)
{
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    enc->finished = 1;
    enc->err = ppq_delta_enc_finish_to(&enc->lengths, &enc->lengths_mem, enc->out);
    if (enc->err == PPQ_OK) {
        enc->err = ppq_sink_write(enc->out, enc->bytes, enc->nbytes);
    }
    return enc->err;
}

ppq_status_t ppq_dlba_dec_init(ppq_dlba_dec_t *dec, const void *data, size_t len)
{
    size_t used;
    uint64_t count;
    ppq_status_t st;
    if (dec == NULL || (data == NULL && len > 0u)) {
        return PPQ_ERR_ARG;
    }
    st = ppq_delta_stream_end(PPQ_INT32, data, len, &used, &count);
    if (st == PPQ_OK) {
        st = ppq_delta_dec_init(&dec->lengths, PPQ_INT32, data, used);
    }
    dec->bytes = ppq_input(data) + (st == PPQ_OK ? used : 0u);
    dec->end = ppq_input(data) + len;
    return st;
}

uint64_t ppq_dlba_dec_count(const ppq_dlba_dec_t *dec)
{
    return ppq_delta_dec_count(&dec->lengths);
}

ppq_status_t ppq_dlba_dec_get(ppq_dlba_dec_t *dec, ppq_bytes_t *out, size_t max, size_t *got)
{
    size_t n = 0;
    ppq_status_t st = PPQ_OK;
    if (out == NULL && max > 0u) {
        *got = 0;
        return PPQ_ERR_ARG;
    }
    while (n < max && st == PPQ_OK) {
        int32_t lens[LENGTH_CHUNK];
        size_t k = 0, want = max - n < LENGTH_CHUNK ? max - n : LENGTH_CHUNK, i;
        st = ppq_delta_dec_get_i32(&dec->lengths, lens, want, &k);
        for (i = 0; i < k; i++) {
            if (lens[i] < 0 || (size_t)lens[i] > (size_t)(dec->end - dec->bytes)) {
                *got = n;
                return PPQ_ERR_CORRUPT;
            }
            out[n].ptr = dec->bytes;
            out[n].len = (uint32_t)lens[i];
            dec->bytes += lens[i];
            n++;
        }
        if (k < want) {
            break;
        }
    }
    *got = n;
    return st;
}

ppq_status_t ppq_dlba_stream_end(const void *data, size_t len, size_t *used)
{
    ppq_dlba_dec_t dec;
    size_t total = 0;
    ppq_status_t st = ppq_dlba_dec_init(&dec, data, len);
    /* The bytes' extent is the sum of the lengths. */
    while (st == PPQ_OK) {
        int32_t lens[LENGTH_CHUNK];
        size_t got, i;
        st = ppq_delta_dec_get_i32(&dec.lengths, lens, LENGTH_CHUNK, &got);
        for (i = 0; i < got && st == PPQ_OK; i++) {
            if (lens[i] < 0 || (size_t)lens[i] > (size_t)(dec.end - dec.bytes) - total) {
                st = PPQ_ERR_CORRUPT;
            }
            total += (size_t)lens[i];
        }
        if (got < LENGTH_CHUNK) {
            break;
        }
    }
    if (st == PPQ_OK) {
        *used = (size_t)(dec.bytes - (const uint8_t *)data) + total;
    }
    return st;
}
