package puzzles

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"idaviz/puzzles/tiles"
)

// The sliding-tile puzzles: 8 (3x3), 15 (4x4) and 24 (5x5), and the judge
// problems UVa 10181 (15-puzzle) and HDU 1043 (8-puzzle).
func init() {
	for _, size := range []int{3, 4, 5} {
		Register(tilesPuzzle(size))
	}
	RegisterJudge(&Judge{Name: "uva10181", Title: "UVa 10181: 15-Puzzle Problem", Run: tiles.JudgeUVa10181})
	RegisterJudge(&Judge{Name: "hdu1043", Title: "HDU 1043: Eight", Run: tiles.JudgeHDU1043})
}

func tilesPuzzle(size int) *Puzzle {
	n := size * size
	p := &Puzzle{
		Name:       fmt.Sprintf("%dpuzzle", n-1),
		Title:      fmt.Sprintf("%d-puzzle (%dx%d sliding tiles)", n-1, size, size),
		Heuristics: tiles.Heuristics,
		Goals:      tiles.Goals,
		Parse: func(state, goal string) (Instance, error) {
			g, err := tiles.ParseGoal(goal)
			if err != nil {
				return nil, err
			}
			b, err := tiles.Parse(state, size, g)
			if err != nil {
				return nil, err
			}
			return b, nil
		},
		Order: func(order string) (func(Instance) Instance, error) {
			o, err := tiles.ParseOrder(order)
			if err != nil {
				return nil, err
			}
			return func(inst Instance) Instance {
				if b, ok := inst.(tiles.Board); ok {
					return b.WithOrder(o)
				}
				return inst
			}, nil
		},
		Scramble: func(rng *rand.Rand, depth int, goal string) Instance {
			g, err := tiles.ParseGoal(goal)
			if err != nil {
				g = tiles.BlankLast // Scramble cannot fail: an unknown goal means the default
			}
			b, err := tiles.Scramble(rng, size, depth, g)
			if err != nil {
				b, _ = tiles.GoalBoard(size, tiles.BlankLast)
			}
			return b
		},
		Renderer: "tiles",
		Script:   tilesScript,
		Help: fmt.Sprintf("A %dx%d board: %d numbers row by row, 0 for the blank, separated by spaces, commas "+
			"or line breaks, e.g. %q. Moves are the blank's: U D L R. Goals: blank-last (1 2 ... %d then the "+
			"blank, the default) or blank-first (the blank, then 1 ... %d; Korf's instances use it).",
			size, size, n, exampleState(size), n-1, n-1),
	}
	switch size {
	case 3:
		p.Presets = eightPresets
		p.Layer = eightLayer
	case 4:
		p.Presets = korfPresets()
		p.Sets = []InstanceSet{{Name: "korf100", Title: "Korf's 100 random 15-puzzle instances", Goal: "blank-first", Presets: p.Presets}}
		// The pattern databases come after the default: the first run of
		// one builds its tables (pdb78's take minutes).
		p.Heuristics = append(slices.Clip(tiles.Heuristics), tiles.PDBHeuristics...)
		p.Databases = &Databases{Heuristics: tiles.PDBHeuristics, Tables: tiles.StoredTables,
			Large: []string{"pdb78", "pdb78r", "pdb78d", "pdb78ds"}}
		p.Help += " Pattern database heuristics (built on first use and cached; see 'viz pdb build 15puzzle'): " +
			"pdb555, pdb663, pdb78 (disjoint additive, Korf and Felner), pdb78r and pdb663r (pdb78 and pdb663 " +
			"and their reflections about the main diagonal, the larger), pdb78d and pdb555d (the largest of " +
			"those lookups and their duals, an inconsistent heuristic searched with BPMX), and pdb78ds (pdb78d's " +
			"lookups in a dual search, which grows the path at the start's end or the goal's: moves gU, gD, gL, gR " +
			"are the goal end's)."
	case 5:
		p.Presets = twentyFourPresets
		// Korf's 50 are a set, not presets: the default heuristic would
		// search for days.
		p.Sets = []InstanceSet{{Name: "korf50", Title: "Korf's 50 random 24-puzzle instances", Goal: "blank-first", Presets: korf50Presets()}}
		p.Heuristics = append(slices.Clip(tiles.Heuristics), tiles.PDBHeuristics24...)
		p.Databases = &Databases{Heuristics: tiles.PDBHeuristics24, Tables: tiles.StoredTables, Large: []string{"pdb6666"}}
		p.Help += " Pattern database heuristic (built on first use and cached, minutes; see 'viz pdb build 24puzzle'): " +
			"pdb6666, Korf and Felner's four disjoint 6-tile patterns and their reflections about the main " +
			"diagonal, the larger."
	}
	return p
}

// eightLayer lists the 8-puzzle's boards at a distance from the goal, from
// the exhaustive breadth-first search.
func eightLayer(goal string, depth int) ([]Instance, int, error) {
	g, err := tiles.ParseGoal(goal)
	if err != nil {
		return nil, 0, err
	}
	layers := tiles.Layers8(g)
	if depth < 0 || depth >= len(layers) {
		return nil, len(layers) - 1, nil
	}
	out := make([]Instance, len(layers[depth]))
	for i, b := range layers[depth] {
		out[i] = b
	}
	return out, len(layers) - 1, nil
}

func exampleState(size int) string {
	b, err := tiles.GoalBoard(size, tiles.BlankLast)
	if err != nil {
		return ""
	}
	return b.String()
}

// eightPresets are for the default, blank-last goal; their optimal lengths
// are checked by breadth-first search in the tests.
var eightPresets = []Preset{
	{Name: "Warm-up", State: "1 2 3, 4 0 6, 7 5 8", Optimal: 2},
	{Name: "Textbook (Russell & Norvig)", State: "7 2 4, 5 0 6, 8 3 1", Optimal: 20},
	{Name: "HDU 1043 sample", State: "2 3 4, 1 5 0, 7 6 8", Optimal: 19},
	{Name: "Hardest (31 moves)", State: "8 6 7, 2 5 4, 3 0 1", Optimal: 31},
	{Name: "Hardest too (31 moves)", State: "6 4 7, 8 5 0, 3 2 1", Optimal: 31},
}

// twentyFourPresets are shallow 24-puzzle boards (blank-last) that linear
// conflict solves in moments; their optimal lengths are checked by the tests.
var twentyFourPresets = []Preset{
	{Name: "Warm-up", State: "1 2 3 4 5, 6 7 8 9 10, 11 12 13 14 15, 16 17 18 19 20, 21 22 0 23 24", Optimal: 2},
	{Name: "Scrambled (20 moves)", State: "1 2 3 14 5, 6 7 8 13 9, 11 12 4 19 10, 16 17 18 0 24, 21 22 23 20 15", Optimal: 20},
	{Name: "Scrambled (30 moves)", State: "3 8 17 4 5, 1 0 6 9 10, 2 11 12 13 15, 7 16 18 14 20, 21 22 23 19 24", Optimal: 30},
	{Name: "Scrambled (38 moves)", State: "6 1 10 3 5, 12 2 8 7 13, 11 9 0 4 15, 16 17 23 14 19, 21 22 24 18 20", Optimal: 38},
	{Name: "Scrambled (44 moves)", State: "1 2 3 9 4, 6 7 19 13 15, 11 21 0 12 8, 16 18 23 14 5, 22 17 10 20 24", Optimal: 44},
	{Name: "Scrambled (52 moves)", State: "3 5 14 4 10, 1 0 2 9 15, 6 7 18 22 13, 16 8 17 24 19, 11 12 21 23 20", Optimal: 52},
}

// korfPresets are Korf's 100 instances, posed for the blank-first goal:
// under the default, blank-last one they are all unsolvable.
func korfPresets() []Preset {
	ks, err := tiles.Korf()
	if err != nil {
		return nil // the embedded file is checked by the tests
	}
	ps := make([]Preset, len(ks))
	for i, k := range ks {
		ps[i] = Preset{Name: fmt.Sprintf("Korf #%d", k.Number), State: k.Board.String(), Optimal: k.Optimal, Goal: "blank-first"}
	}
	return ps
}

// korf50Presets are Korf's 50 instances of the 24-puzzle, posed for the
// blank-first goal.
func korf50Presets() []Preset {
	ks, err := tiles.Korf50()
	if err != nil {
		return nil // the embedded file is checked by the tests
	}
	ps := make([]Preset, len(ks))
	for i, k := range ks {
		ps[i] = Preset{Name: fmt.Sprintf("Korf #%d", k.Number), State: k.Board.String(), Optimal: k.Optimal, Goal: "blank-first"}
	}
	return ps
}

// tilesScript gives a heuristic written in Starlark the board as a tuple of
// size*size ints, row by row, 0 for the blank, with the goal board in the
// same shape and the side's size.
var tilesScript = &ScriptStates{
	Doc: "state: a tuple of size*size ints, row by row, 0 for the blank, e.g. (1, 2, 3, 4, 0, 6, 7, 5, 8); " +
		"globals: goal (the goal board in the same shape: (1, 2, ..., 8, 0) for blank-last) and size (3, 4 or 5). " +
		"The tile at index i sits in row i // size, column i % size.",
	Bind: func(inst Instance) (func([]byte) any, map[string]any) {
		b := inst.(tiles.Board)
		g, err := tiles.GoalBoard(b.Size(), b.GoalKind())
		if err != nil {
			panic(err) // a board's own size and goal make a goal board
		}
		return scriptTuple, map[string]any{"goal": g.Tiles(), "size": b.Size()}
	},
}
