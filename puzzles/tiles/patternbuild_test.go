package tiles

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math/bits"
	"os"
	"slices"
	"strings"
	"testing"

	"idaviz/puzzles/pdb"
)

// The region tables say, for every set of free cells, what flooding says:
// each free cell's region, named by the index of its lowest cell among the
// free ones, that region's cells, and which free cells are lowest; and the
// sets' keys number them from 0 without a gap or a repeat.
func TestRegions(t *testing.T) {
	for _, tc := range []struct{ size, free int }{{3, 5}, {3, 2}, {4, 9}, {4, 8}, {4, 13}, {5, 19}, {5, 22}} {
		g := newGeometry(tc.size)
		rg := newRegions(g, tc.free)
		n := tc.size * tc.size
		keys := map[uint32]bool{}
		for fr := uint32(0); fr <= g.full; fr++ {
			if bits.OnesCount32(fr) != tc.free {
				continue
			}
			key := rg.key(^fr & g.full)
			if keys[key] || int(key) >= binomial(n, tc.free) {
				t.Fatalf("side %d, free %025b: key %d repeated or past %d", tc.size, fr, key, binomial(n, tc.free))
			}
			keys[key] = true
			var low uint64
			for c := range n {
				got := rg.rep[key<<5|uint32(c)]
				if fr>>c&1 == 0 {
					if got != 0xFF {
						t.Fatalf("side %d, free %025b: used cell %d reads %d, want 255", tc.size, fr, c, got)
					}
					continue
				}
				reg := g.flood(1<<c, fr)
				lowest := bits.TrailingZeros32(reg)
				j := uint32(bits.OnesCount32(fr & (1<<lowest - 1)))
				if uint32(got) != j {
					t.Fatalf("side %d, free %025b: cell %d reads region %d, want %d", tc.size, fr, c, got, j)
				}
				if got := rg.mask[key<<5|j]; got != reg {
					t.Fatalf("side %d, free %025b: region %d is %025b, want %025b", tc.size, fr, j, got, reg)
				}
				if c == lowest {
					low |= 3 << (2 * j)
				} else if rg.mask[key<<5|uint32(bits.OnesCount32(fr&(1<<c-1)))] != 0 {
					t.Fatalf("side %d, free %025b: cell %d, not its region's lowest, has a region", tc.size, fr, c)
				}
			}
			if rg.low[key] != low {
				t.Fatalf("side %d, free %025b: lowest cells %b, want %b", tc.size, fr, rg.low[key], low)
			}
		}
		if len(keys) != binomial(n, tc.free) {
			t.Fatalf("side %d, free %d: %d keys, want %d", tc.size, tc.free, len(keys), binomial(n, tc.free))
		}
	}
}

// markRegions leaves unknown exactly the (placement, blank cell) entries
// whose cell is its region's lowest, across spans and workers, whichever
// placement straddles a word or a span.
func TestMarkRegions(t *testing.T) {
	for _, p := range []*Pattern{mustPattern("c", 4, 13, 14, 15), mustPattern("d", 4, 2, 3, 6, 7, 10), mustPattern("e", 3, 1, 2, 3, 4, 5, 6)} {
		g := newGeometry(p.Size)
		free := int64(p.Size*p.Size - len(p.Tiles))
		aux := newTwoBit(p.Entries() * free)
		p.markRegions(aux, newRegions(g, int(free)), g, 3)
		var pos [8]uint8
		for r := range p.Entries() {
			fr := ^p.unrank(r, pos[:]) & g.full
			j := int64(0)
			for x := fr; x != 0; x &= x - 1 {
				c := bits.TrailingZeros32(x)
				want := uint64(stDone)
				if bits.TrailingZeros32(g.flood(1<<c, fr)) == c {
					want = stUnknown
				}
				if got := aux.get(r*free + j); got != want {
					t.Fatalf("%s: placement %v, blank on %d: state %d, want %d", p.Name, pos[:len(p.Tiles)], c, got, want)
				}
				j++
			}
		}
		for i := aux.size; i < int64(len(aux.words))*32; i++ {
			if aux.get(i) != stDone {
				t.Fatalf("%s: padding entry %d is %d, want done", p.Name, i, aux.get(i))
			}
		}
	}
}

// patternHashes reads testdata/pattern-sha256.txt.
func patternHashes(t testing.TB) map[string]string {
	f, err := os.Open("testdata/pattern-sha256.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			name, sum, _ := strings.Cut(line, " ")
			want[name] = sum
		}
	}
	return want
}

// The 15-puzzle's tables are what the build wrote before it was made
// faster, byte for byte (their files' SHA-256). The 5-5-5 and the 3-tile
// table are built and checked always; IDAVIZ_PATTERN_HASHES=all builds and
// checks the 6-tile ones too (seconds), and the 7-8 pair as pdb78 opens
// them: read from the cache directory, or built there (minutes, 1.3 GB) when
// missing, as from the empty cache of CI, where this check comes before
// the one of Korf's 100 that reads them:
//
//	IDAVIZ_PATTERN_HASHES=all go test -run TestPatternHashes -timeout 30m ./puzzles/tiles/
func TestPatternHashes(t *testing.T) {
	want := patternHashes(t)
	pats := append(append([]*Pattern(nil), pat555...), pat663[2])
	all := os.Getenv("IDAVIZ_PATTERN_HASHES") == "all"
	if all {
		pats = append(append(pats, pat663[:2]...), pat78...)
	}
	for _, p := range pats {
		var pt *PatternTable
		var err error
		if slices.Contains(pat78, p) {
			var o pdb.Opened
			pt, o, err = OpenPattern(context.Background(), p, 2, nil)
			if err == nil && !o.Built {
				t.Logf("%s: read from the cache (%s), not built", p.Name, o.Path)
			}
		} else {
			pt, err = BuildPattern(context.Background(), p, 2, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		if _, err := pt.WriteTo(h); err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != want[p.Name] {
			t.Errorf("%s: SHA-256 %s, want %s", p.Name, got, want[p.Name])
		}
	}
}

// BenchmarkBuildPattern builds a pattern's table in memory over two
// workers, per op: the 6-tile table of pdb663 (5,765,760 entries), the
// 7-tile one of pdb78 (57,657,600 entries, tens of CPU-seconds) and the
// first of pdb78d's three 7-tile tables for its dual lookups. It reports
// CPU seconds per op, the steadier figure on a shared machine:
//
//	go test -run '^$' -bench 'BuildPattern/78a' -benchtime 2x ./puzzles/tiles/
func BenchmarkBuildPattern(b *testing.B) {
	dual, err := dualPatterns(PDB78D)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range []*Pattern{pat663[1], pat78[0], dual[0]} {
		b.Run(strings.SplitN(p.Name, "-", 2)[0], func(b *testing.B) {
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := BuildPattern(context.Background(), p, 2, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(p.Entries())*float64(b.N)/b.Elapsed().Seconds(), "entries/s")
		})
	}
}
