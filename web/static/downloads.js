// @ts-check
// downloads.js: the header's downloads of a run: its trace, its export
// (one HTML file that replays it), and a GIF of the iteration on screen
// (web/gif, made where the run is: the server, or a site's worker). The tree and the charts save their own
// pictures (tree.js, charts.js); the lecture its bookmarks (lecture.js).
import { shared, send, $, showError, downloadURL } from './page.js';
import * as contract from './contract.js';
import { t } from './i18n.js';
import { making } from './busy.js';

function show() {
  const live = shared.mode !== 'replay';
  const none = live && !(shared.start && contract.current().events > 0);
  /** @type {HTMLButtonElement} */ ($('download-trace')).disabled = none;
  /** @type {HTMLButtonElement} */ ($('export-html')).disabled = none;
  /** @type {HTMLButtonElement} */ ($('save-gif')).disabled = none;
}

// runQuery names the live run to the server: the start it was asked with
// and how far the page went (the server runs it again: it is deterministic).
function runQuery() {
  if (shared.mode === 'replay') return '';
  /**
   * The start message's fields a run is named by (setup.js, problem.js).
   * @type {{puzzle?: string, state?: string, heuristic?: string, goal?: string, order?: string, algorithm?: string, fast?: boolean,
   *   source?: string, file?: string}}
   */
  const s = /** @type {typeof s} */ (shared.start || {});
  const q = new URLSearchParams({ puzzle: s.puzzle || '', state: s.state || '', heuristic: s.heuristic || '',
    goal: s.goal || '', algorithm: s.algorithm || '', fast: String(!!s.fast) });
  if (s.order) q.set('order', s.order);
  if (s.source) { q.set('file', s.file || ''); q.set('source', s.source); } // the Problem tab's script
  const events = contract.current().events;
  if (events > 0) q.set('events', String(events));
  return '?' + q.toString();
}

/** @param {'trace' | 'export' | 'gif'} what */
function downloadRun(what) {
  if (shared.mode !== 'replay' && !shared.start) { showError(t('ui.error.no-run')); return; }
  let query = runQuery();
  if (what === 'gif') {
    // The iteration the tree shows, a frame per expansion.
    const c = contract.current();
    query += (query ? '&' : '?') + 'iteration=' + String(c.treeIteration || c.iteration || 0);
  }
  // A site's engine is in the page: it makes the file and its link hands it over.
  if (shared.mode === 'site') { making(); send({ type: 'download', what, query }); }
  else downloadURL('api/' + what + query, '');
}

function bind() {
  $('download-trace').addEventListener('click', () => downloadRun('trace'));
  $('export-html').addEventListener('click', () => downloadRun('export'));
  $('save-gif').addEventListener('click', () => downloadRun('gif'));
  show();
}

export { bind, show };
