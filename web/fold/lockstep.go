package fold

import (
	"idaviz/lang"

	"idaviz/trace"
)

// Lock-step: with two or more kept IDA* runs of one instance,
// "next bound" moves them together, one bound at a time, so that the page
// shows each heuristic's tree at the same bound side by side. A press picks
// the smallest bound any of them has still to search; the runs whose next
// iteration has that bound search it to its end, the others wait (their
// heuristic skipped that bound: h(start) above it, or a jump over it). The
// runs are the session's own, each released by its context as ever; the
// lock-step only sets their modes, so a page that stops reading blocks
// nothing.

// LockView is what the page's lock-step panel draws: one compact tree a
// run, at one bound.
type LockView struct {
	// Bound is the bound the runs were last moved to (0: not yet moved in
	// lock-step).
	Bound int       `json:"bound"`
	Runs  []LockRun `json:"runs"`
	Next  int       `json:"next"` // the bound the next press moves to (0: every run has ended)
}

// LockRun is one run in lock-step.
type LockRun struct {
	ID     int    `json:"id"`
	Label  string `json:"label"`
	Colour string `json:"colour"`
	// Bound is the bound of the iteration the run searches next (or now);
	// 0 once it ended.
	Bound int `json:"bound"`
	// Status is the run's, as in runView.
	Status string `json:"status"`
	// Tree is the run's window of its iteration at the lock-step bound,
	// when it has one; Note says why not.
	Tree *TreeView `json:"tree,omitempty"`
	Note string    `json:"note,omitempty"`
	// The counts of that iteration.
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
	Pruned    int64 `json:"pruned"`
}

// lockable reports whether a run can move in lock-step with a run of info:
// an IDA* run of the same instance and goal, stepped node by node.
func lockable(d *RunData, info *trace.RunInfo) bool {
	r := d.Frame.Stats.Run
	return r != nil && info != nil && d.Stepping && !d.Cancelled && d.Err == nil &&
		r.Algorithm == "ida" && r.Puzzle == info.Puzzle && r.Instance == info.Instance &&
		r.Options["goal"] == info.Options["goal"]
}

// LockGroup lists the runs that move in lock-step with the active (last)
// one, or nil when there are fewer than two.
func LockGroup(runs []RunData) []int {
	if len(runs) < 2 {
		return nil
	}
	act := &runs[len(runs)-1]
	if !lockable(act, act.Frame.Stats.Run) {
		return nil
	}
	var g []int
	for i := range runs {
		if lockable(&runs[i], act.Frame.Stats.Run) {
			g = append(g, i)
		}
	}
	if len(g) < 2 {
		return nil
	}
	return g
}

// PendingBound is the bound of the iteration a run searches next: the one
// under way, or, between iterations, the one the bound rose to (before the
// first, h(start)). It reports false for a run that ended.
func PendingBound(st *RunStats) (int, bool) {
	switch {
	case st.Ended() || st.Run == nil:
		return 0, false
	case st.Current.Iteration == 0:
		return st.Run.StartH, true
	case st.Bound != st.Current.Bound:
		return st.Bound, true
	}
	return st.Current.Bound, true
}

// NextLockBound is the smallest bound a run of the group has still to
// search (0: every one ended).
func NextLockBound(runs []RunData, g []int) int {
	next := 0
	for _, i := range g {
		if b, ok := PendingBound(&runs[i].Frame.Stats); ok && (next == 0 || b < next) {
			next = b
		}
	}
	return next
}

// buildLock is the lock-step panel's view of the runs, or nil when fewer
// than two can move together (or all ended before the first move).
func buildLock(runs []RunData, stats []RunStats, views []RunView, bound int) *LockView {
	g := LockGroup(runs)
	if g == nil {
		return nil
	}
	lv := &LockView{Bound: bound, Next: NextLockBound(runs, g)}
	if bound == 0 && lv.Next == 0 {
		// Every run ended without ever moving in lock-step: nothing to
		// move, nothing to show side by side.
		return nil
	}
	for _, i := range g {
		st := &stats[i]
		lr := LockRun{ID: st.ID, Label: runName(*st), Colour: RunColour(st.ID), Status: views[i].Status}
		lr.Bound, _ = PendingBound(st)
		if bound > 0 {
			lr.Tree = runs[i].LockTree
			for _, it := range iterationsOf(*st) {
				if it.Bound == bound {
					lr.Expanded, lr.Generated, lr.Pruned = it.Expanded, it.Generated, it.Pruned
				}
			}
			if lr.Tree == nil {
				lr.Note = whyNoIteration(st, bound)
			}
		}
		lv.Runs = append(lv.Runs, lr)
	}
	return lv
}

// whyNoIteration says why a run has no iteration at a bound, in the run's
// language.
func whyNoIteration(st *RunStats, bound int) string {
	l := st.Lang
	if st.Run != nil && st.Run.StartH > bound {
		return l.T("run.lock.above-start", lang.Args{"Bound": bound, "H": st.Run.StartH})
	}
	its := iterationsOf(*st)
	for _, it := range its {
		if it.Bound < bound && it.NextBound > bound {
			return l.T("run.lock.skipped", lang.Args{"Bound": bound, "Before": it.Bound, "Next": it.NextBound})
		}
	}
	if st.Ended() && len(its) > 0 && its[len(its)-1].Bound < bound {
		return l.T("run.lock.ended", lang.Args{"Status": StatusName(l, st.Status.String()), "Last": its[len(its)-1].Bound, "Bound": bound})
	}
	if p, ok := PendingBound(st); ok && p == bound {
		return l.T("run.lock.searching", lang.Args{"Bound": bound})
	}
	return l.T("run.lock.not-kept", lang.Args{"Bound": bound})
}
