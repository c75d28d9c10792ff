/* The dictionary encoder's library-internal calls (not installed). */
#ifndef PPQ_DICT_INTERNAL_H
#define PPQ_DICT_INTERNAL_H

#include "ppq_dict.h"
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

/* For re-encoding a page under another encoding (the writer's AUTO): the
 * i-th buffered index of the current page, entry e's PLAIN bytes (without a
 * BYTE_ARRAY's length word), and forgetting the page's indices. */
uint32_t ppq_dict_enc_index_at(const ppq_dict_enc_t *enc, uint32_t i);
const uint8_t *ppq_dict_enc_entry(const ppq_dict_enc_t *enc, uint32_t e, uint32_t *len);
void ppq_dict_enc_drop_page(ppq_dict_enc_t *enc);

#endif
