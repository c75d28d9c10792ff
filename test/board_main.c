/* Board entry point of the unit suite: output and exit status through
 * semihosting (see boards/common). */
#include "board.h"
#include "ppq_test.h"
#include "suites.h"

void ppq_test_putc(char c)
{
    board_putc(c);
}

int main(void)
{
    unsigned failed;
#ifdef PPQ_TEST_SMALL
    /* Nothing is skipped; inputs are shorter to fit 16 KB of RAM. */
    board_puts("note: small-RAM profile (PPQ_TEST_SMALL): every test runs, property inputs capped at "
               "256 values and 2 KB buffers (10000 values / 64 KB elsewhere)\n");
#endif
    failed = ppq_test_run(ppq_all_suites, NULL);
    return failed == 0u ? 0 : 1;
}
