package tiles

import (
	"fmt"
	"math/bits"
)

// Distance is the value p's table holds for board b, found without the
// table: A* over (the placement of p's tiles, the blank's region) from b's
// one placement, with the pattern's Manhattan distance as its heuristic.
// It answers for one board in milliseconds what a table answers for every
// board after a build of minutes, which is what ranking thousands of
// candidate patterns over a few boards needs (cmd tool
// puzzles/tiles/internal/partitions, docs/PDB663.md).
func (p *Pattern) Distance(b Board) (int, error) {
	if b.size != p.Size {
		return 0, fmt.Errorf("pattern %s is for side %d, the board's is %d", p.Name, p.Size, b.size)
	}
	n := p.Size * p.Size
	// cellOf[t] is the frame cell of the frame tile t: the tables' frame is
	// blank-first, and the blank-last goal is it turned half a turn, its
	// tiles renumbered t -> n-t.
	var cellOf [MaxCells]uint8
	for c := range n {
		t := int(b.tiles[c])
		if b.goal == BlankLast {
			c, t = n-1-c, (n-t)%n
		}
		cellOf[t] = uint8(c)
	}
	d, ok := p.distance(&cellOf)
	if !ok {
		// Only a pattern of every tile but one, on an unsolvable board.
		return 0, fmt.Errorf("pattern %s: its tiles cannot reach home from this board", p.Name)
	}
	return d, nil
}

func (p *Pattern) distance(cellOf *[MaxCells]uint8) (int, bool) {
	g := newGeometry(p.Size)
	tiles := p.Tiles
	k := len(tiles)
	// A key holds 5 bits per tile's cell and, above them, the lowest cell
	// of the blank's region.
	pack := func(pos []uint8, region uint32) uint64 {
		var x uint64
		for i, c := range pos {
			x |= uint64(c) << (5 * i)
		}
		return x | uint64(bits.TrailingZeros32(region))<<(5*k)
	}
	md := func(t, c uint8) int {
		s := uint8(p.Size)
		return abs(int(t/s)-int(c/s)) + abs(int(t%s)-int(c%s))
	}
	pos := make([]uint8, k)
	var occ uint32
	h0 := 0
	for i, t := range tiles {
		pos[i] = cellOf[t]
		occ |= 1 << pos[i]
		h0 += md(t, pos[i])
	}
	goal := pack(tiles, g.flood(1, ^tileMask(tiles)&g.full))

	// The heuristic is consistent and a move changes it by one, so f grows
	// in steps of two: buckets by f, each a stack.
	best := map[uint64]int{}
	buckets := make([][]uint64, 4*MaxCells*k)
	free := ^occ & g.full
	for rest := free; rest != 0; {
		reg := g.flood(rest&-rest, free)
		rest &^= reg
		key := pack(pos, reg)
		best[key] = 0
		buckets[h0] = append(buckets[h0], key)
	}
	for f := h0; f < len(buckets); f++ {
		for len(buckets[f]) > 0 {
			key := buckets[f][len(buckets[f])-1]
			buckets[f] = buckets[f][:len(buckets[f])-1]
			var occ uint32
			h := 0
			for i := range pos {
				pos[i] = uint8(key >> (5 * i) & 31)
				occ |= 1 << pos[i]
				h += md(tiles[i], pos[i])
			}
			d := best[key]
			if d+h != f {
				continue // reached again more cheaply since
			}
			if key == goal {
				return d, true
			}
			free := ^occ & g.full
			region := g.flood(1<<(key>>(5*k)), free)
			for i, from := range pos {
				for _, to := range g.neighbours[from] {
					if region>>to&1 == 0 {
						continue
					}
					pos[i] = to
					nkey := pack(pos, g.flood(1<<from, free&^(1<<to)|1<<from))
					pos[i] = from
					if old, ok := best[nkey]; ok && old <= d+1 {
						continue
					}
					best[nkey] = d + 1
					nf := d + 1 + h - md(tiles[i], from) + md(tiles[i], to)
					buckets[nf] = append(buckets[nf], nkey)
				}
			}
		}
	}
	return 0, false
}
