// Reads every file gen_files wrote with four independent Parquet readers
// (DuckDB, arrow-rs via parquet-wasm, hyparquet, nodejs-polars) and compares
// each value with what the writer was given (the .json file).
// usage: node read_check.mjs DIR
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetReadObjects } from 'hyparquet';
import { readParquet } from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';
import pl from 'nodejs-polars';

const dir = process.argv[2];
let failures = 0, checks = 0;
const notes = [];

function hex(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return Buffer.from(v, 'latin1').toString('hex');
  if (v.bytes) return Buffer.from(v.bytes).toString('hex');     // DuckDB blob value
  return Buffer.from(v).toString('hex');
}

function same(type, want, got) {
  if (want === null) return got === null || got === undefined;
  if (got === null || got === undefined) return false;
  switch (type) {
    case 0: return want === got;
    case 1: return String(Number(got)) === want;
    case 2: return String(BigInt(got)) === want;
    case 4: case 5: {
      const w = want === 'NaN' ? NaN : want === 'Infinity' ? Infinity : want === '-Infinity' ? -Infinity : want;
      const g = Number(got);
      return Object.is(type === 4 ? Math.fround(w) : w, g) || (Number.isNaN(w) && Number.isNaN(g));
    }
    default: return hex(got) === want;
  }
}

// unreadable: column index -> the reader's own error for a column type it
// cannot deliver (recorded as a note, those values not compared)
function compare(reader, file, expect, rows, unreadable = {}) {
  if (rows.length !== expect.rows.length) {
    failures++;
    console.log(`FAIL ${reader} ${file}: ${rows.length} rows, expected ${expect.rows.length}`);
    return;
  }
  expect.columns.forEach((col, c) => {
    if (c in unreadable) {
      notes.push(`${reader} ${file}.${col.name}: the reader cannot deliver this column: ${unreadable[c]}`);
      return;
    }
    if (col.type === 3 && reader !== 'hyparquet') { // INT96 becomes a timestamp there
      notes.push(`${reader} ${file}.${col.name}: INT96 is read as TIMESTAMP, bytes not compared`);
      return;
    }
    for (let r = 0; r < rows.length; r++) {
      checks++;
      const got = Array.isArray(rows[r]) ? rows[r][c] : rows[r][col.name];
      if (col.type === 3 && got instanceof Date) {
        notes.push(`${reader} ${file}.${col.name}: INT96 is read as a Date, bytes not compared`);
        return;
      }
      if (!same(col.type, expect.rows[r][c], got)) {
        failures++;
        console.log(`FAIL ${reader} ${file}.${col.name} row ${r}: expected ${expect.rows[r][c]}, got ${got}`);
        return;
      }
    }
  });
}

// DuckDB's parquet_metadata(): per column, the row groups' null counts must
// add up to the nulls written, and their min/max must bound exactly the
// non-NaN values written (booleans and numbers; these files have no
// logical types, so integers order signed).
const num = (type, s) => (type === 1 || type === 2 ? BigInt(s) : type === 0 ? (s === 'true' ? 1 : 0) : Number(s));
async function checkStats(con, path, name, expect) {
  const res = await con.runAndReadAll(
    `SELECT path_in_schema, stats_min_value, stats_max_value, stats_null_count FROM parquet_metadata('${path}')`);
  const meta = res.getRows();
  expect.columns.forEach((col, c) => {
    const mine = meta.filter((m) => String(m[0]) === col.name);
    let nulls = 0n;
    for (const m of mine) nulls += BigInt(m[3] ?? 0);
    const values = expect.rows.map((r) => r[c]).filter((v) => v !== null);
    checks++;
    if (Number(nulls) !== expect.rows.length - values.length) {
      failures++;
      console.log(`FAIL duckdb-stats ${name}.${col.name}: null_count ${nulls}, expected ${expect.rows.length - values.length}`);
    }
    if (col.type === 3 || col.type > 5) return; // INT96 has no order; bytes: values checked above
    const xs = values.map((v) => (col.type === 0 ? (v ? 1 : 0) : num(col.type, v)))
      .filter((x) => !(typeof x === 'number' && Number.isNaN(x)))
      .map((x) => (col.type === 4 ? Math.fround(x) : x));
    if (xs.length === 0) return;
    const want = [xs.reduce((a, b) => (b < a ? b : a)), xs.reduce((a, b) => (b > a ? b : a))];
    [1, 2].forEach((k, i) => {
      const got = mine.map((m) => m[k]).filter((v) => v !== null && v !== undefined).map((v) => num(col.type, String(v)));
      checks++;
      if (got.length === 0 && typeof want[i] === 'number' && !Number.isFinite(want[i])) {
        notes.push(`duckdb-stats ${name}.${col.name}: DuckDB shows no ${i ? 'max' : 'min'} for an infinite bound`);
        return;
      }
      const have = got.length === 0 ? undefined : got.reduce((a, b) => (i ? (b > a ? b : a) : (b < a ? b : a)));
      const h = col.type === 4 && have !== undefined ? Math.fround(have) : have;
      if (h === undefined || h != want[i]) { // eslint-disable-line eqeqeq -- -0.0 == 0.0
        failures++;
        console.log(`FAIL duckdb-stats ${name}.${col.name}: ${i ? 'max' : 'min'} ${have}, expected ${want[i]}`);
      }
    });
  });
}

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
for (const f of readdirSync(dir).filter((n) => n.endsWith('.parquet')).sort()) {
  const path = join(dir, f);
  const name = f.replace('.parquet', '');
  const expect = JSON.parse(readFileSync(join(dir, name + '.json'), 'utf8'));
  try {
    const res = await con.runAndReadAll(`SELECT * FROM read_parquet('${path}')`);
    compare('duckdb', name, expect, res.getRows());
    await checkStats(con, path, name, expect);
  } catch (e) {
    failures++;
    console.log(`FAIL duckdb ${name}: ${e.message}`);
  }
  try {
    const buf = readFileSync(path);
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    const rows = await parquetReadObjects({ file: ab, utf8: false });
    compare('hyparquet', name, expect, rows);
  } catch (e) {
    failures++;
    console.log(`FAIL hyparquet ${name}: ${e.message}`);
  }
  try { // arrow-rs compiled to WebAssembly, rows through Arrow JS
    const table = tableFromIPC(readParquet(new Uint8Array(readFileSync(path))).intoIPCStream());
    const cols = expect.columns.map((c) => table.getChild(c.name));
    const rows = [];
    for (let r = 0; r < table.numRows; r++) rows.push(cols.map((v) => (v ? v.get(r) : undefined)));
    compare('arrow', name, expect, rows);
  } catch (e) {
    failures++;
    console.log(`FAIL arrow ${name}: ${e.message}`);
  }
  try {
    // column by column: nodejs-polars cannot hand Binary cells to JS, and
    // its Rust reader lacks some encodings (the file is then read a column
    // at a time, and what it cannot decode is recorded with its error)
    const unreadable = {};
    let whole = null;
    try {
      whole = pl.readParquet(path);
    } catch (e) {
      if (!/not yet supported/i.test(String(e.message))) throw e;
    }
    const cells = expect.columns.map((c, i) => {
      try {
        const df = whole ?? pl.readParquet(path, { columns: [c.name] });
        // INT64 (timestamps too) as decimal text: JS numbers would round
        const e = c.type === 2 ? pl.col(c.name).cast(pl.Int64).cast(pl.Utf8) : pl.col(c.name);
        return df.select(e).rows().map((row) => row[0]);
      } catch (e) {
        if (!/Binary|not yet supported/i.test(String(e.message))) throw e;
        unreadable[i] = String(e.message).split('\n')[0];
        return [];
      }
    });
    const height = whole ? whole.height : expect.rows.length;
    compare('polars', name, expect, Array.from({ length: height }, (_, r) => cells.map((col) => col[r])), unreadable);
  } catch (e) {
    failures++;
    console.log(`FAIL polars ${name}: ${e.message}`);
  }
}
for (const n of [...new Set(notes)]) console.log('note: ' + n);
console.log(`interop: ${checks} values checked, ${failures} failures`);
process.exit(failures ? 1 : 0);
