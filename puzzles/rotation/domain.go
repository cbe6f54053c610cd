package rotation

import (
	"fmt"

	"idaviz/engine"
	"idaviz/internal/quote"
)

// Heuristics, the strongest first.
//
//   - seed: 8 - (how often the most frequent number is in the centre). For a
//     target number k, a move takes one cell out of the centre and brings one
//     in, so the centre cells not holding k fall by at most one per move.
//   - lines: a sharper bound, at least the seed's everywhere. Every cell
//     outside the centre lies on exactly one line, so a number outside the
//     centre moves only when its own line moves, and every move of that line
//     carries all four outside cells of the line one step along the line's
//     outside path (out of one end of the centre, round through the arm, into
//     the other end). For the centre to end up holding all eight ks, every k
//     now outside must leave its path at one of its two ends. If the line's
//     moves so far have shifted it by at most a steps one way and b the
//     other, a k at path position p (0..3, from one end) has left only if
//     p < a or p >= 4-b, and a walk of ±1 steps that reaches both -a and +b
//     takes at least a+b+min(a,b) steps. The least such cost over (a, b) that
//     lets every k of the line out is a lower bound on that line's moves;
//     lines have distinct moves, so the four bounds add up. Take the least
//     sum over the target numbers allowed. It is 0 exactly at a goal.
//
// The tests check both against a breadth-first search.
var Heuristics = []string{"lines", "seed"}

type heuristic uint8

const (
	hLines heuristic = iota
	hSeed
)

func parseHeuristic(name string) (heuristic, error) {
	switch name {
	case "", "lines":
		return hLines, nil
	case "seed":
		return hSeed, nil
	}
	return 0, fmt.Errorf("rotation: no heuristic %s (choose from lines, seed)", quote.Short(name))
}

// Goals: any number in the centre (the judge's goal), or one given number.
var Goals = []string{"any", "1", "2", "3"}

// parseGoal returns the allowed centre numbers as a bit mask (bit k for k).
func parseGoal(goal string) (uint8, error) {
	switch goal {
	case "", "any":
		return 0b1110, nil
	case "1", "2", "3":
		return 1 << (goal[0] - '0'), nil
	}
	return 0, fmt.Errorf("rotation: no goal %s (choose from any, 1, 2, 3)", quote.Short(goal))
}

// path[l] lists line l's four cells outside the centre, in order along the
// line from one end of the centre round to the other: on every move's line
// the centre is positions 2..4, so the outside is 5, 6, 0, 1.
var path = func() (p [4][4]uint8) {
	for m := range 4 {
		l := line[m]
		p[m] = [4]uint8{l[5], l[6], l[0], l[1]}
	}
	return p
}()

// lineCost[code][k-1] is the lines bound for one line whose four outside
// cells hold the numbers coded as code = sum (v-1)*3^p, for target k.
var lineCost = func() (t [81][3]uint8) {
	for code := range 81 {
		for k := 1; k <= 3; k++ {
			var s [4]bool
			c := code
			for p := range 4 {
				s[p] = c%3 == k-1
				c /= 3
			}
			t[code][k-1] = uint8(exitCost(s))
		}
	}
	return t
}()

// exitCost is the fewest ±1 steps whose range lets out every marked position
// (see Heuristics).
func exitCost(s [4]bool) int {
	best := 1 << 30
	for a := 0; a <= 4; a++ {
		for b := 0; b <= 4; b++ {
			ok := true
			for p, marked := range s {
				if marked && p >= a && p < 4-b {
					ok = false
				}
			}
			if ok {
				best = min(best, a+b+min(a, b))
			}
		}
	}
	return best
}

func (b *Board) h(kind heuristic, goals uint8) int {
	best := 8
	if kind == hSeed {
		var count [4]int
		for _, c := range Centre {
			count[b[c]]++
		}
		for k := 1; k <= 3; k++ {
			if goals&(1<<k) != 0 {
				best = min(best, 8-count[k])
			}
		}
		return best
	}
	var sum [3]int
	for l := range path {
		c := &lineCost[b.code(l)]
		sum[0] += int(c[0])
		sum[1] += int(c[1])
		sum[2] += int(c[2])
	}
	return minGoal(sum, goals)
}

// code encodes the numbers on line l's outside path for lineCost.
func (b *Board) code(l int) int {
	p := &path[l]
	return int(b[p[0]]-1) + 3*int(b[p[1]]-1) + 9*int(b[p[2]]-1) + 27*int(b[p[3]]-1)
}

func minGoal(sum [3]int, goals uint8) int {
	best := 1 << 30
	for k := 1; k <= 3; k++ {
		if goals&(1<<k) != 0 {
			best = min(best, sum[k-1])
		}
	}
	return best
}

// H returns the named heuristic's value for b and a goal (one of Goals).
func (b *Board) H(heuristic, goal string) (int, error) {
	k, err := parseHeuristic(heuristic)
	if err != nil {
		return 0, err
	}
	g, err := parseGoal(goal)
	if err != nil {
		return 0, err
	}
	return b.h(k, g), nil
}

func (b *Board) isGoal(goals uint8) bool {
	v := b.CentreNumber()
	return v != 0 && goals&(1<<v) != 0
}

// commute[prev][m]: the two moves shift disjoint lines (A or F with B or E,
// C or H with D or G), so they can be made in either order.
func commute(prev, m int) bool {
	lp, lm := lineOf[prev], lineOf[m]
	return lp != lm && lp/2 == lm/2
}

// forbidden is the move rule: never the inverse of the previous move, and
// of two moves on disjoint lines only the alphabetical order. Neither cuts
// the answer the judge wants, the lexicographically smallest of the shortest
// sequences: one holding a move and its inverse in a row has a shorter
// equivalent, and one holding two commuting moves out of order has an
// equivalent of the same length that is smaller.
func forbidden(prev, m int) bool {
	return m == inverse[prev] || (m < prev && commute(prev, m))
}

// allowed[prev+1] lists the moves allowed after prev, alphabetically: the
// engine's depth-first search then meets sequences of one length in
// lexicographic order, so the first solution of the optimal iteration is
// the smallest.
var allowed = func() (a [NumMoves + 1][]int) {
	a[0] = []int{0, 1, 2, 3, 4, 5, 6, 7}
	for prev := range NumMoves {
		for m := range NumMoves {
			if !forbidden(prev, m) {
				a[prev+1] = append(a[prev+1], m)
			}
		}
	}
	return a
}()

// Domain searches a board in place.
type Domain struct {
	b     Board
	kind  heuristic
	goals uint8
}

// NewDomain returns a domain at b with the named heuristic and goal ("" for
// the defaults: lines, any number).
func NewDomain(b Board, heuristic, goal string) (*Domain, error) {
	k, err := parseHeuristic(heuristic)
	if err != nil {
		return nil, err
	}
	g, err := parseGoal(goal)
	if err != nil {
		return nil, err
	}
	if err := b.Check(); err != nil {
		return nil, err
	}
	return &Domain{b: b, kind: k, goals: g}, nil
}

var (
	_ engine.Domain      = (*Domain)(nil)
	_ engine.RuleCutter  = (*Domain)(nil)
	_ engine.Snapshotter = (*Domain)(nil)
	_ engine.Cloner      = (*Domain)(nil)
)

// Board returns the current state.
func (d *Domain) Board() Board { return d.b }

func (d *Domain) NumMoves() int  { return NumMoves }
func (d *Domain) MaxBranch() int { return NumMoves }
func (d *Domain) MoveName(m int) string {
	if m < 0 || m >= NumMoves {
		return fmt.Sprintf("move(%d)", m)
	}
	return MoveNames[m : m+1]
}
func (d *Domain) H() int       { return d.b.h(d.kind, d.goals) }
func (d *Domain) IsGoal() bool { return d.b.isGoal(d.goals) }
func (d *Domain) Apply(m int)  { d.b.Apply(m) }
func (d *Domain) Undo(m int)   { d.b.Undo(m) }

// Expand computes each child's heuristic. For lines it is incremental: a
// move changes only its own line's outside path, so a child's sums differ
// from the parent's in one line's term. For seed it moves, counts and moves
// back.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	k := 0
	if d.kind != hLines {
		for _, m := range allowed[prev+1] {
			d.b.Apply(m)
			out[k] = engine.Child{Move: int32(m), Cost: 1, H: int32(d.b.h(d.kind, d.goals))}
			d.b.Undo(m)
			k++
		}
		return k
	}
	var sum [3]int
	var cost [4]*[3]uint8
	for l := range path {
		cost[l] = &lineCost[d.b.code(l)]
		sum[0] += int(cost[l][0])
		sum[1] += int(cost[l][1])
		sum[2] += int(cost[l][2])
	}
	for _, m := range allowed[prev+1] {
		l := lineOf[m]
		d.b.Apply(m)
		c := &lineCost[d.b.code(l)]
		d.b.Undo(m)
		s := sum
		for i := range s {
			s[i] += int(c[i]) - int(cost[l][i])
		}
		out[k] = engine.Child{Move: int32(m), Cost: 1, H: int32(minGoal(s, d.goals))}
		k++
	}
	return k
}

// Cut lists the moves the rule forbids after prev.
func (d *Domain) Cut(prev int, out []int) int {
	if prev < 0 || prev >= NumMoves {
		return 0
	}
	k := 0
	for m := range NumMoves {
		if forbidden(prev, m) {
			out[k] = m
			k++
		}
	}
	return k
}

func (d *Domain) AppendState(dst []byte) []byte { return append(dst, d.b[:]...) }
func (d *Domain) SetState(b []byte)             { copy(d.b[:], b) }
func (d *Domain) Clone() engine.Domain          { c := *d; return &c }

// View is the page's picture of the board: the renderer "rotation" draws the
// 24 cells in the # shape.
type View struct {
	Cells  []int `json:"cells"`  // cell i's number, in the package comment's numbering
	Centre int   `json:"centre"` // the number all centre cells hold, 0 when they differ
}

// View returns the current state for the page.
func (d *Domain) View() any {
	v := View{Cells: make([]int, Cells), Centre: d.b.CentreNumber()}
	for i, c := range d.b {
		v.Cells[i] = int(c)
	}
	return v
}
