package tiles

import (
	"math/rand/v2"
	"testing"

	"idaviz/engine"
)

// The incremental heuristics (Expand's children and Apply/Undo) must equal a
// recomputation from scratch after every move of long random walks.
func TestIncrementalHeuristics(t *testing.T) {
	walks := 200
	if testing.Short() {
		walks = 40
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{3, 4, 5} {
		for _, goal := range []Goal{BlankLast, BlankFirst} {
			for _, h := range []Heuristic{Misplaced, Manhattan, LinearConflict} {
				start, err := Scramble(rng, size, 200, goal)
				if err != nil {
					t.Fatal(err)
				}
				d := NewDomain(start, h)
				var out [4]engine.Child
				for w := 0; w < walks; w++ {
					prev := engine.NoMove
					var path []int
					for step := 0; step < 60; step++ {
						n := d.Expand(prev, out[:])
						for _, c := range out[:n] {
							d.Apply(int(c.Move))
							if got, want := d.H(), d.fullH(); got != want || int(c.H) != want {
								t.Fatalf("%dx%d %s %s: after %v+%s: Expand says %d, Apply says %d, recomputed %d",
									size, size, goal, h, path, moveNames[c.Move], c.H, got, want)
							}
							d.Undo(int(c.Move))
						}
						m := int(out[rng.IntN(n)].Move)
						d.Apply(m)
						path = append(path, m)
						prev = m
					}
					for i := len(path) - 1; i >= 0; i-- {
						d.Undo(path[i])
					}
					if d.Board() != start || d.H() != d.fullH() {
						t.Fatalf("%dx%d %s %s: undoing the walk did not return to the start", size, size, goal, h)
					}
				}
			}
		}
	}
}
