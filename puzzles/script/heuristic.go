package script

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"go.starlark.net/starlark"

	"idaviz/engine"
)

// HeuristicFile is a heuristic for a built-in puzzle written in Starlark:
// a file that defines
//
//	def h(state): ...
//
// where state is the puzzle's state as the catalogue documents it (the
// sliding tiles: a tuple of ints, row by row, 0 for the blank), with
// globals the puzzle gives besides (the tiles: goal, of the same shape).
// It must return a whole number from 0 to MaxValue, 0 at every goal.
type HeuristicFile struct {
	File   string
	Source []byte
	budget Budget
}

// LoadHeuristic reads a heuristic file and checks its syntax; the names it
// uses are checked by Bind, which knows the puzzle's globals.
func LoadHeuristic(file string, src []byte, b Budget) (*HeuristicFile, error) {
	if len(src) > maxSource {
		return nil, &Error{File: file, Msg: fmt.Sprintf("the script is %d bytes, more than the %d allowed", len(src), maxSource)}
	}
	if _, err := fileOptions.Parse(file, src, 0); err != nil {
		return nil, fromStarlark(file, err)
	}
	return &HeuristicFile{File: file, Source: append([]byte(nil), src...), budget: b}, nil
}

// Heuristic is a heuristic file run with one instance's globals.
type Heuristic struct {
	file   string
	fn     starlark.Callable
	budget Budget
}

// Bind runs the file with the puzzle's globals (plain values, as ToValue
// takes them) and finds its h.
func (f *HeuristicFile) Bind(globals map[string]any) (*Heuristic, error) {
	return f.BindContext(context.Background(), globals)
}

// BindContext is Bind, whose run of the file stops when ctx ends.
func (f *HeuristicFile) BindContext(ctx context.Context, globals map[string]any) (*Heuristic, error) {
	names := slices.Sorted(maps.Keys(globals))
	c, err := compile(f.File, f.Source, names)
	if err != nil {
		return nil, err
	}
	env := starlark.StringDict{}
	for _, k := range names {
		v, err := ToValue(globals[k])
		if err != nil {
			return nil, err
		}
		v.Freeze()
		env[k] = v
	}
	m, err := c.run(ctx, env, f.budget)
	if err != nil {
		return nil, err
	}
	fn, err := m.function("h", "def h(state) returns the estimate of the cost from state to the goal")
	if err != nil {
		return nil, err
	}
	return &Heuristic{file: f.File, fn: fn, budget: f.budget}, nil
}

// Guided is a built-in puzzle's domain searched with a Starlark heuristic:
// the puzzle's own moves, costs and goal, and the script's h for every
// state, computed once a state (a cache keyed by the domain's snapshot)
// while the cache fits in the memory budget, and afresh after it is
// emptied.
//
// As with Domain, the first error is kept (Err), and ends the search.
type Guided struct {
	inner engine.Domain
	snap  engine.Snapshotter
	sb    *sandbox
	h     *Heuristic
	state func(snapshot []byte) any
	// cache holds h by state, with expandedBit set once the state was
	// expanded (for ExpandedStates).
	cache    map[string]int32
	key      []byte
	err      error
	distinct int
}

const expandedBit = 1 << 30

// cacheEntryBytes is what a cache entry costs besides its key.
const cacheEntryBytes = 48

// Domain wraps inner, which must store its states (engine.Snapshotter),
// with the heuristic; state converts a snapshot to the plain values the
// script sees.
func (h *Heuristic) Domain(inner engine.Domain, state func(snapshot []byte) any) (*Guided, error) {
	return h.DomainContext(context.Background(), inner, state)
}

// DomainContext is Domain, whose calls of h stop (with an error that wraps
// ctx's) when ctx ends.
func (h *Heuristic) DomainContext(ctx context.Context, inner engine.Domain, state func(snapshot []byte) any) (*Guided, error) {
	snap, ok := inner.(engine.Snapshotter)
	if !ok {
		return nil, fmt.Errorf("%s: this puzzle cannot give its states to a script", h.file)
	}
	g := &Guided{inner: inner, snap: snap, sb: newSandbox(ctx, h.file, h.budget), h: h, state: state, cache: map[string]int32{}}
	return g, nil
}

// value is h of the state whose snapshot is g.key.
func (g *Guided) value() (int32, error) {
	if v, ok := g.cache[string(g.key)]; ok {
		return v &^ expandedBit, nil
	}
	sv, err := ToValue(g.state(g.key))
	if err != nil {
		return 0, err
	}
	sv.Freeze()
	r, err := g.sb.call(g.h.fn, starlark.Tuple{sv}, "h", sv)
	if err != nil {
		return 0, err
	}
	n, err := number(r, 0, "the value")
	if err == nil && n > 0 && g.inner.IsGoal() {
		err = fmt.Errorf("the value is %d at the goal: a heuristic must be 0 at every goal", n)
	}
	if err != nil {
		e := &Error{File: g.h.file, Func: "h", State: describe(sv), Msg: err.Error()}
		if f, ok := g.h.fn.(*starlark.Function); ok {
			e.Line, e.Col = int(f.Position().Line), int(f.Position().Col)
		}
		return 0, e
	}
	if g.sb.hold(int64(len(g.key)+cacheEntryBytes)) != nil {
		// Full: start again rather than stop, as the search itself
		// needs none of it.
		clear(g.cache)
		g.sb.held = 0
	}
	g.cache[string(g.key)] = int32(n)
	return int32(n), nil
}

func (g *Guided) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// Err is the first error the heuristic raised, or the budget that
// stopped it.
func (g *Guided) Err() error { return g.err }

func (g *Guided) NumMoves() int         { return g.inner.NumMoves() }
func (g *Guided) MaxBranch() int        { return g.inner.MaxBranch() }
func (g *Guided) MoveName(m int) string { return g.inner.MoveName(m) }
func (g *Guided) Apply(m int)           { g.inner.Apply(m) }
func (g *Guided) Undo(m int)            { g.inner.Undo(m) }

func (g *Guided) AppendState(dst []byte) []byte { return g.snap.AppendState(dst) }
func (g *Guided) SetState(b []byte)             { g.snap.SetState(b) }

// H is the script's value at the current state (0 after an error).
func (g *Guided) H() int {
	if g.err != nil {
		return 0
	}
	g.key = g.snap.AppendState(g.key[:0])
	v, err := g.value()
	if err != nil {
		g.fail(err)
		return 0
	}
	return int(v)
}

// IsGoal is the puzzle's goal test (false after an error).
func (g *Guided) IsGoal() bool { return g.err == nil && g.inner.IsGoal() }

// Expand is the puzzle's, with each child's value from the script (none
// after an error, which ends a search).
func (g *Guided) Expand(prev int, out []engine.Child) int {
	if g.err != nil {
		return 0
	}
	if err := g.sb.tick(); err != nil {
		g.fail(err)
		return 0
	}
	g.key = g.snap.AppendState(g.key[:0])
	if v, ok := g.cache[string(g.key)]; ok && v&expandedBit == 0 {
		g.cache[string(g.key)] = v | expandedBit
		g.distinct++
	}
	n := g.inner.Expand(prev, out)
	for i := range out[:n] {
		m := int(out[i].Move)
		g.inner.Apply(m)
		g.key = g.snap.AppendState(g.key[:0])
		v, err := g.value()
		g.inner.Undo(m)
		if err != nil {
			g.fail(err)
			return 0
		}
		out[i].H = v
	}
	return n
}

// View is the puzzle's view of the current state (nil when it has none).
func (g *Guided) View() any {
	if v, ok := g.inner.(interface{ View() any }); ok {
		return v.View()
	}
	return nil
}

// ExpandedStates is the number of distinct states expanded so far (while
// the cache was not emptied).
func (g *Guided) ExpandedStates() int { return g.distinct }

// Cut names the moves the puzzle's move rule forbids after prev, when it
// can (engine.RuleCutter); none otherwise.
func (g *Guided) Cut(prev int, out []int) int {
	if c, ok := g.inner.(engine.RuleCutter); ok {
		return c.Cut(prev, out)
	}
	return 0
}

// ClearCache forgets the heuristic values computed so far (for measuring
// what a call costs).
func (g *Guided) ClearCache() {
	clear(g.cache)
	g.sb.held = 0
}
