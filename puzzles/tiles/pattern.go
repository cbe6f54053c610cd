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

// Disjoint additive pattern databases (Korf and Felner 2002; Felner, Korf
// and Hanan 2004). The tiles are split into disjoint patterns; a pattern's
// table holds, for every placement of its tiles, the fewest moves of those
// tiles that bring them home. Only the pattern's tiles' moves are counted
// and the other tiles are not there, so the tables of disjoint patterns add
// up to an admissible heuristic.
//
// The blank is part of the abstract state while the table is built, and
// its moves are free: the search runs over (placement, the blank's region),
// a region being a connected set of cells no pattern tile holds, in which
// the blank roams at no cost; a pattern tile moves, at a cost of one, into a
// cell of the blank's region next to it, and leaves the blank in its old
// cell. The table keeps, per placement, the least distance over the blank's
// regions (Korf and Felner's tables; ignoring the blank altogether is much
// weaker: the 7-8 tables' mean falls from about 45 to 40). The regions are
// indexed by their lowest cell among the free ones, so the search's table
// has n-k entries per placement, 2 bits each (see twoBit); it lives only
// while the table is built.
//
// Every move of a pattern tile changes its Manhattan distance by one, so a
// table value h is the pattern's Manhattan distance md plus an even excess.
// Entries store (h-md)/2, which fits 4 bits where h does not (the 8-tile
// table reaches well past 15), and the heuristic is the board's Manhattan
// distance plus twice the sum of the stored entries.
//
// Tables are built once in the blank-first frame (Korf's goal: tile t's home
// is cell t) and serve the blank-last goal through the half-turn that maps
// one goal onto the other (cell c to n-1-c, tile t to n-t).

// Pattern is a set of tiles, named by their blank-first home cells.
type Pattern struct {
	Name  string
	Size  int     // the board's side: 3, 4 or 5
	Tiles []uint8 // blank-first labels, distinct, Blank not among them
	// Blank is the blank's home cell in the goal the table measures: 0,
	// Korf's, for the heuristics' own tables; a dual lookup reads tables
	// whose goal has the blank elsewhere (dual.go), and whose tiles may
	// then include the one numbered 0, at home on cell 0.
	Blank uint8
	mult  []int64 // the rank's place values: mult[k-1] = 1
	// pass[s][j] is what tile j, on a cell that tile s slides over, adds
	// to s's rank change (see cursor.delta).
	pass [8][8]int64
}

// NewPattern checks a pattern and returns it ready to rank; its goal has
// the blank on cell 0.
func NewPattern(name string, size int, tiles []uint8) (*Pattern, error) {
	return newPattern(name, size, 0, tiles)
}

// newPattern is NewPattern for a goal with the blank on cell blank.
func newPattern(name string, size int, blank uint8, tiles []uint8) (*Pattern, error) {
	n := size * size
	if size < 3 || size > 5 {
		return nil, fmt.Errorf("pattern %s: board side %d (pattern databases are for 3x3 to 5x5)", name, size)
	}
	if len(tiles) < 2 || len(tiles) > 8 {
		return nil, fmt.Errorf("pattern %s: %d tiles, want 2 to 8", name, len(tiles))
	}
	if int(blank) >= n {
		return nil, fmt.Errorf("pattern %s: the blank's home %d is off the %dx%d board", name, blank, size, size)
	}
	seen := uint32(1) << blank
	for _, t := range tiles {
		if int(t) >= n || seen>>t&1 != 0 {
			return nil, fmt.Errorf("pattern %s: tile %d is not a distinct tile of the %dx%d board", name, t, size, size)
		}
		seen |= 1 << t
	}
	p := &Pattern{Name: name, Size: size, Tiles: append([]uint8(nil), tiles...), Blank: blank}
	k := len(tiles)
	p.mult = make([]int64, k)
	p.mult[k-1] = 1
	for i := k - 2; i >= 0; i-- {
		p.mult[i] = p.mult[i+1] * int64(n-1-i)
	}
	for s := range k {
		for j := range k {
			if j < s {
				p.pass[s][j] = -p.mult[s]
			} else {
				p.pass[s][j] = p.mult[j]
			}
		}
	}
	return p, nil
}

// tileMask is the set of tiles as a bit mask.
func tileMask(tiles []uint8) uint32 {
	var m uint32
	for _, t := range tiles {
		m |= 1 << t
	}
	return m
}

// mustPattern makes a fixed pattern, its name suffixed with its tiles as
// a bit mask.
func mustPattern(name string, size int, tiles ...uint8) *Pattern {
	p, err := NewPattern(fmt.Sprintf("%s-%04x", name, tileMask(tiles)), size, tiles)
	if err != nil {
		panic(err)
	}
	return p
}

// Entries is the table's size: n!/(n-k)! placements of k tiles on n cells.
func (p *Pattern) Entries() int64 { return int64(p.Size*p.Size) * p.mult[0] }

// rank numbers a placement (pos[i] is the cell of Tiles[i]): digit i is
// pos[i] less the cells of earlier tiles below it, in base n-i.
func (p *Pattern) rank(pos []uint8) int64 {
	var used uint32
	var r int64
	for i, c := range pos[:len(p.mult)] {
		d := int64(c) - int64(bits.OnesCount32(used&(1<<c-1)))
		r += d * p.mult[i]
		used |= 1 << c
	}
	return r
}

// unrank is the inverse of rank; it returns the cells used.
func (p *Pattern) unrank(r int64, pos []uint8) uint32 {
	n := p.Size * p.Size
	var used uint32
	for i, m := range p.mult {
		d := r / m
		r -= d * m
		free := ^used & (1<<n - 1)
		for ; d > 0; d-- {
			free &= free - 1
		}
		c := uint8(bits.TrailingZeros32(free))
		pos[i] = c
		used |= 1 << c
	}
	return used
}

// goal is the rank of the pattern's tiles at home.
func (p *Pattern) goal() int64 { return p.rank(p.Tiles) }

// goalRegion is the index, among the free cells of the goal placement, of
// the lowest cell of the blank's region there (see regions).
func (p *Pattern) goalRegion(g *geometry) int64 {
	free := g.full &^ tileMask(p.Tiles)
	reg := g.flood(1<<p.Blank, free)
	return int64(bits.OnesCount32(free & (reg&-reg - 1)))
}

// neighbours lists, per cell, the cells next to it.
type neighbours [MaxCells][]uint8

func neighboursOf(size int) *neighbours {
	var nb neighbours
	for c := 0; c < size*size; c++ {
		r, col := c/size, c%size
		if r > 0 {
			nb[c] = append(nb[c], uint8(c-size))
		}
		if r < size-1 {
			nb[c] = append(nb[c], uint8(c+size))
		}
		if col > 0 {
			nb[c] = append(nb[c], uint8(c-1))
		}
		if col < size-1 {
			nb[c] = append(nb[c], uint8(c+1))
		}
	}
	return &nb
}

// PatternTable is a pattern's database: entry r holds (h-md)/2 for the
// placement of rank r.
type PatternTable struct {
	Pattern *Pattern
	*pdb.Table
	mdOnce sync.Once
	hDist  []int64
}

// spec names a pattern's file in the cache directory.
func (p *Pattern) spec() pdb.Spec {
	return pdb.Spec{Puzzle: fmt.Sprintf("%dpuzzle", p.Size*p.Size-1), Name: p.Name, Size: p.Entries()}
}

// BuildPattern makes p's table by breadth-first search from the pattern at
// home (with the blank in the region of its home cell, p.Blank) over placements and the blank's
// regions, giving each placement, when first reached, its excess over its
// Manhattan distance, halved. workers 0 means one per CPU.
func BuildPattern(ctx context.Context, p *Pattern, workers int, progress func(pdb.Progress)) (*PatternTable, error) {
	g := newGeometry(p.Size)
	free := int64(p.Size*p.Size - len(p.Tiles))
	aux := newTwoBit(p.Entries() * free)
	rg := newRegions(g, int(free))
	if progress != nil {
		progress(pdb.Progress{Table: p.Name, Note: fmt.Sprintf("finding the blank's regions of %d placements", p.Entries())})
	}
	p.markRegions(aux, rg, g, workers)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("building pattern database %q: %w", p.Name, err)
	}
	t := pdb.New(p.Name, p.Entries())
	if err := p.search(ctx, aux, t, g, rg, workers, progress); err != nil {
		return nil, err
	}
	aux = nil // 1 GB for 8 tiles: let the walk below run without it
	pt := &PatternTable{Pattern: p, Table: t}
	pt.hDist = p.walk(t, workers)
	pt.mdOnce.Do(func() {})
	return pt, nil
}

// geometry is the board's cells as bit masks, for flooding regions.
type geometry struct {
	size       int
	full       uint32
	notFirst   uint32 // cells not in the first column
	notLast    uint32 // cells not in the last column
	neighbours *neighbours
}

func newGeometry(size int) *geometry {
	g := &geometry{size: size, full: 1<<(size*size) - 1, neighbours: neighboursOf(size)}
	for c := 0; c < size*size; c++ {
		if c%size != 0 {
			g.notFirst |= 1 << c
		}
		if c%size != size-1 {
			g.notLast |= 1 << c
		}
	}
	return g
}

// flood is the region of free cells connected to seed (within free).
func (g *geometry) flood(seed, free uint32) uint32 {
	r := seed
	for {
		x := (r | r<<g.size | r>>g.size | (r&g.notLast)<<1 | (r&g.notFirst)>>1) & free
		if x == r {
			return r
		}
		r = x
	}
}

// regions describes the blank's regions for every set of cells a
// pattern's k tiles can hold, so that the build's search reads a region
// where it would flood one. A set is found by its key, its rank among the
// k-sets of cells (see key); per key, the region each cell is in, named by
// the index among the free cells of the region's lowest cell (0xFF for a
// cell not free), and the region of each such index.
type regions struct {
	half  uint     // the cells below half and those above are ranked apart
	above uint     // the cells from half up
	lo    []uint32 // [used cells below half]: their part of the key
	hi    []uint32 // [count below half << (n-half) | used cells above, shifted]
	rep   []uint8  // [key<<5 | cell]
	mask  []uint32 // [key<<5 | j]: the region whose lowest cell is the j-th free one, else 0
	low   []uint64 // [key]: 2 bits per free cell, 11 where it is its region's lowest
}

// binomial is n choose k, for the boards' sizes.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	b := 1
	for i := 1; i <= k; i++ {
		b = b * (n - k + i) / i
	}
	return b
}

func newRegions(g *geometry, free int) *regions {
	n := g.size * g.size
	k := n - free
	keys := binomial(n, k)
	rg := &regions{half: uint(n / 2)}
	// The key of a set of cells c_0 < c_1 < ... is the sum of
	// binomial(c_i, i+1) (its colexicographic rank): the cells below half
	// add what depends on them alone, and those above what depends on them
	// and on how many are below.
	rg.lo = make([]uint32, 1<<rg.half)
	for m := range rg.lo {
		i := 0
		for x := uint32(m); x != 0; x &= x - 1 {
			rg.lo[m] += uint32(binomial(bits.TrailingZeros32(x), i+1))
			i++
		}
	}
	above := uint(n) - rg.half
	rg.above = above
	rg.hi = make([]uint32, (int(rg.half)+1)<<above)
	for below := 0; below <= int(rg.half); below++ {
		for m := 0; m < 1<<above; m++ {
			i, v := below, 0
			for x := uint32(m); x != 0; x &= x - 1 {
				v += binomial(bits.TrailingZeros32(x)+int(rg.half), i+1)
				i++
			}
			rg.hi[below<<above|m] = uint32(v)
		}
	}
	rg.rep = make([]uint8, keys<<5)
	rg.mask = make([]uint32, keys<<5)
	rg.low = make([]uint64, keys)
	for i := range rg.rep {
		rg.rep[i] = 0xFF
	}
	for fr := uint32(0); fr <= g.full; fr++ {
		if bits.OnesCount32(fr) != free {
			continue
		}
		key := rg.key(^fr & g.full)
		for rest := fr; rest != 0; {
			reg := g.flood(rest&-rest, fr)
			rest &^= reg
			j := bits.OnesCount32(fr & (reg&-reg - 1))
			rg.mask[key<<5|uint32(j)] = reg
			rg.low[key] |= 3 << (2 * j)
			for x := reg; x != 0; x &= x - 1 {
				rg.rep[key<<5|uint32(bits.TrailingZeros32(x))] = uint8(j)
			}
		}
	}
	return rg
}

// key is the rank of the set of cells used among the sets of its size.
func (rg *regions) key(used uint32) uint32 {
	l := used & (1<<rg.half - 1)
	return rg.lo[l] + rg.hi[uint32(bits.OnesCount32(l))<<rg.above|used>>rg.half]
}

// markRegions sets the search's table to unknown (11) at each (placement,
// blank cell) whose cell is the lowest of its region, done (00) elsewhere:
// the others are never reached, and marking them done lets the search end
// when every region is known. Workers write whole words of their own.
func (p *Pattern) markRegions(aux *twoBit, rg *regions, g *geometry, workers int) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	free := int64(p.Size*p.Size - len(p.Tiles))
	k := len(p.mult)
	const span = 1 << 12 // words
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var cur cursor
			for {
				lo := next.Add(span) - span
				if lo >= int64(len(aux.words)) {
					return
				}
				words := aux.words[lo:min(lo+span, int64(len(aux.words)))]
				first := lo * 32 // the first entry of words
				r := first / free
				end := min(first+int64(len(words))*32, aux.size)
				cur.init(p, r)
				for ; r*free < end; r++ {
					cur.seek(r)
					f := rg.low[rg.key(cur.used[k])]
					bit := 2 * (r*free - first)
					if bit < 0 {
						f >>= uint64(-bit)
						bit = 0
					}
					w, sh := bit>>6, uint(bit&63)
					words[w] |= f << sh
					if sh != 0 && w+1 < int64(len(words)) {
						words[w+1] |= f >> (64 - sh)
					}
				}
			}
		})
	}
	wg.Wait()
}

// cursor is a placement being walked in rank order: seeking a little
// ahead carries through the rank's digits, as an odometer does, and
// places again only the tiles whose digits changed, where unrank would
// divide for every tile.
type cursor struct {
	p    *Pattern
	r    int64
	dig  [8]int64
	pos  [8]uint8
	used [9]uint32    // used[i]: the cells of tiles 0..i-1
	slot [slots]uint8 // the tile on each used cell
}

func (c *cursor) init(p *Pattern, r int64) {
	c.p = p
	c.r = r
	for i, m := range p.mult {
		c.dig[i] = r / m
		r -= c.dig[i] * m
	}
	c.place(0)
}

// place sets the cells of tiles j.. from their digits.
func (c *cursor) place(j int) {
	n := c.p.Size * c.p.Size
	for i := j; i < len(c.p.mult); i++ {
		free := ^c.used[i] & (1<<n - 1)
		for d := c.dig[i]; d > 0; d-- {
			free &= free - 1
		}
		cell := uint8(bits.TrailingZeros32(free))
		c.pos[i] = cell
		c.slot[cell&(slots-1)] = uint8(i)
		c.used[i+1] = c.used[i] | 1<<cell
	}
}

// seek moves the cursor to rank r.
func (c *cursor) seek(r int64) {
	if r < c.r || r-c.r > 1<<20 {
		c.init(c.p, r)
		return
	}
	k := len(c.p.mult)
	n := int64(c.p.Size * c.p.Size)
	j := k - 1
	c.dig[j] += r - c.r
	for j > 0 && c.dig[j] >= n-int64(j) {
		base := n - int64(j)
		c.dig[j-1] += c.dig[j] / base
		c.dig[j] %= base
		j--
	}
	c.r = r
	c.place(j)
}

// delta is how the rank changes when tile s slides from cell from to the
// free neighbour to: its own digit moves by the cells passed less the
// earlier tiles passed, and each later tile passed over gains or loses one
// earlier tile below it. Only the cells between from and to are looked at
// (none for a move along a row), without a branch on what holds them: an
// empty cell's stale slot is masked off.
func (c *cursor) delta(s int, from, to uint8) int64 {
	m := c.p.mult
	switch int(to) - int(from) {
	case 1:
		return m[s]
	case -1:
		return -m[s]
	}
	lo, hi := from, to
	if to < from {
		lo, hi = to, from
	}
	v := int64(hi-lo) * m[s]
	used := c.used[len(m)]
	pass := &c.p.pass[s&7]
	for x := lo + 1; x < hi; x++ {
		v += -int64(used>>x&1) & pass[c.slot[x&(slots-1)]&7]
	}
	if to < from {
		return -v
	}
	return v
}

// walk counts the entries of t by their value h = md + 2·excess, visiting
// the placements in rank order with their Manhattan distance md at hand.
func (p *Pattern) walk(t *pdb.Table, workers int) []int64 {
	n := p.Size * p.Size
	k := len(p.mult)
	var md [8][MaxCells]int
	for i, tile := range p.Tiles {
		for c := 0; c < n; c++ {
			g := int(tile)
			md[i][c] = abs(c/p.Size-g/p.Size) + abs(c%p.Size-g%p.Size)
		}
	}
	words := t.Words()
	// Subtrees of the first tile's cell are independent.
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var mu sync.Mutex
	var total [64]int64
	var wg sync.WaitGroup
	next := make(chan int, n)
	for c := range n {
		next <- c
	}
	close(next)
	for range workers {
		wg.Go(func() {
			var hist [64]int64
			var rec func(i int, used uint32, r int64, m int)
			rec = func(i int, used uint32, r int64, m int) {
				fr := ^used & (1<<n - 1)
				for dgt := int64(0); fr != 0; dgt++ {
					c := bits.TrailingZeros32(fr)
					fr &= fr - 1
					mm := m + md[i][c]
					rr := r + dgt*p.mult[i]
					if i < k-1 {
						rec(i+1, used|1<<c, rr, mm)
						continue
					}
					v := int(nibble(words, rr))
					hist[min(mm+2*v, len(hist)-1)]++
				}
			}
			for c := range next {
				rec(1, 1<<c, int64(c)*p.mult[0], md[0][c])
			}
			mu.Lock()
			for v, x := range hist {
				total[v] += x
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	last := 0
	for v, x := range total {
		if x != 0 {
			last = v
		}
	}
	return append([]int64(nil), total[:last+1]...)
}

// HDistribution counts the table's entries by their heuristic value h (the
// pattern's Manhattan distance plus twice the stored excess): the exact
// distribution of the pattern's h over random boards.
func (pt *PatternTable) HDistribution() []int64 {
	pt.mdOnce.Do(func() { pt.hDist = pt.Pattern.walk(pt.Table, 0) })
	return pt.hDist
}
