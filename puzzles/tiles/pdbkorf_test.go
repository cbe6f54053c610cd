package tiles

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// halfTurn is b posed for the other goal: the board turned half a turn and
// its tiles renumbered t -> n-t, which maps one goal onto the other and
// keeps every distance.
func halfTurn(t *testing.T, b Board) Board {
	t.Helper()
	n := b.size * b.size
	src := b.Tiles()
	out := make([]int, n)
	for c, tile := range src {
		out[n-1-c] = (n - tile) % n
	}
	goal := BlankLast
	if b.goal == BlankLast {
		goal = BlankFirst
	}
	nb, err := NewBoard(b.size, out, goal)
	if err != nil || !nb.Solvable() {
		t.Fatalf("half turn of %s: %v", b, err)
	}
	return nb
}

// solvePDB solves b with IDA* over the domain's Iterate and returns the
// length and the nodes generated, after replaying the moves to the goal.
func solvePDB(t *testing.T, b Board, h Heuristic) (int, int64) {
	t.Helper()
	d, err := b.BuildDomain(context.Background(), h.String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	moves, iters := iterateIDA(d.(*Domain))
	var gen int64
	for _, c := range iters {
		gen += c.Generated
	}
	if moves == nil {
		t.Fatalf("%s with %s: no solution", b, h)
	}
	end := b
	for _, m := range moves {
		if end, err = end.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	if !end.IsGoal() {
		t.Fatalf("%s with %s: the moves end at %s", b, h, end)
	}
	return len(moves), gen
}

// pdb555 (three tables of 524,160 entries, built in well under a second
// into a temporary cache) solves some of Korf's instances to their
// published lengths, for his blank-first goal and, turned half a turn, for
// the blank-last one (the same tables, read through the half-turn; the node
// counts differ a little, since the turn does not keep the move order). So
// does pdb555d, its dual lookups added with BPMX, generating fewer nodes.
func TestPDB555Korf(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{55, 79, 97} {
		k := ks[n-1]
		for _, b := range []Board{k.Board, halfTurn(t, k.Board)} {
			var gens [2]int64
			for i, h := range []Heuristic{PDB555, PDB555D} {
				length, gen := solvePDB(t, b, h)
				if length != k.Optimal {
					t.Fatalf("Korf #%d (%s) with %s: %d moves, published %d", n, b.goal, h, length, k.Optimal)
				}
				gens[i] = gen
			}
			if gens[1] >= gens[0] {
				t.Errorf("Korf #%d (%s): pdb555d generates %d nodes, pdb555 %d", n, b.goal, gens[1], gens[0])
			}
			t.Logf("Korf #%d (%s): %d moves; generated %d with pdb555, %d with pdb555d", n, b.goal, k.Optimal, gens[0], gens[1])
		}
	}
}

// TestPDBKorf100 solves all of Korf's 100 instances with each heuristic in
// $IDAVIZ_KORF100, a comma-separated list (pdb78r,pdb78d, say: the 7-8
// tables are built into the shared cache on first use, a few minutes), and
// checks the published lengths:
//
//	IDAVIZ_KORF100=pdb78r,pdb78d go test -run TestPDBKorf100 -v -timeout 1h ./puzzles/tiles/
func TestPDBKorf100(t *testing.T) {
	list := os.Getenv("IDAVIZ_KORF100")
	if list == "" {
		t.Skip("set IDAVIZ_KORF100 to pattern database heuristics, comma-separated (" + strings.Join(PDBHeuristics, ", ") + ")")
	}
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range strings.Split(list, ",") {
		h, err := ParseHeuristic(name)
		if err != nil || !h.IsPDB() {
			t.Fatalf("IDAVIZ_KORF100=%q: %q is not a pattern database heuristic", list, name)
		}
		start := time.Now()
		if _, err := ks[0].Board.BuildDomain(context.Background(), name, nil); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: tables ready in %s", h, time.Since(start))
		dists, err := PatternDistributions(context.Background(), h, nil)
		if err != nil {
			t.Fatal(err)
		}
		pats, _, _ := Patterns(h)
		for i, d := range dists {
			var n, sum int64
			for v, c := range d {
				n += c
				sum += int64(v) * c
			}
			t.Logf("table %s: value (Manhattan + 2·excess) by count %v; mean %.3f, max %d", pats[i].Name, d, float64(sum)/float64(n), len(d)-1)
		}
		start = time.Now()
		var total int64
		for _, k := range ks {
			length, gen := solvePDB(t, k.Board, h)
			if length != k.Optimal {
				t.Fatalf("Korf #%d with %s: %d moves, published %d", k.Number, h, length, k.Optimal)
			}
			total += gen
		}
		el := time.Since(start)
		t.Logf("%s over Korf's 100: %d generated, mean %d per instance; %s of search, %.0f nodes/s", h, total, total/100, el.Round(time.Millisecond), float64(total)/el.Seconds())
	}
}
