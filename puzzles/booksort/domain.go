package booksort

import (
	"fmt"
	"slices"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
)

// Domain is a shelf searched in place; it implements engine.Domain,
// engine.RuleCutter, engine.Snapshotter, engine.Cloner and the puzzles
// Viewer.
type Domain struct {
	n    int
	a    [MaxBooks + 2]int8 // a[0] = 0 and a[n+1] = n+1 are sentinels
	heur string
	// w[x][y] is 1 when neighbours x, y count for the heuristic: y != x+1,
	// and, for "successors", both are real books.
	w   [MaxBooks + 2][MaxBooks + 2]int8
	cnt int // sum of w over the neighbour pairs
	bp  int // breakpoints with the sentinels: 0 exactly when sorted
	mt  *moveTable
	// cycles: the heuristic is the cycle-graph bound, computed afresh for
	// each child (apply, count, undo) rather than from cnt.
	cycles bool
}

// NewDomain returns a domain at shelf s with the named heuristic ("" for the
// default).
func NewDomain(s *Shelf, heuristic string) (*Domain, error) {
	if s == nil || len(s.books) < 1 || len(s.books) > MaxBooks {
		return nil, fmt.Errorf("booksort: no valid shelf")
	}
	if heuristic == "" {
		heuristic = Heuristics[0]
	}
	if heuristic != Cycles && heuristic != Breakpoints && heuristic != Successors {
		return nil, fmt.Errorf("booksort: unknown heuristic %s (choose from: %s)", quote.Short(heuristic), strings.Join(Heuristics, ", "))
	}
	d := &Domain{n: len(s.books), heur: heuristic, cycles: heuristic == Cycles, mt: tables[len(s.books)]}
	for x := 0; x <= d.n+1; x++ {
		for y := 0; y <= d.n+1; y++ {
			if y == x+1 {
				continue
			}
			if heuristic == Successors && (x == 0 || x == d.n+1 || y == 0 || y == d.n+1) {
				continue
			}
			d.w[x][y] = 1
		}
	}
	d.a[d.n+1] = int8(d.n + 1)
	copy(d.a[1:], s.books)
	d.recount()
	return d, nil
}

func (d *Domain) recount() {
	d.cnt, d.bp = 0, 0
	for i := 0; i <= d.n; i++ {
		x, y := d.a[i], d.a[i+1]
		d.cnt += int(d.w[x][y])
		if y != x+1 {
			d.bp++
		}
	}
}

// Heuristic is the name of the domain's heuristic.
func (d *Domain) Heuristic() string { return d.heur }

// Books returns the current order of the books.
func (d *Domain) Books() []int {
	out := make([]int, d.n)
	for i := range out {
		out[i] = int(d.a[i+1])
	}
	return out
}

func (d *Domain) NumMoves() int  { return len(d.mt.moves) }
func (d *Domain) MaxBranch() int { return len(d.mt.moves) }

// MoveName reads "[l..r]>k": the books at positions l..r (1-based) go to
// just after the book now at position k.
func (d *Domain) MoveName(m int) string {
	if m < 0 || m >= len(d.mt.names) {
		return fmt.Sprintf("move(%d)", m)
	}
	return d.mt.names[m]
}

// H is ceil(count/3), one operation changing three neighbour pairs, or the
// cycle-graph bound.
func (d *Domain) H() int {
	if d.cycles {
		return d.cycleBound()
	}
	return (d.cnt + 2) / 3
}

// cycleBound is (n+1 - odd cycles)/2 (Bafna and Pevzner): see the package
// comment. Black edge i (the pair a[i], a[i+1], i = 0..n) is followed in its
// cycle by the black edge that starts with the book a[i+1]-1, the gray edge
// joining the two; a cycle's length is its number of black edges.
func (d *Domain) cycleBound() int {
	var cy cycleTable
	d.cycleTable(&cy)
	return (d.n + 1 - cy.odd) / 2
}

// IsGoal reports whether the shelf is sorted.
func (d *Domain) IsGoal() bool { return d.bp == 0 }

// delta is how the heuristic's count changes under move m: three pairs cut,
// three made.
func (d *Domain) delta(m move) int {
	a := &d.a
	l, r, k := m.l, m.r, m.k
	old := d.w[a[l-1]][a[l]] + d.w[a[r]][a[r+1]] + d.w[a[k]][a[k+1]]
	made := d.w[a[l-1]][a[r+1]] + d.w[a[k]][a[l]] + d.w[a[r]][a[k+1]]
	return int(made) - int(old)
}

// cycleTable places every black edge in its cycle: which cycle, at which
// step along it, and each cycle's length.
type cycleTable struct {
	cid, idx [MaxBooks + 1]int8
	length   [MaxBooks + 1]int8
	odd      int
}

func (d *Domain) cycleTable(cy *cycleTable) {
	var pos [MaxBooks + 2]int8
	for i := 0; i <= d.n; i++ {
		pos[d.a[i]] = int8(i)
	}
	var seen uint32
	c := 0
	cy.odd = 0
	for i := 0; i <= d.n; i++ {
		if seen&(1<<i) != 0 {
			continue
		}
		length := 0
		for j := i; seen&(1<<j) == 0; j = int(pos[d.a[j+1]-1]) {
			seen |= 1 << j
			cy.cid[j], cy.idx[j] = int8(c), int8(length)
			length++
		}
		cy.length[c] = int8(length)
		cy.odd += length & 1
		c++
	}
}

// oddAfter is the number of odd cycles after move m, in O(1). The move
// removes the black edges e0 = l-1, e1 = r, e2 = k and joins their ends
// anew: the left end of e0 to the right end of e1, of e2 to e0's, of e1 to
// e2's (sigma below). Cutting the three edges out of their cycles leaves
// paths; the path after edge e runs to the next cut edge along its cycle,
// next(e), through gap(e) black edges. In the new graph, from the left end
// of e a new edge leads to the right end of sigma(e) and on along its path
// to the left end of next(sigma(e)): the new cycles are the cycles of that
// map on {e0, e1, e2}, and each step adds 1 + gap(sigma(e)) black edges.
// Every other cycle is untouched.
func (cy *cycleTable) oddAfter(m move) int {
	e := [3]int8{m.l - 1, m.r, m.k}
	sigma := [3]int{1, 2, 0}
	var next, gap [3]int
	for i := range 3 {
		c := cy.cid[e[i]]
		l := int(cy.length[c])
		best := l // alone in its cycle: the path runs all the way round
		next[i] = i
		for j := range 3 {
			if j == i || cy.cid[e[j]] != c {
				continue
			}
			if dist := (int(cy.idx[e[j]]) - int(cy.idx[e[i]]) + l) % l; dist < best {
				best, next[i] = dist, j
			}
		}
		gap[i] = best - 1
	}
	odd := cy.odd
	// The old cycles through the cut edges go...
	for i := range 3 {
		c := cy.cid[e[i]]
		if (i == 0 || c != cy.cid[e[0]]) && (i <= 1 || c != cy.cid[e[1]]) {
			odd -= int(cy.length[c]) & 1
		}
	}
	// ...and the new ones come.
	var done [3]bool
	for i := range 3 {
		if done[i] {
			continue
		}
		length := 0
		for j := i; !done[j]; j = next[sigma[j]] {
			done[j] = true
			length += 1 + gap[sigma[j]]
		}
		odd += length & 1
	}
	return odd
}

// Expand offers every block move but the inverse of the previous one. Moves
// are only ever "block right", so the equivalent "other block left" is never
// offered twice.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	skip := -1
	if prev >= 0 && prev < len(d.mt.inv) {
		skip = int(d.mt.inv[prev])
	}
	n := 0
	if d.cycles {
		var cy cycleTable
		d.cycleTable(&cy)
		for i, m := range d.mt.moves {
			if i == skip {
				continue
			}
			out[n] = engine.Child{Move: int32(i), Cost: 1, H: int32((d.n + 1 - cy.oddAfter(m)) / 2)}
			n++
		}
		return n
	}
	for i, m := range d.mt.moves {
		if i == skip {
			continue
		}
		out[n] = engine.Child{Move: int32(i), Cost: 1, H: int32((d.cnt + d.delta(m) + 2) / 3)}
		n++
	}
	return n
}

// Apply swaps the blocks [l..r] and [r+1..k] by three reversals, in place.
// A move number out of range (say, from a damaged trace) changes nothing.
func (d *Domain) Apply(mi int) {
	if mi < 0 || mi >= len(d.mt.moves) {
		return
	}
	m := d.mt.moves[mi]
	a := &d.a
	l, r, k := m.l, m.r, m.k
	d.cnt += d.delta(m)
	oldBP := bpOf(a[l-1], a[l]) + bpOf(a[r], a[r+1]) + bpOf(a[k], a[k+1])
	newBP := bpOf(a[l-1], a[r+1]) + bpOf(a[k], a[l]) + bpOf(a[r], a[k+1])
	d.bp += newBP - oldBP
	slices.Reverse(a[l : r+1])
	slices.Reverse(a[r+1 : k+1])
	slices.Reverse(a[l : k+1])
}

func bpOf(x, y int8) int {
	if y != x+1 {
		return 1
	}
	return 0
}

// Undo applies the inverse block swap.
func (d *Domain) Undo(m int) {
	if m < 0 || m >= len(d.mt.inv) {
		return
	}
	d.Apply(int(d.mt.inv[m]))
}

// Cut names the move the rule forbids after prev: its inverse.
func (d *Domain) Cut(prev int, out []int) int {
	if prev < 0 || prev >= len(d.mt.inv) || len(out) == 0 {
		return 0
	}
	out[0] = int(d.mt.inv[prev])
	return 1
}

// AppendState appends the books, one byte each.
func (d *Domain) AppendState(dst []byte) []byte {
	for i := 1; i <= d.n; i++ {
		dst = append(dst, byte(d.a[i]))
	}
	return dst
}

// SetState makes a state from AppendState current. Bytes of the wrong
// length are ignored: they cannot come from this domain.
func (d *Domain) SetState(b []byte) {
	if len(b) != d.n {
		return
	}
	for i, v := range b {
		d.a[i+1] = int8(v)
	}
	d.recount()
}

// Clone returns an independent copy.
func (d *Domain) Clone() engine.Domain {
	c := *d
	return &c
}

// View is what the page's "booksort" renderer draws.
type View struct {
	Books []int `json:"books"`
	// Breaks lists the gaps i (0..n, gap i lies after the i-th book, gap 0
	// before the first) where the neighbours are not consecutive, counting
	// the shelf's ends as books 0 and n+1.
	Breaks []int `json:"breaks"`
	// Bounds holds every heuristic's value here, the strongest first: the
	// page may draw states with a domain built for another heuristic than
	// the run's, so the view does not depend on the domain's own.
	Bounds []Bound `json:"bounds"`
	Sorted bool    `json:"sorted"`
}

// Bound is one heuristic's value and what it counted.
type Bound struct {
	Name    string `json:"name"`
	H       int    `json:"h"`
	Measure string `json:"measure"` // "5 breakpoints"
}

// View describes the current shelf for the page.
func (d *Domain) View() any {
	v := View{Books: d.Books(), Breaks: []int{}, Sorted: d.IsGoal()}
	inner := 0
	for i := 0; i <= d.n; i++ {
		if d.a[i+1] != d.a[i]+1 {
			v.Breaks = append(v.Breaks, i)
			if i >= 1 && i < d.n {
				inner++
			}
		}
	}
	c := d.cycleBound()
	v.Bounds = []Bound{
		{Cycles, c, fmt.Sprintf("%d black edges, %d odd cycles", d.n+1, d.n+1-2*c)},
		{Breakpoints, (d.bp + 2) / 3, fmt.Sprintf("%d breakpoints", d.bp)},
		{Successors, (inner + 2) / 3, fmt.Sprintf("%d wrong successors", inner)},
	}
	return v
}
