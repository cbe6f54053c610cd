// @ts-check
// setup.js: the Search panel (the catalogue's puzzles, heuristics, goals
// and presets, a state typed or scrambled, Start), the start state drawn
// before the first run, and the hint for a newcomer.
import { shared, send, $, showError, fillSelect } from './page.js';
import * as charts from './charts.js';
import * as controls from './controls.js';
import * as problem from './problem.js';
import * as quiz from './quiz.js';
import * as renderers from './renderers.js';
import * as status from './status.js';
import * as tree from './tree.js';
import { t, n } from './i18n.js';
import { puzzleShort, puzzleTitle, puzzleHelp, presetName } from './datawords.js';

/** @type {PuzzleInfo[]} */
let catalogue = [];

function currentPuzzle() { return catalogue.find((p) => p.name === /** @type {HTMLSelectElement} */ ($('puzzle')).value); }

// reflow joins the lines of a help text, which is hard-wrapped for a
// terminal, keeping indented lines (examples) and blank lines as they are:
// the panel wraps it at its own width.
/** @param {string} text */
function reflow(text) {
  let out = '', keep = true;
  for (const line of text.split('\n')) {
    const own = line === '' || /^\s/.test(line);
    out += (out === '' ? '' : own || keep ? '\n' : ' ') + line.trim();
    keep = own;
  }
  return out;
}

function onPuzzle() {
  const p = currentPuzzle();
  if (!p) return;
  fillSelect($('heuristic'), p.heuristics || []);
  serveOnly(p);
  const goals = p.goals || [];
  fillSelect($('goal'), goals);
  $('goal-label').style.display = goals.length > 1 ? '' : 'none';
  $('order-label').style.display = p.orders ? '' : 'none';
  const presets = p.presets || [];
  fillSelect($('preset'), [''].concat(presets.map((_, i) => String(i))),
    ['—'].concat(presets.map(presetLabel)));
  drawHelp(p);
  if (presets.length > 0) {
    // The first preset with something to solve: a sample that is already
    // solved (0 moves) makes a dull first search.
    applyPreset(Math.max(0, presets.findIndex((x) => x.optimal > 0)));
  } else {
    /** @type {HTMLSelectElement} */ ($('preset')).value = '';
    /** @type {HTMLTextAreaElement} */ ($('state')).value = '';
  }
  requestPreview();
}

// drawHelp writes the puzzle's help: the menu names the puzzle short, its
// full title leads the help.
/** @param {PuzzleInfo} p */
function drawHelp(p) {
  const help = puzzleHelp(p);
  $('help').textContent = puzzleTitle(p) + (help ? '\n' + reflow(help) : '');
}

// serveOnly lists, not offers, the heuristics this page cannot run (a
// site's, whose engine in the browser cannot build their tables).
/** @param {PuzzleInfo} p */
function serveOnly(p) {
  for (const o of /** @type {HTMLSelectElement} */ ($('heuristic')).options) {
    if (!(p.serveOnly || []).includes(o.value)) continue;
    o.disabled = true;
    o.textContent += t('ui.heuristic.serve-only');
  }
  const first = [.../** @type {HTMLSelectElement} */ ($('heuristic')).options].find((o) => !o.disabled);
  if (first) /** @type {HTMLSelectElement} */ ($('heuristic')).value = first.value;
}

// presetLabel names a preset with its optimal length, unless the name (the
// server's, in English) says it.
/** @param {PuzzlePreset} x */
function presetLabel(x) {
  const k = x.optimal, en = k + (k === 1 ? ' move' : ' moves'), name = presetName(x.name);
  return k && !x.name.includes(en) ? name + ' · ' + n('ui.preset.moves', k) : name;
}

// applyPreset selects preset i of the current puzzle: its state and the
// goal it is posed for (the puzzle's first goal when it names none).
/** @param {number} i */
function applyPreset(i) {
  const p = currentPuzzle();
  const pr = p && p.presets && p.presets[i];
  if (!pr) return;
  /** @type {HTMLSelectElement} */ ($('preset')).value = String(i);
  /** @type {HTMLTextAreaElement} */ ($('state')).value = pr.state;
  if ((p.goals || []).length > 0) /** @type {HTMLSelectElement} */ ($('goal')).value = pr.goal || /** @type {string[]} */ (p.goals)[0];
}

function loadRenderers() {
  const names = new Set(catalogue.map((p) => p.renderer).filter((r) => /^[a-z0-9_-]+$/i.test(r || '')));
  // A start state previewed before its renderer came is drawn as text;
  // with no run under way it is asked for again, now drawn (drawing the
  // last state's absent node would only blank it).
  names.forEach((n) => {
    renderers.load(n).then(() => {
      if (shared.last && (shared.last.node || shared.last.active)) status.drawNode(shared.last.node);
      else requestPreview();
    }, (e) => console.error('renderer', n, e));
  });
}

async function loadCatalogue() {
  try {
    const r = await fetch('api/puzzles');
    catalogue = await r.json();
  } catch (e) {
    // A site's folder opened as a file: it wants a web server.
    showError(t(location.protocol === 'file:' ? 'ui.error.puzzles.file' : 'ui.error.puzzles', { Error: String(e) }));
    return;
  }
  fillSelect($('puzzle'), catalogue.map((p) => p.name), catalogue.map(puzzleShort));
  const eight = catalogue.find((p) => p.name === '8puzzle');
  if (eight) /** @type {HTMLSelectElement} */ ($('puzzle')).value = '8puzzle';
  onPuzzle();
  loadRenderers();
}

// goal is the goal to send: none when the puzzle has only one.
function goal() { return $('goal-label').style.display === 'none' ? '' : /** @type {HTMLSelectElement} */ ($('goal')).value; }

// order is the order of the moves to send: none for the puzzle's own, or
// for a puzzle with one order.
function order() { return $('order-label').style.display === 'none' ? '' : /** @type {HTMLSelectElement} */ ($('order')).value; }

// ---- before the first run ----
// The page draws the start state the setup describes before Start (the
// server parses it: the same check Start makes), and tells a newcomer what
// to do.
// A run that builds its tables first (the Rubik's cube's) has no node to
// show for a while: its start state, asked for at Start (force), shows
// meanwhile, not the last run's.
/** @type {number | null} */
let previewTimer = null;
/** @param {boolean} [force] */
function requestPreview(force) {
  if (!force && shared.last && shared.last.active) return;
  clearTimeout(/** @type {number | undefined} */ (previewTimer));
  const send1 = () => {
    const p = currentPuzzle();
    if (!p || (!force && shared.last && shared.last.active)) return;
    send({ type: 'preview', puzzle: p.name, state: /** @type {HTMLTextAreaElement} */ ($('state')).value, goal: goal() });
  };
  if (force) send1(); else previewTimer = setTimeout(send1, 150);
}

// waiting reports whether the page has no node of a run to show: none
// yet, or the active one still building its tables.
function waiting() {
  const a = shared.last && shared.last.active;
  return !a || (!a.puzzle && /** @type {StateMessage} */ (shared.last).status !== 'error');
}

// startDrawn: a preview asked for at Start, which the last run's states
// (another puzzle's) may still come before.
let startDrawn = false;

/** @param {{puzzle: string, state: string, node?: NodeView, error?: string}} msg */
function onPreview(msg) {
  const asked = startDrawn;
  startDrawn = false;
  const other = asked && shared.last && shared.last.active && shared.last.active.puzzle !== msg.puzzle;
  if (!(waiting() || other) || msg.puzzle !== /** @type {HTMLSelectElement} */ ($('puzzle')).value || msg.state !== /** @type {HTMLTextAreaElement} */ ($('state')).value) return;
  if (problem.shown()) return; // the Problem tab draws its own start
  const info = $('node-info');
  if (msg.error) {
    info.textContent = t('ui.preview.error', { Error: msg.error });
    $('puzzle-state').textContent = '';
    return;
  }
  info.textContent = t(shared.last && shared.last.active ? 'ui.preview.building' : 'ui.preview');
  renderers.draw($('puzzle-state'), /** @type {string} */ (/** @type {NodeView} */ (msg.node).renderer), /** @type {NodeView} */ (msg.node).view);
}

// onScrambled puts a scrambled state in the setup.
/** @param {{puzzle: string, state: string}} msg */
function onScrambled(msg) {
  if (msg.puzzle === /** @type {HTMLSelectElement} */ ($('puzzle')).value) { /** @type {HTMLTextAreaElement} */ ($('state')).value = msg.state; /** @type {HTMLSelectElement} */ ($('preset')).value = ''; }
}

function showHint() {
  let seen = false;
  try { seen = localStorage.getItem('idaviz-hint-seen') === '1'; } catch (e) { /* no storage: show it */ }
  $('hint').hidden = seen || shared.mode === 'replay';
}

function hideHint() {
  $('hint').hidden = true;
  try { localStorage.setItem('idaviz-hint-seen', '1'); } catch (e) { /* no storage */ }
}

// begin starts a search: the fields of a start message (docs/PROTOCOL.md),
// from this panel or the Problem tab (problem.js).
/** @param {Record<string, unknown>} fields */
function begin(fields) {
  $('selected').textContent = '';
  // The last run's node is not this run's: clear it.
  $('node-info').textContent = '';
  $('puzzle-state').textContent = '';
  shared.playing = false;
  hideHint();
  tree.restart();
  // A run of its own starts from the page's view; a kept run's comparison
  // keeps the scale it was read on.
  if (!fields.keep) charts.restart();
  quiz.release();
  controls.control('start', fields);
}

function bind() {
  /** @type {(type: string, extra?: Record<string, unknown>) => void} */
  const control = (type, extra) => controls.control(type, extra);
  $('puzzle').addEventListener('change', onPuzzle);
  $('preset').addEventListener('change', () => {
    const i = /** @type {HTMLSelectElement} */ ($('preset')).value;
    if (i !== '') applyPreset(Number(i));
    requestPreview();
  });
  // A state typed by hand, or another goal, is no longer the preset.
  const leavePreset = () => {
    const p = currentPuzzle(), i = /** @type {HTMLSelectElement} */ ($('preset')).value;
    const pr = p && i !== '' ? /** @type {PuzzlePreset[]} */ (p.presets)[Number(i)] : null;
    if (pr && (/** @type {HTMLTextAreaElement} */ ($('state')).value !== pr.state || ((/** @type {PuzzleInfo} */ (p).goals || []).length > 0 && /** @type {HTMLSelectElement} */ ($('goal')).value !== (pr.goal || /** @type {string[]} */ (/** @type {PuzzleInfo} */ (p).goals)[0])))) {
      /** @type {HTMLSelectElement} */ ($('preset')).value = '';
    }
  };
  $('state').addEventListener('input', () => { leavePreset(); requestPreview(); });
  $('goal').addEventListener('change', () => { leavePreset(); requestPreview(); });
  $('scramble').addEventListener('click', () => control('scramble', {
    puzzle: /** @type {HTMLSelectElement} */ ($('puzzle')).value, depth: Number(/** @type {HTMLInputElement} */ ($('depth')).value) || 0, goal: /** @type {HTMLSelectElement} */ ($('goal')).value,
  }));
  $('start-present').addEventListener('click', () => $('start').click());
  $('start').addEventListener('click', () => {
    begin({
      puzzle: /** @type {HTMLSelectElement} */ ($('puzzle')).value, state: /** @type {HTMLTextAreaElement} */ ($('state')).value, heuristic: /** @type {HTMLSelectElement} */ ($('heuristic')).value, goal: goal(), order: order(),
      algorithm: /** @type {HTMLSelectElement} */ ($('algorithm')).value, fast: /** @type {HTMLInputElement} */ ($('fast')).checked, keep: /** @type {HTMLInputElement} */ ($('keep')).checked,
    });
    // Draw this run's start state until its first node comes.
    startDrawn = true;
    requestPreview(true);
  });
  $('hint-close').addEventListener('click', hideHint);
}

// relang writes the panel's words again in the page's language: the
// puzzles' names, the help, the presets and their lengths, and the
// heuristics only the server runs.
function relang() {
  const p = currentPuzzle();
  if (!p) return;
  const puzzle = /** @type {HTMLSelectElement} */ ($('puzzle'));
  for (const o of puzzle.options) {
    const q = catalogue.find((x) => x.name === o.value);
    if (q) o.textContent = puzzleShort(q);
  }
  drawHelp(p);
  const preset = /** @type {HTMLSelectElement} */ ($('preset')), h = /** @type {HTMLSelectElement} */ ($('heuristic'));
  const was = [preset.value, h.value];
  fillSelect(preset, [''].concat((p.presets || []).map((_, i) => String(i))), ['—'].concat((p.presets || []).map(presetLabel)));
  fillSelect(h, p.heuristics || []);
  serveOnly(p);
  [preset.value, h.value] = was;
}

export { bind, begin, relang, loadCatalogue, requestPreview, onPreview, onScrambled, showHint };
