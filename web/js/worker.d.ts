// The names viz site's Web Worker (web/static/worker.js) shares with the
// engine it runs: Go's wasm_exec.js (imported) and what the engine
// (web/site/worker) calls or sets, under self.viz. Checked apart from the page
// (tsconfig.worker.json): a worker has the WebWorker library, not the DOM.

/** wasm_exec.js's runner of a Go program compiled to WebAssembly. */
declare class Go {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

/** What the worker shares with the engine, its one global (self.viz). */
interface VizWorker {
  /** Where the page's files are, for an export (the engine reads it). */
  static: string;
  /** Pattern databases kept across visits (the engine's pdb.Keeper). */
  tables: {
    get(name: string): Promise<Uint8Array | null>;
    put(name: string, bytes: Uint8Array): Promise<unknown>;
  };
  /** The page's language (connection.js: the worker's lang=), for the engine's words. */
  lang: string;
  /** A trace the engine replays instead of running searches (the page's ?trace=). */
  trace?: Uint8Array;
  /** The engine says it is ready for the page's messages. */
  ready(): void;
  /** The engine's end of the page's messages (set by the engine). */
  receive?: (text: string) => void;
  /** A message of the protocol to the page, JSON. */
  post(text: string): void;
  /** A download to the page. */
  file(name: string, contentType: string, bytes: Uint8Array): void;
}
