package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// TestSitePseudoLocale opens viz site's page under the pseudo-locale
// (?lang=en-XA), its engine in the browser: a run stepped, then the
// Problem tab. Every word a reader sees there must come from the
// catalogue (browsertest.UnmarkedJS lists those that do not).
func TestSitePseudoLocale(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles the engine to WebAssembly")
	}
	if os.Getenv("IDAVIZ_TEST_SWEEPS") != "1" {
		t.Skip("the site in the pseudo-locale (the served page's and the export's are TestBrowserPseudoLocale's): the sweep's (IDAVIZ_TEST_SWEEPS=1)")
	}
	browsertest.Chromium(t)
	_, url := writeSite(t)
	b := browsertest.Open(t, 10*time.Minute)
	check := func(panel string) {
		b.T.Helper()
		bad, err := chromedp.Run(b.Ctx, chromedp.Evaluate[[]string](browsertest.UnmarkedJS))
		if err != nil {
			b.T.Fatalf("the unmarked strings on %s: %v", panel, err)
		}
		if len(bad) > 0 {
			b.T.Errorf("%s: %d strings bypass the catalogue:\n\t%s", panel, len(bad), strings.Join(bad, "\n\t"))
		}
	}
	b.Do("opening the site", chromedp.Navigate(url+"?lang=en-XA"))
	b.Wait("the page, its puzzles and its engine", `window.viz.mode === 'site' && window.viz.lang === 'en-XA' &&
		document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
	b.Do("the 8-puzzle", chromedp.Evaluate[chromedp.Void](`(() => {
		const q = (id) => document.querySelector('[data-testid=' + id + ']');
		q('puzzle').value = '8puzzle'; q('puzzle').dispatchEvent(new Event('change'));
		q('heuristic').value = 'manhattan';
		q('state').value = '8 1 2 4 3 6 0 7 5'; q('state').dispatchEvent(new Event('input'));
	})()`))
	b.Do("start", chromedp.Click(chromedp.CSS(`[data-testid="start"]`)))
	b.Wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
	for i := 0; i < 6; i++ {
		b.Do("step", chromedp.Click(chromedp.CSS(`[data-testid="step"]`)))
	}
	b.Wait("six steps", `window.viz.events === 7`)
	check("the site")
	b.Do("the Problem tab", chromedp.Click(chromedp.CSS(`#tab-problem`)))
	b.Wait("its menus", `document.querySelector('[data-testid=problem-example]').options.length > 1`)
	check("the site's Problem tab")
}
