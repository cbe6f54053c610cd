package rubik

import (
	"sync"

	"idaviz/engine"
	"idaviz/puzzles/pdb"
)

// ReidDomain is the cube searched with the heuristic "reid": the distance
// to H of the cube's phase-1 coset along each axis (see cosetDomain), its
// coordinate the twist and the flip-slice coordinate's symmetry class.
type ReidDomain = cosetDomain[symCoord, *coordTables]

var (
	_ engine.Domain          = (*ReidDomain)(nil)
	_ engine.Cloner          = (*ReidDomain)(nil)
	_ engine.RuleCutter      = (*ReidDomain)(nil)
	_ engine.Snapshotter     = (*ReidDomain)(nil)
	_ engine.Iterator        = (*ReidDomain)(nil)
	_ engine.SubtreeIterator = (*ReidDomain)(nil)
)

// NewReidDomain returns a domain at cube c (valid, see Cube.Verify) that
// reads the reid table t.
func NewReidDomain(c Cube, t *pdb.Table) *ReidDomain {
	return newCosetDomain(c, phase1(), tableWords(t))
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

// symCoord is a cube's phase-1 coset along one axis as reid keeps it: the
// twist, and the flip-slice coordinate as its class and a symmetry that
// carries it to the class's representative (the raw flip and slice are not
// needed once the search runs on repMove).
type symCoord struct {
	twist uint16
	class uint16
	sym   uint8
}

// symMoveUD[s][m] is the move S_s · m · S_s^-1 for the UD symmetries.
var symMoveUD = func() (mc [NSymUD][NumMoves]uint8) {
	for s := range mc {
		for m := range mc[s] {
			mc[s][m] = uint8(moveConj[s][m])
		}
	}
	return mc
}()

func (pt *coordTables) heuristic() string { return reidName }

func (pt *coordTables) coord(c *Cube) symCoord {
	a := c.axisCoord()
	cs := pt.classSym[int(a.slice)*NFlip+int(a.flip)]
	return symCoord{twist: a.twist, class: uint16(cs >> 4), sym: uint8(cs & 15)}
}

func (pt *coordTables) entry(a symCoord) int64 {
	return int64(a.class)*NTwist + int64(pt.twistConj[int(a.twist)<<4|int(a.sym)])
}

// move is the child of a by move mm. A child X·m seen from the parent's
// symmetry s is S_s·X·S_s^-1 · S_s·m·S_s^-1, the representative R times the
// move m' = S_s·m·S_s^-1: its flip-slice class and symmetry s' are R's row
// of repMove at m', and its symmetry overall S_s'·S_s.
func (pt *coordTables) move(a symCoord, mm int) symCoord {
	cs := pt.repMove[int(a.class)*NumMoves+int(symMoveUD[a.sym%NSymUD][mm])]
	return symCoord{twist: pt.twistMove[int(a.twist)*NumMoves+mm], class: uint16(cs >> 4), sym: symMultUD[cs&15][a.sym%NSymUD]}
}

func (pt *coordTables) expand(fr *cosetFrame[symCoord], ax [3]symCoord, pv [3]int8, moves []uint8, cut int8, words []uint32) uint32 {
	nc := fr.start(len(moves))
	for _, k := range axisOrder(pv) {
		pt.children(ax[k%3], &axisMove[k%3], moves, fr.cand[:nc], &fr.co[k%3], &fr.idx[k%3])
		fr.load(k, nc, words)
		nc = fr.cut(k, nc, cut)
	}
	return pt.touch(&fr.co, fr.finish(nc))
}

func (pt *coordTables) entries(ax [3]symCoord, moves []uint8, co *[3][NumMoves]symCoord, idx *[3][NumMoves]int64) {
	for k, a := range ax {
		pt.children(a, &axisMove[k], moves, allChildren[:len(moves)], &co[k], &idx[k])
	}
}

// children sets, for each child i listed in cand, its coordinates co[i] and
// its entry idx[j] (j: its place in cand): the child of a by move moves[i]
// as seen along the axis (am), as move makes it, from one row of twistMove
// and one of repMove. Every index is computed before the first table read, so that the
// reads' cache misses overlap.
func (pt *coordTables) children(a symCoord, am *[NumMoves]uint8, moves, cand []uint8, co *[NumMoves]symCoord, idx *[NumMoves]int64) {
	tr := (*[NumMoves]uint16)(pt.twistMove[int(a.twist)*NumMoves:])
	cr := (*[NumMoves]uint32)(pt.repMove[int(a.class)*NumMoves:])
	sm := &symMoveUD[a.sym%NSymUD]
	mult := &symMultUD
	for j, i := range cand {
		i %= NumMoves
		mm := am[moves[i]%NumMoves] % NumMoves
		cs := cr[sm[mm]%NumMoves]
		c := symCoord{twist: tr[mm], class: uint16(cs >> 4), sym: mult[cs&15][a.sym%NSymUD]}
		co[i] = c
		idx[j%NumMoves] = int64(c.class)*NTwist + int64(pt.twistConj[int(c.twist)<<4|int(c.sym)])
	}
}

// touch loads the first entries of the rows of repMove and twistMove that
// the expansions of the children listed read first.
func (pt *coordTables) touch(co *[3][NumMoves]symCoord, cand []uint8) uint32 {
	var sum uint32
	for _, i := range cand {
		for k := range co {
			c := co[k][i%NumMoves]
			sum += pt.repMove[int(c.class)*NumMoves] + uint32(pt.twistMove[int(c.twist)*NumMoves])
		}
	}
	return sum
}

// home: a solved cube is at twist 0 and class 0 along every axis.
func (pt *coordTables) home(a symCoord) bool { return a.twist == 0 && a.class == 0 }

// inverse: reid looks up the cube's three axes only, the heuristic of the
// lessons (Reid's, de Bondt's +1).
func (pt *coordTables) inverse() bool { return false }

// invMove computes the inverse whole: reid's searches never ask for it, the
// tests do.
func (pt *coordTables) invMove(_ symCoord, z *Cube, mm int) symCoord {
	y := z.Multiply(&moveCube[mm%NumMoves])
	yi := y.inverse()
	return pt.coord(&yi)
}
