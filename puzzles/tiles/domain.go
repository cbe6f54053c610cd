package tiles

import (
	"context"
	"fmt"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
)

// Heuristic names an admissible estimate of the moves left.
type Heuristic uint8

// The heuristics, weakest first.
const (
	// Misplaced counts the tiles not on their goal cell.
	Misplaced Heuristic = iota
	// Manhattan sums each tile's row and column distance to its goal cell.
	Manhattan
	// LinearConflict adds to Manhattan two moves for each tile that must
	// leave its goal row or column to let another tile of that line pass.
	LinearConflict
	// PDB555, PDB663, PDB78, PDB78R and PDB663R read disjoint additive
	// pattern databases (15-puzzle only; see Patterns); PDB78D and PDB555D
	// add their dual lookups and search with BPMX (see Heuristic.Dual);
	// PDB78DS is PDB78D's lookups in a search that grows the path at
	// either end (see Heuristic.TwoEnded).
	PDB555
	PDB663
	PDB78
	PDB78R
	PDB663R
	PDB78D
	PDB555D
	PDB78DS
	// PDB6666 is the 24-puzzle's: Korf and Felner's four 6-tile patterns
	// and their reflection (see pat6666).
	PDB6666
)

// Heuristics lists the heuristics' names, the strongest (the default) first.
var Heuristics = []string{"linear-conflict", "manhattan", "misplaced"}

func (h Heuristic) String() string {
	switch h {
	case Misplaced:
		return "misplaced"
	case Manhattan:
		return "manhattan"
	case LinearConflict:
		return "linear-conflict"
	case PDB555:
		return "pdb555"
	case PDB663:
		return "pdb663"
	case PDB78:
		return "pdb78"
	case PDB78R:
		return "pdb78r"
	case PDB663R:
		return "pdb663r"
	case PDB78D:
		return "pdb78d"
	case PDB555D:
		return "pdb555d"
	case PDB78DS:
		return "pdb78ds"
	case PDB6666:
		return "pdb6666"
	}
	return fmt.Sprintf("heuristic(%d)", uint8(h))
}

// ParseHeuristic reads a heuristic's name; "" is the default, linear conflict.
func ParseHeuristic(s string) (Heuristic, error) {
	switch s {
	case "", "linear-conflict":
		return LinearConflict, nil
	case "manhattan":
		return Manhattan, nil
	case "misplaced":
		return Misplaced, nil
	case "pdb555":
		return PDB555, nil
	case "pdb663":
		return PDB663, nil
	case "pdb78":
		return PDB78, nil
	case "pdb78r":
		return PDB78R, nil
	case "pdb663r":
		return PDB663R, nil
	case "pdb78d":
		return PDB78D, nil
	case "pdb555d":
		return PDB555D, nil
	case "pdb78ds":
		return PDB78DS, nil
	case "pdb6666":
		return PDB6666, nil
	}
	return 0, fmt.Errorf("unknown heuristic %s (choose from: linear-conflict, manhattan, misplaced; on the 15-puzzle also %s; on the 24-puzzle also %s)", quote.Short(s), strings.Join(PDBHeuristics, ", "), strings.Join(PDBHeuristics24, ", "))
}

// Domain is a sliding-tile board searched in place by the engine. It keeps
// its heuristic value up to date as moves are applied and undone, from
// per-move delta tables, so a child's value costs a few table lookups.
type Domain struct {
	tiles cells // cell -> tile, 0 is the blank
	blank uint8
	lc    bool  // linear conflict: keys are kept and lc added
	h     int32 // the current heuristic value
	delta *[deltaLen]int8
	keys  [16]int32 // linear conflict: the key of each row, then each column
	t     *table
	heur  Heuristic
	pdb   *pdbHeur // pattern databases, with ps below; nil for the others
	ps    pdbState
}

var (
	_ engine.Domain      = (*Domain)(nil)
	_ engine.Snapshotter = (*Domain)(nil)
	_ engine.RuleCutter  = (*Domain)(nil)
	_ engine.Cloner      = (*Domain)(nil)
	_ engine.Pathmax     = (*Domain)(nil)
	// Its subtrees let ParallelIDA's workers run the domain's own loops.
	_ engine.SubtreeIterator = (*Domain)(nil)
)

// NewDomain returns a domain at board b, searched with heuristic h. The
// board should be solvable (Parse checks; see Board.Solvable): on an
// unsolvable one IDA* runs until a limit stops it. The zero Board stands for
// the solved 3x3 board. A pattern database heuristic loads (or builds) its
// tables here, with no way to follow or cancel that (Board.BuildDomain has
// both); when it cannot, or the board is not its size, the domain searches with
// Manhattan distance instead, which Heuristic reports. A two-ended search
// (Heuristic.TwoEnded) is not a Domain: NewDomain searches its lookups
// from the start alone (pdb78ds as pdb78d), and Board.BuildDomain makes it.
func NewDomain(b Board, h Heuristic) *Domain {
	if h.TwoEnded() {
		h = PDB78D
	}
	if h.IsPDB() {
		if b.size == h.Side() {
			if ph, err := LoadPDB(context.Background(), h, b.goal, nil); err == nil {
				return newPDBDomain(b, h, ph)
			}
		}
		h = Manhattan
	}
	if b.size == 0 {
		b, _ = GoalBoard(3, BlankLast)
	}
	d := &Domain{t: tableFor(b.size, b.goal, b.order), heur: h, lc: h == LinearConflict}
	d.delta = &d.t.dMD
	if h == Misplaced {
		d.delta = &d.t.dMP
	}
	d.tiles = b.tiles
	d.reset()
	return d
}

// newPDBDomain is NewDomain for loaded pattern databases of the board's
// size.
func newPDBDomain(b Board, h Heuristic, ph *pdbHeur) *Domain {
	d := &Domain{t: tableFor(b.size, b.goal, b.order), heur: h, pdb: ph}
	d.delta = &d.t.dMD
	d.tiles = b.tiles
	d.reset()
	return d
}

// reset finds the blank and computes the heuristic from scratch.
func (d *Domain) reset() {
	for c := 0; c < d.t.cells; c++ {
		if d.tiles[c] == 0 {
			d.blank = uint8(c)
		}
	}
	if d.lc {
		for l := 0; l < 2*d.t.size; l++ {
			d.keys[l] = d.t.lineKey(&d.tiles, l)
		}
	}
	if d.pdb != nil {
		d.pdb.reset(&d.ps, &d.tiles, d.t.cells, &d.t.md)
	}
	d.h = int32(d.scratchH(true))
}

// fullH computes the heuristic of the current state without the
// incremental state: the reference the incremental updates are tested against.
func (d *Domain) fullH() int { return d.scratchH(false) }

// scratchH computes the heuristic from the tiles. fresh says that the line
// keys and the patterns' state were just made from them (by reset), so that
// it reads them rather than making them again (a sample of random boards
// resets one domain to each).
func (d *Domain) scratchH(fresh bool) int {
	t := d.t
	if d.pdb != nil {
		var own pdbState
		st := &d.ps
		if !fresh {
			st = &own
			d.pdb.reset(st, &d.tiles, t.cells, &t.md)
		}
		return int(d.pdb.value(st))
	}
	h := 0
	for c := 0; c < t.cells; c++ {
		tile := d.tiles[c]
		if tile == 0 {
			continue
		}
		if d.heur == Misplaced {
			if t.goalTiles[c] != tile {
				h++
			}
		} else {
			h += int(t.md[tile][c])
		}
	}
	if d.heur == LinearConflict {
		for l := 0; l < 2*t.size; l++ {
			key := d.keys[l]
			if !fresh {
				key = t.lineKey(&d.tiles, l)
			}
			h += int(t.lc[key])
		}
	}
	return h
}

// NumMoves is 4: the blank moves U, D, L or R.
func (d *Domain) NumMoves() int { return numMoves }

// MaxBranch is 4, at the root with the blank inside the board.
func (d *Domain) MaxBranch() int { return numMoves }

// MoveName names the blank's move: "U", "D", "L" or "R".
func (d *Domain) MoveName(m int) string { return moveName(m) }

func moveName(m int) string {
	if m < 0 || m >= numMoves {
		return fmt.Sprintf("move(%d)", m)
	}
	return moveNames[m]
}

// H is the heuristic value of the current state.
func (d *Domain) H() int { return int(d.h) }

// IsGoal reports whether the tiles are in their goal order.
func (d *Domain) IsGoal() bool { return d.tiles == d.t.goalTiles }

// Expand writes the children allowed after prev (never the move that undoes
// prev), in the order U D L R, with their heuristic values. It calls
// nothing, so it needs no stack frame of its own.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	// prev+1 is 0..4; a bad prev lands on an empty entry: no children.
	st := &d.t.next[d.blank&(slots-1)][(prev+1)&7]
	out = out[:st.n&7]
	h := d.h
	if d.pdb != nil && d.pdb.dual {
		// The dual lookups are not a function of one tile's move in one
		// table: each child's state is made whole, then valued.
		var cs pdbState
		for i := range out {
			o := st.off[i&3]
			c := (o >> 2) & (slots - 1)
			tile := d.tiles[c]
			cs = d.ps
			d.pdb.apply(&cs, tile, c, d.blank&(slots-1), int32(d.t.dMD[(int(tile)<<7|int(o))&(deltaLen-1)]))
			out[i] = engine.Child{Move: int32(o & 3), Cost: 1, H: d.pdb.value(&cs)}
		}
		return len(out)
	}
	if d.pdb != nil {
		for i := range out {
			o := st.off[i&3]
			c := (o >> 2) & (slots - 1)
			tile := d.tiles[c]
			dmd := int32(d.t.dMD[(int(tile)<<7|int(o))&(deltaLen-1)])
			out[i] = engine.Child{Move: int32(o & 3), Cost: 1, H: d.pdb.child(&d.ps, tile, c, d.blank&(slots-1), dmd)}
		}
		return len(out)
	}
	if !d.lc {
		delta := d.delta
		for i := range out {
			o := st.off[i&3]
			k := int(d.tiles[(o>>2)&(slots-1)])<<7 | int(o)
			out[i] = engine.Child{Move: int32(o & 3), Cost: 1, H: h + int32(delta[k&(deltaLen-1)])}
		}
		return len(out)
	}
	t := d.t
	for i := range out {
		o := st.off[i&3]
		k := (int(d.tiles[(o>>2)&(slots-1)])<<7 | int(o)) & (deltaLen - 1)
		s := &t.lcMove[k]
		ka, kb := d.keys[s.a&15], d.keys[s.b&15]
		dl := int32(t.lc[(ka+int32(s.da))&(lcLen-1)]) - int32(t.lc[ka&(lcLen-1)]) +
			int32(t.lc[(kb+int32(s.db))&(lcLen-1)]) - int32(t.lc[kb&(lcLen-1)])
		out[i] = engine.Child{Move: int32(o & 3), Cost: 1, H: h + int32(t.dMD[k]) + dl}
	}
	return len(out)
}

// Apply moves the blank; the move must be legal from the current state.
// Apply and Undo call nothing, so they need no stack frame: the engine
// calls each once per visited node.
func (d *Domain) Apply(m int) {
	o := d.t.toOff[d.blank&(slots-1)][m&3]
	b, c := d.blank&(slots-1), (o>>2)&(slots-1)
	tile := d.tiles[c]
	k := (int(tile)<<7 | int(o)) & (deltaLen - 1)
	if d.pdb != nil {
		d.pdb.apply(&d.ps, tile, c, b, int32(d.t.dMD[k]))
		d.h = d.pdb.value(&d.ps)
	} else if d.lc {
		t := d.t
		s := &t.lcMove[k]
		oa, ob := d.keys[s.a&15], d.keys[s.b&15]
		ka, kb := (oa+int32(s.da))&(lcLen-1), (ob+int32(s.db))&(lcLen-1)
		d.h += int32(t.dMD[k]) + int32(t.lc[ka]) - int32(t.lc[oa&(lcLen-1)]) + int32(t.lc[kb]) - int32(t.lc[ob&(lcLen-1)])
		d.keys[s.a&15], d.keys[s.b&15] = ka, kb
		d.keys[s.s&15] += int32(s.ds)
	} else {
		d.h += int32(d.delta[k])
	}
	d.tiles[b] = tile
	d.tiles[c] = 0
	d.blank = c
}

// Pathmax reports whether the heuristic is inconsistent enough for the
// engine to propagate values (BPMX): the dual lookups' is.
func (d *Domain) Pathmax() bool { return d.pdb != nil && d.pdb.dual }

// Undo takes back move m: the blank moves the opposite way. (Unwatched
// searches never get here: the engine hands them to Iterate.)
func (d *Domain) Undo(m int) { d.Apply(m ^ 1) }

// Cut names the move the rule forbids after prev: the one that undoes it.
func (d *Domain) Cut(prev int, out []int) int {
	if prev < 0 || prev >= numMoves || len(out) == 0 {
		return 0
	}
	out[0] = prev ^ 1
	return 1
}

// AppendState appends the tiles, one byte per cell.
func (d *Domain) AppendState(dst []byte) []byte {
	return append(dst, d.tiles[:d.t.cells]...)
}

// SetState makes the state encoded by AppendState current. An encoding of
// the wrong length or that is not a permutation of the board's tiles is
// ignored: it cannot come from AppendState.
func (d *Domain) SetState(b []byte) {
	if len(b) != d.t.cells {
		return
	}
	var seen [slots]bool
	for _, x := range b {
		if int(x) >= d.t.cells || seen[x] {
			return
		}
		seen[x] = true
	}
	copy(d.tiles[:], b)
	d.reset()
}

// Clone returns an independent copy at the current state.
func (d *Domain) Clone() engine.Domain {
	c := *d // the tables are shared read-only; the rest are values
	return &c
}

// Board returns the current state.
func (d *Domain) Board() Board {
	return Board{size: d.t.size, goal: d.t.goal, tiles: d.tiles}
}

// Heuristic returns the heuristic the domain searches with.
func (d *Domain) Heuristic() Heuristic { return d.heur }

// View is the state as the page's "tiles" renderer reads it.
type View struct {
	Size  int    `json:"size"`
	Tiles []int  `json:"tiles"` // row-major, 0 is the blank
	Blank int    `json:"blank"` // the blank's cell
	Goal  string `json:"goal"`
	// Target is, in a two-ended search (Heuristic.TwoEnded), the board the
	// moves at the goal's end have reached, which Tiles must reach.
	Target []int `json:"target,omitempty"`
}

// View describes the current state for the page.
func (d *Domain) View() any { return boardView(d.t, &d.tiles, d.blank) }

// boardView is the View of tiles, the blank on cell blank.
func boardView(t *table, tiles *cells, blank uint8) View {
	v := View{Size: t.size, Tiles: make([]int, t.cells), Blank: int(blank), Goal: t.goal.String()}
	for i := range v.Tiles {
		v.Tiles[i] = int(tiles[i])
	}
	return v
}
