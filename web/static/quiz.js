// @ts-check
// quiz.js: quiz mode. Stepping turns into questions: the page asks for the
// move as usual, holds the state that comes back, asks, and shows it once
// answered, with the reason in the words of the "last event" line. Answers
// come from the keyboard too (y and n; a number and Enter; a node's number),
// a wrong one lights the right node in the tree, and a question the page
// moves past without an answer counts as skipped, not wrong.
import { shared, $ } from './page.js';
import * as app from './app.js';
import * as classroom from './classroom.js';
import * as contract from './contract.js';
import * as controls from './controls.js';
import * as present from './present.js';
import * as tree from './tree.js';
import { t, n, onChange } from './i18n.js';
import { LINE } from './shared.js';

// A question: its answer, the node a wrong answer lights in the tree, and
// the state held back until it is answered (after).
/**
 * @typedef {{kind: 'prune' | 'node' | 'bound', answer: boolean | number, mark: number, text: string,
 *   after?: StateMessage}} Question
 */
/** @typedef {{kind: 'step' | 'expand' | 'bound', from: number}} Expected */
/**
 * @type {{on: boolean, asked: number, right: number, skipped: number, expect: Expected | null,
 *   pending: Question | null, verdictAt: number}}
 */
const quiz = { on: false, asked: 0, right: 0, skipped: 0, expect: null, pending: null, verdictAt: -1 };

// score is window.viz.quiz.
function score() {
  return { on: quiz.on, asked: quiz.asked, right: quiz.right, question: quiz.pending ? quiz.pending.text : null, skipped: quiz.skipped };
}

function on() { return quiz.on; }

// introShown: the question line holds the quiz's invitation (set), not a
// question, so a change of language rewrites it.
let introShown = false;

/** @param {boolean} v */
function set(v) {
  if (!v && quiz.pending) skip();
  quiz.on = v;
  quiz.expect = null;
  classroom.quiz(v);
  document.body.classList.toggle('quiz-on', v);
  $('quiz').setAttribute('aria-pressed', String(v));
  $('quiz-panel').hidden = !v;
  clearVerdict();
  if (v) $('quiz-question').textContent = t('run.quiz.intro');
  introShown = v;
  showScore();
  contract.page();
  present.redraw();
}

function toggle() { set(!quiz.on); }

// showScore counts the answered questions only.
function showScore() {
  const answered = quiz.asked - quiz.skipped - (quiz.pending ? 1 : 0);
  const right = answered ? n('run.quiz.right', answered, { Right: quiz.right }) : '';
  const skipped = quiz.skipped ? n('run.quiz.skipped', quiz.skipped) : '';
  const s = right && skipped ? t('run.quiz.right-skipped', { Right: right, Skipped: skipped }) : right || skipped;
  $('quiz-score').textContent = s ? t('run.quiz.score', { Score: s }) : '';
}

// move sends a move that the quiz will ask about; with a question open,
// the move goes past it: skipped, and its held state shown.
/**
 * @param {Expected['kind']} kind
 * @param {string} type
 * @param {Record<string, unknown>} [extra]
 */
function move(kind, type, extra) {
  if (quiz.pending) { skip(); return; }
  controls.control(type, extra);
  quiz.expect = { kind: kind, from: shared.last && shared.last.active ? shared.last.active.events : 0 };
}

// forget stops expecting a move to ask about: the user made one of their
// own, which goes past an open question.
function forget() {
  quiz.expect = null;
  if (quiz.pending) skip();
  clearVerdict();
}

/**
 * @param {TreeNodeView | undefined} n
 * @param {number} id
 * @param {TreeNodeView | null} parent
 * @returns {TreeNodeView | null}
 */
function findParent(n, id, parent) {
  if (!n) return null;
  if (n.id === id) return parent || null;
  for (const c of n.children || []) {
    const p = findParent(c, id, n);
    if (p !== null) return p;
  }
  return null;
}

// question is what to ask about msg, the state a move of kind ex.kind
// reached, or null.
/**
 * @param {Expected} ex
 * @param {StateMessage & {active: RunView}} msg
 * @returns {Question | null}
 */
function question(ex, msg) {
  const node = /** @type {NodeView} */ (msg.node || {});
  const astar = msg.algo && msg.algo.algorithm === 'astar';
  // A node pruned for its f (its line of pseudo-code is the prune's: a
  // move the move rule leaves out is not), or visited past the start: by
  // the event's kind, not its words, which are in the reader's language.
  const pruned = msg.eventKind === 'prune' && !!msg.algo && msg.algo.line === LINE.prune;
  if (!astar && ex.kind === 'step' && (pruned || (msg.eventKind === 'visit' && node.depth > 0))) {
    return { kind: 'prune', answer: pruned, mark: node.id,
      text: t('run.quiz.prune', { Node: node.id, G: node.g, H: node.h, Bound: msg.active.bound,
        // With BPMX the parent's value, less the move's cost, counts too.
        BPMX: node.f > node.g + node.h ? t('run.quiz.prune-bpmx', { H: node.f - node.g }) : '' }) };
  }
  if (ex.kind === 'expand' && msg.eventKind === 'visit' && msg.tree) {
    if (astar) {
      return node.id ? { kind: 'node', answer: node.id, mark: node.id,
        text: t('run.quiz.pop') } : null;
    }
    const parent = findParent(msg.tree.root, msg.tree.last, null);
    if (parent && parent.id) {
      return { kind: 'node', answer: parent.id, mark: parent.id,
        text: t('run.quiz.expand') };
    }
  }
  if (!astar && ex.kind === 'bound' && msg.eventKind === 'bound-increase' && msg.active.nextBound) {
    return { kind: 'bound', answer: msg.active.nextBound, mark: 0,
      text: t('run.quiz.bound', { Bound: msg.active.bound }) };
  }
  return null;
}

// holds decides whether msg answers a move the quiz asks about; if so it
// holds msg back and asks. It reports whether msg is held.
/** @param {StateMessage} msg */
function holds(msg) {
  if (quiz.pending) { quiz.pending.after = msg; return true; }
  const ex = quiz.expect;
  if (!quiz.on || !ex || !msg.active) return false;
  // Until the move is done, nothing of it shows: not even a state in
  // between, which could give the answer away.
  if (msg.status === 'running') return true;
  // A state sent before the move was taken (the server's periodic one)
  // has not moved: the move's own answer is still to come.
  if (msg.active.events <= ex.from) return false;
  // A paused state that is not yet where the move goes (one sent on the
  // way, on a loaded machine) is drawn, and the quiz waits for the move's
  // own; a run that ended answers every move.
  const arrived = ex.kind === 'step' || (ex.kind === 'expand' ? msg.eventKind === 'visit' : msg.eventKind === 'bound-increase');
  if (msg.status === 'paused' && !arrived) return false;
  quiz.expect = null;
  const q = question(ex, /** @type {StateMessage & {active: RunView}} */ (msg));
  if (!q) return false;
  q.after = msg;
  quiz.pending = q;
  quiz.asked++;
  introShown = false;
  $('quiz-question').textContent = q.text;
  classroom.ask(q.kind, q.text);
  $('quiz-result').textContent = '';
  $('quiz-yesno').hidden = q.kind !== 'prune';
  $('quiz-number').hidden = q.kind === 'prune';
  if (q.kind !== 'prune') { /** @type {HTMLInputElement} */ ($('quiz-input')).value = ''; $('quiz-input').focus(); }
  showScore();
  contract.page();
  return true;
}

// answer checks an answer, shows the right one with its reason (and on a
// wrong one, the right node lit in the tree), and lets the held state
// through.
/** @param {boolean | number} given */
function answer(given) {
  const q = quiz.pending;
  if (!q) return;
  const ok = given === q.answer;
  if (ok) quiz.right++;
  const shown = q.kind === 'prune' ? t(q.answer ? 'run.quiz.yes-pruned' : 'run.quiz.no-visited') : q.kind === 'node' ? t('run.ev.node', { Node: q.answer }) : String(q.answer);
  const why = /** @type {StateMessage} */ (q.after).event || '';
  $('quiz-result').textContent = ok ? t('run.quiz.right-why', { Why: why }) : t('run.quiz.wrong-why', { Answer: shown, Why: why });
  $('quiz-result').className = 'quiz-result ' + (ok ? 'right' : 'wrong');
  if (!ok && q.mark) tree.mark(q.mark);
  classroom.reveal(q.kind === 'prune' ? (q.answer ? 'yes' : 'no') : String(q.answer));
  release(q);
}

// skip goes past the open question unanswered.
function skip() {
  const q = quiz.pending;
  quiz.skipped++;
  classroom.reveal('');
  $('quiz-question').textContent = '';
  release(/** @type {Question} */ (q));
}

/** @param {Question} q */
function release(q) {
  quiz.pending = null;
  // The answer's field goes: the keys are the page's again.
  if ($('quiz-answers').contains(document.activeElement)) /** @type {HTMLElement} */ (document.activeElement).blur();
  $('quiz-yesno').hidden = true;
  $('quiz-number').hidden = true;
  showScore();
  quiz.verdictAt = q.after && q.after.active ? q.after.active.events : -1;
  app.onState(/** @type {StateMessage} */ (q.after));
  contract.page();
}

// clearVerdict takes the last question and its verdict off the page.
function clearVerdict() {
  quiz.verdictAt = -1;
  introShown = false;
  if (!quiz.pending) $('quiz-question').textContent = '';
  $('quiz-result').textContent = '';
  $('quiz-result').className = 'quiz-result';
  tree.mark(0);
}

// afterState clears a verdict once the page has moved on from its state.
/** @param {StateMessage} msg */
function afterState(msg) {
  if (quiz.verdictAt >= 0 && msg.active && msg.active.events !== quiz.verdictAt) clearVerdict();
}

// answerNode takes a click on a tree node as an answer, when asked.
/** @param {number} id */
function answerNode(id) {
  if (!quiz.pending || quiz.pending.kind !== 'node') return false;
  answer(id);
  return true;
}

// key answers from the keyboard (y, n): it reports whether it took the key.
/** @param {string} k */
function key(k) {
  if (!quiz.pending || quiz.pending.kind !== 'prune' || (k !== 'y' && k !== 'n')) return false;
  answer(k === 'y');
  return true;
}

function bind() {
  $('quiz').addEventListener('click', toggle);
  $('quiz-yes').addEventListener('click', () => answer(true));
  $('quiz-no').addEventListener('click', () => answer(false));
  const submit = () => { const v = /** @type {HTMLInputElement} */ ($('quiz-input')).value; if (v !== '') answer(Number(v)); };
  $('quiz-submit').addEventListener('click', submit);
  $('quiz-input').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); submit(); } });
  // The words the panel holds, in the language chosen: the score, and the
  // invitation while no question is open (an open one stays as asked).
  onChange(() => {
    showScore();
    if (introShown) $('quiz-question').textContent = t('run.quiz.intro');
  });
}

// release lets a held state through unanswered (a new run starts).
function releaseHeld() { if (quiz.pending) skip(); }

export { bind, score, on, toggle, move, forget, holds, releaseHeld as release, answerNode, key, afterState };
