/* DELTA_BYTE_ARRAY encoder and decoder. */
#include "ppq_dba.h"
#include "ppq_delta_internal.h"
#include "ppq_internal.h"

static const ppq_delta_cfg_t prefix_cfg = {PPQ_INT32, 0, 0, 0};

static void suffix_cfg(const ppq_dba_cfg_t *cfg, ppq_dlba_cfg_t *s)
{
    s->max_values = cfg->max_values;
    s->max_bytes = cfg->max_bytes;
}

size_t ppq_dba_enc_arena_size(const ppq_dba_cfg_t *cfg)
{
    ppq_dlba_cfg_t s;
    size_t suffixes;
    if (cfg == NULL || cfg->max_value_len == 0u || cfg->max_value_len > 0x7FFFFFFFu) {
        return 0;
    }
    suffix_cfg(cfg, &s);
    suffixes = ppq_dlba_enc_arena_size(&s);
    if (suffixes == 0u) {
        return 0;
    }
    return suffixes + ppq_delta_enc_arena_size(&prefix_cfg) +
           PPQ_ARENA_ROUND(ppq_delta_max_block_bytes(&prefix_cfg, cfg->max_values)) +
           PPQ_ARENA_ROUND(cfg->max_value_len);
}

ppq_status_t ppq_dba_enc_init(ppq_dba_enc_t *enc, ppq_type_t type, uint32_t type_len, const ppq_dba_cfg_t *cfg,
                              ppq_sink_t *out, ppq_arena_t *arena)
{
    ppq_dlba_cfg_t s;
    size_t mark, blocks;
    uint8_t *prefix_buf;
    if (enc == NULL || out == NULL || arena == NULL || ppq_dba_enc_arena_size(cfg) == 0u ||
        (type != PPQ_BYTE_ARRAY && type != PPQ_FIXED_LEN_BYTE_ARRAY) ||
        (type == PPQ_FIXED_LEN_BYTE_ARRAY && (type_len == 0u || type_len > cfg->max_value_len))) {
        return PPQ_ERR_ARG;
    }
    mark = ppq_arena_mark(arena);
    blocks = ppq_delta_max_block_bytes(&prefix_cfg, cfg->max_values);
    prefix_buf = (uint8_t *)ppq_arena_alloc(arena, blocks);
    enc->prev = (uint8_t *)ppq_arena_alloc(arena, cfg->max_value_len);
    suffix_cfg(cfg, &s);
    ppq_sink_init_mem(&enc->prefix_sink, &enc->prefix_mem, prefix_buf, blocks);
    if (prefix_buf == NULL || enc->prev == NULL ||
        ppq_delta_enc_init(&enc->prefixes, &prefix_cfg, &enc->prefix_sink, arena) != PPQ_OK ||
        ppq_dlba_enc_init(&enc->suffixes, &s, out, arena) != PPQ_OK) {
        ppq_arena_rewind(arena, mark);
        return PPQ_ERR_ARENA;
    }
    enc->out = out;
    enc->prev_len = 0;
    enc->type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? type_len : 0u;
    enc->cfg = *cfg;
    enc->finished = 0;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

ppq_status_t ppq_dba_enc_put(ppq_dba_enc_t *enc, const ppq_bytes_t *values, size_t n, size_t *accepted)
{
    ppq_status_t st = PPQ_OK;
    size_t i;
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
        const ppq_bytes_t *v = &values[i];
        uint32_t limit = v->len < enc->prev_len ? v->len : enc->prev_len, prefix = 0;
        ppq_bytes_t suffix;
        size_t one;
        if (v->len > enc->cfg.max_value_len || (v->ptr == NULL && v->len > 0u) ||
            (enc->type_len != 0u && v->len != enc->type_len)) {
            st = PPQ_ERR_ARG;
            break;
        }
        while (prefix < limit && v->ptr[prefix] == enc->prev[prefix]) {
            prefix++;
        }
        suffix.ptr = v->len > 0u ? v->ptr + prefix : v->ptr;
        suffix.len = v->len - prefix;
        /* both limits are checked by the suffix encoder before it takes
         * anything, so nothing is half-added */
        st = ppq_dlba_enc_put(&enc->suffixes, &suffix, 1, &one);
        if (st != PPQ_OK) {
            break;
        }
        st = ppq_delta_enc_put_word(&enc->prefixes, (uint64_t)prefix); /* (an INT32's bits) */
        if (st != PPQ_OK) {
            enc->err = st; /* cannot happen: the buffer is sized for max_values */
            break;
        }
        if (suffix.len > 0u) {
            memcpy(enc->prev + prefix, suffix.ptr, suffix.len);
        }
        enc->prev_len = v->len;
    }
    *accepted = i;
    return st;
}

ppq_status_t ppq_dba_enc_finish(ppq_dba_enc_t *enc)
{
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    enc->finished = 1;
    enc->err = ppq_delta_enc_finish_to(&enc->prefixes, &enc->prefix_mem, enc->out);
    if (enc->err == PPQ_OK) {
        enc->err = ppq_dlba_enc_finish(&enc->suffixes);
    }
    return enc->err;
}

size_t ppq_dba_dec_arena_size(size_t len)
{
    return PPQ_ARENA_ROUND(len);
}

ppq_status_t ppq_dba_dec_init(ppq_dba_dec_t *dec, ppq_type_t type, uint32_t type_len, const void *data, size_t len,
                              ppq_arena_t *arena)
{
    const uint8_t *p = ppq_input(data);
    size_t used;
    uint64_t count;
    ppq_status_t st;
    if (dec == NULL || arena == NULL || (data == NULL && len > 0u) ||
        (type != PPQ_BYTE_ARRAY && type != PPQ_FIXED_LEN_BYTE_ARRAY) ||
        (type == PPQ_FIXED_LEN_BYTE_ARRAY && type_len == 0u)) {
        return PPQ_ERR_ARG;
    }
    st = ppq_delta_stream_end(PPQ_INT32, p, len, &used, &count);
    if (st == PPQ_OK) {
        st = ppq_delta_dec_init(&dec->prefixes, PPQ_INT32, p, used);
    }
    if (st == PPQ_OK) {
        st = ppq_dlba_dec_init(&dec->suffixes, p + used, len - used);
    }
    if (st == PPQ_OK && ppq_dlba_dec_count(&dec->suffixes) != count) {
        st = PPQ_ERR_CORRUPT;
    }
    if (st != PPQ_OK) {
        return st;
    }
    /* A value is at most all the suffix bytes put together: < len. */
    dec->prev = (uint8_t *)ppq_arena_alloc(arena, len);
    if (dec->prev == NULL) {
        return PPQ_ERR_ARENA;
    }
    dec->prev_len = 0;
    dec->has_pending = 0;
    dec->type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? type_len : 0u;
    return PPQ_OK;
}

uint64_t ppq_dba_dec_count(const ppq_dba_dec_t *dec)
{
    return ppq_delta_dec_count(&dec->prefixes);
}

ppq_status_t ppq_dba_dec_get(ppq_dba_dec_t *dec, ppq_bytes_t *out, size_t max, uint8_t *buf, size_t cap, size_t *got)
{
    size_t n = 0, used = 0;
    ppq_status_t st = PPQ_OK;
    *got = 0;
    if ((out == NULL || buf == NULL) && max > 0u) {
        return PPQ_ERR_ARG;
    }
    while (n < max) {
        size_t len;
        if (!dec->has_pending) {
            size_t k1 = 0, k2 = 0;
            st = ppq_delta_dec_get_i32(&dec->prefixes, &dec->pending_prefix, 1, &k1);
            if (st == PPQ_OK && k1 == 1u) {
                st = ppq_dlba_dec_get(&dec->suffixes, &dec->pending, 1, &k2);
            }
            if (st != PPQ_OK || k1 == 0u) {
                break; /* an error, or the end */
            }
            if (k2 == 0u) {
                st = PPQ_ERR_CORRUPT; /* fewer suffixes than prefixes */
                break;
            }
            if (dec->pending_prefix < 0 || (size_t)dec->pending_prefix > dec->prev_len) {
                st = PPQ_ERR_CORRUPT; /* a prefix longer than the previous value */
                break;
            }
            dec->has_pending = 1;
        }
        len = (size_t)dec->pending_prefix + dec->pending.len;
        if (dec->type_len != 0u && len != dec->type_len) {
            st = PPQ_ERR_CORRUPT;
            break;
        }
        if (len > cap - used) {
            if (n == 0u) {
                st = PPQ_ERR_NOSPACE;
            }
            break;
        }
        /* the previous value becomes prefix + suffix, then is copied out */
        if (dec->pending.len > 0u) {
            memcpy(dec->prev + dec->pending_prefix, dec->pending.ptr, dec->pending.len);
        }
        dec->prev_len = len;
        if (len > 0u) {
            memcpy(buf + used, dec->prev, len);
        }
        out[n].ptr = buf + used;
        out[n].len = (uint32_t)len;
        used += len;
        n++;
        dec->has_pending = 0;
    }
    *got = n;
    return st;
}
