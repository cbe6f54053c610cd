package main

import (
	"context"
	"fmt"
	"net"
	neturl "net/url"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"idaviz/internal/bytesize"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web"
	"idaviz/web/fold"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "serve [--addr 127.0.0.1:8080]",
		run:   runServe,
	})
	register(&command{
		name:  "replay",
		usage: "replay [--addr 127.0.0.1:8080 | --export OUT.html] FILE",
		run:   runReplay,
	})
}

type serveFlags struct {
	addr         *string
	allowRemote  *bool
	export       *string // replay only
	lecture      *string // replay only
	salvage      *bool   // replay only
	maxSearches  *int
	maxTabs      *int
	maxMemory    *bytesize.Size
	remoteSaves  *bool // replay only
	class        *bool
	maxFollowers *int
	classURL     *string
	runScript    *bool // replay only
}

// parseServeFlags parses the flags serve and replay share, and checks the
// number of arguments (replay: one trace file).
func parseServeFlags(e *env, c *command, args []string) (f *serveFlags, rest []string, status int, ok bool) {
	fs := newFlags(e, c)
	f = &serveFlags{
		addr:         fs.String("addr", "127.0.0.1:8080", ""),
		allowRemote:  fs.Bool("allow-remote", false, ""),
		maxSearches:  fs.Int("max-searches", runtime.NumCPU(), ""),
		maxTabs:      fs.Int("max-tabs-per-client", 8, ""),
		maxMemory:    new(bytesize.Size),
		class:        fs.Bool("class", false, ""),
		maxFollowers: fs.Int("max-followers", web.DefaultMaxFollowers, ""),
		classURL:     fs.String("class-url", "", ""),
	}
	*f.maxMemory = bytesize.Size(defaultServerMemory())
	fs.Var(f.maxMemory, "max-memory", "")
	if c.name == "replay" {
		f.export = fs.String("export", "", "")
		f.salvage = salvageFlag(fs)
		f.lecture = fs.String("lecture", "", "")
		f.runScript = runScriptFlag(fs)
		f.remoteSaves = fs.Bool("remote-bookmarks", false, "")
	}
	rest, status, ok = parseArgs(e, fs, args)
	if !ok {
		return nil, nil, status, false
	}
	want := 0
	if c.name == "replay" {
		want = 1
	}
	if len(rest) != want {
		if want == 0 {
			return nil, nil, usageError(e, c, "unexpected arguments %q", rest), false
		}
		return nil, nil, usageError(e, c, "%s", e.p.N("cli.replay.args", len(rest))), false
	}
	if err := serveConflicts(e.p, fs); err != nil {
		return nil, nil, fail(e, "viz %s: %v", c.name, err), false
	}
	if *f.maxSearches < 1 {
		return nil, nil, fail(e, "viz %s: %s", c.name, e.p.T("cli.flag.atleast1", lang.Args{"Flag": "--max-searches", "Value": *f.maxSearches})), false
	}
	if *f.maxFollowers < 1 {
		return nil, nil, fail(e, "viz %s: %s", c.name, e.p.T("cli.flag.atleast1", lang.Args{"Flag": "--max-followers", "Value": *f.maxFollowers})), false
	}
	if u := *f.classURL; u != "" && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
		return nil, nil, fail(e, "viz %s: %s", c.name, e.p.T("cli.serve.classurl", lang.Args{"URL": strconv.Quote(u)})), false
	}
	if *f.maxTabs < 1 {
		return nil, nil, fail(e, "viz %s: %s", c.name, e.p.T("cli.flag.atleast1", lang.Args{"Flag": "--max-tabs-per-client", "Value": *f.maxTabs})), false
	}
	return f, rest, 0, true
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
	puzzles.AllowTraceScripts(*f.runScript)
	if *f.export != "" {
		return exportHTML(e, "viz replay", path, *f.export, *f.lecture, *f.salvage)
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
		if !*f.salvage {
			return refuseFault(e, "viz replay", path, err)
		}
		salvaged(e, "viz replay", path, err)
	}
	fmt.Fprintf(e.stderr, "viz replay: %s: %s\n", path, e.p.N("cli.replay.indexed", rec.Len(), lang.Args{"Puzzle": shownMeta(rec.Info.Puzzle),
		"Instance": shownMeta(rec.Info.Instance), "Heuristic": shownMeta(rec.Info.Heuristic), "Elapsed": time.Since(start).Round(time.Millisecond)}))
	scriptNotice(e, "viz replay", &rec.Info)
	lf, err := loadLecture(e, "viz replay", path, *f.lecture, trace.RecordingOf(&rec.Info, int64(rec.Len())), true)
	if err != nil {
		return fail(e, "viz replay: %v", err)
	}
	return serve(ctx, e, f, web.Options{Recording: rec, Lecture: lf.lecture, LecturePath: lf.path, LectureStamp: lf.stamp,
		RemoteBookmarks: *f.remoteSaves, TraceName: filepath.Base(path)})
}

func serve(ctx context.Context, e *env, f *serveFlags, opt web.Options) int {
	if _, err := web.CheckListenAddr(*f.addr, *f.allowRemote); err != nil {
		return fail(e, "viz: %s", web.ErrorText(e.p, err))
	}
	if _, port, _ := net.SplitHostPort(*f.addr); port != "" {
		if _, err := net.LookupPort("tcp", port); err != nil {
			return fail(e, "viz: --addr %s: %v", *f.addr, err)
		}
	}
	// A well-formed address that cannot be listened on (a port taken, or
	// not this machine's) is the machine's answer, not bad usage.
	ln, err := net.Listen("tcp", *f.addr)
	if err != nil {
		return failed(e, "viz: %s", e.p.T("cli.serve.listen", lang.Args{"Addr": *f.addr, "Err": err}))
	}
	// Beyond this machine or not is where the listener is, not the name
	// as typed: a machine's own name often resolves to loopback.
	remote, err := web.CheckListener(*f.addr, ln.Addr(), *f.allowRemote)
	if err != nil {
		ln.Close()
		return fail(e, "viz: %s", web.ErrorText(e.p, err))
	}
	opt.MaxSearches = *f.maxSearches
	opt.MaxMemory = int64(*f.maxMemory)
	// Stopped searches leave their states as garbage: without a limit the
	// heap grows to about twice the budget before a collection
	// (docs/ARCHITECTURE.md). The rest of the server (folds, a replay's
	// checkpoints) gets a quarter of the budget more.
	defer limitHeap(opt.MaxMemory + opt.MaxMemory/4)()
	if remote {
		opt.AllowRemote = true
		opt.Token = web.NewToken()
		opt.MaxSessionsPerClient = *f.maxTabs
		fmt.Fprintln(e.stderr, "viz: "+e.p.T("cli.serve.remote", lang.Args{"Addr": *f.addr, "Listener": ln.Addr(), "Searches": opt.MaxSearches, "Tabs": opt.MaxSessionsPerClient}))
	}
	opt.Logf = func(format string, args ...any) { fmt.Fprintf(e.stderr, "viz: "+format+"\n", args...) }
	if *f.class {
		opt.Class, opt.ClassCode, opt.MaxFollowers, opt.ClassBase = true, web.NewJoinCode(), *f.maxFollowers, *f.classURL
	}
	err = web.Serve(ctx, ln, opt, func(url string) {
		fmt.Fprintln(e.stdout, "idaviz: "+e.p.T("cli.serve.open", lang.Args{"URL": pageURL(url, e.p.Tag())}))
		if opt.Class {
			join := web.JoinURL(opt.ClassBase, ln.Addr(), opt.ClassCode)
			fmt.Fprintf(e.stdout, "join: %s\n", join)
			if qr, err := web.QR(join); err == nil {
				fmt.Fprint(e.stdout, qr)
			}
			if !remote && opt.ClassBase == "" {
				fmt.Fprintln(e.stderr, "viz: "+e.p.T("cli.serve.classloopback"))
			}
		}
	})
	if err != nil {
		return failed(e, "viz: %v", err)
	}
	return exitOK
}

// pageURL is the page's address as viz prints it: in a language other than
// English it asks the page for the same language (?lang=), so that the
// page speaks as the command line does; the page's own choice (its saved
// one, the browser's) is for an address without it.
func pageURL(page, tag string) string {
	if tag == lang.English {
		return page
	}
	u, err := neturl.Parse(page)
	if err != nil {
		return page
	}
	q := u.Query()
	q.Set("lang", tag)
	u.RawQuery = q.Encode()
	return u.String()
}
