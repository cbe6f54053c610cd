package tiles

import (
	"fmt"

	"idaviz/engine"
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
	}
	return 0, fmt.Errorf("unknown heuristic %q (choose from: linear-conflict, manhattan, misplaced)", s)
}

// Domain is a sliding-tile board searched in place by the engine. It keeps
// its heuristic value up to date as moves are applied and undone, from
// per-move delta tables, so a child's value costs a few table lookups.
type Domain struct {
	tiles [MaxCells]uint8 // cell -> tile, 0 is the blank
	blank uint8
	lc    bool  // linear conflict: keys are kept and lc added
	h     int32 // the current heuristic value
	delta *[deltaLen]int8
	keys  [10]int32 // linear conflict: the key of each row, then each column
	t     *table
	heur  Heuristic
}

var (
	_ engine.Domain      = (*Domain)(nil)
	_ engine.Snapshotter = (*Domain)(nil)
	_ engine.RuleCutter  = (*Domain)(nil)
	_ engine.Cloner      = (*Domain)(nil)
)

// NewDomain returns a domain at board b, searched with heuristic h.
func NewDomain(b Board, h Heuristic) *Domain {
	d := &Domain{t: tableFor(b.size, b.goal), heur: h, lc: h == LinearConflict}
	d.delta = &d.t.dMD
	if h == Misplaced {
		d.delta = &d.t.dMP
	}
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
	d.h = int32(d.fullH())
}

// fullH computes the heuristic of the current state without the
// incremental state: the reference the incremental updates are tested against.
func (d *Domain) fullH() int {
	t := d.t
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
			h += int(t.lc[t.lineKey(&d.tiles, l)])
		}
	}
	return h
}

// NumMoves is 4: the blank moves U, D, L or R.
func (d *Domain) NumMoves() int { return numMoves }

// MaxBranch is 4, at the root with the blank inside the board.
func (d *Domain) MaxBranch() int { return numMoves }

// MoveName names the blank's move: "U", "D", "L" or "R".
func (d *Domain) MoveName(m int) string {
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
// prev), in the order U D L R, with their heuristic values.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	if uint(prev+1) > numMoves {
		prev = engine.NoMove
	}
	st := &d.t.next[d.blank][prev+1]
	out = out[:st.n]
	if d.lc {
		return d.expandLC(st, out)
	}
	h := d.h
	for i := range out {
		c := st.cell[i]
		m := st.move[i]
		out[i] = engine.Child{Move: m, Cost: 1, H: h + int32(d.delta[deltaIndex(d.tiles[c], c, m)])}
	}
	return len(out)
}

func (d *Domain) expandLC(st *steps, out []engine.Child) int {
	t := d.t
	h := d.h
	for i := range out {
		c := st.cell[i]
		m := st.move[i]
		k := deltaIndex(d.tiles[c], c, m)
		s := &t.lcMove[k]
		ka, kb := d.keys[s.a], d.keys[s.b]
		dl := int32(t.lc[ka+int32(s.da)]) - int32(t.lc[ka]) + int32(t.lc[kb+int32(s.db)]) - int32(t.lc[kb])
		out[i] = engine.Child{Move: m, Cost: 1, H: h + int32(t.dMD[k]) + dl}
	}
	return len(out)
}

// Apply moves the blank; the move must be legal from the current state.
func (d *Domain) Apply(m int) {
	b := d.blank
	c := uint8(d.t.to[b][m])
	tile := d.tiles[c]
	k := deltaIndex(tile, c, int32(m))
	if d.lc {
		t := d.t
		s := &t.lcMove[k]
		ka := d.keys[s.a] + int32(s.da)
		kb := d.keys[s.b] + int32(s.db)
		d.h += int32(t.dMD[k]) + int32(t.lc[ka]) - int32(t.lc[d.keys[s.a]]) + int32(t.lc[kb]) - int32(t.lc[d.keys[s.b]])
		d.keys[s.a], d.keys[s.b] = ka, kb
		d.keys[s.s] += int32(s.ds)
	} else {
		d.h += int32(d.delta[k])
	}
	d.tiles[b] = tile
	d.tiles[c] = 0
	d.blank = c
}

// Undo takes back move m: the blank moves the opposite way.
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
	var seen [MaxCells]bool
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
}

// View describes the current state for the page.
func (d *Domain) View() any {
	v := View{Size: d.t.size, Tiles: make([]int, d.t.cells), Blank: int(d.blank), Goal: d.t.goal.String()}
	for i := range v.Tiles {
		v.Tiles[i] = int(d.tiles[i])
	}
	return v
}
