package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"idaviz/trace"
	"idaviz/trace/hostile"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// TestMetadataRefused: a trace whose heuristic is named by 8 MB (whose
// every state message was 42-50 MB) is refused when read, naming the cap.
func TestMetadataRefused(t *testing.T) {
	t.Parallel()
	rd, err := trace.NewReader(bytes.NewReader(hostile.LongName(8 << 20)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = fold.LoadRecording(rd, fold.DefaultMaxEvents)
	if !errors.Is(err, trace.ErrBeyondLimits) || !strings.Contains(err.Error(), "heuristic name of 8388608 bytes is beyond what can be shown (at most 4096)") {
		t.Fatalf("got %v, want the heuristic name's cap", err)
	}
}

// TestStateMessagesStaySmall: a replay whose metadata is as long as
// trace.DefaultLimits let through (4 KiB heuristic and algorithm names, a
// 1 MiB instance, 64-byte move names) sends state messages of a few tens
// of kilobytes, not the metadata again in each.
func TestStateMessagesStaySmall(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	run := events[0].Clone()
	l := trace.DefaultLimits
	run.Run.Heuristic = strings.Repeat("h", l.Name)
	run.Run.Algorithm = strings.Repeat("a", l.Name)
	run.Run.Instance = strings.Repeat("i", l.Instance)
	name := strings.Repeat("m", l.MoveName)
	for i := range run.Run.MoveNames {
		run.Run.MoveNames[i] = name
	}
	if err := l.Check(&run); err != nil {
		t.Fatal(err)
	}
	events[0] = run
	ts, _ := replayServer(t, events)
	c := dial(t, ts)
	c.until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" })
	c.send(map[string]any{"type": "to-end"})
	const most = 96 << 10
	largest := 0
	deadline := time.Now().Add(hangs)
	for {
		_ = c.conn.SetReadDeadline(deadline)
		_, data, err := c.conn.ReadMessage()
		if err != nil {
			t.Fatalf("waiting for the replay's end: %v", err)
		}
		var m msg
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type != "state" {
			continue
		}
		largest = max(largest, len(data))
		if len(data) > most {
			t.Fatalf("a state message of %d bytes, want at most %d", len(data), most)
		}
		if isState(&m) && m.Status == "solved" {
			break
		}
	}
	t.Logf("the largest state message: %d bytes", largest)
}
