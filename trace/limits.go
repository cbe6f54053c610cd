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
}

// DefaultLimits fit every puzzle of this module with room to spare (their
// optimal solutions are at most a few hundred moves) and what Stats keeps.
var DefaultLimits = Limits{Bound: histLimit - 1, Depth: 1 << 10, Histogram: histLimit, Iteration: keptIterations}

// ErrBeyondLimits is what every *LimitError wraps.
var ErrBeyondLimits = errors.New("trace: a value beyond what can be shown")

// LimitError names the value of an event that is beyond a Limits.
type LimitError struct {
	Kind  Kind
	Field string // "bound", "depth", "visitF histogram", ...
	Value int64
	Limit int64 // the largest allowed value
}

func (e *LimitError) Error() string {
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

func (c *checker) value(field string, v, limit int) {
	if c.err == nil && (v < -1 || v > limit) {
		c.err = &LimitError{Kind: c.kind, Field: field, Value: int64(v), Limit: int64(limit)}
	}
}
