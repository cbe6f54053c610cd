package tiles

import "sync"

// MaxCells is the number of cells of the largest board (5x5).
const MaxCells = 25

// The moves of the blank. Opposite moves differ only in the lowest bit, so
// the inverse of m is m^1.
const (
	MoveUp    = 0
	MoveDown  = 1
	MoveLeft  = 2
	MoveRight = 3
	numMoves  = 4
)

var moveNames = [numMoves]string{"U", "D", "L", "R"}

// slots is MaxCells rounded up to a power of two: the arrays the search
// indexes by cell or tile have this many entries, so that an index masked
// with slots-1 needs no bounds check and no multiplication.
const slots = 32

// cells holds one byte per cell (or per tile), row-major.
type cells [slots]uint8

// deltaLen is the size of the per-move heuristic tables: they are indexed by
// tile, the tile's cell (where the blank goes) and the blank's move, which
// says as much as (tile, from-cell, to-cell) in a table 8 times smaller,
// small enough to stay in the L1 cache beside the rest.
const deltaLen = slots * slots * numMoves

func deltaIndex(tile uint8, cell uint8, move uint8) int {
	return (int(tile)<<7 | int(cell)<<2 | int(move)) & (deltaLen - 1)
}

// lcLen bounds the line keys: (5+1)^5 = 7776 fits.
const lcLen = 8192

// steps are the moves the rule allows from one blank cell after one
// previous move, in the table's Order (U D L R unless asked otherwise). Each is one byte, cell<<2 |
// move, where cell is the one the blank goes to: that byte is also the low
// part of the child's index in the delta tables (deltaIndex), so a child
// costs one load of its tile and one of its delta.
type steps struct {
	n   uint8
	off [numMoves]uint8
	_   [3]uint8 // 8 bytes: the table is indexed by shifts
}

// lcStep says how a move changes the two lines whose conflicts it can
// change: a vertical move takes a tile from one row to another (its column's
// order is unchanged), a horizontal one from one column to another. a is the
// line the tile leaves, b the one it enters; da and db are the changes of
// those lines' keys. The tile also moves along the line it stays in,
// which changes that line's key (s, by ds) but not its conflicts.
type lcStep struct {
	a, b, s    uint8
	da, db, ds int16
}

// table holds everything about one board size and goal that does not
// change during a search. Tables are built once and shared read-only by
// every domain of that size and goal.
type table struct {
	size, cells int
	goal        Goal
	goalTiles   cells // cell -> the tile it holds at the goal (0: blank)
	goalCell    cells // tile -> its cell at the goal
	to          [slots][numMoves]int8
	toOff       [slots][numMoves]uint8 // cell<<2 | move, as in steps; 0 where the move is off the board
	next        [slots][8]steps        // [blank][prev+1]

	md  [slots][slots]int8 // [tile][cell]: Manhattan distance to its goal cell
	dMD [deltaLen]int8     // change of Manhattan distance when the move slides the tile
	dMP [deltaLen]int8     // change of the number of misplaced tiles

	// Linear conflict. Each row and each column has a key: the base-(size+1)
	// number whose digit k says, for the tile at position k of the line, its
	// goal position in that line, or size when its goal is elsewhere (or it
	// is the blank). lc[key] is twice the fewest tiles that must leave the
	// line for the rest to be in goal order. Lines 0..size-1 are the rows,
	// size..2*size-1 the columns.
	lc     [lcLen]uint8
	pow    [6]int32
	lcMove [deltaLen]lcStep
	// lineCell[l][k] is the cell at position k of line l, and
	// lineDigit[l][tile] the tile's digit in line l's key: lineKey reads
	// them rather than dividing (a sample of random boards makes the keys
	// of every board).
	lineCell  [10][5]uint8
	lineDigit [10][slots]int8
}

var tableOnce [3][2][numOrders]struct {
	once sync.Once
	t    *table
}

// tableFor returns the shared table of a size (3..5), goal and move order.
func tableFor(size int, goal Goal, order Order) *table {
	e := &tableOnce[size-3][goal][order]
	e.once.Do(func() { e.t = buildTable(size, goal, order) })
	return e.t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// cellDist is the Manhattan distance between cells a and b of a board of
// side size.
func cellDist(size, a, b int) int {
	return abs(a/size-b/size) + abs(a%size-b%size)
}

func buildTable(size int, goal Goal, order Order) *table {
	t := &table{size: size, cells: size * size, goal: goal}
	n := t.cells
	for c := 0; c < n; c++ {
		tile := c + 1
		if goal == BlankFirst {
			tile = c
		} else if c == n-1 {
			tile = 0
		}
		t.goalTiles[c] = uint8(tile)
		t.goalCell[tile] = uint8(c)
	}
	for c := 0; c < n; c++ {
		r, col := c/size, c%size
		t.to[c] = [numMoves]int8{-1, -1, -1, -1}
		if r > 0 {
			t.to[c][MoveUp] = int8(c - size)
		}
		if r < size-1 {
			t.to[c][MoveDown] = int8(c + size)
		}
		if col > 0 {
			t.to[c][MoveLeft] = int8(c - 1)
		}
		if col < size-1 {
			t.to[c][MoveRight] = int8(c + 1)
		}
		for prev := -1; prev < numMoves; prev++ {
			s := &t.next[c][prev+1]
			for _, m := range orderMoves[order] {
				if t.to[c][m] < 0 || (prev >= 0 && int(m) == prev^1) {
					continue
				}
				s.off[s.n] = uint8(deltaIndex(0, uint8(t.to[c][m]), m))
				t.toOff[c][m] = s.off[s.n]
				s.n++
			}
		}
	}
	for tile := 1; tile < n; tile++ {
		g := int(t.goalCell[tile])
		for c := 0; c < n; c++ {
			t.md[tile][c] = int8(cellDist(size, c, g))
		}
	}
	misplaced := func(tile, c int) int8 {
		if tile != 0 && t.goalTiles[c] != uint8(tile) {
			return 1
		}
		return 0
	}
	t.pow[0] = 1
	for i := 1; i < len(t.pow); i++ {
		t.pow[i] = t.pow[i-1] * int32(size+1)
	}
	// code is the digit of a tile in a line's key.
	code := func(tile, line int) int32 {
		if tile == 0 {
			return int32(size)
		}
		g := int(t.goalCell[tile])
		if line < size {
			if g/size == line {
				return int32(g % size)
			}
			return int32(size)
		}
		if g%size == line-size {
			return int32(g / size)
		}
		return int32(size)
	}
	for line := 0; line < 2*size; line++ {
		for p := 0; p < size; p++ {
			if line < size {
				t.lineCell[line][p] = uint8(line*size + p)
			} else {
				t.lineCell[line][p] = uint8(p*size + (line - size))
			}
		}
		for tile := 0; tile < n; tile++ {
			t.lineDigit[line][tile] = int8(code(tile, line))
		}
	}
	for tile := 0; tile < n; tile++ {
		for c := 0; c < n; c++ {
			for m := uint8(0); m < numMoves; m++ {
				to := int(t.to[c][m^1]) // the tile at c goes where the blank was
				if to < 0 {
					continue
				}
				i := deltaIndex(uint8(tile), uint8(c), m)
				t.dMD[i] = t.md[tile][to] - t.md[tile][c]
				t.dMP[i] = misplaced(tile, to) - misplaced(tile, c)
				var a, b, pos, same, from, into int
				if m == MoveUp || m == MoveDown {
					a, b, pos = c/size, to/size, c%size
					same, from, into = size+c%size, c/size, to/size
				} else {
					a, b, pos = size+c%size, size+to%size, c/size
					same, from, into = c/size, c%size, to%size
				}
				t.lcMove[i] = lcStep{
					a: uint8(a), b: uint8(b), s: uint8(same),
					da: int16((int32(size) - code(tile, a)) * t.pow[pos]),
					db: int16((code(tile, b) - int32(size)) * t.pow[pos]),
					ds: int16((code(tile, same) - int32(size)) * (t.pow[into] - t.pow[from])),
				}
			}
		}
	}
	digits := make([]int, size)
	for key := range int(t.pow[size]) {
		k := key
		in := digits[:0]
		for p := 0; p < size; p++ {
			if d := k % (size + 1); d < size {
				in = append(in, d)
			}
			k /= size + 1
		}
		t.lc[key] = uint8(2 * (len(in) - longestIncreasing(in)))
	}
	return t
}

// longestIncreasing is the length of the longest strictly increasing
// subsequence of xs (at most 5 long: quadratic is plenty).
func longestIncreasing(xs []int) int {
	var best [MaxCells]int
	longest := 0
	for i := range xs {
		best[i] = 1
		for j := 0; j < i; j++ {
			if xs[j] < xs[i] && best[j]+1 > best[i] {
				best[i] = best[j] + 1
			}
		}
		longest = max(longest, best[i])
	}
	return longest
}

// lineKey computes a line's key from scratch.
func (t *table) lineKey(tiles *cells, line int) int32 {
	var key int32
	cells, digit := &t.lineCell[line%10], &t.lineDigit[line%10]
	for p := 0; p < t.size; p++ {
		key += int32(digit[tiles[cells[p%5]]%slots]) * t.pow[p]
	}
	return key
}
