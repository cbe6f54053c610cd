package web

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// axeSource is axe-core's script, which npm ci installs in testdata/axe at
// the version its package-lock.json pins (.ci/run does). Without it the
// test is skipped, and fails under CI=true.
func axeSource(t *testing.T) string { return readAxe(t, t.Skip) }

// axeSourceIf is axeSource for a test that checks more than accessibility:
// without axe-core it says so and goes on ("" for the script), and fails
// under CI=true.
func axeSourceIf(t *testing.T) string { return readAxe(t, t.Log) }

// readAxe reads axe-core's script; without it, it fails under CI=true, or
// tells why (skip or log) and returns "".
func readAxe(t *testing.T, tell func(args ...any)) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "axe", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		msg := "no axe-core: run npm ci in web/testdata/axe to check the page's accessibility (" + err.Error() + ")"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		tell(msg)
		return ""
	}
	return string(b)
}

// axeJS runs axe-core on the page and lists its violations, a line each:
// the rule, the element, what to fix.
const axeJS = `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.flatMap((v) =>
	v.nodes.map((n) => v.id + ' (' + v.impact + '): ' + n.target.join(' ') + ': ' + (n.failureSummary || '').replace(/\s+/g, ' ').slice(0, 240))))`

// axe runs axe-core on the page as it stands and fails the test on any
// violation. (One run: a second to count the rules passed doubled the
// test's time for a log line.)
func (b *browser) axe(src, where string) {
	b.t.Helper()
	js[bool](b, "axe-core", src+";true")
	if bad := js[[]string](b, "axe on "+where, axeJS, chromedp.EvalAwaitPromise); len(bad) > 0 {
		shot(b.t, b.ctx, "axe-"+strings.ReplaceAll(where, " ", "-"))
		b.t.Errorf("axe-core on %s: %d violations:\n%s", where, len(bad), strings.Join(bad, "\n"))
	}
}

// TestBrowserAccessible: axe-core finds no violations (contrast included) on
// the live page stepped with a quiz question open, in presentation mode, in
// viz replay and in an exported replay; every control is reached with Tab,
// shows its focus, and works from the keyboard; each step's sentence goes
// to a polite live region.
func TestBrowserAccessible(t *testing.T) {
	t.Parallel()
	src := axeSource(t)
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), true`, testrun.Puzzle, testrun.State))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
	for i := 0; i < 6; i++ {
		b.do("s", chromedp.KeyEvent("s"))
		b.wait("the step", fmt.Sprintf(`window.viz.event === %d`, i+1))
	}
	// Each step's sentence, politely.
	if got := js[[]string](b, "the live region", `[q('announce').getAttribute('aria-live'), q('announce').textContent, q('last-event').textContent]`); got[0] != "polite" || got[1] == "" || "last event: "+got[1] != got[2] {
		t.Errorf("the live region: %q", got)
	}
	b.axe(src, "the live page")

	// Every control by Tab, each with a visible focus; Enter on Step steps.
	// Each focus is written down as it comes (its outline read then), so
	// that 80 presses are one round trip to chromium, not 160.
	js[bool](b, "tabbing", `(() => {
		document.activeElement.blur();
		window.tabbed = [];
		document.addEventListener('focusin', (ev) => {
			const e = /** @type {HTMLElement} */ (ev.target), s = getComputedStyle(e);
			window.tabbed.push([e.dataset.testid || e.id || e.className || e.tagName, s.outlineStyle + ' ' + s.outlineWidth]);
		});
		return true;
	})()`)
	tabs := make([]chromedp.Action[chromedp.Void], 80)
	for i := range tabs {
		tabs[i] = chromedp.KeyEvent(kb.Tab)
	}
	b.do("Tab, 80 times", tabs...)
	var seen []string
	for _, el := range js[[][]string](b, "the focus, each time", `window.tabbed`) {
		seen = append(seen, el[0])
		if !strings.HasPrefix(el[1], "solid") || el[1] == "solid 0px" {
			t.Errorf("the focus on %s is not visible: outline %s", el[0], el[1])
		}
	}
	got := strings.Join(seen, " ")
	for _, id := range []string{"present", "quiz", "puzzle", "start", "step", "expand", "to-bound", "to-end", "play", "back", "speed", "log-scale", "tree-zoom-in", "save-svg", "tree", "frame", "chart-save"} {
		if !strings.Contains(got, id) {
			t.Errorf("Tab never reaches %s: %s", id, got)
		}
	}
	before := b.viz().Event
	b.do("Step by Enter", chromedp.Focus(sel("step")), chromedp.KeyEvent(kb.Enter))
	b.wait("Enter steps", fmt.Sprintf(`window.viz.event === %d`, before+1))

	// A quiz question open, then presentation mode.
	b.do("quiz", chromedp.KeyEvent("q"))
	b.do("b", chromedp.KeyEvent("b"))
	b.wait("a question", `window.viz.quiz.question !== null`)
	b.axe(src, "the live page with a quiz question")
	b.do("present", chromedp.Click(sel("present")))
	b.wait("presentation", `window.viz.presentation`)
	b.axe(src, "presentation mode")
	b.do("the algorithm", chromedp.Click(sel("algo-toggle")))
	b.axe(src, "presentation mode with the pseudo-code")

	// viz replay, and the exported replay.
	replayURL, exportURL := replayPages(t, events)
	replays := []struct{ where, url string }{{"the exported replay", exportURL}}
	if sweeps() {
		// The served replay's page is the live page's, checked above.
		replays = append(replays, struct{ where, url string }{"viz replay", replayURL})
	}
	for _, c := range replays {
		b.do("loading "+c.where, chromedp.Navigate(c.url))
		b.wait(c.where, `window.viz.mode === 'replay' && window.viz.event === 0`)
		for i := 0; i < 30; i++ {
			b.do("s", chromedp.KeyEvent("s"))
		}
		b.wait("30 steps", `window.viz.event === 30`)
		b.axe(src, c.where)
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
