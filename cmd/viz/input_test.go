package main

import (
	"strings"
	"testing"
)

// TestSolveStdinWhole: a state longer than 1 MiB on stdin is read whole
// (524,289 quarter turns of U, then R, need 2 moves: U and R), and one
// beyond the stated limit is refused with exit 2 rather than cut.
func TestSolveStdinWhole(t *testing.T) {
	state := strings.Repeat("U ", 524_289) + "R"
	status, out, errs := runViz(t, state, "solve", "--puzzle", "rubik", "--heuristic", "simple", "-")
	if status != exitOK || !strings.Contains(out, "solved in 2 moves") {
		t.Errorf("status %d\nstdout %.300s\nstderr %.300s", status, out, errs)
	}
	status, _, errs = runViz(t, strings.Repeat(" ", stdinLimit+1), "solve", "--puzzle", "rubik", "-")
	if status != exitUsage || !strings.Contains(errs, "longer than the limit of 16777216 bytes (16 MiB)") {
		t.Errorf("status %d, stderr %.300s", status, errs)
	}
}

// TestSolveConflictingFlags: flags that others make meaningless are refused
// (exit 2), not ignored.
func TestSolveConflictingFlags(t *testing.T) {
	const board = "1 2 3 4 5 6 7 0 8"
	for _, tc := range []struct {
		args []string
		want string // "" when accepted
	}{
		{[]string{"--algo", "astar", "--workers", "2"}, "--workers 2 splits IDA*'s tree; A* (--algo astar) runs on one"},
		{[]string{"--trace-level", "iteration"}, "--trace-level says what --trace records, and there is no --trace"},
		{[]string{"--max-memory", "1GB"}, "--max-memory bounds A* (--algo astar); IDA* needs none"},
		{[]string{"--algo", "astar", "--workers", "1", "--max-memory", "1GB"}, ""},
		{[]string{"--workers", "2"}, ""},
	} {
		args := append(append([]string{"solve"}, tc.args...), board)
		status, _, errs := runViz(t, "", args...)
		switch {
		case tc.want == "" && status != exitOK:
			t.Errorf("%v: status %d, stderr %s", tc.args, status, errs)
		case tc.want != "" && (status != exitUsage || !strings.Contains(errs, tc.want)):
			t.Errorf("%v: status %d, stderr %s; want exit 2 and %q", tc.args, status, errs, tc.want)
		}
	}
}
