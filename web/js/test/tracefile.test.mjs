import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BinaryTrace, TraceError } from '../../static/tracefile.js';
import { binaryEvents, ndjsonEvents, bytesOf, zz, path, GOLDEN_12, GOLDEN_10, PUZZLE8 } from './fixtures.mjs';

// The example's two encodings were recorded from two runs of the same
// search: only the clock differs.
const clockless = (e) => {
  const c = structuredClone(e);
  if (c.run) delete c.run.created;
  if (c.elapsedNs !== undefined) c.elapsedNs = 0;
  return c;
};

// Each binary fixture decodes to exactly the events of its NDJSON twin,
// which Go wrote of the same run.
for (const [name, same] of [[GOLDEN_12, (e) => e], [GOLDEN_10, (e) => e], [PUZZLE8, clockless]]) {
  test(`tracefile: ${name}.trace decodes to its NDJSON twin`, () => {
    const got = binaryEvents(name + '.trace').map(same), want = ndjsonEvents(name + '.ndjson').map(same);
    assert.ok(want.length > 100, `${want.length} events in the NDJSON twin`);
    assert.equal(got.length, want.length);
    for (let i = 0; i < want.length; i++) assert.deepEqual(got[i], want[i], `event ${i + 1}`);
  });
}

test('tracefile: mark and resume read the same events again', () => {
  const bytes = new Uint8Array(readFileSync(path(GOLDEN_12 + '.trace')));
  const r = new BinaryTrace(bytes);
  for (let i = 0; i < 100; i++) r.next();
  const m = r.mark();
  assert.ok(Object.isFrozen(m));
  const first = [];
  for (let i = 0; i < 50; i++) first.push(r.next());
  const again = new BinaryTrace(bytes);
  again.resume(m);
  for (let i = 0; i < 50; i++) assert.deepEqual(again.next(), first[i], `event ${101 + i} after resume`);
});

test('tracefile: records of a kind it does not know are skipped', () => {
  const b = bytesOf(1, 9, [[1, []], [42, [1, 2, 3]], [2, [zz(1), zz(7)]]]);
  const r = new BinaryTrace(b);
  assert.deepEqual(r.next(), { kind: 'run-start' });
  assert.deepEqual(r.next(), { kind: 'iteration-start', iteration: 1, bound: 7 });
  assert.equal(r.next(), null);
});

test('tracefile: fields a later minor appends to a record are skipped', () => {
  const b = bytesOf(1, 9, [[2, [zz(1), zz(7), 99, 98]], [2, [zz(2), zz(8)]]]);
  const r = new BinaryTrace(b);
  assert.deepEqual(r.next(), { kind: 'iteration-start', iteration: 1, bound: 7 });
  assert.deepEqual(r.next(), { kind: 'iteration-start', iteration: 2, bound: 8 });
});

// Damaged input is refused with a TraceError that says where and why.
test('tracefile: damaged files are refused, naming what is wrong', () => {
  const cases = [
    ['bad magic', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 1, 0]), /bad magic/],
    ['a later major version', bytesOf(2, 0, []), /format version 2 is not one this page reads/],
    ['cut inside a record', bytesOf(1, 0, [[2, [zz(1), zz(7)]]]).subarray(0, 12), /record 1 at byte 10: cut inside a record/],
    ['a payload too short for its fields', bytesOf(1, 0, [[1, []], [2, [zz(1)]]]), /record 2 at byte 12: cut inside a varint/],
    ['a prune without its reason', bytesOf(1, 0, [[4, [2, 2, 2, 2, 2, 0, 2, 2, 2]]]), /a prune without its reason/],
    ['a list beyond the limit', bytesOf(1, 0, [[7, [zz(3), 0x80, 0x80, 0x08]]]), /a list of 131072 values \(at most 65536\)/],
  ];
  for (const [name, bytes, want] of cases) {
    assert.throws(() => {
      const r = new BinaryTrace(bytes);
      while (r.next() !== null);
    }, (err) => err instanceof TraceError && want.test(err.message), name);
  }
});

test('tracefile: a payload longer than the format allows is refused before it is read', () => {
  // kind 3 (visit), payload length 2^24 + 1 as a varint, and no payload.
  const b = new Uint8Array([0x49, 0x44, 0x41, 0x56, 0x49, 0x5a, 0x00, 0x54, 1, 0, 3, 0x81, 0x80, 0x80, 0x08]);
  const r = new BinaryTrace(b);
  assert.throws(() => r.next(), /a payload of 16777217 bytes \(at most 16777216\)/);
});
