// @ts-check
// tracefile.js: binary trace files read in the browser (trace/FORMAT.md),
// into events shaped as the NDJSON encoding's objects. The exported page
// carries its trace gzipped, unpacks it with DecompressionStream (gunzip)
// and reads it with BinaryTrace (tracesource.js).
import { MAGIC, KINDS, STATUSES, MAX_PAYLOAD, MAX_LIST } from './shared.js';
import { t } from './i18n.js';

class TraceError extends Error {
  /**
   * @param {number} offset where the record starts
   * @param {number} records the records read before it
   * @param {string} why
   */
  constructor(offset, records, why) {
    super(t('run.file.error', { Record: records + 1, Offset: offset, Why: why }));
    this.offset = offset; this.records = records;
  }
}

// BinaryTrace reads the binary encoding from a Uint8Array. Numbers are
// JavaScript numbers: exact up to 2^53, which node ids and counts of any
// trace a browser could hold stay below. Its fields are its own: a reader
// that must come back to a place takes a mark() and resume()s from it, as
// trace.Reader's Mark and trace.Resume in Go.
class BinaryTrace {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.b = bytes; this.pos = 0; this.records = 0;
    // The delta bases: the last node id, iteration and bound read.
    this.P = 0; this.I = 0; this.B = 0;
    for (let i = 0; i < MAGIC.length; i++) {
      if (bytes[i] !== MAGIC[i]) throw new TraceError(0, 0, t('run.file.magic'));
    }
    this.pos = MAGIC.length;
    this.end = bytes.length;
    const major = this.u();
    this.u(); // minor: later minors only add what this reader skips
    if (major !== 1) throw new TraceError(0, 0, t('run.file.version', { Major: major }));
  }

  // mark is the reader's place: where the next record starts and the
  // bases its deltas are read against. It is plain data, safe to keep.
  /** @returns {Readonly<TraceMark>} */
  mark() {
    return Object.freeze({ pos: this.pos, records: this.records, P: this.P, I: this.I, B: this.B });
  }

  // resume goes back (or on) to a place mark() gave, in these same bytes:
  // next() then reads the record after it.
  /** @param {TraceMark} m */
  resume(m) {
    this.pos = m.pos; this.records = m.records;
    this.P = m.P; this.I = m.I; this.B = m.B;
    this.end = this.b.length;
  }

  /** @returns {number} an unsigned varint */
  u() {
    let x = 0, mul = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new RangeError(t('run.file.cut-varint'));
      const c = this.b[this.pos++];
      x += (c & 0x7f) * mul;
      if (c < 0x80) return x;
      mul *= 128;
    }
    throw new RangeError(t('run.file.long-varint'));
  }

  /** @returns {number} a signed (zig-zag) varint */
  s() {
    const z = this.u();
    // zig-zag: even values are non-negative, odd ones negative.
    return (z % 2 === 0) ? z / 2 : -(z + 1) / 2;
  }

  /** @returns {number[]} */
  list() {
    const k = this.u();
    if (k > MAX_LIST) throw new RangeError(t('run.file.long-list', { K: k, Max: MAX_LIST }));
    const out = new Array(k);
    for (let i = 0; i < k; i++) out[i] = this.s();
    return out;
  }

  /** @returns {IterationStats} */
  stats() {
    /** @type {IterationStats} */
    const it = { iteration: this.s(), bound: this.s(), nextBound: this.s(), expanded: this.s(), generated: this.s(), pruned: this.s() };
    const v = this.list(), p = this.list(), d = this.list();
    if (v.length) it.visitF = v;
    if (p.length) it.pruneF = p;
    if (d.length) it.depth = d;
    return it;
  }

  // next returns the next event, null at a clean end; it throws a
  // TraceError for a file cut short or damaged.
  /** @returns {TraceEvent | null} */
  next() {
    for (;;) {
      const start = this.pos;
      if (this.pos >= this.b.length) return null;
      const kind = this.b[this.pos++];
      let n;
      try {
        this.end = this.b.length;
        n = this.u();
      } catch (e) {
        throw new TraceError(start, this.records, t('run.file.cut-header'));
      }
      if (n > MAX_PAYLOAD) throw new TraceError(start, this.records, t('run.file.long-payload', { Bytes: n, Max: MAX_PAYLOAD }));
      const body = this.pos;
      if (body + n > this.b.length) throw new TraceError(start, this.records, t('run.file.cut-record'));
      this.end = body + n;
      let e;
      try {
        e = this.payload(kind, n);
      } catch (err) {
        throw new TraceError(start, this.records, String(err.message || err));
      }
      this.pos = body + n; // skip fields a later minor version appended
      this.end = this.b.length;
      this.records++;
      if (e) return e;
    }
  }

  /**
   * @param {number} kind
   * @param {number} n the payload's length
   * @returns {TraceEvent | null}
   */
  payload(kind, n) {
    const name = KINDS[kind];
    if (!name) return null; // a kind this reader does not know
    // Built up field by field below, as the record's kind says.
    const e = /** @type {TraceEvent} */ ({ kind: name });
    switch (name) {
      case 'run-start': {
        this.P = 0; this.I = 0; this.B = 0;
        if (n > 0) e.run = JSON.parse(new TextDecoder().decode(this.b.subarray(this.pos, this.pos + n)));
        break;
      }
      case 'iteration-start':
        e.iteration = this.s(); e.bound = this.s();
        this.I = e.iteration; this.B = e.bound;
        break;
      case 'visit': case 'prune': case 'expand': case 'push': case 'reopen': {
        const d = this.s();
        let node;
        if (d === 0) node = 0;
        else { node = this.P + d; if (node === 0) node = this.P; }
        const r = node !== 0 ? node : this.P;
        if (node !== 0) this.P = node;
        e.node = node;
        e.parent = r - this.s();
        e.depth = this.s(); e.g = this.s(); e.h = this.s();
        e.f = e.g + e.h + this.s();
        e.move = this.s();
        e.iteration = this.I + this.s();
        e.bound = this.B + this.s();
        this.I = e.iteration; this.B = e.bound;
        if (name === 'prune') {
          if (this.pos >= this.end) throw new RangeError(t('run.file.prune-reason'));
          const why = this.b[this.pos++];
          e.reason = why === 1 ? 'bound' : why === 2 ? 'move-rule' : `reason(${why})`;
        } else if (name === 'expand') {
          e.children = this.s();
        } else if (name === 'reopen') {
          e.replaces = node - this.s();
        }
        break;
      }
      case 'raise': {
        // Read against P, I and B, and changes none of them (1.2).
        e.node = this.P + this.s();
        e.parent = e.node - this.s();
        e.depth = this.s(); e.g = this.s(); e.h = this.s();
        e.f = e.g + e.h;
        e.move = this.s();
        e.iteration = this.I + this.s();
        e.bound = this.B + this.s();
        break;
      }
      case 'bound-increase':
        e.iteration = this.s(); e.bound = this.s(); e.newBound = this.s();
        this.I = e.iteration; this.B = e.bound;
        break;
      case 'iteration-end': case 'progress': {
        e.iteration = this.s(); e.bound = this.s();
        this.I = e.iteration; this.B = e.bound;
        if (this.pos >= this.end) throw new RangeError(t('run.file.stats-flag'));
        if (this.b[this.pos++] === 1) e.stats = this.stats();
        break;
      }
      case 'solution': {
        e.cost = this.s();
        e.moves = this.list();
        break;
      }
      case 'run-end': {
        const st = this.u();
        e.status = STATUSES[st] || `status(${st})`;
        e.expanded = this.s(); e.generated = this.s(); e.pruned = this.s(); e.elapsedNs = this.s();
        break;
      }
    }
    return e;
  }
}

// gunzip inflates gzipped bytes with the browser's DecompressionStream.
/**
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
async function gunzip(bytes) {
  const ds = new DecompressionStream('gzip');
  const out = new Response(new Blob([bytes]).stream().pipeThrough(ds));
  return new Uint8Array(await out.arrayBuffer());
}

export { BinaryTrace, TraceError, gunzip };
