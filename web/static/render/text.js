// @ts-check
// Problems written in Starlark drawn as text (puzzles/script's TextView):
// view = {"kind": "text", "text": what the file's show(state) returns, or
// the state as Starlark writes it, "state", "depth": moves from the start,
// "error": why show failed (then text is the state)}.
// No move: the text is the file's function of the state, which only the
// server can call, so an exported page says these states cannot be drawn.
import { t } from '../i18n.js';
/** @type {Renderer} */
export default {
  draw(el, view) {
    if (!view || typeof view.text !== 'string') {
      el.textContent = t('ui.view.not', { Kind: 'text' });
      return;
    }
    const pre = document.createElement('pre');
    pre.className = 'text-view';
    pre.setAttribute('data-renderer', 'text');
    pre.translate = false; // the script's own text of the state
    // A long text stays a long text: the panel scrolls it.
    pre.textContent = view.text.length > 20000 ? view.text.slice(0, 20000) + '\n…' : view.text;
    el.appendChild(pre);
    const note = document.createElement('div');
    note.className = 'render-note';
    note.textContent = (Number.isInteger(view.depth) ? t('ui.view.depth', { Depth: view.depth }) : '') +
      (typeof view.state === 'string' && view.state !== view.text ? ' · ' + t('ui.view.state', { State: view.state }) : '');
    el.appendChild(note);
    if (typeof view.error === 'string' && view.error) {
      const err = document.createElement('div');
      err.className = 'error';
      err.textContent = view.error;
      el.appendChild(err);
    }
  },
};
