package tiles

import "sync"

// rank8 is the Lehmer rank of a 3x3 arrangement: 0..9!-1.
func rank8(t *cells) int {
	r := 0
	for i := 0; i < 9; i++ {
		smaller := 0
		for j := i + 1; j < 9; j++ {
			if t[j] < t[i] {
				smaller++
			}
		}
		r = r*(9-i) + smaller
	}
	return r
}

var layers8 [2]struct {
	once   sync.Once
	layers [][]Board
}

// Layers8 is the exhaustive breadth-first search of the 8-puzzle from a
// goal: layer i holds every board at distance i from it, the 181,440
// solvable boards in all (31 is the deepest layer). It is computed once
// per goal and shared: callers must not change it.
func Layers8(goal Goal) [][]Board {
	l := &layers8[goal&1]
	l.once.Do(func() { l.layers = bfs8Layers(goal) })
	return l.layers
}

func bfs8Layers(goal Goal) [][]Board {
	t := tableFor(3, goal, 0)
	seen := make([]bool, 362880)
	seen[rank8(&t.goalTiles)] = true
	layers := [][]Board{{{size: 3, goal: goal, tiles: t.goalTiles}}}
	for {
		var next []Board
		for _, b := range layers[len(layers)-1] {
			blank := 0
			for c := 0; c < 9; c++ {
				if b.tiles[c] == 0 {
					blank = c
				}
			}
			for m := 0; m < numMoves; m++ {
				to := t.to[blank][m]
				if to < 0 {
					continue
				}
				n := b
				n.tiles[blank], n.tiles[to] = n.tiles[to], 0
				if r := rank8(&n.tiles); !seen[r] {
					seen[r] = true
					next = append(next, n)
				}
			}
		}
		if len(next) == 0 {
			return layers
		}
		layers = append(layers, next)
	}
}
