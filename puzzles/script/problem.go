package script

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"idaviz/internal/quote"
)

// Problem is a search problem written in Starlark: a file that defines
//
//	name = "romania"                      # optional: the file's name
//	start = "Arad"                        # the start state
//	def goal(s): return s == "Bucharest"  # or goal = "Bucharest", a state
//	def moves(s): return [(label, next_state, cost), ...]
//	heuristics = {"straight-line": sld}   # optional: name -> function
//	view = {"kind": "graph", ...}         # optional: graph, grid or text
//
// A state is None, a bool, an int, a string or a tuple of states (hashable
// and immutable, as a dict key must be). Costs and heuristic values are
// whole numbers from 0 (costs from 1) to MaxValue; a heuristic must be 0
// at every goal. A Problem is immutable: every Domain runs its functions
// on its own thread, within the Budget it was loaded with.
type Problem struct {
	File    string // the file's name, for errors
	Name    string
	Source  []byte
	m       *module
	start   State
	goal    starlark.Callable // nil when the goal is a state: goalKey
	goalKey string
	moves   starlark.Callable
	heur    []namedHeuristic
	view    viewSpec
	budget  Budget
}

type namedHeuristic struct {
	name string
	fn   starlark.Callable // nil: zero
}

// Zero is the heuristic every problem has, h = 0: IDA* and A* become
// uniform-cost searches.
const Zero = "zero"

// State is a state of a Problem.
type State struct {
	v   starlark.Value
	key string
}

// String is the state as Starlark writes it ("Arad" with its quotes).
func (s State) String() string { return s.v.String() }

func newState(v starlark.Value) (State, error) {
	b, err := appendState(nil, v)
	if err != nil {
		return State{}, err
	}
	return State{v: v, key: string(b)}, nil
}

// LoadProblem runs a problem file within the budget and checks what it
// defines. Its errors are *Error, with the file, line and column.
func LoadProblem(file string, src []byte, b Budget) (*Problem, error) {
	return LoadProblemContext(context.Background(), file, src, b)
}

// LoadProblemContext is LoadProblem, whose run of the file stops when ctx
// ends.
func LoadProblemContext(ctx context.Context, file string, src []byte, b Budget) (*Problem, error) {
	c, err := compile(file, src, nil)
	if err != nil {
		return nil, err
	}
	m, err := c.run(ctx, nil, b)
	if err != nil {
		return nil, err
	}
	p := &Problem{File: file, Source: append([]byte(nil), src...), m: m, budget: b}
	if err := p.define(); err != nil {
		return nil, err
	}
	return p, nil
}

const problemParts = "a problem defines start, goal and moves, and may define name, heuristics and view"

func (p *Problem) define() error {
	m := p.m
	p.Name = strings.TrimSuffix(filepath.Base(p.File), filepath.Ext(p.File))
	if v, ok := m.globals["name"]; ok {
		s, ok := v.(starlark.String)
		if !ok || strings.TrimSpace(string(s)) == "" || strings.ContainsAny(string(s), "\n\r") {
			return m.errorAt("name", "name must be a one-line string, not %s", describe(v))
		}
		p.Name = string(s)
	}
	v, ok := m.globals["start"]
	if !ok {
		return &Error{File: p.File, Msg: "start is not defined: " + problemParts}
	}
	var err error
	if p.start, err = newState(v); err != nil {
		return m.errorAt("start", "start: %v", err)
	}
	g, ok := m.globals["goal"]
	if !ok {
		return &Error{File: p.File, Msg: "goal is not defined: " + problemParts}
	}
	if _, isFn := g.(starlark.Callable); isFn {
		if p.goal, err = oneArgument(m, "goal", "goal", g, "goal(state) is True at a goal"); err != nil {
			return err
		}
	} else {
		s, err := newState(g)
		if err != nil {
			return m.errorAt("goal", "goal must be a function or a state: %v", err)
		}
		p.goalKey = s.key
	}
	if p.moves, err = m.function("moves", "moves(state) returns a list of (label, next state, cost)"); err != nil {
		var e *Error
		if errors.As(err, &e) && e.Line == 0 {
			e.Msg += ": " + problemParts
		}
		return err
	}
	if err := p.defineHeuristics(); err != nil {
		return err
	}
	return p.defineView()
}

func (p *Problem) defineHeuristics() error {
	m := p.m
	v, ok := m.globals["heuristics"]
	if ok {
		d, ok := v.(*starlark.Dict)
		if !ok {
			return m.errorAt("heuristics", "heuristics must be a dict of name: function, not a %s", v.Type())
		}
		for _, kv := range d.Items() {
			name, ok := kv[0].(starlark.String)
			if !ok || !validName(string(name)) {
				return m.errorAt("heuristics", "a heuristic's name must be a non-empty string of letters, digits, '-' and '_', not %s", describe(kv[0]))
			}
			fn, err := oneArgument(m, "heuristics", fmt.Sprintf("the heuristic %q", string(name)), kv[1], "h(state) estimates the cost from state to a goal")
			if err != nil {
				return err
			}
			p.heur = append(p.heur, namedHeuristic{name: string(name), fn: fn})
		}
	}
	for _, h := range p.heur {
		if h.name == Zero {
			return nil
		}
	}
	p.heur = append(p.heur, namedHeuristic{name: Zero})
	return nil
}

// validName accepts the names a heuristic may have on a command line.
func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		ok := r == '-' || r == '_' || r == '.' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !ok {
			return false
		}
	}
	return true
}

// Heuristics names the problem's heuristics in the file's order, the
// default first, ending with Zero unless the file defines it.
func (p *Problem) Heuristics() []string {
	out := make([]string, len(p.heur))
	for i, h := range p.heur {
		out[i] = h.name
	}
	return out
}

// Start is the file's start state.
func (p *Problem) Start() State { return p.start }

// ViewKind is how the page draws the problem's states: "graph", "grid" or
// "text".
func (p *Problem) ViewKind() string { return p.view.kind }

// Parse reads a state: "" is the file's start; anything else is a Starlark
// expression over the file's globals (("Arad"), (1, 2), START), and a bare
// word that names no global is a string (Arad).
func (p *Problem) Parse(text string) (State, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return p.start, nil
	}
	if len(text) > maxStateBytes {
		return State{}, fmt.Errorf("a state of more than %d bytes", maxStateBytes)
	}
	sb := newSandbox(context.Background(), p.File, p.budget)
	v, err := sb.run("", nil, func(t *starlark.Thread) (starlark.Value, error) {
		e, err := fileOptions.ParseExpr("<state>", text, 0)
		if err != nil {
			return nil, err
		}
		if e, err = guardExpr(e); err != nil {
			return nil, err
		}
		env := guards()
		for k, v := range p.m.globals {
			env[k] = v
		}
		return starlark.EvalExprOptions(fileOptions, t, e, env)
	})
	if err != nil {
		if isWord(text) {
			v = starlark.String(text)
		} else {
			var e *Error
			if errors.As(err, &e) {
				return State{}, fmt.Errorf("the state %s: %s", quote.Short(text), e.Msg)
			}
			return State{}, fmt.Errorf("the state %s: %w", quote.Short(text), err)
		}
	}
	s, err := newState(v)
	if err != nil {
		return State{}, fmt.Errorf("the state %s: %w", quote.Short(text), err)
	}
	return s, nil
}

// isWord reports whether s is one Starlark identifier.
func isWord(s string) bool {
	e, err := fileOptions.ParseExpr("<state>", s, 0)
	if err != nil {
		return false
	}
	_, ok := e.(*syntax.Ident)
	return ok
}

// StateName is the state a snapshot encodes (Domain's AppendState) as
// Starlark writes it, or the bytes in hex when they encode none.
func (p *Problem) StateName(snapshot []byte) string {
	v, err := decodeState(snapshot)
	if err != nil {
		return fmt.Sprintf("%x", snapshot)
	}
	return describe(v)
}
