// @ts-check
// treefold.js: the tree of a run's iteration and its pictures, the twin of
// web/fold/tree.go (the one folding rule, plan; held nodes; kept
// iterations; BPMX's raised, inherited and saved). builder.js folds with it;
// web/fold/builder_test.go holds the two equal.
import { MAX_KEPT, KEPT_FACTOR, HELD_FACTOR, MAX_VIEW_DEPTH, NO_MOVE } from './shared.js';

// TNode is a held node. Every node, a checkpoint's copies too, is made by
// this one constructor, so they share one shape and the fold stays fast.
// With BPMX (tree.go's TreeNode): raised, inherited, saved, and raisedBy,
// the move to the child whose value raised it last.
class TNode {
  /** @type {TNode[] | null} */
  children;
  /** @type {TNode | null} */
  parent;

  /**
   * @param {number} id
   * @param {number} move
   * @param {number} g
   * @param {number} h
   * @param {number} f
   * @param {number} depth
   * @param {string} status path, open, expanded, pruned or solution
   */
  constructor(id, move, g, h, f, depth, status) {
    this.id = id; this.move = move; this.g = g; this.h = h; this.f = f; this.depth = depth;
    this.status = status; this.children = null; this.parent = null; this.below = 0;
    // pend: what below holds that the parent's below does not yet (tree.go).
    this.pend = 0;
    this.raised = false; this.inherited = false; this.saved = 0; this.raisedBy = 0;
  }
}

/**
 * @param {TraceEvent} e a node event
 * @param {string} status
 */
function treeNode(e, status) { return new TNode(e.node, e.move, e.g, e.h, e.f, e.depth, status); }

// own copies a node's own values, without its place in the tree.
/** @param {TNode} n */
function own(n) {
  const c = new TNode(n.id, n.move, n.g, n.h, n.f, n.depth, n.status);
  c.raised = n.raised; c.inherited = n.inherited; c.saved = n.saved;
  return c;
}

/** @type {(n: TNode) => TNode[]} */
const kids = (n) => n.children || [];

/**
 * A finished iteration's tree, kept (a copy).
 * @typedef {{iteration: number, bound: number, held: number, root: TNode | null, path: TNode[], last: number}} KeptTree
 */

class Tree {
  /** @type {TNode | null} */
  root;
  /** @type {TNode[]} the path from the root to the node under search */
  path;
  /** @type {TNode | null} */
  last;
  /** @type {KeptTree[]} */
  kept;
  /** @type {number[]} */
  solutionH;
  /** @type {number[]} */
  solutionStar;
  /** @type {Map<number, TNode>} */
  byID;
  /** @type {Map<number, number>} nodes by their first two moves (countEffort's key) */
  effort;

  /** @param {number} limit the nodes a picture draws */
  constructor(limit) {
    this.limit = Math.max(1, limit); this.root = null; this.path = []; this.last = null; this.held = 0;
    this.trimAt = HELD_FACTOR * this.limit;
    this.iter = 0; this.bound = 0; this.byID = new Map(); this.kept = []; this.keptHeld = 0; this.solutionH = []; this.solutionStar = [];
    this.effort = new Map();
  }

  /** @param {number} bound */
  reset(bound) {
    this.root = null; this.path = []; this.last = null; this.held = 0; this.bound = bound;
    this.trimAt = HELD_FACTOR * this.limit;
    this.byID.clear(); this.effort.clear();
  }

  /** @param {number} move */
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
  /**
   * @param {TraceEvent} e
   * @returns {boolean}
   */
  add(e) {
    switch (e.kind) {
      case 'iteration-start': this.iter = e.iteration; this.reset(e.bound); break;
      case 'push': case 'reopen': return this.push(e);
      case 'visit': {
        const had = this.byID.get(e.node);
        if (had !== undefined && had.status === 'open') { this.pop(had); return true; }
        const n = treeNode(e, 'path');
        n.inherited = e.f > e.g + e.h;
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
        n.inherited = e.f > e.g + e.h;
        if (n.inherited && e.g + e.h <= e.bound) this.path[this.path.length - 1].saved++;
        this.countEffort(e.move);
        this.attach(n);
        this.last = n;
        return true;
      }
      case 'raise': {
        // Back at the node, with a higher value: the event is about it.
        if (this.root === null || !this.unwindTo(e.node)) return false;
        const n = this.path[this.path.length - 1];
        n.f = e.f; n.raised = true; n.raisedBy = e.move;
        this.last = n;
        return true;
      }
      case 'iteration-end': {
        if (this.root === null) break;
        if (this.path.length === 0) { this.keep(); break; } // A* stopped before its first pop
        const n = this.path[this.path.length - 1];
        if (this.last !== n || n.h !== 0 || n.raised) { this.unwindTo(this.root.id); this.root.status = 'expanded'; }
        this.keep();
        break;
      }
      case 'solution':
        this.solutionH = []; this.solutionStar = [];
        for (const n of this.path) { n.status = 'solution'; this.solutionH.push(n.h); this.solutionStar.push(this.path[this.path.length - 1].g - n.g); }
        if (this.root !== null) this.root.status = 'solution';
        break;
    }
    return false;
  }

  // push and pop are A*'s tree of parent links (web/fold/tree.go).
  /**
   * @param {TraceEvent} e
   * @returns {boolean}
   */
  push(e) {
    const n = treeNode(e, 'open');
    const old = e.kind === 'reopen' ? this.byID.get(/** @type {number} */ (e.replaces)) : undefined;
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

  /** @param {TNode} n */
  pop(n) { this.repath(n); this.last = n; }

  // repath makes the path n's held ancestors and n (web/fold/tree.go).
  /** @param {TNode} n */
  repath(n) {
    this.truncate(0);
    for (let /** @type {TNode | null} */ a = n; a !== null; a = a.parent) this.path.push(a);
    this.path.reverse();
    for (const p of this.path) p.status = 'path';
  }

  // truncate takes the path's nodes from k on off it, the deepest first,
  // each handing its pending count on to its parent (tree.go).
  /** @param {number} k */
  truncate(k) {
    for (let j = this.path.length - 1; j >= k; j--) {
      const n = this.path[j];
      if (n.status === 'path') n.status = 'expanded';
      if (n.parent !== null) { n.parent.below += n.pend; n.parent.pend += n.pend; }
      n.pend = 0;
    }
    this.path.length = k;
  }

  /**
   * @param {number | undefined} id
   * @returns {boolean}
   */
  unwindTo(id) {
    for (let i = this.path.length - 1; i >= 0; i--) {
      if (this.path[i].id === id) {
        this.truncate(i + 1);
        return true;
      }
    }
    const p = id === undefined ? undefined : this.byID.get(id);
    if (p === undefined) return false;
    this.repath(p);
    return true;
  }

  /** @param {TNode} n */
  attach(n) {
    const p = this.path[this.path.length - 1];
    n.parent = p;
    (p.children || (p.children = [])).push(n);
    if (n.id !== 0) this.byID.set(n.id, n);
    this.held++;
    p.below++; p.pend++;
    if (this.held > this.trimAt) this.trim();
  }

  trim() {
    const { open } = plan(this.root, this.path, null, 2 * this.limit, Infinity);
    const stack = [this.root];
    while (stack.length > 0) {
      const n = /** @type {TNode} */ (stack.pop());
      if (open.has(n)) { for (const c of kids(n)) stack.push(c); continue; }
      for (const c of kids(n)) this.held -= this.forget(c);
      n.children = null;
    }
    this.trimAt = Math.max(HELD_FACTOR * this.limit, 2 * this.held);
  }

  /** @param {TNode} n */
  forget(n) {
    let d = 0;
    const stack = [n];
    while (stack.length > 0) {
      const m = /** @type {TNode} */ (stack.pop());
      this.byID.delete(m.id);
      d++;
      for (const c of kids(m)) stack.push(c);
    }
    return d;
  }

  keep() {
    const copies = new Map();
    /** @type {KeptTree} */
    const k = { iteration: this.iter, bound: this.bound, held: this.held, root: copyHeld(this.root, null, copies), path: [], last: this.last ? this.last.id : 0 };
    for (const n of this.path) k.path.push(/** @type {TNode} */ (copies.get(n)));
    this.kept.push(k);
    this.keptHeld += k.held;
    while (this.kept.length > MAX_KEPT || (this.kept.length > 1 && this.keptHeld > KEPT_FACTOR * this.limit)) {
      this.keptHeld -= this.kept[0].held;
      this.kept.shift();
    }
  }

  // view is the picture of the iteration under way: a plain copy.
  /**
   * @param {number[] | null | undefined} opened
   * @returns {TreeView}
   */
  view(opened) {
    const v = viewOf(this.root, this.path, this.limit, opened);
    v.iteration = this.iter; v.bound = this.bound; v.last = this.last ? this.last.id : 0;
    return v;
  }

  /**
   * @param {KeptTree} k
   * @param {number[] | null | undefined} opened
   * @returns {TreeView}
   */
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
    t.solutionH = this.solutionH.slice(); t.solutionStar = this.solutionStar.slice();
    t.effort = new Map(this.effort);
    const copies = new Map();
    t.root = copyHeld(this.root, null, copies);
    for (const [id, n] of this.byID) { const c = copies.get(n); if (c) t.byID.set(id, c); }
    t.path = this.path.map((n) => copies.get(n));
    t.last = this.last ? (copies.get(this.last) || null) : null;
    return t;
  }
}

// copyHeld copies the held tree under n by a loop, not by recursion: a
// path of held nodes can be deeper than the call stack (trace/hostile's
// DeepPath: 10,000 deep overflowed it).
/**
 * @param {TNode | null} n
 * @param {TNode | null} parent
 * @param {Map<TNode, TNode>} copies
 * @returns {TNode | null}
 */
function copyHeld(n, parent, copies) {
  if (!n) return null;
  /** @type {(m: TNode, p: TNode | null) => TNode} */
  const one = (m, p) => {
    const c = own(m);
    c.parent = p; c.below = m.below; c.pend = m.pend; c.raisedBy = m.raisedBy;
    copies.set(m, c);
    return c;
  };
  const top = one(n, parent);
  /** @type {[TNode, TNode][]} */
  const stack = [[n, top]];
  while (stack.length > 0) {
    const [m, c] = /** @type {[TNode, TNode]} */ (stack.pop());
    if (m.children && m.children.length > 0) {
      c.children = m.children.map((ch) => {
        const cc = one(ch, c);
        stack.push([ch, cc]);
        return cc;
      });
    }
  }
  return top;
}

// plan is web/fold/tree.go's plan, the one folding rule: which nodes are
// open (their children drawn) when at most budget nodes may be drawn.
/**
 * @param {TNode | null} root
 * @param {TNode[]} path
 * @param {number[] | null | undefined} opened
 * @param {number} budget
 * @param {number} maxDepth
 * @returns {{open: Set<TNode>, drawn: number}}
 */
function plan(root, path, opened, budget, maxDepth) {
  const open = new Set();
  if (!root) return { open, drawn: 0 };
  const must = new Set(path);
  if (opened && opened.length > 0) {
    const want = new Set(opened);
    /** @type {[TNode, number][]} */
    const stack = [[root, 0]];
    while (stack.length > 0) {
      const [n, d] = /** @type {[TNode, number]} */ (stack.pop());
      if (n.id !== 0 && want.has(n.id) && d < maxDepth - 1) {
        for (let /** @type {TNode | null} */ a = n; a !== null && !must.has(a); a = a.parent) must.add(a);
      }
      for (const c of kids(n)) stack.push([c, d + 1]);
    }
  }
  /** @type {[TNode, number][]} the nodes not yet open with children, and their depths */
  let level = [];
  let drawn = 1;
  /** @type {[TNode, number][]} */
  const stack = [[root, 0]];
  while (stack.length > 0) {
    const p = /** @type {[TNode, number]} */ (stack.pop());
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
    /** @type {[TNode, number][]} */
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
/**
 * @param {TNode | null} root
 * @param {TNode[]} path
 * @param {number} budget
 * @param {number[] | null | undefined} opened
 * @returns {TreeView}
 */
function viewOf(root, path, budget, opened) {
  /** @type {TreeView} */
  const v = { iteration: 0, bound: 0, drawn: 0, nodes: 0, budget, last: 0, kept: [], current: false };
  if (!root) return v;
  // A path node's count is its below and what the path under it has not
  // handed up yet (pend).
  const pathBelow = new Map();
  let carry = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    pathBelow.set(path[i], path[i].below + carry);
    carry += path[i].pend;
  }
  /** @type {(n: TNode) => number} */
  const count = (n) => 1 + (pathBelow.get(n) ?? n.below);
  v.nodes = count(root);
  if (path.length > MAX_VIEW_DEPTH) {
    v.elided = path.length - MAX_VIEW_DEPTH;
    root = path[v.elided];
    path = path.slice(v.elided);
  }
  const { open } = plan(root, path, opened, budget, MAX_VIEW_DEPTH);
  const want = new Set(opened || []);
  /** @type {(n: TNode) => TreeNodeView} */
  const cp = (n) => {
    v.drawn++;
    /** @type {TreeNodeView} */
    const c = { id: n.id, move: n.move, g: n.g, h: n.h, f: n.f, depth: n.depth, status: n.status, count: count(n) };
    if (n.raised) c.raised = true;
    if (n.inherited) c.inherited = true;
    if (n.saved) c.saved = n.saved;
    if (!open.has(n)) {
      if (kids(n).length > 0) c.hidden = true;
      return c;
    }
    if (n.id !== 0 && want.has(n.id) && !pathBelow.has(n)) c.opened = true;
    if (kids(n).length > 0) c.children = kids(n).map(cp);
    return c;
  };
  v.root = cp(root);
  return v;
}

export { Tree, kids, NO_MOVE };
