package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"idaviz/trace/hostile"
)

// TestTraceInfoOnHostileTraces: `viz trace info` reads each hostile trace
// of issue 13 in memory bounded by a fixed cap (the bytes it allocates, an
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
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			e := &env{stdout: &out, stderr: &errb}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			status := traceInfo(e, "hostile.trace", bytes.NewReader(tc.data))
			runtime.ReadMemStats(&after)
			allocated := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes: allocated %.1f MB", len(tc.data), float64(allocated)/1e6)
			if limit := uint64(8*len(tc.data) + 32<<20); allocated > limit {
				t.Errorf("allocated %d bytes for a %d-byte file, want at most %d", allocated, len(tc.data), limit)
			}
			if status != tc.status || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.err) {
				t.Errorf("status %d, want %d\nstdout:\n%s\nstderr: %s\nwant %q and %q", status, tc.status, out.String(), errb.String(), tc.out, tc.err)
			}
		})
	}
}
