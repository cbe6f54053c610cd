package puzzles

import (
	"fmt"
	"math/rand/v2"

	"idaviz/internal/quote"
	"idaviz/puzzles/booksort"
)

// scrambleBooks is how many books a scrambled shelf holds: enough to be
// interesting, few enough that IDA* answers deep scrambles quickly.
const scrambleBooks = 10

func init() {
	Register(&Puzzle{
		Name:       "booksort",
		Title:      "Booksort (POJ 3460: sort a shelf by moving blocks of books)",
		Heuristics: booksort.Heuristics,
		Parse: func(state, goal string) (Instance, error) {
			if goal != "" {
				return nil, fmt.Errorf("booksort has one goal (the books in order 1..n), not %s", quote.Short(goal))
			}
			s, err := booksort.Parse(state)
			if err != nil {
				return nil, err // not a nil *Shelf inside a non-nil Instance
			}
			return s, nil
		},
		Scramble: func(rng *rand.Rand, depth int, _ string) Instance {
			return booksort.Scramble(rng, scrambleBooks, depth)
		},
		Presets:  booksort.Presets,
		Renderer: "booksort",
		Script: &ScriptStates{
			Doc: "state: a tuple of the books left to right, a permutation of 1..n, e.g. (1, 3, 4, 6, 2, 5); " +
				"globals: goal, the tuple (1, 2, ..., n). One move costs 1.",
			Bind: func(inst Instance) (func([]byte) any, map[string]any) {
				goal := make([]int, inst.(*booksort.Shelf).Len())
				for i := range goal {
					goal[i] = i + 1
				}
				return scriptTuple, map[string]any{"goal": goal}
			},
		},
		Help: "The books on the shelf left to right: a permutation of 1..n, 1 <= n <= 15, separated by " +
			"spaces or commas, e.g. \"1 3 4 6 2 5\". One operation takes out a contiguous block of " +
			"books and puts it back elsewhere; the goal is 1 2 .. n. Moves read \"[l..r]>k\": the books " +
			"at positions l..r (1-based) go to just after the book now at position k (every operation " +
			"can be written so, moving the block right). Heuristics: cycles (the cycle-graph bound: " +
			"(n+1 - odd cycles)/2), breakpoints (neighbours that are not consecutive, counting the " +
			"shelf's ends as books 0 and n+1, divided by 3) and successors (the seed's: books not " +
			"followed by their successor, divided by 3). The judge (poj3460) answers up to 4 " +
			"operations, else \"5 or more\".",
	})
	RegisterJudge(&Judge{
		Name:  "poj3460",
		Title: `POJ 3460 Booksort: the fewest block moves, or "5 or more"`,
		Run:   booksort.Judge,
	})
}
