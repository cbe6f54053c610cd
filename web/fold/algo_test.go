package fold

import (
	"reflect"
	"slices"
	"testing"

	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// TestLineOf: every kind of event lights its line of IDA*'s or A*'s
// pseudo-code.
func TestLineOf(t *testing.T) {
	for _, c := range []struct {
		e     trace.Event
		astar bool
		want  string
	}{
		{trace.Event{Kind: trace.KindRunStart}, false, LineBoundInit},
		{trace.Event{Kind: trace.KindIterationStart}, false, LineIterationStart},
		{trace.Event{Kind: trace.KindVisit, H: 3}, false, LineVisit},
		{trace.Event{Kind: trace.KindVisit, H: 0}, false, LineGoalTest},
		{trace.Event{Kind: trace.KindExpand}, false, LineExpand},
		{trace.Event{Kind: trace.KindPrune, Reason: trace.ReasonBound}, false, LinePrune},
		{trace.Event{Kind: trace.KindPrune, Reason: trace.ReasonMoveRule}, false, LineExpand},
		{trace.Event{Kind: trace.KindIterationEnd}, false, LineIterationEnd},
		{trace.Event{Kind: trace.KindBoundIncrease}, false, LineBoundRise},
		{trace.Event{Kind: trace.KindRaise}, false, LineRaise},
		{trace.Event{Kind: trace.KindSolution}, false, LineGoal},
		{trace.Event{Kind: trace.KindRunEnd, Status: trace.StatusSolved}, false, LineGoal},
		{trace.Event{Kind: trace.KindRunEnd, Status: trace.StatusExhausted}, false, LineIterationEnd},
		{trace.Event{Kind: trace.KindIterationStart}, true, LineOpenInit},
		{trace.Event{Kind: trace.KindPush}, true, LinePush},
		{trace.Event{Kind: trace.KindReopen}, true, LineReopen},
		{trace.Event{Kind: trace.KindVisit, H: 2}, true, LinePop},
		{trace.Event{Kind: trace.KindVisit, H: 0}, true, LineGoalTest},
		{trace.Event{Kind: trace.KindSolution}, true, LineGoal},
		{trace.Event{Kind: trace.KindIterationEnd}, true, LinePop},
	} {
		if got := lineOf(&c.e, c.astar); got != c.want {
			t.Errorf("%v (A* %v): line %q, want %q", c.e.Kind, c.astar, got, c.want)
		}
	}
}

// TestStackFollowsTheSearch: over a whole IDA* run, the stack is the path
// to the last node visited (its moves are the state panel's), and each
// frame's children left to try is its expansion's count less the children
// that followed.
func TestStackFollowsTheSearch(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	r := NewRun(1, trace.LevelNode, DefaultTreeLimit)
	children := map[uint64]int{}
	tried := map[uint64]int{}
	expanded := 0
	for i := range events {
		e := &events[i]
		r.Apply(e)
		switch e.Kind {
		case trace.KindExpand:
			children[e.Node] = e.Children
			expanded++
		case trace.KindVisit, trace.KindPrune:
			if e.Reason != trace.ReasonMoveRule && e.Parent != 0 {
				tried[e.Parent]++
			}
		}
		f := r.Frame(0, nil)
		v := f.Algo
		if v.Algorithm != "ida" || v.Open != nil {
			t.Fatalf("event %d: an IDA* run's view %+v", i, v)
		}
		if e.Kind != trace.KindVisit {
			continue
		}
		if len(v.Stack) != e.Depth+1 || v.Stack[len(v.Stack)-1].ID != e.Node {
			t.Fatalf("event %d: a visit at depth %d, a stack of %d ending at %+v", i, e.Depth, len(v.Stack), v.Stack[len(v.Stack)-1])
		}
		var moves []string
		for _, fr := range v.Stack[1:] {
			moves = append(moves, fr.Move)
		}
		if want := moveNames(f.Stats.Run, f.LastMoves); !slices.Equal(moves, want) {
			t.Fatalf("event %d: the stack's moves %v, the node's %v", i, moves, want)
		}
		for _, fr := range v.Stack[:len(v.Stack)-1] {
			if fr.Left == nil || *fr.Left != children[fr.ID]-tried[fr.ID] {
				t.Fatalf("event %d: frame %d has %v left; %d children, %d tried", i, fr.ID, fr.Left, children[fr.ID], tried[fr.ID])
			}
		}
		if top := v.Stack[len(v.Stack)-1]; top.Left != nil {
			t.Fatalf("event %d: a node just visited has %d children left before its expansion", i, *top.Left)
		}
	}
	if expanded == 0 {
		t.Fatal("the run has no expand events")
	}
}

// TestOpenList: A*'s open list as pushes, pops and reopenings fold into it:
// its size, its best entries in A*'s order, the closed count.
func TestOpenList(t *testing.T) {
	push := func(k trace.Kind, node, parent uint64, g, h int) trace.Event {
		return trace.Event{Kind: k, Node: node, Parent: parent, G: g, H: h, F: g + h}
	}
	reopen := func(node, parent uint64, g, h int, replaces uint64) trace.Event {
		e := push(trace.KindReopen, node, parent, g, h)
		e.Replaces = replaces
		return e
	}
	pop := func(node uint64, g, h int) trace.Event {
		return trace.Event{Kind: trace.KindVisit, Node: node, G: g, H: h, F: g + h}
	}
	events := []trace.Event{
		{Kind: trace.KindRunStart, Run: &trace.RunInfo{Algorithm: AlgorithmAStar}},
		push(trace.KindPush, 1, 0, 0, 5),
		pop(1, 0, 5),
		push(trace.KindPush, 2, 1, 1, 4),
		push(trace.KindPush, 3, 1, 3, 3),
		push(trace.KindPush, 4, 1, 2, 3), // f 5 as 2, larger g: before it
		reopen(5, 1, 1, 3, 3),            // node 3's state, cheaper: takes its place
		pop(4, 2, 3),
		reopen(6, 4, 1, 3, 4), // node 4, expanded: reopened
	}
	want := []struct {
		size, closed int64
		best         []uint64
	}{
		{0, 0, []uint64{}},
		{1, 0, []uint64{1}},
		{0, 1, []uint64{}},
		{1, 1, []uint64{2}},
		{2, 1, []uint64{2, 3}},
		{3, 1, []uint64{4, 2, 3}},
		{3, 1, []uint64{5, 4, 2}},
		{2, 2, []uint64{5, 2}},
		{3, 1, []uint64{5, 6, 2}},
	}
	a := newAlgoFold()
	for i := range events {
		a.apply(&events[i])
		v := a.view(&trace.Snapshot{})
		var best []uint64
		for _, n := range v.Open.Best {
			best = append(best, n.ID)
		}
		if best == nil {
			best = []uint64{}
		}
		if v.Algorithm != AlgorithmAStar || v.Open.Size != want[i].size || v.Closed != want[i].closed || !reflect.DeepEqual(best, want[i].best) {
			t.Errorf("after event %d (%v): open %d %v, closed %d; want %+v", i, events[i].Kind, v.Open.Size, best, v.Closed, want[i])
		}
	}
}

// TestOpenListBounded: past maxOpenKept entries the fold keeps the size and
// the histogram by f, and says it no longer knows the best entries; the
// sizes kept for the chart stay under maxSizePoints however many pops.
func TestOpenListBounded(t *testing.T) {
	a := newAlgoFold()
	a.apply(&trace.Event{Kind: trace.KindRunStart, Run: &trace.RunInfo{Algorithm: AlgorithmAStar}})
	n := uint64(maxOpenKept + 10)
	for id := uint64(1); id <= n; id++ {
		a.apply(&trace.Event{Kind: trace.KindPush, Node: id, G: 1, H: int(id % 7), F: 1 + int(id%7)})
	}
	for id := uint64(1); id <= 3000; id++ {
		a.apply(&trace.Event{Kind: trace.KindVisit, Node: id, G: 1, H: int(id % 7), F: 1 + int(id%7)})
	}
	v := a.view(&trace.Snapshot{})
	if !v.Open.Lost || v.Open.Best != nil || v.Open.Size != int64(n)-3000 || len(a.open) > maxOpenKept {
		t.Errorf("beyond the cap: %+v, %d entries kept", *v.Open, len(a.open))
	}
	var inF int64
	for _, c := range a.openByF {
		inF += c
	}
	if inF != v.Open.Size {
		t.Errorf("the histogram by f holds %d, the size is %d", inF, v.Open.Size)
	}
	if s := a.sizesNow(); len(s) > maxSizePoints+1 || s[len(s)-1] != (sizePoint{N: 3000, Size: v.Open.Size}) {
		t.Errorf("%d sizes kept, the last %+v", len(s), s[len(s)-1])
	}
}
