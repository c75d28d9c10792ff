/*
 * The levels and values of every leaf column, one line per entry, from two
 * independent sources, for test/interop/shred_check.mjs to compare:
 *
 *   shred_levels shred SCHEMA < rows.jsonl
 *     `ppq write`'s shredder (tools/ppq_write_parse.c) on JSON Lines rows;
 *   shred_levels read SCHEMA FILE.parquet
 *     a file another writer (DuckDB) wrote from the same rows, read with
 *     the project's column reader (ppq_column_reader_read), its definition
 *     levels expressed in SCHEMA's terms (below).
 *
 * Output: per leaf "leaf K max_def D max_rep R", then per entry
 * "rep def" and, where def == max_def, the value: integers in decimal,
 * floats and doubles as their bits in hex (exact), booleans 0/1, byte
 * arrays as hex.
 *
 * DuckDB writes every node OPTIONAL (a map's key REQUIRED), so its leaves
 * have a definition level for every node on the path; SCHEMA may make some
 * REQUIRED.  A level d of the file is mapped to the number of SCHEMA's own
 * definition levels among the file's first d (the rows hold no null where
 * SCHEMA has a REQUIRED node, so this is exact).  The file's max_def and
 * max_rep must equal what that walk predicts, or SCHEMA's own (a file
 * `ppq write` wrote: its levels as they are), or the tool fails.
 * Exit status 0, 1 on any error (with a message).
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_reader.h"
#include "ppq_write_parse.h"

static void put_value(ppq_type_t type, const void *v)
{
    switch (type) {
    case PPQ_BOOLEAN: printf(" %u", *(const uint8_t *)v != 0u); break;
    case PPQ_INT32: printf(" %" PRId32, *(const int32_t *)v); break;
    case PPQ_INT64: printf(" %" PRId64, *(const int64_t *)v); break;
    case PPQ_FLOAT: {
        uint32_t b;
        memcpy(&b, v, 4);
        printf(" f%08" PRIx32, b);
        break;
    }
    case PPQ_DOUBLE: {
        uint64_t b;
        memcpy(&b, v, 8);
        printf(" d%016" PRIx64, b);
        break;
    }
    case PPQ_BYTE_ARRAY:
    case PPQ_FIXED_LEN_BYTE_ARRAY: {
        const ppq_bytes_t *b = (const ppq_bytes_t *)v;
        uint32_t i;
        printf(" x");
        for (i = 0; i < b->len; i++) {
            printf("%02x", b->ptr[i]);
        }
        break;
    }
    default: printf(" ?"); break;
    }
}

static int shred(const pw_schema_t *s)
{
    pw_shred_t sh;
    char *line = NULL, err[PW_ERR_LEN];
    size_t cap = 0, lineno = 0;
    ssize_t len;
    uint32_t k;
    size_t e;
    if (!pw_shred_init(&sh, s)) {
        fprintf(stderr, "shred_levels: out of memory\n");
        return 1;
    }
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n') {
            len--;
        }
        if (len == 0) {
            continue;
        }
        if (pw_shred_row(&sh, line, (size_t)len, err, sizeof err) != 0) {
            fprintf(stderr, "shred_levels: line %zu: %s\n", lineno, err);
            free(line);
            pw_shred_free(&sh);
            return 1;
        }
    }
    free(line);
    pw_shred_fix(&sh);
    for (k = 0; k < sh.nleaves; k++) {
        const pw_leaf_t *l = &sh.leaves[k];
        size_t v = 0;
        ppq_type_t type = s->nodes[l->node].col.type;
        printf("leaf %u max_def %d max_rep %d\n", k, l->max_def, l->max_rep);
        for (e = 0; e < l->n; e++) {
            printf("%d %d", l->rep[e], l->def[e]);
            if (l->def[e] == l->max_def) {
                put_value(type, l->values + v++ * l->slot);
            }
            printf("\n");
        }
        if (v != l->nvalues) {
            fprintf(stderr, "shred_levels: leaf %u: %zu values, %zu entries at max_def\n", k, l->nvalues, v);
            pw_shred_free(&sh);
            return 1;
        }
    }
    printf("records %" PRIu64 "\n", sh.records);
    pw_shred_free(&sh);
    return 0;
}

typedef struct mem {
    uint8_t *p;
    size_t n;
} mem_t;

static ppq_status_t mem_read_at(void *ctx, uint64_t off, uint8_t *buf, size_t len, size_t *got)
{
    const mem_t *m = (const mem_t *)ctx;
    size_t k = off >= m->n ? 0u : m->n - (size_t)off < len ? m->n - (size_t)off : len;
    if (k > 0u) {
        memcpy(buf, m->p + off, k);
    }
    *got = k;
    return PPQ_OK;
}

static int read_file(const pw_schema_t *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    mem_t m = {NULL, 0};
    ppq_file_t file;
    ppq_reader_t r;
    ppq_arena_t arena, carena;
    size_t alen = (size_t)64 << 20, clen = (size_t)256 << 20, batch = 4096;
    void *amem = malloc(alen), *cmem = malloc(clen);
    uint8_t *vals = (uint8_t *)malloc(batch * sizeof(ppq_bytes_t) + batch * 16u);
    int16_t *def = (int16_t *)malloc(batch * sizeof *def), *rep = (int16_t *)malloc(batch * sizeof *rep);
    int16_t *map = (int16_t *)calloc(4096, sizeof *map);
    uint32_t leaf = 0, node, c, rg;
    uint64_t rows;
    int status = 1;
    ppq_status_t st;
    if (f == NULL || amem == NULL || cmem == NULL || vals == NULL || def == NULL || rep == NULL || map == NULL) {
        fprintf(stderr, "shred_levels: %s: cannot open (or out of memory)\n", path);
        goto done;
    }
    fseek(f, 0, SEEK_END);
    m.n = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    m.p = (uint8_t *)malloc(m.n ? m.n : 1u);
    if (m.p == NULL || fread(m.p, 1, m.n, f) != m.n) {
        fprintf(stderr, "shred_levels: %s: cannot read\n", path);
        goto done;
    }
    memset(&file, 0, sizeof file);
    file.read_at = mem_read_at;
    file.ctx = &m;
    file.size = m.n;
    ppq_arena_init(&arena, amem, alen);
    st = ppq_reader_open(&r, &file, &arena);
    if (st != PPQ_OK) {
        fprintf(stderr, "shred_levels: %s: %s\n", path, ppq_status_str(st));
        goto done;
    }
    for (node = 0; node < s->n; node++) {
        const pw_node_t *nd = &s->nodes[node];
        const ppq_schema_node_t *fl;
        int16_t nfile = 0, ours = 0, maxrep = 0;
        int32_t a, chain[64];
        int depth = 0;
        if (nd->kind != PW_LEAF) {
            continue;
        }
        if (leaf >= r.ncols) {
            fprintf(stderr, "shred_levels: the file has %u columns, the schema more\n", r.ncols);
            goto done;
        }
        /* the walk top down: each node's OPTIONAL level (the file's always,
         * but a map key's; ours if '?'), then a list's or map's repeated one */
        for (a = (int32_t)node; a >= 0 && depth < 64; a = s->nodes[a].parent) {
            chain[depth++] = a;
        }
        map[0] = 0;
        while (depth-- > 0) {
            const pw_node_t *x = &s->nodes[chain[depth]];
            int is_key = x->parent >= 0 && s->nodes[x->parent].kind == PW_MAP && chain[depth] == x->parent + 1;
            if (!is_key) {
                ours = (int16_t)(ours + (x->nullable != 0u));
                map[++nfile] = ours;
            } else if (x->nullable) {
                fprintf(stderr, "shred_levels: a nullable map key\n");
                goto done;
            }
            if (x->kind == PW_LIST || x->kind == PW_MAP) {
                map[++nfile] = ++ours;
                maxrep++;
            }
        }
        fl = ppq_reader_column(&r, leaf);
        if (fl->max_def == ours && fl->max_rep == maxrep) { /* a file with SCHEMA's own levels (ppq write's) */
            int16_t d;
            for (d = 0; d <= ours; d++) {
                map[d] = d;
            }
            nfile = ours;
        } else if (fl->max_def != nfile || fl->max_rep != maxrep) {
            fprintf(stderr, "shred_levels: column %u: the file's max_def %d max_rep %d, expected %d and %d\n", leaf,
                    fl->max_def, fl->max_rep, nfile, maxrep);
            goto done;
        }
        printf("leaf %u max_def %d max_rep %d\n", leaf, ours, maxrep);
        for (rg = 0; rg < r.nrg; rg++) {
            ppq_column_reader_t cr;
            size_t levels = 1, count;
            ppq_arena_init(&carena, cmem, clen);
            st = ppq_column_reader_init(&cr, &r, rg, leaf, &carena);
            while (st == PPQ_OK) {
                size_t e, v = 0;
                st = ppq_column_reader_read(&cr, batch, vals, def, rep, &levels, &count);
                if (st != PPQ_OK || levels == 0u) {
                    break;
                }
                for (e = 0; e < levels; e++) {
                    int16_t d = fl->max_def > 0 ? def[e] : 0;
                    if (d < 0 || d > nfile) {
                        st = PPQ_ERR_CORRUPT;
                        break;
                    }
                    printf("%d %d", fl->max_rep > 0 ? rep[e] : 0, map[d]);
                    if (d == nfile) {
                        put_value((ppq_type_t)fl->type, vals + v++ * ppq_value_size((ppq_type_t)fl->type));
                    }
                    printf("\n");
                }
                if (v != count) {
                    st = PPQ_ERR_CORRUPT;
                }
            }
            if (st != PPQ_OK) {
                fprintf(stderr, "shred_levels: column %u row group %u: %s\n", leaf, rg, ppq_status_str(st));
                goto done;
            }
        }
        leaf++;
    }
    if (leaf != r.ncols) {
        fprintf(stderr, "shred_levels: the file has %u columns, the schema %u\n", r.ncols, leaf);
        goto done;
    }
    rows = 0;
    for (c = 0; c < r.nrg; c++) {
        rows += (uint64_t)ppq_reader_row_group_rows(&r, c);
    }
    printf("records %" PRIu64 "\n", rows);
    status = 0;
done:
    if (f != NULL) {
        fclose(f);
    }
    free(m.p);
    free(amem);
    free(cmem);
    free(vals);
    free(def);
    free(rep);
    free(map);
    return status;
}

int main(int argc, char **argv)
{
    pw_schema_t s;
    char err[PW_ERR_LEN];
    int status;
    if (argc < 3 || (strcmp(argv[1], "shred") != 0 && strcmp(argv[1], "read") != 0) ||
        (argv[1][0] == 'r' && argc < 4)) {
        fprintf(stderr, "usage: shred_levels shred SCHEMA < rows.jsonl | shred_levels read SCHEMA FILE.parquet\n");
        return 1;
    }
    if (pw_schema_parse(argv[2], strlen(argv[2]), &s, err, sizeof err) != 0) {
        fprintf(stderr, "shred_levels: schema: %s\n", err);
        pw_schema_free(&s);
        return 1;
    }
    status = argv[1][0] == 's' ? shred(&s) : read_file(&s, argv[3]);
    pw_schema_free(&s);
    return status;
}
