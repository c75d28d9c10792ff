// The compressed writer's anchors (issue 14): DuckDB (one thread) writing
// the sensor table with SNAPPY, and polars (default threads) with ZSTD,
// each from a table built in memory from picoparquet's uncompressed file
// first; only the write is timed, best of three.  Prints their lines and
// picoparquet's ratios (its writer_sensor_snappy / writer_sensor_zstd lines
// from JSON; targets: SNAPPY >= 3x DuckDB's speed at <= its bytes/row, ZSTD
// >= 2x polars' speed at <= its bytes/row).
// usage: node bench_codec_writers.mjs SOURCE.parquet PPQ.json OUTDIR
import { readFileSync, statSync } from 'node:fs';
import pl from 'nodejs-polars';
import { DuckDBInstance } from '@duckdb/node-api';

const [source, json, outdir] = process.argv.slice(2);
const mine = readFileSync(json, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const RUNS = 3;

function report(anchor, ours, target) {
  console.log(JSON.stringify(anchor));
  if (!ours || ours.rows !== anchor.rows) {
    console.log(JSON.stringify({ bench: `${ours ? ours.bench : 'writer_sensor_codec'}_vs_${anchor.writer}`, error: 'no matching picoparquet line' }));
    return;
  }
  console.log(JSON.stringify({ bench: `${ours.bench}_vs_${anchor.writer}`, rows_per_s_ratio: +(ours.rows_per_s / anchor.rows_per_s).toFixed(2),
    bytes_per_row_ratio: +(ours.bytes_per_row / anchor.bytes_per_row).toFixed(3), target_rows_per_s_ratio: target, target_bytes_per_row_ratio: 1 }));
}

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run('SET threads=1');
await con.run(`CREATE TABLE t AS SELECT * FROM read_parquet('${source}')`);
const rows = Number((await con.runAndReadAll('SELECT count(*) FROM t')).getRows()[0][0]);
let duck = Infinity;
const duckOut = `${outdir}/duckdb_quantized_snappy.parquet`;
for (let i = 0; i < RUNS; i++) {
  const t0 = process.hrtime.bigint();
  await con.run(`COPY t TO '${duckOut}' (FORMAT parquet, COMPRESSION snappy)`);
  duck = Math.min(duck, Number(process.hrtime.bigint() - t0) / 1e9);
}
const duckBytes = statSync(duckOut).size;
report({ bench: 'writer_anchor', table: 'sensor', writer: 'duckdb', codec: 'snappy', threads: 1, rows, rows_per_s: +(rows / duck).toPrecision(4),
  bytes_per_row: +(duckBytes / rows).toFixed(3), file_bytes: duckBytes }, mine.find((b) => b.bench === 'writer_sensor_snappy'), 3);

const df = pl.readParquet(source);
const polarsOut = `${outdir}/polars_quantized_zstd.parquet`;
let polars = Infinity;
for (let i = 0; i < RUNS; i++) {
  const t0 = process.hrtime.bigint();
  df.writeParquet(polarsOut, { compression: 'zstd' });
  polars = Math.min(polars, Number(process.hrtime.bigint() - t0) / 1e9);
}
const polarsBytes = statSync(polarsOut).size;
report({ bench: 'writer_anchor', table: 'sensor', writer: 'polars', codec: 'zstd', threads: 'default', rows, rows_per_s: +(rows / polars).toPrecision(4),
  bytes_per_row: +(polarsBytes / rows).toFixed(3), file_bytes: polarsBytes }, mine.find((b) => b.bench === 'writer_sensor_zstd'), 2);
