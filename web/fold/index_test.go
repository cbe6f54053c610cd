package fold

import (
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
	"idaviz/web/internal/testrun"
)

// comparable strips a frame of what depends on the clock.
func comparable(f Frame) Frame {
	f.Stats.Elapsed, f.Stats.Seconds = 0, 0
	return f
}

// TestResumeEqualsFolding seeks a trace read from its file to every
// event, in a random order, with checkpoints far more often than the
// default (and so many that the index thins them): the state after each
// seek is the state after folding every event before it. Folding on from
// the reader a seek returns, or from a fresh reader at that place, reaches
// the same end.
func TestResumeEqualsFolding(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	// The reference: one run folding every event, a frame after each.
	ref := NewRun(1, trace.LevelNode, DefaultTreeLimit)
	want := []Frame{comparable(ref.Frame(0, nil))}
	for i := range events {
		e := events[i]
		ref.Apply(&e)
		want = append(want, comparable(ref.Frame(0, nil)))
	}
	defer func(n int) { decodeBatch = n }(decodeBatch)
	for _, tc := range []struct {
		enc      trace.Encoding
		every    int
		maxCheck int
		batch    int
	}{{trace.EncodingBinary, 7, 0, 4096}, {trace.EncodingNDJSON, 7, 0, 10}, {trace.EncodingBinary, 1, 20, 14}, {trace.EncodingBinary, 4, 0, 1}} {
		decodeBatch = tc.batch
		rec, err := OpenTrace(testrun.Write(t, events, tc.enc), IndexOptions{Every: tc.every, MaxCheckpoints: tc.maxCheck})
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
		order := rand.New(rand.NewPCG(1, 2)).Perm(len(events) + 1)
		for _, pos := range order {
			r := NewRun(1, rec.Level(), DefaultTreeLimit)
			rd, at := rec.Resume(r, pos)
			if got := comparable(r.Frame(0, nil)); at != pos || !reflect.DeepEqual(got, want[pos]) {
				t.Fatalf("%v every %d: seek to %d (at %d): state differs from folding:\n got %+v\nwant %+v", tc.enc, tc.every, pos, at, got, want[pos])
			}
			if pos%97 != 0 {
				continue
			}
			// Going on from the seek, and from a fresh reader at pos, both
			// end where folding ends.
			for _, fresh := range []bool{false, true} {
				if fresh {
					r = NewRun(1, rec.Level(), DefaultTreeLimit)
					rec.Resume(r, pos)
					if rd, err = rec.ReaderAt(pos); err != nil {
						t.Fatal(err)
					}
				}
				if err := foldRest(r, rd, pos, rec.Len()); err != nil {
					t.Fatal(err)
				}
				if got := comparable(r.Frame(0, nil)); !reflect.DeepEqual(got, want[len(events)]) {
					t.Fatalf("%v: fold from %d (fresh reader %v): end state differs", tc.enc, pos, fresh)
				}
			}
		}
	}
}

// foldRest folds the events from pos to n from rd into r.
func foldRest(r *Run, rd *trace.Reader, pos, n int) error {
	var e trace.Event
	for ; pos < n; pos++ {
		if err := rd.Read(&e); err != nil {
			return err
		}
		r.Apply(&e)
	}
	return nil
}

// TestOpenTraceDamaged opens a cut file (replayed up to its damage), a file
// with a value beyond the limits (replayed up to it) and files that are no
// replay at all.
func TestOpenTraceDamaged(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	path := testrun.Write(t, events, trace.EncodingBinary)
	b, _ := os.ReadFile(path)
	cut := filepath.Join(t.TempDir(), "cut.trace")
	os.WriteFile(cut, b[:len(b)*2/3], 0o644)
	rec, err := OpenTrace(cut, IndexOptions{Every: 16})
	if rec == nil || err == nil || !strings.Contains(err.Error(), "ends early") || rec.Len() == 0 || rec.Len() >= len(events) {
		t.Fatalf("cut file: %v, %v", rec != nil, err)
	}
	// The cut replay folds to its last whole event and no further.
	r := NewRun(1, trace.LevelNode, DefaultTreeLimit)
	rd, err := rec.ReaderAt(0)
	if err == nil {
		err = foldRest(r, rd, 0, rec.Len())
	}
	if err != nil || r.Frame(0, nil).Stats.Pos != int64(rec.Len()) {
		t.Errorf("cut file replays %d of %d events: %v", r.Frame(0, nil).Stats.Pos, rec.Len(), err)
	}
	rec.Close()

	deep := append([]trace.Event(nil), events[:30]...)
	at := 20
	for deep[at].Kind != trace.KindVisit {
		at++
	}
	deep[at].G, deep[at].F = 1<<20, 1<<20+deep[at].H
	rec, err = OpenTrace(testrun.Write(t, deep, trace.EncodingBinary), IndexOptions{})
	if rec == nil || err == nil || !strings.Contains(err.Error(), "beyond") || rec.Len() != at {
		t.Fatalf("a depth beyond the limits: %v, %v", rec != nil, err)
	}
	rec.Close()

	noStart := testrun.Write(t, events[1:], trace.EncodingNDJSON)
	if _, err := OpenTrace(noStart, IndexOptions{}); err == nil || !strings.Contains(err.Error(), "run-start") {
		t.Errorf("a trace with no run-start: %v", err)
	}
	if _, err := OpenTrace(filepath.Join(t.TempDir(), "none.trace"), IndexOptions{}); err == nil {
		t.Error("a missing file opened")
	}
}

// TestHostileTracesIndexBounded indexes the hostile traces (trace/hostile) with
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
			r := NewRun(1, rec.Level(), DefaultTreeLimit)
			rec.Resume(r, rec.Len()/2)
			if got := r.Frame(0, nil).Stats.Pos; got != int64(rec.Len()/2) {
				t.Errorf("seek to %d: at %d", rec.Len()/2, got)
			}
		})
	}
}

// highF is a trace within the limits whose every checkpoint is big: one
// iteration of n visits at f 65,535, so its histogram has 65,536 entries.
func highF(t *testing.T, n int) []byte {
	const f = 1<<16 - 1
	events := []trace.Event{{Kind: trace.KindRunStart, Run: &trace.RunInfo{Puzzle: testrun.Puzzle, Instance: testrun.State}},
		{Kind: trace.KindIterationStart, Iteration: 1, Bound: f}}
	for i := range n {
		events = append(events, trace.Event{Kind: trace.KindVisit, Node: uint64(i + 1), H: f, F: f, Move: -1, Iteration: 1, Bound: f})
	}
	events = append(events, trace.Event{Kind: trace.KindRunEnd, Status: trace.StatusExhausted})
	b, err := os.ReadFile(testrun.Write(t, events, trace.EncodingBinary))
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
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	var seeds [][]byte
	for _, enc := range []trace.Encoding{trace.EncodingBinary, trace.EncodingNDJSON} {
		b, err := os.ReadFile(testrun.Write(t, events[:60], enc))
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
		n := rec.Len()
		for _, pos := range []int{n, n / 2, 1, n - 1} {
			r := NewRun(1, rec.Level(), DefaultTreeLimit)
			rd, at := rec.Resume(r, pos)
			if got, want := r.Frame(0, nil).Stats.Pos, int64(min(max(pos, 0), n)); got != want || int64(at) != got {
				t.Fatalf("mutation %d: seek to %d of %d: at %d (reader at %d)", it, pos, n, got, at)
			}
			if err := foldRest(r, rd, at, n); err != nil {
				t.Fatalf("mutation %d: fold from %d: %v", it, pos, err)
			}
			if got := r.Frame(0, nil).Stats.Pos; got != int64(n) {
				t.Fatalf("mutation %d: run from %d ends at %d of %d", it, pos, got, n)
			}
		}
		rec.Close()
	}
}
