/* The harness runner: suites, failure reports, number output, PRNG. */
#include "ppq_test.h"

static unsigned current_failed;
static uint64_t rng_state;

void ppq_test_puts(const char *s)
{
    while (*s != '\0') {
        ppq_test_putc(*s++);
    }
}

void ppq_test_putu(uint64_t v)
{
    char buf[21];
    int n = 0;
    do {
        buf[n++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0u);
    while (n > 0) {
        ppq_test_putc(buf[--n]);
    }
}

void ppq_test_puti(int64_t v)
{
    if (v < 0) {
        ppq_test_putc('-');
        ppq_test_putu(0u - (uint64_t)v);
    } else {
        ppq_test_putu((uint64_t)v);
    }
}

void ppq_test_puthex(uint64_t v)
{
    static const char digits[] = "0123456789abcdef";
    int shift = 60;
    ppq_test_puts("0x");
    while (shift > 0 && ((v >> shift) & 0xFu) == 0u) {
        shift -= 4;
    }
    for (; shift >= 0; shift -= 4) {
        ppq_test_putc(digits[(v >> shift) & 0xFu]);
    }
}

static void put_location(const char *file, int line)
{
    ppq_test_puts("  FAIL ");
    ppq_test_puts(file);
    ppq_test_putc(':');
    ppq_test_putu((uint64_t)line);
    ppq_test_puts(": ");
}

void ppq_test_fail(const char *file, int line, const char *expr)
{
    current_failed = 1;
    put_location(file, line);
    ppq_test_puts(expr);
    ppq_test_putc('\n');
}

void ppq_test_fail_eq(const char *file, int line, const char *a_expr, const char *b_expr, int64_t a, int64_t b)
{
    current_failed = 1;
    put_location(file, line);
    ppq_test_puts(a_expr);
    ppq_test_puts(" == ");
    ppq_test_puts(b_expr);
    ppq_test_puts(" (");
    ppq_test_puti(a);
    ppq_test_puts(" [");
    ppq_test_puthex((uint64_t)a);
    ppq_test_puts("] vs ");
    ppq_test_puti(b);
    ppq_test_puts(" [");
    ppq_test_puthex((uint64_t)b);
    ppq_test_puts("])\n");
}

int ppq_test_mem_equal(const void *a, const void *b, size_t n)
{
    const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
    size_t i;
    for (i = 0; i < n; i++) {
        if (x[i] != y[i]) {
            return 0;
        }
    }
    return 1;
}

void ppq_test_fail_mem(const char *file, int line, const char *a_expr, const char *b_expr, const uint8_t *a,
                       const uint8_t *b, size_t n)
{
    size_t i = 0;
    while (i < n && a[i] == b[i]) {
        i++;
    }
    current_failed = 1;
    put_location(file, line);
    ppq_test_puts(a_expr);
    ppq_test_puts(" and ");
    ppq_test_puts(b_expr);
    ppq_test_puts(" differ at byte ");
    ppq_test_putu(i);
    ppq_test_puts(" of ");
    ppq_test_putu(n);
    ppq_test_puts(" (");
    ppq_test_puthex(a[i]);
    ppq_test_puts(" vs ");
    ppq_test_puthex(b[i]);
    ppq_test_puts(")\n");
}

uint64_t ppq_test_rand(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}

size_t ppq_test_below(size_t n)
{
    return (size_t)(ppq_test_rand() % n);
}

static int matches(const char *suite, const char *test, const char *filter)
{
    /* Substring search of filter in "suite.test". */
    char name[128];
    size_t n = 0, i, j;
    for (i = 0; suite[i] != '\0' && n < sizeof name - 1; i++) {
        name[n++] = suite[i];
    }
    if (n < sizeof name - 1) {
        name[n++] = '.';
    }
    for (i = 0; test[i] != '\0' && n < sizeof name - 1; i++) {
        name[n++] = test[i];
    }
    name[n] = '\0';
    for (i = 0; i < n; i++) {
        for (j = 0; filter[j] != '\0' && i + j < n && name[i + j] == filter[j]; j++) {
        }
        if (filter[j] == '\0') {
            return 1;
        }
    }
    return filter[0] == '\0';
}

unsigned ppq_test_run(const ppq_test_suite_t *const *suites, const char *filter)
{
    unsigned passed = 0, failed = 0;
    for (; *suites != NULL; suites++) {
        const ppq_test_suite_t *s = *suites;
        unsigned i;
        for (i = 0; i < s->count; i++) {
            if (filter != NULL && !matches(s->name, s->cases[i].name, filter)) {
                continue;
            }
            current_failed = 0;
            rng_state = 0x9E3779B97F4A7C15ull ^ ((uint64_t)i << 32) ^ (uint64_t)s->count;
            s->cases[i].fn();
            if (current_failed) {
                failed++;
                ppq_test_puts("FAILED ");
            } else {
                passed++;
                ppq_test_puts("ok     ");
            }
            ppq_test_puts(s->name);
            ppq_test_putc('.');
            ppq_test_puts(s->cases[i].name);
            ppq_test_putc('\n');
        }
    }
    ppq_test_putu(passed);
    ppq_test_puts(" passed, ");
    ppq_test_putu(failed);
    ppq_test_puts(" failed\n");
    return failed;
}
