// @ts-check
// stack.js: the stack panel. For IDA*, the depth-first path from the
// start, a row a level: the move that reached it, g, h, f and how many of
// its children are left to try, the current frame lit; for A*, the open
// list's best entries by f (ties by the larger g, as A* pops them), its
// size and the closed count. Choosing a row shows its node in the tree.
// Both come with the state (algo: web/fold/algo.go).
import { $, fmt } from './page.js';
import { LINE } from './shared.js';
import * as tree from './tree.js';

/**
 * @param {HTMLTableRowElement} tr
 * @param {unknown} text
 * @param {'td' | 'th'} [tag]
 */
function cell(tr, text, tag) {
  const c = document.createElement(tag || 'td');
  c.textContent = String(text);
  tr.appendChild(c);
  return c;
}

/**
 * @param {string[]} head
 * @param {string} caption
 */
function table(head, caption) {
  const t = document.createElement('table');
  t.className = 'stack-table';
  const cap = document.createElement('caption');
  cap.textContent = caption;
  t.appendChild(cap);
  const tr = document.createElement('tr');
  head.forEach((h) => { const c = cell(tr, h, 'th'); c.scope = 'col'; });
  t.appendChild(tr);
  return t;
}

// row adds a row whose first cell is a button choosing node id.
/**
 * @param {HTMLTableElement} t
 * @param {number} id
 * @param {string} label
 * @param {unknown[]} rest
 * @param {boolean} current
 */
function row(t, id, label, rest, current) {
  const tr = document.createElement('tr');
  const first = document.createElement('td');
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'frame';
  b.textContent = label;
  b.dataset.id = String(id);
  b.title = 'show node ' + id + ' in the tree';
  b.addEventListener('click', () => tree.choose(id));
  first.appendChild(b);
  tr.appendChild(first);
  rest.forEach((x) => cell(tr, x));
  if (current) { tr.className = 'current'; tr.setAttribute('aria-current', 'step'); }
  t.appendChild(tr);
}

/** @param {StateMessage | null} msg */
function draw(msg) {
  const el = $('stack');
  el.textContent = '';
  const a = msg && msg.algo;
  if (!a) return;
  if (a.algorithm === 'astar') { drawOpen(el, /** @type {AStarView} */ (a)); return; }
  if (!a.stack.length) {
    el.textContent = a.line === LINE.boundInit ? 'Empty: the first iteration starts next, with bound ' + a.bound + '.' : 'Empty: the search is between iterations.';
    return;
  }
  const t = table(['node', 'g', 'h', 'f', 'left'], 'the path from the start, the current node last' +
    (a.elided ? ' (' + a.elided + ' levels above left out)' : ''));
  a.stack.forEach((f, i) => {
    // A frame not yet expanded has no children counted yet.
    row(t, f.id, '#' + f.id + ' ' + (f.move || 'start'), [f.g, f.h, f.f, f.left === null ? '–' : f.left], i === a.stack.length - 1);
  });
  el.appendChild(t);
}

/**
 * @param {HTMLElement} el
 * @param {AStarView} a
 */
function drawOpen(el, a) {
  const p = document.createElement('p');
  p.className = 'open-sizes';
  p.textContent = 'open list: ' + fmt(a.open.size) + ' nodes · closed: ' + fmt(a.closed) + ' nodes';
  el.appendChild(p);
  if (!a.open.best) {
    el.appendChild(document.createTextNode('(the open list is too long to list)'));
    return;
  }
  if (!a.open.best.length) return;
  const t = table(['node', 'f', 'g', 'h'], 'the best ' + a.open.best.length + ' by f: A* pops the first next');
  const least = a.open.best[0].f;
  a.open.best.forEach((n, i) => {
    row(t, n.id, '#' + n.id + (n.f === least && i > 0 ? ' (tie)' : ''), [n.f, n.g, n.h], i === 0);
  });
  el.appendChild(t);
}

export { draw };
