package rubik

import "idaviz/engine"

// The heuristics reid and reid-huge search the cube by its cosets seen along
// each of the three axes: the state is one coordinate per axis, moved by
// tables, and a node costs a few table reads and no cubie arithmetic. One
// domain (cosetDomain) and one iteration (cosetSearch, coset_iterate.go)
// serve both, generic over the coordinate; a coset says how its coordinate
// moves and where its entry is in the table.

// coset is what the coset domain needs of one coordinate system: C is a
// cube's coset seen along one axis, as the search keeps it. Its methods are
// called once per node and axis (children) or once per node (touch), never
// per child, so that a domain pays for being generic with a few indirect
// calls per node.
type coset[C comparable] interface {
	// heuristic is the heuristic's name.
	heuristic() string
	// coord is the coordinate of c, a cube already conjugated for its axis.
	coord(c *Cube) C
	// entry is the table entry of a.
	entry(a C) int64
	// step is the child of a by move mm of a's own axis frame, and its
	// table entry.
	step(a C, mm int) (C, int64)
	// children sets, for each child i listed in cand, its coordinates co[i]
	// and its entry idx[j] (j: its place in cand), the child of a by move
	// moves[i] as seen along the axis (am). Every index is computed before
	// the first table read, so that the reads' cache misses overlap.
	children(a C, am *[NumMoves]uint8, moves, cand []uint8, co *[NumMoves]C, idx *[NumMoves]int64)
	// touch loads the rows of the tables that the expansion of each child
	// listed in cand reads first, along every axis, and returns their sum:
	// loaded now, all together, rather than each when it is needed (Go has
	// no prefetch instruction, and nothing waits for the sum).
	touch(co *[3][NumMoves]C, cand []uint8) uint32
	// home reports whether a's coordinates are those of the solved cube.
	home(a C) bool
}

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

// allChildren lists 0..NumMoves-1: Expand looks every child up.
var allChildren = func() (a [NumMoves]uint8) {
	for i := range a {
		a[i] = uint8(i)
	}
	return a
}()

// cosetDomain is the cube searched with a coset heuristic: the distance of
// the cube's coset seen along each of the three axes to the goal's, the
// largest of the three, plus one when all three are equal and not 0 (de
// Bondt: a cube one move from solved is in the subgroup for that move's
// axis, so on an optimal path the three cannot all fall by one at every
// step down to 0).
//
// The cube itself is the start cube and the moves applied, made only for
// the rare goal test (all coordinates home) and for display.
type cosetDomain[C comparable, T coset[C]] struct {
	tabs  T
	words []uint32 // the table's entries, 4 bits each
	ax    [3]C
	saved [][3]C // the coordinates before each applied move
	cubePath
	// search is Iterate's state, kept between iterations for its buffers.
	search *cosetSearch[C, T]
	// Expand's scratch, here rather than on its stack: the coset's methods
	// are called through the instantiation's dictionary, so whatever they
	// are handed a pointer to escapes.
	co  [NumMoves]C
	idx [3][NumMoves]int64
}

// newCosetDomain returns a domain at cube c (valid, see Cube.Verify) over
// the coordinates tabs and the table's entries words.
func newCosetDomain[C comparable, T coset[C]](c Cube, tabs T, words []uint32) *cosetDomain[C, T] {
	d := &cosetDomain[C, T]{tabs: tabs, words: words,
		saved: make([][3]C, 0, 32), cubePath: cubePath{path: make([]uint8, 0, 32)}}
	d.SetCube(c)
	return d
}

// SetCube makes c the current state.
func (d *cosetDomain[C, T]) SetCube(c Cube) {
	d.root = c
	d.saved, d.path = d.saved[:0], d.path[:0]
	for k, s := range axisSym {
		y := conjugate(&c, s)
		d.ax[k] = d.tabs.coord(&y)
	}
}

// Axes returns the table values of the three axes for the current state.
func (d *cosetDomain[C, T]) Axes() [3]int {
	var v [3]int
	for k := range d.ax {
		v[k] = d.get(d.tabs.entry(d.ax[k]))
	}
	return v
}

func (d *cosetDomain[C, T]) get(i int64) int { return int(d.words[i>>3] >> (uint(i&7) * 4) & 0xF) }

// HeuristicName is "reid" or "reid-huge".
func (d *cosetDomain[C, T]) HeuristicName() string { return d.tabs.heuristic() }

// H is the heuristic of the current state.
func (d *cosetDomain[C, T]) H() int {
	v := d.Axes()
	return combine(v[0], v[1], v[2])
}

// IsGoal reports whether the cube is solved.
func (d *cosetDomain[C, T]) IsGoal() bool {
	for _, a := range d.ax {
		if !d.tabs.home(a) {
			return false
		}
	}
	c := d.Cube()
	return c.IsSolved()
}

// Expand writes the allowed children with their heuristic, computed from
// the moved coordinates without applying the moves. (Unobserved searches
// do not come here: see Iterate.)
func (d *cosetDomain[C, T]) Expand(prev int, out []engine.Child) int {
	moves := allowedMoves[(prev+1)%(NumMoves+1)]
	for k, a := range d.ax {
		d.tabs.children(a, &axisMove[k], moves, allChildren[:len(moves)], &d.co, &d.idx[k])
	}
	for i, m := range moves {
		h := combine(d.get(d.idx[0][i]), d.get(d.idx[1][i]), d.get(d.idx[2][i]))
		out[i] = engine.Child{Move: int32(m), Cost: 1, H: int32(h)}
	}
	return len(moves)
}

// Apply makes move m.
func (d *cosetDomain[C, T]) Apply(m int) {
	d.saved = append(d.saved, d.ax)
	d.path = append(d.path, uint8(m))
	for k := range d.ax {
		d.ax[k], _ = d.tabs.step(d.ax[k], int(axisMove[k][m]))
	}
}

// Undo takes move m back: the last move applied, as the engine undoes
// them; any other move is undone by applying its inverse.
func (d *cosetDomain[C, T]) Undo(m int) {
	if n := len(d.path); n > 0 && int(d.path[n-1]) == m {
		d.ax = d.saved[n-1]
		d.saved, d.path = d.saved[:n-1], d.path[:n-1]
		return
	}
	d.Apply(Inverse(m))
}

// Clone returns an independent copy sharing the read-only tables.
func (d *cosetDomain[C, T]) Clone() engine.Domain {
	c := *d
	c.search = nil
	c.saved = append(make([][3]C, 0, max(32, cap(d.saved))), d.saved...)
	c.path = append(make([]uint8, 0, max(32, cap(d.path))), d.path...)
	return &c
}

// SetState restores a state from AppendState; a wrong length or an invalid
// cube is ignored.
func (d *cosetDomain[C, T]) SetState(b []byte) {
	if c, ok := cubeOfState(b); ok {
		d.SetCube(c)
	}
}

// combine is the heuristic of three axis values.
func combine(a, b, c int) int {
	h := max(a, b, c)
	if a == b && b == c && a != 0 {
		h++
	}
	return h
}

// cubePath is the cube of a coset domain: the start cube and the moves
// applied, made into a cube only for the goal test, a snapshot and the page.
// It gives the domain what does not depend on the coordinate: the cube, its
// snapshot, its view and the move rule.
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
