package fold

import (
	"errors"
	"fmt"
	"io"

	"idaviz/trace"
)

// Recording is a trace to replay: held in memory (LoadRecording), or
// indexed in its file (OpenTrace), when Events is empty.
type Recording struct {
	Info   trace.RunInfo
	Events []trace.Event

	index *traceIndex
}

// Len is the number of events the recording replays.
func (r *Recording) Len() int {
	if r.index != nil {
		return r.index.n
	}
	return len(r.Events)
}

// Each calls f with the recording's events in order, read from its file
// when it is indexed, and stops at f's first error. The event is f's only
// for the call (an indexed reader reuses it).
func (r *Recording) Each(f func(e *trace.Event) error) error {
	if r.index == nil {
		for i := range r.Events {
			if err := f(&r.Events[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if err := r.Changed(); err != nil {
		return err
	}
	rd, _ := r.index.reader(0)
	var e trace.Event
	for i := 0; i < r.index.n; i++ {
		if err := rd.Read(&e); err != nil {
			return fmt.Errorf("reading event %d of the trace: %w", i+1, err)
		}
		if err := f(&e); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the file of a recording OpenTrace made.
func (r *Recording) Close() error {
	if r.index != nil {
		return r.index.f.Close()
	}
	return nil
}

// EventReader is what a recording is loaded from (trace.Reader).
type EventReader interface {
	Next() (*trace.Event, error)
}

// DefaultMaxEvents bounds a recording held in memory (about 170 bytes an
// event): an 8-puzzle traced node by node takes well under a million.
const DefaultMaxEvents = 4_000_000

// LoadRecording reads every event of a trace, copying them (a reader may
// reuse its event). It fails on a trace with no run-start or more than
// maxEvents events; a trace that ends early (a truncated file) is kept up to
// its last whole event and the error says what happened.
func LoadRecording(r EventReader, maxEvents int) (*Recording, error) {
	rec := &Recording{}
	var readErr error
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			readErr = err
			break
		}
		if len(rec.Events) >= maxEvents {
			return nil, fmt.Errorf("the trace has more than %d events; record it at iteration level (or a smaller instance) to replay it", maxEvents)
		}
		// A trace is untrusted: a value the page cannot show (a bound of
		// 10^9, a node 10,000 levels deep) ends the replay there, as damage
		// would, so no view is sized by it.
		if err := trace.DefaultLimits.Check(e); err != nil {
			readErr = fmt.Errorf("event %d: %w", len(rec.Events)+1, err)
			break
		}
		rec.Events = append(rec.Events, e.Clone())
	}
	if len(rec.Events) == 0 || rec.Events[0].Kind != trace.KindRunStart || rec.Events[0].Run == nil {
		if readErr != nil {
			return nil, fmt.Errorf("reading the trace: %w", readErr)
		}
		return nil, errors.New("the trace does not start with its run's metadata (run-start)")
	}
	rec.Info = *rec.Events[0].Run
	if readErr != nil {
		return rec, fmt.Errorf("the trace ends early after %d events: %w", len(rec.Events), readErr)
	}
	return rec, nil
}

// Level is the most detailed level of the recording's events.
func (r *Recording) Level() trace.Level {
	if r.index != nil {
		return r.index.level
	}
	for _, e := range r.Events {
		if e.Kind == trace.KindVisit || e.Kind == trace.KindPrune {
			return trace.LevelNode
		}
	}
	return trace.LevelIteration
}

// Indexed reports whether the recording is read from its file (OpenTrace)
// rather than held in memory.
func (r *Recording) Indexed() bool { return r.index != nil }

// Checkpoints is how many checkpoints the index of a recording read from
// its file keeps, and the events between two (0, 0: a recording in memory).
func (r *Recording) Checkpoints() (n, every int) {
	if r.index == nil {
		return 0, 0
	}
	return len(r.index.cps), r.index.every
}

// RestAt clamps pos to the recording: a run waits before any event but its
// run-start, its run-end included (so a step stops at the solution).
func (r *Recording) RestAt(pos int) int {
	return min(max(pos, 1), r.Len())
}

// fastForward folds the first n events of a recording in memory into p.
// Node events of the iterations before the last one started are skipped:
// their iteration's end event carries the counts, and the tree starts again
// at each iteration.
func (r *Recording) fastForward(p *Run, n int) {
	ev := r.Events
	n = min(max(n, 0), len(ev))
	lastStart := 0
	for i := 0; i < n; i++ {
		if ev[i].Kind == trace.KindIterationStart {
			lastStart = i
		}
	}
	for i := 0; i < n; i++ {
		k := ev[i].Kind
		if i < lastStart && (k == trace.KindVisit || k == trace.KindPrune || k == trace.KindRaise) {
			p.events++
			continue
		}
		e := ev[i]
		p.Apply(&e)
	}
}
