// @ts-check
// Graph problems written in Starlark (puzzles/script's GraphView): view =
// {"kind": "graph", "nodes": [{"name", "state", "x", "y"}] (x and y when the
// file gives positions, y downwards), "edges": [{"from", "to", "cost",
// "label"}] (a move each, so a road appears both ways), "goals": [node...],
// "at": the current node (-1: not drawn), "path": [node...] from the start
// to it (-1 where a state is not drawn), "state": the current state as
// Starlark writes it}.
// Cities at their positions (else on a circle), roads with their costs, the
// path to the node drawn over them, the node ringed.
import { svg } from '../svg.js';
import { t } from '../i18n.js';

const W = 420, H = 320, PAD = 26;

/** @type {(i: any, n: number) => boolean} */
const isIndex = (i, n) => Number.isInteger(i) && i >= 0 && i < n;

// shape checks the parts every use needs: nodes, and edges between them.
/** @param {any} view @returns {{nodes: any[], edges: any[]} | null} */
function shape(view) {
  const nodes = view && view.nodes, edges = view && view.edges;
  if (!Array.isArray(nodes) || nodes.length === 0 || nodes.length > 5000 || !Array.isArray(edges)) return null;
  if (!nodes.every((n) => n && typeof n.name === 'string')) return null;
  const good = edges.filter((e) => e && isIndex(e.from, nodes.length) && isIndex(e.to, nodes.length));
  return { nodes, edges: good };
}

// place is each node's point in the drawing: the file's positions scaled
// to fit, or a circle when any node has none.
/** @param {any[]} nodes @returns {number[][]} */
function place(nodes) {
  const has = nodes.every((n) => Number.isFinite(n.x) && Number.isFinite(n.y));
  if (!has) {
    const r = Math.min(W, H) / 2 - PAD;
    return nodes.map((_, i) => [W / 2 + r * Math.cos(2 * Math.PI * i / nodes.length - Math.PI / 2), H / 2 + r * Math.sin(2 * Math.PI * i / nodes.length - Math.PI / 2)]);
  }
  const xs = nodes.map((n) => n.x), ys = nodes.map((n) => n.y);
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  const sx = Math.max(...xs) - x0, sy = Math.max(...ys) - y0;
  let k = Math.min(sx > 0 ? (W - 2 * PAD) / sx : Infinity, sy > 0 ? (H - 2 * PAD) / sy : Infinity);
  if (!Number.isFinite(k)) k = 0; // one point
  // Centred, at one scale for both axes: a map keeps its shape.
  const ox = (W - sx * k) / 2, oy = (H - sy * k) / 2;
  return nodes.map((n) => [ox + (n.x - x0) * k, oy + (n.y - y0) * k]);
}

// legible keeps the map's words 16 px on a projector (the page's
// presentation mode), whatever the map's scale on the screen, followed as
// the map's box changes; there only the words of the route are drawn (the
// path's cities and roads, the start, the goals, the current node): all
// of them at that size would cover one another.
/** @param {SVGElement} s */
function legible(s) {
  const apply = () => {
    if (!s.isConnected) { if (ro) ro.disconnect(); return; }
    const w = s.getBoundingClientRect().width;
    if (!w) return;
    const big = document.body.classList.contains('present'), k = w / W;
    s.querySelectorAll('text[data-size]').forEach((t) => {
      t.setAttribute('font-size', String(big ? Math.max(Number(t.getAttribute('data-size')), 16 / k) : Number(t.getAttribute('data-size'))));
      t.setAttribute('display', big && t.getAttribute('data-key') !== '1' ? 'none' : 'inline');
    });
  };
  const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
  if (ro) ro.observe(s);
  apply();
}

/** @type {Renderer} */
export default {
  draw(el, view) {
    const g = shape(view);
    if (!g) {
      el.textContent = t('ui.view.not', { Kind: 'graph' });
      return;
    }
    const { nodes, edges } = g;
    const at = place(nodes);
    const s = svg('svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, 'data-renderer': 'graph', class: 'graph-view' });
    /** @type {(tag: string, attrs: Record<string, any>, title?: string, parent?: Element) => SVGElement} */
    const add = (tag, attrs, title, parent) => svg(tag, attrs, parent || s, title);
    /** @type {any[]} */
    const path = Array.isArray(view.path) ? view.path : [];
    const onPath = new Set();
    for (let i = 1; i < path.length; i++) {
      if (isIndex(path[i - 1], nodes.length) && isIndex(path[i], nodes.length)) onPath.add(Math.min(path[i - 1], path[i]) + ',' + Math.max(path[i - 1], path[i]));
    }
    // Each road once, whichever way its moves go.
    const drawn = new Set();
    const labels = nodes.length <= 80;
    edges.forEach((e) => {
      const key = Math.min(e.from, e.to) + ',' + Math.max(e.from, e.to);
      if (drawn.has(key) || e.from === e.to) return;
      drawn.add(key);
      const [x1, y1] = at[e.from], [x2, y2] = at[e.to];
      const hot = onPath.has(key);
      // An edge's and a node's names are the problem's data, in its words.
      add('line', { x1, y1, x2, y2, stroke: hot ? '#f28e2b' : '#b0b0b0', 'stroke-width': hot ? 4 : 1.5, 'data-edge': key, 'data-path': hot ? '1' : '0', translate: 'no' },
        nodes[e.from].name + ' – ' + nodes[e.to].name + (Number.isInteger(e.cost) ? ': ' + e.cost : ''));
      if (labels && Number.isInteger(e.cost)) {
        const t = add('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 2, 'text-anchor': 'middle', 'font-size': 9, 'data-size': 9, 'data-key': hot ? '1' : '0', fill: hot ? '#b35806' : '#777',
          'font-family': 'system-ui, sans-serif', stroke: '#fff', 'stroke-width': 2.5, 'paint-order': 'stroke' });
        t.textContent = String(e.cost);
      }
    });
    const goals = new Set(Array.isArray(view.goals) ? view.goals : []);
    const cur = isIndex(view.at, nodes.length) ? view.at : -1;
    const start = isIndex(path[0], nodes.length) ? path[0] : -1;
    const names = nodes.length <= 150;
    nodes.forEach((n, i) => {
      const [x, y] = at[i];
      const kind = i === cur ? 'current' : goals.has(i) ? 'goal' : i === start ? 'start' : 'node';
      const fill = goals.has(i) ? '#e15759' : i === start ? '#59a14f' : path.includes(i) ? '#f28e2b' : '#4e79a7';
      add('circle', { cx: x, cy: y, r: i === cur ? 8 : 5, fill, stroke: i === cur ? '#000' : '#fff', 'stroke-width': i === cur ? 3 : 1, 'data-node': n.name, 'data-kind': kind, translate: goals.has(i) || i === start ? 'yes' : 'no' },
        goals.has(i) ? t('ui.view.goal', { Name: n.name }) : i === start ? t('ui.view.start', { Name: n.name }) : n.name);
      if (names || i === cur || path.includes(i)) {
        const key = i === cur || i === start || goals.has(i) || path.includes(i);
        const label = add('text', { x, y: y - 9, 'text-anchor': 'middle', 'font-size': 10, 'data-size': 10, 'data-key': key ? '1' : '0', 'font-weight': i === cur ? 'bold' : 'normal',
          'font-family': 'system-ui, sans-serif', fill: '#222', stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke', translate: 'no' });
        label.textContent = n.name;
      }
    });
    el.appendChild(s);
    legible(s);
    const note = document.createElement('div');
    note.className = 'render-note';
    const names2 = path.map((i) => (isIndex(i, nodes.length) ? nodes[i].name : '?'));
    note.textContent = (cur < 0 && typeof view.state === 'string' ? t('ui.view.graph.off', { State: view.state }) + ' · ' : '') +
      (names2.length > 1 ? t('ui.view.graph.path', { Path: names2.join(' → ') }) : t('ui.view.graph.start'));
    el.appendChild(note);
  },
  // Move m is the run's move m, named in info.moveNames by its label: the
  // edge from the current node with that label. Null when the current
  // node is not drawn, or no edge from it has the label.
  move(view, m, info) {
    const g = shape(view);
    const names = info && info.moveNames;
    if (!g || !Array.isArray(names) || !isIndex(m, names.length) || typeof names[m] !== 'string') return null;
    if (!isIndex(view.at, g.nodes.length) || !Array.isArray(view.path)) return null;
    const e = g.edges.find((x) => x.from === view.at && x.label === names[m]);
    if (!e || typeof g.nodes[e.to].state !== 'string') return null;
    return Object.assign({}, view, { at: e.to, path: view.path.concat([e.to]), state: g.nodes[e.to].state });
  },
};
