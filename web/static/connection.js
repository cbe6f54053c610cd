// connection.js: the page's link to its engine: viz serve or viz replay
// over a websocket, or, in a page viz site wrote (shared.mode 'site'), the
// engine compiled to WebAssembly in a Web Worker (worker.js), which serves
// the same session over the worker's messages. A source is anything with
// this one narrow shape,
//   connect({onMessage, onStatus}) -> {send(msg), close()}
// onMessage(msg) for each message of docs/PROTOCOL.md, onStatus(text) for
// the link's state, send(msg) a control message: tracesource.js is the
// other (an exported page's trace).
'use strict';
vizPage.connection = (() => {
  function connect(handlers) {
    return vizPage.shared.mode === 'site' ? connectWorker(handlers) : connectSocket(handlers);
  }

  function parsed(text, onMessage) {
    let msg;
    try { msg = JSON.parse(text); } catch (e) { return; }
    onMessage(msg);
  }

  function connectSocket({ onMessage, onStatus, url }) {
    const ws = new WebSocket(url || (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
    ws.onopen = () => onStatus('connected');
    ws.onclose = () => onStatus('disconnected (reload the page)');
    ws.onerror = () => onStatus('connection error');
    ws.onmessage = (ev) => parsed(ev.data, onMessage);
    return {
      send(msg) { if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); },
      close() { ws.close(); },
    };
  }

  // connectWorker starts the engine in a worker. Messages sent before it is
  // ready wait in the worker; a download (downloads.js sends {type:
  // 'download'}) comes back as a file, offered here.
  function connectWorker({ onMessage, onStatus, url }) {
    onStatus('starting the engine in this page…');
    const w = new Worker(url || 'static/worker.js');
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
          vizPage.downloadURL(href, d.name);
          setTimeout(() => URL.revokeObjectURL(href), 60000);
          break;
        }
        case 'failed':
          onStatus('the engine stopped');
          onMessage({ type: 'error', message: 'the engine in this page: ' + d.message });
          break;
      }
    };
    w.onerror = (ev) => {
      onStatus('the engine could not start');
      onMessage({ type: 'error', message: 'the engine in this page could not start: ' + (ev.message || 'see the browser console') });
    };
    return {
      send(msg) { w.postMessage(JSON.stringify(msg)); },
      close() { w.terminate(); },
    };
  }
  return { connect };
})();
