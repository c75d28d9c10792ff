/* `ppq cat --where EXPR`: the expression (comparisons of top-level
 * primitive columns with literals, joined by `and`), its literals as the
 * columns' values, and the tests that prune row groups (statistics, bloom
 * filters), pages (the page index) and rows. */
#ifndef PPQ_WHERE_H
#define PPQ_WHERE_H

#include "ppq_reader.h"

enum { WHERE_EQ, WHERE_NE, WHERE_LT, WHERE_LE, WHERE_GT, WHERE_GE };
/* How a column's values compare with the literal. */
enum { WHERE_INT, WHERE_UINT, WHERE_REAL, WHERE_BYTES, WHERE_BOOL };

#define WHERE_MAX 16u

typedef struct where_pred {
    uint32_t col;
    const ppq_schema_node_t *leaf;
    int op;                  /* WHERE_* (a literal between two integers: <= or > its floor) */
    int kind;                /* WHERE_INT ... */
    int never, always;       /* the test is false (true) for every value, never for a null */
    int64_t i;               /* INT, UINT (>= 0 here: a negative literal is below every value), BOOL */
    double d;                /* REAL */
    char *bytes;             /* BYTES: the literal's bytes (malloc'd) */
    uint32_t len;
    int has_plain;           /* the literal is a value of the column's physical type: */
    uint8_t plain[8];        /* its PLAIN bytes (byte arrays: `bytes`) */
    ppq_bytes_t plain_ref;   /* those bytes, as the page index takes them */
} where_pred_t;

/*
 * Parse `expr` over the reader's schema into preds[0..*n) (at most
 * WHERE_MAX).  Returns 0, or 2 after printing one line to stderr saying
 * what was expected where ("ppq: --where: expected ... at '...'").
 */
int where_parse(const ppq_reader_t *r, const char *expr, where_pred_t *preds, uint32_t *n);

void where_free(where_pred_t *preds, uint32_t n);

/* Whether the value `v` (the column's in-memory type, ppq_core.h) passes. */
int where_test(const where_pred_t *p, const void *v);

/* 0 when the chunk's statistics prove no value of row group `rg` passes. */
int where_stats_may(const ppq_reader_t *r, uint32_t rg, const where_pred_t *p);

/* The literal's bloom filter hash, for `=` with an exact literal: 1 and
 * *hash, else 0. */
int where_bloom_hash(const where_pred_t *p, uint64_t *hash);

/* The bounds [*min, *max] (NULL: none) a page must reach to hold a passing
 * value (ppq_page_index_rows). */
void where_bounds(const where_pred_t *p, const ppq_bytes_t **min, const ppq_bytes_t **max);

#endif
