package main

import (
	"context"
	"errors"
	"fmt"

	"idaviz/internal/quote"
	"idaviz/lang"
	"idaviz/web/site"
)

func init() {
	register(&command{
		name:  "site",
		usage: "site DIR",
		run:   runSite,
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
		return usageError(e, c, "%s", e.p.N("cli.site.args", len(rest)))
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
	fmt.Fprintln(e.stdout, e.p.T("cli.site.wrote", lang.Args{"Dir": quote.Shown(dir), "MB": fmt.Sprintf("%.1f", float64(len(eng.Wasm))/1e6)}))
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
