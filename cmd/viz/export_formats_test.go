package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"idaviz/internal/browsertest"
	"idaviz/web/fold"
)

// needDot returns the path of Graphviz's dot, skipping the test without it
// unless CI=true, where graphviz is installed (.ci/run) and its absence is
// a failure.
func needDot(t *testing.T) string {
	t.Helper()
	return browsertest.Tool(t, "Graphviz's dot is not installed (apt-get install graphviz)", "dot")
}

var (
	dotNode    = regexp.MustCompile(`(?m)^  n(\d+) \[label=.*comment="nodes=(\d+)"`)
	dotCaption = regexp.MustCompile(`label="iteration (\d+), bound (\d+): (\d+) generated, (\d+) expanded, (\d+) pruned; (\d+) nodes drawn`)
)

// TestTraceExportDOT draws every iteration's tree as DOT: Graphviz renders
// each, the root stands for the iteration's generated nodes in viz trace
// info's table, and the last iteration (the default) shows the solution.
func TestTraceExportDOT(t *testing.T) {
	dot := needDot(t)
	path := recordTrace(t, "run.trace")
	table, _ := infoTable(t, path)
	rows := table[1:]
	for i, row := range rows {
		args := []string{"trace", "export", "--format", "dot", path}
		if i < len(rows)-1 {
			args = append(args, "--iteration", row[0])
		}
		status, out, errs := runViz(t, "", args...)
		if status != exitOK {
			t.Fatalf("%v: %d %s", args, status, errs)
		}
		cap := dotCaption.FindStringSubmatch(out)
		nodes := dotNode.FindAllStringSubmatch(out, -1)
		if cap == nil || len(nodes) == 0 {
			t.Fatalf("iteration %s: no caption or nodes:\n%s", row[0], out)
		}
		if cap[1] != row[0] || cap[2] != row[1] || cap[3] != row[3] || cap[4] != row[2] || cap[5] != row[4] {
			t.Errorf("iteration %s: caption %q, trace info's row %v", row[0], cap[0], row)
		}
		if nodes[0][2] != row[3] {
			t.Errorf("iteration %s: the root stands for %s nodes, trace info says %s generated", row[0], nodes[0][2], row[3])
		}
		if strconv.Itoa(len(nodes)) != cap[6] {
			t.Errorf("iteration %s: %d nodes in the graph, the caption says %s drawn", row[0], len(nodes), cap[6])
		}
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = strings.NewReader(out)
		svg, err := cmd.Output()
		if err != nil {
			t.Fatalf("iteration %s: dot -Tsvg: %v\n%s", row[0], err, out)
		}
		if n := strings.Count(string(svg), `class="node"`); n != len(nodes) {
			t.Errorf("iteration %s: dot drew %d nodes of %d", row[0], n, len(nodes))
		}
		last := i == len(rows)-1
		if solved := strings.Contains(out, `"`+fold.StatusColour(fold.StatusSolution)+`"`); solved != last {
			t.Errorf("iteration %s: solution colour %v, want %v", row[0], solved, last)
		}
		if !strings.Contains(out, `"`+fold.StatusColour(fold.StatusExpanded)+`"`) {
			t.Errorf("iteration %s: no expanded (blue) node", row[0])
		}
	}
}

// TestTraceExportSVG draws the tree at a few events: well-formed SVG with
// the page's caption, a shape per drawn node, the last node ringed.
func TestTraceExportSVG(t *testing.T) {
	path := recordTrace(t, "run.trace")
	for _, ev := range []string{"0", "40", ""} {
		args := []string{"trace", "export", "--format", "svg", path}
		if ev != "" {
			args = append(args, "--event", ev)
		}
		status, out, errs := runViz(t, "", args...)
		if status != exitOK {
			t.Fatalf("%v: %d %s", args, status, errs)
		}
		shapes := 0
		dec := xml.NewDecoder(strings.NewReader(out))
		for {
			tok, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("event %q: not XML: %v\n%s", ev, err, out)
			}
			if se, ok := tok.(xml.StartElement); ok && (se.Name.Local == "circle" || se.Name.Local == "rect" && len(se.Attr) > 5) {
				shapes++
			}
		}
		m := regexp.MustCompile(`(\d+) nodes drawn, at event (\d+)`).FindStringSubmatch(out)
		if m == nil || strconv.Itoa(shapes) != m[1] || ev != "" && m[2] != ev {
			t.Errorf("event %q: %d shapes, caption %v", ev, shapes, m)
		}
		if ev != "0" && !strings.Contains(out, `stroke="#000"`) {
			t.Errorf("event %q: the last node is not ringed", ev)
		}
		if ev == "" && !strings.Contains(out, `fill="`+fold.StatusColour(fold.StatusSolution)+`"`) {
			t.Errorf("at the end: no solution (green) node")
		}
	}
}

// TestTraceExportChromeBalanced checks the Chrome export is the trace event
// format with every track's B/E slices balanced and properly nested, and a
// slice per visited node.
func TestTraceExportChromeBalanced(t *testing.T) {
	path := recordTrace(t, "run.trace")
	status, out, errs := runViz(t, "", "trace", "export", "--format", "chrome", path)
	if status != exitOK {
		t.Fatalf("%d %s", status, errs)
	}
	var doc struct {
		TraceEvents []struct {
			Name string  `json:"name"`
			Ph   string  `json:"ph"`
			Ts   float64 `json:"ts"`
			Dur  float64 `json:"dur"`
			Pid  int     `json:"pid"`
			Tid  int     `json:"tid"`
		} `json:"traceEvents"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	type track struct{ pid, tid int }
	open := map[track][]string{}
	lastTs := map[track]float64{}
	begins := 0
	for i, ev := range doc.TraceEvents {
		k := track{ev.Pid, ev.Tid}
		if ev.Ts < lastTs[k] {
			t.Fatalf("event %d: time goes back on track %v", i, k)
		}
		lastTs[k] = ev.Ts
		switch ev.Ph {
		case "B":
			open[k] = append(open[k], ev.Name)
			begins++
		case "E":
			if len(open[k]) == 0 {
				t.Fatalf("event %d: an end with no slice open on track %v", i, k)
			}
			open[k] = open[k][:len(open[k])-1]
		case "X":
			t.Fatalf("event %d: complete events are not expected", i)
		case "i", "I", "M":
		default:
			t.Fatalf("event %d: phase %q", i, ev.Ph)
		}
	}
	for k, o := range open {
		if len(o) > 0 {
			t.Errorf("track %v: %d slices never end", k, len(o))
		}
	}
	table, _ := infoTable(t, path)
	want := 0
	for _, row := range table[1:] {
		g, _ := strconv.Atoi(row[3])
		p, _ := strconv.Atoi(row[4])
		want += g - p // every generated node not pruned is visited
	}
	if begins != want {
		t.Errorf("%d slices, %d visited nodes", begins, want)
	}
}

// TestTraceExportHTMLLecture exports the one-file replay with bookmarks:
// from --lecture, and from the trace's sidecar without it.
func TestTraceExportHTMLLecture(t *testing.T) {
	path := recordTrace(t, "run.trace")
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.json")
	os.WriteFile(notes, []byte(`{"version":1,"bookmarks":[{"event":3,"title":"the first bound","note":"h of the start"}]}`), 0o644)
	os.WriteFile(path+".lecture.json", []byte(`{"version":1,"bookmarks":[{"event":9,"title":"from the sidecar"}]}`), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--lecture", notes}, `"lecture":{"version":1,"bookmarks":[{"event":3,"title":"the first bound","note":"h of the start"}]}`},
		{nil, `"lecture":{"version":1,"bookmarks":[{"event":9,"title":"from the sidecar"}]}`},
	} {
		out := filepath.Join(dir, "replay.html")
		args := append([]string{"trace", "export", "-o", out, path}, tc.args...)
		status, stdout, errs := runViz(t, "", args...)
		if status != exitOK || !strings.Contains(stdout, "(1 bookmark)") {
			t.Fatalf("%v: %d %s %s", args, status, stdout, errs)
		}
		b, _ := os.ReadFile(out)
		if c := bytes.Count(b, []byte(tc.want)); c != 2 {
			t.Errorf("%v: the lecture is in the page %d times (want the data and the hello): %s", tc.args, c, tc.want)
		}
	}
	// viz replay --export, the alias, takes the sidecar too.
	out := filepath.Join(dir, "alias.html")
	if status, _, errs := runViz(t, "", "replay", "--export", out, path); status != exitOK {
		t.Fatalf("replay --export: %s", errs)
	}
	if b, _ := os.ReadFile(out); !bytes.Contains(b, []byte("from the sidecar")) {
		t.Error("viz replay --export left the sidecar's bookmarks out")
	}
}

func TestTraceExportBadFlags(t *testing.T) {
	path := recordTrace(t, "run.trace")
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"version":1,"bookmarks":[{"event":99999,"title":"past the end"}]}`), 0o644)
	out := filepath.Join(t.TempDir(), "x.html")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--format", "csv", "--iteration", "2"}, "--iteration applies to --format dot or gif, not csv"},
		{[]string{"--format", "dot", "--event", "2"}, "--event applies to --format svg, not dot"},
		{[]string{"--format", "svg", "--lecture", bad}, "--lecture applies to --format html, not svg"},
		{[]string{"--format", "dot", "--iteration", "0"}, "iterations count from 1"},
		{[]string{"--format", "dot", "--iteration", "99"}, "not 99"},
		{[]string{"--format", "svg", "--event", "-3"}, "events count from 0"},
		{[]string{"--format", "svg", "--event", "100000"}, "not 100000"},
		{[]string{"--format", "html"}, "needs -o"},
		{[]string{"-o", out, "--lecture", bad}, "outside the trace"},
		{[]string{"-o", out, "--lecture", "/nonexistent.json"}, "no such file"},
		{[]string{"--format", "dot", "--iteration", "x"}, "--iteration x: not a number"},
	} {
		args := append([]string{"trace", "export", path}, tc.args...)
		status, _, errs := runViz(t, "", args...)
		if status != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tc.args, status, errs, tc.want)
		}
	}
	// A trace recorded per iteration has no tree to draw.
	coarse := filepath.Join(t.TempDir(), "coarse.trace")
	if status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "--trace", coarse, "--trace-level", "iteration", "8 1 2 4 3 6 0 7 5"); status != exitOK {
		t.Fatal(errs)
	}
	if status, _, errs := runViz(t, "", "trace", "export", "--format", "dot", coarse); status != exitUsage || !strings.Contains(errs, "recorded at iteration level") {
		t.Errorf("dot of an iteration-level trace: status %d, stderr %q", status, errs)
	}
}

// TestTraceExportMaxNodes: an iteration is drawn whole up to --max-nodes
// nodes (the page's budget by default) and folded past it by the page's
// rule, every folded node carrying its count: the counts add up to the
// iteration's nodes.
func TestTraceExportMaxNodes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "31.trace")
	if status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "--heuristic", "manhattan", "--trace", path, "8 6 7 2 5 4 3 0 1"); status != exitOK {
		t.Fatalf("solve: %d %s", status, errs)
	}
	const generated = 17904 // iteration 5
	edge := regexp.MustCompile(`(?m)^  n(\d+) -> n(\d+)`)
	for _, c := range []struct {
		args  []string
		drawn int
	}{
		{nil, fold.DefaultTreeLimit},
		{[]string{"--max-nodes", "50"}, 50},
		{[]string{"--max-nodes", "20000"}, generated},
	} {
		args := append([]string{"trace", "export", "--format", "dot", "--iteration", "5", path}, c.args...)
		status, out, errs := runViz(t, "", args...)
		if status != exitOK {
			t.Fatalf("%v: %d %s", c.args, status, errs)
		}
		nodes := dotNode.FindAllStringSubmatch(out, -1)
		parent := map[string]bool{}
		for _, e := range edge.FindAllStringSubmatch(out, -1) {
			parent[e[1]] = true
		}
		sum := 0
		for _, n := range nodes {
			if parent[n[1]] {
				sum++
			} else {
				k, _ := strconv.Atoi(n[2])
				sum += k
			}
		}
		if len(nodes) > c.drawn || len(nodes) < c.drawn*9/10 || sum != generated {
			t.Errorf("%v: %d nodes drawn (budget %d), standing for %d (the iteration has %d)", c.args, len(nodes), c.drawn, sum, generated)
		}
		if folded := strings.Contains(out, "peripheries=2"); folded != (c.drawn < generated) {
			t.Errorf("%v: folded nodes drawn: %v", c.args, folded)
		}
		if !strings.Contains(out, "17,904 generated") {
			t.Errorf("%v: the caption has no thousands separators: %s", c.args, strings.SplitN(out, "\n", 3)[1])
		}
	}
	// The SVG too, at an event of the same iteration.
	status, out, errs := runViz(t, "", "trace", "export", "--format", "svg", "--event", "30000", "--max-nodes", "80", path)
	if status != exitOK {
		t.Fatalf("svg: %d %s", status, errs)
	}
	if n := strings.Count(out, "<circle"); n > 80 || n < 40 {
		t.Errorf("svg --max-nodes 80: %d nodes drawn", n)
	}
	if status, _, errs := runViz(t, "", "trace", "export", "--format", "csv", "--max-nodes", "10", path); status != exitUsage || !strings.Contains(errs, "--max-nodes applies to --format dot or svg") {
		t.Errorf("csv --max-nodes: %d %s", status, errs)
	}
}
