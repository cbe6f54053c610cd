package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idaviz/puzzles"
	"idaviz/trace"
)

const (
	romaniaFile   = "../../examples/romania/romania.star"
	manhattanFile = "../../examples/heuristics/manhattan.star"
)

// solveOut is the part of solve --json these tests read.
type solveOut struct {
	Solved    bool     `json:"solved"`
	Cost      int      `json:"cost"`
	Length    int      `json:"length"`
	Moves     []string `json:"moves"`
	Expanded  int64    `json:"expanded"`
	Generated int64    `json:"generated"`
	Distinct  int      `json:"distinct"`
	Puzzle    string   `json:"puzzle"`
	Heuristic string   `json:"heuristic"`
}

// vizJSON runs a command that must succeed and decodes its one JSON
// object.
func vizJSON[T any](t *testing.T, stdin string, args ...string) T {
	t.Helper()
	status, out, errs := runViz(t, stdin, args...)
	if status != exitOK {
		t.Fatalf("%v: status %d, stderr %q", args, status, errs)
	}
	var v T
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: not one JSON object: %v\n%s", args, err, out)
	}
	return v
}

func solveJSONOf(t *testing.T, stdin string, args ...string) solveOut {
	t.Helper()
	return vizJSON[solveOut](t, stdin, append([]string{"solve", "--json"}, args...)...)
}

// TestSolveRomania: the textbook's route from Arad to Bucharest, 418 km,
// by IDA* and by A* under the straight-line distance.
func TestSolveRomania(t *testing.T) {
	for _, algo := range []string{"ida", "astar"} {
		s := solveJSONOf(t, "", "--problem", romaniaFile, "--heuristic", "straight-line", "--algo", algo)
		if !s.Solved || s.Cost != 418 || strings.Join(s.Moves, ",") != "Sibiu,Rimnicu Vilcea,Pitesti,Bucharest" ||
			s.Puzzle != "romania" || s.Heuristic != "straight-line" {
			t.Errorf("%s: %+v", algo, s)
		}
	}
	// From another city, named as a bare word or as a Starlark string.
	for _, start := range []string{"Timisoara", `"Timisoara"`} {
		if s := solveJSONOf(t, "", "--problem", romaniaFile, start); s.Cost != 536 {
			t.Errorf("from %s: %+v", start, s)
		}
	}
}

// TestSolveScriptErrors: what is wrong with a script, or with how it is
// asked for, is said with exit 2.
func TestSolveScriptErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--puzzle", "8puzzle", "--heuristic", "testdata/scripts/syntax.star", "1 2 3 4 5 6 7 0 8"}, "testdata/scripts/syntax.star:4:21: got '*', want primary expression"},
		{[]string{"--puzzle", "8puzzle", "--heuristic", "testdata/scripts/none.star", "1 2 3 4 5 6 7 0 8"}, "none.star: no such file"},
		{[]string{"--puzzle", "8puzzle", "--heuristic", "testdata/scripts/index.star", "1 2 3 4 5 6 7 0 8"}, "testdata/scripts/index.star:2:17: h((1, 2, 3, 4, 5, 6, 7, 0, 8)): tuple index 9 out of range"},
		{[]string{"--puzzle", "rubik", "--heuristic", manhattanFile, "U"}, "puzzle rubik cannot give its states to a heuristic written in Starlark (puzzles that can: 15puzzle, 24puzzle, 8puzzle, booksort, "},
		{[]string{"--problem", romaniaFile, "--heuristic", "nope"}, `problem romania has no heuristic "nope" (choose from: straight-line, zero)`},
		{[]string{"--problem", romaniaFile, "--puzzle", "8puzzle"}, "--problem is the problem to solve; drop --puzzle"},
		{[]string{"--problem", romaniaFile, "(1,"}, `the state "(1,"`},
		{[]string{"--problem", romaniaFile, "--heuristic", manhattanFile}, "a problem's heuristics are in its file"},
		{[]string{"--problem", "testdata/scripts/bad_moves.star"}, `bad_moves.star:3:1: moves(0): move 1 is ("+", 1), not a (label, next state, cost) tuple`},
	} {
		status, _, errs := runViz(t, "", append([]string{"solve"}, c.args...)...)
		if status != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d, stderr %q; want exit 2 and %q", c.args, status, errs, c.want)
		}
	}
}

// TestSolveHeuristicFile: Manhattan distance written in Starlark searches
// exactly as the built-in one does, and compare runs them side by side.
func TestSolveHeuristicFile(t *testing.T) {
	const hardest = "8 6 7 2 5 4 3 0 1"
	script := solveJSONOf(t, "", "--puzzle", "8puzzle", "--heuristic", manhattanFile, hardest)
	builtin := solveJSONOf(t, "", "--puzzle", "8puzzle", "--heuristic", "manhattan", hardest)
	if script.Length != 31 || script.Expanded != builtin.Expanded || script.Generated != builtin.Generated || script.Distinct == 0 {
		t.Fatalf("script %+v\nbuilt-in %+v", script, builtin)
	}
	cmp := vizJSON[struct {
		Runs []struct {
			Instance  int    `json:"instance"`
			Heuristic string `json:"heuristic"`
			Generated int64  `json:"generated"`
		} `json:"runs"`
	}](t, "", "compare", "--puzzle", "8puzzle", "--heuristic", "manhattan,"+manhattanFile, "--json")
	gen := map[string]map[int]int64{}
	for _, r := range cmp.Runs {
		if gen[r.Heuristic] == nil {
			gen[r.Heuristic] = map[int]int64{}
		}
		gen[r.Heuristic][r.Instance] = r.Generated
	}
	if len(gen) != 2 || len(gen["manhattan"]) == 0 || len(gen["manhattan"]) != len(gen[manhattanFile]) {
		t.Fatalf("runs %+v", cmp.Runs)
	}
	for i, g := range gen["manhattan"] {
		if gen[manhattanFile][i] != g {
			t.Errorf("instance %d: built-in %d nodes, script %d", i, g, gen[manhattanFile][i])
		}
	}
}

// TestGridReexpansions: on an open room read from stdin, IDA* expands each
// cell thousands of times; A* once.
func TestGridReexpansions(t *testing.T) {
	const room = "S.........\n..........\n..........\n..........\n..........\n.........G\n"
	ida := solveJSONOf(t, room, "--puzzle", "grid", "--heuristic", "zero", "-")
	astar := solveJSONOf(t, room, "--puzzle", "grid", "--heuristic", "zero", "--algo", "astar", "-")
	if ida.Cost != 14 || astar.Cost != 14 || ida.Distinct != 59 || astar.Distinct != 59 || astar.Expanded != 59 || ida.Expanded < 1000*59 {
		t.Fatalf("IDA* %+v\nA* %+v", ida, astar)
	}
	path := filepath.Join(t.TempDir(), "room.txt")
	os.WriteFile(path, []byte("8-connected\n"+room), 0o644)
	if s := solveJSONOf(t, "", "--puzzle", "grid", "@"+path); s.Cost != 5*14+4*10 {
		t.Fatalf("8-connected from a file: %+v", s)
	}
}

// TestProblemTrace: a problem's trace carries its source, so the run's
// puzzle is made again from the trace alone and its solution replays.
func TestProblemTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "romania.ndjson")
	if status, _, errs := runViz(t, "", "solve", "--problem", romaniaFile, "--trace", path); status != exitOK {
		t.Fatalf("status %d: %s", status, errs)
	}
	status, out, errs := runViz(t, "", "trace", "info", path)
	if status != exitOK || !strings.Contains(out, "romania") {
		t.Fatalf("trace info: %d %s %s", status, out, errs)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := trace.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var info *trace.RunInfo
	var solution []int
	for {
		ev, err := r.Next()
		if err != nil {
			break
		}
		switch ev.Kind {
		case trace.KindRunStart:
			info = ev.Run
		case trace.KindSolution:
			solution = ev.Moves
		}
	}
	if info == nil || len(solution) != 4 {
		t.Fatalf("info %+v, solution %v", info, solution)
	}
	p, err := puzzles.ForRun(info)
	if err != nil || p.Name != "romania" || p.Renderer != "graph" {
		t.Fatalf("ForRun: %v %v", p, err)
	}
	inst, err := p.Parse(info.Instance, "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := inst.Domain(p.Heuristics[len(p.Heuristics)-1])
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range solution {
		d.Apply(m)
	}
	if !d.IsGoal() {
		t.Fatalf("the trace's solution %v does not reach Bucharest", solution)
	}
}

// checkOut is viz check --json.
type checkOut struct {
	States     int  `json:"states"`
	Sampled    bool `json:"sampled"`
	Admissible bool `json:"admissible"`
	Violations int  `json:"violations"`
	Worst      []struct {
		State string `json:"state"`
		H     int    `json:"h"`
		HStar int    `json:"hstar"`
	} `json:"worst"`
	Consistent        bool     `json:"consistent"`
	InconsistentMoves int      `json:"inconsistent_moves"`
	MeanH             float64  `json:"mean_h"`
	MeanHStar         float64  `json:"mean_hstar"`
	ExactFraction     *float64 `json:"exact_fraction"`
	Dominates         *bool    `json:"dominates"`
}

func checkJSONOf(t *testing.T, args ...string) checkOut {
	t.Helper()
	return vizJSON[checkOut](t, "", append([]string{"check", "--json"}, args...)...)
}

// TestCheck grades built-in heuristics and files on the 8-puzzle and the
// Romania map, exhaustively, and Manhattan on a sample of the 15-puzzle.
func TestCheck(t *testing.T) {
	// Seconds of CPU with nothing shared: beside the browser tests.
	t.Parallel()
	md := checkJSONOf(t, "--puzzle", "8puzzle", "--heuristic", "manhattan", "--against", "misplaced")
	// 14 is the mean Manhattan distance over the 8-puzzle's states (each
	// of 8 tiles is, on average, 1.75 from its cell); the mean h* is the
	// check package's, computed there against an independent BFS.
	if md.States != 181440 || md.Sampled || !md.Admissible || !md.Consistent || md.MeanH != 14 || md.MeanHStar < 21.97 || md.MeanHStar > 21.98 ||
		md.ExactFraction == nil || md.Dominates == nil || !*md.Dominates {
		t.Errorf("manhattan: %+v", md)
	}
	// A script graded on a sample: check's TestEightPuzzle grades a script
	// over every state.
	bad := checkJSONOf(t, "--puzzle", "8puzzle", "--heuristic", "testdata/scripts/twice_misplaced.star", "--worst", "2", "--samples", "40", "--walk", "12")
	if !bad.Sampled || bad.States != 40 || bad.Admissible || bad.Violations == 0 || len(bad.Worst) != 2 || bad.Worst[0].H <= bad.Worst[0].HStar || !strings.HasPrefix(bad.Worst[0].State, "(") || bad.Dominates != nil {
		t.Errorf("twice misplaced: %+v", bad)
	}
	sld := checkJSONOf(t, "--problem", romaniaFile, "--heuristic", "straight-line", "--against", "zero")
	if sld.States != 20 || !sld.Admissible || !sld.Consistent || sld.Dominates == nil || !*sld.Dominates {
		t.Errorf("straight-line: %+v", sld)
	}
	sample := checkJSONOf(t, "--puzzle", "15puzzle", "--heuristic", "manhattan", "--samples", "5", "--walk", "20")
	if !sample.Sampled || sample.States != 5 || !sample.Admissible {
		t.Errorf("sample: %+v", sample)
	}
	// A problem's sample is solved by uniform-cost search.
	sampled := checkJSONOf(t, "--problem", romaniaFile, "--heuristic", "straight-line", "--samples", "5", "--walk", "3")
	if !sampled.Sampled || sampled.States != 5 || !sampled.Admissible || sampled.MeanHStar <= sampled.MeanH {
		t.Errorf("a sample of Romania: %+v", sampled)
	}
}

// TestCheckErrors: a check that cannot be made says why, with exit 2.
func TestCheckErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--puzzle", "15puzzle", "--heuristic", "manhattan", "--max-states", "1000"}, "15puzzle: more than 1000 states are reachable from the start: too many to check them all; grade a sample instead: --samples 200"},
		{[]string{"--puzzle", "8puzzle", "--heuristic", "testdata/scripts/syntax.star"}, "syntax.star:4:21: got '*'"},
		{[]string{"--puzzle", "8puzzle", "--heuristic", "nope"}, `puzzle 8puzzle has no heuristic "nope"`},
		{[]string{"--puzzle", "8puzzle"}, "name the heuristic to grade with --heuristic"},
		{[]string{"--heuristic", "manhattan"}, "name a puzzle (--puzzle"},
		{[]string{"--puzzle", "grid", "--heuristic", "octile"}, "a grid world needs its map"},
		{[]string{"--problem", romaniaFile, "--heuristic", "straight-line", "--against", "crow"}, `--against: problem romania has no heuristic "crow"`},
	} {
		status, _, errs := runViz(t, "", append([]string{"check"}, c.args...)...)
		if status != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d, stderr %q; want exit 2 and %q", c.args, status, errs, c.want)
		}
	}
}
