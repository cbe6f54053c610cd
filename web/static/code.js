// @ts-check
// code.js: the code panel: the algorithm's pseudo-code, IDA*'s or A*'s, in
// the shape the course teaches it, with the line of the last event lit
// (aria-current="step") and the values that line reads beside it. Which
// line an event is comes with the state (its algo.line: web/fold/algo.go,
// and algofold.js in an exported page), so a live run, a replay and an
// export light the same line.
import { shared, $ } from './page.js';
import { LINE } from './shared.js';
import { t, n as plural, onChange } from './i18n.js';

// Each algorithm's lines: [indent, text, the id of the events' line]. A
// text that is a message's id (run.code...) has words, in the reader's
// language; any other is code alone, the same in every language.
// IDA*'s outer loop and its visit are the same with BPMX (bidirectional
// pathmax), where h(n) is the search's own value of n, which its
// children raise and which they inherit.
/** @typedef {[number, string, string?]} CodeLine */
/** @type {CodeLine[]} */
const idaLoop = [
  [0, 'IDA*(start):'],
  [1, 'bound ← h(start)', LINE.boundInit],
  [1, 'loop:'],
  [2, 'next ← ∞; search(start, g = 0)', LINE.iterationStart],
  [2, 'run.code.iteration-over', LINE.iterationEnd],
  [2, 'run.code.bound-rise', LINE.boundRise],
];
/** @type {CodeLine[]} */
const idaVisit = [
  [1, 'run.code.visit', LINE.visit],
  [1, 'run.code.goal-test', LINE.goalTest],
  [2, 'run.code.goal', LINE.goal],
];
/** @type {Record<'ida' | 'bpmx' | 'astar', CodeLine[]>} */
const lines = {
  ida: [
    ...idaLoop,
    [0, 'search(n, g):'],
    ...idaVisit,
    [1, 'run.code.for-children-rule', LINE.expand],
    [2, 'if g(c) + h(c) > bound:'],
    [3, 'run.code.prune', LINE.prune],
    [2, 'else search(c, g(c))'],
  ],
  bpmx: [
    ...idaLoop,
    [0, 'run.code.search-bpmx'],
    ...idaVisit,
    [1, 'run.code.generate', LINE.expand],
    [1, 'run.code.bpmx-up'],
    [2, 'h(n) ← max(h(n), h(c) − cost)', LINE.raise],
    [1, 'run.code.for-children'],
    [2, 'BPMX ↓ h(c) ← max(h(c), h(n) − cost)'],
    [2, 'if g(c) + h(c) > bound:'],
    [3, 'run.code.prune', LINE.prune],
    [2, 'else h(c) ← search(c, g(c))'],
    [3, 'BPMX ↑ h(n) ← max(h(n), h(c) − cost)', LINE.raiseBack],
    [1, 'return h(n)'],
  ],
  astar: [
    [0, 'A*(start):'],
    [1, 'open ← {start}; closed ← {}', LINE.openInit],
    [1, 'run.code.while-open'],
    [2, 'run.code.pop', LINE.pop],
    [2, 'run.code.goal-test', LINE.goalTest],
    [3, 'run.code.goal', LINE.goal],
    [2, 'closed ← closed + {n}'],
    [2, 'run.code.for-children-of'],
    [3, 'run.code.skip'],
    [3, 'run.code.replace', LINE.reopen],
    [3, 'run.code.push', LINE.push],
  ],
};

let shown = ''; // the algorithm whose lines are drawn

/** @param {'ida' | 'bpmx' | 'astar'} algo */
function build(algo) {
  const ol = $('code');
  ol.textContent = '';
  ol.setAttribute('aria-label', t('run.code.label-' + algo));
  for (const [indent, text, id] of lines[algo]) {
    const li = document.createElement('li');
    li.style.setProperty('--indent', String(indent));
    if (id) li.dataset.line = id;
    const span = document.createElement('span');
    span.className = 'code-text';
    if (text.startsWith('run.code.')) span.textContent = t(text);
    else {
      span.textContent = text;
      span.translate = false;
    }
    const v = document.createElement('span');
    v.className = 'code-values';
    li.append(span, v);
    ol.appendChild(li);
  }
  shown = algo;
}

/** @type {(n: number) => string} */
const inf = (n) => (n < 0 ? '∞' : String(n));

// values says what the lit line reads, in numbers.
/**
 * @param {AlgoView} a
 * @returns {string}
 */
function values(a) {
  const n = a.node;
  const sum = n ? 'f = ' + n.g + ' + ' + n.h + ' = ' + n.f : '';
  switch (a.line) {
    case LINE.boundInit: return 'bound = h(start) = ' + a.bound;
    case LINE.iterationStart: return 'bound = ' + a.bound;
    case LINE.iterationEnd: return 'bound ' + a.bound + ', next = ' + inf(a.next);
    case LINE.boundRise: return 'bound ← ' + a.bound + (a.next >= 0 ? ' → ' + a.next : '');
    case LINE.visit: return n ? sum + ' ≤ ' + a.bound : '';
    case LINE.goalTest: return n ? t('run.code.v-goal-test', { Node: n.id }) : '';
    case LINE.expand: {
      const top = a.stack.length ? a.stack[a.stack.length - 1] : null;
      return top && top.left !== null ? plural('run.code.v-left', top.left) : '';
    }
    case LINE.prune: return n ? sum + ' > ' + a.bound + ', next = ' + inf(a.next) : '';
    case LINE.raise: case LINE.raiseBack: return n ? 'h(n) = ' + n.h + ': ' + sum + (n.f > a.bound ? ' > ' : ' ≤ ') + a.bound : '';
    case LINE.pop: return n ? t('run.code.v-pop', { Node: n.id, Sum: sum, Open: /** @type {AStarView} */ (a).open.size }) : '';
    case LINE.push: case LINE.reopen: return n ? t('run.code.v-node', { Node: n.id, Sum: sum }) : '';
  }
  return '';
}

// worded is whether the lit line's values have words (a message), not
// code alone.
/** @param {AlgoView} a */
function worded(a) {
  return [LINE.goalTest, LINE.expand, LINE.pop, LINE.push, LINE.reopen].includes(a.line);
}

// draw lights the line of the state's last event; with no run, the
// algorithm the Search panel has chosen is shown, unlit.
/** @param {StateMessage | null} msg */
function draw(msg) {
  const a = msg && msg.algo;
  const chosen = $('algorithm') && /** @type {HTMLSelectElement} */ ($('algorithm')).value === 'astar' ? 'astar' : 'ida';
  const algo = a ? (a.algorithm === 'astar' ? 'astar' : a.pathmax ? 'bpmx' : 'ida') : chosen;
  if (algo !== shown) build(algo);
  for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ ($('code').children)) {
    const lit = !!a && li.dataset.line === a.line;
    li.classList.toggle('lit', lit);
    if (lit) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
    const v = /** @type {HTMLElement} */ (li.querySelector('.code-values'));
    v.textContent = lit ? values(a) : '';
    v.translate = !lit || worded(a);
    if (lit) follow(li);
  }
}

// follow keeps the lit line in view where the panel scrolls (on a
// projector), without scrolling the page.
/** @param {HTMLElement} li */
function follow(li) {
  const box = li.closest('.panel');
  if (!box || box.scrollHeight <= box.clientHeight) return;
  const top = li.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop, bottom = top + li.offsetHeight;
  if (top < box.scrollTop) box.scrollTop = Math.max(0, top - li.offsetHeight);
  else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + li.offsetHeight;
}

function bind() {
  draw(null);
  // Another language: the lines are drawn again in it.
  onChange(() => { shown = ''; draw(shared.last); });
  $('algorithm').addEventListener('change', () => { if (!shared.last || !shared.last.algo) draw(null); });
}

export { bind, draw };
