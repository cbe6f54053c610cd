package tiles

// expand counts a node visited at f and depth and the children its
// expansion generates (those the move rule allows after prev, from the
// blank's cell), and reports whether a check stopped the search, which
// then counts none of them. The pattern database loops share it; dfs and
// dfsLC keep it written out.
func (s *iteration) expand(blank uint8, f int32, prev, depth int) (*steps, bool) {
	st := &s.next[blank&(slots-1)][(prev+1)&7]
	n := int64(st.n & 7)
	s.countVisit(f, depth)
	s.exp++
	s.gen += n
	if s.budget--; s.budget <= 0 && s.check() {
		s.gen -= n
		return st, true
	}
	return st, false
}

// dfsPDB is dfs for the pattern database heuristics: a child's value is
// its Manhattan change plus, per lookup, one rank update and one table read
// for the moved tile's pattern (the other patterns' entries stay as they
// are); the child that is visited reuses them rather than reading again.
func (s *iteration) dfsPDB(blank uint8, h, g int32, prev, depth int) bool {
	st, stop := s.expand(blank, g+h, prev, depth)
	if stop {
		return true
	}
	n := int(st.n & 7)
	ph := s.pdb
	ps := &s.ps
	lim := s.bound - g - 1
	b := blank & (slots - 1)
	nv := len(ph.views)
	for i := 0; i < n; i++ {
		o := st.off[i&3]
		c := (o >> 2) & (slots - 1)
		tile := s.tiles[c]
		dmd := int32(s.delta[(int(tile)<<7|int(o))&(deltaLen-1)])
		var rs [maxViews]int64
		var es [maxViews]int32
		var pis, sls [maxViews]int
		best := int32(-1)
		for v := 0; v < nv; v++ {
			w := &ph.views[v&1]
			pi, sl := int(w.pat[tile]&(maxPatterns-1)), int(w.slot[tile])
			pc := &w.pcell[pi]
			r := ps.rnk[v&1][pi] + ph.slide(pi, &ps.pos[v&1][pi], sl, pc[c], pc[b])
			e := ph.entry(pi, r)
			rs[v&1], es[v&1], pis[v&1], sls[v&1] = r, e, pi, sl
			best = max(best, ps.sum[v&1]-ps.ex[v&1][pi]+e)
		}
		ch := ps.md + dmd + 2*best
		if ch > lim {
			s.prune(g + 1 + ch)
			continue
		}
		// Only the moved tile's pattern changes in each lookup: its old
		// rank and entry are kept here, not the whole state.
		var ors [maxViews]int64
		var oes [maxViews]int32
		osum := ps.sum
		for v := 0; v < nv; v++ {
			w := &ph.views[v&1]
			pi, sl := pis[v&1]&(maxPatterns-1), sls[v&1]
			ors[v&1], oes[v&1] = ps.rnk[v&1][pi], ps.ex[v&1][pi]
			ps.pos[v&1][pi][sl&7] = w.pcell[pi][b]
			ps.sum[v&1] += es[v&1] - oes[v&1]
			ps.rnk[v&1][pi], ps.ex[v&1][pi] = rs[v&1], es[v&1]
		}
		ps.md += dmd
		s.tiles[b] = tile
		s.tiles[c] = 0
		var done bool
		if ch == 0 && s.tiles == s.goal {
			done = s.reachGoal(g+1, depth+1)
		} else {
			done = s.dfsPDB(c, ch, g+1, int(o&3), depth+1)
		}
		s.tiles[c] = tile
		s.tiles[b] = 0
		for v := 0; v < nv; v++ {
			w := &ph.views[v&1]
			pi, sl := pis[v&1]&(maxPatterns-1), sls[v&1]
			ps.pos[v&1][pi][sl&7] = w.pcell[pi][c]
			ps.rnk[v&1][pi], ps.ex[v&1][pi] = ors[v&1], oes[v&1]
		}
		ps.sum = osum
		ps.md -= dmd
		if done {
			if s.path != nil {
				s.path[depth] = int(o & 3)
			}
			s.gen -= int64(n - i - 1)
			return true
		}
	}
	return false
}

// dfsDual is dfsPDB for the heuristics with dual lookups, with the
// engine's bidirectional pathmax (engine.Pathmax: its dfs is this
// loop over the Domain interface). cur is the node's state; each child's
// is made whole in the iteration's stack (a dual lookup is not one table's
// change), valued, and visited through pathmax. It returns dfsPDB's result
// and h as it ends.
func (s *iteration) dfsDual(blank uint8, h, g int32, prev, depth int, cur *pdbState) (bool, int32) {
	st, stop := s.expand(blank, g+h, prev, depth)
	if stop {
		return true, h
	}
	n := int(st.n & 7)
	ph := s.pdb
	if depth == len(s.stack) {
		s.stack = append(s.stack, new([numMoves]pdbState))
	}
	kids := s.stack[depth]
	var hs [numMoves]int32
	b := blank & (slots - 1)
	for i := 0; i < n; i++ {
		o := st.off[i&3]
		c := (o >> 2) & (slots - 1)
		tile := s.tiles[c]
		k := &kids[i&3]
		*k = *cur
		ph.apply(k, tile, c, b, int32(s.delta[(int(tile)<<7|int(o))&(deltaLen-1)]))
		hs[i&3] = ph.value(k)
	}
	return s.pathmax(n, &hs, g, h, func(i int, ch int32) (done bool, back int32) {
		o := st.off[i&3]
		c := (o >> 2) & (slots - 1)
		tile := s.tiles[c]
		s.tiles[b] = tile
		s.tiles[c] = 0
		back = ch
		if ch == 0 && s.tiles == s.goal {
			done = s.reachGoal(g+1, depth+1)
		} else {
			done, back = s.dfsDual(c, ch, g+1, int(o&3), depth+1, &kids[i&3])
		}
		s.tiles[c] = tile
		s.tiles[b] = 0
		if done && s.path != nil {
			s.path[depth] = int(o & 3)
		}
		return done, back
	})
}

// pathmax is the engine's bidirectional pathmax over a node's n children,
// valued hs, the node at cost g with value h: the largest child's value
// less one raises h before any child is visited; a child is judged by the
// larger of its value and h less one, and cut over the bound or visited
// (visit reports whether the search ends, and the value the child's
// subtree raised it to); that value less one raises h again. It returns
// whether the search ends, and h.
func (s *iteration) pathmax(n int, hs *[numMoves]int32, g, h int32, visit func(i int, ch int32) (bool, int32)) (bool, int32) {
	for i := 0; i < n; i++ {
		h = max(h, hs[i&3]-1)
	}
	lim := s.bound - g - 1
	for i := 0; i < n; i++ {
		ch := max(hs[i&3], h-1)
		if ch > lim {
			s.prune(g + 1 + ch)
			continue
		}
		done, back := visit(i, ch)
		if done {
			s.gen -= int64(n - i - 1)
			return true, h
		}
		h = max(h, back-1)
	}
	return false, h
}
