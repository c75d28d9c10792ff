/*
 * The parsers of `ppq write` (ppq_write_cmd.c), apart from any file so a
 * fuzz target can drive them (test/fuzz/fuzz_write_parse.c): the schema
 * text, one value of a column from its text, and rows as JSON Lines or
 * CSV into a block of column batches (host memory, malloc'd).
 *
 * Schema text (the full grammar; nested types parse, the command refuses
 * them until the library writes them):
 *   schema := field (',' field)*
 *   field  := name ':' type ['?']          ('?': nullable)
 *   type   := boolean | int8 | int16 | int32 | int64 | uint8 | uint16
 *           | uint32 | uint64 | float | double | float16 | string | binary
 *           | json | uuid | date | fixed '(' N ')' | decimal '(' P ',' S ')'
 *           | time '(' unit [',' utc] ')' | timestamp '(' unit [',' utc] ')'
 *           | list '<' type ['?'] '>' | struct '<' field (',' field)* '>'
 *           | map '<' type ',' type ['?'] '>'
 *   unit   := ms | us | ns
 *   name   := characters other than blanks and :,<>()?"  | '"' text '"'
 *            (a quoted name doubles its '"')
 * Blanks may surround every token; type names are case-insensitive.
 */
#ifndef PPQ_WRITE_PARSE_H
#define PPQ_WRITE_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "picoparquet.h"

#define PW_MAX_NODES 4096u
#define PW_MAX_DEPTH 32u
#define PW_ERR_LEN 320u

typedef enum pw_kind { PW_LEAF = 0, PW_LIST, PW_STRUCT, PW_MAP } pw_kind_t;

/* A schema node, in pre-order: a top-level field, or a nested type's part
 * (a list's element, a struct's fields, a map's key and value). */
typedef struct pw_node {
    pw_kind_t kind;
    uint8_t nullable;
    int32_t parent;       /* -1: top level */
    uint32_t children;
    char *name;           /* malloc'd, NUL-terminated ("element", "key", "value" inside list and map) */
    char type_text[64];   /* the type as written, for messages ("timestamp(us,utc)") */
    ppq_column_t col;     /* leaves: the column (col.name is `name`) */
} pw_node_t;

typedef struct pw_schema {
    pw_node_t *nodes;
    uint32_t n, cap;
    uint32_t top;         /* top-level fields */
} pw_schema_t;

/* Parse schema text into *s (zeroed first).  0, or -1 with a one-line
 * message in err ("at character N: expected ..."); free with
 * pw_schema_free either way. */
int pw_schema_parse(const char *text, size_t len, pw_schema_t *s, char *err, size_t errlen);
void pw_schema_free(pw_schema_t *s);

/* A growable byte buffer. */
typedef struct pw_buf {
    uint8_t *p;
    size_t len, cap;
} pw_buf_t;

/* Room for n more bytes; 0 when out of memory. */
int pw_buf_reserve(pw_buf_t *b, size_t n);

/*
 * One value of column c from its text s[0..n) into `slot` (c's in-memory
 * type: uint8_t, int32_t, int64_t, float, double, or ppq_bytes_t whose
 * bytes are appended to `bytes`, ptr left NULL: the caller points it
 * there once the buffer stops moving).  `quoted`: the text was a JSON
 * string (a bare JSON token otherwise; CSV fields are always 0).  NULL on
 * success, else what was expected ("an integer in -128..127").
 */
const char *pw_parse_value(const ppq_column_t *c, const char *s, size_t n, int quoted, void *slot, pw_buf_t *bytes);

/* A block of rows, column by column (the leaves of a flat schema). */
typedef struct pw_block {
    const ppq_column_t *cols;
    const char *const *types; /* per column its type text (messages) */
    uint32_t ncols;
    uint32_t cap, n;       /* rows it holds at most, rows in it */
    void **values;         /* per column: cap slots */
    uint8_t **validity;    /* per column: a bit per row (NULL for REQUIRED columns) */
    size_t **offsets;      /* per byte column: each row's value's offset in bytes */
    pw_buf_t bytes;        /* every byte array of the block */
    pw_buf_t scratch;      /* an unescaped JSON string or quoted CSV field */
    uint32_t *seen;        /* JSON: per column, the row stamp it was last set at */
    uint32_t stamp;
    uint32_t next;         /* JSON: the column the next key most likely names */
    uint32_t *csv_map;     /* CSV: per header field, its column */
    uint32_t csv_fields;
    uint8_t *kinds;        /* per column: how its text parses */
    size_t *namelen;       /* per column: strlen of its name */
    uint32_t max_bytes;    /* a byte array's most bytes (0: no limit) */
    size_t *slot_sizes;    /* per column: bytes of a slot */
    uint32_t missing;      /* CSV: columns the header leaves out */
} pw_block_t;

/* A block for `ncols` columns of `cap` rows; 0 when out of memory. */
int pw_block_init(pw_block_t *b, const ppq_column_t *cols, const char *const *types, uint32_t ncols, uint32_t cap);
void pw_block_free(pw_block_t *b);
/* Empty the block (its buffers kept). */
void pw_block_reset(pw_block_t *b);
/* Point every byte array's slot into b->bytes (before writing the block). */
void pw_block_fix(pw_block_t *b);

/* One JSON object (a line without its newline) as row b->n, then b->n++.
 * 0, or -1 with "field \"x\" (type): expected ..., got ..." (or what is
 * wrong with the line) in err; the block's rows are unchanged then. */
int pw_json_row(pw_block_t *b, const char *p, size_t n, char *err, size_t errlen);

/*
 * CSV (RFC 4180: ',' separated, '"' quoted with "" inside, records ending
 * in LF or CRLF, a quoted field may hold both).  A record from p (avail
 * bytes; `eof`: no more follow): returns the bytes it took (> 0), 0 when
 * it runs past avail before eof (read more and call again), or -1 with a
 * message in err.  *lines gets the line breaks it took.
 *   pw_csv_header: the header; every field names a column (each once);
 *     a REQUIRED column the header leaves out is an error, an OPTIONAL one
 *     is null in every row.
 *   pw_csv_row: a record as row b->n (then b->n++): as many fields as the
 *     header, an empty field null (a REQUIRED byte-array column: empty),
 *     a quoted one ("") the empty string.
 */
long pw_csv_header(pw_block_t *b, const char *p, size_t avail, int eof, size_t *lines, char *err, size_t errlen);
long pw_csv_row(pw_block_t *b, const char *p, size_t avail, int eof, size_t *lines, char *err, size_t errlen);

#endif
