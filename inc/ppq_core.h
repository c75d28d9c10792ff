/*
 * picoparquet core: status codes, physical types, byte sinks and sources,
 * the arena allocator, ULEB128/zigzag varints, little-endian load/store and
 * LSB-first bit packing.  Everything here is freestanding and heap-free.
 */
#ifndef PPQ_CORE_H
#define PPQ_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One version, project.yml's `version:` (tools/check_version.sh checks that
 * these agree with it; CMake, pkg-config and `ppq --version` take it from here). */
#define PPQ_VERSION_MAJOR 0
#define PPQ_VERSION_MINOR 1
#define PPQ_VERSION_PATCH 0
#define PPQ_VERSION_STRING "0.1.0"

#if defined(__GNUC__) || defined(__clang__)
#define PPQ_CHECKRET __attribute__((warn_unused_result))
#else
#define PPQ_CHECKRET
#endif

/* ------------------------------------------------------------------------ */
/* Status codes                                                              */
/* ------------------------------------------------------------------------ */

/*
 * Every fallible call returns a ppq_status_t.  0 is success, positive values
 * are progress reports that are not errors, negative values are errors,
 * grouped in ranges so one compare tells the class:
 *   -1 .. -19   caller misuse (arguments, call order, memory given)
 *   -20 .. -39  I/O: a sink or source callback failed
 *   -40 .. -59  corrupt input (untrusted bytes)
 *   -60 .. -79  unsupported feature
 */
typedef enum ppq_status {
    PPQ_OK = 0,
    PPQ_DICT_FULL = 1,        /* dictionary reached a limit; fall back to PLAIN */

    PPQ_ERR_ARG = -1,         /* bad argument (NULL, out-of-range value, wrong type) */
    PPQ_ERR_STATE = -2,       /* call out of order (e.g. put after finish) */
    PPQ_ERR_ARENA = -3,       /* the arena is too small for this configuration */
    PPQ_ERR_NOSPACE = -4,     /* a fixed-size buffer is full */
    PPQ_ERR_IO = -20,         /* a sink/source callback failed */
    PPQ_ERR_CORRUPT = -40,    /* malformed or truncated input */
    PPQ_ERR_UNSUPPORTED = -60 /* valid input using a feature not built in */
} ppq_status_t;

#define PPQ_IS_MISUSE(s) ((s) <= -1 && (s) >= -19)
#define PPQ_IS_IO(s) ((s) <= -20 && (s) >= -39)
#define PPQ_IS_CORRUPT(s) ((s) <= -40 && (s) >= -59)

/* A short, constant English text for a status ("ok", "corrupt input", ...).
 * Never NULL; unknown codes give "unknown status". Lives in its own object
 * file so the strings cost nothing unless called. */
const char *ppq_status_str(ppq_status_t status);

/* The library's version as built, "MAJOR.MINOR.PATCH" (PPQ_VERSION_STRING
 * of the headers the library was compiled with: compare it with the macro
 * to catch headers and archive from different releases). Never NULL. */
const char *ppq_version(void);

/* ------------------------------------------------------------------------ */
/* Parquet physical types, encodings and in-memory value representation      */
/* ------------------------------------------------------------------------ */

/* Values equal the Thrift enum `Type` of parquet.thrift. */
typedef enum ppq_type {
    PPQ_BOOLEAN = 0,
    PPQ_INT32 = 1,
    PPQ_INT64 = 2,
    PPQ_INT96 = 3,
    PPQ_FLOAT = 4,
    PPQ_DOUBLE = 5,
    PPQ_BYTE_ARRAY = 6,
    PPQ_FIXED_LEN_BYTE_ARRAY = 7
} ppq_type_t;

/* Values equal the Thrift enum `Encoding` of parquet.thrift. */
typedef enum ppq_encoding {
    PPQ_ENC_PLAIN = 0,
    PPQ_ENC_PLAIN_DICTIONARY = 2,
    PPQ_ENC_RLE = 3,
    PPQ_ENC_BIT_PACKED = 4,
    PPQ_ENC_DELTA_BINARY_PACKED = 5,
    PPQ_ENC_DELTA_LENGTH_BYTE_ARRAY = 6,
    PPQ_ENC_DELTA_BYTE_ARRAY = 7,
    PPQ_ENC_RLE_DICTIONARY = 8,
    PPQ_ENC_BYTE_STREAM_SPLIT = 9
} ppq_encoding_t;

/*
 * How codecs see values in memory (the `void *values` of put/get calls):
 *   BOOLEAN               uint8_t, 0 = false, anything else = true
 *                         (decoders produce exactly 0 or 1)
 *   INT32 / INT64         int32_t / int64_t
 *   INT96                 ppq_int96_t (the 12 bytes exactly as stored)
 *   FLOAT / DOUBLE        float / double
 *   BYTE_ARRAY / FLBA     ppq_bytes_t; decoders return pointers into the
 *                         input (or dictionary) bytes, valid while those live
 */
typedef struct ppq_int96 {
    uint8_t bytes[12];
} ppq_int96_t;

typedef struct ppq_bytes {
    const uint8_t *ptr;
    uint32_t len;
} ppq_bytes_t;

/* Size in bytes of one in-memory value of `type` (see above). */
size_t ppq_value_size(ppq_type_t type);

/* Width in bytes of one PLAIN-encoded value of a fixed-width type
 * (INT32 4, INT64 8, INT96 12, FLOAT 4, DOUBLE 8, FLBA type_len);
 * 0 for BOOLEAN and BYTE_ARRAY, whose width is not a whole byte count. */
size_t ppq_plain_width(ppq_type_t type, uint32_t type_len);

/* ------------------------------------------------------------------------ */
/* Sinks: where encoded bytes go                                             */
/* ------------------------------------------------------------------------ */

/*
 * A write callback must accept all `len` bytes and return PPQ_OK, or return
 * a negative status (PPQ_ERR_IO or a more precise code, which is passed on
 * unchanged).  A positive return is a contract violation and is reported as
 * PPQ_ERR_IO.  `len` may be anything, including 0.
 */
typedef ppq_status_t (*ppq_write_fn)(void *ctx, const uint8_t *data, size_t len);

typedef struct ppq_sink {
    ppq_write_fn write; /* NULL: a counting sink that only adds to `offset` */
    void *ctx;          /* passed to `write` */
    uint64_t offset;    /* bytes accepted so far; maintained by ppq_sink_write */
} ppq_sink_t;

/* Make `sink` a counting sink (no callback). */
void ppq_sink_init_counter(ppq_sink_t *sink);

/* Write `len` bytes through the sink.  Returns PPQ_OK, or the callback's
 * error (offset unchanged then). */
PPQ_CHECKRET ppq_status_t ppq_sink_write(ppq_sink_t *sink, const void *data, size_t len);

/* Fixed memory buffer sink.  A write that does not fit returns
 * PPQ_ERR_NOSPACE and writes nothing at all (the buffer keeps the bytes of
 * earlier writes). The caller owns `buf`; `mem` must outlive the sink. */
typedef struct ppq_memsink {
    uint8_t *buf;
    size_t cap;
    size_t len; /* bytes held */
} ppq_memsink_t;

void ppq_sink_init_mem(ppq_sink_t *sink, ppq_memsink_t *mem, void *buf, size_t cap);

/*
 * Block-buffering sink: collects bytes in a caller block of `block_size`
 * bytes and hands the downstream sink only whole blocks, one block per
 * write call; ppq_blocksink_flush() writes the final partial block.
 * A downstream error is returned and kept: every later write or flush
 * returns it.  `block` and `blk` must outlive the sink.
 */
typedef struct ppq_blocksink {
    ppq_sink_t *down;
    uint8_t *block;
    size_t block_size;
    size_t fill;
    ppq_status_t err;
} ppq_blocksink_t;

/* Returns PPQ_ERR_ARG if a pointer is NULL or block_size is 0. */
PPQ_CHECKRET ppq_status_t ppq_sink_init_block(ppq_sink_t *sink, ppq_blocksink_t *blk, ppq_sink_t *down,
                                              void *block, size_t block_size);

/* Write the buffered partial block (if any) downstream. */
PPQ_CHECKRET ppq_status_t ppq_blocksink_flush(ppq_blocksink_t *blk);

/* ------------------------------------------------------------------------ */
/* Sources: where bytes to decode come from                                  */
/* ------------------------------------------------------------------------ */

/*
 * A read callback copies up to `len` bytes into `buf`, stores the count in
 * `*got` and returns PPQ_OK; *got < len only at the end of the data
 * (0 = end).  Errors: a negative status.  Positive returns become PPQ_ERR_IO.
 */
typedef ppq_status_t (*ppq_read_fn)(void *ctx, uint8_t *buf, size_t len, size_t *got);

typedef struct ppq_source {
    ppq_read_fn read;
    void *ctx;
    uint64_t offset; /* bytes delivered so far */
} ppq_source_t;

/* Read up to `len` bytes; *got < len means the data ended. */
PPQ_CHECKRET ppq_status_t ppq_source_read(ppq_source_t *src, void *buf, size_t len, size_t *got);

/* Read exactly `len` bytes; fewer available is PPQ_ERR_CORRUPT (truncated). */
PPQ_CHECKRET ppq_status_t ppq_source_read_exact(ppq_source_t *src, void *buf, size_t len);

typedef struct ppq_memsrc {
    const uint8_t *data;
    size_t len;
    size_t pos;
} ppq_memsrc_t;

/* A source reading from a memory block the caller owns. */
void ppq_source_init_mem(ppq_source_t *src, ppq_memsrc_t *mem, const void *data, size_t len);

/* ------------------------------------------------------------------------ */
/* Arena: bump allocation from one caller buffer                             */
/* ------------------------------------------------------------------------ */

/* Every arena allocation is aligned to PPQ_ARENA_ALIGN and takes
 * PPQ_ARENA_ROUND(size) bytes; give an 8-aligned buffer and the sizes the
 * *_arena_size() functions report are exact. */
#define PPQ_ARENA_ALIGN 8u
#define PPQ_ARENA_ROUND(n) (((size_t)(n) + (PPQ_ARENA_ALIGN - 1u)) & ~(size_t)(PPQ_ARENA_ALIGN - 1u))

typedef struct ppq_arena {
    uint8_t *base; /* first usable (aligned) byte */
    size_t size;   /* usable bytes from base */
    size_t used;
    size_t peak;   /* high-water mark of `used` */
} ppq_arena_t;

/* Use `len` bytes at `buf` (caller-owned, must outlive every allocation).
 * An unaligned `buf` loses its first few bytes to alignment. */
void ppq_arena_init(ppq_arena_t *arena, void *buf, size_t len);

/* `size` bytes aligned to PPQ_ARENA_ALIGN, or NULL (arena unchanged) when
 * it does not fit.  The memory is not cleared. size 0 gives a valid pointer. */
void *ppq_arena_alloc(ppq_arena_t *arena, size_t size);

/* As ppq_arena_alloc but aligned to `align` (a power of two, e.g. 32 for
 * a DMA cache line); NULL for a bad `align` or no room. */
void *ppq_arena_alloc_aligned(ppq_arena_t *arena, size_t size, size_t align);

/* A mark to rewind to later; rewinding frees everything allocated since. */
size_t ppq_arena_mark(const ppq_arena_t *arena);
void ppq_arena_rewind(ppq_arena_t *arena, size_t mark);
size_t ppq_arena_used(const ppq_arena_t *arena);
size_t ppq_arena_peak(const ppq_arena_t *arena);

/* ------------------------------------------------------------------------ */
/* Varints (ULEB128) and zigzag                                              */
/* ------------------------------------------------------------------------ */

#define PPQ_ULEB32_MAX 5u
#define PPQ_ULEB64_MAX 10u

/* Encode into `out` (room for PPQ_ULEB*_MAX bytes); returns bytes written. */
size_t ppq_uleb32_encode(uint32_t value, uint8_t *out);
size_t ppq_uleb64_encode(uint64_t value, uint8_t *out);

/*
 * Decode from `in` (`avail` bytes).  On PPQ_OK, *value and *used (bytes
 * consumed) are set.  PPQ_ERR_CORRUPT when the input ends inside the varint,
 * when it is longer than 5 (10) bytes, or when it sets bits beyond 32 (64).
 * Redundant zero groups within the maximum length are accepted.
 */
PPQ_CHECKRET ppq_status_t ppq_uleb32_decode(const uint8_t *in, size_t avail, uint32_t *value, size_t *used);
PPQ_CHECKRET ppq_status_t ppq_uleb64_decode(const uint8_t *in, size_t avail, uint64_t *value, size_t *used);

static inline uint32_t ppq_zigzag32_encode(int32_t v)
{
    return ((uint32_t)v << 1) ^ (0u - ((uint32_t)v >> 31));
}
static inline int32_t ppq_zigzag32_decode(uint32_t u)
{
    return (int32_t)((u >> 1) ^ (0u - (u & 1u)));
}
static inline uint64_t ppq_zigzag64_encode(int64_t v)
{
    return ((uint64_t)v << 1) ^ (0u - ((uint64_t)v >> 63));
}
static inline int64_t ppq_zigzag64_decode(uint64_t u)
{
    return (int64_t)((u >> 1) ^ (0u - (u & 1u)));
}

/* ------------------------------------------------------------------------ */
/* Little-endian load/store, correct on any host byte order                  */
/* ------------------------------------------------------------------------ */

static inline uint16_t ppq_load_le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}
static inline uint32_t ppq_load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline uint64_t ppq_load_le64(const uint8_t *p)
{
    return (uint64_t)ppq_load_le32(p) | ((uint64_t)ppq_load_le32(p + 4) << 32);
}
static inline void ppq_store_le16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline void ppq_store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static inline void ppq_store_le64(uint8_t *p, uint64_t v)
{
    ppq_store_le32(p, (uint32_t)v);
    ppq_store_le32(p + 4, (uint32_t)(v >> 32));
}

/* ------------------------------------------------------------------------ */
/* CRC-32                                                                     */
/* ------------------------------------------------------------------------ */

/* CRC-32 as gzip and Parquet page headers use it (reflected polynomial
 * 0xEDB88320): ppq_crc32(0, data, len), or continue over more bytes by
 * passing the previous result. */
uint32_t ppq_crc32(uint32_t crc, const void *data, size_t len);

/* ------------------------------------------------------------------------ */
/* Bit packing, LSB-first (the RLE/bit-packed hybrid's order)                */
/* ------------------------------------------------------------------------ */

/* Bytes needed for `n` values of `width` bits. */
#define PPQ_PACKED_BYTES(n, width) (((uint64_t)(n) * (uint64_t)(width) + 7u) / 8u)

/* Smallest width able to hold `v` (0 for 0). */
unsigned ppq_bit_width32(uint32_t v);
unsigned ppq_bit_width64(uint64_t v);

/*
 * Pack `n` values of `width` bits (0..32 / 0..64) into
 * PPQ_PACKED_BYTES(n, width) bytes at `out`; the last byte's unused high
 * bits are zero.  Bits of a value above `width` are ignored.
 */
void ppq_pack32(const uint32_t *in, size_t n, unsigned width, uint8_t *out);
void ppq_pack64(const uint64_t *in, size_t n, unsigned width, uint8_t *out);

/*
 * Unpack `n` values of `width` bits, starting at value index `start` of the
 * packed stream at `in`, into `out`.  Reads only bytes below
 * PPQ_PACKED_BYTES(start + n, width); the caller guarantees they exist
 * (bit offsets are size_t: on a 32-bit target, streams below 512 MB).
 * Widths above 32 (64) are a caller bug and unpack nothing.
 */
void ppq_unpack32(const uint8_t *in, size_t start, size_t n, unsigned width, uint32_t *out);
/* ppq_unpack32 where `avail` bytes exist at `in`: values in part of a
 * group of 8 come from the whole group when its bytes are there (a
 * stream's runs hold whole groups), not one by one. */
void ppq_unpack32_run(const uint8_t *in, size_t avail, size_t start, size_t n, unsigned width, uint32_t *out);
void ppq_unpack64(const uint8_t *in, size_t start, size_t n, unsigned width, uint64_t *out);

/* XXH64 state (a hash over bytes given in pieces: the ZSTD stream's
 * content checksum); internal, kept in ppq_zstd_stream_t. */
typedef struct ppq_xxh64_state {
    uint64_t v[4];
    uint64_t total;
    uint8_t mem[32];
    uint32_t fill;
} ppq_xxh64_state_t;

#ifdef __cplusplus
}
#endif

#endif /* PPQ_CORE_H */
