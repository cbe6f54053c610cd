package pdb

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"idaviz/internal/eventloop"
)

// Layer fills layer d+1 of a table from layer d, over the entries [lo,hi) and
// returns how many entries it set. Forward, it sets the Unset neighbours of
// the entries at d (push); backward, it sets each Unset entry that has a
// neighbour at d (pull), which is cheaper once most entries are known. Both
// must write only through Table.Set.
type Layer func(t *Table, lo, hi int64, d uint32, backward bool) int64

// chunk is the number of entries a worker takes at once; a multiple of 8 so
// that no two workers scan the same word.
const chunk = 1 << 15

// Fill runs the breadth-first search that gives every entry of t its
// distance from the goals (set to 0 first), layer by layer, each layer split
// over workers (0: one per CPU). progress, when not nil, is called from this
// goroutine about five times a second and at the end of each layer. It stops
// at ctx's cancellation, returning its error.
func Fill(ctx context.Context, t *Table, goals []int64, workers int, layer Layer, progress func(Progress)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var filled int64
	for _, g := range goals {
		if t.Set(g, 0) {
			filled++
		}
	}
	report := func(d int, n int64, done bool) {
		if progress != nil {
			progress(Progress{Table: t.Name, Depth: d, Filled: n, Total: t.size, LayerDone: done})
		}
	}
	for d := 0; filled < t.size; d++ {
		if d+1 >= Unset {
			return fmt.Errorf("pattern database %q: distances exceed %d, too deep for 4-bit entries", t.Name, Unset-1)
		}
		// The size of layer d is not kept: compare the entries still unknown
		// with those known, which is what the two directions cost.
		backward := t.size-filled < filled
		nchunks := (t.size + chunk - 1) / chunk
		n := Chunks(ctx, workers, nchunks, func(c int64) int64 {
			lo := c * chunk
			return layer(t, lo, min(lo+chunk, t.size), uint32(d), backward)
		}, func(added int64) { report(d+1, filled+added, false) })
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("building pattern database %q: %w", t.Name, err)
		}
		if n == 0 {
			return fmt.Errorf("pattern database %q: %d of %d entries unreachable", t.Name, t.size-filled, t.size)
		}
		filled += n
		report(d+1, filled, true)
	}
	return nil
}

// Chunks runs work on the chunks 0 to n-1 over workers goroutines, each
// taking the next chunk left until none is or ctx ends, and returns the sum
// of what work returned. Meanwhile tick gets the sum so far five times a
// second, for a progress report.
func Chunks(ctx context.Context, workers int, n int64, work func(c int64) int64, tick func(sum int64)) int64 {
	var next, sum atomic.Int64
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Go(func() {
			for ctx.Err() == nil {
				eventloop.Yield()
				c := next.Add(1) - 1
				if c >= n {
					return
				}
				sum.Add(work(c))
			}
		})
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return sum.Load()
		case <-t.C:
			tick(sum.Load())
		}
	}
}
