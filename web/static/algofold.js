// @ts-check
// algofold.js: the algorithm beside the picture, folded from the events:
// the line of pseudo-code each event lights with the values it reads,
// IDA*'s depth-first stack (each frame's children left to try), A*'s open
// list (its size, its best entries, by f) and closed count. The twin of
// web/fold/algo.go: builder.js folds with it for an exported page, and
// web/fold/builder_test.go holds the two equal.
import { t } from './i18n.js';
import { MAX_OPEN_KEPT, MAX_SIZE_POINTS, OPEN_BEST, MAX_VIEW_DEPTH, MAX_BOUND, LINE } from './shared.js';

/**
 * @param {RunInfo | null | undefined} info
 * @param {number[] | null | undefined} moves
 * @returns {string[]}
 */
function moveNames(info, moves) {
  const names = (info && info.moveNames) || [];
  return (moves || []).map((m) => (m >= 0 && m < names.length ? names[m] : String(m)));
}

// lineOf is the pseudo-code line an event lights (algo.go's lineOf).
/**
 * @param {TraceEvent} e
 * @param {boolean} astar
 * @returns {string}
 */
function lineOf(e, astar) {
  switch (e.kind) {
    case 'visit': return e.h === 0 ? LINE.goalTest : astar ? LINE.pop : LINE.visit;
    case 'solution': return LINE.goal;
    case 'run-end': if (e.status === 'solved') return LINE.goal; break;
  }
  if (astar) {
    switch (e.kind) {
      case 'run-start': case 'iteration-start': return LINE.openInit;
      case 'push': return LINE.push;
      case 'reopen': return LINE.reopen;
    }
    return LINE.pop;
  }
  switch (e.kind) {
    case 'run-start': return LINE.boundInit;
    case 'iteration-start': return LINE.iterationStart;
    case 'prune': return e.reason === 'bound' ? LINE.prune : LINE.expand;
    case 'expand': case 'progress': return LINE.expand;
    case 'bound-increase': return LINE.boundRise;
    case 'raise': return LINE.raise; // LINE.raiseBack once a child was tried: apply knows
  }
  return LINE.iterationEnd;
}

/** @param {number} h */
function goalTest(h) { return h === 0 ? t('run.ev.goal-test') : ''; }

// describeAStar says an A* event in A*'s words, '' where it has none, in
// the page's language (algo.go's, with the same messages).
/**
 * @param {TraceEvent} e
 * @returns {string}
 */
function describeAStar(e) {
  switch (e.kind) {
    case 'iteration-start': return t('run.astar.start');
    case 'push':
      if (e.parent === 0) return t('run.astar.push-start', { H: e.h, F: e.f });
      return t('run.astar.push', { Node: e.node, G: e.g, H: e.h, F: e.f });
    case 'reopen': return describeReopen(e, '');
    case 'visit':
      if (e.depth === 0) return t('run.astar.pop-start', { H: e.h, F: e.f }) + goalTest(e.h);
      return t('run.astar.pop', { Node: e.node, G: e.g, H: e.h, F: e.f }) + goalTest(e.h);
    case 'iteration-end': return t('run.astar.loop-end');
    case 'progress': return t('run.astar.progress', { F: e.bound });
  }
  return '';
}

// describeReopen says a cheaper path to a state A* stored, by where the
// node it replaces was (AlgoFold's replaced): "reopen" is for a closed one.
/**
 * @param {TraceEvent} e
 * @param {string} where
 * @returns {string}
 */
function describeReopen(e, where) {
  const args = { Node: e.node, Replaces: e.replaces, G: e.g, H: e.h, F: e.f };
  if (where === 'open') return t('run.astar.reopen-open', args);
  if (where === 'closed') return t('run.astar.reopen-closed', args);
  return t('run.astar.reopen', args);
}

/**
 * @param {number[]} h
 * @param {number} i
 * @param {number} d
 */
function bump(h, i, d) {
  if (i < 0 || i > MAX_BOUND) return;
  while (h.length <= i) h.push(0);
  h[i] += d;
}

// codeNode: h is the value the search holds for the node, f − g (algo.go).
/**
 * An open list entry, or the node the code panel shows.
 * @typedef {{id: number, g: number, h: number, f: number}} CodeNode
 */

/** @type {(e: TraceEvent) => CodeNode} */
const codeNode = (e) => ({ id: e.node, g: e.g, h: e.f - e.g, f: e.f });

// before orders open entries as A* pops them: least f, larger g, older.
/** @type {(a: CodeNode, b: CodeNode) => number} */
const before = (a, b) => (a.f - b.f) || (b.g - a.g) || (a.id - b.id);

/**
 * A frame of IDA*'s stack: the node, its children (-1: not yet known) and
 * how many of them were tried.
 * @typedef {{id: number, move: number, g: number, h: number, f: number, children: number, tried: number}} Frame
 */

class AlgoFold {
  // Every field is set by reset.
  /** @type {boolean} */ astar;
  /** @type {boolean} */ pathmax;
  /** @type {string} */ line;
  /** @type {CodeNode | null} */ node;
  /** @type {Frame[]} */ frames;
  /** @type {Map<number, CodeNode>} */ open;
  /** @type {number} */ openSize;
  /** @type {boolean} */ openLost;
  /** @type {number[]} */ openByF;
  /** @type {number} */ closed;
  /** @type {number} */ expanding;
  /** @type {string} */ replaced; // where a reopen's replaced node was: 'open', 'closed', '' (algo.go)
  /** @type {number} */ pops;
  /** @type {{N: number, Size: number}[]} */ sizes;
  /** @type {number} */ stride;

  constructor() { this.reset(false); }

  /**
   * @param {boolean} astar
   * @param {boolean} [pathmax]
   */
  reset(astar, pathmax) {
    this.astar = astar; this.pathmax = !!pathmax; this.line = ''; this.node = null; this.frames = [];
    this.open = new Map(); this.openSize = 0; this.openLost = false; this.openByF = [];
    this.closed = 0; this.expanding = 0; this.replaced = ''; this.pops = 0; this.sizes = []; this.stride = 1;
  }

  /** @param {TraceEvent} e */
  apply(e) {
    if (e.kind === 'run-start') this.reset(!!(e.run && e.run.algorithm === 'astar'), !!(e.run && e.run.pathmax));
    const prev = this.line;
    this.line = lineOf(e, this.astar);
    // The search stops at the node it just tested: the goal (algo.go).
    if (e.kind === 'iteration-end' && prev === LINE.goalTest) this.line = LINE.goal;
    this.node = null; this.replaced = '';
    if (e.kind === 'visit' || e.kind === 'expand' || e.kind === 'push' || e.kind === 'reopen' || e.kind === 'raise' ||
      (e.kind === 'prune' && e.reason === 'bound')) this.node = codeNode(e);
    if (this.astar) { this.applyAStar(e); return; }
    switch (e.kind) {
      case 'iteration-start': this.frames = []; break;
      case 'visit':
        if (e.parent === 0) this.frames = [];
        else if (!this.under(e.parent, e.depth)) { this.frames = []; return; }
        this.frames.push({ id: e.node, move: e.move, g: e.g, h: e.f - e.g, f: e.f, children: -1, tried: 0 });
        break;
      case 'prune':
        if (e.reason === 'bound') this.under(e.parent, e.depth);
        break;
      case 'expand': {
        const n = this.frames.length;
        if (n > 0 && this.frames[n - 1].id === e.node) this.frames[n - 1].children = /** @type {number} */ (e.children);
        break;
      }
      case 'raise': {
        // Back at the node, its h raised: by its children's before any
        // was tried, else by the child just searched.
        this.pathmax = true;
        const d = e.depth;
        if (d < 0 || d >= this.frames.length || this.frames[d].id !== e.node) break;
        this.frames.length = d + 1;
        const f = this.frames[d];
        f.h = e.h; f.f = e.f;
        if (f.tried > 0) this.line = LINE.raiseBack;
        break;
      }
    }
  }

  // left is how many children the node of id, the end of the path, has
  // still to come (-1: not known).
  /**
   * @param {number} id
   * @returns {number}
   */
  left(id) {
    const n = this.frames.length;
    if (n === 0 || this.frames[n - 1].id !== id || this.frames[n - 1].children < 0) return -1;
    return Math.max(0, this.frames[n - 1].children - this.frames[n - 1].tried);
  }

  /**
   * @param {number} parent
   * @param {number} d
   * @returns {boolean}
   */
  under(parent, d) {
    if (d < 1 || d > this.frames.length || this.frames[d - 1].id !== parent) return false;
    this.frames.length = d;
    this.frames[d - 1].tried++;
    return true;
  }

  /** @param {TraceEvent} e */
  applyAStar(e) {
    switch (e.kind) {
      case 'push': case 'reopen': {
        if (e.kind === 'reopen') {
          const replaces = /** @type {number} */ (e.replaces);
          const old = this.open.get(replaces);
          if (old !== undefined) { this.dropOpen(replaces, old.f); this.replaced = 'open'; } else if (!this.openLost) {
            this.replaced = 'closed';
            if (this.closed > 0) this.closed--;
          }
        }
        this.openSize++;
        bump(this.openByF, e.f, 1);
        if (this.open.size >= MAX_OPEN_KEPT) this.openLost = true;
        if (!this.openLost) this.open.set(e.node, codeNode(e));
        break;
      }
      case 'visit':
        if (this.pops % this.stride === 0) {
          this.sizes.push({ N: this.pops, Size: this.openSize });
          if (this.sizes.length > MAX_SIZE_POINTS) {
            this.sizes = this.sizes.filter((_, i) => i % 2 === 0);
            this.stride *= 2;
          }
        }
        this.pops++;
        this.dropOpen(e.node, e.f);
        this.closed++;
        this.expanding = e.f;
        break;
      case 'solution':
        this.closed = Math.max(0, this.closed - 1);
        break;
    }
  }

  /**
   * @param {number} id
   * @param {number} f
   */
  dropOpen(id, f) {
    if (this.openSize > 0) this.openSize--;
    bump(this.openByF, f, -1);
    this.open.delete(id);
  }

  sizesNow() {
    const s = this.sizes.slice();
    if (s.length === 0 || s[s.length - 1].N !== this.pops) s.push({ N: this.pops, Size: this.openSize });
    return s;
  }

  // view is algo.go's AlgoView; s is the run's snapshot.
  /**
   * @param {{run: RunInfo | null, current: {iteration: number, bound: number, nextBound: number}}} s
   * @returns {AlgoView}
   */
  view(s) {
    /** @type {AlgoView} */
    const v = { algorithm: 'ida', line: this.line, pathmax: this.pathmax, node: this.node ? Object.assign({}, this.node) : null,
      bound: 0, next: -1, stack: [], elided: 0, open: null, closed: 0, expanding: 0 };
    if (this.astar) {
      v.algorithm = 'astar';
      v.closed = this.closed; v.expanding = this.expanding;
      v.open = { size: this.openSize, best: this.openLost ? null : this.best(), lost: this.openLost };
      return v;
    }
    v.bound = s.current.bound; v.next = s.current.nextBound;
    if (s.current.iteration === 0 && s.run) v.bound = s.run.startH || 0; // bound ← h(start), before the first iteration
    let fs = this.frames;
    if (fs.length > MAX_VIEW_DEPTH) { v.elided = fs.length - MAX_VIEW_DEPTH; fs = fs.slice(v.elided); }
    for (const f of fs) {
      v.stack.push({ id: f.id, move: f.move >= 0 ? moveNames(s.run, [f.move])[0] : '', g: f.g, h: f.h, f: f.f,
        left: f.children >= 0 ? Math.max(0, f.children - f.tried) : null });
    }
    return v;
  }

  /** @returns {CodeNode[]} */
  best() {
    /** @type {CodeNode[]} */
    const best = [];
    for (const n of this.open.values()) {
      if (best.length === OPEN_BEST && before(n, best[OPEN_BEST - 1]) >= 0) continue;
      let i = best.length;
      while (i > 0 && before(n, best[i - 1]) < 0) i--;
      best.splice(i, 0, Object.assign({}, n));
      if (best.length > OPEN_BEST) best.length = OPEN_BEST;
    }
    return best;
  }

  clone() {
    const c = Object.create(AlgoFold.prototype);
    Object.assign(c, this);
    c.frames = this.frames.map((f) => Object.assign({}, f));
    c.open = new Map(this.open);
    c.openByF = this.openByF.slice();
    c.sizes = this.sizes.slice();
    return c;
  }
}

export { AlgoFold, moveNames, lineOf, describeAStar, describeReopen, goalTest };
