package rubik

import (
	"fmt"
	"math/bits"
)

// kind holds the per-piece move tables of one kind of cubie (corners or
// edges), indexed by the position a piece is at before the move.
type kind struct {
	n    int // positions: 8 or 12
	base int // orientations: 3 or 2
	// dest[m][p] is where move m takes the piece at position p; ori[m][p][o]
	// is that piece's new orientation when its old one was o.
	// Both are padded to powers of two so that masked indices need no
	// bounds checks in the search's inner loop.
	dest [NumMoves][16]uint8
	ori  [NumMoves][16][4]uint8
}

var cornerKind, edgeKind = func() (*kind, *kind) {
	c := &kind{n: 8, base: 3}
	e := &kind{n: 12, base: 2}
	for m := 0; m < NumMoves; m++ {
		mc := &moveCube[m]
		for i := 0; i < 8; i++ {
			src := mc.CP[i]
			c.dest[m][src] = uint8(i)
			for o := 0; o < 3; o++ {
				c.ori[m][src][o] = uint8((o + int(mc.CO[i])) % 3)
			}
		}
		for i := 0; i < 12; i++ {
			src := mc.EP[i]
			e.dest[m][src] = uint8(i)
			for o := 0; o < 2; o++ {
				e.ori[m][src][o] = uint8((o + int(mc.EO[i])) % 2)
			}
		}
	}
	return c, e
}()

// Pattern names a set of cubies of one kind whose positions and orientations
// are the abstract state a pattern database stores the distance of. Its
// entries are ranked perfectly: the rank of the tracked pieces' positions (a
// partial permutation) times the number of orientation vectors, plus the
// orientation vector read as a number in base 3 or 2.
//
// Tracking 7 of the 8 corners ranks exactly the 8!*3^7 corner states: the
// eighth corner's position and twist follow from the others.
type Pattern struct {
	Name    string
	Corners bool    // corner pieces; edge pieces when false
	Pieces  []uint8 // the tracked cubies, in ranking order
}

// The patterns of Korf (1997), and larger 7-edge ones.
var (
	PatternCorners = Pattern{Name: "corners", Corners: true, Pieces: []uint8{0, 1, 2, 3, 4, 5, 6}}
	PatternEdgesA  = Pattern{Name: "edges-a", Pieces: []uint8{0, 1, 2, 3, 4, 5}}
	PatternEdgesB  = Pattern{Name: "edges-b", Pieces: []uint8{6, 7, 8, 9, 10, 11}}
	PatternEdges7A = Pattern{Name: "edges7-a", Pieces: []uint8{0, 1, 2, 3, 4, 5, 6}}
	PatternEdges7B = Pattern{Name: "edges7-b", Pieces: []uint8{5, 6, 7, 8, 9, 10, 11}}
)

func (p *Pattern) kind() *kind {
	if p.Corners {
		return cornerKind
	}
	return edgeKind
}

// Validate reports a pattern that cannot be ranked.
func (p *Pattern) Validate() error {
	k := p.kind()
	if n := len(p.Pieces); n == 0 || n > 7 || n >= k.n {
		return fmt.Errorf("pattern %q: %d pieces (want 1 to %d)", p.Name, n, min(7, k.n-1))
	}
	var seen uint16
	for _, c := range p.Pieces {
		if int(c) >= k.n || seen&(1<<c) != 0 {
			return fmt.Errorf("pattern %q: piece %d is repeated or out of range", p.Name, c)
		}
		seen |= 1 << c
	}
	return nil
}

// PermCount is the number of position ranks: n!/(n-k)!.
func (p *Pattern) PermCount() int64 {
	k := p.kind()
	r := int64(1)
	for i := 0; i < len(p.Pieces); i++ {
		r *= int64(k.n - i)
	}
	return r
}

// OrientCount is the number of orientation vectors: base^k.
func (p *Pattern) OrientCount() int64 {
	r := int64(1)
	for range p.Pieces {
		r *= int64(p.kind().base)
	}
	return r
}

// Size is the number of entries: PermCount * OrientCount.
func (p *Pattern) Size() int64 { return p.PermCount() * p.OrientCount() }

// Index ranks the pattern's abstract state in a per-piece state: pos[c] is
// the position of cubie c and ori[c] its orientation.
func (p *Pattern) Index(pos, ori *[16]uint8) int64 {
	k := p.kind()
	var used uint32
	var r, o int64
	for i, c := range p.Pieces {
		q := pos[c]
		r = r*int64(k.n-i) + int64(q) - int64(bits.OnesCount32(used&(1<<q-1)))
		used |= 1 << q
		o = o*int64(k.base) + int64(ori[c])
	}
	return r*p.OrientCount() + o
}

// unrankPositions writes into pos the positions of the tracked pieces (in
// ranking order) that have position rank r.
func (p *Pattern) unrankPositions(r int64, pos []uint8) {
	k := p.kind()
	n := len(p.Pieces)
	var digits [12]int
	for i := n - 1; i >= 0; i-- {
		radix := int64(k.n - i)
		digits[i] = int(r % radix)
		r /= radix
	}
	var used uint32
	for i := 0; i < n; i++ {
		d := digits[i]
		for q := 0; q < k.n; q++ {
			if used&(1<<q) != 0 {
				continue
			}
			if d == 0 {
				pos[i] = uint8(q)
				used |= 1 << q
				break
			}
			d--
		}
	}
}

// rankPositions is the inverse of unrankPositions.
func (p *Pattern) rankPositions(pos []uint8) int64 {
	k := p.kind()
	var used uint32
	var r int64
	for i := range p.Pieces {
		q := pos[i]
		r = r*int64(k.n-i) + int64(q) - int64(bits.OnesCount32(used&(1<<q-1)))
		used |= 1 << q
	}
	return r
}

// goal is the index of the solved cube.
func (p *Pattern) goal() int64 {
	var pos, ori [16]uint8
	for i := range pos {
		pos[i] = uint8(i)
	}
	return p.Index(&pos, &ori)
}

// moveTables are a pattern's coordinate move tables: for position rank r and
// move m, next[r*18+m] is the new position rank and twist[r*18+m] the
// orientation change (a vector of per-piece additions ranked like an
// orientation vector); add[o*no+t] is orientation o changed by t.
type moveTables struct {
	next  []uint32
	twist []uint16
	add   []uint16
	no    int64
}

func (p *Pattern) moveTables() *moveTables {
	k := p.kind()
	np, no := p.PermCount(), p.OrientCount()
	t := &moveTables{next: make([]uint32, np*NumMoves), twist: make([]uint16, np*NumMoves), add: make([]uint16, no*no), no: no}
	n := len(p.Pieces)
	pos := make([]uint8, n)
	npos := make([]uint8, n)
	for r := int64(0); r < np; r++ {
		p.unrankPositions(r, pos)
		for m := 0; m < NumMoves; m++ {
			tw := 0
			for i, q := range pos {
				npos[i] = k.dest[m][q]
				tw = tw*k.base + int(k.ori[m][q][0])
			}
			t.next[r*NumMoves+int64(m)] = uint32(p.rankPositions(npos))
			t.twist[r*NumMoves+int64(m)] = uint16(tw)
		}
	}
	for o := int64(0); o < no; o++ {
		for tw := int64(0); tw < no; tw++ {
			a, b, sum, mul := o, tw, int64(0), int64(1)
			for i := 0; i < n; i++ {
				sum += (a%int64(k.base) + b%int64(k.base)) % int64(k.base) * mul
				a /= int64(k.base)
				b /= int64(k.base)
				mul *= int64(k.base)
			}
			t.add[o*no+tw] = uint16(sum)
		}
	}
	return t
}
