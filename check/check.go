// Package check grades a heuristic: against the true cost to a goal, h*,
// of every state reachable from a start (found by a backward Dijkstra
// search over the reachable graph), or of a sample of states each solved
// optimally. It says whether the heuristic is admissible (h ≤ h*),
// consistent (h(s) ≤ cost + h(s') for every move), how close it comes to
// h*, and whether it dominates another.
package check

import (
	"cmp"
	"container/heap"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"idaviz/engine"
)

// Space is a domain a check can walk: it stores and restores states.
type Space interface {
	engine.Domain
	engine.Snapshotter
}

// failer is a domain that keeps the errors its Domain methods cannot
// return (the domains of problems and heuristics written in Starlark).
type failer interface{ Err() error }

// DefaultMaxStates bounds an exhaustive check when Options.MaxStates is 0:
// the 8-puzzle's 181,440 states and any grid world fit; the 15-puzzle's
// 10^13 do not.
const DefaultMaxStates = 2_000_000

// Options tune a check.
type Options struct {
	// MaxStates bounds the states an exhaustive check visits (0:
	// DefaultMaxStates); past it, Exhaustive returns a *TooBigError.
	MaxStates int
	// Worst is how many of the worst states (and moves) to list (0: 10).
	Worst int
	// Against, when not nil, is a domain of the same problem searched with
	// another heuristic: the report says whether the checked one
	// dominates it.
	Against Space
	// Describe names a state, given its snapshot, for people (nil: its
	// bytes in hex).
	Describe func(snapshot []byte) string
}

func (o *Options) worst() int {
	if o.Worst <= 0 {
		return 10
	}
	return o.Worst
}

func (o *Options) describe(b []byte) string {
	if o.Describe != nil {
		return o.Describe(b)
	}
	return fmt.Sprintf("%x", b)
}

// Report is a heuristic's grade; its JSON is `viz check --json`'s.
type Report struct {
	Puzzle    string `json:"puzzle"`
	Heuristic string `json:"heuristic"`
	Against   string `json:"against,omitempty"`
	// States is how many states were graded: every state reachable from
	// the start, or the sample.
	States  int  `json:"states"`
	Sampled bool `json:"sampled"`
	// Reference, for a sample, is how each state's h* was found.
	Reference string `json:"reference,omitempty"`
	// Unsolvable counts the states from which no goal can be reached (or,
	// for a sample, that the reference search did not solve within its
	// limits): they are left out of admissibility and the means.
	Unsolvable int `json:"unsolvable"`
	// Admissible: no state has h > h*; Violations counts those that do,
	// Worst lists the worst (the largest h - h*).
	Admissible bool        `json:"admissible"`
	Violations int         `json:"violations"`
	Worst      []Violation `json:"worst"`
	// Consistent: no move has h(s) > cost + h(s'), among Moves moves;
	// WorstMoves lists the worst that do.
	Consistent        bool            `json:"consistent"`
	Moves             int64           `json:"moves"`
	InconsistentMoves int64           `json:"inconsistent_moves"`
	WorstMoves        []Inconsistency `json:"worst_moves"`
	MeanH             float64         `json:"mean_h"`
	MeanHStar         float64         `json:"mean_hstar"`
	// ExactFraction is the fraction of the states where h = h*.
	ExactFraction float64 `json:"exact_fraction"`
	// Dominates, with Against, says whether h ≥ h2 at every state (null
	// without); NotDominated counts the states where h < h2, and
	// Undominated lists the worst of them.
	Dominates    *bool       `json:"dominates"`
	NotDominated int         `json:"not_dominated"`
	Undominated  []Dominance `json:"undominated"`
	// Levels is h against h*: the states of each h* (those that reach a
	// goal), by h* from the smallest, with the least, mean and largest h
	// among them. A heuristic is admissible when no MaxH passes its HStar.
	Levels []Level `json:"levels"`
}

// Level is the states with one h*: how many, and their h.
type Level struct {
	HStar  int     `json:"hstar"`
	States int     `json:"states"`
	MinH   int     `json:"min_h"`
	MeanH  float64 `json:"mean_h"`
	MaxH   int     `json:"max_h"`
}

// Violation is a state where h > h*.
type Violation struct {
	State string `json:"state"`
	H     int    `json:"h"`
	HStar int    `json:"hstar"`
}

// Inconsistency is a move where h(s) > cost + h(s').
type Inconsistency struct {
	State string `json:"state"`
	Move  string `json:"move"`
	Next  string `json:"next"`
	H     int    `json:"h"`
	Cost  int    `json:"cost"`
	HNext int    `json:"h_next"`
}

// Dominance is a state where h < h2.
type Dominance struct {
	State string `json:"state"`
	H     int    `json:"h"`
	H2    int    `json:"h2"`
}

// TooBigError is Exhaustive's error for a problem with more reachable
// states than it may visit.
type TooBigError struct{ Max int }

func (e *TooBigError) Error() string {
	return fmt.Sprintf("more than %d states are reachable from the start: too many to check them all", e.Max)
}

// domainErr is the error a domain kept, if any.
func domainErr(d engine.Domain) error {
	if f, ok := d.(failer); ok {
		return f.Err()
	}
	return nil
}

// graph is the reachable states, numbered breadth-first from the start,
// with their moves (off[i]..off[i+1] in to, cost and move).
type graph struct {
	keys     []string
	h, h2    []int32
	goal     []bool
	off      []int32
	to, cost []int32
	move     []int32
	index    map[string]int32
}

// explore finds every state reachable from d's current state, with its
// heuristic values and goal test.
func explore(ctx context.Context, d Space, opt *Options) (*graph, error) {
	max := opt.MaxStates
	if max <= 0 {
		max = DefaultMaxStates
	}
	g := &graph{index: map[string]int32{}}
	add := func(key []byte) int32 {
		if i, ok := g.index[string(key)]; ok {
			return i
		}
		i := int32(len(g.keys))
		k := string(key)
		g.keys = append(g.keys, k)
		g.index[k] = i
		return i
	}
	add(d.AppendState(nil))
	buf := make([]engine.Child, d.MaxBranch())
	var key []byte
	for i := 0; i < len(g.keys); i++ {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		d.SetState([]byte(g.keys[i]))
		g.h = append(g.h, int32(d.H()))
		g.goal = append(g.goal, d.IsGoal())
		if opt.Against != nil {
			opt.Against.SetState([]byte(g.keys[i]))
			g.h2 = append(g.h2, int32(opt.Against.H()))
			if err := domainErr(opt.Against); err != nil {
				return nil, err
			}
		}
		g.off = append(g.off, int32(len(g.to)))
		n := d.Expand(engine.NoMove, buf)
		if err := domainErr(d); err != nil {
			return nil, err
		}
		for _, c := range buf[:n] {
			d.Apply(int(c.Move))
			key = d.AppendState(key[:0])
			d.Undo(int(c.Move))
			g.to = append(g.to, add(key))
			g.cost = append(g.cost, c.Cost)
			g.move = append(g.move, c.Move)
		}
		if len(g.keys) > max {
			return nil, &TooBigError{Max: max}
		}
	}
	g.off = append(g.off, int32(len(g.to)))
	return g, nil
}

// distances is h* of every state: a Dijkstra search from the goals along
// the moves reversed; -1 where no goal can be reached.
func (g *graph) distances() []int64 {
	n := len(g.keys)
	// The reversed moves, as off/from in the same layout.
	roff := make([]int32, n+1)
	for _, t := range g.to {
		roff[t+1]++
	}
	for i := range n {
		roff[i+1] += roff[i]
	}
	from := make([]int32, len(g.to))
	rcost := make([]int32, len(g.to))
	fill := slices.Clone(roff[:n])
	for s := range n {
		for e := g.off[s]; e < g.off[s+1]; e++ {
			t := g.to[e]
			from[fill[t]], rcost[fill[t]] = int32(s), g.cost[e]
			fill[t]++
		}
	}
	dist := make([]int64, n)
	q := &queue{}
	for i := range dist {
		dist[i] = -1
		if g.goal[i] {
			dist[i] = 0
			heap.Push(q, item{0, int32(i)})
		}
	}
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.d > dist[it.s] {
			continue
		}
		for e := roff[it.s]; e < roff[it.s+1]; e++ {
			p, nd := from[e], it.d+int64(rcost[e])
			if dist[p] < 0 || nd < dist[p] {
				dist[p] = nd
				heap.Push(q, item{nd, p})
			}
		}
	}
	return dist
}

type item struct {
	d int64
	s int32
}

type queue []item

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, j int) bool { return q[i].d < q[j].d }
func (q queue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)        { *q = append(*q, x.(item)) }
func (q *queue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// Exhaustive grades d's heuristic over every state reachable from d's
// current state, with its exact h*.
func Exhaustive(ctx context.Context, d Space, opt Options) (*Report, error) {
	start := d.AppendState(nil)
	defer d.SetState(start)
	g, err := explore(ctx, d, &opt)
	if err != nil {
		return nil, err
	}
	dist := g.distances()
	var t tally
	for i := range g.keys {
		t.state(&opt, g.keys[i], int(g.h[i]), dist[i], g.h2, i)
		for e := g.off[i]; e < g.off[i+1]; e++ {
			t.move(&opt, d, g.keys[i], g.keys[g.to[e]], int(g.move[e]), int(g.h[i]), int(g.cost[e]), int(g.h[g.to[e]]))
		}
	}
	return t.report(&opt, false), nil
}

// tally adds states and moves up into a report.
type tally struct {
	states, unsolvable, exact, violations, notDominated int
	moves, inconsistent                                 int64
	sumH, sumHStar                                      float64
	worst                                               []Violation
	worstMoves                                          []Inconsistency
	undominated                                         []Dominance
	against                                             bool
	levels                                              map[int64]*level
}

// level adds up the states of one h*.
type level struct {
	states     int
	sum        float64
	minH, maxH int
}

// state counts a state with its h, its h* (-1: none) and, when h2 is not
// nil, h2[i].
func (t *tally) state(opt *Options, key string, h int, hstar int64, h2 []int32, i int) {
	t.states++
	if h2 != nil {
		t.against = true
		if int(h2[i]) > h {
			t.notDominated++
			t.undominated = keepWorst(t.undominated, Dominance{State: key, H: h, H2: int(h2[i])}, opt.worst(),
				func(a, b Dominance) int { return cmp.Compare(b.H2-b.H, a.H2-a.H) })
		}
	}
	if hstar < 0 {
		t.unsolvable++
		return
	}
	t.sumH += float64(h)
	t.sumHStar += float64(hstar)
	if t.levels == nil {
		t.levels = map[int64]*level{}
	}
	if l := t.levels[hstar]; l == nil {
		t.levels[hstar] = &level{states: 1, sum: float64(h), minH: h, maxH: h}
	} else {
		l.states++
		l.sum += float64(h)
		l.minH, l.maxH = min(l.minH, h), max(l.maxH, h)
	}
	switch {
	case int64(h) == hstar:
		t.exact++
	case int64(h) > hstar:
		t.violations++
		t.worst = keepWorst(t.worst, Violation{State: key, H: h, HStar: int(hstar)}, opt.worst(),
			func(a, b Violation) int { return cmp.Compare(b.H-b.HStar, a.H-a.HStar) })
	}
}

// move counts a move from state (key, h) to next (hNext) at cost.
func (t *tally) move(opt *Options, d engine.Domain, key, next string, m, h, cost, hNext int) {
	t.moves++
	if h > cost+hNext {
		t.inconsistent++
		t.worstMoves = keepWorst(t.worstMoves, Inconsistency{State: key, Move: d.MoveName(m), Next: next, H: h, Cost: cost, HNext: hNext}, opt.worst(),
			func(a, b Inconsistency) int { return cmp.Compare(b.H-b.Cost-b.HNext, a.H-a.Cost-a.HNext) })
	}
}

// keepWorst adds x to the list, sorted by order (worst first, ties in the
// order they came), and keeps the first n.
func keepWorst[T any](list []T, x T, n int, order func(a, b T) int) []T {
	if len(list) == n && order(x, list[n-1]) >= 0 {
		return list
	}
	i, _ := slices.BinarySearchFunc(list, x, func(a, b T) int {
		if c := order(a, b); c != 0 {
			return c
		}
		return -1 // after the equals already there
	})
	list = slices.Insert(list, i, x)
	if len(list) > n {
		list = list[:n]
	}
	return list
}

func (t *tally) report(opt *Options, sampled bool) *Report {
	r := &Report{
		States: t.states, Sampled: sampled, Unsolvable: t.unsolvable,
		Admissible: t.violations == 0, Violations: t.violations,
		Consistent: t.inconsistent == 0, Moves: t.moves, InconsistentMoves: t.inconsistent,
		NotDominated: t.notDominated,
		Worst:        []Violation{}, WorstMoves: []Inconsistency{}, Undominated: []Dominance{},
		Levels: []Level{},
	}
	for _, hs := range slices.Sorted(maps.Keys(t.levels)) {
		l := t.levels[hs]
		r.Levels = append(r.Levels, Level{HStar: int(hs), States: l.states, MinH: l.minH, MeanH: l.sum / float64(l.states), MaxH: l.maxH})
	}
	if solved := t.states - t.unsolvable; solved > 0 {
		r.MeanH, r.MeanHStar = t.sumH/float64(solved), t.sumHStar/float64(solved)
		r.ExactFraction = float64(t.exact) / float64(solved)
	}
	// States are named only now, for the few listed.
	for _, v := range t.worst {
		v.State = opt.describe([]byte(v.State))
		r.Worst = append(r.Worst, v)
	}
	for _, m := range t.worstMoves {
		m.State, m.Next = opt.describe([]byte(m.State)), opt.describe([]byte(m.Next))
		r.WorstMoves = append(r.WorstMoves, m)
	}
	for _, u := range t.undominated {
		u.State = opt.describe([]byte(u.State))
		r.Undominated = append(r.Undominated, u)
	}
	if t.against {
		dom := t.notDominated == 0
		r.Dominates = &dom
	}
	return r
}

// Solver finds h* of a state (given its snapshot) by an optimal search; ok
// is false when it stopped at a limit.
type Solver func(ctx context.Context, snapshot []byte) (hstar int, ok bool, err error)

// Sample grades d's heuristic at the states given (snapshots), each
// solved by solve, and at the moves out of them; reference says how solve
// works, for the report.
func Sample(ctx context.Context, d Space, states [][]byte, solve Solver, reference string, opt Options) (*Report, error) {
	start := d.AppendState(nil)
	defer d.SetState(start)
	var t tally
	buf := make([]engine.Child, d.MaxBranch())
	var key []byte
	var h2 []int32
	if opt.Against != nil {
		h2 = make([]int32, len(states))
	}
	for i, s := range states {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		hstar, ok, err := solve(ctx, s)
		if err != nil {
			return nil, err
		}
		if !ok {
			hstar = -1
		}
		d.SetState(s)
		h := d.H()
		n := d.Expand(engine.NoMove, buf)
		if err := domainErr(d); err != nil {
			return nil, err
		}
		if opt.Against != nil {
			opt.Against.SetState(s)
			h2[i] = int32(opt.Against.H())
			if err := domainErr(opt.Against); err != nil {
				return nil, err
			}
		}
		t.state(&opt, string(s), h, int64(hstar), h2, i)
		for _, c := range buf[:n] {
			d.Apply(int(c.Move))
			key = d.AppendState(key[:0])
			d.Undo(int(c.Move))
			t.move(&opt, d, string(s), string(key), int(c.Move), h, int(c.Cost), int(c.H))
		}
	}
	r := t.report(&opt, true)
	r.Reference = reference
	return r, nil
}

// RandomWalks makes up to n distinct states, each a random walk of length
// moves from d's current state (never straight back where the domain's
// move rule forbids it), as snapshots; d ends where it began.
func RandomWalks(d Space, n, length int, intn func(int) int) ([][]byte, error) {
	if n <= 0 {
		return nil, errors.New("a sample needs at least one state")
	}
	start := d.AppendState(nil)
	defer d.SetState(start)
	buf := make([]engine.Child, d.MaxBranch())
	seen := map[string]bool{}
	var out [][]byte
	for try := 0; len(out) < n && try < 4*n+16; try++ {
		d.SetState(start)
		prev := engine.NoMove
		for range length {
			k := d.Expand(prev, buf)
			if k == 0 {
				break
			}
			prev = int(buf[intn(k)].Move)
			d.Apply(prev)
		}
		if err := domainErr(d); err != nil {
			return nil, err
		}
		s := d.AppendState(nil)
		if !seen[string(s)] {
			seen[string(s)] = true
			out = append(out, s)
		}
	}
	return out, nil
}
