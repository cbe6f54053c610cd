// Package static holds the page's files (index.html, its style, its
// scripts, the renderers and the vendored echarts), embedded where they lie
// so that the server, the one-file exports and viz compare's report read
// the same bytes. It imports nothing of this module: report takes the
// echarts bytes from here without pulling the server in.
package static

//go:generate go run ./internal/generate

import (
	"embed"
	"io/fs"
)

// The page's files by pattern, so a script added beside app.js is served
// and exported with no change here; the Go files of this package and its
// generator (internal/generate) are left out.
//
//go:embed *.html *.css *.js render vendor
var files embed.FS

// FS is the page's files by their paths in this folder ("index.html",
// "render/tiles.js", ...).
func FS() fs.FS { return files }

// Echarts is the vendored echarts library the page uses, for other
// self-contained files that draw charts with no network (viz compare --html).
func Echarts() ([]byte, error) {
	return fs.ReadFile(files, "vendor/echarts/echarts.min.js")
}
