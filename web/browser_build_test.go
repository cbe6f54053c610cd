package web

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserBuildProgress: a first Rubik's cube search whose
// heuristic reads pattern databases shows the build's progress in the page
// (not only on the server's terminal), names no half-known run ("run #1 , ,")
// and claims no h while it builds; closing the tab cancels the build and
// leaves no file in the cache.
func TestBrowserBuildProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real database build")
	}
	dir := t.TempDir()
	t.Setenv("IDAVIZ_CACHE_DIR", dir)
	b := openPage(t, 1280, 720)
	// The page loaded and idle: its session's goroutines are counted here
	// and go with the tab; a build left running would keep more.
	idle := runtime.NumGoroutine()
	// A 15-puzzle run first: switching to the cube, its board must not stay
	// under "State at the current node" while the cube's tables build.
	js[bool](b, "the 15-puzzle", `choose('puzzle', '15puzzle'), choose('heuristic', 'manhattan'), true`)
	b.do("start the 15-puzzle", chromedp.Click(chromedp.CSS(`[data-testid="start"]`)))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("steps", chromedp.KeyEvent("s"), chromedp.KeyEvent("s"), chromedp.KeyEvent("s"))
	b.wait("the 15-puzzle's board", `window.viz.event === 3 && q('puzzle-state').querySelectorAll('rect').length === 16`)
	js[bool](b, "the Rubik's cube", `choose('puzzle', 'rubik'), choose('heuristic', 'corners'),
		q('state').value = "R U", q('state').dispatchEvent(new Event('input')), true`)
	b.do("start", chromedp.Click(chromedp.CSS(`[data-testid="start"]`)))
	b.wait("the build's progress in the page", `window.viz.status === 'building' &&
		/building pattern database corners.*\d%/.test(q('last-event').textContent)`)
	b.wait("the cube's start state, and the build's progress by the tree", `q('puzzle-state').querySelector('svg[data-renderer=magiccube]') !== null &&
		q('node-info').textContent.startsWith('the start state') && /building pattern database corners/.test(q('tree').textContent)`)
	shot(t, b.ctx, "building")
	var bad []string
	if run := js[string](b, "the run row", `statRow('run') || ''`); strings.Contains(run, ", ,") || strings.HasSuffix(strings.TrimSpace(run), ",") {
		bad = append(bad, "the run row says "+run)
	}
	if h := js[string](b, "the node", `q('node-info').textContent`); strings.Contains(h, "h = 0") {
		bad = append(bad, "the state claims "+h+" while the databases build")
	}
	if js[int](b, "the state panel", `q('puzzle-state').childElementCount`) == 0 {
		bad = append(bad, "the start state is no longer drawn while the databases build")
	}
	if rows := js[[]string](b, "the status rows", `[...q('stats').rows].map((r) => r.cells[0].textContent)`); len(rows) != 1 {
		bad = append(bad, fmt.Sprintf("the status shows %v while the databases build: counts of a search not begun", rows))
	}
	if len(bad) > 0 {
		t.Errorf("while the databases build, the page shows a search not begun: %s", strings.Join(bad, "; "))
	}
	// Closing the tab: the page goes away, and with it the build.
	// Once the session's goroutines, the build's among them, have ended,
	// no file is left.
	b.do("closing the tab", chromedp.Navigate("about:blank"))
	waitGoroutines(t, idle)
	ents, _ := os.ReadDir(filepath.Join(dir, "pdb"))
	for _, e := range ents {
		t.Errorf("the build went on after the tab closed: %s", e.Name())
	}
}
