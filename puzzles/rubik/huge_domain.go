package rubik

import "idaviz/engine"

// HugeDomain is the cube searched with the heuristic "reid-huge": reid's
// domain (cosetDomain) with the sorted-slice coordinate (see huge.go): twist,
// flip and sorted slice, with their class (hugeSym).
type HugeDomain = cosetDomain[hugeSym, *hugeTables]

var (
	_ engine.Domain          = (*HugeDomain)(nil)
	_ engine.Cloner          = (*HugeDomain)(nil)
	_ engine.RuleCutter      = (*HugeDomain)(nil)
	_ engine.Snapshotter     = (*HugeDomain)(nil)
	_ engine.Iterator        = (*HugeDomain)(nil)
	_ engine.SubtreeIterator = (*HugeDomain)(nil)
)

// NewHugeDomain returns a domain at cube c (valid, see Cube.Verify) that
// reads the reid-huge table's entries words (Table.Words, or their copy in
// huge pages).
func NewHugeDomain(c Cube, words []uint32) *HugeDomain {
	return newCosetDomain(c, hugeCoords(), words)
}

func (t *hugeTables) heuristic() string { return hugeName }

func (t *hugeTables) coord(c *Cube) hugeSym { return t.sym(c.hugeCoord()) }

// expand looks the children up in the order of their cost: the inverse's
// axis each move keeps (free), the cube's three axes together (move
// tables), the inverse's two others together (computed from the cubies).
func (t *hugeTables) expand(fr *cosetFrame[hugeSym], ax [3]hugeSym, _ [3]int8, moves []uint8, cut int8, words []uint32) uint32 {
	nc := fr.start(len(moves))
	nc = fr.inherit(moves, nc, cut)
	for k := range ax {
		t.children(ax[k], &axisMove[k], moves, fr.cand[:nc], &fr.co[k], &fr.idx[k])
	}
	fr.loadAxes(nc, words)
	nc = fr.cutBondt(&fr.v, nc, cut)
	if nc == 0 {
		return 0
	}
	fr.cubes()
	var n [3]int
	for k := range n {
		n[k] = t.invCoords(fr, k, moves, nc)
	}
	t.invEntries(fr, &n)
	for k := range n {
		fr.loadInto(&fr.iv[k], fr.sub[k][:n[k]], &fr.idx[k], words)
	}
	nc = fr.cutBondt(&fr.iv, nc, cut)
	return t.touch(&fr.co, fr.finish6(nc))
}

// invCoords lists in fr.sub[k] the nc children of fr.cand whose move does
// not keep the inverse's coset along axis k, with their inverse coordinates
// along k in fr.ico (their class not yet read), and returns how many.
func (t *hugeTables) invCoords(fr *cosetFrame[hugeSym], k int, moves []uint8, nc int) int {
	k %= 3
	z, a, am := &fr.side.z[k], fr.side.iax[k], &axisMove[k]
	ico, sub := &fr.ico[k], &fr.sub[k]
	n := 0
	for _, i := range fr.cand[:nc] {
		i %= NumMoves
		m := moves[i] % NumMoves
		if int(moveAxis[m]) == k {
			continue
		}
		ico[i].hugeCoord = invAfter(z, int(am[m]), a.hugeCoord)
		sub[n%NumMoves] = i
		n++
	}
	return n
}

// invEntries reads the class of the n[k] children invCoords listed along
// each axis k, and sets their entries in fr.idx[k]. The class map's reads,
// rarely cached (97 MB), are made for all the axes in one loop, before any
// is used: they are then in flight together.
func (t *hugeTables) invEntries(fr *cosetFrame[hugeSym], n *[3]int) {
	cls := t.classSym
	for k := range n {
		ico := &fr.ico[k]
		for _, i := range fr.sub[k][:n[k]] {
			c := &ico[i%NumMoves]
			c.cs = cls[int(c.sorted)*NFlip+int(c.flip)]
		}
	}
	tc := t.p1.twistConj
	for k := range n {
		ico, idx := &fr.ico[k], &fr.idx[k]
		for j, i := range fr.sub[k][:n[k]] {
			c := &ico[i%NumMoves]
			idx[j%NumMoves] = int64(c.cs>>4)*NTwist + int64(tc[int(c.twist)<<4|int(c.cs&15)])
		}
	}
}

func (t *hugeTables) entries(ax [3]hugeSym, moves []uint8, co *[3][NumMoves]hugeSym, idx *[3][NumMoves]int64) {
	for k, a := range ax {
		t.children(a, &axisMove[k], moves, allChildren[:len(moves)], &co[k], &idx[k])
	}
}

// children is coordTables.children for hugeSym: one row of each move table
// and one of repMove.
func (t *hugeTables) children(a hugeSym, am *[NumMoves]uint8, moves, cand []uint8, co *[NumMoves]hugeSym, idx *[NumMoves]int64) {
	p1 := t.p1
	tr := (*[NumMoves]uint16)(p1.twistMove[int(a.twist)*NumMoves:])
	fr := (*[NumMoves]uint16)(p1.flipMove[int(a.flip)*NumMoves:])
	sr := (*[NumMoves]uint16)(t.sortedMove[int(a.sorted)*NumMoves:])
	cr := (*[NumMoves]uint32)(t.repMove[int(a.cs>>4)*NumMoves:])
	s := a.cs & 15
	sm, mult := &symMoveUD[s], &symMultUD
	for j, i := range cand {
		i %= NumMoves
		mm := am[moves[i]%NumMoves] % NumMoves
		cs := cr[sm[mm]%NumMoves]
		cs = cs&^15 | uint32(mult[cs&15][s])
		co[i] = hugeSym{hugeCoord{twist: tr[mm], flip: fr[mm], sorted: sr[mm]}, cs}
		idx[j%NumMoves] = int64(cs>>4)*NTwist + int64(p1.twistConj[int(tr[mm])<<4|int(cs&15)])
	}
}

// touch loads the first entries of the rows of the move tables that the
// expansions of the children listed read first, and both ends of their rows
// of repMove (72 bytes, often over two cache lines, and rarely cached: it is
// 110 MB).
func (t *hugeTables) touch(co *[3][NumMoves]hugeSym, cand []uint8) uint32 {
	var sum uint32
	p1 := t.p1
	for _, i := range cand {
		for k := range co {
			c := co[k][i%NumMoves]
			r := int(c.cs>>4) * NumMoves
			sum += uint32(p1.twistMove[int(c.twist)*NumMoves]) + uint32(p1.flipMove[int(c.flip)*NumMoves]) +
				uint32(t.sortedMove[int(c.sorted)*NumMoves]) + t.repMove[r] + t.repMove[r+NumMoves-1]
		}
	}
	return sum
}

// home: the solved cube's coordinates are all 0.
func (t *hugeTables) home(a hugeSym) bool { return a.hugeCoord == hugeCoord{} }

// inverse: reid-huge looks up the inverse cube's three axes too.
func (t *hugeTables) inverse() bool { return true }

func (t *hugeTables) invMove(a hugeSym, z *Cube, mm int) hugeSym {
	return t.sym(invAfter(z, mm, a.hugeCoord))
}
