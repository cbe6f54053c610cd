package tiles

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"idaviz/engine"
)

// pdb8Dual is pdb8 with the dual lookups, piece 0 joining pattern join
// (-1: none), their extra tables built here.
func pdb8Dual(t *testing.T, goal Goal, reflect bool, join int) *pdbHeur {
	t.Helper()
	ph := pdb8(t, goal, reflect)
	pats := []*Pattern{ph.tables[0].Pattern, ph.tables[1].Pattern}
	_, extra, err := planDual(3, pats, join)
	if err != nil {
		t.Fatal(err)
	}
	var xt []*PatternTable
	for _, p := range extra {
		pt, err := BuildPattern(context.Background(), p, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		xt = append(xt, pt)
	}
	if err := ph.addDual(3, join, xt); err != nil {
		t.Fatal(err)
	}
	return ph
}

// On every solvable 8-puzzle board, for both goals, with and without the
// reflected lookup, piece 0 joining a pattern or not: each view's dual
// lookup, and the heuristic, never exceed the true distance, and the dual
// lookup is above the regular ones on some boards (else it would add
// nothing).
func TestDual8Admissible(t *testing.T) {
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		for _, reflect := range []bool{false, true} {
			for _, join := range []int{-1, 0} {
				ph := pdb8Dual(t, goal, reflect, join)
				above := 0
				for dist, layer := range Layers8(goal) {
					for _, b := range layer {
						d := newPDBDomain(b, PDB78, ph)
						regular := d.ps.md + 2*max(d.ps.sum[0], d.ps.sum[len(ph.views)-1])
						for v := range ph.views {
							if du := d.ps.md + 2*ph.dualLookup(&d.ps.du[v]); du > int32(dist) {
								t.Fatalf("%s reflect=%v join=%d: %s at distance %d: view %d's dual lookup says %d", goal, reflect, join, b, dist, v, du)
							}
						}
						if d.H() > dist {
							t.Fatalf("%s reflect=%v join=%d: %s at distance %d: h %d", goal, reflect, join, b, dist, d.H())
						}
						if ph.dualValue(&d.ps) > regular {
							above++
						}
					}
				}
				if above == 0 {
					t.Fatalf("%s reflect=%v join=%d: the dual lookup is never above the regular ones", goal, reflect, join)
				}
				t.Logf("%s reflect=%v join=%d: the dual lookup is above the regular ones on %d of 181,440 boards", goal, reflect, join, above)
			}
		}
	}
}

// On every 8-puzzle board S (blank-first), the dual lookup is what its
// definition says, computed here without tables or symmetries: D holds
// piece p on cell S[p], its blank is piece b (S's blank cell), and each of
// pdb8's patterns less b (with piece 0, when it joins) counts the moves its
// pieces need towards home, the blank ending on cell b, by a plain
// breadth-first search of that pattern (bfsPattern); piece 0, left out,
// counts its Manhattan distance.
func TestDual8Definition(t *testing.T) {
	pats := []*Pattern{mustPattern("8a", 3, 1, 2, 3, 4), mustPattern("8b", 3, 5, 6, 7, 8)}
	bfs := map[string]map[[8]uint8]int{}
	for _, join := range []int{-1, 0} {
		ph := pdb8Dual(t, BlankFirst, false, join)
		for _, layer := range Layers8(BlankFirst) {
			for _, s := range layer {
				b := uint8(slices.Index(s.Tiles(), 0))
				want := 0
				inPattern := b == 0
				for i, p := range pats {
					var tiles []uint8
					for _, x := range p.Tiles {
						if x != b {
							tiles = append(tiles, x)
						}
					}
					if i == join && b != 0 {
						tiles, inPattern = append(tiles, 0), true
					}
					q, err := newPattern(fmt.Sprintf("%v-%d", tiles, b), 3, b, tiles)
					if err != nil {
						t.Fatal(err)
					}
					if bfs[q.Name] == nil {
						bfs[q.Name] = bfsPattern(q)
					}
					var at [8]uint8
					for j, piece := range tiles {
						at[j] = s.tiles[piece] // piece p of D is on cell S[p]
					}
					want += bfs[q.Name][at]
				}
				if !inPattern {
					want += abs(int(s.tiles[0])/3) + abs(int(s.tiles[0])%3)
				}
				d := newPDBDomain(s, PDB78, ph)
				if got := d.ps.md + 2*ph.dualLookup(&d.ps.du[0]); int(got) != want {
					t.Fatalf("join=%d: %s: dual lookup %d, from its definition %d", join, s, got, want)
				}
			}
		}
	}
}

// With the dual lookups, Expand's values and Apply's are the values
// computed from scratch along random walks; Iterate (which runs BPMX) is
// the engine's loop with BPMX; and both find the BFS distance.
func TestDual8Search(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		for _, reflect := range []bool{false, true} {
			ph := pdb8Dual(t, goal, reflect, 0)
			if home, _ := GoalBoard(3, goal); !newPDBDomain(home, PDB78, ph).Pathmax() {
				t.Fatal("a domain with dual lookups does not ask for pathmax")
			}
			for i := range 20 {
				b, _ := Scramble(rng, 3, 12+i, goal)
				checkSearch8(t, rng, ph, b)
			}
		}
	}
}

// planDual gives, for every dual blank b, patterns that split the pieces
// other than b (piece 0 in the joined pattern, else in none) into tables
// whose goal has the blank in b's region; for pdb78d they are the halves
// of the board, rows 0-1 and rows 2-3, and three 7-tile tables are new
// (the rest are pdb78's seen through a symmetry); for pdb555d eleven
// 4-tile tables and one 5-tile one are.
func TestPlanDual(t *testing.T) {
	syms := symmetries(4)
	g := newGeometry(4)
	for _, c := range []struct {
		h     Heuristic
		sizes []int
	}{{PDB78D, []int{7, 7, 7}}, {PDB555D, []int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5}}} {
		pats, _, _ := Patterns(c.h)
		plans, extra, err := planDual(4, pats, dualJoin(c.h))
		if err != nil {
			t.Fatal(err)
		}
		var sizes []int
		for _, p := range extra {
			sizes = append(sizes, len(p.Tiles))
		}
		slices.Sort(sizes)
		if !slices.Equal(sizes, c.sizes) {
			t.Errorf("%s: new tables of %v tiles, want %v", c.h, sizes, c.sizes)
		}
		for b := range 16 {
			var seen uint32
			for _, ref := range plans[b] {
				sym := &syms[ref.sym]
				var inv [16]uint8
				for x := range 16 {
					inv[sym[x]] = uint8(x)
				}
				var mask uint32
				for _, tile := range ref.pat.Tiles {
					mask |= 1 << inv[tile]
				}
				if seen&mask != 0 {
					t.Fatalf("%s b=%d: the patterns overlap", c.h, b)
				}
				seen |= mask
				if reg := g.flood(1<<b, g.full&^mask); reg>>inv[ref.pat.Blank]&1 == 0 {
					t.Fatalf("%s b=%d: table %s's goal has its blank out of b's region", c.h, b, ref.pat.Name)
				}
				if c.h == PDB78D && mask != 0xFF&^(1<<b) && mask != 0xFF00&^(1<<b) {
					t.Fatalf("%s b=%d: a pattern of pieces %016b is not half the board", c.h, b, mask)
				}
			}
			want := uint32(0xFFFF) &^ (1 << b)
			if c.h == PDB555D && b != 0 {
				want &^= 1
			}
			if seen != want {
				t.Fatalf("%s b=%d: the patterns hold pieces %016b, want %016b", c.h, b, seen, want)
			}
		}
	}
}

// A table read through a symmetry is the table of the symmetric pattern:
// pdb555's first table turned a quarter and mirrored, built on its own with
// the blank's home moved likewise, holds the same entry for every
// placement, mapped.
func TestPatternSymmetry(t *testing.T) {
	syms := symmetries(4)
	p := pat555[0]
	base, err := BuildPattern(context.Background(), p, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []int{2, 5, 6} {
		sym := &syms[s]
		tiles := make([]uint8, len(p.Tiles))
		for i, x := range p.Tiles {
			tiles[i] = sym[x]
		}
		q, err := newPattern(fmt.Sprintf("sym%d", s), 4, sym[0], tiles)
		if err != nil {
			t.Fatal(err)
		}
		img, err := BuildPattern(context.Background(), q, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		pos := make([]uint8, len(tiles))
		mapped := make([]uint8, len(tiles))
		for r := range p.Entries() {
			used := p.unrank(r, pos)
			if bits.OnesCount32(used) != len(tiles) {
				t.Fatal("unrank")
			}
			for i, c := range pos {
				mapped[i] = sym[c]
			}
			if a, b := base.Get(r), img.Get(q.rank(mapped)); a != b {
				t.Fatalf("symmetry %d: placement %v: %d, its image %d", s, pos, a, b)
			}
		}
	}
}

// D is as far from the goal as S, with piece b as its blank: S's optimal
// solution, read backwards, is a solution of D. And a blank-last board's
// dual states are those of its half turn (the same frame).
func TestDualBoard(t *testing.T) {
	ph, err := LoadPDB(context.Background(), PDB555D, BlankFirst, nil)
	if err != nil {
		t.Fatal(err)
	}
	last, err := LoadPDB(context.Background(), PDB555D, BlankLast, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(17, 18))
	boards := 12
	if testing.Short() {
		boards = 4
	}
	for i := range boards {
		s, _ := Scramble(rng, 4, 20+2*i, BlankFirst)
		var st, lt pdbState
		ph.reset(&st, &s.tiles, 16, &tableFor(4, BlankFirst, 0).md)
		turned := halfTurn(t, s)
		last.reset(&lt, &turned.tiles, 16, &tableFor(4, BlankLast, 0).md)
		if lt.du != st.du {
			t.Fatalf("%s: the blank-last board %s has other dual states", s, turned)
		}
		res, err := engine.IDA(context.Background(), NewDomain(s, PDB555), engine.Options{})
		if err != nil || !res.Solved() {
			t.Fatal(err)
		}
		// D, piece p on cell S[p]; its blank piece b walks S's path back.
		var d, at [16]uint8
		for p := range 16 {
			d[s.tiles[p]] = uint8(p)
		}
		b := uint8(slices.Index(s.Tiles(), 0))
		for c := range 16 {
			at[d[c]] = uint8(c)
		}
		path := []uint8{b}
		for _, m := range res.Moves {
			next := int(path[len(path)-1]) + [4]int{-4, 4, -1, 1}[m]
			path = append(path, uint8(next))
		}
		for j := len(path) - 1; j > 0; j-- {
			from, to := path[j], path[j-1]
			if at[b] != from {
				t.Fatalf("%s: D's blank piece %d is on cell %d, not %d", s, b, at[b], from)
			}
			x := d[to]
			d[from], d[to] = x, b
			at[x], at[b] = from, to
		}
		for c := range 16 {
			if d[c] != uint8(c) {
				t.Fatalf("%s: S's solution read backwards takes D to %v, not to the goal", s, d)
			}
		}
	}
}

// On boards scrambled by 10 to 39 random moves (to 19 with -short), both
// goals, each of pdb555d's four lookups (regular, reflected, dual, dual
// reflected) is at most the optimal length pdb555 finds, as the heuristic
// is; and solved with pdb555d, every board comes out at that length.
func TestDualAdmissible(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	above := 0
	boards := 60
	if testing.Short() {
		boards = 20
	}
	for i := range boards {
		b, _ := Scramble(rng, 4, 10+i/2, Goal(i%2))
		ref, err := b.BuildDomain(context.Background(), "pdb555", nil)
		if err != nil {
			t.Fatal(err)
		}
		opt, err := engine.IDA(context.Background(), ref, engine.Options{})
		if err != nil || !opt.Solved() {
			t.Fatal(err)
		}
		dom, err := b.BuildDomain(context.Background(), "pdb555d", nil)
		if err != nil {
			t.Fatal(err)
		}
		d := dom.(*Domain)
		ps, ph := &d.ps, d.pdb
		for v := range ph.views {
			for _, l := range []int32{ps.md + 2*ps.sum[v], ps.md + 2*ph.dualLookup(&ps.du[v])} {
				if int(l) > opt.Cost {
					t.Fatalf("%s: view %d: a lookup says %d, optimal %d", b, v, l, opt.Cost)
				}
			}
		}
		if ph.dualValue(ps) > ps.md+2*max(ps.sum[0], ps.sum[1]) {
			above++
		}
		res, err := engine.IDA(context.Background(), dom, engine.Options{})
		if err != nil || res.Cost != opt.Cost || d.H() > opt.Cost {
			t.Fatalf("%s: pdb555d finds %d moves (h %d), pdb555 %d (%v)", b, res.Cost, d.H(), opt.Cost, err)
		}
	}
	if above == 0 {
		t.Fatal("the dual lookups are never above the regular ones")
	}
}
