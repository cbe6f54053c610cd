// @ts-check
// code.js: the code panel: the algorithm's pseudo-code, IDA*'s or A*'s, in
// the shape the course teaches it, with the line of the last event lit
// (aria-current="step") and the values that line reads beside it. Which
// line an event is comes with the state (its algo.line: web/fold/algo.go,
// and algofold.js in an exported page), so a live run, a replay and an
// export light the same line.
import { shared, $ } from './page.js';
import { LINE } from './shared.js';

// Each algorithm's lines: [indent, text, the id of the events' line].
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
  [2, 'iteration over: no goal with f ≤ bound', LINE.iterationEnd],
  [2, 'bound ← next  (the smallest f pruned)', LINE.boundRise],
];
/** @type {CodeLine[]} */
const idaVisit = [
  [1, 'visit n: f = g + h(n) ≤ bound', LINE.visit],
  [1, 'if h(n) = 0 and n is the goal:', LINE.goalTest],
  [2, 'return the path to n: the solution', LINE.goal],
];
/** @type {Record<'ida' | 'bpmx' | 'astar', CodeLine[]>} */
const lines = {
  ida: [
    ...idaLoop,
    [0, 'search(n, g):'],
    ...idaVisit,
    [1, 'for each child c the move rule allows:', LINE.expand],
    [2, 'if g(c) + h(c) > bound:'],
    [3, 'prune c; next ← min(next, f(c))', LINE.prune],
    [2, 'else search(c, g(c))'],
  ],
  bpmx: [
    ...idaLoop,
    [0, 'search(n, g): returns h(n), raised or not'],
    ...idaVisit,
    [1, 'generate the children the rule allows', LINE.expand],
    [1, 'BPMX ↑ for every child c:'],
    [2, 'h(n) ← max(h(n), h(c) − cost)', LINE.raise],
    [1, 'for each child c:'],
    [2, 'BPMX ↓ h(c) ← max(h(c), h(n) − cost)'],
    [2, 'if g(c) + h(c) > bound:'],
    [3, 'prune c; next ← min(next, f(c))', LINE.prune],
    [2, 'else h(c) ← search(c, g(c))'],
    [3, 'BPMX ↑ h(n) ← max(h(n), h(c) − cost)', LINE.raiseBack],
    [1, 'return h(n)'],
  ],
  astar: [
    [0, 'A*(start):'],
    [1, 'open ← {start}; closed ← {}', LINE.openInit],
    [1, 'while open is not empty:'],
    [2, 'n ← pop the least f from open', LINE.pop],
    [2, 'if h(n) = 0 and n is the goal:', LINE.goalTest],
    [3, 'return the path to n: the solution', LINE.goal],
    [2, 'closed ← closed + {n}'],
    [2, 'for each child c of n:'],
    [3, "if c's state is stored with g ≤ g(c): skip"],
    [3, 'if stored with a larger g: replace it (reopen if closed)', LINE.reopen],
    [3, 'push c on open, f = g(c) + h(c)', LINE.push],
  ],
};

let shown = ''; // the algorithm whose lines are drawn

/** @param {'ida' | 'bpmx' | 'astar'} algo */
function build(algo) {
  const ol = $('code');
  ol.textContent = '';
  ol.setAttribute('aria-label', { astar: 'A*', ida: 'IDA*', bpmx: 'IDA* with BPMX' }[algo] + "'s pseudo-code");
  for (const [indent, text, id] of lines[algo]) {
    const li = document.createElement('li');
    li.style.setProperty('--indent', String(indent));
    if (id) li.dataset.line = id;
    const t = document.createElement('span');
    t.className = 'code-text';
    t.textContent = text;
    const v = document.createElement('span');
    v.className = 'code-values';
    li.append(t, v);
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
    case LINE.goalTest: return n ? 'node ' + n.id + ': h = 0' : '';
    case LINE.expand: {
      const top = a.stack.length ? a.stack[a.stack.length - 1] : null;
      return top && top.left !== null ? top.left + ' left to try' : '';
    }
    case LINE.prune: return n ? sum + ' > ' + a.bound + ', next = ' + inf(a.next) : '';
    case LINE.raise: case LINE.raiseBack: return n ? 'h(n) = ' + n.h + ': ' + sum + (n.f > a.bound ? ' > ' : ' ≤ ') + a.bound : '';
    case LINE.pop: return n ? 'node ' + n.id + ': ' + sum + ' (open: ' + /** @type {AStarView} */ (a).open.size + ')' : '';
    case LINE.push: case LINE.reopen: return n ? 'node ' + n.id + ': ' + sum : '';
  }
  return '';
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
    /** @type {HTMLElement} */ (li.querySelector('.code-values')).textContent = lit ? values(a) : '';
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
  $('algorithm').addEventListener('change', () => { if (!shared.last || !shared.last.algo) draw(null); });
}

export { bind, draw };
