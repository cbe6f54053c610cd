package export

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
	"idaviz/web/static"
)

// maxStaticLines is the most lines a file of the page (web/static, the
// vendored libraries aside) may have: past it, a file holds more than one
// part of the page.
const maxStaticLines = 600

// generated is Go's mark of a generated file, on one of its first lines.
var generated = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// TestStaticFileLines: no file of the page written by hand is longer than
// maxStaticLines.
func TestStaticFileLines(t *testing.T) {
	files := 0
	err := fs.WalkDir(os.DirFS("../static"), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == "vendor" {
				return fs.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile("../static/" + path)
		if err != nil {
			return err
		}
		files++
		// A generated file (messages.js, the catalogue) is as long as what
		// it is generated from: no one reads or edits it as a part.
		if generated.Match(b) {
			return nil
		}
		if n := bytes.Count(b, []byte("\n")); n > maxStaticLines {
			t.Errorf("static/%s has %d lines, more than %d: split it along its parts", path, n, maxStaticLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 {
		t.Fatalf("only %d files under static: the walk missed the page", files)
	}
}

// TestExportCarriesPageScripts: index.html loads one module, its entry,
// and an export carries, in its place, the vendored echarts and the page's
// modules bundled (bundle.js: web/static/internal/generate holds it to the
// modules), which run where the entry's tag was.
func TestExportCarriesPageScripts(t *testing.T) {
	page, err := fs.ReadFile(static.FS(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	if tags := regexp.MustCompile(`<script[^>]*>`).FindAllString(string(page), -1); len(tags) != 1 || tags[0] != `<script type="module" src="static/app.js">` {
		t.Fatalf("index.html's script tags are %q: want the entry module alone", tags)
	}
	want := make([]string, 0, len(exportScripts))
	for _, name := range exportScripts {
		b, err := fs.ReadFile(static.FS(), name)
		if err != nil {
			t.Fatalf("an export carries %s: %v", name, err)
		}
		want = append(want, string(b))
	}
	if !strings.Contains(want[len(want)-1], "DO NOT EDIT") {
		t.Errorf("the export's last script is not the generated bundle")
	}

	rec := recording(t, testrun.Record(t, trace.LevelNode, testrun.State))
	var buf bytes.Buffer
	if err := HTML(&buf, rec, Options{}); err != nil {
		t.Fatal(err)
	}
	export := buf.String()
	got := exportedCode(t, export)
	if len(got) != len(want) {
		t.Fatalf("the export carries %d scripts, want %d (%v)", len(got), len(want), exportScripts)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("the export's script %d is not %s", i, exportScripts[i])
		}
	}
	// Its data blocks, its unpacking: one script runs.
	if n := strings.Count(export, "<script"); n != 3 || strings.Count(export, "<script>") != 1 {
		t.Errorf("the export has %d script tags, want 3 (its data, its code, the unpacking, which alone runs)", n)
	}
	if tail := export[strings.LastIndex(export, "</script>"):]; !strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(tail, "</script>")), "</body>") {
		t.Errorf("the export's scripts do not run at the end of its body, where the page's last tag was: %.80q", tail)
	}
}

// exportedCode unpacks the scripts an export carries (its viz-code block:
// base64 of the gzipped JSON list of their texts).
func exportedCode(t *testing.T, page string) []string {
	t.Helper()
	m := regexp.MustCompile(`<script type="text/plain" id="viz-code">([^<]*)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no packed scripts in the export")
	}
	packed, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var code []string
	if err := json.Unmarshal(text, &code); err != nil {
		t.Fatal(err)
	}
	return code
}

// TestPageColours: the page's colours are style.css's custom properties
// alone (no page script writes a colour of its own), and its node kinds are
// Go's (the charts, the tree exports), so a pruned node is one red
// everywhere. The runs' colours come from the server, an export's from
// data.
func TestPageColours(t *testing.T) {
	css, err := fs.ReadFile(static.FS(), "style.css")
	if err != nil {
		t.Fatal(err)
	}
	props := map[string]string{}
	for _, m := range regexp.MustCompile(`(--[a-z-]+):\s*([^;]+);`).FindAllStringSubmatch(string(css), -1) {
		props[m[1]] = strings.TrimSpace(m[2])
	}
	for prop, want := range map[string]string{
		"--node-path": fold.StatusColour(fold.StatusPath), "--node-expanded": fold.StatusColour(fold.StatusExpanded),
		"--node-pruned": fold.StatusColour(fold.StatusPruned), "--node-solution": fold.StatusColour(fold.StatusSolution),
		"--node-folded": fold.FoldedColour(), "--node-open": fold.StatusColour(fold.StatusOpen),
		"--node-bpmx": fold.BPMXColour(),
	} {
		if props[prop] != want {
			t.Errorf("style.css's %s is %q, Go's %q", prop, props[prop], want)
		}
	}
	if tree, chart := fold.StatusColour(fold.StatusPruned), fold.PageColours()["pruned"]; tree != chart {
		t.Errorf("the tree exports draw pruned nodes in %s, the charts in %v", tree, chart)
	}
	if got := fold.PageColours()["run"]; got != fold.RunColour(1) {
		t.Errorf("an export's run is %v, the server's run 1 %s", got, fold.RunColour(1))
	}
	// A run's colour never means a kind of node: Manhattan's bars are not
	// read as pruned ones.
	for id := 1; id <= fold.MaxRuns; id++ {
		for _, kind := range []string{fold.StatusExpanded, fold.StatusPruned, fold.StatusPath, fold.StatusSolution, fold.StatusOpen} {
			if strings.EqualFold(fold.RunColour(id), fold.StatusColour(kind)) {
				t.Errorf("run %d's colour %s is the colour of %s nodes", id, fold.RunColour(id), kind)
			}
		}
	}

	// Colours in a page script: a hex literal or rgb() (a renderer's own
	// drawing aside: render/ is the puzzles').
	literal := regexp.MustCompile(`#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\b|rgba?\(`)
	uses := regexp.MustCompile(`colour\('(--[a-z-]+)'\)`)
	scripts, err := fs.Glob(static.FS(), "*.js")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no page scripts: %v", err)
	}
	for _, name := range scripts {
		b, err := fs.ReadFile(static.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("DO NOT EDIT")) {
			continue // generated: shared.js has Go's colours, the bundle the renderers' own
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := literal.FindString(line); m != "" {
				t.Errorf("%s:%d: a colour of its own, %s: use a style.css custom property", name, i+1, m)
			}
			for _, m := range uses.FindAllStringSubmatch(line, -1) {
				if props[m[1]] == "" {
					t.Errorf("%s:%d: reads %s, which style.css does not define", name, i+1, m[1])
				}
			}
		}
	}
}

// recording holds events as a replay reads them.
func recording(t *testing.T, events []trace.Event) *fold.Recording {
	t.Helper()
	rd, err := trace.NewReader(bytes.NewReader(testrun.Encode(t, events, trace.EncodingBinary)))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := fold.LoadRecording(rd, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestTraceSourceSeeks: an exported page's source (tracesource.js), over
// the export's own embedded data, lands every seek, step and step back on
// the state a plain fold of the events up to there gives, across its
// checkpoints (the builder and the reader's mark, every 2048 events here).
func TestTraceSourceSeeks(t *testing.T) {
	node := testrun.Node(t)
	events := testrun.Record(t, trace.LevelNode, "8 6 7 2 5 4 3 0 1")
	if len(events) < 3*2048 {
		t.Fatalf("the run has %d events: too few to cross checkpoints", len(events))
	}
	rec := recording(t, events)
	page := filepath.Join(t.TempDir(), "run.html")
	var buf bytes.Buffer
	if err := HTML(&buf, rec, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, "testdata/tracesource_harness.mjs", "../static", page).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got struct {
		Events, Checked int
		Bad             []string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("the harness's answer %.200s: %v", out, err)
	}
	if got.Events != len(events) || got.Checked < 30 || len(got.Bad) > 0 {
		t.Errorf("tracesource.js over %d events (want %d), %d moves checked: %v", got.Events, len(events), got.Checked, got.Bad)
	}
}
