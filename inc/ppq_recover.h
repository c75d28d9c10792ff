/*
 * Power-loss recovery: rebuild the footer of a Parquet file that the
 * writer (with the `recovery` option) did not get to close, keeping every
 * row group written completely before the cut and nothing else.
 *
 * What a cut can lose: the open row group only.  Rows committed before
 * the last row group was written (the writer's `sync` callback runs then)
 * are recovered; a cut at any byte after that point loses nothing more.
 * This assumes appending does not corrupt sectors synced before (FAT
 * rewrites a partly filled last sector: storage that can tear that write
 * may lose the last record with it, and one more row group).
 *
 * The records a recoverable file carries (readers find data through the
 * footer's offsets, so they never look at these bytes):
 *
 *   "PAR1"
 *   header record, right after "PAR1", all integers little-endian:
 *     0   tag 00 'P' 'Q' 'H'
 *     4   u32 body length B (bytes 8 .. 8+B)
 *     8   u8 format (1), u8 flags (bit 0: statistics written, bit 1: row
 *         groups carry a page index and its record, bit 2: a nested
 *         schema, PPQ_WRITER_NESTED: each name is the leaf's path, its
 *         names apart by a 0 byte, and every data page is v2, whose
 *         num_rows counts the records that find the chunk's end), bit 3:
 *         bloom filters and their record), u8 the
 *         pages' codec (ppq_codec_t: every page of the file), u8 0
 *     12  u32 column count N
 *     16  u32 head length H, u32 tail length T
 *     24  N column descriptors: u8 physical type, u8 statistics order,
 *         u8 statistics bytes per bound, u8 name length L, u32 value
 *         width, L name bytes
 *     ..  H bytes: the footer's FileMetaData fields before num_rows
 *         (version, schema), T bytes: its fields after row_groups
 *         (key-value metadata, created_by, column orders) and its end
 *     8+B u32 CRC-32 of bytes 0 .. 8+B
 *   per row group: its column chunks (every page with a CRC), then
 *   with flag bit 1 a page index record (12 + 8N bytes):
 *     0   tag 00 'P' 'Q' 'I'
 *     4   u32 L, the bytes of the page index after this record
 *     8   N times: u32 ColumnIndex length, u32 OffsetIndex length of a
 *         column (0: none)
 *     8+8N u32 CRC-32 of bytes 0 .. 8+8N
 *   and the L bytes of the page index (the ColumnIndexes in column order,
 *   then the OffsetIndexes), then with flag bit 3 a bloom filter record
 *   (12 + 4N bytes; none where no column of the row group has a filter):
 *     0   tag 00 'P' 'Q' 'B'
 *     4   u32 L, the bytes of the filters after this record
 *     8   N times: u32 the length of a column's filter (BloomFilterHeader
 *         and bitset; 0: none)
 *     8+4N u32 CRC-32 of bytes 0 .. 8+4N
 *   and the L bytes of the filters (in column order), then the
 *   row-group record (20 bytes):
 *     0   tag 00 'P' 'Q' 'R'
 *     4   u32 rows, u32 ordinal (0, 1, ...)
 *     12  u32 sum (mod 2^32) of the CRC-32 of each of its page headers
 *         (and of its page index bytes, and of its filters' bytes)
 *     16  u32 CRC-32 of bytes 0 .. 16
 *   the footer, its length, "PAR1" (absent after a cut)
 *
 * A tag starts with a zero byte, which cannot start a page header, so a
 * scan tells records from pages.  Recovery walks the pages after the
 * header record: a row group is kept when its record is intact, its pages
 * split into exactly N column chunks of `rows` values, every page body
 * matches its CRC and its headers match the record's sum.  The first row
 * group that fails ends the scan (a cut damages only the end; a file
 * damaged in the middle loses everything after the damage).  The new
 * footer is the one the writer would have written for the row groups kept
 * (statistics merged from the page headers; key-value metadata as given at
 * init; each column chunk's page index and bloom filter where they were),
 * so readers see the same values, statistics, page indexes and filters
 * (sorting_columns are not recorded: a recovered row group has none).  A file counts as
 * already complete when its footer starts with the schema and exactly
 * where the chain of page headers and records ends.  A read that returns
 * short of `size` is an I/O error, never taken for a cut.
 *
 * Memory: all state in the caller's arena (at least PPQ_RECOVER_ARENA_MIN
 * bytes; more makes reads and copies larger), whatever the file size.
 */
#ifndef PPQ_RECOVER_H
#define PPQ_RECOVER_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PPQ_RECOVER_HEADER_TAG "\0PQH"
#define PPQ_RECOVER_GROUP_TAG "\0PQR"
#define PPQ_RECOVER_INDEX_TAG "\0PQI"
#define PPQ_RECOVER_BLOOM_TAG "\0PQB"
#define PPQ_RECOVER_GROUP_RECORD 20u
#define PPQ_RECOVER_FORMAT 1u

/* The smallest arena recovery works with. */
#define PPQ_RECOVER_ARENA_MIN 2048u

/* A file to recover, through caller callbacks (FatFs: f_lseek + f_read,
 * f_truncate, f_write; POSIX: pread, ftruncate, write). */
typedef struct ppq_file {
    /* Read up to `len` bytes at `offset` into `buf`; *got < len only at
     * the end of the file.  Errors: a negative status. */
    ppq_status_t (*read_at)(void *ctx, uint64_t offset, uint8_t *buf, size_t len, size_t *got);
    /* In place only: cut the file to `size` bytes; appends go after them. */
    ppq_status_t (*truncate)(void *ctx, uint64_t size);
    /* In place only: append bytes at the end of the file. */
    ppq_write_fn append;
    void *ctx;
    uint64_t size; /* the file's length */
} ppq_file_t;

typedef struct ppq_recover_result {
    uint8_t recoverable;    /* the file starts with an intact header record */
    uint8_t was_valid;      /* it already had its footer: nothing to do */
    uint32_t row_groups;    /* row groups kept */
    uint64_t rows;          /* rows kept */
    uint64_t kept_bytes;    /* bytes of the input kept, up to the last good record */
    uint64_t dropped_bytes; /* bytes after them, dropped */
    uint64_t size;          /* the recovered file's length */
} ppq_recover_result_t;

/*
 * Examine `in` and fill *res, writing nothing.  Returns PPQ_OK when there
 * is a file to produce: it already has its footer (res->was_valid), or at
 * least one row group is complete.  PPQ_ERR_CORRUPT: not a recoverable
 * picoparquet file (res->recoverable 0) or no complete row group;
 * PPQ_ERR_ARENA when `len` < PPQ_RECOVER_ARENA_MIN; PPQ_ERR_ARG for NULLs;
 * or the read callback's error.
 */
PPQ_CHECKRET ppq_status_t ppq_recover_scan(const ppq_file_t *in, void *arena, size_t len,
                                           ppq_recover_result_t *res);

/* Write the recovered file to `out`: the kept bytes of `in`, then the new
 * footer; an already valid file is copied unchanged.  Statuses as
 * ppq_recover_scan, plus the sink's error. */
PPQ_CHECKRET ppq_status_t ppq_recover_copy(const ppq_file_t *in, ppq_sink_t *out, void *arena, size_t len,
                                           ppq_recover_result_t *res);

/* Recover `f` in place: truncate it after the last complete row group and
 * append the new footer (needs truncate and append); an already valid
 * file is left as it is.  Statuses as ppq_recover_scan, plus the
 * callbacks' errors; a failure after the truncation leaves a file that a
 * later call recovers again. */
PPQ_CHECKRET ppq_status_t ppq_recover_in_place(const ppq_file_t *f, void *arena, size_t len,
                                               ppq_recover_result_t *res);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_RECOVER_H */
