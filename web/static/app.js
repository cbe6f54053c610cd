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

// ---- sources ---------------------------------------------------------------
// A Source is where the page's data comes from. It has two methods:
//   connect(onMessage, onStatus)  onMessage(msg) for each server message,
//                                 onStatus(text) for the connection's state;
//   send(msg)                     a control message (docs/PROTOCOL.md).
// LiveSource talks to viz serve or viz replay over a websocket. An exported
// page would implement the same two methods over a trace embedded in it.
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

// RecordedSource plays state messages rendered in advance (web.Frames), for
// a page exported with its trace inside (web.ExportHTML): no server at all.
// It answers the messages of docs/PROTOCOL.md as its last section says: a
// step moves one frame; an export of a long trace holds every k-th event.
class RecordedSource {
  constructor(data) { this.data = data; this.i = 0; this.timer = null; }
  connect(onMessage, onStatus) {
    this.onMessage = onMessage;
    onStatus('embedded trace');
    // Later scripts (the renderer) register first.
    setTimeout(() => { onMessage(this.data.hello); this.show(0); }, 0);
  }
  frame(i) { return this.data.frames[i]; }
  show(i, playing) {
    const n = this.data.frames.length;
    this.i = Math.max(0, Math.min(n - 1, i));
    const f = Object.assign({}, this.frame(this.i));
    if (playing && f.status === 'paused') f.status = 'running';
    this.onMessage(f);
  }
  stop() { if (this.timer) { clearInterval(this.timer); this.timer = null; } }
  until(pred) {
    const n = this.data.frames.length;
    let j = this.i + 1;
    while (j < n - 1 && !pred(this.frame(j), this.frame(this.i))) j++;
    this.show(j);
  }
  send(msg) {
    const n = this.data.frames.length;
    switch (msg.type) {
      case 'step': this.stop(); this.show(this.i + (msg.n || 1)); break;
      case 'back': this.stop(); this.show(this.i - 1); break;
      case 'expand': this.stop(); this.until((f) => f.eventKind === 'visit'); break;
      case 'to-end': this.stop(); this.show(n - 1); break;
      case 'to-bound': this.stop();
        this.until((f, cur) => f.active && cur.active && f.active.bound !== cur.active.bound);
        break;
      case 'seek': {
        this.stop();
        let j = 0;
        while (j < n - 1 && this.frame(j + 1).replay.pos <= msg.pos) j++;
        this.show(j);
        break;
      }
      case 'play': {
        this.stop();
        const every = Math.max(20, 1000 / (msg.n || 10));
        this.timer = setInterval(() => {
          if (this.i >= n - 1) { this.stop(); this.show(this.i); return; }
          this.show(this.i + 1, true);
        }, every);
        break;
      }
      case 'pause': case 'cancel': this.stop(); this.show(this.i); break;
      default:
        this.onMessage({ type: 'error', message: 'this exported page replays its trace only' });
    }
  }
}

// ---- the read-only status object for automated checks ----------------------
let vizState = Object.freeze({
  status: 'idle', bound: 0, iteration: 0, expanded: 0, generated: 0, pruned: 0,
  solutionLength: 0, iterations: Object.freeze([]), drawnTreeNodes: 0, events: 0, messages: 0,
  nextBound: 0, histIteration: 0, histBound: 0, treeIteration: 0, treeBound: 0,
});
Object.defineProperty(window, 'viz', { get() { return vizState; }, enumerable: true });
let messages = 0;

function setViz(msg) {
  const a = msg.active || {};
  vizState = Object.freeze({
    status: msg.status || 'idle',
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
    events: a.events || 0,
    messages: messages,
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

function send(msg) { if (source) source.send(msg); }

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
  $('help').textContent = (p.title || p.name) + (p.help ? '\n' + p.help : '');
  if (presets.length > 0) {
    // The first preset with something to solve: a sample that is already
    // solved (0 moves) makes a dull first search.
    applyPreset(Math.max(0, presets.findIndex((x) => x.optimal > 0)));
  } else {
    $('preset').value = '';
    $('state').value = '';
  }
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
  if (a) {
    rows.push(['run', '#' + a.id + ' ' + a.puzzle + ', ' + a.heuristic + ', ' + a.algorithm]);
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
  if (!node) { info.textContent = ''; $('puzzle-state').textContent = ''; return; }
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

// drawTree lays the window out with depth downwards and leaves side by side.
function drawTree(tv) {
  const el = $('tree');
  el.textContent = '';
  $('tree-info').textContent = tv && tv.iteration ? '(iteration ' + tv.iteration + ', bound ' + tv.bound + ', ' + tv.drawn + ' nodes drawn)' : '';
  if (!tv || !tv.root) {
    if (lastState && lastState.active && lastState.active.events > 1) {
      el.textContent = 'No tree: this run reports per iteration only (a fast run, or a trace recorded at iteration level).';
    }
    return;
  }
  const dx = 30, dy = 52, r = 10;
  let leaves = 0, maxDepth = 0;
  function layout(n, depth) {
    n._d = depth;
    maxDepth = Math.max(maxDepth, depth);
    if (!n.children || n.children.length === 0) { n._x = leaves++; return; }
    n.children.forEach((c) => layout(c, depth + 1));
    n._x = (n.children[0]._x + n.children[n.children.length - 1]._x) / 2;
  }
  layout(tv.root, 0);
  const w = Math.max(leaves * dx + 40, 200), h = (maxDepth + 1) * dy + 30;
  const s = svg('svg', { width: w, height: h, viewBox: '0 0 ' + w + ' ' + h });
  const X = (n) => 20 + n._x * dx + dx / 2, Y = (n) => 18 + n._d * dy;
  svg('line', { x1: 0, x2: w, y1: 0, y2: 0, stroke: 'none' }, s);
  function edges(n) {
    (n.children || []).forEach((c) => {
      svg('line', { x1: X(n), y1: Y(n), x2: X(c), y2: Y(c), stroke: '#aaa', 'stroke-width': 1 }, s);
      edges(c);
    });
  }
  edges(tv.root);
  function nodes(n) {
    const g = svg('g', { class: 'node ' + n.status }, s);
    let shape;
    if (n.status === 'group') {
      shape = svg('rect', { x: X(n) - r, y: Y(n) - r * 0.7, width: 2 * r, height: 1.4 * r, rx: 3, class: n.status }, g);
    } else {
      shape = svg('circle', { cx: X(n), cy: Y(n), r: r, class: n.status }, g);
    }
    if (n.id && n.id === tv.last) { shape.setAttribute('stroke', '#000'); shape.setAttribute('stroke-width', 3); }
    const label = n.status === 'group' ? '+' + n.count : String(n.f);
    const t = svg('text', { x: X(n), y: Y(n) + 3.5, 'text-anchor': 'middle', fill: '#fff' }, g);
    t.textContent = label;
    if (n.status !== 'group') {
      const sub = svg('text', { x: X(n), y: Y(n) + r + 10, 'text-anchor': 'middle', fill: '#555' }, g);
      sub.textContent = n.g + '+' + n.h;
      if (n.count > 1 && (!n.children || n.children.length === 0)) {
        const cnt = svg('text', { x: X(n), y: Y(n) + r + 20, 'text-anchor': 'middle', fill: '#888' }, g);
        cnt.textContent = '×' + n.count;
      }
    }
    const tip = svg('title', {}, g);
    tip.textContent = n.status === 'group'
      ? n.count + ' nodes in folded siblings'
      : 'node ' + n.id + ': g=' + n.g + ' h=' + n.h + ' f=' + n.f + ' (' + n.status + ')' + (n.count > 1 ? ', subtree of ' + n.count + ' nodes' : '');
    if (n.id) g.addEventListener('click', () => send({ type: 'node', id: n.id }));
    (n.children || []).forEach(nodes);
  }
  nodes(tv.root);
  el.appendChild(s);
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

function drawCharts(c) {
  if (!c) return;
  const ids = { fhist: 'fhist', fhistTotal: 'fhist-total', iterations: 'iterations-chart', bounds: 'bounds-chart' };
  const log = $('log').checked;
  for (const k in ids) {
    if (c[k]) chart(ids[k]).setOption(log ? logScale(c[k]) : c[k], { notMerge: true });
  }
}

function onState(msg) {
  messages++;
  lastState = msg;
  playing = msg.status === 'running'; // space toggles what the server last said, not a stale guess
  drawStats(msg);
  drawNode(msg.node);
  drawTree(msg.tree);
  drawCharts(msg.charts);
  if (msg.replay) {
    const seek = $('seek');
    seek.max = String(msg.replay.total);
    if (document.activeElement !== seek) seek.value = String(msg.replay.pos);
    $('seek-label').textContent = msg.replay.pos + ' / ' + msg.replay.total;
  }
  $('last-event').textContent = msg.event ? 'last event: ' + msg.event : '';
  setViz(msg);
}

function onMessage(msg) {
  switch (msg.type) {
    case 'hello':
      document.body.classList.toggle('replay', msg.mode === 'replay');
      $('mode').textContent = msg.mode;
      break;
    case 'state': onState(msg); break;
    case 'error': showError(msg.message); break;
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

// ---- controls --------------------------------------------------------------------
function speed() { return speeds[Number($('speed').value)] || 10; }
function showSpeed() { $('speed-label').textContent = fmt(speed()) + ' events/s'; }

function control(type, extra) {
  showError('');
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
  });
  // A state typed by hand, or another goal, is no longer the preset.
  const leavePreset = () => {
    const p = currentPuzzle(), i = $('preset').value;
    const pr = p && i !== '' ? p.presets[Number(i)] : null;
    if (pr && ($('state').value !== pr.state || ((p.goals || []).length > 0 && $('goal').value !== (pr.goal || p.goals[0])))) {
      $('preset').value = '';
    }
  };
  $('state').addEventListener('input', leavePreset);
  $('goal').addEventListener('change', leavePreset);
  $('scramble').addEventListener('click', () => control('scramble', {
    puzzle: $('puzzle').value, depth: Number($('depth').value) || 0, goal: $('goal').value,
  }));
  $('start').addEventListener('click', () => {
    $('selected').textContent = '';
    playing = false;
    control('start', {
      puzzle: $('puzzle').value, state: $('state').value, heuristic: $('heuristic').value,
      goal: $('goal-label').style.display === 'none' ? '' : $('goal').value,
      algorithm: $('algorithm').value, fast: $('fast').checked, keep: $('keep').checked,
    });
  });
  $('step').addEventListener('click', () => control('step', { n: 1 }));
  $('expand').addEventListener('click', () => control('expand'));
  $('to-bound').addEventListener('click', () => control('to-bound'));
  $('to-end').addEventListener('click', () => control('to-end'));
  $('play').addEventListener('click', play);
  $('pause').addEventListener('click', pause);
  $('cancel').addEventListener('click', () => control('cancel'));
  $('back').addEventListener('click', () => control('back'));
  $('seek').addEventListener('change', () => control('seek', { pos: Number($('seek').value) }));
  $('speed').addEventListener('input', () => { showSpeed(); if (playing) play(); });
  $('log').addEventListener('change', () => { if (lastState) drawCharts(lastState.charts); });
  document.addEventListener('keydown', (ev) => {
    if (typing(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    switch (ev.key) {
      case 's': case 'ArrowRight': control('step', { n: 1 }); break;
      case 'x': control('expand'); break;
      case 'b': control('to-bound'); break;
      case 'e': control('to-end'); break;
      case 'ArrowLeft': if (document.body.classList.contains('replay')) control('back'); break;
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

bind();
if (window.VIZ_EMBEDDED) {
  source = new RecordedSource(window.VIZ_EMBEDDED);
} else {
  loadCatalogue();
  source = new LiveSource((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
}
source.connect(onMessage, (s) => { $('conn').textContent = s; });
