package squares

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/internal/shared"
)

// segment is a unit stick between two lattice points, (x, y) to the right
// (h) or down (!h); y grows downwards.
type segment struct {
	x, y int
	h    bool
}

// refSquares builds the squares of an n x n grid from coordinates, reading
// the stick numbers straight from the judge's description, independently of
// the package's tables: stick s is the r-th of its row of 2n+1, a horizontal
// one when r < n.
func refSquares(n int) []uint64 {
	stick := map[segment]int{}
	for s := 1; s <= 2*n*(n+1); s++ {
		row, r := (s-1)/(2*n+1), (s-1)%(2*n+1)
		if r < n {
			stick[segment{r, row, true}] = s
		} else {
			stick[segment{r - n, row, false}] = s
		}
	}
	var out []uint64
	for size := 1; size <= n; size++ {
		for y := 0; y+size <= n; y++ {
			for x := 0; x+size <= n; x++ {
				var m uint64
				for t := 0; t < size; t++ {
					for _, seg := range []segment{{x + t, y, true}, {x + t, y + size, true}, {x, y + t, false}, {x + size, y + t, false}} {
						s, ok := stick[seg]
						if !ok {
							panic("no stick at a square's side")
						}
						m |= 1 << (s - 1)
					}
				}
				out = append(out, m)
			}
		}
	}
	return out
}

func anyIntact(present uint64, squares []uint64) bool {
	for _, m := range squares {
		if present&m == m {
			return true
		}
	}
	return false
}

// bruteMin is the fewest sticks whose removal leaves no square, trying every
// subset of the present sticks by increasing size.
func bruteMin(present uint64, squares []uint64) int {
	var sticks []int
	for m := present; m != 0; m &= m - 1 {
		sticks = append(sticks, bits.TrailingZeros64(m))
	}
	var pick func(from, left int, p uint64) bool
	pick = func(from, left int, p uint64) bool {
		if left == 0 {
			return !anyIntact(p, squares)
		}
		for i := from; i <= len(sticks)-left; i++ {
			if pick(i+1, left-1, p&^(1<<sticks[i])) {
				return true
			}
		}
		return false
	}
	for k := 0; ; k++ {
		if pick(0, k, present) {
			return k
		}
	}
}

func TestGeometry(t *testing.T) {
	for n := 1; n <= MaxN; n++ {
		ref := refSquares(n)
		g := geometries[n]
		if len(ref) != len(g.masks) {
			t.Fatalf("n=%d: %d squares, want %d", n, len(g.masks), len(ref))
		}
		for i := range ref {
			if ref[i] != g.masks[i] {
				t.Fatalf("n=%d: square %d (%+v) has sticks %v, want %v", n, i, g.squares[i], sticksOf(g.masks[i]), sticksOf(ref[i]))
			}
		}
	}
}

func readShared(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(shared.Path(t, "judge", "poj1084", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestJudgeSamples(t *testing.T) {
	for _, set := range []string{"sample", "extra"} {
		in, want := readShared(t, set+".in"), readShared(t, set+".out")
		var out bytes.Buffer
		if err := Judge(bytes.NewReader(in), &out); err != nil {
			t.Fatalf("%s: %v", set, err)
		}
		if !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("%s: judge output\n%q\nwant\n%q", set, out.String(), want)
		}
	}
}

// replay removes the sticks of a solution by their numbers and checks, with
// the reference squares, that each was there and no square is left.
func replay(t *testing.T, g *Grid, moves []int) {
	t.Helper()
	present := geometries[g.n].all &^ g.missing
	for _, m := range moves {
		if m < 0 || m >= NumSticks(g.n) || present&(1<<m) == 0 {
			t.Fatalf("%s: solution %v removes stick %d, which is not there", g, moves, m+1)
		}
		present &^= 1 << m
	}
	if anyIntact(present, refSquares(g.n)) {
		t.Fatalf("%s: solution %v leaves a square", g, moves)
	}
}

type instance struct {
	g   *Grid
	opt int
}

// instances are small grids with their brute-force optimum: every grid of
// size 1 and 2, random 3x3 grids and their full grid, and random 4x4 grids
// with 10 to 19 of their 40 sticks missing.
func instances(t *testing.T) []instance {
	rng := rand.New(rand.NewPCG(1084, 1603))
	var out []instance
	add := func(n int, missing uint64) {
		g := &Grid{n: n, missing: missing}
		out = append(out, instance{g, bruteMin(geometries[n].all&^missing, refSquares(n))})
	}
	for n := 1; n <= 2; n++ {
		for m := uint64(0); m < 1<<NumSticks(n); m++ {
			if n == 2 && testing.Short() && m%5 != 0 {
				continue
			}
			add(n, m)
		}
	}
	add(3, 0)
	count3, count4 := 300, 80
	if testing.Short() {
		count3, count4 = 60, 15
	}
	for range count3 {
		add(3, randomMissing(rng, 3, rng.IntN(12)))
	}
	for range count4 {
		add(4, randomMissing(rng, 4, 10+rng.IntN(10)))
	}
	return out
}

func randomMissing(rng *rand.Rand, n, k int) uint64 {
	var m uint64
	for _, s := range rng.Perm(NumSticks(n))[:k] {
		m |= 1 << s
	}
	return m
}

func TestAgainstBruteForce(t *testing.T) {
	for _, in := range instances(t) {
		for _, h := range Heuristics {
			d, err := NewDomain(in.g, h)
			if err != nil {
				t.Fatal(err)
			}
			if d.H() > in.opt {
				t.Fatalf("%s: %s h=%d above the optimum %d", in.g, h, d.H(), in.opt)
			}
			if h == None && in.opt > 5 {
				continue // plain iterative deepening is slow and proves nothing new
			}
			moves, err := Solve(context.Background(), in.g, h)
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) != in.opt {
				t.Fatalf("%s: %s found %d sticks %v, brute force %d", in.g, h, len(moves), moves, in.opt)
			}
			replay(t, in.g, moves)
		}
	}
}

func TestAStar(t *testing.T) {
	for i, in := range instances(t) {
		if i%9 != 0 {
			continue
		}
		d, _ := NewDomain(in.g, Greedy)
		before := d.AppendState(nil)
		res, err := engine.AStar(context.Background(), d, engine.Options{})
		if err != nil || !res.Solved() || len(res.Moves) != in.opt {
			t.Fatalf("%s: A* %v %v %v, want %d sticks", in.g, res.Status, res.Moves, err, in.opt)
		}
		replay(t, in.g, res.Moves)
		if !bytes.Equal(d.AppendState(nil), before) {
			t.Fatalf("%s: A* did not restore the start", in.g)
		}
	}
}

// TestFullGrids checks the full grids: 1, 3, 6, 9 and 14 sticks (n <= 3 is
// also covered by the brute force above; 14 for 5x5 is the known answer).
func TestFullGrids(t *testing.T) {
	want := []int{0, 1, 3, 6, 9, 14}
	for n := 1; n <= MaxN; n++ {
		g, _ := New(n, nil)
		moves, err := Solve(context.Background(), g, Greedy)
		if err != nil || len(moves) != want[n] {
			t.Fatalf("full %dx%d: %v %v, want %d sticks", n, n, moves, err, want[n])
		}
		replay(t, g, moves)
	}
}

// TestExpandApplyUndo walks random paths and checks that Expand leaves the
// state alone, offers only present sticks of the first intact square, that
// Cut and Expand split that square, and that Undo restores every step.
func TestExpandApplyUndo(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 200 {
		n := 1 + rng.IntN(MaxN)
		g := Scramble(rng, n, rng.IntN(12))
		d, _ := NewDomain(g, Greedy)
		buf := make([]engine.Child, d.MaxBranch())
		cut := make([]int, d.NumMoves())
		var path []int
		var states [][]byte
		prev := engine.NoMove
		for !d.IsGoal() {
			before := d.AppendState(nil)
			k := d.Expand(prev, buf)
			if !bytes.Equal(before, d.AppendState(nil)) {
				t.Fatal("Expand changed the state")
			}
			c := d.Cut(prev, cut)
			sq := d.g.masks[d.first()]
			if k+c != bits.OnesCount64(sq) {
				t.Fatalf("%s: %d offered + %d cut, square has %d sticks", g, k, c, bits.OnesCount64(sq))
			}
			if k == 0 {
				break
			}
			for _, ch := range buf[:k] {
				if sq&(1<<ch.Move) == 0 {
					t.Fatalf("stick %d is not on the first intact square", ch.Move+1)
				}
				d.Apply(int(ch.Move))
				if got := d.H(); got != int(ch.H) {
					t.Fatalf("child h %d, after Apply %d", ch.H, got)
				}
				d.Undo(int(ch.Move))
			}
			m := int(buf[rng.IntN(k)].Move)
			states = append(states, before)
			path = append(path, m)
			d.Apply(m)
			prev = m
		}
		for i := len(path) - 1; i >= 0; i-- {
			d.Undo(path[i])
			if !bytes.Equal(d.AppendState(nil), states[i]) {
				t.Fatalf("%s: Undo of step %d did not restore the state", g, i)
			}
		}
	}
}

func TestScramble(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for depth := 0; depth < 8; depth++ {
		g := Scramble(rng, 3, depth)
		if got := bruteMin(geometries[3].all&^g.missing, refSquares(3)); got > depth {
			t.Fatalf("scramble of depth %d (%s) needs %d", depth, g, got)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"5", "5", ""},
		{"3: 12 17 23", "3: 12 17 23", ""},
		{" 3 : 23,12, 17 ", "3: 12 17 23", ""},
		{"2:", "2", ""},
		{"", "", "no grid size"},
		{"6", "", "1 to 5"},
		{"x: 1", "", "not a number"},
		{"2: 13", "", "out of range 1..12"},
		{"2: 0", "", "out of range"},
		{"2: 3 3", "", "twice"},
		{"2: 1 a", "", "missing stick 2"},
	}
	for _, tt := range tests {
		g, err := Parse(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Parse(%q) error %v, want one with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || g.String() != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %q", tt.in, g, err, tt.want)
		}
	}
}

// TestJudgeErrors: the one rule of every judge (puzzles/tokens): errors
// name the case, the line and the column; anything after the last case is
// an error; a missing stick listed twice is refused as viz solve refuses
// it; the answers of the cases before the error are written.
func TestJudgeErrors(t *testing.T) {
	tests := []struct{ in, err, out string }{
		{"", "number of cases", ""},
		{"1\n6\n0\n", "case 1: line 2, column 1: the grid size: 6 is out of range", ""},
		{"2\n2\n0\n2\n1 13\n", "case 2: line 5, column 3: missing stick 1: 13 is out of range 1..12", "3\n"},
		{"1\n2\n25\n", "case 1: line 3, column 1: the number of missing sticks: 25", ""},
		{"1\n2\n2 1\n", "case 1: missing stick 2: unexpected end", ""},
		{"1\n2\n2 5 5\n", "case 1: line 3, column 5: squares: missing stick 5 is listed twice", ""},
		{"1\n2\n0\n junk", `line 4, column 2: unexpected "junk" after the last of 1 cases`, "3\n"},
		{"1\n2\n0\n3\n0\n", `line 4, column 1: unexpected "3" after the last of 1 cases`, "3\n"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := Judge(strings.NewReader(tt.in), &out)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Judge(%q) error %v, want one with %q", tt.in, err, tt.err)
		}
		if out.String() != tt.out {
			t.Errorf("Judge(%q) wrote %q before failing, want %q", tt.in, out.String(), tt.out)
		}
	}
	if _, err := Parse("2: 5 5"); err == nil || !strings.Contains(err.Error(), "squares: missing stick 5 is listed twice") {
		t.Errorf("Parse: %v, want the judge's error", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"5", "3: 12 17 23", "2:", ":", "1: 1 2 3 4", "4: 1,5,36,40"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g, err := Parse(in)
		if err != nil {
			return
		}
		again, err := Parse(g.String())
		if err != nil || again.String() != g.String() {
			t.Fatalf("%q parses to %q, which reparses to %v, %v", in, g, again, err)
		}
	})
}

func FuzzReadCases(f *testing.F) {
	f.Add("2\n2\n0\n3\n3 12 17 23\n")
	f.Add("1\n1\n4 1 2 3 4\n")
	f.Add("1 5 2 60 60")
	f.Fuzz(func(t *testing.T, in string) {
		grids, err := ReadCases(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, g := range grids {
			if _, err := Parse(g.String()); err != nil {
				t.Fatalf("read %q but it does not reparse: %v", g, err)
			}
		}
		var buf bytes.Buffer
		if err := WriteCases(&buf, grids); err != nil {
			t.Fatal(err)
		}
		again, err := ReadCases(&buf)
		if err != nil || len(again) != len(grids) {
			t.Fatalf("written cases read back: %d, %v", len(again), err)
		}
		for i := range again {
			if again[i].String() != grids[i].String() {
				t.Fatalf("case %d written as %s reads back as %s", i+1, grids[i], again[i])
			}
		}
		// Answer small inputs in full: the search must not fail on
		// anything the reader accepts, and must answer every case.
		if len(grids) > 3 {
			return
		}
		var out bytes.Buffer
		if err := Judge(strings.NewReader(in), &out); err != nil {
			t.Fatalf("judge: %v", err)
		}
		if got := strings.Count(out.String(), "\n"); got != len(grids) {
			t.Fatalf("%d answers for %d cases", got, len(grids))
		}
	})
}

// BenchmarkHard solves the judge's worst case, the full 5x5 grid, with the
// greedy and ratio heuristics, and, with greedy, the hardest grid found among
// the 5x5 grids missing up to three sticks (287k nodes against 31k).
func BenchmarkHard(b *testing.B) {
	cases := []struct {
		name, state, heuristic string
		opt                    int
	}{
		{"full5x5/greedy", "5", Greedy, 14},
		{"full5x5/ratio", "5", Ratio, 14},
		{"5:14,32,47/greedy", "5: 14 32 47", Greedy, 13},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			g, err := Parse(c.state)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if moves, err := Solve(context.Background(), g, c.heuristic); err != nil || len(moves) != c.opt {
					b.Fatal(moves, err)
				}
			}
		})
	}
}

func BenchmarkJudgeExtra(b *testing.B) {
	in, err := os.ReadFile(shared.Path(b, "judge", "poj1084", "extra.in"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := Judge(bytes.NewReader(in), &bytes.Buffer{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPresets(t *testing.T) {
	for _, p := range Presets {
		g, err := Parse(p.State)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		moves, err := Solve(context.Background(), g, Greedy)
		if err != nil || len(moves) != p.Optimal {
			t.Fatalf("%s: %v %v, want %d sticks", p.Name, moves, err, p.Optimal)
		}
		replay(t, g, moves)
	}
}

// TestPresetsBruteForce checks the presets (the judge's sample and extra
// cases among them) against the brute force wherever it is cheap enough,
// and every heuristic's start value against the optimum.
func TestPresetsBruteForce(t *testing.T) {
	limit := 2e7
	if testing.Short() {
		limit = 2e5
	}
	checked := 0
	for _, p := range Presets {
		g, err := Parse(p.State)
		if err != nil {
			t.Fatal(err)
		}
		present := geometries[g.n].all &^ g.missing
		if subsets(bits.OnesCount64(present), p.Optimal) > limit {
			continue
		}
		checked++
		if got := bruteMin(present, refSquares(g.n)); got != p.Optimal {
			t.Fatalf("%s: brute force %d, preset says %d", p.Name, got, p.Optimal)
		}
		for _, h := range Heuristics {
			d, _ := NewDomain(g, h)
			if d.H() > p.Optimal {
				t.Fatalf("%s: %s h=%d above the optimum %d", p.Name, h, d.H(), p.Optimal)
			}
		}
	}
	t.Logf("%d of %d presets checked by brute force", checked, len(Presets))
	if checked < 5 {
		t.Fatalf("only %d presets were cheap enough to check", checked)
	}
}

// subsets is how many subsets of at most k of n sticks the brute force tries.
func subsets(n, k int) float64 {
	total, c := 0.0, 1.0
	for i := 0; i <= k; i++ {
		total += c
		c = c * float64(n-i) / float64(i+1)
	}
	return total
}

// TestView checks the view of a grid part way through a search: the
// removed, kept and missing sticks, the intact squares, and each heuristic's
// value whatever the domain's own heuristic is.
func TestView(t *testing.T) {
	g, _ := Parse("5: 60")
	for _, own := range Heuristics {
		d, _ := NewDomain(g, own)
		d.Apply(6) // stick 7, on the first square (1 6 7 12): keeps 1 and 6
		b, err := json.Marshal(d.View())
		if err != nil {
			t.Fatal(err)
		}
		var v View
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if v.N != 5 || fmt.Sprint(v.Missing) != "[60]" || fmt.Sprint(v.Removed) != "[7]" || fmt.Sprint(v.Kept) != "[1 6]" {
			t.Fatalf("view %s", b)
		}
		if len(v.Intact) != len(d.Intact()) || v.Intact[0] != (Square{1, 0, 2}) {
			t.Fatalf("intact squares %v", v.Intact)
		}
		for i, h := range []string{Greedy, Ratio} {
			other, _ := NewDomain(g, h)
			other.Apply(6)
			if v.Bounds[i].Name != h || v.Bounds[i].H != other.H() {
				t.Fatalf("domain %s: bound %+v, want %s %d", own, v.Bounds[i], h, other.H())
			}
		}
	}
}

// TestWriteCases writes the judge's extra input back in the judge's format
// (the missing sticks sorted) and reads the same cases again.
func TestWriteCases(t *testing.T) {
	in, err := os.ReadFile(shared.Path(t, "judge", "poj1084", "extra.in"))
	if err != nil {
		t.Fatal(err)
	}
	cases, err := ReadCases(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteCases(&out, cases); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%d\n4\n8 1 2 5 6 10 11 14 15\n", len(cases)); !strings.HasPrefix(out.String(), want[:2]) || !strings.Contains(out.String(), want[2:]) {
		t.Fatalf("written\n%s\nwant it to contain\n%s", out.String(), want)
	}
	again, err := ReadCases(&out)
	if err != nil || len(again) != len(cases) {
		t.Fatalf("reading back: %d cases, %v", len(again), err)
	}
	for i := range cases {
		if again[i].String() != cases[i].String() {
			t.Fatalf("case %d: %s, read back %s", i+1, cases[i], again[i])
		}
	}
}
