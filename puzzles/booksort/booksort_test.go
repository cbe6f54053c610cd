package booksort

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/internal/shared"
)

// key packs a permutation of up to 15 books, 4 bits each.
func key(p []int) uint64 {
	var k uint64
	for _, v := range p {
		k = k<<4 | uint64(v)
	}
	return k
}

func unkey(k uint64, n int) []int {
	p := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		p[i] = int(k & 15)
		k >>= 4
	}
	return p
}

// blockMove is the operation written plainly, independently of the domain:
// take out p[l..r] (0-based) and put it back just after p[k].
func blockMove(p []int, l, r, k int) []int {
	return blockMoveInto(make([]int, 0, len(p)), p, l, r, k)
}

func blockMoveInto(dst, p []int, l, r, k int) []int {
	out := append(dst[:0], p[:l]...)
	out = append(out, p[r+1:k+1]...)
	out = append(out, p[l:r+1]...)
	return append(out, p[k+1:]...)
}

// bfs maps every permutation of 1..n to its distance from the sorted shelf
// (the inverse of an operation is an operation, so it is also the distance
// to it), trying every block and every place to put it, left or right.
func bfs(n int) map[uint64]int {
	start := make([]int, n)
	for i := range start {
		start[i] = i + 1
	}
	dist := map[uint64]int{key(start): 0}
	queue := []uint64{key(start)}
	q := make([]int, 0, n)
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		p := unkey(cur, n)
		for l := 0; l < n; l++ {
			for r := l; r < n; r++ {
				// The block p[l..r] goes in front of p[j] for j < l, or
				// after p[k] for k > r.
				for j := 0; j < l; j++ {
					q = blockMoveInto(q, p, j, l-1, r) // swapping p[j..l-1] and p[l..r]
					if _, ok := dist[key(q)]; !ok {
						dist[key(q)] = dist[cur] + 1
						queue = append(queue, key(q))
					}
				}
				for k := r + 1; k < n; k++ {
					q = blockMoveInto(q, p, l, r, k)
					if _, ok := dist[key(q)]; !ok {
						dist[key(q)] = dist[cur] + 1
						queue = append(queue, key(q))
					}
				}
			}
		}
	}
	return dist
}

func sorted(p []int) bool {
	for i, v := range p {
		if v != i+1 {
			return false
		}
	}
	return true
}

// replay applies the moves by their names' meaning, with blockMove, and
// fails unless they sort the shelf.
func replay(t *testing.T, books []int, moves []int) {
	t.Helper()
	mt := tables[len(books)]
	p := append([]int(nil), books...)
	for _, m := range moves {
		mv := mt.moves[m]
		p = blockMove(p, int(mv.l)-1, int(mv.r)-1, int(mv.k)-1)
	}
	if !sorted(p) {
		t.Fatalf("moves %v leave %v as %v", moves, books, p)
	}
}

func mustShelf(t testing.TB, books []int) *Shelf {
	t.Helper()
	s, err := New(books...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestNumMoves(t *testing.T) {
	for n := 1; n <= MaxBooks; n++ {
		if got, want := NumMovesFor(n), (n-1)*n*(n+1)/6; got != want {
			t.Errorf("n=%d: %d moves, want %d", n, got, want)
		}
	}
	d, err := NewDomain(mustShelf(t, []int{1, 2, 3, 4, 5, 6}), "")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.MoveName(0); got != "[1..1]>2" {
		t.Errorf("move 0 is %q", got)
	}
}

func TestJudgeSample(t *testing.T) {
	in, err := os.ReadFile(shared.Path(t, "judge", "poj3460", "sample.in"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(shared.Path(t, "judge", "poj3460", "sample.out"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Judge(bytes.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("judge output\n%q\nwant\n%q", out.String(), want)
	}
}

// TestAgainstBFS checks, on every shelf of up to 7 books (6 in -short),
// that both heuristics are admissible and that IDA* finds optimal
// solutions that replay to the sorted shelf. The heuristics are also
// compared: each is never below the next in Heuristics.
func TestAgainstBFS(t *testing.T) {
	maxN := 7
	if testing.Short() {
		maxN = 6
	}
	for n := 1; n <= maxN; n++ {
		dist := bfs(n)
		if len(dist) != factorial(n) {
			t.Fatalf("n=%d: BFS reached %d shelves, want %d", n, len(dist), factorial(n))
		}
		i := 0
		for k, want := range dist {
			i++
			books := unkey(k, n)
			s := mustShelf(t, books)
			var hs [3]int
			for j, h := range Heuristics {
				d, err := NewDomain(s, h)
				if err != nil {
					t.Fatal(err)
				}
				hs[j] = d.H()
				if d.H() > want {
					t.Fatalf("%v: %s h=%d above the distance %d", books, h, d.H(), want)
				}
			}
			for j := 1; j < len(Heuristics); j++ {
				if hs[j-1] < hs[j] {
					t.Fatalf("%v: %s %d below %s %d", books, Heuristics[j-1], hs[j-1], Heuristics[j], hs[j])
				}
			}
			// Searching every shelf twice is slow for n=7; search one in
			// five there, all of the smaller ones.
			if n == 7 && i%5 != 0 {
				continue
			}
			for _, h := range Heuristics {
				moves, ok, err := Solve(context.Background(), s, h, 10)
				if err != nil || !ok {
					t.Fatalf("%v %s: ok=%v err=%v", books, h, ok, err)
				}
				if len(moves) != want {
					t.Fatalf("%v %s: %d moves %v, want %d", books, h, len(moves), moves, want)
				}
				replay(t, books, moves)
			}
		}
	}
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// TestJudgeBoundAgainstBFS runs the judge's bounded search on 8 books,
// where some shelves need 5 operations, and checks "at most 4 or not".
func TestJudgeBoundAgainstBFS(t *testing.T) {
	dist := bfs(8)
	rng := rand.New(rand.NewPCG(1, 2))
	var fives []uint64
	var all []uint64
	for k, d := range dist {
		if d >= 5 {
			fives = append(fives, k)
		}
		all = append(all, k)
	}
	if len(fives) == 0 {
		t.Fatal("no 8-book shelf needs 5 operations: the BFS is wrong")
	}
	random := 300
	if testing.Short() {
		rng.Shuffle(len(fives), func(i, j int) { fives[i], fives[j] = fives[j], fives[i] })
		fives, random = fives[:min(len(fives), 20)], 30
	}
	cases := fives
	for i := 0; i < random; i++ {
		cases = append(cases, all[rng.IntN(len(all))])
	}
	for i, k := range cases {
		books := unkey(k, 8)
		// The judge's heuristic on every case, breakpoints on one in four.
		hs := []string{Cycles}
		if i%4 == 0 {
			hs = append(hs, Breakpoints)
		}
		for _, h := range hs {
			moves, ok, err := Solve(context.Background(), mustShelf(t, books), h, JudgeBound)
			if err != nil {
				t.Fatal(err)
			}
			want := dist[k]
			if want > JudgeBound {
				if ok {
					t.Fatalf("%s: %v needs %d but the bounded search sorted it in %v", h, books, want, moves)
				}
				continue
			}
			if !ok || len(moves) != want {
				t.Fatalf("%s: %v: ok=%v %d moves, want %d", h, books, ok, len(moves), want)
			}
			replay(t, books, moves)
		}
	}
}

// TestAStar checks that A* (through Snapshotter) agrees with IDA*.
func TestAStar(t *testing.T) {
	dist := bfs(6)
	i := 0
	for k, want := range dist {
		if i++; i%7 != 0 {
			continue
		}
		books := unkey(k, 6)
		d, _ := NewDomain(mustShelf(t, books), "")
		res, err := engine.AStar(context.Background(), d, engine.Options{})
		if err != nil || !res.Solved() || len(res.Moves) != want {
			t.Fatalf("%v: A* %v %v %v, want %d moves", books, res.Status, res.Moves, err, want)
		}
		replay(t, books, res.Moves)
		if got := d.Books(); key(got) != k {
			t.Fatalf("A* left the domain at %v, want %v", got, books)
		}
	}
}

func TestUndoAndCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= MaxBooks; n++ {
		s := Scramble(rng, n, 6)
		d, _ := NewDomain(s, Successors)
		before := d.Books()
		h, bp := d.cnt, d.bp
		buf := make([]engine.Child, d.MaxBranch())
		for m := 0; m < d.NumMoves(); m++ {
			d.Apply(m)
			got := d.cnt
			d.recount()
			if got != d.cnt {
				t.Fatalf("n=%d move %s: incremental count %d, recounted %d", n, d.MoveName(m), got, d.cnt)
			}
			k := d.Expand(m, buf)
			cut := make([]int, 1)
			if c := d.Cut(m, cut); c != 1 || k != d.NumMoves()-1 {
				t.Fatalf("n=%d: %d children and %d cut after %d", n, k, c, m)
			}
			for _, c := range buf[:k] {
				if int(c.Move) == cut[0] {
					t.Fatalf("n=%d: the inverse %s of %s is offered", n, d.MoveName(cut[0]), d.MoveName(m))
				}
			}
			d.Undo(m)
			if key(d.Books()) != key(before) || d.cnt != h || d.bp != bp {
				t.Fatalf("n=%d: undo of %s leaves %v, want %v", n, d.MoveName(m), d.Books(), before)
			}
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{"1 3 4 6 2 5", "1 3 4 6 2 5", ""},
		{" 2,1 ,3", "2 1 3", ""},
		{"1", "1", ""},
		{"", "", "empty"},
		{"1 2 2", "", "twice"},
		{"1 2 4", "", "out of range"},
		{"1 x", "", "not a number"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", "", "1 to 15"},
		{"0", "", "out of range"},
	}
	for _, tt := range tests {
		s, err := Parse(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Parse(%q) error %v, want one with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || s.String() != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %q", tt.in, s, err, tt.want)
		}
	}
}

// TestJudgeErrors: the one rule of every judge (puzzles/tokens): errors
// name the case, the line and the column; anything after the last case is
// an error; the answers of the cases before the error are written.
func TestJudgeErrors(t *testing.T) {
	tests := []struct{ in, err, out string }{
		{"", "number of cases", ""},
		{"x", `line 1, column 1: the number of cases: "x" is not a number`, ""},
		{"2\n1\n1\n", "case 2: the number of books: unexpected end of input at line 4, column 1", "0\n"},
		{"1\n3\n1 2 2\n", "case 1: line 3, column 5: booksort: book 2 appears twice", ""},
		{"1\n16\n", "case 1: line 2, column 1: the number of books: 16 is out of range", ""},
		{"1\n3\n1 2 9\n", "case 1: line 3, column 5: book 3: 9 is out of range", ""},
		{"1\n1\n1\n1\n1\n", `line 4, column 1: unexpected "1" after the last of 1 cases`, "0\n"},
		{"1\n2\n2 1 ж", `line 3, column 5: unexpected "ж" after the last of 1 cases`, "1\n"},
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
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1 3 4 6 2 5", "2,1", "", "1 1", "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Parse(in)
		if err != nil {
			return
		}
		again, err := Parse(s.String())
		if err != nil || again.String() != s.String() {
			t.Fatalf("%q parses to %q, which reparses to %v, %v", in, s, again, err)
		}
	})
}

func FuzzReadCases(f *testing.F) {
	f.Add("3\n6\n1 3 4 6 2 5\n5\n5 4 3 2 1\n10\n6 8 5 3 4 7 2 9 1 10\n")
	f.Add("1\n1\n1")
	f.Add("2 3 1 2")
	f.Fuzz(func(t *testing.T, in string) {
		shelves, err := ReadCases(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, s := range shelves {
			if _, err := Parse(s.String()); err != nil {
				t.Fatalf("read %q but it does not reparse: %v", s, err)
			}
		}
		var buf bytes.Buffer
		if err := WriteCases(&buf, shelves); err != nil {
			t.Fatal(err)
		}
		again, err := ReadCases(&buf)
		if err != nil || len(again) != len(shelves) {
			t.Fatalf("written cases read back: %d, %v", len(again), err)
		}
		for i := range again {
			if again[i].String() != shelves[i].String() {
				t.Fatalf("case %d written as %s reads back as %s", i+1, shelves[i], again[i])
			}
		}
		// Answer small inputs in full: the search must not fail on
		// anything the reader accepts, and must answer every case.
		if len(shelves) > 3 {
			return
		}
		var out bytes.Buffer
		if err := Judge(strings.NewReader(in), &out); err != nil {
			t.Fatalf("judge: %v", err)
		}
		if got := strings.Count(out.String(), "\n"); got != len(shelves) {
			t.Fatalf("%d answers for %d cases", got, len(shelves))
		}
	})
}

// hardShelves need 5 operations or more but their heuristic is at most 4:
// the judge's worst case is such a shelf, searched in full to depth 4. The
// first is the sample's; the others are the worst found among 8-book
// shelves at distance 5 with their books stretched to strips of two.
func hardShelves(tb testing.TB) []*Shelf {
	var out []*Shelf
	for _, s := range []string{
		"6 8 5 3 4 7 2 9 1 10",
		"13 14 7 8 1 2 9 10 3 4 15 11 12 5 6",
		"11 12 7 8 1 2 15 9 10 3 4 13 14 5 6",
		"3 1 2 14 8 9 10 11 4 5 6 15 12 13 7",
	} {
		sh, err := Parse(s)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, sh)
	}
	return out
}

func BenchmarkJudgeWorst(b *testing.B) {
	for _, h := range Heuristics {
		b.Run(h, func(b *testing.B) {
			shelves := hardShelves(b)
			for b.Loop() {
				for _, s := range shelves {
					if _, ok, _ := Solve(context.Background(), s, h, JudgeBound); ok {
						b.Fatal("a hard shelf was solved")
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(shelves))/1e6, "ms/case")
		})
	}
}

func TestPresets(t *testing.T) {
	for _, p := range Presets {
		s, err := Parse(p.State)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		moves, ok, err := Solve(context.Background(), s, Breakpoints, 20)
		if err != nil || !ok || len(moves) != p.Optimal {
			t.Fatalf("%s: %d moves (ok=%v, %v), want %d", p.Name, len(moves), ok, err, p.Optimal)
		}
		replay(t, s.Books(), moves)
	}
}

// TestChildH checks the children's heuristic values, computed incrementally
// by Expand, against the values counted afresh after applying each move.
func TestChildH(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, h := range Heuristics {
		for n := 1; n <= MaxBooks; n++ {
			for range 20 {
				d, _ := NewDomain(Scramble(rng, n, rng.IntN(8)), h)
				buf := make([]engine.Child, d.MaxBranch())
				k := d.Expand(engine.NoMove, buf)
				if k != d.NumMoves() {
					t.Fatalf("%d children at the root, want %d", k, d.NumMoves())
				}
				for _, c := range buf[:k] {
					d.Apply(int(c.Move))
					want := d.H() // counted afresh, cycles too
					d.Undo(int(c.Move))
					if int(c.H) != want {
						t.Fatalf("%s %v move %s: child h %d, counted afresh %d", h, d.Books(), d.MoveName(int(c.Move)), c.H, want)
					}
				}
			}
		}
	}
}

// TestView checks the view: the books, the breaks, and every heuristic's
// value whatever the domain's own heuristic is.
func TestView(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 50 {
		s := Scramble(rng, 1+rng.IntN(MaxBooks), rng.IntN(6))
		for _, own := range Heuristics {
			d, _ := NewDomain(s, own)
			b, err := json.Marshal(d.View())
			if err != nil {
				t.Fatal(err)
			}
			var v View
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			if key(v.Books) != key(s.Books()) || v.Sorted != d.IsGoal() || len(v.Breaks) != d.bp {
				t.Fatalf("%s: view %s", s, b)
			}
			if len(v.Bounds) != len(Heuristics) {
				t.Fatalf("%s: %d bounds", s, len(v.Bounds))
			}
			for i, h := range Heuristics {
				other, _ := NewDomain(s, h)
				if v.Bounds[i].Name != h || v.Bounds[i].H != other.H() {
					t.Fatalf("%s (domain %s): bound %+v, want %s %d", s, own, v.Bounds[i], h, other.H())
				}
			}
		}
	}
}

// TestWriteCases writes the judge's sample input back in the judge's format: the
// same text, and the same cases when read again.
func TestWriteCases(t *testing.T) {
	in, err := os.ReadFile(shared.Path(t, "judge", "poj3460", "sample.in"))
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
	if strings.Join(strings.Fields(out.String()), " ") != strings.Join(strings.Fields(string(in)), " ") {
		t.Fatalf("written\n%s\nread\n%s", out.String(), in)
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
