package web

import (
	"encoding/json"
	"errors"
	"fmt"

	"idaviz/puzzles"
	"idaviz/trace"
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
	// Lecture is save-lecture's bookmarks.
	Lecture *trace.Lecture `json:"lecture"`
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
	msg.Node = (&fold.Views{}).Node(&req.Info, nil, 0, 0, 0, 0)
	return msg
}

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
		return s.start(startRequest{Puzzle: m.Puzzle, State: m.State, Heuristic: m.Heuristic,
			Goal: m.Goal, Algorithm: m.Algorithm, Fast: m.Fast}, m.Keep)
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
			return fmt.Errorf("bad message: step count %v must be a whole number from 1 to 1e9", n)
		}
		return s.control(modeStep, n)
	case "expand":
		return s.control(modeToVisit, 0)
	case "to-bound":
		if m.All {
			return s.lockstep()
		}
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
	case "clear":
		s.clear()
		return nil
	case "save-lecture":
		if s.lecture == nil {
			return errors.New("bookmarks are saved by a replay (viz replay FILE); this page runs searches")
		}
		if err := s.lecture.save(m.Lecture); err != nil {
			return err
		}
		s.reply(s.lecture.msg(true))
		return nil
	case "":
		return errors.New("bad message: no type")
	}
	return fmt.Errorf("bad message: unknown type %q", m.Type)
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

func (s *session) replyError(format string, args ...any) {
	s.reply(errorMsg{Type: "error", Message: fmt.Sprintf(format, args...)})
}
