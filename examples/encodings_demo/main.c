/*
 * Encodings demo: a day of 1 Hz sensor readings (temperature in centi-
 * degrees, a door switch, a status string), each encoded the ways the
 * library offers so far, with the sizes and a decode check.  Everything
 * runs in one static arena, as on a microcontroller.
 */
#include <stdio.h>
#include <string.h>

#include "picoparquet.h"

#define ROWS 86400u

static uint64_t arena_mem[64 * 1024 / 8];
static uint8_t out_buf[ROWS * 12u];

static int32_t temperature[ROWS];
static uint8_t door[ROWS];
static ppq_bytes_t status[ROWS];

static const char *const status_names[] = {"ok", "ok", "ok", "warming", "low-battery", "ok"};

static void make_data(void)
{
    uint32_t seed = 12345u;
    int32_t t = 2150; /* 21.50 C */
    uint32_t i;
    for (i = 0; i < ROWS; i++) {
        seed = seed * 1664525u + 1013904223u;
        t += (int32_t)(seed >> 29) - 3; /* slow random walk */
        temperature[i] = t;
        door[i] = (uint8_t)((i / 600u) % 7u == 0u); /* open a few minutes an hour */
        status[i].ptr = (const uint8_t *)status_names[(i / 3600u) % 6u];
        status[i].len = (uint32_t)strlen(status_names[(i / 3600u) % 6u]);
    }
}

static size_t encode_plain(ppq_type_t type, const void *values)
{
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_plain_enc_t enc;
    ppq_sink_init_mem(&sink, &mem, out_buf, sizeof out_buf);
    if (ppq_plain_enc_init(&enc, type, 0, &sink) != PPQ_OK || ppq_plain_enc_put(&enc, values, ROWS) != PPQ_OK ||
        ppq_plain_enc_finish(&enc) != PPQ_OK) {
        return 0;
    }
    return mem.len;
}

/* Dictionary encoding with the spec's fallback: when the dictionary fills,
 * the page so far is closed and the rest of the column goes PLAIN.
 * Returns the bytes of dictionary + index pages + PLAIN rest. */
static size_t encode_dict(ppq_type_t type, const void *values, uint32_t *entries, size_t *dict_values)
{
    ppq_dict_cfg_t cfg = {256, 4096, 8192};
    const uint8_t *v = (const uint8_t *)values;
    size_t vsize = ppq_value_size(type), done = 0, accepted;
    ppq_arena_t arena;
    ppq_dict_enc_t enc;
    ppq_plain_enc_t plain;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    ppq_status_t st = PPQ_OK;
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    ppq_sink_init_mem(&sink, &mem, out_buf, sizeof out_buf);
    if (ppq_dict_enc_init(&enc, type, 0, &cfg, &arena) != PPQ_OK) {
        return 0;
    }
    while (done < ROWS) {
        st = ppq_dict_enc_put(&enc, v + done * vsize, ROWS - done, &accepted);
        done += accepted;
        if (st == PPQ_ERR_NOSPACE) { /* page full: next page */
            st = ppq_dict_enc_flush_page(&enc, &sink);
        }
        if (st != PPQ_OK) {
            break;
        }
    }
    if ((st != PPQ_OK && st != PPQ_DICT_FULL) || ppq_dict_enc_flush_page(&enc, &sink) != PPQ_OK) {
        return 0;
    }
    *entries = ppq_dict_enc_entries(&enc);
    *dict_values = done;
    if (done < ROWS &&
        (ppq_plain_enc_init(&plain, type, 0, &sink) != PPQ_OK ||
         ppq_plain_enc_put(&plain, v + done * vsize, ROWS - done) != PPQ_OK || ppq_plain_enc_finish(&plain) != PPQ_OK)) {
        return 0;
    }
    return mem.len + ppq_dict_enc_dict_bytes(&enc);
}

/* BOOLEAN as RLE (with its 4-byte length prefix, as data pages store it),
 * then decoded again to check the round trip. */
static size_t encode_rle_bool(void)
{
    static uint32_t bits[ROWS], back[ROWS];
    ppq_rle_cfg_t cfg = {1, 0, 1, 16u * 1024u};
    ppq_arena_t arena;
    ppq_rle_enc_t enc;
    ppq_rle_dec_t dec;
    ppq_sink_t sink;
    ppq_memsink_t mem;
    size_t got;
    uint32_t i;
    for (i = 0; i < ROWS; i++) {
        bits[i] = door[i];
    }
    ppq_arena_init(&arena, arena_mem, sizeof arena_mem);
    ppq_sink_init_mem(&sink, &mem, out_buf, sizeof out_buf);
    if (ppq_rle_enc_init(&enc, &cfg, &sink, &arena) != PPQ_OK || ppq_rle_enc_put(&enc, bits, ROWS) != PPQ_OK ||
        ppq_rle_enc_finish(&enc) != PPQ_OK) {
        return 0;
    }
    if (ppq_rle_dec_init(&dec, 1, 1, out_buf, mem.len, ROWS) != PPQ_OK ||
        ppq_rle_dec_get(&dec, back, ROWS, &got) != PPQ_OK || got != ROWS ||
        memcmp(back, bits, sizeof bits) != 0) {
        return 0;
    }
    return mem.len;
}

int main(void)
{
    uint32_t entries = 0;
    size_t dict_values = 0;
    size_t plain_t, dict_t, plain_b, rle_b, plain_s, dict_s;
    make_data();
    printf("picoparquet %s encodings demo: %u rows of 1 Hz sensor data\n\n", PPQ_VERSION_STRING, ROWS);
    printf("%-24s %-16s %10s %10s\n", "column", "encoding", "bytes", "bits/value");
    plain_t = encode_plain(PPQ_INT32, temperature);
    dict_t = encode_dict(PPQ_INT32, temperature, &entries, &dict_values);
    printf("%-24s %-16s %10zu %10.2f\n", "temperature (int32)", "plain", plain_t, 8.0 * (double)plain_t / ROWS);
    printf("%-24s %-16s %10zu %10.2f   (%u entries, full after %zu values: rest PLAIN)\n",
           "temperature (int32)", "rle_dictionary", dict_t, 8.0 * (double)dict_t / ROWS, entries, dict_values);
    plain_b = encode_plain(PPQ_BOOLEAN, door);
    rle_b = encode_rle_bool();
    printf("%-24s %-16s %10zu %10.2f\n", "door_open (boolean)", "plain", plain_b, 8.0 * (double)plain_b / ROWS);
    printf("%-24s %-16s %10zu %10.2f\n", "door_open (boolean)", "rle", rle_b, 8.0 * (double)rle_b / ROWS);
    plain_s = encode_plain(PPQ_BYTE_ARRAY, status);
    dict_s = encode_dict(PPQ_BYTE_ARRAY, status, &entries, &dict_values);
    printf("%-24s %-16s %10zu %10.2f\n", "status (byte_array)", "plain", plain_s, 8.0 * (double)plain_s / ROWS);
    printf("%-24s %-16s %10zu %10.2f   (%u distinct)\n", "status (byte_array)", "rle_dictionary", dict_s,
           8.0 * (double)dict_s / ROWS, entries);
    if (plain_t == 0 || dict_t == 0 || plain_b == 0 || rle_b == 0 || plain_s == 0 || dict_s == 0) {
        fprintf(stderr, "demo: an encoder failed\n");
        return 1;
    }
    printf("\narena: %zu bytes, static\n", sizeof arena_mem);
    return 0;
}
