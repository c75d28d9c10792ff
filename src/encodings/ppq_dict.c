/* Dictionary encoding: a hash table over PLAIN-form entries in the arena,
 * and the index pages (bit width byte + RLE/bit-packed hybrid). */
#include "ppq_dict.h"
#include "ppq_config.h"
#include "ppq_dict_internal.h"
#include "ppq_internal.h"
#include "ppq_port.h"
#include "ppq_rle_internal.h"

#define MAX_ENTRIES (1u << 24)

/* Indices decoded per step (stack use; hosts: more, so most go through the
 * unpacking kernel's groups of 32). */
#define INDEX_CHUNK (PPQ_FAST64 ? 256u : 32u)
/* Narrow page indices widened per step for the RLE encoder (stack). */
#define INDEX_STEP (PPQ_FAST64 ? 64u : 8u)

static int dict_type_ok(ppq_type_t type, uint32_t type_len)
{
    if (type == PPQ_BOOLEAN || (unsigned)type > (unsigned)PPQ_FIXED_LEN_BYTE_ARRAY) {
        return 0;
    }
    return type != PPQ_FIXED_LEN_BYTE_ARRAY || (type_len > 0u && type_len <= 0x7FFFFFFFu);
}

static uint32_t slot_count(uint32_t max_entries)
{
    uint32_t n = 16;
    while (n < 2u * max_entries) {
        n <<= 1;
    }
    return n;
}

static unsigned max_index_width(uint32_t max_entries)
{
    unsigned w = ppq_bit_width32(max_entries - 1u);
    return w == 0u ? 1u : w;
}

/* Bytes of a hash slot (an entry index + 1) and of a buffered page index:
 * with PPQ_DICT_NARROW (ppq_config.h) the least that hold max_entries
 * (RAM on small boards), else 4 (hosts: no width to test per value). */
static unsigned slot_bytes_for(uint32_t max_entries)
{
    return PPQ_DICT_NARROW && max_entries < 0xFFFFu ? 2u : 4u;
}

static unsigned index_bytes_for(uint32_t max_entries)
{
    return !PPQ_DICT_NARROW ? 4u : max_entries <= 0x100u ? 1u : max_entries <= 0x10000u ? 2u : 4u;
}

static inline uint32_t slot_at(const ppq_dict_enc_t *enc, uint32_t h)
{
    return PPQ_DICT_NARROW && enc->slot_bytes == 2u ? ((const uint16_t *)enc->slots)[h]
                                                    : ((const uint32_t *)enc->slots)[h];
}

static inline void slot_set(ppq_dict_enc_t *enc, uint32_t h, uint32_t v)
{
    if (PPQ_DICT_NARROW && enc->slot_bytes == 2u) {
        ((uint16_t *)enc->slots)[h] = (uint16_t)v;
    } else {
        ((uint32_t *)enc->slots)[h] = v;
    }
}

static inline uint32_t page_at(const ppq_dict_enc_t *enc, uint32_t i)
{
    if (!PPQ_DICT_NARROW) {
        return ((const uint32_t *)enc->page)[i];
    }
    switch (enc->index_bytes) {
    case 1: return ((const uint8_t *)enc->page)[i];
    case 2: return ((const uint16_t *)enc->page)[i];
    default: return ((const uint32_t *)enc->page)[i];
    }
}

static inline void page_set(ppq_dict_enc_t *enc, uint32_t i, uint32_t e)
{
    if (!PPQ_DICT_NARROW) {
        ((uint32_t *)enc->page)[i] = e;
        return;
    }
    switch (enc->index_bytes) {
    case 1: ((uint8_t *)enc->page)[i] = (uint8_t)e; break;
    case 2: ((uint16_t *)enc->page)[i] = (uint16_t)e; break;
    default: ((uint32_t *)enc->page)[i] = e; break;
    }
}

/* The pool's capacity: fixed-width entries never need more than
 * max_entries * width, whatever max_bytes says. */
static uint32_t pool_cap(uint32_t width, const ppq_dict_cfg_t *cfg)
{
    if (width != 0u && cfg->max_entries <= ppq_udiv32(cfg->max_bytes, width)) { /* no 64-bit multiply */
        return cfg->max_entries * width;
    }
    return cfg->max_bytes;
}

/* The encoder's arena regions, back to back in this order. */
enum { SLOTS, POOL, OFFSETS, PAGE, GROUPS, REGIONS };

/* Each region's bytes, and their rounded total (0 when the arguments are
 * invalid): one layout for sizing and for init. */
static size_t regions(ppq_type_t type, uint32_t type_len, const ppq_dict_cfg_t *cfg, size_t size[REGIONS])
{
    size_t total = 0;
    int r;
    if (cfg == NULL || !dict_type_ok(type, type_len) || cfg->max_entries == 0u || cfg->max_entries > MAX_ENTRIES ||
        cfg->max_page_values == 0u || cfg->max_page_values > 0x7FFFFFFFu / 4u) {
        return 0;
    }
    size[SLOTS] = (size_t)slot_count(cfg->max_entries) * slot_bytes_for(cfg->max_entries);
    size[POOL] = pool_cap((uint32_t)ppq_plain_width(type, type_len), cfg);
    size[OFFSETS] = type == PPQ_BYTE_ARRAY ? (size_t)cfg->max_entries * 4u : 0u;
    size[PAGE] = (size_t)cfg->max_page_values * index_bytes_for(cfg->max_entries);
    size[GROUPS] = (size_t)PPQ_RLE_DEFAULT_GROUPS * max_index_width(cfg->max_entries);
    for (r = 0; r < REGIONS; r++) {
        total += PPQ_ARENA_ROUND(size[r]);
    }
    return total;
}

size_t ppq_dict_enc_arena_size(ppq_type_t type, uint32_t type_len, const ppq_dict_cfg_t *cfg)
{
    size_t size[REGIONS];
    return regions(type, type_len, cfg, size);
}

ppq_status_t ppq_dict_enc_init(ppq_dict_enc_t *enc, ppq_type_t type, uint32_t type_len, const ppq_dict_cfg_t *cfg,
                               ppq_arena_t *arena)
{
    size_t size[REGIONS], total = enc != NULL && arena != NULL ? regions(type, type_len, cfg, size) : 0u;
    uint8_t *mem;
    if (total == 0u) {
        return PPQ_ERR_ARG;
    }
    mem = (uint8_t *)ppq_arena_alloc(arena, total);
    if (mem == NULL) {
        return PPQ_ERR_ARENA;
    }
    enc->type = type;
    enc->type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? type_len : 0u;
    enc->width = (uint32_t)ppq_plain_width(type, type_len);
    enc->cfg = *cfg;
    if (PPQ_DICT_NARROW) {
        enc->slot_bytes = (uint8_t)slot_bytes_for(cfg->max_entries);
        enc->index_bytes = (uint8_t)index_bytes_for(cfg->max_entries);
    }
    enc->slot_mask = (uint32_t)(size[SLOTS] >> (slot_bytes_for(cfg->max_entries) == 2u ? 1 : 2)) - 1u;
    enc->slot_shift = (uint8_t)(32u - ppq_bit_width32(enc->slot_mask)); /* (slots: a power of two) */
    if (PPQ_DICT_TRUNCATE) {
        enc->exact_width = 0; /* (read where the replays are built) */
    }
    enc->slots = mem;
    enc->pool = mem + PPQ_ARENA_ROUND(size[SLOTS]);
    enc->offsets = type == PPQ_BYTE_ARRAY ? (uint32_t *)(void *)(enc->pool + PPQ_ARENA_ROUND(size[POOL])) : NULL;
    enc->page = enc->pool + PPQ_ARENA_ROUND(size[POOL]) + PPQ_ARENA_ROUND(size[OFFSETS]);
    enc->rle_groups = (uint8_t *)enc->page + PPQ_ARENA_ROUND(size[PAGE]);
    if (PPQ_FAST64) { /* (a reset clears only its entries' slots there) */
        memset(enc->slots, 0, size[SLOTS]);
        enc->count = 0;
    }
    ppq_dict_enc_reset(enc);
    return PPQ_OK;
}

static uint32_t hash_bytes(const uint8_t *p, size_t n)
{
    uint32_t h = 0x811C9DC5u ^ (uint32_t)n;
    while (n >= 4u) {
        h = (h ^ ppq_load_le32(p)) * 0x01000193u;
        h ^= h >> 15;
        p += 4;
        n -= 4u;
    }
    while (n > 0u) {
        h = (h ^ *p++) * 0x01000193u;
        n--;
    }
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    return h;
}

/* The PLAIN bytes of entry `e` (without a BYTE_ARRAY's length word). */
static const uint8_t *entry_bytes(const ppq_dict_enc_t *enc, uint32_t e, uint32_t *len)
{
    if (enc->type == PPQ_BYTE_ARRAY) {
        const uint8_t *p = enc->pool + enc->offsets[e];
        *len = ppq_load_le32(p);
        return p + 4;
    }
    *len = enc->width;
    return enc->pool + (size_t)e * enc->width;
}

/* Numbers of 4 and 8 bytes hash and compare as one word (their bits): a
 * 32-bit multiply (no 64-bit multiply on small cores), no byte loop. */
static int is_word(const ppq_dict_enc_t *enc)
{
    return enc->type == PPQ_INT32 || enc->type == PPQ_FLOAT || enc->type == PPQ_INT64 || enc->type == PPQ_DOUBLE;
}

/* The slot where the probe for a value (its PLAIN bytes, without a
 * BYTE_ARRAY's length) starts: numbers by their bits, other values by
 * their bytes. */
static PPQ_ALWAYS_INLINE uint32_t home_slot(const ppq_dict_enc_t *enc, const uint8_t *key, uint32_t len)
{
    return !PPQ_LEAN && is_word(enc) ? ppq_dict_slot_word(ppq_load_le_word(key, len), enc->slot_shift)
                                     : hash_bytes(key, len) & enc->slot_mask;
}

void ppq_dict_enc_reset(ppq_dict_enc_t *enc)
{
    uint32_t e, h, len;
    if (PPQ_FAST64 && enc->count < (enc->slot_mask + 1u) / 16u) {
        /* hosts: a few entries in a large table (16384 entries: 128 KiB of
         * slots) are cleared one by one, each found from its hash's slot
         * on (slots of entries cleared before it may be empty now) */
        for (e = 0; e < enc->count; e++) {
            const uint8_t *b = entry_bytes(enc, e, &len);
            h = home_slot(enc, b, len);
            while (slot_at(enc, h) != e + 1u) {
                h = (h + 1u) & enc->slot_mask;
            }
            slot_set(enc, h, 0);
        }
    } else {
        memset(enc->slots, 0, ((size_t)enc->slot_mask + 1u) * (PPQ_DICT_NARROW ? enc->slot_bytes : 4u));
    }
    enc->count = 0;
    enc->bytes = 0;
    enc->page_count = 0;
}

#if PPQ_DICT_TRUNCATE
void ppq_dict_enc_truncate(ppq_dict_enc_t *enc, uint32_t count)
{
    uint32_t keep = count < enc->count ? count : enc->count, e, h, len;
    uint32_t bytes = enc->type == PPQ_BYTE_ARRAY ? (keep < enc->count ? enc->offsets[keep] : enc->bytes)
                                                 : keep * enc->width;
    ppq_dict_enc_reset(enc); /* (every slot empty; the pool as it was) */
    for (e = 0; e < keep; e++) { /* each kept entry from its home slot on, in order: as they were added */
        const uint8_t *b = entry_bytes(enc, e, &len);
        h = home_slot(enc, b, len);
        while (slot_at(enc, h) != 0u) {
            h = (h + 1u) & enc->slot_mask;
        }
        slot_set(enc, h, e + 1u);
    }
    enc->count = keep;
    enc->bytes = bytes;
}
#endif


/* Index of the number whose PLAIN bits are `word` (width 4 or 8), adding
 * it if new.  PPQ_DICT_FULL when it is new and does not fit. */
static inline ppq_status_t word_index(ppq_dict_enc_t *enc, uint64_t word, uint32_t width, uint32_t *index)
{
    uint32_t h = ppq_dict_slot_word(word, enc->slot_shift), e;
    while ((e = slot_at(enc, h)) != 0u && ppq_load_le_word(enc->pool + (size_t)(e - 1u) * width, width) != word) {
        h = (h + 1u) & enc->slot_mask;
    }
    if (e != 0u) {
        *index = e - 1u;
        return PPQ_OK;
    }
    if (enc->count == enc->cfg.max_entries || width > enc->cfg.max_bytes - enc->bytes) {
        return PPQ_DICT_FULL;
    }
    if (width == 4u) {
        ppq_store_le32(enc->pool + enc->bytes, (uint32_t)word);
    } else {
        ppq_store_le64(enc->pool + enc->bytes, word);
    }
    enc->bytes += width;
    slot_set(enc, h, enc->count + 1u);
    *index = enc->count++;
    return PPQ_OK;
}

ppq_status_t ppq_dict_enc_put_word(ppq_dict_enc_t *enc, uint64_t word)
{
    uint32_t index;
    ppq_status_t st;
    if (enc->page_count == enc->cfg.max_page_values) {
        return PPQ_ERR_NOSPACE;
    }
    st = word_index(enc, word, enc->width, &index);
    if (st == PPQ_OK) {
        page_set(enc, enc->page_count++, index);
    }
    return st;
}

/* Index of the value with PLAIN bytes key[0..len), adding it if new.
 * PPQ_DICT_FULL when it is new and does not fit. */
static ppq_status_t lookup_or_add(ppq_dict_enc_t *enc, const uint8_t *key, uint32_t len, uint32_t *index)
{
    uint32_t i = home_slot(enc, key, len);
    uint32_t entry_size = enc->type == PPQ_BYTE_ARRAY ? len + 4u : len;
    if (!PPQ_LEAN && is_word(enc)) {
        return word_index(enc, ppq_load_le_word(key, len), len, index);
    }
    while (slot_at(enc, i) != 0u) {
        uint32_t e = slot_at(enc, i) - 1u;
        uint32_t elen;
        const uint8_t *eb = entry_bytes(enc, e, &elen);
        if (elen == len && (len == 0u || memcmp(eb, key, len) == 0)) {
            *index = e;
            return PPQ_OK;
        }
        i = (i + 1u) & enc->slot_mask;
    }
    if (enc->count == enc->cfg.max_entries || entry_size < len || entry_size > enc->cfg.max_bytes - enc->bytes) {
        return PPQ_DICT_FULL;
    }
    if (enc->type == PPQ_BYTE_ARRAY) {
        enc->offsets[enc->count] = enc->bytes;
        ppq_store_le32(enc->pool + enc->bytes, len);
        if (len > 0u) {
            memcpy(enc->pool + enc->bytes + 4, key, len);
        }
    } else {
        memcpy(enc->pool + enc->bytes, key, len);
    }
    enc->bytes += entry_size;
    slot_set(enc, i, enc->count + 1u);
    *index = enc->count++;
    return PPQ_OK;
}

#if PPQ_DICT_BATCH_WORDS
/* lookup_or_add() for a run of numbers on 64-bit little-endian hosts,
 * where a number in memory is its PLAIN bytes: one loop per width (always
 * inlined: clang otherwise keeps one copy with a variable width, which
 * loads values byte by byte), the same hash and probes, so the same table
 * and indices.  The usual case, two values both in their home slots, costs
 * one branch and two independent lookups (on the sensor table's floats,
 * 0.87 ns a value against 1.04 one at a time). */
static uint64_t word_at(const uint8_t *p, uint32_t width)
{
    uint32_t x;
    uint64_t y;
    if (width == 4u) {
        PPQ_COPY(&x, p, 4);
        return x;
    }
    PPQ_COPY(&y, p, 8);
    return y;
}

static PPQ_ALWAYS_INLINE ppq_status_t put_words(ppq_dict_enc_t *enc, const uint8_t *v, size_t n, size_t *accepted,
                                                const uint32_t width, uint8_t *marks, uint8_t mark)
{
    uint32_t *first = (uint32_t *)enc->page + enc->page_count, *out = first, *stop; /* (hosts: 4-byte indices) */
    size_t m = enc->cfg.max_page_values - enc->page_count < n ? enc->cfg.max_page_values - enc->page_count : n;
    ppq_status_t st = m < n ? PPQ_ERR_NOSPACE : PPQ_OK;
    const uint32_t *slots = (const uint32_t *)enc->slots, mask = enc->slot_mask; /* (locals: the page's */
    const uint8_t *pool = enc->pool;                                                 /* stores alias nothing) */
    const unsigned shift = enc->slot_shift;
    for (stop = first + m; out < stop; out++, v += width) {
        uint64_t word;
        uint32_t h, e;
        while (stop - out >= 2) { /* two at a time while both are in their home slots */
            uint64_t w0 = word_at(v, width), w1 = word_at(v + width, width);
            uint32_t e0 = slots[ppq_dict_slot_word(w0, shift)], e1 = slots[ppq_dict_slot_word(w1, shift)];
            if ((e0 == 0u) | (e1 == 0u) || !(ppq_plain_is(pool + (size_t)e0 * width - width, w0, width) &
                                               ppq_plain_is(pool + (size_t)e1 * width - width, w1, width))) {
                break;
            }
            out[0] = e0 - 1u;
            out[1] = e1 - 1u;
            if (marks != NULL) { /* (a constant where it is called) */
                marks[e0 - 1u] = mark;
                marks[e1 - 1u] = mark;
            }
            out += 2;
            v += 2u * width;
        }
        if (out == stop) {
            break;
        }
        word = word_at(v, width);
        h = ppq_dict_slot_word(word, shift);
        while ((e = slots[h]) != 0u && !ppq_plain_is(pool + (size_t)e * width - width, word, width)) {
            h = (h + 1u) & mask;
        }
        if (e == 0u) { /* new: word_index probes again and adds it */
            ppq_status_t s = word_index(enc, word, width, &e);
            if (s != PPQ_OK) {
                st = s;
                break;
            }
            e++;
        }
        *out = e - 1u;
        if (marks != NULL) {
            marks[e - 1u] = mark;
        }
    }
    *accepted = (size_t)(out - first);
    enc->page_count += (uint32_t)(out - first);
    return st;
}

/* put_words() at the width of the dictionary's numbers (a constant in
 * each call: one loop per width); PPQ_ERR_ARG for other types. */
static PPQ_ALWAYS_INLINE ppq_status_t put_numbers(ppq_dict_enc_t *enc, const uint8_t *v, size_t n, size_t *accepted,
                                                  uint8_t *marks, uint8_t mark)
{
    if (enc->type == PPQ_INT32 || enc->type == PPQ_FLOAT) {
        return put_words(enc, v, n, accepted, 4u, marks, mark);
    }
    if (enc->type == PPQ_INT64 || enc->type == PPQ_DOUBLE) {
        return put_words(enc, v, n, accepted, 8u, marks, mark);
    }
    return PPQ_ERR_ARG;
}

ppq_status_t ppq_dict_enc_put_marked(ppq_dict_enc_t *enc, const void *values, size_t n, size_t *accepted,
                                     uint8_t *marks, uint8_t mark)
{
    if (accepted == NULL || (values == NULL && n > 0u) || marks == NULL) {
        return PPQ_ERR_ARG;
    }
    return put_numbers(enc, (const uint8_t *)values, n, accepted, marks, mark);
}
#endif

ppq_status_t ppq_dict_enc_put(ppq_dict_enc_t *enc, const void *values, size_t n, size_t *accepted)
{
    const uint8_t *v = (const uint8_t *)values;
    size_t vsize = ppq_value_size(enc->type);
    ppq_status_t st = PPQ_OK;
    size_t i;
    if (accepted == NULL || (values == NULL && n > 0u)) {
        return PPQ_ERR_ARG;
    }
#if PPQ_DICT_BATCH_WORDS
    if (is_word(enc)) {
        return put_numbers(enc, v, n, accepted, NULL, 0);
    }
#endif
    for (i = 0; i < n; i++, v += vsize) {
        uint8_t plain[12];
        const uint8_t *key = plain;
        uint32_t len = enc->width;
        uint32_t index;
        if (enc->page_count == enc->cfg.max_page_values) {
            st = PPQ_ERR_NOSPACE;
            break;
        }
        if (enc->type == PPQ_BYTE_ARRAY || enc->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            const ppq_bytes_t *b = (const ppq_bytes_t *)(const void *)v;
            if ((enc->type == PPQ_FIXED_LEN_BYTE_ARRAY && b->len != enc->type_len) || b->len > 0x7FFFFFFFu ||
                (b->ptr == NULL && b->len > 0u)) {
                st = PPQ_ERR_ARG;
                break;
            }
            key = b->ptr;
            len = b->len;
        } else if (PPQ_HOST_LE || enc->type == PPQ_INT96) {
            key = v; /* already its PLAIN bytes */
        } else {
            ppq_store_value_le(plain, v, len);
        }
        if (!PPQ_LEAN && enc->page_count > 0u) { /* the previous value again (as logs have): no hashing */
            uint32_t elen;
            const uint8_t *eb;
            index = page_at(enc, enc->page_count - 1u);
            eb = entry_bytes(enc, index, &elen);
            if (elen == len && (len == 0u || memcmp(eb, key, len) == 0)) {
                page_set(enc, enc->page_count++, index);
                continue;
            }
        }
        st = lookup_or_add(enc, key, len, &index);
        if (st != PPQ_OK) {
            break;
        }
        page_set(enc, enc->page_count++, index);
    }
    *accepted = i;
    return st;
}

#ifdef PPQ_DICT_REPEAT
ppq_status_t ppq_dict_enc_repeat(ppq_dict_enc_t *enc, size_t n)
{
    if (enc->page_count == 0u || n > enc->cfg.max_page_values - enc->page_count) {
        return enc->page_count == 0u ? PPQ_ERR_STATE : PPQ_ERR_NOSPACE;
    }
    {
        uint32_t e = page_at(enc, enc->page_count - 1u), i;
        if (!PPQ_DICT_NARROW) { /* (hosts: a fill the compiler vectorizes) */
            uint32_t *at = (uint32_t *)enc->page + enc->page_count;
            for (i = 0; i < (uint32_t)n; i++) {
                at[i] = e;
            }
        } else {
            for (i = 0; i < (uint32_t)n; i++) {
                page_set(enc, enc->page_count + i, e);
            }
        }
        enc->page_count += (uint32_t)n;
    }
    return PPQ_OK;
}
#endif

uint32_t ppq_dict_enc_index_at(const ppq_dict_enc_t *enc, uint32_t i)
{
    return page_at(enc, i);
}

const uint8_t *ppq_dict_enc_entry(const ppq_dict_enc_t *enc, uint32_t e, uint32_t *len)
{
    return entry_bytes(enc, e, len);
}

void ppq_dict_enc_drop_page(ppq_dict_enc_t *enc)
{
    enc->page_count = 0;
}

/* The bit width of the page's indices: the entries' (enough for the
 * greatest, as a dictionary grows with its values), or with exact_width
 * that of the page's greatest index, at least 1 once there is an entry.
 * A dictionary kept from earlier pages (the writer's replays of a chunk,
 * its entries all known from the start) had written every page at the
 * width of all its entries: 1.11x the pages of one growing as its values
 * came.  Built where the replays are (PPQ_DICT_TRUNCATE: 64-bit CPUs):
 * every page scanned had cost the M4 logger's row 5-19 instructions, and
 * its pages would differ from the host's. */
static unsigned page_width(const ppq_dict_enc_t *enc)
{
    uint32_t all = 0, i;
    if (PPQ_LEAN || !PPQ_DICT_TRUNCATE || !enc->exact_width || enc->count == 0u) { /* (no replays) */
        return enc->count == 0u ? 0u : max_index_width(enc->count);
    }
    for (i = 0; i < enc->page_count; i++) {
        all |= page_at(enc, i);
    }
    return all == 0u ? 1u : ppq_bit_width32(all);
}

ppq_status_t ppq_dict_enc_flush_page(ppq_dict_enc_t *enc, ppq_sink_t *out)
{
    ppq_rle_enc_t rle;
    ppq_rle_cfg_t cfg;
    ppq_arena_t arena;
    ppq_status_t st;
    uint8_t width_byte;
    cfg.bit_width = page_width(enc);
    cfg.max_groups = PPQ_RLE_DEFAULT_GROUPS;
    cfg.length_prefix = 0;
    cfg.prefix_cap = 0;
    width_byte = (uint8_t)cfg.bit_width;
    arena.base = enc->rle_groups;
    arena.size = PPQ_ARENA_ROUND((size_t)PPQ_RLE_DEFAULT_GROUPS * max_index_width(enc->cfg.max_entries));
    arena.used = 0;
    arena.peak = 0;
    st = ppq_rle_enc_init(&rle, &cfg, out, &arena);
    if (st == PPQ_OK) {
        st = ppq_sink_write(out, &width_byte, 1);
    }
    if ((!PPQ_DICT_NARROW || enc->index_bytes == 4u) && st == PPQ_OK) {
        st = ppq_rle_enc_put_fit(&rle, (const uint32_t *)enc->page, enc->page_count); /* (indices < count) */
    } else if (st == PPQ_OK) { /* narrower indices: widened a step at a time */
        uint32_t step[INDEX_STEP], at, i;
        for (at = 0; at < enc->page_count && st == PPQ_OK; at += i) {
            for (i = 0; i < INDEX_STEP && at + i < enc->page_count; i++) {
                step[i] = page_at(enc, at + i);
            }
            st = ppq_rle_enc_put(&rle, step, i);
        }
    }
    if (st == PPQ_OK) {
        st = ppq_rle_enc_finish(&rle);
    }
    if (st == PPQ_OK) {
        enc->page_count = 0;
    }
    return st;
}

ppq_status_t ppq_dict_enc_write_dict(const ppq_dict_enc_t *enc, ppq_sink_t *out)
{
    return ppq_sink_write(out, enc->pool, enc->bytes);
}

uint32_t ppq_dict_enc_entries(const ppq_dict_enc_t *enc)
{
    return enc->count;
}

uint32_t ppq_dict_enc_dict_bytes(const ppq_dict_enc_t *enc)
{
    return enc->bytes;
}

uint32_t ppq_dict_enc_page_values(const ppq_dict_enc_t *enc)
{
    return enc->page_count;
}

/* ---- decoder ------------------------------------------------------------ */

size_t ppq_dict_dec_arena_size(ppq_type_t type, uint32_t entries)
{
    return type == PPQ_BYTE_ARRAY ? PPQ_ARENA_ROUND((size_t)entries * 4u) : 0u;
}

ppq_status_t ppq_dict_dec_init(ppq_dict_dec_t *dec, ppq_type_t type, uint32_t type_len, const void *dict, size_t len,
                               uint32_t entries, ppq_arena_t *arena)
{
    if (dec == NULL || arena == NULL || (dict == NULL && len > 0u) || !dict_type_ok(type, type_len)) {
        return PPQ_ERR_ARG;
    }
    dec->type = type;
    dec->type_len = type == PPQ_FIXED_LEN_BYTE_ARRAY ? type_len : 0u;
    dec->width = (uint32_t)ppq_plain_width(type, type_len);
    dec->dict = ppq_input(dict);
    dec->count = entries;
    dec->offsets = NULL;
    dec->page_ready = 0;
    if (type == PPQ_BYTE_ARRAY) {
        uint32_t *offsets;
        size_t pos = 0;
        uint32_t e;
        if ((uint64_t)entries * 4u > len) {
            return PPQ_ERR_CORRUPT; /* cannot hold that many length words */
        }
        offsets = (uint32_t *)ppq_arena_alloc(arena, (size_t)entries * 4u);
        if (offsets == NULL) {
            return PPQ_ERR_ARENA;
        }
        for (e = 0; e < entries; e++) {
            uint32_t elen;
            if (len - pos < 4u) {
                return PPQ_ERR_CORRUPT;
            }
            elen = ppq_load_le32(dec->dict + pos);
            if (elen > len - pos - 4u) {
                return PPQ_ERR_CORRUPT;
            }
            offsets[e] = (uint32_t)pos;
            pos += 4u + elen;
        }
        dec->offsets = offsets;
    } else if (dec->width != 0u && entries > (len >= 0xFFFFFFFFu ? 0xFFFFFFFFu : ppq_udiv32((uint32_t)len, dec->width))) {
        /* (entries * width > len, without a 64-bit multiply on small cores) */
        return PPQ_ERR_CORRUPT;
    }
    return PPQ_OK;
}

ppq_status_t ppq_dict_dec_page(ppq_dict_dec_t *dec, const void *data, size_t len, size_t count)
{
    const uint8_t *p = (const uint8_t *)data;
    ppq_status_t st;
    dec->page_ready = 0;
    if (data == NULL && len > 0u) {
        return PPQ_ERR_ARG;
    }
    if (len == 0u) {
        if (count > 0u) {
            return PPQ_ERR_CORRUPT;
        }
        st = ppq_rle_dec_init(&dec->idx, 0, 0, NULL, 0, 0);
    } else {
        if (p[0] > 32u) {
            return PPQ_ERR_CORRUPT;
        }
        st = ppq_rle_dec_init(&dec->idx, p[0], 0, p + 1, len - 1u, count);
    }
    if (st == PPQ_OK) {
        dec->page_ready = 1;
    }
    return st;
}

/* Entry e (checked: below dec->count) as an output value at o. */
static void dict_value(const ppq_dict_dec_t *dec, uint32_t e, uint8_t *o)
{
    if (dec->type == PPQ_BYTE_ARRAY) {
        ppq_bytes_t *b = (ppq_bytes_t *)(void *)o;
        const uint8_t *p = dec->dict + dec->offsets[e];
        b->len = ppq_load_le32(p);
        b->ptr = p + 4;
    } else if (dec->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
        ppq_bytes_t *b = (ppq_bytes_t *)(void *)o;
        b->ptr = dec->dict + (size_t)e * dec->width;
        b->len = dec->width;
    } else if (PPQ_HOST_LE || dec->type == PPQ_INT96) { /* the PLAIN bytes are the value */
        memcpy(o, dec->dict + (size_t)e * dec->width, dec->width);
    } else {
        ppq_load_value_le(o, dec->dict + (size_t)e * dec->width, dec->width);
    }
}

/* The value at o again in the k - 1 slots after it (of vsize bytes): a
 * run of one dictionary index.  Fixed-size copies, not a call per value. */
static void fill_copies(uint8_t *o, size_t vsize, size_t k)
{
    size_t i;
    if (!PPQ_FAST64) { /* (small cores: the least flash) */
        for (i = 1; i < k; i++) {
            memcpy(o + i * vsize, o, vsize);
        }
    } else if (vsize == 4u) {
        uint32_t v;
        uint64_t two;
        PPQ_COPY(&v, o, 4);
        two = (uint64_t)v * 0x100000001ull; /* (the value in both halves) */
        for (i = 1; i + 4u <= k; i += 4u) {
            PPQ_COPY(o + 4u * i, &two, 8);
            PPQ_COPY(o + 4u * i + 8u, &two, 8);
        }
        for (; i < k; i++) {
            PPQ_COPY(o + 4u * i, &v, 4);
        }
    } else if (vsize == 8u) {
        uint64_t v;
        PPQ_COPY(&v, o, 8);
        for (i = 1; i + 2u <= k; i += 2u) {
            PPQ_COPY(o + 8u * i, &v, 8);
            PPQ_COPY(o + 8u * i + 8u, &v, 8);
        }
        for (; i < k; i++) {
            PPQ_COPY(o + 8u * i, &v, 8);
        }
    } else if (vsize == sizeof(ppq_bytes_t)) {
        ppq_bytes_t v;
        PPQ_COPY(&v, o, sizeof v);
        for (i = 1; i + 2u <= k; i += 2u) {
            PPQ_COPY(o + sizeof v * i, &v, sizeof v);
            PPQ_COPY(o + sizeof v * (i + 1u), &v, sizeof v);
        }
        for (; i < k; i++) {
            PPQ_COPY(o + sizeof v * i, &v, sizeof v);
        }
    } else {
        for (i = 1; i < k; i++) {
            memcpy(o + i * vsize, o, vsize);
        }
    }
}

#if !PPQ_FAST64
/* Every one of the k indices below count?  (One pass without an early
 * exit: it vectorizes; the caller finds the first bad one when not.) */
static int indices_ok(const uint32_t *idx, size_t k, uint32_t count)
{
    uint32_t bad = 0;
    size_t i;
    for (i = 0; i < k; i++) {
        bad |= (uint32_t)(idx[i] >= count);
    }
    return bad == 0u;
}
#endif

/* An index past the dictionary among the k: the values before the first
 * stand (returned: how many), *st PPQ_ERR_CORRUPT. */
static size_t first_bad(const uint32_t *idx, size_t k, uint32_t count, ppq_status_t *st)
{
    size_t i = 0;
    while (i < k && idx[i] < count) {
        i++;
    }
    *st = PPQ_ERR_CORRUPT;
    return i;
}

#if PPQ_FAST64
/* Hosts: k checked indices at v as numbers of `w` bytes (a constant where
 * called) at o, four copies a step. */
static PPQ_ALWAYS_INLINE void gather_words(const uint8_t *dict, const uint32_t *v, size_t k, uint8_t *o, size_t w)
{
    size_t i;
    for (i = 0; i + 4u <= k; i += 4u) {
        PPQ_COPY(o + w * i, dict + w * (size_t)v[i], w);
        PPQ_COPY(o + w * (i + 1u), dict + w * (size_t)v[i + 1u], w);
        PPQ_COPY(o + w * (i + 2u), dict + w * (size_t)v[i + 2u], w);
        PPQ_COPY(o + w * (i + 3u), dict + w * (size_t)v[i + 3u], w);
    }
    for (; i < k; i++) {
        PPQ_COPY(o + w * i, dict + w * (size_t)v[i], w);
    }
}

/* Hosts: the k indices at v as values at o, after one check of them all
 * (in blocks of 32, a fixed count the compiler vectorizes); an index past
 * the dictionary: the values before the first stand (returned: how many),
 * *st PPQ_ERR_CORRUPT. */
static size_t gather(const ppq_dict_dec_t *dec, const uint32_t *v, size_t k, uint8_t *o, size_t vsize,
                     ppq_status_t *st)
{
    const uint8_t *dict = dec->dict;
    uint32_t last = dec->count - 1u, bad = dec->count == 0u ? 1u : 0u;
    size_t i, j;
    for (i = 0; i + 32u <= k; i += 32u) {
        for (j = 0; j < 32u; j++) {
            bad |= 0u - (uint32_t)(v[i + j] > last);
        }
    }
    for (; i < k; i++) {
        bad |= (uint32_t)(v[i] > last);
    }
    if (bad != 0u) {
        k = first_bad(v, k, dec->count, st);
    }
    if (PPQ_HOST_LE && vsize == dec->width && vsize == 4u) { /* INT32, FLOAT: a word each */
        gather_words(dict, v, k, o, 4u);
    } else if (PPQ_HOST_LE && vsize == dec->width && vsize == 8u) { /* INT64, DOUBLE */
        gather_words(dict, v, k, o, 8u);
    } else {
        for (i = 0; i < k; i++) {
            dict_value(dec, v[i], o + i * vsize);
        }
    }
    return k;
}
#endif

ppq_status_t ppq_dict_dec_get(ppq_dict_dec_t *dec, void *out, size_t max, size_t *got)
{
    uint8_t *o = (uint8_t *)out;
    size_t vsize = ppq_value_size(dec->type);
    size_t n = 0;
    ppq_status_t st = PPQ_OK;
    *got = 0;
    if (!dec->page_ready) {
        return PPQ_ERR_STATE;
    }
    if (out == NULL && max > 0u) {
        return PPQ_ERR_ARG;
    }
    while (n < max && st == PPQ_OK) {
        uint32_t idx[INDEX_CHUNK], e = 0;
        size_t k = ppq_rle_dec_repeat(&dec->idx, max - n, &e, &st);
        if (k > 0u) { /* one entry, k times: decoded once, copied */
            if (e >= dec->count) {
                *got = n;
                return PPQ_ERR_CORRUPT;
            }
            dict_value(dec, e, o);
            fill_copies(o, vsize, k);
            n += k;
            o += k * vsize;
            continue;
        }
        if (st != PPQ_OK) {
            break;
        }
#if PPQ_FAST64
        { /* hosts: a bit-packed run's indices in whole groups of 32 */
            const uint32_t *v = idx;
            k = ppq_rle_dec_packed(&dec->idx, idx, INDEX_CHUNK, max - n, &v, &st);
            if (k == 0u) {
                break; /* end of page (or an error) */
            }
            k = gather(dec, v, k, o, vsize, &st);
            n += k;
            o += k * vsize;
        }
#else
        {
            size_t want = max - n < INDEX_CHUNK ? max - n : INDEX_CHUNK, i;
            st = ppq_rle_dec_get(&dec->idx, idx, want, &k);
            if (!indices_ok(idx, k, dec->count)) {
                k = first_bad(idx, k, dec->count, &st);
            }
            for (i = 0; i < k; i++) {
                dict_value(dec, idx[i], o + i * vsize);
            }
            n += k;
            o += k * vsize;
            if (k < want) {
                break; /* end of page (or an error) */
            }
        }
#endif
    }
    *got = n;
    return st;
}
