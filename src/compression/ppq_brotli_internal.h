/*
 * BROTLI's format data shared by the decoder (ppq_brotli_dec.c) and the
 * generated ppq_brotli_dict.c: the static dictionary and the word
 * transforms of RFC 7932.  Internal header: not for library users.
 */
#ifndef PPQ_BROTLI_INTERNAL_H
#define PPQ_BROTLI_INTERNAL_H

#include <stdint.h>

#include "ppq_config.h"
#include "ppq_core.h"

#define PPQ_BROTLI_DICT_SIZE 122784u
#define PPQ_BROTLI_NTRANSFORMS 121u

/* Transform types (the second of each ppq_brotli_transforms entry):
 * 0 identity, 1..9 omit the last 1..9 bytes, 10 uppercase the first
 * character, 11 uppercase all, 12..20 omit the first 1..9 bytes. */
#define PPQ_BROTLI_OMIT_LAST_9 9u
#define PPQ_BROTLI_UPPER_FIRST 10u
#define PPQ_BROTLI_UPPER_ALL 11u
#define PPQ_BROTLI_OMIT_FIRST_1 12u

#if PPQ_WITH_BROTLI
/* The dictionary's words, by length 4..24 (RFC 7932 section 8). */
extern const uint8_t *const ppq_brotli_dict;
/* Prefixes and suffixes: a length byte, then the bytes. */
extern const uint8_t ppq_brotli_affix[217];
/* Per transform: offset of its prefix in ppq_brotli_affix, type, offset
 * of its suffix. */
extern const uint8_t ppq_brotli_transforms[PPQ_BROTLI_NTRANSFORMS][3];

/* Write word (len bytes) through transform `tid` to dst, which has room
 * for `room` bytes; *n gets the length written.  PPQ_ERR_CORRUPT for a
 * transform out of range or too little room (nothing written). */
ppq_status_t ppq_brotli_transform(uint8_t *dst, size_t room, const uint8_t *word, unsigned len, unsigned tid,
                                  size_t *n);
#endif

#endif /* PPQ_BROTLI_INTERNAL_H */
