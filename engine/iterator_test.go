package engine_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
)

// levelSink asks for a level and ignores what it gets.
type levelSink trace.Level

func (l levelSink) Level() trace.Level { return trace.Level(l) }
func (levelSink) Event(*trace.Event)   {}

// loopOnly hides a domain's Iterator, so the engine runs its own loop; it
// passes the domain's Pathmax on.
type loopOnly struct{ engine.Domain }

func (l loopOnly) Pathmax() bool {
	p, ok := l.Domain.(engine.Pathmax)
	return ok && p.Pathmax()
}

// A domain's own Iterator (tiles has one) gives exactly what the engine's
// loop gives, histograms included: the engine takes the Iterator unless a
// sink wants per-node events.
func TestIteratorEqualsEngineLoop(t *testing.T) {
	states := []string{
		"8 6 7, 2 5 4, 3 0 1",
		"5 2 8, 4 1 7, 0 3 6",
		"1 2 3, 4 5 6, 7 8 0",
		"4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0", // Korf #5, blank-first (chosen below by length)
	}
	for _, st := range states {
		for _, h := range tiles.Heuristics {
			goal := tiles.BlankLast
			if len(st) > 30 {
				goal = tiles.BlankFirst
				if testing.Short() || h == "misplaced" {
					continue
				}
			}
			iteratorMatchesLoop(t, st, goal, h)
		}
	}
}

// The same for the 15-puzzle's dual lookups, whose Iterator runs BPMX as
// the engine's loop does for a domain that asks for it: on boards 30 to 45
// moves from the goal, both goals, with pdb555d (tables built in a second
// into a temporary cache).
func TestIteratorPathmaxEqualsEngineLoop(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	rng := rand.New(rand.NewPCG(11, 12))
	differs := 0
	for i := range 6 {
		goal := tiles.Goal(i % 2)
		b, err := tiles.Scramble(rng, 4, 30+3*i, goal)
		if err != nil {
			t.Fatal(err)
		}
		bpmx := iteratorMatchesLoop(t, b.String(), goal, "pdb555d")
		d, _ := b.BuildDomain(context.Background(), "pdb555d", nil)
		plain, _ := engine.IDA(context.Background(), noPathmax{d}, engine.Options{})
		if plain.Cost != bpmx.Cost {
			t.Fatalf("%s: %d moves with BPMX, %d without", b, bpmx.Cost, plain.Cost)
		}
		if plain.Totals != bpmx.Totals {
			differs++
		}
	}
	if differs == 0 {
		t.Fatal("BPMX changed no count: the comparison did not exercise it")
	}
}

// noPathmax hides a domain's Pathmax and Iterator: the engine's loop
// without BPMX.
type noPathmax struct{ engine.Domain }

// iteratorMatchesLoop solves st with heuristic h five ways (the Iterator
// with no sink, a run-level and an iteration-level one; the engine's loop
// with no sink and an iteration-level one) and wants the same moves,
// counts and next bounds of every iteration, and the same histograms. It
// returns the first result.
func iteratorMatchesLoop(t *testing.T, st string, goal tiles.Goal, h string) engine.Result {
	t.Helper()
	var results []engine.Result
	for i, sink := range []trace.Sink{nil, levelSink(trace.LevelRun), levelSink(trace.LevelIteration), nil, levelSink(trace.LevelIteration)} {
		b, err := tiles.Parse(st, 0, goal)
		if err != nil {
			t.Fatal(err)
		}
		d, err := b.BuildDomain(context.Background(), h, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := d.(engine.Iterator); !ok {
			t.Fatal("tiles no longer has an Iterator: this test has nothing to compare")
		}
		if i >= 3 {
			d = loopOnly{d}
		}
		res, err := engine.IDA(context.Background(), d, engine.Options{Sink: sink})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	if !sameHistograms(results[2], results[4]) {
		t.Fatalf("%s %s: the Iterator's histograms differ from the engine loop's", st, h)
	}
	for _, r := range results[1:] {
		a := results[0]
		if !slices.Equal(a.Moves, r.Moves) || a.Totals != r.Totals || len(a.Iterations) != len(r.Iterations) {
			t.Fatalf("%s %s: Iterator %v %+v, engine loop %v %+v", st, h, a.Moves, a.Totals, r.Moves, r.Totals)
		}
		for i := range a.Iterations {
			if a.Iterations[i].Counts != r.Iterations[i].Counts || a.Iterations[i].NextBound != r.Iterations[i].NextBound {
				t.Fatalf("%s %s iteration %d: %+v vs %+v", st, h, i+1, a.Iterations[i], r.Iterations[i])
			}
		}
	}
	return results[0]
}

func TestIteratorLimits(t *testing.T) {
	b, _ := tiles.Parse("8 6 7, 2 5 4, 3 0 1", 0, tiles.BlankLast)
	d, _ := b.Domain("misplaced")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := engine.IDA(ctx, d, engine.Options{CheckEvery: 16})
	if res.Status != trace.StatusCancelled || err == nil {
		t.Fatalf("cancelled: %v %v", res.Status, err)
	}
	res, _ = engine.IDA(context.Background(), d, engine.Options{CheckEvery: 16, MaxNodes: 1000})
	if res.Status != trace.StatusLimit || res.Totals.Generated < 1000-8 || res.Totals.Generated > 1000+16*4+4 {
		t.Fatalf("node limit: %v %+v", res.Status, res.Totals)
	}
	if d.H() != 0 && d.IsGoal() {
		t.Fatal("the domain moved")
	}
}

func sameHistograms(a, b engine.Result) bool {
	if len(a.Iterations) != len(b.Iterations) {
		return false
	}
	for i := range a.Iterations {
		if !trace.EqualIterations(a.Iterations[i], b.Iterations[i]) || len(a.Iterations[i].VisitF) == 0 {
			return false
		}
	}
	return true
}
