import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AlgoFold, lineOf, moveNames, describeAStar } from '../../static/algofold.js';
import { ev } from './fixtures.mjs';

const idaStart = { kind: 'run-start', run: { algorithm: 'ida', moveNames: ['L', 'R', 'U', 'D'] } };
const astarStart = { kind: 'run-start', run: { algorithm: 'astar' } };
const snapshot = (bound, nextBound, run = idaStart.run) => ({ run, current: { bound, nextBound } });

test('algofold: the line each event lights, for IDA* and A*', () => {
  const cases = [
    [ev('visit', 1, 0, 0, 0, 3), false, 'visit'],
    [ev('visit', 1, 0, 0, 0, 0), false, 'goal-test'],
    [ev('visit', 1, 0, 0, 0, 3), true, 'pop'],
    [ev('prune', 2, 1, 1, 1, 9, { reason: 'bound' }), false, 'prune'],
    [ev('prune', 0, 1, 1, 1, -1, { reason: 'move-rule' }), false, 'expand'],
    [{ kind: 'bound-increase' }, false, 'bound-rise'],
    [{ kind: 'run-end', status: 'solved' }, false, 'goal'],
    [{ kind: 'run-end', status: 'exhausted' }, false, 'iteration-end'],
    [ev('push', 2, 1, 1, 1, 3), true, 'push'],
    [ev('reopen', 2, 1, 1, 1, 3), true, 'reopen'],
    [{ kind: 'iteration-start' }, false, 'iteration-start'],
    [{ kind: 'raise' }, false, 'raise'],
  ];
  for (const [e, astar, want] of cases) assert.equal(lineOf(e, astar), want, `${e.kind} (astar ${astar})`);
});

test("algofold: IDA*'s stack: frames, their children and those tried", () => {
  const a = new AlgoFold();
  a.apply(idaStart);
  a.apply({ kind: 'iteration-start', iteration: 1, bound: 5 });
  a.apply(ev('visit', 1, 0, 0, 0, 5));
  a.apply(Object.assign(ev('expand', 1, 0, 0, 0, 5), { children: 3 }));
  a.apply(ev('prune', 2, 1, 1, 1, 9, { reason: 'bound', move: 0 }));
  a.apply(ev('visit', 3, 1, 1, 1, 4, { move: 2 }));
  assert.equal(a.left(1), -1, 'the end of the path is node 3 now');
  const v = a.view(snapshot(5, 10));
  assert.equal(v.algorithm, 'ida');
  assert.equal(v.line, 'visit');
  assert.deepEqual(v.stack.map((f) => [f.id, f.move, f.left]), [[1, '', 1], [3, 'U', null]]);
  assert.deepEqual(v.node, { id: 3, g: 1, h: 4, f: 5 });
  assert.equal(v.bound, 5);
  assert.equal(v.next, 10);
});

test('algofold: a visit whose parent is not on the stack clears it', () => {
  const a = new AlgoFold();
  a.apply(idaStart);
  a.apply(ev('visit', 1, 0, 0, 0, 5));
  a.apply(ev('visit', 2, 1, 1, 1, 4));
  a.apply(ev('visit', 9, 7, 3, 3, 2));
  assert.deepEqual(a.view(snapshot(5, -1)).stack, []);
  assert.equal(a.left(9), -1);
});

test("algofold: a raise sets the frame's h; after a child was tried it is a raise back", () => {
  const a = new AlgoFold();
  a.apply(idaStart);
  a.apply(ev('visit', 1, 0, 0, 0, 2));
  a.apply(ev('visit', 2, 1, 1, 1, 1));
  a.apply({ kind: 'raise', node: 2, parent: 1, depth: 1, g: 1, h: 4, f: 5, move: 0 });
  assert.equal(a.line, 'raise', 'raised before any child was tried');
  assert.equal(a.pathmax, true);
  a.apply(ev('prune', 3, 2, 2, 2, 9, { reason: 'bound' }));
  a.apply({ kind: 'raise', node: 2, parent: 1, depth: 1, g: 1, h: 6, f: 7, move: 1 });
  assert.equal(a.line, 'raise-back');
  const top = a.view(snapshot(2, -1)).stack[1];
  assert.deepEqual([top.h, top.f], [6, 7]);
  // A raise of a node not on the stack changes nothing.
  a.apply({ kind: 'raise', node: 42, parent: 1, depth: 5, g: 1, h: 9, f: 10, move: 1 });
  assert.deepEqual(a.view(snapshot(2, -1)).stack.map((f) => f.h), [2, 6]);
});

test("algofold: A*'s open list: pushes, a reopen replacing its node, pops, the best by f", () => {
  const a = new AlgoFold();
  a.apply(astarStart);
  a.apply({ kind: 'iteration-start', iteration: 1, bound: 0 });
  a.apply(ev('push', 1, 0, 0, 0, 4));
  a.apply(ev('visit', 1, 0, 0, 0, 4));
  a.apply(ev('push', 2, 1, 1, 1, 5)); // f 6
  a.apply(ev('push', 3, 1, 1, 1, 3)); // f 4
  a.apply(ev('push', 4, 1, 1, 2, 2)); // f 4, larger g: before 3
  a.apply(ev('reopen', 5, 1, 1, 1, 4, { replaces: 2 })); // f 5, drops 2
  const v = a.view(snapshot(0, 0, astarStart.run));
  assert.equal(v.algorithm, 'astar');
  assert.equal(v.line, 'reopen');
  assert.equal(v.closed, 1);
  assert.equal(v.expanding, 4);
  assert.equal(v.open.size, 3);
  assert.deepEqual(v.open.best.map((n) => n.id), [4, 3, 5]);
  assert.deepEqual(a.openByF.slice(4), [2, 1, 0]);
  // The size is sampled as a pop begins: the start alone, then three.
  assert.deepEqual(a.sizesNow(), [{ N: 0, Size: 1 }, { N: 1, Size: 3 }]);
});

test('algofold: a clone folds on without changing the original', () => {
  const a = new AlgoFold();
  a.apply(astarStart);
  a.apply(ev('push', 1, 0, 0, 0, 4));
  const c = a.clone();
  c.apply(ev('visit', 1, 0, 0, 0, 4));
  c.apply(ev('push', 2, 1, 1, 1, 4));
  assert.equal(a.openSize, 1);
  assert.equal(a.closed, 0);
  assert.equal(c.openSize, 1);
  assert.equal(c.closed, 1);
  assert.deepEqual([...a.open.keys()], [1]);
  assert.deepEqual([...c.open.keys()], [2]);
});

test('algofold: move names, and numbers for moves the run does not name', () => {
  assert.deepEqual(moveNames({ moveNames: ['L', 'R'] }, [1, 0, 5, -1]), ['R', 'L', '5', '-1']);
  assert.deepEqual(moveNames(null, [2]), ['2']);
  assert.deepEqual(moveNames({}, undefined), []);
});

test("algofold: A*'s events said in A*'s words", () => {
  assert.equal(describeAStar(ev('push', 1, 0, 0, 0, 4)), 'push the start on the open list: f = 0 + 4 = 4');
  assert.equal(describeAStar(ev('visit', 7, 1, 1, 1, 0)), 'pop node 7, the least f on the open list: f = 1 + 0 = 1; h = 0: is it the goal?');
  assert.equal(describeAStar({ kind: 'solution' }), '');
});
