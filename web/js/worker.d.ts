// The names viz site's Web Worker (web/static/worker.js) shares with the
// engine it runs: Go's wasm_exec.js (importScripts) and the globals the
// engine (web/site/worker) calls or sets. Checked apart from the page
// (tsconfig.worker.json): a worker has the WebWorker library, not the DOM.

/** wasm_exec.js's runner of a Go program compiled to WebAssembly. */
declare class Go {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

/** Where the page's files are, for an export (the engine reads it). */
declare var vizStatic: string;
/** Pattern databases kept across visits (the engine's pdb.Keeper). */
declare var vizTables: {
  get(name: string): Promise<Uint8Array | null>;
  put(name: string, bytes: Uint8Array): Promise<unknown>;
};
/** The engine says it is ready for the page's messages. */
declare var vizReady: () => void;
/** The engine's end of the page's messages (set by the engine). */
declare var vizReceive: (text: string) => void;
/** A message of the protocol to the page, JSON. */
declare var vizPost: (text: string) => void;
/** A download to the page. */
declare var vizFile: (name: string, contentType: string, bytes: Uint8Array) => void;
