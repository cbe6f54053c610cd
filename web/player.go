package web

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"idaviz/lang"
	"idaviz/puzzles/pdb"
	"idaviz/trace"
	"idaviz/web/fold"
)

// mode is how far the player lets the search go before it pauses.
type mode int

const (
	modePaused  mode = iota
	modeStep         // budget more events
	modeToVisit      // up to and including the next visit (the next node expanded)
	modeToBound      // up to and including the next bound increase
	modeToEnd        // no pause
	modePlay         // rate events per second
)

// player is the sink a run's events go through on their way to the page.
// It folds them (fold.Run: counts, histograms, the tree window) and, when
// the page steps, blocks the engine inside Event until the page grants more
// events: no busy waiting, and the run's context always unblocks it.
//
// One player serves a live run (the engine calls Event) and a recorded one
// (the replay loop calls Event) alike.
type player struct {
	ctx      context.Context
	level    trace.Level
	stepping bool
	notify   func() // tells the writer there is news; must not block

	wake chan struct{} // a mode change, capacity 1

	// slot, when not nil, is the server's cap on searches computing at
	// once: the engine's goroutine holds one (held) while it computes and
	// gives it back while it waits for the page. Only that goroutine
	// touches held.
	slot   *slots
	held   bool
	queued atomic.Bool // waiting for a slot, for the page
	// build is what the domain's construction reports before the search
	// starts (pattern databases built on first use), for the page.
	build atomic.Pointer[pdb.Progress]

	id        int
	mu        sync.Mutex
	fold      *fold.Run     // what the events fold into; p.mu guards it
	lang      *lang.Printer // the page's language, the build's words (p.mu)
	mode      mode
	budget    int64 // modeStep: events; modeToVisit, modeToBound: visits or bound increases
	rate      float64
	playStart time.Time
	played    int64
	waited    bool      // the run was held back (paused or paced) at least once
	pausedAt  time.Time // when the run last stopped to wait for the page (zero: it is not waiting)
	skip      int64     // events folded without waiting or telling: a live run sought back
	// A live run sought back drops its search's first drop events: the
	// fold has them already, restored from its rewind (rewind.go), which
	// hist records into past the furthest position. dropped is the
	// engine goroutine's own.
	hist          *rewind
	drop, dropped int64
	ended         bool // the run-end went through: no position lies ahead

	onBlock func(run int, events int64) // a test hook: the search waits for the page
}

// newPlayer makes a run's player. A player that cannot step (a live run at
// iteration level, which has few events and wants full speed) never pauses.
func newPlayer(ctx context.Context, id int, level trace.Level, stepping bool, treeLimit int, notify func()) *player {
	p := &player{ctx: ctx, id: id, level: level, stepping: stepping, notify: notify, wake: make(chan struct{}, 1),
		fold: fold.NewRun(id, level, treeLimit)}
	if !stepping {
		p.mode = modeToEnd
	}
	return p
}

// Level implements trace.Sink.
func (p *player) Level() trace.Level { return p.level }

// Event implements trace.Sink. It waits first (the page has not yet asked
// for this event), then folds. The run-start event is never held back, so
// the page shows the start state at once; the run-end is held as any other,
// so that a step stops at the solution before it.
func (p *player) Event(e *trace.Event) {
	if p.ctx.Err() != nil {
		return
	}
	if p.slot != nil && !p.held {
		if !p.take() {
			return
		}
	}
	if p.dropped < p.drop {
		p.dropped++
		return
	}
	p.mu.Lock()
	if p.fold.Events() < p.skip {
		// Going back in a live run: the search runs again and its first
		// events are folded at once, quietly, up to where the page asked.
		p.apply(e)
		done := p.fold.Events() == p.skip
		p.mu.Unlock()
		if done {
			p.notify()
		}
		return
	}
	if e.Kind != trace.KindRunStart {
		if !p.waitTurn() {
			p.mu.Unlock()
			return
		}
	}
	p.apply(e)
	p.mu.Unlock()
	p.notify()
}

// apply folds e and moves the mode on; p.mu is held.
func (p *player) apply(e *trace.Event) {
	switch e.Kind {
	case trace.KindRunStart:
		p.build.Store(nil)
	case trace.KindRunEnd:
		p.ended = true
	}
	p.fold.Apply(e)
	if p.hist != nil {
		p.hist.record(p.fold, e)
	}
	switch p.mode {
	case modeStep:
		// The run's start never waits its turn: a step asked before it
		// came is for the event after it.
		if e.Kind == trace.KindRunStart {
			break
		}
		p.budget--
		if p.budget <= 0 {
			p.mode = modePaused
		}
	case modeToVisit, modeToBound:
		if e.Kind == trace.KindVisit && p.mode == modeToVisit || e.Kind == trace.KindBoundIncrease && p.mode == modeToBound {
			p.budget--
			if p.budget <= 0 {
				p.mode = modePaused
			}
		}
	case modePlay:
		p.played++
	}
}

// waitTurn blocks until the mode lets one more event through; p.mu is held
// and is released while waiting. It reports false when the run was
// cancelled.
func (p *player) waitTurn() bool {
	for {
		var wait time.Duration
		switch p.mode {
		case modePaused:
			wait = -1
		case modePlay:
			due := p.playStart.Add(time.Duration(float64(p.played) / p.rate * float64(time.Second)))
			wait = time.Until(due)
			if wait <= 0 {
				return true
			}
		default:
			return true
		}
		p.waited = true
		if wait < 0 && p.pausedAt.IsZero() {
			p.pausedAt = time.Now()
		}
		events := p.fold.Events()
		p.mu.Unlock()
		if wait < 0 && p.onBlock != nil {
			p.onBlock(p.id, events)
		}
		ok := p.sleep(wait)
		p.mu.Lock()
		p.pausedAt = time.Time{}
		if !ok {
			return false
		}
	}
}

// pausedSince is when the run stopped to wait for the page, paused, inside
// its search; zero when it is not waiting so.
func (p *player) pausedSince() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pausedAt
}

// building shows a domain build's progress in the page until the search
// starts.
func (p *player) building(pr pdb.Progress) {
	p.build.Store(&pr)
	p.notify()
}

// buildText is a domain build's progress in words, in l's language.
func buildText(l *lang.Printer, pr pdb.Progress) string {
	if pr.Note != "" {
		return l.T("server.pdb-note", lang.Args{"Table": pr.Table, "Note": pr.Note})
	}
	return l.T("server.pdb-building", lang.Args{"Table": pr.Table, "Depth": pr.Depth,
		"Percent": strconv.FormatFloat(100*pr.Fraction(), 'f', 1, 64), "Total": pr.Total})
}

// setLang has the run speak l: its narration, its charts, its notes.
func (p *player) setLang(l *lang.Printer) {
	p.mu.Lock()
	p.lang = l
	p.fold.SetLang(l)
	p.mu.Unlock()
}

// take waits for one of the server's search slots, saying so to the page
// while it waits.
func (p *player) take() bool {
	p.queued.Store(true)
	p.notify()
	ok := p.slot.acquire(p.ctx)
	p.queued.Store(false)
	p.held = ok
	// The page said "waiting for a free search slot": it must hear that
	// the wait is over even when the run only goes back to its pause.
	p.notify()
	return ok
}

// done gives the slot back when the run ends.
func (p *player) done() {
	if p.held {
		p.slot.release()
		p.held = false
	}
}

// sleep waits for a mode change, the run's end, or d (forever when d < 0).
// A search that waits for the page needs no slot: it gives its slot back,
// and takes one again before it goes on.
func (p *player) sleep(d time.Duration) bool {
	if p.held {
		p.slot.release()
		p.held = false
		defer func() {
			if p.ctx.Err() == nil {
				p.take()
			}
		}()
	}
	var timeout <-chan time.Time
	if d >= 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case <-p.ctx.Done():
		return false
	case <-p.wake:
	case <-timeout:
	}
	return true
}

// setMode changes how far the search may go; n is the step count for
// modeStep, the visits or bound increases to go for modeToVisit and
// modeToBound (0: exactly the next one, however many were asked before),
// and the rate (events per second) for modePlay.
func (p *player) setMode(m mode, n float64) {
	p.mu.Lock()
	if !p.stepping {
		m = modeToEnd
	}
	switch m {
	case modeStep, modeToVisit, modeToBound:
		// Moves asked for in quick succession add up: a key held down
		// must not lose the ones the search has not yet taken.
		if p.mode != m || n == 0 {
			p.budget = 0
		}
		p.budget += max(int64(n), 1)
	case modePlay:
		p.rate = n
		p.playStart = time.Now()
		p.played = 0
	}
	p.mode = m
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
	p.notify()
}

// target is the position the player is headed to: where a seek folds to,
// or where the steps asked for end; else where it is.
func (p *player) target() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.fold.Events()
	switch {
	case n < p.skip:
		return p.skip
	case p.mode == modeStep:
		return n + p.budget
	}
	return n
}

// settling says whether the player is on its way to a position the page
// asked for: folding its way back to a seek's position (seeking), or
// moving forward by steps, to a visit or to a bound (moving). A state
// built meanwhile shows a position the page never asked to see.
func (p *player) settling() (seeking, moving bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fold.Events() < p.skip {
		return true, false
	}
	return false, !p.ended && (p.mode == modeStep || p.mode == modeToVisit || p.mode == modeToBound)
}

// frame copies out the run's state; the tree is the picture of iteration
// treeIter when it is kept (0: the iteration under way).
func (p *player) frame(treeIter int) fold.Frame { return p.frameWith(treeIter, nil) }

// frameWith is frame with the tree's nodes opened unfolded.
func (p *player) frameWith(treeIter int, opened []uint64) fold.Frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	f := p.fold.Frame(treeIter, opened)
	// A run sought back is running again, quietly, up to where the page
	// asked: it has not paused until it is there.
	f.Paused = p.mode == modePaused && p.fold.Events() >= p.skip
	f.Waited, f.Queued = p.waited, p.queued.Load()
	if b := p.build.Load(); b != nil {
		f.Build = buildText(p.lang, *b)
	}
	if p.slot != nil {
		f.Slots = p.slot.limit()
	}
	return f
}

// treeAtBound is the run's tree window of its iteration with bound b.
func (p *player) treeAtBound(b int) (fold.TreeView, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fold.TreeAtBound(b)
}

// nodePath returns the moves to a drawn node of the tree window, or of a
// kept window of an earlier iteration.
func (p *player) nodePath(id uint64) ([]int, fold.TreeNode, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fold.NodePath(id)
}
