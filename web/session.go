package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"idaviz/engine"
	"idaviz/trace"
)

const (
	writeWait  = 10 * time.Second
	pongWait   = 60 * time.Second
	pingPeriod = pongWait * 9 / 10
	// maxMessage bounds what the page may send: its largest message is a
	// start with a typed state.
	maxMessage = 16 << 10
	maxState   = 4 << 10
	// maxRuns is how many runs a tab holds for comparison.
	maxRuns = 4
	// outQueue bounds the replies (errors, scrambles, clicked nodes) waiting
	// for the writer; state messages do not queue at all.
	outQueue = 16
)

// session is one browser tab: one websocket, one reader and one writer
// goroutine, and the tab's runs, each in its own goroutine.
type session struct {
	srv    *Server
	conn   *websocket.Conn
	ctx    context.Context
	cancel context.CancelFunc

	dirty chan struct{} // a run has news; capacity 1, so news coalesces
	out   chan []byte   // replies, bounded

	mu     sync.Mutex
	runs   []*run
	nextID int
	chart  chartOptions
	seed   uint64
	stats  sessionStats
}

// sessionStats count what the writer did, for tests and benchmarks.
type sessionStats struct {
	States  int64 // state messages written
	Dropped int64 // replies dropped because the queue was full
}

// run is one search (or one replay) of the tab.
type run struct {
	id     int
	src    source
	p      *player
	cancel context.CancelFunc
	done   chan struct{}

	// guarded by session.mu
	cancelled bool
	err       error

	viewMu  sync.Mutex
	viewer  *viewer
	viewErr error
}

func newSession(srv *Server, conn *websocket.Conn) *session {
	return &session{srv: srv, conn: conn, dirty: make(chan struct{}, 1), out: make(chan []byte, outQueue),
		seed: rand.Uint64()}
}

func (s *session) serve(parent context.Context) {
	s.ctx, s.cancel = context.WithCancel(parent)
	// The hello goes first, before any state: the page sets itself up
	// (live or replay) from it.
	mode := "live"
	if s.srv.opt.Recording != nil {
		mode = "replay"
	}
	s.reply(map[string]any{"type": "hello", "mode": mode})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.writeLoop()
	}()
	if rec := s.srv.opt.Recording; rec != nil {
		s.startReplay(rec)
	}
	s.readLoop()
	s.cancel()
	s.mu.Lock()
	runs := s.runs
	s.mu.Unlock()
	for _, r := range runs {
		r.stop()
	}
	wg.Wait()
}

func (r *run) stop() {
	r.cancel()
	<-r.done
}

// notify tells the writer there is news, without ever blocking.
func (s *session) notify() {
	select {
	case s.dirty <- struct{}{}:
	default:
	}
}

// reply queues a message for the page; when the queue is full (a client
// that does not read) the message is dropped rather than queued without
// bound.
func (s *session) reply(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		s.srv.logf("encoding a reply: %v", err)
		return
	}
	select {
	case s.out <- b:
	default:
		s.mu.Lock()
		s.stats.Dropped++
		s.mu.Unlock()
	}
}

func (s *session) replyError(format string, args ...any) {
	s.reply(map[string]any{"type": "error", "message": fmt.Sprintf(format, args...)})
}

func (s *session) readLoop() {
	s.conn.SetReadLimit(maxMessage)
	_ = s.conn.SetReadDeadline(time.Now().Add(pongWait))
	s.conn.SetPongHandler(func(string) error {
		return s.conn.SetReadDeadline(time.Now().Add(pongWait))
	})
	for {
		kind, data, err := s.conn.ReadMessage()
		if err != nil {
			if websocket.IsUnexpectedCloseError(err, websocket.CloseGoingAway, websocket.CloseNormalClosure, websocket.CloseNoStatusReceived) && s.ctx.Err() == nil {
				s.srv.logf("websocket read: %v", err)
			}
			return
		}
		_ = s.conn.SetReadDeadline(time.Now().Add(pongWait))
		if kind != websocket.TextMessage {
			s.replyError("bad message: expected JSON text, got a binary message")
			continue
		}
		if err := s.handle(data); err != nil {
			s.replyError("%v", err)
		}
	}
}

func (s *session) writeLoop() {
	ping := time.NewTicker(pingPeriod)
	defer ping.Stop()
	defer s.conn.Close()
	var throttle <-chan time.Time
	var last time.Time
	interval := s.srv.opt.SnapshotInterval
	write := func(b []byte) bool {
		_ = s.conn.SetWriteDeadline(time.Now().Add(writeWait))
		if err := s.conn.WriteMessage(websocket.TextMessage, b); err != nil {
			s.cancel()
			return false
		}
		return true
	}
	writeState := func() bool {
		b, err := json.Marshal(s.state())
		if err != nil {
			s.srv.logf("encoding the state: %v", err)
			return true
		}
		last = time.Now()
		s.mu.Lock()
		s.stats.States++
		s.mu.Unlock()
		return write(b)
	}
	if !write(<-s.out) { // the hello
		return
	}
	for {
		select {
		case <-s.ctx.Done():
			_ = s.conn.WriteControl(websocket.CloseMessage,
				websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
			return
		case b := <-s.out:
			if !write(b) {
				return
			}
		case <-s.dirty:
			// The latest state is built when it is written: news that came
			// in between is folded into one message.
			if throttle != nil {
				continue // a write is already due
			}
			if wait := interval - time.Since(last); wait > 0 {
				throttle = time.After(wait)
				continue
			}
			if !writeState() {
				return
			}
		case <-throttle:
			throttle = nil
			if !writeState() {
				return
			}
		case <-ping.C:
			_ = s.conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := s.conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				s.cancel()
				return
			}
		}
	}
}

// clientMsg is every message the page sends; which fields count depends on
// Type. Every field is checked in handle.
type clientMsg struct {
	Type      string   `json:"type"`
	Puzzle    string   `json:"puzzle"`
	State     string   `json:"state"`
	Heuristic string   `json:"heuristic"`
	Goal      string   `json:"goal"`
	Algorithm string   `json:"algorithm"`
	Fast      bool     `json:"fast"`
	Keep      bool     `json:"keep"`
	N         *float64 `json:"n"`
	Depth     int      `json:"depth"`
	ID        uint64   `json:"id"`
	Pos       int      `json:"pos"`
	Log       *bool    `json:"log"`
}

const maxName = 64

// handle validates and carries out one message from the page.
func (s *session) handle(data []byte) error {
	var m clientMsg
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("bad message: not the JSON object the page sends: %w", err)
	}
	for _, f := range []struct{ name, v string }{{"type", m.Type}, {"puzzle", m.Puzzle}, {"heuristic", m.Heuristic}, {"goal", m.Goal}, {"algorithm", m.Algorithm}} {
		if len(f.v) > maxName {
			return fmt.Errorf("bad message: %s is longer than %d bytes", f.name, maxName)
		}
	}
	if len(m.State) > maxState {
		return fmt.Errorf("bad message: the state is longer than %d bytes", maxState)
	}
	switch m.Type {
	case "start":
		return s.start(m)
	case "scramble":
		if m.Depth < 0 || m.Depth > 1000 {
			return fmt.Errorf("scramble depth %d is out of range (0..1000)", m.Depth)
		}
		s.mu.Lock()
		s.seed++
		seed := s.seed
		s.mu.Unlock()
		st, err := scramble(m.Puzzle, m.Depth, m.Goal, seed)
		if err != nil {
			return err
		}
		s.reply(map[string]any{"type": "scrambled", "puzzle": m.Puzzle, "state": st})
		return nil
	case "step":
		n := 1.0
		if m.N != nil {
			n = *m.N
		}
		if n < 1 || n > 1e9 || n != float64(int64(n)) {
			return fmt.Errorf("bad message: step count %v must be a whole number from 1 to 1e9", n)
		}
		return s.control(modeStep, n)
	case "expand":
		return s.control(modeToVisit, 0)
	case "to-bound":
		return s.control(modeToBound, 0)
	case "to-end":
		return s.control(modeToEnd, 0)
	case "pause":
		return s.control(modePaused, 0)
	case "play":
		rate := 10.0
		if m.N != nil {
			rate = *m.N
		}
		if !(rate >= 0.1 && rate <= 1e7) {
			return fmt.Errorf("bad message: play speed %v must be between 0.1 and 1e7 events a second", rate)
		}
		return s.control(modePlay, rate)
	case "cancel":
		r := s.active()
		if r == nil {
			return errors.New("no run to cancel")
		}
		s.mu.Lock()
		if s.srv.opt.Recording == nil {
			r.cancelled = true
		}
		s.mu.Unlock()
		if s.srv.opt.Recording != nil {
			return s.control(modePaused, 0)
		}
		r.stop()
		s.notify()
		return nil
	case "node":
		return s.clickNode(m.ID)
	case "back", "seek":
		rec := s.srv.opt.Recording
		if rec == nil {
			return errors.New("stepping backward and seeking need a recorded trace (viz replay FILE)")
		}
		pos := m.Pos
		if m.Type == "back" {
			r := s.active()
			if r == nil {
				return errors.New("nothing to step back from")
			}
			pos = int(r.frameStats().Pos) - 1
		}
		if pos < 1 || pos > len(rec.Events) {
			pos = min(max(pos, 1), len(rec.Events))
		}
		s.seek(pos)
		return nil
	case "options":
		if m.Log != nil {
			s.mu.Lock()
			s.chart.Log = *m.Log
			s.mu.Unlock()
		}
		s.notify()
		return nil
	case "clear":
		if s.srv.opt.Recording != nil {
			return nil
		}
		s.mu.Lock()
		runs := s.runs
		s.runs = nil
		s.mu.Unlock()
		for _, r := range runs {
			r.stop()
		}
		s.notify()
		return nil
	case "":
		return errors.New("bad message: no type")
	}
	return fmt.Errorf("bad message: unknown type %q", m.Type)
}

func (s *session) active() *run {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.runs) == 0 {
		return nil
	}
	return s.runs[len(s.runs)-1]
}

func (r *run) frameStats() runStats {
	return r.p.frame().stats
}

// activePlayer is the run the page works on, and its player.
func (s *session) activePlayer() (*run, *player, error) {
	r := s.active()
	if r == nil {
		return nil, nil, errors.New("start a search first")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return r, r.p, nil
}

func (s *session) control(m mode, n float64) error {
	_, p, err := s.activePlayer()
	if err != nil {
		return err
	}
	p.setMode(m, n)
	return nil
}

// start begins a live search; the search waits for the page to step (or
// runs free in fast mode).
func (s *session) start(m clientMsg) error {
	if s.srv.opt.Recording != nil {
		return errors.New("this page replays a recorded trace; run viz serve to start searches")
	}
	src, err := newLiveSource(startRequest{Puzzle: m.Puzzle, State: m.State, Heuristic: m.Heuristic,
		Goal: m.Goal, Algorithm: m.Algorithm, Fast: m.Fast})
	if err != nil {
		return err
	}
	s.mu.Lock()
	var drop []*run
	if !m.Keep {
		drop, s.runs = s.runs, nil
	} else if len(s.runs) >= maxRuns {
		drop = s.runs[:len(s.runs)-maxRuns+1]
		s.runs = append([]*run(nil), s.runs[len(s.runs)-maxRuns+1:]...)
	}
	s.mu.Unlock()
	for _, r := range drop {
		r.stop()
	}
	s.launch(src, nil, 0)
	return nil
}

// launch starts a run's goroutine; p is a player already fast-forwarded to
// from (nil: a fresh one).
func (s *session) launch(src source, p *player, from int) *run {
	ctx, cancel := context.WithCancel(s.ctx)
	s.mu.Lock()
	s.nextID++
	r := &run{id: s.nextID, src: src, cancel: cancel, done: make(chan struct{})}
	if p == nil {
		p = newPlayer(ctx, r.id, src.level(), src.stepping(), s.srv.opt.TreeLimit, s.notify)
	} else {
		p.ctx = ctx
		r.id = p.id
	}
	r.p = p
	s.runs = append(s.runs, r)
	s.mu.Unlock()
	go func() {
		defer close(r.done)
		if s.srv.onRunEnd != nil {
			defer s.srv.onRunEnd()
		}
		if err := src.run(ctx, p, from); err != nil {
			s.mu.Lock()
			r.err = err
			s.mu.Unlock()
			s.replyError("search: %v", err)
		}
		s.notify()
	}()
	s.notify()
	return r
}

func (s *session) startReplay(rec *Recording) {
	s.launch(&recordedSource{rec: rec}, nil, 0)
}

// seek restarts the replay at event pos: everything before it is folded at
// once, and the run waits there, paused.
func (s *session) seek(pos int) {
	r := s.active()
	if r == nil {
		return
	}
	r.stop()
	src := r.src.(*recordedSource)
	p := newPlayer(s.ctx, r.id, src.level(), src.stepping(), s.srv.opt.TreeLimit, s.notify)
	src.fastForward(p, pos)
	s.mu.Lock()
	s.runs = s.runs[:0]
	s.nextID = r.id - 1
	s.mu.Unlock()
	s.launch(src, p, pos)
}

func (s *session) clickNode(id uint64) error {
	r, p, err := s.activePlayer()
	if err != nil {
		return err
	}
	moves, n, ok := p.nodePath(id)
	if !ok {
		return fmt.Errorf("node %d is no longer drawn", id)
	}
	nv := r.nodeView(p.frame().stats.Run, moves, n.G, n.H, n.F, n.Depth)
	nv.ID = id
	s.reply(map[string]any{"type": "node", "node": nv})
	return nil
}

// nodeView is the state panel: a node's g, h, f and its state as the
// puzzle's renderer draws it.
type nodeView struct {
	ID       uint64          `json:"id"`
	G        int             `json:"g"`
	H        int             `json:"h"`
	F        int             `json:"f"`
	Depth    int             `json:"depth"`
	Moves    []string        `json:"moves"`
	Renderer string          `json:"renderer"`
	View     json.RawMessage `json:"view,omitempty"`
	Error    string          `json:"error,omitempty"`
}

func (r *run) nodeView(info *trace.RunInfo, moves []int, g, h, f, depth int) *nodeView {
	nv := &nodeView{G: g, H: h, F: f, Depth: depth, Moves: []string{}}
	if info == nil {
		return nv
	}
	for _, m := range moves {
		if m >= 0 && m < len(info.MoveNames) {
			nv.Moves = append(nv.Moves, info.MoveNames[m])
		} else {
			nv.Moves = append(nv.Moves, itoa(m))
		}
	}
	r.viewMu.Lock()
	defer r.viewMu.Unlock()
	if r.viewer == nil && r.viewErr == nil {
		r.viewer, r.viewErr = newViewer(info)
	}
	if r.viewErr != nil {
		nv.Error = r.viewErr.Error()
		return nv
	}
	nv.Renderer = r.viewer.renderer
	v, err := r.viewer.at(moves)
	if err != nil {
		nv.Error = err.Error()
		return nv
	}
	nv.View = v
	return nv
}

// runView is one run as the page's stats panel and window.viz read it.
type runView struct {
	ID             int              `json:"id"`
	Label          string           `json:"label"`
	Puzzle         string           `json:"puzzle"`
	Instance       string           `json:"instance"`
	Heuristic      string           `json:"heuristic"`
	Algorithm      string           `json:"algorithm"`
	Status         string           `json:"status"`
	Iteration      int              `json:"iteration"`
	Bound          int              `json:"bound"`
	Expanded       int64            `json:"expanded"`
	Generated      int64            `json:"generated"`
	Pruned         int64            `json:"pruned"`
	SolutionLength int              `json:"solutionLength"`
	Solution       []string         `json:"solution"`
	Cost           int              `json:"cost"`
	Events         int64            `json:"events"`
	Seconds        float64          `json:"seconds"`
	NodesPerSecond float64          `json:"nodesPerSecond"`
	EBF            float64          `json:"ebf"`
	Iterations     []iterationCount `json:"iterations"`
	Error          string           `json:"error,omitempty"`
}

type iterationCount struct {
	Iteration int   `json:"iteration"`
	Bound     int   `json:"bound"`
	NextBound int   `json:"nextBound"`
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
	Pruned    int64 `json:"pruned"`
}

func makeRunView(st runStats) runView {
	v := runView{ID: st.ID, Label: st.Label, Status: st.State, Iteration: st.Iteration, Bound: st.Bound,
		Expanded: st.Totals.Expanded, Generated: st.Totals.Generated, Pruned: st.Totals.Pruned,
		Cost: st.Cost, Events: st.Pos, Seconds: st.Elapsed.Seconds(), Solution: []string{},
		Iterations: []iterationCount{}}
	info := st.Run
	if info != nil {
		v.Puzzle, v.Instance, v.Heuristic, v.Algorithm = info.Puzzle, info.Instance, info.Heuristic, info.Algorithm
	}
	if st.Status == trace.StatusSolved {
		v.SolutionLength = len(st.Solution)
		for _, m := range st.Solution {
			if info != nil && m >= 0 && m < len(info.MoveNames) {
				v.Solution = append(v.Solution, info.MoveNames[m])
			} else {
				v.Solution = append(v.Solution, itoa(m))
			}
		}
	}
	if v.Seconds > 0 {
		v.NodesPerSecond = float64(v.Generated) / v.Seconds
	}
	if v.SolutionLength > 0 {
		v.EBF = engine.EffectiveBranching(v.Generated, v.SolutionLength)
	} else if its := st.Iterations; len(its) >= 2 && its[len(its)-2].Generated > 0 {
		// No solution yet: the growth of the last two iterations estimates it.
		v.EBF = float64(its[len(its)-1].Generated) / float64(its[len(its)-2].Generated)
	}
	for _, it := range iterationsOf(st) {
		v.Iterations = append(v.Iterations, iterationCount{Iteration: it.Iteration, Bound: it.Bound, NextBound: it.NextBound,
			Expanded: it.Expanded, Generated: it.Generated, Pruned: it.Pruned})
	}
	return v
}

// stateMsg is what the writer sends at most every SnapshotInterval.
type stateMsg struct {
	Type   string         `json:"type"`
	Mode   string         `json:"mode"`
	Status string         `json:"status"`
	Active *runView       `json:"active"`
	Runs   []runView      `json:"runs"`
	Tree   *treeView      `json:"tree"`
	Node   *nodeView      `json:"node"`
	Charts map[string]any `json:"charts"`
	Replay *replayPos     `json:"replay,omitempty"`
	Log    bool           `json:"log"`
	Event  string         `json:"event"` // the active run's last event, in words
}

type replayPos struct {
	Pos   int64 `json:"pos"`
	Total int   `json:"total"`
}

// state builds the page's view of the tab's runs.
func (s *session) state() stateMsg {
	s.mu.Lock()
	runs := append([]*run(nil), s.runs...)
	type rs struct {
		cancelled bool
		err       error
		p         *player
	}
	extra := make([]rs, len(runs))
	for i, r := range runs {
		extra[i] = rs{r.cancelled, r.err, r.p}
	}
	co := s.chart
	s.mu.Unlock()

	msg := stateMsg{Type: "state", Mode: "live", Status: "idle", Runs: []runView{}, Log: co.Log}
	if s.srv.opt.Recording != nil {
		msg.Mode = "replay"
	}
	var stats []runStats
	var fr frame
	for i := range runs {
		f := extra[i].p.frame()
		switch {
		case extra[i].cancelled:
			f.stats.State = "cancelled"
		case f.stats.ended():
			f.stats.State = f.stats.Status.String()
		case f.paused:
			f.stats.State = "paused"
		default:
			f.stats.State = "running"
		}
		v := makeRunView(f.stats)
		if extra[i].err != nil {
			v.Error = extra[i].err.Error()
		}
		msg.Runs = append(msg.Runs, v)
		stats = append(stats, f.stats)
		fr = f
	}
	if len(runs) == 0 {
		msg.Charts = map[string]any{
			"fhist":      fHistogram(runStats{}, false, co),
			"fhistTotal": fHistogram(runStats{}, true, co),
			"iterations": iterationCounts(nil, co),
			"bounds":     boundChart(nil),
		}
		return msg
	}
	act := runs[len(runs)-1]
	av := msg.Runs[len(msg.Runs)-1]
	msg.Active = &av
	msg.Status = av.Status
	tv := fr.tree
	msg.Tree = &tv
	msg.Event = fr.lastEvent
	st := stats[len(stats)-1]
	switch {
	case fr.last != nil && st.Status != trace.StatusSolved:
		e := fr.last
		if fr.lastPlaced {
			msg.Node = act.nodeView(st.Run, fr.lastMoves, e.G, e.H, e.F, e.Depth)
		} else {
			msg.Node = &nodeView{G: e.G, H: e.H, F: e.F, Depth: e.Depth, Moves: []string{},
				Error: "this node's parent is not in the tree window, so its state is unknown"}
		}
		msg.Node.ID = e.Node
	case st.Status == trace.StatusSolved:
		g := st.Cost
		msg.Node = act.nodeView(st.Run, st.Solution, g, 0, g, len(st.Solution))
	default:
		h := 0
		if st.Run != nil {
			h = st.Run.StartH
		}
		msg.Node = act.nodeView(st.Run, nil, 0, h, h, 0)
	}
	msg.Charts = map[string]any{
		"fhist":      fHistogram(st, false, co),
		"fhistTotal": fHistogram(st, true, co),
		"iterations": iterationCounts(stats, co),
		"bounds":     boundChart(stats),
	}
	if rec := s.srv.opt.Recording; rec != nil {
		msg.Replay = &replayPos{Pos: st.Pos, Total: len(rec.Events)}
	}
	return msg
}
