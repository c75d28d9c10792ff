// Bloom filters and sorting_columns across implementations (issue 30).
// Our files (bloom_gen.c gen): DuckDB reads every value as written; its
// parquet_metadata shows a filter on every chunk of the columns that must
// have one, none on the others, each after its row group's chunks; DuckDB's
// parquet_bloom_probe never excludes a value a row group holds, and agrees
// with our probe (bloom_gen probe: ppq_bloom over the file's bytes) on every
// value and row group, present or absent; absent values are excluded at
// about the false-positive rate asked; hyparquet reads each row group's
// sorting_columns as written (DuckDB 1.5's parquet_metadata does not show
// them).  DuckDB's files: DuckDB writes filters for its dictionary-encoded
// columns; our probe agrees with DuckDB's on them, present values never
// excluded.
// usage: node bloom_check.mjs DIR BLOOM_GEN
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata } from 'hyparquet';

const [dir, gen] = process.argv.slice(2);
let failures = 0;
const fail = (msg) => { failures++; if (failures <= 30) console.log('FAIL ' + msg); };
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const rows = async (sql) => (await con.runAndReadAll(sql)).getRowObjects();
const lit = (v, type) => (type === 's' ? `'${String(v).replaceAll("'", "''")}'` : type === 'f64' ? `${v}::DOUBLE` : type === 'i64' ? `${v}::BIGINT` : `${v}::INTEGER`);
const text = (v, type) => (type === 'f64' ? Number(v).toPrecision(17) : String(v));

// DuckDB's and our probes of `values` in column `col` of `file`: per value,
// per row group, 'x' excluded, '.' perhaps present, '-' no filter (ours);
// DuckDB's as true/false.
async function duckProbe(file, name, values, type) {
  const out = [];
  for (let k = 0; k < values.length; k += 200) {
    const part = values.slice(k, k + 200);
    const sql = part.map((v, i) => `SELECT ${i} AS k, row_group_id AS g, bloom_filter_excludes AS x FROM parquet_bloom_probe('${file}', '${name}', ${lit(v, type)})`).join(' UNION ALL ');
    const res = await rows(sql);
    for (const v of part) out.push([]);
    for (const r of res) out[k + Number(r.k)][Number(r.g)] = r.x;
  }
  return out;
}
function ourProbe(file, col, values, type) {
  const input = values.map((v) => text(v, type)).join('\n') + '\n';
  return execFileSync(gen, ['probe', file, String(col), type], { input, maxBuffer: 1 << 26 }).toString().trim().split('\n');
}

// Probe present (per row group) and absent values of a column in both; check
// agreement; returns [absent probes, absent excluded] over filtered row groups.
async function compareProbes(where, file, name, col, type, present, absent, groups) {
  const values = [...new Set([...present.flatMap((s) => [...s]), ...absent])];
  const duck = await duckProbe(file, name, values, type);
  const ours = ourProbe(file, col, values, type);
  const absentSet = new Set(absent);
  let probes = 0, excluded = 0, agreed = 0;
  values.forEach((v, i) => {
    for (let g = 0; g < groups; g++) {
      const o = ours[i][g], d = duck[i][g];
      if (o === undefined || d === undefined) { fail(`${where} ${v} rg ${g}: no answer (ours ${o}, DuckDB ${d})`); continue; }
      if ((o === 'x') !== d) fail(`${where} ${v} rg ${g}: ours '${o}', DuckDB excludes ${d}`);
      else agreed++;
      if (present[g].has(v) && (o === 'x' || d)) fail(`${where} ${v} rg ${g}: excluded but present`);
      if (absentSet.has(v) && o !== '-') { probes++; excluded += o === 'x'; }
    }
  });
  return [probes, excluded, agreed];
}

// ---- our files -------------------------------------------------------------
const COLS = ['ts', 'device', 'status', 'temperature', 'site'];
const TYPES = ['i64', 'i32', 's', 'f64', 's'];
const absentOf = (c) => Array.from({ length: c === 2 || c === 4 ? 300 : 1000 }, (_, k) =>
  c === 1 ? 100000 + k * 13 : c === 3 ? 15.03 + k * 0.0625 : c === 0 ? k : `absent-${k}`);
const specs = [
  { name: 'bloom_sensor', required: [1, 2], allowed: [1, 2, 4] },
  { name: 'bloom_options', required: [1, 3], allowed: [1, 3] },
  { name: 'bloom_recovered', required: [1, 2], allowed: [1, 2, 4] },
];
let files = 0, values = 0, filters = 0, agreedAll = 0;
for (const spec of specs) {
  const file = join(dir, spec.name + '.parquet');
  const want = JSON.parse(readFileSync(join(dir, spec.name + '.json'), 'utf8'));
  const kept = want.kept_rows !== undefined ? Number(want.kept_rows) : want.rows.length;
  const expect = want.rows.slice(0, kept);
  const rgRows = want.row_group_rows;
  files++;
  // every value, as written
  const got = await rows(`SELECT epoch_us(ts)::VARCHAR AS ts, device, status, temperature, site FROM read_parquet('${file}')`);
  if (got.length !== expect.length) fail(`${spec.name}: ${got.length} rows, ${expect.length} written`);
  for (let i = 0; i < Math.min(got.length, expect.length); i++) {
    const g = got[i], e = expect[i];
    if (g.ts !== e[0] || g.device !== e[1] || g.status !== e[2] || g.temperature !== e[3] || g.site !== e[4]) {
      fail(`${spec.name} row ${i}: ${JSON.stringify([g.ts, g.device, g.status, g.temperature, g.site])} vs ${JSON.stringify(e)}`);
      break;
    }
    values += 5;
  }
  // where the filters are
  const meta = await rows(`SELECT row_group_id AS g, column_id AS c, bloom_filter_offset AS off, bloom_filter_length AS len, coalesce(dictionary_page_offset, data_page_offset) + total_compressed_size AS chunk_end FROM parquet_metadata('${file}') ORDER BY 1, 2`);
  const groups = Math.ceil(expect.length / rgRows);
  const ends = [];
  for (const m of meta) ends[Number(m.g)] = Math.max(ends[Number(m.g)] ?? 0, Number(m.chunk_end));
  for (const m of meta) {
    const g = Number(m.g), c = Number(m.c), has = m.off !== null;
    if (has) filters++;
    if (!has && spec.required.includes(c)) fail(`${spec.name} rg ${g} ${COLS[c]}: no filter`);
    if (has && !spec.allowed.includes(c)) fail(`${spec.name} rg ${g} ${COLS[c]}: a filter`);
    if (has && Number(m.off) < ends[g]) fail(`${spec.name} rg ${g} ${COLS[c]}: filter at ${m.off}, inside the chunks (end ${ends[g]})`);
  }
  // probes, present and absent
  for (const c of spec.allowed) {
    const present = Array.from({ length: groups }, (_, g) => new Set(expect.slice(g * rgRows, (g + 1) * rgRows).map((r) => r[c]).filter((v) => v !== null)));
    const [probes, excluded, agreed] = await compareProbes(`${spec.name} ${COLS[c]}`, file, COLS[c], c, TYPES[c], present, absentOf(c), groups);
    agreedAll += agreed;
    const fpp = want.fpp / 1e6;
    if (probes > 0 && (probes - excluded) / probes > 3 * fpp + 0.002) fail(`${spec.name} ${COLS[c]}: ${probes - excluded} of ${probes} absent values pass (fpp ${fpp})`);
    if (probes > 0) console.log(`${spec.name} ${COLS[c]}: absent values excluded ${excluded} of ${probes} (asked fpp ${fpp})`);
  }
  // sorting_columns, by hyparquet
  const buf = readFileSync(file);
  const hmeta = parquetMetadata(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  hmeta.row_groups.forEach((rg, g) => {
    const w = want.sorting[g] ?? [];
    const h = (rg.sorting_columns ?? []).map((s) => ({ column_idx: s.column_idx, descending: s.descending, nulls_first: s.nulls_first }));
    if (JSON.stringify(h) !== JSON.stringify(w)) fail(`${spec.name} rg ${g}: sorting_columns ${JSON.stringify(h)}, written ${JSON.stringify(w)}`);
  });
}

// ---- DuckDB's files: our probe on its filters --------------------------------
const duckFile = join(dir, 'duck_bloom.parquet');
const N = 30000, RG = 10000;
await con.run(`COPY (SELECT (i % 97)::INTEGER AS a, 'k' || (i % 131) AS s, ((i % 53) * 1.5)::DOUBLE AS d, ((i * 1000) % 7919)::BIGINT AS b FROM range(${N}) t(i)) TO '${duckFile}' (FORMAT parquet, ROW_GROUP_SIZE ${RG})`);
const dcols = [['a', 'i32', (i) => i % 97, (k) => 1000 + k], ['s', 's', (i) => 'k' + (i % 131), (k) => 'q' + k], ['d', 'f64', (i) => (i % 53) * 1.5, (k) => 0.25 + k * 1.5], ['b', 'i64', (i) => (i * 1000) % 7919, (k) => 8000 + k]];
const dmeta = await rows(`SELECT row_group_id AS g, column_id AS c, bloom_filter_offset AS off FROM parquet_metadata('${duckFile}')`);
let duckFilters = 0;
for (const [c, [name, type, valueAt, absentAt]] of dcols.entries()) {
  const withFilter = dmeta.filter((m) => Number(m.c) === c && m.off !== null).length;
  duckFilters += withFilter;
  if (withFilter === 0) continue;
  const groups = N / RG;
  const present = Array.from({ length: groups }, (_, g) => new Set(Array.from({ length: RG }, (_, k) => valueAt(g * RG + k))));
  const [probes, excluded, agreed] = await compareProbes(`duck_bloom ${name}`, duckFile, name, c, type, present, Array.from({ length: 500 }, (_, k) => absentAt(k)), groups);
  agreedAll += agreed;
  console.log(`duck_bloom ${name}: absent values excluded ${excluded} of ${probes}`);
}
if (duckFilters === 0) fail('duck_bloom: DuckDB wrote no bloom filter');

console.log(`bloom_check: ${files} files, ${values} values read by DuckDB, ${filters} of our filters, ${duckFilters} of DuckDB's, ${agreedAll} probes agreed, ${failures} failures`);
process.exit(failures ? 1 : 0);
