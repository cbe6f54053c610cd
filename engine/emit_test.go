package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"idaviz/engine"
	"idaviz/trace"
)

// TestEventsByLevel: every search sends, at each level, the events of that
// level and nothing finer, in order: run start first, the solution and the
// run end last, iterations properly nested. ParallelIDA serves a node-level
// sink at LevelIteration.
func TestEventsByLevel(t *testing.T) {
	searches := []struct {
		name string
		algo engine.Algorithm
		run  func(context.Context, engine.Domain, engine.Options) (engine.Result, error)
		most trace.Level
	}{
		{"ida", engine.AlgorithmIDA, engine.IDA, trace.LevelNode},
		{"astar", engine.AlgorithmAStar, engine.AStar, trace.LevelNode},
		{"parallel", engine.AlgorithmIDA, func(ctx context.Context, d engine.Domain, opt engine.Options) (engine.Result, error) {
			return engine.ParallelIDA(ctx, d, opt, 2)
		}, trace.LevelIteration},
	}
	for _, s := range searches {
		for _, level := range []trace.Level{trace.LevelRun, trace.LevelIteration, trace.LevelNode} {
			t.Run(s.name+"/"+level.String(), func(t *testing.T) {
				rec := &recorder{level: level}
				res, err := s.run(context.Background(), hardStack(t), engine.Options{Sink: rec, CheckEvery: 256})
				if err != nil || !res.Solved() {
					t.Fatalf("%v %v", res.Status, err)
				}
				seen := map[trace.Kind]int{}
				open := false
				for i, e := range rec.events {
					seen[e.Kind]++
					if e.Kind.Level() > min(level, s.most) {
						t.Fatalf("event %d: a %v event for a %v sink", i, e.Kind, level)
					}
					switch e.Kind {
					case trace.KindRunStart:
						if i != 0 || e.Run.Algorithm != s.algo.String() || e.Run.Engine != engine.Version {
							t.Fatalf("run start at %d: %+v", i, e.Run)
						}
					case trace.KindIterationStart:
						open = true
					case trace.KindIterationEnd:
						if !open || e.Stats == nil || e.Stats.Iteration != e.Iteration || e.Stats.Bound != e.Bound {
							t.Fatalf("event %d: %+v", i, e)
						}
						open = false
					case trace.KindProgress, trace.KindVisit, trace.KindPrune:
						if !open {
							t.Fatalf("event %d: a %v outside an iteration", i, e.Kind)
						}
					}
				}
				n := len(rec.events)
				if n < 3 || rec.events[n-2].Kind != trace.KindSolution || rec.events[n-1].Kind != trace.KindRunEnd ||
					rec.events[n-1].Totals != res.Totals || len(rec.events[n-2].Moves) != len(res.Moves) {
					t.Fatalf("the run does not end with its solution and totals: %v", rec.events[max(0, n-2):])
				}
				if want := min(level, s.most) >= trace.LevelIteration; (seen[trace.KindIterationEnd] == len(res.Iterations)) != want {
					t.Fatalf("%d iteration ends for %d iterations", seen[trace.KindIterationEnd], len(res.Iterations))
				}
				if want := min(level, s.most) == trace.LevelNode; (seen[trace.KindVisit] > 0) != want {
					t.Fatalf("%d visit events", seen[trace.KindVisit])
				}
			})
		}
	}
}

// line is an endless chain of states, 0, 1, 2, ...: every search on it runs
// until something stops it.
type line struct{ n int }

func (l *line) NumMoves() int               { return 1 }
func (l *line) MaxBranch() int              { return 1 }
func (l *line) MoveName(int) string         { return "next" }
func (l *line) H() int                      { return 1 }
func (l *line) IsGoal() bool                { return false }
func (l *line) Apply(int)                   { l.n++ }
func (l *line) Undo(int)                    { l.n-- }
func (l *line) SetState(b []byte)           { l.n, _ = strconv.Atoi(string(b)) }
func (l *line) AppendState(b []byte) []byte { return strconv.AppendInt(b, int64(l.n), 10) }
func (l *line) Expand(_ int, out []engine.Child) int {
	out[0] = engine.Child{Move: 0, Cost: 0, H: 1}
	return 1
}

// cancelAtProgress cancels its run at the first progress event.
type cancelAtProgress struct{ cancel context.CancelFunc }

func (c cancelAtProgress) Level() trace.Level { return trace.LevelIteration }
func (c cancelAtProgress) Event(e *trace.Event) {
	if e.Kind == trace.KindProgress {
		c.cancel()
	}
}

// TestDefaultCheckEvery: with CheckEvery unset, IDA and A* both check every
// DefaultCheckEvery expansions: the first check sends progress (and here
// cancels), the second stops the run.
func TestDefaultCheckEvery(t *testing.T) {
	for _, algo := range []engine.Algorithm{engine.AlgorithmIDA, engine.AlgorithmAStar} {
		ctx, cancel := context.WithCancel(context.Background())
		res, err := algo.Search(ctx, &line{}, engine.Options{Sink: cancelAtProgress{cancel}})
		cancel()
		if !errors.Is(err, context.Canceled) || res.Totals.Expanded != 2*engine.DefaultCheckEvery {
			t.Errorf("%v: %v after %d expansions, want cancelled after %d", algo, err, res.Totals.Expanded, 2*engine.DefaultCheckEvery)
		}
	}
}

func TestAlgorithm(t *testing.T) {
	for _, a := range []engine.Algorithm{engine.AlgorithmIDA, engine.AlgorithmAStar} {
		back, err := engine.ParseAlgorithm(a.String())
		if err != nil || back != a {
			t.Errorf("%v does not parse back: %v, %v", a, back, err)
		}
		js, err := json.Marshal(struct{ A engine.Algorithm }{a})
		if err != nil || string(js) != fmt.Sprintf(`{"A":%q}`, a) {
			t.Errorf("%v in JSON: %s, %v", a, js, err)
		}
		res, err := a.Search(context.Background(), hardStack(t), engine.Options{})
		if err != nil || len(res.Moves) != 13 {
			t.Errorf("%v: %d moves, %v; want 13", a, len(res.Moves), err)
		}
	}
	if engine.AlgorithmIDA.Title() != "IDA*" || engine.AlgorithmAStar.Title() != "A*" {
		t.Error("titles")
	}
	for _, bad := range []string{"", "IDA", "bfs", "ida "} {
		if _, err := engine.ParseAlgorithm(bad); err == nil || err.Error() != fmt.Sprintf("unknown algorithm %q (want ida or astar)", bad) {
			t.Errorf("ParseAlgorithm(%q): %v", bad, err)
		}
	}
	var a engine.Algorithm
	if err := json.Unmarshal([]byte(`"dfs"`), &a); err == nil {
		t.Error(`"dfs" unmarshalled`)
	}
	if _, err := engine.Algorithm(9).Search(context.Background(), hardStack(t), engine.Options{}); err == nil {
		t.Error("an unknown algorithm searched")
	}
}

// TestExpandEvents: at node level IDA* sends an expand event right after
// each visit of a node it expands, and its children count is the node's
// children that follow (those left untried when the goal stops the search
// aside).
func TestExpandEvents(t *testing.T) {
	rec := &recorder{level: trace.LevelNode}
	res, err := engine.IDA(context.Background(), hardStack(t), engine.Options{Sink: rec})
	if err != nil || !res.Solved() {
		t.Fatalf("%v %v", res.Status, err)
	}
	var expands int64
	children := map[uint64]int{} // of the iteration under way, by parent
	want := map[uint64]int{}
	var solutionPath map[uint64]bool
	for i, e := range rec.events {
		switch e.Kind {
		case trace.KindIterationStart:
			clear(children)
			clear(want)
		case trace.KindExpand:
			expands++
			prev := rec.events[i-1]
			if prev.Kind != trace.KindVisit || prev.Node != e.Node || prev.Parent != e.Parent || prev.G != e.G || prev.H != e.H || prev.F != e.F || prev.Depth != e.Depth || prev.Move != e.Move {
				t.Fatalf("event %d: expand %+v does not follow its node's visit (%+v)", i, e, prev)
			}
			want[e.Node] = e.Children
		case trace.KindVisit, trace.KindPrune:
			if e.Kind == trace.KindPrune && e.Reason != trace.ReasonBound {
				continue
			}
			if e.Parent != 0 {
				children[e.Parent]++
			}
		case trace.KindIterationEnd:
			solutionPath = map[uint64]bool{}
			if rec.events[i-1].Kind == trace.KindVisit && rec.events[i-1].H == 0 {
				// Ended on the goal: the nodes above it had children left.
				for j := i - 1; j >= 0; j-- {
					if e := rec.events[j]; e.Kind == trace.KindVisit {
						solutionPath[e.Parent] = true
					}
				}
			}
			for id, n := range want {
				if children[id] != n && !(solutionPath[id] && children[id] < n) {
					t.Fatalf("iteration %d: node %d expanded into %d children, %d followed", e.Iteration, id, n, children[id])
				}
			}
		}
	}
	if expands != res.Totals.Expanded {
		t.Fatalf("%d expand events for %d nodes expanded", expands, res.Totals.Expanded)
	}
}

// TestAStarOpenListEvents: A* pushes the start and every child it stores
// (a push a new state, a reopen a state reached again by a cheaper path,
// naming the node it replaces), and pops (visits) only nodes pushed, each
// once. The stack's flips cost what they move, and its gap heuristic
// counts gaps: A* finds some states again by cheaper paths.
func TestAStarOpenListEvents(t *testing.T) {
	for _, c := range []struct {
		name    string
		d       engine.Domain
		reopens bool
	}{
		{"stack", hardStack(t), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := &recorder{level: trace.LevelNode}
			res, err := engine.AStar(context.Background(), c.d, engine.Options{Sink: rec})
			if err != nil || !res.Solved() {
				t.Fatalf("%v %v", res.Status, err)
			}
			pushed := map[uint64]trace.Event{}
			popped := map[uint64]bool{}
			var pushes, reopens int
			for i, e := range rec.events {
				switch e.Kind {
				case trace.KindPush, trace.KindReopen:
					if _, ok := pushed[e.Node]; ok || e.F != e.G+e.H {
						t.Fatalf("event %d: %+v pushed twice, or f != g + h", i, e)
					}
					if len(pushed) == 0 && (e.Kind != trace.KindPush || e.Node != 1 || e.Parent != 0 || e.G != 0) {
						t.Fatalf("the first push is %+v, want the start", e)
					}
					if len(pushed) > 0 && !popped[e.Parent] {
						t.Fatalf("event %d: %+v pushed under a node not popped", i, e)
					}
					if e.Kind == trace.KindReopen {
						reopens++
						old, ok := pushed[e.Replaces]
						if !ok || old.G <= e.G || old.H != e.H {
							t.Fatalf("event %d: reopen %+v replaces %+v", i, e, old)
						}
					} else {
						pushes++
					}
					pushed[e.Node] = e
				case trace.KindVisit:
					p, ok := pushed[e.Node]
					if !ok || popped[e.Node] || p.G != e.G || p.H != e.H || p.Parent != e.Parent {
						t.Fatalf("event %d: popped %+v, pushed as %+v", i, e, p)
					}
					popped[e.Node] = true
				case trace.KindExpand, trace.KindPrune:
					t.Fatalf("event %d: A* sent a %v", i, e.Kind)
				}
			}
			if pushes != res.Stored || (reopens > 0) != c.reopens {
				t.Fatalf("%d pushes and %d reopens for %d states stored", pushes, reopens, res.Stored)
			}
		})
	}
}
