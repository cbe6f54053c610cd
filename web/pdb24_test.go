package web

import (
	"encoding/json"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/tiles"
)

// The server offers the 24-puzzle's pattern database heuristic as it offers
// the 15-puzzle's: in /api/puzzles, after the default.
func TestCatalogueOffersPDB6666(t *testing.T) {
	ts := newTestServer(t, Options{})
	resp, err := http.Get(ts.URL + "/api/puzzles")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []puzzleInfo
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range list {
		switch p.Name {
		case "24puzzle":
			found = true
			if !slices.Contains(p.Heuristics, "pdb6666") || p.Heuristics[0] == "pdb6666" {
				t.Errorf("24puzzle's heuristics %v: want pdb6666 among them, not first", p.Heuristics)
			}
		case "15puzzle", "8puzzle":
			if slices.Contains(p.Heuristics, "pdb6666") {
				t.Errorf("%s offers pdb6666", p.Name)
			}
		}
	}
	if !found {
		t.Fatal("no 24puzzle in /api/puzzles")
	}
}

// korf40 is Korf's #40 of the 24-puzzle and its domain under pdb6666, for
// the tests gated on IDAVIZ_TEST_PDB24 (skipped without it): they read the
// tables from IDAVIZ_CACHE_DIR, or build them there (minutes).
func korf40(t *testing.T) (tiles.KorfInstance, engine.Domain) {
	t.Helper()
	if os.Getenv("IDAVIZ_TEST_PDB24") == "" {
		t.Skip("set IDAVIZ_TEST_PDB24=1 with pdb6666's tables in IDAVIZ_CACHE_DIR")
	}
	ks, err := tiles.Korf50()
	if err != nil {
		t.Fatal(err)
	}
	d, err := ks[39].Board.BuildDomain(t.Context(), "pdb6666", nil)
	if err != nil {
		t.Fatal(err)
	}
	return ks[39], d
}

// The page steps through a 24-puzzle search with pdb6666: a run of Korf's
// #40 (82 moves) goes fast to its second bound, then node by node, each
// step one event, its node drawn as a board. It reads pdb6666's tables from
// IDAVIZ_CACHE_DIR, or builds them there (minutes), so it runs with
// IDAVIZ_TEST_PDB24 set (.ci/run, after the tables' own check).
func TestSteppingPDB6666(t *testing.T) {
	k, d := korf40(t)
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(map[string]any{"type": "start", "puzzle": "24puzzle", "state": k.Board.String(), "goal": "blank-first", "heuristic": "pdb6666", "algorithm": "ida"})
	// The first state a connection gets is the session's, before any run
	// (no heuristic): the run's own comes once its tables are read.
	m := c.until(3*hangs, "a paused run", func(m *msg) bool { return isState(m) && m.Status == "paused" && m.Active.Events > 0 })
	if m.Active.Heuristic != "pdb6666" || m.Active.StartH != d.H() {
		t.Fatalf("the run's heuristic %s, h(start) %d; want pdb6666, %d", m.Active.Heuristic, m.Active.StartH, d.H())
	}
	for it := 1; it <= 2; it++ {
		c.send(map[string]any{"type": "to-bound"})
		m = c.until(3*hangs, "the bound increase", func(m *msg) bool {
			return isState(m) && m.Status == "paused" && len(m.Active.Iterations) >= it && m.Active.Iterations[it-1].NextBound > 0
		})
		if got, want := m.Active.Iterations[it-1].Bound, d.H()+2*(it-1); got != want {
			t.Fatalf("iteration %d's bound %d, want %d", it, got, want)
		}
	}
	events := m.Active.Events
	for i := int64(1); i <= 6; i++ {
		c.send(map[string]any{"type": "step"})
		m = c.until(hangs, "one step", func(m *msg) bool { return isState(m) && m.Active.Events == events+i && m.Status == "paused" })
	}
	if m.Node == nil || m.Node.Renderer != "tiles" || !strings.Contains(string(m.Node.View), `"size":5`) {
		t.Fatalf("the current node is not drawn as a 5x5 board: %+v", m.Node)
	}
}
