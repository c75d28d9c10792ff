/* Host entry point of the unit suite: stdout as the harness output. */
#include <stdio.h>

#include "ppq_test.h"
#include "suites.h"

void ppq_test_putc(char c)
{
    putchar(c);
}

int main(int argc, char **argv)
{
    unsigned failed = ppq_test_run(ppq_all_suites, argc > 1 ? argv[1] : NULL);
    fflush(stdout);
    return failed == 0u ? 0 : 1;
}
