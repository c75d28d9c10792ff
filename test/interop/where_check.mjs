// Issue 30 (the reader): `ppq cat FILE --where EXPR` returns exactly the rows
// DuckDB's `SELECT ... WHERE` returns for the same predicate, on
//   ours          ppq write: row groups of 6,000 rows, pages of 500 values
//                 (page index, statistics)
//   ours_v2_zstd  the same as v2 ZSTD pages of 700 values
//   duck_bloom    DuckDB's COPY of the same rows (row groups of 4,096; its
//                 bloom filters on dictionary columns)
//   duck_nobloom  the same with WRITE_BLOOM_FILTER false
//   arrow_rs      parquet-wasm (arrow-rs): 2 KiB pages, its page index
//   polars        nodejs-polars' writer: row groups of 5,000, ZSTD, no page index
// and on every file given after OUTDIR (the interop and demo files): row
// counts of generic predicates (a range and an equality per column, an
// absent text) against DuckDB's.  Rows are compared by id, status and dev
// (null included), in order.  Also checks that --stats shows pruning where
// the file allows it (statistics, bloom filters, the page index) and that
// bad expressions exit 2 with one line.
// usage: node where_check.mjs PPQ OUTDIR [FILE.parquet...]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { readParquet, writeParquet, Table, WriterPropertiesBuilder, Compression } from 'parquet-wasm';
import pl from 'nodejs-polars';

const [ppq, dir, ...extra] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run(`SET TimeZone = 'UTC'`);
let failures = 0, checks = 0;
const fail = (m) => { failures++; console.log('FAIL ' + m); };

// ---- the table --------------------------------------------------------------
const N = 30000;
const t0 = Date.UTC(2026, 0, 5) / 1000;
const iso = (s) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
const lines = [];
for (let i = 0; i < N; i++) {
  const row = {
    id: i,
    ts: iso(t0 + i),
    dev: i % 101 === 0 ? null : i % 17,
    status: i % 211 === 7 ? null : i % 389 === 5 ? 'sensor_err' : i % 97 === 1 ? 'warn' : 'ok',
    temp: 20 + ((i * 7) % 300) / 10,
    day: iso(Date.UTC(2026, 0, 1) / 1000 + Math.floor(i / 5000) * 86400).slice(0, 10),
    flag: i % 3 === 0,
  };
  lines.push(JSON.stringify(row));
}
const schema = 'id:int64, ts:timestamp(us,utc), dev:int32?, status:string?, temp:double, day:date, flag:boolean';
const jsonl = join(dir, 'rows.jsonl');
writeFileSync(jsonl, lines.join('\n') + '\n');
const files = {};
function ppqWrite(name, args) {
  const out = join(dir, name + '.parquet');
  const r = spawnSync(ppq, ['write', '--schema', schema, ...args, out], { input: readFileSync(jsonl) });
  if (r.status !== 0) throw new Error(`ppq write ${name}: ${r.stderr}`);
  files[name] = out;
}
ppqWrite('ours', ['--row-group-rows', '6000', '--page-values', '500']);
ppqWrite('ours_v2_zstd', ['--row-group-rows', '6000', '--page-values', '700', '--page-v2', '--codec', 'zstd']);
files.duck_bloom = join(dir, 'duck_bloom.parquet');
await con.run(`COPY (SELECT * FROM read_parquet('${files.ours}') ORDER BY id) TO '${files.duck_bloom}'
               (FORMAT parquet, ROW_GROUP_SIZE 4096)`);
files.duck_nobloom = join(dir, 'duck_nobloom.parquet');
await con.run(`COPY (SELECT * FROM read_parquet('${files.ours}') ORDER BY id) TO '${files.duck_nobloom}'
               (FORMAT parquet, ROW_GROUP_SIZE 4096, WRITE_BLOOM_FILTER false)`);
{
  const t = readParquet(new Uint8Array(readFileSync(files.ours)));
  const props = new WriterPropertiesBuilder().setDataPageSizeLimit(2048).setMaxRowGroupSize(8000)
    .setCompression(Compression.SNAPPY).build();
  files.arrow_rs = join(dir, 'arrow_rs.parquet');
  writeFileSync(files.arrow_rs, writeParquet(Table.fromIPCStream(t.intoIPCStream()), props));
}
// polars' own writer (row groups of 5,000, its statistics, no page index)
files.polars = join(dir, 'polars.parquet');
pl.readParquet(files.ours).writeParquet(files.polars, { compression: 'zstd', rowGroupSize: 5000 });

// ---- the predicates: ppq's, DuckDB's ------------------------------------------
const preds = [
  ["ts >= '2026-01-05T01:00:00Z' and ts < '2026-01-05T02:00:00Z'",
    "ts >= TIMESTAMPTZ '2026-01-05 01:00:00+00' AND ts < TIMESTAMPTZ '2026-01-05 02:00:00+00'"],
  ["ts > '2026-01-05T03:00:00.5+01:00' and ts <= '2026-01-05T02:10:00Z'",
    "ts > TIMESTAMPTZ '2026-01-05 02:00:00.5+00' AND ts <= TIMESTAMPTZ '2026-01-05 02:10:00+00'"],
  ["status = 'warn'", "status = 'warn'"],
  ["status = 'pending'", "status = 'pending'"],
  ["status != 'ok'", "status <> 'ok'"],
  ["status > 'p' and status <= 'warn'", "status > 'p' AND status <= 'warn'"],
  ["dev = 3 and temp >= 40.5", "dev = 3 AND temp >= 40.5"],
  ["id = 12345", "id = 12345"],
  ["id < 0", "id < 0"],
  ["temp < 20.35", "temp < 20.35"],
  ["dev >= 15.5 and id <= 2000", "dev >= 15.5 AND id <= 2000"],
  ["day = '2026-01-03'", "day = DATE '2026-01-03'"],
  ["day >= '2026-01-06' and dev <> 0", "day >= DATE '2026-01-06' AND dev <> 0"],
  ["flag = true and id > 29000", "flag = true AND id > 29000"],
  ["id > 5 and id < 5", "id > 5 AND id < 5"],
  ["\"status\" = 'sensor_err' and ts < '2026-01-05T05:00:00Z'",
    "status = 'sensor_err' AND ts < TIMESTAMPTZ '2026-01-05 05:00:00+00'"],
];

function ppqRows(file, where, cols, stats) {
  const args = ['cat', file, '--where', where, '--columns', cols];
  if (stats) args.push('--stats');
  const r = spawnSync(ppq, args, { maxBuffer: 1 << 28 });
  return { status: r.status, out: r.stdout.toString(), err: r.stderr.toString() };
}
const statsOf = (err) => {
  const m = /row groups (\d+): read (\d+), skipped (\d+) \(statistics (\d+), bloom filters (\d+), page index (\d+)\); pages read (\d+), skipped (\d+)/.exec(err);
  return m ? m.slice(1).map(Number) : null;
};
const seen = { stats: 0, bloom: 0, pages: 0 };
for (const [name, file] of Object.entries(files)) {
  for (const [w, sql] of preds) {
    checks++;
    const want = (await con.runAndReadAll(`SELECT id, status, dev FROM read_parquet('${file}') WHERE ${sql} ORDER BY id`))
      .getRows().map(([id, s, d]) => JSON.stringify({ id: Number(id), status: s, dev: d === null ? null : Number(d) }));
    const got = ppqRows(file, w, 'id,status,dev', true);
    if (got.status !== 0) { fail(`${name}: ${w}: exit ${got.status}: ${got.err}`); continue; }
    const rows = got.out.split('\n').filter((l) => l !== '');
    if (rows.length !== want.length || rows.some((r, i) => r !== want[i])) {
      fail(`${name}: ${w}: ${rows.length} rows, DuckDB ${want.length}; first difference at ${rows.findIndex((r, i) => r !== want[i])}`);
      continue;
    }
    const s = statsOf(got.err);
    if (s === null) { fail(`${name}: ${w}: no --stats line: ${got.err}`); continue; }
    seen.stats += s[3]; seen.bloom += s[4]; seen.pages += s[7];
    if (name === 'duck_bloom' && w === "status = 'pending'" && s[4] !== s[0]) fail(`${name}: bloom filters skipped ${s[4]} of ${s[0]} row groups`);
    if (name === 'ours' && w.startsWith("ts >= '2026-01-05T01") && (s[1] !== 2 || s[6] > 4 * 10)) fail(`${name}: one hour read ${s[1]} row groups, ${s[6]} pages`);
  }
}
console.log(`where: ${Object.keys(files).length} files x ${preds.length} predicates; row groups skipped by statistics ${seen.stats}, by bloom filters ${seen.bloom}; pages skipped ${seen.pages}`);
if (seen.stats === 0 || seen.bloom === 0 || seen.pages === 0) fail('no pruning of some kind seen');

// ---- other files: generic predicates, row counts ------------------------------
let extraChecks = 0;
for (const file of extra) {
  if (!existsSync(file)) continue;
  let cols;
  try {
    cols = (await con.runAndReadAll(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`)).getRows();
  } catch (e) { continue; }
  let nanos = [];
  try { /* (DuckDB reads nanosecond timestamps as microseconds, truncated: not comparable) */
    nanos = (await con.runAndReadAll(`SELECT name FROM parquet_schema('${file}') WHERE logical_type LIKE '%NANOS%'`)).getRows().map((r) => r[0]);
  } catch (e) { continue; }
  for (const [col, type] of cols) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(col) || nanos.includes(col)) continue;
    const q = `"${col}"`;
    let lit, sqlLit;
    let v;
    try {
      v = (await con.runAndReadAll(`SELECT quantile_disc(${q}, 0.3)::VARCHAR, quantile_disc(${q}, 0.7)::VARCHAR FROM read_parquet('${file}')`)).getRows()[0];
    } catch (e) { break; } /* (a file DuckDB does not read) */
    if (v[0] === null) continue;
    let cases = [];
    if (/^(BIGINT|INTEGER|SMALLINT|TINYINT|DOUBLE|FLOAT)$/.test(type)) {
      cases = [[`${col} >= ${v[0]} and ${col} < ${v[1]}`, `${q} >= ${v[0]} AND ${q} < ${v[1]}`], [`${col} = ${v[0]}`, `${q} = ${v[0]}`]];
    } else if (type === 'VARCHAR') {
      const e = (s) => s.replace(/'/g, "''");
      cases = [[`${col} = '${e(v[0])}'`, `${q} = '${e(v[0])}'`], [`${col} = 'no such value'`, `${q} = 'no such value'`],
        [`${col} >= '${e(v[0])}' and ${col} < '${e(v[1])}'`, `${q} >= '${e(v[0])}' AND ${q} < '${e(v[1])}'`]];
    } else if (/^TIMESTAMP( WITH TIME ZONE)?$/.test(type)) {
      const z = (s) => s.replace(' ', 'T').replace(/\+00$/, '') + 'Z';
      const cast = type === 'TIMESTAMP' ? 'TIMESTAMP' : 'TIMESTAMPTZ';
      cases = [[`${col} >= '${z(v[0])}' and ${col} < '${z(v[1])}'`, `${q} >= ${cast} '${v[0]}' AND ${q} < ${cast} '${v[1]}'`]];
    } else {
      continue;
    }
    for (const [w, sql] of cases) {
      checks++;
      const want = Number((await con.runAndReadAll(`SELECT count(*) FROM read_parquet('${file}') WHERE ${sql}`)).getRows()[0][0]);
      const got = ppqRows(file, w, col, false);
      const n = got.out.split('\n').filter((l) => l !== '').length;
      if (got.status === 2 && /not decimals, INT96, UUIDs, FLOAT16 or intervals/.test(got.err)) continue; /* (by design) */
      extraChecks++;
      if (got.status !== 0 || n !== want) fail(`${file}: ${w}: ${n} rows (exit ${got.status}${got.err ? ': ' + got.err.trim() : ''}), DuckDB ${want}`);
    }
  }
}
console.log(`where: ${extraChecks} generic predicates on ${extra.length} other files`);

// ---- bad expressions ------------------------------------------------------------
for (const bad of ['', 'id', 'id =', 'id = = 3', 'nosuch = 3', "id = 'x'", "status = 3", "ts < '2026-13-01'",
  'id = 3 or id = 4', "status = 'open", 'flag = maybe']) {
  checks++;
  const r = ppqRows(files.ours, bad, 'id', false);
  const errLines = r.err.split('\n').filter((l) => l !== '');
  if (r.status !== 2 || errLines.length !== 1 || !/^ppq: --where: expected /.test(errLines[0]) || r.out !== '') {
    fail(`bad expression ${JSON.stringify(bad)}: exit ${r.status}, stderr ${JSON.stringify(r.err)}`);
  }
}
console.log(`where: ${checks} checks, ${failures} failures`);
process.exit(failures ? 1 : 0);
