import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Builder, Stats, nodeAt } from '../../static/builder.js';
import { binaryEvents, ev, GOLDEN_12, GOLDEN_10, PUZZLE8 } from './fixtures.mjs';

const golden = binaryEvents(GOLDEN_12 + '.trace');

// trim drops a histogram's trailing zeros, which Go may keep.
const trim = (h) => {
  let n = (h || []).length;
  while (n > 0 && h[n - 1] === 0) n--;
  return (h || []).slice(0, n);
};

test("builder: the statistics folded from a trace's nodes are the counts its iteration-ends record", () => {
  // golden-v1's iteration-ends carry Go's statistics: what the fold counted
  // from the visits and prunes just before each must be the same.
  for (const name of [GOLDEN_10, PUZZLE8]) {
    const s = new Stats();
    let ends = 0;
    for (const e of binaryEvents(name + '.trace')) {
      if (e.kind === 'iteration-end') {
        const cur = s.snapshot().current, want = e.stats;
        assert.deepEqual([cur.expanded, cur.generated, cur.pruned, cur.nextBound], [want.expanded, want.generated, want.pruned, want.nextBound], `${name}: iteration ${e.iteration}`);
        assert.deepEqual(trim(cur.visitF), trim(want.visitF), `${name}: iteration ${e.iteration}'s f histogram`);
        ends++;
      }
      s.event(e);
    }
    assert.ok(ends >= 3, `${name}: ${ends} iterations`);
  }
});

test("builder: the golden run's end: solved, its solution, the run-end's totals, every iteration", () => {
  const b = new Builder(0, false);
  for (const e of golden) b.fold(e);
  const f = b.frame(0, null);
  assert.equal(f.events, golden.length);
  assert.equal(f.stats.status, 'solved');
  assert.deepEqual(f.stats.solution, [0, 2, 0, 3]);
  assert.equal(f.stats.cost, 4);
  assert.deepEqual(f.stats.totals, { expanded: 124, generated: 374, pruned: 249 });
  assert.deepEqual(f.stats.iterations.map((it) => it.bound), [2, 3, 4, 5]);
  assert.equal(f.lastKind, 'run-end');
  assert.deepEqual(f.tree.kept, [1, 2, 3, 4]);
  assert.deepEqual(f.solutionH.length, 5);
});

test("builder: after every node event, the last node's moves are its path's, read off the events' parents", () => {
  const parents = new Map();
  const b = new Builder(0, false);
  let checked = 0;
  for (const e of golden) {
    b.fold(e);
    if (e.kind === 'iteration-start') parents.clear();
    if (e.kind !== 'visit' && !(e.kind === 'prune' && e.reason === 'bound')) continue;
    parents.set(e.node, { parent: e.parent, move: e.move });
    const want = [];
    for (let n = e.node; parents.has(n) && parents.get(n).parent !== 0; n = parents.get(n).parent) want.unshift(parents.get(n).move);
    const f = b.frame(0, null);
    assert.equal(f.lastPlaced, true);
    assert.deepEqual(f.lastMoves, want, `node ${e.node}`);
    checked++;
  }
  assert.equal(checked, 125 + 249, 'every visit and bound prune checked');
});

test('builder: a clone folds on exactly as the original, and apart from it', () => {
  const a = new Builder(20, false);
  const half = Math.floor(golden.length / 2);
  for (const e of golden.slice(0, half)) a.fold(e);
  const c = a.clone();
  const at = JSON.stringify(a.frame(0, null));
  for (const e of golden.slice(half)) c.fold(e);
  assert.equal(JSON.stringify(a.frame(0, null)), at, 'the original is where it was');
  for (const e of golden.slice(half)) a.fold(e);
  assert.equal(JSON.stringify(c.frame(0, null)), JSON.stringify(a.frame(0, null)));
});

test('builder: nodeAt finds held nodes and kept ones, and nothing for an id it does not hold', () => {
  const b = new Builder(0, false);
  for (const e of golden.slice(0, 40)) b.fold(e);
  const visit = golden.slice(0, 40).filter((e) => e.kind === 'visit' && e.depth === 2).pop();
  const got = nodeAt(b, visit.node);
  assert.ok(got, `node ${visit.node} found`);
  assert.equal(got.node.id, visit.node);
  assert.equal(got.moves.length, 2);
  assert.equal(got.moves[1], visit.move);
  assert.equal(nodeAt(b, 1e9), null);
});

test("builder: a node whose parent is not held is the last node, not placed, with no moves", () => {
  const b = new Builder(0, false);
  b.fold({ kind: 'run-start', run: { algorithm: 'ida' } });
  b.fold({ kind: 'iteration-start', iteration: 1, bound: 5 });
  b.fold(ev('visit', 1, 0, 0, 0, 5));
  b.fold(ev('visit', 7, 6, 4, 4, 1));
  const f = b.frame(0, null);
  assert.equal(f.last.node, 7);
  assert.equal(f.lastPlaced, false);
  assert.deepEqual(f.lastMoves, []);
  assert.equal(f.stats.current.generated, 2, 'the statistics count it all the same');
});

test('builder: values beyond the histograms are counted as unbinned, not stored', () => {
  const s = new Stats();
  s.event({ kind: 'run-start', run: {} });
  s.event({ kind: 'iteration-start', iteration: 1, bound: 1e9 });
  s.event(ev('visit', 1, 0, 0, 0, 1e9, { bound: 1e9 }));
  s.event(ev('prune', 2, 1, 1e9, 1, 2e9, { reason: 'bound', bound: 1e9 }));
  const snap = s.snapshot();
  assert.equal(snap.unbinned, 2);
  assert.equal(snap.current.visitF.length, 0);
  assert.equal(snap.current.pruneF.length, 0);
  assert.deepEqual(snap.current.depth, [1]);
});

test('builder: a trace recorded at iteration level says so in its tree', () => {
  const b = new Builder(0, true);
  b.fold({ kind: 'run-start', run: {} });
  b.fold({ kind: 'iteration-start', iteration: 1, bound: 3 });
  b.fold({ kind: 'iteration-end', iteration: 1, bound: 3, stats: { iteration: 1, bound: 3, nextBound: 4, expanded: 5, generated: 9, pruned: 4, visitF: [0, 0, 1, 4] } });
  const f = b.frame(0, null);
  assert.equal(f.tree.perIteration, true);
  assert.deepEqual(f.stats.totals, { expanded: 5, generated: 9, pruned: 4 });
  assert.deepEqual(f.stats.iterations[0].visitF, [0, 0, 1, 4]);
});
