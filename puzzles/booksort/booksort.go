// Package booksort is POJ 3460 (AcWing 180): n books (1 <= n <= 15) stand on
// a shelf in some order; one operation takes a contiguous block of books out
// and puts it back elsewhere. How few operations sort the shelf?
//
// An operation is the same thing as swapping two adjacent blocks: moving
// block A in front of the block B after it is moving B behind A. So every
// operation is named once, as "move block [l..r] right, to just after the
// book at position k" (1 <= l <= r < k <= n), which makes C(n+1, 3) moves,
// 560 for 15 books. The inverse of a block swap is again a block swap of the
// same span, so Undo is Apply of the inverse move.
//
// Heuristics. Write the shelf as a[0..n+1] with the sentinels a[0] = 0 and
// a[n+1] = n+1. An operation cuts the shelf at exactly three places, between
// a[l-1]|a[l], a[r]|a[r+1] and a[k]|a[k+1], and makes three new neighbour
// pairs (a[l-1],a[r+1]), (a[k],a[l]), (a[r],a[k+1]); every other pair of
// neighbours stays. Call a pair (x, y) of neighbours a breakpoint when
// y != x+1.
//
//   - "successors" (the seed's): cnt = breakpoints among the real books only
//     (pairs a[1..n]). An operation changes at most three pairs, so it
//     removes at most three, and the sorted shelf has none: ceil(cnt/3) is
//     admissible.
//
//   - "breakpoints": b = breakpoints including the two sentinel pairs
//     (a[0],a[1]) and (a[n],a[n+1]). The same argument holds with the
//     sentinels (an operation changes exactly three pairs of a[0..n+1], as
//     the sentinels never move), and b = cnt + [a[1] != 1] + [a[n] != n] >=
//     cnt, so ceil(b/3) is admissible and never below ceil(cnt/3). It is
//     strictly sharper whenever the shelf does not start with 1 or does
//     not end with n and the extra breakpoints carry b past a multiple of
//     three: for "3 2 1", cnt = 2 (h = 1) but b = 4 (h = 2), the true
//     distance.
//
//   - "cycles": the cycle-graph bound of Bafna and Pevzner (Sorting by
//     transpositions, 1998). Give each book x two ends, a left end -x and a
//     right end +x; join +a[i] to -a[i+1] by a black edge (the shelf's
//     neighbours, i = 0..n) and +x to -(x+1) by a gray edge (the sorted
//     neighbours, x = 0..n). Every end has one edge of each colour, so the
//     edges fall into alternating cycles; a cycle's length is its number of
//     black edges, and there are n+1 black edges in all. The sorted shelf
//     has n+1 cycles, all of length 1. An operation replaces three black
//     edges and changes the number of odd-length cycles by -2, 0 or +2, so
//     d >= (n+1 - odd cycles)/2 (an even number halved: the total length
//     n+1 and the odd lengths have the same parity). It dominates
//     breakpoints: the adjacencies are the cycles of length 1, n+1-b of
//     them, and an odd cycle of another length has at least 3 black edges,
//     so odd <= (n+1-b) + b/3 and (n+1-odd)/2 >= b/3.
//
// All three are computed incrementally. For the first two, a child's value
// is the parent's count minus the three pairs the move cuts plus the three
// it makes. For cycles, Expand places every black edge in its cycle once
// (O(n)); a move then only re-links the paths between its three cut edges,
// and the child's odd cycles are counted from those in O(1) (see oddAfter).
package booksort

import (
	"fmt"
	"idaviz/puzzles/preset"
	"math/rand/v2"
	"strconv"
	"strings"

	"idaviz/engine"
)

// MaxBooks is the most books the judge allows on a shelf.
const MaxBooks = 15

// The heuristics, the strongest first.
const (
	Cycles      = "cycles"
	Breakpoints = "breakpoints"
	Successors  = "successors"
)

// Heuristics lists the heuristic names, the strongest (the default) first.
var Heuristics = []string{Cycles, Breakpoints, Successors}

// Shelf is a valid start state: a permutation of 1..n.
type Shelf struct {
	books []int8
}

// New makes a shelf from the book numbers left to right, which must be a
// permutation of 1..n with 1 <= n <= MaxBooks.
func New(books ...int) (*Shelf, error) {
	n := len(books)
	if n < 1 || n > MaxBooks {
		return nil, fmt.Errorf("booksort: a shelf holds 1 to %d books, got %d", MaxBooks, n)
	}
	seen := make([]bool, n+1)
	s := &Shelf{books: make([]int8, n)}
	for i, b := range books {
		if b < 1 || b > n {
			return nil, fmt.Errorf("booksort: book %d at position %d is out of range 1..%d", b, i+1, n)
		}
		if seen[b] {
			return nil, fmt.Errorf("booksort: book %d appears twice (again at position %d); the books must be a permutation of 1..%d", b, i+1, n)
		}
		seen[b] = true
		s.books[i] = int8(b)
	}
	return s, nil
}

// Books returns the book numbers left to right.
func (s *Shelf) Books() []int {
	out := make([]int, len(s.books))
	for i, b := range s.books {
		out[i] = int(b)
	}
	return out
}

// Len is the number of books.
func (s *Shelf) Len() int { return len(s.books) }

// String is the friendly format: the books separated by spaces.
func (s *Shelf) String() string {
	var sb strings.Builder
	for i, b := range s.books {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(b)))
	}
	return sb.String()
}

// Domain returns a fresh search domain at this shelf with the named
// heuristic ("" for the default).
func (s *Shelf) Domain(heuristic string) (engine.Domain, error) {
	return NewDomain(s, heuristic)
}

// move swaps the blocks [l..r] and [r+1..k] (positions 1..n).
type move struct{ l, r, k int8 }

// moveTable holds, per shelf length, every move and its inverse.
type moveTable struct {
	moves []move
	inv   []int16
	names []string
}

var tables = func() [MaxBooks + 1]*moveTable {
	var t [MaxBooks + 1]*moveTable
	for n := 1; n <= MaxBooks; n++ {
		mt := &moveTable{}
		index := map[move]int{}
		for l := 1; l <= n; l++ {
			for r := l; r <= n; r++ {
				for k := r + 1; k <= n; k++ {
					m := move{int8(l), int8(r), int8(k)}
					index[m] = len(mt.moves)
					mt.moves = append(mt.moves, m)
					mt.names = append(mt.names, fmt.Sprintf("[%d..%d]>%d", l, r, k))
				}
			}
		}
		mt.inv = make([]int16, len(mt.moves))
		for i, m := range mt.moves {
			// After the swap the block that was [r+1..k] sits at
			// [l..l+k-r-1]; moving it back right past the old block undoes.
			mt.inv[i] = int16(index[move{m.l, m.l + m.k - m.r - 1, m.k}])
		}
		t[n] = mt
	}
	return t
}()

// NumMovesFor is the number of moves on a shelf of n books: C(n+1, 3).
func NumMovesFor(n int) int {
	if n < 1 || n > MaxBooks {
		return 0
	}
	return len(tables[n].moves)
}

// Scramble makes a shelf of n books by a random walk of depth block moves
// from the sorted shelf, never undoing the step before; the shortest way back
// may be shorter than depth.
func Scramble(rng *rand.Rand, n, depth int) *Shelf {
	n = max(1, min(n, MaxBooks))
	sorted := make([]int, n)
	for i := range sorted {
		sorted[i] = i + 1
	}
	s, _ := New(sorted...)
	d, _ := NewDomain(s, "")
	prev := engine.NoMove
	for i := 0; i < depth && d.NumMoves() > 0; {
		m := rng.IntN(d.NumMoves())
		if prev != engine.NoMove && m == int(d.mt.inv[prev]) {
			if d.NumMoves() == 1 {
				break
			}
			continue
		}
		d.Apply(m)
		prev = m
		i++
	}
	out, _ := New(d.Books()...)
	return out
}

// Presets are the judge's sample shelves and a reversed shelf; the optimal
// lengths are checked by the tests.
var Presets = []preset.Preset{
	{Name: "poj3460 sample 1", State: "1 3 4 6 2 5", Optimal: 2},
	{Name: "poj3460 sample 2", State: "5 4 3 2 1", Optimal: 3},
	{Name: "poj3460 sample 3 (5 or more)", State: "6 8 5 3 4 7 2 9 1 10", Optimal: 5},
	{Name: "ten books reversed", State: "10 9 8 7 6 5 4 3 2 1", Optimal: 6},
	{Name: "strips of two, 5 operations", State: "13 14 7 8 1 2 9 10 3 4 15 11 12 5 6", Optimal: 5},
}
