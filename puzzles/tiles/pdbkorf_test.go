package tiles

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"idaviz/internal/race"
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
	moves, gen := solvePDBMoves(t, b, h)
	return len(moves), gen
}

// solvePDBMoves is solvePDB returning the moves.
func solvePDBMoves(t *testing.T, b Board, h Heuristic) ([]int, int64) {
	t.Helper()
	d, err := b.BuildDomain(context.Background(), h.String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	moves, iters := iterateIDA(d.(iterated))
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
	return moves, gen
}

// checkLookups wants each of a dual heuristic's lookups (regular,
// reflected, dual, dual reflected) at most the distance to the goal at
// every board along an optimal solution of b, where that distance is
// known: the moves left.
func checkLookups(t *testing.T, b Board, h Heuristic, moves []int) (above int) {
	t.Helper()
	for i := 0; ; i++ {
		dom, err := b.BuildDomain(context.Background(), h.String(), nil)
		if err != nil {
			t.Fatal(err)
		}
		d := dom.(*Domain)
		ps, ph := &d.ps, d.pdb
		left := int32(len(moves) - i)
		for v := range ph.views {
			reg, dual := ps.md+2*ps.sum[v], ps.md+2*ph.dualLookup(&ps.du[v])
			if reg > left || dual > left {
				t.Fatalf("%s with %s, %d moves from the goal: view %d: regular %d, dual %d", b, h, left, v, reg, dual)
			}
			if dual > ps.md+2*max(ps.sum[0], ps.sum[len(ph.views)-1]) {
				above++
			}
		}
		if i == len(moves) {
			return above
		}
		if b, err = b.Move(moves[i]); err != nil {
			t.Fatal(err)
		}
	}
}

// pdb555 (three tables of 524,160 entries, built in well under a second
// into a temporary cache) solves some of Korf's instances to their
// published lengths, for his blank-first goal and, turned half a turn, for
// the blank-last one (the same tables, read through the half-turn; the node
// counts differ a little, since the turn does not keep the move order). So
// does pdb555d, its dual lookups added with BPMX, generating fewer nodes.
func TestPDB555Korf(t *testing.T) {
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	instances := []int{55, 79, 97}
	if race.Enabled {
		instances = instances[:1]
	}
	for _, n := range instances {
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
// checks the published lengths; for one with dual lookups, it checks each
// of its lookups on every board along the solutions too (at most the
// moves left: checkLookups):
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
		sols := make([][]int, len(ks))
		for i, k := range ks {
			moves, gen := solvePDBMoves(t, k.Board, h)
			if len(moves) != k.Optimal {
				t.Fatalf("Korf #%d with %s: %d moves, published %d", k.Number, h, len(moves), k.Optimal)
			}
			total += gen
			sols[i] = moves
		}
		el := time.Since(start)
		t.Logf("%s over Korf's 100: %d generated, mean %d per instance; %s of search, %.0f nodes/s", h, total, total/100, el.Round(time.Millisecond), float64(total)/el.Seconds())
		if h.Dual() && !h.TwoEnded() {
			boards, above := 0, 0
			for i, k := range ks {
				above += checkLookups(t, k.Board, h, sols[i])
				boards += len(sols[i]) + 1
			}
			// And along the solutions of random boards, found with pdb78r.
			rng := rand.New(rand.NewPCG(23, 24))
			for i := range 50 {
				b, _ := Scramble(rng, 4, 40+i, Goal(i%2))
				moves, _ := solvePDBMoves(t, b, PDB78R)
				above += checkLookups(t, b, h, moves)
				boards += len(moves) + 1
			}
			t.Logf("%s: every lookup at most the moves left on the %d boards along the solutions of Korf's 100 and of 50 random boards; a dual lookup above the regular ones %d times", h, boards, above)
		}
	}
}
