/* `ppq inspect FILE`: a summary of a Parquet file's footer - schema with
 * logical types, row groups, column chunks (encodings, sizes, counts,
 * statistics), key-value metadata, created_by.  Host code on the library's
 * Thrift reader; every field the summary does not show is skipped. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picoparquet.h"
#include "ppq_inspect.h"

#define MAX_LEAVES 256

typedef struct leaf {
    char name[64];
    int32_t type, type_len, repetition, converted;
    char logical[64];
} leaf_t;

static leaf_t leaves[MAX_LEAVES];
static int nleaves;

#define TRY(x)                                                                                    \
    do {                                                                                          \
        if ((x) != PPQ_OK) {                                                                      \
            return PPQ_ERR_CORRUPT;                                                               \
        }                                                                                         \
    } while (0)

static const char *const type_names[] = {"BOOLEAN", "INT32",  "INT64",      "INT96",
                                         "FLOAT",   "DOUBLE", "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"};
static const char *const enc_names[] = {"PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED",
                                        "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY",
                                        "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"};

static void copy_name(char *dst, size_t cap, const uint8_t *src, uint32_t len)
{
    size_t n = len < cap - 1 ? len : cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* LogicalType union -> text. */
static ppq_status_t read_logical(ppq_thrift_r_t *r, char *out, size_t cap)
{
    int16_t id, id2;
    ppq_thrift_type_t t, t2;
    out[0] = '\0';
    for (;;) {
        TRY(ppq_thrift_r_field(r, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        if (t != PPQ_THRIFT_STRUCT) {
            TRY(ppq_thrift_r_skip(r, t));
            continue;
        }
        TRY(ppq_thrift_r_struct(r, t));
        {
            static const char *const members[] = {"?", "STRING", "MAP", "LIST", "ENUM", "DECIMAL", "DATE", "TIME",
                                                  "TIMESTAMP", "?", "INTEGER", "UNKNOWN", "JSON", "BSON", "UUID",
                                                  "FLOAT16", "VARIANT", "GEOMETRY", "GEOGRAPHY", "FILE"};
            int32_t a = 0, b = 0;
            int8_t bits = 0;
            int flag = 0;
            const char *unit = "";
            const char *name = id >= 0 && id < 20 ? members[id] : "?";
            for (;;) {
                TRY(ppq_thrift_r_field(r, &id2, &t2));
                if (t2 == PPQ_THRIFT_STOP) {
                    break;
                }
                if (id == 5 && id2 == 1 && t2 == PPQ_THRIFT_I32) {
                    TRY(ppq_thrift_r_i32(r, t2, &a));
                } else if (id == 5 && id2 == 2 && t2 == PPQ_THRIFT_I32) {
                    TRY(ppq_thrift_r_i32(r, t2, &b));
                } else if (id == 10 && id2 == 1 && t2 == PPQ_THRIFT_I8) {
                    TRY(ppq_thrift_r_i8(r, t2, &bits));
                } else if ((id == 10 || id == 7 || id == 8) && id2 == (id == 10 ? 2 : 1) &&
                           (t2 == PPQ_THRIFT_TRUE || t2 == PPQ_THRIFT_FALSE)) {
                    TRY(ppq_thrift_r_bool(r, t2, &flag));
                } else if ((id == 7 || id == 8) && id2 == 2 && t2 == PPQ_THRIFT_STRUCT) {
                    int16_t uid;
                    ppq_thrift_type_t ut;
                    TRY(ppq_thrift_r_struct(r, t2));
                    TRY(ppq_thrift_r_field(r, &uid, &ut));
                    unit = uid == 1 ? "MILLIS" : uid == 2 ? "MICROS" : uid == 3 ? "NANOS" : "?";
                    if (ut != PPQ_THRIFT_STOP) {
                        TRY(ppq_thrift_r_skip(r, ut));
                        TRY(ppq_thrift_r_field(r, &uid, &ut)); /* the union's stop */
                    }
                } else {
                    TRY(ppq_thrift_r_skip(r, t2));
                }
            }
            if (id == 5) {
                snprintf(out, cap, "DECIMAL(%d,%d)", (int)b, (int)a);
            } else if (id == 10) {
                snprintf(out, cap, "INTEGER(%d,%s)", (int)bits, flag ? "signed" : "unsigned");
            } else if (id == 7 || id == 8) {
                snprintf(out, cap, "%s(%s,%s)", name, unit, flag ? "UTC" : "local");
            } else {
                snprintf(out, cap, "%s", name);
            }
        }
    }
}

static ppq_status_t read_schema_element(ppq_thrift_r_t *r)
{
    leaf_t l;
    int16_t id;
    ppq_thrift_type_t t;
    int32_t children = -1;
    memset(&l, 0, sizeof l);
    l.type = -1;
    l.converted = -1;
    TRY(ppq_thrift_r_struct(r, PPQ_THRIFT_STRUCT));
    for (;;) {
        const uint8_t *s;
        uint32_t len;
        TRY(ppq_thrift_r_field(r, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        switch (id) {
        case 1: TRY(ppq_thrift_r_i32(r, t, &l.type)); break;
        case 2: TRY(ppq_thrift_r_i32(r, t, &l.type_len)); break;
        case 3: TRY(ppq_thrift_r_i32(r, t, &l.repetition)); break;
        case 4:
            TRY(ppq_thrift_r_binary(r, t, &s, &len));
            copy_name(l.name, sizeof l.name, s, len);
            break;
        case 5: TRY(ppq_thrift_r_i32(r, t, &children)); break;
        case 6: TRY(ppq_thrift_r_i32(r, t, &l.converted)); break;
        case 10:
            TRY(ppq_thrift_r_struct(r, t));
            TRY(read_logical(r, l.logical, sizeof l.logical));
            break;
        default: TRY(ppq_thrift_r_skip(r, t)); break;
        }
    }
    if (children >= 0) {
        printf("schema %s: %d columns\n", l.name, (int)children);
    } else if (nleaves < MAX_LEAVES) {
        leaves[nleaves++] = l;
        printf("  %-20s %-20s %-9s %s", l.name, l.type >= 0 && l.type < 8 ? type_names[l.type] : "?",
               l.repetition == 1 ? "OPTIONAL" : l.repetition == 0 ? "REQUIRED" : "REPEATED", l.logical);
        if (l.type == 7) {
            printf(" (length %d)", (int)l.type_len);
        }
        putchar('\n');
    }
    return PPQ_OK;
}

static void print_stat_value(int32_t type, const uint8_t *v, uint32_t len)
{
    uint32_t i;
    int printable = 1;
    if (type == 0 && len == 1) {
        printf("%s", v[0] ? "true" : "false");
    } else if (type == 1 && len == 4) {
        printf("%" PRId32, (int32_t)ppq_load_le32(v));
    } else if (type == 2 && len == 8) {
        printf("%" PRId64, (int64_t)ppq_load_le64(v));
    } else if (type == 4 && len == 4) {
        float f;
        uint32_t u = ppq_load_le32(v);
        memcpy(&f, &u, 4);
        printf("%.9g", f);
    } else if (type == 5 && len == 8) {
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

static ppq_status_t read_stats(ppq_thrift_r_t *r, int32_t type)
{
    int16_t id;
    ppq_thrift_type_t t;
    int64_t nulls = -1, nans = -1;
    const uint8_t *mn = NULL, *mx = NULL;
    uint32_t mnl = 0, mxl = 0;
    TRY(ppq_thrift_r_struct(r, PPQ_THRIFT_STRUCT));
    for (;;) {
        TRY(ppq_thrift_r_field(r, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 3) {
            TRY(ppq_thrift_r_i64(r, t, &nulls));
        } else if (id == 9) {
            TRY(ppq_thrift_r_i64(r, t, &nans));
        } else if (id == 5) {
            TRY(ppq_thrift_r_binary(r, t, &mx, &mxl));
        } else if (id == 6) {
            TRY(ppq_thrift_r_binary(r, t, &mn, &mnl));
        } else {
            TRY(ppq_thrift_r_skip(r, t));
        }
    }
    printf("      nulls %" PRId64, nulls);
    if (nans >= 0) {
        printf(", NaNs %" PRId64, nans);
    }
    if (mn != NULL && mx != NULL) {
        printf(", min ");
        print_stat_value(type, mn, mnl);
        printf(", max ");
        print_stat_value(type, mx, mxl);
    }
    putchar('\n');
    return PPQ_OK;
}

static ppq_status_t read_column_chunk(ppq_thrift_r_t *r)
{
    int16_t id, mid;
    ppq_thrift_type_t t, mt;
    TRY(ppq_thrift_r_struct(r, PPQ_THRIFT_STRUCT));
    for (;;) {
        TRY(ppq_thrift_r_field(r, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        if (id != 3 || t != PPQ_THRIFT_STRUCT) {
            TRY(ppq_thrift_r_skip(r, t));
            continue;
        }
        TRY(ppq_thrift_r_struct(r, t));
        {
            int32_t type = -1;
            int64_t values = 0, size = 0, data_off = 0, dict_off = -1;
            char path[64] = "?", encs[160] = "";
            for (;;) {
                TRY(ppq_thrift_r_field(r, &mid, &mt));
                if (mt == PPQ_THRIFT_STOP) {
                    break;
                }
                if (mid == 1) {
                    TRY(ppq_thrift_r_i32(r, mt, &type));
                } else if (mid == 2 || mid == 3) {
                    ppq_thrift_type_t et;
                    uint32_t n, i;
                    TRY(ppq_thrift_r_list(r, mt, &et, &n));
                    for (i = 0; i < n; i++) {
                        if (mid == 2) {
                            int32_t e;
                            TRY(ppq_thrift_r_i32(r, et, &e));
                            if (strlen(encs) + 28 < sizeof encs) {
                                strcat(encs, encs[0] ? "," : "");
                                strcat(encs, e >= 0 && e < 10 ? enc_names[e] : "?");
                            }
                        } else {
                            const uint8_t *s;
                            uint32_t len;
                            TRY(ppq_thrift_r_binary(r, et, &s, &len));
                            copy_name(path, sizeof path, s, len);
                        }
                    }
                } else if (mid == 5) {
                    TRY(ppq_thrift_r_i64(r, mt, &values));
                } else if (mid == 7) {
                    TRY(ppq_thrift_r_i64(r, mt, &size));
                } else if (mid == 9) {
                    TRY(ppq_thrift_r_i64(r, mt, &data_off));
                } else if (mid == 11) {
                    TRY(ppq_thrift_r_i64(r, mt, &dict_off));
                } else if (mid == 12) {
                    printf("    %-20s %-44s %8" PRId64 " values %9" PRId64 " bytes @%" PRId64 "\n", path, encs, values,
                           size, dict_off >= 0 ? dict_off : data_off);
                    TRY(read_stats(r, type));
                    path[0] = '\0'; /* printed */
                } else {
                    TRY(ppq_thrift_r_skip(r, mt));
                }
            }
            if (path[0] != '\0') {
                printf("    %-20s %-44s %8" PRId64 " values %9" PRId64 " bytes @%" PRId64 "\n", path, encs, values, size,
                       dict_off >= 0 ? dict_off : data_off);
            }
        }
    }
}

static ppq_status_t read_row_group(ppq_thrift_r_t *r, int index)
{
    int16_t id;
    ppq_thrift_type_t t;
    int64_t rows = 0, bytes = 0;
    const uint8_t *mark;
    ppq_thrift_r_t look;
    TRY(ppq_thrift_r_struct(r, PPQ_THRIFT_STRUCT));
    /* rows and size come after the columns: read them first from a copy */
    look = *r;
    mark = r->pos;
    (void)mark;
    for (;;) {
        TRY(ppq_thrift_r_field(&look, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            break;
        }
        if (id == 2) {
            TRY(ppq_thrift_r_i64(&look, t, &bytes));
        } else if (id == 3) {
            TRY(ppq_thrift_r_i64(&look, t, &rows));
        } else {
            TRY(ppq_thrift_r_skip(&look, t));
        }
    }
    printf("row group %d: %" PRId64 " rows, %" PRId64 " bytes\n", index, rows, bytes);
    for (;;) {
        TRY(ppq_thrift_r_field(r, &id, &t));
        if (t == PPQ_THRIFT_STOP) {
            return PPQ_OK;
        }
        if (id == 1) {
            ppq_thrift_type_t et;
            uint32_t n, i;
            TRY(ppq_thrift_r_list(r, t, &et, &n));
            for (i = 0; i < n; i++) {
                TRY(read_column_chunk(r));
            }
        } else {
            TRY(ppq_thrift_r_skip(r, t));
        }
    }
}

int ppq_inspect(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data;
    long size;
    uint32_t footer;
    ppq_thrift_r_t r;
    int16_t id;
    ppq_thrift_type_t t;
    int64_t rows = 0;
    if (f == NULL) {
        fprintf(stderr, "ppq: cannot open %s\n", path);
        return 2;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    data = (uint8_t *)malloc(size > 0 ? (size_t)size : 1);
    if (data == NULL || (size > 0 && fread(data, 1, (size_t)size, f) != (size_t)size)) {
        fprintf(stderr, "ppq: cannot read %s\n", path);
        fclose(f);
        return 2;
    }
    fclose(f);
    if (size < 12 || memcmp(data, "PAR1", 4) != 0 || memcmp(data + size - 4, "PAR1", 4) != 0) {
        fprintf(stderr, "ppq: %s is not a Parquet file (no PAR1 magic at both ends)\n", path);
        return 1;
    }
    footer = ppq_load_le32(data + size - 8);
    if (footer > (uint64_t)size - 12) {
        fprintf(stderr, "ppq: %s: footer length %u does not fit the file\n", path, footer);
        return 1;
    }
    printf("%s: %ld bytes, footer %u bytes\n", path, size, footer);
    ppq_thrift_r_init(&r, data + size - 8 - footer, footer);
    for (;;) {
        ppq_status_t st = ppq_thrift_r_field(&r, &id, &t);
        if (st == PPQ_OK && t == PPQ_THRIFT_STOP) {
            break;
        }
        if (st == PPQ_OK) {
            ppq_thrift_type_t et;
            uint32_t n, i;
            const uint8_t *s;
            uint32_t len;
            switch (id) {
            case 2:
                st = ppq_thrift_r_list(&r, t, &et, &n);
                for (i = 0; i < n && st == PPQ_OK; i++) {
                    st = read_schema_element(&r);
                }
                break;
            case 3:
                st = ppq_thrift_r_i64(&r, t, &rows);
                printf("rows: %" PRId64 "\n", rows);
                break;
            case 4:
                st = ppq_thrift_r_list(&r, t, &et, &n);
                printf("row groups: %u\n", n);
                for (i = 0; i < n && st == PPQ_OK; i++) {
                    st = read_row_group(&r, (int)i);
                }
                break;
            case 5:
                st = ppq_thrift_r_list(&r, t, &et, &n);
                for (i = 0; i < n && st == PPQ_OK; i++) {
                    int16_t kid;
                    ppq_thrift_type_t kt;
                    printf("key-value:");
                    st = ppq_thrift_r_struct(&r, et);
                    while (st == PPQ_OK) {
                        st = ppq_thrift_r_field(&r, &kid, &kt);
                        if (st != PPQ_OK || kt == PPQ_THRIFT_STOP) {
                            break;
                        }
                        if (kt == PPQ_THRIFT_BINARY) {
                            st = ppq_thrift_r_binary(&r, kt, &s, &len);
                            printf(" %s%.*s", kid == 2 ? "= " : "", (int)len, (const char *)s);
                        } else {
                            st = ppq_thrift_r_skip(&r, kt);
                        }
                    }
                    putchar('\n');
                }
                break;
            case 6:
                st = ppq_thrift_r_binary(&r, t, &s, &len);
                if (st == PPQ_OK) {
                    printf("created_by: %.*s\n", (int)len, (const char *)s);
                }
                break;
            default: st = ppq_thrift_r_skip(&r, t); break;
            }
        }
        if (st != PPQ_OK) {
            fprintf(stderr, "ppq: %s: corrupt footer (%s)\n", path, ppq_status_str(st));
            free(data);
            return 1;
        }
    }
    free(data);
    return 0;
}
