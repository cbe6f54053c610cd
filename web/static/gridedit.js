// @ts-check
// gridedit.js: the grid world's map edited with the mouse, as PathFinding.js
// does: a click or a drag from a free cell draws walls, from a wall clears
// them; the start (S) and the goal (G) are dragged; the map is 4- or
// 8-connected and its size can change. The map is puzzles/grid's text ('#'
// a wall, '.' free, 'S', 'G', a first line "8-connected"), which the
// Problem tab (problem.js) sends as the grid puzzle's state.
import { svg } from './page.js';

const MAX = 40; // the most rows and columns edited here; a bigger map is typed

/** @typedef {{rows: number, cols: number, wall: Uint8Array, start: number, goal: number, diagonal: boolean}} GridMap start and goal are cell numbers */
/** @typedef {{mode: 'wall' | 'clear' | 'start' | 'goal', last: number, moved: boolean}} Drag */

// m and board are typed as always there: they are null only until the
// first set (mount's) and draw, before which no cell is painted and the
// board's handlers do not exist; the exports check m all the same.
/** @type {GridMap} */
let m = /** @type {any} */ (null);
/** @type {HTMLElement | null} */
let root = null;
/** @type {SVGElement} */
let board = /** @type {any} */ (null);
/** @type {SVGElement[]} */
let cells = [];
/** @type {Record<string, SVGElement>} */
let letters = {};
let size = 0;
/** @type {(text: string) => void} */
let changed = () => {};
/** @type {Drag | null} */
let drag = null;

// parse reads a map's text, or null when it is not one this editor draws.
/**
 * @param {unknown} text
 * @returns {GridMap | null}
 */
function parse(text) {
  let lines = String(text || '').split(/\n|\//).map((l) => l.trim());
  while (lines.length && lines[0] === '') lines.shift();
  let diagonal = false;
  if (lines.length && /^[48]-connected$/i.test(lines[0])) { diagonal = lines[0][0] === '8'; lines.shift(); }
  lines = lines.filter((l) => l !== '');
  const rows = lines.length, cols = rows ? lines[0].length : 0;
  if (rows < 1 || rows > MAX || cols < 1 || cols > MAX || lines.some((l) => l.length !== cols || /[^#.SG*]/.test(l))) return null;
  const g = { rows, cols, wall: new Uint8Array(rows * cols), start: -1, goal: -1, diagonal };
  lines.forEach((l, r) => {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c, ch = l[c];
      if (ch === '#') g.wall[i] = 1;
      if (ch === 'S' || ch === '*') g.start = i;
      if (ch === 'G' || ch === '*') g.goal = i;
    }
  });
  return g.start >= 0 && g.goal >= 0 && g.start !== g.goal ? g : null;
}

// text is the map as puzzles/grid reads it.
function text() {
  if (!m) return '';
  const out = [m.diagonal ? '8-connected' : '4-connected'];
  for (let r = 0; r < m.rows; r++) {
    let l = '';
    for (let c = 0; c < m.cols; c++) {
      const i = r * m.cols + c;
      l += i === m.start ? 'S' : i === m.goal ? 'G' : m.wall[i] ? '#' : '.';
    }
    out.push(l);
  }
  return out.join('\n');
}

/** @param {number} i */
function kind(i) { return i === m.start ? 'start' : i === m.goal ? 'goal' : m.wall[i] ? 'wall' : 'free'; }

/** @param {number} i */
function paint(i) {
  const k = kind(i);
  cells[i].setAttribute('class', 'ge-cell ge-' + k);
  cells[i].setAttribute('data-kind', k);
}

// draw makes the board: a rect a cell, in a 420-pixel square at most,
// and no wider than its column (style.css: the board scales down to it,
// and at() reads cells off the board as drawn).
function draw() {
  /** @type {HTMLElement} */ (root).textContent = '';
  if (!m) return;
  size = Math.max(8, Math.min(30, Math.floor(420 / Math.max(m.rows, m.cols))));
  board = svg('svg', { width: m.cols * size, height: m.rows * size, viewBox: '0 0 ' + m.cols * size + ' ' + m.rows * size,
    class: 'ge-board', 'data-testid': 'grid-board', 'data-rows': m.rows, 'data-cols': m.cols }, root);
  cells = [];
  for (let i = 0; i < m.rows * m.cols; i++) {
    cells.push(svg('rect', { x: (i % m.cols) * size, y: Math.floor(i / m.cols) * size, width: size, height: size,
      'data-r': Math.floor(i / m.cols), 'data-c': i % m.cols }, board));
    paint(i);
  }
  letters = {};
  for (const [end, letter] of /** @type {['start' | 'goal', string][]} */ ([['start', 'S'], ['goal', 'G']])) {
    letters[end] = svg('text', { 'text-anchor': 'middle', 'font-size': size * 0.55, class: 'ge-letter', 'data-letter': letter }, board);
    letters[end].textContent = letter;
    place(end);
  }
  board.addEventListener('pointerdown', down);
  board.addEventListener('pointermove', move);
  board.addEventListener('pointerup', up);
  board.addEventListener('pointercancel', up);
}

// place puts the start's or the goal's letter on its cell.
/** @param {'start' | 'goal'} end */
function place(end) {
  const i = m[end];
  letters[end].setAttribute('x', String((i % m.cols + 0.5) * size));
  letters[end].setAttribute('y', String((Math.floor(i / m.cols) + 0.5) * size + size * 0.2));
}

// at is the cell under a pointer event, -1 off the board.
/** @param {PointerEvent} e */
function at(e) {
  const b = board.getBoundingClientRect();
  const c = Math.floor((e.clientX - b.left) / (b.width / m.cols)), r = Math.floor((e.clientY - b.top) / (b.height / m.rows));
  return r >= 0 && c >= 0 && r < m.rows && c < m.cols ? r * m.cols + c : -1;
}

// apply does the drag's mode at cell i; it reports whether the map changed.
/** @param {number} i */
function apply(i) {
  if (!drag) return false;
  if (i < 0 || i === drag.last) return false;
  drag.last = i;
  if (drag.mode === 'start' || drag.mode === 'goal') {
    if (m.wall[i] || i === (drag.mode === 'start' ? m.goal : m.start)) return false;
    const old = m[drag.mode];
    m[drag.mode] = i;
    paint(old);
    paint(i);
    place(drag.mode);
    return true;
  }
  if (i === m.start || i === m.goal || m.wall[i] === (drag.mode === 'wall' ? 1 : 0)) return false;
  m.wall[i] = drag.mode === 'wall' ? 1 : 0;
  paint(i);
  return true;
}

/** @param {PointerEvent} e */
function down(e) {
  const i = at(e);
  if (i < 0 || e.button !== 0) return;
  e.preventDefault();
  drag = { mode: i === m.start ? 'start' : i === m.goal ? 'goal' : m.wall[i] ? 'clear' : 'wall', last: -1, moved: false };
  board.setPointerCapture(e.pointerId);
  if (drag.mode === 'wall' || drag.mode === 'clear') drag.moved = apply(i);
  else drag.last = i;
}

// move follows the pointer. The browser hands moves over at most once a
// frame, so a quick drag jumps cells: walls go on every cell of the line
// between the last cell and this one.
/** @param {PointerEvent} e */
function move(e) {
  if (!drag) return;
  const i = at(e);
  if (i < 0 || i === drag.last) return;
  const from = drag.last;
  if (from >= 0 && (drag.mode === 'wall' || drag.mode === 'clear')) {
    const r0 = Math.floor(from / m.cols), c0 = from % m.cols, r1 = Math.floor(i / m.cols), c1 = i % m.cols;
    const n = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
    for (let k = 1; k < n; k++) {
      if (apply(Math.round(r0 + (r1 - r0) * k / n) * m.cols + Math.round(c0 + (c1 - c0) * k / n))) drag.moved = true;
    }
  }
  if (apply(i)) drag.moved = true;
}

// up ends a drag where it is let go; the map is news once, not at every
// cell.
/** @param {PointerEvent} e */
function up(e) {
  if (!drag) return;
  move(e);
  const moved = drag.moved;
  drag = null;
  if (moved) changed(text());
}

// mount draws the map of text into el (a default room when text is not
// a map this editor draws); onChange(text) hears each change.
/**
 * @param {HTMLElement} el
 * @param {string} mapText
 * @param {(text: string) => void} [onChange]
 */
function mount(el, mapText, onChange) {
  root = el;
  changed = onChange || (() => {});
  set(mapText);
}

/** @param {string} mapText */
function set(mapText) {
  m = parse(mapText) || /** @type {GridMap} */ (parse('..........\n.S......G.\n..........'));
  if (root) draw();
}

/** @param {boolean} on */
function setDiagonal(on) {
  if (!m || m.diagonal === on) return;
  m.diagonal = on;
  changed(text());
}

function diagonal() { return !!(m && m.diagonal); }

// resize keeps what fits, and puts the start or the goal back on the
// board when it fell off.
/**
 * @param {number} rows
 * @param {number} cols
 */
function resize(rows, cols) {
  if (!m) return;
  rows = Math.max(2, Math.min(MAX, rows | 0));
  cols = Math.max(2, Math.min(MAX, cols | 0));
  if (rows === m.rows && cols === m.cols) return;
  const n = { rows, cols, wall: new Uint8Array(rows * cols), start: -1, goal: -1, diagonal: m.diagonal };
  /** @type {(i: number) => number} */
  const to = (i) => {
    const r = Math.floor(i / m.cols), c = i % m.cols;
    return r < rows && c < cols ? r * cols + c : -1;
  };
  for (let i = 0; i < m.wall.length; i++) if (m.wall[i] && to(i) >= 0) n.wall[to(i)] = 1;
  n.start = to(m.start) >= 0 ? to(m.start) : 0;
  n.goal = to(m.goal) >= 0 && to(m.goal) !== n.start ? to(m.goal) : rows * cols - 1;
  n.wall[n.start] = n.wall[n.goal] = 0;
  m = n;
  draw();
  changed(text());
}

function clear() {
  if (!m) return;
  m.wall.fill(0);
  draw();
  changed(text());
}

function dims() { return m ? { rows: m.rows, cols: m.cols } : { rows: 0, cols: 0 }; }

export { mount, set, text, setDiagonal, diagonal, resize, clear, dims, parse };
