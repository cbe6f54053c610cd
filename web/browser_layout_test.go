package web

import (
	"fmt"
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
	if got := js[string](b, "the projector's view", `(document.body.classList.contains('algo-on') ? 'code ' : '') + document.querySelector('.chart-panel.shown').id`); got != "fhist-panel" {
		t.Errorf("Reset view in presentation shows %q, want the first chart (fhist-panel)", got)
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
