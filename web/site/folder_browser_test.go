package site

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
)

// TestSiteFolderBrowser: a site served from a folder of a web space
// (/course/site/) asks for nothing outside it: the page's modules, its
// renderers (loaded on demand), its puzzle list and the Problem tab's
// lists are all addressed relative to the page or its modules. The engine
// is a stand-in (it fails to start, which the page says): what is watched
// is what the page loads. cmd/viz's TestSiteInBrowser runs a real engine
// from the same kind of folder.
func TestSiteFolderBrowser(t *testing.T) {
	browsertest.Chromium(t)
	dir := filepath.Join(t.TempDir(), "site")
	if err := Write(dir, Engine{Wasm: []byte("\x00asm stand-in"), Exec: []byte("// wasm_exec.js stand-in")}); err != nil {
		t.Fatal(err)
	}
	const folder = "/course/site/"
	var mu sync.Mutex
	var stray []string
	mux := http.NewServeMux()
	mux.Handle(folder, http.StripPrefix(strings.TrimSuffix(folder, "/"), http.FileServer(http.Dir(dir))))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		stray = append(stray, r.URL.String())
		mu.Unlock()
		http.NotFound(w, r)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	url := srv.URL + folder

	b := browsertest.Open(t, 2*time.Minute)
	b.Do("opening the site", chromedp.Navigate(url))
	loaded := func(file string) string {
		return `performance.getEntriesByType('resource').some((e) => e.name === ` + "'" + url + file + "'" + `)`
	}
	b.Wait("the page, its puzzles and their renderers", `window.viz.mode === 'site' &&
		document.querySelector('[data-testid=puzzle]').options.length > 0 && `+loaded("static/render/tiles.js"))
	b.Do("the Problem tab", chromedp.Click(chromedp.CSS(`#tab-problem`)))
	b.Wait("its renderers and lists asked for", loaded("static/render/graph.js")+
		` && performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/examples'))`)

	requests, _ := b.Seen()
	if len(requests) < 10 {
		t.Fatalf("the browser saw %d requests: the watch missed the page's", len(requests))
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, url) && !strings.HasPrefix(r, "data:") && !strings.HasPrefix(r, "blob:") {
			t.Errorf("the site asked for %s, outside its folder", r)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, r := range stray {
		t.Errorf("the server was asked for %s, outside the site's folder", r)
	}
}
