/* Bit packing: the spec's example, and every width against a bit-by-bit
 * reference written from the spec's definition (value i's bit j is bit
 * i*w+j of the stream; stream bit b is bit b%8 of byte b/8). */
#include <string.h>

#include "test_util.h"

#ifdef PPQ_TEST_SMALL
#define MAXN 160u   /* values per property test; 1000+ on larger targets */
#define BIG_N 96u
#define BIG_N64 80u
#else
#define MAXN 1100u
#define BIG_N 1000u
#define BIG_N64 300u
#endif

static uint32_t *v32, *got32;
static uint64_t *v64, *got64;
static uint8_t *packed, *ref;
#define PACKED_CAP (MAXN * 8u + 8u)

/* Per-test buffers from the shared scratch; 0 when it is too small. */
static int setup(void)
{
    test_setup();
    v32 = (uint32_t *)test_alloc(MAXN * 4u);
    got32 = (uint32_t *)test_alloc(MAXN * 4u);
    v64 = (uint64_t *)test_alloc(MAXN * 8u);
    got64 = (uint64_t *)test_alloc(MAXN * 8u);
    packed = (uint8_t *)test_alloc(PACKED_CAP);
    ref = (uint8_t *)test_alloc(PACKED_CAP);
    return ref != NULL;
}

static void ref_pack(const uint64_t *v, size_t n, unsigned w, uint8_t *out)
{
    size_t i;
    unsigned j;
    memset(out, 0, (size_t)PPQ_PACKED_BYTES(n, w));
    for (i = 0; i < n; i++) {
        for (j = 0; j < w; j++) {
            uint64_t b = (uint64_t)i * w + j;
            if ((v[i] >> j) & 1u) {
                out[b / 8u] = (uint8_t)(out[b / 8u] | (1u << (b % 8u)));
            }
        }
    }
}

static uint64_t random_value(unsigned w)
{
    uint64_t r = ppq_test_rand();
    switch (ppq_test_below(4)) {
    case 0: return 0;                          /* all zero bits */
    case 1: return w == 64 ? ~0ull : (1ull << w) - 1u; /* all one bits */
    default: return w == 64 ? r : r & ((1ull << w) - 1u);
    }
}

/* encodings.txt: 0..7 at width 3 -> 10001000 11000110 11111010. */
static void spec_example_width3(void)
{
    uint32_t in[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint32_t out[8];
    uint8_t bytes[3];
    ppq_pack32(in, 8, 3, bytes);
    PPQ_CHECK_MEM(bytes, "\x88\xC6\xFA", 3);
    ppq_unpack32(tail_copy("\x88\xC6\xFA", 3), 0, 8, 3, out);
    PPQ_CHECK_MEM(out, in, sizeof in);
}

static void bit_width_of_values(void)
{
    PPQ_CHECK_EQ(ppq_bit_width32(0), 0);
    PPQ_CHECK_EQ(ppq_bit_width32(1), 1);
    PPQ_CHECK_EQ(ppq_bit_width32(7), 3);
    PPQ_CHECK_EQ(ppq_bit_width32(8), 4);
    PPQ_CHECK_EQ(ppq_bit_width32(0xFFFFFFFFu), 32);
    PPQ_CHECK_EQ(ppq_bit_width64(1ull << 40), 41);
    PPQ_CHECK_EQ(ppq_bit_width64(~0ull), 64);
    { /* every width's edges: 2^(k-1) and 2^k - 1 have k bits */
        unsigned k;
        for (k = 1; k <= 64; k++) {
            uint64_t low = 1ull << (k - 1u), high = low | (low - 1u);
            PPQ_CHECK_EQ(ppq_bit_width64(low), k);
            PPQ_CHECK_EQ(ppq_bit_width64(high), k);
            if (k <= 32u) {
                PPQ_CHECK_EQ(ppq_bit_width32((uint32_t)low), k);
                PPQ_CHECK_EQ(ppq_bit_width32((uint32_t)high), k);
            }
        }
    }
}

/* Every width 0..32: pack matches the reference, and unpacking any run
 * [start, start+n) gives the values back, reading only its own bytes. */
static void pack_unpack32_all_widths(void)
{
    unsigned w;
    PPQ_CHECK(setup());
    for (w = 0; w <= 32; w++) {
        size_t n = BIG_N + ppq_test_below(64), i;
        size_t bytes = (size_t)PPQ_PACKED_BYTES(n, w);
        size_t trial;
        for (i = 0; i < n; i++) {
            v64[i] = random_value(w);
            v32[i] = (uint32_t)v64[i] | (w < 32 ? (uint32_t)ppq_test_rand() << w : 0u); /* junk above w */
        }
        ref_pack(v64, n, w, ref);
        memset(packed, 0xEE, PACKED_CAP);
        ppq_pack32(v32, n, w, packed);
        PPQ_CHECK_MEM(packed, ref, bytes);
        PPQ_CHECK(bytes == PACKED_CAP || packed[bytes] == 0xEE); /* wrote nothing past */
        for (trial = 0; trial < 60; trial++) {
            size_t start = trial < 33 ? trial : ppq_test_below(n);
            size_t len = ppq_test_below(n - start + 1);
            size_t need = (size_t)PPQ_PACKED_BYTES(start + len, w);
            const uint8_t *src = tail_copy(ref, need);
            ppq_unpack32(src, start, len, w, got32);
            for (i = 0; i < len; i++) {
                PPQ_CHECK_EQ(got32[i], v64[start + i]);
            }
        }
        ppq_unpack32(tail_copy(ref, bytes), 0, n, w, got32);
        for (i = 0; i < n; i++) {
            PPQ_CHECK_EQ(got32[i], v64[i]);
        }
    }
}

/* Every width 0..32 and every count 0..40 (the four-value steps of widths
 * up to 8 and the tail after them), junk above the width, at any output
 * alignment: the reference's bytes, nothing written past them, and the
 * values back through the decoder. */
static void pack32_every_count(void)
{
    unsigned w;
    PPQ_CHECK(setup());
    for (w = 0; w <= 32u; w++) {
        size_t n, i;
        for (n = 0; n <= 40u; n++) {
            size_t bytes = (size_t)PPQ_PACKED_BYTES(n, w);
            for (i = 0; i < n; i++) {
                v64[i] = random_value(w);
                v32[i] = (uint32_t)v64[i] | (w < 32u ? (uint32_t)ppq_test_rand() << w : 0u);
            }
            ref_pack(v64, n, w, ref);
            memset(packed, 0xEE, bytes + 8u);
            ppq_pack32(v32, n, w, packed + (n & 3u)); /* (any output alignment) */
            PPQ_CHECK_MEM(packed + (n & 3u), ref, bytes);
            PPQ_CHECK(packed[(n & 3u) + bytes] == 0xEE);
            ppq_unpack32(tail_copy(ref, bytes), 0, n, w, got32);
            for (i = 0; i < n; i++) {
                PPQ_CHECK_EQ(got32[i], v64[i]);
            }
        }
    }
}

/* Every start offset 0..64 and every length 0..70 at a few widths. */
static void unpack32_every_offset(void)
{
    unsigned widths[] = {1, 3, 7, 8, 13, 16, 31, 32};
    size_t k;
    PPQ_CHECK(setup());
    for (k = 0; k < ARRAY_LEN(widths); k++) {
        unsigned w = widths[k];
        size_t i, start, len;
        for (i = 0; i < 140; i++) {
            v64[i] = random_value(w);
        }
        ref_pack(v64, 140, w, ref);
        for (start = 0; start <= 64; start++) {
            for (len = 0; len <= 70; len++) {
                ppq_unpack32(tail_copy(ref, (size_t)PPQ_PACKED_BYTES(start + len, w)), start, len, w, got32);
                for (i = 0; i < len; i++) {
                    PPQ_CHECK_EQ(got32[i], v64[start + i]);
                }
            }
        }
    }
}

static void pack_unpack64_all_widths(void)
{
    unsigned w;
    PPQ_CHECK(setup());
    for (w = 0; w <= 64; w++) {
        size_t n = BIG_N64 + ppq_test_below(40), i, trial;
        size_t bytes = (size_t)PPQ_PACKED_BYTES(n, w);
        for (i = 0; i < n; i++) {
            v64[i] = random_value(w);
        }
        ref_pack(v64, n, w, ref);
        memset(packed, 0xEE, PACKED_CAP);
        for (i = 0; i < n; i++) {
            got64[i] = v64[i] | (w < 64 ? ppq_test_rand() << w : 0u); /* junk above w */
        }
        ppq_pack64(got64, n, w, packed);
        PPQ_CHECK_MEM(packed, ref, bytes);
        PPQ_CHECK(packed[bytes] == 0xEE);
        for (trial = 0; trial < 20; trial++) {
            size_t start = ppq_test_below(n);
            size_t len = ppq_test_below(n - start + 1);
            ppq_unpack64(tail_copy(ref, (size_t)PPQ_PACKED_BYTES(start + len, w)), start, len, w, got64);
            for (i = 0; i < len; i++) {
                PPQ_CHECK(got64[i] == v64[start + i]);
            }
        }
    }
}

static void group_kernel_reads_only_its_bytes(void)
{
    unsigned w;
    PPQ_CHECK(setup());
    for (w = 1; w <= 32; w++) {
        size_t i;
        for (i = 0; i < 32; i++) {
            v64[i] = random_value(w);
        }
        ref_pack(v64, 32, w, ref);
        /* exactly 4*w bytes, at the end of a global: ASan sees any over-read */
        ppq_unpack32(tail_copy(ref, 4u * w), 0, 32, w, got32);
        for (i = 0; i < 32; i++) {
            PPQ_CHECK_EQ(got32[i], v64[i]);
        }
    }
}

/* ppq_unpack32_run: every start and length over a run of whole groups of
 * 8 (all its bytes there) and over a run cut short (only the bytes of the
 * asked values there: tail_copy puts them at the end of the buffer, so a
 * read past them is caught), at every width. */
static void unpack32_run_every_offset(void)
{
    unsigned w;
    PPQ_CHECK(setup());
    for (w = 0; w <= 32; w++) {
        size_t i, start, len, whole = (size_t)PPQ_PACKED_BYTES(136, w);
        for (i = 0; i < 136; i++) {
            v64[i] = random_value(w);
        }
        ref_pack(v64, 136, w, ref);
        for (start = 0; start <= 72; start += 1u + start / 8u) {
            for (len = 0; start + len <= 136; len += 1u + len / 4u) {
                size_t cut = (size_t)PPQ_PACKED_BYTES(start + len, w);
                ppq_unpack32_run(tail_copy(ref, whole), whole, start, len, w, got32);
                for (i = 0; i < len; i++) {
                    PPQ_CHECK_EQ(got32[i], v64[start + i]);
                }
                ppq_unpack32_run(tail_copy(ref, cut), cut, start, len, w, got32);
                for (i = 0; i < len; i++) {
                    PPQ_CHECK_EQ(got32[i], v64[start + i]);
                }
            }
        }
    }
}

static void bad_width_does_nothing(void)
{
    uint32_t out[4] = {5, 5, 5, 5};
    uint64_t out64[2] = {5, 5};
    ppq_unpack32((const uint8_t *)"\xFF\xFF\xFF\xFF\xFF", 0, 4, 33, out);
    PPQ_CHECK_EQ(out[0], 5);
    ppq_unpack64((const uint8_t *)"\xFF\xFF\xFF\xFF\xFF", 0, 2, 65, out64);
    PPQ_CHECK_EQ(out64[0], 5);
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(spec_example_width3),
    PPQ_TEST(bit_width_of_values),
    PPQ_TEST(pack_unpack32_all_widths),
    PPQ_TEST(pack32_every_count),
    PPQ_TEST(unpack32_every_offset),
    PPQ_TEST(unpack32_run_every_offset),
    PPQ_TEST(pack_unpack64_all_widths),
    PPQ_TEST(group_kernel_reads_only_its_bytes),
    PPQ_TEST(bad_width_does_nothing),
};
PPQ_SUITE(suite_bitpack, "bitpack", cases);
