package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"idaviz/puzzles"
	"idaviz/web/static"
)

// TestWrite writes a site with a stand-in engine and reads it back: the
// page marked and its paths relative, every script it names beside it, the
// pristine index.html an export reads, the engine, and the puzzle list with
// the heuristics that need viz serve.
func TestWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	eng := Engine{Wasm: []byte("\x00asm stand-in"), Exec: []byte("// wasm_exec.js stand-in")}
	if err := Write(dir, eng); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	page := read("index.html")
	if !bytes.Contains(page, []byte(siteMark)) {
		t.Errorf("index.html is not marked as a site's: %.300s", page)
	}
	if bytes.Contains(page, []byte(`"/static/`)) {
		t.Errorf("index.html names a file from the server's root, which a site in a folder of a web space does not have")
	}
	srcs := regexp.MustCompile(`(?:src|href)="(static/[^"]+)"`).FindAllSubmatch(page, -1)
	if len(srcs) < 3 {
		t.Fatalf("index.html names %d files: want its style sheets and its entry module", len(srcs))
	}
	for _, m := range srcs {
		read(string(m[1]))
	}
	// The modules app.js imports, the renderers and the export's bundle
	// lie beside it, as in web/static.
	for _, name := range []string{"static/page.js", "static/render/tiles.js", "static/bundle.js", "static/vendor/echarts/echarts.min.js"} {
		read(name)
	}
	pristine, err := fs.ReadFile(static.FS(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(read("static/index.html"), pristine) {
		t.Errorf("static/index.html is not web/static's: an export made in the site reads it")
	}
	for _, f := range []struct {
		name string
		want []byte
	}{{"static/engine.wasm", eng.Wasm}, {"static/wasm_exec.js", eng.Exec}} {
		if got := read(f.name); !bytes.Equal(got, f.want) {
			t.Errorf("%s: %q, want %q", f.name, got, f.want)
		}
	}
	read("static/worker.js")
	type listed struct {
		Name       string   `json:"name"`
		Heuristics []string `json:"heuristics"`
		ServeOnly  []string `json:"serveOnly"`
	}
	var list []listed
	if err := json.Unmarshal(read("api/puzzles"), &list); err != nil {
		t.Fatal(err)
	}
	for _, p := range puzzles.All() {
		i := slices.IndexFunc(list, func(x listed) bool { return x.Name == p.Name })
		if i < 0 {
			t.Errorf("the site's puzzle list leaves out %s", p.Name)
			continue
		}
		var large []string
		if p.Databases != nil {
			large = p.Databases.Large
		}
		if got := list[i]; !slices.Equal(got.ServeOnly, large) || !slices.Equal(got.Heuristics, p.Heuristics) {
			t.Errorf("%s: heuristics %v, serve-only %v; want %v and %v", p.Name, got.Heuristics, got.ServeOnly, p.Heuristics, large)
		}
	}

	// A site is written again over itself; another folder is refused.
	if err := Write(dir, eng); err != nil {
		t.Errorf("writing the site again: %v", err)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(other, eng); !errors.Is(err, ErrNotSite) {
		t.Errorf("writing into a folder of other files: %v, want ErrNotSite", err)
	}
	if err := Write(t.TempDir(), Engine{}); err == nil {
		t.Errorf("a site written with no engine")
	}
}

// TestSourceRoot finds this checkout from a folder inside it, and knows
// its go.mod from another module's.
func TestSourceRoot(t *testing.T) {
	if !isModule(filepath.Join("..", "..", "go.mod")) {
		t.Fatal("the checkout's go.mod is not idaviz's")
	}
	other := filepath.Join(t.TempDir(), "go.mod")
	if err := os.WriteFile(other, []byte("// a comment\nmodule example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if isModule(other) || isModule(filepath.Join(t.TempDir(), "none")) {
		t.Error("another module's go.mod, or none, taken for idaviz's")
	}
}

// TestPagePathsRelative: no file of the page names a path from the host's
// root (a site served from a folder, /course/site/, would load another
// site's /static/render/*.js or /api/puzzles), nor builds one from
// location.host: every address it uses is relative to the page or to its
// module. cmd/viz's TestSiteInBrowser watches the requests themselves.
func TestPagePathsRelative(t *testing.T) {
	rooted := regexp.MustCompile("[\"'`]/(?:api|static|ws|render)\\b|(?:src|href|action)=\"/[^/]|location\\.host\\b")
	files := 0
	err := fs.WalkDir(static.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if d != nil && d.IsDir() && path == "vendor" {
				return fs.SkipDir
			}
			return err
		}
		if ext := filepath.Ext(path); ext != ".js" && ext != ".html" && ext != ".css" {
			return nil
		}
		b, err := fs.ReadFile(static.FS(), path)
		if err != nil {
			return err
		}
		files++
		for i, line := range bytes.Split(b, []byte("\n")) {
			if m := rooted.Find(line); m != nil {
				t.Errorf("%s:%d names a path from the host's root: %q", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("only %d page files read", files)
	}
}
