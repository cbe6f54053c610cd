package trace

import (
	"math"
	"sync"
	"time"
)

// A trace is untrusted input: its framing is checked by the reader, but its
// values may claim anything. These bound what a Stats keeps, whatever they
// claim (FORMAT.md, "Untrusted values").
const (
	// keptIterations is how many finished iterations a Stats lists; later
	// ones count in the totals only. A real IDA* run has tens.
	keptIterations = 1 << 10
	// keptCells bounds the histogram entries of all listed iterations
	// together (4 MiB of counts): beyond it, an iteration is listed with
	// its histograms cut to what is left.
	keptCells = 1 << 19
)

// Stats is a Sink that folds events into what the charts show: per-iteration
// counts and histograms, run totals, the solution. It is safe for concurrent
// use: the engine's goroutine calls Event while another calls Snapshot.
//
// Progress events carry the engine's counts of the running iteration and
// iteration-end events its final ones; both replace what Stats had. Visit and
// prune events (from a LevelNode run or a recorded trace) update the current
// iteration one node at a time, so that folding only the node events of an
// iteration gives the engine's counts; once an iteration has node events,
// its progress events are ignored: the node events are the finer account.
type Stats struct {
	level Level
	now   func() time.Time // the clock for Elapsed while running; tests replace it

	mu      sync.Mutex
	events  int64
	run     *RunInfo
	status  Status
	iter    int
	bound   int
	cur     Iteration
	open    bool // cur is an iteration that has not ended
	nodeFed bool // cur's counts come from node events
	// pending is set when the last visit had h = 0: the engine asks such a
	// node whether it is a goal and, if so, stops without expanding it. Any
	// node event after it shows the search went on, so it was expanded.
	pending  bool
	iters    []Iteration
	omitted  int    // finished iterations beyond keptIterations
	cells    int    // histogram entries in iters
	unbinned int64  // counts outside any histogram: values beyond histLimit or keptCells
	done     Counts // the sum of finished iterations, listed or not
	solution []int
	cost     int
	started  time.Time
	elapsed  time.Duration
	ended    bool
	runTotal *Counts // the run-end event's totals, which are authoritative
}

// NewStats returns a Stats that asks for LevelIteration: counts, histograms
// and progress, no per-node events.
func NewStats() *Stats { return &Stats{level: LevelIteration, now: time.Now} }

// NewNodeStats returns a Stats that asks for LevelNode, for a run that is
// stepped node by node or whose nodes are drawn anyway.
func NewNodeStats() *Stats { return &Stats{level: LevelNode, now: time.Now} }

// Level reports the level given at construction.
func (s *Stats) Level() Level { return s.level }

// Snapshot is a deep copy of what a Stats has folded so far.
type Snapshot struct {
	Run        *RunInfo      `json:"run,omitempty"`
	Status     Status        `json:"-"`
	StatusName string        `json:"status"`
	Iteration  int           `json:"iteration"` // current (or last) iteration number
	Bound      int           `json:"bound"`
	Current    Iteration     `json:"current"`            // the iteration in progress, or the last one
	Iterations []Iteration   `json:"iterations"`         // finished iterations, the first 1024
	Omitted    int           `json:"omitted,omitempty"`  // finished iterations not in Iterations
	Unbinned   int64         `json:"unbinned,omitempty"` // counts left out of the histograms: values of 65,536 and more, or beyond what Stats keeps
	Totals     Counts        `json:"totals"`             // all iterations, incl. the current one so far
	Solution   []int         `json:"solution,omitempty"`
	Cost       int           `json:"cost"`
	Elapsed    time.Duration `json:"-"`
	Seconds    float64       `json:"seconds"`
	Events     int64         `json:"events"` // events folded
}

// Event folds e into the statistics. It keeps nothing of e.
func (s *Stats) Event(e *Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.events++
	switch e.Kind {
	case KindRunStart:
		s.reset()
		if e.Run != nil {
			s.run = cloneRun(e.Run)
		}
		if s.now != nil {
			s.started = s.now()
		}
	case KindIterationStart:
		s.abandon()
		s.begin(e.Iteration, e.Bound)
	case KindVisit, KindPrune:
		s.node(e)
	case KindBoundIncrease:
		s.bound = e.NewBound
	case KindProgress:
		s.ensure(e.Iteration, e.Bound)
		s.bound = e.Bound
		if !s.nodeFed && e.Stats != nil {
			s.copyIteration(e.Stats)
			s.pending = false
		}
	case KindIterationEnd:
		s.ensure(e.Iteration, e.Bound)
		s.bound = e.Bound
		if e.Stats != nil {
			s.copyIteration(e.Stats)
		} else {
			// A pending node is taken for the goal that ended the iteration.
			s.cur.NextBound = nextBound(&s.cur)
		}
		s.finish()
	case KindSolution:
		s.solution = append(s.solution[:0], e.Moves...)
		s.cost = e.Cost
	case KindRunEnd:
		s.status = e.Status
		s.elapsed = e.Elapsed
		s.ended = true
		t := e.Totals
		s.runTotal = &t
	}
}

// reset forgets everything but the event count: a new run starts.
func (s *Stats) reset() {
	s.run, s.status, s.iter, s.bound = nil, StatusRunning, 0, 0
	s.cur = Iteration{VisitF: s.cur.VisitF[:0], PruneF: s.cur.PruneF[:0], Depth: s.cur.Depth[:0]}
	s.open, s.nodeFed, s.pending = false, false, false
	s.iters, s.omitted, s.cells, s.unbinned, s.done = nil, 0, 0, 0, Counts{}
	s.solution, s.cost = nil, 0
	s.started, s.elapsed, s.ended, s.runTotal = time.Time{}, 0, false, nil
}

// begin starts iteration n with the given bound, reusing cur's histograms.
func (s *Stats) begin(n, bound int) {
	s.cur = Iteration{Iteration: n, Bound: bound,
		VisitF: s.cur.VisitF[:0], PruneF: s.cur.PruneF[:0], Depth: s.cur.Depth[:0]}
	s.iter, s.bound = n, bound
	s.open, s.nodeFed, s.pending = true, false, false
}

// ensure makes iteration n current, for streams that lack iteration starts
// (a node-level excerpt, a trace cut at the front).
func (s *Stats) ensure(n, bound int) {
	if s.open && s.cur.Iteration == n {
		return
	}
	s.abandon()
	s.begin(n, bound)
}

// abandon files an open iteration that another one follows without an
// iteration-end event, deriving what that event would have said. As the
// search went on, a pending node was not a goal: it was expanded.
func (s *Stats) abandon() {
	if !s.open {
		return
	}
	if s.pending {
		s.cur.Expanded++
	}
	s.cur.NextBound = nextBound(&s.cur)
	s.finish()
}

// finish files cur among the finished iterations; cur stays visible as the
// last one until the next begins. What is kept is bounded whatever a trace
// claims: at most keptIterations listed, keptCells histogram entries in all.
func (s *Stats) finish() {
	s.done.Add(s.cur.Counts)
	s.open, s.nodeFed, s.pending = false, false, false
	if len(s.iters) >= keptIterations {
		s.omitted++
		return
	}
	it := s.cur
	it.VisitF, it.PruneF, it.Depth = s.keep(s.cur.VisitF), s.keep(s.cur.PruneF), s.keep(s.cur.Depth)
	s.iters = append(s.iters, it)
}

// keep copies a histogram for a listed iteration: without its trailing
// zeros, and cut to the entries keptCells has left.
func (s *Stats) keep(h []int64) []int64 {
	n := len(h)
	for n > 0 && h[n-1] == 0 {
		n--
	}
	if room := keptCells - s.cells; n > room {
		for _, c := range h[room:n] {
			s.unbinned += c
		}
		n = room
	}
	if n == 0 {
		return nil
	}
	s.cells += n
	return append([]int64(nil), h[:n]...)
}

func (s *Stats) node(e *Event) {
	s.ensure(e.Iteration, e.Bound)
	s.bound = e.Bound
	if s.pending {
		s.cur.Expanded++
		s.pending = false
	}
	s.nodeFed = true
	switch {
	case e.Kind == KindVisit:
		s.cur.Generated++
		s.bin(&s.cur.VisitF, e.F)
		s.bin(&s.cur.Depth, e.Depth)
		if e.H == 0 {
			s.pending = true
		} else {
			s.cur.Expanded++
		}
	case e.Reason == ReasonBound:
		s.cur.Generated++
		s.cur.Pruned++
		s.bin(&s.cur.PruneF, e.F)
	}
	// A move-rule prune was never generated: it counts nothing, but it shows
	// that its parent was expanded, which resolved pending above.
}

// bin counts value i in h, or among the unbinned when it is out of range.
func (s *Stats) bin(h *[]int64, i int) {
	if !bump(h, i) {
		s.unbinned++
	}
}

// nextBound is the smallest f that was cut, -1 when none was: what the
// engine reports at the end of an iteration, derived from the histogram.
func nextBound(it *Iteration) int {
	for f, n := range it.PruneF {
		if n > 0 {
			return f
		}
	}
	return -1
}

// copyIteration makes src, an engine's or a file's statistics, the current
// iteration, reusing its histograms; entries beyond histLimit are counted
// as unbinned, so that a recorded histogram of millions of entries costs
// no more than one grown from node events.
func (s *Stats) copyIteration(src *Iteration) {
	dst := &s.cur
	v, p, d := dst.VisitF, dst.PruneF, dst.Depth
	*dst = *src
	dst.VisitF = append(v[:0], s.capped(src.VisitF)...)
	dst.PruneF = append(p[:0], s.capped(src.PruneF)...)
	dst.Depth = append(d[:0], s.capped(src.Depth)...)
}

func (s *Stats) capped(h []int64) []int64 {
	if len(h) <= histLimit {
		return h
	}
	for _, c := range h[histLimit:] {
		s.unbinned += c
	}
	return h[:histLimit]
}

// Snapshot returns a deep copy of the statistics: the caller may keep and
// change it freely.
func (s *Stats) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := Snapshot{
		Status:     s.status,
		StatusName: s.status.String(),
		Iteration:  s.iter,
		Bound:      s.bound,
		Current:    s.cur.Clone(),
		Iterations: make([]Iteration, len(s.iters)),
		Omitted:    s.omitted,
		Unbinned:   s.unbinned,
		Totals:     s.done,
		Cost:       s.cost,
		Events:     s.events,
	}
	if s.run != nil {
		snap.Run = cloneRun(s.run)
	}
	for i := range s.iters {
		snap.Iterations[i] = s.iters[i].Clone()
	}
	if s.open {
		// The engine sets NextBound only at the end; so far it is the
		// smallest f cut.
		snap.Totals.Add(s.cur.Counts)
		snap.Current.NextBound = nextBound(&s.cur)
	}
	if s.runTotal != nil {
		snap.Totals = *s.runTotal
	}
	if len(s.solution) > 0 {
		snap.Solution = append([]int(nil), s.solution...)
	}
	switch {
	case s.ended:
		snap.Elapsed = s.elapsed
	case !s.started.IsZero() && s.now != nil:
		snap.Elapsed = s.now().Sub(s.started)
	}
	snap.Seconds = snap.Elapsed.Seconds()
	return snap
}

// EBF is the run's effective branching factor: the b for which a uniform tree
// as deep as the solution holds as many nodes as were generated. It is 0
// without a solution.
func (s *Snapshot) EBF() float64 {
	return EffectiveBranching(s.Totals.Generated, len(s.Solution))
}

// Growth is the ratio of each finished iteration's generated nodes to the
// previous one's, which for IDA* tends to the heuristic branching factor:
// Growth()[i] compares Iterations[i+1] with Iterations[i] (0 when the
// earlier one generated nothing).
func (s *Snapshot) Growth() []float64 { return Growth(s.Iterations) }

// Growth returns, for each iteration after the first, its generated nodes
// divided by those of the iteration before (0 when that one generated none).
func Growth(its []Iteration) []float64 {
	if len(its) < 2 {
		return nil
	}
	g := make([]float64, len(its)-1)
	for i := 1; i < len(its); i++ {
		if prev := its[i-1].Generated; prev > 0 {
			g[i-1] = float64(its[i].Generated) / float64(prev)
		}
	}
	return g
}

// The bisection EffectiveBranching runs: at most EBFSteps halvings, until
// the interval is under EBFTolerance. The exported replay's state builder
// (web/static/replaystate.js) solves the same equation with these, from
// shared.js, so the two print the same EBF.
const (
	EBFSteps     = 200
	EBFTolerance = 1e-9
)

// EffectiveBranching solves N = b + b^2 + ... + b^d for b: the branching
// factor of a uniform tree of depth d holding n nodes. It is 0 when d or n
// is not positive. The engine's Result.EBF and Snapshot.EBF both use it.
func EffectiveBranching(n int64, d int) float64 {
	if d <= 0 || n <= 0 {
		return 0
	}
	sum := func(b float64) float64 {
		s, p := 0.0, 1.0
		for i := 0; i < d; i++ {
			p *= b
			s += p
			if s > float64(n) {
				break // already too big; also keeps huge d from overflowing
			}
		}
		return s
	}
	lo, hi := 0.0, math.Max(1, float64(n))
	for i := 0; i < EBFSteps && hi-lo > EBFTolerance; i++ {
		mid := (lo + hi) / 2
		if sum(mid) < float64(n) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// EqualIterations reports whether a and b hold the same numbers, ignoring
// trailing zeros in the histograms: the engine sizes its arrays ahead of
// need, while a Stats folding node events grows them as values arrive.
func EqualIterations(a, b Iteration) bool {
	return a.Iteration == b.Iteration && a.Bound == b.Bound && a.NextBound == b.NextBound &&
		a.Counts == b.Counts && sameHist(a.VisitF, b.VisitF) && sameHist(a.PruneF, b.PruneF) &&
		sameHist(a.Depth, b.Depth)
}

func sameHist(a, b []int64) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	for i, n := range b {
		if i < len(a) && a[i] != n || i >= len(a) && n != 0 {
			return false
		}
	}
	return true
}
