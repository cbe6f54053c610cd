package engine

import (
	"context"
	"errors"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"idaviz/trace"
)

// ErrNotCloner is returned by ParallelIDA for a domain that cannot be copied.
var ErrNotCloner = errors.New("engine: parallel IDA* needs a domain that can be copied (engine.Cloner)")

// splitDepth is the depth at which ParallelIDA cuts the tree into work items:
// for the cube, about 240 subtrees per iteration, enough to keep a few
// workers busy while the biggest subtree is still being searched.
const splitDepth = 2

// ParallelIDA runs IDA* with the tree of each iteration split over workers
// (0: one per CPU). The domain must implement Cloner.
//
// It finds the same solution and reports the same counts as IDA: each
// iteration is cut below the root, at depth 2, into an ordered list of
// subtrees that the workers take in order; the counts of an iteration are
// those of the subtrees in that order up to and including the first one that
// holds a solution, with that subtree's counts up to its solution, exactly
// what the sequential search would have done. Subtrees after it are cancelled
// and their work discarded. (Under a node or time limit the counts are those
// of the work done, which differs from IDA's.)
//
// The sink receives run, iteration, bound and progress events, but no
// per-node events: nodes are visited by several goroutines in no useful
// order, so a sink asking for LevelNode is served as LevelIteration.
// Progress events come from the calling goroutine, as IDA's do, about every
// CheckEvery expansions: when the subtrees finished so far pass another
// multiple of CheckEvery, and when a worker passes CheckEvery expansions
// inside one subtree. Their counts are those of the subtrees finished so
// far, in any order (they may include work the final count discards).
//
// For a domain that asks for pathmax (Pathmax), values propagate as in IDA
// within the split and within each subtree, but not from a subtree back up
// into the split: a value a subtree raises cannot cut the subtrees after it,
// handed out already. The answer is as optimal; the counts may exceed IDA's.
func ParallelIDA(ctx context.Context, d Domain, opt Options, workers int) (Result, error) {
	if d == nil {
		return Result{}, ErrNoDomain
	}
	if _, ok := d.(Cloner); !ok {
		return Result{}, ErrNotCloner
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	p := &parallel{d: d, ctx: ctx, maxNodes: opt.MaxNodes, checkEvery: opt.checkEvery(), workers: workers,
		em: newEmitter(opt.Sink, trace.LevelIteration), checked: make(chan struct{}, 1), bpmx: usesPathmax(d)}
	if opt.Timeout > 0 {
		p.deadline = start.Add(opt.Timeout)
	}
	h0 := d.H()
	p.em.runStart(AlgorithmIDA, opt.Info, d, h0, start)

	var res Result
	bound := h0
	if opt.MaxBound > 0 && h0 > opt.MaxBound {
		res.Status = trace.StatusLimit
	}
	for iter := 1; res.Status == trace.StatusRunning; iter++ {
		p.em.iterationStart(iter, bound)
		it, moves, found, stop := p.iteration(iter, bound, res.Totals.Generated)
		res.Totals.Add(it.Counts)
		res.Iterations = append(res.Iterations, it.Clone())
		p.em.iterationEnd(&it)
		res.Status = afterIteration(found, stop, it.NextBound, opt.MaxBound)
		if found {
			res.Cost = pathCost(d, moves)
			res.Moves = solution(d, moves)
		}
		if res.Status != trace.StatusRunning {
			break
		}
		p.em.boundIncrease(iter, bound, it.NextBound)
		bound = it.NextBound
	}
	res.Elapsed = time.Since(start)
	p.em.end(&res)
	if res.Status == trace.StatusCancelled {
		return res, ctx.Err()
	}
	return res, nil
}

type parallel struct {
	d          Domain
	ctx        context.Context
	deadline   time.Time
	maxNodes   int64
	checkEvery int64
	workers    int
	em         emitter // its level is read by all; it sends only from the calling goroutine
	bpmx       bool    // the domain's Pathmax
	// checked tells the calling goroutine that a worker passed a check:
	// time for a progress event (several checks before it looks make one).
	checked chan struct{}

	// Per iteration.
	bound     int
	genBase   int64
	generated atomic.Int64 // nodes generated in this iteration, updated at checks
	stopped   atomic.Int32 // a trace.Status once a limit or the context stops the run
	first     atomic.Int64 // index of the first item known to hold a solution
	items     []*item
	pending   *tally // counts since the last item, while splitting
	buf       [][]Child
	path      []int
}

// tally is the counting part of an iteration.
type tally struct {
	it   trace.Iteration
	next int
}

func newTally(bound int, hist bool) *tally {
	return &tally{it: newIteration(0, bound, hist), next: unbounded}
}

func (t *tally) add(o *tally) {
	t.it.Counts.Add(o.it.Counts)
	if o.next < t.next {
		t.next = o.next
	}
	t.it.AddHistograms(o.it.VisitF, o.it.PruneF, o.it.Depth)
}

// item is one subtree of an iteration: the node at the end of path.
type item struct {
	path []int
	g    int
	h    int    // the node's value as the split left it (raised by pathmax)
	pre  *tally // what the sequential search counts between the previous item and this one
	// unlooked is how many children of this item's ancestors come after it:
	// the sequential search takes them back from Generated when this item
	// holds its solution.
	unlooked int64
	goal     bool // the node itself is a goal, found while splitting

	t        *tally // the subtree's counts
	complete bool   // searched to the end or to its solution
	found    bool
	sol      []int // below path
}

// iteration runs one bound and returns its counts and the solution, if any.
func (p *parallel) iteration(iter, bound int, genBase int64) (it trace.Iteration, moves []int, found bool, stop trace.Status) {
	p.bound, p.genBase = bound, genBase
	p.generated.Store(0)
	p.first.Store(math.MaxInt64)
	p.items = p.items[:0]
	p.pending = newTally(bound, p.em.hist)
	p.path = p.path[:0]

	// The root, as the sequential search visits it.
	h := p.d.H()
	p.pending.it.Generated++
	if p.em.hist {
		p.pending.it.CountVisit(h, 0)
	}
	if h == 0 && p.d.IsGoal() {
		p.items = append(p.items, &item{pre: p.pending, goal: true})
		p.pending = newTally(bound, p.em.hist)
	} else {
		p.split(0, h, 0, NoMove, 0)
	}
	tail := p.pending
	for i, x := range p.items {
		if x.goal {
			p.first.Store(int64(i))
			break
		}
	}
	p.run(iter)

	total := newTally(bound, p.em.hist)
	for _, x := range p.items {
		total.add(x.pre)
		if x.goal {
			found, moves = true, append([]int{}, x.path...)
			total.it.Generated -= x.unlooked
			break
		}
		if x.t != nil {
			total.add(x.t)
		}
		if !x.complete {
			// A limit stopped the search before this subtree was done: a
			// later solution is not known to be the first.
			break
		}
		if x.found {
			found, moves = true, append(append([]int{}, x.path...), x.sol...)
			total.it.Generated -= x.unlooked
			break
		}
	}
	stop = trace.Status(p.stopped.Load())
	if found {
		stop = trace.StatusRunning
	} else {
		total.add(tail)
	}
	it = total.it
	it.Iteration, it.Bound = iter, bound
	it.NextBound = total.next
	if total.next == unbounded {
		it.NextBound = -1
	}
	return it, moves, found, stop
}

// split walks the tree from the current state, of value h, down to
// splitDepth, counting as the sequential search does, and lists the nodes at
// splitDepth as items. It returns true when it met a goal (the sequential
// search would stop there), and h as it ends (raised by pathmax, for a
// Pathmax domain). unlooked is the ancestors' children after the current
// node.
func (p *parallel) split(g, h, depth, prev int, unlooked int64) (bool, int) {
	if depth >= len(p.buf) {
		p.buf = append(p.buf, make([]Child, p.d.MaxBranch()))
	}
	children := p.buf[depth]
	n := p.d.Expand(prev, children)
	t := p.pending
	t.it.Expanded++
	t.it.Generated += int64(n)
	if p.bpmx {
		h, _ = raised(h, children[:n])
	}
	for i := 0; i < n; i++ {
		c := children[i]
		cg := g + int(c.Cost)
		ch := int(c.H)
		if p.bpmx {
			ch = inherited(&c, h)
		}
		f := cg + ch
		t = p.pending
		if f > p.bound {
			t.it.Pruned++
			if f < t.next {
				t.next = f
			}
			if p.em.hist {
				t.it.CountPrune(f)
			}
			continue
		}
		if p.em.hist {
			t.it.CountVisit(f, depth+1)
		}
		m := int(c.Move)
		p.path = append(p.path[:depth], m)
		after := unlooked + int64(n-i-1)
		p.d.Apply(m)
		var stop bool
		back := ch
		switch {
		case ch == 0 && p.d.IsGoal():
			p.addItem(cg, ch, after, true)
			stop = true
		case depth+1 == splitDepth:
			p.addItem(cg, ch, after, false)
		default:
			stop, back = p.split(cg, ch, depth+1, m, after)
		}
		p.d.Undo(m)
		if stop {
			return true, h
		}
		if p.bpmx {
			h = max(h, back-int(c.Cost))
		}
	}
	return false, h
}

func (p *parallel) addItem(g, h int, unlooked int64, goal bool) {
	p.items = append(p.items, &item{path: append([]int{}, p.path...), g: g, h: h, pre: p.pending, unlooked: unlooked, goal: goal})
	p.pending = newTally(p.bound, p.em.hist)
}

// run searches the items on the workers of iteration iter. Workers hand each
// subtree they finish to this goroutine, which alone talks to the sink.
func (p *parallel) run(iter int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	cl := p.d.(Cloner)
	finished := make(chan *item, len(p.items))
	for w := 0; w < min(p.workers, len(p.items)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{p: p}
			for {
				i := next.Add(1) - 1
				if i >= int64(len(p.items)) || i > p.first.Load() || p.stopped.Load() != 0 {
					return
				}
				x := p.items[i]
				if x.goal {
					continue
				}
				if wk.search(cl.Clone(), i, x) {
					finished <- x
				}
			}
		}()
	}
	if !p.em.hist {
		wg.Wait()
		return
	}
	// finished closes once the workers have ended, after what they sent.
	go func() { wg.Wait(); close(finished) }()
	sofar := newTally(p.bound, true)
	progress := func() {
		st := sofar.it
		st.Iteration, st.Bound = iter, p.bound
		p.em.progress(&st)
	}
	nextAt := p.checkEvery
	add := func(x *item) {
		sofar.add(x.pre)
		sofar.add(x.t)
		if sofar.it.Expanded >= nextAt {
			progress()
			nextAt = (sofar.it.Expanded/p.checkEvery + 1) * p.checkEvery
		}
	}
	for {
		select {
		case x, ok := <-finished:
			if !ok {
				// A check the last worker told of counts too, so that the
				// events follow the expansions, not the scheduler.
				select {
				case <-p.checked:
					progress()
				default:
				}
				return
			}
			add(x)
		case <-p.checked:
			progress()
		}
	}
}

// worker searches items below the split with the sequential search's own
// depth-first loop (ida.dfs), or the domain's SubtreeIterator when it has
// one, without per-node events; its checks look at the other workers too.
type worker struct {
	p       *parallel
	s       ida
	index   int64
	lastGen int64
	discard bool
}

// search searches item x, the index-th, and reports whether its counts are
// kept (false when it was cancelled).
func (w *worker) search(d Domain, index int64, x *item) bool {
	w.index, w.discard, w.lastGen = index, false, 0
	s := &w.s
	// The worker counts histograms as the run's emitter asks, but has no
	// sink of its own: its checks go to w.check, never to a progress event.
	s.d, s.bound, s.em.hist, s.next, s.bpmx = d, w.p.bound, w.p.em.hist, unbounded, w.p.bpmx
	s.it = newIteration(0, w.p.bound, w.p.em.hist)
	s.checkEvery, s.checkAt, s.onCheck = w.p.checkEvery, w.p.checkEvery, w.check
	s.path = nil
	for _, m := range x.path {
		d.Apply(m)
	}
	prev := NoMove
	if len(x.path) > 0 {
		prev = x.path[len(x.path)-1]
	}
	var stopped, found bool
	// A SubtreeIterator is not told the value pathmax gave the item.
	if si, ok := d.(SubtreeIterator); ok && !s.bpmx {
		stopped, found = w.below(si, x, prev)
	} else {
		stopped, _ = s.dfs(x.g, x.h, len(x.path), prev)
		found = stopped && s.path != nil
	}
	if w.discard {
		return false
	}
	x.t = &tally{it: s.it, next: s.next}
	x.complete = !stopped || found
	if found {
		x.found = true
		x.sol = s.path[len(x.path):]
		for {
			f := w.p.first.Load()
			if index >= f || w.p.first.CompareAndSwap(f, index) {
				break
			}
		}
	}
	return true
}

// below searches item x with the domain's own SubtreeIterator, leaving in
// w.s what dfs would: the counts, the next bound and the path to a solution.
func (w *worker) below(si SubtreeIterator, x *item, prev int) (stopped, found bool) {
	s := &w.s
	var hist *trace.Iteration
	if s.em.hist {
		hist = &s.it
	}
	moves, next, counts, stopped := si.IterateBelow(x.g, len(x.path), prev, s.bound, hist, s.checkEvery, func(c trace.Counts) bool {
		s.it.Counts = c
		return w.check()
	})
	s.it.Counts = counts
	if next >= 0 {
		s.next = next
	}
	if moves != nil {
		s.path = append(append([]int{}, x.path...), moves...)
		return true, true
	}
	return stopped, false
}

// check runs every CheckEvery expansions: an earlier item's solution, limits,
// cancellation.
func (w *worker) check() bool {
	p := w.p
	gen := p.generated.Add(w.s.it.Generated - w.lastGen)
	w.lastGen = w.s.it.Generated
	if p.em.hist {
		select {
		case p.checked <- struct{}{}:
		default:
		}
	}
	var st trace.Status
	switch {
	case p.first.Load() < w.index:
		w.discard = true
		return true
	case p.stopped.Load() != 0:
		w.discard = true
		return true
	case p.maxNodes > 0 && p.genBase+gen >= p.maxNodes:
		st = trace.StatusLimit
	case !p.deadline.IsZero() && time.Now().After(p.deadline):
		st = trace.StatusLimit
	case p.ctx != nil && p.ctx.Err() != nil:
		st = trace.StatusCancelled
	default:
		return false
	}
	p.stopped.CompareAndSwap(0, int32(st))
	return true
}
