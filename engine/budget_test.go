package engine_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
)

// heapSampler measures the live heap at every progress event, while A*'s
// states are in use.
type heapSampler struct {
	base    uint64
	peak    uint64
	stored  int64 // states stored at the peak: generated minus the duplicates dropped
	samples int
}

func (h *heapSampler) Level() trace.Level { return trace.LevelIteration }
func (h *heapSampler) Event(e *trace.Event) {
	if e.Kind != trace.KindProgress {
		return
	}
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	h.samples++
	if live := m.HeapAlloc - h.base; m.HeapAlloc > h.base && live > h.peak {
		h.peak, h.stored = live, e.Stats.Generated-e.Stats.Pruned
	}
}

// TestAStarMemoryBudget: on a hard 24-puzzle (Korf's first, 95 moves), A*
// with a 64 MB budget stops with a *MemoryError and a limit status instead
// of growing until the process dies, and the heap it held stays within the
// budget: the per-state estimate is not optimistic.
func TestAStarMemoryBudget(t *testing.T) {
	b, err := tiles.Parse("14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13", 5, tiles.BlankFirst)
	if err != nil {
		t.Fatal(err)
	}
	d, err := b.Domain("manhattan")
	if err != nil {
		t.Fatal(err)
	}
	const budget = 64 << 20
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	h := &heapSampler{base: m.HeapAlloc}
	res, err := engine.AStar(context.Background(), d, engine.Options{MaxMemory: budget, Sink: h, CheckEvery: 1 << 13})
	var me *engine.MemoryError
	if !errors.As(err, &me) || res.Status != trace.StatusLimit {
		t.Fatalf("status %v, error %v; want a limit and a *engine.MemoryError", res.Status, err)
	}
	want := fmt.Sprintf("A* ran out of its memory budget after %d states; IDA* needs none", me.States)
	if err.Error() != want || me.Budget != budget || me.States != res.Stored {
		t.Errorf("error %q (%+v, stored %d), want %q", err, me, res.Stored, want)
	}
	t.Logf("%d states stored; %d samples, peak live heap %.1f MB at %d states (%.0f bytes a state)",
		res.Stored, h.samples, float64(h.peak)/1e6, h.stored, float64(h.peak)/float64(h.stored))
	if h.samples == 0 || h.peak > budget*115/100 {
		t.Errorf("the live heap reached %d bytes, beyond the budget of %d", h.peak, budget)
	}
}
