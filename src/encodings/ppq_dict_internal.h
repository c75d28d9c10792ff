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

#endif
