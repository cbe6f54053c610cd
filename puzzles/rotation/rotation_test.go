package rotation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/internal/shared"
)

// bfs is an independent answer: a breadth-first search from b over all eight
// moves, in alphabetical order, up to depth limit. Each state keeps the first
// path that reached it; since a layer is processed in the order of its
// paths, that is the lexicographically smallest shortest path, and the
// first goal met is the judge's answer. ok is false when no goal is within
// the limit.
func bfs(b Board, goals uint8, limit int) (string, bool) {
	if b.isGoal(goals) {
		return "", true
	}
	seen := map[Board]string{b: ""}
	layer := []Board{b}
	for d := 1; d <= limit; d++ {
		var next []Board
		for _, s := range layer {
			for m := range NumMoves {
				c := s
				c.Apply(m)
				if _, ok := seen[c]; ok {
					continue
				}
				p := seen[s] + MoveNames[m:m+1]
				if c.isGoal(goals) {
					return p, true
				}
				seen[c] = p
				next = append(next, c)
			}
		}
		layer = next
	}
	return "", false
}

func scramble(rng *rand.Rand, depth int) Board { return Scramble(rng, depth, "any") }

func TestMoves(t *testing.T) {
	var id Board
	for i := range id {
		id[i] = uint8(i)
	}
	for m := range NumMoves {
		b := id
		b.Apply(m)
		if b == id {
			t.Fatalf("%c changes nothing", MoveNames[m])
		}
		// "Towards its head": the head takes the second cell's number.
		if b[line[m][0]] != id[line[m][1]] || b[line[m][6]] != id[line[m][0]] {
			t.Fatalf("%c does not shift towards its head", MoveNames[m])
		}
		b.Undo(m)
		if b != id {
			t.Fatalf("%c then its inverse is not the identity", MoveNames[m])
		}
		for range 7 {
			b.Apply(m)
		}
		if b != id {
			t.Fatalf("%c does not have order 7", MoveNames[m])
		}
	}
	// The judge README's example: sample 1 solved by A then C.
	for m := range NumMoves {
		for n := range NumMoves {
			a, b := id, id
			a.Apply(m)
			a.Apply(n)
			b.Apply(n)
			b.Apply(m)
			if (a == b) != (m == n || m == inverse[n] || commute(m, n)) {
				t.Fatalf("%c and %c: commute = %v", MoveNames[m], MoveNames[n], a == b)
			}
		}
	}
}

func TestLineCost(t *testing.T) {
	// Hand-worked values (positions 0..3 along a line's outside path).
	tests := []struct {
		s    [4]bool
		want int
	}{
		{[4]bool{}, 0},
		{[4]bool{true}, 1},
		{[4]bool{false, true}, 2},
		{[4]bool{false, false, true}, 2},
		{[4]bool{false, false, false, true}, 1},
		{[4]bool{true, false, false, true}, 3},
		{[4]bool{false, true, true}, 3},
		{[4]bool{true, false, true}, 3},
		{[4]bool{true, true, true, true}, 4},
	}
	for _, tc := range tests {
		if got := exitCost(tc.s); got != tc.want {
			t.Errorf("exitCost(%v) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

func TestSolveLexSmallest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := 200
	if testing.Short() {
		cases = 40
	}
	for i := range cases {
		b := scramble(rng, 1+i%6)
		want, ok := bfs(b, 0b1110, 6)
		if !ok {
			t.Fatalf("BFS found no goal within 6 for a 6-move scramble %s", b)
		}
		for _, h := range Heuristics {
			moves, err := Solve(context.Background(), b, h, "")
			if err != nil {
				t.Fatal(err)
			}
			if got := FormatMoves(moves); got != want {
				t.Fatalf("%s %s: %q, BFS %q", h, b, got, want)
			}
			c := b
			for _, m := range moves {
				c.Apply(m)
			}
			if c.CentreNumber() == 0 {
				t.Fatalf("%s: %q does not reach a goal", h, FormatMoves(moves))
			}
		}
		// Along the BFS path every suffix is optimal: h must not exceed it.
		c := b
		for j := 0; j <= len(want); j++ {
			checkAdmissible(t, c, len(want)-j, 0b1110)
			if j < len(want) {
				c.Apply(strings.IndexByte(MoveNames, want[j]))
			}
		}
	}
}

func checkAdmissible(t *testing.T, b Board, dist int, goals uint8) {
	t.Helper()
	lines, seed := b.h(hLines, goals), b.h(hSeed, goals)
	if lines > dist || seed > dist {
		t.Fatalf("%s: h lines %d, seed %d, true distance %d", b, lines, seed, dist)
	}
	if lines < seed {
		t.Fatalf("%s: lines %d below seed %d", b, lines, seed)
	}
	if (lines == 0) != (dist == 0) || (seed == 0) != (dist == 0) {
		t.Fatalf("%s: h lines %d, seed %d at distance %d", b, lines, seed, dist)
	}
}

func TestGoals(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 30 {
		b := scramble(rng, 1+i%4)
		for _, g := range Goals {
			mask, _ := parseGoal(g)
			want, ok := bfs(b, mask, 5)
			if !ok {
				continue
			}
			moves, err := Solve(context.Background(), b, "", g)
			if err != nil {
				t.Fatal(err)
			}
			if got := FormatMoves(moves); got != want {
				t.Fatalf("goal %s %s: %q, BFS %q", g, b, got, want)
			}
			checkAdmissible(t, b, len(want), mask)
		}
	}
}

func TestAStarLength(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 10 {
		b := scramble(rng, 5)
		want, _ := bfs(b, 0b1110, 5)
		d, err := NewDomain(b, "", "")
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.AStar(context.Background(), d, engine.Options{})
		if err != nil || !res.Solved() || len(res.Moves) != len(want) {
			t.Fatalf("A*: %v %v %v, BFS %q", res.Status, err, res.Moves, want)
		}
	}
}

func TestJudgeSample(t *testing.T) {
	in, err := os.ReadFile(shared.Path(t, "judge", "uva1343", "sample.in"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(shared.Path(t, "judge", "uva1343", "sample.out"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Judge(bytes.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestJudgeErrors(t *testing.T) {
	sample := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
	solved := "2 2 2 2 2 2 1 1 1 2 2 1 1 3 3 1 1 1 3 3 3 3 3 3\n"
	tests := []struct {
		name, in, out string
		ok            bool
	}{
		{"empty", "", "", false},
		{"only zero", "0\n", "", true},
		{"no closing zero", sample, "AC\n2\n", false},
		{"input after zero", "0\n1 2", "", false},
		{"solved", solved + "0\n", "No moves needed\n1\n", true},
		{"short", "1 1 1\n0\n", "", false},
		{"second short", sample + "1 1\n", "AC\n2\n", false},
		{"four", strings.Replace(sample, "3", "4", 1), "", false},
		{"word", strings.Replace(sample, "3", "x", 1), "", false},
		{"nine ones", strings.Replace(sample, "3", "1", 1), "", false},
		{"long token", strings.Repeat("1", 40), "", false},
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

func TestParseBoard(t *testing.T) {
	const compact = "11/11/3232313/22/3122231/21/33"
	b, err := ParseBoard(compact)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != compact {
		t.Fatalf("String() = %q", b.String())
	}
	if b.Judge() != "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3" {
		t.Fatalf("Judge() = %q", b.Judge())
	}
	for _, bad := range []string{"", "1", compact + "1", "0" + compact[1:], "x" + compact[1:], strings.Replace(compact, "3", "1", 1)} {
		if _, err := ParseBoard(bad); !errors.Is(err, ErrBadBoard) {
			t.Errorf("ParseBoard(%q) error = %v", bad, err)
		}
	}
	d, _ := NewDomain(b, "", "")
	js, err := json.Marshal(d.View())
	if err != nil || string(js) != `{"cells":[1,1,1,1,3,2,3,2,3,1,3,2,2,3,1,2,2,2,3,1,2,1,3,3],"centre":0}` {
		t.Fatalf("view JSON %s %v", js, err)
	}
}

func FuzzParseBoard(f *testing.F) {
	f.Add("11/11/3232313/22/3122231/21/33")
	f.Add("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBoard(s)
		if err != nil {
			return
		}
		if back, err := ParseBoard(b.String()); err != nil || back != b {
			t.Fatalf("round trip %q: %v", b.String(), err)
		}
	})
}

func FuzzJudge(f *testing.F) {
	f.Add("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n")
	f.Add("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n")
	f.Fuzz(func(t *testing.T, s string) {
		var out bytes.Buffer
		_ = Judge(strings.NewReader(s), &out)
	})
}

func TestPresets(t *testing.T) {
	for _, p := range Presets {
		b, err := ParseBoard(p.State)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		moves, err := Solve(context.Background(), b, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != p.Optimal {
			t.Errorf("%s: optimal %d, preset says %d", p.Name, len(moves), p.Optimal)
		}
		if p.Optimal <= 6 {
			want, ok := bfs(b, 0b1110, 6)
			if !ok || want != FormatMoves(moves) {
				t.Errorf("%s: BFS %q, IDA* %q", p.Name, want, FormatMoves(moves))
			}
		}
		checkAdmissible(t, b, p.Optimal, 0b1110)
	}
}

func TestScrambleGoals(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, g := range Goals {
		b := Scramble(rng, 0, g)
		if err := b.Check(); err != nil {
			t.Fatal(err)
		}
		mask, _ := parseGoal(g)
		if !b.isGoal(mask) {
			t.Fatalf("Scramble(0, %s) = %s is no goal", g, b)
		}
	}
}

func TestExpandMatchesH(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	out := make([]engine.Child, NumMoves)
	for i := range 300 {
		b := scramble(rng, 20)
		for _, h := range Heuristics {
			g := Goals[i%len(Goals)]
			d, err := NewDomain(b, h, g)
			if err != nil {
				t.Fatal(err)
			}
			prev := rng.IntN(NumMoves+1) - 1
			n := d.Expand(prev, out)
			if want := len(allowed[prev+1]); n != want {
				t.Fatalf("Expand wrote %d children, want %d", n, want)
			}
			for _, c := range out[:n] {
				if forbidden(max(prev, 0), int(c.Move)) && prev >= 0 {
					t.Fatalf("Expand after %d generated forbidden %d", prev, c.Move)
				}
				d.Apply(int(c.Move))
				if int(c.H) != d.H() {
					t.Fatalf("%s goal %s: child %c: Expand says h=%d, H()=%d", h, g, MoveNames[c.Move], c.H, d.H())
				}
				d.Undo(int(c.Move))
			}
			if d.Board() != b {
				t.Fatal("Expand changed the board")
			}
		}
	}
}
