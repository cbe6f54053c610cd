// @ts-check
// compare.js: comparing kept runs. With two or more runs kept, a table
// compares them (each row in the run's colour, the colour the server gives
// the run and every chart's series of it: the page keeps no palette), and
// "Next bound" moves the IDA* runs of one instance in lock-step: the
// lock-step panel draws each run's tree at the same bound, side by side.
import { shared, $, presenting, fmt } from './page.js';
import * as present from './present.js';
import * as minitree from './minitree.js';
import { t, n, onChange } from './i18n.js';
import { statusName } from './replaystate.js';

// lockstepOn reports whether Next bound moves every run: two or more can,
// and the instructor has not unticked it.
function lockstepOn() {
  return !!(shared.last && shared.last.lockstep && /** @type {HTMLInputElement} */ ($('lockstep')).checked);
}

/** @param {string} colour */
function swatch(colour) {
  const s = document.createElement('span');
  s.className = 'run-swatch';
  s.style.background = colour;
  return s;
}

/** @param {HTMLElement} tr @param {string} text @param {string} [cls] @param {string} [tag] */
function cell(tr, text, cls, tag) {
  const td = document.createElement(tag || 'td');
  td.textContent = text;
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

// draw fills the comparison table, one row a run.
/** @param {StateMessage} msg */
function draw(msg) {
  const runs = msg.runs || [];
  $('compare-panel').hidden = runs.length < 2;
  const table = $('compare-table');
  if (runs.length < 2) { table.textContent = ''; return; }
  table.textContent = '';
  const head = document.createElement('tr');
  ['run', 'heuristic', 'algorithm', 'status', 'h-start', 'iterations', 'per-iteration',
    'generated', 'ebf', 'time', 'memory'].forEach((h) => cell(head, t('run.compare.col-' + h), '', 'th'));
  table.appendChild(head);
  const active = msg.active ? msg.active.id : 0;
  // Runs of other instances say which (the numbers compare heuristics only
  // on one instance).
  const oneInstance = runs.every((r) => r.puzzle === runs[0].puzzle && r.instance === runs[0].instance);
  runs.forEach((r) => {
    const tr = document.createElement('tr');
    tr.dataset.run = String(r.id);
    if (r.id === active) tr.className = 'active';
    const c0 = cell(tr, '#' + r.id);
    c0.prepend(swatch(r.colour));
    c0.dataset.colour = r.colour;
    c0.translate = false;
    c0.title = r.id === active ? t('run.compare.active') : '';
    const h = cell(tr, (r.heuristic || '…') + (oneInstance ? '' : ' · ' + r.instance));
    h.translate = false; // a heuristic's id and an instance: data
    h.title = r.puzzle ? r.puzzle + ': ' + r.instance : '';
    // A run in another order of the moves says so, beside its algorithm.
    cell(tr, (r.algorithm === 'astar' ? 'A*' : r.algorithm === 'ida' ? 'IDA*' : (r.algorithm || '…')) + (r.order ? ' · ' + r.order : '')).translate = false;
    cell(tr, r.solutionLength || r.status === 'solved' ? n('run.compare.status-moves', r.solutionLength, { Status: statusName(r.status) }) : statusName(r.status));
    /** @type {Record<string, string>} */
    const cols = {
      startH: r.puzzle ? fmt(r.startH) : '…',
      iterations: fmt((r.iterations || []).length),
      perIteration: (r.iterations || []).map((it) => it.bound + ': ' + fmt(it.generated)).join(' · '),
      generated: fmt(r.generated),
      ebf: r.ebf ? r.ebf.toFixed(3) : '—',
      time: r.timed ? t('run.compare.seconds', { S: r.seconds.toFixed(3) }) : t('run.compare.stepped'),
      memory: r.algorithm === 'astar' ? (r.peakOpen ? t('run.compare.memory-astar', { Peak: fmt(r.peakOpen), Stored: fmt(r.stored) }) : '—') : t('run.compare.memory-ida'),
    };
    for (const k of ['startH', 'iterations', 'perIteration', 'generated', 'ebf', 'time', 'memory']) {
      const td = cell(tr, cols[k], k === 'perIteration' ? 'per-iteration' : '');
      td.dataset.col = k;
      if (k !== 'time' && k !== 'memory') td.translate = false; // numbers, and bound: nodes pairs
    }
    tr.cells[9].title = r.timed ? '' : t('run.compare.untimed');
    tr.style.boxShadow = 'inset 4px 0 0 ' + r.colour;
    table.appendChild(tr);
  });
}

// drawLockstep draws each run's tree at the lock-step bound, side by side.
/** @param {StateMessage} msg */
function drawLockstep(msg) {
  const l = msg.lockstep, on = !!(l && /** @type {HTMLInputElement} */ ($('lockstep')).checked);
  $('lockstep-label').hidden = !l;
  $('lockstep-panel').hidden = !on;
  const was = document.body.classList.contains('lockstep-on');
  document.body.classList.toggle('lockstep-on', on);
  if (was !== on && presenting()) present.redraw();
  if (!on) return;
  $('lockstep-info').textContent = l.bound
    ? t(l.next ? 'run.lockstep.at-next' : 'run.lockstep.at-ended', { Bound: l.bound, Next: l.next })
    : t('run.lockstep.before', { Next: l.next });
  const box = $('lockstep-trees');
  // One box a run, kept across states so that a redraw does not flicker.
  const want = l.runs.map((r) => String(r.id)).join();
  if (box.dataset.runs !== want) {
    box.textContent = '';
    box.dataset.runs = want;
    l.runs.forEach((r) => {
      const d = document.createElement('div');
      d.className = 'lockstep-run';
      d.setAttribute('data-testid', 'lockstep-run');
      d.dataset.run = String(r.id);
      const h = document.createElement('h3');
      const counts = document.createElement('div');
      counts.className = 'counts';
      const tr = document.createElement('div');
      tr.className = 'tree mini';
      // The true size: a bar as long as the run's nodes beside the
      // biggest run's, shaded for the share its tree draws (a tree past
      // the window's budget is drawn folded, and looks smaller than it is).
      const size = document.createElement('div');
      size.className = 'size';
      size.setAttribute('data-testid', 'lockstep-size');
      const bar = document.createElement('span');
      bar.className = 'size-bar';
      const drawn = document.createElement('span');
      drawn.className = 'size-drawn';
      bar.appendChild(drawn);
      const words = document.createElement('span');
      words.className = 'size-words';
      size.append(bar, words);
      d.append(h, counts, tr, size);
      box.appendChild(d);
    });
  }
  // Every tree at one scale (across and down), so that the bigger tree
  // looks bigger.
  const boxes = Array.from(box.children).map((d) => d.children[2]);
  const biggest = Math.max(1, ...l.runs.map((r) => (l.bound && r.tree ? r.generated : 0)));
  const W = Math.min(...boxes.map((el) => el.clientWidth || 300)), H = Math.min(...boxes.map((el) => el.clientHeight || 200));
  const k = minitree.miniScale(l.runs.map((r) => (l.bound ? r.tree : null)), W, H);
  l.runs.forEach((r, i) => {
    const d = /** @type {HTMLElement} */ (box.children[i]);
    d.style.borderTopColor = r.colour;
    d.dataset.bound = r.tree ? String(r.tree.bound) : '0';
    const h = /** @type {HTMLElement} */ (d.children[0]);
    h.textContent = r.label;
    h.translate = false; // the run's label: its heuristic and algorithm's ids
    h.title = r.label;
    h.prepend(swatch(r.colour));
    const counts = d.children[1];
    if (!l.bound) counts.textContent = r.bound ? t('run.lockstep.next', { Bound: r.bound }) : t('run.lockstep.ended', { Status: statusName(r.status) });
    else if (r.tree) {
      const b = document.createElement('strong');
      b.textContent = n('run.lockstep.nodes', r.generated, { Count: fmt(r.generated) });
      counts.textContent = '';
      counts.append(b, t('run.lockstep.at-bound', { Bound: r.tree.bound }));
      const more = document.createElement('span');
      more.className = 'more';
      more.textContent = t('run.lockstep.counts', { Expanded: fmt(r.expanded), Pruned: fmt(r.pruned) }) +
        (r.tree.drawn < r.tree.nodes ? t('run.tree.info-drawn', { Drawn: fmt(r.tree.drawn) }) : '') +
        (r.status === 'solved' && r.bound === 0 && r.tree.current ? t('run.lockstep.solution') : '');
      counts.appendChild(more);
    } else counts.textContent = t('run.lockstep.none', { Bound: l.bound });
    const size = /** @type {HTMLElement} */ (d.children[3]);
    size.hidden = !(l.bound && r.tree);
    if (l.bound && r.tree) {
      const share = r.tree.nodes > 0 ? Math.min(1, r.tree.drawn / r.tree.nodes) : 1;
      const bar = /** @type {HTMLElement} */ (size.children[0]);
      bar.style.width = (100 * r.generated / biggest).toFixed(2) + '%';
      bar.style.borderColor = r.colour;
      /** @type {HTMLElement} */ (bar.children[0]).style.width = (100 * share).toFixed(2) + '%';
      /** @type {HTMLElement} */ (bar.children[0]).style.background = r.colour;
      size.children[1].textContent = n('run.lockstep.nodes', r.generated, { Count: fmt(r.generated) }) +
        (share < 1 ? t('run.lockstep.share', { Percent: Math.round(100 * share), Drawn: fmt(r.tree.drawn) }) : t('run.tree.info-all-drawn'));
      size.title = t('run.lockstep.bar');
    }
    // Drawn again only when something in it changed (states come 20 a
    // second while a run searches).
    const el = /** @type {HTMLElement} */ (d.children[2]), tv = l.bound ? r.tree : null;
    const key = [l.bound, r.note, el.clientWidth, el.clientHeight, presenting(), k.x.toFixed(5), k.y.toFixed(5),
      tv ? [tv.iteration, tv.bound, tv.drawn, tv.nodes, tv.last, tv.current, r.status].join() : ''].join('|');
    if (el.dataset.key !== key) {
      el.dataset.key = key;
      miniDrawn[r.id] = { drawn: minitree.drawMini(el, tv, l.bound ? r.note : '', k), scale: tv ? k.x : 0 };
    }
  });
}

// miniDrawn is, for each run in lock-step, the nodes its tree draws and
// the scale (window.viz.lockstep reads it).
/** @type {Record<number, {drawn: number, scale: number}>} */
const miniDrawn = {};
function lockstepDrawn() { return miniDrawn; }

function bind() {
  // The mini trees are laid out to their boxes: draw them again when the
  // boxes change size (the window, presentation mode).
  if (window.ResizeObserver) {
    let due = 0;
    new ResizeObserver(() => {
      if (due) return;
      due = requestAnimationFrame(() => { due = 0; if (shared.last) drawLockstep(shared.last); });
    }).observe($('lockstep-trees'));
  }
  $('lockstep').addEventListener('change', () => { if (shared.last) drawLockstep(shared.last); });
  // Another language: the table and the lock-step panel's words again.
  onChange(() => { if (shared.last) { draw(shared.last); drawLockstep(shared.last); } });
}

export { bind, draw, drawLockstep, lockstepOn, lockstepDrawn };
