/* The dictionary encoder's library-internal calls (not installed). */
#ifndef PPQ_DICT_INTERNAL_H
#define PPQ_DICT_INTERNAL_H

#include "ppq_dict.h"
#include "ppq_internal.h" /* PPQ_HOST_LE */
#include "ppq_port.h"

/* Built where the writer's batch fast path is (PPQ_WRITER_FAST_BATCH,
 * which defaults to PPQ_FAST64). */
#if defined(PPQ_WRITER_FAST_BATCH) ? PPQ_WRITER_FAST_BATCH : PPQ_FAST64
#define PPQ_DICT_REPEAT 1
/* The page's last value again, n more times, without a lookup: for the
 * writer's batches, which know their values repeat.  PPQ_ERR_STATE when the page holds no value yet;
 * PPQ_ERR_NOSPACE (nothing added) beyond max_page_values. */
ppq_status_t ppq_dict_enc_repeat(ppq_dict_enc_t *enc, size_t n);
#endif

/* One number of 4 or 8 bytes (INT32, FLOAT, INT64, DOUBLE) given as its
 * PLAIN bits in a word: what ppq_dict_enc_put does with it, without the
 * per-call checks (the writer's row path; builds without PPQ_LEAN).
 * PPQ_DICT_FULL and PPQ_ERR_NOSPACE as there. */
ppq_status_t ppq_dict_enc_put_word(ppq_dict_enc_t *enc, uint64_t word);

/* Keep the first `count` entries only (those added since dropped, the
 * data page's indices too): the hash table rebuilt from those kept, the
 * same slots as their adding made.  (The writer's AUTO on 64-bit CPUs: a
 * later data page that gives way to the alternative takes its new entries
 * back; built there only.) */
#define PPQ_DICT_TRUNCATE (SIZE_MAX > 0xFFFFFFFFu)
#if PPQ_DICT_TRUNCATE
void ppq_dict_enc_truncate(ppq_dict_enc_t *enc, uint32_t count);
#endif

#ifndef PPQ_DICT_NARROW
#define PPQ_DICT_NARROW 0
#endif

/* Hosts (64-bit little-endian, not lean, 4-byte indices) put batches of
 * numbers by loops of their own, one per width. */
#define PPQ_DICT_BATCH_WORDS (PPQ_FAST64 && PPQ_HOST_LE && !PPQ_LEAN && !PPQ_DICT_NARROW)

#if PPQ_DICT_BATCH_WORDS
/* ppq_dict_enc_put for numbers of 4 or 8 bytes (INT32, FLOAT, INT64,
 * DOUBLE; other types PPQ_ERR_ARG) that also stores `mark` at marks[i]
 * for each entry i a value maps to (marks: max_entries bytes, the
 * caller's): the writer learns which entries a page uses in the same pass
 * as the lookups, not in a pass of its own over the indices. */
ppq_status_t ppq_dict_enc_put_marked(ppq_dict_enc_t *enc, const void *values, size_t n, size_t *accepted,
                                     uint8_t *marks, uint8_t mark);
#endif

/* The PLAIN bytes of a 4- or 8-byte number at p as one word. */
static inline uint64_t ppq_load_le_word(const uint8_t *p, unsigned width)
{
    return width == 4u ? ppq_load_le32(p) : ppq_load_le64(p);
}

/* Are the PLAIN bytes at p the number v of `width` bytes?  (4: a 32-bit
 * compare.) */
static inline int ppq_plain_is(const uint8_t *p, uint64_t v, unsigned width)
{
    return width == 4u ? ppq_load_le32(p) == (uint32_t)v : ppq_load_le64(p) == v;
}

/* A number's home slot (its PLAIN bits as one word; `shift` 32 - log2 of
 * the slots): the top bits of a multiplicative hash, which every bit of
 * the number moves (two multiplies and a shift: the usual value's cost).
 * The indices never depend on it: entries number in the order they come. */
static inline uint32_t ppq_dict_slot_word(uint64_t key, unsigned shift)
{
    return ((uint32_t)key ^ (uint32_t)(key >> 32) * 0x85EBCA6Bu) * 0x9E3779B1u >> shift;
}

/* For a dictionary of numbers of `width` bytes (4: INT32, FLOAT; 8: INT64,
 * DOUBLE; a constant where it is called, so each width gets its own code)
 * whose page has room for another index (the caller checks): when the
 * dictionary has the number with bits `v`, its entry's index + 1, appended
 * to the page; 0 when v is new (nothing done: ppq_dict_enc_put_word).  The
 * row path's usual value, with compares of the value's width only. */
static PPQ_ALWAYS_INLINE uint32_t ppq_dict_enc_find(ppq_dict_enc_t *enc, uint64_t v, unsigned width)
{
    uint32_t h = ppq_dict_slot_word(v, enc->slot_shift), e;
    if (PPQ_DICT_NARROW) { /* (16-bit slots and indices: ppq_dict_enc_put_word) */
        return 0;
    }
    while ((e = ((const uint32_t *)enc->slots)[h]) != 0u) {
        if (ppq_plain_is(enc->pool + width * (size_t)(e - 1u), v, width)) {
            ((uint32_t *)enc->page)[enc->page_count++] = e - 1u;
            return e;
        }
        h = (h + 1u) & enc->slot_mask;
    }
    return 0;
}

/* For re-encoding a page under another encoding (the writer's AUTO): the
 * i-th buffered index of the current page, entry e's PLAIN bytes (without a
 * BYTE_ARRAY's length word), and forgetting the page's indices. */
uint32_t ppq_dict_enc_index_at(const ppq_dict_enc_t *enc, uint32_t i);
const uint8_t *ppq_dict_enc_entry(const ppq_dict_enc_t *enc, uint32_t e, uint32_t *len);
void ppq_dict_enc_drop_page(ppq_dict_enc_t *enc);

#endif
