/*
 * The on-device flow for logs that survive power cuts, on any log_fs_t:
 *   at boot   durable_boot(): if the last log has no footer (the power
 *             failed while it was open), recover it in place: every row
 *             group written before the cut is kept, a footer is appended;
 *   then      write a new log with the writer's recovery option and
 *             durable_sync as its sync callback, so each row group is on
 *             the card before the next one starts.
 * A cut loses at most the row group being built.
 */
#ifndef DURABLE_H
#define DURABLE_H

#include "log_fs.h"

/* Outcome of durable_boot. */
typedef enum durable_boot_result {
    DURABLE_NO_LOG,    /* no file of that name */
    DURABLE_VALID,     /* it has its footer: nothing to do */
    DURABLE_RECOVERED, /* footer rebuilt in place: res says what was kept */
    DURABLE_LOST       /* nothing to keep (cut before the first row group ended,
                          or not a recoverable log): delete or overwrite it */
} durable_boot_result_t;

/* Check the log `name` and recover it in place if needed, with `arena`
 * (PPQ_RECOVER_ARENA_MIN bytes or more).  *res gets recovery's counts.
 * Returns PPQ_OK and *result, or an I/O error of the file system. */
ppq_status_t durable_boot(log_fs_t *fs, const char *name, void *arena, size_t len, durable_boot_result_t *result,
                          ppq_recover_result_t *res);

/* The writer's sync callback: ctx is the log_fs_t. */
ppq_status_t durable_sync(void *ctx, uint64_t offset);

#endif
