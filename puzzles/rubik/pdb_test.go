package rubik

import (
	"bytes"
	"context"
	"errors"
	"idaviz/puzzles/pdb"
	"math/rand/v2"
	"os"
	"testing"
)

var smallPatterns = []Pattern{
	{Name: "c3", Corners: true, Pieces: []uint8{0, 3, 5}},
	{Name: "c4", Corners: true, Pieces: []uint8{7, 1, 2, 4}},
	{Name: "e4", Pieces: []uint8{0, 1, 2, 3}},
	{Name: "e3", Pieces: []uint8{11, 4, 8}},
}

func TestRankingIsBijective(t *testing.T) {
	pats := append([]Pattern{}, smallPatterns...)
	pats = append(pats, PatternCorners, PatternEdgesA)
	for _, p := range pats {
		np := p.PermCount()
		step := int64(1)
		if np > 50000 {
			step = np/50000 + 1
		}
		pos := make([]uint8, len(p.Pieces))
		for r := int64(0); r < np; r += step {
			p.unrankPositions(r, pos)
			var used uint32
			for _, q := range pos {
				if int(q) >= p.kind().n || used&(1<<q) != 0 {
					t.Fatalf("%s: rank %d unranks to %v", p.Name, r, pos)
				}
				used |= 1 << q
			}
			if got := p.rankPositions(pos); got != r {
				t.Fatalf("%s: rank %d -> %v -> %d", p.Name, r, pos, got)
			}
		}
	}
	// Index over random cubes stays in range and the full-cube patterns
	// tell cubes apart as the cube does.
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 2000; i++ {
		d := NewDomain(Random(rng), Heuristic{})
		for _, p := range pats {
			pos, ori := &d.epos, &d.eori
			if p.Corners {
				pos, ori = &d.cpos, &d.cori
			}
			if x := p.Index(pos, ori); x < 0 || x >= p.Size() {
				t.Fatalf("%s: index %d out of [0,%d)", p.Name, x, p.Size())
			}
		}
	}
}

func TestValidate(t *testing.T) {
	for _, p := range []Pattern{
		{Name: "empty"},
		{Name: "all corners", Corners: true, Pieces: []uint8{0, 1, 2, 3, 4, 5, 6, 7}},
		{Name: "dup", Pieces: []uint8{1, 1}},
		{Name: "range", Corners: true, Pieces: []uint8{8}},
	} {
		if err := p.Validate(); err == nil {
			t.Errorf("%s: no error", p.Name)
		}
	}
}

// bfsDistances is a plain breadth-first search over whole cubes, keyed by
// the pattern's index, independent of the coordinate move tables.
func bfsDistances(p Pattern) []int8 {
	index := func(d *Domain) int64 {
		if p.Corners {
			return p.Index(&d.cpos, &d.cori)
		}
		return p.Index(&d.epos, &d.eori)
	}
	dist := make([]int8, p.Size())
	for i := range dist {
		dist[i] = -1
	}
	start := *NewDomain(Solved(), Heuristic{})
	dist[index(&start)] = 0
	frontier := []Domain{start}
	for depth := int8(1); len(frontier) > 0; depth++ {
		var next []Domain
		for i := range frontier {
			for m := 0; m < NumMoves; m++ {
				c := frontier[i]
				c.Apply(m)
				if x := index(&c); dist[x] < 0 {
					dist[x] = depth
					next = append(next, c)
				}
			}
		}
		frontier = next
	}
	return dist
}

func TestSmallDatabasesMatchBFS(t *testing.T) {
	for _, p := range smallPatterns {
		t.Run(p.Name, func(t *testing.T) {
			if testing.Short() && len(p.Pieces) > 3 {
				t.Skip("4-piece patterns take long under the race detector; run without -short")
			}
			tab, err := Build(context.Background(), p, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := bfsDistances(p)
			for x, d := range want {
				if d < 0 {
					t.Fatalf("BFS did not reach entry %d", x)
				}
				if got := tab.Get(int64(x)); got != int(d) {
					t.Fatalf("entry %d: %d, BFS says %d", x, got, d)
				}
			}
		})
	}
}

func TestFileRoundTripAndCorruption(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	p := smallPatterns[0]
	ctx := context.Background()
	o, err := Open(ctx, p, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Built || !errors.Is(o.Reason, os.ErrNotExist) {
		t.Fatalf("first open: built=%v reason=%v, want built because missing", o.Built, o.Reason)
	}
	o2, err := Open(ctx, p, 1, nil)
	if err != nil || o2.Built {
		t.Fatalf("second open: built=%v err=%v, want read from the cache", o2.Built, err)
	}
	if !equalTables(o.Table, o2.Table) {
		t.Fatal("table read back differs from the one built")
	}
	good, err := os.ReadFile(o.Path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"flipped data bit", flip(good, len(good)-3)},
		{"flipped checksum", flip(good, 8+4+2+len(p.Name)+8)},
		{"truncated", good[:len(good)-1]},
		{"header only", good[:20]},
		{"empty", nil},
		{"trailing bytes", append(append([]byte{}, good...), 0)},
		{"bad magic", flip(good, 0)},
		{"bad version", flip(good, 8)},
		{"other name", flip(good, 15)},
		{"entry count", flip(good, 14+len(p.Name))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(o.Path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadTable(bytes.NewReader(tc.data), p); !errors.Is(err, pdb.ErrBadFile) {
				t.Errorf("ReadTable: %v, want ErrBadFile", err)
			}
			o3, err := Open(ctx, p, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !o3.Built || !errors.Is(o3.Reason, pdb.ErrBadFile) {
				t.Fatalf("built=%v reason=%v, want a rebuild because the file is bad", o3.Built, o3.Reason)
			}
			if !equalTables(o.Table, o3.Table) {
				t.Fatal("rebuilt table differs")
			}
			if _, err := Load(p); err != nil {
				t.Fatalf("the rebuilt file does not load: %v", err)
			}
		})
	}
}

func flip(b []byte, i int) []byte {
	c := append([]byte{}, b...)
	c[i] ^= 0x40
	return c
}

func equalTables(a, b *Table) bool {
	if a.Len() != b.Len() {
		return false
	}
	for i := int64(0); i < a.Len(); i++ {
		if a.Get(i) != b.Get(i) {
			return false
		}
	}
	return true
}

func TestBuildCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, smallPatterns[1], 2, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("Build on a cancelled context: %v", err)
	}
}
