package rubik

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"idaviz/puzzles/pdb"
)

// The heuristic "reid-huge" (Kociemba's "huge" optimal solver): reid with
// the sorted UD-slice coordinate, which keeps the order of the four slice
// edges as well as their positions. Its table holds the distance of a cube's
// coset of K = {g in H : g leaves the four slice edges in place} (twist 0,
// flip 0, slice edges home in order) to K itself: 24 times reid's table and
// larger values, since reaching H is not enough, the slice edges must be in
// order too. A single move is in K for its own axis (a turn of a face fixes
// the slice between the other two faces, unflipped and untwisted as seen
// along its axis), so de Bondt's +1 holds as for reid.
const (
	// NSliceSorted numbers the positions of the slice edges (NSlice) times
	// their order (4! = 24): 11,880, 0 when they are home in order.
	NSliceSorted = NSlice * 24
	// NFlipSliceSorted is the edge part of the coset: 24,330,240.
	NFlipSliceSorted = NFlip * NSliceSorted
	// NFlipSliceSortedClasses is the number of flip x sorted-slice
	// coordinates up to the 16 UD symmetries (checked by the tests; the
	// same count as Kociemba's).
	NFlipSliceSortedClasses = 1523864
	// HugeEntries is the table's size: 3,332,690,568 entries, 1.67 GB at 4
	// bits.
	HugeEntries = int64(NFlipSliceSortedClasses) * NTwist
	hugeName    = "reid-huge"
)

// perm4Rank is the Lehmer rank of a permutation of 0..3, 0 for the identity.
func perm4Rank(p [4]uint8) int {
	r := 0
	for i := 0; i < 4; i++ {
		smaller := 0
		for j := i + 1; j < 4; j++ {
			if p[j] < p[i] {
				smaller++
			}
		}
		r = r*(4-i) + smaller
	}
	return r
}

// perm4Unrank is the permutation of rank r (0 <= r < 24).
func perm4Unrank(r int) (p [4]uint8) {
	var digits [4]int
	for i, base := 3, 1; i >= 0; i-- {
		digits[i] = r % base
		r /= base
		base++
	}
	left := []uint8{0, 1, 2, 3}
	for i, d := range digits {
		p[i] = left[d]
		left = append(left[:d], left[d+1:]...)
	}
	return p
}

// sortedSlice is the sorted UD-slice coordinate: slice()*24 + the rank of
// the order in which the slice edges FR FL BL BR are met along the
// positions.
func (c *Cube) sortedSlice() int {
	var order [4]uint8
	k := 0
	for j := 0; j < 12; j++ {
		if isSliceEdge(c.EP[j]) {
			order[k] = c.EP[j] - FR
			k++
		}
	}
	return c.slice()*24 + perm4Rank(order)
}

// setSortedSlice places the slice edges as coordinate x says (the other
// edges in order in the other positions).
func (c *Cube) setSortedSlice(x int) {
	c.setSlice(x / 24)
	order := perm4Unrank(x % 24)
	k := 0
	for j := 0; j < 12; j++ {
		if isSliceEdge(c.EP[j]) {
			c.EP[j] = FR + order[k]
			k++
		}
	}
}

// hugeTables are reid's twist and flip tables with the sorted-slice move
// table and the flip x sorted-slice symmetry classes: about 210 MB, made
// once on first use (a few seconds), or read from the cache directory by a
// solve (openHugeClasses) and their moves made (a tenth of a second).
type hugeTables struct {
	p1         *coordTables // twistMove, flipMove and twistConj
	sortedMove []uint16     // [sortedslice*NumMoves+m]
	// classSym[sortedslice*NFlip+flip] is class<<4 | s, as reid's classSym,
	// in huge pages (hugeAlloc): the search reads it at random, for the
	// inverse's children.
	classSym []uint32
	// repMove[class*NumMoves+m] is classSym of the class's representative
	// after move m, in huge pages: a node's children along one axis read
	// one row of it (the node keeps its class, hugeSym), where their own
	// coordinates would be 18 reads all over classSym.
	repMove []uint32
	// Each class's smallest coordinate, and the UD symmetries fixing it
	// (bit s): only a build of the table reads them, made on first use
	// (classes) when classSym was read from the cache.
	repOnce sync.Once
	rep     []uint32
	stab    []uint16
}

var (
	hugeOnce sync.Once
	hugeTabs *hugeTables
)

// hugeCoords returns the sorted-slice tables, made on first use.
func hugeCoords() *hugeTables {
	hugeOnce.Do(func() { hugeTabs = makeHugeTables(nil) })
	return hugeTabs
}

// makeHugeTables makes the tables around the class map classSym, or with
// a class map made now when it is nil.
func makeHugeTables(classSym []uint32) *hugeTables {
	t := &hugeTables{p1: phase1(), sortedMove: moveTable(NSliceSorted, (*Cube).setSortedSlice, (*Cube).sortedSlice), classSym: classSym}
	if classSym == nil {
		t.classSym, _ = hugeAlloc(NFlipSliceSorted)
		t.repOnce.Do(func() { t.rep, t.stab = hugeClasses(t.classSym) })
	}
	t.repMove = t.repMoves()
	return t
}

// repMoves makes repMove from the class map, over every core: a class's
// representative is the one coordinate whose entry names the identity
// (any other member needs a symmetry to become it).
func (t *hugeTables) repMoves() []uint32 {
	rm, _ := hugeAlloc(NFlipSliceSortedClasses * NumMoves)
	pdb.Chunks(context.Background(), runtime.GOMAXPROCS(0), NSliceSorted, func(sl int64) int64 {
		for fl := 0; fl < NFlip; fl++ {
			cs := t.classSym[int(sl)*NFlip+fl]
			if cs&15 != 0 {
				continue
			}
			row := rm[int(cs>>4)*NumMoves:][:NumMoves]
			for m := range row {
				row[m] = t.classSym[int(t.sortedMove[int(sl)*NumMoves+m])*NFlip+int(t.p1.flipMove[fl*NumMoves+m])]
			}
		}
		return 0
	}, func(int64) {})
	return rm
}

// hugeClasses fills the class map cs and returns each class's
// representative and stabilizer.
func hugeClasses(cs []uint32) (rep []uint32, stab []uint16) {
	return flipSliceClasses(NSliceSorted, (*Cube).setSortedSlice, (*Cube).sortedSlice, cs)
}

// classes returns each class's representative and the UD symmetries that
// fix it, made now (seconds, and a scratch class map) when the class map was
// read from the cache.
func (t *hugeTables) classes() (rep []uint32, stab []uint16) {
	t.repOnce.Do(func() { t.rep, t.stab = hugeClasses(make([]uint32, NFlipSliceSorted)) })
	return t.rep, t.stab
}

// The class map is kept in the cache directory beside the table, in pdb's
// file format: a table of 4-bit entries whose words are classSym's, eight
// entries to a word. Making it is most of the CPU time a solve spends
// before its search; reading it, a tenth of a second.
const hugeClassesName = "reid-huge-classes"

func hugeClassesSpec() pdb.Spec {
	return pdb.Spec{Puzzle: "rubik", Name: hugeClassesName, Size: 8 * NFlipSliceSorted}
}

// openHugeClasses returns the class map, read from the cache directory
// into huge pages, or made and saved when the file is missing or bad. A
// file that is whole but disagrees with the classes recomputed at sampled
// coordinates (made by a program that numbered them otherwise) is made
// again too, and progress is told why.
func openHugeClasses(ctx context.Context, progress func(pdb.Progress)) ([]uint32, error) {
	s := hugeClassesSpec()
	build := func(ctx context.Context, progress func(pdb.Progress)) (*pdb.Table, error) {
		t := pdb.New(hugeClassesName, s.Size)
		hugeClasses(t.Words())
		return t, ctx.Err()
	}
	read, release := inHugePages(s)
	o, err := pdb.Open(ctx, read, build, progress)
	if err != nil {
		release()
		return nil, err
	}
	if !o.Built {
		cerr := checkHugeClasses(o.Table.Words())
		if cerr == nil {
			return o.Table.Words(), nil
		}
		if progress != nil {
			progress(pdb.Progress{Table: hugeClassesName, Note: fmt.Sprintf("%s: %v; making it again", o.Path, cerr)})
		}
		release()
		if o, err = pdb.Rebuild(ctx, s, build, progress); err != nil {
			return nil, err
		}
	}
	release() // the memory given to a bad file, if one was read
	return hugeCopy(o.Table.Words()), nil
}

// inHugePages returns s reading its table into huge pages (hugeAlloc), and
// the func that gives that memory back: called when the table read is not
// the one used (a bad file, rebuilt), as nothing else frees it. Releasing
// twice, or when nothing was read, does nothing.
func inHugePages(s pdb.Spec) (pdb.Spec, func()) {
	release := func() {}
	s.Alloc = func(n int) []uint32 {
		var w []uint32
		w, release = hugeAlloc(n)
		return w
	}
	return s, func() {
		release()
		release = func() {}
	}
}

// checkHugeClasses recomputes the class map at 4,096 coordinates spread
// over it: the symmetry each one's entry names must carry it to the
// smallest of its 16 conjugates, its class's representative, whose own
// entry names its class and the identity.
func checkHugeClasses(cs []uint32) error {
	if len(cs) != NFlipSliceSorted {
		return fmt.Errorf("class map of %d entries, want %d", len(cs), NFlipSliceSorted)
	}
	coord := func(y *Cube) uint32 { return uint32(y.sortedSlice()*NFlip + y.flip()) }
	for i := range 4096 {
		fs := i * (NFlipSliceSorted / 4096)
		x := Solved()
		x.setSortedSlice(fs / NFlip)
		x.setFlip(fs % NFlip)
		rep := uint32(fs)
		for s := 1; s < NSymUD; s++ {
			y := conjugateEdges(&x, s)
			rep = min(rep, coord(&y))
		}
		y := conjugateEdges(&x, int(cs[fs]&15))
		if got := coord(&y); got != rep || cs[rep] != cs[fs]&^15 {
			return fmt.Errorf("class map entry %d (%#x) does not lead to its representative %d (entry %#x)", fs, cs[fs], rep, cs[rep])
		}
	}
	return nil
}

// hugeCoord is the coset of K of a cube seen along one axis.
type hugeCoord struct {
	twist, flip, sorted uint16
}

func (c *Cube) hugeCoord() hugeCoord {
	return hugeCoord{uint16(c.twist()), uint16(c.flip()), uint16(c.sortedSlice())}
}

// rawMove is the coordinate after move m.
func (t *hugeTables) rawMove(a hugeCoord, m int) hugeCoord {
	return hugeCoord{
		twist:  t.p1.twistMove[int(a.twist)*NumMoves+m],
		flip:   t.p1.flipMove[int(a.flip)*NumMoves+m],
		sorted: t.sortedMove[int(a.sorted)*NumMoves+m],
	}
}

// hugeSym is a coset as the search keeps it: its coordinates and their
// entry of the class map, cs (class<<4 | s).
type hugeSym struct {
	hugeCoord
	cs uint32
}

// sym is a with its entry of the class map.
func (t *hugeTables) sym(a hugeCoord) hugeSym {
	return hugeSym{a, t.classSym[int(a.sorted)*NFlip+int(a.flip)]}
}

// move is the coset after move mm, its class and symmetry from one row of
// repMove, as coordTables.move.
func (t *hugeTables) move(a hugeSym, mm int) hugeSym {
	s := a.cs & 15
	cs := t.repMove[int(a.cs>>4)*NumMoves+int(symMoveUD[s][mm])]
	return hugeSym{t.rawMove(a.hugeCoord, mm), cs&^15 | uint32(symMultUD[cs&15][s])}
}

// entry is the symmetry-reduced table entry of a coset, as reid's.
func (t *hugeTables) entry(a hugeSym) int64 {
	return int64(a.cs>>4)*NTwist + int64(t.p1.twistConj[int(a.twist)<<4|int(a.cs&15)])
}

// index is the entry of a coset given by its coordinates.
func (t *hugeTables) index(a hugeCoord) int64 { return t.entry(t.sym(a)) }

func hugeSpec() pdb.Spec { return pdb.Spec{Puzzle: "rubik", Name: hugeName, Size: HugeEntries} }

// BuildHuge makes the reid-huge table by breadth-first search from K, as
// BuildReid: 1.67 GB, about 4 minutes and 140 CPU-seconds on two cores.
func BuildHuge(ctx context.Context, workers int, progress func(pdb.Progress)) (*pdb.Table, error) {
	return buildHuge(ctx, workers, 0, progress)
}

// buildHuge stops after layer maxDepth when it is positive (the tests).
func buildHuge(ctx context.Context, workers, maxDepth int, progress func(pdb.Progress)) (*pdb.Table, error) {
	ht := hugeCoords()
	_, stab := ht.classes()
	cc := &cosetClasses{p1: ht.p1, stab: stab, moves: func(class int64, cs *[NumMoves]uint32) {
		*cs = [NumMoves]uint32(ht.repMove[class*NumMoves:])
	}}
	return cc.build(ctx, hugeName, HugeEntries, workers, maxDepth, progress)
}

// hugeBuilder builds the reid-huge table over workers.
func hugeBuilder(workers int) pdb.Builder {
	return func(ctx context.Context, progress func(pdb.Progress)) (*pdb.Table, error) {
		return BuildHuge(ctx, workers, progress)
	}
}

// OpenHuge returns the reid-huge table, read from the cache directory when a
// valid file is there, else built (with progress) and saved.
func OpenHuge(ctx context.Context, workers int, progress func(pdb.Progress)) (pdb.Opened, error) {
	return pdb.Open(ctx, hugeSpec(), hugeBuilder(workers), progress)
}

// LoadHuge reads the reid-huge table from the cache directory only.
func LoadHuge() (*pdb.Table, error) { return pdb.Load(hugeSpec()) }

// hugeTable shares the table's entries between the searches of a process.
// A table read from the cache is read straight into huge pages (hugeAlloc),
// once; one built now is put in huge pages where it lies (collapseHuge), not
// copied as reid's is (hugeCopy): either way a search holds 1.67 GB, not
// twice that.
var hugeTable pdb.Shared[[]uint32]

func loadHugeShared(ctx context.Context, progress func(pdb.Progress)) ([]uint32, error) {
	load := func(ctx context.Context, progress func(pdb.Progress)) ([]uint32, error) {
		// The class map is read (or made, seconds of CPU) on the other core
		// while the table is; the search's domain waits for it (hugeCoords).
		go hugeOnce.Do(func() {
			cs, err := openHugeClasses(context.Background(), nil)
			if err != nil {
				cs = nil // made in memory
			}
			hugeTabs = makeHugeTables(cs)
		})
		s, release := inHugePages(hugeSpec())
		o, err := pdb.Open(ctx, s, hugeBuilder(0), progress)
		if err != nil {
			release()
			return nil, err
		}
		w := o.Table.Words()
		if o.Built {
			// Built, not read: the memory given to a bad file goes back.
			release()
			collapseHuge(w)
		}
		return w, nil
	}
	return hugeTable.Get(ctx, hugeName, load, progress)
}
