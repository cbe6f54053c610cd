package fold

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
	"idaviz/trace/hostile"
	"idaviz/web/internal/testrun"
)

// TestTreeFold: at every event of a search (a big one in the sweep,
// IDAVIZ_TEST_SWEEPS=1), the picture follows the one
// folding rule: whole when the iteration fits the budget, else at most the
// budget (or what must be drawn) with the path, its children and what the
// page opened always drawn; the counts add up to the iteration's nodes; and
// the tree's memory stays bounded.
func TestTreeFold(t *testing.T) {
	state := "7 2 4 5 0 6 8 3 1" // 20 moves
	if sweeps() {
		state = "8 6 7 2 5 4 3 0 1" // 31 moves: one of the two hardest 8-puzzles
	}
	events := testrun.Record(t, trace.LevelNode, state)
	for _, limit := range []int{DefaultTreeLimit, 40} {
		tr := newTree(limit)
		maxHeld, whole, folded := 0, 0, 0
		for i := range events {
			e := &events[i]
			tr.add(e)
			if tr.root == nil {
				continue
			}
			must := len(tr.path)
			for _, n := range tr.path {
				must += len(n.Children)
			}
			if tr.held > heldFactor*limit+4*must {
				t.Fatalf("limit %d, event %d: %d nodes held, %d must be drawn", limit, i, tr.held, must)
			}
			maxHeld = max(maxHeld, tr.held)
			if i%5 != 0 && e.Kind != trace.KindIterationEnd {
				continue
			}
			v := tr.view(nil)
			checkView(t, fmt.Sprintf("limit %d, event %d", limit, i), v, tr.path, limit, must)
			if e.Kind == trace.KindIterationEnd && tr.root.Status != StatusSolution {
				// Every node of the iteration is in the picture, drawn or
				// folded: the root's count is the iteration's generated
				// nodes, and so is the sum of what the drawn nodes stand for.
				if v.Nodes != e.Stats.Generated || sumCounts(v.Root) != e.Stats.Generated {
					t.Errorf("limit %d, iteration %d: the picture counts %d (%d in its nodes), the engine generated %d", limit, e.Iteration, v.Nodes, sumCounts(v.Root), e.Stats.Generated)
				}
				if e.Stats.Generated <= int64(limit) {
					whole++
					if int64(v.Drawn) != e.Stats.Generated {
						t.Errorf("limit %d, iteration %d: %d nodes fit the budget, %d drawn", limit, e.Iteration, e.Stats.Generated, v.Drawn)
					}
				} else {
					folded++
				}
			}
		}
		if limit < DefaultTreeLimit && (whole == 0 || folded == 0) {
			t.Errorf("limit %d: %d iterations drawn whole, %d folded: the test should see both", limit, whole, folded)
		}
		v := tr.view(nil)
		b, err := json.Marshal(v)
		if err != nil {
			t.Errorf("the view does not encode: %v", err)
		}
		if got := strings.Count(string(b), `"status":"solution"`); got < 2 {
			t.Errorf("limit %d: %d solution nodes at the end", limit, got)
		}
		t.Logf("limit %d: %d events, at most %d nodes held", limit, len(events), maxHeld)
	}
}

// checkView checks a picture of the tree against the rule: within the
// budget unless what must be drawn is more, and every path node open with
// all its children drawn.
func checkView(t *testing.T, where string, v TreeView, path []*TreeNode, limit, must int) {
	t.Helper()
	if v.Drawn > limit && v.Drawn > must+1 {
		t.Fatalf("%s: %d nodes drawn, budget %d, %d must be", where, v.Drawn, limit, must)
	}
	if got := countView(v.Root); got != v.Drawn {
		t.Fatalf("%s: the view says %d drawn, holds %d", where, v.Drawn, got)
	}
	n := v.Root
	for i, p := range path {
		if n == nil || n.ID != p.ID {
			t.Fatalf("%s: path node %d is not drawn", where, i)
		}
		if len(n.Children) != len(p.Children) || n.Hidden {
			t.Fatalf("%s: path node %d draws %d of its %d children", where, i, len(n.Children), len(p.Children))
		}
		if i+1 < len(path) {
			var next *TreeNode
			for _, c := range n.Children {
				if c.ID == path[i+1].ID {
					next = c
				}
			}
			n = next
		}
	}
}

func countView(n *TreeNode) int {
	if n == nil {
		return 0
	}
	d := 1
	for _, c := range n.Children {
		d += countView(c)
	}
	return d
}

// sumCounts adds the counts of a picture's nodes drawn without their
// children, and one for each drawn with them.
func sumCounts(n *TreeNode) int64 {
	if len(n.Children) == 0 {
		return n.Count
	}
	s := int64(1)
	for _, c := range n.Children {
		s += sumCounts(c)
	}
	return s
}

// TestTreeUnfold: a folded node whose nodes the tree keeps unfolds when the
// page asks, and folds back when it no longer does; the iteration menu's
// picture of a finished iteration is the one drawn at its end.
func TestTreeUnfold(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, "7 2 4 5 0 6 8 3 1")
	tr := newTree(40)
	var atEnd TreeView
	for i := range events {
		tr.add(&events[i])
		if events[i].Kind == trace.KindIterationEnd && events[i].Iteration == 3 {
			atEnd = tr.view(nil)
		}
	}
	k, ok := tr.keptTreeOf(3)
	if !ok {
		t.Fatal("iteration 3 is not kept")
	}
	kv := tr.keptView(k, nil)
	if a, b := mustJSON(t, kv.Root), mustJSON(t, atEnd.Root); a != b || kv.Drawn != atEnd.Drawn {
		t.Fatalf("the menu's iteration 3 (%d drawn) is not the picture at its end (%d drawn)", kv.Drawn, atEnd.Drawn)
	}
	var hidden *TreeNode
	var find func(n *TreeNode)
	find = func(n *TreeNode) {
		if hidden == nil && n.Hidden {
			hidden = n
		}
		for _, c := range n.Children {
			find(c)
		}
	}
	find(kv.Root)
	if hidden == nil {
		t.Fatalf("iteration 3 of %d nodes, budget 40: nothing folded", kv.Nodes)
	}
	open := tr.keptView(k, []uint64{hidden.ID})
	var got *TreeNode
	var look func(n *TreeNode)
	look = func(n *TreeNode) {
		if n.ID == hidden.ID {
			got = n
		}
		for _, c := range n.Children {
			look(c)
		}
	}
	look(open.Root)
	if got == nil || got.Hidden || !got.Opened || len(got.Children) == 0 {
		t.Fatalf("node %d asked open: %+v", hidden.ID, got)
	}
	if back := tr.keptView(k, nil); mustJSON(t, back.Root) != mustJSON(t, kv.Root) {
		t.Error("no longer asked open, the node does not fold back")
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestTreeIgnoresForeignEvents(t *testing.T) {
	tr := newTree(10)
	for _, e := range []trace.Event{
		{Kind: trace.KindPrune, Parent: 5, Reason: trace.ReasonBound}, // before any root
		{Kind: trace.KindVisit, Node: 1},                              // root
		{Kind: trace.KindVisit, Node: 2, Parent: 99},                  // unknown parent
		{Kind: trace.KindPrune, Node: 3, Parent: 1, Reason: trace.ReasonMoveRule},
		{Kind: trace.KindVisit, Node: 4, Parent: 1, Depth: 1, Move: 2},
		{Kind: trace.KindVisit, Node: 5, Parent: 1, Depth: 1, Move: 3},
		{Kind: trace.KindSolution},
	} {
		tr.add(&e)
	}
	if tr.held != 3 || len(tr.root.Children) != 2 {
		t.Errorf("held %d, root children %d", tr.held, len(tr.root.Children))
	}
	if moves, _, ok := tr.pathTo(5); !ok || len(moves) != 1 || moves[0] != 3 {
		t.Errorf("path to 5: %v %v", moves, ok)
	}
	if _, n, ok := tr.pathTo(4); !ok || n.Status != StatusExpanded {
		t.Errorf("a finished sibling: %+v %v", n, ok)
	}
}

// TestTreeWindowAStar: A*'s events do not nest as IDA*'s do; the window
// stays bounded all the same.
func TestTreeWindowAStar(t *testing.T) {
	p, _ := puzzles.Lookup(testrun.Puzzle)
	state := "8 6 7 2 5 4 3 0 1"
	if testing.Short() {
		state = "7 2 4 5 0 6 8 3 1"
	}
	inst, _ := p.Parse(state, "")
	d, _ := inst.Domain("misplaced")
	sink := testrun.NewSink(trace.LevelNode)
	if _, err := engine.AStar(context.Background(), d, engine.Options{Sink: sink}); err != nil {
		t.Fatal(err)
	}
	tr := newTree(100)
	maxHeld := 0
	for i := range sink.Events {
		tr.add(&sink.Events[i])
		maxHeld = max(maxHeld, tr.held)
		must := len(tr.path)
		for _, n := range tr.path {
			must += len(n.Children)
		}
		if tr.held > heldFactor*100+4*must {
			t.Fatalf("event %d: %d nodes held, path %d", i, tr.held, len(tr.path))
		}
	}
	t.Logf("%d events, at most %d held", len(sink.Events), maxHeld)
}

// TestEffortByFirstMoves: the effort counts hold every node an iteration
// generates but its root, by the first two moves.
func TestEffortByFirstMoves(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	tr := newTree(300)
	it := 0
	for i := range events {
		e := &events[i]
		if e.Kind == trace.KindIterationEnd {
			var sum int64
			for _, f := range tr.effortView() {
				sum += f.Nodes
			}
			if got := want.Iterations[it].Generated - 1; sum != got {
				t.Errorf("iteration %d: %d nodes by first moves, want %d", it+1, sum, got)
			}
			it++
		}
		tr.add(e)
	}
	if it != len(want.Iterations) {
		t.Fatalf("%d iterations, want %d", it, len(want.Iterations))
	}
}

// TestTreeWindowPathmax folds a BPMX run (the 15-puzzle's pdb555d, tables
// built in a second into a temporary cache): a raise leaves the raised value
// on its node, marked, with the search back at that node; a prune that only
// the inherited value made is counted on its parent as a sibling saved; the
// window's counts still add up to the engine's.
func TestTreeWindowPathmax(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	rng := rand.New(rand.NewPCG(21, 22))
	var raises, saved int
	for range 4 {
		b, err := tiles.Scramble(rng, 4, 36, tiles.BlankLast)
		if err != nil {
			t.Fatal(err)
		}
		d, err := b.BuildDomain(context.Background(), "pdb555d", nil)
		if err != nil {
			t.Fatal(err)
		}
		sink := testrun.NewSink(trace.LevelNode)
		if _, err := engine.IDA(context.Background(), d, engine.Options{Sink: sink}); err != nil {
			t.Fatal(err)
		}
		tr := newTree(300)
		for i := range sink.Events {
			e := &sink.Events[i]
			var parent *TreeNode
			before := 0
			if e.Kind == trace.KindPrune && tr.root != nil {
				parent = tr.byID[e.Parent]
				if parent != nil {
					before = parent.Saved
				}
			}
			tr.add(e)
			switch {
			case e.Kind == trace.KindRaise:
				raises++
				n := tr.path[len(tr.path)-1]
				if n.ID != e.Node || n.F != e.F || !n.Raised || n.F <= n.G+n.H {
					t.Fatalf("event %d, %+v: the path ends on %+v", i, e, n)
				}
				if !strings.Contains(describeEvent(nil, e, false), "BPMX") {
					t.Fatalf("a raise described as %q", describeEvent(nil, e, false))
				}
				if js, _ := json.Marshal(tr.view(nil)); !strings.Contains(string(js), `"raised":true`) {
					t.Fatalf("the view after a raise: %s", js)
				}
			case e.Kind == trace.KindPrune && e.Reason == trace.ReasonBound && parent != nil:
				want := before
				if e.F > e.G+e.H && e.G+e.H <= e.Bound {
					want++
					saved++
				}
				if parent.Saved != want || tr.last.Inherited != (e.F > e.G+e.H) {
					t.Fatalf("event %d, %+v: the parent counts %d saved, want %d", i, e, parent.Saved, want)
				}
			case e.Kind == trace.KindIterationEnd && tr.root != nil && tr.root.Status != StatusSolution:
				if got := tr.view(nil).Nodes; got != e.Stats.Generated {
					t.Fatalf("iteration %d: the window counts %d nodes, the engine generated %d", e.Iteration, got, e.Stats.Generated)
				}
			}
		}
	}
	if raises == 0 || saved == 0 {
		t.Fatalf("%d raises, %d siblings saved: the runs did not show BPMX", raises, saved)
	}
	t.Logf("%d raises, %d siblings saved", raises, saved)
}

// TestTreeCounts: every node a picture draws counts itself and every node
// ever added under it, as a walk up the ancestors at each new node counts
// them, though the tree hands counts up the path only as nodes leave it
// (so that a node costs the same however deep the path): for IDA* and A*
// searches whose trees are trimmed, a path deeper than a view draws, and
// an A* chain whose pops jump between its branches.
func TestTreeCounts(t *testing.T) {
	deep, err := trace.NewReader(bytes.NewReader(hostile.DeepPath(1000)))
	if err != nil {
		t.Fatal(err)
	}
	var deepPath []trace.Event
	for {
		e, err := deep.Next()
		if err != nil {
			break
		}
		deepPath = append(deepPath, *e)
	}
	for _, tc := range []struct {
		name   string
		events []trace.Event
		limit  int
	}{
		{"IDA*", testrun.Record(t, trace.LevelNode, "7 2 4 5 0 6 8 3 1"), 40},
		{"A*", testrun.RecordAStar(t, "7 2 4 5 0 6 8 3 1", "misplaced"), 40},
		{"a deep path", deepPath, DefaultTreeLimit},
		{"an A* chain", aStarChain(600), DefaultTreeLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := newTree(tc.limit)
			var root *TreeNode
			under := map[*TreeNode]int64{} // by the walk up at each new node
			checked := 0
			for i := range tc.events {
				tr.add(&tc.events[i])
				if tr.root != root {
					root = tr.root
					clear(under)
				}
				if n := tr.last; n != nil {
					if _, seen := under[n]; !seen {
						under[n] = 0
						for a := n.parent; a != nil; a = a.parent {
							under[a]++
						}
					}
				}
				if tr.root == nil || i%7 != 0 && i != len(tc.events)-1 {
					continue
				}
				v := tr.view(nil)
				if v.Nodes != 1+under[tr.root] {
					t.Fatalf("event %d: the picture counts %d nodes, %d were added", i, v.Nodes, 1+under[tr.root])
				}
				var walk func(c *TreeNode)
				walk = func(c *TreeNode) {
					if n := tr.byID[c.ID]; n != nil && c.Count != 1+under[n] {
						t.Fatalf("event %d: node %d counts %d, %d were added under it and it", i, c.ID, c.Count, 1+under[n])
					}
					for _, ch := range c.Children {
						walk(ch)
					}
				}
				walk(v.Root)
				checked++
			}
			if checked == 0 {
				t.Fatal("no picture checked")
			}
		})
	}
}

// aStarChain is an A* search of n pops down one chain: each popped node
// pushes a child, which goes on, and a sibling; every tenth pop also takes
// a sibling pushed 40 levels up (which pushes a child of its own), so the
// path jumps up the chain and back down to its end at the next pop.
func aStarChain(n int) []trace.Event {
	ev := []trace.Event{{Kind: trace.KindIterationStart, Iteration: 1, Bound: 1}, {Kind: trace.KindPush, Node: 1, Move: -1}}
	next := uint64(2)
	push := func(parent uint64, move int) uint64 {
		ev = append(ev, trace.Event{Kind: trace.KindPush, Node: next, Parent: parent, Move: move})
		next++
		return next - 1
	}
	pop := func(id uint64) { ev = append(ev, trace.Event{Kind: trace.KindVisit, Node: id}) }
	end := uint64(1)
	var siblings []uint64
	for i := range n {
		pop(end)
		child := push(end, 0)
		siblings = append(siblings, push(end, 1))
		if i%10 == 9 && i >= 40 {
			s := siblings[i-40]
			pop(s)
			push(s, 2)
		}
		end = child
	}
	return ev
}

// TestTreeRepathAfterSolution: a node A* pops after the path was coloured
// as a solution makes the whole new path the path again, not only the part
// that changed.
func TestTreeRepathAfterSolution(t *testing.T) {
	tr := newTree(10)
	for _, e := range []trace.Event{
		{Kind: trace.KindIterationStart, Iteration: 1, Bound: 1},
		{Kind: trace.KindPush, Node: 1, Move: -1},
		{Kind: trace.KindVisit, Node: 1},
		{Kind: trace.KindPush, Node: 2, Parent: 1},
		{Kind: trace.KindPush, Node: 3, Parent: 1, Move: 1},
		{Kind: trace.KindVisit, Node: 2},
		{Kind: trace.KindSolution},
		{Kind: trace.KindVisit, Node: 3},
	} {
		tr.add(&e)
	}
	var got []string
	for _, n := range tr.path {
		got = append(got, fmt.Sprintf("%d %s", n.ID, n.Status))
	}
	if want := []string{"1 path", "3 path"}; !slices.Equal(got, want) {
		t.Errorf("path %q, want %q", got, want)
	}
	if n := tr.byID[2]; n.Status != StatusSolution {
		t.Errorf("node 2 off the path is %s, want it left a solution", n.Status)
	}
}
