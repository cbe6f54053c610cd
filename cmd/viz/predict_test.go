package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"idaviz/predict"
	"idaviz/puzzles"
)

// predictionsComputed counts the computations of the distributions behind
// the predictions of the puzzle "counted8puzzle": the 8-puzzle, whose
// instances count them.
var predictionsComputed atomic.Int64

type countedInstance struct{ puzzles.Instance }

func (c countedInstance) PredictionTree() (*predict.Tree, int) {
	return c.Instance.(puzzles.Predictable).PredictionTree()
}

func (c countedInstance) ValueDistributions(ctx context.Context, heuristic string) ([]predict.Distribution, error) {
	predictionsComputed.Add(1)
	return c.Instance.(puzzles.Predictable).ValueDistributions(ctx, heuristic)
}

func init() {
	eight, err := puzzles.Lookup("8puzzle")
	if err != nil {
		panic(err)
	}
	counted := *eight
	counted.Name = "counted8puzzle"
	counted.Parse = func(state, goal string) (puzzles.Instance, error) {
		inst, err := eight.Parse(state, goal)
		return countedInstance{inst}, err
	}
	counted.Scramble = func(rng *rand.Rand, depth int, goal string) puzzles.Instance {
		return countedInstance{eight.Scramble(rng, depth, goal)}
	}
	puzzles.Register(&counted)
}

// TestSolveJSONReadsCachedPredictions: viz solve --json computes the
// predictions' distributions once per puzzle, heuristic and goal, and reads
// them from the cache directory afterwards, in this process and (a fresh
// folder holding the file) in the next; text mode computes none.
func TestSolveJSONReadsCachedPredictions(t *testing.T) {
	const state = "7 2 4, 5 0 6, 8 3 1"
	solve := func(computations int64, args ...string) []*float64 {
		t.Helper()
		status, out, errs := runViz(t, "", append([]string{"solve", "--puzzle", "counted8puzzle"}, append(args, state)...)...)
		if status != exitOK {
			t.Fatalf("%v: status %d, stderr %q", args, status, errs)
		}
		if n := predictionsComputed.Load(); n != computations {
			t.Fatalf("%v: %d computations of the predictions, want %d", args, n, computations)
		}
		var got struct {
			Iterations []struct{ Predicted *float64 }
		}
		if len(args) > 0 && args[0] == "--json" {
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v: %v", args, err)
			}
		}
		var ps []*float64
		for _, it := range got.Iterations {
			ps = append(ps, it.Predicted)
		}
		return ps
	}
	dir := t.TempDir()
	t.Setenv("IDAVIZ_CACHE_DIR", dir)
	predictionsComputed.Store(0)
	solve(0) // text mode
	first := solve(1, "--json")
	if len(first) == 0 || first[len(first)-1] == nil {
		t.Fatalf("no predictions: %v", first)
	}
	solve(1, "--json")
	solve(2, "--json", "--heuristic", "manhattan")
	solve(3, "--json", "--goal", "blank-first")

	file := filepath.Join(dir, "pdb", "counted8puzzle-linear-conflict-blank-last.predict.json")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	next := t.TempDir()
	os.MkdirAll(filepath.Join(next, "pdb"), 0o755)
	if err := os.WriteFile(filepath.Join(next, "pdb", filepath.Base(file)), b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("IDAVIZ_CACHE_DIR", next)
	again := solve(3, "--json")
	for i := range first {
		if *again[i] != *first[i] {
			t.Fatalf("iteration %d: predicted %v from the cache file, %v when computed", i+1, *again[i], *first[i])
		}
	}
}
