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

/*
 * Shredding (Dremel striping) of nested rows: JSON Lines rows of any schema
 * (flat or nested) into, per leaf column, definition and repetition levels
 * and dense values, the shape ppq_column_reader_read returns and the
 * library's nested batch call takes.
 *
 * Levels follow the spec's 3-level forms: a list<T> is a group (LIST) ->
 * repeated group `list` -> `element`; a map<K,V> a group (MAP) -> repeated
 * group `key_value` -> `key` (REQUIRED) and `value`; a struct a plain
 * group.  A node with '?' is OPTIONAL (one definition level), else
 * REQUIRED; a list's or map's repeated group adds a definition and a
 * repetition level.  So a leaf's max_def counts its nullable nodes and its
 * lists and maps above it, its max_rep the lists and maps.
 *
 * JSON per type: a struct an object of its fields (absent fields null), a
 * list an array, a map an object {"key": value, ...} (keys are JSON strings
 * parsed as the key type: "3" for an int32 key; duplicates kept) or an
 * array of {"key": k, "value": v} (as `ppq cat` prints maps whose keys are
 * not text); leaves as in pw_parse_value; null (or an absent field) for a
 * nullable node.  [] and {} are empty lists and maps.
 */
typedef struct pw_leaf {
    uint32_t node;         /* its schema node */
    int16_t max_def, max_rep;
    uint8_t kind;          /* how its text parses */
    size_t slot;           /* bytes of a value slot */
    uint8_t is_bytes;      /* a byte array (values are ppq_bytes_t) */
    int16_t *def, *rep;    /* per entry (allocated for every leaf; all 0 where max_def / max_rep is 0) */
    size_t n, cap;         /* entries */
    uint8_t *values;       /* dense: one slot per entry whose def == max_def */
    size_t nvalues, vcap;
    size_t *offsets;       /* byte arrays: per value its offset in the shred's bytes */
} pw_leaf_t;

/* A step of the path to the field being shredded: a field's name, or (name
 * NULL) a list's or map's entry index.  Kept as steps, written out only for
 * a message. */
typedef struct pw_step {
    const char *name;
    size_t idx;
} pw_step_t;

#define PW_PATH_STEPS 128u

typedef struct pw_shred {
    const pw_schema_t *s;
    pw_leaf_t *leaves;     /* in schema (pre-order) order: the file's columns */
    uint32_t nleaves;
    int16_t *node_def;     /* per node: the definition level when it is present */
    int16_t *node_rep;     /* per node: repetition levels of the lists and maps at or above it */
    uint32_t *end;         /* per node: the index past its subtree */
    uint32_t *leaf_lo;     /* per node: its first leaf (its leaves are leaf_lo..leaf_lo[end]) */
    uint32_t *seen, stamp; /* per node: the object it was last given in */
    uint64_t records;      /* rows shredded since the last reset */
    pw_buf_t bytes;        /* every byte array's bytes */
    pw_buf_t scratch;      /* an unescaped JSON string */
    uint32_t max_bytes;    /* a byte array's most bytes (0: no limit) */
    size_t *mark;          /* per leaf, at the row's start: entries, values */
    size_t mark_bytes;     /* bytes.len at the row's start */
    pw_step_t path[PW_PATH_STEPS]; /* the field being shredded, for messages */
    size_t path_len;       /* steps (those past PW_PATH_STEPS are not kept) */
    uint32_t cur;          /* the node being shredded (UINT32_MAX: the row) */
    uint32_t e_node;       /* where the failure was */
    const char *e_what;    /* a failure's parts */
    char e_got[200];
} pw_shred_t;

/* The shredder for schema s (which must outlive it); 0 when out of memory. */
int pw_shred_init(pw_shred_t *sh, const pw_schema_t *s);
void pw_shred_free(pw_shred_t *sh);
/* Empty every leaf (buffers kept). */
void pw_shred_reset(pw_shred_t *sh);
/* Point every byte array value (ppq_bytes_t) into sh->bytes (before
 * handing the leaves on: the buffer moves as it grows). */
void pw_shred_fix(pw_shred_t *sh);
/* One JSON object (a line without its newline): its levels and values
 * appended to every leaf, then records++.  0, or -1 with
 * "field \"a.b[2].c\" (type): expected ..., got ..." (or what is wrong
 * with the line) in err; the leaves are as before the row then. */
int pw_shred_row(pw_shred_t *sh, const char *p, size_t n, char *err, size_t errlen);
/* Whether the last row pw_shred_row took fits a page in every leaf (at
 * most page_values entries, byte arrays at most page_bytes together; a
 * writer's pages end at record boundaries): 0, or -1 with "field \"a.b\":
 * N entries in one row, a page takes at most M (--page-values)" in err and
 * the row taken back out. */
int pw_shred_row_fits(pw_shred_t *sh, uint32_t page_values, uint32_t page_bytes, char *err, size_t errlen);
/* Leaf k's path in the schema's names ("gps.lat", "burst.element") into
 * buf. */
void pw_shred_leaf_path(const pw_shred_t *sh, uint32_t k, char *buf, size_t cap);

#if defined(PPQ_WRITER_NESTED) && PPQ_WRITER_NESTED
/* The library's schema tree of s (ppq_writer_init_nested): s's nodes in
 * order, each list's and map's middle group (REPEATED STRUCT "list" or
 * "key_value") put in after it, into nodes (room for 2 * s->n); leaves
 * the columns of s's leaves in order (nleaves of them, the shredder's). */
void pw_schema_tree(const pw_schema_t *s, ppq_node_t *nodes, const ppq_column_t *leaves, uint32_t nleaves,
                    ppq_schema_t *tree);
#endif

#endif
