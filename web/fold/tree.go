package fold

import (
	"math"
	"slices"

	"idaviz/trace"
)

// Node statuses as the page colours them.
const (
	StatusPath     = "path"     // on the current depth-first path
	StatusExpanded = "expanded" // visited and finished
	StatusPruned   = "pruned"   // f over the bound
	StatusSolution = "solution" // on the solution path
	StatusOpen     = "open"     // on A*'s open list: generated, not yet expanded
)

// TreeNode is one node of the tree. In a view, a node drawn without its
// children stands for its whole subtree: Count says how many nodes that
// is, Hidden that they are kept (a click unfolds them).
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
	// Hidden: folded in this view, its subtree kept (the page may ask to
	// unfold it). Opened: drawn open because the page asked (a click folds
	// it back).
	Hidden bool `json:"hidden,omitempty"`
	Opened bool `json:"opened,omitempty"`

	// raisedBy is the move to the child whose value raised it last.
	raisedBy int

	parent *TreeNode
	// below counts the nodes under this one, kept or not: the count it
	// shows once folded. A node's own children are counted at once; deeper
	// nodes reach their ancestors through pend, one level each time a node
	// leaves the path, so that a node costs the same however deep the path
	// (counting up every ancestor made a 100,000-deep path quadratic).
	below int64
	// pend is what below counted that the parent's below has not yet: only
	// a node on the path holds some.
	pend int64
	// onPath and pathIdx place the node on its tree's path.
	onPath  bool
	pathIdx int
}

// Tree holds the current iteration of a search as a tree, and what the
// page draws of it: a view within a budget of drawn nodes (limit). An
// iteration that fits the budget is drawn whole; past it, the view folds
// what matters least (plan says how), never the current path, its
// siblings or the current node's children. The tree itself holds at most
// heldFactor times the budget: past that it drops, by the same rule, the
// subtrees a view of twice the budget would fold, keeping their counts. So
// the page can unfold a folded node, and memory stays bounded however
// large the search.
//
// It follows IDA*'s event order (a node's children are reported right after
// it is expanded, a child's subtree before its next sibling). A*'s events do
// not nest that way; for A* the path is rebuilt to each parent, and what is
// off it may be dropped.
type Tree struct {
	limit  int
	root   *TreeNode
	path   []*TreeNode // root ... the node of the last visit (or raise)
	last   *TreeNode   // the node of the last event (a visit, a prune or a raise)
	held   int         // nodes in the tree
	trimAt int         // held beyond which the tree drops what it can
	iter   int
	bound  int
	// byID finds held nodes, for clicks and for A*'s parent links.
	byID map[uint64]*TreeNode
	// kept are finished iterations' trees, as each stood at its end (never
	// changed once kept; at most maxKept of them, and keptFactor times the
	// budget of nodes in all): the page can look back at them.
	kept     []*keptTree
	keptHeld int
	// solutionH is h along the solution path, from the start, once found,
	// and solutionStar h* there: the cost still to go (the goal's g less the
	// node's), which counts moves only when every move costs 1.
	solutionH, solutionStar []int
	// effort counts the iteration's generated nodes by their first two
	// moves from the root.
	effort map[[2]int]int64
	// What keeps an event's work independent of the path's depth: pathIDs
	// counts the path's nodes by id (a parent off the path is not searched
	// for along it); pathMarked says a path node may have a status other
	// than StatusPath (a solution, the root at an iteration's end), which
	// A*'s next repath undoes.
	pathIDs    map[uint64]int
	pathMarked bool
}

// keptTree is a finished iteration's tree: a copy no one changes, which
// checkpoints share.
type keptTree struct {
	iteration, bound int
	root             *TreeNode
	path             []*TreeNode
	last             uint64
	held             int
}

// DefaultTreeLimit is the page's budget: an iteration of up to this many
// nodes is drawn whole.
const DefaultTreeLimit = 1000

const (
	// heldFactor: a tree holds up to this many times its budget before it
	// drops subtrees (down to half of that).
	heldFactor = 4
	// maxKept and keptFactor bound the finished iterations kept: at most
	// maxKept of them, with at most keptFactor times the budget of nodes.
	maxKept    = 64
	keptFactor = 16
)

func newTree(limit int) *Tree {
	limit = max(limit, 1)
	return &Tree{limit: limit, trimAt: heldFactor * limit, byID: map[uint64]*TreeNode{}, pathIDs: map[uint64]int{}}
}

func (t *Tree) reset(bound int) {
	t.root, t.path, t.last, t.held, t.bound = nil, t.path[:0], nil, 0, bound
	t.trimAt = heldFactor * t.limit
	clear(t.byID)
	clear(t.effort)
	clear(t.pathIDs)
	t.pathMarked = false
}

// onto puts n at the end of the path.
func (t *Tree) onto(n *TreeNode) {
	n.onPath, n.pathIdx = true, len(t.path)
	t.path = append(t.path, n)
	t.pathIDs[n.ID]++
}

// truncate takes the path's nodes from index k on off it, the deepest
// first, each no longer marked as on the path (expanded) and handing its
// pending count on to its parent.
func (t *Tree) truncate(k int) {
	for j := len(t.path) - 1; j >= k; j-- {
		n := t.path[j]
		if n.Status == StatusPath {
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
	t.path = t.path[:k]
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

// add folds one event into the tree. For a visit or a prune it reports
// whether the node found its place (its parent is held): only then is the
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
		n := &TreeNode{ID: e.Node, Move: e.Move, G: e.G, H: e.H, F: e.F, Depth: e.Depth, Status: StatusPath,
			Inherited: e.F > e.G+e.H}
		if e.Parent == 0 {
			t.reset(t.bound)
			t.root = n
			t.onto(n)
			t.byID[n.ID] = n
			t.held = 1
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
		n := &TreeNode{ID: e.Node, Move: e.Move, G: e.G, H: e.H, F: e.F, Depth: e.Depth, Status: StatusPruned,
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
		// finished) with a higher value: the event is about it.
		if t.root == nil || !t.unwindTo(e.Node) {
			return false
		}
		n := t.path[len(t.path)-1]
		n.F, n.Raised, n.raisedBy = e.F, true, e.Move
		t.last = n
		return true
	case trace.KindIterationEnd:
		// Everything below the root is finished, unless the iteration ended
		// on a goal: a visit with h = 0 that nothing followed. Its path is
		// the solution, which the solution event colours next.
		if t.root == nil {
			break
		}
		if len(t.path) == 0 {
			t.keep() // A* stopped before its first pop
			break
		}
		// (A raised node was expanded: not a goal, whatever its own h.)
		if n := t.path[len(t.path)-1]; t.last != n || n.H != 0 || n.Raised {
			t.unwindTo(t.root.ID)
			t.root.Status = StatusExpanded
			t.pathMarked = true
		}
		t.keep()
	case trace.KindSolution:
		t.solutionH, t.solutionStar = t.solutionH[:0], t.solutionStar[:0]
		for _, n := range t.path {
			n.Status = StatusSolution
			t.solutionH = append(t.solutionH, n.H)
			t.solutionStar = append(t.solutionStar, t.path[len(t.path)-1].G-n.G)
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
	n := &TreeNode{ID: e.Node, Move: e.Move, G: e.G, H: e.H, F: e.F, Depth: e.Depth, Status: StatusOpen}
	if e.Kind == trace.KindReopen {
		if old, ok := t.byID[e.Replaces]; ok && old.Status == StatusOpen {
			old.Status = StatusPruned
		}
	}
	if e.Parent == 0 {
		t.reset(t.bound)
		t.root, t.last, t.held = n, n, 1
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

// pop makes n, a held open node, the end of the path.
func (t *Tree) pop(n *TreeNode) {
	t.repath(n)
	t.last = n
}

// repath makes the path n's held ancestors and n, the nodes leaving it
// expanded. Only the part below the deepest ancestor of n already on the
// path changes, so a pop costs what it changes, not the path's depth.
func (t *Tree) repath(n *TreeNode) {
	var chain []*TreeNode // n and its ancestors off the path, deepest first
	a := n
	for a != nil && !a.onPath {
		chain = append(chain, a)
		a = a.parent
	}
	k := 0
	if a != nil {
		k = a.pathIdx + 1
	}
	t.truncate(k)
	if t.pathMarked {
		for _, p := range t.path {
			p.Status = StatusPath
		}
		t.pathMarked = false
	}
	for i := len(chain) - 1; i >= 0; i-- {
		chain[i].Status = StatusPath
		t.onto(chain[i])
	}
}

// unwindTo pops the path down to the node with id, each node popped
// finished. For A*, whose parent may be anywhere, it rebuilds the path from
// the parent's ancestors; it reports false when the parent is not held.
func (t *Tree) unwindTo(id uint64) bool {
	if t.pathIDs[id] > 0 {
		// The deepest path node with the id: every node passed is popped.
		for i := len(t.path) - 1; i >= 0; i-- {
			if t.path[i].ID == id {
				t.truncate(i + 1)
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

// attach adds n under the last node of the path, and keeps the tree within
// what it may hold.
func (t *Tree) attach(n *TreeNode) {
	p := t.path[len(t.path)-1]
	n.parent = p
	p.Children = append(p.Children, n)
	if n.ID != 0 {
		t.byID[n.ID] = n
	}
	t.held++
	p.below++
	p.pend++
	if t.held > t.trimAt {
		t.trim()
	}
}

// trim drops the subtrees that a view of twice the budget folds: their
// roots stay, with their counts. What it cannot drop (the path and its
// children) sets when it tries again, so that a path longer than the
// budget costs no more than once per doubling.
func (t *Tree) trim() {
	open, _ := plan(t.root, t.path, nil, 2*t.limit, math.MaxInt)
	stack := []*TreeNode{t.root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if open[n] {
			stack = append(stack, n.Children...)
			continue
		}
		for _, c := range n.Children {
			t.held -= t.forget(c)
		}
		n.Children = nil
	}
	t.trimAt = max(heldFactor*t.limit, 2*t.held)
}

// forget drops n's subtree from byID and says how many nodes it held.
func (t *Tree) forget(n *TreeNode) int {
	d := 0
	stack := []*TreeNode{n}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		delete(t.byID, m.ID)
		d++
		stack = append(stack, m.Children...)
	}
	return d
}

// placed is a node with its depth below the root of a view.
type placed struct {
	n     *TreeNode
	depth int
}

// plan is the one folding rule, for every picture of the tree (the page,
// the iteration menu, lock-step, the exports, and what the tree keeps): it
// says which nodes are open (their children drawn) when at most budget
// nodes may be drawn. Always open: the path (so the current node's
// children and every path node's other children are drawn) and the nodes
// the page asked to unfold, with their ancestors. Then, while the budget
// allows, the other nodes with children level by level away from those,
// each level the most recent first (nearest the current path, which IDA*
// leaves to its left): what folds first is what is deepest below the path
// and longest finished. No node maxDepth levels below root is opened (a
// view's JSON nests no deeper than maxViewDepth). It returns the open nodes and how many
// nodes the view draws.
func plan(root *TreeNode, path []*TreeNode, opened []uint64, budget, maxDepth int) (map[*TreeNode]bool, int) {
	open := map[*TreeNode]bool{}
	if root == nil {
		return open, 0
	}
	must := make(map[*TreeNode]bool, len(path))
	for _, n := range path {
		must[n] = true
	}
	if len(opened) > 0 {
		want := make(map[uint64]bool, len(opened))
		for _, id := range opened {
			want[id] = true
		}
		stack := []placed{{root, 0}}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if p.n.ID != 0 && want[p.n.ID] && p.depth < maxDepth-1 {
				for a := p.n; a != nil && !must[a]; a = a.parent {
					must[a] = true
				}
			}
			for _, c := range p.n.Children {
				stack = append(stack, placed{c, p.depth + 1})
			}
		}
	}
	// The nodes that must be open, in preorder; their other children with
	// children of their own make the first level.
	drawn := 1
	var level []placed
	stack := []placed{{root, 0}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !must[p.n] {
			if len(p.n.Children) > 0 {
				level = append(level, p)
			}
			continue
		}
		if p.depth >= maxDepth-1 {
			continue
		}
		open[p.n] = true
		drawn += len(p.n.Children)
		for i := len(p.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, placed{p.n.Children[i], p.depth + 1})
		}
	}
	for len(level) > 0 {
		for i := len(level) - 1; i >= 0; i-- {
			c := level[i]
			if c.depth >= maxDepth-1 {
				continue
			}
			if drawn+len(c.n.Children) > budget {
				return open, drawn
			}
			open[c.n] = true
			drawn += len(c.n.Children)
		}
		var next []placed
		for _, c := range level {
			if !open[c.n] {
				continue
			}
			for _, g := range c.n.Children {
				if len(g.Children) > 0 {
					next = append(next, placed{g, c.depth + 1})
				}
			}
		}
		level = next
	}
	return open, drawn
}

// pathTo lists the moves from the root to a held node (false if the node
// is not held).
func (t *Tree) pathTo(id uint64) ([]int, *TreeNode, bool) {
	n, ok := t.byID[id]
	if !ok {
		return nil, nil, false
	}
	return movesTo(n), n, true
}

// movesTo lists the moves from the root to n.
func movesTo(n *TreeNode) []int {
	var moves []int
	for a := n; a.parent != nil; a = a.parent {
		moves = append(moves, a.Move)
	}
	slices.Reverse(moves)
	return moves
}

// keep files a copy of the tree as it stands, the end of an iteration.
func (t *Tree) keep() {
	copies := map[*TreeNode]*TreeNode{}
	k := &keptTree{iteration: t.iter, bound: t.bound, held: t.held, root: copyHeld(t.root, nil, copies)}
	for _, n := range t.path {
		k.path = append(k.path, copies[n])
	}
	if t.last != nil {
		k.last = t.last.ID
	}
	t.kept = append(t.kept, k)
	t.keptHeld += k.held
	for len(t.kept) > maxKept || len(t.kept) > 1 && t.keptHeld > keptFactor*t.limit {
		t.keptHeld -= t.kept[0].held
		t.kept = append(t.kept[:0], t.kept[1:]...)
	}
}

// copyHeld deep-copies a held subtree, recording each copy.
func copyHeld(n, parent *TreeNode, copies map[*TreeNode]*TreeNode) *TreeNode {
	if n == nil {
		return nil
	}
	c := n.own()
	c.parent, c.below, c.pend, c.raisedBy = parent, n.below, n.pend, n.raisedBy
	copies[n] = c
	if len(n.Children) > 0 {
		c.Children = make([]*TreeNode, len(n.Children))
		for i, ch := range n.Children {
			c.Children[i] = copyHeld(ch, c, copies)
		}
	}
	return c
}

// keptTreeOf is the kept tree of an iteration.
func (t *Tree) keptTreeOf(iteration int) (*keptTree, bool) {
	for _, k := range t.kept {
		if k.iteration == iteration {
			return k, true
		}
	}
	return nil, false
}

// keptIterations lists the iterations whose trees are kept.
func (t *Tree) keptIterations() []int {
	out := make([]int, len(t.kept))
	for i, k := range t.kept {
		out[i] = k.iteration
	}
	return out
}

// findPath finds a node by id in a kept tree, and the moves to it.
func findPath(root *TreeNode, id uint64) ([]int, *TreeNode) {
	stack := []*TreeNode{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		if n.ID == id {
			return movesTo(n), n
		}
		stack = append(stack, n.Children...)
	}
	return nil, nil
}

// TreeView is the JSON the page draws.
type TreeView struct {
	Iteration int       `json:"iteration"`
	Bound     int       `json:"bound"`
	Drawn     int       `json:"drawn"` // nodes drawn
	Nodes     int64     `json:"nodes"` // nodes of the iteration so far, drawn or folded
	Budget    int       `json:"budget"`
	Last      uint64    `json:"last"`
	Root      *TreeNode `json:"root,omitempty"`
	// Kept lists the finished iterations whose trees the page can ask
	// for; Current says whether this view is the iteration under way.
	Kept    []int `json:"kept"`
	Current bool  `json:"current"`
	// Elided counts the levels of the current path above Root that the
	// view leaves out: a path deeper than maxViewDepth is drawn from its
	// last maxViewDepth levels, so no view (or its JSON) nests deeper.
	Elided int `json:"elided,omitempty"`
	// PerIteration: the run reports per iteration only (a fast run, or a
	// trace recorded at iteration level), so it has no tree at all.
	PerIteration bool `json:"perIteration,omitempty"`
}

// maxViewDepth is the deepest a view nests: deeper than any optimal
// solution of the catalogue's puzzles, far below what a hostile trace may
// claim.
const maxViewDepth = 256

// view is the picture of the iteration under way with the nodes opened
// unfolded: a deep copy, safe to encode without the lock.
func (t *Tree) view(opened []uint64) TreeView {
	v := viewOf(t.root, t.path, t.limit, opened)
	v.Iteration, v.Bound = t.iter, t.bound
	if t.last != nil {
		v.Last = t.last.ID
	}
	return v
}

// own copies a node's own values as a picture shows them, without its
// place in the tree.
func (n *TreeNode) own() *TreeNode {
	return &TreeNode{ID: n.ID, Move: n.Move, G: n.G, H: n.H, F: n.F, Depth: n.Depth, Status: n.Status,
		Raised: n.Raised, Inherited: n.Inherited, Saved: n.Saved}
}

// viewOf folds a tree into its picture (plan).
func viewOf(root *TreeNode, path []*TreeNode, budget int, opened []uint64) TreeView {
	v := TreeView{Budget: budget}
	if root == nil {
		return v
	}
	// A path node's count is its below and what the path under it has
	// not handed up yet (pend).
	pathBelow := make(map[*TreeNode]int64, len(path))
	var carry int64
	for i := len(path) - 1; i >= 0; i-- {
		pathBelow[path[i]] = path[i].below + carry
		carry += path[i].pend
	}
	count := func(n *TreeNode) int64 {
		if below, ok := pathBelow[n]; ok {
			return 1 + below
		}
		return 1 + n.below
	}
	v.Nodes = count(root)
	if len(path) > maxViewDepth {
		v.Elided = len(path) - maxViewDepth
		root, path = path[v.Elided], path[v.Elided:]
	}
	open, _ := plan(root, path, opened, budget, maxViewDepth)
	want := map[uint64]bool{}
	for _, id := range opened {
		want[id] = true
	}
	var cp func(n *TreeNode) *TreeNode
	cp = func(n *TreeNode) *TreeNode {
		v.Drawn++
		c := n.own()
		c.Count = count(n)
		if !open[n] {
			c.Hidden = len(n.Children) > 0
			return c
		}
		_, onPath := pathBelow[n]
		c.Opened = n.ID != 0 && want[n.ID] && !onPath
		for _, ch := range n.Children {
			c.Children = append(c.Children, cp(ch))
		}
		return c
	}
	v.Root = cp(root)
	return v
}

// keptView is the picture of a kept iteration.
func (t *Tree) keptView(k *keptTree, opened []uint64) TreeView {
	v := viewOf(k.root, k.path, t.limit, opened)
	v.Iteration, v.Bound, v.Last = k.iteration, k.bound, k.last
	return v
}
