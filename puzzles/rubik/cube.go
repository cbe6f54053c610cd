// Package rubik is the Rubik's cube after Korf (1997): a cubie model with
// move tables for the 18 half-turn-metric moves, the move-pruning rule,
// pattern databases built by breadth-first search and cached on disk, and an
// engine.Domain whose heuristic is the maximum of the database lookups.
package rubik

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"idaviz/internal/quote"
)

// Corner positions and cubies, named by their faces (Kociemba's numbering).
const (
	URF = iota
	UFL
	ULB
	UBR
	DFR
	DLF
	DBL
	DRB
)

// Edge positions and cubies.
const (
	UR = iota
	UF
	UL
	UB
	DR
	DF
	DL
	DB
	FR
	FL
	BL
	BR
)

// Faces in move order. Opposite faces are paired (U,D), (F,B), (L,R), so a
// face's axis is face/2.
const (
	FaceU = iota
	FaceD
	FaceF
	FaceB
	FaceL
	FaceR
)

// NumMoves is the number of half-turn-metric moves: 6 faces x (quarter turn,
// half turn, counter quarter turn). Move m turns face m/3 by (m%3+1) quarter
// turns clockwise.
const NumMoves = 18

const faceLetters = "UDFBLR"

var suffixes = [3]string{"", "2", "'"}

// Cube is a cube state in the cubie model: CP[i] is the corner cubie at
// corner position i, CO[i] its twist (0..2); EP and EO likewise for edges
// (flip 0..1).
type Cube struct {
	CP [8]uint8
	CO [8]uint8
	EP [12]uint8
	EO [12]uint8
}

// Solved returns the solved cube.
func Solved() Cube {
	var c Cube
	for i := range c.CP {
		c.CP[i] = uint8(i)
	}
	for i := range c.EP {
		c.EP[i] = uint8(i)
	}
	return c
}

// IsSolved reports whether c is the solved cube.
func (c *Cube) IsSolved() bool { return *c == Solved() }

// Multiply returns c followed by b (b applied to the state c).
func (c Cube) Multiply(b *Cube) Cube {
	var r Cube
	for i := 0; i < 8; i++ {
		r.CP[i] = c.CP[b.CP[i]]
		r.CO[i] = (c.CO[b.CP[i]] + b.CO[i]) % 3
	}
	for i := 0; i < 12; i++ {
		r.EP[i] = c.EP[b.EP[i]]
		r.EO[i] = (c.EO[b.EP[i]] + b.EO[i]) % 2
	}
	return r
}

// basic holds the clockwise quarter turn of each face, in "replaced by" form.
var basic = [6]Cube{
	FaceU: {
		CP: [8]uint8{UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB},
		EP: [12]uint8{UB, UR, UF, UL, DR, DF, DL, DB, FR, FL, BL, BR},
	},
	FaceD: {
		CP: [8]uint8{URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR},
		EP: [12]uint8{UR, UF, UL, UB, DF, DL, DB, DR, FR, FL, BL, BR},
	},
	FaceF: {
		CP: [8]uint8{UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB},
		CO: [8]uint8{1, 2, 0, 0, 2, 1, 0, 0},
		EP: [12]uint8{UR, FL, UL, UB, DR, FR, DL, DB, UF, DF, BL, BR},
		EO: [12]uint8{0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0},
	},
	FaceB: {
		CP: [8]uint8{URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL},
		CO: [8]uint8{0, 0, 1, 2, 0, 0, 2, 1},
		EP: [12]uint8{UR, UF, UL, BR, DR, DF, DL, BL, FR, FL, UB, DB},
		EO: [12]uint8{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1},
	},
	FaceL: {
		CP: [8]uint8{URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB},
		CO: [8]uint8{0, 1, 2, 0, 0, 2, 1, 0},
		EP: [12]uint8{UR, UF, BL, UB, DR, DF, FL, DB, FR, UL, DL, BR},
	},
	FaceR: {
		CP: [8]uint8{DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR},
		CO: [8]uint8{2, 0, 0, 1, 1, 0, 0, 2},
		EP: [12]uint8{FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR},
	},
}

// moveCube[m] is the cube that move m makes from the solved cube. It is a
// variable initializer, not init, because other initializers read it.
var moveCube = func() [NumMoves]Cube {
	var mc [NumMoves]Cube
	for f := 0; f < 6; f++ {
		c := Solved()
		for k := 0; k < 3; k++ {
			c = c.Multiply(&basic[f])
			mc[f*3+k] = c
		}
	}
	return mc
}()

// Move applies move m (0..NumMoves-1) to c.
func (c *Cube) Move(m int) { *c = c.Multiply(&moveCube[m]) }

// Inverse returns the move that undoes m.
func Inverse(m int) int { return m/3*3 + 2 - m%3 }

// MoveName is m in Singmaster notation: "U", "U2", "U'".
func MoveName(m int) string {
	if m < 0 || m >= NumMoves {
		return fmt.Sprintf("move(%d)", m)
	}
	return string(faceLetters[m/3]) + suffixes[m%3]
}

// Allowed reports whether move m may follow prev (-1 at the root): never the
// same face twice in a row, and of two opposite faces only the pair in the
// fixed order U before D, F before B, L before R (so no U right after D).
// Both rules only drop sequences that have an equal or shorter twin.
func Allowed(prev, m int) bool {
	if prev < 0 {
		return true
	}
	pf, f := prev/3, m/3
	if pf == f {
		return false
	}
	return !(pf/2 == f/2 && pf > f)
}

// ParseMoves reads a move sequence in Singmaster notation: face letters
// U D F B L R, each optionally followed by 2 or ', separated by white space
// (or written together: "RU2F'"). Anything else is an error naming the token.
func ParseMoves(s string) ([]int, error) {
	var moves []int
	for _, tok := range strings.Fields(s) {
		rest := tok
		for rest != "" {
			f := strings.IndexByte(faceLetters, rest[0])
			if f < 0 {
				return nil, fmt.Errorf("bad move %q in %s: a move is a face letter U D F B L R (upper case), then nothing, 2 or '", firstRune(rest), quote.Short(tok))
			}
			k := 0
			rest = rest[1:]
			if rest != "" {
				switch rest[0] {
				case '2':
					k, rest = 1, rest[1:]
				case '\'':
					k, rest = 2, rest[1:]
				}
			}
			moves = append(moves, f*3+k)
		}
	}
	return moves, nil
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return s
}

// FormatMoves writes moves in Singmaster notation separated by spaces.
func FormatMoves(moves []int) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(MoveName(m))
	}
	return b.String()
}

// Apply applies a move sequence to c.
func (c *Cube) Apply(moves []int) {
	for _, m := range moves {
		c.Move(m)
	}
}

// FromMoves returns the cube that a move sequence makes from the solved cube.
func FromMoves(moves []int) Cube {
	c := Solved()
	c.Apply(moves)
	return c
}

// Verify reports why c is not a reachable cube state, or nil: every cubie
// once, corner twists summing to 0 mod 3, edge flips to 0 mod 2, and the
// corner and edge permutations of equal parity.
func (c *Cube) Verify() error {
	var seenC [8]bool
	twist := 0
	for i, p := range c.CP {
		if p >= 8 || seenC[p] {
			return fmt.Errorf("corner cubie %d at position %d is repeated or unknown", p, i)
		}
		seenC[p] = true
		if c.CO[i] > 2 {
			return fmt.Errorf("corner twist %d at position %d is out of range", c.CO[i], i)
		}
		twist += int(c.CO[i])
	}
	var seenE [12]bool
	flip := 0
	for i, p := range c.EP {
		if p >= 12 || seenE[p] {
			return fmt.Errorf("edge cubie %d at position %d is repeated or unknown", p, i)
		}
		seenE[p] = true
		if c.EO[i] > 1 {
			return fmt.Errorf("edge flip %d at position %d is out of range", c.EO[i], i)
		}
		flip += int(c.EO[i])
	}
	if twist%3 != 0 {
		return fmt.Errorf("a corner is twisted (corner twists sum to %d, not a multiple of 3)", twist)
	}
	if flip%2 != 0 {
		return fmt.Errorf("an edge is flipped (edge flips sum to %d, not even)", flip)
	}
	if parity(c.CP[:]) != parity(c.EP[:]) {
		return fmt.Errorf("permutation parity: two pieces are swapped (corner and edge permutations differ in parity)")
	}
	return nil
}

// parity is 0 for an even permutation, 1 for an odd one.
func parity(p []uint8) int {
	s := 0
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i] > p[j] {
				s ^= 1
			}
		}
	}
	return s
}

// Random returns a uniformly random reachable cube: random permutations of
// matching parity and random orientations obeying the sum rules.
func Random(rng *rand.Rand) Cube {
	var c Cube
	for {
		cp := rng.Perm(8)
		ep := rng.Perm(12)
		for i := range cp {
			c.CP[i] = uint8(cp[i])
		}
		for i := range ep {
			c.EP[i] = uint8(ep[i])
		}
		if parity(c.CP[:]) == parity(c.EP[:]) {
			break
		}
	}
	t := 0
	for i := 0; i < 7; i++ {
		c.CO[i] = uint8(rng.IntN(3))
		t += int(c.CO[i])
	}
	c.CO[7] = uint8((3 - t%3) % 3)
	f := 0
	for i := 0; i < 11; i++ {
		c.EO[i] = uint8(rng.IntN(2))
		f += int(c.EO[i])
	}
	c.EO[11] = uint8(f % 2)
	return c
}
