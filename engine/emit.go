package engine

import (
	"time"

	"idaviz/trace"
)

// DefaultCheckEvery is how many expansions pass between checks of the
// context, the limits and progress when Options.CheckEvery is 0, for every
// search: often enough that a cancelled 15-puzzle search stops within a
// millisecond or two, rarely enough that the checks cost nothing measurable.
const DefaultCheckEvery = 1 << 16

// checkEvery is opt.CheckEvery, or the default.
func (opt *Options) checkEvery() int64 {
	if opt.CheckEvery > 0 {
		return opt.CheckEvery
	}
	return DefaultCheckEvery
}

// emitter sends one run's events to its sink, at the level the sink asked
// for when the run began: the one place where IDA, AStar and ParallelIDA
// decide which events to build. Node events are built by the search loop
// itself, into the same reused Event.
type emitter struct {
	hist  bool // LevelIteration or more: iteration events, histograms, progress
	nodes bool // LevelNode: an event per node
	sink  trace.Sink
	ev    trace.Event // reused for every event, as trace.Sink allows
}

// newEmitter reads the sink's level once; most caps it (ParallelIDA serves
// a node-level sink at LevelIteration). A nil sink gets nothing.
func newEmitter(sink trace.Sink, most trace.Level) emitter {
	e := emitter{sink: sink}
	if sink != nil {
		level := min(sink.Level(), most)
		e.hist = level >= trace.LevelIteration
		e.nodes = level >= trace.LevelNode
	}
	return e
}

// send hands the reused event to the sink.
func (e *emitter) send() { e.sink.Event(&e.ev) }

// runStart fills in what the engine knows of the run and announces it.
func (e *emitter) runStart(algo Algorithm, info trace.RunInfo, d Domain, h0 int, start time.Time) {
	if e.sink == nil {
		return
	}
	info.Algorithm = algo.String()
	info.Engine = Version
	info.StartH = h0
	info.Pathmax = algo == AlgorithmIDA && usesPathmax(d)
	if info.Created.IsZero() {
		info.Created = start.UTC()
	}
	if info.MoveNames == nil {
		info.MoveNames = MoveNames(d)
	}
	e.ev = trace.Event{Kind: trace.KindRunStart, Run: &info}
	e.send()
}

func (e *emitter) iterationStart(iter, bound int) {
	if e.hist {
		e.ev = trace.Event{Kind: trace.KindIterationStart, Iteration: iter, Bound: bound}
		e.send()
	}
}

// progress reports an iteration so far; it.Iteration and it.Bound say which.
func (e *emitter) progress(it *trace.Iteration) {
	if e.hist {
		e.ev = trace.Event{Kind: trace.KindProgress, Iteration: it.Iteration, Bound: it.Bound, Stats: it}
		e.send()
	}
}

func (e *emitter) iterationEnd(it *trace.Iteration) {
	if e.hist {
		e.ev = trace.Event{Kind: trace.KindIterationEnd, Iteration: it.Iteration, Bound: it.Bound, Stats: it}
		e.send()
	}
}

func (e *emitter) boundIncrease(iter, bound, next int) {
	if e.hist {
		e.ev = trace.Event{Kind: trace.KindBoundIncrease, Iteration: iter, Bound: bound, NewBound: next}
		e.send()
	}
}

// end sends the solution, if there is one, and the run's end.
func (e *emitter) end(res *Result) {
	if e.sink == nil {
		return
	}
	if res.Solved() {
		e.ev = trace.Event{Kind: trace.KindSolution, Moves: res.Moves, Cost: res.Cost}
		e.send()
	}
	e.ev = trace.Event{Kind: trace.KindRunEnd, Status: res.Status, Totals: res.Totals, Elapsed: res.Elapsed}
	e.send()
}
