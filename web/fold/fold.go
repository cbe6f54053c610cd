// Package fold folds a search's trace events into what the page shows: the
// counts and histograms, the tree window (Tree), the last node and the moves
// to it (Run), and from them the state message (BuildState) with its
// charts' options. It is the Go twin of the page's builder
// (web/static/builder.js), and the conformance tests (builder_test.go) hold
// the two together. A trace too big to hold is indexed here too (OpenTrace),
// with checkpoints of the fold.
//
// The package is pure: no network, no sockets, no server goroutines, no
// pacing, no puzzle (a node's state is drawn through a Drawer, which
// package draw makes from the catalogue; TestDepsPure holds the imports).
// The server's player wraps a Run with its pauses and steps; viz
// trace export and the one-file exports (package export) fold with it
// without pulling the server in; and it could one day be compiled to
// WebAssembly for the page.
package fold

import (
	"idaviz/lang"
	"idaviz/trace"
)

// RunStats is what the page shows of one run: trace.Stats' snapshot (the
// engine's own counts where it reports them, node events folded in between)
// plus the run's place in the tab. Chart builders are functions of
// []RunStats, so several runs draw side by side.
type RunStats struct {
	ID    int
	Label string
	// State is the status the page shows: paused or running until the run
	// ends, then the engine's status (solved, exhausted, limit, cancelled).
	State string
	// SolutionH is h along the solution path from the start (the tree
	// window's path when the goal was found), for the h-vs-h* chart.
	SolutionH []int
	// SolutionStar is h* there: the cost still to go.
	SolutionStar []int
	// Effort is the current iteration's generated nodes by first moves,
	// for the effort chart of a big iteration.
	Effort []Effort
	// Pos counts the events that went through the run's fold (skipped
	// ones included, when a replay seeks): the position in a trace.
	Pos int64
	// AStar is what an A* run's charts show beside the counts (nil for
	// IDA*).
	AStar *AStarStats
	// Lang is the language the run's words are in: its charts' titles,
	// axes and series (nil: English). Run.SetLang sets it in every frame.
	Lang *lang.Printer
	trace.Snapshot
}

// AStarStats are an A* run's open list by f, its sizes as nodes were
// expanded, and the f being expanded.
type AStarStats struct {
	OpenByF   []int64
	Sizes     []sizePoint
	Expanding int
}

func newRunStats(id int, pos int64, snap trace.Snapshot) RunStats {
	rs := RunStats{ID: id, Pos: pos, Snapshot: snap}
	if snap.Run != nil {
		rs.Label = snap.Run.Heuristic + " " + snap.Run.Algorithm
		if o := snap.Run.Options["order"]; o != "" {
			// Two runs of one heuristic in two orders, told apart.
			rs.Label += " " + o
		}
	}
	return rs
}

// Ended reports whether the run-end event was folded.
func (r *RunStats) Ended() bool { return r.Status != trace.StatusRunning }
