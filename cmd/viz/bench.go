package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"idaviz/engine"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/trace"
)

func init() {
	register(&command{
		name:  "bench",
		usage: "bench [flags]",
		run:   runBench,
	})
}

// benchCase is one instance of the fixed set.
type benchCase struct {
	name, puzzle, goal, state, heuristic string
}

// The fixed set: Korf's instances 2, 4 and 5 (numbered from 1 as in
// korf100.txt), blank-first, with Manhattan distance.
var korfBench = []benchCase{
	{"korf #2", "15puzzle", "blank-first", "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6", "manhattan"},
	{"korf #4", "15puzzle", "blank-first", "5 12 10 7 15 11 14 0 8 2 1 13 3 4 9 6", "manhattan"},
	{"korf #5", "15puzzle", "blank-first", "4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0", "manhattan"},
}

// quickBench stands in for the fixed set with --quick (a smoke test).
var quickBench = []benchCase{
	{"8-puzzle hardest", "8puzzle", "blank-last", "8 6 7 2 5 4 3 0 1", "manhattan"},
}

func runBench(ctx context.Context, e *env, args []string) int {
	c := commands["bench"]
	fs := newFlags(e, c)
	quick := fs.Bool("quick", false, "")
	count := fs.Int("count", 1, "")
	args, status, ok := parseArgs(e, fs, args)
	if !ok {
		return status
	}
	if len(args) != 0 {
		return fail(e, "viz bench: %s", e.p.T("cli.bench.extra", lang.Args{"Arg": strconv.Quote(args[0])}))
	}
	if *count < 1 {
		return fail(e, "viz bench: %s", e.p.T("cli.bench.count", lang.Args{"Count": *count}))
	}
	set := korfBench
	if *quick {
		set = quickBench
	}
	w := e.stdout
	fmt.Fprintf(w, "%s\n\n", e.p.N("cli.bench.title", *count, lang.Args{"Version": engine.Version, "Platform": runtime.GOOS + "/" + runtime.GOARCH, "Procs": runtime.GOMAXPROCS(0)}))

	fmt.Fprintln(w, e.p.T("cli.bench.sinks"))
	rows := [][]string{strings.Split(e.p.T("cli.bench.sinks.header"), "|")}
	var sumGen, sumPlain, sumStats float64
	for _, bc := range set {
		plain, err := benchBest(ctx, bc, *count, func() trace.Sink { return nil })
		if err != nil {
			return fail(e, "viz bench: %s: %v", bc.name, err)
		}
		withStats, err := benchBest(ctx, bc, *count, func() trace.Sink { return trace.NewStats() })
		if err != nil {
			return fail(e, "viz bench: %s: %v", bc.name, err)
		}
		if withStats.Totals != plain.Totals {
			return fail(e, "viz bench: %s: counts differ with the Stats sink (%+v, %+v)", bc.name, withStats.Totals, plain.Totals)
		}
		sumGen += float64(plain.Totals.Generated)
		sumPlain += plain.Elapsed.Seconds()
		sumStats += withStats.Elapsed.Seconds()
		rows = append(rows, []string{bc.name, strconv.Itoa(len(plain.Moves)), strconv.FormatInt(plain.Totals.Generated, 10),
			humanRate(plain.NodesPerSecond()), humanRate(withStats.NodesPerSecond()),
			fmt.Sprintf("%+.1f%%", 100*(withStats.Elapsed.Seconds()/plain.Elapsed.Seconds()-1))})
		if ctx.Err() != nil {
			return exitNotFound
		}
	}
	rows = append(rows, []string{e.p.T("cli.bench.all"), "", fmt.Sprintf("%.0f", sumGen), humanRate(sumGen / sumPlain), humanRate(sumGen / sumStats),
		fmt.Sprintf("%+.1f%%", 100*(sumStats/sumPlain-1))})
	writeTable(w, rows)

	// The recorder alone: the events of a search, kept in memory, written
	// again and again to a buffered discard.
	rc := quickBench[0]
	keep := &keeper{}
	if _, err := benchRun(ctx, rc, engine.AlgorithmIDA, keep); err != nil {
		return fail(e, "viz bench: recorder: %v", err)
	}
	cw := &countingWriter{}
	var events int64
	cpu := cpuTime()
	for round := 0; round < 30; round++ {
		rec := trace.NewRecorder(bufio.NewWriterSize(cw, 1<<16), trace.EncodingBinary, trace.LevelNode)
		for i := range keep.events {
			rec.Event(&keep.events[i])
		}
		if err := rec.Close(); err != nil {
			return fail(e, "viz bench: recorder: %v", err)
		}
		events += rec.Events()
	}
	secs := (cpuTime() - cpu).Seconds()
	fmt.Fprintln(w, "\n"+e.p.N("cli.bench.recorder", len(keep.events), lang.Args{"Case": rc.name, "Rate": humanRate(float64(events) / secs),
		"Bytes": fmt.Sprintf("%.1f", float64(cw.n)/float64(events))}))

	fmt.Fprintln(w, "\n"+e.p.T("cli.bench.astar"))
	rows = [][]string{strings.Split(e.p.T("cli.bench.astar.header"), "|")}
	for _, bc := range []benchCase{
		{"8-puzzle hardest", "8puzzle", "blank-last", "8 6 7 2 5 4 3 0 1", "manhattan"},
		{"15-puzzle, 38 moves", "15puzzle", "blank-first", "5 4 2 3 12 0 11 15 1 14 8 10 9 7 13 6", "manhattan"},
	} {
		for _, algo := range []engine.Algorithm{engine.AlgorithmIDA, engine.AlgorithmAStar} {
			peak, res, err := peakHeap(func() (engine.Result, error) { return benchRun(ctx, bc, algo, nil) })
			if err != nil {
				return fail(e, "viz bench: %s: %v", bc.name, err)
			}
			rows = append(rows, []string{bc.name, algo.String(), strconv.Itoa(len(res.Moves)),
				strconv.FormatInt(res.Totals.Expanded, 10), strconv.FormatInt(res.Totals.Generated, 10), fmt.Sprint(res.PeakOpen), fmt.Sprint(res.Stored),
				res.Elapsed.Round(time.Microsecond).String(), fmt.Sprintf("%.1f MiB", float64(peak)/(1<<20))})
		}
	}
	writeTable(w, rows)
	return exitOK
}

// benchBest runs bc count times, each with a fresh sink, and returns the
// run with the least CPU time, its Elapsed set to that CPU time.
func benchBest(ctx context.Context, bc benchCase, count int, sink func() trace.Sink) (engine.Result, error) {
	var best engine.Result
	for i := 0; i < count; i++ {
		cpu := cpuTime()
		res, err := benchRun(ctx, bc, engine.AlgorithmIDA, sink())
		if err != nil {
			return res, err
		}
		res.Elapsed = cpuTime() - cpu
		if i == 0 || res.Elapsed < best.Elapsed {
			best = res
		}
	}
	return best, nil
}

// keeper keeps a copy of every event, for replaying them into a recorder.
type keeper struct{ events []trace.Event }

func (k *keeper) Level() trace.Level { return trace.LevelNode }
func (k *keeper) Event(e *trace.Event) {
	k.events = append(k.events, e.Clone())
}

func benchRun(ctx context.Context, bc benchCase, algo engine.Algorithm, sink trace.Sink) (engine.Result, error) {
	req, err := newSolveRequest(english, bc.puzzle, bc.state, bc.heuristic, bc.goal, "", algo, nil)
	if err != nil {
		return engine.Result{}, err
	}
	d, err := puzzles.NewDomain(ctx, req.inst, req.heuristic, nil)
	if err != nil {
		return engine.Result{}, err
	}
	req.opt.Sink = sink
	res, err := req.run(ctx, d)
	if err == nil && !res.Solved() {
		err = fmt.Errorf("not solved: %v", res.Status)
	}
	return res, err
}

// peakHeap runs f while sampling the heap in use, and reports the peak above
// what was in use before.
func peakHeap(f func() (engine.Result, error)) (uint64, engine.Result, error) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	done := make(chan struct{})
	peakc := make(chan uint64)
	go func() {
		var peak uint64
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > base && m.HeapAlloc-base > peak {
				peak = m.HeapAlloc - base
			}
			select {
			case <-done:
				peakc <- peak
				return
			case <-t.C:
			}
		}
	}()
	res, err := f()
	close(done)
	return <-peakc, res, err
}

type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

var _ io.Writer = (*countingWriter)(nil)
