package engine_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/examples/pancake"
	"idaviz/trace"
)

// bfsDistances maps every permutation of n pancakes to its flip distance
// from the sorted stack (flips are self-inverse, so distances from the goal
// are distances to it).
func bfsDistances(n int) map[string]int {
	start := make([]byte, n)
	for i := range start {
		start[i] = byte(i)
	}
	dist := map[string]int{string(start): 0}
	queue := []string{string(start)}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for k := 2; k <= n; k++ {
			b := []byte(cur)
			slices.Reverse(b[:k])
			if _, ok := dist[string(b)]; !ok {
				dist[string(b)] = dist[cur] + 1
				queue = append(queue, string(b))
			}
		}
	}
	return dist
}

func stackOf(t *testing.T, key string) *pancake.Stack {
	t.Helper()
	sizes := make([]int, len(key))
	for i := range key {
		sizes[i] = int(key[i])
	}
	s, err := pancake.New(sizes...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func replays(t *testing.T, s *pancake.Stack, moves []int) {
	t.Helper()
	c := s.Clone().(*pancake.Stack)
	for _, m := range moves {
		c.Apply(m)
	}
	if !c.IsGoal() {
		t.Fatalf("moves %v do not sort %v", moves, s.Sizes())
	}
}

func TestOptimalAgainstBFS(t *testing.T) {
	n := 7
	if testing.Short() {
		n = 6
	}
	dist := bfsDistances(n)
	searches := []struct {
		name string
		run  func(context.Context, engine.Domain, engine.Options) (engine.Result, error)
	}{{"ida", engine.IDA}, {"astar", engine.AStar}}
	for _, search := range searches {
		t.Run(search.name, func(t *testing.T) {
			for key, want := range dist {
				s := stackOf(t, key)
				if s.H() > want {
					t.Fatalf("%v: h = %d above the true distance %d", s.Sizes(), s.H(), want)
				}
				before := s.Sizes()
				res, err := search.run(context.Background(), s, engine.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Solved() || len(res.Moves) != want || res.Cost != want {
					t.Fatalf("%v: %s found %v (cost %d, status %v), BFS says %d", before, search.name, res.Moves, res.Cost, res.Status, want)
				}
				if got := s.Sizes(); string(fmtInts(got)) != string(fmtInts(before)) {
					t.Fatalf("the search left the domain at %v, not at its start %v", got, before)
				}
				replays(t, s, res.Moves)
			}
		})
	}
}

func fmtInts(v []int) []byte {
	b := make([]byte, len(v))
	for i, x := range v {
		b[i] = byte(x)
	}
	return b
}

// recorder keeps every event it is sent, copying what the engine reuses.
type recorder struct {
	level  trace.Level
	events []trace.Event
}

func (r *recorder) Level() trace.Level   { return r.level }
func (r *recorder) Event(e *trace.Event) { r.events = append(r.events, e.Clone()) }

func hardStack(t *testing.T) *pancake.Stack {
	s, err := pancake.New(11, 6, 2, 12, 8, 9, 10, 0, 4, 3, 5, 7, 13, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestEventsMatchCounts(t *testing.T) {
	rec := &recorder{level: trace.LevelNode}
	s := hardStack(t)
	res, err := engine.IDA(context.Background(), s, engine.Options{Sink: rec, CheckEvery: 64})
	if err != nil || !res.Solved() {
		t.Fatalf("search: %v %v", res.Status, err)
	}
	var visits, prunes, cuts int64
	var lastID uint64
	seen := map[uint64]bool{}
	iterEnds := 0
	for i, e := range rec.events {
		switch e.Kind {
		case trace.KindRunStart:
			if i != 0 || e.Run.Algorithm != "ida" || e.Run.StartH != s.H() || len(e.Run.MoveNames) != s.NumMoves() {
				t.Fatalf("bad run start %+v at %d", e.Run, i)
			}
		case trace.KindVisit, trace.KindPrune:
			if e.Kind == trace.KindPrune && e.Reason == trace.ReasonMoveRule {
				cuts++
				if !seen[e.Parent] {
					t.Fatalf("cut under unknown parent %d", e.Parent)
				}
				continue
			}
			if e.Node != lastID+1 {
				t.Fatalf("node ids not sequential: %d after %d", e.Node, lastID)
			}
			lastID = e.Node
			if e.Parent != 0 && !seen[e.Parent] {
				t.Fatalf("node %d has unknown parent %d", e.Node, e.Parent)
			}
			if e.F != e.G+e.H {
				t.Fatalf("f != g + h in %+v", e)
			}
			if e.Kind == trace.KindVisit {
				visits++
				seen[e.Node] = true
				if e.F > e.Bound {
					t.Fatalf("visited node over the bound: %+v", e)
				}
			} else {
				prunes++
				if e.F <= e.Bound || e.Reason != trace.ReasonBound {
					t.Fatalf("pruned node within the bound: %+v", e)
				}
			}
		case trace.KindIterationEnd:
			it := res.Iterations[iterEnds]
			if e.Stats.Counts != it.Counts || e.Stats.Bound != it.Bound {
				t.Fatalf("iteration-end %+v, result %+v", e.Stats.Counts, it.Counts)
			}
			iterEnds++
		}
	}
	if iterEnds != len(res.Iterations) {
		t.Fatalf("%d iteration-end events for %d iterations", iterEnds, len(res.Iterations))
	}
	if visits+prunes != res.Totals.Generated || prunes != res.Totals.Pruned {
		t.Fatalf("events: %d visits + %d prunes; result: %+v", visits, prunes, res.Totals)
	}
	if cuts == 0 {
		t.Fatal("no move-rule cuts were reported")
	}
	last := rec.events[len(rec.events)-1]
	if last.Kind != trace.KindRunEnd || last.Status != trace.StatusSolved || last.Totals != res.Totals {
		t.Fatalf("last event %+v", last)
	}
	sol := rec.events[len(rec.events)-2]
	if sol.Kind != trace.KindSolution || len(sol.Moves) != len(res.Moves) {
		t.Fatalf("solution event %+v", sol)
	}
	// Histograms agree with the counts.
	for _, it := range res.Iterations {
		var v, p int64
		for _, x := range it.VisitF {
			v += x
		}
		for _, x := range it.PruneF {
			p += x
		}
		if v+p != it.Generated || p != it.Pruned {
			t.Fatalf("iteration %d: histograms hold %d visited + %d pruned, counts %+v", it.Iteration, v, p, it.Counts)
		}
	}
}

func TestLevelsCostNothingWhenOff(t *testing.T) {
	for _, level := range []trace.Level{trace.LevelRun, trace.LevelIteration} {
		rec := &recorder{level: level}
		res, err := engine.IDA(context.Background(), hardStack(t), engine.Options{Sink: rec})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rec.events {
			if e.Kind == trace.KindVisit || e.Kind == trace.KindPrune {
				t.Fatalf("level %d sink got a %v event", level, e.Kind)
			}
			if level == trace.LevelRun && e.Kind == trace.KindIterationStart {
				t.Fatal("LevelRun sink got iteration events")
			}
		}
		plain, _ := engine.IDA(context.Background(), hardStack(t), engine.Options{})
		if plain.Totals != res.Totals {
			t.Fatalf("counts differ with a sink: %+v vs %+v", plain.Totals, res.Totals)
		}
	}
}

func TestLimits(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		opt  engine.Options
		want trace.Status
	}{
		{"nodes", context.Background(), engine.Options{MaxNodes: 100, CheckEvery: 1}, trace.StatusLimit},
		{"bound", context.Background(), engine.Options{MaxBound: 3}, trace.StatusLimit},
		{"time", context.Background(), engine.Options{Timeout: time.Nanosecond, CheckEvery: 1}, trace.StatusLimit},
		{"cancel", ctx, engine.Options{CheckEvery: 1}, trace.StatusCancelled},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := hardStack(t)
			start := s.Sizes()
			res, err := engine.IDA(tc.ctx, s, tc.opt)
			if res.Status != tc.want {
				t.Fatalf("status %v, want %v", res.Status, tc.want)
			}
			if tc.want == trace.StatusCancelled && !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			if string(fmtInts(s.Sizes())) != string(fmtInts(start)) {
				t.Fatalf("stopped search left the domain at %v", s.Sizes())
			}
			if tc.name == "nodes" && res.Totals.Generated > 100+int64(s.MaxBranch()) {
				t.Fatalf("node limit 100 but %d generated", res.Totals.Generated)
			}
		})
	}
}

func TestExhausted(t *testing.T) {
	// A domain whose only state is not a goal and has no moves.
	res, err := engine.IDA(context.Background(), deadEnd{}, engine.Options{})
	if err != nil || res.Status != trace.StatusExhausted {
		t.Fatalf("status %v err %v, want exhausted", res.Status, err)
	}
	if _, err := engine.IDA(context.Background(), nil, engine.Options{}); !errors.Is(err, engine.ErrNoDomain) {
		t.Fatalf("nil domain: %v", err)
	}
	if _, err := engine.AStar(context.Background(), deadEnd{}, engine.Options{}); !errors.Is(err, engine.ErrNoSnapshots) {
		t.Fatalf("A* without snapshots: %v", err)
	}
}

type deadEnd struct{}

func (deadEnd) NumMoves() int                  { return 1 }
func (deadEnd) MaxBranch() int                 { return 1 }
func (deadEnd) MoveName(int) string            { return "x" }
func (deadEnd) H() int                         { return 1 }
func (deadEnd) IsGoal() bool                   { return false }
func (deadEnd) Expand(int, []engine.Child) int { return 0 }
func (deadEnd) Apply(int)                      {}
func (deadEnd) Undo(int)                       {}

func TestAStarMatchesIDAOnRandomStacks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		p := rng.Perm(9)
		a, _ := pancake.New(p...)
		b, _ := pancake.New(p...)
		ri, _ := engine.IDA(context.Background(), a, engine.Options{})
		ra, _ := engine.AStar(context.Background(), b, engine.Options{})
		if ri.Cost != ra.Cost {
			t.Fatalf("%v: IDA* %d, A* %d", p, ri.Cost, ra.Cost)
		}
		if ra.PeakOpen <= 0 || ra.Stored <= 0 {
			t.Fatalf("A* memory counts missing: %+v", ra)
		}
	}
}

// BenchmarkIDAPancake times the engine's own loop (pancakes have no
// Iterator) with no sink, with Stats, and with a sink taking every node.
func BenchmarkIDAPancake(b *testing.B) {
	for _, bc := range []struct {
		name string
		sink func() trace.Sink
	}{
		{"none", func() trace.Sink { return nil }},
		{"stats", func() trace.Sink { return trace.NewStats() }},
		{"nodes", func() trace.Sink { return levelSink(trace.LevelNode) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var gen int64
			for b.Loop() {
				s, _ := pancake.New(3, 7, 1, 8, 0, 5, 2, 9, 4, 6, 11, 10)
				res, _ := engine.IDA(context.Background(), s, engine.Options{Sink: bc.sink()})
				gen += res.Totals.Generated
			}
			b.ReportMetric(float64(gen)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// Stats, fed by the engine, holds exactly the engine's own counts; folding
// only the per-node events gives them too.
func TestStatsEqualEngineCounts(t *testing.T) {
	for _, level := range []trace.Level{trace.LevelIteration, trace.LevelNode} {
		stats := trace.NewStats()
		if level == trace.LevelNode {
			stats = trace.NewNodeStats()
		}
		rec := &recorder{level: trace.LevelNode}
		res, err := engine.IDA(context.Background(), hardStack(t), engine.Options{Sink: trace.Fanout(stats, rec), CheckEvery: 7})
		if err != nil {
			t.Fatal(err)
		}
		snap := stats.Snapshot()
		if snap.Totals != res.Totals || len(snap.Iterations) != len(res.Iterations) {
			t.Fatalf("level %d: Stats totals %+v (%d iterations), engine %+v (%d)", level, snap.Totals, len(snap.Iterations), res.Totals, len(res.Iterations))
		}
		for i := range res.Iterations {
			if !trace.EqualIterations(snap.Iterations[i], res.Iterations[i]) {
				t.Fatalf("iteration %d: Stats %+v, engine %+v", i+1, snap.Iterations[i], res.Iterations[i])
			}
		}
		// Node events alone, without the engine's summaries.
		nodesOnly := trace.NewNodeStats()
		for i := range rec.events {
			if k := rec.events[i].Kind; k != trace.KindIterationEnd && k != trace.KindProgress {
				nodesOnly.Event(&rec.events[i])
			}
		}
		got := nodesOnly.Snapshot()
		for i, it := range res.Iterations[:len(res.Iterations)-1] {
			if got.Iterations[i].Counts != it.Counts {
				t.Fatalf("node events of iteration %d fold to %+v, engine %+v", i+1, got.Iterations[i].Counts, it.Counts)
			}
		}
		if got.Totals != res.Totals {
			t.Fatalf("node events fold to %+v, engine %+v", got.Totals, res.Totals)
		}
	}
}
