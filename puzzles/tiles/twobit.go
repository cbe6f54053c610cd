package tiles

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
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
}

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
	return &twoBit{words: make([]uint64, (size+31)/32), size: size}
}

func (t *twoBit) get(i int64) uint64 {
	return atomic.LoadUint64(&t.words[i>>5]) >> (uint(i&31) * 2) & 3
}

// lower clears the bits of clear in entry i when it is unknown, and says
// whether it was: unknown (11) becomes next (10), frontier (01) or done
// (00). Concurrent writers only ever lower unknown entries, so the entry is
// read first and an AND cannot spoil another state.
func (t *twoBit) lower(i int64, clear uint64) bool {
	p := &t.words[i>>5]
	sh := uint(i&31) * 2
	if atomic.LoadUint64(p)>>sh&3 != stUnknown {
		return false
	}
	return atomic.AndUint64(p, ^(clear<<sh))>>sh&3 == stUnknown
}

// advance ends a layer over words [lo,hi): the frontier is done and the
// next layer becomes the frontier.
func (t *twoBit) advance(lo, hi int) {
	for i := lo; i < hi; i++ {
		x := t.words[i]
		h, l := x>>1&lowBits, x&lowBits
		t.words[i] = h | (h&l)<<1 // 00,01 -> 00; 10 -> 01; 11 -> 11
	}
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
	aux.lower(goal*free, 2) // the blank on its home cell, the lowest free one
	tab.Set(goal, 0)
	known := aux.size - aux.count(stUnknown)
	frontier := int64(1)
	const chunkWords = 1 << 10
	nchunks := (len(aux.words) + chunkWords - 1) / chunkWords
	for d := 0; frontier > 0; d++ {
		backward := aux.size-known < frontier
		var bad atomic.Value
		added := pdb.Chunks(ctx, workers, int64(nchunks), func(c int64) int64 {
			lo := c * chunkWords
			n, err := p.layer(aux, tab, g, rg, lo, min(lo+chunkWords, int64(len(aux.words))), d, backward)
			if err != nil {
				bad.Store(err)
			}
			return n
		}, func(added int64) {
			if progress != nil {
				progress(pdb.Progress{Table: p.Name + " with the blank", Depth: d + 1, Filled: known + added, Total: aux.size})
			}
		})
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("building pattern database %q: %w", p.Name, err)
		}
		if err, ok := bad.Load().(error); ok {
			return err
		}
		var aw sync.WaitGroup
		per := (len(aux.words) + workers - 1) / workers
		for w := range workers {
			aw.Go(func() { aux.advance(min(w*per, len(aux.words)), min((w+1)*per, len(aux.words))) })
		}
		aw.Wait()
		frontier = added
		known += frontier
		if progress != nil {
			progress(pdb.Progress{Table: p.Name + " with the blank", Depth: d + 1, Filled: known, Total: aux.size, LayerDone: true})
		}
	}
	if known != aux.size {
		return fmt.Errorf("pattern database %q: %d of %d regions unreachable", p.Name, aux.size-known, aux.size)
	}
	return nil
}

// layer makes layer d+1 over words [lo,hi) of aux: pushing from the
// frontier into unknown neighbours, or pulling into each unknown entry that
// has a neighbour in the frontier. Each placement reached for the first
// time gets its entry in tab. The entries of a word in the state sought are
// taken from its bits at once, and the regions before and after a move are
// read from rg.
func (p *Pattern) layer(aux *twoBit, tab *pdb.Table, g *geometry, rg *regions, lo, hi int64, d int, backward bool) (int64, error) {
	k := len(p.mult)
	n := p.Size * p.Size
	free := int64(n - k)
	var md [8][16]int
	for i, tile := range p.Tiles {
		for c := 0; c < n; c++ {
			h := int(tile)
			md[i][c] = abs(c/p.Size-h/p.Size) + abs(c%p.Size-h%p.Size)
		}
	}
	var nbr [16]uint32
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
		tab.Set(r, uint32(e))
		return nil
	}
	var cur cursor
	cur.init(p, lo*32/free)
	var (
		added    int64
		r        = int64(-1) // the placement at hand
		base     int64       // its first entry, r*free
		fr, used uint32
		m0       int
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
		for ; want != 0; want &= want - 1 {
			i := w<<5 + int64(bits.TrailingZeros64(want)>>1)
			if i-base >= free || r < 0 {
				r = i / free
				base = r * free
				cur.seek(r)
				used = cur.used[k]
				fr = ^used & g.full
				m0 = 0
				for s := 0; s < k; s++ {
					m0 += md[s][cur.pos[s]]
				}
			}
			j := uint32(i - base)
			reg := uint32(rg.mask[fr<<4|j])
			// The pattern tiles next to the region: each may slide into
			// any of its cells next to it.
			adj := (reg<<g.size | reg>>g.size | (reg&g.notLast)<<1 | (reg&g.notFirst)>>1) & used
		moves:
			for ; adj != 0; adj &= adj - 1 {
				from := uint8(bits.TrailingZeros32(adj))
				s := int(cur.slot[from&15])
				for tos := nbr[from&15] & reg; tos != 0; tos &= tos - 1 {
					to := uint8(bits.TrailingZeros32(tos))
					fr2 := fr ^ (1<<from | 1<<to)
					r2 := r + cur.delta(s, from, to)
					j2 := int64(rg.rep[fr2] >> (4 * from) & 0xF)
					i2 := r2*free + j2
					if backward {
						if aux.get(i2) == stFrontier {
							if aux.lower(i, 1) {
								added++
								if err := reach(r, m0); err != nil {
									return added, err
								}
							}
							break moves
						}
					} else if aux.lower(i2, 1) {
						added++
						if err := reach(r2, m0+md[s][to]-md[s][from]); err != nil {
							return added, err
						}
					}
				}
			}
		}
	}
	return added, nil
}
