package web

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// slowScript runs its top level far longer than a test: a count of an
// 8 MiB string is one step of a millisecond, so its steps never run out
// (the call's deadline stops it after seconds).
func slowScript(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../puzzles/script/testdata/hostile/count_small.star")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestScriptCancel: a script the page sends (a "problem", a start) runs
// off the tab's read loop: the tab hears its cancel, and the script stops
// within a second (the read loop used to run it, and heard nothing for
// 25 s).
func TestScriptCancel(t *testing.T) {
	for _, kind := range []string{"problem", "start"} {
		t.Run(kind, func(t *testing.T) {
			ts := newTestServer(t, Options{})
			c := dial(t, ts)
			c.send(map[string]any{"type": kind, "file": "slow.star", "source": slowScript(t)})
			time.Sleep(300 * time.Millisecond)
			start := time.Now()
			c.send(map[string]any{"type": "cancel"})
			// The cancel is answered ("no run to cancel": the run had not
			// started), and a "problem" says it was cancelled, first.
			if kind == "problem" {
				r := c.untilReply(time.Second, "problem", "error")
				if r.Type != "problem" || !strings.Contains(r.Error, "cancelled") {
					t.Fatalf("the problem answered %+v, want cancelled", r)
				}
			}
			r := c.untilReply(time.Second, "error")
			if !strings.Contains(r.Message, "no run to cancel") {
				t.Fatalf("cancel answered %q", r.Message)
			}
			if took := time.Since(start); took > time.Second {
				t.Fatalf("answered %v after the cancel", took)
			}
		})
	}
}

// TestScriptStopsWithTheTab: a tab that closes while its script runs
// stops it within a second (the server kept burning CPU after the tab
// had gone).
func TestScriptStopsWithTheTab(t *testing.T) {
	for _, kind := range []string{"problem", "start"} {
		t.Run(kind, func(t *testing.T) {
			s := newSession(liveOrigin{}, 0, nil)
			ctx, cancel := context.WithCancel(context.Background())
			s.open(ctx)
			msg, _ := json.Marshal(map[string]any{"type": kind, "file": "slow.star", "source": slowScript(t)})
			start := time.Now()
			if err := s.handle(msg); err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 200*time.Millisecond {
				t.Fatalf("the message took %v to handle: the script ran on the read loop", took)
			}
			time.Sleep(300 * time.Millisecond)
			start = time.Now()
			cancel()
			s.close()
			if took := time.Since(start); took > time.Second {
				t.Fatalf("the script stopped %v after the tab closed", took)
			}
		})
	}
}

// TestScriptTakesASlot: a script the page sends waits for one of the
// server's search slots, as a search does.
func TestScriptTakesASlot(t *testing.T) {
	ts := newTestServer(t, Options{MaxSearches: 1})
	if !ts.web.slots.acquire(context.Background()) {
		t.Fatal("no slot")
	}
	c := dial(t, ts)
	c.send(map[string]any{"type": "problem", "file": "romania.star", "source": exampleSource(t, "romania/romania.star")})
	_ = c.conn.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	for {
		var r reply
		_, data, err := c.conn.ReadMessage()
		if err != nil {
			break // nothing in time: it waits
		}
		if json.Unmarshal(data, &r) == nil && r.Type == "problem" {
			t.Fatalf("the script ran while every slot was taken: %+v", r)
		}
	}
	c.conn.Close()
	c = dial(t, ts)
	c.send(map[string]any{"type": "problem", "file": "romania.star", "source": exampleSource(t, "romania/romania.star")})
	time.Sleep(100 * time.Millisecond)
	ts.web.slots.release()
	if r := c.untilReply(hangs, "problem"); r.Error != "" || r.Name != "romania" {
		t.Fatalf("once a slot was free: %+v", r)
	}
}

// TestServerBudgetCoversScripts: the states a problem's A* search keeps
// as Starlark values count in the server's memory budget: two tabs'
// searches of wide states (a tuple of Nones) stop at --max-memory, saying
// so, where the values went uncounted (two tabs reached 1 GB under 512 MiB).
func TestServerBudgetCoversScripts(t *testing.T) {
	const budget = 48 << 20
	b, err := os.ReadFile("../puzzles/script/testdata/hostile/wide_states.star")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(b), "65000", "200", 1) // the first 4,096 states fit
	ts := newTestServer(t, Options{MaxMemory: budget})
	tabs := []*client{dial(t, ts), dial(t, ts)}
	for _, c := range tabs {
		c.send(map[string]any{"type": "start", "file": "wide.star", "source": src, "algorithm": "astar", "fast": true})
	}
	stopAtTheBudget(t, ts, tabs, "memory budget for searches (48 MiB")
}

// TestServerBudgetCoversScriptedIDA: an IDA* search of a problem keeps
// every state it met in the problem's domain (IDA* stores none of its own),
// and those count in the server's memory budget as A*'s do: two tabs'
// IDA* searches of a binary tree of wide states stop at --max-memory,
// saying so, where each went on to the script's own 256 MiB.
func TestServerBudgetCoversScriptedIDA(t *testing.T) {
	const budget = 48 << 20
	ts := newTestServer(t, Options{MaxMemory: budget})
	tabs := []*client{dial(t, ts), dial(t, ts)}
	for _, c := range tabs {
		c.send(map[string]any{"type": "start", "file": "tree.star", "source": wideTree, "algorithm": "ida", "fast": true})
	}
	stopAtTheBudget(t, ts, tabs, "IDA* stopped: the server's memory budget for searches (48 MiB")
}

// TestPausedScriptedIDAReclaimed: a paused IDA* run of a problem holds
// the states its domain met, so it is among the runs the server stops to
// make room, its page told why; the search that needed the room goes on
// to the full budget.
func TestPausedScriptedIDAReclaimed(t *testing.T) {
	const budget = 48 << 20
	ts := newTestServer(t, Options{MaxMemory: budget})
	c := dial(t, ts)
	start := func(fast bool) {
		c.send(map[string]any{"type": "start", "file": "tree.star", "source": wideTree, "algorithm": "ida", "fast": fast, "keep": true})
	}
	start(false)
	c.until(hangs, "the run", func(m *msg) bool { return isState(m) })
	c.send(map[string]any{"type": "step", "n": 50})
	c.until(hangs, "run paused after its steps", func(m *msg) bool {
		return m.Type == "state" && len(m.Runs) == 1 && m.Runs[0].Status == "paused" && m.Runs[0].Generated > 0
	})
	if used := ts.web.memory.budget.Used(); used == 0 {
		t.Fatal("the paused run holds none of the budget")
	}
	start(true)
	c.until(hangs, "the second run", func(m *msg) bool { return isState(m) && len(m.Runs) == 2 })
	c.send(map[string]any{"type": "to-end"})
	var stopped []string
	// Run 1 is stopped (and its page told) before run 2 goes on to its end.
	c.until(2*hangs, "run 2's end", func(m *msg) bool {
		if m.Type == "error" {
			stopped = append(stopped, m.Message)
		}
		return m.Type == "error" && strings.Contains(m.Message, "IDA* stopped:")
	})
	if len(stopped) != 2 || !strings.HasPrefix(stopped[0], "run 1 (IDA*) was stopped to make room") ||
		!strings.Contains(stopped[0], "a paused run of a problem written in Starlark keeps every state it met") ||
		!strings.Contains(stopped[1], "IDA* stopped: the server's memory budget for searches (48 MiB") {
		t.Errorf("messages %q, want run 1 stopped, then run 2 at the full budget", stopped)
	}
}

// wideTree is a problem whose states form a binary tree, each state a
// tuple of 200 Nones (about 4 KB kept): IDA*'s every iteration meets
// twice the states the last one did, and no goal.
const wideTree = `start = 1
def goal(s):
    return False
def state(i):
    return (i,) + (None,) * 200
def moves(s):
    i = s if type(s) == "int" else s[0]
    return [("a", state(2 * i), 1), ("b", state(2 * i + 1), 1)]
`

// stopAtTheBudget runs the tabs' searches to their end, each of which must
// be the server's budget saying want, and then nothing may stay charged.
func stopAtTheBudget(t *testing.T, ts *testServer, tabs []*client, want string) {
	t.Helper()
	for _, c := range tabs {
		c.until(hangs, "the run", func(m *msg) bool { return isState(m) })
		c.send(map[string]any{"type": "to-end"})
	}
	for i, c := range tabs {
		m := c.until(2*hangs, "the run's end", func(m *msg) bool { return m.Type == "error" })
		if !strings.Contains(m.Message, want) {
			t.Errorf("tab %d: %q, want the server's budget", i+1, m.Message)
		}
	}
	deadline := time.Now().Add(hangs)
	for ts.web.memory.budget.Used() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if used := ts.web.memory.budget.Used(); used != 0 {
		t.Errorf("%d bytes still charged once every search returned", used)
	}
}
