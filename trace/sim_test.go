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
// The hash is not consistent: with pathmax set the sim propagates values
// as the engine does for a Pathmax domain (dfsPathmax), with raise events.
type sim struct {
	goal          []int
	progressEvery int64
	pathmax       bool

	events []Event
	it     Iteration
	bound  int
	next   int
	nextID uint64
	path   []int
	// parents of the visited nodes, for the raise events (pathmax only).
	parents map[uint64]uint64
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
	return (&sim{goal: goal, progressEvery: progressEvery}).run()
}

// simRunPathmax is simRun with bidirectional pathmax.
func simRunPathmax(goal []int, progressEvery int64) ([]Event, []Iteration) {
	return (&sim{goal: goal, progressEvery: progressEvery, pathmax: true, parents: map[uint64]uint64{}}).run()
}

func (s *sim) run() ([]Event, []Iteration) {
	run := &RunInfo{Puzzle: "sim", Instance: "root", Heuristic: "hash", Algorithm: "ida", Engine: "test",
		StartH: s.h(nil), MoveNames: []string{"a", "A", "b", "B"}, Options: map[string]string{"goal": "fixed"},
		Created: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), Pathmax: s.pathmax}
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
	if s.pathmax {
		found, _ := s.dfsPathmax(s.nextID, 0, h, h, -1)
		return found
	}
	return s.dfs(s.nextID, 0, -1)
}

// dfsPathmax is dfs with the engine's bidirectional pathmax: the children's
// values first, then the children judged by their raised f, then the values
// they come back with.
func (s *sim) dfsPathmax(id uint64, depth, own, h, prev int) (bool, int) {
	g := depth
	var moves, hs []int
	for m := 0; m < 4; m++ {
		if prev < 0 || m != prev^1 {
			moves = append(moves, m)
			hs = append(hs, s.h(append(s.path[:depth], m)))
		}
	}
	s.expand(id, depth, prev, &Event{Kind: KindExpand, Node: id, Parent: s.parentOf(id), Depth: depth, G: g, H: own, F: g + h,
		Move: prev, Children: len(moves), Iteration: s.it.Iteration, Bound: s.bound})
	s.it.Generated += int64(len(moves))
	raise := func(v, m int) {
		if v > h {
			h = v
			s.emit(Event{Kind: KindRaise, Node: id, Parent: s.parentOf(id), Depth: depth, G: g, H: h, F: g + h, Move: m,
				Iteration: s.it.Iteration, Bound: s.bound})
		}
	}
	best := 0
	for i := range hs {
		if hs[i] > hs[best] {
			best = i
		}
	}
	raise(hs[best]-1, moves[best])
	for i, m := range moves {
		e, visited := s.child(id, depth, m, hs[i], g+1+max(hs[i], h-1))
		if !visited {
			continue
		}
		s.parents[e.Node] = id
		child := append(s.path[:depth], m)
		s.path = child
		if hs[i] == 0 && slices.Equal(child, s.goal) {
			s.it.Generated -= int64(len(moves) - i - 1)
			return true, h
		}
		found, back := s.dfsPathmax(e.Node, depth+1, e.H, e.F-e.G, m)
		if found {
			s.it.Generated -= int64(len(moves) - i - 1)
			return true, h
		}
		s.path = s.path[:depth]
		raise(back-1, m)
	}
	return false, h
}

// parentOf is the parent of a node the pathmax search visited.
func (s *sim) parentOf(id uint64) uint64 { return s.parents[id] }

// expand counts the expansion of node id, at depth, reached by prev, and
// emits what the engine emits then: progress now and again, the expand
// record when rec is not nil (the pathmax sim writes format 1.2, which has
// it; the plain one writes 1.0's events), and the move the move rule
// forbids.
func (s *sim) expand(id uint64, depth, prev int, rec *Event) {
	s.it.Expanded++
	if s.it.Expanded%s.progressEvery == 0 {
		p := s.it.Clone()
		s.emit(Event{Kind: KindProgress, Iteration: s.it.Iteration, Bound: s.bound, Stats: &p})
	}
	if rec != nil {
		s.emit(*rec)
	}
	if prev >= 0 {
		s.emit(Event{Kind: KindPrune, Parent: id, Depth: depth + 1, G: depth, H: -1, F: -1, Move: prev ^ 1,
			Reason: ReasonMoveRule, Iteration: s.it.Iteration, Bound: s.bound})
	}
}

// child emits the event of node id's child by move m, of heuristic h,
// judged at f, and counts it as pruned or visited; it reports whether it
// was visited.
func (s *sim) child(id uint64, depth, m, h, f int) (Event, bool) {
	s.nextID++
	e := Event{Kind: KindVisit, Node: s.nextID, Parent: id, Depth: depth + 1, G: depth + 1, H: h, F: f, Move: m,
		Iteration: s.it.Iteration, Bound: s.bound}
	if f > s.bound {
		s.it.Pruned++
		if s.next < 0 || f < s.next {
			s.next = f
		}
		bump(&s.it.PruneF, f)
		e.Kind, e.Reason = KindPrune, ReasonBound
		s.emit(e)
		return e, false
	}
	bump(&s.it.VisitF, f)
	bump(&s.it.Depth, depth+1)
	s.emit(e)
	return e, true
}

func (s *sim) dfs(id uint64, depth, prev int) bool {
	s.expand(id, depth, prev, nil)
	g := depth
	for m := 0; m < 4; m++ {
		if prev >= 0 && m == prev^1 {
			continue
		}
		s.it.Generated++
		child := append(s.path[:depth], m)
		h := s.h(child)
		e, visited := s.child(id, depth, m, h, g+1+h)
		if !visited {
			continue
		}
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
