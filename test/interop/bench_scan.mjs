// The reader benchmark (issue 13): a full scan of each file, every value of
// every column decoded, by picoparquet (`ppq scan`, single-threaded), by
// polars' readParquet with its default threads and by DuckDB with one
// thread (an aggregate over every column, so every value is read).  Best of
// three runs each.  Prints one JSON line per reader and file, then
// picoparquet's ratio to polars (target: 1.5).
// usage: node bench_scan.mjs PPQ_BINARY FILE...
import { execFileSync } from 'node:child_process';
import pl from 'nodejs-polars';
import { DuckDBInstance } from '@duckdb/node-api';

const [ppq, ...files] = process.argv.slice(2);
const RUNS = 3;

function best(run) {
  let least = Infinity;
  for (let i = 0; i < RUNS; i++) least = Math.min(least, run());
  return least;
}

function seconds(f) {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run('SET threads=1');

for (const file of files) {
  const out = execFileSync(ppq, ['scan', file], { encoding: 'utf8' });
  const rows = Number(/rows (\d+)/.exec(out)[1]);
  const ours = best(() => Number(/seconds ([0-9.]+)/.exec(execFileSync(ppq, ['scan', file], { encoding: 'utf8' }))[1]));
  const polars = best(() => seconds(() => {
    const df = pl.readParquet(file);
    if (df.height !== rows) throw new Error(`polars read ${df.height} rows of ${rows}`);
  }));
  const cols = (await con.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).getRows().map((r) => r[0]);
  const agg = cols.map((c) => `count("${c}"), max("${c}")`).join(', ');
  let duck = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    await con.run(`SELECT ${agg} FROM read_parquet('${file}')`);
    duck = Math.min(duck, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  const line = (reader, threads, s) => ({ bench: 'scan', file, reader, threads, rows, seconds: +s.toPrecision(4), rows_per_s: +(rows / s).toPrecision(4) });
  console.log(JSON.stringify(line('picoparquet', 1, ours)));
  console.log(JSON.stringify(line('polars', 'default', polars)));
  console.log(JSON.stringify(line('duckdb', 1, duck)));
  console.log(JSON.stringify({ bench: 'scan_vs_polars', file, rows_per_s_ratio: +(polars / ours).toFixed(2), target_rows_per_s_ratio: 1.5 }));
}
