package web

import "io/fs"

// EchartsJS is the vendored echarts library the page uses, for other
// self-contained files that draw charts with no network (viz compare --html).
func EchartsJS() ([]byte, error) {
	return fs.ReadFile(staticFS, "static/vendor/echarts/echarts.min.js")
}
