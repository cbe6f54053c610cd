// @ts-check
// busy.js: a move the source has not answered within busyAfter shows that
// the page is working on it. Back on a big live run runs its search again
// up to the event before, and the source shows no position on the way: the
// old position stays on screen meanwhile, and without this it reads as
// "paused", nothing happening.
import { $, onMove } from './page.js';
import { t } from './i18n.js';

// busyAfter is how long a move may take before the page says it is busy:
// below it an answer feels immediate.
const busyAfter = 300;

let waiting = 0; // the number of the move not yet answered (0: none)
let timer = 0;

/** @type {Record<string, string>} */
const doing = {
  back: 'ui.busy.back',
  seek: 'ui.busy.seek',
  start: 'ui.busy.start',
};

/** @param {string} type @param {number} seq */
function moved(type, seq) {
  waiting = seq;
  clearTimeout(timer);
  timer = window.setTimeout(() => {
    if (waiting !== seq) return;
    const el = $('busy');
    el.textContent = t(doing[type] || 'ui.busy.working');
    el.hidden = false;
  }, busyAfter);
}

// answered takes a state of the source's: one that says it handled the
// move (its seq), or any from a source that does not number them, ends the
// wait; an error does too (done).
/** @param {number | undefined} seq */
function answered(seq) {
  if (seq === undefined || seq >= waiting) done();
}

function done() {
  waiting = 0;
  clearTimeout(timer);
  $('busy').hidden = true;
}

// making shows, past busyAfter, that a site's engine is making a file
// (Save GIF draws every frame in the page's worker: seconds); the file's
// arrival, or an error, ends it.
function making() {
  waiting = -1;
  clearTimeout(timer);
  timer = window.setTimeout(() => {
    if (waiting !== -1) return;
    const el = $('busy');
    el.textContent = t('ui.busy.file');
    el.hidden = false;
  }, busyAfter);
}

function made() { if (waiting === -1) done(); }

function bind() { onMove(moved); }

export { bind, answered, done, making, made };
