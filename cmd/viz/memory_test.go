package main

import (
	"strings"
	"testing"
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
