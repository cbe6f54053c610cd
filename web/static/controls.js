// @ts-check
// controls.js: the Controls panel and the keys: stepping (through the quiz
// when it is on, every kept run in lock-step when it can), playing at a
// speed, seeking a replay, the tree's zoom and the modes' toggles.
import { shared, send, $, showError, fmt } from './page.js';
import * as compare from './compare.js';
import * as lecture from './lecture.js';
import * as present from './present.js';
import * as quiz from './quiz.js';
import * as tree from './tree.js';
import { t } from './i18n.js';

const speeds = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10000, 100000, 1000000];

function speed() { return speeds[Number(/** @type {HTMLInputElement} */ ($('speed')).value)] || 10; }
function showSpeed() { $('speed-label').textContent = t('ui.speed.rate', { Rate: fmt(speed()) }); }

// control sends a control of the user's own.
/**
 * @param {string} type
 * @param {Record<string, unknown>} [extra]
 */
function control(type, extra) {
  showError('');
  quiz.forget(); // a move of its own: the quiz asks about the next one
  lecture.stopPlay(); // a control of the user's own ends a play to a bookmark
  send(Object.assign({ type: type }, extra || {}));
}
function play() { shared.playing = true; control('play', { n: speed() }); }
function pause() { shared.playing = false; control('pause'); }

// The moves, quiz or not.
function stepOnce() { if (quiz.on()) quiz.move('step', 'step', { n: 1 }); else control('step', { n: 1 }); }
function nextExpansion() { if (quiz.on()) quiz.move('expand', 'expand'); else control('expand'); }
function nextBound() {
  if (compare.lockstepOn()) control('to-bound', { all: true });
  // A* has no bound: b would run it to its end, unasked.
  else if (document.body.classList.contains('astar')) return;
  else if (quiz.on()) quiz.move('bound', 'to-bound');
  else control('to-bound');
}

// typing reports whether an element takes typed keys for itself (a text
// field, a menu): there the shortcuts stay off. A checkbox, a button or the
// slider does not: after a click on one, s still steps and → does not move
// the slider.
/** @param {(EventTarget & {tagName?: string, isContentEditable?: boolean}) | null} el */
function typing(el) {
  const tag = (el && el.tagName) || '';
  if (tag === 'TEXTAREA' || tag === 'SELECT' || (el && el.isContentEditable)) return true;
  return tag === 'INPUT' && !['checkbox', 'radio', 'range', 'button'].includes(/** @type {HTMLInputElement} */ (el).type);
}

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  if (typing(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  // A follower's page moves nothing: its keys are follow.js's, and the view's.
  if (shared.mode === 'follow' && !['+', '=', '-', '0', 'o', 'c', 'p'].includes(ev.key)) return;
  if (quiz.key(ev.key)) { ev.preventDefault(); return; }
  switch (ev.key) {
    case 's': case 'ArrowRight': stepOnce(); break;
    case 'x': nextExpansion(); break;
    case 'b': nextBound(); break;
    case 'p': present.toggle(); break;
    case 'q': quiz.toggle(); break;
    case 'c': present.nextChart(); break;
    case 'a': present.toggleAlgo(); break;
    case '+': case '=': tree.zoom(1.25); break;
    case '-': tree.zoom(0.8); break;
    case '0': tree.fit(); break;
    case 'o': tree.overview(); break;
    case 'e': control('to-end'); break;
    case 'ArrowLeft': control('back'); break;
    case 'PageDown': case 'PageUp':
      if (shared.mode !== 'replay') return; // the page scrolls, as usual
      lecture.stepBookmark(ev.key === 'PageDown' ? 1 : -1);
      break;
    case ' ': if (shared.playing) pause(); else play(); break;
    default: return;
  }
  ev.preventDefault();
}

// drawPosition shows a replay's place on the seek slider, by event
// from 0 as the address and the bookmarks count.
/** @param {StateMessage} msg */
function drawPosition(msg) {
  if (!msg.replay) return;
  const seek = /** @type {HTMLInputElement} */ ($('seek'));
  seek.max = String(Math.max(0, msg.replay.total - 1));
  if (document.activeElement !== seek) seek.value = String(Math.max(0, msg.replay.pos - 1));
  $('seek-label').textContent = t('ui.seek.at', { Event: fmt(Math.max(0, msg.replay.pos - 1)), Last: fmt(Math.max(0, msg.replay.total - 1)) });
}

function bind() {
  $('step').addEventListener('click', stepOnce);
  $('expand').addEventListener('click', nextExpansion);
  $('to-bound').addEventListener('click', nextBound);
  $('to-end').addEventListener('click', () => control('to-end'));
  $('play').addEventListener('click', play);
  $('pause').addEventListener('click', pause);
  $('cancel').addEventListener('click', () => control('cancel'));
  $('back').addEventListener('click', () => control('back'));
  $('seek').addEventListener('change', () => control('seek', { pos: Number(/** @type {HTMLInputElement} */ ($('seek')).value) + 1 }));
  $('speed').addEventListener('input', () => { showSpeed(); if (shared.playing) play(); });
  document.addEventListener('keydown', onKey);
  // Space also "clicks" a focused button when the key comes up (the Step
  // button, after a click on it): the shortcut alone must act.
  // So does a checkbox or the slider, after a click on it.
  document.addEventListener('keyup', (ev) => {
    if (ev.key === ' ' && !typing(ev.target) && ev.target !== document.body) ev.preventDefault();
  });
  showSpeed();
}

export { bind, control, speed, drawPosition, showSpeed };
