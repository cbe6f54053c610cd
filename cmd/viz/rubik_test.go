package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"idaviz/puzzles"
	"idaviz/puzzles/rubik"
	"idaviz/trace"
)

type rubikSolveOut struct {
	Solved   bool     `json:"solved"`
	Status   string   `json:"status"`
	Length   int      `json:"length"`
	Moves    []string `json:"moves"`
	State    string   `json:"state"`
	Scramble string   `json:"scramble"`
}

func solveRubikJSON(t *testing.T, args ...string) (int, rubikSolveOut, string) {
	t.Helper()
	status, out, errs := runViz(t, "", append([]string{"solve", "--json", "--puzzle", "rubik"}, args...)...)
	var got rubikSolveOut
	if out != "" {
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("not one JSON object: %v\n%s", err, out)
		}
	}
	return status, got, errs
}

// applyTo checks that moves (viz's names) take the facelet state to solved,
// and that scramble makes the state from solved.
func checkStateAndScramble(t *testing.T, got rubikSolveOut) {
	t.Helper()
	c, err := rubik.FromFacelets(got.State)
	if err != nil {
		t.Fatalf("state %q: %v", got.State, err)
	}
	if got.Solved {
		moves, err := rubik.ParseMoves(strings.Join(got.Moves, " "))
		if err != nil {
			t.Fatal(err)
		}
		x := c
		x.Apply(moves)
		if !x.IsSolved() {
			t.Errorf("the solution %v does not solve the state %s", got.Moves, got.State)
		}
	}
	if got.Scramble != "" {
		s, err := rubik.ParseMoves(got.Scramble)
		if err != nil {
			t.Fatalf("scramble %q: %v", got.Scramble, err)
		}
		if f := rubik.FromMoves(s); f.Facelets() != got.State {
			t.Errorf("scramble %q makes %s, not the state %s", got.Scramble, f.Facelets(), got.State)
		}
	}
}

func TestRubikFaceletsAndScramble(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	const scramble = "R U R' U' F2"
	// Given as a scramble: the state is its facelets, the scramble itself.
	status, got, errs := solveRubikJSON(t, "--heuristic", "small", scramble)
	if status != exitOK || !got.Solved || got.Length != 5 {
		t.Fatalf("status %d %+v %s", status, got, errs)
	}
	if got.Scramble != scramble {
		t.Errorf("scramble %q, want the one given, %q", got.Scramble, scramble)
	}
	checkStateAndScramble(t, got)
	// Given as facelets: the same cube, and the solution's inverse as the
	// scramble.
	status, got2, errs := solveRubikJSON(t, "--heuristic", "small", got.State)
	if status != exitOK || got2.State != got.State || got2.Length != 5 {
		t.Fatalf("status %d %+v %s", status, got2, errs)
	}
	checkStateAndScramble(t, got2)
	// The kociemba packages' string for R, and solved.
	status, got3, _ := solveRubikJSON(t, "--heuristic", "small", "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB")
	if status != exitOK || strings.Join(got3.Moves, " ") != "R'" {
		t.Errorf("R's facelets: %+v", got3)
	}
	status, got4, _ := solveRubikJSON(t, "--heuristic", "small", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB")
	if status != exitOK || got4.Length != 0 {
		t.Errorf("solved facelets: %+v", got4)
	}
}

func TestRubikFaceletsBad(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	for _, tc := range []struct{ state, want string }{
		{"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBR", "10 facelets of R"},
		{"UUUURUUUUURRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", "centre of face U"},
		// A slip in a facelet string is said as such, not as a bad net.
		{"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBX", "facelet 54 is 'X'"},
		{"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBB", "53 face letters with no spaces"},
		// Two corner stickers swapped: a twisted corner.
		{"UUUUUUUUFRRRRRRRRRUFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", "corner"},
	} {
		status, _, errs := runViz(t, "", "solve", "--puzzle", "rubik", "--heuristic", "small", tc.state)
		if status != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: status %d, stderr %q, want it to say %q", tc.state, status, errs, tc.want)
		}
	}
}

// TestRubikRandom: a seed makes one uniformly random cube, the same in solve
// and compare; another seed another cube. (The search is cut short: a
// random cube is 17 or 18 moves from solved.)
func TestRubikRandom(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	state := func(seed string) string {
		t.Helper()
		status, got, errs := solveRubikJSON(t, "--heuristic", "small", "--max-nodes", "1000", "--seed", seed, "random")
		if status != exitNotFound || got.Status != trace.StatusLimit.String() {
			t.Fatalf("seed %s: status %d %+v %s", seed, status, got, errs)
		}
		if got.Scramble != "" {
			t.Errorf("an unsolved random cube has no known scramble, got %q", got.Scramble)
		}
		checkStateAndScramble(t, got)
		return got.State
	}
	a, b, a2 := state("7"), state("8"), state("7")
	if a != a2 || a == b {
		t.Errorf("seed 7 gave %s then %s; seed 8 %s", a, a2, b)
	}
	p, err := puzzles.Lookup("rubik")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := p.Parse("random:7", "")
	if err != nil || inst.String() != a {
		t.Errorf("random:7 parses to %v (%v), want %s", inst, err, a)
	}
	got := runCompareJSON(t, "--puzzle", "rubik", "--heuristic", "small", "--instances", "random:3", "--max-nodes", "500")
	if len(got.Runs) != 3 {
		t.Fatalf("%d runs, want 3", len(got.Runs))
	}
	seen := map[string]bool{}
	for _, r := range got.Runs {
		s, _ := r["state"].(string)
		if _, err := rubik.FromFacelets(s); err != nil {
			t.Errorf("compare's random state %q: %v", s, err)
		}
		seen[s] = true
	}
	if len(seen) != 3 {
		t.Errorf("random:3 gave %d distinct cubes", len(seen))
	}
	status, _, errs := runViz(t, "", "compare", "--puzzle", "8puzzle", "--instances", "random:3")
	if status != exitUsage || !strings.Contains(errs, "no uniformly random") {
		t.Errorf("random:N for the 8-puzzle: %d %q", status, errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"random"}, "name the puzzle of STATE random with --puzzle (rubik)"},
		{[]string{"--puzzle", "8puzzle", "random"}, "--puzzle 8puzzle has no uniformly random states (STATE random is for: rubik)"},
		{[]string{"--puzzle", "8puzzle", "random:3"}, "8puzzle state"},
	} {
		status, _, errs := runViz(t, "", append([]string{"solve"}, tc.args...)...)
		if status != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("solve %v: %d %q, want 2 and %q", tc.args, status, errs, tc.want)
		}
	}
}

func TestProgressText(t *testing.T) {
	s := trace.Snapshot{Iteration: 3, Bound: 17,
		Iterations: []trace.Iteration{{Iteration: 1, Counts: trace.Counts{Generated: 100}}, {Iteration: 2, Counts: trace.Counts{Generated: 1000}}},
		Current:    trace.Iteration{Iteration: 3, Counts: trace.Counts{Generated: 2500}},
		Totals:     trace.Counts{Generated: 3600}}
	line := progressText(english, s, 2*time.Second)
	for _, want := range []string{"iteration 3, bound 17", "3600 nodes", "1.8 k nodes/s", "~25% of an expected 1e+04 nodes (x10.0)", "~4s left"} {
		if !strings.Contains(line, want) {
			t.Errorf("%q lacks %q", line, want)
		}
	}
	s.Iterations = s.Iterations[1:]
	if line := progressText(english, s, time.Second); strings.Contains(line, "expected") {
		t.Errorf("one iteration gives no ratio: %q", line)
	}
}
