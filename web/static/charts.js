// @ts-check
// charts.js: the six charts. Their options come whole from the source
// (go-echarts, web/fold/charts.go); the page's own are the log scale, the large
// text of presentation mode, the comparison's tooltip and the save buttons.
import { shared, $, presenting, fmt, colour, downloadText } from './page.js';
import echarts from './echarts.js';
import { t, onChange } from './i18n.js';
import { CATALOGUE } from './messages.js';

// countNames are the names of a count axis (web/fold/charts.go's
// countAxis) in every language: the server writes a chart's words in its
// run's language, which need not be the page's of the moment.
const countNames = new Set(Object.values(CATALOGUE).map((c) => c['run.chart.nodes'] && c['run.chart.nodes'].other));

/** @type {Record<string, string>} */
const ids = { fhist: 'fhist', fhistTotal: 'fhist-total', iterations: 'iterations-chart', bounds: 'bounds-chart', hstar: 'hstar-chart', effort: 'effort-chart' };

/** @type {Record<string, any>} */
const made = {};
/** @param {string} id */
function chart(id) {
  if (!made[id]) {
    made[id] = echarts.init($(id), null, { renderer: 'canvas' });
    // A chart follows its box: a panel shown, presentation mode toggled,
    // the window resized (a chart first drawn in a narrow box stays
    // narrow otherwise).
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => made[id].resize()).observe($(id));
  }
  return made[id];
}

function resizeAll() { Object.values(made).forEach((c) => c.resize()); }

// logScale puts a chart's node counts (the y axis named "nodes", in any language,
// web/fold/charts.go) on a log axis: zeros become gaps, and stacked bars stand
// side by side, since a bar stacked on a gap is not drawn at all (the
// pruned-only f values, the very ones that set the next bound).
/** @param {ChartOptions} opt @returns {ChartOptions} */
function logScale(opt) {
  /** @type {any[]} */
  const axes = [].concat(opt.yAxis || []);
  if (!axes.some((a) => countNames.has(a.name))) return opt;
  const o = JSON.parse(JSON.stringify(opt));
  // echarts stands a log axis's bars on 1, so a count of 1 would be a bar
  // of no height: the axis starts at 1, and a bar is at least a stub, so
  // that a count of 1 shows (every f of a small iteration may have one
  // node). At least one decade tall: counts all 1 are an axis too.
  o.yAxis = /** @type {any[]} */ ([]).concat(o.yAxis).map((a) => (countNames.has(a.name) ? Object.assign(a, { type: 'log', min: 1,
    max: (/** @type {{max: number}} */ e) => Math.max(10, e.max),
    axisLabel: Object.assign({}, a.axisLabel, { formatter: (/** @type {number} */ v) => fmt(v) }) }) : a));
  o.series = (o.series || []).map((/** @type {any} */ s) => {
    delete s.stack;
    if (s.type === 'bar') s.barMinHeight = 5;
    s.data = (s.data || []).map((/** @type {any} */ d) => {
      const v = d !== null && typeof d === 'object' ? d.value : d;
      return v > 0 ? d : '-';
    });
    return s;
  });
  return o;
}

// bigText sets a chart's text to at least 16 px, for a projector.
/** @param {ChartOptions} opt @returns {ChartOptions} */
function bigText(opt) {
  const o = JSON.parse(JSON.stringify(opt));
  /** @type {(x: any, size: number) => any} */
  const big = (x, size) => Object.assign(x || {}, { fontSize: size });
  /** @type {any[]} */ ([]).concat(o.title || []).forEach((t) => { t.textStyle = big(t.textStyle, 18); });
  /** @type {any[]} */ ([]).concat(o.legend || []).forEach((l) => { l.textStyle = big(l.textStyle, 16); });
  for (const k of ['xAxis', 'yAxis']) {
    /** @type {any[]} */ ([]).concat(o[k] || []).forEach((a) => {
      a.axisLabel = Object.assign(big(a.axisLabel, 16), { hideOverlap: true });
      a.nameTextStyle = big(a.nameTextStyle, 16);
      // 16 px labels in a projector's short chart: fewer ticks, or they touch.
      if (k === 'yAxis') a.splitNumber = 3;
    });
  }
  (o.series || []).forEach((/** @type {any} */ s) => {
    if (s.markLine) s.markLine.label = big(s.markLine.label, 16);
    if (s.type === 'sunburst') s.label = big(s.label, 16);
  });
  /** @type {any[]} */ ([]).concat(o.grid || []).forEach((g) => {
    g.top = 54; g.left = 70; g.bottom = (parseInt(g.bottom, 10) || 62) + 10;
  });
  return o;
}

// compareTooltip lists, at a point of a comparison chart, each run's
// counts by kind (the server names them in vizKinds: the run's two series
// share its name, so the legend has one entry a run).
/** @param {ChartOptions} opt @returns {ChartOptions} */
function compareTooltip(opt) {
  const kinds = opt.vizKinds;
  const o = Object.assign({}, opt);
  o.tooltip = Object.assign({}, [].concat(opt.tooltip || [])[0] || {}, {
    trigger: 'axis',
    formatter: (/** @type {any} */ ps) => {
      /** @type {any[]} */
      const list = [].concat(ps);
      if (!list.length) return '';
      /** @type {(x: unknown) => string} */
      const esc = (x) => String(x).replace(/[&<>"]/g, (c) => /** @type {Record<string, string>} */ ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
      return esc(list[0].axisValueLabel) + '<br>' + list.map((p) => {
        const v = p.value !== null && typeof p.value === 'object' ? p.value.value : p.value;
        return p.marker + esc(p.seriesName) + ' · ' + esc(kinds[p.seriesIndex] || '') + ': ' + esc(v === '-' ? 0 : fmt(Number(v)));
      }).join('<br>');
    },
  });
  return o;
}

// draw draws the charts of a state. While the search runs, one chart is
// drawn an animation frame, the others wait their turn (with the latest
// data): echarts takes 10-20 ms a chart, and four at once would block the
// page for longer than a frame.
/** @type {Record<string, ChartOptions | null> | null} */
let due = null, keys = /** @type {string[]} */ ([]), frame = 0;
/** @param {Record<string, ChartOptions | null> | null} c @param {boolean} [running] */
function draw(c, running) {
  if (!c) return;
  // A chart a run has nothing for (h* before a solution, an A* run's
  // bounds) hides its panel.
  for (const k in ids) /** @type {HTMLElement} */ ($(ids[k]).closest('section')).hidden = !c[k];
  autoLog(c);
  due = c;
  for (const k in ids) if (!keys.includes(k)) keys.push(k);
  if (!running) {
    if (frame) { cancelAnimationFrame(frame); frame = 0; }
    while (keys.length) drawOne(/** @type {string} */ (keys.shift()));
    return;
  }
  if (!frame) frame = requestAnimationFrame(nextFrame);
}

function nextFrame() {
  frame = 0;
  if (!keys.length) return;
  drawOne(/** @type {string} */ (keys.shift()));
  if (keys.length) frame = requestAnimationFrame(nextFrame);
}

/** @param {string} k */
function drawOne(k) {
  const c = due, el = $(ids[k]);
  if (!c || !c[k] || el.offsetParent === null) return; // hidden: drawn when shown
  let o = /** @type {HTMLInputElement} */ ($('log')).checked ? logScale(c[k]) : c[k];
  if (o.vizKinds) o = compareTooltip(o);
  if (presenting()) o = bigText(o);
  // On a projector no save icons: a long title (A*'s) would run under them.
  set(el.id, presenting() ? Object.assign({}, o, { toolbox: { show: false } }) : toolbox(o, el.id));
}

// set hands a chart its options. A chart of the same shape as before
// (series, stacks, marks, axis types) only merges the new data, which
// costs echarts far less than building the chart anew.
/** @type {Record<string, string>} */
const shapes = {}, lastSet = /** @type {Record<string, string>} */ ({});
/** @param {string} id @param {ChartOptions} o */
function set(id, o) {
  const all = JSON.stringify(o);
  if (lastSet[id] === all) return; // nothing new (the bounds, mostly)
  lastSet[id] = all;
  const shape = JSON.stringify([
    (o.series || []).map((/** @type {any} */ s) => [s.name, s.type, s.stack || '', s.markLine ? (s.markLine.data || []).length : 0]),
    /** @type {any[]} */ ([]).concat(o.yAxis || []).map((a) => a.type), /** @type {any[]} */ ([]).concat(o.legend || []).map((l) => l.show),
    presenting(),
  ]);
  if (shapes[id] === shape) {
    chart(id).setOption(o);
  } else {
    chart(id).setOption(o, { notMerge: true });
    shapes[id] = shape;
  }
}

// toolbox gives a chart its save buttons: PNG (echarts' own, from the
// canvas) and SVG (the same option drawn again by echarts' SVG renderer).
const svgIcon = 'path://M4,4H28V28H4Z M9,20L14,12L18,18L21,15L25,22';
/** @param {ChartOptions} o @param {string} id @returns {ChartOptions} */
function toolbox(o, id) {
  return Object.assign({}, o, { toolbox: { right: 4, top: 0, itemSize: 13, itemGap: 6, feature: {
    saveAsImage: { type: 'png', name: id, title: t('run.chart.save-png'), pixelRatio: 2 },
    mySVG: { show: true, title: t('run.chart.save-svg'), icon: svgIcon, onclick: () => saveSVG(id) },
  } } });
}

/** @param {string} id */
function saveSVG(id) {
  const c = echarts.getInstanceByDom($(id));
  if (!c) return;
  const o = c.getOption();
  o.animation = false;
  o.backgroundColor = colour('--panel'); // as echarts' PNG: a slide's own background may be dark
  o.toolbox = [{ show: false }];
  const r = echarts.init(null, null, { renderer: 'svg', ssr: true, width: c.getWidth(), height: c.getHeight() });
  try {
    r.setOption(o);
    downloadText(r.renderToSVGString(), id + '.svg', 'image/svg+xml');
  } finally {
    r.dispose();
  }
}

// autoLog puts the counts on a log scale when a comparison's counts span
// more than 100×: on a linear axis the smaller runs' bars would be
// invisible. Once a set of runs: a user's unticking stays.
let autoLogged = '';
/** @param {Record<string, ChartOptions | null>} c */
function autoLog(c) {
  const o = c.iterations;
  if (!o || !o.vizKinds) return;
  /** @type {any} */
  const legend = [].concat(o.legend || [])[0] || {};
  const key = JSON.stringify(legend.data || []);
  if (key === autoLogged) return;
  let lo = Infinity, hi = 0;
  for (const s of o.series || []) {
    for (const d of s.data || []) {
      const v = d !== null && typeof d === 'object' ? d.value : d;
      if (v > 0) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    }
  }
  if (hi > 0 && hi / lo > 100) {
    /** @type {HTMLInputElement} */ ($('log')).checked = true;
    autoLogged = key;
  }
}

// restart puts the counts back on the page's linear scale (a new run, or
// the view reset): a log scale ticked for one comparison is not the next
// run's.
function restart() {
  /** @type {HTMLInputElement} */ ($('log')).checked = false;
  autoLogged = '';
  if (shared.last) draw(shared.last.charts);
}

function bind() {
  // The save icons are drawn in the chart's canvas, out of the keyboard's
  // reach: a button each, shown when the keyboard reaches it.
  for (const id of Object.values(ids)) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'chart-save';
    b.dataset.i18n = 'run.chart.save-button'; // i18n.js's translate() keeps it in the page's language
    b.textContent = t('run.chart.save-button');
    b.addEventListener('click', () => saveSVG(id));
    $(id).before(b);
  }
  // The save icons' tooltips: drawn again in the language chosen.
  onChange(() => { if (shared.last) draw(shared.last.charts); });
  window.addEventListener('resize', resizeAll);
  $('log').addEventListener('change', () => { if (shared.last) draw(shared.last.charts); });
}

// instance is the echarts instance drawn in el (an element or its id), or
// undefined: window.viz.page.chart, for checks that read a chart's options.
/** @param {string | HTMLElement} el */
function instance(el) {
  return echarts.getInstanceByDom(typeof el === 'string' ? $(el) : el);
}

export { bind, draw, resizeAll, saveSVG, instance, restart };
