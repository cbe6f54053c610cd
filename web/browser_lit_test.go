package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// The page's words and lit line agree with the search: at the goal, at
// the start, in A*'s own controls and words, and in the quiz's verdict.

// litState is an 8-puzzle whose last iteration (bound 19) ends at the
// goal; h(start) = 9 under Manhattan distance.
const litState = "2 3 4 1 5 0 7 6 8"

// litAt is what the page shows of the event it stands at.
type litAt struct {
	Event  int64  `json:"event"`
	Line   string `json:"line"`
	Lit    string `json:"lit"`
	Values string `json:"values"`
	Status string `json:"status"`
	Words  string `json:"words"` // the last event's
}

const litAtJS = `(() => {
	const lit = document.querySelectorAll('[data-testid=code] [aria-current=step]');
	return { event: viz.event, line: viz.codeLine, status: viz.status,
		words: document.querySelector('[data-testid=last-event]').textContent,
		lit: lit.length === 1 ? lit[0].dataset.line : lit.length + ' lit lines',
		values: lit.length === 1 ? lit[0].querySelector('.code-values').textContent : '' };
})()`

// goalVisit is the index of the visit of the goal in a solved run's events.
func goalVisit(t *testing.T, events []trace.Event) int {
	t.Helper()
	for i := len(events) - 1; i >= 0; i-- {
		if events[i].Kind == trace.KindVisit {
			if events[i].H != 0 {
				t.Fatalf("the last visit (event %d) is not at h = 0", i)
			}
			return i
		}
	}
	t.Fatal("no visit")
	return 0
}

// backToGoal goes back from the end of a solved run with ← to the goal's
// visit: every event on the way lights the goal line, the visit the goal
// test. It returns the events it stood at, the last first.
func backToGoal(t *testing.T, b *browser, where string, visit int) []int64 {
	t.Helper()
	var at []int64
	for {
		got := js[litAt](b, "the lit line", litAtJS)
		at = append(at, got.Event)
		if got.Line != got.Lit {
			t.Fatalf("%s, event %d: window.viz.codeLine %q, lit %q", where, got.Event, got.Line, got.Lit)
		}
		if got.Event == int64(visit) {
			if got.Line != fold.LineGoalTest {
				t.Errorf("%s, the goal's visit (event %d) lights %q, want the goal test", where, visit, got.Line)
			}
			return at
		}
		if got.Event < int64(visit) {
			t.Fatalf("%s: went back past the goal's visit (event %d) to %d", where, visit, got.Event)
		}
		if got.Line != fold.LineGoal {
			t.Errorf("%s, event %d after the goal's visit (%d): lit %q (%s), want the goal line", where, got.Event, visit, got.Line, got.Values)
		}
		if got.Event == int64(visit+1) && !strings.Contains(got.Words, "ends at the goal") {
			t.Errorf("%s, the end of the last iteration (event %d) says %q", where, got.Event, got.Words)
		}
		b.do("←", chromedp.KeyEvent(kb.ArrowLeft))
		b.wait("one back", fmt.Sprintf(`window.viz.event < %d && window.viz.status === 'paused'`, got.Event))
	}
}

// TestBrowserLitAtGoal: from the goal's visit to the end of a solved
// search the lit line is the goal's, in the live page (IDA* and A*) and in
// the exported replay; live Step stops at every one of those events, the
// solution's included; the Go fold says the same.
func TestBrowserLitAtGoal(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, litState)
	visit := goalVisit(t, events)
	for i, v := range foldedCode(events)[visit+1:] {
		if v.Line != fold.LineGoal {
			t.Errorf("the fold: event %d (%s) after the goal's visit lights %q", visit+1+i, events[visit+1+i].Kind, v.Line)
		}
	}
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), true`, testrun.Puzzle, litState))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
	b.do("e", chromedp.KeyEvent("e"))
	b.wait("solved", fmt.Sprintf(`window.viz.status === 'solved' && window.viz.event === %d`, len(events)-1))
	if at := backToGoal(t, b, "live", visit); len(at) != len(events)-visit {
		t.Errorf("live, going back: events %v, want every one from %d to %d", at, len(events)-1, visit)
	}
	// Stepping on from the goal's visit stops at each event.
	for i := visit + 1; i < len(events); i++ {
		got := stepLit(t, b, i)
		if got.Line != fold.LineGoal || got.Lit != fold.LineGoal {
			t.Errorf("live, a step to event %d (%s): lit %q", i, events[i].Kind, got.Lit)
		}
	}
	shot(t, b.ctx, "lit-goal")

	b.step(t, "A* lights the goal from its visit to its end", func(b *browser) {
		if !sweeps() {
			b.t.Skip("A*'s goal, back event by event: the sweep's (IDAVIZ_TEST_SWEEPS); TestBrowserAStarControls lights A*'s lines")
		}
		as := testrun.RecordAStar(b.t, litState, "manhattan")
		js[bool](b, "A*", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), choose('algorithm', 'astar'), true`, testrun.Puzzle, litState))
		b.do("start", chromedp.Click(sel("start")))
		b.wait("a paused A* run", `window.viz.status === 'paused' && window.viz.algorithm === 'astar' && window.viz.events === 1`)
		b.do("e", chromedp.KeyEvent("e"))
		b.wait("solved", fmt.Sprintf(`window.viz.status === 'solved' && window.viz.event === %d`, len(as)-1))
		backToGoal(b.t.(*testing.T), b, "A*", goalVisit(b.t.(*testing.T), as))
	})
	b.step(t, "the exported replay lights the goal from its visit to its end", func(b *browser) {
		_, exportURL := replayPages(b.t.(*testing.T), events)
		b.do("the export", chromedp.Navigate(exportURL))
		b.wait("the replay", `window.viz.mode === 'replay' && window.viz.event === 0`)
		b.do("e", chromedp.KeyEvent("e"))
		b.wait("the end", `window.viz.status === 'solved'`)
		backToGoal(b.t.(*testing.T), b, "the exported replay", visit)
	})
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// stepLit presses s and reads the lit line once the page is at event to.
func stepLit(t *testing.T, b *browser, to int) litAt {
	t.Helper()
	b.do("s", chromedp.KeyEvent("s"))
	b.wait(fmt.Sprintf("the step to event %d", to), fmt.Sprintf(`window.viz.event >= %d && window.viz.status !== 'running'`, to))
	got := js[litAt](b, "the lit line", litAtJS)
	if got.Event != int64(to) {
		t.Fatalf("a step from event %d went to event %d", to-1, got.Event)
	}
	return got
}

// TestBrowserFirstBound: at event 0 the page shows IDA*'s first bound,
// h(start), and lights bound ← h(start): no "iteration 0", no "bound 0".
func TestBrowserFirstBound(t *testing.T) {
	t.Parallel()
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), true`, testrun.Puzzle, litState))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
	b.wait("the chart", `!!window.viz.page.chart(q('fhist'))`)
	got := js[litAt](b, "the lit line", litAtJS)
	if got.Line != fold.LineBoundInit || got.Lit != fold.LineBoundInit || !strings.Contains(got.Values, "h(start) = 9") {
		t.Errorf("event 0 lights %q (%q, window.viz.codeLine %q), want %q with h(start) = 9", got.Lit, got.Values, got.Line, fold.LineBoundInit)
	}
	texts := js[[]string](b, "the words", `[q('summary').textContent, q('stats').textContent, q('tree-info').textContent,
		window.viz.page.chart(q('fhist')).getOption().title[0].text]`)
	for _, s := range texts {
		if strings.Contains(s, "iteration 0") || strings.Contains(s, "bound 0") {
			t.Errorf("event 0 says %q", s)
		}
	}
	if !strings.Contains(texts[0], "bound 9") {
		t.Errorf("event 0's summary %q does not give the first bound, 9", texts[0])
	}
	if v := b.viz(); v.Bound != 9 {
		t.Errorf("event 0: window.viz.bound %d, want h(start) = 9", v.Bound)
	}
	shot(t, b.ctx, "first-bound")
}

// TestBrowserAStarControls: an A* run has none of IDA*'s controls (Next
// bound and its key, the iteration menu, the key hint), its start lights
// open ← {start}, and the page says "reopen" only of a closed node: a
// cheaper path to a node still on the open list takes its place there.
func TestBrowserAStarControls(t *testing.T) {
	t.Parallel()
	events := testrun.RecordAStar(t, litState, "manhattan")
	reopen := -1
	for i, e := range events {
		if e.Kind == trace.KindReopen {
			reopen = i
			break
		}
	}
	if reopen < 0 {
		t.Fatal("the A* run replaces no node: choose another instance")
	}
	b := openPage(t, 1280, 720)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "A*", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), choose('algorithm', 'astar'), true`, testrun.Puzzle, litState))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused A* run", `window.viz.status === 'paused' && window.viz.algorithm === 'astar'`)
	shown := js[[]string](b, "IDA*'s controls", `(() => {
		const seen = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
		const bad = [];
		if (seen(q('to-bound'))) bad.push('the Next bound button');
		if (seen(q('tree-iteration'))) bad.push('the iteration menu');
		for (const k of document.querySelectorAll('.keys kbd')) if (k.textContent === 'b' && seen(k)) bad.push('the key hint: ' + k.parentElement.textContent);
		return bad;
	})()`)
	for _, s := range shown {
		t.Errorf("an A* run shows IDA*'s %s", s)
	}
	if got := js[litAt](b, "the lit line", litAtJS); got.Lit != fold.LineOpenInit {
		t.Errorf("A*'s start (event %d) lights %q, want open ← {start}", got.Event, got.Lit)
	}
	before := b.viz().Event
	b.do("b", chromedp.KeyEvent("b"))
	b.do("s", chromedp.KeyEvent("s"))
	b.wait("the step", fmt.Sprintf(`window.viz.event > %d && window.viz.status === 'paused'`, before))
	if v := b.viz(); v.Event != before+1 {
		t.Errorf("b then s in an A* run went from event %d to %d (status %s): b moved it", before, v.Event, v.Status)
	}
	shot(t, b.ctx, "astar-controls-1280x720")

	// The first replacement, in words: to the end, and back to it (a live
	// run seeks among the events it has seen).
	b.do("e", chromedp.KeyEvent("e"))
	b.wait("solved", `window.viz.status === 'solved'`)
	js[bool](b, "seek", fmt.Sprintf(`window.viz.page.send({ type: 'seek', pos: %d }), true`, reopen+1))
	b.wait("the replacement", fmt.Sprintf(`window.viz.event === %d && window.viz.status === 'paused'`, reopen))
	words := js[string](b, "the words", `q('last-event').textContent`)
	e := events[reopen]
	if !strings.Contains(words, fmt.Sprintf("node %d", e.Replaces)) || !strings.Contains(words, "on the open list") || strings.Contains(words, "reopen") {
		t.Errorf("a cheaper path to node %d, still on the open list: %q", e.Replaces, words)
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// TestBrowserQuizRing: after a wrong "which node next?" answer the right
// node wears the purple ring the GUIDE promises.
func TestBrowserQuizRing(t *testing.T) {
	t.Parallel()
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), true`, testrun.Puzzle, testrun.State))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	for i := 0; i < 3; i++ {
		before := b.viz().Event
		b.do("x", chromedp.KeyEvent("x"))
		b.wait("an expansion", fmt.Sprintf(`window.viz.event > %d && window.viz.status === 'paused'`, before))
	}
	b.do("quiz on", chromedp.Click(sel("quiz")))
	b.wait("quiz on", `window.viz.quiz.on`)
	b.do("x", chromedp.KeyEvent("x"))
	b.wait("the node question", `window.viz.quiz.asked === 1 && q('quiz-question').textContent.includes('Click')`)
	b.do("a wrong answer", chromedp.SendKeys(sel("quiz-answer"), "99999"), chromedp.Click(sel("quiz-submit")))
	b.wait("the verdict", `/^Not quite/.test(q('quiz-result').textContent)`)
	ring := js[string](b, "the answer's ring", `(() => {
		const n = q('tree').querySelector('.node.answer');
		if (!n) return 'no node has the answer class';
		const want = getComputedStyle(document.body).getPropertyValue('--node-answer').trim();
		const probe = document.createElement('span');
		probe.style.color = want; document.body.appendChild(probe);
		const rgb = getComputedStyle(probe).color; probe.remove();
		for (const c of n.querySelectorAll('circle')) {
			const s = getComputedStyle(c);
			if (s.stroke === rgb && parseFloat(s.strokeWidth) >= 3 && s.display !== 'none' && s.visibility !== 'hidden') return '';
		}
		return 'node ' + n.dataset.id + "'s circles: " + Array.from(n.querySelectorAll('circle')).map((c) => getComputedStyle(c).stroke + ' ' + getComputedStyle(c).strokeWidth).join(', ') + '; want ' + rgb;
	})()`)
	if ring != "" {
		t.Errorf("the quiz's answer is not ringed: %s", ring)
	}
	elementShot(t, b, chromedp.CSS(`[data-testid="tree"]`), "quiz-ring")
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
