// connection.js: the page's link to viz serve or viz replay, a websocket.
// A source is anything with this one narrow shape,
//   connect({onMessage, onStatus}) -> {send(msg), close()}
// onMessage(msg) for each message of docs/PROTOCOL.md, onStatus(text) for
// the link's state, send(msg) a control message: tracesource.js is the
// other (an exported page's trace), and a Web Worker could be a third.
'use strict';
vizPage.connection = (() => {
  function connect({ onMessage, onStatus, url }) {
    const ws = new WebSocket(url || (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
    ws.onopen = () => onStatus('connected');
    ws.onclose = () => onStatus('disconnected (reload the page)');
    ws.onerror = () => onStatus('connection error');
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      onMessage(msg);
    };
    return {
      send(msg) { if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); },
      close() { ws.close(); },
    };
  }
  return { connect };
})();
