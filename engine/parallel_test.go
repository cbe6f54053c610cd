package engine_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/examples/pancake"
	"idaviz/trace"
)

// halfGap weakens the pancake gap heuristic so that searches take several
// iterations and the split has many items.
type halfGap struct{ *pancake.Stack }

func (h halfGap) H() int { return h.Stack.H() / 2 }
func (h halfGap) Expand(prev int, out []engine.Child) int {
	n := h.Stack.Expand(prev, out)
	for i := range out[:n] {
		out[i].H /= 2
	}
	return n
}
func (h halfGap) Clone() engine.Domain { return halfGap{h.Stack.Clone().(*pancake.Stack)} }

// iterSink keeps the iteration-end statistics, histograms included.
// With strict set it asks for every event, fails on per-node ones, which a
// parallel search must not send, and checks that progress events belong to
// the iteration under way.
type iterSink struct {
	strict   bool
	its      []trace.Iteration
	bounds   []int
	current  int // the iteration under way, 0 between iterations
	progress int
}

func (s *iterSink) Level() trace.Level {
	if s.strict {
		return trace.LevelNode
	}
	return trace.LevelIteration
}
func (s *iterSink) Event(e *trace.Event) {
	switch e.Kind {
	case trace.KindIterationStart:
		s.current = e.Iteration
	case trace.KindIterationEnd:
		s.current = 0
		s.its = append(s.its, e.Stats.Clone())
	case trace.KindBoundIncrease:
		s.bounds = append(s.bounds, e.NewBound)
	case trace.KindProgress:
		if s.strict {
			if e.Iteration != s.current || e.Stats == nil || e.Stats.Iteration != e.Iteration || e.Stats.Bound != e.Bound {
				panic("a progress event outside its iteration or without its counts")
			}
			s.progress++
		}
	case trace.KindVisit, trace.KindPrune:
		if s.strict {
			panic("parallel search sent a per-node event")
		}
	}
}

func randomStack(rng *rand.Rand, n int) *pancake.Stack {
	p := rng.Perm(n)
	s, err := pancake.New(p...)
	if err != nil {
		panic(err)
	}
	return s
}

func TestParallelMatchesIDA(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	cases := 12
	if testing.Short() {
		cases = 5
	}
	for i := 0; i < cases; i++ {
		n := 7 + i%5
		s := randomStack(rng, n)
		for _, weak := range []bool{false, true} {
			var d engine.Domain = s
			if weak {
				d = halfGap{s}
			}
			var seqSink iterSink
			want, err := engine.IDA(context.Background(), d, engine.Options{Sink: &seqSink})
			if err != nil || !want.Solved() {
				t.Fatalf("IDA on %v: %v %v", s.Sizes(), want.Status, err)
			}
			for _, workers := range []int{1, 2, 3, 8} {
				sink := iterSink{strict: true}
				got, err := engine.ParallelIDA(context.Background(), d, engine.Options{Sink: &sink}, workers)
				if err != nil {
					t.Fatal(err)
				}
				name := func() string { return "stack " + string(fmtInts(s.Sizes())) }
				if !reflect.DeepEqual(got.Moves, want.Moves) || got.Cost != want.Cost {
					t.Fatalf("%s weak=%v workers=%d: moves %v cost %d, IDA %v cost %d", name(), weak, workers, got.Moves, got.Cost, want.Moves, want.Cost)
				}
				if got.Totals != want.Totals {
					t.Fatalf("%s weak=%v workers=%d: totals %+v, IDA %+v", name(), weak, workers, got.Totals, want.Totals)
				}
				if !reflect.DeepEqual(got.Iterations, want.Iterations) {
					t.Fatalf("%s weak=%v workers=%d: iterations\n%+v\nIDA\n%+v", name(), weak, workers, got.Iterations, want.Iterations)
				}
				if !reflect.DeepEqual(sink.its, seqSink.its) || !reflect.DeepEqual(sink.bounds, seqSink.bounds) {
					t.Fatalf("%s weak=%v workers=%d: iteration events differ", name(), weak, workers)
				}
				replays(t, s, got.Moves)
			}
		}
	}
}

func TestParallelWithoutHistogramsMatchesIDA(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 5; i++ {
		d := halfGap{randomStack(rng, 10)}
		want, _ := engine.IDA(context.Background(), d, engine.Options{})
		got, err := engine.ParallelIDA(context.Background(), d, engine.Options{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Iterations, want.Iterations) || !reflect.DeepEqual(got.Moves, want.Moves) {
			t.Fatalf("iterations %+v moves %v, IDA %+v %v", got.Iterations, got.Moves, want.Iterations, want.Moves)
		}
	}
}

func TestParallelSolvedStart(t *testing.T) {
	s, _ := pancake.New(0, 1, 2, 3)
	want, _ := engine.IDA(context.Background(), s, engine.Options{})
	got, err := engine.ParallelIDA(context.Background(), s, engine.Options{}, 2)
	if err != nil || !got.Solved() || len(got.Moves) != 0 || got.Totals != want.Totals {
		t.Fatalf("solved start: %+v %v, IDA %+v", got, err, want)
	}
}

type notCloner struct{ *pancake.Stack }

func (n notCloner) Clone() {}

func TestParallelNeedsCloner(t *testing.T) {
	s, _ := pancake.New(1, 0)
	if _, err := engine.ParallelIDA(context.Background(), notCloner{s}, engine.Options{}, 2); !errors.Is(err, engine.ErrNotCloner) {
		t.Fatalf("err = %v, want ErrNotCloner", err)
	}
}

func TestParallelLimitsAndCancel(t *testing.T) {
	d := halfGap{randomStack(rand.New(rand.NewPCG(15, 16)), 14)}
	res, err := engine.ParallelIDA(context.Background(), d, engine.Options{MaxNodes: 5000, CheckEvery: 16}, 2)
	if err != nil || res.Status != trace.StatusLimit {
		t.Fatalf("node limit: %v %v", res.Status, err)
	}
	res, err = engine.ParallelIDA(context.Background(), d, engine.Options{MaxBound: 3}, 2)
	if err != nil || res.Status != trace.StatusLimit {
		t.Fatalf("bound limit: %v %v", res.Status, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = engine.ParallelIDA(ctx, d, engine.Options{CheckEvery: 16}, 2)
	if !errors.Is(err, context.Canceled) || res.Status != trace.StatusCancelled {
		t.Fatalf("cancelled: %v %v", res.Status, err)
	}
}

// TestParallelProgress runs a search long enough to report progress: every
// iteration that lasts well over the reporting period must have sent some.
func TestParallelProgress(t *testing.T) {
	n, seed := uint64(12), uint64(29) // about 50 million nodes
	if testing.Short() {
		n, seed = 11, 17 // 3 million
	}
	d := halfGap{randomStack(rand.New(rand.NewPCG(seed, 18)), int(n))}
	sink := &timedSink{iterSink: iterSink{strict: true}}
	res, err := engine.ParallelIDA(context.Background(), d, engine.Options{Sink: sink}, 2)
	if err != nil || !res.Solved() {
		t.Fatalf("%v %v", res.Status, err)
	}
	t.Logf("%d nodes in %v, %d progress events", res.Totals.Generated, res.Elapsed, sink.progress)
	for i, long := range sink.long {
		if long && sink.perIteration[i] == 0 {
			t.Errorf("iteration %d lasted over a second without a progress event", i+1)
		}
	}
}

type timedSink struct {
	iterSink
	start        time.Time
	long         []bool
	perIteration []int
}

func (s *timedSink) Event(e *trace.Event) {
	s.iterSink.Event(e)
	switch e.Kind {
	case trace.KindIterationStart:
		s.start = time.Now()
		s.perIteration = append(s.perIteration, 0)
	case trace.KindProgress:
		s.perIteration[len(s.perIteration)-1]++
	case trace.KindIterationEnd:
		s.long = append(s.long, time.Since(s.start) > time.Second)
	}
}
