package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"idaviz/internal/browsertest"
	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// The page as an instructor uses it (docs/GUIDE.md): each check is named for
// the behaviour it holds. One page load serves many checks, to keep the
// browser tests few.

// js runs a script in the page and returns its value.
func js[T any](b *browser, what, script string, opts ...chromedp.EvaluateOption) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](script, opts...))
	if err != nil {
		shot(b.t, b.ctx, "failed")
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// settle evaluates a script that lists what is wrong, in the page, until
// the list is empty (the page draws charts a frame or more later, and lays
// them out again after a resize) or browserWait has passed, and returns the
// last list.
func settle(b *browser, what, script string) []string {
	b.t.Helper()
	_, err := chromedp.Run(b.ctx, chromedp.Poll[bool]("("+script+").length === 0",
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(browserWait)))
	if err == nil {
		return nil
	}
	if bad := js[[]string](b, what, script); len(bad) > 0 {
		return bad
	}
	return []string{fmt.Sprintf("%s: %v", what, err)}
}

// pageJS are helpers the checks use inside the page.
const pageJS = `window.q = (id) => document.querySelector('[data-testid=' + id + ']');
window.choose = (id, v) => { const e = q(id); e.value = v; e.dispatchEvent(new Event('change')); };
window.chartProblems = (id) => {
	// What a reader trips on in an echarts chart: overlapping title, legend
	// and axis names; fractional ticks; a legend that pages or cuts names.
	const c = window.viz.page.chart(q(id)), o = c.getOption(), bad = [];
	const texts = c.getZr().storage.getDisplayList().filter((e) => e.style && typeof e.style.text === 'string' && e.style.text !== '' && !e.ignore && !e.invisible);
	const rect = (e) => {
		const r = e.getBoundingRect().clone();
		r.applyTransform(e.getComputedTransform());
		r.x -= 2; r.y -= 3; r.width += 4; r.height += 6; // glyphs reach past the box echarts reports
		return r;
	};
	const title = (o.title[0] || {}).text, names = [].concat(o.yAxis || [], o.xAxis || []).map((a) => a.name).filter(Boolean);
	const legend = (o.series || []).map((s) => s.name);
	const boxes = texts.filter((e) => e.style.text === title || names.includes(e.style.text) || legend.includes(e.style.text))
		.map((e) => ({ text: e.style.text, r: rect(e) }));
	for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
		if (boxes[i].text !== boxes[j].text && boxes[i].r.intersect(boxes[j].r)) bad.push(id + ': "' + boxes[i].text + '" overlaps "' + boxes[j].text + '"');
	}
	for (const e of texts) if (/^-?\d[\d,]*\.\d+$/.test(e.style.text)) bad.push(id + ': a fractional tick ' + e.style.text);
	if (texts.length < 5) bad.push(id + ': not drawn yet');
	for (const l of [].concat(o.legend || [])) {
		if (l.show === false) continue;
		if (l.type === 'scroll') bad.push(id + ': the legend pages');
		for (const n of legend) if (!texts.some((e) => e.style.text === n)) bad.push(id + ': the legend cuts "' + n + '"');
	}
	return bad;
};
window.statRow = (name) => { for (const tr of q('stats').rows) if (tr.cells[0].textContent === name) return tr.cells[1].textContent; return null; };
true`

// openPage loads the page at a window size and waits for the catalogue.
func openPage(t *testing.T, width, height int64) *browser {
	t.Helper()
	return openPageAt(t, width, height, "")
}

// openPageAt is openPage with a query ("?present").
func openPageAt(t *testing.T, width, height int64, query string) *browser {
	t.Helper()
	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	b.do("the window size", chromedp.EmulateViewport(width, height))
	b.do("loading the page", chromedp.Navigate(pageURL+query))
	b.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
	js[bool](b, "helpers", pageJS)
	return b
}

// TestBrowserPage: each step is a subtest named for the behaviour it holds,
// on one page; the steps on the stepped 8-puzzle run build on its start.
func TestBrowserPage(t *testing.T) {
	t.Parallel()
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }

	b.step(t, "the 15-puzzle's default preset brings its goal and starts", func(b *browser) {
		js[bool](b, "the 15-puzzle", `choose('puzzle', '15puzzle'), true`)
		if got := js[string](b, "the goal", `q('goal').value`); got != "blank-first" {
			b.t.Errorf("Korf #1 selected, goal %q, want blank-first", got)
		}
		b.do("start", chromedp.Click(sel("start")))
		b.wait("a paused run or an error", `window.viz.status === 'paused' || q('error').textContent !== ''`)
		if e := js[string](b, "the error", `q('error').textContent`); e != "" {
			b.t.Errorf("Korf #1 started with the page's own choices: %s", e)
		}
	})

	b.step(t, "the preset menu follows the state and no default preset is solved", func(b *browser) {
		js[bool](b, "the 15-puzzle", `choose('puzzle', '15puzzle'), true`)
		js[bool](b, "typing a state", `(() => { const s = q('state'); s.value = '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15'; s.dispatchEvent(new Event('input')); return true; })()`)
		if got := js[string](b, "the preset", `q('preset').value`); got != "" {
			b.t.Errorf("after typing a state the preset menu still names preset %q", got)
		}
		js[bool](b, "the magic cube", `choose('puzzle', 'magiccube'), true`)
		if got := js[string](b, "the magic cube's preset", `q('preset').selectedOptions[0].textContent`); strings.Contains(got, "solved") || !strings.Contains(got, "move") {
			b.t.Errorf("the magic cube's default preset is %q: already solved, or of unknown length", got)
		}
	})

	b.step(t, "every puzzle's help and menu entries fit the Search panel", func(b *browser) {
		if bad := js[[]string](b, "the setup panel", `(() => {
			const bad = [], panel = document.getElementById('setup').getBoundingClientRect();
			const ctx = document.createElement('canvas').getContext('2d');
			for (const name of Array.from(q('puzzle').options).map((o) => o.value)) {
				choose('puzzle', name);
				const h = document.getElementById('help'), r = h.getBoundingClientRect();
				if (h.scrollWidth > h.clientWidth + 1 || r.right > panel.right + 1) bad.push(name + ': the help runs out of the panel');
				for (const id of ['puzzle', 'heuristic', 'goal', 'preset', 'algorithm']) {
					const sel = q(id);
					if (sel.offsetParent === null) continue;
					ctx.font = getComputedStyle(sel).font;
					for (const o of sel.options) {
						if (ctx.measureText(o.textContent).width > sel.clientWidth - 20) bad.push(name + ': ' + id + ' entry cut: ' + o.textContent);
					}
				}
			}
			return bad;
		})()`); len(bad) > 0 {
			b.t.Errorf("%s", strings.Join(bad, "\n"))
		}
	})

	// An 8-puzzle run, stepped: the steps after this one build on it.
	stepped := b.step(t, "shortcuts step after a click on a checkbox or the slider, and back", func(b *browser) {
		js[bool](b, "the 8-puzzle", `choose('puzzle', '8puzzle'), q('state').value = '8 1 2 4 3 6 0 7 5', choose('heuristic', 'manhattan'), true`)
		b.do("start", chromedp.Click(sel("start")))
		b.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		// → steps instead of moving the slider.
		b.do("ticking a checkbox", chromedp.Click(sel("log")), chromedp.Click(sel("log")))
		b.do("s", chromedp.KeyEvent("s"))
		b.wait("s after a checkbox steps", `window.viz.events === 2`)
		b.do("the slider", chromedp.Click(sel("speed")))
		speed := js[string](b, "the speed", `q('speed').value`)
		b.do("→", chromedp.KeyEvent(kb.ArrowRight))
		b.wait("→ after the slider steps", `window.viz.events === 3`)
		if got := js[string](b, "the speed", `q('speed').value`); got != speed {
			b.t.Errorf("→ moved the speed slider from %s to %s", speed, got)
		}
		for i := 0; i < 7; i++ {
			b.do("s", chromedp.KeyEvent("s"))
		}
		b.wait("ten steps", `window.viz.events === 10`)
		// Back in a live run, as in a replay.
		b.do("←", chromedp.KeyEvent(kb.ArrowLeft))
		b.wait("one back", `window.viz.event === 8 && window.viz.events === 10 && window.viz.status === 'paused'`)
		b.do("s", chromedp.KeyEvent("s"))
		b.wait("forward again", `window.viz.event === 9`)
	})

	bound := b.step(t, "after Next bound every panel names the same iteration and bound", func(b *browser) {
		browsertest.Needs(b.t, stepped, "the stepped run")
		b.do("next bound", chromedp.Click(sel("to-bound")))
		b.wait("the bound increase", `window.viz.status === 'paused' && window.viz.events > 10`)
		if bad := js[[]string](b, "the panels", `(() => {
			const v = window.viz, bad = [];
			if (v.histIteration !== v.iteration || v.treeIteration !== v.iteration) bad.push('iterations: status ' + v.iteration + ', histogram ' + v.histIteration + ', tree ' + v.treeIteration);
			if (v.histBound !== v.bound || v.treeBound !== v.bound) bad.push('bounds: status ' + v.bound + ', histogram ' + v.histBound + ', tree ' + v.treeBound);
			const title = window.viz.page.chart(q('fhist')).getOption().title[0].text;
			if (!title.includes('iteration ' + v.iteration + ' (bound ' + v.bound + ')')) bad.push('histogram title: ' + title);
			const tree = document.getElementById('tree-info').textContent;
			if (!tree.includes('iteration ' + v.iteration) || !tree.includes('bound ' + v.bound)) bad.push('tree header: ' + tree);
			if (statRow('bound') !== String(v.bound) || statRow('iteration') !== String(v.iteration)) bad.push('status: iteration ' + statRow('iteration') + ', bound ' + statRow('bound'));
			return bad;
		})()`); len(bad) > 0 {
			b.t.Errorf("%s", strings.Join(bad, "; "))
		}
	})

	b.step(t, "one run's charts have whole ticks and pruned nodes in their colour", func(b *browser) {
		browsertest.Needs(b.t, bound, "Next bound")
		if bad := settle(b, "the charts", `['fhist', 'fhist-total', 'iterations-chart', 'bounds-chart'].flatMap(chartProblems)`); len(bad) > 0 {
			b.t.Errorf("%s", strings.Join(bad, "; "))
		}
		if bad := js[[]string](b, "the colours", `['fhist', 'iterations-chart'].flatMap((id) => window.viz.page.chart(q(id)).getOption().series
			.filter((s) => s.name.startsWith('pruned') && (s.itemStyle || {}).color !== getComputedStyle(document.documentElement).getPropertyValue('--node-pruned').trim())
			.map((s) => id + ': ' + s.name + ' is not in the pruned colour'))`); len(bad) > 0 {
			b.t.Errorf("%s", strings.Join(bad, "; "))
		}
		shot(b.t, b.ctx, "next-bound")
	})

	b.step(t, "a stepped run shows no clock, rate or branching factor", func(b *browser) {
		browsertest.Needs(b.t, stepped, "the stepped run")
		for _, row := range []string{"elapsed", "elapsed (pauses included)", "nodes per second", "effective branching", "effective branching factor"} {
			if v := js[*string](b, "a status row", `statRow(`+"`"+row+"`"+`)`); v != nil {
				b.t.Errorf("a stepped run shows %q: %s", row, *v)
			}
		}
	})

	// The pruned-only bars (f = 20, the next bound) are among them.
	solved := b.step(t, "on a log scale every bar with nodes is drawn", func(b *browser) {
		browsertest.Needs(b.t, stepped, "the stepped run")
		b.do("to the end", chromedp.Click(sel("to-end")))
		b.wait("solved", `window.viz.status === 'solved'`)
		b.do("log scale", chromedp.Click(sel("log-scale")))
		b.wait("log axes", `['fhist', 'fhist-total'].every((id) => window.viz.page.chart(q(id)).getOption().yAxis[0].type === 'log')`)
		// A full-page screenshot resizes the page, and the charts lay out anew.
		shot(b.t, b.ctx, "solved-log")
		if bad := settle(b, "the bars", `(() => {
			const bad = [];
			for (const id of ['fhist', 'fhist-total']) {
				const c = window.viz.page.chart(q(id));
				const o = c.getOption(), xs = o.xAxis[0].data;
				o.series.forEach((s, si) => s.data.forEach((d, i) => {
					const v = d && typeof d === 'object' ? d.value : d;
					if (!(v > 0)) return;
					const l = c.getModel().getSeriesByIndex(si).getData().getItemLayout(i);
					if (!l || !Number.isFinite(l.y) || !(Math.abs(l.height) > 0)) bad.push(id + ' f = ' + xs[i] + ' ' + s.name + ' (' + v + ' nodes) is not drawn');
				}));
			}
			return bad;
		})()`); len(bad) > 0 {
			b.t.Errorf("%s", strings.Join(bad, "; "))
		}
	})

	b.step(t, "no panels overlap at 1440x900 in either mode", func(b *browser) {
		browsertest.Needs(b.t, solved, "the solved run")
		if bad := js[[]string](b, "the panels", `(() => {
			const bad = [], panels = Array.from(document.querySelectorAll('main > section')).filter((p) => p.offsetParent !== null).map((p) => [p.id || p.className, p.getBoundingClientRect()]);
			for (let i = 0; i < panels.length; i++) for (let j = i + 1; j < panels.length; j++) {
				const [a, ra] = panels[i], [b, rb] = panels[j];
				if (ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 1 && rb.top < ra.bottom - 1) bad.push(a + ' overlaps ' + b);
			}
			return bad;
		})()`); len(bad) > 0 {
			b.t.Errorf("1440x900: %s", strings.Join(bad, "; "))
		}
		b.do("presentation", chromedp.KeyEvent("p"))
		if bad := settle(b, "the layout", presentLayoutJS); len(bad) > 0 {
			b.t.Errorf("presentation at 1440x900: %s", strings.Join(bad, "; "))
		}
		shot(b.t, b.ctx, "present-1440x900")
		// A node chosen in the tree: its board beside the current one's,
		// both whole in the side column.
		js[bool](b, "a node of the tree on screen", chooseNodeJS)
		b.wait("its board", `q('selected').querySelectorAll('svg rect').length === 9`)
		if bad := settle(b, "the layout with a chosen node", presentLayoutJS); len(bad) > 0 {
			b.t.Errorf("presentation at 1440x900, a node chosen: %s", strings.Join(bad, "; "))
		}
		shot(b.t, b.ctx, "present-1440x900-chosen")
		b.do("out of presentation", chromedp.KeyEvent("p"))
	})

	b.step(t, "two runs compared have readable charts", func(b *browser) {
		browsertest.Needs(b.t, solved, "the solved run")
		b.do("linear scale", chromedp.Click(sel("log-scale")))
		b.do("keep runs", chromedp.Click(sel("keep-runs")))
		js[bool](b, "another heuristic", `choose('heuristic', 'misplaced'), true`)
		b.do("start a second run", chromedp.Click(sel("start")))
		b.wait("a second run", `window.viz.status === 'paused' && q('stats').textContent.includes('run #')`)
		b.do("to the end", chromedp.Click(sel("to-end")))
		b.wait("solved", `window.viz.status === 'solved'`)
		if bad := settle(b, "the charts", `['fhist', 'fhist-total', 'iterations-chart', 'bounds-chart'].flatMap(chartProblems)`); len(bad) > 0 {
			b.t.Errorf("%s", strings.Join(bad, "; "))
		}
		shot(b.t, b.ctx, "compare")
	})

	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// TestBrowserReplay is viz replay FILE in the page.
func TestBrowserReplay(t *testing.T) {
	t.Parallel()
	// From the file, as viz replay does, with checkpoints every 16 events.
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	rec, err := fold.OpenTrace(testrun.Write(t, events, trace.EncodingBinary), fold.IndexOptions{Every: 16})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rec.Close() })
	pageURL := servePageWith(t, Options{Recording: rec})
	b := openBrowser(t, browserDeadline)
	b.do("the window size", chromedp.EmulateViewport(1440, 900))
	b.do("loading the page", chromedp.Navigate(pageURL))
	b.wait("the replay", `window.viz.event === 0 && window.viz.status === 'paused' && window.viz.mode === 'replay'`)
	js[bool](b, "helpers", pageJS)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }

	// To end, then Back or ←: the replay moves back.
	b.do("to the end", chromedp.Click(sel("to-end")))
	b.wait("the end", `window.viz.status === 'solved'`)
	end := b.viz().Event
	if v := b.viz(); v.Events != int64(len(events)) || end != v.Events-1 {
		t.Errorf("at the end of a replay of %d events: window.viz.event %d, events %d", len(events), end, v.Events)
	}
	b.do("back", chromedp.Click(sel("back")))
	b.wait("Back at the end of a replay moves back", fmt.Sprintf(`window.viz.event < %d && window.viz.status === 'paused'`, end))
	before := b.viz().Event
	b.do("←", chromedp.KeyEvent(kb.ArrowLeft))
	b.wait("← at the end of a replay moves back again", fmt.Sprintf(`window.viz.event === %d`, before-1))
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// chooseNodeJS clicks the last node of the tree drawn whole on screen
// (not the current one), as a hand would choose it.
const chooseNodeJS = `(() => {
	const t = q('tree').getBoundingClientRect();
	const g = Array.from(q('tree').querySelectorAll('svg .node')).filter((g) => {
		const r = g.getBoundingClientRect();
		return !g.classList.contains('current') && r.left > t.left && r.right < t.right && r.top > t.top && r.bottom < t.bottom;
	}).pop();
	g.dispatchEvent(new MouseEvent('click', { bubbles: true }));
	return true;
})()`

// presentLayoutJS lists what is wrong with presentation mode's layout: the
// page scrolls, the tree or the controls are off screen, panels overlap,
// text is under 16 px (a chart's too, once c shows one).
const presentLayoutJS = `(() => {
		const bad = [], W = innerWidth, H = innerHeight;
		if (document.documentElement.scrollHeight > H + 1 || document.documentElement.scrollWidth > W + 1) bad.push('the page scrolls: ' + document.documentElement.scrollWidth + 'x' + document.documentElement.scrollHeight);
		const boxes = {};
		const chartShown = document.querySelector('.chart-panel.shown');
		for (const id of [chartShown ? 'fhist' : 'tree', 'step', 'puzzle-state', 'last-event']) {
			const r = q(id).getBoundingClientRect();
			boxes[id] = r;
			if (r.width < 50 && id !== 'step' || r.height < 20 || r.left < 0 || r.top < 0 || r.right > W + 1 || r.bottom > H + 1) bad.push(id + ' is not on screen: ' + JSON.stringify(r));
		}
		// The last event is the lecture's narration: all of it in view, not
		// a scroll away inside the controls.
		const c = document.getElementById('controls').getBoundingClientRect(), e = boxes['last-event'];
		if (e.top < c.top - 1 || e.bottom > c.bottom + 1) bad.push('the last event is clipped by the controls: ' + JSON.stringify(e) + ' in ' + JSON.stringify(c));
		const panels = Array.from(document.querySelectorAll('main > section')).filter((p) => p.offsetParent !== null).map((p) => [p.id || p.className, p.getBoundingClientRect()]);
		for (let i = 0; i < panels.length; i++) for (let j = i + 1; j < panels.length; j++) {
			const [a, ra] = panels[i], [b, rb] = panels[j];
			if (ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 1 && rb.top < ra.bottom - 1) bad.push(a + ' overlaps ' + b);
		}
		// The state panel hides what overflows it: each board (the current
		// node's, a chosen node's) whole inside it, and big enough to read.
		const sp = document.getElementById('state-panel').getBoundingClientRect();
		for (const svg of document.querySelectorAll('#state-panel .puzzle-state svg, #state-panel .selected svg')) {
			if (svg.offsetParent === null && svg.getClientRects().length === 0) continue;
			const r = svg.getBoundingClientRect(), name = svg.closest('.selected') ? 'the chosen node\'s board' : 'the board';
			if (r.left < sp.left - 1 || r.right > sp.right + 1 || r.top < sp.top - 1 || r.bottom > sp.bottom + 1) bad.push(name + ' is cut off: ' + JSON.stringify(r) + ' in the state panel ' + JSON.stringify(sp));
			if (r.width < 60 || r.height < 60) bad.push(name + ' is ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px');
		}
		for (const el of document.querySelectorAll('main *, header *')) {
			if (el.offsetParent === null || el.closest('svg') && el.tagName !== 'text' || !el.childNodes.length) continue;
			const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
			if (!own) continue;
			const size = parseFloat(getComputedStyle(el).fontSize) * (el.tagName === 'text' ? el.getScreenCTM().a : 1);
			if (size < 15.9) bad.push('text of ' + size.toFixed(1) + ' px: ' + el.textContent.trim().slice(0, 30));
		}
		const ch = chartShown && window.viz.page.chart(q('fhist'));
		if (chartShown && !ch) bad.push('the f histogram not drawn');
		const o = ch && ch.getOption();
		if (o && (o.xAxis[0].axisLabel.fontSize < 16 || o.title[0].textStyle.fontSize < 16)) bad.push('chart text under 16 px');
		return bad;
	})()`

// TestBrowserPresentation is the page on a projector: 1280x720, ?present.
// The first load tells a newcomer what to do and draws the start state; in
// presentation mode the controls, the state, the tree and the f histogram
// are all on screen, with no scrolling and text of 16 px and up.
func TestBrowserPresentation(t *testing.T) {
	t.Parallel()
	b := openPageAt(t, 1280, 720, "?present")
	if v := b.viz(); !v.Presentation || v.Mode != "live" {
		t.Errorf("?present: window.viz %+v", v)
	}
	// The first load: a hint, and the start state drawn before Start.
	b.wait("the start state before Start", `q('puzzle-state').querySelectorAll('rect').length >= 9`)
	if hint := js[string](b, "the hint", `q('hint').hidden ? '' : q('hint').textContent`); !strings.Contains(hint, "Start") {
		t.Errorf("the first load shows no hint for a newcomer: %q", hint)
	}
	js[bool](b, "the textbook preset", `choose('preset', '1'), true`)
	b.do("start", chromedp.Click(chromedp.CSS(`[data-testid="start-present"]`)))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("next bound", chromedp.KeyEvent("b"))
	b.wait("the bound increase", `window.viz.status === 'paused' && window.viz.nextBound > 0`)
	b.do("into the next iteration", chromedp.KeyEvent("x"), chromedp.KeyEvent("x"))
	b.wait("two expansions", `window.viz.treeIteration === 2 && window.viz.drawnTreeNodes > 1`)
	if bad := settle(b, "the layout", presentLayoutJS); len(bad) > 0 {
		t.Errorf("presentation at 1280x720: %s", strings.Join(bad, "; "))
	}
	shot(t, b.ctx, "present-1280x720")
	js[bool](b, "a node of the tree on screen", chooseNodeJS)
	b.wait("its board", `q('selected').querySelectorAll('svg rect').length === 9`)
	if bad := settle(b, "the layout with a chosen node", presentLayoutJS); len(bad) > 0 {
		t.Errorf("presentation at 1280x720, a node chosen: %s", strings.Join(bad, "; "))
	}
	shot(t, b.ctx, "present-1280x720-chosen")
	// The charts are one key away, in the tree's place.
	b.do("c", chromedp.KeyEvent("c"))
	b.wait("a chart in the tree's place", `q('fhist').closest('section').classList.contains('shown') && q('tree').offsetParent === null`)
	if bad := settle(b, "the layout with a chart", presentLayoutJS); len(bad) > 0 {
		t.Errorf("presentation at 1280x720, the f histogram shown: %s", strings.Join(bad, "; "))
	}
	shot(t, b.ctx, "present-1280x720-chart")
	// A big tree: the hardest 8-puzzle under misplaced tiles, a few
	// iterations in, folded into its window.
	js[bool](b, "the hardest preset", `choose('puzzle', '8puzzle'), choose('preset', '3'), choose('heuristic', 'misplaced'), true`)
	b.do("start", chromedp.Click(chromedp.CSS(`[data-testid="start-present"]`)))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.event === 0`)
	for i := 1; i <= 6; i++ {
		b.do("b", chromedp.KeyEvent("b"))
		b.wait("the bound increase", fmt.Sprintf(`window.viz.status === 'paused' && window.viz.iteration === %d && window.viz.nextBound > 0`, i))
	}
	b.do("step into the iteration", chromedp.Evaluate[chromedp.Void](`q('speed').value = 7, q('speed').dispatchEvent(new Event('input'))`), chromedp.KeyEvent(" "))
	b.wait("a big window", `window.viz.iteration === 7 && window.viz.drawnTreeNodes > 60`)
	b.do("pause", chromedp.KeyEvent(" "))
	b.wait("paused", `window.viz.status === 'paused'`)
	shot(t, b.ctx, "big-tree")
	// Iterations later, one is big enough for the effort chart.
	for i := 0; i < 12 && js[bool](b, "the effort chart", `q('effort-chart').closest('section').hidden`); i++ {
		before := b.viz().Event
		b.do("b", chromedp.KeyEvent("b"))
		b.wait("the bound increase", fmt.Sprintf(`window.viz.status === 'paused' && window.viz.nextBound > 0 && window.viz.event > %d`, before))
	}
	for i := 0; i < 6 && !js[bool](b, "the chart shown", `q('effort-chart').closest('section').classList.contains('shown')`); i++ {
		b.do("c", chromedp.KeyEvent("c"))
	}
	b.wait("the effort chart drawn", `!!window.viz.page.chart(q('effort-chart'))`)
	if n := js[int](b, "the second moves", `window.viz.page.chart(q('effort-chart')).getOption().series[0].data.reduce((n, d) => n + (d.children || []).length, 0)`); n < 2 {
		t.Errorf("the effort chart has %d second moves", n)
	}
	// Its ring labels read upright, and its title's count has separators.
	if bad := js[[]string](b, "the effort chart's labels", `(() => {
		const o = window.viz.page.chart(q('effort-chart')).getOption(), bad = [];
		const l = o.series[0].label || {};
		if (l.rotate !== 0) bad.push('labels turned ' + JSON.stringify(l.rotate));
		if (!/\d,\d{3} nodes/.test(o.title[0].text)) bad.push('title ' + o.title[0].text);
		return bad;
	})()`); len(bad) > 0 {
		t.Errorf("the effort chart: %v", bad)
	}
	shot(t, b.ctx, "effort")

	// Out of presentation mode and back.
	b.do("p", chromedp.KeyEvent("p"))
	b.wait("normal mode", `!window.viz.presentation`)
	b.do("present", chromedp.Click(chromedp.CSS(`[data-testid="present"]`)))
	b.wait("presentation again", `window.viz.presentation`)
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// TestBrowserTreeAndQuiz: quiz mode, the tree of a finished iteration, the
// tree's zoom, and the h-vs-h* chart after the solution.
func TestBrowserTreeAndQuiz(t *testing.T) {
	t.Parallel()
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), true`, testrun.Puzzle, testrun.State))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused'`)

	// Quiz: the next bound, typed.
	b.do("quiz on", chromedp.Click(sel("quiz")))
	b.wait("quiz on", `window.viz.quiz.on`)
	b.do("b", chromedp.KeyEvent("b"))
	b.wait("the bound question", `window.viz.quiz.asked === 1 && q('quiz-question').textContent.includes('next bound')`)
	if v := b.viz(); v.NextBound != 0 {
		t.Errorf("quiz: the page shows the answer (next bound %d) before it is given", v.NextBound)
	}
	b.do("the answer", chromedp.SendKeys(sel("quiz-answer"), fmt.Sprint(want.Iterations[0].NextBound)), chromedp.Click(sel("quiz-submit")))
	b.wait("the answer taken", fmt.Sprintf(`window.viz.quiz.right === 1 && window.viz.nextBound === %d`, want.Iterations[0].NextBound))
	if r := js[string](b, "the reason", `q('quiz-result').textContent`); !strings.Contains(r, "the bound rises to") {
		t.Errorf("quiz: the answer's reason %q is not the last event's words", r)
	}
	// Quiz: steps until one asks whether a child is pruned.
	for i := 0; i < 12 && b.viz().Quiz.Asked == 1; i++ {
		before := b.viz().Event
		b.do("s", chromedp.KeyEvent("s"))
		b.wait("a step or a question", fmt.Sprintf(`window.viz.event > %d || window.viz.quiz.asked > 1`, before))
	}
	b.wait("the prune question", `window.viz.quiz.asked === 2 && q('quiz-question').textContent.includes('pruned')`)
	b.do("no", chromedp.Click(sel("quiz-no")))
	b.wait("the answer shown", `/^(Right|Not quite)/.test(q('quiz-result').textContent) && q('quiz-result').textContent.includes('node')`)
	// Quiz: where the search goes next, clicked in the tree.
	b.do("x", chromedp.KeyEvent("x"))
	b.wait("the node question", `window.viz.quiz.asked === 3 && q('quiz-question').textContent.includes('Click')`)
	shot(t, b.ctx, "quiz-question")
	b.do("a node", chromedp.Click(chromedp.CSS(`[data-testid="tree"] svg .node.path circle`)))
	b.wait("the answer shown", `/^(Right|Not quite)/.test(q('quiz-result').textContent) && q('quiz-result').textContent.includes('visit node')`)
	b.do("quiz off", chromedp.KeyEvent("q"))
	b.wait("quiz off", `!window.viz.quiz.on`)
	shot(t, b.ctx, "quiz")

	// The tree of the finished first iteration, and back.
	b.wait("two iterations", `window.viz.treeIteration === 2`)
	js[bool](b, "iteration 1", `choose('tree-iteration', '1'), true`)
	b.wait("the first iteration's tree", fmt.Sprintf(`window.viz.treeIteration === 1 && window.viz.treeBound === %d && window.viz.iteration === 2`, want.Iterations[0].Bound))
	if info := js[string](b, "the tree header", `q('tree-info').textContent`); !strings.Contains(info, "finished") {
		t.Errorf("the tree of a finished iteration does not say so: %q", info)
	}
	b.do("a node of it", chromedp.Click(chromedp.CSS(`[data-testid="tree"] svg .node.expanded circle, [data-testid="tree"] svg .node.pruned circle`)))
	b.wait("its state", `q('selected').querySelectorAll('svg rect').length === 9 && !!q('tree').querySelector('.node.chosen')`)
	js[bool](b, "the iteration under way", `choose('tree-iteration', '0'), true`)
	b.wait("the tree under way", `window.viz.treeIteration === 2`)

	// Zoom in, follow the current node, zoom out, fit.
	width := func() float64 {
		return js[float64](b, "the view", `q('tree').querySelector('svg').viewBox.baseVal.width`)
	}
	w0 := width()
	b.do("zoom in", chromedp.Click(sel("tree-zoom-in")), chromedp.Click(sel("tree-zoom-in")))
	if w := width(); !(w < w0*0.7) {
		t.Errorf("zooming in twice: view %.0f wide, was %.0f", w, w0)
	}
	for i := 0; i < 6; i++ {
		before := b.viz().Event
		b.do("x", chromedp.KeyEvent("x"))
		b.wait("an expansion", fmt.Sprintf(`window.viz.event > %d`, before))
	}
	if !js[bool](b, "the current node", `(() => {
		const s = q('tree').querySelector('svg'), v = s.viewBox.baseVal;
		const c = Array.from(s.querySelectorAll('circle')).find((c) => c.getAttribute('stroke-width') === '3');
		if (!c) return false;
		const x = +c.getAttribute('cx'), y = +c.getAttribute('cy');
		return x >= v.x && x <= v.x + v.width && y >= v.y && y <= v.y + v.height;
	})()`) {
		t.Error("zoomed in, the current node left the view while stepping")
	}
	w1 := width()
	b.do("zoom out", chromedp.KeyEvent("-"))
	if w := width(); !(w > w1) {
		t.Errorf("zooming out: view %.0f wide, was %.0f", w, w1)
	}
	b.do("fit", chromedp.Click(sel("tree-fit")))
	if !js[bool](b, "every node", `(() => {
		const s = q('tree').querySelector('svg'), v = s.viewBox.baseVal;
		return Array.from(s.querySelectorAll('circle, rect')).every((c) => {
			const r = c.getBBox();
			return r.x >= v.x - 1 && r.x + r.width <= v.x + v.width + 1 && r.y >= v.y - 1 && r.y + r.height <= v.y + v.height + 1;
		});
	})()`) {
		t.Error("fit leaves nodes out of view")
	}

	// After the solution: h along it against h*.
	b.do("to the end", chromedp.Click(sel("to-end")))
	b.wait("solved", `window.viz.status === 'solved'`)
	b.wait("the h* chart", `!q('hstar-chart').closest('section').hidden && !!window.viz.page.chart(q('hstar-chart'))`)
	type series struct {
		Name string    `json:"name"`
		Data []float64 `json:"data"`
	}
	ss := js[[]series](b, "the h* chart", `window.viz.page.chart(q('hstar-chart')).getOption().series.map((s) => ({ name: s.name, data: s.data.map((d) => typeof d === 'object' ? d.value : d) }))`)
	if len(ss) != 2 || len(ss[0].Data) != len(want.Moves)+1 || len(ss[1].Data) != len(ss[0].Data) {
		t.Fatalf("h* chart: %+v, want two series over %d depths", ss, len(want.Moves)+1)
	}
	for d, hstar := range ss[0].Data {
		if hstar != float64(len(want.Moves)-d) || ss[1].Data[d] > hstar || ss[1].Data[d] < 0 {
			t.Errorf("depth %d: h* %v (want %d), h %v", d, hstar, len(want.Moves)-d, ss[1].Data[d])
		}
	}
	shot(t, b.ctx, "hstar")
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
