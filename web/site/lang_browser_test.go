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
