/* `ppq cat` and `ppq scan` (see ppq_cat.c): returns the exit status. */
#ifndef PPQ_CAT_H
#define PPQ_CAT_H

#include <stdint.h>

#include "picoparquet.h"

int ppq_cat_cmd(int argc, char **argv);

/* A ppq_file_t read_at over a stdio FILE * (ctx), by pread(): the CLI's
 * files for the library's reader (cat, scan, inspect). */
ppq_status_t ppq_cli_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got);

#endif
