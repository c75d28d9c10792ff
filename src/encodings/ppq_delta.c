/* DELTA_BINARY_PACKED encoder and decoder (see ppq_delta.h). */
#include "ppq_delta.h"
#include "ppq_delta_internal.h"
#include "ppq_config.h"
#include "ppq_internal.h"
#include "ppq_port.h"

#define DEFAULT_BLOCK 128u
/* Narrow (32-bit) deltas exist for the writer's compact layout: a constant,
 * so that builds without it leave that code out. */
#define NARROW(enc) (PPQ_WRITER_COMPACT && (enc)->narrow)
/* ... and of 1 or 2 bytes, each less the block's first delta (the
 * compact layout's buffers lent by its store, where built). */
#define SMALL(enc) (PPQ_DELTA_SMALL && PPQ_WRITER_COMPACT && (enc)->narrow != 0u && (enc)->narrow < 4u)
#define DEFAULT_MINIBLOCKS 4u
#define CHUNK 64u /* values unpacked per step (256 bytes of stack) */


static int geometry_ok(uint32_t block, uint32_t minis)
{
    uint32_t per = minis > 0u ? ppq_udiv32(block, minis) : 0u;
    return block > 0u && block % 128u == 0u && per * minis == block && per % 32u == 0u;
}

static void resolve(const ppq_delta_cfg_t *cfg, uint32_t *block, uint32_t *minis)
{
    *block = cfg->block_size != 0u ? cfg->block_size : DEFAULT_BLOCK;
    *minis = cfg->miniblocks != 0u ? cfg->miniblocks : DEFAULT_MINIBLOCKS;
}

/* Deltas the encoder buffers: a block, or for a page of at most
 * max_values values the miniblocks those fill (a page's last block is
 * partial: only its used miniblocks are written). */
static uint32_t buffered(const ppq_delta_cfg_t *cfg, uint32_t block, uint32_t minis)
{
    uint32_t per = ppq_udiv32(block, minis), need;
    if (cfg->max_values == 0u || cfg->max_values - 1u >= block) {
        return block;
    }
    need = cfg->max_values > 1u ? cfg->max_values - 1u : 1u; /* deltas (a miniblock at least) */
    return ppq_udiv32(need + per - 1u, per) * per;
}

size_t ppq_delta_enc_arena_size(const ppq_delta_cfg_t *cfg)
{
    uint32_t block, minis;
    if (cfg == NULL || (cfg->type != PPQ_INT32 && cfg->type != PPQ_INT64)) {
        return 0;
    }
    resolve(cfg, &block, &minis);
    if (!geometry_ok(block, minis) || block > (1u << 20)) {
        return 0;
    }
    return PPQ_ARENA_ROUND((size_t)buffered(cfg, block, minis) * 8u);
}

/* The buffer of a narrow encoder with deltas of `bytes` (1, 2 or 4) for
 * `need` bytes of 8-byte deltas: 1 and 2 after the block's first delta. */
static size_t narrow_size(size_t need, unsigned bytes)
{
    return PPQ_DELTA_SMALL && bytes < 4u ? 8u + need / 8u * bytes : need / 2u;
}

size_t ppq_delta_enc_narrow_size(const ppq_delta_cfg_t *cfg, unsigned bytes)
{
    size_t need = ppq_delta_enc_arena_size(cfg);
    bytes = PPQ_DELTA_SMALL && (bytes == 1u || bytes == 2u) ? bytes : 4u; /* (as ppq_delta_enc_init_small) */
    return need == 0u ? 0u : PPQ_ARENA_ROUND(narrow_size(need, bytes));
}

/* ppq_delta_enc_init with deltas of 8 or (narrow) 4, 2 or 1 bytes. */
static ppq_status_t enc_init(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out, ppq_arena_t *arena,
                             uint8_t narrow)
{
    size_t need = ppq_delta_enc_arena_size(cfg);
    if (enc == NULL || out == NULL || arena == NULL || need == 0u) {
        return PPQ_ERR_ARG;
    }
    resolve(cfg, &enc->block_size, &enc->miniblocks);
    enc->cap = (uint32_t)(need / 8u); /* (8-byte deltas, 8-byte arena rounding: whole deltas) */
    enc->deltas = (uint64_t *)ppq_arena_alloc(arena, narrow ? narrow_size(need, narrow) : need); /* (cap: a multiple of 32) */
    if (enc->deltas == NULL) {
        return PPQ_ERR_ARENA;
    }
    enc->out = out;
    enc->first = 0;
    enc->last = 0;
    enc->count = 0;
    enc->add_max = 0;
    enc->in_block = 0;
    enc->is64 = cfg->type == PPQ_INT64;
    enc->finished = 0;
    enc->narrow = narrow;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

ppq_status_t ppq_delta_enc_init(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out, ppq_arena_t *arena)
{
    return enc_init(enc, cfg, out, arena, 0);
}

ppq_status_t ppq_delta_enc_init_narrow(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out,
                                       ppq_arena_t *arena)
{
    return PPQ_WRITER_COMPACT ? enc_init(enc, cfg, out, arena, 4) : PPQ_ERR_ARG; /* (NARROW) */
}

ppq_status_t ppq_delta_enc_init_small(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out,
                                      ppq_arena_t *arena, unsigned bytes)
{
    bytes = PPQ_DELTA_SMALL && (bytes == 1u || bytes == 2u) ? bytes : 4u;
    return PPQ_WRITER_COMPACT ? enc_init(enc, cfg, out, arena, (uint8_t)bytes) : PPQ_ERR_ARG;
}

/* A small encoder's delta i of the open block. */
static int64_t small_at(const ppq_delta_enc_t *enc, uint32_t i)
{
    const uint8_t *b = (const uint8_t *)(const void *)(enc->deltas + 1);
    int64_t base = (int64_t)enc->deltas[0];
    return base + (enc->narrow == 1u ? (int64_t)(int8_t)b[i] : (int64_t)((const int16_t *)(const void *)b)[i]);
}

/* Does delta d fit a small encoder's open block?  (Its first delta always:
 * the others are kept less it.  The difference taken in unsigned words
 * from the lesser: INT64's may pass 64 bits, and before a block's first
 * delta deltas[0] is stale.) */
static int small_fits(const ppq_delta_enc_t *enc, int64_t d)
{
    int64_t base = (int64_t)enc->deltas[0];
    uint64_t half = enc->narrow == 1u ? 128u : 32768u;
    return enc->in_block == 0u || (d < base ? (uint64_t)base - (uint64_t)d <= half : (uint64_t)d - (uint64_t)base < half);
}

/* A narrow encoder's delta i of the open block. */
static int64_t narrow_at(const ppq_delta_enc_t *enc, uint32_t i)
{
    return SMALL(enc) ? small_at(enc, i) : (int64_t)(int32_t)((const uint32_t *)(const void *)enc->deltas)[i];
}

/* The delta put_word stores for v: INT32's wrapped to 32 bits, sign-extended. */
static inline uint64_t delta_of(const ppq_delta_enc_t *enc, uint64_t v)
{
    uint64_t d = v - enc->last;
    return enc->is64 ? d : (uint64_t)(int64_t)(int32_t)(uint32_t)d;
}

int ppq_delta_enc_fits(const ppq_delta_enc_t *enc, uint64_t v)
{
    int64_t d = (int64_t)delta_of(enc, v);
    return !NARROW(enc) || enc->count == 0u || (SMALL(enc) ? small_fits(enc, d) : d >= INT32_MIN && d <= INT32_MAX);
}

static ppq_status_t write_bytes(ppq_delta_enc_t *enc, const uint8_t *data, size_t len)
{
    if (enc->err == PPQ_OK) {
        enc->err = ppq_sink_write(enc->out, data, len);
    }
    return enc->err;
}

/* Bits needed by the largest of `per` relative deltas. */
static unsigned miniblock_width(const uint64_t *d, uint32_t per)
{
    uint64_t all = 0;
    uint32_t i;
    for (i = 0; i < per; i++) {
        all |= d[i];
    }
    return ppq_bit_width64(all);
}

/* Values packed per sink write: 32 (a miniblock's least) on 64-bit CPUs,
 * where the 256-byte buffer is nothing; 8 elsewhere, for the stack. */
#define PACK_VALUES (PPQ_FAST64 ? 32u : 8u)

/* Write the block of `in_block` deltas: min delta, widths, miniblocks. */
/* flush_block for a narrow encoder: 32-bit deltas, the same bytes. */
static void flush_block32(ppq_delta_enc_t *enc)
{
    uint32_t *d = (uint32_t *)(void *)enc->deltas;
    uint32_t n = enc->in_block, per = ppq_udiv32(enc->block_size, enc->miniblocks);
    uint32_t used = ppq_udiv32(n + per - 1u, per), m, i;
    uint8_t head[PPQ_ULEB64_MAX];
    int32_t lo = (int32_t)d[0];
    for (i = 1; i < n; i++) {
        lo = (int32_t)d[i] < lo ? (int32_t)d[i] : lo;
    }
    (void)write_bytes(enc, head, ppq_uleb64_encode(ppq_zigzag64_encode(lo), head));
    for (i = 0; i < n; i++) {
        d[i] = (uint32_t)((int64_t)(int32_t)d[i] - lo); /* (a spread below 2^32) */
    }
    for (; i < used * per; i++) {
        d[i] = 0; /* padding of the last miniblock */
    }
    for (m = 0; m < enc->miniblocks; m++) {
        uint32_t all = 0;
        for (i = m * per; m < used && i < (m + 1u) * per; i++) {
            all |= d[i];
        }
        head[0] = (uint8_t)ppq_bit_width32(all);
        (void)write_bytes(enc, head, 1);
    }
    for (m = 0; m < used && enc->err == PPQ_OK; m++) {
        uint32_t all = 0;
        unsigned w;
        for (i = m * per; i < (m + 1u) * per; i++) {
            all |= d[i];
        }
        w = ppq_bit_width32(all);
        for (i = m * per; i < (m + 1u) * per && w > 0u; i += 8u) {
            uint8_t packed[32];
            ppq_pack32(d + i, 8, w, packed);
            (void)write_bytes(enc, packed, w);
        }
    }
    enc->count += enc->in_block;
    enc->in_block = 0;
}

/* flush_block for a small encoder (1- or 2-byte deltas). */
static void flush_small(ppq_delta_enc_t *enc)
{
    uint32_t n = enc->in_block, per = ppq_udiv32(enc->block_size, enc->miniblocks);
    uint32_t used = ppq_udiv32(n + per - 1u, per), m, i, k;
    uint8_t head[PPQ_ULEB64_MAX];
    int64_t lo = small_at(enc, 0);
    for (i = 1; i < n; i++) {
        int64_t x = small_at(enc, i);
        lo = x < lo ? x : lo;
    }
    (void)write_bytes(enc, head, ppq_uleb64_encode(ppq_zigzag64_encode(lo), head));
    for (k = 0; k < 2u; k++) { /* the miniblocks' widths, then their bits (a spread below 2^17) */
        for (m = 0; m < enc->miniblocks && enc->err == PPQ_OK; m++) {
            uint32_t all = 0, rel[8];
            unsigned w;
            for (i = m * per; m < used && i < (m + 1u) * per && i < n; i++) {
                all |= (uint32_t)(small_at(enc, i) - lo);
            }
            w = ppq_bit_width32(all);
            if (k == 0u) {
                head[0] = (uint8_t)w;
                (void)write_bytes(enc, head, 1);
            }
            for (i = m * per; k == 1u && m < used && i < (m + 1u) * per && w > 0u; i += 8u) {
                uint8_t packed[32];
                uint32_t j;
                for (j = 0; j < 8u; j++) {
                    rel[j] = i + j < n ? (uint32_t)(small_at(enc, i + j) - lo) : 0u; /* (the last miniblock padded) */
                }
                ppq_pack32(rel, 8, w, packed);
                (void)write_bytes(enc, packed, w);
            }
        }
    }
    enc->count += enc->in_block;
    enc->in_block = 0;
}

/* Widths flush_block keeps from its first pass to its second (more
 * miniblocks are measured again). */
#define KEPT_WIDTHS 8u

/* The greatest of the deltas d[from..to), and the least of them and *lo
 * into *lo. */
static int64_t span(const uint64_t *d, uint32_t from, uint32_t to, int64_t *lo)
{
    int64_t l = *lo, top = (int64_t)d[from], x, y;
    uint32_t i = from + ((to - from) & 1u);
    l = top < l ? top : l; /* (an odd count: the first alone) */
    for (; i < to; i += 2u) { /* a pair ordered first: three compares for two */
        x = (int64_t)d[i];
        y = (int64_t)d[i + 1u];
        if (x > y) {
            l = y < l ? y : l;
            top = x > top ? x : top;
        } else {
            l = x < l ? x : l;
            top = y > top ? y : top;
        }
    }
    *lo = l;
    return top;
}

static PPQ_ALWAYS_INLINE void store_word(uint32_t *out, uint32_t v)
{
#if PPQ_HOST_LE
    *out = v;
#else
    ppq_store_le32((uint8_t *)out, v); /* (the bytes little-endian) */
#endif
}

/* Append the low `bits` (1..32) of v to the word accumulator, storing a
 * full word (little-endian) at *out. */
static PPQ_ALWAYS_INLINE void put_bits(uint32_t *acc, unsigned *nbits, uint32_t v, unsigned bits, uint32_t **out)
{
    *acc |= v << *nbits;
    *nbits += bits;
    if (*nbits >= 32u) {
        store_word((*out)++, *acc);
        *nbits -= 32u;
        *acc = *nbits != 0u ? v >> (bits - *nbits) : 0u; /* the bits that did not fit */
    }
}

/* `count` deltas (32: w whole words; or 16 above width 32: 2w bytes)
 * above the min lo at width w (1..64), packed into out; to width 32 from
 * their low words alone (no 64-bit subtract). */
static void pack_rel(const uint64_t *d, uint32_t count, uint64_t lo, unsigned w, uint32_t *out)
{
    uint32_t acc = 0, i;
    unsigned nbits = 0;
    if (w <= 16u) { /* two values joined first: the accumulator's work once per two */
        for (i = 0; i < count; i += 2u) {
            put_bits(&acc, &nbits, ((uint32_t)d[i] - (uint32_t)lo) | ((uint32_t)d[i + 1u] - (uint32_t)lo) << w, 2u * w, &out);
        }
        return;
    }
    if (w <= 32u) {
        for (i = 0; i < count; i++) {
            put_bits(&acc, &nbits, (uint32_t)d[i] - (uint32_t)lo, w, &out);
        }
        return;
    }
    for (i = 0; i < count; i++) {
        uint64_t v = d[i] - lo;
        put_bits(&acc, &nbits, (uint32_t)v, 32u, &out);
        put_bits(&acc, &nbits, (uint32_t)(v >> 32), w - 32u, &out);
    }
    if (nbits > 0u) { /* (16 values at an odd width end mid-word) */
        store_word(out, acc);
    }
}

/* The width of miniblock m (tops: the first KEPT_WIDTHS miniblocks' max). */
static unsigned mini_width(const uint64_t *d, uint32_t m, uint32_t per, int64_t lo, const int64_t *tops)
{
    int64_t t = lo;
    /* (unsigned: a span of 64-bit deltas can pass INT64_MAX) */
    return ppq_bit_width64((uint64_t)(m < KEPT_WIDTHS ? tops[m] : span(d, m * per, m * per + per, &t)) - (uint64_t)lo);
}

/* flush_block on 32-bit cores (but PPQ_LEAN's): the min and each
 * miniblock's max in one pass (its width from the max), the min and the
 * widths in one sink write, then 32 deltas at a time in one write each,
 * packed from their low words where a miniblock's width is at most 32 (the
 * usual).  (The general way's subtract pass, packing and writes of 8 cost
 * about twice the instructions.)  `steady`: one delta throughout. */
static void flush_words(ppq_delta_enc_t *enc, int steady)
{
    uint64_t *d = enc->deltas;
    uint32_t n = enc->in_block, per = ppq_udiv32(enc->block_size, enc->miniblocks);
    uint32_t used = steady ? 0u : ppq_udiv32(n + per - 1u, per), m, i, k; /* (steady: widths 0) */
    int64_t lo = (int64_t)d[0], t;
    union { /* (the tops are done with once the widths are written: one frame for both) */
        int64_t top[KEPT_WIDTHS];
        uint32_t words[32];
    } buf;
    uint8_t head[PPQ_ULEB64_MAX + KEPT_WIDTHS], widths[KEPT_WIDTHS];
    size_t h;
    for (m = 0; m < used; m++) {
        t = span(d, m * per, n - m * per < per ? n : m * per + per, &lo);
        if (m < KEPT_WIDTHS) {
            buf.top[m] = t;
        }
    }
    for (i = n; i < used * per; i++) {
        d[i] = (uint64_t)lo; /* padding of the last miniblock: 0 once the min is taken off */
    }
    h = ppq_uleb64_encode(ppq_zigzag64_encode(lo), head);
    for (m = 0; m < enc->miniblocks; m++) {
        head[h++] = (uint8_t)(m < used ? mini_width(d, m, per, lo, buf.top) : 0u);
        if (m < KEPT_WIDTHS) {
            widths[m] = head[h - 1u];
        }
        if (h == sizeof head || m + 1u == enc->miniblocks) {
            (void)write_bytes(enc, head, h);
            h = 0;
        }
    }
    for (m = 0; m < used && enc->err == PPQ_OK; m++) {
        const uint64_t *g = d + m * per;
        unsigned w = m < KEPT_WIDTHS ? widths[m] : mini_width(d, m, per, lo, buf.top);
        for (i = 0; i < per && w > 0u; i += k, g += k) {
            k = w <= 32u ? 32u : 16u;
            pack_rel(g, k, (uint64_t)lo, w, buf.words);
            (void)write_bytes(enc, (const uint8_t *)buf.words, k * w / 8u);
        }
    }
    enc->count += n;
    enc->in_block = 0;
}

/* (32-bit cores: kept out of put_word, which the compact layout calls for
 * each value, so that its frame stays small.) */
#if defined(__GNUC__) && !PPQ_FAST64
__attribute__((noinline))
#endif
static void flush_block(ppq_delta_enc_t *enc)
{
    uint64_t *d = enc->deltas;
    uint32_t n = enc->in_block, per = ppq_udiv32(enc->block_size, enc->miniblocks);
    uint32_t used = ppq_udiv32(n + per - 1u, per), m, i;
    uint8_t head[PPQ_ULEB64_MAX], widths[KEPT_WIDTHS];
    int64_t lo = (int64_t)d[0];
    for (i = 1; !PPQ_LEAN && i < n && d[i] == d[0]; i++) {
    }
    if (!PPQ_FAST64 && !PPQ_LEAN) {
        flush_words(enc, i == n);
        return;
    }
    if (!PPQ_LEAN && i == n) { /* one delta throughout (a steady clock): the min, widths 0, no bits */
        (void)write_bytes(enc, head, ppq_uleb64_encode(ppq_zigzag64_encode(lo), head));
        widths[0] = 0;
        for (m = 0; m < enc->miniblocks; m++) {
            (void)write_bytes(enc, widths, 1);
        }
        enc->count += n;
        enc->in_block = 0;
        return;
    }
    for (i = 1; i < n; i++) { /* INT32 deltas are stored sign-extended: one loop for both */
        lo = (int64_t)d[i] < lo ? (int64_t)d[i] : lo;
    }
    (void)write_bytes(enc, head, ppq_uleb64_encode(ppq_zigzag64_encode(lo), head));
    for (; i < used * per; i++) {
        d[i] = (uint64_t)lo; /* padding of the last miniblock: 0 once the min is taken off */
    }
    /* Each used miniblock's deltas above the min (INT32's below 2^32: the
     * same as wrapped to 32 bits) and its width, in one pass. */
    for (m = 0; m < enc->miniblocks; m++) {
        uint64_t all = 0;
        uint8_t w;
        for (i = m * per; m < used && i < (m + 1u) * per; i++) {
            d[i] -= (uint64_t)lo;
            all |= d[i];
        }
        w = (uint8_t)ppq_bit_width64(all);
        if (m < KEPT_WIDTHS) {
            widths[m] = w;
        }
        (void)write_bytes(enc, &w, 1);
    }
    for (m = 0; m < used && enc->err == PPQ_OK; m++) {
        unsigned w = m < KEPT_WIDTHS ? widths[m] : miniblock_width(d + m * per, per);
        for (i = m * per; i < (m + 1u) * per && w > 0u; i += PACK_VALUES) {
            uint8_t packed[PACK_VALUES * 8u];
            ppq_pack64(d + i, PACK_VALUES, w, packed);
            (void)write_bytes(enc, packed, (size_t)w * (PACK_VALUES / 8u));
        }
    }
    enc->count += enc->in_block;
    enc->in_block = 0;
}

size_t ppq_delta_enc_block_bytes(const ppq_delta_enc_t *enc, uint64_t v)
{
    uint32_t per, m, i;
    uint64_t d, widths = 0;
    int64_t lo;
    if (enc->count == 0u || enc->in_block + 1u != enc->block_size) {
        return 0; /* (the usual row: first, no division) */
    }
    per = ppq_udiv32(enc->block_size, enc->miniblocks);
    d = v - enc->last;
    d = enc->is64 ? d : (uint64_t)(int64_t)(int32_t)(uint32_t)d; /* as put_word stores it */
    lo = (int64_t)d;
    for (i = 0; i < enc->in_block; i++) {
        int64_t x = NARROW(enc) ? narrow_at(enc, i) : (int64_t)enc->deltas[i];
        lo = x < lo ? x : lo;
    }
    for (m = 0; m < enc->miniblocks; m++) { /* a full block: every miniblock used (as flush_block) */
        uint64_t all = 0;
        for (i = m * per; i < (m + 1u) * per; i++) {
            uint64_t x = i < enc->in_block ? (NARROW(enc) ? (uint64_t)narrow_at(enc, i) : enc->deltas[i]) : d;
            x -= (uint64_t)lo;
            all |= enc->is64 && !NARROW(enc) ? x : (uint64_t)(uint32_t)x;
        }
        widths += ppq_bit_width64(all);
    }
    {
        uint8_t head[PPQ_ULEB64_MAX];
        return ppq_uleb64_encode(ppq_zigzag64_encode(lo), head) + enc->miniblocks + (size_t)(widths * per / 8u);
    }
}

/* One value's bits (put_word's body, inlined in put's loop). */
static PPQ_ALWAYS_INLINE ppq_status_t put_word(ppq_delta_enc_t *enc, uint64_t v)
{
    if (enc->count == 0u) {
        enc->first = v;
        enc->count = 1; /* (the deltas count when their block is flushed) */
        enc->add_max = enc->cap < enc->block_size - 1u ? enc->cap : enc->block_size - 1u;
    } else {
        uint64_t d = v - enc->last;
        if (enc->in_block == enc->cap) { /* (a block flushes when full: only a smaller page's buffer fills) */
            return PPQ_ERR_NOSPACE;
        }
        /* INT32: the wrapped 32-bit delta, sign-extended */
        d = enc->is64 ? d : (uint64_t)(int64_t)(int32_t)(uint32_t)d;
        if (SMALL(enc)) {
            uint8_t *b = (uint8_t *)(void *)(enc->deltas + 1);
            if (!small_fits(enc, (int64_t)d)) {
                return PPQ_ERR_NOSPACE; /* (not taken) */
            }
            enc->deltas[0] = enc->in_block == 0u ? d : enc->deltas[0];
            if (enc->narrow == 1u) {
                b[enc->in_block++] = (uint8_t)(int8_t)((int64_t)d - (int64_t)enc->deltas[0]);
            } else {
                ((int16_t *)(void *)b)[enc->in_block++] = (int16_t)((int64_t)d - (int64_t)enc->deltas[0]);
            }
        } else if (NARROW(enc)) {
            if ((int64_t)d < INT32_MIN || (int64_t)d > INT32_MAX) {
                return PPQ_ERR_NOSPACE; /* (not taken) */
            }
            ((uint32_t *)(void *)enc->deltas)[enc->in_block++] = (uint32_t)d;
        } else {
            enc->deltas[enc->in_block++] = d;
        }
        if (enc->in_block == enc->block_size) {
            if (SMALL(enc)) {
                flush_small(enc);
            } else if (NARROW(enc)) {
                flush_block32(enc);
            } else {
                flush_block(enc);
            }
        }
    }
    enc->last = v;
    return enc->err;
}

ppq_status_t ppq_delta_enc_put_word(ppq_delta_enc_t *enc, uint64_t v)
{
    return put_word(enc, v);
}

ppq_status_t ppq_delta_enc_put(ppq_delta_enc_t *enc, const void *values, size_t n)
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
    for (i = 0; i < n; i++) {
        ppq_status_t st;
#if PPQ_FAST64
        /* hosts: the deltas ppq_delta_enc_add would take (add_max: none
         * before the first value, not a block's last) in a tight loop */
        size_t k, m = enc->add_max - enc->in_block;
        m = n - i < m ? n - i : m;
        if (!NARROW(enc) && m > 1u) {
            uint64_t *out = enc->deltas + enc->in_block, last = enc->last;
            if (enc->is64) {
                const int64_t *x = (const int64_t *)values + i;
                for (k = 0; k < m; k++) {
                    out[k] = (uint64_t)x[k] - last;
                    last = (uint64_t)x[k];
                }
            } else { /* the wrapped 32-bit delta, sign-extended */
                const int32_t *x = (const int32_t *)values + i;
                for (k = 0; k < m; k++) {
                    out[k] = (uint64_t)(int64_t)(int32_t)((uint32_t)x[k] - (uint32_t)last);
                    last = (uint32_t)x[k];
                }
            }
            enc->in_block += (uint32_t)m;
            enc->last = last;
            i += m - 1u;
            continue;
        }
#endif
        st = put_word(enc, enc->is64 ? (uint64_t)((const int64_t *)values)[i]
                                     : (uint64_t)(uint32_t)((const int32_t *)values)[i]);
        if (st != PPQ_OK) {
            return st;
        }
    }
    return enc->err;
}

ppq_status_t ppq_delta_enc_finish(ppq_delta_enc_t *enc)
{
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->finished) {
        return PPQ_ERR_STATE;
    }
    enc->finished = 1;
    if (enc->in_block > 0u && SMALL(enc)) {
        flush_small(enc);
    } else if (enc->in_block > 0u && NARROW(enc)) {
        flush_block32(enc);
    } else if (enc->in_block > 0u) {
        flush_block(enc);
    }
    return enc->err;
}

ppq_status_t ppq_delta_enc_finish_to(ppq_delta_enc_t *enc, const ppq_memsink_t *body, ppq_sink_t *out)
{
    uint8_t head[PPQ_DELTA_HEADER_MAX];
    ppq_status_t st = ppq_delta_enc_finish(enc);
    if (st == PPQ_OK) {
        st = ppq_sink_write(out, head, ppq_delta_enc_header(enc, head));
    }
    if (st == PPQ_OK) {
        st = ppq_sink_write(out, body->buf, body->len);
    }
    return st;
}

size_t ppq_delta_max_block_bytes(const ppq_delta_cfg_t *cfg, uint32_t count)
{
    uint32_t block, minis, per, padded;
    size_t blocks;
    if (ppq_delta_enc_arena_size(cfg) == 0u) {
        return 0;
    }
    resolve(cfg, &block, &minis);
    if (count < 2u) {
        return 0;
    }
    blocks = ppq_udiv32(count - 2u, block) + 1u; /* count - 1 deltas */
    per = ppq_udiv32(block, minis);
    padded = ppq_udiv32(count - 2u + per, per) * per; /* in used miniblocks (blocks are whole ones) */
    /* min delta varint, one width byte per miniblock, every value at full width */
    return blocks * (PPQ_ULEB64_MAX + minis) + padded * (size_t)(cfg->type == PPQ_INT64 ? 8u : 4u);
}

size_t ppq_delta_header(const ppq_delta_cfg_t *cfg, uint64_t count, int64_t first_value, uint8_t *out)
{
    uint32_t block, minis;
    size_t n;
    resolve(cfg, &block, &minis);
    n = ppq_uleb32_encode(block, out);
    n += ppq_uleb32_encode(minis, out + n);
    n += ppq_uleb64_encode(count, out + n);
    n += ppq_uleb64_encode(ppq_zigzag64_encode(first_value), out + n);
    return n;
}

size_t ppq_delta_enc_header(const ppq_delta_enc_t *enc, uint8_t *out)
{
    int64_t first = enc->is64 ? (int64_t)enc->first : (int64_t)(int32_t)(uint32_t)enc->first;
    size_t n = ppq_uleb32_encode(enc->block_size, out); /* as ppq_delta_header, without a cfg */
    n += ppq_uleb32_encode(enc->miniblocks, out + n);
    n += ppq_uleb64_encode(enc->count + enc->in_block, out + n);
    n += ppq_uleb64_encode(ppq_zigzag64_encode(enc->count > 0u ? first : 0), out + n);
    return n;
}

/* ---- decoder ------------------------------------------------------------ */

static ppq_status_t read_uleb64(ppq_delta_dec_t *dec, uint64_t *v)
{
    size_t used;
    if (ppq_uleb64_decode(dec->pos, (size_t)(dec->end - dec->pos), v, &used) != PPQ_OK) {
        return PPQ_ERR_CORRUPT;
    }
    dec->pos += used;
    return PPQ_OK;
}

ppq_status_t ppq_delta_dec_init(ppq_delta_dec_t *dec, ppq_type_t type, const void *data, size_t len)
{
    uint64_t block, minis, first;
    if (dec == NULL || (data == NULL && len > 0u) || (type != PPQ_INT32 && type != PPQ_INT64)) {
        return PPQ_ERR_ARG;
    }
    dec->pos = ppq_input(data);
    dec->end = dec->pos + len;
    dec->is64 = type == PPQ_INT64;
    if (read_uleb64(dec, &block) != PPQ_OK || read_uleb64(dec, &minis) != PPQ_OK ||
        read_uleb64(dec, &dec->total) != PPQ_OK || read_uleb64(dec, &first) != PPQ_OK) {
        return PPQ_ERR_CORRUPT;
    }
    if (block > 0x7FFFFFFFu || minis > 0x7FFFFFFFu || !geometry_ok((uint32_t)block, (uint32_t)minis)) {
        return PPQ_ERR_CORRUPT;
    }
    dec->last = (uint64_t)ppq_zigzag64_decode(first);
    if (!dec->is64 && (int64_t)dec->last != (int64_t)(int32_t)(uint32_t)dec->last) {
        return PPQ_ERR_CORRUPT; /* first value does not fit INT32 */
    }
    dec->block_size = (uint32_t)block;
    dec->miniblocks = (uint32_t)minis;
    dec->per_mini = ppq_udiv32(dec->block_size, dec->miniblocks);
    dec->remaining = dec->total;
    dec->first_pending = dec->total > 0u;
    dec->in_block = 0;
    dec->mini_index = 0;
    dec->mini_pos = dec->per_mini; /* no miniblock open */
    dec->mini = NULL;
    dec->widths = NULL;
    dec->mini_width = 0;
    dec->min_delta = 0;
    return PPQ_OK;
}

uint64_t ppq_delta_dec_count(const ppq_delta_dec_t *dec)
{
    return dec->total;
}

/* Read a block's header: its min delta and miniblock widths. */
static ppq_status_t next_block(ppq_delta_dec_t *dec)
{
    uint64_t zz;
    if (read_uleb64(dec, &zz) != PPQ_OK) {
        return PPQ_ERR_CORRUPT;
    }
    dec->min_delta = (uint64_t)ppq_zigzag64_decode(zz); /* INT32: used modulo 2^32 */
    if ((size_t)(dec->end - dec->pos) < dec->miniblocks) {
        return PPQ_ERR_CORRUPT;
    }
    dec->widths = dec->pos;
    dec->pos += dec->miniblocks;
    dec->mini_index = 0;
    dec->in_block = 1;
    return PPQ_OK;
}

/* Open the next miniblock (and the next block when needed).  Inlined into
 * the get loop where PPQ_FAST64 (a tenth faster on timestamps); a call
 * elsewhere, where the get loop must stay small enough to inline into its
 * INT32-only entry (see get_values). */
#if PPQ_FAST64
#define MINIBLOCK_INLINE PPQ_ALWAYS_INLINE
#else
#define MINIBLOCK_INLINE
#endif
static MINIBLOCK_INLINE ppq_status_t next_miniblock(ppq_delta_dec_t *dec)
{
    size_t bytes;
    unsigned w;
    if (!dec->in_block || dec->mini_index + 1u == dec->miniblocks) {
        if (next_block(dec) != PPQ_OK) {
            return PPQ_ERR_CORRUPT;
        }
    } else {
        dec->mini_index++;
    }
    w = dec->widths[dec->mini_index];
    if (w > 64u) { /* (INT32 streams too: some writers compute deltas in 64 bits; they wrap to 32) */
        return PPQ_ERR_CORRUPT;
    }
    bytes = (size_t)dec->per_mini / 8u * w; /* per_mini is a multiple of 32 */
    if ((size_t)(dec->end - dec->pos) < bytes) {
        return PPQ_ERR_CORRUPT;
    }
    dec->mini = dec->pos;
    dec->pos += bytes;
    dec->mini_width = (uint8_t)w;
    dec->mini_pos = 0;
    return PPQ_OK;
}

/* Miniblock values of more than 32 bits in an INT32 stream (some writers
 * compute deltas in 64 bits; they wrap to 32): their low 32 bits, one at a
 * time.  Kept out of line so the common path's frame stays small. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void unpack_wide32(const ppq_delta_dec_t *dec, uint32_t *o, size_t k)
{
    size_t i;
    for (i = 0; i < k; i++) {
        uint64_t wide;
        ppq_unpack64(dec->mini, dec->mini_pos + i, 1, dec->mini_width, &wide);
        o[i] = (uint32_t)wide;
    }
}

/* Produce `k` values of the open miniblock into out: INT32 ... */
static void take32(ppq_delta_dec_t *dec, uint32_t *o, size_t k)
{
    uint32_t l = (uint32_t)dec->last, m = (uint32_t)dec->min_delta;
    size_t i;
    if (dec->mini_width > 32u) {
        unpack_wide32(dec, o, k);
    } else {
        ppq_unpack32(dec->mini, dec->mini_pos, k, dec->mini_width, o);
    }
    for (i = 0; i < k; i++) {
        l += m + o[i];
        o[i] = l;
    }
    dec->last = l;
    dec->mini_pos += (uint32_t)k;
}

#if PPQ_FAST64
/* INT64, whole groups of 32 values: one kernel per width 0..64 unpacks
 * each value and adds it to the running sum in one pass, straight into the
 * output, every shift and mask a constant (about twice the speed of
 * unpacking to a chunk and summing it at widths up to 32, ten times that of
 * the byte-wise ppq_unpack64 above them; see PPQ_FAST64). */
static PPQ_ALWAYS_INLINE uint64_t le64_at(const uint8_t *p)
{
#if PPQ_HOST_LE
    uint64_t v;
    PPQ_COPY(&v, p, 8);
    return v;
#else
    return ppq_load_le64(p);
#endif
}

static PPQ_ALWAYS_INLINE uint32_t le32_at(const uint8_t *p)
{
#if PPQ_HOST_LE
    uint32_t v;
    PPQ_COPY(&v, p, 4);
    return v;
#else
    return ppq_load_le32(p);
#endif
}

/* Delta `i` of a group at width `w` (constants once inlined): from the
 * 8 bytes at its 32-bit word, or 4 in the group's last word (a value there
 * does not straddle, and 8 would read past the group). */
static PPQ_ALWAYS_INLINE uint64_t rel_at(const uint8_t *in, unsigned w, unsigned i)
{
    unsigned word = i * w / 32u, shift = i * w % 32u;
    uint64_t mask = (1ull << w) - 1u;
    if (w == 0u) {                                                    /* LCOV_EXCL_BR_LINE */
        return 0;
    }
    if (word + 1u < w) {                                              /* LCOV_EXCL_BR_LINE */
        return (le64_at(in + 4u * word) >> shift) & mask;
    }
    return (le32_at(in + 4u * word) >> shift) & mask;
}

/* The same above 32 bits, from bytes: the 8 at the value's first byte, the
 * 9th too where it straddles them, or (near the group's end, which 8 from
 * the first byte would pass) the 8 that end at its last byte. */
static PPQ_ALWAYS_INLINE uint64_t rel_wide_at(const uint8_t *in, unsigned w, unsigned i)
{
    unsigned bit = i * w, byte = bit / 8u, shift = bit % 8u, end = (bit + w + 7u) / 8u;
    uint64_t mask = w == 64u ? ~0ull : (1ull << w) - 1u;              /* LCOV_EXCL_BR_LINE */
    if (shift + w > 64u) {                                            /* LCOV_EXCL_BR_LINE */
        return ((le64_at(in + byte) >> shift) | ((uint64_t)in[byte + 8u] << (64u - shift))) & mask;
    }
    if (byte + 8u <= 4u * w) {                                        /* LCOV_EXCL_BR_LINE */
        return (le64_at(in + byte) >> shift) & mask;
    }
    return (le64_at(in + end - 8u) >> (bit - 8u * (end - 8u))) & mask;
}

#define D1(i) last += min + (W <= 32u ? rel_at(in, W, i) : rel_wide_at(in, W, i)); out[i] = last;
#define D4(i) D1(i) D1(i + 1) D1(i + 2) D1(i + 3)
#define DKERNEL(w)                                                                                     \
    static uint64_t delta_w##w(const uint8_t *in, size_t groups, uint64_t min, uint64_t last, uint64_t *out) \
    {                                                                                                  \
        enum { W = w };                                                                                \
        for (; groups > 0u; groups--, in += 4u * W, out += 32) {                                      \
            D4(0) D4(4) D4(8) D4(12) D4(16) D4(20) D4(24) D4(28)                                       \
        }                                                                                              \
        return last;                                                                                   \
    }

/* The branches of the inlined rel_at are attributed to these lines. */
DKERNEL(0) DKERNEL(1) DKERNEL(2) DKERNEL(3) DKERNEL(4) DKERNEL(5) DKERNEL(6) DKERNEL(7) DKERNEL(8) /* LCOV_EXCL_BR_LINE */
DKERNEL(9) DKERNEL(10) DKERNEL(11) DKERNEL(12) DKERNEL(13) DKERNEL(14) DKERNEL(15) DKERNEL(16) /* LCOV_EXCL_BR_LINE */
DKERNEL(17) DKERNEL(18) DKERNEL(19) DKERNEL(20) DKERNEL(21) DKERNEL(22) DKERNEL(23) DKERNEL(24) /* LCOV_EXCL_BR_LINE */
DKERNEL(25) DKERNEL(26) DKERNEL(27) DKERNEL(28) DKERNEL(29) DKERNEL(30) DKERNEL(31) DKERNEL(32) /* LCOV_EXCL_BR_LINE */
DKERNEL(33) DKERNEL(34) DKERNEL(35) DKERNEL(36) DKERNEL(37) DKERNEL(38) DKERNEL(39) DKERNEL(40) /* LCOV_EXCL_BR_LINE */
DKERNEL(41) DKERNEL(42) DKERNEL(43) DKERNEL(44) DKERNEL(45) DKERNEL(46) DKERNEL(47) DKERNEL(48) /* LCOV_EXCL_BR_LINE */
DKERNEL(49) DKERNEL(50) DKERNEL(51) DKERNEL(52) DKERNEL(53) DKERNEL(54) DKERNEL(55) DKERNEL(56) /* LCOV_EXCL_BR_LINE */
DKERNEL(57) DKERNEL(58) DKERNEL(59) DKERNEL(60) DKERNEL(61) DKERNEL(62) DKERNEL(63) DKERNEL(64) /* LCOV_EXCL_BR_LINE */

typedef uint64_t (*delta_kernel_fn)(const uint8_t *in, size_t groups, uint64_t min, uint64_t last, uint64_t *out);

static const delta_kernel_fn delta_kernels[65] = {
    delta_w0,  delta_w1,  delta_w2,  delta_w3,  delta_w4,  delta_w5,  delta_w6,  delta_w7,  delta_w8,
    delta_w9,  delta_w10, delta_w11, delta_w12, delta_w13, delta_w14, delta_w15, delta_w16, delta_w17,
    delta_w18, delta_w19, delta_w20, delta_w21, delta_w22, delta_w23, delta_w24, delta_w25, delta_w26,
    delta_w27, delta_w28, delta_w29, delta_w30, delta_w31, delta_w32, delta_w33, delta_w34, delta_w35,
    delta_w36, delta_w37, delta_w38, delta_w39, delta_w40, delta_w41, delta_w42, delta_w43, delta_w44,
    delta_w45, delta_w46, delta_w47, delta_w48, delta_w49, delta_w50, delta_w51, delta_w52, delta_w53,
    delta_w54, delta_w55, delta_w56, delta_w57, delta_w58, delta_w59, delta_w60, delta_w61, delta_w62,
    delta_w63, delta_w64,
};
#endif

/* ... and INT64, narrow deltas through a stack chunk (or, where compiled
 * in, whole groups through the fused kernels above). */
static void take64(ppq_delta_dec_t *dec, uint64_t *o, size_t k)
{
    uint64_t last = dec->last, min = dec->min_delta;
    unsigned w = dec->mini_width;
    size_t i, done = 0;
#if PPQ_FAST64
    if ((dec->mini_pos & 31u) == 0u && k >= 32u) { /* (w <= 64: next_miniblock) */
        done = k & ~(size_t)31u;
        last = delta_kernels[w](dec->mini + dec->mini_pos / 8u * w, done / 32u, min, last, o);
    }
#endif
    if (w <= 32u) {
        while (done < k) {
            uint32_t rel[CHUNK];
            size_t c = k - done < CHUNK ? k - done : CHUNK;
            ppq_unpack32(dec->mini, dec->mini_pos + done, c, w, rel);
            for (i = 0; i < c; i++) {
                last += min + rel[i];
                o[done + i] = last;
            }
            done += c;
        }
    } else {
        ppq_unpack64(dec->mini, dec->mini_pos + done, k - done, w, o + done);
        for (i = done; i < k; i++) {
            last += min + o[i];
            o[i] = last;
        }
    }
    dec->last = last;
    dec->mini_pos += (uint32_t)k;
}

/* The get loop; `only32` is a constant in each caller, so the INT32-only
 * entry below carries no INT64 path (and none of its stack). */
static PPQ_ALWAYS_INLINE ppq_status_t get_values(ppq_delta_dec_t *dec, uint8_t *out, size_t max, size_t *got, int only32)
{
    size_t vsize = dec->is64 ? 8u : 4u, n = 0;
    ppq_status_t st = PPQ_OK;
    if (out == NULL && max > 0u) {
        *got = 0;
        return PPQ_ERR_ARG;
    }
    if (dec->first_pending && max > 0u) {
        if (dec->is64) {
            PPQ_COPY(out, &dec->last, 8);
        } else {
            uint32_t v = (uint32_t)dec->last;
            PPQ_COPY(out, &v, 4);
        }
        dec->first_pending = 0;
        dec->remaining--;
        n = 1;
    }
    while (n < max && dec->remaining > 0u) {
        size_t k;
        if (dec->mini_pos == dec->per_mini) {
            st = next_miniblock(dec);
            if (st != PPQ_OK) {
                break;
            }
        }
        k = dec->per_mini - dec->mini_pos;
        k = k < max - n ? k : max - n;
        k = k < dec->remaining ? k : (size_t)dec->remaining;
        if (only32 || !dec->is64) {
            take32(dec, (uint32_t *)(void *)(out + n * vsize), k); /* int32_t storage, same representation */
        } else {
            take64(dec, (uint64_t *)(void *)(out + n * vsize), k);
        }
        dec->remaining -= k;
        n += k;
    }
    *got = n;
    return st;
}

ppq_status_t ppq_delta_dec_get(ppq_delta_dec_t *dec, void *out, size_t max, size_t *got)
{
    return get_values(dec, (uint8_t *)out, max, got, 0);
}

ppq_status_t ppq_delta_dec_get_i32(ppq_delta_dec_t *dec, int32_t *out, size_t max, size_t *got)
{
    if (dec->is64) {
        *got = 0;
        return PPQ_ERR_ARG;
    }
    return get_values(dec, (uint8_t *)out, max, got, 1);
}

ppq_status_t ppq_delta_stream_end(ppq_type_t type, const void *data, size_t len, size_t *used, uint64_t *count)
{
    ppq_delta_dec_t dec;
    ppq_status_t st = ppq_delta_dec_init(&dec, type, data, len);
    if (st == PPQ_OK && dec.remaining > 0u) {
        dec.remaining--; /* the first value lives in the header */
    }
    /* Walk the miniblocks (their sizes follow from the widths) without
     * unpacking anything. */
    while (st == PPQ_OK && dec.remaining > 0u) {
        uint32_t k;
        st = next_miniblock(&dec);
        k = dec.per_mini < dec.remaining ? dec.per_mini : (uint32_t)dec.remaining;
        dec.remaining -= k;
    }
    if (st == PPQ_OK) {
        *used = (size_t)(dec.pos - (const uint8_t *)data);
        *count = dec.total;
    }
    return st;
}
