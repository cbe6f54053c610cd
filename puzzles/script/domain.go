package script

import (
	"context"
	"fmt"
	"time"

	"go.starlark.net/starlark"

	"idaviz/engine"
	"idaviz/internal/quote"
)

// MaxBranch is the most moves a state of a problem may have.
const MaxBranch = 256

// exploreFirst is how many states a Domain explores breadth-first when it
// is made, to number the moves' labels in an order that depends on the
// problem only (not on where a search goes first): a trace names moves by
// number, and a replay must rebuild the same numbers.
const exploreFirst = 4096

// exploreTime bounds that exploration.
const exploreTime = 10 * time.Second

// stateBytes is what a kept state costs besides its key (its record, its
// map entry, its Starlark value), for the memory budget; edgeBytes is a
// move's.
const (
	stateBytes = 160
	edgeBytes  = 12
)

// Domain searches a Problem: its states are interned (each distinct state
// is kept once, with an index), so a search in place moves between indices,
// A* stores a state as its canonical encoding, and each state's moves, goal
// test and heuristic value are computed once.
//
// The engine's Domain methods cannot return errors: the first error a
// script raises (or a budget) is kept, the search sees no more children
// and ends, and Err says what it was.
type Domain struct {
	p      *Problem
	sb     *sandbox
	hname  string
	hfn    starlark.Callable // nil: zero
	states []stateRec
	index  map[string]int32
	labels []string
	label  map[string]int32
	cur    int32
	path   []int32 // the states before cur, from the start
	err    error
	// distinct counts the states expanded at least once.
	distinct int
	key      []byte
	graph    *graphView // the states a graph view draws, made on first use
}

type stateRec struct {
	v        starlark.Value
	key      string
	succ     []edge
	listed   bool // succ is known
	expanded bool
	h        int32 // -1: not yet computed
	goal     int8  // 0 unknown, 1 a goal, 2 not
}

type edge struct {
	label, next, cost int32
}

// Domain makes a domain at start, searched with the named heuristic. It
// numbers the moves by exploring the first states, so a problem whose
// moves fail near the start says so here.
func (p *Problem) Domain(start State, heuristic string) (*Domain, error) {
	return p.DomainContext(context.Background(), start, heuristic)
}

// DomainContext is Domain, whose calls of the problem's functions stop
// (with an error that wraps ctx's) when ctx ends.
func (p *Problem) DomainContext(ctx context.Context, start State, heuristic string) (*Domain, error) {
	d := &Domain{p: p, sb: newSandbox(ctx, p.File, p.budget), hname: heuristic, index: map[string]int32{}, label: map[string]int32{}}
	found := false
	for _, h := range p.heur {
		if h.name == heuristic {
			d.hfn, found = h.fn, true
		}
	}
	if !found {
		return nil, fmt.Errorf("problem %s has no heuristic %s (choose from: %v)", p.Name, quote.Short(heuristic), p.Heuristics())
	}
	if start.v == nil {
		start = p.start
	}
	s, err := d.intern(start.v)
	if err != nil {
		return nil, err
	}
	d.cur = s
	// Each call has its deadline; all of them together have this one
	// (4,096 calls of moves could each take seconds).
	undo := d.sb.within(exploreTime)
	err = d.explore(s, exploreFirst)
	undo()
	if err != nil {
		return nil, err
	}
	return d, nil
}

// explore lists the moves of up to n states breadth-first from s.
func (d *Domain) explore(s int32, n int) error {
	seen := map[int32]bool{s: true}
	queue := []int32{s}
	for len(queue) > 0 && len(seen) <= n {
		i := queue[0]
		queue = queue[1:]
		succ, err := d.successors(i)
		if err != nil {
			return err
		}
		for _, e := range succ {
			if !seen[e.next] {
				seen[e.next] = true
				queue = append(queue, e.next)
			}
		}
	}
	return nil
}

// intern returns the index of the state v, keeping it if it is new.
func (d *Domain) intern(v starlark.Value) (int32, error) {
	var err error
	d.key, err = appendState(d.key[:0], v)
	if err != nil {
		return 0, err
	}
	if i, ok := d.index[string(d.key)]; ok {
		return i, nil
	}
	// The value is kept besides its key: a tuple of n Nones is n bytes of
	// key and 16n of value.
	if err := d.sb.hold(int64(2*len(d.key)+stateBytes) + valueBytes(v, 0)); err != nil {
		err.(*Error).Msg += fmt.Sprintf(" (%d states)", len(d.states))
		return 0, err
	}
	v.Freeze()
	i := int32(len(d.states))
	k := string(d.key)
	d.states = append(d.states, stateRec{v: v, key: k, h: -1})
	d.index[k] = i
	return i, nil
}

// HeldBytes is what the states the domain keeps take, for A*'s budgets
// (engine.StateKeeper).
func (d *Domain) HeldBytes() int64 { return d.sb.held }

// valueBytes is what a state's Starlark value takes in memory (a state is
// at most maxStateDepth deep and maxStateBytes long: the walk is short).
func valueBytes(v starlark.Value, depth int) int64 {
	switch x := v.(type) {
	case starlark.String:
		return 16 + int64(len(x))
	case starlark.Int:
		return 16
	case starlark.Tuple:
		n := int64(24 + 16*len(x))
		if depth < maxStateDepth {
			for _, e := range x {
				n += valueBytes(e, depth+1)
			}
		}
		return n
	}
	return 0
}

// fail keeps the first error.
func (d *Domain) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

// Err is the first error the problem's functions raised, or the budget
// that stopped them; nil when none did.
func (d *Domain) Err() error { return d.err }

// errorIn is an Error about what function fn returned for state v.
func (d *Domain) errorIn(fn starlark.Callable, what string, v starlark.Value, format string, a ...any) *Error {
	e := &Error{File: d.p.File, Func: what, State: describe(v), Msg: fmt.Sprintf(format, a...)}
	if f, ok := fn.(*starlark.Function); ok {
		e.Line, e.Col = int(f.Position().Line), int(f.Position().Col)
	}
	return e
}

// successors lists state i's moves, calling moves() the first time.
func (d *Domain) successors(i int32) ([]edge, error) {
	if d.states[i].listed {
		return d.states[i].succ, nil
	}
	v := d.states[i].v
	r, err := d.sb.call(d.p.moves, starlark.Tuple{v}, "moves", v)
	if err != nil {
		return nil, err
	}
	iter, ok := r.(starlark.Iterable)
	if _, isStr := r.(starlark.String); !ok || isStr {
		return nil, d.errorIn(d.p.moves, "moves", v, "returned a %s, not a list of (label, next state, cost)", r.Type())
	}
	var succ []edge
	it := iter.Iterate()
	defer it.Done()
	var x starlark.Value
	seen := map[int32]bool{}
	for k := 1; it.Next(&x); k++ {
		if k > MaxBranch {
			return nil, d.errorIn(d.p.moves, "moves", v, "returned more than %d moves", MaxBranch)
		}
		t, ok := x.(starlark.Tuple)
		if !ok || len(t) != 3 {
			return nil, d.errorIn(d.p.moves, "moves", v, "move %d is %s, not a (label, next state, cost) tuple", k, describe(x))
		}
		name := labelName(t[0])
		if name == "" {
			return nil, d.errorIn(d.p.moves, "moves", v, "move %d has an empty label", k)
		}
		cost, err := number(t[2], 1, fmt.Sprintf("the cost of move %d (%s)", k, name))
		if err != nil {
			return nil, d.errorIn(d.p.moves, "moves", v, "%v", err)
		}
		next, err := d.intern(t[1])
		if err != nil {
			var e *Error
			if asError(err, &e) {
				return nil, err
			}
			return nil, d.errorIn(d.p.moves, "moves", v, "the next state of move %d (%s): %v", k, name, err)
		}
		l, ok := d.label[name]
		if !ok {
			l = int32(len(d.labels))
			d.labels = append(d.labels, name)
			d.label[name] = l
		}
		if seen[l] {
			return nil, d.errorIn(d.p.moves, "moves", v, "two moves are labelled %q: a state's labels must differ", name)
		}
		seen[l] = true
		succ = append(succ, edge{label: l, next: next, cost: int32(cost)})
	}
	if err := d.sb.hold(int64(len(succ) * edgeBytes)); err != nil {
		return nil, err
	}
	d.states[i].succ, d.states[i].listed = succ, true
	return succ, nil
}

// isGoal tests state i, calling goal() the first time.
func (d *Domain) isGoal(i int32) (bool, error) {
	s := &d.states[i]
	if s.goal == 0 {
		g := s.key == d.p.goalKey
		if d.p.goal != nil {
			r, err := d.sb.call(d.p.goal, starlark.Tuple{s.v}, "goal", s.v)
			if err != nil {
				return false, err
			}
			b, ok := r.(starlark.Bool)
			if !ok {
				return false, d.errorIn(d.p.goal, "goal", s.v, "returned %s, not True or False", describe(r))
			}
			g = bool(b)
		}
		s = &d.states[i]
		s.goal = 2
		if g {
			s.goal = 1
		}
	}
	return s.goal == 1, nil
}

// h is state i's heuristic value, computed the first time: a whole number
// from 0 to MaxValue, and 0 at a goal.
func (d *Domain) h(i int32) (int32, error) {
	if v := d.states[i].h; v >= 0 {
		return v, nil
	}
	val := 0
	if d.hfn != nil {
		v := d.states[i].v
		r, err := d.sb.call(d.hfn, starlark.Tuple{v}, d.hname, v)
		if err != nil {
			return 0, err
		}
		if val, err = number(r, 0, "the value"); err != nil {
			return 0, d.errorIn(d.hfn, d.hname, v, "%v", err)
		}
		if val > 0 {
			g, err := d.isGoal(i)
			if err != nil {
				return 0, err
			}
			if g {
				return 0, d.errorIn(d.hfn, d.hname, v, "the value is %d at a goal: a heuristic must be 0 at every goal", val)
			}
		}
	}
	d.states[i].h = int32(val)
	return int32(val), nil
}

// NumMoves is the number of distinct labels seen so far.
func (d *Domain) NumMoves() int { return len(d.labels) }

// MaxBranch is the most moves a state may have.
func (d *Domain) MaxBranch() int { return MaxBranch }

// MoveName is a label as the problem wrote it.
func (d *Domain) MoveName(m int) string {
	if m >= 0 && m < len(d.labels) {
		return d.labels[m]
	}
	return fmt.Sprintf("move %d", m)
}

// H is the current state's heuristic value (0 once an error was raised).
func (d *Domain) H() int {
	if d.err != nil {
		return 0
	}
	h, err := d.h(d.cur)
	if err != nil {
		d.fail(err)
		return 0
	}
	return int(h)
}

// IsGoal tests the current state (false once an error was raised).
func (d *Domain) IsGoal() bool {
	if d.err != nil {
		return false
	}
	g, err := d.isGoal(d.cur)
	if err != nil {
		d.fail(err)
	}
	return g && err == nil
}

// Expand writes the current state's moves, but for those back to the
// state it was reached from (with positive costs, no shortest path goes
// back), with their costs and their states' heuristic values. It writes
// none once an error was raised, which ends a search.
func (d *Domain) Expand(prev int, out []engine.Child) int {
	if d.err != nil {
		return 0
	}
	if err := d.sb.tick(); err != nil {
		d.fail(err)
		return 0
	}
	succ, err := d.successors(d.cur)
	if err != nil {
		d.fail(err)
		return 0
	}
	if s := &d.states[d.cur]; !s.expanded {
		s.expanded = true
		d.distinct++
	}
	parent := int32(-1)
	if len(d.path) > 0 && prev != engine.NoMove {
		parent = d.path[len(d.path)-1]
	}
	n := 0
	for _, e := range succ {
		if e.next == parent {
			continue
		}
		h, err := d.h(e.next)
		if err != nil {
			d.fail(err)
			return 0
		}
		out[n] = engine.Child{Move: e.label, Cost: e.cost, H: h}
		n++
	}
	return n
}

// Apply makes the move labelled m. A label the current state has no move
// for is an error (the engine never asks for one; a damaged trace might).
func (d *Domain) Apply(m int) {
	d.path = append(d.path, d.cur)
	succ, err := d.successors(d.cur)
	if err != nil {
		d.fail(err)
		return
	}
	for _, e := range succ {
		if int(e.label) == m {
			d.cur = e.next
			return
		}
	}
	d.fail(fmt.Errorf("%s: no move %q from %s", d.p.File, d.MoveName(m), describe(d.states[d.cur].v)))
}

// Undo takes back the last move.
func (d *Domain) Undo(int) {
	if n := len(d.path); n > 0 {
		d.cur = d.path[n-1]
		d.path = d.path[:n-1]
	}
}

// AppendState appends the current state's canonical encoding.
func (d *Domain) AppendState(dst []byte) []byte { return append(dst, d.states[d.cur].key...) }

// SetState makes the state encoded by b current (from this domain or
// another of the same problem), with no path behind it. Bytes that encode
// no state are ignored.
func (d *Domain) SetState(b []byte) {
	i, ok := d.index[string(b)]
	if !ok {
		v, err := decodeState(b)
		if err != nil {
			return
		}
		if i, err = d.intern(v); err != nil {
			d.fail(err)
			return
		}
	}
	d.cur, d.path = i, d.path[:0]
}

// ExpandedStates is the number of distinct states expanded so far: with
// the expansions a search counts, how often it came back to the same
// state (IDA* keeps no table of the states it has seen; A* does).
func (d *Domain) ExpandedStates() int { return d.distinct }

// State is the current state.
func (d *Domain) State() State {
	s := d.states[d.cur]
	return State{v: s.v, key: s.key}
}
