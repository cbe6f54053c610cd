package main

import (
	"strings"
	"testing"

	"idaviz/puzzles/script"
)

// TestSolveMaxMemory: A* on a hard 24-puzzle with a small budget stops with
// the budget's message and exit status 1 (searched, found nothing within
// the limits), instead of growing until the process dies; a bad size is
// bad usage.
func TestSolveMaxMemory(t *testing.T) {
	const korf1 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"
	status, out, errs := runViz(t, "", "solve", "--algo", "astar", "--goal", "blank-first", "--max-memory", "32MB", korf1)
	if status != exitNotFound || !strings.Contains(out, "A*: limit") ||
		!strings.Contains(errs, "A* ran out of its memory budget after ") ||
		!strings.Contains(errs, " states; IDA* needs none (--max-memory 30.5MiB)") {
		t.Errorf("status %d\nstdout %s\nstderr %s", status, out, errs)
	}
	for _, bad := range []string{"lots", "nanMB", "0.1B"} {
		status, _, errs = runViz(t, "", "solve", "--max-memory", bad, "1 2 3 4 5 6 7 8 0")
		if want := `--max-memory ` + bad + `: "` + bad + `" is not a size`; status != exitUsage || !strings.Contains(errs, want) {
			t.Errorf("--max-memory %s: status %d, stderr %s; want %s", bad, status, errs, want)
		}
	}
	if defaultMemoryBudget() < 1<<28 {
		t.Errorf("default budget %d: a quarter of this machine's memory should be more", defaultMemoryBudget())
	}
}

// TestHeapBudget: the heap is limited near what a command's searches may
// hold: A*'s budget, and for a problem written in Starlark its script's
// budget in each run at once when that is less (viz solve --problem set
// no limit, and its heap grew to half again the script's budget).
func TestHeapBudget(t *testing.T) {
	const gib, mib = int64(1 << 30), int64(1 << 20)
	problem := &scripts{problemFile: "p.star"}
	small := &scripts{problemFile: "p.star", budget: script.Budget{Memory: 64 * mib}}
	heuristic := &scripts{heuristics: map[string]*script.HeuristicFile{"h.star": nil}}
	cases := []struct {
		name   string
		shared int64
		sc     *scripts
		runs   int
		want   int64
	}{
		{"IDA* of a puzzle", 0, &scripts{}, 1, 0},
		{"no scripts", 0, nil, 1, 0},
		{"A* of a puzzle", 6 * gib, &scripts{}, 1, 6 * gib},
		{"A* with a heuristic file", 6 * gib, heuristic, 1, 6 * gib},
		{"IDA* of a problem", 0, problem, 1, script.DefaultMemory},
		{"A* of a problem", 6 * gib, problem, 1, script.DefaultMemory},
		{"A* of a problem, a smaller --max-memory", 100 * mib, problem, 1, 100 * mib},
		{"a problem's own budget", 0, small, 1, 64 * mib},
		{"four workers of a problem", 0, problem, 4, 4 * script.DefaultMemory},
		{"four workers under --max-memory", gib, problem, 4, gib},
	}
	for _, c := range cases {
		if got := heapBudget(c.shared, c.sc, c.runs); got != c.want {
			t.Errorf("%s: %d MiB, want %d MiB", c.name, got/mib, c.want/mib)
		}
	}
}
