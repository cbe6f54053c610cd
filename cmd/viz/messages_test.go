package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveSaysWhatIsWrong: the messages of viz solve name what stopped it
// or what is wrong with the command line, in the user's own terms.
func TestSolveSaysWhatIsWrong(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no", "such", "x.trace")
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		want   []string // in stdout+stderr
		not    []string
	}{
		{
			// On an odd width both goals have the same parity: the other
			// goal never helps.
			name: "an unsolvable 8-puzzle", args: []string{"1 2 3 4 5 6 8 7 0"},
			status: exitUsage, want: []string{"cannot reach", "swap two tiles"}, not: []string{"other goal", "blank-first"},
		},
		{
			name: "an unsolvable 24-puzzle", args: []string{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 24 23 0"},
			status: exitUsage, want: []string{"cannot reach"}, not: []string{"other goal", "blank-first"},
		},
		{
			name: "a 15-puzzle posed for the other goal", args: []string{korf1},
			status: exitUsage, want: []string{"cannot reach the blank-last goal", "the blank-first goal, which it can reach"},
		},
		{
			name: "the time limit", args: []string{"--timeout", "300ms", "--puzzle", "15puzzle", "--goal", "blank-first", "--heuristic", "misplaced", korf1},
			status: exitNotFound, want: []string{"IDA*: limit", "the time limit of 300ms (--timeout)"},
		},
		{
			name: "the node limit", args: []string{"--max-nodes", "5000", "--puzzle", "15puzzle", "--goal", "blank-first", korf1},
			status: exitNotFound, want: []string{"the node limit of 5000 generated (--max-nodes)"},
		},
		{
			name: "the bound limit", args: []string{"--max-bound", "44", "--puzzle", "15puzzle", "--goal", "blank-first", korf1},
			status: exitNotFound, want: []string{"the bound limit of 44 (--max-bound)"},
		},
		{
			name: "the limit in JSON", args: []string{"--json", "--max-nodes", "5000", "--puzzle", "15puzzle", "--goal", "blank-first", korf1},
			status: exitNotFound, want: []string{`"status":"limit","limit":"the node limit of 5000 generated (--max-nodes)"`},
		},
		{
			name: "a timeout with no unit", args: []string{"--timeout", "5", "8 6 7 2 5 4 3 0 1"},
			status: exitUsage, want: []string{"--timeout 5", "a unit is missing", "did you mean 5s?"}, not: []string{"parse error"},
		},
		{
			name: "a timeout too long", args: []string{"--timeout", "9999999h", "8 6 7 2 5 4 3 0 1"},
			status: exitUsage, want: []string{"--timeout 9999999h", "too long", "the most is"}, not: []string{"parse error"},
		},
		{
			name: "a timeout that is no duration", args: []string{"--timeout", "soon", "8 6 7 2 5 4 3 0 1"},
			status: exitUsage, want: []string{"--timeout soon", "not a duration: give one such as 30s"}, not: []string{"parse error"},
		},
		{
			name: "a trace in a folder that is not there", args: []string{"--trace", missing, "8 6 7 2 5 4 3 0 1"},
			status: exitFailed, want: []string{missing}, not: []string{".tmp"},
		},
		{
			// A corner of U R and L: the input's face letters, not the
			// sticker net's colours.
			name: "a facelet string with no such corner", args: []string{"--puzzle", "rubik", "UUUUUUUULRRRRRRRRRFFFFFFFFFDDDDDDDDDULLLLLLLLBBBBBBBBB"},
			status: exitUsage, want: []string{"the corner at URF", "'L', 'R' and 'F'"}, not: []string{"'o'", "'r'", "'g'", "colours of the sticker net"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out, errs := runViz(t, "", append([]string{"solve"}, tc.args...)...)
			all := out + errs
			if status != tc.status {
				t.Errorf("status %d, want %d; stdout %q, stderr %q", status, tc.status, out, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("output lacks %q: stdout %q, stderr %q", w, out, errs)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(all, w) {
					t.Errorf("output says %q: stdout %q, stderr %q", w, out, errs)
				}
			}
		})
	}
}
