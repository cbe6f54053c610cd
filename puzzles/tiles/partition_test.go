package tiles

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// How pdb663's partition was chosen: the mean heuristic value of Korf's 100
// start states, for every 6-6-3 partition, from the pattern values of those
// states alone. A pattern's value for one placement is found by A* over
// (placement, the blank's region) with the pattern's Manhattan distance,
// which answers what a table entry would hold without building the table
// (5005 six-tile tables would take hours; this takes minutes).

// patternDistance is the value a pattern table holds for the placement
// cellOf (cellOf[t] is the cell of tile t on a 4x4 board, blank-first
// frame): the fewest moves of the pattern's tiles that bring them home, the
// blank's moves free, the least over the blank's regions.
func patternDistance(tiles []uint8, cellOf *[16]uint8) int {
	g := newGeometry(4)
	k := len(tiles)
	// A key holds 4 bits per tile's cell and, above them, the lowest cell
	// of the blank's region.
	pack := func(pos []uint8, region uint32) uint64 {
		var x uint64
		for i, c := range pos {
			x |= uint64(c) << (4 * i)
		}
		return x | uint64(bits.TrailingZeros32(region))<<(4*k)
	}
	md := func(t, c uint8) int { return abs(int(t/4)-int(c/4)) + abs(int(t%4)-int(c%4)) }
	pos := make([]uint8, k)
	var occ uint32
	h0 := 0
	for i, t := range tiles {
		pos[i] = cellOf[t]
		occ |= 1 << pos[i]
		h0 += md(t, pos[i])
	}
	var home uint32
	for _, t := range tiles {
		home |= 1 << t
	}
	goal := pack(tiles, g.flood(1, ^home&g.full))

	// The heuristic is consistent and a move changes it by one, so f grows
	// in steps of two: buckets by f, each a stack.
	best := map[uint64]int{}
	buckets := make([][]uint64, 4*16*k)
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
				pos[i] = uint8(key >> (4 * i) & 15)
				occ |= 1 << pos[i]
				h += md(tiles[i], pos[i])
			}
			d := best[key]
			if d+h != f {
				continue // reached again more cheaply since
			}
			if key == goal {
				return d
			}
			free := ^occ & g.full
			region := g.flood(1<<(key>>(4*k)), free)
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
	panic(fmt.Sprintf("pattern %v: the goal was not reached", tiles))
}

// korfCells is where each tile lies in each of Korf's instances.
func korfCells(t testing.TB) [][16]uint8 {
	t.Helper()
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	out := make([][16]uint8, len(ks))
	for i, k := range ks {
		for c, tile := range k.Board.Tiles() {
			out[i][tile] = uint8(c)
		}
	}
	return out
}

// patternSum is a pattern's value summed over placements.
func patternSum(tiles []uint8, cells [][16]uint8) int {
	s := 0
	for i := range cells {
		s += patternDistance(tiles, &cells[i])
	}
	return s
}

// The search's answers are the tables' entries: pdb555's start heuristic on
// Korf's instances (its three 5-tile tables are built into a temporary
// cache in about a second) is the sum of the three patterns' distances.
func TestPatternDistanceIsTheTable(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	cells := korfCells(t)
	for _, n := range []int{1, 17, 42, 60, 88} {
		d, err := ks[n-1].Board.BuildDomain(context.Background(), "pdb555", nil)
		if err != nil {
			t.Fatal(err)
		}
		want := d.(*Domain).H()
		got := 0
		for _, p := range pat555 {
			got += patternDistance(p.Tiles, &cells[n-1])
		}
		if got != want {
			t.Errorf("Korf #%d: the patterns' distances add up to %d, pdb555 says %d", n, got, want)
		}
	}
}

// TestPartitions663 ranks every 6-6-3 partition of the 15-puzzle's tiles
// (210,210 of them, from the 5005 six-tile and 455 three-tile patterns) by
// the mean heuristic of Korf's 100 start states, and prints the best with
// some natural shapes for comparison. About ten CPU-minutes:
//
//	IDAVIZ_PARTITIONS=1 go test -run TestPartitions663 -v -timeout 1h ./puzzles/tiles/
func TestPartitions663(t *testing.T) {
	if os.Getenv("IDAVIZ_PARTITIONS") == "" {
		t.Skip("set IDAVIZ_PARTITIONS=1 to rank the 6-6-3 partitions (about ten CPU-minutes)")
	}
	cells := korfCells(t)
	sum := map[uint32]int{} // by tile mask
	for m := uint32(2); m < 1<<16; m += 2 {
		if k := bits.OnesCount32(m); k == 6 || k == 3 {
			sum[m] = patternSum(maskTiles(m), cells)
		}
	}
	type part struct {
		a, b, c uint32
		total   int
	}
	const all = 0xFFFE
	var parts []part
	for c, sc := range sum {
		if bits.OnesCount32(c) != 3 {
			continue
		}
		for a, sa := range sum {
			// a holds the lowest tile outside c, so each pair is seen once.
			rest := all &^ c
			if bits.OnesCount32(a) != 6 || a&c != 0 || a&(rest&-rest) == 0 {
				continue
			}
			b := rest &^ a
			parts = append(parts, part{a, b, c, sa + sum[b] + sc})
		}
	}
	sort.Slice(parts, func(i, j int) bool {
		if parts[i].total != parts[j].total {
			return parts[i].total > parts[j].total
		}
		return parts[i].a < parts[j].a
	})
	n := float64(len(cells))
	show := func(p part) string {
		return fmt.Sprintf("%.2f %v %v %v", float64(p.total)/n, maskTiles(p.a), maskTiles(p.b), maskTiles(p.c))
	}
	t.Logf("%d partitions; the best by mean h over Korf's 100:", len(parts))
	for _, p := range parts[:20] {
		t.Log(show(p))
	}
	for _, s := range []string{
		"1 2 3 4 5 6|8 9 10 12 13 14|7 11 15",
		"1 4 5 8 9 12|2 3 6 7 10 11|13 14 15",
		"1 2 3 5 6 7|4 8 9 12 13 14|10 11 15",
		"1 2 3 4 5 6|9 10 11 13 14 15|7 8 12",
		"4 5 6 7 8 9|10 11 12 13 14 15|1 2 3",
		"1 2 3 4 5 6|7 8 9 10 11 12|13 14 15",
	} {
		var ms [3]uint32
		for i, f := range strings.Split(s, "|") {
			for _, x := range strings.Fields(f) {
				var tile int
				fmt.Sscan(x, &tile)
				ms[i] |= 1 << tile
			}
		}
		rank := slices.IndexFunc(parts, func(p part) bool {
			return p.c == ms[2] && (p.a == ms[0] && p.b == ms[1] || p.a == ms[1] && p.b == ms[0])
		})
		t.Logf("rank %d: %s", rank+1, show(parts[rank]))
	}
}

func maskTiles(m uint32) []uint8 {
	var ts []uint8
	for ; m != 0; m &= m - 1 {
		ts = append(ts, uint8(bits.TrailingZeros32(m)))
	}
	return ts
}
