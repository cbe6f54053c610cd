package web

import (
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
	before := runtime.NumGoroutine()
	c := dial(t, ts)
	sess := <-got
	for i, h := range []string{"misplaced", "manhattan"} {
		m := korfStart(false)
		m["heuristic"], m["keep"] = h, i > 0
		c.send(m)
	}
	c.until(5*time.Second, "two runs in lock-step", func(m *msg) bool { return isState(m) && m.Lockstep != nil && len(m.Lockstep.Runs) == 2 })
	// Korf's first instance: misplaced tiles starts far below Manhattan's
	// 41, and each press searches one more bound. The page reads nothing.
	for range 12 {
		c.send(map[string]any{"type": "to-bound", "all": true})
		time.Sleep(20 * time.Millisecond)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		sess.mu.Lock()
		r := sess.runs[0]
		lock := sess.lockBound
		sess.mu.Unlock()
		if pos := r.p.frame(0).Stats.Pos; pos > 1000 && lock > 0 {
			t.Logf("misplaced: %d events folded, lock-step bound %d, with nothing read", pos, lock)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the runs did not move while the page read nothing (lock-step bound %d)", lock)
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.conn.Close()
	for i := range 2 {
		select {
		case <-ended:
		case <-time.After(5 * time.Second):
			t.Fatalf("%d of 2 runs ended after the page went away", i)
		}
	}
	waitGoroutines(t, before, 2*time.Second)
}
