// One namespace, vizBuild, and no other globals: the page's scripts share
// one global scope.
(function (root, algo) {
'use strict';
// builder.js: a trace's events folded in the browser: the fold of
// trace.Stats (trace/stats.go), the bounded tree window of web/tree.go and
// the player's last node (web/player.go), with algofold.js's line of
// pseudo-code and stack (web/fold/algo.go). replaystate.js makes the page's
// state message from it. The exported page (tracesource.js) runs both; the
// server runs the Go code. web/builder_test.go checks that both give the
// same state after every event (docs/ARCHITECTURE.md says why there are two).
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
      case 'push': case 'reopen': return this.push(e);
      case 'visit': {
        const had = this.byID.get(e.node);
        if (had !== undefined && had.status === 'open') { this.pop(had); return true; }
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
        if (this.path.length === 0) break; // A* stopped before its first pop
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

  // push and pop are A*'s tree of parent links (web/fold/tree.go).
  push(e) {
    const n = treeNode(e, 'open');
    if (e.kind === 'reopen') {
      const old = this.byID.get(e.replaces);
      if (old !== undefined && old.status === 'open') old.status = 'pruned';
    }
    if (e.parent === 0) {
      this.reset(this.bound);
      this.root = n; this.last = n; this.drawn = 1; this.byID.set(n.id, n);
      return true;
    }
    if (this.root === null || this.path.length === 0 || this.path[this.path.length - 1].id !== e.parent) return false;
    this.attach(n);
    this.last = n;
    return true;
  }

  pop(n) {
    this.repath(n);
    this.last = n;
  }

  // repath makes the path n's drawn ancestors and n (web/fold/tree.go).
  repath(n) {
    for (const p of this.path) if (p.status === 'path') p.status = 'expanded';
    this.path = [];
    for (let a = n; a !== null; a = a.parent) this.path.push(a);
    this.path.reverse();
    for (const p of this.path) p.status = 'path';
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
    this.repath(p);
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
    this.events = 0; this.stats = new Stats(); this.tree = new Tree(treeLimit || 300); this.algo = new algo.AlgoFold();
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
    this.algo.apply(e);
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
    b.algo = this.algo.clone();
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
    const stats = this.stats.snapshot();
    return {
      events: this.events, stats, tree: tv, algo: this.algo.view(stats),
      astar: this.algo.astar ? { openByF: this.algo.openByF.slice(), sizes: this.algo.sizesNow(), expanding: this.algo.expanding } : null,
      solutionH: this.tree.solutionH.slice(), effort: this.tree.effortView(),
      last: this.last, lastMoves: this.lastMoves.slice(), lastPlaced: this.lastPlaced,
      lastKind: this.lastEv ? this.lastEv.kind : '',
    };
  }
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

const api = { Builder, Stats, Tree, nodeAt, NO_MOVE };
if (typeof module !== 'undefined') module.exports = api;
else root.vizBuild = api;
})(this, typeof module !== 'undefined' ? require('./algofold.js') : this.vizAlgo);
