package web

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// slowSocketJS makes the page's websocket open 1.5 s late, as on a slow
// network or a loaded server: until then it is CONNECTING.
const slowSocketJS = `(() => {
	const Real = window.WebSocket;
	class Slow {
		constructor(url) {
			this.readyState = 0; this.onopen = null; this.onclose = null; this.onmessage = null; this.onerror = null;
			setTimeout(() => {
				const ws = new Real(url);
				this.ws = ws;
				ws.onopen = (e) => { this.readyState = 1; if (this.onopen) this.onopen(e); };
				ws.onclose = (e) => { this.readyState = 3; if (this.onclose) this.onclose(e); };
				ws.onerror = (e) => { if (this.onerror) this.onerror(e); };
				ws.onmessage = (e) => { if (this.onmessage) this.onmessage(e); };
			}, 1500);
		}
		send(m) { if (!this.ws || this.readyState !== 1) throw new Error('not open'); this.ws.send(m); }
		close() { if (this.ws) this.ws.close(); }
	}
	Slow.CONNECTING = 0; Slow.OPEN = 1; Slow.CLOSING = 2; Slow.CLOSED = 3;
	window.WebSocket = Slow;
})();`

// TestBrowserStartBeforeConnected: Start pressed while the page's socket is
// still opening starts the search once it opens (the page dropped it, and
// showed "starting the search…" for ever).
func TestBrowserStartBeforeConnected(t *testing.T) {
	t.Parallel()
	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	b.do("a slow socket", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: slowSocketJS})
		return err
	}))
	b.do("loading the page", chromedp.Navigate(pageURL))
	b.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0`)
	if connected := js[bool](b, "the socket", `document.querySelector('[data-testid=connection]').textContent === 'connected'`); connected {
		t.Fatal("the socket opened before Start: the test did not test a socket still opening")
	}
	b.do("start", chromedp.Click(byTestID("start")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.event === 0`)
}
