package web

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/engine"
	"idaviz/examples"
	"idaviz/puzzles"
	"idaviz/puzzles/script"
	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// viewMovesCase is one random walk for the harness: the JSON of the run's
// metadata, the start's view, the walk's moves and the view at every state
// along it (states[0] is the start).
type viewMovesCase struct {
	Renderer string            `json:"renderer"`
	Info     trace.RunInfo     `json:"info"`
	NumMoves int               `json:"numMoves"`
	Start    json.RawMessage   `json:"start"`
	Moves    []int             `json:"moves"`
	States   []json.RawMessage `json:"states"`
	Probed   []int             `json:"probed"` // the states where every move index is tried

	// What Go's View() gives, for the comparison (not sent).
	name   string
	probes [][]json.RawMessage // probes[i][m]: the view after move m at states[Probed[i]], nil where the domain cannot make it
}

// viewMovesAnswer is the harness's answer for a case.
type viewMovesAnswer struct {
	Error  string              `json:"error"`
	Walk   []json.RawMessage   `json:"walk"`
	Probes [][]json.RawMessage `json:"probes"`
	Bad    []json.RawMessage   `json:"bad"`
	Odd    []json.RawMessage   `json:"odd"`
	App    struct {
		View  json.RawMessage `json:"view"`
		Error string          `json:"error"`
	} `json:"app"`
	AppBad struct {
		View  json.RawMessage `json:"view"`
		Error string          `json:"error"`
	} `json:"appBad"`
}

// TestViewMoves checks each renderer's move(view, m, info) in
// web/static/render against the Go domains: along seeded random walks of
// allowed moves (chosen with Expand, as the viewer checks them), the view the
// JavaScript makes from the previous one must equal View()'s after every
// move; at every state of the walk, every move index must give View()'s
// view after it, or null where the domain offers no such move (a tile
// against the edge, a stick the rule keeps); bad indices and bad views give
// null; and the page's viewAfter (renderers.js) follows the whole walk.
// It runs the renderer files and renderers.js under node
// (testdata/viewmoves_harness.mjs).
func TestViewMoves(t *testing.T) {
	node := testrun.Node(t)
	// The 15-puzzle's default heuristic reads pdb555's tables: they are
	// built into a temporary cache.
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	specs := []struct {
		puzzle, goal string
		states       []string // fixed starts, besides the scrambles
		scrambles    int
		// squares only: walks from random sets of present and kept
		// sticks, which reach dead ends (an intact square whose sticks
		// are all kept) that walks from a start seldom do.
		snapshots int
	}{
		{"8puzzle", "blank-last", nil, 2, 0},
		{"8puzzle", "blank-first", []string{"8 6 7 2 5 4 3 0 1"}, 1, 0},
		{"15puzzle", "blank-last", nil, 2, 0},
		{"15puzzle", "blank-first", []string{"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"}, 1, 0},
		{"24puzzle", "blank-last", nil, 2, 0},
		{"24puzzle", "blank-first", nil, 2, 0},
		{"rubik", "", []string{"random:7", "www/www/www/ooogggrrrbbb/ooogggrrrbbb/ooogggrrrbbb/yyy/yyy/yyy"}, 2, 0},
		{"magiccube", "", []string{"AAA/AAA/AAA/BBBCCCDDDEEE/BBBCCCDDDEEE/BBBCCCDDDEEE/FFF/FFF/FFF"}, 2, 0},
		{"rotation", "any", []string{"11/11/3232313/22/3122231/21/33"}, 2, 0},
		{"rotation", "2", nil, 1, 0},
		{"booksort", "", []string{"13 14 7 8 1 2 9 10 3 4 15 11 12 5 6", "1"}, 2, 0},
		{"squares", "", []string{"5", "3: 12 17 23", "1"}, 2, 24},
		{"grid", "", []string{"S..#/.#../...G", "8-connected\nS.........\n...##.....\n..#......G"}, 2, 0},
	}
	var cases []*viewMovesCase
	covered := map[string]bool{}
	for si, s := range specs {
		p, err := puzzles.Lookup(s.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		covered[s.puzzle] = true
		states := append([]string(nil), s.states...)
		rng := rand.New(rand.NewPCG(uint64(si), 10))
		for range s.scrambles {
			states = append(states, p.Scramble(rng, 30, s.goal).String())
		}
		// Two walks from each state in the sweep, one in a quick run.
		walks := 1
		if sweeps() {
			walks = 2
		}
		for k, state := range states {
			for w := range walks {
				c, err := viewMovesWalk(s.puzzle, state, s.goal, 40, rand.New(rand.NewPCG(uint64(si), uint64(100*k+w))), nil)
				if err != nil {
					t.Fatalf("%s %q: %v", s.puzzle, state, err)
				}
				cases = append(cases, c)
			}
		}
		for k := range s.snapshots {
			rng := rand.New(rand.NewPCG(uint64(si), uint64(10000+k)))
			c, err := viewMovesWalk(s.puzzle, "5", s.goal, 40, rng, func(d engine.Domain) {
				randomSticks(d.(engine.Snapshotter), rng)
			})
			if err != nil {
				t.Fatalf("%s from random sticks: %v", s.puzzle, err)
			}
			c.name += fmt.Sprintf(" from random sticks %d", k)
			cases = append(cases, c)
		}
	}
	for _, p := range puzzles.All() {
		if p.Renderer != "" && !covered[p.Name] && !strings.HasPrefix(p.Name, "web-test") {
			t.Errorf("puzzle %s (renderer %s) has no walks here: add it to the specs", p.Name, p.Renderer)
		}
	}

	checkViewMoves(t, cases, runViewMovesHarness(t, node, cases))
}

// TestViewMovesProblems is TestViewMoves for the renderers of problems
// written in Starlark that can make moves: the graph's (Romania, whose
// moves are labels, found among the edges from the current node).
func TestViewMovesProblems(t *testing.T) {
	t.Parallel()
	node := testrun.Node(t)
	src, err := fs.ReadFile(examples.Scripts, "romania/romania.star")
	if err != nil {
		t.Fatal(err)
	}
	var cases []*viewMovesCase
	for _, state := range []string{"", "Bucharest", `"Rimnicu Vilcea"`} {
		req, err := puzzles.NewProblemRequest("romania.star", src, state, "zero", script.Budget{})
		if err != nil {
			t.Fatal(err)
		}
		for w := range 3 {
			c, err := walkRequest(req, "", 12, rand.New(rand.NewPCG(7, uint64(w))), nil)
			if err != nil {
				t.Fatal(err)
			}
			c.name = fmt.Sprintf("romania from %q, walk %d", state, w)
			cases = append(cases, c)
		}
	}
	checkViewMoves(t, cases, runViewMovesHarness(t, node, cases))
}

// TestViewMovesDual is TestViewMoves for the 15-puzzle searched from both
// ends (pdb78ds): moves 4-7 are the goal's end's, made on the view's
// target board. It reads the 7-8 tables and their dual's three from
// IDAVIZ_CACHE_DIR, so it runs where they are built (IDAVIZ_TEST_DUAL=1;
// .ci/run, after Korf's 100).
func TestViewMovesDual(t *testing.T) {
	t.Parallel()
	if os.Getenv("IDAVIZ_TEST_DUAL") == "" {
		t.Skip("set IDAVIZ_TEST_DUAL=1 with the 7-8 tables in IDAVIZ_CACHE_DIR")
	}
	node := testrun.Node(t)
	var cases []*viewMovesCase
	p, err := puzzles.Lookup("15puzzle")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(78, 78))
	var ends [2]int // the walks' moves at the start's end and at the goal's
	for k, state := range []string{"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", p.Scramble(rng, 60, "blank-first").String(), p.Scramble(rng, 60, "blank-first").String()} {
		req, err := puzzles.NewRequest("15puzzle", state, "", "blank-first")
		if err != nil {
			t.Fatal(err)
		}
		for w := range 2 {
			c, err := walkRequest(req, "pdb78ds", 40, rand.New(rand.NewPCG(78, uint64(10*k+w))), nil)
			if err != nil {
				t.Fatal(err)
			}
			c.name = fmt.Sprintf("15puzzle %q with pdb78ds, walk %d", state, w)
			for _, m := range c.Moves {
				ends[m/4]++
			}
			// The walk only: a node grows one end, chosen by its lookups,
			// which the renderer cannot know, so at a state it makes the
			// other end's moves too, where the domain offers none.
			c.Probed, c.probes = []int{}, nil
			cases = append(cases, c)
		}
	}
	if ends[0] == 0 || ends[1] == 0 {
		t.Errorf("the walks make %d moves at the start's end and %d at the goal's: not both", ends[0], ends[1])
	}
	checkViewMoves(t, cases, runViewMovesHarness(t, node, cases))
}

// checkViewMoves compares the harness's answers with Go's views.
func checkViewMoves(t *testing.T, cases []*viewMovesCase, answers []viewMovesAnswer) {
	t.Helper()
	for i, c := range cases {
		a := answers[i]
		if a.Error != "" {
			t.Errorf("%s: %s", c.name, a.Error)
			continue
		}
		for k, got := range a.Walk {
			if !sameJSON(got, c.States[k+1]) {
				t.Errorf("%s: after move %d (%s), the JavaScript's view\n  %s\nwant (Go's View())\n  %s",
					c.name, k+1, c.Info.MoveNames[c.Moves[k]], got, c.States[k+1])
				break
			}
		}
		if len(a.Walk) != len(c.Moves) {
			t.Errorf("%s: the walk stopped after %d of %d moves", c.name, len(a.Walk), len(c.Moves))
		}
		if len(a.Probes) != len(c.probes) {
			t.Errorf("%s: the harness tried the moves at %d states, want %d", c.name, len(a.Probes), len(c.probes))
		}
		for k, row := range a.Probes {
			if len(row) != c.NumMoves {
				t.Errorf("%s: the harness tried %d moves at state %d, want %d", c.name, len(row), c.Probed[k], c.NumMoves)
			}
			for m, got := range row {
				if want := c.probes[k][m]; !sameJSON(got, want) {
					t.Errorf("%s: at state %d, move %d (%s) gives\n  %s\nwant\n  %s", c.name, c.Probed[k], m, c.Info.MoveNames[m], got, orNull(want))
				}
			}
		}
		for k, got := range a.Bad {
			if string(got) != "null" {
				t.Errorf("%s: bad move or view %d gives %s, want null", c.name, k, got)
			}
		}
		for k, got := range a.Odd {
			var v any
			if err := json.Unmarshal(got, &v); err != nil || !(v == nil || isView(v)) {
				t.Errorf("%s: a view with an odd field (%d) gives %.300s, want null or a view", c.name, k, got)
				break
			}
		}
		if len(c.Moves) > 0 && (a.App.Error != "" || !sameJSON(a.App.View, c.States[len(c.States)-1])) {
			t.Errorf("%s: viewAfter along the walk gives %s %s, want %s", c.name, a.App.View, a.App.Error, c.States[len(c.States)-1])
		}
		if a.AppBad.Error == "" || a.AppBad.View != nil {
			t.Errorf("%s: viewAfter with a bad move gives %s, want an error", c.name, a.AppBad.View)
		}
	}
	t.Logf("%d walks, %d moves", len(cases), func() (n int) {
		for _, c := range cases {
			n += len(c.Moves)
		}
		return n
	}())
}

// TestViewMovesBrowser checks viewAfter in the real page
// (window.viz.page.viewAfter), where the renderer modules load on demand: along a walk
// of each renderer, the view it makes from the start must be View()'s at the
// end.
func TestViewMovesBrowser(t *testing.T) {
	t.Parallel()
	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	rng := rand.New(rand.NewPCG(1, 2))
	var cases []*viewMovesCase
	for _, s := range []struct{ puzzle, state, goal string }{
		{"15puzzle", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "blank-first"},
		{"magiccube", "www/www/bbb/rrwgggybbooo/rrwgggybbooo/rrwgggybbooo/rrr/yyy/yyy", ""},
		{"rubik", "R U R' U'", ""},
		{"rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ""},
		{"booksort", "1 3 4 6 2 5", ""},
		{"squares", "4", ""},
	} {
		c, err := viewMovesWalk(s.puzzle, s.state, s.goal, 12, rng, nil)
		if err != nil {
			t.Fatalf("%s %q: %v", s.puzzle, s.state, err)
		}
		cases = append(cases, c)
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	b.do("loading the page", chromedp.Navigate(pageURL))
	b.wait("the renderers", `typeof window.viz.page === 'object' &&
		['tiles', 'magiccube', 'rotation', 'booksort', 'squares'].every((r) => !window.viz.page.viewAfter(r, null, [], {}).error)`)
	out, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`JSON.stringify(`+string(in)+
		`.map((c) => window.viz.page.viewAfter(c.renderer, c.start, c.moves, c.info)))`))
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		View  json.RawMessage `json:"view"`
		Error string          `json:"error"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != len(cases) {
		t.Fatalf("the page's answer %.200s: %v", out, err)
	}
	for i, c := range cases {
		if want := c.States[len(c.States)-1]; got[i].Error != "" || !sameJSON(got[i].View, want) {
			t.Errorf("%s: viewAfter along %d moves gives %s %s, want %s", c.name, len(c.Moves), got[i].View, got[i].Error, want)
		}
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Fatalf("the page threw: %v", exceptions)
	}
}

// viewMovesWalk makes a random walk of up to steps allowed moves from a
// puzzle's state (changed by setup when not nil), with Go's views along it
// and after every move index at every state of it.
func viewMovesWalk(puzzle, state, goal string, steps int, rng *rand.Rand, setup func(engine.Domain)) (*viewMovesCase, error) {
	req, err := puzzles.NewRequest(puzzle, state, "", goal)
	if err != nil {
		return nil, err
	}
	c, err := walkRequest(req, "", steps, rng, setup)
	if err != nil {
		return nil, err
	}
	c.name = fmt.Sprintf("%s %q goal %q", puzzle, state, goal)
	return c, nil
}

// walkRequest is viewMovesWalk from a request's start, searched with
// heuristic (or "": the puzzle's last).
func walkRequest(req *puzzles.Request, heuristic string, steps int, rng *rand.Rand, setup func(engine.Domain)) (*viewMovesCase, error) {
	p, puzzle := req.Puzzle, req.Puzzle.Name
	if heuristic == "" {
		heuristic = p.Heuristics[len(p.Heuristics)-1]
		if p.Large(heuristic) {
			heuristic = p.Heuristics[0]
		}
	}
	d, err := puzzles.NewDomain(context.Background(), req.Instance, heuristic, nil)
	if err != nil {
		return nil, err
	}
	viewer, ok := d.(puzzles.Viewer)
	if !ok {
		return nil, fmt.Errorf("%s: no puzzles.Viewer", puzzle)
	}
	if setup != nil {
		setup(d)
	}
	info := req.Info
	info.MoveNames = engine.MoveNames(d)
	c := &viewMovesCase{
		Renderer: p.Renderer,
		Info:     info,
		NumMoves: d.NumMoves(),
		Moves:    []int{}, // a state with no moves still sends a list
		Probed:   []int{},
	}
	// Every move index at every state, but on the wide booksort only at
	// every tenth: its hundreds of moves would dominate the test's time.
	every := 1
	if d.NumMoves() > 50 {
		every = 10
	}
	view := func() (json.RawMessage, error) { return json.Marshal(viewer.View()) }
	buf := make([]engine.Child, d.MaxBranch())
	// probe is every move index from the current state: the moves Expand
	// offers with no previous move are the ones the domain can make here.
	probe := func() ([]json.RawMessage, error) {
		row := make([]json.RawMessage, d.NumMoves())
		n := d.Expand(engine.NoMove, buf)
		for _, ch := range append([]engine.Child(nil), buf[:n]...) {
			m := int(ch.Move)
			d.Apply(m)
			v, err := view()
			d.Undo(m)
			if err != nil {
				return nil, err
			}
			row[m] = v
		}
		return row, nil
	}
	prev := engine.NoMove
	for k := 0; ; k++ {
		v, err := view()
		if err != nil {
			return nil, err
		}
		c.States = append(c.States, v)
		if k%every == 0 {
			row, err := probe()
			if err != nil {
				return nil, err
			}
			c.Probed = append(c.Probed, k)
			c.probes = append(c.probes, row)
		}
		n := d.Expand(prev, buf)
		if k == steps || n == 0 {
			break
		}
		m := int(buf[rng.IntN(n)].Move)
		d.Apply(m)
		c.Moves = append(c.Moves, m)
		prev = m
	}
	c.Start = c.States[0]
	return c, nil
}

// randomSticks makes a square-destroyer domain's state a random one: most
// sticks present, and each present stick kept by the move rule with
// probability 1/2 (its encoding is the present then the kept sticks, 8
// bytes each: squares.Domain.AppendState).
func randomSticks(d engine.Snapshotter, rng *rand.Rand) {
	b := d.AppendState(nil)
	present := binary.LittleEndian.Uint64(b) &^ (rng.Uint64() & rng.Uint64() & rng.Uint64())
	kept := present & rng.Uint64()
	d.SetState(binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, present), kept))
}

// runViewMovesHarness runs the harness over the cases and reads its answers.
func runViewMovesHarness(t *testing.T, node string, cases []*viewMovesCase) []viewMovesAnswer {
	t.Helper()
	render, err := filepath.Abs(filepath.Join("static", "render"))
	if err != nil {
		t.Fatal(err)
	}
	renderers, err := filepath.Abs(filepath.Join("static", "renderers.js"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := json.Marshal(map[string]any{"render": render, "renderers": renderers, "cases": cases})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), browserDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "viewmoves_harness.mjs"))
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node harness: %v\n%s", err, stderr.Bytes())
	}
	var answers []viewMovesAnswer
	if err := json.Unmarshal(out, &answers); err != nil {
		t.Fatalf("the harness's answer: %v", err)
	}
	if len(answers) != len(cases) {
		t.Fatalf("the harness answered %d cases of %d", len(answers), len(cases))
	}
	return answers
}

// isView reports whether a harness's answer is a view: an object that is
// not the harness's report of a throw.
func isView(v any) bool {
	o, ok := v.(map[string]any)
	_, thrown := o["thrown"]
	return ok && !thrown
}

// sameJSON compares two JSON texts as values (nil is null).
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(orNull(a), &x) != nil || json.Unmarshal(orNull(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func orNull(b json.RawMessage) json.RawMessage {
	if b == nil {
		return json.RawMessage("null")
	}
	return b
}
