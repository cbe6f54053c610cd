package main

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// fits: the embed view fits its frame: no scrollbar, the tree, the state,
// the event in words, step, back and play in the frame and drawn.
const fits = `(() => {
		const q = (id) => document.querySelector('[data-testid=' + id + ']'), d = document.documentElement;
		if (d.scrollWidth > d.clientWidth || d.scrollHeight > d.clientHeight) return false;
		for (const el of document.querySelectorAll('.panel')) {
			if (el.offsetParent !== null && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) return false;
		}
		return ['tree', 'puzzle-state', 'last-event', 'step', 'back', 'play'].every((id) => {
			const r = q(id).getBoundingClientRect();
			return r.width >= 1 && r.height >= 1 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
		}) && q('tree').querySelector('circle') !== null && q('puzzle-state').querySelector('svg') !== null;
	})()`

// TestSiteEmbedInBrowser: the embed view of viz site's page, the run in
// the query, in a frame of 640x400: the run starts by itself in the page's
// engine and steps; the tree, the state, the event in words and step,
// back and play fit with no scrollbar; window.viz.embed says so.
func TestSiteEmbedInBrowser(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles the engine to WebAssembly")
	}
	if os.Getenv("IDAVIZ_TEST_SWEEPS") != "1" {
		t.Skip("the site's embed view (the served page's and the export's are TestBrowserEmbed's): the sweep's (IDAVIZ_TEST_SWEEPS=1)")
	}
	browsertest.Chromium(t)
	dir, site := writeSite(t)
	b := browsertest.Open(t, 10*time.Minute)
	q := url.Values{"puzzle": {"8puzzle"}, "heuristic": {"manhattan"}, "state": {"8 1 3 4 0 2 7 6 5"}, "algo": {"ida"}, "goal": {"blank-last"}}
	b.Do("the embed view at 640x400", chromedp.EmulateViewport(640, 400), chromedp.Navigate(site+"?embed&"+q.Encode()))
	b.Wait("the run started by the query in the page's engine", `window.viz.embed === true && window.viz.mode === 'site' && window.viz.status === 'paused' && window.viz.events >= 1`)
	for range 3 {
		b.Do("step", chromedp.Click(`[data-testid=step]`))
	}
	b.Wait("three steps, fitting the frame", `window.viz.events === 4 && `+fits)
	browsertest.Shot(t, b.Ctx, "site-embed-640x400")

	// ?trace=: the engine in the page replays a trace of the site's own.
	if status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "--trace", filepath.Join(dir, "run.trace"), "8 1 3 4 0 2 7 6 5"); status != exitOK {
		t.Fatal(errs)
	}
	b.Do("a trace's replay, embedded", chromedp.Navigate(site+"?embed&trace=run.trace"))
	b.Wait("the replay in the page's engine", `window.viz.embed === true && window.viz.mode === 'replay' && window.viz.events > 100 && window.viz.event === 0`)
	for range 3 {
		b.Do("step", chromedp.Click(`[data-testid=step]`))
	}
	b.Wait("three steps, fitting the frame", `window.viz.event === 3 && `+fits)
	browsertest.Shot(t, b.Ctx, "site-embed-trace-640x400")
	b.Do("a trace of another origin", chromedp.Navigate(site+"?embed&trace="+url.QueryEscape("http://example.invalid/run.trace")))
	b.Wait("refused", `document.querySelector('[data-testid=error]').textContent.includes('a trace of this site only')`)
	requests, _ := b.Seen()
	for _, r := range requests {
		if strings.HasPrefix(r, "http://example.invalid") {
			t.Errorf("the page asked for %s", r)
		}
	}
	if _, exceptions := b.Seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
