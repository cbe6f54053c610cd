// Package enginetest checks a domain's fast paths against the engine's own
// loop, in the manner of testing/slogtest: a domain that runs its
// iterations itself (engine.Iterator, engine.SubtreeIterator) or asks for
// pathmax (engine.Pathmax) promises what the engine's loop over Expand,
// Apply and Undo would give, and one check, run by every such domain's
// tests, holds it to that.
package enginetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/trace"
)

// LoopOnly is d as the engine's own loop sees it: its Iterator and
// SubtreeIterator hidden, so IDA and ParallelIDA run their loop over
// Expand, Apply and Undo, as they do whenever a sink wants per-node
// events. What changes what that loop finds is passed on: Pathmax,
// TwoEnded's Solution and RuleCutter's Cut (a domain without them answers
// as if it had none), and Snapshotter and Cloner when d has them, a clone
// being loop-only too. Benchmarks use it for the speed of a watched search.
func LoopOnly(d engine.Domain) engine.Domain {
	l := loop{d}
	sn, snaps := d.(engine.Snapshotter)
	_, clones := d.(engine.Cloner)
	switch {
	case snaps && clones:
		return loopSnapshotClone{loopSnapshot{l, sn}}
	case snaps:
		return loopSnapshot{l, sn}
	case clones:
		return loopClone{l}
	}
	return l
}

// loop embeds the engine.Domain interface alone, so the domain's other
// methods (Iterate, IterateBelow) are not in its method set.
type loop struct{ engine.Domain }

func (l loop) Pathmax() bool {
	p, ok := l.Domain.(engine.Pathmax)
	return ok && p.Pathmax()
}

// Solution is the engine's own rule for a domain that is not TwoEnded: the
// path is the solution.
func (l loop) Solution(path []int) []int {
	if te, ok := l.Domain.(engine.TwoEnded); ok {
		return te.Solution(path)
	}
	return append([]int(nil), path...)
}

// Cut names no move for a domain that is not a RuleCutter, which is what
// the engine reports for one.
func (l loop) Cut(prev int, out []int) int {
	if rc, ok := l.Domain.(engine.RuleCutter); ok {
		return rc.Cut(prev, out)
	}
	return 0
}

type loopSnapshot struct {
	loop
	engine.Snapshotter
}

type loopClone struct{ loop }

func (l loopClone) Clone() engine.Domain { return LoopOnly(l.Domain.(engine.Cloner).Clone()) }

type loopSnapshotClone struct{ loopSnapshot }

func (l loopSnapshotClone) Clone() engine.Domain { return LoopOnly(l.Domain.(engine.Cloner).Clone()) }

// noPathmax is the engine's loop without bidirectional pathmax.
type noPathmax struct{ loop }

func (noPathmax) Pathmax() bool { return false }

// The runs with an iteration-level sink check every so many expansions:
// often enough that an iteration of a small instance has several checks,
// so an Iterator's calls of stop (and the progress events they make) are
// compared too, and seldom enough that a run makes at most about
// maxProgress progress events, each a copy of the histograms to keep.
const (
	minCheckEvery = 64
	maxProgress   = 256
)

// noSink is a run with no sink: the engine then builds no event at all.
const noSink trace.Level = -1

// workers is how many ParallelIDA runs on: two, so subtrees are handed
// out and finished out of order.
const workers = 2

// Conformance fails t unless d's fast paths give exactly what the engine's
// own loop gives (Check). d is searched more than a dozen times: give it a
// small instance, solved in well under a million nodes.
func Conformance(t testing.TB, d engine.Domain) {
	t.Helper()
	if err := Check(t.Context(), d); err != nil {
		t.Error(err)
	}
}

// Check solves d's instance through its fast paths and through LoopOnly(d),
// and returns what differs (nil: nothing). Compared: IDA's results (moves,
// cost, status, the counts and next bound of every iteration, the
// histograms when a sink asks for them) and its events up to
// trace.LevelIteration (of a progress event, the expansions and the
// children generated so far), with no sink, a run-level one and an
// iteration-level one; ParallelIDA's the same way when d is a SubtreeIterator. When d asks for
// pathmax, IDA* without it must find a solution of the same cost (an
// admissible h keeps BPMX optimal). After every search d must be in the
// state it started in. A d with none of these fast paths is an error: the
// check would compare the loop with itself.
func Check(ctx context.Context, d engine.Domain) error {
	_, iterates := d.(engine.Iterator)
	_, subtrees := d.(engine.SubtreeIterator)
	p, ok := d.(engine.Pathmax)
	pathmax := ok && p.Pathmax()
	if !iterates && !subtrees && !pathmax {
		return errors.New("the domain has no Iterator, no SubtreeIterator and asks for no pathmax: nothing to check")
	}
	c := checker{ctx: ctx, d: d, start: stateOf(d)}
	// The first runs, with no sink, check at the engine's default interval,
	// and measure the instance for the others' interval.
	var ref engine.Result
	every := int64(0)
	for _, level := range []trace.Level{noSink, trace.LevelRun, trace.LevelIteration} {
		want, err := c.against("IDA*"+sinkName(level), "iterations", false, level, every)
		if err != nil {
			return err
		}
		ref = want
		every = max(minCheckEvery, ref.Totals.Expanded/maxProgress)
	}
	if subtrees {
		if _, ok := d.(engine.Cloner); !ok {
			return errors.New("the domain is a SubtreeIterator but no Cloner, so ParallelIDA never runs it")
		}
		for _, level := range []trace.Level{noSink, trace.LevelIteration} {
			name := fmt.Sprintf("ParallelIDA on %d workers%s", workers, sinkName(level))
			if _, err := c.against(name, "subtrees", true, level, every); err != nil {
				return err
			}
		}
	}
	if pathmax {
		plain, _, err := c.run("IDA* without pathmax", noPathmax{loop{d}}, false, noSink, 0)
		if err != nil {
			return err
		}
		if plain.Status != ref.Status || plain.Cost != ref.Cost {
			return fmt.Errorf("IDA* with pathmax: %s at cost %d; without it: %s at cost %d (is h admissible?)",
				ref.Status, ref.Cost, plain.Status, plain.Cost)
		}
	}
	return nil
}

// against runs the search named name through LoopOnly(c.d) and through
// c.d's own fast paths (its "iterations" or "subtrees"), and returns the
// loop's result, or what differs between the two. A parallel search's
// progress events come from the workers' reported counts, which lag by
// however the goroutines ran: only a sequential one's must be equal.
func (c *checker) against(name, own string, parallel bool, level trace.Level, every int64) (engine.Result, error) {
	want, wantEv, err := c.run(name+", through the engine's loop", LoopOnly(c.d), parallel, level, every)
	if err != nil {
		return want, err
	}
	got, gotEv, err := c.run(name+", through the domain's own "+own, c.d, parallel, level, every)
	if err != nil {
		return want, err
	}
	if err := sameRun(got, want, level >= trace.LevelIteration); err != nil {
		return want, fmt.Errorf("%s, the domain's own %s against the engine's loop: %w", name, own, err)
	}
	if err := sameEvents(gotEv, wantEv, !parallel); err != nil {
		return want, fmt.Errorf("%s, the domain's own %s against the engine's loop: %w", name, own, err)
	}
	return want, nil
}

func sinkName(level trace.Level) string {
	switch {
	case level == noSink:
		return " with no sink"
	case level >= trace.LevelIteration:
		return " with an iteration-level sink"
	}
	return " with a run-level sink"
}

type checker struct {
	ctx   context.Context
	d     engine.Domain
	start state
}

// run searches d (IDA, or ParallelIDA when parallel) with a recorder at
// level (none for noSink) and wants the domain back in its start state;
// name names the run in an error.
func (c *checker) run(name string, d engine.Domain, parallel bool, level trace.Level, every int64) (engine.Result, []trace.Event, error) {
	// A fixed creation time, so the run-start events of two runs compare.
	opt := engine.Options{CheckEvery: every, Info: trace.RunInfo{Created: time.Unix(0, 0).UTC()}}
	var rec *recorder
	if level != noSink {
		rec = &recorder{level: level}
		opt.Sink = rec
	}
	var res engine.Result
	var err error
	if parallel {
		res, err = engine.ParallelIDA(c.ctx, d, opt, workers)
	} else {
		res, err = engine.IDA(c.ctx, d, opt)
	}
	if err != nil {
		return res, nil, fmt.Errorf("%s: %w", name, err)
	}
	if s := stateOf(c.d); !s.equal(c.start) {
		return res, nil, fmt.Errorf("%s left the domain in another state: h %d, goal %v, state %x; it began at h %d, goal %v, state %x",
			name, s.h, s.goal, s.snap, c.start.h, c.start.goal, c.start.snap)
	}
	if rec == nil {
		return res, nil, nil
	}
	return res, rec.events, nil
}

// state is what can be seen of a domain's current state.
type state struct {
	h    int
	goal bool
	snap []byte // Snapshotter's encoding (nil: the domain has none)
}

func stateOf(d engine.Domain) state {
	s := state{h: d.H(), goal: d.IsGoal()}
	if sn, ok := d.(engine.Snapshotter); ok {
		s.snap = sn.AppendState(nil)
	}
	return s
}

func (s state) equal(o state) bool {
	return s.h == o.h && s.goal == o.goal && slices.Equal(s.snap, o.snap)
}

// recorder keeps deep copies of a run's events: the engine reuses one.
type recorder struct {
	level  trace.Level
	events []trace.Event
}

func (r *recorder) Level() trace.Level { return r.level }

func (r *recorder) Event(e *trace.Event) {
	c := *e
	if e.Stats != nil {
		it := e.Stats.Clone()
		c.Stats = &it
	}
	if e.Run != nil {
		info := *e.Run
		c.Run = &info
	}
	c.Moves = slices.Clone(e.Moves)
	c.Elapsed = 0
	r.events = append(r.events, c)
}

// sameRun compares two results: hist says whether the histograms were
// asked for and must agree too.
func sameRun(got, want engine.Result, hist bool) error {
	if got.Status != want.Status || got.Cost != want.Cost || !slices.Equal(got.Moves, want.Moves) {
		return fmt.Errorf("%s at cost %d by %v, want %s at cost %d by %v", got.Status, got.Cost, got.Moves, want.Status, want.Cost, want.Moves)
	}
	if got.Totals != want.Totals {
		return fmt.Errorf("totals %+v, want %+v", got.Totals, want.Totals)
	}
	if len(got.Iterations) != len(want.Iterations) {
		return fmt.Errorf("%d iterations, want %d", len(got.Iterations), len(want.Iterations))
	}
	for i, it := range got.Iterations {
		w := want.Iterations[i]
		if it.Iteration != w.Iteration || it.Bound != w.Bound || it.Counts != w.Counts || it.NextBound != w.NextBound {
			return fmt.Errorf("iteration %d: bound %d, %+v, next bound %d; want bound %d, %+v, next bound %d",
				i+1, it.Bound, it.Counts, it.NextBound, w.Bound, w.Counts, w.NextBound)
		}
		if hist && !trace.EqualIterations(it, w) {
			return fmt.Errorf("iteration %d: histograms f %v, pruned f %v, depth %v; want %v, %v, %v",
				i+1, it.VisitF, it.PruneF, it.Depth, w.VisitF, w.PruneF, w.Depth)
		}
	}
	return nil
}

// sameEvents compares two runs' events; progress says whether progress
// events count (by their counts: the histograms of an iteration half done
// are not part of an Iterator's promise).
func sameEvents(got, want []trace.Event, progress bool) error {
	if !progress {
		got, want = withoutProgress(got), withoutProgress(want)
	}
	for i := range min(len(got), len(want)) {
		if err := sameEvent(got[i], want[i]); err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, want[i].Kind, err)
		}
	}
	if len(got) != len(want) {
		return fmt.Errorf("%d events, want %d", len(got), len(want))
	}
	return nil
}

func withoutProgress(evs []trace.Event) []trace.Event {
	return slices.DeleteFunc(slices.Clone(evs), func(e trace.Event) bool { return e.Kind == trace.KindProgress })
}

func sameEvent(got, want trace.Event) error {
	if got.Kind != want.Kind {
		return fmt.Errorf("kind %s, want %s", got.Kind, want.Kind)
	}
	gs, ws := got.Stats, want.Stats
	if (gs == nil) != (ws == nil) {
		return fmt.Errorf("statistics %v, want %v", gs, ws)
	}
	if gs != nil {
		// Progress is sent every so many expansions, and there the
		// expansions and the children generated so far are the loop's; a
		// child cut by the bound may be counted when its parent is expanded
		// or when the loop reaches it, and the histograms may be filled in
		// later (tiles' Iterate does both).
		same := gs.Iteration == ws.Iteration && gs.Bound == ws.Bound && gs.Expanded == ws.Expanded && gs.Generated == ws.Generated
		if got.Kind != trace.KindProgress {
			same = trace.EqualIterations(*gs, *ws)
		}
		if !same {
			return fmt.Errorf("statistics %+v, want %+v", *gs, *ws)
		}
	}
	got.Stats, want.Stats = nil, nil
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("%+v, want %+v", got, want)
	}
	return nil
}
