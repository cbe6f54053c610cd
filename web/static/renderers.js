// @ts-check
// renderers.js: the puzzles' renderers (static/render/NAME.js, contract in
// its README). A renderer file's default export is {draw(el, view),
// move(view, m, info)}; load imports it on demand, the page draws a state's
// JSON view with it, and a page with no server makes a node's view from the
// start's with its moves (viewAfter). It touches no document while it
// loads, so web/testdata/viewmoves_harness.mjs runs it under node.
import { t } from './i18n.js';

/** @type {Record<string, Renderer>} */
const registered = {};

/**
 * @param {string} name
 * @param {Renderer} r
 */
function register(name, r) {
  if (typeof name === 'string' && r && typeof r.draw === 'function') registered[name] = r;
}

// load imports the renderer called name (render/<name>.js, beside this file: a path
// relative to the module, so a site in a folder loads its own) once, and
// resolves when it is registered; a name that is no renderer's is refused.
// The exported page's bundle carries every file of render/: the import
// pattern tells esbuild which.
/** @type {Record<string, Promise<void>>} */
const loading = {};
/**
 * @param {string} name
 * @returns {Promise<void>}
 */
function load(name) {
  if (!/^[a-z0-9_-]+$/i.test(name || '')) return Promise.reject(new Error('no renderer named ' + JSON.stringify(name)));
  if (!loading[name]) loading[name] = import(`./render/${name}.js`).then((m) => register(name, m.default));
  return loading[name];
}

// draw draws view into el with the renderer, or shows its JSON: until a
// renderer not yet loaded comes (a follower's page has no catalogue to
// load them from), then drawn with it unless el drew something since.
/** @type {WeakMap<HTMLElement, object>} */
const waiting = new WeakMap();
/**
 * @param {HTMLElement} el
 * @param {string} renderer
 * @param {unknown} view
 */
function draw(el, renderer, view) {
  el.textContent = '';
  waiting.delete(el);
  if (view === undefined || view === null) return;
  const r = registered[renderer];
  if (r) {
    try { r.draw(el, view); return; } catch (e) { console.error('renderer', renderer, e); }
  } else if (/^[a-z0-9_-]+$/i.test(renderer || '')) {
    const token = {};
    waiting.set(el, token);
    // A renderer that fails to load leaves the JSON (setup.js says why).
    load(renderer).then(() => { if (waiting.get(el) === token) draw(el, renderer, view); }, () => {});
  }
  const pre = document.createElement('pre');
  pre.className = 'view';
  pre.textContent = JSON.stringify(view, null, 1);
  pre.translate = false; // the state's data, as the renderer would have drawn it
  el.appendChild(pre);
}

// viewAfter is the view of the state that moves (move indices, as in the
// trace) reach from startView, the view of the run's start, made in the
// page by the renderer's optional move(view, m, info) (static/render/README.md):
// a page with no server draws any node from its path. info is the run's
// metadata ({puzzle, moveNames, options}). It returns {view}, or {error}
// saying why the state cannot be drawn.
/**
 * @param {string} renderer
 * @param {unknown} startView
 * @param {number[]} moves
 * @param {RunInfo | null | undefined} info
 * @returns {{view: unknown, error?: undefined} | {error: string, view?: undefined}}
 */
function viewAfter(renderer, startView, moves, info) {
  if (!Array.isArray(moves)) return { error: t('ui.view.no-moves') };
  const r = registered[renderer];
  if (!r || typeof r.move !== 'function') {
    return { error: t('ui.view.no-move', { Renderer: renderer }) };
  }
  let view = startView;
  for (let i = 0; i < moves.length; i++) {
    let next = null;
    try { next = r.move(view, moves[i], info); } catch (e) { console.error('renderer', renderer, e); }
    if (next === null || next === undefined) {
      const names = info && info.moveNames;
      const name = names && names[moves[i]] !== undefined ? names[moves[i]] : String(moves[i]);
      return { error: t('ui.view.bad-move', { Move: i + 1, Name: name }) };
    }
    view = next;
  }
  return { view };
}

export { register, load, draw, viewAfter };
