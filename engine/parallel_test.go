package engine_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

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

// TestParallelProgress: a parallel search reports progress by its
// expansions, as IDA does: every iteration of at least CheckEvery
// expansions sends progress, at most about two events per CheckEvery
// expansions (a multiple passed by the finished subtrees, a worker's
// check), each within its iteration's final counts and none going back.
func TestParallelProgress(t *testing.T) {
	const every = 1 << 10
	d := halfGap{randomStack(rand.New(rand.NewPCG(17, 18)), 11)} // about 3 million nodes
	for _, workers := range []int{1, 2, 3} {
		sink := &progressSink{iterSink: iterSink{strict: true}}
		res, err := engine.ParallelIDA(context.Background(), d, engine.Options{Sink: sink, CheckEvery: every}, workers)
		if err != nil || !res.Solved() {
			t.Fatalf("%d workers: %v %v", workers, res.Status, err)
		}
		long := 0
		for i, it := range res.Iterations {
			ps := sink.perIteration[i]
			if it.Expanded >= every {
				long++
				if len(ps) == 0 {
					t.Errorf("%d workers, iteration %d: %d expansions, no progress event", workers, i+1, it.Expanded)
				}
			}
			if most := 2*it.Expanded/every + 2; int64(len(ps)) > most {
				t.Errorf("%d workers, iteration %d: %d progress events for %d expansions, want at most %d", workers, i+1, len(ps), it.Expanded, most)
			}
			final := i == len(res.Iterations)-1 // may count work a solution discards
			for j, c := range ps {
				if j > 0 && c.Expanded < ps[j-1].Expanded {
					t.Errorf("%d workers, iteration %d: progress went back from %d to %d expansions", workers, i+1, ps[j-1].Expanded, c.Expanded)
				}
				if !final && (c.Expanded > it.Expanded || c.Generated > it.Generated) {
					t.Errorf("%d workers, iteration %d: progress %+v beyond the iteration's %+v", workers, i+1, c, it.Counts)
				}
			}
		}
		if long < 3 {
			t.Fatalf("%d workers: only %d iterations of %d expansions or more: the test's search is too small", workers, long, every)
		}
	}
}

// progressSink keeps the counts of each iteration's progress events.
type progressSink struct {
	iterSink
	perIteration [][]trace.Counts
}

func (s *progressSink) Event(e *trace.Event) {
	s.iterSink.Event(e)
	switch e.Kind {
	case trace.KindIterationStart:
		s.perIteration = append(s.perIteration, nil)
	case trace.KindProgress:
		i := len(s.perIteration) - 1
		s.perIteration[i] = append(s.perIteration[i], e.Stats.Counts)
	}
}
