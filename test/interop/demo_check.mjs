// Checks the M0 firmware's small-arena file against the host demo with two
// independent readers: its rows must be the first rows of the host file
// (a different encoding mix, the same values), and the readers must agree.
// usage: node demo_check.mjs FULL.parquet SMALL.parquet
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetReadObjects } from 'hyparquet';

const [full, small] = process.argv.slice(2);
const columns = ['ts', 'temperature', 'humidity', 'pressure', 'battery_mv', 'door_open', 'status'];
let failures = 0;

function norm(v) {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return `ms:${v.getTime()}`;
  if (typeof v === 'object' && 'micros' in v) return `ms:${Number(v.micros / 1000n)}`; // DuckDB timestamp
  if (typeof v === 'bigint') return `ms:${Number(v / 1000n)}`;
  return String(v);
}

async function duckRows(con, path, limit) {
  const res = await con.runAndReadAll(
    `SELECT ${columns.join(', ')} FROM read_parquet('${path}') ORDER BY ts LIMIT ${limit}`);
  return res.getRows().map((r) => r.map(norm));
}

async function hypRows(path, limit) {
  const b = readFileSync(path);
  const ab = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  const rows = await parquetReadObjects({ file: ab, columns, rowEnd: limit });
  return rows.map((r) => columns.map((c) => norm(r[c])));
}

function same(what, a, b) {
  if (a.length !== b.length) {
    failures++;
    console.log(`FAIL ${what}: ${a.length} rows vs ${b.length}`);
    return;
  }
  for (let r = 0; r < a.length; r++) {
    for (let c = 0; c < columns.length; c++) {
      if (a[r][c] !== b[r][c]) {
        failures++;
        console.log(`FAIL ${what} row ${r} ${columns[c]}: ${a[r][c]} vs ${b[r][c]}`);
        return;
      }
    }
  }
}

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const count = Number((await con.runAndReadAll(`SELECT count(*) FROM read_parquet('${small}')`)).getRows()[0][0]);
if (count < 1) {
  failures++;
  console.log(`FAIL ${small}: no rows`);
}
const smallDuck = await duckRows(con, small, count);
const fullDuck = await duckRows(con, full, count);
const smallHyp = await hypRows(small, count);
const fullHyp = await hypRows(full, count);
same('duckdb small vs full', smallDuck, fullDuck);
same('hyparquet small vs full', smallHyp, fullHyp);
same('small: duckdb vs hyparquet', smallDuck, smallHyp);
console.log(`demo_check: ${small}: ${count} rows x ${columns.length} columns equal the first rows of ${full} ` +
  `(DuckDB and hyparquet), ${failures} failures`);
process.exit(failures ? 1 : 0);
