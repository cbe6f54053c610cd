package web

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// comparable strips a frame of what depends on the clock.
func comparable(f fold.Frame) fold.Frame {
	f.Stats.Elapsed, f.Stats.Seconds = 0, 0
	return f
}

// TestFileSourceSeekEqualsStepping seeks a trace replayed from its file to
// every event, in a random order, with checkpoints far more often than the
// default (and so many that the index thins them): the player's state after
// each seek is its state after stepping through every event before it. Runs
// that go on from a seek, or start anywhere, reach the same end.
// (fold's TestResumeEqualsFolding checks the index beneath.)
func TestFileSourceSeekEqualsStepping(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	// The reference: one paused player folding every event, a frame after
	// each.
	ref := newPlayer(context.Background(), 1, trace.LevelNode, true, fold.DefaultTreeLimit, func() {})
	want := []fold.Frame{comparable(ref.frame(0))}
	for i := range events {
		e := events[i]
		ref.mu.Lock()
		ref.apply(&e)
		ref.mu.Unlock()
		want = append(want, comparable(ref.frame(0)))
	}
	for _, tc := range []struct {
		enc      trace.Encoding
		every    int
		maxCheck int
	}{{trace.EncodingBinary, 7, 0}, {trace.EncodingNDJSON, 7, 0}, {trace.EncodingBinary, 1, 20}} {
		rec, err := fold.OpenTrace(testrun.Write(t, events, tc.enc), fold.IndexOptions{Every: tc.every, MaxCheckpoints: tc.maxCheck})
		if err != nil {
			t.Fatal(err)
		}
		defer rec.Close()
		if cps, every := rec.Checkpoints(); rec.Len() != len(events) || tc.every == 1 && every == 1 {
			t.Fatalf("%v every %d: %d events (want %d), %d checkpoints every %d: the index was not thinned", tc.enc, tc.every, rec.Len(), len(events), cps, every)
		}
		src := replayOrigin{rec: rec}.first().(*fileSource)
		order := rand.New(rand.NewPCG(1, 2)).Perm(len(events) + 1)
		for _, pos := range order {
			p := newPlayer(context.Background(), 1, src.level(), true, fold.DefaultTreeLimit, func() {})
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
					p = newPlayer(context.Background(), 1, src.level(), true, fold.DefaultTreeLimit, func() {})
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

// TestReplayOfAChangedTrace: a trace rewritten in place while viz replay
// serves it showed the other file's events for early seeks, silently; and
// one recorded again under its name went on showing the old. A seek now
// says the file changed, and how; the file as indexed replays as before
// until then.
func TestReplayOfAChangedTrace(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	other := testrun.Encode(t, testrun.Record(t, trace.LevelNode, "1 2 3 4 5 6 0 7 8"), trace.EncodingBinary)
	for _, tc := range []struct {
		name   string
		change func(path string) error
		says   string
	}{
		{"rewritten in place", func(path string) error { return os.WriteFile(path, other, 0o644) }, "was rewritten while it was replayed"},
		{"replaced", func(path string) error {
			tmp := path + ".new"
			if err := os.WriteFile(tmp, other, 0o644); err != nil {
				return err
			}
			return os.Rename(tmp, path)
		}, "was replaced while it was replayed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := testrun.Write(t, events, trace.EncodingBinary)
			rec, err := fold.OpenTrace(path, fold.IndexOptions{Every: 8})
			if err != nil {
				t.Fatal(err)
			}
			defer rec.Close()
			ts := newTestServer(t, Options{Recording: rec})
			c := dial(t, ts)
			c.send(map[string]any{"type": "seek", "pos": 20})
			c.until(hangs, "the seek", func(m *msg) bool { return m.Type == "state" && m.Replay != nil && m.Replay.Pos == 20 })
			if err := tc.change(path); err != nil {
				t.Fatal(err)
			}
			if err := rec.Changed(); !errors.Is(err, fold.ErrChanged) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("Changed: %v, want %q", err, tc.says)
			}
			c.send(map[string]any{"type": "seek", "pos": 3})
			m := c.until(hangs, "the seek's refusal", func(m *msg) bool { return m.Type == "error" })
			if !strings.Contains(m.Message, tc.says) || !strings.Contains(m.Message, "start viz replay again") {
				t.Errorf("a seek in a changed file: %q", m.Message)
			}
		})
	}
}
