// Package squares is POJ 1084 (UVa 1603), Square Destroyer: an n x n grid of
// matchsticks (n <= 5), some already missing; remove the fewest further
// sticks so that no square of any size is left.
//
// Sticks are numbered as the judge numbers them, 1-based, row by row: row i
// (0-based) first has its n horizontal sticks, (2n+1)i + j for j = 1..n, then
// its n+1 vertical sticks, (2n+1)i + n + j for j = 1..n+1; the bottom row of
// horizontal sticks comes last. 2n(n+1) <= 60 sticks fit in a uint64 (bit
// s-1 for stick s) and every square is a mask of its 4*size sticks, so a
// square is intact when mask&present == mask.
//
// The search removes sticks. The move rule has two parts:
//
//   - Branch on one square: only the sticks of the first intact square (the
//     smallest, then top to bottom, left to right) are offered. Some stick of
//     it must go, so nothing is lost, and the branching factor is 4 for most
//     of the search instead of up to 60.
//   - Sets, not sequences: when the first intact square's sticks are tried
//     in order s1, s2, ..., the child that removes s_i may never remove s_1
//     .. s_(i-1): every solution using one of those was already offered in an
//     earlier sibling. Such sticks are "kept" for the whole subtree, so each
//     set of sticks is searched once instead of in many orders.
//
// Heuristics:
//
//   - "greedy": walk the intact squares in order; take one, count 1, and
//     remove all its removable sticks from a scratch copy, so no square that
//     shares a removable stick with it counts again. The counted squares
//     need pairwise different sticks, one removal each: a lower bound. A
//     square whose sticks are all kept can never go: the value is then
//     "infinite" (DeadEnd).
//   - "ratio": ceil(intact squares / the most intact squares one removable
//     stick is in). Removing a stick destroys at most that many, and the
//     most only shrinks as sticks go.
//   - "none": 0, plain iterative deepening, for comparison.
package squares

import (
	"fmt"
	"idaviz/puzzles/preset"
	"math/bits"
	"strconv"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
)

// MaxN is the largest grid the judge allows.
const MaxN = 5

// DeadEnd is the heuristic value of a state that can never reach a goal: an
// intact square all of whose sticks the move rule keeps.
const DeadEnd = 1000

// The heuristics, the strongest first.
const (
	Greedy = "greedy"
	Ratio  = "ratio"
	None   = "none"
)

// Heuristics lists the heuristic names, the strongest (the default) first.
var Heuristics = []string{Greedy, Ratio, None}

// NumSticks is the number of sticks of an n x n grid: 2n(n+1).
func NumSticks(n int) int { return 2 * n * (n + 1) }

// Square is one square of the grid: its size and its top-left corner.
type Square struct {
	Size int `json:"size"`
	Row  int `json:"row"`
	Col  int `json:"col"`
}

// geometry holds, per grid size, the squares in search order and their
// stick masks.
type geometry struct {
	n       int
	sticks  int
	all     uint64 // every stick
	squares []Square
	masks   []uint64
}

// HStick and VStick number sticks 1-based as the judge does: the horizontal
// stick in row i (0..n) and column j (0..n-1), the vertical stick in row i
// (0..n-1) on line j (0..n).
func HStick(n, i, j int) int { return (2*n+1)*i + j + 1 }
func VStick(n, i, j int) int { return (2*n+1)*i + n + j + 1 }

var geometries = func() [MaxN + 1]*geometry {
	var gs [MaxN + 1]*geometry
	for n := 1; n <= MaxN; n++ {
		g := &geometry{n: n, sticks: NumSticks(n)}
		g.all = 1<<g.sticks - 1
		for size := 1; size <= n; size++ {
			for r := 0; r+size <= n; r++ {
				for c := 0; c+size <= n; c++ {
					var m uint64
					for t := 0; t < size; t++ {
						m |= 1 << (HStick(n, r, c+t) - 1)
						m |= 1 << (HStick(n, r+size, c+t) - 1)
						m |= 1 << (VStick(n, r+t, c) - 1)
						m |= 1 << (VStick(n, r+t, c+size) - 1)
					}
					g.squares = append(g.squares, Square{size, r, c})
					g.masks = append(g.masks, m)
				}
			}
		}
		gs[n] = g
	}
	return gs
}()

// Grid is a valid start state: the grid size and the sticks missing from it.
type Grid struct {
	n       int
	missing uint64
}

// New makes an n x n grid (1 <= n <= MaxN) missing the given sticks
// (1-based, each once): the one validation of a grid, for the judge and for
// viz solve alike.
func New(n int, missing []int) (*Grid, error) {
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("squares: the grid size must be 1 to %d, got %d", MaxN, n)
	}
	g := &Grid{n: n}
	total := NumSticks(n)
	for i, s := range missing {
		if s < 1 || s > total {
			return nil, fmt.Errorf("squares: missing stick %d (number %d in the list) is out of range 1..%d for a %dx%d grid", s, i+1, total, n, n)
		}
		bit := uint64(1) << (s - 1)
		if g.missing&bit != 0 {
			return nil, fmt.Errorf("squares: missing stick %d is listed twice", s)
		}
		g.missing |= bit
	}
	return g, nil
}

// N is the grid size.
func (g *Grid) N() int { return g.n }

// Missing lists the missing sticks, ascending, 1-based.
func (g *Grid) Missing() []int { return sticksOf(g.missing) }

func sticksOf(m uint64) []int {
	out := []int{}
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m)+1)
	}
	return out
}

// String is the friendly format: "n" for a full grid, else "n: s1 s2 ...".
func (g *Grid) String() string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(g.n))
	for i, s := range g.Missing() {
		if i == 0 {
			sb.WriteByte(':')
		}
		sb.WriteByte(' ')
		sb.WriteString(strconv.Itoa(s))
	}
	return sb.String()
}

// Parse reads the friendly format: the grid size, then optionally a colon and
// the missing sticks separated by spaces or commas: "5" (a full 5x5 grid) or
// "3: 12 17 23".
func Parse(state string) (*Grid, error) {
	head, rest, _ := strings.Cut(state, ":")
	head = strings.TrimSpace(head)
	if head == "" {
		return nil, fmt.Errorf("squares: no grid size; write \"n\" or \"n: missing sticks\", e.g. \"3: 12 17 23\"")
	}
	n, err := strconv.Atoi(head)
	if err != nil {
		return nil, fmt.Errorf("squares: grid size %s is not a number; write \"n\" or \"n: missing sticks\", e.g. \"3: 12 17 23\"", quote.Short(head))
	}
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("squares: the grid size must be 1 to %d, got %d", MaxN, n)
	}
	fields := strings.FieldsFunc(rest, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	if len(fields) > NumSticks(n) {
		return nil, fmt.Errorf("squares: %d missing sticks listed, but a %dx%d grid has only %d", len(fields), n, n, NumSticks(n))
	}
	missing := make([]int, len(fields))
	for i, f := range fields {
		if missing[i], err = strconv.Atoi(f); err != nil {
			return nil, fmt.Errorf("squares: missing stick %d: %s is not a number", i+1, quote.Short(f))
		}
	}
	return New(n, missing)
}

// Presets are the judge's sample and extra cases and the full grids; the
// optimal counts are the judge's answers, checked by the tests.
var Presets = []preset.Preset{
	{Name: "poj1084 sample 1", State: "2", Optimal: 3},
	{Name: "poj1084 sample 2", State: "3: 12 17 23", Optimal: 3},
	{Name: "poj1084 extra 1", State: "3: 1 3 4 7 18 21 22 24", Optimal: 4},
	{Name: "poj1084 extra 3", State: "4: 6 30", Optimal: 8},
	{Name: "poj1084 extra 4", State: "4: 1 5 36 40", Optimal: 8},
	{Name: "poj1084 extra 5", State: "4: 16 20 21 25", Optimal: 7},
	{Name: "poj1084 extra 6", State: "4: 1 2 5 6 10 11 14 15", Optimal: 7},
	{Name: "poj1084 extra 7", State: "4: 6 8 17 19 20 26 28 29 35", Optimal: 2},
	{Name: "poj1084 extra 8", State: "3: 12 13", Optimal: 4},
	{Name: "full 3x3", State: "3", Optimal: 6},
	{Name: "full 4x4", State: "4", Optimal: 9},
	{Name: "full 5x5 (the judge's worst case)", State: "5", Optimal: 14},
}

// Domain returns a fresh search domain at this grid with the named heuristic
// ("" for the default).
func (g *Grid) Domain(heuristic string) (engine.Domain, error) {
	return NewDomain(g, heuristic)
}
