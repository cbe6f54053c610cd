package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// romaniaSolved opens the Problem tab at a window size with the helpers of
// pageJS, and runs Romania to its end.
func romaniaSolved(t *testing.T, width, height int) *browser {
	t.Helper()
	b := problemTab(t, width, height)
	js[bool](b, "helpers", pageJS)
	b.do("run", chromedp.Click(byTestID("problem-run")))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("solved", `window.viz.status === 'solved'`)
	return b
}

// press clicks the element of a test id, and fails the test at once
// where there is none (chromedp's Click would wait for it).
func press(b *browser, id string) {
	b.t.Helper()
	if !js[bool](b, id, fmt.Sprintf(`(() => { const e = q(%q); if (!e) return false; e.click(); return true; })()`, id)) {
		b.t.Fatalf("no %s on the page", id)
	}
}

// barHeightsJS lists the heights of a bar chart's drawn bars (echarts'
// layout of each series' data), in px.
const barHeightsJS = `((id) => {
	const c = window.viz.page.chart(q(id)), out = [];
	c.getModel().getSeries().forEach((s) => {
		const d = s.getData();
		for (let i = 0; i < d.count(); i++) {
			const v = d.get(d.mapDimension('y'), i), l = d.getItemLayout(i);
			if (v > 0 && l) out.push(Math.abs(l.height));
		}
	});
	return out;
})`

// TestBrowserLogScale: on a log scale a count of 1 is a bar (Romania's last
// iteration has one node at each f); a new run starts on the page's linear
// scale, and Reset view unticks it.
func TestBrowserLogScale(t *testing.T) {
	t.Parallel()
	b := romaniaSolved(t, 1440, 900)
	b.do("log scale", chromedp.Click(byTestID("log-scale")))
	b.wait("a log axis", `window.viz.page.chart(q('fhist')).getOption().yAxis[0].type === 'log'`)
	if hs := js[[]float64](b, "the bars", barHeightsJS+`('fhist')`); len(hs) == 0 {
		t.Errorf("on a log scale the f histogram of counts 1 draws no bar")
	} else {
		for _, h := range hs {
			if h < 4 {
				t.Errorf("on a log scale a count of 1 is a bar %.1f px high: %v", h, hs)
				break
			}
		}
	}
	shot(t, b.ctx, "log-ones")
	b.do("run again", chromedp.Click(byTestID("problem-run")))
	b.wait("a new run", `window.viz.status === 'paused' && window.viz.event === 0`)
	if js[bool](b, "the tick", `q('log-scale').checked`) {
		t.Errorf("a new run keeps the last run's log scale")
	}
	b.do("log scale", chromedp.Click(byTestID("log-scale")))
	press(b, "reset-view")
	if js[bool](b, "the tick", `q('log-scale').checked`) {
		t.Errorf("Reset view leaves the log scale on")
	}
}

// TestBrowserPresentChoices: the pseudo-code a projector showed in its
// chart's place (a), then gave back to a chart (c), is still shown below
// the charts out of presentation; Reset view undoes each layout's choices.
func TestBrowserPresentChoices(t *testing.T) {
	t.Parallel()
	b := openPage(t, 1440, 900)
	js[bool](b, "the textbook preset", `choose('preset', '1'), true`)
	b.do("start", chromedp.Click(byTestID("start")))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("a step", chromedp.KeyEvent("s"))
	codeShown := `(() => { const r = document.getElementById('code-panel').getBoundingClientRect(); return r.height > 100 && r.width > 300; })()`
	if !js[bool](b, "the code", codeShown) {
		t.Fatalf("the pseudo-code is not shown at the start")
	}
	for _, k := range []string{"p", "a", "c", "p"} {
		b.do(k, chromedp.KeyEvent(k))
	}
	b.wait("out of presentation", `!window.viz.presentation`)
	if !js[bool](b, "the code", codeShown) {
		t.Errorf("after p, a, c, p the normal layout's pseudo-code is gone")
	}
	// Choices in each layout, then Reset view.
	for _, k := range []string{"a", "p", "c", "a"} {
		b.do(k, chromedp.KeyEvent(k))
	}
	press(b, "reset-view")
	if got := js[string](b, "the projector's view", `(document.body.classList.contains('algo-on') ? 'code ' : '') + (document.querySelector('.chart-panel.shown') || {id: 'tree'}).id`); got != "tree" {
		t.Errorf("Reset view in presentation shows %q, want the tree (no chart, not the code)", got)
	}
	b.do("p", chromedp.KeyEvent("p"))
	b.wait("out of presentation", `!window.viz.presentation`)
	if !js[bool](b, "the code", codeShown) {
		t.Errorf("after Reset view the normal layout's pseudo-code is hidden")
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// problemLayoutJS lists what is cramped or cut off in the Problem tab: the
// editor narrower than 300 px or its text under 14 px, a menu too narrow
// for its choice, the report's chart squeezed, the grid world's board out
// of the window, under the tree, or with cells too small to click.
const problemLayoutJS = `(() => {
	const bad = [], W = innerWidth;
	const ed = document.querySelector('#problem .editor').getBoundingClientRect(), size = parseFloat(getComputedStyle(q('problem-source')).fontSize);
	if (ed.width < 300 || ed.height < 250) bad.push('the editor is ' + ed.width.toFixed(0) + 'x' + ed.height.toFixed(0) + ' px');
	if (size < 14) bad.push('the editor text is ' + size + ' px');
	const ctx = document.createElement('canvas').getContext('2d');
	for (const s of document.querySelectorAll('#problem select')) {
		if (s.offsetParent === null || !s.selectedOptions[0]) continue;
		ctx.font = getComputedStyle(s).font;
		const need = ctx.measureText(s.selectedOptions[0].textContent).width + 20;
		if (s.getBoundingClientRect().width < Math.min(need, 260)) bad.push('the menu ' + s.dataset.testid + ' cuts "' + s.selectedOptions[0].textContent + '"');
	}
	const tree = document.getElementById('tree-panel').getBoundingClientRect();
	const board = document.querySelector('[data-testid=grid-board]');
	if (board && board.offsetParent !== null) {
		const r = board.getBoundingClientRect(), cols = Number(board.dataset.cols);
		if (r.left < 0 || r.right > W) bad.push('the board is out of the window: ' + r.left.toFixed(0) + '..' + r.right.toFixed(0));
		if (r.right > tree.left && r.left < tree.right && r.top < tree.bottom && r.bottom > tree.top) bad.push('the board is under the tree panel');
		if (r.width / cols < 12) bad.push('cells of ' + (r.width / cols).toFixed(1) + ' px');
		// Every column is the board's to click, not another panel's.
		const y = r.top + r.height / (2 * Number(board.dataset.rows));
		for (let c = 0; c < cols; c++) {
			const x = r.left + (c + 0.5) * r.width / cols, e = document.elementFromPoint(x, y);
			if (!e || !board.contains(e)) { bad.push('column ' + c + ' of the board is covered by ' + (e ? e.id || e.className || e.tagName : 'nothing')); break; }
		}
	}
	const rep = q('check-report');
	if (!rep.hidden) {
		const c = q('check-chart').getBoundingClientRect();
		if (c.width < 320 || c.height < 220) bad.push('the check chart is ' + c.width.toFixed(0) + 'x' + c.height.toFixed(0));
	}
	return bad;
})()`

// TestBrowserProblemLayout: the Problem tab with room, at 1440x900 and
// 1280x720: Romania checked, then the grid world whole and editable beside
// the tree; what belonged to Romania (its report, its result) goes with
// it, and a script that replaces the example is not named for it.
func TestBrowserProblemLayout(t *testing.T) {
	t.Parallel()
	for _, size := range viewports[int]() {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			b := romaniaSolved(t, size[0], size[1])
			b.do("check", chromedp.Click(byTestID("problem-check")))
			b.wait("the report", `!q('check-report').hidden && q('check-chart').querySelector('canvas') !== null`)
			b.do("to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			if bad := settle(b, "Romania's tab", problemLayoutJS); len(bad) > 0 {
				t.Errorf("Romania at %dx%d: %v", size[0], size[1], bad)
			}
			shot(t, b.ctx, fmt.Sprintf("problem-romania-%dx%d", size[0], size[1]))
			js[bool](b, "the grid world", `choose('problem-example', 'grid'), true`)
			b.wait("the board", `q('grid-board') !== null && q('grid-board').offsetParent !== null`)
			if got := js[string](b, "Romania's leftovers", `(q('check-report').hidden ? '' : 'the check report; ') + q('problem-result').textContent`); got != "" {
				t.Errorf("the grid world shows Romania's %q", got)
			}
			b.do("to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			if bad := settle(b, "the grid world's tab", problemLayoutJS); len(bad) > 0 {
				t.Errorf("the grid world at %dx%d: %v", size[0], size[1], bad)
			}
			// The last column's cell, clicked, is a wall.
			b.do("a click on the last column", chromedp.Evaluate[chromedp.Void](`(() => {
				const board = q('grid-board'), r = board.getBoundingClientRect(), cols = Number(board.dataset.cols), rows = Number(board.dataset.rows);
				const cell = board.querySelector('rect[data-r="0"][data-c="' + (cols - 1) + '"]');
				window.lastKind = cell.getAttribute('data-kind');
				const x = r.left + (cols - 0.5) * r.width / cols, y = r.top + 0.5 * r.height / rows;
				for (const type of ['pointerdown', 'pointerup']) board.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, button: 0, pointerId: 1, bubbles: true }));
			})()`))
			if got := js[string](b, "the cell", `window.lastKind + ' → ' + q('grid-board').querySelector('rect[data-r="0"][data-c="' + (Number(q('grid-board').dataset.cols) - 1) + '"]').getAttribute('data-kind')`); got != "free → wall" && got != "wall → free" {
				t.Errorf("a click on the last column's cell: %s", got)
			}
			shot(t, b.ctx, fmt.Sprintf("problem-grid-%dx%d", size[0], size[1]))
			// A script of its own in place of the example: its errors are its file's.
			js[bool](b, "a new problem", `choose('problem-example', 'romania'), true`)
			setSource(b, "name = \"counter\"\nstart = 0\n\ndef goal(s):\n    return s == 3\n\ndef moves(s):\n    return [(\"+1\", s + 1, 1)\n")
			b.wait("the error", `q('problem-error').textContent !== ''`)
			if got := js[string](b, "the error", `q('problem-error').textContent`); !strings.HasPrefix(got, "counter.star:") {
				t.Errorf("a script that replaced Romania's: its error reads %q, want it in counter.star", got)
			}
		})
	}
}

// TestBrowserProblemPresent: on a projector (1280x720) the Problem tab
// stays, the script in 18 px text in the left column, in the window, and
// the run's tree beside it.
func TestBrowserProblemPresent(t *testing.T) {
	t.Parallel()
	b := romaniaSolved(t, 1280, 720)
	b.do("presentation", chromedp.Click(byTestID("present")))
	b.wait("presentation", `window.viz.presentation`)
	bad := settle(b, "the script beside the run", `(() => {
		const bad = [], ed = q('problem-source'), tr = document.getElementById('tree-panel');
		const e = ed.getBoundingClientRect(), r = tr.getBoundingClientRect();
		const font = parseFloat(getComputedStyle(ed).fontSize);
		if (font < 18) bad.push('the script in ' + font + ' px text');
		if (e.width < 300 || e.height < 200) bad.push('the script in ' + Math.round(e.width) + 'x' + Math.round(e.height) + ' px');
		if (e.top < 0 || e.top > innerHeight - 200) bad.push('the script starts at y ' + Math.round(e.top));
		if (r.width < 400 || r.height < 300) bad.push('the tree in ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px');
		if (r.left < e.right - 1) bad.push('the tree is not beside the script');
		if (document.documentElement.scrollWidth > innerWidth) bad.push('the page scrolls sideways');
		return bad;
	})()`)
	if len(bad) > 0 {
		t.Errorf("the Problem tab on a projector: %v", bad)
	}
	shot(t, b.ctx, "problem-present-1280x720")
}

// presentChartsJS lists what is wrong with the chart c shows on a
// projector: its save icons over its title, or its plot (the grid, in px,
// from echarts' own layout) under 120 px high or 300 px wide, or any other
// chart shown beside it.
const presentChartsJS = `(() => {
	const bad = [], shown = Array.from(document.querySelectorAll('.chart-panel')).filter((p) => p.offsetParent !== null);
	if (shown.length !== 1) return ['charts shown: ' + shown.map((p) => p.id).join(', ')];
	const p = shown[0], c = window.viz.page.chart(p.querySelector('.chart'));
	if (!c) return [p.id + ' not drawn'];
	const o = c.getOption();
	if ([].concat(o.toolbox || []).some((t) => t.show !== false)) bad.push(p.id + ': save icons over the title');
	const g = c.getModel().getComponent('grid');
	if (g) {
		const r = g.coordinateSystem.getRect();
		if (r.height < 120 || r.width < 300) bad.push(p.id + ': plot ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px');
	} else {
		const r = p.querySelector('.chart').getBoundingClientRect();
		if (r.height < 240) bad.push(p.id + ': chart ' + Math.round(r.height) + ' px high');
	}
	if (document.getElementById('tree-panel').offsetParent !== null) bad.push('the tree beside ' + p.id);
	return bad;
})()`

// TestBrowserPresentCharts: on a projector at 1280x720 c shows each chart,
// IDA*'s and A*'s, one at a time in the tree's place, legible (its plot at
// least 120 px high, no save icons over its title), and after the last the
// tree again; no chart is squeezed under the board.
func TestBrowserPresentCharts(t *testing.T) {
	t.Parallel()
	b := openPageAt(t, 1280, 720, "?present")
	for _, algo := range []string{"ida", "astar"} {
		js[bool](b, "the textbook preset", fmt.Sprintf(`choose('preset', '1'), choose('algorithm', %q), true`, algo))
		b.do("start", chromedp.Click(byTestID("start-present")))
		b.wait("a paused run", `window.viz.status === 'paused' && window.viz.event === 0`)
		b.do("to the end", chromedp.KeyEvent("e"))
		b.wait("solved", `window.viz.status === 'solved'`)
		none := `Array.from(document.querySelectorAll('.chart-panel')).every((p) => p.offsetParent === null) && q('tree').offsetParent !== null`
		if !js[bool](b, "no chart", none) {
			t.Errorf("%s on a projector: a chart is shown before c", algo)
		}
		n := js[int](b, "the charts", `Array.from(document.querySelectorAll('.chart-panel')).filter((p) => !p.hidden).length`)
		if n == 0 {
			t.Fatalf("%s: no chart", algo)
		}
		for i := 0; i < n; i++ {
			b.do("c", chromedp.KeyEvent("c"))
			if bad := settle(b, "the chart shown", presentChartsJS); len(bad) > 0 {
				t.Errorf("%s on a projector: %v", algo, bad)
			}
			shot(t, b.ctx, fmt.Sprintf("present-chart-%s-%d", algo, i))
		}
		b.do("c", chromedp.KeyEvent("c"))
		b.wait("the tree again", none)
	}
}

// treeFramingJS says how the tree fills its box: the drawn nodes' extent
// against the box, on each axis the blank left of it and right of it (in
// px), and the nodes' size on the screen and their labels.
const treeFramingJS = `(() => {
	const box = q('tree').getBoundingClientRect();
	const cs = Array.from(document.querySelectorAll('[data-testid=tree] .node circle')).map((c) => c.getBoundingClientRect());
	const x0 = Math.min(...cs.map((r) => r.left)), x1 = Math.max(...cs.map((r) => r.right));
	const y0 = Math.min(...cs.map((r) => r.top)), y1 = Math.max(...cs.map((r) => r.bottom));
	return { nodes: cs.length, boxW: box.width, boxH: box.height, treeW: x1 - x0, treeH: y1 - y0,
		left: x0 - box.left, right: box.right - x1, top: y0 - box.top, bottom: box.bottom - y1,
		diameter: cs[0].width, labels: document.querySelectorAll('[data-testid=tree] .node text').length };
})()`

type framing struct {
	Nodes                    int
	BoxW, BoxH, TreeW, TreeH float64
	Left, Right, Top, Bottom float64
	Diameter                 float64
	Labels                   int
}

// TestBrowserPresentFit: on a projector Fit frames an iteration of 40-odd
// nodes on the tree, not on the blank beside it (a tree wider than the
// box covers it, a narrower one is centred), and Overview keeps the
// labels of nodes big enough for them.
func TestBrowserPresentFit(t *testing.T) {
	t.Parallel()
	b := openPageAt(t, 1280, 720, "?present")
	js[bool](b, "the textbook preset", `choose('preset', '1'), true`)
	b.do("start", chromedp.Click(byTestID("start-present")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.event === 0`)
	for i := 1; i <= 8 && js[int](b, "the tree", `window.viz.drawnTreeNodes`) < 40; i++ {
		b.do("b", chromedp.KeyEvent("b"))
		b.wait("the bound increase", fmt.Sprintf(`window.viz.status === 'paused' && window.viz.iteration === %d && window.viz.nextBound > 0`, i))
	}
	f := js[framing](b, "the framing", treeFramingJS)
	if f.Nodes < 40 {
		t.Fatalf("no iteration of 40 nodes: %+v", f)
	}
	shot(t, b.ctx, "present-fit")
	check := func(axis string, size, tree, lo, hi float64) {
		if tree > size {
			if lo > 40 || hi > 40 {
				t.Errorf("Fit, %s: a tree of %.0f px in a box of %.0f leaves %.0f and %.0f px blank at its ends: %+v", axis, tree, size, lo, hi, f)
			}
		} else if d := lo - hi; d > 40 || d < -40 {
			t.Errorf("Fit, %s: a tree of %.0f px in a box of %.0f is off centre (%.0f and %.0f px): %+v", axis, tree, size, lo, hi, f)
		}
	}
	check("across", f.BoxW, f.TreeW, f.Left, f.Right)
	b.do("overview", chromedp.KeyEvent("o"))
	b.wait("the overview", `q('tree-overview').getAttribute('aria-pressed') === 'true'`)
	o := js[framing](b, "the overview", treeFramingJS)
	if o.Diameter >= 30 && o.Labels == 0 {
		t.Errorf("Overview draws nodes of %.0f px and no label: %+v", o.Diameter, o)
	}
	shot(t, b.ctx, "present-overview")
}

// graphTreeJS lists what a reader of a graph problem's tree misses: a node
// without its g+h under it, an edge without its move (the city), labels
// over one another.
const graphTreeJS = `(() => {
	const bad = [], t = q('tree');
	const nodes = Array.from(t.querySelectorAll('.node'));
	for (const g of nodes) if (g.querySelectorAll('text').length < 2) bad.push('node ' + g.dataset.id + ' has no g+h');
	const moves = Array.from(t.querySelectorAll('text.move'));
	if (moves.length < nodes.length - 1) bad.push(moves.length + ' moves named on ' + (nodes.length - 1) + ' edges');
	const boxes = Array.from(t.querySelectorAll('text')).map((e) => [e.textContent, e.getBoundingClientRect()]);
	for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
		const [a, ra] = boxes[i], [b, rb] = boxes[j];
		if (ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 2 && rb.top < ra.bottom - 2) bad.push('"' + a + '" over "' + b + '"');
	}
	return bad;
})()`

// TestBrowserGraphTree: Romania's solved tree is drawn like the 8-puzzle's,
// the city on each edge and g+h under each node, none over another, and
// the map's names are 16 px and more on a projector.
func TestBrowserGraphTree(t *testing.T) {
	t.Parallel()
	for _, size := range viewports[int]() {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			b := romaniaSolved(t, size[0], size[1])
			if bad := settle(b, "the tree", graphTreeJS); len(bad) > 0 {
				t.Errorf("Romania's tree at %dx%d: %v", size[0], size[1], bad)
			}
			if got := js[string](b, "the moves", `Array.from(q('tree').querySelectorAll('text.move')).map((e) => e.textContent).join(',')`); !strings.Contains(got, "Bucharest") {
				t.Errorf("Romania's tree names its moves %q, no Bucharest", got)
			}
			shot(t, b.ctx, fmt.Sprintf("romania-tree-%dx%d", size[0], size[1]))
			b.do("p", chromedp.KeyEvent("p"))
			b.wait("presentation", `window.viz.presentation`)
			if bad := settle(b, "the map's names", `Array.from(document.querySelectorAll('[data-testid=puzzle-state] [data-renderer=graph] text')).filter((e) => e.getAttribute('display') !== 'none').map((e) => e.getBoundingClientRect().height / 1.15).filter((h, _, all) => h < 16 || all.length < 5).map((h) => 'a name ' + h.toFixed(1) + ' px')`); len(bad) > 0 {
				t.Errorf("the map on a projector at %dx%d: %d of its words under 16 px, e.g. %s", size[0], size[1], len(bad), bad[0])
			}
			shot(t, b.ctx, fmt.Sprintf("romania-present-%dx%d", size[0], size[1]))
		})
	}
}
