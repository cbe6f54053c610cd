package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"idaviz/puzzles/rubik"
)

func init() {
	register(&command{
		name:    "pdb",
		usage:   "pdb build PUZZLE [flags]",
		summary: "build (or verify) a puzzle's pattern databases in the cache directory and describe them",
		run:     runPDB,
	})
}

func pdbUsage(w io.Writer) {
	fmt.Fprint(w, `usage: viz pdb build rubik [-heuristic korf] [-workers N] [-force]

Builds the pattern databases a heuristic reads, or checks the cached ones
(header and checksum; a bad file is rebuilt), then prints for each database
its entries, bytes, build time and the distribution of its values.

Databases live in $IDAVIZ_CACHE_DIR/pdb when that is set, else in the user's
cache directory (idaviz/pdb). Puzzles with databases: rubik (heuristics korf,
korf7, corners, edges).

flags:
  -heuristic NAME  the heuristic whose databases to build (default korf)
  -workers N       goroutines for the build (default: one per CPU)
  -force           rebuild even when a valid file is cached
`)
}

func runPDB(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		pdbUsage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		pdbUsage(e.stdout)
		return exitOK
	case "build":
	default:
		fmt.Fprintf(e.stderr, "viz pdb: unknown action %q\n\n", args[0])
		pdbUsage(e.stderr)
		return exitUsage
	}
	c := commands["pdb"]
	fs := newFlags(e, c)
	fs.Usage = func() { pdbUsage(fs.Output()) }
	heuristic := fs.String("heuristic", "korf", "the heuristic whose databases to build")
	workers := fs.Int("workers", 0, "goroutines for the build (0: one per CPU)")
	force := fs.Bool("force", false, "rebuild even when a valid file is cached")
	// The puzzle may come before or after the flags.
	if status, ok := parseFlags(e, fs, args[1:]); !ok {
		return status
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return fail(e, "viz pdb build: which puzzle? (rubik)")
	}
	puzzle := rest[0]
	if status, ok := parseFlags(e, fs, rest[1:]); !ok {
		return status
	}
	if fs.NArg() != 0 {
		return fail(e, "viz pdb build: unexpected argument %q", fs.Arg(0))
	}
	if puzzle != "rubik" {
		return fail(e, "viz pdb build: puzzle %q has no pattern databases (only rubik has)", puzzle)
	}
	pats, stored, err := rubik.Patterns(*heuristic)
	if err != nil {
		return fail(e, "viz pdb build: %v", err)
	}
	if !stored {
		return fail(e, "viz pdb build: heuristic %q keeps no databases on disk (choose korf, korf7, corners or edges)", *heuristic)
	}
	dir, err := rubik.CacheDir()
	if err != nil {
		return fail(e, "viz pdb build: %v", err)
	}
	fmt.Fprintf(e.stdout, "rubik heuristic %s: %d pattern databases in %s (%d workers)\n", *heuristic, len(pats), dir, cmp.Or(max(*workers, 0), runtime.GOMAXPROCS(0)))
	progress := rubik.ProgressBar(e.stderr, e.stderrTTY)
	for _, p := range pats {
		var o rubik.Opened
		if *force {
			start := time.Now()
			t, err := rubik.Build(ctx, p, *workers, progress)
			if err != nil {
				fmt.Fprintf(e.stderr, "viz pdb build: %v\n", err)
				return exitNotFound
			}
			o = rubik.Opened{Table: t, Built: true, BuildTime: time.Since(start)}
			err = t.Save()
			if err != nil {
				fmt.Fprintf(e.stderr, "viz pdb build: %v\n", err)
				return exitNotFound
			}
		} else {
			o, err = rubik.Open(ctx, p, *workers, progress)
			if err != nil {
				fmt.Fprintf(e.stderr, "viz pdb build: %v\n", err)
				return exitNotFound
			}
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		describe(e.stdout, o, ms.Sys)
		if o.Built && !*force && o.Reason != nil {
			fmt.Fprintf(e.stdout, "  (rebuilt: %s)\n", firstLine(o.Reason.Error()))
		}
	}
	return exitOK
}

func describe(w io.Writer, o rubik.Opened, sys uint64) {
	t := o.Table
	how := "verified (read from the cache, checksum good)"
	if o.Built {
		how = fmt.Sprintf("built in %s", o.BuildTime.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "\n%s: %d entries, %d bytes (4 bits each); %s; process memory %d MiB\n",
		t.Pattern.Name, t.Len(), t.Bytes(), how, sys>>20)
	dist := t.Distribution()
	var sum float64
	for v, n := range dist {
		sum += float64(v) * float64(n)
	}
	fmt.Fprintf(w, "  value %14s %8s\n", "entries", "share")
	for v, n := range dist {
		fmt.Fprintf(w, "  %5d %14d %7.3f%%\n", v, n, 100*float64(n)/float64(t.Len()))
	}
	fmt.Fprintf(w, "  mean %.3f, max %d\n", sum/float64(t.Len()), len(dist)-1)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
