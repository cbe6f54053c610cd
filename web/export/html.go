// Package export writes what a trace is shared as outside the server: the
// one-file HTML replay (HTML), which opens from disk and builds its states in
// the browser, and pictures of the tree window (TreeWindow: svg, dot) drawn
// from the same fold the page shows (package fold).
package export

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"regexp"

	"idaviz/trace"
	"idaviz/web/draw"
	"idaviz/web/fold"
	"idaviz/web/static"
)

var (
	styleTag = regexp.MustCompile(`<link rel="stylesheet" href="static/([^"]+)">`)
	entryTag = regexp.MustCompile(`<script type="module" src="static/app.js"></script>`)
)

// exportScripts are what an export runs, in this order, where index.html
// loads its entry module: module scripts do not run from file://, so it
// carries the page's modules bundled into one classic script (bundle.js,
// made by go generate in web/static, with every renderer), after the
// vendored echarts, which the bundle leaves out.
var exportScripts = []string{"vendor/echarts/echarts.min.js", "bundle.js"}

// Options are what an export carries besides its trace.
type Options struct {
	// Lecture is embedded: the page opens with its bookmarks (nil: none).
	Lecture *trace.Lecture
	// TraceName is the trace's file name: the page offers its bookmarks
	// for download as TraceName.lecture.json.
	TraceName string
}

// maxExportedEvents bounds what an exported page unpacks in the browser:
// 25 million events are about 300 MB there (and a 30 MB file).
var maxExportedEvents = 25_000_000

// HTML writes one self-contained HTML file that replays a recording:
// the page, its style, its scripts and the trace itself, so it opens from
// disk with no server and no network. The page reads the trace and builds
// every state from it in the browser (builder.js), as docs/ARCHITECTURE.md
// describes; the file holds the trace, not states, so it grows with the
// trace's compressed size (a few bytes an event), and the scripts and the
// trace are gzipped (DecompressionStream unpacks them). opt adds a
// lecture's bookmarks and the trace's name.
func HTML(w io.Writer, rec *fold.Recording, opt Options) error {
	return HTMLWith(w, static.FS(), rec, opt)
}

// HTMLWith is HTML with the page's files (index.html, style.css, the
// scripts and the renderers, as in web/static) from files: viz site's
// engine takes them from the site it runs in rather than carry a second
// copy in its WebAssembly.
func HTMLWith(w io.Writer, files fs.FS, rec *fold.Recording, opt Options) error {
	if rec == nil || rec.Len() == 0 {
		return fmt.Errorf("no events to export")
	}
	if rec.Len() > maxExportedEvents {
		return fmt.Errorf("the trace has %d events; an export holds at most %d, as the browser unpacks it whole (about 12 bytes an event): replay it with viz replay, or export a shorter run", rec.Len(), maxExportedEvents)
	}
	if opt.Lecture != nil {
		if err := opt.Lecture.Check(int64(rec.Len())); err != nil {
			return err
		}
	}
	// The trace is re-encoded from the events the recording replays: a
	// damaged tail, or values past trace.DefaultLimits, are left out as a
	// replay leaves them out, and an NDJSON trace travels as binary.
	packed, err := gzipped(func(w io.Writer) error {
		tr := trace.NewRecorder(w, trace.EncodingBinary, trace.LevelNode)
		err := rec.Each(func(e *trace.Event) error { tr.Event(e); return tr.Err() })
		return errors.Join(err, tr.Close())
	})
	if err != nil {
		return fmt.Errorf("packing the trace: %w", err)
	}

	page, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return err
	}
	var inlineErr error
	read := func(name string) []byte {
		b, err := fs.ReadFile(files, name)
		if err != nil && inlineErr == nil {
			inlineErr = fmt.Errorf("inlining %s: %w", name, err)
		}
		return b
	}
	page = styleTag.ReplaceAllFunc(page, func(m []byte) []byte {
		name := string(styleTag.FindSubmatch(m)[1])
		return append(append([]byte("<style>\n"), read(name)...), "\n</style>"...)
	})
	// The start's view: the page draws every other node's from it and the
	// moves to the node (the renderers' move functions).
	start := (&draw.Views{}).Node(&rec.Info, nil, 0, 0, 0, 0)
	if len(entryTag.FindAllIndex(page, -1)) != 1 {
		return fmt.Errorf("the page does not load its entry module once (%s)", entryTag)
	}
	code := make([]string, len(exportScripts))
	for i, name := range exportScripts {
		code[i] = string(read(name))
	}
	if inlineErr != nil {
		return inlineErr
	}
	codeJSON, err := json.Marshal(code)
	if err != nil {
		return err
	}
	packedCode, err := gzipped(func(w io.Writer) error { _, err := w.Write(codeJSON); return err })
	if err != nil {
		return err
	}
	hello := map[string]any{"type": "hello", "mode": "replay"}
	if opt.Lecture != nil {
		hello["lecture"] = opt.Lecture
	}
	embedded, err := json.Marshal(map[string]any{
		"hello":     hello,
		"trace":     base64.StdEncoding.EncodeToString(packed),
		"events":    rec.Len(),
		"renderer":  start.Renderer,
		"startView": start.View,
		"run":       rec.Info,
		"lecture":   opt.Lecture,
		"name":      traceBase(opt.TraceName),
		// A trace recorded at iteration level has no tree: the page says so.
		"perIteration": rec.Level() < trace.LevelNode,
	})
	if err != nil {
		return err
	}
	var boot bytes.Buffer
	// Data blocks, not scripts: the page reads them (page.js), and they
	// define no global. json.Marshal escapes <, > and &, and base64 has
	// none of them: the data cannot close its tag.
	boot.WriteString(`<script type="application/json" id="viz-embedded">`)
	boot.Write(embedded)
	boot.WriteString("</script>\n" + `<script type="text/plain" id="viz-code">`)
	boot.WriteString(base64.StdEncoding.EncodeToString(packedCode))
	boot.WriteString("</script>\n<script>\n")
	boot.WriteString(exportBoot)
	boot.WriteString("\n</script>")
	page = entryTag.ReplaceAllLiteral(page, boot.Bytes())
	_, err = w.Write(page)
	return err
}

// exportBoot unpacks an export's scripts (exportScripts) and runs them in
// order: a script element added with its text runs at once, as the page's
// own tags would.
const exportBoot = `// Until the page's scripts run, window.viz says it is loading (checks poll it).
window.viz = Object.freeze({ mode: 'replay', status: 'loading', event: -1, events: 0, bookmarks: [] });
(async () => {
  const bytes = Uint8Array.from(atob(document.getElementById('viz-code').textContent), (c) => c.charCodeAt(0));
  const ds = new DecompressionStream('gzip');
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(ds)).text();
  for (const code of JSON.parse(text)) {
    const s = document.createElement('script');
    s.textContent = code;
    document.body.appendChild(s);
  }
})().catch((e) => {
  document.body.prepend(Object.assign(document.createElement('p'), { className: 'error', textContent: 'this page could not unpack itself: ' + e }));
});`

// gzipped is what write writes, gzipped as small as gzip makes it (an
// export is written once and opened many times).
func gzipped(write func(w io.Writer) error) ([]byte, error) {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err := errors.Join(write(zw), zw.Close()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// traceBase is a trace's file name without its folders ("" for none).
func traceBase(path string) string {
	if path == "" {
		return ""
	}
	return filepath.Base(path)
}
