// Package site writes viz site's folder: the page as static files, with
// the engine compiled to WebAssembly, which any static file server serves
// (python3 -m http.server, a university's web space, GitHub Pages). The
// page runs its searches in a Web Worker (web/static/worker.js running
// web/site/worker), through the same messages it sends viz serve; nothing
// of ours runs on the server. docs/ARCHITECTURE.md says why it is the
// server's own session in the browser, and where the engine comes from.
package site

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"idaviz/internal/atomicfile"
	"idaviz/web"
	"idaviz/web/static"
)

// The folder written:
//
//	index.html             the page, marked as a site's
//	api/puzzles            the puzzle list (as viz serve's GET /api/puzzles)
//	api/examples           the Problem tab's examples (GET /api/examples)
//	static/...             web/static's files as they are (an export reads
//	                       index.html from here), with worker.js
//	static/engine.wasm     the engine (web/site/worker)
//	static/wasm_exec.js    the Go runtime's JavaScript half, of the Go that
//	                       compiled engine.wasm
const (
	wasmName = "engine.wasm"
	execName = "wasm_exec.js"
)

// siteMark is what marks the page as a site's: the page connects to a
// worker instead of a websocket (web/static/page.js reads it). A folder
// whose index.html has it was written by Write, and may be written again.
const siteMark = `<meta name="idaviz-mode" content="site">`

// Engine is the engine compiled to WebAssembly and the wasm_exec.js of the
// Go that compiled it (they must match).
type Engine struct {
	Wasm, Exec []byte
}

// Write writes the site into dir, which must not exist, be empty, or hold
// a site written before (its files are replaced).
func Write(dir string, e Engine) error {
	if len(e.Wasm) == 0 || len(e.Exec) == 0 {
		return errors.New("no engine to write")
	}
	if err := CheckDir(dir); err != nil {
		return err
	}
	files := static.FS()
	err := fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, path)
		if err != nil {
			return err
		}
		return writeFile(dir, "static/"+path, b)
	})
	if err != nil {
		return fmt.Errorf("writing the page's files: %w", err)
	}
	page, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return err
	}
	// The catalogue's large tables are the ones a browser does not build
	// within a minute (docs/PERFORMANCE.md, "viz site", has the times of
	// the others: korf's, the slowest offered, about a minute on a loaded
	// machine).
	list, err := web.Catalogue(true)
	if err != nil {
		return err
	}
	examples, err := web.Examples()
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		b    []byte
	}{
		{"static/" + wasmName, e.Wasm},
		{"static/" + execName, e.Exec},
		{"api/puzzles", list},
		{"api/examples", examples},
		{"index.html", sitePage(page)}, // last: until it is there, the folder is not a site
	} {
		if err := writeFile(dir, f.name, f.b); err != nil {
			return err
		}
	}
	return nil
}

// sitePage is index.html made a site's: marked. Its paths are relative
// already, as every path the page uses (a site may be served from a folder
// of a web space, not its root: TestPagePathsRelative).
func sitePage(page []byte) []byte {
	return bytes.Replace(page, []byte(`<meta charset="utf-8">`), []byte(`<meta charset="utf-8">`+"\n"+siteMark), 1)
}

// ErrNotSite is a DIR that Write may not write into: a file, or a folder
// of other files.
var ErrNotSite = errors.New("not a folder viz site may write into: give a new or empty folder, or a site written before")

// CheckDir refuses a DIR that holds something other than a site: Write
// asks it first, and viz site before compiling the engine.
func CheckDir(dir string) error {
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is a file: %w", dir, ErrNotSite)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || !bytes.Contains(page, []byte(siteMark)) {
		return fmt.Errorf("%s holds files, and no site viz site wrote: %w", dir, ErrNotSite)
	}
	return nil
}

func writeFile(dir, name string, b []byte) error {
	path := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	// By the rule of every file viz writes: never through a symbolic
	// link a site folder may hold, whole or not at all.
	return atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(b); return err })
}
