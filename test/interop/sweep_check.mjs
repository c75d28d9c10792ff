// Reads the sample of files the configuration sweep wrote (test/sweep/sweep.c,
// `make sweep-interop`) with four independent Parquet readers (DuckDB,
// arrow-rs via parquet-wasm, hyparquet, nodejs-polars) and compares every
// value with the .json beside each file (what the writer was given):
//   {case, config, codec, columns: [{name, type, optional}], rows: [[...]]}
// types as parquet.thrift numbers them; integers as decimal text, floats as
// numbers, byte arrays as hex, booleans as true/false, nulls as null.  A
// column with a logical type has it too, "logical": {kind: timestamp (unit
// ms/us/ns, utc), decimal (precision, scale), int (bits, signed), string,
// enum, json, uuid}; each reader's logical value (an instant, a decimal, an
// unsigned integer, text) is brought back to the physical value the writer
// was given and compared exactly (sameLogical).  Where a reader cannot hold
// a type exactly it is compared at what it holds, with a note saying so.
// A reader without the file's codec (DuckDB: the deprecated LZ4; hyparquet
// without its compressors package: all but SNAPPY) must say so naming it:
// a note, not a failure.
// usage: node sweep_check.mjs DIR
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetReadObjects } from 'hyparquet';
import { readParquet } from 'parquet-wasm';
import { tableFromIPC, Type, Vector, Int64 } from 'apache-arrow';
import pl from 'nodejs-polars';

const dir = process.argv[2];
let failures = 0;
const compared = {}; // values compared, by reader
const files = {};    // files read whole, by reader
const notes = new Set();
const fail = (msg) => { failures++; console.log('FAIL ' + msg); };

const codecGaps = { duckdb: ['LZ4'], hyparquet: ['LZ4', 'LZ4_RAW', 'GZIP', 'ZSTD'] };
// The encodings a reader lacks, which AUTO writes only with
// opts.auto_all_encodings (sweep --auto-all: "auto_all=1" in the config):
// the reader must say so naming it, a note, not a failure.
const encodingGaps = {
  duckdb: [/BYTE_STREAM_SPLIT encoding is only supported for FLOAT or DOUBLE/, 'BYTE_STREAM_SPLIT of integers or FIXED_LEN_BYTE_ARRAY'],
  polars: [/FixedLenByteArray.*"(DeltaByteArray|ByteStreamSplit)".*not yet supported/i,
    'DELTA_BYTE_ARRAY or BYTE_STREAM_SPLIT of FIXED_LEN_BYTE_ARRAY'],
};
function encodingGap(reader, expect, e) {
  const gap = encodingGaps[reader];
  if (!gap || !/ auto_all=1/.test(expect.config) || !gap[0].test(String(e && e.message))) return false;
  notes.add(`${reader} cannot read ${gap[1]}`);
  return true;
}
function codecGap(reader, expect, e) {
  const msg = String(e && e.message);
  return (codecGaps[reader] || []).includes(expect.codec) && /unsupported compression codec/i.test(msg) &&
    msg.includes(expect.codec);
}

function hex(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return Buffer.from(v, 'latin1').toString('hex');
  if (v.bytes) return Buffer.from(v.bytes).toString('hex'); // DuckDB's BLOB value
  return Buffer.from(v).toString('hex');                    // Uint8Array, or polars' List(UInt8)
}

// The physical value: a column without a logical type.
function same(type, want, got) {
  if (want === null) return got === null || got === undefined;
  if (got === null || got === undefined) return false;
  switch (type) {
    case 0: return want === Boolean(got);
    case 1: return String(Number(got)) === want;
    case 2: return String(BigInt(got)) === want;
    case 4: return Object.is(Math.fround(want), Math.fround(Number(got)));
    case 5: return Object.is(want, Number(got));
    default: return hex(got) === want;
  }
}

// ---- logical types: the reader's value back to the writer's physical value
const NS = { s: 1000000000n, ms: 1000000n, us: 1000n, ns: 1n };
const floorDiv = (a, b) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
// a FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY decimal: big-endian two's complement
function signedHex(h) {
  if (!h.length) return 0n;
  const v = BigInt('0x' + h), bits = BigInt(h.length * 4);
  return v >= 1n << (bits - 1n) ? v - (1n << bits) : v;
}
const unscaled = (col, want) => (col.type === 1 || col.type === 2 ? BigInt(want) : signedHex(want));
const utf8Hex = (s) => Buffer.from(s, 'utf8').toString('hex');

// got: the reader's instant as an integer count of `unit`.  A reader coarser
// than the column (DuckDB keeps TIMESTAMP(NANOS, UTC) as microseconds: it has
// no TIMESTAMPTZ_NS) is compared exactly at its own unit, the written value
// floored to it, and a note says so.
function sameInstant(reader, col, want, got, unit) {
  const w = BigInt(want) * NS[col.logical.unit];
  if (NS[unit] > NS[col.logical.unit]) {
    notes.add(`${reader} reads TIMESTAMP(${col.logical.unit}${col.logical.utc ? ', UTC' : ''}) at ${unit} only: ` +
      `compared at ${unit}, the ${col.logical.unit} digits below not seen`);
  }
  return BigInt(got) * NS[unit] === floorDiv(w, NS[unit]) * NS[unit];
}

const text = (got) => (typeof got === 'string' ? utf8Hex(got) : hex(got));

// Per reader: what its value of each logical kind is, against the written
// value.  A kind not listed for a reader fails (never passes unseen).
const logicalSame = {
  duckdb(col, want, got) {
    const l = col.logical;
    switch (l.kind) {
      case 'timestamp': { // DuckDBTimestamp*Value: the instant in its unit
        const unit = ['nanos', 'micros', 'millis', 'seconds'].find((k) => got[k] !== undefined);
        if (!unit) throw new Error(`duckdb: ${col.name}: not a timestamp value: ${got}`);
        return sameInstant('duckdb', col, want, got[unit], { nanos: 'ns', micros: 'us', millis: 'ms', seconds: 's' }[unit]);
      }
      case 'decimal': // DuckDBDecimalValue: the unscaled integer and its scale
        return got.scale === l.scale && BigInt(got.value) === unscaled(col, want);
      case 'uuid': return String(got).replace(/-/g, '') === want; // DuckDBUUIDValue's text
      default: return sameCommon(col, want, got);
    }
  },
  hyparquet(col, want, got) {
    const l = col.logical;
    switch (l.kind) {
      case 'timestamp': return sameInstant('hyparquet', col, want, got, l.unit); // its parsers: the stored integer
      case 'decimal': {
        // hyparquet gives a decimal as a JS number, the unscaled value times
        // 10^-scale, and has no option for the integer: rounding it back is
        // exact while |unscaled| < 2^48 (two roundings, a few ulps); past
        // that this fails, it does not pass (the sweep's prices are < 2^23).
        const u = unscaled(col, want);
        if ((u < 0n ? -u : u) >= 1n << 48n) return false;
        return typeof got === 'number' && BigInt(Math.round(got * 10 ** l.scale)) === u;
      }
      case 'uuid': return typeof got === 'string' && got.replace(/-/g, '') === want;
      default: return sameCommon(col, want, got);
    }
  },
  arrow(col, want, got, meta) {
    const l = col.logical;
    switch (l.kind) {
      case 'timestamp': return sameInstant('arrow', col, want, got, meta.unit); // the Int64 under the Timestamp vector
      case 'decimal': return meta.scale === l.scale && BigInt(got) === unscaled(col, want); // Decimal's BigNum
      case 'uuid': return hex(got) === want;
      default: return sameCommon(col, want, got);
    }
  },
  polars(col, want, got, meta) {
    const l = col.logical;
    switch (l.kind) {
      case 'timestamp': return sameInstant('polars', col, want, got, meta.unit); // cast to Int64: its unit
      case 'decimal': { // cast to text ("-12.3400"): the digits, the scale's after the point
        const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(got);
        if (!m || (m[3] ?? '').length > l.scale) return false;
        const v = BigInt(m[2] + (m[3] ?? '').padEnd(l.scale, '0'));
        return (m[1] ? -v : v) === unscaled(col, want);
      }
      case 'uuid': return hex(got) === want;
      default: return sameCommon(col, want, got);
    }
  },
};

// The kinds every reader gives the same way: an integer of a width and sign
// (an unsigned one as unsigned: the written bits modulo 2^bits), text (a
// string, its UTF-8 bytes, or the bytes where a reader keeps them).
function sameCommon(col, want, got) {
  const l = col.logical;
  switch (l.kind) {
    case 'int': {
      const w = BigInt(want);
      return BigInt(got) === (l.signed ? BigInt.asIntN(l.bits, w) : BigInt.asUintN(l.bits, w));
    }
    case 'string': case 'enum': case 'json': return text(got) === want;
    default: throw new Error(`no comparison for logical type ${l.kind} (${col.name})`);
  }
}

// rows: an array of rows, each an array (by column index) or an object (by
// name); meta: per column, what the reader said of its type (arrow, polars)
function compare(reader, name, expect, rows, meta = []) {
  if (rows.length !== expect.rows.length) {
    fail(`${reader} ${name}: ${rows.length} rows, expected ${expect.rows.length}`);
    return;
  }
  if (rows.length) { // a column the reader left out would read as nulls
    const row = rows[0];
    const missing = expect.columns.filter((col, c) => (Array.isArray(row) ? c >= row.length : !(col.name in row)));
    if (missing.length) {
      fail(`${reader} ${name}: no column ${missing.map((col) => col.name).join(', ')}`);
      return;
    }
  }
  expect.columns.forEach((col, c) => {
    for (let r = 0; r < rows.length; r++) {
      const got = Array.isArray(rows[r]) ? rows[r][c] : rows[r][col.name];
      const want = expect.rows[r][c];
      compared[reader] = (compared[reader] ?? 0) + 1;
      const ok = !col.logical || want === null || got === null || got === undefined
        ? same(col.type, want, got)
        : logicalSame[reader](col, want, got, meta[c] ?? {});
      if (!ok) {
        const show = (v) => { const s = String(v); return s.length > 80 ? `${s.slice(0, 80)}... (${s.length} chars)` : s; };
        fail(`${reader} ${name}.${col.name} row ${r}: expected ${show(want)}${col.logical ? ` (${JSON.stringify(col.logical)})` : ''}, got ${show(got)} (${expect.config})`);
        return;
      }
    }
  });
  files[reader] = (files[reader] ?? 0) + 1;
}

// polars: what to select so each column reaches JS whole
function polarsExpr(col) {
  const c = pl.col(col.name);
  const kind = col.logical?.kind;
  if (kind === 'timestamp') return c.cast(pl.Int64).cast(pl.Utf8); // the integer in its unit
  if (kind === 'decimal' || kind === 'int') return c.cast(pl.Utf8); // Decimal cannot reach JS; 64-bit would round
  if (kind === 'string' || kind === 'enum' || kind === 'json') return c.cast(pl.Utf8); // a String column cannot be cast to bytes
  if (col.type === 2) return c.cast(pl.Int64).cast(pl.Utf8); // JS numbers would round
  if (col.type === 6 || col.type === 7) return c.cast(pl.List(pl.UInt8)); // Binary cannot reach JS as is
  return c;
}

// hyparquet: timestamps as the stored integer (its default, a Date, holds
// ms only), JSON as its bytes (its default parses them: the text is gone)
const hyparquetParsers = {
  timestampFromMilliseconds: (v) => v,
  timestampFromMicroseconds: (v) => v,
  timestampFromNanoseconds: (v) => v,
  jsonFromBytes: (v) => v,
};

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const names = readdirSync(dir).filter((n) => n.endsWith('.parquet')).sort();
for (const f of names) {
  const path = join(dir, f);
  const name = f.replace('.parquet', '');
  const expect = JSON.parse(readFileSync(join(dir, name + '.json'), 'utf8'));
  const buf = readFileSync(path);
  try {
    const rows = (await con.runAndReadAll(`SELECT * FROM read_parquet('${path}')`)).getRows();
    compare('duckdb', name, expect, rows);
  } catch (e) {
    if (codecGap('duckdb', expect, e)) notes.add(`duckdb cannot decompress ${expect.codec}`);
    else if (!encodingGap('duckdb', expect, e)) fail(`duckdb ${name}: ${e.message} (${expect.config})`);
  }
  try {
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    compare('hyparquet', name, expect, await parquetReadObjects({ file: ab, utf8: false, parsers: hyparquetParsers }));
  } catch (e) {
    if (codecGap('hyparquet', expect, e)) notes.add(`hyparquet cannot decompress ${expect.codec}`);
    else fail(`hyparquet ${name}: ${e.message} (${expect.config})`);
  }
  try { // arrow-rs compiled to WebAssembly, rows through Arrow JS
    const table = tableFromIPC(readParquet(new Uint8Array(buf)).intoIPCStream());
    const meta = [];
    const cols = expect.columns.map((c, i) => {
      const v = table.getChild(c.name);
      if (!v) return v;
      if (v.type.typeId === Type.Timestamp) { // its get() gives ms as a float: read the Int64 beneath
        meta[i] = { unit: ['s', 'ms', 'us', 'ns'][v.type.unit] };
        return new Vector(v.data.map((d) => d.clone(new Int64())));
      }
      if (v.type.typeId === Type.Decimal) meta[i] = { scale: v.type.scale };
      return v;
    });
    const rows = [];
    for (let r = 0; r < table.numRows; r++) rows.push(cols.map((v) => (v ? v.get(r) : undefined)));
    if (cols.some((v) => !v)) fail(`arrow ${name}: no column ${expect.columns.filter((c, i) => !cols[i]).map((c) => c.name).join(', ')}`);
    else compare('arrow', name, expect, rows, meta);
  } catch (e) {
    fail(`arrow ${name}: ${e.message} (${expect.config})`);
  }
  try {
    const df = pl.readParquet(path);
    const cells = expect.columns.map((c) => df.select(polarsExpr(c)).rows().map((row) => row[0]));
    const meta = expect.columns.map((c) => (c.logical?.kind === 'timestamp' ? { unit: df.getColumn(c.name).dtype.timeUnit } : {}));
    compare('polars', name, expect, Array.from({ length: df.height }, (_, r) => cells.map((col) => col[r])), meta);
  } catch (e) {
    if (!encodingGap('polars', expect, e)) fail(`polars ${name}: ${e.message} (${expect.config})`);
  }
}
for (const n of notes) console.log('note: ' + n);
if (names.length === 0) fail(`no .parquet files in ${dir}`);
console.log(`sweep-interop: ${names.length} files; read whole: ${Object.entries(files).map(([r, n]) => `${r} ${n}`).join(', ')}; ` +
  `values compared: ${Object.entries(compared).map(([r, n]) => `${r} ${n}`).join(', ')}; ${failures} failures`);
process.exit(failures ? 1 : 0);
