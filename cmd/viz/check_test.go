package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestCheckCommandLines: what viz check says of starts and samples that
// give no verdict, and of the defaults its help promises.
func TestCheckCommandLines(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		want   []string // in stderr
		not    string   // not in stderr
	}{
		{
			// The help says STATE defaults to the goal: the cube's goal
			// is given as its facelets, as the cube's empty scramble is
			// refused. A few states are too few for the cube: the check
			// got past its start.
			name: "the cube starts at its goal", args: []string{"--puzzle", "rubik", "--heuristic", "simple", "--max-states", "20"},
			status: exitUsage, want: []string{"grade a sample instead"}, not: "empty rubik state",
		},
		{
			// The square destroyer's goal has no moves: a sample of it
			// grades nothing, which is no verdict.
			name: "a sample with no moves", args: []string{"--puzzle", "squares", "--heuristic", "greedy", "--samples", "3"},
			status: exitUsage, want: []string{"no moves", "give a STATE"}, not: "admissible",
		},
		{
			name: "the exhaustive check of a state with no moves", args: []string{"--puzzle", "squares", "--heuristic", "greedy"},
			status: exitUsage, want: []string{"no moves"}, not: "admissible",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out, errs := runViz(t, "", append([]string{"check"}, tc.args...)...)
			if status != tc.status {
				t.Errorf("status %d, want %d; stdout %q, stderr %q", status, tc.status, out, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr %q lacks %q", errs, w)
				}
			}
			if tc.not != "" && strings.Contains(errs+out, tc.not) {
				t.Errorf("output says %q: stdout %q, stderr %q", tc.not, out, errs)
			}
		})
	}
}

// TestCheckSampleProgress: a sample's states are solved optimally, one by
// one, which can take minutes: viz check says how far it is on stderr,
// and nothing of it on stdout.
func TestCheckSampleProgress(t *testing.T) {
	defer func(d0 time.Duration) { checkLogEvery = d0 }(checkLogEvery)
	checkLogEvery = 0
	status, out, errs := runViz(t, "", "check", "--puzzle", "8puzzle", "--heuristic", "manhattan", "--samples", "3", "--walk", "12")
	if status != exitOK {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	for i := 1; i <= 3; i++ {
		if w := fmt.Sprintf("sample %d of 3 solved", i); !strings.Contains(errs, w) {
			t.Errorf("stderr %q lacks %q", errs, w)
		}
	}
	if strings.Contains(out, "sample 1 of 3") || !strings.Contains(out, "admissible: yes") {
		t.Errorf("stdout %q: want the grade alone", out)
	}
}

// TestCheckWarnsOfLongWalks: a sample of long walks on the cubes is
// states far from the goal, each solved optimally: minutes each. viz
// check says so before it starts (here it is stopped at once).
func TestCheckWarnsOfLongWalks(t *testing.T) {
	for _, tc := range []struct {
		args []string
		warn bool
	}{
		{[]string{"--puzzle", "magiccube", "--heuristic", "max", "--samples", "3"}, true},
		{[]string{"--puzzle", "magiccube", "--heuristic", "max", "--samples", "3", "--walk", "6"}, false},
		{[]string{"--puzzle", "8puzzle", "--heuristic", "manhattan", "--samples", "3"}, false},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out, errb bytes.Buffer
		status := run(ctx, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, append([]string{"check"}, tc.args...))
		warned := strings.Contains(errb.String(), "can take minutes")
		if warned != tc.warn || status != exitNotFound {
			t.Errorf("%q: status %d, stderr %q; want 1 (interrupted), warned %v", tc.args, status, errb.String(), tc.warn)
		}
	}
}
