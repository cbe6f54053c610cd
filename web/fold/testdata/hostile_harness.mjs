// Reads one hostile trace (trace/hostile) as an exported page does: the
// page's TraceSource (tracesource.js) over the trace gzipped and embedded,
// which reads it with tracefile.js and folds it with builder.js and
// replaystate.js; then goes to its end. web/fold/hostiletraces_test.go
// compares what it says with what Go's reader says of the same file.
//
// node hostile_harness.mjs STATIC_DIR TRACE
// prints {"refused": "the page's error" | "", "pos": n, "status": "...",
//         "maxRSS": bytes, "heap": bytes}
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';

const [staticDir, tracePath] = process.argv.slice(2);
const page = (name) => import(pathToFileURL(path.resolve(staticDir, name)).href);
const traceSource = await page('tracesource.js');
const { BinaryTrace } = await page('tracefile.js');

// The export says how many events it carries (the source spaces its
// checkpoints by it): counted here as Go counts them, up to any damage.
const bytes = fs.readFileSync(tracePath);
let events = 0;
try {
  const r = new BinaryTrace(new Uint8Array(bytes));
  while (r.next() !== null) events++;
} catch {
  // The source reads it again, and says what is wrong.
}

const colours = { run: '#4e79a7', visited: '#59a14f', generated: '#76b7b2', pruned: '#e15759', solution: '#f28e2b',
  open: '#edc948', outline: '#555', hatch: null, series: ['#4e79a7'] };
const data = {
  trace: zlib.gzipSync(bytes).toString('base64'),
  events, renderer: '', startView: null, colours, hello: { type: 'hello', mode: 'replay' },
};

const msgs = [];
const link = traceSource.connect({ data, onMessage: (m) => msgs.push(m), onStatus: () => {} });
const wait = async (pred) => {
  for (let i = 0; i < 6000 && !msgs.some(pred); i++) await new Promise((r) => setTimeout(r, 10));
};
await wait((m) => m.type === 'state' || m.type === 'error');
const refused = msgs.find((m) => m.type === 'error');
let last = null;
if (!refused) {
  link.send({ type: 'to-end' });
  last = msgs.filter((m) => m.type === 'state').pop();
  // The page draws what it is handed: it must go into JSON and out again.
  JSON.parse(JSON.stringify(last));
}
link.close();
msgs.length = 0;
// What the page keeps, not garbage the collector has not reached yet (under
// load it may not have run at all): the test runs node with --expose-gc.
if (typeof globalThis.gc === 'function') globalThis.gc();
process.stdout.write(JSON.stringify({
  refused: refused ? refused.message : '',
  pos: last ? last.replay.pos : 0, status: last ? last.status : '',
  maxRSS: peakRSS(), heap: process.memoryUsage().heapUsed,
}) + '\n');

// peakRSS is this process's peak resident memory in bytes: the kernel's
// high-water mark of its own address space (VmHWM) where there is one,
// since getrusage's maxRSS is carried over exec from the process that
// started node (a race-detector test binary's hundreds of MB).
function peakRSS() {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch { /* not Linux: fall back */ }
  return process.resourceUsage().maxRSS * 1024;
}
