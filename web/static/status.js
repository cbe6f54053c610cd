// @ts-check
// status.js: the Status panel (the active run's counts, the other runs in
// a line each, the summary presentation mode shows) and the state panel
// (the current node and its state, and a node chosen in the tree).
import { shared, $, fmt } from './page.js';
import * as renderers from './renderers.js';
import { t } from './i18n.js';

// notation explains a puzzle's move names where they are not the usual
// letters: the magic cube's are its judge's.
/** @type {Record<string, string>} */
const notations = {
  magiccube: 'ui.notation.magiccube',
};
function notation() {
  const a = shared.last && shared.last.active;
  return a && notations[a.puzzle] ? t(notations[a.puzzle]) : '';
}

// status is a run's status in the page's words (docs/PROTOCOL.md lists
// them); one the page does not know stays as the source wrote it.
/** @param {string} s */
function status(s) {
  const id = 'ui.status.' + s;
  const w = t(id);
  return w === id ? s : w;
}

// counts says a run's or an iteration's counts, with separators.
/** @param {{expanded: number, generated: number, pruned: number}} c */
function counts(c) {
  return t('ui.stats.counts', { Expanded: fmt(c.expanded), Generated: fmt(c.generated), Pruned: fmt(c.pruned) });
}

/** @param {StateMessage} msg */
function drawStats(msg) {
  const a = msg.active;
  // A row is its name's message id and its value; a value that is data
  // (a puzzle's or a heuristic's id, moves) is marked as such (no = true).
  /** @type {[string, unknown, boolean?][]} */
  const rows = [];
  rows.push(['ui.stats.status', status(msg.status)]);
  // A run building its databases has no counts yet: zeros and a clock
  // would read as a search that does nothing (the build's progress is the
  // last-event line, and the tree's).
  if (a && msg.status !== 'building') {
    // Before its run-start (a database still building) a run has no names yet.
    if (a.puzzle) rows.push(['ui.stats.run', '#' + a.id + ' ' + a.puzzle + ', ' + a.heuristic + ', ' + a.algorithm + (a.order ? ', ' + a.order : ''), true]);
    const astar = msg.algo && msg.algo.algorithm === 'astar' ? /** @type {AStarView} */ (msg.algo) : null;
    if (astar) {
      // A* in its own words: no iterations, no bound. The open and closed
      // lists come from its node events; a fast run has none, and shows
      // the engine's counts as they come.
      const nodes = astar.closed > 0 || astar.open.size > 0;
      if (nodes) {
        rows.push(['ui.stats.expanding', t('ui.stats.expanding.value', { F: astar.expanding })]);
        rows.push(['ui.stats.open', t('ui.stats.open.value', { Nodes: astar.open.size })], ['ui.stats.closed', t('ui.stats.closed.value', { Nodes: astar.closed })]);
      }
      // The engine counts the children it generates and the duplicates it
      // drops, which no event reports: its totals come at the end.
      const ended = msg.status !== 'paused' && msg.status !== 'running';
      if (ended || !nodes) rows.push(['ui.stats.expanded', a.expanded], ['ui.stats.generated', a.generated], ['ui.stats.duplicates', a.pruned]);
    } else {
      // Before its first iteration the run has its first bound, h(start).
      if (a.iteration) rows.push(['ui.stats.iteration', a.iteration], ['ui.stats.bound', a.bound]);
      else rows.push(['ui.stats.bound', t('ui.stats.bound.first', { Bound: a.bound })]);
      if (a.nextBound) rows.push(['ui.stats.next-bound', t('ui.stats.next-bound.value', { Bound: a.nextBound })]);
      // The iteration's counts beside the run's: the two differ from the
      // second iteration on.
      if (a.current && a.iteration) rows.push([t('ui.stats.iteration.n', { Iteration: a.iteration }), counts(a.current)]);
      rows.push(['ui.stats.whole', counts(a)]);
    }
    rows.push(['ui.stats.events', a.events]);
    // Time and rate mean something only for a run that was never held
    // back; a stepped run's clock is the lecture's.
    if (a.timed) {
      rows.push(['ui.stats.elapsed', t('ui.stats.seconds', { Seconds: a.seconds.toFixed(3) })]);
      rows.push(['ui.stats.rate', Math.round(a.nodesPerSecond)]);
    }
    if (a.growth && a.growthOf) {
      rows.push(['ui.stats.growth', t('ui.stats.growth.value', { Growth: a.growth.toFixed(2), Iteration: a.growthOf, Before: a.growthOf - 1 })]);
    }
    if (a.ebf) rows.push(['ui.stats.ebf', t('ui.stats.ebf.value', { EBF: a.ebf.toFixed(3) })]);
    if (a.solutionLength || a.status === 'solved') {
      rows.push(['ui.stats.solution', t('ui.stats.solution.moves', { Length: a.solutionLength }) + ' ' + a.solution.join(notation() ? ' · ' : ' ') + (notation() && a.solutionLength ? ' (' + notation() + ')' : ''), true]);
    }
    if (a.error) rows.push(['ui.stats.error', a.error]);
  }
  if (msg.runs && msg.runs.length > 1) {
    msg.runs.slice(0, -1).forEach((r) => rows.push([t('ui.stats.run.n', { ID: r.id }), t(r.solutionLength ? 'ui.stats.run.solved' : 'ui.stats.run.value', {
      Heuristic: r.heuristic, Algorithm: r.algorithm + (r.order ? ' ' + r.order : ''), Status: status(r.status), Generated: fmt(r.generated), Length: r.solutionLength })]));
  }
  if (msg.replay) rows.push(['ui.stats.position', t('ui.stats.position.value', { Event: fmt(Math.max(0, msg.replay.pos - 1)), Events: fmt(msg.replay.total) })]);
  const open = msg.algo && msg.algo.algorithm === 'astar' ? /** @type {AStarView} */ (msg.algo) : null;
  if (a && open) {
    $('summary').textContent = [status(msg.status), t('ui.summary.astar', { F: open.expanding, Open: fmt(open.open.size), Closed: fmt(open.closed) })]
      .concat(a.solutionLength ? [t('ui.summary.solution', { Length: a.solutionLength })] : []).join(' · ');
  } else {
    $('summary').textContent = a ? [status(msg.status),
      (a.iteration ? t('ui.summary.iteration', { Iteration: a.iteration, Bound: a.bound }) : t('ui.summary.first', { Bound: a.bound })) +
      (a.nextBound ? t('ui.summary.next', { Bound: a.nextBound }) : ''),
      a.current && a.iteration ? t('ui.summary.generated', { It: fmt(a.current.generated), All: fmt(a.generated) }) : t('ui.summary.generated.all', { All: fmt(a.generated) })]
      .concat(a.solutionLength ? [t('ui.summary.solution', { Length: a.solutionLength })] : []).join(' · ') : '';
  }
  const table = $('stats');
  table.textContent = '';
  rows.forEach(([k, v, data]) => {
    const tr = document.createElement('tr');
    const a1 = document.createElement('td');
    a1.textContent = k.startsWith('ui.') ? t(k) : k;
    const a2 = document.createElement('td');
    a2.textContent = fmt(v);
    if (data || typeof v === 'number') a2.translate = false;
    tr.append(a1, a2);
    table.appendChild(tr);
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
      if (msg.status === 'building' || msg.status === 'queued') info.textContent = t('ui.node.building', { Event: msg.event });
      return;
    }
    info.textContent = ''; $('puzzle-state').textContent = ''; return;
  }
  info.textContent = t('ui.node', { G: node.g, H: node.h, F: node.f, Depth: node.depth }) +
    (node.moves && node.moves.length ? t('ui.node.moves', { Moves: node.moves.join(notation() ? ' · ' : ' ') }) : '');
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
  h.textContent = t('ui.node.selected', { ID: n.id, G: n.g, H: n.h, F: n.f }) +
    (n.moves.length ? t('ui.node.moves', { Moves: n.moves.join(' ') }) : '') + (n.error ? ' (' + n.error + ')' : '');
  const v = document.createElement('div');
  el.append(h, v);
  renderers.draw(v, /** @type {string} */ (n.renderer), n.view);
}

export { drawStats, drawNode, drawChosen, status };
