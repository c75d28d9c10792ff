/* What a board offers the test and demo programs: output and exit through
 * semihosting, plus stack painting for high-water measurements. */
#ifndef PPQ_BOARD_H
#define PPQ_BOARD_H

#include <stddef.h>
#include <stdint.h>

void board_putc(char c);
void board_puts(const char *s);
/* Print `v` in decimal. */
void board_putu(size_t v);
void board_flush(void);
/* Exit QEMU with `status` (SYS_EXIT_EXTENDED); never returns. */
void board_exit(int status) __attribute__((noreturn));

/* Open a host file through semihosting; returns a handle or -1. */
int board_open(const char *path, int mode_write);
/* Write `len` bytes to a semihosting handle; returns 0 on success. */
int board_write(int handle, const void *data, size_t len);
/* Read up to `len` bytes from a semihosting handle; returns the bytes read
 * (fewer at the end of the file) or -1. */
int board_read(int handle, void *data, size_t len);
int board_close(int handle);
/* Move a handle's position to byte `pos` (0 on success), and a host
 * file's length (or -1): with board_read, reads at any offset. */
int board_seek(int handle, uint32_t pos);
long board_size(int handle);

/* Fill the unused stack below the caller's frame with a pattern ... */
#define board_stack_paint()                                                                          \
    do {                                                                                             \
        uint32_t *board_sp_;                                                                         \
        __asm__ volatile("mov %0, sp" : "=r"(board_sp_));                                            \
        board_stack_paint_below(board_sp_);                                                          \
    } while (0)
void board_stack_paint_below(uint32_t *caller_sp);
/* ... and report the deepest use below the caller's stack pointer since,
 * in bytes: what the calls made in between needed, frames included. */
size_t board_stack_used(void);

#endif
