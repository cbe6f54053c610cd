package rubik

import (
	"context"

	"idaviz/puzzles/pdb"
	"math/rand/v2"
	"testing"
)

func TestCoordinatesRoundTrip(t *testing.T) {
	for x := 0; x < NTwist; x++ {
		c := Solved()
		c.setTwist(x)
		if got := c.twist(); got != x {
			t.Fatalf("twist %d reads back as %d", x, got)
		}
	}
	for x := 0; x < NFlip; x++ {
		c := Solved()
		c.setFlip(x)
		if got := c.flip(); got != x {
			t.Fatalf("flip %d reads back as %d", x, got)
		}
	}
	seen := map[[12]uint8]bool{}
	for x := 0; x < NSlice; x++ {
		c := Solved()
		c.setSlice(x)
		if got := c.slice(); got != x {
			t.Fatalf("slice %d reads back as %d", x, got)
		}
		var set [12]uint8
		for i, e := range c.EP {
			if isSliceEdge(e) {
				set[i] = 1
			}
		}
		if seen[set] {
			t.Fatalf("slice %d repeats a set of positions", x)
		}
		seen[set] = true
	}
	s := Solved()
	if a := s.axisCoord(); a != (axisCoord{}) {
		t.Errorf("solved cube: coordinates %+v, want all 0", a)
	}
}

// TestMoveTablesMatchCubies follows random move sequences both ways: the
// coordinates moved by the tables and the coordinates of the cubie model.
func TestMoveTablesMatchCubies(t *testing.T) {
	pt := phase1()
	rng := rand.New(rand.NewPCG(1, 2))
	for walk := 0; walk < 50; walk++ {
		c := Random(rng)
		a := c.axisCoord()
		for step := 0; step < 40; step++ {
			m := rng.IntN(NumMoves)
			c.Move(m)
			a = pt.rawMove(a, m)
			if want := c.axisCoord(); a != want {
				t.Fatalf("walk %d step %d move %s: tables give %+v, cubies %+v", walk, step, MoveName(m), a, want)
			}
		}
	}
}

// TestSymmetries checks the 48 symmetries form a group whose conjugation
// carries moves to moves, the first 16 keeping the U-D axis (so H).
func TestSymmetries(t *testing.T) {
	seen := map[Cube]bool{}
	for s := 0; s < NSym; s++ {
		if seen[syms[s]] {
			t.Fatalf("symmetry %d repeats another", s)
		}
		seen[syms[s]] = true
		p := symMultiply(&syms[s], &syms[symInv[s]])
		if p != Solved() {
			t.Fatalf("symmetry %d times its inverse %d is not the identity", s, symInv[s])
		}
	}
	for a := 0; a < NSym; a++ {
		for b := 0; b < NSym; b++ {
			if p := symMultiply(&syms[a], &syms[b]); !seen[p] {
				t.Fatalf("symmetry %d times %d is no symmetry", a, b)
			}
		}
	}
	for s := 0; s < NSym; s++ {
		for m := 0; m < NumMoves; m++ {
			n := moveConj[s][m]
			if n < 0 {
				t.Fatalf("symmetry %d carries %s to no move", s, MoveName(m))
			}
			ud := m/3 == FaceU || m/3 == FaceD
			if s < NSymUD && ud != (int(n)/3 == FaceU || int(n)/3 == FaceD) {
				t.Errorf("UD symmetry %d carries %s to %s, off the U-D axis", s, MoveName(m), MoveName(int(n)))
			}
		}
	}
}

// TestFlipSliceClasses checks that the symmetry reduction is a bijection
// onto the classes: every flip-slice coordinate maps, by its stored
// symmetry, to its class's representative; each class is exactly the orbit
// of its representative; the class count is Kociemba's 64,430.
func TestFlipSliceClasses(t *testing.T) {
	pt := phase1()
	if len(pt.rep) != 64430 {
		t.Errorf("%d flip-slice classes, want 64430", len(pt.rep))
	}
	orbitSize := make([]int, len(pt.rep))
	for fs := 0; fs < NFlipSlice; fs++ {
		cs := pt.classSym[fs]
		class, s := int(cs>>4), int(cs&15)
		c := Solved()
		c.setSlice(fs / NFlip)
		c.setFlip(fs % NFlip)
		y := conjugate(&c, s)
		if got := uint32(y.slice()*NFlip + y.flip()); got != pt.rep[class] {
			t.Fatalf("flip-slice %d: symmetry %d gives %d, not its class %d's representative %d", fs, s, got, class, pt.rep[class])
		}
		orbitSize[class]++
	}
	for class, r := range pt.rep {
		if pt.classSym[r] != uint32(class)<<4 {
			t.Fatalf("representative %d of class %d is stored as %x", r, class, pt.classSym[r])
		}
		// Orbit-stabilizer: 16 = |orbit| * |stabilizer|.
		if n := popcount16(pt.stab[class]); orbitSize[class]*n != NSymUD {
			t.Fatalf("class %d: orbit of %d and stabilizer of %d", class, orbitSize[class], n)
		}
	}
}

func popcount16(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestReducedIndexIsSymmetric checks that a coset and its conjugates by the
// UD symmetries share one table entry, up to the symmetries that fix the
// class's representative (which make several twists of a class equivalent,
// and which the table's build gives one value).
func TestReducedIndexIsSymmetric(t *testing.T) {
	pt := phase1()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		c := Random(rng)
		idx := pt.rawIndex(c.axisCoord())
		if e := pt.entry(pt.coord(&c)); e != idx {
			t.Fatalf("cube %d: the search's coordinate has entry %d, the raw one %d", i, e, idx)
		}
		for s := 0; s < NSymUD; s++ {
			y := conjugate(&c, s)
			if got := pt.rawIndex(y.axisCoord()); !equivalentEntries(pt, got, idx) {
				t.Fatalf("cube %d conjugated by %d: entry %d, not %d or an equivalent one", i, s, got, idx)
			}
		}
	}
}

// equivalentEntries reports whether a and b are one class with twists that
// a symmetry fixing the representative carries to each other.
func equivalentEntries(pt *coordTables, a, b int64) bool {
	if a/NTwist != b/NTwist {
		return false
	}
	class, tw := a/NTwist, int(a%NTwist)
	for s := 0; s < NSymUD; s++ {
		if pt.stab[class]>>s&1 != 0 && int64(pt.twistConj[tw<<4|s]) == b%NTwist {
			return true
		}
	}
	return false
}

// rawDistances is a breadth-first search to H over the unreduced phase-1
// cosets (twist, flip, slice moved by the move tables, no symmetry), up to
// depth maxDepth: the independent truth the reduced table is checked
// against.
func rawDistances(pt *coordTables, maxDepth int) map[axisCoord]int {
	dist := map[axisCoord]int{{}: 0}
	frontier := []axisCoord{{}}
	for d := 1; d <= maxDepth; d++ {
		var next []axisCoord
		for _, a := range frontier {
			for m := 0; m < NumMoves; m++ {
				b := pt.rawMove(a, m)
				if _, ok := dist[b]; !ok {
					dist[b] = d
					next = append(next, b)
				}
			}
		}
		frontier = next
	}
	return dist
}

// TestReidTableMatchesBFS builds the reid table up to a small depth and
// checks it both ways against the unreduced search: every coset within the
// depth has its distance in its entry, and every entry within the depth is
// the distance of its representative coset.
func TestReidTableMatchesBFS(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 5
	}
	pt := phase1()
	tab, err := buildReid(context.Background(), 2, depth, nil)
	if err != nil {
		t.Fatal(err)
	}
	dist := rawDistances(pt, depth)
	counts := make([]int, depth+1)
	for a, d := range dist {
		counts[d]++
		if got := tab.Get(pt.rawIndex(a)); got != d {
			t.Fatalf("coset %+v at distance %d: entry %d holds %d", a, d, pt.rawIndex(a), got)
		}
	}
	// Kociemba's counts of phase-1 cosets by distance.
	want := []int{1, 4, 50, 592, 7156, 87236, 1043817}
	for d := range counts {
		if counts[d] != want[d] {
			t.Errorf("%d cosets at distance %d, want %d", counts[d], d, want[d])
		}
	}
	var filled int
	for i := int64(0); i < ReidEntries; i++ {
		v := tab.Get(i)
		if v == pdb.Unset {
			continue
		}
		filled++
		r := pt.rep[i/NTwist]
		a := axisCoord{twist: uint16(i % NTwist), flip: uint16(r % NFlip), slice: uint16(r / NFlip)}
		if d, ok := dist[a]; !ok || d != v {
			t.Fatalf("entry %d holds %d, its coset %+v is at %d (known: %v)", i, v, a, d, ok)
		}
	}
	t.Logf("%d entries within depth %d", filled, depth)
}

// rawMove is the raw coordinate after move m: the tests' breadth-first search
// over unreduced cosets (rawDistances), the truth the table is checked
// against, walks with it.
func (t *coordTables) rawMove(a axisCoord, m int) axisCoord {
	return axisCoord{
		twist: t.twistMove[int(a.twist)*NumMoves+m],
		flip:  t.flipMove[int(a.flip)*NumMoves+m],
		slice: t.sliceMove[int(a.slice)*NumMoves+m],
	}
}

// rawIndex is the symmetry-reduced table entry of a raw coordinate:
// class*NTwist + the twist conjugated as the class's representative.
func (t *coordTables) rawIndex(a axisCoord) int64 {
	cs := t.classSym[int(a.slice)*NFlip+int(a.flip)]
	return int64(cs>>4)*NTwist + int64(t.twistConj[int(a.twist)<<4|int(cs&15)])
}
