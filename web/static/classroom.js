// @ts-check
// classroom.js: the lecturer's side of a class (viz serve --class): the
// Join panel (the address, its QR code, large enough to read from the back
// of a hall, and hideable; how many follow), the class's answers to the
// quiz's open question and the share right after the reveal, and the
// results as CSV. The quiz (quiz.js) tells the class what it asks and
// reveals, and the page tells it which states it drew while the quiz is on
// (followers see no state a question is about before its answer).
import { shared, $, send, SVGNS, svg, colour } from './page.js';
import * as contract from './contract.js';
import { t, n } from './i18n.js';

/**
 * @typedef {{type: 'class', join: string, qr: string[] | null, followers: number,
 *   question: {id: number, kind: string, text: string} | null, answered: number, tally: Record<string, number>,
 *   last: {text: string, right: string, answered: number, tally: Record<string, number>, shareRight: number} | null,
 *   results: number}} ClassMessage
 */
/** @type {ClassMessage | null} */
let now = null;
let drawnQR = '';
let quizOn = false;

// on reports whether the server has a class (its first class message came).
function on() { return now !== null; }

/** @param {ClassMessage} msg */
function onMessage(msg) {
  if (shared.mode === 'follow') return;
  now = msg;
  $('class-panel').hidden = false;
  document.body.classList.add('class-on');
  const a = /** @type {HTMLAnchorElement} */ ($('class-join'));
  a.href = msg.join;
  a.textContent = msg.join;
  if (drawnQR !== msg.join) { drawQR(msg.qr || []); drawnQR = msg.join; }
  drawFollowers();
  drawTally();
  contract.page();
}

function drawFollowers() {
  if (now) $('class-followers').textContent = n('ui.class.followers', now.followers);
}

// answerWord is an answer as the page shows it: yes and no in its words, a
// number as it is.
/** @param {string} a */
function answerWord(a) { return a === 'yes' || a === 'no' ? t('ui.answer.' + a) : a; }

// drawQR draws the code's modules as one SVG path, scaled to its box.
/** @param {string[]} rows */
function drawQR(rows) {
  const box = $('class-qr');
  box.textContent = '';
  if (!rows.length) return;
  const n = rows.length;
  let d = '';
  rows.forEach((r, y) => {
    for (let x = 0; x < r.length; x++) if (r[x] === '1') d += 'M' + x + ' ' + y + 'h1v1h-1z';
  });
  const s = svg('svg', { viewBox: '0 0 ' + n + ' ' + n, role: 'img', 'aria-label': t('ui.class.qr'), 'shape-rendering': 'crispEdges' });
  s.appendChild(svg('rect', { width: n, height: n, fill: colour('--qr-light') }));
  const p = document.createElementNS(SVGNS, 'path');
  p.setAttribute('d', d);
  p.setAttribute('fill', colour('--qr-dark'));
  s.appendChild(p);
  box.appendChild(s);
}

// drawTally shows the open question's answers so far (how many of the
// class answered, each answer's count), or the last one revealed.
function drawTally() {
  const el = $('class-tally');
  if (!now) return;
  el.textContent = '';
  const line = (/** @type {string} */ text, /** @type {string} */ cls) => {
    const d = document.createElement('div');
    d.className = cls;
    d.textContent = text;
    el.appendChild(d);
  };
  const bars = (/** @type {Record<string, number>} */ tally, /** @type {string} */ right) => {
    const total = Object.values(tally).reduce((x, y) => x + y, 0);
    for (const k of Object.keys(tally).sort((x, y) => tally[y] - tally[x] || x.localeCompare(y))) {
      const row = document.createElement('div');
      row.className = 'tally-row' + (k === right ? ' right' : '');
      const label = document.createElement('span');
      label.textContent = answerWord(k) + (k === right ? ' ✓' : '');
      const bar = document.createElement('span');
      bar.className = 'tally-bar';
      bar.style.width = (total ? 100 * tally[k] / total : 0) + '%';
      const c = document.createElement('span');
      c.textContent = String(tally[k]);
      row.append(label, bar, c);
      el.appendChild(row);
    }
  };
  if (now.question) {
    line(t('ui.class.answered', { Answered: now.answered, Followers: now.followers }), 'tally-head');
    bars(now.tally, '');
  } else if (now.last && now.last.right) {
    const l = now.last;
    line(l.answered ? t('ui.class.right', { Percent: Math.round(100 * l.shareRight), Answered: l.answered }) : t('ui.class.nobody'), 'tally-head');
    bars(l.tally, l.right);
  }
  $('class-csv').hidden = now.results === 0;
}

// fields is window.viz.class (null: no class).
function fields() {
  if (!now) return null;
  return Object.freeze({ join: now.join, followers: now.followers, answered: now.question ? now.answered : 0,
    tally: Object.freeze(Object.assign({}, now.question ? now.tally : {})), question: now.question ? now.question.text : null,
    shareRight: now.last ? now.last.shareRight : 0, results: now.results });
}

// The quiz's side: what it asks, its reveal, whether it is on.
/** @param {string} kind @param {string} text */
function ask(kind, text) { if (now) send({ type: 'class-ask', kind: kind, text: text }); }
/** @param {string} right '' when the question was skipped */
function reveal(right) { if (now) send({ type: 'class-reveal', answer: right }); }
/** @param {boolean} v */
function quiz(v) {
  quizOn = v;
  if (now) send({ type: 'class-quiz', quiz: v });
}

// afterState tells the class the page drew a state: with the quiz on,
// followers get the states the lecturer's page shows, and no other.
function afterState() { if (now && quizOn) send({ type: 'class-sync' }); }

function bind() {
  $('class-qr-toggle').addEventListener('click', () => {
    const hide = !$('class-qr').hidden;
    $('class-qr').hidden = hide;
    $('class-qr-toggle').textContent = t(hide ? 'ui.class.qr-show' : 'ui.class-qr-toggle');
    $('class-qr-toggle').setAttribute('aria-pressed', String(!hide));
  });
}

// relang writes the panel's words again in the page's language.
function relang() {
  drawFollowers();
  drawTally();
  const qr = $('class-qr').querySelector('svg');
  if (qr) qr.setAttribute('aria-label', t('ui.class.qr'));
  $('class-qr-toggle').textContent = t($('class-qr').hidden ? 'ui.class.qr-show' : 'ui.class-qr-toggle');
}

export { relang, answerWord, on, onMessage, fields, ask, reveal, quiz, afterState, bind };
