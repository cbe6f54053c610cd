package magiccube

import "fmt"

// The turns and pieces are derived once from the cube's geometry rather than
// typed in as tables: each sticker gets a position and an outward normal in
// three dimensions, and a quarter turn is a rotation of the stickers in the
// turned layer. The tests cross-check the result against the seed's tables.

type vec [3]int

func (a vec) dot(b vec) int { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func (a vec) add(b vec) vec   { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec) scale(k int) vec { return vec{k * a[0], k * a[1], k * a[2]} }

// x points right, y up, z out of the front face.
var faceNormal = [NumFaces]vec{
	Left:   {-1, 0, 0},
	Front:  {0, 0, 1},
	Right:  {1, 0, 0},
	Back:   {0, 0, -1},
	Top:    {0, 1, 0},
	Bottom: {0, -1, 0},
}

// place returns sticker i's cubie position (coordinates in -1..1) and its
// outward normal.
func place(i int) (p, n vec) {
	switch {
	case i < 9: // top: its bottom row meets the front
		r, c := i/3, i%3
		return vec{c - 1, 1, r - 1}, faceNormal[Top]
	case i >= 45: // bottom: its top row meets the front
		r, c := (i-45)/3, (i-45)%3
		return vec{c - 1, -1, 1 - r}, faceNormal[Bottom]
	}
	j := i - 9
	r, col := j/12, j%12
	c, y := col%3, 1-r
	switch col / 3 {
	case 0:
		return vec{-1, y, c - 1}, faceNormal[Left]
	case 1:
		return vec{c - 1, y, 1}, faceNormal[Front]
	case 2:
		return vec{1, y, 1 - c}, faceNormal[Right]
	default:
		return vec{1 - c, y, -1}, faceNormal[Back]
	}
}

// rotCW turns v a quarter clockwise as seen from outside along axis a (a unit
// axis vector): by -90 degrees, v' = -(a x v) + a (a . v).
func rotCW(a, v vec) vec { return a.cross(v).scale(-1).add(a.scale(a.dot(v))) }

// NumMoves is the number of quarter turns: move 2f turns face f clockwise,
// move 2f+1 counter-clockwise; a move's inverse is move^1.
const NumMoves = 2 * NumFaces

// Move is one quarter turn of a face.
type Move struct{ Face, Dir int } // Dir: 1 clockwise, -1 counter-clockwise

// MoveOf returns the move index of a judge turn (face 0..5, dir 1 or -1).
func MoveOf(face, dir int) (int, error) {
	if face < 0 || face >= NumFaces || (dir != 1 && dir != -1) {
		return 0, fmt.Errorf("no turn %d %d: face must be 0..5 and direction 1 or -1", face, dir)
	}
	if dir == 1 {
		return 2 * face, nil
	}
	return 2*face + 1, nil
}

// Turn returns the judge's face and direction of move m.
func Turn(m int) Move {
	if m&1 == 0 {
		return Move{m / 2, 1}
	}
	return Move{m / 2, -1}
}

// MoveName names move m: "F" clockwise, "F'" counter-clockwise.
func MoveName(m int) string {
	if m < 0 || m >= NumMoves {
		return fmt.Sprintf("move(%d)", m)
	}
	s := FaceNames[m/2 : m/2+1]
	if m&1 == 1 {
		s += "'"
	}
	return s
}

// moveTo[m][i] is where move m takes the sticker at i.
var moveTo [NumMoves][Size]uint8

// cycles[m] are move m's five 4-cycles: the sticker at c[0] goes to c[1],
// c[1] to c[2], c[2] to c[3] and c[3] to c[0].
var cycles [NumMoves][5][4]uint8

// corners and edges list each piece's stickers by index.
var (
	corners [8][3]uint8
	edges   [12][2]uint8
)

func init() {
	where := map[[2]vec]int{}
	for i := range Size {
		p, n := place(i)
		where[[2]vec{p, n}] = i
	}
	for m := range NumMoves {
		axis := faceNormal[m/2]
		for i := range Size {
			p, n := place(i)
			if p.dot(axis) != 1 {
				moveTo[m][i] = uint8(i)
				continue
			}
			for range 1 + 2*(m&1) { // counter-clockwise is three clockwise quarters
				p, n = rotCW(axis, p), rotCW(axis, n)
			}
			moveTo[m][i] = uint8(where[[2]vec{p, n}])
		}
		k := 0
		var seen [Size]bool
		for i := range Size {
			if seen[i] || int(moveTo[m][i]) == i {
				continue
			}
			j := i
			for s := range 4 {
				cycles[m][k][s] = uint8(j)
				seen[j] = true
				j = int(moveTo[m][j])
			}
			k++
		}
	}
	pieces := map[vec][]uint8{}
	var order []vec
	for i := range Size {
		p, _ := place(i)
		if _, ok := pieces[p]; !ok {
			order = append(order, p)
		}
		pieces[p] = append(pieces[p], uint8(i))
	}
	nc, ne := 0, 0
	for _, p := range order {
		s := pieces[p]
		switch len(s) {
		case 3:
			corners[nc] = orderCorner(p, s)
			nc++
		case 2:
			edges[ne] = orderEdge(s)
			ne++
		}
	}
}

// orderCorner puts a corner's top or bottom sticker first and the other two
// so that the three go round the corner the same way at every corner, which
// is what makes the twist of a piece comparable between positions.
func orderCorner(p vec, s []uint8) [3]uint8 {
	for k, i := range s {
		if f := FaceOf[i]; f == Top || f == Bottom {
			s[0], s[k] = s[k], s[0]
		}
	}
	_, n0 := place(int(s[0]))
	_, n1 := place(int(s[1]))
	if n0.cross(n1).dot(p) < 0 {
		s[1], s[2] = s[2], s[1]
	}
	return [3]uint8{s[0], s[1], s[2]}
}

// orderEdge puts an edge's reference sticker first: the one on the top or
// bottom face, or failing that the one on the front or back face.
func orderEdge(s []uint8) [2]uint8 {
	rank := func(i uint8) int {
		switch FaceOf[i] {
		case Top, Bottom:
			return 0
		case Front, Back:
			return 1
		}
		return 2
	}
	if rank(s[1]) < rank(s[0]) {
		return [2]uint8{s[1], s[0]}
	}
	return [2]uint8{s[0], s[1]}
}

// Apply makes move m on n (0 <= m < NumMoves).
func (n *Net) Apply(m int) {
	for _, c := range &cycles[m] {
		t := n[c[3]]
		n[c[3]] = n[c[2]]
		n[c[2]] = n[c[1]]
		n[c[1]] = n[c[0]]
		n[c[0]] = t
	}
}

// Solved reports whether every face shows one colour.
func (n *Net) Solved() bool {
	for f := range NumFaces {
		c := n[Centre[f]]
		for _, i := range FaceStickers[f] {
			if n[i] != c {
				return false
			}
		}
	}
	return true
}

// Reachable reports whether quarter turns can bring a valid net (see Check)
// to a solved cube: every corner and edge must be a real piece (the colours
// of a home position's centres) and each piece must appear once, the corner
// twists must add up to a multiple of 3, the edge flips to an even number, and
// the corner and edge permutations must have the same parity.
func (n *Net) Reachable() error {
	var face [256]int
	for f := range NumFaces {
		face[n[Centre[f]]] = f
	}
	homeCorner := map[uint64]int{}
	for k, c := range corners {
		homeCorner[pieceKey(c[:], n, true)] = k
	}
	homeEdge := map[uint64]int{}
	for k, e := range edges {
		homeEdge[pieceKey(e[:], n, true)] = k
	}
	var cperm [8]int
	var used [12]bool
	twist := 0
	for k, c := range corners {
		home, ok := homeCorner[pieceKey(c[:], n, false)]
		if !ok || used[home] {
			return fmt.Errorf("%w: the corner at stickers %d %d %d (%c%c%c) is %s", ErrUnreachable,
				c[0]+1, c[1]+1, c[2]+1, n[c[0]], n[c[1]], n[c[2]], pieceProblem(ok))
		}
		used[home] = true
		cperm[k] = home
		for s, i := range c {
			if f := face[n[i]]; f == Top || f == Bottom {
				twist += s
			}
		}
	}
	used = [12]bool{}
	var eperm [12]int
	flip := 0
	for k, e := range edges {
		home, ok := homeEdge[pieceKey(e[:], n, false)]
		if !ok || used[home] {
			return fmt.Errorf("%w: the edge at stickers %d %d (%c%c) is %s", ErrUnreachable,
				e[0]+1, e[1]+1, n[e[0]], n[e[1]], pieceProblem(ok))
		}
		used[home] = true
		eperm[k] = home
		// The reference colour of the piece is judged like the reference
		// sticker of a position: top/bottom first, then front/back.
		ref := edges[home][0]
		if n[e[0]] != n[Centre[FaceOf[ref]]] {
			flip++
		}
	}
	switch {
	case twist%3 != 0:
		return fmt.Errorf("%w: a corner is twisted", ErrUnreachable)
	case flip%2 != 0:
		return fmt.Errorf("%w: an edge is flipped", ErrUnreachable)
	case parity(cperm[:]) != parity(eperm[:]):
		return fmt.Errorf("%w: two pieces are swapped", ErrUnreachable)
	}
	return nil
}

// ErrUnreachable is wrapped by Reachable's errors.
var ErrUnreachable = fmt.Errorf("no turns solve this cube")

func pieceProblem(real bool) string {
	if real {
		return "a second copy of a piece"
	}
	return "no real piece"
}

// pieceKey is the set of colours of a piece, a bit per letter: of its
// stickers, or with home set, of the centres of the faces its stickers lie on.
func pieceKey(stickers []uint8, n *Net, home bool) uint64 {
	var k uint64
	for _, i := range stickers {
		c := n[i]
		if home {
			c = n[Centre[FaceOf[i]]]
		}
		k |= 1 << (c & 63) // distinct for A-Z and a-z
	}
	return k
}

func parity(p []int) int {
	seen := make([]bool, len(p))
	par := 0
	for i := range p {
		if seen[i] {
			continue
		}
		l := 0
		for j := i; !seen[j]; j = p[j] {
			seen[j] = true
			l++
		}
		par ^= (l - 1) & 1
	}
	return par
}
