package web

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// TestLockstepClientAway: runs moving in lock-step compute while the page
// reads nothing (the state is built when written, never queued), and a
// page that goes away ends every one of them.
func TestLockstepClientAway(t *testing.T) {
	ts := newTestServer(t, Options{})
	got := make(chan *session, 1)
	ts.web.onSession = func(s *session) { got <- s }
	ended := make(chan struct{}, 8)
	ts.web.onRunEnd = func() { ended <- struct{}{} }
	blocks := watchBlocks(ts)
	before := runtime.NumGoroutine()
	c := dial(t, ts)
	sess := <-got
	for i, h := range []string{"misplaced", "manhattan"} {
		m := korfStart(false)
		m["heuristic"], m["keep"] = h, i > 0
		c.send(m)
	}
	c.until(hangs, "two runs in lock-step", func(m *msg) bool { return isState(m) && m.Lockstep != nil && len(m.Lockstep.Runs) == 2 })
	// Korf's first instance: misplaced tiles (run 1) starts far below
	// Manhattan's 41, and each press searches its next bound to the end,
	// where it waits for the page again. The page reads nothing.
	sess.mu.Lock()
	r := sess.runs[0]
	sess.mu.Unlock()
	at := blockedWhen(t, blocks, "misplaced waiting at its start", func(b blockAt) bool { return b.run == 1 }).events
	for press := 1; r.p.frame(0).Stats.Pos <= 1000; press++ {
		if press > 30 {
			t.Fatalf("30 presses, %d events: the runs did not move while the page read nothing", r.p.frame(0).Stats.Pos)
		}
		c.send(map[string]any{"type": "to-bound", "all": true})
		at = blockedWhen(t, blocks, fmt.Sprintf("press %d: misplaced at its next bound", press), func(b blockAt) bool { return b.run == 1 && b.events > at }).events
	}
	sess.mu.Lock()
	lock := sess.lockBound
	sess.mu.Unlock()
	if lock == 0 {
		t.Fatal("the runs moved, but not in lock-step")
	}
	c.conn.Close()
	for i := range 2 {
		select {
		case <-ended:
		case <-time.After(hangs):
			t.Fatalf("%d of 2 runs ended after the page went away", i)
		}
	}
	waitGoroutines(t, before)
}
