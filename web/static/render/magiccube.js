// @ts-check
// Cube nets (the magic cube, and the Rubik's cube with the same view):
// view = {"stickers": "<54 letters: 9 top, 3 band rows of 12 (left, front,
// right, back), 9 bottom>"}. A sticker is coloured by the face whose centre
// has its letter, in the Rubik's cube's colours (up white, left orange,
// front green, right red, back blue, down yellow): centres never move, so
// every cube, whatever its letters, is drawn as the Rubik's cube is. A
// letter drawn in another colour than its name says is listed under the
// net.
import { t } from '../i18n.js';
/** @type {Renderer} */
export default {
  draw(el, view) {
    const st = view && view.stickers;
    if (typeof st !== 'string' || st.length !== 54 || !/^[A-Za-z]+$/.test(st)) {
      el.textContent = t('ui.view.not', { Kind: 'magiccube' });
      return;
    }
    /** @type {Record<string, string>} */
    const known = { w: '#ffffff', y: '#ffd500', r: '#c41e3a', o: '#ff7f00', g: '#009e60', b: '#0051ba' };
    /** @type {Record<string, string>} */
    const names = { w: t('ui.view.cube.w'), y: t('ui.view.cube.y'), r: t('ui.view.cube.r'), o: t('ui.view.cube.o'), g: t('ui.view.cube.g'), b: t('ui.view.cube.b') };
    const palette = ['#8e44ad', '#16a085', '#7f8c8d', '#d35400', '#2c3e50', '#e84393',
      '#6ab04c', '#f8c291', '#95afc0', '#b33939', '#40407a', '#cc8e35'];
    // The centres' letters (U L F R B D) and the Rubik's cube's colour of
    // each face.
    /** @type {Record<string, string>} */
    const byFace = {};
    /** @type {[number, string][]} */ ([[4, 'w'], [22, 'o'], [25, 'g'], [28, 'r'], [31, 'b'], [49, 'y']]).forEach(([i, c]) => { if (!(st[i] in byFace)) byFace[st[i]] = c; });
    /** @type {(c: string) => string} */
    const colour = (c) => known[byFace[c]] || known[c] || palette[c.charCodeAt(0) % palette.length];
    /** @type {(hex: string) => boolean} */
    const light = (hex) => {
      const v = parseInt(hex.slice(1), 16);
      return 0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255) > 150;
    };
    // Each sticker's (column, row) on a 12 x 9 grid.
    /** @type {(i: number) => number[]} */
    const cellOf = (i) => {
      if (i < 9) return [3 + (i % 3), Math.floor(i / 3)];
      if (i >= 45) return [3 + ((i - 45) % 3), 6 + Math.floor((i - 45) / 3)];
      return [(i - 9) % 12, 3 + Math.floor((i - 9) / 12)];
    };
    const cell = 22, pad = 2;
    const ns = 'http://www.w3.org/2000/svg';
    const s = document.createElementNS(ns, 'svg');
    const moved = Object.keys(byFace).filter((c) => byFace[c] !== c).sort();
    const w = 12 * cell + 2 * pad, h = 9 * cell + 2 * pad + (moved.length ? 18 : 0);
    s.setAttribute('width', String(w));
    s.setAttribute('height', String(h));
    s.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    s.setAttribute('data-renderer', 'magiccube');
    /** @type {Record<number, string>} */
    const centres = { 4: 'U', 22: 'L', 25: 'F', 28: 'R', 31: 'B', 49: 'D' };
    for (let i = 0; i < 54; i++) {
      const c = st[i];
      const [col, row] = cellOf(i);
      const x = pad + col * cell, y = pad + row * cell;
      const r = document.createElementNS(ns, 'rect');
      r.setAttribute('x', String(x + 1));
      r.setAttribute('y', String(y + 1));
      r.setAttribute('width', String(cell - 2));
      r.setAttribute('height', String(cell - 2));
      r.setAttribute('rx', '3');
      r.setAttribute('fill', colour(c));
      r.setAttribute('stroke', '#222');
      r.setAttribute('stroke-width', '1');
      const tip = document.createElementNS(ns, 'title');
      tip.textContent = t('ui.view.cube.sticker', { Sticker: i, Letter: c });
      r.appendChild(tip);
      s.appendChild(r);
      const label = centres[i] || (known[c] || byFace[c] ? '' : c);
      if (label) {
        const tx = document.createElementNS(ns, 'text');
        tx.setAttribute('x', String(x + cell / 2));
        tx.setAttribute('y', String(y + cell / 2 + 4));
        tx.setAttribute('text-anchor', 'middle');
        tx.setAttribute('font-size', '11');
        tx.setAttribute('font-family', 'system-ui, sans-serif');
        tx.setAttribute('fill', light(colour(c)) ? '#333' : '#fff');
        tx.setAttribute('opacity', String(centres[i] ? 0.6 : 1));
        tx.textContent = label;
        tx.setAttribute('translate', 'no'); // a face's letter
        s.appendChild(tx);
      }
    }
    if (moved.length) {
      // A cube given in other letters (the magic cube's "r" on the left):
      // which letter each colour stands for.
      const tx = document.createElementNS(ns, 'text');
      tx.setAttribute('x', String(pad));
      tx.setAttribute('y', String(9 * cell + 2 * pad + 13));
      tx.setAttribute('font-size', '11');
      tx.setAttribute('font-family', 'system-ui, sans-serif');
      tx.setAttribute('fill', '#333');
      tx.textContent = t('ui.view.cube.colours', { Colours: moved.map((c) => c + ' ' + names[byFace[c]]).join(t('ui.view.list-sep')) });
      s.appendChild(tx);
    }
    el.appendChild(s);
  },
  // A face turn, derived from the cube's geometry as puzzles/magiccube does:
  // each sticker has a position and an outward normal, and a clockwise
  // quarter turn rotates the stickers of the face's layer. The magic cube's
  // move m turns face m>>1 (L F R B U D) a quarter, clockwise when m is even;
  // the Rubik's cube's (info.puzzle "rubik", 18 moves) turns face "UDFBLR"[m/3]
  // a quarter, a half or a quarter back. Null for any other m.
  move(view, m, info) {
    const st = view && view.stickers;
    if (typeof st !== 'string' || st.length !== 54 || !Number.isInteger(m) || m < 0) return null;
    const rubik = info ? info.puzzle === 'rubik' || (!info.puzzle && Array.isArray(info.moveNames) && info.moveNames.length === 18) : false;
    let face, quarters;
    if (rubik) {
      if (m >= 18) return null;
      face = 'LFRBUD'.indexOf('UDFBLR'[Math.floor(m / 3)]);
      quarters = [1, 2, 3][m % 3];
    } else {
      if (m >= 12) return null;
      face = m >> 1;
      quarters = m & 1 ? 3 : 1;
    }
    const normals = [[-1, 0, 0], [0, 0, 1], [1, 0, 0], [0, 0, -1], [0, 1, 0], [0, -1, 0]];
    // Sticker i's cubie position (coordinates -1..1) and outward normal; x
    // points right, y up, z out of the front face.
    /** @type {(i: number) => [number[], number[]]} */
    const place = (i) => {
      if (i < 9) return [[i % 3 - 1, 1, Math.floor(i / 3) - 1], normals[4]];
      if (i >= 45) return [[(i - 45) % 3 - 1, -1, 1 - Math.floor((i - 45) / 3)], normals[5]];
      const col = (i - 9) % 12, c = col % 3, y = 1 - Math.floor((i - 9) / 12);
      return [[[-1, y, c - 1], [c - 1, y, 1], [1, y, 1 - c], [1 - c, y, -1]][Math.floor(col / 3)], normals[Math.floor(col / 3)]];
    };
    const a = normals[face];
    /** @type {(u: number[], v: number[]) => number} */
    const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    // Clockwise seen from outside along a: v' = -(a x v) + a (a . v).
    /** @type {(v: number[]) => number[]} */
    const rot = (v) => [
      -(a[1] * v[2] - a[2] * v[1]) + a[0] * dot(a, v),
      -(a[2] * v[0] - a[0] * v[2]) + a[1] * dot(a, v),
      -(a[0] * v[1] - a[1] * v[0]) + a[2] * dot(a, v)];
    /** @type {(p: number[], n: number[]) => string} */
    const key = (p, n) => p.concat(n).join(',');
    const where = new Map();
    for (let i = 0; i < 54; i++) where.set(key(...place(i)), i);
    const out = st.split('');
    for (let i = 0; i < 54; i++) {
      let [p, n] = place(i);
      if (dot(p, a) !== 1) continue;
      for (let q = 0; q < quarters; q++) [p, n] = [rot(p), rot(n)];
      out[where.get(key(p, n))] = st[i];
    }
    return Object.assign({}, view, { stickers: out.join('') });
  },
};
