// @ts-check
// lecture.js: a replay's lecture: bookmarks, the note over the tree, deep
// links, the bookmarks' download. It hooks into the rest of the page at a
// few calls: afterState after each drawn state, onMessage for the source's
// lecture message, error for its errors, stopPlay for a control of the
// user's own.
import { shared, embedded, send, $, showError, downloadText } from './page.js';
import * as contract from './contract.js';
import * as controls from './controls.js';
import * as downloads from './downloads.js';
import * as tree from './tree.js';
import { t } from './i18n.js';

// A replay's bookmarks are the lecture's slides: each an event, a title and a
// note shown over the tree. A served replay (viz replay FILE) saves them
// beside the trace (save-lecture, docs/PROTOCOL.md); an exported page keeps
// them and offers them as FILE.lecture.json. The address follows the step
// (#event=N) and opens the replay there; #bookmark=K opens bookmark K (0 is
// the first, as in window.viz.bookmarks).
/** @type {{bookmarks: Bookmark[], file: string, name: string, served: boolean, loaded: boolean, linked: boolean, editing: number, cur: number, landing: boolean, noteEvent: number, playTo: number, dirty: boolean, hiddenAt: number, saving: boolean, drawnCur: number}} */
const lecture = {
  bookmarks: [], // {event, title, note}, in the lecture's order
  file: '', // a served replay: the file saves go to
  name: '', // an export: the trace's name, for the download
  served: false, // saved by the server (else kept in the page)
  loaded: false, // the bookmarks are known: a deep link may be followed
  linked: false, // the address's link was followed: from now on it follows the page
  editing: -1, // the bookmark in the editor (-1: a new one)
  cur: -1, // the bookmark last gone to: PageDown goes to the one after
  landing: false, // a jump to cur is under way
  noteEvent: -1, // where the jump to cur landed: its note shows there
  playTo: -1, // playing to this bookmark (-1: not)
  dirty: false, // an export's bookmarks changed since their download
  hiddenAt: -2, // the note was closed at this event
  saving: false, // a save is under way (an error answers a failed one)
  drawnCur: -1, // the bookmark the list marks as current
};

// error is called with each error the server sends: a save that
// failed says so where the lecturer looks.
function error() {
  if (!lecture.saving) return;
  lecture.saving = false;
  showLectureStatus('ui.lecture.not-saved');
}

// bookmarks is window.viz.bookmarks.
function bookmarks() {
  return Object.freeze(lecture.bookmarks.map((b) => Object.freeze({ event: b.event, title: b.title })));
}

/** @param {any} l a lecture as read (a file's, the server's, an export's): its bookmarks' missing fields are filled here */
function setLecture(l) {
  lecture.bookmarks = ((l && l.bookmarks) || []).map((/** @type {any} */ b) => ({ event: b.event, title: b.title || '', note: b.note || '' }));
  lecture.loaded = true;
  if (lecture.cur >= lecture.bookmarks.length) lecture.cur = -1;
  showLecture();
  followLink();
}

// onMessage takes the source's lecture message: the bookmarks, or a save done.
/** @param {{readOnly?: boolean, file?: string, saved?: boolean, lecture?: unknown}} msg */
function onMessage(msg) {
  // A tab on another machine than a replay's server only reads its
  // bookmarks (unless the lecturer allows it): its changes stay in the
  // page, to download, like an export's.
  lecture.served = !msg.readOnly;
  lecture.file = msg.file || '';
  if (msg.saved) {
    lecture.saving = false;
    showLectureStatus(lecture.file ? 'ui.lecture.saved' : 'ui.lecture.kept-server', { File: lecture.file });
    return;
  }
  setLecture(msg.lecture);
}

// saveLecture keeps a change: the server writes it; an export keeps it until
// it is downloaded.
function saveLecture() {
  contract.page();
  const l = { version: 1, bookmarks: lecture.bookmarks };
  if (lecture.served) {
    showLectureStatus(lecture.file ? 'ui.lecture.saving' : 'ui.lecture.kept-server');
    lecture.saving = true;
    send({ type: 'save-lecture', lecture: l });
    return;
  }
  lecture.dirty = true;
  showLectureStatus('ui.lecture.kept-page');
}

// The lecture's status, a message id and its args, for relang to write again.
/** @type {[string, Record<string, unknown>]} */
let lectureStatus = ['', {}];
/** @param {string} id @param {Record<string, unknown>} [args] */
function showLectureStatus(id, args) {
  lectureStatus = [id, args || {}];
  $('lecture-status').textContent = id ? t(id, args) : '';
}

function lectureFileName() {
  return (lecture.name || 'replay') + '.lecture.json';
}

function downloadLecture() {
  const l = { version: 1, bookmarks: lecture.bookmarks };
  downloadText(JSON.stringify(l, null, 2) + '\n', lectureFileName(), 'application/json');
  lecture.dirty = false;
  showLectureStatus('ui.lecture.downloaded', { File: lectureFileName() });
}

function currentEvent() { return contract.current().event; }

// showLecture draws the list, the editor and the note.
function showLecture() {
  const list = $('bookmark-list');
  list.textContent = '';
  lecture.drawnCur = lecture.cur;
  lecture.bookmarks.forEach((b, k) => {
    const li = document.createElement('li');
    li.dataset.event = String(b.event);
    if (k === lecture.cur) li.className = 'current';
    const a = document.createElement('a');
    a.href = '#bookmark=' + k;
    a.className = 'bm-title';
    a.textContent = b.title || t('ui.lecture.event', { Event: b.event });
    // The title and note are the lecturer's own words, in their language.
    if (b.title) a.translate = false;
    a.title = (b.note || '') + '\n' + t('ui.lecture.link');
    a.addEventListener('click', (ev) => { ev.preventDefault(); goBookmark(k); });
    const at = document.createElement('span');
    at.className = 'bm-event';
    at.textContent = t('ui.lecture.event', { Event: b.event });
    const tools = document.createElement('span');
    tools.className = 'bm-tools';
    /** @type {(label: string, title: string, fn: () => void, off?: boolean) => void} */
    const tool = (label, title, fn, off) => {
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.textContent = label;
      btn.title = title;
      btn.disabled = !!off;
      btn.addEventListener('click', fn);
      tools.appendChild(btn);
    };
    tool('↑', t('ui.lecture.earlier'), () => moveBookmark(k, -1), k === 0);
    tool('↓', t('ui.lecture.later'), () => moveBookmark(k, 1), k === lecture.bookmarks.length - 1);
    tool('✎', t('ui.lecture.edit'), () => editBookmark(k));
    tool('✕', t('ui.lecture.delete'), () => deleteBookmark(k));
    li.append(a, ' ', at, ' ', tools);
    list.appendChild(li);
  });
  const editing = lecture.editing >= 0;
  $('bookmark-add').hidden = editing;
  $('bookmark-save').hidden = !editing;
  $('bookmark-cancel').hidden = !editing;
  $('bookmark-editing').textContent = editing ? t('ui.lecture.editing', { Bookmark: lecture.editing + 1, Event: lecture.bookmarks[lecture.editing].event }) : '';
  $('bookmark-download').hidden = lecture.served;
  $('bookmark-empty').hidden = lecture.bookmarks.length > 0;
  showNote();
  contract.page();
}

// noteBookmark is the bookmark whose note shows: the one gone to, while the
// page stays where the jump landed; else one at the current event.
function noteBookmark() {
  const e = currentEvent();
  if (lecture.cur >= 0 && lecture.cur < lecture.bookmarks.length && (lecture.landing || lecture.noteEvent === e)) return lecture.cur;
  return lecture.bookmarks.findIndex((b) => b.event === e);
}

function showNote() {
  const k = noteBookmark(), box = $('bookmark-note-view');
  const was = box.hidden;
  box.hidden = k < 0 || shared.mode !== 'replay' || lecture.hiddenAt === currentEvent();
  if (!box.hidden) {
    const b = lecture.bookmarks[k];
    // The bookmark's number in the page's words, its title in the lecturer's.
    const head = document.createElement('span'), title = document.createElement('span');
    head.textContent = t('ui.lecture.note-title', { Bookmark: k + 1, Bookmarks: lecture.bookmarks.length }) + ' ';
    title.textContent = b.title || t('ui.lecture.event', { Event: b.event });
    if (b.title) title.translate = false;
    $('bookmark-note-title').replaceChildren(head, title);
    $('bookmark-note-text').textContent = b.note || '';
  }
  if (was !== box.hidden) tree.place(); // the tree's box changed size
}

function addBookmark() {
  const e = currentEvent();
  if (e < 0) { showError(t('ui.lecture.nothing')); return; }
  const b = { event: e, title: /** @type {HTMLInputElement} */ ($('bookmark-title')).value.trim() || t('ui.lecture.event', { Event: e }), note: /** @type {HTMLTextAreaElement} */ ($('bookmark-note')).value };
  // A new bookmark goes after those at or before its event: the lecture
  // stays in the trace's order unless reordered.
  let k = lecture.bookmarks.length;
  while (k > 0 && lecture.bookmarks[k - 1].event > e) k--;
  lecture.bookmarks.splice(k, 0, b);
  lecture.cur = k;
  lecture.noteEvent = e;
  /** @type {HTMLInputElement} */ ($('bookmark-title')).value = '';
  /** @type {HTMLTextAreaElement} */ ($('bookmark-note')).value = '';
  showLecture();
  saveLecture();
}

/** @param {number} k */
function editBookmark(k) {
  lecture.editing = k;
  /** @type {HTMLInputElement} */ ($('bookmark-title')).value = lecture.bookmarks[k].title;
  /** @type {HTMLTextAreaElement} */ ($('bookmark-note')).value = lecture.bookmarks[k].note;
  showLecture();
  $('bookmark-title').focus();
}

/** @param {boolean} keep */
function finishEdit(keep) {
  const k = lecture.editing;
  if (keep && k >= 0 && k < lecture.bookmarks.length) {
    const b = lecture.bookmarks[k];
    b.title = /** @type {HTMLInputElement} */ ($('bookmark-title')).value.trim() || t('ui.lecture.event', { Event: b.event });
    b.note = /** @type {HTMLTextAreaElement} */ ($('bookmark-note')).value;
  }
  lecture.editing = -1;
  /** @type {HTMLInputElement} */ ($('bookmark-title')).value = '';
  /** @type {HTMLTextAreaElement} */ ($('bookmark-note')).value = '';
  showLecture();
  if (keep) saveLecture();
}

/** @param {number} k @param {number} d */
function moveBookmark(k, d) {
  const j = k + d, bs = lecture.bookmarks;
  if (j < 0 || j >= bs.length) return;
  [bs[k], bs[j]] = [bs[j], bs[k]];
  if (lecture.cur === k) lecture.cur = j; else if (lecture.cur === j) lecture.cur = k;
  if (lecture.editing === k) lecture.editing = j; else if (lecture.editing === j) lecture.editing = k;
  showLecture();
  saveLecture();
}

/** @param {number} k */
function deleteBookmark(k) {
  lecture.bookmarks.splice(k, 1);
  if (lecture.cur === k) lecture.cur = -1; else if (lecture.cur > k) lecture.cur--;
  if (lecture.editing === k) { lecture.editing = -1; /** @type {HTMLInputElement} */ ($('bookmark-title')).value = ''; /** @type {HTMLTextAreaElement} */ ($('bookmark-note')).value = ''; } else if (lecture.editing > k) lecture.editing--;
  showLecture();
  saveLecture();
}

// seekEvent asks for the state after event e (0-based).
/** @param {number} e */
function seekEvent(e) { send({ type: 'seek', pos: e + 1 }); }

/** @param {number} k */
function goBookmark(k) {
  const b = lecture.bookmarks[k];
  if (!b) return;
  lecture.playTo = -1;
  lecture.cur = k;
  lecture.landing = true;
  showError('');
  seekEvent(b.event);
  showLecture();
}

// atCur reports whether the page is at the bookmark gone to (or on its
// way there): PageDown and PageUp then follow the lecture's order from it.
// After a seek, a step or Back they go from where the page is.
function atCur() {
  const b = lecture.bookmarks[lecture.cur];
  return !!b && (lecture.landing || b.event === currentEvent());
}

// nextBookmark is the bookmark after the one the page is at, or else the
// first after the current event; prevBookmark likewise before.
function nextBookmark() {
  if (atCur()) return lecture.cur + 1 < lecture.bookmarks.length ? lecture.cur + 1 : -1;
  const e = currentEvent();
  return lecture.bookmarks.findIndex((b) => b.event > e);
}

function prevBookmark() {
  if (atCur()) return lecture.cur - 1;
  const e = currentEvent();
  for (let k = lecture.bookmarks.length - 1; k >= 0; k--) if (lecture.bookmarks[k].event < e) return k;
  return -1;
}

/** @param {number} d */
function stepBookmark(d) {
  const k = d > 0 ? nextBookmark() : prevBookmark();
  if (k < 0) { showError(t(!lecture.bookmarks.length ? 'ui.lecture.none' : d > 0 ? 'ui.lecture.none-after' : 'ui.lecture.none-before')); return; }
  goBookmark(k);
}

// playToBookmark plays at the set speed and stops at the next bookmark.
function playToBookmark() {
  const k = nextBookmark();
  if (k < 0) { stepBookmark(1); return; }
  if (lecture.bookmarks[k].event <= currentEvent()) { goBookmark(k); return; }
  showError('');
  lecture.playTo = k;
  shared.playing = true;
  send({ type: 'play', n: controls.speed() });
}

// afterState follows each state drawn: it stops a play at its
// bookmark, shows the note, and keeps the address at the step.
/** @param {StateMessage} msg */
function afterState(msg) {
  downloads.show();
  if (shared.mode !== 'replay') return;
  const e = currentEvent(), running = msg.status === 'running';
  if (lecture.playTo >= 0) {
    const b = lecture.bookmarks[lecture.playTo];
    if (!b) lecture.playTo = -1;
    // At the bookmark or past it: the server plays on until a pause would
    // reach it, so a seek lands the replay on the bookmark, paused.
    else if (e >= b.event) goBookmark(lecture.playTo);
    else if (!running && msg.replay && msg.replay.pos >= msg.replay.total) lecture.playTo = -1;
  }
  if (lecture.landing && !running) {
    // The seek's own state, not one sent before it (on a loaded machine the
    // end of a run can arrive after the jump): the replay rests at the
    // bookmark's event, or the one before a run's end.
    const b = lecture.bookmarks[lecture.cur];
    if (!b || Math.abs(e - b.event) <= 1) { lecture.landing = false; lecture.noteEvent = e; }
  }
  followLink();
  // Following the link may have moved the page already (an export seeks
  // at once, drawing that state inside this call): the address follows
  // where the page is now, not where this state was.
  const now = currentEvent();
  if (lecture.linked && !running && now >= 0) {
    const h = '#event=' + now;
    if (location.hash !== h) try { history.replaceState(null, '', h); } catch (err) { /* a page that may not: no link */ }
  }
  // The list is drawn anew only when the current bookmark changes: a
  // running replay sends 20 states a second.
  if (lecture.drawnCur !== lecture.cur) showLecture(); else { showNote(); contract.page(); }
}

// followLink opens the replay where the address says, once the first
// state and the bookmarks are in.
function followLink() {
  if (lecture.linked || shared.mode !== 'replay' || !lecture.loaded || contract.current().event < 0) return;
  lecture.linked = true;
  openLink(location.hash);
}

/** @param {string} hash */
function openLink(hash) {
  const m = /^#(event|bookmark)=(-?\d+)$/.exec(hash || '');
  if (!m) return;
  const n = Number(m[2]);
  if (m[1] === 'event') {
    if (n < 0 || n >= contract.current().events) { showError(t('ui.lecture.no-event', { Event: n, Last: contract.current().events - 1 })); return; }
    lecture.cur = -1;
    seekEvent(n);
  } else if (n < 0 || n >= lecture.bookmarks.length) {
    showError(lecture.bookmarks.length ? t('ui.lecture.no-bookmark', { Bookmark: n, Last: lecture.bookmarks.length - 1 }) : t('ui.lecture.no-bookmarks', { Bookmark: n }));
  } else {
    goBookmark(n);
  }
}

// stopPlay ends a play to a bookmark: the user took a control of their own.
function stopPlay() { lecture.playTo = -1; }

function bind() {
  $('bookmark-add').addEventListener('click', addBookmark);
  $('bookmark-save').addEventListener('click', () => finishEdit(true));
  $('bookmark-cancel').addEventListener('click', () => finishEdit(false));
  $('bookmark-next').addEventListener('click', () => stepBookmark(1));
  $('bookmark-prev').addEventListener('click', () => stepBookmark(-1));
  $('bookmark-play').addEventListener('click', playToBookmark);
  $('bookmark-download').addEventListener('click', downloadLecture);
  $('bookmark-note-close').addEventListener('click', () => { lecture.hiddenAt = currentEvent(); showNote(); });
  window.addEventListener('hashchange', () => { if (lecture.linked) openLink(location.hash); });
  // An export's bookmarks live in the page: say so before they are lost.
  window.addEventListener('beforeunload', (ev) => { if (lecture.dirty) { ev.preventDefault(); ev.returnValue = ''; } });
  const emb = embedded;
  if (emb) {
    lecture.name = emb.name || 'replay';
    setLecture(emb.lecture);
    showLectureStatus(lecture.bookmarks.length ? 'ui.lecture.from-export' : 'ui.lecture.kept-page');
  }
}

// relang writes the panel's words again in the page's language.
function relang() {
  showLectureStatus(lectureStatus[0], lectureStatus[1]);
  showLecture();
}

export { bind, relang, bookmarks, onMessage, error, afterState, stepBookmark, stopPlay, lectureFileName as fileName };
