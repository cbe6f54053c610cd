package enginetest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/engine/enginetest"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
)

// The 8-puzzle with Manhattan distance: its Iterate is the engine's loop.
func eight(t *testing.T, state string) *tiles.Domain {
	t.Helper()
	b, err := tiles.Parse(state, 0, tiles.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	return tiles.NewDomain(b, tiles.Manhattan)
}

// Domains whose Iterate breaks its promise in one way each.
type (
	// miscounting reports one node more than it generated.
	miscounting struct{ *tiles.Domain }
	// extraVisit adds a visit at f 0 to the histograms it was handed.
	extraVisit struct{ *tiles.Domain }
	// moving ends its iterations a move away from where they began.
	moving struct{ *tiles.Domain }
	// noProgress never calls stop.
	noProgress struct{ *tiles.Domain }
	// emptySubtrees finds nothing below any node it is handed (its
	// clones, which ParallelIDA's workers search, too).
	emptySubtrees struct{ *tiles.Domain }
)

func (d emptySubtrees) IterateBelow(int, int, int, int, *trace.Iteration, int64, func(trace.Counts) bool) ([]int, int, trace.Counts, bool) {
	return nil, -1, trace.Counts{}, false
}

func (d emptySubtrees) Clone() engine.Domain { return emptySubtrees{d.Domain.Clone().(*tiles.Domain)} }

func (d miscounting) Iterate(bound int, hist *trace.Iteration, every int64, stop func(trace.Counts) bool) ([]int, int, trace.Counts, bool) {
	moves, next, c, stopped := d.Domain.Iterate(bound, hist, every, stop)
	c.Generated++
	return moves, next, c, stopped
}

func (d extraVisit) Iterate(bound int, hist *trace.Iteration, every int64, stop func(trace.Counts) bool) ([]int, int, trace.Counts, bool) {
	moves, next, c, stopped := d.Domain.Iterate(bound, hist, every, stop)
	if hist != nil {
		hist.CountVisit(0, 0)
	}
	return moves, next, c, stopped
}

func (d moving) Iterate(bound int, hist *trace.Iteration, every int64, stop func(trace.Counts) bool) ([]int, int, trace.Counts, bool) {
	moves, next, c, stopped := d.Domain.Iterate(bound, hist, every, stop)
	var kids [4]engine.Child
	if d.Expand(engine.NoMove, kids[:]) > 0 {
		d.Apply(int(kids[0].Move))
	}
	return moves, next, c, stopped
}

func (d noProgress) Iterate(bound int, hist *trace.Iteration, every int64, _ func(trace.Counts) bool) ([]int, int, trace.Counts, bool) {
	return d.Domain.Iterate(bound, hist, every, func(trace.Counts) bool { return false })
}

func TestConformanceTiles(t *testing.T) {
	for _, st := range []string{"8 6 7, 2 5 4, 3 0 1", "1 2 3, 4 5 6, 7 8 0", "5 2 8, 4 1 7, 0 3 6"} {
		t.Run(st, func(t *testing.T) { enginetest.Conformance(t, eight(t, st)) })
	}
}

// Check must see each broken promise, and say what it saw.
func TestCheckFindsFaults(t *testing.T) {
	const st = "5 2 8, 4 1 7, 0 3 6"
	for _, tt := range []struct {
		name string
		d    func(*tiles.Domain) engine.Domain
		want string // a part of the error
	}{
		{"a miscount", func(d *tiles.Domain) engine.Domain { return miscounting{d} }, "totals"},
		{"a histogram's extra visit", func(d *tiles.Domain) engine.Domain { return extraVisit{d} }, "histograms"},
		{"a domain left moved", func(d *tiles.Domain) engine.Domain { return moving{d} }, "left the domain in another state"},
		{"no progress", func(d *tiles.Domain) engine.Domain { return noProgress{d} }, "want progress"},
		{"subtrees searched wrong", func(d *tiles.Domain) engine.Domain { return emptySubtrees{d} }, "ParallelIDA on 2 workers"},
		{"no fast path", func(d *tiles.Domain) engine.Domain { return enginetest.LoopOnly(d) }, "nothing to check"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := enginetest.Check(context.Background(), tt.d(eight(t, st)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Check: %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// LoopOnly keeps what changes the loop's answer and what the engine needs
// of a domain (a Snapshotter for A*, a Cloner for ParallelIDA), and hides
// the domain's own iterations, its clones' too.
func TestLoopOnlyCapabilities(t *testing.T) {
	d := enginetest.LoopOnly(eight(t, "8 6 7, 2 5 4, 3 0 1"))
	for _, tt := range []struct {
		name string
		has  bool
		want bool
	}{
		{"Iterator", is[engine.Iterator](d), false},
		{"SubtreeIterator", is[engine.SubtreeIterator](d), false},
		{"Snapshotter", is[engine.Snapshotter](d), true},
		{"Cloner", is[engine.Cloner](d), true},
		{"the clone's Iterator", is[engine.Iterator](d.(engine.Cloner).Clone()), false},
		{"the clone's Snapshotter", is[engine.Snapshotter](d.(engine.Cloner).Clone()), true},
		{"Pathmax", is[engine.Pathmax](d), true},
		{"TwoEnded", is[engine.TwoEnded](d), true},
		{"RuleCutter", is[engine.RuleCutter](d), true},
	} {
		if tt.has != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, tt.has, tt.want)
		}
	}
	// A domain with nothing but the Domain's methods gains no Snapshotter
	// or Cloner the engine would call.
	bare := enginetest.LoopOnly(struct{ engine.Domain }{d})
	if is[engine.Snapshotter](bare) || is[engine.Cloner](bare) {
		t.Error("LoopOnly gave a bare domain a Snapshotter or a Cloner")
	}
	if _, err := engine.ParallelIDA(context.Background(), bare, engine.Options{}, 2); err == nil {
		t.Error("ParallelIDA took a domain that cannot be cloned")
	}
}

func is[T any](d engine.Domain) bool {
	_, ok := d.(T)
	return ok
}

// LoopOnly runs the engine's own loop, which finds what the domain's own
// iterations find: the same solution, with the same counts.
func ExampleLoopOnly() {
	b, _ := tiles.Parse("8 6 7, 2 5 4, 3 0 1", 0, tiles.BlankLast)
	d := tiles.NewDomain(b, tiles.Manhattan)
	own, _ := engine.IDA(context.Background(), d, engine.Options{})
	loop, _ := engine.IDA(context.Background(), enginetest.LoopOnly(d), engine.Options{})
	_, iterates := enginetest.LoopOnly(d).(engine.Iterator)
	fmt.Println(own.Cost, loop.Cost, own.Totals == loop.Totals, iterates)
	// Output: 31 31 true false
}
