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
import { shared, downloadURL } from './page.js';

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
  /** @type {WebSocket} */
  let ws;
  const open = () => {
    ws = new WebSocket(url || u.href);
    ws.onopen = () => { tries = 0; onStatus('connected'); };
    ws.onclose = (ev) => {
      // A follower connects again, unless the server said the class is
      // full (1013: it said why) or the page closed it.
      if (!reconnect || closed || ev.code === 1013) { onStatus('disconnected (reload the page)'); return; }
      onStatus('reconnecting…');
      setTimeout(open, reconnectDelays[Math.min(tries++, reconnectDelays.length - 1)]);
    };
    ws.onerror = () => onStatus('connection error');
    ws.onmessage = (ev) => parsed(ev.data, onMessage);
  };
  open();
  return {
    send(msg) { if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); },
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
  onStatus('starting the engine in this page…');
  /** @type {(message: string | undefined) => void} */
  const failed = (message) => {
    onStatus('the engine could not start');
    // A page opened from a file may not start a worker: the folder wants a server.
    const why = location.protocol === 'file:' ? 'a browser runs it only from a web server: serve this folder (e.g. python3 -m http.server) and open its address'
      : message || 'see the browser console';
    onMessage({ type: 'error', message: 'the engine in this page could not start: ' + why });
  };
  // ?trace=FILE: the engine replays that trace, a file of the site's own
  // (an address of another origin is refused: the page asks nothing of one).
  let workerURL = url || 'static/worker.js';
  const asked = new URLSearchParams(location.search).get('trace');
  if (asked) {
    const t = new URL(asked, location.href);
    if (t.origin !== location.origin) {
      onStatus('no trace');
      onMessage({ type: 'error', message: 'trace ' + asked + ': a trace of this site only (its address is on another origin)' });
      return { send() {}, close() {} };
    }
    workerURL += '?trace=' + encodeURIComponent(t.href);
  }
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
        if (!ready) { ready = true; onStatus('engine in this page'); }
        parsed(d.text, onMessage);
        break;
      case 'file': {
        const href = URL.createObjectURL(new Blob([d.bytes], { type: d.contentType }));
        downloadURL(href, d.name);
        setTimeout(() => URL.revokeObjectURL(href), 60000);
        break;
      }
      case 'failed':
        onStatus('the engine stopped');
        onMessage({ type: 'error', message: 'the engine in this page: ' + d.message });
        break;
    }
  };
  w.onerror = (ev) => failed(ev.message);
  return {
    send(msg) { w.postMessage(JSON.stringify(msg)); },
    close() { w.terminate(); },
  };
}

export { connect };
