package tiles

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"idaviz/engine"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		size    int
		goal    Goal
		want    string // the board's String, when valid
		wantErr string // a part of the error, when not
		unsolv  bool
	}{
		{name: "3x3 spaces", in: "1 2 3 4 5 6 7 0 8", want: "1 2 3, 4 5 6, 7 0 8"},
		{name: "3x3 commas", in: "1,2,3,4,5,6,7,0,8", want: "1 2 3, 4 5 6, 7 0 8"},
		{name: "friendly round trip", in: "1 2 3, 4 5 6, 7 0 8", want: "1 2 3, 4 5 6, 7 0 8"},
		{name: "multi-line", in: "1 2 3\n4 5 6\r\n7 0 8\n", want: "1 2 3, 4 5 6, 7 0 8"},
		{name: "4x4 inferred", in: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", want: "1 2 3 4, 5 6 7 8, 9 10 11 12, 13 14 0 15"},
		{name: "4x4 blank-first", in: "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15", goal: BlankFirst, want: "1 0 2 3, 4 5 6 7, 8 9 10 11, 12 13 14 15"},
		{name: "5x5 given", in: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0", size: 5,
			want: "1 2 3 4 5, 6 7 8 9 10, 11 12 13 14 15, 16 17 18 19 20, 21 22 23 24 0"},
		{name: "empty", in: " , \n", wantErr: "no numbers"},
		{name: "wrong count inferred", in: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", wantErr: "got 15 numbers; a board needs 9 (3x3), 16 (4x4) or 25 (5x5)"},
		{name: "wrong count given", in: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", size: 4, wantErr: "got 15 numbers, a 4x4 board needs 16"},
		{name: "size unsupported", in: "1 2 3 0", size: 2, wantErr: "board size 2 is not supported"},
		{name: "out of range", in: "1 2 3 4 5 6 7 9 0", wantErr: "tile 9 (number 8) is out of range: a 3x3 board holds 0 to 8"},
		{name: "negative", in: "1 2 3 4 5 6 7 -8 0", wantErr: "tile -8 (number 8) is out of range"},
		{name: "huge", in: "1 2 3 4 5 6 7 99999999999999999999 0", wantErr: "number 8, \"99999999999999999999\", is out of range"},
		{name: "duplicate", in: "1 2 3 4 5 6 7 7 0", wantErr: "tile 7 appears twice, so tile 8 is missing"},
		{name: "not a number", in: "1 2 3 4 5 6 7 x 0", wantErr: "number 8, \"x\", is not a number"},
		{name: "words", in: "hello world", wantErr: "number 1, \"hello\", is not a number"},
		{name: "words, a board's count", in: "1 2 3 4 5 6 7 8 x y", size: 3, wantErr: "number 9, \"x\", is not a number"},
		{name: "unsolvable 3x3", in: "2 1 3 4 5 6 7 8 0", wantErr: "cannot reach the blank-last goal", unsolv: true},
		{name: "unsolvable 4x4", in: "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0", wantErr: "cannot reach", unsolv: true},
		{name: "Korf under blank-last", in: "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", wantErr: "cannot reach", unsolv: true},
		{name: "Korf under blank-first", in: "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", goal: BlankFirst, want: "14 13 15 7, 11 12 9 5, 6 0 2 1, 4 8 10 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Parse(tt.in, tt.size, tt.goal)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Parse(%q) error %v, want one containing %q", tt.in, err, tt.wantErr)
				}
				if got := errors.Is(err, ErrUnsolvable); got != tt.unsolv {
					t.Errorf("errors.Is(err, ErrUnsolvable) = %v, want %v", got, tt.unsolv)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if b.String() != tt.want {
				t.Errorf("String() = %q, want %q", b.String(), tt.want)
			}
			again, err := Parse(b.String(), 0, tt.goal)
			if err != nil || again != b {
				t.Errorf("String() does not parse back: %v", err)
			}
		})
	}
}

func TestGridAndFormats(t *testing.T) {
	b, err := Parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", 0, BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.Grid(), " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14  . 15\n"; got != want {
		t.Errorf("Grid() = %q, want %q", got, want)
	}
	if got, want := FormatUVa10181([]Board{b}), "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n"; got != want {
		t.Errorf("FormatUVa10181 = %q, want %q", got, want)
	}
	e, _ := Parse("1 2 3 4 5 6 7 0 8", 0, BlankLast)
	if got, want := FormatHDU1043(e), "1 2 3 4 5 6 7 x 8"; got != want {
		t.Errorf("FormatHDU1043 = %q, want %q", got, want)
	}
	if got := FormatMoves([]int{MoveUp, MoveDown, MoveLeft, MoveRight}, true); got != "udlr" {
		t.Errorf("FormatMoves lower = %q", got)
	}
	if got := FormatMoves([]int{MoveUp, MoveDown, MoveLeft, MoveRight}, false); got != "UDLR" {
		t.Errorf("FormatMoves upper = %q", got)
	}
}

func TestPlay(t *testing.T) {
	g, _ := GoalBoard(3, BlankLast)
	b, err := g.Play("ULDR")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "1 2 3, 4 8 5, 7 6 0"; got != want {
		t.Errorf("after ULDR: %s, want %s", got, want)
	}
	if _, err := g.Play("D"); err == nil || !strings.Contains(err.Error(), "off the board") {
		t.Errorf("D from the corner: %v", err)
	}
	if _, err := g.Play("Ux"); err == nil || !strings.Contains(err.Error(), `move 2, 'x'`) {
		t.Errorf("bad letter: %v", err)
	}
}

// Solvable must agree with reachability: exactly the 9!/2 arrangements that
// breadth-first search reaches from each goal.
func TestSolvableMatchesBFS(t *testing.T) {
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		d := bfs8(t, goal)
		perm := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
		rng := rand.New(rand.NewPCG(7, uint64(goal)))
		for i := 0; i < 20000; i++ {
			rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			b, err := NewBoard(3, perm, goal)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := b.Solvable(), d.of(b) >= 0; got != want {
				t.Fatalf("%s: Solvable(%s) = %v, BFS says %v", goal, b, got, want)
			}
		}
	}
	// On 4x4 the two goals are in opposite classes; check against random
	// walks (solvable) and walks with two tiles swapped (not).
	rng := rand.New(rand.NewPCG(3, 4))
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		for _, size := range []int{4, 5} {
			for i := 0; i < 200; i++ {
				b, _ := Scramble(rng, size, 100+i, goal)
				if !b.Solvable() {
					t.Fatalf("%dx%d %s: scrambled %s reported unsolvable", size, size, goal, b)
				}
				x, y := 0, 1
				if b.tiles[x] == 0 || b.tiles[y] == 0 {
					x, y = 2, 3
				}
				b.tiles[x], b.tiles[y] = b.tiles[y], b.tiles[x]
				if b.Solvable() {
					t.Fatalf("%dx%d %s: %s with two tiles swapped reported solvable", size, size, goal, b)
				}
			}
		}
	}
}

// Every heuristic is admissible (h <= the true distance) and 0 exactly at
// the goal, on every reachable 8-puzzle state.
func TestHeuristicsAdmissible8(t *testing.T) {
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		d := bfs8(t, goal)
		for _, h := range []Heuristic{Misplaced, Manhattan, LinearConflict} {
			var sum [3]int
			for _, s := range d.states {
				dom := NewDomain(Board{size: 3, goal: goal, tiles: s}, h)
				dist := int(d.dist[rank8(&s)])
				if dom.H() > dist {
					t.Fatalf("%s %s: h(%s) = %d > distance %d", goal, h, dom.Board(), dom.H(), dist)
				}
				if (dom.H() == 0) != (dist == 0) {
					t.Fatalf("%s %s: h(%s) = %d at distance %d", goal, h, dom.Board(), dom.H(), dist)
				}
				sum[h] += dom.H()
			}
		}
	}
}

// The heuristics are ordered: misplaced <= Manhattan <= linear conflict.
func TestHeuristicsOrdered(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{3, 4, 5} {
		for i := 0; i < 300; i++ {
			b, _ := Scramble(rng, size, 40+i, BlankLast)
			mp, md, lc := NewDomain(b, Misplaced).H(), NewDomain(b, Manhattan).H(), NewDomain(b, LinearConflict).H()
			if mp > md || md > lc {
				t.Fatalf("%s: misplaced %d, manhattan %d, linear conflict %d", b, mp, md, lc)
			}
		}
	}
}

// stratified picks up to per states of each distance from the BFS, evenly
// spread, so the deepest (31) are always included.
func stratified(d *distances8, per int) []cells {
	byDepth := map[int8][]cells{}
	for _, s := range d.states {
		k := d.dist[rank8(&s)]
		byDepth[k] = append(byDepth[k], s)
	}
	var out []cells
	for depth := int8(0); depth <= 31; depth++ {
		all := byDepth[depth]
		step := max(1, len(all)/per)
		for i := 0; i < len(all) && i/step < per; i += step {
			out = append(out, all[i])
		}
	}
	return out
}

// replay checks that moves take b to its goal.
func replay(t *testing.T, b Board, moves []int) {
	t.Helper()
	end, err := b.Play(FormatMoves(moves, false))
	if err != nil {
		t.Fatalf("%s: solution %s does not replay: %v", b, FormatMoves(moves, false), err)
	}
	if !end.IsGoal() {
		t.Fatalf("%s: solution %s ends at %s, not the goal", b, FormatMoves(moves, false), end)
	}
}

// IDA* and A* find solutions of exactly the BFS distance, with every
// heuristic, on a depth-stratified sample of 8-puzzle states: all 181,440
// would take minutes with the misplaced-tiles heuristic, whose deep states
// cost IDA* millions of nodes, so it gets a thinner sample.
func TestOptimal8(t *testing.T) {
	per := map[Heuristic]int{Misplaced: 3, Manhattan: 80, LinearConflict: 80} // about 2,000 states each
	if testing.Short() {
		per = map[Heuristic]int{Misplaced: 1, Manhattan: 6, LinearConflict: 6}
	}
	ctx := context.Background()
	type search func(context.Context, engine.Domain, engine.Options) (engine.Result, error)
	algos := []struct {
		name string
		run  search
	}{{"ida", engine.IDA}, {"astar", engine.AStar}}
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		d := bfs8(t, goal)
		for _, h := range []Heuristic{Misplaced, Manhattan, LinearConflict} {
			n := per[h]
			if goal == BlankFirst {
				n = max(1, n/3) // the second goal only has to show the tables are right
			}
			for i, s := range stratified(d, n) {
				b := Board{size: 3, goal: goal, tiles: s}
				want := d.of(b)
				if testing.Short() && h == Misplaced && want > 24 {
					continue // the race run cannot afford A* with misplaced tiles on the deepest states
				}
				for _, a := range algos {
					if a.name == "astar" && ((h != Misplaced && i%2 == 1) || (h == Misplaced && want > 26)) {
						// A* costs several times IDA* here (it stores every state): every
						// other state is plenty, and with misplaced tiles the deepest
						// cost seconds each, so IDA* alone checks those.
						continue
					}
					dom := NewDomain(b, h)
					res, err := a.run(ctx, dom, engine.Options{})
					if err != nil || !res.Solved() {
						t.Fatalf("%s %s %s %s: %v, status %s", a.name, goal, h, b, err, res.Status)
					}
					if len(res.Moves) != want || res.Cost != want {
						t.Fatalf("%s %s %s %s: %d moves (cost %d), BFS distance %d", a.name, goal, h, b, len(res.Moves), res.Cost, want)
					}
					if dom.Board() != b {
						t.Fatalf("%s %s %s: the domain was not returned to the start", a.name, goal, h)
					}
					replay(t, b, res.Moves)
				}
			}
		}
	}
}

// Korf's instances that linear conflict solves quickly reach their published
// optimal lengths, and every heuristic stays below the optimum on all 100.
func TestKorf(t *testing.T) {
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 100 {
		t.Fatalf("%d Korf instances, want 100", len(ks))
	}
	for _, k := range ks {
		for _, h := range []Heuristic{Misplaced, Manhattan, LinearConflict} {
			if v := NewDomain(k.Board, h).H(); v > k.Optimal || (h != Misplaced && v%2 != k.Optimal%2) {
				t.Errorf("Korf #%d: %s = %d, optimal %d (h must not exceed it; Manhattan-based ones share its parity)", k.Number, h, v, k.Optimal)
			}
		}
	}
	limit := 50
	if testing.Short() {
		limit = 46
	}
	solved := 0
	for _, k := range ks {
		if k.Optimal > limit {
			continue
		}
		d := NewDomain(k.Board, LinearConflict)
		res, err := engine.IDA(context.Background(), d, engine.Options{})
		if err != nil || !res.Solved() {
			t.Fatalf("Korf #%d: %v, status %s", k.Number, err, res.Status)
		}
		if len(res.Moves) != k.Optimal {
			t.Errorf("Korf #%d: %d moves, optimal %d", k.Number, len(res.Moves), k.Optimal)
		}
		replay(t, k.Board, res.Moves)
		solved++
	}
	if solved == 0 {
		t.Fatal("no Korf instance solved")
	}
	t.Logf("solved %d Korf instances of at most %d moves", solved, limit)
}

// On 4x4 and 5x5 boards with the judges' goal, the three heuristics agree on
// the optimal length of shallow scrambles, and A* agrees with IDA*.
func TestScrambledAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := 12
	if testing.Short() {
		n = 4
	}
	ctx := context.Background()
	for _, size := range []int{4, 5} {
		for i := 0; i < n; i++ {
			b, _ := Scramble(rng, size, 14+i%6, BlankLast)
			want := -1
			for _, h := range []Heuristic{LinearConflict, Manhattan, Misplaced} {
				res, err := engine.IDA(ctx, NewDomain(b, h), engine.Options{})
				if err != nil || !res.Solved() {
					t.Fatalf("%s %s: %v", h, b, err)
				}
				replay(t, b, res.Moves)
				if want < 0 {
					want = len(res.Moves)
				} else if len(res.Moves) != want {
					t.Fatalf("%s: %s finds %d moves, linear conflict %d", b, h, len(res.Moves), want)
				}
			}
			res, err := engine.AStar(ctx, NewDomain(b, Manhattan), engine.Options{})
			if err != nil || len(res.Moves) != want {
				t.Fatalf("%s: A* finds %d moves (%v), IDA* %d", b, len(res.Moves), err, want)
			}
		}
	}
}

func TestDomainInterfaces(t *testing.T) {
	b, _ := Parse("1 2 3, 4 0 6, 7 5 8", 3, BlankLast)
	d := NewDomain(b, LinearConflict)
	if d.NumMoves() != 4 || d.MaxBranch() != 4 {
		t.Errorf("NumMoves %d, MaxBranch %d", d.NumMoves(), d.MaxBranch())
	}
	for m, want := range []string{"U", "D", "L", "R"} {
		if d.MoveName(m) != want {
			t.Errorf("MoveName(%d) = %q", m, d.MoveName(m))
		}
	}
	var out [4]engine.Child
	if n := d.Expand(engine.NoMove, out[:]); n != 4 {
		t.Errorf("centre blank at the root: %d children", n)
	}
	if n := d.Expand(MoveUp, out[:]); n != 3 || out[0].Move != MoveUp || out[1].Move != MoveLeft {
		t.Errorf("after U: %d children %v (D must be cut)", n, out[:n])
	}
	var cut [4]int
	if n := d.Cut(MoveUp, cut[:]); n != 1 || cut[0] != MoveDown {
		t.Errorf("Cut(U) = %v", cut[:n])
	}
	if n := d.Cut(engine.NoMove, cut[:]); n != 0 {
		t.Errorf("Cut at the root = %d", n)
	}

	key := d.AppendState(nil)
	c := d.Clone().(*Domain)
	c.Apply(MoveDown)
	if d.Board() != b {
		t.Error("Apply on a clone changed the original")
	}
	c.SetState(key)
	if c.Board() != b || c.H() != d.H() {
		t.Error("SetState did not restore the state")
	}
	c.SetState([]byte{1, 2, 3})
	c.SetState([]byte{1, 1, 1, 1, 1, 1, 1, 1, 1})
	if c.Board() != b {
		t.Error("SetState accepted a bad encoding")
	}

	v, ok := d.View().(View)
	if !ok || v.Size != 3 || v.Blank != 4 || len(v.Tiles) != 9 || v.Tiles[7] != 5 || v.Goal != "blank-last" {
		t.Errorf("View() = %+v", d.View())
	}
	if _, err := b.Domain("nope"); err == nil {
		t.Error("unknown heuristic accepted")
	}
}
