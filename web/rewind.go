package web

import (
	"idaviz/trace"
	"idaviz/web/fold"
)

// A live run steps back by running its search again: the engine is
// deterministic, so the new run's first events are the old one's. Folding
// them all again made Back on a run of millions of events take seconds,
// the old position on screen meanwhile. A rewind keeps, as the run goes,
// a checkpoint of its fold every so many events and the events since the
// last but one: Back near the furthest position (where a lecture steps
// back) restores a checkpoint and folds those few events at once, and the
// search, run again, drops the events the page already has until it gets
// there. A seek further back restores the nearest older checkpoint and
// has the search fold only the events after it.
const (
	// rewindEvery is the events between two checkpoints: the log holds at
	// most twice as many (200 bytes each, 13 MB), and a checkpoint (a tree
	// window copied) costs some 7% of folding them.
	rewindEvery = 1 << 15
	// rewindCheckpoints and rewindBudget bound the checkpoints kept: past
	// either, every other of the older ones goes.
	rewindCheckpoints = 64
	rewindBudget      = 8 << 20
)

// rewind is what a live run keeps to step back at once. Its player
// records into it as it folds (record), and a seek restores from it
// (restore); the player of a run that went back records again only past
// the furthest position.
//
// It needs no lock of its own: record runs in the run's search goroutine,
// restore before the next one starts (session.seek stops the run, waiting
// for its goroutine to end, then fast-forwards the new player, then
// launches it).
type rewind struct {
	end  int                // events recorded: the furthest the run went
	cps  []*fold.Checkpoint // by position
	size int                // the checkpoints' bytes
	// The events since the last but one checkpoint: prev those up to the
	// last (from its position less len(prev)), cur those after it (from
	// curFrom). Two buffers that swap at a checkpoint: no event is copied
	// twice.
	prev, cur []trace.Event
	curFrom   int
}

// record notes e, just folded into r (whose events count it), when it is
// the first event past the furthest position; the player's lock is held.
func (rw *rewind) record(r *fold.Run, e *trace.Event) {
	pos := int(r.Events())
	if pos != rw.end+1 {
		return // a run sought back, on its way to where it was
	}
	rw.end = pos
	if rw.cur == nil {
		rw.cur = make([]trace.Event, 0, rewindEvery)
	}
	if e.Run != nil || e.Stats != nil || e.Moves != nil {
		rw.cur = append(rw.cur, e.Clone())
	} else {
		rw.cur = append(rw.cur, *e)
	}
	if pos%rewindEvery != 0 {
		return
	}
	cp := r.Checkpoint()
	rw.cps = append(rw.cps, cp)
	rw.size += cp.Size()
	clear(rw.prev) // the events' lists and pointers, for the collector
	rw.prev, rw.cur, rw.curFrom = rw.cur, rw.prev[:0], pos
	for len(rw.cps) > 4 && (len(rw.cps) > rewindCheckpoints || rw.size > rewindBudget) {
		rw.thin()
	}
}

// event is the logged event at position i (0: the run's first), which
// must be one the log holds.
func (rw *rewind) event(i int) *trace.Event {
	if i >= rw.curFrom {
		return &rw.cur[i-rw.curFrom]
	}
	return &rw.prev[i-(rw.curFrom-len(rw.prev))]
}

// thin drops every other checkpoint but the last two.
func (rw *rewind) thin() {
	last := len(rw.cps) - 2
	kept := rw.cps[:0]
	rw.size = 0
	for i, cp := range rw.cps {
		if i%2 == 0 || i >= last {
			kept = append(kept, cp)
			rw.size += cp.Size()
		}
	}
	clear(rw.cps[len(kept):])
	rw.cps = kept
}

// restore folds what it can of the first pos events into p, a new player
// whose fold is fresh: the nearest checkpoint at or before pos, and the
// logged events from it to pos when the log holds them. It returns how
// many of its first events the search, run again, must drop (they are
// folded already); the player folds the rest up to pos quietly (skip).
func (rw *rewind) restore(p *player, pos int) (drop int) {
	at := 0 // a fresh fold is the checkpoint at 0
	var cp *fold.Checkpoint
	for _, c := range rw.cps {
		if c.Pos() > pos {
			break
		}
		cp, at = c, c.Pos()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if cp != nil {
		p.fold.Restore(cp)
	}
	if at >= rw.curFrom-len(rw.prev) && pos <= rw.end {
		for i := at; i < pos; i++ {
			p.apply(rw.event(i))
		}
		at = pos
	}
	return at
}
