// Package tiles is the sliding-tile puzzle on boards from 3x3 to 5x5: the 8,
// 15 and 24 puzzles. The engine moves the blank (U, D, L, R), never straight
// back; the heuristics are the number of misplaced tiles, the Manhattan
// distance and Manhattan plus linear conflicts, all kept up to date
// incrementally as moves are made.
//
// Two goals are known: blank-last (1 2 ... N-1 then the blank, the judges'
// convention and the default) and blank-first (0 1 ... N-1, Korf's, which his
// 100 instances use).
package tiles

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/pdb"
)

// Goal is where the tiles are when the puzzle is solved.
type Goal uint8

const (
	// BlankLast is 1 2 ... N-1 row by row, the blank in the last cell.
	BlankLast Goal = iota
	// BlankFirst is the blank in the first cell, then 1 2 ... N-1.
	BlankFirst
)

// Goals lists the goals' names, the default first.
var Goals = []string{"blank-last", "blank-first"}

func (g Goal) String() string {
	switch g {
	case BlankLast:
		return "blank-last"
	case BlankFirst:
		return "blank-first"
	}
	return fmt.Sprintf("goal(%d)", uint8(g))
}

// ParseGoal reads a goal's name; "" is the default, blank-last.
func ParseGoal(s string) (Goal, error) {
	switch s {
	case "", "blank-last":
		return BlankLast, nil
	case "blank-first":
		return BlankFirst, nil
	}
	return 0, fmt.Errorf("unknown goal %s (choose from: blank-last, blank-first)", quote.Short(s))
}

// ErrUnsolvable is wrapped by the errors about boards that cannot reach
// their goal: every move changes both the parity of the permutation and the
// parity of the blank's distance to its goal cell, so only boards where
// those parities agree are solvable.
var ErrUnsolvable = errors.New("unsolvable")

// Board is a valid arrangement of tiles on a board of a given size, with the
// goal it is to reach.
type Board struct {
	size  int
	goal  Goal
	order Order // the order its domains try the blank's moves in
	tiles cells
}

// WithOrder returns the board whose domains try the blank's moves in order
// o, one of ParseOrder's (any other leaves the board's order as it was).
func (b Board) WithOrder(o Order) Board {
	if o < numOrders {
		b.order = o
	}
	return b
}

// Order is the order the board's domains try the blank's moves in.
func (b Board) Order() Order { return b.order }

// NewBoard checks that tiles (row-major, 0 the blank) are a permutation of
// 0..size*size-1 and returns the board. It does not check solvability (see
// Solvable); Parse does.
func NewBoard(size int, tiles []int, goal Goal) (Board, error) {
	if size < 3 || size > 5 {
		return Board{}, fmt.Errorf("board size %d is not supported (3 to 5)", size)
	}
	if goal != BlankLast && goal != BlankFirst {
		return Board{}, fmt.Errorf("unknown goal %d", goal)
	}
	n := size * size
	if len(tiles) != n {
		return Board{}, fmt.Errorf("got %d numbers, a %dx%d board needs %d", len(tiles), size, size, n)
	}
	b := Board{size: size, goal: goal}
	var seen [MaxCells]bool
	for i, t := range tiles {
		if t < 0 || t >= n {
			return Board{}, fmt.Errorf("tile %d (number %d) is out of range: a %dx%d board holds 0 to %d", t, i+1, size, size, n-1)
		}
		if seen[t] {
			missing := 0
			for m := range n {
				if !seen[m] && !contains(tiles[i+1:], m) {
					missing = m
					break
				}
			}
			return Board{}, fmt.Errorf("tile %d appears twice, so tile %d is missing", t, missing)
		}
		seen[t] = true
		b.tiles[i] = uint8(t)
	}
	return b, nil
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// GoalBoard returns the solved board of a size (3 to 5).
func GoalBoard(size int, goal Goal) (Board, error) {
	if size < 3 || size > 5 {
		return Board{}, fmt.Errorf("board size %d is not supported (3 to 5)", size)
	}
	t := tableFor(size, goal, 0)
	return Board{size: size, goal: goal, tiles: t.goalTiles}, nil
}

// Parse reads a board: size*size integers row-major, 0 the blank, separated
// by spaces, commas or line breaks. A size of 0 infers it from the count (9,
// 16 or 25). The board must be solvable for the goal: if it is not, the
// error wraps ErrUnsolvable.
func Parse(s string, size int, goal Goal) (Board, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	if len(fields) == 0 {
		return Board{}, errors.New("no numbers: a board is 9, 16 or 25 numbers, row by row, 0 for the blank")
	}
	// A word that is no number says more than the count ("hello world"
	// is not two numbers short of a board).
	nums := make([]int, len(fields))
	tooLarge := -1
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		switch {
		case errors.Is(err, strconv.ErrRange):
			if tooLarge < 0 {
				tooLarge = i
			}
		case err != nil:
			return Board{}, fmt.Errorf("number %d, %s, is not a number", i+1, quote.Short(f))
		}
		nums[i] = v
	}
	if size == 0 {
		switch len(fields) {
		case 9, 16, 25:
			size = map[int]int{9: 3, 16: 4, 25: 5}[len(fields)]
		default:
			return Board{}, fmt.Errorf("got %d numbers; a board needs 9 (3x3), 16 (4x4) or 25 (5x5)", len(fields))
		}
	}
	if size < 3 || size > 5 {
		return Board{}, fmt.Errorf("board size %d is not supported (3 to 5)", size)
	}
	if len(fields) != size*size {
		return Board{}, fmt.Errorf("got %d numbers, a %dx%d board needs %d", len(fields), size, size, size*size)
	}
	if tooLarge >= 0 {
		return Board{}, fmt.Errorf("number %d, %s, is out of range: a %dx%d board holds 0 to %d", tooLarge+1, quote.Short(fields[tooLarge]), size, size, size*size-1)
	}
	b, err := NewBoard(size, nums, goal)
	if err != nil {
		return Board{}, err
	}
	if !b.Solvable() {
		// On an odd width both goals have the same parity, so the other
		// goal is offered only where the board can reach it.
		hint := "swap two tiles to fix it"
		other := BlankFirst
		if goal == BlankFirst {
			other = BlankLast
		}
		if o, err := NewBoard(size, nums, other); err == nil && o.Solvable() {
			hint += fmt.Sprintf(", or pose it for the %s goal, which it can reach", other)
		}
		return Board{}, fmt.Errorf("this board cannot reach the %s goal (%w): %s", goal, ErrUnsolvable, hint)
	}
	return b, nil
}

// Size is the board's side: 3, 4 or 5.
func (b Board) Size() int { return b.size }

// GoalKind is the goal the board is to reach.
func (b Board) GoalKind() Goal { return b.goal }

// Tiles returns the tiles row-major, 0 the blank.
func (b Board) Tiles() []int {
	out := make([]int, b.size*b.size)
	for i := range out {
		out[i] = int(b.tiles[i])
	}
	return out
}

// Solvable reports whether the board can reach its goal.
func (b Board) Solvable() bool {
	if b.size == 0 {
		return false
	}
	t := tableFor(b.size, b.goal, b.order)
	n := t.cells
	blank := 0
	for c := 0; c < n; c++ {
		if b.tiles[c] == 0 {
			blank = c
		}
	}
	// The permutation taking each cell's tile to its goal cell is the
	// board's arrangement then the goal's undone: its parity is the sum of
	// theirs.
	parity := permParity(&b.tiles, n) ^ permParity(&t.goalTiles, n)
	return parity == cellDist(b.size, blank, int(t.goalCell[0]))&1
}

// IsGoal reports whether the board is solved.
func (b Board) IsGoal() bool {
	return b.size != 0 && b.tiles == tableFor(b.size, b.goal, b.order).goalTiles
}

// String is the friendly one-line format Parse reads: rows separated by
// commas, "1 2 3, 4 5 6, 7 8 0".
func (b Board) String() string {
	var sb strings.Builder
	for i := 0; i < b.size*b.size; i++ {
		if i > 0 {
			if i%b.size == 0 {
				sb.WriteString(", ")
			} else {
				sb.WriteByte(' ')
			}
		}
		sb.WriteString(strconv.Itoa(int(b.tiles[i])))
	}
	return sb.String()
}

// Grid is the board as aligned rows, one per line, the blank as a dot.
func (b Board) Grid() string {
	width := len(strconv.Itoa(b.size*b.size - 1))
	var sb strings.Builder
	for r := 0; r < b.size; r++ {
		for c := 0; c < b.size; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			s := "."
			if t := b.tiles[r*b.size+c]; t != 0 {
				s = strconv.Itoa(int(t))
			}
			sb.WriteString(strings.Repeat(" ", width-len(s)))
			sb.WriteString(s)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Domain returns a fresh search domain at this board with the named
// heuristic ("" for the default), so a Board is a catalogue instance. A
// pattern database heuristic reads its tables, building the missing ones
// (BuildDomain can follow and cancel that).
func (b Board) Domain(heuristic string) (engine.Domain, error) {
	return b.BuildDomain(context.Background(), heuristic, nil)
}

// BuildDomain is Domain, with ctx to cancel a pattern database build and
// progress, when not nil, to follow it.
func (b Board) BuildDomain(ctx context.Context, heuristic string, progress func(pdb.Progress)) (engine.Domain, error) {
	h, err := ParseHeuristic(heuristic)
	if err != nil {
		return nil, err
	}
	if b.size == 0 {
		return nil, errors.New("empty board")
	}
	if !b.Solvable() {
		return nil, fmt.Errorf("board %s cannot reach the %s goal: %w", b, b.goal, ErrUnsolvable)
	}
	if !h.IsPDB() {
		return NewDomain(b, h), nil
	}
	if b.size != h.Side() {
		return nil, fmt.Errorf("heuristic %s on a %dx%d board: %w", h, b.size, b.size, errPDBSize)
	}
	ph, err := LoadPDB(ctx, h, b.goal, progress)
	if err != nil {
		return nil, fmt.Errorf("heuristic %s: %w", h, err)
	}
	if h.TwoEnded() {
		return newEndsDomain(b, h, ph), nil
	}
	return newPDBDomain(b, h, ph), nil
}

// Move returns the board after the blank makes move m (MoveUp..MoveRight),
// or an error if the move leaves the board.
func (b Board) Move(m int) (Board, error) {
	if b.size == 0 {
		return b, errors.New("empty board")
	}
	if m < 0 || m >= numMoves {
		return b, fmt.Errorf("unknown move %d", m)
	}
	t := tableFor(b.size, b.goal, b.order)
	blank := 0
	for c := 0; c < t.cells; c++ {
		if b.tiles[c] == 0 {
			blank = c
		}
	}
	to := t.to[blank][m]
	if to < 0 {
		return b, fmt.Errorf("move %s takes the blank off the board", moveNames[m])
	}
	b.tiles[blank], b.tiles[to] = b.tiles[to], 0
	return b, nil
}

// Play makes the blank's moves written as letters U D L R (either case) and
// returns the board reached, or an error naming the first bad move.
func (b Board) Play(moves string) (Board, error) {
	for i, r := range moves {
		m := strings.IndexRune("UDLR", r)
		if m < 0 {
			m = strings.IndexRune("udlr", r)
		}
		if m < 0 {
			return b, fmt.Errorf("move %d, %q, is not one of U D L R", i+1, r)
		}
		var err error
		if b, err = b.Move(m); err != nil {
			return b, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return b, nil
}

// FormatMoves writes the blank's moves as letters, upper case (UVa 10181) or
// lower case (HDU 1043).
func FormatMoves(moves []int, lower bool) string {
	names := "UDLR"
	if lower {
		names = "udlr"
	}
	buf := make([]byte, 0, len(moves))
	for _, m := range moves {
		if m < 0 || m >= numMoves {
			buf = append(buf, '?')
			continue
		}
		buf = append(buf, names[m])
	}
	return string(buf)
}

// Scramble walks depth random moves from the goal, never straight back, and
// returns the board reached: always solvable, at most depth moves from the
// goal.
func Scramble(rng *rand.Rand, size, depth int, goal Goal) (Board, error) {
	b, err := GoalBoard(size, goal)
	if err != nil {
		return b, err
	}
	if goal != BlankLast && goal != BlankFirst {
		return b, fmt.Errorf("unknown goal %d", goal)
	}
	t := tableFor(size, goal, 0)
	blank := int(t.goalCell[0])
	prev := engine.NoMove
	for range depth {
		st := &t.next[blank][prev+1]
		i := rng.IntN(int(st.n))
		m, c := int(st.off[i]&3), int(st.off[i]>>2)
		b.tiles[blank], b.tiles[c] = b.tiles[c], 0
		blank, prev = c, m
	}
	return b, nil
}
