package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// bpmxShown is what the page shows of BPMX after a step: the start's node
// in the tree (its f and the lines under it), node 3's lines, the last
// event's sentence, the lit line of pseudo-code and the listing's name,
// and whether the legend and the tree's explanation say BPMX.
type bpmxShown struct {
	Event    int64    `json:"event"`
	RootF    string   `json:"rootF"`
	Root     []string `json:"root"`  // the start's lines under it
	Node3    []string `json:"node3"` // the blank-down child's
	Sentence string   `json:"sentence"`
	Lit      string   `json:"lit"`
	Listing  string   `json:"listing"`
	Legend   bool     `json:"legend"`
	Current  string   `json:"current"` // the tree's current node (its ring)
	State    string   `json:"state"`   // the state panel's numbers
}

const bpmxShownJS = `(() => {
	const node = (id) => q('tree').querySelector('.node[data-id="' + id + '"]');
	const under = (id) => node(id) ? Array.from(node(id).querySelectorAll('text')).slice(1).map((t) => t.textContent) : [];
	const lit = q('code').querySelector('[aria-current=step]');
	const cur = q('tree').querySelector('.node.current');
	const legend = document.querySelector('.legend .bpmx-only');
	return { event: viz.event, rootF: node(1) ? node(1).querySelector('text').textContent : '', root: under(1), node3: under(3),
		sentence: q('last-event').textContent, lit: lit ? lit.dataset.line : '', listing: q('code').getAttribute('aria-label'),
		legend: !!legend && getComputedStyle(legend).display !== 'none', current: cur ? cur.dataset.id : '',
		state: q('node-info').textContent };
})()`

// TestBrowserBPMX steps through a propagation by bidirectional pathmax, the
// GUIDE's example (the 15-puzzle's pdb555d, the largest of four lookups: h
// 6 at the start, 9 one move away, blank left), in the live page and in its
// exported replay: at the raise the start shows its own h and the raised
// one (h 6↑8) with f 8, it is the current node, the sentence says what
// raised it and that its children are cut, the BPMX pseudo-code lights its
// raise line; the blank-down child, cut by the value it inherits, shows it
// (h↓7) and the start counts it saved; the last child's sentence says what
// BPMX did in all. axe-core finds nothing on the page at the raise; screenshots
// at 1440x900 and 1280x720.
func TestBrowserBPMX(t *testing.T) {
	// The recording points the cache at a folder of its own (t.Setenv),
	// which a parallel test may not: it has a subtest of its own, before
	// the page's part runs beside the other browser tests.
	var events []trace.Event
	t.Run("the run recorded", func(t *testing.T) { events = testrun.RecordPathmax(t, testrun.BPMXState) })
	t.Parallel()
	// The events stepped to: the raise on the start, the prune of node 3
	// (saved) and of node 5 (the last child).
	at := map[string]int{}
	for i, e := range events {
		if e.Iteration == 1 && (e.Kind == trace.KindRaise || e.Kind == trace.KindPrune && e.Reason == trace.ReasonBound) {
			at[fmt.Sprintf("%s %d", e.Kind, e.Node)] = i
		}
	}
	if at["raise 1"] == 0 || at["prune 3"] <= at["raise 1"] || at["prune 5"] <= at["prune 3"] {
		t.Fatalf("the run is not the GUIDE's example: %v", at)
	}

	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', '15puzzle'), choose('goal', 'blank-last'), q('state').value = %q, choose('heuristic', 'pdb555d'), true`, testrun.BPMXState))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
	stepTo := func(i int) bpmxShown {
		t.Helper()
		for int(b.viz().Event) < i {
			next := b.viz().Event + 1
			b.do("s", chromedp.KeyEvent("s"))
			b.wait("the step", fmt.Sprintf(`window.viz.event === %d`, next))
		}
		return js[bpmxShown](b, "what the page shows", bpmxShownJS)
	}
	check := func(where string) {
		t.Helper()
		got := stepTo(at["raise 1"])
		want := "BPMX: a child's h, less the move's cost, raises the start's h to 8 (its own is 6): f = 0 + 8 = 8 is over the bound 6, so its 4 children left are cut without a visit"
		if got.RootF != "8" || !slices.Contains(got.Root, "h 6↑8") || got.Sentence != "last event: "+want ||
			got.Lit != fold.LineRaise || got.Listing != "IDA* with BPMX's pseudo-code" || !got.Legend || got.Current != "1" ||
			!strings.HasPrefix(got.State, "g = 0, h = 8, f = 8") {
			t.Fatalf("%s, the raise: %+v", where, got)
		}
		if where == "the live page" {
			shot(t, b.ctx, "bpmx-raise-1440x900")
		}

		got = stepTo(at["prune 3"])
		if !slices.Contains(got.Node3, "h↓7") || !slices.Contains(got.Node3, "1+5") || !slices.Contains(got.Root, "1 saved") ||
			!strings.HasSuffix(got.Sentence, "f = 8 is over the bound 6: without BPMX it would have been visited") {
			t.Fatalf("%s, the child saved: %+v", where, got)
		}

		got = stepTo(at["prune 5"])
		if !strings.HasSuffix(got.Sentence, "; BPMX: child's h 9 raised the start's h to 8; 1 sibling not visited (its own f was within the bound)") ||
			!slices.Contains(got.Root, "h 6↑8") || !slices.Contains(got.Root, "1 saved") {
			t.Fatalf("%s, the last child: %+v", where, got)
		}
	}
	check("the live page")
	shot(t, b.ctx, "bpmx-saved-1440x900")
	if src := axeSourceIf(t); src != "" {
		b.axe(src, "a BPMX run")
	}
	b.do("the projector's size", chromedp.EmulateViewport(1280, 720))
	b.wait("the tree drawn again", `(() => { const r = q('tree').getBoundingClientRect(); return r.width > 0 && r.right <= 1280; })()`)
	shot(t, b.ctx, "bpmx-saved-1280x720")
	// On a projector: presentation mode's 16 px labels, the pseudo-code in
	// the chart's place.
	b.do("presentation", chromedp.KeyEvent("p"))
	b.do("the algorithm", chromedp.KeyEvent("a"))
	b.wait("the tree and the code at 16 px", `document.body.classList.contains('present') && q('code').offsetParent !== null &&
		Array.from(q('tree').querySelectorAll('text.bpmx')).map((t) => t.textContent).join() === 'h 6↑8,1 saved,h↓7'`)
	shot(t, b.ctx, "bpmx-present-1280x720")
	b.do("presentation off", chromedp.KeyEvent("p"))

	// The same in an exported replay: builder.js's fold in the browser.
	_, exportURL := replayPages(t, events)
	b.do("the exported replay", chromedp.EmulateViewport(1440, 900), chromedp.Navigate(exportURL))
	b.wait("the replay", `window.viz.mode === 'replay' && window.viz.event === 0`)
	js[bool](b, "helpers", pageJS)
	check("the exported replay")
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
