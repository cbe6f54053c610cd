package fold

import (
	"maps"
	"slices"

	"idaviz/trace"
)

// checkpoint is a run's folded state at one position of a trace: what
// seeking in a big trace starts from instead of the trace's first event.
// It is never changed once made; restoring copies it.
type checkpoint struct {
	pos        int // events folded
	stats      *trace.Stats
	tree       *Tree
	last       *trace.Event
	lastMoves  []int
	lastPlaced bool
	lastEv     trace.Event
	algo       *algoFold
}

// checkpoint copies out p's folded state (p.mu is held).
func (p *Run) checkpoint() *checkpoint {
	c := &checkpoint{pos: int(p.events), stats: p.stats.Clone(), tree: p.tree.clone(),
		lastMoves: p.moves(), lastPlaced: p.lastPlaced, lastEv: p.lastEv, algo: p.algo.clone()}
	if p.last != nil {
		l := *p.last
		c.last = &l
	}
	return c
}

// restore makes p's folded state a copy of c (p.mu is held).
func (p *Run) restore(c *checkpoint) {
	p.events = int64(c.pos)
	p.stats = c.stats.Clone()
	p.tree = c.tree.clone()
	p.lastMoves, p.lastNode = slices.Clone(c.lastMoves), nil
	p.lastPlaced = c.lastPlaced
	p.lastEv = c.lastEv
	p.algo = c.algo.clone()
	p.last = nil
	if c.last != nil {
		l := *c.last
		p.last = &l
	}
}

// size estimates the bytes c holds of its own (kept windows of finished
// iterations are shared between checkpoints), for the index's budget.
func (c *checkpoint) size() int {
	t := c.tree
	n := 512 + 160*len(t.byID) + 16*len(t.path) + 48*len(t.effort) + 16*len(t.solutionH) + 96*len(t.kept)
	if n < 160*t.held {
		n = 160 * t.held
	}
	return n + c.stats.Footprint() + c.algo.size()
}

// clone deep-copies the tree. The kept trees of finished iterations are
// copies no one changes, so the clone shares them.
func (t *Tree) clone() *Tree {
	c := &Tree{limit: t.limit, held: t.held, trimAt: t.trimAt, iter: t.iter, bound: t.bound, byID: make(map[uint64]*TreeNode, len(t.byID)),
		kept: slices.Clone(t.kept), keptHeld: t.keptHeld, solutionH: slices.Clone(t.solutionH), solutionStar: slices.Clone(t.solutionStar)}
	if t.effort != nil {
		c.effort = make(map[[2]int]int64, len(t.effort))
		for k, v := range t.effort {
			c.effort[k] = v
		}
	}
	// Nodes are copied once each, whichever way they are reached: from
	// the root down, or up from the path, the last node or byID.
	seen := map[*TreeNode]*TreeNode{}
	var cp func(n *TreeNode) *TreeNode
	cp = func(n *TreeNode) *TreeNode {
		if n == nil {
			return nil
		}
		if m, ok := seen[n]; ok {
			return m
		}
		m := &TreeNode{}
		*m = *n
		seen[n] = m
		m.parent = cp(n.parent)
		if n.Children != nil {
			m.Children = make([]*TreeNode, len(n.Children))
			for i, ch := range n.Children {
				m.Children[i] = cp(ch)
			}
		}
		return m
	}
	c.root = cp(t.root)
	c.last = cp(t.last)
	c.path = make([]*TreeNode, len(t.path))
	for i, n := range t.path {
		c.path[i] = cp(n)
	}
	for id, n := range t.byID {
		c.byID[id] = cp(n)
	}
	c.pathIDs = maps.Clone(t.pathIDs)
	c.pathMarked = t.pathMarked
	return c
}

// Checkpoint is a run's folded state at one of its positions, kept to go
// back to: a live run steps back by running its search again (the engine
// is deterministic), and restoring a checkpoint spares folding the events
// before it again. It is never changed once made.
type Checkpoint struct{ c *checkpoint }

// Checkpoint copies out p's folded state.
func (p *Run) Checkpoint() *Checkpoint { return &Checkpoint{c: p.checkpoint()} }

// Restore makes p's folded state a copy of c, which must come from a run
// with p's tree window (the same limit).
func (p *Run) Restore(c *Checkpoint) { p.restore(c.c) }

// Pos is the events folded into c.
func (c *Checkpoint) Pos() int { return c.c.pos }

// Size estimates the bytes c holds of its own.
func (c *Checkpoint) Size() int { return c.c.size() }
