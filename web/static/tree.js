// @ts-check
// tree.js: the search tree panel (the source's picture of an iteration,
// zoomed, panned, its nodes chosen, its folded nodes unfolded), the small
// trees of lock-step (drawMini, at one scale for all), and the tree saved as
// SVG. Node kinds are coloured by style.css (.path, .expanded, ...); what an
// attribute must carry is read from it (page.js's colour).
import { shared, send, $, presenting, fmt, fillSelect, svg, colour } from './page.js';
import * as treesvg from './treesvg.js';
import * as controls from './controls.js';
import * as quiz from './quiz.js';
import { LINE } from './shared.js';
import { t, n as plural, onChange } from './i18n.js';

// The tree is drawn in its own coordinates (depth downwards, leaves side
// by side) into an SVG that fills its box; what part shows is the view: a
// scale k and the point (cx, cy) at the box's centre. zoom is 'fit' (the
// whole tree when its labels are 12 px or more so, else the current node,
// its path to the root and its siblings at that size: the rest is a pan
// away), 'overview' (the whole tree at any scale) or the user's own scale,
// with which the current node is kept in view while stepping.
/** @type {{zoom: 'fit' | 'overview' | number, k: number, cx: number, cy: number, w: number, h: number, last: {x: number, y: number} | null, focus: {x0: number, x1: number, y0: number, y1: number} | null, focusNode?: {x: number, y: number}, ended: boolean, chosen: number, answer: number, drag: {x: number, y: number, cx: number, cy: number, moved: boolean} | null, anchor: {id: number, sx: number, sy: number, until: string} | null}} */
const view = { zoom: 'fit', k: 1, cx: 0, cy: 0, w: 0, h: 0, last: null, focus: null, ended: false, chosen: 0, answer: 0, drag: null, anchor: null };
// minLabel is the smallest label Fit makes: 12 px, on a projector 16 px.
// Overview and the user's zoom go smaller; labels under hidden() are left
// out (tooltips keep them).
function minLabel() { return presenting() ? 16 : 12; }
// An overview on a projector keeps labels of 10 px: a 30 px node fits f.
function hidden() { return presenting() ? (view.zoom === 'overview' ? 10 : 16) : 7; }


// sizes: spacing across (dx) and down (dy), radius, label size, at
// scale 1. dx holds a node's labels ("12+19", "×2.0k") side by side with
// its neighbours'; dy its labels and an edge's move under it.
function sizes() {
  return presenting() ? { dx: 58, dy: 88, r: 18, font: 16 } : { dx: 42, dy: 66, r: 13, font: 12 };
}

// fits reports whether text at font px fits in room px (fold/labels.go's
// LabelFits: about 0.6 em a character).
/** @param {string} text @param {number} room @param {number} font */
function fits(text, room, font) { return String(text).length * 0.6 * font <= room; }

// countLabel is fold/labels.go's CountLabel: ×1,974, else ×2.0k, else ''
// (the tooltip says it).
/** @param {number} n @param {number} room @param {number} font */
function countLabel(n, room, font) {
  const full = '×' + fmt(n);
  if (fits(full, room, font)) return full;
  let f = n, u = '';
  for (const unit of ['k', 'M', 'G', 'T']) { if (f < 999.5) break; f /= 1000; u = unit; }
  const short = '×' + (f < 9.95 && u ? f.toFixed(1) : f.toFixed(0)) + u;
  return fits(short, room, font) ? short : '';
}

/** @param {number} m */
function moveName(m) {
  const names = (shared.last && shared.last.moveNames) || [];
  return m >= 0 && m < names.length ? names[m] : String(m);
}

// showInfo says which iteration the tree is, how big, and how much of
// it is drawn (the why in words a projector leaves out: .more).
/** @param {TreeView | null | undefined} tv */
function showInfo(tv) {
  const el = $('tree-info');
  el.textContent = '';
  if (!tv || !tv.iteration) return;
  const n = tv.nodes || 0;
  // A*'s tree is every node generated so far, under its parent.
  const astar = !!(shared.last && shared.last.algo && shared.last.algo.algorithm === 'astar');
  const nodes = plural('run.tree.nodes', n, { Count: fmt(n) });
  let s = astar ? t('run.tree.info-astar', { Nodes: nodes }) : t('run.tree.info', { Iteration: tv.iteration, Bound: tv.bound, Nodes: nodes });
  let more = '';
  if (tv.drawn < n) {
    s += t('run.tree.info-drawn', { Drawn: fmt(tv.drawn) });
    more = t('run.tree.info-folded', { Budget: fmt(tv.budget) });
  } else if (n > 1) s += t('run.tree.info-all-drawn');
  const m = document.createElement('span');
  m.className = 'more';
  m.textContent = more;
  const end = t(tv.current ? 'run.tree.info-end' : 'run.tree.info-end-finished');
  el.append(s, m, end);
  el.title = s + more + end;
}

// why says why there is no tree to draw.
/** @param {TreeView | null | undefined} tv */
function why(tv) {
  const msg = shared.last;
  if (msg && msg.status === 'building') return t('run.tree.why-building', { Why: msg.event || t('run.tree.why-tables') });
  if (tv && tv.perIteration) return t('run.tree.why-per-iteration');
  if (msg && msg.algo && msg.algo.algorithm === 'astar') return t('run.tree.why-astar');
  // Before IDA*'s first iteration: its bound is h(start).
  if (msg && msg.algo && msg.algo.line === LINE.boundInit) return t('run.tree.why-bound-init', { Bound: msg.algo.bound });
  if (tv && tv.iteration) return t('run.tree.why-iteration', { Iteration: tv.iteration, Bound: tv.bound });
  return '';
}

/** @param {TreeView | null | undefined} tv */
function draw(tv) {
  const el = $('tree');
  el.textContent = '';
  fillIterations(tv);
  showInfo(tv);
  view.last = null; view.focus = null;
  if (!tv || !tv.root) {
    const text = why(tv);
    if (text) {
      const p = document.createElement('div');
      p.className = 'why';
      p.textContent = text;
      el.appendChild(p);
    }
    return;
  }
  const { r, font, dx } = sizes();
  let { dy } = sizes();
  const quizOn = document.body.classList.contains('quiz-on');
  const { pos, leaves, maxDepth } = layout(tv.root);
  // Long moves (a graph's cities) and wide g+h (a map's distances): each
  // leaf is given the width its labels need (up to 9 em), a parent stands
  // over the middle of its children, and a move too long for its edge's
  // side sits over the child, where that width is its room.
  const wide = widths(tv.root, font), above = wide.move > 0.62 * dx - 4;
  /** @type {Map<TreeNodeView, number> | null} */
  let px = null;
  /** @type {(n: TreeNodeView, top: boolean) => number} */
  const need = (n, top) => Math.min(9 * font, Math.max(dx, fits(n.g + '+' + n.h, dx - 4, font) ? 0 : String(n.g + '+' + n.h).length * 0.6 * font + 8,
    above && !top ? moveName(n.move).length * 0.6 * font + 8 : 0));
  let across = leaves * dx;
  if (above || wide.gh > dx - 4) {
    const at = new Map();
    let x = 20;
    (function put(n, top) {
      const cs = n.children || [];
      if (!cs.length) { const w = need(n, top); at.set(n, x + w / 2); x += w; return; }
      cs.forEach((c) => put(c, false));
      at.set(n, (at.get(cs[0]) + at.get(cs[cs.length - 1])) / 2);
    })(tv.root, true);
    px = at;
    across = x - 20;
  }
  /** @type {(n: TreeNodeView) => number} */
  const X = (n) => (px ? /** @type {number} */ (px.get(n)) : 20 + pos.get(n).x * dx + dx / 2);
  // room: how far each node's right-hand neighbour on its row stands
  // (none: the row is free to its right, as the current path's is).
  /** @type {Map<TreeNodeView, number>} */
  const room = new Map(), rowEnd = /** @type {{n: TreeNodeView, x: number}[]} */ ([]);
  (function row(n) {
    const p = pos.get(n), prev = rowEnd[p.d];
    if (prev) room.set(prev.n, X(n) - X(prev.n));
    rowEnd[p.d] = { n, x: p.x };
    (n.children || []).forEach(row);
  })(tv.root);
  // A node's own labels (g+h, a folded count) have its width.
  /** @type {(n: TreeNodeView) => number} */
  const own = (n) => (px ? need(n, n === tv.root) : dx) - 4;
  view.w = Math.max(across + 40, 200);
  // The height: the root's circle and margin, the levels below it, and
  // the deepest node's circle and labels under it.
  /** @type {(d: number) => number} */
  const tall = (d) => maxDepth * d + 2 * r + 8 + 2.2 * font + 4;
  if (view.zoom === 'overview' && box.w && box.h) {
    // A wide tree, whole, fills the box's height too: its levels are
    // spread down as far as its width leaves room for.
    dy = Math.max(dy, (view.w * box.h / box.w - tall(0)) / Math.max(maxDepth, 1));
  } else if (view.zoom === 'fit' && box.w && box.h && maxDepth > 0) {
    // A tree that fits at a readable scale but for its depth has its
    // levels drawn closer, down to a circle and its labels apart, rather
    // than its root scrolled away: a short box (a projector's 720 px)
    // still shows a small tree whole.
    const k = minLabel() / font, H = box.h / k, least = 2 * r + (above ? 3.2 : 2) * font;
    if (box.w / k >= view.w && H < tall(dy) && H >= tall(least)) dy = (H - tall(0)) / maxDepth;
  }
  view.h = tall(dy);
  /** @type {(n: TreeNodeView) => number} */
  const Y = (n) => r + 8 + pos.get(n).d * dy;
  // An iteration over (its end, the bound's rise) has no node to follow.
  const line = shared.last && shared.last.algo ? shared.last.algo.line : '';
  view.ended = !tv.current || line === LINE.iterationEnd || line === LINE.boundRise;
  const k = scaleFor(tv, pos, X, Y);
  const s = svg('svg', { width: '100%', height: '100%' });
  s.style.fontSize = font + 'px';
  // Labels too small to read are left out (the tooltips keep them).
  const labels = font * k >= hidden() - 0.01;
  drawEdges(tv.root, X, Y, s, labels ? { font: font, room: above ? 9 * font - 6 : 0.62 * dx - 4, above: above, r: r } : null);
  const ring = colour('--node-folded'), text = colour('--node-text'), numbers = colour('--node-numbers'), count = colour('--node-count'), bpmx = colour('--node-bpmx'), paper = colour('--panel');
  (function nodes(n) {
    const g = svg('g', { class: 'node ' + n.status + (n.id && n.id === view.chosen ? ' chosen' : '') + (n.id && n.id === view.answer ? ' answer' : '') + (n.id && n.id === tv.last ? ' current' : '') +
      (n.hidden ? ' folded' : '') + (n.opened ? ' opened' : ''), 'data-id': n.id || '' }, s);
    const shape = svg('circle', { cx: X(n), cy: Y(n), r: r, class: n.status }, g);
    const folded = n.count > 1 && !(n.children && n.children.length);
    if (folded) {
      shape.setAttribute('stroke', ring);
      shape.setAttribute('stroke-width', '3');
      shape.setAttribute('stroke-dasharray', '4 2');
    }
    // The quiz's answer wears a ring of its own around the node, which
    // keeps its own outline (a path's, a pruned node's dashes).
    if (n.id && n.id === view.answer) svg('circle', { cx: X(n), cy: Y(n), r: r + 5, class: 'answer-ring' }, g);
    if (n.id && n.id === tv.last) {
      shape.setAttribute('stroke', colour('--node-ring'));
      shape.setAttribute('stroke-width', '3');
      shape.removeAttribute('stroke-dasharray');
      view.last = { x: X(n), y: Y(n) };
    }
    if (labels) {
      const t = svg('text', { x: X(n), y: Y(n) + font * 0.35, 'text-anchor': 'middle', fill: text }, g);
      t.textContent = String(n.f);
      // Lines under it: g+h, the folded count; BPMX's beside it where
      // the row has room (under it the edges' moves would cross them),
      // else under it too.
      let line = 1;
      /** @type {(str: string, fill: string, cls?: string) => void} */
      const under = (str, fill, cls) => {
        /** @type {{x: number, y: number, 'text-anchor': string, fill: string, class?: string}} */
        const at = { x: X(n), y: Y(n) + r + line * font, 'text-anchor': 'middle', fill: fill };
        if (cls) label(str, at.x - 0.33 * font * str.length, at.y);
        if (cls) at.class = cls;
        const el = svg('text', at, g);
        el.textContent = str;
        if (!worded(str)) el.setAttribute('translate', 'no');
        line++;
      };
      // BPMX's words sit on the panel's colour, clear of the edges
      // they cross.
      /** @type {(str: string, x: number, y: number) => SVGElement} */
      const label = (str, x, y) => svg('rect', { x: x - 2, y: y - font, width: 0.66 * font * str.length + 4, height: 1.3 * font, fill: paper }, g);
      const gh = n.g + '+' + n.h;
      if (fits(gh, own(n), font)) under(gh, numbers);
      else line++;
      const side = room.has(n) ? /** @type {number} */ (room.get(n)) - 2 * r - 8 : Infinity;
      let beside = bpmxLabels(n, side, font), below = /** @type {string[]} */ ([]);
      if (beside.includes(undefined)) { below = /** @type {string[]} */ (bpmxLabels(n, own(n), font).filter(Boolean)); beside = []; }
      beside.forEach((b, i) => {
        const at = { x: X(n) + r + 4, y: Y(n) + font * (0.35 + i - (beside.length - 1) / 2), fill: bpmx, class: 'bpmx' };
        label(/** @type {string} */ (b), at.x, at.y);
        const el = svg('text', at, g);
        el.textContent = /** @type {string} */ (b);
        if (!worded(el.textContent)) el.setAttribute('translate', 'no');
      });
      for (const b of below) under(b, bpmx, 'bpmx');
      const c = folded ? countLabel(n.count, own(n), font) : '';
      if (c) under(c, count, 'count');
    }
    if (n.id && quizOn) {
      // Its number, which the quiz names it by.
      svg('text', { class: 'node-id', translate: 'no', x: X(n) - r - 2, y: Y(n) - r + 2, 'text-anchor': 'end', fill: colour('--node-numbers') }, g).textContent = '#' + n.id;
    }
    svg('title', {}, g).textContent = nodeTitle(n);
    if (n.id) g.addEventListener('click', (ev) => { ev.stopPropagation(); click(n, ev); });
    (n.children || []).forEach(nodes);
  })(tv.root);
  el.appendChild(s);
  place();
}

// layout places a tree's nodes: x in leaf order, a parent over the
// middle of its children; d the depth. The tree panel and the lock-step's
// small trees draw with it.
/** @param {TreeNodeView} root @returns {{pos: NodePlaces, leaves: number, maxDepth: number}} */
function layout(root) {
  const pos = new Map();
  let leaves = 0, maxDepth = 0;
  (function put(n, d) {
    maxDepth = Math.max(maxDepth, d);
    let x;
    if (!n.children || n.children.length === 0) x = leaves++;
    else {
      n.children.forEach((c) => put(c, d + 1));
      x = (pos.get(n.children[0]).x + pos.get(n.children[n.children.length - 1]).x) / 2;
    }
    pos.set(n, { x: x, d: d });
  })(root, 0);
  return { pos: pos, leaves: leaves, maxDepth: maxDepth };
}

// scaleFor works out the view's scale before drawing (labels too small
// to read are not drawn at all), and the focus: the box around the
// current node, its path to the root and their children.
/** @param {TreeView} tv @param {NodePlaces} pos @param {(n: TreeNodeView) => number} X @param {(n: TreeNodeView) => number} Y @returns {number} */
function scaleFor(tv, pos, X, Y) {
  const { r } = sizes();
  /** @type {TreeNodeView[]} */
  let path = [];
  (function find(n, trail) {
    trail = trail.concat([n]);
    if (n.id && n.id === tv.last) path = trail;
    (n.children || []).forEach((c) => find(c, trail));
  })(/** @type {TreeNodeView} */ (tv.root), /** @type {TreeNodeView[]} */ ([]));
  if (path.length === 0) path = [/** @type {TreeNodeView} */ (tv.root)];
  const around = path.concat(...path.map((n) => n.children || []));
  const xs = around.map(X), ys = around.map(Y);
  view.focus = { x0: Math.min(...xs) - r - 20, x1: Math.max(...xs) + r + 20, y0: Math.min(...ys) - r - 8, y1: Math.max(...ys) + r + 30 };
  const last = path[path.length - 1];
  view.focusNode = { x: X(last), y: Y(last) };
  return plan().k;
}

// plan decides the view (scale and centre) for the zoom mode and the box.
/** @returns {{k: number, cx: number, cy: number}} */
function plan() {
  const W = box.w || 1, H = box.h || 1;
  const { font } = sizes();
  const minK = minLabel() / font;
  const whole = Math.min(1.5, W / view.w, H / view.h);
  // An iteration's end shows whole down to hidden's floor.
  const least = view.ended ? Math.min(minK, hidden() / font) : minK;
  if (view.zoom === 'overview' || (view.zoom === 'fit' && whole >= least)) {
    return { k: whole, cx: view.w / 2, cy: view.h / 2 };
  }
  if (view.zoom === 'fit') {
    const f = view.focus, n = /** @type {{x: number, y: number}} */ (view.focusNode);
    if (!f) return { k: minK, cx: W / minK / 2, cy: H / minK / 2 };
    const k = Math.max(minK, Math.min(1.5, W / (f.x1 - f.x0), H / (f.y1 - f.y0)));
    const vw = W / k, vh = H / k;
    // Across: the focus's middle, or the current node when the focus is
    // wider than the box. Down: from the root when it all fits, else the
    // current node low in the box, with as much of its path above it.
    const cx = f.x1 - f.x0 <= vw ? (f.x0 + f.x1) / 2 : n.x;
    const cy = f.y1 - f.y0 <= vh ? (f.y0 + f.y1) / 2 : Math.max(f.y0 + vh / 2, n.y + 2 * sizes().r + sizes().font * 2 - vh / 2);
    // What shows is the tree, not the blank past its edges: a view that
    // would run past one is moved in (the root and its neighbours come
    // into sight), and a tree narrower or shorter than the box is centred.
    return { k, cx: within(cx, vw, view.w), cy: within(cy, vh, view.h) };
  }
  return { k: view.zoom, cx: view.cx, cy: view.cy };
}

// within is a view's centre c on an axis showing span of a tree size
// long: the tree's middle when it all shows, else c kept on the tree.
/** @param {number} c @param {number} span @param {number} size */
function within(c, span, size) {
  return span >= size ? size / 2 : Math.min(Math.max(c, span / 2), size - span / 2);
}

// drawEdges draws the lines from each node to its children into s, and
// each edge's move where it fits beside its siblings' (lab: the label's
// size and room, or null for none).
/** @param {TreeNodeView} n @param {(n: TreeNodeView) => number} X @param {(n: TreeNodeView) => number} Y @param {SVGElement} s @param {{font: number, room: number, above?: boolean, r?: number} | null} lab */
function drawEdges(n, X, Y, s, lab) {
  (n.children || []).forEach((c) => {
    svg('line', { x1: X(n), y1: Y(n), x2: X(c), y2: Y(c), stroke: colour('--tree-edge'), 'stroke-width': 1 }, s);
    const name = lab ? moveName(c.move) : '';
    if (name && lab && lab.above) {
      // Over the child, on the panel's colour (the edge runs under it),
      // cut short with … where even the widened spacing is too narrow.
      const max = Math.floor(lab.room / (0.6 * lab.font));
      const text = name.length <= max ? name : name.slice(0, Math.max(1, max - 1)) + '…';
      const y = Y(c) - (lab.r || 0) - 0.35 * lab.font, w = text.length * 0.6 * lab.font + 4;
      svg('rect', { x: X(c) - w / 2, y: y - 0.95 * lab.font, width: w, height: 1.2 * lab.font, fill: colour('--panel'), class: 'move-bg' }, s);
      const t = svg('text', { x: X(c), y: y, 'text-anchor': 'middle', fill: colour('--node-numbers'), class: 'move', translate: 'no' }, s);
      t.style.fontSize = lab.font + 'px';
      t.textContent = text;
      if (text !== name) svg('title', {}, t).textContent = name;
    } else if (name && lab && fits(name, lab.room, lab.font)) {
      const t = svg('text', { x: X(n) + 0.62 * (X(c) - X(n)) + lab.font * 0.4, y: Y(n) + 0.62 * (Y(c) - Y(n)) + lab.font * 0.35,
        fill: colour('--node-numbers'), class: 'move', translate: 'no' }, s);
      t.style.fontSize = lab.font + 'px';
      t.textContent = name;
    }
    drawEdges(c, X, Y, s, lab);
  });
}

// widths are the widest g+h and move name of a tree's nodes, in px at
// font (fits's measure).
/** @param {TreeNodeView} root @param {number} font @returns {{gh: number, move: number}} */
function widths(root, font) {
  let gh = 0, move = 0;
  (function walk(n, top) {
    gh = Math.max(gh, String(n.g + '+' + n.h).length);
    if (!top) move = Math.max(move, moveName(n.move).length);
    (n.children || []).forEach((c) => walk(c, false));
  })(root, true);
  return { gh: gh * 0.6 * font, move: move * 0.6 * font };
}

// bpmxLabels are BPMX's lines for a node, each the longest form within
// room px (undefined where none is): the h the search judged it by when
// a child raised it (h 6↑8, or h↑8), or when its parent's gave it more
// (h↓7, inherited), and the children cut that their own h would have
// let through (2 saved).
/** @param {TreeNodeView} n @param {number} room @param {number} font @returns {(string | undefined)[]} */
function bpmxLabels(n, room, font) {
  /** @type {(string | undefined)[]} */
  const out = [], v = n.f - n.g;
  /** @type {(...texts: string[]) => number} */
  const pick = (...texts) => out.push(texts.find((x) => fits(x, room, font)));
  if (n.raised) pick('h ' + n.h + '↑' + v, 'h↑' + v);
  else if (n.inherited) pick('h↓' + v);
  if (n.saved) pick(plural('run.tree.saved', n.saved));
  return out;
}

// worded is whether a label under or beside a node has words (BPMX's
// "2 saved"), not only numbers and h's arrows (3+4, h 6↑8, ×1.2k), which
// are the same in every language.
/** @param {string} str */
function worded(str) { return /\p{L}{2,}/u.test(str); }

// nodeTitle is a tree node's tooltip.
/** @param {TreeNodeView} n */
function nodeTitle(n) {
  let s = t('run.tree.title', { Node: n.id, G: n.g, H: n.h, F: n.f, Status: t('run.tree.status-' + n.status) });
  if (n.raised) s += t('run.tree.title-raised', { H: n.h, To: n.f - n.g });
  else if (n.inherited) s += t('run.tree.title-inherited', { H: n.f - n.g });
  if (n.saved) s += plural('run.tree.title-saved', n.saved);
  if (n.count > 1) s += t('run.tree.title-subtree', { Nodes: fmt(n.count) });
  if (n.hidden) s += t('run.tree.title-unfold');
  else if (n.count > 1 && !(n.children && n.children.length)) s += t('run.tree.title-folded');
  if (n.opened) s += t('run.tree.title-fold');
  return s;
}

// box is the tree panel's size, kept by a ResizeObserver: reading
// clientWidth right after the tree's SVG is rebuilt would force a layout
// of the whole page on every drawn state (most of the page's script time
// while a search runs ahead).
const box = { w: 0, h: 0 };
function observeBox() {
  const el = $('tree');
  box.w = el.clientWidth; box.h = el.clientHeight;
  if (typeof ResizeObserver === 'undefined') return;
  new ResizeObserver(() => {
    const w = el.clientWidth, h = el.clientHeight;
    if (w === box.w && h === box.h) return;
    box.w = w; box.h = h;
    // The scale decides which labels are drawn: draw again.
    if (shared.last) draw(shared.last.tree); else place();
  }).observe(el);
}

// place sets the SVG's view from the zoom, following the current node,
// or keeping a clicked node where it was on the screen.
function place() {
  const s = $('tree').querySelector('svg');
  if (!s || !box.w || !box.h) return;
  const W = box.w, H = box.h;
  const p = plan();
  view.k = p.k;
  if (typeof view.zoom !== 'number') { view.cx = p.cx; view.cy = p.cy; }
  const a = view.anchor;
  const g = a && s.querySelector('.node[data-id="' + a.id + '"]');
  if (g) {
    // The node clicked stays under the cursor however the tree grows,
    // until the source's tree shows it unfolded (or folded back).
    if (g.classList.contains(/** @type {NonNullable<typeof a>} */ (a).until)) view.anchor = null;
    const c = /** @type {SVGCircleElement} */ (g.querySelector('circle'));
    view.cx = Number(c.getAttribute('cx')) - (/** @type {NonNullable<typeof a>} */ (a).sx - W / 2) / view.k;
    view.cy = Number(c.getAttribute('cy')) - (/** @type {NonNullable<typeof a>} */ (a).sy - H / 2) / view.k;
  } else if (typeof view.zoom === 'number') {
    // Keep the current node in view: when it nears an edge, bring it back
    // to the middle across and low down, so that the path above it shows.
    const L = view.last;
    if (!L && view.cx === 0 && view.cy === 0) { view.cx = W / view.k / 2; view.cy = H / view.k / 2; }
    if (L) {
      const vw = W / view.k, vh = H / view.k;
      if (Math.abs(L.x - view.cx) > vw * 0.4 || Math.abs(L.y - view.cy) > vh * 0.4) {
        view.cx = L.x;
        view.cy = Math.max(vh / 2, L.y - vh * 0.25);
      }
    }
  }
  const vw = W / view.k, vh = H / view.k;
  s.setAttribute('viewBox', [view.cx - vw / 2, view.cy - vh / 2, vw, vh].join(' '));
  $('tree-overview').setAttribute('aria-pressed', String(view.zoom === 'overview'));
}

function redraw() { if (shared.last) draw(shared.last.tree); else place(); }

/** @param {number} f */
function zoom(f) {
  if (typeof view.zoom !== 'number') {
    // Start from what shows now; zooming in from the whole tree goes to
    // the current node.
    const p = plan();
    view.k = p.k; view.cx = p.cx; view.cy = p.cy;
    if (view.last && f > 1 && view.zoom === 'overview') { view.cx = view.last.x; view.cy = view.last.y; }
  }
  view.zoom = Math.min(4, Math.max(0.02, view.k * f));
  redraw();
}

function fit() { view.zoom = 'fit'; redraw(); }
function overview() { view.zoom = view.zoom === 'overview' ? 'fit' : 'overview'; redraw(); }

// restart forgets the chosen node and the user's zoom, for a new run.
function restart() { view.chosen = 0; view.answer = 0; view.zoom = 'fit'; }

// mark lights node id as the quiz's right answer (0: none).
/** @param {number} id */
function mark(id) {
  if (view.answer === id) return;
  view.answer = id;
  if (shared.last) draw(shared.last.tree);
}

function bind() {
  const el = $('tree');
  observeBox();
  // Another language: the tree's words (its line, its tooltips) again.
  onChange(redraw);
  $('tree-zoom-in').addEventListener('click', () => zoom(1.25));
  $('tree-zoom-out').addEventListener('click', () => zoom(0.8));
  $('tree-fit').addEventListener('click', fit);
  $('tree-overview').addEventListener('click', overview);
  el.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    zoom(ev.deltaY < 0 ? 1.15 : 1 / 1.15);
  }, { passive: false });
  // Two fingers on the tree pinch it (a phone's); one drags it.
  /** @type {Map<number, {x: number, y: number}>} */
  const fingers = new Map();
  let pinched = 0;
  const spread = () => { const [a, b] = [...fingers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  el.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    if (ev.pointerType === 'touch') fingers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (fingers.size === 2) { view.drag = null; pinched = spread(); return; }
    view.drag = { x: ev.clientX, y: ev.clientY, cx: view.cx, cy: view.cy, moved: false };
  });
  window.addEventListener('pointermove', (ev) => {
    if (fingers.has(ev.pointerId)) {
      fingers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (fingers.size === 2 && pinched > 0) {
        const d = spread();
        if (d > 0 && Math.abs(d / pinched - 1) > 0.02) { zoom(d / pinched); pinched = d; }
        return;
      }
    }
    const d = view.drag;
    if (!d) return;
    const mx = ev.clientX - d.x, my = ev.clientY - d.y;
    if (!d.moved && Math.abs(mx) + Math.abs(my) < 4) return;
    d.moved = true;
    if (typeof view.zoom !== 'number') view.zoom = view.k;
    view.cx = d.cx - mx / view.k;
    view.cy = d.cy - my / view.k;
    place();
  });
  const lift = (/** @type {PointerEvent} */ ev) => { view.drag = null; fingers.delete(ev.pointerId); if (fingers.size < 2) pinched = 0; };
  window.addEventListener('pointerup', lift);
  window.addEventListener('pointercancel', lift);
  $('tree-iteration').addEventListener('change', () => controls.control('tree', { iteration: Number(/** @type {HTMLSelectElement} */ ($('tree-iteration')).value) }));
  $('save-svg').addEventListener('click', () => treesvg.save(view.w, view.h));
}

// fillIterations offers the finished iterations the source keeps.
/** @param {TreeView | null | undefined} tv */
function fillIterations(tv) {
  const sel = /** @type {HTMLSelectElement} */ ($('tree-iteration'));
  const kept = (tv && tv.kept) || [];
  const want = ['0'].concat(kept.map(String));
  const have = Array.from(sel.options).map((o) => o.value);
  const labels = [t('run.tree.under-way')].concat(kept.map((k) => t('run.tree.iteration', { Iteration: k })));
  // Again when the language changed: the same iterations, other words.
  if (want.join() !== have.join() || labels.join('\n') !== Array.from(sel.options).map((o) => o.textContent).join('\n')) {
    const v = sel.value;
    fillSelect(sel, want, labels);
    sel.value = want.includes(v) ? v : '0';
  }
  if (tv && !tv.current && document.activeElement !== sel) sel.value = String(tv.iteration);
}

// click chooses a node (its state shows beside the tree) and unfolds it
// when it is folded with its nodes kept, or folds it back when it was
// unfolded; the node stays under the cursor. In a quiz, a click answers
// the question.
/** @param {TreeNodeView} n @param {MouseEvent} ev */
function click(n, ev) {
  if (quiz.answerNode(n.id)) return;
  if (n.hidden || n.opened) {
    const r = $('tree').getBoundingClientRect();
    if (typeof view.zoom !== 'number') view.zoom = view.k;
    view.anchor = { id: n.id, sx: ev.clientX - r.left, sy: ev.clientY - r.top, until: n.hidden ? 'opened' : 'folded' };
    send({ type: 'unfold', id: n.id, open: !!n.hidden });
  }
  select(n.id);
}

// choose chooses node id as a click would, without unfolding it (the
// stack's rows name nodes so).
/** @param {number} id */
function choose(id) {
  if (quiz.answerNode(id)) return;
  select(id);
}

/** @param {number} id */
function select(id) {
  view.chosen = id;
  if (shared.last) draw(shared.last.tree);
  send({ type: 'node', id: id });
}

// scale is the tree panel's scale now (window.viz reads it).
function scale() { return view.k; }

export { bind, draw, place, zoom, fit, overview, restart, scale, choose, mark, layout, drawEdges, nodeTitle };
