package main

import (
	"context"
	"errors"
	"fmt"

	"idaviz/internal/quote"
	"idaviz/web/site"
)

func init() {
	register(&command{
		name:    "site",
		usage:   "site DIR",
		summary: "write the page, engine included, as a static site into DIR",
		help: `DIR then holds the visualizer as plain files (index.html, the page's
scripts, the engine compiled to WebAssembly) that any static file server
serves: python3 -m http.server, a course's web space, GitHub Pages. The
searches run in the visitor's browser, in a Web Worker; nothing of idaviz
runs on the server. The heuristics whose tables a browser cannot build
within a minute are listed as needing viz serve.

A release binary carries the engine. Built from source, viz site compiles
it with Go (GOOS=js GOARCH=wasm go build ./web/site/worker), in idaviz's
source folder: a minute the first time, seconds after. DIR must be new,
empty, or a site written before.`,
		examples: []string{
			"viz site public && python3 -m http.server -d public 8000   # then open http://localhost:8000/",
		},
		run: runSite,
	})
}

func runSite(ctx context.Context, e *env, args []string) int {
	c := commands["site"]
	fs := newFlags(e, c)
	rest, status, ok := parseArgs(e, fs, args)
	if !ok {
		return status
	}
	if len(rest) != 1 {
		return usageError(e, c, "expected one folder DIR, got %d arguments", len(rest))
	}
	dir := rest[0]
	if err := site.CheckDir(dir); err != nil {
		return siteFailed(e, err)
	}
	logf := func(format string, a ...any) { fmt.Fprintf(e.stderr, "viz site: "+format+"\n", a...) }
	eng, err := site.LoadEngine(ctx, logf)
	if err != nil {
		return siteFailed(e, err)
	}
	if err := site.Write(dir, eng); err != nil {
		return siteFailed(e, err)
	}
	fmt.Fprintf(e.stdout, "wrote the site into %s (engine %.1f MB): serve the folder with any static file server, e.g. python3 -m http.server -d %s\n",
		quote.Shown(dir), float64(len(eng.Wasm))/1e6, quote.Shown(dir))
	return exitOK
}

// siteFailed reports err with exit status 2 when the user can mend it (a
// DIR that is not a site, no engine to be had here), else 1.
func siteFailed(e *env, err error) int {
	if errors.Is(err, site.ErrNotSite) || errors.Is(err, site.ErrNoEngine) {
		return fail(e, "viz site: %v", err)
	}
	return failed(e, "viz site: %v", err)
}
