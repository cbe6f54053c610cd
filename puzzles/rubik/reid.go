package rubik

import (
	"context"
	"errors"

	"idaviz/puzzles/pdb"
)

// The table of the heuristic "reid" (Reid 1997, Kociemba): the exact
// distance of every phase-1 coset to H = <U, D, R2, L2, F2, B2>, one entry
// per flip-slice symmetry class and twist. A cube's entry is
// class*NTwist + its twist conjugated by the symmetry that carries its
// flip-slice coordinate to the class's representative.
const (
	// NFlipSliceClasses is the number of flip-slice coordinates up to the 16
	// UD symmetries (checked by the tests).
	NFlipSliceClasses = 64430
	// ReidEntries is the table's size: 140,908,410 entries, 70 MB at 4 bits.
	ReidEntries = int64(NFlipSliceClasses) * NTwist
	reidName    = "reid"
)

func reidSpec() pdb.Spec { return pdb.Spec{Puzzle: "rubik", Name: reidName, Size: ReidEntries} }

// BuildReid makes the reid table by breadth-first search from H, layer by
// layer over the table itself (pdb.Fill), on workers goroutines (0: one per
// CPU), with progress and cancellation as for the other databases.
func BuildReid(ctx context.Context, workers int, progress func(pdb.Progress)) (*pdb.Table, error) {
	return buildReid(ctx, workers, 0, progress)
}

// buildReid stops after layer maxDepth when it is positive, leaving the
// deeper entries Unset: the tests check small depths that way in a second,
// where the whole table takes minutes.
func buildReid(ctx context.Context, workers, maxDepth int, progress func(pdb.Progress)) (*pdb.Table, error) {
	pt := phase1()
	cc := &cosetClasses{p1: pt, stab: pt.stab, moves: func(class int64, cs *[NumMoves]uint32) {
		*cs = [NumMoves]uint32(pt.repMove[class*NumMoves:])
	}}
	return cc.build(ctx, reidName, ReidEntries, workers, maxDepth, progress)
}

// cosetClasses is what the breadth-first search of a coset table (reid,
// reid-huge: entry = class*NTwist + twist) needs of its flip-slice classes:
// where a class's representative goes under each move (class<<4|symmetry),
// and which symmetries fix each representative.
type cosetClasses struct {
	p1    *coordTables // the twist's move and conjugation tables
	moves func(class int64, cs *[NumMoves]uint32)
	stab  []uint16
}

// build fills a table of size entries by breadth-first search from entry
// 0, stopped after layer maxDepth when that is positive.
func (cc *cosetClasses) build(ctx context.Context, name string, size int64, workers, maxDepth int, progress func(pdb.Progress)) (*pdb.Table, error) {
	t := pdb.New(name, size)
	layer := func(t *pdb.Table, lo, hi int64, d uint32, backward bool) int64 {
		if backward {
			return cc.pull(t, lo, hi, d)
		}
		return cc.push(t, lo, hi, d)
	}
	if err := fillUpTo(ctx, t, workers, maxDepth, layer, progress); err != nil {
		return nil, err
	}
	return t, nil
}

// fillUpTo is pdb.Fill from entry 0, stopped after layer maxDepth when that
// is positive: the deeper entries stay Unset.
func fillUpTo(ctx context.Context, t *pdb.Table, workers, maxDepth int, layer pdb.Layer, progress func(pdb.Progress)) error {
	if maxDepth <= 0 {
		return pdb.Fill(ctx, t, []int64{0}, workers, layer, progress)
	}
	fctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var reached bool
	prog := func(p pdb.Progress) {
		if progress != nil {
			progress(p)
		}
		if p.LayerDone && p.Depth >= maxDepth {
			// Fill reports a finished layer before starting the next, which
			// then stops before any of its work.
			reached = true
			cancel()
		}
	}
	err := pdb.Fill(fctx, t, []int64{0}, workers, layer, prog)
	if err != nil && !(reached && ctx.Err() == nil && errors.Is(err, context.Canceled)) {
		return err
	}
	return nil
}

// push sets the Unset neighbours of the entries in [lo,hi) at depth d to
// d+1, with every entry equivalent to one it sets (the twists a symmetry of
// the representative relates), and returns how many it set. A class's
// moves are looked up once for its 2187 entries.
func (cc *cosetClasses) push(t *pdb.Table, lo, hi int64, d uint32) int64 {
	var n int64
	p1 := cc.p1
	var cs [NumMoves]uint32
	loaded := int64(-1)
	for i := t.Next(lo, hi, d); i < hi; i = t.Next(i+1, hi, d) {
		class, tw := i/NTwist, int(i%NTwist)
		if class != loaded {
			cc.moves(class, &cs)
			loaded = class
		}
		for m := 0; m < NumMoves; m++ {
			nc := int64(cs[m] >> 4)
			ntw := int(p1.twistConj[int(p1.twistMove[tw*NumMoves+m])<<4|int(cs[m]&15)])
			if !t.Set(nc*NTwist+int64(ntw), d+1) {
				continue
			}
			n++
			if st := cc.stab[nc]; st != 1 {
				for s := 1; s < NSymUD; s++ {
					if st>>s&1 != 0 && t.Set(nc*NTwist+int64(p1.twistConj[ntw<<4|s]), d+1) {
						n++
					}
				}
			}
		}
	}
	return n
}

// pull sets each Unset entry in [lo,hi) with a neighbour at depth d to d+1
// and returns how many it set. (Equivalent entries each find their own
// neighbour at d.)
func (cc *cosetClasses) pull(t *pdb.Table, lo, hi int64, d uint32) int64 {
	var n int64
	p1 := cc.p1
	var cs [NumMoves]uint32
	loaded := int64(-1)
	for i := t.Next(lo, hi, pdb.Unset); i < hi; i = t.Next(i+1, hi, pdb.Unset) {
		class, tw := i/NTwist, int(i%NTwist)
		if class != loaded {
			cc.moves(class, &cs)
			loaded = class
		}
		for m := 0; m < NumMoves; m++ {
			ni := int64(cs[m]>>4)*NTwist + int64(p1.twistConj[int(p1.twistMove[tw*NumMoves+m])<<4|int(cs[m]&15)])
			if t.Load(ni) == d {
				if t.Set(i, d+1) {
					n++
				}
				break
			}
		}
	}
	return n
}

// OpenReid returns the reid table, read from the cache directory when a
// valid file is there, else built (with progress) and saved.
func OpenReid(ctx context.Context, workers int, progress func(pdb.Progress)) (pdb.Opened, error) {
	return pdb.Open(ctx, reidSpec(), reidBuilder(workers), progress)
}

// reidBuilder builds the reid table over workers.
func reidBuilder(workers int) pdb.Builder {
	return func(ctx context.Context, progress func(pdb.Progress)) (*pdb.Table, error) {
		return BuildReid(ctx, workers, progress)
	}
}

// LoadReid reads the reid table from the cache directory only.
func LoadReid() (*pdb.Table, error) { return pdb.Load(reidSpec()) }

// reidTables shares the reid table between the searches of a process.
var reidTables pdb.Shared[*pdb.Table]

func loadReidShared(ctx context.Context, progress func(pdb.Progress)) (*pdb.Table, error) {
	load := func(ctx context.Context, progress func(pdb.Progress)) (*pdb.Table, error) {
		o, err := OpenReid(ctx, 0, progress)
		if err != nil {
			return nil, err
		}
		return o.Table, nil
	}
	return reidTables.Get(ctx, reidName, load, progress)
}
