package fold

import (
	"cmp"
	"fmt"
	"slices"

	"idaviz/lang"
	"idaviz/trace"
)

// The algorithm beside the picture: which line of the algorithm's
// pseudo-code each event is (the page lights it), with the values it reads;
// IDA*'s depth-first stack (the path, each frame with the children it has
// left to try); A*'s open list (its size, its best entries) and its closed
// count. All of it is folded from the events, so a replay and an exported
// page (builder.js's twin, algofold.js) show what a live run shows.

// The pseudo-code lines an event can light (the page's code panel names
// its lines by them).
const (
	LineBoundInit      = "bound-init" // IDA*'s run-start: bound ← h(start)
	LineIterationStart = "iteration-start"
	LineVisit          = "visit"
	LineGoalTest       = "goal-test"
	LineGoal           = "goal"
	LineExpand         = "expand"
	LinePrune          = "prune"
	LineIterationEnd   = "iteration-end"
	LineBoundRise      = "bound-rise"
	LineOpenInit       = "open-init" // A*'s start: open ← {start}
	LinePop            = "pop"
	LinePush           = "push"
	LineReopen         = "reopen"
	// With BPMX (engine.Pathmax): a node's h raised by its children's
	// before any is visited (LineRaise), or by the value a visited child's
	// search came back with (LineRaiseBack).
	LineRaise     = "raise"
	LineRaiseBack = "raise-back"
)

// AlgorithmAStar is A*'s name in a run's metadata (engine.AlgorithmAStar's
// String): every other run is IDA*'s.
const AlgorithmAStar = "astar"

// maxOpenKept bounds the open list's entries the fold keeps: past it, the
// size and the histogram by f stay exact, the best entries are no longer
// known (a stepped lecture run never gets near it).
const maxOpenKept = 1 << 16

// maxSizePoints bounds the open list's sizes kept for its chart: past it,
// every other point is dropped and half as many taken from then on.
const maxSizePoints = 512

// openBest is how many of the open list's entries the page lists.
const openBest = 8

// AlgoView is the state's "algo": the code panel's lit line and values,
// and the stack panel.
type AlgoView struct {
	Algorithm string `json:"algorithm"` // "ida" or "astar"
	Line      string `json:"line"`      // the lit line (Line...), "" before any event
	// Pathmax: the run's IDA* runs BPMX (its run-start says so, or it
	// raised a value), whose pseudo-code has the raise lines.
	Pathmax bool `json:"pathmax"`
	// Node is the event's node (g, h, f) when it is about one; Bound and
	// Next are IDA*'s bound and the smallest f pruned so far (-1: none).
	Node  *CodeNode `json:"node"`
	Bound int       `json:"bound"`
	Next  int       `json:"next"`
	// IDA*: the depth-first path, root first; Elided levels above it are
	// left out of a path deeper than maxViewDepth.
	Stack  []StackFrame `json:"stack"`
	Elided int          `json:"elided"`
	// A*: the open list and the number of nodes expanded (closed), and the
	// f of the node expanded last.
	Open      *OpenView `json:"open"`
	Closed    int64     `json:"closed"`
	Expanding int       `json:"expanding"`
}

// CodeNode is a node's numbers as the code panel shows them.
type CodeNode struct {
	ID uint64 `json:"id"`
	G  int    `json:"g"`
	H  int    `json:"h"`
	F  int    `json:"f"`
}

// StackFrame is one level of IDA*'s depth-first path: the node, the move
// that reached it (its name, "" at the root), and how many of its children
// are still to try (null when the trace does not say: one recorded before
// expand events).
type StackFrame struct {
	ID   uint64 `json:"id"`
	Move string `json:"move"`
	G    int    `json:"g"`
	H    int    `json:"h"`
	F    int    `json:"f"`
	Left *int   `json:"left"`
}

// OpenView is A*'s open list: its size, and its best entries in the order
// A* pops them (least f, then larger g, then the older), or Best null when
// the fold no longer knows them (Lost: beyond maxOpenKept entries).
type OpenView struct {
	Size int64      `json:"size"`
	Best []CodeNode `json:"best"`
	Lost bool       `json:"lost"`
}

// frame is a level of the path as the fold keeps it.
type frame struct {
	id            uint64
	move, g, h, f int
	children      int // -1: unknown
	tried         int
}

// sizePoint is the open list's size when A* expanded its n-th node.
type sizePoint struct{ N, Size int64 }

// algoFold folds the events into the AlgoView: a part of Run.
type algoFold struct {
	astar   bool
	pathmax bool
	line    string
	node    *CodeNode
	frames  []frame
	// A*.
	open      map[uint64]CodeNode
	openSize  int64
	openLost  bool
	openByF   []int64
	closed    int64
	expanding int
	// replaced is where the node a reopen event replaces was: "open"
	// (on the open list still), "closed" (expanded), "" (not known: the
	// open list's entries are lost, or the event is no reopen).
	replaced string
	pops     int64
	sizes    []sizePoint
	stride   int64
}

func newAlgoFold() *algoFold { return &algoFold{stride: 1} }

// apply folds e.
func (a *algoFold) apply(e *trace.Event) {
	if e.Kind == trace.KindRunStart {
		*a = algoFold{stride: 1, astar: e.Run != nil && e.Run.Algorithm == AlgorithmAStar, pathmax: e.Run != nil && e.Run.Pathmax}
	}
	prev := a.line
	a.line = lineOf(e, a.astar)
	if e.Kind == trace.KindIterationEnd && prev == LineGoalTest {
		// The search stops at the node it just tested: the goal (one at
		// h = 0 that is not is expanded, or A* pops another), whose
		// solution follows.
		a.line = LineGoal
	}
	a.node, a.replaced = nil, ""
	switch e.Kind {
	case trace.KindVisit, trace.KindExpand, trace.KindPush, trace.KindReopen, trace.KindRaise:
		a.node = codeNode(e)
	case trace.KindPrune:
		if e.Reason == trace.ReasonBound {
			a.node = codeNode(e)
		}
	}
	if a.astar {
		a.applyAStar(e)
		return
	}
	switch e.Kind {
	case trace.KindIterationStart:
		a.frames = a.frames[:0]
	case trace.KindVisit:
		d := e.Depth
		if e.Parent == 0 {
			a.frames = a.frames[:0]
		} else if !a.under(e.Parent, d) {
			a.frames = a.frames[:0] // the path to it is unknown
			return
		}
		a.frames = append(a.frames, frame{id: e.Node, move: e.Move, g: e.G, h: e.F - e.G, f: e.F, children: -1})
	case trace.KindPrune:
		if e.Reason == trace.ReasonBound {
			a.under(e.Parent, e.Depth)
		}
	case trace.KindExpand:
		if n := len(a.frames); n > 0 && a.frames[n-1].id == e.Node {
			a.frames[n-1].children = e.Children
		}
	case trace.KindRaise:
		// Back at the node, its h raised: by its children's before any was
		// tried, else by the child just searched.
		a.pathmax = true
		d := e.Depth
		if d < 0 || d >= len(a.frames) || a.frames[d].id != e.Node {
			return
		}
		a.frames = a.frames[:d+1]
		f := &a.frames[d]
		f.h, f.f = e.H, e.F
		if f.tried > 0 {
			a.line = LineRaiseBack
		}
	}
}

// left is how many children the node of id, the end of the path, has still
// to come (-1: not known).
func (a *algoFold) left(id uint64) int {
	n := len(a.frames)
	if n == 0 || a.frames[n-1].id != id || a.frames[n-1].children < 0 {
		return -1
	}
	return max(0, a.frames[n-1].children-a.frames[n-1].tried)
}

// codeNode is e's node in the code panel's numbers: h is the value the
// search holds for it, f − g (more than its own h when BPMX raised it or
// it inherited more from its parent).
func codeNode(e *trace.Event) *CodeNode {
	return &CodeNode{ID: e.Node, G: e.G, H: e.F - e.G, F: e.F}
}

// under cuts the path to the parent at depth d−1 of a child generated at
// depth d, and counts the child as tried; false when the parent is not
// there.
func (a *algoFold) under(parent uint64, d int) bool {
	if d < 1 || d > len(a.frames) || a.frames[d-1].id != parent {
		return false
	}
	a.frames = a.frames[:d]
	a.frames[d-1].tried++
	return true
}

func (a *algoFold) applyAStar(e *trace.Event) {
	switch e.Kind {
	case trace.KindPush, trace.KindReopen:
		if e.Kind == trace.KindReopen {
			if old, ok := a.open[e.Replaces]; ok {
				// On the open list still: the cheaper copy takes its place.
				a.dropOpen(e.Replaces, old.F)
				a.replaced = "open"
			} else if !a.openLost {
				a.replaced = "closed"
				if a.closed > 0 {
					a.closed-- // expanded before: reopened
				}
			}
		}
		a.openSize++
		bump(&a.openByF, e.F, 1)
		if len(a.open) >= maxOpenKept {
			a.openLost = true
		}
		if !a.openLost {
			if a.open == nil {
				a.open = map[uint64]CodeNode{}
			}
			a.open[e.Node] = *codeNode(e)
		}
	case trace.KindVisit:
		if a.pops%a.stride == 0 {
			a.sizes = append(a.sizes, sizePoint{N: a.pops, Size: a.openSize})
			if len(a.sizes) > maxSizePoints {
				kept := a.sizes[:0]
				for i := 0; i < len(a.sizes); i += 2 {
					kept = append(kept, a.sizes[i])
				}
				a.sizes = kept
				a.stride *= 2
			}
		}
		a.pops++
		a.dropOpen(e.Node, e.F)
		a.closed++
		a.expanding = e.F
	case trace.KindSolution:
		// The goal was popped, not expanded.
		a.closed = max(0, a.closed-1)
	}
}

// dropOpen takes node id, of f, off the open list.
func (a *algoFold) dropOpen(id uint64, f int) {
	if a.openSize > 0 {
		a.openSize--
	}
	bump(&a.openByF, f, -1)
	delete(a.open, id)
}

// bump adds d to h[i], growing h, for i within the histograms' range.
func bump(h *[]int64, i int, d int64) {
	if i < 0 || i > trace.DefaultLimits.Bound {
		return
	}
	for len(*h) <= i {
		*h = append(*h, 0)
	}
	(*h)[i] += d
}

// lineOf is the pseudo-code line an event lights.
func lineOf(e *trace.Event, astar bool) string {
	switch e.Kind {
	case trace.KindVisit:
		if e.H == 0 {
			return LineGoalTest // asked only where h = 0
		}
		if astar {
			return LinePop
		}
		return LineVisit
	case trace.KindSolution:
		return LineGoal
	case trace.KindRunEnd:
		if e.Status == trace.StatusSolved {
			return LineGoal
		}
	}
	if astar {
		switch e.Kind {
		case trace.KindRunStart, trace.KindIterationStart:
			return LineOpenInit
		case trace.KindPush:
			return LinePush
		case trace.KindReopen:
			return LineReopen
		}
		return LinePop
	}
	switch e.Kind {
	case trace.KindRunStart:
		return LineBoundInit
	case trace.KindIterationStart:
		return LineIterationStart
	case trace.KindPrune:
		if e.Reason == trace.ReasonBound {
			return LinePrune
		}
		return LineExpand // a move the move rule leaves out of the loop
	case trace.KindExpand, trace.KindProgress:
		return LineExpand
	case trace.KindBoundIncrease:
		return LineBoundRise
	case trace.KindRaise:
		return LineRaise // LineRaiseBack once a child was tried: apply knows
	}
	return LineIterationEnd
}

// view is the AlgoView of the fold as it stands; st is the run's counts,
// for the bounds and the moves' names.
func (a *algoFold) view(st *trace.Snapshot) AlgoView {
	v := AlgoView{Algorithm: "ida", Line: a.line, Pathmax: a.pathmax, Stack: []StackFrame{}, Next: -1}
	if a.node != nil {
		n := *a.node
		v.Node = &n
	}
	if a.astar {
		v.Algorithm = AlgorithmAStar
		v.Closed, v.Expanding = a.closed, a.expanding
		v.Open = &OpenView{Size: a.openSize, Lost: a.openLost}
		if !a.openLost {
			v.Open.Best = bestOpen(a.open, openBest)
		}
		return v
	}
	v.Bound, v.Next = st.Current.Bound, st.Current.NextBound
	if st.Current.Iteration == 0 && st.Run != nil {
		v.Bound = st.Run.StartH // bound ← h(start), before the first iteration
	}
	fs := a.frames
	if len(fs) > maxViewDepth {
		v.Elided = len(fs) - maxViewDepth
		fs = fs[v.Elided:]
	}
	for _, f := range fs {
		sf := StackFrame{ID: f.id, G: f.g, H: f.h, F: f.f}
		if f.move >= 0 {
			sf.Move = moveNames(st.Run, []int{f.move})[0]
		}
		if f.children >= 0 {
			left := max(0, f.children-f.tried)
			sf.Left = &left
		}
		v.Stack = append(v.Stack, sf)
	}
	return v
}

// bestOpen lists the k entries A* pops first: least f, then larger g, then
// the older node.
func bestOpen(open map[uint64]CodeNode, k int) []CodeNode {
	before := func(a, b CodeNode) int {
		return cmp.Or(cmp.Compare(a.F, b.F), cmp.Compare(b.G, a.G), cmp.Compare(a.ID, b.ID))
	}
	best := make([]CodeNode, 0, k+1)
	for _, n := range open {
		if len(best) == k && before(n, best[k-1]) >= 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(best, n, before)
		best = slices.Insert(best, i, n)
		if len(best) > k {
			best = best[:k]
		}
	}
	return best
}

// clone deep-copies the fold, for a checkpoint.
func (a *algoFold) clone() *algoFold {
	c := *a
	c.frames = slices.Clone(a.frames)
	c.openByF = slices.Clone(a.openByF)
	c.sizes = slices.Clone(a.sizes)
	if a.node != nil {
		n := *a.node
		c.node = &n
	}
	if a.open != nil {
		c.open = make(map[uint64]CodeNode, len(a.open))
		for k, v := range a.open {
			c.open[k] = v
		}
	}
	return &c
}

// size estimates the bytes the fold holds, for the index's budget.
func (a *algoFold) size() int {
	return 64*len(a.frames) + 64*len(a.open) + 8*len(a.openByF) + 16*len(a.sizes)
}

// describeAStar says what an A* event means, in A*'s words (no iterations,
// no bound); "" for an event it has no words of its own for.
func describeAStar(l *lang.Printer, e *trace.Event) string {
	switch e.Kind {
	case trace.KindIterationStart:
		return l.T("run.astar.start")
	case trace.KindPush:
		if e.Parent == 0 {
			return l.T("run.astar.push-start", lang.Args{"H": e.H, "F": e.F})
		}
		return l.T("run.astar.push", lang.Args{"Node": e.Node, "G": e.G, "H": e.H, "F": e.F})
	case trace.KindReopen:
		return describeReopen(l, e, "")
	case trace.KindVisit:
		if e.Depth == 0 {
			return l.T("run.astar.pop-start", lang.Args{"H": e.H, "F": e.F}) + goalTest(l, e.H)
		}
		return l.T("run.astar.pop", lang.Args{"Node": e.Node, "G": e.G, "H": e.H, "F": e.F}) + goalTest(l, e.H)
	case trace.KindIterationEnd:
		return l.T("run.astar.loop-end")
	case trace.KindProgress:
		return l.T("run.astar.progress", lang.Args{"F": e.Bound})
	}
	return ""
}

// describeReopen says a cheaper path to a state A* stored, by where the
// node it replaces was (algoFold.replaced): "reopen" is for a closed one.
func describeReopen(l *lang.Printer, e *trace.Event, where string) string {
	args := lang.Args{"Node": e.Node, "Replaces": e.Replaces, "G": e.G, "H": e.H, "F": e.F}
	switch where {
	case "open":
		return l.T("run.astar.reopen-open", args)
	case "closed":
		return l.T("run.astar.reopen-closed", args)
	}
	return l.T("run.astar.reopen", args)
}

// goalTest is what a visit adds when the goal test is asked: only where
// h = 0.
func goalTest(l *lang.Printer, h int) string {
	if h == 0 {
		return l.T("run.ev.goal-test")
	}
	return ""
}

// sizesNow are the open list's sizes kept, and the latest.
func (a *algoFold) sizesNow() []sizePoint {
	sizes := slices.Clone(a.sizes)
	if n := len(sizes); n == 0 || sizes[n-1].N != a.pops {
		sizes = append(sizes, sizePoint{N: a.pops, Size: a.openSize})
	}
	return sizes
}

// openSizeChart charts A*'s open list's size over its expansions, in l's
// words: the memory A* spends, where IDA* holds only its path.
func openSizeChart(l *lang.Printer, sizes []sizePoint) map[string]any {
	xs := make([]string, len(sizes))
	ys := make([]int64, len(sizes))
	for i, p := range sizes {
		xs[i] = fmt.Sprint(p.N)
		ys[i] = p.Size
	}
	return lineOfCounts(l, l.T("run.chart.open-size"), l.T("run.chart.nodes-expanded"), l.T("run.chart.open-list"), xs, ys)
}
