// @ts-check
// Sliding-tile puzzles (8, 15, 24): view = {"size": n, "tiles": [row-major, 0 = blank], "blank": i},
// and in a search grown at both ends "target": the board the goal's end has reached.
import { svg } from '../svg.js';
import { t } from '../i18n.js';

/** @type {Renderer} */
export default {
  draw(el, view) {
    const n = view && Number(view.size);
    const tiles = view && view.tiles;
    if (!Number.isInteger(n) || n < 1 || n > 16 || !Array.isArray(tiles) || tiles.length !== n * n) {
      el.textContent = t('ui.view.not', { Kind: 'tiles' });
      return;
    }
    // Two ends: the board the start's moves reached and the one the goal's
    // reached, side by side and smaller, each under its name.
    const two = Array.isArray(view.target) && view.target.length === n * n;
    const cell = two ? (n <= 3 ? 34 : n <= 4 ? 26 : 20) : (n <= 3 ? 44 : n <= 4 ? 36 : 30);
    const side = n * cell + 4, top = two ? 16 : 0, gap = two ? 14 : 0;
    const w = two ? 2 * side + gap : side, h = side + top;
    const s = svg('svg', { width: w, height: h, viewBox: '0 0 ' + w + ' ' + h, 'data-renderer': 'tiles' });
    /** @type {(cells: number[], ox: number, name: string) => void} */
    const board = (cells, ox, name) => {
      if (name) {
        svg('text', { x: ox + side / 2, y: 12, 'text-anchor': 'middle', 'font-size': 12, 'font-family': 'system-ui, sans-serif', fill: 'currentColor' }, s).textContent = name;
      }
      cells.forEach((tile, i) => {
        const x = ox + 2 + (i % n) * cell, y = top + 2 + Math.floor(i / n) * cell;
        svg('rect', { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 4, fill: tile === 0 ? '#eee' : '#f2c14e', stroke: '#a68a2e' }, s);
        if (tile !== 0) {
          // Half the cell: two digits still fit, and a 15-puzzle's board
          // shrunk beside a chosen node's on a projector still reads at
          // 16 px and up.
          svg('text', { x: x + cell / 2, y: y + cell / 2 + cell / 6, 'text-anchor': 'middle', 'font-size': cell / 2, 'font-family': 'system-ui, sans-serif' }, s).textContent = String(tile);
        }
      });
    };
    board(tiles, 0, two ? t('ui.view.tiles.start') : '');
    if (two) board(view.target, side + gap, t('ui.view.tiles.goal'));
    el.appendChild(s);
  },
  // The blank's move m as puzzles/tiles numbers them (0 U, 1 D, 2 L, 3 R):
  // it swaps with the tile that way; null when that is off the board. In a
  // search grown at both ends, moves 4-7 are the goal's end's, made on the
  // target board.
  move(view, m) {
    const n = view && view.size;
    if (!Number.isInteger(n) || n < 1 || !Number.isInteger(m) || m < 0) return null;
    const end = m >= 4 ? 'target' : 'tiles';
    const tiles = view[end];
    if (!Array.isArray(tiles) || tiles.length !== n * n) return null;
    const b = tiles.indexOf(0);
    if (b < 0) return null;
    const r = Math.floor(b / n), c = b % n;
    const to = [r > 0 ? b - n : -1, r < n - 1 ? b + n : -1, c > 0 ? b - 1 : -1, c < n - 1 ? b + 1 : -1][m % 4];
    if (m >= 8 || to < 0) return null;
    const next = tiles.slice();
    next[b] = next[to];
    next[to] = 0;
    return end === 'target' ? Object.assign({}, view, { target: next }) : Object.assign({}, view, { tiles: next, blank: to });
  },
};
