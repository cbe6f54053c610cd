package rubik

import "idaviz/engine"

// The heuristics reid and reid-huge search the cube by its cosets seen along
// each of the three axes: the state is one coordinate per axis, moved by
// tables, and a node costs a few table reads and no cubie arithmetic. One
// domain (cosetDomain) and one iteration (cosetSearch, coset_iterate.go)
// serve both, generic over the coordinate; a coset says how its coordinate
// moves and where its entry is in the table.

// coset is what the coset domain needs of one coordinate system: C is a
// cube's coset seen along one axis, as the search keeps it.
type coset[C comparable] interface {
	// heuristic is the heuristic's name.
	heuristic() string
	// coord is the coordinate of c, a cube already conjugated for its axis.
	coord(c *Cube) C
	// entry is the table entry of a.
	entry(a C) int64
	// move is a after move mm of a's own axis frame.
	move(a C, mm int) C
	// expand looks up the children of the node at ax, whose values along
	// the axes are pv, by moves, the table's entries being words: one axis
	// at a time (the likeliest to cut first, axisOrder) or all three
	// together, as the coset measured faster. In fr: the children nothing
	// cuts (an h over cut) with their exact h, the others with a lower
	// bound of it over cut, every child's coordinates along the axes read.
	// It also loads the rows of the tables that the expansion of each child
	// kept reads first, and returns their sum (loaded now, all together,
	// rather than each when it is needed: Go has no prefetch instruction,
	// and nothing waits for the sum).
	//
	// It is the search's one call per node into the coordinate: Go calls a
	// type parameter's methods through the instantiation's dictionary, an
	// indirect call never inlined, so the per-child work is all inside it
	// (start, and along each axis the coset's children, load and cut;
	// finish), where the calls are direct.
	expand(fr *cosetFrame[C], ax [3]C, pv [3]int8, moves []uint8, cut int8, words []uint32) uint32
	// entries sets co[k][i] and idx[k][i], the coordinates and the entry of
	// the child by moves[i] along axis k, for every child and axis: Expand
	// computes them all before it reads the table, so that all the reads'
	// cache misses overlap, where expand waits for each axis's to cut.
	entries(ax [3]C, moves []uint8, co *[3][NumMoves]C, idx *[3][NumMoves]int64)
	// home reports whether a's coordinates are those of the solved cube.
	home(a C) bool
	// inverse reports whether the inverse cube's cosets are looked up too
	// (inverse.go): six lookups a node, not three.
	inverse() bool
	// invMove is the coordinate of (z·mm)^-1, a being that of z^-1: z is
	// the cube seen along an axis, mm a move of that axis's frame.
	invMove(a C, z *Cube, mm int) C
}

// invSide is what a node of a search with the inverse's cosets keeps of its
// inverse: its coordinates along each axis, and the cube seen along each
// axis, which the children's are computed from.
type invSide[C comparable] struct {
	iax [3]C
	z   [3]Cube
}

// child is the side of the child by move m.
func (s *invSide[C]) child(tabs coset[C], m int) invSide[C] {
	var c invSide[C]
	for k := range s.z {
		mm := int(axisMove[k][m])
		c.z[k] = s.z[k].Multiply(&moveCube[mm])
		c.iax[k] = s.iaxAfter(tabs, k, m)
	}
	return c
}

// iaxAfter is the inverse's coordinate along axis k of the child by move m:
// the node's own along the axis m keeps (moveAxis).
func (s *invSide[C]) iaxAfter(tabs coset[C], k, m int) C {
	if k == int(moveAxis[m]) {
		return s.iax[k]
	}
	return tabs.invMove(s.iax[k], &s.z[k], int(axisMove[k][m]))
}

// allChildren lists 0..NumMoves-1: entries looks every child up.
var allChildren = func() (a [NumMoves]uint8) {
	for i := range a {
		a[i] = uint8(i)
	}
	return a
}()

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

// cosetDomain is the cube searched with a coset heuristic: the distance of
// the cube's coset seen along each of the three axes to the goal's, the
// largest of the three, plus one when all three are equal and not 0 (de
// Bondt: a cube one move from solved is in the subgroup for that move's
// axis, so on an optimal path the three cannot all fall by one at every
// step down to 0; Rokicki: a coset at distance x has no solution of length
// x ending with a turn of its axis's faces, and three such axes leave no
// last move). With the inverse's cosets (reid-huge), the same for the
// inverse cube, and the larger of the two.
//
// The cube itself is the start cube and the moves applied, made only for
// the rare goal test (all coordinates home) and for display.
type cosetDomain[C comparable, T coset[C]] struct {
	tabs  T
	words []uint32 // the table's entries, 4 bits each
	ax    [3]C
	saved [][3]C // the coordinates before each applied move
	// With the inverse's cosets (tabs.inverse()): the inverse side, and its
	// value before each applied move.
	six       bool
	side      invSide[C]
	savedSide []invSide[C]
	cubePath
	// search is Iterate's state, kept between iterations for its buffers.
	search *cosetSearch[C, T]
	// Expand's scratch, here rather than on its stack: the coset's methods
	// are called through the instantiation's dictionary, so whatever they
	// are handed a pointer to escapes.
	co  [3][NumMoves]C
	idx [3][NumMoves]int64
}

// newCosetDomain returns a domain at cube c (valid, see Cube.Verify) over
// the coordinates tabs and the table's entries words.
func newCosetDomain[C comparable, T coset[C]](c Cube, tabs T, words []uint32) *cosetDomain[C, T] {
	d := &cosetDomain[C, T]{tabs: tabs, words: words, six: tabs.inverse(),
		saved: make([][3]C, 0, 32), cubePath: cubePath{path: make([]uint8, 0, 32)}}
	if d.six {
		d.savedSide = make([]invSide[C], 0, 32)
	}
	d.SetCube(c)
	return d
}

// SetCube makes c the current state.
func (d *cosetDomain[C, T]) SetCube(c Cube) {
	d.root = c
	d.saved, d.path, d.savedSide = d.saved[:0], d.path[:0], d.savedSide[:0]
	inv := c.inverse()
	for k, s := range axisSym {
		y := conjugate(&c, s)
		d.ax[k] = d.tabs.coord(&y)
		if d.six {
			d.side.z[k] = y
			yi := conjugate(&inv, s)
			d.side.iax[k] = d.tabs.coord(&yi)
		}
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

// InverseAxes returns the table values of the inverse cube's three axes
// (all 0 for a heuristic that does not look the inverse up).
func (d *cosetDomain[C, T]) InverseAxes() [3]int {
	var v [3]int
	if d.six {
		for k := range d.side.iax {
			v[k] = d.get(d.tabs.entry(d.side.iax[k]))
		}
	}
	return v
}

// values are the axes' values of the cube and of its inverse, as the
// search keeps them.
func (d *cosetDomain[C, T]) values() (f, i [3]int8) {
	a, b := d.Axes(), d.InverseAxes()
	for k := range a {
		f[k], i[k] = int8(a[k]), int8(b[k])
	}
	return f, i
}

func (d *cosetDomain[C, T]) get(i int64) int { return int(d.words[i>>3] >> (uint(i&7) * 4) & 0xF) }

// HeuristicName is "reid" or "reid-huge".
func (d *cosetDomain[C, T]) HeuristicName() string { return d.tabs.heuristic() }

// H is the heuristic of the current state.
func (d *cosetDomain[C, T]) H() int {
	f, i := d.values()
	return int(combine6(f, i))
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
	d.tabs.entries(d.ax, moves, &d.co, &d.idx)
	for i, m := range moves {
		var f, iv [3]int8
		for k := range f {
			f[k] = int8(d.get(d.idx[k][i]))
			if d.six {
				iv[k] = int8(d.get(d.tabs.entry(d.side.iaxAfter(d.tabs, k, int(m)))))
			}
		}
		out[i] = engine.Child{Move: int32(m), Cost: 1, H: combine6(f, iv)}
	}
	return len(moves)
}

// Apply makes move m.
func (d *cosetDomain[C, T]) Apply(m int) {
	d.saved = append(d.saved, d.ax)
	d.path = append(d.path, uint8(m))
	for k := range d.ax {
		d.ax[k] = d.tabs.move(d.ax[k], int(axisMove[k][m]))
	}
	if d.six {
		d.savedSide = append(d.savedSide, d.side)
		d.side = d.side.child(d.tabs, m)
	}
}

// Undo takes move m back: the last move applied, as the engine undoes
// them; any other move is undone by applying its inverse.
func (d *cosetDomain[C, T]) Undo(m int) {
	if n := len(d.path); n > 0 && int(d.path[n-1]) == m {
		d.ax = d.saved[n-1]
		d.saved, d.path = d.saved[:n-1], d.path[:n-1]
		if d.six {
			d.side = d.savedSide[n-1]
			d.savedSide = d.savedSide[:n-1]
		}
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
	if d.six {
		c.savedSide = append(make([]invSide[C], 0, max(32, cap(d.savedSide))), d.savedSide...)
	}
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
