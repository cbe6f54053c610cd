package tiles

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"

	"idaviz/puzzles/pdb"
)

// The pattern database heuristics of the 15-puzzle, as partitions of the
// tiles, named by their blank-first home cells:
//
//	 .  1  2  3
//	 4  5  6  7
//	 8  9 10 11
//	12 13 14 15
//
// pdb555 is {1 2 4 5 8} {3 6 7 10 11} {9 12 13 14 15}; pdb663 is
// {1 2 3 4 5 6} {8 9 10 12 13 14} {7 11 15}, of all 210,210 6-6-3
// partitions the one with the highest mean heuristic over Korf's 100 start
// states (42.53; `go run ./puzzles/tiles/internal/partitions` ranks them all), and the one whose
// searches there were smallest of those measured; its mirror image about
// the main diagonal, equally strong on random boards, scores 42.37 there
// and searches 16% more;
// pdb78 is {1..7} {8..15};
// pdb78r (and pdb663r) is the larger of pdb78 (pdb663) and pdb78 (pdb663)
// looked up on the board reflected about the main diagonal (Felner, Korf
// and Hanan 2004, whose 6-6-3 figures match pdb663r's rather than pdb663's:
// docs/PDB663.md), which reads the
// same two tables; pdb78d (pdb555d) is the largest of pdb78r's (pdb555's
// and its reflection's) lookups and their duals (dual.go, which reads
// tables of its own too), searched with BPMX; pdb78ds is pdb78d's lookups
// in a search that grows the path at either end (ends.go). A table's name
// ends with its tiles as a bit mask, so a cached file of another partition
// is never taken for it.
var (
	pat555 = []*Pattern{
		mustPattern("555a", 4, 1, 2, 4, 5, 8),
		mustPattern("555b", 4, 3, 6, 7, 10, 11),
		mustPattern("555c", 4, 9, 12, 13, 14, 15),
	}
	pat663 = []*Pattern{
		mustPattern("663a", 4, 1, 2, 3, 4, 5, 6),
		mustPattern("663b", 4, 8, 9, 10, 12, 13, 14),
		mustPattern("663c", 4, 7, 11, 15),
	}
	pat78 = []*Pattern{
		mustPattern("78a", 4, 1, 2, 3, 4, 5, 6, 7),
		mustPattern("78b", 4, 8, 9, 10, 11, 12, 13, 14, 15),
	}
)

// The 24-puzzle's heuristic, pdb6666, is Korf and Felner's partition of its
// tiles (Korf and Felner, "Disjoint pattern database heuristics",
// Artificial Intelligence 134, 2002), named by blank-first home cells:
//
//	 .  1  2  3  4
//	 5  6  7  8  9
//	10 11 12 13 14
//	15 16 17 18 19
//	20 21 22 23 24
//
// A = {1 2 5 6 7 12}, B = {3 4 8 9 13 14}, C = {10 11 15 16 20 21} and
// D = {17 18 19 22 23 24}, with the larger of their sum and the sum of the
// same four looked up on the board reflected about the main diagonal. C is
// B turned half a turn and D is B turned a quarter turn clockwise, so only
// A's and B's tables are built: C and D are read in B's table with the
// board turned back (a table's value is where its tiles are, the least
// over the blank's cells, and the blank's home at the goal is in the one
// free region of B, C and D alike).
var (
	pat6666 = []*Pattern{
		mustPattern("6666a", 5, 1, 2, 5, 6, 7, 12),
		mustPattern("6666b", 5, 3, 4, 8, 9, 13, 14),
	}
	// on6666 is how each of pdb6666's four patterns is read: in which of
	// pat6666's tables, through which of the board's symmetries (see
	// symmetries: 4 is the half turn, 7 the quarter turn anticlockwise,
	// which takes D's cells to B's).
	on6666 = []struct{ table, sym int }{{0, 0}, {1, 0}, {1, 4}, {1, 7}}
)

// PDBHeuristics lists the 15-puzzle's pattern database heuristics, the
// strongest first.
var PDBHeuristics = []string{"pdb78ds", "pdb78d", "pdb78r", "pdb78", "pdb663r", "pdb663", "pdb555d", "pdb555"}

// PDBHeuristics24 lists the 24-puzzle's.
var PDBHeuristics24 = []string{"pdb6666"}

// Patterns returns the patterns a pattern database heuristic reads and
// whether it also looks them up on the reflected board.
func Patterns(h Heuristic) (pats []*Pattern, reflect bool, err error) {
	switch h {
	case PDB555:
		return pat555, false, nil
	case PDB555D:
		return pat555, true, nil
	case PDB663:
		return pat663, false, nil
	case PDB78:
		return pat78, false, nil
	case PDB78R, PDB78D, PDB78DS:
		return pat78, true, nil
	case PDB663R:
		return pat663, true, nil
	case PDB6666:
		return pat6666, true, nil
	}
	return nil, false, fmt.Errorf("%s reads no pattern databases", h)
}

// IsPDB reports whether h reads pattern databases.
func (h Heuristic) IsPDB() bool { return h >= PDB555 && h <= PDB6666 }

// Side is the side of the board whose tables a pattern database heuristic
// reads.
func (h Heuristic) Side() int {
	if h == PDB6666 {
		return 5
	}
	return 4
}

// lookups are the patterns h sums, read in tabs (Patterns' tables, loaded).
func lookups(h Heuristic, tabs []*PatternTable) []lookup {
	if h != PDB6666 {
		out := make([]lookup, len(tabs))
		for i, t := range tabs {
			out[i] = lookup{table: t}
		}
		return out
	}
	out := make([]lookup, len(on6666))
	for i, o := range on6666 {
		out[i] = lookup{table: tabs[o.table], sym: o.sym}
	}
	return out
}

// lookup is one pattern of a heuristic as read in a table: the table's
// own pattern (sym 0, the identity), or the pattern whose image under
// symmetry sym of the board (see symmetries) is the table's, sym taking
// its cells (and its tiles, named by their home cells) to the table's.
//
// A lookup with no table stands for the tiles of no other pattern, which
// then count their Manhattan distance alone (a pattern of no tiles, whose
// one entry is 0): small tables of the 24-puzzle, built in moments, are
// tested through the same lookups as the 6-tile ones.
type lookup struct {
	table *PatternTable
	sym   int
}

// noTiles is the one entry of the pattern of no tiles.
var noTiles = []uint32{0}

// Dual reports whether h adds the dual lookups of its tables, and so is
// inconsistent and searched with BPMX (dual.go).
func (h Heuristic) Dual() bool { return h == PDB78D || h == PDB555D || h == PDB78DS }

// TwoEnded reports whether h's search grows the path at either end (dual
// search, ends.go); its domain comes from Board.BuildDomain.
func (h Heuristic) TwoEnded() bool { return h == PDB78DS }

// pdbView says how one lookup sees a board: the frame cell of each cell,
// the frame tile of each tile, and the pattern and slot of each tile.
type pdbView struct {
	cell [slots]uint8
	// pcell is cell for each pattern, in its table's frame: cell but for
	// a pattern read through a symmetry (lookup.sym).
	pcell [maxPatterns][slots]uint8
	tile  [slots]uint8
	pat   [slots]uint8 // noPattern for the blank
	slot  [slots]uint8
}

const noPattern = 0xFF

// maxPatterns and maxViews bound the arrays a domain keeps per lookup.
const (
	maxPatterns = 4 // a power of two: indexes are masked
	maxViews    = 2
)

// pdbHeur is a loaded pattern database heuristic for one board size and
// goal, shared read-only by its domains.
type pdbHeur struct {
	tables []*PatternTable // of the lookups that have one
	np     int             // the lookups
	mult   [maxPatterns][8]int64
	k      [maxPatterns]int
	words  [maxPatterns][]uint32
	views  []pdbView
	// The dual lookups, when dual (dual.go): the patterns of D by the cell
	// of its blank (a frame cell).
	dual  bool
	plans [16][]dualPart
	cells int
	dist  [slots][slots]int32 // between cells (of a frame or the board)
}

// newPDBHeur puts tables (disjoint patterns of the board's side, in the
// blank-first frame) together for a goal, with the reflected lookup when
// reflect is set.
func newPDBHeur(size int, goal Goal, tables []*PatternTable, reflect bool) (*pdbHeur, error) {
	lks := make([]lookup, len(tables))
	for i, t := range tables {
		lks[i] = lookup{table: t}
	}
	return newPDBHeurOn(size, goal, lks, reflect)
}

// newPDBHeurOn is newPDBHeur for patterns read through symmetries: h.tables
// holds the table of each lookup (one table may serve several).
func newPDBHeurOn(size int, goal Goal, lks []lookup, reflect bool) (*pdbHeur, error) {
	n := size * size
	if len(lks) == 0 || len(lks) > maxPatterns {
		return nil, fmt.Errorf("%d pattern tables, want 1 to %d", len(lks), maxPatterns)
	}
	h := &pdbHeur{cells: n, np: len(lks)}
	for a := range n {
		for c := range n {
			h.dist[a][c] = int32(cellDist(size, a, c))
		}
	}
	var owner [slots]uint8
	var slot [slots]uint8
	for i := range owner {
		owner[i] = noPattern
	}
	// on[pi] takes a cell (or tile) to pattern pi's table's frame.
	syms := symmetries(size)
	on := make([]*[MaxCells]uint8, len(lks))
	rest := noPattern
	for pi, lk := range lks {
		on[pi] = &syms[0]
		t := lk.table
		if t == nil {
			rest = pi
			h.words[pi] = noTiles
			continue
		}
		p := t.Pattern
		h.tables = append(h.tables, t)
		if p.Size != size {
			return nil, fmt.Errorf("pattern %s is for side %d, not %d", p.Name, p.Size, size)
		}
		on[pi] = &syms[lk.sym&7]
		var back [MaxCells]uint8 // on's inverse
		for c := range n {
			back[on[pi][c]] = uint8(c)
		}
		for s, tt := range p.Tiles {
			tile := back[tt]
			if tile == 0 || owner[tile] != noPattern {
				return nil, fmt.Errorf("tile %d is the blank or in two patterns: they must be disjoint", tile)
			}
			owner[tile], slot[tile] = uint8(pi), uint8(s)
		}
		h.k[pi] = len(p.Tiles)
		copy(h.mult[pi][:], p.mult)
		h.words[pi] = t.Words()
	}
	// The blank-last goal is the blank-first one turned half a turn, its
	// tiles renumbered t -> n-t.
	frameCell := func(c int) int { return c }
	frameTile := func(t int) int { return t }
	if goal == BlankLast {
		frameCell = func(c int) int { return n - 1 - c }
		frameTile = func(t int) int { return (n - t) % n }
	}
	refl := func(c int) int { return c%size*size + c/size }
	nv := 1
	if reflect {
		nv = 2
	}
	h.views = make([]pdbView, nv)
	for v := range h.views {
		w := &h.views[v]
		for c := 0; c < n; c++ {
			fc, ft := frameCell(c), frameTile(c)
			if v == 1 {
				fc, ft = refl(fc), refl(ft)
			}
			w.cell[c] = uint8(fc)
			for pi := range lks {
				w.pcell[pi][c] = on[pi][fc]
			}
			// c doubles as the tile numbered c here.
			w.tile[c] = uint8(ft)
			w.pat[c], w.slot[c] = owner[ft], slot[ft]
			if c == 0 {
				w.pat[c] = noPattern
			}
		}
		for t := 1; t < n; t++ {
			if w.pat[t] == noPattern && rest != noPattern {
				w.pat[t], w.slot[t] = uint8(rest), 0
			}
			if w.pat[t] == noPattern {
				return nil, fmt.Errorf("tile %d is in no pattern: the patterns must cover the board", frameTile(t))
			}
		}
	}
	return h, nil
}

// addDual gives h the dual lookups of its tables (dual.go), piece 0 joining
// tables[join] (join < 0: none); extra are the tables of planDual's new
// patterns.
func (h *pdbHeur) addDual(size, join int, extra []*PatternTable) error {
	pats := make([]*Pattern, len(h.tables))
	for i, t := range h.tables {
		pats[i] = t.Pattern
	}
	plans, _, err := planDual(size, pats, join)
	if err != nil {
		return err
	}
	return h.setDual(size, &plans, append(append([]*PatternTable(nil), h.tables...), extra...))
}

// pdbState is what a domain keeps per lookup: where each pattern's tiles
// are (frame cells), the placement's rank and the entry read there.
type pdbState struct {
	pos [maxViews][maxPatterns][8]uint8
	rnk [maxViews][maxPatterns]int64
	ex  [maxViews][maxPatterns]int32
	sum [maxViews]int32
	md  int32
	du  [maxViews]dualState // the dual lookups, when the heuristic has them
}

func (h *pdbHeur) entry(pi int, r int64) int32 {
	return nibble(h.words[pi], r)
}

// nibble is entry r of a table's words, eight 4-bit entries a word.
func nibble(words []uint32, r int64) int32 {
	return int32(words[r>>3] >> (uint(r&7) * 4) & 0xF)
}

// rankOf is Pattern.rank over a domain's arrays.
func (h *pdbHeur) rankOf(pi int, pos *[8]uint8) int64 {
	return rankPlaced(&h.mult[pi], h.k[pi], pos)
}

// rankPlaced is Pattern.rank of the k cells in pos with place values mult.
func rankPlaced(mult *[8]int64, k int, pos *[8]uint8) int64 {
	var used uint32
	var r int64
	for i := 0; i < k; i++ {
		c := pos[i&7]
		r += (int64(c) - int64(bits.OnesCount32(used&(1<<c-1)))) * mult[i&7]
		used |= 1 << c
	}
	return r
}

// slide is cursor.delta over a domain's arrays.
func (h *pdbHeur) slide(pi int, pos *[8]uint8, s int, from, to uint8) int64 {
	m := &h.mult[pi]
	// A move along a row passes no cell: only the tile's own digit moves.
	switch int(to) - int(from) {
	case 1:
		return m[s&7]
	case -1:
		return -m[s&7]
	}
	lo, hi, sign := from, to, int64(1)
	if to < from {
		lo, hi, sign = to, from, -1
	}
	dd := int64(hi - lo)
	var dr int64
	for j := 0; j < h.k[pi]; j++ {
		c := pos[j]
		if c <= lo || c >= hi {
			continue
		}
		if j < s {
			dd--
		} else if j > s {
			dr += sign * m[j&7]
		}
	}
	return sign*dd*m[s&7] + dr
}

// reset fills st for the tiles of a board.
func (h *pdbHeur) reset(st *pdbState, tiles *cells, n int, md *[slots][slots]int8) {
	*st = pdbState{}
	for c := 0; c < n; c++ {
		t := tiles[c]
		if t == 0 {
			continue
		}
		st.md += int32(md[t][c])
		for v := range h.views {
			w := &h.views[v]
			pi := w.pat[t] & (maxPatterns - 1)
			st.pos[v][pi][w.slot[t]] = w.pcell[pi][c]
		}
	}
	for v := range h.views {
		for pi := range h.np {
			st.rnk[v][pi] = h.rankOf(pi, &st.pos[v][pi])
			st.ex[v][pi] = h.entry(pi, st.rnk[v][pi])
			st.sum[v] += st.ex[v][pi]
		}
		if h.dual {
			resetDual(&st.du[v], &h.views[v], tiles, n)
		}
	}
}

// value is the heuristic of a state: Manhattan plus twice the larger sum of
// excesses.
func (h *pdbHeur) value(st *pdbState) int32 {
	s := st.sum[0]
	if len(h.views) > 1 && st.sum[1] > s {
		s = st.sum[1]
	}
	if h.dual {
		return max(st.md+2*s, h.dualValue(st))
	}
	return st.md + 2*s
}

// child is the heuristic after tile slides from cell c to cell b (the
// blank's), with dmd its change of Manhattan distance, st unchanged.
func (h *pdbHeur) child(st *pdbState, tile, c, b uint8, dmd int32) int32 {
	best := int32(-1)
	for v := range h.views {
		w := &h.views[v]
		pi, s := int(w.pat[tile]&(maxPatterns-1)), int(w.slot[tile])
		pc := &w.pcell[pi]
		r := st.rnk[v][pi] + h.slide(pi, &st.pos[v][pi], s, pc[c], pc[b])
		sum := st.sum[v] - st.ex[v][pi] + h.entry(pi, r)
		best = max(best, sum)
	}
	return st.md + dmd + 2*best
}

// apply makes the slide of child in st.
func (h *pdbHeur) apply(st *pdbState, tile, c, b uint8, dmd int32) {
	for v := range h.views {
		w := &h.views[v]
		pi, s := int(w.pat[tile]&(maxPatterns-1)), int(w.slot[tile])
		p := &st.pos[v][pi]
		pc := &w.pcell[pi]
		r := st.rnk[v][pi] + h.slide(pi, p, s, pc[c], pc[b])
		p[s&7] = pc[b]
		e := h.entry(pi, r)
		st.sum[v] += e - st.ex[v][pi]
		st.rnk[v][pi], st.ex[v][pi] = r, e
		if h.dual {
			moveDual(&st.du[v], w.cell[b], w.cell[c], w.tile[tile])
		}
	}
	st.md += dmd
}

// tablesOpen holds the pattern tables this process has opened, by name.
var tablesOpen pdb.Shared[*PatternTable]

// heurs holds the heuristics made, by heuristic, goal and cache folder:
// like tablesOpen, a process that points IDAVIZ_CACHE_DIR elsewhere opens
// that folder's tables.
var (
	heursMu sync.Mutex
	heurs   = map[heurKey]*pdbHeur{}
)

type heurKey struct {
	h, goal uint8
	dir     string
}

// LoadPDB returns the tables of a pattern database heuristic (of the
// 15-puzzle, or pdb6666 of the 24-puzzle) for a goal: read from the cache
// directory, or built (with progress) and saved when missing or bad. ctx cancels this caller's wait,
// and a build nobody else waits for.
func LoadPDB(ctx context.Context, h Heuristic, goal Goal, progress func(pdb.Progress)) (*pdbHeur, error) {
	dir, _ := pdb.CacheDir()
	key := heurKey{uint8(h), uint8(goal), dir}
	heursMu.Lock()
	ph := heurs[key]
	heursMu.Unlock()
	if ph != nil {
		return ph, nil
	}
	pats, reflect, err := Patterns(h)
	if err != nil {
		return nil, err
	}
	tabs, err := openAllShared(ctx, pats, progress)
	if err != nil {
		return nil, err
	}
	ph, err = newPDBHeurOn(h.Side(), goal, lookups(h, tabs), reflect)
	if err != nil {
		return nil, err
	}
	if h.Dual() {
		extra, err := dualPatterns(h)
		if err != nil {
			return nil, err
		}
		xt, err := openAllShared(ctx, extra, progress)
		if err != nil {
			return nil, err
		}
		if err := ph.addDual(4, dualJoin(h), xt); err != nil {
			return nil, err
		}
	}
	heursMu.Lock()
	heurs[key] = ph
	heursMu.Unlock()
	return ph, nil
}

// openAllShared is openShared for each of pats, in order.
func openAllShared(ctx context.Context, pats []*Pattern, progress func(pdb.Progress)) ([]*PatternTable, error) {
	tabs := make([]*PatternTable, 0, len(pats))
	for _, p := range pats {
		t, err := openShared(ctx, p, progress)
		if err != nil {
			return nil, err
		}
		tabs = append(tabs, t)
	}
	return tabs, nil
}

// openShared is OpenPattern through tablesOpen, so that the process opens
// each table once.
func openShared(ctx context.Context, p *Pattern, progress func(pdb.Progress)) (*PatternTable, error) {
	load := func(ctx context.Context, progress func(pdb.Progress)) (*PatternTable, error) {
		t, _, err := OpenPattern(ctx, p, 0, progress)
		return t, err
	}
	return tablesOpen.Get(ctx, p.Name, load, progress)
}

// OpenPattern returns p's table, read from the cache directory when a valid
// file is there, else built and saved, and how it came by it.
func OpenPattern(ctx context.Context, p *Pattern, workers int, progress func(pdb.Progress)) (*PatternTable, pdb.Opened, error) {
	var built *PatternTable
	build := func(ctx context.Context, progress func(pdb.Progress)) (*pdb.Table, error) {
		t, err := BuildPattern(ctx, p, workers, progress)
		if err != nil {
			return nil, err
		}
		built = t
		return t.Table, nil
	}
	o, err := pdb.Open(ctx, p.spec(), build, progress)
	if err != nil {
		return nil, o, err
	}
	if built != nil {
		return built, o, nil // it knows its distribution already
	}
	return &PatternTable{Pattern: p, Table: o.Table}, o, nil
}

// StoredTables lists the stored tables a heuristic reads, each with its
// builder over workers goroutines (0: one per CPU), for pdb.OpenAll (viz pdb
// build).
func StoredTables(heuristic string, workers int) ([]pdb.Stored, error) {
	h, err := ParseHeuristic(heuristic)
	if err != nil {
		return nil, err
	}
	pats, _, err := Patterns(h)
	if err != nil {
		return nil, err
	}
	extra, err := dualPatterns(h)
	if err != nil {
		return nil, err
	}
	pats = append(append([]*Pattern(nil), pats...), extra...)
	out := make([]pdb.Stored, len(pats))
	for i, p := range pats {
		out[i] = pdb.Stored{Spec: p.spec(), Build: func(ctx context.Context, progress func(pdb.Progress)) (*pdb.Table, error) {
			t, err := BuildPattern(ctx, p, workers, progress)
			if err != nil {
				return nil, err
			}
			return t.Table, nil
		}}
	}
	return out, nil
}

// errPDBSize is returned for a pattern database heuristic on a board other
// than the one it is for.
var errPDBSize = errors.New("pdb6666 is for the 24-puzzle (5x5), the other pattern database heuristics for the 15-puzzle (4x4)")

// PatternDistributions returns, for each pattern a heuristic reads, the
// exact distribution of its value (Manhattan distance plus twice the stored
// excess) over all placements of its tiles, which is its distribution over
// random boards: counts by value. Tables are loaded, or built, as for a
// search.
func PatternDistributions(ctx context.Context, h Heuristic, progress func(pdb.Progress)) ([][]int64, error) {
	ph, err := LoadPDB(ctx, h, BlankFirst, progress)
	if err != nil {
		return nil, err
	}
	out := make([][]int64, len(ph.tables))
	for i, t := range ph.tables {
		out[i] = t.HDistribution()
	}
	return out, nil
}
