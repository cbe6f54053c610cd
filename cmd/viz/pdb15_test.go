package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idaviz/puzzles/pdb"
)

// The 15-puzzle's pdb555 databases (three tables of 524,160 entries, built
// in seconds into a temporary cache): built by viz pdb build, then read by
// viz solve (optimal on Korf #55, with a prediction per iteration) and viz
// compare, which gives the same counts as solve; the 8-puzzle does not
// offer it.
func TestPDB15(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	status, out, errs := runViz(t, "", "pdb", "build", "15puzzle", "--heuristic", "pdb555")
	if status != exitOK || !strings.Contains(out, "555a-0136: 524160 entries") || !strings.Contains(out, "555c") {
		t.Fatalf("viz pdb build: %d\n%s\n%s", status, out, errs)
	}
	// A damaged cached table is rebuilt, and viz solve (the first to
	// load the tables in this process) says which file and why.
	dir, err := pdb.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, "15puzzle-555b-0cc8.pdb")
	b, err := os.ReadFile(damaged)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-1] ^= 1
	if err := os.WriteFile(damaged, b, 0o644); err != nil {
		t.Fatal(err)
	}
	const korf55 = "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11"
	status, out, errs = runViz(t, "", "solve", "--json", "--puzzle", "15puzzle", "--goal", "blank-first", "--heuristic", "pdb555", korf55)
	if status != exitOK {
		t.Fatalf("viz solve: %d %s", status, errs)
	}
	if !strings.Contains(errs, damaged+": bad pattern database file: checksum") || !strings.Contains(errs, "rebuilding it") {
		t.Fatalf("solve over a damaged table: stderr %q; want the file named and why it is rebuilt", errs)
	}
	var solved struct {
		Length     int
		Generated  int64
		Iterations []struct {
			Bound     int
			Predicted *float64
		}
	}
	if err := json.Unmarshal([]byte(out), &solved); err != nil || solved.Length != 41 || len(solved.Iterations) == 0 {
		t.Fatalf("Korf #55 is 41 moves: %s (%v)", out, err)
	}
	for _, it := range solved.Iterations {
		if it.Predicted == nil || *it.Predicted < 1 {
			t.Fatalf("bound %d: no prediction: %s", it.Bound, out)
		}
	}
	status, out, errs = runViz(t, "", "compare", "--json", "--puzzle", "15puzzle", "--instances", "korf100:55-55", "--heuristic", "pdb555")
	if status != exitOK {
		t.Fatalf("viz compare: %d %s", status, errs)
	}
	var cmp struct {
		Runs []struct {
			Length    int
			Generated int64
		}
	}
	if err := json.Unmarshal([]byte(out), &cmp); err != nil || len(cmp.Runs) != 1 ||
		cmp.Runs[0].Length != 41 || cmp.Runs[0].Generated != solved.Generated {
		t.Fatalf("compare %s (%v), solve generated %d", out, err, solved.Generated)
	}
	status, _, errs = runViz(t, "", "solve", "--heuristic", "pdb555", "8 6 7 2 5 4 3 0 1")
	if status != exitUsage || !strings.Contains(errs, `no heuristic "pdb555"`) {
		t.Fatalf("pdb555 on the 8-puzzle: %d %q", status, errs)
	}
}
