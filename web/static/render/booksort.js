// @ts-check
// Booksort (POJ 3460): view = {"books": [a permutation of 1..n, left to
// right], "breaks": [gaps 0..n where neighbours are not consecutive; gap i is
// after the i-th book, gap 0 before the first, the shelf's ends counting as
// books 0 and n+1], "bounds": [{"name", "h", "measure"}: every heuristic's
// value here, strongest first], "sorted": bool}.
// Books stand as bars as tall as their number; a red mark sits in each break.
import { svg } from '../svg.js';
import { t } from '../i18n.js';

/** @type {Renderer} */
export default {
  draw(el, view) {
    /** @type {any[]} */
    const books = view && view.books;
    const n = Array.isArray(books) ? books.length : 0;
    const isPerm = n >= 1 && n <= 15 && books.every((b) => Number.isInteger(b) && b >= 1 && b <= n) &&
      new Set(books).size === n;
    if (!isPerm) {
      el.textContent = t('ui.view.not', { Kind: 'booksort' });
      return;
    }
    const breaks = new Set(Array.isArray(view.breaks) ? view.breaks.filter((/** @type {unknown} */ g) => Number.isInteger(g)) : []);
    const width = 300, wall = 8, top = 14, shelfY = 180, bottom = 40;
    const slot = (width - 2 * wall - 8) / n;
    const bookW = Math.max(6, slot - 3);
    const unit = (shelfY - top - 14) / n;
    const s = svg('svg', { width: width, height: shelfY + bottom, viewBox: '0 0 ' + width + ' ' + (shelfY + bottom), 'data-renderer': 'booksort' });
    /** @type {(tag: string, attrs: Record<string, any>, title?: string) => SVGElement} */
    const add = (tag, attrs, title) => svg(tag, attrs, s, title);
    /** @type {(x: number, y: number, str: string, size: number, colour: string) => void} */
    const text = (x, y, str, size, colour) => {
      const e = add('text', { x, y, 'text-anchor': 'middle', 'font-size': size, 'font-family': 'system-ui, sans-serif', fill: colour });
      e.textContent = str;
    };
    // The shelf and its two ends (the sentinels 0 and n+1).
    add('rect', { x: 2, y: shelfY, width: width - 4, height: 6, fill: '#8d6e63' });
    add('rect', { x: 2, y: top, width: wall - 2, height: shelfY - top, fill: '#bcaaa4' }, t('ui.view.books.left'));
    add('rect', { x: width - wall, y: top, width: wall - 2, height: shelfY - top, fill: '#bcaaa4' }, t('ui.view.books.right', { Book: n + 1 }));
    const x0 = wall + 4;
    books.forEach((b, i) => {
      const x = x0 + i * slot + (slot - bookW) / 2;
      const h = 10 + b * unit;
      // Hue by number, so runs of consecutive books look alike.
      const hue = Math.round(200 - 160 * (b - 1) / Math.max(1, n - 1));
      add('rect', { x, y: shelfY - h, width: bookW, height: h, rx: 2, fill: 'hsl(' + hue + ',55%,62%)', stroke: '#444', 'stroke-width': 0.8 },
        t('ui.view.books.book', { Book: b, Position: i + 1 }));
      text(x + bookW / 2, shelfY + 18, String(b), bookW < 12 ? 9 : 12, '#222');
    });
    // Gap g lies between position g and g+1 (1-based), 0 and n at the ends.
    for (let g = 0; g <= n; g++) {
      if (!breaks.has(g)) continue;
      const x = x0 + g * slot;
      add('line', { x1: x, y1: top, x2: x, y2: shelfY, stroke: '#d32f2f', 'stroke-width': 2, 'stroke-dasharray': '4 3' },
        t('ui.view.books.break', { Left: g === 0 ? t('ui.view.books.shelf-start') : books[g - 1], Right: g === n ? t('ui.view.books.shelf-end') : books[g] }));
    }
    text(width / 2, shelfY + bottom - 4, view.sorted === true ? t('ui.view.books.sorted') : t('ui.view.books.breaks', { Breaks: breaks.size }), 12, '#333');
    /** @type {{name: string, h: number, measure?: unknown}[]} */
    const bounds = Array.isArray(view.bounds) ? view.bounds.filter((/** @type {any} */ b) => b && typeof b.name === 'string' && Number.isInteger(b.h)) : [];
    if (bounds.length > 0) {
      // The heuristics' names and measures are the puzzle's (as its Go view writes them).
      const hs = add('text', { x: width / 2, y: top - 3, 'text-anchor': 'middle', 'font-size': 10, 'font-family': 'system-ui, sans-serif', fill: '#555', translate: 'no' });
      bounds.forEach((b, i) => {
        const span = svg('tspan', {}, hs, typeof b.measure === 'string' ? b.name + ': ' + b.measure : '');
        span.insertBefore(document.createTextNode((i > 0 ? ' · ' : 'h: ') + b.name + ' ' + b.h), span.firstChild);
      });
    }
    el.appendChild(s);
  },
  // Move m is puzzles/booksort's: moves are numbered by l, then r, then k
  // (1 <= l <= r < k <= n), and the books at positions l..r go to just after
  // the book at k. The view's breaks and bounds are computed afresh as its
  // View does. Null for any other m.
  move(view, m) {
    /** @type {any[]} */
    const books = view && view.books;
    const n = Array.isArray(books) ? books.length : 0;
    if (n < 1 || n > 15 || !Number.isInteger(m) || m < 0 || new Set(books).size !== n ||
      !books.every((b) => Number.isInteger(b) && b >= 1 && b <= n)) return null;
    let i = 0, next = null;
    for (let l = 1; l <= n && !next; l++) {
      for (let r = l; r <= n && !next; r++) {
        for (let k = r + 1; k <= n && !next; k++, i++) {
          if (i === m) next = books.slice(0, l - 1).concat(books.slice(r, k), books.slice(l - 1, r), books.slice(k));
        }
      }
    }
    if (!next) return null;
    const a = [0].concat(next, [n + 1]); // the shelf's ends as books 0 and n+1
    const breaks = [];
    let inner = 0;
    for (let g = 0; g <= n; g++) {
      if (a[g + 1] === a[g] + 1) continue;
      breaks.push(g);
      if (g >= 1 && g < n) inner++;
    }
    // The cycle graph (Bafna and Pevzner): black edge j, the pair a[j],
    // a[j+1], is followed by the black edge that starts with book a[j+1]-1.
    /** @type {number[]} */
    const pos = [];
    a.forEach((b, j) => { pos[b] = j; });
    const seen = [];
    let odd = 0;
    for (let j = 0; j <= n; j++) {
      let len = 0;
      for (let e = j; !seen[e]; e = pos[a[e + 1] - 1]) {
        seen[e] = true;
        len++;
      }
      odd += len & 1;
    }
    const c = Math.floor((n + 1 - odd) / 2);
    return Object.assign({}, view, {
      books: next,
      breaks,
      bounds: [
        { name: 'cycles', h: c, measure: (n + 1) + ' black edges, ' + (n + 1 - 2 * c) + ' odd cycles' },
        { name: 'breakpoints', h: Math.floor((breaks.length + 2) / 3), measure: breaks.length + ' breakpoints' },
        { name: 'successors', h: Math.floor((inner + 2) / 3), measure: inner + ' wrong successors' },
      ],
      sorted: breaks.length === 0,
    });
  },
};
