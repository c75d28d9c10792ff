// Reads the page index (ColumnIndex, OffsetIndex) of every file gen_files
// wrote with hyparquet's own readColumnIndex/readOffsetIndex, and compares
// it with the pages and the values themselves: the OffsetIndex's pages must
// tile the column chunk from its first data page to its end, each starting
// with a data page header, their first rows rising from 0; the ColumnIndex
// must hold each page's real null count, whether it holds only nulls, and
// its min and max (hyparquet's values of the page's rows, NaN left out;
// byte arrays longer than the writer's 32-byte bounds: a min at most and a
// max at least the real ones), in the boundary order it claims (the values
// of chunks in codecs hyparquet cannot decompress are not compared).  The
// recoverable file and its recoveries (cut at every row group's end) must
// have an OffsetIndex on every chunk.
// usage: node index_check.mjs DIR
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parquetMetadata, parquetReadObjects, readColumnIndex, readOffsetIndex } from 'hyparquet';

const dir = process.argv[2];
let failures = 0, files = 0, chunks = 0, withCi = 0, pages = 0, ascending = 0, descending = 0, skipped = 0;
const fail = (msg) => { failures++; if (failures <= 30) console.log('FAIL ' + msg); };

// Bytes of a value as the writer compares them (strings as UTF-8).
const bytesOf = (v) => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v instanceof Uint8Array ? Buffer.from(v) : null);
function cmp(a, b) {
  const ba = bytesOf(a), bb = bytesOf(b);
  if (ba && bb) return Buffer.compare(ba, bb);
  if (a instanceof Date) { a = a.getTime(); b = b.getTime(); }
  if (typeof a === 'boolean') { a = Number(a); b = Number(b); }
  return a < b ? -1 : a > b ? 1 : 0;
}
const same = (x) => x;
const raw = { dateFromDays: same, timestampFromMilliseconds: same, timestampFromMicroseconds: same, timestampFromNanoseconds: same };
const isNaNValue = (v) => typeof v === 'number' && Number.isNaN(v);

for (const name of readdirSync(dir).filter((f) => f.endsWith('.parquet')).sort()) {
  const buf = readFileSync(join(dir, name));
  const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  const meta = parquetMetadata(ab);
  files++;
  let rowBase = 0;
  for (const [g, rg] of meta.row_groups.entries()) {
    const rows = Number(rg.num_rows);
    for (const [c, chunk] of rg.columns.entries()) {
      const where = `${name} rg ${g} col ${c}`;
      if (chunk.offset_index_offset === undefined) {
        // the recoverable file and every recovery of it (a cut at 60%, before
        // the footer, and a byte before each row group's end) keep the index
        if (name.startsWith('recover')) fail(`${where}: no OffsetIndex`);
        continue;
      }
      const md = chunk.meta_data, element = meta.schema[c + 1];
      chunks++;
      const oiAt = Number(chunk.offset_index_offset);
      const oi = readOffsetIndex({ view: new DataView(ab, oiAt, chunk.offset_index_length), offset: 0 });
      const locs = oi.page_locations;
      const first = Number(md.data_page_offset);
      const end = Number(md.dictionary_page_offset ?? md.data_page_offset) + Number(md.total_compressed_size);
      let at = first;
      for (const [j, loc] of locs.entries()) {
        const off = Number(loc.offset), fr = Number(loc.first_row_index);
        if (off !== at) fail(`${where} page ${j}: offset ${off}, the last page ended at ${at}`);
        if (buf[off] !== 0x15 || (buf[off + 1] !== 0x00 && buf[off + 1] !== 0x06)) fail(`${where} page ${j}: no data page header at ${off}`);
        if (j === 0 ? fr !== 0 : fr <= Number(locs[j - 1].first_row_index) || fr >= rows) fail(`${where} page ${j}: first row ${fr}`);
        at = off + loc.compressed_page_size;
      }
      if (at !== end) fail(`${where}: pages end at ${at}, the chunk at ${end}`);
      if (chunk.column_index_offset === undefined) continue;
      withCi++;
      const json = element.converted_type === 'JSON' || element.logical_type?.type === 'JSON'; // (values come parsed)
      if ((md.codec !== 'UNCOMPRESSED' && md.codec !== 'SNAPPY') || json) { skipped++; continue; } // (hyparquet's codecs)
      // hyparquet 1.31.5's readColumnIndex throws on a null page's empty bounds (byte[0], as the format
      // asks) of DATE and TIMESTAMP columns: their bounds read as plain integers, as do their values
      const time = element.converted_type === 'DATE' || element.converted_type?.startsWith('TIMESTAMP') ||
        element.logical_type?.type === 'TIMESTAMP' || element.logical_type?.type === 'DATE';
      const ciElement = time ? { ...element, converted_type: undefined, logical_type: undefined } : element;
      const ciAt = Number(chunk.column_index_offset);
      const ci = readColumnIndex({ view: new DataView(ab, ciAt, chunk.column_index_length), offset: 0 }, ciElement);
      if (ci.null_pages.length !== locs.length) fail(`${where}: ${ci.null_pages.length} ColumnIndex pages, ${locs.length} OffsetIndex pages`);
      const values = (await parquetReadObjects({ file: ab, columns: [element.name], rowStart: rowBase, rowEnd: rowBase + rows,
        parsers: time ? raw : undefined }))
        .map((r) => r[element.name]);
      let prev = null;
      for (const [j, loc] of locs.entries()) {
        const from = Number(loc.first_row_index), to = j + 1 < locs.length ? Number(locs[j + 1].first_row_index) : rows;
        const page = values.slice(from, to), present = page.filter((v) => v !== null && v !== undefined);
        const nulls = page.length - present.length, real = present.filter((v) => !isNaNValue(v));
        pages++;
        if (Number(ci.null_counts[j]) !== nulls) fail(`${where} page ${j}: null count ${ci.null_counts[j]}, the page has ${nulls}`);
        if (ci.null_pages[j] !== (present.length === 0)) fail(`${where} page ${j}: null_pages ${ci.null_pages[j]}`);
        if (present.length === 0) continue;
        if (real.length === 0) { fail(`${where} page ${j}: all NaN, yet a ColumnIndex`); continue; }
        const lo = real.reduce((a, v) => (cmp(v, a) < 0 ? v : a)), hi = real.reduce((a, v) => (cmp(v, a) > 0 ? v : a));
        const mn = ci.min_values[j], mx = ci.max_values[j];
        const cutLo = (bytesOf(lo)?.length ?? 0) > 32, cutHi = (bytesOf(hi)?.length ?? 0) > 32;
        if (cutLo ? cmp(mn, lo) > 0 : cmp(mn, lo) !== 0) fail(`${where} page ${j}: min ${mn}, the page's ${lo}`);
        if (cutHi ? cmp(mx, hi) < 0 : cmp(mx, hi) !== 0) fail(`${where} page ${j}: max ${mx}, the page's ${hi}`);
        if (prev) {
          const up = cmp(mn, prev[0]) >= 0 && cmp(mx, prev[1]) >= 0, down = cmp(mn, prev[0]) <= 0 && cmp(mx, prev[1]) <= 0;
          if (ci.boundary_order === 'ASCENDING' && !up) fail(`${where} page ${j}: not ASCENDING`);
          if (ci.boundary_order === 'DESCENDING' && !down) fail(`${where} page ${j}: not DESCENDING`);
        }
        prev = [mn, mx];
      }
      ascending += ci.boundary_order === 'ASCENDING';
      descending += ci.boundary_order === 'DESCENDING';
    }
    rowBase += rows;
  }
}
console.log(`index_check: ${files} files, ${chunks} column chunks with an OffsetIndex, ${withCi} with a ColumnIndex ` +
  `(${ascending} ASCENDING, ${descending} DESCENDING; ${skipped} JSON or in codecs hyparquet lacks, not compared), ` +
  `${pages} pages compared: ${failures} failures`);
if (chunks === 0 || withCi === 0) { console.log('FAIL no page index found'); process.exit(1); }
process.exit(failures > 0 ? 1 : 0);
