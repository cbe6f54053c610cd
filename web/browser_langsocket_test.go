package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// connectionJS is the page's connection status.
const connectionJS = `document.querySelector('[data-testid=connection]').textContent`

// TestBrowserLangSocket: a page opened with ?lang=zh-CN tells its server
// (the socket's lang=), whose words come back in Chinese: the link's
// status, and a search that cannot start. A page that switches language
// tells its server too (the lang message), and its status is written
// again.
func TestBrowserLangSocket(t *testing.T) {
	t.Parallel()
	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	b.do("the page in Chinese", chromedp.Navigate(pageURL+"?lang=zh-CN"))
	b.wait("connected, in Chinese", connectionJS+` === '已连接' && document.querySelector('[data-testid=puzzle]').options.length > 0`)
	requests, _ := b.seen()
	asked := false
	for _, r := range requests {
		asked = asked || strings.Contains(r, "/ws?") && strings.Contains(r, "lang=zh-CN")
	}
	if !asked {
		t.Errorf("the page's socket did not say lang=zh-CN: %q", requests)
	}
	b.do("a start that cannot start", chromedp.Evaluate[chromedp.Void](browsertest.StartJS("8puzzle", "", "manhattan", "1 2 3")))
	b.wait("the server's refusal, in Chinese", `document.getElementById('error').textContent.startsWith('无法开始搜索：')`)

	b.do("the page in English", chromedp.Navigate(pageURL+"?lang=en"))
	b.wait("connected, in English", connectionJS+` === 'connected' && document.querySelector('[data-testid=puzzle]').options.length > 0`)
	// The page's own modules (the served page loads them one by one): the
	// i18n.js the page runs.
	b.do("switching to Chinese", chromedp.Evaluate[chromedp.Void](`import('./static/i18n.js').then((m) => m.setLang('zh-CN'))`))
	b.wait("the status again, in Chinese", connectionJS+` === '已连接'`)
	b.do("a start that cannot start", chromedp.Evaluate[chromedp.Void](browsertest.StartJS("8puzzle", "", "manhattan", "1 2 3")))
	b.wait("the server's refusal, in Chinese", `document.getElementById('error').textContent.startsWith('无法开始搜索：')`)
}
