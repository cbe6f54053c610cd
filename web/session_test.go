package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/draw"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

func startMsg(extra map[string]any) map[string]any {
	m := map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": testrun.State, "heuristic": "manhattan", "algorithm": "ida"}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func TestRunToEndMatchesEngine(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(startMsg(nil))
	c.until(hangs, "a paused run", func(m *msg) bool { return isState(m) && m.Status == "paused" })
	c.send(map[string]any{"type": "to-end"})
	m := c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	a := m.Active
	if a.Expanded != want.Totals.Expanded || a.Generated != want.Totals.Generated || a.Pruned != want.Totals.Pruned {
		t.Errorf("page counts %s, engine %+v", describe(*a), want.Totals)
	}
	if a.SolutionLength != len(want.Moves) {
		t.Errorf("solution length %d, engine %d", a.SolutionLength, len(want.Moves))
	}
	if len(a.Iterations) != len(want.Iterations) {
		t.Fatalf("%d iterations, engine %d", len(a.Iterations), len(want.Iterations))
	}
	for i, it := range want.Iterations {
		g := a.Iterations[i]
		if g.Bound != it.Bound || g.Expanded != it.Expanded || g.Generated != it.Generated || g.Pruned != it.Pruned {
			t.Errorf("iteration %d: page %+v, engine %+v", i+1, g, it)
		}
	}
	if m.Tree == nil || m.Tree.Root == nil || m.Tree.Drawn == 0 {
		t.Errorf("no tree at the end: %+v", m.Tree)
	}
	if m.Node == nil || len(m.Node.View) == 0 {
		t.Errorf("no state view at the end: %+v", m.Node)
	}
	for _, k := range []string{"fhist", "fhistTotal", "iterations", "bounds"} {
		if len(m.Charts[k]) < 50 {
			t.Errorf("chart %s: %s", k, m.Charts[k])
		}
	}
}

func TestSteppingGivesExactlyNEvents(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	blocks := watchBlocks(ts)
	c := dial(t, ts)
	c.send(startMsg(nil))
	m := c.until(hangs, "a paused run", func(m *msg) bool { return isState(m) && m.Status == "paused" && m.Active.Events > 0 })
	// The search waits for the page having let through the run's start
	// only.
	if b := blockedWhen(t, blocks, "the first wait", func(blockAt) bool { return true }); b.events != 1 {
		t.Fatalf("before any step the search let %d events through, want 1 (the run's start)", b.events)
	}
	c.send(map[string]any{"type": "pause"}) // answered with a state
	m = c.until(hangs, "a state", isState)
	if m.Active.Events != 1 {
		t.Fatalf("before any step the page saw %d events, want 1 (the run's start)", m.Active.Events)
	}
	c.send(map[string]any{"type": "step"})
	m = c.until(hangs, "one step", func(m *msg) bool { return isState(m) && m.Active.Events == 2 })
	if !strings.HasPrefix(m.Event, "iteration 1 starts with bound") {
		t.Errorf("the first step's event: %q", m.Event)
	}
	c.send(map[string]any{"type": "step"})
	m = c.until(hangs, "one step", func(m *msg) bool { return isState(m) && m.Active.Events == 3 })
	if !strings.HasPrefix(m.Event, "visit the start") {
		t.Errorf("the second step's event: %q", m.Event)
	}
	want := int64(3)
	for _, n := range []int{1, 1, 5, 3, 20} {
		c.send(map[string]any{"type": "step", "n": n})
		want += int64(n)
		m = c.until(hangs, "the steps", func(m *msg) bool { return isState(m) && m.Active.Events >= want && m.Status == "paused" })
		if m.Active.Events != want {
			t.Fatalf("after stepping to %d the page saw %d events", want, m.Active.Events)
		}
	}
	// Nothing more comes while paused: the search waits for the page
	// with exactly the events stepped.
	if b := blockedWhen(t, blocks, "the wait after the steps", func(b blockAt) bool { return b.events >= want }); b.events != want {
		t.Fatalf("paused after stepping to %d, the search let %d events through", want, b.events)
	}
	c.send(map[string]any{"type": "pause"})
	m = c.until(hangs, "a state", isState)
	if m.Active.Events != want {
		t.Fatalf("paused, the run moved on to %d events (want %d)", m.Active.Events, want)
	}
	if m.Node == nil || len(m.Node.View) == 0 || m.Node.Renderer != "tiles" {
		t.Fatalf("no state view of the current node: %+v", m.Node)
	}

	// To the next expansion: the run stops right after a visit event.
	c.send(map[string]any{"type": "expand"})
	m = c.until(hangs, "the next expansion", func(m *msg) bool { return isState(m) && m.Active.Events > want && m.Status == "paused" })
	if m.Tree == nil || m.Node == nil || m.Tree.Last != m.Node.ID {
		t.Fatalf("after next-expansion the current node is not the tree's last: %+v / %+v", m.Tree, m.Node)
	}
	last := findNode(m.Tree.Root, m.Tree.Last)
	if last == nil || last.Status != fold.StatusPath {
		t.Fatalf("after next-expansion the last node is %+v, want a node on the path", last)
	}

	// To the next bound: the iteration that was running has ended.
	it := m.Active.Iteration
	c.send(map[string]any{"type": "to-bound"})
	m = c.until(hangs, "the bound increase", func(m *msg) bool {
		return isState(m) && m.Status == "paused" && len(m.Active.Iterations) >= it && m.Active.Iterations[it-1].NextBound > 0
	})
	if a := m.Active; a.Iteration != it || a.Bound != a.Iterations[it-1].Bound || a.NextBound != a.Iterations[it-1].NextBound {
		t.Fatalf("after the bound increase: iteration %d, bound %d, next %d; want iteration %d's bound %d and next bound %d",
			a.Iteration, a.Bound, a.NextBound, it, a.Iterations[it-1].Bound, a.Iterations[it-1].NextBound)
	}
}

func findNode(n *fold.TreeNode, id uint64) *fold.TreeNode {
	if n == nil {
		return nil
	}
	if n.ID == id {
		return n
	}
	for _, c := range n.Children {
		if f := findNode(c, id); f != nil {
			return f
		}
	}
	return nil
}

func countStatus(n *fold.TreeNode, status string) int {
	if n == nil {
		return 0
	}
	k := 0
	if n.Status == status {
		k++
	}
	for _, c := range n.Children {
		k += countStatus(c, status)
	}
	return k
}

func TestSolutionPathInTree(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(startMsg(nil))
	c.send(map[string]any{"type": "to-end"})
	m := c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	if got := countStatus(m.Tree.Root, fold.StatusSolution); got != m.Active.SolutionLength+1 {
		t.Errorf("%d solution nodes in the tree, want %d (the path and its root)", got, m.Active.SolutionLength+1)
	}
	// The goal's state is shown: tiles in order.
	var v struct{ Tiles []int }
	if err := json.Unmarshal(m.Node.View, &v); err != nil || fmt.Sprint(v.Tiles) != "[1 2 3 4 5 6 7 8 0]" {
		t.Errorf("the final state is %s (%v)", m.Node.View, err)
	}
}

func TestPlay(t *testing.T) {
	ts := newTestServer(t, Options{})
	blocks := watchBlocks(ts)
	c := dial(t, ts)
	c.send(startMsg(nil))
	c.until(hangs, "a paused run", func(m *msg) bool { return isState(m) && m.Status == "paused" })
	start := time.Now()
	c.send(map[string]any{"type": "play", "n": 100})
	m := c.until(hangs, "playing", func(m *msg) bool { return isState(m) && m.Active.Events >= 21 })
	if el := time.Since(start); el < 150*time.Millisecond {
		t.Errorf("20 events at 100 a second took %v", el)
	}
	if m.Status != "running" {
		t.Errorf("status while playing: %s", m.Status)
	}
	c.send(map[string]any{"type": "pause"})
	m = c.until(hangs, "paused", func(m *msg) bool { return isState(m) && m.Status == "paused" })
	at := m.Active.Events
	if b := blockedWhen(t, blocks, "the wait after the pause", func(b blockAt) bool { return b.events >= at }); b.events != at {
		t.Errorf("paused at %d events, the search waits after %d", at, b.events)
	}
	c.send(map[string]any{"type": "pause"}) // answered with a state
	m = c.until(hangs, "a state", isState)
	if m.Active.Events != at {
		t.Errorf("paused at %d events, then %d", at, m.Active.Events)
	}
}

func TestCompareRuns(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(startMsg(map[string]any{"fast": true}))
	c.until(hangs, "run 1", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	c.send(startMsg(map[string]any{"fast": true, "keep": true, "heuristic": "misplaced"}))
	m := c.until(hangs, "run 2", func(m *msg) bool { return isState(m) && m.Status == "solved" && len(m.Runs) == 2 })
	if m.Runs[0].Heuristic != "manhattan" || m.Runs[1].Heuristic != "misplaced" {
		t.Fatalf("runs: %+v", m.Runs)
	}
	if m.Runs[0].SolutionLength != m.Runs[1].SolutionLength {
		t.Errorf("two admissible heuristics, two optimal lengths: %d and %d", m.Runs[0].SolutionLength, m.Runs[1].SolutionLength)
	}
	if m.Runs[1].Generated <= m.Runs[0].Generated {
		t.Errorf("misplaced tiles generated %d nodes, manhattan %d: want more", m.Runs[1].Generated, m.Runs[0].Generated)
	}
	// Every chart compares the runs: one legend entry a run, each run's
	// series in the run's colour (the table's), the kind by its hatching.
	for _, k := range []string{"fhist", "fhistTotal", "iterations", "bounds"} {
		var opt struct {
			Legend struct{ Data []string }
			Series []struct {
				Name      string
				ItemStyle struct {
					Color string
					Decal any
				}
			}
		}
		if err := json.Unmarshal(m.Charts[k], &opt); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if !slices.Equal(opt.Legend.Data, []string{"#1 manhattan ida", "#2 misplaced ida"}) {
			t.Errorf("%s: legend %+v, want one entry a run", k, opt.Legend)
		}
		colour := map[string]string{"#1 manhattan ida": m.Runs[0].Colour, "#2 misplaced ida": m.Runs[1].Colour}
		for _, s := range opt.Series {
			if colour[s.Name] == "" || s.ItemStyle.Color != colour[s.Name] {
				t.Errorf("%s: series %q in %q, want its run's colour %q", k, s.Name, s.ItemStyle.Color, colour[s.Name])
			}
		}
		if k != "bounds" && (len(opt.Series) != 4 || opt.Series[0].ItemStyle.Decal != nil || opt.Series[1].ItemStyle.Decal == nil) {
			t.Errorf("%s: want a solid and a hatched series a run: %+v", k, opt.Series)
		}
	}
	if m.Lockstep != nil {
		t.Errorf("fast runs cannot step, let alone in lock-step: %+v", m.Lockstep)
	}
	if m.Runs[0].Colour == m.Runs[1].Colour {
		t.Errorf("two runs, one colour %q", m.Runs[0].Colour)
	}
	// A fresh start without keep drops both.
	c.send(startMsg(map[string]any{"fast": true}))
	c.until(hangs, "one run", func(m *msg) bool { return isState(m) && m.Status == "solved" && len(m.Runs) == 1 })
}

func TestAStarRun(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(startMsg(map[string]any{"algorithm": "astar"}))
	c.until(hangs, "a paused run", func(m *msg) bool { return isState(m) && m.Status == "paused" })
	c.send(map[string]any{"type": "step", "n": 10})
	c.send(map[string]any{"type": "to-end"})
	m := c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	if m.Active.SolutionLength != len(want.Moves) {
		t.Errorf("A* found %d moves, IDA* %d", m.Active.SolutionLength, len(want.Moves))
	}
	// Its memory, for the comparison table: engine.AStar's own figures.
	p, _ := puzzles.Lookup(testrun.Puzzle)
	inst, _ := p.Parse(testrun.State, "")
	d, err := inst.Domain("manhattan")
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.AStar(context.Background(), d, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Active.PeakOpen == 0 {
		// The run-end's state can go before the search has returned.
		m = c.until(hangs, "the memory", func(m *msg) bool { return isState(m) && m.Active.PeakOpen > 0 })
	}
	if m.Active.PeakOpen != res.PeakOpen || m.Active.Stored != res.Stored {
		t.Errorf("A* held %d open at peak and %d stored; engine.AStar: %d, %d", m.Active.PeakOpen, m.Active.Stored, res.PeakOpen, res.Stored)
	}
}

func TestScramble(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(map[string]any{"type": "scramble", "puzzle": testrun.Puzzle, "depth": 12})
	m := c.until(hangs, "a scramble", func(m *msg) bool { return m.Type == "scrambled" })
	c.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": m.State, "fast": true})
	m = c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	if m.Active.SolutionLength > 12 {
		t.Errorf("a 12-move scramble took %d moves", m.Active.SolutionLength)
	}
}

// TestLiveBack: a live run steps back like a replay (it runs again, quietly,
// to the event before), also from its end.
func TestLiveBack(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(startMsg(nil))
	c.until(hangs, "a paused run", func(m *msg) bool { return isState(m) && m.Status == "paused" })
	c.send(map[string]any{"type": "step", "n": 10})
	at11 := *c.until(hangs, "10 steps", func(m *msg) bool { return isState(m) && m.Active.Events == 11 && m.Status == "paused" })
	c.send(map[string]any{"type": "step"})
	c.until(hangs, "one more", func(m *msg) bool { return isState(m) && m.Active.Events == 12 && m.Status == "paused" })
	c.send(map[string]any{"type": "back"})
	m := c.until(hangs, "one back", func(m *msg) bool { return isState(m) && m.Active.Events == 11 && m.Status == "paused" })
	if m.Active.Generated != at11.Active.Generated || m.Tree.Drawn != at11.Tree.Drawn || m.Node.ID != at11.Node.ID || m.Event != at11.Event {
		t.Errorf("after a step and a step back: %s, %d drawn, node %d, %q; before: %s, %d drawn, node %d, %q",
			describe(*m.Active), m.Tree.Drawn, m.Node.ID, m.Event, describe(*at11.Active), at11.Tree.Drawn, at11.Node.ID, at11.Event)
	}
	if m.Replay == nil || m.Replay.Total != 12 {
		t.Errorf("a live run gone back: position %+v, want 11 of 12", m.Replay)
	}
	c.send(map[string]any{"type": "step"})
	c.until(hangs, "forward again", func(m *msg) bool { return isState(m) && m.Active.Events == 12 && m.Status == "paused" })
	c.send(map[string]any{"type": "to-end"})
	end := c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	c.send(map[string]any{"type": "back"})
	m = c.until(hangs, "back from the end", func(m *msg) bool { return isState(m) && m.Status == "paused" })
	if m.Active.Events >= end.Active.Events || m.Active.Events < end.Active.Events-2 {
		t.Errorf("back from the end (%d events) went to %d", end.Active.Events, m.Active.Events)
	}
	c.send(map[string]any{"type": "to-end"})
	m = c.until(hangs, "the end again", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	if m.Active.Generated != end.Active.Generated || m.Active.SolutionLength != end.Active.SolutionLength {
		t.Errorf("to the end again: %s, length %d; first time %s, length %d", describe(*m.Active), m.Active.SolutionLength, describe(*end.Active), end.Active.SolutionLength)
	}
}

// TestStateWhileBuilding: a run whose domain is still building (no
// run-start yet) claims no node and no h (a page once showed "h = 0 for a
// minute"), and says it is building.
func TestStateWhileBuilding(t *testing.T) {
	p := newPlayer(context.Background(), 1, trace.LevelNode, true, fold.DefaultTreeLimit, func() {})
	fr := p.frame(0)
	fr.Build = "building pattern database corners: 12%"
	st := fold.BuildState("live", []fold.RunData{{Frame: fr, Views: &draw.Views{}}})
	if st.Status != "building" || st.Node != nil || !strings.Contains(st.Event, "12%") {
		t.Errorf("while building: status %q, node %+v, event %q", st.Status, st.Node, st.Event)
	}
}

// TestLockstep: two stepped runs of one instance move bound by bound
// together; at each bound every run has either its iteration there (its
// counts the engine's) or a reason why not, and together they reach the
// end.
func TestLockstep(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(map[string]any{"type": "to-bound", "all": true})
	c.until(hangs, "no lock-step without runs", func(m *msg) bool { return m.Type == "error" && strings.Contains(m.Message, "lock-step") })
	heuristics := []string{"misplaced", "manhattan"}
	for i, h := range heuristics {
		c.send(startMsg(map[string]any{"heuristic": h, "keep": i > 0}))
	}
	m := c.until(hangs, "two paused runs", func(m *msg) bool {
		return isState(m) && len(m.Runs) == 2 && m.Lockstep != nil && m.Runs[1].Status == "paused"
	})
	want := map[int]map[int]trace.Iteration{} // run id -> bound -> the engine's iteration
	for i, h := range heuristics {
		res := testrun.Result(t, testrun.Puzzle, testrun.State, h)
		want[m.Runs[i].ID] = map[int]trace.Iteration{}
		for _, it := range res.Iterations {
			want[m.Runs[i].ID][it.Bound] = it
		}
	}
	if m.Lockstep.Bound != 0 || m.Lockstep.Next != min(m.Runs[0].StartH, m.Runs[1].StartH) {
		t.Fatalf("before the first press: %+v (h(start) %d, %d)", m.Lockstep, m.Runs[0].StartH, m.Runs[1].StartH)
	}
	last := 0
	for press := 0; ; press++ {
		if press > 40 {
			t.Fatal("the runs never ended")
		}
		next := m.Lockstep.Next
		c.send(map[string]any{"type": "to-bound", "all": true})
		m = c.until(hangs, "the runs at the next bound", func(m *msg) bool {
			if !isState(m) || m.Lockstep == nil || m.Lockstep.Bound != next {
				return false
			}
			for _, r := range m.Lockstep.Runs {
				if r.Status == "running" || (r.Bound == next && r.Status == "paused") {
					return false
				}
			}
			return true
		})
		if next <= last {
			t.Fatalf("lock-step went from bound %d to %d", last, next)
		}
		last = next
		for _, r := range m.Lockstep.Runs {
			t.Logf("bound %d, run #%d: %d generated %s", next, r.ID, r.Generated, r.Note)
			it, ok := want[r.ID][next]
			switch {
			case ok && r.Tree == nil:
				t.Errorf("bound %d, run #%d: no tree (%s)", next, r.ID, r.Note)
			case ok && (r.Generated != it.Generated || r.Expanded != it.Expanded || r.Tree.Bound != next):
				t.Errorf("bound %d, run #%d: %d generated, %d expanded, tree at %d; the engine: %d, %d", next, r.ID, r.Generated, r.Expanded, r.Tree.Bound, it.Generated, it.Expanded)
			case !ok && (r.Tree != nil || !strings.Contains(r.Note, "no iteration at bound")):
				t.Errorf("bound %d, run #%d: the engine has no iteration here, the page says %q", next, r.ID, r.Note)
			}
		}
		if m.Lockstep.Next == 0 {
			break
		}
	}
	for i, r := range m.Runs {
		if r.Status != "solved" || r.Generated != testrun.Result(t, testrun.Puzzle, testrun.State, heuristics[i]).Totals.Generated {
			t.Errorf("run %d at the end: %+v", i, r)
		}
	}
}
