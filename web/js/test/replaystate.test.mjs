import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Builder } from '../../static/builder.js';
import { replayState } from '../../static/replaystate.js';
import { CHARTS, COLOURS } from '../../static/shared.js';
import { binaryEvents, ev, GOLDEN_12 } from './fixtures.mjs';

const golden = binaryEvents(GOLDEN_12 + '.trace');

// folded is a builder that has folded the events.
function folded(events, limit = 0) {
  const b = new Builder(limit, false);
  for (const e of events) b.fold(e);
  return b;
}

test("replaystate: the golden run's last state: solved, named moves, the run-end's totals, its charts", () => {
  const m = replayState(folded(golden), golden.length, 'tiles', 0, null);
  assert.equal(m.type, 'state');
  assert.equal(m.mode, 'replay');
  assert.equal(m.status, 'solved');
  const r = m.active;
  assert.deepEqual(r.solution, ['a', 'b', 'a', 'B']);
  assert.equal(r.solutionLength, 4);
  assert.deepEqual([r.expanded, r.generated, r.pruned], [124, 374, 249]);
  assert.equal(r.colour, COLOURS.run);
  assert.equal(r.iterations.length, 4);
  assert.equal(m.event, 'the search ends: solved');
  assert.equal(m.eventKind, 'run-end');
  assert.deepEqual(m.node.moves, ['a', 'b', 'a', 'B']);
  assert.equal(m.node.renderer, 'tiles');
  assert.ok(m.charts.hstar, 'a solved run has its h against h* chart');
  assert.deepEqual(m.charts.bounds.xAxis[0].data, ['1', '2', '3', '4']);
  assert.deepEqual(m.charts.bounds.series[0].data.map((d) => d.value), [2, 3, 4, 5]);
  assert.deepEqual(m.replay, { pos: golden.length, total: golden.length });
  // The charts are shared.js's templates, their placeholders filled and
  // the templates themselves left as they were for the next state.
  assert.equal(m.charts.fhist.title.text, 'f histogram, iteration 4 (bound 5)');
  assert.equal(m.charts.bounds.series[0].name, '#1 ' + r.label);
  assert.equal(m.charts.hstar.series[1].name, 'h: ' + r.heuristic);
  assert.deepEqual(m.charts.fhist.series[0].itemStyle, CHARTS.en.fhist.series[0].itemStyle);
  for (const [name, o] of Object.entries(m.charts)) {
    if (o) assert.doesNotMatch(JSON.stringify(o), /\{(iteration|bound|next|label|heuristic|expanding|nodes)\}/, `${name} has a placeholder left`);
  }
  assert.match(CHARTS.en.fhist.title.text, /\{iteration\}/);
  assert.equal(CHARTS.en.fhist.series[0].data, undefined, 'the template has no data filled in');
});

test('replaystate: a state mid-run is paused, with the event in words and the node reached', () => {
  const i = golden.findIndex((e, k) => k > 20 && e.kind === 'visit' && e.depth > 0 && e.f === e.g + e.h);
  const e = golden[i];
  const m = replayState(folded(golden.slice(0, i + 1)), golden.length, '', 0, null);
  assert.equal(m.status, 'paused');
  assert.equal(m.event, `visit node ${e.node}: f = ${e.g} + ${e.h} = ${e.f}, within the bound ${e.bound}` + (e.h === 0 ? '; h = 0: is it the goal?' : ''));
  assert.equal(m.node.id, e.node);
  assert.equal(m.node.moves.length, e.depth);
  assert.deepEqual(m.replay, { pos: i + 1, total: golden.length });
  assert.equal(m.charts.hstar, null, 'no h* before a solution');
});

test('replaystate: a move-rule prune and a BPMX raise are said as such', () => {
  const mr = golden.findIndex((e) => e.kind === 'prune' && e.reason === 'move-rule');
  let m = replayState(folded(golden.slice(0, mr + 1)), golden.length, '', 0, null);
  assert.match(m.event, /the move rule forbids here/);
  const ra = golden.findIndex((e) => e.kind === 'raise');
  m = replayState(folded(golden.slice(0, ra + 1)), golden.length, '', 0, null);
  assert.match(m.event, /^BPMX: .* raises /);
  assert.equal(m.algo.pathmax, true);
});

test('replaystate: before the run starts there is no node and no chart', () => {
  const m = replayState(new Builder(0, false), 0, '', 0, null);
  assert.equal(m.node, null);
  assert.equal(m.charts, null);
  assert.equal(m.event, '');
  assert.equal(m.eventKind, 'kind(0)');
  assert.deepEqual(m.replay, { pos: 0, total: 0 });
});

test("replaystate: a node whose parent left the tree window says its state is unknown", () => {
  const b = folded([
    { kind: 'run-start', run: { algorithm: 'ida', heuristic: 'h', moveNames: ['x'] } },
    { kind: 'iteration-start', iteration: 1, bound: 9 },
    ev('visit', 1, 0, 0, 0, 9, { bound: 9 }),
    ev('visit', 50, 49, 3, 3, 6, { bound: 9 }),
  ]);
  const m = replayState(b, 4, 'tiles', 0, null);
  assert.equal(m.node.id, 50);
  assert.match(m.node.error, /parent is not in the tree window/);
  assert.equal(m.node.renderer, '', 'no view is drawn of an unknown state');
});

test("replaystate: an A* run's charts are its f histogram and open list size", () => {
  const b = folded([
    { kind: 'run-start', run: { algorithm: 'astar', heuristic: 'h', moveNames: ['x', 'y'] } },
    { kind: 'iteration-start', iteration: 1, bound: 0 },
    ev('push', 1, 0, 0, 0, 3),
    ev('visit', 1, 0, 0, 0, 3),
    ev('push', 2, 1, 1, 1, 2, { move: 0 }),
    ev('push', 3, 1, 1, 1, 4, { move: 1 }),
  ]);
  const m = replayState(b, 6, '', 0, null);
  assert.equal(m.algo.algorithm, 'astar');
  assert.equal(m.charts.fhistTotal, null);
  assert.equal(m.charts.bounds, null);
  assert.equal(m.charts.iterations.title.text, "the open list's size as A* expands nodes");
  const open = m.charts.fhist.series.find((s) => s.name === 'on the open list');
  const fs = m.charts.fhist.xAxis[0].data;
  assert.equal(open.data[fs.indexOf('3')].value, 1);
  assert.equal(open.data[fs.indexOf('5')].value, 1);
  assert.equal(m.event, 'push node 3 on the open list: f = 1 + 4 = 5');
});

test("replaystate: a solved run that names no heuristic says h with no name, not undefined", () => {
  const b = folded([
    { kind: 'run-start', run: { algorithm: 'ida', moveNames: ['x'] } },
    { kind: 'iteration-start', iteration: 1, bound: 1 },
    ev('visit', 1, 0, 0, 0, 1, { bound: 1 }),
    ev('visit', 2, 1, 1, 1, 0, { bound: 1 }),
    { kind: 'solution', cost: 1, moves: [0] },
    { kind: 'run-end', status: 'solved', expanded: 1, generated: 1, pruned: 0 },
  ]);
  const m = replayState(b, 6, '', 0, null);
  assert.equal(m.status, 'solved');
  assert.ok(m.charts.hstar, 'a solved run has its h against h* chart');
  assert.equal(m.charts.hstar.series[1].name, 'h: ');
});
