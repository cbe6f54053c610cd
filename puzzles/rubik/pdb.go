package rubik

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// unset marks a table entry whose distance is not known yet.
const unset = 0xF

// Table is a pattern database: the exact distance from the solved cube of
// every abstract state of a pattern, 4 bits per entry, 8 entries per word.
type Table struct {
	Pattern Pattern
	words   []uint32
	size    int64
}

func newTable(p Pattern) *Table {
	size := p.Size()
	w := make([]uint32, (size+7)/8)
	for i := range w {
		w[i] = ^uint32(0)
	}
	return &Table{Pattern: p, words: w, size: size}
}

// Len is the number of entries.
func (t *Table) Len() int64 { return t.size }

// Bytes is the memory the entries take.
func (t *Table) Bytes() int64 { return int64(len(t.words)) * 4 }

// Get is the distance of entry i.
func (t *Table) Get(i int64) int {
	return int(t.words[i>>3] >> (uint(i&7) * 4) & 0xF)
}

// Distribution counts the entries by value; index 15 counts unset entries
// (none in a complete table).
func (t *Table) Distribution() []int64 {
	var d [16]int64
	for i := int64(0); i < t.size; i++ {
		d[t.Get(i)]++
	}
	last := 0
	for v := range d {
		if d[v] != 0 {
			last = v
		}
	}
	return append([]int64(nil), d[:last+1]...)
}

// Max is the largest distance in the table.
func (t *Table) Max() int {
	d := t.Distribution()
	return len(d) - 1
}

// Progress reports a database build: Depth is the breadth-first layer being
// made, Filled the entries whose distance is known, of Total.
type Progress struct {
	Pattern string
	Depth   int
	Filled  int64
	Total   int64
	// LayerDone is set on the report that ends a layer.
	LayerDone bool
}

// chunk is the number of entries a worker takes at once; a multiple of 8 so
// that no two workers write the same word.
const chunk = 1 << 15

// Build makes the pattern database of p by breadth-first search from the
// solved cube, layer by layer over the table itself: layer d+1 is made either
// forwards (every entry at d sets its unset neighbours) or, once most entries
// are known, backwards (every unset entry with a neighbour at d). Work is
// split over workers (0: one per CPU). progress, when not nil, is called from
// one goroutine now and then.
func Build(ctx context.Context, p Pattern, workers int, progress func(Progress)) (*Table, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	mt := p.moveTables()
	t := newTable(p)
	g := p.goal()
	t.words[g>>3] &^= uint32(0xF) << (uint(g&7) * 4)
	filled := int64(1)
	report := func(d int, n int64, done bool) {
		if progress != nil {
			progress(Progress{Pattern: p.Name, Depth: d, Filled: n, Total: t.size, LayerDone: done})
		}
	}
	for d := 0; filled < t.size; d++ {
		if d+1 >= unset {
			return nil, fmt.Errorf("pattern %q: distances exceed %d, too deep for 4-bit entries", p.Name, unset-1)
		}
		// The size of layer d is not kept: compare the entries still unknown
		// with those known, which is what the two directions cost.
		backward := t.size-filled < filled
		var next atomic.Int64 // next chunk to take
		var added atomic.Int64
		var wg sync.WaitGroup
		nchunks := (t.size + chunk - 1) / chunk
		done := make(chan struct{})
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					c := next.Add(1) - 1
					if c >= nchunks || ctx.Err() != nil {
						return
					}
					lo := c * chunk
					hi := min(lo+chunk, t.size)
					if backward {
						added.Add(t.pull(mt, lo, hi, uint32(d)))
					} else {
						added.Add(t.push(mt, lo, hi, uint32(d)))
					}
				}
			}()
		}
		go func() { wg.Wait(); close(done) }()
		tick := time.NewTicker(200 * time.Millisecond)
	wait:
		for {
			select {
			case <-done:
				break wait
			case <-tick.C:
				report(d+1, filled+added.Load(), false)
			}
		}
		tick.Stop()
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("building pattern database %q: %w", p.Name, err)
		}
		n := added.Load()
		if n == 0 {
			return nil, fmt.Errorf("pattern %q: %d of %d entries unreachable", p.Name, t.size-filled, t.size)
		}
		filled += n
		report(d+1, filled, true)
	}
	return t, nil
}

// push sets the unset neighbours of the entries in [lo,hi) at depth d to d+1
// and returns how many it set.
func (t *Table) push(mt *moveTables, lo, hi int64, d uint32) int64 {
	var n int64
	no := mt.no
	for i := lo; i < hi; i++ {
		w := atomic.LoadUint32(&t.words[i>>3])
		if i&7 == 0 && !hasNibble(w, d) {
			i += 7
			continue
		}
		if w>>(uint(i&7)*4)&0xF != d {
			continue
		}
		r, o := i/no, i%no
		base := r * NumMoves
		for m := int64(0); m < NumMoves; m++ {
			ni := int64(mt.next[base+m])*no + int64(mt.add[o*no+int64(mt.twist[base+m])])
			if t.set(ni, d+1) {
				n++
			}
		}
	}
	return n
}

// pull sets each unset entry in [lo,hi) that has a neighbour at depth d to
// d+1 and returns how many it set.
func (t *Table) pull(mt *moveTables, lo, hi int64, d uint32) int64 {
	var n int64
	no := mt.no
	for i := lo; i < hi; i++ {
		w := atomic.LoadUint32(&t.words[i>>3])
		if i&7 == 0 && !hasNibble(w, unset) {
			i += 7
			continue
		}
		if w>>(uint(i&7)*4)&0xF != unset {
			continue
		}
		r, o := i/no, i%no
		base := r * NumMoves
		for m := int64(0); m < NumMoves; m++ {
			ni := int64(mt.next[base+m])*no + int64(mt.add[o*no+int64(mt.twist[base+m])])
			if atomic.LoadUint32(&t.words[ni>>3])>>(uint(ni&7)*4)&0xF == d {
				if t.set(i, d+1) {
					n++
				}
				break
			}
		}
	}
	return n
}

// set gives the unset entry i the value v and reports whether it was unset.
// Entries are only ever lowered from unset to one value per layer, so an
// atomic AND is enough, and concurrent writers of one word cannot lose bits.
func (t *Table) set(i int64, v uint32) bool {
	p := &t.words[i>>3]
	sh := uint(i&7) * 4
	if atomic.LoadUint32(p)>>sh&0xF != unset {
		return false
	}
	old := atomic.AndUint32(p, ^((unset ^ v) << sh))
	return old>>sh&0xF == unset
}

// hasNibble reports whether any of the 8 nibbles of w equals v.
func hasNibble(w, v uint32) bool {
	x := w ^ (v * 0x11111111)
	// A zero nibble in x is a nibble equal to v.
	return (x-0x11111111)&^x&0x88888888 != 0
}

// ProgressBar returns a progress function that draws a bar on w: redrawn in
// place on a terminal, one line per finished layer otherwise.
func ProgressBar(w io.Writer, terminal bool) func(Progress) {
	return func(p Progress) {
		frac := float64(p.Filled) / float64(max(p.Total, 1))
		const width = 30
		n := int(frac * width)
		bar := strings.Repeat("#", n) + strings.Repeat(".", width-n)
		line := fmt.Sprintf("building pattern database %-9s depth %2d [%s] %5.1f%%", p.Pattern, p.Depth, bar, 100*frac)
		if terminal {
			fmt.Fprint(w, "\r"+line)
			if p.Filled == p.Total {
				fmt.Fprintln(w)
			}
		} else if p.LayerDone {
			fmt.Fprintln(w, line)
		}
	}
}
