/* Thrift Compact Protocol writer and reader (see ppq_thrift.h). */
#include "ppq_thrift.h"
#include "ppq_internal.h"

/* ---- writer ------------------------------------------------------------- */

void ppq_thrift_w_init(ppq_thrift_w_t *w, ppq_sink_t *out)
{
    w->out = out;
    w->last_id[0] = 0;
    w->depth = 1;
    w->err = PPQ_OK;
}

void ppq_thrift_w_after(ppq_thrift_w_t *w, int16_t id)
{
    if (w->depth > 0u) {
        w->last_id[w->depth - 1u] = id;
    }
}

static void put(ppq_thrift_w_t *w, const uint8_t *bytes, size_t n)
{
    if (w->err == PPQ_OK) {
        w->err = ppq_sink_write(w->out, bytes, n);
    }
}

/* Field header for `id` of `type` into buf; returns its length (0 after an
 * error or when no struct is open). */
static size_t field_header(ppq_thrift_w_t *w, int16_t id, ppq_thrift_type_t type, uint8_t *buf)
{
    int16_t *last;
    int32_t delta;
    if (w->err != PPQ_OK) {
        return 0;
    }
    if (w->depth == 0u) {
        w->err = PPQ_ERR_STATE;
        return 0;
    }
    last = &w->last_id[w->depth - 1u];
    delta = (int32_t)id - *last;
    *last = id;
    if (delta > 0 && delta <= 15) {
        buf[0] = (uint8_t)((unsigned)delta << 4 | (unsigned)type);
        return 1;
    }
    buf[0] = (uint8_t)type;
    return 1u + ppq_uleb32_encode(ppq_zigzag32_encode(id), buf + 1);
}

static void push(ppq_thrift_w_t *w)
{
    if (w->err != PPQ_OK) {
        return;
    }
    if (w->depth == PPQ_THRIFT_MAX_DEPTH) {
        w->err = PPQ_ERR_STATE;
        return;
    }
    w->last_id[w->depth++] = 0;
}

static void field_varint(ppq_thrift_w_t *w, int16_t id, ppq_thrift_type_t type, uint64_t zz)
{
    uint8_t buf[4 + PPQ_ULEB64_MAX];
    size_t n = field_header(w, id, type, buf);
    if (n > 0u) {
        put(w, buf, n + ppq_uleb64_encode(zz, buf + n));
    }
}

void ppq_thrift_w_bool(ppq_thrift_w_t *w, int16_t id, int value)
{
    uint8_t buf[4];
    size_t n = field_header(w, id, value ? PPQ_THRIFT_TRUE : PPQ_THRIFT_FALSE, buf);
    if (n > 0u) {
        put(w, buf, n);
    }
}

void ppq_thrift_w_i8(ppq_thrift_w_t *w, int16_t id, int8_t value)
{
    uint8_t buf[5];
    size_t n = field_header(w, id, PPQ_THRIFT_I8, buf);
    if (n > 0u) {
        buf[n] = (uint8_t)value;
        put(w, buf, n + 1u);
    }
}

void ppq_thrift_w_i16(ppq_thrift_w_t *w, int16_t id, int16_t value)
{
    field_varint(w, id, PPQ_THRIFT_I16, ppq_zigzag32_encode(value));
}

void ppq_thrift_w_i32(ppq_thrift_w_t *w, int16_t id, int32_t value)
{
    field_varint(w, id, PPQ_THRIFT_I32, ppq_zigzag32_encode(value));
}

void ppq_thrift_w_i64(ppq_thrift_w_t *w, int16_t id, int64_t value)
{
    field_varint(w, id, PPQ_THRIFT_I64, ppq_zigzag64_encode(value));
}

void ppq_thrift_w_double(ppq_thrift_w_t *w, int16_t id, double value)
{
    uint8_t buf[12];
    size_t n = field_header(w, id, PPQ_THRIFT_DOUBLE, buf);
    if (n > 0u) {
        ppq_store_value_le(buf + n, &value, 8); /* compact: little-endian */
        put(w, buf, n + 8u);
    }
}

void ppq_thrift_w_binary(ppq_thrift_w_t *w, int16_t id, const void *data, uint32_t len)
{
    uint8_t buf[4 + PPQ_ULEB32_MAX];
    size_t n = field_header(w, id, PPQ_THRIFT_BINARY, buf);
    if (n > 0u) {
        put(w, buf, n + ppq_uleb32_encode(len, buf + n));
        put(w, (const uint8_t *)data, len);
    }
}

void ppq_thrift_w_string(ppq_thrift_w_t *w, int16_t id, const char *s)
{
    uint32_t len = 0;
    while (s[len] != '\0') {
        len++;
    }
    ppq_thrift_w_binary(w, id, s, len);
}

void ppq_thrift_w_struct(ppq_thrift_w_t *w, int16_t id)
{
    uint8_t buf[4];
    size_t n = field_header(w, id, PPQ_THRIFT_STRUCT, buf);
    if (n > 0u) {
        put(w, buf, n);
        push(w);
    }
}

static void list_header(ppq_thrift_w_t *w, uint8_t *buf, size_t n, ppq_thrift_type_t elem, uint32_t size)
{
    if (size < 15u) {
        buf[n++] = (uint8_t)(size << 4 | (uint32_t)elem);
    } else {
        buf[n++] = (uint8_t)(0xF0u | (uint32_t)elem);
        n += ppq_uleb32_encode(size, buf + n);
    }
    put(w, buf, n);
}

void ppq_thrift_w_list(ppq_thrift_w_t *w, int16_t id, ppq_thrift_type_t elem, uint32_t size)
{
    uint8_t buf[4 + 1 + PPQ_ULEB32_MAX];
    size_t n = field_header(w, id, PPQ_THRIFT_LIST, buf);
    if (n > 0u) {
        list_header(w, buf, n, elem, size);
    }
}

void ppq_thrift_w_elem_i32(ppq_thrift_w_t *w, int32_t value)
{
    uint8_t buf[PPQ_ULEB32_MAX];
    put(w, buf, ppq_uleb32_encode(ppq_zigzag32_encode(value), buf));
}

void ppq_thrift_w_elem_i64(ppq_thrift_w_t *w, int64_t value)
{
    uint8_t buf[PPQ_ULEB64_MAX];
    put(w, buf, ppq_uleb64_encode(ppq_zigzag64_encode(value), buf));
}

void ppq_thrift_w_elem_binary(ppq_thrift_w_t *w, const void *data, uint32_t len)
{
    uint8_t buf[PPQ_ULEB32_MAX];
    put(w, buf, ppq_uleb32_encode(len, buf));
    put(w, (const uint8_t *)data, len);
}

void ppq_thrift_w_elem_bool(ppq_thrift_w_t *w, int value)
{
    uint8_t b = value ? 1u : 2u; /* as the Apache Thrift bindings write it */
    put(w, &b, 1);
}

void ppq_thrift_w_elem_struct(ppq_thrift_w_t *w)
{
    push(w);
}

void ppq_thrift_w_end(ppq_thrift_w_t *w)
{
    static const uint8_t stop = 0;
    if (w->err != PPQ_OK) {
        return;
    }
    if (w->depth == 0u) {
        w->err = PPQ_ERR_STATE;
        return;
    }
    put(w, &stop, 1);
    w->depth--;
}

ppq_status_t ppq_thrift_w_status(const ppq_thrift_w_t *w)
{
    return w->err;
}

/* ---- reader ------------------------------------------------------------- */

void ppq_thrift_r_init(ppq_thrift_r_t *r, const void *data, size_t len)
{
    r->pos = ppq_input(data);
    r->end = r->pos + len;
    r->last_id[0] = 0;
    r->depth = 1;
    r->s = NULL;
}

void ppq_thrift_r_init_stream(ppq_thrift_r_t *r, ppq_thrift_stream_t *s)
{
    ppq_thrift_r_init(r, s->win, 0);
    r->s = s;
}

/* The input left: in the window and (streaming) not yet read into it. */
static size_t left(const ppq_thrift_r_t *r)
{
    return (size_t)(r->end - r->pos) + (r->s != NULL ? r->s->rest : 0u);
}

/* Streaming: slide what is left of the window to its start and fill it up
 * from the source.  A source error stays in s->err (the parse then sees
 * the input end: corrupt). */
static void refill(ppq_thrift_r_t *r)
{
    ppq_thrift_stream_t *s = r->s;
    size_t have = (size_t)(r->end - r->pos), add = s->cap - have, got = 0, i;
    ppq_status_t st;
    add = add < s->rest ? add : s->rest;
    for (i = 0; i < have; i++) { /* (forward: the bytes move down) */
        s->win[i] = r->pos[i];
    }
    r->pos = s->win;
    r->end = s->win + have;
    if (s->err == PPQ_OK) {
        st = s->read_at(s->ctx, s->offset, s->win + have, add, &got);
        if (st != PPQ_OK || got != add) { /* (a read short of the input's end, as a positive status: I/O) */
            s->err = st < 0 ? st : PPQ_ERR_IO;
            return;
        }
        r->end += add;
        s->offset += add;
        s->rest -= add;
    }
}

/* Streaming: at least PPQ_THRIFT_STREAM_MIN bytes in the window (or all
 * that is left): enough for any value but a binary's bytes. */
static void more(ppq_thrift_r_t *r)
{
    if (r->s != NULL && r->s->rest > 0u && (size_t)(r->end - r->pos) < PPQ_THRIFT_STREAM_MIN) {
        refill(r);
    }
}

size_t ppq_thrift_r_offset(const ppq_thrift_r_t *r, const void *data)
{
    return (size_t)(r->pos - (const uint8_t *)data);
}

static ppq_status_t read_varint(ppq_thrift_r_t *r, uint64_t *v, unsigned max_bits)
{
    size_t used;
    more(r);
    if (ppq_uleb64_decode(r->pos, (size_t)(r->end - r->pos), v, &used) != PPQ_OK ||
        (max_bits < 64u && (*v >> max_bits) != 0u)) {
        return PPQ_ERR_CORRUPT;
    }
    r->pos += used;
    return PPQ_OK;
}

static int valid_type(unsigned t)
{
    return t >= PPQ_THRIFT_TRUE && t <= PPQ_THRIFT_UUID;
}

/* A field header byte's id: the delta nibble, or a zigzag i16 after it. */
static ppq_status_t header_id(ppq_thrift_r_t *r, uint8_t byte, int16_t last, int16_t *id)
{
    if ((byte >> 4) != 0u) {
        int32_t next = (int32_t)last + (byte >> 4);
        if (next > 32767) {
            return PPQ_ERR_CORRUPT;
        }
        *id = (int16_t)next;
        return PPQ_OK;
    } else {
        uint64_t zz;
        int32_t v;
        if (read_varint(r, &zz, 16) != PPQ_OK) {
            return PPQ_ERR_CORRUPT;
        }
        v = ppq_zigzag32_decode((uint32_t)zz);
        *id = (int16_t)v;
        return PPQ_OK;
    }
}

ppq_status_t ppq_thrift_r_field(ppq_thrift_r_t *r, int16_t *id, ppq_thrift_type_t *type)
{
    uint8_t b;
    more(r);
    if (r->depth == 0u || r->pos == r->end) {
        return PPQ_ERR_CORRUPT;
    }
    b = *r->pos++;
    if (b == 0u) {
        r->depth--;
        *id = 0;
        *type = PPQ_THRIFT_STOP;
        return PPQ_OK;
    }
    if (!valid_type(b & 0x0Fu) || header_id(r, b, r->last_id[r->depth - 1u], id) != PPQ_OK) {
        return PPQ_ERR_CORRUPT;
    }
    r->last_id[r->depth - 1u] = *id;
    *type = (ppq_thrift_type_t)(b & 0x0Fu);
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_bool(ppq_thrift_r_t *r, ppq_thrift_type_t type, int *value)
{
    (void)r;
    if (type != PPQ_THRIFT_TRUE && type != PPQ_THRIFT_FALSE) {
        return PPQ_ERR_CORRUPT;
    }
    *value = type == PPQ_THRIFT_TRUE;
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_elem_bool(ppq_thrift_r_t *r, int *value)
{
    uint8_t b;
    more(r);
    if (r->pos == r->end) {
        return PPQ_ERR_CORRUPT;
    }
    b = *r->pos;
    if (b > 2u) {
        return PPQ_ERR_CORRUPT;
    }
    r->pos++;
    *value = b == 1u;
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_i8(ppq_thrift_r_t *r, ppq_thrift_type_t type, int8_t *value)
{
    more(r);
    if (type != PPQ_THRIFT_I8 || r->pos == r->end) {
        return PPQ_ERR_CORRUPT;
    }
    *value = (int8_t)*r->pos++;
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_i16(ppq_thrift_r_t *r, ppq_thrift_type_t type, int16_t *value)
{
    uint64_t zz;
    if (type != PPQ_THRIFT_I16 || read_varint(r, &zz, 16) != PPQ_OK) {
        return PPQ_ERR_CORRUPT;
    }
    *value = (int16_t)ppq_zigzag32_decode((uint32_t)zz);
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_i32(ppq_thrift_r_t *r, ppq_thrift_type_t type, int32_t *value)
{
    uint64_t zz;
    if (type != PPQ_THRIFT_I32 || read_varint(r, &zz, 32) != PPQ_OK) {
        return PPQ_ERR_CORRUPT;
    }
    *value = ppq_zigzag32_decode((uint32_t)zz);
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_i64(ppq_thrift_r_t *r, ppq_thrift_type_t type, int64_t *value)
{
    uint64_t zz;
    if (type != PPQ_THRIFT_I64 || read_varint(r, &zz, 64) != PPQ_OK) {
        return PPQ_ERR_CORRUPT;
    }
    *value = ppq_zigzag64_decode(zz);
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_double(ppq_thrift_r_t *r, ppq_thrift_type_t type, double *value)
{
    more(r);
    if (type != PPQ_THRIFT_DOUBLE || (size_t)(r->end - r->pos) < 8u) {
        return PPQ_ERR_CORRUPT;
    }
    ppq_load_value_le(value, r->pos, 8);
    r->pos += 8;
    return PPQ_OK;
}

static ppq_status_t read_length(ppq_thrift_r_t *r, uint32_t *len)
{
    uint64_t v;
    if (read_varint(r, &v, 32) != PPQ_OK || v > (uint64_t)left(r)) {
        return PPQ_ERR_CORRUPT;
    }
    *len = (uint32_t)v;
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_binary_len(ppq_thrift_r_t *r, ppq_thrift_type_t type, uint32_t *len)
{
    return type != PPQ_THRIFT_BINARY ? PPQ_ERR_CORRUPT : read_length(r, len);
}

ppq_status_t ppq_thrift_r_bytes(ppq_thrift_r_t *r, uint8_t *dst, size_t len)
{
    if (len > left(r)) {
        return PPQ_ERR_CORRUPT;
    }
    while (len > 0u) {
        size_t k = (size_t)(r->end - r->pos);
        if (k == 0u) { /* (streaming: there is more, as len <= left(r)) */
            refill(r);
            if (r->pos == r->end) {
                return PPQ_ERR_CORRUPT; /* the read failed */
            }
            continue;
        }
        k = k < len ? k : len;
        if (dst != NULL) {
            memcpy(dst, r->pos, k);
            dst += k;
        }
        r->pos += k;
        len -= k;
    }
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_binary(ppq_thrift_r_t *r, ppq_thrift_type_t type, const uint8_t **data, uint32_t *len)
{
    if (ppq_thrift_r_binary_len(r, type, len) != PPQ_OK) {
        return PPQ_ERR_CORRUPT;
    }
    if (r->s != NULL && *len > (size_t)(r->end - r->pos)) {
        refill(r);
    }
    if (*len > (size_t)(r->end - r->pos)) {
        return PPQ_ERR_CORRUPT; /* (streaming: longer than the window) */
    }
    *data = r->pos;
    r->pos += *len;
    return PPQ_OK;
}

ppq_status_t ppq_thrift_r_struct(ppq_thrift_r_t *r, ppq_thrift_type_t type)
{
    if (type != PPQ_THRIFT_STRUCT || r->depth == PPQ_THRIFT_MAX_DEPTH) {
        return PPQ_ERR_CORRUPT;
    }
    r->last_id[r->depth++] = 0;
    return PPQ_OK;
}

/* A list/set header: element type and a count that the bytes left can hold
 * (every element takes at least one byte). */
static ppq_status_t list_header_r(ppq_thrift_r_t *r, ppq_thrift_type_t *elem, uint32_t *size)
{
    uint8_t b;
    more(r);
    if (r->pos == r->end) {
        return PPQ_ERR_CORRUPT;
    }
    b = *r->pos++;
    if (!valid_type(b & 0x0Fu)) {
        return PPQ_ERR_CORRUPT;
    }
    *elem = (ppq_thrift_type_t)(b & 0x0Fu);
    if ((b >> 4) == 15u) {
        return read_length(r, size);
    }
    *size = b >> 4;
    return *size <= left(r) ? PPQ_OK : PPQ_ERR_CORRUPT;
}

ppq_status_t ppq_thrift_r_list(ppq_thrift_r_t *r, ppq_thrift_type_t type, ppq_thrift_type_t *elem, uint32_t *size)
{
    if (type != PPQ_THRIFT_LIST && type != PPQ_THRIFT_SET) {
        return PPQ_ERR_CORRUPT;
    }
    return list_header_r(r, elem, size);
}

/* One level of a value being skipped: a struct's fields, or a container's
 * remaining elements (maps alternate key and value types). */
typedef struct skip_frame {
    uint32_t left;  /* elements left (maps: keys + values) */
    uint8_t is_struct;
    uint8_t t1, t2; /* element type; map key and value types */
} skip_frame_t;

ppq_status_t ppq_thrift_r_skip(ppq_thrift_r_t *r, ppq_thrift_type_t type)
{
    skip_frame_t stack[PPQ_THRIFT_MAX_DEPTH];
    unsigned depth = 0;
    unsigned t = (unsigned)type;
    int elem = 0; /* the value is a container element (bools take a byte) */
    for (;;) {
        size_t avail;
        uint64_t v;
        uint32_t len;
        more(r);
        avail = (size_t)(r->end - r->pos);
        /* skip one value of type t */
        switch (t) {
        case PPQ_THRIFT_TRUE:
        case PPQ_THRIFT_FALSE:
            if (elem) {
                if (avail < 1u) {
                    return PPQ_ERR_CORRUPT;
                }
                r->pos++;
            }
            break;
        case PPQ_THRIFT_I8:
            if (avail < 1u) {
                return PPQ_ERR_CORRUPT;
            }
            r->pos++;
            break;
        case PPQ_THRIFT_I16:
        case PPQ_THRIFT_I32:
        case PPQ_THRIFT_I64:
            if (read_varint(r, &v, t == PPQ_THRIFT_I16 ? 16u : t == PPQ_THRIFT_I32 ? 32u : 64u) != PPQ_OK) {
                return PPQ_ERR_CORRUPT;
            }
            break;
        case PPQ_THRIFT_DOUBLE:
        case PPQ_THRIFT_UUID:
            if (avail < (t == PPQ_THRIFT_UUID ? 16u : 8u)) {
                return PPQ_ERR_CORRUPT;
            }
            r->pos += t == PPQ_THRIFT_UUID ? 16u : 8u;
            break;
        case PPQ_THRIFT_BINARY:
            if (read_length(r, &len) != PPQ_OK || ppq_thrift_r_bytes(r, NULL, len) != PPQ_OK) {
                return PPQ_ERR_CORRUPT;
            }
            break;
        case PPQ_THRIFT_STRUCT:
        case PPQ_THRIFT_LIST:
        case PPQ_THRIFT_SET:
        case PPQ_THRIFT_MAP: {
            skip_frame_t *f;
            if (depth == PPQ_THRIFT_MAX_DEPTH) {
                return PPQ_ERR_CORRUPT; /* too deep */
            }
            f = &stack[depth++];
            f->is_struct = t == PPQ_THRIFT_STRUCT;
            f->left = 0;
            if (t == PPQ_THRIFT_LIST || t == PPQ_THRIFT_SET) {
                ppq_thrift_type_t e;
                if (list_header_r(r, &e, &f->left) != PPQ_OK) {
                    return PPQ_ERR_CORRUPT;
                }
                f->t1 = f->t2 = (uint8_t)e;
            } else if (t == PPQ_THRIFT_MAP) {
                if (read_length(r, &len) != PPQ_OK) {
                    return PPQ_ERR_CORRUPT;
                }
                more(r);
                if (len > 0u) {
                    if (r->pos == r->end || !valid_type(*r->pos >> 4) || !valid_type(*r->pos & 0x0Fu) ||
                        len > left(r) / 2u) {
                        return PPQ_ERR_CORRUPT;
                    }
                    f->t1 = (uint8_t)(*r->pos >> 4);
                    f->t2 = (uint8_t)(*r->pos & 0x0Fu);
                    r->pos++;
                    f->left = 2u * len;
                }
            }
            break;
        }
        default:
            return PPQ_ERR_CORRUPT;
        }
        /* find the next value to skip, closing finished levels */
        for (;;) {
            skip_frame_t *f;
            if (depth == 0u) {
                return PPQ_OK;
            }
            f = &stack[depth - 1u];
            if (f->is_struct) {
                uint8_t b;
                int16_t id;
                more(r);
                if (r->pos == r->end) {
                    return PPQ_ERR_CORRUPT;
                }
                b = *r->pos++;
                if (b == 0u) {
                    depth--;
                    continue;
                }
                if (!valid_type(b & 0x0Fu) || header_id(r, b, 0, &id) != PPQ_OK) {
                    return PPQ_ERR_CORRUPT;
                }
                t = b & 0x0Fu;
                elem = 0;
                break;
            }
            if (f->left == 0u) {
                depth--;
                continue;
            }
            t = (f->left % 2u == 0u) ? f->t1 : f->t2; /* lists: t1 == t2 */
            f->left--;
            elem = 1;
            break;
        }
    }
}
