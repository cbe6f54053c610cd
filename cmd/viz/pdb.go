package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/puzzles/pdb"
)

func init() {
	register(&command{
		name:    "pdb",
		usage:   "pdb build PUZZLE [flags]",
		actions: []string{"build"},
		run:     runPDB,
	})
}

func pdbUsage(w io.Writer, p *lang.Printer) {
	fmt.Fprintln(w, strings.TrimRight(p.T("cli.pdb.build.help", lang.Args{"Puzzles": databasePuzzles(p)}), "\n"))
}

// databasePuzzles lists the puzzles with stored databases and their
// heuristics, for the help text.
func databasePuzzles(lp *lang.Printer) string {
	var ps []string
	for _, p := range puzzles.All() {
		if p.Databases != nil {
			ps = append(ps, lp.T("cli.pdb.puzzle", lang.Args{"Puzzle": p.Name, "Heuristics": strings.Join(p.Databases.Heuristics, ", ")}))
		}
	}
	return strings.Join(ps, "; ")
}

func runPDB(ctx context.Context, e *env, args []string) int {
	c := commands["pdb"]
	if len(args) == 0 {
		return usageError(e, c, "%s", e.p.T("cli.pdb.what"))
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		pdbUsage(e.stdout, e.p)
		return exitOK
	case "build":
	default:
		return usageError(e, c, "%s", e.p.T("cli.pdb.unknown", lang.Args{"Action": strconv.Quote(args[0])}))
	}
	fs := newFlags(e, c)
	fs.Usage = func() { pdbUsage(fs.Output(), e.p) }
	heuristic := fs.String("heuristic", "", "")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "")
	force := fs.Bool("force", false, "")
	rest, status, ok := parseArgs(e, fs, args[1:])
	if !ok {
		return status
	}
	if len(rest) == 0 {
		return fail(e, "viz pdb build: %s", e.p.T("cli.pdb.which", lang.Args{"Puzzles": databasePuzzles(e.p)}))
	}
	name := rest[0]
	if len(rest) > 1 {
		return fail(e, "viz pdb build: %s", e.p.T("cli.pdb.extra", lang.Args{"Arg": strconv.Quote(rest[1])}))
	}
	p, err := puzzles.Lookup(name)
	if err != nil {
		return fail(e, "viz pdb build: %v", err)
	}
	if p.Databases == nil {
		return fail(e, "viz pdb build: %s", e.p.T("cli.pdb.none", lang.Args{"Puzzle": strconv.Quote(name), "Puzzles": databasePuzzles(e.p)}))
	}
	h := cmp.Or(*heuristic, p.Databases.Heuristics[0])
	if !slices.Contains(p.Databases.Heuristics, h) {
		return fail(e, "viz pdb build: %s", e.p.T("cli.pdb.nodisk", lang.Args{"Heuristic": strconv.Quote(h), "Puzzle": name, "Heuristics": strings.Join(p.Databases.Heuristics, ", ")}))
	}
	if *workers < 1 {
		return fail(e, "viz pdb build: %s", e.p.T("cli.pdb.workers", lang.Args{"Workers": *workers, "CPUs": runtime.GOMAXPROCS(0)}))
	}
	dir, err := pdb.CacheDir()
	if err != nil {
		return fail(e, "viz pdb build: %v", err)
	}
	if err := pdb.CheckCache(); err != nil {
		return fail(e, "viz pdb build: %v", err)
	}
	fmt.Fprintln(e.stdout, e.p.N("cli.pdb.building", *workers, lang.Args{"Puzzle": name, "Heuristic": h, "Dir": dir}))
	bar := pdb.NewBar(e.stderr, e.stderrTTY)
	opened, err := p.Databases.Open(ctx, h, *workers, *force, bar.Report)
	bar.End()
	for _, o := range opened {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		describe(e.stdout, o, ms.Sys)
	}
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(e.stderr, "viz pdb build: "+e.p.T("cli.pdb.interrupted"))
			return exitNotFound
		}
		return fail(e, "viz pdb build: %v", err)
	}
	return exitOK
}

func describe(w io.Writer, o pdb.Opened, sys uint64) {
	t := o.Table
	how := "verified (read from the cache, checksum good)"
	if o.Built {
		how = fmt.Sprintf("built in %s", o.BuildTime.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "\n%s: %d entries, %d bytes (4 bits each); %s; process memory %d MiB\n",
		t.Name, t.Len(), t.Bytes(), how, sys>>20)
	dist := t.Distribution()
	fmt.Fprintf(w, "  value %14s %8s\n", "entries", "share")
	for v, n := range dist {
		fmt.Fprintf(w, "  %5d %14d %7.3f%%\n", v, n, 100*float64(n)/float64(t.Len()))
	}
	fmt.Fprintf(w, "  mean %.3f, max %d\n", t.Mean(), len(dist)-1)
}
