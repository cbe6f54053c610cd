package web

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"idaviz/trace"
)

func TestLockGroup(t *testing.T) {
	run := func(algo, instance, goal string, stepping bool, status trace.Status) runData {
		var d runData
		d.stepping = stepping
		d.frame.stats.Run = &trace.RunInfo{Puzzle: "8puzzle", Instance: instance, Algorithm: algo, StartH: 10,
			Options: map[string]string{"goal": goal}}
		d.frame.stats.Status = status
		return d
	}
	ida := run("ida", "a", "blank-last", true, trace.StatusRunning)
	cancelled := ida
	cancelled.cancelled = true
	for _, c := range []struct {
		name string
		runs []runData
		want []int
	}{
		{"one run", []runData{ida}, nil},
		{"two of one instance", []runData{ida, ida}, []int{0, 1}},
		{"an A* run stays out", []runData{run("astar", "a", "blank-last", true, trace.StatusRunning), ida, ida}, []int{1, 2}},
		{"another instance stays out", []runData{run("ida", "b", "blank-last", true, trace.StatusRunning), ida, ida}, []int{1, 2}},
		{"another goal stays out", []runData{run("ida", "a", "blank-first", true, trace.StatusRunning), ida, ida}, []int{1, 2}},
		{"a fast run stays out", []runData{run("ida", "a", "blank-last", false, trace.StatusRunning), ida}, nil},
		{"a cancelled run stays out", []runData{cancelled, ida}, nil},
		{"an active A* run: none", []runData{ida, run("astar", "a", "blank-last", true, trace.StatusRunning)}, nil},
		{"an ended run stays in", []runData{run("ida", "a", "blank-last", true, trace.StatusSolved), ida}, []int{0, 1}},
	} {
		if got := lockGroup(c.runs); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestPendingBound(t *testing.T) {
	info := &trace.RunInfo{StartH: 10}
	for _, c := range []struct {
		name string
		st   runStats
		want int
		ok   bool
	}{
		{"not started", runStats{Snapshot: trace.Snapshot{Run: info}}, 10, true},
		{"mid-iteration", runStats{Snapshot: trace.Snapshot{Run: info, Bound: 12, Current: trace.Iteration{Iteration: 2, Bound: 12}}}, 12, true},
		{"between iterations", runStats{Snapshot: trace.Snapshot{Run: info, Bound: 14, Current: trace.Iteration{Iteration: 2, Bound: 12}}}, 14, true},
		{"ended", runStats{Snapshot: trace.Snapshot{Run: info, Status: trace.StatusSolved}}, 0, false},
		{"no run-start yet", runStats{}, 0, false},
	} {
		if got, ok := pendingBound(&c.st); got != c.want || ok != c.ok {
			t.Errorf("%s: %d, %v; want %d, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

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
	c.until(5*time.Second, "two runs in lock-step", func(m *msg) bool { return isState(m) && m.Lockstep != nil && len(m.Lockstep.Runs) == 2 })
	// Korf's first instance: misplaced tiles (run 1) starts far below
	// Manhattan's 41, and each press searches its next bound to the end,
	// where it waits for the page again. The page reads nothing.
	sess.mu.Lock()
	r := sess.runs[0]
	sess.mu.Unlock()
	at := blockedWhen(t, blocks, "misplaced waiting at its start", func(b blockAt) bool { return b.run == 1 }).events
	for press := 1; r.p.frame(0).stats.Pos <= 1000; press++ {
		if press > 30 {
			t.Fatalf("30 presses, %d events: the runs did not move while the page read nothing", r.p.frame(0).stats.Pos)
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
