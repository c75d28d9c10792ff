/* The compiled-in port's group kernel against the portable C99 kernel
 * (linked a second time under the name ppq_generic_unpack32_groups):
 * bit-exact for every width, group count and input alignment.  On the host
 * both are the portable kernel (the port with 8-byte loads on 64-bit hosts,
 * the copy without); on the boards this checks the Cortex-M one. */
#include <string.h>

#include "ppq_port.h"
#include "test_util.h"

void ppq_generic_unpack32_groups(const uint8_t *in, unsigned width, size_t groups, uint32_t *out);

#ifdef PPQ_TEST_SMALL
#define MAX_GROUPS 8u   /* 256 values (1024 on larger targets) */
#else
#define MAX_GROUPS 32u
#endif

static void port_matches_generic(void)
{
    uint8_t *bytes, *aligned;
    uint32_t *a, *b;
    unsigned w;
    test_setup();
    bytes = (uint8_t *)test_alloc(MAX_GROUPS * 128u + 8u);
    a = (uint32_t *)test_alloc(MAX_GROUPS * 32u * 4u);
    b = (uint32_t *)test_alloc(MAX_GROUPS * 32u * 4u);
    PPQ_CHECK(b != NULL);
    for (w = 1; w <= 32; w++) {
        size_t groups;
        for (groups = 1; groups <= MAX_GROUPS; groups += 1u + groups / 4u) {
            size_t len = groups * 4u * w, i;
            unsigned offset = (unsigned)ppq_test_below(4); /* every alignment */
            aligned = bytes + offset;
            for (i = 0; i < len; i++) {
                aligned[i] = (uint8_t)ppq_test_rand();
            }
            memset(a, 0xA5, groups * 128u);
            memset(b, 0x5A, groups * 128u);
            ppq_port_unpack32_groups(tail_copy(aligned, len), w, groups, a);
            ppq_generic_unpack32_groups(tail_copy(aligned, len), w, groups, b);
            PPQ_CHECK_MEM(a, b, groups * 128u);
            /* and through an input at each offset inside a larger buffer */
            ppq_port_unpack32_groups(aligned, w, groups, a);
            PPQ_CHECK_MEM(a, b, groups * 128u);
        }
    }
}

/* Every width 0..32, every start offset 0..63 and lengths up to 1000
 * through the front end (head/tail + port kernel) against the portable
 * kernel's values. */
static void front_end_matches_generic(void)
{
    uint8_t *bytes;
    uint32_t *a, *b;
    unsigned w;
    size_t n = MAX_GROUPS * 32u;
    test_setup();
    bytes = (uint8_t *)test_alloc(n * 4u);
    a = (uint32_t *)test_alloc(n * 4u);
    b = (uint32_t *)test_alloc(n * 4u);
    PPQ_CHECK(b != NULL);
    for (w = 0; w <= 32; w++) {
        size_t i, start;
        for (i = 0; i < n * 4u; i++) {
            bytes[i] = (uint8_t)ppq_test_rand();
        }
        if (w > 0) {
            ppq_generic_unpack32_groups(bytes, w, MAX_GROUPS, b);
        } else {
            memset(b, 0, n * 4u);
        }
        for (start = 0; start < 64u; start++) {
            size_t len = start < 40u ? n - start : ppq_test_below(n - start + 1u);
            ppq_unpack32(tail_copy(bytes, (size_t)PPQ_PACKED_BYTES(start + len, w)), start, len, w, a);
            PPQ_CHECK_MEM(a, b + start, len * 4u);
        }
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(port_matches_generic),
    PPQ_TEST(front_end_matches_generic),
};
PPQ_SUITE(suite_kernels, "kernels", cases);
