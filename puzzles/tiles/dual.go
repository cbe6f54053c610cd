package tiles

// Dual lookups (Felner, Zahavi, Holte and Schaeffer 2005; Zahavi, Felner,
// Holte and Schaeffer 2008). A board maps cells to tiles; its dual maps
// tiles to cells: the position of each tile rather than the tile in each
// position. In the blank-first frame, where tile t's home is cell t, the
// moves that solve a board S, read as swaps of cells, solve its inverse
// from the other side, so the same tables looked up on the inverse give a
// second estimate of the same distance, often a different one.
//
// The blank makes it less simple. A move swaps the blank's cell with a
// neighbour, so a solution of S can be replayed only from a board whose
// blank is where S's is, on cell b, and the inverse of S is in general not
// even solvable: S = the goal after the blank went right, then down, two
// moves, has an inverse whose Manhattan distance is 3. What holds is this.
// Let X be the goal after the blank went from cell 0 to b along row 0,
// then down b's column (MD(0,b) moves, each moving one tile back a cell),
// x(t) the cell of tile t in X, and D the board with tile t on cell S[x(t)]
// (the tile S has on that cell), the blank on cell 0. S's solutions,
// replayed as swaps of cells from X, take X to D; so D is exactly as far
// from X as S is from the goal, and X is MD(0,b) moves from the goal. A
// pattern's tiles therefore move at least d_P(D) − w_P(b) times between D
// and X, where d_P is the table's value (its Manhattan distance plus twice
// its entry) and w_P(b) the pattern's tiles among those X displaced, and
// at least their Manhattan distance from their cells in D to their cells
// in X. The dual lookup is the sum over the patterns of the larger of the
// two, rounded up to the parity of S's Manhattan distance (which every
// solution of S has). It is admissible, and inconsistent: one move of the
// blank moves two of D's tiles by any number of cells, and more when b
// changes column, as the path does.
//
// Each of the heuristic's views (the board as it is, and reflected about
// the main diagonal) has its dual; the reflected one's path runs down
// column 0 first.

// dualState is what one view keeps for its dual lookup: the board in the
// view's frame (frame cell to frame tile) and the blank's frame cell.
type dualState struct {
	frame [16]uint8
	b     uint8
	// The last rank looked up per pattern, plus one (0: none yet), and the
	// entry read there: a move changes the dual placement of one or two
	// patterns, and a child starts as a copy of its parent, so most lookups
	// of the other pattern need not read the table again.
	rnk [maxPatterns]int64
	ex  [maxPatterns]int32
}

// dualPaths are the blank's paths from cell 0 in the goal of a board of
// n cells (3x3 or 4x4), by the cell b they end on: where each tile is once
// the blank has gone along (x), how many tiles of each pattern it moved
// (w); and the Manhattan distance between two cells (dist), which is tile
// t's distance from home on cell c when one is t.
type dualPaths struct {
	n    int
	x    [16][16]uint8
	w    [maxPatterns][16]int32
	dist [16][16]int32
}

// newDualPaths walks the blank from cell 0 along row 0 to each cell's
// column, then down it.
func newDualPaths(size int, owner *[slots]uint8) *dualPaths {
	n := size * size
	dp := &dualPaths{n: n}
	for a := range n {
		for c := range n {
			dp.dist[a][c] = int32(abs(a/size-c/size) + abs(a%size-c%size))
		}
	}
	for b := range n {
		x := &dp.x[b]
		var at [16]uint8 // cell -> tile
		for c := range n {
			x[c], at[c] = uint8(c), uint8(c)
		}
		blank := 0
		step := func(to int) {
			t := at[to]
			at[blank], at[to] = t, 0
			x[t], x[0] = uint8(blank), uint8(to)
			if pi := owner[t]; pi != noPattern {
				dp.w[pi][b]++
			}
			blank = to
		}
		for blank%size != b%size {
			step(blank + 1)
		}
		for blank != b {
			step(blank + size)
		}
	}
	return dp
}

// resetDual fills du for the board tiles (n cells) as view w sees it.
func resetDual(du *dualState, w *pdbView, tiles *cells, n int) {
	for c := 0; c < n; c++ {
		du.frame[w.cell[c]&15] = w.tile[tiles[c]]
		if tiles[c] == 0 {
			du.b = w.cell[c]
		}
	}
}

// moveDual updates du for the blank's move from frame cell a to frame cell
// c, where frame tile x was.
func moveDual(du *dualState, a, c, x uint8) {
	du.frame[a&15], du.frame[c&15] = x, 0
	du.b = c
}

// dualValue is the largest of the state's dual lookups, rounded up to the
// parity of the board's Manhattan distance.
func (h *pdbHeur) dualValue(st *pdbState) int32 {
	best := int32(0)
	for v := range h.views {
		best = max(best, h.dualLookup(&st.du[v]))
	}
	return best + (best-st.md)&1
}

// dualLookup is one view's dual lookup (see above), before the parity.
func (h *pdbHeur) dualLookup(du *dualState) int32 {
	dp := h.paths
	b := du.b & 15
	x := &dp.x[b]
	var pos [maxPatterns][8]uint8
	var toHome, toX [maxPatterns]int32
	for t := 1; t < dp.n; t++ {
		c := du.frame[x[t&15]&15] & 15 // the cell of tile t in D
		pi, s := h.owner[t]%maxPatterns, h.oslot[t]&7
		pos[pi][s] = c
		toHome[pi] += dp.dist[t&15][c]
		toX[pi] += dp.dist[x[t&15]&15][c]
	}
	var sum int32
	for pi := range h.tables {
		if r := h.rankOf(pi, &pos[pi]) + 1; r != du.rnk[pi] {
			du.rnk[pi], du.ex[pi] = r, h.entry(pi, r-1)
		}
		d := toHome[pi] + 2*du.ex[pi] - dp.w[pi][b]
		sum += max(d, toX[pi])
	}
	return sum
}
