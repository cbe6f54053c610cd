package fold

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

func TestTreeWindow(t *testing.T) {
	state := "8 6 7 2 5 4 3 0 1" // 31 moves: one of the two hardest 8-puzzles
	if testing.Short() {
		state = "7 2 4 5 0 6 8 3 1" // 20 moves
	}
	events := testrun.Record(t, trace.LevelNode, state)
	for _, limit := range []int{300, 40} {
		tr := newTree(limit)
		maxDrawn := 0
		for i := range events {
			e := &events[i]
			tr.add(e)
			if got := 1 + countDrawn(tr.root.childrenOrNil()); tr.root != nil && got != tr.drawn {
				t.Fatalf("limit %d, event %d: drawn says %d, the tree holds %d", limit, i, tr.drawn, got)
			}
			// The path and the last children of each path node are never
			// folded: only beyond them may the window exceed its limit.
			if tr.drawn > limit && tr.drawn > 2*len(tr.path)+2 {
				t.Fatalf("limit %d, event %d: %d nodes drawn, path %d", limit, i, tr.drawn, len(tr.path))
			}
			maxDrawn = max(maxDrawn, tr.drawn)
			if e.Kind == trace.KindIterationEnd && tr.root != nil && tr.root.Status != StatusSolution {
				// Every node of the iteration is in the window, folded or
				// not: the root's count is the iteration's generated nodes.
				if got := 1 + tr.root.below; got != e.Stats.Generated {
					t.Errorf("limit %d, iteration %d: the window counts %d nodes, the engine generated %d", limit, e.Iteration, got, e.Stats.Generated)
				}
				if sum := sumCounts(tr.root); sum != e.Stats.Generated {
					t.Errorf("limit %d, iteration %d: the drawn counts sum to %d, the engine generated %d", limit, e.Iteration, sum, e.Stats.Generated)
				}
			}
		}
		v := tr.view()
		b, err := json.Marshal(v)
		if err != nil {
			t.Errorf("the view does not encode: %v", err)
		}
		if got := strings.Count(string(b), `"status":"solution"`); got < 2 {
			t.Errorf("limit %d: %d solution nodes at the end", limit, got)
		}
		t.Logf("limit %d: %d events, at most %d nodes drawn", limit, len(events), maxDrawn)
	}
}

func (n *TreeNode) childrenOrNil() []*TreeNode {
	if n == nil {
		return nil
	}
	return n.Children
}

// sumCounts adds the counts of the drawn nodes: each stands for itself and
// what was folded into it.
func sumCounts(n *TreeNode) int64 {
	if len(n.Children) == 0 {
		if n.Status == StatusGroup {
			return n.Count
		}
		return 1 + n.below
	}
	s := int64(1)
	for _, c := range n.Children {
		s += sumCounts(c)
	}
	return s
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
	if tr.drawn != 3 || len(tr.root.Children) != 2 {
		t.Errorf("drawn %d, root children %d", tr.drawn, len(tr.root.Children))
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
	maxDrawn := 0
	for i := range sink.Events {
		tr.add(&sink.Events[i])
		maxDrawn = max(maxDrawn, tr.drawn)
		if tr.drawn > 100 && tr.drawn > 4*len(tr.path)+4 {
			t.Fatalf("event %d: %d nodes drawn, path %d", i, tr.drawn, len(tr.path))
		}
	}
	t.Logf("%d events, at most %d drawn", len(sink.Events), maxDrawn)
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
				if !strings.Contains(describeEvent(e, false), "BPMX") {
					t.Fatalf("a raise described as %q", describeEvent(e, false))
				}
				if js, _ := json.Marshal(tr.view()); !strings.Contains(string(js), `"raised":true`) {
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
				if got := 1 + tr.root.below; got != e.Stats.Generated {
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
