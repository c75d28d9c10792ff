// The reader against DuckDB: DuckDB writes a table of every flat physical
// type (and the logical types whose stored value is plain: DATE as days,
// TIMESTAMP as microseconds), with nulls and several row groups, under each
// codec and both Parquet versions (v2 brings DELTA_* and BYTE_STREAM_SPLIT
// pages); `ppq cat --raw` must print what DuckDB reads back, value for value.
// The same table is rewritten by polars (each of its codecs) and by
// hyparquet-writer (its encodings and codecs), and each of their files
// compared with DuckDB's reading of it the same way.
// Then nested records: a table of lists, structs, maps and lists of lists
// with nulls at every level, written by DuckDB (each codec, v1/v2) and
// rewritten by arrow-rs (parquet-wasm) in small pages, by polars and by
// hyparquet-writer (all but the maps); each row of
// `ppq cat --raw` must equal DuckDB's reading of the same file, turned into
// the same JSON shape, whole (JSONL and CSV, and with --columns).  Last,
// hostile levels: patched and byte-flipped nested files end with status 0
// or 1 and a message, never a crash.
// usage: node reader_check.mjs OUTDIR PPQ
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, DuckDBTypeId } from '@duckdb/node-api';
import { readParquet, writeParquet, WriterPropertiesBuilder, WriterVersion, Compression } from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';
import { legacyNestedFile } from './legacy_nested.mjs';
import * as zlib from 'node:zlib';
import pl from 'nodejs-polars';
import { parquetWriteBuffer } from 'hyparquet-writer';

const [dir, ppq] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const ROWS = 3000;
// (integers past 2^53 kept exact: quoted before JSON.parse)
const parseJson = (l) => JSON.parse(l.replace(/([:,\[])(-?\d{16,})(?=[,}\]])/g, '$1"$2"'));
const parseLines = (out) => out.trim().split('\n').map(parseJson);
await con.run(`CREATE TABLE t AS SELECT
  CASE WHEN i % 7 = 3 THEN NULL ELSE i % 3 = 0 END AS b,
  (i % 200 - 100)::TINYINT AS i8, (i * 37 % 60000 - 30000)::SMALLINT AS i16,
  CASE WHEN i % 11 = 5 THEN NULL ELSE (i * 2654435761 % 4294967296 - 2147483648)::INTEGER END AS i32,
  (i * 1000003 - 5000000000)::BIGINT AS i64,
  (i % 250)::UTINYINT AS u8, (i * 7 % 65536)::USMALLINT AS u16, (i * 2654435761 % 4294967296)::UINTEGER AS u32,
  (i * 11400714819323198485 % 18446744073709551616)::UBIGINT AS u64,
  CASE WHEN i % 13 = 1 THEN NULL ELSE round((i % 500) * 0.01 - 2.5, 2)::FLOAT END AS f,
  ((i % 977) * 0.125 - 60.0)::DOUBLE AS d,
  CASE WHEN i % 5 = 0 THEN NULL ELSE 'v' || (i % 40)::VARCHAR END AS s,
  ('x' || repeat('y', i % 17))::BLOB AS bl,
  (DATE '1970-01-01' + INTERVAL (i % 40000 - 20000) DAY)::DATE AS dt,
  TIMESTAMP '2026-01-01 00:00:00' + INTERVAL (i) SECOND AS ts
  FROM range(${ROWS}) r(i)`);
// the raw values as ppq cat --raw prints them (epoch days, microseconds, hex blobs)
const expectSql = `SELECT b, i8, i16, i32, i64, u8, u16, u32, u64, f, d, s, hex(bl) AS bl,
  date_diff('day', DATE '1970-01-01', dt) AS dt, epoch_us(ts) AS ts FROM read_parquet(?)`;
const cols = ['b', 'i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'f', 'd', 's', 'bl', 'dt', 'ts'];
let files = 0, values = 0, failures = 0;
const fail = (m) => { failures++; if (failures < 30) console.log('FAIL ' + m); };
// `ppq cat --raw` of a flat file of the columns above against DuckDB's
// reading of the same file, value for value
async function checkFlat(path) {
  const want = (await con.runAndReadAll(expectSql.replace('?', `'${path}'`))).getRows();
  let out;
  try {
    out = execFileSync(ppq, ['cat', path, '--raw'], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const msg = String(e.stderr || e.message).trim();
    if (/unsupported/.test(msg) && /ZSTD|GZIP|LZ4|SNAPPY/.test(msg)) {
      console.log(`note: ${path}: ppq cannot read it in this build: ${msg}`);
      return;
    }
    fail(`${path}: ppq cat failed: ${msg}`);
    return;
  }
  files++;
  const got = parseLines(out);
  if (got.length !== want.length) { fail(`${path}: ${got.length} rows, DuckDB ${want.length}`); return; }
  for (let r = 0; r < want.length; r++) {
    for (const [c, name] of cols.entries()) {
      const w = want[r][c], g = got[r][name];
      values++;
      let ok;
      if (w === null) ok = g === null;
      else if (name === 'f') ok = typeof g === 'number' && Math.fround(g) === Math.fround(w);
      else if (name === 'd') ok = g === w;
      else if (name === 'bl') ok = g === String(w).toLowerCase();
      else if (typeof w === 'bigint' || typeof w === 'number') ok = g !== null && BigInt(g) === BigInt(w);
      else ok = g === w;
      if (!ok) fail(`${path} row ${r} ${name}: ppq ${JSON.stringify(g)}, DuckDB ${String(w)}`);
    }
  }
}

for (const codec of ['uncompressed', 'snappy', 'gzip', 'zstd', 'lz4_raw', 'brotli']) {
  for (const version of ['V1', 'V2']) {
    const path = join(dir, `duckdb_${codec}_${version.toLowerCase()}.parquet`);
    await con.run(`COPY t TO '${path}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 1000, PARQUET_VERSION ${version})`);
    await checkFlat(path);
  }
}
console.log(`reader_check: ${files} flat DuckDB files, ${values} values compared`);

// The same table written by polars (read from DuckDB's file first), with
// each codec its writer offers, statistics, and rowGroupSize 700 (5 row groups);
// DuckDB's reading of each polars file is the reference (BROTLI included:
// the Rust brotli crate's streams).
const duckFlat = join(dir, 'duckdb_uncompressed_v1.parquet');
const polarsSink = (df, path, options) => df.lazy().sinkParquet(path, { ...options, maintainOrder: true,
  sinkOptions: { syncOnClose: 'all', maintainOrder: true, mkdir: true } }).collect();
{
  const before = [files, values];
  const df = pl.readParquet(duckFlat);
  for (const codec of ['uncompressed', 'snappy', 'gzip', 'lz4', 'zstd', 'brotli']) {
    const path = join(dir, `polars_${codec}.parquet`);
    await polarsSink(df, path, { compression: codec, statistics: true, rowGroupSize: 700 });
    await checkFlat(path);
  }
  // its plain writer: default options, one row group
  const path = join(dir, 'polars_write_default.parquet');
  df.writeParquet(path);
  await checkFlat(path);
  console.log(`reader_check: ${files - before[0]} flat polars files (6 codecs with BROTLI, statistics, ` +
    `rowGroupSize 700), ${values - before[1]} values compared`);
}

// The same table written by hyparquet-writer (JavaScript; DATA_PAGE_V2
// pages), its columns typed by an explicit schema (some REQUIRED): its own
// choice of encodings (dictionary, RLE booleans) under SNAPPY, DELTA_* and
// BYTE_STREAM_SPLIT uncompressed, PLAIN under GZIP and ZSTD (node's zlib),
// in small pages and uneven row groups.
{
  const before = [files, values];
  const rows = (await con.runAndReadAll(`SELECT b, i8, i16, i32, i64, u8, u16, u32, u64, f, d, s, bl,
    date_diff('day', DATE '1970-01-01', dt)::INTEGER AS dt, epoch_us(ts) AS ts FROM t`)).getRows();
  const column = (c) => rows.map((r) => (r[c] !== null && cols[c] === 'bl' ? r[c].bytes : r[c]));
  const element = {
    b: { type: 'BOOLEAN' }, i8: { type: 'INT32', converted_type: 'INT_8' }, i16: { type: 'INT32', converted_type: 'INT_16' },
    i32: { type: 'INT32' }, i64: { type: 'INT64', repetition_type: 'REQUIRED' },
    u8: { type: 'INT32', converted_type: 'UINT_8', repetition_type: 'REQUIRED' }, u16: { type: 'INT32', converted_type: 'UINT_16' },
    u32: { type: 'INT32', converted_type: 'UINT_32' }, u64: { type: 'INT64', converted_type: 'UINT_64' },
    f: { type: 'FLOAT' }, d: { type: 'DOUBLE', repetition_type: 'REQUIRED' }, s: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
    bl: { type: 'BYTE_ARRAY', repetition_type: 'REQUIRED' }, dt: { type: 'INT32', converted_type: 'DATE' },
    ts: { type: 'INT64', converted_type: 'TIMESTAMP_MICROS' },
  };
  const schema = [{ name: 'root', num_children: cols.length },
    ...cols.map((n) => ({ name: n, repetition_type: 'OPTIONAL', ...element[n] }))];
  const ints = ['i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'dt', 'ts'];
  const zlibOf = (f) => (bytes) => new Uint8Array(f(bytes));
  const variants = [
    ['snappy_auto', 'SNAPPY', () => undefined, { rowGroupSize: 1000, pageSize: 2048 }],
    ['uncompressed_delta', 'UNCOMPRESSED', (n) => (ints.includes(n) ? 'DELTA_BINARY_PACKED' : n === 'f' || n === 'd' ? 'BYTE_STREAM_SPLIT'
      : n === 's' ? 'DELTA_BYTE_ARRAY' : n === 'bl' ? 'DELTA_LENGTH_BYTE_ARRAY' : 'RLE'), { rowGroupSize: [700, 1500], pageSize: 4096 }],
    ['gzip_plain', 'GZIP', () => 'PLAIN',
      { rowGroupSize: ROWS, statistics: false, compressors: { GZIP: zlibOf(zlib.gzipSync) } }],
  ];
  if (zlib.zstdCompressSync) {
    variants.push(['zstd_plain', 'ZSTD', () => 'PLAIN', { rowGroupSize: 1200, compressors: { ZSTD: zlibOf(zlib.zstdCompressSync) } }]);
  } else {
    console.log(`note: this node (${process.version}) has no zstd in zlib: no ZSTD hyparquet-writer file`);
  }
  variants.push(['brotli', 'BROTLI', () => undefined, { compressors: { BROTLI: zlibOf(zlib.brotliCompressSync) } }]);
  for (const [name, codec, encoding, options] of variants) {
    const path = join(dir, `hyparquet_${name}.parquet`);
    writeFileSync(path, new Uint8Array(parquetWriteBuffer({ schema, codec, ...options,
      columnData: cols.map((n, c) => ({ name: n, data: column(c), encoding: encoding(n) })) })));
    await checkFlat(path);
  }
  // BYTE_STREAM_SPLIT integers (Parquet 2.11), which DuckDB does not read:
  // arrow-rs's reading is the reference
  {
    const path = join(dir, 'hyparquet_split_ints.parquet');
    const split = ['i32', 'i64', 'u32', 'u64', 'f', 'd'];
    writeFileSync(path, new Uint8Array(parquetWriteBuffer({ codec: 'UNCOMPRESSED', rowGroupSize: 1000, pageSize: 4096,
      schema: [schema[0], ...schema.slice(1).filter((e) => split.includes(e.name))].map((e, i) => (i ? e : { ...e, num_children: split.length })),
      columnData: split.map((n) => ({ name: n, data: column(cols.indexOf(n)), encoding: 'BYTE_STREAM_SPLIT' })) })));
    const want = tableFromIPC(readParquet(new Uint8Array(readFileSync(path))).intoIPCStream()).toArray().map((r) => r.toJSON());
    let got = [];
    try {
      got = parseLines(execFileSync(ppq, ['cat', path, '--raw'], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] }));
      files++;
    } catch (e) {
      fail(`${path}: ppq cat failed: ${String(e.stderr || e.message).trim()}`);
    }
    if (got.length !== want.length || want.length !== ROWS) fail(`${path}: ${got.length} rows, arrow-rs ${want.length}, want ${ROWS}`);
    for (let r = 0; r < got.length; r++) {
      for (const n of split) {
        const w = want[r][n], g = got[r][n];
        values++;
        const ok = w === null ? g === null : g !== null && (n === 'f' ? Math.fround(g) === Math.fround(w)
          : n === 'd' ? g === w : BigInt(g) === BigInt(w));
        if (!ok) fail(`${path} row ${r} ${n}: ppq ${JSON.stringify(g)}, arrow-rs ${String(w)}`);
      }
    }
  }
  console.log(`reader_check: ${files - before[0]} flat hyparquet-writer files (its own encodings, DELTA_*, BYTE_STREAM_SPLIT, ` +
    `PLAIN; ${variants.map((v) => v[1]).join(', ')}; BYTE_STREAM_SPLIT integers ` +
    `against arrow-rs), ${values - before[1]} values compared`);
}

// ---- nested records ---------------------------------------------------------

// A DuckDB value in the JSON shape ppq cat prints: lists as arrays, structs
// as objects, maps with VARCHAR keys as objects, other maps as arrays of
// {key, value}.
function shaped(v, t) {
  if (v === null || v === undefined) return null;
  switch (t.typeId) {
    case DuckDBTypeId.LIST: return v.items.map((x) => shaped(x, t.valueType));
    case DuckDBTypeId.STRUCT: {
      const o = {};
      t.entryNames.forEach((n, i) => { o[n] = shaped(v.entries[n], t.entryTypes[i]); });
      return o;
    }
    case DuckDBTypeId.MAP:
      if (t.keyType.typeId === DuckDBTypeId.VARCHAR) {
        const o = {};
        for (const e of v.entries) o[e.key] = shaped(e.value, t.valueType);
        return o;
      }
      return v.entries.map((e) => ({ key: shaped(e.key, t.keyType), value: shaped(e.value, t.valueType) }));
    default: return v;
  }
}

// Whether ppq's parsed value g is DuckDB's shaped value w, whole (object
// keys in the same order); counts the scalars compared.
let scalars = 0;
function same(g, w) {
  if (Array.isArray(w)) return Array.isArray(g) && g.length === w.length && w.every((x, i) => same(g[i], x));
  if (w !== null && typeof w === 'object') {
    if (g === null || typeof g !== 'object' || Array.isArray(g)) return false;
    const kw = Object.keys(w), kg = Object.keys(g);
    return kw.length === kg.length && kw.every((k, i) => k === kg[i] && same(g[k], w[k]));
  }
  scalars++;
  if (w === null) return g === null;
  if (typeof w === 'bigint') return (typeof g === 'number' || typeof g === 'string') && BigInt(g) === w;
  return g === w;
}

// RFC 4180 fields of CSV text, row by row.
function csvRows(text) {
  const rows = [];
  let row = [], f = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (q) {
      if (ch === '"' && text[i + 1] === '"') { f += '"'; i++; } else if (ch === '"') q = false; else f += ch;
    } else if (ch === '"') q = true;
    else if (ch === ',') { row.push(f); f = ''; }
    else if (ch === '\n') { row.push(f); rows.push(row); row = []; f = ''; }
    else f += ch;
  }
  return rows;
}

const NROWS = 20000;
await con.run(`CREATE TABLE n (id BIGINT, li INTEGER[], ls STRUCT(a INTEGER, b VARCHAR)[],
  st STRUCT(x DOUBLE, "inner" STRUCT(y VARCHAR, z INTEGER[]), tags VARCHAR[]),
  m MAP(VARCHAR, INTEGER), mi MAP(INTEGER, VARCHAR), ll INTEGER[][], lm MAP(VARCHAR, BIGINT)[],
  req STRUCT(p INTEGER, q INTEGER[]))`);
// nulls at every level: null and empty lists, null elements, null structs,
// structs of nulls, null and empty maps, null map values; one list of 5000
await con.run(`INSERT INTO n SELECT i,
  CASE WHEN i % 9 = 1 THEN NULL WHEN i % 9 = 2 THEN [] WHEN i = 777 THEN list_transform(range(5000), lambda x: x::INTEGER)
       ELSE list_transform(range(i % 7), lambda x: CASE WHEN (x + i) % 5 = 0 THEN NULL ELSE (x * i % 100000)::INTEGER END) END,
  CASE WHEN i % 8 = 1 THEN NULL WHEN i % 8 = 2 THEN []
       ELSE list_transform(range(i % 5), lambda x: CASE WHEN (x + i) % 6 = 0 THEN NULL
         ELSE {'a': CASE WHEN (x + i) % 4 = 1 THEN NULL ELSE (x + i)::INTEGER END,
               'b': CASE WHEN (x + i) % 3 = 1 THEN NULL ELSE 's' || (x * i % 50) END} END) END,
  CASE WHEN i % 10 = 1 THEN NULL ELSE {'x': CASE WHEN i % 4 = 0 THEN NULL ELSE i * 0.25 - 100 END,
    'inner': CASE WHEN i % 6 = 2 THEN NULL ELSE {'y': CASE WHEN i % 5 = 3 THEN NULL ELSE 'y' || i END,
      'z': CASE WHEN i % 7 = 3 THEN NULL WHEN i % 7 = 4 THEN [] ELSE [i::INTEGER, NULL, (i + 1)::INTEGER] END} END,
    'tags': CASE WHEN i % 3 = 0 THEN NULL ELSE list_transform(range(i % 4), lambda x: CASE WHEN x = 2 THEN NULL ELSE 't' || x END) END} END,
  CASE WHEN i % 11 = 1 THEN NULL WHEN i % 11 = 2 THEN MAP {} ELSE map_from_entries(list_transform(range(i % 4),
    lambda x: {'k': 'k' || x, 'v': CASE WHEN (x + i) % 3 = 0 THEN NULL ELSE (x * i)::INTEGER END})) END,
  CASE WHEN i % 11 = 3 THEN NULL WHEN i % 11 = 4 THEN MAP {} ELSE map_from_entries(list_transform(range(i % 3),
    lambda x: {'k': (x * 7 - 3)::INTEGER, 'v': CASE WHEN (x + i) % 4 = 0 THEN NULL ELSE 'v' || (i % 13) END})) END,
  CASE WHEN i % 12 = 1 THEN NULL WHEN i % 12 = 2 THEN [] ELSE list_transform(range(i % 4), lambda x:
    CASE WHEN (x + i) % 5 = 0 THEN NULL WHEN (x + i) % 5 = 1 THEN []
    ELSE list_transform(range(x + 1), lambda y: CASE WHEN y = 1 THEN NULL ELSE (y * i)::INTEGER END) END) END,
  CASE WHEN i % 13 = 1 THEN NULL ELSE [MAP {'a': i}, NULL, MAP {}, MAP {'b': NULL, 'c': -i}] END,
  {'p': i::INTEGER, 'q': CASE WHEN i % 3 = 0 THEN NULL ELSE [1, (i % 100)::INTEGER] END}
  FROM range(${NROWS}) r(i)`);

// ppq's rows of `path` (with `args`) against DuckDB's reading of it
async function checkNested(path, args = [], pick = (row) => row) {
  const reader = await con.runAndReadAll(`SELECT * FROM read_parquet('${path}')`);
  const types = reader.columnTypes(), names = reader.columnNames();
  const from = args.includes('--offset') ? Number(args[args.indexOf('--offset') + 1]) : 0;
  const upto = args.includes('--limit') ? from + Number(args[args.indexOf('--limit') + 1]) : Infinity;
  const want = reader.getRows().slice(from, upto)
    .map((r) => pick(Object.fromEntries(names.map((n, c) => [n, shaped(r[c], types[c])]))));
  let out;
  try {
    out = execFileSync(ppq, ['cat', path, '--raw', ...args], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const msg = String(e.stderr || e.message).trim();
    if (/unsupported/.test(msg) && /ZSTD|GZIP|LZ4|SNAPPY/.test(msg)) {
      console.log(`note: ${path}: ppq cannot read it in this build: ${msg}`);
      return;
    }
    fail(`${path} ${args.join(' ')}: ppq cat failed: ${msg}`);
    return;
  }
  files++;
  let got;
  if (args.includes('csv')) { // a header of the fields, nested ones as JSON text, null ones empty
    const rows = csvRows(out), head = rows.shift();
    got = rows.map((r) => Object.fromEntries(head.map((h, c) => [h, r[c] === '' ? null : parseJson(r[c])])));
  } else {
    got = parseLines(out);
  }
  if (got.length !== want.length) { fail(`${path} ${args.join(' ')}: ${got.length} rows, DuckDB ${want.length}`); return; }
  for (let r = 0; r < want.length; r++) {
    nestedRows++;
    if (!same(got[r], want[r])) {
      fail(`${path} ${args.join(' ')} row ${r}: ppq ${JSON.stringify(got[r])}, DuckDB ${JSON.stringify(want[r], (k, v) => typeof v === 'bigint' ? String(v) : v)}`);
    }
  }
}

let nestedFiles = 0, nestedRows = 0;
const filesBefore = files;
for (const codec of ['uncompressed', 'snappy', 'gzip', 'zstd', 'lz4_raw', 'brotli']) {
  for (const version of ['V1', 'V2']) {
    const path = join(dir, `duckdb_nested_${codec}_${version.toLowerCase()}.parquet`);
    await con.run(`COPY n TO '${path}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 8000, PARQUET_VERSION ${version})`);
    await checkNested(path);
    nestedFiles++;
  }
}
// the same rows by arrow-rs, in pages of about 1 KiB (lists across pages and
// reads; its own level encoding; no dictionary in one)
const duckNested = join(dir, 'duckdb_nested_uncompressed_v1.parquet');
const arrowTable = () => readParquet(new Uint8Array(readFileSync(duckNested)));
for (const [name, version, dict, codec] of [['v1', WriterVersion.V1, true, Compression.UNCOMPRESSED],
  ['v2', WriterVersion.V2, false, Compression.SNAPPY]]) {
  const path = join(dir, `arrow_nested_${name}.parquet`);
  const props = new WriterPropertiesBuilder().setWriterVersion(version).setDictionaryEnabled(dict)
    .setCompression(codec).setDataPageSizeLimit(1024).setMaxRowGroupSize(7000).build();
  writeFileSync(path, writeParquet(arrowTable(), props));
  await checkNested(path);
  nestedFiles++;
}
// the same rows by polars but for the maps (which it does not read from
// DuckDB's file), zstd, row groups of 7000
{
  const path = join(dir, 'polars_nested.parquet');
  await polarsSink(pl.readParquet(duckNested, { columns: ['id', 'li', 'ls', 'st', 'll', 'req'] }), path, { compression: 'zstd', statistics: true, rowGroupSize: 7000 });
  await checkNested(path);
  nestedFiles++;
}
// lists, lists of structs, lists of lists and nested structs by
// hyparquet-writer (its Dremel levels, DATA_PAGE_V2, SNAPPY, 3 KiB pages)
{
  const path = join(dir, 'hyparquet_nested.parquet');
  const reader = await con.runAndReadAll('SELECT id, li, ls, ll, st FROM n ORDER BY id');
  const types = reader.columnTypes();
  const data = reader.getRows().map((r) => r.map((v, c) => shaped(v, types[c])));
  const list = (name, element) => [{ name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 }, ...element];
  const leaf = (name, type, extra = {}) => ({ name, type, repetition_type: 'OPTIONAL', ...extra });
  const str = (name) => leaf(name, 'BYTE_ARRAY', { converted_type: 'UTF8' });
  const schema = [{ name: 'root', num_children: 5 }, { name: 'id', type: 'INT64', repetition_type: 'REQUIRED' },
    ...list('li', [leaf('element', 'INT32')]),
    ...list('ls', [{ name: 'element', repetition_type: 'OPTIONAL', num_children: 2 }, leaf('a', 'INT32'), str('b')]),
    ...list('ll', list('element', [leaf('element', 'INT32')])),
    { name: 'st', repetition_type: 'OPTIONAL', num_children: 3 }, leaf('x', 'DOUBLE'),
    { name: 'inner', repetition_type: 'OPTIONAL', num_children: 2 }, str('y'), ...list('z', [leaf('element', 'INT32')]),
    ...list('tags', [str('element')])];
  writeFileSync(path, new Uint8Array(parquetWriteBuffer({ schema, codec: 'SNAPPY', pageSize: 3072, rowGroupSize: 6000,
    columnData: ['id', 'li', 'ls', 'll', 'st'].map((name, c) => ({ name, data: data.map((r) => r[c]) })) })));
  await checkNested(path);
  nestedFiles++;
}
// rows skipped (ppq_column_reader_skip: records of repeated columns, the
// entry that starts the next kept for the read): whole row groups, and into
// one, across arrow-rs's small pages
for (const [file, offset, limit] of [['arrow_nested_v1.parquet', 7003, 600], ['arrow_nested_v2.parquet', 12345, 0],
  ['duckdb_nested_zstd_v2.parquet', 8001, 50], ['duckdb_nested_uncompressed_v1.parquet', 1, 3]]) {
  await checkNested(join(dir, file), ['--offset', String(offset), ...(limit ? ['--limit', String(limit)] : [])]);
}
// CSV, and a projection: the selected fields only, under their groups
await checkNested(duckNested, ['--format', 'csv']);
await checkNested(duckNested, ['--columns', 'st.inner.z,mi.key_value.value,id,lm'], (w) => ({
  st: w.st === null ? null : { inner: w.st.inner === null ? null : { z: w.st.inner.z } },
  mi: w.mi === null ? null : w.mi.map((e) => ({ value: e.value })),
  id: w.id,
  lm: w.lm,
}));
// the spec's legacy LIST and MAP forms (a file built in legacy_nested.mjs):
// arrow-rs follows the spec's backward-compatibility rules, so its reading
// is the reference; DuckDB's too where it follows them (it reads a repeated
// group named `array` or `<list>_tuple` as its one field, not as a struct)
{
  const path = join(dir, 'legacy_nested.parquet');
  writeFileSync(path, legacyNestedFile());
  const plain = (v) => JSON.parse(JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? String(x) : x)));
  const arrowRows = tableFromIPC(readParquet(new Uint8Array(readFileSync(path))).intoIPCStream()).toArray()
    .map((r) => plain(r.toJSON()));
  const duck = await con.runAndReadAll(`SELECT * FROM read_parquet('${path}')`);
  const dtypes = duck.columnTypes(), dnames = duck.columnNames();
  const duckRows = duck.getRows().map((r) => Object.fromEntries(dnames.map((n, c) => [n, shaped(r[c], dtypes[c])])));
  let got = [];
  try {
    got = parseLines(execFileSync(ppq, ['cat', path, '--raw'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    fail(`${path}: ppq cat failed: ${String(e.stderr || e.message).trim()}`);
  }
  files++;
  if (got.length !== 4 || arrowRows.length !== 4) fail(`${path}: ${got.length} rows, arrow-rs ${arrowRows.length}, want 4`);
  for (let r = 0; r < got.length; r++) {
    nestedRows++;
    if (!same(got[r], arrowRows[r])) fail(`${path} row ${r}: ppq ${JSON.stringify(got[r])}, arrow-rs ${JSON.stringify(arrowRows[r])}`);
    for (const c of ['l1', 'l4', 'r', 'mk']) {
      if (!same(got[r][c], duckRows[r][c])) fail(`${path} row ${r} ${c}: ppq ${JSON.stringify(got[r][c])}, DuckDB ${JSON.stringify(duckRows[r][c])}`);
    }
  }
  nestedFiles++;
}
console.log(`reader_check: ${nestedFiles} nested files (DuckDB, arrow-rs, polars, hyparquet-writer), ${files - filesBefore} runs of ppq cat ` +
  `(JSONL, CSV, --columns), ${nestedRows} rows compared whole, ${scalars} values in them`);

// ---- hostile levels -----------------------------------------------------------

// (a sanitizer build of ppq, if given, reports with its own status)
const env = { ...process.env, ASAN_OPTIONS: 'exitcode=99', UBSAN_OPTIONS: 'exitcode=98:halt_on_error=1' };
const run = (path) => {
  const r = spawnSync(ppq, ['cat', path], { encoding: 'utf8', maxBuffer: 1 << 26, env });
  return r.error ? { status: null, signal: String(r.error), stdout: '', stderr: '' } : r;
};
// [7,7], [{a,b},{a,b}] and [[7,7],[7,7]] per row, uncompressed v1: DuckDB's
// level streams are found by their bytes, then patched: the repetition
// levels 0,1,0,1.. of l, s.a, s.b (a 4-byte length 33, bit-packed header
// 0x41, 0xAA bytes), those of ll 0,2,1,2.. (length 65, 0x41, 0x98 bytes),
// the definition levels of s.a (a run of 16 at 4: length 2, 0x20, 0x04)
const hostile = join(dir, 'hostile_nested.parquet');
await con.run(`COPY (SELECT [7, 7]::INTEGER[] AS l, [{'a': 1, 'b': 2}, {'a': 3, 'b': 4}]::STRUCT(a INTEGER, b INTEGER)[] AS s,
  [[7, 7], [7, 7]]::INTEGER[][] AS ll FROM range(8)) TO '${hostile}' (FORMAT parquet, COMPRESSION uncompressed, PARQUET_VERSION V1)`);
const base = readFileSync(hostile);
const find = (bytes) => {
  const at = [], b = Buffer.from(bytes);
  for (let i = base.indexOf(b); i >= 0; i = base.indexOf(b, i + 1)) at.push(i + bytes.length - 2);
  return at;
};
const repAt = find([0x21, 0, 0, 0, 0x41, 0xaa, 0xaa]), rep2At = find([0x41, 0, 0, 0, 0x41, 0x98, 0x98]);
const defAt = find([0x02, 0, 0, 0, 0x20, 0x04]);
if (run(hostile).status !== 0 || repAt.length !== 3 || rep2At.length !== 1 || defAt.length < 1) {
  fail(`${hostile}: the unpatched file or its level streams (${repAt.length}, ${rep2At.length}, ${defAt.length}) are not as expected`);
} else {
  // (the rows before a refused one printed, that one not)
  for (const [what, at, byte, expect, rows] of [
    ['a row starting at repetition level 1', repAt[1], 0xab,
      /column s\.list\.element\.a: a row starts at a repetition level above 0/, 0],
    ['a list of s.a one element short of s.b', repAt[1] + 1, 0xa2,
      /row group 0, row 5, field s\.list: the repetition levels of its columns disagree/, 5],
    ['rows of l more than the row group\'s', repAt[0] + 1, 0xa2, /column l\.list\.element: more rows than its row group/, 8],
    ['a repetition level 3 in ll (max 2)', rep2At[0], 0x9b, /column ll\.list\.element\.list\.element: corrupt input/, 0],
    ['a definition level 5 in s.a (max 4)', defAt[0] + 1, 0x05, /column s\.list\.element\.a: corrupt input/, 0],
  ]) {
    const bad = Buffer.from(base);
    bad[at] = byte;
    const path = join(dir, 'hostile_patched.parquet');
    writeFileSync(path, bad);
    const r = run(path), printed = r.stdout === '' ? 0 : r.stdout.trim().split('\n').length;
    if (r.status !== 1 || !expect.test(r.stderr) || printed !== rows) {
      fail(`hostile ${what}: status ${r.status} signal ${r.signal}, ${printed} rows, "${r.stderr.trim()}"`);
    }
  }
}
// a row longer than ppq cat holds (4 Mi entries of a column): refused with a message
{
  const path = join(dir, 'hostile_long_row.parquet');
  await con.run(`COPY (SELECT range(4194305)::INTEGER[] AS l) TO '${path}' (FORMAT parquet)`);
  const r = run(path);
  if (r.status !== 1 || !/column l\.list\.element: a row holds more than ppq cat buffers/.test(r.stderr)) {
    fail(`a row of 4194305 entries: status ${r.status} signal ${r.signal}, "${r.stderr.trim()}"`);
  }
}
// every byte of the pages and the footer (schema: repetitions, children,
// LIST/MAP annotations) flipped (one shell runs ppq on each: a spawn from
// this process costs more than ppq): status 0 or 1, never a crash
{
  const small = join(dir, 'hostile_small.parquet'), flips = join(dir, 'flips');
  await con.run(`COPY (SELECT li, ls, st, m, mi, ll FROM n WHERE id < 12 AND id <> 777) TO '${small}'
    (FORMAT parquet, COMPRESSION uncompressed)`);
  const buf = readFileSync(small), end = buf.length - 8;
  rmSync(flips, { recursive: true, force: true });
  mkdirSync(flips, { recursive: true });
  for (let i = 4; i < end; i++) {
    const bad = Buffer.from(buf);
    bad[i] ^= 0xff;
    writeFileSync(join(flips, `${i}.parquet`), bad);
  }
  const r = spawnSync('sh', ['-c', 'for f in "$1"/*.parquet; do "$2" cat "$f" >/dev/null 2>&1; echo "$? $f"; done', 'sh', flips, ppq],
    { encoding: 'utf8', maxBuffer: 1 << 24, env });
  const lines = r.stdout.trim().split('\n');
  const refused = lines.filter((l) => l.startsWith('1 ')).length;
  for (const l of lines.filter((x) => !/^[01] /.test(x))) fail(`flipped byte: ppq cat ended with status ${l}`);
  if (lines.length !== end - 4) fail(`flipped bytes: ${lines.length} runs of ${end - 4}`);
  console.log(`reader_check: ${lines.length} byte flips of a nested file (pages, footer): ${refused} refused (status 1), ` +
    'the rest read, no crash');
}
console.log(`reader_check: ${failures} failures`);
process.exit(failures ? 1 : 0);
