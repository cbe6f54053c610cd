// @ts-check
// present.js: presentation mode. On a projector (1280x720) the controls,
// the state, the tree and one chart fill the screen with large text (the
// layout is style.css's body.present); c shows the next chart in its place.
import { shared, $, presenting } from './page.js';
import * as charts from './charts.js';
import * as code from './code.js';
import * as contract from './contract.js';
import * as tree from './tree.js';

let shown = 0; // the chart shown, among the charts not hidden

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
  shown = ((shown % panels.length) + panels.length) % panels.length;
  document.querySelectorAll('.chart-panel').forEach((p) => p.classList.remove('shown'));
  if (panels.length) panels[shown].classList.add('shown');
}

function nextChart() {
  shown++;
  if (presenting()) setAlgo(false);
  showChart();
  redraw();
}

// The code and stack panels take the chart's place on a projector, one key
// (a) away; out of presentation mode the key shows or hides them.
/** @param {boolean} on */
function setAlgo(on) {
  document.body.classList.toggle('algo-on', on);
  document.body.classList.toggle('algo-off', !on);
  $('algo-toggle').setAttribute('aria-pressed', String(on));
}

function toggleAlgo() {
  const on = presenting() ? !document.body.classList.contains('algo-on') : document.body.classList.contains('algo-off');
  setAlgo(on);
  redraw();
}

// redraw draws the last state again (after a layout change).
function redraw() {
  requestAnimationFrame(() => {
    charts.resizeAll();
    if (shared.last) { tree.draw(shared.last.tree); charts.draw(shared.last.charts); code.draw(shared.last); } else tree.place();
  });
}

function bind() {
  $('present').addEventListener('click', toggle);
  $('algo-toggle').addEventListener('click', toggleAlgo);
}

export { bind, set, toggle, nextChart, redraw, toggleAlgo };
