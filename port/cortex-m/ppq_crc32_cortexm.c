/* CRC-32 (gzip polynomial, reflected) for Cortex-M: a 16-entry table,
 * two lookups per byte; 64 bytes of flash instead of 4 KB.  Entry i is the
 * nibble i shifted 4 times through the reflected polynomial 0xEDB88320.
 * v7-M (unaligned loads), little-endian: four bytes at a time, XORed in at
 * once (the first byte lowest), then eight nibble steps: a third fewer
 * instructions than byte by byte. */
#include "ppq_port.h"

static const uint32_t crc_nibbles[16] = {
    0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u, 0x4DB26158u, 0x5005713Cu,
    0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu, 0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu,
};

#define NIBBLE(crc) ((crc) = ((crc) >> 4) ^ crc_nibbles[(crc)&0x0Fu])

#if (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)) &&                 \
    defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CRC_WORDS 1
#else
#define CRC_WORDS 0
#endif

uint32_t ppq_port_crc32(uint32_t crc, const uint8_t *p, size_t len)
{
    crc = ~crc;
    for (; CRC_WORDS && len >= 4u; len -= 4u, p += 4) {
        uint32_t w;
        __builtin_memcpy(&w, p, 4); /* one LDR, any alignment */
        crc ^= w;
        NIBBLE(crc);
        NIBBLE(crc);
        NIBBLE(crc);
        NIBBLE(crc);
        NIBBLE(crc);
        NIBBLE(crc);
        NIBBLE(crc);
        NIBBLE(crc);
    }
    while (len-- > 0u) {
        crc ^= *p++;
        NIBBLE(crc);
        NIBBLE(crc);
    }
    return ~crc;
}
