package rubik

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"idaviz/engine"
	"idaviz/engine/enginetest"
	"idaviz/trace"
)

// histSink asks for the iteration histograms and drops the events.
type histSink struct{}

func (histSink) Level() trace.Level { return trace.LevelIteration }
func (histSink) Event(*trace.Event) {}

// checkIterateMatchesLoop holds the coset domain newDomain makes for c to
// the engine's loop (enginetest's check: IDA and ParallelIDA, through the
// domain's own iterations or the loop, with and without histograms and
// events), wants it back at its cube and its axis values, and wants
// ParallelIDA to find what IDA finds, with the same counts and histograms
// (the coset domains ask for no pathmax, so the split changes nothing). It
// returns IDA's result.
func checkIterateMatchesLoop[C comparable, T coset[C]](t *testing.T, c Cube, newDomain func(Cube) *cosetDomain[C, T]) engine.Result {
	t.Helper()
	rd := newDomain(c)
	enginetest.Conformance(t, rd)
	opt := engine.Options{Sink: histSink{}}
	seq, err := engine.IDA(context.Background(), rd, opt)
	if err != nil || !seq.Solved() {
		t.Fatalf("%v: %v %v", c, seq.Status, err)
	}
	par, err := engine.ParallelIDA(context.Background(), rd, opt, 2)
	if err != nil {
		t.Fatalf("%v: ParallelIDA: %v", c, err)
	}
	checkSameRun(t, "ParallelIDA on 2 workers", par, seq, true)
	if rd.Cube() != c || rd.ax != newDomain(c).ax {
		t.Fatalf("%v: the searches moved the domain", c)
	}
	return seq
}

func checkSameRun(t *testing.T, name string, got, want engine.Result, hist bool) {
	t.Helper()
	if !slices.Equal(got.Moves, want.Moves) || got.Totals != want.Totals || len(got.Iterations) != len(want.Iterations) {
		t.Fatalf("%s: %v %+v in %d iterations, want %v %+v in %d", name, got.Moves, got.Totals, len(got.Iterations),
			want.Moves, want.Totals, len(want.Iterations))
	}
	for i, it := range got.Iterations {
		w := want.Iterations[i]
		if it.Counts != w.Counts || it.NextBound != w.NextBound {
			t.Fatalf("%s: iteration %d: %+v next %d, want %+v next %d", name, i+1, it.Counts, it.NextBound, w.Counts, w.NextBound)
		}
		if hist && (!trace.EqualIterations(it, w) || len(it.VisitF) == 0) {
			t.Fatalf("%s: iteration %d: histograms %v %v %v, want %v %v %v", name, i+1, it.VisitF, it.PruneF, it.Depth, w.VisitF, w.PruneF, w.Depth)
		}
	}
}

// TestReidIterateMatchesLoop checks the domain's own iterations against the
// engine's loop on short scrambles with the partial table (whose Unset
// entries make a heuristic that is neither admissible nor consistent: the
// iteration must not rely on either), and on 8- to 12-move scrambles with
// the full table when IDAVIZ_TEST_REID=1.
func TestReidIterateMatchesLoop(t *testing.T) {
	tab := partialReid(t)
	reid := func(c Cube) *ReidDomain { return NewReidDomain(c, tab) }
	rng := rand.New(rand.NewPCG(21, 22))
	for i := 0; i < 12; i++ {
		checkIterateMatchesLoop(t, FromMoves(randomScramble(rng, 1+i%6)), reid)
	}
	checkIterateMatchesLoop(t, Solved(), reid)
}

func TestReidIterateMatchesLoopFull(t *testing.T) {
	tab := fullReid(t)
	rng := rand.New(rand.NewPCG(23, 24))
	scrambles := []string{solveSet[0].scramble, solveSet[1].scramble}
	for i := 0; i < 6; i++ {
		scrambles = append(scrambles, FormatMoves(randomScramble(rng, 8+i%4)))
	}
	for _, sc := range scrambles {
		moves, err := ParseMoves(sc)
		if err != nil {
			t.Fatal(err)
		}
		c := FromMoves(moves)
		res := checkIterateMatchesLoop(t, c, func(c Cube) *ReidDomain { return NewReidDomain(c, tab) })
		got := c
		got.Apply(res.Moves)
		if !got.IsSolved() {
			t.Fatalf("%s: %s does not solve it", sc, FormatMoves(res.Moves))
		}
		t.Logf("%s: %d moves, %d nodes", sc, len(res.Moves), res.Totals.Generated)
	}
}

// TestReidIterateStops: a node limit and a cancelled context stop the
// domain's own iterations, sequential and parallel, and leave the domain
// where it was; sequentially, at the same count as the engine's loop.
func TestReidIterateStops(t *testing.T) {
	tab := partialReid(t)
	checkIterateStops(t, func(c Cube) *ReidDomain { return NewReidDomain(c, tab) }, true)
}

// checkIterateStops is TestReidIterateStops over the coset domains
// newDomain makes. An Iterator calls stop every checkEvery expansions of
// the iteration, the interval the engine hands it at the start, where the
// engine's loop checks more often as a node limit nears: the two stop at
// the same count only when their checks fall alike (sameAsLoop), else the
// domain's within one interval of the limit.
func checkIterateStops[C comparable, T coset[C]](t *testing.T, newDomain func(Cube) *cosetDomain[C, T], sameAsLoop bool) {
	t.Helper()
	moves, err := ParseMoves(solveSet[0].scramble) // 12 moves: beyond a partial table, a long search
	if err != nil {
		t.Fatal(err)
	}
	c := FromMoves(moves)
	run := func(ctx context.Context, own bool, workers int, maxNodes int64) (engine.Result, error) {
		rd := newDomain(c)
		defer func() {
			if rd.Cube() != c {
				t.Fatalf("%d workers: the domain moved", workers)
			}
		}()
		var d engine.Domain = rd
		if !own {
			d = enginetest.LoopOnly(rd)
		}
		opt := engine.Options{CheckEvery: 16, MaxNodes: maxNodes}
		if workers == 1 {
			return engine.IDA(ctx, d, opt)
		}
		return engine.ParallelIDA(ctx, d, opt, workers)
	}
	res, _ := run(context.Background(), true, 1, 2000)
	loop, _ := run(context.Background(), false, 1, 2000)
	if res.Status != trace.StatusLimit || loop.Status != trace.StatusLimit || (sameAsLoop && res.Totals != loop.Totals) ||
		res.Totals.Generated < loop.Totals.Generated || res.Totals.Generated > 2000+16*NumMoves {
		t.Errorf("node limit 2000: %v after %+v, the engine's loop %v after %+v", res.Status, res.Totals, loop.Status, loop.Totals)
	}
	// In parallel the limit is checked against the counts the workers have
	// reported, which lag.
	res, _ = run(context.Background(), true, 2, 2000)
	if res.Status != trace.StatusLimit || res.Totals.Generated < 2000 || res.Totals.Generated > 3*2000 {
		t.Errorf("2 workers, node limit 2000: %v after %+v", res.Status, res.Totals)
	}
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := run(ctx, true, workers, 0)
		if res.Status != trace.StatusCancelled || err == nil {
			t.Errorf("%d workers, cancelled: %v %v", workers, res.Status, err)
		}
	}
}
