// The shapes the page's scripts (web/static) share, for their JSDoc: the
// trace's events (trace/FORMAT.md, the NDJSON encoding's objects, which
// tracefile.js makes of the binary one), the protocol's messages
// (docs/PROTOCOL.md) and window.viz (contract.js). Global, so a script's
// JSDoc names them without an import; nothing here is served.

/** The kinds of trace/FORMAT.md's records. */
type EventKind = 'run-start' | 'iteration-start' | 'visit' | 'prune' | 'bound-increase' | 'iteration-end' | 'solution'
  | 'run-end' | 'progress' | 'expand' | 'push' | 'reopen' | 'raise';

/** A run-start's run: what was searched, and how (trace.RunInfo). */
interface RunInfo {
  puzzle?: string;
  instance?: string;
  heuristic?: string;
  algorithm?: string;
  engine?: string;
  startH?: number;
  moveNames?: string[];
  options?: Record<string, string>;
  created?: string;
  pathmax?: boolean;
  [more: string]: unknown;
}

/** An iteration's statistics (trace.Iteration): an iteration-end's or a progress's stats. */
interface IterationStats {
  iteration: number;
  bound: number;
  nextBound: number;
  expanded: number;
  generated: number;
  pruned: number;
  visitF?: number[];
  pruneF?: number[];
  depth?: number[];
}

/**
 * One event of a trace (trace.Event as NDJSON). Which fields are set
 * depends on kind: node events (visit, prune, expand, push, reopen, raise)
 * have node..bound; the others what FORMAT.md lists for them.
 */
interface TraceEvent {
  kind: EventKind;
  run?: RunInfo;
  // Set on node events (and iteration and bound on the iteration's own
  // events too); the folds read them only after switching on kind, which
  // these types do not follow, so they are typed as always there.
  node: number;
  parent: number;
  depth: number;
  g: number;
  h: number;
  f: number;
  move: number;
  iteration: number;
  bound: number;
  reason?: string;       // a prune's: 'bound', 'move-rule'
  children?: number;     // an expand's
  replaces?: number;     // a reopen's
  newBound?: number;     // a bound-increase's
  stats?: IterationStats; // an iteration-end's or a progress's
  cost?: number;         // a solution's
  moves?: number[];      // a solution's
  status?: string;       // a run-end's: running, solved, exhausted, limit, cancelled
  expanded?: number;     // a run-end's totals
  generated?: number;
  pruned?: number;
  elapsedNs?: number;
}

/** A node of a tree picture (fold.TreeNodeView). */
interface TreeNodeView {
  id: number; move: number; g: number; h: number; f: number; depth: number; status: string; count: number;
  raised?: boolean; inherited?: boolean; saved?: number; hidden?: boolean; opened?: boolean;
  children?: TreeNodeView[];
}

/** A tree picture (fold.TreeView): the state message's tree. */
interface TreeView {
  iteration: number; bound: number; drawn: number; nodes: number; budget: number; last: number;
  kept: number[]; current: boolean; elided?: number; perIteration?: boolean; root?: TreeNodeView;
}

/** The code and stack panels' data (fold.AlgoView). */
interface AlgoView {
  algorithm: 'ida' | 'astar'; line: string; pathmax: boolean;
  node: { id: number; g: number; h: number; f: number } | null;
  bound: number; next: number;
  stack: { id: number; move: string; g: number; h: number; f: number; left: number | null }[];
  elided: number;
  open: { size: number; best: { id: number; g: number; h: number; f: number }[] | null; lost: boolean } | null;
  closed: number; expanding: number;
}

/** A node view (docs/PROTOCOL.md): the node panel's. */
interface NodeView {
  id: number; g: number; h: number; f: number; depth: number; moves: string[];
  renderer?: string; view?: unknown; error?: string; moveIndices?: number[];
}

/** A run of a state message (fold.RunView), as the page reads it. */
interface RunView {
  id: number; label: string; colour: string; startH: number; puzzle: string; instance: string; heuristic: string; algorithm: string; order?: string;
  status: string; iteration: number; bound: number; nextBound: number; expanded: number; generated: number; pruned: number;
  solutionLength: number; solution: string[]; cost: number; events: number; seconds: number; nodesPerSecond: number;
  timed: boolean; ebf: number; growth: number; growthOf: number;
  iterations: { iteration: number; bound: number; nextBound: number; expanded: number; generated: number; pruned: number }[];
  current?: { iteration: number; bound: number; nextBound: number; expanded: number; generated: number; pruned: number };
  [more: string]: unknown;
}

/** echarts options, as go-echarts writes them: the page passes them on. */
type ChartOptions = Record<string, any>;

/** A state message (docs/PROTOCOL.md's state). */
interface StateMessage {
  type: 'state';
  mode?: string; status: string; seq?: number;
  active: RunView | null; runs: RunView[];
  tree: TreeView | null; node: NodeView | null;
  charts: Record<string, ChartOptions | null> | null;
  event?: string; eventKind?: string; algo?: AlgoView; moveNames?: string[];
  hist?: { iteration: number; bound: number };
  replay?: { pos: number; total: number };
  lockstep?: LockView | null;
  [more: string]: unknown;
}

/** Any message of the server (or of an export's trace source) to the page. */
type ServerMessage = StateMessage
  | { type: 'hello'; mode: string; [more: string]: unknown }
  | { type: 'error'; message: string; file?: string; line?: number; column?: number }
  | { type: 'scrambled'; puzzle: string; state: string }
  | { type: 'node'; node: NodeView }
  | { type: 'preview'; puzzle: string; state: string; node?: NodeView; error?: string }
  | { type: 'problem' | 'checked' | 'lecture'; [more: string]: unknown };

/** A message of the page to the server (docs/PROTOCOL.md's "Page to server"). */
interface PageMessage {
  type: string;
  seq?: number;
  [field: string]: unknown;
}

/** window.viz: the page's contract with automated checks (contract.js). */
interface Viz {
  readonly status: string; readonly mode: string; readonly lang: string; readonly bound: number; readonly iteration: number;
  readonly expanded: number; readonly generated: number; readonly pruned: number;
  readonly solutionLength: number; readonly cost: number;
  readonly iterations: readonly { bound: number; expanded: number; generated: number; pruned: number }[];
  readonly drawnTreeNodes: number; readonly treeNodes: number; readonly event: number; readonly events: number;
  readonly messages: number; readonly runs: readonly object[]; readonly lockstep: object | null;
  readonly nextBound: number; readonly histIteration: number; readonly histBound: number;
  readonly treeIteration: number; readonly treeBound: number; readonly presentation: boolean;
  /** The compact view for an iframe (?embed, or an export's #embed). */
  readonly embed: boolean;
  readonly quiz: object; readonly bookmarks: readonly object[];
  readonly algorithm: string; readonly codeLine: string; readonly stack: readonly object[];
  readonly open: object | null; readonly closed: number;
  /** the lecturer's class (classroom.js; null: none) */
  readonly class: object | null;
  /** a follower's page: looking around, and the lecturer's event (follow.js; null: not a follower) */
  readonly follow: object | null;
  /** The door to the page's parts (not enumerable). */
  readonly page: Record<string, (...args: any[]) => any>;
}

interface Window { readonly viz: Viz }

/** A binary trace reader's place (tracefile.js's mark). */
interface TraceMark { pos: number; records: number; P: number; I: number; B: number }

/**
 * A puzzle's renderer (render/README.md): views are the server's JSON, or a
 * move's result, which draw and move check before they use them.
 */
interface Renderer {
  draw(el: HTMLElement, view: any): void;
  move?(view: any, m: number, info?: RunInfo | null): any;
}

/** What a source hands the page's messages and its link's state to (connection.js, tracesource.js). */
interface SourceHandlers {
  onMessage: (msg: ServerMessage) => void;
  onStatus: (text: string) => void;
  url?: string;
  /** a follower's socket connects again when it drops (follow.js) */
  reconnect?: boolean;
}

/** A source of the page: the one narrow shape connection.js describes. */
interface Source {
  send(msg: PageMessage): void;
  close(): void;
  /** closes the link as a failed network would (a follower reconnects) */
  drop?(): void;
}

// Helper B: the shapes tree.js, setup.js, lecture.js, charts.js, compare.js
// and contract.js share.

/** One run in lock-step (fold.LockRun). */
interface LockRun {
  id: number; label: string; colour: string; bound: number; status: string;
  tree?: TreeView; note?: string; expanded: number; generated: number; pruned: number;
}

/** The lock-step of a state message (fold.LockView): the runs moved bound by bound together. */
interface LockView { bound: number; next: number; runs: LockRun[] }

/** The one scale the lock-step's trees are drawn at (tree.js's miniScale), across and down. */
interface MiniScale { x: number; y: number }

/**
 * A preset of a puzzle (puzzles/preset.Preset). optimal is left out when 0
 * (unknown), which the page's tests of it (> 0, truthy) read as 0.
 */
interface PuzzlePreset { name: string; state: string; optimal: number; goal?: string }

/** One entry of /api/puzzles (web/server.go's puzzleInfo): Go's empty lists may come as null. */
interface PuzzleInfo {
  name: string; title: string; heuristics: string[] | null; goals: string[] | null; presets: PuzzlePreset[] | null;
  renderer: string; help: string; scramble: boolean; script: boolean; orders?: boolean; serveOnly?: string[];
}

/** A lecture's bookmark (web/lecture.go's): an event (0-based), its title and note. */
interface Bookmark { event: number; title: string; note: string }

/**
 * Where tree.js's layout puts each node of a tree: x in leaf order, d the
 * depth. Every node of the tree laid out has its place, so get is typed so.
 */
type NodePlaces = { get(n: TreeNodeView): { x: number; d: number } } & Map<TreeNodeView, { x: number; d: number }>;

// Helper A's (code.js, stack.js, status.js, problem.js, quiz.js, ...).

/** An A* run's algo view: A*'s always has its open list (web/fold/algo.go's view). */
type AStarView = AlgoView & { algorithm: 'astar'; open: NonNullable<AlgoView['open']> };
