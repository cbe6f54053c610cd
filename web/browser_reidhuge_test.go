package web

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReidHugeAgainstReid runs reid and then reid-huge on the same
// 14-move scramble in the page, kept side by side. It reads both tables from
// the cache directory (building reid-huge's when missing: about 4 minutes on
// two cores, 1.7 GB of memory), so it runs only with IDAVIZ_TEST_REID_HUGE=1:
//
//	IDAVIZ_TEST_REID_HUGE=1 go test -run TestBrowserReidHugeAgainstReid ./web/
func TestBrowserReidHugeAgainstReid(t *testing.T) {
	if os.Getenv("IDAVIZ_TEST_REID_HUGE") != "1" {
		t.Skip("needs the full reid and reid-huge tables: set IDAVIZ_TEST_REID_HUGE=1")
	}
	const scramble = "L2 D R' B R D' R U F R U' D' F L2"
	pageURL := servePage(t)
	b := openBrowser(t, 15*time.Minute)
	b.do("the window size", chromedp.EmulateViewport(1440, 900))
	b.do("loading the page", chromedp.Navigate(pageURL))
	b.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
	reid := runRubikInPage(t, b, "reid", scramble, false)
	huge := runRubikInPage(t, b, "reid-huge", scramble, true)
	if reid.SolutionLength != 14 || huge.SolutionLength != 14 {
		t.Errorf("solutions of %d (reid) and %d (reid-huge) moves, want 14", reid.SolutionLength, huge.SolutionLength)
	}
	if earlier, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.getElementById('stats').textContent`)); !strings.Contains(earlier, "reid") {
		t.Errorf("the kept earlier run is not reid's: %q", earlier)
	}
	if huge.Generated >= reid.Generated {
		t.Errorf("reid-huge generated %d nodes, reid %d: reid-huge should need fewer", huge.Generated, reid.Generated)
	}
	t.Logf("14 moves: reid %d nodes, reid-huge %d", reid.Generated, huge.Generated)
	js[bool](b, "helpers", pageJS)
	if bad := settle(b, "the charts", `['iterations-chart', 'bounds-chart'].flatMap(chartProblems)`); len(bad) > 0 {
		t.Errorf("charts: %v", bad)
	}
	shot(t, b.ctx, "reid-huge-vs-reid")
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
