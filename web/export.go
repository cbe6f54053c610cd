package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"regexp"

	"idaviz/trace"
)

// Frames renders a recording as the state messages the page would receive
// while stepping through it: the page's second data source (RecordedSource
// in app.js) plays them back with no server. At most maxFrames are made,
// spread evenly over the trace (the first and the last always among them),
// so a long trace makes a coarser, not a bigger, export.
func Frames(rec *Recording, maxFrames int) ([]json.RawMessage, error) {
	if rec == nil || rec.Len() == 0 {
		return nil, fmt.Errorf("no events to render")
	}
	if maxFrames < 2 {
		maxFrames = 2
	}
	// Read in one pass, from memory or from the file (an indexed recording):
	// what an export holds is its frames, not the trace.
	p := newPlayer(context.Background(), 1, rec.level(), true, defaultTreeLimit, func() {})
	vs := &views{}
	mode := replayOrigin{rec: rec}.mode()

	n := rec.Len()
	step := max(1, (n+maxFrames-2)/(maxFrames-1))
	type framed struct {
		i int
		b json.RawMessage
	}
	var frames []framed
	size := 0
	i := 0
	err := rec.Each(func(e *trace.Event) error {
		p.fold(e)
		if i == 0 || i == n-1 || (i+1)%step == 0 {
			st := buildState(mode, []runData{{frame: p.frame(0), views: vs, total: n}})
			b, err := json.Marshal(st)
			if err != nil {
				return fmt.Errorf("rendering event %d: %w", i+1, err)
			}
			frames = append(frames, framed{i, b})
			size += len(b)
			// A trace whose states are big (a thousand iterations, a
			// deep tree) thins its frames rather than grow the export
			// and the memory that holds it: every other one goes.
			for size > maxFramesBytes && step < n {
				step *= 2
				kept, ksize := frames[:0], 0
				for _, f := range frames {
					if f.i == 0 || f.i == n-1 || (f.i+1)%step == 0 {
						kept, ksize = append(kept, f), ksize+len(f.b)
					}
				}
				frames, size = kept, ksize
			}
		}
		i++
		return nil
	})
	out := make([]json.RawMessage, len(frames))
	for k, f := range frames {
		out[k] = f.b
	}
	return out, err
}

// maxFramesBytes bounds the frames of one export, and so the file and the
// memory that builds it, whatever the trace.
const maxFramesBytes = 48 << 20

var (
	styleTag  = regexp.MustCompile(`<link rel="stylesheet" href="/static/([^"]+)">`)
	scriptTag = regexp.MustCompile(`<script src="/static/([^"]+)"></script>`)
)

// ExportHTML writes one self-contained HTML file that replays a recording:
// the page, its style, echarts, the puzzle's renderer and the frames, all
// inline, so it opens from disk with no server and no network.
func ExportHTML(w io.Writer, rec *Recording, maxFrames int) error {
	return ExportHTMLWith(w, rec, maxFrames, ExportOptions{})
}

// defaultExportFrames is the most frames an export the page asks for holds
// (viz replay --frames's default).
const defaultExportFrames = 2000

// ExportOptions are what an export carries besides its trace.
type ExportOptions struct {
	// Lecture is embedded: the page opens with its bookmarks (nil: none).
	Lecture *trace.Lecture
	// TraceName is the trace's file name: the page offers its bookmarks
	// for download as TraceName.lecture.json.
	TraceName string
}

// ExportHTMLWith is ExportHTML with a lecture's bookmarks and the trace's
// name embedded.
func ExportHTMLWith(w io.Writer, rec *Recording, maxFrames int, opt ExportOptions) error {
	if opt.Lecture != nil && rec != nil {
		if err := opt.Lecture.Check(int64(rec.Len())); err != nil {
			return err
		}
	}
	frames, err := Frames(rec, maxFrames)
	if err != nil {
		return err
	}
	static, _ := fs.Sub(staticFS, "static")
	page, err := fs.ReadFile(static, "index.html")
	if err != nil {
		return err
	}
	var inlineErr error
	read := func(name string) []byte {
		b, err := fs.ReadFile(static, name)
		if err != nil && inlineErr == nil {
			inlineErr = fmt.Errorf("inlining %s: %w", name, err)
		}
		return b
	}
	page = styleTag.ReplaceAllFunc(page, func(m []byte) []byte {
		name := string(styleTag.FindSubmatch(m)[1])
		return append(append([]byte("<style>\n"), read(name)...), "\n</style>"...)
	})
	renderer := ""
	if v, err := newViewer(&rec.Info); err == nil {
		renderer = v.renderer
	}
	hello := map[string]any{"type": "hello", "mode": "replay"}
	if opt.Lecture != nil {
		hello["lecture"] = opt.Lecture
	}
	embedded, err := json.Marshal(map[string]any{
		"hello":    hello,
		"frames":   frames,
		"renderer": renderer,
		"run":      trace.RunInfo{Puzzle: rec.Info.Puzzle, Instance: rec.Info.Instance, Heuristic: rec.Info.Heuristic, Algorithm: rec.Info.Algorithm},
		"lecture":  opt.Lecture,
		"name":     traceBase(opt.TraceName),
	})
	if err != nil {
		return err
	}
	page = scriptTag.ReplaceAllFunc(page, func(m []byte) []byte {
		name := string(scriptTag.FindSubmatch(m)[1])
		var out bytes.Buffer
		if name == "app.js" {
			// json.Marshal escapes <, > and &: the data cannot close the tag.
			out.WriteString("<script>window.VIZ_EMBEDDED = ")
			out.Write(embedded)
			out.WriteString(";</script>\n")
		}
		out.WriteString("<script>\n")
		out.Write(read(name))
		out.WriteString("\n</script>")
		if name == "app.js" && renderer != "" {
			// After app.js, which defines vizRegisterRenderer.
			out.WriteString("\n<script>\n")
			out.Write(read("render/" + renderer + ".js"))
			out.WriteString("\n</script>")
		}
		return out.Bytes()
	})
	if inlineErr != nil {
		return inlineErr
	}
	_, err = w.Write(page)
	return err
}

// traceBase is a trace's file name without its folders ("" for none).
func traceBase(path string) string {
	if path == "" {
		return ""
	}
	return filepath.Base(path)
}
