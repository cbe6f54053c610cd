package engine

import (
	"container/heap"
	"context"
	"fmt"
	"slices"
	"time"

	"idaviz/internal/bytesize"
	"idaviz/internal/eventloop"
	"idaviz/trace"
)

// ErrNoSnapshots is returned by AStar for a domain that is not a Snapshotter.
var ErrNoSnapshots = fmt.Errorf("engine: A* needs a domain that can store states (engine.Snapshotter)")

// MemoryError is what A* returns, with a StatusLimit result, when the
// states it stores outgrow Options.MaxMemory or the shared Options.Memory;
// and what IDA* returns when the states its domain keeps (StateKeeper)
// outgrow the shared Options.Memory.
type MemoryError struct {
	States int   // states stored when it stopped (A*)
	Budget int64 // Options.MaxMemory, or the shared budget's limit
	// Shared names the shared budget (Options.Memory) that was full, when
	// that is what stopped it.
	Shared string
	// Kept, set when IDA* stopped, is what the states its domain keeps
	// took, in bytes: IDA* stores none of its own.
	Kept int64
}

func (e *MemoryError) Error() string {
	if e.Kept > 0 {
		return fmt.Sprintf("IDA* stopped: %s is full, with the %s of states the problem keeps (every state the search met)", e.Shared, bytesize.Text(e.Kept))
	}
	if e.Shared != "" {
		return fmt.Sprintf("A* stopped after %d states: %s is full; IDA* needs none", e.States, e.Shared)
	}
	return fmt.Sprintf("A* ran out of its memory budget after %d states; IDA* needs none", e.States)
}

// stateBytes is what A* holds for each state it stores besides the state's
// key: its anode (40 bytes) in a slice that grows by doubling, its entry in
// the map of best copies (a 24-byte slot, at most 7/8 full, also doubling),
// its index on the open list, and the key's allocation rounding. Counting
// a constant per state keeps the check to an addition; it errs high (on
// the 24-puzzle, 175 bytes a state counted for about 120 measured), and
// TestAStarMemoryBudget holds the live heap within the budget.
const stateBytes = 2*40 + 2*24*8/7 + 2*4 + 8

// StateKeeper is a domain that keeps the states it met (a problem written
// in Starlark), saying how many bytes they take; A* counts them in its
// memory budgets, and IDA* in the shared one (Options.Memory).
type StateKeeper interface {
	HeldBytes() int64
}

type anode struct {
	key    string
	g, h   int32
	parent int32
	move   int32
	seq    int32
	depth  int32 // moves from the start
}

// openList orders node indices by f, then by larger g (deeper first, which
// reaches goals sooner among equal f), then by insertion.
type openList struct {
	nodes *[]anode
	idx   []int32
}

func (o *openList) Len() int { return len(o.idx) }
func (o *openList) Less(i, j int) bool {
	a, b := &(*o.nodes)[o.idx[i]], &(*o.nodes)[o.idx[j]]
	fa, fb := a.g+a.h, b.g+b.h
	if fa != fb {
		return fa < fb
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}
func (o *openList) Swap(i, j int) { o.idx[i], o.idx[j] = o.idx[j], o.idx[i] }
func (o *openList) Push(x any)    { o.idx = append(o.idx, x.(int32)) }
func (o *openList) Pop() any {
	n := len(o.idx) - 1
	x := o.idx[n]
	o.idx = o.idx[:n]
	return x
}

// AStar runs A* from the domain's current state, over the same Domain as IDA*
// plus Snapshotter. It stores every distinct state it generates: the
// memory-for-time trade the seeds discuss. Its counts are per expanded and
// generated node; Pruned counts generated duplicates that were no better than
// a state already stored. It reports one iteration whose bound is the f of
// the last node expanded.
func AStar(ctx context.Context, d Domain, opt Options) (Result, error) {
	if d == nil {
		return Result{}, ErrNoDomain
	}
	sn, ok := d.(Snapshotter)
	if !ok {
		return Result{}, ErrNoSnapshots
	}
	start := time.Now()
	em := newEmitter(opt.Sink, trace.LevelNode)
	checkEvery := opt.checkEvery()
	var deadline time.Time
	if opt.Timeout > 0 {
		deadline = start.Add(opt.Timeout)
	}
	startKey := sn.AppendState(nil)
	h0 := d.H()
	em.runStart(AlgorithmAStar, opt.Info, d, h0, start)
	it := trace.Iteration{Iteration: 1, Bound: h0, NextBound: -1}
	em.iterationStart(1, h0)

	nodes := []anode{{key: string(startKey), h: int32(h0), parent: -1, move: NoMove}}
	best := map[string]int32{nodes[0].key: 0}
	open := &openList{nodes: &nodes}
	heap.Push(open, int32(0))
	if em.nodes {
		em.ev = trace.Event{Kind: trace.KindPush, Node: 1, H: h0, F: h0, Move: NoMove, Iteration: 1, Bound: h0}
		em.send()
	}
	it.Generated = 1
	var res Result
	res.PeakOpen = 1
	buf := make([]Child, d.MaxBranch())
	var key []byte
	goal := int32(-1)
	var memErr error
	held := int64(len(startKey)) + stateBytes // what the states stored take, estimated
	shared := account{m: opt.Memory}
	// A domain that keeps states of its own (a problem written in Starlark
	// keeps each state it met as a Starlark value, which can take many
	// times its key) charges them to A*'s budgets with its stored states.
	kept, _ := d.(StateKeeper)
	defer shared.close()
	for open.Len() > 0 && res.Status == trace.StatusRunning {
		i := heap.Pop(open).(int32)
		n := nodes[i]
		if best[n.key] != i {
			continue // a cheaper copy of this state was stored later
		}
		f := int(n.g + n.h)
		if opt.MaxBound > 0 && f > opt.MaxBound {
			res.Status = trace.StatusLimit
			break
		}
		it.Bound = f
		sn.SetState([]byte(n.key))
		if em.hist {
			it.CountVisit(f, int(n.depth))
			if em.nodes {
				em.ev = trace.Event{Kind: trace.KindVisit, Node: uint64(i) + 1, Depth: int(n.depth),
					G: int(n.g), H: int(n.h), F: f, Move: int(n.move), Iteration: 1, Bound: f}
				if n.parent >= 0 {
					em.ev.Parent = uint64(n.parent) + 1
				}
				em.send()
			}
		}
		if n.h == 0 && d.IsGoal() {
			goal = i
			res.Status = trace.StatusSolved
			break
		}
		k := d.Expand(int(n.move), buf)
		it.Expanded++
		it.Generated += int64(k)
		for _, c := range buf[:k] {
			d.Apply(int(c.Move))
			key = sn.AppendState(key[:0])
			d.Undo(int(c.Move))
			g := n.g + c.Cost
			j, seen := best[string(key)]
			if seen && nodes[j].g <= g {
				it.Pruned++
				continue
			}
			ni := int32(len(nodes))
			nodes = append(nodes, anode{key: string(key), g: g, h: c.H, parent: i, move: c.Move, seq: ni, depth: n.depth + 1})
			best[nodes[ni].key] = ni
			heap.Push(open, ni)
			if em.nodes {
				em.ev = trace.Event{Kind: trace.KindPush, Node: uint64(ni) + 1, Parent: uint64(i) + 1, Depth: int(n.depth) + 1,
					G: int(g), H: int(c.H), F: int(g + c.H), Move: int(c.Move), Iteration: 1, Bound: f}
				if seen {
					em.ev.Kind, em.ev.Replaces = trace.KindReopen, uint64(j)+1
				}
				em.send()
			}
			held += int64(len(key)) + stateBytes
			total := held
			if kept != nil {
				total += kept.HeldBytes()
			}
			if opt.MaxMemory > 0 && total > opt.MaxMemory {
				res.Status = trace.StatusLimit
				memErr = &MemoryError{States: len(best), Budget: opt.MaxMemory}
				break
			}
			if !shared.cover(ctx, total) {
				res.Status = trace.StatusLimit
				if ctx != nil && ctx.Err() != nil {
					res.Status = trace.StatusCancelled
				} else {
					memErr = &MemoryError{States: len(best), Budget: opt.Memory.limit, Shared: opt.Memory.name}
				}
				break
			}
		}
		if open.Len() > res.PeakOpen {
			res.PeakOpen = open.Len()
		}
		if opt.MaxNodes > 0 && it.Generated >= opt.MaxNodes {
			res.Status = trace.StatusLimit
		} else if it.Expanded%checkEvery == 0 {
			eventloop.Yield()
			switch {
			case !deadline.IsZero() && time.Now().After(deadline):
				res.Status = trace.StatusLimit
			case ctx != nil && ctx.Err() != nil:
				res.Status = trace.StatusCancelled
			default:
				em.progress(&it)
			}
		}
	}
	if res.Status == trace.StatusRunning {
		res.Status = trace.StatusExhausted
	}
	if goal >= 0 {
		for i := goal; nodes[i].parent >= 0; i = nodes[i].parent {
			res.Moves = append(res.Moves, int(nodes[i].move))
		}
		slices.Reverse(res.Moves)
		res.Moves = solution(d, res.Moves)
		res.Cost = int(nodes[goal].g)
	}
	sn.SetState(startKey)
	res.Stored = len(best)
	res.Totals = it.Counts
	res.Iterations = []trace.Iteration{it.Clone()}
	em.iterationEnd(&it)
	res.Elapsed = time.Since(start)
	em.end(&res)
	if res.Status == trace.StatusCancelled {
		return res, ctx.Err()
	}
	return res, memErr
}
