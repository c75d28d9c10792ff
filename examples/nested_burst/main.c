/*
 * Nested columns with the writer: a vibration logger's rows, each a
 * timestamp and a burst of accelerometer samples (LIST<FLOAT>), and the
 * channels that answered (LIST<STRUCT<id INT32, gain FLOAT?>>), written
 * with ppq_writer_init_nested and ppq_writer_write_levels.  The schema is
 * two const tables (flash on a board); the levels are what a reader's
 * column reader returns.  Usage: nested_burst OUT.parquet
 *
 *   ts     INT64 TIMESTAMP(us, UTC)          max_def 0, max_rep 0
 *   burst  LIST<FLOAT>  (required)           burst.list.element:     def 0..1 (0: an empty list), rep 0..1
 *   chans  LIST<STRUCT<id, gain?>>?          chans.list.element.id:   def 0..2, rep 0..1
 *                                            chans.list.element.gain: def 0..3, rep 0..1
 */
#include <stdio.h>
#include <string.h>

#include "picoparquet.h"

#define ROWS 100u
#define BURST 64u /* samples per row */

static const ppq_column_t leaves[] = {
    {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_AUTO},
    {"element", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    {"id", PPQ_INT32, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    {"gain", PPQ_FLOAT, 0, 1, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
};
static const ppq_node_t nodes[] = {
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0},          /* ts */
    {"burst", PPQ_NODE_LIST, PPQ_REQUIRED, 1},
    {"list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1},
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0},          /* element */
    {"chans", PPQ_NODE_LIST, PPQ_OPTIONAL, 1},
    {"list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1},
    {"element", PPQ_NODE_STRUCT, PPQ_REQUIRED, 2},
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0},          /* id */
    {NULL, PPQ_NODE_LEAF, PPQ_OPTIONAL, 0},          /* gain */
};
static const ppq_schema_t schema = {nodes, 9, leaves, 4};

static uint64_t arena[512 * 1024 / 8];

static ppq_status_t file_write(void *ctx, const uint8_t *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

int main(int argc, char **argv)
{
    static int64_t ts[ROWS];
    static float samples[ROWS * BURST], gains[ROWS * 3];
    static int16_t s_def[ROWS * BURST], s_rep[ROWS * BURST];
    static int32_t ids[ROWS * 3];
    static int16_t id_def[ROWS * 3], g_def[ROWS * 3], c_rep[ROWS * 3];
    ppq_leaf_batch_t batch[4];
    ppq_writer_options_t o;
    ppq_writer_t w;
    ppq_sink_t sink;
    uint32_t r, i, n = 0, g = 0, e = 0, nid = 0;
    ppq_status_t st;
    FILE *f = fopen(argc > 1 ? argv[1] : "nested_burst.parquet", "wb");
    if (f == NULL) {
        perror("open");
        return 1;
    }
    for (r = 0; r < ROWS; r++) {
        ts[r] = 1700000000000000LL + (int64_t)r * 64000; /* a burst every 64 ms at 1 kHz */
        for (i = 0; i < BURST; i++, n++) {               /* burst: one record of 64 entries */
            samples[n] = (float)((r * BURST + i) % 50) * 0.02f - 0.5f;
            s_def[n] = 1;
            s_rep[n] = i == 0u ? 0 : 1;
        }
        if (r % 10u == 9u) { /* chans null: one entry, def 0 */
            id_def[e] = g_def[e] = 0;
            c_rep[e++] = 0;
            continue;
        }
        for (i = 0; i < 1u + r % 3u; i++, e++) { /* 1-3 channels, a gain sometimes missing */
            c_rep[e] = i == 0u ? 0 : 1;
            id_def[e] = 2;
            ids[nid++] = (int32_t)i;
            g_def[e] = (r + i) % 4u == 0u ? 2 : 3;
            if (g_def[e] == 3) {
                gains[g++] = 1.0f + (float)i * 0.5f;
            }
        }
    }
    memset(&o, 0, sizeof o);
    st = ppq_writer_options_for_arena_nested(&o, &schema, sizeof arena); /* the largest row groups it holds */
    sink.write = file_write;
    sink.ctx = f;
    sink.offset = 0;
    if (st == PPQ_OK) {
        st = ppq_writer_init_nested(&w, &schema, &o, &sink, arena, sizeof arena);
    }
    batch[0] = (ppq_leaf_batch_t){ts, NULL, NULL, ROWS};
    batch[1] = (ppq_leaf_batch_t){samples, s_def, s_rep, n};
    batch[2] = (ppq_leaf_batch_t){ids, id_def, c_rep, e};
    batch[3] = (ppq_leaf_batch_t){gains, g_def, c_rep, e};
    if (st == PPQ_OK) {
        st = ppq_writer_write_levels(&w, batch, ROWS, NULL);
    }
    if (st == PPQ_OK) {
        st = ppq_writer_close(&w);
    }
    fclose(f);
    printf("%s: %u rows, %s\n", argc > 1 ? argv[1] : "nested_burst.parquet", ROWS, ppq_status_str(st));
    return st == PPQ_OK ? 0 : 1;
}
