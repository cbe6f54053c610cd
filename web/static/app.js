// idaviz page: plain JS, no build step. Everything it draws comes from a
// Source; the server computes the state, the tree window and the chart
// options (go-echarts), the page only draws them.
'use strict';

// ---- renderers -------------------------------------------------------------
// A renderer file (static/render/NAME.js) calls vizRegisterRenderer(NAME,
// {draw(el, view)}) to draw a state's JSON view into an empty element.
const renderers = {};
window.vizRegisterRenderer = function (name, r) {
  if (typeof name === 'string' && r && typeof r.draw === 'function') renderers[name] = r;
};

function drawState(el, renderer, view) {
  el.textContent = '';
  if (view === undefined || view === null) return;
  const r = renderers[renderer];
  if (r) {
    try { r.draw(el, view); return; } catch (e) { console.error('renderer', renderer, e); }
  }
  const pre = document.createElement('pre');
  pre.className = 'view';
  pre.textContent = JSON.stringify(view, null, 1);
  el.appendChild(pre);
}

// vizViewAfter is the view of the state that moves (move indices, as in the
// trace) reach from startView, the view of the run's start, made in the page
// by the renderer's optional move(view, m, info) (static/render/README.md):
// a page with no server draws any node from its path. info is the run's
// metadata ({puzzle, moveNames, options}). It returns {view}, or {error}
// saying why the state cannot be drawn.
window.vizViewAfter = function (renderer, startView, moves, info) {
  if (!Array.isArray(moves)) return { error: 'no moves to make' };
  const r = renderers[renderer];
  if (!r || typeof r.move !== 'function') {
    return { error: 'the ' + renderer + ' renderer cannot make moves, so this state cannot be drawn' };
  }
  let view = startView;
  for (let i = 0; i < moves.length; i++) {
    let next = null;
    try { next = r.move(view, moves[i], info); } catch (e) { console.error('renderer', renderer, e); }
    if (next === null || next === undefined) {
      const names = info && info.moveNames;
      const name = names && names[moves[i]] !== undefined ? names[moves[i]] : String(moves[i]);
      return { error: 'move ' + (i + 1) + ' (' + name + ') cannot be made here' };
    }
    view = next;
  }
  return { view };
};

// ---- sources ---------------------------------------------------------------
// A Source is where the page's data comes from. It has two methods:
//   connect(onMessage, onStatus)  onMessage(msg) for each server message,
//                                 onStatus(text) for the connection's state;
//   send(msg)                     a control message (docs/PROTOCOL.md).
// LiveSource talks to viz serve or viz replay over a websocket; TraceSource
// implements the same two methods over the trace an exported page embeds.
class LiveSource {
  constructor(url) { this.url = url; this.ws = null; }
  connect(onMessage, onStatus) {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => onStatus('connected');
    ws.onclose = () => onStatus('disconnected (reload the page)');
    ws.onerror = () => onStatus('connection error');
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      onMessage(msg);
    };
  }
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }
}

// TraceSource replays the trace embedded in an exported page
// (web.ExportHTML): no server at all. It builds every state from the events
// with builder.js, the same fold as the server's (web/builder_test.go
// checks them event by event), and answers the messages of docs/PROTOCOL.md
// as its last section says. Seeking goes through checkpoints of the
// builder, made once while the trace is read, so any event is at most one
// interval of folding away.
class TraceSource {
  constructor(data) { this.data = data; this.treeIter = 0; this.timer = null; }
  connect(onMessage, onStatus) {
    this.onMessage = onMessage;
    onStatus('reading the embedded trace…');
    this.load().then(() => {
      onStatus('embedded trace');
      onMessage(this.data.hello);
      this.show(0);
    }, (e) => {
      onStatus('the embedded trace could not be read');
      onMessage({ type: 'error', message: 'the embedded trace could not be read: ' + (e && e.message || e) });
    });
  }
  async load() {
    const packed = Uint8Array.from(atob(this.data.trace), (c) => c.charCodeAt(0));
    this.bytes = await vizTrace.gunzip(packed);
    const r = new vizTrace.BinaryTrace(this.bytes);
    const b = new vizBuild.Builder(300);
    // About a thousand checkpoints at most, each a copy of the window and
    // the counts: a seek folds at most every events.
    const expect = Math.max(1, Number(this.data.events) || 1);
    this.every = Math.max(2048, Math.ceil(expect / 1000));
    this.cps = [this.checkpoint(r, b, 0)];
    let n = 0;
    for (let e = r.next(); e !== null; e = r.next()) {
      b.fold(e);
      n++;
      if (n % this.every === 0) this.cps.push(this.checkpoint(r, b, n));
    }
    this.n = n;
    this.info = b.stats.run || this.data.run || {};
    this.cur = null;
  }
  checkpoint(r, b, at) { return { at, pos: r.pos, P: r.P, I: r.I, B: r.B, b: b.clone() }; }
  // moveTo makes this.cur the state after events [0..i].
  moveTo(i) {
    i = Math.max(0, Math.min(this.n - 1, i));
    const c = this.cur;
    if (!c || c.i > i || i - c.i > this.every) {
      let k = Math.min(this.cps.length - 1, Math.floor((i + 1) / this.every));
      while (k > 0 && this.cps[k].at > i + 1) k--;
      const cp = this.cps[k];
      const r = new vizTrace.BinaryTrace(this.bytes);
      Object.assign(r, { pos: cp.pos, P: cp.P, I: cp.I, B: cp.B });
      this.cur = { r, b: cp.b.clone(), i: cp.at - 1 };
    }
    const cur = this.cur;
    while (cur.i < i) { cur.b.fold(cur.r.next()); cur.i++; }
  }
  // forward folds on until pred(event, builder) holds or the trace ends.
  forward(pred) {
    this.moveTo(this.cur ? this.cur.i : 0);
    const cur = this.cur;
    while (cur.i < this.n - 1) {
      const e = cur.r.next();
      cur.b.fold(e);
      cur.i++;
      if (pred(e, cur.b)) break;
    }
    this.emit();
  }
  show(i, playing) { this.moveTo(i); this.emit(playing); }
  emit(playing) {
    const cur = this.cur;
    const msg = vizBuild.replayState(cur.b, this.n, this.data.renderer || '', this.treeIter);
    if (playing && msg.status === 'paused') msg.status = 'running';
    if (msg.node) this.drawNode(msg.node);
    this.onMessage(msg);
  }
  drawNode(node) {
    const moves = node.moveIndices;
    delete node.moveIndices;
    if (!moves || node.error) return;
    const got = window.vizViewAfter(node.renderer, this.data.startView, moves, this.info);
    if (got.error) node.error = got.error; else node.view = got.view;
  }
  stop() { if (this.timer) { clearInterval(this.timer); this.timer = null; } }
  send(msg) {
    const i = this.cur ? this.cur.i : 0;
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
          const at = this.cur.i;
          if (at >= this.n - 1) { this.stop(); this.show(at); return; }
          this.show(at + per, true);
        }, every);
        break;
      }
      case 'pause': case 'cancel': this.stop(); this.show(i); break;
      case 'preview': break; // the export opens on its trace's start
      case 'tree': this.treeIter = Number(msg.iteration) || 0; this.show(i); break;
      case 'node': {
        const found = vizBuild.nodeAt(this.cur.b, Number(msg.id));
        if (!found) { this.onMessage({ type: 'error', message: 'node ' + msg.id + ' is no longer in the tree window' }); break; }
        const n = found.node;
        const node = { id: n.id, g: n.g, h: n.h, f: n.f, depth: n.depth, moves: vizBuild.moveNames(this.info, found.moves),
          renderer: this.data.renderer || '', moveIndices: found.moves };
        this.drawNode(node);
        this.onMessage({ type: 'node', node });
        break;
      }
      default:
        this.onMessage({ type: 'error', message: 'this exported page replays its trace only' });
    }
  }
}


// ---- the read-only status object for automated checks ----------------------
// window.viz is the page's contract with automated checks (issue 9): keep
// its fields. event is the index of the current event (0-based) in the run,
// events how many there are so far (live) or in the recording (replay).
let vizState = Object.freeze({
  status: 'idle', mode: 'live', bound: 0, iteration: 0, expanded: 0, generated: 0, pruned: 0,
  solutionLength: 0, iterations: Object.freeze([]), drawnTreeNodes: 0, event: -1, events: 0, messages: 0,
  runs: Object.freeze([]), lockstep: null,
  nextBound: 0, histIteration: 0, histBound: 0, treeIteration: 0, treeBound: 0,
  presentation: false, quiz: Object.freeze({ on: false, asked: 0, right: 0 }), bookmarks: Object.freeze([]),
});
Object.defineProperty(window, 'viz', { get() { return vizState; }, enumerable: true });
let messages = 0;
let pageMode = 'live';

// setVizPage refreshes the fields the page itself owns (not the server's).
function setVizPage() {
  vizState = Object.freeze(Object.assign({}, vizState, {
    mode: pageMode,
    presentation: document.body.classList.contains('present'),
    quiz: Object.freeze({ on: quiz.on, asked: quiz.asked, right: quiz.right }),
    bookmarks: vizBookmarks(),
  }));
}

function setViz(msg) {
  const a = msg.active || {};
  const pos = a.events || 0;
  vizState = Object.freeze({
    status: msg.status || 'idle',
    mode: pageMode,
    event: pos - 1,
    events: msg.replay ? msg.replay.total : pos,
    presentation: document.body.classList.contains('present'),
    quiz: Object.freeze({ on: quiz.on, asked: quiz.asked, right: quiz.right }),
    bookmarks: vizBookmarks(),
    bound: a.bound || 0,
    iteration: a.iteration || 0,
    expanded: a.expanded || 0,
    generated: a.generated || 0,
    pruned: a.pruned || 0,
    solutionLength: a.solutionLength || 0,
    iterations: Object.freeze((a.iterations || []).map((it) => Object.freeze({
      bound: it.bound, expanded: it.expanded, generated: it.generated, pruned: it.pruned,
    }))),
    nextBound: a.nextBound || 0,
    histIteration: msg.hist ? msg.hist.iteration : 0,
    histBound: msg.hist ? msg.hist.bound : 0,
    treeIteration: msg.tree ? msg.tree.iteration : 0,
    treeBound: msg.tree ? msg.tree.bound : 0,
    drawnTreeNodes: msg.tree ? msg.tree.drawn : 0,
    messages: messages,
    runs: compareViz(msg),
    lockstep: lockstepViz(msg),
  });
}

// ---- page state --------------------------------------------------------------
const $ = (id) => document.getElementById(id);
let catalogue = [];
let source = null;
let playing = false;
let lastState = null;
const speeds = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10000, 100000, 1000000];

const charts = {};
function chart(id) {
  if (!charts[id]) charts[id] = echarts.init($(id), null, { renderer: 'canvas' });
  return charts[id];
}
window.addEventListener('resize', () => Object.values(charts).forEach((c) => c.resize()));

function showError(text) { $('error').textContent = text || ''; }

function send(msg) {
  if (msg.type === 'start') lastStart = msg; // for "download this run"
  if (source) source.send(msg);
}

// ---- catalogue and setup -----------------------------------------------------
function currentPuzzle() { return catalogue.find((p) => p.name === $('puzzle').value); }

function fillSelect(sel, values, labels) {
  sel.textContent = '';
  values.forEach((v, i) => {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = labels ? labels[i] : v;
    sel.appendChild(o);
  });
}

// reflow joins the lines of a help text, which is hard-wrapped for a
// terminal, keeping indented lines (examples) and blank lines as they are:
// the panel wraps it at its own width.
function reflow(text) {
  let out = '', keep = true;
  for (const line of text.split('\n')) {
    const own = line === '' || /^\s/.test(line);
    out += (out === '' ? '' : own || keep ? '\n' : ' ') + line.trim();
    keep = own;
  }
  return out;
}

function onPuzzle() {
  const p = currentPuzzle();
  if (!p) return;
  fillSelect($('heuristic'), p.heuristics || []);
  const goals = p.goals || [];
  fillSelect($('goal'), goals);
  $('goal-label').style.display = goals.length > 1 ? '' : 'none';
  const presets = p.presets || [];
  fillSelect($('preset'), [''].concat(presets.map((_, i) => String(i))),
    ['—'].concat(presets.map(presetLabel)));
  // The menu names the puzzle short; its full title leads the help.
  $('help').textContent = (p.title || p.name) + (p.help ? '\n' + reflow(p.help) : '');
  if (presets.length > 0) {
    // The first preset with something to solve: a sample that is already
    // solved (0 moves) makes a dull first search.
    applyPreset(Math.max(0, presets.findIndex((x) => x.optimal > 0)));
  } else {
    $('preset').value = '';
    $('state').value = '';
  }
  requestPreview();
}

// presetLabel names a preset with its optimal length, unless the name says it.
function presetLabel(x) {
  const n = x.optimal, moves = n + (n === 1 ? ' move' : ' moves');
  return n && !x.name.includes(moves) ? x.name + ' · ' + moves : x.name;
}

// applyPreset selects preset i of the current puzzle: its state and the
// goal it is posed for (the puzzle's first goal when it names none).
function applyPreset(i) {
  const p = currentPuzzle();
  const pr = p && p.presets && p.presets[i];
  if (!pr) return;
  $('preset').value = String(i);
  $('state').value = pr.state;
  if ((p.goals || []).length > 0) $('goal').value = pr.goal || p.goals[0];
}

// shortTitle is a title up to its first parenthesis or colon, for a menu.
function shortTitle(t) { return t.split(/ \(|: /)[0]; }

function loadRenderers() {
  const names = new Set(catalogue.map((p) => p.renderer).filter((r) => /^[a-z0-9_-]+$/i.test(r || '')));
  names.forEach((n) => {
    const s = document.createElement('script');
    s.src = '/static/render/' + n + '.js';
    s.onload = () => { if (lastState) drawNode(lastState.node); };
    document.head.appendChild(s);
  });
}

async function loadCatalogue() {
  try {
    const r = await fetch('/api/puzzles');
    catalogue = await r.json();
  } catch (e) {
    showError('could not load the puzzle list: ' + e);
    return;
  }
  fillSelect($('puzzle'), catalogue.map((p) => p.name), catalogue.map((p) => shortTitle(p.title || p.name)));
  const eight = catalogue.find((p) => p.name === '8puzzle');
  if (eight) $('puzzle').value = '8puzzle';
  onPuzzle();
  loadRenderers();
}

// ---- drawing -------------------------------------------------------------------
function fmt(n) {
  if (typeof n !== 'number') return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

function drawStats(msg) {
  const a = msg.active;
  const rows = [];
  rows.push(['status', msg.status]);
  // A run building its databases has no counts yet: zeros and a clock
  // would read as a search that does nothing (the build's progress is the
  // last-event line).
  if (a && msg.status !== 'building') {
    // Before its run-start (a database still building) a run has no names yet.
    if (a.puzzle) rows.push(['run', '#' + a.id + ' ' + a.puzzle + ', ' + a.heuristic + ', ' + a.algorithm]);
    rows.push(['iteration', a.iteration], ['bound', a.bound]);
    if (a.nextBound) rows.push(['next bound', a.nextBound + ' (the smallest f pruned)']);
    rows.push(['expanded', a.expanded], ['generated', a.generated], ['pruned', a.pruned]);
    rows.push(['events', a.events]);
    // Time and rate mean something only for a run that was never held
    // back; a stepped run's clock is the lecture's.
    if (a.timed) {
      rows.push(['elapsed', a.seconds.toFixed(3) + ' s']);
      rows.push(['nodes per second', Math.round(a.nodesPerSecond)]);
    }
    if (a.growth) rows.push(['growth per iteration', '×' + a.growth.toFixed(2) + ' nodes (the last iteration over the one before)']);
    if (a.ebf) rows.push(['effective branching factor', a.ebf.toFixed(3) + ' (a uniform tree as deep as the solution, as many nodes)']);
    if (a.solutionLength || a.status === 'solved') {
      rows.push(['solution', a.solutionLength + ' moves: ' + a.solution.join(' ')]);
    }
    if (a.error) rows.push(['error', a.error]);
  }
  if (msg.runs && msg.runs.length > 1) {
    msg.runs.slice(0, -1).forEach((r) => rows.push(['run #' + r.id, r.heuristic + ' ' + r.algorithm + ': ' + r.status +
      ', ' + fmt(r.generated) + ' generated' + (r.solutionLength ? ', length ' + r.solutionLength : '')]));
  }
  if (msg.replay) rows.push(['trace position', msg.replay.pos + ' / ' + msg.replay.total]);
  $('summary').textContent = a ? msg.status + ' · iteration ' + a.iteration + ', bound ' + a.bound +
    (a.nextBound ? ' (next ' + a.nextBound + ')' : '') + ' · expanded ' + fmt(a.expanded) + ', generated ' + fmt(a.generated) +
    ', pruned ' + fmt(a.pruned) + (a.solutionLength ? ' · solution ' + a.solutionLength + ' moves' : '') : '';
  const t = $('stats');
  t.textContent = '';
  rows.forEach(([k, v]) => {
    const tr = document.createElement('tr');
    const a1 = document.createElement('td');
    a1.textContent = k;
    const a2 = document.createElement('td');
    a2.textContent = fmt(v);
    tr.append(a1, a2);
    t.appendChild(tr);
  });
}

function drawNode(node) {
  const info = $('node-info');
  if (!node) {
    // A run not yet started (building its databases) keeps the start
    // state drawn before Start.
    if (lastState && lastState.active && !lastState.active.puzzle) return;
    info.textContent = ''; $('puzzle-state').textContent = ''; return;
  }
  info.textContent = 'g = ' + node.g + ', h = ' + node.h + ', f = ' + node.f + ', depth ' + node.depth +
    (node.moves && node.moves.length ? ' · moves: ' + node.moves.join(' ') : '');
  if (node.error) info.textContent += ' (' + node.error + ')';
  drawState($('puzzle-state'), node.renderer, node.view);
}

const SVGNS = 'http://www.w3.org/2000/svg';
// svg makes an SVG element with attributes and, when given, a tooltip
// title, appended to parent. Renderers share it as window.vizSVG.
function svg(tag, attrs, parent, title) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (title) {
    const t = document.createElementNS(SVGNS, 'title');
    t.textContent = title;
    e.appendChild(t);
  }
  if (parent) parent.appendChild(e);
  return e;
}
window.vizSVG = svg;

// ---- the tree --------------------------------------------------------------------
// The tree is drawn in its own coordinates (depth downwards, leaves side by
// side) into an SVG that fills its box; what part shows is the view: a
// scale k and the point (cx, cy) at the box's centre. treeZoom is 'auto'
// (the whole tree when it is readable so, else the current node at full
// size), 'fit' (always the whole tree) or the user's own zoom, with which
// the current node is kept in view while stepping.
const tree = { zoom: 'auto', k: 1, cx: 0, cy: 0, w: 0, h: 0, last: null, chosen: 0, drag: null };

function treeSizes() {
  return document.body.classList.contains('present') ? { dx: 58, dy: 62, r: 16, font: 16 } : { dx: 30, dy: 52, r: 10, font: 10 };
}

function drawTree(tv) {
  const el = $('tree');
  el.textContent = '';
  fillTreeIterations(tv);
  if (tv && tv.iteration) {
    let info = '(iteration ' + tv.iteration + ', bound ' + tv.bound + ', ' + tv.drawn + ' nodes drawn)';
    if (!tv.current) info += ' — a finished iteration, as it ended';
    $('tree-info').textContent = info;
  } else {
    $('tree-info').textContent = '';
  }
  tree.last = null;
  if (!tv || !tv.root) {
    if (lastState && lastState.active && lastState.active.events > 1) {
      el.textContent = 'No tree: this run reports per iteration only (a fast run, or a trace recorded at iteration level).';
    }
    return;
  }
  const { dx, dy, r, font } = treeSizes();
  const { pos, leaves, maxDepth } = layoutTree(tv.root);
  tree.w = Math.max(leaves * dx + 40, 200);
  tree.h = (maxDepth + 1) * dy + 30;
  const s = svg('svg', { width: '100%', height: '100%' });
  s.style.fontSize = font + 'px';
  const X = (n) => 20 + pos.get(n).x * dx + dx / 2, Y = (n) => r + 8 + pos.get(n).d * dy;
  drawEdges(tv.root, X, Y, s);
  function nodes(n) {
    const g = svg('g', { class: 'node ' + n.status + (n.id && n.id === tree.chosen ? ' chosen' : ''), 'data-id': n.id || '' }, s);
    let shape;
    if (n.status === 'group') {
      shape = svg('rect', { x: X(n) - r, y: Y(n) - r * 0.7, width: 2 * r, height: 1.4 * r, rx: 3, class: n.status }, g);
    } else {
      shape = svg('circle', { cx: X(n), cy: Y(n), r: r, class: n.status }, g);
    }
    if (n.id && n.id === tv.last) {
      shape.setAttribute('stroke', '#000');
      shape.setAttribute('stroke-width', 3);
      tree.last = { x: X(n), y: Y(n) };
    }
    const label = n.status === 'group' ? '+' + n.count : String(n.f);
    const t = svg('text', { x: X(n), y: Y(n) + font * 0.35, 'text-anchor': 'middle', fill: '#fff' }, g);
    t.textContent = label;
    if (n.status !== 'group') {
      const sub = svg('text', { x: X(n), y: Y(n) + r + font, 'text-anchor': 'middle', fill: '#555' }, g);
      sub.textContent = n.g + '+' + n.h;
      if (n.count > 1 && (!n.children || n.children.length === 0)) {
        const cnt = svg('text', { x: X(n), y: Y(n) + r + 2 * font, 'text-anchor': 'middle', fill: '#888' }, g);
        cnt.textContent = '×' + n.count;
      }
    }
    svg('title', {}, g).textContent = nodeTitle(n);
    if (n.id) g.addEventListener('click', (ev) => { ev.stopPropagation(); chooseNode(n.id); });
    (n.children || []).forEach(nodes);
  }
  nodes(tv.root);
  el.appendChild(s);
  placeTree();
}

// layoutTree places a tree window's nodes: x in leaf order, a parent over
// the middle of its children; d the depth. The tree panel and the
// lock-step's small trees draw with it.
function layoutTree(root) {
  const pos = new Map();
  let leaves = 0, maxDepth = 0;
  (function place(n, d) {
    maxDepth = Math.max(maxDepth, d);
    let x;
    if (!n.children || n.children.length === 0) x = leaves++;
    else {
      n.children.forEach((c) => place(c, d + 1));
      x = (pos.get(n.children[0]).x + pos.get(n.children[n.children.length - 1]).x) / 2;
    }
    pos.set(n, { x: x, d: d });
  })(root, 0);
  return { pos: pos, leaves: leaves, maxDepth: maxDepth };
}

// drawEdges draws the lines from each node to its children into s.
function drawEdges(n, X, Y, s) {
  (n.children || []).forEach((c) => {
    svg('line', { x1: X(n), y1: Y(n), x2: X(c), y2: Y(c), stroke: '#aaa', 'stroke-width': 1 }, s);
    drawEdges(c, X, Y, s);
  });
}

// nodeTitle is a tree node's tooltip.
function nodeTitle(n) {
  return n.status === 'group'
    ? n.count + ' nodes in folded siblings'
    : 'node ' + n.id + ': g=' + n.g + ' h=' + n.h + ' f=' + n.f + ' (' + n.status + ')' + (n.count > 1 ? ', subtree of ' + n.count + ' nodes' : '');
}

// fitScale is the scale at which the whole tree fits its box.
function fitScale() {
  return Math.min(1.5, treeBox.w / tree.w, treeBox.h / tree.h);
}

// treeBox is the tree panel's size, kept by a ResizeObserver: reading
// clientWidth right after the tree's SVG is rebuilt would force a layout of
// the whole page on every drawn state (most of the page's script time while
// a search runs ahead).
const treeBox = { w: 0, h: 0 };
function observeTreeBox() {
  const box = $('tree');
  treeBox.w = box.clientWidth; treeBox.h = box.clientHeight;
  if (typeof ResizeObserver === 'undefined') return;
  new ResizeObserver(() => {
    treeBox.w = box.clientWidth; treeBox.h = box.clientHeight;
    placeTree();
  }).observe(box);
}

// placeTree sets the SVG's view from the zoom, following the current node.
function placeTree() {
  const s = $('tree').querySelector('svg');
  if (!s || !treeBox.w || !treeBox.h) return;
  const W = treeBox.w, H = treeBox.h;
  if (tree.zoom === 'fit' || (tree.zoom === 'auto' && fitScale() >= 0.7)) {
    tree.k = fitScale();
    tree.cx = tree.w / 2;
    tree.cy = tree.h / 2;
  } else {
    if (tree.zoom === 'auto') tree.k = 1;
    // Keep the current node in view: when it nears an edge, bring it back
    // to the middle across and low down, so that the path above it shows.
    const L = tree.last;
    if (!L && tree.cx === 0 && tree.cy === 0) { tree.cx = W / tree.k / 2; tree.cy = H / tree.k / 2; }
    if (L) {
      const vw = W / tree.k, vh = H / tree.k;
      if (Math.abs(L.x - tree.cx) > vw * 0.4 || Math.abs(L.y - tree.cy) > vh * 0.4) {
        tree.cx = L.x;
        tree.cy = Math.max(vh / 2, L.y - vh * 0.25);
      }
    }
  }
  const vw = W / tree.k, vh = H / tree.k;
  s.setAttribute('viewBox', [tree.cx - vw / 2, tree.cy - vh / 2, vw, vh].join(' '));
}

function zoomTree(f) {
  if (tree.zoom === 'fit' || tree.zoom === 'auto') {
    // Start from what shows now; zooming in from the whole tree goes to
    // the current node.
    if (tree.last && f > 1) { tree.cx = tree.last.x; tree.cy = tree.last.y; }
  }
  tree.k = Math.min(4, Math.max(0.05, tree.k * f));
  tree.zoom = tree.k;
  placeTree();
}

function fitTree() { tree.zoom = 'fit'; placeTree(); }

function bindTree() {
  const box = $('tree');
  observeTreeBox();
  $('tree-zoom-in').addEventListener('click', () => zoomTree(1.25));
  $('tree-zoom-out').addEventListener('click', () => zoomTree(0.8));
  $('tree-fit').addEventListener('click', fitTree);
  box.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    zoomTree(ev.deltaY < 0 ? 1.15 : 1 / 1.15);
  }, { passive: false });
  box.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    tree.drag = { x: ev.clientX, y: ev.clientY, cx: tree.cx, cy: tree.cy, moved: false };
  });
  window.addEventListener('pointermove', (ev) => {
    const d = tree.drag;
    if (!d) return;
    const mx = ev.clientX - d.x, my = ev.clientY - d.y;
    if (!d.moved && Math.abs(mx) + Math.abs(my) < 4) return;
    d.moved = true;
    if (typeof tree.zoom !== 'number') tree.zoom = tree.k;
    tree.cx = d.cx - mx / tree.k;
    tree.cy = d.cy - my / tree.k;
    placeTree();
  });
  window.addEventListener('pointerup', () => { tree.drag = null; });
  $('tree-iteration').addEventListener('change', () => control('tree', { iteration: Number($('tree-iteration').value) }));
}

// fillTreeIterations offers the finished iterations the server keeps.
function fillTreeIterations(tv) {
  const sel = $('tree-iteration');
  const kept = (tv && tv.kept) || [];
  const want = ['0'].concat(kept.map(String));
  const have = Array.from(sel.options).map((o) => o.value);
  if (want.join() !== have.join()) {
    const v = sel.value;
    fillSelect(sel, want, ['under way'].concat(kept.map((k) => 'iteration ' + k)));
    sel.value = want.includes(v) ? v : '0';
  }
  if (tv && !tv.current && document.activeElement !== sel) sel.value = String(tv.iteration);
}

// chooseNode highlights a node and asks for its state (or, in a quiz,
// answers the question).
function chooseNode(id) {
  if (quizAnswerNode(id)) return;
  tree.chosen = id;
  if (lastState) drawTree(lastState.tree);
  send({ type: 'node', id: id });
}

// logScale puts a chart's node counts (the y axis named "nodes",
// web/charts.go) on a log axis: zeros become gaps, and stacked bars stand
// side by side, since a bar stacked on a gap is not drawn at all (the
// pruned-only f values, the very ones that set the next bound).
function logScale(opt) {
  const axes = [].concat(opt.yAxis || []);
  if (!axes.some((a) => a.name === 'nodes')) return opt;
  const o = JSON.parse(JSON.stringify(opt));
  o.yAxis = [].concat(o.yAxis).map((a) => (a.name === 'nodes' ? Object.assign(a, { type: 'log', min: 1 }) : a));
  o.series = (o.series || []).map((s) => {
    delete s.stack;
    s.data = (s.data || []).map((d) => {
      const v = d !== null && typeof d === 'object' ? d.value : d;
      return v > 0 ? d : '-';
    });
    return s;
  });
  return o;
}

// bigText sets a chart's text to at least 16 px, for a projector.
function bigText(opt) {
  const o = JSON.parse(JSON.stringify(opt));
  const big = (x, size) => Object.assign(x || {}, { fontSize: size });
  [].concat(o.title || []).forEach((t) => { t.textStyle = big(t.textStyle, 18); });
  [].concat(o.legend || []).forEach((l) => { l.textStyle = big(l.textStyle, 16); });
  for (const k of ['xAxis', 'yAxis']) {
    [].concat(o[k] || []).forEach((a) => { a.axisLabel = big(a.axisLabel, 16); a.nameTextStyle = big(a.nameTextStyle, 16); });
  }
  (o.series || []).forEach((s) => {
    if (s.markLine) s.markLine.label = big(s.markLine.label, 16);
    if (s.type === 'sunburst') s.label = big(s.label, 16);
  });
  [].concat(o.grid || []).forEach((g) => {
    g.top = 58; g.left = 70; g.bottom = (parseInt(g.bottom, 10) || 62) + 14;
  });
  return o;
}

const chartIDs = { fhist: 'fhist', fhistTotal: 'fhist-total', iterations: 'iterations-chart', bounds: 'bounds-chart', hstar: 'hstar-chart', effort: 'effort-chart' };

// drawCharts draws the charts of a state. While the search runs, one chart
// is drawn an animation frame, the others wait their turn (with the latest
// data): echarts takes 10-20 ms a chart, and four at once would block the
// page for longer than a frame.
let chartsDue = null, chartKeys = [], chartFrame = 0;
function drawCharts(c, running) {
  if (!c) return;
  $('hstar-panel').hidden = !c.hstar;
  $('effort-panel').hidden = !c.effort;
  chartsDue = c;
  for (const k in chartIDs) if (!chartKeys.includes(k)) chartKeys.push(k);
  if (!running) {
    if (chartFrame) { cancelAnimationFrame(chartFrame); chartFrame = 0; }
    while (chartKeys.length) drawChart(chartKeys.shift());
    return;
  }
  if (!chartFrame) chartFrame = requestAnimationFrame(nextChartFrame);
}

function nextChartFrame() {
  chartFrame = 0;
  if (!chartKeys.length) return;
  drawChart(chartKeys.shift());
  if (chartKeys.length) chartFrame = requestAnimationFrame(nextChartFrame);
}

function drawChart(k) {
  const c = chartsDue, el = $(chartIDs[k]);
  if (!c || !c[k] || el.offsetParent === null) return; // hidden: drawn when shown
  let o = $('log').checked ? logScale(c[k]) : c[k];
  if (o.vizKinds) o = compareTooltip(o);
  if (document.body.classList.contains('present')) o = bigText(o);
  setChart(el.id, chartToolbox(o, el.id));
}

// setChart hands a chart its options. A chart of the same shape as before
// (series, stacks, marks, axis types) only merges the new data, which costs
// echarts far less than building the chart anew.
const chartShapes = {}, chartLast = {};
function setChart(id, o) {
  const all = JSON.stringify(o);
  if (chartLast[id] === all) return; // nothing new (the bounds, mostly)
  chartLast[id] = all;
  const shape = JSON.stringify([
    (o.series || []).map((s) => [s.name, s.type, s.stack || '', s.markLine ? (s.markLine.data || []).length : 0]),
    [].concat(o.yAxis || []).map((a) => a.type), [].concat(o.legend || []).map((l) => l.show),
    document.body.classList.contains('present'),
  ]);
  if (chartShapes[id] === shape) {
    chart(id).setOption(o);
  } else {
    chart(id).setOption(o, { notMerge: true });
    chartShapes[id] = shape;
  }
}

// ---- comparing runs (issue 11 §4) ----------------------------------------------
// With two or more runs kept, a table compares them (each row in the run's
// colour, the colour the server gives every chart's series of that run),
// and "Next bound" moves the IDA* runs of one instance in lock-step: the
// lock-step panel draws each run's tree at the same bound, side by side.

// compareViz is window.viz.runs: every run the page holds, with its colour.
function compareViz(msg) {
  return Object.freeze((msg.runs || []).map((r) => Object.freeze({
    id: r.id, heuristic: r.heuristic, algorithm: r.algorithm, colour: r.colour, status: r.status,
    startH: r.startH, generated: r.generated, iterations: (r.iterations || []).length, bound: r.bound,
  })));
}

// lockstepViz is window.viz.lockstep: the bound the runs in lock-step were
// moved to, and the bound of the tree each shows there (0: none).
function lockstepViz(msg) {
  const l = msg.lockstep;
  if (!l) return null;
  return Object.freeze({
    bound: l.bound, next: l.next,
    runs: Object.freeze(l.runs.map((r) => Object.freeze({ id: r.id, treeBound: r.tree ? r.tree.bound : 0, generated: r.generated, note: r.note || '' }))),
  });
}

// lockstepOn reports whether Next bound moves every run: two or more can,
// and the instructor has not unticked it.
function lockstepOn() {
  return !!(lastState && lastState.lockstep && $('lockstep').checked);
}

function swatch(colour) {
  const s = document.createElement('span');
  s.className = 'run-swatch';
  s.style.background = colour;
  return s;
}

function cell(tr, text, cls, tag) {
  const td = document.createElement(tag || 'td');
  td.textContent = text;
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

// drawCompare fills the comparison table, one row a run.
function drawCompare(msg) {
  const runs = msg.runs || [];
  $('compare-panel').hidden = runs.length < 2;
  const t = $('compare-table');
  if (runs.length < 2) { t.textContent = ''; return; }
  t.textContent = '';
  const head = document.createElement('tr');
  ['run', 'heuristic', 'algorithm', 'status', 'h(start)', 'iterations', 'generated per iteration (bound: nodes)',
    'generated', 'EBF', 'time', 'memory'].forEach((h) => cell(head, h, '', 'th'));
  t.appendChild(head);
  const active = msg.active ? msg.active.id : 0;
  // Runs of other instances say which (the numbers compare heuristics only
  // on one instance).
  const oneInstance = runs.every((r) => r.puzzle === runs[0].puzzle && r.instance === runs[0].instance);
  runs.forEach((r) => {
    const tr = document.createElement('tr');
    tr.dataset.run = String(r.id);
    if (r.id === active) tr.className = 'active';
    const c0 = cell(tr, '#' + r.id);
    c0.prepend(swatch(r.colour));
    c0.dataset.colour = r.colour;
    c0.title = r.id === active ? 'the active run: the status panel, the main tree and the controls work on it' : '';
    const h = cell(tr, (r.heuristic || '…') + (oneInstance ? '' : ' · ' + r.instance));
    h.title = r.puzzle ? r.puzzle + ': ' + r.instance : '';
    cell(tr, r.algorithm === 'astar' ? 'A*' : r.algorithm === 'ida' ? 'IDA*' : (r.algorithm || '…'));
    cell(tr, r.status + (r.solutionLength || r.status === 'solved' ? ' (' + r.solutionLength + ' moves)' : ''));
    const cols = {
      startH: r.puzzle ? fmt(r.startH) : '…',
      iterations: fmt((r.iterations || []).length),
      perIteration: (r.iterations || []).map((it) => it.bound + ': ' + fmt(it.generated)).join(' · '),
      generated: fmt(r.generated),
      ebf: r.ebf ? r.ebf.toFixed(3) : '—',
      time: r.timed ? r.seconds.toFixed(3) + ' s' : 'stepped',
      memory: r.algorithm === 'astar' ? (r.peakOpen ? fmt(r.peakOpen) + ' open at peak, ' + fmt(r.stored) + ' stored' : '—') : 'its path only',
    };
    for (const k of ['startH', 'iterations', 'perIteration', 'generated', 'ebf', 'time', 'memory']) {
      const td = cell(tr, cols[k], k === 'perIteration' ? 'per-iteration' : '');
      td.dataset.col = k;
    }
    tr.cells[9].title = r.timed ? '' : 'the run was paused or paced: its clock is the lecture\'s. Tick "fast run" to time a search.';
    tr.style.boxShadow = 'inset 4px 0 0 ' + r.colour;
    t.appendChild(tr);
  });
}

// drawLockstep draws each run's tree at the lock-step bound, side by side.
function drawLockstep(msg) {
  const l = msg.lockstep, on = !!(l && $('lockstep').checked);
  $('lockstep-label').hidden = !l;
  $('lockstep-panel').hidden = !on;
  const was = document.body.classList.contains('lockstep-on');
  document.body.classList.toggle('lockstep-on', on);
  if (was !== on && document.body.classList.contains('present')) redraw();
  if (!on) return;
  $('lockstep-info').textContent = l.bound
    ? 'every run at bound ' + l.bound + (l.next ? ' · Next bound (b): ' + l.next : ' · every run has ended')
    : 'Next bound (b) moves every run to bound ' + l.next + ', together';
  const box = $('lockstep-trees');
  // One box a run, kept across states so that a redraw does not flicker.
  const want = l.runs.map((r) => String(r.id)).join();
  if (box.dataset.runs !== want) {
    box.textContent = '';
    box.dataset.runs = want;
    l.runs.forEach((r) => {
      const d = document.createElement('div');
      d.className = 'lockstep-run';
      d.setAttribute('data-testid', 'lockstep-run');
      d.dataset.run = String(r.id);
      const h = document.createElement('h3');
      const counts = document.createElement('div');
      counts.className = 'counts';
      const tr = document.createElement('div');
      tr.className = 'tree mini';
      d.append(h, counts, tr);
      box.appendChild(d);
    });
  }
  l.runs.forEach((r, i) => {
    const d = box.children[i];
    d.style.borderTopColor = r.colour;
    d.dataset.bound = r.tree ? String(r.tree.bound) : '0';
    const h = d.children[0];
    h.textContent = r.label;
    h.title = r.label;
    h.prepend(swatch(r.colour));
    const counts = d.children[1];
    if (!l.bound) counts.textContent = r.bound ? 'searches bound ' + r.bound + ' next' : 'ended: ' + r.status;
    else if (r.tree) {
      counts.textContent = 'bound ' + r.tree.bound + ': ' + fmt(r.generated) + ' generated';
      const more = document.createElement('span');
      more.className = 'more';
      more.textContent = ', ' + fmt(r.expanded) + ' expanded, ' + fmt(r.pruned) + ' pruned' +
        (r.status === 'solved' && r.bound === 0 && r.tree.current ? ' (the solution)' : '');
      counts.appendChild(more);
    } else counts.textContent = 'bound ' + l.bound + ': —';
    // Drawn again only when something in it changed (states come 20 a
    // second while a run searches).
    const el = d.children[2], tv = l.bound ? r.tree : null;
    const key = [l.bound, r.note, el.clientWidth, el.clientHeight, document.body.classList.contains('present'),
      tv ? [tv.iteration, tv.bound, tv.drawn, tv.last, tv.current, r.status].join() : ''].join('|');
    if (el.dataset.key !== key) {
      el.dataset.key = key;
      drawMiniTree(el, tv, l.bound ? r.note : '');
    }
  });
}

// drawMiniTree draws a tree window whole, laid out to its box: the shape
// of the search at a glance (hover a node for its numbers). Labels only
// where the nodes are big enough to hold them.
function drawMiniTree(el, tv, why) {
  el.textContent = '';
  if (!tv || !tv.root) {
    if (why) {
      const p = document.createElement('div');
      p.className = 'why';
      p.textContent = why;
      el.appendChild(p);
    }
    return;
  }
  const { pos, leaves, maxDepth } = layoutTree(tv.root);
  const W = el.clientWidth || 300, H = el.clientHeight || 200;
  const dx = Math.min(34, (W - 8) / leaves), dy = Math.min(50, (H - 8) / (maxDepth + 1));
  const r = Math.max(1.5, Math.min(11, dx * 0.38, dy * 0.3));
  const labels = r >= 8 && !document.body.classList.contains('present');
  const ox = (W - leaves * dx) / 2, oy = Math.max(4, (H - (maxDepth + 1) * dy) / 2);
  const s = svg('svg', { width: W, height: H });
  s.style.fontSize = '10px';
  const X = (n) => ox + pos.get(n).x * dx + dx / 2, Y = (n) => oy + pos.get(n).d * dy + dy / 2;
  drawEdges(tv.root, X, Y, s);
  (function nodes(n) {
    const g = svg('g', { class: 'node ' + n.status }, s, nodeTitle(n));
    if (n.status === 'group') svg('rect', { x: X(n) - r, y: Y(n) - r * 0.7, width: 2 * r, height: 1.4 * r, rx: 2, class: n.status }, g);
    else {
      // A finished subtree's node grows with the nodes under it (log
      // scale): where two heuristics' trees have one shape, the sizes
      // show which searched more.
      const k = n.count > 1 && n.status !== 'path' ? Math.min(2.2, 1 + 0.4 * Math.log10(n.count), 0.48 * Math.min(dx, dy) / r) : 1;
      svg('circle', { cx: X(n), cy: Y(n), r: r * k, class: n.status }, g);
    }
    if (labels && n.status !== 'group') {
      const t = svg('text', { x: X(n), y: Y(n) + 3.5, 'text-anchor': 'middle', fill: '#fff' }, g);
      t.textContent = String(n.f);
    }
    (n.children || []).forEach(nodes);
  })(tv.root);
  el.appendChild(s);
}

// The mini trees are laid out to their boxes: draw them again when the
// boxes change size (the window, presentation mode).
if (window.ResizeObserver) {
  let due = 0;
  new ResizeObserver(() => {
    if (due) return;
    due = requestAnimationFrame(() => { due = 0; if (lastState) drawLockstep(lastState); });
  }).observe($('lockstep-trees'));
}

// compareTooltip lists, at a point of a comparison chart, each run's
// counts by kind (the server names them in vizKinds: the run's two series
// share its name, so the legend has one entry a run).
function compareTooltip(opt) {
  const kinds = opt.vizKinds;
  const o = Object.assign({}, opt);
  o.tooltip = Object.assign({}, [].concat(opt.tooltip || [])[0] || {}, {
    trigger: 'axis',
    formatter: (ps) => {
      const list = [].concat(ps);
      if (!list.length) return '';
      const esc = (x) => String(x).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
      return esc(list[0].axisValueLabel) + '<br>' + list.map((p) => {
        const v = p.value !== null && typeof p.value === 'object' ? p.value.value : p.value;
        return p.marker + esc(p.seriesName) + ' · ' + esc(kinds[p.seriesIndex] || '') + ': ' + esc(v === '-' ? 0 : fmt(Number(v)));
      }).join('<br>');
    },
  });
  return o;
}

// ---- presentation mode --------------------------------------------------------
// On a projector (1280x720): the controls, the state, the tree and one chart
// fill the screen with large text; c shows the next chart in its place.
let presentChart = 0;

function setPresent(on) {
  document.body.classList.toggle('present', on);
  $('present').setAttribute('aria-pressed', String(on));
  showPresentChart();
  setVizPage();
  redraw();
}

function showPresentChart() {
  const panels = Array.from(document.querySelectorAll('.chart-panel')).filter((p) => !p.hidden);
  presentChart = ((presentChart % panels.length) + panels.length) % panels.length;
  document.querySelectorAll('.chart-panel').forEach((p) => p.classList.remove('shown'));
  if (panels.length) panels[presentChart].classList.add('shown');
}

function nextChart() {
  presentChart++;
  showPresentChart();
  redraw();
}

// redraw draws the last state again (after a layout change).
function redraw() {
  requestAnimationFrame(() => {
    Object.values(charts).forEach((c) => c.resize());
    if (lastState) { drawTree(lastState.tree); drawCharts(lastState.charts); } else placeTree();
  });
}

// ---- before the first run -----------------------------------------------------
// The page draws the start state the setup describes before Start (the
// server parses it: the same check Start makes), and tells a newcomer what
// to do.
let previewTimer = null;
function requestPreview() {
  if (lastState && lastState.active) return;
  clearTimeout(previewTimer);
  previewTimer = setTimeout(() => {
    const p = currentPuzzle();
    if (!p || (lastState && lastState.active)) return;
    send({ type: 'preview', puzzle: p.name, state: $('state').value, goal: $('goal-label').style.display === 'none' ? '' : $('goal').value });
  }, 150);
}

function onPreview(msg) {
  if ((lastState && lastState.active) || msg.puzzle !== $('puzzle').value || msg.state !== $('state').value) return;
  const info = $('node-info');
  if (msg.error) {
    info.textContent = 'start state: ' + msg.error;
    $('puzzle-state').textContent = '';
    return;
  }
  info.textContent = 'the start state (press Start to search from it)';
  drawState($('puzzle-state'), msg.node.renderer, msg.node.view);
}

function showHint() {
  let seen = false;
  try { seen = localStorage.getItem('idaviz-hint-seen') === '1'; } catch (e) { /* no storage: show it */ }
  $('hint').hidden = seen || pageMode === 'replay';
}

function hideHint() {
  $('hint').hidden = true;
  try { localStorage.setItem('idaviz-hint-seen', '1'); } catch (e) { /* no storage */ }
}

// A running search sends up to 20 states a second: they are drawn at most
// once an animation frame (the latest), so the page stays responsive while
// the server runs ahead. A paused one is drawn at once: a step's answer.
let drawFrame = 0;
function onState(msg) {
  messages++;
  if (quizHolds(msg)) return;
  lastState = msg;
  playing = msg.status === 'running'; // space toggles what the server last said, not a stale guess
  if (msg.status === 'running') {
    if (!drawFrame) drawFrame = requestAnimationFrame(() => { drawFrame = 0; drawAll(lastState); });
    return;
  }
  if (drawFrame) { cancelAnimationFrame(drawFrame); drawFrame = 0; }
  drawAll(msg);
}

function drawAll(msg) {
  drawStats(msg);
  drawCompare(msg);
  drawLockstep(msg);
  drawNode(msg.node);
  drawTree(msg.tree);
  drawCharts(msg.charts, msg.status === 'running');
  if (msg.replay) {
    const seek = $('seek');
    seek.max = String(msg.replay.total);
    if (document.activeElement !== seek) seek.value = String(msg.replay.pos);
    $('seek-label').textContent = msg.replay.pos + ' / ' + msg.replay.total;
  }
  $('last-event').textContent = msg.event ? 'last event: ' + msg.event : '';
  setViz(msg);
  lectureAfterState(msg);
}

function onMessage(msg) {
  switch (msg.type) {
    case 'hello':
      pageMode = msg.mode === 'replay' ? 'replay' : 'live';
      document.body.classList.toggle('replay', pageMode === 'replay');
      $('mode').textContent = msg.mode;
      setVizPage();
      showHint();
      requestPreview();
      break;
    case 'preview': onPreview(msg); break;
    case 'lecture': onLectureMsg(msg); break;
    case 'state': onState(msg); break;
    case 'error': showError(msg.message); lectureError(); break;
    case 'scrambled':
      if (msg.puzzle === $('puzzle').value) { $('state').value = msg.state; $('preset').value = ''; }
      break;
    case 'node': {
      const n = msg.node, el = $('selected');
      el.textContent = '';
      const h = document.createElement('div');
      h.textContent = 'selected node ' + n.id + ': g = ' + n.g + ', h = ' + n.h + ', f = ' + n.f +
        (n.moves.length ? ' · moves: ' + n.moves.join(' ') : '') + (n.error ? ' (' + n.error + ')' : '');
      const v = document.createElement('div');
      el.append(h, v);
      drawState(v, n.renderer, n.view);
      break;
    }
  }
}

// ---- quiz mode -----------------------------------------------------------------
// Stepping turns into questions: the page asks for the move as usual, holds
// the state that comes back, asks, and shows it once answered, with the
// reason in the words of the "last event" line.
const quiz = { on: false, asked: 0, right: 0, expect: null, pending: null };

function setQuiz(on) {
  quiz.on = on;
  quiz.expect = null;
  if (!on && quiz.pending) releaseQuiz();
  $('quiz').setAttribute('aria-pressed', String(on));
  $('quiz-panel').hidden = !on;
  if (on) { $('quiz-question').textContent = 'Step (s), Next expansion (x) or Next bound (b): each asks first.'; $('quiz-result').textContent = ''; }
  showQuizScore();
  setVizPage();
}

function showQuizScore() {
  $('quiz-score').textContent = quiz.asked ? '(' + quiz.right + ' of ' + quiz.asked + ' right)' : '';
}

// quizMove sends a move that the quiz will ask about.
function quizMove(kind, type, extra) {
  if (quiz.pending) return; // answer first
  control(type, extra);
  quiz.expect = { kind: kind, from: lastState && lastState.active ? lastState.active.events : 0 };
}

function findParent(n, id, parent) {
  if (!n) return null;
  if (n.id === id) return parent || null;
  for (const c of n.children || []) {
    const p = findParent(c, id, n);
    if (p !== null) return p;
  }
  return null;
}

// quizHolds decides whether msg answers a move the quiz asks about; if so
// it holds msg back and asks. It reports whether msg is held.
function quizHolds(msg) {
  if (quiz.pending) { quiz.pending.after = msg; return true; }
  const ex = quiz.expect;
  if (!quiz.on || !ex || !msg.active) return false;
  // Until the move is done, nothing of it shows: not even a state in
  // between, which could give the answer away.
  if (msg.status === 'running') return true;
  // A state sent before the move was taken (the server's periodic one)
  // has not moved: the move's own answer is still to come.
  if (msg.active.events <= ex.from) return false;
  // A paused state that is not yet where the move goes (one sent on the
  // way, on a loaded machine) is drawn, and the quiz waits for the move's
  // own; a run that ended answers every move.
  const arrived = ex.kind === 'step' || (ex.kind === 'expand' ? msg.eventKind === 'visit' : msg.eventKind === 'bound-increase');
  if (msg.status === 'paused' && !arrived) return false;
  quiz.expect = null;
  const ev = msg.event || '', node = msg.node || {};
  let q = null;
  if (ex.kind === 'step' && (ev.startsWith('prune node') || (ev.startsWith('visit node') && node.depth > 0))) {
    q = { kind: 'prune', answer: ev.startsWith('prune'),
      text: 'The search generates node ' + node.id + ' with g = ' + node.g + ' and h = ' + node.h + '. Will it be pruned?' };
  } else if (ex.kind === 'expand' && msg.eventKind === 'visit' && msg.tree) {
    const parent = findParent(msg.tree.root, msg.tree.last, null);
    if (parent && parent.id) {
      q = { kind: 'node', answer: parent.id,
        text: 'Which node does the search expand a child of next? Click it in the tree.' };
    }
  } else if (ex.kind === 'bound' && msg.eventKind === 'bound-increase' && msg.active.nextBound) {
    q = { kind: 'bound', answer: msg.active.nextBound,
      text: 'No solution within the bound ' + msg.active.bound + '. What is the next bound?' };
  }
  if (!q) return false;
  q.after = msg;
  quiz.pending = q;
  quiz.asked++;
  $('quiz-question').textContent = q.text;
  $('quiz-result').textContent = '';
  $('quiz-yesno').hidden = q.kind !== 'prune';
  $('quiz-number').hidden = q.kind !== 'bound';
  if (q.kind === 'bound') { $('quiz-bound').value = ''; $('quiz-bound').focus(); }
  showQuizScore();
  setVizPage();
  return true;
}

// quizAnswer checks an answer, shows the right one with its reason, and
// lets the held state through.
function quizAnswer(given) {
  const q = quiz.pending;
  if (!q) return;
  const ok = given === q.answer;
  if (ok) quiz.right++;
  const shown = q.kind === 'prune' ? (q.answer ? 'yes, it is pruned' : 'no, it is visited') : q.kind === 'node' ? 'node ' + q.answer : String(q.answer);
  $('quiz-result').textContent = (ok ? 'Right: ' : 'Not quite: ' + shown + '. ') + (q.after.event || '');
  $('quiz-result').className = 'quiz-result ' + (ok ? 'right' : 'wrong');
  releaseQuiz();
}

function releaseQuiz() {
  const after = quiz.pending.after;
  quiz.pending = null;
  $('quiz-yesno').hidden = true;
  $('quiz-number').hidden = true;
  showQuizScore();
  onState(after);
}

// quizAnswerNode takes a click on a tree node as an answer, when asked.
function quizAnswerNode(id) {
  if (!quiz.pending || quiz.pending.kind !== 'node') return false;
  quizAnswer(id);
  return true;
}

function bindQuiz() {
  $('quiz').addEventListener('click', () => setQuiz(!quiz.on));
  $('quiz-yes').addEventListener('click', () => quizAnswer(true));
  $('quiz-no').addEventListener('click', () => quizAnswer(false));
  const submit = () => { const v = $('quiz-bound').value; if (v !== '') quizAnswer(Number(v)); };
  $('quiz-submit').addEventListener('click', submit);
  $('quiz-bound').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); submit(); } });
}

// The moves, quiz or not.
function stepOnce() { if (quiz.on) quizMove('step', 'step', { n: 1 }); else control('step', { n: 1 }); }
function nextExpansion() { if (quiz.on) quizMove('expand', 'expand'); else control('expand'); }
function nextBound() {
  if (lockstepOn()) control('to-bound', { all: true });
  else if (quiz.on) quizMove('bound', 'to-bound');
  else control('to-bound');
}

// ---- controls --------------------------------------------------------------------
function speed() { return speeds[Number($('speed').value)] || 10; }
function showSpeed() { $('speed-label').textContent = fmt(speed()) + ' events/s'; }

function control(type, extra) {
  showError('');
  quiz.expect = null; // a move of its own: the quiz asks about the next one
  lecture.playTo = -1; // a control of the user's own ends a play to a bookmark
  send(Object.assign({ type: type }, extra || {}));
}
function play() { playing = true; control('play', { n: speed() }); }
function pause() { playing = false; control('pause'); }

// typing reports whether an element takes typed keys for itself (a text
// field, a menu): there the shortcuts stay off. A checkbox, a button or the
// slider does not: after a click on one, s still steps and → does not move
// the slider.
function typing(el) {
  const tag = (el && el.tagName) || '';
  if (tag === 'TEXTAREA' || tag === 'SELECT' || (el && el.isContentEditable)) return true;
  return tag === 'INPUT' && !['checkbox', 'radio', 'range', 'button'].includes(el.type);
}

function bind() {
  $('puzzle').addEventListener('change', onPuzzle);
  $('preset').addEventListener('change', () => {
    const i = $('preset').value;
    if (i !== '') applyPreset(Number(i));
    requestPreview();
  });
  // A state typed by hand, or another goal, is no longer the preset.
  const leavePreset = () => {
    const p = currentPuzzle(), i = $('preset').value;
    const pr = p && i !== '' ? p.presets[Number(i)] : null;
    if (pr && ($('state').value !== pr.state || ((p.goals || []).length > 0 && $('goal').value !== (pr.goal || p.goals[0])))) {
      $('preset').value = '';
    }
  };
  $('state').addEventListener('input', () => { leavePreset(); requestPreview(); });
  $('goal').addEventListener('change', () => { leavePreset(); requestPreview(); });
  $('scramble').addEventListener('click', () => control('scramble', {
    puzzle: $('puzzle').value, depth: Number($('depth').value) || 0, goal: $('goal').value,
  }));
  $('start-present').addEventListener('click', () => $('start').click());
  $('start').addEventListener('click', () => {
    $('selected').textContent = '';
    playing = false;
    hideHint();
    tree.chosen = 0;
    tree.zoom = 'auto';
    if (quiz.pending) releaseQuiz();
    control('start', {
      puzzle: $('puzzle').value, state: $('state').value, heuristic: $('heuristic').value,
      goal: $('goal-label').style.display === 'none' ? '' : $('goal').value,
      algorithm: $('algorithm').value, fast: $('fast').checked, keep: $('keep').checked,
    });
  });
  $('step').addEventListener('click', stepOnce);
  $('expand').addEventListener('click', nextExpansion);
  $('to-bound').addEventListener('click', nextBound);
  $('present').addEventListener('click', () => setPresent(!document.body.classList.contains('present')));
  $('hint-close').addEventListener('click', hideHint);
  bindTree();
  bindQuiz();
  $('to-end').addEventListener('click', () => control('to-end'));
  $('play').addEventListener('click', play);
  $('pause').addEventListener('click', pause);
  $('cancel').addEventListener('click', () => control('cancel'));
  $('back').addEventListener('click', () => control('back'));
  $('seek').addEventListener('change', () => control('seek', { pos: Number($('seek').value) }));
  $('speed').addEventListener('input', () => { showSpeed(); if (playing) play(); });
  $('log').addEventListener('change', () => { if (lastState) drawCharts(lastState.charts); });
  $('lockstep').addEventListener('change', () => { if (lastState) drawLockstep(lastState); });
  document.addEventListener('keydown', (ev) => {
    if (typing(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    switch (ev.key) {
      case 's': case 'ArrowRight': stepOnce(); break;
      case 'x': nextExpansion(); break;
      case 'b': nextBound(); break;
      case 'p': setPresent(!document.body.classList.contains('present')); break;
      case 'q': setQuiz(!quiz.on); break;
      case 'c': nextChart(); break;
      case '+': case '=': zoomTree(1.25); break;
      case '-': zoomTree(0.8); break;
      case '0': fitTree(); break;
      case 'e': control('to-end'); break;
      case 'ArrowLeft': control('back'); break;
      case 'PageDown': case 'PageUp':
        if (pageMode !== 'replay') return; // the page scrolls, as usual
        stepBookmark(ev.key === 'PageDown' ? 1 : -1);
        break;
      case ' ': if (playing) pause(); else play(); break;
      default: return;
    }
    ev.preventDefault();
  });
  // Space also "clicks" a focused button when the key comes up (the Step
  // button, after a click on it): the shortcut alone must act.
  // So does a checkbox or the slider, after a click on it.
  document.addEventListener('keyup', (ev) => {
    if (ev.key === ' ' && !typing(ev.target) && ev.target !== document.body) ev.preventDefault();
  });
  showSpeed();
}

// ---- lecture: bookmarks, notes, deep links, downloads (issue 10) -----------
// A replay's bookmarks are the lecture's slides: each an event, a title and a
// note shown over the tree. A served replay (viz replay FILE) saves them
// beside the trace (save-lecture, docs/PROTOCOL.md); an exported page keeps
// them and offers them as FILE.lecture.json. The address follows the step
// (#event=N) and opens the replay there; #bookmark=K opens bookmark K (0 is
// the first, as in window.viz.bookmarks).
const lecture = {
  bookmarks: [], // {event, title, note}, in the lecture's order
  file: '', // a served replay: the file saves go to
  name: '', // an export: the trace's name, for the download
  served: false, // saved by the server (else kept in the page)
  loaded: false, // the bookmarks are known: a deep link may be followed
  linked: false, // the address's link was followed: from now on it follows the page
  editing: -1, // the bookmark in the editor (-1: a new one)
  cur: -1, // the bookmark last gone to: PageDown goes to the one after
  landing: false, // a jump to cur is under way
  noteEvent: -1, // where the jump to cur landed: its note shows there
  playTo: -1, // playing to this bookmark (-1: not)
  dirty: false, // an export's bookmarks changed since their download
  hiddenAt: -2, // the note was closed at this event
  saving: false, // a save is under way (an error answers a failed one)
  drawnCur: -1, // the bookmark the list marks as current
};

// lectureError is called with each error the server sends: a save that
// failed says so where the lecturer looks.
function lectureError() {
  if (!lecture.saving) return;
  lecture.saving = false;
  showLectureStatus('NOT saved: see the error under the controls');
}
let lastStart = null; // the live run's start message, for its downloads

function vizBookmarks() {
  return Object.freeze(lecture.bookmarks.map((b) => Object.freeze({ event: b.event, title: b.title })));
}

function setLecture(l, how) {
  lecture.bookmarks = ((l && l.bookmarks) || []).map((b) => ({ event: b.event, title: b.title || '', note: b.note || '' }));
  lecture.loaded = true;
  if (lecture.cur >= lecture.bookmarks.length) lecture.cur = -1;
  showLecture(how);
  followLink();
}

function onLectureMsg(msg) {
  lecture.served = true;
  lecture.file = msg.file || '';
  if (msg.saved) {
    lecture.saving = false;
    showLectureStatus(lecture.file ? 'saved to ' + lecture.file : 'kept while the server runs (it has no file to save to)');
    return;
  }
  setLecture(msg.lecture);
}

// saveLecture keeps a change: the server writes it; an export keeps it until
// it is downloaded.
function saveLecture() {
  setVizPage();
  const l = { version: 1, bookmarks: lecture.bookmarks };
  if (lecture.served) {
    showLectureStatus(lecture.file ? 'saving…' : 'kept while the server runs (it has no file to save to)');
    lecture.saving = true;
    send({ type: 'save-lecture', lecture: l });
    return;
  }
  lecture.dirty = true;
  showLectureStatus('kept in this page: Download to keep them');
}

function showLectureStatus(text) { $('lecture-status').textContent = text; }

function lectureFileName() {
  return (lecture.name || 'replay') + '.lecture.json';
}

function downloadLecture() {
  const l = { version: 1, bookmarks: lecture.bookmarks };
  downloadText(JSON.stringify(l, null, 2) + '\n', lectureFileName(), 'application/json');
  lecture.dirty = false;
  showLectureStatus('downloaded as ' + lectureFileName());
}

// downloadText offers text as a file.
function downloadText(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type: type }));
  downloadURL(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

function downloadURL(url, name) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function currentEvent() { return vizState.event; }

// showLecture draws the list, the editor and the note.
function showLecture() {
  const list = $('bookmark-list');
  list.textContent = '';
  lecture.drawnCur = lecture.cur;
  lecture.bookmarks.forEach((b, k) => {
    const li = document.createElement('li');
    li.dataset.event = String(b.event);
    if (k === lecture.cur) li.className = 'current';
    const a = document.createElement('a');
    a.href = '#bookmark=' + k;
    a.className = 'bm-title';
    a.textContent = b.title || 'event ' + b.event;
    a.title = (b.note || '') + '\n(the link opens this replay here)';
    a.addEventListener('click', (ev) => { ev.preventDefault(); goBookmark(k); });
    const at = document.createElement('span');
    at.className = 'bm-event';
    at.textContent = 'event ' + b.event;
    const tools = document.createElement('span');
    tools.className = 'bm-tools';
    const tool = (label, title, fn, off) => {
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.textContent = label;
      btn.title = title;
      btn.disabled = !!off;
      btn.addEventListener('click', fn);
      tools.appendChild(btn);
    };
    tool('↑', 'earlier in the lecture', () => moveBookmark(k, -1), k === 0);
    tool('↓', 'later in the lecture', () => moveBookmark(k, 1), k === lecture.bookmarks.length - 1);
    tool('✎', 'edit the title and note', () => editBookmark(k));
    tool('✕', 'delete', () => deleteBookmark(k));
    li.append(a, ' ', at, ' ', tools);
    list.appendChild(li);
  });
  const editing = lecture.editing >= 0;
  $('bookmark-add').hidden = editing;
  $('bookmark-save').hidden = !editing;
  $('bookmark-cancel').hidden = !editing;
  $('bookmark-editing').textContent = editing ? 'editing bookmark ' + (lecture.editing + 1) + ' (event ' + lecture.bookmarks[lecture.editing].event + ')' : '';
  $('bookmark-download').hidden = lecture.served;
  $('bookmark-empty').hidden = lecture.bookmarks.length > 0;
  showNote();
  setVizPage();
}

// noteBookmark is the bookmark whose note shows: the one gone to, while the
// page stays where the jump landed; else one at the current event.
function noteBookmark() {
  const e = currentEvent();
  if (lecture.cur >= 0 && lecture.cur < lecture.bookmarks.length && (lecture.landing || lecture.noteEvent === e)) return lecture.cur;
  return lecture.bookmarks.findIndex((b) => b.event === e);
}

function showNote() {
  const k = noteBookmark(), box = $('bookmark-note-view');
  const was = box.hidden;
  box.hidden = k < 0 || pageMode !== 'replay' || lecture.hiddenAt === currentEvent();
  if (!box.hidden) {
    const b = lecture.bookmarks[k];
    $('bookmark-note-title').textContent = 'bookmark ' + (k + 1) + ' of ' + lecture.bookmarks.length + ': ' + (b.title || 'event ' + b.event);
    $('bookmark-note-text').textContent = b.note || '';
  }
  if (was !== box.hidden) placeTree(); // the tree's box changed size
}

function addBookmark() {
  const e = currentEvent();
  if (e < 0) { showError('nothing to bookmark yet'); return; }
  const b = { event: e, title: $('bookmark-title').value.trim() || 'event ' + e, note: $('bookmark-note').value };
  // A new bookmark goes after those at or before its event: the lecture
  // stays in the trace's order unless reordered.
  let k = lecture.bookmarks.length;
  while (k > 0 && lecture.bookmarks[k - 1].event > e) k--;
  lecture.bookmarks.splice(k, 0, b);
  lecture.cur = k;
  lecture.noteEvent = e;
  $('bookmark-title').value = '';
  $('bookmark-note').value = '';
  showLecture();
  saveLecture();
}

function editBookmark(k) {
  lecture.editing = k;
  $('bookmark-title').value = lecture.bookmarks[k].title;
  $('bookmark-note').value = lecture.bookmarks[k].note;
  showLecture();
  $('bookmark-title').focus();
}

function finishEdit(keep) {
  const k = lecture.editing;
  if (keep && k >= 0 && k < lecture.bookmarks.length) {
    const b = lecture.bookmarks[k];
    b.title = $('bookmark-title').value.trim() || 'event ' + b.event;
    b.note = $('bookmark-note').value;
  }
  lecture.editing = -1;
  $('bookmark-title').value = '';
  $('bookmark-note').value = '';
  showLecture();
  if (keep) saveLecture();
}

function moveBookmark(k, d) {
  const j = k + d, bs = lecture.bookmarks;
  if (j < 0 || j >= bs.length) return;
  [bs[k], bs[j]] = [bs[j], bs[k]];
  if (lecture.cur === k) lecture.cur = j; else if (lecture.cur === j) lecture.cur = k;
  if (lecture.editing === k) lecture.editing = j; else if (lecture.editing === j) lecture.editing = k;
  showLecture();
  saveLecture();
}

function deleteBookmark(k) {
  lecture.bookmarks.splice(k, 1);
  if (lecture.cur === k) lecture.cur = -1; else if (lecture.cur > k) lecture.cur--;
  if (lecture.editing === k) { lecture.editing = -1; $('bookmark-title').value = ''; $('bookmark-note').value = ''; } else if (lecture.editing > k) lecture.editing--;
  showLecture();
  saveLecture();
}

// seekEvent asks for the state after event e (0-based).
function seekEvent(e) { send({ type: 'seek', pos: e + 1 }); }

function goBookmark(k) {
  const b = lecture.bookmarks[k];
  if (!b) return;
  lecture.playTo = -1;
  lecture.cur = k;
  lecture.landing = true;
  showError('');
  seekEvent(b.event);
  showLecture();
}

// nextBookmark is the bookmark after the one gone to, or else the first
// after the current event; prevBookmark likewise before.
function nextBookmark() {
  if (lecture.cur >= 0) return lecture.cur + 1 < lecture.bookmarks.length ? lecture.cur + 1 : -1;
  const e = currentEvent();
  return lecture.bookmarks.findIndex((b) => b.event > e);
}

function prevBookmark() {
  if (lecture.cur >= 0) return lecture.cur - 1;
  const e = currentEvent();
  for (let k = lecture.bookmarks.length - 1; k >= 0; k--) if (lecture.bookmarks[k].event < e) return k;
  return -1;
}

function stepBookmark(d) {
  const k = d > 0 ? nextBookmark() : prevBookmark();
  if (k < 0) { showError(lecture.bookmarks.length ? 'no bookmark ' + (d > 0 ? 'after' : 'before') + ' this one' : 'no bookmarks yet: Add one in the Lecture panel'); return; }
  goBookmark(k);
}

// playToBookmark plays at the set speed and stops at the next bookmark.
function playToBookmark() {
  const k = nextBookmark();
  if (k < 0) { stepBookmark(1); return; }
  if (lecture.bookmarks[k].event <= currentEvent()) { goBookmark(k); return; }
  showError('');
  lecture.playTo = k;
  playing = true;
  send({ type: 'play', n: speed() });
}

// lectureAfterState follows each state drawn: it stops a play at its
// bookmark, shows the note, and keeps the address at the step.
function lectureAfterState(msg) {
  showDownloads();
  if (pageMode !== 'replay') return;
  const e = currentEvent(), running = msg.status === 'running';
  if (lecture.playTo >= 0) {
    const b = lecture.bookmarks[lecture.playTo];
    if (!b) lecture.playTo = -1;
    // At the bookmark or past it: the server plays on until a pause would
    // reach it, so a seek lands the replay on the bookmark, paused.
    else if (e >= b.event) goBookmark(lecture.playTo);
    else if (!running && msg.replay && msg.replay.pos >= msg.replay.total) lecture.playTo = -1;
  }
  if (lecture.landing && !running) {
    // The seek's own state, not one sent before it (on a loaded machine the
    // end of a run can arrive after the jump): the replay rests at the
    // bookmark's event, or the one before a run's end.
    const b = lecture.bookmarks[lecture.cur];
    if (!b || Math.abs(e - b.event) <= 1) { lecture.landing = false; lecture.noteEvent = e; }
  }
  followLink();
  if (lecture.linked && !running && e >= 0) {
    const h = '#event=' + e;
    if (location.hash !== h) try { history.replaceState(null, '', h); } catch (err) { /* a page that may not: no link */ }
  }
  // The list is drawn anew only when the current bookmark changes: a
  // running replay sends 20 states a second.
  if (lecture.drawnCur !== lecture.cur) showLecture(); else { showNote(); setVizPage(); }
}

// followLink opens the replay where the address says, once the first
// state and the bookmarks are in.
function followLink() {
  if (lecture.linked || pageMode !== 'replay' || !lecture.loaded || vizState.event < 0) return;
  lecture.linked = true;
  openLink(location.hash);
}

function openLink(hash) {
  const m = /^#(event|bookmark)=(-?\d+)$/.exec(hash || '');
  if (!m) return;
  const n = Number(m[2]);
  if (m[1] === 'event') {
    if (n < 0 || n >= vizState.events) { showError('the address asks for event ' + n + '; this trace has events 0 to ' + (vizState.events - 1)); return; }
    lecture.cur = -1;
    seekEvent(n);
  } else if (n < 0 || n >= lecture.bookmarks.length) {
    showError('the address asks for bookmark ' + n + '; this lecture has ' + (lecture.bookmarks.length ? 'bookmarks 0 to ' + (lecture.bookmarks.length - 1) : 'no bookmarks'));
  } else {
    goBookmark(n);
  }
}

// ---- downloads: the run, the export, the tree and the charts as pictures ---
function showDownloads() {
  const live = pageMode !== 'replay';
  const none = live && !(lastStart && vizState.events > 0);
  $('download-trace').disabled = none;
  $('export-html').disabled = none;
}

// runQuery names the live run to the server: the start it was asked with
// and how far the page went (the server runs it again: it is deterministic).
function runQuery() {
  if (pageMode === 'replay') return '';
  const s = lastStart || {};
  const q = new URLSearchParams({ puzzle: s.puzzle || '', state: s.state || '', heuristic: s.heuristic || '',
    goal: s.goal || '', algorithm: s.algorithm || '', fast: String(!!s.fast) });
  if (vizState.events > 0) q.set('events', String(vizState.events));
  return '?' + q.toString();
}

function downloadRun(what) {
  if (pageMode !== 'replay' && !lastStart) { showError('start a search first'); return; }
  downloadURL('/api/' + what + runQuery(), '');
}

// saveTreeSVG saves the tree as drawn, whole, with its colours inline.
function saveTreeSVG() {
  const s = $('tree').querySelector('svg');
  if (!s) { showError('no tree to save yet'); return; }
  const c = s.cloneNode(true);
  c.setAttribute('xmlns', SVGNS);
  c.setAttribute('viewBox', '0 0 ' + tree.w + ' ' + tree.h);
  c.setAttribute('width', String(tree.w));
  c.setAttribute('height', String(tree.h));
  const style = document.createElementNS(SVGNS, 'style');
  style.textContent = 'text{font-family:system-ui,sans-serif}.path{fill:#f28e2b}.expanded{fill:#4e79a7}.pruned{fill:#e15759}' +
    '.solution{fill:#59a14f}.group{fill:#bab0ac}.chosen circle,.chosen rect{stroke:#2d6cdf;stroke-width:4}';
  c.insertBefore(style, c.firstChild);
  const bg = document.createElementNS(SVGNS, 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', '#fff');
  c.insertBefore(bg, style.nextSibling);
  const e = currentEvent();
  downloadText('<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(c), 'tree-event-' + e + '.svg', 'image/svg+xml');
}

// chartToolbox gives a chart its save buttons: PNG (echarts' own, from the
// canvas) and SVG (the same option drawn again by echarts' SVG renderer).
const svgIcon = 'path://M4,4H28V28H4Z M9,20L14,12L18,18L21,15L25,22';
function chartToolbox(o, id) {
  return Object.assign({}, o, { toolbox: { right: 4, top: 0, itemSize: 13, itemGap: 6, feature: {
    saveAsImage: { type: 'png', name: id, title: 'save as PNG', pixelRatio: 2 },
    mySVG: { show: true, title: 'save as SVG', icon: svgIcon, onclick: () => saveChartSVG(id) },
  } } });
}

function saveChartSVG(id) {
  const c = echarts.getInstanceByDom($(id));
  if (!c) return;
  const o = c.getOption();
  o.animation = false;
  o.backgroundColor = '#fff'; // as echarts' PNG: a slide's own background may be dark
  o.toolbox = [{ show: false }];
  const r = echarts.init(null, null, { renderer: 'svg', ssr: true, width: c.getWidth(), height: c.getHeight() });
  try {
    r.setOption(o);
    downloadText(r.renderToSVGString(), id + '.svg', 'image/svg+xml');
  } finally {
    r.dispose();
  }
}

function bindLecture() {
  $('bookmark-add').addEventListener('click', addBookmark);
  $('bookmark-save').addEventListener('click', () => finishEdit(true));
  $('bookmark-cancel').addEventListener('click', () => finishEdit(false));
  $('bookmark-next').addEventListener('click', () => stepBookmark(1));
  $('bookmark-prev').addEventListener('click', () => stepBookmark(-1));
  $('bookmark-play').addEventListener('click', playToBookmark);
  $('bookmark-download').addEventListener('click', downloadLecture);
  $('bookmark-note-close').addEventListener('click', () => { lecture.hiddenAt = currentEvent(); showNote(); });
  $('download-trace').addEventListener('click', () => downloadRun('trace'));
  $('export-html').addEventListener('click', () => downloadRun('export'));
  $('save-svg').addEventListener('click', saveTreeSVG);
  window.addEventListener('hashchange', () => { if (lecture.linked) openLink(location.hash); });
  // An export's bookmarks live in the page: say so before they are lost.
  window.addEventListener('beforeunload', (ev) => { if (lecture.dirty) { ev.preventDefault(); ev.returnValue = ''; } });
  const emb = window.VIZ_EMBEDDED;
  if (emb) {
    document.body.classList.add('embedded');
    lecture.name = emb.name || 'replay';
    setLecture(emb.lecture);
    showLectureStatus(lecture.bookmarks.length ? 'from the export; changes stay in this page until downloaded' : 'kept in this page: Download to keep them');
  }
  showDownloads();
}

bind();
bindLecture();
if (window.VIZ_EMBEDDED) {
  source = new TraceSource(window.VIZ_EMBEDDED);
} else {
  loadCatalogue();
  source = new LiveSource((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
}
source.connect(onMessage, (s) => { $('conn').textContent = s; });
if (new URLSearchParams(location.search).has('present')) setPresent(true);
