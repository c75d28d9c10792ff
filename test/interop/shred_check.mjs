// `ppq write`'s shredder (nested JSON Lines rows to definition and
// repetition levels and dense values, tools/ppq_write_parse.c) against an
// independent writer: DuckDB reads the same rows (read_json with an
// explicit schema matching ours), writes Parquet (COPY TO, small row
// groups), and the project's column reader reads that file's levels and
// values; both must be equal entry for entry (shred_levels.c prints them,
// mapping DuckDB's all-OPTIONAL levels to our schema's).  Shapes: lists of
// 0-2,000 floats, empty and null lists, null elements, structs of lists,
// lists of structs, maps with string and integer keys (given to us as JSON
// objects or as [{"key":..,"value":..}] arrays, as `ppq cat` prints them),
// three levels deep, REQUIRED and OPTIONAL at every level; leaves of many
// types (uuid, timestamps with and without UTC, dates, decimals as INT32 and
// INT64, escaped strings with surrogate pairs).  Then rows that
// are wrong must fail with a message naming the field.
// With PPQ, when its library writes nested schemas (PPQ_WRITER_NESTED):
// `ppq write` of the same rows, whose levels (read back by our reader) must
// be the shredder's, whose rows DuckDB must read as it reads its own file
// (each row's to_json), as must hyparquet, arrow-rs (parquet-wasm) and
// nodejs-polars (each against its own reading of DuckDB's file; n/a where
// a reader cannot read DuckDB's file: polars panics on maps, not tried), and which
// `ppq cat | ppq write` must give again.
// usage: node shred_check.mjs SHRED_LEVELS DIR [PPQ]
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync, openSync, closeSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetReadObjects } from 'hyparquet';
import { readParquet } from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';
import pl from 'nodejs-polars';

// The other readers, each reading ppq write's file against its own reading
// of DuckDB's file of the same rows (the same schema but for REQUIRED).
const json = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? `${x}n` : x));
const others = {
  hyparquet: async (path) => {
    const b = readFileSync(path);
    return parquetReadObjects({ file: b.buffer.slice(b.byteOffset, b.byteOffset + b.length) });
  },
  arrow: async (path) => tableFromIPC(readParquet(new Uint8Array(readFileSync(path))).intoIPCStream()).toArray().map((r) => r.toJSON()),
  polars: async (path) => pl.readParquet(path).toRecords(),
};
const readerTable = {};

const [tool, dir, ppq] = process.argv.slice(2);
let written = 0;
let nestedMissing = false;
let catted = 0;
let seed = 4242;
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const pick = (a) => a[int(0, a.length - 1)];
const pad = (n, w) => String(n).padStart(w, '0');

// Leaves: schema type, DuckDB type, a JSON token maker.
const F = () => String(Math.fround((rnd() - 0.5) * 10 ** int(-3, 6)));
const leaf = {
  float: ['float', 'FLOAT', F],
  double: ['double', 'DOUBLE', () => String((rnd() - 0.5) * 10 ** int(-30, 30))],
  int32: ['int32', 'INTEGER', () => String(int(-2147483648, 2147483647))],
  int64: ['int64', 'BIGINT', () => (BigInt(int(-(2 ** 30), 2 ** 30)) * 8589934592n + BigInt(int(0, 2 ** 30))).toString()],
  int8: ['int8', 'TINYINT', () => String(int(-128, 127))],
  int16: ['int16', 'SMALLINT', () => String(int(-32768, 32767))],
  uint16: ['uint16', 'USMALLINT', () => String(int(0, 65535))],
  boolean: ['boolean', 'BOOLEAN', () => pick(['true', 'false'])],
  string: ['string', 'VARCHAR', () => JSON.stringify(pick(['', 'a', 'x,y', 'q"t', 'é ü ✓', 'tab\there', 'k' + int(0, 999)]))],
  date: ['date', 'DATE', () => `"${int(1950, 2100)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}"`],
  ts: ['timestamp(us)', 'TIMESTAMP', () => `"${int(1970, 2100)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)} ${pad(int(0, 23), 2)}:${pad(int(0, 59), 2)}:${pad(int(0, 59), 2)}.${pad(int(0, 999999), 6)}"`],
  dec: ['decimal(9,2)', 'DECIMAL(9,2)', () => `"${pick(['', '-'])}${int(0, 9999999)}.${pad(int(0, 99), 2)}"`],
  dec18: ['decimal(18,4)', 'DECIMAL(18,4)', () => `"${pick(['', '-'])}${int(0, 9999999)}${pad(int(0, 9999999), 7)}.${pad(int(0, 9999), 4)}"`],
  uuid: ['uuid', 'UUID', () => `"${Array.from({ length: 32 }, () => int(0, 15).toString(16)).join('').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')}"`],
  tsz: ['timestamp(us,utc)', 'TIMESTAMPTZ', () => `"${int(1970, 2100)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}T${pad(int(0, 23), 2)}:${pad(int(0, 59), 2)}:${pad(int(0, 59), 2)}.${pad(int(0, 999), 3)}Z"`],
  uint8: ['uint8', 'UTINYINT', () => String(int(0, 255))],
  escaped: ['string', 'VARCHAR', () => pick(['"\\u00e9t\\u00e9"', '"a\\\\b"', '"\\ud83d\\ude00"', '"line\\nbreak"', '"q\\"x"'])],
};
const L = (name, nullable = false) => ({ k: 'leaf', l: leaf[name], nullable });
const List = (el, nullable = false, max = 6) => ({ k: 'list', el, nullable, max });
const Struct = (fields, nullable = false) => ({ k: 'struct', fields, nullable });
const MapT = (key, val, nullable = false, max = 5) => ({ k: 'map', key, val, nullable, max });

const text = (t) => (t.k === 'leaf' ? t.l[0] : t.k === 'list' ? `list<${text(t.el)}>`
  : t.k === 'struct' ? `struct<${t.fields.map(([n, f]) => `${n}:${text(f)}`).join(', ')}>`
    : `map<${text(t.key)}, ${text(t.val)}>`) + (t.nullable ? '?' : '');
const duck = (t) => (t.k === 'leaf' ? t.l[1] : t.k === 'list' ? `${duck(t.el)}[]`
  : t.k === 'struct' ? `STRUCT(${t.fields.map(([n, f]) => `"${n}" ${duck(f)}`).join(', ')})`
    : `MAP(${duck(t.key)}, ${duck(t.val)})`);

// A value: null, a token, an array, {fields}, or {pairs: [[keytoken, value]]}.
const lengths = (max) => (rnd() < 0.15 ? 0 : max > 100 && rnd() < 0.05 ? max : int(1, max));
function gen(t, depth = 0) {
  if (t.nullable && rnd() < 0.12) return null;
  if (t.k === 'leaf') return t.l[2]();
  if (t.k === 'list') return Array.from({ length: lengths(t.max) }, () => gen(t.el, depth + 1));
  if (t.k === 'struct') return { fields: t.fields.map(([n, f]) => [n, gen(f, depth + 1)]) };
  const keys = new Set();
  const pairs = [];
  for (let i = lengths(t.max); i > 0; i--) {
    const k = gen(t.key, depth + 1);
    if (!keys.has(k)) { keys.add(k); pairs.push([k, gen(t.val, depth + 1)]); }
  }
  return { pairs };
}
// JSON text; `ours`: maps as objects or pair arrays at random, struct
// fields shuffled and null ones left out at times.
function ser(t, v, ours) {
  if (v === null) return 'null';
  if (t.k === 'leaf') return v;
  if (t.k === 'list') return `[${v.map((e) => ser(t.el, e, ours)).join(',')}]`;
  if (t.k === 'struct') {
    let f = v.fields.map(([n, x], i) => [n, x, t.fields[i][1]]);
    if (ours) {
      f = f.filter(([, x, ft]) => !(x === null && ft.nullable && rnd() < 0.5));
      if (rnd() < 0.3) f.reverse();
    }
    return `{${f.map(([n, x, ft]) => `${JSON.stringify(n)}: ${ser(ft, x, ours)}`).join(', ')}}`;
  }
  if (ours && rnd() < 0.5) return `[${v.pairs.map(([k, x]) => `{"value":${ser(t.val, x, ours)},"key":${k}}`).join(',')}]`;
  return `{${v.pairs.map(([k, x]) => `${k[0] === '"' ? k : `"${k}"`}:${ser(t.val, x, ours)}`).join(',')}}`;
}

const cases = [
  ['bursts', 200, [['ts', L('int64')], ['burst', List(L('float'), false, 2000)], ['t', L('float', true)]]],
  ['null_lists', 600, [['a', List(L('float', true), true, 8)], ['b', List(L('double'), true, 40)], ['c', List(L('string', true))]]],
  ['struct_of_lists', 500, [['s', Struct([['x', List(L('int32', true), true)], ['y', List(L('string'), true)], ['n', L('int16')]], true)],
    ['g', Struct([['lat', L('double')], ['lon', L('double')], ['fix', L('boolean', true)]], true)]]],
  ['list_of_structs', 500, [['sensors', List(Struct([['id', L('uint16')], ['value', L('double', true)]]), false, 10)],
    ['l', List(Struct([['id', L('int32', true)], ['v', List(L('float', true), true)]], true), true)]]],
  ['maps', 600, [['tags', MapT(L('string'), L('float', true), true)], ['mi', MapT(L('int32'), L('string', true), true)],
    ['m8', MapT(L('int8'), L('date'), false, 3)], ['ml', MapT(L('string'), List(L('int64', true), true), true)]]],
  ['three_deep', 400, [['d', List(List(List(L('int64', true), true, 4), true, 4), true, 4)],
    ['g', Struct([['a', Struct([['b', List(Struct([['c', List(L('float', true), true)]], true), true)]], true)]], true)],
    ['lm', List(MapT(L('string'), List(L('int32', true), true), true), true, 4)],
    ['req', List(List(Struct([['x', L('ts')], ['y', L('dec', true)]])))]]],
  ['more_types', 500, [['ids', List(L('uuid', true), true)], ['flags', MapT(L('int64'), L('boolean', true), true)],
    ['when', Struct([['t', L('tsz')], ['d', L('date', true)], ['amount', L('dec18', true)]], true)],
    ['small', List(L('uint8', true), true, 30)], ['names', MapT(L('escaped'), List(L('escaped', true), true), true)]]],
];

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run("SET TimeZone='UTC'");
let failures = 0;
let entries = 0;
let rowsTotal = 0;
for (const [name, nrows, fields] of cases) {
  const schema = fields.map(([n, t]) => `${n}:${text(t)}`).join(', ');
  const columns = '{' + fields.map(([n, t]) => `'${n}': '${duck(t).replace(/'/g, "''")}'`).join(', ') + '}';
  const rows = Array.from({ length: nrows }, () => fields.map(([, t]) => gen(t)));
  const line = (row, ours) => {
    let f = row.map((v, i) => [fields[i][0], v, fields[i][1]]);
    if (ours) f = f.filter(([, v, t]) => !(v === null && t.nullable && rnd() < 0.5));
    return `{${f.map(([n, v, t]) => `"${n}":${ser(t, v, ours)}`).join(',')}}`;
  };
  writeFileSync(`${dir}/${name}_duck.jsonl`, rows.map((r) => line(r, false)).join('\n') + '\n');
  writeFileSync(`${dir}/${name}_ours.jsonl`, rows.map((r) => line(r, true)).join('\n') + '\n');
  await con.run(`COPY (SELECT * FROM read_json('${dir}/${name}_duck.jsonl', format='newline_delimited', columns=${columns}, maximum_object_size=67108864))
    TO '${dir}/${name}.parquet' (FORMAT parquet, ROW_GROUP_SIZE 128)`);
  const theirs = execFileSync(tool, ['read', schema, `${dir}/${name}.parquet`], { maxBuffer: 1 << 30 }).toString().split('\n');
  const fd = openSync(`${dir}/${name}_ours.jsonl`, 'r');
  const ours = execFileSync(tool, ['shred', schema], { stdio: [fd, 'pipe', 'inherit'], maxBuffer: 1 << 30 }).toString().split('\n');
  closeSync(fd);
  writeFileSync(`${dir}/${name}_theirs.txt`, theirs.join('\n'));
  writeFileSync(`${dir}/${name}_ours.txt`, ours.join('\n'));
  let bad = ours.length !== theirs.length ? `${ours.length} lines, DuckDB's file ${theirs.length}` : null;
  let leafAt = '';
  for (let i = 0; i < Math.min(ours.length, theirs.length); i++) {
    if (ours[i].startsWith('leaf')) leafAt = ours[i];
    if (ours[i] !== theirs[i]) { bad = `${leafAt}, line ${i + 1}: ours "${ours[i]}", DuckDB's file "${theirs[i]}"`; break; }
  }
  entries += ours.filter((l) => /^\d/.test(l)).length;
  rowsTotal += nrows;
  if (bad) { failures++; console.log(`FAIL ${name} (${schema}): ${bad}`); }
  if (ppq) { // what ppq cat prints of DuckDB's file, shredded: the same levels and values
    const cat = execFileSync(ppq, ['cat', `${dir}/${name}.parquet`], { maxBuffer: 1 << 30 });
    const again = execFileSync(tool, ['shred', schema], { input: cat, maxBuffer: 1 << 30 }).toString().split('\n');
    const i = again.findIndex((l, k) => l !== ours[k]);
    if (i >= 0 || again.length !== ours.length) {
      failures++;
      console.log(`FAIL ppq cat ${name}.parquet, shredded: line ${i + 1}: "${again[i]}", the rows' "${ours[i]}"`);
    }
    catted++;
  }
  if (ppq && !nestedMissing) {
    const out = `${dir}/${name}_ppq.parquet`;
    const opts = cases.findIndex((c) => c[0] === name) % 2 ? ['--page-v2', '--codec', 'snappy', '--row-group-rows', '150'] : [];
    const fd2 = openSync(`${dir}/${name}_ours.jsonl`, 'r');
    const w = spawnSync(ppq, ['write', '--schema', schema, ...opts, out], { stdio: [fd2, 'pipe', 'pipe'] });
    closeSync(fd2);
    if (w.status === 2 && /PPQ_WRITER_NESTED/.test(w.stderr.toString())) {
      nestedMissing = true;
      continue;
    }
    if (w.status !== 0) {
      failures++;
      console.log(`FAIL ppq write ${name}: exit ${w.status}: ${w.stderr.toString().trim()}`);
      continue;
    }
    written++;
    const back = execFileSync(tool, ['read', schema, out], { maxBuffer: 1 << 30 }).toString().split('\n');
    const i = back.findIndex((l, k) => l !== ours[k]);
    if (i >= 0 || back.length !== ours.length) {
      failures++;
      console.log(`FAIL ppq write ${name}: our reader's levels of its file differ from the shredder's at line ${i + 1}: "${back[i]}" vs "${ours[i]}"`);
    }
    const rowsOf = async (f) => (await con.runAndReadAll(`SELECT CAST(to_json(t) AS VARCHAR) FROM read_parquet('${f}') t`)).getRows().map((x) => x[0]);
    const a = await rowsOf(out);
    const b = await rowsOf(`${dir}/${name}.parquet`);
    const j = a.findIndex((x, k) => x !== b[k]);
    if (j >= 0 || a.length !== b.length) {
      failures++;
      console.log(`FAIL DuckDB reading ppq write's ${name}: ${a.length} rows (its own file ${b.length}); row ${j + 1}: ${a[j]} vs ${b[j]}`);
    }
    readerTable[name] = { duckdb: j >= 0 || a.length !== b.length ? 'FAIL' : 'ok' };
    for (const [reader, read] of Object.entries(others)) {
      if (reader === 'polars' && schema.includes('map<')) { // (it panics on DuckDB's files with maps, noisily)
        readerTable[name][reader] = 'n/a (maps)';
        continue;
      }
      let theirsRows;
      try {
        theirsRows = (await read(`${dir}/${name}.parquet`)).map(json);
      } catch (e) {
        readerTable[name][reader] = 'n/a (DuckDB\'s file too)';
        continue;
      }
      let oursRows;
      try {
        oursRows = (await read(out)).map(json);
      } catch (e) {
        failures++;
        readerTable[name][reader] = 'FAIL';
        console.log(`FAIL ${reader} reading ppq write's ${name}: ${e.message} (it reads DuckDB's file)`);
        continue;
      }
      const k = oursRows.findIndex((x, m) => x !== theirsRows[m]);
      if (k >= 0 || oursRows.length !== theirsRows.length) {
        failures++;
        readerTable[name][reader] = 'FAIL';
        console.log(`FAIL ${reader} reading ppq write's ${name}: ${oursRows.length} rows (DuckDB's file ${theirsRows.length}); row ${k + 1}:\n  ${String(oursRows[k]).slice(0, 300)}\n  ${String(theirsRows[k]).slice(0, 300)}`);
      } else {
        readerTable[name][reader] = 'ok';
      }
    }
    const cat1 = execFileSync(ppq, ['cat', out], { maxBuffer: 1 << 30 });
    execFileSync(ppq, ['write', '--schema', schema, `${dir}/${name}_ppq2.parquet`], { input: cat1, maxBuffer: 1 << 30 });
    const cat2 = execFileSync(ppq, ['cat', `${dir}/${name}_ppq2.parquet`], { maxBuffer: 1 << 30 });
    if (!cat1.equals(cat2) || cat1.toString().split('\n').length !== nrows + 1) {
      failures++;
      console.log(`FAIL ppq cat | ppq write ${name}: the second file's rows differ`);
    }
  }
}

// Wrong rows: exit 1 and one line naming the field and what was expected.
const wrong = [
  ['a:list<float>', '{"a":[1,"x"]}', /field "a\[1\]" \(float\): expected a number/],
  ['a:list<float>', '{"a":[1,null]}', /field "a\[1\]" \(float\): expected a value \(not nullable/],
  ['a:list<float>?', '{"a":{"b":1}}', /field "a" \(list\): expected a JSON array/],
  ['s:struct<x:int32, y:int32?>', '{"s":{"y":1}}', /field "s\.x" \(int32\): expected a value \(the field is missing/],
  ['s:struct<x:int32>', '{"s":{"x":1,"z":2}}', /field "s" \(struct\): expected a field of the struct, got "z"/],
  ['m:map<int32,string>', '{"m":{"q":"v"}}', /field "m\[0\]\.key" \(int32\): expected an integer/],
  ['m:map<int32,string>', '{"m":[{"value":"v"}]}', /field "m\[0\]\.key" \(int32\): expected a value \(the field is missing/],
  ['d:list<list<int64>>', '{"d":[[1],[2,[3]]]}', /field "d\[1\]\[1\]" \(int64\): expected a single value/],
  ['a:list<int32>', '{"a":[1,2}', /field "a" \(list\): expected ',' or '\]' after a list element/],
  ['a:int32', '{"b":1}', /expected a column of the schema, got "b"/],
];
for (const [schema, row, want] of wrong) {
  const r = spawnSync(tool, ['shred', schema], { input: row + '\n' });
  const msg = r.stderr.toString().trim();
  if (r.status !== 1 || !want.test(msg) || msg.includes('\n')) {
    failures++;
    console.log(`FAIL wrong row ${row} (${schema}): exit ${r.status}, "${msg}"`);
  }
}
if (Object.keys(readerTable).length > 0) console.table(readerTable);
const wrote = !ppq ? '' : `; ppq cat of DuckDB's ${catted} files shredded the same` + (nestedMissing ? '; ppq write: nested writing not in this library (PPQ_WRITER_NESTED), its files not checked'
  : `; ppq write's ${written} files: levels read back, rows read by DuckDB (and hyparquet, arrow-rs, polars: table) as DuckDB's own, ppq cat round trip`);
console.log(`shred_check: ${cases.length} schemas, ${rowsTotal} rows, ${entries} level entries equal to DuckDB's files read by our reader; ${wrong.length} wrong rows refused${wrote}; ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
