// `ppq write` read by DuckDB value for value: rows of every flat type
// (random values and nulls, seeded; the texts in the styles ppq cat prints
// and other tools write: T or a space, offsets, Z, numbers as strings)
// written from JSON Lines and from CSV (with the defaults, and with codecs,
// v2 pages, small row groups and explicit encodings), then each column compared in DuckDB
// with DuckDB's own reading of the same text cast to the type DuckDB gives
// the column (an independent parser of every value).
// usage: node write_check.mjs PPQ DIR
import { execFileSync } from 'node:child_process';
import { writeFileSync, openSync, closeSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [ppq, dir] = process.argv.slice(2);
const ROWS = 3000;
let seed = 12345;
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const big = (bits, signed) => { // a random integer of `bits` bits as a decimal string
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(int(0, 65535));
  v &= (1n << BigInt(bits)) - 1n;
  if (signed && v >= (1n << BigInt(bits - 1))) v -= 1n << BigInt(bits);
  return v.toString();
};
const pad = (n, w) => String(n).padStart(w, '0');
const hex = (n) => Array.from({ length: n }, () => pad(int(0, 255).toString(16), 2)).join('');
const digits = (n) => Array.from({ length: n }, () => int(0, 9)).join('');
const date = () => `${int(1900, 2200)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}`;
const clock = (frac) => `${pad(int(0, 23), 2)}:${pad(int(0, 59), 2)}:${pad(int(0, 59), 2)}${frac > 0 ? '.' + digits(frac) : ''}`;
const zone = () => ['Z', '+00', '+01:00', '-05:30', '+0930', ''][int(0, 5)];
const halves = ['0.5', '-2048', '65504', '1.25', '-0.000060975551605224609375', '0.333251953125', '0'];

// name, schema type, value text maker (returns [text, asJsonString]), DuckDB cast of the text
const columns = [
  ['b', 'boolean', () => [['true', 'false'][int(0, 1)], false]],
  ['i8', 'int8', () => [String(int(-128, 127)), false]],
  ['i16', 'int16', () => [String(int(-32768, 32767)), rnd() < 0.2]],
  ['i32', 'int32', () => [big(32, true), false]],
  ['i64', 'int64', () => [big(64, true), false]],
  ['u8', 'uint8', () => [String(int(0, 255)), false]],
  ['u16', 'uint16', () => [String(int(0, 65535)), false]],
  ['u32', 'uint32', () => [big(32, false), false]],
  ['u64', 'uint64', () => [big(64, false), false]],
  ['f', 'float', () => [`${int(-99999, 99999)}.${digits(2)}`, false]],
  ['d', 'double', () => [`${int(-999999, 999999)}.${digits(int(0, 9))}e${int(-30, 30)}`, false]],
  ['h', 'float16', () => [halves[int(0, halves.length - 1)], false]],
  ['s', 'string', () => [['ok', 'a,b', 'q"uote', 'é ü', '', 'line\nbreak'][int(0, 5)] + digits(int(0, 3)), true]],
  ['bin', 'binary', () => [hex(int(0, 8)), true]],
  ['fx', 'fixed(5)', () => [hex(5), true]],
  ['d1', 'decimal(9,2)', () => [`${['', '-'][int(0, 1)]}${int(0, 9999999)}.${digits(2)}`, true]],
  ['d2', 'decimal(18,6)', () => [`${['', '-'][int(0, 1)]}${digits(int(1, 12))}.${digits(int(0, 6))}`, rnd() < 0.5]],
  ['d3', 'decimal(30,5)', () => [`${['', '-'][int(0, 1)]}${digits(int(1, 25))}.${digits(5)}`, true]],
  ['dt', 'date', () => [date(), true]],
  ['tm', 'time(ms)', () => [clock(3), true]],
  ['tu', 'time(us)', () => [clock(int(0, 6)), true]],
  ['tsm', 'timestamp(ms)', () => [`${date()}${[' ', 'T'][int(0, 1)]}${clock(int(0, 3))}`, true]],
  ['tsu', 'timestamp(us,utc)', () => [`${date()}${[' ', 'T'][int(0, 1)]}${clock(int(0, 6))}${zone()}`, true]],
  ['tsn', 'timestamp(ns,utc)', () => [`${int(1700, 2200)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}T${(() => { const f = int(0, 6); return clock(f) + (f > 0 && rnd() < 0.5 ? '000' : ''); })()}Z`, true]], // (DuckDB reads nanoseconds as microseconds)
  ['id', 'uuid', () => [`${hex(4)}-${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}`, true]],
  ['j', 'json', () => [`{"k":${int(0, 99)}}`, true]],
];
const schema = columns.map(([n, t]) => `${n}:${t}?`).join(', ');
const rows = [];
for (let r = 0; r < ROWS; r++) rows.push(columns.map(([, , mk]) => (rnd() < 0.1 ? null : mk())));

// The same rows as JSON Lines, as CSV, and (for DuckDB) as JSON Lines of strings.
const jsonl = rows.map((row) => '{' + row.map((v, c) => (v === null ? (rnd() < 0.5 ? null : `"${columns[c][0]}":null`)
  : `"${columns[c][0]}":${v[1] ? JSON.stringify(v[0]) : v[0]}`)).filter((x) => x !== null).join(',') + '}').join('\n') + '\n';
const csvField = (t) => (t === '' || /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t);
const csv = columns.map(([n]) => n).join(',') + '\n' + rows.map((row) => row.map((v) => (v === null ? '' : csvField(v[0]))).join(',')).join('\n') + '\n';
const texts = rows.map((row) => JSON.stringify(Object.fromEntries(row.map((v, c) => [columns[c][0], v === null ? null : v[0]])))).join('\n') + '\n';
writeFileSync(`${dir}/write_in.jsonl`, jsonl);
writeFileSync(`${dir}/write_in.csv`, csv);
writeFileSync(`${dir}/write_texts.jsonl`, texts);
// Each input with the defaults, and with codecs, v2 pages, small row groups and explicit encodings.
const runs = [
  ['jsonl', 'jsonl', []],
  ['csv', 'csv', []],
  ['jsonl_zstd_v2', 'jsonl', ['--codec', 'zstd', '--page-v2']],
  ['csv_snappy_rg', 'csv', ['--codec', 'snappy', '--row-group-rows', '700', '--no-statistics']],
  ['jsonl_gzip_enc', 'jsonl', ['--codec', 'gzip', '--encoding', 's=delta_byte_array', '--encoding', 'bin=delta_length_byte_array',
    '--encoding', 'i64=delta_binary_packed', '--encoding', 'd=byte_stream_split', '--encoding', 'u32=plain', '--encoding', 'b=rle']],
  ['csv_lz4raw_dict', 'csv', ['--codec', 'lz4_raw', '--page-v2', '--encoding', 'i32=dictionary', '--encoding', 'f=dictionary']],
];
for (const [name, fmt, opts] of runs) {
  const fd = openSync(`${dir}/write_in.${fmt}`, 'r');
  execFileSync(ppq, ['write', '--format', fmt, '--schema', schema, ...opts, `${dir}/write_${name}.parquet`], { stdio: [fd, 'inherit', 'inherit'] });
  closeSync(fd);
}

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run("SET TimeZone='UTC'");
const varchar = '{' + columns.map(([n]) => `'${n}': 'VARCHAR'`).join(', ') + '}';
await con.run(`CREATE TABLE texts AS SELECT row_number() OVER () AS r, * FROM read_json('${dir}/write_texts.jsonl', format='newline_delimited', columns=${varchar})`);
let failures = 0;
let values = 0;
for (const [fmt] of runs) {
  const file = `${dir}/write_${fmt}.parquet`;
  await con.run(`CREATE OR REPLACE TABLE ours AS SELECT row_number() OVER () AS r, * FROM read_parquet('${file}')`);
  const types = Object.fromEntries((await con.runAndReadAll('DESCRIBE ours')).getRows().map((x) => [x[0], x[1]]));
  const n = Number((await con.runAndReadAll('SELECT count(*) FROM ours')).getRows()[0][0]);
  if (n !== ROWS) {
    failures++;
    console.log(`FAIL ${fmt}: ${n} rows, wrote ${ROWS}`);
  }
  for (const [name, type] of columns) {
    const want = type === 'binary' || type.startsWith('fixed') ? `unhex(t.${name})` : `CAST(t.${name} AS ${types[name]})`;
    const bad = (await con.runAndReadAll(`SELECT t.r, t.${name}, CAST(o.${name} AS VARCHAR) FROM texts t JOIN ours o USING (r)
      WHERE o.${name} IS DISTINCT FROM ${want} LIMIT 3`)).getRows();
    values += n;
    if (bad.length > 0) {
      failures++;
      console.log(`FAIL ${fmt} ${name} (${type}, DuckDB ${types[name]}): row ${bad[0][0]}: text ${JSON.stringify(bad[0][1])}, read ${bad[0][2]}`);
    }
  }
}
console.log(`write_check: ${columns.length} columns x ${ROWS} rows from JSON Lines and CSV, ${runs.length} files (codecs, v2 pages, row groups, encodings), ${values} values compared in DuckDB, ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
