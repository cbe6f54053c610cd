package web

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// browserDeadline bounds a whole browser test, and browserWait one wait
// for the page (browsertest.WaitLimit): generous, for a machine under
// load; nothing waits this long when all is well, and no test waits a
// fixed time.
const (
	browserDeadline = 10 * time.Minute
	browserWait     = browsertest.WaitLimit
)

// browser is headless chromium driven by a test (browsertest.Browser),
// with the page's own checks.
type browser struct {
	*browsertest.Browser
	t   testing.TB
	ctx context.Context
}

// explainJS is what a failed wait reports of the page: window.viz's
// status and counts, the connection's line, the last event's and the
// error's text, the setup's puzzle and state, and whether the tab is
// visible and focused (its animation frames wait when it is not).
const explainJS = `(() => {
	const v = window.viz || {}, text = (id) => ((document.querySelector('[data-testid=' + id + ']') || {}).textContent || '').slice(0, 200);
	return { status: v.status, mode: v.mode, events: v.events, messages: v.messages, connection: text('connection'),
		lastEvent: text('last-event'), error: text('error'), puzzle: (document.querySelector('[data-testid=puzzle]') || {}).value,
		state: (document.querySelector('[data-testid=state]') || {}).value, visibility: document.visibilityState, focused: document.hasFocus() };
})()`

// openBrowser starts chromium for at most timeout; it closes with the test.
// A failed step keeps a screenshot, a failed wait says what the page shows.
func openBrowser(t testing.TB, timeout time.Duration) *browser {
	t.Helper()
	bb := browsertest.Open(t, timeout)
	bb.OnFail = func() { shot(t, bb.Ctx, "failed") }
	bb.Explain = explainJS
	return &browser{Browser: bb, t: t, ctx: bb.Ctx}
}

// step runs one step of a scenario on b's page as t's subtest name
// (browsertest.Browser.Step): f is handed the browser as the subtest's, so
// that a failure ends that step alone. It reports whether the step passed.
func (b *browser) step(t *testing.T, name string, f func(b *browser)) bool {
	t.Helper()
	return b.Step(t, name, func(t *testing.T) {
		f(&browser{Browser: b.Browser, t: t, ctx: b.ctx})
	})
}

// do runs actions; on failure it keeps a screenshot and fails the test.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	b.Do(what, steps...)
}

// wait polls a JavaScript condition for up to browserWait.
func (b *browser) wait(what, expr string) {
	b.t.Helper()
	b.Wait(what, expr)
}

// offline turns the network off.
func (b *browser) offline() {
	b.t.Helper()
	b.Offline()
}

// viz reads window.viz.
func (b *browser) viz() vizStatus {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[vizStatus](`window.viz`))
	if err != nil {
		b.t.Fatalf("reading window.viz: %v", err)
	}
	return v
}

// seen returns copies of the requests and exceptions so far.
func (b *browser) seen() (requests, exceptions []string) { return b.Seen() }

// servePage serves the page on a free loopback port until the test ends,
// and returns its URL. Pattern databases a search of the page builds go to
// the package's temporary cache (TestMain).
func servePage(t testing.TB) string {
	t.Helper()
	return servePageWith(t, Options{})
}

// servePageWith is servePage with options (a recording to replay).
func servePageWith(t testing.TB, opt Options) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	urls := make(chan string, 1)
	go func() { served <- Serve(ctx, ln, opt, func(u string) { urls <- u }) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("server: %v", err)
		}
	})
	return <-urls
}
