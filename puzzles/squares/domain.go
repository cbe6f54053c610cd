package squares

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"

	"idaviz/engine"
	"idaviz/internal/quote"
)

// frame is what Undo restores.
type frame struct{ present, kept uint64 }

// Domain is a grid searched in place; it implements engine.Domain,
// engine.RuleCutter, engine.Snapshotter, engine.Cloner and the puzzles
// Viewer. Its state is the sticks still present and the sticks the move rule
// keeps in the current subtree.
type Domain struct {
	g       *geometry
	present uint64
	kept    uint64
	start   uint64 // the sticks present at the start, for the view
	heur    int
	stack   []frame
}

const (
	heurGreedy = iota
	heurRatio
	heurNone
)

// NewDomain returns a domain at grid g with the named heuristic ("" for the
// default).
func NewDomain(g *Grid, heuristic string) (*Domain, error) {
	if g == nil || g.n < 1 || g.n > MaxN {
		return nil, fmt.Errorf("squares: no valid grid")
	}
	d := &Domain{g: geometries[g.n], stack: make([]frame, 0, 64)}
	switch heuristic {
	case Greedy, "":
		d.heur = heurGreedy
	case Ratio:
		d.heur = heurRatio
	case None:
		d.heur = heurNone
	default:
		return nil, fmt.Errorf("squares: unknown heuristic %s (choose from: %s, %s, %s)", quote.Short(heuristic), Greedy, Ratio, None)
	}
	d.present = d.g.all &^ g.missing
	d.start = d.present
	return d, nil
}

func (d *Domain) NumMoves() int { return d.g.sticks }

// MaxBranch is the stick count of the largest square.
func (d *Domain) MaxBranch() int { return 4 * d.g.n }

// MoveName is the judge's number of the stick removed.
func (d *Domain) MoveName(m int) string { return strconv.Itoa(m + 1) }

// first is the index of the first intact square, -1 when none is.
func (d *Domain) first() int {
	p := d.present
	for i, m := range d.g.masks {
		if p&m == m {
			return i
		}
	}
	return -1
}

// IsGoal reports whether no square is intact.
func (d *Domain) IsGoal() bool { return d.first() < 0 }

// H is the heuristic value of the current state.
func (d *Domain) H() int { return d.h(d.present, d.kept) }

func (d *Domain) h(present, kept uint64) int {
	switch d.heur {
	case heurGreedy:
		return d.greedy(present, kept)
	case heurRatio:
		return d.ratio(present, kept)
	}
	return 0
}

func (d *Domain) greedy(present, kept uint64) int {
	w := present
	h := 0
	for _, m := range d.g.masks {
		if w&m != m {
			continue
		}
		free := m &^ kept
		if free == 0 {
			return DeadEnd
		}
		h++
		w &^= free
	}
	return h
}

func (d *Domain) ratio(present, kept uint64) int {
	var in [64]uint8
	intact := 0
	for _, m := range d.g.masks {
		if present&m != m {
			continue
		}
		intact++
		for f := m &^ kept; f != 0; f &= f - 1 {
			in[bits.TrailingZeros64(f)]++
		}
	}
	if intact == 0 {
		return 0
	}
	most := 0
	for _, c := range in[:d.g.sticks] {
		most = max(most, int(c))
	}
	if most == 0 {
		return DeadEnd
	}
	return (intact + most - 1) / most
}

// Expand offers the sticks of the first intact square that the rule does
// not keep, in ascending order; the child that removes a stick keeps the
// ones offered before it.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	i := d.first()
	if i < 0 {
		return 0
	}
	sq := d.g.masks[i]
	n := 0
	kept := d.kept
	for f := sq &^ d.kept; f != 0; f &= f - 1 {
		bit := f & -f
		out[n] = engine.Child{Move: int32(bits.TrailingZeros64(f)), Cost: 1, H: int32(d.h(d.present&^bit, kept))}
		kept |= bit
		n++
	}
	return n
}

// Apply removes stick m. When m is on the first intact square, the square's
// sticks before it join the kept ones, as Expand described. Applying a stick
// that is not there (a replayed trace gone wrong) changes nothing but is
// still undone by Undo.
func (d *Domain) Apply(m int) {
	d.stack = append(d.stack, frame{d.present, d.kept})
	if m < 0 || m >= d.g.sticks {
		return
	}
	bit := uint64(1) << m
	if d.present&bit == 0 {
		return
	}
	if i := d.first(); i >= 0 && d.g.masks[i]&bit != 0 {
		d.kept |= d.g.masks[i] & (bit - 1)
	}
	d.present &^= bit
}

// Undo takes back the last Apply.
func (d *Domain) Undo(int) {
	if len(d.stack) == 0 {
		return
	}
	f := d.stack[len(d.stack)-1]
	d.stack = d.stack[:len(d.stack)-1]
	d.present, d.kept = f.present, f.kept
}

// Cut names the sticks of the first intact square that the rule keeps here:
// the ones tried by earlier siblings along the path. (Sticks off that square
// are not forbidden, only left for a deeper node, and are not listed.)
func (d *Domain) Cut(prev int, out []int) int {
	i := d.first()
	if i < 0 {
		return 0
	}
	n := 0
	for f := d.g.masks[i] & d.kept; f != 0 && n < len(out); f &= f - 1 {
		out[n] = bits.TrailingZeros64(f)
		n++
	}
	return n
}

// AppendState appends the present and the kept sticks, 8 bytes each.
func (d *Domain) AppendState(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint64(dst, d.present)
	return binary.LittleEndian.AppendUint64(dst, d.kept)
}

// SetState makes a state from AppendState current. Bytes of the wrong
// length are ignored: they cannot come from this domain.
func (d *Domain) SetState(b []byte) {
	if len(b) != 16 {
		return
	}
	d.present = binary.LittleEndian.Uint64(b) & d.g.all
	d.kept = binary.LittleEndian.Uint64(b[8:]) & d.g.all
	d.stack = d.stack[:0]
}

// Clone returns an independent copy.
func (d *Domain) Clone() engine.Domain {
	c := *d
	c.stack = append(make([]frame, 0, cap(d.stack)), d.stack...)
	return &c
}

// Present lists the sticks still there, 1-based.
func (d *Domain) Present() []int { return sticksOf(d.present) }

// Intact lists the intact squares in search order.
func (d *Domain) Intact() []Square {
	out := []Square{}
	for i, m := range d.g.masks {
		if d.present&m == m {
			out = append(out, d.g.squares[i])
		}
	}
	return out
}

// View is what the page's "squares" renderer draws. Stick numbers are the
// judge's, 1-based.
type View struct {
	N       int      `json:"n"`
	Missing []int    `json:"missing"` // missing from the start
	Removed []int    `json:"removed"` // removed by the search so far
	Kept    []int    `json:"kept"`    // the move rule keeps them in this subtree
	Intact  []Square `json:"intact"`  // in search order: the first is branched on
	// Bounds holds the heuristics' values here (DeadEnd: no way on): the
	// page may draw states with a domain built for another heuristic than
	// the run's, so the view does not depend on the domain's own.
	Bounds []Bound `json:"bounds"`
}

// Bound is one heuristic's value.
type Bound struct {
	Name string `json:"name"`
	H    int    `json:"h"`
}

// View describes the current grid for the page.
func (d *Domain) View() any {
	return View{
		N:       d.g.n,
		Missing: sticksOf(d.g.all &^ d.start),
		Removed: sticksOf(d.start &^ d.present),
		Kept:    sticksOf(d.kept & d.present),
		Intact:  d.Intact(),
		Bounds: []Bound{
			{Greedy, d.greedy(d.present, d.kept)},
			{Ratio, d.ratio(d.present, d.kept)},
		},
	}
}
