package fold

import (
	"slices"

	"idaviz/trace"
)

// Node statuses as the page colours them.
const (
	StatusPath     = "path"     // on the current depth-first path
	StatusExpanded = "expanded" // visited and finished
	StatusPruned   = "pruned"   // f over the bound
	StatusSolution = "solution" // on the solution path
	StatusGroup    = "group"    // several finished siblings folded into one
	StatusOpen     = "open"     // on A*'s open list: generated, not yet expanded
)

// TreeNode is one drawn node. A finished subtree is folded into its root:
// Count says how many nodes it stood for.
//
// With bidirectional pathmax (engine.Pathmax) H stays the node's own value
// and F is what the search judged it by: for a child, g plus the larger of
// its h and the value inherited from its parent (Inherited when that was
// larger); for a visited node whose value BPMX later raised (Raised), g plus
// the raised value. Saved counts its children that were pruned only by the
// value they inherited, their own f within the bound: the siblings BPMX
// saved a visit to.
type TreeNode struct {
	ID        uint64      `json:"id"`
	Move      int         `json:"move"`
	G         int         `json:"g"`
	H         int         `json:"h"`
	F         int         `json:"f"`
	Depth     int         `json:"depth"`
	Status    string      `json:"status"`
	Count     int64       `json:"count"`
	Raised    bool        `json:"raised,omitempty"`
	Inherited bool        `json:"inherited,omitempty"`
	Saved     int         `json:"saved,omitempty"`
	Children  []*TreeNode `json:"children,omitempty"`

	parent *TreeNode
	// below counts the nodes under this one, for the count it shows once
	// folded.
	below int64
}

// Tree is a bounded window over the current iteration of a depth-first
// search: the current path with every sibling generated so far, each
// finished subtree folded into one node. It holds at most limit drawn nodes
// however large the search, so the page never has to hold the whole tree.
//
// It follows IDA*'s event order (a node's children are reported right after
// it is expanded, a child's subtree before its next sibling). A*'s events do
// not nest that way; for A* the window shows the path to the node expanded
// last, with its recently expanded siblings.
type Tree struct {
	limit int
	root  *TreeNode
	path  []*TreeNode // root ... the node of the last visit
	last  *TreeNode   // the node of the last event (a visit or a prune)
	drawn int
	iter  int
	bound int
	// byID finds drawn nodes, for clicks and for A*'s parent links.
	byID map[uint64]*TreeNode
	// kept are the windows of finished iterations, as each stood at its
	// end (at most maxKept, the latest): the page can look back at them.
	kept []TreeView
	// solutionH is h along the solution path, from the start, once found.
	solutionH []int
	// effort counts the iteration's generated nodes by their first two
	// moves from the root.
	effort map[[2]int]int64
}

// DefaultTreeLimit is the most tree nodes a page draws unless told.
const DefaultTreeLimit = 300

// maxKept bounds the finished iterations' windows a tree keeps: each holds
// at most limit nodes.
const maxKept = 64

func newTree(limit int) *Tree {
	return &Tree{limit: limit, byID: map[uint64]*TreeNode{}}
}

func (t *Tree) reset(bound int) {
	t.root, t.path, t.last, t.drawn, t.bound = nil, t.path[:0], nil, 0, bound
	clear(t.byID)
	clear(t.effort)
}

// noMove stands for "no second move" in an effort key: a child of the root.
const noMove = -1

// countEffort counts a node generated under the path (root ... its
// parent) by its first two moves from the root: where the iteration's
// effort goes, whatever the window keeps.
func (t *Tree) countEffort(move int) {
	k := [2]int{move, noMove}
	switch len(t.path) {
	case 0, 1:
	case 2:
		k = [2]int{t.path[1].Move, move}
	default:
		k = [2]int{t.path[1].Move, t.path[2].Move}
	}
	if t.effort == nil {
		t.effort = map[[2]int]int64{}
	}
	t.effort[k]++
}

// effortView lists the iteration's effort by first moves.
func (t *Tree) effortView() []Effort {
	out := make([]Effort, 0, len(t.effort))
	for k, n := range t.effort {
		out = append(out, Effort{First: k[0], Second: k[1], Nodes: n})
	}
	slices.SortFunc(out, func(a, b Effort) int {
		if a.First != b.First {
			return a.First - b.First
		}
		return a.Second - b.Second
	})
	return out
}

// Effort is the nodes generated under one pair of first moves.
type Effort struct {
	First, Second int
	Nodes         int64
}

// add folds one event into the window. For a visit or a prune it reports
// whether the node found its place (its parent is drawn): only then is the
// path to it known.
func (t *Tree) add(e *trace.Event) bool {
	switch e.Kind {
	case trace.KindIterationStart:
		t.iter = e.Iteration
		t.reset(e.Bound)
	case trace.KindPush, trace.KindReopen:
		return t.push(e)
	case trace.KindVisit:
		if n, ok := t.byID[e.Node]; ok && n.Status == StatusOpen {
			t.pop(n)
			return true
		}
		n := &TreeNode{ID: e.Node, Move: e.Move, G: e.G, H: e.H, F: e.F, Depth: e.Depth, Status: StatusPath, Count: 1,
			Inherited: e.F > e.G+e.H}
		if e.Parent == 0 {
			t.reset(t.bound)
			t.root = n
			t.path = append(t.path, n)
			t.byID[n.ID] = n
			t.drawn = 1
			t.last = n
			return true
		}
		if t.root == nil || !t.unwindTo(e.Parent) {
			return false
		}
		t.countEffort(e.Move)
		t.attach(n)
		t.path = append(t.path, n)
		t.last = n
		return true
	case trace.KindPrune:
		if e.Reason != trace.ReasonBound || t.root == nil {
			return false
		}
		if !t.unwindTo(e.Parent) {
			return false
		}
		n := &TreeNode{ID: e.Node, Move: e.Move, G: e.G, H: e.H, F: e.F, Depth: e.Depth, Status: StatusPruned, Count: 1,
			Inherited: e.F > e.G+e.H}
		if n.Inherited && e.G+e.H <= e.Bound {
			t.path[len(t.path)-1].Saved++
		}
		t.countEffort(e.Move)
		t.attach(n)
		t.last = n
		return true
	case trace.KindRaise:
		// The search is back at the node (a child's subtree, if any, is
		// finished) with a higher value.
		if t.root == nil || !t.unwindTo(e.Node) {
			return false
		}
		n := t.path[len(t.path)-1]
		n.F, n.Raised = e.F, true
	case trace.KindIterationEnd:
		// Everything below the root is finished, unless the iteration ended
		// on a goal: a visit with h = 0 that nothing followed. Its path is
		// the solution, which the solution event colours next.
		if t.root == nil {
			break
		}
		t.keep()
		if len(t.path) == 0 {
			break // A* stopped before its first pop
		}
		if n := t.path[len(t.path)-1]; t.last == n && n.H == 0 {
			break
		}
		t.unwindTo(t.root.ID)
		t.root.Status = StatusExpanded
	case trace.KindSolution:
		t.solutionH = t.solutionH[:0]
		for _, n := range t.path {
			n.Status = StatusSolution
			t.solutionH = append(t.solutionH, n.H)
		}
		if t.root != nil {
			t.root.Status = StatusSolution
		}
	}
	return false
}

// A*'s tree is the tree of parent links of the nodes generated so far: a
// push draws a node on the open list under its parent (the node popped
// last, the end of the path), a pop makes the path the popped node's
// ancestors. Nothing is folded as the path moves: A*'s subtrees are never
// finished.

// push draws a node A* puts on its open list; a reopened state's older
// copy, if still open, is dropped (it will never be expanded).
func (t *Tree) push(e *trace.Event) bool {
	n := &TreeNode{ID: e.Node, Move: e.Move, G: e.G, H: e.H, F: e.F, Depth: e.Depth, Status: StatusOpen, Count: 1}
	if e.Kind == trace.KindReopen {
		if old, ok := t.byID[e.Replaces]; ok && old.Status == StatusOpen {
			old.Status = StatusPruned
		}
	}
	if e.Parent == 0 {
		t.reset(t.bound)
		t.root, t.last, t.drawn = n, n, 1
		t.byID[n.ID] = n
		return true
	}
	if t.root == nil || len(t.path) == 0 || t.path[len(t.path)-1].ID != e.Parent {
		return false
	}
	t.attach(n)
	t.last = n
	return true
}

// pop makes n, a drawn open node, the end of the path.
func (t *Tree) pop(n *TreeNode) {
	t.repath(n)
	t.last = n
}

// repath makes the path n's drawn ancestors and n, the nodes leaving it
// expanded.
func (t *Tree) repath(n *TreeNode) {
	for _, p := range t.path {
		if p.Status == StatusPath {
			p.Status = StatusExpanded
		}
	}
	t.path = t.path[:0]
	for a := n; a != nil; a = a.parent {
		t.path = append(t.path, a)
	}
	slices.Reverse(t.path)
	for _, p := range t.path {
		p.Status = StatusPath
	}
}

// unwindTo pops the path down to the node with id, finishing (and folding)
// every node popped. For A*, whose parent may be anywhere, it rebuilds the
// path from the parent's drawn ancestors; it reports false when the parent
// is not in the window at all.
func (t *Tree) unwindTo(id uint64) bool {
	for i := len(t.path) - 1; i >= 0; i-- {
		if t.path[i].ID == id {
			for j := len(t.path) - 1; j > i; j-- {
				t.finish(t.path[j])
			}
			t.path = t.path[:i+1]
			return true
		}
	}
	p, ok := t.byID[id]
	if !ok {
		return false
	}
	t.repath(p)
	return true
}

// finish folds a finished node's subtree into it.
func (t *Tree) finish(n *TreeNode) {
	if n.Status == StatusPath {
		n.Status = StatusExpanded
	}
	n.Count = 1 + n.below
	for _, c := range n.Children {
		t.forget(c)
	}
	t.drawn -= countDrawn(n.Children)
	n.Children = nil
}

func (t *Tree) forget(n *TreeNode) {
	delete(t.byID, n.ID)
	for _, c := range n.Children {
		t.forget(c)
	}
}

func countDrawn(ns []*TreeNode) int {
	d := 0
	for _, n := range ns {
		d += 1 + countDrawn(n.Children)
	}
	return d
}

// attach adds n under the last node of the path and keeps the window
// within its limit.
func (t *Tree) attach(n *TreeNode) {
	p := t.path[len(t.path)-1]
	n.parent = p
	p.Children = append(p.Children, n)
	if n.ID != 0 {
		t.byID[n.ID] = n
	}
	t.drawn++
	for a := p; a != nil; a = a.parent {
		a.below++
	}
	for t.drawn > t.limit && t.squeeze() {
	}
	if t.drawn > t.limit {
		t.foldOffPath()
	}
}

// foldOffPath folds every subtree that hangs off the path. IDA*'s window
// never needs it (its off-path subtrees are folded as the search leaves
// them); A*'s, whose parents jump around the tree, does, to stay bounded.
func (t *Tree) foldOffPath() {
	onPath := map[*TreeNode]bool{}
	for _, n := range t.path {
		onPath[n] = true
	}
	for _, p := range t.path {
		for _, c := range p.Children {
			if !onPath[c] && len(c.Children) > 0 {
				t.finish(c)
			}
		}
	}
	for t.drawn > t.limit && t.squeeze() {
	}
}

// squeeze folds the first two finished siblings of the shallowest path node
// that has them into one group node. It reports false when nothing can be
// folded (the path and its last children alone exceed the limit).
func (t *Tree) squeeze() bool {
	for _, p := range t.path {
		k := len(p.Children)
		// Keep the child on the path (the last) and the one before it.
		if k < 3 {
			continue
		}
		a, b := p.Children[0], p.Children[1]
		if a.Status == StatusPath || b.Status == StatusPath {
			continue
		}
		g := &TreeNode{Status: StatusGroup, Move: -1, G: -1, H: -1, F: -1, Depth: a.Depth, Count: a.Count + b.Count, parent: p}
		t.forget(a)
		t.forget(b)
		t.drawn -= countDrawn([]*TreeNode{a, b}) - 1
		p.Children = append([]*TreeNode{g}, p.Children[2:]...)
		return true
	}
	return false
}

// pathTo lists the moves from the root to a drawn node (false if the node
// is not drawn).
func (t *Tree) pathTo(id uint64) ([]int, *TreeNode, bool) {
	n, ok := t.byID[id]
	if !ok {
		return nil, nil, false
	}
	var moves []int
	for a := n; a.parent != nil; a = a.parent {
		moves = append(moves, a.Move)
	}
	slices.Reverse(moves)
	return moves, n, true
}

// keep files the window as it stands, the end of an iteration.
func (t *Tree) keep() {
	if len(t.kept) == maxKept {
		t.kept = append(t.kept[:0], t.kept[1:]...)
	}
	t.kept = append(t.kept, t.view())
}

// keptView is the kept window of an iteration.
func (t *Tree) keptView(iteration int) (TreeView, bool) {
	for _, v := range t.kept {
		if v.Iteration == iteration {
			return v, true
		}
	}
	return TreeView{}, false
}

// keptIterations lists the iterations whose windows are kept.
func (t *Tree) keptIterations() []int {
	out := make([]int, len(t.kept))
	for i, v := range t.kept {
		out[i] = v.Iteration
	}
	return out
}

// findPath finds a node by id in a drawn window, and the moves to it.
func findPath(n *TreeNode, id uint64, moves []int) ([]int, *TreeNode) {
	if n == nil {
		return nil, nil
	}
	if n.ID == id {
		return moves, n
	}
	for _, c := range n.Children {
		if m, f := findPath(c, id, append(moves, c.Move)); f != nil {
			return m, f
		}
	}
	return nil, nil
}

// TreeView is the JSON the page draws.
type TreeView struct {
	Iteration int       `json:"iteration"`
	Bound     int       `json:"bound"`
	Drawn     int       `json:"drawn"`
	Last      uint64    `json:"last"`
	Root      *TreeNode `json:"root,omitempty"`
	// Kept lists the finished iterations whose windows the page can ask
	// for; Current says whether this window is the iteration under way.
	Kept    []int `json:"kept"`
	Current bool  `json:"current"`
	// Elided counts the levels of the current path above Root that the
	// view leaves out: a path deeper than maxViewDepth is drawn from its
	// last maxViewDepth levels, so no view (or its JSON) nests deeper.
	Elided int `json:"elided,omitempty"`
}

// maxViewDepth is the deepest a view nests: deeper than any optimal
// solution of the catalogue's puzzles, far below what a hostile trace may
// claim.
const maxViewDepth = 256

// view returns a deep copy of the window, safe to encode without the lock.
func (t *Tree) view() TreeView {
	v := TreeView{Iteration: t.iter, Bound: t.bound, Drawn: t.drawn}
	if t.last != nil {
		v.Last = t.last.ID
	}
	root := t.root
	if len(t.path) > maxViewDepth {
		v.Elided = len(t.path) - maxViewDepth
		root = t.path[v.Elided]
	}
	v.Root = copyNode(root)
	return v
}

func copyNode(n *TreeNode) *TreeNode {
	if n == nil {
		return nil
	}
	c := &TreeNode{ID: n.ID, Move: n.Move, G: n.G, H: n.H, F: n.F, Depth: n.Depth, Status: n.Status, Count: n.Count,
		Raised: n.Raised, Inherited: n.Inherited, Saved: n.Saved}
	if n.Status == StatusPath || n.Status == StatusSolution || n.Status == StatusExpanded && len(n.Children) > 0 {
		c.Count = 1 + n.below
	}
	for _, ch := range n.Children {
		c.Children = append(c.Children, copyNode(ch))
	}
	return c
}
