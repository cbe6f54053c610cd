package web

import (
	"strings"
	"testing"
	"time"

	"idaviz/puzzles"
	"idaviz/web/internal/testrun"
)

// TestStartOrder: a start message's order is the order the search tries
// the moves in, as viz solve --order tries them: the run counts the nodes
// the engine counts in that order, and its label names the order. A puzzle
// with one order, or an order that is not one, is refused.
func TestStartOrder(t *testing.T) {
	const state = "8 6 7 2 5 4 3 0 1" // the hardest 8-puzzle: 31 moves
	generated := map[string]int64{}
	for _, c := range []struct{ order, label string }{
		{"", "manhattan ida"},
		{"ulrd", "manhattan ida ulrd"},
	} {
		t.Run("order "+c.order, func(t *testing.T) {
			want := testrun.ResultInOrder(t, "8puzzle", state, "manhattan", c.order)
			generated[c.order] = want.Totals.Generated

			cl := dial(t, newTestServer(t, Options{}))
			cl.send(map[string]any{"type": "start", "puzzle": "8puzzle", "state": state, "heuristic": "manhattan", "order": c.order})
			cl.until(time.Minute, "paused", func(m *msg) bool { return isState(m) && m.Status == "paused" })
			cl.send(map[string]any{"type": "to-end"})
			m := cl.until(2*time.Minute, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
			if m.Active.Generated != want.Totals.Generated || m.Active.SolutionLength != 31 {
				t.Errorf("the page's run: %d generated, %d moves; the engine in order %q: %d, 31", m.Active.Generated, m.Active.SolutionLength, c.order, want.Totals.Generated)
			}
			if m.Active.Label != c.label {
				t.Errorf("the run's label %q, want %q", m.Active.Label, c.label)
			}
		})
	}
	if len(generated) == 2 && generated[""] == generated["ulrd"] {
		t.Errorf("both orders generate %d nodes: the test cannot tell them apart", generated[""])
	}

	squares, err := puzzles.Lookup("squares")
	if err != nil || len(squares.Presets) == 0 {
		t.Fatalf("squares: %v", err)
	}
	for _, c := range []struct{ name, puzzle, state, order, want string }{
		{"not an order", "8puzzle", state, "uldx", "order"},
		{"a puzzle with one order", "squares", squares.Presets[0].State, "ulrd", "one order"},
		{"too long", "8puzzle", state, strings.Repeat("u", maxName+1), "order"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cl := dial(t, newTestServer(t, Options{}))
			cl.send(map[string]any{"type": "start", "puzzle": c.puzzle, "state": c.state, "order": c.order})
			m := cl.until(time.Minute, "the refusal", func(m *msg) bool { return m.Type == "error" })
			if !strings.Contains(m.Message, c.want) {
				t.Errorf("order %.20q: %q, want it to say %q", c.order, m.Message, c.want)
			}
		})
	}
}
