package puzzles_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/puzzles/script"
)

// TestScriptStates: for every puzzle that gives its states to scripts, a
// built-in heuristic written again in Starlark, from the state as the
// puzzle documents it, searches exactly as the built-in one: the same
// nodes, the same solution.
func TestScriptStates(t *testing.T) {
	// The 15-puzzle's request opens pdb555's three tables: built here.
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	cases := []struct {
		puzzle, goal, builtin, src string
		depth                      int // of the scrambles: 2 more for each of 4
	}{
		{"15puzzle", "", "misplaced", "def h(state):\n    return len([1 for i, t in enumerate(state) if t and t != goal[i]])\n", 8},
		{"8puzzle", "blank-first", "misplaced", "def h(state):\n    return len([1 for i in range(size * size) if state[i] and state[i] != goal[i]])\n", 8},
		{"booksort", "", "successors", "def h(state):\n    cnt = len([i for i in range(len(state) - 1) if state[i + 1] != state[i] + 1])\n    return (cnt + 2) // 3\n", 1},
		{"rotation", "2", "seed", "def h(state):\n    best = 8\n    for k in (1, 2, 3):\n        if target in (0, k):\n            best = min(best, 8 - len([c for c in centre if state[c] == k]))\n    return best\n", 2},
		{"rotation", "", "seed", "def h(state):\n    best = 8\n    for k in (1, 2, 3):\n        if target in (0, k):\n            best = min(best, 8 - len([c for c in centre if state[c] == k]))\n    return best\n", 2},
		{"grid", "", "octile", "def h(state):\n    dr, dc = abs(state[0] - goal[0]), abs(state[1] - goal[1])\n    hi, lo = max(dr, dc), min(dr, dc)\n    if map[state[0]][state[1]] == '#' or len(map) != rows or len(map[0]) != cols:\n        fail('not a free cell')\n    v = 10 * hi + 4 * lo\n    return v if diagonal else v // 10\n", 8},
	}
	for _, c := range cases {
		t.Run(c.puzzle+"/"+c.goal, func(t *testing.T) {
			p, err := puzzles.Lookup(c.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			f, err := script.LoadHeuristic("h.star", []byte(c.src), script.Budget{})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			deepest := 0
			for k := range 4 {
				state := p.Scramble(rng, c.depth+2*k, c.goal).String()
				built, err := puzzles.NewRequest(c.puzzle, state, c.builtin, c.goal)
				if err != nil {
					t.Fatal(err)
				}
				scripted, err := puzzles.NewScriptedRequest(c.puzzle, state, c.goal, f)
				if err != nil {
					t.Fatal(err)
				}
				var res [2]engine.Result
				for i, r := range []*puzzles.Request{built, scripted} {
					d, err := r.Instance.Domain(r.Heuristic)
					if err != nil {
						t.Fatal(err)
					}
					if res[i], err = engine.IDA(context.Background(), d, engine.Options{}); err != nil || !res[i].Solved() {
						t.Fatalf("%s: %v %v", r.Heuristic, res[i].Status, err)
					}
					if g, ok := d.(*script.Guided); ok && g.Err() != nil {
						t.Fatal(g.Err())
					}
				}
				if res[0].Totals != res[1].Totals || res[0].Cost != res[1].Cost {
					t.Errorf("%s: built-in %+v cost %d, script %+v cost %d", state, res[0].Totals, res[0].Cost, res[1].Totals, res[1].Cost)
				}
				deepest = max(deepest, len(res[0].Moves))
			}
			if deepest < 2 {
				t.Errorf("the scrambles were solved in %d moves at most: too easy to tell heuristics apart", deepest)
			}
		})
	}
}

// TestGridPresets: each grid preset with a known optimal length has it
// (uniform-cost A*, exact).
func TestGridPresets(t *testing.T) {
	p, _ := puzzles.Lookup("grid")
	for _, pr := range p.Presets {
		inst, err := p.Parse(pr.State, pr.Goal)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := inst.Domain("zero")
		res, err := engine.AStar(context.Background(), d, engine.Options{})
		if err != nil || !res.Solved() || (pr.Optimal > 0 && len(res.Moves) != pr.Optimal) {
			t.Errorf("%s: %d moves (cost %d), preset says %d: %v", pr.Name, len(res.Moves), res.Cost, pr.Optimal, err)
		}
	}
}
