// @ts-check
// tracesource.js: the source of an exported page (web.ExportHTML), the
// trace it embeds: no server at all. It has connection.js's shape,
//   connect({data, onMessage, onStatus}) -> {send(msg), close()}
// with data the export's embedded data (page.js). It reads the trace with
// tracefile.js, builds every state from the events with builder.js and
// replaystate.js, the same fold as the server's (web/fold/builder_test.go checks
// them event by event), and answers the messages of docs/PROTOCOL.md as its
// last section says. Seeking goes through checkpoints of the builder and the
// reader's mark, made once while the trace is read, so any event is at most
// one interval of folding away.
import * as renderers from './renderers.js';
import * as tracefile from './tracefile.js';
import * as build from './builder.js';
import * as replay from './replaystate.js';
import { t, onChange } from './i18n.js';

const CHECKPOINT_NODES = 1 << 19; // about 50 MB of tree copies

/**
 * An export's embedded data (web/export): the trace gzipped in base64, its
 * events, the hello to say and the start's view (the colours are shared.js's).
 * @typedef {{trace: string, events?: number, hello: ServerMessage,
 *   renderer?: string, startView?: unknown, perIteration?: boolean, run?: RunInfo}} Embedded
 */
/** @typedef {{at: number, mark: Readonly<TraceMark>, b: build.Builder, held: number}} Checkpoint */
/** @typedef {{r: tracefile.BinaryTrace, b: build.Builder, i: number}} Cursor */

class TraceSource {
  /** @type {number[]} */ opened;
  /** @type {Uint8Array<ArrayBuffer>} the trace, unpacked (load) */ bytes;
  /** @type {Checkpoint[]} */ cps;
  /** @type {number} events between checkpoints */ every;
  /** @type {number} the trace's events */ n;
  /** @type {RunInfo} */ info;
  /** @type {Cursor | null} where the source is: the state after event i */ cur;
  /** @type {ReturnType<typeof setInterval> | null} */ timer;

  /**
   * @param {Embedded} data
   * @param {SourceHandlers['onMessage']} onMessage
   */
  constructor(data, onMessage) {
    this.data = data; this.onMessage = onMessage; this.treeIter = 0; this.timer = null;
    this.opened = []; // the tree's nodes the page unfolded, as the server's session keeps them
    this.seq = 0; // the last message's number, as the server echoes it
  }

  /** @param {SourceHandlers['onStatus']} onStatus */
  open(onStatus) {
    onStatus(t('run.source.reading'));
    this.load().then(() => {
      onStatus(t('run.source.embedded'));
      this.onMessage(this.data.hello);
      this.show(0);
      // Another language: the state where the replay stands, in its words
      // (the narration, the charts); a replay playing says it at its next.
      onChange(() => {
        onStatus(t('run.source.embedded'));
        if (this.cur && !this.timer) this.emit();
      });
    }, (e) => {
      onStatus(t('run.source.unreadable'));
      this.onMessage({ type: 'error', message: t('run.source.unreadable-why', { Why: e && e.message || e }) });
    });
  }

  async load() {
    const packed = Uint8Array.from(atob(this.data.trace), (c) => c.charCodeAt(0));
    this.bytes = await tracefile.gunzip(packed);
    const r = new tracefile.BinaryTrace(this.bytes);
    const b = new build.Builder(build.TREE_LIMIT, !!this.data.perIteration);
    // About a thousand checkpoints at most, each a copy of the tree and
    // the counts: a seek folds at most every events. The copies are
    // bounded too (the index's byte budget in Go, fold/index.go): past
    // CHECKPOINT_NODES tree nodes in all, every other checkpoint goes and
    // the interval doubles.
    const expect = Math.max(1, Number(this.data.events) || 1);
    this.every = Math.max(2048, Math.ceil(expect / 1000));
    this.cps = [{ at: 0, mark: r.mark(), b: b.clone(), held: 0 }];
    let n = 0, held = 0;
    for (let e = r.next(); e !== null; e = r.next()) {
      b.fold(e);
      n++;
      if (n % this.every !== 0) continue;
      this.cps.push({ at: n, mark: r.mark(), b: b.clone(), held: b.tree.held });
      held += b.tree.held;
      while (held > CHECKPOINT_NODES && this.cps.length > 2) {
        this.cps = this.cps.filter((c) => c.at % (2 * this.every) === 0);
        this.every *= 2;
        held = this.cps.reduce((s, c) => s + c.held, 0);
      }
    }
    this.n = n;
    this.info = b.stats.run || this.data.run || {};
    this.cur = null;
  }

  // moveTo makes this.cur the state after events [0..i].
  /** @param {number} i */
  moveTo(i) {
    i = Math.max(0, Math.min(this.n - 1, i));
    const c = this.cur;
    if (!c || c.i > i || i - c.i > this.every) {
      let k = Math.min(this.cps.length - 1, Math.floor((i + 1) / this.every));
      while (k > 0 && this.cps[k].at > i + 1) k--;
      const cp = this.cps[k];
      const r = new tracefile.BinaryTrace(this.bytes);
      r.resume(cp.mark);
      this.cur = { r, b: cp.b.clone(), i: cp.at - 1 };
    }
    const cur = /** @type {Cursor} */ (this.cur);
    while (cur.i < i) { cur.b.fold(/** @type {TraceEvent} */ (cur.r.next())); cur.i++; }
  }

  // forward folds on until pred(event, builder) holds or the trace ends.
  /** @param {(e: TraceEvent, b: build.Builder) => boolean} pred */
  forward(pred) {
    this.moveTo(this.cur ? this.cur.i : 0);
    const cur = /** @type {Cursor} */ (this.cur);
    while (cur.i < this.n - 1) {
      const e = /** @type {TraceEvent} */ (cur.r.next());
      cur.b.fold(e);
      cur.i++;
      if (pred(e, cur.b)) break;
    }
    this.emit();
  }

  /**
   * @param {number} i
   * @param {boolean} [playing]
   */
  show(i, playing) { this.moveTo(i); this.emit(playing); }

  /** @param {boolean} [playing] */
  emit(playing) {
    const cur = /** @type {Cursor} */ (this.cur);
    const msg = replay.replayState(cur.b, this.n, this.data.renderer || '', this.treeIter, this.opened);
    if (this.seq) msg.seq = this.seq;
    if (playing && msg.status === 'paused') msg.status = 'running';
    if (msg.node) this.drawNode(msg.node);
    this.onMessage(msg);
  }

  /** @param {NodeView} node */
  drawNode(node) {
    const moves = node.moveIndices;
    delete node.moveIndices;
    if (!moves || node.error) return;
    const got = renderers.viewAfter(/** @type {string} */ (node.renderer), this.data.startView, moves, this.info);
    if (got.error) node.error = got.error; else node.view = got.view;
  }

  stop() { if (this.timer) { clearInterval(this.timer); this.timer = null; } }

  /** @param {PageMessage} msg */
  send(msg) {
    const i = this.cur ? this.cur.i : 0;
    if (Number(msg.seq) > this.seq) this.seq = Number(msg.seq);
    switch (msg.type) {
      case 'step': this.stop(); this.show(i + Math.max(1, Number(msg.n) || 1)); break;
      case 'back': this.stop(); this.show(i - 1); break;
      case 'expand': this.stop(); this.forward((e) => e.kind === 'visit'); break;
      case 'to-end': this.stop(); this.show(this.n - 1); break;
      // Up to and including the next bound increase, as the server's player.
      case 'to-bound': this.stop(); this.forward((e) => e.kind === 'bound-increase'); break;
      case 'seek': this.stop(); this.show(Math.max(1, Number(msg.pos) || 1) - 1); break;
      case 'play': {
        this.stop();
        const rate = Math.max(1, Number(msg.n) || 10);
        // At most 50 frames a second; a fast rate moves several events a frame.
        const every = Math.max(20, 1000 / rate), per = Math.max(1, Math.round(rate * every / 1000));
        this.timer = setInterval(() => {
          const at = /** @type {Cursor} */ (this.cur).i;
          if (at >= this.n - 1) { this.stop(); this.show(at); return; }
          this.show(at + per, true);
        }, every);
        break;
      }
      case 'pause': case 'cancel': this.stop(); this.show(i); break;
      case 'preview': break; // the export opens on its trace's start
      case 'tree': this.treeIter = Number(msg.iteration) || 0; this.show(i); break;
      case 'unfold': {
        const id = Number(msg.id);
        this.opened = this.opened.filter((x) => x !== id);
        if (msg.open) this.opened = this.opened.slice(-63).concat([id]);
        this.show(i);
        break;
      }
      case 'node': {
        const found = build.nodeAt(/** @type {Cursor} */ (this.cur).b, Number(msg.id));
        if (!found) { this.onMessage({ type: 'error', message: t('run.source.node-gone', { Node: msg.id }) }); break; }
        const n = found.node;
        const node = { id: n.id, g: n.g, h: n.h, f: n.f, depth: n.depth, moves: replay.moveNames(this.info, found.moves),
          renderer: this.data.renderer || '', moveIndices: found.moves };
        this.drawNode(node);
        this.onMessage({ type: 'node', node });
        break;
      }
      default:
        this.onMessage({ type: 'error', message: t('run.source.replay-only') });
    }
  }
}

/**
 * @param {SourceHandlers & {data: Embedded}} handlers
 * @returns {Source}
 */
function connect({ data, onMessage, onStatus }) {
  const s = new TraceSource(data, onMessage);
  s.open(onStatus);
  return { send: (msg) => s.send(msg), close: () => s.stop() };
}

export { connect };
