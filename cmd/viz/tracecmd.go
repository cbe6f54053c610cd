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
		summary: "read a recorded trace back (info: metadata and a per-iteration table), or write it as html, csv, dot, svg, chrome, ndjson or binary (export)",
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

// traceInfo prints what a trace holds. A damaged file, or one with values
// beyond what the page can show, is reported after everything read before
// the damage, with exit status 2. It keeps a fixed amount whatever the file
// holds: the events go through one reused Event into Stats, which bounds
// what it lists.
func traceInfo(e *env, name string, r io.Reader) int {
	rd, err := trace.NewReader(r)
	if err != nil {
		return fail(e, "viz trace info: %s: %v", name, err)
	}
	w := e.stdout
	h := rd.Header()
	fmt.Fprintf(w, "file: %s (%s, format version %d.%d)\n", shown(name), h.Encoding, h.Version, h.Minor)

	stats := trace.NewNodeStats()
	var info infoSink
	records, readErr := rd.Feed(trace.Fanout(stats, &info))
	run, moves, end := info.run, info.moves, info.end
	if run != nil {
		fmt.Fprintf(w, "puzzle: %s\ninstance: %s\nheuristic: %s\nalgorithm: %s\nengine: %s\nstart h: %d\ncreated: %s\n",
			shown(run.Puzzle), shown(run.Instance), shown(run.Heuristic), shown(run.Algorithm), shown(run.Engine),
			run.StartH, run.Created.Format(time.RFC3339))
		if len(run.Options) > 0 {
			var opts []string
			for k, v := range run.Options {
				opts = append(opts, shown(k+"="+v))
			}
			sort.Strings(opts)
			fmt.Fprintf(w, "options: %s\n", strings.Join(opts, " "))
		}
	}
	var counts []string
	for k := trace.KindRunStart; k <= trace.KindRaise; k++ {
		if info.kinds[k] > 0 {
			counts = append(counts, fmt.Sprintf("%s %d", k, info.kinds[k]))
		}
	}
	fmt.Fprintf(w, "records: %d (%s)\n\n", records, strings.Join(counts, ", "))
	snap := stats.Snapshot()
	its := snap.Iterations
	if len(its) == 0 && snap.Current.Generated > 0 {
		its = []trace.Iteration{snap.Current}
	}
	writeIterations(w, its)
	if snap.Omitted > 0 {
		fmt.Fprintf(w, "(%d more iterations not listed; their counts are in the totals)\n", snap.Omitted)
	}
	if snap.Unbinned > 0 {
		fmt.Fprintf(w, "(%d counts left out of the histograms: an f or depth of 65536 or more, or more than the histograms keep)\n", snap.Unbinned)
	}
	if moves != nil {
		names := make([]string, len(moves))
		for i, m := range moves {
			names[i] = fmt.Sprint(m)
			if run != nil && m >= 0 && m < len(run.MoveNames) {
				names[i] = shown(run.MoveNames[m])
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
	if info.limitErr != nil {
		return fail(e, "viz trace info: %s: %v", name, info.limitErr)
	}
	return exitOK
}

// infoSink keeps what trace info prints besides the statistics: the count of
// each kind, the run's metadata, solution and end, and the first value
// beyond what the page can show.
type infoSink struct {
	records  int64
	kinds    [256]int64
	run      *trace.RunInfo
	moves    []int
	end      *trace.Event
	limitErr error
}

func (s *infoSink) Level() trace.Level { return trace.LevelNode }

func (s *infoSink) Event(ev *trace.Event) {
	s.records++
	s.kinds[ev.Kind]++
	if err := trace.DefaultLimits.Check(ev); err != nil && s.limitErr == nil {
		s.limitErr = fmt.Errorf("record %d: %w", s.records, err)
	}
	switch ev.Kind {
	case trace.KindRunStart:
		s.run = ev.Clone().Run
	case trace.KindSolution:
		s.moves = append([]int(nil), ev.Moves...)
	case trace.KindRunEnd:
		end := ev.Clone()
		s.end = &end
	}
}
