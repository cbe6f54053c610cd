package tiles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"idaviz/engine"
	"idaviz/engine/enginetest"
	"idaviz/internal/race"
	"idaviz/trace"
)

// iterateIDA is IDA* driven by Domain.Iterate, one call per iteration.
func iterateIDA(d iterated) (moves []int, iters []trace.Counts) {
	bound := d.H()
	for {
		m, next, c, _ := d.Iterate(bound, nil, 0, nil)
		iters = append(iters, c)
		if m != nil || next < 0 {
			if te, ok := d.(engine.TwoEnded); ok && m != nil {
				m = te.Solution(m)
			}
			return m, iters
		}
		bound = next
	}
}

// iterated is a domain that runs its own iterations.
type iterated interface {
	engine.Domain
	engine.Iterator
}

// Iterate is the engine's own loop: the same solution and the same counts,
// iteration by iteration, and the state left as it was. (The engine hands
// unobserved iterations to Iterate; enginetest.LoopOnly keeps it on its own
// loop.)
func TestIterateMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	var boards []Board
	for _, size := range []int{3, 4, 5} {
		for i := 0; i < 6; i++ {
			b, _ := Scramble(rng, size, 10+4*i, Goal(i%2))
			boards = append(boards, b)
		}
	}
	ks, _ := Korf()
	boards = append(boards, ks[15].Board) // 42 moves
	for _, b := range boards {
		for _, h := range []Heuristic{Misplaced, Manhattan, LinearConflict} {
			if h == Misplaced && b.size > 3 {
				continue
			}
			res, err := engine.IDA(context.Background(), enginetest.LoopOnly(NewDomain(b, h)), engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			d := NewDomain(b, h)
			moves, iters := iterateIDA(d)
			if d.Board() != b {
				t.Fatalf("%s %s: Iterate moved the board", b, h)
			}
			if !slices.Equal(moves, res.Moves) {
				t.Fatalf("%s %s: Iterate finds %v, the engine %v", b, h, moves, res.Moves)
			}
			if len(iters) != len(res.Iterations) {
				t.Fatalf("%s %s: %d iterations, the engine %d", b, h, len(iters), len(res.Iterations))
			}
			for i, c := range iters {
				if c != res.Iterations[i].Counts {
					t.Fatalf("%s %s: iteration %d counts %+v, the engine %+v", b, h, i+1, c, res.Iterations[i].Counts)
				}
			}
		}
	}
}

func TestIterateStops(t *testing.T) {
	ks, _ := Korf()
	d := NewDomain(ks[0].Board, Manhattan)
	calls := 0
	moves, _, c, stopped := d.Iterate(57, nil, 1000, func(c trace.Counts) bool {
		calls++
		if c.Expanded != int64(1000*calls) {
			t.Errorf("stop called at %d expansions, want %d", c.Expanded, 1000*calls)
		}
		return calls == 3
	})
	if moves != nil || !stopped || c.Expanded != 3000 {
		t.Fatalf("moves %v, stopped %v, counts %+v", moves, stopped, c)
	}
	if d.Board() != ks[0].Board {
		t.Fatal("a stopped Iterate moved the board")
	}
}

// The domain's Iterator gives exactly what the engine's loop gives
// (enginetest's check): 8-puzzles with every heuristic, and Korf's #5
// (blank first) but for misplaced tiles and in -short runs.
func TestConformance(t *testing.T) {
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	boards := []string{"8 6 7, 2 5 4, 3 0 1", "5 2 8, 4 1 7, 0 3 6", "1 2 3, 4 5 6, 7 8 0"}
	for _, st := range boards {
		b, err := Parse(st, 0, BlankLast)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range []Heuristic{Misplaced, Manhattan, LinearConflict} {
			t.Run(st+" "+h.String(), func(t *testing.T) { enginetest.Conformance(t, NewDomain(b, h)) })
		}
	}
	if testing.Short() {
		return
	}
	for _, h := range []Heuristic{Manhattan, LinearConflict} {
		t.Run("Korf #5 "+h.String(), func(t *testing.T) { enginetest.Conformance(t, NewDomain(ks[4].Board, h)) })
	}
}

// The same for the 15-puzzle's pattern databases, the dual lookups among
// them asking for pathmax, whose Iterator runs BPMX as the engine's loop
// does: boards 30 to 45 moves from the goal, both goals, with pdb555 and
// pdb555d (tables built in a second into a temporary cache). BPMX must
// change some count, or the boards did not exercise it.
func TestConformancePathmax(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	differs := 0
	boards := 6
	if race.Enabled {
		boards = 2
	}
	for i := range boards {
		goal := Goal(i % 2)
		b, err := Scramble(rng, 4, 30+3*i, goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range []string{"pdb555d", "pdb555"} {
			d, err := b.BuildDomain(t.Context(), h, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := d.(engine.Iterator); !ok {
				t.Fatalf("%s %s has no Iterator: the check has less to compare", b, h)
			}
			enginetest.Conformance(t, d)
			if h != "pdb555d" {
				continue
			}
			if !d.(engine.Pathmax).Pathmax() {
				t.Fatalf("%s %s asks for no pathmax", b, h)
			}
			bpmx, err := engine.IDA(t.Context(), d, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := engine.IDA(t.Context(), noPathmax{d}, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if plain.Totals != bpmx.Totals {
				differs++
			}
		}
	}
	if differs == 0 {
		t.Fatal("BPMX changed no count: the comparison did not exercise it")
	}
}

// noPathmax is the engine's loop without BPMX (its cost is compared by
// enginetest's check, its counts here).
type noPathmax struct{ engine.Domain }
