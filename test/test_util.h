/* Helpers shared by the unit tests: a capturing sink that can be told to
 * fail after k bytes, and an ASan-visible tail buffer for over-read checks. */
#ifndef PPQ_TEST_UTIL_H
#define PPQ_TEST_UTIL_H

#include "picoparquet.h"
#include "ppq_test.h"

/*
 * Test memory.  Boards with little RAM (PPQ_TEST_SMALL, the 16 KB
 * microbit) run the same tests on shorter inputs; test_small_note() prints
 * what is reduced so nothing is left out silently.
 *   PPQ_TEST_MAX_VALUES  longest property-test input
 *   PPQ_TEST_BUF         one encoded-bytes buffer
 *   PPQ_TEST_ARENA       the arena handed to codecs
 *   PPQ_TEST_SCRATCH     per-test buffers (test_alloc), reset by test_setup()
 *   PPQ_TEST_TAIL        the most tail_copy() can hold
 */
#ifdef PPQ_TEST_SMALL
#define PPQ_TEST_MAX_VALUES 256u
#define PPQ_TEST_BUF 2048u
#define PPQ_TEST_ARENA 4096u
#define PPQ_TEST_SCRATCH 6656u
#define PPQ_TEST_TAIL 2048u
#else
#define PPQ_TEST_MAX_VALUES 10000u
#define PPQ_TEST_BUF 65536u
#define PPQ_TEST_ARENA (256u * 1024u)
#define PPQ_TEST_SCRATCH (1024u * 1024u)
#define PPQ_TEST_TAIL (256u * 1024u)
#endif

/* Start a test's scratch memory from empty. */
void test_setup(void);
/* `bytes` of scratch (8-aligned), or NULL when the scratch is exhausted. */
void *test_alloc(size_t bytes);

typedef struct tsink {
    uint8_t *buf;
    size_t cap;
    size_t len;
    size_t fail_at; /* fail a write that would take the total past this */
    size_t calls;
    size_t max_write; /* largest single write seen */
} tsink_t;

/* A sink capturing into buf[cap]; fail_at = (size_t)-1 never fails. */
void tsink_init(ppq_sink_t *sink, tsink_t *ts, uint8_t *buf, size_t cap, size_t fail_at);

/* Copy `len` bytes to the very end of a global array, so that any read
 * past them is a global-buffer-overflow under ASan.  Returns the copy, or
 * NULL when `len` exceeds PPQ_TEST_TAIL (the decoders then fail the test). */
const uint8_t *tail_copy(const void *data, size_t len);

/* The arena memory codecs get in tests (not reentrant). */
extern uint8_t *const test_arena_ptr;
extern const size_t test_arena_size;

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
