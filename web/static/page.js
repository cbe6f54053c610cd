// @ts-check
// page.js: the state the page's parts share and the helpers they all use.
// Each part is a module of its own (tree.js, charts.js, ...: app.js imports
// them all) that imports what it needs; app.js is the entry
// that index.html loads. An exported replay runs from file://, where module
// scripts are blocked: it carries bundle.js, these same modules bundled
// into one classic script at go generate time (internal/generate).
// Everything the page draws comes from its link to a source (a server over
// a websocket, connection.js, or the trace an export embeds,
// tracesource.js); the server computes the state, the tree window and the
// chart options (go-echarts), the page only draws them.

import { SVGNS, svg } from './svg.js';

// shared is the one place for what more than one part reads or writes;
// everything else a part keeps to itself.
/**
 * @type {{mode: string, last: StateMessage | null, playing: boolean, start: PageMessage | null,
 *   messages: number, moveSeq: number}}
 */
const shared = {
  // 'live', 'replay' (what the server's hello says) or 'site': a page
  // written by viz site, marked so in its head, whose engine runs in the
  // browser (connection.js picks its link by it).
  mode: document.querySelector('meta[name="idaviz-mode"][content="site"]') ? 'site' : 'live',
  last: null, // the last state message drawn (or held by the quiz)
  playing: false, // the source last said running, or a play was asked
  start: null, // the live run's start message, for its downloads
  messages: 0, // state messages received (window.viz.messages)
  // The number of the last message that moves the run (a step, Back, a
  // seek...): a state that says it was built before the source handled
  // it shows where the run was, and is not drawn.
  moveSeq: 0,
};

// link is the source's end: {send(msg), close()}.
/** @type {Source | null} */
let link = null;
/** @param {Source} l */
function connectWith(l) { link = l; }
// dropLink closes the link as a network that failed would (a follower's
// reconnects): for tests.
function dropLink() { if (link && link.drop) link.drop(); }

// send sends a control message (docs/PROTOCOL.md) to the source,
// numbered (seq): the source's states say the last one it handled.
let seq = 0;
const moves = new Set(['start', 'step', 'back', 'seek', 'expand', 'to-bound', 'to-end', 'clear']);
/** @type {((type: string, seq: number) => void)[]} */
const moveListeners = [];
// onMove has f(type, seq) called for each move sent (busy.js).
/** @param {(type: string, seq: number) => void} f */
function onMove(f) { moveListeners.push(f); }
// A follower's page (follow.js) looks around and answers, nothing else:
// its socket refuses the rest too.
const followerMessages = new Set(['look', 'answer']);
/** @param {PageMessage} msg */
function send(msg) {
  if (shared.mode === 'follow' && !followerMessages.has(msg.type)) return;
  if (msg.type === 'start') shared.start = msg; // for "download this run"
  const m = Object.assign({}, msg, { seq: ++seq });
  if (moves.has(m.type)) {
    shared.moveSeq = m.seq;
    for (const f of moveListeners) f(m.type, m.seq);
  }
  if (link) link.send(m);
}

// The page's elements are index.html's: an id that is not there is a
// mistake of the page's own, which the browser tests find.
/** @type {(id: string) => HTMLElement} */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

// embedded is the data an exported replay carries (web/export: its trace,
// its start's view, Go's colours, its lecture), a JSON script element the
// page reads once; null in a served page or a site.
/** @type {import('./tracesource.js').Embedded & {lecture?: unknown, name?: string} | null} */
const embedded = (() => {
  const el = document.getElementById('viz-embedded');
  return el ? JSON.parse(el.textContent) : null;
})();

/** @param {string | undefined} text */
function showError(text) { $('error').textContent = text || ''; }

function presenting() { return document.body.classList.contains('present'); }

// embedView: the page is the compact view for an iframe (embed.js): ?embed
// in its address, or #embed on an exported replay's.
const embedView = new URLSearchParams(location.search).has('embed') || location.hash === '#embed';

/** @param {unknown} n */
function fmt(n) {
  if (typeof n !== 'number') return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/**
 * @param {HTMLElement} sel
 * @param {string[]} values
 * @param {string[]} [labels]
 */
function fillSelect(sel, values, labels) {
  sel.textContent = '';
  values.forEach((v, i) => {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = labels ? labels[i] : v;
    sel.appendChild(o);
  });
}


// colour is one of style.css's colours (a custom property, "--node-pruned"),
// for what a style sheet cannot colour: SVG attributes, a saved file. They
// never change, so each is read once: reading a computed style right
// after a redraw would make the browser compute the page's style again.
/** @type {Record<string, string>} */
const colours = {};
/** @param {string} name */
function colour(name) {
  if (!(name in colours)) colours[name] = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return colours[name];
}

// downloadText offers text as a file.
/**
 * @param {string} text
 * @param {string} name
 * @param {string} type
 */
function downloadText(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type: type }));
  downloadURL(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/**
 * @param {string} url
 * @param {string} name
 */
function downloadURL(url, name) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export { shared, embedded, embedView, connectWith, dropLink, send, onMove, $, showError, presenting, fmt, fillSelect, SVGNS, svg, colour, downloadText, downloadURL };
