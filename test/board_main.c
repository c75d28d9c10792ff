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
    /* Inputs are shorter to fit 16 KB of RAM; one check is narrower. */
    board_puts("note: small-RAM profile (PPQ_TEST_SMALL): every test runs, property inputs capped at "
               "256 values and 2 KB buffers (10000 values / 64 KB elsewhere); "
               "writer.delta_byte_array_columns checks only the clean PPQ_ERR_ARENA refusal "
               "(its writer needs over 5 KB of arena, the test arena is 4 KB); "
               "the recover suite logs 2 columns (timestamp, optional dictionary string) "
               "instead of 6, in 3 row groups, with 100 random cuts of the larger log instead of 1000\n");
#endif
    board_stack_paint();
    failed = ppq_test_run(ppq_all_suites, NULL);
    {
        /* The suite's deepest stack use, from the painted stack: a run that
         * touched the last 64 bytes may have overflowed into .bss. */
        extern uint32_t __stack_limit[];
        size_t used = board_stack_used(), room;
        uint32_t *sp;
        __asm__ volatile("mov %0, sp" : "=r"(sp));
        room = (size_t)((uint8_t *)sp - (uint8_t *)__stack_limit);
        board_puts("stack: deepest use ");
        ppq_test_putu(used);
        board_puts(" bytes of ");
        ppq_test_putu(room);
        board_puts("\n");
        if (used + 64u > room) {
            board_puts("stack: too close to the limit\n");
            failed++;
        }
    }
    return failed == 0u ? 0 : 1;
}
