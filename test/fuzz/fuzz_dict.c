/* libFuzzer: the dictionary decoder.  The first bytes pick the type, the
 * FLBA length, the entry count, where the input splits into a dictionary
 * page body and a data page body, the value count and the get size.
 * Properties:
 *   - byte-array values point inside the dictionary;
 *   - stepped gets and one big get agree (status, count, values);
 *   - differential: the data page read with the RLE decoder directly (bit
 *     width byte, then the hybrid) and each index looked up in the
 *     dictionary read with the PLAIN decoder gives the same values, and the
 *     dictionary decoder fails exactly when that does (or an index is out
 *     of range);
 *   - a complete decode re-encoded with the dictionary encoder decodes to
 *     the same values. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"

#define MAX_VALUES 50000u
#define MAX_ENTRIES 1024u
#define SLOT 16u

static uint8_t values[MAX_VALUES * SLOT], whole[MAX_VALUES * SLOT], again[MAX_VALUES * SLOT];
static uint8_t entries_mem[MAX_ENTRIES * SLOT];
static uint32_t idx[MAX_VALUES + 1];
static uint64_t arena_mem[(1u << 20) / 8u];
static uint64_t enc_arena_mem[(4u << 20) / 8u];
static uint8_t dict_out[1u << 16], page_out[MAX_VALUES * 5u + 64u];

/* Value i of `a` equals value j of `b` (bytes compared by content). */
static int same_value(ppq_type_t type, const uint8_t *a, const uint8_t *b, size_t vsize)
{
    if (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        ppq_bytes_t x, y;
        memcpy(&x, a, sizeof x);
        memcpy(&y, b, sizeof y);
        return x.len == y.len && (x.len == 0 || memcmp(x.ptr, y.ptr, x.len) == 0);
    }
    return memcmp(a, b, vsize) == 0;
}

static void roundtrip(ppq_type_t type, uint32_t type_len, size_t count, size_t vsize)
{
    ppq_dict_cfg_t cfg;
    ppq_dict_enc_t enc;
    ppq_dict_dec_t dec;
    ppq_arena_t arena;
    ppq_sink_t ds, ps;
    ppq_memsink_t dm, pm;
    size_t acc, got, i;
    cfg.max_entries = MAX_ENTRIES;
    cfg.max_bytes = sizeof dict_out;
    cfg.max_page_values = count > 0 ? (uint32_t)count : 1u;
    ppq_arena_init(&arena, enc_arena_mem, sizeof enc_arena_mem);
    if (ppq_dict_enc_arena_size(type, type_len, &cfg) > sizeof enc_arena_mem ||
        ppq_dict_enc_init(&enc, type, type_len, &cfg, &arena) != PPQ_OK) {
        __builtin_trap();
    }
    if (ppq_dict_enc_put(&enc, values, count, &acc) != PPQ_OK || acc != count) {
        return; /* more distinct bytes than dict_out holds: not this test's business */
    }
    ppq_sink_init_mem(&ds, &dm, dict_out, sizeof dict_out);
    ppq_sink_init_mem(&ps, &pm, page_out, sizeof page_out);
    if (ppq_dict_enc_write_dict(&enc, &ds) != PPQ_OK || ppq_dict_enc_flush_page(&enc, &ps) != PPQ_OK ||
        dm.len != ppq_dict_enc_dict_bytes(&enc)) {
        __builtin_trap();
    }
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    if (ppq_dict_dec_init(&dec, type, type_len, dict_out, dm.len, ppq_dict_enc_entries(&enc), &arena) != PPQ_OK ||
        ppq_dict_dec_page(&dec, page_out, pm.len, count) != PPQ_OK ||
        ppq_dict_dec_get(&dec, again, count + 1u, &got) != PPQ_OK || got != count) {
        __builtin_trap();
    }
    for (i = 0; i < count; i++) {
        if (!same_value(type, values + i * vsize, again + i * vsize, vsize)) {
            __builtin_trap();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ppq_type_t type;
    uint32_t type_len, entries;
    size_t dict_len, count, step, total = 0, got, vsize, i, whole_got = 0, len, k;
    uint8_t *copy;
    ppq_arena_t arena;
    ppq_dict_dec_t dec;
    ppq_status_t st, st_whole, st_ref;
    if (size < 7) {
        return 0;
    }
    type = (ppq_type_t)(1u + data[0] % 7u); /* every type but BOOLEAN */
    type_len = 1u + data[1] % 16u;
    entries = ((uint32_t)data[2] | (uint32_t)(data[6] & 3u) << 8) % (MAX_ENTRIES + 1u);
    len = size - 7;
    dict_len = len > 0 ? (size_t)data[3] % (len + 1u) : 0;
    count = (size_t)data[4] * 31u % MAX_VALUES;
    step = 1u + data[5] % 40u;
    vsize = ppq_value_size(type);
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 7, len);

    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    st = ppq_dict_dec_init(&dec, type, type_len, copy, dict_len, entries, &arena);
    if (st == PPQ_OK) {
        st = ppq_dict_dec_page(&dec, copy + dict_len, len - dict_len, count);
    }
    while (st == PPQ_OK) {
        st = ppq_dict_dec_get(&dec, values + total * vsize, step, &got);
        if (got > step || total + got > count) {
            __builtin_trap();
        }
        total += got;
        if (st == PPQ_OK && got < step && total != count) {
            __builtin_trap(); /* a short get only at the end */
        }
        if (got < step) {
            break;
        }
    }
    /* byte-array values must point inside the dictionary */
    if (type == PPQ_BYTE_ARRAY || type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        for (i = 0; i < total; i++) {
            ppq_bytes_t b;
            memcpy(&b, values + i * vsize, sizeof b);
            if (b.len > 0 && (b.ptr < copy || b.ptr + b.len > copy + dict_len)) {
                __builtin_trap();
            }
        }
    }

    /* one big get */
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    st_whole = ppq_dict_dec_init(&dec, type, type_len, copy, dict_len, entries, &arena);
    if (st_whole == PPQ_OK) {
        st_whole = ppq_dict_dec_page(&dec, copy + dict_len, len - dict_len, count);
    }
    if (st_whole == PPQ_OK) {
        st_whole = ppq_dict_dec_get(&dec, whole, count + 1u, &whole_got);
    }
    if (st_whole != st || whole_got != total) {
        __builtin_trap();
    }
    for (i = 0; i < total; i++) {
        if (!same_value(type, values + i * vsize, whole + i * vsize, vsize)) {
            __builtin_trap();
        }
    }

    /* reference: the dictionary through the PLAIN decoder, the indices
     * through the RLE decoder */
    {
        ppq_plain_dec_t pd;
        ppq_rle_dec_t rd;
        size_t n_entries = 0, n_idx = 0, plen = len - dict_len;
        const uint8_t *page = copy + dict_len;
        int dict_ok;
        st_ref = ppq_plain_dec_init(&pd, type, type_len, copy, dict_len, entries);
        if (st_ref == PPQ_OK) {
            st_ref = ppq_plain_dec_get(&pd, entries_mem, entries, &n_entries);
        }
        dict_ok = st_ref == PPQ_OK && n_entries == entries;
        if (!dict_ok) {
            if (st == PPQ_OK || total != 0) {
                __builtin_trap(); /* an unreadable dictionary must be refused */
            }
        } else {
            if (plen == 0) {
                st_ref = count > 0 ? PPQ_ERR_CORRUPT : PPQ_OK;
            } else if (page[0] > 32u) {
                st_ref = PPQ_ERR_CORRUPT;
            } else {
                st_ref = ppq_rle_dec_init(&rd, page[0], 0, page + 1, plen - 1u, count);
                if (st_ref == PPQ_OK) {
                    st_ref = ppq_rle_dec_get(&rd, idx, count + 1u, &n_idx);
                }
            }
            /* the dictionary decoder yields the values of the indices before
             * the first one out of range or the index stream's failure */
            for (k = 0; k < n_idx && idx[k] < entries; k++) {
            }
            if ((st == PPQ_OK) != (st_ref == PPQ_OK && k == n_idx) || total != k) {
                __builtin_trap();
            }
            for (i = 0; i < total; i++) {
                if (!same_value(type, values + i * vsize, entries_mem + (size_t)idx[i] * vsize, vsize)) {
                    __builtin_trap();
                }
            }
        }
    }

    if (st == PPQ_OK && total == count) {
        roundtrip(type, type_len, count, vsize);
    }
    free(copy);
    return 0;
}
