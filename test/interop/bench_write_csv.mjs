// `ppq write --format csv` beside DuckDB's single-threaded
// `COPY (FROM read_csv(...)) TO ...` on the same CSV: the quantized sensor
// table (tools/sensor_gen.h, seed 1) of ROWS rows, made by sensor_csv
// (kept in DIR between runs).  Each side best of RUNS runs, timed whole
// (ppq: the process, reading the CSV from a file on stdin; DuckDB: the
// COPY statement in an open connection).  DuckDB writes twice: with its
// defaults (SNAPPY) and uncompressed; ppq with its defaults (uncompressed
// pages, every column AUTO).  One JSON line per writer, then the ratios
// (issue 29's bar: >= 1.5x DuckDB's speed at no more bytes).
// usage: node bench_write_csv.mjs PPQ SENSOR_CSV ROWS DIR [RUNS]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, openSync, closeSync, statSync, unlinkSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [ppq, gen, rowsArg, dir, runsArg = '3'] = process.argv.slice(2);
const rows = Number(rowsArg);
const runs = Number(runsArg);
const csv = `${dir}/sensors_${rows}.csv`;
if (!existsSync(csv)) {
  const fd = openSync(csv, 'w');
  execFileSync(gen, [String(rows), '1'], { stdio: ['ignore', fd, 'inherit'] });
  closeSync(fd);
}
const csvBytes = statSync(csv).size;
const schema = 'ts:timestamp(us,utc), temperature:float, humidity:float, pressure:double?, battery_mv:int32, door_open:boolean, status:string';

const ours = `${dir}/ppq_write_${rows}.parquet`;
let ppqSeconds = Infinity;
for (let i = 0; i < runs; i++) {
  const fd = openSync(csv, 'r');
  const t0 = process.hrtime.bigint();
  const r = spawnSync(ppq, ['write', '--format', 'csv', '--schema', schema, ours], { stdio: [fd, 'inherit', 'inherit'] });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(fd);
  if (r.status !== 0) {
    console.log(JSON.stringify({ bench: 'write_csv', writer: 'ppq', error: `exit ${r.status}` }));
    process.exit(1);
  }
  ppqSeconds = Math.min(ppqSeconds, s);
}
const ppqBytes = statSync(ours).size;
const line = (writer, seconds, bytes, extra) => ({ bench: 'write_csv', writer, threads: 1, runs, rows, csv_bytes: csvBytes,
  seconds: +seconds.toFixed(3), rows_per_s: +(rows / seconds).toPrecision(4), csv_mb_per_s: +(csvBytes / seconds / 1e6).toFixed(1),
  file_bytes: bytes, ...extra });
const mine = line('ppq', ppqSeconds, ppqBytes, { codec: 'uncompressed' });
console.log(JSON.stringify(mine));

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run('SET threads=1');
const duck = {};
for (const codec of ['snappy', 'uncompressed']) {
  const out = `${dir}/duckdb_csv_${codec}_${rows}.parquet`;
  let seconds = Infinity;
  for (let i = 0; i < runs; i++) {
    if (existsSync(out)) unlinkSync(out);
    const t0 = process.hrtime.bigint();
    await con.run(`COPY (FROM read_csv('${csv}')) TO '${out}' (FORMAT parquet, COMPRESSION ${codec})`);
    seconds = Math.min(seconds, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  duck[codec] = line('duckdb', seconds, statSync(out).size, { codec });
  console.log(JSON.stringify(duck[codec]));
}
const n = Number((await con.runAndReadAll(`SELECT count(*) FROM read_parquet('${ours}')`)).getRows()[0][0]);
console.log(JSON.stringify({ bench: 'write_csv_vs_duckdb', rows_checked: n === rows,
  speed_ratio_vs_snappy: +(mine.rows_per_s / duck.snappy.rows_per_s).toFixed(2),
  bytes_ratio_vs_snappy: +(mine.file_bytes / duck.snappy.file_bytes).toFixed(3),
  speed_ratio_vs_uncompressed: +(mine.rows_per_s / duck.uncompressed.rows_per_s).toFixed(2),
  bytes_ratio_vs_uncompressed: +(mine.file_bytes / duck.uncompressed.file_bytes).toFixed(3),
  target_speed_ratio: 1.5, target_bytes_ratio: 1 }));
