package predict

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"

	"idaviz/puzzles/tiles"
)

// ErrNoModel is returned for a puzzle or heuristic with no prediction.
var ErrNoModel = errors.New("no prediction for this puzzle and heuristic")

// Predictor predicts the node counts of each iteration of one instance.
type Predictor func(bound int) Counts

// For returns the predictor of a catalogue instance (a puzzles.Instance)
// searched with a heuristic, or an error wrapping ErrNoModel when there is
// none (only the tiles have one). It takes any value so that the catalogue
// can import this package to register distributions (RegisterTiles).
func For(inst any, heuristic string) (Predictor, error) {
	b, ok := inst.(tiles.Board)
	if !ok {
		return nil, fmt.Errorf("predict: %w", ErrNoModel)
	}
	m, err := Tiles(b.Size(), b.GoalKind(), heuristic)
	if err != nil {
		return nil, err
	}
	start := TilesClass(b)
	return func(bound int) Counts { return m.Iteration(start, bound) }, nil
}

// Random is the distribution of a heuristic's values over random states of
// an instance's puzzle (for the tiles: with the blank anywhere), or an
// error wrapping ErrNoModel.
func Random(inst any, heuristic string) (Distribution, error) {
	b, ok := inst.(tiles.Board)
	if !ok {
		return Distribution{}, fmt.Errorf("predict: %w", ErrNoModel)
	}
	m, err := Tiles(b.Size(), b.GoalKind(), heuristic)
	if err != nil {
		return Distribution{}, err
	}
	return Mix(m.P), nil
}

// TilesClass is the class of a board as a root: its blank's cell, with no
// previous move.
func TilesClass(b tiles.Board) int {
	for c, t := range b.Tiles() {
		if t == 0 {
			return c * tileClasses
		}
	}
	return 0
}

// tileClasses is the number of classes per blank cell: no previous move,
// then one per move (U D L R).
const tileClasses = 5

// TilesTree is the brute-force tree of the size×size puzzle under the
// engine's move rule: the blank moves U, D, L or R, never straight back
// (the inverse of move m is m^1). A class is cell*5 + previous move + 1.
func TilesTree(size int) *Tree {
	n := size * size
	t := &Tree{Children: make([][]int, n*tileClasses), HClass: make([]int, n*tileClasses)}
	for c := 0; c < n; c++ {
		r, col := c/size, c%size
		to := [4]int{-1, -1, -1, -1}
		if r > 0 {
			to[tiles.MoveUp] = c - size
		}
		if r < size-1 {
			to[tiles.MoveDown] = c + size
		}
		if col > 0 {
			to[tiles.MoveLeft] = c - 1
		}
		if col < size-1 {
			to[tiles.MoveRight] = c + 1
		}
		for prev := -1; prev < 4; prev++ {
			class := c*tileClasses + prev + 1
			t.HClass[class] = c
			for m, d := range to {
				if d >= 0 && (prev < 0 || m != prev^1) {
					t.Children[class] = append(t.Children[class], d*tileClasses+m+1)
				}
			}
		}
	}
	return t
}

// TileDistributions returns, for each blank cell, the distribution of a
// heuristic's values over the solvable boards with the blank there.
type TileDistributions func(size int, goal tiles.Goal) ([]Distribution, error)

var (
	tilesMu     sync.Mutex
	tileSources = map[string]TileDistributions{}
	tileModels  = map[tileKey]*Model{}
)

type tileKey struct {
	size      int
	goal      tiles.Goal
	heuristic string
}

// RegisterTiles adds the value distributions of a tile heuristic, such as
// one read from pattern databases; a heuristic whose values do not depend
// on the blank's cell returns the same distribution for every cell (see
// SameForEveryCell).
func RegisterTiles(heuristic string, f TileDistributions) {
	tilesMu.Lock()
	defer tilesMu.Unlock()
	tileSources[heuristic] = f
}

// SameForEveryCell makes the per-cell distributions of a heuristic whose
// values ignore the blank, from one distribution.
func SameForEveryCell(size int, d Distribution) []Distribution {
	out := make([]Distribution, size*size)
	for i := range out {
		out[i] = d
	}
	return out
}

func init() {
	RegisterTiles("manhattan", tilesExactOrSampled(tiles.Manhattan))
	RegisterTiles("misplaced", tilesExactOrSampled(tiles.Misplaced))
	RegisterTiles("linear-conflict", func(size int, goal tiles.Goal) ([]Distribution, error) {
		return SampleTiles(size, goal, tiles.LinearConflict, sampleSize, 1)
	})
}

// sampleSize is how many random boards a sampled distribution counts.
const sampleSize = 1 << 18

// tilesExactOrSampled counts the distribution exactly up to 4x4 (see
// ExactTiles) and samples it on 5x5, where the count would need 2^24 sets.
func tilesExactOrSampled(h tiles.Heuristic) TileDistributions {
	return func(size int, goal tiles.Goal) ([]Distribution, error) {
		if size <= 4 {
			return ExactTiles(size, goal, h)
		}
		return SampleTiles(size, goal, h, sampleSize, 1)
	}
}

// Tiles returns the model of a tile puzzle searched with a heuristic,
// computed once per process.
func Tiles(size int, goal tiles.Goal, heuristic string) (*Model, error) {
	key := tileKey{size, goal, heuristic}
	tilesMu.Lock()
	defer tilesMu.Unlock()
	if m, ok := tileModels[key]; ok {
		return m, nil
	}
	src, ok := tileSources[heuristic]
	if !ok {
		return nil, fmt.Errorf("predict: the %dx%d puzzle with %s: %w", size, size, heuristic, ErrNoModel)
	}
	ps, err := src(size, goal)
	if err != nil {
		return nil, fmt.Errorf("predict: the distribution of %s: %w", heuristic, err)
	}
	if len(ps) != size*size {
		return nil, fmt.Errorf("predict: %s gave %d distributions for %d cells", heuristic, len(ps), size*size)
	}
	m := &Model{Tree: TilesTree(size), P: ps}
	tileModels[key] = m
	return m, nil
}

// goalCells returns where each tile (0 the blank) is in the goal.
func goalCells(size int, goal tiles.Goal) []int {
	g, _ := tiles.GoalBoard(size, goal)
	cells := make([]int, size*size)
	for c, t := range g.Tiles() {
		cells[t] = c
	}
	return cells
}

// ExactTiles counts, for each blank cell, how many solvable boards have
// each value of a heuristic that is a sum over tiles of a cost of the
// tile's cell (Manhattan distance or misplaced tiles; not linear
// conflict). It places tiles 1, 2, ... in turn on the free cells, keeping
// per set of used cells the count of each partial sum and permutation
// parity, and keeps the half of the boards with the solvable parity.
func ExactTiles(size int, goal tiles.Goal, h tiles.Heuristic) ([]Distribution, error) {
	if h != tiles.Manhattan && h != tiles.Misplaced {
		return nil, fmt.Errorf("%s is not a sum over tiles", h)
	}
	n := size * size
	if n > 16 {
		return nil, fmt.Errorf("the exact count goes up to 4x4, not %dx%d", size, size)
	}
	gc := goalCells(size, goal)
	cost := func(tile, cell int) int {
		g := gc[tile]
		if h == tiles.Misplaced {
			if g == cell {
				return 0
			}
			return 1
		}
		return abs(g/size-cell/size) + abs(g%size-cell%size)
	}
	maxH := 0
	for t := 1; t < n; t++ {
		worst := 0
		for c := 0; c < n; c++ {
			worst = max(worst, cost(t, c))
		}
		maxH += worst
	}
	// The goal's own parity, as a map from tiles to cells, enters the
	// parity of the board's permutation (see tiles.Board.Solvable).
	goalParity := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if gc[i] > gc[j] {
				goalParity ^= 1
			}
		}
	}
	width := 2 * (maxH + 1) // index h*2 + parity
	out := make([]Distribution, n)
	for blank := 0; blank < n; blank++ {
		// Counts by set of used cells: one layer per tile placed, so only
		// two layers are alive at once.
		layer := make([][]float64, 1<<n)
		next := make([][]float64, 1<<n)
		layer[1<<blank] = make([]float64, width)
		layer[1<<blank][0] = 1
		for t := 1; t < n; t++ {
			for mask, counts := range layer {
				if counts == nil {
					continue
				}
				for c := 0; c < n; c++ {
					if mask&(1<<c) != 0 {
						continue
					}
					k := cost(t, c)
					// Tiles placed before t on cells after c are inversions.
					flip := bits.OnesCount32(uint32(mask)>>(c+1)) & 1
					dst := next[mask|1<<c]
					if dst == nil {
						dst = make([]float64, width)
						next[mask|1<<c] = dst
					}
					for i, v := range counts {
						if v != 0 {
							dst[(i+2*k)^flip] += v
						}
					}
				}
				layer[mask] = nil
			}
			layer, next = next, layer
		}
		full := layer[1<<n-1]
		r, col, g := blank/size, blank%size, gc[0]
		want := (abs(r-g/size) + abs(col-g%size)) & 1 // the solvable parity
		hist := make([]float64, maxH+1)
		for v := range hist {
			hist[v] = full[2*v+(want^goalParity)]
		}
		d, err := FromCounts(hist)
		if err != nil {
			return nil, err
		}
		out[blank] = d
	}
	return out, nil
}

// SampleTiles estimates, for each blank cell, the distribution of a
// heuristic from n boards drawn uniformly at random from the solvable ones
// (seeded, so the same n gives the same estimate).
func SampleTiles(size int, goal tiles.Goal, h tiles.Heuristic, n int, seed uint64) ([]Distribution, error) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	cells := size * size
	hist := make([][]float64, cells)
	for i := 0; i < n; i++ {
		b, err := RandomTiles(rng, size, goal)
		if err != nil {
			return nil, err
		}
		d, err := b.Domain(h.String())
		if err != nil {
			return nil, err
		}
		blank := TilesClass(b) / tileClasses
		v := d.H()
		for len(hist[blank]) <= v {
			hist[blank] = append(hist[blank], 0)
		}
		hist[blank][v]++
	}
	out := make([]Distribution, cells)
	for c := range out {
		d, err := FromCounts(hist[c])
		if err != nil {
			return nil, fmt.Errorf("no sample with the blank on cell %d: %w", c, err)
		}
		out[c] = d
	}
	return out, nil
}

// RandomTiles draws a board uniformly at random from the solvable ones:
// a random permutation, with two tiles other than the blank swapped when it
// has the wrong parity, which pairs the two halves one to one.
func RandomTiles(rng *rand.Rand, size int, goal tiles.Goal) (tiles.Board, error) {
	perm := rng.Perm(size * size)
	b, err := tiles.NewBoard(size, perm, goal)
	if err != nil || b.Solvable() {
		return b, err
	}
	i, j := 0, 1
	if perm[i] == 0 {
		i = 2
	} else if perm[j] == 0 {
		j = 2
	}
	perm[i], perm[j] = perm[j], perm[i]
	return tiles.NewBoard(size, perm, goal)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
