/* CRC-32 front end: the kernel is the port's (a table-driven one on hosts,
 * a 64-byte-table one on Cortex-M). */
#include "ppq_core.h"
#include "ppq_port.h"

uint32_t ppq_crc32(uint32_t crc, const void *data, size_t len)
{
    if (len == 0u) {
        return crc;
    }
    return ppq_port_crc32(crc, (const uint8_t *)data, len);
}
