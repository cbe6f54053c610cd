// One namespace, vizBuild, and no other globals: the page's scripts share
// one global scope (app.js has its own nextBound, say).
(function (root) {
'use strict';
// builder.js: the page's state from a trace's events, in the browser: the
// fold of trace.Stats (trace/stats.go), the bounded tree window of
// web/tree.go, the player's last node (web/player.go), and web/state.go's
// buildState and web/charts.go's chart options for one replayed run. The
// exported page (TraceSource in app.js) runs it; the server runs the Go
// code. web/builder_test.go checks that both give the same state after
// every event (docs/ARCHITECTURE.md says why there are two).
//
// Events are the NDJSON form of trace.Event (trace/FORMAT.md): objects with
// kind, node, parent, depth, g, h, f, move, iteration, bound, reason, ...

const HIST_LIMIT = 1 << 16;      // trace.histLimit
const KEPT_ITERATIONS = 1 << 10; // trace.keptIterations
const KEPT_CELLS = 1 << 19;      // trace.keptCells
const MAX_KEPT = 64;             // web.maxKept: finished iterations' windows
const MAX_VIEW_DEPTH = 256;      // web.maxViewDepth

// ---- Stats: trace.Stats folding events (trace/stats.go) ----

function bump(h, i) {
  if (i < 0 || i >= HIST_LIMIT) return false;
  while (h.length <= i) h.push(0);
  h[i]++;
  return true;
}

function nextBound(it) {
  for (let f = 0; f < it.pruneF.length; f++) if (it.pruneF[f] > 0) return f;
  return -1;
}

function newIteration(n, bound) {
  return { iteration: n, bound, nextBound: 0, expanded: 0, generated: 0, pruned: 0, visitF: [], pruneF: [], depth: [] };
}

function cloneIteration(it) {
  return Object.assign({}, it, { visitF: it.visitF.slice(), pruneF: it.pruneF.slice(), depth: it.depth.slice() });
}

class Stats {
  constructor() { this.events = 0; this.reset(); }

  reset() {
    this.run = null; this.status = 'running'; this.iter = 0; this.bound = 0;
    this.cur = newIteration(0, 0);
    this.open = false; this.nodeFed = false; this.pending = false;
    this.iters = []; this.omitted = 0; this.cells = 0; this.unbinned = 0;
    this.done = { expanded: 0, generated: 0, pruned: 0 };
    this.solution = null; this.cost = 0; this.elapsed = 0; this.ended = false; this.runTotal = null;
  }

  event(e) {
    this.events++;
    switch (e.kind) {
      case 'run-start':
        this.reset();
        if (e.run) this.run = e.run;
        break;
      case 'iteration-start':
        this.abandon();
        this.begin(e.iteration, e.bound);
        break;
      case 'visit': case 'prune':
        this.node(e);
        break;
      case 'bound-increase':
        this.bound = e.newBound;
        break;
      case 'progress':
        this.ensure(e.iteration, e.bound);
        this.bound = e.bound;
        if (!this.nodeFed && e.stats) { this.copyIteration(e.stats); this.pending = false; }
        break;
      case 'iteration-end':
        this.ensure(e.iteration, e.bound);
        this.bound = e.bound;
        if (e.stats) this.copyIteration(e.stats);
        else this.cur.nextBound = nextBound(this.cur);
        this.finish();
        break;
      case 'solution':
        this.solution = (e.moves || []).slice();
        this.cost = e.cost || 0;
        break;
      case 'run-end':
        this.status = e.status;
        this.elapsed = (e.elapsedNs || 0) / 1e9;
        this.ended = true;
        this.runTotal = { expanded: e.expanded || 0, generated: e.generated || 0, pruned: e.pruned || 0 };
        break;
    }
  }

  begin(n, bound) {
    this.cur = newIteration(n, bound);
    this.iter = n; this.bound = bound;
    this.open = true; this.nodeFed = false; this.pending = false;
  }

  ensure(n, bound) {
    if (this.open && this.cur.iteration === n) return;
    this.abandon();
    this.begin(n, bound);
  }

  abandon() {
    if (!this.open) return;
    if (this.pending) this.cur.expanded++;
    this.cur.nextBound = nextBound(this.cur);
    this.finish();
  }

  finish() {
    this.done.expanded += this.cur.expanded;
    this.done.generated += this.cur.generated;
    this.done.pruned += this.cur.pruned;
    this.open = false; this.nodeFed = false; this.pending = false;
    if (this.iters.length >= KEPT_ITERATIONS) { this.omitted++; return; }
    const it = Object.assign({}, this.cur);
    it.visitF = this.keep(this.cur.visitF);
    it.pruneF = this.keep(this.cur.pruneF);
    it.depth = this.keep(this.cur.depth);
    this.iters.push(it);
  }

  keep(h) {
    let n = h.length;
    while (n > 0 && h[n - 1] === 0) n--;
    const room = KEPT_CELLS - this.cells;
    if (n > room) {
      for (let i = room; i < n; i++) this.unbinned += h[i];
      n = room;
    }
    this.cells += n;
    return h.slice(0, n);
  }

  node(e) {
    this.ensure(e.iteration, e.bound);
    this.bound = e.bound;
    if (this.pending) { this.cur.expanded++; this.pending = false; }
    this.nodeFed = true;
    if (e.kind === 'visit') {
      this.cur.generated++;
      if (!bump(this.cur.visitF, e.f)) this.unbinned++;
      if (!bump(this.cur.depth, e.depth)) this.unbinned++;
      if (e.h === 0) this.pending = true; else this.cur.expanded++;
    } else if (e.reason === 'bound') {
      this.cur.generated++;
      this.cur.pruned++;
      if (!bump(this.cur.pruneF, e.f)) this.unbinned++;
    }
  }

  copyIteration(src) {
    const capped = (h) => {
      h = h || [];
      if (h.length <= HIST_LIMIT) return h.slice();
      for (let i = HIST_LIMIT; i < h.length; i++) this.unbinned += h[i];
      return h.slice(0, HIST_LIMIT);
    };
    this.cur = Object.assign({}, src, { visitF: capped(src.visitF), pruneF: capped(src.pruneF), depth: capped(src.depth) });
  }

  // snapshot is trace.Stats.Snapshot without the clock: what the page shows.
  snapshot() {
    const s = {
      run: this.run, status: this.status, iteration: this.iter, bound: this.bound,
      current: cloneIteration(this.cur), iterations: this.iters.map(cloneIteration),
      omitted: this.omitted, unbinned: this.unbinned,
      totals: Object.assign({}, this.done), solution: this.solution ? this.solution.slice() : null,
      cost: this.cost, events: this.events, elapsed: this.ended ? this.elapsed : 0,
    };
    if (this.open) {
      s.totals.expanded += this.cur.expanded;
      s.totals.generated += this.cur.generated;
      s.totals.pruned += this.cur.pruned;
      s.current.nextBound = nextBound(this.cur);
    }
    if (this.runTotal) s.totals = Object.assign({}, this.runTotal);
    return s;
  }

  clone() {
    const c = Object.create(Stats.prototype);
    Object.assign(c, this);
    c.cur = cloneIteration(this.cur);
    c.iters = this.iters.map(cloneIteration);
    c.done = Object.assign({}, this.done);
    c.solution = this.solution ? this.solution.slice() : null;
    c.runTotal = this.runTotal ? Object.assign({}, this.runTotal) : null;
    return c;
  }
}

// ---- Tree: the bounded window of web/tree.go ----

const NO_MOVE = -1;

// TNode is a drawn node. Every node, a checkpoint's copies too, is made by
// this one constructor, so they share one shape and the fold stays fast.
class TNode {
  constructor(id, move, g, h, f, depth, status, count) {
    this.id = id; this.move = move; this.g = g; this.h = h; this.f = f; this.depth = depth;
    this.status = status; this.count = count; this.children = null; this.parent = null; this.below = 0;
  }
}

function treeNode(e, status) { return new TNode(e.node, e.move, e.g, e.h, e.f, e.depth, status, 1); }

class Tree {
  constructor(limit) {
    this.limit = limit; this.root = null; this.path = []; this.last = null; this.drawn = 0;
    this.iter = 0; this.bound = 0; this.byID = new Map(); this.kept = []; this.solutionH = [];
    this.effort = new Map();
  }

  reset(bound) {
    this.root = null; this.path = []; this.last = null; this.drawn = 0; this.bound = bound;
    this.byID.clear(); this.effort.clear();
  }

  countEffort(move) {
    let a = move, b = NO_MOVE;
    if (this.path.length === 2) { a = this.path[1].move; b = move; }
    else if (this.path.length > 2) { a = this.path[1].move; b = this.path[2].move; }
    // One number a key: moves are below 2^16 (trace/FORMAT.md), and a Map
    // of numbers costs far less per node than one of strings.
    const key = (a + 1) * 65537 + (b + 1);
    this.effort.set(key, (this.effort.get(key) || 0) + 1);
  }

  effortView() {
    const out = [];
    for (const [key, n] of this.effort) {
      out.push({ First: Math.floor(key / 65537) - 1, Second: (key % 65537) - 1, Nodes: n });
    }
    out.sort((x, y) => (x.First - y.First) || (x.Second - y.Second));
    return out;
  }

  // add folds one event; for a visit or a prune it reports whether the node
  // found its place (its parent is drawn).
  add(e) {
    switch (e.kind) {
      case 'iteration-start':
        this.iter = e.iteration;
        this.reset(e.bound);
        break;
      case 'visit': {
        const n = treeNode(e, 'path');
        if (e.parent === 0) {
          this.reset(this.bound);
          this.root = n; this.path.push(n); this.byID.set(n.id, n); this.drawn = 1; this.last = n;
          return true;
        }
        if (this.root === null || !this.unwindTo(e.parent)) return false;
        this.countEffort(e.move);
        this.attach(n);
        this.path.push(n);
        this.last = n;
        return true;
      }
      case 'prune': {
        if (e.reason !== 'bound' || this.root === null) return false;
        if (!this.unwindTo(e.parent)) return false;
        const n = treeNode(e, 'pruned');
        this.countEffort(e.move);
        this.attach(n);
        this.last = n;
        return true;
      }
      case 'iteration-end': {
        if (this.root === null) break;
        this.keep();
        const n = this.path[this.path.length - 1];
        if (this.last === n && n.h === 0) break;
        this.unwindTo(this.root.id);
        this.root.status = 'expanded';
        break;
      }
      case 'solution':
        this.solutionH = [];
        for (const n of this.path) { n.status = 'solution'; this.solutionH.push(n.h); }
        if (this.root !== null) this.root.status = 'solution';
        break;
    }
    return false;
  }

  unwindTo(id) {
    for (let i = this.path.length - 1; i >= 0; i--) {
      if (this.path[i].id === id) {
        for (let j = this.path.length - 1; j > i; j--) this.finish(this.path[j]);
        this.path.length = i + 1;
        return true;
      }
    }
    const p = this.byID.get(id);
    if (p === undefined) return false;
    for (const n of this.path) if (n.status === 'path') n.status = 'expanded';
    this.path = [];
    for (let n = p; n !== null; n = n.parent) this.path.push(n);
    this.path.reverse();
    for (const n of this.path) n.status = 'path';
    return true;
  }

  finish(n) {
    if (n.status === 'path') n.status = 'expanded';
    n.count = 1 + n.below;
    if (n.children) {
      for (const c of n.children) this.forget(c);
      this.drawn -= countDrawn(n.children);
    }
    n.children = null;
  }

  forget(n) {
    this.byID.delete(n.id);
    if (n.children) for (const c of n.children) this.forget(c);
  }

  attach(n) {
    const p = this.path[this.path.length - 1];
    n.parent = p;
    (p.children || (p.children = [])).push(n);
    if (n.id !== 0) this.byID.set(n.id, n);
    this.drawn++;
    for (let a = p; a !== null; a = a.parent) a.below++;
    while (this.drawn > this.limit && this.squeeze()) { /* fold */ }
    if (this.drawn > this.limit) this.foldOffPath();
  }

  foldOffPath() {
    const onPath = new Set(this.path);
    for (const p of this.path) {
      for (const c of p.children || []) {
        if (!onPath.has(c) && c.children && c.children.length > 0) this.finish(c);
      }
    }
    while (this.drawn > this.limit && this.squeeze()) { /* fold */ }
  }

  squeeze() {
    for (const p of this.path) {
      const ch = p.children || [];
      if (ch.length < 3) continue;
      const a = ch[0], b = ch[1];
      if (a.status === 'path' || b.status === 'path') continue;
      const g = new TNode(0, -1, -1, -1, -1, a.depth, 'group', a.count + b.count);
      g.parent = p;
      this.forget(a);
      this.forget(b);
      this.drawn -= countDrawn([a, b]) - 1;
      p.children = [g].concat(ch.slice(2));
      return true;
    }
    return false;
  }

  keep() {
    if (this.kept.length === MAX_KEPT) this.kept.shift();
    this.kept.push(this.view());
  }

  // view is the treeView the page draws: a plain copy, safe to keep.
  view() {
    const v = { iteration: this.iter, bound: this.bound, drawn: this.drawn, last: this.last ? this.last.id : 0, kept: [], current: false };
    let root = this.root;
    if (this.path.length > MAX_VIEW_DEPTH) {
      v.elided = this.path.length - MAX_VIEW_DEPTH;
      root = this.path[v.elided];
    }
    if (root) v.root = copyNode(root);
    return v;
  }

  // clone is a deep copy of the window, for a checkpoint.
  clone() {
    const t = new Tree(this.limit);
    t.iter = this.iter; t.bound = this.bound; t.drawn = this.drawn;
    t.kept = this.kept.slice(); // views are never changed once made
    t.solutionH = this.solutionH.slice();
    t.effort = new Map(this.effort);
    const copies = new Map();
    const dup = (n, parent) => {
      const c = new TNode(n.id, n.move, n.g, n.h, n.f, n.depth, n.status, n.count);
      c.parent = parent; c.below = n.below;
      copies.set(n, c);
      if (c.id !== 0 && this.byID.get(c.id) === n) t.byID.set(c.id, c);
      if (n.children) c.children = n.children.map((ch) => dup(ch, c));
      return c;
    };
    if (this.root) t.root = dup(this.root, null);
    t.path = this.path.map((n) => copies.get(n));
    t.last = this.last ? (copies.get(this.last) || null) : null;
    return t;
  }
}

function countDrawn(ns) {
  let d = 0;
  for (const n of ns) d += 1 + (n.children ? countDrawn(n.children) : 0);
  return d;
}

function copyNode(n) {
  const c = { id: n.id, move: n.move, g: n.g, h: n.h, f: n.f, depth: n.depth, status: n.status, count: n.count };
  if (n.status === 'path' || n.status === 'solution' || (n.status === 'expanded' && n.children && n.children.length > 0)) {
    c.count = 1 + n.below;
  }
  if (n.children && n.children.length > 0) c.children = n.children.map(copyNode);
  return c;
}

// ---- Builder: one run's fold, as web/player.go's apply ----

class Builder {
  constructor(treeLimit) {
    this.events = 0; this.stats = new Stats(); this.tree = new Tree(treeLimit || 300);
    this.lastEv = null; this.last = null; this.lastMoves = []; this.lastPlaced = false;
    // The moves to the last node are read off the path only when needed:
    // before an event that may change the path, or for a frame.
    this.movesDue = false; this.dueMove = null;
  }

  fold(e) {
    this.events++;
    const node = e.kind === 'visit' || (e.kind === 'prune' && e.reason === 'bound');
    // A node event becomes the last node itself, and a move-rule prune
    // leaves the path as it is; any other event may change the path.
    if (this.movesDue && !node && e.kind !== 'prune') this.settleMoves();
    this.stats.event(e);
    const placed = this.tree.add(e);
    this.lastEv = e;
    if (node) {
      this.last = e;
      this.lastPlaced = placed;
      this.movesDue = placed;
      this.dueMove = e.kind === 'prune' ? e.move : null;
      if (!placed) this.lastMoves = [];
    }
  }

  // settleMoves reads the moves to the last node off the path, which is
  // the path of that node (or of its parent, for a prune) until then.
  settleMoves() {
    const path = this.tree.path, moves = [];
    for (let i = 1; i < path.length; i++) moves.push(path[i].move);
    if (this.dueMove !== null) moves.push(this.dueMove);
    this.lastMoves = moves;
    this.movesDue = false;
  }

  clone() {
    const b = Object.create(Builder.prototype);
    Object.assign(b, this);
    b.stats = this.stats.clone();
    b.tree = this.tree.clone();
    b.lastMoves = this.lastMoves.slice();
    return b;
  }

  // frame is what web/player.go's frame copies out, as plain data.
  // frame's tree is the window of iteration treeIter when it is kept (0:
  // the iteration under way), as the page's iteration menu asks.
  frame(treeIter) {
    if (this.movesDue) this.settleMoves();
    let tv = treeIter ? this.tree.kept.find((v) => v.iteration === treeIter) : undefined;
    if (tv === undefined || treeIter === this.tree.iter) {
      tv = this.tree.view();
      tv.current = true;
    } else {
      tv = Object.assign({}, tv);
    }
    tv.kept = this.tree.kept.map((v) => v.iteration);
    return {
      events: this.events, stats: this.stats.snapshot(), tree: tv,
      solutionH: this.tree.solutionH.slice(), effort: this.tree.effortView(),
      last: this.last, lastMoves: this.lastMoves.slice(), lastPlaced: this.lastPlaced,
      lastKind: this.lastEv ? this.lastEv.kind : '',
    };
  }
}

// ---- The page's state of a replayed run: web/state.go and web/charts.go ----

const COL_VISITED = '#4e79a7', COL_GENERATED = '#a0cbe8', COL_PRUNED = '#e15759';
const RUN_PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#e15759', '#76b7b2', '#edc948', '#9c755f'];
const ECHARTS_COLOURS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];
const MAX_DENSE_AXIS = 200;
const BIG_ITERATION = 10000;

function runColour(id) { return RUN_PALETTE[(Math.max(id, 1) - 1) % RUN_PALETTE.length]; }

function moveNames(info, moves) {
  const names = (info && info.moveNames) || [];
  return (moves || []).map((m) => (m >= 0 && m < names.length ? names[m] : String(m)));
}

function effectiveBranching(n, d) {
  if (d <= 0 || n <= 0) return 0;
  const sum = (b) => {
    let s = 0, p = 1;
    for (let i = 0; i < d; i++) { p *= b; s += p; if (s > n) break; }
    return s;
  };
  let lo = 0, hi = Math.max(1, n);
  for (let i = 0; i < 200 && hi - lo > 1e-9; i++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) < n) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

function iterationsOf(s) {
  const its = s.iterations;
  if (s.current.iteration > 0 && (its.length === 0 || its[its.length - 1].iteration !== s.current.iteration)) {
    return its.concat([s.current]);
  }
  return its;
}

function describeEvent(e) {
  switch (e.kind) {
    case 'run-start': return 'the search starts';
    case 'iteration-start': return `iteration ${e.iteration} starts with bound ${e.bound}`;
    case 'visit':
      if (e.depth === 0) return `visit the start: f = 0 + ${e.h} = ${e.f}, within the bound ${e.bound}`;
      return `visit node ${e.node}: f = ${e.g} + ${e.h} = ${e.f}, within the bound ${e.bound}`;
    case 'prune':
      if (e.reason === 'move-rule') return 'a move the move rule forbids here (it would undo the last one) is not generated';
      return `prune node ${e.node}: f = ${e.g} + ${e.h} = ${e.f} is over the bound ${e.bound}`;
    case 'bound-increase': return `no solution within ${e.bound}: the bound rises to ${e.newBound}, the smallest f that was pruned`;
    case 'iteration-end': return `iteration ${e.iteration} ends`;
    case 'solution': return `a goal: solution of cost ${e.cost}`;
    case 'run-end': return 'the search ends: ' + e.status;
    case 'progress': return `iteration ${e.iteration} under way (bound ${e.bound})`;
  }
  return e.kind;
}

// The options go-echarts writes for every chart (web/charts.go).
function chartBase(titleText, showLegend, grid) {
  return {
    animation: false, color: ECHARTS_COLOURS.slice(), grid: [grid],
    legend: { type: 'plain', show: showLegend, bottom: '2', itemWidth: 14, itemHeight: 10 },
    series: [],
    title: { text: titleText, textStyle: { fontSize: 13 }, left: 'center', top: '2' },
    toolbox: {},
    tooltip: { show: true, trigger: 'axis' },
  };
}
function gridOf(lines) { return { left: '60', top: '48', right: '30', bottom: String(44 + 18 * lines) }; }
function categoryAxis(name, data) { return [{ type: 'category', name, nameLocation: 'middle', nameGap: 24, data }]; }
const countAxis = () => [{ name: 'nodes', type: 'value', minInterval: 1 }];
const values = (xs) => xs.map((v) => ({ value: v }));
const at = (xs, i) => (i < xs.length ? xs[i] : 0);

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

function fHistogram(s, cumulative) {
  const visit = [], prune = [];
  const add = (dst, src) => { src = src || []; while (dst.length < src.length) dst.push(0); src.forEach((v, i) => { dst[i] += v; }); };
  if (cumulative) {
    for (const it of s.iterations) { add(visit, it.visitF); add(prune, it.pruneF); }
    if (s.iterations.length === 0 || s.iterations[s.iterations.length - 1].iteration !== s.current.iteration) {
      add(visit, s.current.visitF); add(prune, s.current.pruneF);
    }
  } else {
    add(visit, s.current.visitF); add(prune, s.current.pruneF);
  }
  const bound = s.current.bound;
  const fs = fAxis(visit, prune, bound, s.bound);
  const name = cumulative ? 'f histogram, all iterations' : `f histogram, iteration ${s.current.iteration} (bound ${bound})`;
  const o = chartBase(name, true, gridOf(1));
  const marks = [{ name: 'bound', xAxis: String(bound) }];
  if (s.bound !== bound && !cumulative) marks.push({ name: 'next bound', xAxis: String(s.bound) });
  o.series.push({ name: 'visited', type: 'bar', stack: 'f', data: values(fs.map((f) => at(visit, f))), itemStyle: { color: COL_VISITED },
    markLine: { data: marks, symbol: ['none', 'none'], label: { show: true, formatter: '{b}' } } });
  o.series.push({ name: 'pruned (f > bound)', type: 'bar', stack: 'f', data: values(fs.map((f) => at(prune, f))), itemStyle: { color: COL_PRUNED } });
  o.xAxis = categoryAxis('f', fs.map(String));
  o.yAxis = countAxis();
  return o;
}

function iterationCounts(s) {
  const bounds = Array.from(new Set(iterationsOf(s).map((it) => it.bound))).sort((a, b) => a - b);
  const index = new Map(bounds.map((b, i) => [b, i]));
  const e = bounds.map(() => 0), g = bounds.map(() => 0), p = bounds.map(() => 0);
  for (const it of iterationsOf(s)) {
    const i = index.get(it.bound);
    e[i] = it.expanded; g[i] = it.generated; p[i] = it.pruned;
  }
  const o = chartBase('nodes per iteration', true, gridOf(1));
  o.series.push({ name: 'expanded', type: 'bar', data: values(e), itemStyle: { color: COL_VISITED } });
  o.series.push({ name: 'generated', type: 'bar', data: values(g), itemStyle: { color: COL_GENERATED } });
  o.series.push({ name: 'pruned', type: 'bar', data: values(p), itemStyle: { color: COL_PRUNED } });
  o.xAxis = categoryAxis('bound', bounds.map(String));
  o.yAxis = countAxis();
  return o;
}

function boundChart(s, name) {
  const its = iterationsOf(s);
  const o = chartBase('bound per iteration', false, gridOf(0));
  const data = its.map((it) => ({ value: it.bound }));
  o.series.push({ name, type: 'line', step: 'end', showSymbol: true, data: data.length ? data : null, animation: false });
  o.xAxis = categoryAxis('iteration', its.map((_, i) => String(i + 1)));
  o.yAxis = [{ name: 'bound', type: 'value', scale: true, minInterval: 1 }];
  return o;
}

function hStarChart(s, solutionH) {
  const h = solutionH;
  if (s.status !== 'solved' || h.length === 0) return null;
  const n = h.length - 1;
  const o = chartBase('h along the solution against h* (true distance to go)', true, gridOf(1));
  o.series.push({ name: 'h* = length \u2212 depth', type: 'line', showSymbol: true, data: values(h.map((_, d) => n - d)), animation: false, itemStyle: { color: '#59a14f' } });
  o.series.push({ name: 'h (the heuristic)', type: 'line', showSymbol: true, data: values(h), animation: false, itemStyle: { color: COL_VISITED } });
  o.xAxis = categoryAxis('depth on the solution path', h.map((_, d) => String(d)));
  o.yAxis = [{ name: 'moves to go', type: 'value', minInterval: 1 }];
  return o;
}

function effortChart(s, effort) {
  let total = 0;
  for (const e of effort) total += e.Nodes;
  if (total < BIG_ITERATION) return null;
  const name = (m) => moveNames(s.run, [m])[0];
  const data = [];
  for (const e of effort) {
    if (data.length === 0 || data[data.length - 1].name !== name(e.First)) data.push({ name: name(e.First), value: 0 });
    const first = data[data.length - 1];
    first.value += e.Nodes;
    if (e.Second !== NO_MOVE) (first.children || (first.children = [])).push({ name: name(e.Second), value: e.Nodes });
  }
  const o = chartBase(`where iteration ${s.current.iteration}'s ${total} nodes went, by the first two moves`, false, null);
  delete o.grid;
  o.tooltip = { show: true };
  o.series.push({ name: 'nodes', type: 'sunburst', data, animation: false });
  return o;
}

// replayState is web/state.go's buildState for one replayed run: the
// message the page draws, without the node's view (the page draws it from
// the moves, renderers' move functions).
function replayState(b, total, renderer, treeIter) {
  const f = b.frame(treeIter || 0);
  const s = f.stats;
  let state;
  if (s.status !== 'running') state = s.status;
  else state = 'paused';
  const info = s.run;
  const v = {
    id: 1, label: info ? `${info.heuristic} ${info.algorithm}` : '', colour: runColour(1),
    startH: info ? info.startH || 0 : 0,
    puzzle: info ? info.puzzle || '' : '', instance: info ? info.instance || '' : '',
    heuristic: info ? info.heuristic || '' : '', algorithm: info ? info.algorithm || '' : '',
    status: state, iteration: s.current.iteration, bound: s.current.bound,
    nextBound: s.bound !== s.current.bound ? s.bound : 0,
    expanded: s.totals.expanded, generated: s.totals.generated, pruned: s.totals.pruned,
    solutionLength: 0, solution: [], cost: s.cost, events: b.events, seconds: s.elapsed,
    nodesPerSecond: 0, timed: true, ebf: 0, growth: 0, iterations: [],
  };
  if (s.status === 'solved') {
    v.solutionLength = (s.solution || []).length;
    v.solution = moveNames(info, s.solution);
  }
  if (v.seconds > 0) v.nodesPerSecond = v.generated / v.seconds;
  v.ebf = effectiveBranching(s.totals.generated, (s.solution || []).length);
  if (s.iterations.length >= 2) {
    const a = s.iterations[s.iterations.length - 2].generated, z = s.iterations[s.iterations.length - 1].generated;
    v.growth = a > 0 ? z / a : 0;
  }
  for (const it of iterationsOf(s)) {
    v.iterations.push({ iteration: it.iteration, bound: it.bound, nextBound: it.nextBound, expanded: it.expanded, generated: it.generated, pruned: it.pruned });
  }
  const msg = { type: 'state', mode: 'replay', status: v.status, active: v, runs: [v], tree: f.tree, node: null, charts: null };
  msg.event = b.lastEv ? describeEvent(b.lastEv) : '';
  msg.eventKind = b.lastEv ? b.lastEv.kind : 'kind(0)';
  if (s.run) {
    msg.node = currentNode(b, s);
    msg.node.renderer = msg.node.error ? '' : (renderer || '');
    msg.charts = {
      hstar: hStarChart(s, f.solutionH), effort: effortChart(s, f.effort),
      fhist: fHistogram(s, false), fhistTotal: fHistogram(s, true),
      iterations: iterationCounts(s), bounds: boundChart(s, '#1 ' + v.label),
    };
  }
  msg.hist = { iteration: s.current.iteration, bound: s.current.bound };
  msg.replay = { pos: b.events, total: Math.max(total, b.events) };
  return msg;
}

// currentNode is the node the state panel shows, with its moves from the
// start; the page adds its view.
function currentNode(b, s) {
  const info = s.run;
  const node = (moves, g, h, f, depth) => ({ id: 0, g, h, f, depth, moves: moveNames(info, moves), moveIndices: moves.slice() });
  const e = b.last;
  if (e && s.status !== 'solved') {
    let nv;
    if (b.lastPlaced) nv = node(b.lastMoves, e.g, e.h, e.f, e.depth);
    else {
      nv = { g: e.g, h: e.h, f: e.f, depth: e.depth, moves: [], error: "this node's parent is not in the tree window, so its state is unknown" };
    }
    nv.id = e.node;
    return nv;
  }
  if (s.status === 'solved') return node(s.solution || [], s.cost, 0, s.cost, (s.solution || []).length);
  const h = info ? info.startH || 0 : 0;
  return node([], 0, h, h, 0);
}

// nodeAt finds a node drawn in the window, or in a kept window of an
// earlier iteration: its moves from the start, or null.
function nodeAt(b, id) {
  for (let n = b.tree.byID.get(id); n !== undefined;) {
    const moves = [];
    for (let a = n; a.parent !== null; a = a.parent) moves.push(a.move);
    return { node: n, moves: moves.reverse() };
  }
  const find = (n, moves) => {
    if (!n) return null;
    if (n.id === id) return { node: n, moves };
    for (const c of n.children || []) {
      const r = find(c, moves.concat([c.move]));
      if (r) return r;
    }
    return null;
  };
  for (let i = b.tree.kept.length - 1; i >= 0; i--) {
    const r = find(b.tree.kept[i].root, []);
    if (r) return r;
  }
  return null;
}

const api = { Builder, Stats, Tree, replayState, nodeAt, moveNames };
if (typeof module !== 'undefined') module.exports = api;
else root.vizBuild = api;
})(this);
