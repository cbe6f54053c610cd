// Runs an exported page's TraceSource (tracesource.js) under node over the
// export's own embedded data, seeks and steps it about, and compares each
// state it hands the page with replaystate.js's state after a plain fold of
// every event up to there: web/export/page_test.go's TestTraceSourceSeeks.
//
// node tracesource_harness.mjs STATIC_DIR EXPORT_HTML
// prints {"events": n, "checked": k, "bad": ["what differed", ...]}
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [staticDir, exportPath] = process.argv.slice(2);

const html = fs.readFileSync(exportPath, 'utf8');
const m = /<script type="application\/json" id="viz-embedded">(.*?)<\/script>/s.exec(html);
if (!m) throw new Error('no embedded data in ' + exportPath);
const data = JSON.parse(m[1]);

// The page's modules as the page imports them. No renderer is loaded: a
// node's view is not compared.
const page = (name) => import(pathToFileURL(path.resolve(staticDir, name)).href);
const traceSource = await page('tracesource.js');
const vizTrace = await page('tracefile.js');
const vizBuild = await page('builder.js');
const vizReplay = await page('replaystate.js');

const states = [];
let status = '';
const link = traceSource.connect({ data, onMessage: (msg) => states.push(msg), onStatus: (s) => { status = s; } });

(async () => {
  // The source reads the trace asynchronously, then says hello.
  for (let i = 0; i < 600 && !states.some((s) => s.type === 'hello' || s.type === 'error'); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!states.some((s) => s.type === 'hello')) throw new Error('the source did not start: ' + status + ' ' + JSON.stringify(states));

  // The reference: every event folded in order, the state kept where needed.
  const bytes = await vizTrace.gunzip(Uint8Array.from(Buffer.from(data.trace, 'base64')));
  const events = [];
  const r = new vizTrace.BinaryTrace(bytes);
  for (let e = r.next(); e !== null; e = r.next()) events.push(e);
  const n = events.length;
  // Seeks to either side of checkpoints, far back, far on, and a step or
  // a step back from each.
  const picks = [n - 1, 1, Math.floor(n / 2), 2047, 2048, 2049, 4097, n - 3000, 100, 0, n - 2, 6143];
  const moves = [];
  for (const i of picks) {
    moves.push([{ type: 'seek', pos: i + 1 }, i]);
    moves.push([{ type: 'back' }, Math.max(0, i - 1)]);
    moves.push([{ type: 'step', n: 5 }, Math.min(n - 1, Math.max(0, i - 1) + 5)]);
  }
  const want = new Map(moves.map(([, i]) => [i, null]));
  const b = new vizBuild.Builder(vizBuild.TREE_LIMIT);
  events.forEach((e, i) => {
    b.fold(e);
    if (want.has(i)) want.set(i, JSON.stringify(vizReplay.replayState(b, n, data.renderer || '', 0)));
  });
  const strip = (msg) => {
    const c = JSON.parse(JSON.stringify(msg));
    if (c.node) { delete c.node.view; delete c.node.error; delete c.node.moveIndices; }
    return JSON.stringify(c);
  };
  const bad = [];
  for (const [msg, i] of moves) {
    states.length = 0;
    link.send(msg);
    const got = states[states.length - 1];
    if (!got || strip(got) !== strip(JSON.parse(want.get(i)))) bad.push(JSON.stringify(msg) + ': not the state after event ' + i);
  }
  link.close();
  process.stdout.write(JSON.stringify({ events: n, checked: moves.length, bad }));
})().catch((e) => { console.error(e); process.exit(1); });
