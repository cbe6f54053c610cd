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
const MAX_KEPT = 64;             // fold.maxKept: finished iterations' trees
const KEPT_FACTOR = 16;          // fold.keptFactor
const HELD_FACTOR = 4;           // fold.heldFactor
const MAX_VIEW_DEPTH = 256;      // fold.maxViewDepth
const TREE_LIMIT = 1000;         // fold.DefaultTreeLimit

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
      case 'visit': case 'prune': this.node(e); break;
      case 'bound-increase': this.bound = e.newBound; break;
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

// ---- Tree: the tree and its pictures, web/fold/tree.go ----

const NO_MOVE = -1;

// TNode is a held node. Every node, a checkpoint's copies too, is made by
// this one constructor, so they share one shape and the fold stays fast.
class TNode {
  constructor(id, move, g, h, f, depth, status) {
    this.id = id; this.move = move; this.g = g; this.h = h; this.f = f; this.depth = depth;
    this.status = status; this.children = null; this.parent = null; this.below = 0;
  }
}

function treeNode(e, status) { return new TNode(e.node, e.move, e.g, e.h, e.f, e.depth, status); }

const kids = (n) => n.children || [];

class Tree {
  constructor(limit) {
    this.limit = Math.max(1, limit); this.root = null; this.path = []; this.last = null; this.held = 0;
    this.trimAt = HELD_FACTOR * this.limit;
    this.iter = 0; this.bound = 0; this.byID = new Map(); this.kept = []; this.keptHeld = 0; this.solutionH = [];
    this.effort = new Map();
  }

  reset(bound) {
    this.root = null; this.path = []; this.last = null; this.held = 0; this.bound = bound;
    this.trimAt = HELD_FACTOR * this.limit;
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
  // found its place (its parent is held).
  add(e) {
    switch (e.kind) {
      case 'iteration-start': this.iter = e.iteration; this.reset(e.bound); break;
      case 'push': case 'reopen': return this.push(e);
      case 'visit': {
        const had = this.byID.get(e.node);
        if (had !== undefined && had.status === 'open') { this.pop(had); return true; }
        const n = treeNode(e, 'path');
        if (e.parent === 0) {
          this.reset(this.bound);
          this.root = n; this.path.push(n); this.byID.set(n.id, n); this.held = 1; this.last = n;
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
        if (this.path.length === 0) { this.keep(); break; } // A* stopped before its first pop
        const n = this.path[this.path.length - 1];
        if (this.last !== n || n.h !== 0) { this.unwindTo(this.root.id); this.root.status = 'expanded'; }
        this.keep();
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
    const old = e.kind === 'reopen' ? this.byID.get(e.replaces) : undefined;
    if (old !== undefined && old.status === 'open') old.status = 'pruned';
    if (e.parent === 0) {
      this.reset(this.bound);
      this.root = n; this.last = n; this.held = 1; this.byID.set(n.id, n);
      return true;
    }
    if (this.root === null || this.path.length === 0 || this.path[this.path.length - 1].id !== e.parent) return false;
    this.attach(n); this.last = n;
    return true;
  }

  pop(n) { this.repath(n); this.last = n; }

  // repath makes the path n's held ancestors and n (web/fold/tree.go).
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
        for (let j = this.path.length - 1; j > i; j--) if (this.path[j].status === 'path') this.path[j].status = 'expanded';
        this.path.length = i + 1;
        return true;
      }
    }
    const p = this.byID.get(id);
    if (p === undefined) return false;
    this.repath(p);
    return true;
  }

  attach(n) {
    const p = this.path[this.path.length - 1];
    n.parent = p;
    (p.children || (p.children = [])).push(n);
    if (n.id !== 0) this.byID.set(n.id, n);
    this.held++;
    for (let a = p; a !== null; a = a.parent) a.below++;
    if (this.held > this.trimAt) this.trim();
  }

  trim() {
    const { open } = plan(this.root, this.path, null, 2 * this.limit, Infinity);
    const stack = [this.root];
    while (stack.length > 0) {
      const n = stack.pop();
      if (open.has(n)) { for (const c of kids(n)) stack.push(c); continue; }
      for (const c of kids(n)) this.held -= this.forget(c);
      n.children = null;
    }
    this.trimAt = Math.max(HELD_FACTOR * this.limit, 2 * this.held);
  }

  forget(n) {
    let d = 0;
    const stack = [n];
    while (stack.length > 0) {
      const m = stack.pop();
      this.byID.delete(m.id);
      d++;
      for (const c of kids(m)) stack.push(c);
    }
    return d;
  }

  keep() {
    const copies = new Map();
    const k = { iteration: this.iter, bound: this.bound, held: this.held, root: copyHeld(this.root, null, copies), path: [], last: this.last ? this.last.id : 0 };
    for (const n of this.path) k.path.push(copies.get(n));
    this.kept.push(k);
    this.keptHeld += k.held;
    while (this.kept.length > MAX_KEPT || (this.kept.length > 1 && this.keptHeld > KEPT_FACTOR * this.limit)) {
      this.keptHeld -= this.kept[0].held;
      this.kept.shift();
    }
  }

  // view is the picture of the iteration under way: a plain copy.
  view(opened) {
    const v = viewOf(this.root, this.path, this.limit, opened);
    v.iteration = this.iter; v.bound = this.bound; v.last = this.last ? this.last.id : 0;
    return v;
  }

  keptView(k, opened) {
    const v = viewOf(k.root, k.path, this.limit, opened);
    v.iteration = k.iteration; v.bound = k.bound; v.last = k.last;
    return v;
  }

  // clone is a deep copy of the tree, for a checkpoint; kept trees are
  // never changed once kept, so the copy shares them.
  clone() {
    const t = new Tree(this.limit);
    t.iter = this.iter; t.bound = this.bound; t.held = this.held; t.trimAt = this.trimAt;
    t.kept = this.kept.slice(); t.keptHeld = this.keptHeld;
    t.solutionH = this.solutionH.slice();
    t.effort = new Map(this.effort);
    const copies = new Map();
    t.root = copyHeld(this.root, null, copies);
    for (const [id, n] of this.byID) { const c = copies.get(n); if (c) t.byID.set(id, c); }
    t.path = this.path.map((n) => copies.get(n));
    t.last = this.last ? (copies.get(this.last) || null) : null;
    return t;
  }
}

function copyHeld(n, parent, copies) {
  if (!n) return null;
  const c = new TNode(n.id, n.move, n.g, n.h, n.f, n.depth, n.status);
  c.parent = parent; c.below = n.below;
  copies.set(n, c);
  if (n.children && n.children.length > 0) c.children = n.children.map((ch) => copyHeld(ch, c, copies));
  return c;
}

// plan is web/fold/tree.go's plan, the one folding rule: which nodes are
// open (their children drawn) when at most budget nodes may be drawn.
function plan(root, path, opened, budget, maxDepth) {
  const open = new Set();
  if (!root) return { open, drawn: 0 };
  const must = new Set(path);
  if (opened && opened.length > 0) {
    const want = new Set(opened);
    const stack = [[root, 0]];
    while (stack.length > 0) {
      const [n, d] = stack.pop();
      if (n.id !== 0 && want.has(n.id) && d < maxDepth - 1) {
        for (let a = n; a !== null && !must.has(a); a = a.parent) must.add(a);
      }
      for (const c of kids(n)) stack.push([c, d + 1]);
    }
  }
  let drawn = 1, level = [];
  const stack = [[root, 0]];
  while (stack.length > 0) {
    const p = stack.pop();
    const n = p[0];
    if (!must.has(n)) {
      if (kids(n).length > 0) level.push(p);
      continue;
    }
    if (p[1] >= maxDepth - 1) continue;
    open.add(n);
    drawn += kids(n).length;
    const ch = kids(n);
    for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i], p[1] + 1]);
  }
  while (level.length > 0) {
    for (let i = level.length - 1; i >= 0; i--) {
      const [n, d] = level[i];
      if (d >= maxDepth - 1) continue;
      if (drawn + kids(n).length > budget) return { open, drawn };
      open.add(n);
      drawn += kids(n).length;
    }
    const next = [];
    for (const [n, d] of level) {
      if (!open.has(n)) continue;
      for (const g of kids(n)) if (kids(g).length > 0) next.push([g, d + 1]);
    }
    level = next;
  }
  return { open, drawn };
}

// viewOf folds a tree into its picture (plan): the treeView the page draws.
function viewOf(root, path, budget, opened) {
  const v = { iteration: 0, bound: 0, drawn: 0, nodes: 0, budget, last: 0, kept: [], current: false };
  if (!root) return v;
  v.nodes = 1 + root.below;
  if (path.length > MAX_VIEW_DEPTH) {
    v.elided = path.length - MAX_VIEW_DEPTH;
    root = path[v.elided];
    path = path.slice(v.elided);
  }
  const { open } = plan(root, path, opened, budget, MAX_VIEW_DEPTH);
  const want = new Set(opened || []), onPath = new Set(path);
  const cp = (n) => {
    v.drawn++;
    const c = { id: n.id, move: n.move, g: n.g, h: n.h, f: n.f, depth: n.depth, status: n.status, count: 1 + n.below };
    if (!open.has(n)) {
      if (kids(n).length > 0) c.hidden = true;
      return c;
    }
    if (n.id !== 0 && want.has(n.id) && !onPath.has(n)) c.opened = true;
    if (kids(n).length > 0) c.children = n.children.map(cp);
    return c;
  };
  v.root = cp(root);
  return v;
}

// ---- Builder: one run's fold, as web/player.go's apply ----

class Builder {
  // perIteration: the trace has no node events (recorded at iteration
  // level), as web/fold's Run knows from its level.
  constructor(treeLimit, perIteration) {
    this.events = 0; this.stats = new Stats(); this.tree = new Tree(treeLimit || TREE_LIMIT);
    this.algo = new algo.AlgoFold();
    this.perIteration = !!perIteration;
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

  // frame is what web/fold's Run.Frame copies out, as plain data: its
  // tree is the picture of iteration treeIter when it is kept (0: the
  // iteration under way), with the nodes opened unfolded.
  frame(treeIter, opened) {
    if (this.movesDue) this.settleMoves();
    const k = treeIter ? this.tree.kept.find((x) => x.iteration === treeIter) : undefined;
    let tv;
    if (k !== undefined && treeIter !== this.tree.iter) tv = this.tree.keptView(k, opened);
    else { tv = this.tree.view(opened); tv.current = true; }
    tv.kept = this.tree.kept.map((x) => x.iteration);
    if (this.perIteration) tv.perIteration = true;
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

// nodeAt finds a node held in the tree, or in a kept tree of an earlier
// iteration: its moves from the start, or null.
function nodeAt(b, id) {
  const movesTo = (n) => {
    const moves = [];
    for (let a = n; a.parent !== null; a = a.parent) moves.push(a.move);
    return moves.reverse();
  };
  const n = b.tree.byID.get(id);
  if (n !== undefined) return { node: n, moves: movesTo(n) };
  for (let i = b.tree.kept.length - 1; i >= 0; i--) {
    const stack = [b.tree.kept[i].root];
    while (stack.length > 0) {
      const m = stack.pop();
      if (!m) continue;
      if (m.id === id) return { node: m, moves: movesTo(m) };
      for (const c of kids(m)) stack.push(c);
    }
  }
  return null;
}

const api = { Builder, Stats, Tree, nodeAt, NO_MOVE, TREE_LIMIT };
if (typeof module !== 'undefined') module.exports = api;
else root.vizBuild = api;
})(this, typeof module !== 'undefined' ? require('./algofold.js') : this.vizAlgo);
