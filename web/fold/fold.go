package fold

import (
	"idaviz/trace"
)

// RunStats is what the page shows of one run: trace.Stats' snapshot (the
// engine's own counts where it reports them, node events folded in between)
// plus the run's place in the tab. Chart builders are functions of
// []runStats, so several runs draw side by side.
type RunStats struct {
	ID    int
	Label string
	// State is the status the page shows: paused or running until the run
	// ends, then the engine's status (solved, exhausted, limit, cancelled).
	State string
	// SolutionH is h along the solution path from the start (the tree
	// window's path when the goal was found), for the h-vs-h* chart.
	SolutionH []int
	// Effort is the current iteration's generated nodes by first moves,
	// for the effort chart of a big iteration.
	Effort []Effort
	// Pos counts the events that went through the run's player (skipped
	// ones included, when a replay seeks): the position in a trace.
	Pos int64
	trace.Snapshot
}

func newRunStats(id int, pos int64, snap trace.Snapshot) RunStats {
	rs := RunStats{ID: id, Pos: pos, Snapshot: snap}
	if snap.Run != nil {
		rs.Label = snap.Run.Heuristic + " " + snap.Run.Algorithm
	}
	return rs
}

// Ended reports whether the run-end event was folded.
func (r *RunStats) Ended() bool { return r.Status != trace.StatusRunning }
