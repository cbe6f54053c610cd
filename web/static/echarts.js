// @ts-check
// echarts.js: the vendored echarts (vendor/echarts/echarts.min.js) as a
// module. The file is a UMD script: imported, it has no exports and puts
// itself on globalThis; this module takes it from there and removes it, so
// that window.viz stays the page's only global. The exported page's bundle
// runs the same file as a classic script before the bundle (web/export),
// which this module takes from globalThis all the same.
import './vendor/echarts/echarts.min.js';

// Typed as any: the page hands echarts the options go-echarts wrote, and
// calls a handful of its functions (charts.js, problem.js); declaring its
// whole API here would be a copy of echarts' own, for no check of those.
/** @type {any} */
const echarts = /** @type {any} */ (globalThis).echarts;
delete /** @type {any} */ (globalThis).echarts;

export default echarts;
