package fold

import (
	"idaviz/lang"
	"idaviz/trace"
)

// BPMX in words (bidirectional pathmax, engine.Pathmax). A raise event says
// only the node and its new h, and a prune only its own numbers; the fold
// knows the rest: the node's own h, the child whose value raised it (once
// looked at), how many children are still to come, and the siblings the
// raised value saved a visit. replaystate.js says the same words.

// describe says the run's last event in words, in the run's language,
// with what the fold holds around it for BPMX.
func (p *Run) describe() string {
	e, l := &p.lastEv, p.lang
	if e.Kind == trace.KindIterationEnd && p.algo.line == LineGoal {
		return endsAtGoal(l, e, p.algo.astar)
	}
	switch {
	case p.algo.astar:
		if e.Kind == trace.KindReopen {
			return describeReopen(l, e, p.algo.replaced)
		}
	case e.Kind == trace.KindRaise:
		if n := p.tree.byID[e.Node]; n != nil && n.Raised {
			return describeRaise(l, e, n, p.algo.left(e.Node))
		}
	case e.Kind == trace.KindPrune && e.Reason == trace.ReasonBound:
		if parent := p.tree.byID[e.Parent]; parent != nil {
			return describeEvent(l, e, false) + prunedByBPMX(l, e, parent, p.algo.left(e.Parent))
		}
	}
	return describeEvent(l, e, p.algo.astar)
}

// endsAtGoal says an iteration's end at the goal (A*'s loop's).
func endsAtGoal(l *lang.Printer, e *trace.Event, astar bool) string {
	if astar {
		return l.T("run.astar.goal-end")
	}
	return l.T("run.ev.goal-end", lang.Args{"Iteration": e.Iteration, "Bound": e.Bound})
}

// nodeName names a node as the words do.
func nodeName(l *lang.Printer, id uint64, depth int) string {
	if depth == 0 {
		return l.T("run.ev.start-node")
	}
	return l.T("run.ev.node", lang.Args{"Node": id})
}

// child is n's child reached by move, when held.
func (n *TreeNode) child(move int) *TreeNode {
	for _, c := range n.Children {
		if c.Move == move {
			return c
		}
	}
	return nil
}

// describeRaise says raise e of node n (nil when not held); left is how many
// of its children are still to come (-1: not known).
func describeRaise(l *lang.Printer, e *trace.Event, n *TreeNode, left int) string {
	by, own := l.T("run.bpmx.by-a-child"), ""
	if n != nil {
		// A child already looked at raised it with the value its search
		// came back with; before any child is tried, the child is still to
		// come.
		if c := n.child(e.Move); c != nil {
			by = l.T("run.bpmx.by-child", lang.Args{"Child": c.ID, "ChildH": c.F - c.G})
		}
		own = l.T("run.bpmx.own", lang.Args{"H": n.H})
	}
	s := l.T("run.bpmx.raise", lang.Args{"By": by, "What": nodeName(l, e.Node, e.Depth), "H": e.H, "Own": own, "G": e.G, "F": e.F})
	if e.F <= e.Bound {
		return s + l.T("run.bpmx.within", lang.Args{"Bound": e.Bound})
	}
	var then string
	switch left {
	case -1:
		then = l.T("run.bpmx.cut-unknown")
	case 0:
		then = l.T("run.bpmx.back")
	default:
		then = l.N("run.bpmx.cut", left)
	}
	return s + l.T("run.bpmx.over", lang.Args{"Bound": e.Bound, "Then": then})
}

// prunedByBPMX is what a prune (bound) adds with BPMX: that it saved a
// visit, when only the inherited value cut it; and, for the last child of
// a parent with children saved, what BPMX did there in all.
func prunedByBPMX(l *lang.Printer, e *trace.Event, parent *TreeNode, left int) string {
	s := ""
	if e.F > e.G+e.H && e.G+e.H <= e.Bound {
		s = l.T("run.bpmx.would-visit")
	}
	if left != 0 || parent.Saved == 0 {
		return s
	}
	raised := ""
	if c := parent.child(parent.raisedBy); parent.Raised && c != nil {
		raised = l.T("run.bpmx.raised", lang.Args{"ChildH": c.F - c.G, "What": nodeName(l, parent.ID, parent.Depth), "H": parent.F - parent.G})
	}
	return s + l.T("run.bpmx.summary", lang.Args{"Raised": raised, "Saved": l.N("run.bpmx.saved", parent.Saved)})
}
