package web

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// browserDeadline bounds a whole browser test, and browserWait one wait
// for the page: generous, for a machine under load, where a page may get a
// tenth of a core; nothing waits this long when all is well, and no test
// waits a fixed time.
const (
	browserDeadline = 10 * time.Minute
	browserWait     = 2 * time.Minute
)

// browser is headless chromium driven by a test. It records every request
// the page makes and every exception it throws.
type browser struct {
	t   testing.TB
	ctx context.Context

	mu                   sync.Mutex
	requests, exceptions []string
	// contexts is told when the page has a new JavaScript context (a
	// navigation swapped it); capacity 1.
	contexts chan struct{}
}

// openBrowser starts chromium for at most timeout; it closes with the test.
func openBrowser(t testing.TB, timeout time.Duration) *browser {
	t.Helper()
	chromium := browsertest.Chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	b := &browser{t: t, ctx: startBrowser(t, chromium, ctx), contexts: make(chan struct{}, 1)}
	if err := chromedp.Listen(b.ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch ev := ev.(type) {
		case *cdpruntime.EventExecutionContextCreated:
			select {
			case b.contexts <- struct{}{}:
			default:
			}
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, ev.Request.URL)
		case *network.EventWebSocketCreated:
			b.requests = append(b.requests, ev.URL)
		case *cdpruntime.EventExceptionThrown:
			b.exceptions = append(b.exceptions, ev.ExceptionDetails.Text+" "+exceptionText(ev.ExceptionDetails))
		}
	}); err != nil {
		t.Fatal(err)
	}
	return b
}

// do runs actions; on failure it keeps a screenshot and fails the test.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		shot(b.t, b.ctx, "failed")
		b.t.Fatalf("%s: %v", what, err)
	}
}

// wait polls a JavaScript condition, in the page, for up to browserWait. A
// poll begun just as a navigation swaps the page's context (about:blank to a
// file, say) loses its context: it starts again once the new one is there.
func (b *browser) wait(what, expr string) {
	b.t.Helper()
	b.do(what, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		deadline := time.Now().Add(browserWait)
		for {
			_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(time.Until(deadline)))(ctx, tg)
			if err == nil || !strings.Contains(err.Error(), "Cannot find context") {
				return err
			}
			select {
			case <-b.contexts:
			case <-time.After(time.Until(deadline)):
				return err
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}))
}

// offline turns the network off, as for a page opened from a file in a
// lecture hall with no network.
func (b *browser) offline() {
	b.t.Helper()
	b.do("the network off", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
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
func (b *browser) seen() (requests, exceptions []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.requests...), append([]string(nil), b.exceptions...)
}

// servePage serves the page on a free loopback port until the test ends,
// and returns its URL.
//
// Pattern databases a search of the page builds (the 15-puzzle's presets
// open pdb555's) go to a temporary cache: tests write nothing outside it.
func servePage(t testing.TB) string {
	t.Helper()
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
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
