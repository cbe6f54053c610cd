package web

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/export"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// vizStatus is window.viz as the page publishes it.
type vizStatus struct {
	Status         string `json:"status"`
	Bound          int    `json:"bound"`
	Iteration      int    `json:"iteration"`
	Expanded       int64  `json:"expanded"`
	Generated      int64  `json:"generated"`
	Pruned         int64  `json:"pruned"`
	SolutionLength int    `json:"solutionLength"`
	DrawnTreeNodes int    `json:"drawnTreeNodes"`
	Events         int64  `json:"events"` // so far (live), in the recording (replay)
	Event          int64  `json:"event"`  // the current one, 0-based
	Mode           string `json:"mode"`
	Presentation   bool   `json:"presentation"`
	NextBound      int    `json:"nextBound"`
	HistIteration  int    `json:"histIteration"`
	HistBound      int    `json:"histBound"`
	TreeIteration  int    `json:"treeIteration"`
	TreeBound      int    `json:"treeBound"`
	Quiz           struct {
		On       bool    `json:"on"`
		Asked    int     `json:"asked"`
		Right    int     `json:"right"`
		Question *string `json:"question"`
		Skipped  int     `json:"skipped"`
	} `json:"quiz"`
	Iterations []struct {
		Bound     int   `json:"bound"`
		Expanded  int64 `json:"expanded"`
		Generated int64 `json:"generated"`
		Pruned    int64 `json:"pruned"`
	} `json:"iterations"`
}

func TestBrowser(t *testing.T) {
	t.Parallel()

	// The puzzle: the catalogue's 8-puzzle when it is registered, else the
	// tests' own copy (the same domain).
	puzzle := testrun.Puzzle
	if _, err := puzzles.Lookup("8puzzle"); err == nil {
		puzzle = "8puzzle"
	}

	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	run, waitFor, viz, bctx := b.do, b.wait, b.viz, b.ctx
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }

	run("loading the page", chromedp.Navigate(pageURL))
	waitFor("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
	run("choosing the instance", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const p = document.querySelector('[data-testid=puzzle]');
		p.value = %q; p.dispatchEvent(new Event('change'));
		document.querySelector('[data-testid=heuristic]').value = 'manhattan';
		document.querySelector('[data-testid=state]').value = %q;
	})()`, puzzle, testrun.State)))
	// A bad state is explained on the page.
	run("typing a bad state", chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=state]').value = '1 2 3'`))
	run("starting it", chromedp.Click(sel("start")))
	waitFor("the error", `document.querySelector('[data-testid=error]').textContent.includes('9')`)
	run("typing the state", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector('[data-testid=state]').value = %q`, testrun.State)))
	run("starting", chromedp.Click(sel("start")))
	waitFor("a paused run", `window.viz.status === 'paused' && window.viz.events === 1 && document.querySelector('[data-testid=error]').textContent === ''`)

	// Step by step: five clicks, then the keyboard.
	for i := 0; i < 5; i++ {
		run("step", chromedp.Click(sel("step")))
		waitFor("the step", fmt.Sprintf(`window.viz.events === %d`, 2+i))
	}
	run("step key", chromedp.KeyEvent("s"))
	waitFor("the key's step", `window.viz.events === 7`)
	run("play key", chromedp.KeyEvent(" "))
	waitFor("playing", `window.viz.events > 8 && window.viz.status === 'running'`)
	run("pause key", chromedp.KeyEvent(" "))
	waitFor("paused again", `window.viz.status === 'paused'`)
	if v := viz(); v.Status != "paused" || v.DrawnTreeNodes == 0 {
		t.Fatalf("after stepping: %+v", v)
	}
	run("next bound", chromedp.Click(sel("to-bound")))
	waitFor("the bound increase", `window.viz.status === 'paused' && window.viz.iterations.length >= 1`)
	// Into the next iteration, node by node, and a click on a tree node.
	for i := 0; i < 6; i++ {
		before := viz().Events
		run("next expansion", chromedp.Click(sel("expand")))
		waitFor("the expansion", fmt.Sprintf(`window.viz.events > %d`, before))
	}
	run("clicking a node", chromedp.Click(chromedp.CSS(`[data-testid="tree"] svg .node.expanded circle, [data-testid="tree"] svg .node.pruned circle`)))
	waitFor("the selected node's state", `document.querySelectorAll('[data-testid=selected] svg rect').length === 9`)
	shot(t, bctx, "stepping")
	run("to the end", chromedp.Click(sel("to-end")))
	waitFor("the end", `window.viz.status === 'solved'`)

	v := viz()
	want := testrun.Result(t, puzzle, testrun.State, "manhattan")
	if v.Expanded != want.Totals.Expanded || v.Generated != want.Totals.Generated || v.Pruned != want.Totals.Pruned {
		t.Errorf("page counts %d/%d/%d, engine.IDA %+v", v.Expanded, v.Generated, v.Pruned, want.Totals)
	}
	if v.SolutionLength != len(want.Moves) {
		t.Errorf("solution length %d, engine.IDA %d", v.SolutionLength, len(want.Moves))
	}
	if len(v.Iterations) != len(want.Iterations) {
		t.Errorf("%d iterations, engine.IDA %d", len(v.Iterations), len(want.Iterations))
	} else {
		for i, it := range want.Iterations {
			g := v.Iterations[i]
			if g.Bound != it.Bound || g.Expanded != it.Expanded || g.Generated != it.Generated || g.Pruned != it.Pruned {
				t.Errorf("iteration %d: page %+v, engine %+v", i+1, g, it.Counts)
			}
		}
	}
	if v.DrawnTreeNodes == 0 {
		t.Errorf("no tree nodes drawn: %+v", v)
	}
	drawn, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid=tree] svg .node').length`))
	if err != nil || drawn == 0 || drawn != v.DrawnTreeNodes {
		t.Errorf("tree: %d nodes in the SVG, window.viz says %d (%v)", drawn, v.DrawnTreeNodes, err)
	}
	for _, id := range []string{"fhist", "iterations-chart"} {
		n, err := chromedp.Run(bctx, chromedp.Evaluate[int](fmt.Sprintf(`(() => {
			const c = window.viz.page.chart(document.querySelector('[data-testid=%q]'));
			if (!c) return -1;
			return c.getOption().series.reduce((n, s) => n + s.data.filter((d) => d && d.value > 0).length, 0);
		})()`, id)))
		if err != nil || n <= 0 {
			t.Errorf("chart %s: %d data points (%v)", id, n, err)
		}
	}
	tiles, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid=puzzle-state] svg rect').length`))
	if err != nil || tiles != 9 {
		t.Errorf("the state panel draws %d tiles, want 9 (%v)", tiles, err)
	}

	shot(t, bctx, "solved")

	requests, exceptions := b.seen()
	for _, x := range exceptions {
		t.Errorf("the page threw: %s", x)
	}
	if len(requests) == 0 {
		t.Fatal("saw no requests at all: the network listener is broken")
	}
	for _, r := range requests {
		u, err := url.Parse(r)
		if err != nil {
			t.Errorf("request to %q: %v", r, err)
			continue
		}
		if u.Scheme == "data" {
			continue
		}
		if u.Hostname() != "127.0.0.1" {
			t.Errorf("the page made a request off the machine: %s", r)
		}
	}
}

// shot keeps a screenshot of the page as a test artefact, when artefacts
// are kept ($IDAVIZ_ARTIFACTS); otherwise it takes none.
func shot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	browsertest.Shot(t, ctx, name)
}

// TestBrowserExport opens a page exported with its trace inside, from disk:
// the page's recorded data source, with no server at all.
func TestBrowserExport(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "replay.html")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := export.HTML(f, rec, export.Options{}); err != nil {
		t.Fatal(err)
	}
	f.Close()

	b := openBrowser(t, browserDeadline)
	do, wait, bctx := b.do, b.wait, b.ctx
	do("opening the export", chromedp.Navigate("file://"+path))
	wait("the first frame", `window.viz.event === 0 && window.viz.mode === 'replay'`)
	for i := 0; i < 4; i++ {
		do("step", chromedp.Click(chromedp.CSS(`[data-testid="step"]`)))
	}
	wait("four steps", `window.viz.event === 4`)
	do("back", chromedp.Click(chromedp.CSS(`[data-testid="back"]`)))
	wait("one back", `window.viz.event === 3`)
	// x goes to the next expansion, not one event on; the
	// log scale stays ticked as the page moves.
	for i := 0; i < 5; i++ {
		before := b.viz().Event
		do("x", chromedp.KeyEvent("x"))
		wait("x goes to the next visit", fmt.Sprintf(`window.viz.event > %d && document.querySelector('[data-testid=last-event]').textContent.startsWith('last event: visit')`, before))
	}
	do("log scale", chromedp.Click(chromedp.CSS(`[data-testid="log-scale"]`)), chromedp.Click(chromedp.CSS(`[data-testid="step"]`)))
	wait("the log scale stays ticked as the page moves", `document.querySelector('[data-testid=log-scale]').checked && window.viz.page.chart(document.querySelector('[data-testid=fhist]')).getOption().yAxis[0].type === 'log'`)
	do("to the end", chromedp.Click(chromedp.CSS(`[data-testid="to-end"]`)))
	wait("the end", `window.viz.status === 'solved'`)
	v, err := chromedp.Run(bctx, chromedp.Evaluate[vizStatus](`window.viz`))
	if err != nil {
		t.Fatal(err)
	}
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	if v.Generated != want.Totals.Generated || v.SolutionLength != len(want.Moves) || v.DrawnTreeNodes == 0 {
		t.Errorf("exported replay: %+v; engine %+v, length %d", v, want.Totals, len(want.Moves))
	}
	tiles, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid=puzzle-state] svg rect').length`))
	if err != nil || tiles != 9 {
		t.Errorf("the exported page draws %d tiles (%v)", tiles, err)
	}
	// The goal, drawn in the page from the start and the solution's moves.
	if got, err := chromedp.Run(bctx, chromedp.Evaluate[string](`[...document.querySelectorAll('[data-testid=puzzle-state] svg text')].map((t) => t.textContent).join(' ')`)); err != nil || got != "1 2 3 4 5 6 7 8" {
		t.Errorf("the exported page's end state reads %q (%v), want the goal", got, err)
	}
	// A finished iteration's tree, a click on one of its nodes: its state,
	// drawn from its moves.
	js[bool](b, "iteration 1", `document.querySelector('[data-testid=tree-iteration]').value = '1', document.querySelector('[data-testid=tree-iteration]').dispatchEvent(new Event('change')), true`)
	wait("the first iteration's tree", fmt.Sprintf(`window.viz.treeIteration === 1 && window.viz.treeBound === %d`, want.Iterations[0].Bound))
	do("a node of it", chromedp.Click(chromedp.CSS(`[data-testid="tree"] svg .node.pruned circle`)))
	wait("its state", `document.querySelector('[data-testid=selected]').querySelectorAll('svg rect').length === 9 && document.querySelector('[data-testid=selected]').textContent.includes('selected node')`)
	// Next bound from the start: up to the bound's rise, as the server does.
	do("seek to the start", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('[data-testid=seek]'); s.value = 0; s.dispatchEvent(new Event('change')); })()`))
	wait("the start", `window.viz.event === 0`)
	do("b", chromedp.KeyEvent("b"))
	wait("the next bound", fmt.Sprintf(`window.viz.iteration === 1 && window.viz.nextBound === %d && document.querySelector('[data-testid=last-event]').textContent.includes('the bound rises to %d')`, want.Iterations[1].Bound, want.Iterations[1].Bound))
	requests, exceptions := b.seen()
	for _, x := range exceptions {
		t.Errorf("the exported page threw: %s", x)
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, "file://") && !strings.HasPrefix(r, "data:") {
			t.Errorf("the exported page made a request: %s", r)
		}
	}
}
