// echarts.js: the vendored echarts (vendor/echarts/echarts.min.js) as a
// module. The file is a UMD script: imported, it has no exports and puts
// itself on globalThis; this module takes it from there and removes it, so
// that window.viz stays the page's only global. The exported page's bundle
// runs the same file as a classic script before the bundle (web/export),
// which this module takes from globalThis all the same.
import './vendor/echarts/echarts.min.js';

const echarts = globalThis.echarts;
delete globalThis.echarts;

export default echarts;
