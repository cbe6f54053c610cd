package engine_test

import (
	"context"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
)

// levelSink asks for a level and ignores what it gets.
type levelSink trace.Level

func (l levelSink) Level() trace.Level { return trace.Level(l) }
func (levelSink) Event(*trace.Event)   {}

// A cancelled context and a node limit stop a search that the domain's
// Iterator runs. (What an Iterator finds is held to the engine's loop by
// package enginetest, in the domains' own tests: puzzles/tiles'
// TestConformance, for one.)
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
