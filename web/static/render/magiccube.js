// Cube nets (the magic cube, and the Rubik's cube with the same view):
// view = {"stickers": "<54 letters: 9 top, 3 band rows of 12 (left, front,
// right, back), 9 bottom>"}. Letters w y r o g b are white, yellow, red,
// orange, green, blue; any other letter gets a fixed colour of its own and is
// written on the sticker.
'use strict';
vizRegisterRenderer('magiccube', {
  draw(el, view) {
    const st = view && view.stickers;
    if (typeof st !== 'string' || st.length !== 54 || !/^[A-Za-z]+$/.test(st)) {
      el.textContent = 'not a cube view';
      return;
    }
    const known = { w: '#ffffff', y: '#ffd500', r: '#c41e3a', o: '#ff7f00', g: '#009e60', b: '#0051ba' };
    const palette = ['#8e44ad', '#16a085', '#7f8c8d', '#d35400', '#2c3e50', '#e84393',
      '#6ab04c', '#f8c291', '#95afc0', '#b33939', '#40407a', '#cc8e35'];
    const colour = (c) => known[c] || palette[c.charCodeAt(0) % palette.length];
    const light = (hex) => {
      const v = parseInt(hex.slice(1), 16);
      return 0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255) > 150;
    };
    // Each sticker's (column, row) on a 12 x 9 grid.
    const cellOf = (i) => {
      if (i < 9) return [3 + (i % 3), Math.floor(i / 3)];
      if (i >= 45) return [3 + ((i - 45) % 3), 6 + Math.floor((i - 45) / 3)];
      return [(i - 9) % 12, 3 + Math.floor((i - 9) / 12)];
    };
    const cell = 22, pad = 2;
    const ns = 'http://www.w3.org/2000/svg';
    const s = document.createElementNS(ns, 'svg');
    const w = 12 * cell + 2 * pad, h = 9 * cell + 2 * pad;
    s.setAttribute('width', w);
    s.setAttribute('height', h);
    s.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    s.setAttribute('data-renderer', 'magiccube');
    const centres = { 4: 'U', 22: 'L', 25: 'F', 28: 'R', 31: 'B', 49: 'D' };
    for (let i = 0; i < 54; i++) {
      const c = st[i];
      const [col, row] = cellOf(i);
      const x = pad + col * cell, y = pad + row * cell;
      const r = document.createElementNS(ns, 'rect');
      r.setAttribute('x', x + 1);
      r.setAttribute('y', y + 1);
      r.setAttribute('width', cell - 2);
      r.setAttribute('height', cell - 2);
      r.setAttribute('rx', 3);
      r.setAttribute('fill', colour(c));
      r.setAttribute('stroke', '#222');
      r.setAttribute('stroke-width', 1);
      const t = document.createElementNS(ns, 'title');
      t.textContent = 'sticker ' + i + ': ' + c;
      r.appendChild(t);
      s.appendChild(r);
      const label = centres[i] || (known[c] ? '' : c);
      if (label) {
        const tx = document.createElementNS(ns, 'text');
        tx.setAttribute('x', x + cell / 2);
        tx.setAttribute('y', y + cell / 2 + 4);
        tx.setAttribute('text-anchor', 'middle');
        tx.setAttribute('font-size', 11);
        tx.setAttribute('font-family', 'system-ui, sans-serif');
        tx.setAttribute('fill', light(colour(c)) ? '#333' : '#fff');
        tx.setAttribute('opacity', centres[i] ? 0.6 : 1);
        tx.textContent = label;
        s.appendChild(tx);
      }
    }
    el.appendChild(s);
  },
});
