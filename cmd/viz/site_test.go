package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idaviz/web"
)

// TestSiteRefuses: viz site wants one folder it may write into, and says
// so before it compiles anything.
func TestSiteRefuses(t *testing.T) {
	others := t.TempDir()
	os.WriteFile(filepath.Join(others, "notes.txt"), []byte("mine"), 0o644)
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"site"}, "expected one folder DIR, got 0 arguments"},
		{[]string{"site", "a", "b"}, "expected one folder DIR, got 2 arguments"},
		{[]string{"site", others}, "holds files, and no site viz site wrote"},
		{[]string{"site", file}, "is a file"},
	} {
		status, _, errs := runViz(t, "", tc.args...)
		if status != exitUsage || !strings.Contains(errs, tc.want) || strings.Contains(errs, "compiling") {
			t.Errorf("viz %q: status %d, stderr %q; want 2 and %q, before compiling", tc.args, status, errs, tc.want)
		}
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "x" {
		t.Errorf("the file given as DIR was touched: %q, %v", b, err)
	}
}

// TestSiteWritesTheAPI: the page asks for api/puzzles and api/examples
// (relative, so a site works from a sub-folder); a site has no server to
// answer, so it holds them as files, with the bytes viz serve answers (the
// puzzle list also names the heuristics the site cannot run).
func TestSiteWritesTheAPI(t *testing.T) {
	dir, _ := writeSite(t)
	srv := httptest.NewServer(web.New(web.Options{}))
	t.Cleanup(srv.Close)
	for _, name := range []string{"api/examples", "api/puzzles"} {
		t.Run(name, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
			if err != nil {
				t.Fatalf("the site has no %s: %v", name, err)
			}
			resp, err := http.Get(srv.URL + "/" + name)
			if err != nil {
				t.Fatal(err)
			}
			want, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("GET /%s: %d, %v", name, resp.StatusCode, err)
			}
			if name == "api/puzzles" {
				got, want = withoutServeOnly(t, got), withoutServeOnly(t, want)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the site's %s differs from viz serve's answer:\nsite  %.300s\nserve %.300s", name, got, want)
			}
		})
	}
}

// withoutServeOnly is a puzzle list without its serveOnly fields, re-encoded.
func withoutServeOnly(t *testing.T, b []byte) []byte {
	t.Helper()
	var list []map[string]json.RawMessage
	if err := json.Unmarshal(b, &list); err != nil || len(list) == 0 {
		t.Fatalf("not a puzzle list: %v: %.200s", err, b)
	}
	for _, p := range list {
		delete(p, "serveOnly")
	}
	out, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
