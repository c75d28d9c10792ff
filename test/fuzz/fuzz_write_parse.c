/* libFuzzer: `ppq write`'s parsers (tools/ppq_write_parse.c, included
 * here: the CLI's code, not the library's).  Input: a mode byte, the
 * schema text, a NUL, the rows.  Mode bit 0: CSV (else JSON Lines); bit 1:
 * hand each block to the library's writer (a counting sink).
 * Checks, beyond ASan and UBSan:
 *   - a schema that parses is one the writer takes, when it is flat
 *     (ppq_writer_arena_size is not 0, and ppq_writer_init succeeds);
 *   - CSV: a record parsed from a prefix of the input (more to come) takes
 *     the same bytes and gives the same row as from the whole input;
 *   - every row the parsers accept, the writer accepts (no REQUIRED null,
 *     no byte array of the wrong length or longer than a page).
 * Each value's text also goes through pw_parse_value as a JSON string, a
 * bare token and a CSV field. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_write_parse.c"

#define FUZZ_ROWS 8u

static void check_values(const pw_schema_t *s, const char *p, size_t n)
{
    uint32_t k;
    pw_buf_t bytes;
    memset(&bytes, 0, sizeof bytes);
    for (k = 0; k < s->n && k < 8u; k++) {
        union {
            uint8_t b;
            int32_t i32;
            int64_t i64;
            float f;
            double d;
            ppq_bytes_t bytes;
        } slot;
        int q;
        if (s->nodes[k].kind != PW_LEAF) {
            continue;
        }
        for (q = 0; q < 3; q++) {
            size_t before = bytes.len;
            if (pw_parse_value(&s->nodes[k].col, p, n, q, &slot, &bytes) == NULL &&
                (s->nodes[k].col.type == PPQ_BYTE_ARRAY || s->nodes[k].col.type == PPQ_FIXED_LEN_BYTE_ARRAY)) {
                if (bytes.len - before != slot.bytes.len ||
                    (s->nodes[k].col.type == PPQ_FIXED_LEN_BYTE_ARRAY && slot.bytes.len != s->nodes[k].col.type_len)) {
                    __builtin_trap();
                }
            }
        }
    }
    free(bytes.p);
}

typedef struct fz {
    ppq_writer_t w;
    int writing;
    ppq_column_batch_t batches[16];
} fz_t;

static void flush(fz_t *z, pw_block_t *b)
{
    uint32_t i, written = 0;
    if (z->writing && b->n > 0u) {
        pw_block_fix(b);
        for (i = 0; i < b->ncols; i++) {
            z->batches[i].values = b->values[i];
            z->batches[i].validity = b->validity[i];
            z->batches[i].def_levels = NULL;
        }
        if (ppq_writer_write_batch(&z->w, z->batches, b->n, &written) != PPQ_OK) {
            __builtin_trap(); /* a row the parser took and the writer refuses */
        }
    }
    pw_block_reset(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text, *nul, *rows;
    size_t tlen, rlen, at = 0, lines = 0;
    int mode, flat = 1;
    pw_schema_t s;
    pw_block_t b, b2;
    ppq_column_t cols[16];
    const char *types[16];
    char err[PW_ERR_LEN];
    uint32_t k, ncols;
    fz_t z;
    ppq_sink_t sink;
    void *arena = NULL;
    if (size < 1u) {
        return 0;
    }
    mode = data[0];
    text = (const char *)data + 1;
    nul = (const char *)memchr(text, 0, size - 1u);
    tlen = nul != NULL ? (size_t)(nul - text) : size - 1u;
    rows = nul != NULL ? nul + 1 : text + tlen;
    rlen = size - 1u - tlen - (nul != NULL);
    if (pw_schema_parse(text, tlen, &s, err, sizeof err) != 0) {
        if (strlen(err) == 0u) {
            __builtin_trap(); /* a failure always says why */
        }
        pw_schema_free(&s);
        return 0;
    }
    for (k = 0; k < s.n; k++) {
        flat &= s.nodes[k].kind == PW_LEAF && s.nodes[k].parent == -1;
    }
    check_values(&s, rows, rlen < 64u ? rlen : 64u);
    if (!flat || s.n > 16u) {
        pw_schema_free(&s);
        return 0;
    }
    ncols = s.n;
    for (k = 0; k < ncols; k++) {
        cols[k] = s.nodes[k].col;
        types[k] = s.nodes[k].type_text;
    }
    memset(&z, 0, sizeof z);
    {
        ppq_writer_options_t opts;
        size_t alen;
        memset(&opts, 0, sizeof opts);
        opts.row_group_rows = 16;
        opts.page_values = 8;
        alen = ppq_writer_arena_size(cols, ncols, &opts);
        if (alen == 0u) {
            __builtin_trap(); /* a flat schema that parsed is one the writer takes */
        }
        if ((mode & 2) != 0 && alen <= ((size_t)64 << 20)) {
            arena = malloc(alen);
            ppq_sink_init_counter(&sink);
            if (arena == NULL || ppq_writer_init(&z.w, cols, ncols, &opts, &sink, arena, alen) != PPQ_OK) {
                __builtin_trap();
            }
            z.writing = 1;
        }
    }
    if (!pw_block_init(&b, cols, types, ncols, FUZZ_ROWS) || !pw_block_init(&b2, cols, types, ncols, FUZZ_ROWS)) {
        __builtin_trap();
    }
    b.max_bytes = b2.max_bytes = 8192u;
    if ((mode & 1) == 0) { /* JSON Lines */
        while (at < rlen) {
            const char *nl = (const char *)memchr(rows + at, '\n', rlen - at);
            size_t ln = nl != NULL ? (size_t)(nl - rows) - at : rlen - at;
            (void)pw_json_row(&b, rows + at, ln, err, sizeof err);
            if (b.n == b.cap) {
                flush(&z, &b);
            }
            at += ln + (nl != NULL);
        }
    } else { /* CSV: the header, then records; each also from a prefix */
        long r = pw_csv_header(&b, rows, rlen, 1, &lines, err, sizeof err);
        if (r > 0) {
            size_t l2 = 0;
            if (pw_csv_header(&b2, rows, rlen, 1, &l2, err, sizeof err) != r) {
                __builtin_trap();
            }
            at = (size_t)r;
            while (at < rlen) {
                size_t cut = (rlen - at) / 2u, la = 0, lb = 0;
                long full = pw_csv_row(&b, rows + at, rlen - at, 1, &la, err, sizeof err);
                long part = pw_csv_row(&b2, rows + at, cut, 0, &lb, err, sizeof err);
                if (part > 0) {
                    uint32_t c;
                    if (full != part || la != lb) {
                        __builtin_trap();
                    }
                    for (c = 0; c < ncols; c++) { /* the same row */
                        size_t sz = slot_size(&cols[c]);
                        int v1 = b.validity[c] == NULL || ((b.validity[c][(b.n - 1u) / 8u] >> ((b.n - 1u) % 8u)) & 1u);
                        int v2 = b2.validity[c] == NULL || ((b2.validity[c][(b2.n - 1u) / 8u] >> ((b2.n - 1u) % 8u)) & 1u);
                        if (v1 != v2 || (v1 && b.offsets[c] == NULL &&
                                         memcmp((uint8_t *)b.values[c] + (b.n - 1u) * sz,
                                                (uint8_t *)b2.values[c] + (b2.n - 1u) * sz, sz) != 0)) {
                            __builtin_trap();
                        }
                    }
                }
                if (full <= 0) {
                    break; /* (the command stops at an error too) */
                }
                at += (size_t)full;
                if (b.n == b.cap) {
                    flush(&z, &b);
                }
                if (b2.n == b2.cap) {
                    pw_block_reset(&b2);
                }
            }
        }
    }
    flush(&z, &b);
    if (z.writing && ppq_writer_close(&z.w) != PPQ_OK) {
        __builtin_trap();
    }
    pw_block_free(&b);
    pw_block_free(&b2);
    pw_schema_free(&s);
    free(arena);
    return 0;
}
