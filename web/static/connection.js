// @ts-check
// connection.js: the page's link to its engine: viz serve or viz replay
// over a websocket, or, in a page viz site wrote (shared.mode 'site'), the
// engine compiled to WebAssembly in a Web Worker (worker.js), which serves
// the same session over the worker's messages. A source is anything with
// this one narrow shape,
//   connect({onMessage, onStatus}) -> {send(msg), close()}
// onMessage(msg) for each message of docs/PROTOCOL.md, onStatus(text) for
// the link's state, send(msg) a control message: tracesource.js is the
// other (an exported page's trace).
//
// The engine speaks the page's language (its errors and notes, the
// narration and the charts' words it sends): the socket's address carries
// lang=, and a switch of language sends {type: 'lang', lang}, after which
// the engine sends its state again, in the new language. The link's own
// words (its status, its errors) are the catalogue's, written again when
// the language changes.
import { shared, downloadURL } from './page.js';
import { made } from './busy.js';
import { t, lang, onChange } from './i18n.js';

/**
 * @param {SourceHandlers} handlers
 * @returns {Source}
 */
function connect(handlers) {
  return shared.mode === 'site' ? connectWorker(handlers) : connectSocket(handlers);
}

// reconnectDelays are a follower's waits before it connects again (a phone
// that slept, a Wi-Fi that dropped), the last repeated.
const reconnectDelays = [500, 1000, 2000, 5000, 10000];

/**
 * status has onStatus show the link's state, message id with args, now and
 * again in each language the reader switches to.
 * @param {SourceHandlers['onStatus']} onStatus
 * @returns {(id: string, args?: Record<string, unknown>) => void}
 */
function statusIn(onStatus) {
  /** @type {[string, Record<string, unknown> | undefined] | null} */
  let last = null;
  onChange(() => { if (last) onStatus(t(last[0], last[1])); });
  return (id, args) => { last = [id, args]; onStatus(t(id, args)); };
}

/**
 * withLang is a socket's address with the page's language in it.
 * @param {string} href
 * @returns {string}
 */
function withLang(href) {
  const u = new URL(href);
  u.searchParams.set('lang', lang());
  return u.href;
}

/**
 * @param {string} text
 * @param {SourceHandlers['onMessage']} onMessage
 */
function parsed(text, onMessage) {
  let msg;
  try { msg = JSON.parse(text); } catch (e) { return; }
  onMessage(msg);
}

/**
 * @param {SourceHandlers} handlers
 * @returns {Source}
 */
function connectSocket({ onMessage, onStatus, url, reconnect }) {
  // Relative to the page, as every path the page uses: a page behind a
  // proxy's folder reaches its own server.
  const u = new URL('ws', location.href);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  let closed = false, tries = 0;
  // waiting holds what the page sent while the socket was still opening (a
  // Start pressed before the server answered, on a slow network or a
  // loaded machine): sent once it opens, not lost.
  /** @type {string[]} */
  let waiting = [];
  const status = statusIn(onStatus);
  /** @type {WebSocket} */
  let ws;
  const open = () => {
    // The language now: a follower that connects again after a switch
    // speaks the new one.
    const asked = lang();
    ws = new WebSocket(withLang(url || u.href));
    ws.onopen = () => {
      tries = 0;
      status('conn.connected');
      // A switch while the socket opened was not sent: send it now.
      if (lang() !== asked) ws.send(JSON.stringify({ type: 'lang', lang: lang() }));
      for (const m of waiting) ws.send(m);
      waiting = [];
    };
    ws.onclose = (ev) => {
      // A follower connects again, unless the server said the class is
      // full (1013: it said why) or the page closed it.
      if (!reconnect || closed || ev.code === 1013) { status('conn.disconnected'); return; }
      status('conn.reconnecting');
      setTimeout(open, reconnectDelays[Math.min(tries++, reconnectDelays.length - 1)]);
    };
    ws.onerror = () => status('conn.error');
    ws.onmessage = (ev) => parsed(ev.data, onMessage);
  };
  open();
  onChange((l) => { if (!closed && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'lang', lang: l })); });
  return {
    send(msg) {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
      else if (ws.readyState === WebSocket.CONNECTING && waiting.length < 64) waiting.push(JSON.stringify(msg));
    },
    close() { closed = true; ws.close(); },
    drop() { ws.close(); },
  };
}

// connectWorker starts the engine in a worker. Messages sent before it is
// ready wait in the worker; a download (downloads.js sends {type:
// 'download'}) comes back as a file, offered here.
/**
 * @param {SourceHandlers} handlers
 * @returns {Source}
 */
function connectWorker({ onMessage, onStatus, url }) {
  const status = statusIn(onStatus);
  status('conn.worker-starting');
  /** @type {(message: string | undefined) => void} */
  const failed = (message) => {
    status('conn.worker-failed');
    // A page opened from a file may not start a worker: the folder wants a server.
    const text = location.protocol === 'file:' ? t('conn.worker-file')
      : t('conn.worker-failed-why', { Why: message || t('conn.see-console') });
    onMessage({ type: 'error', message: text });
  };
  // ?trace=FILE: the engine replays that trace, a file of the site's own
  // (an address of another origin is refused: the page asks nothing of one).
  let workerURL = url || 'static/worker.js';
  const asked = new URLSearchParams(location.search).get('trace');
  if (asked) {
    const traceURL = new URL(asked, location.href);
    if (traceURL.origin !== location.origin) {
      status('conn.no-trace');
      onMessage({ type: 'error', message: t('conn.trace-other-origin', { Trace: asked }) });
      return { send() {}, close() {} };
    }
    workerURL += '?trace=' + encodeURIComponent(traceURL.href);
  }
  workerURL += (workerURL.includes('?') ? '&' : '?') + 'lang=' + encodeURIComponent(lang());
  let w;
  try {
    w = new Worker(workerURL, { type: 'module' });
  } catch (e) {
    failed(e && e.message);
    return { send() {}, close() {} };
  }
  let ready = false;
  w.onmessage = (ev) => {
    const d = ev.data || {};
    switch (d.type) {
      case 'message':
        if (!ready) { ready = true; status('conn.worker-ready'); }
        parsed(d.text, onMessage);
        break;
      case 'file': {
        const href = URL.createObjectURL(new Blob([d.bytes], { type: d.contentType }));
        downloadURL(href, d.name);
        made();
        setTimeout(() => URL.revokeObjectURL(href), 60000);
        break;
      }
      case 'failed':
        status('conn.worker-stopped');
        onMessage({ type: 'error', message: t('conn.worker-error', { Message: d.message }) });
        break;
    }
  };
  w.onerror = (ev) => failed(ev.message);
  // The engine's language: the worker's lang= at start, then each switch.
  onChange((l) => w.postMessage(JSON.stringify({ type: 'lang', lang: l })));
  return {
    send(msg) { w.postMessage(JSON.stringify(msg)); },
    close() { w.terminate(); },
  };
}

export { connect };
