package web

import (
	"fmt"
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
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
