package puzzles

import (
	"fmt"
	"math/rand/v2"

	"idaviz/internal/quote"
	"idaviz/puzzles/squares"
)

// scrambleGrid is the size of a scrambled grid: the judge's largest.
const scrambleGrid = 5

func init() {
	Register(&Puzzle{
		Name:       "squares",
		Title:      "Square destroyer (POJ 1084: remove the fewest matchsticks to leave no square)",
		Heuristics: squares.Heuristics,
		Parse: func(state, goal string) (Instance, error) {
			if goal != "" {
				return nil, fmt.Errorf("squares has one goal (no square left), not %s", quote.Short(goal))
			}
			g, err := squares.Parse(state)
			if err != nil {
				return nil, err // not a nil *Grid inside a non-nil Instance
			}
			return g, nil
		},
		Scramble: func(rng *rand.Rand, depth int, _ string) Instance {
			return squares.Scramble(rng, scrambleGrid, depth)
		},
		Presets:  squares.Presets,
		Renderer: "squares",
		Help: "The grid size n (1..5), then optionally a colon and the sticks already missing, " +
			"separated by spaces or commas: \"5\" is the full 5x5 grid, \"3: 12 17 23\" a 3x3 grid " +
			"without sticks 12, 17 and 23. Sticks are numbered as in the judge, from 1, row by row: " +
			"each row has its n horizontal sticks, then its n+1 vertical ones; the bottom row of " +
			"horizontal sticks comes last. A move removes one stick (named by its number). The search " +
			"only branches on the sticks of the first intact square (smallest first), and a stick " +
			"passed over by an earlier sibling stays kept in the subtree. Heuristics: greedy (squares " +
			"with no removable stick in common), ratio (intact squares / the most one stick is in), " +
			"none. The judge is poj1084.",
	})
	RegisterJudge(&Judge{
		Name:  "poj1084",
		Title: "POJ 1084 Square Destroyer: the fewest sticks to remove so no square is left",
		Run:   squares.Judge,
	})
}
