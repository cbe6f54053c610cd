// Package magiccube is the magic cube of ZOJ 2477: a 3x3x3 cube given as a
// sticker net with arbitrary single-letter colours, solved with quarter turns.
//
// # The net
//
// A Net holds the 54 stickers in the judge's reading order: the top face (9),
// then the three rows of the middle band (12 each: left, front, right, back,
// left to right), then the bottom face (9). Indices:
//
//	          0  1  2
//	          3  4  5
//	          6  7  8
//	 9 10 11 12 13 14 15 16 17 18 19 20
//	21 22 23 24 25 26 27 28 29 30 31 32
//	33 34 35 36 37 38 39 40 41 42 43 44
//	         45 46 47
//	         48 49 50
//	         51 52 53
//
// The net folds the usual way: the band wraps around the cube (left's right
// column meets front's left column, back's right column meets left's left
// column), the top face's bottom row meets the front's top row, and the
// bottom face's top row meets the front's bottom row. Each face is read as
// seen from outside with the net's orientation; FaceStickers lists every
// face's 9 indices row by row, and Centre its centre (4, 22, 25, 28, 31, 49).
//
// Faces are numbered as the judge numbers them: 0 left, 1 front, 2 right,
// 3 back, 4 top, 5 bottom. A turn's direction is clockwise (judge 1) or
// counter-clockwise (judge -1) as seen looking at the face from outside.
//
// # What is checked
//
// ParseNet accepts exactly 54 letters (a-z, A-Z; case matters, 'W' and 'w'
// are two colours), separated or not by white space, commas or slashes. The
// six centres must be six distinct letters, and each centre's letter must
// appear exactly 9 times (so no other letter appears). Whether the stickers
// form a cube that turns can reach (real pieces, corner twist, edge flip,
// permutation parity) is a separate question answered by Net.Reachable: the
// judge answers -1 for such a cube rather than rejecting it.
package magiccube

import (
	"errors"
	"fmt"
	"idaviz/puzzles/preset"
	"strings"
	"unicode/utf8"
)

// Size is the number of stickers in a net.
const Size = 54

// The faces, numbered as the judge numbers them.
const (
	Left = iota
	Front
	Right
	Back
	Top
	Bottom
	NumFaces
)

// FaceNames are one-letter names of the faces, as moves are named: L F R B U D.
const FaceNames = "LFRBUD"

// Net is a cube's stickers in the judge's reading order (see the package
// comment for the index layout). A Net returned by ParseNet is valid.
type Net [Size]byte

// FaceStickers lists each face's sticker indices row by row, as the face is
// seen from outside in the net's orientation; index 4 of each is the centre.
var FaceStickers = [NumFaces][9]int{
	Left:   {9, 10, 11, 21, 22, 23, 33, 34, 35},
	Front:  {12, 13, 14, 24, 25, 26, 36, 37, 38},
	Right:  {15, 16, 17, 27, 28, 29, 39, 40, 41},
	Back:   {18, 19, 20, 30, 31, 32, 42, 43, 44},
	Top:    {0, 1, 2, 3, 4, 5, 6, 7, 8},
	Bottom: {45, 46, 47, 48, 49, 50, 51, 52, 53},
}

// Centre is the index of each face's centre sticker.
var Centre = [NumFaces]int{Left: 22, Front: 25, Right: 28, Back: 31, Top: 4, Bottom: 49}

// FaceOf is the face each sticker lies on.
var FaceOf = func() (f [Size]int) {
	for face, idx := range FaceStickers {
		for _, i := range idx {
			f[i] = face
		}
	}
	return f
}()

// ErrBadNet is wrapped by every error ParseNet returns.
var ErrBadNet = errors.New("bad cube net")

// ParseNet reads a net: 54 colour letters in the judge's reading order, with
// any white space, commas or slashes between them (or none), and checks it as
// the package comment describes.
func ParseNet(text string) (Net, error) {
	var n Net
	k := 0
	for _, r := range text { // runes, so that a message shows 'ж', not its bytes
		c := byte(r)
		switch {
		case r < utf8.RuneSelf && isSeparator(c):
			continue
		case r >= utf8.RuneSelf || !isLetter(c):
			return Net{}, fmt.Errorf("%w: sticker %d: %q is not a colour letter", ErrBadNet, k+1, r)
		case k == Size:
			return Net{}, fmt.Errorf("%w: more than %d stickers", ErrBadNet, Size)
		}
		n[k] = c
		k++
	}
	if k != Size {
		return Net{}, fmt.Errorf("%w: got %d stickers, want %d", ErrBadNet, k, Size)
	}
	if err := n.Check(); err != nil {
		return Net{}, err
	}
	return n, nil
}

func isSeparator(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == ',' || c == '/'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Check reports whether n's stickers are letters, its centres six distinct
// colours, and every colour on exactly 9 stickers.
func (n *Net) Check() error {
	for i, c := range n {
		if !isLetter(c) {
			return fmt.Errorf("%w: sticker %d: %q is not a colour letter", ErrBadNet, i+1, c)
		}
	}
	var face [256]int // colour -> 1 + its face
	for f := range NumFaces {
		c := n[Centre[f]]
		if face[c] != 0 {
			return fmt.Errorf("%w: the centres of the %s and %s faces are both %q; the six centres must differ",
				ErrBadNet, faceWord[face[c]-1], faceWord[f], c)
		}
		face[c] = f + 1
	}
	var count [256]int
	for i, c := range n {
		if face[c] == 0 {
			return fmt.Errorf("%w: sticker %d is %q, which is no centre's colour", ErrBadNet, i+1, c)
		}
		count[c]++
	}
	for f := range NumFaces {
		if c := n[Centre[f]]; count[c] != 9 {
			return fmt.Errorf("%w: colour %q (the %s centre) is on %d stickers, want 9", ErrBadNet, c, faceWord[f], count[c])
		}
	}
	return nil
}

var faceWord = [NumFaces]string{"left", "front", "right", "back", "top", "bottom"}

// String writes the net compactly, one net row per group, groups separated by
// slashes: "www/www/www/rrrgggbbbooo/.../yyy". ParseNet reads it back.
func (n Net) String() string {
	var b strings.Builder
	b.Grow(Size + 8)
	for i, c := range n {
		if i == 3 || i == 6 || i == 9 || i == 21 || i == 33 || i == 45 || i == 48 || i == 51 {
			b.WriteByte('/')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Judge writes the net in the judge's layout: nine lines, the top and bottom
// faces indented by six spaces, letters separated by single spaces.
func (n Net) Judge() string {
	var b strings.Builder
	row := func(from, to int, indent bool) {
		if indent {
			b.WriteString("      ")
		}
		for i := from; i < to; i++ {
			if i > from {
				b.WriteByte(' ')
			}
			b.WriteByte(n[i])
		}
		b.WriteByte('\n')
	}
	for r := range 3 {
		row(3*r, 3*r+3, true)
	}
	for r := range 3 {
		row(9+12*r, 21+12*r, false)
	}
	for r := range 3 {
		row(45+3*r, 48+3*r, true)
	}
	return b.String()
}

// SolvedText is the solved cube coloured as the judge's sample: white top,
// red left, green front, blue right, orange back, yellow bottom.
const SolvedText = "www/www/www/rrrgggbbbooo/rrrgggbbbooo/rrrgggbbbooo/yyy/yyy/yyy"

// Presets are the judge's samples and two harder cubes; the tests check
// their optimal lengths.
var Presets = []preset.Preset{
	{Name: "zoj2477 sample 1 (solved)", State: SolvedText, Optimal: 0},
	{Name: "zoj2477 sample 2", State: "www/www/bbb/rrwgggybbooo/rrwgggybbooo/rrwgggybbooo/rrr/yyy/yyy", Optimal: 1},
	{Name: "five turns (L F R' U D')", State: "", Optimal: 5},
	{Name: "six turns (F R U B' L D)", State: "", Optimal: 6},
}

func init() {
	for i, moves := range map[int][]int{2: {0, 2, 5, 8, 11}, 3: {2, 4, 8, 7, 0, 10}} {
		n, _ := ParseNet(SolvedText)
		for _, m := range moves {
			n.Apply(m)
		}
		Presets[i].State = n.String()
	}
}
