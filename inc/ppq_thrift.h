/*
 * Thrift Compact Protocol, hand-rolled: a streaming writer (straight-line
 * calls, no recursion, sticky error) and a bounds-checked reader that can
 * skip any unknown value with an explicit fixed-depth stack.
 *
 * Writer use: each ppq_thrift_w_* call writes one field (header + value) of
 * the struct being written; *_begin calls open a nested struct or a list,
 * ppq_thrift_w_end closes a struct (stop byte).  Struct elements of a list
 * are opened with ppq_thrift_w_elem_struct.  Errors are kept: check
 * ppq_thrift_w_status() once at the end.
 *
 * Reader use: ppq_thrift_r_field() returns the next field's id and type
 * (PPQ_THRIFT_STOP ends the struct); the value is then read with the
 * matching ppq_thrift_r_* call, entered (struct, list) or skipped.
 */
#ifndef PPQ_THRIFT_H
#define PPQ_THRIFT_H

#include "ppq_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Nesting limit: parquet.thrift needs 6 (FileMetaData > SchemaElement >
 * LogicalType > TimestampType > TimeUnit > MicroSeconds). */
#define PPQ_THRIFT_MAX_DEPTH 8

/* Compact protocol type ids. */
typedef enum ppq_thrift_type {
    PPQ_THRIFT_STOP = 0,
    PPQ_THRIFT_TRUE = 1,   /* field: bool true; element type: bool */
    PPQ_THRIFT_FALSE = 2,  /* field: bool false */
    PPQ_THRIFT_I8 = 3,
    PPQ_THRIFT_I16 = 4,
    PPQ_THRIFT_I32 = 5,
    PPQ_THRIFT_I64 = 6,
    PPQ_THRIFT_DOUBLE = 7,
    PPQ_THRIFT_BINARY = 8,
    PPQ_THRIFT_LIST = 9,
    PPQ_THRIFT_SET = 10,
    PPQ_THRIFT_MAP = 11,
    PPQ_THRIFT_STRUCT = 12,
    PPQ_THRIFT_UUID = 13
} ppq_thrift_type_t;

/* ---- writer ------------------------------------------------------------- */

typedef struct ppq_thrift_w {
    ppq_sink_t *out;
    int16_t last_id[PPQ_THRIFT_MAX_DEPTH]; /* previous field id per open struct */
    uint8_t depth;                          /* open structs (0 = top level) */
    ppq_status_t err;
} ppq_thrift_w_t;

/* Write to `out` (must outlive the writer).  The top-level struct is open
 * from the start: end it with ppq_thrift_w_end like any other. */
void ppq_thrift_w_init(ppq_thrift_w_t *w, ppq_sink_t *out);

/* Go on with the innermost open struct as if field `id` had just been
 * written: for a struct serialized in parts (the next field header is
 * relative to `id`). */
void ppq_thrift_w_after(ppq_thrift_w_t *w, int16_t id);

/* One field each: header (short form for ids 1..15 above the previous one,
 * long form otherwise) and value. */
void ppq_thrift_w_bool(ppq_thrift_w_t *w, int16_t id, int value);
void ppq_thrift_w_i8(ppq_thrift_w_t *w, int16_t id, int8_t value);
void ppq_thrift_w_i16(ppq_thrift_w_t *w, int16_t id, int16_t value);
void ppq_thrift_w_i32(ppq_thrift_w_t *w, int16_t id, int32_t value);
void ppq_thrift_w_i64(ppq_thrift_w_t *w, int16_t id, int64_t value);
void ppq_thrift_w_double(ppq_thrift_w_t *w, int16_t id, double value);
void ppq_thrift_w_binary(ppq_thrift_w_t *w, int16_t id, const void *data, uint32_t len);
/* A NUL-terminated string as binary. */
void ppq_thrift_w_string(ppq_thrift_w_t *w, int16_t id, const char *s);

/* A struct field: header, then its fields, then ppq_thrift_w_end. */
void ppq_thrift_w_struct(ppq_thrift_w_t *w, int16_t id);
/* A list field of `size` elements of `elem` type; the elements follow. */
void ppq_thrift_w_list(ppq_thrift_w_t *w, int16_t id, ppq_thrift_type_t elem, uint32_t size);

/* List elements. */
void ppq_thrift_w_elem_i32(ppq_thrift_w_t *w, int32_t value);
void ppq_thrift_w_elem_i64(ppq_thrift_w_t *w, int64_t value);
void ppq_thrift_w_elem_binary(ppq_thrift_w_t *w, const void *data, uint32_t len);
void ppq_thrift_w_elem_bool(ppq_thrift_w_t *w, int value); /* 01 / 02, element type 1 */
/* A struct element: its fields, then ppq_thrift_w_end. */
void ppq_thrift_w_elem_struct(ppq_thrift_w_t *w);

/* Close the innermost open struct with a stop byte.  Unbalanced use
 * becomes PPQ_ERR_STATE. */
void ppq_thrift_w_end(ppq_thrift_w_t *w);

/* The first error (the sink's, PPQ_ERR_STATE for unbalanced structs or a
 * nesting deeper than PPQ_THRIFT_MAX_DEPTH), else PPQ_OK. */
ppq_status_t ppq_thrift_w_status(const ppq_thrift_w_t *w);

/* ---- reader ------------------------------------------------------------- */

/* The least window a streaming reader works with: a value's fixed part
 * (a field header, a varint, a double, a UUID) always fits. */
#define PPQ_THRIFT_STREAM_MIN 16u

/* A streaming reader's input: `rest` bytes still to come, at `offset` on
 * through `read_at` (ppq_file_t's callback: `len` bytes at `offset` into
 * `buf`, *got fewer only at the end of the data), read into the window
 * `win` (cap bytes) as the reader advances. */
typedef struct ppq_thrift_stream {
    ppq_status_t (*read_at)(void *ctx, uint64_t offset, uint8_t *buf, size_t len, size_t *got);
    void *ctx;
    uint64_t offset;
    uint8_t *win;
    size_t cap;
    size_t rest;
    ppq_status_t err;       /* the read's error (PPQ_ERR_IO for a short one), once one failed */
} ppq_thrift_stream_t;

typedef struct ppq_thrift_r {
    const uint8_t *pos;
    const uint8_t *end;
    int16_t last_id[PPQ_THRIFT_MAX_DEPTH];
    uint8_t depth;          /* open structs, the top level counting as 1 */
    ppq_thrift_stream_t *s; /* NULL: the whole input is in memory */
} ppq_thrift_r_t;

/* Read from `len` bytes at `data` (caller-owned); the top-level struct is
 * open from the start. */
void ppq_thrift_r_init(ppq_thrift_r_t *r, const void *data, size_t len);

/*
 * Read through a window: the caller fills in *s (read_at, ctx, offset;
 * win and cap: at least PPQ_THRIFT_STREAM_MIN bytes, larger means fewer
 * reads; rest: the input's length; err: PPQ_OK), which must outlive the
 * reader.  Every call below then works the same, bounded by the input's
 * length, reading a window at a time; binaries longer than the window are
 * taken with ppq_thrift_r_binary_len and ppq_thrift_r_bytes.  After a PPQ_ERR_CORRUPT,
 * s->err tells a read error (the input seemed to end).
 */
void ppq_thrift_r_init_stream(ppq_thrift_r_t *r, ppq_thrift_stream_t *s);

/*
 * The next field of the innermost open struct: *id and *type.  On
 * PPQ_THRIFT_STOP the struct is closed (*id = 0).  PPQ_ERR_CORRUPT for
 * truncation or an invalid type.
 */
PPQ_CHECKRET ppq_status_t ppq_thrift_r_field(ppq_thrift_r_t *r, int16_t *id, ppq_thrift_type_t *type);

/* Values of the field just read (or list elements: pass the element type).
 * Each checks that the wire type is the one asked for: PPQ_ERR_CORRUPT
 * otherwise, and for truncation or out-of-range varints.  A bool field's
 * value is in its type; a bool list element is a byte (ppq_thrift_r_elem_bool:
 * 01 true, 00 or 02 false, anything else corrupt). */
PPQ_CHECKRET ppq_status_t ppq_thrift_r_bool(ppq_thrift_r_t *r, ppq_thrift_type_t type, int *value);
PPQ_CHECKRET ppq_status_t ppq_thrift_r_elem_bool(ppq_thrift_r_t *r, int *value);
PPQ_CHECKRET ppq_status_t ppq_thrift_r_i8(ppq_thrift_r_t *r, ppq_thrift_type_t type, int8_t *value);
PPQ_CHECKRET ppq_status_t ppq_thrift_r_i16(ppq_thrift_r_t *r, ppq_thrift_type_t type, int16_t *value);
PPQ_CHECKRET ppq_status_t ppq_thrift_r_i32(ppq_thrift_r_t *r, ppq_thrift_type_t type, int32_t *value);
PPQ_CHECKRET ppq_status_t ppq_thrift_r_i64(ppq_thrift_r_t *r, ppq_thrift_type_t type, int64_t *value);
PPQ_CHECKRET ppq_status_t ppq_thrift_r_double(ppq_thrift_r_t *r, ppq_thrift_type_t type, double *value);
/* Binary: *data points into the input (streaming: into the window, valid
 * until the next call; PPQ_ERR_CORRUPT for one longer than the window),
 * *len checked against what is left. */
PPQ_CHECKRET ppq_status_t ppq_thrift_r_binary(ppq_thrift_r_t *r, ppq_thrift_type_t type, const uint8_t **data,
                                              uint32_t *len);
/* A binary's length only (checked against what is left); its bytes
 * follow: take them with ppq_thrift_r_bytes. */
PPQ_CHECKRET ppq_status_t ppq_thrift_r_binary_len(ppq_thrift_r_t *r, ppq_thrift_type_t type, uint32_t *len);
/* The next `len` input bytes copied to `dst` (NULL: skipped).
 * PPQ_ERR_CORRUPT when the input ends first. */
PPQ_CHECKRET ppq_status_t ppq_thrift_r_bytes(ppq_thrift_r_t *r, uint8_t *dst, size_t len);

/* Enter a struct value (field or element): its fields follow. */
PPQ_CHECKRET ppq_status_t ppq_thrift_r_struct(ppq_thrift_r_t *r, ppq_thrift_type_t type);
/* A list or set header: element type and count (count checked against
 * what is left: every element takes at least a byte). */
PPQ_CHECKRET ppq_status_t ppq_thrift_r_list(ppq_thrift_r_t *r, ppq_thrift_type_t type, ppq_thrift_type_t *elem,
                                            uint32_t *size);

/* Skip a value of `type` entirely, nested containers included, with an
 * explicit stack: PPQ_ERR_CORRUPT beyond PPQ_THRIFT_MAX_DEPTH levels. */
PPQ_CHECKRET ppq_status_t ppq_thrift_r_skip(ppq_thrift_r_t *r, ppq_thrift_type_t type);

/* Bytes consumed so far (a reader over one buffer: `data` is it). */
size_t ppq_thrift_r_offset(const ppq_thrift_r_t *r, const void *data);

#ifdef __cplusplus
}
#endif

#endif /* PPQ_THRIFT_H */
