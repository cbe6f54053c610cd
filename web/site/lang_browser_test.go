package site

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// TestSiteLangBrowser: a site's page opened with ?lang= tells its engine
// the language (the worker's address carries lang=), and the link's own
// words are the catalogue's in it. The engine is a stand-in that fails to
// start (its worker stops), which the page says, in Chinese.
func TestSiteLangBrowser(t *testing.T) {
	browsertest.Chromium(t)
	dir := filepath.Join(t.TempDir(), "site")
	if err := Write(dir, Engine{Wasm: []byte("\x00asm stand-in"), Exec: []byte("// wasm_exec.js stand-in")}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)

	b := browsertest.Open(t, 2*time.Minute)
	b.Do("opening the site in Chinese", chromedp.Navigate(srv.URL+"/?lang=zh-CN"))
	// The stand-in stops the worker as it starts the engine.
	b.Wait("the engine's failure, in Chinese", `['引擎无法启动', '引擎已停止'].includes(document.querySelector('[data-testid=connection]').textContent)`)
	requests, _ := b.Seen()
	asked := false
	for _, r := range requests {
		if strings.Contains(r, "/static/worker.js?") && strings.Contains(r, "lang=zh-CN") {
			asked = true
		}
	}
	if !asked {
		t.Errorf("the worker was not started with lang=zh-CN: %q", requests)
	}
}

// TestSiteLangEngine: the engine in a site's page (compiled to
// WebAssembly) answers in the page's language, Chinese from ?lang=, then
// English once the reader switches.
func TestSiteLangEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the engine to WebAssembly")
	}
	browsertest.Chromium(t)
	eng, err := LoadEngine(t.Context(), t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := Write(dir, eng); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)

	b := browsertest.Open(t, 5*time.Minute)
	b.Do("opening the site in Chinese", chromedp.Navigate(srv.URL+"/?lang=zh-CN"))
	b.Wait("the engine, in Chinese", `document.querySelector('[data-testid=connection]').textContent === '引擎在页面中运行' &&
		document.querySelector('[data-testid=puzzle]').options.length > 0`)
	bad := chromedp.Evaluate[chromedp.Void](browsertest.StartJS("8puzzle", "", "manhattan", "1 2 3"))
	b.Do("a start that cannot start", bad)
	b.Wait("the engine's refusal, in Chinese", `document.getElementById('error').textContent.startsWith('无法开始搜索：')`)
	// The page's own i18n.js (the site's page loads its modules one by one).
	b.Do("switching to English", chromedp.Evaluate[chromedp.Void](`import('./static/i18n.js').then((m) => m.setLang('en'))`))
	b.Wait("the status again, in English", `document.querySelector('[data-testid=connection]').textContent === 'engine in this page'`)
	b.Do("clearing the error", chromedp.Evaluate[chromedp.Void](`document.getElementById('error').textContent = ''`))
	b.Do("a start that cannot start", bad)
	b.Wait("the engine's refusal, in English", `document.getElementById('error').textContent.startsWith('cannot start the search: ')`)
}
