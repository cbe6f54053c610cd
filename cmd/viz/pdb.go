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
	return strings.Join(ps, lp.T("cli.semicolon"))
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
		describe(e.stdout, e.p, o, ms.Sys)
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

func describe(w io.Writer, p *lang.Printer, o pdb.Opened, sys uint64) {
	t := o.Table
	how := p.T("cli.pdb.verified")
	if o.Built {
		how = p.T("cli.pdb.built", lang.Args{"Time": o.BuildTime.Round(time.Millisecond)})
	}
	fmt.Fprintln(w, "\n"+p.T("cli.pdb.table", lang.Args{"Name": t.Name, "Entries": t.Len(), "Bytes": t.Bytes(), "How": how, "MiB": sys >> 20}))
	dist := t.Distribution()
	rows := [][]string{strings.Split(p.T("cli.pdb.header"), "|")}
	for v, n := range dist {
		rows = append(rows, []string{strconv.Itoa(v), strconv.FormatInt(int64(n), 10), fmt.Sprintf("%.3f%%", 100*float64(n)/float64(t.Len()))})
	}
	writeTable(w, rows)
	fmt.Fprintln(w, "  "+p.T("cli.pdb.mean", lang.Args{"Mean": fmt.Sprintf("%.3f", t.Mean()), "Max": len(dist) - 1}))
}
