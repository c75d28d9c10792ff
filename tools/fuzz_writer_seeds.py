#!/usr/bin/env python3
"""Seeds for test/fuzz/fuzz_writer.c: inputs laid out as the target reads
them (its take(): big-endian fields).  Large generated tables under each
codec (AUTO's chunks past 4,096 values: rechunk's sampled path), the
arena-sized and compact layouts, refused rows, mixed APIs, and small
tables from a seed or from the input's bytes.

usage: tools/fuzz_writer_seeds.py DIR   (test/fuzz/seeds/fuzz_writer)"""
import os
import sys

CODECS = ['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'LZ4', 'ZSTD', 'LZ4_RAW']

def be(v, n):
    return v.to_bytes(n, 'big')

def scaled(value):
    """three bytes that scaled() turns into `value` (0: the default)"""
    if value == 0:
        return be(32, 3)
    b = max(1, (value - 1).bit_length())
    x = ((value - 1) << 6) | (b - 1)
    return be(x, 3)

def col(type_, optional=0, auto=1, enc=0, type_len=0, logical=0, kind=0, nulls=0, param=0, codec=0):
    x = type_ | optional << 3 | (8 if auto else enc) << 4 | (max(type_len, 1) - 1) << 8 | logical << 12
    x |= kind << 14 | nulls << 17 | param << 20 | codec << 22
    return be(x, 3)

def seed(cols, gen=1, api=0, cls=3, layout=0, codec=0, level=0, v2=0, crc=0, recovery=0, stats=1,
         bloom=1, pidx=1, colcodecs=0, spill=0, arena_mode=0, api_alt=0, bad=0,
         page_values=0, page_bytes=0, rg_rows=10000, rg_bytes=0, chunk_bytes=0, dict_entries=0,
         dict_bytes=0, footer_bytes=0, flushes=(), seed_=1, arena=None, rows_bytes=b''):
    out = be((len(cols) - 1) | gen << 3 | api << 4 | cls << 6, 1)
    out += b''.join(cols)
    x = layout | codec << 2 | level << 5 | v2 << 8 | crc << 9 | (0 if recovery else 1) << 10
    x |= (1 if stats else 0) << 12 | (0 if bloom else 1) << 14 | (1 if pidx else 0) << 18
    x |= (0 if colcodecs else 1) << 20 | spill << 23 | arena_mode << 24 | api_alt << 26
    if bad:
        x |= 1 << 27 | (bad & 15) << 28
    out += be(x, 4)
    for v in (page_values, page_bytes, rg_rows, rg_bytes, chunk_bytes, dict_entries, dict_bytes, footer_bytes):
        out += scaled(v)
    out += be(1 << 16, 3)
    if layout >= 2:
        out += be(arena, 2) + be(0, 1)
    fl = list(flushes) + [None] * (4 - len(flushes))
    for f in fl:
        out += be(0, 2) if f is None else be(f << 1 | 1, 2)
    out += be(seed_, 4)
    return out + rows_bytes + be(0x12345679, 4)

INT32, INT64, FLOAT, DOUBLE, BA, FLBA, BOOL, INT96 = 1, 2, 4, 5, 6, 7, 0, 3

def main(d):
    os.makedirs(d, exist_ok=True)
    wide = [col(INT64, kind=0), col(DOUBLE, kind=2, param=3, optional=1, nulls=2), col(BA, kind=4, param=1),
            col(INT32, kind=5, param=1, optional=1, nulls=6), col(FLOAT, kind=7), col(BA, kind=4, param=3)]
    seeds = {}
    for i, name in enumerate(CODECS):
        seeds['rechunk_%s' % name.lower()] = seed(wide, codec=i, v2=i & 1, crc=1, recovery=(i % 3 == 0),
                                                  api=(i % 3), seed_=i + 1)
    seeds['rechunk_flush'] = seed(wide, codec=4, flushes=(5000, 5001, 12000), api=0)
    seeds['arena_spill'] = seed(wide[:4], layout=3, arena=0x0A3, codec=1)
    seeds['arena_small'] = seed(wide[:3], layout=2, arena=0x013, cls=2)
    seeds['compact_bad'] = seed(wide[:4], layout=1, chunk_bytes=4000, bad=3, cls=2)
    seeds['batch_bad'] = seed(wide, api=1, bad=1, codec=5, v2=1, rg_rows=3000)
    seeds['mixed_exact'] = seed(wide, api=3, api_alt=1, arena_mode=1, rg_rows=2000, cls=2, page_values=700)
    small = [col(INT32, kind=0), col(BA, optional=1, kind=4, param=0, nulls=3), col(DOUBLE, kind=3),
             col(BOOL, optional=1, nulls=4), col(FLBA, type_len=5, kind=4), col(INT96, optional=1, nulls=2)]
    for i in range(6):
        seeds['small_%d' % i] = seed(small[:i + 1], cls=i & 1, api=i % 4, codec=i, v2=(i >> 1) & 1, crc=i & 1,
                                     recovery=i == 4, rg_rows=50 + 30 * i, page_values=20 + i, flushes=(7, 30),
                                     seed_=100 + i, bad=i, layout=1 if i == 3 else 0, dict_entries=8 << i)
        seeds['input_%d' % i] = seed(small[:i + 1], gen=0, cls=1, api=i % 4, codec=i, rg_rows=40 + i,
                                     page_values=10 + i, rows_bytes=bytes((j * 37 + i) & 255 for j in range(600)))
    for k, v in seeds.items():
        open(os.path.join(d, k), 'wb').write(v)

main(sys.argv[1])
