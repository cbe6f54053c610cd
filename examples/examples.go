// Package examples holds the example scripts written in Starlark (problems
// and heuristics), embedded, so that the page's Problem tab offers the
// files this directory holds rather than copies of them.
package examples

import "embed"

// Scripts are the .star files: romania/, grid/ and heuristics/.
//
//go:embed romania/*.star grid/*.star heuristics/*.star
var Scripts embed.FS
