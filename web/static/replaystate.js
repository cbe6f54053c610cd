// @ts-check
// replaystate.js: the page's state message of one replayed run, from
// builder.js's fold: web/fold/state.go's buildState and the chart options
// web/fold/charts.go builds with go-echarts, filled in from their templates
// (shared.js's CHARTS, which Go writes with the same builders), so the page
// decides nothing of a chart's look and keeps no colour of its own.
import * as build from './builder.js';
import * as algo from './algofold.js';
import { t, n, lang } from './i18n.js';
import { MAX_DENSE_AXIS, BIG_ITERATION, CHARTS, COLOURS, EBF_STEPS, EBF_TOLERANCE, LINE } from './shared.js';

/** @typedef {import('./builder.js').Builder} Builder */
/** @typedef {ReturnType<Builder['stats']['snapshot']>} Snapshot */
/** @typedef {Snapshot['current']} Iteration */
/** @typedef {NonNullable<import('./treefold.js').Tree['root']>} TNode */


const moveNames = algo.moveNames;

/**
 * @param {number} n
 * @param {number} d
 * @returns {number}
 */
function effectiveBranching(n, d) {
  if (d <= 0 || n <= 0) return 0;
  /** @type {(b: number) => number} */
  const sum = (b) => {
    let s = 0, p = 1;
    for (let i = 0; i < d; i++) { p *= b; s += p; if (s > n) break; }
    return s;
  };
  let lo = 0, hi = Math.max(1, n);
  for (let i = 0; i < EBF_STEPS && hi - lo > EBF_TOLERANCE; i++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) < n) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * @param {Snapshot} s
 * @returns {Iteration[]}
 */
function iterationsOf(s) {
  const its = s.iterations;
  if (s.current.iteration > 0 && (its.length === 0 || its[its.length - 1].iteration !== s.current.iteration)) {
    return its.concat([s.current]);
  }
  return its;
}

/**
 * @param {TraceEvent} e
 * @param {boolean} astar
 * @returns {string}
 */
function describeEvent(e, astar) {
  const own = astar ? algo.describeAStar(e) : '';
  if (own) return own;
  switch (e.kind) {
    case 'run-start': return t('run.ev.run-start');
    case 'iteration-start': return t('run.ev.iteration-start', { Iteration: e.iteration, Bound: e.bound });
    case 'visit':
      if (e.depth === 0) return t('run.ev.visit-start', { H: e.h, F: e.f, Bound: e.bound }) + algo.goalTest(e.h);
      if (e.f > e.g + e.h) return t('run.ev.visit-pathmax', { Node: e.node, H: e.h, Inherited: e.f - e.g, G: e.g, F: e.f, Bound: e.bound });
      return t('run.ev.visit', { Node: e.node, G: e.g, H: e.h, F: e.f, Bound: e.bound }) + algo.goalTest(e.h);
    case 'expand': return n('run.ev.expand', e.children || 0, { What: nodeName(e.node, e.depth) });
    case 'prune':
      if (e.reason === 'move-rule') return t('run.ev.move-rule');
      if (e.f > e.g + e.h) {
        return t('run.ev.prune-pathmax', { Node: e.node, G: e.g, H: e.h, Own: e.g + e.h, Inherited: e.f - e.g, F: e.f, Bound: e.bound });
      }
      return t('run.ev.prune', { Node: e.node, G: e.g, H: e.h, F: e.f, Bound: e.bound });
    case 'raise': return describeRaise(e, null, -1);
    case 'bound-increase': return t('run.ev.bound-increase', { Bound: e.bound, Next: e.newBound });
    case 'iteration-end': return t('run.ev.iteration-end', { Iteration: e.iteration });
    case 'solution': return t('run.ev.solution', { Cost: e.cost });
    case 'run-end': return t('run.ev.run-end', { Status: statusName(e.status || '') });
    case 'progress': return t('run.ev.progress', { Iteration: e.iteration, Bound: e.bound });
  }
  return e.kind;
}

// BPMX in words, with what the fold holds around the event: web/fold/bpmx.go.
/**
 * @param {Builder} b
 * @returns {string}
 */
function describe(b) {
  const e = /** @type {TraceEvent} */ (b.lastEv);
  if (b.algo.astar && e.kind === 'reopen') return algo.describeReopen(e, b.algo.replaced);
  if (e.kind === 'iteration-end' && b.algo.line === LINE.goal) {
    return b.algo.astar ? t('run.astar.goal-end') : t('run.ev.goal-end', { Iteration: e.iteration, Bound: e.bound });
  }
  if (!b.algo.astar && e.kind === 'raise') {
    const n = b.tree.byID.get(e.node);
    if (n !== undefined && n.raised) return describeRaise(e, n, b.algo.left(e.node));
  }
  if (!b.algo.astar && e.kind === 'prune' && e.reason === 'bound') {
    const parent = b.tree.byID.get(e.parent);
    if (parent !== undefined) return describeEvent(e, false) + prunedByBPMX(e, parent, b.algo.left(e.parent));
  }
  return describeEvent(e, b.algo.astar);
}

/** @type {(id: number, depth: number) => string} */
const nodeName = (id, depth) => (depth === 0 ? t('run.ev.start-node') : t('run.ev.node', { Node: id }));
/** @type {(n: TNode, move: number) => TNode | undefined} */
const childBy = (n, move) => (n.children || []).find((c) => c.move === move);

// statusName is a run's status in words (fold.StatusName): the catalogue's
// run.status.*, else the status itself.
/**
 * @param {string} status
 * @returns {string}
 */
function statusName(status) {
  const id = 'run.status.' + status;
  const s = t(id);
  return s === id ? status : s;
}

/**
 * @param {TraceEvent} e
 * @param {TNode | null} nd
 * @param {number} left
 * @returns {string}
 */
function describeRaise(e, nd, left) {
  let by = t('run.bpmx.by-a-child'), own = '';
  if (nd) {
    const c = childBy(nd, e.move);
    if (c) by = t('run.bpmx.by-child', { Child: c.id, ChildH: c.f - c.g });
    own = t('run.bpmx.own', { H: nd.h });
  }
  const s = t('run.bpmx.raise', { By: by, What: nodeName(e.node, e.depth), H: e.h, Own: own, G: e.g, F: e.f });
  if (e.f <= e.bound) return s + t('run.bpmx.within', { Bound: e.bound });
  let then;
  if (left === -1) then = t('run.bpmx.cut-unknown');
  else if (left === 0) then = t('run.bpmx.back');
  else then = n('run.bpmx.cut', left);
  return s + t('run.bpmx.over', { Bound: e.bound, Then: then });
}

/**
 * @param {TraceEvent} e
 * @param {TNode} parent
 * @param {number} left
 * @returns {string}
 */
function prunedByBPMX(e, parent, left) {
  let s = '';
  if (e.f > e.g + e.h && e.g + e.h <= e.bound) s = t('run.bpmx.would-visit');
  if (left !== 0 || parent.saved === 0) return s;
  const c = childBy(parent, parent.raisedBy);
  const raised = parent.raised && c ? t('run.bpmx.raised', { ChildH: c.f - c.g, What: nodeName(parent.id, parent.depth), H: parent.f - parent.g }) : '';
  return s + t('run.bpmx.summary', { Raised: raised, Saved: n('run.bpmx.saved', parent.saved) });
}

// chart is a chart's options as go-echarts writes them for the server
// (web/fold/charts.go: shared.js's CHARTS, its templates), its
// placeholders filled from vars; the caller fills in the data.
/**
 * @param {keyof typeof CHARTS.en} name
 * @param {Record<string, string | number>} vars
 * @returns {ChartOptions}
 */
function chart(name, vars) {
  // The templates in the page's language (each language's are Go's own).
  const byLang = /** @type {Record<string, typeof CHARTS.en>} */ (CHARTS);
  const o = JSON.parse(JSON.stringify((byLang[lang()] || CHARTS.en)[name]));
  /** @type {(text: unknown) => unknown} */
  const fill = (text) => (typeof text === 'string' ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text);
  if (o.title) {
    o.title.text = fill(o.title.text);
    if (o.title.subtext) o.title.subtext = fill(o.title.subtext);
  }
  for (const series of o.series) {
    series.name = fill(series.name);
    if (series.markLine && series.markLine.data) series.markLine.data.forEach((/** @type {{xAxis: unknown}} */ d) => { d.xAxis = fill(d.xAxis); });
  }
  return o;
}
/** @type {(xs: number[]) => {value: number}[]} */
const values = (xs) => xs.map((v) => ({ value: v }));
/** @type {(xs: number[], i: number) => number} */
const at = (xs, i) => (i < xs.length ? xs[i] : 0);

/**
 * @param {number[]} visit
 * @param {number[]} prune
 * @param {number} bound
 * @param {number} next
 * @returns {number[]}
 */
function fAxis(visit, prune, bound, next) {
  const present = [];
  for (let f = 0; f < Math.max(visit.length, prune.length); f++) if (at(visit, f) !== 0 || at(prune, f) !== 0) present.push(f);
  const hi = Math.max(visit.length - 1, prune.length - 1, bound + 1, next);
  let lo = Math.min(bound, next);
  if (present.length > 0) lo = Math.min(lo, present[0]);
  lo = Math.max(lo, 0);
  if (hi - lo < MAX_DENSE_AXIS) {
    const fs = [];
    for (let f = lo; f <= hi; f++) fs.push(f);
    return fs;
  }
  return Array.from(new Set(present.concat([bound, next]))).sort((a, b) => a - b);
}

/**
 * @param {Snapshot} s
 * @param {boolean} cumulative
 * @returns {ChartOptions}
 */
function fHistogram(s, cumulative) {
  const visit = /** @type {number[]} */ ([]), prune = /** @type {number[]} */ ([]);
  /** @type {(dst: number[], src: number[] | undefined) => void} */
  const add = (dst, src) => { src = src || []; while (dst.length < src.length) dst.push(0); src.forEach((v, i) => { dst[i] += v; }); };
  if (cumulative) {
    for (const it of s.iterations) { add(visit, it.visitF); add(prune, it.pruneF); }
    if (s.iterations.length === 0 || s.iterations[s.iterations.length - 1].iteration !== s.current.iteration) {
      add(visit, s.current.visitF); add(prune, s.current.pruneF);
    }
  } else {
    add(visit, s.current.visitF); add(prune, s.current.pruneF);
  }
  // The iteration shown and its bound; before the first, the first's:
  // bound h(start) (charts.go).
  let iteration = s.current.iteration, bound = s.current.bound, next = s.bound;
  if (iteration === 0 && s.run) { iteration = 1; bound = next = s.run.startH || 0; }
  const fs = fAxis(visit, prune, bound, next);
  const o = chart(cumulative ? 'fhistTotal' : 'fhist', { iteration, bound, next });
  // The next bound is marked once the iteration is over and the bound rose.
  if (!cumulative && next === bound) o.series[0].markLine.data.length = 1;
  o.xAxis[0].data = fs.map(String);
  o.series[0].data = values(fs.map((f) => at(visit, f)));
  o.series[1].data = values(fs.map((f) => at(prune, f)));
  return o;
}

/**
 * @param {Snapshot} s
 * @returns {ChartOptions}
 */
function iterationCounts(s) {
  const bounds = Array.from(new Set(iterationsOf(s).map((it) => it.bound))).sort((a, b) => a - b);
  const index = new Map(bounds.map((b, i) => [b, i]));
  const e = bounds.map(() => 0), g = bounds.map(() => 0), p = bounds.map(() => 0);
  for (const it of iterationsOf(s)) {
    const i = /** @type {number} */ (index.get(it.bound));
    e[i] = it.expanded; g[i] = it.generated; p[i] = it.pruned;
  }
  const o = chart('iterations', {});
  o.xAxis[0].data = bounds.map(String);
  [e, g, p].forEach((xs, i) => { o.series[i].data = values(xs); });
  return o;
}

/**
 * @param {Snapshot} s
 * @param {string} label
 * @returns {ChartOptions}
 */
function boundChart(s, label) {
  const its = iterationsOf(s);
  const o = chart('bounds', { label });
  const data = its.map((it) => ({ value: it.bound }));
  o.series[0].data = data.length ? data : null;
  o.xAxis[0].data = its.map((_, i) => String(i + 1));
  return o;
}

/**
 * @param {Snapshot} s
 * @param {number[]} solutionH
 * @param {number[]} solutionStar
 * @returns {ChartOptions | null}
 */
function hStarChart(s, solutionH, solutionStar) {
  const h = solutionH;
  if (s.status !== 'solved' || h.length === 0) return null;
  const o = chart('hstar', { heuristic: s.run ? s.run.heuristic || '' : '' });
  o.series[0].data = values(solutionStar);
  o.series[1].data = values(h);
  o.xAxis[0].data = h.map((_, d) => String(d));
  return o;
}

// thousands is fold.Thousands: 285,821.
/**
 * @param {number} n
 */
function thousands(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','); }

// aStarFHistogram and openSizeChart are an A* run's charts (algo.go).
/**
 * @param {{openByF: number[], expanding: number}} a
 * @param {number[]} visit
 * @returns {ChartOptions}
 */
function aStarFHistogram(a, visit) {
  const fs = fAxis(visit, a.openByF, a.expanding, a.expanding);
  const o = chart('astarFhist', { expanding: a.expanding });
  o.xAxis[0].data = fs.map(String);
  o.series[0].data = values(fs.map((f) => at(visit, f)));
  o.series[1].data = values(fs.map((f) => at(a.openByF, f)));
  return o;
}

/**
 * @param {{N: number, Size: number}[]} sizes
 * @returns {ChartOptions}
 */
function openSizeChart(sizes) {
  const o = chart('openSize', {});
  o.xAxis[0].data = sizes.map((p) => String(p.N));
  o.series[0].data = values(sizes.map((p) => p.Size));
  return o;
}

/**
 * @param {Snapshot} s
 * @param {{First: number, Second: number, Nodes: number}[]} effort
 * @returns {ChartOptions | null}
 */
function effortChart(s, effort) {
  let total = 0;
  for (const e of effort) total += e.Nodes;
  if (total < BIG_ITERATION) return null;
  /** @type {(m: number) => string} */
  const name = (m) => moveNames(s.run, [m])[0];
  /** @type {{name: string, value: number, children?: {name: string, value: number}[]}[]} */
  const data = [];
  for (const e of effort) {
    if (data.length === 0 || data[data.length - 1].name !== name(e.First)) data.push({ name: name(e.First), value: 0 });
    const first = data[data.length - 1];
    first.value += e.Nodes;
    if (e.Second !== build.NO_MOVE) (first.children || (first.children = [])).push({ name: name(e.Second), value: e.Nodes });
  }
  // The start is among the generated nodes the status counts: the title
  // counts it too, the rings hold the nodes under it (web/fold/charts.go).
  const o = chart('effort', { iteration: s.current.iteration, generated: thousands(total + 1), nodes: thousands(total) });
  o.series[0].data = data;
  return o;
}

// replayState is web/fold/state.go's buildState for one replayed run: the
// message the page draws, without the node's view (the page draws it from
// the moves, renderers' move functions). opened are the tree's nodes the
// page unfolded.
/**
 * @param {Builder} b
 * @param {number} total the events of the trace
 * @param {string} renderer
 * @param {number} treeIter
 * @param {number[] | null | undefined} opened
 * @returns {StateMessage}
 */
function replayState(b, total, renderer, treeIter, opened) {
  const f = b.frame(treeIter || 0, opened);
  const s = f.stats;
  let state;
  if (s.status !== 'running') state = s.status;
  else state = 'paused';
  const info = s.run;
  const order = info && info.options ? info.options.order || '' : '';
  /** @type {RunView & {current: NonNullable<RunView['current']>}} */
  const v = {
    id: 1, label: info ? `${info.heuristic} ${info.algorithm}` + (order ? ' ' + order : '') : '', colour: COLOURS.run,
    startH: info ? info.startH || 0 : 0,
    puzzle: info ? info.puzzle || '' : '', instance: info ? info.instance || '' : '',
    heuristic: info ? info.heuristic || '' : '', algorithm: info ? info.algorithm || '' : '',
    status: state, iteration: s.current.iteration,
    // Before its first iteration IDA* has its first bound: h(start) (state.go).
    bound: s.current.iteration === 0 && info && info.algorithm !== 'astar' ? info.startH || 0 : s.current.bound,
    nextBound: s.bound !== s.current.bound ? s.bound : 0,
    expanded: s.totals.expanded, generated: s.totals.generated, pruned: s.totals.pruned,
    solutionLength: 0, solution: [], cost: s.cost, events: b.events, seconds: s.elapsed,
    nodesPerSecond: 0, timed: true, ebf: 0, growth: 0, growthOf: 0, iterations: [],
    current: { iteration: s.current.iteration, bound: s.current.bound, nextBound: s.current.nextBound,
      expanded: s.current.expanded, generated: s.current.generated, pruned: s.current.pruned },
  };
  if (order) v.order = order;
  if (s.status === 'solved') {
    v.solutionLength = (s.solution || []).length;
    v.solution = moveNames(info, s.solution);
  }
  if (v.seconds > 0) v.nodesPerSecond = v.generated / v.seconds;
  v.ebf = effectiveBranching(s.totals.generated, (s.solution || []).length);
  // Growth between complete iterations only: one that stopped at the
  // goal or a limit is not (web/fold/state.go's makeRunView).
  const complete = ['solved', 'limit', 'cancelled'].includes(s.status) ? s.iterations.slice(0, -1) : s.iterations;
  if (complete.length >= 2) {
    const a = complete[complete.length - 2].generated, z = complete[complete.length - 1];
    v.growth = a > 0 ? z.generated / a : 0;
    v.growthOf = z.iteration;
  }
  for (const it of iterationsOf(s)) {
    v.iterations.push({ iteration: it.iteration, bound: it.bound, nextBound: it.nextBound, expanded: it.expanded, generated: it.generated, pruned: it.pruned });
  }
  /** @type {StateMessage & {node: NodeView | null}} */
  const msg = { type: 'state', mode: 'replay', status: v.status, active: v, runs: [v], tree: f.tree, node: null, charts: null };
  msg.event = b.lastEv ? describe(b) : '';
  msg.algo = f.algo;
  msg.eventKind = b.lastEv ? b.lastEv.kind : 'kind(0)';
  if (s.run) {
    if (s.run.moveNames && s.run.moveNames.length) msg.moveNames = s.run.moveNames.slice();
    msg.node = currentNode(b, s);
    msg.node.renderer = msg.node.error ? '' : (renderer || '');
    msg.charts = {
      hstar: hStarChart(s, f.solutionH, f.solutionStar), effort: effortChart(s, f.effort),
      fhist: fHistogram(s, false), fhistTotal: fHistogram(s, true),
      iterations: iterationCounts(s), bounds: boundChart(s, v.label),
    };
    if (f.astar) {
      Object.assign(msg.charts, { fhist: aStarFHistogram(f.astar, s.current.visitF), fhistTotal: null,
        iterations: openSizeChart(f.astar.sizes), bounds: null });
    }
  }
  msg.hist = { iteration: s.current.iteration, bound: s.current.bound };
  msg.replay = { pos: b.events, total: Math.max(total, b.events) };
  return msg;
}

// currentNode is the node the state panel shows, with its moves from the
// start; the page adds its view.
/**
 * @param {Builder} b
 * @param {Snapshot} s
 * @returns {NodeView}
 */
function currentNode(b, s) {
  const info = s.run;
  /** @type {(moves: number[], g: number, h: number, f: number, depth: number) => NodeView} */
  const node = (moves, g, h, f, depth) => ({ id: 0, g, h, f, depth, moves: moveNames(info, moves), moveIndices: moves.slice() });
  const e = b.last;
  if (e && s.status !== 'solved') {
    /** @type {NodeView} */
    let nv;
    if (b.lastPlaced) nv = node(b.lastMoves, e.g, e.h, e.f, e.depth);
    else {
      nv = { id: 0, g: e.g, h: e.h, f: e.f, depth: e.depth, moves: [], error: t('run.state.unknown-node') };
    }
    nv.id = e.node;
    return nv;
  }
  if (s.status === 'solved') return node(s.solution || [], s.cost, 0, s.cost, (s.solution || []).length);
  const h = info ? info.startH || 0 : 0;
  return node([], 0, h, h, 0);
}

export { replayState, moveNames, statusName };
