// Reads the nested files gen_nested wrote (picoparquet's writer: LIST, MAP,
// STRUCT, three levels deep) with four independent Parquet readers (DuckDB,
// arrow-rs via parquet-wasm, hyparquet, nodejs-polars) and compares every
// record with the value computed here from the generator's rules (the rules
// in gen_nested.c's header, written out again below: nothing is read from
// the generator but the .parquet files).  DuckDB's parquet_metadata() must
// also give each leaf its full path_in_schema.
// usage: node nested_check.mjs DIR
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetReadObjects } from 'hyparquet';
import { readParquet } from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';
import pl from 'nodejs-polars';

const dir = process.argv[2];
const RECORDS = 240;
const range = (n, f) => Array.from({ length: n }, (_, i) => f(i));
const f32 = Math.fround;

// ---- the expected records (gen_nested.c's rules) ------------------------------
const burst = (r) => ({
  ts: r * 1000,
  burst: r % 10 === 3 ? null : r % 10 === 7 ? [] :
    range((r * 397) % 2001, (i) => ((r + i) % 13 === 0 ? null : f32((r * 7 + i) / 4))),
});
const files = {
  nested_burst: { rule: burst, maps: [], paths: ['ts', 'burst.list.element'] },
  nested_burst_v2: { rule: burst, maps: [], paths: ['ts', 'burst.list.element'] },
  nested_struct: {
    rule: (r) => ({
      id: r,
      s: r % 5 === 4 ? null : { a: range(r % 4, (i) => r * 100 + i), b: r % 3 === 0 ? null : `b${r}` },
    }),
    maps: [],
    paths: ['id', 's.a.list.element', 's.b'],
  },
  nested_list_struct: {
    rule: (r) => ({
      ls: r % 6 === 5 ? null : range(r % 5, (i) => ((r + i) % 7 === 3 ? null
        : { id: r * 10 + i, value: i % 3 === 2 ? null : (r + i) / 4 })),
    }),
    maps: [],
    paths: ['ls.list.element.id', 'ls.list.element.value'],
  },
  nested_maps: {
    rule: (r) => ({
      m1: r % 7 === 6 ? null : range(r % 4, (i) => [`k${i}`, (r + i) % 5 === 0 ? null : f32((r * i) / 2)]),
      m2: range(r % 3, (i) => [String(r * 10 + i), i === 1 && r % 2 === 1 ? null : `v${r}_${i}`]),
    }),
    maps: ['m1', 'm2'],
    paths: ['m1.key_value.key', 'm1.key_value.value', 'm2.key_value.key', 'm2.key_value.value'],
  },
  nested_maps_recoverable: null, // (filled below: nested_maps' rules)
  nested_maps_recovered: null,
  nested_deep: {
    rule: (r) => ({
      d: r % 9 === 8 ? null : range(r % 3, (j) => ((r + j) % 4 === 3 ? null
        : range((r + j) % 3, (k) => ((r + j + k) % 5 === 4 ? null
          : range((r + j + k) % 4, (m) => ((r + j + k + m) % 6 === 5 ? null : r * 1000 + j * 100 + k * 10 + m)))))),
    }),
    maps: [],
    paths: ['d.list.element.list.element.list.element'],
  },
};

files.nested_maps_recoverable = files.nested_maps;
// recovered: the records of the row groups kept (a multiple of 30, fewer than all)
files.nested_maps_recovered = { ...files.nested_maps, prefix: true };
// written record by record (the record API, the setters): the same rules
files.nested_maps_record = files.nested_maps;
files.nested_deep_record = files.nested_deep;
files.nested_list_struct_setters = files.nested_list_struct;

// ---- each reader's records in one form --------------------------------------------
// Plain JSON, the record's fields in the schema's order (hyparquet leaves a
// null top-level field out, and orders them its own way), a struct's fields
// sorted; BigInt as numbers (every integer here is below 2^53), and
// DuckDB's JSON form gives BIGINT as decimal text (no value here is text of
// digits alone: taken as the number).  A MAP as [key text, value] pairs in
// order, whether a reader gives an object (hyparquet, arrow) or a list of
// {key, value} (DuckDB, polars).  polars' records give a null struct as one
// of nulls (nodejs-polars toRecords has no struct validity): for polars an
// element of nested_list_struct whose fields are all null is taken as null
// (its `id` is REQUIRED: no element that is there has it null).
const plain = (v) => JSON.parse(JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? Number(x)
  : typeof x === 'string' && /^-?[0-9]+$/.test(x) ? Number(x) : x)));
function mapPairs(v) {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map((e) => (Array.isArray(e) ? [String(e[0]), e[1]] : [String(e.key), e.value]));
  return Object.entries(v);
}
function sorted(v, allNullIsNull) {
  if (Array.isArray(v)) return v.map((x) => sorted(x, allNullIsNull));
  if (v === null || typeof v !== 'object') return v;
  const keys = Object.keys(v).sort();
  if (allNullIsNull && keys.length > 0 && keys.every((k) => v[k] === null)) return null;
  return Object.fromEntries(keys.map((k) => [k, sorted(v[k], allNullIsNull)]));
}
function canon(rec, fields, maps, allNullIsNull) {
  const p = plain(rec), out = {};
  for (const f of fields) {
    const v = p[f] === undefined ? null : p[f];
    out[f] = maps.includes(f) ? mapPairs(v) : sorted(v, allNullIsNull);
  }
  return out;
}

const readers = {
  async duckdb(path) {
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    const r = await conn.runAndReadAll(`SELECT * FROM read_parquet('${path}')`);
    return r.getRowObjectsJson();
  },
  async hyparquet(path) {
    const b = readFileSync(path);
    return parquetReadObjects({ file: b.buffer.slice(b.byteOffset, b.byteOffset + b.length) });
  },
  async arrow(path) {
    const t = tableFromIPC(readParquet(new Uint8Array(readFileSync(path))).intoIPCStream());
    return t.toArray().map((row) => row.toJSON());
  },
  async polars(path) {
    return pl.readParquet(path).toRecords();
  },
};

let failures = 0, checks = 0;
const table = {};
for (const [name, spec] of Object.entries(files)) {
  const path = join(dir, `${name}.parquet`);
  const fields = Object.keys(spec.rule(0));
  let records = RECORDS;
  if (spec.prefix) { // as many as DuckDB counts: whole row groups of 30, some but not all
    const db = await DuckDBInstance.create(':memory:');
    const n = Number((await (await db.connect()).runAndReadAll(`SELECT count(*) AS n FROM read_parquet('${path}')`))
      .getRowObjectsJson()[0].n);
    checks++;
    if (!(n > 0 && n < RECORDS && n % 30 === 0)) {
      failures++;
      console.log(`FAIL ${name}: ${n} records kept`);
    }
    records = n;
  }
  const want = range(records, (r) => JSON.stringify(canon(spec.rule(r), fields, spec.maps, false)));
  table[name] = {};
  for (const [reader, read] of Object.entries(readers)) {
    let rows;
    try {
      rows = await read(path);
    } catch (e) {
      failures++;
      table[name][reader] = 'ERROR';
      console.log(`FAIL ${reader} ${name}: ${e.message}`);
      continue;
    }
    let bad = rows.length === records ? 0 : 1;
    if (bad) console.log(`FAIL ${reader} ${name}: ${rows.length} records, want ${records}`);
    for (let r = 0; r < Math.min(rows.length, records); r++) {
      const got = JSON.stringify(canon(rows[r], fields, spec.maps, reader === 'polars' && name.startsWith('nested_list_struct')));
      checks++;
      if (got !== want[r]) {
        if (bad < 3) console.log(`FAIL ${reader} ${name} record ${r}:\n  got  ${got.slice(0, 300)}\n  want ${want[r].slice(0, 300)}`);
        bad++;
      }
    }
    failures += bad > 0;
    table[name][reader] = bad ? `${bad} bad` : 'ok';
  }
  // the leaves' paths, as DuckDB's metadata has them
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const meta = await conn.runAndReadAll(
    `SELECT DISTINCT path_in_schema FROM parquet_metadata('${path}') ORDER BY column_id`);
  const paths = meta.getRowObjectsJson().map((x) => String(x.path_in_schema).replaceAll(', ', '.'));
  checks++;
  if (JSON.stringify(paths) !== JSON.stringify(spec.paths)) {
    failures++;
    console.log(`FAIL paths ${name}: ${JSON.stringify(paths)}, want ${JSON.stringify(spec.paths)}`);
  }
}
console.table(table);
console.log(`nested_check: ${checks} checks, ${failures} failed`);
process.exit(failures ? 1 : 0);
