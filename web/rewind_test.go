package web

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"idaviz/web/internal/testrun"
)

// rawState is the next state message after ok holds of its decoded form,
// as the page gets it (every field), less what is the clock's.
func rawState(c *client, what string, ok func(m *msg) bool) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		_ = c.conn.SetReadDeadline(deadline)
		_, data, err := c.conn.ReadMessage()
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", what, err)
		}
		var m msg
		if err := json.Unmarshal(data, &m); err != nil {
			c.t.Fatalf("waiting for %s: %v", what, err)
		}
		if !ok(&m) {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			c.t.Fatal(err)
		}
		unclocked(v)
		return v
	}
}

// unclocked deletes what a state says of time and of the page's messages:
// two runs to one position differ there only.
func unclocked(v any) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range []string{"seconds", "nodesPerSecond", "seq", "elapsed"} {
			delete(v, k)
		}
		for _, x := range v {
			unclocked(x)
		}
	case []any:
		for _, x := range v {
			unclocked(x)
		}
	}
}

// TestBackLiveRewind: on a big live run (Korf's first 15-puzzle instance,
// four bounds on, some 140,000 node events and several of the rewind's
// checkpoints), Back and seeks land at the event asked, and the state
// there is the one a fresh run stepped forward to that event shows:
// Back just behind the furthest position (the rewind's log), a seek to an
// event between two old checkpoints (restored, the rest folded as the
// search runs again), one before the first checkpoint, and steps forward
// from a position gone back to (the search catching up).
func TestBackLiveRewind(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	start := map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": korf1, "goal": "blank-first", "heuristic": "manhattan"}
	paused := func(pos int64) func(m *msg) bool {
		return func(m *msg) bool { return isState(m) && m.Status == "paused" && m.Active.Events == pos }
	}
	c := dial(t, ts)
	c.send(start)
	m := c.until(time.Minute, "the start", func(m *msg) bool { return isState(m) && m.Status == "paused" && m.Active.Events > 0 })
	for i := range 4 {
		c.send(map[string]any{"type": "to-bound"})
		m = c.until(time.Minute, "the next bound", func(m *msg) bool {
			return isState(m) && m.Status == "paused" && m.Active.NextBound > 0 && m.Active.Iteration == i+1
		})
	}
	end := m.Active.Events + 7
	c.send(map[string]any{"type": "step", "n": 7})
	c.until(time.Minute, "seven steps", paused(end))
	if end < 4*rewindEvery {
		t.Fatalf("the run went to event %d: too few for the rewind's checkpoints (every %d)", end, rewindEvery)
	}

	// The positions gone to, and how: each is checked against a fresh run.
	type move struct {
		what string
		msg  map[string]any
		pos  int64
	}
	moves := []move{
		{"back", map[string]any{"type": "back"}, end - 1},
		{"back", map[string]any{"type": "back"}, end - 2},
		{"back", map[string]any{"type": "back"}, end - 3},
		{"steps after Back", map[string]any{"type": "step", "n": 5}, end + 2},
		{"seek between old checkpoints", map[string]any{"type": "seek", "pos": rewindEvery + 12345}, rewindEvery + 12345},
		{"steps after a seek", map[string]any{"type": "step", "n": 3}, rewindEvery + 12348},
		{"seek before the first checkpoint", map[string]any{"type": "seek", "pos": 777}, 777},
		{"back to the end", map[string]any{"type": "seek", "pos": end}, end},
	}
	got := make([]map[string]any, len(moves))
	for i, mv := range moves {
		c.send(mv.msg)
		got[i] = rawState(c, fmt.Sprintf("%s to %d", mv.what, mv.pos), paused(mv.pos))
	}

	// A fresh run (a tab's first: the same id and colour), stepped
	// forward to each position.
	var f *client
	var at int64
	fresh := func() {
		f = dial(t, ts)
		f.send(start)
		at = f.until(time.Minute, "the start", func(m *msg) bool { return isState(m) && m.Status == "paused" && m.Active.Events > 0 }).Active.Events
	}
	fresh()
	for i, mv := range moves {
		if mv.pos < at {
			fresh()
		}
		var want map[string]any
		if mv.pos == at {
			f.send(map[string]any{"type": "pause"})
		} else {
			f.send(map[string]any{"type": "step", "n": mv.pos - at})
		}
		want = rawState(f, fmt.Sprintf("a fresh run at %d", mv.pos), paused(mv.pos))
		at = mv.pos
		if !reflect.DeepEqual(got[i], want) {
			for k := range want {
				if !reflect.DeepEqual(got[i][k], want[k]) {
					t.Errorf("%s to %d: %q differs from a fresh run's:\n got %.600v\nwant %.600v", mv.what, mv.pos, k, got[i][k], want[k])
				}
			}
		}
	}
}
