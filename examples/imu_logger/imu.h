/*
 * An IMU logger's rows (issue 29): each row a timestamp and 100 ms of a
 * 1 kHz accelerometer, one LIST<FLOAT> burst per axis (ax, ay, az: 100
 * samples each, in g, quantized to 1/1024 g as the sensor's ADC gives
 * them), written with ppq_writer_init_nested and ppq_writer_write_levels in
 * fixed RAM.  The host (main.c) and the M4F firmware (firmware.c) write the
 * same bytes from the same generator.
 */
#ifndef IMU_H
#define IMU_H

#include "picoparquet.h"

#define IMU_SAMPLES 100u /* a burst: 100 ms at 1 kHz */
#define IMU_ROWS 600u    /* a minute */
#define IMU_ARENA (168u * 1024u) /* (ppq_writer_arena_size_nested: 165,568 bytes on a 64-bit host) */

/* Write IMU_ROWS rows to `out` with the writer in `arena` (IMU_ARENA
 * bytes, 8-byte aligned: ppq_writer_arena_size_nested of its options);
 * *bytes the file's length, *row_groups its row groups. */
ppq_status_t imu_write(ppq_sink_t *out, void *arena, size_t arena_len, uint32_t *bytes, uint32_t *row_groups);

#endif
