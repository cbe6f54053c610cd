package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	stdgif "image/gif"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web"
)

// siteCounts is what window.viz says of a run, and viz solve --json.
type siteCounts struct {
	Status         string `json:"status"`
	Mode           string `json:"mode"`
	Expanded       int64  `json:"expanded"`
	Generated      int64  `json:"generated"`
	Pruned         int64  `json:"pruned"`
	SolutionLength int    `json:"solutionLength"`
	Event          int64  `json:"event"`
	Iterations     []struct {
		Bound     int   `json:"bound"`
		Expanded  int64 `json:"expanded"`
		Generated int64 `json:"generated"`
	} `json:"iterations"`
}

// siteFolder is where writeSite serves the site: a folder of a web space,
// as a university's, not the host's root.
const siteFolder = "/course/site/"

// written is the one site the tests write: viz site compiles the engine to
// WebAssembly, the longest thing they do, so the first test that needs a
// site writes it and every other reads it (a test may add a file of its
// own to it, never change one); TestMain
// removes it.
var written struct {
	once sync.Once
	dir  string
	err  error
}

// removeSite removes the site the tests wrote, if any.
func removeSite() {
	if written.dir != "" {
		os.RemoveAll(filepath.Dir(written.dir))
	}
}

// writeSite writes viz site's folder (compiling the engine) and serves it
// with a plain static file server, Go's http.FileServer, from siteFolder:
// no viz server runs. It returns the folder and the site's address. A
// request outside the folder (an address from the host's root, which
// would reach another site of the web space) fails the test.
func writeSite(t testing.TB) (dir, url string) {
	t.Helper()
	written.once.Do(func() {
		d, err := os.MkdirTemp("", "viz-test-site-")
		if err != nil {
			written.err = err
			return
		}
		written.dir = filepath.Join(d, "site")
		if status, out, errs := runViz(t, "", "site", written.dir); status != exitOK {
			written.err = fmt.Errorf("viz site: status %d\n%s%s", status, out, errs)
		}
	})
	if written.err != nil {
		t.Fatal(written.err)
	}
	dir = written.dir
	mux := http.NewServeMux()
	mux.Handle(siteFolder, http.StripPrefix(strings.TrimSuffix(siteFolder, "/"), http.FileServer(http.Dir(dir))))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the site asked for %s, outside its folder %s", r.URL, siteFolder)
		http.NotFound(w, r)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return dir, srv.URL + siteFolder
}

// solvedCounts is viz solve --json's answer.
func solvedCounts(t *testing.T, args ...string) siteCounts {
	t.Helper()
	status, out, errs := runViz(t, "", append([]string{"solve", "--json"}, args...)...)
	if status != exitOK {
		t.Fatalf("viz solve: status %d, %s", status, errs)
	}
	var got struct {
		Length     int   `json:"length"`
		Expanded   int64 `json:"expanded"`
		Generated  int64 `json:"generated"`
		Pruned     int64 `json:"pruned"`
		Iterations []struct {
			Bound     int   `json:"bound"`
			Expanded  int64 `json:"expanded"`
			Generated int64 `json:"generated"`
		} `json:"iterations"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("viz solve --json: %v\n%s", err, out)
	}
	c := siteCounts{Expanded: got.Expanded, Generated: got.Generated, Pruned: got.Pruned, SolutionLength: got.Length}
	for _, it := range got.Iterations {
		c.Iterations = append(c.Iterations, struct {
			Bound     int   `json:"bound"`
			Expanded  int64 `json:"expanded"`
			Generated int64 `json:"generated"`
		}{it.Bound, it.Expanded, it.Generated})
	}
	return c
}

// TestSiteInBrowser is viz site's done-when: its folder served by a plain
// static file server, with no viz process, in headless chromium. The
// 8-puzzle runs to the end with viz solve --json's counts; the page steps,
// goes back and opens the iteration menu; a second run is compared with it;
// quiz and presentation modes go on and off; the run is downloaded and
// exported (and the export opens); the heuristics a browser cannot build
// are listed as needing viz serve; a 15-puzzle instance runs with
// Manhattan; a pattern database builds in the page with its progress shown
// (a build cancelled, then one to its end, which a second visit reads
// back rather than build again); the page asks nothing of any
// server but the static one (and the export, of nothing but its file).
func TestSiteInBrowser(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles the engine to WebAssembly and builds a pattern database in the browser")
	}
	browsertest.Chromium(t)
	_, url := writeSite(t)
	b := browsertest.Open(t, 10*time.Minute)
	// The helpers report through b.T: the step under way (b.Step).
	evalJS := func(what, script string) {
		b.T.Helper()
		b.Do(what, chromedp.Evaluate[chromedp.Void](script))
	}
	click := func(id string) {
		b.T.Helper()
		b.Do("clicking "+id, chromedp.Click(chromedp.CSS(`[data-testid="`+id+`"]`)))
	}
	viz := func() siteCounts {
		b.T.Helper()
		v, err := chromedp.Run(b.Ctx, chromedp.Evaluate[siteCounts](`window.viz`))
		if err != nil {
			b.T.Fatalf("reading window.viz: %v", err)
		}
		return v
	}
	choose := func(puzzle, heuristic, state string, fast bool) {
		b.T.Helper()
		evalJS("choosing "+puzzle+" "+heuristic, fmt.Sprintf(`(() => {
			const q = (id) => document.querySelector('[data-testid=' + id + ']');
			q('puzzle').value = %q; q('puzzle').dispatchEvent(new Event('change'));
			q('heuristic').value = %q;
			if (q('goal').options.length > 1) q('goal').value = 'blank-last';
			q('state').value = %q; q('state').dispatchEvent(new Event('input'));
			q('fast').checked = %t;
		})()`, puzzle, heuristic, state, fast))
	}
	// atSite loads the site again if a failed step left the page elsewhere.
	atSite := func() {
		b.T.Helper()
		if v := viz(); v.Mode == "site" {
			return
		}
		b.Do("back to the site", chromedp.Navigate(url))
		b.Wait("the engine again", `document.querySelector('[data-testid=connection]').textContent === 'engine in this page'`)
	}

	b.Do("opening the site", chromedp.Navigate(url))
	b.Wait("the page, its puzzles and its engine", `window.viz.mode === 'site' &&
		document.querySelector('[data-testid=puzzle]').options.length > 0 &&
		document.querySelector('[data-testid=connection]').textContent === 'engine in this page'`)

	b.Step(t, "the Problem tab offers viz serve's examples and puzzles, and an 8-puzzle h(state) runs", func(t *testing.T) {
		atSite()
		body, err := web.Examples()
		if err != nil {
			t.Fatal(err)
		}
		var examples []struct{ Name, Puzzle, Source string }
		if err := json.Unmarshal(body, &examples); err != nil {
			t.Fatal(err)
		}
		var want, wantPuzzles []string
		manhattan := ""
		for _, e := range examples {
			want = append(want, e.Name)
			if e.Name == "8puzzle" {
				manhattan = e.Source
			}
		}
		body, err = web.Catalogue(true)
		if err != nil {
			t.Fatal(err)
		}
		var catalogue []struct {
			Name   string
			Script bool
		}
		if err := json.Unmarshal(body, &catalogue); err != nil {
			t.Fatal(err)
		}
		for _, p := range catalogue {
			if p.Script {
				wantPuzzles = append(wantPuzzles, p.Name)
			}
		}
		b.Do("the Problem tab", chromedp.Click(chromedp.CSS(`#tab-problem`)))
		b.Wait("its menus", `document.querySelector('[data-testid=problem-example]').options.length > 1 &&
			document.querySelector('[data-testid=problem-puzzle]').options.length > 1`)
		type lists struct {
			Examples []string `json:"examples"`
			Puzzles  []string `json:"puzzles"`
		}
		menus, err := chromedp.Run(b.Ctx, chromedp.Evaluate[lists](`(() => {
			const vals = (id) => Array.from(document.querySelector('[data-testid=' + id + ']').options).map((o) => o.value).filter(Boolean);
			return { examples: vals('problem-example'), puzzles: vals('problem-puzzle') };
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(menus.Examples, want) {
			t.Errorf("the site's examples %v, viz serve's %v", menus.Examples, want)
		}
		if len(menus.Puzzles) == 0 || !slices.Equal(menus.Puzzles, wantPuzzles) {
			t.Errorf("the Searches menu lists %v, viz serve's %v", menus.Puzzles, wantPuzzles)
		}
		// The 8-puzzle's Manhattan distance as a script: it loads, with no
		// error, and runs to the goal.
		evalJS("the 8-puzzle's h(state)", `(() => { const s = document.querySelector('[data-testid=problem-example]');
			s.value = '8puzzle'; s.dispatchEvent(new Event('change')); })()`)
		b.Wait("it loads for the 8-puzzle", `document.querySelector('[data-testid=problem-puzzle]').value === '8puzzle' &&
			document.querySelector('[data-testid=problem-heuristic]').options.length > 0`)
		click("problem-run")
		b.Wait("a paused run", `window.viz.status === 'paused'`)
		click("to-end")
		b.WaitFor("solved", `window.viz.status === 'solved' && document.querySelector('[data-testid=problem-error]').textContent === ''`, browsertest.WaitLimit)
		// The same script pasted as a problem says what it is.
		evalJS("a problem", `(() => { const s = document.querySelector('[data-testid=problem-puzzle]');
			s.value = ''; s.dispatchEvent(new Event('change')); })()`)
		evalJS("the script pasted", fmt.Sprintf(`(() => { const s = document.querySelector('[data-testid=problem-source]');
			s.value = %q; s.dispatchEvent(new Event('input')); })()`, manhattan))
		b.Wait("the error says it is a heuristic", `document.querySelector('[data-testid=problem-error]').textContent.includes('a heuristic for a puzzle')`)
		b.Do("the Puzzle tab", chromedp.Click(chromedp.CSS(`#tab-puzzle`)))
	})

	const eight = "8 1 2 4 3 6 0 7 5" // 18 moves in five iterations
	eightSolved := b.Step(t, "the 8-puzzle steps, goes back, opens an iteration and ends with viz solve's counts", func(t *testing.T) {
		choose("8puzzle", "manhattan", eight, false)
		click("start")
		b.Wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		for i := 0; i < 4; i++ {
			click("step")
			b.Wait("the step", fmt.Sprintf(`window.viz.events === %d`, 2+i))
		}
		click("back")
		b.Wait("one back", `window.viz.event === 3 && window.viz.status === 'paused'`)
		click("to-bound")
		b.Wait("the first bound's end", `window.viz.status === 'paused' && window.viz.iterations.length >= 1`)
		click("to-bound")
		b.Wait("the second bound's end", `window.viz.status === 'paused' && window.viz.iterations.length >= 2`)
		evalJS("the iteration menu", `(() => { const s = document.querySelector('[data-testid=tree-iteration]');
			s.value = '1'; s.dispatchEvent(new Event('change')); })()`)
		b.Wait("the first iteration's tree", `window.viz.treeIteration === 1 && window.viz.drawnTreeNodes > 0`)
		click("to-end")
		b.WaitFor("the end", `window.viz.status === 'solved'`, browsertest.WaitLimit)
		got, want := viz(), solvedCounts(t, "--puzzle", "8puzzle", "--heuristic", "manhattan", eight)
		if got.Expanded != want.Expanded || got.Generated != want.Generated || got.Pruned != want.Pruned ||
			got.SolutionLength != want.SolutionLength || len(got.Iterations) != len(want.Iterations) {
			t.Errorf("the site's 8-puzzle: %+v\nviz solve --json: %+v", got, want)
		}
	})

	// A second run kept beside the first, compared, and quiz and
	// presentation modes (the page's own) on and off.
	var got siteCounts
	again := b.Step(t, "a second run is compared, quiz and presentation go on and off, and the first runs again", func(t *testing.T) {
		browsertest.Needs(t, eightSolved, "the 8-puzzle's run")
		choose("8puzzle", "misplaced", eight, true)
		evalJS("keep runs", `document.querySelector('[data-testid=keep-runs]').checked = true`)
		click("start")
		b.WaitFor("two runs compared", `window.viz.runs.length === 2 && window.viz.runs.every((r) => r.status === 'solved') &&
			document.querySelectorAll('[data-testid=compare-table] tr[data-run]').length === 2`, browsertest.WaitLimit)
		evalJS("the first run again", `document.querySelector('[data-testid=keep-runs]').checked = false`)
		click("quiz")
		click("present")
		b.Wait("quiz and presentation", `window.viz.quiz.on && window.viz.presentation`)
		click("quiz")
		b.Do("presentation off", chromedp.KeyEvent("p"))
		b.Wait("quiz and presentation off", `!window.viz.quiz.on && !window.viz.presentation`)
		choose("8puzzle", "manhattan", eight, false)
		click("start")
		b.Wait("the first run again", `window.viz.runs.length === 1 && window.viz.status === 'paused'`)
		click("to-end")
		b.WaitFor("its end", `window.viz.status === 'solved'`, browsertest.WaitLimit)
		got = viz()
	})

	// The run downloaded and exported: the engine in the page runs it
	// again and hands the files over; the export opens on its own.
	exported := filepath.Join(t.TempDir(), "run.html")
	b.Step(t, "the run is downloaded and exported, and the export opens", func(t *testing.T) {
		browsertest.Needs(t, again, "the solved run")
		dl := b.AllowDownloads()
		tr := b.Download("Download run", dl, chromedp.Click(chromedp.CSS(`[data-testid="download-trace"]`)))
		rd, err := trace.NewReader(bytes.NewReader(tr))
		if err != nil {
			t.Fatalf("the run downloaded: %v", err)
		}
		var e trace.Event
		events := 0
		for ; rd.Read(&e) == nil; events++ {
		}
		if events != int(got.Event)+1 || e.Kind != trace.KindRunEnd {
			t.Errorf("the run downloaded holds %d events ending with %s, the page showed %d", events, e.Kind, got.Event+1)
		}
		// Save GIF: the worker draws the iteration on screen, a frame an
		// expansion, as viz serve does (iteration 1's few: the last's
		// hundreds take the worker seconds, and its busy line says so).
		b.Do("iteration 1's tree", chromedp.Evaluate[chromedp.Void](`window.viz.page.send({ type: 'tree', iteration: 1 })`))
		b.Wait("iteration 1 on screen", `window.viz.treeIteration === 1`)
		g := b.Download("Save GIF", dl, chromedp.Click(chromedp.CSS(`[data-testid="save-gif"]`)))
		if frames, err := stdgif.DecodeAll(bytes.NewReader(g)); err != nil || !bytes.HasPrefix(g, []byte("GIF89a")) || len(frames.Image) == 0 {
			t.Errorf("Save GIF saved %.20q: %v", g, err)
		}
		b.Wait("the busy line gone", `document.getElementById('busy').hidden`)
		page := b.Download("Export HTML", dl, chromedp.Click(chromedp.CSS(`[data-testid="export-html"]`)))
		if err := os.WriteFile(exported, page, 0o644); err != nil {
			t.Fatal(err)
		}
		b.Do("opening the export", chromedp.Navigate("file://"+exported))
		b.Wait("the export's last event", `window.viz.mode === 'replay' && window.viz.event === 0 && window.viz.events === `+fmt.Sprint(events))
	})

	b.Step(t, "the heuristics a browser cannot build are listed as needing viz serve", func(t *testing.T) {
		atSite()
		evalJS("the 15-puzzle", `(() => { const p = document.querySelector('[data-testid=puzzle]');
			p.value = '15puzzle'; p.dispatchEvent(new Event('change')); })()`)
		listed, err := chromedp.Run(b.Ctx, chromedp.Evaluate[[]string](`[...document.querySelector('[data-testid=heuristic]').options].filter((o) => o.disabled).map((o) => o.value + ': ' + o.textContent)`))
		var names []string
		for _, l := range listed {
			name, text, _ := strings.Cut(l, ": ")
			names = append(names, name)
			if !strings.Contains(text, "needs viz serve") {
				t.Errorf("%s is listed as %q", name, text)
			}
		}
		slices.Sort(names)
		fifteenPuzzle, lookupErr := puzzles.Lookup("15puzzle")
		if lookupErr != nil {
			t.Fatal(lookupErr)
		}
		if want := slices.Sorted(slices.Values(fifteenPuzzle.Databases.Large)); err != nil || !slices.Equal(names, want) {
			t.Errorf("the 15-puzzle's heuristics listed as needing viz serve: %q (%v), want %q", listed, err, want)
		}
	})

	// A 15-puzzle instance with Manhattan, a fast run: the first of this
	// visit, as the steps after it count.
	const fifteen = "1 9 12 2 5 4 8 3 13 10 6 15 14 0 11 7" // 34 moves, 16,847 nodes
	fifteenSolved := b.Step(t, "a 15-puzzle run with Manhattan has viz solve's counts", func(t *testing.T) {
		if fresh, err := chromedp.Run(b.Ctx, chromedp.Evaluate[bool](`window.viz.mode === 'site' && window.viz.runs.length === 0`)); err != nil || !fresh {
			b.Do("a fresh visit", chromedp.Navigate(url))
			b.Wait("the engine again", `document.querySelector('[data-testid=connection]').textContent === 'engine in this page'`)
		}
		choose("15puzzle", "manhattan", fifteen, true)
		click("start")
		b.WaitFor("the 15-puzzle solved", `window.viz.runs.at(-1)?.id === 1 && window.viz.status === 'solved'`, browsertest.WaitLimit)
		got, want := viz(), solvedCounts(t, "--puzzle", "15puzzle", "--heuristic", "manhattan", fifteen)
		if got.Generated != want.Generated || got.SolutionLength != want.SolutionLength {
			t.Errorf("the site's 15-puzzle: %+v\nviz solve --json: %+v", got, want)
		}
	})

	// A pattern database built in the page: its progress, a cancel, then
	// pdb555 to its end.
	var want siteCounts
	built := b.Step(t, "a pattern database builds in the page with its progress, is cancelled, then builds to its end", func(t *testing.T) {
		browsertest.Needs(t, fifteenSolved, "the 15-puzzle's run")
		choose("15puzzle", "pdb663", fifteen, true)
		click("start")
		b.WaitFor("pdb663's build under way", `window.viz.runs.at(-1)?.id === 2 && window.viz.status === 'building' &&
			/building pattern database .*\d%/.test(document.querySelector('[data-testid=last-event]').textContent)`, browsertest.WaitLimit)
		click("cancel")
		b.Wait("the build cancelled", `window.viz.status === 'cancelled'`)
		choose("15puzzle", "pdb555", fifteen, true)
		// Every progress line the page shows is kept: pdb555's build may be
		// over before a poll would see it.
		evalJS("watching the build's progress", `window.builds = [];
			new MutationObserver(() => {
				const t = document.querySelector('[data-testid=last-event]').textContent;
				if (window.viz.status === 'building' && /building pattern database .*\d%/.test(t)) window.builds.push(t);
			}).observe(document.querySelector('[data-testid=last-event]'), { childList: true, characterData: true, subtree: true })`)
		click("start")
		b.WaitFor("the search with pdb555 solved", `window.viz.runs.at(-1)?.id === 3 && window.viz.status === 'solved'`, browsertest.WaitLimit)
		builds, err := chromedp.Run(b.Ctx, chromedp.Evaluate[[]string](`window.builds`))
		if err != nil || len(builds) == 0 {
			t.Errorf("pdb555's build showed no progress in the page (%v)", err)
		}
		t.Logf("pdb555's build in the page: %d progress lines, the last %q", len(builds), builds[max(0, len(builds)-1):])
		var got siteCounts
		got, want = viz(), solvedCounts(t, "--puzzle", "15puzzle", "--heuristic", "pdb555", fifteen)
		if got.Generated != want.Generated || got.SolutionLength != want.SolutionLength {
			t.Errorf("the site's pdb555 run: %+v\nviz solve --json: %+v", got, want)
		}
	})

	// A second visit reads the tables the first built (the browser keeps
	// them): the search starts with no build.
	b.Step(t, "a second visit reads the tables the first built", func(t *testing.T) {
		browsertest.Needs(t, built, "pdb555's build")
		evalJS("counting the tables kept", `window.kept = 0; setInterval(() => {
			const r = indexedDB.open('idaviz-tables', 1);
			r.onupgradeneeded = () => r.result.createObjectStore('tables');
			r.onsuccess = () => { const c = r.result.transaction('tables').objectStore('tables').count(); c.onsuccess = () => { window.kept = c.result; r.result.close(); }; };
		}, 100)`)
		b.Wait("pdb555's three tables kept", `window.kept === 3`)
		b.Do("a second visit", chromedp.Navigate(url))
		b.Wait("the engine again", `document.querySelector('[data-testid=connection]').textContent === 'engine in this page'`)
		choose("15puzzle", "pdb555", fifteen, true)
		evalJS("watching for a build", `window.builds = [];
			new MutationObserver(() => {
				if (/building pattern database/.test(document.querySelector('[data-testid=last-event]').textContent)) window.builds.push(1);
			}).observe(document.querySelector('[data-testid=last-event]'), { childList: true, characterData: true, subtree: true })`)
		click("start")
		b.WaitFor("pdb555's search on the second visit", `window.viz.runs.at(-1)?.id === 1 && window.viz.status === 'solved'`, browsertest.WaitLimit)
		if again, err := chromedp.Run(b.Ctx, chromedp.Evaluate[int](`window.builds.length`)); err != nil || again != 0 {
			t.Errorf("the second visit built pdb555 again (%d progress lines, %v)", again, err)
		}
		if g := viz().Generated; g != want.Generated {
			t.Errorf("the second visit's pdb555 run generated %d nodes, viz solve --json %d", g, want.Generated)
		}
	})

	requests, exceptions := b.Seen()
	for _, x := range exceptions {
		t.Errorf("the site threw: %s", x)
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, url) && !strings.HasPrefix(r, "data:") && !strings.HasPrefix(r, "blob:") && r != "file://"+exported {
			t.Errorf("the site asked for %s, which is not its static server's", r)
		}
	}
}
