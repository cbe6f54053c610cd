package rubik

import (
	"fmt"
	"strings"

	"idaviz/puzzles/magiccube"
)

// Facelets are numbered as in Kociemba's cube explorer: the faces U R F D L B,
// nine stickers each, read row by row as the face is seen from outside with
// the standard net's orientation (U above F, D below F, the band L F R B).
const (
	fU = 0
	fR = 9
	fF = 18
	fD = 27
	fL = 36
	fB = 45
)

// faceColour is the sticker letter of each face's centre, in facelet-face
// order U R F D L B: w(hite) U, r(ed) R, g(reen) F, y(ellow) D, o(range) L, b(lue) B.
const faceColour = "wrgyob"

var cornerFacelet = [8][3]int{
	URF: {fU + 8, fR + 0, fF + 2},
	UFL: {fU + 6, fF + 0, fL + 2},
	ULB: {fU + 0, fL + 0, fB + 2},
	UBR: {fU + 2, fB + 0, fR + 2},
	DFR: {fD + 2, fF + 8, fR + 6},
	DLF: {fD + 0, fL + 8, fF + 6},
	DBL: {fD + 6, fB + 8, fL + 6},
	DRB: {fD + 8, fR + 8, fB + 6},
}

var edgeFacelet = [12][2]int{
	UR: {fU + 5, fR + 1},
	UF: {fU + 7, fF + 1},
	UL: {fU + 3, fL + 1},
	UB: {fU + 1, fB + 1},
	DR: {fD + 5, fR + 7},
	DF: {fD + 1, fF + 7},
	DL: {fD + 3, fL + 7},
	DB: {fD + 7, fB + 7},
	FR: {fF + 5, fR + 3},
	FL: {fF + 3, fL + 5},
	BL: {fB + 5, fL + 3},
	BR: {fB + 3, fR + 5},
}

// facelets returns the face (0..5 in U R F D L B order) showing at each of the
// 54 facelets.
func (c *Cube) facelets() [54]uint8 {
	var f [54]uint8
	for i := 0; i < 6; i++ {
		f[i*9+4] = uint8(i)
	}
	for i := 0; i < 8; i++ {
		cub, ori := c.CP[i], int(c.CO[i])
		for n := 0; n < 3; n++ {
			f[cornerFacelet[i][(n+ori)%3]] = uint8(cornerFacelet[cub][n] / 9)
		}
	}
	for i := 0; i < 12; i++ {
		cub, ori := c.EP[i], int(c.EO[i])
		for n := 0; n < 2; n++ {
			f[edgeFacelet[i][(n+ori)%2]] = uint8(edgeFacelet[cub][n] / 9)
		}
	}
	return f
}

// netOrder lists the facelets in the sticker net's reading order (the ZOJ
// 2477 judge's): 9 top, then three band rows of 12 (left, front, right,
// back), then 9 bottom.
var netOrder = func() [54]int {
	var o [54]int
	k := 0
	for i := 0; i < 9; i++ {
		o[k] = fU + i
		k++
	}
	for r := 0; r < 3; r++ {
		for _, face := range []int{fL, fF, fR, fB} {
			for col := 0; col < 3; col++ {
				o[k] = face + r*3 + col
				k++
			}
		}
	}
	for i := 0; i < 9; i++ {
		o[k] = fD + i
		k++
	}
	return o
}()

// Stickers returns the 54 sticker colours in the net's reading order, as the
// letters w (U) y (D) g (F) b (B) r (R) o (L).
func (c *Cube) Stickers() string {
	f := c.facelets()
	var b [54]byte
	for k, i := range netOrder {
		b[k] = faceColour[f[i]]
	}
	return string(b[:])
}

// View is the JSON the page's "magiccube" renderer draws.
type View struct {
	Stickers string `json:"stickers"`
}

// faceletLetters names the faces in facelet order, as the 54-facelet string
// of Cube Explorer and the kociemba packages writes them.
const faceletLetters = "URFDLB"

// Facelets returns the cube as that string: for each facelet in order (U1..U9,
// R1..R9, F, D, L, B), the letter of the face whose colour it shows.
// The solved cube is "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB".
func (c *Cube) Facelets() string {
	f := c.facelets()
	var b [54]byte
	for i, x := range f {
		b[i] = faceletLetters[x]
	}
	return string(b[:])
}

// LooksLikeFacelets reports whether s is meant as a facelet string: 54
// letters of URFDLB and nothing else (a scramble has spaces or 2 and ').
func LooksLikeFacelets(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) != 54 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(faceletLetters, s[i]) < 0 {
			return false
		}
	}
	return true
}

// FromFacelets reads a 54-facelet string (see Facelets). The centres must
// be U R F D L B in that order, nine facelets of each letter, and the cube
// one that turns can reach.
func FromFacelets(s string) (Cube, error) {
	s = strings.TrimSpace(s)
	if len(s) != 54 {
		return Cube{}, fmt.Errorf("facelet string of %d characters, want 54 (U R F D L B faces, 9 letters each)", len(s))
	}
	var count [6]int
	for i := 0; i < 54; i++ {
		f := strings.IndexByte(faceletLetters, s[i])
		if f < 0 {
			return Cube{}, fmt.Errorf("facelet %d is %q: the letters are U R F D L B", i+1, s[i])
		}
		count[f]++
	}
	for f := 0; f < 6; f++ {
		if c := s[f*9+4]; c != faceletLetters[f] {
			return Cube{}, fmt.Errorf("the centre of face %c is %c: the faces come in the order URFDLB, each centre its own letter", faceletLetters[f], c)
		}
		if count[f] != 9 {
			return Cube{}, fmt.Errorf("%d facelets of %c, want 9", count[f], faceletLetters[f])
		}
	}
	// FromNet knows the faces by their centres' letters, whatever they
	// are: with the input's own letters, its errors name the letters the
	// input used.
	var n magiccube.Net
	for k, i := range netOrder {
		n[k] = s[i]
	}
	c, err := FromNet(n)
	if err != nil {
		return Cube{}, fmt.Errorf("facelet string: %w", err)
	}
	return c, nil
}
