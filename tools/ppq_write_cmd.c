/*
 * `ppq write --schema SCHEMA [options] OUT.parquet < rows`: a Parquet file
 * from JSON Lines (default) or CSV with a header (--format csv), through
 * the library's column-batch API (ppq_writer_write_batch), BLOCK rows at a
 * time in host memory.  The parsers are ppq_write_parse.c (schema grammar
 * there); values as `ppq cat` prints them, so its output round-trips.
 *
 * The file is written to OUT.tmpXXXXXX beside OUT and renamed to OUT when
 * it is complete; bad input, an error or a signal removes it, so no partial
 * file is left behind.  Row-group metadata past the writer's footer store
 * goes to a footer spill in memory (any number of row groups).
 *
 * Nested schemas (list<>, struct<>, map<>; JSON Lines only): each row is
 * shredded (pw_shred_row: definition and repetition levels and dense values
 * per leaf, the spec's 3-level LIST and MAP forms) and BLOCK records at a
 * time go to ppq_writer_write_levels, the schema to ppq_writer_init_nested
 * as a tree with the middle groups ("list", "key_value") put in.  Built
 * against a library without PPQ_WRITER_NESTED, nested schemas are refused.
 *
 * Exit status: 0; 1 bad input (one line on stderr: the line, the field,
 * what was expected); 2 bad arguments or schema, or an I/O error.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "picoparquet.h"
#include "ppq_write_cmd.h"
#include "ppq_write_parse.h"

#define BLOCK 4096u
/* Nested rows: a block ends at BLOCK records or this many entries in a leaf. */
#define BLOCK_ENTRIES ((size_t)1 << 20)

#if defined(PPQ_WRITER_NESTED) && PPQ_WRITER_NESTED
#define WITH_NESTED 1
#else
#define WITH_NESTED 0
#endif
#define IN_CHUNK ((size_t)4 << 20)

static const char write_usage[] =
    "usage: ppq write --schema SCHEMA [--format jsonl|csv] [--codec NAME [--level N]] [--row-group-rows N]\n"
    "                 [--page-v2] [--page-bytes N] [--page-values N] [--encoding COL=ENC]... [--no-statistics]\n"
    "                 [--auto-all-encodings] OUT.parquet < rows\n";

/* The temporary file, removed by a signal too. */
static char tmp_path[4096];
static volatile sig_atomic_t tmp_live;

static void on_signal(int sig)
{
    if (tmp_live) {
        unlink(tmp_path);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- sinks ---------------------------------------------------------------- */

static ppq_status_t file_write(void *ctx, const uint8_t *data, size_t len)
{
    return len == 0u || fwrite(data, 1, len, (FILE *)ctx) == len ? PPQ_OK : PPQ_ERR_IO;
}

static ppq_status_t mem_append(void *ctx, const uint8_t *data, size_t len)
{
    return pw_buf_reserve((pw_buf_t *)ctx, len) ? (memcpy(((pw_buf_t *)ctx)->p + ((pw_buf_t *)ctx)->len, data, len),
                                                   ((pw_buf_t *)ctx)->len += len, PPQ_OK)
                                                : PPQ_ERR_IO;
}

/* ---- input ---------------------------------------------------------------- */

typedef struct in {
    char *p;
    size_t cap, pos, len;
    int eof;
} in_t;

/* Keep the unread bytes, read more (a larger buffer if it is full) until
 * the buffer is full or the input ends, so a row longer than a pipe's
 * chunks is scanned again only as the buffer doubles: 0, or -1 on a read
 * error. */
static int in_more(in_t *in)
{
    ssize_t got;
    if (in->pos > 0u) {
        memmove(in->p, in->p + in->pos, in->len - in->pos);
        in->len -= in->pos;
        in->pos = 0;
    }
    if (in->len == in->cap) {
        size_t cap = in->cap ? in->cap * 2u : IN_CHUNK;
        char *p = (char *)realloc(in->p, cap);
        if (p == NULL) {
            errno = ENOMEM;
            return -1;
        }
        in->p = p;
        in->cap = cap;
    }
    while (in->len < in->cap && !in->eof) {
        got = read(0, in->p + in->len, in->cap - in->len);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got < 0) {
            return -1;
        }
        in->eof = got == 0;
        in->len += (size_t)got;
    }
    return 0;
}

/* ---- the command ---------------------------------------------------------- */

typedef struct wr {
    ppq_writer_t w;
    pw_block_t blk;
    ppq_column_batch_t *batches;
    size_t *row_line;          /* per block row: its input line */
    const char *out;
    int nested;                /* a nested schema: rows through the shredder */
    pw_shred_t sh;
    uint32_t page_values, page_bytes;
#if WITH_NESTED
    ppq_leaf_batch_t *lb;      /* per leaf: the shred's levels and values */
#endif
} wr_t;

static int bad_input(size_t line, const char *msg)
{
    fprintf(stderr, "ppq write: line %zu: %s\n", line, msg);
    return 1;
}

#if WITH_NESTED
/* Hand the shredded records to the writer: 0, or the exit status. */
static int flush_shred(wr_t *x)
{
    uint32_t k, written = 0, records = (uint32_t)x->sh.records;
    ppq_status_t st;
    if (records == 0u) {
        return 0;
    }
    pw_shred_fix(&x->sh);
    for (k = 0; k < x->sh.nleaves; k++) {
        const pw_leaf_t *l = &x->sh.leaves[k];
        x->lb[k].values = l->values;
        x->lb[k].def = l->max_def > 0 ? l->def : NULL;
        x->lb[k].rep = l->max_rep > 0 ? l->rep : NULL;
        x->lb[k].entries = (uint32_t)l->n;
    }
    st = ppq_writer_write_levels(&x->w, x->lb, records, &written);
    if (st != PPQ_OK) {
        if (st == PPQ_ERR_ARG) {
            char msg[160];
            snprintf(msg, sizeof msg, "the writer refused a row of this block (%s)", ppq_status_str(st));
            return bad_input(x->row_line[0], msg);
        }
        fprintf(stderr, "ppq write: %s: %s\n", x->out, ppq_status_str(st));
        return 2;
    }
    pw_shred_reset(&x->sh);
    return 0;
}
#endif

/* Hand the block to the writer: 0, or the exit status after a message. */
static int flush_block(wr_t *x)
{
    uint32_t i, written = 0;
    ppq_status_t st;
#if WITH_NESTED
    if (x->nested) {
        return flush_shred(x);
    }
#endif
    if (x->blk.n == 0u) {
        return 0;
    }
    pw_block_fix(&x->blk);
    for (i = 0; i < x->blk.ncols; i++) {
        x->batches[i].values = x->blk.values[i];
        x->batches[i].validity = x->blk.validity[i];
        x->batches[i].def_levels = NULL;
    }
    st = ppq_writer_write_batch(&x->w, x->batches, x->blk.n, &written);
    if (st != PPQ_OK) {
        if (st == PPQ_ERR_ARG && written < x->blk.n) {
            char msg[160];
            snprintf(msg, sizeof msg, "the writer refused the row (%s)", ppq_status_str(st));
            return bad_input(x->row_line[written], msg);
        }
        fprintf(stderr, "ppq write: %s: %s\n", x->out, ppq_status_str(st));
        return 2;
    }
    pw_block_reset(&x->blk);
    return 0;
}

static int blank(const char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r') {
            return 0;
        }
    }
    return 1;
}

static int read_jsonl(wr_t *x, in_t *in)
{
    size_t line = 0;
    char err[PW_ERR_LEN];
    for (;;) {
        const char *lp = in->p != NULL ? in->p + in->pos : "";
        const char *nl = in->len > in->pos ? (const char *)memchr(lp, '\n', in->len - in->pos) : NULL;
        size_t ln;
        if (nl == NULL && !in->eof) {
            if (in_more(in) != 0) {
                fprintf(stderr, "ppq write: standard input: %s\n", strerror(errno));
                return 2;
            }
            continue;
        }
        if (nl == NULL && in->pos == in->len) {
            return 0;
        }
        ln = nl != NULL ? (size_t)(nl - lp) : in->len - in->pos;
        in->pos += ln + (nl != NULL);
        line++;
        if (blank(lp, ln)) {
            continue;
        }
        if (x->nested) {
            uint32_t k;
            int full = 0;
            if (pw_shred_row(&x->sh, lp, ln, err, sizeof err) != 0 ||
                pw_shred_row_fits(&x->sh, x->page_values, x->page_bytes, err, sizeof err) != 0) {
                return bad_input(line, err);
            }
            x->row_line[x->sh.records - 1u] = line;
            for (k = 0; k < x->sh.nleaves; k++) {
                full |= x->sh.leaves[k].n >= BLOCK_ENTRIES;
            }
            if (x->sh.records == BLOCK || full) {
                int e = flush_block(x);
                if (e != 0) {
                    return e;
                }
            }
            continue;
        }
        if (pw_json_row(&x->blk, lp, ln, err, sizeof err) != 0) {
            return bad_input(line, err);
        }
        x->row_line[x->blk.n - 1u] = line;
        if (x->blk.n == x->blk.cap) {
            int e = flush_block(x);
            if (e != 0) {
                return e;
            }
        }
    }
}

static int read_csv(wr_t *x, in_t *in)
{
    size_t lines = 0;
    long r;
    char err[PW_ERR_LEN];
    while (!in->eof && in->len - in->pos < 65536u) { /* (the header: read some first) */
        if (in_more(in) != 0) {
            fprintf(stderr, "ppq write: standard input: %s\n", strerror(errno));
            return 2;
        }
    }
    if (in->len == in->pos) {
        fprintf(stderr, "ppq write: the input is empty (CSV needs a header line)\n");
        return 1;
    }
    for (;;) {
        r = pw_csv_header(&x->blk, in->p + in->pos, in->len - in->pos, in->eof, &lines, err, sizeof err);
        if (r > 0) {
            in->pos += (size_t)r;
            break;
        }
        if (r < 0) {
            return bad_input(1, err);
        }
        if (in_more(in) != 0) {
            fprintf(stderr, "ppq write: standard input: %s\n", strerror(errno));
            return 2;
        }
    }
    for (;;) {
        if (in->pos == in->len) {
            if (in->eof) {
                return 0;
            }
            if (in_more(in) != 0) {
                fprintf(stderr, "ppq write: standard input: %s\n", strerror(errno));
                return 2;
            }
            continue;
        }
        if (x->blk.csv_fields > 1u && (in->p[in->pos] == '\n' || (in->p[in->pos] == '\r' && in->pos + 1u < in->len &&
                                                                    in->p[in->pos + 1u] == '\n'))) {
            in->pos += in->p[in->pos] == '\n' ? 1u : 2u; /* a blank line (with one column: a null) */
            lines++;
            continue;
        }
        r = pw_csv_row(&x->blk, in->p + in->pos, in->len - in->pos, in->eof, &lines, err, sizeof err);
        if (r < 0) {
            return bad_input(lines + 1u, err);
        }
        if (r == 0) {
            if (in_more(in) != 0) {
                fprintf(stderr, "ppq write: standard input: %s\n", strerror(errno));
                return 2;
            }
            continue;
        }
        in->pos += (size_t)r;
        x->row_line[x->blk.n - 1u] = lines; /* (its last line) */
        if (x->blk.n == x->blk.cap) {
            int e = flush_block(x);
            if (e != 0) {
                return e;
            }
        }
    }
}

static const char *const enc_names[] = {"auto", "plain", "dictionary", "delta_binary_packed", "byte_stream_split",
                                        "rle", "delta_length_byte_array", "delta_byte_array"};

static int usage_fail(const char *what, const char *arg)
{
    fprintf(stderr, "ppq write: %s%s%s\n%s", what, arg ? ": " : "", arg ? arg : "", write_usage);
    return 2;
}

static int parse_count(const char *s, unsigned long max, uint32_t *out)
{
    char *end;
    unsigned long v;
    errno = 0;
    v = strtoul(s, &end, 10);
    if (*s < '0' || *s > '9' || *end != '\0' || errno != 0 || v == 0u || v > max) {
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

int ppq_write_cmd(int argc, char **argv)
{
    const char *schema_text = NULL, *out = NULL, **encs = NULL;
    int csv = 0, i, status = 2, nenc = 0, level = 0;
    pw_schema_t schema;
    ppq_column_t *cols = NULL;
    const char **types = NULL;
    uint32_t ncols = 0, k;
    ppq_writer_options_t opts;
    ppq_sink_t sink, spill;
    ppq_source_t unspill;
    ppq_memsrc_t unspill_mem;
    pw_buf_t spilled;
    void *arena = NULL;
    size_t arena_len;
    FILE *f = NULL;
    int fd;
    wr_t x;
    in_t in;
    ppq_status_t st;
    char err[PW_ERR_LEN];
    struct sigaction sa;
    mode_t um;
#if WITH_NESTED
    ppq_node_t *tnodes = NULL;
    ppq_schema_t tree;
    memset(&tree, 0, sizeof tree);
#endif

    memset(&opts, 0, sizeof opts);
    memset(&x, 0, sizeof x);
    memset(&in, 0, sizeof in);
    memset(&spilled, 0, sizeof spilled);
    memset(&schema, 0, sizeof schema);
    encs = (const char **)calloc((size_t)argc, sizeof *encs);
    if (encs == NULL) {
        return 2;
    }
    for (i = 2; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (strcmp(a, "--schema") == 0 && more) {
            schema_text = argv[++i];
        } else if (strcmp(a, "--format") == 0 && more) {
            a = argv[++i];
            if (strcmp(a, "csv") != 0 && strcmp(a, "jsonl") != 0) {
                free(encs);
                return usage_fail("--format is jsonl or csv", a);
            }
            csv = a[0] == 'c';
        } else if (strcmp(a, "--codec") == 0 && more) {
            unsigned c;
            a = argv[++i];
            for (c = 0; c < 8u && strcasecmp(a, ppq_codec_name((ppq_codec_t)c)) != 0; c++) {
            }
            if (c == 0u || strcasecmp(a, "none") == 0) {
                c = 0;
            } else if (c == 8u || !ppq_codec_can_compress((ppq_codec_t)c)) {
                free(encs);
                return usage_fail("--codec is uncompressed, snappy, gzip, zstd, lz4_raw or lz4", a);
            }
            opts.codec = (ppq_codec_t)c;
        } else if (strcmp(a, "--level") == 0 && more) {
            char *end;
            level = (int)strtol(argv[++i], &end, 10);
            if (*end != '\0' || end == argv[i]) {
                free(encs);
                return usage_fail("--level takes a number", argv[i]);
            }
        } else if (strcmp(a, "--row-group-rows") == 0 && more) {
            if (parse_count(argv[++i], 0xFFFFFFFFul, &opts.row_group_rows) != 0) {
                free(encs);
                return usage_fail("--row-group-rows takes a count of rows, 1 or more", argv[i]);
            }
        } else if (strcmp(a, "--page-bytes") == 0 && more) {
            if (parse_count(argv[++i], 1ul << 30, &opts.page_bytes) != 0) {
                free(encs);
                return usage_fail("--page-bytes takes a count of bytes, 1 or more", argv[i]);
            }
        } else if (strcmp(a, "--page-values") == 0 && more) {
            if (parse_count(argv[++i], 1ul << 24, &opts.page_values) != 0) {
                free(encs);
                return usage_fail("--page-values takes a count of values, 1 or more", argv[i]);
            }
        } else if (strcmp(a, "--page-v2") == 0) {
            opts.page_v2 = 1;
        } else if (strcmp(a, "--no-statistics") == 0) {
            opts.no_statistics = 1;
        } else if (strcmp(a, "--auto-all-encodings") == 0) {
            opts.auto_all_encodings = 1; /* (AUTO: also what DuckDB or polars lack; ppq_writer.h) */
        } else if (strcmp(a, "--encoding") == 0 && more) {
            encs[nenc++] = argv[++i];
        } else if (out == NULL && (a[0] != '-' || a[1] == '\0')) {
            out = a;
        } else {
            free(encs);
            return usage_fail("unknown or incomplete option", a);
        }
    }
    opts.codec_level = level;
    if (schema_text == NULL || out == NULL) {
        free(encs);
        return usage_fail(schema_text == NULL ? "--schema is required" : "OUT.parquet is required", NULL);
    }
    if (pw_schema_parse(schema_text, strlen(schema_text), &schema, err, sizeof err) != 0) {
        fprintf(stderr, "ppq write: --schema: %s\n", err);
        goto done;
    }
    for (k = 0; k < schema.n; k++) {
        if (schema.nodes[k].kind != PW_LEAF && !x.nested) {
            x.nested = 1;
            if (!WITH_NESTED || csv) {
                fprintf(stderr, "ppq write: %s: %s\n", schema.nodes[k].name,
                        csv ? "--format csv takes flat schemas (nested ones: JSON Lines)"
                            : "nested types need a library built with PPQ_WRITER_NESTED");
                goto done;
            }
        }
    }
    if (x.nested && !pw_shred_init(&x.sh, &schema)) {
        fprintf(stderr, "ppq write: out of memory\n");
        goto done;
    }
    ncols = x.nested ? x.sh.nleaves : schema.n;
    cols = (ppq_column_t *)calloc(ncols ? ncols : 1u, sizeof *cols);
    types = (const char **)calloc(ncols ? ncols : 1u, sizeof *types);
    if (cols == NULL || types == NULL) {
        goto done;
    }
    for (k = 0; k < ncols; k++) {
        uint32_t node = x.nested ? x.sh.leaves[k].node : k;
        cols[k] = schema.nodes[node].col;
        types[k] = schema.nodes[node].type_text;
    }
    for (i = 0; i < nenc; i++) { /* COL=ENC (nested: the leaf's path, "gps.lat", "burst.element") */
        const char *eq = strrchr(encs[i], '=');
        unsigned e;
        char path[256];
        if (eq == NULL) {
            fprintf(stderr, "ppq write: --encoding takes COLUMN=ENCODING, not %s\n", encs[i]);
            goto done;
        }
        for (k = 0; k < ncols; k++) {
            if (x.nested) {
                pw_shred_leaf_path(&x.sh, k, path, sizeof path);
            } else {
                snprintf(path, sizeof path, "%s", cols[k].name);
            }
            if (strlen(path) == (size_t)(eq - encs[i]) && memcmp(path, encs[i], (size_t)(eq - encs[i])) == 0) {
                break;
            }
        }
        for (e = 0; e < sizeof enc_names / sizeof enc_names[0] && strcasecmp(eq + 1, enc_names[e]) != 0; e++) {
        }
        if (k == ncols) {
            fprintf(stderr, "ppq write: --encoding %s: no such column in the schema\n", encs[i]);
            goto done;
        }
        if (e == sizeof enc_names / sizeof enc_names[0]) {
            fprintf(stderr,
                    "ppq write: --encoding %s: the encoding is auto, plain, dictionary, delta_binary_packed, "
                    "byte_stream_split, rle, delta_length_byte_array or delta_byte_array\n",
                    encs[i]);
            goto done;
        }
        cols[k].encoding = (ppq_column_encoding_t)e;
    }
    ppq_sink_init_counter(&spill);
    spill.write = mem_append;
    spill.ctx = &spilled;
    memset(&unspill, 0, sizeof unspill);
    opts.footer_spill = &spill;
    opts.footer_unspill = &unspill;
#if WITH_NESTED
    if (x.nested) { /* the tree: pw's nodes, a LIST's or MAP's middle group put in after it */
        tnodes = (ppq_node_t *)calloc(2u * schema.n, sizeof *tnodes);
        x.lb = (ppq_leaf_batch_t *)calloc(ncols ? ncols : 1u, sizeof *x.lb);
        if (tnodes == NULL || x.lb == NULL) {
            fprintf(stderr, "ppq write: out of memory\n");
            goto done;
        }
        pw_schema_tree(&schema, tnodes, cols, ncols, &tree);
        for (k = 0; k < schema.n; k++) { /* the tree's depth: a list or map is two nodes deep */
            uint32_t d = 1, a;
            for (a = k; schema.nodes[a].parent >= 0; a = (uint32_t)schema.nodes[a].parent) {
                d += 1u + (schema.nodes[schema.nodes[a].parent].kind == PW_LIST ||
                           schema.nodes[schema.nodes[a].parent].kind == PW_MAP);
            }
            if (d > PPQ_WRITER_MAX_DEPTH) {
                fprintf(stderr, "ppq write: --schema: %s is %u levels deep (a list or a map counts two), the writer takes %u\n",
                        schema.nodes[k].name, d, PPQ_WRITER_MAX_DEPTH);
                goto done;
            }
        }
    }
    arena_len = x.nested ? ppq_writer_arena_size_nested(&tree, &opts) : ppq_writer_arena_size(cols, ncols, &opts);
#else
    arena_len = ppq_writer_arena_size(cols, ncols, &opts);
#endif
    if (arena_len == 0u) {
        fprintf(stderr, "ppq write: the writer refuses this schema with these options (an encoding the type cannot "
                        "take, a codec level out of range, or a --page-bytes too large)\n");
        goto done;
    }
    arena = malloc(arena_len);
    if ((!x.nested && !pw_block_init(&x.blk, cols, types, ncols, BLOCK)) || arena == NULL ||
        (x.batches = (ppq_column_batch_t *)calloc(ncols, sizeof *x.batches)) == NULL ||
        (x.row_line = (size_t *)calloc(BLOCK, sizeof *x.row_line)) == NULL) {
        fprintf(stderr, "ppq write: out of memory\n");
        goto done;
    }
    x.blk.max_bytes = opts.page_bytes ? opts.page_bytes : 8192u;
    x.page_bytes = x.sh.max_bytes = x.blk.max_bytes;
    x.page_values = opts.page_values ? opts.page_values : 8192u;
    x.out = out;

    /* the output: a temporary file beside OUT, renamed when complete */
    if (strlen(out) + 16u > sizeof tmp_path) {
        fprintf(stderr, "ppq write: %s: the path is too long\n", out);
        goto done;
    }
    snprintf(tmp_path, sizeof tmp_path, "%s.tmpXXXXXX", out);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    fd = mkstemp(tmp_path);
    if (fd < 0) {
        fprintf(stderr, "ppq write: %s: %s\n", out, strerror(errno));
        goto done;
    }
    tmp_live = 1;
    um = umask(0);
    umask(um);
    (void)fchmod(fd, (mode_t)(0666 & ~um));
    f = fdopen(fd, "wb");
    if (f == NULL) {
        close(fd);
        fprintf(stderr, "ppq write: %s: %s\n", out, strerror(errno));
        goto done;
    }
    setvbuf(f, NULL, _IOFBF, (size_t)1 << 20);
    ppq_sink_init_counter(&sink);
    sink.write = file_write;
    sink.ctx = f;
#if WITH_NESTED
    st = x.nested ? ppq_writer_init_nested(&x.w, &tree, &opts, &sink, arena, arena_len)
                  : ppq_writer_init(&x.w, cols, ncols, &opts, &sink, arena, arena_len);
#else
    st = ppq_writer_init(&x.w, cols, ncols, &opts, &sink, arena, arena_len);
#endif
    if (st != PPQ_OK) {
        fprintf(stderr, "ppq write: the writer refuses this schema with these options: %s\n", ppq_status_str(st));
        goto done;
    }
#if WITH_NESTED
    for (k = 0; x.nested && k < ncols; k++) { /* the tree's levels are the shredder's */
        int16_t md = -1, mr = -1;
        if (ppq_writer_leaf_levels(&x.w, k, &md, &mr) != PPQ_OK || md != x.sh.leaves[k].max_def ||
            mr != x.sh.leaves[k].max_rep) {
            fprintf(stderr, "ppq write: column %u: the writer's levels (%d, %d) are not the shredder's (%d, %d)\n", k,
                    md, mr, x.sh.leaves[k].max_def, x.sh.leaves[k].max_rep);
            goto done;
        }
    }
#endif
    status = csv ? read_csv(&x, &in) : read_jsonl(&x, &in);
    if (status == 0) {
        status = flush_block(&x);
    }
    if (status == 0) {
        ppq_source_init_mem(&unspill, &unspill_mem, spilled.p, spilled.len);
        st = ppq_writer_close(&x.w);
        if (st != PPQ_OK || fflush(f) != 0 || ferror(f)) {
            fprintf(stderr, "ppq write: %s: %s\n", out, st != PPQ_OK ? ppq_status_str(st) : strerror(errno));
            status = 2;
        }
    }
    if (fclose(f) != 0 && status == 0) {
        fprintf(stderr, "ppq write: %s: %s\n", out, strerror(errno));
        status = 2;
    }
    f = NULL;
    if (status == 0 && rename(tmp_path, out) != 0) {
        fprintf(stderr, "ppq write: %s: %s\n", out, strerror(errno));
        status = 2;
    }
    if (status == 0) {
        tmp_live = 0;
    }
done:
    if (f != NULL) {
        fclose(f);
    }
    if (tmp_live) {
        unlink(tmp_path);
        tmp_live = 0;
    }
    pw_block_free(&x.blk);
    pw_shred_free(&x.sh);
#if WITH_NESTED
    free(x.lb);
    free(tnodes);
#endif
    pw_schema_free(&schema);
    free(x.batches);
    free(x.row_line);
    free(arena);
    free(cols);
    free(types);
    free(encs);
    free(in.p);
    free(spilled.p);
    return status;
}
