package rubik

import (
	"context"
	"idaviz/puzzles/pdb"
)

// Table is a pattern database of the cube: the exact distance from the solved
// cube of every abstract state of a pattern.
type Table struct {
	Pattern Pattern
	*pdb.Table
}

// spec names p's table in the cache directory.
func (p *Pattern) spec() pdb.Spec { return pdb.Spec{Puzzle: "rubik", Name: p.Name, Size: p.Size()} }

// Build makes the pattern database of p by breadth-first search from the
// solved cube, layer by layer over the table itself: layer d+1 is made either
// forwards (every entry at d sets its unset neighbours) or, once most entries
// are known, backwards (every unset entry with a neighbour at d). Work is
// split over workers (0: one per CPU). progress, when not nil, is called from
// one goroutine now and then.
func Build(ctx context.Context, p Pattern, workers int, progress func(pdb.Progress)) (*Table, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	mt := p.moveTables()
	t := pdb.New(p.Name, p.Size())
	layer := func(t *pdb.Table, lo, hi int64, d uint32, backward bool) int64 {
		if backward {
			return pull(t, mt, lo, hi, d)
		}
		return push(t, mt, lo, hi, d)
	}
	if err := pdb.Fill(ctx, t, []int64{p.goal()}, workers, layer, progress); err != nil {
		return nil, err
	}
	return &Table{Pattern: p, Table: t}, nil
}

// push sets the unset neighbours of the entries in [lo,hi) at depth d to d+1
// and returns how many it set.
func push(t *pdb.Table, mt *moveTables, lo, hi int64, d uint32) int64 {
	var n int64
	no := mt.no
	for i := t.Next(lo, hi, d); i < hi; i = t.Next(i+1, hi, d) {
		r, o := i/no, i%no
		base := r * NumMoves
		for m := int64(0); m < NumMoves; m++ {
			ni := int64(mt.next[base+m])*no + int64(mt.add[o*no+int64(mt.twist[base+m])])
			if t.Set(ni, d+1) {
				n++
			}
		}
	}
	return n
}

// pull sets each unset entry in [lo,hi) that has a neighbour at depth d to
// d+1 and returns how many it set.
func pull(t *pdb.Table, mt *moveTables, lo, hi int64, d uint32) int64 {
	var n int64
	no := mt.no
	for i := t.Next(lo, hi, pdb.Unset); i < hi; i = t.Next(i+1, hi, pdb.Unset) {
		r, o := i/no, i%no
		base := r * NumMoves
		for m := int64(0); m < NumMoves; m++ {
			ni := int64(mt.next[base+m])*no + int64(mt.add[o*no+int64(mt.twist[base+m])])
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
