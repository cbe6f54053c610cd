// @ts-check
// builder.js: a trace's events folded in the browser: the fold of
// trace.Stats (trace/stats.go), treefold.js's tree (web/fold/tree.go) and
// the player's last node (web/player.go), with algofold.js's line of
// pseudo-code and stack (web/fold/algo.go). replaystate.js makes the page's
// state message from it. The exported page (tracesource.js) runs both; the
// server runs the Go code. web/fold/builder_test.go checks that both give the
// same state after every event (docs/ARCHITECTURE.md says why there are two).
//
// Events are the NDJSON form of trace.Event (trace/FORMAT.md): objects with
// kind, node, parent, depth, g, h, f, move, iteration, bound, reason, ...
import * as algo from './algofold.js';
import * as treefold from './treefold.js';
import { HIST_LIMIT, KEPT_ITERATIONS, KEPT_CELLS, TREE_LIMIT } from './shared.js';

/** @typedef {NonNullable<import('./treefold.js').Tree['root']>} TNode */


// ---- Stats: trace.Stats folding events (trace/stats.go) ----

/**
 * @param {number[]} h
 * @param {number} i
 * @returns {boolean} whether i was within the histogram's limit
 */
function bump(h, i) {
  if (i < 0 || i >= HIST_LIMIT) return false;
  while (h.length <= i) h.push(0);
  h[i]++;
  return true;
}

/**
 * An iteration's statistics as the fold keeps them: its histograms always there.
 * @typedef {IterationStats & {visitF: number[], pruneF: number[], depth: number[]}} Iteration
 */

/** @param {Iteration} it */
function nextBound(it) {
  for (let f = 0; f < it.pruneF.length; f++) if (it.pruneF[f] > 0) return f;
  return -1;
}

/**
 * @param {number} n
 * @param {number} bound
 * @returns {Iteration}
 */
function newIteration(n, bound) {
  return { iteration: n, bound, nextBound: 0, expanded: 0, generated: 0, pruned: 0, visitF: [], pruneF: [], depth: [] };
}

/**
 * @param {Iteration} it
 * @returns {Iteration}
 */
function cloneIteration(it) {
  return Object.assign({}, it, { visitF: it.visitF.slice(), pruneF: it.pruneF.slice(), depth: it.depth.slice() });
}

/** @typedef {{expanded: number, generated: number, pruned: number}} Counts */

/**
 * A snapshot of the statistics (trace.Stats.Snapshot): what the page shows.
 * @typedef {{run: RunInfo | null, status: string, iteration: number, bound: number, current: Iteration,
 *   iterations: Iteration[], omitted: number, unbinned: number, totals: Counts, solution: number[] | null,
 *   cost: number, events: number, elapsed: number}} Snapshot
 */

class Stats {
  // Every field but events is set by reset.
  /** @type {RunInfo | null} */ run;
  /** @type {string} */ status;
  /** @type {number} */ iter;
  /** @type {number} */ bound;
  /** @type {Iteration} */ cur;
  /** @type {boolean} */ open;
  /** @type {boolean} */ nodeFed;
  /** @type {boolean} */ pending;
  /** @type {Iteration[]} finished iterations, never changed once here */ iters;
  /** @type {number} */ omitted;
  /** @type {number} */ cells;
  /** @type {number} */ unbinned;
  /** @type {Counts} */ done;
  /** @type {number[] | null} */ solution;
  /** @type {number} */ cost;
  /** @type {number} */ elapsed;
  /** @type {boolean} */ ended;
  /** @type {Counts | null} */ runTotal;

  constructor() { this.events = 0; this.reset(); }

  reset() {
    this.run = null; this.status = 'running'; this.iter = 0; this.bound = 0;
    this.cur = newIteration(0, 0);
    this.open = false; this.nodeFed = false; this.pending = false;
    this.iters = []; this.omitted = 0; this.cells = 0; this.unbinned = 0;
    this.done = { expanded: 0, generated: 0, pruned: 0 };
    this.solution = null; this.cost = 0; this.elapsed = 0; this.ended = false; this.runTotal = null;
  }

  /** @param {TraceEvent} e */
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
      case 'bound-increase': this.bound = /** @type {number} */ (e.newBound); break;
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
        this.status = /** @type {string} */ (e.status);
        this.elapsed = (e.elapsedNs || 0) / 1e9;
        this.ended = true;
        this.runTotal = { expanded: e.expanded || 0, generated: e.generated || 0, pruned: e.pruned || 0 };
        break;
    }
  }

  /**
   * @param {number} n
   * @param {number} bound
   */
  begin(n, bound) {
    this.cur = newIteration(n, bound);
    this.iter = n; this.bound = bound;
    this.open = true; this.nodeFed = false; this.pending = false;
  }

  /**
   * @param {number} n
   * @param {number} bound
   */
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

  /**
   * @param {number[]} h
   * @returns {number[]}
   */
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

  /** @param {TraceEvent} e */
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

  /** @param {IterationStats} src */
  copyIteration(src) {
    /** @type {(h: number[] | undefined) => number[]} */
    const capped = (h) => {
      h = h || [];
      if (h.length <= HIST_LIMIT) return h.slice();
      for (let i = HIST_LIMIT; i < h.length; i++) this.unbinned += h[i];
      return h.slice(0, HIST_LIMIT);
    };
    this.cur = Object.assign({}, src, { visitF: capped(src.visitF), pruneF: capped(src.pruneF), depth: capped(src.depth) });
  }

  // snapshot is trace.Stats.Snapshot without the clock: what the page shows.
  /** @returns {Snapshot} */
  snapshot() {
    /** @type {Snapshot} */
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

  /** @returns {Stats} */
  clone() {
    const c = Object.create(Stats.prototype);
    Object.assign(c, this);
    c.cur = cloneIteration(this.cur);
    c.iters = this.iters.slice(); // a finished iteration is never changed: the copies share it
    c.done = Object.assign({}, this.done);
    c.solution = this.solution ? this.solution.slice() : null;
    c.runTotal = this.runTotal ? Object.assign({}, this.runTotal) : null;
    return c;
  }
}

const { Tree, kids, NO_MOVE } = treefold;

// ---- Builder: one run's fold, as web/player.go's apply ----

class Builder {
  // perIteration: the trace has no node events (recorded at iteration
  // level), as web/fold's Run knows from its level.
  /** @type {TraceEvent | null} the last event folded */ lastEv;
  /** @type {TraceEvent | null} the last node event */ last;
  /** @type {number[]} */ lastMoves;
  /** @type {number | null} */ dueMove;

  /**
   * @param {number} treeLimit the nodes a tree picture draws (0: TREE_LIMIT)
   * @param {boolean} perIteration
   */
  constructor(treeLimit, perIteration) {
    this.events = 0; this.stats = new Stats(); this.tree = new Tree(treeLimit || TREE_LIMIT);
    this.algo = new algo.AlgoFold();
    this.perIteration = !!perIteration;
    this.lastEv = null; this.last = null; this.lastMoves = []; this.lastPlaced = false;
    // The moves to the last node are read off the path only when needed:
    // before an event that may change the path, or for a frame.
    this.movesDue = false; this.dueMove = null;
  }

  /** @param {TraceEvent} e */
  fold(e) {
    this.events++;
    // A raise is about a node on the path, with its raised h (run.go).
    const node = e.kind === 'visit' || e.kind === 'raise' || (e.kind === 'prune' && e.reason === 'bound');
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

  /** @returns {Builder} */
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
  /**
   * @param {number} treeIter
   * @param {number[] | null | undefined} opened
   */
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
      solutionH: this.tree.solutionH.slice(), solutionStar: this.tree.solutionStar.slice(), effort: this.tree.effortView(),
      last: this.last, lastMoves: this.lastMoves.slice(), lastPlaced: this.lastPlaced,
      lastKind: this.lastEv ? this.lastEv.kind : '',
    };
  }
}

// nodeAt finds a node held in the tree, or in a kept tree of an earlier
// iteration: its moves from the start, or null.
/**
 * @param {Builder} b
 * @param {number} id
 * @returns {{node: TNode, moves: number[]} | null}
 */
function nodeAt(b, id) {
  /** @type {(n: TNode) => number[]} */
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

export { Builder, Stats, Tree, nodeAt, NO_MOVE, TREE_LIMIT };
