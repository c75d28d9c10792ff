/*
 * XXH64, written from the algorithm's description (32-byte stripes
 * through four accumulators, then 8-, 4- and 1-byte tails and a final
 * avalanche).  One-shot over a contiguous buffer, or streamed (seed 0,
 * the zstd content checksum) for the streaming decompressor.
 */
#include "ppq_xxh64.h"

#include "ppq_internal.h"

#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full
#define P3 0x165667B19E3779F9ull
#define P4 0x85EBCA77C2B2AE63ull
#define P5 0x27D4EB2F165667C5ull

static inline uint64_t rotl64(uint64_t x, unsigned r)
{
    return (x << r) | (x >> (64u - r));
}

static inline uint64_t load64(const uint8_t *p)
{
#if PPQ_HOST_LE
    uint64_t v;
    PPQ_COPY(&v, p, 8);
    return v;
#else
    return ppq_load_le64(p);
#endif
}

static inline uint64_t xround(uint64_t acc, uint64_t in)
{
    acc += in * P2;
    acc = rotl64(acc, 31);
    return acc * P1;
}

static inline uint64_t xmerge(uint64_t h, uint64_t v)
{
    h ^= xround(0, v);
    return h * P1 + P4;
}

/* The tail (fewer than 32 bytes at p) and the avalanche. */
static uint64_t xfinish(uint64_t h, const uint8_t *p, const uint8_t *end)
{
    while ((size_t)(end - p) >= 8u) {
        h ^= xround(0, load64(p));
        h = rotl64(h, 27) * P1 + P4;
        p += 8;
    }
    if ((size_t)(end - p) >= 4u) {
        h ^= (uint64_t)ppq_load_le32(p) * P1;
        h = rotl64(h, 23) * P2 + P3;
        p += 4;
    }
    while (p < end) {
        h ^= (uint64_t)*p++ * P5;
        h = rotl64(h, 11) * P1;
    }
    h ^= h >> 33;
    h *= P2;
    h ^= h >> 29;
    h *= P3;
    h ^= h >> 32;
    return h;
}

static uint64_t xconverge(const uint64_t *v)
{
    uint64_t h = rotl64(v[0], 1) + rotl64(v[1], 7) + rotl64(v[2], 12) + rotl64(v[3], 18);
    h = xmerge(h, v[0]);
    h = xmerge(h, v[1]);
    h = xmerge(h, v[2]);
    return xmerge(h, v[3]);
}

void ppq_xxh64_reset(ppq_xxh64_state_t *st)
{
    st->v[0] = P1 + P2;
    st->v[1] = P2;
    st->v[2] = 0;
    st->v[3] = 0u - P1;
    st->total = 0;
    st->fill = 0;
}

static void stripe(uint64_t *v, const uint8_t *p)
{
    v[0] = xround(v[0], load64(p));
    v[1] = xround(v[1], load64(p + 8));
    v[2] = xround(v[2], load64(p + 16));
    v[3] = xround(v[3], load64(p + 24));
}

void ppq_xxh64_update(ppq_xxh64_state_t *st, const uint8_t *p, size_t len)
{
    st->total += (uint64_t)len;
    if (st->fill + len < 32u) {
        if (len > 0u) {
            memcpy(st->mem + st->fill, p, len);
        }
        st->fill += (uint32_t)len;
        return;
    }
    if (st->fill > 0u) {
        size_t k = 32u - st->fill;
        memcpy(st->mem + st->fill, p, k);
        stripe(st->v, st->mem);
        p += k;
        len -= k;
        st->fill = 0;
    }
    while (len >= 32u) {
        stripe(st->v, p);
        p += 32;
        len -= 32u;
    }
    if (len > 0u) {
        memcpy(st->mem, p, len);
    }
    st->fill = (uint32_t)len;
}

uint64_t ppq_xxh64_digest(const ppq_xxh64_state_t *st)
{
    uint64_t h = st->total >= 32u ? xconverge(st->v) : P5;
    return xfinish(h + st->total, st->mem, st->mem + st->fill);
}

uint64_t ppq_xxh64(const uint8_t *p, size_t len, uint64_t seed)
{
    const uint8_t *end;
    uint64_t h;
    p = ppq_input(p);
    end = p + len;
    if (len >= 32u) {
        uint64_t v[4];
        const uint8_t *limit = end - 32;
        v[0] = seed + P1 + P2;
        v[1] = seed + P2;
        v[2] = seed;
        v[3] = seed - P1;
        do {
            stripe(v, p);
            p += 32;
        } while (p <= limit);
        h = xconverge(v);
    } else {
        h = seed + P5;
    }
    return xfinish(h + (uint64_t)len, p, end);
}
