package main

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64 // 0: an error
	}{
		{"512MB", 512e6}, {"2GiB", 2 << 30}, {"1.5gb", 1.5e9}, {"64 KiB", 64 << 10}, {"100B", 100},
		{"512", 0}, {"MB", 0}, {"-1GB", 0}, {"0MB", 0}, {"2 gigs", 0}, {"1e30TB", 0}, {"", 0},
		// Each of these read as 0, which means no limit at all.
		{"nanMB", 0}, {"NaNGiB", 0}, {"0.1B", 0}, {"1e-9kb", 0}, {"infGB", 0}, {"+Inf B", 0}, {"-0B", 0},
		{"1B", 1}, {"0.001kB", 1},
	} {
		got, err := parseSize(tc.in)
		if got != tc.want || (err != nil) != (tc.want == 0) {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), "e.g. 512MB or 2GiB") {
			t.Errorf("parseSize(%q): %v does not say how to write a size", tc.in, err)
		}
	}
	for _, n := range []int64{2 << 30, 6171023 << 10, 100} {
		if got, err := parseSize(formatSize(n)); err != nil || got < n*99/100 || got > n*101/100 {
			t.Errorf("formatSize(%d) = %q reads back as %d, %v", n, formatSize(n), got, err)
		}
	}
}

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
		if want := `invalid value "` + bad + `" for flag -max-memory: "` + bad + `" is not a size`; status != exitUsage || !strings.Contains(errs, want) {
			t.Errorf("--max-memory %s: status %d, stderr %s; want %s", bad, status, errs, want)
		}
	}
	if defaultMemoryBudget() < 1<<28 {
		t.Errorf("default budget %d: a quarter of this machine's memory should be more", defaultMemoryBudget())
	}
}
