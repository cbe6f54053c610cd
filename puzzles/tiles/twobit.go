package tiles

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync/atomic"

	"idaviz/puzzles/pdb"
)

// twoBit is the search's table while a pattern's table is built: two bits
// per (placement, blank cell), 32 to a word, a quarter of what a distance
// would take (the 8-tile search's 4,151,347,200 entries fit 1 GB). The
// search only asks which layer an entry is in: the one being expanded,
// the next, an earlier one, or none yet.
type twoBit struct {
	words []uint64
	size  int64
	// Per span of spanWords words: whether it holds entries of the
	// frontier, of the next layer, and perhaps unknown ones. A layer passes
	// over the spans with nothing for it (most of them in the first and
	// last layers), and so does the advance to the next layer.
	front, next, open []atomic.Bool
}

// spanWords is how many words of the table a worker takes at once.
const spanWords = 1 << 10

const (
	stDone     = 0 // in an earlier layer, or not a region at all
	stFrontier = 1 // in the layer being expanded
	stNext     = 2 // in the layer being made
	stUnknown  = 3

	lowBits = 0x5555555555555555
)

// newTwoBit is a table of size entries, all done until markRegions sets
// the regions unknown.
func newTwoBit(size int64) *twoBit {
	nw := (size + 31) / 32
	ns := (nw + spanWords - 1) / spanWords
	t := &twoBit{words: make([]uint64, nw), size: size, front: make([]atomic.Bool, ns), next: make([]atomic.Bool, ns), open: make([]atomic.Bool, ns)}
	for i := range t.open {
		t.open[i].Store(true)
	}
	return t
}

// span is the words of span c.
func (t *twoBit) span(c int64) (lo, hi int64) {
	lo = c * spanWords
	return lo, min(lo+spanWords, int64(len(t.words)))
}

func (t *twoBit) get(i int64) uint64 {
	return atomic.LoadUint64(&t.words[i>>5]) >> (uint(i&31) * 2) & 3
}

// lower clears the bits of clear in entry i when it is unknown, and says
// whether it was: unknown (11) becomes next (10) or frontier (01). Concurrent writers only ever lower unknown entries, so the entry is
// read first and an AND cannot spoil another state.
func (t *twoBit) lower(i int64, clear uint64) bool {
	p := &t.words[i>>5]
	sh := uint(i&31) * 2
	if atomic.LoadUint64(p)>>sh&3 != stUnknown {
		return false
	}
	if atomic.AndUint64(p, ^(clear<<sh))>>sh&3 != stUnknown {
		return false
	}
	f := &t.next[i>>5/spanWords]
	if clear == 2 {
		f = &t.front[i>>5/spanWords]
	}
	if !f.Load() {
		f.Store(true)
	}
	return true
}

// advance ends a layer over span c: the frontier is done and the next
// layer becomes the frontier.
func (t *twoBit) advance(c int64) {
	if !t.front[c].Load() && !t.next[c].Load() {
		return // only done and unknown entries, which stay
	}
	lo, hi := t.span(c)
	var unknown uint64
	for i := lo; i < hi; i++ {
		x := t.words[i]
		h, l := x>>1&lowBits, x&lowBits
		t.words[i] = h | (h&l)<<1 // 00,01 -> 00; 10 -> 01; 11 -> 11
		unknown |= h & l
	}
	t.front[c].Store(t.next[c].Load())
	t.next[c].Store(false)
	t.open[c].Store(unknown != 0)
}

// count is the number of entries in state st.
func (t *twoBit) count(st uint64) int64 {
	var n int64
	for i, x := range t.words {
		h, l := x>>1&lowBits, x&lowBits
		if st&2 == 0 {
			h = ^h & lowBits
		}
		if st&1 == 0 {
			l = ^l & lowBits
		}
		m := h & l
		if i == len(t.words)-1 && t.size%32 != 0 {
			m &= 1<<(2*uint(t.size%32)) - 1
		}
		n += int64(bits.OnesCount64(m))
	}
	return n
}

// search runs the breadth-first search over (placement, blank's region)
// from the goal, layer by layer over workers, and gives each placement of
// tab, when first reached, its excess over its Manhattan distance, halved.
func (p *Pattern) search(ctx context.Context, aux *twoBit, tab *pdb.Table, g *geometry, rg *regions, workers int, progress func(pdb.Progress)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	free := int64(p.Size*p.Size - len(p.Tiles))
	goal := p.goal()
	aux.lower(goal*free+p.goalRegion(g), 2)
	tab.Set(goal, 0)
	known := aux.size - aux.count(stUnknown)
	frontier := int64(1)
	nspans := int64(len(aux.front))
	// The progress counts the entries of tab, the table being built (aux,
	// eleven times larger, starts with most of its entries known: the
	// cells the pattern's tiles stand on).
	var placed atomic.Int64
	placed.Store(1) // the goal
	report := func(depth int, done bool) {
		if progress != nil {
			progress(pdb.Progress{Table: p.Name, Depth: depth, Filled: placed.Load(), Total: tab.Len(), LayerDone: done})
		}
	}
	for d := 0; frontier > 0; d++ {
		// Pulling reads each unknown entry's neighbours until one is in
		// the frontier, with no atomic write but its own; pushing writes
		// from every frontier entry. Measured on 78a, pulling wins once
		// the unknown entries are fewer than 1.5 times the frontier.
		backward := 2*(aux.size-known) < 3*frontier
		var bad atomic.Value
		added := pdb.Chunks(ctx, workers, nspans, func(c int64) int64 {
			n, m, err := p.layer(aux, tab, g, rg, c, d, backward)
			if err != nil {
				bad.Store(err)
			}
			placed.Add(m)
			return n
		}, func(int64) { report(d+1, false) })
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("building pattern database %q: %w", p.Name, err)
		}
		if err, ok := bad.Load().(error); ok {
			return err
		}
		pdb.Chunks(ctx, workers, nspans, func(c int64) int64 { aux.advance(c); return 0 }, func(int64) {})
		frontier = added
		known += frontier
		report(d+1, true)
	}
	if known != aux.size {
		return fmt.Errorf("pattern database %q: %d of %d regions unreachable", p.Name, aux.size-known, aux.size)
	}
	return nil
}

// layer makes layer d+1 over span c of aux: pushing from the frontier into
// unknown neighbours, or pulling into each unknown entry that has a
// neighbour in the frontier. Each placement reached for the first
// time gets its entry in tab. The entries of a word in the state sought are
// taken from its bits at once, and the regions before and after a move are
// read from rg. It returns the entries of aux it set and those of tab.
func (p *Pattern) layer(aux *twoBit, tab *pdb.Table, g *geometry, rg *regions, c int64, d int, backward bool) (added, placed int64, err error) {
	if backward && !aux.open[c].Load() || !backward && !aux.front[c].Load() {
		return 0, 0, nil
	}
	lo, hi := aux.span(c)
	k := len(p.mult)
	n := p.Size * p.Size
	free := int64(n - k)
	var md [8][MaxCells]int
	for i, tile := range p.Tiles {
		for c := 0; c < n; c++ {
			h := int(tile)
			md[i][c] = abs(c/p.Size-h/p.Size) + abs(c%p.Size-h%p.Size)
		}
	}
	var nbr [MaxCells]uint32
	for c := 0; c < n; c++ {
		for _, x := range g.neighbours[c] {
			nbr[c] |= 1 << x
		}
	}
	reach := func(r int64, m int) error {
		if tab.Load(r) != pdb.Unset {
			return nil
		}
		e := (d + 1 - m) / 2
		if e < 0 || e >= pdb.Unset || (d+1-m)%2 != 0 {
			return fmt.Errorf("pattern database %q: distance %d against Manhattan %d does not fit 4 bits", p.Name, d+1, m)
		}
		if tab.Set(r, uint32(e)) {
			placed++
		}
		return nil
	}
	var cur cursor
	cur.init(p, lo*32/free)
	var (
		sought int         // entries in the state sought
		r      = int64(-1) // the placement at hand
		base   int64       // its first entry, r*free
		used   uint32
		key    uint32 // used's in rg
		m0     int
	)
	for w := lo; w < hi; w++ {
		x := atomic.LoadUint64(&aux.words[w])
		h, l := x>>1&lowBits, x&lowBits
		var want uint64
		if backward {
			want = h & l
		} else {
			want = ^h & l & lowBits
		}
		sought += bits.OnesCount64(want)
		for ; want != 0; want &= want - 1 {
			i := w<<5 + int64(bits.TrailingZeros64(want)>>1)
			if i-base >= free || r < 0 {
				r = i / free
				base = r * free
				cur.seek(r)
				used = cur.used[k]
				key = rg.key(used)
				m0 = 0
				for s := 0; s < k; s++ {
					m0 += md[s][cur.pos[s]]
				}
			}
			j := uint32(i - base)
			reg := rg.mask[key<<5|j&31]
			// The pattern tiles next to the region: each may slide into
			// any of its cells next to it.
			adj := (reg<<g.size | reg>>g.size | (reg&g.notLast)<<1 | (reg&g.notFirst)>>1) & used
		moves:
			for ; adj != 0; adj &= adj - 1 {
				from := uint8(bits.TrailingZeros32(adj))
				s := int(cur.slot[from&(slots-1)])
				for tos := nbr[from%MaxCells] & reg; tos != 0; tos &= tos - 1 {
					to := uint8(bits.TrailingZeros32(tos))
					key2 := rg.key(used ^ (1<<from | 1<<to))
					r2 := r + cur.delta(s, from, to)
					j2 := int64(rg.rep[key2<<5|uint32(from&31)])
					i2 := r2*free + j2
					if backward {
						if aux.get(i2) == stFrontier {
							if aux.lower(i, 1) {
								added++
								if err := reach(r, m0); err != nil {
									return added, placed, err
								}
							}
							break moves
						}
					} else if aux.lower(i2, 1) {
						added++
						if err := reach(r2, m0+md[s][to]-md[s][from]); err != nil {
							return added, placed, err
						}
					}
				}
			}
		}
	}
	if backward && int64(sought) == added {
		aux.open[c].Store(false) // every unknown entry of the span is in the next layer
	}
	return added, placed, nil
}
