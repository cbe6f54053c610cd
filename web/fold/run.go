package fold

import (
	"slices"

	"idaviz/lang"
	"idaviz/trace"
)

// Run is what one run's events fold into on their way to the page: the
// counts and histograms (trace.Stats), the tree window, and the last node
// visited or pruned with the moves to it. It is the Go twin of the page's
// builder (web/static/builder.js); pacing (pauses, steps, search slots) is
// the server's player's, around it. A Run is not safe for concurrent use:
// its owner locks.
type Run struct {
	id         int
	level      trace.Level
	stats      *trace.Stats
	events     int64 // events that went through, skipped ones included
	tree       *Tree
	last       *trace.Event // a copy of the last node event (a visit, a prune, a raise), for the state panel
	lastPlaced bool         // whether that node is in the tree window (else its path is unknown)
	// The moves from the root to that node: up its parents in the tree
	// from lastNode, when a frame asks (copying the path at every event
	// made a deep path quadratic), or lastMoves as a checkpoint kept them.
	lastNode  *TreeNode
	lastMoves []int
	lastEv    trace.Event // the last event's plain fields (no lists), described when a frame is made
	algo      *algoFold   // the code panel's line and the stack (algo.go)
	lang      *lang.Printer
}

// SetLang has the run's frames say what happened in p's language (nil:
// English): the narration, the charts' words.
func (p *Run) SetLang(l *lang.Printer) { p.lang = l }

// NewRun makes the fold of run id, with the statistics a trace of level
// has room for and a tree drawn whole up to treeLimit nodes (folded past
// it).
func NewRun(id int, level trace.Level, treeLimit int) *Run {
	r := &Run{id: id, level: level, tree: newTree(treeLimit), algo: newAlgoFold()}
	if level >= trace.LevelNode {
		r.stats = trace.NewNodeStats()
	} else {
		r.stats = trace.NewStats()
	}
	return r
}

// Events is how many events went through the fold (skipped ones included).
func (p *Run) Events() int64 { return p.events }

// Apply folds e.
func (p *Run) Apply(e *trace.Event) {
	p.events++
	p.stats.Event(e)
	placed := p.tree.add(e)
	p.algo.apply(e)
	// Described only when a frame is made: a replay folds millions of
	// events between two frames.
	p.lastEv = plainEvent(e)
	switch e.Kind {
	case trace.KindVisit, trace.KindPrune, trace.KindRaise:
		// A raise is about a node on the path, with its raised h: the
		// state panel shows it.
		if e.Kind == trace.KindPrune && e.Reason != trace.ReasonBound {
			break
		}
		// Reused, not allocated per node: frames and checkpoints copy it.
		if p.last == nil {
			p.last = new(trace.Event)
		}
		*p.last = p.lastEv
		p.lastPlaced = placed
		p.lastMoves, p.lastNode = p.lastMoves[:0], nil
		if placed {
			p.lastNode = p.tree.last
		}
	}
}

// moves are the moves from the root to the last node: its ancestors'
// moves, which never change once a node is in the tree.
func (p *Run) moves() []int {
	if p.lastNode == nil {
		return append([]int(nil), p.lastMoves...)
	}
	var m []int
	for n := p.lastNode; n.parent != nil; n = n.parent {
		m = append(m, n.Move)
	}
	slices.Reverse(m)
	return m
}

// Frame is everything the page needs of one run at one moment, copied out
// of the fold (and the player's pacing around it) so that it can be
// encoded without holding a lock.
type Frame struct {
	Stats      RunStats
	Tree       TreeView
	Last       *trace.Event
	LastMoves  []int
	LastPlaced bool
	LastEvent  string
	LastKind   trace.Kind
	Algo       AlgoView // the code panel and the stack
	// The pacing, the server's player's: the page paused the run, the run
	// was held back at least once, it waits for one of the server's search
	// slots (of Slots), or a domain build's progress before it starts.
	Paused bool
	Waited bool
	Queued bool
	Slots  int
	Build  string
}

// Frame copies out the run's folded state; the tree is the picture of
// iteration treeIter when it is kept (0: the iteration under way), with the
// nodes opened unfolded.
func (p *Run) Frame(treeIter int, opened []uint64) Frame {
	var tv TreeView
	if k, ok := p.tree.keptTreeOf(treeIter); ok && treeIter != p.tree.iter {
		tv = p.tree.keptView(k, opened)
	} else {
		tv = p.tree.view(opened)
		tv.Current = true
	}
	tv.Kept = p.tree.keptIterations()
	tv.PerIteration = p.level < trace.LevelNode
	lastEvent := ""
	if p.events > 0 {
		lastEvent = p.describe()
	}
	f := Frame{Stats: newRunStats(p.id, p.events, p.stats.Snapshot()), Tree: tv, LastEvent: lastEvent, LastKind: p.lastEv.Kind}
	f.Stats.Lang = p.lang
	f.Algo = p.algo.view(&f.Stats.Snapshot)
	if p.algo.astar {
		f.Stats.AStar = &AStarStats{OpenByF: slices.Clone(p.algo.openByF), Sizes: p.algo.sizesNow(), Expanding: p.algo.expanding}
	}
	f.Stats.SolutionH = slices.Clone(p.tree.solutionH)
	f.Stats.SolutionStar = slices.Clone(p.tree.solutionStar)
	f.Stats.Effort = p.tree.effortView()
	if p.last != nil {
		c := *p.last
		f.Last = &c
		f.LastMoves = p.moves()
		f.LastPlaced = p.lastPlaced
	}
	return f
}

// TreeAtBound is the picture of the run's iteration with bound b: the one
// under way (or just ended), else the latest kept one.
func (p *Run) TreeAtBound(b int) (TreeView, bool) {
	if p.tree.iter > 0 && p.tree.bound == b {
		tv := p.tree.view(nil)
		tv.Current = true
		return tv, true
	}
	for i := len(p.tree.kept) - 1; i >= 0; i-- {
		if k := p.tree.kept[i]; k.bound == b {
			return p.tree.keptView(k, nil), true
		}
	}
	return TreeView{}, false
}

// NodePath returns the moves to a node held in the tree, or in a kept tree
// of an earlier iteration.
func (p *Run) NodePath(id uint64) ([]int, TreeNode, bool) {
	moves, n, ok := p.tree.pathTo(id)
	for i := len(p.tree.kept) - 1; !ok && i >= 0; i-- {
		moves, n = findPath(p.tree.kept[i].root, id)
		ok = n != nil
	}
	if !ok {
		return nil, TreeNode{}, false
	}
	return moves, TreeNode{ID: n.ID, G: n.G, H: n.H, F: n.F, Depth: n.Depth, Move: n.Move, Status: n.Status}, true
}

// plainEvent copies e without the lists and pointers it may share with a
// reader that reuses its event: what describeEvent needs.
func plainEvent(e *trace.Event) trace.Event {
	c := *e
	c.Run, c.Stats, c.Moves = nil, nil, nil
	return c
}

// describeEvent says what an event means, for the page's "last event" line,
// in A*'s words for an A* run, in l's language.
func describeEvent(l *lang.Printer, e *trace.Event, astar bool) string {
	if astar {
		if s := describeAStar(l, e); s != "" {
			return s
		}
	}
	switch e.Kind {
	case trace.KindRunStart:
		return l.T("run.ev.run-start")
	case trace.KindIterationStart:
		return l.T("run.ev.iteration-start", lang.Args{"Iteration": e.Iteration, "Bound": e.Bound})
	case trace.KindVisit:
		if e.Depth == 0 {
			return l.T("run.ev.visit-start", lang.Args{"H": e.H, "F": e.F, "Bound": e.Bound}) + goalTest(l, e.H)
		}
		if e.F > e.G+e.H {
			return l.T("run.ev.visit-pathmax", lang.Args{"Node": e.Node, "H": e.H, "Inherited": e.F - e.G, "G": e.G, "F": e.F, "Bound": e.Bound})
		}
		return l.T("run.ev.visit", lang.Args{"Node": e.Node, "G": e.G, "H": e.H, "F": e.F, "Bound": e.Bound}) + goalTest(l, e.H)
	case trace.KindExpand:
		return l.N("run.ev.expand", e.Children, lang.Args{"What": nodeName(l, e.Node, e.Depth)})
	case trace.KindPrune:
		if e.Reason == trace.ReasonMoveRule {
			return l.T("run.ev.move-rule")
		}
		if e.F > e.G+e.H {
			return l.T("run.ev.prune-pathmax", lang.Args{"Node": e.Node, "G": e.G, "H": e.H, "Own": e.G + e.H, "Inherited": e.F - e.G, "F": e.F, "Bound": e.Bound})
		}
		return l.T("run.ev.prune", lang.Args{"Node": e.Node, "G": e.G, "H": e.H, "F": e.F, "Bound": e.Bound})
	case trace.KindRaise:
		return describeRaise(l, e, nil, -1)
	case trace.KindBoundIncrease:
		return l.T("run.ev.bound-increase", lang.Args{"Bound": e.Bound, "Next": e.NewBound})
	case trace.KindIterationEnd:
		return l.T("run.ev.iteration-end", lang.Args{"Iteration": e.Iteration})
	case trace.KindSolution:
		return l.T("run.ev.solution", lang.Args{"Cost": e.Cost})
	case trace.KindRunEnd:
		return l.T("run.ev.run-end", lang.Args{"Status": StatusName(l, e.Status.String())})
	case trace.KindProgress:
		return l.T("run.ev.progress", lang.Args{"Iteration": e.Iteration, "Bound": e.Bound})
	}
	return e.Kind.String()
}

// StatusName is a run's status (trace.Status's name, or the page's
// "paused", "queued"...) in l's words, the name itself where the catalogue
// has none.
func StatusName(l *lang.Printer, status string) string {
	id := "run.status." + status
	if s := l.T(id); s != id {
		return s
	}
	return status
}
