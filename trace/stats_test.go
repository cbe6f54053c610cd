package trace

import (
	"encoding/json"
	"math"
	"reflect"
	"sync"
	"testing"
	"time"
)

// tree builds the node events of one hand-built iteration the way the
// engine's depth-first search emits them.
type tree struct {
	iter, bound int
	events      []Event
}

func (t *tree) visit(node, parent uint64, depth, g, h, move int) {
	t.events = append(t.events, Event{Kind: KindVisit, Node: node, Parent: parent, Depth: depth,
		G: g, H: h, F: g + h, Move: move, Iteration: t.iter, Bound: t.bound})
}

func (t *tree) prune(node, parent uint64, depth, g, h, move int) {
	t.events = append(t.events, Event{Kind: KindPrune, Node: node, Parent: parent, Depth: depth,
		G: g, H: h, F: g + h, Move: move, Reason: ReasonBound, Iteration: t.iter, Bound: t.bound})
}

func (t *tree) cut(parent uint64, depth, g, move int) {
	t.events = append(t.events, Event{Kind: KindPrune, Parent: parent, Depth: depth,
		G: g, H: -1, F: -1, Move: move, Reason: ReasonMoveRule, Iteration: t.iter, Bound: t.bound})
}

// exhaustedIteration is a bound-2 iteration that finds nothing. Node 4 has
// h = 0 but is no goal: it is expanded (into no children).
func exhaustedIteration() ([]Event, Iteration) {
	t := &tree{iter: 1, bound: 2}
	t.visit(1, 0, 0, 0, 2, -1)
	t.visit(2, 1, 1, 1, 1, 0)
	t.cut(2, 2, 1, 2)
	t.prune(3, 2, 2, 2, 2, 1)
	t.visit(4, 2, 2, 2, 0, 3)
	t.prune(5, 1, 1, 1, 3, 1)
	t.prune(6, 1, 1, 1, 2, 2)
	want := Iteration{Iteration: 1, Bound: 2, NextBound: 3,
		Counts: Counts{Expanded: 3, Generated: 6, Pruned: 3},
		VisitF: []int64{0, 0, 3}, PruneF: []int64{0, 0, 0, 1, 2}, Depth: []int64{1, 1, 1}}
	return t.events, want
}

// solvedIteration is a bound-3 iteration that ends at the goal, node 11,
// before node 10's last child was looked at (the engine counts a child as
// generated when it looks at it, so that one does not count).
func solvedIteration() ([]Event, Iteration) {
	t := &tree{iter: 2, bound: 3}
	t.visit(7, 0, 0, 0, 2, -1)
	t.visit(8, 7, 1, 1, 1, 0)
	t.prune(9, 8, 2, 2, 2, 1)
	t.visit(10, 7, 1, 1, 2, 1)
	t.cut(10, 2, 1, 3)
	t.visit(11, 10, 2, 3, 0, 0)
	want := Iteration{Iteration: 2, Bound: 3, NextBound: 4,
		Counts: Counts{Expanded: 3, Generated: 5, Pruned: 1},
		VisitF: []int64{0, 0, 2, 2}, PruneF: []int64{0, 0, 0, 0, 1}, Depth: []int64{1, 2, 1}}
	return t.events, want
}

func TestStatsFoldsNodeEvents(t *testing.T) {
	ex, exWant := exhaustedIteration()
	so, soWant := solvedIteration()
	tests := []struct {
		name   string
		events []Event
		want   Iteration
	}{
		{"exhausted", ex, exWant},
		{"solved", so, soWant},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewNodeStats()
			for i := range tt.events {
				s.Event(&tt.events[i])
			}
			got := s.Snapshot().Current
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("folded node events:\n got %+v\nwant %+v", got, tt.want)
			}
			// The iteration end replaces whatever the node events said.
			end := Event{Kind: KindIterationEnd, Iteration: tt.want.Iteration, Bound: tt.want.Bound, Stats: &tt.want}
			s.Event(&end)
			snap := s.Snapshot()
			if !reflect.DeepEqual(snap.Iterations, []Iteration{tt.want}) {
				t.Errorf("after iteration end: %+v, want %+v", snap.Iterations, tt.want)
			}
			if snap.Totals != tt.want.Counts {
				t.Errorf("totals %+v, want %+v", snap.Totals, tt.want.Counts)
			}
		})
	}
}

// TestStatsIterationWithoutEnd: node events of the next iteration close the
// previous one, whose pending h = 0 node was then not a goal but expanded.
func TestStatsIterationWithoutEnd(t *testing.T) {
	ex, exWant := exhaustedIteration()
	so, _ := solvedIteration()
	s := NewNodeStats()
	for _, evs := range [][]Event{ex, so} {
		for i := range evs {
			s.Event(&evs[i])
		}
	}
	snap := s.Snapshot()
	if len(snap.Iterations) != 1 || !reflect.DeepEqual(snap.Iterations[0], exWant) {
		t.Fatalf("iterations %+v, want [%+v]", snap.Iterations, exWant)
	}
	if snap.Iteration != 2 || snap.Bound != 3 {
		t.Errorf("iteration %d bound %d, want 2 and 3", snap.Iteration, snap.Bound)
	}
	want := exWant.Counts
	want.Add(snap.Current.Counts)
	if snap.Totals != want {
		t.Errorf("totals %+v, want %+v", snap.Totals, want)
	}
}

// TestStatsRun folds a whole iteration-level run: progress replaces the
// running counts, the iteration end replaces them again, the run end fixes
// status, totals and elapsed time.
func TestStatsRun(t *testing.T) {
	s := NewStats()
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s.now = func() time.Time { return clock }
	if s.Level() != LevelIteration {
		t.Fatalf("level %v", s.Level())
	}
	run := &RunInfo{Puzzle: "tiles", Instance: "1 2 3", MoveNames: []string{"U", "D"}, Options: map[string]string{"k": "v"}}
	s.Event(&Event{Kind: KindRunStart, Run: run})
	run.MoveNames[0] = "changed" // Stats must have copied it
	s.Event(&Event{Kind: KindIterationStart, Iteration: 1, Bound: 5})
	prog := Iteration{Iteration: 1, Bound: 5, Counts: Counts{Expanded: 10, Generated: 20, Pruned: 5}, VisitF: []int64{0, 0, 0, 0, 0, 15}, PruneF: []int64{0, 0, 0, 0, 0, 0, 0, 5}}
	s.Event(&Event{Kind: KindProgress, Iteration: 1, Bound: 5, Stats: &prog})
	prog.VisitF[5] = 99 // the engine reuses its arrays
	clock = clock.Add(1500 * time.Millisecond)
	snap := s.Snapshot()
	if snap.Current.Generated != 20 || snap.Current.VisitF[5] != 15 || snap.Totals.Generated != 20 {
		t.Errorf("after progress: %+v totals %+v", snap.Current, snap.Totals)
	}
	if snap.Current.NextBound != 7 {
		t.Errorf("running next bound %d, want 7 (the smallest f cut so far)", snap.Current.NextBound)
	}
	if snap.Elapsed != 1500*time.Millisecond || snap.Seconds != 1.5 {
		t.Errorf("elapsed %v (%v s) while running", snap.Elapsed, snap.Seconds)
	}
	if snap.Run.MoveNames[0] != "U" || snap.StatusName != "running" {
		t.Errorf("run %+v status %q", snap.Run, snap.StatusName)
	}
	end1 := Iteration{Iteration: 1, Bound: 5, NextBound: 7, Counts: Counts{Expanded: 30, Generated: 60, Pruned: 20}}
	s.Event(&Event{Kind: KindIterationEnd, Iteration: 1, Bound: 5, Stats: &end1})
	s.Event(&Event{Kind: KindBoundIncrease, Iteration: 1, Bound: 5, NewBound: 7})
	if b := s.Snapshot().Bound; b != 7 {
		t.Errorf("bound after increase %d, want 7", b)
	}
	s.Event(&Event{Kind: KindIterationStart, Iteration: 2, Bound: 7})
	end2 := Iteration{Iteration: 2, Bound: 7, NextBound: 9, Counts: Counts{Expanded: 100, Generated: 200, Pruned: 50}}
	s.Event(&Event{Kind: KindProgress, Iteration: 2, Bound: 7, Stats: &Iteration{Iteration: 2, Bound: 7, Counts: Counts{Generated: 50}}})
	if got := s.Snapshot().Totals.Generated; got != 110 {
		t.Errorf("totals while running iteration 2: %d, want 60+50", got)
	}
	s.Event(&Event{Kind: KindIterationEnd, Iteration: 2, Bound: 7, Stats: &end2})
	moves := []int{0, 1, 0}
	s.Event(&Event{Kind: KindSolution, Moves: moves, Cost: 3})
	moves[0] = 9
	total := Counts{Expanded: 130, Generated: 260, Pruned: 70}
	s.Event(&Event{Kind: KindRunEnd, Status: StatusSolved, Totals: total, Elapsed: 2 * time.Second})

	snap = s.Snapshot()
	want := Snapshot{
		Run:        &RunInfo{Puzzle: "tiles", Instance: "1 2 3", MoveNames: []string{"U", "D"}, Options: map[string]string{"k": "v"}},
		Status:     StatusSolved,
		StatusName: "solved",
		Iteration:  2,
		Bound:      7,
		Current:    end2,
		Iterations: []Iteration{end1, end2},
		Totals:     total,
		Solution:   []int{0, 1, 0},
		Cost:       3,
		Elapsed:    2 * time.Second,
		Seconds:    2,
		Events:     10,
	}
	if !reflect.DeepEqual(snap, want) {
		t.Errorf("snapshot:\n got %+v\nwant %+v", snap, want)
	}
	if g := snap.Growth(); len(g) != 1 || math.Abs(g[0]-200.0/60) > 1e-12 {
		t.Errorf("growth %v", g)
	}
	if _, err := json.Marshal(snap); err != nil {
		t.Fatal(err)
	}
}

// TestStatsProgressIgnoredWithNodes: once node events feed an iteration,
// progress must not replace them (it would lose the h = 0 bookkeeping, and
// a recorded trace may hold progress from a coarser sink).
func TestStatsProgressIgnoredWithNodes(t *testing.T) {
	ex, want := exhaustedIteration()
	s := NewNodeStats()
	for i := range ex {
		s.Event(&ex[i])
		if i == 2 {
			p := Iteration{Iteration: 1, Bound: 2, Counts: Counts{Expanded: 2, Generated: 99}}
			s.Event(&Event{Kind: KindProgress, Iteration: 1, Bound: 2, Stats: &p})
		}
	}
	if got := s.Snapshot().Current; !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestSnapshotIsDeepCopy(t *testing.T) {
	s := NewNodeStats()
	s.now = func() time.Time { return time.Unix(0, 0) }
	ex, _ := exhaustedIteration()
	s.Event(&Event{Kind: KindRunStart, Run: &RunInfo{Puzzle: "p", MoveNames: []string{"a"}, Options: map[string]string{"x": "y"}}})
	for i := range ex {
		s.Event(&ex[i])
	}
	end := Iteration{Iteration: 1, Bound: 2, VisitF: []int64{1, 2}, PruneF: []int64{3}, Depth: []int64{4}}
	s.Event(&Event{Kind: KindIterationEnd, Iteration: 1, Bound: 2, Stats: &end})
	s.Event(&Event{Kind: KindSolution, Moves: []int{1, 2}})
	before := s.Snapshot()
	a := s.Snapshot()
	a.Run.Puzzle = "changed"
	a.Run.MoveNames[0] = "changed"
	a.Run.Options["x"] = "changed"
	a.Current.VisitF[0] = 100
	a.Current.PruneF[0] = 100
	a.Current.Depth[0] = 100
	a.Iterations[0].VisitF[1] = 100
	a.Iterations[0].Expanded = 100
	a.Solution[0] = 100
	if after := s.Snapshot(); !reflect.DeepEqual(before, after) {
		t.Errorf("mutating a snapshot changed the Stats:\nbefore %+v\nafter  %+v", before, after)
	}
}

func TestStatsConcurrent(t *testing.T) {
	s := NewNodeStats()
	ex, _ := exhaustedIteration()
	rounds := 2000
	if testing.Short() {
		rounds = 300
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for r := 1; r <= rounds; r++ {
			s.Event(&Event{Kind: KindIterationStart, Iteration: r, Bound: 2})
			for i := range ex {
				e := ex[i]
				e.Iteration = r
				s.Event(&e)
			}
			s.Event(&Event{Kind: KindIterationEnd, Iteration: r, Bound: 2})
		}
	}()
	stop := make(chan struct{})
	done := make(chan int)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				done <- n
				return
			default:
			}
			snap := s.Snapshot()
			if snap.Totals.Generated < 0 {
				panic("negative")
			}
			n++
		}
	}()
	wg.Wait()
	close(stop)
	<-done
	snap := s.Snapshot()
	if len(snap.Iterations)+snap.Omitted != rounds || snap.Totals.Generated != int64(6*rounds) || snap.Totals.Expanded != int64(3*rounds) {
		t.Errorf("after %d rounds: %d iterations, totals %+v", rounds, len(snap.Iterations), snap.Totals)
	}
}

func TestStatsHostileValues(t *testing.T) {
	s := NewNodeStats()
	for _, f := range []int{-5, math.MaxInt, histLimit, histLimit - 1} {
		s.Event(&Event{Kind: KindVisit, Node: 1, F: f, Depth: f, H: 1, Iteration: 1})
		s.Event(&Event{Kind: KindPrune, Node: 2, F: f, Reason: ReasonBound, Iteration: 1})
	}
	snap := s.Snapshot()
	if snap.Current.Generated != 8 || len(snap.Current.VisitF) != histLimit {
		t.Errorf("generated %d, histogram length %d", snap.Current.Generated, len(snap.Current.VisitF))
	}
}

func TestEffectiveBranching(t *testing.T) {
	tests := []struct {
		n    int64
		d    int
		want float64
	}{
		{14, 3, 2},       // 2+4+8
		{3, 1, 3},        // b = n at depth 1
		{39, 3, 3},       // 3+9+27
		{5, 5, 1},        // a chain
		{0, 3, 0},        // nothing generated
		{10, 0, 0},       // no depth
		{1 << 40, 60, 0}, // just must not hang or overflow
	}
	for _, tt := range tests {
		got := EffectiveBranching(tt.n, tt.d)
		if tt.want > 0 && math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("EffectiveBranching(%d, %d) = %v, want %v", tt.n, tt.d, got, tt.want)
		}
		if math.IsNaN(got) || math.IsInf(got, 0) {
			t.Errorf("EffectiveBranching(%d, %d) = %v", tt.n, tt.d, got)
		}
	}
}

func TestEqualIterations(t *testing.T) {
	a := Iteration{Iteration: 1, Bound: 2, Counts: Counts{Expanded: 3}, VisitF: []int64{0, 1}, Depth: []int64{1}}
	tests := []struct {
		name string
		b    Iteration
		want bool
	}{
		{"same", a, true},
		{"trailing zeros", Iteration{Iteration: 1, Bound: 2, Counts: Counts{Expanded: 3}, VisitF: []int64{0, 1, 0, 0}, PruneF: []int64{0}, Depth: []int64{1, 0}}, true},
		{"count", Iteration{Iteration: 1, Bound: 2, Counts: Counts{Expanded: 4}, VisitF: []int64{0, 1}, Depth: []int64{1}}, false},
		{"histogram", Iteration{Iteration: 1, Bound: 2, Counts: Counts{Expanded: 3}, VisitF: []int64{0, 1, 1}, Depth: []int64{1}}, false},
		{"shorter", Iteration{Iteration: 1, Bound: 2, Counts: Counts{Expanded: 3}, VisitF: []int64{0}, Depth: []int64{1}}, false},
		{"next bound", Iteration{Iteration: 1, Bound: 2, NextBound: 3, Counts: Counts{Expanded: 3}, VisitF: []int64{0, 1}, Depth: []int64{1}}, false},
	}
	for _, tt := range tests {
		if got := EqualIterations(a, tt.b); got != tt.want {
			t.Errorf("%s: EqualIterations = %v, want %v", tt.name, got, tt.want)
		}
		if got := EqualIterations(tt.b, a); got != tt.want {
			t.Errorf("%s (swapped): EqualIterations = %v, want %v", tt.name, got, tt.want)
		}
	}
}
