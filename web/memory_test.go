package web

import (
	"strings"
	"testing"
)

// korf24 is Korf's first 24-puzzle (blank first): A* with misplaced tiles
// stores states for as long as it is let.
const korf24 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"

// TestServerMemoryBudget: paused A* runs keep their states, and the server
// caps what all its A* searches hold together. A tab keeps two A* runs
// paused, each holding some of a 48 MiB budget; a third run that needs
// more stops them, the one paused the longest first, each with a message
// in its page, and then stops itself at the full budget, as at its own.
func TestServerMemoryBudget(t *testing.T) {
	const budget = 48 << 20
	ts := newTestServer(t, Options{MaxMemory: budget})
	c := dial(t, ts)
	start := func() {
		c.send(map[string]any{"type": "start", "puzzle": "24puzzle", "state": korf24, "goal": "blank-first",
			"heuristic": "misplaced", "algorithm": "astar", "keep": true})
	}
	// The first two: 20,000 events each (some 45,000 states, 8 MB), then
	// paused, holding them.
	for id := 1; id <= 2; id++ {
		start()
		c.send(map[string]any{"type": "step", "n": 20_000})
		c.until(hangs, "run paused after its steps", func(m *msg) bool {
			return m.Type == "state" && len(m.Runs) == id && m.Runs[id-1].Status == "paused" && m.Runs[id-1].Generated > 0
		})
	}
	if used := ts.web.memory.budget.Used(); used == 0 || used > budget {
		t.Fatalf("two paused runs hold %d bytes of the budget", used)
	}
	start()
	c.send(map[string]any{"type": "to-end"})
	var stopped []string
	var end *msg
	// The third run's error reply may come after the state that shows it
	// ended: wait for both.
	// A search to the memory budget's end: the one wait here for work
	// rather than a reply, so twice the hang limit.
	c.until(2*hangs, "the third run's end and its message", func(m *msg) bool {
		if m.Type == "error" {
			stopped = append(stopped, m.Message)
		}
		if m.Type == "state" && len(m.Runs) == 3 && m.Runs[2].Status != "running" && m.Runs[2].Status != "paused" &&
			m.Runs[2].Status != "queued" && m.Runs[2].Status != "building" {
			end = m
		}
		return end != nil && len(stopped) >= 3
	})
	if len(stopped) < 3 || !strings.HasPrefix(stopped[0], "run 1 (A*) was stopped to make room") ||
		!strings.HasPrefix(stopped[1], "run 2 (A*) was stopped to make room") ||
		!strings.Contains(stopped[2], "the server's memory budget for searches (48 MiB, viz serve --max-memory) is full") {
		t.Errorf("messages %q, want runs 1 and 2 stopped in that order, then the third at the full budget", stopped)
	}
	for i, want := range []string{"cancelled", "cancelled", "limit"} {
		if got := end.Runs[i].Status; got != want {
			t.Errorf("run %d ends %s, want %s", i+1, got, want)
		}
	}
	if !strings.Contains(end.Runs[0].Error, "paused the longest") {
		t.Errorf("run 1's error: %q", end.Runs[0].Error)
	}
	if used := ts.web.memory.budget.Used(); used != 0 {
		t.Errorf("%d bytes still charged once every search returned", used)
	}
}

// TestQueuedThenPausedIsShown: a paused run woken by the page (a pause sent
// again) takes a search slot before it waits again; when it had to queue
// for one, its page said "queued", and must hear that it is paused again
// (it kept saying "queued", and a tool driving the page waited for ever).
func TestQueuedThenPausedIsShown(t *testing.T) {
	ts := newTestServer(t, Options{MaxSearches: 1})
	var changed <-chan struct{}
	ts.web.slots.changed, changed = signal() // before any search reads it
	c := dial(t, ts)
	c.send(map[string]any{"type": "start", "puzzle": "8puzzle", "state": "8 6 7 2 5 4 3 0 1", "heuristic": "manhattan"})
	c.until(hangs, "the run paused at its start", func(m *msg) bool {
		return m.Type == "state" && len(m.Runs) == 1 && m.Runs[0].Status == "paused"
	})
	if !ts.web.slots.acquire(t.Context()) {
		t.Fatal("no slot")
	}
	c.send(map[string]any{"type": "pause"})
	waitFor(t, "the woken run to queue for a slot", changed, func() bool { return ts.web.slots.waiting.Load() == 1 })
	c.until(hangs, "the page told the run queues", func(m *msg) bool {
		return m.Type == "state" && len(m.Runs) == 1 && m.Runs[0].Status == "queued"
	})
	ts.web.slots.release()
	c.until(hangs, "the page told the run is paused again", func(m *msg) bool {
		return m.Type == "state" && len(m.Runs) == 1 && m.Runs[0].Status == "paused"
	})
}
