/* Hand-built DEFLATE streams for the decoder's table boundaries (test
 * only), from RFC 1951 alone: one final dynamic block whose literal/length
 * code has codes of 6, 10, 11, 12 and 15 bits (the first-level table's
 * 10 bits, one past it, the longest), several of them under one 10-bit
 * prefix and of mixed lengths under another; and whose distance code has
 * one code of each length 1-14 and two of 15 (8 bits: the distance table's
 * first level).  The expected bytes come from replaying the same literals
 * and matches byte by byte.  Shared by test/test_gzip.c (every board) and
 * test/gzip/gzip_diff.c (zlib decodes the same streams). */
#ifndef DEFLATE_BUILD_H
#define DEFLATE_BUILD_H

#include <stddef.h>
#include <stdint.h>

enum {
    DB_VALID,            /* decodes */
    DB_LIT_OVER,         /* one more 15-bit literal code: over-subscribed */
    DB_LIT_INCOMPLETE,   /* one 15-bit literal code fewer: incomplete */
    DB_DIST_MISSING,     /* one 15-bit distance code fewer: incomplete, and not the single
                          * code RFC 1951 allows (a match using it after the literals) */
    DB_DIST_ONE          /* a single distance code, of one bit (0), and a match using
                          * code 1 after the literals */
};

typedef struct db_bits {
    uint8_t *p;
    size_t cap, n; /* bytes written; n > cap: too small */
    uint32_t acc;
    unsigned nacc;
} db_bits_t;

/* `k` bits of v, least significant first (RFC 1951 3.1.1). */
static void db_put(db_bits_t *w, uint32_t v, unsigned k)
{
    unsigned i;
    for (i = 0; i < k; i++) {
        w->acc |= ((v >> i) & 1u) << w->nacc;
        if (++w->nacc == 8u) {
            if (w->n < w->cap) {
                w->p[w->n] = (uint8_t)w->acc;
            }
            w->n++;
            w->acc = 0;
            w->nacc = 0;
        }
    }
}

/* A Huffman code: most significant bit first. */
static void db_code(db_bits_t *w, unsigned code, unsigned len)
{
    while (len-- > 0u) {
        db_put(w, (code >> len) & 1u, 1);
    }
}

#define DB_NLEN 286u
#define DB_NDIST 16u

/* The code length of literal/length symbol `sym` in `variant`: 181 symbols
 * (literals 0-175, 256, 257, 265, 284, 285), 60 of 6 bits, 50 of 10, 20 of
 * 11, 11 of 12 and 40 of 15 (Kraft: 960 + 50 + 10 + 2.75 + 1.25 = 1024 /
 * 1024), spread over the symbols (37 j mod 181 visits each j once). */
static unsigned db_lit_len(unsigned sym, int variant)
{
    static const uint16_t more[5] = {256, 257, 265, 284, 285};
    unsigned j = sym, k;
    if (variant == DB_LIT_OVER && sym == 176u) {
        return 15; /* an unused literal */
    }
    if (variant == DB_LIT_INCOMPLETE && sym == 4u) {
        return 0; /* (4 * 37 mod 181 = 148: 15 bits) */
    }
    if (sym >= 176u) {
        for (j = 0; j < 5u && more[j] != sym; j++) {
        }
        if (j == 5u) {
            return 0;
        }
        j += 176u;
    }
    k = j * 37u % 181u;
    return k < 60u ? 6u : k < 110u ? 10u : k < 130u ? 11u : k < 141u ? 12u : 15u;
}

/* Distance code lengths of symbols 0-15: each of 1-14 once, 15 twice. */
static unsigned db_dist_len(unsigned sym, int variant)
{
    static const uint8_t len[DB_NDIST] = {15, 3, 14, 9, 1, 8, 2, 15, 4, 13, 5, 12, 6, 11, 7, 10};
    if (variant == DB_DIST_ONE) {
        return sym == 0u ? 1u : 0u;
    }
    return variant == DB_DIST_MISSING && sym == 7u ? 0u : len[sym];
}

/* Symbol sym's canonical code (RFC 1951 3.2.2) among n lengths. */
static unsigned db_canon(unsigned (*len_of)(unsigned, int), int variant, unsigned n, unsigned sym)
{
    unsigned count[16] = {0}, len, i, code = 0, want = len_of(sym, variant);
    for (i = 0; i < n; i++) {
        count[len_of(i, variant)]++;
    }
    count[0] = 0;
    for (len = 1; len < want; len++) { /* the first code of length `want` */
        code = (code + count[len]) << 1;
    }
    for (i = 0; i < sym; i++) { /* and one more per earlier symbol of that length */
        code += len_of(i, variant) == want;
    }
    return code;
}

static void db_lit(db_bits_t *w, unsigned sym, int variant)
{
    db_code(w, db_canon(db_lit_len, variant, DB_NLEN, sym), db_lit_len(sym, variant));
}

/* The stream of `variant` into s (cap scap; returns its size, 0 when scap
 * is short) and its bytes into plain (cap pcap, *plain_len; for
 * DB_DIST_MISSING and DB_DIST_ONE the bytes before the bad match). */
static size_t db_stream(int variant, uint8_t *s, size_t scap, uint8_t *plain, size_t pcap, size_t *plain_len)
{
    static const uint16_t dist_base[DB_NDIST] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193};
    static const uint8_t dist_extra[DB_NDIST] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6};
    static const uint8_t cl_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    db_bits_t w;
    size_t out = 0;
    unsigned i;
    w.p = s;
    w.cap = scap;
    w.n = 0;
    w.acc = 0;
    w.nacc = 0;
    /* header: final, dynamic; the code-length code: symbols 0-15 of four bits (code = symbol) */
    db_put(&w, 1, 1);
    db_put(&w, 2, 2);
    db_put(&w, DB_NLEN - 257u, 5);
    db_put(&w, DB_NDIST - 1u, 5);
    db_put(&w, 19u - 4u, 4);
    for (i = 0; i < 19u; i++) {
        db_put(&w, cl_order[i] < 16u ? 4u : 0u, 3);
    }
    for (i = 0; i < DB_NLEN; i++) {
        db_code(&w, db_lit_len(i, variant), 4);
    }
    for (i = 0; i < DB_NDIST; i++) {
        db_code(&w, db_dist_len(i, variant), 4);
    }
    for (i = 0; i < 176u; i++) { /* every literal: byte i */
        db_lit(&w, i, variant);
        if (out < pcap) {
            plain[out] = (uint8_t)i;
        }
        out++;
    }
    if (variant == DB_DIST_MISSING || variant == DB_DIST_ONE) { /* length 3, then the missing distance code */
        db_lit(&w, 257, variant);
        if (variant == DB_DIST_MISSING) {
            db_code(&w, 0x7FFFu, 15); /* (the last 15-bit code: fifteen 1 bits) */
        } else {
            db_code(&w, 1, 1);
        }
    }
    for (i = 0; i < DB_NDIST; i++) { /* a match at each distance code, its extra bits all 1 */
        unsigned len_sym = i == 0u ? 285u : i == 1u ? 284u : i % 2u ? 257u : 265u;
        size_t len = i == 0u ? 258u : i == 1u ? 227u : i % 2u ? 3u : 12u; /* (284: extra 0; 265: extra 1) */
        size_t d = dist_base[i] + ((1u << dist_extra[i]) - 1u), k;
        if (db_dist_len(i, variant) == 0u) {
            continue;
        }
        db_lit(&w, len_sym, variant);
        if (len_sym == 284u) {
            db_put(&w, 0, 5);
        } else if (len_sym == 265u) {
            db_put(&w, 1, 1);
        }
        db_code(&w, db_canon(db_dist_len, variant, DB_NDIST, i), db_dist_len(i, variant));
        db_put(&w, (1u << dist_extra[i]) - 1u, dist_extra[i]);
        for (k = 0; k < len; k++, out++) {
            if (out < pcap && out >= d) {
                plain[out] = plain[out - d];
            }
        }
    }
    db_lit(&w, 256, variant);
    db_put(&w, 0, 7); /* the last byte's bits out */
    *plain_len = variant == DB_DIST_MISSING || variant == DB_DIST_ONE ? 176u : out;
    return w.n <= scap && out <= pcap ? w.n : 0u;
}

#endif /* DEFLATE_BUILD_H */
