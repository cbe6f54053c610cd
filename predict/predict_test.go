package predict

import (
	"math"
	"math/rand/v2"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/tiles"
)

// bruteLevels counts the nodes at each depth of the engine's own tree,
// through the domain's Expand, Apply and Undo, ignoring the heuristic.
func bruteLevels(d engine.Domain, depth int) []float64 {
	out := make([]float64, depth+1)
	buf := make([][]engine.Child, depth+1)
	for i := range buf {
		buf[i] = make([]engine.Child, d.MaxBranch())
	}
	var walk func(i, prev int)
	walk = func(i, prev int) {
		out[i]++
		if i == depth {
			return
		}
		n := d.Expand(prev, buf[i])
		for _, c := range buf[i][:n] {
			d.Apply(int(c.Move))
			walk(i+1, int(c.Move))
			d.Undo(int(c.Move))
		}
	}
	walk(0, engine.NoMove)
	return out
}

func TestTilesTreeIsTheEnginesTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{3, 4, 5} {
		tree := TilesTree(size)
		for range 4 {
			b, err := RandomTiles(rng, size, tiles.BlankLast)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteLevels(tiles.NewDomain(b, tiles.Manhattan), 10)
			got := tree.Levels(TilesClass(b), 10)
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s: N_%d = %v, the engine's tree has %v", b, i, got[i], want[i])
				}
			}
		}
	}
}

// TestExactTilesCountsEveryBoard checks the exact 3x3 distributions against
// every solvable board, enumerated.
func TestExactTilesCountsEveryBoard(t *testing.T) {
	for _, goal := range []tiles.Goal{tiles.BlankLast, tiles.BlankFirst} {
		for _, h := range []tiles.Heuristic{tiles.Manhattan, tiles.Misplaced} {
			got, err := ExactTiles(3, goal, h)
			if err != nil {
				t.Fatal(err)
			}
			hist := make([][]float64, 9)
			for c := range hist {
				hist[c] = make([]float64, 40)
			}
			perm := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
			var visit func(k int)
			visit = func(k int) {
				if k == len(perm) {
					b, err := tiles.NewBoard(3, perm, goal)
					if err != nil || !b.Solvable() {
						return
					}
					hist[TilesClass(b)/tileClasses][tiles.NewDomain(b, h).H()]++
					return
				}
				for i := k; i < len(perm); i++ {
					perm[k], perm[i] = perm[i], perm[k]
					visit(k + 1)
					perm[k], perm[i] = perm[i], perm[k]
				}
			}
			visit(0)
			for c := range hist {
				want, err := FromCounts(hist[c])
				if err != nil {
					t.Fatal(err)
				}
				for v := range 40 {
					if math.Abs(got[c].P(v)-want.P(v)) > 1e-12 {
						t.Errorf("%s %s, blank on %d: P(%d) = %v, counted %v", goal, h, c, v, got[c].P(v), want.P(v))
					}
				}
			}
		}
	}
}

func TestDistribution(t *testing.T) {
	d, err := FromCounts([]float64{1, 0, 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    int
		want float64
	}{{-1, 0}, {0, 0.25}, {1, 0.25}, {2, 1}, {9, 1}} {
		if got := d.P(c.v); got != c.want {
			t.Errorf("P(%d) = %v, want %v", c.v, got, c.want)
		}
	}
	if d.Max() != 2 || d.Mean() != 1.5 {
		t.Errorf("max %d mean %v, want 2 and 1.5", d.Max(), d.Mean())
	}
	s := d.Sum(d) // values 0 (1/16), 2 (6/16), 4 (9/16)
	if s.Mass(0) != 1.0/16 || s.Mass(2) != 6.0/16 || s.Mass(4) != 9.0/16 || s.Max() != 4 {
		t.Errorf("sum: masses %v %v %v, max %d", s.Mass(0), s.Mass(2), s.Mass(4), s.Max())
	}
	for _, bad := range [][]float64{nil, {0, 0}, {1, -1}, {math.NaN()}} {
		if _, err := FromCounts(bad); err == nil {
			t.Errorf("FromCounts(%v) took it", bad)
		}
	}
}

// completeIteration counts one IDA* iteration of the given bound run to the
// end: it does not stop at a goal, since the formula counts every node with
// f within the bound, and the boards that weigh most in the mean are the
// ones near a goal. A root above the bound is generated and not expanded.
func completeIteration(d engine.Domain, bound int) Counts {
	c := Counts{Generated: 1}
	if d.H() > bound {
		return c
	}
	buf := make([][]engine.Child, bound+1)
	for i := range buf {
		buf[i] = make([]engine.Child, d.MaxBranch())
	}
	var walk func(g, prev int)
	walk = func(g, prev int) {
		n := d.Expand(prev, buf[g])
		c.Expanded++
		c.Generated += float64(n)
		for _, ch := range buf[g][:n] {
			if g+int(ch.Cost)+int(ch.H) > bound {
				continue
			}
			d.Apply(int(ch.Move))
			walk(g+int(ch.Cost), int(ch.Move))
			d.Undo(int(ch.Move))
		}
	}
	walk(0, engine.NoMove)
	return c
}

func TestCompleteIterationIsTheEngines(t *testing.T) {
	// Far from the goal, a complete iteration is the engine's.
	b, err := tiles.Parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 4, tiles.BlankFirst) // Korf #1, 57 moves
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.IDA(t.Context(), tiles.NewDomain(b, tiles.Manhattan), engine.Options{MaxBound: 45})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range res.Iterations {
		c := completeIteration(tiles.NewDomain(b, tiles.Manhattan), it.Bound)
		if c.Generated != float64(it.Generated) || c.Expanded != float64(it.Expanded) {
			t.Errorf("bound %d: complete iteration %+v, engine %+v", it.Bound, c, it.Counts)
		}
	}
}

// iterationCount is completeIteration, sped up: the domain's own Iterate
// gives the same counts whenever it finds no goal.
func iterationCount(d *tiles.Domain, bound int) float64 {
	if d.H() > bound {
		return 1
	}
	if moves, _, c, _ := d.Iterate(bound, nil, 0, nil); moves == nil {
		return float64(c.Generated)
	}
	return completeIteration(d, bound).Generated
}

// TestKREFifteenPuzzle is Korf, Reid and Edelkamp's experiment: the mean
// number of nodes generated by one complete IDA* iteration at a fixed
// bound, with Manhattan distance, over uniformly random 15-puzzle boards,
// against E(N, d, P). The counts have a heavy tail (the few boards near the
// goal search far more), so the mean needs many boards to settle: a million
// here, where 10^4 to 10^5 leave it 5 to 10% off either way.
func TestKREFifteenPuzzle(t *testing.T) {
	const bound = 35 // the mean is about 2·10^3 nodes
	states, tolerance := 1000000, 0.05
	if testing.Short() {
		states, tolerance = 10000, 0.25
	}
	m, err := Tiles(4, tiles.BlankFirst, "manhattan")
	if err != nil {
		t.Fatal(err)
	}
	var byClass [16]float64
	for c := range byClass {
		byClass[c] = m.Iteration(c*tileClasses, bound).Generated
	}
	rng := rand.New(rand.NewPCG(11, 2001))
	var actual, predicted float64
	for range states {
		b, err := RandomTiles(rng, 4, tiles.BlankFirst)
		if err != nil {
			t.Fatal(err)
		}
		actual += iterationCount(tiles.NewDomain(b, tiles.Manhattan), bound)
		predicted += byClass[TilesClass(b)/tileClasses]
	}
	actual /= float64(states)
	predicted /= float64(states)
	ratio := actual / predicted
	t.Logf("bound %d over %d random boards: mean generated %.1f, predicted %.1f, ratio %.4f", bound, states, actual, predicted, ratio)
	if math.Abs(ratio-1) > tolerance {
		t.Errorf("actual/predicted = %.4f, want within %.0f%% of 1", ratio, 100*tolerance)
	}
}
