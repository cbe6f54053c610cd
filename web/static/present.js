// @ts-check
// present.js: presentation mode. On a projector (1280x720) the controls,
// the state and the tree fill the screen with large text (the layout is
// style.css's body.present); c shows a chart in the tree's place, the next
// one on each press, then the tree again.
import { shared, $, presenting } from './page.js';
import * as charts from './charts.js';
import * as code from './code.js';
import * as contract from './contract.js';
import * as tree from './tree.js';

// The chart shown in the tree's place on a projector, among the charts not
// hidden; -1: none, the tree.
let shown = -1;

/** @param {boolean} on */
function set(on) {
  document.body.classList.toggle('present', on);
  $('present').setAttribute('aria-pressed', String(on));
  showChart();
  contract.page();
  redraw();
}

function toggle() { set(!presenting()); }

function showChart() {
  const panels = Array.from(/** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.chart-panel'))).filter((p) => !p.hidden);
  if (shown >= panels.length) shown = -1;
  document.querySelectorAll('.chart-panel').forEach((p) => p.classList.remove('shown'));
  if (shown >= 0) panels[shown].classList.add('shown');
}

function nextChart() {
  shown++;
  if (presenting()) setAlgo(false);
  showChart();
  redraw();
}

// The code and stack panels take the chart's place on a projector, one key
// (a) away; out of presentation mode the key shows or hides them. Each
// layout keeps its own choice: the code shown in place of a projector's
// chart (algo-on) is not the code hidden below the normal layout's
// charts (algo-off), so c on a projector leaves the other layout as it was.
/** @param {boolean} on */
function setAlgo(on) {
  if (presenting()) document.body.classList.toggle('algo-on', on);
  else document.body.classList.toggle('algo-off', !on);
  showAlgo();
}

// showAlgo says on the Algorithm button (a projector's) whether the code is shown.
function showAlgo() { $('algo-toggle').setAttribute('aria-pressed', String(document.body.classList.contains('algo-on'))); }

function toggleAlgo() {
  // The code takes the chart row, beside the tree: no chart over the tree.
  if (presenting() && !document.body.classList.contains('algo-on')) { shown = -1; showChart(); }
  setAlgo(presenting() ? !document.body.classList.contains('algo-on') : document.body.classList.contains('algo-off'));
  redraw();
}

// redraw draws the last state again (after a layout change).
function redraw() {
  requestAnimationFrame(() => {
    charts.resizeAll();
    if (shared.last) { tree.draw(shared.last.tree); charts.draw(shared.last.charts); code.draw(shared.last); } else tree.place();
  });
}

// reset puts every view setting back as the page starts: the counts on
// a linear scale, the pseudo-code shown in the normal layout and the
// tree (no chart, not the code) on a projector, the tree fitted.
function reset() {
  charts.restart();
  document.body.classList.remove('algo-on', 'algo-off');
  showAlgo();
  shown = -1;
  showChart();
  tree.fit();
  redraw();
}

function bind() {
  $('reset-view').addEventListener('click', reset);
  $('present').addEventListener('click', toggle);
  $('algo-toggle').addEventListener('click', toggleAlgo);
}

export { bind, set, toggle, nextChart, redraw, toggleAlgo, reset };
