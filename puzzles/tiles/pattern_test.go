package tiles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"idaviz/engine"
	"idaviz/engine/enginetest"
	"idaviz/puzzles/pdb"
)

// Ranking is a bijection between placements and 0..Entries-1, and a slide's
// rank change (delta) is the rank of the placement after the slide.
func TestPatternRank(t *testing.T) {
	for _, p := range []*Pattern{
		mustPattern("a", 3, 1, 2, 3, 4),
		mustPattern("b", 3, 8, 3, 5),
		mustPattern("c", 4, 13, 14, 15),
		mustPattern("d", 4, 2, 3, 6, 7, 10),
	} {
		nb := neighboursOf(p.Size)
		seen := make([]bool, p.Entries())
		var pos [8]uint8
		k := len(p.Tiles)
		var cur cursor
		cur.init(p, 0)
		for r := range p.Entries() {
			used := p.unrank(r, pos[:])
			if r%5 != 4 { // seeks of 1 and of 2
				cur.seek(r)
				if cur.pos != pos || cur.used[k] != used {
					t.Fatalf("%s: the cursor at %d is at %v, unrank says %v", p.Name, r, cur.pos[:k], pos[:k])
				}
			}
			if got := p.rank(pos[:k]); got != r {
				t.Fatalf("%s: rank(unrank(%d)) = %d", p.Name, r, got)
			}
			for _, c := range pos[:k] {
				if int(c) >= p.Size*p.Size {
					t.Fatalf("%s: unrank(%d) = %v, off the board", p.Name, r, pos[:k])
				}
			}
			if seen[r] {
				t.Fatalf("%s: rank %d twice", p.Name, r)
			}
			seen[r] = true
			for s := range k {
				for _, to := range nb[pos[s]] {
					if used>>to&1 != 0 {
						continue
					}
					moved := pos
					moved[s] = to
					var at cursor
					at.init(p, r)
					if want, got := p.rank(moved[:k]), r+at.delta(s, pos[s], to); got != want {
						t.Fatalf("%s: %v, tile %d to %d: delta gives %d, rank %d", p.Name, pos[:k], s, to, got, want)
					}
				}
			}
		}
	}
	// The 8-tile pattern, sampled: 518,918,400 entries.
	p := pat78[1]
	if p.Entries() != 518918400 {
		t.Fatalf("8 tiles: %d entries", p.Entries())
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var pos [8]uint8
	for range 100000 {
		r := rng.Int64N(p.Entries())
		p.unrank(r, pos[:])
		if got := p.rank(pos[:]); got != r {
			t.Fatalf("8 tiles: rank(unrank(%d)) = %d", r, got)
		}
	}
}

// bfsPattern is the pattern's distances by a plain search over placements
// and the blank's cell (maps, no ranking tricks), from the tiles at home
// and the blank on its home cell p.Blank: the blank slides at no cost into
// any cell no pattern tile holds, or swaps with a pattern tile at a cost of
// one (a 0-1 breadth-first search); a placement's distance is the least
// over the blank's cells.
func bfsPattern(p *Pattern) map[[8]uint8]int {
	type state struct {
		pos   [8]uint8
		blank uint8
	}
	nb := neighboursOf(p.Size)
	k := len(p.Tiles)
	start := state{blank: p.Blank}
	copy(start.pos[:], p.Tiles)
	dist := map[state]int{start: 0}
	deque := []state{start}
	for len(deque) > 0 {
		x := deque[0]
		deque = deque[1:]
		for _, c := range nb[x.blank] {
			y, cost := x, 0
			y.blank = c
			if i := slices.Index(x.pos[:k], c); i >= 0 {
				y.pos[i], cost = x.blank, 1
			}
			if d, ok := dist[y]; !ok || d > dist[x]+cost {
				dist[y] = dist[x] + cost
				if cost == 0 {
					deque = append([]state{y}, deque...)
				} else {
					deque = append(deque, y)
				}
			}
		}
	}
	best := map[[8]uint8]int{}
	for s, d := range dist {
		if b, ok := best[s.pos]; !ok || d < b {
			best[s.pos] = d
		}
	}
	return best
}

// The build's progress counts the entries of the table being built, not
// those of its search's larger table (placement and blank's region, most
// of them known from the start): it rises to the table's size, which the
// last layer's report reaches.
func TestBuildPatternProgress(t *testing.T) {
	p := mustPattern("c", 4, 13, 14, 15)
	var reports []pdb.Progress
	if _, err := BuildPattern(context.Background(), p, 2, func(r pdb.Progress) { reports = append(reports, r) }); err != nil {
		t.Fatal(err)
	}
	var last pdb.Progress
	for _, r := range reports {
		if r.Note != "" {
			continue
		}
		if r.Table != p.Name || r.Total != p.Entries() || r.Filled < last.Filled || r.Filled > r.Total {
			t.Fatalf("report %+v after %+v: want the table %s's entries, rising, of %d", r, last, p.Name, p.Entries())
		}
		last = r
	}
	if !last.LayerDone || last.Filled != p.Entries() {
		t.Errorf("the last report %+v does not end the table full", last)
	}
}

// The table holds what a breadth-first search counting only the pattern
// tiles' moves (the blank's are free) gives, for every placement; its
// HDistribution counts them. So it does for goals with the blank away from
// cell 0, where a pattern may hold the tile numbered 0 (a dual lookup's
// tables), the blank's home walled in by the tiles or not.
func TestBuildPatternIsBFS(t *testing.T) {
	seeded := func(name string, size int, blank uint8, tiles ...uint8) *Pattern {
		p, err := newPattern(name, size, blank, tiles)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, p := range []*Pattern{mustPattern("a", 3, 1, 2, 3, 4), mustPattern("c", 4, 13, 14, 15), mustPattern("e", 3, 1, 2, 3, 4, 5, 6),
		seeded("f", 3, 4, 0, 1, 3, 5, 7), seeded("g", 3, 8, 0, 1, 2, 5), seeded("h", 4, 10, 9, 11, 14)} {
		pt, err := BuildPattern(context.Background(), p, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := bfsPattern(p)
		if int64(len(want)) != p.Entries() {
			t.Fatalf("%s: the BFS reaches %d of %d placements", p.Name, len(want), p.Entries())
		}
		var hist []int64
		var pos [8]uint8
		k := len(p.Tiles)
		excess := 0
		for placement, d := range want {
			copy(pos[:], placement[:k])
			r := p.rank(pos[:k])
			md := 0
			for s, c := range pos[:k] {
				g := int(p.Tiles[s])
				md += abs(int(c)/p.Size-g/p.Size) + abs(int(c)%p.Size-g%p.Size)
			}
			e := pt.Get(r)
			if md+2*e != d {
				t.Fatalf("%s: %v: table gives %d+2*%d, BFS %d", p.Name, pos[:k], md, e, d)
			}
			excess = max(excess, e)
			for len(hist) <= d {
				hist = append(hist, 0)
			}
			hist[d]++
		}
		if excess == 0 {
			t.Errorf("%s: no entry above the Manhattan distance", p.Name)
		}
		if got := pt.HDistribution(); !slices.Equal(got, hist) {
			t.Errorf("%s: HDistribution %v, BFS %v", p.Name, got, hist)
		}
		fresh := &PatternTable{Pattern: p, Table: pt.Table}
		if got := fresh.HDistribution(); !slices.Equal(got, hist) {
			t.Errorf("%s: HDistribution of a loaded table %v, BFS %v", p.Name, got, hist)
		}
	}
}

// pdb8 is the 8-puzzle analogue of the 15-puzzle's databases: two disjoint
// 4-tile patterns, optionally with the reflected lookup.
func pdb8(t *testing.T, goal Goal, reflect bool) *pdbHeur {
	t.Helper()
	var tabs []*PatternTable
	for _, p := range []*Pattern{mustPattern("8a", 3, 1, 2, 3, 4), mustPattern("8b", 3, 5, 6, 7, 8)} {
		pt, err := BuildPattern(context.Background(), p, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		tabs = append(tabs, pt)
	}
	ph, err := newPDBHeur(3, goal, tabs, reflect)
	if err != nil {
		t.Fatal(err)
	}
	return ph
}

// On every solvable 8-puzzle board, for both goals: the sum of the two
// tables never exceeds the true distance (admissible), is at least the
// Manhattan distance, equals it only where no pattern needs more; the
// reflected lookup is admissible too; and a board where only one pattern's
// tiles are away from home reads zero from the other table (additive: no
// move of another tile, nor of the blank, is charged to a pattern).
func TestPDB8Admissible(t *testing.T) {
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		for _, reflect := range []bool{false, true} {
			ph := pdb8(t, goal, reflect)
			above, total := 0, 0
			for dist, layer := range Layers8(goal) {
				for _, b := range layer {
					d := newPDBDomain(b, PDB78, ph)
					md := NewDomain(b, Manhattan).H()
					h := d.H()
					if h > dist || h < md || (h-md)%2 != 0 {
						t.Fatalf("%s reflect=%v: %s at distance %d: h %d, Manhattan %d", goal, reflect, b, dist, h, md)
					}
					if h > md {
						above++
					}
					total++
				}
			}
			if total != 181440 || above == 0 {
				t.Fatalf("%s: %d boards, %d above Manhattan", goal, total, above)
			}
			t.Logf("%s reflect=%v: h above Manhattan on %d of %d boards", goal, reflect, above, total)
		}
	}
	// Moving the blank and the tiles of pattern b never changes table a's
	// entry: only a's own tiles' places enter its rank.
	ph := pdb8(t, BlankFirst, false)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		b, _ := Scramble(rng, 3, 30, BlankFirst)
		d := newPDBDomain(b, PDB78, ph)
		before := d.ps.rnk[0][0]
		for range 20 {
			var kids [4]engine.Child
			n := d.Expand(engine.NoMove, kids[:])
			m := int(kids[rng.IntN(n)].Move)
			blank := d.blank
			tile := d.tiles[d.t.to[blank][m]]
			d.Apply(m)
			if tile > 4 && d.ps.rnk[0][0] != before {
				t.Fatalf("tile %d (pattern b) moved and table a's rank changed", tile)
			}
			before = d.ps.rnk[0][0]
		}
	}
}

// The incremental values (Expand, Apply, Undo) are the values computed from
// scratch, along random walks, and Iterate is the engine's own loop.
func TestPDB8Incremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		for _, reflect := range []bool{false, true} {
			ph := pdb8(t, goal, reflect)
			for i := range 20 {
				b, _ := Scramble(rng, 3, 10+i, goal)
				checkSearch8(t, rng, ph, b)
			}
		}
	}
}

// walkIncremental walks steps moves at random in d, wanting Expand's and
// Apply's values at every child to be those computed from scratch.
func walkIncremental(t *testing.T, rng *rand.Rand, d *Domain, steps int) {
	t.Helper()
	prev := engine.NoMove
	for range steps {
		var kids [4]engine.Child
		n := d.Expand(prev, kids[:])
		for _, k := range kids[:n] {
			d.Apply(int(k.Move))
			if full := d.fullH(); full != d.H() || int(k.H) != full {
				t.Fatalf("%s: Expand said %d, Apply %d, from scratch %d", d.Board(), k.H, d.H(), full)
			}
			d.Undo(int(k.Move))
		}
		prev = int(kids[rng.IntN(n)].Move)
		d.Apply(prev)
	}
}

// checkSearch8 walks at random from 8-puzzle board b with the heuristic
// ph, wanting Expand's and Apply's values to be those computed from
// scratch, then solves b with Iterate and with the engine's own loop,
// wanting the same moves and counts at the BFS distance.
func checkSearch8(t *testing.T, rng *rand.Rand, ph *pdbHeur, b Board) {
	t.Helper()
	walkIncremental(t, rng, newPDBDomain(b, PDB78, ph), 60)
	fast := newPDBDomain(b, PDB78, ph)
	res := iterateIsLoop(t, b, fast, newPDBDomain(b, PDB78, ph))
	if fast.Board() != b {
		t.Fatal("Iterate moved the board")
	}
	if got, want := res.Cost, distance8(b); got != want {
		t.Fatalf("%s: cost %d, BFS says %d", b, got, want)
	}
}

// iterateIsLoop solves board b with fast's Iterate and with the engine's
// own loop over loop, wanting the same moves and the same counts in every
// iteration, and returns the engine's result.
func iterateIsLoop(t *testing.T, b Board, fast iterated, loop engine.Domain) engine.Result {
	t.Helper()
	res, err := engine.IDA(context.Background(), enginetest.LoopOnly(loop), engine.Options{})
	if err != nil || !res.Solved() {
		t.Fatalf("%s: %v, %s", b, err, res.Status)
	}
	moves, iters := iterateIDA(fast)
	if !slices.Equal(moves, res.Moves) || len(iters) != len(res.Iterations) {
		t.Fatalf("%s: Iterate finds %v in %d iterations, the engine %v in %d", b, moves, len(iters), res.Moves, len(res.Iterations))
	}
	for j, c := range iters {
		if c != res.Iterations[j].Counts {
			t.Fatalf("%s: iteration %d: Iterate %+v, engine %+v", b, j+1, c, res.Iterations[j].Counts)
		}
	}
	return res
}

// distance8 is the BFS distance of an 8-puzzle board.
func distance8(b Board) int {
	for d, layer := range Layers8(b.goal) {
		if slices.Contains(layer, b) {
			return d
		}
	}
	return -1
}
