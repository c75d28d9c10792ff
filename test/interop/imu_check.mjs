// The IMU logger's nested file (examples/imu_logger: a timestamp and a
// LIST<FLOAT> burst per axis each row) read by DuckDB value for value
// against the generator's rule, computed here (not from our writer): the
// sensor's noise from the same 32-bit LCG, a triangle wave per axis, 1/1024 g
// a step.  usage: node imu_check.mjs FILE.parquet
import { DuckDBInstance } from '@duckdb/node-api';

const file = process.argv[2];
const ROWS = 600, SAMPLES = 100;
let state = 12345;
const noise = () => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return ((state >>> 16) % 9) - 4;
};
const sample = (t, period, amp, offset) => {
  const phase = t % period, half = Math.trunc(period / 2);
  const tri = Math.trunc((phase < half ? phase : period - phase) * 2 * amp / half) - amp;
  return (offset + tri + noise()) / 1024;
};
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const rows = (await con.runAndReadAll(`SELECT epoch_us(ts)::BIGINT, ax, ay, az FROM read_parquet('${file}')`)).getRows();
let failures = 0, values = 0;
const fail = (m) => { if (++failures <= 10) console.log('FAIL ' + m); };
if (rows.length !== ROWS) fail(`${rows.length} rows, expected ${ROWS}`);
for (let r = 0; r < Math.min(rows.length, ROWS); r++) {
  const [ts, ...axes] = rows[r];
  if (BigInt(ts) !== 1767225600000000n + BigInt(r) * 100000n) fail(`row ${r}: ts ${ts}`);
  const want = [[], [], []];
  for (let i = 0; i < SAMPLES; i++) {
    const t = r * SAMPLES + i;
    want[0].push(sample(t, 20, 90, 0));
    want[1].push(sample(t, 8, 40, 0));
    want[2].push(sample(t, 50, 30, 1024));
  }
  for (let a = 0; a < 3; a++) {
    const got = axes[a]?.items ?? axes[a];
    if (!got || got.length !== SAMPLES) { fail(`row ${r} axis ${a}: ${got?.length} samples`); continue; }
    for (let i = 0; i < SAMPLES; i++, values++) {
      if (got[i] !== want[a][i]) fail(`row ${r} axis ${a} sample ${i}: ${got[i]}, expected ${want[a][i]}`);
    }
  }
}
console.log(`imu_check: ${file}: ${rows.length} rows, ${values} samples read by DuckDB against the generator, ${failures} failures`);
process.exit(failures ? 1 : 0);
