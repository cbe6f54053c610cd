//go:build !js

// The browser is driven from a native test process (chromedp starts
// chromium), never from one compiled to WebAssembly.

package browsertest

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Browser is headless chromium driven by a test. It records every request
// the page makes and every exception it throws.
type Browser struct {
	T   testing.TB
	Ctx context.Context
	// OnFail runs when Do fails, before the test does (a screenshot).
	OnFail func()
	// Explain is a JavaScript expression whose value a failed wait adds
	// to its error: the page's own account of where it is, so that a wait
	// that timed out under load says what the page showed instead.
	Explain string

	mu                   sync.Mutex
	requests, exceptions []string
	// contexts is told when the page has a new JavaScript context (a
	// navigation swapped it); capacity 1.
	contexts chan struct{}
}

// WaitLimit bounds one wait for the page: generous, for a machine under
// load, where a page may get a tenth of a core; nothing waits this long
// when all is well, and no test waits a fixed time.
const WaitLimit = 2 * time.Minute

// Open starts chromium (Chromium finds it) for at most timeout, with a
// fresh profile; it closes with the test. In a test binary whose TestMain
// runs Main, the tests share one chromium, each in a tab of its own
// browser context (a profile of its own: storage, cache, downloads), which
// closes with the test.
func Open(t testing.TB, timeout time.Duration) *Browser {
	t.Helper()
	chromium := Chromium(t)
	var ctx context.Context
	if shared.on {
		ctx = tab(t, chromium, timeout)
	} else {
		tctx, cancel := context.WithTimeout(context.Background(), timeout)
		t.Cleanup(cancel)
		ctx = Start(t, chromium, tctx)
	}
	b := &Browser{T: t, Ctx: ctx, contexts: make(chan struct{}, 1)}
	b.OnFail = func() { Shot(t, b.Ctx, "failed") }
	if err := chromedp.Listen(b.Ctx, func(ev any) {
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
	// Each test's tab is a window of its own, and chromium may count one
	// that opened beside others under load as in the background, where
	// the page's animation frames (its drawing, window.viz) wait; a user's
	// page in front of them is focused, and so is the test's.
	if _, err := chromedp.Call(b.Ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatalf("focusing the tab: %v", err)
	}
	return b
}

// shared is the chromium the browser tests of a test binary share (Main):
// on a loaded machine chromium takes ten seconds and more to start, and a
// package may have forty browser tests.
var shared struct {
	on      bool // Main runs the tests
	mu      sync.Mutex
	browser context.Context // nil until a test needs it
	close   func()
}

// Main runs a test binary's tests with one chromium for all of them (from
// its TestMain: os.Exit(browsertest.Main(m))), then closes it and removes
// its profile. Unless -test.parallel says otherwise, Parallel tests run
// Tabs at a time.
func Main(m *testing.M) int {
	shared.on = true
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		if err := flag.Set("test.parallel", strconv.Itoa(Tabs)); err != nil {
			panic(err)
		}
	}
	code := m.Run()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.close != nil {
		shared.close()
	}
	return code
}

// Tabs is how many Parallel tests a test binary under Main runs at once,
// each in its own tab of the one chromium. A browser test spends most of
// its time waiting on round trips to chromium and on the page's frames,
// not computing, so more tabs than the machine's cores (Go's default for
// -test.parallel, 2 here) keep it busy; many more only queue in its
// renderer.
const Tabs = 4

// tab opens a tab for t, for at most timeout, in a browser context of its
// own in the shared chromium (started on first use, and again if it has
// gone); the tab and its browser context close with the test.
func tab(t testing.TB, chromium string, timeout time.Duration) context.Context {
	t.Helper()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	for attempt := 0; ; attempt++ {
		if shared.browser == nil {
			startShared(t, chromium)
		}
		tctx, tcancel := chromedp.NewContext(shared.browser, chromedp.WithNewBrowserContext())
		// The tab opens on the tab's own context: one it opened on a
		// context with the test's deadline would close with that.
		err := chromedp.Do(tctx)
		if err == nil {
			ctx, cancel := context.WithTimeout(tctx, timeout)
			t.Cleanup(func() {
				cancel()
				// Closes the tab and disposes of its browser context.
				_ = chromedp.Cancel(tctx)
				tcancel()
			})
			return ctx
		}
		tcancel()
		// The shared chromium may have crashed or hung: start another.
		shared.close()
		shared.browser, shared.close = nil, nil
		if attempt > 0 {
			t.Fatalf("opening a tab in the shared chromium: %v", err)
		}
	}
}

// startShared starts the shared chromium, with its profile in a temporary
// folder that Main removes.
func startShared(t testing.TB, chromium string) {
	t.Helper()
	profile, err := os.MkdirTemp("", "browsertest-")
	if err != nil {
		t.Fatal(err)
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), Options(chromium, profile, 1400, 1300)...)
	bctx, bcancel := chromedp.NewContext(actx)
	stop := func() {
		bcancel()
		acancel()
		os.RemoveAll(profile)
	}
	if err := chromedp.Do(bctx); err != nil {
		stop()
		t.Fatalf("starting chromium: %v", err)
	}
	shared.browser, shared.close = bctx, stop
}

// Start starts headless chromium with a fresh profile; it closes with the
// test.
func Start(t testing.TB, chromium string, ctx context.Context) context.Context {
	t.Helper()
	actx, acancel := chromedp.NewExecAllocator(ctx, Options(chromium, t.TempDir(), 1400, 1300)...)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		bcancel()
		acancel()
	})
	return bctx
}

// Step runs f as t's subtest name, with the browser's failures (Do, Wait,
// Download) reported as the subtest's: the steps of a scenario share one
// page, one after another, and a failed step no longer ends the steps
// after it. It reports whether the step passed, for the steps that build
// on it (Needs): a step skipped did not.
func (b *Browser) Step(t *testing.T, name string, f func(t *testing.T)) bool {
	t.Helper()
	passed := false
	t.Run(name, func(st *testing.T) {
		parent := b.T
		b.T = st
		defer func() { b.T = parent }()
		f(st)
		// Not reached when f failed now or skipped.
		passed = !st.Failed()
	})
	return passed
}

// Needs skips a step that builds on an earlier one (ok: Step's result)
// when that one failed: its own failure would only repeat the earlier one.
func Needs(t testing.TB, ok bool, what string) {
	t.Helper()
	if !ok {
		t.Skipf("it builds on %s, which failed", what)
	}
}

// Do runs actions; on failure it calls OnFail and fails the test.
func (b *Browser) Do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.T.Helper()
	if err := chromedp.Do(b.Ctx, steps...); err != nil {
		if b.OnFail != nil {
			b.OnFail()
		}
		b.T.Fatalf("%s: %v", what, err)
	}
}

// Wait polls a JavaScript condition for up to WaitLimit. A poll begun
// just as a navigation swaps the page's context (about:blank to a file, say)
// loses its context: it starts again once the new one is there.
func (b *Browser) Wait(what, expr string) {
	b.T.Helper()
	b.WaitFor(what, expr, WaitLimit)
}

// WaitFor is Wait for up to d.
func (b *Browser) WaitFor(what, expr string, d time.Duration) {
	b.T.Helper()
	b.Do(what, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		deadline := time.Now().Add(d)
		for {
			_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(time.Until(deadline)))(ctx, tg)
			if err == nil {
				return nil
			}
			if !strings.Contains(err.Error(), "Cannot find context") {
				return b.explain(ctx, tg, err)
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

// explain adds the value of b.Explain, read now, to err.
func (b *Browser) explain(ctx context.Context, tg *chromedp.Target, err error) error {
	if b.Explain == "" {
		return err
	}
	ectx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	v, eerr := chromedp.Evaluate[string](`JSON.stringify(`+b.Explain+`)`)(ectx, tg)
	if eerr != nil {
		return fmt.Errorf("%w (the page's state unread: %v)", err, eerr)
	}
	return fmt.Errorf("%w; the page: %s", err, v)
}

// Offline turns the network off, as for a page opened from a file in a
// lecture hall with no network.
func (b *Browser) Offline() {
	b.T.Helper()
	b.Do("the network off", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
}

// AllowDownloads makes the browser save downloads into a temporary folder
// (by their download ids) and returns it.
func (b *Browser) AllowDownloads() string {
	b.T.Helper()
	dir := b.T.TempDir()
	b.Do("allowing downloads", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		yes := true
		_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: &yes,
			// A tab of the shared chromium has a browser context of its
			// own (empty otherwise: the default one).
			BrowserContextID: chromedp.FromContext(ctx).BrowserContextID})
		return err
	}))
	return dir
}

// Download runs start, which makes the page download a file into dir
// (AllowDownloads), and returns the file's content once the download
// completes.
func (b *Browser) Download(what, dir string, start chromedp.Action[chromedp.Void]) []byte {
	b.T.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, WaitLimit)
	defer cancel()
	progress := chromedp.Events(ctx, cdpbrowser.DownloadProgress)
	b.Do(what, start)
	for ev, err := range progress {
		if err != nil {
			b.T.Fatalf("%s: no download: %v", what, err)
		}
		switch ev.State {
		case cdpbrowser.DownloadProgressStateCanceled:
			b.T.Fatalf("%s: the download was cancelled", what)
		case cdpbrowser.DownloadProgressStateCompleted:
			data, err := os.ReadFile(filepath.Join(dir, ev.GUID))
			if err != nil {
				b.T.Fatal(err)
			}
			return data
		}
	}
	b.T.Fatalf("%s: no download", what)
	return nil
}

// Seen returns copies of the requests and exceptions so far.
func (b *Browser) Seen() (requests, exceptions []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.requests...), append([]string(nil), b.exceptions...)
}

// Shot keeps a screenshot as a test artefact (Keep) and returns it; it
// takes none (nil) when artefacts are not kept, since a screenshot resizes
// the page.
func Shot(t testing.TB, ctx context.Context, name string) []byte {
	t.Helper()
	if !Keeping() {
		return nil
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			t.Logf("screenshot: %v", err)
		}
		return nil
	}
	Keep(t, "browser-"+name+".png", png)
	return png
}

func exceptionText(d *cdpruntime.ExceptionDetails) string {
	if d == nil || d.Exception == nil {
		return ""
	}
	return d.Exception.Description
}
