package main

import (
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// TestSiteEmbedInBrowser: the embed view of viz site's page, the run in
// the query, in a frame of 640x400: the run starts by itself in the page's
// engine and steps; the tree, the state, the event in words and step,
// back and play fit with no scrollbar; window.viz.embed says so.
func TestSiteEmbedInBrowser(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles the engine to WebAssembly")
	}
	browsertest.Chromium(t)
	_, site := writeSite(t)
	b := browsertest.Open(t, 10*time.Minute)
	q := url.Values{"puzzle": {"8puzzle"}, "heuristic": {"manhattan"}, "state": {"8 1 3 4 0 2 7 6 5"}, "algo": {"ida"}, "goal": {"blank-last"}}
	b.Do("the embed view at 640x400", chromedp.EmulateViewport(640, 400), chromedp.Navigate(site+"?embed&"+q.Encode()))
	b.Wait("the run started by the query in the page's engine", `window.viz.embed === true && window.viz.mode === 'site' && window.viz.status === 'paused' && window.viz.events >= 1`)
	for range 3 {
		b.Do("step", chromedp.Click(`[data-testid=step]`))
	}
	b.Wait("three steps, fitting the frame", `window.viz.events === 4 && (() => {
		const q = (id) => document.querySelector('[data-testid=' + id + ']'), d = document.documentElement;
		if (d.scrollWidth > d.clientWidth || d.scrollHeight > d.clientHeight) return false;
		for (const el of document.querySelectorAll('.panel')) {
			if (el.offsetParent !== null && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) return false;
		}
		return ['tree', 'puzzle-state', 'last-event', 'step', 'back', 'play'].every((id) => {
			const r = q(id).getBoundingClientRect();
			return r.width >= 1 && r.height >= 1 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
		}) && q('tree').querySelector('circle') !== null && q('puzzle-state').querySelector('svg') !== null;
	})()`)
	browsertest.Shot(t, b.Ctx, "site-embed-640x400")
	if _, exceptions := b.Seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
