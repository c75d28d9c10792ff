/* libFuzzer: `ppq write`'s shredder of nested rows (pw_shred_* in
 * tools/ppq_write_parse.c, included here: the CLI's code, not the
 * library's) and the schema text.  Input: the schema text, a NUL, JSON
 * Lines rows.  Checks, beyond ASan and UBSan:
 *   - a schema that parses gives leaves whose max_def and max_rep are
 *     those of the spec's 3-level form (counted here from the tree
 *     another way: walking up the parents);
 *   - after every row: every leaf's levels are in 0..max_def and
 *     0..max_rep, its values are exactly its entries at max_def, every
 *     leaf has one entry at repetition level 0 per record, a leaf with
 *     max_rep 0 exactly one entry per record, and the leaves under a
 *     common repeated node agree on its instances (the same number of
 *     entries at rep <= the node's level);
 *   - a refused row leaves every leaf as it was, and says why in one line
 *     (also one pw_shred_row_fits takes back out: pages of 6 values and
 *     40 bytes, for nested schemas);
 *   - flat schemas: the shredder takes the same rows as the flat JSON
 *     parser (pw_json_row) and gives the same values and nulls;
 *   - nested schemas, in a library with PPQ_WRITER_NESTED: the schema tree
 *     (pw_schema_tree) is one ppq_writer_init_nested takes (unless deeper
 *     than PPQ_WRITER_MAX_DEPTH), its levels are the shredder's, and every
 *     row the shredder takes and that fits the writer's pages,
 *     ppq_writer_write_levels takes (a counting sink, small pages and row
 *     groups). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_write_parse.c"

#define FUZZ_ROWS 16u

#if defined(PPQ_WRITER_NESTED) && PPQ_WRITER_NESTED
typedef struct nw {
    int on;
    ppq_writer_t w;
    ppq_writer_options_t opts;
    ppq_sink_t sink;
    ppq_node_t *nodes;
    ppq_column_t *cols;
    ppq_schema_t tree;
    ppq_leaf_batch_t *lb;
    void *arena;
} nw_t;

static void nw_start(nw_t *z, const pw_schema_t *s, const pw_shred_t *sh)
{
    uint32_t k;
    size_t alen;
    memset(z, 0, sizeof *z);
    z->nodes = (ppq_node_t *)calloc(2u * s->n, sizeof *z->nodes);
    z->cols = (ppq_column_t *)calloc(sh->nleaves ? sh->nleaves : 1u, sizeof *z->cols);
    z->lb = (ppq_leaf_batch_t *)calloc(sh->nleaves ? sh->nleaves : 1u, sizeof *z->lb);
    if (z->nodes == NULL || z->cols == NULL || z->lb == NULL) {
        __builtin_trap();
    }
    for (k = 0; k < sh->nleaves; k++) {
        z->cols[k] = s->nodes[sh->leaves[k].node].col;
    }
    pw_schema_tree(s, z->nodes, z->cols, sh->nleaves, &z->tree);
    z->opts.row_group_rows = 24;
    z->opts.page_values = 64;
    z->opts.page_bytes = 1024;
    alen = ppq_writer_arena_size_nested(&z->tree, &z->opts);
    if (alen == 0u) {
        uint32_t depth = 0, d, a;
        for (k = 0; k < s->n; k++) { /* only a tree deeper than the writer takes */
            for (d = 1, a = k; s->nodes[a].parent >= 0; a = (uint32_t)s->nodes[a].parent) {
                d += 1u + (s->nodes[s->nodes[a].parent].kind == PW_LIST || s->nodes[s->nodes[a].parent].kind == PW_MAP);
            }
            depth = d > depth ? d : depth;
        }
        if (depth <= PPQ_WRITER_MAX_DEPTH) {
            __builtin_trap();
        }
        return;
    }
    if (alen > ((size_t)64 << 20)) {
        return;
    }
    z->arena = malloc(alen);
    ppq_sink_init_counter(&z->sink);
    if (z->arena == NULL || ppq_writer_init_nested(&z->w, &z->tree, &z->opts, &z->sink, z->arena, alen) != PPQ_OK) {
        __builtin_trap();
    }
    for (k = 0; k < sh->nleaves; k++) {
        int16_t md, mr;
        if (ppq_writer_leaf_levels(&z->w, k, &md, &mr) != PPQ_OK || md != sh->leaves[k].max_def ||
            mr != sh->leaves[k].max_rep) {
            __builtin_trap();
        }
    }
    z->on = 1;
}

static void nw_flush(nw_t *z, pw_shred_t *sh)
{
    uint32_t k, written = 0;
    if (!z->on || sh->records == 0u) {
        return;
    }
    pw_shred_fix(sh);
    for (k = 0; k < sh->nleaves; k++) {
        z->lb[k].values = sh->leaves[k].values;
        z->lb[k].def = sh->leaves[k].max_def > 0 ? sh->leaves[k].def : NULL;
        z->lb[k].rep = sh->leaves[k].max_rep > 0 ? sh->leaves[k].rep : NULL;
        z->lb[k].entries = (uint32_t)sh->leaves[k].n;
    }
    if (ppq_writer_write_levels(&z->w, z->lb, (uint32_t)sh->records, &written) != PPQ_OK) {
        __builtin_trap(); /* records the shredder took and the writer refuses */
    }
}

static void nw_end(nw_t *z)
{
    if (z->on && ppq_writer_close(&z->w) != PPQ_OK) {
        __builtin_trap();
    }
    free(z->nodes);
    free(z->cols);
    free(z->lb);
    free(z->arena);
}
#endif

/* Entries of leaf l with rep <= r. */
static size_t starts(const pw_leaf_t *l, int16_t r)
{
    size_t e, k = 0;
    for (e = 0; e < l->n; e++) {
        k += l->rep[e] <= r;
    }
    return k;
}

static void check_leaves(const pw_shred_t *sh)
{
    uint32_t k, node;
    for (k = 0; k < sh->nleaves; k++) {
        const pw_leaf_t *l = &sh->leaves[k];
        size_t e, v = 0;
        for (e = 0; e < l->n; e++) {
            if (l->def[e] < 0 || l->def[e] > l->max_def || l->rep[e] < 0 || l->rep[e] > l->max_rep) {
                __builtin_trap();
            }
            v += l->def[e] == l->max_def;
        }
        if (v != l->nvalues || starts(l, 0) != sh->records || (l->max_rep == 0 && l->n != sh->records)) {
            __builtin_trap();
        }
    }
    /* leaves under one list or map: the same instances of it */
    for (node = 0; node < sh->s->n; node++) {
        uint32_t lo = sh->leaf_lo[node], hi = sh->leaf_lo[sh->end[node]];
        if ((sh->s->nodes[node].kind == PW_LIST || sh->s->nodes[node].kind == PW_MAP) && hi > lo + 1u) {
            size_t want = starts(&sh->leaves[lo], sh->node_rep[node]);
            for (k = lo + 1u; k < hi; k++) {
                if (starts(&sh->leaves[k], sh->node_rep[node]) != want) {
                    __builtin_trap();
                }
            }
        }
    }
}

static void check_levels(const pw_shred_t *sh)
{
    uint32_t k;
    for (k = 0; k < sh->nleaves; k++) {
        int16_t def = 0, rep = 0;
        int32_t a;
        for (a = (int32_t)sh->leaves[k].node; a >= 0; a = sh->s->nodes[a].parent) {
            const pw_node_t *x = &sh->s->nodes[a];
            def = (int16_t)(def + (x->nullable != 0u) + (x->kind == PW_LIST || x->kind == PW_MAP));
            rep = (int16_t)(rep + (x->kind == PW_LIST || x->kind == PW_MAP));
        }
        if (def != sh->leaves[k].max_def || rep != sh->leaves[k].max_rep ||
            sh->s->nodes[sh->leaves[k].node].kind != PW_LEAF) {
            __builtin_trap();
        }
    }
}

/* Flat schema: row b->n - 1 of the block is the shred's last record. */
static void same_row(const pw_block_t *b, const pw_shred_t *sh)
{
    uint32_t c, r = b->n - 1u;
    for (c = 0; c < b->ncols; c++) {
        const pw_leaf_t *l = &sh->leaves[c];
        int valid = b->validity[c] == NULL || ((b->validity[c][r / 8u] >> (r % 8u)) & 1u);
        size_t sz = b->slot_sizes[c];
        const uint8_t *bv = (const uint8_t *)b->values[c] + (size_t)r * sz, *sv;
        if (l->n == 0u || (l->def[l->n - 1u] == l->max_def) != valid) {
            __builtin_trap();
        }
        if (!valid) {
            continue;
        }
        sv = l->values + (l->nvalues - 1u) * l->slot;
        if (b->offsets[c] != NULL) {
            const ppq_bytes_t *x = (const ppq_bytes_t *)bv, *y = (const ppq_bytes_t *)sv;
            if (x->len != y->len || (x->len > 0u && memcmp(b->bytes.p + b->offsets[c][r],
                                                            sh->bytes.p + l->offsets[l->nvalues - 1u], x->len) != 0)) {
                __builtin_trap();
            }
        } else if (memcmp(bv, sv, sz) != 0) {
            __builtin_trap();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data, *nul, *rows;
    size_t tlen, rlen, at = 0;
    pw_schema_t s;
    pw_shred_t sh;
    pw_block_t b;
    ppq_column_t cols[16];
    const char *types[16];
    char err[PW_ERR_LEN];
    uint32_t k;
    int flat = 1, writing = 0;
#if defined(PPQ_WRITER_NESTED) && PPQ_WRITER_NESTED
    nw_t z;
#endif
    nul = (const char *)memchr(text, 0, size);
    tlen = nul != NULL ? (size_t)(nul - text) : size;
    rows = nul != NULL ? nul + 1 : text + tlen;
    rlen = size - tlen - (nul != NULL);
    if (pw_schema_parse(text, tlen, &s, err, sizeof err) != 0) {
        if (strlen(err) == 0u) {
            __builtin_trap();
        }
        pw_schema_free(&s);
        return 0;
    }
    if (!pw_shred_init(&sh, &s)) {
        __builtin_trap();
    }
    sh.max_bytes = 8192u;
    check_levels(&sh);
    for (k = 0; k < s.n; k++) {
        flat &= s.nodes[k].kind == PW_LEAF && s.nodes[k].parent == -1;
    }
    flat &= s.n <= 16u;
    memset(&b, 0, sizeof b);
#if defined(PPQ_WRITER_NESTED) && PPQ_WRITER_NESTED
    memset(&z, 0, sizeof z);
    if (!flat && s.n <= 256u) {
        nw_start(&z, &s, &sh);
        writing = z.on;
    }
#endif
    if (flat) {
        for (k = 0; k < s.n; k++) {
            cols[k] = s.nodes[k].col;
            types[k] = s.nodes[k].type_text;
        }
        if (!pw_block_init(&b, cols, types, s.n, FUZZ_ROWS)) {
            __builtin_trap();
        }
        b.max_bytes = 8192u;
    }
    while (at < rlen) {
        const char *nl = (const char *)memchr(rows + at, '\n', rlen - at);
        size_t ln = nl != NULL ? (size_t)(nl - rows) - at : rlen - at, before[2] = {0, 0};
        int r;
        if (sh.nleaves > 0u) {
            before[0] = sh.leaves[0].n;
            before[1] = sh.leaves[sh.nleaves - 1u].n;
        }
        err[0] = '\0';
        r = pw_shred_row(&sh, rows + at, ln, err, sizeof err);
        if (r != 0 && (strlen(err) == 0u || strchr(err, '\n') != NULL ||
                       (sh.nleaves > 0u && (sh.leaves[0].n != before[0] || sh.leaves[sh.nleaves - 1u].n != before[1])))) {
            __builtin_trap(); /* a refusal says why in one line and leaves the leaves as they were */
        }
        if (r == 0 && !flat && (writing || (ln & 1u) != 0u)) { /* small pages: a row that does not fit is taken back out */
            uint64_t recs = sh.records;
            if (pw_shred_row_fits(&sh, writing ? 64u : 6u, writing ? 1024u : 40u, err, sizeof err) != 0 &&
                (sh.records != recs - 1u || strlen(err) == 0u ||
                 (sh.nleaves > 0u && (sh.leaves[0].n != before[0] || sh.leaves[sh.nleaves - 1u].n != before[1])))) {
                __builtin_trap();
            }
        }
        check_leaves(&sh);
        if (flat) {
            int r2 = pw_json_row(&b, rows + at, ln, err, sizeof err);
            if ((r == 0) != (r2 == 0)) {
                __builtin_trap(); /* the two parsers disagree on a flat row */
            }
            if (r == 0) {
                same_row(&b, &sh);
            }
            if (b.n == b.cap) {
                pw_block_reset(&b);
            }
        }
        if (sh.records >= FUZZ_ROWS) {
#if defined(PPQ_WRITER_NESTED) && PPQ_WRITER_NESTED
            nw_flush(&z, &sh);
#endif
            pw_shred_fix(&sh);
            pw_shred_reset(&sh);
        }
        at += ln + (nl != NULL);
    }
#if defined(PPQ_WRITER_NESTED) && PPQ_WRITER_NESTED
    nw_flush(&z, &sh);
    nw_end(&z);
#endif
    (void)writing;
    if (flat) {
        pw_block_free(&b);
    }
    pw_shred_free(&sh);
    pw_schema_free(&s);
    return 0;
}
