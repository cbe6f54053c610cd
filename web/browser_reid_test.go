package web

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReidAgainstKorf runs korf and then reid on the same 14-move
// scramble in the page, the second with earlier runs kept, so the charts
// draw the two side by side. It reads the full databases from the cache
// directory (building the missing ones: about 20 s on two cores), so it runs
// only with IDAVIZ_TEST_REID=1:
//
//	IDAVIZ_TEST_REID=1 go test -run TestBrowserReidAgainstKorf ./web/
func TestBrowserReidAgainstKorf(t *testing.T) {
	compareRubikInPage(t, "IDAVIZ_TEST_REID", "korf", "reid", "B L2 U2 D R2 U' F R2 B' D' L' D' B' D'", 10*time.Minute, "reid-vs-korf")
}

// compareRubikInPage runs the heuristics weaker and then stronger on one
// 14-move scramble in the page, the second with the first kept, when env is
// 1; both must solve it in 14 moves, the stronger with fewer nodes, the
// charts of the two well drawn (the screenshot: shot).
func compareRubikInPage(t *testing.T, env, weaker, stronger, scramble string, timeout time.Duration, shotName string) {
	t.Helper()
	if os.Getenv(env) != "1" {
		t.Skipf("needs the full %s and %s tables: set %s=1", weaker, stronger, env)
	}
	// The gated checks read the tables of the cache directory, or build
	// them there, as asked.
	pageURL := servePageWith(t, Options{})
	b := openBrowser(t, timeout)
	b.do("the window size", chromedp.EmulateViewport(1440, 900))
	b.do("loading the page", chromedp.Navigate(pageURL))
	b.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
	weak := runRubikInPage(t, b, weaker, scramble, false)
	strong := runRubikInPage(t, b, stronger, scramble, true)
	if weak.SolutionLength != 14 || strong.SolutionLength != 14 {
		t.Errorf("solutions of %d (%s) and %d (%s) moves, want 14", weak.SolutionLength, weaker, strong.SolutionLength, stronger)
	}
	if earlier, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.getElementById('stats').textContent`)); !strings.Contains(earlier, weaker) {
		t.Errorf("the kept earlier run is not %s's: %q", weaker, earlier)
	}
	if strong.Generated >= weak.Generated {
		t.Errorf("%s generated %d nodes, %s %d: %s should need fewer", stronger, strong.Generated, weaker, weak.Generated, stronger)
	}
	t.Logf("14 moves: %s %d nodes, %s %d", weaker, weak.Generated, stronger, strong.Generated)
	js[bool](b, "helpers", pageJS)
	if bad := settle(b, "the charts", `['iterations-chart', 'bounds-chart'].flatMap(chartProblems)`); len(bad) > 0 {
		t.Errorf("charts: %v", bad)
	}
	shot(t, b.ctx, shotName)
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// runRubikInPage solves scramble with a Rubik's cube heuristic in the page
// (fast run, to the end), keeping the earlier runs' lines when keep, and
// returns the page's status once solved. Up to 5 minutes per wait: a
// database build and a search of millions of nodes on a shared machine.
func runRubikInPage(t *testing.T, b *browser, heuristic, scramble string, keep bool) vizStatus {
	t.Helper()
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	longWait := func(what, expr string) {
		t.Helper()
		b.do(what, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(5*time.Minute))(ctx, tg)
			return err
		}))
	}
	b.do(heuristic+": choosing it", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const p = document.querySelector('[data-testid=puzzle]');
		if (p.value !== 'rubik') { p.value = 'rubik'; p.dispatchEvent(new Event('change')); }
		const h = document.querySelector('[data-testid=heuristic]');
		h.value = %q; h.dispatchEvent(new Event('change'));
		document.querySelector('[data-testid=state]').value = %q;
		const f = document.querySelector('[data-testid=fast]');
		if (!f.checked) f.click();
		const k = document.querySelector('[data-testid=keep-runs]');
		if (k.checked !== %v) k.click();
	})()`, heuristic, scramble, keep)))
	b.do(heuristic+": start", chromedp.Click(sel("start")))
	// A kept run is there once the table lists the earlier one (the status
	// alone may still be the earlier run's "solved").
	started := `['paused', 'running', 'solved'].includes(window.viz.status)`
	if keep {
		started += ` && document.getElementById('stats').textContent.includes('run #')`
	}
	longWait(heuristic+": running or paused", started)
	if b.viz().Status == "paused" {
		b.do(heuristic+": to the end", chromedp.Click(sel("to-end")))
	}
	longWait(heuristic+": solved", `window.viz.status === 'solved'`)
	return b.viz()
}
