package tiles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"idaviz/engine"
)

// pdb8Dual is pdb8 with the dual lookups.
func pdb8Dual(t *testing.T, goal Goal, reflect bool) *pdbHeur {
	t.Helper()
	ph := pdb8(t, goal, reflect)
	dual, err := newPDBHeur(3, goal, ph.tables, reflect, true)
	if err != nil {
		t.Fatal(err)
	}
	return dual
}

// On every solvable 8-puzzle board, for both goals, with and without the
// reflected lookup: each view's dual lookup, and the heuristic, never
// exceed the true distance, and the dual lookup is above the regular ones
// on some boards (else it would add nothing).
func TestDual8Admissible(t *testing.T) {
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		for _, reflect := range []bool{false, true} {
			ph := pdb8Dual(t, goal, reflect)
			above := 0
			for dist, layer := range Layers8(goal) {
				for _, b := range layer {
					d := newPDBDomain(b, PDB78, ph)
					regular := d.ps.md + 2*max(d.ps.sum[0], d.ps.sum[len(ph.views)-1])
					for v := range ph.views {
						du := ph.dualLookup(&d.ps.du[v])
						if du+(du-d.ps.md)&1 > int32(dist) {
							t.Fatalf("%s reflect=%v: %s at distance %d: view %d's dual lookup says %d", goal, reflect, b, dist, v, du)
						}
					}
					if d.H() > dist {
						t.Fatalf("%s reflect=%v: %s at distance %d: h %d", goal, reflect, b, dist, d.H())
					}
					if ph.dualValue(&d.ps) > regular {
						above++
					}
				}
			}
			if above == 0 {
				t.Fatalf("%s reflect=%v: the dual lookup is never above the regular ones", goal, reflect)
			}
			t.Logf("%s reflect=%v: the dual lookup is above the regular ones on %d of 181,440 boards", goal, reflect, above)
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
			ph := pdb8Dual(t, goal, reflect)
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

// The dual lookup of a 15-puzzle board is what its definition says,
// computed here from the boards themselves: X is the goal after the blank
// went along row 0 and down to S's blank cell (Board.Move), D holds tile t
// where S holds the tile on X's cell of t, and the value sums, over
// pdb555's patterns, the larger of the table's value at D less the
// pattern's tiles X displaced and the pattern's Manhattan distance from D
// to X. The reflected view's lookup is the lookup of the board reflected
// about the main diagonal, a blank-last board's that of the board turned
// half a turn. And S's optimal solution, played from X, ends on D.
func TestDualBoard(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	ph, err := LoadPDB(context.Background(), PDB555D, BlankFirst, nil)
	if err != nil {
		t.Fatal(err)
	}
	last, err := LoadPDB(context.Background(), PDB555D, BlankLast, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(17, 18))
	boards := 40
	if testing.Short() {
		boards = 16
	}
	for i := range boards {
		s, _ := Scramble(rng, 4, 20+i, BlankFirst)
		x, d := dualBoards(t, s)
		var st pdbState
		ph.reset(&st, &s.tiles, 16, &tableFor(4, BlankFirst).md)
		if got, want := ph.dualLookup(&st.du[0]), directDual(ph, x, d); got != want {
			t.Fatalf("%s: dual lookup %d, from its definition %d", s, got, want)
		}
		rx, rd := dualBoards(t, transpose(t, s))
		if got, want := ph.dualLookup(&st.du[1]), directDual(ph, rx, rd); got != want {
			t.Fatalf("%s: reflected dual lookup %d, from its definition %d", s, got, want)
		}
		var lt pdbState
		turned := halfTurn(t, s)
		last.reset(&lt, &turned.tiles, 16, &tableFor(4, BlankLast).md)
		if lt.du[0].frame != st.du[0].frame || lt.du[1].frame != st.du[1].frame || lt.du[0].b != st.du[0].b {
			t.Fatalf("%s: the blank-last board %s has other dual states", s, turned)
		}
		if i%8 == 0 {
			dom := NewDomain(s, PDB555)
			res, err := engine.IDA(context.Background(), dom, engine.Options{})
			if err != nil || !res.Solved() {
				t.Fatal(err)
			}
			end := x
			for _, m := range res.Moves {
				if end, err = end.Move(m); err != nil {
					t.Fatalf("%s: S's solution %v cannot be played from X %s: %v", s, res.Moves, x, err)
				}
			}
			if end != d {
				t.Fatalf("%s: S's solution played from X %s ends on %s, not on D %s", s, x, end, d)
			}
		}
	}
}

// dualBoards are X and D of a blank-first 4x4 board s (see dual.go).
func dualBoards(t *testing.T, s Board) (x, d Board) {
	t.Helper()
	x, _ = GoalBoard(4, BlankFirst)
	blank := slices.Index(s.Tiles(), 0)
	var err error
	for range blank % 4 {
		if x, err = x.Move(MoveRight); err != nil {
			t.Fatal(err)
		}
	}
	for range blank / 4 {
		if x, err = x.Move(MoveDown); err != nil {
			t.Fatal(err)
		}
	}
	st, xt := s.Tiles(), x.Tiles()
	dt := make([]int, 16)
	for t := 1; t < 16; t++ {
		dt[st[slices.Index(xt, t)]] = t
	}
	d, err = NewBoard(4, dt, BlankFirst)
	if err != nil {
		t.Fatal(err)
	}
	return x, d
}

// directDual is the dual lookup of D against X, pattern by pattern.
func directDual(ph *pdbHeur, x, d Board) int32 {
	xt, dt := x.Tiles(), d.Tiles()
	md := func(a, b int) int32 { return int32(abs(a/4-b/4) + abs(a%4-b%4)) }
	var sum int32
	for _, pt := range ph.tables {
		p := pt.Pattern
		pos := make([]uint8, len(p.Tiles))
		var toHome, toX, moved int32
		for s, tile := range p.Tiles {
			c, home := slices.Index(dt, int(tile)), slices.Index(xt, int(tile))
			pos[s] = uint8(c)
			toHome += md(c, int(tile))
			toX += md(c, home)
			if home != int(tile) {
				moved++
			}
		}
		sum += max(toHome+2*int32(pt.Get(p.rank(pos)))-moved, toX)
	}
	return sum
}

// transpose is a blank-first board reflected about the main diagonal: the
// tile on cell (r, c) goes to (c, r) and is renumbered the same way.
func transpose(t *testing.T, b Board) Board {
	t.Helper()
	tr := func(c int) int { return c%4*4 + c/4 }
	src := b.Tiles()
	out := make([]int, 16)
	for c, tile := range src {
		out[tr(c)] = tr(tile)
	}
	nb, err := NewBoard(4, out, BlankFirst)
	if err != nil {
		t.Fatal(err)
	}
	return nb
}

// On boards scrambled by 10 to 39 random moves (to 19 with -short), both
// goals, each of pdb555d's four lookups (regular, reflected, dual, dual
// reflected) is at most the optimal length pdb555 finds, as the heuristic
// is; and solved with pdb555d, every board comes out at that length.
func TestDualAdmissible(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
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
			for _, l := range []int32{ps.md + 2*ps.sum[v], ph.dualLookup(&ps.du[v])} {
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
