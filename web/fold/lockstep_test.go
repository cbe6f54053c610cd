package fold

import (
	"slices"
	"testing"

	"idaviz/trace"
)

func TestLockGroup(t *testing.T) {
	run := func(algo, instance, goal string, stepping bool, status trace.Status) RunData {
		var d RunData
		d.Stepping = stepping
		d.Frame.Stats.Run = &trace.RunInfo{Puzzle: "8puzzle", Instance: instance, Algorithm: algo, StartH: 10,
			Options: map[string]string{"goal": goal}}
		d.Frame.Stats.Status = status
		return d
	}
	ida := run("ida", "a", "blank-last", true, trace.StatusRunning)
	cancelled := ida
	cancelled.Cancelled = true
	for _, c := range []struct {
		name string
		runs []RunData
		want []int
	}{
		{"one run", []RunData{ida}, nil},
		{"two of one instance", []RunData{ida, ida}, []int{0, 1}},
		{"an A* run stays out", []RunData{run("astar", "a", "blank-last", true, trace.StatusRunning), ida, ida}, []int{1, 2}},
		{"another instance stays out", []RunData{run("ida", "b", "blank-last", true, trace.StatusRunning), ida, ida}, []int{1, 2}},
		{"another goal stays out", []RunData{run("ida", "a", "blank-first", true, trace.StatusRunning), ida, ida}, []int{1, 2}},
		{"a fast run stays out", []RunData{run("ida", "a", "blank-last", false, trace.StatusRunning), ida}, nil},
		{"a cancelled run stays out", []RunData{cancelled, ida}, nil},
		{"an active A* run: none", []RunData{ida, run("astar", "a", "blank-last", true, trace.StatusRunning)}, nil},
		{"an ended run stays in", []RunData{run("ida", "a", "blank-last", true, trace.StatusSolved), ida}, []int{0, 1}},
	} {
		if got := LockGroup(c.runs); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestPendingBound(t *testing.T) {
	info := &trace.RunInfo{StartH: 10}
	for _, c := range []struct {
		name string
		st   RunStats
		want int
		ok   bool
	}{
		{"not started", RunStats{Snapshot: trace.Snapshot{Run: info}}, 10, true},
		{"mid-iteration", RunStats{Snapshot: trace.Snapshot{Run: info, Bound: 12, Current: trace.Iteration{Iteration: 2, Bound: 12}}}, 12, true},
		{"between iterations", RunStats{Snapshot: trace.Snapshot{Run: info, Bound: 14, Current: trace.Iteration{Iteration: 2, Bound: 12}}}, 14, true},
		{"ended", RunStats{Snapshot: trace.Snapshot{Run: info, Status: trace.StatusSolved}}, 0, false},
		{"no run-start yet", RunStats{}, 0, false},
	} {
		if got, ok := PendingBound(&c.st); got != c.want || ok != c.ok {
			t.Errorf("%s: %d, %v; want %d, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
