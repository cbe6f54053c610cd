// Sliding-tile puzzles (8, 15, 24): view = {"size": n, "tiles": [row-major, 0 = blank], "blank": i}.
'use strict';
vizRegisterRenderer('tiles', {
  draw(el, view) {
    const n = view && Number(view.size);
    const tiles = view && view.tiles;
    if (!Number.isInteger(n) || n < 1 || n > 16 || !Array.isArray(tiles) || tiles.length !== n * n) {
      el.textContent = 'not a tiles view';
      return;
    }
    const cell = n <= 3 ? 44 : n <= 4 ? 36 : 30;
    const ns = 'http://www.w3.org/2000/svg';
    const s = document.createElementNS(ns, 'svg');
    const w = n * cell + 4;
    s.setAttribute('width', w);
    s.setAttribute('height', w);
    s.setAttribute('viewBox', '0 0 ' + w + ' ' + w);
    s.setAttribute('data-renderer', 'tiles');
    tiles.forEach((t, i) => {
      const x = 2 + (i % n) * cell, y = 2 + Math.floor(i / n) * cell;
      const r = document.createElementNS(ns, 'rect');
      r.setAttribute('x', x + 1);
      r.setAttribute('y', y + 1);
      r.setAttribute('width', cell - 2);
      r.setAttribute('height', cell - 2);
      r.setAttribute('rx', 4);
      r.setAttribute('fill', t === 0 ? '#eee' : '#f2c14e');
      r.setAttribute('stroke', '#a68a2e');
      s.appendChild(r);
      if (t !== 0) {
        const tx = document.createElementNS(ns, 'text');
        tx.setAttribute('x', x + cell / 2);
        tx.setAttribute('y', y + cell / 2 + 5);
        tx.setAttribute('text-anchor', 'middle');
        tx.setAttribute('font-size', cell / 2.6);
        tx.setAttribute('font-family', 'system-ui, sans-serif');
        tx.textContent = String(t);
        s.appendChild(tx);
      }
    });
    el.appendChild(s);
  },
  // The blank's move m as puzzles/tiles numbers them (0 U, 1 D, 2 L, 3 R):
  // it swaps with the tile that way; null when that is off the board.
  move(view, m) {
    const n = view && view.size;
    const tiles = view && view.tiles;
    if (!Number.isInteger(n) || n < 1 || !Array.isArray(tiles) || tiles.length !== n * n || !Number.isInteger(m)) return null;
    const b = tiles.indexOf(0);
    if (b < 0) return null;
    const r = Math.floor(b / n), c = b % n;
    const to = [r > 0 ? b - n : -1, r < n - 1 ? b + n : -1, c > 0 ? b - 1 : -1, c < n - 1 ? b + 1 : -1][m];
    if (to === undefined || to < 0) return null;
    const next = tiles.slice();
    next[b] = next[to];
    next[to] = 0;
    return Object.assign({}, view, { tiles: next, blank: to });
  },
});
