package puzzles

import (
	"fmt"
	"math/rand/v2"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/magiccube"
)

func init() {
	Register(&Puzzle{
		Name:       "magiccube",
		Title:      "Magic cube (ZOJ 2477: 3x3x3, quarter turns)",
		Heuristics: magiccube.Heuristics,
		Parse: func(state, goal string) (Instance, error) {
			if goal != "" {
				return nil, fmt.Errorf("magiccube has one goal (every face one colour), not %s", quote.Short(goal))
			}
			n, err := magiccube.ParseNet(state)
			if err != nil {
				return nil, err
			}
			if err := n.Reachable(); err != nil {
				return nil, err
			}
			return magicInstance{n}, nil
		},
		Scramble: func(rng *rand.Rand, depth int, _ string) Instance {
			n, _ := magiccube.ParseNet(magiccube.SolvedText)
			prev := engine.NoMove
			for range depth {
				m := rng.IntN(magiccube.NumMoves)
				for prev != engine.NoMove && m == prev^1 {
					m = rng.IntN(magiccube.NumMoves)
				}
				n.Apply(m)
				prev = m
			}
			return magicInstance{n}
		},
		Presets:  magiccube.Presets,
		Renderer: "magiccube",
		Help: `A cube net of 54 colour letters in the judge's reading order: the top face
(3 rows of 3), the middle band (3 rows of 12: left, front, right, back), the
bottom face (3 rows of 3). Letters may be separated by spaces, commas or
slashes, e.g. the solved cube:
  www/www/www/rrrgggbbbooo/rrrgggbbbooo/rrrgggbbbooo/yyy/yyy/yyy
Colours are any letters (case matters); the six centres must differ, each
colour must be on 9 stickers, and the cube must be one that turns can solve.
Moves: L F R B U D turn a face clockwise as seen from outside, L' ... D'
counter-clockwise (the judge writes them "face dir": 0..5 = L F R B U D,
dir 1 or -1). The judge (zoj2477) allows at most 5 turns.`,
	})
	RegisterJudge(&Judge{
		Name:  "zoj2477",
		Title: "ZOJ 2477 Magic Cube: the fewest quarter turns, at most 5",
		Run:   magiccube.Judge,
	})
}

type magicInstance struct{ n magiccube.Net }

func (i magicInstance) String() string { return i.n.String() }

func (i magicInstance) Domain(heuristic string) (engine.Domain, error) {
	return magiccube.NewDomain(i.n, heuristic)
}
