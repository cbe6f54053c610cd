package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"idaviz/trace"
)

func init() {
	register(&command{
		name:    "trace",
		usage:   "trace info|export FILE",
		summary: "read a recorded trace back (info: metadata and a per-iteration table), or write it as csv, chrome, ndjson or binary (export)",
		run:     runTrace,
	})
}

func runTrace(ctx context.Context, e *env, args []string) int {
	if len(args) > 0 && args[0] == "export" {
		return runTraceExport(e, args[1:])
	}
	c := commands["trace"]
	fs := newFlags(e, c)
	if status, ok := parseFlags(e, fs, args); !ok {
		return status
	}
	if fs.NArg() != 2 || fs.Arg(0) != "info" {
		fs.Usage()
		return fail(e, "viz trace: expected 'info FILE'")
	}
	path := fs.Arg(1)
	f, err := os.Open(path)
	if err != nil {
		return fail(e, "viz trace info: %v", err)
	}
	defer f.Close()
	return traceInfo(e, path, f)
}

// traceInfo prints what a trace holds. A damaged file is reported after
// everything read before the damage, with exit status 2.
func traceInfo(e *env, name string, r io.Reader) int {
	rd, err := trace.NewReader(r)
	if err != nil {
		return fail(e, "viz trace info: %s: %v", name, err)
	}
	w := e.stdout
	h := rd.Header()
	fmt.Fprintf(w, "file: %s (%s, format version %d.%d)\n", name, h.Encoding, h.Version, h.Minor)

	stats := trace.NewNodeStats()
	kinds := map[trace.Kind]int64{}
	var run *trace.RunInfo
	var end *trace.Event
	var moves []int
	var readErr error
	var records int64
	for {
		ev, err := rd.Next()
		if err != nil {
			if err != io.EOF {
				readErr = err
			}
			break
		}
		records++
		kinds[ev.Kind]++
		stats.Event(ev)
		switch ev.Kind {
		case trace.KindRunStart:
			run = ev.Run
		case trace.KindSolution:
			moves = ev.Moves
		case trace.KindRunEnd:
			end = ev
		}
	}
	if run != nil {
		fmt.Fprintf(w, "puzzle: %s\ninstance: %s\nheuristic: %s\nalgorithm: %s\nengine: %s\nstart h: %d\ncreated: %s\n",
			run.Puzzle, run.Instance, run.Heuristic, run.Algorithm, run.Engine, run.StartH, run.Created.Format(time.RFC3339))
		if len(run.Options) > 0 {
			var opts []string
			for k, v := range run.Options {
				opts = append(opts, k+"="+v)
			}
			sort.Strings(opts)
			fmt.Fprintf(w, "options: %s\n", strings.Join(opts, " "))
		}
	}
	var counts []string
	for k := trace.KindRunStart; k <= trace.KindProgress; k++ {
		if kinds[k] > 0 {
			counts = append(counts, fmt.Sprintf("%s %d", k, kinds[k]))
		}
	}
	fmt.Fprintf(w, "records: %d (%s)\n\n", records, strings.Join(counts, ", "))
	snap := stats.Snapshot()
	its := snap.Iterations
	if len(its) == 0 && snap.Current.Generated > 0 {
		its = []trace.Iteration{snap.Current}
	}
	writeIterations(w, its)
	if moves != nil {
		names := make([]string, len(moves))
		for i, m := range moves {
			names[i] = fmt.Sprint(m)
			if run != nil && m >= 0 && m < len(run.MoveNames) {
				names[i] = run.MoveNames[m]
			}
		}
		fmt.Fprintf(w, "\nsolution: %d moves: %s\n", len(moves), strings.Join(names, " "))
	}
	if end != nil {
		fmt.Fprintf(w, "run end: %s; expanded %d, generated %d, pruned %d in %s\n",
			end.Status, end.Totals.Expanded, end.Totals.Generated, end.Totals.Pruned, end.Elapsed.Round(time.Microsecond))
	}
	if readErr != nil {
		return fail(e, "viz trace info: %s: %v", name, readErr)
	}
	return exitOK
}
