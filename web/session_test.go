package web

import (
	"testing"
	"time"
)

func startMsg(extra map[string]any) map[string]any {
	m := map[string]any{"type": "start", "puzzle": testPuzzle, "state": testState, "heuristic": "manhattan", "algorithm": "ida"}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func TestRunToEndMatchesEngine(t *testing.T) {
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(startMsg(nil))
	c.until(5*time.Second, "a paused run", func(m *msg) bool { return isState(m) && m.Status == "paused" })
	c.send(map[string]any{"type": "to-end"})
	m := c.until(10*time.Second, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	want := engineResult(t, testPuzzle, testState, "manhattan")
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
