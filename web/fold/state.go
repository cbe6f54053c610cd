package fold

import (
	"encoding/json"
	"strconv"

	"idaviz/internal/quote"
	"idaviz/lang"
	"idaviz/trace"
)

// The state sent to the page: a pure function of the runs' data, so a live
// tab and a replay build it the same way (and the page's builder.js, for an
// exported page, as the conformance tests check).

// RunData is what the state shows of one run: its fold's frame and what
// the server knows beside it.
type RunData struct {
	Frame     Frame
	Cancelled bool
	Err       error
	Views     Drawer // draws the run's states (nil: no drawings)
	Total     int    // events in the run's recording (0: a live run)
	Stepping  bool   // the page may pause it (lock-step moves only such runs)
	// LockTree is the run's tree window at the lock-step bound (lockstep.go).
	LockTree *TreeView
	// An A* run's memory: the most states on its open list at once, and the
	// states it stored (0: not an A* run, or not ended).
	PeakOpen, Stored int
	// Distinct is how many distinct states the run expanded, once it ended,
	// for the domains that count them (0: not counted).
	Distinct int
}

// StateMsg is what the writer sends at most every SnapshotInterval.
type StateMsg struct {
	Type   string         `json:"type"` // "state"
	Mode   string         `json:"mode"` // "live" or "replay"
	Status string         `json:"status"`
	Active *RunView       `json:"active"`
	Runs   []RunView      `json:"runs"`
	Tree   *TreeView      `json:"tree"`
	Node   *NodeView      `json:"node"`
	Charts map[string]any `json:"charts"`
	Hist   *Shown         `json:"hist,omitempty"` // what the current iteration's f histogram shows
	Replay *ReplayPos     `json:"replay,omitempty"`
	Event  string         `json:"event"`     // the active run's last event, in words
	Kind   string         `json:"eventKind"` // and its kind (trace.Kind's name)
	// Lockstep is the runs that "next bound" moves together, with their
	// trees at one bound (lockstep.go); absent unless two or more can.
	Lockstep *LockView `json:"lockstep,omitempty"`
	// MoveNames names the active run's moves, for the tree's edges.
	MoveNames []string `json:"moveNames,omitempty"`
	// Seq is the number of the page's last message the server handled
	// before it built this state (absent from a replay with no server).
	Seq int64 `json:"seq,omitempty"`
	// Algo is the active run's line of pseudo-code and its stack (IDA*) or
	// open list (A*): algo.go.
	Algo *AlgoView `json:"algo"`
}

// Shown names an iteration and its bound, as a panel shows them.
type Shown struct {
	Iteration int `json:"iteration"`
	Bound     int `json:"bound"`
}

// ReplayPos is where a replay (or a live run gone back) stands, of how
// many events.
type ReplayPos struct {
	Pos   int64 `json:"pos"`
	Total int   `json:"total"`
}

// shownInstance is how much of a run's instance a RunView carries.
const shownInstance = 1 << 10

// RunView is one run as the page's stats panel and window.viz read it.
type RunView struct {
	ID        int    `json:"id"`
	Label     string `json:"label"`
	Colour    string `json:"colour"` // the run's colour in every chart and the comparison table
	StartH    int    `json:"startH"` // h(start)`
	Puzzle    string `json:"puzzle"`
	Instance  string `json:"instance"`
	Heuristic string `json:"heuristic"`
	Algorithm string `json:"algorithm"`
	// Order is the order the moves were tried in, when not the puzzle's own.
	Order          string   `json:"order,omitempty"`
	Status         string   `json:"status"`
	Iteration      int      `json:"iteration"` // the iteration under way, or the last one
	Bound          int      `json:"bound"`     // that iteration's bound
	NextBound      int      `json:"nextBound"` // the next iteration's bound, once known (else 0)
	Expanded       int64    `json:"expanded"`
	Generated      int64    `json:"generated"`
	Pruned         int64    `json:"pruned"`
	SolutionLength int      `json:"solutionLength"`
	Solution       []string `json:"solution"`
	Cost           int      `json:"cost"`
	Events         int64    `json:"events"`
	Seconds        float64  `json:"seconds"`
	NodesPerSecond float64  `json:"nodesPerSecond"`
	// Timed is false for a run that was paused or paced: its seconds and
	// rate are the page's, not the search's.
	Timed bool `json:"timed"`
	// EBF is the effective branching factor, once solved: the b of a
	// uniform tree as deep as the solution with as many nodes. Growth is
	// the generated nodes of the last complete iteration, GrowthOf, over
	// the one's before: an iteration that stopped at the goal (or at a
	// limit) is not complete.
	EBF        float64          `json:"ebf"`
	Growth     float64          `json:"growth"`
	GrowthOf   int              `json:"growthOf"`
	Iterations []IterationCount `json:"iterations"`
	// Current is the iteration under way (or the last one): its counts so
	// far, beside the run's totals.
	Current IterationCount `json:"current"`
	Error   string         `json:"error,omitempty"`
	// A* only: the most states on the open list at once, and the states
	// stored, once the run ended (IDA* holds only its path).
	PeakOpen int `json:"peakOpen,omitempty"`
	Stored   int `json:"stored,omitempty"`
	// Distinct is how many distinct states were expanded, once the run
	// ended, for the domains that count them (grid worlds, scripts): with
	// expanded, how often IDA* expanded a state again.
	Distinct int `json:"distinct,omitempty"`
}

type IterationCount struct {
	Iteration int   `json:"iteration"`
	Bound     int   `json:"bound"`
	NextBound int   `json:"nextBound"`
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
	Pruned    int64 `json:"pruned"`
}

// NodeView is the state panel: a node's g, h, f and its state as the
// puzzle's renderer draws it.
type NodeView struct {
	ID       uint64          `json:"id"`
	G        int             `json:"g"`
	H        int             `json:"h"`
	F        int             `json:"f"`
	Depth    int             `json:"depth"`
	Moves    []string        `json:"moves"`
	Renderer string          `json:"renderer"`
	View     json.RawMessage `json:"view,omitempty"`
	Error    string          `json:"error,omitempty"`
}

// BuildState is the page's view of a tab's runs, the last one active.
func BuildState(mode string, runs []RunData) StateMsg { return BuildStateLock(mode, runs, 0) }

// BuildStateLock is BuildState with the runs in lock-step last moved to
// bound lock (0: not yet), its words in the active run's language (its
// Frame.Stats.Lang, from Run.SetLang).
func BuildStateLock(mode string, runs []RunData, lock int) StateMsg {
	var l *lang.Printer
	if len(runs) > 0 {
		l = runs[len(runs)-1].Frame.Stats.Lang
	}
	return BuildStateLang(l, mode, runs, lock)
}

// BuildStateLang is BuildStateLock in l's language (nil: English), for a
// tab with no run yet, whose empty charts still have titles.
func BuildStateLang(l *lang.Printer, mode string, runs []RunData, lock int) StateMsg {
	msg := StateMsg{Type: "state", Mode: mode, Status: "idle", Runs: []RunView{}}
	stats := make([]RunStats, len(runs))
	for i := range runs {
		st := &runs[i].Frame.Stats
		switch {
		case runs[i].Cancelled:
			st.State = "cancelled"
		case st.Ended():
			st.State = st.Status.String()
		case runs[i].Frame.Queued:
			st.State = "queued"
		case runs[i].Frame.Build != "":
			st.State = "building"
		case runs[i].Frame.Paused:
			st.State = "paused"
		default:
			st.State = "running"
		}
		v := makeRunView(*st)
		v.Timed = !runs[i].Frame.Waited
		v.PeakOpen, v.Stored, v.Distinct = runs[i].PeakOpen, runs[i].Stored, runs[i].Distinct
		if runs[i].Err != nil {
			v.Error = runs[i].Err.Error()
		}
		msg.Runs = append(msg.Runs, v)
		stats[i] = *st
	}
	if len(runs) == 0 {
		msg.Charts = chartsOf(RunStats{Lang: l}, nil, 0)
		return msg
	}
	act := runs[len(runs)-1]
	av := msg.Runs[len(msg.Runs)-1]
	msg.Active = &av
	msg.Status = av.Status
	fr := act.Frame
	msg.Tree = &fr.Tree
	msg.Event = fr.LastEvent
	if fr.Build != "" {
		msg.Event = fr.Build
	}
	if fr.Queued {
		msg.Event = l.N("run.state.waiting-slot", fr.Slots)
	}
	msg.Kind = fr.LastKind.String()
	msg.Algo = &fr.Algo
	st := stats[len(stats)-1]
	msg.Node = currentNode(fr, st, act.Views)
	if st.Run != nil {
		msg.MoveNames = st.Run.MoveNames
		msg.Charts = chartsOf(st, stats, lock)
	} else {
		// A run still building its databases (or waiting for a slot) has
		// no counts yet: its charts are a new page's, empty, not the last
		// run's (an A* run's open list under an IDA* run's name).
		msg.Charts = chartsOf(RunStats{Lang: l}, nil, 0)
	}
	msg.Lockstep = buildLock(runs, stats, msg.Runs, lock)
	msg.Hist = &Shown{Iteration: st.Current.Iteration, Bound: st.Current.Bound}
	if len(runs) > 1 && lock > 0 {
		// The f histograms compare the runs at the lock-step's bound.
		msg.Hist = &Shown{Bound: lock}
		for _, it := range iterationsOf(st) {
			if it.Bound == lock {
				msg.Hist.Iteration = it.Iteration
			}
		}
	}
	if act.Total > 0 {
		// A live run gone back: where it is, of how far it went.
		msg.Replay = &ReplayPos{Pos: st.Pos, Total: max(act.Total, int(st.Pos))}
	}
	return msg
}

// Node is the node the state panel draws at this frame (as BuildState's
// message carries it), its state drawn by d: for a picture of the run made
// outside the page.
func (f Frame) Node(d Drawer) *NodeView { return currentNode(f, f.Stats, d) }

// currentNode is the node the state panel draws: the last one visited or
// pruned, the goal once solved, the start before anything.
func currentNode(fr Frame, st RunStats, vs Drawer) *NodeView {
	if st.Run == nil {
		// Not started yet (a database still building): no node to show,
		// and no h to claim.
		return nil
	}
	switch {
	case fr.Last != nil && st.Status != trace.StatusSolved:
		e := fr.Last
		var nv *NodeView
		if fr.LastPlaced {
			nv = Node(vs, st.Run, fr.LastMoves, e.G, e.H, e.F, e.Depth)
		} else {
			nv = &NodeView{G: e.G, H: e.H, F: e.F, Depth: e.Depth, Moves: []string{},
				Error: st.Lang.T("run.state.unknown-node")}
		}
		nv.ID = e.Node
		return nv
	case st.Status == trace.StatusSolved:
		g := st.Cost
		return Node(vs, st.Run, st.Solution, g, 0, g, len(st.Solution))
	}
	h := 0
	if st.Run != nil {
		h = st.Run.StartH
	}
	return Node(vs, st.Run, nil, 0, h, h, 0)
}

// chartsOf are the page's four charts: the active run's f histograms, and
// every run's iterations. With runs kept to compare, every chart compares
// them (compare.go); the f histograms show the iterations at one bound: the
// lock-step's (histBound, when set) or the active run's.
func chartsOf(active RunStats, all []RunStats, histBound int) map[string]any {
	if len(all) > 1 {
		if histBound <= 0 {
			histBound = active.Current.Bound
		}
		return map[string]any{
			"hstar":      hStarChart(active, all),
			"effort":     effortChart(active),
			"fhist":      compareFHistogram(all, histBound, false),
			"fhistTotal": compareFHistogram(all, histBound, true),
			"iterations": compareIterations(all),
			"bounds":     compareBounds(all),
		}
	}
	if active.AStar != nil {
		// A* in its own words: no iterations, no bound.
		return map[string]any{
			"hstar":      hStarChart(active, []RunStats{active}),
			"effort":     effortChart(active),
			"fhist":      aStarFHistogram(active),
			"fhistTotal": nil,
			"iterations": openSizeChart(active.Lang, active.AStar.Sizes),
			"bounds":     nil,
		}
	}
	return map[string]any{
		"hstar":      hStarChart(active, []RunStats{active}),
		"effort":     effortChart(active),
		"fhist":      fHistogram(active, false),
		"fhistTotal": fHistogram(active, true),
		"iterations": iterationCounts(active),
		"bounds":     boundChart(active),
	}
}

func makeRunView(st RunStats) RunView {
	v := RunView{ID: st.ID, Label: st.Label, Colour: RunColour(st.ID), Status: st.State, Iteration: st.Current.Iteration, Bound: st.Current.Bound,
		Expanded: st.Totals.Expanded, Generated: st.Totals.Generated, Pruned: st.Totals.Pruned,
		Cost: st.Cost, Events: st.Pos, Seconds: st.Elapsed.Seconds(), Solution: []string{},
		Iterations: []IterationCount{}}
	if st.Bound != st.Current.Bound {
		// The bound rose: the iteration shown is over, the next not begun.
		v.NextBound = st.Bound
	}
	info := st.Run
	if info != nil {
		// The instance goes in every state message, twice (the active run
		// and the runs): a grid world's map or a problem's state may be
		// megabytes, of which a panel shows a line.
		v.Puzzle, v.Instance, v.Heuristic, v.Algorithm = info.Puzzle, quote.Cut(info.Instance, shownInstance), info.Heuristic, info.Algorithm
		v.StartH = info.StartH
		v.Order = info.Options["order"]
		if v.Iteration == 0 && info.Algorithm != AlgorithmAStar {
			// Before its first iteration IDA* has its first bound: h(start).
			v.Bound = info.StartH
		}
	}
	if st.Status == trace.StatusSolved {
		v.SolutionLength = len(st.Solution)
		v.Solution = moveNames(info, st.Solution)
	}
	if v.Seconds > 0 {
		v.NodesPerSecond = float64(v.Generated) / v.Seconds
	}
	v.EBF = st.EBF()
	complete := st.Iterations
	if n := len(complete); n > 0 && (st.Status == trace.StatusSolved || st.Status == trace.StatusLimit || st.Status == trace.StatusCancelled) {
		complete = complete[:n-1]
	}
	if g := trace.Growth(complete); len(g) > 0 {
		v.Growth, v.GrowthOf = g[len(g)-1], complete[len(complete)-1].Iteration
	}
	c := st.Current
	v.Current = IterationCount{Iteration: c.Iteration, Bound: c.Bound, NextBound: c.NextBound, Expanded: c.Expanded, Generated: c.Generated, Pruned: c.Pruned}
	for _, it := range iterationsOf(st) {
		v.Iterations = append(v.Iterations, IterationCount{Iteration: it.Iteration, Bound: it.Bound, NextBound: it.NextBound,
			Expanded: it.Expanded, Generated: it.Generated, Pruned: it.Pruned})
	}
	return v
}

// moveNames names moves as the run's metadata does (MoveName).
func moveNames(info *trace.RunInfo, moves []int) []string {
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		out = append(out, MoveName(info, m))
	}
	return out
}

// MoveName names move m as the run's metadata does, by number where it has
// no name for it (info may be nil).
func MoveName(info *trace.RunInfo, m int) string {
	if info != nil && m >= 0 && m < len(info.MoveNames) {
		return info.MoveNames[m]
	}
	return strconv.Itoa(m)
}
