/* `ppq recover`: the library's power-loss recovery over stdio files. */
#define _POSIX_C_SOURCE 200809L /* fseeko, ftello, ftruncate, fileno */

#include "ppq_recover_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "picoparquet.h"

/* Bigger than the least: larger reads and copies. */
#define ARENA_BYTES (1024u * 1024u)

static ppq_status_t file_read_at(void *ctx, uint64_t offset, uint8_t *buf, size_t len, size_t *got)
{
    FILE *f = (FILE *)ctx;
    *got = 0;
    if (fseeko(f, (off_t)offset, SEEK_SET) != 0) {
        return PPQ_ERR_IO;
    }
    *got = fread(buf, 1, len, f);
    return ferror(f) ? PPQ_ERR_IO : PPQ_OK;
}

static ppq_status_t file_truncate(void *ctx, uint64_t size)
{
    FILE *f = (FILE *)ctx;
    if (fflush(f) != 0 || ftruncate(fileno(f), (off_t)size) != 0) {
        return PPQ_ERR_IO;
    }
    return PPQ_OK;
}

/* Recovery reads between appends: seek to the end each time (stdio also
 * wants a seek between a read and a write). */
static ppq_status_t file_append(void *ctx, const uint8_t *data, size_t len)
{
    FILE *f = (FILE *)ctx;
    return fseeko(f, 0, SEEK_END) == 0 && fwrite(data, 1, len, f) == len ? PPQ_OK : PPQ_ERR_IO;
}

static int file_init(ppq_file_t *pf, FILE *f)
{
    off_t end;
    if (fseeko(f, 0, SEEK_END) != 0 || (end = ftello(f)) < 0) {
        return 0;
    }
    pf->read_at = file_read_at;
    pf->truncate = file_truncate;
    pf->append = file_append;
    pf->ctx = f;
    pf->size = (uint64_t)end;
    return 1;
}

static int fail(int code, const char *what, const char *path)
{
    fprintf(stderr, "ppq: %s: %s\n", path, what);
    return code;
}

static void report(const ppq_recover_result_t *r, const char *path, int in_place)
{
    if (r->was_valid) {
        printf("%s: already a valid Parquet file (it has its footer); %s\n", path,
               in_place ? "left unchanged" : "copied unchanged");
        return;
    }
    printf("%s: kept %lu row groups, %llu rows (%llu bytes); dropped %llu bytes after the last complete row "
           "group; new footer written%s, %llu bytes in all\n",
           path, (unsigned long)r->row_groups, (unsigned long long)r->rows, (unsigned long long)r->kept_bytes,
           (unsigned long long)r->dropped_bytes, in_place ? " in place" : "", (unsigned long long)r->size);
}

/* Why recovery refused the file, for the message. */
static int refused(ppq_status_t st, const ppq_recover_result_t *r, const char *path)
{
    if (st == PPQ_ERR_CORRUPT && !r->recoverable) {
        return fail(1, "not a recoverable picoparquet file (no intact header record after \"PAR1\"; "
                       "was it written with the recovery option?)", path);
    }
    if (st == PPQ_ERR_CORRUPT) {
        return fail(1, "no complete row group to recover (the cut came before the first row group ended)", path);
    }
    return fail(2, ppq_status_str(st), path);
}

static ppq_status_t out_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

int ppq_recover_cmd(int argc, char **argv)
{
    static uint8_t arena[ARENA_BYTES];
    ppq_recover_result_t r;
    ppq_file_t in;
    FILE *f, *out;
    ppq_sink_t sink;
    ppq_status_t st;
    struct stat out_st;
    int existed = 0;
    int in_place = argc == 4 && strcmp(argv[2], "--in-place") == 0;
    const char *path = in_place ? argv[3] : argv[2];
    if (argc != 4) {
        fputs("ppq: recover needs IN OUT, or --in-place FILE\n", stderr);
        return 2;
    }
    f = fopen(path, in_place ? "r+b" : "rb");
    if (f == NULL || !file_init(&in, f)) {
        return fail(2, "cannot open or read", path);
    }
    if (in_place) {
        st = ppq_recover_in_place(&in, arena, sizeof arena, &r);
        if (st == PPQ_OK && fclose(f) != 0) {
            st = PPQ_ERR_IO;
        }
        if (st != PPQ_OK) {
            return refused(st, &r, path);
        }
        report(&r, path, 1);
        return 0;
    }
    st = ppq_recover_scan(&in, arena, sizeof arena, &r);
    if (st != PPQ_OK) {
        fclose(f);
        return refused(st, &r, path);
    }
    if (stat(argv[3], &out_st) == 0) {
        struct stat in_st;
        if (fstat(fileno(f), &in_st) == 0 && in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino) {
            fclose(f);
            return fail(2, "is both IN and OUT (to recover a file where it is: --in-place)", path);
        }
        existed = 1;
    }
    out = fopen(argv[3], "wb");
    if (out == NULL) {
        fclose(f);
        return fail(2, "cannot create", argv[3]);
    }
    sink.write = out_write;
    sink.ctx = out;
    sink.offset = 0;
    st = ppq_recover_copy(&in, &sink, arena, sizeof arena, &r);
    fclose(f);
    if (fclose(out) != 0 && st == PPQ_OK) {
        st = PPQ_ERR_IO;
    }
    if (st != PPQ_OK) {
        if (!existed) {
            remove(argv[3]); /* ours, and incomplete */
        }
        return refused(st, &r, path);
    }
    report(&r, path, 0);
    return 0;
}
