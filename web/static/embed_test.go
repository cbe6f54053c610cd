package static

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestFSHoldsThePage: every file of the page in this folder is embedded
// (scripts added later included), and nothing of the Go package is.
func TestFSHoldsThePage(t *testing.T) {
	want := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path == "internal" {
			return filepath.SkipDir // the generator's Go package
		}
		if !d.IsDir() && filepath.Ext(path) != ".go" && path != "package.json" { // node's, for the harnesses
			want[filepath.ToSlash(path)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "app.js", "bundle.js", "builder.js", "tracefile.js", "style.css", "render/tiles.js"} {
		if !want[name] {
			t.Fatalf("%s is not in web/static: the test's list is stale", name)
		}
	}
	got := map[string]bool{}
	err = fs.WalkDir(FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			got[path] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for name := range want {
		if !got[name] {
			t.Errorf("%s is in web/static but not embedded", name)
		}
	}
	for name := range got {
		if !want[name] {
			t.Errorf("%s is embedded but is no page file", name)
		}
	}
}

func TestEcharts(t *testing.T) {
	b, err := Echarts()
	if err != nil {
		t.Fatal(err)
	}
	disk, err := os.ReadFile("vendor/echarts/echarts.min.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, disk) || len(b) == 0 {
		t.Errorf("Echarts gives %d bytes, the vendored file has %d", len(b), len(disk))
	}
}
