// @ts-check
// problem.js: the Search panel's second tab, a script of your own written
// in Starlark: a problem (start, goal, moves, heuristics, view), or h(state)
// for a built-in puzzle. An editor with line numbers, the examples the
// server offers (/api/examples), Run (a start that carries the script: the
// server loads it, and the run steps, draws and downloads like any other),
// the script's errors at their line (the error messages' file, line and
// column), and Check (viz check's report, with h against h* as a chart).
// For the grid world the map is drawn with the mouse (gridedit.js).
// Messages: "problem" answers what the tab shows of a script, "checked"
// a check (docs/PROTOCOL.md).
import { shared, embedded, send, $, fmt, fillSelect } from './page.js';
import echarts from './echarts.js';
import { MAX_SOURCE } from './shared.js';
import * as gridEdit from './gridedit.js';
import * as renderers from './renderers.js';
import * as setup from './setup.js';
import * as status from './status.js';
import { t, translate } from './i18n.js';
import { puzzleShort, exampleTitle } from './datawords.js';

// The shapes of /api/examples' and /api/puzzles' entries, of the problem
// message (docs/PROTOCOL.md) and of viz check --json's report (docs/GUIDE.md),
// as this tab reads them.
/** @typedef {{name: string, title: string, file: string, source: string, puzzle?: string, state?: string}} Example */
/** @typedef {{name: string, title: string, script?: boolean, heuristics: string[], presets?: {state: string, optimal: number}[]}} ScriptPuzzle */
/**
 * @typedef {{type: 'problem', file?: string, puzzle?: string, name?: string, heuristics?: string[], start?: string,
 *   node?: NodeView, error?: string, line?: number, column?: number}} ProblemMessage
 */
/**
 * @typedef {{puzzle: string, heuristic: string, states: number, unsolvable?: number, admissible: boolean, violations?: number,
 *   worst: {state: string, h: number, hstar: number}[], consistent: boolean, moves: number, inconsistent_moves?: number,
 *   worst_moves: {state: string, move: string, next: string, h: number, cost: number, h_next: number}[],
 *   mean_h: number, mean_hstar: number, exact_fraction: number, dominates?: boolean | null, against?: string,
 *   not_dominated?: number, undominated: {state: string, h: number, h2: number}[]}} CheckReport
 */
/** @typedef {{type: 'checked', report: CheckReport, start: string, chart: ChartOptions}} CheckedMessage */
/** @typedef {{puzzle: string, state: string, heuristic: string, goal: string, file?: string, source?: string}} Fields */

let examples = /** @type {Example[]} */ ([]), puzzles = /** @type {ScriptPuzzle[]} */ ([]), opened = false;
let file = 'problem.star';
/** @type {ProblemMessage | null} */
let loaded = null; // the last "problem" answer
let loading = 0; // "problem" messages not yet answered: only the last answer counts
let loadTimer = 0, chart = /** @type {any} */ (null), checking = false, marked = 0;
// fresh: an example was chosen since the last Run, so the run drawn (its
// node, its result) is the previous problem's, not this one's.
let fresh = false;

const on = () => $('setup').classList.contains('problem-mode');
const target = () => /** @type {HTMLSelectElement} */ ($('problem-puzzle')).value; // '' a problem, else a puzzle
const isGrid = () => target() === 'grid';
const usesScript = () => target() === '' || /** @type {HTMLSelectElement} */ ($('problem-heuristic')).value === file;

// ---- the tabs ----
/** @param {boolean} problem */
function showTab(problem) {
  $('setup').classList.toggle('problem-mode', problem);
  $('tab-puzzle').setAttribute('aria-selected', String(!problem));
  $('tab-problem').setAttribute('aria-selected', String(problem));
  if (problem && !opened) open();
  if (problem && chart) chart.resize();
  // The state panel shows this tab's start, or the Search panel's.
  if (problem) drawStart();
  else setup.requestPreview();
}

// open fetches the examples and the puzzles a script can search, once.
async function open() {
  opened = true;
  try {
    const [ex, cat] = await Promise.all([fetch('api/examples'), fetch('api/puzzles')].map((p) => p.then((r) => r.json())));
    examples = ex;
    puzzles = cat.filter((/** @type {ScriptPuzzle} */ p) => p.script);
  } catch (e) {
    showError(t('ui.error.examples', { Error: String(e) }));
    return;
  }
  menus();
  choose(examples[0] ? examples[0].name : '');
}

// menus fills the examples' and the puzzles' menus, keeping their choice.
function menus() {
  const ex = /** @type {HTMLSelectElement} */ ($('problem-example')), pz = /** @type {HTMLSelectElement} */ ($('problem-puzzle'));
  const was = [ex.value, pz.value];
  fillSelect(ex, examples.map((e) => e.name).concat(['']), examples.map(exampleTitle).concat([t('ui.problem.new')]));
  fillSelect(pz, [''].concat(puzzles.map((p) => p.name)),
    [t('ui.problem.own')].concat(puzzles.map((p) => t('ui.problem.h-for', { Puzzle: puzzleShort(p) }))));
  if (opened) [ex.value, pz.value] = was;
}

// blank is a new problem's script, its comment in the page's language.
const blank = () => '# ' + t('ui.problem.blank') + '\n' +
  'start = 0\n\ndef goal(s):\n    return s == 10\n\ndef moves(s):\n    return [("+1", s + 1, 1), ("+3", s + 3, 2)]\n\n' +
  'heuristics = {"steps": lambda s: max(0, 10 - s) // 3}\n';

// choose puts an example in the editor, with its puzzle and start.
/** @param {string} name */
function choose(name) {
  const e = examples.find((x) => x.name === name);
  /** @type {HTMLSelectElement} */ ($('problem-example')).value = name;
  /** @type {HTMLTextAreaElement} */ ($('problem-source')).value = e ? e.source : blank();
  file = e ? e.file : 'problem.star';
  /** @type {HTMLSelectElement} */ ($('problem-puzzle')).value = e && e.puzzle ? e.puzzle : '';
  forget();
  onTarget(e && e.state ? e.state : null);
}

// forget clears what the tab showed of the previous problem: its check's
// report and its run's result (the run itself stays in the Controls, the
// tree and the charts until the next Run).
function forget() {
  fresh = true;
  $('check-report').hidden = true;
  $('check-text').textContent = '';
  $('problem-result').textContent = '';
  $('problem-result').dataset.cost = '0';
  $('problem-result').dataset.distinct = '0';
}

// renamed is the file name of a script that replaced the example it was
// (most of its lines are not the example's): its own name = "..." with
// .star, else the name of a new script. An edit of the example keeps the
// example's name, which its errors are reported in.
/** @param {string} src @returns {string} */
function renamed(src) {
  const e = examples.find((x) => x.file === file);
  if (!e) return file;
  const had = new Set(e.source.split('\n').map((l) => l.trim()).filter(Boolean));
  const lines = src.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length && lines.filter((l) => had.has(l)).length * 2 >= lines.length) return file;
  const own = /^name\s*=\s*"([A-Za-z0-9_-]{1,40})"/m.exec(src);
  return own ? own[1] + '.star' : target() === '' ? 'problem.star' : 'h.star';
}

// onTarget sets the tab up for what the script searches: the start's
// field (or the grid editor) and the heuristics offered.
/** @param {string | null} state */
function onTarget(state) {
  const p = puzzles.find((x) => x.name === target());
  const grid = isGrid();
  $('problem-state-label').hidden = grid;
  $('grid-edit').hidden = !grid;
  if (grid) {
    if (!$('grid-edit').firstChild) buildGrid();
    gridEdit.set(state || (p && p.presets && p.presets[0] ? p.presets[0].state : ''));
    syncGridControls();
  } else if (state !== null || p) {
    const first = p && (p.presets || []).find((x) => x.optimal > 0);
    /** @type {HTMLInputElement} */ ($('problem-state')).value = state !== null ? state : first ? first.state : '';
  } else {
    /** @type {HTMLInputElement} */ ($('problem-state')).value = '';
  }
  heuristics(p ? [file].concat(p.heuristics) : loaded && loaded.puzzle === '' ? /** @type {string[]} */ (loaded.heuristics) : []);
  gutter();
  mark(0);
  load(0);
}

// heuristics fills the heuristic menus, keeping what was chosen.
/** @param {string[]} list */
function heuristics(list) {
  const h = /** @type {HTMLSelectElement} */ ($('problem-heuristic')), a = /** @type {HTMLSelectElement} */ ($('problem-against'));
  const keep = h.value, keepA = a.value;
  fillSelect(h, list, list.map((x) => (x === file && target() !== '' ? t('ui.problem.script-h', { File: x }) : x)));
  if (list.includes(keep)) h.value = keep;
  if (isGrid() && !list.includes(keep)) h.value = 'octile';
  fillSelect(a, [''].concat(list), ['—'].concat(list));
  if (list.includes(keepA)) a.value = keepA;
}

// ---- the grid editor ----
function buildGrid() {
  const box = $('grid-edit');
  const bar = document.createElement('div');
  bar.className = 'grid-bar';
  bar.innerHTML = '<label class="inline"><select data-testid="grid-connect"><option value="4" data-i18n="ui.grid.4">4-connected</option>' +
    '<option value="8" data-i18n="ui.grid.8">8-connected</option></select></label> <label class="inline"><span data-i18n="ui.grid.rows">rows</span> <input data-testid="grid-rows" type="number" min="2" max="40"></label>' +
    ' <label class="inline"><span data-i18n="ui.grid.cols">columns</span> <input data-testid="grid-cols" type="number" min="2" max="40"></label>' +
    ' <button type="button" data-testid="grid-clear" data-i18n="ui.grid.clear">Clear walls</button>';
  const board = document.createElement('div');
  board.className = 'grid-board';
  const help = document.createElement('div');
  help.className = 'help';
  help.setAttribute('data-i18n', 'ui.grid.help');
  box.append(bar, board, help);
  translate(box);
  /** @type {(id: string) => HTMLInputElement | HTMLSelectElement} */
  const q = (id) => /** @type {HTMLInputElement | HTMLSelectElement} */ (bar.querySelector('[data-testid=' + id + ']'));
  q('grid-connect').addEventListener('change', (e) => gridEdit.setDiagonal(/** @type {HTMLSelectElement} */ (e.target).value === '8'));
  const resize = () => gridEdit.resize(Number(q('grid-rows').value), Number(q('grid-cols').value));
  q('grid-rows').addEventListener('change', resize);
  q('grid-cols').addEventListener('change', resize);
  q('grid-clear').addEventListener('click', () => gridEdit.clear());
  gridEdit.mount(board, '', () => { syncGridControls(); load(0); });
}

function syncGridControls() {
  /** @type {(id: string) => HTMLInputElement | HTMLSelectElement} */
  const q = (id) => /** @type {HTMLInputElement | HTMLSelectElement} */ ($('grid-edit').querySelector('[data-testid=' + id + ']'));
  const d = gridEdit.dims();
  q('grid-connect').value = gridEdit.diagonal() ? '8' : '4';
  q('grid-rows').value = String(d.rows);
  q('grid-cols').value = String(d.cols);
}

// ---- the editor ----
// gutter numbers the lines beside the text, one element a line, so that
// an error's line can be marked.
function gutter() {
  const g = $('problem-gutter'), n = /** @type {HTMLTextAreaElement} */ ($('problem-source')).value.split('\n').length;
  if (g.childElementCount !== n) {
    while (g.childElementCount > n) /** @type {ChildNode} */ (g.lastChild).remove();
    while (g.childElementCount < n) {
      const d = document.createElement('div');
      d.textContent = String(g.childElementCount + 1);
      d.setAttribute('data-line', String(g.childElementCount + 1));
      g.appendChild(d);
    }
    if (marked) mark(marked, 0, /** @type {string} */ ($('problem-error').textContent));
  }
  g.scrollTop = $('problem-source').scrollTop;
}

// mark shows an error at line (0: none) and column, in the gutter and
// under the editor, and scrolls the editor to it.
/**
 * @param {number} line
 * @param {number} [column]
 * @param {string} [text]
 */
function mark(line, column, text) {
  const g = $('problem-gutter');
  g.querySelectorAll('.err').forEach((d) => { d.classList.remove('err'); d.removeAttribute('title'); });
  marked = line || 0;
  showError(text || '', line, column);
  const d = line ? /** @type {HTMLElement | undefined} */ (g.children[line - 1]) : null;
  if (!d) return;
  d.classList.add('err');
  d.title = /** @type {string} */ (text);
  const ta = $('problem-source'), lh = d.offsetHeight || 16;
  if ((line - 1) * lh < ta.scrollTop || line * lh > ta.scrollTop + ta.clientHeight) ta.scrollTop = Math.max(0, (line - 4) * lh);
  gutter();
}

/**
 * @param {string} text
 * @param {number} [line]
 * @param {number} [column]
 */
function showError(text, line, column) {
  const e = $('problem-error');
  e.textContent = text || '';
  e.dataset.line = line ? String(line) : '';
  e.dataset.column = column ? String(column) : '';
}

// goTo puts the caret at an error's line and column.
function goTo() {
  const line = Number($('problem-error').dataset.line), col = Number($('problem-error').dataset.column) || 1;
  if (!line) return;
  const ta = /** @type {HTMLTextAreaElement} */ ($('problem-source')), lines = ta.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += Math.min(col - 1, (lines[line - 1] || '').length);
  ta.focus();
  ta.setSelectionRange(at, at);
}

// A tab key indents, as in an editor, rather than leaving the field.
/** @param {KeyboardEvent} e */
function onKey(e) {
  if (e.key !== 'Tab' || e.ctrlKey || e.altKey || e.metaKey) return;
  e.preventDefault();
  const ta = /** @type {HTMLTextAreaElement} */ (e.target), s = ta.selectionStart;
  ta.setRangeText('    ', s, ta.selectionEnd, 'end');
  onEdit();
}

function onEdit() {
  const src = /** @type {HTMLTextAreaElement} */ ($('problem-source')).value;
  /** @type {HTMLSelectElement} */ ($('problem-example')).value = examples.some((x) => x.name === /** @type {HTMLSelectElement} */ ($('problem-example')).value && x.source === src) ? /** @type {HTMLSelectElement} */ ($('problem-example')).value : '';
  const name = renamed(src);
  if (name !== file) {
    // Another script: the last one's report and result are not its.
    file = name;
    forget();
    const p = puzzles.find((x) => x.name === target());
    if (p) heuristics([file].concat(p.heuristics));
  }
  gutter();
  load(500);
}

// ---- what is sent ----
// fields are the start (and check) message's fields for the tab; null,
// with the error shown, when the script cannot be sent.
/** @returns {Fields | null} */
function fields() {
  const src = /** @type {HTMLTextAreaElement} */ ($('problem-source')).value;
  /** @type {Fields} */
  const f = { puzzle: target(), state: isGrid() ? gridEdit.text() : /** @type {HTMLInputElement} */ ($('problem-state')).value, heuristic: /** @type {HTMLSelectElement} */ ($('problem-heuristic')).value, goal: '' };
  if (usesScript()) {
    if (new Blob([src]).size > MAX_SOURCE) {
      mark(0, 0, t('ui.problem.too-long', { Bytes: fmt(MAX_SOURCE) }));
      return null;
    }
    Object.assign(f, { file, source: src });
    if (f.puzzle !== '') f.heuristic = file;
  }
  return f;
}

// load asks the server what it makes of the script, after a pause in
// typing: its heuristics, its start drawn, or its error at its line.
/** @param {number} delay */
function load(delay) {
  clearTimeout(loadTimer);
  loadTimer = setTimeout(() => {
    const f = fields();
    if (!f || shared.mode === 'replay') return;
    if (!f.source && f.puzzle !== '') f.source = /** @type {HTMLTextAreaElement} */ ($('problem-source')).value; // check the script too
    f.file = file;
    loading++;
    send(Object.assign({ type: 'problem' }, f));
  }, delay);
}

/** @param {ProblemMessage} msg */
function onProblem(msg) {
  if (--loading > 0) return; // a later answer is on its way
  loading = 0;
  loaded = msg;
  if (msg.error) {
    mark(msg.line || 0, msg.column || 0, msg.error);
    return;
  }
  mark(0);
  if (msg.puzzle === '') heuristics(msg.heuristics || []);
  /** @type {HTMLInputElement} */ ($('problem-state')).placeholder = msg.puzzle === '' && msg.start ? t('ui.problem.file-start', { Start: msg.start }) : '';
  drawStart();
}

// drawStart draws the script's start, until a run draws its nodes.
function drawStart() {
  const n = loaded && loaded.node;
  if (!n || (shared.last && shared.last.active && !fresh)) return;
  $('node-info').textContent = t('ui.problem.start', { H: n.h });
  renderers.draw($('puzzle-state'), /** @type {string} */ (n.renderer), n.view);
}

function run() {
  const f = fields();
  if (!f) return;
  mark(0);
  $('problem-result').textContent = '';
  fresh = false;
  setup.begin(Object.assign(f, {
    algorithm: /** @type {HTMLSelectElement} */ ($('problem-algorithm')).value, fast: /** @type {HTMLInputElement} */ ($('problem-fast')).checked, keep: /** @type {HTMLInputElement} */ ($('problem-keep')).checked,
  }));
}

// ---- the check ----
function check() {
  const f = fields();
  if (!f || checking) return;
  mark(0);
  checking = true;
  /** @type {HTMLButtonElement} */ ($('problem-check')).disabled = true;
  $('problem-check').textContent = t('ui.problem.checking');
  const against = /** @type {HTMLSelectElement} */ ($('problem-against')).value;
  // The script's h may be the one graded against a built-in one.
  if (against === file && !f.source) Object.assign(f, { file, source: /** @type {HTMLTextAreaElement} */ ($('problem-source')).value });
  send(Object.assign({ type: 'check', against }, f));
}

function checkDone() {
  checking = false;
  /** @type {HTMLButtonElement} */ ($('problem-check')).disabled = false;
  $('problem-check').textContent = t('ui.problem-check');
}

// report is viz check's text report.
/**
 * @param {CheckReport} r
 * @param {string} start
 * @returns {string}
 */
function report(r, start) {
  const lines = [t('ui.check.states', { Puzzle: r.puzzle, Heuristic: r.heuristic, States: fmt(r.states), Start: start })];
  if (r.unsolvable) lines.push('  ' + t('ui.check.unsolvable', { States: fmt(r.unsolvable) }));
  if (r.admissible) lines.push(t('ui.check.admissible'));
  else {
    lines.push(t('ui.check.inadmissible', { States: fmt(r.violations) }));
    r.worst.slice(0, 5).forEach((v) => lines.push('  ' + v.state + ': h ' + v.h + ' > h* ' + v.hstar));
  }
  if (r.consistent) lines.push(t('ui.check.consistent', { Moves: fmt(r.moves) }));
  else {
    lines.push(t('ui.check.inconsistent', { Bad: fmt(r.inconsistent_moves), Moves: fmt(r.moves) }));
    r.worst_moves.slice(0, 5).forEach((m) => lines.push('  ' + m.state + ' --' + m.move + '--> ' + m.next + ': h ' + m.h + ' > ' + m.cost + ' + ' + m.h_next));
  }
  const ratio = r.mean_hstar ? r.mean_h / r.mean_hstar : 0;
  lines.push(t('ui.check.mean', { H: r.mean_h.toFixed(3), HStar: r.mean_hstar.toFixed(3), Ratio: ratio.toFixed(3), Exact: (100 * r.exact_fraction).toFixed(1) }));
  if (r.dominates !== null && r.dominates !== undefined) {
    if (r.dominates) lines.push(t('ui.check.dominates', { Against: r.against }));
    else {
      lines.push(t('ui.check.not-dominates', { Against: r.against, States: fmt(r.not_dominated) }));
      r.undominated.slice(0, 5).forEach((u) => lines.push('  ' + u.state + ': h ' + u.h + ' < h2 ' + u.h2));
    }
  }
  return lines.join('\n');
}

/** @param {CheckedMessage} msg */
function onChecked(msg) {
  checkDone();
  const r = msg.report;
  $('check-report').hidden = false;
  $('check-text').textContent = report(r, msg.start);
  $('check-report').dataset.admissible = String(r.admissible);
  $('check-report').dataset.states = String(r.states);
  if (!chart) chart = echarts.init($('check-chart'));
  chart.setOption(msg.chart, true);
  chart.resize();
}

// ---- the page's messages ----
/** @param {ServerMessage} msg */
function onMessage(msg) {
  if (msg.type === 'problem') onProblem(/** @type {ProblemMessage} */ (msg));
  if (msg.type === 'checked') onChecked(/** @type {CheckedMessage} */ (/** @type {unknown} */ (msg)));
}

// onError shows an error of the script at its line; any error ends a
// check under way.
/** @param {Extract<ServerMessage, {type: 'error'}>} msg */
function onError(msg) {
  if (checking) checkDone();
  if (msg.line || msg.file) mark(msg.line || 0, msg.column || 0, msg.message);
  else if (on()) showError(msg.message);
}

// afterState says how the active run went: its cost, and how many times
// it expanded each state on average (IDA*'s transpositions).
/** @param {StateMessage} msg */
function afterState(msg) {
  const a = /** @type {(RunView & {distinct?: number, error?: string}) | null} */ (msg.active);
  if (!on() || !a || !a.puzzle || fresh) return;
  const parts = [];
  if (a.status === 'solved') parts.push(t('ui.problem.solved', { Cost: fmt(a.cost), Length: a.solutionLength }) + ' ' + a.solution.join(' '));
  else parts.push(status.status(a.status));
  if (a.distinct) {
    parts.push(t(a.puzzle === 'grid' ? 'ui.problem.distinct.cells' : 'ui.problem.distinct', { Expanded: fmt(a.expanded), Distinct: fmt(a.distinct), Times: (a.expanded / a.distinct).toFixed(1) }) +
      (a.algorithm === 'ida' && a.expanded > a.distinct ? t('ui.problem.no-table') : ''));
  }
  if (a.error) parts.push(a.error);
  $('problem-result').textContent = parts.join(' · ');
  $('problem-result').dataset.cost = String(a.cost || 0);
  $('problem-result').dataset.distinct = String(a.distinct || 0);
}

// The renderers of problems (render/graph.js, text.js) are not the
// catalogue's: load them, and draw again once they are in.
function loadRenderers() {
  for (const n of ['graph', 'text']) {
    renderers.load(n).then(() => {
      if (shared.last && shared.last.active) status.drawNode(shared.last.node);
      else drawStart();
    }, (e) => console.error('renderer', n, e));
  }
}

function bind() {
  if (embedded) return; // an export: no server to run scripts
  loadRenderers();
  $('tab-puzzle').addEventListener('click', () => showTab(false));
  $('tab-problem').addEventListener('click', () => showTab(true));
  $('problem-example').addEventListener('change', (e) => choose(/** @type {HTMLSelectElement} */ (e.target).value));
  // Another puzzle: its example, or a heuristic to start from.
  $('problem-puzzle').addEventListener('change', () => {
    const puzzle = target(), e = examples.find((x) => (x.puzzle || '') === puzzle);
    if (e) { choose(e.name); return; }
    /** @type {HTMLSelectElement} */ ($('problem-example')).value = '';
    /** @type {HTMLTextAreaElement} */ ($('problem-source')).value = '# ' + t('ui.problem.h-comment', { Puzzle: puzzle }) + '\n\n' +
      'def h(state):\n    return 0\n';
    file = 'h.star';
    forget();
    onTarget(null);
  });
  $('problem-heuristic').addEventListener('change', () => load(0));
  $('problem-state').addEventListener('input', () => load(500));
  const ta = $('problem-source');
  ta.addEventListener('input', onEdit);
  ta.addEventListener('scroll', gutter);
  ta.addEventListener('keydown', onKey);
  $('problem-error').addEventListener('click', goTo);
  $('problem-run').addEventListener('click', run);
  $('problem-check').addEventListener('click', check);
  gutter();
}

// relang writes the tab's words again in the page's language.
function relang() {
  if (opened && examples.length) menus();
  if (!checking) $('problem-check').textContent = t('ui.problem-check');
  if (loaded && loaded.node) drawStart();
}

export { bind, relang, onMessage, onError, afterState, showTab, on as shown };
