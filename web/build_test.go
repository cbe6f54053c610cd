package web

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestBuildProgressInPage: a first Rubik's cube search with a database
// heuristic shows the build's progress in the page, and closing the tab
// cancels the build, leaving no file.
func TestBuildProgressInPage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real database build")
	}
	dir := t.TempDir()
	t.Setenv("IDAVIZ_CACHE_DIR", dir)
	ts := newTestServer(t, Options{})
	before := runtime.NumGoroutine()
	c := dial(t, ts)
	c.send(map[string]any{"type": "start", "puzzle": "rubik", "state": "R U", "heuristic": "corners"})
	m := c.until(hangs, "the build's progress", func(m *msg) bool {
		return isState(m) && m.Status == "building" && strings.Contains(m.Event, "%")
	})
	if !strings.Contains(m.Event, "building pattern database corners") {
		t.Fatalf("the page says %q while building", m.Event)
	}
	c.conn.Close()
	waitGoroutines(t, before)
	ents, _ := os.ReadDir(filepath.Join(dir, "pdb"))
	for _, e := range ents {
		t.Errorf("the cancelled build left %s", e.Name())
	}
}
