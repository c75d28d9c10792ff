// A small Parquet file, built here byte by byte, of the nested forms no
// writer in test/interop produces: the LIST backward-compatibility forms of
// the spec's LogicalTypes (a repeated primitive, a repeated group named
// `array` or `<list>_tuple`, a repeated group of several fields or of one
// repeated field), a
// repeated field with no LIST annotation, and a legacy MAP (its repeated
// group named `map`, annotated MAP_KEY_VALUE).  One data page per column,
// v1, PLAIN values, levels as RLE runs of one.  The levels are written out
// by hand below; the values they mean are DuckDB's reading of the file.

const T = { STOP: 0, I32: 5, I64: 6, BINARY: 8, LIST: 9, STRUCT: 12 };

function varint(out, v) {
  let x = BigInt(v);
  do {
    let b = Number(x & 0x7fn);
    x >>= 7n;
    if (x) b |= 0x80;
    out.push(b);
  } while (x);
}
const zigzag = (v) => { const x = BigInt(v); return x >= 0n ? x << 1n : ((-x) << 1n) - 1n; };

// Thrift compact: a struct is [[id, type, value], ...] in id order; a list
// value is [elemType, items].
function putValue(out, type, v) {
  if (type === T.I32 || type === T.I64) varint(out, zigzag(v));
  else if (type === T.BINARY) { const b = Buffer.from(v); varint(out, b.length); out.push(...b); }
  else if (type === T.LIST) {
    const [et, items] = v;
    if (items.length < 15) out.push((items.length << 4) | et); else { out.push(0xf0 | et); varint(out, items.length); }
    for (const x of items) putValue(out, et, x);
  } else if (type === T.STRUCT) putStruct(out, v);
}
function putStruct(out, fields) {
  let last = 0;
  for (const [id, type, v] of fields) {
    if (v === undefined) continue;
    out.push(((id - last) << 4) | type);
    last = id;
    putValue(out, type, v);
  }
  out.push(T.STOP);
}
const thrift = (fields) => { const out = []; putStruct(out, fields); return Buffer.from(out); };

const REQ = 0, OPT = 1, REP = 2, INT32 = 1, BYTE_ARRAY = 6, UTF8 = 0, MAP = 1, MAP_KEY_VALUE = 2, LIST = 3;
const schema = [
  { name: 'schema', children: 7 },
  // rule 1: a repeated primitive is the (required) element
  { name: 'l1', rep: OPT, conv: LIST, children: 1 }, { name: 'element', rep: REP, type: INT32 },
  // rule 4: a repeated group named `array` is the element
  { name: 'l2', rep: OPT, conv: LIST, children: 1 }, { name: 'array', rep: REP, children: 1 },
  { name: 'x', rep: REQ, type: INT32 },
  // rule 4: `<list name>_tuple`
  { name: 'l3', rep: OPT, conv: LIST, children: 1 }, { name: 'l3_tuple', rep: REP, children: 1 },
  { name: 's', rep: OPT, type: BYTE_ARRAY, conv: UTF8 },
  // rule 2: a repeated group of several fields is the element
  { name: 'l4', rep: OPT, conv: LIST, children: 1 }, { name: 'pair', rep: REP, children: 2 },
  { name: 'a', rep: REQ, type: INT32 }, { name: 'b', rep: OPT, type: INT32 },
  // rule 3: a repeated group whose one field is repeated is the element
  // (the spec's List<List<Integer>> example: the element a 2-level LIST)
  { name: 'l5', rep: OPT, conv: LIST, children: 1 }, { name: 'array', rep: REP, conv: LIST, children: 1 },
  { name: 'array', rep: REP, type: INT32 },
  // a repeated field, no annotation: a list of required elements
  { name: 'r', rep: REP, type: INT32 },
  // legacy MAP
  { name: 'mk', rep: OPT, conv: MAP, children: 1 }, { name: 'map', rep: REP, conv: MAP_KEY_VALUE, children: 2 },
  { name: 'key', rep: REQ, type: BYTE_ARRAY, conv: UTF8 }, { name: 'value', rep: OPT, type: INT32 },
];
// per column: [repetition, definition, value?] per entry; rows: [1,2], null, [], [3] (and the like)
const columns = [
  { path: ['l1', 'element'], type: INT32, maxRep: 1, maxDef: 2,
    levels: [[0, 2, 1], [1, 2, 2], [0, 0], [0, 1], [0, 2, 3]] },
  { path: ['l2', 'array', 'x'], type: INT32, maxRep: 1, maxDef: 2,
    levels: [[0, 2, 10], [1, 2, 20], [0, 0], [0, 1], [0, 2, 30]] },
  { path: ['l3', 'l3_tuple', 's'], type: BYTE_ARRAY, maxRep: 1, maxDef: 3,
    levels: [[0, 3, 'a'], [1, 2], [0, 0], [0, 1], [0, 3, 'b']] },
  { path: ['l4', 'pair', 'a'], type: INT32, maxRep: 1, maxDef: 2,
    levels: [[0, 2, 1], [1, 2, 2], [0, 0], [0, 1], [0, 2, 4]] },
  { path: ['l4', 'pair', 'b'], type: INT32, maxRep: 1, maxDef: 3,
    levels: [[0, 2], [1, 3, 3], [0, 0], [0, 1], [0, 3, 5]] },
  { path: ['l5', 'array', 'array'], type: INT32, maxRep: 2, maxDef: 3,
    levels: [[0, 3, 1], [2, 3, 2], [1, 2], [0, 0], [0, 1], [0, 3, 3]] },
  { path: ['r'], type: INT32, maxRep: 1, maxDef: 1,
    levels: [[0, 1, 5], [1, 1, 6], [0, 0], [0, 1, 7], [0, 0]] },
  { path: ['mk', 'map', 'key'], type: BYTE_ARRAY, maxRep: 1, maxDef: 2,
    levels: [[0, 2, 'x'], [1, 2, 'y'], [0, 0], [0, 1], [0, 2, 'z']] },
  { path: ['mk', 'map', 'value'], type: INT32, maxRep: 1, maxDef: 3,
    levels: [[0, 3, 1], [1, 2], [0, 0], [0, 1], [0, 3, 3]] },
];
const ROWS = 4;

// levels as RLE runs of one value each (width: bits of the maximum), with
// the v1 4-byte length
function levelBytes(vals, max) {
  const out = [];
  for (const v of vals) { out.push(2); out.push(v); } // run header (1 << 1), the value in one byte (max < 256)
  const len = Buffer.alloc(4);
  len.writeUInt32LE(out.length);
  return max > 0 ? Buffer.concat([len, Buffer.from(out)]) : Buffer.alloc(0);
}

export function legacyNestedFile() {
  const parts = [Buffer.from('PAR1')];
  let at = 4;
  const chunks = [];
  for (const c of columns) {
    const vals = [];
    for (const [, d, v] of c.levels) {
      if (d !== c.maxDef) continue;
      if (c.type === INT32) { const b = Buffer.alloc(4); b.writeInt32LE(v); vals.push(b); } else {
        const s = Buffer.from(v), b = Buffer.alloc(4);
        b.writeUInt32LE(s.length);
        vals.push(b, s);
      }
    }
    const body = Buffer.concat([levelBytes(c.levels.map((l) => l[0]), c.maxRep),
      levelBytes(c.levels.map((l) => l[1]), c.maxDef), ...vals]);
    const header = thrift([[1, T.I32, 0], [2, T.I32, body.length], [3, T.I32, body.length],
      [5, T.STRUCT, [[1, T.I32, c.levels.length], [2, T.I32, 0], [3, T.I32, 3], [4, T.I32, 3]]]]);
    chunks.push({ c, offset: at, size: header.length + body.length });
    parts.push(header, body);
    at += header.length + body.length;
  }
  const footer = thrift([
    [1, T.I32, 1],
    [2, T.LIST, [T.STRUCT, schema.map((s) => [[1, T.I32, s.type], [3, T.I32, s.name === 'schema' ? undefined : s.rep],
      [4, T.BINARY, s.name], [5, T.I32, s.children], [6, T.I32, s.conv]])]],
    [3, T.I64, ROWS],
    [4, T.LIST, [T.STRUCT, [[
      [1, T.LIST, [T.STRUCT, chunks.map(({ c, offset, size }) => [[2, T.I64, offset], [3, T.STRUCT, [
        [1, T.I32, c.type], [2, T.LIST, [T.I32, [0, 3]]], [3, T.LIST, [T.BINARY, c.path]], [4, T.I32, 0],
        [5, T.I64, c.levels.length], [6, T.I64, size], [7, T.I64, size], [9, T.I64, offset]]]])]],
      [2, T.I64, at - 4], [3, T.I64, ROWS]]]]],
  ]);
  const len = Buffer.alloc(4);
  len.writeUInt32LE(footer.length);
  return Buffer.concat([...parts, footer, len, Buffer.from('PAR1')]);
}
