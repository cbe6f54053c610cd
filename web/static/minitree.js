// @ts-check
// minitree.js: the lock-step's small trees (compare.js), drawn at one scale
// across the runs so that a bigger tree looks bigger, with tree.js's layout.
import { presenting, svg, colour } from './page.js';
import { layout, drawEdges, nodeTitle } from './tree.js';

// miniScale is the one scale the lock-step's trees are drawn at, across
// (x) and down (y): the largest at which the widest and the deepest of
// them fit their boxes, so that a bigger tree looks bigger.
/** @param {(TreeView | null | undefined)[]} trees @param {number} W @param {number} H @returns {MiniScale} */
function miniScale(trees, W, H) {
  const k = { x: 1, y: 1 };
  for (const tv of trees) {
    if (!tv || !tv.root) continue;
    const { leaves, maxDepth } = layout(tv.root);
    k.x = Math.min(k.x, (W - 8) / (leaves * MINI.dx));
    k.y = Math.min(k.y, (H - 8) / ((maxDepth + 1) * MINI.dy));
  }
  return k;
}
const MINI = { dx: 30, dy: 44, r: 10 };

// drawMini draws a lock-step tree into its box el at scale k (miniScale),
// or why there is none. Labels only where the nodes are big enough to
// hold them. It returns the nodes drawn.
/** @param {HTMLElement} el @param {TreeView | null | undefined} tv @param {string | undefined} why @param {MiniScale} k @returns {number} */
function drawMini(el, tv, why, k) {
  el.textContent = '';
  if (!tv || !tv.root) {
    if (why) {
      const p = document.createElement('div');
      p.className = 'why';
      p.textContent = why;
      el.appendChild(p);
    }
    return 0;
  }
  const { pos, leaves } = layout(tv.root);
  const W = el.clientWidth || 300, H = el.clientHeight || 200;
  const dx = MINI.dx * k.x, dy = MINI.dy * k.y;
  const r = Math.max(1.2, Math.min(MINI.r * Math.min(k.x, k.y), dx * 0.38, dy * 0.3));
  const labels = r >= 8 && !presenting();
  const ox = Math.max(4, (W - leaves * dx) / 2), oy = 4;
  const s = svg('svg', { width: W, height: H });
  s.style.fontSize = '10px';
  /** @type {(n: TreeNodeView) => number} */
  const X = (n) => ox + pos.get(n).x * dx + dx / 2, Y = /** @type {(n: TreeNodeView) => number} */ ((n) => oy + pos.get(n).d * dy + dy / 2);
  drawEdges(tv.root, X, Y, s, null);
  let drawn = 0;
  (function nodes(n) {
    drawn++;
    const g = svg('g', { class: 'node ' + n.status }, s, nodeTitle(n));
    const c = svg('circle', { cx: X(n), cy: Y(n), r: r, class: n.status }, g);
    if (n.count > 1 && !(n.children && n.children.length) && r >= 3) {
      c.setAttribute('stroke', colour('--node-folded'));
      c.setAttribute('stroke-width', String(Math.max(1, r / 4)));
    }
    if (labels) {
      const t = svg('text', { x: X(n), y: Y(n) + 3.5, 'text-anchor': 'middle', fill: colour('--node-text') }, g);
      t.textContent = String(n.f);
    }
    (n.children || []).forEach(nodes);
  })(tv.root);
  el.appendChild(s);
  return drawn;
}

export { drawMini, miniScale };
