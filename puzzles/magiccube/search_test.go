package magiccube

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"idaviz/engine"
	"idaviz/internal/shared"
	"idaviz/puzzles/tokens"
)

var (
	bfsOnce sync.Once
	bfsDist map[Net]int
)

// distances is a plain breadth-first search from the solved cube over all 12
// quarter turns, to depth MaxTurns: the true distance of every cube within 5.
func distances(t testing.TB) map[Net]int {
	bfsOnce.Do(func() {
		start := solvedNet(t)
		bfsDist = map[Net]int{start: 0}
		layer := []Net{start}
		for d := 1; d <= MaxTurns; d++ {
			var next []Net
			for _, n := range layer {
				for m := range NumMoves {
					c := n
					c.Apply(m)
					if _, ok := bfsDist[c]; !ok {
						bfsDist[c] = d
						next = append(next, c)
					}
				}
			}
			layer = next
		}
	})
	return bfsDist
}

func TestBFSLayers(t *testing.T) {
	// The known counts of the quarter-turn metric: 1, 12, 114, 1068, 10011, 93840.
	want := []int{1, 12, 114, 1068, 10011, 93840}
	got := make([]int, len(want))
	for _, d := range distances(t) {
		got[d]++
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("states by depth = %v, want %v", got, want)
	}
}

func TestHeuristicsAdmissible(t *testing.T) {
	sum := make([]int, len(Heuristics))
	for n, d := range distances(t) {
		for k, name := range Heuristics {
			h, err := n.H(name)
			if err != nil {
				t.Fatal(err)
			}
			if h > d {
				t.Fatalf("%s: h = %d > distance %d at %s", name, h, d, n)
			}
			if (h == 0) != (d == 0) {
				t.Fatalf("%s: h = %d at distance %d", name, h, d)
			}
			sum[k] += h
		}
	}
	for k := 1; k < len(Heuristics); k++ {
		if sum[0] < sum[k] {
			t.Errorf("%s (sum %d) is weaker than %s (sum %d)", Heuristics[0], sum[0], Heuristics[k], sum[k])
		}
	}
	t.Logf("sum of h over %d cubes within 5 turns: %v %v", len(distances(t)), Heuristics, sum)
}

func replay(t testing.TB, n Net, moves []int) {
	t.Helper()
	for _, m := range moves {
		n.Apply(m)
	}
	if !n.Solved() {
		t.Fatalf("moves %v do not solve the cube", moves)
	}
}

func TestSolveOptimal(t *testing.T) {
	dist := distances(t)
	rng := rand.New(rand.NewPCG(3, 4))
	cases := 300
	if testing.Short() {
		cases = 60
	}
	for i := range cases {
		n := solvedNet(t)
		for range 1 + i%8 {
			n.Apply(rng.IntN(NumMoves))
		}
		want, within := dist[n]
		for _, h := range Heuristics {
			moves, ok, err := Solve(context.Background(), n, h, MaxTurns)
			if err != nil {
				t.Fatal(err)
			}
			if ok != within {
				t.Fatalf("%s %s: solved = %v, BFS says within 5 = %v", h, n, ok, within)
			}
			if !ok {
				continue
			}
			if len(moves) != want {
				t.Fatalf("%s %s: %d moves, BFS distance %d", h, n, len(moves), want)
			}
			replay(t, n, moves)
		}
	}
}

func TestAStarAgrees(t *testing.T) {
	dist := distances(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		n := solvedNet(t)
		for range 5 {
			n.Apply(rng.IntN(NumMoves))
		}
		d, err := NewDomain(n, "")
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.AStar(context.Background(), d, engine.Options{})
		if err != nil || !res.Solved() {
			t.Fatalf("A*: %v %v", res.Status, err)
		}
		if len(res.Moves) != dist[n] {
			t.Fatalf("A* found %d moves, BFS %d", len(res.Moves), dist[n])
		}
		replay(t, n, res.Moves)
		if d.Net() != n {
			t.Fatal("A* left the domain changed")
		}
	}
}

// checkAnswers is the special judge: every answer must be the BFS distance
// (or -1 beyond 5) and its turns must solve the cube.
func checkAnswers(t *testing.T, input, output string) {
	t.Helper()
	in := tokens.NewReader(strings.NewReader(input))
	count, _ := in.Int("the count", 0, tokens.MaxCases)
	outs := strings.Fields(output)
	dist := distances(t)
	for c := 1; c <= count; c++ {
		var n Net
		for k := range n {
			r, _ := in.Rune("a sticker")
			n[k] = byte(r)
		}
		if len(outs) == 0 {
			t.Fatalf("case %d: no answer", c)
		}
		k, _ := strconv.Atoi(outs[0])
		outs = outs[1:]
		want, within := dist[n]
		if !within {
			want = -1
		}
		if k != want {
			t.Fatalf("case %d: answer %d, want %d", c, k, want)
		}
		for range max(k, 0) {
			f, _ := strconv.Atoi(outs[0])
			dir, _ := strconv.Atoi(outs[1])
			outs = outs[2:]
			m, err := MoveOf(f, dir)
			if err != nil {
				t.Fatalf("case %d: %v", c, err)
			}
			n.Apply(m)
		}
		if k >= 0 && !n.Solved() {
			t.Fatalf("case %d: the turns do not solve the cube", c)
		}
	}
}

func TestJudgeSample(t *testing.T) {
	in, err := os.ReadFile(shared.Path(t, "judge", "zoj2477", "sample.in"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(shared.Path(t, "judge", "zoj2477", "sample.out"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Judge(bytes.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	checkAnswers(t, string(in), out.String())
	// The sample's answers are unique, so they must match byte for byte.
	if out.String() != string(want) {
		t.Fatalf("got\n%q\nwant\n%q", out.String(), want)
	}
}

func TestJudgeScrambles(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var in strings.Builder
	const count = 40
	fmt.Fprintf(&in, "%d\n", count)
	for i := range count {
		n := solvedNet(t)
		for range i % 9 {
			n.Apply(rng.IntN(NumMoves))
		}
		in.WriteString("\n" + n.Judge())
	}
	var out bytes.Buffer
	if err := Judge(strings.NewReader(in.String()), &out); err != nil {
		t.Fatal(err)
	}
	checkAnswers(t, in.String(), out.String())
}

func TestJudgeErrors(t *testing.T) {
	solved := solvedNet(t).Judge()
	twisted := solvedNet(t)
	c := corners[0]
	twisted[c[0]], twisted[c[1]], twisted[c[2]] = twisted[c[1]], twisted[c[2]], twisted[c[0]]
	tests := []struct {
		name, in, out string
		ok            bool
	}{
		{"empty", "", "", false},
		{"count", "x\n" + solved, "", false},
		{"negative", "-1\n", "", false},
		{"zero", "0\n", "", true},
		{"short", "1\n" + solved[:40], "", false},
		{"second case short", "2\n" + solved + "w w", "0\n", false},
		{"digit", "1\n" + strings.Replace(solved, "w", "1", 1), "", false},
		{"same centres", "1\n" + strings.Replace(solved, "r g g g", "r r g g", 2), "", false},
		{"trailing", "1\n" + solved + "w\n", "0\n", false},
		{"unsolvable", "1\n" + twisted.Judge(), "-1\n", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Judge(strings.NewReader(tc.in), &out)
			if tc.ok != (err == nil) {
				t.Fatalf("error = %v, want ok=%v", err, tc.ok)
			}
			if out.String() != tc.out {
				t.Fatalf("output %q, want %q", out.String(), tc.out)
			}
		})
	}
}

func FuzzJudge(f *testing.F) {
	f.Add("1\n" + "www/www/www/rrrgggbbbooo/rrrgggbbbooo/rrrgggbbbooo/yyy/yyy/yyy")
	f.Add("2\n" + strings.Repeat("w", 54) + "\n")
	f.Add("1\n www www wwb rrwgggybbooo rrwgggybbooo rrwgggybbooo rrr yyy yyy")
	f.Fuzz(func(t *testing.T, s string) {
		var out bytes.Buffer
		_ = Judge(strings.NewReader(s), &out)
	})
}

func BenchmarkJudgeFiveTurns(b *testing.B) {
	// The judge's worst case: cubes 5 and 6 turns away (the latter answered
	// -1 after searching every bound up to 5).
	rng := rand.New(rand.NewPCG(9, 10))
	dist := distances(b)
	var in strings.Builder
	const count = 20
	fmt.Fprintf(&in, "%d\n", count)
	for k := 0; k < count; {
		n := solvedNet(b)
		for range 6 {
			n.Apply(rng.IntN(NumMoves))
		}
		if d, ok := dist[n]; !ok || d == 5 {
			in.WriteString(n.Judge())
			k++
		}
	}
	text := in.String()
	b.ResetTimer()
	for b.Loop() {
		if err := Judge(strings.NewReader(text), &bytes.Buffer{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPresets(t *testing.T) {
	for _, p := range Presets {
		n, err := ParseNet(p.State)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		moves, ok, err := Solve(context.Background(), n, "", 20)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", p.Name, ok, err)
		}
		if len(moves) != p.Optimal {
			t.Errorf("%s: optimal %d, preset says %d", p.Name, len(moves), p.Optimal)
		}
		replay(t, n, moves)
	}
}

func TestView(t *testing.T) {
	n := solvedNet(t)
	d, err := NewDomain(n, "")
	if err != nil {
		t.Fatal(err)
	}
	d.Apply(2 * Front)
	js, err := json.Marshal(d.View())
	if err != nil {
		t.Fatal(err)
	}
	n.Apply(2 * Front)
	if want := `{"stickers":"` + string(n[:]) + `"}`; string(js) != want {
		t.Fatalf("view %s, want %s", js, want)
	}
}

func TestRuleKeepsOptimal(t *testing.T) {
	// Every cube within 5 turns has an optimal path the rule allows: the
	// BFS below uses only allowed moves and must find the same distances.
	dist := distances(t)
	type node struct {
		n    Net
		prev int
	}
	seen := map[Net]int{solvedNet(t): 0}
	layer := []node{{solvedNet(t), engine.NoMove}}
	for depth := 1; depth <= MaxTurns; depth++ {
		var next []node
		for _, x := range layer {
			for _, m := range allowed[x.prev+1] {
				c := x.n
				c.Apply(m)
				if _, ok := seen[c]; !ok {
					seen[c] = depth
				}
				// Keep every (state, last move) pair: the rule depends on it.
				if seen[c] == depth {
					next = append(next, node{c, m})
				}
			}
		}
		layer = next
	}
	for n, d := range dist {
		if seen[n] != d {
			t.Fatalf("%s: distance %d with the rule, %d without", n, seen[n], d)
		}
	}
}
