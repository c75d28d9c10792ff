/* Statistics folded a batch at a time (ppq_stats_add_values, the writer's
 * batch path) equal statistics folded value by value (ppq_stats_add, whose
 * results the interop suite checks through DuckDB): random numbers with
 * NaNs (quiet and signaling), zeros of both signs and extremes, split into
 * random batches. */
#include <string.h>

#include "ppq_meta.h"
#include "test_util.h"

#define N 512

static void random_number(uint8_t order, size_t width, void *out)
{
    uint64_t r = ppq_test_rand();
    switch (ppq_test_below(8)) {
    case 0: r = 0; break;
    case 1: r = width == 8u ? 0x8000000000000000ull : 0x80000000u; break;  /* -0.0, INT_MIN */
    case 2: r = width == 8u ? 0x7FF8000000000001ull : 0x7FC00001u; break;  /* NaN */
    case 3: r = width == 8u ? 0xFFF0000000000000ull : 0xFF800000u; break;  /* -inf */
    case 5: r = width == 8u ? 0xFFF0000000000001ull : 0xFF800001u; break;  /* signaling NaN, negative */
    case 4: r = ~(uint64_t)0; break;
    default: break;
    }
    if (width == 1u) {
        *(uint8_t *)out = (uint8_t)(r & 1u);
    } else if (width == 4u) {
        uint32_t x = (uint32_t)r;
        memcpy(out, &x, 4);
    } else {
        memcpy(out, &r, 8);
    }
    (void)order;
}

static void batch_equals_single(void)
{
    static const struct {
        uint8_t order;
        uint8_t width;
    } kinds[] = {{PPQ_ORDER_SIGNED, 4}, {PPQ_ORDER_UNSIGNED, 4}, {PPQ_ORDER_SIGNED, 8}, {PPQ_ORDER_UNSIGNED, 8},
                 {PPQ_ORDER_FLOAT, 4},  {PPQ_ORDER_FLOAT, 8},    {PPQ_ORDER_BOOL, 1}};
    uint64_t *values;
    uint8_t b1[4][12];
    unsigned k, round;
    test_setup();
    values = (uint64_t *)test_alloc(N * sizeof(uint64_t));
    PPQ_CHECK(values != NULL);
    for (k = 0; k < ARRAY_LEN(kinds); k++) {
        for (round = 0; round < 20u; round++) {
            ppq_stats_t one = {0, 0, 0, 0, 0, 0, 0, 12, b1[0], b1[1], 0, 0, 0};
            ppq_stats_t many = {0, 0, 0, 0, 0, 0, 0, 12, b1[2], b1[3], 0, 0, 0};
            size_t n = ppq_test_below(N + 1u), i, w = kinds[k].width;
            uint8_t *v = (uint8_t *)values;
            ppq_stats_reset(&one);
            ppq_stats_reset(&many);
            for (i = 0; i < n; i++) {
                uint8_t plain[8];
                random_number(kinds[k].order, w, v + i * w);
                if (w == 1u) {
                    plain[0] = v[i];
                } else if (w == 4u) {
                    uint32_t x;
                    memcpy(&x, v + i * w, 4);
                    ppq_store_le32(plain, x);
                } else {
                    uint64_t x;
                    memcpy(&x, v + i * w, 8);
                    ppq_store_le64(plain, x);
                }
                ppq_stats_add(&one, kinds[k].order, w, plain, w);
            }
            for (i = 0; i < n;) {
                size_t part = 1u + ppq_test_below(n - i);
                ppq_stats_add_values(&many, kinds[k].order, w, v + i * w, part);
                i += part;
            }
            PPQ_CHECK_EQ(many.has, one.has);
            PPQ_CHECK_EQ(many.nans, one.nans);
            if (one.has) { /* the same bounds (as order keys) */
                PPQ_CHECK_EQ(many.lo, one.lo);
                PPQ_CHECK_EQ(many.hi, one.hi);
            }
        }
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(batch_equals_single),
};

PPQ_SUITE(suite_meta, "meta", cases);
