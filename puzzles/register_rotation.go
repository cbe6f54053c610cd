package puzzles

import (
	"math/rand/v2"

	"idaviz/engine"
	"idaviz/puzzles/rotation"
)

func init() {
	Register(&Puzzle{
		Name:       "rotation",
		Title:      "The rotation game (UVa 1343: # board, moves A..H)",
		Heuristics: rotation.Heuristics,
		Goals:      rotation.Goals,
		Parse: func(state, goal string) (Instance, error) {
			b, err := rotation.ParseBoard(state)
			if err != nil {
				return nil, err
			}
			if _, err := rotation.NewDomain(b, "", goal); err != nil {
				return nil, err
			}
			return rotationInstance{b, goal}, nil
		},
		Scramble: func(rng *rand.Rand, depth int, goal string) Instance {
			return rotationInstance{rotation.Scramble(rng, depth, goal), goal}
		},
		Presets:  rotation.Presets,
		Renderer: "rotation",
		Script: &ScriptStates{
			Doc: "state: a tuple of the 24 cells' numbers (1 to 3) in the numbering below; " +
				"globals: centre, the tuple of the 8 centre cells (6, 7, 8, 11, 12, 15, 16, 17), and target, " +
				"the number the centre must hold (0 for any of them, the default goal). One move costs 1.",
			Bind: func(inst Instance) (func([]byte) any, map[string]any) {
				target := 0
				if g := inst.(rotationInstance).goal; g != "" && g != "any" {
					target = int(g[0] - '0')
				}
				return scriptTuple, map[string]any{"centre": []int{6, 7, 8, 11, 12, 15, 16, 17}, "target": target}
			},
		},
		Help: `The # board's 24 cells, numbered top to bottom, left to right, as digits
1..3 (eight of each), separated or not by spaces, commas or slashes, e.g. the
judge's first sample row by row: 11/11/3232313/22/3122231/21/33
      0     1
      2     3
4  5  6  7  8  9  10
      11    12
13 14 15 16 17 18 19
      20    21
      22    23
Moves A..H shift a line of 7 cells one step towards the move's end:
A = column 0 2 6 11 15 20 22 upwards, B = column 1 3 8 12 17 21 23 upwards,
C = row 4..10 rightwards, D = row 13..19 rightwards; F, E, H, G reverse them.
Goal: the 8 centre cells (6 7 8 11 12 15 16 17) hold one number: any (the
judge's goal), or --goal 1, 2 or 3. The answer is the lexicographically
smallest of the shortest move sequences, as the judge (uva1343) wants.`,
	})
	RegisterJudge(&Judge{
		Name:  "uva1343",
		Title: "UVa 1343 The Rotation Game: fewest moves, then smallest string",
		Run:   rotation.Judge,
	})
}

type rotationInstance struct {
	b    rotation.Board
	goal string
}

func (i rotationInstance) String() string { return i.b.String() }

func (i rotationInstance) Domain(heuristic string) (engine.Domain, error) {
	return rotation.NewDomain(i.b, heuristic, i.goal)
}
