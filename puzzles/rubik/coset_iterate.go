package rubik

import (
	"math"

	"idaviz/engine"
	"idaviz/trace"
)

// Iterate runs one unobserved IDA* iteration from the current state (see
// engine.Iterator): the engine's loop over Expand, Apply and Undo, with the
// same moves, counts and next bound, but run here, where the bound is known.
// Both coset heuristics run it: reid, and reid-huge over its own coordinate.
//
// Knowing it is the point. A child is cut when any one axis's value is over
// bound - g - 1. reid looks the children up one axis at a time, starting
// with the axis whose value was highest at the parent (a coset distance
// changes by at most one per move, so it is the likeliest to cut), and only
// the children still standing along the next axis. Each axis's lookups are
// made together, all indices first, so their cache misses overlap. Each
// lookup is a cache miss in the table (reid's 70 MB), and most children are
// cut by the first axis: about 1.35 lookups per child instead of 3.
// reid-huge, whose children the inverse's kept axis cuts first (no lookup),
// looks the rest up along the cube's three axes together, then the ones
// left along the inverse's other two together: more lookups, but one wait
// on its 1.67 GB table for each side instead of one for each axis, which
// measured faster there and slower for reid (docs/ARCHITECTURE.md).
//
// A child cut before all its lookups has only a lower bound on its f; its
// exact f is computed when it could still be the smallest f over the bound
// (the next bound), which after the first cut at bound+1 it never can, and
// for every child when hist asks for the f histograms.
func (d *cosetDomain[C, T]) Iterate(bound int, hist *trace.Iteration, checkEvery int64, stop func(trace.Counts) bool) (moves []int, next int, counts trace.Counts, stopped bool) {
	s := d.newSearch(bound, hist, checkEvery, stop)
	pv := d.start(s, 0)
	h := int32(d.H())
	s.gen, s.rootGen = 1, 1
	if hist != nil {
		hist.CountVisit(int(h), 0)
	}
	var found bool
	if h == 0 && d.IsGoal() {
		found = true
		s.path = []int{}
	} else {
		found = s.dfs(d.ax, pv, 0, engine.NoMove, 0)
	}
	return s.result(found)
}

// IterateBelow is Iterate for a subtree (see engine.SubtreeIterator): the
// current state is an inner node at depth, reached at cost g by prev, whose
// own generation and visit are already counted.
func (d *cosetDomain[C, T]) IterateBelow(g, depth, prev, bound int, hist *trace.Iteration, checkEvery int64, stop func(trace.Counts) bool) (moves []int, next int, counts trace.Counts, stopped bool) {
	s := d.newSearch(bound, hist, checkEvery, stop)
	s.depth0 = depth
	pv := d.start(s, depth)
	found := s.dfs(d.ax, pv, int32(g), prev, depth)
	return s.result(found)
}

// start sets the frame of the search's first node, the current state at
// depth, and returns its axes' values.
func (d *cosetDomain[C, T]) start(s *cosetSearch[C, T], depth int) [3]int8 {
	f, i := d.values()
	fr := s.frame(depth)
	fr.side, fr.ipv, fr.zMove = d.side, i, -1
	return f
}

func (d *cosetDomain[C, T]) newSearch(bound int, hist *trace.Iteration, checkEvery int64, stop func(trace.Counts) bool) *cosetSearch[C, T] {
	if checkEvery <= 0 {
		checkEvery = engine.DefaultCheckEvery
	}
	s := d.search
	if s == nil {
		s = &cosetSearch[C, T]{}
		d.search = s
	}
	*s = cosetSearch[C, T]{tabs: d.tabs, words: d.words, six: d.six, root: d.Cube(), frames: s.frames, moves: s.moves[:0],
		bound: int32(bound), nextF: math.MaxInt32, checkEvery: checkEvery, budget: checkEvery,
		stop: stop, hist: hist}
	return s
}

// cosetSearch is one iteration run by a cosetDomain.
type cosetSearch[C comparable, T coset[C]] struct {
	tabs  T
	words []uint32
	six   bool    // the inverse's cosets are looked up too
	root  Cube    // the state the iteration starts from
	moves []uint8 // the moves made since, for the goal test

	bound, nextF       int32
	exp, gen           int64
	budget, checkEvery int64 // expansions left before the next check
	stop               func(trace.Counts) bool
	stopped            bool
	hist               *trace.Iteration // nil when nobody wants the histograms
	path               []int            // the moves to the goal, once found
	depth0             int              // the depth of the start
	rootGen            int64            // 1 when the start counts as generated here (Iterate)

	frames []*cosetFrame[C] // one per depth below the start, reused
	touch  uint32           // the sum of the rows touched ahead, kept so that the loads are made
}

// cosetFrame is a node's children while it is expanded: what is known of
// each child's heuristic, and its coordinates along the axes looked up.
type cosetFrame[C comparable] struct {
	h     [NumMoves]int32   // the child's h, or a lower bound when it is cut before all axes were read
	exact uint32            // bit i: h[i] is exact
	v     [3][NumMoves]int8 // the axes' values, per axis
	bv    [NumMoves]int8    // the three combined (cutBondt)
	co    [3][NumMoves]C
	idx   [3][NumMoves]int64 // the entries to read, per axis, in fr.cand's order
	cand  [NumMoves]uint8    // the children not cut yet
	// With the inverse's cosets: the node's own inverse side and its axes'
	// values (set before it is expanded), and the children's, per axis;
	// sub[k] lists the children looked up along inverse axis k.
	side invSide[C]
	ipv  [3]int8
	iv   [3][NumMoves]int8
	ico  [3][NumMoves]C
	sub  [3][NumMoves]uint8
	// side.z is made when first needed (cubes): zMove is the move from the
	// node above (whose frame is up) while it is not, -1 once it is.
	zMove int
	up    *cosetFrame[C]
}

// result is the Iterator's answer.
func (s *cosetSearch[C, T]) result(found bool) (moves []int, next int, counts trace.Counts, stopped bool) {
	found = found && !s.stopped
	// Every generated child is cut or visited, and every visited node is
	// expanded at once, except the goal.
	counts = trace.Counts{Expanded: s.exp, Generated: s.gen, Pruned: s.gen - s.rootGen - (s.exp - 1)}
	if found {
		counts.Pruned--
	}
	next = int(s.nextF)
	if s.nextF == math.MaxInt32 {
		next = -1
	}
	if found {
		return s.path, next, counts, false
	}
	return nil, next, counts, s.stopped
}

func (s *cosetSearch[C, T]) check() bool {
	s.budget = s.checkEvery
	if s.stop != nil {
		if _, _, c, _ := s.result(false); s.stop(c) {
			s.stopped = true
		}
	}
	return s.stopped
}

func (s *cosetSearch[C, T]) frame(depth int) *cosetFrame[C] {
	i := depth - s.depth0
	for i >= len(s.frames) {
		s.frames = append(s.frames, new(cosetFrame[C]))
	}
	return s.frames[i]
}

func (s *cosetSearch[C, T]) get(i int64) int8 { return int8(s.words[i>>3] >> (uint(i&7) * 4) & 0xF) }

// dfs expands the node with coordinates ax and axis values pv, at cost g
// and depth, reached by prev. It returns true when the search must stop: a
// goal was found (s.path is then the path to it) or a check said so.
func (s *cosetSearch[C, T]) dfs(ax [3]C, pv [3]int8, g int32, prev, depth int) bool {
	moves := allowedMoves[(prev+1)%(NumMoves+1)]
	n := len(moves)
	s.exp++
	s.gen += int64(n)
	if s.budget--; s.budget <= 0 && s.check() {
		s.gen -= int64(n)
		return true
	}
	fr := s.frame(depth)
	lim := s.bound - g - 1 // a child is visited when its h is at most lim
	cut := int8(lim)
	if s.hist != nil || lim > math.MaxInt8 {
		// Every axis of every child: the histograms need every f. (A bound
		// too big for an int8 cuts nothing the table can say.)
		cut = math.MaxInt8
	}
	s.touch += s.tabs.expand(fr, ax, pv, moves, cut, s.words)
	for i := 0; i < n; i++ {
		h := fr.h[i]
		if h > lim {
			if fr.exact>>i&1 == 0 && g+1+h < s.nextF {
				h = s.childH(fr, ax, int(moves[i]))
			}
			f := g + 1 + h
			if f < s.nextF {
				s.nextF = f
			}
			if s.hist != nil {
				s.hist.CountPrune(int(f))
			}
			continue
		}
		if s.hist != nil {
			s.hist.CountVisit(int(g+1+h), depth+1)
		}
		m := moves[i]
		cax := [3]C{fr.co[0][i], fr.co[1][i], fr.co[2][i]}
		cpv := [3]int8{fr.v[0][i], fr.v[1][i], fr.v[2][i]}
		s.moves = append(s.moves, m)
		var done bool
		if h == 0 && s.isGoal(cax) {
			s.path = make([]int, depth+1-s.depth0)
			done = true
		} else {
			if s.six {
				s.descend(fr, i, int(m), depth)
			}
			done = s.dfs(cax, cpv, g+1, int(m), depth+1)
		}
		s.moves = s.moves[:len(s.moves)-1]
		if done {
			if s.path != nil {
				s.path[depth-s.depth0] = int(m)
			}
			// The engine's loop never looked at the children after this one.
			s.gen -= int64(n - i - 1)
			return true
		}
	}
	return false
}

// axisOrder lists the axes in order of the values v, highest first: a coset
// distance changes by at most one per move, so the parent's highest is the
// likeliest to cut a child.
func axisOrder(v [3]int8) [3]int {
	order := [3]int{0, 1, 2}
	if v[1] > v[0] {
		order[0], order[1] = 1, 0
	}
	if v[2] > v[order[1]] {
		order[1], order[2] = 2, order[1]
		if v[2] > v[order[0]] {
			order[0], order[1] = 2, order[0]
		}
	}
	return order
}

// descend sets the inverse side of child i, by move m, in the frame below
// fr: its inverse's coordinates and values, all read (the child was not
// cut), and how to make the cube along each axis (cubes): most nodes are
// not asked for it, their children all cut before their inverse is read.
func (s *cosetSearch[C, T]) descend(fr *cosetFrame[C], i, m, depth int) {
	cf := s.frame(depth + 1)
	i %= NumMoves
	for k := range cf.side.z {
		cf.side.iax[k] = fr.ico[k][i]
		cf.ipv[k] = fr.iv[k][i]
	}
	cf.zMove, cf.up = m, fr
}

// cubes makes fr.side.z, the cube along each axis, if it is not made yet.
func (fr *cosetFrame[C]) cubes() {
	if fr.zMove < 0 {
		return
	}
	fr.up.cubes()
	for k := range fr.side.z {
		fr.side.z[k] = fr.up.side.z[k].Multiply(&moveCube[axisMove[k][fr.zMove%NumMoves]])
	}
	fr.zMove = -1
}

// start lists the n children as candidates, none of whose h is known.
func (fr *cosetFrame[C]) start(n int) int {
	for i := range n {
		fr.cand[i%NumMoves] = uint8(i)
	}
	fr.exact = 0
	return n
}

// load reads axis k's value of the nc children listed in fr.cand, whose
// entries fr.idx[k] holds in that order. Every load is made before the
// first branch on a loaded value (cut): a mispredicted branch would throw
// away the loads issued after it. (load and cut are two, each small enough
// to be inlined into a coset's expand.)
func (fr *cosetFrame[C]) load(k, nc int, words []uint32) {
	fr.loadInto(&fr.v[k%3], fr.cand[:nc], &fr.idx[k%3], words)
}

// loadAxes is load along the three axes at once.
func (fr *cosetFrame[C]) loadAxes(nc int, words []uint32) {
	for j, i := range fr.cand[:nc] {
		i %= NumMoves
		j %= NumMoves
		x, y, z := fr.idx[0][j], fr.idx[1][j], fr.idx[2][j]
		fr.v[0][i] = int8(words[x>>3] >> (uint(x&7) * 4) & 0xF)
		fr.v[1][i] = int8(words[y>>3] >> (uint(y&7) * 4) & 0xF)
		fr.v[2][i] = int8(words[z>>3] >> (uint(z&7) * 4) & 0xF)
	}
}

// loadInto reads into v the value of each child listed, whose entries idx
// holds in that order.
func (fr *cosetFrame[C]) loadInto(v *[NumMoves]int8, list []uint8, idx *[NumMoves]int64, words []uint32) {
	for j, i := range list {
		x := idx[j%NumMoves]
		v[i%NumMoves] = int8(words[x>>3] >> (uint(x&7) * 4) & 0xF)
	}
}

// cut keeps in fr.cand, in order, the nc children listed whose value along
// axis k is at most limit, and returns how many. A child cut here gets its
// value as a lower bound of h.
func (fr *cosetFrame[C]) cut(k, nc int, limit int8) int {
	return fr.cutOn(&fr.v[k%3], nc, limit)
}

// cutOn is cut on the values v.
func (fr *cosetFrame[C]) cutOn(v *[NumMoves]int8, nc int, limit int8) int {
	kept := 0
	for _, i := range fr.cand[:nc] {
		i %= NumMoves
		if x := v[i]; x > limit {
			fr.h[i] = int32(x)
			continue
		}
		fr.cand[kept%NumMoves] = i
		kept++
	}
	return kept
}

// cutBondt keeps in fr.cand, in order, the nc children listed whose three
// axes' values v (fr.v, the cube's, or fr.iv, its inverse's) combine (de
// Bondt's +1) to at most limit, and returns how many. A child cut here gets
// the combined value as a lower bound of h: on the cube's, before any
// lookup of its inverse.
func (fr *cosetFrame[C]) cutBondt(v *[3][NumMoves]int8, nc int, limit int8) int {
	for _, i := range fr.cand[:nc] {
		i %= NumMoves
		fr.bv[i] = int8(combine(int(v[0][i]), int(v[1][i]), int(v[2][i])))
	}
	return fr.cutOn(&fr.bv, nc, limit)
}

// finish sets the exact h of the nc children no axis cut.
func (fr *cosetFrame[C]) finish(nc int) []uint8 {
	for _, i := range fr.cand[:nc] {
		i %= NumMoves
		fr.h[i] = int32(combine(int(fr.v[0][i]), int(fr.v[1][i]), int(fr.v[2][i])))
		fr.exact |= 1 << i
	}
	return fr.cand[:nc]
}

// inherit gives each of the nc children listed the inverse's coordinates
// and value along the axis its move keeps (the node's: no lookup), and
// keeps in fr.cand those whose value is at most limit: a value over it says
// that no solution of the length left starts with a turn of that axis.
func (fr *cosetFrame[C]) inherit(moves []uint8, nc int, limit int8) int {
	kept := 0
	for _, i := range fr.cand[:nc] {
		i %= NumMoves
		k := moveAxis[moves[i]%NumMoves] % 3
		v := fr.ipv[k]
		fr.iv[k][i] = v
		fr.ico[k][i] = fr.side.iax[k]
		if v > limit {
			fr.h[i] = int32(v)
			continue
		}
		fr.cand[kept%NumMoves] = i
		kept++
	}
	return kept
}

// finish6 is finish with the inverse's axes.
func (fr *cosetFrame[C]) finish6(nc int) []uint8 {
	for _, i := range fr.cand[:nc] {
		i %= NumMoves
		fr.h[i] = combine6([3]int8{fr.v[0][i], fr.v[1][i], fr.v[2][i]}, [3]int8{fr.iv[0][i], fr.iv[1][i], fr.iv[2][i]})
		fr.exact |= 1 << i
	}
	return fr.cand[:nc]
}

// childH is the exact h of the child of the node of fr, at ax, by move m.
func (s *cosetSearch[C, T]) childH(fr *cosetFrame[C], ax [3]C, m int) int32 {
	var f, iv [3]int8
	if s.six {
		fr.cubes()
	}
	for k, a := range ax {
		mm := int(axisMove[k][m])
		f[k] = s.get(s.tabs.entry(s.tabs.move(a, mm)))
		if s.six {
			b := fr.side.iax[k]
			if k != int(moveAxis[m]) {
				b = s.tabs.invMove(b, &fr.side.z[k], mm)
			}
			iv[k] = s.get(s.tabs.entry(b))
		}
	}
	return combine6(f, iv)
}

// isGoal reports whether the child with coordinates ax, reached by the moves
// made, is solved: its coordinates say it is home along every axis, and the
// cube, made for this test only, says whether it is solved.
func (s *cosetSearch[C, T]) isGoal(ax [3]C) bool {
	for _, a := range ax {
		if !s.tabs.home(a) {
			return false
		}
	}
	c := s.root
	for _, m := range s.moves {
		c.Move(int(m))
	}
	return c.IsSolved()
}
