/*
 * picoparquet: Parquet encoding for firmware.  Freestanding C99, no heap:
 * the caller provides all memory (an arena or caller-declared state
 * structs) and all I/O (sink/source callbacks).  Include this one header.
 */
#ifndef PICOPARQUET_H
#define PICOPARQUET_H

#include "ppq_core.h"
#include "ppq_plain.h"
#include "ppq_rle.h"
#include "ppq_dict.h"
#include "ppq_delta.h"
#include "ppq_dlba.h"
#include "ppq_dba.h"
#include "ppq_bss.h"
#include "ppq_bitpacked.h"
#include "ppq_groupvarint.h"
#include "ppq_thrift.h"
#include "ppq_writer.h"
#include "ppq_recover.h"
#include "ppq_codec.h"
#include "ppq_reader.h"
#include "ppq_gzip.h"
#include "ppq_zstd.h"
#include "ppq_brotli.h"
#include "ppq_bloom.h"
#include "ppq_page_index.h"

#endif /* PICOPARQUET_H */
