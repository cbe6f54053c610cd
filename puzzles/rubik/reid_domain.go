package rubik

import (
	"sync"

	"idaviz/engine"
	"idaviz/puzzles/pdb"
)

// axisSym are the symmetries whose conjugation puts each axis in the U-D
// role: the identity and the 120 and 240 degree turns about the URF-DBL
// diagonal. axisMove[k][m] is move m as seen in axis k's conjugate.
var (
	axisSym  = [3]int{0, 16, 32}
	axisMove = func() (am [3][NumMoves]uint8) {
		for k, s := range axisSym {
			for m := 0; m < NumMoves; m++ {
				am[k][m] = uint8(moveConj[s][m])
			}
		}
		return am
	}()
)

// allowedMoves[prev+1] lists the moves Allowed after prev.
var allowedMoves = func() (a [NumMoves + 1][]uint8) {
	for p := -1; p < NumMoves; p++ {
		for m := 0; m < NumMoves; m++ {
			if Allowed(p, m) {
				a[p+1] = append(a[p+1], uint8(m))
			}
		}
	}
	return a
}()

// ReidDomain is the cube searched with the heuristic "reid": the distance
// to H of the cube's phase-1 coset seen along each of the three axes, the
// largest of the three, plus one when all three are equal and not 0 (de
// Bondt: a cube one move from solved is in H for that move's axis, so on an
// optimal path the three cannot all fall by one at every step down to 0).
//
// The state is the three axes' coordinates, moved by the tables, so a node
// costs a few table reads and no cubie arithmetic; the cube itself is the
// start cube and the moves applied, made only for the rare goal test (all
// coordinates 0) and for display.
type ReidDomain struct {
	pt    *coordTables
	words []uint32
	ax    [3]axisCoord
	saved [][3]axisCoord // the coordinates before each applied move
	cubePath
	// search is Iterate's state, kept between iterations for its buffers.
	search *reidSearch
}

var (
	_ engine.Domain      = (*ReidDomain)(nil)
	_ engine.Cloner      = (*ReidDomain)(nil)
	_ engine.RuleCutter  = (*ReidDomain)(nil)
	_ engine.Snapshotter = (*ReidDomain)(nil)
)

// NewReidDomain returns a domain at cube c (valid, see Cube.Verify) that
// reads the reid table t.
func NewReidDomain(c Cube, t *pdb.Table) *ReidDomain {
	d := &ReidDomain{pt: phase1(), words: tableWords(t),
		saved: make([][3]axisCoord, 0, 32), cubePath: cubePath{path: make([]uint8, 0, 32)}}
	d.SetCube(c)
	return d
}

// hugeWords holds, per table, its copy in huge pages (see hugeCopy).
var hugeWords sync.Map

func tableWords(t *pdb.Table) []uint32 {
	if w, ok := hugeWords.Load(t); ok {
		return w.([]uint32)
	}
	w, _ := hugeWords.LoadOrStore(t, hugeCopy(t.Words()))
	return w.([]uint32)
}

// SetCube makes c the current state.
func (d *ReidDomain) SetCube(c Cube) {
	d.root = c
	d.saved, d.path = d.saved[:0], d.path[:0]
	for k, s := range axisSym {
		y := conjugate(&c, s)
		d.ax[k] = y.axisCoord()
	}
}

// Axes returns the table values of the three axes for the current state.
func (d *ReidDomain) Axes() [3]int {
	var v [3]int
	for k := range d.ax {
		v[k] = d.get(d.pt.index(d.ax[k]))
	}
	return v
}

func (d *ReidDomain) get(i int64) int { return int(d.words[i>>3] >> (uint(i&7) * 4) & 0xF) }

// cubePath is the cube of a coordinate domain (reid, reid-huge): the start
// cube and the moves applied, made into a cube only for the goal test, a
// snapshot and the page. It gives those domains what they share as
// engine.Domains: the cube, its snapshot, its view and the move rule.
type cubePath struct {
	root Cube
	path []uint8
}

// Cube returns the current state.
func (p *cubePath) Cube() Cube {
	c := p.root
	for _, m := range p.path {
		c.Move(int(m))
	}
	return c
}

func (p *cubePath) NumMoves() int         { return NumMoves }
func (p *cubePath) MaxBranch() int        { return NumMoves }
func (p *cubePath) MoveName(m int) string { return MoveName(m) }

// Cut lists the moves the rule forbids after prev.
func (p *cubePath) Cut(prev int, out []int) int { return cutMoves(prev, out) }

// AppendState appends the cube, 40 bytes: corner and edge permutations and
// orientations.
func (p *cubePath) AppendState(dst []byte) []byte {
	c := p.Cube()
	dst = append(dst, c.CP[:]...)
	dst = append(dst, c.CO[:]...)
	dst = append(dst, c.EP[:]...)
	return append(dst, c.EO[:]...)
}

// cubeOfState reads a cube from AppendState's bytes: false for a wrong
// length or an invalid cube.
func cubeOfState(b []byte) (Cube, bool) {
	if len(b) != 40 {
		return Cube{}, false
	}
	var c Cube
	copy(c.CP[:], b[0:8])
	copy(c.CO[:], b[8:16])
	copy(c.EP[:], b[16:28])
	copy(c.EO[:], b[28:40])
	return c, c.Verify() == nil
}

// View is the state for the page's "magiccube" renderer.
func (p *cubePath) View() any {
	c := p.Cube()
	return View{Stickers: c.Stickers()}
}

// combine is the heuristic of three axis values.
func combine(a, b, c int) int {
	h := max(a, b, c)
	if a == b && b == c && a != 0 {
		h++
	}
	return h
}

// HeuristicName is "reid".
func (d *ReidDomain) HeuristicName() string { return reidName }

// H is the heuristic of the current state.
func (d *ReidDomain) H() int {
	v := d.Axes()
	return combine(v[0], v[1], v[2])
}

// IsGoal reports whether the cube is solved.
func (d *ReidDomain) IsGoal() bool {
	if d.ax != [3]axisCoord{} {
		return false
	}
	c := d.Cube()
	return c.IsSolved()
}

// Expand writes the allowed children with their heuristic, computed from
// the moved coordinates without applying the moves: each axis's flip-slice
// class moves through one row of repMove. As in Domain.Expand, every index
// is computed before the first table read, so that the reads' cache misses
// overlap. (Unobserved searches do not come here: see Iterate.)
func (d *ReidDomain) Expand(prev int, out []engine.Child) int {
	moves := allowedMoves[(prev+1)%(NumMoves+1)]
	var idx [3][NumMoves]int64
	for k, a := range d.symCoords() {
		am := &axisMove[k]
		ik := &idx[k]
		for i, m := range moves {
			_, ik[i%NumMoves] = d.pt.symChild(a, int(am[m%NumMoves]))
		}
	}
	for i, m := range moves {
		h := combine(d.get(idx[0][i]), d.get(idx[1][i]), d.get(idx[2][i]))
		out[i] = engine.Child{Move: int32(m), Cost: 1, H: int32(h)}
	}
	return len(moves)
}

// Apply makes move m.
func (d *ReidDomain) Apply(m int) {
	d.saved = append(d.saved, d.ax)
	d.path = append(d.path, uint8(m))
	for k := range d.ax {
		d.ax[k] = d.pt.move(d.ax[k], int(axisMove[k][m]))
	}
}

// Undo takes move m back: the last move applied, as the engine undoes
// them; any other move is undone by applying its inverse.
func (d *ReidDomain) Undo(m int) {
	if n := len(d.path); n > 0 && int(d.path[n-1]) == m {
		d.ax = d.saved[n-1]
		d.saved, d.path = d.saved[:n-1], d.path[:n-1]
		return
	}
	d.Apply(Inverse(m))
}

// Clone returns an independent copy sharing the read-only tables.
func (d *ReidDomain) Clone() engine.Domain {
	c := *d
	c.search = nil
	c.saved = append(make([][3]axisCoord, 0, max(32, cap(d.saved))), d.saved...)
	c.path = append(make([]uint8, 0, max(32, cap(d.path))), d.path...)
	return &c
}

// SetState restores a state from AppendState; a wrong length or an invalid
// cube is ignored.
func (d *ReidDomain) SetState(b []byte) {
	if c, ok := cubeOfState(b); ok {
		d.SetCube(c)
	}
}
