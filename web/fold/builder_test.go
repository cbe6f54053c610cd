package fold

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"idaviz/engine"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// foldView is what the conformance test compares of a fold after each
// event: the tree window, the last node and the statistics.
type foldView struct {
	Tree         TreeView          `json:"tree"`
	LastMoves    []int             `json:"lastMoves"`
	LastPlaced   bool              `json:"lastPlaced"`
	Totals       trace.Counts      `json:"totals"`
	Current      trace.Iteration   `json:"current"`
	Iterations   []trace.Iteration `json:"iterations"`
	Solution     []int             `json:"solution"`
	SolutionH    []int             `json:"solutionH"`
	SolutionStar []int             `json:"solutionStar"`
	Effort       []Effort          `json:"effort"`
	Status       string            `json:"status"`
	Algo         AlgoView          `json:"algo"`
	AStar        *astarView        `json:"astar"`
}

// astarView is what an A* run's charts are drawn from.
type astarView struct {
	OpenByF   []int64     `json:"openByF"`
	Sizes     []sizePoint `json:"sizes"`
	Expanding int         `json:"expanding"`
}

// sweeps reports whether the exhaustive conformance sweeps run
// (IDAVIZ_TEST_SWEEPS=1, a gated step of .ci/run): the page's folds against
// Go's on every event of long runs, which take minutes on a loaded machine.
// Without it the same checks run on short runs, which still fail when the
// page's fold and Go's disagree.
func sweeps() bool { return os.Getenv("IDAVIZ_TEST_SWEEPS") == "1" }

// TestBuilderMatchesGo: builder.js (the page's fold, for the export) folds
// every event exactly as the Go player does: the same tree window, node
// path and counts after each event, on IDA* and A* runs, with a window
// small enough to fold, and on IDA* with BPMX (the 15-puzzle's pdb555d,
// its tables built into a temporary cache). The long runs are the sweep
// (IDAVIZ_TEST_SWEEPS=1); a quick run folds shorter ones the same ways.
func TestBuilderMatchesGo(t *testing.T) {
	node := testrun.Node(t)
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	cases := []struct {
		name, state, heuristic string
		astar                  bool
		limit                  int
		opened                 []uint64 // nodes the page asked to unfold
		puzzle                 string   // "": testrun.Puzzle
		sweep                  bool     // a long run: IDAVIZ_TEST_SWEEPS only
	}{
		{"ida", testrun.State, "manhattan", false, DefaultTreeLimit, nil, "", false},
		// 28 moves in some 700 events: a path more than twice the window
		// deep, folded and unfolded as the long runs are, in seconds.
		{"ida-folded-short", "0 8 7 6 5 4 3 2 1", "manhattan", false, 12, nil, "", false},
		{"ida-opened-short", "0 8 7 6 5 4 3 2 1", "manhattan", false, 12, []uint64{30, 31, 57, 150, 300}, "", false},
		{"astar-short", testrun.State, "misplaced", true, 20, nil, "", false},
		{"bpmx", testrun.BPMXState, "pdb555d", false, DefaultTreeLimit, nil, "15puzzle", false},
		{"ida-folded", "8 6 7 2 5 4 3 0 1", "manhattan", false, 12, nil, "", true},
		{"ida-opened", "8 6 7 2 5 4 3 0 1", "manhattan", false, 12, []uint64{30, 31, 57, 400, 1000, 4321}, "", true},
		{"astar", "7 2 4 5 0 6 8 3 1", "misplaced", true, 20, nil, "", true},
		{"bpmx-folded", "6 2 7 8, 9 0 5 3, 14 1 12 11, 10 13 15 4", "pdb555d", false, 12, []uint64{40, 41, 700}, "15puzzle", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.sweep && !sweeps() {
				t.Skip("a long run: set IDAVIZ_TEST_SWEEPS=1")
			}
			// Each case waits mostly on node's fold, in a process of its
			// own: the cases run side by side.
			t.Parallel()
			if c.puzzle == "" {
				c.puzzle = testrun.Puzzle
			}
			p, err := puzzles.Lookup(c.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			inst, err := p.Parse(c.state, "")
			if err != nil {
				t.Fatal(err)
			}
			d, err := inst.Domain(c.heuristic)
			if err != nil {
				t.Fatal(err)
			}
			var nd, bin bytes.Buffer
			rec := trace.NewRecorder(&nd, trace.EncodingNDJSON, trace.LevelNode)
			brec := trace.NewRecorder(&bin, trace.EncodingBinary, trace.LevelNode)
			sink := testrun.NewSink(trace.LevelNode)
			opt := engine.Options{Sink: trace.Fanout(rec, brec, sink), Info: trace.RunInfo{Puzzle: c.puzzle, Instance: inst.String(), Heuristic: c.heuristic}}
			if c.astar {
				_, err = engine.AStar(context.Background(), d, opt)
			} else {
				_, err = engine.IDA(context.Background(), d, opt)
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := errors.Join(rec.Close(), brec.Close()); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for name, b := range map[string][]byte{"run.ndjson": nd.Bytes(), "run.trace": bin.Bytes()} {
				tracePath := filepath.Join(dir, name)
				if err := os.WriteFile(tracePath, b, 0o600); err != nil {
					t.Fatal(err)
				}
				opened, _ := json.Marshal(c.opened)
				out, err := exec.Command(node, "testdata/builder_harness.mjs", "../static", tracePath, strconv.Itoa(c.limit), "fold", string(opened)).Output()
				if err != nil {
					t.Fatalf("node: %v", err)
				}
				compareFolds(t, name, sink.Events, c.limit, c.opened, out)
			}
		})
	}
}

// compareFolds folds events with the Go fold (Run) and compares, after each
// event, with builder.js's output (one JSON line an event).
func compareFolds(t *testing.T, name string, events []trace.Event, limit int, opened []uint64, out []byte) {
	t.Helper()
	pl := NewRun(1, trace.LevelNode, limit)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	// Every event of a short run; of a long one every 7th and the last: a
	// fold that went astray stays astray.
	every := 1
	if len(events) > 5000 {
		every = 7
	}
	for i := range events {
		pl.Apply(&events[i])
		if !sc.Scan() {
			t.Fatalf("%s: event %d: builder.js gave no line", name, i)
		}
		if i%every != 0 && i != len(events)-1 {
			continue
		}
		f := pl.Frame(0, opened)
		want := foldView{Tree: f.Tree, LastMoves: f.LastMoves, LastPlaced: f.LastPlaced, Totals: f.Stats.Totals,
			Current: f.Stats.Current, Iterations: f.Stats.Iterations, Solution: f.Stats.Solution,
			SolutionH: f.Stats.SolutionH, SolutionStar: f.Stats.SolutionStar, Effort: f.Stats.Effort, Status: f.Stats.Status.String(), Algo: f.Algo}
		if a := f.Stats.AStar; a != nil {
			want.AStar = &astarView{OpenByF: a.OpenByF, Sizes: a.Sizes, Expanding: a.Expanding}
		}
		var got foldView
		if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
			t.Fatalf("%s: event %d: %v", name, i, err)
		}
		normalize(&want)
		normalize(&got)
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Fatalf("%s: event %d (%s): builder.js\n%s\nGo\n%s", name, i, events[i].Kind, g, w)
		}
	}
	t.Logf("%s: %d events agree", name, len(events))
}

// normalize makes empty and absent lists alike, and histograms without
// their trailing zeros (the engine sizes them ahead of need).
func normalize(v *foldView) {
	trim := func(h []int64) []int64 {
		n := len(h)
		for n > 0 && h[n-1] == 0 {
			n--
		}
		if n == 0 {
			return nil
		}
		return h[:n]
	}
	its := func(it *trace.Iteration) {
		it.VisitF, it.PruneF, it.Depth = trim(it.VisitF), trim(it.PruneF), trim(it.Depth)
	}
	its(&v.Current)
	for i := range v.Iterations {
		its(&v.Iterations[i])
	}
	if len(v.Iterations) == 0 {
		v.Iterations = nil
	}
	if len(v.LastMoves) == 0 {
		v.LastMoves = nil
	}
	if len(v.Solution) == 0 {
		v.Solution = nil
	}
	if len(v.SolutionH) == 0 {
		v.SolutionH = nil
	}
	if len(v.SolutionStar) == 0 {
		v.SolutionStar = nil
	}
	if len(v.Effort) == 0 {
		v.Effort = nil
	}
	if len(v.Tree.Kept) == 0 {
		v.Tree.Kept = nil
	}
	if v.AStar != nil && len(v.AStar.OpenByF) == 0 {
		v.AStar.OpenByF = nil
	}
}

// TestReplayStateMatchesGo: replaystate.js's replayState is the message the
// Go server sends for a replayed run (buildState), after every event: runs,
// tree, node, charts (the replay's are go-echarts' own options, from
// fold.ChartTemplates, filled with the run's data: equal, colours and all),
// the event in words. The node's view is left out (the
// page draws it from the moves), and so are the seconds of a run not yet
// ended (the Go player's clock runs while it folds). Some runs are
// compared in Chinese and in the pseudo-locale too: the page's words are
// Go's, from the same catalogue. The sweep
// (IDAVIZ_TEST_SWEEPS=1) compares some 2,000 states of each run, long ones
// among them; a quick run some 100 states of short runs.
func TestReplayStateMatchesGo(t *testing.T) {
	node := testrun.Node(t)
	states := 100
	if sweeps() {
		states = 2000
	}
	for _, c := range []struct {
		name  string
		path  func(t *testing.T) string // the trace, recorded only for a case that runs
		sweep bool                      // a long run: IDAVIZ_TEST_SWEEPS only
		tag   string                    // the language of the words ("": English)
	}{
		{"example", func(t *testing.T) string { return "../../examples/traces/8puzzle-14moves.trace" }, false, ""},
		{"ida", func(t *testing.T) string {
			return testrun.Write(t, testrun.Record(t, trace.LevelNode, testrun.State), trace.EncodingBinary)
		}, false, ""},
		// A run whose run-start names another order of the moves (its
		// events are U D L R's: what differs is the label, which names it).
		{"ida-order", func(t *testing.T) string {
			events := testrun.Record(t, trace.LevelNode, testrun.State)
			events[0].Run.Options = map[string]string{"goal": "blank-last", "order": "ulrd"}
			return testrun.Write(t, events, trace.EncodingBinary)
		}, false, ""},
		// 28 moves: more iterations than the runs above.
		{"ida-longer", func(t *testing.T) string {
			return testrun.Write(t, testrun.Record(t, trace.LevelNode, "0 8 7 6 5 4 3 2 1"), trace.EncodingNDJSON)
		}, false, ""},
		{"astar-short", func(t *testing.T) string {
			return testrun.Write(t, testrun.RecordAStar(t, testrun.State, "misplaced"), trace.EncodingBinary)
		}, false, ""},
		{"bpmx", func(t *testing.T) string {
			return testrun.Write(t, testrun.RecordPathmax(t, testrun.BPMXState), trace.EncodingBinary)
		}, false, ""},
		{"astar", func(t *testing.T) string {
			return testrun.Write(t, testrun.RecordAStar(t, "7 2 4 5 0 6 8 3 1", "misplaced"), trace.EncodingBinary)
		}, true, ""},
		{"bpmx-longer", func(t *testing.T) string {
			return testrun.Write(t, testrun.RecordPathmax(t, "1 6 2 3, 5 7 8 0, 15 10 14 4, 9 13 12 11"), trace.EncodingNDJSON)
		}, true, ""},
		{"big", func(t *testing.T) string { return os.Getenv("IDAVIZ_BUILDER_TRACE") }, false, ""},
		{"example-zh", func(t *testing.T) string { return "../../examples/traces/8puzzle-14moves.trace" }, false, lang.Chinese},
		{"example-pseudo", func(t *testing.T) string { return "../../examples/traces/8puzzle-14moves.trace" }, false, lang.Pseudo},
		{"astar-short-zh", func(t *testing.T) string {
			return testrun.Write(t, testrun.RecordAStar(t, testrun.State, "misplaced"), trace.EncodingBinary)
		}, false, lang.Chinese},
		{"bpmx-zh", func(t *testing.T) string {
			return testrun.Write(t, testrun.RecordPathmax(t, testrun.BPMXState), trace.EncodingBinary)
		}, false, lang.Chinese},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.sweep && !sweeps() {
				t.Skip("a long run: set IDAVIZ_TEST_SWEEPS=1")
			}
			path := c.path(t)
			if path == "" {
				t.Skip("set IDAVIZ_BUILDER_TRACE to a trace to compare")
			}
			rec, err := OpenTrace(path, IndexOptions{})
			if err != nil {
				t.Fatal(err)
			}
			every := max(1, rec.Len()/states)
			out, err := exec.Command(node, "testdata/builder_harness.mjs", "../static", path, strconv.Itoa(DefaultTreeLimit), "state", strconv.Itoa(every), c.tag).Output()
			if err != nil {
				t.Fatalf("node: %v", err)
			}
			sc := bufio.NewScanner(bytes.NewReader(out))
			sc.Buffer(nil, 64<<20)
			p := NewRun(1, rec.Level(), DefaultTreeLimit)
			if c.tag != "" {
				p.SetLang(lang.New(c.tag))
			}
			n, i := rec.Len(), 0
			err = rec.Each(func(e *trace.Event) error {
				p.Apply(e)
				if i%every != 0 && i != n-1 {
					i++
					return nil
				}
				if !sc.Scan() {
					t.Fatalf("event %d: replaystate.js gave no line", i)
				}
				// A replayed run waits paused between the page's steps (the
				// server's player says so in its frames).
				fr := p.Frame(0, nil)
				fr.Paused = true
				st := BuildState("replay", []RunData{{Frame: fr, Total: n}})
				w, err := json.Marshal(st)
				if err != nil {
					return err
				}
				var want, got map[string]any
				if err := errors.Join(json.Unmarshal(w, &want), json.Unmarshal(sc.Bytes(), &got)); err != nil {
					return err
				}
				if e.Kind != trace.KindRunEnd {
					for _, m := range []map[string]any{want, got} {
						for _, k := range []string{"active"} {
							if r, ok := m[k].(map[string]any); ok {
								r["seconds"], r["nodesPerSecond"] = 0.0, 0.0
							}
						}
						if rs, ok := m["runs"].([]any); ok {
							for _, r := range rs {
								r.(map[string]any)["seconds"], r.(map[string]any)["nodesPerSecond"] = 0.0, 0.0
							}
						}
					}
				}
				if d := jsonDiff("", got, want, nil); len(d) > 0 {
					t.Fatalf("event %d (%s): replaystate.js against Go:\n%s", i, e.Kind, strings.Join(d[:min(len(d), 12)], "\n"))
				}
				// Both in the language asked for, not both in English.
				if ev := st.Event; ev != "" && (c.tag == lang.Chinese && !strings.ContainsFunc(ev, func(r rune) bool { return unicode.Is(unicode.Han, r) }) ||
					c.tag == lang.Pseudo && !lang.Marked(ev)) {
					t.Fatalf("event %d (%s) in %s reads %q", i, e.Kind, c.tag, ev)
				}
				i++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d events agree", i)
		})
	}
}

// jsonDiff lists where two decoded JSON values differ, by path.
func jsonDiff(path string, got, want any, out []string) []string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return append(out, fmt.Sprintf("%s: got %v, want an object", path, got))
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				out = append(out, fmt.Sprintf("%s.%s: missing (want %v)", path, k, wv))
				continue
			}
			out = jsonDiff(path+"."+k, gv, wv, out)
		}
		for k, gv := range g {
			if _, ok := w[k]; !ok {
				out = append(out, fmt.Sprintf("%s.%s: extra %v", path, k, gv))
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return append(out, fmt.Sprintf("%s: got %v, want %v", path, got, want))
		}
		for i := range w {
			out = jsonDiff(fmt.Sprintf("%s[%d]", path, i), g[i], w[i], out)
		}
	default:
		if !reflect.DeepEqual(got, want) {
			out = append(out, fmt.Sprintf("%s: got %v, want %v", path, got, want))
		}
	}
	return out
}
