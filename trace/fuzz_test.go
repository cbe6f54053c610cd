package trace

import (
	"bytes"
	"errors"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the reader in both encodings (the
// first byte picks it): it must not panic, must end with io.EOF or an error,
// and whatever it reads must survive a write and a second read unchanged.
func FuzzReader(f *testing.F) {
	for _, path := range goldenPaths() {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		f.Add(record(f, enc, LevelNode, small()))
		f.Add(record(f, enc, LevelNode, extremes()[:3]))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, err := NewReader(bytes.NewReader(data))
		if err != nil {
			if rd != nil {
				t.Fatal("a reader and an error")
			}
			return
		}
		var got []Event
		for {
			e, err := rd.Next()
			if err != nil {
				var fe *FormatError
				if err != io.EOF && !errors.As(err, &fe) {
					t.Fatalf("error %v is neither io.EOF nor a *FormatError", err)
				}
				if _, again := rd.Next(); again != err {
					t.Fatalf("error not sticky: %v then %v", err, again)
				}
				break
			}
			if e.Kind == 0 || e.Kind >= kindLimit {
				t.Fatalf("delivered an event of unknown kind %v", e.Kind)
			}
			got = append(got, *e)
		}
		// What was read writes and reads back the same, in both encodings.
		for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
			var buf bytes.Buffer
			r := NewRecorder(&buf, enc, LevelNode)
			for i := range got {
				r.Event(&got[i])
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			again, _ := readEvents(buf.Bytes())
			if a, b := canon(again), canon(got); a != b {
				t.Fatalf("%v: events changed by a rewrite:\n%s\n%s", enc, b, a)
			}
		}
	})
}

// canon is the events' NDJSON, a canonical form for comparing events whose
// times may have gone through JSON.
func canon(events []Event) string {
	var b bytes.Buffer
	r := NewRecorder(&b, EncodingNDJSON, LevelNode)
	for i := range events {
		r.Event(&events[i])
	}
	r.Close()
	return b.String()
}

// FuzzNDJSONNodeLine: on every line the fast node decoder accepts,
// encoding/json must decode the same event.
func FuzzNDJSONNodeLine(f *testing.F) {
	data, err := os.ReadFile(goldens[0].files[EncodingNDJSON])
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range bytes.Split(data, []byte("\n"))[1:40] {
		f.Add(l)
	}
	for _, e := range extremes() {
		if e.Kind == KindVisit || e.Kind == KindPrune {
			f.Add([]byte(strings.TrimSuffix(canon([]Event{e})[len(`{"format":"idaviz-trace","version":1,"minor":0}`)+1:], "\n")))
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var fast, slow Event
		if !fastNode(line, &fast) {
			return
		}
		known, err := decodeLine(line, &slow)
		if err != nil || !known {
			t.Fatalf("fast path took a line encoding/json refuses (%v): %s", err, line)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("fast %+v\nslow %+v\nline %s", fast, slow, line)
		}
	})
}

// FuzzStats feeds arbitrary bytes through the path from a file to what the
// charts show (reader, Stats, Snapshot) and asserts that what it keeps is
// bounded whatever the values claim: at most keptIterations listed, at most
// keptCells histogram entries among them, each histogram below histLimit,
// and the bytes allocated a small multiple of the input plus the fixed cap.
func FuzzStats(f *testing.F) {
	for _, path := range goldenPaths() {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(record(f, EncodingBinary, LevelNode, small()))
	f.Add(record(f, EncodingBinary, LevelNode, []Event{
		{Kind: KindRunStart},
		{Kind: KindIterationStart, Iteration: 1, Bound: 1e9},
		{Kind: KindVisit, Node: 1, Depth: histLimit - 1, H: 1e9, F: 1e9, Iteration: 1, Bound: 1e9},
		{Kind: KindIterationEnd, Iteration: 1, Bound: 1e9, Stats: &Iteration{VisitF: make([]int64, histLimit)}},
		{Kind: KindRunEnd},
	}))
	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s := NewNodeStats()
		ReadAll(bytes.NewReader(data), s)
		snap := s.Snapshot()
		runtime.ReadMemStats(&after)
		if len(snap.Iterations) > keptIterations {
			t.Fatalf("%d iterations listed, beyond %d", len(snap.Iterations), keptIterations)
		}
		cells := 0
		for _, it := range append(snap.Iterations, snap.Current) {
			for _, h := range [][]int64{it.VisitF, it.PruneF, it.Depth} {
				if len(h) > histLimit {
					t.Fatalf("a histogram of %d entries", len(h))
				}
				cells += len(h)
			}
		}
		if cells > keptCells+3*histLimit {
			t.Fatalf("%d histogram entries kept", cells)
		}
		// Each of cur's histograms may grow to histLimit, reusing its array
		// (twice that while it grows); the listed ones are copies within
		// keptCells; the snapshot copies both again.
		const fixed = 8 * (4*3*histLimit + 2*keptCells)
		if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(16*len(data)+fixed+1<<20); got > limit {
			t.Fatalf("allocated %d bytes reading %d, want at most %d", got, len(data), limit)
		}
	})
}
