package tiles

import (
	"idaviz/engine"
	"idaviz/trace"
)

// Dual search (Zahavi, Felner, Holte and Schaeffer 2006 and 2008): the path
// grows at either end. A node is a pair of boards: Y, where the moves made
// from the start led, and Z, where the moves made at the goal's end led
// from the goal (read backwards and inverted, they are the solution's last
// moves); Y = Z is a goal, and the distance left is the distance from Y to
// Z, which is Z's to Y.
//
// The lookups of pdb78d read towards any board (dual.go): from Y to Z, Z's
// tiles renamed so that they are at home (piece p is the tile Z holds on
// cell p; the blank piece is Z's blank cell, whose plan says which tables
// to read), and from Z to Y likewise. At the start, Z the goal, they are
// pdb78d's regular and dual lookups, each in two views; a node's value is
// the largest of the four, searched with BPMX.
//
// A node grows one end, so that no pair is reached twice by making the same
// moves in another order: the end whose blank has fewer moves (never
// undoing that end's last move; a corner has one, an edge two, the middle
// three), on a tie the end whose own lookup (Y's towards Z for Y's end: a
// move of that end changes it by one at most) is at least the other's, as
// Zahavi et al.'s dual IDA* switches to the dual when its value is larger.
// That rule alone (jump if larger) does worse on Korf's 100 than growing
// the start's end only, the branching rule much better (docs/ARCHITECTURE.md
// compares them). Neither end's move rule costs a solution: a move
// that undoes an end's last move would make a path two moves longer than
// one the search also makes, whatever the other end did in between.
//
// Moves 0-3 are the start's end's blank moves (U D L R), 4-7 the goal's
// end's ("gU": Z's blank moves up, so the solution, there, moves down);
// Solution reads a path of them as the moves from the start.

// endBoard is one end of the path: a board, as each view sees it, and
// where each of its tiles is.
type endBoard struct {
	tiles cells
	blank uint8
	frame [maxViews][16]uint8 // frame cell -> frame tile
	where [maxViews][16]uint8 // frame tile -> frame cell
}

// ends is a node of the two-ended search: the board the start's moves
// reached (end 0) and the goal's (end 1), their Manhattan distance apart,
// the entries each reads towards the other (the larger view's), and each
// end's last move (-1: none).
type ends struct {
	b    [2]endBoard
	md   int32
	own  [2]int32
	last [2]int8
}

// setEnds makes the node of boards y (the start's end) and z, no moves made.
func (h *pdbHeur) setEnds(s *ends, y, z *cells) {
	*s = ends{last: [2]int8{-1, -1}}
	for e, tiles := range [2]*cells{y, z} {
		b := &s.b[e]
		b.tiles = *tiles
		for c := 0; c < h.cells; c++ {
			if tiles[c] == 0 {
				b.blank = uint8(c)
			}
			for v := range h.views {
				w := &h.views[v]
				fc, ft := w.cell[c], w.tile[tiles[c]]
				b.frame[v][fc&15], b.where[v][ft&15] = ft, fc
			}
		}
	}
	for t := 1; t < h.cells; t++ {
		s.md += h.dist[s.b[0].where[0][t]&15][s.b[1].where[0][t]&15]
	}
	h.look(s)
}

// look reads the tables from each end towards the other.
func (h *pdbHeur) look(s *ends) {
	for e := range s.b {
		best := int32(0)
		for v := range h.views {
			best = max(best, h.towards(&s.b[e], &s.b[1-e], v))
		}
		s.own[e] = best
	}
}

// towards is the sum of the entries view v reads for the path from board a
// to board b: piece p, the tile b holds on frame cell p, stands in a on
// a.where[that tile]; b's blank cell names the blank piece.
func (h *pdbHeur) towards(a, b *endBoard, v int) int32 {
	aw, bf := &a.where[v&1], &b.frame[v&1]
	var sum int32
	parts := h.plans[b.where[v&1][0]&15]
	for i := range parts {
		p := &parts[i]
		var pos [8]uint8
		for s := 0; s < p.k; s++ {
			pos[s&7] = p.cell[aw[bf[p.label[s&7]&15]&15]&15]
		}
		sum += p.entry(rankPlaced(&p.mult, p.k, &pos))
	}
	return sum
}

// endsValue is a node's heuristic: the boards' Manhattan distance apart
// plus twice the larger end's entries.
func endsValue(s *ends) int32 { return s.md + 2*max(s.own[0], s.own[1]) }

// step makes move m (0-3) of end e's blank in s, which must be legal, and
// reads the tables again.
func (h *pdbHeur) step(s *ends, t *table, e, m int) {
	a, o := &s.b[e], &s.b[1-e]
	b := a.blank & (slots - 1)
	c := uint8(t.to[b][m&3]) & (slots - 1)
	tile := a.tiles[c]
	w := &h.views[0]
	there := o.where[0][w.tile[tile]&15] & 15
	s.md += h.dist[w.cell[b]&15][there] - h.dist[w.cell[c]&15][there]
	a.tiles[b], a.tiles[c] = tile, 0
	a.blank = c
	for v := range h.views {
		w := &h.views[v]
		fb, fc, ft := w.cell[b], w.cell[c], w.tile[tile]
		a.frame[v][fb&15], a.frame[v][fc&15] = ft, 0
		a.where[v][ft&15], a.where[v][0] = fb, fc
	}
	s.last[e] = int8(m)
	h.look(s)
}

// grow is the end a node grows (see above), with the table of its moves.
func (s *ends) grow(t *table) (int, *steps) {
	s0 := &t.next[s.b[0].blank&(slots-1)][(s.last[0]+1)&7]
	s1 := &t.next[s.b[1].blank&(slots-1)][(s.last[1]+1)&7]
	if n0, n1 := s0.n&7, s1.n&7; n1 < n0 || n1 == n0 && s.own[1] >= s.own[0] {
		return 1, s1
	}
	return 0, s0
}

// endsDomain is a board searched from both ends with pdb78d's lookups
// (Heuristic.TwoEnded).
type endsDomain struct {
	t    *table
	ph   *pdbHeur
	heur Heuristic
	s    ends
	h    int32
	undo []int8 // per move made: its end's last move before it
}

var (
	_ engine.Domain      = (*endsDomain)(nil)
	_ engine.Snapshotter = (*endsDomain)(nil)
	_ engine.RuleCutter  = (*endsDomain)(nil)
	_ engine.Cloner      = (*endsDomain)(nil)
	_ engine.Pathmax     = (*endsDomain)(nil)
	_ engine.Iterator    = (*endsDomain)(nil)
	_ engine.TwoEnded    = (*endsDomain)(nil)
)

// newEndsDomain is the two-ended search of board b with loaded tables that
// have their dual lookups.
func newEndsDomain(b Board, h Heuristic, ph *pdbHeur) *endsDomain {
	d := &endsDomain{t: tableFor(b.size, b.goal, b.order), ph: ph, heur: h}
	ph.setEnds(&d.s, &b.tiles, &d.t.goalTiles)
	d.h = endsValue(&d.s)
	return d
}

// NumMoves is 8: the start's end's blank moves, then the goal's end's.
func (d *endsDomain) NumMoves() int { return 2 * numMoves }

// MaxBranch is 4: a node grows one end.
func (d *endsDomain) MaxBranch() int { return numMoves }

// MoveName names the start's end's moves "U", "D", "L", "R" and the goal's
// end's "gU", "gD", "gL", "gR" (Z's blank moves up: the solution, there,
// moves down).
func (d *endsDomain) MoveName(m int) string {
	if m >= numMoves && m < 2*numMoves {
		return "g" + moveName(m-numMoves)
	}
	return moveName(m)
}

// H is the larger of the four lookups.
func (d *endsDomain) H() int { return int(d.h) }

// IsGoal reports whether the ends have met.
func (d *endsDomain) IsGoal() bool { return d.s.b[0].tiles == d.s.b[1].tiles }

// Expand writes the children of the end the node grows, in the order U D L
// R, never undoing that end's last move; prev is not needed.
func (d *endsDomain) Expand(prev int, out []engine.Child) int {
	e, st := d.s.grow(d.t)
	n := int(st.n & 7)
	var cs ends
	for i := range out[:n] {
		m := int(st.off[i&3] & 3)
		cs = d.s
		d.ph.step(&cs, d.t, e, m)
		out[i] = engine.Child{Move: int32(m + numMoves*e), Cost: 1, H: endsValue(&cs)}
	}
	return n
}

// Apply makes move m of its end.
func (d *endsDomain) Apply(m int) {
	e := m / numMoves & 1
	d.undo = append(d.undo, d.s.last[e])
	d.ph.step(&d.s, d.t, e, m%numMoves)
	d.h = endsValue(&d.s)
}

// Undo takes back move m, the last made.
func (d *endsDomain) Undo(m int) {
	e := m / numMoves & 1
	d.ph.step(&d.s, d.t, e, m%numMoves^1)
	d.s.last[e] = d.undo[len(d.undo)-1]
	d.undo = d.undo[:len(d.undo)-1]
	d.h = endsValue(&d.s)
}

// Pathmax: the lookups are inconsistent, as pdb78d's are.
func (d *endsDomain) Pathmax() bool { return true }

// Cut names the move the rule forbids: the one that undoes the grown end's
// last move.
func (d *endsDomain) Cut(prev int, out []int) int {
	e, _ := d.s.grow(d.t)
	if d.s.last[e] < 0 || len(out) == 0 {
		return 0
	}
	out[0] = int(d.s.last[e]^1) + numMoves*e
	return 1
}

// Solution reads a path of moves from the root as the moves from the start:
// the start's end's in order, then the goal's end's backwards, each
// inverted.
func (d *endsDomain) Solution(path []int) []int {
	out := make([]int, 0, len(path))
	for _, m := range path {
		if m < numMoves {
			out = append(out, m)
		}
	}
	for i := len(path) - 1; i >= 0; i-- {
		if m := path[i]; m >= numMoves {
			out = append(out, (m-numMoves)^1)
		}
	}
	return out
}

// AppendState appends both boards, one byte per cell, and each end's last
// move plus one.
func (d *endsDomain) AppendState(dst []byte) []byte {
	n := d.t.cells
	dst = append(dst, d.s.b[0].tiles[:n]...)
	dst = append(dst, d.s.b[1].tiles[:n]...)
	return append(dst, byte(d.s.last[0]+1), byte(d.s.last[1]+1))
}

// SetState makes the state encoded by AppendState current; an encoding
// AppendState cannot have made is ignored.
func (d *endsDomain) SetState(b []byte) {
	n := d.t.cells
	if len(b) != 2*n+2 || b[2*n] > numMoves || b[2*n+1] > numMoves {
		return
	}
	for e := range 2 {
		var seen [slots]bool
		for _, x := range b[e*n : (e+1)*n] {
			if int(x) >= n || seen[x] {
				return
			}
			seen[x] = true
		}
	}
	var y, z cells
	copy(y[:], b[:n])
	copy(z[:], b[n:2*n])
	d.ph.setEnds(&d.s, &y, &z)
	d.s.last = [2]int8{int8(b[2*n]) - 1, int8(b[2*n+1]) - 1}
	d.h = endsValue(&d.s)
	d.undo = d.undo[:0]
}

// Clone returns an independent copy at the current node.
func (d *endsDomain) Clone() engine.Domain {
	c := *d
	c.undo = append([]int8(nil), d.undo...)
	return &c
}

// Board is the start's end: where the moves from the start have led.
func (d *endsDomain) Board() Board {
	return Board{size: d.t.size, goal: d.t.goal, tiles: d.s.b[0].tiles}
}

// Heuristic returns the heuristic the domain searches with.
func (d *endsDomain) Heuristic() Heuristic { return d.heur }

// View is the start's end's board, with the goal's end's as its target.
func (d *endsDomain) View() any {
	v := boardView(d.t, &d.s.b[0].tiles, d.s.b[0].blank)
	v.Target = make([]int, d.t.cells)
	for i := range v.Target {
		v.Target[i] = int(d.s.b[1].tiles[i])
	}
	return v
}

// Iterate is the engine's loop over Expand, Apply and Undo, with BPMX, run
// on local copies of the nodes (see Domain.Iterate); the moves it returns
// are the path's, which the engine reads through Solution.
func (d *endsDomain) Iterate(bound int, hist *trace.Iteration, checkEvery int64, stop func(trace.Counts) bool) (moves []int, next int, counts trace.Counts, stopped bool) {
	var s iteration
	s.start(d.t, bound, hist, checkEvery, stop)
	s.pdb = d.ph
	if hist != nil {
		defer s.flush()
	}
	var found bool
	if d.h == 0 && d.IsGoal() {
		found = s.rootGoal()
	} else {
		root := d.s
		found, _ = s.dfsEnds(d.t, d.h, 0, 0, &root)
	}
	return s.result(found)
}

// dfsEnds is dfsDual for the two-ended search: cur is the node, each
// child is made whole in the iteration's stack and valued, and visited
// through pathmax.
func (s *iteration) dfsEnds(t *table, h, g int32, depth int, cur *ends) (bool, int32) {
	e, _ := cur.grow(t)
	st, stop := s.expand(cur.b[e].blank, g+h, int(cur.last[e]), depth)
	if stop {
		return true, h
	}
	n := int(st.n & 7)
	if depth == len(s.ends) {
		s.ends = append(s.ends, new([numMoves]ends))
	}
	kids := s.ends[depth]
	var hs [numMoves]int32
	for i := 0; i < n; i++ {
		k := &kids[i&3]
		*k = *cur
		s.pdb.step(k, t, e, int(st.off[i&3]&3))
		hs[i&3] = endsValue(k)
	}
	return s.pathmax(n, &hs, g, h, func(i int, ch int32) (done bool, back int32) {
		k := &kids[i&3]
		back = ch
		if ch == 0 && k.b[0].tiles == k.b[1].tiles {
			done = s.reachGoal(g+1, depth+1)
		} else {
			done, back = s.dfsEnds(t, ch, g+1, depth+1, k)
		}
		if done && s.path != nil {
			s.path[depth] = int(st.off[i&3]&3) + numMoves*e
		}
		return done, back
	})
}
