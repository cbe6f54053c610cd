// Package rotation is the rotation game of UVa 1343 (POJ 2286): a #-shaped
// board of 24 cells holding eight 1s, eight 2s and eight 3s. A move shifts
// one of the four lines of 7 cells by one, cyclically; the goal is to make
// the 8 centre cells hold one number.
//
// The cells are numbered top to bottom, left to right:
//
//	      0     1
//	      2     3
//	4  5  6  7  8  9  10
//	      11    12
//	13 14 15 16 17 18 19
//	      20    21
//	      22    23
//
// Moves A..H shift a line towards its head (the first cell listed takes the
// second's number, ..., the last takes the first's): A = (0 2 6 11 15 20 22),
// B = (1 3 8 12 17 21 23), C = (10 9 8 7 6 5 4), D = (19 18 17 16 15 14 13),
// and E, F, G, H are B, A, D, C reversed. The centre is 6 7 8 11 12 15 16 17.
package rotation

import (
	"errors"
	"fmt"
	"idaviz/puzzles/preset"
	"math/rand/v2"
	"strings"
)

// Cells is the number of cells on the board.
const Cells = 24

// NumMoves is the number of moves, A..H.
const NumMoves = 8

// MoveNames are the moves' letters, by index.
const MoveNames = "ABCDEFGH"

// Board holds each cell's number, 1..3.
type Board [Cells]uint8

// line lists the cells of each move's line, head first.
var line = [NumMoves][7]uint8{
	{0, 2, 6, 11, 15, 20, 22},    // A
	{1, 3, 8, 12, 17, 21, 23},    // B
	{10, 9, 8, 7, 6, 5, 4},       // C
	{19, 18, 17, 16, 15, 14, 13}, // D
	{23, 21, 17, 12, 8, 3, 1},    // E: B reversed
	{22, 20, 15, 11, 6, 2, 0},    // F: A reversed
	{13, 14, 15, 16, 17, 18, 19}, // G: D reversed
	{4, 5, 6, 7, 8, 9, 10},       // H: C reversed
}

// inverse[m] is the move that undoes m: A/F, B/E, C/H, D/G.
var inverse = [NumMoves]int{5, 4, 7, 6, 1, 0, 3, 2}

// lineOf[m] is the physical line move m shifts (0: A/F, 1: B/E, 2: C/H, 3: D/G).
var lineOf = [NumMoves]int{0, 1, 2, 3, 1, 0, 3, 2}

// Centre lists the 8 centre cells.
var Centre = [8]uint8{6, 7, 8, 11, 12, 15, 16, 17}

// Apply makes move m.
func (b *Board) Apply(m int) {
	l := &line[m]
	t := b[l[0]]
	for i := 0; i < 6; i++ {
		b[l[i]] = b[l[i+1]]
	}
	b[l[6]] = t
}

// Undo takes move m back.
func (b *Board) Undo(m int) { b.Apply(inverse[m]) }

// CentreNumber returns the number all centre cells hold, or 0 when they differ.
func (b *Board) CentreNumber() int {
	v := b[Centre[0]]
	for _, c := range Centre[1:] {
		if b[c] != v {
			return 0
		}
	}
	return int(v)
}

// ErrBadBoard is wrapped by every error ParseBoard returns.
var ErrBadBoard = errors.New("bad rotation board")

// ParseBoard reads a board: 24 digits 1..3 in cell order, separated or not
// by white space, commas or slashes ("1 1 1 1 3 2 ...", "11/11/1132323/...").
// Each number must be on exactly 8 cells.
func ParseBoard(text string) (Board, error) {
	var b Board
	k := 0
	for _, c := range text { // runes, so that a message shows 'ж', not its bytes
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '/':
			continue
		case c < '1' || c > '3':
			return Board{}, fmt.Errorf("%w: cell %d: %q is not 1, 2 or 3", ErrBadBoard, k, c)
		case k == Cells:
			return Board{}, fmt.Errorf("%w: more than %d cells", ErrBadBoard, Cells)
		}
		b[k] = byte(c - '0')
		k++
	}
	if k != Cells {
		return Board{}, fmt.Errorf("%w: got %d cells, want %d", ErrBadBoard, k, Cells)
	}
	return b, b.Check()
}

// Check reports whether every cell holds 1, 2 or 3 and each number is on
// exactly 8 cells.
func (b *Board) Check() error {
	var count [4]int
	for i, v := range b {
		if v < 1 || v > 3 {
			return fmt.Errorf("%w: cell %d holds %d, not 1, 2 or 3", ErrBadBoard, i, v)
		}
		count[v]++
	}
	for v := 1; v <= 3; v++ {
		if count[v] != 8 {
			return fmt.Errorf("%w: %d cells hold %d, want 8 of each number", ErrBadBoard, count[v], v)
		}
	}
	return nil
}

// rows are the board's rows, for String.
var rows = [][2]int{{0, 2}, {2, 4}, {4, 11}, {11, 13}, {13, 20}, {20, 22}, {22, 24}}

// String writes the board row by row, rows separated by slashes:
// "11/11/3232313/22/3122231/21/33". ParseBoard reads it back.
func (b Board) String() string {
	var s strings.Builder
	for i, r := range rows {
		if i > 0 {
			s.WriteByte('/')
		}
		for _, v := range b[r[0]:r[1]] {
			s.WriteByte('0' + v)
		}
	}
	return s.String()
}

// Judge writes the board as the judge does: 24 numbers on one line.
func (b Board) Judge() string {
	var s strings.Builder
	for i, v := range b {
		if i > 0 {
			s.WriteByte(' ')
		}
		s.WriteByte('0' + v)
	}
	return s.String()
}

// Scramble returns a random board some moves from a goal: a random goal
// board for the goal's number (a random number for "any"), then depth random
// moves, never undoing the previous one.
func Scramble(rng *rand.Rand, depth int, goal string) Board {
	k := uint8(1 + rng.IntN(3))
	if goal == "1" || goal == "2" || goal == "3" {
		k = goal[0] - '0'
	}
	var b Board
	for _, c := range Centre {
		b[c] = k
	}
	others := make([]uint8, 0, 16)
	for v := uint8(1); v <= 3; v++ {
		if v != k {
			for range 8 {
				others = append(others, v)
			}
		}
	}
	rng.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	for i := range b {
		if b[i] == 0 {
			b[i], others = others[0], others[1:]
		}
	}
	prev := -1
	for range depth {
		m := rng.IntN(NumMoves)
		for prev >= 0 && m == inverse[prev] {
			m = rng.IntN(NumMoves)
		}
		b.Apply(m)
		prev = m
	}
	return b
}

// Presets are the judge's samples and the hardest board found by a local
// search over random boards; the tests check their optimal lengths.
var Presets = []preset.Preset{
	{Name: "uva1343 sample 1", State: "11/11/3232313/22/3122231/21/33", Optimal: 2},
	{Name: "uva1343 sample 2", State: "11/11/1111222/22/2223333/33/33", Optimal: 4},
	{Name: "the hardest board found (12 moves)", State: "22/11/1331132/23/2312331/21/23", Optimal: 12},
}
