package browsertest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestSharedTabsAreFresh: tests that share a chromium (Main) each get what
// a chromium of their own gave them: the same window size, and storage of
// their own, for one origin too.
func TestSharedTabsAreFresh(t *testing.T) {
	Chromium(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("<!doctype html><title>t</title>"))
	}))
	defer srv.Close()
	type seen struct {
		Width  int    `json:"w"`
		Height int    `json:"h"`
		Stored string `json:"stored"`
	}
	look := func(t *testing.T) seen {
		b := Open(t, 2*time.Minute)
		b.Do("opening the page", chromedp.Navigate(srv.URL))
		v, err := chromedp.Run(b.Ctx, chromedp.Evaluate[seen](`(() => {
			const stored = localStorage.getItem('k') || '';
			localStorage.setItem('k', 'set');
			return { w: innerWidth, h: innerHeight, stored };
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	var first seen
	t.Run("first", func(t *testing.T) { first = look(t) })
	t.Run("second", func(t *testing.T) {
		if !shared.on || shared.browser == nil {
			t.Fatal("the second test has no shared chromium")
		}
		second := look(t)
		if second.Stored != "" {
			t.Errorf("the second test's tab reads what the first stored: %q", second.Stored)
		}
		if second.Width != first.Width || second.Height != first.Height || first.Width < 1000 {
			t.Errorf("windows %dx%d then %dx%d, want the same, as Options sizes them", first.Width, first.Height, second.Width, second.Height)
		}
	})
}

// TestNoHiddenPages: a test's window holds its page and nothing else that
// costs chromium work, such as the address bar's popup (Options turns it
// off by its feature's name, which a new chromium may change).
func TestNoHiddenPages(t *testing.T) {
	Chromium(t)
	b := Open(t, 2*time.Minute)
	b.Do("opening a page", chromedp.Navigate("about:blank"))
	targets, err := chromedp.Targets(b.Ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range targets {
		if tg.Type != "page" {
			t.Errorf("chromium runs a %s target beside the test's pages: %s (%q)", tg.Type, tg.URL, tg.Title)
		}
	}
}

// TestKeepMakesTheFolder: IDAVIZ_ARTIFACTS may name a folder that does not
// exist yet (README: "IDAVIZ_ARTIFACTS=DIR keeps the browser tests'
// screenshots").
func TestKeepMakesTheFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "artifacts")
	t.Setenv("IDAVIZ_ARTIFACTS", dir)
	Keep(t, "x.txt", []byte("kept"))
	if b, err := os.ReadFile(filepath.Join(dir, "idaviz-x.txt")); err != nil || string(b) != "kept" {
		t.Fatalf("the kept file: %q, %v", b, err)
	}
}
