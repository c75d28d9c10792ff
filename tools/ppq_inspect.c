/* `ppq inspect FILE`: a summary of a Parquet file's footer - schema with
 * logical types, row groups, column chunks (encodings, sizes, counts,
 * statistics), key-value metadata, created_by.  Through the library's
 * reader (ppq_reader_open): one footer parser, the one firmware uses. */
#define _POSIX_C_SOURCE 200809L /* fseeko, ftello */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_cat.h"
#include "ppq_inspect.h"

static const char *const type_names[] = {"BOOLEAN", "INT32",  "INT64",      "INT96",
                                         "FLOAT",   "DOUBLE", "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"};
static const char *const enc_names[] = {"PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED",
                                        "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY",
                                        "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"};
/* ConvertedType values (the legacy annotation), where no LogicalType is given */
static const char *const converted_names[] = {"UTF8",   "MAP",    "MAP_KEY_VALUE", "LIST",      "ENUM",
                                              "DECIMAL", "DATE",  "TIME_MILLIS",   "TIME_MICROS", "TIMESTAMP_MILLIS",
                                              "TIMESTAMP_MICROS", "UINT_8", "UINT_16", "UINT_32", "UINT_64",
                                              "INT_8",  "INT_16", "INT_32",        "INT_64",    "JSON",
                                              "BSON",   "INTERVAL"};

/* The node's annotation as text: its LogicalType, else its ConvertedType. */
static void annotation(const ppq_schema_node_t *n, char *out, size_t cap)
{
    static const char *const members[] = {"?", "STRING", "MAP", "LIST", "ENUM", "DECIMAL", "DATE", "TIME",
                                          "TIMESTAMP", "?", "INTEGER", "UNKNOWN", "JSON", "BSON", "UUID",
                                          "FLOAT16", "VARIANT", "GEOMETRY", "GEOGRAPHY", "FILE"};
    static const char *const units[] = {"MILLIS", "MICROS", "NANOS"};
    out[0] = '\0';
    if (n->logical == 5) {
        snprintf(out, cap, "DECIMAL(%d,%d)", (int)n->precision, (int)n->scale);
    } else if (n->logical == 10) {
        snprintf(out, cap, "INTEGER(%d,%s)", (int)n->int_bits, n->int_signed ? "signed" : "unsigned");
    } else if (n->logical == 7 || n->logical == 8) {
        snprintf(out, cap, "%s(%s,%s)", members[n->logical], n->unit < 3 ? units[n->unit] : "?", n->utc ? "UTC" : "local");
    } else if (n->logical != 0) {
        snprintf(out, cap, "%s", n->logical < 20 ? members[n->logical] : "?");
    } else if (n->converted >= 0 && (size_t)n->converted < sizeof converted_names / sizeof converted_names[0]) {
        if (n->converted == 5) {
            snprintf(out, cap, "DECIMAL(%d,%d)", (int)n->precision, (int)n->scale);
        } else {
            snprintf(out, cap, "%s", converted_names[n->converted]);
        }
    }
}

/* An integer column whose annotation says unsigned. */
static int is_unsigned(const ppq_schema_node_t *n)
{
    return (n->logical == 10 && !n->int_signed) || (n->converted >= 11 && n->converted <= 14);
}

static void print_stat_value(const ppq_schema_node_t *n, const uint8_t *v, uint32_t len)
{
    uint32_t i;
    int printable = 1;
    if (n->type == PPQ_BOOLEAN && len == 1) {
        printf("%s", v[0] ? "true" : "false");
    } else if (n->type == PPQ_INT32 && len == 4) {
        if (is_unsigned(n)) {
            printf("%" PRIu32, ppq_load_le32(v));
        } else {
            printf("%" PRId32, (int32_t)ppq_load_le32(v));
        }
    } else if (n->type == PPQ_INT64 && len == 8) {
        if (is_unsigned(n)) {
            printf("%" PRIu64, ppq_load_le64(v));
        } else {
            printf("%" PRId64, (int64_t)ppq_load_le64(v));
        }
    } else if (n->type == PPQ_FLOAT && len == 4) {
        float f;
        uint32_t u = ppq_load_le32(v);
        memcpy(&f, &u, 4);
        printf("%.9g", f);
    } else if (n->type == PPQ_DOUBLE && len == 8) {
        double d;
        uint64_t u = ppq_load_le64(v);
        memcpy(&d, &u, 8);
        printf("%.17g", d);
    } else {
        for (i = 0; i < len; i++) {
            printable &= v[i] >= 32 && v[i] < 127;
        }
        if (printable) {
            printf("\"%.*s\"", (int)len, (const char *)v);
        } else {
            for (i = 0; i < len; i++) {
                printf("%02x", v[i]);
            }
        }
    }
}

/* Column col's path, dotted, into out. */
static void column_path(const ppq_reader_t *r, uint32_t col, char *out, size_t cap)
{
    uint32_t chain[PPQ_READER_MAX_DEPTH + 1u], depth = 0;
    int32_t at = (int32_t)r->leaves[col];
    size_t len = 0;
    while (at > 0 && depth <= PPQ_READER_MAX_DEPTH) { /* up to the root (not named) */
        chain[depth++] = (uint32_t)at;
        at = r->nodes[at].parent;
    }
    out[0] = '\0';
    while (depth > 0 && len + 2u < cap) {
        const ppq_schema_node_t *n = &r->nodes[chain[--depth]];
        int w = snprintf(out + len, cap - len, "%s%.*s", len > 0 ? "." : "", (int)n->name_len, n->name);
        len = w < 0 ? cap : len + (size_t)w < cap ? len + (size_t)w : cap - 1u;
    }
}

static void print_schema(const ppq_reader_t *r)
{
    uint32_t i;
    char logical[64];
    printf("schema %.*s: %u columns\n", (int)r->nodes[0].name_len, r->nodes[0].name, (unsigned)r->nodes[0].num_children);
    for (i = 1; i < r->nnodes; i++) {
        const ppq_schema_node_t *n = &r->nodes[i];
        int depth = 0, at = n->parent;
        while (at > 0) { /* nested fields indented under their groups */
            depth++;
            at = r->nodes[at].parent;
        }
        annotation(n, logical, sizeof logical);
        printf("  %*s%-*.*s %-20s %-9s %s", 2 * depth, "", 20 - 2 * depth > 0 ? 20 - 2 * depth : 0, (int)n->name_len,
               n->name, n->type >= 0 && n->type < 8 ? type_names[n->type] : "group",
               n->repetition == 1 ? "OPTIONAL" : n->repetition == 0 ? "REQUIRED" : "REPEATED", logical);
        if (n->type == PPQ_FIXED_LEN_BYTE_ARRAY) {
            printf(" (length %u)", (unsigned)n->type_len);
        }
        putchar('\n');
    }
}

/* Key-value metadata, a line a pair (a key without a value: no " = "). */
static void print_kv(const char *indent, const ppq_key_value_ref_t *kv, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        printf("%skey-value: %.*s", indent, (int)kv[i].key_len, (const char *)kv[i].key);
        if (kv[i].value != NULL) {
            printf(" = %.*s", (int)kv[i].value_len, (const char *)kv[i].value);
        }
        putchar('\n');
    }
}

static void print_chunk(const ppq_reader_t *r, uint32_t col, const ppq_chunk_info_t *c)
{
    const ppq_schema_node_t *n = &r->nodes[r->leaves[col]];
    char path[128], encs[192] = "";
    uint32_t e;
    for (e = 0; e < 10u; e++) {
        if ((c->encodings >> e) & 1u) {
            strcat(encs, encs[0] ? "," : "");
            strcat(encs, enc_names[e]);
        }
    }
    column_path(r, col, path, sizeof path);
    printf("    %-20s %-44s %8" PRId64 " values %9" PRId64 " bytes @%" PRId64 "\n", path, encs, c->num_values,
           c->compressed_size, c->dict_page_offset >= 0 ? c->dict_page_offset : c->data_page_offset);
    printf("      nulls %" PRId64, c->stats.null_count);
    if (c->stats.min != NULL && c->stats.max != NULL) {
        printf(", min ");
        print_stat_value(n, c->stats.min, c->stats.min_len);
        printf(", max ");
        print_stat_value(n, c->stats.max, c->stats.max_len);
    }
    putchar('\n');
    print_kv("      ", c->kv, c->nkv);
}

/* The arena a board needs to read this file: what ppq_reader_open kept,
 * and on top of it the column readers of the largest row group, all open
 * at once (as `ppq cat` and `ppq scan` read) or one at a time.  A chunk
 * this build cannot read is named instead. */
static void print_arena(ppq_reader_t *r, size_t open_bytes)
{
    size_t all = 0, one = 0;
    uint32_t g, c;
    for (g = 0; g < r->nrg; g++) {
        size_t sum = 0;
        for (c = 0; c < r->ncols; c++) {
            ppq_status_t st = PPQ_OK;
            size_t need = ppq_column_reader_arena_size(r, g, c, &st);
            if (st != PPQ_OK) {
                printf("arena: open %zu bytes; row group %u column %u: %s\n", open_bytes, (unsigned)g, (unsigned)c,
                       ppq_status_str(st));
                return;
            }
            sum += need;
            one = need > one ? need : one;
        }
        all = sum > all ? sum : all;
    }
    printf("arena: open %zu bytes; then every column of a row group at once %zu more, one at a time %zu\n", open_bytes,
           all, one);
}

int ppq_inspect(const char *path)
{
    FILE *f = fopen(path, "rb");
    ppq_file_t file = {ppq_cli_read_at, NULL, NULL, NULL, 0};
    ppq_reader_t r;
    ppq_arena_t arena;
    size_t arena_len = 1u << 20;
    void *mem = NULL;
    ppq_status_t st;
    uint32_t g, c;
    if (f == NULL || fseeko(f, 0, SEEK_END) != 0) {
        fprintf(stderr, "ppq: cannot open %s\n", path);
        if (f != NULL) {
            fclose(f);
        }
        return 2;
    }
    file.size = (uint64_t)ftello(f);
    file.ctx = f;
    for (;;) { /* an arena as large as the footer asks */
        mem = malloc(arena_len);
        if (mem == NULL) {
            fclose(f);
            return 2;
        }
        ppq_arena_init(&arena, mem, arena_len);
        st = ppq_reader_open(&r, &file, &arena);
        if (st != PPQ_ERR_ARENA || r.need <= arena_len) {
            break;
        }
        free(mem);
        arena_len = r.need;
    }
    if (st != PPQ_OK) {
        if (st == PPQ_ERR_UNSUPPORTED) { /* (a valid file: say what it uses, as ppq cat does) */
            fprintf(stderr, "ppq: %s: %s: %s\n", path, ppq_status_str(st), ppq_reader_unsupported(&r));
        } else {
            fprintf(stderr, "ppq: %s: not a Parquet file, or its footer is corrupt (%s)\n", path, ppq_status_str(st));
        }
        free(mem);
        fclose(f);
        return PPQ_IS_CORRUPT(st) || st == PPQ_ERR_UNSUPPORTED ? 1 : 2;
    }
    printf("%s: %" PRIu64 " bytes, footer %u bytes\n", path, file.size, (unsigned)r.footer_len);
    print_schema(&r);
    printf("rows: %" PRId64 "\n", r.num_rows);
    printf("row groups: %u\n", (unsigned)r.nrg);
    for (g = 0; g < r.nrg; g++) {
        int64_t bytes = 0;
        for (c = 0; c < r.ncols; c++) {
            bytes += ppq_reader_chunk(&r, g, c)->uncompressed_size;
        }
        printf("row group %u: %" PRId64 " rows, %" PRId64 " bytes\n", (unsigned)g, ppq_reader_row_group_rows(&r, g), bytes);
        for (c = 0; c < r.ncols; c++) {
            print_chunk(&r, c, ppq_reader_chunk(&r, g, c));
        }
    }
    print_arena(&r, ppq_arena_used(&arena));
    print_kv("", r.kv, r.nkv);
    if (r.created_by != NULL) {
        printf("created_by: %.*s\n", (int)r.created_by_len, (const char *)r.created_by);
    }
    free(mem);
    fclose(f);
    return 0;
}
