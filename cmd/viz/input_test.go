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
