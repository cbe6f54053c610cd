// Folds a trace (NDJSON or binary) with the page's builder.js and prints,
// after each event, what web/fold/builder_test.go compares with the Go player's
// fold; in state mode, replaystate.js's state message.
//
// node builder_harness.mjs STATIC_DIR TRACE TREE_LIMIT [fold [OPENED_JSON] | state EVERY [LANG]]
// LANG is the page's language (i18n.js's setLang): its words, en by default.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [staticDir, tracePath, limit] = process.argv.slice(2);
// The page's own modules, as the page imports them.
const page = (name) => import(pathToFileURL(path.resolve(staticDir, name)).href);
const { Builder } = await page('builder.js');
const { replayState } = await page('replaystate.js');
const { BinaryTrace } = await page('tracefile.js');
const mode = process.argv[5] || 'fold';
if (mode === 'state' && process.argv[7]) (await page('i18n.js')).setLang(process.argv[7]);
const every = Number(process.argv[6] || 1); // states: print every k-th event's and the last
const opened = mode === 'fold' && process.argv[6] ? JSON.parse(process.argv[6]) : null; // node ids the page unfolded
let idx = -1;
let events;
if (tracePath.endsWith('.ndjson')) {
  const lines = fs.readFileSync(tracePath, 'utf8').split('\n').filter((l) => l.trim() !== '');
  events = lines.slice(1).map((l) => JSON.parse(l)); // the first line is the header
} else {
  const r = new BinaryTrace(new Uint8Array(fs.readFileSync(tracePath)));
  events = [];
  for (let e = r.next(); e !== null; e = r.next()) events.push(e);
}
const b = new Builder(Number(limit));
const out = [];
for (const ev of events) {
  b.fold(ev);
  idx++;
  if (mode === 'state') {
    if (idx % every !== 0 && idx !== events.length - 1) continue;
    const msg = replayState(b, events.length, '', 0);
    if (msg.node) delete msg.node.moveIndices;
    process.stdout.write(JSON.stringify(msg) + '\n');
    continue;
  }
  const f = b.frame(0, opened);
  const s = f.stats;
  out.push(JSON.stringify({
    tree: f.tree, lastMoves: f.lastMoves, lastPlaced: f.lastPlaced, totals: s.totals,
    current: s.current, iterations: s.iterations, solution: s.solution, solutionH: f.solutionH, solutionStar: f.solutionStar,
    effort: f.effort, status: s.status, algo: f.algo, astar: f.astar,
  }));
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
