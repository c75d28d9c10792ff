// The reader against DuckDB: DuckDB writes a table of every flat physical
// type (and the logical types whose stored value is plain: DATE as days,
// TIMESTAMP as microseconds), with nulls and several row groups, under each
// codec and both Parquet versions (v2 brings DELTA_* and BYTE_STREAM_SPLIT
// pages); `ppq cat --raw` must print what DuckDB reads back, value for value.
// usage: node reader_check.mjs OUTDIR PPQ
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

const [dir, ppq] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const ROWS = 3000;
await con.run(`CREATE TABLE t AS SELECT
  CASE WHEN i % 7 = 3 THEN NULL ELSE i % 3 = 0 END AS b,
  (i % 200 - 100)::TINYINT AS i8, (i * 37 % 60000 - 30000)::SMALLINT AS i16,
  CASE WHEN i % 11 = 5 THEN NULL ELSE (i * 2654435761 % 4294967296 - 2147483648)::INTEGER END AS i32,
  (i * 1000003 - 5000000000)::BIGINT AS i64,
  (i % 250)::UTINYINT AS u8, (i * 7 % 65536)::USMALLINT AS u16, (i * 2654435761 % 4294967296)::UINTEGER AS u32,
  (i * 11400714819323198485 % 18446744073709551616)::UBIGINT AS u64,
  CASE WHEN i % 13 = 1 THEN NULL ELSE round((i % 500) * 0.01 - 2.5, 2)::FLOAT END AS f,
  ((i % 977) * 0.125 - 60.0)::DOUBLE AS d,
  CASE WHEN i % 5 = 0 THEN NULL ELSE 'v' || (i % 40)::VARCHAR END AS s,
  ('x' || repeat('y', i % 17))::BLOB AS bl,
  (DATE '1970-01-01' + INTERVAL (i % 40000 - 20000) DAY)::DATE AS dt,
  TIMESTAMP '2026-01-01 00:00:00' + INTERVAL (i) SECOND AS ts
  FROM range(${ROWS}) r(i)`);
// the raw values as ppq cat --raw prints them (epoch days, microseconds, hex blobs)
const expectSql = `SELECT b, i8, i16, i32, i64, u8, u16, u32, u64, f, d, s, hex(bl) AS bl,
  date_diff('day', DATE '1970-01-01', dt) AS dt, epoch_us(ts) AS ts FROM read_parquet(?)`;
const cols = ['b', 'i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'f', 'd', 's', 'bl', 'dt', 'ts'];
let files = 0, values = 0, failures = 0;
const fail = (m) => { failures++; if (failures < 30) console.log('FAIL ' + m); };
for (const codec of ['uncompressed', 'snappy', 'gzip', 'zstd', 'lz4_raw']) {
  for (const version of ['V1', 'V2']) {
    const path = join(dir, `duckdb_${codec}_${version.toLowerCase()}.parquet`);
    await con.run(`COPY t TO '${path}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 1000, PARQUET_VERSION ${version})`);
    const want = (await con.runAndReadAll(expectSql.replace('?', `'${path}'`))).getRows();
    let out;
    try {
      out = execFileSync(ppq, ['cat', path, '--raw'], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      const msg = String(e.stderr || e.message).trim();
      if (/unsupported/.test(msg) && /ZSTD|GZIP|LZ4|SNAPPY/.test(msg)) {
        console.log(`note: ${path}: ppq cannot read it in this build: ${msg}`);
        continue;
      }
      fail(`${path}: ppq cat failed: ${msg}`);
      continue;
    }
    files++;
    // (integers past 2^53 kept exact: quoted before JSON.parse)
    const got = out.trim().split('\n').map((l) => JSON.parse(l.replace(/([:,\[])(-?\d{16,})(?=[,}\]])/g, '$1"$2"')));
    if (got.length !== want.length) { fail(`${path}: ${got.length} rows, DuckDB ${want.length}`); continue; }
    for (let r = 0; r < want.length; r++) {
      for (const [c, name] of cols.entries()) {
        const w = want[r][c], g = got[r][name];
        values++;
        let ok;
        if (w === null) ok = g === null;
        else if (name === 'f') ok = typeof g === 'number' && Math.fround(g) === Math.fround(w);
        else if (name === 'd') ok = g === w;
        else if (name === 'bl') ok = g === String(w).toLowerCase();
        else if (typeof w === 'bigint' || typeof w === 'number') ok = g !== null && BigInt(g) === BigInt(w);
        else ok = g === w;
        if (!ok) fail(`${path} row ${r} ${name}: ppq ${JSON.stringify(g)}, DuckDB ${String(w)}`);
      }
    }
  }
}
console.log(`reader_check: ${files} DuckDB files, ${values} values compared, ${failures} failures`);
process.exit(failures ? 1 : 0);
