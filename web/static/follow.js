// @ts-check
// follow.js: a follower's page (viz serve --class): a device that opened
// the class's join address sees the lecturer's run at the lecturer's event,
// read-only, may look around (back and forward over the events so far, on
// its own) and Follow again, and answers the quiz the lecturer asks.
// The page's ?join= says so; the server's hello confirms it (mode
// 'follow'), and its socket takes a look around and an answer, nothing else.
import { shared, $, send } from './page.js';
import * as app from './app.js';
import * as contract from './contract.js';
import { answerWord } from './classroom.js';
import { t } from './i18n.js';

/**
 * @typedef {{type: 'question', id: number, kind?: string, text: string, open: boolean, right?: string,
 *   answered?: number, share?: string}} QuestionMessage
 */
/**
 * @type {{looking: boolean, lead: StateMessage | null, leadEvent: number, question: QuestionMessage | null,
 *   mine: string, asked: number, right: number}}
 */
const follow = { looking: false, lead: null, leadEvent: -1, question: null, mine: '', asked: 0, right: 0 };

// joinCode is the class's code the page was opened with ('' : not a follower's page).
function joinCode() {
  return new URLSearchParams(location.search).get('join') || '';
}

function following() { return joinCode() !== ''; }

// device is this browser's id for its answers (one a question), kept
// across reloads and reconnects; random, it names no one.
function device() {
  const make = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    let id = localStorage.getItem('idaviz-device');
    if (!id || !/^[0-9a-f]{24}$/.test(id)) { id = make(); localStorage.setItem('idaviz-device', id); }
    return id;
  } catch (e) {
    return make(); // storage refused (a private window): this page is the device
  }
}

// socketURL is the follower's websocket, beside the page.
function socketURL() {
  const u = new URL('ws', location.href);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.search = new URLSearchParams({ join: joinCode(), device: device() }).toString();
  return u.href;
}

// onHello sets the page up as a follower's: read-only, at the lecturer's
// event (a reconnect too: a phone that slept lands where the class is).
function onHello() {
  document.body.classList.add('follow');
  follow.looking = false;
  drawBar();
}

// onState takes a state: the lecturer's (drawn unless looking around) or
// a look around's (drawn while looking).
/** @param {StateMessage & {follow?: {event: number, look?: boolean}}} msg */
function onState(msg) {
  const f = msg.follow || { event: -1 };
  if (f.look) {
    if (follow.looking) app.onState(msg);
  } else {
    follow.lead = msg;
    follow.leadEvent = f.event;
    if (!follow.looking) app.onState(msg);
  }
  drawBar();
}

// shownEvents is how many events the state drawn has folded.
function shownEvents() {
  const a = shared.last && shared.last.active;
  return a ? a.events : 0;
}

/** @param {number} d */
function look(d) {
  const lead = follow.leadEvent + 1;
  if (lead <= 0) return;
  const pos = Math.min(Math.max(shownEvents() + d, 1), lead);
  follow.looking = true;
  send({ type: 'look', pos: pos });
  drawBar();
}

function rejoin() {
  follow.looking = false;
  if (follow.lead) app.onState(follow.lead);
  drawBar();
}

function drawBar() {
  const lead = follow.leadEvent;
  $('follow-status').textContent = !follow.lead || lead < 0 ? t('ui.follow.waiting')
    : follow.looking ? t('ui.follow.looking', { Event: shownEvents() - 1, Lead: lead })
      : t('ui.follow.following', { Lead: lead });
  /** @type {HTMLButtonElement} */ ($('follow-rejoin')).disabled = !follow.looking;
  $('follow-rejoin').setAttribute('aria-pressed', String(!follow.looking));
  /** @type {HTMLButtonElement} */ ($('follow-forward')).disabled = !follow.looking || shownEvents() - 1 >= lead;
  /** @type {HTMLButtonElement} */ ($('follow-back')).disabled = !follow.lead || shownEvents() <= 1;
  contract.page();
}

// onQuestion shows the lecturer's question, or its reveal.
/** @param {QuestionMessage} msg */
function onQuestion(msg) {
  $('quiz-panel').hidden = false;
  document.body.classList.add('quiz-on');
  if (msg.open) {
    if (!follow.question || follow.question.id !== msg.id) { follow.asked++; follow.mine = ''; }
    follow.question = msg;
    $('quiz-question').textContent = msg.text;
    $('quiz-result').textContent = '';
    $('quiz-result').className = 'quiz-result';
    $('quiz-yesno').hidden = msg.kind !== 'prune';
    $('quiz-number').hidden = msg.kind === 'prune';
    /** @type {HTMLInputElement} */ ($('quiz-input')).value = '';
    markMine();
  } else {
    const q = follow.question;
    follow.question = null;
    $('quiz-yesno').hidden = true;
    $('quiz-number').hidden = true;
    $('quiz-question').textContent = msg.text;
    let s;
    if (!msg.right) s = t('ui.follow.skipped');
    else {
      s = t('ui.follow.answer', { Answer: answerWord(msg.right) });
      const mine = q && q.id === msg.id ? follow.mine : '';
      if (mine) {
        const ok = mine === msg.right;
        if (ok) follow.right++;
        s += t(ok ? 'ui.follow.right' : 'ui.follow.wrong', { Answer: answerWord(mine) });
        $('quiz-result').className = 'quiz-result ' + (ok ? 'right' : 'wrong');
      }
      if (msg.share) s += t('ui.follow.share', { Share: msg.share });
    }
    $('quiz-result').textContent = s;
  }
  contract.page();
}

/** @param {string} a */
function answer(a) {
  const q = follow.question;
  if (!q || a === '') return;
  follow.mine = a;
  send({ type: 'answer', question: q.id, answer: a });
  $('quiz-result').textContent = t('ui.follow.mine', { Answer: answerWord(a) });
  markMine();
  contract.page();
}

function markMine() {
  $('quiz-yes').setAttribute('aria-pressed', String(follow.mine === 'yes'));
  $('quiz-no').setAttribute('aria-pressed', String(follow.mine === 'no'));
}

// score is window.viz.quiz on a follower's page.
function score() {
  const q = follow.question;
  return { on: true, asked: follow.asked, right: follow.right, question: q ? q.text : null, skipped: 0, answer: follow.mine };
}

// fields is window.viz.follow: whether the page looks around, and the
// lecturer's event.
function fields() {
  return { looking: follow.looking, lead: follow.leadEvent };
}

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  if (!document.body.classList.contains('follow') || ev.target instanceof HTMLInputElement || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const k = ev.key;
  if (k === 'ArrowLeft') look(-1);
  else if (k === 'ArrowRight') { if (follow.looking) look(1); }
  else if (k === 'f') rejoin();
  else if ((k === 'y' || k === 'n') && follow.question && follow.question.kind === 'prune') answer(k === 'y' ? 'yes' : 'no');
  else return;
  ev.preventDefault();
  ev.stopImmediatePropagation();
}

function bind() {
  if (!following()) return;
  $('follow-back').addEventListener('click', () => look(-1));
  $('follow-forward').addEventListener('click', () => look(1));
  $('follow-rejoin').addEventListener('click', rejoin);
  $('quiz-yes').addEventListener('click', () => answer('yes'));
  $('quiz-no').addEventListener('click', () => answer('no'));
  const submit = () => {
    const v = /** @type {HTMLInputElement} */ ($('quiz-input')).value.trim();
    if (/^[0-9]{1,9}$/.test(v)) answer(String(Number(v)));
  };
  $('quiz-submit').addEventListener('click', submit);
  $('quiz-input').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); submit(); } });
  // Before the page's own keys (controls.js), which would move the run.
  document.addEventListener('keydown', onKey, true);
}

// relang writes the follower's bar again in the page's language.
function relang() { if (shared.mode === 'follow') drawBar(); }

export { relang, following, socketURL, onHello, onState, onQuestion, score, fields, bind };
