package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/web/internal/testrun"
)

// TestBrowserOrder: the Setup panel offers the order of the moves for the
// tile puzzles only; the run started in Korf's order counts what the engine
// counts in it, and the status panel and the embed code name the order.
func TestBrowserOrder(t *testing.T) {
	t.Parallel()
	const state = "8 6 7 2 5 4 3 0 1"
	want := testrun.ResultInOrder(t, "8puzzle", state, "manhattan", "ulrd").Totals.Generated
	b := openPage(t, 1440, 900)
	for _, c := range []struct {
		puzzle string
		shown  bool
	}{{"squares", false}, {"15puzzle", true}, {"8puzzle", true}} {
		if got := js[bool](b, "the order's menu for "+c.puzzle, fmt.Sprintf(`choose('puzzle', %q), q('order').offsetParent !== null`, c.puzzle)); got != c.shown {
			t.Errorf("%s: the order's menu shown %v, want %v", c.puzzle, got, c.shown)
		}
	}
	js[bool](b, "Korf's order", fmt.Sprintf(`q('state').value = %q, q('state').dispatchEvent(new Event('input')), choose('heuristic', 'manhattan'), choose('order', 'ulrd'), true`, state))
	shot(t, b.ctx, "order-setup")
	b.do("start", chromedp.Click(byTestID("start")))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("solved", `window.viz.status === 'solved'`)
	if v := b.viz(); v.Generated != want {
		t.Errorf("the run in Korf's order generated %d nodes, the engine in it %d", v.Generated, want)
	}
	if run := js[string](b, "the status panel", `q('stats').textContent`); !strings.Contains(run, "manhattan, ida, ulrd") {
		t.Errorf("the status panel does not name the order: %q", run)
	}
	b.do("copy", chromedp.Click(byTestID("copy-embed")))
	b.wait("the code", `q('embed-code').value.startsWith('<iframe ')`)
	if code := js[string](b, "the code", `q('embed-code').value`); !strings.Contains(code, "order=ulrd") {
		t.Errorf("the embed code does not name the order: %s", code)
	}
	// The GUIDE's lesson: kept side by side, the two orders' iterations
	// generate alike, all but the last.
	b.do("keep runs", chromedp.Click(byTestID("keep-runs")))
	js[bool](b, "the default order", `choose('order', ''), true`)
	b.do("start again", chromedp.Click(byTestID("start")))
	b.wait("a second run", `window.viz.status === 'paused' && window.viz.runs.length === 2`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("solved", `window.viz.status === 'solved' && window.viz.runs.length === 2`)
	b.wait("both runs charted", `(() => { const c = window.viz.page.chart(q('iterations-chart')); return !!c && c.getOption().series.length === 4; })()`)
	bars := js[[][2]int64](b, "the iterations chart", `(() => {
		const o = window.viz.page.chart(q('iterations-chart')).getOption();
		const v = (d) => (d && typeof d === 'object' ? d.value : d) || 0;
		return o.xAxis[0].data.map((_, i) => [0, 1].map((r) => v(o.series[2 * r].data[i]) + v(o.series[2 * r + 1].data[i])));
	})()`)
	if len(bars) < 2 {
		t.Fatalf("the iterations chart has %d bounds", len(bars))
	}
	for i, pair := range bars {
		last := i == len(bars)-1
		if (pair[0] == pair[1]) == last {
			t.Errorf("bound %d of %d: Korf's order generated %d, U D L R %d; want them equal in every iteration but the last", i+1, len(bars), pair[0], pair[1])
		}
	}
	rows := js[[]string](b, "the runs compared", `Array.from(q('compare-table').rows).slice(1).map((r) => r.cells[2].textContent)`)
	if want := []string{"IDA* · ulrd", "IDA*"}; !slices.Equal(rows, want) {
		t.Errorf("the runs compared say their algorithms %q, want %q (the order named)", rows, want)
	}
	if run := js[string](b, "the status panel", `q('stats').textContent`); !strings.Contains(run, "manhattan ida ulrd: solved") {
		t.Errorf("the status panel's kept run does not name its order: %q", run)
	}
	shot(t, b.ctx, "order-compare")
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
