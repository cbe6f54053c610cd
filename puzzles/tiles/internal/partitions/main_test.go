package main

import (
	"math/bits"
	"testing"
)

// rank lists each of the 210,210 partitions once, each covering the tiles
// 1..15 with patterns of 6, 6 and 3, the highest total first; every shape
// compared against is among them.
func TestRank(t *testing.T) {
	sum := map[uint32]int{}
	for m := uint32(2); m < 1<<16; m += 2 {
		if k := bits.OnesCount32(m); k == 6 || k == 3 {
			sum[m] = int(m*2654435761>>20) % 1000 // any values, not additive over tiles
		}
	}
	parts := rank(sum)
	if len(parts) != 210210 {
		t.Fatalf("%d partitions, want 210,210 (15!/(6!6!3!2!))", len(parts))
	}
	seen := map[[3]uint32]bool{}
	for i, p := range parts {
		a, b := min(p.a, p.b), max(p.a, p.b)
		key := [3]uint32{a, b, p.c}
		if seen[key] {
			t.Fatalf("%v listed twice", key)
		}
		seen[key] = true
		if p.a|p.b|p.c != 0xFFFE || p.a&p.b != 0 || (p.a|p.b)&p.c != 0 ||
			bits.OnesCount32(p.a) != 6 || bits.OnesCount32(p.b) != 6 || bits.OnesCount32(p.c) != 3 {
			t.Fatalf("%v %v %v is not a 6-6-3 partition of 1..15", maskTiles(p.a), maskTiles(p.b), maskTiles(p.c))
		}
		if p.total != sum[p.a]+sum[p.b]+sum[p.c] {
			t.Fatalf("partition %d: total %d, its patterns' sums make %d", i, p.total, sum[p.a]+sum[p.b]+sum[p.c])
		}
		if i > 0 && p.total > parts[i-1].total {
			t.Fatalf("partition %d (total %d) ranks after one of %d", i, p.total, parts[i-1].total)
		}
	}
	for _, s := range shapes {
		ms, err := parseShape(s)
		if err != nil {
			t.Fatal(err)
		}
		if !seen[[3]uint32{min(ms[0], ms[1]), max(ms[0], ms[1]), ms[2]}] {
			t.Errorf("shape %q is not among the partitions", s)
		}
	}
}

func TestParseShapeErrors(t *testing.T) {
	for _, s := range []string{"1 2 3|4 5 6", "1 2 x|4|5", "1 2 16|4|5", "0 1|2|3"} {
		if _, err := parseShape(s); err == nil {
			t.Errorf("parseShape(%q) took it", s)
		}
	}
}
