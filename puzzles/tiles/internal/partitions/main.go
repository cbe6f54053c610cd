// Command partitions ranks every 6-6-3 partition of the 15-puzzle's tiles
// (210,210 of them, from the 5,005 six-tile and 455 three-tile patterns) by
// the mean heuristic of Korf's 100 start states, and prints the best with
// some natural shapes for comparison: how pdb663's partition was chosen
// (docs/PDB663.md). A pattern's value on a board is found by A* from that
// one placement (tiles.Pattern.Distance), so no table is built; the ranking
// takes about ten CPU-minutes, spread over the cores:
//
//	go run ./puzzles/tiles/internal/partitions
package main

import (
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"idaviz/puzzles/tiles"
)

func main() {
	top := flag.Int("top", 20, "how many of the best partitions to print")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "patterns searched at once")
	flag.Parse()
	if *top < 1 || *workers < 1 {
		fmt.Fprintln(os.Stderr, "partitions: -top and -workers must be at least 1")
		os.Exit(2)
	}
	if err := run(os.Stdout, *top, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "partitions:", err)
		os.Exit(1)
	}
}

// shapes are partitions a person would draw, ranked for comparison:
// tiles named by their blank-first home cells, patterns split by "|".
var shapes = []string{
	"1 2 3 4 5 6|8 9 10 12 13 14|7 11 15",
	"1 4 5 8 9 12|2 3 6 7 10 11|13 14 15",
	"1 2 3 5 6 7|4 8 9 12 13 14|10 11 15",
	"1 2 3 4 5 6|9 10 11 13 14 15|7 8 12",
	"4 5 6 7 8 9|10 11 12 13 14 15|1 2 3",
	"1 2 3 4 5 6|7 8 9 10 11 12|13 14 15",
}

func run(w io.Writer, top, workers int) error {
	ks, err := tiles.Korf()
	if err != nil {
		return err
	}
	boards := make([]tiles.Board, len(ks))
	for i, k := range ks {
		boards[i] = k.Board
	}
	sum, err := patternSums(boards, workers)
	if err != nil {
		return err
	}
	parts := rank(sum)
	n := float64(len(boards))
	show := func(p partition) string {
		return fmt.Sprintf("%.2f %v %v %v", float64(p.total)/n, maskTiles(p.a), maskTiles(p.b), maskTiles(p.c))
	}
	fmt.Fprintf(w, "%d partitions; the best by mean h over Korf's 100:\n", len(parts))
	for _, p := range parts[:min(top, len(parts))] {
		fmt.Fprintln(w, show(p))
	}
	for _, s := range shapes {
		ms, err := parseShape(s)
		if err != nil {
			return err
		}
		r := slices.IndexFunc(parts, func(p partition) bool { return p.is(ms) })
		if r < 0 {
			return fmt.Errorf("shape %q is not a 6-6-3 partition", s)
		}
		fmt.Fprintf(w, "rank %d: %s\n", r+1, show(parts[r]))
	}
	return nil
}

// patternSums is, for every pattern of 6 or 3 tiles (by tile mask), its
// value summed over boards.
func patternSums(boards []tiles.Board, workers int) (map[uint32]int, error) {
	masks := make(chan uint32)
	var (
		mu       sync.Mutex
		sum      = map[uint32]int{}
		firstErr error
		wg       sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for m := range masks {
				s, err := patternSum(m, boards)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				sum[m] = s
				mu.Unlock()
			}
		})
	}
	for m := uint32(2); m < 1<<16; m += 2 {
		if k := bits.OnesCount32(m); k == 6 || k == 3 {
			masks <- m
		}
	}
	close(masks)
	wg.Wait()
	return sum, firstErr
}

// patternSum is one pattern's value summed over boards.
func patternSum(mask uint32, boards []tiles.Board) (int, error) {
	p, err := tiles.NewPattern(fmt.Sprintf("%04x", mask), 4, maskTiles(mask))
	if err != nil {
		return 0, err
	}
	s := 0
	for _, b := range boards {
		d, err := p.Distance(b)
		if err != nil {
			return 0, err
		}
		s += d
	}
	return s, nil
}

// partition is two 6-tile patterns and a 3-tile one, as tile masks, with
// their values' total.
type partition struct {
	a, b, c uint32
	total   int
}

// is reports whether p is the partition ms (the 6-tile patterns in either
// order).
func (p partition) is(ms [3]uint32) bool {
	return p.c == ms[2] && (p.a == ms[0] && p.b == ms[1] || p.a == ms[1] && p.b == ms[0])
}

// rank lists every 6-6-3 partition of the tiles 1..15, the highest total
// first (ties by the first pattern's mask), from each pattern's sum.
func rank(sum map[uint32]int) []partition {
	const all = 0xFFFE
	var parts []partition
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
			parts = append(parts, partition{a, b, c, sa + sum[b] + sc})
		}
	}
	sort.Slice(parts, func(i, j int) bool {
		if parts[i].total != parts[j].total {
			return parts[i].total > parts[j].total
		}
		if parts[i].a != parts[j].a {
			return parts[i].a < parts[j].a
		}
		return parts[i].c < parts[j].c
	})
	return parts
}

// parseShape reads a partition written as three lists of tiles split by
// "|" into tile masks.
func parseShape(s string) ([3]uint32, error) {
	var ms [3]uint32
	fs := strings.Split(s, "|")
	if len(fs) != 3 {
		return ms, fmt.Errorf("shape %q: want three patterns split by |", s)
	}
	for i, f := range fs {
		for _, x := range strings.Fields(f) {
			var tile int
			if _, err := fmt.Sscan(x, &tile); err != nil || tile < 1 || tile > 15 {
				return ms, fmt.Errorf("shape %q: %q is not a tile of the 15-puzzle", s, x)
			}
			ms[i] |= 1 << tile
		}
	}
	return ms, nil
}

func maskTiles(m uint32) []uint8 {
	var ts []uint8
	for ; m != 0; m &= m - 1 {
		ts = append(ts, uint8(bits.TrailingZeros32(m)))
	}
	return ts
}
