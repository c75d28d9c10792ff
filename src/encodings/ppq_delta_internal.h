/* DELTA_BINARY_PACKED entries for the byte-array delta encodings and the
 * writer's row path. */
#ifndef PPQ_DELTA_INTERNAL_H
#define PPQ_DELTA_INTERNAL_H

#include "ppq_delta.h"

/* ppq_delta_dec_get for INT32 streams (lengths), without the INT64 path
 * and its stack.  PPQ_ERR_ARG for an INT64 decoder. */
PPQ_CHECKRET ppq_status_t ppq_delta_dec_get_i32(ppq_delta_dec_t *dec, int32_t *out, size_t max, size_t *got);

/* Finish `enc`, whose blocks went to the memory buffer `body`, and write the
 * whole stream (header, then the blocks) to `out`. */
PPQ_CHECKRET ppq_status_t ppq_delta_enc_finish_to(ppq_delta_enc_t *enc, const ppq_memsink_t *body, ppq_sink_t *out);

/* One value as its bits (INT32: zero-extended), for the writer's row path:
 * ppq_delta_enc_put of one value without the per-call checks. */
ppq_status_t ppq_delta_enc_put_word(ppq_delta_enc_t *enc, uint64_t v);

/* The row path's usual value, inline: v (bits as for put_word; is64 a
 * constant, the encoder's) as the next delta of a block it does not end,
 * in an encoder ppq_delta_enc_init made.  1 when done; 0 (nothing done)
 * when put_word must take it: the first value, a block's last delta. */
static inline int ppq_delta_enc_add(ppq_delta_enc_t *enc, uint64_t v, int is64)
{
    uint32_t n = enc->in_block;
    uint64_t d = v - enc->last;
    if (n >= enc->add_max) { /* (the first value; a block's last delta; a full smaller buffer) */
        return 0;
    }
    enc->deltas[n] = is64 ? d : (uint64_t)(int64_t)(int32_t)(uint32_t)d; /* (INT32: the wrapped delta) */
    enc->in_block = n + 1u;
    enc->last = v;
    return 1;
}

/* The writer's compact layout, which must know before a row what it will
 * write: the bytes the block takes when `v` (bits as for put_word) is put
 * next and completes it; 0 when it does not complete one. */
size_t ppq_delta_enc_block_bytes(const ppq_delta_enc_t *enc, uint64_t v);

/* The compact layout's encoder: ppq_delta_enc_init keeping each delta in 32
 * bits (half the buffer; the same bytes out).  INT32 deltas always fit; an
 * INT64 value whose delta does not is refused with PPQ_ERR_NOSPACE (not
 * sticky: the caller ends the page there).  Arena: cfg's
 * ppq_delta_enc_arena_size halved.  PPQ_ERR_ARG in a build without the
 * compact layout (PPQ_WRITER_COMPACT), which alone uses it. */
PPQ_CHECKRET ppq_status_t ppq_delta_enc_init_narrow(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out,
                                                    ppq_arena_t *arena);

/* Narrow encoders of 1- or 2-byte deltas, each kept less the block's
 * first (a spread within +-127 or +-32767 of it): built where flash is not
 * the constraint (64-bit CPUs), for the compact layout's buffers that its
 * store lends; elsewhere they are 4-byte ones.  -DPPQ_DELTA_SMALL=0|1. */
#ifndef PPQ_DELTA_SMALL
#define PPQ_DELTA_SMALL (SIZE_MAX > 0xFFFFFFFFu)
#endif

/* ppq_delta_enc_init_narrow with deltas of `bytes` (1, 2, else 4): a
 * delta past their reach is refused as there (PPQ_ERR_NOSPACE, not
 * sticky; ppq_delta_enc_fits says so first).  Arena:
 * ppq_delta_enc_narrow_size. */
PPQ_CHECKRET ppq_status_t ppq_delta_enc_init_small(ppq_delta_enc_t *enc, const ppq_delta_cfg_t *cfg, ppq_sink_t *out,
                                                   ppq_arena_t *arena, unsigned bytes);

/* Arena bytes ppq_delta_enc_init_small takes for `bytes` (0: cfg invalid). */
size_t ppq_delta_enc_narrow_size(const ppq_delta_cfg_t *cfg, unsigned bytes);

/* Would `v` (bits as for put_word) fit a narrow encoder? */
int ppq_delta_enc_fits(const ppq_delta_enc_t *enc, uint64_t v);

#endif
