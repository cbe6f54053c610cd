package tiles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"idaviz/engine"
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
// unobserved iterations to Iterate; loopOnly keeps it on its own loop.)
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
			res, err := engine.IDA(context.Background(), loopOnly{NewDomain(b, h)}, engine.Options{})
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
