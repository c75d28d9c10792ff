// Reads the sample of files the configuration sweep wrote (test/sweep/sweep.c,
// `make sweep-interop`) with four independent Parquet readers (DuckDB,
// arrow-rs via parquet-wasm, hyparquet, nodejs-polars) and compares every
// value with the .json beside each file (what the writer was given):
//   {case, config, codec, columns: [{name, type, optional}], rows: [[...]]}
// types as parquet.thrift numbers them; integers as decimal text, floats as
// numbers, byte arrays as hex, booleans as true/false, nulls as null.
// A reader without the file's codec (DuckDB: the deprecated LZ4; hyparquet
// without its compressors package: all but SNAPPY) must say so naming it:
// a note, not a failure.
// usage: node sweep_check.mjs DIR
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetReadObjects } from 'hyparquet';
import { readParquet } from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';
import pl from 'nodejs-polars';

const dir = process.argv[2];
let failures = 0;
const compared = {}; // values compared, by reader
const files = {};    // files read whole, by reader
const notes = new Set();
const fail = (msg) => { failures++; console.log('FAIL ' + msg); };

const codecGaps = { duckdb: ['LZ4'], hyparquet: ['LZ4', 'LZ4_RAW', 'GZIP', 'ZSTD'] };
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

// rows: an array of rows, each an array (by column index) or an object (by name)
function compare(reader, name, expect, rows) {
  if (rows.length !== expect.rows.length) {
    fail(`${reader} ${name}: ${rows.length} rows, expected ${expect.rows.length}`);
    return;
  }
  expect.columns.forEach((col, c) => {
    for (let r = 0; r < rows.length; r++) {
      const got = Array.isArray(rows[r]) ? rows[r][c] : rows[r][col.name];
      compared[reader] = (compared[reader] ?? 0) + 1;
      if (!same(col.type, expect.rows[r][c], got)) {
        const show = (v) => { const s = String(v); return s.length > 80 ? `${s.slice(0, 80)}... (${s.length} chars)` : s; };
        fail(`${reader} ${name}.${col.name} row ${r}: expected ${show(expect.rows[r][c])}, got ${show(got)} (${expect.config})`);
        return;
      }
    }
  });
  files[reader] = (files[reader] ?? 0) + 1;
}

// polars: what to select so each column reaches JS whole
function polarsExpr(col) {
  const c = pl.col(col.name);
  if (col.type === 2) return c.cast(pl.Int64).cast(pl.Utf8); // JS numbers would round
  if (col.type === 6 || col.type === 7) return c.cast(pl.List(pl.UInt8)); // Binary cannot reach JS as is
  return c;
}

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
    else fail(`duckdb ${name}: ${e.message} (${expect.config})`);
  }
  try {
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    compare('hyparquet', name, expect, await parquetReadObjects({ file: ab, utf8: false }));
  } catch (e) {
    if (codecGap('hyparquet', expect, e)) notes.add(`hyparquet cannot decompress ${expect.codec}`);
    else fail(`hyparquet ${name}: ${e.message} (${expect.config})`);
  }
  try { // arrow-rs compiled to WebAssembly, rows through Arrow JS
    const table = tableFromIPC(readParquet(new Uint8Array(buf)).intoIPCStream());
    const cols = expect.columns.map((c) => table.getChild(c.name));
    const rows = [];
    for (let r = 0; r < table.numRows; r++) rows.push(cols.map((v) => (v ? v.get(r) : undefined)));
    compare('arrow', name, expect, rows);
  } catch (e) {
    fail(`arrow ${name}: ${e.message} (${expect.config})`);
  }
  try {
    const df = pl.readParquet(path);
    const cells = expect.columns.map((c) => df.select(polarsExpr(c)).rows().map((row) => row[0]));
    compare('polars', name, expect, Array.from({ length: df.height }, (_, r) => cells.map((col) => col[r])));
  } catch (e) {
    fail(`polars ${name}: ${e.message} (${expect.config})`);
  }
}
for (const n of notes) console.log('note: ' + n);
if (names.length === 0) fail(`no .parquet files in ${dir}`);
console.log(`sweep-interop: ${names.length} files; read whole: ${Object.entries(files).map(([r, n]) => `${r} ${n}`).join(', ')}; ` +
  `values compared: ${Object.entries(compared).map(([r, n]) => `${r} ${n}`).join(', ')}; ${failures} failures`);
process.exit(failures ? 1 : 0);
