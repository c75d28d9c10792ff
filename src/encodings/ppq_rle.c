/* RLE / bit-packed hybrid encoder and decoder (see ppq_rle.h for the
 * encoder's run policy). */
#include "ppq_rle.h"
#include "ppq_rle_internal.h"
#include "ppq_config.h"
#include "ppq_internal.h"
#include "ppq_port.h"

/* ---- encoder ------------------------------------------------------------ */

size_t ppq_rle_enc_arena_size(const ppq_rle_cfg_t *cfg)
{
    uint32_t groups;
    if (cfg == NULL || cfg->bit_width > 32u || cfg->max_groups > PPQ_RLE_MAX_GROUPS) {
        return 0;
    }
    groups = cfg->max_groups != 0u ? cfg->max_groups : PPQ_RLE_DEFAULT_GROUPS;
    return PPQ_ARENA_ROUND((size_t)groups * cfg->bit_width) +
           (cfg->length_prefix ? PPQ_ARENA_ROUND(cfg->prefix_cap) : 0u);
}

ppq_status_t ppq_rle_enc_init(ppq_rle_enc_t *enc, const ppq_rle_cfg_t *cfg, ppq_sink_t *out, ppq_arena_t *arena)
{
    uint32_t groups;
    if (enc == NULL || cfg == NULL || out == NULL || arena == NULL || cfg->bit_width > 32u ||
        cfg->max_groups > PPQ_RLE_MAX_GROUPS) {
        return PPQ_ERR_ARG;
    }
    groups = cfg->max_groups != 0u ? cfg->max_groups : PPQ_RLE_DEFAULT_GROUPS;
    enc->groups = (uint8_t *)ppq_arena_alloc(arena, (size_t)groups * cfg->bit_width);
    enc->stage = NULL;
    enc->stage_cap = 0;
    if (enc->groups != NULL && cfg->length_prefix) {
        enc->stage = (uint8_t *)ppq_arena_alloc(arena, cfg->prefix_cap);
        enc->stage_cap = cfg->prefix_cap;
    }
    if (enc->groups == NULL || (cfg->length_prefix && enc->stage == NULL)) {
        return PPQ_ERR_ARENA;
    }
    enc->out = out;
    enc->stage_len = 0;
    enc->max_groups = groups;
    enc->ngroups = 0;
    enc->nbuf = 0;
    enc->repeat_value = 0;
    enc->repeat_count = 0;
    enc->width = (uint8_t)cfg->bit_width;
    enc->length_prefix = cfg->length_prefix ? 1u : 0u;
    enc->finished = 0;
    enc->err = PPQ_OK;
    return PPQ_OK;
}

static ppq_status_t emit(ppq_rle_enc_t *enc, const uint8_t *data, size_t len)
{
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    if (enc->length_prefix) {
        if (len > (size_t)(enc->stage_cap - enc->stage_len)) {
            enc->err = PPQ_ERR_NOSPACE;
        } else {
            memcpy(enc->stage + enc->stage_len, data, len);
            enc->stage_len += (uint32_t)len;
        }
    } else {
        enc->err = ppq_sink_write(enc->out, data, len);
    }
    return enc->err;
}

static void flush_packed_run(ppq_rle_enc_t *enc)
{
    uint8_t head[PPQ_ULEB32_MAX];
    if (enc->ngroups == 0u) {
        return;
    }
    (void)emit(enc, head, ppq_uleb32_encode((enc->ngroups << 1) | 1u, head));
    (void)emit(enc, enc->groups, (size_t)enc->ngroups * enc->width);
    enc->ngroups = 0;
}

static void flush_repeat_run(ppq_rle_enc_t *enc)
{
    uint8_t head[PPQ_ULEB32_MAX + 4];
    size_t n = ppq_uleb32_encode(enc->repeat_count << 1, head);
    unsigned value_bytes = (enc->width + 7u) / 8u;
    unsigned i;
    for (i = 0; i < value_bytes; i++) {
        head[n++] = (uint8_t)(enc->repeat_value >> (8u * i));
    }
    (void)emit(enc, head, n);
}

/* The current group of 8 is complete. */
static void end_group(ppq_rle_enc_t *enc)
{
    enc->nbuf = 0;
    if (enc->repeat_count >= 8u) {
        /* The whole group is the start of an RLE run: keep counting. */
        flush_packed_run(enc);
        return;
    }
    ppq_pack32(enc->buf, 8, enc->width, enc->groups + (size_t)enc->ngroups * enc->width);
    enc->repeat_count = 0;
    if (++enc->ngroups == enc->max_groups) {
        flush_packed_run(enc);
    }
}

static void put_one(ppq_rle_enc_t *enc, uint32_t v)
{
    if (enc->repeat_count > 0u && v == enc->repeat_value) {
        enc->repeat_count++;
        if (enc->repeat_count > 8u) {
            if (enc->repeat_count == PPQ_RLE_MAX_RUN) {
                flush_repeat_run(enc);
                enc->repeat_count = 0;
            }
            return;
        }
    } else {
        if (enc->repeat_count >= 8u) {
            flush_repeat_run(enc);
        }
        enc->repeat_count = 1;
        enc->repeat_value = v;
    }
    enc->buf[enc->nbuf++] = v;
    if (enc->nbuf == 8u) {
        end_group(enc);
    }
}

static ppq_status_t put_check(const ppq_rle_enc_t *enc)
{
    if (enc->err != PPQ_OK) {
        return enc->err;
    }
    return enc->finished ? PPQ_ERR_STATE : PPQ_OK;
}

#if !PPQ_FAST64 && !PPQ_LEAN
/* 32-bit targets pack a group of 8 values below 2^w, w 1..8 (w bytes) as
 * they test it for a run: values 0-3 joined LSB-first in *lo, 4-7 in *hi. */
static PPQ_ALWAYS_INLINE void join8(const uint32_t *g, unsigned w, uint32_t *lo, uint32_t *hi)
{
    *lo = g[0] | g[1] << w | g[2] << 2u * w | g[3] << 3u * w;
    *hi = g[4] | g[5] << w | g[6] << 2u * w | g[7] << 3u * w;
}

/* ... stored as the group's w bytes at out: by two word stores when out
 * has 8 bytes of room (`wide`; the excess is the next group's to
 * overwrite), else exactly. */
static PPQ_ALWAYS_INLINE void store8(uint8_t *out, unsigned w, uint32_t lo, uint32_t hi, int wide)
{
    uint32_t first = lo | (4u * w < 32u ? hi << 4u * w : 0u), rest = 4u * w < 32u ? hi >> (32u - 4u * w) : hi;
    unsigned k;
    if (wide) {
        ppq_store_le32(out, first);
        ppq_store_le32(out + 4, rest);
        return;
    }
    for (k = 0; k < w; k++) {
        out[k] = (uint8_t)(k < 4u ? first >> (8u * k) : rest >> (8u * (k - 4u)));
    }
}

/* pack_groups() at widths 9..16: a group's values joined in pairs (2w
 * bits), its run test on the pairs, each pair into a 32-bit accumulator
 * stored a word at a time (a group is w whole bytes). */
static size_t pack_pairs(const uint32_t *g, size_t n, size_t room, unsigned w, uint8_t *out)
{
    uint32_t acc = 0;
    unsigned nbits = 0, w2 = 2u * w;
    size_t k;
    for (k = 0; k < room && n - 8u * k >= 8u; k++, g += 8) {
        uint32_t p0 = g[0] | g[1] << w, p1 = g[2] | g[3] << w, p2 = g[4] | g[5] << w, p3 = g[6] | g[7] << w;
        if (p0 == p1 && p0 == p2 && p0 == p3 && g[0] == g[1]) {
            break; /* a run may start here */
        }
        ppq_acc_put(&acc, &nbits, p0, w2, &out);
        ppq_acc_put(&acc, &nbits, p1, w2, &out);
        ppq_acc_put(&acc, &nbits, p2, w2, &out);
        ppq_acc_put(&acc, &nbits, p3, w2, &out);
    }
    for (; nbits > 0u; nbits -= 8u) {
        *out++ = (uint8_t)acc;
        acc >>= 8;
    }
    return k;
}

/* Whole groups of 8 values (below 2^w) from g that are not runs, packed at
 * out as put_one() would; at most `room` groups, n values.  Returns the
 * groups (32-bit targets: widths 1-8 joined in words, 9-16 in pairs; wider
 * ones go value by value, for flash). */
static PPQ_ALWAYS_INLINE size_t pack_groups(const uint32_t *g, size_t n, size_t room, unsigned w, uint8_t *out)
{
    uint32_t copies = 1u | 1u << w | 1u << 2u * w | 1u << 3u * w;
    size_t k;
    if (w - 9u < 8u) {
        return pack_pairs(g, n, room, w, out);
    }
    for (k = 0; w - 1u < 8u && k < room && n >= 8u; k++, g += 8, n -= 8u, out += w) {
        uint32_t lo, hi;
        join8(g, w, &lo, &hi);
        if (lo == hi && lo == g[0] * copies) {
            break; /* a run may start here (its halves the same 4 copies of the first) */
        }
        store8(out, w, lo, hi, (room - k) * w >= 8u);
    }
    return k;
}
#endif

#if PPQ_FAST64 && !PPQ_LEAN
/* 64-bit hosts pack a group of 8 values below 2^w, w 1..16 (w bytes) as
 * they test it for a run: values 0-3 joined LSB-first in *lo, 4-7 in *hi. */
static PPQ_ALWAYS_INLINE void join8_64(const uint32_t *g, unsigned w, uint64_t *lo, uint64_t *hi)
{
    *lo = (uint64_t)g[0] | (uint64_t)g[1] << w | (uint64_t)g[2] << 2u * w | (uint64_t)g[3] << 3u * w;
    *hi = (uint64_t)g[4] | (uint64_t)g[5] << w | (uint64_t)g[6] << 2u * w | (uint64_t)g[7] << 3u * w;
}

/* ... stored as the group's w bytes at out: by word stores when out has
 * 16 bytes of room (`wide`; the excess is the next group's to overwrite),
 * else exactly. */
static PPQ_ALWAYS_INLINE void store8_64(uint8_t *out, unsigned w, uint64_t lo, uint64_t hi, int wide)
{
    uint64_t first = lo | (w < 16u ? hi << 4u * w : 0u), rest = w < 16u ? hi >> (64u - 4u * w) : hi;
    unsigned k;
    if (wide) {
        ppq_store_le64(out, first);
        ppq_store_le64(out + 8, rest);
        return;
    }
    for (k = 0; k < w; k++) {
        out[k] = (uint8_t)(k < 8u ? first >> (8u * k) : rest >> (8u * (k - 8u)));
    }
}

/* Groups k..end-1 of g packed at out (group k at out + k * w) until one
 * may start a run; returns the group it stopped at.  `wide`: each store
 * may write 16 bytes. */
static PPQ_ALWAYS_INLINE size_t pack_span_64(const uint32_t *g, size_t k, size_t end, unsigned w, uint8_t *out,
                                             int wide)
{
    uint64_t copies = 1u | 1ull << w | 1ull << 2u * w | 1ull << 3u * w;
    for (g += 8u * k, out += k * w; k < end; k++, g += 8, out += w) {
        uint64_t lo, hi;
        join8_64(g, w, &lo, &hi);
        if (lo == hi && lo == g[0] * copies) {
            break; /* a run may start here */
        }
        store8_64(out, w, lo, hi, wide);
    }
    return k;
}

#if defined(__SSE2__) && defined(__x86_64__) && !defined(PPQ_NO_SIMD)
/* x86-64 hosts (SSE2 is always there), widths 1..14: a group's 8 values
 * narrowed to 16-bit lanes (they are below 2^14), compared with the first
 * for the run test, joined in pairs by one multiply-add (v0 + v1 * 2^w),
 * the pairs of pairs by 64-bit shifts: 27 instructions a group against
 * the scalar join's 35, 13 with AVX2 (pack_span_avx2).  The same bytes as
 * pack_span_64; PPQ_NO_SIMD keeps that (PPQ_NO_AVX2 keeps SSE2 alone). */
#include <emmintrin.h>
#define PPQ_RLE_SSE2_MAX_WIDTH 14u

static PPQ_ALWAYS_INLINE size_t pack_span_sse2(const uint32_t *g, size_t k, size_t end, unsigned w, uint8_t *out,
                                               int wide)
{
    const __m128i pair = _mm_set1_epi32((int)(1u | 1u << (16u + w))); /* 16-bit lanes 1, 2^w */
    const __m128i low = _mm_set_epi32(0, -1, 0, -1);
    for (g += 8u * k, out += k * w; k < end; k++, g += 8, out += w) {
        __m128i v = _mm_packs_epi32(_mm_loadu_si128((const __m128i *)(const void *)g),
                                    _mm_loadu_si128((const __m128i *)(const void *)(g + 4)));
        __m128i lanes, half, hi, bytes;
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(v, _mm_shuffle_epi32(_mm_shufflelo_epi16(v, 0), 0))) == 0xFFFF) {
            break; /* a run may start here */
        }
        lanes = _mm_madd_epi16(v, pair); /* 4 lanes of 2w bits */
        half = _mm_or_si128(_mm_and_si128(lanes, low), _mm_slli_epi64(_mm_srli_epi64(lanes, 32), (int)(2u * w)));
        hi = _mm_unpackhi_epi64(half, half); /* values 4-7 (4w bits) */
        if (wide) {
            bytes = _mm_unpacklo_epi64(_mm_or_si128(half, _mm_slli_epi64(hi, (int)(4u * w))),
                                       _mm_srli_epi64(hi, (int)(64u - 4u * w)));
            _mm_storeu_si128((__m128i *)(void *)out, bytes);
        } else {
            store8_64(out, w, (uint64_t)_mm_cvtsi128_si64(half), (uint64_t)_mm_cvtsi128_si64(hi), 0);
        }
    }
    return k;
}

#if (defined(__GNUC__) || defined(__clang__)) && !defined(PPQ_NO_AVX2)
#include <immintrin.h>
/* Where the CPU has AVX2 (asked at run time): two groups a step, each in
 * a 128-bit lane, the same joins as pack_span_sse2; group k + 1 stored
 * after group k (its first bytes overwrite k's excess).  Stops at a group
 * that may start a run, as the others do. */
__attribute__((target("avx2"))) static PPQ_ALWAYS_INLINE size_t pack_span_avx2(const uint32_t *g, size_t k,
                                                                                 size_t end, unsigned w,
                                                                                 uint8_t *out)
{
    const __m256i pair = _mm256_set1_epi32((int)(1u | 1u << (16u + w)));
    const __m256i low = _mm256_set_epi32(0, -1, 0, -1, 0, -1, 0, -1);
    for (g += 8u * k, out += k * w; k + 2u <= end; k += 2u, g += 16, out += 2u * w) {
        __m256i v = _mm256_permute4x64_epi64(
            _mm256_packus_epi32(_mm256_loadu_si256((const __m256i *)(const void *)g),
                                _mm256_loadu_si256((const __m256i *)(const void *)(g + 8))),
            0xD8); /* group k in the low lane, k + 1 in the high */
        __m256i lanes, half, hi, bytes;
        unsigned same = (unsigned)_mm256_movemask_epi8(
            _mm256_cmpeq_epi16(v, _mm256_shuffle_epi32(_mm256_shufflelo_epi16(v, 0), 0)));
        if ((same & 0xFFFFu) == 0xFFFFu || same >= 0xFFFF0000u) {
            break; /* one of the two may start a run: pack_span_sse2 takes them one by one */
        }
        lanes = _mm256_madd_epi16(v, pair);
        half = _mm256_or_si256(_mm256_and_si256(lanes, low),
                               _mm256_slli_epi64(_mm256_srli_epi64(lanes, 32), (int)(2u * w)));
        hi = _mm256_unpackhi_epi64(half, half);
        bytes = _mm256_unpacklo_epi64(_mm256_or_si256(half, _mm256_slli_epi64(hi, (int)(4u * w))),
                                      _mm256_srli_epi64(hi, (int)(64u - 4u * w)));
        _mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(bytes));
        _mm_storeu_si128((__m128i *)(void *)(out + w), _mm256_extracti128_si256(bytes, 1));
    }
    return k;
}

__attribute__((target("avx2"))) static size_t pack_wide_avx2(const uint32_t *g, size_t end, unsigned w,
                                                               uint8_t *out)
{
    switch (w) {
#define PPQ_AVX2_CASE(x) \
    case x: return pack_span_avx2(g, 0, end, x, out);
        PPQ_AVX2_CASE(1) PPQ_AVX2_CASE(2) PPQ_AVX2_CASE(3) PPQ_AVX2_CASE(4) PPQ_AVX2_CASE(5) PPQ_AVX2_CASE(6)
        PPQ_AVX2_CASE(7) PPQ_AVX2_CASE(8) PPQ_AVX2_CASE(9) PPQ_AVX2_CASE(10) PPQ_AVX2_CASE(11) PPQ_AVX2_CASE(12)
        PPQ_AVX2_CASE(13) PPQ_AVX2_CASE(14)
#undef PPQ_AVX2_CASE
    default: return 0;
    }
}
#define PPQ_RLE_AVX2 1
#endif

#define PACK_SPAN(g, k, end, w, out, wide) \
    ((w) <= PPQ_RLE_SSE2_MAX_WIDTH ? pack_span_sse2(g, k, end, w, out, wide) : pack_span_64(g, k, end, w, out, wide))
#else
#define PACK_SPAN(g, k, end, w, out, wide) pack_span_64(g, k, end, w, out, wide)
#endif

/* pack_groups() at widths 1..16: each group joined once, for the run
 * test and the store; the groups with 16 bytes of room after them stored
 * by words, in a loop of their own (no test of the room per group). */
static PPQ_ALWAYS_INLINE size_t pack_groups_64(const uint32_t *g, size_t n, size_t room, unsigned w, uint8_t *out)
{
    size_t groups = n / 8u < room ? n / 8u : room, tight = (16u + w - 1u) / w - 1u; /* (w a constant) */
    size_t wide_end = room > tight ? room - tight : 0u, wide = wide_end < groups ? wide_end : groups, k = 0;
#ifdef PPQ_RLE_AVX2
    /* (cpu_init: a no-op once libgcc's constructor has run; needed when a
     * caller's own constructor writes before it) */
    if (w <= PPQ_RLE_SSE2_MAX_WIDTH && (__builtin_cpu_init(), __builtin_cpu_supports("avx2"))) {
        k = pack_wide_avx2(g, wide, w, out);
    }
#endif
    k = PACK_SPAN(g, k, wide, w, out, 1);
    return k < wide_end || k == groups ? k : PACK_SPAN(g, k, groups, w, out, 0);
}

/* Whole groups of 8 values (below 2^w) from g that are not runs, packed at
 * out as put_one() would; at most `room` groups, n values.  Returns the
 * groups.  Widths to 16 (dictionary indices) with w a constant in each
 * case, so the shifts are immediates; wider ones tested, then packed. */
static size_t pack_groups(const uint32_t *g, size_t n, size_t room, unsigned w, uint8_t *out)
{
    size_t k;
    switch (w) {
#define PPQ_PACK_CASE(x) \
    case x: return pack_groups_64(g, n, room, x, out);
        PPQ_PACK_CASE(1) PPQ_PACK_CASE(2) PPQ_PACK_CASE(3) PPQ_PACK_CASE(4) PPQ_PACK_CASE(5) PPQ_PACK_CASE(6)
        PPQ_PACK_CASE(7) PPQ_PACK_CASE(8) PPQ_PACK_CASE(9) PPQ_PACK_CASE(10) PPQ_PACK_CASE(11) PPQ_PACK_CASE(12)
        PPQ_PACK_CASE(13) PPQ_PACK_CASE(14) PPQ_PACK_CASE(15) PPQ_PACK_CASE(16)
#undef PPQ_PACK_CASE
    default: break;
    }
    for (k = 0; w > 16u && k < room && n - 8u * k >= 8u; k++) {
        const uint32_t *q = g + 8u * k;
        if (((q[0] ^ q[1]) | (q[0] ^ q[2]) | (q[0] ^ q[3]) | (q[0] ^ q[4]) | (q[0] ^ q[5]) | (q[0] ^ q[6]) |
             (q[0] ^ q[7])) == 0u) {
            break; /* a run may start here (one test, not seven branches) */
        }
    }
    if (w > 16u && k > 0u) {
        ppq_pack32(g, 8u * k, w, out);
    }
    return w > 16u ? k : 0u;
}
#endif

static ppq_status_t put_values(ppq_rle_enc_t *enc, const uint32_t *values, size_t n);

ppq_status_t ppq_rle_enc_put(ppq_rle_enc_t *enc, const uint32_t *values, size_t n)
{
    ppq_status_t st = put_check(enc);
    size_t i;
    if (st != PPQ_OK || n == 0u) {
        return st;
    }
    if (values == NULL) {
        return PPQ_ERR_ARG;
    }
    if (enc->width < 32u) {
        uint32_t all = 0;
        for (i = 0; !PPQ_LEAN && i + 4u <= n; i += 4u) { /* four a step: a quarter of the loop's tests */
            all |= (values[i] | values[i + 1u]) | (values[i + 2u] | values[i + 3u]);
        }
        for (; i < n; i++) {
            all |= values[i];
        }
        if ((all >> enc->width) != 0u) {
            return PPQ_ERR_ARG;
        }
    }
    return put_values(enc, values, n);
}

ppq_status_t ppq_rle_enc_put_fit(ppq_rle_enc_t *enc, const uint32_t *values, size_t n)
{
    ppq_status_t st = put_check(enc);
    return st != PPQ_OK || n == 0u ? st : put_values(enc, values, n);
}

/* n > 0 values below 2^width into an encoder in use. */
static ppq_status_t put_values(ppq_rle_enc_t *enc, const uint32_t *values, size_t n)
{
    size_t i;
    for (i = 0; i < n && enc->err == PPQ_OK;) {
#if !PPQ_LEAN
        if (enc->nbuf == 0u && enc->repeat_count == 0u && n - i >= 8u) {
            /* at a group boundary, outside a run: whole groups whose 8
             * values are not all equal, several at once */
            size_t k = pack_groups(values + i, n - i, enc->max_groups - enc->ngroups, enc->width,
                                   enc->groups + (size_t)enc->ngroups * enc->width);
            if (k > 0u) {
                enc->ngroups += (uint32_t)k;
                if (enc->ngroups == enc->max_groups) {
                    flush_packed_run(enc);
                }
                i += 8u * k;
                continue;
            }
        }
#endif
        if (!PPQ_LEAN && enc->repeat_count > 8u && values[i] == enc->repeat_value) {
            size_t j = i + 1u; /* inside an RLE run: the rest of it at once */
            while (j < n && values[j] == values[i]) {
                j++;
            }
            if (ppq_rle_enc_put_repeat(enc, values[i], j - i) != PPQ_OK) {
                break; /* enc->err has it */
            }
            i = j;
        } else {
            put_one(enc, values[i++]);
        }
    }
    return enc->err;
}

ppq_status_t ppq_rle_enc_put_repeat(ppq_rle_enc_t *enc, uint32_t value, uint64_t count)
{
    ppq_status_t st = put_check(enc);
    if (st != PPQ_OK) {
        return st;
    }
    if (enc->width < 32u && (value >> enc->width) != 0u) {
        return PPQ_ERR_ARG;
    }
    while (count > 0u && enc->err == PPQ_OK) {
        if (enc->repeat_count > 8u && enc->repeat_value == value) {
            /* Inside an RLE run of this value: count in bulk. */
            uint64_t room = PPQ_RLE_MAX_RUN - 1u - enc->repeat_count;
            uint64_t take = count < room ? count : room;
            enc->repeat_count += (uint32_t)take;
            count -= take;
            if (count > 0u) {
                put_one(enc, value); /* reaches the maximum: run written */
                count--;
            }
        } else {
            put_one(enc, value);
            count--;
        }
    }
    return enc->err;
}

/* Bytes of v as ULEB128. */
static size_t uleb32_len(uint32_t v)
{
    size_t n = 1;
    while ((v >>= 7) != 0u) {
        n++;
    }
    return n;
}

/* Exact but for a byte: put_one() keeps a run of 8+ unbuffered (no groups
 * pending: end_group() flushed them), else a group in progress whose run
 * of equal values began at its start. */
size_t ppq_rle_enc_bound(const ppq_rle_enc_t *enc)
{
    uint32_t head;
    size_t body;
    if (enc->repeat_count >= 8u) {
        /* the run's header and value, one count longer; or, should the
         * value end it, those and the group the value starts */
        head = (enc->repeat_count + 1u) << 1;
        body = (enc->width + 7u) / 8u + 1u + enc->width;
    } else {
        /* the pending groups and the one in progress (or the value's own)
         * under one header; the value may instead complete the group as a
         * run's start, whose header and value take at most a byte more */
        head = ((enc->ngroups + 1u) << 1) | 1u;
        body = ((size_t)enc->ngroups + 1u) * enc->width + 1u;
    }
    return uleb32_len(head) + body;
}

ppq_status_t ppq_rle_enc_put_one(ppq_rle_enc_t *enc, uint32_t value)
{
    put_one(enc, value);
    return enc->err;
}

ppq_status_t ppq_rle_enc_finish(ppq_rle_enc_t *enc)
{
    ppq_status_t st = put_check(enc);
    if (st != PPQ_OK) {
        return st;
    }
    enc->finished = 1;
    if (enc->repeat_count >= 8u) {
        flush_repeat_run(enc); /* no values are buffered in this state */
    } else if (enc->nbuf > 0u) {
        while (enc->nbuf < 8u) {
            enc->buf[enc->nbuf++] = 0; /* zero padding of the last group */
        }
        ppq_pack32(enc->buf, 8, enc->width, enc->groups + (size_t)enc->ngroups * enc->width);
        enc->ngroups++;
    }
    flush_packed_run(enc);
    enc->nbuf = 0;
    enc->repeat_count = 0;
    if (enc->err == PPQ_OK && enc->length_prefix) {
        uint8_t len[4];
        ppq_store_le32(len, enc->stage_len);
        enc->err = ppq_sink_write(enc->out, len, 4);
        if (enc->err == PPQ_OK) {
            enc->err = ppq_sink_write(enc->out, enc->stage, enc->stage_len);
        }
    }
    return enc->err;
}

/* ---- decoder ------------------------------------------------------------ */

ppq_status_t ppq_rle_dec_init(ppq_rle_dec_t *dec, unsigned bit_width, int length_prefix, const void *data,
                              size_t len, size_t count)
{
    const uint8_t *p = ppq_input(data);
    if (dec == NULL || (data == NULL && len > 0u) || bit_width > 32u) {
        return PPQ_ERR_ARG;
    }
    if (length_prefix) {
        uint32_t body;
        if (len < 4u) {
            return PPQ_ERR_CORRUPT;
        }
        body = ppq_load_le32(p);
        if (body > len - 4u) {
            return PPQ_ERR_CORRUPT;
        }
        p += 4;
        len = body;
    }
    dec->pos = p;
    dec->end = p + len;
    dec->packed = NULL;
    dec->packed_len = 0;
    dec->remaining = count;
    dec->run_left = 0;
    dec->packed_index = 0;
    dec->run_value = 0;
    dec->run_packed = 0;
    dec->width = (uint8_t)bit_width;
    return PPQ_OK;
}

/* Read the next run header (and RLE value). */
static ppq_status_t next_run(ppq_rle_dec_t *dec)
{
    size_t avail = (size_t)(dec->end - dec->pos);
    uint32_t header;
    size_t used;
    if (PPQ_FAST64 && avail > 0u && dec->pos[0] < 0x80u) { /* hosts: a one-byte header without the call */
        header = dec->pos[0];
        used = 1;
    } else if (ppq_uleb32_decode(dec->pos, avail, &header, &used) != PPQ_OK) {
        return PPQ_ERR_CORRUPT; /* also: no more runs but values expected */
    }
    dec->pos += used;
    avail -= used;
    if (header & 1u) {
        size_t groups = header >> 1;
        size_t values;
        /* (hosts: a multiply, not a division per run) */
        if (dec->width == 0u || (PPQ_FAST64 ? (uint64_t)groups * dec->width <= (uint64_t)avail
                                            : groups <= ppq_udiv32((uint32_t)avail, dec->width))) {
            values = groups <= dec->remaining / 8u ? groups * 8u : dec->remaining; /* no overflow */
            dec->packed = dec->pos;
            dec->packed_len = groups * dec->width;
            dec->pos += groups * dec->width;
        } else {
            /* A truncated last run: usable as far as its whole values go
             * (no 64-bit division: avail * 8 / width, piecewise). */
            size_t q = ppq_udiv32((uint32_t)avail, dec->width), r = avail - q * dec->width;
            values = q * 8u + ppq_udiv32((uint32_t)(r * 8u), dec->width);
            values = values <= dec->remaining ? values : dec->remaining;
            dec->packed = dec->pos;
            dec->packed_len = avail;
            dec->pos = dec->end;
        }
        dec->run_packed = 1;
        dec->packed_index = 0;
        dec->run_left = values;
    } else {
        unsigned value_bytes = (dec->width + 7u) / 8u;
        uint32_t v = 0;
        unsigned i;
        if (avail < value_bytes) {
            return PPQ_ERR_CORRUPT;
        }
        for (i = 0; i < value_bytes; i++) {
            v |= (uint32_t)dec->pos[i] << (8u * i);
        }
        if (dec->width < 32u && (v >> dec->width) != 0u) {
            return PPQ_ERR_CORRUPT;
        }
        dec->pos += value_bytes;
        dec->run_packed = 0;
        dec->run_value = v;
        dec->run_left = (header >> 1) < dec->remaining ? (size_t)(header >> 1) : dec->remaining;
    }
    return PPQ_OK;
}

size_t ppq_rle_dec_repeat(ppq_rle_dec_t *dec, size_t max, uint32_t *value, ppq_status_t *st)
{
    size_t take;
    *st = PPQ_OK;
    while (dec->remaining > 0u && dec->run_left == 0u) { /* (zero-length runs are skipped) */
        *st = next_run(dec);
        if (*st != PPQ_OK) {
            return 0;
        }
    }
    if (dec->remaining == 0u || dec->run_packed) {
        return 0;
    }
    take = dec->run_left < max ? dec->run_left : max;
    take = take < dec->remaining ? take : dec->remaining;
    dec->run_left -= take;
    dec->remaining -= take;
    *value = dec->run_value;
    return take;
}

size_t ppq_rle_dec_packed(ppq_rle_dec_t *dec, uint32_t *buf, size_t cap, size_t max, const uint32_t **vals,
                          ppq_status_t *st)
{
    size_t take, off, groups, skip;
    *st = PPQ_OK;
    while (dec->remaining > 0u && dec->run_left == 0u) { /* (zero-length runs are skipped) */
        *st = next_run(dec);
        if (*st != PPQ_OK) {
            return 0;
        }
    }
    if (dec->remaining == 0u || !dec->run_packed) {
        return 0;
    }
    off = dec->packed_index & 31u;
    take = dec->run_left < max ? dec->run_left : max; /* (run_left <= remaining) */
    take = take < cap - off ? take : cap - off;
    groups = (off + take + 31u) / 32u;
    skip = (dec->packed_index / 32u) * 4u * dec->width; /* the bytes of the groups before */
    if (groups * 4u * dec->width <= (size_t)(dec->end - dec->packed) - skip) {
        ppq_unpack32(dec->packed + skip, 0, groups * 32u, dec->width, buf);
        *vals = buf + off;
    } else { /* the input ends within these groups */
        ppq_unpack32_run(dec->packed, dec->packed_len, dec->packed_index, take, dec->width, buf);
        *vals = buf;
    }
    dec->packed_index += take;
    dec->run_left -= take;
    dec->remaining -= take;
    return take;
}

ppq_status_t ppq_rle_dec_get(ppq_rle_dec_t *dec, uint32_t *out, size_t max, size_t *got)
{
    size_t want = max < dec->remaining ? max : dec->remaining;
    size_t n = 0;
    ppq_status_t st = PPQ_OK;
    if (want > 0u && out == NULL) {
        *got = 0;
        return PPQ_ERR_ARG;
    }
    while (n < want) {
        size_t take;
        if (dec->run_left == 0u) {
            st = next_run(dec);
            if (st != PPQ_OK) {
                break;
            }
            continue; /* zero-length runs are skipped */
        }
        take = dec->run_left < want - n ? dec->run_left : want - n;
        if (dec->run_packed) {
            ppq_unpack32_run(dec->packed, dec->packed_len, dec->packed_index, take, dec->width, out + n);
            dec->packed_index += take;
        } else {
            size_t i;
            for (i = 0; i < take; i++) {
                out[n + i] = dec->run_value;
            }
        }
        dec->run_left -= take;
        dec->remaining -= take;
        n += take;
    }
    *got = n;
    return st;
}

/* Set bits of a 64-bit word (SWAR: C99, no builtin). */
static unsigned ones64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* Set bits among bits [at, at + n) of p (LSB-first). */
static size_t ones_in(const uint8_t *p, size_t at, size_t n)
{
    size_t c = 0;
    p += at / 8u;
    at %= 8u;
    if (at != 0u) { /* the first byte's part */
        size_t k = 8u - at < n ? 8u - at : n;
        c += ones64((uint64_t)(*p++ >> at) & ((1u << k) - 1u));
        n -= k;
    }
    for (; n >= 64u; n -= 64u, p += 8) {
        c += ones64(ppq_load_le64(p));
    }
    for (; n >= 8u; n -= 8u) {
        c += ones64(*p++);
    }
    if (n > 0u) {
        c += ones64((uint64_t)*p & ((1u << n) - 1u));
    }
    return c;
}

ppq_status_t ppq_rle_dec_count_ones(ppq_rle_dec_t *dec, size_t n, size_t *ones)
{
    size_t c = 0;
    *ones = 0;
    if (dec->width != 1u) {
        return PPQ_ERR_ARG;
    }
    if (n > dec->remaining) {
        return PPQ_ERR_CORRUPT;
    }
    while (n > 0u) {
        size_t take;
        if (dec->run_left == 0u) {
            ppq_status_t st = next_run(dec);
            if (st != PPQ_OK) {
                return st;
            }
            continue; /* (zero-length runs are skipped) */
        }
        take = dec->run_left < n ? dec->run_left : n;
        if (dec->run_packed) {
            c += ones_in(dec->packed, dec->packed_index, take); /* (next_run checked its bytes) */
            dec->packed_index += take;
        } else {
            c += dec->run_value != 0u ? take : 0u;
        }
        dec->run_left -= take;
        dec->remaining -= take;
        n -= take;
    }
    *ones = c;
    return PPQ_OK;
}

const uint8_t *ppq_rle_dec_end(const ppq_rle_dec_t *dec)
{
    return dec->end;
}
