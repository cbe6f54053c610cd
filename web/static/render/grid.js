// @ts-check
// Grid worlds (puzzles/grid, and Starlark problems whose view is a grid):
// view = {"kind": "grid", "rows": ["S.#", "..G"] ('#' wall, 'S' start, 'G'
// goal, '*' both, anything else free), "diagonal": bool (8-connected),
// "at": [row, column] (the agent), "path": [[row, column], ...] (from the
// start to the agent, "at" last)}.
// The map is drawn at a cell size that keeps it about 300 px wide; walls are
// one SVG path, so a 512 x 512 map stays a handful of elements.
import { svg } from '../svg.js';
import { GRID_MAX_SIDE as MAX_SIDE } from '../shared.js';
import { t } from '../i18n.js';

// The moves of puzzles/grid by index: N E S W, then NE SE SW NW.
const STEPS = [[-1, 0], [0, 1], [1, 0], [0, -1], [-1, 1], [1, 1], [1, -1], [-1, -1]];

/** @type {(rc: unknown) => rc is number[]} */
const isCell = (rc) => Array.isArray(rc) && rc.length === 2 && rc.every((x) => Number.isInteger(x) && x >= 0 && x < MAX_SIDE);

// mapOf checks a view's rows: 1 to 512 strings of one length, 1 to 512.
/** @param {any} view */
function mapOf(view) {
  const rows = view && view.rows;
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > MAX_SIDE) return null;
  const cols = typeof rows[0] === 'string' ? rows[0].length : 0;
  if (cols < 1 || cols > MAX_SIDE || !rows.every((r) => typeof r === 'string' && r.length === cols)) return null;
  /** @type {(r: number, c: number) => boolean} */
  const wall = (r, c) => r < 0 || c < 0 || r >= rows.length || c >= cols || rows[r][c] === '#';
  return { rows, cols, wall };
}

// find is the cell of a letter, or null.
/** @param {string[]} rows @param {string} letters @returns {number[] | null} */
function find(rows, letters) {
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) if (letters.includes(rows[r][c])) return [r, c];
  }
  return null;
}

/** @type {Renderer} */
export default {
  /** @param {HTMLElement} el @param {Record<string, unknown>} view */
  draw(el, view) {
    const g = mapOf(view);
    if (!g) {
      el.textContent = t('ui.view.not', { Kind: 'grid' });
      return;
    }
    const { rows, cols } = g;
    const n = rows.length;
    const cell = Math.max(2, Math.min(28, Math.floor(300 / Math.max(n, cols))));
    const w = cols * cell, h = n * cell;
    const s = svg('svg', { width: w + 2, height: h + 2, viewBox: '-1 -1 ' + (w + 2) + ' ' + (h + 2), 'data-renderer': 'grid' });
    /** @type {(tag: string, attrs: Record<string, any>, title?: string) => SVGElement} */
    const add = (tag, attrs, title) => svg(tag, attrs, s, title);
    add('rect', { x: 0, y: 0, width: w, height: h, fill: '#fafafa', stroke: '#999' });
    let walls = '';
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < cols; c++) if (rows[r][c] === '#') walls += 'M' + c * cell + ' ' + r * cell + 'h' + cell + 'v' + cell + 'h-' + cell + 'z';
    }
    if (walls) add('path', { d: walls, fill: '#455a64', 'data-cell': 'wall' }, 'wall');
    if (cell >= 8) {
      // Grid lines, where cells are big enough to tell apart.
      let lines = '';
      for (let r = 1; r < n; r++) lines += 'M0 ' + r * cell + 'h' + w;
      for (let c = 1; c < cols; c++) lines += 'M' + c * cell + ' 0v' + h;
      add('path', { d: lines, stroke: '#e0e0e0', 'stroke-width': 1, fill: 'none' });
    }
    /** @type {(rc: number[], fill: string, kind: string, title: string) => SVGElement} */
    const box = (rc, fill, kind, title) => add('rect', { x: rc[1] * cell + 1, y: rc[0] * cell + 1, width: Math.max(1, cell - 2), height: Math.max(1, cell - 2), rx: cell / 6, fill, 'data-cell': kind }, title);
    const start = find(rows, 'S*'), goal = find(rows, 'G*');
    if (start) box(start, '#66bb6a', 'start', t('ui.view.grid.start', { Cell: String(start) }));
    if (goal) box(goal, '#ef5350', 'goal', t('ui.view.grid.goal', { Cell: String(goal) }));
    const path = Array.isArray(view.path) ? view.path.filter((rc) => isCell(rc) && rc[0] < n && rc[1] < cols) : [];
    /** @type {(rc: number[]) => string} */
    const centre = (rc) => (rc[1] * cell + cell / 2) + ',' + (rc[0] * cell + cell / 2);
    if (path.length > 1) {
      add('polyline', { points: path.map(centre).join(' '), fill: 'none', stroke: '#1e88e5', 'stroke-width': Math.max(1, cell / 5), 'stroke-linejoin': 'round', 'stroke-linecap': 'round', 'data-path': path.length - 1 },
        t('ui.view.grid.path', { Steps: path.length - 1 }));
    }
    const at = isCell(view.at) && view.at[0] < n && view.at[1] < cols ? view.at : null;
    if (at) {
      const [x, y] = centre(at).split(',').map(Number);
      add('circle', { cx: x, cy: y, r: Math.max(1, cell / 3), fill: '#1565c0', stroke: '#fff', 'stroke-width': 1, 'data-cell': 'agent' }, t('ui.view.grid.agent', { Row: at[0], Column: at[1] }));
    }
    el.appendChild(s);
    const note = document.createElement('div');
    note.className = 'render-note';
    note.textContent = [t(view.diagonal === true ? 'ui.grid.8' : 'ui.grid.4')].concat(at ? [t('ui.view.grid.at', { Row: at[0], Column: at[1] })] : [],
      [t('ui.view.grid.steps', { Steps: Math.max(0, path.length - 1) })]).join(' · ');
    el.appendChild(note);
  },
  // Move m is puzzles/grid's step m (N E S W, then NE SE SW NW on an
  // 8-connected map) from the agent's cell: null into a wall, off the map,
  // or diagonally past a wall's corner. A Starlark problem's moves are its
  // own labels, which a grid view does not say how to make: null.
  move(view, m, info) {
    if (info && info.options && typeof info.options['problem-source'] === 'string') return null;
    const g = mapOf(view);
    if (!g || !Number.isInteger(m) || m < 0 || m >= (view.diagonal === true ? 8 : 4)) return null;
    if (!isCell(view.at) || g.wall(view.at[0], view.at[1]) || !Array.isArray(view.path) || !view.path.every(isCell)) return null;
    const [dr, dc] = STEPS[m];
    const r = view.at[0] + dr, c = view.at[1] + dc;
    if (g.wall(r, c) || (dr !== 0 && dc !== 0 && (g.wall(r - dr, c) || g.wall(r, c - dc)))) return null;
    return Object.assign({}, view, { at: [r, c], path: view.path.concat([[r, c]]) });
  },
};
