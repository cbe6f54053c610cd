package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"idaviz/engine"
	"idaviz/internal/browsertest"
	"idaviz/puzzles"
)

// problemTab opens the page at a window size and the Problem tab on its
// first example (Romania), loaded.
func problemTab(t *testing.T, width, height int) *browser {
	t.Helper()
	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	b.do("the window size", chromedp.EmulateViewport(int64(width), int64(height)))
	b.do("loading the page", chromedp.Navigate(pageURL))
	b.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
	b.do("the Problem tab", chromedp.Click(chromedp.CSS(`[data-testid="tab-problem"]`)))
	b.wait("Romania loaded", `document.querySelector('[data-testid=problem-source]').value.includes('Bucharest') &&
		Array.from(document.querySelector('[data-testid=problem-heuristic]').options).some((o) => o.value === 'straight-line') &&
		document.querySelector('[data-renderer=graph]') !== null`)
	return b
}

// setSource replaces the editor's text, as typing does.
func setSource(b *browser, src string) {
	b.t.Helper()
	b.do("typing the script", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const ta = document.querySelector('[data-testid=problem-source]');
		ta.value = %q;
		ta.dispatchEvent(new Event('input'));
	})()`, src)))
}

// TestBrowserProblem edits, runs and checks a problem in the page: Romania
// from its example reaches Bucharest at 418 km, drawn on the map; a syntax
// error is shown at its line, as the file loads and as Run sends it; Check
// grades straight-line distance with its chart.
func TestBrowserProblem(t *testing.T) {
	t.Parallel()
	for _, size := range viewports[int]() {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel() // a page each
			b := problemTab(t, size[0], size[1])
			shot(t, b.ctx, fmt.Sprintf("problem-%dx%d", size[0], size[1]))

			b.do("run", chromedp.Click(byTestID("problem-run")))
			b.wait("a paused run", `window.viz.status === 'paused'`)
			// Steps until the search stands below the start (an expansion
			// record follows each visit, so three steps may still be at Arad).
			for i := 0; i < 8 && !js[bool](b, "a path", `document.querySelectorAll('[data-renderer=graph] line[data-path="1"]').length >= 1`); i++ {
				b.do("step", chromedp.Click(byTestID("step")))
				b.wait("the step's state", fmt.Sprintf(`window.viz.event >= %d`, i+1))
			}
			b.wait("the path on the map", `document.querySelectorAll('[data-renderer=graph] line[data-path="1"]').length >= 1`)
			b.do("to the end", chromedp.Click(byTestID("to-end")))
			b.wait("solved", `window.viz.status === 'solved'`)
			if cost := js[int](b, "the cost", `window.viz.cost`); cost != 418 {
				t.Errorf("the page's run reaches Bucharest at cost %d, want 418", cost)
			}
			b.wait("the result", `document.querySelector('[data-testid=problem-result]').textContent.includes('cost 418')`)
			// The map: the current node is Bucharest, reached by the four roads of the route.
			if got := js[string](b, "the map", `(() => {
				const g = document.querySelector('[data-testid=puzzle-state] [data-renderer=graph]');
				const cur = g.querySelector('[data-kind=current]');
				return cur.getAttribute('data-node') + ' ' + g.querySelectorAll('line[data-path="1"]').length;
			})()`); got != "Bucharest 4" {
				t.Errorf("the map shows %q, want the current node Bucharest and 4 roads on the path", got)
			}
			// The solved tree, 11 nodes five levels deep, is drawn whole in
			// its box, root and all, at a readable scale.
			if got := js[string](b, "the tree's nodes in its box", `(() => {
				const box = document.querySelector('[data-testid=tree]').getBoundingClientRect();
				const cs = Array.from(document.querySelectorAll('[data-testid=tree] .node circle'));
				const out = cs.filter((c) => {
					const r = c.getBoundingClientRect();
					return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5;
				});
				return cs.length + " nodes, " + out.length + " outside the box";
			})()`); got != "11 nodes, 0 outside the box" {
				t.Errorf("the solved tree: %s, want all 11 inside the box", got)
			}
			shot(t, b.ctx, fmt.Sprintf("problem-solved-%dx%d", size[0], size[1]))

			b.do("check", chromedp.Click(byTestID("problem-check")))
			b.wait("the report", `!document.querySelector('[data-testid=check-report]').hidden &&
				document.querySelector('[data-testid=check-text]').textContent.includes('admissible: yes') &&
				document.querySelector('[data-testid=check-chart] canvas') !== null`)
			if text := js[string](b, "the report", `document.querySelector('[data-testid=check-text]').textContent`); !strings.Contains(text, "romania, straight-line: 20 states") ||
				!strings.Contains(text, "consistent: yes") {
				t.Errorf("the check's report:\n%s", text)
			}
			shot(t, b.ctx, fmt.Sprintf("problem-check-%dx%d", size[0], size[1]))
			if size[0] == 1440 && browsertest.Keeping() {
				// What the window shows, as the GUIDE's picture does.
				b.do("to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
				png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				browsertest.Keep(t, "browser-problem-1440x900.png", png)
			}

			// A syntax error, shown at its line as the file loads.
			src := js[string](b, "the source", `document.querySelector('[data-testid=problem-source]').value`)
			lines := strings.Split(src, "\n")
			at := -1
			for i, l := range lines {
				if strings.HasPrefix(l, "def moves(city):") {
					at = i + 2 // its return
				}
			}
			if at < 0 || !strings.HasPrefix(lines[at], "    return [") {
				t.Fatal("no moves in the example")
			}
			lines[at] += ")" // one parenthesis too many
			setSource(b, strings.Join(lines, "\n"))
			want := fmt.Sprintf(`romania.star:%d:`, at+1)
			b.wait("the error at its line", fmt.Sprintf(`document.querySelector('[data-testid=problem-error]').textContent.includes(%q) &&
				document.querySelector('#problem-gutter .err') !== null`, want))
			// The marked line is the error's line.
			if line := js[string](b, "the marked line", `document.querySelector('#problem-gutter .err').getAttribute('data-line')`); line != fmt.Sprint(at+1) {
				t.Errorf("the gutter marks line %s, want %d", line, at+1)
			}
			// And as Run sends it: the start's error says the same place.
			b.do("clear the error", chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=problem-error]').textContent = ''`))
			b.do("run the broken script", chromedp.Click(byTestID("problem-run")))
			b.wait("Run's error at its line", fmt.Sprintf(`document.querySelector('[data-testid=problem-error]').textContent.includes(%q)`, want))
			if size[0] == 1440 {
				shot(t, b.ctx, "problem-error")
			}
			if _, exceptions := b.seen(); len(exceptions) > 0 {
				t.Fatalf("the page threw: %v", exceptions)
			}
		})
	}
}

// TestBrowserProblemHeuristic runs the 8-puzzle with a heuristic typed in
// the tab: the script's h, and a runtime error in it shown at its line.
func TestBrowserProblemHeuristic(t *testing.T) {
	t.Parallel()
	b := problemTab(t, 1440, 900)
	b.do("the 8-puzzle example", chromedp.Evaluate[chromedp.Void](`(() => {
		const e = document.querySelector('[data-testid=problem-example]');
		e.value = '8puzzle'; e.dispatchEvent(new Event('change'));
	})()`))
	b.wait("the heuristic loaded", `document.querySelector('[data-testid=problem-heuristic]').value === 'manhattan.star' &&
		document.querySelector('[data-testid=puzzle-state] [data-renderer=tiles]') !== null`)
	b.do("run", chromedp.Click(byTestID("problem-run")))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("solved", `window.viz.status === 'solved'`)
	if n := js[int](b, "the length", `window.viz.solutionLength`); n != 14 {
		t.Errorf("the 8-puzzle example takes %d moves, want 14", n)
	}
	setSource(b, "def h(state):\n    return state[9]\n")
	b.wait("h's error at its line", `document.querySelector('[data-testid=problem-error]').textContent.includes('manhattan.star:2:') &&
		document.querySelector('#problem-gutter .err').getAttribute('data-line') === '2'`)
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Fatalf("the page threw: %v", exceptions)
	}
}

// TestBrowserGridEditor edits a grid world with the mouse: a click and a
// drag draw walls, the start is dragged; the search's path is as long as a
// search over the map the page sends says.
func TestBrowserGridEditor(t *testing.T) {
	t.Parallel()
	b := problemTab(t, 1440, 900)
	b.do("the grid example", chromedp.Evaluate[chromedp.Void](`(() => {
		const e = document.querySelector('[data-testid=problem-example]');
		e.value = 'grid'; e.dispatchEvent(new Event('change'));
		const c = document.querySelector('[data-testid=grid-connect]');
		c.value = '4'; c.dispatchEvent(new Event('change'));
		const h = document.querySelector('[data-testid=problem-heuristic]');
		h.value = 'manhattan'; h.dispatchEvent(new Event('change'));
	})()`))
	b.wait("the board", `document.querySelector('[data-testid=grid-board]') !== null && document.querySelector('[data-testid=grid-connect]').value === '4'`)
	b.do("the board in view", chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid=grid-board]').scrollIntoView({block: 'center'})`))
	// centre is a cell's centre on the screen.
	centre := func(r, c int) (float64, float64) {
		b.t.Helper()
		xy := js[[]float64](b, "a cell", fmt.Sprintf(`(() => {
			const r = document.querySelector('[data-testid=grid-board] rect[data-r="%d"][data-c="%d"]').getBoundingClientRect();
			return [r.left + r.width / 2, r.top + r.height / 2];
		})()`, r, c))
		return xy[0], xy[1]
	}
	kind := func(r, c int) string {
		return js[string](b, "a cell's kind", fmt.Sprintf(`document.querySelector('[data-testid=grid-board] rect[data-r="%d"][data-c="%d"]').getAttribute('data-kind')`, r, c))
	}
	press := func(x, y float64) chromedp.Action[chromedp.Void] {
		return chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))
	}
	moveTo := func(x, y float64) chromedp.Action[chromedp.Void] {
		return chromedp.MouseEvent(chromedp.MouseMoved, x, y, chromedp.ButtonLeft, func(p *input.DispatchMouseEventParams) { p.Buttons = 1 })
	}
	release := func(x, y float64) chromedp.Action[chromedp.Void] {
		return chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))
	}

	// The example's map: 7 rows of 14, S at (3, 2), G at (3, 10), a wall in column 5 from row 2 to 5.
	if kind(0, 0) != "free" || kind(3, 2) != "start" || kind(2, 5) != "wall" {
		t.Fatalf("the example's map: (0,0) %s, (3,2) %s, (2,5) %s", kind(0, 0), kind(3, 2), kind(2, 5))
	}
	// A click draws a wall, and a click on it clears it again.
	x, y := centre(1, 5)
	b.do("a click", chromedp.MouseClickXY(x, y))
	if kind(1, 5) != "wall" {
		t.Fatalf("a click left (1,5) %s", kind(1, 5))
	}
	// A drag draws the wall down to the bottom row, and up to the top.
	x0, y0 := centre(6, 5)
	x1, y1 := centre(0, 5)
	steps := []chromedp.Action[chromedp.Void]{press(x0, y0)}
	for k := 1; k <= 12; k++ {
		f := float64(k) / 12
		steps = append(steps, moveTo(x0+(x1-x0)*f, y0+(y1-y0)*f))
	}
	b.do("a drag", append(steps, release(x1, y1))...)
	for r := 0; r < 7; r++ {
		if kind(r, 5) != "wall" {
			t.Fatalf("after the drag, (%d,5) is %s: the column should be a wall", r, kind(r, 5))
		}
	}
	// Open a gap at the bottom with a click, and drag the start to the top left.
	x, y = centre(6, 5)
	b.do("a gap", chromedp.MouseClickXY(x, y))
	xs, ys := centre(3, 2)
	xt, yt := centre(0, 0)
	b.do("drag the start", press(xs, ys), moveTo((xs+xt)/2, (ys+yt)/2), moveTo(xt, yt), release(xt, yt))
	if kind(0, 0) != "start" || kind(3, 2) != "free" || kind(6, 5) != "free" {
		t.Fatalf("after the drags: (0,0) %s, (3,2) %s, (6,5) %s", kind(0, 0), kind(3, 2), kind(6, 5))
	}
	shot(t, b.ctx, "grid-edited")

	mapText := js[string](b, "the map", `window.viz.page.gridMap()`)
	want, err := gridDistance(mapText)
	if err != nil {
		t.Fatal(err)
	}
	b.do("run", chromedp.Click(byTestID("problem-run")))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("solved, and the cells counted", `window.viz.status === 'solved' && Number(document.querySelector('[data-testid=problem-result]').dataset.distinct) > 0`)
	if got := js[int](b, "the length", `window.viz.solutionLength`); got != want {
		t.Errorf("the page's path has %d steps; a uniform-cost search over the map finds %d\n%s", got, want, mapText)
	}
	if got := js[string](b, "the drawn path", `document.querySelector('[data-testid=puzzle-state] [data-renderer=grid] polyline').getAttribute('data-path')`); got != fmt.Sprint(want) {
		t.Errorf("the state panel draws a path of %s steps, want %d", got, want)
	}
	if text := js[string](b, "the result", `document.querySelector('[data-testid=problem-result]').textContent`); !strings.Contains(text, "distinct cells: each about") {
		t.Errorf("the result says %q, want how often each cell was expanded", text)
	}
	shot(t, b.ctx, "grid-solved")
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Fatalf("the page threw: %v", exceptions)
	}
}

// gridDistance is the length of the shortest path of a 4-connected map, by
// uniform-cost search over the grid puzzle's own moves (A* with h = 0).
func gridDistance(mapText string) (int, error) {
	req, err := puzzles.NewRequest("grid", mapText, "zero", "")
	if err != nil {
		return 0, err
	}
	d, err := puzzles.NewDomain(context.Background(), req.Instance, req.Heuristic, nil)
	if err != nil {
		return 0, err
	}
	res, err := engine.AStar(context.Background(), d, engine.Options{})
	if err != nil || !res.Solved() {
		return 0, fmt.Errorf("the map has no path (%v)", err)
	}
	return len(res.Moves), nil
}
