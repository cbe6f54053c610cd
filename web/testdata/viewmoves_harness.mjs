// The renderers' move functions under node, for web/viewmoves_test.go: it
// reads a request as JSON on stdin and writes what the page's JavaScript
// makes of it on stdout; the Go test compares that with the domains' View().
//
// Request: {"render": dir of the renderer files, "renderers": renderers.js,
//   "cases": [{"renderer", "info", "numMoves", "start": view, "moves": [m...],
//              "states": [view...], "probed": [i...]}]}
// Answer, per case: {"walk": [the view after each move, made from the
//   previous one], "probes": [[move(states[i], m) for m in 0..numMoves-1]
//   for i in probed],
//   "bad": [move(start, bad m) or move(bad view, 0)...], "app": renderers.js's
//   viewAfter along the whole walk, "appBad": viewAfter with a bad move in it,
//   "odd": move(the start with one field replaced by an odd value, m) for
//   every field, odd value and m in 0..min(numMoves, 4)-1: null or a view}.
// A move that throws answers {"thrown": message}: the contract says never.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const req = JSON.parse(fs.readFileSync(0, 'utf8'));

// The page's renderers.js and the renderer modules, as the page imports
// them: each renderer's default export is registered under its file's name.
const page = await import(pathToFileURL(path.resolve(req.renderers)).href);
const renderers = {};
for (const f of fs.readdirSync(req.render).sort()) {
  if (!f.endsWith('.js')) continue;
  const name = f.slice(0, -3);
  renderers[name] = (await import(pathToFileURL(path.resolve(req.render, f)).href)).default;
  page.register(name, renderers[name]);
}

// A frozen view makes a renderer that changes its argument throw (the files
// are strict), which the test reports.
const freeze = (v) => {
  if (v && typeof v === 'object') {
    Object.values(v).forEach(freeze);
    Object.freeze(v);
  }
  return v;
};
const clone = (v) => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
const move = (r, view, m, info) => {
  try {
    const out = r.move(freeze(clone(view)), m, info);
    return out === undefined ? { thrown: 'returned undefined' } : out;
  } catch (e) {
    return { thrown: String(e && e.stack || e) };
  }
};

const out = req.cases.map((c) => {
  const r = renderers[c.renderer];
  if (!r || typeof r.move !== 'function') return { error: 'no renderer ' + c.renderer + ' with a move function' };
  const walk = [];
  let v = c.start;
  for (const m of c.moves) {
    v = move(r, v, m, c.info);
    walk.push(v);
    if (v === null || v.thrown) break;
  }
  const probes = c.probed.map((i) => c.states[i]).map((s) => {
    const row = [];
    for (let m = 0; m < c.numMoves; m++) row.push(move(r, s, m, c.info));
    return row;
  });
  const n = c.numMoves;
  const bad = [-1, n, n + 7, 0.5, '1', null, undefined, NaN, {}].map((m) => move(r, c.start, m, c.info))
    .concat([null, {}, [], 'x', { size: 3, stickers: 5, cells: {}, books: [1, 1], n: 2.5 }].map((view) => move(r, view, 0, c.info)));
  const odd = [];
  for (const key of Object.keys(c.start)) {
    for (const value of [null, -1, 0, 1e9, 2.5, 'x', [], {}, [1e9, -5, 'a', null], c.start]) {
      for (let m = 0; m < Math.min(c.numMoves, 4); m++) {
        odd.push(move(r, Object.assign({}, c.start, { [key]: value }), m, c.info));
      }
    }
  }
  const appBad = page.viewAfter(c.renderer, c.start, c.moves.slice(0, 3).concat([-1]), c.info);
  return { walk, probes, bad, odd, app: page.viewAfter(c.renderer, c.start, c.moves, c.info), appBad };
});
process.stdout.write(JSON.stringify(out));
