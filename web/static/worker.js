// @ts-check
// worker.js: viz site's Web Worker (not one of the page's scripts): the
// engine compiled to WebAssembly (engine.wasm, web/site/worker, with Go's
// wasm_exec.js beside it) serving the page's session, the messages of
// docs/PROTOCOL.md as viz serve's websocket carries them. The page's end is
// connection.js (connectWorker). To the page it posts
//   {type: 'message', text}              a message of the protocol, JSON
//   {type: 'file', name, contentType, bytes}  a download (a run's trace or export)
//   {type: 'failed', message}            the engine could not start, or stopped
// and it takes the page's messages as JSON text. A module worker: the
// engine finds what it shares with this file under one global, viz (Go's
// wasm_exec.js, imported first, sets Go's own).
import './wasm_exec.js';

// The page's messages until the engine is ready for them.
/** @type {string[]} */
const waiting = [];
/** @type {((text: string) => void) | null} */
let receive = null;

// Pattern databases kept across visits, by name, in IndexedDB (the engine's
// pdb.Keeper): get gives the bytes or null, put keeps them; either may fail
// quietly (no IndexedDB, a private window, the quota), and the engine then
// builds the table again on the next visit.
/** @type {VizWorker['tables']} */
const tables = (() => {
  /** @type {Promise<IDBDatabase> | null} */
  let db = null;
  function open() {
    if (!db) {
      db = new Promise((resolve, reject) => {
        const r = indexedDB.open('idaviz-tables', 1);
        r.onupgradeneeded = () => r.result.createObjectStore('tables');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    }
    return db;
  }
  /**
   * @param {IDBTransactionMode} mode
   * @param {(s: IDBObjectStore) => IDBRequest} f
   * @returns {Promise<unknown>}
   */
  function request(mode, f) {
    return open().then((d) => new Promise((resolve, reject) => {
      const tx = d.transaction('tables', mode);
      const r = f(tx.objectStore('tables'));
      tx.oncomplete = () => resolve(r.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    }));
  }
  return {
    get: (name) => request('readonly', (s) => s.get(name)).then((v) => (v instanceof Uint8Array ? v : null), () => null),
    put: (name, bytes) => request('readwrite', (s) => s.put(bytes, name)).catch(() => null),
  };
})();
/** @type {VizWorker} */
const viz = {
  static: new URL('./', self.location.href).href, // where the page's files are, for an export
  lang: new URL(self.location.href).searchParams.get('lang') || 'en', // the page's, at start
  tables,
  ready() {
    receive = viz.receive || null;
    for (const text of waiting.splice(0)) if (receive) receive(text);
  },
  post: (text) => postMessage({ type: 'message', text }),
  file: (name, contentType, bytes) => postMessage({ type: 'file', name, contentType, bytes }, [bytes.buffer]),
};
Object.defineProperty(self, 'viz', { value: viz });

onmessage = (ev) => {
  if (typeof ev.data !== 'string') return;
  if (receive) receive(ev.data); else waiting.push(ev.data);
};

async function start() {
  // A trace to replay (connection.js: the page's ?trace=, checked to be
  // the site's own), read before the engine starts: it serves it.
  const asked = new URL(self.location.href).searchParams.get('trace');
  if (asked) {
    if (new URL(asked).origin !== self.location.origin) throw new Error('trace ' + asked + ': not this site\'s');
    const r = await fetch(asked);
    if (!r.ok) throw new Error('trace ' + asked + ': the site answers ' + r.status);
    viz.trace = new Uint8Array(await r.arrayBuffer());
  }
  const go = new Go();
  let inst;
  try {
    inst = (await WebAssembly.instantiateStreaming(fetch('engine.wasm'), go.importObject)).instance;
  } catch (e) {
    // A server that does not say application/wasm: compile it from bytes.
    const r = await fetch('engine.wasm');
    if (!r.ok) throw new Error('engine.wasm: the site answers ' + r.status);
    inst = (await WebAssembly.instantiate(await r.arrayBuffer(), go.importObject)).instance;
  }
  await go.run(inst);
  throw new Error('the engine stopped (the browser console says why)');
}

start().catch((e) => postMessage({ type: 'failed', message: String((e && e.message) || e) }));
