/* Thrift Compact Protocol: the worked examples of spec/thrift-facts.md
 * (E1-E11) as golden bytes for the writer and the reader, skipping of
 * unknown values, depth and length limits, hostile input. */
#include <string.h>

#include "test_util.h"
#include "e11_golden.h"

static uint8_t buf[128]; /* the largest example, E11's footer, is 102 bytes */

/* Start a writer into buf. */
static void wstart(ppq_thrift_w_t *w, ppq_sink_t *sink, ppq_memsink_t *mem)
{
    ppq_sink_init_mem(sink, mem, buf, sizeof buf);
    ppq_thrift_w_init(w, sink);
}

static void e1_to_e3(void)
{
    ppq_thrift_w_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    wstart(&w, &sink, &mem); /* E1: {1: i32 = -1} */
    ppq_thrift_w_i32(&w, 1, -1);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_OK(ppq_thrift_w_status(&w));
    PPQ_CHECK_EQ(mem.len, 3);
    PPQ_CHECK_MEM(buf, "\x15\x01\x00", 3);
    wstart(&w, &sink, &mem); /* E2: KeyValue{key="ab", value="c"} */
    ppq_thrift_w_string(&w, 1, "ab");
    ppq_thrift_w_string(&w, 2, "c");
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(mem.len, 8);
    PPQ_CHECK_MEM(buf, "\x18\x02\x61\x62\x18\x01\x63\x00", 8);
    wstart(&w, &sink, &mem); /* E3: {2: list<i32> = [1,2,3]} */
    ppq_thrift_w_list(&w, 2, PPQ_THRIFT_I32, 3);
    ppq_thrift_w_elem_i32(&w, 1);
    ppq_thrift_w_elem_i32(&w, 2);
    ppq_thrift_w_elem_i32(&w, 3);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(mem.len, 6);
    PPQ_CHECK_MEM(buf, "\x29\x35\x02\x04\x06\x00", 6);
}

/* E4: a SchemaElement for a TIMESTAMP(MICROS, UTC) leaf, nested structs. */
static const uint8_t e4[] = {0x15, 0x04, 0x25, 0x00, 0x18, 0x02, 0x74, 0x73, 0x25, 0x14,
                             0x4C, 0x8C, 0x11, 0x1C, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x00};

static void e4_nested(void)
{
    ppq_thrift_w_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    wstart(&w, &sink, &mem);
    ppq_thrift_w_i32(&w, 1, 2);          /* type INT64 */
    ppq_thrift_w_i32(&w, 3, 0);          /* REQUIRED */
    ppq_thrift_w_string(&w, 4, "ts");
    ppq_thrift_w_i32(&w, 6, 10);         /* TIMESTAMP_MICROS */
    ppq_thrift_w_struct(&w, 10);         /* logicalType */
    ppq_thrift_w_struct(&w, 8);          /* TIMESTAMP */
    ppq_thrift_w_bool(&w, 1, 1);         /* isAdjustedToUTC */
    ppq_thrift_w_struct(&w, 2);          /* unit */
    ppq_thrift_w_struct(&w, 2);          /* MICROS */
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_OK(ppq_thrift_w_status(&w));
    PPQ_CHECK_EQ(mem.len, sizeof e4);
    PPQ_CHECK_MEM(buf, e4, sizeof e4);
    ppq_thrift_w_end(&w); /* one end too many */
    PPQ_CHECK_EQ(ppq_thrift_w_status(&w), PPQ_ERR_STATE);
}

/* Read E4 back field by field. */
static void e4_read(void)
{
    ppq_thrift_r_t r;
    int16_t id;
    ppq_thrift_type_t t;
    int32_t v;
    const uint8_t *s;
    uint32_t len;
    int b;
    ppq_thrift_r_init(&r, tail_copy(e4, sizeof e4), sizeof e4);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK(id == 1 && t == PPQ_THRIFT_I32);
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &v));
    PPQ_CHECK_EQ(v, 2);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(id, 3);
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &v));
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(id, 4);
    PPQ_CHECK_OK(ppq_thrift_r_binary(&r, t, &s, &len));
    PPQ_CHECK(len == 2 && memcmp(s, "ts", 2) == 0);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(id, 6);
    PPQ_CHECK_EQ(ppq_thrift_r_binary(&r, t, &s, &len), PPQ_ERR_CORRUPT); /* wrong type asked */
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &v));
    PPQ_CHECK_EQ(v, 10);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK(id == 10 && t == PPQ_THRIFT_STRUCT);
    PPQ_CHECK_OK(ppq_thrift_r_struct(&r, t));
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK(id == 8 && t == PPQ_THRIFT_STRUCT);
    PPQ_CHECK_OK(ppq_thrift_r_struct(&r, t));
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(id, 1);
    PPQ_CHECK_OK(ppq_thrift_r_bool(&r, t, &b));
    PPQ_CHECK_EQ(b, 1);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK(id == 2 && t == PPQ_THRIFT_STRUCT);
    PPQ_CHECK_OK(ppq_thrift_r_skip(&r, t)); /* the unit, skipped whole */
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(t, PPQ_THRIFT_STOP); /* end TimestampType */
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(t, PPQ_THRIFT_STOP); /* end LogicalType: back at id 10 */
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(t, PPQ_THRIFT_STOP); /* end SchemaElement */
    PPQ_CHECK_EQ(ppq_thrift_r_offset(&r, r.end - sizeof e4), sizeof e4);
    /* the whole thing skips as one struct too */
    ppq_thrift_r_init(&r, tail_copy(e4, sizeof e4), sizeof e4);
    PPQ_CHECK_OK(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT));
    PPQ_CHECK(r.pos == r.end);
}

/* E5 long form; E6 struct bools; E7 union member 19 first; E8 long list;
 * E9 double; E10 list<bool>. */
static void e5_to_e10(void)
{
    ppq_thrift_w_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_thrift_r_t r;
    int16_t id;
    ppq_thrift_type_t t, elem;
    int64_t v64;
    int32_t v32;
    uint32_t size, i;
    double d;
    int b;
    wstart(&w, &sink, &mem);
    ppq_thrift_w_i32(&w, 1, 5);
    ppq_thrift_w_i64(&w, 20, 300);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(mem.len, 7);
    PPQ_CHECK_MEM(buf, "\x15\x0A\x06\x28\xD8\x04\x00", 7);
    ppq_thrift_r_init(&r, tail_copy(buf, 7), 7);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &v32));
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK(id == 20 && t == PPQ_THRIFT_I64);
    PPQ_CHECK_OK(ppq_thrift_r_i64(&r, t, &v64));
    PPQ_CHECK(v64 == 300);

    wstart(&w, &sink, &mem);
    ppq_thrift_w_i32(&w, 1, 0);
    ppq_thrift_w_bool(&w, 2, 0);
    ppq_thrift_w_bool(&w, 3, 1);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_MEM(buf, "\x15\x00\x12\x11\x00", 5);

    wstart(&w, &sink, &mem);
    ppq_thrift_w_struct(&w, 19);
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(mem.len, 4);
    PPQ_CHECK_MEM(buf, "\x0C\x26\x00\x00", 4);

    wstart(&w, &sink, &mem);
    ppq_thrift_w_list(&w, 1, PPQ_THRIFT_I32, 20);
    for (i = 0; i < 20; i++) {
        ppq_thrift_w_elem_i32(&w, (int32_t)i);
    }
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(mem.len, 24);
    PPQ_CHECK_MEM(buf, "\x19\xF5\x14\x00\x02\x04", 6);
    PPQ_CHECK_EQ(buf[22], 0x26);
    ppq_thrift_r_init(&r, tail_copy(buf, 24), 24);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_list(&r, t, &elem, &size));
    PPQ_CHECK(elem == PPQ_THRIFT_I32 && size == 20);
    for (i = 0; i < 20; i++) {
        PPQ_CHECK_OK(ppq_thrift_r_i32(&r, elem, &v32));
        PPQ_CHECK_EQ(v32, i);
    }

    wstart(&w, &sink, &mem);
    ppq_thrift_w_double(&w, 1, 1.0);
    ppq_thrift_w_end(&w);
    PPQ_CHECK_EQ(mem.len, 10);
    PPQ_CHECK_MEM(buf, "\x17\x00\x00\x00\x00\x00\x00\xF0\x3F\x00", 10);
    ppq_thrift_r_init(&r, tail_copy(buf, 10), 10);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_double(&r, t, &d));
    PPQ_CHECK(d == 1.0);

    wstart(&w, &sink, &mem);
    ppq_thrift_w_list(&w, 1, PPQ_THRIFT_TRUE, 3);
    ppq_thrift_w_elem_bool(&w, 0);
    ppq_thrift_w_elem_bool(&w, 1);
    ppq_thrift_w_elem_bool(&w, 0);
    PPQ_CHECK_MEM(buf, "\x19\x31\x02\x01\x02", 5);
    ppq_thrift_r_init(&r, tail_copy(buf, 5), 5);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_list(&r, t, &elem, &size));
    PPQ_CHECK_OK(ppq_thrift_r_elem_bool(&r, &b));
    PPQ_CHECK_EQ(b, 0);
    PPQ_CHECK_OK(ppq_thrift_r_elem_bool(&r, &b));
    PPQ_CHECK_EQ(b, 1);
    /* a bool element byte other than 00/01/02 is corrupt */
    ppq_thrift_r_init(&r, tail_copy("\x03", 1), 1);
    PPQ_CHECK_EQ(ppq_thrift_r_elem_bool(&r, &b), PPQ_ERR_CORRUPT);
}


/* E11's footer written through the API: byte-exact. */
static void e11_footer(void)
{
    ppq_thrift_w_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    wstart(&w, &sink, &mem);
    ppq_thrift_w_i32(&w, 1, 1);                     /* version */
    ppq_thrift_w_list(&w, 2, PPQ_THRIFT_STRUCT, 2); /* schema */
    ppq_thrift_w_elem_struct(&w);
    ppq_thrift_w_string(&w, 4, "schema");
    ppq_thrift_w_i32(&w, 5, 1);
    ppq_thrift_w_end(&w);
    ppq_thrift_w_elem_struct(&w);
    ppq_thrift_w_i32(&w, 1, 1);
    ppq_thrift_w_i32(&w, 3, 0);
    ppq_thrift_w_string(&w, 4, "x");
    ppq_thrift_w_end(&w);
    ppq_thrift_w_i64(&w, 3, 3);                     /* num_rows */
    ppq_thrift_w_list(&w, 4, PPQ_THRIFT_STRUCT, 1); /* row_groups */
    ppq_thrift_w_elem_struct(&w);
    ppq_thrift_w_list(&w, 1, PPQ_THRIFT_STRUCT, 1); /* columns */
    ppq_thrift_w_elem_struct(&w);
    ppq_thrift_w_i64(&w, 2, 0);                     /* file_offset */
    ppq_thrift_w_struct(&w, 3);                     /* meta_data */
    ppq_thrift_w_i32(&w, 1, 1);
    ppq_thrift_w_list(&w, 2, PPQ_THRIFT_I32, 1);
    ppq_thrift_w_elem_i32(&w, 0);
    ppq_thrift_w_list(&w, 3, PPQ_THRIFT_BINARY, 1);
    ppq_thrift_w_elem_binary(&w, "x", 1);
    ppq_thrift_w_i32(&w, 4, 0);
    ppq_thrift_w_i64(&w, 5, 3);
    ppq_thrift_w_i64(&w, 6, 45);
    ppq_thrift_w_i64(&w, 7, 45);
    ppq_thrift_w_i64(&w, 9, 4);
    ppq_thrift_w_struct(&w, 12);                    /* statistics */
    ppq_thrift_w_i64(&w, 3, 0);
    ppq_thrift_w_binary(&w, 5, "\x03\x00\x00\x00", 4);
    ppq_thrift_w_binary(&w, 6, "\x01\x00\x00\x00", 4);
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);                           /* meta_data */
    ppq_thrift_w_end(&w);                           /* column chunk */
    ppq_thrift_w_i64(&w, 2, 45);
    ppq_thrift_w_i64(&w, 3, 3);
    ppq_thrift_w_end(&w);                           /* row group */
    ppq_thrift_w_string(&w, 6, "tinypq version 0.0.1");
    ppq_thrift_w_list(&w, 7, PPQ_THRIFT_STRUCT, 1); /* column_orders */
    ppq_thrift_w_elem_struct(&w);
    ppq_thrift_w_struct(&w, 1);                     /* TYPE_ORDER */
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);
    ppq_thrift_w_end(&w);                           /* FileMetaData */
    PPQ_CHECK_OK(ppq_thrift_w_status(&w));
    PPQ_CHECK_EQ(mem.len, 102);
    PPQ_CHECK_MEM(buf, e11_footer_golden, 102);
    {
        ppq_thrift_r_t r;
        ppq_thrift_r_init(&r, tail_copy(e11_footer_golden, 102), 102);
        PPQ_CHECK_OK(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT));
        PPQ_CHECK(r.pos == r.end);
    }
}

static void limits(void)
{
    ppq_thrift_r_t r;
    ppq_thrift_w_t w;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    int16_t id;
    ppq_thrift_type_t t, elem;
    uint32_t size, len;
    const uint8_t *s;
    uint8_t deep[32];
    int i;
    /* nine nested structs: the skipper's stack holds eight */
    for (i = 0; i < 9; i++) {
        deep[i] = 0x1C;
    }
    memset(deep + 9, 0, 10);
    ppq_thrift_r_init(&r, tail_copy(deep, 19), 19);
    PPQ_CHECK_EQ(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT), PPQ_ERR_CORRUPT);
    ppq_thrift_r_init(&r, tail_copy(deep + 2, 17), 17); /* seven inside one: fine */
    PPQ_CHECK_OK(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT));
    /* lengths and counts beyond the input */
    ppq_thrift_r_init(&r, tail_copy("\x18\x05\x61\x62", 4), 4);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(ppq_thrift_r_binary(&r, t, &s, &len), PPQ_ERR_CORRUPT);
    ppq_thrift_r_init(&r, tail_copy("\x19\xF5\x80\x80\x04\x00", 6), 6);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(ppq_thrift_r_list(&r, t, &elem, &size), PPQ_ERR_CORRUPT);
    ppq_thrift_r_init(&r, tail_copy("\x19\x65\x02", 3), 3); /* 6 elements, 1 byte left */
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(ppq_thrift_r_list(&r, t, &elem, &size), PPQ_ERR_CORRUPT);
    /* type nibble 0 with a delta, and type 14: not types */
    ppq_thrift_r_init(&r, tail_copy("\x10", 1), 1);
    PPQ_CHECK_EQ(ppq_thrift_r_field(&r, &id, &t), PPQ_ERR_CORRUPT);
    ppq_thrift_r_init(&r, tail_copy("\x1E", 1), 1);
    PPQ_CHECK_EQ(ppq_thrift_r_field(&r, &id, &t), PPQ_ERR_CORRUPT);
    /* maps and sets skip too: {1: map<i32,binary>{1:"a"}, 2: set<i64>{7}} */
    ppq_thrift_r_init(&r, tail_copy("\x1B\x01\x58\x02\x01\x61\x1A\x16\x0E\x00", 10), 10);
    PPQ_CHECK_OK(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT));
    PPQ_CHECK(r.pos == r.end);
    /* the writer refuses a ninth nesting level */
    ppq_sink_init_counter(&sink);
    (void)mem;
    ppq_thrift_w_init(&w, &sink);
    for (i = 0; i < 8; i++) {
        ppq_thrift_w_struct(&w, 1);
    }
    PPQ_CHECK_EQ(ppq_thrift_w_status(&w), PPQ_ERR_STATE);
}

/* A streaming reader's input: bytes read by offset, failing from
 * `fail_at` on with `fail` (PPQ_OK: coming back short there). */
typedef struct mstream {
    const uint8_t *data;
    uint64_t fail_at;
    ppq_status_t fail;
    size_t reads;
} mstream_t;

static ppq_status_t ms_read_at(void *ctx, uint64_t off, uint8_t *out, size_t len, size_t *got)
{
    mstream_t *m = (mstream_t *)ctx;
    m->reads++;
    *got = 0;
    if (off + len > m->fail_at) {
        if (m->fail != PPQ_OK) {
            return m->fail;
        }
        len = off < m->fail_at ? (size_t)(m->fail_at - off) : 0u;
    }
    memcpy(out, m->data + off, len);
    *got = len;
    return PPQ_OK;
}

static void stream_init(ppq_thrift_r_t *r, ppq_thrift_stream_t *s, mstream_t *m, const uint8_t *data, size_t len,
                        size_t cap)
{
    m->data = data;
    m->fail_at = (uint64_t)-1;
    m->fail = PPQ_OK;
    m->reads = 0;
    s->read_at = ms_read_at;
    s->ctx = m;
    s->offset = 0;
    s->win = buf; /* (the writer's buffer as the window: the 16 KB boards' RAM is short) */
    s->cap = cap;
    s->rest = len;
    s->err = PPQ_OK;
    ppq_thrift_r_init_stream(r, s);
}

/* E11 through windows of 16 to 128 bytes: skipped whole to its last byte,
 * a window at a time; its schema read field by field, names across window
 * ends; cut short, PPQ_ERR_CORRUPT; a read that fails or comes back short,
 * PPQ_ERR_CORRUPT with the read's error kept.  Binaries longer than the
 * window: their bytes, not a pointer. */
static void stream_windows(void)
{
    static const uint8_t long_bin[] = "\x18\x14" "abcdefghijklmnopqrst" "\x00"; /* {1: 20 bytes} */
    ppq_thrift_stream_t s;
    ppq_thrift_r_t r;
    mstream_t m;
    size_t cap, k;
    int16_t id;
    ppq_thrift_type_t t, elem;
    int32_t v;
    uint32_t n, len;
    uint8_t name[8];
    const uint8_t *p;
    for (cap = PPQ_THRIFT_STREAM_MIN; cap <= sizeof buf; cap++) {
        stream_init(&r, &s, &m, e11_footer_golden, sizeof e11_footer_golden, cap);
        PPQ_CHECK_OK(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT));
        PPQ_CHECK(s.rest == 0 && r.pos == r.end);
        PPQ_CHECK(m.reads >= (sizeof e11_footer_golden + cap - 1u) / cap && m.reads <= sizeof e11_footer_golden / (cap - PPQ_THRIFT_STREAM_MIN + 1u) + 2u);
        stream_init(&r, &s, &m, e11_footer_golden, sizeof e11_footer_golden, cap); /* version, then the schema's list */
        PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
        PPQ_CHECK_OK(ppq_thrift_r_i32(&r, t, &v));
        PPQ_CHECK(id == 1 && v == 1);
        PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
        PPQ_CHECK_OK(ppq_thrift_r_list(&r, t, &elem, &n));
        PPQ_CHECK(id == 2 && elem == PPQ_THRIFT_STRUCT && n == 2);
        for (k = 0; k < 2u; k++) {
            PPQ_CHECK_OK(ppq_thrift_r_struct(&r, elem));
            for (;;) {
                PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
                if (t == PPQ_THRIFT_STOP) {
                    break;
                }
                if (id == 4) {
                    PPQ_CHECK_OK(ppq_thrift_r_binary_len(&r, t, &len));
                    PPQ_CHECK_EQ(len, k == 0u ? 6u : 1u);
                    PPQ_CHECK_OK(ppq_thrift_r_bytes(&r, name, len));
                    PPQ_CHECK_MEM(name, k == 0u ? "schema" : "x", len);
                } else {
                    PPQ_CHECK_OK(ppq_thrift_r_skip(&r, t));
                }
            }
        }
        PPQ_CHECK_OK(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT)); /* (the rest, as if a struct) */
        PPQ_CHECK(s.rest == 0 && r.pos == r.end);
    }
    for (k = 0; k < sizeof e11_footer_golden; k++) {
        stream_init(&r, &s, &m, e11_footer_golden, k, 16);
        PPQ_CHECK_EQ(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT), PPQ_ERR_CORRUPT);
        PPQ_CHECK_OK(s.err);
        stream_init(&r, &s, &m, e11_footer_golden, sizeof e11_footer_golden, 16);
        m.fail_at = k;
        m.fail = k % 2u ? PPQ_ERR_IO : PPQ_OK;
        PPQ_CHECK_EQ(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT), PPQ_ERR_CORRUPT);
        PPQ_CHECK_EQ(s.err, PPQ_ERR_IO);
    }
    stream_init(&r, &s, &m, long_bin, sizeof long_bin - 1u, 16);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_EQ(ppq_thrift_r_binary(&r, t, &p, &len), PPQ_ERR_CORRUPT); /* 20 bytes: past the window */
    stream_init(&r, &s, &m, long_bin, sizeof long_bin - 1u, 32);
    PPQ_CHECK_OK(ppq_thrift_r_field(&r, &id, &t));
    PPQ_CHECK_OK(ppq_thrift_r_binary(&r, t, &p, &len));
    PPQ_CHECK(len == 20 && memcmp(p, "abcdefghijklmnopqrst", 20) == 0);
    stream_init(&r, &s, &m, long_bin, sizeof long_bin - 1u, 16); /* skipped across the window */
    PPQ_CHECK_OK(ppq_thrift_r_skip(&r, PPQ_THRIFT_STRUCT));
    PPQ_CHECK(s.rest == 0 && r.pos == r.end);
}

static void random_bytes_never_crash(void)
{
    int i;
    for (i = 0; i < 20000; i++) {
        uint8_t junk[40];
        size_t len = ppq_test_below(sizeof junk + 1), k;
        ppq_thrift_r_t r;
        ppq_status_t st;
        for (k = 0; k < len; k++) {
            junk[k] = (uint8_t)ppq_test_rand();
            if (ppq_test_below(3) == 0) {
                junk[k] = (uint8_t)(ppq_test_below(16) << 4 | ppq_test_below(14)); /* plausible headers */
            }
        }
        ppq_thrift_r_init(&r, tail_copy(junk, len), len);
        st = ppq_thrift_r_skip(&r, (ppq_thrift_type_t)(1 + ppq_test_below(13)));
        PPQ_CHECK(st == PPQ_OK || st == PPQ_ERR_CORRUPT);
        PPQ_CHECK(r.pos <= r.end);
    }
}

static const ppq_test_case_t cases[] = {
    PPQ_TEST(e1_to_e3),
    PPQ_TEST(e4_nested),
    PPQ_TEST(e4_read),
    PPQ_TEST(e5_to_e10),
    PPQ_TEST(e11_footer),
    PPQ_TEST(limits),
    PPQ_TEST(stream_windows),
    PPQ_TEST(random_bytes_never_crash),
};
PPQ_SUITE(suite_thrift, "thrift", cases);
