package web

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

	"idaviz/lang"
	"idaviz/web/draw"
	"idaviz/web/fold"
)

const (
	// outQueue bounds the replies (errors, scrambles, clicked nodes) waiting
	// for the writer; state messages do not queue at all.
	outQueue = 16
)

// session is one browser tab: the hub between its connection (conn.go) and
// its runs, each in its own goroutine. Where the runs come from (searches
// the page starts, or one recorded trace) is the session's origin; the
// session itself treats every source alike.
type session struct {
	origin    origin
	treeLimit int
	logf      func(format string, args ...any)
	onRunEnd  func()                      // a test hook
	onBlock   func(run int, events int64) // a test hook, handed to each run's player
	// onSeek, a test hook, runs as a seek begins: a test makes Back slow
	// with it, to see the page say it is working.
	onSeek  func()
	slots   *slots        // the server's cap on searches computing at once (nil: none)
	lecture *lectureStore // a replay's bookmarks (nil: live)
	remote  bool          // the tab is on another machine than the server
	memory  *memoryPool   // the server's memory budget for searches (nil: none)
	checks  checks        // the Problem tab's check under way (problem.go)
	loads   checks        // the Problem tab's load of a script under way (problem.go)
	class   *class        // the class following the lecturer (nil: none)
	onNews  func()        // told of news as the writer is (the class's broadcaster); must not block

	ctx context.Context // set by open; ends every run

	// lang is the page's language: its words (errors, notes) and its runs'
	// narration and charts (nil: English).
	lang atomic.Pointer[lang.Printer]

	dirty chan struct{} // a run has news; capacity 1, so news coalesces
	out   chan []byte   // replies, bounded

	mu     sync.Mutex
	runs   []*run
	nextID int
	seed   uint64
	// treeIter is the iteration whose tree the page looks at (0: the
	// iteration under way).
	treeIter int
	// lockBound is the bound the runs in lock-step were last moved to (0:
	// none yet), lockstep.go.
	lockBound int
	// opened are the nodes of the active run's tree the page unfolded
	// (at most maxOpened, the latest).
	opened []uint64
	// seq is the number of the page's last message handled.
	seq int64
}

// maxOpened bounds the nodes a page keeps unfolded.
const maxOpened = 64

// run is one search (or one replay) of the tab.
type run struct {
	id     int
	src    source
	p      *player
	views  *draw.Views
	cancel context.CancelFunc
	done   chan struct{}

	// guarded by session.mu
	cancelled bool
	err       error
	// evicted: stopped to make room in the server's memory budget
	// (guarded by memoryPool.mu).
	evicted bool
}

func newSession(o origin, treeLimit int, logf func(string, ...any)) *session {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	return &session{origin: o, treeLimit: treeLimit, logf: logf,
		dirty: make(chan struct{}, 1), out: make(chan []byte, outQueue), seed: rand.Uint64()}
}

// printer is the page's language.
func (s *session) printer() *lang.Printer { return s.lang.Load() }

// setLang switches the page's language to tag (an unknown one is English):
// every run speaks it from now on, and the page gets its state again, in
// it.
func (s *session) setLang(tag string) {
	p := lang.New(tag)
	s.lang.Store(p)
	s.mu.Lock()
	rs := slices.Clone(s.runs)
	s.mu.Unlock()
	for _, r := range rs {
		r.p.setLang(p)
	}
	s.notify()
}

// open greets the page (the hello goes before any state: the page sets
// itself up, live or replay, from it) and starts the origin's first run.
func (s *session) open(ctx context.Context) {
	s.ctx = ctx
	s.reply(helloMsg{Type: "hello", Mode: s.origin.mode()})
	if s.lecture != nil {
		s.reply(s.lecture.msg(s, false))
	}
	if src := s.origin.first(); src != nil {
		s.launch(src, nil, nil, 0)
	}
}

// close stops every run and the check under way, and waits for them.
func (s *session) close() {
	s.mu.Lock()
	runs := s.runs
	s.mu.Unlock()
	for _, r := range runs {
		r.stop()
	}
	s.checks.stop()
	s.loads.stop()
}

func (r *run) stop() {
	r.cancel()
	<-r.done
}

// notify tells the writer there is news, without ever blocking.
func (s *session) notify() {
	if s.onNews != nil {
		s.onNews()
	}
	select {
	case s.dirty <- struct{}{}:
	default:
	}
}

// active is the run the page works on: the last one started.
func (s *session) active() (*run, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.runs) == 0 {
		return nil, say("server.no-run")
	}
	return s.runs[len(s.runs)-1], nil
}

func (s *session) control(m mode, n float64) error {
	r, err := s.active()
	if err != nil {
		return err
	}
	r.p.setMode(m, n)
	return nil
}

// start begins a run the page asked for; the search waits for the page to
// step (or runs free in fast mode). Unless keep is set, earlier runs go.
func (s *session) start(req startRequest, keep bool) error {
	if live, ok := s.origin.(liveOrigin); ok && req.Source != "" {
		s.startScript(req, keep, live.openContext)
		return nil
	}
	src, err := s.origin.open(req)
	if err != nil {
		return framed("server.start-failed", err)
	}
	s.begin(src, keep)
	return nil
}

// begin launches a run from src; unless keep is set, earlier runs go.
func (s *session) begin(src source, keep bool) {
	s.mu.Lock()
	s.treeIter = 0
	s.lockBound = 0
	s.opened = nil
	var drop []*run
	if !keep {
		drop, s.runs = s.runs, nil
	} else if len(s.runs) >= fold.MaxRuns {
		drop = s.runs[:len(s.runs)-fold.MaxRuns+1]
		s.runs = append([]*run(nil), s.runs[len(s.runs)-fold.MaxRuns+1:]...)
	}
	s.mu.Unlock()
	for _, r := range drop {
		r.stop()
	}
	s.launch(src, nil, nil, 0)
}

// clear forgets every run; the origin's first run (a replay) starts again.
func (s *session) clear() {
	s.mu.Lock()
	runs := s.runs
	s.runs = nil
	s.lockBound = 0
	s.opened = nil
	s.mu.Unlock()
	for _, r := range runs {
		r.stop()
	}
	if src := s.origin.first(); src != nil {
		s.launch(src, nil, nil, 0)
	}
	s.notify()
}

// launch starts a run's goroutine from event from. A run that goes on from
// an earlier one (a seek) keeps its id and views, with p, a player already
// fast-forwarded to from; a new run gets a fresh player.
func (s *session) launch(src source, prev *run, p *player, from int) {
	ctx, cancel := context.WithCancel(s.ctx)
	s.mu.Lock()
	r := &run{src: src, cancel: cancel, done: make(chan struct{})}
	if prev == nil {
		s.nextID++
		r.id = s.nextID
		r.views = &draw.Views{}
		r.p = newPlayer(ctx, r.id, src.level(), src.stepping(), s.treeLimit, s.notify)
	} else {
		r.id, r.views, r.p = prev.id, prev.views, p
		r.p.ctx = ctx
	}
	r.p.slot, r.p.onBlock = s.slots, s.onBlock
	r.p.setLang(s.printer())
	if live, ok := src.(*liveSource); ok {
		r.p.hist = live.rewind()
	}
	// A run that goes on from an earlier one takes its place: a state
	// built meanwhile never sees the tab without it.
	if i := slices.Index(s.runs, prev); prev != nil && i >= 0 {
		s.runs[i] = r
	} else {
		s.runs = append(s.runs, r)
	}
	s.mu.Unlock()
	if live, ok := src.(*liveSource); ok && s.memory != nil && live.charged() {
		s.memory.add(r, s)
	}
	go func() {
		defer close(r.done)
		if s.onRunEnd != nil {
			defer s.onRunEnd()
		}
		if s.memory != nil {
			defer s.memory.remove(r)
		}
		err := src.run(ctx, r.p, from)
		r.p.done()
		if err != nil {
			s.mu.Lock()
			r.err = err
			s.mu.Unlock()
			s.replyErr(sayWrap("server.search-failed", err))
		}
		s.notify()
	}()
	s.notify()
}

// cancelRun stops the active search. A recording cannot be cancelled (it
// would be gone): it pauses.
func (s *session) cancelRun() error {
	// A script the page sent runs off the read loop until its run starts
	// (problem.go): cancel stops that too.
	s.loads.stop()
	r, err := s.active()
	if err != nil {
		return say("server.no-run-to-cancel")
	}
	if s.origin.mode() == "replay" {
		r.p.setMode(modePaused, 0)
		return nil
	}
	s.mu.Lock()
	r.cancelled = true
	s.mu.Unlock()
	r.stop()
	s.notify()
	return nil
}

// evict stops run r to free the memory its paused search holds, and says
// why in its page; it does not wait for the search to return.
func (s *session) evict(r *run, why error) {
	s.mu.Lock()
	r.cancelled, r.err = true, why
	s.mu.Unlock()
	r.cancel()
	s.replyErr(why)
	s.notify()
}

// back steps the active run one event back from where it is headed: a
// Back pressed while an earlier one still folds its way back goes one
// further, never from a position on the way.
func (s *session) back() error {
	r, err := s.active()
	if err != nil {
		return say("server.no-run-back")
	}
	return s.seek(int(r.p.target()) - 1)
}

// seek restarts the active run at event pos (clamped to the recording):
// everything before it is folded at once, and the run waits there, paused.
func (s *session) seek(pos int) error {
	r, err := s.active()
	if err != nil {
		return err
	}
	sk, ok := r.src.(seeker)
	if !ok || !r.src.stepping() {
		return say("server.no-seek")
	}
	cur := r.p.frame(0).Stats
	sk.reached(int(cur.Pos))
	pos = sk.restAt(pos)
	if s.onSeek != nil {
		s.onSeek()
	}
	r.stop()
	p := newPlayer(s.ctx, r.id, r.src.level(), r.src.stepping(), s.treeLimit, s.notify)
	sk.fastForward(p, pos)
	s.launch(r.src, r, p, pos)
	return nil
}

// node draws a node of the active run's tree window that the page clicked.
func (s *session) node(id uint64) (*fold.NodeView, error) {
	r, err := s.active()
	if err != nil {
		return nil, err
	}
	moves, n, ok := r.p.nodePath(id)
	if !ok {
		return nil, say("server.node-gone", lang.Args{"ID": id})
	}
	nv := r.views.Node(r.p.frame(0).Stats.Run, moves, n.G, n.H, n.F, n.Depth)
	nv.ID = id
	return nv, nil
}

// showTree chooses the iteration whose tree window the page draws (0: the
// one under way).
func (s *session) showTree(iteration int) {
	s.mu.Lock()
	s.treeIter = max(iteration, 0)
	s.mu.Unlock()
	s.notify()
}

// unfold asks for a folded node of the active run's tree to be drawn open
// (or, open false, folded again).
func (s *session) unfold(id uint64, open bool) {
	s.mu.Lock()
	s.opened = slices.DeleteFunc(s.opened, func(x uint64) bool { return x == id })
	if open {
		if len(s.opened) == maxOpened {
			s.opened = s.opened[1:]
		}
		s.opened = append(s.opened, id)
	}
	s.mu.Unlock()
	s.notify()
}

// handled notes the number of a message handled, for the states after it.
func (s *session) handled(seq int64) {
	s.mu.Lock()
	s.seq = max(s.seq, seq)
	s.mu.Unlock()
}

// settling says whether a run of the tab is on its way to a position the
// page asked for (player.settling): a state now would show a position on
// the way.
func (s *session) settling() (seeking, moving bool) {
	s.mu.Lock()
	rs := append([]*run(nil), s.runs...)
	s.mu.Unlock()
	for _, r := range rs {
		sk, mv := r.p.settling()
		seeking, moving = seeking || sk, moving || mv
	}
	return seeking, moving
}

// scramble makes a random instance; each call of a tab gets a new seed.
func (s *session) scramble(puzzle string, depth int, goal string) (string, error) {
	s.mu.Lock()
	s.seed++
	seed := s.seed
	s.mu.Unlock()
	return scramble(puzzle, depth, goal, seed)
}

// state is the page's view of the tab's runs now.
func (s *session) state() fold.StateMsg {
	s.mu.Lock()
	rs := append([]*run(nil), s.runs...)
	treeIter, lock, seq := s.treeIter, s.lockBound, s.seq
	s.mu.Unlock()
	runs := s.runData(rs, treeIter)
	ps := make([]*player, len(rs))
	for i, r := range rs {
		ps[i] = r.p
	}
	lockTrees(runs, ps, lock)
	msg := fold.BuildStateLang(s.printer(), s.origin.mode(), runs, lock)
	msg.Seq = seq
	return msg
}

// runData copies out what the state shows of each run; the last (active)
// one's tree is the picture of iteration treeIter, with the nodes the page
// unfolded open.
func (s *session) runData(rs []*run, treeIter int) []fold.RunData {
	runs := make([]fold.RunData, len(rs))
	s.mu.Lock()
	opened := slices.Clone(s.opened)
	for i, r := range rs {
		runs[i] = fold.RunData{Cancelled: r.cancelled, Err: inLang(s.printer(), r.err), Views: r.views, Stepping: r.src.stepping()}
		if sk, ok := r.src.(seeker); ok && r.src.stepping() {
			runs[i].Total = sk.length()
		}
		if m, ok := r.src.(memoryReporter); ok {
			runs[i].PeakOpen, runs[i].Stored, runs[i].Distinct = m.held()
		}
	}
	s.mu.Unlock()
	for i, r := range rs {
		if i == len(rs)-1 {
			runs[i].Frame = r.p.frameWith(treeIter, opened)
		} else {
			runs[i].Frame = r.p.frame(0)
		}
	}
	return runs
}
