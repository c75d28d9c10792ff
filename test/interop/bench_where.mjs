// The --where bench (issue 30): on the 10 M-row sensor table (a row a
// second, ~2,800 hours), one hour by timestamp range through `ppq cat
// --where` against a full `ppq cat` of the same columns: the pages read of
// the columns read (target: at most 2%), the time (target: 20x faster); and
// an absent status value, on our file and on DuckDB's copy of it (DuckDB
// writes bloom filters on dictionary columns): row groups skipped by
// statistics and by bloom filters.  DuckDB (one thread) runs the same
// queries beside.  Best of three runs (the full cat: one).  JSON lines.
// usage: node bench_where.mjs PPQ FILE
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, openSync, closeSync, statSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [ppq, file] = process.argv.slice(2);
const RUNS = 3;
const COLS = 'ts,temperature,status';
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run('SET threads=1');
await con.run(`SET TimeZone = 'UTC'`);

function timed(args, toNull) {
  const devnull = openSync('/dev/null', 'w');
  const t0 = process.hrtime.bigint();
  const r = spawnSync(ppq, args, { stdio: ['ignore', toNull ? devnull : 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(devnull);
  if (r.status !== 0) throw new Error(`ppq ${args.join(' ')}: ${r.stderr}`);
  return { s, out: toNull ? '' : r.stdout.toString(), err: r.stderr.toString() };
}
function best(args) {
  let b = null;
  for (let i = 0; i < RUNS; i++) {
    const r = timed(args, false);
    if (b === null || r.s < b.s) b = r;
  }
  return b;
}
async function duck(sql) {
  let least = Infinity, rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    rows = (await con.runAndReadAll(sql)).getRows().length;
    least = Math.min(least, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return { s: least, rows };
}
const stats = (err) => {
  const m = /row groups (\d+): read (\d+), skipped (\d+) \(statistics (\d+), bloom filters (\d+), page index (\d+)\); pages read (\d+), skipped (\d+); rows read (\d+), passed (\d+)/.exec(err);
  if (!m) throw new Error(`no --stats line: ${err}`);
  const [rg, read, skipped, byStats, byBloom, byIndex, pagesRead, pagesSkipped, rowsRead, passed] = m.slice(1).map(Number);
  return { rg, read, skipped, byStats, byBloom, byIndex, pagesRead, pagesSkipped, rowsRead, passed };
};
const r4 = (x) => +x.toPrecision(4);

// one hour, five hours after the first row's
const first = JSON.parse(execFileSync(ppq, ['cat', file, '--columns', 'ts', '--limit', '1'], { encoding: 'utf8' })).ts;
const h0 = Math.ceil(Date.parse(first) / 3600000) * 3600000 + 5 * 3600000;
const iso = (ms) => new Date(ms).toISOString().replace('.000Z', 'Z');
const where = `ts >= '${iso(h0)}' and ts < '${iso(h0 + 3600000)}'`;
const full = timed(['cat', file, '--columns', COLS], true);
const q = best(['cat', file, '--columns', COLS, '--where', where, '--stats']);
const st = stats(q.err);
const rows = q.out.split('\n').filter((l) => l !== '').length;
const sqlRange = `SELECT ts, temperature, status FROM read_parquet('${file}') WHERE ts >= TIMESTAMPTZ '${iso(h0)}' AND ts < TIMESTAMPTZ '${iso(h0 + 3600000)}'`;
const d = await duck(sqlRange);
if (d.rows !== rows) throw new Error(`ppq ${rows} rows, DuckDB ${d.rows}`);
const pagesTotal = st.pagesRead + st.pagesSkipped;
console.log(JSON.stringify({
  bench: 'where_range', file, where, columns: COLS, rows, row_groups: st.rg, row_groups_read: st.read,
  pages_read: st.pagesRead, pages_total: pagesTotal, pages_read_share: r4(st.pagesRead / pagesTotal),
  target_pages_read_share: 0.02, seconds: r4(q.s), full_cat_seconds: r4(full.s), speedup: r4(full.s / q.s),
  target_speedup: 20, duckdb_seconds: r4(d.s),
}));

// an absent status: ours, and DuckDB's copy with its bloom filters
const duckFile = file.replace(/\.parquet$/, '_duckdb.parquet');
if (!existsSync(duckFile) || statSync(duckFile).mtimeMs < statSync(file).mtimeMs) {
  await con.run(`COPY (SELECT * FROM read_parquet('${file}')) TO '${duckFile}' (FORMAT parquet)`);
}
for (const f of [file, duckFile]) {
  const absent = `status = 'offline'`;
  const fullStatus = timed(['cat', f, '--columns', 'status'], true);
  const a = best(['cat', f, '--columns', COLS, '--where', absent, '--stats']);
  const s = stats(a.err);
  const da = await duck(`SELECT ts, temperature, status FROM read_parquet('${f}') WHERE status = 'offline'`);
  if (s.passed !== 0 || da.rows !== 0) throw new Error(`'offline' found: ppq ${s.passed}, DuckDB ${da.rows}`);
  console.log(JSON.stringify({
    bench: 'where_absent', file: f, where: absent, row_groups: s.rg, skipped_statistics: s.byStats,
    skipped_bloom_filters: s.byBloom, row_groups_read: s.read, pages_read: s.pagesRead, seconds: r4(a.s),
    full_cat_status_seconds: r4(fullStatus.s), speedup: r4(fullStatus.s / a.s), duckdb_seconds: r4(da.s),
  }));
}
