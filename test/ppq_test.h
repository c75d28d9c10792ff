/*
 * picoparquet's own tiny test harness.  Freestanding: it needs only a
 * character output hook, ppq_test_putc(), which the host runner maps to
 * stdout and the boards map to semihosting.
 *
 * A test is a void function; each PPQ_CHECK* that fails prints
 * file:line, the expression and the values, and returns from the test.
 * ppq_test_run() ends with the line "N passed, M failed".
 */
#ifndef PPQ_TEST_H
#define PPQ_TEST_H

#include <stddef.h>
#include <stdint.h>

typedef struct ppq_test_case {
    const char *name;
    void (*fn)(void);
} ppq_test_case_t;

typedef struct ppq_test_suite {
    const char *name;
    const ppq_test_case_t *cases;
    unsigned count;
} ppq_test_suite_t;

#define PPQ_TEST(fn) { #fn, fn }
#define PPQ_SUITE(var, name, cases) \
    const ppq_test_suite_t var = { name, cases, (unsigned)(sizeof(cases) / sizeof((cases)[0])) }

/* Platform hook: write one character of test output. */
void ppq_test_putc(char c);

/* Run the suites (a NULL-terminated list); `filter` NULL or a substring
 * of "suite.test" names to run.  Returns the number of failed tests. */
unsigned ppq_test_run(const ppq_test_suite_t *const *suites, const char *filter);

/* Output helpers, usable by tests that report extra facts. */
void ppq_test_puts(const char *s);
void ppq_test_putu(uint64_t v);
void ppq_test_puti(int64_t v);
void ppq_test_puthex(uint64_t v);

/* Deterministic pseudo-random numbers (xorshift64*), reseeded per test. */
uint64_t ppq_test_rand(void);
/* Uniform in [0, n) (n > 0). */
size_t ppq_test_below(size_t n);

/* Failure reporting (used by the macros). */
void ppq_test_fail(const char *file, int line, const char *expr);
void ppq_test_fail_eq(const char *file, int line, const char *a_expr, const char *b_expr, int64_t a, int64_t b);
void ppq_test_fail_mem(const char *file, int line, const char *a_expr, const char *b_expr, const uint8_t *a,
                       const uint8_t *b, size_t n);
int ppq_test_mem_equal(const void *a, const void *b, size_t n);

#define PPQ_CHECK(expr)                                    \
    do {                                                   \
        if (!(expr)) {                                     \
            ppq_test_fail(__FILE__, __LINE__, #expr);      \
            return;                                        \
        }                                                  \
    } while (0)

#define PPQ_CHECK_EQ(a, b)                                                                 \
    do {                                                                                   \
        int64_t ppq_a_ = (int64_t)(a), ppq_b_ = (int64_t)(b);                              \
        if (ppq_a_ != ppq_b_) {                                                            \
            ppq_test_fail_eq(__FILE__, __LINE__, #a, #b, ppq_a_, ppq_b_);                  \
            return;                                                                        \
        }                                                                                  \
    } while (0)

/* For uint64 values that do not fit int64 the comparison is still exact:
 * the conversion is a bijection on two's complement targets. */
#define PPQ_CHECK_MEM(a, b, n)                                                                   \
    do {                                                                                         \
        if (!ppq_test_mem_equal((a), (b), (n))) {                                                \
            ppq_test_fail_mem(__FILE__, __LINE__, #a, #b, (const uint8_t *)(a),                  \
                              (const uint8_t *)(b), (n));                                        \
            return;                                                                              \
        }                                                                                        \
    } while (0)

/* Status checks read better with names. */
#define PPQ_CHECK_OK(expr) PPQ_CHECK_EQ((expr), 0)

#endif /* PPQ_TEST_H */
