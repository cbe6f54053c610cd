import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Tree, kids } from '../../static/treefold.js';
import { binaryEvents, ev, GOLDEN_12 } from './fixtures.mjs';

// ids lists a view's nodes depth first.
const ids = (v) => (v ? [v.id].concat((v.children || []).flatMap(ids)) : []);

test('treefold: visits make the path, a bound prune hangs under its parent', () => {
  const t = new Tree(100);
  t.add({ kind: 'iteration-start', iteration: 1, bound: 3 });
  assert.equal(t.add(ev('visit', 1, 0, 0, 0, 3)), true);
  assert.equal(t.add(ev('visit', 2, 1, 1, 1, 2)), true);
  assert.equal(t.add(ev('prune', 3, 2, 2, 2, 5, { reason: 'bound' })), true);
  assert.equal(t.add(ev('visit', 4, 1, 1, 1, 1)), true); // back up: 2 leaves the path
  assert.deepEqual(t.path.map((n) => n.id), [1, 4]);
  const v = t.view(null);
  assert.deepEqual(ids(v.root), [1, 2, 3, 4]);
  assert.equal(v.nodes, 4);
  assert.equal(v.last, 4);
  const byId = new Map();
  const walk = (n) => { byId.set(n.id, n); (n.children || []).forEach(walk); };
  walk(v.root);
  assert.equal(byId.get(2).status, 'expanded');
  assert.equal(byId.get(3).status, 'pruned');
  assert.equal(byId.get(4).status, 'path');
  assert.equal(byId.get(1).count, 4);
});

test('treefold: events it cannot place are refused, the tree unchanged', () => {
  const t = new Tree(100);
  t.add({ kind: 'iteration-start', iteration: 1, bound: 3 });
  assert.equal(t.add(ev('visit', 5, 4, 3, 3, 0)), false, 'a visit before any root');
  t.add(ev('visit', 1, 0, 0, 0, 3));
  assert.equal(t.add(ev('visit', 9, 8, 2, 2, 1)), false, 'a visit whose parent is not held');
  assert.equal(t.add(ev('prune', 0, 1, 1, 1, -1, { reason: 'move-rule' })), false, 'a move-rule prune is no node');
  assert.equal(t.add(ev('prune', 7, 6, 1, 1, 9, { reason: 'bound' })), false, 'a prune whose parent is not held');
  assert.equal(t.add({ kind: 'raise', node: 42, parent: 1, depth: 1, g: 1, h: 5, f: 6, move: 0 }), false, 'a raise of a node not held');
  assert.equal(t.held, 1);
  assert.deepEqual(ids(t.view(null).root), [1]);
});

test('treefold: a wide iteration is trimmed to a bounded number of held nodes, the view to its budget', () => {
  const limit = 10, t = new Tree(limit);
  t.add({ kind: 'iteration-start', iteration: 1, bound: 50 });
  t.add(ev('visit', 1, 0, 0, 0, 3));
  let id = 2, maxHeld = 0;
  for (let i = 0; i < 40; i++) {
    const p = id++;
    t.add(ev('visit', p, 1, 1, 1, 3));
    for (let j = 0; j < 20; j++) t.add(ev('prune', id++, p, 2, 2, 60, { reason: 'bound' }));
    maxHeld = Math.max(maxHeld, t.held);
  }
  // A trim keeps what a view of twice the limit draws, and trims again
  // past twice what it kept: held stays a multiple of the limit, not of
  // the 841 nodes seen.
  assert.ok(maxHeld <= 10 * limit, `held up to ${maxHeld} nodes with a limit of ${limit}`);
  assert.equal(t.byID.size, t.held, 'byID holds exactly the held nodes');
  const v = t.view(null);
  // The path is always unfolded (the root's 40 children, the last one's
  // 20); the others' children were trimmed or are folded.
  assert.equal(v.drawn, 1 + 40 + 20);
  assert.equal(v.root.children.filter((c) => c.children).length, 1);
  assert.equal(v.root.children[39].children.length, 20);
  assert.equal(v.nodes, 1 + 40 * 21, 'the count is of every node, drawn or not');
});

test('treefold: finished iterations are kept, at most 64 of them, and shown by keptView', () => {
  const t = new Tree(100);
  for (let i = 1; i <= 70; i++) {
    t.add({ kind: 'iteration-start', iteration: i, bound: i });
    t.add(ev('visit', 1, 0, 0, 0, 3, { iteration: i, bound: i }));
    t.add(ev('prune', 2, 1, 1, 1, 9, { reason: 'bound', iteration: i, bound: i }));
    t.add({ kind: 'iteration-end', iteration: i, bound: i });
  }
  assert.equal(t.kept.length, 64);
  assert.equal(t.kept[0].iteration, 7);
  const v = t.keptView(t.kept[63], null);
  assert.equal(v.iteration, 70);
  assert.deepEqual(ids(v.root), [1, 2]);
  assert.equal(v.root.status, 'expanded', 'an iteration that ended without the goal leaves its root expanded');
});

test('treefold: a solution marks its path and records h and h* along it', () => {
  const t = new Tree(100);
  t.add({ kind: 'iteration-start', iteration: 1, bound: 2 });
  t.add(ev('visit', 1, 0, 0, 0, 2));
  t.add(ev('visit', 2, 1, 1, 1, 1));
  t.add(ev('visit', 3, 2, 2, 2, 0));
  t.add({ kind: 'solution', cost: 2, moves: [0, 0] });
  assert.deepEqual(t.solutionH, [2, 1, 0]);
  assert.deepEqual(t.solutionStar, [2, 1, 0]);
  assert.deepEqual(t.path.map((n) => n.status), ['solution', 'solution', 'solution']);
});

test('treefold: a clone is a deep copy: folding into it leaves the original as it was', () => {
  const t = new Tree(100);
  t.add({ kind: 'iteration-start', iteration: 1, bound: 5 });
  t.add(ev('visit', 1, 0, 0, 0, 3));
  t.add(ev('visit', 2, 1, 1, 1, 3));
  const before = JSON.stringify(t.view(null));
  const c = t.clone();
  assert.equal(JSON.stringify(c.view(null)), before);
  c.add(ev('visit', 3, 2, 2, 2, 3));
  c.add(ev('prune', 4, 3, 3, 3, 9, { reason: 'bound' }));
  assert.equal(JSON.stringify(t.view(null)), before);
  assert.equal(c.held, 4);
  assert.equal(t.held, 2);
  assert.equal(kids(t.byID.get(2)).length, 0);
});

test("treefold: A*'s pushes hang under the node popped, a pop makes its ancestors the path", () => {
  const t = new Tree(100);
  t.add({ kind: 'iteration-start', iteration: 1, bound: 0 });
  assert.equal(t.add(ev('push', 1, 0, 0, 0, 4)), true);
  assert.equal(t.add(ev('visit', 1, 0, 0, 0, 4)), true);
  assert.equal(t.add(ev('push', 2, 1, 1, 1, 3)), true);
  assert.equal(t.add(ev('push', 3, 1, 1, 1, 4)), true);
  assert.equal(t.add(ev('visit', 2, 1, 1, 1, 3)), true);
  assert.deepEqual(t.path.map((n) => n.id), [1, 2]);
  assert.equal(t.add(ev('push', 9, 3, 2, 2, 1)), false, 'a push under a node not popped');
  assert.equal(t.add(ev('reopen', 4, 2, 2, 2, 2, { replaces: 3 })), true);
  assert.equal(t.byID.get(3).status, 'pruned', 'the node reopened replaces the open one');
});

test('treefold: the golden BPMX trace marks raised and inherited nodes', () => {
  const t = new Tree(1000);
  let raised = 0;
  for (const e of binaryEvents(GOLDEN_12 + '.trace')) {
    t.add(e);
    if (e.kind === 'raise' && t.byID.get(e.node)?.raised) raised++;
  }
  assert.ok(raised > 0, 'some raise found its node');
  assert.equal(t.kept.length, 4);
  assert.deepEqual(t.solutionH.length, 5, 'the path of a 4-move solution');
});
