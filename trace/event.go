// Package trace holds the event model of an instrumented search and the sinks
// that consume it: statistics, recorders that write a versioned file, and a
// reader that streams such a file back.
//
// The engine calls Sink.Event with a pointer to an Event it reuses: a sink must
// not keep the pointer, nor the slices inside it, after Event returns (copy
// what it needs), in the same way as log/slog's Handler and Record.
package trace

import (
	"fmt"
	"maps"
	"slices"
	"time"
)

// Kind says what happened.
type Kind uint8

// The kinds of event, in the order they appear in a run.
const (
	KindRunStart       Kind = 1 + iota // Run is set
	KindIterationStart                 // Iteration, Bound
	KindVisit                          // Node, Parent, G, H, F, Move, Depth
	KindPrune                          // Node, Parent, G, H, F, Move, Depth, Reason
	KindBoundIncrease                  // Bound (old), NewBound
	KindIterationEnd                   // Iteration, Bound, Stats
	KindSolution                       // Moves, Cost
	KindRunEnd                         // Status, Totals, Elapsed
	KindProgress                       // Iteration, Bound, Stats (so far): sent every few thousand nodes
	// Since minor version 1. A node is expanded: its children are generated
	// (IDA*: the node of the last visit; Children says how many).
	KindExpand // Node, Parent, G, H, F, Move, Depth, Children
	// A* puts a node on its open list (the start, then each child that is
	// not a duplicate no better than a state already stored).
	KindPush // Node, Parent, G, H, F, Move, Depth
	// A* reaches a stored state by a cheaper path and puts it on the open
	// list again as a new node: Replaces is the node it stood for before.
	KindReopen // Node, Parent, G, H, F, Move, Depth, Replaces
	// Since minor version 2. Bidirectional pathmax (BPMX) raised the h of
	// Node, a node on the current path, to H (F = G + H), through its child
	// reached by Move. Node, Parent, Depth and G are the node's own.
	KindRaise
	kindLimit
)

var kindNames = [...]string{
	KindRunStart:       "run-start",
	KindIterationStart: "iteration-start",
	KindVisit:          "visit",
	KindPrune:          "prune",
	KindBoundIncrease:  "bound-increase",
	KindIterationEnd:   "iteration-end",
	KindSolution:       "solution",
	KindRunEnd:         "run-end",
	KindProgress:       "progress",
	KindExpand:         "expand",
	KindPush:           "push",
	KindReopen:         "reopen",
	KindRaise:          "raise",
}

// nodeRecord reports whether k's record is a node's: its fields are a
// visit's, and each kind appends its own (a prune's reason, an expansion's
// children, a reopening's replaced node). A raise is not one: it leaves the
// delta state alone (FORMAT.md).
func (k Kind) nodeRecord() bool {
	switch k {
	case KindVisit, KindPrune, KindExpand, KindPush, KindReopen:
		return true
	}
	return false
}

func (k Kind) String() string {
	if k > 0 && k < kindLimit {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// ParseKind is the inverse of Kind.String.
func ParseKind(s string) (Kind, error) {
	for k := KindRunStart; k < kindLimit; k++ {
		if kindNames[k] == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown event kind %q", s)
}

// Level is how much a sink wants to see. The engine builds the events of a
// level only when some sink asks for it, so a sink that wants LevelRun costs
// nothing per node.
type Level int8

const (
	// LevelRun: run start, solution, run end.
	LevelRun Level = iota
	// LevelIteration adds iteration start and end (with counts and the f and
	// depth histograms), bound increases and periodic progress. The engine
	// keeps the histograms in arrays: a few increments per node.
	LevelIteration
	// LevelNode adds an event for every visited and every pruned node.
	LevelNode
)

// Reason says why a node was pruned.
type Reason uint8

const (
	// ReasonBound: f = g + h exceeded the iteration's bound.
	ReasonBound Reason = 1 + iota
	// ReasonMoveRule: the domain's move rule forbids the move after the
	// previous one (for example, undoing the last move). Such a node is never
	// generated: it has no id and is not counted as generated or pruned.
	ReasonMoveRule
)

func (r Reason) String() string {
	switch r {
	case ReasonBound:
		return "bound"
	case ReasonMoveRule:
		return "move-rule"
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// Status is how a run ended.
type Status uint8

const (
	StatusRunning   Status = iota
	StatusSolved           // a solution was found
	StatusExhausted        // the whole space within the bound limit was searched without a solution
	StatusLimit            // a node, bound or time limit stopped the search
	StatusCancelled        // the context was cancelled
)

var statusNames = [...]string{"running", "solved", "exhausted", "limit", "cancelled"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", uint8(s))
}

// ParseStatus is the inverse of Status.String.
func ParseStatus(s string) (Status, error) {
	for i, n := range statusNames {
		if n == s {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("unknown status %q", s)
}

// RunInfo is the metadata of a run, carried by the run-start event and by a
// trace file's header.
type RunInfo struct {
	Puzzle    string            `json:"puzzle"`
	Instance  string            `json:"instance"` // the start state, in the puzzle's friendly format
	Heuristic string            `json:"heuristic"`
	Algorithm string            `json:"algorithm"` // "ida" or "astar"
	Engine    string            `json:"engine"`    // engine version
	StartH    int               `json:"startH"`
	MoveNames []string          `json:"moveNames"` // move index -> name, so a trace reads without the puzzle
	Options   map[string]string `json:"options,omitempty"`
	Created   time.Time         `json:"created"`
	// Pathmax: IDA* ran bidirectional pathmax (engine.Pathmax), so the run
	// may have raise events (since minor version 2; absent before, and in
	// runs without it).
	Pathmax bool `json:"pathmax,omitempty"`
}

// Counts are the counting words used everywhere the same way: a node is
// GENERATED when its move is applied (or its heuristic computed), PRUNED when
// its f exceeds the bound, EXPANDED when its children are generated.
type Counts struct {
	Expanded  int64 `json:"expanded"`
	Generated int64 `json:"generated"`
	Pruned    int64 `json:"pruned"`
}

// Add adds o to c.
func (c *Counts) Add(o Counts) {
	c.Expanded += o.Expanded
	c.Generated += o.Generated
	c.Pruned += o.Pruned
}

// Iteration is one iteration's counts and histograms (index = value).
// VisitF counts the nodes within the bound by f, PruneF the nodes cut by the
// bound by f (which is why the next bound is where it is), Depth the visited
// nodes by depth.
type Iteration struct {
	Iteration int     `json:"iteration"`
	Bound     int     `json:"bound"`
	NextBound int     `json:"nextBound"` // the smallest f cut; -1 when nothing was cut
	Counts            // embedded so JSON reads {"bound":..,"expanded":..}
	VisitF    []int64 `json:"visitF,omitempty"`
	PruneF    []int64 `json:"pruneF,omitempty"`
	Depth     []int64 `json:"depth,omitempty"`
}

// Clone returns a deep copy, for sinks that keep an iteration.
func (it *Iteration) Clone() Iteration {
	c := *it
	c.VisitF = append([]int64(nil), it.VisitF...)
	c.PruneF = append([]int64(nil), it.PruneF...)
	c.Depth = append([]int64(nil), it.Depth...)
	return c
}

// Event is one thing that happened in a search. Which fields are set depends
// on Kind (see the Kind constants).
type Event struct {
	Kind Kind

	// Visit and prune (and raise: see KindRaise). F is G + H, or more when
	// the search judged the node by a value inherited from its parent
	// (pathmax: see engine.Pathmax); H is then the node's own.
	Node   uint64 // sequential in a run, from 1
	Parent uint64 // 0 for the root
	Depth  int
	G, H   int
	F      int
	Move   int // the move that led here, -1 at the root
	Reason Reason

	Children int    // expand: the children generated
	Replaces uint64 // reopen: the node the state was stored as before

	Iteration int
	Bound     int
	NewBound  int

	Stats *Iteration // iteration end and progress
	Run   *RunInfo   // run start

	Moves []int // solution
	Cost  int   // solution

	Status  Status        // run end
	Totals  Counts        // run end
	Elapsed time.Duration // run end
}

// Sink receives events. Level reports the most detailed level the sink wants;
// it must not change during a run.
type Sink interface {
	Level() Level
	Event(e *Event)
}

// CountVisit adds a node within the bound, of f at depth, to the histograms,
// growing them as needed. The common case is inlined into search loops.
func (it *Iteration) CountVisit(f, depth int) {
	if uint(f) < uint(len(it.VisitF)) && uint(depth) < uint(len(it.Depth)) {
		it.VisitF[f]++
		it.Depth[depth]++
		return
	}
	bump(&it.VisitF, f)
	bump(&it.Depth, depth)
}

// CountPrune adds a node cut by the bound, of f, to the histogram.
func (it *Iteration) CountPrune(f int) {
	if uint(f) < uint(len(it.PruneF)) {
		it.PruneF[f]++
		return
	}
	bump(&it.PruneF, f)
}

// AddHistograms adds histograms counted elsewhere (by a parallel worker, or
// a domain's own loop) into it's, growing them as needed; trailing zeros are
// not copied.
func (it *Iteration) AddHistograms(visitF, pruneF, depth []int64) {
	addHist(&it.VisitF, visitF)
	addHist(&it.PruneF, pruneF)
	addHist(&it.Depth, depth)
}

func addHist(dst *[]int64, src []int64) {
	n := len(src)
	for n > 0 && src[n-1] == 0 {
		n--
	}
	if n > len(*dst) {
		grow(dst, n)
	}
	for i, v := range src[:n] {
		(*dst)[i] += v
	}
}

// Clone returns a deep copy of e, for a sink that keeps events: the engine
// reuses the Event it sends, and the slices in it.
func (e *Event) Clone() Event {
	c := *e
	if e.Stats != nil {
		st := e.Stats.Clone()
		c.Stats = &st
	}
	if e.Run != nil {
		c.Run = cloneRun(e.Run)
	}
	c.Moves = append([]int(nil), e.Moves...)
	return c
}

// histLimit bounds the histograms that bump grows (an Iteration counting, a
// Stats folding node events) and those a Stats copies from a file: an f or a
// depth read from a corrupt or hostile file must not make it allocate
// gigabytes. Values at or above it are counted but not binned.
const histLimit = 1 << 16

// bump increments (*h)[i], growing the histogram as needed; it reports
// false, and counts nothing, for an i outside [0, histLimit).
func bump(h *[]int64, i int) bool {
	if i < 0 || i >= histLimit {
		return false
	}
	if i >= len(*h) {
		grow(h, i+1)
	}
	(*h)[i]++
	return true
}

// grow lengthens *h to n entries, the new ones zero, reusing its array when
// it has room. (append(h, make(...)...) would allocate the zeros on every
// call where the compiler does not elide them, as under -race.)
func grow(h *[]int64, n int) {
	old := len(*h)
	*h = slices.Grow(*h, n-old)[:n]
	clear((*h)[old:])
}

// cloneRun is a deep copy of r (Event.Clone and Stats keep run metadata).
func cloneRun(r *RunInfo) *RunInfo {
	c := *r
	c.MoveNames = append([]string(nil), r.MoveNames...)
	if r.MoveNames != nil && c.MoveNames == nil {
		c.MoveNames = []string{}
	}
	c.Options = maps.Clone(r.Options)
	return &c
}
