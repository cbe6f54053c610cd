package web

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"idaviz/trace"
	"idaviz/trace/hostile"
)

// encodeTrace records events in enc, as viz solve --trace does.
func encodeTrace(t testing.TB, events []trace.Event, enc trace.Encoding) []byte {
	t.Helper()
	var buf bytes.Buffer
	r := trace.NewRecorder(&buf, enc, trace.LevelNode)
	for i := range events {
		r.Event(&events[i])
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeTrace records events to a file in enc, as viz solve --trace does.
func writeTrace(t testing.TB, events []trace.Event, enc trace.Encoding) string {
	t.Helper()
	data := encodeTrace(t, events, enc)
	path := filepath.Join(t.TempDir(), "run"+map[trace.Encoding]string{trace.EncodingBinary: ".trace", trace.EncodingNDJSON: ".ndjson"}[enc])
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// comparable strips a frame of what depends on the clock.
func comparable(f frame) frame {
	f.stats.Elapsed, f.stats.Seconds = 0, 0
	return f
}

// TestFileSourceSeekEqualsStepping seeks a trace replayed from its file to
// every event, in a random order, with checkpoints far more often than the
// default (and so many that the index thins them): the state after each
// seek is the state after stepping through every event before it. Runs
// that go on from a seek, or start anywhere, reach the same end.
func TestFileSourceSeekEqualsStepping(t *testing.T) {
	events := recordRun(t, trace.LevelNode, testState)
	// The reference: one player folding every event, a frame after each.
	ref := newPlayer(context.Background(), 1, trace.LevelNode, true, defaultTreeLimit, func() {})
	want := []frame{comparable(ref.frame(0))}
	for i := range events {
		e := events[i]
		ref.fold(&e)
		want = append(want, comparable(ref.frame(0)))
	}
	defer func(n int) { decodeBatch = n }(decodeBatch)
	for _, tc := range []struct {
		enc      trace.Encoding
		every    int
		maxCheck int
		batch    int
	}{{trace.EncodingBinary, 7, 0, 4096}, {trace.EncodingNDJSON, 7, 0, 10}, {trace.EncodingBinary, 1, 20, 14}, {trace.EncodingBinary, 4, 0, 1}} {
		decodeBatch = tc.batch
		rec, err := OpenTrace(writeTrace(t, events, tc.enc), IndexOptions{Every: tc.every, MaxCheckpoints: tc.maxCheck})
		if err != nil {
			t.Fatal(err)
		}
		defer rec.Close()
		idx := rec.index
		if rec.Len() != len(events) || len(idx.cps) > max(tc.maxCheck, 1) && tc.maxCheck > 0 || idx.every < tc.every || idx.n > (len(idx.cps)+1)*idx.every {
			t.Fatalf("%v every %d: %d events (want %d), %d checkpoints every %d", tc.enc, tc.every, rec.Len(), len(events), len(idx.cps), idx.every)
		}
		if tc.every == 1 && idx.every == 1 {
			t.Fatalf("%d events, a checkpoint after each: the index was not thinned", len(events))
		}
		src := replayOrigin{rec: rec}.first().(*fileSource)
		order := rand.New(rand.NewPCG(1, 2)).Perm(len(events) + 1)
		for _, pos := range order {
			p := newPlayer(context.Background(), 1, src.level(), true, defaultTreeLimit, func() {})
			src.fastForward(p, pos)
			if got := comparable(p.frame(0)); !reflect.DeepEqual(got, want[pos]) {
				t.Fatalf("%v every %d: seek to %d: state differs from stepping:\n got %+v\nwant %+v", tc.enc, tc.every, pos, got, want[pos])
			}
			if pos%97 != 0 {
				continue
			}
			// Going on from the seek, and starting afresh at pos with no
			// seek before it, both end where stepping ends.
			for _, fresh := range []bool{false, true} {
				if fresh {
					p = newPlayer(context.Background(), 1, src.level(), true, defaultTreeLimit, func() {})
					src.fastForward(p, pos)
					src.rd = nil
				}
				p.setMode(modeToEnd, 0)
				if err := src.run(context.Background(), p, pos); err != nil {
					t.Fatal(err)
				}
				p.setMode(modePaused, 0)
				if got := comparable(p.frame(0)); !reflect.DeepEqual(got, want[len(events)]) {
					t.Fatalf("%v: run from %d (fresh reader %v): end state differs", tc.enc, pos, fresh)
				}
			}
		}
	}
}

// TestOpenTraceDamaged opens a cut file (replayed up to its damage), a file
// with a value beyond the limits (replayed up to it) and files that are no
// replay at all.
func TestOpenTraceDamaged(t *testing.T) {
	events := recordRun(t, trace.LevelNode, testState)
	path := writeTrace(t, events, trace.EncodingBinary)
	b, _ := os.ReadFile(path)
	cut := filepath.Join(t.TempDir(), "cut.trace")
	os.WriteFile(cut, b[:len(b)*2/3], 0o644)
	rec, err := OpenTrace(cut, IndexOptions{Every: 16})
	if rec == nil || err == nil || !strings.Contains(err.Error(), "ends early") || rec.Len() == 0 || rec.Len() >= len(events) {
		t.Fatalf("cut file: %v, %v", rec != nil, err)
	}
	// The cut replay steps to its last whole event and no further.
	src := replayOrigin{rec: rec}.first().(*fileSource)
	p := newPlayer(context.Background(), 1, trace.LevelNode, true, defaultTreeLimit, func() {})
	p.setMode(modeToEnd, 0)
	if err := src.run(context.Background(), p, 0); err != nil || p.frame(0).stats.Pos != int64(rec.Len()) {
		t.Errorf("cut file replays %d of %d events: %v", p.frame(0).stats.Pos, rec.Len(), err)
	}
	rec.Close()

	deep := append([]trace.Event(nil), events[:30]...)
	at := 20
	for deep[at].Kind != trace.KindVisit {
		at++
	}
	deep[at].G, deep[at].F = 1<<20, 1<<20+deep[at].H
	rec, err = OpenTrace(writeTrace(t, deep, trace.EncodingBinary), IndexOptions{})
	if rec == nil || err == nil || !strings.Contains(err.Error(), "beyond") || rec.Len() != at {
		t.Fatalf("a depth beyond the limits: %v, %v", rec != nil, err)
	}
	rec.Close()

	noStart := writeTrace(t, events[1:], trace.EncodingNDJSON)
	if _, err := OpenTrace(noStart, IndexOptions{}); err == nil || !strings.Contains(err.Error(), "run-start") {
		t.Errorf("a trace with no run-start: %v", err)
	}
	if _, err := OpenTrace(filepath.Join(t.TempDir(), "none.trace"), IndexOptions{}); err == nil {
		t.Error("a missing file opened")
	}
}

// TestHostileTracesIndexBounded indexes the hostile traces of issue 13 with
// a checkpoint every 64 events: the index stops at the first value the page
// cannot show, naming it, and what it keeps stays within its budget.
func TestHostileTracesIndexBounded(t *testing.T) {
	for _, tc := range []struct {
		name   string
		data   []byte
		beyond bool
	}{
		{"bound 1e9", hostile.HugeBound(1e9), true},
		{"100,000 deep", hostile.DeepVisits(100_000), true},
		{"16 MiB histogram", hostile.HugeHistogram(), false},
		{"5,000 iterations at f 65,535", hostile.HighValues(5000, 1<<16-1), true},
		// 312 checkpoints of 0.5 MB: fewer than maxCheckpoints, more than
		// the budget, which thins them.
		{"20,000 visits at f 65,535", highF(t, 20_000), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "hostile.trace")
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			rec, err := OpenTrace(path, IndexOptions{Every: 64})
			if tc.beyond && !errors.Is(err, trace.ErrBeyondLimits) {
				t.Fatalf("OpenTrace: %v, want an error naming the value beyond the limits", err)
			}
			t.Logf("%v", err)
			if rec == nil {
				return
			}
			defer rec.Close()
			runtime.GC()
			runtime.ReadMemStats(&after)
			kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
			size := 0
			for _, c := range rec.index.cps {
				size += c.size()
			}
			t.Logf("%d events, %d checkpoints every %d, estimated %.1f MB, heap grew %.1f MB", rec.Len(), len(rec.index.cps), rec.index.every, float64(size)/1e6, float64(kept)/1e6)
			if strings.HasPrefix(tc.name, "20,000") && rec.index.every == 64 {
				t.Errorf("%d checkpoints of %d bytes together: not thinned", len(rec.index.cps), size)
			}
			if size > checkpointBudget || kept > checkpointBudget+32<<20 {
				t.Errorf("the index keeps %d bytes (estimated %d), over its budget of %d", kept, size, checkpointBudget)
			}
			// And a seek anywhere works.
			src := replayOrigin{rec: rec}.first().(*fileSource)
			p := newPlayer(context.Background(), 1, src.level(), true, defaultTreeLimit, func() {})
			src.fastForward(p, rec.Len()/2)
			if got := p.frame(0).stats.Pos; got != int64(rec.Len()/2) {
				t.Errorf("seek to %d: at %d", rec.Len()/2, got)
			}
		})
	}
}

// highF is a trace within the limits whose every checkpoint is big: one
// iteration of n visits at f 65,535, so its histogram has 65,536 entries.
func highF(t *testing.T, n int) []byte {
	const f = 1<<16 - 1
	events := []trace.Event{{Kind: trace.KindRunStart, Run: &trace.RunInfo{Puzzle: testPuzzle, Instance: testState}},
		{Kind: trace.KindIterationStart, Iteration: 1, Bound: f}}
	for i := range n {
		events = append(events, trace.Event{Kind: trace.KindVisit, Node: uint64(i + 1), H: f, F: f, Move: -1, Iteration: 1, Bound: f})
	}
	events = append(events, trace.Event{Kind: trace.KindRunEnd, Status: trace.StatusExhausted})
	b, err := os.ReadFile(writeTrace(t, events, trace.EncodingBinary))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOpenTraceMutated indexes a thousand damaged copies of a trace (bytes
// changed at random, files cut short) with tiny checkpoint intervals and
// batches, then seeks around and plays to the end: an error or a replay,
// never a panic, and a seek always lands where it was asked. (trace's
// FuzzReader fuzzes the reader beneath; a native fuzz target here stalled
// the fuzzing engine's worker, so the mutations are drawn here, seeded.)
func TestOpenTraceMutated(t *testing.T) {
	defer func(n int) { decodeBatch = n }(decodeBatch)
	events := recordRun(t, trace.LevelNode, testState)
	var seeds [][]byte
	for _, enc := range []trace.Encoding{trace.EncodingBinary, trace.EncodingNDJSON} {
		b, err := os.ReadFile(writeTrace(t, events[:60], enc))
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	for it := range 1000 {
		data := slices.Clone(seeds[it%2])
		for range 1 + rng.IntN(4) {
			data[rng.IntN(len(data))] = byte(rng.IntN(256))
		}
		if rng.IntN(3) == 0 {
			data = data[:rng.IntN(len(data))]
		}
		path := filepath.Join(dir, "mutated.trace")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		decodeBatch = 1 + rng.IntN(7)
		rec, err := OpenTrace(path, IndexOptions{Every: 1 + rng.IntN(5), MaxCheckpoints: 4})
		if rec == nil {
			if err == nil {
				t.Fatalf("mutation %d: no recording and no error", it)
			}
			continue
		}
		src := replayOrigin{rec: rec}.first().(*fileSource)
		n := rec.Len()
		for _, pos := range []int{n, n / 2, 1, n - 1} {
			p := newPlayer(context.Background(), 1, src.level(), true, defaultTreeLimit, func() {})
			src.fastForward(p, pos)
			if got, want := p.frame(0).stats.Pos, int64(min(max(pos, 0), n)); got != want {
				t.Fatalf("mutation %d: seek to %d of %d: at %d", it, pos, n, got)
			}
			p.setMode(modeToEnd, 0)
			if err := src.run(context.Background(), p, int(p.frame(0).stats.Pos)); err != nil {
				t.Fatalf("mutation %d: run from %d: %v", it, pos, err)
			}
			if got := p.frame(0).stats.Pos; got != int64(n) {
				t.Fatalf("mutation %d: run from %d ends at %d of %d", it, pos, got, n)
			}
		}
		rec.Close()
	}
}
