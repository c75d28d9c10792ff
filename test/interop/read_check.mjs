// Reads every file gen_files wrote with four independent Parquet readers
// (DuckDB, arrow-rs via parquet-wasm, hyparquet, nodejs-polars) and compares
// each value with what the writer was given (the .json file).  DuckDB's
// parquet_metadata() must show the statistics the values imply, and each
// column chunk's pages (walked here with a small Thrift reader of our own)
// must carry the encoding asked for, a correct CRC when asked for, and the
// dictionary fallback the values imply.
// usage: node read_check.mjs DIR
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetReadObjects } from 'hyparquet';
import { readParquet } from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';
import pl from 'nodejs-polars';

const dir = process.argv[2];
let failures = 0, checks = 0, plainByAuto = 0;
const perReader = {}; // values compared, by reader
const notes = [];
// Writer bugs found by these checks and reported, not yet fixed: a failure
// whose message starts with a key is printed as KNOWN and not counted; a key
// that no longer fails is a failure (drop it once the writer is fixed).
// Writer bugs the checks have found and that are not fixed yet: 'kind file.column ' -> why.
// An entry that stops failing is itself a failure (remove it then).
const knownBugs = {};
const knownSeen = new Set();
const fail = (msg) => {
  const key = Object.keys(knownBugs).find((k) => msg.startsWith(k));
  if (key) {
    knownSeen.add(key);
    console.log('KNOWN ' + msg);
    return;
  }
  failures++;
  console.log('FAIL ' + msg);
};

function hex(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return Buffer.from(v, 'latin1').toString('hex');
  if (v.bytes) return Buffer.from(v.bytes).toString('hex');     // DuckDB blob value
  return Buffer.from(v).toString('hex');                        // Uint8Array, or polars' List(UInt8)
}

// Columns without a logical type: the .json has integers as decimal text,
// floats as numbers (NaN, Infinity as strings), bytes as hex.
function same(type, want, got) {
  if (want === null) return got === null || got === undefined;
  if (got === null || got === undefined) return false;
  switch (type) {
    case 0: return want === got;
    case 1: return String(Number(got)) === want;
    case 2: return String(BigInt(got)) === want;
    case 4: case 5: {
      const w = want === 'NaN' ? NaN : want === 'Infinity' ? Infinity : want === '-Infinity' ? -Infinity : want;
      const g = Number(got);
      return Object.is(type === 4 ? Math.fround(w) : w, g) || (Number.isNaN(w) && Number.isNaN(g));
    }
    default: return hex(got) === want;
  }
}

// ---- logical types ------------------------------------------------------------
// The .json holds the text of each logical value (gen_files derived the
// physical value from that text).  The canonical form, and how each reader's
// value is brought to it:
//   STRING, ENUM, JSON  the text.  Byte arrays (arrow's and hyparquet's ENUM
//                       is Binary) are decoded as UTF-8 (fatal on bad bytes).
//                       hyparquet parses JSON: its value must equal the parse
//                       of the expected text (compared as JSON.stringify of both).
//   UUID                8-4-4-4-12 lowercase hex.  DuckDB and hyparquet give
//                       that text; arrow and polars the 16 bytes, formatted here.
//   FLOAT16             the number (Object.is, so -0 and +0 differ; NaN equals
//                       NaN).  polars has no Float16 and gives the 2 bytes:
//                       decoded here as an IEEE half (noted).
//   INT                 decimal integer text (readers give number or BigInt).
//   DECIMAL             exactly `scale` fraction digits.  DuckDB and arrow give
//                       the unscaled integer (formatted here with the column's
//                       scale, which must be theirs too); polars is cast to
//                       text.  hyparquet gives a double: it must be within 4
//                       ulps of the exact value (noted).
//   DATE                days since 1970-01-01.  arrow gives ms (divided here,
//                       must be exact); hyparquet's dateFromDays parser is
//                       replaced by the identity so it gives the raw days.
//   TIME, TIMESTAMP     the integer in the column's unit.  DuckDB's TIME and
//                       TIMESTAMP(TZ) hold µs, TIME_NS and TIMESTAMP_NS ns;
//                       polars is cast to Int64 (ns for TIME, the column's
//                       unit for Datetime); arrow's raw Int64 buffer is read
//                       (its get() rounds to ms); hyparquet's timestamp
//                       parsers are replaced by the identity.  A value that is
//                       not an exact multiple of the column's unit fails.
const utf8 = new TextDecoder('utf-8', { fatal: true });
const unitNs = { MILLIS: 1000000n, MICROS: 1000n, NANOS: 1n };
const text = (v) => (typeof v === 'string' ? v : utf8.decode(v instanceof Uint8Array ? v : Uint8Array.from(v)));
function uuidText(v) {
  if (typeof v === 'string') return v;
  const h = Buffer.from(v).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
function half(b) { // IEEE 754 binary16, little-endian: sign, 5-bit exponent, 10-bit fraction
  const bits = b[0] | (b[1] << 8), sign = bits & 0x8000 ? -1 : 1, e = (bits >> 10) & 31, f = bits & 1023;
  if (e === 31) return f ? NaN : sign * Infinity;
  return sign * (e ? (1 + f / 1024) * 2 ** (e - 15) : (f / 1024) * 2 ** -14);
}
function decText(unscaled, scale) {
  const neg = unscaled < 0n, digits = (neg ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  return (neg ? '-' : '') + (scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits);
}
const decUnscaled = (s) => BigInt(s.replace('.', ''));
// ns -> the column's unit, exactly (null when not a multiple)
const fromNs = (ns, col) => (ns % unitNs[col.unit] === 0n ? String(ns / unitNs[col.unit]) : null);
// DuckDB reads TIME(NANOS, UTC) as TIME WITH TIME ZONE and TIMESTAMP(NANOS,
// UTC) as TIMESTAMP WITH TIME ZONE, both µs: the ns digits are lost.
const duckdbMicrosOnly = (col) => col.unit === 'NANOS' && col.utc;

// notes about columns, grouped: "reader file: message" -> column names
const columnNotes = new Map();
// Codecs a reader does not have (its own error must name the file's codec):
// DuckDB dropped the deprecated Hadoop-framed LZ4; hyparquet decompresses
// only SNAPPY without the hyparquet-compressors package.
const codecGaps = { duckdb: ['LZ4'], hyparquet: ['LZ4', 'LZ4_RAW', 'GZIP', 'ZSTD'] };
function codecLimit(reader, expect, e) {
  const msg = String(e && e.message);
  const ok = (codecGaps[reader] || []).includes(expect.codec) && /unsupported compression codec/i.test(msg) &&
    msg.includes(expect.codec);
  return ok ? msg : false;
}

function note(reader, file, col, msg) {
  const k = `${reader} ${file}\u0000${msg}`;
  if (!columnNotes.has(k)) columnNotes.set(k, new Set());
  columnNotes.get(k).add(col.name);
}

// The reader's value in canonical form (a string), or a number for FLOAT16.
function canon(reader, file, col, got) {
  switch (col.logical) {
    case 'NONE': return hex(got);
    case 'STRING': case 'ENUM': case 'JSON':
      if (reader === 'hyparquet' && col.logical === 'JSON') return JSON.stringify(got);
      return text(got);
    case 'UUID':
      if (reader === 'duckdb') return String(got);
      if (reader === 'polars') note(reader, file, col, 'no UUID type: read as Binary, the 16 bytes formatted here');
      return uuidText(got);
    case 'FLOAT16':
      if (reader === 'polars') {
        note(reader, file, col, 'no Float16 type: read as Binary, the 2 bytes decoded here as an IEEE half');
        return half(got);
      }
      return Number(got);
    case 'INT': return String(BigInt(got));
    case 'DECIMAL':
      if (reader === 'duckdb') {
        if (got.scale !== col.scale) return `scale ${got.scale}`;
        return decText(got.value, col.scale);
      }
      if (reader === 'arrow') return decText(BigInt(String(got)), col.scale); // DecimalBigNum: the unscaled integer
      if (reader === 'hyparquet') {
        note(reader, file, col, 'DECIMAL is a JS double: compared within 4 ulps of the exact value');
        return got;
      }
      return String(got);
    case 'DATE':
      if (reader === 'duckdb') return String(got.days);
      if (reader === 'arrow') return got % 86400000 === 0 ? String(got / 86400000) : `${got} ms`;
      return String(got);
    case 'TIME': case 'TIMESTAMP': {
      if (reader === 'duckdb') {
        if (got.offset) return `offset ${got.offset}`;
        if (got.nanos !== undefined) return fromNs(got.nanos, col);
        if (duckdbMicrosOnly(col)) {
          note(reader, file, col, `${col.logical}(NANOS, UTC) is read as ${col.logical} WITH TIME ZONE (µs): ` +
            'compared with the value truncated to µs');
          return String(got.micros); // compared with want / 1000 below
        }
        return fromNs(got.micros * 1000n, col);
      }
      if (reader === 'polars' && col.logical === 'TIME') return fromNs(BigInt(got), col);
      return String(BigInt(got));
    }
    default: return `unknown logical type ${col.logical}`;
  }
}

function sameLogical(reader, file, col, want, got) {
  if (want === null) return got === null || got === undefined;
  if (got === null || got === undefined) return false;
  const c = canon(reader, file, col, got);
  if (col.logical === 'FLOAT16') return Object.is(c, Number(want)) || (Number.isNaN(c) && want === 'NaN');
  if (col.logical === 'JSON' && reader === 'hyparquet') return c === JSON.stringify(JSON.parse(want));
  if (col.logical === 'DECIMAL' && reader === 'hyparquet') {
    const w = Number(want);
    return Math.abs(c - w) <= 4 * Number.EPSILON * Math.abs(w);
  }
  if (reader === 'duckdb' && (col.logical === 'TIME' || col.logical === 'TIMESTAMP') && duckdbMicrosOnly(col)) {
    return c === String(BigInt(want) / 1000n); // BigInt division truncates toward zero, as DuckDB does
  }
  return c === want;
}

// INT96: the .json has the 12 bytes (hex).  Every reader reads them as an
// Impala timestamp: nanoseconds of the day (8 bytes LE), then the Julian day
// (4 bytes LE; 2440588 is 1970-01-01).  Compared as ns since the epoch:
// hyparquet's parser is the identity (raw ns), arrow's raw Int64 (ns),
// polars cast to Int64 (ns); DuckDB's TIMESTAMP holds µs (the ns digits
// cut, noted).
function sameInt96(reader, file, col, want, got) {
  if (want === null) return got === null || got === undefined;
  if (got === null || got === undefined) return false;
  const b = Buffer.from(want, 'hex');
  const ns = (BigInt(b.readUInt32LE(8)) - 2440588n) * 86400000000000n + b.readBigUInt64LE(0);
  if (reader === 'duckdb') {
    note(reader, file, col, 'INT96 is read as TIMESTAMP (µs): compared with the value truncated to µs');
    return got.micros === (ns - (((ns % 1000n) + 1000n) % 1000n)) / 1000n; // floor: whole days plus µs of the day
  }
  return BigInt(got) === ns;
}

// unreadable: column index -> the reader's own error for a column it
// cannot deliver (recorded as a note, those values not compared)
function compare(reader, file, expect, rows, unreadable = {}) {
  if (rows.length !== expect.rows.length) {
    fail(`${reader} ${file}: ${rows.length} rows, expected ${expect.rows.length}`);
    return;
  }
  expect.columns.forEach((col, c) => {
    if (c in unreadable) {
      note(reader, file, col, `the reader cannot deliver this column: ${unreadable[c]}`);
      return;
    }
    for (let r = 0; r < rows.length; r++) {
      checks++;
      perReader[reader] = (perReader[reader] ?? 0) + 1;
      const got = Array.isArray(rows[r]) ? rows[r][c] : rows[r][col.name];
      let ok;
      try {
        ok = col.logical ? sameLogical(reader, file, col, expect.rows[r][c], got)
          : col.type === 3 ? sameInt96(reader, file, col, expect.rows[r][c], got)
            : same(col.type, expect.rows[r][c], got);
      } catch (e) {
        ok = false;
        console.log(`  (${reader} ${file}.${col.name} row ${r}: ${e.message})`);
      }
      if (!ok) {
        const show = (v) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}... (${v.length} chars)` : v);
        fail(`${reader} ${file}.${col.name} row ${r}: expected ${show(expect.rows[r][c])}, got ${show(got)}`);
        return;
      }
    }
  });
}

// ---- statistics: DuckDB's parquet_metadata() ------------------------------------
// Files without logical types: per column, the row groups' null counts must
// add up to the nulls written, and their min/max must bound exactly the
// non-NaN values written (booleans and numbers; integers order signed).
const num = (type, s) => (type === 1 || type === 2 ? BigInt(s) : type === 0 ? (s === 'true' ? 1 : 0) : Number(s));
function checkStats(meta, name, expect) {
  expect.columns.forEach((col, c) => {
    const mine = meta.filter((m) => m.path === col.name);
    let nulls = 0n;
    for (const m of mine) nulls += BigInt(m.nulls ?? 0);
    const values = expect.rows.map((r) => r[c]).filter((v) => v !== null);
    checks++;
    if (Number(nulls) !== expect.rows.length - values.length) {
      fail(`duckdb-stats ${name}.${col.name}: null_count ${nulls}, expected ${expect.rows.length - values.length}`);
    }
    if (col.type === 3 || col.type > 5) return; // INT96 has no order; bytes: values checked above
    const xs = values.map((v) => (col.type === 0 ? (v ? 1 : 0) : num(col.type, v)))
      .filter((x) => !(typeof x === 'number' && Number.isNaN(x)))
      .map((x) => (col.type === 4 ? Math.fround(x) : x));
    if (xs.length === 0) return;
    const want = [xs.reduce((a, b) => (b < a ? b : a)), xs.reduce((a, b) => (b > a ? b : a))];
    ['min', 'max'].forEach((k, i) => {
      const got = mine.map((m) => m[k]).filter((v) => v !== null && v !== undefined).map((v) => num(col.type, String(v)));
      checks++;
      if (got.length < mine.length && typeof want[i] === 'number' && !Number.isFinite(want[i])) { // (a row group's)
        notes.push(`duckdb-stats ${name}.${col.name}: DuckDB shows no ${k} for an infinite bound`);
        return;
      }
      const have = got.length === 0 ? undefined : got.reduce((a, b) => (i ? (b > a ? b : a) : (b < a ? b : a)));
      const h = col.type === 4 && have !== undefined ? Math.fround(have) : have;
      if (h === undefined || h != want[i]) { // eslint-disable-line eqeqeq -- -0.0 == 0.0
        fail(`duckdb-stats ${name}.${col.name}: ${k} ${have}, expected ${want[i]}`);
      }
    });
  });
}

// Days since 1970-01-01 of a proleptic Gregorian date (the usual era
// arithmetic: 400-year eras of 146097 days, years starting in March).
function civilDays(y, m, d) {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400), yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}
// DuckDB's text of a time of day ("HH:MM:SS[.f*][+00]") -> ns
function timeNs(s) {
  const m = /^(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(\+00)?$/.exec(s);
  if (!m) throw new Error(`unexpected time text ${s}`);
  return (BigInt(m[1]) * 3600n + BigInt(m[2]) * 60n + BigInt(m[3])) * 1000000000n + BigInt((m[4] ?? '').padEnd(9, '0'));
}
// "YYYY-MM-DD" -> days; "YYYY-MM-DD HH:MM:SS[.f*][+00]" -> ns
function dateDays(s) {
  const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(s);
  if (!m) throw new Error(`unexpected date text ${s}`);
  return civilDays(Number(m[1]), Number(m[2]), Number(m[3]));
}
const timestampNs = (s) => BigInt(dateDays(s.slice(0, 10))) * 86400000000000n + timeNs(s.slice(11));

// A value of the .json (canonical text) and DuckDB's stats text as keys that
// order as the column's logical type does: BigInt or a Buffer; null: the
// writer writes no min/max for the type.
function statKeys(col) {
  switch (col.logical) {
    case 'INT': case 'DATE': return col.type === 7 ? null : [BigInt, (s) => BigInt(col.logical === 'DATE' ? dateDays(s) : s)];
    case 'DECIMAL': // FLBA decimals order as signed numbers, not bytes: no min/max (the writer's choice)
      return col.type === 7 ? null : [decUnscaled, decUnscaled];
    case 'FLOAT16': return null; // orders as floats, not bytes: no min/max
    case 'TIME': case 'TIMESTAMP': {
      // DuckDB shows µs only for NANOS with UTC: the expected ns truncated to µs
      const cut = (ns) => (duckdbMicrosOnly(col) ? (ns / 1000n) * 1000n : ns);
      return [(v) => cut(BigInt(v) * unitNs[col.unit]), col.logical === 'TIME' ? timeNs : timestampNs];
    }
    case 'UUID': case 'STRING': case 'ENUM': case 'JSON': return [(v) => Buffer.from(v), (s) => Buffer.from(s)];
    case 'NONE': // bytes (DuckDB shows a BLOB with \xHH escapes)
      return [(v) => Buffer.from(v, 'hex'),
        (s) => Buffer.from(s.replace(/\\x([0-9A-Fa-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))), 'latin1')];
    default: return null;
  }
}
const cmp = (a, b) => (Buffer.isBuffer(a) ? Buffer.compare(a, b) : a < b ? -1 : a > b ? 1 : 0);
const STAT_BYTES = 64; // the writer keeps byte-array bounds of at most 64 bytes

// Files with logical types: per row group and column, the null count, and
// min/max as the logical type orders (unsigned integers unsigned, decimals
// by value, dates and times in time order, byte arrays bytewise).  A
// byte-array bound longer than 64 bytes is cut: then it must be marked
// inexact and still bound the values (min <= every value <= max).
function checkLogicalStats(meta, name, expect) {
  const groups = [...new Set(meta.map((m) => m.rg))].sort((a, b) => a - b);
  let start = 0;
  for (const g of groups) {
    const inGroup = meta.filter((m) => m.rg === g);
    const nrows = Number(inGroup[0].rows);
    const rows = expect.rows.slice(start, start + nrows);
    start += nrows;
    expect.columns.forEach((col, c) => {
      const m = inGroup.find((x) => x.path === col.name);
      const where = `duckdb-stats ${name}.${col.name} row group ${g}`;
      const values = rows.map((r) => r[c]).filter((v) => v !== null);
      checks++;
      if (!m) { fail(`${where}: no metadata`); return; }
      if (Number(m.nulls) !== rows.length - values.length) fail(`${where}: null_count ${m.nulls}, expected ${rows.length - values.length}`);
      const keys = statKeys(col);
      const vs = col.logical === 'FLOAT16' ? [] : values;
      checks++;
      if (!keys || vs.length === 0) {
        if (m.min !== null || m.max !== null) fail(`${where}: min ${m.min} max ${m.max}, expected none`);
        return;
      }
      const [want, have] = keys;
      const ks = vs.map(want);
      const lo = ks.reduce((a, b) => (cmp(b, a) < 0 ? b : a)), hi = ks.reduce((a, b) => (cmp(b, a) > 0 ? b : a));
      [['min', lo, m.min, m.minExact], ['max', hi, m.max, m.maxExact]].forEach(([k, w, got, exact]) => {
        checks++;
        if (got === null) {
          // no max: only right when no upper bound of 64 bytes exists (the
          // largest value's first 64 bytes are all 0xFF)
          if (k === 'max' && Buffer.isBuffer(w) && w.length > STAT_BYTES && w.subarray(0, STAT_BYTES).every((b) => b === 255)) return;
          fail(`${where}: no ${k}, expected ${w}`);
          return;
        }
        const h = have(String(got));
        const cut = Buffer.isBuffer(w) && w.length > STAT_BYTES;
        const ok = cut ? exact === false && h.length <= STAT_BYTES && (k === 'min' ? cmp(h, w) <= 0 : cmp(h, w) >= 0)
          : exact !== false && cmp(h, w) === 0;
        const show = (x) => (Buffer.isBuffer(x) && col.logical === 'NONE' ? x.toString('hex') : String(x)).slice(0, 80);
        if (!ok) fail(`${where}: ${k} ${show(h)} (exact ${exact}), expected ${cut ? 'a bound of ' : ''}${show(w)}`);
      });
    });
  }
  checks++;
  if (start !== expect.rows.length) fail(`duckdb-stats ${name}: row groups hold ${start} rows, expected ${expect.rows.length}`);
}

// Statistics at work: DuckDB skips row groups whose min/max exclude a
// filter's value, so for each column's smallest and largest value (and, for
// byte arrays, every distinct value) "WHERE col = value" must count exactly
// the rows the .json has.  Columns whose value DuckDB cannot take as text
// (FLOAT16, DATE, TIME, TIMESTAMP) are left to checkLogicalStats.
async function checkFilters(con, path, name, expect) {
  for (const [c, col] of expect.columns.entries()) {
    const keys = statKeys(col);
    if (!keys || !['INT', 'DECIMAL', 'STRING', 'ENUM', 'JSON', 'UUID', 'NONE'].includes(col.logical)) continue;
    const values = expect.rows.map((r) => r[c]).filter((v) => v !== null);
    if (!values.length) continue;
    const ks = values.map(keys[0]);
    const pick = col.type === 6 || col.type === 7 ? [...new Set(values)]
      : [values[ks.indexOf(ks.reduce((a, b) => (cmp(b, a) < 0 ? b : a)))], values[ks.indexOf(ks.reduce((a, b) => (cmp(b, a) > 0 ? b : a)))]];
    for (const v of pick) {
      const lit = col.logical === 'NONE' ? `'${v.replace(/../g, '\\x$&')}'::BLOB` : `'${v.replace(/'/g, "''")}'`;
      const want = values.filter((x) => x === v).length;
      const res = await con.runAndReadAll(`SELECT count(*) FROM read_parquet('${path}') WHERE "${col.name}" = ${lit}`);
      const got = Number(res.getRows()[0][0]);
      checks++;
      if (got !== want) fail(`duckdb-filter ${name}.${col.name} = ${lit.slice(0, 60)}: ${got} rows, expected ${want}`);
    }
  }
}

// The schema DuckDB's parquet_schema() shows: each column's physical type,
// repetition, LogicalType and the legacy ConvertedType the Parquet spec
// pairs with it (none for UUID, FLOAT16 and the NANOS units).
const typeName = ['BOOLEAN', 'INT32', 'INT64', 'INT96', 'FLOAT', 'DOUBLE', 'BYTE_ARRAY', 'FIXED_LEN_BYTE_ARRAY'];
function expectedSchema(col) {
  const unit = (u) => `unit=TimeUnit(MILLIS=${u === 'MILLIS' ? 'MilliSeconds()' : '<null>'}, MICROS=${u === 'MICROS' ? 'MicroSeconds()' : '<null>'}, NANOS=${u === 'NANOS' ? 'NanoSeconds()' : '<null>'})`;
  const t = {
    NONE: [null, null],
    STRING: ['UTF8', 'StringType()'], ENUM: ['ENUM', 'EnumType()'], JSON: ['JSON', 'JsonType()'],
    UUID: [null, 'UUIDType()'], FLOAT16: [null, 'Float16Type()'], DATE: ['DATE', 'DateType()'],
    // DuckDB prints IntType's i8 bitWidth as a raw character
    INT: [`${col.signed ? 'INT' : 'UINT'}_${col.bits}`, `IntType(bitWidth=${String.fromCharCode(col.bits)}, isSigned=${col.signed ? 1 : 0})`],
    DECIMAL: ['DECIMAL', `DecimalType(scale=${col.scale}, precision=${col.precision})`],
    TIME: [col.unit === 'NANOS' ? null : `TIME_${col.unit}`, `TimeType(isAdjustedToUTC=${col.utc ? 1 : 0}, ${unit(col.unit)})`],
    TIMESTAMP: [col.unit === 'NANOS' ? null : `TIMESTAMP_${col.unit}`, `TimestampType(isAdjustedToUTC=${col.utc ? 1 : 0}, ${unit(col.unit)})`],
  }[col.logical];
  return [col.name, typeName[col.type], col.type === 7 ? String(col.len) : null, col.optional ? 'OPTIONAL' : 'REQUIRED', t[0],
    col.logical === 'DECIMAL' ? String(col.scale) : null, col.logical === 'DECIMAL' ? String(col.precision) : null, t[1]];
}
async function checkSchema(con, path, name, expect) {
  const res = await con.runAndReadAll(`SELECT name, type, type_length, repetition_type, converted_type, scale, precision, logical_type
    FROM parquet_schema('${path}') WHERE name != 'schema'`);
  const got = res.getRows().map((r) => r.map((v) => (v === null ? null : String(v))));
  expect.columns.forEach((col, c) => {
    checks++;
    const want = expectedSchema(col);
    if (JSON.stringify(got[c]) !== JSON.stringify(want)) fail(`duckdb-schema ${name}.${col.name}: ${JSON.stringify(got[c])}, expected ${JSON.stringify(want)}`);
  });
}

// ---- pages ----------------------------------------------------------------------
// A minimal Thrift compact-protocol reader for PageHeader (field ids from
// parquet.thrift): page type, sizes, crc, and the data/dictionary page's
// value count and encoding.
function pageHeader(buf, pos) {
  let p = pos;
  const varint = () => { let r = 0n, s = 0n, b; do { b = buf[p++]; r |= BigInt(b & 0x7f) << s; s += 7n; } while (b & 0x80); return r; };
  const zz = () => { const v = varint(); return Number((v >> 1n) ^ -(v & 1n)); };
  function skip(t) {
    if (t === 1 || t === 2) return;          // bool, in the field header
    if (t === 3) { p++; return; }             // i8
    if (t >= 4 && t <= 6) { varint(); return; } // i16, i32, i64
    if (t === 7) { p += 8; return; }          // double
    if (t === 8) { const n = Number(varint()); p += n; return; } // binary (not p += varint(): p is read first)
    if (t === 9 || t === 10) {                // list, set
      const h = buf[p++], et = h & 15;
      let n = h >> 4;
      if (n === 15) n = Number(varint());
      for (let i = 0; i < n; i++) { if (et === 1 || et === 2) p++; else skip(et); }
      return;
    }
    if (t === 12) { struct(() => false); return; }
    throw new Error(`thrift type ${t} at ${p}`);
  }
  function struct(field) {
    for (let last = 0; ;) {
      const h = buf[p++];
      if (h === 0) return;
      const id = h >> 4 ? last + (h >> 4) : zz();
      last = id;
      if (!field(id, h & 15)) skip(h & 15);
    }
  }
  const h = {};
  struct((id) => {
    if (id === 1) h.type = zz();
    else if (id === 2) h.uncompressed = zz();
    else if (id === 3) h.size = zz();
    else if (id === 4) h.crc = zz();
    else if (id === 5 || id === 7 || id === 8) { // DataPageHeader, DictionaryPageHeader, DataPageHeaderV2
      const encId = id === 8 ? 4 : 2;
      struct((f) => {
        if (f === 1) h.values = zz();
        else if (f === encId) h.encoding = zz();
        else return false;
        return true;
      });
    } else return false;
    return true;
  });
  h.body = p;
  return h;
}

const ENC = { PLAIN: 0, PLAIN_DICTIONARY: 2, RLE: 3, DELTA_BINARY_PACKED: 5, DELTA_LENGTH_BYTE_ARRAY: 6,
  DELTA_BYTE_ARRAY: 7, RLE_DICTIONARY: 8, BYTE_STREAM_SPLIT: 9 };
// ppq_writer.h: AUTO is RLE for BOOLEAN; for other types a dictionary where it
// is smaller, else DELTA_BINARY_PACKED for INT32/INT64 and PLAIN for the rest.
function declared(col) {
  if (col.encoding !== 'AUTO') return col.encoding;
  return col.type === 0 ? 'AUTO_BOOLEAN' : 'AUTO';
}
// What AUTO may take instead of a dictionary (issue 27: the smallest, weighed):
// integers DELTA_BINARY_PACKED, byte arrays DELTA_LENGTH_BYTE_ARRAY or
// DELTA_BYTE_ARRAY, and PLAIN (also a page of nulls only, in any column)
const autoAlts = (col) => (col.type === 1 || col.type === 2 ? ['PLAIN', 'DELTA_BINARY_PACKED']
  : col.type === 6 ? ['PLAIN', 'DELTA_LENGTH_BYTE_ARRAY', 'DELTA_BYTE_ARRAY'] : ['PLAIN']);
const autoAlt = (col) => autoAlts(col).join('/');
// PLAIN bytes of a chunk's values (BOOLEAN aside): what AUTO must not exceed by much
const plainBytes = (col, values) => values.reduce((n, v) => n + (col.type === 6 ? 4 + Buffer.byteLength(String(v))
  : col.type === 7 ? col.len : [0, 4, 8, 12, 4, 8][col.type]), 0);

// Every column chunk's pages: a CRC-32 of each page body when the file asked
// for one (and none otherwise); v1 or v2 data pages as asked; the data pages'
// value counts adding up to the chunk's; the declared encoding on every data
// page, except that a dictionary column's pages are dictionary-encoded, then
// (after its dictionary filled) PLAIN, never back.  A chunk with more
// distinct values than the dictionary may hold must have fallen back; one
// with few, short values must not have.
function checkPages(buf, meta, name, expect) {
  const groups = [...new Set(meta.map((m) => m.rg))].sort((a, b) => a - b);
  let start = 0, fallbacks = 0;
  for (const g of groups) {
    const inGroup = meta.filter((m) => m.rg === g);
    const nrows = Number(inGroup[0].rows);
    expect.columns.forEach((col, c) => {
      const m = inGroup.find((x) => x.path === col.name);
      const where = `pages ${name}.${col.name} row group ${g}`;
      const values = expect.rows.slice(start, start + nrows).map((r) => r[c]).filter((v) => v !== null);
      const first = m.dict !== null && m.dict > 0 ? Number(m.dict) : Number(m.data);
      const end = first + Number(m.size);
      const enc = declared(col);
      const seen = [];
      let pos = first, count = 0, dictPages = 0, firstValues = 0;
      while (pos < end) {
        const h = pageHeader(buf, pos);
        checks++;
        if (expect.crc ? h.crc === undefined || (crc32(buf.subarray(h.body, h.body + h.size)) | 0) !== h.crc : h.crc !== undefined) {
          fail(`${where}: page at ${pos}: crc ${h.crc}, ${expect.crc ? 'expected the CRC-32 of its body' : 'expected none'}`);
        }
        if (h.type === 2) {
          dictPages++;
          if (seen.length || (enc !== 'DICTIONARY' && enc !== 'AUTO') || (h.encoding !== ENC.PLAIN && h.encoding !== ENC.PLAIN_DICTIONARY)) {
            fail(`${where}: unexpected dictionary page (encoding ${h.encoding})`);
          }
        } else if (h.type === (expect.page_v2 ? 3 : 0)) {
          if (!seen.length) firstValues = h.values;
          seen.push(h.encoding);
          count += h.values;
        } else {
          fail(`${where}: page type ${h.type}, expected ${expect.page_v2 ? 'DATA_PAGE_V2' : 'DATA_PAGE'}`);
        }
        pos = h.body + h.size;
      }
      checks++;
      if (pos !== end || count !== Number(m.numValues)) fail(`${where}: pages end at ${pos} (chunk ends at ${end}), ${count} values (chunk: ${m.numValues})`);
      checks++;
      if (expect.compact) {
        // the compact layout: one data page per chunk (after its dictionary
        // page; an AUTO dictionary's indices may be in a few pages of growing
        // width, 64-bit hosts); a dictionary never falls back (the row group
        // ends), so a chunk holds at most dict_entries distinct values.  AUTO: RLE for
        // BOOLEAN; every other column weighs each row group: its own encoding
        // (DELTA_BINARY_PACKED for INT64, and for INT32 in stores of 8 KiB or
        // more; else a dictionary), or, where that lost, PLAIN or (integers)
        // a dictionary for the next row groups.
        const autoNum = enc === 'AUTO' && [1, 2, 4, 5].includes(col.type);
        const autoOther = enc === 'AUTO' && !autoNum;
        const want = enc === 'AUTO_BOOLEAN' ? 'RLE' : enc !== 'AUTO' ? enc : autoNum ? 'its own or an alternative' : 'DICTIONARY or PLAIN';
        const isDict = seen[0] === ENC.RLE_DICTIONARY && (enc === 'AUTO' || want === 'DICTIONARY');
        const distinct = new Set(values.map((v) => JSON.stringify(v)));
        // (a DELTA column whose deltas passed 32 bits went on PLAIN)
        const okEnc = autoNum ? isDict || seen[0] === ENC.PLAIN || ([1, 2].includes(col.type) && seen[0] === ENC.DELTA_BINARY_PACKED)
          : autoOther ? isDict || seen[0] === ENC.PLAIN
          : want === 'DICTIONARY' ? isDict
          : seen[0] === ENC[want] || (want === 'DELTA_BINARY_PACKED' && seen[0] === ENC.PLAIN) ||
            (want === 'RLE' && seen[0] === ENC.PLAIN); // (an AUTO BOOLEAN whose RLE took more than its bits: hosts)
        if (autoNum && seen[0] === ENC.PLAIN) plainByAuto++;
        const widthPages = isDict && enc === 'AUTO' && seen.every((e) => e === ENC.RLE_DICTIONARY);
        if ((seen.length !== 1 && !widthPages) || dictPages !== (isDict ? 1 : 0) || !okEnc) {
          fail(`${where}: compact: data page encodings ${seen}, ${dictPages} dictionary pages, expected one ${want} page`);
        }
        if (isDict && distinct.size > expect.dict_entries) fail(`${where}: compact: ${distinct.size} distinct values in one dictionary`);
      } else if (enc === 'DICTIONARY') {
        const isDict = (e) => e === ENC.RLE_DICTIONARY || e === ENC.PLAIN_DICTIONARY;
        const k = seen.findIndex((e) => !isDict(e));
        const fellBack = k >= 0;
        if ((fellBack && !seen.slice(k).every((e) => e === ENC.PLAIN)) || (seen.some(isDict) && dictPages !== 1)) {
          fail(`${where}: data page encodings ${seen}, ${dictPages} dictionary pages`);
        }
        const bytes = (set) => [...set].reduce((n, v) => n + 4 + (col.type === 6 ? Buffer.byteLength(String(v)) : col.type === 7 ? col.len : 8), 0);
        const fits = (set) => set.size <= expect.dict_entries && bytes(set) <= expect.dict_bytes / 2;
        const distinct = new Set(values);
        // the first page's values (a page holds whole rows: flat schema)
        const head = new Set(expect.rows.slice(start, start + firstValues).map((r) => r[c]).filter((v) => v !== null));
        if (distinct.size > expect.dict_entries && !fellBack) fail(`${where}: ${distinct.size} distinct values but no fallback to PLAIN`);
        // (a page of nulls only is an empty PLAIN page, not a fallback)
        if (fits(distinct) && distinct.size > 0 && fellBack && seen.some(isDict)) fail(`${where}: ${distinct.size} distinct values, yet fell back to PLAIN`);
        if (fellBack && k === 0 && seen.length > 1 && head.size > 0 && fits(head)) fail(`${where}: the first page's ${head.size} distinct values fit the dictionary, yet it is PLAIN`);
        if (fellBack && k > 0) fallbacks++;
      } else if (enc === 'AUTO') {
        // dictionary pages (after a dictionary page), then the alternative, never back;
        // never much bigger than PLAIN; a dictionary where few distinct floats or
        // strings repeat (integers may be smaller still as deltas)
        const isDict = (e) => e === ENC.RLE_DICTIONARY;
        const k = seen.findIndex((e) => !isDict(e));
        const altOk = seen.every((e) => isDict(e) || autoAlts(col).some((a) => ENC[a] === e));
        if (!altOk || (seen.some(isDict) !== (dictPages === 1)) || dictPages > 1) {
          fail(`${where}: AUTO data page encodings ${seen}, ${dictPages} dictionary pages (alternative ${autoAlt(col)})`);
        }
        const plain = plainBytes(col, values), pages = seen.length + dictPages;
        if (Number(m.size) > plain * 1.1 + pages * 80 + 16) fail(`${where}: AUTO chunk of ${m.size} bytes, PLAIN would take ${plain} (+${pages} page headers)`);
        const distinct = new Set(values.map((v) => JSON.stringify(v)));
        if (col.type >= 4 && values.length >= 64 && distinct.size * 8 <= values.length && distinct.size <= expect.dict_entries && !isDict(seen[0])) {
          fail(`${where}: AUTO: ${distinct.size} distinct values in ${values.length}, yet no dictionary`);
        }
      } else if (enc === 'AUTO_BOOLEAN') {
        // RLE, or PLAIN where a page's RLE came out larger (issue 27)
        if (!seen.every((e) => e === ENC.RLE || e === ENC.PLAIN)) fail(`${where}: AUTO BOOLEAN data page encodings ${seen}`);
      } else if (!seen.every((e) => e === ENC[enc])) {
        fail(`${where}: data page encodings ${seen}, expected ${enc} (${ENC[enc]})`);
      }
    });
    start += nrows;
  }
  return fallbacks;
}

// ---- the readers ------------------------------------------------------------------
// hyparquet: the parsers that would turn dates and timestamps (INT96 too)
// into JS Dates (ms) are replaced by the identity, so the raw values come through.
const rawParsers = {
  timestampFromMilliseconds: (v) => v, timestampFromMicroseconds: (v) => v, timestampFromNanoseconds: (v) => v,
  dateFromDays: (v) => v,
};

// arrow: a Timestamp column's raw Int64 (Vector.get() converts to ms).
function arrowRaw(vec, r) {
  if (vec.get(r) === null) return null;
  for (const d of vec.data) {
    if (r < d.length) return d.values[r];
    r -= d.length;
  }
  return undefined;
}

// polars: what to select so each column reaches JS whole.
function polarsExpr(col) {
  const c = pl.col(col.name);
  switch (col.logical) {
    case undefined: case 'NONE':
      if (col.type === 2 || col.type === 3) return c.cast(pl.Int64).cast(pl.Utf8); // INT64 (INT96: ns) as decimal text: JS numbers would round
      if (col.type === 6 || col.type === 7) return c.cast(pl.List(pl.UInt8)); // Binary cannot reach JS as is
      return c;
    case 'STRING': case 'ENUM': case 'JSON': return c.cast(pl.Utf8);
    case 'UUID': case 'FLOAT16': return c.cast(pl.List(pl.UInt8));
    case 'INT': return col.bits === 64 ? c.cast(pl.Utf8) : c;
    case 'DECIMAL': return c.cast(pl.Utf8);
    case 'DATE': return c.cast(pl.Int32);
    default: return c.cast(pl.Int64).cast(pl.Utf8); // TIME (ns), TIMESTAMP (its unit)
  }
}
const duckdbLimit = /only supported for FLOAT or DOUBLE/i;
const polarsLimit = /not yet supported|not yet implemented|invalid utf8/i;

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
for (const f of readdirSync(dir).filter((n) => n.endsWith('.parquet')).sort()) {
  const path = join(dir, f);
  const name = f.replace('.parquet', '');
  const expect = JSON.parse(readFileSync(join(dir, name + '.json'), 'utf8'));
  const logical = expect.columns.some((c) => c.logical);
  const buf = readFileSync(path);
  try {
    // the whole file, or (when DuckDB lacks an encoding one column uses)
    // column by column, recording what it cannot decode with its error
    let rows, noCodec = false;
    try {
      rows = (await con.runAndReadAll(`SELECT * FROM read_parquet('${path}')`)).getRows();
    } catch (e) {
      // a codec the reader does not have (DuckDB dropped the deprecated LZ4): a note, the metadata still checked
      noCodec = codecLimit('duckdb', expect, e);
      if (!noCodec && !duckdbLimit.test(String(e.message))) throw e;
    }
    if (rows) {
      compare('duckdb', name, expect, rows);
    } else if (noCodec) {
      notes.push(`duckdb ${name}: the reader cannot decompress ${expect.codec}: ${String(noCodec).split('\n')[0]}`);
    } else {
      const unreadable = {};
      const cells = [];
      for (const [i, c] of expect.columns.entries()) {
        try {
          cells.push((await con.runAndReadAll(`SELECT "${c.name}" FROM read_parquet('${path}')`)).getRows().map((r) => r[0]));
        } catch (e) {
          if (!duckdbLimit.test(String(e.message))) throw e;
          unreadable[i] = String(e.message).split('\n')[0];
          cells.push([]);
        }
      }
      compare('duckdb', name, expect, expect.rows.map((_, r) => cells.map((col) => col[r])), unreadable);
    }
    const mres = await con.runAndReadAll(`SELECT path_in_schema, row_group_id, row_group_num_rows, stats_min_value,
      stats_max_value, stats_null_count, min_is_exact, max_is_exact, dictionary_page_offset, data_page_offset,
      total_compressed_size, num_values FROM parquet_metadata('${path}')`);
    const meta = mres.getRows().map((m) => ({ path: String(m[0]), rg: Number(m[1]), rows: m[2], min: m[3], max: m[4],
      nulls: m[5], minExact: m[6], maxExact: m[7], dict: m[8], data: m[9], size: m[10], numValues: m[11] }));
    if (logical) {
      checkLogicalStats(meta, name, expect);
      await checkSchema(con, path, name, expect);
      if (rows) await checkFilters(con, path, name, expect); // (not when DuckDB cannot read every column)
    } else {
      checkStats(meta, name, expect);
    }
    const fb = checkPages(buf, meta, name, expect);
    if (fb) notes.push(`pages ${name}: ${fb} column chunks fell back from dictionary to PLAIN after dictionary-encoded pages`);
  } catch (e) {
    fail(`duckdb ${name}: ${e.message}`);
  }
  try {
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    const rows = await parquetReadObjects({ file: ab, utf8: false, parsers: rawParsers });
    compare('hyparquet', name, expect, rows);
  } catch (e) {
    if (codecLimit('hyparquet', expect, e)) notes.push(`hyparquet ${name}: the reader cannot decompress ${expect.codec}: ${e.message}`);
    else fail(`hyparquet ${name}: ${e.message}`);
  }
  try { // arrow-rs compiled to WebAssembly, rows through Arrow JS
    const table = tableFromIPC(readParquet(new Uint8Array(buf)).intoIPCStream());
    const cols = expect.columns.map((c) => table.getChild(c.name));
    expect.columns.forEach((c, i) => { // arrow's type must carry the unit, UTC flag and scale written
      const t = cols[i]?.type;
      if (!c.logical || !t) return;
      checks++;
      const unitOk = !c.unit || String(t.unit) === String({ MILLIS: 1, MICROS: 2, NANOS: 3 }[c.unit]);
      const utcOk = c.logical !== 'TIMESTAMP' || Boolean(t.timezone) === c.utc;
      const scaleOk = c.logical !== 'DECIMAL' || t.scale === c.scale;
      if (!unitOk || !utcOk || !scaleOk) fail(`arrow ${name}.${c.name}: type ${t}`);
    });
    const rows = [];
    for (let r = 0; r < table.numRows; r++) {
      rows.push(cols.map((v, i) => (!v ? undefined
        : expect.columns[i].logical === 'TIMESTAMP' || expect.columns[i].type === 3 ? arrowRaw(v, r) : v.get(r))));
    }
    compare('arrow', name, expect, rows);
  } catch (e) {
    fail(`arrow ${name}: ${e.message}`);
  }
  try {
    // column by column: some columns must be cast to reach JS (polarsExpr),
    // and its Rust reader lacks some encodings (the file is then read a
    // column at a time, and what it cannot decode is recorded with its error)
    const unreadable = {};
    let whole = null;
    try {
      whole = pl.readParquet(path);
    } catch (e) {
      if (!polarsLimit.test(String(e.message))) throw e;
    }
    const cells = expect.columns.map((c, i) => {
      try {
        const df = whole ?? pl.readParquet(path, { columns: [c.name] });
        return df.select(polarsExpr(c)).rows().map((row) => row[0]);
      } catch (e) {
        if (!polarsLimit.test(String(e.message))) throw e;
        unreadable[i] = String(e.message).split('\n')[0];
        return [];
      }
    });
    const height = whole ? whole.height : expect.rows.length;
    compare('polars', name, expect, Array.from({ length: height }, (_, r) => cells.map((col) => col[r])), unreadable);
  } catch (e) {
    fail(`polars ${name}: ${e.message}`);
  }
}
for (const n of [...new Set(notes)]) console.log('note: ' + n);
for (const [k, cols] of columnNotes) {
  const [where, msg] = k.split('\u0000');
  console.log(`note: ${where}: ${[...cols].join(', ')}: ${msg}`);
}
for (const [k, why] of Object.entries(knownBugs)) {
  if (knownSeen.has(k)) {
    console.log(`known writer bug: ${k.trim()}: ${why}`);
  } else {
    failures++;
    console.log(`FAIL ${k.trim()}: passes now; remove it from knownBugs`);
  }
}
console.log(`values compared: ${Object.entries(perReader).map(([r, n]) => `${r} ${n}`).join(', ')}`);
// the compact file's noisy columns: AUTO by size did choose PLAIN somewhere
if (plainByAuto === 0) fail('compact: no chunk of an AUTO number column went PLAIN by size');
console.log(`compact: ${plainByAuto} chunks of AUTO number columns PLAIN by size`);
console.log(`interop: ${checks} values checked, ${failures} failures`);
process.exit(failures ? 1 : 0);
