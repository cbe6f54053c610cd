package tiles

import (
	"fmt"
	"math/bits"
	"slices"
)

// Dual lookups (Felner, Zahavi, Holte and Schaeffer 2005; Zahavi, Felner,
// Holte and Schaeffer 2008). A board maps cells to tiles; its dual maps
// tiles to cells: the position of each tile rather than the tile in each
// position. In the blank-first frame tile t's home is cell t, so cells and
// tiles are both numbered 0..n-1 and a board S is a permutation; a move
// swaps the contents of the blank's cell and a neighbour's.
//
// Say a solution of S swaps cells along the blank's path c0, c1, ..., cd
// (c0 = b, S's blank cell; cd = 0). The same swaps, made in reverse order
// on the board D = S⁻¹ (tile t on the cell numbered S[t], the tile S holds
// on cell t), take D to the goal, and every one of them swaps the piece
// numbered b with a neighbour: in D, piece b plays the blank. So D is
// exactly as far from the goal as S, in the puzzle whose blank is piece b
// and whose goal has every piece p on cell p: b's too, and piece 0, a tile
// like any other there, on cell 0 (and back: a solution of D there is one
// of S, read backwards). This is the dual of Zahavi et al., where a state
// and its dual share their distance to the goal; the 8-puzzle board two
// moves from the goal whose inverse has a Manhattan distance of 3 is no
// exception, once its blank is piece b.
//
// A pattern's table bounds the moves of its tiles towards a goal with the
// blank in one region, so the dual lookup reads, for the dual blank b, the
// tables of the patterns with b taken out (and piece 0, which has a home
// like the others, put into one of them, or left to its Manhattan
// distance), their goal's blank in b's region. Most of those are the
// heuristic's own tables seen through one of the board's eight symmetries
// (a symmetry moves cells and pieces alike, and keeps every distance); the
// others are tables of their own, built once like the rest (dualPatterns).
// For pdb78d, whose tables split the board into rows 0-1 (with piece 0)
// and rows 2-3, the dual lookup splits D the same way with b out of its
// half: three 7-tile tables more. Each lookup adds, over D's patterns,
// their Manhattan distance and twice their table entries; D's Manhattan
// distance is S's (piece p on cell S[p] is as far from home as tile S[p] on
// cell p), so the dual value is S's Manhattan distance plus twice the
// entries read. It is admissible, and inconsistent: a move of S's blank
// moves two pieces of D and changes which piece is D's blank.
//
// Each of the heuristic's views (the board as it is, and reflected about
// the main diagonal) has its dual, looked up in the view's frame.

// dualState is what one view keeps for its dual lookup: the board in the
// view's frame (frame cell to frame tile) and the blank's frame cell.
type dualState struct {
	frame [16]uint8
	b     uint8
}

// dualPart is one pattern of a dual lookup: piece label[s] of D is the
// table's tile s, and cell maps D's cells to the table's.
type dualPart struct {
	words []uint32
	mult  [8]int64
	k     int
	label [8]uint8
	cell  [16]uint8
}

// dualRef names a dual lookup's pattern before the tables are loaded: the
// table's pattern and the symmetry (an index into symmetries) that takes
// D's cells to the table's.
type dualRef struct {
	pat *Pattern
	sym int
}

// symmetries lists the eight symmetries of a board of side size as maps of
// cells (and so of tiles, in the blank-first frame); the first is the
// identity.
func symmetries(size int) [8][MaxCells]uint8 {
	var out [8][MaxCells]uint8
	last := size - 1
	maps := [8]func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return r, last - c },
		func(r, c int) (int, int) { return last - r, c },
		func(r, c int) (int, int) { return last - r, last - c },
		func(r, c int) (int, int) { return last - c, last - r },
		func(r, c int) (int, int) { return c, last - r },
		func(r, c int) (int, int) { return last - c, r },
	}
	for i, f := range maps {
		for cell := range size * size {
			r, c := f(cell/size, cell%size)
			out[i][cell] = uint8(r*size + c)
		}
	}
	return out
}

// planDual finds, for each cell b of a board of side size, the patterns of
// the dual lookup whose blank is piece b: each of pats (blank-first tables
// whose goal has the blank on cell 0) less b, with piece 0 added to
// pats[join] (join < 0: to none), measured against a goal with the blank
// in b's region. It returns them as tables of pats or new patterns, with the
// symmetry to read them through, and the new patterns, each once.
func planDual(size int, pats []*Pattern, join int) (plans [16][]dualRef, extra []*Pattern, err error) {
	n := size * size
	g := newGeometry(size)
	syms := symmetries(size)
	type key struct{ tiles, region uint32 }
	region := func(tiles uint32, blank uint8) uint32 { return g.flood(1<<blank, g.full&^tiles) }
	own := map[key]*Pattern{}
	for _, p := range pats {
		m := tileMask(p.Tiles)
		own[key{m, region(m, p.Blank)}] = p
	}
	made := map[key]*Pattern{}
	for b := range n {
		for i, p := range pats {
			m := tileMask(p.Tiles) &^ (1 << b)
			if i == join {
				m |= 1 &^ (1 << b)
			}
			if bits.OnesCount32(m) < 2 {
				return plans, nil, fmt.Errorf("pattern %s less tile %d is too small for a dual lookup", p.Name, b)
			}
			ref, ok := dualRef{}, false
			var best []uint8
			var bestKey key
			bestSym := 0
			for s := range syms {
				var gm uint32
				for x := m; x != 0; x &= x - 1 {
					gm |= 1 << syms[s][bits.TrailingZeros32(x)]
				}
				k := key{gm, region(gm, syms[s][b])}
				if q := own[k]; q != nil {
					ref, ok = dualRef{q, s}, true
					break
				}
				cand := make([]uint8, 0, 8)
				for x := gm; x != 0; x &= x - 1 {
					cand = append(cand, uint8(bits.TrailingZeros32(x)))
				}
				cand = append(cand, uint8(bits.TrailingZeros32(k.region)))
				if best == nil || slices.Compare(cand, best) < 0 {
					best, bestKey, bestSym = cand, k, s
				}
			}
			if !ok {
				q := made[bestKey]
				if q == nil {
					tiles := best[:len(best)-1]
					blank := best[len(best)-1]
					if q, err = newPattern(fmt.Sprintf("blank%d-%04x", blank, bestKey.tiles), size, blank, tiles); err != nil {
						return plans, nil, err
					}
					made[bestKey] = q
					extra = append(extra, q)
				}
				ref = dualRef{q, bestSym}
			}
			plans[b] = append(plans[b], ref)
		}
	}
	return plans, extra, nil
}

// dualPatterns lists the tables a heuristic's dual lookups read beyond its
// own (none for a heuristic without them).
func dualPatterns(h Heuristic) ([]*Pattern, error) {
	if !h.Dual() {
		return nil, nil
	}
	pats, _, err := Patterns(h)
	if err != nil {
		return nil, err
	}
	_, extra, err := planDual(4, pats, dualJoin(h))
	return extra, err
}

// dualJoin is the pattern of h that piece 0 joins in its dual lookups: the
// 7-tile table of pdb78d (and pdb78ds), rows 0-1 with piece 0, so that every dual
// lookup splits the board in halves as the regular one does; pdb555d leaves
// it to its Manhattan distance, so that its extra tables stay small.
func dualJoin(h Heuristic) int {
	if h == PDB78D || h == PDB78DS {
		return 0
	}
	return -1
}

// setDual makes the dual lookups' parts for a board of side size from
// plans over tables, found by name.
func (h *pdbHeur) setDual(size int, plans *[16][]dualRef, tables []*PatternTable) error {
	n := size * size
	syms := symmetries(size)
	byName := map[string]*PatternTable{}
	for _, t := range tables {
		byName[t.Pattern.Name] = t
	}
	for b := range n {
		for _, ref := range plans[b] {
			t := byName[ref.pat.Name]
			if t == nil {
				return fmt.Errorf("the dual lookups need table %s", ref.pat.Name)
			}
			part := dualPart{words: t.Words(), k: len(ref.pat.Tiles)}
			copy(part.mult[:], ref.pat.mult)
			g := &syms[ref.sym]
			var inv [16]uint8
			for c := range n {
				inv[g[c]] = uint8(c)
			}
			for s, tile := range ref.pat.Tiles {
				part.label[s] = inv[tile]
			}
			copy(part.cell[:], g[:])
			h.plans[b] = append(h.plans[b], part)
		}
	}
	h.dual = true
	return nil
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

// dualValue is the larger of the state's dual lookups: the board's
// Manhattan distance plus twice the entries read.
func (h *pdbHeur) dualValue(st *pdbState) int32 {
	best := int32(0)
	for v := range h.views {
		best = max(best, h.dualLookup(&st.du[v]))
	}
	return st.md + 2*best
}

// dualLookup is the sum of one view's dual entries (see above): piece p of
// D stands on cell frame[p].
func (h *pdbHeur) dualLookup(du *dualState) int32 {
	return h.pieceLookup(du.b, &du.frame)
}

// pieceLookup is the sum of the entries of the plan for blank piece b,
// piece p standing on cell at[p].
func (h *pdbHeur) pieceLookup(b uint8, at *[16]uint8) int32 {
	var sum int32
	parts := h.plans[b&15]
	for i := range parts {
		p := &parts[i]
		var pos [8]uint8
		for s := 0; s < p.k; s++ {
			pos[s&7] = p.cell[at[p.label[s&7]&15]&15]
		}
		sum += p.entry(rankPlaced(&p.mult, p.k, &pos))
	}
	return sum
}

// entry is the part's table entry of rank r.
func (p *dualPart) entry(r int64) int32 {
	return nibble(p.words, r)
}
