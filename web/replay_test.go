package web

import (
	"bytes"
	"errors"
	"testing"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

func replayServer(t *testing.T, events []trace.Event) (*testServer, *fold.Recording) {
	t.Helper()
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	return newTestServer(t, Options{Recording: rec}), rec
}

// TestReplay replays a run held in memory, and the same run from its file
// (OpenTrace, what viz replay does) with checkpoints every few events.
func TestReplay(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	t.Run("memory", func(t *testing.T) {
		ts, rec := replayServer(t, events)
		testReplay(t, ts, rec)
	})
	t.Run("file", func(t *testing.T) {
		rec, err := fold.OpenTrace(testrun.Write(t, events, trace.EncodingBinary), fold.IndexOptions{Every: 8})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rec.Close() }) // after the server's cleanup
		testReplay(t, newTestServer(t, Options{Recording: rec}), rec)
	})
}

func testReplay(t *testing.T, ts *testServer, rec *fold.Recording) {
	c := dial(t, ts)
	c.until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" && m.Mode == "replay" })
	m := c.until(hangs, "the paused replay", func(m *msg) bool { return isState(m) && m.Active.Events == 1 })
	if m.Replay == nil || m.Replay.Total != rec.Len() {
		t.Fatalf("replay position: %+v, want a total of %d", m.Replay, rec.Len())
	}

	c.send(map[string]any{"type": "step", "n": 10})
	m = c.until(hangs, "10 steps", func(m *msg) bool { return isState(m) && m.Active.Events == 11 && m.Status == "paused" })
	at11 := *m

	// Forward one and back one: the same picture as before.
	c.send(map[string]any{"type": "step"})
	c.until(hangs, "one more", func(m *msg) bool { return isState(m) && m.Active.Events == 12 })
	c.send(map[string]any{"type": "back"})
	m = c.until(hangs, "one back", func(m *msg) bool { return isState(m) && m.Active.Events == 11 })
	if m.Active.Generated != at11.Active.Generated || m.Tree.Drawn != at11.Tree.Drawn || m.Node.ID != at11.Node.ID {
		t.Errorf("after a step and a step back: %s, %d drawn, node %d; before: %s, %d drawn, node %d",
			describe(*m.Active), m.Tree.Drawn, m.Node.ID, describe(*at11.Active), at11.Tree.Drawn, at11.Node.ID)
	}

	// Seek into the last iteration, then to the end: the engine's counts.
	mid := rec.Len() - 20
	c.send(map[string]any{"type": "seek", "pos": mid})
	m = c.until(hangs, "the seek", func(m *msg) bool { return isState(m) && m.Active.Events == int64(mid) })
	if m.Tree == nil || m.Tree.Root == nil {
		t.Errorf("no tree after seeking to %d", mid)
	}
	c.send(map[string]any{"type": "to-end"})
	m = c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	if a := m.Active; a.Expanded != want.Totals.Expanded || a.Generated != want.Totals.Generated || a.Pruned != want.Totals.Pruned || a.SolutionLength != len(want.Moves) {
		t.Errorf("replayed %s, length %d; engine %+v, length %d", describe(*a), a.SolutionLength, want.Totals, len(want.Moves))
	}
	if m.Node == nil || len(m.Node.View) == 0 {
		t.Errorf("no state view in the replay: %+v", m.Node)
	}

	// Live-only messages are refused with a clear error.
	c.send(startMsg(nil))
	if m := c.until(hangs, "an error", func(m *msg) bool { return m.Type == "error" }); m.Message == "" {
		t.Error("start during a replay was accepted")
	}
	// Seeking out of range is clamped, not a crash.
	c.send(map[string]any{"type": "seek", "pos": -5})
	c.until(hangs, "the start", func(m *msg) bool { return isState(m) && m.Active.Events == 1 })
	c.send(map[string]any{"type": "seek", "pos": 1 << 40})
	c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Active.Events == int64(rec.Len()) })
}

// TestReplayRecorderFile replays a trace written by trace.Recorder and read
// by trace.Reader, as viz solve --trace and viz replay do.
func TestReplayRecorderFile(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	for _, enc := range []trace.Encoding{trace.EncodingBinary, trace.EncodingNDJSON} {
		data := testrun.Encode(t, events, enc)
		rd, err := trace.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := fold.LoadRecording(rd, fold.DefaultMaxEvents)
		if err != nil {
			t.Fatalf("%v: %v", enc, err)
		}
		if len(rec.Events) != len(events) {
			t.Errorf("%v: %d events read back, %d written", enc, len(rec.Events), len(events))
		}
		// A truncated file replays up to its damage.
		cut := data[:len(data)*2/3]
		rd, err = trace.NewReader(bytes.NewReader(cut))
		if err != nil {
			t.Fatal(err)
		}
		rec, err = fold.LoadRecording(rd, fold.DefaultMaxEvents)
		if err == nil || rec == nil || len(rec.Events) == 0 || len(rec.Events) >= len(events) {
			t.Errorf("%v truncated: %v, %v", enc, rec != nil, err)
		}
	}
}

func TestLoadRecordingErrors(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelIteration, testrun.State)
	if _, err := fold.LoadRecording(&sliceReader{events: events[1:]}, fold.DefaultMaxEvents); err == nil {
		t.Error("a trace without its run-start was accepted")
	}
	if _, err := fold.LoadRecording(&sliceReader{}, fold.DefaultMaxEvents); err == nil {
		t.Error("an empty trace was accepted")
	}
	if _, err := fold.LoadRecording(&sliceReader{events: events}, 3); err == nil {
		t.Error("a trace over the limit was accepted")
	}
	if _, err := fold.LoadRecording(&sliceReader{err: errors.New("disk on fire")}, 10); err == nil {
		t.Error("a read error was lost")
	}
}

// TestReplayDamagedMoves: a trace whose moves do not fit its puzzle shows an
// error in the state panel, never a crash.
func TestReplayDamagedMoves(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	for i := range events {
		if events[i].Kind == trace.KindVisit && events[i].Depth > 0 {
			events[i].Move = 99
		}
	}
	ts, _ := replayServer(t, events)
	c := dial(t, ts)
	c.send(map[string]any{"type": "to-end"})
	m := c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	if m.Node == nil {
		t.Fatal("no node")
	}
	c.send(map[string]any{"type": "step"})
	// Clicking a damaged node reports the error.
	var id uint64
	for _, ch := range m.Tree.Root.Children {
		if ch.ID != 0 {
			id = ch.ID
		}
	}
	c.send(map[string]any{"type": "node", "id": id})
	n := c.until(hangs, "the node", func(m *msg) bool { return m.Type == "node" || m.Type == "error" })
	if n.Type == "node" && (n.Node.Error == "" && len(n.Node.View) == 0) {
		t.Errorf("a damaged node drew without an error: %+v", n.Node)
	}
}

func TestReplayIterationLevel(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelIteration, testrun.State)
	ts, _ := replayServer(t, events)
	c := dial(t, ts)
	c.send(map[string]any{"type": "to-end"})
	m := c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	if m.Active.Generated != want.Totals.Generated || len(m.Active.Iterations) != len(want.Iterations) {
		t.Errorf("replayed %s with %d iterations; engine %+v with %d", describe(*m.Active), len(m.Active.Iterations), want.Totals, len(want.Iterations))
	}
	c.send(map[string]any{"type": "seek", "pos": 3})
	c.until(hangs, "the seek", func(m *msg) bool { return isState(m) && m.Active.Events == 3 })
}
