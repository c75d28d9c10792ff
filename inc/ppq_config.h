/*
 * Build-time configuration.  Each setting has its default here; override
 * it with -D when compiling the library.  Settings only take features out
 * of the library's code: no struct layout depends on them, so the
 * application's own files need not be compiled with the same ones.
 */
#ifndef PPQ_CONFIG_H
#define PPQ_CONFIG_H

/*
 * The column encodings the writer is built with: PPQ_WRITER_ENC_ALL, or
 * an OR of the bits below (bit n is ppq_column_encoding_t value n).  An
 * encoding left out leaves its encoder out of the link; a column asking
 * for it fails ppq_writer_init with PPQ_ERR_ARG, and PPQ_COLUMN_AUTO picks
 * PLAIN where its usual choice is left out.  PLAIN is always built: every
 * column can fall back to it.  E.g. the sensor logger's firmware:
 * -DPPQ_WRITER_ENCODINGS="(PPQ_WRITER_ENC_DICTIONARY|PPQ_WRITER_ENC_DELTA_BINARY_PACKED|PPQ_WRITER_ENC_RLE)"
 */
#define PPQ_WRITER_ENC_PLAIN 0x02u
#define PPQ_WRITER_ENC_DICTIONARY 0x04u
#define PPQ_WRITER_ENC_DELTA_BINARY_PACKED 0x08u
#define PPQ_WRITER_ENC_BYTE_STREAM_SPLIT 0x10u
#define PPQ_WRITER_ENC_RLE 0x20u
#define PPQ_WRITER_ENC_DELTA_LENGTH_BYTE_ARRAY 0x40u
#define PPQ_WRITER_ENC_DELTA_BYTE_ARRAY 0x80u
#define PPQ_WRITER_ENC_ALL 0xFEu

#ifndef PPQ_WRITER_ENCODINGS
#define PPQ_WRITER_ENCODINGS PPQ_WRITER_ENC_ALL
#endif

/* 1: PPQ_COLUMN_AUTO picks by size: a dictionary where its entries and
 * indices are smaller than the alternative (DELTA_BINARY_PACKED or PLAIN for
 * integers, PLAIN otherwise), measured on the values of each column chunk
 * (ppq_writer.h).  0 leaves that code out (about 1.4 KB on Cortex-M0): AUTO
 * then picks by type (a dictionary for byte arrays, DELTA_BINARY_PACKED for
 * integers, BYTE_STREAM_SPLIT for floats, RLE for booleans). */
#ifndef PPQ_WRITER_AUTO_BY_SIZE
#define PPQ_WRITER_AUTO_BY_SIZE 1
#endif

/* 1: the writer's page_v2 option (DataPageHeaderV2 pages).  0 leaves that
 * code out; page_v2 = 1 then fails ppq_writer_init with PPQ_ERR_ARG. */
#ifndef PPQ_WRITER_PAGE_V2
#define PPQ_WRITER_PAGE_V2 1
#endif

/* 1: statistics (min/max, null and NaN counts) in page headers and the
 * footer.  0 leaves that code out: files carry no statistics whatever
 * opts.no_statistics says, and recovery refuses files that carry them
 * (PPQ_ERR_UNSUPPORTED). */
#ifndef PPQ_WRITER_STATISTICS
#define PPQ_WRITER_STATISTICS 1
#endif

/* 1: the least flash where speed costs code: dictionaries hash and compare
 * numbers byte by byte (not as one word), the RLE encoder packs value by
 * value (not 8 at a time), the writer's setters copy through memcpy, a
 * dictionary's data pages take its entries' bit width (not, in the
 * writer's replays of a chunk, their own greatest index's).  The same
 * values out, slower: for the smallest firmware (the M0 logger, whose
 * only dictionary holds a few strings).  0 (default): the fast paths. */
#ifndef PPQ_LEAN
#define PPQ_LEAN 0
#endif

/* 1: a dictionary encoder keeps its hash slots and the page's buffered
 * indices in the fewest bytes its entry limit allows (1, 2 or 4 per index;
 * 2 or 4 per slot): a quarter of the RAM for a board's small dictionaries,
 * the same bytes out, for about 150 more instructions per sensor row on a
 * Cortex-M4 (make bench-mcu-writer).  0 (default): 4 bytes each. */
/* #define PPQ_DICT_NARROW 1 */

/* 1: the writer's compact layout (opts.compact, for boards with a few KiB
 * of RAM).  0 leaves that code out; compact = 1 then fails
 * ppq_writer_init with PPQ_ERR_ARG. */
#ifndef PPQ_WRITER_COMPACT
#define PPQ_WRITER_COMPACT 1
#endif

/* 1: the footer store keeps each row group's metadata packed (only what
 * changes between row groups, as varints: some 3 to 5 times fewer bytes
 * than its Thrift), written out as Thrift at close or to the footer spill;
 * so a footer store holds that many more row groups.  0: the store keeps
 * the Thrift (less flash).  Default: with the compact layout, whose small
 * arenas the store bounds. */
#ifndef PPQ_WRITER_PACKED_FOOTER
#define PPQ_WRITER_PACKED_FOOTER PPQ_WRITER_COMPACT
#endif

/* 1: the writer's recovery option (ppq_recover.h's records).  0 leaves that
 * code out; recovery = 1 then fails ppq_writer_init with PPQ_ERR_ARG. */
#ifndef PPQ_WRITER_RECOVERY
#define PPQ_WRITER_RECOVERY 1
#endif

/* 1: the writer's page index (ColumnIndex and OffsetIndex after each row
 * group, opts.no_page_index turns it off at run time; recovery keeps it),
 * about 3 KB of flash on Cortex-M4 (writer, its recovery, the encoders).
 * 0 leaves that code out: files carry no page index whatever the options
 * say.  Default 1, except for
 * bare-metal Arm (arm-none-eabi) builds, where firmware opts in with
 * -DPPQ_WRITER_PAGE_INDEX=1 (the firmware profiles' flash budgets have no
 * room for it; examples/sensor_logger/logger_config.h sets 0 on any host). */
#ifndef PPQ_WRITER_PAGE_INDEX
#if defined(__ARM_EABI__) && !defined(__linux__)
#define PPQ_WRITER_PAGE_INDEX 0
#else
#define PPQ_WRITER_PAGE_INDEX 1
#endif
#endif

/* 1: nested schemas in the writer (ppq_writer_init_nested: groups, LIST,
 * MAP and STRUCT columns, ppq_writer_write_levels).  0 leaves that code
 * out: ppq_writer_init_nested, ppq_writer_arena_size_nested and
 * ppq_writer_options_for_arena_nested then return PPQ_ERR_UNSUPPORTED (0
 * for the size) and flat files are the same bytes either way.  Default 1,
 * except for bare-metal Arm (arm-none-eabi) builds, where firmware opts in
 * with -DPPQ_WRITER_NESTED=1 (the firmware profiles' flash budgets have no
 * room for it). */
#ifndef PPQ_WRITER_NESTED
#if defined(__ARM_EABI__) && !defined(__linux__)
#define PPQ_WRITER_NESTED 0
#else
#define PPQ_WRITER_NESTED 1
#endif
#endif

/* 1: the writer's bloom filters (opts.no_bloom turns them off at run
 * time; recovery keeps them).  0 leaves that code out: files carry no
 * bloom filter whatever the options say.  Default 1, except for bare-metal
 * Arm (arm-none-eabi) builds (the firmware profiles' flash budgets), where
 * firmware opts in with -DPPQ_WRITER_BLOOM=1. */
#ifndef PPQ_WRITER_BLOOM
#if defined(__ARM_EABI__) && !defined(__linux__)
#define PPQ_WRITER_BLOOM 0
#else
#define PPQ_WRITER_BLOOM 1
#endif
#endif

/* 1: the writer's sorting_columns option (checked as rows arrive).  0
 * leaves that code out: the option is ignored (no sorting_columns
 * written).  Default as PPQ_WRITER_BLOOM. */
#ifndef PPQ_WRITER_SORTING
#if defined(__ARM_EABI__) && !defined(__linux__)
#define PPQ_WRITER_SORTING 0
#else
#define PPQ_WRITER_SORTING 1
#endif
#endif

/* 1: the BROTLI decompressor (ppq_brotli.h, RFC 7932), whose static
 * dictionary and code take about 125 KiB of flash (make size: the
 * reader-brotli profile).  Default 1, except for bare-metal Arm
 * (arm-none-eabi) builds, where firmware opts in with -DPPQ_WITH_BROTLI=1.
 * 0: BROTLI pages are PPQ_ERR_UNSUPPORTED. */
#ifndef PPQ_WITH_BROTLI
#if defined(__ARM_EABI__) && !defined(__linux__)
#define PPQ_WITH_BROTLI 0
#else
#define PPQ_WITH_BROTLI 1
#endif
#endif

/* The work memory the page codec interface asks for BROTLI
 * (ppq_decompress_work_size, so the file reader's arena): default the
 * most any stream needs, PPQ_BROTLI_DEC_WORK_SIZE (1.15 MiB); a firmware
 * reader may set less (at least PPQ_BROTLI_DEC_WORK_MIN, 4032): pages
 * whose meta-blocks need more are then PPQ_ERR_UNSUPPORTED. */
#ifndef PPQ_BROTLI_DEC_WORK
#define PPQ_BROTLI_DEC_WORK 1201960u
#endif

/* The page codecs built (ppq_codec.h): an OR of PPQ_CODEC_BIT(codec)
 * (ppq_codec_t values), default all that picoparquet has.  A codec left
 * out leaves its code out of the link and is PPQ_ERR_UNSUPPORTED.
 * BROTLI (bit 4) decompresses only, and only with PPQ_WITH_BROTLI. */
#define PPQ_CODEC_BIT(codec) (1u << (codec))
#define PPQ_CODECS_ALL 0xE6u /* SNAPPY, GZIP, LZ4, ZSTD, LZ4_RAW */
#ifndef PPQ_DECOMPRESSORS
#if PPQ_WITH_BROTLI
#define PPQ_DECOMPRESSORS (PPQ_CODECS_ALL | 0x10u) /* and BROTLI */
#else
#define PPQ_DECOMPRESSORS PPQ_CODECS_ALL
#endif
#endif
#ifndef PPQ_COMPRESSORS
#define PPQ_COMPRESSORS PPQ_CODECS_ALL
#endif

/* 1: the file reader keeps the column chunks' statistics (min, max, null
 * count) for ppq_reader_may_contain and the chunk info.  0 skips them in
 * the footer (less flash: the reader-min profile): every chunk may then
 * contain anything. */
#ifndef PPQ_READER_STATISTICS
#define PPQ_READER_STATISTICS 1
#endif

/* 1: the file reader keeps the footer's key-value metadata and created_by
 * (ppq_reader_open always, ppq_reader_open_select when asked).  0 leaves
 * that code out (the reader-min profile): they are skipped, the reader's
 * nkv is 0 and created_by NULL. */
#ifndef PPQ_READER_METADATA
#define PPQ_READER_METADATA 1
#endif

/* 1: ppq_column_reader_skip skips rows.  0 leaves it out (the reader-min
 * profile): it returns PPQ_ERR_UNSUPPORTED, and reads keep no entry over. */
#ifndef PPQ_READER_SKIP
#define PPQ_READER_SKIP 1
#endif

/* 1: ppq_reader_in_memory, pages decoded where a file in memory holds
 * them.  0 leaves that code out (the reader-min profile): it returns
 * PPQ_ERR_UNSUPPORTED and pages come through read_at. */
#ifndef PPQ_READER_IN_MEMORY
#define PPQ_READER_IN_MEMORY 1
#endif

/* 1: the file reader's page index and bloom filters (ppq_reader_page_index,
 * ppq_page_index_rows, ppq_column_reader_select, ppq_reader_bloom_check;
 * the chunks' index and filter offsets kept at open).  0 leaves that code
 * out (the reader-min profile): those calls return PPQ_ERR_UNSUPPORTED. */
#ifndef PPQ_READER_PAGE_INDEX
#define PPQ_READER_PAGE_INDEX 1
#endif

/* The value encodings the file reader decodes: an OR of PPQ_READER_ENC(e)
 * (ppq_encoding_t values), default all.  A page in an encoding left out is
 * PPQ_ERR_UNSUPPORTED naming it; its decoder stays out of the link.  The
 * smallest useful reader (the reader-min size profile): PLAIN, RLE levels
 * and booleans, dictionaries, DELTA_BINARY_PACKED. */
#define PPQ_READER_ENC(e) (1u << (e))
#define PPQ_READER_ENC_ALL 0x3FDu /* 0, 2..9 */
#ifndef PPQ_READER_ENCODINGS
#define PPQ_READER_ENCODINGS PPQ_READER_ENC_ALL
#endif

#endif /* PPQ_CONFIG_H */
