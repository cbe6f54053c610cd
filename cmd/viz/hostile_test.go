package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/trace/hostile"
)

// TestTraceInfoOnHostileTraces: `viz trace info` reads each hostile trace
// (docs/SECURITY.md) in memory bounded by a fixed cap (the bytes it allocates, an
// upper bound of its peak, are a fraction of the file for the 20 MB one),
// and says which value it cannot show, with exit status 2.
func TestTraceInfoOnHostileTraces(t *testing.T) {
	for _, tc := range []struct {
		name   string
		data   []byte
		status int
		out    string // in stdout
		err    string // in stderr
	}{
		{"bound 1e9", hostile.HugeBound(1e9), exitUsage, "1  1000000000",
			"record 2: iteration-start record: bound 1000000000 is beyond what can be shown (at most 65535)"},
		{"10,000 deep", hostile.DeepVisits(10_000), exitUsage, "1  10000     10000      10000",
			"record 1028: visit record: depth 1025 is beyond what can be shown (at most 1024)"},
		{"16 MiB histogram", hostile.HugeHistogram(), exitUsage, "records: 2",
			"a list of 16777201 values, beyond the format's limit of 65536"},
		{"20 MB of iteration starts", hostile.IterationStarts(20e6), exitOK,
			"(4998929 more iterations not listed; their counts are in the totals)", ""},
		{"5,000 iterations at f 65,535", hostile.HighValues(5000, 1<<16-1), exitUsage,
			"(3975 more iterations not listed", "record 3: visit record: depth 65535 is beyond"},
		{"8 MB heuristic name", hostile.LongName(8 << 20), exitUsage, "hhhhhhhhhh… (8388608 bytes)\n",
			"record 1: run-start record: heuristic name of 8388608 bytes is beyond what can be shown (at most 4096)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			e := &env{stdout: &out, stderr: &errb}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			status := traceInfo(e, "hostile.trace", bytes.NewReader(tc.data), false)
			runtime.ReadMemStats(&after)
			allocated := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes: allocated %.1f MB", len(tc.data), float64(allocated)/1e6)
			if limit := uint64(8*len(tc.data) + 32<<20); allocated > limit {
				t.Errorf("allocated %d bytes for a %d-byte file, want at most %d", allocated, len(tc.data), limit)
			}
			// What a file claims is printed short: no line of a file's
			// megabytes.
			for _, line := range strings.Split(out.String()+errb.String(), "\n") {
				if len(line) > 1024 {
					t.Errorf("a line of %d bytes: %.100q…", len(line), line)
				}
			}
			if status != tc.status || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.err) {
				t.Errorf("status %d, want %d\nstdout:\n%s\nstderr: %s\nwant %q and %q", status, tc.status, out.String(), errb.String(), tc.out, tc.err)
			}
		})
	}
}

// TestTraceInfoQuotesControlCharacters: a trace's metadata cannot drive the
// terminal: control characters come out quoted, other scripts as they are.
func TestTraceInfoQuotesControlCharacters(t *testing.T) {
	var buf bytes.Buffer
	r := trace.NewRecorder(&buf, trace.EncodingBinary, trace.LevelNode)
	for _, ev := range []trace.Event{
		{Kind: trace.KindRunStart, Run: &trace.RunInfo{Puzzle: "\x1b]0;pwned\a8puzzle", Instance: "ёлка 1 2",
			Heuristic: "a\rb", MoveNames: []string{"\x1b[2J"}, Options: map[string]string{"k": "v\x00"}}},
		{Kind: trace.KindSolution, Moves: []int{0}, Cost: 1},
		{Kind: trace.KindRunEnd, Status: trace.StatusSolved},
	} {
		r.Event(&ev)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	status := traceInfo(&env{stdout: &out, stderr: &errb}, "evil\x1b.trace", &buf, false)
	got := out.String()
	for _, want := range []string{`file: "evil\x1b.trace"`, `puzzle: "\x1b]0;pwned\a8puzzle"`, "instance: ёлка 1 2",
		`heuristic: "a\rb"`, `options: "k=v\x00"`, `solution: 1 move: "\x1b[2J"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if status != exitOK || strings.ContainsAny(got, "\x1b\a\r\x00") {
		t.Errorf("status %d, output with control characters:\n%q", status, got)
	}
}

// TestChromeExportCapped: 20 MB of empty iterations made a 475 MB Chrome
// trace; the export stops at its cap (trace.DefaultChromeMaxBytes) with exit
// status 2 (the input is too big to export) and an error naming the cap,
// and leaves no file.
func TestChromeExportCapped(t *testing.T) {
	t.Parallel()
	// The default cap takes 256 MiB of JSON and minutes to reach: the sweep's
	// (IDAVIZ_TEST_SWEEPS=1); a quick run lowers it to 1 MiB.
	size, max := 200_000, int64(1<<20)
	if os.Getenv("IDAVIZ_TEST_SWEEPS") == "1" {
		size, max = 20e6, 0
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "starts.trace"), filepath.Join(dir, "out.json")
	if err := os.WriteFile(in, hostile.IterationStarts(size), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, chromeMax: max}
	status := run(context.Background(), e, []string{"trace", "export", "--format", "chrome", "-o", out, in})
	want := fmt.Sprintf("larger than %d MiB", cmp.Or(max, trace.DefaultChromeMaxBytes)>>20)
	if status != exitUsage || !strings.Contains(stderr.String(), want) {
		t.Errorf("status %d, stderr %q; want a refusal saying %q", status, stderr.String(), want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a capped export left a file")
	}
}

// TestTraceScriptNotRun: opening a trace runs no code it carries. Its
// export (and replay) says the script is not run and how to ask for it,
// and ends at once; --run-script runs it within the sandbox's budgets,
// which refuse the script's 64 MiB string at once (it took minutes of CPU
// before).
func TestTraceScriptNotRun(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "script-cpu.trace")
	if err := os.WriteFile(in, hostile.Script(hostile.ScriptCPU), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { puzzles.AllowTraceScripts(false) })
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"trace", "export", "-o", filepath.Join(dir, "a.html"), in}, "which is not run (a trace is data): its states are not drawn; pass --run-script"},
		{[]string{"replay", "--export", filepath.Join(dir, "b.html"), in}, "which is not run (a trace is data)"},
		{[]string{"replay", "--run-script", "--export", filepath.Join(dir, "c.html"), in}, ""},
	} {
		// A script that ran would take minutes of CPU: the package's
		// timeout ends such a run (a wall-clock bound here failed under the
		// race detector on a loaded machine).
		status, _, stderr := runViz(t, "", tc.args...)
		if status != exitOK || !strings.Contains(stderr, tc.err) || (tc.err == "" && strings.Contains(stderr, "not run")) {
			t.Errorf("viz %v: status %d, stderr %q, want %q", tc.args, status, stderr, tc.err)
		}
	}
	// A script that loads draws its states with --run-script only: its
	// renderer is in the export.
	benign := filepath.Join(dir, "benign.trace")
	if err := os.WriteFile(benign, hostile.Script("start = 0\ngoal = 1\ndef moves(x):\n    return [('+', x + 1, 1)]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	size := func(args ...string) int {
		out := filepath.Join(dir, "benign.html")
		if status, _, stderr := runViz(t, "", append(append([]string{"trace", "export", "-o", out}, args...), benign)...); status != exitOK {
			t.Fatalf("status %d: %s", status, stderr)
		}
		fi, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		return int(fi.Size())
	}
	if without, with := size(), size("--run-script"); with <= without {
		t.Errorf("the export is %d bytes with --run-script, %d without: the states are not drawn", with, without)
	}
}
