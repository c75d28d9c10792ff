/* Helpers shared by the unit tests: a capturing sink that can be told to
 * fail after k bytes, and an ASan-visible tail buffer for over-read checks. */
#ifndef PPQ_TEST_UTIL_H
#define PPQ_TEST_UTIL_H

#include "picoparquet.h"
#include "ppq_test.h"

#ifndef PPQ_TEST_MAX_VALUES
#define PPQ_TEST_MAX_VALUES 10000u /* longest property-test input */
#endif
#ifndef PPQ_TEST_BUF
#define PPQ_TEST_BUF 65536u /* encoded-bytes buffers */
#endif

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
 * past them is a global-buffer-overflow under ASan.  Returns the copy. */
const uint8_t *tail_copy(const void *data, size_t len);

/* Shared scratch memory for tests (not reentrant). */
extern uint8_t *const test_arena_ptr;
extern const size_t test_arena_size;

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
