package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
)

// TestBrowserStartStateLateRenderer: the start state drawn before Start
// whichever comes first, the preview of the state or its renderer. On a
// loaded machine the renderer's module may come after the preview, which is
// then drawn as text; the renderer's arrival must draw it again, as a
// board, not blank it. The renderer is held back until the text is there,
// so the late order happens every time, not once in a while.
func TestBrowserStartStateLateRenderer(t *testing.T) {
	t.Parallel()
	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	release := make(chan struct{})
	held := make(chan struct{}, 1)
	b.do("holding back the renderer", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		paused := chromedp.Events(b.ctx, fetch.RequestPaused)
		go func() {
			for ev, err := range paused {
				if err != nil {
					return
				}
				select {
				case held <- struct{}{}:
				default:
				}
				select {
				case <-release:
				case <-b.ctx.Done():
					return
				}
				_, _ = chromedp.Call(b.ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
			}
		}()
		_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/render/tiles.js*"}}})
		return err
	}))
	b.do("the window size", chromedp.EmulateViewport(1280, 720))
	b.do("loading the page", chromedp.Navigate(pageURL))
	b.wait("the start state, as text: its renderer is held back", `window.viz.status === 'idle' &&
		document.querySelector('[data-testid=puzzle]').value === '8puzzle' &&
		!!document.querySelector('[data-testid=puzzle-state] pre.view')`)
	select {
	case <-held:
	case <-time.After(hangs):
		t.Fatal("the start state was drawn as text, and no request for its renderer was held")
	}
	close(release)
	b.wait("the start state, as a board, once the renderer came", `document.querySelectorAll('[data-testid=puzzle-state] rect').length >= 9`)
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
