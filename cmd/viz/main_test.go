package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runViz runs the CLI in-process and returns the exit status and outputs.
func runViz(t testing.TB, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}
	status := run(context.Background(), e, args)
	return status, out.String(), errb.String()
}

func TestSolveJSON(t *testing.T) {
	status, out, errs := runViz(t, "", "solve", "--json", "--puzzle", "8puzzle", "8 6 7 2 5 4 3 0 1")
	if status != exitOK {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	var got struct {
		Solved     bool     `json:"solved"`
		Length     int      `json:"length"`
		Moves      []string `json:"moves"`
		Expanded   int64    `json:"expanded"`
		Generated  int64    `json:"generated"`
		Iterations []struct {
			Bound, Expanded, Generated, Pruned int64
		} `json:"iterations"`
		Seconds *float64 `json:"seconds"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	if !got.Solved || got.Length != 31 || len(got.Moves) != 31 || got.Seconds == nil {
		t.Fatalf("the hardest 8-puzzle needs 31 moves; got %+v", got)
	}
	var gen, exp int64
	for _, it := range got.Iterations {
		gen += it.Generated
		exp += it.Expanded
	}
	if gen != got.Generated || exp != got.Expanded || len(got.Iterations) == 0 {
		t.Fatalf("iterations do not add up to the totals: %+v", got)
	}
}

func TestSolveStdinAndGuess(t *testing.T) {
	status, out, errs := runViz(t, "1 2 3\n4 5 6\n7 0 8\n", "solve", "-")
	if status != exitOK || !strings.Contains(out, "solved in 1 move") {
		t.Fatalf("status %d, out %q, err %q", status, out, errs)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"no state", []string{"solve"}, "expected one STATE"},
		{"unknown puzzle", []string{"solve", "--puzzle", "nope", "1 2"}, `unknown puzzle "nope"`},
		{"bad heuristic", []string{"solve", "--puzzle", "8puzzle", "--heuristic", "magic", "1 2 3 4 5 6 7 8 0"}, `no heuristic "magic"`},
		{"bad goal", []string{"solve", "--puzzle", "8puzzle", "--goal", "middle", "1 2 3 4 5 6 7 8 0"}, `no goal "middle"`},
		{"bad algo", []string{"solve", "--algo", "bfs", "1 2 3 4 5 6 7 8 0"}, `--algo: unknown algorithm "bfs"`},
		{"short board", []string{"solve", "--puzzle", "8puzzle", "1 2 3 4 5 6 7 8"}, "8puzzle state"},
		{"unsolvable", []string{"solve", "--puzzle", "8puzzle", "2 1 3 4 5 6 7 8 0"}, "solvable"},
		{"unknown flag", []string{"solve", "--frobnicate", "1"}, "frobnicate"},
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`},
		{"unknown judge", []string{"judge", "nope"}, `unknown judge problem "nope"`},
		{"trace without file", []string{"trace", "info", "/nonexistent/x.trace"}, "no such file"},
		{"negative workers", []string{"solve", "--workers", "0", "1 2 3 4 5 6 7 8 0"}, "--workers"},
		{"bad trace level", []string{"solve", "--trace", "/tmp/x", "--trace-level", "all", "1 2 3 4 5 6 7 8 0"}, "--trace-level"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, _, errs := runViz(t, "", tc.args...)
			if status != exitUsage {
				t.Fatalf("status %d, want %d; stderr %q", status, exitUsage, errs)
			}
			if !strings.Contains(errs, tc.want) {
				t.Fatalf("stderr %q does not name the problem (%q)", errs, tc.want)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"solve", "-h"}, {"help", "solve"}} {
		status, out, errs := runViz(t, "", args...)
		if status != exitOK || !strings.Contains(out+errs, "solve") {
			t.Fatalf("%v: status %d, out %q err %q", args, status, out, errs)
		}
	}
}

func TestNotFoundWithinLimits(t *testing.T) {
	status, out, _ := runViz(t, "", "solve", "--max-bound", "20", "8 6 7 2 5 4 3 0 1")
	if status != exitNotFound || !strings.Contains(out, "limit") {
		t.Fatalf("status %d out %q", status, out)
	}
}

func TestTraceRoundTripThroughCLI(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"run.trace", "run.ndjson"} {
		path := filepath.Join(dir, name)
		status, out, errs := runViz(t, "", "solve", "--trace", path, "--json", "4 1 2 0 8 7 6 3 5")
		if status != exitOK {
			t.Fatalf("solve: %d %s", status, errs)
		}
		var res struct{ Generated, Expanded, Pruned int64 }
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		status, info, errs := runViz(t, "", "trace", "info", path)
		if status != exitOK {
			t.Fatalf("trace info: %d %s", status, errs)
		}
		want := "generated " + itoa(res.Generated)
		if !strings.Contains(info, "puzzle: 8puzzle") || !strings.Contains(info, want) {
			t.Fatalf("trace info does not show the run (%q):\n%s", want, info)
		}
		// A truncated copy is read up to the damage, then reported.
		b, _ := os.ReadFile(path)
		cut := filepath.Join(dir, "cut-"+name)
		os.WriteFile(cut, b[:len(b)*2/3], 0o644)
		status, info, errs = runViz(t, "", "trace", "info", cut)
		if status != exitUsage || !strings.Contains(info, "puzzle: 8puzzle") || errs == "" {
			t.Fatalf("truncated trace: status %d\nout %s\nerr %s", status, info, errs)
		}
	}
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// Exact judges: the CLI's output equals the official sample byte for byte.
// (Special judges, which accept any valid answer, are checked for validity
// and optimality in their puzzle packages.)
func TestJudgeSamples(t *testing.T) {
	cases := []struct{ problem, in, out string }{
		{"poj3460", "sample.in", "sample.out"},
		{"poj1084", "sample.in", "sample.out"},
		{"poj1084", "extra.in", "extra.out"},
		{"uva1343", "sample.in", "sample.out"},
		{"zoj2477", "sample.in", "sample.out"},
		{"uva10181", "sample.in", "sample.out"},
		{"hdu1043", "sample.in", "sample.out"},
	}
	for _, c := range cases {
		t.Run(c.problem+"/"+c.in, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", "judge", c.problem, c.in))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", "judge", c.problem, c.out))
			if err != nil {
				t.Fatal(err)
			}
			status, out, errs := runViz(t, string(in), "judge", c.problem)
			if status != exitOK {
				t.Fatalf("status %d: %s", status, errs)
			}
			if out != string(want) {
				t.Fatalf("output differs from the judge's sample\n got: %q\nwant: %q", out, want)
			}
		})
	}
}

func TestJudgeBadInput(t *testing.T) {
	status, _, errs := runViz(t, "2\n3\n", "judge", "poj3460")
	if status != exitUsage || errs == "" {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
}

func TestWorkersGiveTheSameAnswer(t *testing.T) {
	var outs [2]struct {
		Length                      int
		Expanded, Generated, Pruned int64
	}
	for i, w := range []string{"1", "2"} {
		status, out, errs := runViz(t, "", "solve", "--json", "--workers", w, "--heuristic", "manhattan", "8 6 7 2 5 4 3 0 1")
		if status != exitOK {
			t.Fatalf("--workers %s: %d %s", w, status, errs)
		}
		if err := json.Unmarshal([]byte(out), &outs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if outs[0] != outs[1] {
		t.Fatalf("one worker %+v, two workers %+v", outs[0], outs[1])
	}
}

// The committed example traces stay readable, and say what they were.
func TestExampleTraces(t *testing.T) {
	for _, name := range []string{"8puzzle-14moves.trace", "8puzzle-14moves.ndjson"} {
		status, out, errs := runViz(t, "", "trace", "info", filepath.Join("..", "..", "examples", "traces", name))
		if status != exitOK {
			t.Fatalf("%s: %d %s", name, status, errs)
		}
		for _, want := range []string{"puzzle: 8puzzle", "solution: 14 moves", "generated 181"} {
			if !strings.Contains(out, want) {
				t.Fatalf("%s: %q missing from\n%s", name, want, out)
			}
		}
	}
}

func TestRubikThroughCLI(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	status, out, errs := runViz(t, "", "solve", "--json", "--puzzle", "rubik", "--heuristic", "small", "R U R' U' F2")
	if status != exitOK {
		t.Fatalf("status %d: %s", status, errs)
	}
	var got struct {
		Length int
		Moves  []string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Length != 5 {
		t.Fatalf("R U R' U' F2 is undone in 5 moves; got %s (%v)", out, err)
	}
	status, _, errs = runViz(t, "", "solve", "--puzzle", "rubik", "--heuristic", "small", "R U X")
	if status != exitUsage || !strings.Contains(errs, "X") {
		t.Fatalf("a bad move should be named: %d %q", status, errs)
	}
	status, _, errs = runViz(t, "", "pdb")
	if status != exitUsage || !strings.Contains(errs, "build") {
		t.Fatalf("viz pdb alone: %d %q", status, errs)
	}
	status, _, errs = runViz(t, "", "pdb", "build", "nosuchpuzzle")
	if status != exitUsage {
		t.Fatalf("viz pdb build nosuchpuzzle: %d %q", status, errs)
	}
}

// Flags with no command go to serve, the main job; a non-loopback address
// is refused without --allow-remote, before anything listens.
func TestServeFlagsWithoutCommand(t *testing.T) {
	status, _, errs := runViz(t, "", "--addr", "10.1.2.3:8080")
	if status != exitUsage || !strings.Contains(errs, "allow-remote") {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
}

// A node limit stops the search near where it says, however small, with
// either algorithm, and the exit status says nothing was found.
func TestSmallNodeLimit(t *testing.T) {
	for _, algo := range []string{"ida", "astar"} {
		status, out, errs := runViz(t, "", "solve", "--json", "--algo", algo, "--max-nodes", "10", "8 6 7 2 5 4 3 0 1")
		var got struct {
			Status    string
			Generated int64
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v (%s)", algo, err, errs)
		}
		if status != exitNotFound || got.Status != "limit" || got.Generated > 10+4 {
			t.Fatalf("%s: status %d, %+v", algo, status, got)
		}
	}
}

// The magic cube's moves come out as its judge writes them: "face dir".
func TestMagicCubeMovesAsTheJudgeWrites(t *testing.T) {
	status, out, errs := runViz(t, "", "solve", "--json", "--puzzle", "magiccube",
		"www/www/bbb/rrwgggybbooo/rrwgggybbooo/rrwgggybbooo/rrr/yyy/yyy")
	if status != exitOK || !strings.Contains(out, `"moves":["1 1"]`) {
		t.Fatalf("status %d, out %s, err %s", status, out, errs)
	}
}
