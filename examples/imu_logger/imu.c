/* The IMU logger's rows and their writing: see imu.h. */
#include "imu.h"

#include <string.h>

static const ppq_column_t leaves[] = {
    {"ts", PPQ_INT64, 0, 0, {PPQ_LOGICAL_TIMESTAMP, 0, 0, 1, PPQ_UNIT_MICROS, 0, 0}, PPQ_COLUMN_AUTO},
    {"element", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    {"element", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
    {"element", PPQ_FLOAT, 0, 0, {PPQ_LOGICAL_NONE, 0, 0, 0, PPQ_UNIT_MILLIS, 0, 0}, PPQ_COLUMN_AUTO},
};
/* ts, then per axis LIST<FLOAT> in the spec's 3-level form */
static const ppq_node_t nodes[] = {
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0},
    {"ax", PPQ_NODE_LIST, PPQ_REQUIRED, 1},
    {"list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1},
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0},
    {"ay", PPQ_NODE_LIST, PPQ_REQUIRED, 1},
    {"list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1},
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0},
    {"az", PPQ_NODE_LIST, PPQ_REQUIRED, 1},
    {"list", PPQ_NODE_STRUCT, PPQ_REPEATED, 1},
    {NULL, PPQ_NODE_LEAF, PPQ_REQUIRED, 0},
};
static const ppq_schema_t schema = {nodes, sizeof nodes / sizeof nodes[0], leaves, 4};

/* One row's bursts: a machine's vibration along each axis (a triangle wave
 * of the axis's period), gravity on z, and the sensor's noise from a small
 * generator; integers only, so every target computes the same floats. */
static uint32_t noise_state = 12345u;

static int32_t noise(void)
{
    noise_state = noise_state * 1103515245u + 12345u;
    return (int32_t)((noise_state >> 16) % 9u) - 4; /* -4..4 LSB */
}

static float sample(uint32_t t, uint32_t period, int32_t amp, int32_t offset)
{
    int32_t phase = (int32_t)(t % period), half = (int32_t)period / 2;
    int32_t tri = (phase < half ? phase : (int32_t)period - phase) * 2 * amp / half - amp;
    return (float)(offset + tri + noise()) / 1024.0f; /* 1/1024 g a step */
}

ppq_status_t imu_write(ppq_sink_t *out, void *arena, size_t arena_len, uint32_t *bytes, uint32_t *row_groups)
{
    static float ax[IMU_SAMPLES], ay[IMU_SAMPLES], az[IMU_SAMPLES];
    static int16_t def[IMU_SAMPLES], rep[IMU_SAMPLES];
    ppq_writer_options_t o;
    ppq_leaf_batch_t b[4];
    ppq_writer_t w;
    int64_t ts;
    uint32_t r, i;
    ppq_status_t st;
    memset(&o, 0, sizeof o);
    o.page_values = 5u * IMU_SAMPLES; /* a page: half a second of an axis (pages end between records) */
    o.chunk_bytes = 16u * 1024u;       /* a row group ends when an axis has about 16 KiB of pages */
    o.dict_entries = 1024;             /* an axis's readings take a few hundred values */
    o.dict_bytes = 4096;
    o.footer_bytes = 16384;            /* the row groups' metadata */
    o.page_crc = 1;
    o.no_page_index = 1; /* (firmware builds have none: every target writes the same bytes) */
    noise_state = 12345u;
    st = ppq_writer_init_nested(&w, &schema, &o, out, arena, arena_len);
    for (i = 0; i < IMU_SAMPLES; i++) {
        def[i] = 1;
        rep[i] = i == 0u ? 0 : 1;
    }
    for (r = 0; r < IMU_ROWS && st == PPQ_OK; r++) {
        for (i = 0; i < IMU_SAMPLES; i++) {
            uint32_t t = r * IMU_SAMPLES + i;
            ax[i] = sample(t, 20u, 90, 0);     /* 50 Hz */
            ay[i] = sample(t, 8u, 40, 0);      /* 125 Hz */
            az[i] = sample(t, 50u, 30, 1024);  /* 20 Hz around 1 g */
        }
        ts = 1767225600000000LL + (int64_t)r * 100000; /* a row each 100 ms */
        b[0].values = &ts;
        b[0].def = NULL;
        b[0].rep = NULL;
        b[0].entries = 1;
        b[1].values = ax;
        b[2].values = ay;
        b[3].values = az;
        for (i = 1; i < 4u; i++) {
            b[i].def = def;
            b[i].rep = rep;
            b[i].entries = IMU_SAMPLES;
        }
        st = ppq_writer_write_levels(&w, b, 1, NULL);
    }
    st = st == PPQ_OK ? ppq_writer_close(&w) : st;
    *bytes = (uint32_t)out->offset;
    *row_groups = st == PPQ_OK ? w.row_groups : 0u;
    return st;
}
