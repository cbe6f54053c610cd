package engine_test

import (
	"context"
	"testing"

	"idaviz/engine"
	"idaviz/examples/pancake"
	"idaviz/trace"
)

// patchy is the pancake stack with an admissible heuristic that is not
// consistent: the gap count on about two states in three, two less (at
// least 0) on the others, chosen by a hash of the stack. Its move rule and
// costs are the stack's own; flips undo themselves, as BPMX needs.
type patchy struct {
	*pancake.Stack
	bpmx bool
}

func (p *patchy) H() int { return patchyH(p.Stack) }

func patchyH(s *pancake.Stack) int {
	x := uint32(2166136261)
	for _, v := range s.Sizes() {
		x = (x ^ uint32(v)) * 16777619
	}
	if x%3 == 0 {
		return max(0, s.H()-2)
	}
	return s.H()
}

func (p *patchy) Expand(prev int, out []engine.Child) int {
	n := p.Stack.Expand(prev, out)
	for i := range out[:n] {
		p.Stack.Apply(int(out[i].Move))
		out[i].H = int32(patchyH(p.Stack))
		p.Stack.Undo(int(out[i].Move))
	}
	return n
}

func (p *patchy) Pathmax() bool { return p.bpmx }

func (p *patchy) Clone() engine.Domain {
	return &patchy{Stack: p.Stack.Clone().(*pancake.Stack), bpmx: p.bpmx}
}

// histSink wants the iterations' histograms and nothing per node.
type histSink struct{}

func (histSink) Level() trace.Level { return trace.LevelIteration }
func (histSink) Event(*trace.Event) {}

// BPMX keeps IDA* optimal on every stack of six pancakes (seven without
// -short) with the inconsistent heuristic, and the counting rules hold in
// every iteration: what was generated was visited or pruned, what was
// visited was expanded but the goal, and the histograms say the same.
// Over all the stacks it generates fewer nodes than the same search without
// pathmax, and ParallelIDA finds answers as short.
func TestPathmaxOptimal(t *testing.T) {
	n := 7
	if testing.Short() {
		n = 6
	}
	var with, without int64
	for key, want := range bfsDistances(n) {
		var costs [2]int
		for i, bpmx := range []bool{true, false} {
			d := &patchy{Stack: stackOf(t, key), bpmx: bpmx}
			res, err := engine.IDA(context.Background(), d, engine.Options{Sink: histSink{}})
			if err != nil || !res.Solved() {
				t.Fatalf("%v: %v %v", key, res.Status, err)
			}
			costs[i] = res.Cost
			if bpmx {
				with += res.Totals.Generated
				replays(t, d.Stack, res.Moves)
				checkCounts(t, res)
			} else {
				without += res.Totals.Generated
			}
		}
		if costs[0] != want || costs[1] != want {
			t.Fatalf("%v: cost %d with BPMX, %d without, BFS %d", []byte(key), costs[0], costs[1], want)
		}
	}
	if with >= without {
		t.Errorf("BPMX generated %d nodes over all stacks, %d without", with, without)
	}
	t.Logf("%d pancakes, every stack: %d nodes generated with BPMX, %d without", n, with, without)

	// ParallelIDA, on a sample.
	i := 0
	for key, want := range bfsDistances(6) {
		if i++; i%7 != 0 {
			continue
		}
		res, err := engine.ParallelIDA(context.Background(), &patchy{Stack: stackOf(t, key), bpmx: true}, engine.Options{Sink: histSink{}}, 2)
		if err != nil || res.Cost != want {
			t.Fatalf("%v: ParallelIDA cost %d, BFS %d (%v)", []byte(key), res.Cost, want, err)
		}
		checkCounts(t, res)
	}
}

// checkCounts checks generated = visited + pruned in every iteration, with
// visited = expanded + the goal, and the histograms against the counts.
func checkCounts(t *testing.T, res engine.Result) {
	t.Helper()
	for i, it := range res.Iterations {
		goal := int64(0)
		if res.Solved() && i == len(res.Iterations)-1 {
			goal = 1
		}
		var visited, pruned int64
		for _, v := range it.VisitF {
			visited += v
		}
		for _, v := range it.PruneF {
			pruned += v
		}
		if it.Generated != it.Expanded+goal+it.Pruned || visited != it.Expanded+goal || pruned != it.Pruned {
			t.Fatalf("iteration %d: %+v, histograms: %d visited, %d pruned", i+1, it.Counts, visited, pruned)
		}
		for f, v := range it.PruneF {
			if v > 0 && f <= it.Bound {
				t.Fatalf("iteration %d: %d nodes pruned at f %d, within the bound %d", i+1, v, f, it.Bound)
			}
		}
	}
}

// nodeEvents keeps the node-level events of a run.
type nodeEvents struct{ events []trace.Event }

func (n *nodeEvents) Level() trace.Level   { return trace.LevelNode }
func (n *nodeEvents) Event(e *trace.Event) { n.events = append(n.events, e.Clone()) }

// Watched node by node, a BPMX search reports each raise: on a node of the
// current path, to a value above the one it had, with f = g + h; nodes
// judged by an inherited value carry their own h and the raised f; and the
// visits and prunes of each iteration add up to its counts. Somewhere a
// raise puts a node over the bound and the children left are cut that
// would have been visited on their own values: the siblings BPMX saved.
func TestPathmaxEvents(t *testing.T) {
	var raises, inherited, saved int
	i := 0
	for key := range bfsDistances(6) {
		if i++; i%5 != 0 {
			continue
		}
		rec := &nodeEvents{}
		res, err := engine.IDA(context.Background(), &patchy{Stack: stackOf(t, key), bpmx: true}, engine.Options{Sink: rec})
		if err != nil || !res.Solved() {
			t.Fatal(err)
		}
		var visits, prunes int64
		var path []trace.Event // the current path's visits, by depth
		value := map[uint64]int{}
		cutAt := map[uint64]bool{} // nodes a raise put over the bound
		iter := 0
		for _, e := range rec.events {
			switch e.Kind {
			case trace.KindIterationStart:
				visits, prunes, path, iter = 0, 0, path[:0], e.Iteration
				clear(cutAt)
			case trace.KindVisit:
				visits++
				path = append(path[:e.Depth], e)
				value[e.Node] = max(e.H, e.F-e.G)
				if e.F > e.G+e.H {
					inherited++
				}
			case trace.KindPrune:
				if e.Reason != trace.ReasonBound {
					continue
				}
				prunes++
				if e.F > e.G+e.H {
					inherited++
				}
				if cutAt[e.Parent] && e.G+e.H <= e.Bound {
					saved++
				}
			case trace.KindRaise:
				raises++
				if e.Depth >= len(path) || path[e.Depth].Node != e.Node || e.F != e.G+e.H || e.H <= value[e.Node] {
					t.Fatalf("%v: raise %+v: not a rise of a node on the path (value %d)", []byte(key), e, value[e.Node])
				}
				value[e.Node] = e.H
				cutAt[e.Node] = e.F > e.Bound
			case trace.KindIterationEnd:
				if e.Stats.Generated != visits+prunes || e.Iteration != iter {
					t.Fatalf("%v iteration %d: %d visits and %d prunes, counts %+v", []byte(key), iter, visits, prunes, e.Stats.Counts)
				}
			}
		}
	}
	if raises == 0 || inherited == 0 || saved == 0 {
		t.Fatalf("%d raises, %d nodes judged by an inherited value, %d siblings saved: BPMX did not show", raises, inherited, saved)
	}
	t.Logf("%d raises, %d nodes judged by an inherited value, %d siblings saved", raises, inherited, saved)
}

// Stopped by a node limit in the middle of an iteration, a BPMX search
// still counts what it looked at: the iteration's generated nodes are its
// visits and prunes as the events report them.
func TestPathmaxLimit(t *testing.T) {
	rec := &nodeEvents{}
	d := &patchy{Stack: stackOf(t, string([]byte{9, 3, 7, 1, 5, 0, 8, 2, 6, 4, 11, 10})), bpmx: true}
	res, err := engine.IDA(context.Background(), d, engine.Options{Sink: rec, MaxNodes: 300, CheckEvery: 1})
	if err != nil || res.Status != trace.StatusLimit {
		t.Fatalf("%v %v", res.Status, err)
	}
	last := res.Iterations[len(res.Iterations)-1]
	var visits, prunes int64
	for _, e := range rec.events {
		if e.Iteration != last.Iteration {
			continue
		}
		switch {
		case e.Kind == trace.KindVisit:
			visits++
		case e.Kind == trace.KindPrune && e.Reason == trace.ReasonBound:
			prunes++
		}
	}
	if last.Generated != visits+prunes || last.Pruned != prunes || prunes == 0 {
		t.Fatalf("stopped iteration %+v: %d visits and %d prunes reported; %d generated in all", last.Counts, visits, prunes, res.Totals.Generated)
	}
}

// BenchmarkIDAPathmax times the engine's own loop with BPMX, on the patchy
// pancakes, with no sink.
func BenchmarkIDAPathmax(b *testing.B) {
	var gen int64
	for b.Loop() {
		s, _ := pancake.New(3, 7, 1, 8, 0, 5, 2, 9, 4, 6)
		res, _ := engine.IDA(context.Background(), &patchy{Stack: s, bpmx: true}, engine.Options{})
		gen += res.Totals.Generated
	}
	b.ReportMetric(float64(gen)/b.Elapsed().Seconds(), "nodes/s")
}
