package grid

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
)

// step is a move: its name and the change of row and column.
type step struct {
	name   string
	dr, dc int
}

// steps are the moves by index: the four straight ones, then the four
// diagonals. reverse[m] undoes m.
var (
	steps   = [8]step{{"N", -1, 0}, {"E", 0, 1}, {"S", 1, 0}, {"W", 0, -1}, {"NE", -1, 1}, {"SE", 1, 1}, {"SW", 1, -1}, {"NW", -1, -1}}
	reverse = [8]int{2, 3, 0, 1, 6, 7, 4, 5}
)

// Heuristics are the estimates of the cost left, the default first: each
// is a distance to the goal as if there were no walls, in the map's cost
// units, rounded down. Octile (the 8-connected distance) is admissible in
// both kinds of map; Manhattan is exact on an open 4-connected map and
// overestimates on an 8-connected one (a diagonal step costs 14, not 20),
// which `viz check` shows; Euclidean is the straight line, scaled to the
// least cost per unit of length (14/√2 ≈ 9.9 on an 8-connected map) so
// that it stays admissible with whole costs; zero makes the search
// uniform-cost.
var Heuristics = []string{"octile", "manhattan", "euclidean", "zero"}

// Domain is a map searched in place: the agent's cell and the path to it.
type Domain struct {
	m     *Map
	h     []int32 // the heuristic of every cell
	moves int     // 4 or 8
	cur   int
	path  []int // the cells before cur
	// seen marks the cells expanded at least once; distinct counts them.
	seen     []bool
	distinct int
}

// Domain returns a domain at the map's start searched with the named
// heuristic.
func (m *Map) Domain(heuristic string) (*Domain, error) {
	d := &Domain{m: m, h: make([]int32, m.rows*m.cols), moves: 4, cur: m.start, seen: make([]bool, m.rows*m.cols)}
	if m.diagonal {
		d.moves = 8
	}
	gr, gc := m.Goal()
	for i := range d.h {
		dr, dc := abs(i/m.cols-gr), abs(i%m.cols-gc)
		v, err := m.estimate(heuristic, dr, dc)
		if err != nil {
			return nil, err
		}
		d.h[i] = int32(v)
	}
	return d, nil
}

// estimate is a heuristic's value dr rows and dc columns from the goal.
func (m *Map) estimate(heuristic string, dr, dc int) (int, error) {
	hi, lo := max(dr, dc), min(dr, dc)
	switch heuristic {
	case "manhattan":
		if m.diagonal {
			return StraightCost * (dr + dc), nil
		}
		return dr + dc, nil
	case "octile":
		v := StraightCost*hi + (DiagonalCost-StraightCost)*lo
		if !m.diagonal {
			v /= StraightCost // in steps of 1
		}
		return v, nil
	case "euclidean":
		sq := dr*dr + dc*dc
		if m.diagonal {
			sq *= DiagonalCost * DiagonalCost / 2 // (14/√2)² = 98
		}
		return isqrt(sq), nil
	case "zero":
		return 0, nil
	}
	return 0, fmt.Errorf("unknown heuristic %s (choose from: %s)", quote.Short(heuristic), strings.Join(Heuristics, ", "))
}

// isqrt is ⌊√n⌋.
func isqrt(n int) int {
	r := int(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (d *Domain) NumMoves() int         { return d.moves }
func (d *Domain) MaxBranch() int        { return d.moves }
func (d *Domain) MoveName(m int) string { return steps[m].name }
func (d *Domain) H() int                { return int(d.h[d.cur]) }
func (d *Domain) IsGoal() bool          { return d.cur == d.m.goal }

// target is the cell move m reaches from the current one, -1 when it is
// a wall, off the map, or a diagonal past a wall's corner.
func (d *Domain) target(m int) int {
	s := steps[m]
	r, c := d.cur/d.m.cols+s.dr, d.cur%d.m.cols+s.dc
	if d.m.IsWall(r, c) {
		return -1
	}
	if s.dr != 0 && s.dc != 0 && (d.m.IsWall(r-s.dr, c) || d.m.IsWall(r, c-s.dc)) {
		return -1
	}
	return r*d.m.cols + c
}

// Expand writes the moves to free cells, but for the step straight back.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	if !d.seen[d.cur] {
		d.seen[d.cur] = true
		d.distinct++
	}
	n := 0
	for m := 0; m < d.moves; m++ {
		if prev != engine.NoMove && m == reverse[prev] {
			continue
		}
		t := d.target(m)
		if t < 0 {
			continue
		}
		cost := int32(StepCost)
		if d.m.diagonal {
			cost = StraightCost
			if m >= 4 {
				cost = DiagonalCost
			}
		}
		out[n] = engine.Child{Move: int32(m), Cost: cost, H: d.h[t]}
		n++
	}
	return n
}

// Cut names the step straight back, which the move rule forbids.
func (d *Domain) Cut(prev int, out []int) int {
	if prev == engine.NoMove || d.target(reverse[prev]) < 0 {
		return 0
	}
	out[0] = reverse[prev]
	return 1
}

func (d *Domain) Apply(m int) {
	d.path = append(d.path, d.cur)
	s := steps[m]
	d.cur += s.dr*d.m.cols + s.dc
}

func (d *Domain) Undo(int) {
	if n := len(d.path); n > 0 {
		d.cur = d.path[n-1]
		d.path = d.path[:n-1]
	}
}

// AppendState appends the agent's cell.
func (d *Domain) AppendState(dst []byte) []byte {
	return binary.LittleEndian.AppendUint32(dst, uint32(d.cur))
}

// SetState makes the cell encoded by b current, with no path behind it; a
// wall, a cell off the map or bytes of the wrong length are ignored.
func (d *Domain) SetState(b []byte) {
	if len(b) != 4 {
		return
	}
	i := int(binary.LittleEndian.Uint32(b))
	if i >= len(d.m.wall) || d.m.wall[i] {
		return
	}
	d.cur, d.path = i, d.path[:0]
}

// Clone is an independent copy, for parallel search.
func (d *Domain) Clone() engine.Domain {
	c := *d
	c.path = append([]int(nil), d.path...)
	c.seen = append([]bool(nil), d.seen...)
	return &c
}

// ExpandedStates is the number of distinct cells expanded so far: with
// the expansions a search counts, how often IDA* came back to a cell it
// had already expanded (A* keeps every cell it saw, and expands each at
// most once with a consistent heuristic).
func (d *Domain) ExpandedStates() int { return d.distinct }

// Cell is the agent's cell as (row, column).
func (d *Domain) Cell() (int, int) { return d.cur / d.m.cols, d.cur % d.m.cols }

// View is a grid world as the page's "grid" renderer reads it; Starlark
// problems whose view is a grid give the same.
type View struct {
	Kind string   `json:"kind"` // "grid"
	Rows []string `json:"rows"` // the map, as Parse reads it
	// Diagonal is true for an 8-connected map.
	Diagonal bool `json:"diagonal"`
	// At is the agent's cell, [row, column]; Path the cells from the
	// start to it, At last.
	At   [2]int   `json:"at"`
	Path [][2]int `json:"path"`
}

// View describes the current state for the page.
func (d *Domain) View() any {
	v := View{Kind: "grid", Rows: d.m.rowStrings(), Diagonal: d.m.diagonal, Path: make([][2]int, 0, len(d.path)+1)}
	for _, c := range append(d.path, d.cur) {
		v.Path = append(v.Path, [2]int{c / d.m.cols, c % d.m.cols})
	}
	v.At = v.Path[len(v.Path)-1]
	return v
}
