// @ts-check
// contract.js: window.viz, the read-only object that is the page's contract
// with automated checks (docs/PROTOCOL.md, docs/GUIDE.md): keep its fields.
// event is the index of the current event (0-based) in the run, events how
// many there are so far (live) or in the recording (replay); lang the
// language the page speaks (en, zh-CN, or the tests' en-XA).
// window.viz is the only global the page defines (the browser tests in web/ hold
// it so); page is its one door to the page's parts, for checks that do
// more than click and read (docs/PROTOCOL.md lists its functions).
import { shared, send, presenting, dropLink, embedView } from './page.js';
import * as charts from './charts.js';
import * as classroom from './classroom.js';
import * as compare from './compare.js';
import * as follow from './follow.js';
import * as gridEdit from './gridedit.js';
import * as lecture from './lecture.js';
import * as present from './present.js';
import * as quiz from './quiz.js';
import * as renderers from './renderers.js';
import { lang } from './i18n.js';

/** @type {(() => void)[]} */
const listeners = [];
/** @type {Viz['page']} */
const hooks = Object.freeze({
  send: (msg) => send(msg), // a control message of docs/PROTOCOL.md, numbered as the page's own
  last: () => shared.last, // the last state message drawn (or held by the quiz), whole
  onState: (f) => { listeners.push(f); }, // f() after each state drawn has set window.viz
  presentation: (on) => present.set(!!on),
  chart: (el) => charts.instance(el), // the echarts instance in el (an element or its id)
  saveChartSVG: (id) => charts.saveSVG(id), // the chart in the element id, offered as an SVG file
  lectureFileName: () => lecture.fileName(), // the name the lecture's bookmarks download as
  gridMap: () => gridEdit.text(), // the grid editor's map, as the Problem tab sends it
  // the view after moves from a start's view, made by the renderer's move (render/README.md)
  viewAfter: (renderer, startView, moves, info) => renderers.viewAfter(renderer, startView, moves, info),
  dropConnection: () => dropLink(), // the link closes as a failed network would: a follower reconnects
});

// publish makes fields window.viz, with page beside them (not enumerable:
// a check that lists or serialises window.viz sees its data only).
/** @param {Omit<Viz, 'page'>} fields */
function publish(fields) {
  Object.defineProperty(fields, 'page', { value: hooks });
  now = /** @type {Viz} */ (Object.freeze(fields));
}

/** @type {Viz} */
let now;
publish({
  status: 'idle', mode: shared.mode, lang: lang(), bound: 0, iteration: 0, expanded: 0, generated: 0, pruned: 0,
  solutionLength: 0, cost: 0, iterations: Object.freeze([]), drawnTreeNodes: 0, treeNodes: 0, event: -1, events: 0, messages: 0,
  runs: Object.freeze([]), lockstep: null,
  nextBound: 0, histIteration: 0, histBound: 0, treeIteration: 0, treeBound: 0,
  presentation: false, embed: embedView, quiz: Object.freeze({ on: false, asked: 0, right: 0, question: null, skipped: 0 }), bookmarks: Object.freeze([]),
  algorithm: 'ida', codeLine: '', stack: Object.freeze([]), open: null, closed: 0, class: null, follow: null,
});
Object.defineProperty(window, 'viz', { get() { return now; }, enumerable: true });

// current is window.viz as it stands.
function current() { return now; }

// The fields the page itself owns (not the source's).
function pageFields() {
  return {
    mode: shared.mode,
    lang: lang(),
    presentation: presenting(),
    embed: embedView,
    quiz: Object.freeze(shared.mode === 'follow' ? follow.score() : quiz.score()),
    bookmarks: lecture.bookmarks(),
    class: classroom.fields(),
    follow: shared.mode === 'follow' ? Object.freeze(follow.fields()) : null,
  };
}

// page refreshes the fields the page itself owns.
function page() {
  publish(Object.assign({}, now, pageFields()));
}

// state sets every field from a state message drawn.
/** @param {StateMessage} msg */
function state(msg) {
  /** @type {Partial<RunView>} */
  const a = msg.active || {};
  const pos = a.events || 0;
  const p = pageFields();
  publish({
    status: msg.status || 'idle',
    mode: p.mode,
    lang: p.lang,
    event: pos - 1,
    events: msg.replay ? msg.replay.total : pos,
    presentation: p.presentation,
    embed: p.embed,
    quiz: p.quiz,
    bookmarks: p.bookmarks,
    class: p.class,
    follow: p.follow,
    bound: a.bound || 0,
    iteration: a.iteration || 0,
    expanded: a.expanded || 0,
    generated: a.generated || 0,
    pruned: a.pruned || 0,
    solutionLength: a.solutionLength || 0,
    cost: a.cost || 0,
    iterations: Object.freeze((a.iterations || []).map((it) => Object.freeze({
      bound: it.bound, expanded: it.expanded, generated: it.generated, pruned: it.pruned,
    }))),
    nextBound: a.nextBound || 0,
    histIteration: msg.hist ? msg.hist.iteration : 0,
    histBound: msg.hist ? msg.hist.bound : 0,
    treeIteration: msg.tree ? msg.tree.iteration : 0,
    treeBound: msg.tree ? msg.tree.bound : 0,
    drawnTreeNodes: msg.tree ? msg.tree.drawn : 0,
    treeNodes: msg.tree ? msg.tree.nodes || 0 : 0,
    messages: shared.messages,
    runs: runs(msg),
    lockstep: lockstep(msg),
    ...algorithm(msg),
  });
  for (const f of listeners) { try { f(); } catch (e) { console.error('window.viz.page.onState', e); } }
}

// algorithm is what the code and stack panels show: the algorithm, the
// lit line, IDA*'s stack (root first) or A*'s open list and closed count.
/** @param {StateMessage} msg */
function algorithm(msg) {
  const a = msg.algo;
  if (!a) return { algorithm: 'ida', codeLine: '', stack: Object.freeze([]), open: null, closed: 0 };
  const astar = a.algorithm === 'astar';
  return {
    algorithm: astar ? 'astar' : 'ida',
    codeLine: a.line || '',
    stack: Object.freeze((a.stack || []).map((f) => Object.freeze({ id: f.id, move: f.move, g: f.g, h: f.h, f: f.f, left: f.left }))),
    open: astar ? Object.freeze({ size: /** @type {NonNullable<AlgoView['open']>} */ (a.open).size, best: Object.freeze((/** @type {NonNullable<AlgoView['open']>} */ (a.open).best || []).map((n) => Object.freeze({ id: n.id, f: n.f, g: n.g, h: n.h }))) }) : null,
    closed: astar ? a.closed : 0,
  };
}

// runs is window.viz.runs: every run the page holds, with its colour.
/** @param {StateMessage} msg */
function runs(msg) {
  return Object.freeze((msg.runs || []).map((r) => Object.freeze({
    id: r.id, heuristic: r.heuristic, algorithm: r.algorithm, colour: r.colour, status: r.status,
    startH: r.startH, generated: r.generated, iterations: (r.iterations || []).length, bound: r.bound,
  })));
}

// lockstep is window.viz.lockstep: the bound the runs in lock-step were
// moved to, and of the tree each shows there the bound (0: none), the
// nodes drawn and the scale (one for all: compare.js).
/** @param {StateMessage} msg */
function lockstep(msg) {
  const l = msg.lockstep;
  if (!l) return null;
  const drawn = compare.lockstepDrawn();
  return Object.freeze({
    bound: l.bound, next: l.next,
    runs: Object.freeze(l.runs.map((r) => Object.freeze({
      id: r.id, treeBound: r.tree ? r.tree.bound : 0, generated: r.generated, note: r.note || '',
      treeDrawn: (drawn[r.id] || {}).drawn || 0, treeScale: (drawn[r.id] || {}).scale || 0,
    }))),
  });
}

export { current, page, state };
