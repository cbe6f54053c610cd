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
type TreeNode struct {
	ID       uint64      `json:"id"`
	Move     int         `json:"move"`
	G        int         `json:"g"`
	H        int         `json:"h"`
	F        int         `json:"f"`
	Depth    int         `json:"depth"`
	Status   string      `json:"status"`
	Count    int64       `json:"count"`
	Children []*TreeNode `json:"children,omitempty"`

	parent *TreeNode
	// below counts the nodes under this one, for the count it shows once
	// folded. A node's own children are counted at once; deeper nodes
	// reach their ancestors through pend, one level each time a node
	// leaves the path, so that a node costs the same however deep the path
	// (counting up every ancestor made a 100,000-deep path quadratic).
	below int64
	// pend is what below counted that the parent's below has not yet: only
	// a node on the path holds some.
	pend int64
	// onPath and pathIdx place the node on the tree's path.
	onPath  bool
	pathIdx int
	// gone marks a node folded away (forgotten, or squeezed into a group).
	gone bool
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

	// What keeps every event's work independent of the path's depth:
	// pathIDs counts the path's nodes by id (a parent not on the path is
	// looked up in byID, not searched for along the path); wide lists the
	// indices of the path's nodes with 3 or more children, in order (what
	// squeeze can fold); offPath lists nodes that may hang off the path
	// with children of their own (left there by an A* jump, what
	// foldOffPath folds); pathMarked says a path node may have a status
	// other than StatusPath (a solution, the root at an iteration's end).
	pathIDs    map[uint64]int
	wide       []int
	offPath    []*TreeNode
	pathMarked bool
}

// DefaultTreeLimit is the most tree nodes a page draws unless told.
const DefaultTreeLimit = 300

// maxKept bounds the finished iterations' windows a tree keeps: each holds
// at most limit nodes.
const maxKept = 64

func newTree(limit int) *Tree {
	return &Tree{limit: limit, byID: map[uint64]*TreeNode{}, pathIDs: map[uint64]int{}}
}

func (t *Tree) reset(bound int) {
	t.root, t.path, t.last, t.drawn, t.bound = nil, t.path[:0], nil, 0, bound
	clear(t.byID)
	clear(t.effort)
	clear(t.pathIDs)
	t.wide, t.offPath, t.pathMarked = t.wide[:0], t.offPath[:0], false
}

// onto puts n at the end of the path.
func (t *Tree) onto(n *TreeNode) {
	n.onPath, n.pathIdx = true, len(t.path)
	t.path = append(t.path, n)
	t.pathIDs[n.ID]++
	if len(n.Children) >= 3 {
		t.wide = append(t.wide, n.pathIdx)
	}
}

// truncate takes the path's nodes from index k on off it, the deepest
// first, each finished (folded) when finish is set, else only no longer
// marked as on the path; each hands its count on to its parent.
func (t *Tree) truncate(k int, finish bool) {
	for j := len(t.path) - 1; j >= k; j-- {
		n := t.path[j]
		if finish {
			t.finish(n)
		} else if n.Status == StatusPath {
			n.Status = StatusExpanded
		}
		n.onPath = false
		if p := n.parent; p != nil {
			p.below += n.pend
			p.pend += n.pend
		}
		n.pend = 0
		if t.pathIDs[n.ID]--; t.pathIDs[n.ID] <= 0 {
			delete(t.pathIDs, n.ID)
		}
	}
	t.path = t.path[:max(k, 0)]
	for len(t.wide) > 0 && t.wide[len(t.wide)-1] >= k {
		t.wide = t.wide[:len(t.wide)-1]
	}
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
		n := &TreeNode{ID: e.Node, Move: e.Move, G: e.G, H: e.H, F: e.F, Depth: e.Depth, Status: StatusPath, Count: 1}
		if e.Parent == 0 {
			t.reset(t.bound)
			t.root = n
			t.onto(n)
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
		t.onto(n)
		t.last = n
		return true
	case trace.KindPrune:
		if e.Reason != trace.ReasonBound || t.root == nil {
			return false
		}
		if !t.unwindTo(e.Parent) {
			return false
		}
		n := &TreeNode{ID: e.Node, Move: e.Move, G: e.G, H: e.H, F: e.F, Depth: e.Depth, Status: StatusPruned, Count: 1}
		t.countEffort(e.Move)
		t.attach(n)
		t.last = n
		return true
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
		t.pathMarked = true
	case trace.KindSolution:
		t.solutionH = t.solutionH[:0]
		for _, n := range t.path {
			n.Status = StatusSolution
			t.solutionH = append(t.solutionH, n.H)
		}
		if t.root != nil {
			t.root.Status = StatusSolution
		}
		t.pathMarked = true
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

// unwindTo pops the path down to the node with id, finishing (and folding)
// every node popped. For A*, whose parent may be anywhere, it rebuilds the
// path from the parent's drawn ancestors; it reports false when the parent
// is not in the window at all.
func (t *Tree) unwindTo(id uint64) bool {
	if t.pathIDs[id] > 0 {
		// The deepest path node with the id: every node passed is popped.
		for i := len(t.path) - 1; i >= 0; i-- {
			if t.path[i].ID == id {
				t.truncate(i+1, true)
				return true
			}
		}
	}
	p, ok := t.byID[id]
	if !ok {
		return false
	}
	t.repath(p)
	return true
}

// repath makes the path the drawn node p's ancestors and p (A*): the
// path's nodes off it are no longer on the path (expanded, unfolded, as
// A*'s window keeps them), the new ones are. Only the part below the
// deepest ancestor of p already on the path changes: p hangs off the path
// within a window's worth of drawn nodes, whatever the depth.
func (t *Tree) repath(p *TreeNode) {
	var chain []*TreeNode // p and its ancestors off the path, deepest first
	q := p
	for q != nil && !q.onPath {
		chain = append(chain, q)
		q = q.parent
	}
	k := 0
	if q != nil {
		k = q.pathIdx + 1
	}
	if k < len(t.path) {
		// It keeps its children, off the path now: foldOffPath's.
		t.offPath = append(t.offPath, t.path[k])
	}
	t.truncate(k, false)
	if t.pathMarked {
		for _, n := range t.path {
			n.Status = StatusPath
		}
		t.pathMarked = false
	}
	for i := len(chain) - 1; i >= 0; i-- {
		n := chain[i]
		n.Status = StatusPath
		t.onto(n)
		for _, c := range n.Children {
			if !c.onPath && len(c.Children) > 0 {
				t.offPath = append(t.offPath, c)
			}
		}
	}
	if len(t.offPath) > 4*t.limit+64 {
		t.offPath = slices.DeleteFunc(t.offPath, func(c *TreeNode) bool { return !t.hangsOff(c) })
	}
}

// hangsOff reports whether c is a child of a path node, off the path, with
// children of its own: what foldOffPath folds.
func (t *Tree) hangsOff(c *TreeNode) bool {
	return !c.gone && !c.onPath && c.parent != nil && c.parent.onPath && len(c.Children) > 0
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
	n.gone = true
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
	p.below++
	p.pend++
	if len(p.Children) == 3 {
		t.wide = append(t.wide, p.pathIdx)
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
	for _, c := range t.offPath {
		if t.hangsOff(c) {
			t.finish(c)
		}
	}
	t.offPath = t.offPath[:0]
	for t.drawn > t.limit && t.squeeze() {
	}
}

// squeeze folds the first two finished siblings of the shallowest path node
// that has them into one group node. It reports false when nothing can be
// folded (the path and its last children alone exceed the limit).
func (t *Tree) squeeze() bool {
	for j, i := range t.wide {
		p := t.path[i]
		// Keep the child on the path (the last) and the one before it.
		a, b := p.Children[0], p.Children[1]
		if a.Status == StatusPath || b.Status == StatusPath {
			continue
		}
		g := &TreeNode{Status: StatusGroup, Move: -1, G: -1, H: -1, F: -1, Depth: a.Depth, Count: a.Count + b.Count, parent: p}
		t.forget(a)
		t.forget(b)
		t.drawn -= countDrawn([]*TreeNode{a, b}) - 1
		p.Children = append([]*TreeNode{g}, p.Children[2:]...)
		if len(p.Children) < 3 {
			t.wide = slices.Delete(t.wide, j, j+1)
		}
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
	// The drawn path nodes' counts: what their own below has, and what
	// the path below them has not handed up yet.
	below := make([]int64, len(t.path)-v.Elided) // by path index - Elided
	var carry int64
	for i := len(t.path) - 1; i >= v.Elided; i-- {
		n := t.path[i]
		below[i-v.Elided] = n.below + carry
		carry += n.pend
	}
	v.Root = copyNode(root, below, v.Elided)
	return v
}

// copyNode copies n's drawn subtree; pathBelow holds the counts of the
// path's nodes from index elided on.
func copyNode(n *TreeNode, pathBelow []int64, elided int) *TreeNode {
	if n == nil {
		return nil
	}
	c := &TreeNode{ID: n.ID, Move: n.Move, G: n.G, H: n.H, F: n.F, Depth: n.Depth, Status: n.Status, Count: n.Count}
	if n.Status == StatusPath || n.Status == StatusSolution || n.Status == StatusExpanded && len(n.Children) > 0 {
		below := n.below
		if n.onPath {
			below = pathBelow[n.pathIdx-elided]
		}
		c.Count = 1 + below
	}
	for _, ch := range n.Children {
		c.Children = append(c.Children, copyNode(ch, pathBelow, elided))
	}
	return c
}
