package engine_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
)

// eventCounter counts every event of a run at the node level.
type eventCounter struct {
	visits, bound, rule int64
}

func (c *eventCounter) Level() trace.Level { return trace.LevelNode }
func (c *eventCounter) Event(e *trace.Event) {
	switch {
	case e.Kind == trace.KindVisit:
		c.visits++
	case e.Kind == trace.KindPrune && e.Reason == trace.ReasonBound:
		c.bound++
	case e.Kind == trace.KindPrune && e.Reason == trace.ReasonMoveRule:
		c.rule++
	}
}

// On the sliding tiles, the node events add up to the engine's counts, and
// the move rule (never undo the last move) is reported once for every
// expanded node but the root, through tiles' RuleCutter.
func TestTilesNodeEvents(t *testing.T) {
	b, err := tiles.Parse("8 6 7, 2 5 4, 3 0 1", 0, tiles.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	sink := &eventCounter{}
	res, err := engine.IDA(context.Background(), tiles.NewDomain(b, tiles.Manhattan), engine.Options{Sink: sink})
	if err != nil || len(res.Moves) != 31 {
		t.Fatalf("%v: %d moves", err, len(res.Moves))
	}
	if sink.visits != res.Totals.Generated-res.Totals.Pruned || sink.bound != res.Totals.Pruned {
		t.Errorf("events: %d visits, %d bound prunes; totals %+v", sink.visits, sink.bound, res.Totals)
	}
	roots := int64(len(res.Iterations))
	if sink.rule != res.Totals.Expanded-roots {
		t.Errorf("%d move-rule prunes, want one per non-root expansion: %d", sink.rule, res.Totals.Expanded-roots)
	}
	plain, _ := engine.IDA(context.Background(), tiles.NewDomain(b, tiles.Manhattan), engine.Options{})
	if plain.Totals != res.Totals || !slices.Equal(plain.Moves, res.Moves) {
		t.Errorf("watching changed the search: %+v %v against %+v %v", res.Totals, res.Moves, plain.Totals, plain.Moves)
	}
}

// ParallelIDA over cloned tiles domains finds IDA's solution with IDA's counts.
func TestTilesParallel(t *testing.T) {
	ks, err := tiles.Korf()
	if err != nil {
		t.Fatal(err)
	}
	picks := []int{16, 79} // 42 moves each
	if testing.Short() {
		picks = picks[:1]
	}
	for _, n := range picks {
		k := ks[n-1]
		seq, err := engine.IDA(context.Background(), tiles.NewDomain(k.Board, tiles.LinearConflict), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		par, err := engine.ParallelIDA(context.Background(), tiles.NewDomain(k.Board, tiles.LinearConflict), engine.Options{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(seq.Moves) != k.Optimal || !slices.Equal(seq.Moves, par.Moves) || seq.Totals != par.Totals {
			t.Errorf("Korf #%d: IDA %d moves %+v, parallel %d moves %+v, optimal %d",
				n, len(seq.Moves), seq.Totals, len(par.Moves), par.Totals, k.Optimal)
		}
	}
}

// Limits and cancellation stop a hard tiles search promptly and leave the
// domain at its start.
func TestTilesLimits(t *testing.T) {
	ks, err := tiles.Korf()
	if err != nil {
		t.Fatal(err)
	}
	k := ks[0] // 57 moves: far beyond these limits with the misplaced-tiles heuristic
	d := tiles.NewDomain(k.Board, tiles.Misplaced)
	res, err := engine.IDA(context.Background(), d, engine.Options{MaxNodes: 200000, CheckEvery: 1024})
	if err != nil || res.Status != trace.StatusLimit || res.Totals.Generated > 200000+4*1024 {
		t.Errorf("node limit: %v, %s, %+v", err, res.Status, res.Totals)
	}
	if d.Board() != k.Board {
		t.Error("the node limit left the domain moved")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	res, err = engine.IDA(ctx, d, engine.Options{CheckEvery: 1024})
	if !errors.Is(err, context.DeadlineExceeded) || res.Status != trace.StatusCancelled {
		t.Errorf("cancelled: %v, %s", err, res.Status)
	}
	if d.Board() != k.Board {
		t.Error("cancelling left the domain moved")
	}
	// Manhattan starts Korf #1 at 41: iterations 41 and 43, then the limit.
	res, _ = engine.IDA(context.Background(), tiles.NewDomain(k.Board, tiles.Manhattan), engine.Options{MaxBound: 44})
	if res.Status != trace.StatusLimit || len(res.Iterations) != 2 {
		t.Errorf("bound limit: %s after %d iterations", res.Status, len(res.Iterations))
	}
}
