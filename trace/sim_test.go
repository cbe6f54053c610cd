package trace

import (
	"slices"
	"time"
)

// sim is a tiny IDA* over a synthetic tree that emits events the way the
// engine does (engine/ida.go), so that the tests of trace need no puzzle and
// do not import the engine. Moves are 0..3; move m^1 undoes m and the move
// rule forbids it. The heuristic is a hash of the path in 0..2, and 0 at the
// goal path; many non-goal nodes have h = 0 too, which Stats must handle.
type sim struct {
	goal          []int
	progressEvery int64

	events []Event
	it     Iteration
	bound  int
	next   int
	nextID uint64
	path   []int
}

func (s *sim) h(path []int) int {
	if slices.Equal(path, s.goal) {
		return 0
	}
	x := uint32(2166136261)
	for _, m := range path {
		x = (x ^ uint32(m+1)) * 16777619
	}
	return int(x>>7) % 3
}

// simRun returns the events of a whole run and the iterations the "engine"
// counted.
func simRun(goal []int, progressEvery int64) ([]Event, []Iteration) {
	s := &sim{goal: goal, progressEvery: progressEvery}
	run := &RunInfo{Puzzle: "sim", Instance: "root", Heuristic: "hash", Algorithm: "ida", Engine: "test",
		StartH: s.h(nil), MoveNames: []string{"a", "A", "b", "B"}, Options: map[string]string{"goal": "fixed"},
		Created: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	s.emit(Event{Kind: KindRunStart, Run: run})
	var its []Iteration
	var total Counts
	s.bound = s.h(nil)
	for iter := 1; ; iter++ {
		s.it = Iteration{Iteration: iter, Bound: s.bound}
		s.emit(Event{Kind: KindIterationStart, Iteration: iter, Bound: s.bound})
		s.next = -1
		s.path = s.path[:0]
		found := s.root()
		s.it.NextBound = s.next
		it := s.it.Clone()
		its = append(its, it)
		total.Add(it.Counts)
		s.emit(Event{Kind: KindIterationEnd, Iteration: iter, Bound: s.bound, Stats: &it})
		if found {
			break
		}
		s.emit(Event{Kind: KindBoundIncrease, Iteration: iter, Bound: s.bound, NewBound: s.next})
		s.bound = s.next
	}
	s.emit(Event{Kind: KindSolution, Moves: slices.Clone(s.path), Cost: len(s.path)})
	s.emit(Event{Kind: KindRunEnd, Status: StatusSolved, Totals: total, Elapsed: 1234567 * time.Nanosecond})
	return s.events, its
}

func (s *sim) emit(e Event) { s.events = append(s.events, e) }

func (s *sim) root() bool {
	h := s.h(nil)
	s.it.Generated++
	bump(&s.it.VisitF, h)
	bump(&s.it.Depth, 0)
	s.nextID++
	s.emit(Event{Kind: KindVisit, Node: s.nextID, F: h, H: h, Move: -1, Iteration: s.it.Iteration, Bound: s.bound})
	if h == 0 && len(s.goal) == 0 {
		return true
	}
	return s.dfs(s.nextID, 0, -1)
}

func (s *sim) dfs(id uint64, depth, prev int) bool {
	s.it.Expanded++
	if s.it.Expanded%s.progressEvery == 0 {
		p := s.it.Clone()
		s.emit(Event{Kind: KindProgress, Iteration: s.it.Iteration, Bound: s.bound, Stats: &p})
	}
	g := depth
	if prev >= 0 {
		s.emit(Event{Kind: KindPrune, Parent: id, Depth: depth + 1, G: g, H: -1, F: -1, Move: prev ^ 1,
			Reason: ReasonMoveRule, Iteration: s.it.Iteration, Bound: s.bound})
	}
	for m := 0; m < 4; m++ {
		if prev >= 0 && m == prev^1 {
			continue
		}
		s.it.Generated++
		child := append(s.path[:depth], m)
		h := s.h(child)
		f := g + 1 + h
		s.nextID++
		e := Event{Kind: KindVisit, Node: s.nextID, Parent: id, Depth: depth + 1, G: g + 1, H: h, F: f, Move: m,
			Iteration: s.it.Iteration, Bound: s.bound}
		if f > s.bound {
			s.it.Pruned++
			if s.next < 0 || f < s.next {
				s.next = f
			}
			bump(&s.it.PruneF, f)
			e.Kind, e.Reason = KindPrune, ReasonBound
			s.emit(e)
			continue
		}
		bump(&s.it.VisitF, f)
		bump(&s.it.Depth, depth+1)
		s.emit(e)
		s.path = child
		if h == 0 && slices.Equal(child, s.goal) {
			return true
		}
		if s.dfs(e.Node, depth+1, m) {
			return true
		}
		s.path = s.path[:depth]
	}
	return false
}
