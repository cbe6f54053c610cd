package script_test

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/puzzles/script"
)

// hardest is an 8-puzzle state 31 moves from the goal, the most there is.
const hardest = "8 6 7 2 5 4 3 0 1"

// manhattanFile is the example Manhattan distance written in Starlark, or
// with table, the one that reads a table made once.
func manhattanFile(tb testing.TB, table bool) *script.HeuristicFile {
	tb.Helper()
	path := "../../examples/heuristics/manhattan.star"
	if table {
		path = "testdata/manhattan_table.star"
	}
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := script.LoadHeuristic("manhattan.star", src, script.Budget{})
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// eightDomain is an 8-puzzle domain at state with a built-in heuristic,
// or, for "" and "table", the Starlark Manhattan distance.
func eightDomain(tb testing.TB, state, heuristic string) engine.Domain {
	tb.Helper()
	var r *puzzles.Request
	var err error
	if heuristic == "" || heuristic == "table" {
		r, err = puzzles.NewScriptedRequest("8puzzle", state, "", manhattanFile(tb, heuristic == "table"))
	} else {
		r, err = puzzles.NewRequest("8puzzle", state, heuristic, "")
	}
	if err != nil {
		tb.Fatal(err)
	}
	d, err := r.Instance.Domain(r.Heuristic)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// BenchmarkStarlarkManhattanCall is one call of the Starlark Manhattan
// distance at a state it has not seen (the cache emptied every 4096
// states): the rate of a search that had to call it at every node.
func BenchmarkStarlarkManhattanCall(b *testing.B) {
	b.Run("loop", func(b *testing.B) { benchCall(b, "") })
	b.Run("table", func(b *testing.B) { benchCall(b, "table") })
}

func benchCall(b *testing.B, variant string) {
	d := eightDomain(b, hardest, variant).(*script.Guided)
	rng := rand.New(rand.NewPCG(1, 2))
	walk := make([]int, 4096)
	buf := make([]engine.Child, d.MaxBranch())
	prev := engine.NoMove
	for i := range walk {
		n := d.Expand(prev, buf)
		walk[i] = int(buf[rng.IntN(n)].Move)
		d.Apply(walk[i])
		prev = walk[i]
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(walk)
		if k == 0 {
			d.ClearCache()
		}
		// A walk back and forth: every state on it is new to the cache.
		d.Undo(walk[len(walk)-1-k])
		d.H()
	}
	b.StopTimer()
	if d.Err() != nil {
		b.Fatal(d.Err())
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkIDAStarlarkManhattan is a whole IDA* on the hardest 8-puzzle
// state with the Starlark Manhattan distance; BenchmarkIDABuiltinManhattan
// the same with the built-in one.
func BenchmarkIDAStarlarkManhattan(b *testing.B) { benchIDA(b, "") }
func BenchmarkIDABuiltinManhattan(b *testing.B)  { benchIDA(b, "manhattan") }

func benchIDA(b *testing.B, heuristic string) {
	var nodes int64
	for i := 0; i < b.N; i++ {
		d := eightDomain(b, hardest, heuristic)
		res, err := engine.IDA(context.Background(), d, engine.Options{})
		if err != nil || !res.Solved() || len(res.Moves) != 31 {
			b.Fatalf("%v %v %d", res.Status, err, len(res.Moves))
		}
		nodes += res.Totals.Generated
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
