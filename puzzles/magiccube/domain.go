package magiccube

import (
	"fmt"

	"idaviz/engine"
	"idaviz/internal/quote"
)

// Heuristics, the strongest first (by their sum over the 105046 cubes within
// five turns: max 349752, stickers 338760, faces 330888, pieces 294744; no
// one of the three dominates another). All are admissible: each is a count of
// wrong things divided by (a bound on) how many of them one quarter turn can
// put right. A quarter turn of face F moves 8 stickers around F itself, which
// stay on F, so they can never make F more or less solved; and 12 stickers on
// the four faces beside F, 3 on each (2 corner stickers and 1 edge sticker),
// which is all a turn can change.
//
//   - stickers (the seed's): the stickers that differ from their face's
//     centre. A turn changes at most 12 of them: ceil(wrong/12).
//   - pieces: a corner (edge) is wrong when one of its stickers differs from
//     its face's centre. Whether a piece is wrong depends only on the piece
//     and the place it is in, and a turn moves 4 corners and 4 edges, so it
//     changes at most 4 of each: max(ceil(wrong corners/4), ceil(wrong edges/4)).
//   - faces: on each face, a turn of a neighbour changes 1 edge sticker and 2
//     corner stickers and other turns change none (turning the face itself
//     permutes its stickers among themselves), so the face needs at least
//     (wrong edge stickers) and ceil(wrong corner stickers/2) turns; the most
//     over the six faces.
//   - max: the largest of the three, admissible as each of them is.
//
// Every one is 0 exactly when the cube is solved. The tests check each
// against the distances of a breadth-first search to depth 5.
var Heuristics = []string{"max", "stickers", "faces", "pieces"}

type heuristic uint8

const (
	hMax heuristic = iota
	hStickers
	hFaces
	hPieces
)

func parseHeuristic(name string) (heuristic, error) {
	for i, h := range Heuristics {
		if h == name {
			return heuristic(i), nil
		}
	}
	if name == "" {
		return hMax, nil
	}
	return 0, fmt.Errorf("magic cube: no heuristic %s (choose from max, stickers, faces, pieces)", quote.Short(name))
}

// Measures are the counts the heuristics are made of.
type Measures struct {
	Stickers int // stickers unlike their face's centre
	Corners  int // corner pieces with such a sticker
	Edges    int // edge pieces with such a sticker
	Faces    int // the faces bound: max over faces of max(ceil(corner stickers/2), edge stickers)
}

var isCornerSlot = [9]bool{true, false, true, false, false, false, true, false, true}

// Measure counts what is wrong with n.
func (n *Net) Measure() Measures {
	var m Measures
	var bad [Size]bool
	for f := range NumFaces {
		c := n[Centre[f]]
		wc, we := 0, 0
		for s, i := range FaceStickers[f] {
			if n[i] != c {
				bad[i] = true
				m.Stickers++
				if isCornerSlot[s] {
					wc++
				} else {
					we++
				}
			}
		}
		m.Faces = max(m.Faces, (wc+1)/2, we)
	}
	for _, p := range &corners {
		if bad[p[0]] || bad[p[1]] || bad[p[2]] {
			m.Corners++
		}
	}
	for _, p := range &edges {
		if bad[p[0]] || bad[p[1]] {
			m.Edges++
		}
	}
	return m
}

func (n *Net) h(kind heuristic) int {
	m := n.Measure()
	stickers := (m.Stickers + 11) / 12
	pieces := max((m.Corners+3)/4, (m.Edges+3)/4)
	switch kind {
	case hStickers:
		return stickers
	case hPieces:
		return pieces
	case hFaces:
		return m.Faces
	}
	return max(stickers, pieces, m.Faces)
}

// H returns the named heuristic's value for n.
func (n *Net) H(name string) (int, error) {
	k, err := parseHeuristic(name)
	if err != nil {
		return 0, err
	}
	return n.h(k), nil
}

// opposite[f] is the face opposite f.
var opposite = [NumFaces]int{Left: Right, Right: Left, Front: Back, Back: Front, Top: Bottom, Bottom: Top}

// allowed[prev+1] lists the moves the rule allows after prev, in order. The
// rule: never the inverse of the previous move, and since turns of opposite
// faces commute, after a face never its opposite face when that has the lower
// number (only L before R, F before B, U before D survive). Neither cuts every
// optimal sequence: an optimal sequence never holds a move and its inverse in
// a row, and a pair of opposite turns can be swapped into the allowed order.
var allowed = func() (a [NumMoves + 1][]int) {
	a[0] = make([]int, NumMoves)
	for m := range NumMoves {
		a[0][m] = m
	}
	for prev := range NumMoves {
		for m := range NumMoves {
			if !forbidden(prev, m) {
				a[prev+1] = append(a[prev+1], m)
			}
		}
	}
	return a
}()

func forbidden(prev, m int) bool {
	if m == prev^1 {
		return true
	}
	f := m / 2
	return f == opposite[prev/2] && f < prev/2
}

// Domain searches a cube in place.
type Domain struct {
	n    Net
	kind heuristic
}

// NewDomain returns a domain at n searched with the named heuristic ("" for
// the default). n must be a valid net (see Check).
func NewDomain(n Net, heuristic string) (*Domain, error) {
	k, err := parseHeuristic(heuristic)
	if err != nil {
		return nil, err
	}
	if err := n.Check(); err != nil {
		return nil, err
	}
	return &Domain{n: n, kind: k}, nil
}

var (
	_ engine.Domain      = (*Domain)(nil)
	_ engine.RuleCutter  = (*Domain)(nil)
	_ engine.Snapshotter = (*Domain)(nil)
	_ engine.Cloner      = (*Domain)(nil)
)

// Net returns the current state.
func (d *Domain) Net() Net { return d.n }

func (d *Domain) NumMoves() int  { return NumMoves }
func (d *Domain) MaxBranch() int { return NumMoves }

// MoveName names a move as the judge writes it, "face dir" ("1 -1": the
// front face, counter-clockwise), so `viz solve` prints the judge's moves.
func (d *Domain) MoveName(m int) string {
	if m < 0 || m >= NumMoves {
		return MoveName(m)
	}
	t := Turn(m)
	return fmt.Sprintf("%d %d", t.Face, t.Dir)
}
func (d *Domain) H() int       { return d.n.h(d.kind) }
func (d *Domain) IsGoal() bool { return d.n.Solved() }
func (d *Domain) Apply(m int)  { d.n.Apply(m) }
func (d *Domain) Undo(m int)   { d.n.Apply(m ^ 1) }

// Expand computes each child's heuristic by turning, measuring and turning
// back: twenty stickers move each way, cheaper than keeping counts in step.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	k := 0
	for _, m := range allowed[prev+1] {
		d.n.Apply(m)
		out[k] = engine.Child{Move: int32(m), Cost: 1, H: int32(d.n.h(d.kind))}
		d.n.Apply(m ^ 1)
		k++
	}
	return k
}

// Cut lists the moves the rule forbids after prev.
func (d *Domain) Cut(prev int, out []int) int {
	k := 0
	if prev < 0 || prev >= NumMoves {
		return 0
	}
	for m := range NumMoves {
		if forbidden(prev, m) {
			out[k] = m
			k++
		}
	}
	return k
}

func (d *Domain) AppendState(dst []byte) []byte { return append(dst, d.n[:]...) }
func (d *Domain) SetState(b []byte)             { copy(d.n[:], b) }
func (d *Domain) Clone() engine.Domain          { c := *d; return &c }

// View is the page's picture of the cube: the renderer "magiccube" draws the
// stickers as a net.
type View struct {
	Stickers string `json:"stickers"` // the 54 letters in the judge's reading order
}

// View returns the current state for the page.
func (d *Domain) View() any { return View{Stickers: string(d.n[:])} }
