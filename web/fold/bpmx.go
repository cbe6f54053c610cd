package fold

import (
	"fmt"

	"idaviz/trace"
)

// BPMX in words (bidirectional pathmax, engine.Pathmax). A raise event says
// only the node and its new h, and a prune only its own numbers; the fold
// knows the rest: the node's own h, the child whose value raised it (once
// looked at), how many children are still to come, and the siblings the
// raised value saved a visit. replaystate.js says the same words.

// describe says the run's last event in words, with what the fold holds
// around it for BPMX.
func (p *Run) describe() string {
	e := &p.lastEv
	if e.Kind == trace.KindIterationEnd && p.algo.line == LineGoal {
		return endsAtGoal(e, p.algo.astar)
	}
	switch {
	case p.algo.astar:
		if e.Kind == trace.KindReopen {
			return describeReopen(e, p.algo.replaced)
		}
	case e.Kind == trace.KindRaise:
		if n := p.tree.byID[e.Node]; n != nil && n.Raised {
			return describeRaise(e, n, p.algo.left(e.Node))
		}
	case e.Kind == trace.KindPrune && e.Reason == trace.ReasonBound:
		if parent := p.tree.byID[e.Parent]; parent != nil {
			return describeEvent(e, false) + prunedByBPMX(e, parent, p.algo.left(e.Parent))
		}
	}
	return describeEvent(e, p.algo.astar)
}

// endsAtGoal says an iteration's end at the goal (A*'s loop's).
func endsAtGoal(e *trace.Event, astar bool) string {
	if astar {
		return "A*'s loop ends at the goal: the solution follows"
	}
	return fmt.Sprintf("iteration %d ends at the goal, within the bound %d: the solution follows", e.Iteration, e.Bound)
}

// nodeName names a node as the words do.
func nodeName(id uint64, depth int) string {
	if depth == 0 {
		return "the start"
	}
	return fmt.Sprintf("node %d", id)
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
func describeRaise(e *trace.Event, n *TreeNode, left int) string {
	by, own := "a child's h, less the move's cost,", ""
	if n != nil {
		// A child already looked at raised it with the value its search
		// came back with; before any child is tried, the child is still to
		// come.
		if c := n.child(e.Move); c != nil {
			by = fmt.Sprintf("child node %d's h %d, less the move's cost,", c.ID, c.F-c.G)
		}
		own = fmt.Sprintf(" (its own is %d)", n.H)
	}
	s := fmt.Sprintf("BPMX: %s raises %s's h to %d%s: f = %d + %d = %d", by, nodeName(e.Node, e.Depth), e.H, own, e.G, e.H, e.F)
	if e.F <= e.Bound {
		return s + fmt.Sprintf(", still within the bound %d", e.Bound)
	}
	s += fmt.Sprintf(" is over the bound %d, so ", e.Bound)
	switch left {
	case -1:
		return s + "its children left are cut without a visit"
	case 0:
		return s + "it goes back with it (no child left to try)"
	case 1:
		return s + "its 1 child left is cut without a visit"
	}
	return s + fmt.Sprintf("its %d children left are cut without a visit", left)
}

// prunedByBPMX is what a prune (bound) adds with BPMX: that it saved a
// visit, when only the inherited value cut it; and, for the last child of
// a parent with children saved, what BPMX did there in all.
func prunedByBPMX(e *trace.Event, parent *TreeNode, left int) string {
	s := ""
	if e.F > e.G+e.H && e.G+e.H <= e.Bound {
		s = ": without BPMX it would have been visited"
	}
	if left != 0 || parent.Saved == 0 {
		return s
	}
	s += "; BPMX: "
	if c := parent.child(parent.raisedBy); parent.Raised && c != nil {
		s += fmt.Sprintf("child's h %d raised %s's h to %d; ", c.F-c.G, nodeName(parent.ID, parent.Depth), parent.F-parent.G)
	}
	if parent.Saved == 1 {
		return s + "1 sibling not visited (its own f was within the bound)"
	}
	return s + fmt.Sprintf("%d siblings not visited (their own f was within the bound)", parent.Saved)
}
