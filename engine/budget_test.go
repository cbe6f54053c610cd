package engine_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
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
	d := korf1(t)
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

// korf1 is Korf's first 24-puzzle with Manhattan distance: A* on it fills
// any budget a test can afford.
func korf1(t *testing.T) engine.Domain {
	t.Helper()
	b, err := tiles.Parse("14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13", 5, tiles.BlankFirst)
	if err != nil {
		t.Fatal(err)
	}
	d, err := b.Domain("manhattan")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// usageSampler records the most a shared budget held at the progress
// events of a search.
type usageSampler struct {
	m    *engine.Memory
	peak atomic.Int64
}

func (u *usageSampler) Level() trace.Level { return trace.LevelIteration }
func (u *usageSampler) Event(e *trace.Event) {
	if e.Kind == trace.KindProgress {
		if n := u.m.Used(); n > u.peak.Load() {
			u.peak.Store(n)
		}
	}
}

// TestSharedMemory: three A* searches at once on one shared budget hold
// no more than it together (viz compare's workers gave each the whole
// budget), each stops with an error naming the budget, and all of it is
// given back when they return.
func TestSharedMemory(t *testing.T) {
	const budget = 48 << 20
	m := engine.NewMemory(budget, "the memory budget the workers share")
	u := &usageSampler{m: m}
	errs := make([]error, 3)
	var wg sync.WaitGroup
	for i := range errs {
		d := korf1(t)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = engine.AStar(context.Background(), d, engine.Options{Memory: m, Sink: u, CheckEvery: 1 << 12})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		var me *engine.MemoryError
		if !errors.As(err, &me) || me.Shared == "" || !strings.Contains(err.Error(), "the memory budget the workers share is full") {
			t.Errorf("search %d: %v, want the shared budget named", i, err)
		}
	}
	if p := u.peak.Load(); p == 0 || p > budget {
		t.Errorf("the searches held %d bytes at once, budget %d", p, budget)
	}
	if m.Used() != 0 {
		t.Errorf("%d bytes still charged after every search returned", m.Used())
	}
}

// pauser pauses a search at its third progress event until its context
// is done, as a paused tab of the server does.
type pauser struct {
	ctx    context.Context
	n      int
	paused chan struct{}
}

func (p *pauser) Level() trace.Level { return trace.LevelIteration }
func (p *pauser) Event(e *trace.Event) {
	if e.Kind == trace.KindProgress {
		if p.n++; p.n == 3 {
			close(p.paused)
			<-p.ctx.Done()
		}
	}
}

// TestMemoryReclaim: a search that finds the shared budget full has
// Reclaim stop a paused one, waits for the memory it gives back, and goes
// on; when nothing more can be reclaimed it stops with the budget's error.
func TestMemoryReclaim(t *testing.T) {
	const budget = 48 << 20
	m := engine.NewMemory(budget, "the server's memory budget")
	ctxA, stopA := context.WithCancel(context.Background())
	defer stopA()
	var reclaimed atomic.Int32
	m.Reclaim = func(int64) bool {
		if ctxA.Err() != nil {
			return false // A is stopped already: nothing more to free
		}
		reclaimed.Add(1)
		stopA()
		return true
	}
	a := &pauser{ctx: ctxA, paused: make(chan struct{})}
	type out struct {
		res engine.Result
		err error
	}
	doneA := make(chan out, 1)
	go func() {
		res, err := engine.AStar(ctxA, korf1(t), engine.Options{Memory: m, Sink: a, CheckEvery: 1 << 13})
		doneA <- out{res, err}
	}()
	<-a.paused
	held := m.Used()
	if held == 0 {
		t.Fatal("the paused search holds nothing")
	}
	resB, errB := engine.AStar(context.Background(), korf1(t), engine.Options{Memory: m, CheckEvery: 1 << 13})
	gotA := <-doneA
	if gotA.res.Status != trace.StatusCancelled {
		t.Errorf("the paused search: %v %v, want it stopped", gotA.res.Status, gotA.err)
	}
	var me *engine.MemoryError
	if !errors.As(errB, &me) || me.Shared != "the server's memory budget" || reclaimed.Load() != 1 {
		t.Fatalf("the second search: %v, reclaimed %d times; want the full budget after one reclaim", errB, reclaimed.Load())
	}
	// It got the paused search's memory: it stored more than that held.
	if int64(resB.Stored)*150 < held {
		t.Errorf("the second search stored %d states; the paused one held %d bytes", resB.Stored, held)
	}
	if m.Used() != 0 {
		t.Errorf("%d bytes still charged", m.Used())
	}
}
