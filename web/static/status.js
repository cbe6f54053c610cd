// @ts-check
// status.js: the Status panel (the active run's counts, the other runs in
// a line each, the summary presentation mode shows) and the state panel
// (the current node and its state, and a node chosen in the tree).
import { shared, $, fmt } from './page.js';
import * as renderers from './renderers.js';

// notation explains a puzzle's move names where they are not the usual
// letters: the magic cube's are its judge's.
/** @type {Record<string, string>} */
const notations = {
  magiccube: 'moves written as the judge writes them, "face dir": faces 0–5 are L F R B U D, dir 1 turns clockwise and −1 counter-clockwise, seen from outside',
};
function notation() {
  const a = shared.last && shared.last.active;
  return (a && notations[a.puzzle]) || '';
}

// counts says a run's or an iteration's counts, with separators.
/** @param {{expanded: number, generated: number, pruned: number}} c */
function counts(c) {
  return 'expanded ' + fmt(c.expanded) + ', generated ' + fmt(c.generated) + ', pruned ' + fmt(c.pruned);
}

/** @param {StateMessage} msg */
function drawStats(msg) {
  const a = msg.active;
  /** @type {[string, unknown][]} */
  const rows = [];
  rows.push(['status', msg.status]);
  // A run building its databases has no counts yet: zeros and a clock
  // would read as a search that does nothing (the build's progress is the
  // last-event line, and the tree's).
  if (a && msg.status !== 'building') {
    // Before its run-start (a database still building) a run has no names yet.
    if (a.puzzle) rows.push(['run', '#' + a.id + ' ' + a.puzzle + ', ' + a.heuristic + ', ' + a.algorithm]);
    const astar = msg.algo && msg.algo.algorithm === 'astar' ? /** @type {AStarView} */ (msg.algo) : null;
    if (astar) {
      // A* in its own words: no iterations, no bound. The open and closed
      // lists come from its node events; a fast run has none, and shows
      // the engine's counts as they come.
      const nodes = astar.closed > 0 || astar.open.size > 0;
      if (nodes) {
        rows.push(['expanding f', astar.expanding + ' (the f of the node popped last)']);
        rows.push(['open list', astar.open.size + ' nodes (generated, waiting)'], ['closed', astar.closed + ' nodes (expanded)']);
      }
      // The engine counts the children it generates and the duplicates it
      // drops, which no event reports: its totals come at the end.
      const ended = msg.status !== 'paused' && msg.status !== 'running';
      if (ended || !nodes) rows.push(['expanded', a.expanded], ['generated', a.generated], ['duplicates dropped', a.pruned]);
    } else {
      // Before its first iteration the run has its first bound, h(start).
      if (a.iteration) rows.push(['iteration', a.iteration], ['bound', a.bound]);
      else rows.push(['bound', a.bound + ' = h(start), the first iteration\'s']);
      if (a.nextBound) rows.push(['next bound', a.nextBound + ' (the smallest f pruned)']);
      // The iteration's counts beside the run's: the two differ from the
      // second iteration on.
      if (a.current && a.iteration) rows.push(['iteration ' + a.iteration, counts(a.current)]);
      rows.push(['whole run', counts(a)]);
    }
    rows.push(['events', a.events]);
    // Time and rate mean something only for a run that was never held
    // back; a stepped run's clock is the lecture's.
    if (a.timed) {
      rows.push(['elapsed', a.seconds.toFixed(3) + ' s']);
      rows.push(['nodes per second', Math.round(a.nodesPerSecond)]);
    }
    if (a.growth && a.growthOf) {
      rows.push(['growth per iteration', '×' + a.growth.toFixed(2) + ' (nodes generated in iteration ' + a.growthOf + ' over iteration ' + (a.growthOf - 1) + ')']);
    }
    if (a.ebf) rows.push(['effective branching factor', a.ebf.toFixed(3) + ' (a uniform tree as deep as the solution, as many nodes)']);
    if (a.solutionLength || a.status === 'solved') {
      rows.push(['solution', a.solutionLength + ' moves: ' + a.solution.join(notation() ? ' · ' : ' ') + (notation() && a.solutionLength ? ' (' + notation() + ')' : '')]);
    }
    if (a.error) rows.push(['error', a.error]);
  }
  if (msg.runs && msg.runs.length > 1) {
    msg.runs.slice(0, -1).forEach((r) => rows.push(['run #' + r.id, r.heuristic + ' ' + r.algorithm + ': ' + r.status +
      ', ' + fmt(r.generated) + ' generated' + (r.solutionLength ? ', length ' + r.solutionLength : '')]));
  }
  if (msg.replay) rows.push(['trace position', 'event ' + fmt(Math.max(0, msg.replay.pos - 1)) + ' of ' + fmt(msg.replay.total) + ' (from 0)']);
  const open = msg.algo && msg.algo.algorithm === 'astar' ? /** @type {AStarView} */ (msg.algo) : null;
  if (a && open) {
    $('summary').textContent = msg.status + ' · expanding f = ' + open.expanding + ' · open ' + fmt(open.open.size) + ', closed ' + fmt(open.closed) +
      (a.solutionLength ? ' · solution ' + a.solutionLength + ' moves' : '');
  } else $('summary').textContent = a ? msg.status + ' · ' + (a.iteration ? 'iteration ' + a.iteration + ', bound ' + a.bound : 'bound ' + a.bound + ' = h(start)') +
    (a.nextBound ? ' (next ' + a.nextBound + ')' : '') +
    ' · ' + (a.current && a.iteration ? fmt(a.current.generated) + ' generated in it, ' : '') + fmt(a.generated) + ' in all' +
    (a.solutionLength ? ' · solution ' + a.solutionLength + ' moves' : '') : '';
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

/** @param {NodeView | null} node */
function drawNode(node) {
  const info = $('node-info');
  if (!node) {
    // A run not yet started (building its databases) shows its start
    // state (setup.js asks for it at Start), and how the build goes.
    const msg = shared.last;
    if (msg && msg.active && !msg.active.puzzle) {
      if (msg.status === 'building' || msg.status === 'queued') info.textContent = 'the start state; ' + msg.event;
      return;
    }
    info.textContent = ''; $('puzzle-state').textContent = ''; return;
  }
  info.textContent = 'g = ' + node.g + ', h = ' + node.h + ', f = ' + node.f + ', depth ' + node.depth +
    (node.moves && node.moves.length ? ' · moves: ' + node.moves.join(notation() ? ' · ' : ' ') : '');
  if (notation() && node.moves && node.moves.length) info.title = notation();
  if (node.error) info.textContent += ' (' + node.error + ')';
  renderers.draw($('puzzle-state'), /** @type {string} */ (node.renderer), node.view);
}

// drawChosen shows a node chosen in the tree (the source's node message).
/** @param {NodeView} n */
function drawChosen(n) {
  const el = $('selected');
  el.textContent = '';
  const h = document.createElement('div');
  h.textContent = 'selected node ' + n.id + ': g = ' + n.g + ', h = ' + n.h + ', f = ' + n.f +
    (n.moves.length ? ' · moves: ' + n.moves.join(' ') : '') + (n.error ? ' (' + n.error + ')' : '');
  const v = document.createElement('div');
  el.append(h, v);
  renderers.draw(v, /** @type {string} */ (n.renderer), n.view);
}

export { drawStats, drawNode, drawChosen };
