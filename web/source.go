package web

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"

	"idaviz/engine"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/puzzles/pdb"
	"idaviz/trace"
	"idaviz/web/fold"
)

// source feeds one run's events to a sink: a live search (the engine) or a
// recorded trace. The session drives both the same way; only a recorded
// source can start again from an earlier event, which is what stepping
// backward and seeking need.
type source interface {
	// run sends the events from the from-th on (0: from the start) to sink
	// until the run ends or ctx is cancelled.
	run(ctx context.Context, sink trace.Sink, from int) error
	// level is the most detail the source can give.
	level() trace.Level
	// stepping reports whether the page may pause the source between
	// events.
	stepping() bool
}

// seeker is a source that can start from any of its events: stepping back
// and seeking work on it.
type seeker interface {
	// reached tells the source how far its run went (events folded),
	// before a seek.
	reached(pos int)
	// length is how many events the source holds.
	length() int
	// restAt is the position (events folded) nearest to pos, at or before
	// it, where a run can wait paused.
	restAt(pos int) int
	// fastForward folds the first n events into p without pausing.
	fastForward(p *player, n int)
}

// origin is where a session's runs come from: searches the page starts
// (live), or the one trace a replay serves.
type origin interface {
	mode() string // "live" or "replay", as the page is told
	// first is the run a tab opens with (nil: none until the page starts one).
	first() source
	// open makes the run a start message asks for.
	open(startRequest) (source, error)
}

// liveOrigin runs the searches the page asks for.
type liveOrigin struct {
	memory int64          // each A* search's memory budget (engine.Options.MaxMemory)
	shared *engine.Memory // what all of them share (nil: nothing)
	site   bool           // the page is viz site's, its engine in the browser (tab.go)
}

func (o liveOrigin) mode() string {
	if o.site {
		return "site"
	}
	return "live"
}
func (liveOrigin) first() source { return nil }
func (o liveOrigin) open(r startRequest) (source, error) {
	return o.openContext(context.Background(), r)
}

// openContext is open, whose run of a script (the request's Source)
// stops when ctx ends.
func (o liveOrigin) openContext(ctx context.Context, r startRequest) (source, error) {
	s, err := newLiveSource(ctx, r)
	if err != nil {
		return nil, err
	}
	s.memory, s.shared = o.memory, o.shared
	return s, nil
}

// replayOrigin serves one recording to every tab.
type replayOrigin struct{ rec *fold.Recording }

func (replayOrigin) mode() string { return "replay" }
func (o replayOrigin) first() source {
	if o.rec.Indexed() {
		return &fileSource{rec: o.rec}
	}
	return &recordedSource{rec: o.rec}
}
func (replayOrigin) open(startRequest) (source, error) {
	return nil, say("server.replay-no-search")
}

// buildReporter is a sink that shows a domain build's progress (the
// player): a first search with pattern databases builds them, for a minute.
type buildReporter interface{ building(pdb.Progress) }

// liveSource runs the engine.
type liveSource struct {
	info trace.RunInfo
	inst puzzles.Instance
	algo engine.Algorithm
	fast bool // fold per iteration only (no tree, no stepping): for big searches
	// scripted: a script written in Starlark makes the domain (a problem's
	// first states), which takes a search slot as the search does.
	scripted bool
	check    int64
	memory   int64          // A*'s memory budget (0: none)
	shared   *engine.Memory // the server's, shared with its other searches (nil: none)

	// A live run steps back by running again: the engine is deterministic,
	// so a new run's first events are the old one's. seen is the furthest
	// the run went.
	mu   sync.Mutex
	seen int
	// rw is what the run keeps to go back at once (rewind.go).
	rw rewind
	// An A* run's memory once it ended (engine.Result's PeakOpen, Stored),
	// for the comparison table, and the distinct states it expanded, for
	// the domains that count them (puzzles.ExpandedStates).
	peakOpen, stored, distinct int
}

// memoryReporter is a source that knows what its search held in memory,
// and how many distinct states it expanded (0: not counted).
type memoryReporter interface {
	held() (peakOpen, stored, distinct int)
}

func (s *liveSource) held() (int, int, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peakOpen, s.stored, s.distinct
}

// charged reports whether the search holds some of the server's memory
// budget while it runs or waits paused: A* stores the states it met, and
// so does the domain of a problem written in Starlark, under any
// algorithm (engine.StateKeeper).
func (s *liveSource) charged() bool {
	return s.algo == engine.AlgorithmAStar || s.info.Options[puzzles.OptionProblem] != ""
}

func (s *liveSource) reached(pos int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if pos >= s.seen {
		s.seen = pos
	}
}

func (s *liveSource) length() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seen
}

// restAt clamps pos to the events seen: a run rests before any event but
// its run-start, its run-end included.
func (s *liveSource) restAt(pos int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return min(max(pos, 1), s.seen)
}

// fastForward makes the run fold its first n events without waiting: what
// its rewind has of them at once, the rest as the search runs again.
func (s *liveSource) fastForward(p *player, n int) {
	p.drop = int64(s.rw.restore(p, n))
	p.skip = int64(n)
	// The run was stepped (its clock is the lecture's), though the
	// search run again may not have waited yet when the page is told.
	p.waited = true
}

// rewind is what a run stepped node by node records as it goes, to go
// back at once.
func (s *liveSource) rewind() *rewind {
	if s.fast {
		return nil
	}
	return &s.rw
}

func (s *liveSource) level() trace.Level {
	if s.fast {
		return trace.LevelIteration
	}
	return trace.LevelNode
}

func (s *liveSource) stepping() bool { return !s.fast }

func (s *liveSource) run(ctx context.Context, sink trace.Sink, _ int) error {
	var progress func(pdb.Progress)
	if b, ok := sink.(buildReporter); ok {
		progress = b.building
	}
	if p, ok := sink.(*player); ok && s.scripted && p.slot != nil && !p.held && !p.take() {
		return nil // cancelled while it waited
	}
	d, err := puzzles.NewDomain(ctx, s.inst, s.info.Heuristic, progress)
	if err != nil {
		return sayWrap("server.domain-failed", err)
	}
	opt := engine.Options{Sink: sink, Info: s.info, CheckEvery: s.check, MaxMemory: s.memory, Memory: s.shared}
	res, err := s.algo.Search(ctx, d, opt)
	if err == nil {
		// A script's error (a problem or heuristic written in Starlark)
		// ends the search; it says what went wrong and where.
		err = puzzles.DomainErr(d)
	}
	s.mu.Lock()
	s.peakOpen, s.stored, s.distinct = res.PeakOpen, res.Stored, puzzles.ExpandedStates(d)
	s.mu.Unlock()
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// startRequest is what the page asks to search.
type startRequest struct {
	Puzzle    string
	State     string
	Heuristic string
	Goal      string
	// Order is the order of the moves (tiles: "ulrd"), "" the puzzle's own.
	Order     string
	Algorithm string
	Fast      bool
	// Source, when not "", is a script written in Starlark (problem.go):
	// a problem (with no Puzzle), or the heuristic Puzzle is searched with.
	// File names it in errors and in the run's trace.
	File   string
	Source string
}

// newLiveSource validates a start request against the catalogue.
func newLiveSource(ctx context.Context, r startRequest) (*liveSource, error) {
	algo := engine.AlgorithmIDA
	if r.Algorithm != "" {
		var err error
		if algo, err = engine.ParseAlgorithm(r.Algorithm); err != nil {
			return nil, err
		}
	}
	req, err := r.request(ctx, searchBudget)
	if err != nil {
		return nil, err
	}
	info, inst := req.Info, req.Instance
	// Check the context often enough that a cancelled run stops well within
	// 100 ms on a slow machine; node events cost more per expansion. A
	// check is a few nanoseconds every thousands of expansions.
	s := &liveSource{info: info, inst: inst, algo: algo, fast: r.Fast, check: 1 << 14, scripted: r.Source != ""}
	if !r.Fast {
		s.check = 1 << 10
	}
	return s, nil
}

// scramble makes a random instance of a puzzle.
func scramble(name string, depth int, goal string, seed uint64) (string, error) {
	p, err := puzzles.Lookup(name)
	if err != nil {
		return "", err
	}
	if depth < 0 || depth > 1000 {
		return "", say("server.scramble-depth", lang.Args{"Depth": depth})
	}
	if goal != "" && !slices.Contains(p.Goals, goal) {
		return "", say("server.no-goal", lang.Args{"Puzzle": p.Name, "Goal": strconv.Quote(goal)})
	}
	if p.Scramble == nil {
		return "", say("server.no-scramble", lang.Args{"Puzzle": p.Name})
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return p.Scramble(rng, depth, goal).String(), nil
}

// recordedSource replays a Recording.
type recordedSource struct{ rec *fold.Recording }

func (s *recordedSource) level() trace.Level { return s.rec.Level() }

func (s *recordedSource) stepping() bool { return true }

func (s *recordedSource) length() int { return len(s.rec.Events) }

func (s *recordedSource) reached(int) {}

func (s *recordedSource) restAt(pos int) int { return s.rec.RestAt(pos) }

func (s *recordedSource) run(ctx context.Context, sink trace.Sink, from int) error {
	for i := from; i < len(s.rec.Events); i++ {
		if ctx.Err() != nil {
			return nil
		}
		e := s.rec.Events[i]
		sink.Event(&e)
	}
	return nil
}

func (s *recordedSource) fastForward(p *player, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s.rec.Resume(p.fold, n)
}

// fileSource replays an indexed trace file (fold.OpenTrace) for one tab.
type fileSource struct {
	rec *fold.Recording
	// A seek leaves the reader where it stopped, for the run that goes on
	// from there.
	rd    *trace.Reader
	rdPos int
}

func (s *fileSource) level() trace.Level { return s.rec.Level() }
func (s *fileSource) stepping() bool     { return true }
func (s *fileSource) length() int        { return s.rec.Len() }
func (s *fileSource) reached(int)        {}
func (s *fileSource) restAt(pos int) int { return s.rec.RestAt(pos) }

// fastForward folds the first n events into p: the nearest checkpoint,
// then the events after it, at most an interval of them.
func (s *fileSource) fastForward(p *player, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s.rd, s.rdPos = s.rec.Resume(p.fold, n)
}

// run reads the events from the from-th on and sends them to sink.
func (s *fileSource) run(ctx context.Context, sink trace.Sink, from int) error {
	// A seek, or a step back, comes here: the file must still be the one
	// the index describes.
	if err := s.rec.Changed(); err != nil {
		return err
	}
	rd, pos := s.rd, s.rdPos
	s.rd = nil
	if rd == nil || pos != from {
		var err error
		if rd, err = s.rec.ReaderAt(from); err != nil {
			return err
		}
		pos = from
	}
	var e trace.Event
	for n := s.rec.Len(); pos < n; pos++ {
		if ctx.Err() != nil {
			return nil
		}
		if err := rd.Read(&e); err != nil {
			return sayWrap("server.trace-read-failed", err)
		}
		sink.Event(&e)
	}
	return nil
}
