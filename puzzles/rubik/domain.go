package rubik

import (
	"math/bits"

	"idaviz/engine"
	"idaviz/puzzles/pdb"
)

// lookup is one pattern database as the search reads it. The rank is
// computed as a sum of independent products, digit times weight, rather than
// Horner's chain of multiplications, so the processor can overlap them.
type lookup struct {
	k      *kind
	n      int      // tracked pieces, at most 8
	pieces [8]uint8 // the tracked cubies
	pw     [8]int64 // weight of each position digit, orientation count included
	ow     [8]int64 // weight of each orientation digit
	words  []uint32
}

func newLookup(t *Table) lookup {
	p := &t.Pattern
	k := p.kind()
	l := lookup{k: k, n: len(p.Pieces), words: t.Words()}
	copy(l.pieces[:], p.Pieces)
	w := p.OrientCount()
	for i := l.n - 1; i >= 0; i-- {
		l.pw[i] = w
		w *= int64(k.n - i)
	}
	w = 1
	for i := l.n - 1; i >= 0; i-- {
		l.ow[i] = w
		w *= int64(k.base)
	}
	return l
}

// lowMask[q] has the bits of the positions below q.
var lowMask = func() (m [16]uint32) {
	for q := range m {
		m[q] = 1<<q - 1
	}
	return m
}()

// Heuristic is a named admissible estimate: the maximum of its pattern
// databases, or, with none, the "simple" count of misplaced pieces.
type Heuristic struct {
	Name   string
	Tables []*Table
	reid   *pdb.Table // the table of "reid", which NewSearch searches with a ReidDomain
	huge   []uint32   // the entries of "reid-huge", for a HugeDomain
}

// NewSearch returns the domain that searches cube c with heuristic h: a
// ReidDomain for "reid", a HugeDomain for "reid-huge" (both the coset
// domain, over their coordinates), else a Domain.
func NewSearch(c Cube, h Heuristic) engine.Domain {
	if h.reid != nil {
		return NewReidDomain(c, h.reid)
	}
	if h.huge != nil {
		return NewHugeDomain(c, h.huge)
	}
	return NewDomain(c, h)
}

// Domain is the cube searched in place by the engine. It keeps the state per
// piece (where each cubie is and how it is turned), which is what the
// databases rank, and computes a child's heuristic in Expand from the pieces'
// positions after the move, read from the per-piece move tables, without
// applying it. (Coordinate move tables for the 6-edge rank would be 48 MB of
// random reads per lookup; ranking 6 positions with a popcount each is
// cheaper than the cache misses.)
type Domain struct {
	cpos, cori [16]uint8 // corners use the first 8; padded for unchecked indexing
	epos, eori [16]uint8 // edges use the first 12
	lookups    []lookup
	name       string
}

var (
	_ engine.Domain      = (*Domain)(nil)
	_ engine.Cloner      = (*Domain)(nil)
	_ engine.RuleCutter  = (*Domain)(nil)
	_ engine.Snapshotter = (*Domain)(nil)
)

// NewDomain returns a domain at cube c searched with heuristic h. The cube
// must be valid (see Cube.Verify).
func NewDomain(c Cube, h Heuristic) *Domain {
	d := &Domain{name: h.Name}
	for _, t := range h.Tables {
		d.lookups = append(d.lookups, newLookup(t))
	}
	d.SetCube(c)
	return d
}

// SetCube makes c the current state. c must be valid (see Cube.Verify); an
// invalid one gives a meaningless state, never a panic.
func (d *Domain) SetCube(c Cube) {
	for i := 0; i < 8; i++ {
		d.cpos[c.CP[i]&7] = uint8(i)
		d.cori[c.CP[i]&7] = c.CO[i] % 3
	}
	for i := 0; i < 12; i++ {
		d.epos[c.EP[i]%12] = uint8(i)
		d.eori[c.EP[i]%12] = c.EO[i] % 2
	}
}

// Cube returns the current state.
func (d *Domain) Cube() Cube {
	var c Cube
	for p := 0; p < 8; p++ {
		c.CP[d.cpos[p]] = uint8(p)
		c.CO[d.cpos[p]] = d.cori[p]
	}
	for p := 0; p < 12; p++ {
		c.EP[d.epos[p]] = uint8(p)
		c.EO[d.epos[p]] = d.eori[p]
	}
	return c
}

// HeuristicName is the name of the domain's heuristic.
func (d *Domain) HeuristicName() string { return d.name }

func (d *Domain) NumMoves() int         { return NumMoves }
func (d *Domain) MaxBranch() int        { return NumMoves }
func (d *Domain) MoveName(m int) string { return MoveName(m) }

var (
	identity       = [16]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11} // the last 4 unused
	cornerIdentity = [16]uint8{0, 1, 2, 3, 4, 5, 6, 7}               // the last 8 unused
)

// IsGoal reports whether the cube is solved.
func (d *Domain) IsGoal() bool {
	return d.cpos == cornerIdentity && d.epos == identity && d.cori == [16]uint8{} && d.eori == [16]uint8{}
}

// H is the heuristic of the current state.
func (d *Domain) H() int { return d.hAfter(-1) }

// hAfter is the heuristic of the state after move m (-1: the current state).
func (d *Domain) hAfter(m int) int {
	if d.lookups == nil {
		return d.simple(m)
	}
	h := 0
	for i := range d.lookups {
		l := &d.lookups[i]
		pos, ori := &d.cpos, &d.cori
		if l.k == edgeKind {
			pos, ori = &d.epos, &d.eori
		}
		if v := l.after(pos, ori, m); v > h {
			h = v
		}
	}
	return h
}

// index is the database entry for the state after move m (-1: none).
func (l *lookup) index(pos, ori *[16]uint8, m int) int64 {
	var used uint32
	var r int64
	if m < 0 {
		for i := 0; i < l.n; i++ {
			c := l.pieces[i&7] & 15
			q := pos[c] & 15
			r += int64(int(q)-bits.OnesCount32(used&lowMask[q]))*l.pw[i&7] + int64(ori[c])*l.ow[i&7]
			used |= 1 << q
		}
		return r
	}
	dest, ot := &l.k.dest[m%NumMoves], &l.k.ori[m%NumMoves]
	for i := 0; i < l.n; i++ {
		c := l.pieces[i&7] & 15
		q := pos[c] & 15
		nq := dest[q] & 15
		r += int64(int(nq)-bits.OnesCount32(used&lowMask[nq]))*l.pw[i&7] + int64(ot[q][ori[c]&3])*l.ow[i&7]
		used |= 1 << nq
	}
	return r
}

func (l *lookup) get(idx int64) int {
	return int(l.words[idx>>3] >> (uint(idx&7) * 4) & 0xF)
}

// after is the database's value for the state after move m (-1: none).
func (l *lookup) after(pos, ori *[16]uint8, m int) int {
	return l.get(l.index(pos, ori, m))
}

// simple is max(ceil(wrong corners/4), ceil(wrong edges/4)), where a piece is
// wrong when misplaced or misoriented: a turn moves 4 corners and 4 edges.
func (d *Domain) simple(m int) int {
	wc, we := 0, 0
	for c := 0; c < 8; c++ {
		q, o := d.cpos[c], d.cori[c]
		if m >= 0 {
			q, o = cornerKind.dest[m][q&15], cornerKind.ori[m][q&15][o&3]
		}
		if int(q) != c || o != 0 {
			wc++
		}
	}
	for c := 0; c < 12; c++ {
		q, o := d.epos[c], d.eori[c]
		if m >= 0 {
			q, o = edgeKind.dest[m][q&15], edgeKind.ori[m][q&15][o&3]
		}
		if int(q) != c || o != 0 {
			we++
		}
	}
	return max((wc+3)/4, (we+3)/4)
}

// maxLookups bounds the databases of a heuristic, so that Expand keeps its
// indices on the stack.
const maxLookups = 8

// Expand writes the children the move rule allows after prev, each with its
// heuristic computed without applying the move.
//
// The database reads are random accesses to tables far bigger than the
// caches, and they are nearly all of the time per node: Expand first
// computes every child's indices, then reads them all, so that the processor
// has many independent cache misses in flight instead of one at a time.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	n := 0
	if len(d.lookups) == 0 || len(d.lookups) > maxLookups {
		for m := 0; m < NumMoves; m++ {
			if Allowed(prev, m) {
				out[n] = engine.Child{Move: int32(m), Cost: 1, H: int32(d.hAfter(m))}
				n++
			}
		}
		return n
	}
	var idx [NumMoves][maxLookups]int64
	for m := 0; m < NumMoves; m++ {
		if !Allowed(prev, m) {
			continue
		}
		for j := range d.lookups {
			l := &d.lookups[j]
			if l.k == edgeKind {
				idx[n][j] = l.index(&d.epos, &d.eori, m)
			} else {
				idx[n][j] = l.index(&d.cpos, &d.cori, m)
			}
		}
		out[n] = engine.Child{Move: int32(m), Cost: 1}
		n++
	}
	for j := range d.lookups {
		l := &d.lookups[j]
		for i := 0; i < n; i++ {
			if v := int32(l.get(idx[i][j])); v > out[i].H {
				out[i].H = v
			}
		}
	}
	return n
}

// Apply makes move m.
func (d *Domain) Apply(m int) {
	ck, ek := &cornerKind.dest[m], &cornerKind.ori[m]
	for c := 0; c < 8; c++ {
		q := d.cpos[c] & 15
		d.cori[c] = ek[q][d.cori[c]&3]
		d.cpos[c] = ck[q]
	}
	ed, eo := &edgeKind.dest[m], &edgeKind.ori[m]
	for c := 0; c < 12; c++ {
		q := d.epos[c] & 15
		d.eori[c] = eo[q][d.eori[c]&3]
		d.epos[c] = ed[q]
	}
}

// Undo takes move m back.
func (d *Domain) Undo(m int) { d.Apply(Inverse(m)) }

// Cut lists the moves the rule forbids after prev.
func (d *Domain) Cut(prev int, out []int) int { return cutMoves(prev, out) }

// cutMoves lists in out the moves the move rule forbids after prev, for
// both domains' Cut.
func cutMoves(prev int, out []int) int {
	n := 0
	for m := 0; m < NumMoves; m++ {
		if !Allowed(prev, m) {
			out[n] = m
			n++
		}
	}
	return n
}

// Clone returns an independent copy sharing the read-only databases.
func (d *Domain) Clone() engine.Domain {
	c := *d
	return &c
}

// AppendState appends the 40-byte per-piece state.
func (d *Domain) AppendState(dst []byte) []byte {
	dst = append(dst, d.cpos[:8]...)
	dst = append(dst, d.cori[:8]...)
	dst = append(dst, d.epos[:12]...)
	return append(dst, d.eori[:12]...)
}

// SetState restores a state from AppendState; a wrong length is ignored.
func (d *Domain) SetState(b []byte) {
	if len(b) != 40 {
		return
	}
	copy(d.cpos[:8], b[0:8])
	copy(d.cori[:8], b[8:16])
	copy(d.epos[:12], b[16:28])
	copy(d.eori[:12], b[28:40])
}

// View is the state for the page's "magiccube" renderer.
func (d *Domain) View() any {
	c := d.Cube()
	return View{Stickers: c.Stickers()}
}
