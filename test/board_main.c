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
    unsigned failed = ppq_test_run(ppq_all_suites, NULL);
    return failed == 0u ? 0 : 1;
}
