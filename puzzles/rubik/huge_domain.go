package rubik

import "idaviz/engine"

// HugeDomain is the cube searched with the heuristic "reid-huge": ReidDomain
// with the sorted-slice coordinate (see huge.go). The two share cubePath and
// differ in the coordinate type and tables; their search code (Expand,
// Apply, Undo) could be one generic domain, at a cost to measure.
type HugeDomain struct {
	ht    *hugeTables
	words []uint32
	ax    [3]hugeCoord
	saved [][3]hugeCoord // the coordinates before each applied move
	cubePath
}

var (
	_ engine.Domain      = (*HugeDomain)(nil)
	_ engine.Cloner      = (*HugeDomain)(nil)
	_ engine.RuleCutter  = (*HugeDomain)(nil)
	_ engine.Snapshotter = (*HugeDomain)(nil)
)

// NewHugeDomain returns a domain at cube c (valid, see Cube.Verify) that
// reads the reid-huge table's entries words (Table.Words, or their copy in
// huge pages).
func NewHugeDomain(c Cube, words []uint32) *HugeDomain {
	d := &HugeDomain{ht: hugeCoords(), words: words,
		saved: make([][3]hugeCoord, 0, 32), cubePath: cubePath{path: make([]uint8, 0, 32)}}
	d.SetCube(c)
	return d
}

// SetCube makes c the current state.
func (d *HugeDomain) SetCube(c Cube) {
	d.root = c
	d.saved, d.path = d.saved[:0], d.path[:0]
	for k, s := range axisSym {
		y := conjugate(&c, s)
		d.ax[k] = y.hugeCoord()
	}
}

// Axes returns the table values of the three axes for the current state.
func (d *HugeDomain) Axes() [3]int {
	var v [3]int
	for k := range d.ax {
		v[k] = d.get(d.ht.index(d.ax[k]))
	}
	return v
}

func (d *HugeDomain) get(i int64) int { return int(d.words[i>>3] >> (uint(i&7) * 4) & 0xF) }

// HeuristicName is "reid-huge".
func (d *HugeDomain) HeuristicName() string { return hugeName }

// H is the heuristic of the current state.
func (d *HugeDomain) H() int {
	v := d.Axes()
	return combine(v[0], v[1], v[2])
}

// IsGoal reports whether the cube is solved.
func (d *HugeDomain) IsGoal() bool {
	if d.ax != [3]hugeCoord{} {
		return false
	}
	c := d.Cube()
	return c.IsSolved()
}

// Expand is ReidDomain.Expand with the sorted-slice coordinate: every index
// is computed before the first table read, so that the reads' cache misses
// overlap.
func (d *HugeDomain) Expand(prev int, out []engine.Child) int {
	ht := d.ht
	p1 := ht.p1
	moves := allowedMoves[(prev+1)%(NumMoves+1)]
	var idx [3][NumMoves]int64
	for k := 0; k < 3; k++ {
		a := d.ax[k]
		tr := (*[NumMoves]uint16)(p1.twistMove[int(a.twist)*NumMoves:])
		fr := (*[NumMoves]uint16)(p1.flipMove[int(a.flip)*NumMoves:])
		sr := (*[NumMoves]uint16)(ht.sortedMove[int(a.sorted)*NumMoves:])
		am := &axisMove[k]
		ik := &idx[k]
		for i, m := range moves {
			mm := am[m%NumMoves] % NumMoves
			cs := ht.classSym[int(sr[mm])*NFlip+int(fr[mm])]
			ik[i%NumMoves] = int64(cs>>4)*NTwist + int64(p1.twistConj[int(tr[mm])<<4|int(cs&15)])
		}
	}
	for i, m := range moves {
		h := combine(d.get(idx[0][i]), d.get(idx[1][i]), d.get(idx[2][i]))
		out[i] = engine.Child{Move: int32(m), Cost: 1, H: int32(h)}
	}
	return len(moves)
}

// Apply makes move m.
func (d *HugeDomain) Apply(m int) {
	d.saved = append(d.saved, d.ax)
	d.path = append(d.path, uint8(m))
	for k := range d.ax {
		d.ax[k] = d.ht.move(d.ax[k], int(axisMove[k][m]))
	}
}

// Undo takes move m back, as ReidDomain.Undo.
func (d *HugeDomain) Undo(m int) {
	if n := len(d.path); n > 0 && int(d.path[n-1]) == m {
		d.ax = d.saved[n-1]
		d.saved, d.path = d.saved[:n-1], d.path[:n-1]
		return
	}
	d.Apply(Inverse(m))
}

// Clone returns an independent copy sharing the read-only tables.
func (d *HugeDomain) Clone() engine.Domain {
	c := *d
	c.saved = append(make([][3]hugeCoord, 0, max(32, cap(d.saved))), d.saved...)
	c.path = append(make([]uint8, 0, max(32, cap(d.path))), d.path...)
	return &c
}

// SetState restores a state from AppendState; a wrong length or an invalid
// cube is ignored.
func (d *HugeDomain) SetState(b []byte) {
	if c, ok := cubeOfState(b); ok {
		d.SetCube(c)
	}
}
