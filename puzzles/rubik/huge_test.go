package rubik

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/pdb"
	"idaviz/trace"
)

// The reid-huge table is 1.67 GB even when built only to a small depth (its
// entries are indexed, not listed), so the tests that need it, and those
// that make the 100 MB class map (about 5 s), are left out with -short (and
// so from the race detector's run).
func skipHugeShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs reid-huge's class map (100 MB, seconds) or its 1.67 GB table")
	}
}

// skipHugeUngated leaves a test out unless IDAVIZ_TEST_REID_HUGE=1 (the
// gated step of .ci/run that runs every TestHuge): tests that allocate a
// 1.67 GB table of their own, beside the partial one the others share, or
// make the class map again and again, which takes minutes on a loaded
// machine.
func skipHugeUngated(t testing.TB) {
	t.Helper()
	skipHugeShort(t)
	if os.Getenv("IDAVIZ_TEST_REID_HUGE") != "1" {
		t.Skip("minutes on a loaded machine: set IDAVIZ_TEST_REID_HUGE=1")
	}
}

// partialHugeDepth is the depth of the reid-huge table the tests build:
// exact for every cube within that many moves of solved, Unset beyond.
const partialHugeDepth = 5

var (
	partialHugeOnce sync.Once
	partialHugeTab  *pdb.Table
	partialHugeErr  error
)

func partialHuge(t testing.TB) *pdb.Table {
	t.Helper()
	skipHugeShort(t)
	partialHugeOnce.Do(func() {
		partialHugeTab, partialHugeErr = buildHuge(context.Background(), 2, partialHugeDepth, nil)
	})
	if partialHugeErr != nil {
		t.Fatal(partialHugeErr)
	}
	return partialHugeTab
}

// fullHuge returns the whole reid-huge table from the cache directory when
// IDAVIZ_TEST_REID_HUGE=1 (built when missing: minutes on two cores).
func fullHuge(t testing.TB) []uint32 {
	t.Helper()
	if os.Getenv("IDAVIZ_TEST_REID_HUGE") != "1" {
		t.Skip("needs the full reid-huge table: set IDAVIZ_TEST_REID_HUGE=1 (reads it from the cache, or builds it in minutes)")
	}
	w, err := loadHugeShared(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestPerm4(t *testing.T) {
	seen := map[[4]uint8]bool{}
	for r := 0; r < 24; r++ {
		p := perm4Unrank(r)
		if got := perm4Rank(p); got != r {
			t.Fatalf("rank %d unranks to %v, which ranks %d", r, p, got)
		}
		seen[p] = true
	}
	if len(seen) != 24 || perm4Unrank(0) != [4]uint8{0, 1, 2, 3} {
		t.Fatalf("%d permutations, first %v", len(seen), perm4Unrank(0))
	}
}

// TestSortedSliceRoundTrip checks that setSortedSlice and sortedSlice are
// inverse, that 0 is the solved cube's value, and that every coordinate is a
// different placing of the slice edges.
func TestSortedSliceRoundTrip(t *testing.T) {
	if s := Solved(); s.sortedSlice() != 0 {
		t.Fatalf("solved cube: sorted slice %d, want 0", s.sortedSlice())
	}
	seen := make(map[[12]uint8]bool)
	for x := 0; x < NSliceSorted; x++ {
		c := Solved()
		c.setSortedSlice(x)
		if got := c.sortedSlice(); got != x {
			t.Fatalf("setSortedSlice(%d) reads back %d", x, got)
		}
		if got := c.slice(); got != x/24 {
			t.Fatalf("setSortedSlice(%d): slice %d, want %d", x, got, x/24)
		}
		seen[c.EP] = true
	}
	if len(seen) != NSliceSorted {
		t.Fatalf("%d distinct edge arrangements for %d coordinates", len(seen), NSliceSorted)
	}
}

// TestHugeMoveTablesMatchCubies: the move tables follow random walks of
// the cubies, and the class and symmetry that move carries along (from repMove) name the
// class of the coordinates and an entry equivalent to theirs (index, from
// the class map).
func TestHugeMoveTablesMatchCubies(t *testing.T) {
	skipHugeShort(t)
	ht := hugeCoords()
	rng := rand.New(rand.NewPCG(21, 22))
	for walk := 0; walk < 50; walk++ {
		c := Random(rng)
		a := c.hugeCoord()
		as := ht.sym(a)
		for step := 0; step < 40; step++ {
			m := rng.IntN(NumMoves)
			c.Move(m)
			a = ht.rawMove(a, m)
			if want := c.hugeCoord(); a != want {
				t.Fatalf("walk %d step %d move %s: tables give %+v, cubies %+v", walk, step, MoveName(m), a, want)
			}
			as = ht.move(as, m)
			got, want := ht.entry(as), ht.index(a)
			if as.hugeCoord != a || got/NTwist != want/NTwist || !hugeEquivalent(ht, got, want) {
				t.Fatalf("walk %d step %d move %s: carried along %+v, entry %d; from the class map entry %d of %+v", walk, step, MoveName(m), as, got, want, a)
			}
		}
	}
}

// TestHugeCosetIsInvariant checks that the coordinates name a coset of K:
// an element of K applied first (a cube of H whose slice edges are home)
// changes none of them.
func TestHugeCosetIsInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	// U, D and the half turns of the other faces generate H; R2 L2 F2 B2
	// move the slice edges, so K's elements are made as H words whose
	// slice edges happen to come home.
	gens := []int{0, 1, 2, 3, 4, 5, 7, 10, 13, 16}
	for n := 0; n < 200; {
		k := Solved()
		for i := 0; i < 30; i++ {
			k.Move(gens[rng.IntN(len(gens))])
		}
		if k.sortedSlice() != 0 {
			continue
		}
		n++
		x := Random(rng)
		kx := k.Multiply(&x)
		if kx.hugeCoord() != x.hugeCoord() {
			t.Fatalf("k·x has coordinates %+v, x %+v", kx.hugeCoord(), x.hugeCoord())
		}
	}
}

// TestHugeClasses checks the class map is a bijection onto the classes:
// every flip x sorted-slice coordinate is carried by its stored symmetry to
// its class's representative, each representative is stored as itself, and
// the orbits have the sizes their stabilizers say.
func TestHugeClasses(t *testing.T) {
	skipHugeUngated(t) // every one of the 24,330,240 coordinates
	ht := hugeCoords()
	rep, stab := ht.classes()
	if len(rep) != NFlipSliceSortedClasses {
		t.Fatalf("%d classes, want %d", len(rep), NFlipSliceSortedClasses)
	}
	orbitSize := make([]int32, len(rep))
	for fs := 0; fs < NFlipSliceSorted; fs++ {
		cs := ht.classSym[fs]
		class, s := int(cs>>4), int(cs&15)
		c := Solved()
		c.setSortedSlice(fs / NFlip)
		c.setFlip(fs % NFlip)
		y := conjugateEdges(&c, s)
		if got := uint32(y.sortedSlice()*NFlip + y.flip()); got != rep[class] {
			t.Fatalf("coordinate %d: symmetry %d gives %d, not its class %d's representative %d", fs, s, got, class, rep[class])
		}
		orbitSize[class]++
	}
	for class, r := range rep {
		if ht.classSym[r] != uint32(class)<<4 {
			t.Fatalf("representative %d of class %d is stored as %x", r, class, ht.classSym[r])
		}
		if n := popcount16(stab[class]); int(orbitSize[class])*n != NSymUD {
			t.Fatalf("class %d: orbit of %d and stabilizer of %d", class, orbitSize[class], n)
		}
	}
}

// TestConjugateEdges checks the edge-only conjugation against the full one.
func TestConjugateEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for i := 0; i < 100; i++ {
		c := Random(rng)
		for s := 0; s < NSym; s++ {
			full, edges := conjugate(&c, s), conjugateEdges(&c, s)
			if full.EP != edges.EP || full.EO != edges.EO {
				t.Fatalf("cube %d symmetry %d: edges differ", i, s)
			}
		}
	}
}

// TestHugeIndexIsSymmetric: a coset and its conjugates by the UD
// symmetries share one entry, up to the representative's stabilizer.
func TestHugeIndexIsSymmetric(t *testing.T) {
	skipHugeShort(t)
	ht := hugeCoords()
	rng := rand.New(rand.NewPCG(27, 28))
	for i := 0; i < 300; i++ {
		c := Random(rng)
		idx := ht.index(c.hugeCoord())
		for s := 0; s < NSymUD; s++ {
			y := conjugate(&c, s)
			got := ht.index(y.hugeCoord())
			if got/NTwist != idx/NTwist || !hugeEquivalent(ht, got, idx) {
				t.Fatalf("cube %d conjugated by %d: entry %d, not %d or an equivalent one", i, s, got, idx)
			}
		}
	}
}

func hugeEquivalent(ht *hugeTables, a, b int64) bool {
	class, tw := a/NTwist, int(a%NTwist)
	for s := 0; s < NSymUD; s++ {
		if _, stab := ht.classes(); stab[class]>>s&1 != 0 && int64(ht.p1.twistConj[tw<<4|s]) == b%NTwist {
			return true
		}
	}
	return false
}

// TestHugeBuildCancels: a cancelled build stops with the context's error,
// reports progress first, and leaves no file in the cache.
func TestHugeBuildCancels(t *testing.T) {
	skipHugeUngated(t)
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	defer debug.FreeOSMemory() // the 1.67 GB of the table thrown away
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var reports int
	_, err := OpenHuge(ctx, 2, func(p pdb.Progress) {
		reports++
		if p.LayerDone && p.Depth >= 2 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled build returned %v", err)
	}
	if reports == 0 {
		t.Error("no progress before the cancellation")
	}
	if _, err := LoadHuge(); err == nil {
		t.Error("a cancelled build left a table in the cache")
	}
}

// rawHugeDistances is a breadth-first search to K over the unreduced
// cosets (no symmetry), up to maxDepth: the truth the table is checked
// against.
func rawHugeDistances(ht *hugeTables, maxDepth int) map[hugeCoord]int {
	dist := map[hugeCoord]int{{}: 0}
	frontier := []hugeCoord{{}}
	for d := 1; d <= maxDepth; d++ {
		var next []hugeCoord
		for _, a := range frontier {
			for m := 0; m < NumMoves; m++ {
				b := ht.rawMove(a, m)
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

// TestHugeTableMatchesBFS checks the partial table both ways against the
// unreduced search: every coset within the depth has its distance in its
// entry, and every entry set is the distance of its representative coset.
func TestHugeTableMatchesBFS(t *testing.T) {
	tab := partialHuge(t)
	ht := hugeCoords()
	dist := rawHugeDistances(ht, partialHugeDepth)
	counts := make([]int, partialHugeDepth+1)
	for a, d := range dist {
		counts[d]++
		if got := tab.Get(ht.index(a)); got != d {
			t.Fatalf("coset %+v at distance %d: entry %d holds %d", a, d, ht.index(a), got)
		}
	}
	words := tab.Words()
	filled := 0
	for w, x := range words {
		if x == ^uint32(0) {
			continue
		}
		for k := int64(0); k < 8; k++ {
			i := int64(w)*8 + k
			v := tab.Get(i)
			if v == pdb.Unset || i >= HugeEntries {
				continue
			}
			filled++
			rep, _ := ht.classes()
			r := rep[i/NTwist]
			a := hugeCoord{twist: uint16(i % NTwist), flip: uint16(r % NFlip), sorted: uint16(r / NFlip)}
			if d, ok := dist[a]; !ok || d != v {
				t.Fatalf("entry %d holds %d, its coset %+v is at %d (known: %v)", i, v, a, d, ok)
			}
		}
	}
	t.Logf("cosets by distance %v; %d entries within depth %d", counts, filled, partialHugeDepth)
}

// TestHugeAxesFollowConjugates walks random cubes with Apply and Undo and
// checks each axis's coordinates against the cube conjugated by that axis's
// symmetry, and every child's h from Expand against H after Apply.
func TestHugeAxesFollowConjugates(t *testing.T) {
	words := partialHuge(t).Words()
	walkAxes(t, rand.New(rand.NewPCG(29, 30)), func(rng *rand.Rand) Cube { return FromMoves(randomScramble(rng, 3)) },
		func(c Cube) axisDomain { return NewHugeDomain(c, words) },
		func(d axisDomain, k int, y *Cube) (got, want any) {
			return d.(*HugeDomain).ax[k].hugeCoord, y.hugeCoord()
		})
}

// TestHugeAdmissibleSmall checks h (de Bondt's +1 included) against the
// exact distance of every cube within 4 moves, and that it is never below
// reid's on them (K is inside H).
func TestHugeAdmissibleSmall(t *testing.T) {
	words := partialHuge(t).Words()
	mm := newMITM(4)
	d := NewHugeDomain(Solved(), words)
	if h := d.H(); h != 0 {
		t.Fatalf("h(solved) = %d", h)
	}
	r := NewReidDomain(Solved(), partialReid(t))
	above, plus := 0, 0
	for c, dist := range mm.dist {
		d.SetCube(c)
		r.SetCube(c)
		v := d.Axes()
		h := d.H()
		if h > int(dist) {
			t.Fatalf("cube at distance %d: h=%d (axes %v)", dist, h, v)
		}
		if hr := r.H(); h < hr {
			t.Fatalf("cube at distance %d: reid-huge h=%d below reid's %d", dist, h, hr)
		} else if h > hr {
			above++
		}
		if h > max(v[0], v[1], v[2]) {
			plus++
		}
	}
	t.Logf("%d cubes within 4 moves: h above reid's on %d, de Bondt's +1 on %d", len(mm.dist), above, plus)
}

// TestHugeSymmetric: h does not depend on how the cube is held.
func TestHugeSymmetric(t *testing.T) {
	words := partialHuge(t).Words()
	checkSymmetric(t, rand.New(rand.NewPCG(31, 32)), partialHugeDepth, func(c Cube) axisDomain { return NewHugeDomain(c, words) })
}

// TestHugeSolvesShortScrambles solves scrambles of 2 to 5 moves with the
// partial table against the independent search, and replays the answers.
// The partial table is enough: an entry left Unset (15) is a coset more
// than 5 moves from K, which no path within the bound can use.
func TestHugeSolvesShortScrambles(t *testing.T) {
	words := partialHuge(t).Words()
	mm := newMITM(3)
	rng := rand.New(rand.NewPCG(33, 34))
	for i := 0; i < 10; i++ {
		scramble := randomScramble(rng, 2+i%4)
		c := FromMoves(scramble)
		want := mm.optimal(c)
		d := NewHugeDomain(c, words)
		solvesOptimally(t, FormatMoves(scramble), c, d, want)
	}
}

// TestHugeIterateMatchesLoop: reid-huge runs reid's own iterations
// (cosetDomain.Iterate over its coordinate), checked against the engine's
// loop, sequential and parallel, with and without histograms, on short
// scrambles with the partial table, whose Unset entries make a heuristic
// that is neither admissible nor consistent; and its limits and
// cancellation stop it as they stop reid's.
func TestHugeIterateMatchesLoop(t *testing.T) {
	words := partialHuge(t).Words()
	huge := func(c Cube) *HugeDomain { return NewHugeDomain(c, words) }
	rng := rand.New(rand.NewPCG(37, 38))
	for i := 0; i < 10; i++ {
		checkIterateMatchesLoop(t, FromMoves(randomScramble(rng, 1+i%6)), huge)
	}
	checkIterateMatchesLoop(t, Solved(), huge)
	checkIterateStops(t, huge, false)
}

func TestHugeNoAllocationPerNode(t *testing.T) {
	d := NewHugeDomain(FromMoves([]int{0, 7, 15, 9}), partialHuge(t).Words())
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

func TestHugeSnapshotAndClone(t *testing.T) {
	words := partialHuge(t).Words()
	checkSnapshotAndClone(t, func(c Cube) axisDomain { return NewHugeDomain(c, words) },
		func(d axisDomain) any { return d.(*HugeDomain).ax })
}

// TestHugeOptimalAgainstMeetInTheMiddle solves scrambles of 6 to 10 moves
// with the full table against the independent search.
func TestHugeOptimalAgainstMeetInTheMiddle(t *testing.T) {
	words := fullHuge(t)
	mm := newMITM(5)
	rng := rand.New(rand.NewPCG(35, 36))
	for i := 0; i < 12; i++ {
		scramble := randomScramble(rng, 6+i%5)
		c := FromMoves(scramble)
		want := mm.optimal(c)
		d := NewHugeDomain(c, words)
		if h := d.H(); h > want {
			t.Errorf("%s: h=%d above the optimal %d", FormatMoves(scramble), h, want)
		}
		solvesOptimally(t, FormatMoves(scramble), c, d, want)
	}
}

// TestHugeMatchesReidAndKorf solves the benchmark scrambles of 12 to 14
// moves and fresh 13- and 14-move ones with reid-huge (and their inverses),
// replays the solutions, and checks the
// lengths against the known ones, against reid (when its table is cached)
// and korf (when its databases are, or IDAVIZ_TEST_KORF=1 asks for them):
// IDAVIZ_TEST_REID_HUGE=1, about a
// minute once the tables are cached.
func TestHugeMatchesReidAndKorf(t *testing.T) {
	words := fullHuge(t)
	type job struct {
		scramble string
		want     int // -1: from reid or korf
	}
	var jobs []job
	for _, tc := range solveSet {
		if !tc.long {
			jobs = append(jobs, job{tc.scramble, tc.optimal})
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{13, 14, 14, 13, 14} {
		jobs = append(jobs, job{FormatMoves(randomScramble(rng, n)), -1})
	}
	var others []Heuristic
	if tab, err := LoadReid(); err == nil {
		others = append(others, Heuristic{Name: reidName, reid: tab})
	}
	if korf, ok := korfDatabases(t); ok {
		others = append(others, korf)
	}
	if len(others) == 0 {
		t.Log("neither reid's table nor korf's databases are cached: checked against the benchmark set's known lengths only")
	}
	solve := func(d engine.Domain, name, scramble string) engine.Result {
		res, err := engine.ParallelIDA(context.Background(), d, engine.Options{}, 0)
		if err != nil || !res.Solved() {
			t.Fatalf("%s on %s: %v %v", name, scramble, res.Status, err)
		}
		return res
	}
	for _, j := range jobs {
		moves, err := ParseMoves(j.scramble)
		if err != nil {
			t.Fatal(err)
		}
		c := FromMoves(moves)
		res := solve(NewHugeDomain(c, words), hugeName, j.scramble)
		got := c
		got.Apply(res.Moves)
		if !got.IsSolved() {
			t.Errorf("%s: %s does not solve it", j.scramble, FormatMoves(res.Moves))
		}
		if j.want >= 0 && len(res.Moves) != j.want {
			t.Errorf("%s: reid-huge %d moves, optimal is %d", j.scramble, len(res.Moves), j.want)
		}
		// The inverse is as far from solved, and its solution, inverted,
		// solves the cube: what searching from the inverse rests on.
		inv := c.inverse()
		ri := solve(NewHugeDomain(inv, words), hugeName+" on the inverse", j.scramble)
		undo := make([]int, len(ri.Moves))
		for k, m := range ri.Moves {
			undo[len(ri.Moves)-1-k] = Inverse(m)
		}
		back := c
		back.Apply(undo)
		if len(ri.Moves) != len(res.Moves) || !back.IsSolved() {
			t.Errorf("%s: the inverse solved in %s (%d moves), which inverted does not solve the cube in %d", j.scramble, FormatMoves(ri.Moves), len(ri.Moves), len(res.Moves))
		}
		line := ""
		for _, h := range others {
			o := solve(NewSearch(c, h), h.Name, j.scramble)
			if len(o.Moves) != len(res.Moves) {
				t.Errorf("%s: reid-huge %d moves, %s %d", j.scramble, len(res.Moves), h.Name, len(o.Moves))
			}
			line += fmt.Sprintf(", %s %d nodes", h.Name, o.Totals.Generated)
		}
		t.Logf("%s: %d moves, reid-huge %d nodes%s", j.scramble, len(res.Moves), res.Totals.Generated, line)
	}
}

// BenchmarkHugeIteration is the node rate of reid-huge on uniformly random
// cubes, which the benchmark set's scrambles are not: one whole iteration
// (the domain's own, unwatched), at four above the cube's h, of each of
// three random cubes, on one core. It reads the full table
// (IDAVIZ_TEST_REID_HUGE=1):
//
//	IDAVIZ_TEST_REID_HUGE=1 go test -run '^$' -bench HugeIteration -benchtime 1x ./puzzles/rubik
func BenchmarkHugeIteration(b *testing.B) {
	words := fullHuge(b)
	rng := rand.New(rand.NewPCG(61, 62))
	for i := 0; i < 3; i++ {
		c := Random(rng)
		b.Run(fmt.Sprintf("cube%d", i+1), func(b *testing.B) {
			d := NewHugeDomain(c, words)
			bound := d.H() + 4
			var counts trace.Counts
			cpu0 := cpuTime()
			for b.Loop() {
				_, _, counts, _ = d.Iterate(bound, nil, 0, nil)
			}
			b.ReportMetric(float64(counts.Generated), "nodes/op")
			b.ReportMetric(float64(counts.Generated)*float64(b.N)/(cpuTime()-cpu0).Seconds()/1e6, "Mnodes/cpu-s")
		})
	}
}

// The reid-huge table is read from the cache, or built (minutes) when it is
// missing.
func BenchmarkSolveHuge(b *testing.B)         { benchmarkSolve(b, hugeName, 0) }
func BenchmarkSolveHugeParallel(b *testing.B) { benchmarkSolve(b, hugeName, runtime.GOMAXPROCS(0)) }

// TestCollapseHugeKeepsWords: collapsing a slice into huge pages leaves its
// contents as they were (whether the kernel could do it is logged).
func TestCollapseHugeKeepsWords(t *testing.T) {
	w := make([]uint32, 3<<20) // 12 MB: several whole 2 MB pages
	for i := range w {
		w[i] = uint32(i) * 2654435761
	}
	ok := collapseHuge(w)
	for i := range w {
		if w[i] != uint32(i)*2654435761 {
			t.Fatalf("word %d changed", i)
		}
	}
	t.Logf("collapsed into huge pages: %v", ok)
	if collapseHuge(nil) || collapseHuge(w[:10]) {
		t.Error("nothing to collapse, yet reported done")
	}
}

// TestHugeClassesCached: a solve reads the class map from the cache
// directory: the first open makes and saves it, the next reads the same
// map back; a file that is whole (its checksum right) but wrong at a sampled
// coordinate is made again, and progress says why; a damaged file is made
// again too.
func TestHugeClassesCached(t *testing.T) {
	skipHugeUngated(t)
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	want := hugeCoords().classSym
	open := func(what string) ([]uint32, []string) {
		t.Helper()
		var notes []string
		cs, err := openHugeClasses(context.Background(), func(p pdb.Progress) {
			if p.Note != "" {
				notes = append(notes, p.Note)
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if !slices.Equal(cs, want) {
			t.Fatalf("%s: the class map differs from the one made in memory", what)
		}
		return cs, notes
	}
	open("first open")
	path, err := pdb.FilePath(hugeClassesSpec())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the class map was not saved: %v", err)
	}
	if _, notes := open("second open"); len(notes) != 0 {
		t.Fatalf("reading a good file: notes %q", notes)
	}

	// Whole but wrong: a sampled entry names another symmetry.
	bad := pdb.New(hugeClassesName, hugeClassesSpec().Size)
	copy(bad.Words(), want)
	fs := 5 * (NFlipSliceSorted / 4096)
	bad.Words()[fs] ^= 1
	if err := checkHugeClasses(bad.Words()); err == nil {
		t.Fatal("checkHugeClasses passes a map with a wrong entry")
	}
	if err := pdb.Save(hugeClassesSpec(), bad); err != nil {
		t.Fatal(err)
	}
	if _, notes := open("open of a wrong map"); len(notes) != 1 || !strings.Contains(notes[0], "making it again") {
		t.Fatalf("a wrong map: notes %q, want one saying it is made again", notes)
	}
	if _, notes := open("open after the wrong map was made again"); len(notes) != 0 {
		t.Fatalf("the map made again was not saved: notes %q", notes)
	}

	// Damaged: the checksum says so.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x10
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	open("open of a damaged file")
}
