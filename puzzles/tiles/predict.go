package tiles

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"idaviz/predict"
)

// The sliding-tile puzzles' model of IDA*'s node counts (package predict):
// a node's class is its blank's cell and the move that reached it, and a
// heuristic's values are counted per blank cell. A Board offers the model to
// the catalogue (PredictionTree, ValueDistributions), which keeps the
// distributions.

// predictClasses is the number of classes per blank cell: no previous move,
// then one per move (U D L R).
const predictClasses = 5

// PredictionTree is the brute-force tree of the board's puzzle and the
// board's class in it (see BruteForceTree and RootClass).
func (b Board) PredictionTree() (*predict.Tree, int) {
	return BruteForceTree(b.size), b.RootClass()
}

// RootClass is the class of the board as a root: its blank's cell, with no
// previous move.
func (b Board) RootClass() int {
	for c, t := range b.Tiles() {
		if t == 0 {
			return c * predictClasses
		}
	}
	return 0
}

// BruteForceTree is the brute-force tree of the size×size puzzle under the
// engine's move rule: the blank moves U, D, L or R, never straight back
// (the inverse of move m is m^1). A class is cell*5 + previous move + 1, and
// its HClass the blank's cell.
func BruteForceTree(size int) *predict.Tree {
	n := size * size
	t := &predict.Tree{Children: make([][]int, n*predictClasses), HClass: make([]int, n*predictClasses)}
	for c := 0; c < n; c++ {
		r, col := c/size, c%size
		to := [4]int{-1, -1, -1, -1}
		if r > 0 {
			to[MoveUp] = c - size
		}
		if r < size-1 {
			to[MoveDown] = c + size
		}
		if col > 0 {
			to[MoveLeft] = c - 1
		}
		if col < size-1 {
			to[MoveRight] = c + 1
		}
		for prev := -1; prev < 4; prev++ {
			class := c*predictClasses + prev + 1
			t.HClass[class] = c
			for m, d := range to {
				if d >= 0 && (prev < 0 || m != prev^1) {
					t.Children[class] = append(t.Children[class], d*predictClasses+m+1)
				}
			}
		}
	}
	return t
}

// sampleSize is how many random boards a sampled distribution counts.
const sampleSize = 1 << 18

// ValueDistributions computes, for each blank cell, the distribution of a
// heuristic's values over the solvable boards of the board's size and goal.
// Manhattan distance and misplaced tiles are counted exactly up to 4x4
// (ExactDistributions); linear conflict, the 5x5 board and the pattern
// databases are sampled (SampleDistributions). It takes up to seconds: the
// catalogue keeps what it returns.
//
// A pattern database's distribution is the same for every blank cell (the
// tables ignore the blank): a sample pooled over the cells. The tables'
// exact distributions are known (PatternDistributions), but their
// convolution, which takes the patterns' values as independent, misses
// their correlation: its left tail is too thin, and at a bound where the
// mean is about 3·10^3 it predicts half the nodes the search generates,
// where the sample's prediction comes within 5% (TestPDBPrediction).
func (b Board) ValueDistributions(ctx context.Context, heuristic string) ([]predict.Distribution, error) {
	h, err := ParseHeuristic(heuristic)
	if err != nil {
		return nil, err
	}
	switch {
	case h.TwoEnded():
		// The model counts the nodes of the board's own search tree; a dual
		// search's nodes are pairs of boards.
		return nil, fmt.Errorf("%s searches from both ends: %w", h, predict.ErrNoModel)
	case h.IsPDB():
		if b.size != h.Side() {
			return nil, fmt.Errorf("%s is for the %d-puzzle: %w", h, h.Side()*h.Side()-1, predict.ErrNoModel)
		}
		per, err := SampleDistributions(ctx, b.size, b.goal, h, sampleSize, 1)
		if err != nil {
			return nil, err
		}
		return predict.SameForEveryClass(b.size*b.size, predict.Mix(per)), nil
	case (h == Manhattan || h == Misplaced) && b.size <= 4:
		return ExactDistributions(b.size, b.goal, h)
	}
	return SampleDistributions(ctx, b.size, b.goal, h, sampleSize, 1)
}

// goalCells returns where each tile (0 the blank) is in the goal.
func goalCells(size int, goal Goal) []int {
	t := tableFor(size, goal, 0)
	cells := make([]int, size*size)
	for tile := range cells {
		cells[tile] = int(t.goalCell[tile])
	}
	return cells
}

// ExactDistributions counts, for each blank cell, how many solvable boards
// have each value of a heuristic that is a sum over tiles of a cost of the
// tile's cell (Manhattan distance or misplaced tiles; not linear
// conflict). It places tiles 1, 2, ... in turn on the free cells, keeping
// per set of used cells the count of each partial sum and permutation
// parity, and keeps the half of the boards with the solvable parity.
//
// The 4x4 count takes seconds and depends on its arguments alone, so each
// is made once a process, by its first caller, and shared.
func ExactDistributions(size int, goal Goal, h Heuristic) ([]predict.Distribution, error) {
	v, _ := exactCounts.LoadOrStore(exactKey{size, goal, h}, &exactCount{})
	c := v.(*exactCount)
	c.once.Do(func() { c.dists, c.err = exactDistributions(size, goal, h) })
	return slices.Clone(c.dists), c.err
}

// exactCounts holds ExactDistributions' counts by their arguments.
var exactCounts sync.Map // exactKey → *exactCount

type exactKey struct {
	size int
	goal Goal
	h    Heuristic
}

type exactCount struct {
	once  sync.Once
	dists []predict.Distribution
	err   error
}

func exactDistributions(size int, goal Goal, h Heuristic) ([]predict.Distribution, error) {
	if h != Manhattan && h != Misplaced {
		return nil, fmt.Errorf("%s is not a sum over tiles", h)
	}
	if size < 3 || size > 4 {
		return nil, fmt.Errorf("the exact count is for 3x3 and 4x4, not %dx%d", size, size)
	}
	n := size * size
	gc := goalCells(size, goal)
	cost := func(tile, cell int) int {
		g := gc[tile]
		if h == Misplaced {
			if g == cell {
				return 0
			}
			return 1
		}
		return cellDist(size, g, cell)
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
	// parity of the board's permutation (see Board.Solvable).
	goalParity := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if gc[i] > gc[j] {
				goalParity ^= 1
			}
		}
	}
	width := 2 * (maxH + 1) // index h*2 + parity
	// Counts by set of used cells: one layer per tile placed, so only two
	// layers are alive at once. The tiles fill every cell but one, the
	// blank's: one pass counts the boards of every blank cell.
	layer := make([][]float64, 1<<n)
	next := make([][]float64, 1<<n)
	layer[0] = make([]float64, width)
	layer[0][0] = 1
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
	out := make([]predict.Distribution, n)
	for blank := range out {
		full := layer[(1<<n-1)&^(1<<blank)]
		r, col, g := blank/size, blank%size, gc[0]
		want := (abs(r-g/size) + abs(col-g%size)) & 1 // the solvable parity
		// The blank, tile 0, is an inversion with each tile on a cell
		// before it: blank of them.
		want ^= goalParity ^ blank&1
		hist := make([]float64, maxH+1)
		for v := range hist {
			hist[v] = full[2*v+want]
		}
		d, err := predict.FromCounts(hist)
		if err != nil {
			return nil, err
		}
		out[blank] = d
	}
	return out, nil
}

// SampleDistributions estimates, for each blank cell, the distribution of
// a heuristic from n boards drawn uniformly at random from the solvable
// ones (RandomBoard's; seeded, so the same n gives the same estimate). One
// domain is reset to each board, so a board costs its heuristic and no
// allocation.
func SampleDistributions(ctx context.Context, size int, goal Goal, h Heuristic, n int, seed uint64) ([]predict.Distribution, error) {
	g, err := GoalBoard(size, goal)
	if err != nil {
		return nil, err
	}
	dom, err := g.BuildDomain(ctx, h.String(), nil)
	if err != nil {
		return nil, err
	}
	d := dom.(*Domain)
	goalParity := permParity(&g.tiles, size*size)
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	cells := size * size
	hist := make([][]float64, cells)
	for i := 0; i < n; i++ {
		if i&0xfff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		randomSolvable(rng, &d.tiles, size, goal, goalParity)
		d.reset()
		v := d.H()
		for len(hist[d.blank]) <= v {
			hist[d.blank] = append(hist[d.blank], 0)
		}
		hist[d.blank][v]++
	}
	out := make([]predict.Distribution, cells)
	for c := range out {
		d, err := predict.FromCounts(hist[c])
		if err != nil {
			return nil, fmt.Errorf("no sample with the blank on cell %d: %w", c, err)
		}
		out[c] = d
	}
	return out, nil
}

// RandomBoard draws a board uniformly at random from the solvable ones: a
// random permutation, with two tiles other than the blank swapped when it
// has the wrong parity, which pairs the two halves one to one.
func RandomBoard(rng *rand.Rand, size int, goal Goal) (Board, error) {
	g, err := GoalBoard(size, goal)
	if err != nil {
		return Board{}, err
	}
	b := Board{size: size, goal: goal}
	randomSolvable(rng, &b.tiles, size, goal, permParity(&g.tiles, size*size))
	return b, nil
}

// randomSolvable is RandomBoard into t, given the parity of the goal's
// arrangement. The permutation is rng.Perm's, so a seed draws the same
// boards as it always has, and its parity is the number of swaps that
// made it (see Board.Solvable for the rule).
func randomSolvable(rng *rand.Rand, t *cells, size int, goal Goal, goalParity int) {
	n := size * size
	for i := range n {
		t[i] = uint8(i)
	}
	parity := goalParity
	rng.Shuffle(n, func(i, j int) {
		if i != j {
			t[i], t[j] = t[j], t[i]
			parity ^= 1
		}
	})
	blank := 0
	for t[blank] != 0 {
		blank++
	}
	g := int(tableFor(size, goal, 0).goalCell[0])
	if parity == cellDist(size, blank, g)&1 {
		return
	}
	i, j := 0, 1
	if t[i] == 0 {
		i = 2
	} else if t[j] == 0 {
		j = 2
	}
	t[i], t[j] = t[j], t[i]
}

// permParity is the parity of the arrangement t of n cells as a
// permutation: n minus its number of cycles, mod 2.
func permParity(t *cells, n int) int {
	var seen [slots]bool
	cycles := 0
	for c := 0; c < n; c++ {
		if seen[c] {
			continue
		}
		cycles++
		for x := c; !seen[x]; x = int(t[x]) {
			seen[x] = true
		}
	}
	return (n - cycles) & 1
}
