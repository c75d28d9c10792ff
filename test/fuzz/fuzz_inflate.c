/* libFuzzer: GZIP decompression on hostile bytes, as gzip members and as a
 * raw DEFLATE stream, into an output of exactly the room a first pass
 * found (so a write one byte past it is an ASan report), and again with
 * more room: the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ppq_gzip.h"

static uint64_t work[PPQ_INFLATE_WORK_SIZE / 8u];
static uint8_t big[1u << 20];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int gz;
    for (gz = 0; gz < 2; gz++) {
        size_t n = 0, m = 0, used = 0;
        ppq_status_t st = gz ? ppq_gunzip(data, size, big, sizeof big, &n, work, sizeof work)
                             : ppq_inflate(data, size, big, sizeof big, &n, &used, work, sizeof work);
        if (n > sizeof big || used > size) {
            abort();
        }
        if (st == PPQ_OK) {
            uint8_t *exact = (uint8_t *)malloc(n > 0u ? n : 1u);
            ppq_status_t st2 = gz ? ppq_gunzip(data, size, exact, n, &m, work, sizeof work)
                                  : ppq_inflate(data, size, exact, n, &m, &used, work, sizeof work);
            if (st2 != PPQ_OK || m != n || (n > 0u && memcmp(exact, big, n) != 0)) {
                abort();
            }
            free(exact);
        }
    }
    { /* and the bytes as input: our gzip member decodes to them */
        static uint64_t zwork[(67700u + 7u) / 8u]; /* levels 1 to 3: ppq_gzip_work_size(3) */
        size_t cap = ppq_gzip_bound(size), n = 0, m = 0;
        uint8_t *comp = (uint8_t *)malloc(cap);
        if (ppq_gzip_compress(data, size, comp, cap, &n, (int)(size % 3u) + 1, zwork, sizeof zwork) != PPQ_OK ||
            n > cap || ppq_gunzip(comp, n, big, sizeof big, &m, work, sizeof work) != PPQ_OK || m != size ||
            (size > 0u && memcmp(big, data, size) != 0)) {
            abort();
        }
        free(comp);
    }
    return 0;
}
