package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"idaviz/puzzles/tiles"
)

// compareOut decodes compare --json, keeping each run as a map so it can
// be set beside viz solve --json field by field.
type compareOut struct {
	Puzzle      string           `json:"puzzle"`
	Interrupted bool             `json:"interrupted"`
	Runs        []map[string]any `json:"runs"`
	Summary     []struct {
		Heuristic      string  `json:"heuristic"`
		Algo           string  `json:"algo"`
		Solved         int     `json:"solved"`
		TotalGenerated int64   `json:"total_generated"`
		MeanGenerated  float64 `json:"mean_generated"`
		TotalSeconds   float64 `json:"total_seconds"`
		EBF            float64 `json:"ebf"`
	} `json:"summary"`
	ByDepth []struct {
		Heuristic string `json:"heuristic"`
		Depth     int    `json:"depth"`
		Runs      int    `json:"runs"`
	} `json:"by_depth"`
}

func runCompareJSON(t *testing.T, args ...string) compareOut {
	t.Helper()
	return vizJSON[compareOut](t, "", append([]string{"compare", "--json"}, args...)...)
}

// timing fields differ between two runs of the same search.
var timing = []string{"seconds", "nodesPerSecond", "load_seconds"}

func TestCompareEqualsSolve(t *testing.T) {
	got := runCompareJSON(t, "--instances", "testdata/eight.txt",
		"--heuristic", "misplaced,manhattan,linear-conflict", "--algo", "ida,astar")
	if len(got.Runs) != 5*3*2 {
		t.Fatalf("%d runs, want 30", len(got.Runs))
	}
	layers := tiles.Layers8(tiles.BlankLast)
	for _, run := range got.Runs {
		state, heuristic, algo := run["state"].(string), run["heuristic"].(string), run["algo"].(string)
		status, out, errs := runViz(t, "", "solve", "--json", "--puzzle", "8puzzle", "--heuristic", heuristic, "--algo", algo, state)
		if status != exitOK {
			t.Fatalf("solve %s: status %d, %s", state, status, errs)
		}
		var solve map[string]any
		if err := json.Unmarshal([]byte(out), &solve); err != nil {
			t.Fatal(err)
		}
		for _, k := range append(timing, "instance", "state", "algo", "optimal") {
			delete(run, k)
		}
		for _, k := range timing {
			delete(solve, k)
		}
		if !reflect.DeepEqual(run, solve) {
			t.Errorf("%s %s %s:\ncompare %v\nsolve   %v", state, heuristic, algo, run, solve)
		}
		if want := depthOf(layers, state); int(run["length"].(float64)) != want {
			t.Errorf("%s: length %v, breadth-first search says %d", state, run["length"], want)
		}
	}
	for _, s := range got.Summary {
		if s.Solved != 5 || s.TotalGenerated <= 0 || s.EBF <= 1 {
			t.Errorf("summary %+v", s)
		}
	}
}

func depthOf(layers [][]tiles.Board, state string) int {
	for d, l := range layers {
		for _, b := range l {
			if b.String() == state {
				return d
			}
		}
	}
	return -1
}

func TestCompareInstanceSpecs(t *testing.T) {
	t.Run("korf100 range", func(t *testing.T) {
		got := runCompareJSON(t, "--instances", "korf100:3-4", "--heuristic", "manhattan", "--max-nodes", "1000")
		ks, _ := tiles.Korf()
		if got.Puzzle != "15puzzle" || len(got.Runs) != 2 {
			t.Fatalf("puzzle %s, %d runs", got.Puzzle, len(got.Runs))
		}
		for i, r := range got.Runs {
			k := ks[2+i]
			if int(r["instance"].(float64)) != k.Number || r["state"] != k.Board.String() || int(r["optimal"].(float64)) != k.Optimal || r["status"] != "limit" {
				t.Errorf("run %d: %v, want Korf #%d", i, r, k.Number)
			}
		}
	})
	t.Run("random is seeded", func(t *testing.T) {
		states := func(seed string) []any {
			var out []any
			for _, r := range runCompareJSON(t, "--instances", "random:4:12", "--seed", seed, "--heuristic", "manhattan").Runs {
				out = append(out, r["state"])
			}
			return out
		}
		a, b, c := states("7"), states("7"), states("8")
		if len(a) != 4 || !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
			t.Errorf("seed 7: %v and %v; seed 8: %v", a, b, c)
		}
	})
	t.Run("depths", func(t *testing.T) {
		got := runCompareJSON(t, "--instances", "depths:20:4-8:2", "--heuristic", "manhattan,misplaced")
		count := map[int]int{}
		for _, r := range got.Runs {
			if r["heuristic"] == "manhattan" {
				count[int(r["length"].(float64))]++
			}
		}
		// The 8-puzzle has only 16 states at depth 4.
		if want := map[int]int{4: 16, 6: 20, 8: 20}; !reflect.DeepEqual(count, want) {
			t.Errorf("runs by length %v, want %v", count, want)
		}
		if len(got.ByDepth) != 6 {
			t.Errorf("by_depth has %d rows, want 3 depths × 2 heuristics: %+v", len(got.ByDepth), got.ByDepth)
		}
	})
	t.Run("depths by random walks", func(t *testing.T) {
		got := runCompareJSON(t, "--puzzle", "15puzzle", "--instances", "depths:2:6-10:4", "--heuristic", "manhattan")
		var lengths []float64
		for _, r := range got.Runs {
			lengths = append(lengths, r["length"].(float64))
		}
		if !reflect.DeepEqual(lengths, []float64{6, 6, 10, 10}) {
			t.Errorf("lengths %v, want two of 6 and two of 10", lengths)
		}
	})
	t.Run("default", func(t *testing.T) {
		got := runCompareJSON(t)
		if got.Puzzle != "8puzzle" || len(got.Runs) == 0 || len(got.Summary) != 3 {
			t.Errorf("puzzle %s, %d runs, %d summary rows", got.Puzzle, len(got.Runs), len(got.Summary))
		}
	})
}

func TestCompareWorkersGiveTheSameRuns(t *testing.T) {
	strip := func(c compareOut) []map[string]any {
		for _, r := range c.Runs {
			for _, k := range timing {
				delete(r, k)
			}
		}
		return c.Runs
	}
	args := []string{"--instances", "random:6:20", "--heuristic", "misplaced,manhattan"}
	one := strip(runCompareJSON(t, args...))
	two := strip(runCompareJSON(t, append(args, "--workers", "2")...))
	if !reflect.DeepEqual(one, two) {
		t.Errorf("--workers 2 changed the runs:\n%v\n%v", one, two)
	}
}

func TestCompareCSV(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs.csv")
	status, out, errs := runViz(t, "", "compare", "--instances", "testdata/eight.txt", "--heuristic", "manhattan,misplaced", "--csv", path)
	if status != exitOK || !strings.Contains(out, "Summary per heuristic") {
		t.Fatalf("status %d, out %q, err %q", status, out, errs)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+10 || rows[0][0] != "instance" || rows[1][2] != "manhattan" || rows[4][6] != "31" {
		t.Errorf("csv: %v", rows)
	}
}

func TestCompareInterruptedWritesWhatFinished(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	status := run(ctx, e, []string{"compare", "--json", "--heuristic", "manhattan"})
	var got compareOut
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || status != exitNotFound || !got.Interrupted {
		t.Fatalf("status %d, interrupted %v (%v), stderr %q", status, got.Interrupted, err, errb.String())
	}
	if !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("stderr %q does not say so", errb.String())
	}
}

// cancelOn is a terminal that presses Ctrl-C once it has shown a text.
type cancelOn struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	text   string
	cancel func()
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Write(p)
	if strings.Contains(c.buf.String(), c.text) {
		c.cancel()
	}
	return len(p), nil
}

// TestCompareInterruptedMidway stops a comparison during its second run,
// one that misplaced tiles would search for hours, once the progress line
// shows the first one done: the first run is written.
func TestCompareInterruptedMidway(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.txt")
	korf1 := "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
	if err := os.WriteFile(path, []byte("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"+korf1+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var out bytes.Buffer
	term := &cancelOn{text: "compare: 1/2 runs (1 solved)", cancel: cancel}
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: term, stderrTTY: true}
	status := run(ctx, e, []string{"compare", "--json", "--goal", "blank-first", "--heuristic", "misplaced", "--instances", path})
	var got compareOut
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || status != exitNotFound || !got.Interrupted {
		t.Fatalf("status %d, interrupted %v (%v), stderr %q", status, got.Interrupted, err, term.buf.String())
	}
	if len(got.Runs) != 1 || got.Runs[0]["length"] != 1.0 || len(got.Summary) != 1 || got.Summary[0].Solved != 1 {
		t.Errorf("runs %v, summary %+v: want the first run alone", got.Runs, got.Summary)
	}
}

func TestCompareBadUsage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n"), 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad spec", []string{"--instances", "random:x:3"}, "random:N:D"},
		{"too many", []string{"--instances", "random:1000000:3"}, "N ≤ 100000"},
		{"bad depths", []string{"--instances", "depths:5:9-3"}, "depths:N:D1-D2:STEP"},
		{"too deep", []string{"--instances", "depths:5:30-40:2"}, "no state 32 moves"},
		{"korf range", []string{"--instances", "korf100:0-5"}, "1 ≤ A ≤ B ≤ 100"},
		{"korf puzzle", []string{"--instances", "korf100", "--puzzle", "8puzzle"}, "15-puzzle instances"},
		{"korf goal", []string{"--instances", "korf100", "--goal", "blank-last"}, "blank-first"},
		{"no file", []string{"--instances", filepath.Join(dir, "none.txt")}, "no such file"},
		{"bad line", []string{"--instances", bad}, "bad.txt:2: 8puzzle state"},
		{"heuristic", []string{"--heuristic", "manhattan,magic"}, `no heuristic "magic"`},
		{"algo", []string{"--algo", "ida,bfs"}, `unknown --algo "bfs"`},
		{"workers", []string{"--workers", "0"}, "--workers"},
		{"limits", []string{"--max-nodes", "-1"}, "--max-nodes -1: want 0 (no limit) or more"},
		{"argument", []string{"1 2 3"}, "unexpected argument"},
		{"two on stdout", []string{"--json", "--csv", "-"}, "both write to stdout"},
		{"goal", []string{"--goal", "middle"}, `no goal "middle"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, _, errs := runViz(t, "", append([]string{"compare"}, tc.args...)...)
			if status != exitUsage || !strings.Contains(errs, tc.want) {
				t.Errorf("status %d, stderr %q; want 2 and %q", status, errs, tc.want)
			}
		})
	}
}

func FuzzInstanceSpec(f *testing.F) {
	for _, s := range []string{"", "korf100", "korf100:3-9", "random:5:20", "depths:10:2-24:2", "depths:1:3-3", "x.txt", "random::", "depths:1:-:0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := parseInstanceSpec(english, s)
		if err != nil {
			return
		}
		if sp.n > maxSpecStates || sp.depth > maxSpecDepth || sp.d2 > maxSpecDepth || (sp.kind == "depths" && sp.by < 1) {
			t.Errorf("%q: took %+v", s, sp)
		}
	})
}

// astarRun is what the A* comparison tests read of a run.
type astarRun struct {
	Solved    bool  `json:"solved"`
	Generated int64 `json:"generated"`
	Stored    int   `json:"stored"`
}

// compareAStar runs viz compare with A* and Manhattan distance on the
// 15-puzzle's Korf instances, and the flags given.
func compareAStar(t *testing.T, flags ...string) []astarRun {
	t.Helper()
	args := append([]string{"compare", "--puzzle", "15puzzle", "--heuristic", "manhattan", "--algo", "astar", "--json"}, flags...)
	status, out, errs := runViz(t, "", args...)
	if status != exitOK {
		t.Fatalf("status %d: %s", status, errs)
	}
	var got struct{ Runs []astarRun }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	return got.Runs
}

// TestCompareMemoryBudget: --max-memory bounds each A* run of a
// comparison; a run past it is unsolved, and the comparison goes on.
func TestCompareMemoryBudget(t *testing.T) {
	runs := compareAStar(t, "--max-memory", "2MB", "--instances", "korf100:1-2")
	if len(runs) != 2 || runs[0].Solved || runs[1].Solved || runs[0].Generated == 0 {
		t.Fatalf("runs %+v, want two unsolved A* runs stopped by the 2 MB budget", runs)
	}
}

// TestCompareWorkersShareTheBudget: A* runs searched at once share one
// --max-memory (three workers each took all of it: 3.98 GB peak for
// 1 GiB). Alone, a run stops at the budget; three at once, the first to
// stop holds about a third of it.
func TestCompareWorkersShareTheBudget(t *testing.T) {
	stored := func(workers, instances string) []int {
		var n []int
		for _, r := range compareAStar(t, "--max-memory", "24MB", "--workers", workers, "--instances", "korf100:"+instances) {
			if r.Solved {
				t.Fatalf("a run solved within 24 MB: %+v", r)
			}
			n = append(n, r.Stored)
		}
		return n
	}
	alone := stored("1", "1-1")[0]
	together := stored("3", "1-3")
	if len(together) != 3 || slices.Min(together) > alone*6/10 {
		t.Errorf("alone a run stored %d states; three at once stored %v, want the first to stop near a third of it", alone, together)
	}
}

// --order ulrd searches Korf's #2 in Korf's order: his published count
// (15,300,442) and the start node of the six iterations after the first,
// in solve and in compare alike; compare's JSON names the order.
func TestOrderFlag(t *testing.T) {
	const want = 15_300_442 + 6
	solved := vizJSON[map[string]any](t, "", "solve", "--json", "--goal", "blank-first", "--heuristic", "manhattan", "--order", "ulrd", korf2)
	if got := solved["generated"]; got != float64(want) || solved["order"] != "ulrd" {
		t.Errorf("solve --order ulrd: %v generated, order %v; want %d and ulrd", got, solved["order"], want)
	}
	if plain := vizJSON[map[string]any](t, "", "solve", "--json", "--goal", "blank-first", korf2); plain["order"] != nil {
		t.Errorf("solve without --order names an order: %v", plain["order"])
	}
	cmp := vizJSON[map[string]any](t, "", "compare", "--json", "--instances", "korf100:2-2", "--heuristic", "manhattan", "--order", "ULRD")
	if cmp["order"] != "ulrd" || cmp["runs"].([]any)[0].(map[string]any)["generated"] != float64(want) {
		t.Errorf("compare --order ULRD: order %v, runs %v; want ulrd and %d generated", cmp["order"], cmp["runs"], want)
	}
	html := filepath.Join(t.TempDir(), "r.html")
	if status, _, errs := runViz(t, "", "compare", "--instances", "korf100:2-2", "--heuristic", "manhattan", "--order", "ulrd", "--html", html); status != exitOK {
		t.Fatalf("compare --html: status %d, %s", status, errs)
	}
	if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), "<h1>15puzzle: manhattan (--order ulrd)</h1>") {
		t.Errorf("the report's title does not name the order (%v)", err)
	}
	plain := runCompareJSON(t, "--instances", "korf100:2-2", "--heuristic", "manhattan")
	if got := plain.Runs[0]["generated"]; got == float64(want) {
		t.Errorf("compare without --order: %v generated, Korf's order's count", got)
	}
}
