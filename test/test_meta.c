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

/* ---- byte-array bounds cut (ppq_stats_cut) and kept to cap (ppq_stats_add) ----
 * The rules (parquet.thrift Statistics; spec/thrift-facts.md "Truncation"):
 * a min may be any prefix, a max must stay >= every value, both valid UTF-8
 * for a STRING, and is_min/max_value_exact false once cut.  The expected
 * bytes below are worked out by hand from those rules. */

/* Stats over caller bytes: bounds of up to `cap` bytes (the storage 64). */
typedef struct bounds {
    ppq_stats_t s;
    uint8_t min[64], max[64];
} bounds_t;

static void bounds_init(bounds_t *b, uint8_t cap)
{
    memset(b, 0, sizeof *b);
    b->s.cap = cap;
    b->s.min = b->min;
    b->s.max = b->max;
    ppq_stats_reset(&b->s);
}

/* Bounds set by hand, as ppq_stats_add leaves exact ones. */
static void bounds_set(bounds_t *b, const char *min, const char *max)
{
    bounds_init(b, 64);
    b->s.has = 1;
    b->s.min_len = (uint8_t)strlen(min);
    b->s.max_len = (uint8_t)strlen(max);
    memcpy(b->min, min, b->s.min_len);
    memcpy(b->max, max, b->s.max_len);
    b->s.min_exact = b->s.max_exact = 1;
    b->s.nulls = 3;
}

static int is_min(const bounds_t *b, const char *want, int exact)
{
    return b->s.has && b->s.min_len == strlen(want) && memcmp(b->min, want, b->s.min_len) == 0 &&
           b->s.min_exact == exact;
}

static int is_max(const bounds_t *b, const char *want, int exact)
{
    return b->s.has && !b->s.no_max && b->s.max_len == strlen(want) && memcmp(b->max, want, b->s.max_len) == 0 &&
           b->s.max_exact == exact;
}

/* The min backs off to a character boundary: "a\u20AC" is 61 E2 82 AC,
 * "\u00E9" C3 A9, U+1F600 F0 9F 98 80. */
static void cut_min_utf8(void)
{
    static const struct {
        const char *min;
        size_t cap;
        const char *want;
    } cases[] = {
        {"aaa\xC3\xA9", 4, "aaa"},             /* byte 4 (A9) continues the C3 at 3: cut before it */
        {"aaa\xC3\xA9z", 5, "aaa\xC3\xA9"},    /* byte 5 'z' starts a character: the prefix is whole */
        {"aaa\xC3\xA9", 3, "aaa"},             /* byte 3 is the lead: cut there */
        {"a\xE2\x82\xAC" "b", 2, "a"},         /* inside a 3-byte character, at its 2nd byte ... */
        {"a\xE2\x82\xAC" "b", 3, "a"},         /* ... and its 3rd */
        {"a\xE2\x82\xAC" "b", 4, "a\xE2\x82\xAC"},
        {"\xF0\x9F\x98\x80\xF0\x9F\x98\x80", 7, "\xF0\x9F\x98\x80"}, /* a 4-byte one */
        {"\xF0\x9F\x98\x80", 3, ""},           /* the first character cut: the empty min */
        {"\x80\x80\x80", 2, ""},               /* not UTF-8: still a prefix, no lower than allowed */
    };
    bounds_t b;
    size_t i;
    for (i = 0; i < ARRAY_LEN(cases); i++) {
        bounds_set(&b, cases[i].min, "zz");
        ppq_stats_cut(&b.s, cases[i].cap, 0);
        PPQ_CHECK(is_min(&b, cases[i].want, 0));
        PPQ_CHECK(is_max(&b, "zz", 1)); /* short enough: untouched, still exact */
        PPQ_CHECK_EQ(b.s.nulls, 3);
    }
}

/* The max: its prefix to the last ASCII byte below 0x7F, that byte raised;
 * 0x7F (raised: 0x80, a continuation byte), 0xFF (no byte above it) and
 * the bytes of multi-byte characters are passed over. */
static void cut_max_raised(void)
{
    static const struct {
        const char *max;
        size_t cap;
        const char *want; /* NULL: no max */
    } cases[] = {
        {"abcdef", 3, "abd"},
        {"ab~~~", 3, "ab\x7F"},            /* '~' 0x7E raised to 0x7F, still ASCII */
        {"ab\x7F\x7Fzz", 4, "ac"},          /* 0x7F 0x7F passed over, 'b' raised */
        {"a\xFF\xFFq", 3, "b"},             /* 0xFF 0xFF passed over */
        {"x\xC3\xA9y", 3, "y"},             /* a whole "\u00E9" passed over, not raised to C3 AA */
        {"xy\xC3\xA9\xC3\xA9", 5, "xz"},    /* ... and one cut in two */
        {"\xC3\xA9\xC3\xA9\xC3\xA9", 4, NULL}, /* no ASCII byte: no max, the min stays */
        {"\x7F\x7F\x7F", 2, NULL},
        {"\xFF\xFF\xFF", 2, NULL},
    };
    bounds_t b;
    size_t i;
    for (i = 0; i < ARRAY_LEN(cases); i++) {
        bounds_set(&b, "a", cases[i].max);
        ppq_stats_cut(&b.s, cases[i].cap, 0);
        PPQ_CHECK(is_min(&b, "a", 1)); /* untouched, still exact */
        if (cases[i].want != NULL) {
            PPQ_CHECK(is_max(&b, cases[i].want, 0));
            /* greater than the max it stands for */
            PPQ_CHECK(memcmp(b.max, cases[i].max, b.s.max_len) > 0);
        } else {
            PPQ_CHECK(b.s.has && b.s.no_max && b.s.max_len == 0);
        }
    }
}

/* Both cut; a FIXED_LEN_BYTE_ARRAY's bounds dropped (a shorter value is
 * not one of its type), its null count kept; bounds that fit untouched. */
static void cut_both_fixed_and_fitting(void)
{
    bounds_t b;
    bounds_set(&b, "apple-pie", "zebra-crossing");
    ppq_stats_cut(&b.s, 4, 0);
    PPQ_CHECK(is_min(&b, "appl", 0) && is_max(&b, "zebs", 0));
    bounds_set(&b, "apple-pie", "zebra-crossing");
    ppq_stats_cut(&b.s, 4, 1);
    PPQ_CHECK(!b.s.has && b.s.nulls == 3);
    bounds_set(&b, "apple-pie", "zebra");
    ppq_stats_cut(&b.s, 5, 1); /* the min is longer: a fixed one goes whole */
    PPQ_CHECK(!b.s.has);
    bounds_set(&b, "apple", "zebra");
    ppq_stats_cut(&b.s, 5, 1); /* both fit: nothing to drop */
    PPQ_CHECK(is_min(&b, "apple", 1) && is_max(&b, "zebra", 1));
    bounds_set(&b, "apple", "zebra");
    ppq_stats_cut(&b.s, 16, 0);
    PPQ_CHECK(is_min(&b, "apple", 1) && is_max(&b, "zebra", 1));
    bounds_init(&b, 64); /* no values: nothing to cut */
    ppq_stats_cut(&b.s, 4, 1);
    PPQ_CHECK(!b.s.has);
}

/* Values longer than the stats' cap (the writer's 64 bytes) are kept cut by
 * the same rules as they are folded (the bug: a plain 64-byte prefix split
 * a STRING's character, and its max's last byte raised made C3 -> C4
 * without its continuation). */
static void add_long_strings(void)
{
    char u1[1 + 2 * 40 + 1], u3[1 + 2 * 40 + 1], want[64];
    bounds_t b;
    int i;
    u1[0] = 'a';
    u3[0] = 'z';
    for (i = 0; i < 40; i++) { /* "\u00FC" C3 BC: leads at odd offsets, 64 a continuation */
        u1[1 + 2 * i] = u3[1 + 2 * i] = '\xC3';
        u1[2 + 2 * i] = u3[2 + 2 * i] = '\xBC';
    }
    u1[81] = u3[81] = '\0';
    bounds_init(&b, 64);
    ppq_stats_add(&b.s, PPQ_ORDER_BYTES, 0, (const uint8_t *)u1, 81);
    memcpy(want, u1, 63); /* "a" and 31 of them: byte 64 would split the 32nd */
    want[63] = '\0';
    PPQ_CHECK(is_min(&b, want, 0));
    PPQ_CHECK(is_max(&b, "b", 0)); /* 'a' raised: the one ASCII byte */
    ppq_stats_add(&b.s, PPQ_ORDER_BYTES, 0, (const uint8_t *)u3, 81);
    PPQ_CHECK(is_min(&b, want, 0));
    PPQ_CHECK(is_max(&b, "{", 0)); /* 'z' raised */
    ppq_stats_add(&b.s, PPQ_ORDER_BYTES, 0, (const uint8_t *)"{", 1);
    PPQ_CHECK(is_max(&b, "{", 1)); /* a value equal to the stand-in: exact now */
    ppq_stats_add(&b.s, PPQ_ORDER_BYTES, 0, (const uint8_t *)"a", 1);
    PPQ_CHECK(is_min(&b, "a", 1));
    /* no ASCII byte in the first 64: no max, the min stays, whatever comes next */
    bounds_init(&b, 64);
    ppq_stats_add(&b.s, PPQ_ORDER_BYTES, 0, (const uint8_t *)u1 + 1, 80);
    PPQ_CHECK(b.s.has && b.s.no_max && b.s.min_len == 64 && !b.s.min_exact);
    ppq_stats_add(&b.s, PPQ_ORDER_BYTES, 0, (const uint8_t *)"\xF0\x9F\x98\x80", 4); /* above them */
    PPQ_CHECK(b.s.no_max && b.s.min_len == 64 && memcmp(b.min, u1 + 1, 64) == 0);
}

/* Well-formed UTF-8 (no overlong forms or surrogates needed here: the
 * generator below makes none). */
static int utf8_ok(const uint8_t *p, size_t n)
{
    size_t i = 0, k;
    while (i < n) {
        size_t more = p[i] < 0x80u ? 0u : (p[i] & 0xE0u) == 0xC0u ? 1u : (p[i] & 0xF0u) == 0xE0u ? 2u
                                                                     : (p[i] & 0xF8u) == 0xF0u ? 3u : 9u;
        if (more == 9u || more > n - i - 1u) {
            return 0;
        }
        for (k = 1; k <= more; k++) {
            if ((p[i + k] & 0xC0u) != 0x80u) {
                return 0;
            }
        }
        i += 1u + more;
    }
    return 1;
}

static int cmp_bytes(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c != 0 ? c : an < bn ? -1 : an > bn;
}

/* Random UTF-8 strings (ASCII with '~' and 0x7F, 2- to 4-byte characters)
 * folded with a small cap, then cut smaller: min <= every value <= max
 * (while a max is written), both valid UTF-8, exact only when a value. */
static void random_strings_bounded(void)
{
    static const char *const pieces[] = {"a", "~", "\x7F", "z", "\xC3\xBF", "\xDF\xBF", "\xE2\x82\xAC",
                                         "\xEF\xBF\xBF", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF"};
    uint8_t vals[40][24];
    size_t lens[40];
    bounds_t b;
    unsigned round, i, j;
    for (round = 0; round < 200u; round++) {
        uint8_t cap = (uint8_t)(4u + ppq_test_below(12)), cut = (uint8_t)(1u + ppq_test_below(cap));
        size_t n = 1u + ppq_test_below(40);
        bounds_init(&b, cap);
        for (i = 0; i < n; i++) {
            size_t len = 0, parts = ppq_test_below(6);
            for (j = 0; j < parts; j++) {
                const char *p = pieces[ppq_test_below(ARRAY_LEN(pieces))];
                memcpy(vals[i] + len, p, strlen(p));
                len += strlen(p);
            }
            lens[i] = len;
            ppq_stats_add(&b.s, PPQ_ORDER_BYTES, 0, vals[i], len);
        }
        for (j = 0; j < 2u; j++) { /* as folded, then cut */
            int min_hit = 0, max_hit = 0;
            PPQ_CHECK(b.s.has && b.s.min_len <= cap && b.s.max_len <= cap);
            PPQ_CHECK(utf8_ok(b.min, b.s.min_len));
            PPQ_CHECK(b.s.no_max || utf8_ok(b.max, b.s.max_len));
            for (i = 0; i < n; i++) {
                PPQ_CHECK(cmp_bytes(b.min, b.s.min_len, vals[i], lens[i]) <= 0);
                PPQ_CHECK(b.s.no_max || cmp_bytes(b.max, b.s.max_len, vals[i], lens[i]) >= 0);
                min_hit |= cmp_bytes(b.min, b.s.min_len, vals[i], lens[i]) == 0;
                max_hit |= cmp_bytes(b.max, b.s.max_len, vals[i], lens[i]) == 0;
            }
            PPQ_CHECK(!b.s.min_exact || min_hit);
            PPQ_CHECK(b.s.no_max || !b.s.max_exact || max_hit);
            ppq_stats_cut(&b.s, cut, 0);
        }
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(batch_equals_single),
    PPQ_TEST(cut_min_utf8),
    PPQ_TEST(cut_max_raised),
    PPQ_TEST(cut_both_fixed_and_fitting),
    PPQ_TEST(add_long_strings),
    PPQ_TEST(random_strings_bounded),
};

PPQ_SUITE(suite_meta, "meta", cases);
