// Package engine runs IDA* and A* over a Domain searched in place: apply a
// move, recurse, undo it, with no allocation per node.
//
// The engine knows nothing of files or sockets. It reports what it does to a
// trace.Sink, and builds per-node events only when the sink asks for them
// (see trace.Level), so a search nobody watches costs what the search costs.
package engine

import "idaviz/trace"

// Version is idaviz's version, the one place it is written: every trace's
// run metadata carries it (the page shows it), viz version and viz bench
// print it. The release build sets it (.ci/release: -ldflags
// "-X idaviz/engine.Version=0.2.0").
var Version = "0.1.0"

// NoMove is the previous move at the root.
const NoMove = -1

// Child is one successor of the current state, as Domain.Expand reports it:
// the move that reaches it, the move's cost and the child's heuristic value.
type Child struct {
	Move int32
	Cost int32
	H    int32
}

// Domain is a search problem with one current state that the engine changes
// in place. Moves are small integers 0..NumMoves()-1.
//
// The heuristic must be admissible (never above the true cost to a goal) for
// the answers to be optimal, and 0 at every goal: the engine asks IsGoal only
// of states whose heuristic is 0.
type Domain interface {
	// NumMoves is the number of distinct moves; MaxBranch the most children a
	// state can have.
	NumMoves() int
	MaxBranch() int
	// MoveName names a move for people and traces ("U", "R2", "A").
	MoveName(m int) string
	// H is the heuristic value of the current state.
	H() int
	// IsGoal reports whether the current state is a goal.
	IsGoal() bool
	// Expand writes into out, in a fixed order, the children reachable by the
	// moves the domain's move rule allows after prev (NoMove at the root), with
	// each child's cost and heuristic, and returns how many it wrote. It leaves
	// the current state as it found it; a domain with an incremental heuristic
	// computes the children's values without applying the moves.
	Expand(prev int, out []Child) int
	// Apply makes move m; Undo(m) takes it back.
	Apply(m int)
	Undo(m int)
}

// RuleCutter is implemented by domains whose move rule can name the moves it
// forbids after prev. The engine asks only when a sink wants per-node events,
// to report those moves as prunes with trace.ReasonMoveRule.
type RuleCutter interface {
	Cut(prev int, out []int) int
}

// Snapshotter is implemented by domains that A* can search: it must be able
// to store a state compactly and return to it.
type Snapshotter interface {
	// AppendState appends an encoding of the current state to dst. Equal
	// states must have equal encodings.
	AppendState(dst []byte) []byte
	// SetState makes the state encoded by b (from AppendState) current.
	SetState(b []byte)
}

// Iterator is implemented by domains that can run a whole IDA* iteration
// themselves, with no call through the Domain interface per node, much as
// io.Copy lets a source that is an io.WriterTo copy itself. IDA hands an
// iteration to it whenever no sink wants per-node events, and it must give
// exactly what the engine's own loop over Expand, Apply and Undo would give
// (with bidirectional pathmax when the domain's Pathmax asks for it):
// the same moves (nil when none was found), the smallest f cut above bound
// (-1 when none), the counts in the engine's terms, and, when hist is not
// nil, the same f and depth histograms, added into hist with
// trace.Iteration's CountVisit and CountPrune (the root included). It calls
// stop with the counts so far every checkEvery expansions and ends, stopped,
// when stop says so. The state must be as it was when Iterate returns.
type Iterator interface {
	Iterate(bound int, hist *trace.Iteration, checkEvery int64, stop func(trace.Counts) bool) (moves []int, next int, counts trace.Counts, stopped bool)
}

// SubtreeIterator is implemented by domains that can run the part of an
// iteration below the current state when it is an inner node: at depth, at
// cost g, reached by prev, its own generation and visit counted by whoever
// reached it. ParallelIDA's workers hand it each subtree of an iteration, as
// IDA hands an Iterator the whole, and it must give what the engine's loop
// would give from that node: the moves below it (nil when none was found),
// the smallest f cut above bound (-1 when none), the counts of the
// expansions and children below, and the histograms at the nodes' own f and
// depth; checks and stop as for Iterator.
type SubtreeIterator interface {
	IterateBelow(g, depth, prev, bound int, hist *trace.Iteration, checkEvery int64, stop func(trace.Counts) bool) (moves []int, next int, counts trace.Counts, stopped bool)
}

// Pathmax is implemented by domains whose heuristic may be inconsistent: a
// child's h may be lower than its parent's by more than the move's cost, as
// the larger of several lookups is when the lookup that wins changes. When
// Pathmax reports true, IDA* propagates values along edges both ways
// (bidirectional pathmax, BPMX): before any child is visited the node's h
// becomes at least each child's h less the move's cost, every child's h
// becomes at least the node's less the cost, and a child's value raised
// below it raises the node's again on the way back. An admissible h stays
// admissible (moves can be taken back at the same cost), so IDA* stays
// optimal; a node whose f rises over the bound has its remaining children
// cut without being visited. ParallelIDA does the same within each subtree
// it hands out. A domain with a consistent heuristic gains nothing by it.
type Pathmax interface {
	Pathmax() bool
}

// usesPathmax reports whether d asks for BPMX.
func usesPathmax(d Domain) bool {
	p, ok := d.(Pathmax)
	return ok && p.Pathmax()
}

// raised is BPMX's first half: a node's h raised to its largest child's h
// less the move's cost, and the index of the child that raised it (-1:
// none did).
func raised(h int, children []Child) (int, int) {
	by := -1
	for i := range children {
		if v := int(children[i].H) - int(children[i].Cost); v > h {
			h, by = v, i
		}
	}
	return h, by
}

// inherited is BPMX's second half: a child's h is at least its parent's
// less the move's cost.
func inherited(c *Child, h int) int { return max(int(c.H), h-int(c.Cost)) }

// TwoEnded is implemented by domains that grow the path at either end
// (dual search): a move may be made at the goal's end, so the moves from the
// root to a goal are not the solution's moves. Solution returns the moves
// from the start to the goal that such a path stands for; IDA*, ParallelIDA
// and A* report those as the result's moves (the trace's node events keep
// the path's own).
type TwoEnded interface {
	Solution(path []int) []int
}

// solution is the moves from the start that path, from the root to a goal,
// stands for.
func solution(d Domain, path []int) []int {
	if te, ok := d.(TwoEnded); ok {
		return te.Solution(path)
	}
	return append([]int(nil), path...)
}

// Cloner is implemented by domains that can be searched by several
// goroutines at once: Clone returns an independent copy of the current state.
type Cloner interface {
	Clone() Domain
}
