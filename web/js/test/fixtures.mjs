// fixtures.mjs: the committed traces the folds' tests read, decoded by
// tracefile.js, and small event sequences built by hand.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BinaryTrace } from '../../static/tracefile.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// path is a file of the repository, from its root.
export const path = (rel) => root + rel;

// binaryEvents decodes a binary trace of the repository into its events.
export function binaryEvents(rel) {
  const r = new BinaryTrace(new Uint8Array(readFileSync(path(rel))));
  const out = [];
  for (let e = r.next(); e !== null; e = r.next()) out.push(e);
  return out;
}

// ndjsonEvents reads the NDJSON twin of a trace: its events, header left out.
export function ndjsonEvents(rel) {
  return readFileSync(path(rel), 'utf8').split('\n').filter((l) => l !== '')
    .map((l) => JSON.parse(l)).filter((o) => o.kind !== undefined);
}

// The golden traces (trace/testdata): the same IDA* run with BPMX (1.2:
// expand and raise) and without (1.0), and an 8-puzzle run solved in 14.
export const GOLDEN_12 = 'trace/testdata/golden-v1.2';
export const GOLDEN_10 = 'trace/testdata/golden-v1';
export const PUZZLE8 = 'examples/traces/8puzzle-14moves';

// ev is a node event with the fields a fold reads, the rest defaulted.
export function ev(kind, node, parent, depth, g, h, more = {}) {
  return Object.assign({ kind, node, parent, depth, g, h, f: g + h, move: depth === 0 ? -1 : 0, iteration: 1, bound: 10 }, more);
}

// bytesOf builds a binary trace: the header (version major.minor) and
// records of kind and payload bytes.
export function bytesOf(major, minor, records) {
  const out = [0x49, 0x44, 0x41, 0x56, 0x49, 0x5a, 0x00, 0x54, major, minor];
  for (const [kind, payload] of records) out.push(kind, payload.length, ...payload);
  return new Uint8Array(out);
}

// zz is a signed value as the format's zig-zag varint (values below 64).
export const zz = (v) => (v >= 0 ? 2 * v : -2 * v - 1);
