package check_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"idaviz/check"
	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/puzzles/script"
)

// board is an 8-puzzle state: the tile in each cell, 0 the blank.
type board [9]byte

var goal = board{1, 2, 3, 4, 5, 6, 7, 8, 0}

// bfs is an independent breadth-first search over the 8-puzzle from the
// goal: the number of moves from every solvable state to it.
func bfs() map[board]int {
	dist := map[board]int{goal: 0}
	queue := []board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		var blank int
		for i, t := range b {
			if t == 0 {
				blank = i
			}
		}
		r, c := blank/3, blank%3
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nc < 0 || nr > 2 || nc > 2 {
				continue
			}
			n := b
			n[blank], n[nr*3+nc] = n[nr*3+nc], 0
			if _, ok := dist[n]; !ok {
				dist[n] = dist[b] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// manhattan sums the tiles' distances to their goal cells; with blank, the
// blank's too (a mistake: it makes the heuristic inadmissible).
func manhattan(b board, blank bool) int {
	sum := 0
	for i, t := range b {
		if t == 0 && !blank {
			continue
		}
		g := int(t) - 1
		if t == 0 {
			g = 8
		}
		sum += abs(i/3-g/3) + abs(i%3-g%3)
	}
	return sum
}

func misplaced(b board) int {
	n := 0
	for i, t := range b {
		if t != 0 && t != goal[i] {
			n++
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// expected is what a check must report of h, computed from the BFS.
type expected struct {
	violations    int
	meanH, meanHS float64
	exact         float64
	notDominated  int
	levels        []check.Level // by h*
}

func expect(dist map[board]int, h func(board) int, h2 func(board) int) expected {
	var e expected
	var sumH, sumHS, exact float64
	for b, d := range dist {
		v := h(b)
		sumH += float64(v)
		sumHS += float64(d)
		if v > d {
			e.violations++
		}
		if v == d {
			exact++
		}
		if h2 != nil && h2(b) > v {
			e.notDominated++
		}
		for len(e.levels) <= d {
			e.levels = append(e.levels, check.Level{HStar: len(e.levels), MinH: math.MaxInt})
		}
		l := &e.levels[d]
		l.States++
		l.MeanH += float64(v) // a sum until the end
		l.MinH, l.MaxH = min(l.MinH, v), max(l.MaxH, v)
	}
	for i := range e.levels {
		e.levels[i].MeanH /= float64(e.levels[i].States)
	}
	n := float64(len(dist))
	e.meanH, e.meanHS, e.exact = sumH/n, sumHS/n, exact/n
	return e
}

// domain is an 8-puzzle domain at the goal with a heuristic: a built-in
// name, or Starlark source.
func domain(t *testing.T, heuristic string) check.Space {
	t.Helper()
	var r *puzzles.Request
	var err error
	if strings.Contains(heuristic, "def h") {
		var f *script.HeuristicFile
		if f, err = script.LoadHeuristic("h.star", []byte(heuristic), script.Budget{}); err == nil {
			r, err = puzzles.NewScriptedRequest("8puzzle", "1 2 3 4 5 6 7 8 0", "", f)
		}
	} else {
		r, err = puzzles.NewRequest("8puzzle", "1 2 3 4 5 6 7 8 0", heuristic, "")
	}
	if err != nil {
		t.Fatal(err)
	}
	d, err := r.Instance.Domain(r.Heuristic)
	if err != nil {
		t.Fatal(err)
	}
	return d.(check.Space)
}

// blankToo is Manhattan distance in Starlark that counts the blank as a
// tile: a classic mistake.
const blankToo = `
WHERE = {t: i for i, t in enumerate(goal)}

def h(state):
    total = 0
    for i in range(9):
        g = WHERE[state[i]]
        total += abs(i // 3 - g // 3) + abs(i % 3 - g % 3)
    return total
`

// TestEightPuzzle grades Manhattan, misplaced tiles and the blank-counting
// Manhattan over all 181,440 states, against an independent BFS.
func TestEightPuzzle(t *testing.T) {
	if testing.Short() {
		t.Skip("grades 181,440 states several times (a few seconds)")
	}
	dist := bfs()
	if len(dist) != 181440 {
		t.Fatalf("the BFS found %d states", len(dist))
	}
	md := func(b board) int { return manhattan(b, false) }
	cases := []struct {
		name, heuristic, against string
		h, h2                    func(board) int
		admissible, consistent   bool
	}{
		{"manhattan", "manhattan", "misplaced", md, misplaced, true, true},
		{"misplaced", "misplaced", "manhattan", misplaced, md, true, true},
		{"blank too", blankToo, "manhattan", func(b board) int { return manhattan(b, true) }, md, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := expect(dist, c.h, c.h2)
			r, err := check.Exhaustive(context.Background(), domain(t, c.heuristic), check.Options{Against: domain(t, c.against)})
			if err != nil {
				t.Fatal(err)
			}
			close := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
			if r.States != 181440 || r.Sampled || r.Unsolvable != 0 || r.Admissible != c.admissible || r.Consistent != c.consistent ||
				r.Violations != want.violations || !close(r.MeanH, want.meanH) || !close(r.MeanHStar, want.meanHS) ||
				!close(r.ExactFraction, want.exact) || r.Dominates == nil || *r.Dominates != (want.notDominated == 0) ||
				r.NotDominated != want.notDominated {
				t.Fatalf("report %+v\nwant %+v", r, want)
			}
			// h against h*, level by level (the 8-puzzle's h* runs 0..31 without a gap).
			if len(r.Levels) != len(want.levels) {
				t.Fatalf("%d levels of h*, want %d", len(r.Levels), len(want.levels))
			}
			for i, l := range r.Levels {
				w := want.levels[i]
				if l.HStar != w.HStar || l.States != w.States || l.MinH != w.MinH || l.MaxH != w.MaxH || !close(l.MeanH, w.MeanH) {
					t.Fatalf("level %d: %+v, want %+v", i, l, w)
				}
			}
			if !c.admissible {
				if len(r.Worst) != 10 || r.Worst[0].H <= r.Worst[0].HStar {
					t.Fatalf("worst %+v", r.Worst)
				}
				if r.InconsistentMoves == 0 || len(r.WorstMoves) == 0 {
					t.Fatalf("no inconsistent move listed: %+v", r)
				}
			}
		})
	}
}

// TestTooBig: a check that would visit more states than allowed says so.
func TestTooBig(t *testing.T) {
	r, err := puzzles.NewRequest("15puzzle", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "manhattan", "")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := r.Instance.Domain(r.Heuristic)
	_, err = check.Exhaustive(context.Background(), d.(check.Space), check.Options{MaxStates: 1000})
	var big *check.TooBigError
	if !asTooBig(err, &big) || big.Max != 1000 {
		t.Fatalf("error %v, want a TooBigError at 1000", err)
	}
}

func asTooBig(err error, target **check.TooBigError) bool {
	e, ok := err.(*check.TooBigError)
	*target = e
	return ok
}

// TestSample grades Manhattan on a sample of 15-puzzle states, each solved
// by IDA* with linear conflict: admissible and consistent, with h* at
// least h everywhere.
func TestSample(t *testing.T) {
	r, err := puzzles.NewRequest("15puzzle", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "manhattan", "")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := r.Instance.Domain("manhattan")
	ref, _ := r.Instance.Domain("linear-conflict")
	seed := uint64(1)
	states, err := check.RandomWalks(d.(check.Space), 20, 30, func(n int) int { seed = seed*6364136223846793005 + 1; return int(seed>>33) % n })
	if err != nil || len(states) != 20 {
		t.Fatalf("%d states, %v", len(states), err)
	}
	solve := func(ctx context.Context, s []byte) (int, bool, error) {
		ref.(check.Space).SetState(s)
		res, err := engine.IDA(ctx, ref, engine.Options{})
		return res.Cost, res.Solved(), err
	}
	rep, err := check.Sample(context.Background(), d.(check.Space), states, solve, "IDA* with linear-conflict", check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Sampled || rep.States != 20 || !rep.Admissible || !rep.Consistent || rep.Moves < 40 || rep.MeanHStar < rep.MeanH || rep.Reference == "" {
		t.Fatalf("%+v", rep)
	}
}
