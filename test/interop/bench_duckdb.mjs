// The writer benchmark's anchor: DuckDB, single-threaded, writing the same
// rows as uncompressed Parquet.  The table is built in memory from
// picoparquet's file first; only the COPY is timed, best of three (as
// bench_sensor takes its own; the demo's bench_writer line is one run).  Prints DuckDB's line
// and the ratios to picoparquet's discard-sink line (JSON lines).
// usage: node bench_duckdb.mjs PICOPARQUET.parquet WRITER.json OUT.parquet [BENCH]
// BENCH: the picoparquet line to compare (default: the demo table's discard-sink
// line, bench "writer"; "writer_sensor" for the quantized sensor table;
// "writer_nested" for the nested table, whose values/s ratio is its rows/s
// ratio: the same values a row).
import { readFileSync, statSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [ours, json, out, name = 'writer'] = process.argv.slice(2);
const mine = readFileSync(json, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
  .find((b) => b.bench === name && (name !== 'writer' || b.sink === 'discard'));
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run('SET threads=1');
await con.run(`CREATE TABLE t AS SELECT * FROM read_parquet('${ours}')`);
const rows = Number((await con.runAndReadAll('SELECT count(*) FROM t')).getRows()[0][0]);
let seconds = Infinity;
for (let i = 0; i < 3; i++) {
  const t0 = process.hrtime.bigint();
  await con.run(`COPY t TO '${out}' (FORMAT parquet, COMPRESSION uncompressed)`);
  seconds = Math.min(seconds, Number(process.hrtime.bigint() - t0) / 1e9);
}
const bytes = statSync(out).size;
const table = name === 'writer' ? 'demo' : name === 'writer_nested' ? 'nested' : 'sensor';
const duck = { bench: 'writer_anchor', table, writer: 'duckdb', threads: 1, runs: 3, rows, rows_per_s: +(rows / seconds).toPrecision(4),
  bytes_per_row: +(bytes / rows).toFixed(3), file_bytes: bytes };
console.log(JSON.stringify(duck));
if (mine && mine.rows === rows) {
  console.log(JSON.stringify({ bench: 'writer_vs_duckdb', table: duck.table, rows_per_s_ratio: +(mine.rows_per_s / duck.rows_per_s).toFixed(2),
    file_bytes_ratio: +(mine.file_bytes / bytes).toFixed(3), target_rows_per_s_ratio: 5, target_file_bytes_ratio: table === 'sensor' ? 0.6 : 1 }));
} else {
  console.log(JSON.stringify({ bench: 'writer_vs_duckdb', error: 'no matching picoparquet writer line' }));
}
