package web

import (
	"encoding/json"
	"strconv"

	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/draw"
	"idaviz/web/fold"
)

// The protocol: the messages the page sends, how the session carries them
// out, and the replies other than the state. docs/PROTOCOL.md describes it
// for the page's side; the page's TraceSource (static/tracesource.js)
// answers the same messages from an exported trace.

const (
	maxState = 4 << 10
	maxName  = 64
)

// clientMsg is every message the page sends; which fields count depends on
// Type. Every field is checked in handle.
type clientMsg struct {
	Type      string   `json:"type"`
	Puzzle    string   `json:"puzzle"`
	State     string   `json:"state"`
	Heuristic string   `json:"heuristic"`
	Goal      string   `json:"goal"`
	Order     string   `json:"order"`
	Algorithm string   `json:"algorithm"`
	Fast      bool     `json:"fast"`
	Keep      bool     `json:"keep"`
	N         *float64 `json:"n"`
	Depth     int      `json:"depth"`
	ID        uint64   `json:"id"`
	Pos       int      `json:"pos"`
	Iteration int      `json:"iteration"`
	// All, with to-bound, moves every run in lock-step (lockstep.go).
	All bool `json:"all"`
	// Open, with unfold: unfold the node (else fold it back).
	Open bool `json:"open"`
	// Seq numbers the page's messages; the state says the last one
	// handled, so the page can tell a state sent before its latest
	// request from one sent after.
	Seq int64 `json:"seq"`
	// Lecture is save-lecture's bookmarks.
	Lecture *trace.Lecture `json:"lecture"`
	// File and Source are a script written in Starlark (start, problem,
	// check: problem.go); Against is check's second heuristic.
	File    string `json:"file"`
	Source  string `json:"source"`
	Against string `json:"against"`
	// Kind and Text are a class-ask's question, Answer a class-reveal's
	// right answer, Quiz a class-quiz's: the lecturer's quiz is on.
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	Answer string `json:"answer"`
	Quiz   bool   `json:"quiz"`
	// Lang is a lang message's language (a BCP 47 tag: en, zh-CN).
	Lang string `json:"lang"`
}

// request is the search a start, problem or check message names.
func (m *clientMsg) request() startRequest {
	return startRequest{Puzzle: m.Puzzle, State: m.State, Heuristic: m.Heuristic, Goal: m.Goal, Order: m.Order,
		Algorithm: m.Algorithm, Fast: m.Fast, File: m.File, Source: m.Source}
}

// The replies. Each carries its type, so the page can tell them apart.
type (
	helloMsg struct {
		Type string `json:"type"` // "hello"
		Mode string `json:"mode"` // "live" or "replay"
	}
	errorMsg struct {
		Type    string `json:"type"` // "error"
		Message string `json:"message"`
		// A script's error says where it is (problem.go).
		errorPlace
	}
	scrambledMsg struct {
		Type   string `json:"type"` // "scrambled"
		Puzzle string `json:"puzzle"`
		State  string `json:"state"`
	}
	nodeMsg struct {
		Type string         `json:"type"` // "node"
		Node *fold.NodeView `json:"node"`
	}
	previewMsg struct {
		Type   string         `json:"type"` // "preview"
		Puzzle string         `json:"puzzle"`
		State  string         `json:"state"` // as the page sent it
		Node   *fold.NodeView `json:"node,omitempty"`
		Error  string         `json:"error,omitempty"` // why there is no drawing
	}
)

// preview draws a start state before any search: the page shows what Start
// would search. A state that does not parse says why instead.
func preview(puzzle, state, goal string) previewMsg {
	msg := previewMsg{Type: "preview", Puzzle: puzzle, State: state}
	req, err := puzzles.NewRequest(puzzle, state, "", goal)
	if err != nil {
		msg.Error = err.Error()
		return msg
	}
	msg.Node = (&draw.Views{}).Node(&req.Info, nil, 0, 0, 0, 0)
	return msg
}

// handle validates and carries out one message from the page.
func (s *session) handle(data []byte) error {
	var m clientMsg
	if err := json.Unmarshal(data, &m); err != nil {
		return sayWrap("server.bad-json", err)
	}
	if len(m.Type) > maxName || len(m.Against) > maxName || len(m.Lang) > maxName {
		return say("server.bad-name-length", lang.Args{"Max": maxName})
	}
	req := m.request()
	if err := req.validate(); err != nil {
		return sayWrap("server.bad-message", err)
	}
	// Numbered before it acts: a state built from now on may show the
	// position before the move (the page already shows it), but a state
	// showing the move's result never carries an older number.
	s.handled(m.Seq)
	switch m.Type {
	case "start":
		return s.start(req, m.Keep)
	case "problem":
		if s.origin.mode() == "replay" {
			return say("server.replay-no-scripts")
		}
		s.problem(req)
		return nil
	case "check":
		return s.check(req, m.Against)
	case "scramble":
		st, err := s.scramble(m.Puzzle, m.Depth, m.Goal)
		if err != nil {
			return err
		}
		s.reply(scrambledMsg{Type: "scrambled", Puzzle: m.Puzzle, State: st})
		return nil
	case "step":
		n := 1.0
		if m.N != nil {
			n = *m.N
		}
		if n < 1 || n > 1e9 || n != float64(int64(n)) {
			return say("server.bad-step", lang.Args{"Count": n})
		}
		return s.control(modeStep, n)
	case "expand":
		return s.control(modeToVisit, 1)
	case "to-bound":
		if m.All {
			return s.lockstep()
		}
		return s.control(modeToBound, 1)
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
			return say("server.bad-speed", lang.Args{"Rate": rate})
		}
		return s.control(modePlay, rate)
	case "cancel":
		return s.cancelRun()
	case "node":
		nv, err := s.node(m.ID)
		if err != nil {
			return err
		}
		s.reply(nodeMsg{Type: "node", Node: nv})
		return nil
	case "back":
		return s.back()
	case "seek":
		return s.seek(m.Pos)
	case "preview":
		s.reply(preview(m.Puzzle, m.State, m.Goal))
		return nil
	case "tree":
		s.showTree(m.Iteration)
		return nil
	case "unfold":
		s.unfold(m.ID, m.Open)
		return nil
	case "clear":
		s.clear()
		return nil
	case "save-lecture":
		if s.lecture == nil {
			return say("server.live-no-bookmarks")
		}
		if err := s.lecture.save(m.Lecture, s); err != nil {
			return err
		}
		s.reply(s.lecture.msg(s, true))
		return nil
	case "class-ask", "class-reveal", "class-quiz", "class-sync":
		return s.classMsg(&m)
	case "lang":
		s.setLang(m.Lang)
		return nil
	case "":
		return say("server.no-type")
	}
	return say("server.unknown-type", lang.Args{"Type": strconv.Quote(m.Type)})
}

// classMsg carries out a message of the lecturer's page to its class.
func (s *session) classMsg(m *clientMsg) error {
	if s.class == nil {
		return say("server.no-class")
	}
	switch m.Type {
	case "class-ask":
		return s.class.ask(s, m.Kind, m.Text)
	case "class-reveal":
		return s.class.reveal(s, m.Answer)
	case "class-quiz":
		s.class.quiz(s, m.Quiz)
	case "class-sync":
		s.class.sync(s)
	}
	return nil
}

// reply queues a message for the page; when the queue is full (a page
// that does not read) the message is dropped rather than queued without
// bound.
func (s *session) reply(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		s.logf("encoding a reply: %v", err)
		return
	}
	select {
	case s.out <- b:
	default:
	}
}

// replyErr answers err in the page's language, with where it is when a
// script raised it.
func (s *session) replyErr(err error) {
	s.reply(errorMsg{Type: "error", Message: textIn(s.printer(), err), errorPlace: placeOf(err)})
}
