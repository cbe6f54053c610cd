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
	t := pdb.New(reidName, ReidEntries)
	layer := func(t *pdb.Table, lo, hi int64, d uint32, backward bool) int64 {
		if backward {
			return reidPull(pt, t, lo, hi, d)
		}
		return reidPush(pt, t, lo, hi, d)
	}
	fctx, prog := ctx, progress
	var reached bool
	if maxDepth > 0 {
		var cancel context.CancelFunc
		fctx, cancel = context.WithCancel(ctx)
		defer cancel()
		prog = func(p pdb.Progress) {
			if progress != nil {
				progress(p)
			}
			if p.LayerDone && p.Depth >= maxDepth {
				// Fill reports a finished layer before starting the next,
				// which then stops before any of its work.
				reached = true
				cancel()
			}
		}
	}
	err := pdb.Fill(fctx, t, []int64{0}, workers, layer, prog)
	if err != nil && !(reached && ctx.Err() == nil && errors.Is(err, context.Canceled)) {
		return nil, err
	}
	return t, nil
}

// neighbours holds, for one flip-slice class, the class<<4|symmetry of its
// representative after each move, shared by the class's 2187 entries.
type neighbours struct {
	class int64
	cs    [NumMoves]uint32
}

func (n *neighbours) load(pt *coordTables, class int64) {
	n.class = class
	n.cs = [NumMoves]uint32(pt.repMove[class*NumMoves:])
}

// reidPush sets the Unset neighbours of the entries in [lo,hi) at depth d
// to d+1, with every entry equivalent to one it sets (the twists a
// symmetry of the representative relates), and returns how many it set.
func reidPush(pt *coordTables, t *pdb.Table, lo, hi int64, d uint32) int64 {
	var n int64
	nb := neighbours{class: -1}
	for i := t.Next(lo, hi, d); i < hi; i = t.Next(i+1, hi, d) {
		class, tw := i/NTwist, int(i%NTwist)
		if class != nb.class {
			nb.load(pt, class)
		}
		for m := 0; m < NumMoves; m++ {
			cs := nb.cs[m]
			nc := int64(cs >> 4)
			ntw := int(pt.twistConj[int(pt.twistMove[tw*NumMoves+m])<<4|int(cs&15)])
			if !t.Set(nc*NTwist+int64(ntw), d+1) {
				continue
			}
			n++
			if st := pt.stab[nc]; st != 1 {
				for s := 1; s < NSymUD; s++ {
					if st>>s&1 != 0 && t.Set(nc*NTwist+int64(pt.twistConj[ntw<<4|s]), d+1) {
						n++
					}
				}
			}
		}
	}
	return n
}

// reidPull sets each Unset entry in [lo,hi) with a neighbour at depth d to
// d+1 and returns how many it set. (Equivalent entries each find their own
// neighbour at d.)
func reidPull(pt *coordTables, t *pdb.Table, lo, hi int64, d uint32) int64 {
	var n int64
	nb := neighbours{class: -1}
	for i := t.Next(lo, hi, pdb.Unset); i < hi; i = t.Next(i+1, hi, pdb.Unset) {
		class, tw := i/NTwist, int(i%NTwist)
		if class != nb.class {
			nb.load(pt, class)
		}
		for m := 0; m < NumMoves; m++ {
			cs := nb.cs[m]
			ni := int64(cs>>4)*NTwist + int64(pt.twistConj[int(pt.twistMove[tw*NumMoves+m])<<4|int(cs&15)])
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

// openReidDatabase is OpenDatabases for "reid".
func openReidDatabase(ctx context.Context, workers int, force bool, progress func(pdb.Progress)) ([]pdb.Opened, error) {
	if err := pdb.CheckCache(); err != nil {
		return nil, err
	}
	open := pdb.Open
	if force {
		open = pdb.Rebuild
	}
	o, err := open(ctx, reidSpec(), reidBuilder(workers), progress)
	if err != nil {
		return nil, err
	}
	if o.SaveErr != nil {
		return nil, o.SaveErr
	}
	return []pdb.Opened{o}, nil
}
