package web

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"testing"

	"idaviz/trace"
	"idaviz/trace/hostile"
	"idaviz/web/export"
	"idaviz/web/fold"
)

// TestHostileTracesReplayBounded: the replay and export path reads each
// hostile trace (docs/SECURITY.md) with memory bounded by a small multiple of the
// file (or a fixed cap), stops at the first value it cannot show with an
// error that names it, and exports what came before.
func TestHostileTracesReplayBounded(t *testing.T) {
	for _, tc := range []struct {
		name   string
		data   []byte
		beyond bool // a value beyond the limits (else damage or nothing)
	}{
		{"bound 1e9", hostile.HugeBound(1e9), true},
		{"bound 2^40", hostile.HugeBound(1 << 40), true},
		{"10,000 deep", hostile.DeepVisits(10_000), true},
		{"100,000 deep", hostile.DeepVisits(100_000), true},
		{"16 MiB histogram", hostile.HugeHistogram(), false},
		{"5,000 iterations at f 65,535", hostile.HighValues(5000, 1<<16-1), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			rd, err := trace.NewReader(bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := fold.LoadRecording(rd, fold.DefaultMaxEvents)
			if tc.beyond && !errors.Is(err, trace.ErrBeyondLimits) {
				t.Fatalf("LoadRecording: %v, want an error naming the value beyond the limits", err)
			}
			if err != nil {
				t.Logf("%v", err)
			}
			runtime.ReadMemStats(&after)
			allocated := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes: loading allocated %.1f MB", len(tc.data), float64(allocated)/1e6)
			if limit := uint64(8*len(tc.data) + 64<<20); allocated > limit {
				t.Errorf("loading allocated %d bytes for a %d-byte file, want at most %d", allocated, len(tc.data), limit)
			}
			if rec == nil {
				return
			}
			// The export packs the events it replays: its memory is the
			// packed trace's and the page's, whatever the values claim.
			runtime.ReadMemStats(&before)
			if err := export.HTML(io.Discard, rec, export.Options{}); err != nil {
				t.Fatalf("export of what was read: %v", err)
			}
			runtime.ReadMemStats(&after)
			allocated = after.TotalAlloc - before.TotalAlloc
			t.Logf("exporting %d events allocated %.1f MB", len(rec.Events), float64(allocated)/1e6)
			if allocated > 1<<30 {
				t.Errorf("the export allocated %d bytes, over its 1 GiB cap", allocated)
			}
		})
	}
}
