// @ts-check
// The rotation game (UVa 1343): view = {"cells": [24 numbers 1..3, cells
// numbered top to bottom, left to right on the # board], "centre": k or 0}.
// The 8 centre cells are outlined; the letters A..H sit at each move's head
// (a move shifts its line one cell towards its letter).
import { t } from '../i18n.js';
/** @type {Renderer} */
export default {
  draw(el, view) {
    const cells = view && view.cells;
    if (!Array.isArray(cells) || cells.length !== 24 || !cells.every((v) => v === 1 || v === 2 || v === 3)) {
      el.textContent = t('ui.view.not', { Kind: 'rotation' });
      return;
    }
    // Each cell's (column, row) on the 7 x 7 board.
    const pos = [[2, 0], [4, 0], [2, 1], [4, 1],
      [0, 2], [1, 2], [2, 2], [3, 2], [4, 2], [5, 2], [6, 2],
      [2, 3], [4, 3],
      [0, 4], [1, 4], [2, 4], [3, 4], [4, 4], [5, 4], [6, 4],
      [2, 5], [4, 5], [2, 6], [4, 6]];
    const centre = new Set([6, 7, 8, 11, 12, 15, 16, 17]);
    /** @type {Record<number, string>} */
    const fill = { 1: '#f2c14e', 2: '#7fb3d5', 3: '#e59866' };
    // Labels in the margin, by (column, row) on the 9 x 9 grid with margin.
    /** @type {[string, number, number][]} */
    const heads = [['A', 3, 0], ['B', 5, 0], ['C', 8, 3], ['D', 8, 5],
      ['E', 5, 8], ['F', 3, 8], ['G', 0, 5], ['H', 0, 3]];
    const cell = 30;
    const ns = 'http://www.w3.org/2000/svg';
    const s = document.createElementNS(ns, 'svg');
    const w = 9 * cell;
    s.setAttribute('width', String(w));
    s.setAttribute('height', String(w + 18));
    s.setAttribute('viewBox', '0 0 ' + w + ' ' + (w + 18));
    s.setAttribute('data-renderer', 'rotation');
    /** @type {(x: number, y: number, str: string, size: number, colour: string) => void} */
    const text = (x, y, str, size, colour) => {
      const e = document.createElementNS(ns, 'text');
      e.setAttribute('x', String(x));
      e.setAttribute('y', String(y));
      e.setAttribute('text-anchor', 'middle');
      e.setAttribute('font-size', String(size));
      e.setAttribute('font-family', 'system-ui, sans-serif');
      e.setAttribute('fill', colour);
      e.textContent = str;
      s.appendChild(e);
    };
    cells.forEach((v, i) => {
      const x = (pos[i][0] + 1) * cell, y = (pos[i][1] + 1) * cell;
      const r = document.createElementNS(ns, 'rect');
      r.setAttribute('x', String(x + 1));
      r.setAttribute('y', String(y + 1));
      r.setAttribute('width', String(cell - 2));
      r.setAttribute('height', String(cell - 2));
      r.setAttribute('rx', '4');
      r.setAttribute('fill', fill[v]);
      r.setAttribute('stroke', centre.has(i) ? '#222' : '#999');
      r.setAttribute('stroke-width', String(centre.has(i) ? 2.5 : 1));
      const tt = document.createElementNS(ns, 'title');
      tt.textContent = t('ui.view.cell', { Cell: i });
      r.appendChild(tt);
      s.appendChild(r);
      text(x + cell / 2, y + cell / 2 + 6, String(v), 16, '#222');
    });
    heads.forEach(([l, c, r]) => text(c * cell + cell / 2, r * cell + cell / 2 + 5, l, 13, '#666'));
    const k = view.centre;
    text(w / 2, w + 12, k === 1 || k === 2 || k === 3 ? 'centre: all ' + k : 'centre: mixed', 12, '#333');
    el.appendChild(s);
  },
  // Move m (A..H = 0..7) shifts its line of 7 cells one step towards the
  // head, listed first: each cell takes its follower's number, the last the
  // head's (puzzles/rotation's Board.Apply). Null for any other m.
  move(view, m) {
    const cells = view && view.cells;
    const line = [[0, 2, 6, 11, 15, 20, 22], [1, 3, 8, 12, 17, 21, 23],
      [10, 9, 8, 7, 6, 5, 4], [19, 18, 17, 16, 15, 14, 13],
      [23, 21, 17, 12, 8, 3, 1], [22, 20, 15, 11, 6, 2, 0],
      [13, 14, 15, 16, 17, 18, 19], [4, 5, 6, 7, 8, 9, 10]][m];
    if (!Array.isArray(cells) || cells.length !== 24 || !Number.isInteger(m) || !line) return null;
    const next = cells.slice();
    line.forEach((c, i) => { next[c] = cells[line[(i + 1) % 7]]; });
    const centre = [6, 7, 8, 11, 12, 15, 16, 17].map((c) => next[c]);
    return Object.assign({}, view, { cells: next, centre: centre.every((v) => v === centre[0]) ? centre[0] : 0 });
  },
};
