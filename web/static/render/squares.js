// @ts-check
// Square destroyer (POJ 1084): view = {"n": 1..5, "missing": [sticks
// missing from the start], "removed": [sticks the search removed], "kept":
// [sticks the move rule keeps in this subtree], "intact": [{"size","row",
// "col"} in search order: the first is the one branched on], "bounds":
// [{"name", "h"}: the heuristics' values here, 1000 meaning no way on]}.
// Sticks are the judge's numbers, from 1, row by row: n horizontal, then n+1
// vertical per row, the bottom row's horizontals last.
import { svg } from '../svg.js';
import { SQUARES_DEAD_END as DEAD_END, SQUARES_MAX_N as MAX_N } from '../shared.js';
import { t } from '../i18n.js';

/** @type {Renderer} */
export default {
  draw(el, view) {
    const n = view && view.n;
    if (!Number.isInteger(n) || n < 1 || n > MAX_N) {
      el.textContent = t('ui.view.not', { Kind: 'squares' });
      return;
    }
    const total = 2 * n * (n + 1);
    /** @type {(a: unknown) => Set<number>} */
    const setOf = (a) => new Set(Array.isArray(a) ? a.filter((s) => Number.isInteger(s) && s >= 1 && s <= total) : []);
    const missing = setOf(view.missing), removed = setOf(view.removed), kept = setOf(view.kept);
    /** @type {{size: number, row: number, col: number}[]} */
    const intact = Array.isArray(view.intact) ? view.intact.filter((/** @type {any} */ q) => q && Number.isInteger(q.size) &&
      Number.isInteger(q.row) && Number.isInteger(q.col) && q.size >= 1 && q.row >= 0 && q.col >= 0 &&
      q.row + q.size <= n && q.col + q.size <= n) : [];
    const size = 280, margin = 14, foot = 64;
    const cell = (size - 2 * margin) / n;
    const s = svg('svg', { width: size, height: size + foot, viewBox: '0 0 ' + size + ' ' + (size + foot), 'data-renderer': 'squares' });
    /** @type {(tag: string, attrs: Record<string, any>, title?: string) => SVGElement} */
    const add = (tag, attrs, title) => svg(tag, attrs, s, title);
    /** @type {(x: number, y: number, str: string, fsize: number, colour: string) => void} */
    const text = (x, y, str, fsize, colour) => {
      const e = add('text', { x, y, 'text-anchor': 'middle', 'font-size': fsize, 'font-family': 'system-ui, sans-serif', fill: colour });
      e.textContent = str;
    };
    /** @type {(c: number) => number} */
    const px = (c) => margin + c * cell;
    // The square the search branches on, shaded; the others outlined faintly.
    intact.forEach((q, i) => {
      add('rect', {
        x: px(q.col) + 3, y: px(q.row) + 3, width: q.size * cell - 6, height: q.size * cell - 6,
        fill: i === 0 ? 'rgba(255, 213, 79, 0.45)' : 'none',
        stroke: i === 0 ? '#f9a825' : 'rgba(0, 0, 0, 0.12)', 'stroke-width': i === 0 ? 2 : 1,
      }, t(i === 0 ? 'ui.view.squares.branching' : 'ui.view.squares.intact', { Size: q.size, Row: q.row, Column: q.col }));
    });
    // Stick s (1-based): row r = floor((s-1)/(2n+1)), k = (s-1) mod (2n+1);
    // horizontal at (k, r) when k < n, else vertical at (k-n, r).
    for (let st = 1; st <= total; st++) {
      const r = Math.floor((st - 1) / (2 * n + 1)), k = (st - 1) % (2 * n + 1);
      let x1, y1, x2, y2;
      if (k < n) {
        [x1, y1, x2, y2] = [px(k), px(r), px(k + 1), px(r)];
      } else {
        [x1, y1, x2, y2] = [px(k - n), px(r), px(k - n), px(r + 1)];
      }
      let style, what;
      if (missing.has(st)) {
        style = { stroke: '#ccc', 'stroke-width': 1, 'stroke-dasharray': '2 4' };
        what = t('ui.view.squares.missing-stick');
      } else if (removed.has(st)) {
        style = { stroke: '#e53935', 'stroke-width': 2, 'stroke-dasharray': '5 4' };
        what = t('ui.view.squares.removed-stick');
      } else if (kept.has(st)) {
        style = { stroke: '#1e88e5', 'stroke-width': 5, 'stroke-linecap': 'round' };
        what = t('ui.view.squares.kept-stick');
      } else {
        style = { stroke: '#5d4037', 'stroke-width': 5, 'stroke-linecap': 'round' };
        what = t('ui.view.squares.present');
      }
      add('line', Object.assign({ x1, y1, x2, y2 }, style), t('ui.view.squares.stick', { Stick: st, What: what }));
      if (cell >= 40) {
        const mx = (x1 + x2) / 2 + (k < n ? 0 : 8), my = (y1 + y2) / 2 + (k < n ? -5 : 3);
        text(mx, my, String(st), 8, '#777');
      }
    }
    for (let r = 0; r <= n; r++) {
      for (let c = 0; c <= n; c++) add('circle', { cx: px(c), cy: px(r), r: 2.5, fill: '#333' });
    }
    let status = intact.length === 0 ? t('ui.view.squares.none') : t('ui.view.squares.left', { Squares: intact.length });
    status += ' · ' + t('ui.view.squares.removed', { Sticks: removed.size });
    text(size / 2, size + 16, status, 11, '#333');
    // The heuristics' bounds, by their ids (data), on the line's end.
    if (Array.isArray(view.bounds)) {
      const hs = view.bounds.filter((/** @type {any} */ b) => b && typeof b.name === 'string' && Number.isInteger(b.h))
        .map((/** @type {any} */ b) => b.name + ' ' + (b.h >= DEAD_END ? '∞' : b.h));
      if (hs.length) {
        const line = /** @type {SVGTextElement} */ (s.lastChild);
        const span = svg('tspan', { translate: 'no' }, line);
        span.textContent = ' · ' + hs.join(' · ');
      }
    }
    // The legend: what the shading and each kind of stick mean.
    /** @type {[Record<string, string | number>, string, string?][]} */
    const key = [
      [{ fill: 'rgba(255, 213, 79, 0.45)', stroke: '#f9a825', 'stroke-width': 2 }, t('ui.view.squares.key.branching'), 'rect'],
      [{ stroke: '#5d4037', 'stroke-width': 5, 'stroke-linecap': 'round' }, t('ui.view.squares.present')],
      [{ stroke: '#1e88e5', 'stroke-width': 5, 'stroke-linecap': 'round' }, t('ui.view.squares.key.kept')],
      [{ stroke: '#e53935', 'stroke-width': 2, 'stroke-dasharray': '5 4' }, t('ui.view.squares.key.removed')],
      [{ stroke: '#ccc', 'stroke-width': 1, 'stroke-dasharray': '2 4' }, t('ui.view.squares.key.missing')],
    ];
    key.forEach(([style, label, shape], i) => {
      const x = i === 0 ? 10 : 10 + ((i - 1) % 4) * 66, y = i === 0 ? size + 32 : size + 52;
      if (shape === 'rect') add('rect', Object.assign({ x, y: y - 9, width: 16, height: 12 }, style));
      else add('line', Object.assign({ x1: x, y1: y - 3, x2: x + 16, y2: y - 3 }, style));
      const e = add('text', { x: x + 21, y, 'font-size': 11, 'font-family': 'system-ui, sans-serif', fill: '#333' });
      e.textContent = label;
    });
    el.appendChild(s);
  },
  // Move m removes stick m+1, as puzzles/squares's domain does: only a
  // stick of the first intact square (in search order: by size, row,
  // column) that the move rule does not keep, and the sticks of that square
  // numbered below it are kept from then on. The view's intact squares and
  // bounds are computed afresh as its View does. Null for any other m.
  move(view, m) {
    const n = view && view.n;
    if (!Number.isInteger(n) || n < 1 || n > MAX_N || !Number.isInteger(m)) return null;
    const total = 2 * n * (n + 1), deadEnd = DEAD_END;
    /** @type {(a: unknown) => number[]} */
    const list = (a) => (Array.isArray(a) ? a.filter((x) => Number.isInteger(x) && x >= 1 && x <= total) : []);
    const present = new Set();
    for (let x = 1; x <= total; x++) present.add(x);
    list(view.missing).concat(list(view.removed)).forEach((x) => present.delete(x));
    const kept = new Set(list(view.kept).filter((x) => present.has(x)));
    // The squares in search order, each with its sticks (the judge's numbers).
    /** @type {{sq: {size: number, row: number, col: number}, sticks: number[]}[]} */
    const squares = [];
    for (let size = 1; size <= n; size++) {
      for (let r = 0; r + size <= n; r++) {
        for (let c = 0; c + size <= n; c++) {
          const sticks = [];
          for (let t = 0; t < size; t++) {
            sticks.push((2 * n + 1) * r + c + t + 1, (2 * n + 1) * (r + size) + c + t + 1,
              (2 * n + 1) * (r + t) + n + c + 1, (2 * n + 1) * (r + t) + n + c + size + 1);
          }
          squares.push({ sq: { size, row: r, col: c }, sticks });
        }
      }
    }
    /** @type {(set: Set<number>) => typeof squares} */
    const intactIn = (set) => squares.filter((q) => q.sticks.every((x) => set.has(x)));
    const first = intactIn(present)[0];
    const stick = m + 1;
    if (!first || !first.sticks.includes(stick) || kept.has(stick)) return null;
    first.sticks.forEach((x) => { if (x < stick) kept.add(x); });
    present.delete(stick);
    const intact = intactIn(present);
    // greedy: take the intact squares in order, each removing its free
    // sticks from a scratch copy; a square with none free is a dead end.
    let greedy = 0;
    const scratch = new Set(present);
    for (const q of squares) {
      if (!q.sticks.every((x) => scratch.has(x))) continue;
      const free = q.sticks.filter((x) => !kept.has(x));
      if (free.length === 0) {
        greedy = deadEnd;
        break;
      }
      greedy++;
      free.forEach((x) => scratch.delete(x));
    }
    // ratio: ceil(intact squares / the most intact squares one free stick is in).
    /** @type {Record<number, number>} */
    const count = {};
    let most = 0;
    intact.forEach((q) => q.sticks.forEach((x) => {
      if (!kept.has(x)) most = Math.max(most, (count[x] = (count[x] || 0) + 1));
    }));
    const ratio = intact.length === 0 ? 0 : most === 0 ? deadEnd : Math.ceil(intact.length / most);
    /** @type {(set: Set<number>) => number[]} */
    const sorted = (set) => Array.from(set).sort((x, y) => x - y);
    const removed = list(view.removed).concat([stick]).sort((x, y) => x - y);
    return Object.assign({}, view, {
      removed,
      kept: sorted(kept),
      intact: intact.map((q) => q.sq),
      bounds: [{ name: 'greedy', h: greedy }, { name: 'ratio', h: ratio }],
    });
  },
};
