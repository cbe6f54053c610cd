package trace

import (
	"errors"
	"fmt"
)

// Limits are the largest values a viewer of a trace is prepared to show. A
// trace is untrusted input: the reader checks its framing and list lengths,
// but a record may still claim a bound of 10^9 or a node 10,000 levels
// deep, and a view sized by such values (a chart axis from 0 to the bound, a
// tree nested as deep as the nodes) would not fit in memory. A viewer checks
// each event with Check before drawing it, and says why it stops.
type Limits struct {
	Bound     int // bounds, next bounds, f, g, h and solution costs
	Depth     int // a node's depth, and a solution's length
	Histogram int // entries in one histogram
	Iteration int // an iteration's number

	// The run's metadata (run-start), in bytes: a viewer shows it in every
	// message it sends a page, and an 8 MB name made each one 42 MB.
	Name      int // the puzzle's, heuristic's, algorithm's and engine's names, and each option's key
	Instance  int // the instance (the start state as the puzzle writes it)
	MoveName  int // each move's name (a solution, a path, repeats them: one name per move)
	MoveNames int // all the moves' names together
	Options   int // all the options' keys and values together
}

// DefaultLimits fit every puzzle of this module with room to spare (their
// optimal solutions are at most a few hundred moves) and what Stats keeps.
// Its metadata limits fit what this module's commands record: a heuristic
// written in Starlark is named by its file's path (at most 4096 bytes on
// most systems), the largest grid world's map is 263 KB, a move's name is
// a few characters ("U2", "L", a problem's label such as "Arad-Sibiu"), and
// a problem written in Starlark carries its source (at most 1 MiB) in the
// options.
var DefaultLimits = Limits{Bound: histLimit - 1, Depth: 1 << 10, Histogram: histLimit, Iteration: keptIterations,
	Name: 4 << 10, Instance: 1 << 20, MoveName: 64, MoveNames: 16 << 10, Options: 2 << 20}

// ErrBeyondLimits is what every *LimitError wraps.
var ErrBeyondLimits = errors.New("trace: a value beyond what can be shown")

// LimitError names the value of an event that is beyond a Limits.
type LimitError struct {
	Kind  Kind
	Field string // "bound", "depth", "visitF histogram", "heuristic name", ...
	Value int64
	Limit int64  // the largest allowed value
	Unit  string // "bytes" for a length of the metadata, else ""
}

func (e *LimitError) Error() string {
	if e.Unit != "" {
		return fmt.Sprintf("%v record: %s of %d %s is beyond what can be shown (at most %d)", e.Kind, e.Field, e.Value, e.Unit, e.Limit)
	}
	if e.Value < 0 {
		return fmt.Sprintf("%v record: %s %d is negative", e.Kind, e.Field, e.Value)
	}
	return fmt.Sprintf("%v record: %s %d is beyond what can be shown (at most %d)", e.Kind, e.Field, e.Value, e.Limit)
}

func (e *LimitError) Unwrap() error { return ErrBeyondLimits }

// Check reports the first value of e beyond l as a *LimitError, nil when
// every value is within. Values may be -1 where the format uses it (a
// root's move, a move-rule prune's h and f, no next bound). Check looks at
// one event: a viewer that builds trees from Parent ids must still walk
// them without recursion, as a hostile file can chain parents deeper than
// its depths say.
func (l Limits) Check(e *Event) error {
	c := checker{kind: e.Kind}
	switch e.Kind {
	case KindRunStart:
		if e.Run != nil {
			c.metadata(l, e.Run)
		}
	case KindIterationStart:
		c.value("iteration", e.Iteration, l.Iteration)
		c.value("bound", e.Bound, l.Bound)
	case KindVisit, KindPrune, KindExpand, KindPush, KindReopen, KindRaise:
		c.value("iteration", e.Iteration, l.Iteration)
		c.value("bound", e.Bound, l.Bound)
		c.value("depth", e.Depth, l.Depth)
		c.value("g", e.G, l.Bound)
		c.value("h", e.H, l.Bound)
		c.value("f", e.F, l.Bound)
	case KindBoundIncrease:
		c.value("iteration", e.Iteration, l.Iteration)
		c.value("bound", e.Bound, l.Bound)
		c.value("new bound", e.NewBound, l.Bound)
	case KindIterationEnd, KindProgress:
		c.value("iteration", e.Iteration, l.Iteration)
		c.value("bound", e.Bound, l.Bound)
		if it := e.Stats; it != nil {
			c.value("next bound", it.NextBound, l.Bound)
			c.value("visitF histogram's length", len(it.VisitF), l.Histogram)
			c.value("pruneF histogram's length", len(it.PruneF), l.Histogram)
			c.value("depth histogram's length", len(it.Depth), l.Histogram)
		}
	case KindSolution:
		c.value("cost", e.Cost, l.Bound)
		c.value("solution length", len(e.Moves), l.Depth)
	}
	if c.err != nil {
		return c.err
	}
	return nil
}

// checker keeps the first value out of range.
type checker struct {
	kind Kind
	err  *LimitError
}

// metadata checks a run's metadata, by length: a record of the format
// may hold 16 MiB of it.
func (c *checker) metadata(l Limits, r *RunInfo) {
	for _, f := range []struct {
		name string
		v    string
	}{{"puzzle name", r.Puzzle}, {"heuristic name", r.Heuristic}, {"algorithm name", r.Algorithm}, {"engine name", r.Engine}} {
		c.length(f.name, len(f.v), l.Name)
	}
	c.length("instance", len(r.Instance), l.Instance)
	all := 0
	for _, m := range r.MoveNames {
		c.length("move name", len(m), l.MoveName)
		all += len(m)
	}
	c.length("moves' names", all, l.MoveNames)
	all = 0
	for k, v := range r.Options {
		c.length("option key", len(k), l.Name)
		all += len(k) + len(v)
	}
	c.length("options", all, l.Options)
}

func (c *checker) length(field string, n, limit int) {
	if c.err == nil && n > limit {
		c.err = &LimitError{Kind: c.kind, Field: field, Value: int64(n), Limit: int64(limit), Unit: "bytes"}
	}
}

func (c *checker) value(field string, v, limit int) {
	if c.err == nil && (v < -1 || v > limit) {
		c.err = &LimitError{Kind: c.kind, Field: field, Value: int64(v), Limit: int64(limit)}
	}
}
