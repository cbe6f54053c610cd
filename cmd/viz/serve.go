package main

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"idaviz/internal/quote"
	"idaviz/trace"
	"idaviz/web"
	"idaviz/web/fold"
)

func init() {
	register(&command{
		name:    "serve",
		usage:   "serve [--addr 127.0.0.1:8080]",
		summary: "serve the visualizer page on this machine (the default command)",
		run:     runServe,
	})
	register(&command{
		name:    "replay",
		usage:   "replay [--addr 127.0.0.1:8080 | --export OUT.html] FILE",
		summary: "serve the page over a recorded trace of any size (viz solve --trace FILE; indexed, not loaded): step back and forth, seek; or export it as one HTML file (as viz trace export --format html)",
		run:     runReplay,
	})
}

type serveFlags struct {
	addr        *string
	allowRemote *bool
	export      *string // replay only
	lecture     *string // replay only
	maxSearches *int
	maxTabs     *int
}

// parseServeFlags parses the flags serve and replay share, and checks the
// number of arguments (replay: one trace file).
func parseServeFlags(e *env, c *command, args []string) (f *serveFlags, rest []string, status int, ok bool) {
	fs := newFlags(e, c)
	f = &serveFlags{
		addr:        fs.String("addr", "127.0.0.1:8080", "listen on this `host:port` (port 0: any free port)"),
		allowRemote: fs.Bool("allow-remote", false, "allow a non-loopback --addr (a class on a LAN): the printed address then carries a random token the page and its socket require"),
		maxSearches: fs.Int("max-searches", runtime.NumCPU(), "the most searches computing at once across all tabs (paused or stepped ones do not count); the rest queue"),
		maxTabs:     fs.Int("max-tabs-per-client", 8, "with --allow-remote: the most tabs open at once from one client address"),
	}
	if c.name == "replay" {
		f.export = fs.String("export", "", "write the replay as one self-contained HTML `file` (no server needed) and exit")
		fs.Int("frames", 0, "ignored: an export holds every event of its trace")
		f.lecture = fs.String("lecture", "", "the bookmarks `file` (default FILE.lecture.json beside the trace, when there): the page saves its bookmarks there, an export embeds them")
	}
	if status, ok := parseFlags(e, fs, args); !ok {
		return nil, nil, status, false
	}
	want := 0
	if c.name == "replay" {
		want = 1
	}
	if fs.NArg() != want {
		fs.Usage()
		if want == 0 {
			return nil, nil, fail(e, "viz serve: unexpected arguments %q", fs.Args()), false
		}
		return nil, nil, fail(e, "viz replay: expected one trace FILE"), false
	}
	if *f.maxSearches < 1 {
		return nil, nil, fail(e, "viz %s: --max-searches %d: want 1 or more", c.name, *f.maxSearches), false
	}
	if *f.maxTabs < 1 {
		return nil, nil, fail(e, "viz %s: --max-tabs-per-client %d: want 1 or more", c.name, *f.maxTabs), false
	}
	return f, fs.Args(), 0, true
}

func runServe(ctx context.Context, e *env, args []string) int {
	f, _, status, ok := parseServeFlags(e, commands["serve"], args)
	if !ok {
		return status
	}
	return serve(ctx, e, f, web.Options{})
}

func runReplay(ctx context.Context, e *env, args []string) int {
	f, rest, status, ok := parseServeFlags(e, commands["replay"], args)
	if !ok {
		return status
	}
	path := rest[0]
	if *f.export != "" {
		return exportHTML(e, "viz replay", path, *f.export, *f.lecture)
	}
	// The file is indexed, not loaded: a trace of any size replays in
	// bounded memory (fold.OpenTrace).
	start := time.Now()
	// Indexing folds every event once, allocating as it goes, with little
	// kept: a collection every few MB would take a quarter of the time.
	gc := debug.SetGCPercent(400)
	rec, err := fold.OpenTrace(path, fold.IndexOptions{})
	debug.SetGCPercent(gc)
	if rec == nil {
		return fail(e, "viz replay: %s: %v", path, err)
	}
	defer rec.Close()
	if err != nil {
		// A truncated trace still replays up to its damage.
		fmt.Fprintf(e.stderr, "viz replay: %s: %v; replaying what was read\n", path, err)
	}
	fmt.Fprintf(e.stderr, "viz replay: %s: %s %s, %s, %d events (indexed in %s)\n", path, quote.Shown(rec.Info.Puzzle), quote.Shown(rec.Info.Instance), quote.Shown(rec.Info.Heuristic), rec.Len(), time.Since(start).Round(time.Millisecond))
	lf, err := loadLecture(e, "viz replay", path, *f.lecture, trace.RecordingOf(&rec.Info, int64(rec.Len())), true)
	if err != nil {
		return fail(e, "viz replay: %v", err)
	}
	return serve(ctx, e, f, web.Options{Recording: rec, Lecture: lf.lecture, LecturePath: lf.path, TraceName: filepath.Base(path)})
}

func serve(ctx context.Context, e *env, f *serveFlags, opt web.Options) int {
	remote, err := web.CheckListenAddr(*f.addr, *f.allowRemote)
	if err != nil {
		return fail(e, "viz: %v", err)
	}
	opt.MaxSearches = *f.maxSearches
	if remote {
		opt.AllowRemote = true
		opt.Token = web.NewToken()
		opt.MaxSessionsPerClient = *f.maxTabs
		fmt.Fprintf(e.stderr, "viz: WARNING: serving on %s, beyond this machine: whoever has the printed address (with its token) can run searches here, %d at a time, %d tabs per client\n",
			*f.addr, opt.MaxSearches, opt.MaxSessionsPerClient)
	}
	opt.Logf = func(format string, args ...any) { fmt.Fprintf(e.stderr, "viz: "+format+"\n", args...) }
	err = web.ListenAndServe(ctx, *f.addr, opt, func(url string) {
		fmt.Fprintf(e.stdout, "idaviz: open %s in a browser (Ctrl-C to stop)\n", url)
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "viz: %v\n", err)
		return exitUsage
	}
	return exitOK
}
