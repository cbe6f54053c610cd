package engine

import (
	"context"
	"errors"
	"math"
	"time"

	"idaviz/internal/eventloop"
	"idaviz/trace"
)

// Options limit and observe a search. The zero value searches without limits
// and without observers.
type Options struct {
	// MaxNodes stops the search once this many nodes were generated (0: no limit).
	MaxNodes int64
	// MaxBound stops IDA* before an iteration whose bound would exceed it,
	// and A* before it expands a node with a greater f (0: no limit).
	MaxBound int
	// Timeout stops the search after this long (0: no limit).
	Timeout time.Duration
	// Sink receives the run's events (nil: none).
	Sink trace.Sink
	// Info is the metadata of the run-start event; the engine fills in
	// Algorithm, Engine, StartH, MoveNames and Created.
	Info trace.RunInfo
	// MaxMemory is how many bytes A* may hold in stored states and its open
	// list (0: no limit); past it A* stops with a *MemoryError. IDA* holds
	// only its path, and ignores it.
	MaxMemory int64
	// Memory, when set, is a budget A* shares with other searches (see
	// Memory); it stops when the budget is full, as at MaxMemory. IDA*
	// charges it with the states its domain keeps (StateKeeper), and
	// stops the same way when they do not fit.
	Memory *Memory
	// CheckEvery is how many expansions pass between checks of the context,
	// the limits, and progress events (0: DefaultCheckEvery).
	CheckEvery int64
}

// Result is what a search found and what it cost.
type Result struct {
	Status     trace.Status
	Moves      []int // the solution's moves, when Status is trace.StatusSolved
	Cost       int   // the solution's cost
	Iterations []trace.Iteration
	Totals     trace.Counts
	Elapsed    time.Duration
	// A* only: the most nodes that were on the open list at once, and how
	// many distinct states were stored in all.
	PeakOpen int
	Stored   int
}

// Solved reports whether a solution was found.
func (r *Result) Solved() bool { return r.Status == trace.StatusSolved }

// NodesPerSecond is the generation rate of the run.
func (r *Result) NodesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Totals.Generated) / r.Elapsed.Seconds()
}

// EBF is the effective branching factor: the b for which a uniform tree of
// the solution's depth d holds as many nodes as were generated,
// N = b + b^2 + ... + b^d. It is 0 when there is no solution of depth > 0.
func (r *Result) EBF() float64 {
	return trace.EffectiveBranching(r.Totals.Generated, len(r.Moves))
}

// ErrNoDomain is returned when the domain is nil.
var ErrNoDomain = errors.New("engine: nil domain")

const unbounded = math.MaxInt

// ida is one IDA* run. The hot fields sit together at the top.
type ida struct {
	d      Domain
	bound  int
	next   int
	it     trace.Iteration
	buf    [][]Child
	path   []int // the solution, once found
	em     emitter
	ids    []uint64 // the node ids along the path, for node events
	hs     []int    // and their h
	nextID uint64
	cuts   []int
	bpmx   bool // the domain's Pathmax: dfs runs bidirectional pathmax

	checkAt    int64 // expansions at which to check next
	checkEvery int64
	maxNodes   int64
	genBase    int64 // nodes generated before this iteration
	ctx        context.Context
	deadline   time.Time
	stop       trace.Status // set when a limit or the context stops the run
	// kept, when the domain keeps the states it meets, has their bytes
	// charged to shared; memErr says when they did not fit.
	kept   StateKeeper
	shared account
	memErr error
	// onCheck, when set, replaces the checks of limits and progress (a
	// parallel worker checks the shared state instead).
	onCheck func() bool
}

// IDA runs iterative-deepening A* from the domain's current state. The first
// bound is h of the start; each iteration is a depth-first search cut where
// f = g + h exceeds the bound; the next bound is the smallest f that was cut.
//
// When the search is cancelled through ctx, IDA returns the result so far,
// with Status trace.StatusCancelled, and ctx's error.
func IDA(ctx context.Context, d Domain, opt Options) (Result, error) {
	if d == nil {
		return Result{}, ErrNoDomain
	}
	start := time.Now()
	s := &ida{d: d, em: newEmitter(opt.Sink, trace.LevelNode), ctx: ctx, maxNodes: opt.MaxNodes, checkEvery: opt.checkEvery(), bpmx: usesPathmax(d)}
	if opt.Timeout > 0 {
		s.deadline = start.Add(opt.Timeout)
	}
	if k, ok := d.(StateKeeper); ok && opt.Memory != nil {
		s.kept, s.shared = k, account{m: opt.Memory}
		defer s.shared.close()
	}
	h0 := d.H()
	s.em.runStart(AlgorithmIDA, opt.Info, d, h0, start)

	var res Result
	s.bound = h0
	if opt.MaxBound > 0 && h0 > opt.MaxBound {
		res.Status = trace.StatusLimit
	}
	for iter := 1; res.Status == trace.StatusRunning; iter++ {
		s.it = newIteration(iter, s.bound, s.em.hist)
		s.em.iterationStart(iter, s.bound)
		s.next = unbounded
		s.genBase = res.Totals.Generated
		s.checkAt = s.interval()
		s.path = nil
		var found bool
		if it, ok := d.(Iterator); ok && !s.em.nodes {
			found = s.delegate(it)
		} else {
			found = s.root() && s.stop == trace.StatusRunning
		}
		s.it.NextBound = s.next
		if s.next == unbounded {
			s.it.NextBound = -1
		}
		res.Totals.Add(s.it.Counts)
		res.Iterations = append(res.Iterations, s.it.Clone())
		s.em.iterationEnd(&s.it)
		res.Status = afterIteration(found, s.stop, s.it.NextBound, opt.MaxBound)
		if found {
			res.Cost = pathCost(d, s.path)
			res.Moves = solution(d, s.path)
		}
		if res.Status != trace.StatusRunning {
			break
		}
		s.em.boundIncrease(iter, s.bound, s.next)
		s.bound = s.next
	}
	res.Elapsed = time.Since(start)
	s.em.end(&res)
	if res.Status == trace.StatusCancelled {
		return res, ctx.Err()
	}
	return res, s.memErr
}

// newIteration is the counts of iteration iter, with histograms sized for
// its bound when hist (a prune's f may exceed that: CountPrune grows them).
func newIteration(iter, bound int, hist bool) trace.Iteration {
	it := trace.Iteration{Iteration: iter, Bound: bound}
	if hist {
		it.VisitF = make([]int64, bound+2)
		it.PruneF = make([]int64, bound+2)
		it.Depth = make([]int64, bound+2)
	}
	return it
}

// afterIteration is how a run stands once an iteration has ended: solved,
// stopped by a limit or the context, exhausted (nothing was cut, so there is
// no next bound), over the bound limit, or still running.
func afterIteration(found bool, stop trace.Status, next, maxBound int) trace.Status {
	switch {
	case found:
		return trace.StatusSolved
	case stop != trace.StatusRunning:
		return stop
	case next < 0:
		return trace.StatusExhausted
	case maxBound > 0 && next > maxBound:
		return trace.StatusLimit
	}
	return trace.StatusRunning
}

// MoveNames lists the names of a domain's moves by index.
func MoveNames(d Domain) []string {
	names := make([]string, d.NumMoves())
	for i := range names {
		names[i] = d.MoveName(i)
	}
	return names
}

// pathCost is the cost of path from d's current state, where d is left.
func pathCost(d Domain, path []int) int {
	// Costs are only known from Expand: replay the path from the start,
	// then take it back.
	defer func() {
		for i := len(path) - 1; i >= 0; i-- {
			d.Undo(path[i])
		}
	}()
	cost := 0
	buf := make([]Child, d.MaxBranch())
	prev := NoMove
	for _, m := range path {
		n := d.Expand(prev, buf)
		for _, c := range buf[:n] {
			if int(c.Move) == m {
				cost += int(c.Cost)
				break
			}
		}
		d.Apply(m)
		prev = m
	}
	return cost
}

// root visits the start state: it is generated (and visited) once per
// iteration, so an iteration's counts are 1 + the children generated.
func (s *ida) root() bool {
	h := s.d.H()
	s.it.Generated++
	if s.em.hist {
		s.it.CountVisit(h, 0)
	}
	if s.em.nodes {
		s.nextID++
		s.ids = append(s.ids[:0], s.nextID)
		s.hs = append(s.hs[:0], h)
		s.em.ev = trace.Event{Kind: trace.KindVisit, Node: s.nextID, Depth: 0, G: 0, H: h, F: h, Move: NoMove, Iteration: s.it.Iteration, Bound: s.bound}
		s.em.send()
	}
	if h == 0 && s.d.IsGoal() {
		s.path = []int{}
		return true
	}
	stop, _ := s.dfs(0, h, 0, NoMove)
	return stop
}

// dfs expands the current state, at depth with cost g, reached by prev, of
// value h as its parent left it. It returns true when the search must stop:
// a goal was found (s.path is then the path to it) or s.stop is set. Either
// way every frame undoes its move on the way out, so the domain ends where
// it started. It also returns h as the node ends: raised, with bidirectional
// pathmax (s.bpmx, see Pathmax), by the largest of its children's h less
// the move's cost before any child is visited, and by the value a visited
// child comes back with less the cost; a child is then judged by f = its g
// plus the larger of its own h and the node's h less the cost (its event
// carries its own h and that f). Once g + h exceeds the bound, every child
// left is cut by that rule: counted as pruned at its raised f, not visited.
func (s *ida) dfs(g, h, depth int, prev int) (bool, int) {
	for depth >= len(s.buf) {
		s.buf = append(s.buf, make([]Child, s.d.MaxBranch()))
	}
	children := s.buf[depth]
	n := s.d.Expand(prev, children)
	s.it.Expanded++
	s.it.Generated += int64(n)
	if s.it.Expanded >= s.checkAt && s.check() || s.kept != nil && s.outOfMemory() {
		s.it.Generated -= int64(n) // none of them was looked at
		return true, h
	}
	if s.em.nodes {
		s.emitExpand(g, h, depth, prev, n)
		s.emitCuts(g, depth, prev)
	}
	if s.bpmx {
		var by int
		h, by = raised(h, children[:n])
		if by >= 0 && s.em.nodes {
			s.emitRaise(g, h, depth, int(children[by].Move))
		}
	}
	bound := s.bound
	for i := 0; i < n; i++ {
		c := &children[i]
		cg := g + int(c.Cost)
		ch := int(c.H)
		if s.bpmx {
			ch = inherited(c, h)
		}
		f := cg + ch
		if f > bound {
			s.it.Pruned++
			if f < s.next {
				s.next = f
			}
			if s.em.hist {
				s.countPrune(c, cg, f, depth)
			}
			continue
		}
		if s.em.hist {
			s.countVisit(c, cg, f, depth)
		}
		m := int(c.Move)
		s.d.Apply(m)
		var stop bool
		back := ch
		if ch == 0 && s.d.IsGoal() {
			s.path = make([]int, depth+1)
			stop = true
		} else {
			stop, back = s.dfs(cg, ch, depth+1, m)
		}
		s.d.Undo(m)
		if stop {
			if s.path != nil {
				s.path[depth] = m
			}
			// Generated means offered and looked at: the children after
			// this one never were.
			s.it.Generated -= int64(n - i - 1)
			return true, h
		}
		if v := back - int(c.Cost); s.bpmx && v > h {
			h = v
			if s.em.nodes {
				s.emitRaise(g, h, depth, m)
			}
		}
	}
	return false, h
}

// emitRaise reports that BPMX raised the value of the node on the path at
// depth to h, through the child reached by move.
func (s *ida) emitRaise(g, h, depth, move int) {
	var parent uint64
	if depth > 0 {
		parent = s.ids[depth-1]
	}
	s.em.ev = trace.Event{Kind: trace.KindRaise, Node: s.ids[depth], Parent: parent, Depth: depth,
		G: g, H: h, F: g + h, Move: move, Iteration: s.it.Iteration, Bound: s.bound}
	s.em.send()
}

// countPrune adds child c, at cost g and depth+1, cut at f, to the
// histograms and tells a node-level sink. The loops count the prune itself
// and keep the next bound, inline.
func (s *ida) countPrune(c *Child, g, f, depth int) {
	s.it.CountPrune(f)
	if s.em.nodes {
		s.emitNode(trace.KindPrune, c, g, f, depth)
	}
}

// countVisit is countPrune for child c visited at f.
func (s *ida) countVisit(c *Child, g, f, depth int) {
	s.it.CountVisit(f, depth+1)
	if s.em.nodes {
		s.emitNode(trace.KindVisit, c, g, f, depth)
	}
}

func (s *ida) emitNode(k trace.Kind, c *Child, g, f, depth int) {
	s.nextID++
	s.em.ev = trace.Event{Kind: k, Node: s.nextID, Parent: s.ids[depth], Depth: depth + 1,
		G: g, H: int(c.H), F: f, Move: int(c.Move), Iteration: s.it.Iteration, Bound: s.bound}
	if k == trace.KindPrune {
		s.em.ev.Reason = trace.ReasonBound
	} else {
		s.ids = append(s.ids[:depth+1], s.nextID)
		s.hs = append(s.hs[:depth+1], int(c.H))
	}
	s.em.send()
}

// emitExpand says that the node at depth, the last visited, generates n
// children: with it a reader knows how many of them are still to come. Its
// h is the node's own, f = g + judged (judged is more than its own h when
// pathmax gave it an inherited value, as its visit says).
func (s *ida) emitExpand(g, judged, depth, prev, n int) {
	var parent uint64
	if depth > 0 {
		parent = s.ids[depth-1]
	}
	s.em.ev = trace.Event{Kind: trace.KindExpand, Node: s.ids[depth], Parent: parent, Depth: depth,
		G: g, H: s.hs[depth], F: g + judged, Move: prev, Children: n, Iteration: s.it.Iteration, Bound: s.bound}
	s.em.send()
}

func (s *ida) emitCuts(g, depth, prev int) {
	rc, ok := s.d.(RuleCutter)
	if !ok || prev == NoMove {
		return
	}
	if cap(s.cuts) < s.d.NumMoves() {
		s.cuts = make([]int, s.d.NumMoves())
	}
	n := rc.Cut(prev, s.cuts[:cap(s.cuts)])
	for _, m := range s.cuts[:n] {
		s.em.ev = trace.Event{Kind: trace.KindPrune, Parent: s.ids[depth], Depth: depth + 1,
			G: g, H: -1, F: -1, Move: m, Reason: trace.ReasonMoveRule, Iteration: s.it.Iteration, Bound: s.bound}
		s.em.send()
	}
}

// delegate runs the iteration through the domain's own Iterator.
func (s *ida) delegate(it Iterator) bool {
	var hist *trace.Iteration
	if s.em.hist {
		hist = &s.it
	}
	moves, next, counts, stopped := it.Iterate(s.bound, hist, s.interval(), func(c trace.Counts) bool {
		s.it.Counts = c
		return s.limitedOrProgress()
	})
	s.it.Counts = counts
	s.next = next
	if next < 0 {
		s.next = unbounded
	}
	if stopped || moves == nil {
		return false
	}
	s.path = moves
	return true
}

// check runs every CheckEvery expansions: limits, cancellation, progress.
func (s *ida) check() bool {
	s.checkAt = s.it.Expanded + s.interval()
	if s.onCheck != nil {
		return s.onCheck()
	}
	return s.limitedOrProgress()
}

// limitedOrProgress reports whether a limit stops the run, and otherwise
// tells a sink that wants it how the iteration is going.
func (s *ida) limitedOrProgress() bool {
	if s.limited() {
		return true
	}
	s.em.progress(&s.it)
	return false
}

// interval is how many expansions may pass before the next check:
// CheckEvery, or fewer when a node limit is near, so that a small limit
// stops the search close to where it says.
func (s *ida) interval() int64 {
	n := s.checkEvery
	if s.maxNodes > 0 {
		left := (s.maxNodes - s.genBase - s.it.Generated) / int64(max(1, s.d.MaxBranch()))
		n = min(n, max(1, left))
	}
	return n
}

// outOfMemory charges the states the domain keeps to the shared budget,
// and reports whether they did not fit (or the context ended meanwhile),
// setting s.stop. An expansion can keep hundreds of new states, so it is
// asked after each, not every CheckEvery.
func (s *ida) outOfMemory() bool {
	held := s.kept.HeldBytes()
	if s.shared.cover(s.ctx, held) {
		return false
	}
	s.stop = trace.StatusLimit
	if s.ctx != nil && s.ctx.Err() != nil {
		s.stop = trace.StatusCancelled
	} else {
		s.memErr = &MemoryError{Budget: s.shared.m.limit, Shared: s.shared.m.name, Kept: held}
	}
	return true
}

// limited reports whether a limit or the context stops the run, and sets
// s.stop to say which.
func (s *ida) limited() bool {
	eventloop.Yield()
	if s.maxNodes > 0 && s.genBase+s.it.Generated >= s.maxNodes {
		s.stop = trace.StatusLimit
	} else if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stop = trace.StatusLimit
	} else if s.ctx != nil && s.ctx.Err() != nil {
		s.stop = trace.StatusCancelled
	}
	return s.stop != trace.StatusRunning
}
