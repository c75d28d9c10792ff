/* libFuzzer: the streaming ZSTD decompressor (ppq_zstd_stream_*) on
 * arbitrary bytes.  The first byte picks the chunk sizes the input is fed
 * in (1 to 64, or up to 64 KiB); the rest is the input.  The window buffer
 * starts at the least size and grows to what a frame asks, up to 4 MiB.
 * Properties:
 *   - never a read outside the input (ASan: exact-size heap copy) or the
 *     buffer;
 *   - each call consumes no more than it was given and gives output inside
 *     the buffer;
 *   - the same bytes as ppq_zstd_decompress: when the stream ends well, the
 *     one-shot decoder gives the same output (or NOSPACE past its room);
 *     when the one-shot decoder succeeds, so does the stream (unless a
 *     window beyond 4 MiB was refused). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_zstd.h"

#define MAX_OUT (256u * 1024u)
#define MAX_BUF ((size_t)4 << 20)

static uint64_t work[PPQ_ZSTD_DEC_WORK_SIZE / 8u];
static uint8_t whole[MAX_OUT], streamed[MAX_OUT];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ppq_zstd_stream_t s;
    size_t len, at = 0, got = 0, whole_len = 0, cap, chunk;
    uint8_t *copy, *buf;
    ppq_status_t st, st1;
    int ok = 0, refused = 0, overflow = 0;
    unsigned seed;
    if (size < 1) {
        return 0;
    }
    chunk = data[0] & 0x80u ? ((size_t)(data[0] & 0x7Fu) << 9) + 1u : (size_t)(data[0] & 0x3Fu) + 1u;
    seed = data[0];
    len = size - 1;
    copy = (uint8_t *)malloc(len > 0 ? len : 1);
    memcpy(copy, data + 1, len);
    cap = ppq_zstd_stream_buf_size(1024);
    buf = (uint8_t *)malloc(cap);
    if (ppq_zstd_stream_init(&s, work, sizeof work, buf, cap) != PPQ_OK) {
        __builtin_trap();
    }
    for (;;) {
        size_t k = len - at, used = 0, olen = 0;
        const uint8_t *out = NULL;
        if (k > chunk) {
            seed = seed * 1103515245u + 12345u;
            k = 1u + (seed >> 8) % chunk;
        }
        st = ppq_zstd_stream_decompress(&s, copy + at, k, &used, &out, &olen);
        if (used > k || (olen > 0 && (out < buf || out + olen > buf + cap))) {
            __builtin_trap();
        }
        if (st == PPQ_ERR_ARENA) {
            size_t need = ppq_zstd_stream_need(&s);
            at += used;
            if (need == 0 || need > MAX_BUF) {
                refused = 1;
                break;
            }
            free(buf);
            cap = need;
            buf = (uint8_t *)malloc(cap);
            if (ppq_zstd_stream_buffer(&s, buf, cap) != PPQ_OK) {
                __builtin_trap();
            }
            continue;
        }
        if (st != PPQ_OK) {
            break;
        }
        if (olen > 0) {
            if (got + olen <= MAX_OUT) {
                memcpy(streamed + got, out, olen);
            } else {
                overflow = 1;
            }
            got += olen;
        }
        at += used;
        if (at == len && olen == 0) {
            ok = ppq_zstd_stream_end(&s) == PPQ_OK;
            break;
        }
    }
    st1 = ppq_zstd_decompress(copy, len, whole, MAX_OUT, &whole_len, work, sizeof work);
    if (ok && !overflow && (st1 != PPQ_OK || whole_len != got || memcmp(whole, streamed, got) != 0)) {
        __builtin_trap();
    }
    if (ok && overflow && st1 != PPQ_ERR_NOSPACE) {
        __builtin_trap();
    }
    if (st1 == PPQ_OK && !ok && !refused) {
        __builtin_trap();
    }
    free(buf);
    free(copy);
    return 0;
}
