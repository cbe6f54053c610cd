package rubik

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/pdb"
)

// partialReidDepth is the depth of the reid table the fast tests build: its
// values are exact for every cube within that many moves of solved (each
// axis's distance to H is at most the cube's), Unset beyond.
const partialReidDepth = 6

var (
	partialOnce sync.Once
	partialTab  *pdb.Table
	partialErr  error
)

func partialReid(t testing.TB) *pdb.Table {
	t.Helper()
	partialOnce.Do(func() {
		partialTab, partialErr = buildReid(context.Background(), 2, partialReidDepth, nil)
	})
	if partialErr != nil {
		t.Fatal(partialErr)
	}
	return partialTab
}

// fullReid returns the whole reid table, from the cache directory or built
// (about 10 s on two cores), when IDAVIZ_TEST_REID=1: unit tests never build
// full-size tables unasked.
func fullReid(t testing.TB) *pdb.Table {
	t.Helper()
	if os.Getenv("IDAVIZ_TEST_REID") != "1" {
		t.Skip("needs the full reid table: set IDAVIZ_TEST_REID=1 (reads it from the cache, or builds it in about 10 s)")
	}
	o, err := OpenReid(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return o.Table
}

// TestReidAxesFollowConjugates walks random cubes with Apply and Undo and
// checks each axis's coordinates against the cube conjugated by that axis's
// symmetry, and every child's heuristic from Expand against the value after
// Apply.
func TestReidAxesFollowConjugates(t *testing.T) {
	tab := partialReid(t)
	walkAxes(t, rand.New(rand.NewPCG(5, 6)), Random, func(c Cube) axisDomain { return NewReidDomain(c, tab) },
		func(d axisDomain, k int, y *Cube) (got, want any) {
			return canonical(d.(*ReidDomain).ax[k]), canonical(phase1().coord(y))
		})
}

// canonical is what names reid's coset: the twist and the flip-slice
// class. (The symmetry that carries the flip-slice coordinate to the
// representative is one of several when the representative has a
// stabilizer: Apply and a fresh start may pick different ones.)
func canonical(a symCoord) [2]uint16 { return [2]uint16{a.twist, a.class} }

// solvesOptimally solves c with IDA* over d, named name in messages, and
// checks that the solution has want moves and solves c.
func solvesOptimally(t *testing.T, name string, c Cube, d engine.Domain, want int) {
	t.Helper()
	res, err := engine.IDA(context.Background(), d, engine.Options{})
	if err != nil || !res.Solved() {
		t.Fatalf("%s: %v %v", name, res.Status, err)
	}
	if len(res.Moves) != want {
		t.Errorf("%s: %d moves, optimal is %d", name, len(res.Moves), want)
	}
	got := c
	got.Apply(res.Moves)
	if !got.IsSolved() {
		t.Errorf("%s: %s does not solve it", name, FormatMoves(res.Moves))
	}
}

// axisDomain is what walkAxes needs of a coset domain (reid, reid-huge).
type axisDomain interface {
	engine.Domain
	Cube() Cube
}

// walkAxes makes 20 random walks of 30 moves (with steps back) from the
// cubes start makes, and checks at each step that each axis's coordinates
// are those of the cube conjugated for that axis (axis gives the domain's
// and the conjugate's), that the domain's cube is the cube, and that every
// child's h from Expand is H after Apply.
func walkAxes(t *testing.T, rng *rand.Rand, start func(*rand.Rand) Cube, domain func(Cube) axisDomain, axis func(d axisDomain, k int, y *Cube) (got, want any)) {
	t.Helper()
	var out [NumMoves]engine.Child
	for walk := 0; walk < 20; walk++ {
		c := start(rng)
		d := domain(c)
		var applied []int
		prev := -1
		for step := 0; step < 30; step++ {
			for k, s := range axisSym {
				y := conjugate(&c, s)
				if got, want := axis(d, k, &y); got != want {
					t.Fatalf("walk %d step %d axis %d: %+v, conjugated cube %+v", walk, step, k, got, want)
				}
			}
			if d.Cube() != c {
				t.Fatalf("walk %d step %d: the domain's cube is not the cube", walk, step)
			}
			n := d.Expand(prev, out[:])
			for _, ch := range out[:n] {
				d.Apply(int(ch.Move))
				if h := d.H(); h != int(ch.H) {
					t.Fatalf("walk %d: child %s: Expand says h=%d, Apply then H says %d", walk, MoveName(int(ch.Move)), ch.H, h)
				}
				d.Undo(int(ch.Move))
			}
			if rng.IntN(4) == 0 && len(applied) > 0 {
				m := applied[len(applied)-1]
				applied = applied[:len(applied)-1]
				d.Undo(m)
				c.Move(Inverse(m))
				prev = -1
				continue
			}
			m := int(out[rng.IntN(n)].Move)
			d.Apply(m)
			c.Move(m)
			applied = append(applied, m)
			prev = m
		}
	}
}

// TestReidAxesAreTheThreeAxes checks that the three conjugates look at the
// cube along U-D, and along the two other axes: a move of a face on axis k
// is a U or D move in exactly that conjugate.
func TestReidAxesAreTheThreeAxes(t *testing.T) {
	for m := 0; m < NumMoves; m++ {
		n := 0
		for k := range axisSym {
			if f := int(axisMove[k][m]) / 3; f == FaceU || f == FaceD {
				n++
			}
		}
		if n != 1 {
			t.Errorf("move %s is a U-D move in %d of the three conjugates, want 1", MoveName(m), n)
		}
	}
}

// TestReidSymmetric checks that the heuristic does not depend on how the
// cube is held: conjugating it by any of the 48 symmetries permutes (and
// mirrors) the axes, which the max and the all-equal test do not see.
func TestReidSymmetric(t *testing.T) {
	tab := partialReid(t)
	checkSymmetric(t, rand.New(rand.NewPCG(7, 8)), partialReidDepth, func(c Cube) axisDomain { return NewReidDomain(c, tab) })
}

// checkSymmetric checks 100 cubes within depth moves of solved: a coset
// domain's h is the same for the cube conjugated by each of the 48
// symmetries.
func checkSymmetric(t *testing.T, rng *rand.Rand, depth int, domain func(Cube) axisDomain) {
	t.Helper()
	for i := 0; i < 100; i++ {
		c := FromMoves(randomScramble(rng, 1+i%depth))
		h := domain(c).H()
		for s := 0; s < NSym; s++ {
			y := conjugate(&c, s)
			if got := domain(y).H(); got != h {
				t.Fatalf("cube %d: h=%d, conjugated by symmetry %d h=%d", i, h, s, got)
			}
		}
	}
}

// TestReidAdmissibleSmall checks h against the exact distance of every cube
// up to 5 moves (4 with -short) from solved, de Bondt's +1 included.
func TestReidAdmissibleSmall(t *testing.T) {
	half := 5
	if testing.Short() {
		half = 4
	}
	tab := partialReid(t)
	mm := newMITM(half)
	if h := NewReidDomain(Solved(), tab).H(); h != 0 {
		t.Fatalf("h(solved) = %d", h)
	}
	plus := 0
	d := NewReidDomain(Solved(), tab)
	for c, dist := range mm.dist {
		d.SetCube(c)
		v := d.Axes()
		h := d.H()
		if h > int(dist) {
			t.Fatalf("cube at distance %d: h=%d (axes %v)", dist, h, v)
		}
		if h > max(v[0], v[1], v[2]) {
			plus++
		}
	}
	t.Logf("%d cubes within %d moves, de Bondt's +1 applied to %d", len(mm.dist), half, plus)
}

// TestReidOptimalAgainstMeetInTheMiddle solves scrambles of up to 10 moves
// with the full table and checks the length against the independent search
// and the answer by replaying it.
func TestReidOptimalAgainstMeetInTheMiddle(t *testing.T) {
	tab := fullReid(t)
	mm := newMITM(5)
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 12; i++ {
		scramble := randomScramble(rng, 6+i%5)
		c := FromMoves(scramble)
		want := mm.optimal(c)
		d := NewReidDomain(c, tab)
		if h := d.H(); h > want {
			t.Errorf("%s: h=%d above the optimal %d", FormatMoves(scramble), h, want)
		}
		solvesOptimally(t, FormatMoves(scramble), c, d, want)
		if d.Cube() != c {
			t.Errorf("the search did not leave the domain where it started")
		}
	}
}

// TestReidMatchesKorf solves the benchmark scrambles of 12 to 14 moves (and
// fresh 13- and 14-move ones when korf's databases are cached, or
// IDAVIZ_TEST_KORF=1 asks for them) with both
// heuristics in parallel: the same optimal lengths, answers that replay.
func TestReidMatchesKorf(t *testing.T) {
	tab := fullReid(t)
	type job struct {
		scramble string
		want     int // -1: from korf
	}
	var jobs []job
	for _, tc := range solveSet {
		if !tc.long {
			jobs = append(jobs, job{tc.scramble, tc.optimal})
		}
	}
	korf, haveKorf := korfDatabases(t)
	if haveKorf {
		rng := rand.New(rand.NewPCG(11, 12))
		for _, n := range []int{13, 14, 14} {
			jobs = append(jobs, job{FormatMoves(randomScramble(rng, n)), -1})
		}
	} else {
		t.Log("korf's databases are not cached (IDAVIZ_TEST_KORF=1 builds them): checked against the benchmark set's known lengths only")
	}
	for _, j := range jobs {
		moves, err := ParseMoves(j.scramble)
		if err != nil {
			t.Fatal(err)
		}
		c := FromMoves(moves)
		want := j.want
		if want < 0 {
			res, err := engine.ParallelIDA(context.Background(), NewDomain(c, korf), engine.Options{}, 0)
			if err != nil || !res.Solved() {
				t.Fatalf("korf on %s: %v %v", j.scramble, res.Status, err)
			}
			want = len(res.Moves)
		}
		res, err := engine.ParallelIDA(context.Background(), NewReidDomain(c, tab), engine.Options{}, 0)
		if err != nil || !res.Solved() {
			t.Fatalf("reid on %s: %v %v", j.scramble, res.Status, err)
		}
		if len(res.Moves) != want {
			t.Errorf("%s: reid %d moves, korf %d", j.scramble, len(res.Moves), want)
		}
		got := c
		got.Apply(res.Moves)
		if !got.IsSolved() {
			t.Errorf("%s: %s does not solve it", j.scramble, FormatMoves(res.Moves))
		}
		t.Logf("%s: %d moves, %d nodes", j.scramble, len(res.Moves), res.Totals.Generated)
	}
}

func TestReidNoAllocationPerNode(t *testing.T) {
	tab := partialReid(t)
	d := NewReidDomain(FromMoves([]int{0, 7, 15, 9}), tab)
	var out [NumMoves]engine.Child
	allocs := testing.AllocsPerRun(1000, func() {
		n := d.Expand(-1, out[:])
		for _, c := range out[:n] {
			d.Apply(int(c.Move))
			d.Undo(int(c.Move))
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per node", allocs)
	}
}

func TestReidSnapshotAndClone(t *testing.T) {
	tab := partialReid(t)
	checkSnapshotAndClone(t, func(c Cube) axisDomain { return NewReidDomain(c, tab) },
		func(d axisDomain) any {
			ax := d.(*ReidDomain).ax
			return [3][2]uint16{canonical(ax[0]), canonical(ax[1]), canonical(ax[2])}
		})
}

// checkSnapshotAndClone checks a coset domain's Clone, AppendState and
// SetState (a state of the wrong length changes nothing) and View; axes
// gives a domain's coordinates.
func checkSnapshotAndClone(t *testing.T, domain func(Cube) axisDomain, axes func(axisDomain) any) {
	t.Helper()
	c := FromMoves([]int{0, 7, 15, 9})
	d := domain(c)
	sn := d.(engine.Snapshotter)
	d.Apply(3)
	s := sn.AppendState(nil)
	e := d.(engine.Cloner).Clone().(axisDomain)
	d.Apply(6)
	if e.Cube() == d.Cube() {
		t.Fatal("a clone follows the original's moves")
	}
	sn.SetState(s)
	want := c
	want.Move(3)
	if d.Cube() != want || axes(d) != axes(e) {
		t.Errorf("SetState did not restore the state")
	}
	sn.SetState([]byte{1, 2, 3})
	if d.Cube() != want {
		t.Errorf("a state of the wrong length changed the domain")
	}
	if v, ok := d.(interface{ View() any }).View().(View); !ok || v.Stickers != want.Stickers() {
		t.Errorf("View is not the cube's stickers")
	}
}

// TestReidBuildCancels: a cancelled build stops with the context's error,
// reports its progress first, and leaves no file in the cache.
func TestReidBuildCancels(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var reports int
	_, err := OpenReid(ctx, 2, func(p pdb.Progress) {
		reports++
		if p.LayerDone && p.Depth >= 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled build returned %v", err)
	}
	if reports == 0 {
		t.Error("no progress before the cancellation")
	}
	if _, err := LoadReid(); err == nil {
		t.Error("a cancelled build left a table in the cache")
	}
}
