/*
 * Cortex-M startup shared by every board: the vector table, the reset
 * handler (copy .data, zero .bss, enable the FPU where the build uses it,
 * call main, exit through semihosting) and fault handlers that report the
 * exception and exit non-zero.  Written for this project.
 */
#include <stdint.h>

#include "board.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

int main(void);

void Reset_Handler(void);
void Fault_Handler(void);

void Reset_Handler(void)
{
    uint32_t *src = __data_load, *dst = __data_start;
    while (dst < __data_end) {
        *dst++ = *src++;
    }
    for (dst = __bss_start; dst < __bss_end; dst++) {
        *dst = 0;
    }
#if defined(__ARM_FP)
    /* CPACR: full access to coprocessors 10 and 11 (the FPU). */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    board_exit(main());
}

/* Any exception we do not expect: say which one and stop. */
void Fault_Handler(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    board_puts("\n*** fault: exception ");
    board_putc((char)('0' + (ipsr & 0x1FFu) / 10u));
    board_putc((char)('0' + (ipsr & 0x1FFu) % 10u));
    board_puts(ipsr == 3u ? " (HardFault)\n" : "\n");
    board_exit(100 + (int)(ipsr & 0x1Fu));
}

/* Cortex-M vector table: initial SP, reset, then the system exceptions;
 * the boards' peripheral interrupts stay disabled. */
struct vector_table {
    uint32_t *initial_sp;
    void (*handler[15])(void);
};

__attribute__((section(".vectors"), used)) const struct vector_table vector_table = {
    __stack_top,
    {
        Reset_Handler,
        Fault_Handler, /* NMI */
        Fault_Handler, /* HardFault */
        Fault_Handler, /* MemManage */
        Fault_Handler, /* BusFault */
        Fault_Handler, /* UsageFault */
        Fault_Handler, /* SecureFault (v8-M) */
        0,
        0,
        0,
        Fault_Handler, /* SVCall */
        Fault_Handler, /* DebugMonitor */
        0,
        Fault_Handler, /* PendSV */
        Fault_Handler, /* SysTick */
    },
};
