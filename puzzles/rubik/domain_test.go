package rubik

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"idaviz/engine"
)

// mitm is an independent optimal solver for short scrambles: a breadth-first
// search of depth `half` from the solved cube, met by a depth-first walk of
// depth `half` from the scramble. It answers correctly for optimal lengths up
// to 2*half (and -1 beyond).
type mitm struct {
	half int
	dist map[Cube]int8
}

var mitmCache = map[int]*mitm{}

// newMITM is cached: several tests share the same tables.
func newMITM(half int) *mitm {
	if mm := mitmCache[half]; mm != nil {
		return mm
	}
	mm := buildMITM(half)
	mitmCache[half] = mm
	return mm
}

func buildMITM(half int) *mitm {
	s := Solved()
	dist := map[Cube]int8{s: 0}
	frontier := []Cube{s}
	for d := int8(1); int(d) <= half; d++ {
		var next []Cube
		for _, c := range frontier {
			for m := 0; m < NumMoves; m++ {
				x := c.Multiply(&moveCube[m])
				if _, ok := dist[x]; !ok {
					dist[x] = d
					next = append(next, x)
				}
			}
		}
		frontier = next
	}
	return &mitm{half: half, dist: dist}
}

func (mm *mitm) optimal(c Cube) int {
	best := -1
	var walk func(c Cube, depth, prev int)
	walk = func(c Cube, depth, prev int) {
		if d, ok := mm.dist[c]; ok && (best < 0 || depth+int(d) < best) {
			best = depth + int(d)
		}
		if depth == mm.half {
			return
		}
		for m := 0; m < NumMoves; m++ {
			if Allowed(prev, m) {
				walk(c.Multiply(&moveCube[m]), depth+1, m)
			}
		}
	}
	walk(c, 0, -1)
	return best
}

func randomScramble(rng *rand.Rand, n int) []int {
	moves := make([]int, 0, n)
	prev := -1
	for len(moves) < n {
		m := rng.IntN(NumMoves)
		if Allowed(prev, m) {
			moves = append(moves, m)
			prev = m
		}
	}
	return moves
}

func smallHeuristic(t testing.TB) Heuristic {
	h, err := LoadHeuristic(context.Background(), "small", nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestOptimalAgainstMeetInTheMiddle(t *testing.T) {
	half, maxLen, cases := 5, 10, 8
	if testing.Short() {
		half, maxLen, cases = 4, 8, 4
	}
	mm := newMITM(half)
	h := smallHeuristic(t)
	rng := rand.New(rand.NewPCG(21, 22))
	for i := 0; i < cases; i++ {
		n := maxLen - i%3
		scramble := randomScramble(rng, n)
		c := FromMoves(scramble)
		want := mm.optimal(c)
		if want < 0 {
			t.Fatalf("%s: beyond the meet-in-the-middle's reach", FormatMoves(scramble))
		}
		for _, name := range []string{"small", "simple"} {
			if name == "simple" && want > 6 {
				continue // too weak to be quick
			}
			hh := h
			if name == "simple" {
				hh = Heuristic{Name: "simple"}
			}
			d := NewDomain(c, hh)
			res, err := engine.IDA(context.Background(), d, engine.Options{})
			if err != nil || !res.Solved() {
				t.Fatalf("%s: %v %v", FormatMoves(scramble), res.Status, err)
			}
			if len(res.Moves) != want {
				t.Errorf("%s with %s: solution %s of %d moves, optimal is %d", FormatMoves(scramble), name, FormatMoves(res.Moves), len(res.Moves), want)
			}
			got := c
			got.Apply(res.Moves)
			if !got.IsSolved() {
				t.Errorf("%s: solution %s does not solve it", FormatMoves(scramble), FormatMoves(res.Moves))
			}
			if d.Cube() != c {
				t.Errorf("the search did not leave the domain where it started")
			}
		}
	}
}

// TestHeuristicsAdmissible checks every heuristic against exact distances
// of all cubes up to 4 moves (5 without -short) from the solved one.
func TestHeuristicsAdmissible(t *testing.T) {
	half := 5
	if testing.Short() {
		half = 4
	}
	mm := newMITM(half)
	hs := []Heuristic{smallHeuristic(t), {Name: "simple"}}
	for _, h := range hs {
		d := NewDomain(Solved(), h)
		if d.H() != 0 {
			t.Errorf("%s: h(solved) = %d", h.Name, d.H())
		}
		for c, dist := range mm.dist {
			d.SetCube(c)
			if v := d.H(); v > int(dist) {
				t.Fatalf("%s: h = %d at distance %d", h.Name, v, dist)
			}
		}
	}
}

// TestExpandMatchesApply checks the children's heuristic, computed without
// applying the move, against applying it.
func TestExpandMatchesApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	h := smallHeuristic(t)
	for _, hh := range []Heuristic{h, {Name: "simple"}} {
		for i := 0; i < 200; i++ {
			d := NewDomain(Random(rng), hh)
			prev := rng.IntN(NumMoves+1) - 1
			var out [18]engine.Child
			n := d.Expand(prev, out[:])
			want := 0
			for m := 0; m < NumMoves; m++ {
				if Allowed(prev, m) {
					want++
				}
			}
			if n != want {
				t.Fatalf("Expand after %d gave %d children, want %d", prev, n, want)
			}
			before := d.Cube()
			for _, c := range out[:n] {
				d.Apply(int(c.Move))
				if got := d.H(); got != int(c.H) {
					t.Fatalf("%s: child %s has h %d in Expand, %d applied", hh.Name, MoveName(int(c.Move)), c.H, got)
				}
				want := before
				want.Move(int(c.Move))
				if d.Cube() != want {
					t.Fatalf("Apply(%s) disagrees with the cube model", MoveName(int(c.Move)))
				}
				d.Undo(int(c.Move))
			}
			if d.Cube() != before {
				t.Fatal("Undo did not restore the cube")
			}
		}
	}
}

func TestParallelMatchesIDAOnCube(t *testing.T) {
	h := smallHeuristic(t)
	rng := rand.New(rand.NewPCG(25, 26))
	n := 9
	if testing.Short() {
		n = 7
	}
	for i := 0; i < 3; i++ {
		c := FromMoves(randomScramble(rng, n))
		want, err := engine.IDA(context.Background(), NewDomain(c, h), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := engine.ParallelIDA(context.Background(), NewDomain(c, h), engine.Options{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Moves, want.Moves) || got.Totals != want.Totals || !reflect.DeepEqual(got.Iterations, want.Iterations) {
			t.Fatalf("parallel %v %+v, IDA %v %+v", got.Moves, got.Totals, want.Moves, want.Totals)
		}
	}
}

func TestViewAndSnapshot(t *testing.T) {
	c := FromMoves([]int{0, 15, 7})
	d := NewDomain(c, Heuristic{Name: "simple"})
	v, ok := d.View().(View)
	if !ok || v.Stickers != c.Stickers() {
		t.Fatalf("View = %#v", d.View())
	}
	s := d.AppendState(nil)
	d.Apply(3)
	d.SetState(s)
	if d.Cube() != c {
		t.Fatal("SetState did not restore the state")
	}
	var cut [18]int
	if n := d.Cut(1, cut[:]); n != 3 {
		t.Errorf("after U2, %d moves cut, want 3 (U U2 U')", n)
	}
	if n := d.Cut(4, cut[:]); n != 6 {
		t.Errorf("after D2, %d moves cut, want 6 (all U and D)", n)
	}
}

func TestNoAllocationPerNode(t *testing.T) {
	for _, h := range []Heuristic{smallHeuristic(t), {Name: "simple"}} {
		d := NewDomain(FromMoves([]int{0, 7, 15}), h)
		var out [NumMoves]engine.Child
		allocs := testing.AllocsPerRun(100, func() {
			n := d.Expand(7, out[:])
			for _, c := range out[:n] {
				d.Apply(int(c.Move))
				_ = d.IsGoal()
				_ = d.H()
				d.Undo(int(c.Move))
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per expansion", h.Name, allocs)
		}
	}
}
