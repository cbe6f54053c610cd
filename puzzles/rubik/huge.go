package rubik

import (
	"context"
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
// table and the flip x sorted-slice symmetry classes: about 100 MB, made
// once on first use (a few seconds).
type hugeTables struct {
	p1         *coordTables // twistMove, flipMove and twistConj
	sortedMove []uint16     // [sortedslice*NumMoves+m]
	// classSym[sortedslice*NFlip+flip] is class<<4 | s, as reid's classSym,
	// in huge pages (hugeAlloc): the search reads it at random, several
	// times per child.
	classSym []uint32
	rep      []uint32 // the class's smallest coordinate
	stab     []uint16 // the UD symmetries fixing the representative (bit s)
}

var (
	hugeOnce sync.Once
	hugeTabs *hugeTables
)

// hugeCoords returns the sorted-slice tables, made on first use.
func hugeCoords() *hugeTables {
	hugeOnce.Do(func() { hugeTabs = makeHugeTables() })
	return hugeTabs
}

func makeHugeTables() *hugeTables {
	t := &hugeTables{p1: phase1(), sortedMove: moveTable(NSliceSorted, (*Cube).setSortedSlice, (*Cube).sortedSlice)}
	cs, _ := hugeAlloc(NFlipSliceSorted)
	t.rep, t.stab = flipSliceClasses(NSliceSorted, (*Cube).setSortedSlice, (*Cube).sortedSlice, cs)
	t.classSym = cs
	return t
}

// hugeCoord is the coset of K of a cube seen along one axis.
type hugeCoord struct {
	twist, flip, sorted uint16
}

func (c *Cube) hugeCoord() hugeCoord {
	return hugeCoord{uint16(c.twist()), uint16(c.flip()), uint16(c.sortedSlice())}
}

// move is the coordinate after move m.
func (t *hugeTables) move(a hugeCoord, m int) hugeCoord {
	return hugeCoord{
		twist:  t.p1.twistMove[int(a.twist)*NumMoves+m],
		flip:   t.p1.flipMove[int(a.flip)*NumMoves+m],
		sorted: t.sortedMove[int(a.sorted)*NumMoves+m],
	}
}

// index is the symmetry-reduced table entry of a coset, as reid's.
func (t *hugeTables) index(a hugeCoord) int64 {
	cs := t.classSym[int(a.sorted)*NFlip+int(a.flip)]
	return int64(cs>>4)*NTwist + int64(t.p1.twistConj[int(a.twist)<<4|int(cs&15)])
}

func hugeSpec() pdb.Spec { return pdb.Spec{Puzzle: "rubik", Name: hugeName, Size: HugeEntries} }

// BuildHuge makes the reid-huge table by breadth-first search from K, as
// BuildReid: 1.67 GB, about 4 minutes and 140 CPU-seconds on two cores.
func BuildHuge(ctx context.Context, workers int, progress func(pdb.Progress)) (*pdb.Table, error) {
	return buildHuge(ctx, workers, 0, progress)
}

// buildHuge stops after layer maxDepth when it is positive (the tests).
func buildHuge(ctx context.Context, workers, maxDepth int, progress func(pdb.Progress)) (*pdb.Table, error) {
	ht := hugeCoords()
	cc := &cosetClasses{p1: ht.p1, stab: ht.stab, moves: func(class int64, cs *[NumMoves]uint32) {
		r := int(ht.rep[class])
		fl, sl := r%NFlip, r/NFlip
		for m := 0; m < NumMoves; m++ {
			cs[m] = ht.classSym[int(ht.sortedMove[sl*NumMoves+m])*NFlip+int(ht.p1.flipMove[fl*NumMoves+m])]
		}
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
		// The class map (seconds of CPU) is made on the other core while the
		// file is read; the search's domain waits for it (hugeCoords).
		go hugeCoords()
		s := hugeSpec()
		var region []uint32
		release := func() {}
		s.Alloc = func(n int) []uint32 {
			region, release = hugeAlloc(n)
			return region
		}
		o, err := pdb.Open(ctx, s, hugeBuilder(0), progress)
		if err != nil {
			release()
			return nil, err
		}
		w := o.Table.Words()
		if len(region) == 0 || &w[0] != &region[0] {
			// Built, not read: the memory given to a bad file goes back.
			release()
			collapseHuge(w)
		}
		return w, nil
	}
	return hugeTable.Get(ctx, hugeName, load, progress)
}
