package trace_test

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"idaviz/trace"
	"idaviz/trace/hostile"
)

// hostileTraces are hostile files (docs/SECURITY.md): sound framing, values
// that claim far more than the file holds.
// refused, when set, is what the reader says of the file.
func hostileTraces() []struct {
	name, refused string
	data          []byte
} {
	return []struct {
		name, refused string
		data          []byte
	}{
		{"bound 1e9", "", hostile.HugeBound(1e9)},
		{"bound 2^40", "", hostile.HugeBound(1 << 40)},
		{"10,000 deep", "", hostile.DeepVisits(10_000)},
		{"16 MiB histogram", "a list of 16777201 values, beyond the format's limit of 65536", hostile.HugeHistogram()},
		{"16 MiB histogram, NDJSON", "a line of 8388559 values, more than its lists may hold", hostile.HugeHistogramNDJSON()},
		{"20 MB of iteration starts", "", hostile.IterationStarts(20e6)},
		{"5,000 iterations at f 65,535", "", hostile.HighValues(5000, 1<<16-1)},
		{"8 MB heuristic name", "", hostile.LongName(8 << 20)},
	}
}

// memory runs f and reports the bytes it allocated in all (an upper bound
// of its peak, whatever the garbage collector does) and the bytes still
// live after it, which keep is holding on to.
func memory(f func() (keep any)) (allocated, live uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	keep := f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keep)
	live = 0
	if after.HeapAlloc > before.HeapAlloc {
		live = after.HeapAlloc - before.HeapAlloc
	}
	return after.TotalAlloc - before.TotalAlloc, live
}

// TestHostileTracesBoundedMemory folds each hostile trace into the
// statistics the page and `viz trace info` show: what it keeps must be a
// fixed amount, and what it allocates on the way a small multiple of the
// file, whatever the values claim.
func TestHostileTracesBoundedMemory(t *testing.T) {
	for _, h := range hostileTraces() {
		t.Run(h.name, func(t *testing.T) {
			size := uint64(len(h.data))
			allocated, live := memory(func() any {
				st := trace.NewNodeStats()
				_, err := trace.ReadAll(bytes.NewReader(h.data), st)
				var fe *trace.FormatError
				switch {
				case h.refused == "" && err != nil:
					t.Fatal(err)
				case h.refused != "" && (!errors.As(err, &fe) || !strings.Contains(err.Error(), h.refused)):
					t.Fatalf("got error %v, want a *trace.FormatError saying %q", err, h.refused)
				}
				return st.Snapshot()
			})
			t.Logf("%d bytes: allocated %s, live %s", size, mb(allocated), mb(live))
			if limit := 10*size + 16<<20; allocated > limit {
				t.Errorf("allocated %s folding a %d-byte file, want at most %s", mb(allocated), size, mb(limit))
			}
			if limit := uint64(16 << 20); live > limit {
				t.Errorf("the statistics and their snapshot hold %s, want at most %s", mb(live), mb(limit))
			}
		})
	}
}

func mb(n uint64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// TestChromeCapped: the Chrome export of 20 MB of empty iterations (a
// track each: 475 MB of JSON) stops at its cap with an error naming it,
// having written no more than the cap.
func TestChromeCapped(t *testing.T) {
	data := hostile.IterationStarts(1e6)
	for _, tc := range []struct {
		name string
		max  int64
		ok   bool
	}{
		{"within 32 MiB", 32 << 20, true},
		{"past 4 MiB", 4 << 20, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rd, err := trace.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			var out countingWriter
			c := trace.NewChrome(&out)
			c.MaxBytes = tc.max
			var ev trace.Event
			for rd.Read(&ev) == nil {
				c.Event(&ev)
			}
			err = c.Close()
			if tc.ok != (err == nil) {
				t.Fatalf("Close: %v", err)
			}
			if !tc.ok && (!errors.Is(err, trace.ErrChromeTooLarge) || !strings.Contains(err.Error(), "larger than 4 MiB")) {
				t.Errorf("error %v, want one naming the 4 MiB cap", err)
			}
			if out.n > tc.max {
				t.Errorf("wrote %d bytes, cap %d", out.n, tc.max)
			}
		})
	}
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }
