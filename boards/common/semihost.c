/*
 * Arm semihosting over BKPT 0xAB: console output (buffered per line, one
 * SYS_WRITE0 per line), host files (SYS_OPEN/WRITE/CLOSE) and the exit
 * status (SYS_EXIT_EXTENDED, so a failing run makes QEMU exit non-zero).
 */
#include "board.h"

#define SYS_OPEN 0x01
#define SYS_CLOSE 0x02
#define SYS_WRITE0 0x04
#define SYS_WRITE 0x05
#define SYS_READ 0x06
#define SYS_SEEK 0x0A
#define SYS_FLEN 0x0C
#define SYS_EXIT 0x18
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static int semihost(int op, const void *arg)
{
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static char line[128];
static size_t line_len;

void board_flush(void)
{
    if (line_len > 0u) {
        line[line_len] = '\0';
        semihost(SYS_WRITE0, line);
        line_len = 0;
    }
}

void board_putc(char c)
{
    line[line_len++] = c;
    if (c == '\n' || line_len == sizeof line - 1u) {
        board_flush();
    }
}

void board_puts(const char *s)
{
    while (*s != '\0') {
        board_putc(*s++);
    }
}

void board_putu(size_t v)
{
    char buf[24];
    int n = 0;
    do {
        buf[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0u);
    while (n > 0) {
        board_putc(buf[--n]);
    }
}

void board_exit(int status)
{
    uint32_t args[2];
    board_flush();
    args[0] = ADP_STOPPED_APPLICATION_EXIT;
    args[1] = (uint32_t)status;
    semihost(SYS_EXIT_EXTENDED, args);
    /* Hosts without the extended call: plain exit (status lost). */
    semihost(SYS_EXIT, (const void *)(uintptr_t)ADP_STOPPED_APPLICATION_EXIT);
    for (;;) {
    }
}

int board_open(const char *path, int mode_write)
{
    uint32_t args[3];
    size_t n = 0;
    while (path[n] != '\0') {
        n++;
    }
    args[0] = (uint32_t)(uintptr_t)path;
    args[1] = mode_write ? 6u : 0u; /* "wb" : "r" */
    args[2] = (uint32_t)n;
    return semihost(SYS_OPEN, args);
}

int board_write(int handle, const void *data, size_t len)
{
    uint32_t args[3];
    args[0] = (uint32_t)handle;
    args[1] = (uint32_t)(uintptr_t)data;
    args[2] = (uint32_t)len;
    return semihost(SYS_WRITE, args); /* bytes NOT written: 0 = success */
}

int board_read(int handle, void *data, size_t len)
{
    uint32_t args[3];
    int left;
    args[0] = (uint32_t)handle;
    args[1] = (uint32_t)(uintptr_t)data;
    args[2] = (uint32_t)len;
    left = semihost(SYS_READ, args); /* bytes NOT read */
    return left < 0 || (size_t)left > len ? -1 : (int)(len - (size_t)left);
}

int board_close(int handle)
{
    uint32_t arg = (uint32_t)handle;
    return semihost(SYS_CLOSE, &arg);
}

/* ---- stack painting ----------------------------------------------------- */

extern uint32_t __stack_limit[], __stack_top[];
#define PAINT 0xC5C5C5C5u
static uint32_t *painted_from; /* the caller's stack pointer at painting */

void board_stack_paint_below(uint32_t *caller_sp)
{
    volatile uint32_t *p = __stack_limit; /* volatile: no memset, whose frame would be painted */
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    painted_from = caller_sp;
    while (p < sp) { /* everything below this function's own frame */
        *p++ = PAINT;
    }
}

size_t board_stack_used(void)
{
    const uint32_t *p = __stack_limit;
    while (p < painted_from && *p == PAINT) {
        p++;
    }
    return (size_t)((const uint8_t *)painted_from - (const uint8_t *)p);
}

int board_seek(int handle, uint32_t pos)
{
    uint32_t args[2];
    args[0] = (uint32_t)handle;
    args[1] = pos;
    return semihost(SYS_SEEK, args) == 0 ? 0 : -1;
}

long board_size(int handle)
{
    uint32_t args[1];
    args[0] = (uint32_t)handle;
    return (long)semihost(SYS_FLEN, args);
}
