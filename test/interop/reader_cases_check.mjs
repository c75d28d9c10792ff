// Issue 28: valid files other writers produce, each built here byte by
// byte (Thrift Compact by hand, from the spec) to hold exactly one case,
// then `ppq cat` (and `ppq inspect`) against DuckDB's reading of the same
// file (arrow-rs, parquet-wasm, where DuckDB cannot), value for value:
//   rle_bool_v1      BOOLEAN values RLE in a v1 page (4-byte length first)
//   rle_bool_v2      the same in a v2 page (GZIP), with repetition levels a
//                    writer stored for a column whose maximum is 0 (parquet-mr)
//   dict_offset_zero dictionary_page_offset 0 (the dictionary page found by
//                    its header), and one pointing at the data page offset
//   dict_data_zero   data_page_offset 0 beside a dictionary (Arrow C++, an
//                    empty chunk)
//   v2_empty_values  a v2 SNAPPY page of one null: 0 bytes of values
//   column_kv        ColumnMetaData.key_value_metadata with a key without value
//   int96            INT96 timestamps from year 1 to 9999 (past the int64
//                    nanosecond range)
//   float16          FLOAT16 values (normal, subnormal, zero, infinities, NaN)
//   encrypted_column a plaintext footer with an encrypted column: refused as
//                    "unsupported feature: encrypted columns"
// usage: node reader_cases_check.mjs OUTDIR PPQ
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { readParquet } from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';

const [dir, ppq] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
let failures = 0, values = 0;
const fail = (m) => { failures++; console.log('FAIL ' + m); };

// ---- Thrift Compact, by the spec (thrift-facts.md) ----
class W {
  constructor() { this.b = []; this.last = [0]; }
  uv(n) { n = BigInt(n); while (n >= 0x80n) { this.b.push(Number(n & 0x7fn) | 0x80); n >>= 7n; } this.b.push(Number(n)); }
  zz(n) { n = BigInt(n); this.uv(n >= 0n ? n << 1n : ((-n) << 1n) - 1n); }
  fh(id, t) {
    const d = id - this.last[this.last.length - 1];
    if (d > 0 && d <= 15) this.b.push((d << 4) | t); else { this.b.push(t); this.zz(id); }
    this.last[this.last.length - 1] = id;
  }
  i32(id, v) { this.fh(id, 5); this.zz(v); return this; }
  i64(id, v) { this.fh(id, 6); this.zz(v); return this; }
  bin(id, bytes) { this.fh(id, 8); this.uv(bytes.length); this.b.push(...bytes); return this; }
  str(id, s) { return this.bin(id, [...Buffer.from(s)]); }
  bool(id, v) { this.fh(id, v ? 1 : 2); return this; }
  struct(id, fn) { this.fh(id, 12); this.last.push(0); fn(this); this.b.push(0); this.last.pop(); return this; }
  // a list of element type et (5 i32, 8 binary, 12 struct) written by fn(w, item)
  list(id, et, items, fn) {
    this.fh(id, 9);
    if (items.length < 15) this.b.push((items.length << 4) | et); else { this.b.push(0xf0 | et); this.uv(items.length); }
    for (const it of items) {
      if (et === 12) { this.last.push(0); fn(this, it); this.b.push(0); this.last.pop(); }
      else if (et === 5) this.zz(it);
      else if (et === 8) { const by = [...Buffer.from(it)]; this.uv(by.length); this.b.push(...by); }
    }
    return this;
  }
  end() { this.b.push(0); return Buffer.from(this.b); }
}
const le32 = (n) => { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; };
// RLE/bit-packed hybrid of bit width 1: one bit-packed run of all the bits
function rleBits(bits) {
  const groups = Math.ceil(bits.length / 8);
  const out = [(groups << 1) | 1];
  for (let g = 0; g < groups; g++) {
    let byte = 0;
    for (let i = 0; i < 8; i++) byte |= (bits[g * 8 + i] ? 1 : 0) << i;
    out.push(byte);
  }
  return Buffer.from(out);
}
// a run of n copies of v (bit width <= 8)
const rleRun = (n, v, width) => { const w = new W(); w.uv(n << 1); if (width > 0) w.b.push(v); return Buffer.from(w.b); };
// Snappy: a literal block (the format's uncompressed element)
function snappyLiteral(bytes) {
  const w = new W(); w.uv(bytes.length);
  if (bytes.length === 0) return Buffer.from(w.b);
  if (bytes.length <= 60) w.b.push((bytes.length - 1) << 2); else { w.b.push(60 << 2, bytes.length - 1); }
  return Buffer.concat([Buffer.from(w.b), bytes]);
}

// PageHeader: kind 'v1' | 'v2' | 'dict'
function pageHeader(p) {
  const w = new W();
  w.i32(1, { v1: 0, dict: 2, v2: 3 }[p.kind]).i32(2, p.raw).i32(3, p.size);
  if (p.kind === 'v1') w.struct(5, (s) => s.i32(1, p.values).i32(2, p.enc).i32(3, 3).i32(4, 3));
  if (p.kind === 'dict') w.struct(7, (s) => s.i32(1, p.values).i32(2, 0));
  if (p.kind === 'v2') {
    w.struct(8, (s) => {
      s.i32(1, p.values).i32(2, p.nulls).i32(3, p.rows).i32(4, p.enc).i32(5, p.defLen).i32(6, p.repLen);
      if (p.compressed === false) s.bool(7, false);
    });
  }
  return w.end();
}
// A one-column file: col {name, type, rep (0/1), typeLength, logical(w), codec, encodings,
// kv, crypto, dictOffset(pos) / dataOffset(pos): offsets from the pages' positions},
// pages [{hdr, body, dict?}], rows
function buildFile(col, pages, rows) {
  const parts = [Buffer.from('PAR1')];
  let pos = 4, dictPos = -1, dataPos = -1, raw = 0, size = 0;
  for (const p of pages) {
    const h = pageHeader(p);
    if (p.kind === 'dict' && dictPos < 0) dictPos = pos;
    if (p.kind !== 'dict' && dataPos < 0) dataPos = pos;
    parts.push(h, p.body);
    pos += h.length + p.body.length;
    size += h.length + p.body.length;
    raw += h.length + p.raw;
  }
  const dataOffset = col.dataOffset ? col.dataOffset(dataPos, dictPos) : dataPos;
  const dictOffset = col.dictOffset ? col.dictOffset(dataPos, dictPos) : dictPos;
  const f = new W();
  f.i32(1, 1);
  f.list(2, 12, [null, col], (w, e) => {
    if (e === null) { w.str(4, 'schema').i32(5, 1); return; }
    w.i32(1, e.type);
    if (e.typeLength) w.i32(2, e.typeLength);
    w.i32(3, e.rep).str(4, e.name);
    if (e.logical) w.struct(10, e.logical);
  });
  f.i64(3, rows);
  f.list(4, 12, [0], (w) => {
    w.list(1, 12, [0], (c) => {
      c.i64(2, 4);
      c.struct(3, (m) => {
        m.i32(1, col.type).list(2, 5, col.encodings, null).list(3, 8, [col.name], null).i32(4, col.codec)
          .i64(5, pages.filter((p) => p.kind !== 'dict').reduce((a, p) => a + p.values, 0)).i64(6, raw).i64(7, size);
        if (col.kv) {
          m.list(8, 12, col.kv, (k, kv) => { k.str(1, kv[0]); if (kv[1] !== undefined) k.str(2, kv[1]); });
        }
        m.i64(9, dataOffset);
        if (dictOffset >= 0) m.i64(11, dictOffset);
      });
      if (col.crypto) c.struct(8, (cm) => cm.struct(1, () => {})); // ENCRYPTION_WITH_FOOTER_KEY
    });
    w.i64(2, raw).i64(3, rows);
  });
  const footer = f.end();
  parts.push(footer, le32(footer.length), Buffer.from('PAR1'));
  return Buffer.concat(parts);
}

const run = (args) => spawnSync(ppq, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
async function duck(sql) {
  return (await con.runAndReadAll(sql)).getRows();
}
// ppq cat's JSON rows, column x, against `want` (one per row; null for null)
function compare(name, got, want, same = (g, w) => g === w) {
  if (got.length !== want.length) { fail(`${name}: ${got.length} rows, reference ${want.length}`); return; }
  for (let i = 0; i < want.length; i++) {
    values++;
    if (!same(got[i], want[i])) { fail(`${name} row ${i}: ppq ${JSON.stringify(got[i])}, reference ${JSON.stringify(want[i])}`); return; }
  }
  console.log(`reader_cases: ${name}: ${want.length} values as the reference reads them`);
}
function cat(path, extra = []) {
  const r = run(['cat', path, ...extra]);
  if (r.status !== 0) { fail(`${path}: ppq cat: ${r.stderr.trim()}`); return null; }
  return r.stdout.trim().split('\n').filter((l) => l).map((l) => JSON.parse(l).x);
}
async function checkWithDuck(name, buf, sqlExpr = 'x') {
  const path = join(dir, name + '.parquet');
  writeFileSync(path, buf);
  const got = cat(path);
  if (got === null) return;
  const want = (await duck(`SELECT ${sqlExpr} FROM read_parquet('${path}')`)).map((r) => r[0]);
  compare(name, got, want.map((v) => (v === null ? null : typeof v === 'object' ? String(v) : v)));
}

// ---- BOOLEAN values RLE ----
const N = 300;
const bools = Array.from({ length: N }, (_, i) => (i % 7 === 3 ? null : i % 3 === 0 || i % 11 === 1));
const present = bools.filter((b) => b !== null);
const defs = bools.map((b) => (b === null ? 0 : 1));
{ // v1: definition levels and values each with a 4-byte length first
  const d = rleBits(defs), v = rleBits(present);
  const body = Buffer.concat([le32(d.length), d, le32(v.length), v]);
  const buf = buildFile({ name: 'x', type: 0, rep: 1, codec: 0, encodings: [3] },
    [{ kind: 'v1', values: N, enc: 3, raw: body.length, size: body.length, body }], N);
  await checkWithDuck('rle_bool_v1', buf);
}
{ // v2: repetition levels stored for a maximum of 0 (a run of N zeros, width 0), definition
  // levels, then the values (a length first, as in v1) compressed with GZIP
  const rep = rleRun(N, 0, 0), d = rleBits(defs), v = rleBits(present);
  const vals = Buffer.concat([le32(v.length), v]), z = zlib.gzipSync(vals);
  const body = Buffer.concat([rep, d, z]);
  const buf = buildFile({ name: 'x', type: 0, rep: 1, codec: 2, encodings: [3] },
    [{ kind: 'v2', values: N, nulls: N - present.length, rows: N, enc: 3, defLen: d.length, repLen: rep.length,
      raw: rep.length + d.length + vals.length, size: body.length, body }], N);
  await checkWithDuck('rle_bool_v2', buf);
}

// ---- dictionary page offsets ----
const dictVals = [10, -20, 300000, 7];
const idx = Array.from({ length: 40 }, (_, i) => (i * 3) % 4);
function dictPages() {
  const dict = Buffer.alloc(16);
  dictVals.forEach((v, i) => dict.writeInt32LE(v, 4 * i));
  // indices: bit width 2, one bit-packed run of 5 groups
  const packed = [(5 << 1) | 1];
  for (let g = 0; g < 5; g++) {
    let word = 0;
    for (let i = 0; i < 8; i++) word |= idx[g * 8 + i] << (2 * i);
    packed.push(word & 255, (word >> 8) & 255);
  }
  const data = Buffer.concat([Buffer.from([2]), Buffer.from(packed)]);
  return [{ kind: 'dict', values: 4, raw: 16, size: 16, body: dict },
    { kind: 'v1', values: 40, enc: 8, raw: data.length, size: data.length, body: data }];
}
const i32col = (over) => ({ name: 'x', type: 1, rep: 0, codec: 0, encodings: [0, 8], ...over });
await checkWithDuck('dict_offset_zero', buildFile(i32col({ dictOffset: () => 0, dataOffset: (data, dict) => dict }),
  dictPages(), 40));
await checkWithDuck('dict_offset_at_data', buildFile(i32col({ dictOffset: (data, dict) => dict,
  dataOffset: (data, dict) => dict }), dictPages(), 40));
{ // Arrow C++'s empty chunk: data_page_offset 0, the dictionary page alone
  const path = join(dir, 'dict_data_zero.parquet');
  const dict = Buffer.alloc(0);
  writeFileSync(path, buildFile(i32col({ dataOffset: () => 0 }),
    [{ kind: 'dict', values: 0, raw: 0, size: 0, body: dict }], 0));
  const got = cat(path);
  const arrow = tableFromIPC(readParquet(new Uint8Array(readFileSync(path))).intoIPCStream());
  if (got !== null) compare('dict_data_zero (arrow-rs)', got, Array.from({ length: arrow.numRows }, () => null));
}

// ---- a v2 page of one null, SNAPPY: no value bytes ----
{
  const d = rleRun(1, 0, 1);
  const buf = buildFile({ name: 'x', type: 1, rep: 1, codec: 1, encodings: [0, 3] },
    [{ kind: 'v2', values: 1, nulls: 1, rows: 1, enc: 0, defLen: d.length, repLen: 0, raw: d.length, size: d.length,
      body: d }], 1);
  const path = join(dir, 'v2_empty_values.parquet');
  writeFileSync(path, buf);
  const got = cat(path);
  let want;
  try {
    want = (await duck(`SELECT x FROM read_parquet('${path}')`)).map((r) => r[0]);
  } catch (e) { // DuckDB cannot: arrow-rs
    console.log(`note: DuckDB: ${e.message.split('\n')[0]}; arrow-rs instead`);
    const t = tableFromIPC(readParquet(new Uint8Array(readFileSync(path))).intoIPCStream());
    want = t.getChild('x').toArray ? [...t.getChild('x')].map((v) => (v === undefined ? null : v)) : [];
  }
  if (got !== null) compare('v2_empty_values', got, want);
  // and with a value: the page SNAPPY-compressed as usual beside it
  const d2 = rleBits([0, 1]), v = Buffer.alloc(4);
  v.writeInt32LE(-5);
  const z = snappyLiteral(v);
  const body = Buffer.concat([d2, z]);
  const buf2 = buildFile({ name: 'x', type: 1, rep: 1, codec: 1, encodings: [0, 3] },
    [{ kind: 'v2', values: 1, nulls: 1, rows: 1, enc: 0, defLen: d.length, repLen: 0, raw: d.length, size: d.length,
      body: d },
    { kind: 'v2', values: 2, nulls: 1, rows: 2, enc: 0, defLen: d2.length, repLen: 0, raw: d2.length + 4,
      size: body.length, body }], 3);
  await checkWithDuck('v2_empty_then_snappy', buf2);
}

// ---- column key-value metadata, a key without a value ----
{
  const v = Buffer.alloc(8);
  v.writeInt32LE(1); v.writeInt32LE(2, 4);
  const buf = buildFile(i32col({ encodings: [0], kv: [['foo', 'bar'], ['keyonly']] }),
    [{ kind: 'v1', values: 2, enc: 0, raw: 8, size: 8, body: v }], 2);
  await checkWithDuck('column_kv', buf);
  const path = join(dir, 'column_kv.parquet');
  const ins = run(['inspect', path]);
  const lines = ins.stdout.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('key-value'));
  let ref = [];
  try {
    ref = (await duck(`SELECT key_value_metadata::VARCHAR FROM parquet_metadata('${path}')`)).map((r) => r[0]);
  } catch (e) { ref = [`(DuckDB: ${e.message.split('\n')[0]})`]; }
  if (ins.status !== 0 || lines.join('|') !== 'key-value: foo = bar|key-value: keyonly') {
    fail(`column_kv: ppq inspect: ${JSON.stringify(lines)} (status ${ins.status})`);
  } else {
    console.log(`reader_cases: column_kv: ppq inspect ${JSON.stringify(lines)}; DuckDB's parquet_metadata ${ref.join(' ')}`);
  }
}

// ---- INT96 ----
{
  // [julian day, nanoseconds of the day]
  const jd = (y, m, d) => { // civil date to Julian day number
    const a = Math.floor((14 - m) / 12), yy = y + 4800 - a, mm = m + 12 * a - 3;
    return d + Math.floor((153 * mm + 2) / 5) + 365 * yy + Math.floor(yy / 4) - Math.floor(yy / 100) + Math.floor(yy / 400) - 32045;
  };
  const vals = [[jd(9999, 12, 31), 86399999999000n], [jd(1, 1, 1), 0n], [jd(1500, 6, 15), 3723000001000n],
    [jd(1677, 9, 21), 0n], [jd(2262, 4, 12), 86399000000000n], [jd(2262, 4, 13), 1000n], [jd(1970, 1, 1), 1000n],
    [jd(2024, 2, 29), 45296789012000n], null];
  const present = vals.filter((v) => v !== null);
  const body = [];
  const d = rleBits(vals.map((v) => (v === null ? 0 : 1)));
  body.push(le32(d.length), d);
  for (const [day, ns] of present) {
    const b = Buffer.alloc(12);
    b.writeBigInt64LE(ns); b.writeUInt32LE(day, 8);
    body.push(b);
  }
  const all = Buffer.concat(body);
  const buf = buildFile({ name: 'x', type: 3, rep: 1, codec: 0, encodings: [0, 3] },
    [{ kind: 'v1', values: vals.length, enc: 0, raw: all.length, size: all.length, body: all }], vals.length);
  const path = join(dir, 'int96.parquet');
  writeFileSync(path, buf);
  const got = cat(path);
  const want = (await duck(`SELECT strftime(x, '%Y-%m-%dT%H:%M:%S.%f') FROM read_parquet('${path}')`)).map((r) => r[0]);
  // ppq: nanoseconds; DuckDB: microseconds (these values have none below)
  if (got !== null) compare('int96', got, want, (g, w) => (g === null ? w === null : g === w + '000'));
}

// ---- FLOAT16 ----
{
  const halves = [0x3c00, 0xc000, 0x2e66, 0x7bff, 0x0001, 0x03ff, 0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x3555, null];
  const present = halves.filter((h) => h !== null);
  const d = rleBits(halves.map((h) => (h === null ? 0 : 1)));
  const v = Buffer.alloc(2 * present.length);
  present.forEach((h, i) => v.writeUInt16LE(h, 2 * i));
  const all = Buffer.concat([le32(d.length), d, v]);
  const buf = buildFile({ name: 'x', type: 7, typeLength: 2, rep: 1, codec: 0, encodings: [0, 3],
    logical: (l) => l.struct(15, () => {}) },
  [{ kind: 'v1', values: halves.length, enc: 0, raw: all.length, size: all.length, body: all }], halves.length);
  const path = join(dir, 'float16.parquet');
  writeFileSync(path, buf);
  const got = cat(path);
  const want = (await duck(`SELECT x::DOUBLE FROM read_parquet('${path}')`)).map((r) => r[0]);
  const num = (g) => (g === 'NaN' ? NaN : g === 'Infinity' ? Infinity : g === '-Infinity' ? -Infinity : g);
  if (got !== null) compare('float16', got, want, (g, w) => (g === null ? w === null : Object.is(Math.fround(num(g)), Math.fround(w))));
}

// ---- an encrypted column in a plaintext footer ----
{
  const v = Buffer.alloc(4);
  const path = join(dir, 'encrypted_column.parquet');
  writeFileSync(path, buildFile(i32col({ encodings: [0], crypto: true }),
    [{ kind: 'v1', values: 1, enc: 0, raw: 4, size: 4, body: v }], 1));
  for (const cmd of ['cat', 'inspect']) {
    const r = run([cmd, path]);
    if (r.status !== 1 || !/unsupported feature: encrypted columns/.test(r.stderr)) {
      fail(`encrypted_column: ppq ${cmd}: status ${r.status}, ${r.stderr.trim()}`);
    } else {
      console.log(`reader_cases: encrypted_column: ppq ${cmd}: ${r.stderr.trim()}`);
    }
  }
}

console.log(`reader_cases: ${values} values, ${failures} failures`);
process.exit(failures ? 1 : 0);
