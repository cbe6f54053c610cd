// @ts-check
// app.js: the page's entry (index.html loads it; internal/generate bundles
// from it): the page's messages from its source, drawn by its parts (the
// modules imported here), and the start: every part bound to its controls,
// then the source connected (the export's embedded trace, or the server, or
// a site's engine in a worker: connection.js).
import { shared, embedded, connectWith, $, showError } from './page.js';
import * as busy from './busy.js';
import * as charts from './charts.js';
import * as classroom from './classroom.js';
import * as code from './code.js';
import * as compare from './compare.js';
import * as connection from './connection.js';
import * as contract from './contract.js';
import * as controls from './controls.js';
import * as downloads from './downloads.js';
import * as follow from './follow.js';
import * as embed from './embed.js';
import * as lecture from './lecture.js';
import * as present from './present.js';
import * as problem from './problem.js';
import * as quiz from './quiz.js';
import * as renderers from './renderers.js';
import * as setup from './setup.js';
import * as stack from './stack.js';
import * as status from './status.js';
import * as traceSource from './tracesource.js';
import * as tree from './tree.js';
import { t, lang, onChange, translate, setLang, LANGS } from './i18n.js';

// A running search sends up to 20 states a second: they are drawn at most
// once an animation frame (the latest), so the page stays responsive while
// the server runs ahead. A paused one is drawn at once: a step's answer.
let drawFrame = 0;
/** @param {StateMessage} msg */
function onState(msg) {
  shared.messages++;
  busy.answered(msg.seq);
  // Sent before the source took the page's last move: where the run was,
  // not where it goes (the source sends that next).
  if (msg.seq !== undefined && msg.seq < shared.moveSeq) return;
  if (quiz.holds(msg)) return;
  shared.last = msg;
  shared.playing = msg.status === 'running'; // space toggles what the server last said, not a stale guess
  if (msg.status === 'running') {
    if (!drawFrame) drawFrame = requestAnimationFrame(() => { drawFrame = 0; drawAll(/** @type {StateMessage} */ (shared.last)); });
    return;
  }
  if (drawFrame) { cancelAnimationFrame(drawFrame); drawFrame = 0; }
  drawAll(msg);
}

/** @param {StateMessage} msg */
function drawAll(msg) {
  draw(msg);
  // Each step's sentence, for a screen reader (a polite live region); not
  // while a search runs ahead, twenty states a second.
  if (msg.status !== 'running' && msg.event) $('announce').textContent = msg.event;
  quiz.afterState(msg);
  contract.state(msg);
  lecture.afterState(msg);
  problem.afterState(msg);
  classroom.afterState();
}

// draw draws a state on every part that shows it, and does nothing else
// (relang draws the last state again in another language with it).
/** @param {StateMessage} msg */
function draw(msg) {
  document.body.classList.toggle('astar', !!(msg.algo && msg.algo.algorithm === 'astar'));
  document.body.classList.toggle('bpmx', !!(msg.algo && msg.algo.pathmax));
  status.drawStats(msg);
  compare.draw(msg);
  compare.drawLockstep(msg);
  status.drawNode(msg.node);
  tree.draw(msg.tree);
  charts.draw(msg.charts, msg.status === 'running');
  controls.drawPosition(msg);
  $('last-event').textContent = msg.event ? t('ui.last-event', { Event: msg.event }) : '';
  code.draw(msg);
  stack.draw(msg);
}

/** @param {any} msg a message of docs/PROTOCOL.md (ServerMessage), each kind handed to its part */
function onMessage(msg) {
  switch (msg.type) {
    case 'hello':
      shared.mode = ['replay', 'site', 'follow'].includes(msg.mode) ? msg.mode : 'live';
      document.body.classList.toggle('replay', shared.mode === 'replay');
      $('mode').textContent = modeName(msg.mode);
      if (shared.mode === 'follow') { follow.onHello(); break; }
      contract.page();
      embed.helloSeen();
      setup.showHint();
      setup.requestPreview();
      break;
    case 'preview': setup.onPreview(msg); break;
    case 'lecture': lecture.onMessage(msg); break;
    case 'state': if (shared.mode === 'follow') follow.onState(msg); else onState(msg); break;
    case 'question': if (shared.mode === 'follow') follow.onQuestion(msg); break;
    case 'class': classroom.onMessage(msg); break;
    case 'error': busy.done(); showError(msg.message); lecture.error(); problem.onError(msg); break;
    case 'problem': case 'checked': problem.onMessage(msg); break;
    case 'scrambled': setup.onScrambled(msg); break;
    case 'node': status.drawChosen(msg.node); break;
  }
}

// modeName is the page's mode (docs/PROTOCOL.md's hello) in the page's
// words; one it does not know stays as the source wrote it.
/** @param {string} mode */
function modeName(mode) {
  const id = 'ui.mode.' + mode, w = t(id);
  return w === id ? mode : w;
}

// The header's language menu: the page's language, switched in place
// (setLang keeps the choice); ?lang= in the address wins on the next load.
function bindLang() {
  const sel = /** @type {HTMLSelectElement} */ ($('lang'));
  sel.value = LANGS.includes(lang()) ? lang() : 'en';
  sel.addEventListener('change', () => {
    // An address that names a language names this one now: a reload, or
    // the address copied, keeps the reader's choice.
    const u = new URL(location.href);
    if (u.searchParams.has('lang')) { u.searchParams.set('lang', sel.value); history.replaceState(history.state, '', u.href); }
    setLang(sel.value);
  });
}

// relang redraws the page's words in the language just chosen: the
// static ones (translate, in setLang), then each part's from the last
// state drawn.
function relang() {
  document.documentElement.lang = lang() === 'en-XA' ? 'en' : lang();
  const sel = /** @type {HTMLSelectElement} */ ($('lang'));
  if (LANGS.includes(lang())) sel.value = lang();
  $('mode').textContent = modeName(shared.mode);
  controls.showSpeed();
  for (const part of [setup, problem, lecture, classroom, follow]) part.relang();
  if (shared.last) { draw(shared.last); problem.afterState(shared.last); }
  contract.page();
}

function start() {
  const emb = embedded;
  document.documentElement.lang = lang() === 'en-XA' ? 'en' : lang();
  translate(document);
  $('conn').textContent = t('ui.conn.connecting');
  bindLang();
  onChange(relang);
  if (emb) document.body.classList.add('embedded');
  for (const part of [busy, charts, compare, setup, present, tree, quiz, controls, lecture, downloads, problem, code, classroom, follow, embed]) part.bind();
  /** @type {SourceHandlers} */
  const handlers = { onMessage, onStatus: (s) => { $('conn').textContent = s; } };
  if (emb) {
    // The start's renderer draws every node's view (renderers.viewAfter).
    if (emb.renderer) renderers.load(emb.renderer).then(() => { if (shared.last) status.drawNode(shared.last.node); }, (e) => console.error('renderer', emb.renderer, e));
    connectWith(traceSource.connect(Object.assign({ data: emb }, handlers)));
    embed.start(null);
  } else if (follow.following()) {
    // A follower's page: the lecturer's run, read-only; nothing of the
    // server's but its socket.
    document.body.classList.add('follow');
    connectWith(connection.connect(Object.assign({ url: follow.socketURL(), reconnect: true }, handlers)));
  } else {
    const catalogue = setup.loadCatalogue();
    connectWith(connection.connect(handlers));
    embed.start(catalogue);
  }
  if (new URLSearchParams(location.search).has('present')) present.set(true);
}

export { onState, start };

start();
