// @ts-check
// embed.js: the compact view for an iframe in a course page or a blog:
// ?embed on viz serve's and viz site's page, with the run in the query
// (puzzle, heuristic, state, algo, goal), and #embed on an exported
// replay. It shows the tree, the state, the event in words and step /
// back / play, fills its frame at 640x400 and grows with it (style.css,
// body.embed-view). The host page gets no way to drive it: no message
// listener; and it asks nothing of any origin but its own. "Copy embed
// code" gives the <iframe> of the run on screen.
import { shared, embedded, embedView, $, showError } from './page.js';
import * as setup from './setup.js';
import { t } from './i18n.js';

const on = embedView;

// asked is the run the query names, started once the page is connected
// and knows its puzzles (null: none, or an export, which has its run).
/** @type {Record<string, unknown> | null} */
const asked = (() => {
  const q = new URLSearchParams(location.search);
  if (!on || embedded || !q.get('puzzle')) return null;
  return {
    puzzle: q.get('puzzle'), state: q.get('state') || '', heuristic: q.get('heuristic') || '', goal: q.get('goal') || '',
    order: q.get('order') || '', algorithm: q.get('algo') || 'ida', fast: false, keep: false,
  };
})();

/** @type {() => void} */
let helloed = () => {};
const hello = new Promise((resolve) => { helloed = () => resolve(undefined); });

// start turns the view on, and starts the run the query names once the
// source said hello and the puzzles are known (catalogue: their loading).
/** @param {Promise<unknown> | null} catalogue */
function start(catalogue) {
  if (!on) return;
  document.body.classList.add('embed-view');
  if (!asked) return;
  Promise.all([hello, catalogue]).then(() => setup.begin(/** @type {Record<string, unknown>} */ (asked)));
}

// helloSeen is told of the source's hello.
function helloSeen() { helloed(); }

/** @param {string} s */
function attr(s) { return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;'); }

// code is the <iframe> snippet of the run on screen: an export's own file
// with #embed; else this page with ?embed and the run's start. '' when
// there is no run to embed.
function code() {
  const u = new URL(location.href);
  u.hash = '';
  if (embedded) {
    u.hash = 'embed';
  } else {
    /** @type {{puzzle?: string, state?: string, heuristic?: string, goal?: string, order?: string, algorithm?: string, source?: string}} */
    const s = /** @type {typeof s} */ (shared.start || asked || {});
    if (!s.puzzle || s.source) return '';
    const q = new URLSearchParams({ embed: '', puzzle: s.puzzle, heuristic: s.heuristic || '', state: s.state || '', algo: s.algorithm || 'ida' });
    if (s.goal) q.set('goal', s.goal);
    if (s.order) q.set('order', s.order);
    u.search = q.toString().replace(/^embed=&/, 'embed&');
  }
  return '<iframe src="' + attr(u.href) + '" width="640" height="400" style="border:0;max-width:100%" title="' + attr(t('ui.title')) + '" loading="lazy"></iframe>';
}

// copy puts the snippet on the clipboard, and in the box beside the
// button (selected) where the clipboard is not the page's to write.
function copy() {
  const c = code();
  if (!c) { showError(t('ui.embed.no-run')); return; }
  const box = /** @type {HTMLInputElement} */ ($('embed-code'));
  box.value = c;
  box.hidden = false;
  box.select();
  if (navigator.clipboard) navigator.clipboard.writeText(c).then(() => { box.title = t('ui.embed.copied'); }, () => { box.title = t('ui.embed.copy'); });
}

function bind() {
  $('copy-embed').addEventListener('click', copy);
}

export { on, start, helloSeen, code, bind };
