// @ts-check
// stack.js: the stack panel. For IDA*, the depth-first path from the
// start, a row a level: the move that reached it, g, h, f and how many of
// its children are left to try, the current frame lit; for A*, the open
// list's best entries by f (ties by the larger g, as A* pops them), its
// size and the closed count. Choosing a row shows its node in the tree.
// Both come with the state (algo: web/fold/algo.go).
import { $, fmt, shared } from './page.js';
import { LINE } from './shared.js';
import * as tree from './tree.js';
import { t, n, onChange } from './i18n.js';

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
  const tb = document.createElement('table');
  tb.className = 'stack-table';
  const cap = document.createElement('caption');
  cap.textContent = caption;
  tb.appendChild(cap);
  const tr = document.createElement('tr');
  // g, h and f are the algorithm's own names, the same in every language.
  head.forEach((h) => { const c = cell(tr, h, 'th'); c.scope = 'col'; if (h.length === 1) c.translate = false; });
  tb.appendChild(tr);
  return tb;
}

// row adds a row whose first cell is a button choosing node id.
/**
 * @param {HTMLTableElement} tb
 * @param {number} id
 * @param {string} label
 * @param {unknown[]} rest
 * @param {boolean} current
 */
function row(tb, id, label, rest, current) {
  const tr = document.createElement('tr');
  const first = document.createElement('td');
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'frame';
  b.textContent = label;
  b.dataset.id = String(id);
  b.title = t('run.stack.show', { Node: id });
  // The node's number and the move that reached it: data, not words.
  b.translate = false;
  b.addEventListener('click', () => tree.choose(id));
  first.appendChild(b);
  tr.appendChild(first);
  // g, h, f and the children left: numbers (– where not yet known).
  rest.forEach((x) => { cell(tr, x).translate = false; });
  if (current) { tr.className = 'current'; tr.setAttribute('aria-current', 'step'); }
  tb.appendChild(tr);
}

/** @param {StateMessage | null} msg */
function draw(msg) {
  const el = $('stack');
  el.textContent = '';
  const a = msg && msg.algo;
  if (!a) return;
  if (a.algorithm === 'astar') { drawOpen(el, /** @type {AStarView} */ (a)); return; }
  if (!a.stack.length) {
    el.textContent = a.line === LINE.boundInit ? t('run.stack.empty-first', { Bound: a.bound }) : t('run.stack.empty-between');
    return;
  }
  const tb = table([t('run.stack.node'), 'g', 'h', 'f', t('run.stack.left')],
    a.elided ? n('run.stack.caption-elided', a.elided) : t('run.stack.caption'));
  a.stack.forEach((f, i) => {
    // A frame not yet expanded has no children counted yet.
    row(tb, f.id, '#' + f.id + ' ' + (f.move || t('run.stack.start')), [f.g, f.h, f.f, f.left === null ? '–' : f.left], i === a.stack.length - 1);
  });
  el.appendChild(tb);
}

/**
 * @param {HTMLElement} el
 * @param {AStarView} a
 */
function drawOpen(el, a) {
  const p = document.createElement('p');
  p.className = 'open-sizes';
  p.textContent = t('run.stack.open-sizes', { Open: fmt(a.open.size), Closed: fmt(a.closed) });
  el.appendChild(p);
  if (!a.open.best) {
    el.appendChild(document.createTextNode(t('run.stack.open-long')));
    return;
  }
  if (!a.open.best.length) return;
  const tb = table([t('run.stack.node'), 'f', 'g', 'h'], n('run.stack.caption-open', a.open.best.length));
  const least = a.open.best[0].f;
  a.open.best.forEach((o, i) => {
    row(tb, o.id, '#' + o.id + (o.f === least && i > 0 ? t('run.stack.tie') : ''), [o.f, o.g, o.h], i === 0);
  });
  el.appendChild(tb);
}

// Another language: the panel again, in it.
onChange(() => { if (shared.last) draw(shared.last); });

export { draw };
