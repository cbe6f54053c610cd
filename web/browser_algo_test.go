package web

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"idaviz/trace"
	"idaviz/web/export"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// The algorithm beside the picture: the pseudo-code panel with the line of
// the last event lit, the depth-first stack, A* in its own words, the quiz
// in a lecture, the charts' colours and scales.

// codeAt is what the code and stack panels show after an event, as the
// page publishes it (window.viz).
type codeAt struct {
	Algorithm string            `json:"algorithm"`
	CodeLine  string            `json:"codeLine"`
	Stack     []fold.StackFrame `json:"stack"`
	Lit       string            `json:"lit"`   // the data-line of the line with aria-current="step"
	Rows      int               `json:"rows"`  // the stack panel's rows
	Event     int64             `json:"event"` // window.viz.event
	LastEvent string            `json:"lastEvent"`
}

const codeAtJS = `(() => {
	const lit = document.querySelectorAll('[data-testid=code] [aria-current=step]');
	return { algorithm: viz.algorithm, codeLine: viz.codeLine, stack: viz.stack, event: viz.event,
		lit: lit.length === 1 ? lit[0].dataset.line : lit.length + ' lit lines',
		rows: document.querySelectorAll('[data-testid=stack] tr button.frame').length,
		lastEvent: document.querySelector('[data-testid=last-event]').textContent };
})()`

// stepCodeJS presses s (the keydown the key sends) and, once the page is
// at event to, reads the panels (codeAtJS); null if it is not there within
// the time given. One round trip a step, where a key pressed through
// chromium, a poll and a read took five: TestBrowserCodeAndStack steps some
// 150 times.
const stepCodeJS = `((to, ms) => new Promise((resolve) => {
	const until = Date.now() + ms;
	document.dispatchEvent(new KeyboardEvent('keydown', { key: 's', bubbles: true }));
	const look = () => {
		if (window.viz.event === to) resolve(` + codeAtJS + `);
		else if (Date.now() > until) resolve(null);
		else requestAnimationFrame(look);
	};
	look();
}))`

// stepCode presses s and returns the panels at event to.
func stepCode(t *testing.T, b *browser, to int) codeAt {
	t.Helper()
	got := js[*codeAt](b, "a step", fmt.Sprintf(`%s(%d, %d)`, stepCodeJS, to, hangs.Milliseconds()), chromedp.EvalAwaitPromise)
	if got == nil {
		t.Fatalf("a step to event %d: the page never got there", to)
	}
	return *got
}

// foldedCode is what the Go fold says the panels show after each event.
func foldedCode(events []trace.Event) []fold.AlgoView {
	r := fold.NewRun(1, trace.LevelNode, fold.DefaultTreeLimit)
	out := make([]fold.AlgoView, len(events))
	for i := range events {
		r.Apply(&events[i])
		out[i] = r.Frame(0, nil).Algo
	}
	return out
}

// checkCode compares the page's panels after event i with the fold's.
func checkCode(t *testing.T, b *browser, where string, want fold.AlgoView, i int) {
	t.Helper()
	checkCodeIs(t, js[codeAt](b, "the code panel", codeAtJS), where, want, i)
}

// checkCodeIs compares the panels read after event i with the fold's.
func checkCodeIs(t *testing.T, got codeAt, where string, want fold.AlgoView, i int) {
	t.Helper()
	if got.Event != int64(i) || got.CodeLine != want.Line || got.Lit != want.Line || got.Algorithm != want.Algorithm {
		t.Fatalf("%s, event %d: window.viz.event %d, codeLine %q, lit line %q, algorithm %q; want %q (%s)", where, i, got.Event, got.CodeLine, got.Lit, got.Algorithm, want.Line, want.Algorithm)
	}
	if len(got.Stack) == 0 {
		got.Stack = []fold.StackFrame{}
	}
	if !reflect.DeepEqual(got.Stack, want.Stack) || got.Rows != len(want.Stack) {
		g, _ := json.Marshal(got.Stack)
		w, _ := json.Marshal(want.Stack)
		t.Fatalf("%s, event %d: stack %s (%d rows), want %s", where, i, g, got.Rows, w)
	}
}

// TestBrowserCodeAndStack steps one run in the live page, in viz replay and
// in its exported replay: after every step the lit line of pseudo-code and
// the stack are the fold's, the same in all three; every IDA* line is lit
// on the way; an expansion's "children to try" is its frame's "left"; a
// click on a frame shows its node in the tree.
func TestBrowserCodeAndStack(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	want := foldedCode(events)
	const steps = 45 // the first iteration, its bound's rise, into the second

	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), true`, testrun.Puzzle, testrun.State))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
	lit := map[string]bool{}
	got := js[codeAt](b, "the code panel", codeAtJS)
	for i := 0; i < steps; i++ {
		checkCodeIs(t, got, "live", want[i], i)
		lit[want[i].Line] = true
		if events[i].Kind == trace.KindExpand {
			// The sentence and the stack say the same number.
			top := want[i].Stack[len(want[i].Stack)-1]
			if top.Left == nil || !strings.Contains(got.LastEvent, fmt.Sprintf(": %d child", *top.Left)) {
				t.Fatalf("event %d: %q, the top frame has %v left", i, got.LastEvent, top.Left)
			}
		}
		if i == 0 {
			// One step as the key sends it through chromium; the rest as
			// its keydown, a round trip each.
			b.do("s", chromedp.KeyEvent("s"))
			b.wait("the step", `window.viz.event === 1`)
			got = js[codeAt](b, "the code panel", codeAtJS)
			continue
		}
		got = stepCode(t, b, i+1)
	}
	shot(t, b.ctx, "code-1440x900")
	elementShot(t, b, chromedp.CSS(`#algo-panels`), "code-panels")

	// A click on a frame shows its node in the tree.
	frames := js[[]fold.StackFrame](b, "the stack", `viz.stack`)
	if len(frames) < 2 {
		t.Fatalf("a stack of %d frames", len(frames))
	}
	id := frames[len(frames)-2].ID
	b.do("a frame", chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-testid=stack] button.frame[data-id="%d"]`, id))))
	b.wait("its node chosen", fmt.Sprintf(`!!q('tree').querySelector('.node.chosen[data-id="%d"]') && q('selected').textContent.includes('selected node %d')`, id, id))

	// The goal.
	b.do("to the end", chromedp.Click(sel("to-end")))
	b.wait("solved", `window.viz.status === 'solved'`)
	checkCode(t, b, "live", want[len(events)-1], len(events)-1)
	lit[want[len(events)-1].Line] = true

	// The same run replayed (viz replay FILE), and exported.
	replayURL, exportURL := replayPages(t, events)
	// The replays fold in the page's JavaScript, which web/fold's
	// conformance tests hold to Go's fold on every event: here the first
	// iteration's lines, drawn, are enough in a quick run.
	replaySteps := 20
	if sweeps() {
		replaySteps = steps
	}
	for _, c := range []struct{ where, url string }{{"viz replay", replayURL}, {"the exported replay", exportURL}} {
		b.do("loading "+c.where, chromedp.Navigate(c.url))
		b.wait(c.where, `window.viz.mode === 'replay' && window.viz.event === 0 && window.viz.codeLine !== ''`)
		got := js[codeAt](b, "the code panel", codeAtJS)
		for i := 0; i < replaySteps; i++ {
			checkCodeIs(t, got, c.where, want[i], i)
			got = stepCode(t, b, i+1)
		}
		// The goal, and the goal test just before it.
		b.do("to the end", chromedp.KeyEvent("e"))
		b.wait("the end", `window.viz.status === 'solved'`)
		for i := len(events) - 1; i >= 0; {
			checkCode(t, b, c.where+", going back", want[i], i)
			if lit[want[i].Line] = true; want[i].Line == fold.LineGoalTest {
				break
			}
			b.do("←", chromedp.KeyEvent(kb.ArrowLeft))
			b.wait("one back", fmt.Sprintf(`window.viz.event < %d`, i))
			i = int(b.viz().Event)
		}
	}
	for _, line := range []string{fold.LineIterationStart, fold.LineVisit, fold.LineGoalTest, fold.LineGoal, fold.LineExpand,
		fold.LinePrune, fold.LineIterationEnd, fold.LineBoundRise} {
		if !lit[line] {
			t.Errorf("the line %q was never lit", line)
		}
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// replayPages serves events as viz replay FILE does and exports them as
// one HTML file: the addresses of the two.
func replayPages(t *testing.T, events []trace.Event) (replayURL, exportURL string) {
	t.Helper()
	rec, err := fold.OpenTrace(testrun.Write(t, events, trace.EncodingBinary), fold.IndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rec.Close() })
	page := filepath.Join(t.TempDir(), "replay.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := export.HTML(f, recording(t, events), export.Options{}); err != nil {
		t.Fatal(err)
	}
	return servePageWith(t, Options{Recording: rec}), "file://" + page
}

// recording holds events as viz replay's in-memory source does.
func recording(t *testing.T, events []trace.Event) *fold.Recording {
	t.Helper()
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestBrowserAStar: A* in its own words. After Start and Next expansion ×8
// nothing speaks of iterations or bounds; the status shows the open and
// closed lists and the f being expanded, the stack panel the open list's
// best entries (as the fold has them), the f histogram expanded against
// open, the per-iteration chart the open list's size; the sentences pop and
// push; the tree draws the open nodes under their parents.
func TestBrowserAStar(t *testing.T) {
	t.Parallel()
	const state, heuristic = compareState, "misplaced"
	events := testrun.RecordAStar(t, state, heuristic)
	want := foldedCode(events)
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', %q), choose('algorithm', 'astar'), true`, testrun.Puzzle, state, heuristic))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.algorithm === 'astar'`)
	for i := 0; i < 8; i++ {
		before := b.viz().Event
		b.do("next expansion", chromedp.Click(sel("expand")))
		b.wait("the expansion", fmt.Sprintf(`window.viz.event > %d && window.viz.status === 'paused'`, before))
	}
	type open struct {
		Size int64           `json:"size"`
		Best []fold.CodeNode `json:"best"`
	}
	type page struct {
		Event    int      `json:"event"`
		CodeLine string   `json:"codeLine"`
		Open     open     `json:"open"`
		Closed   int64    `json:"closed"`
		Words    []string `json:"words"`
	}
	got := js[page](b, "the page", `({ event: viz.event, codeLine: viz.codeLine, open: viz.open, closed: viz.closed,
		words: [q('stats').textContent, q('tree-info').textContent, q('last-event').textContent, q('summary').textContent] })`)
	w := want[got.Event]
	if got.CodeLine != fold.LinePop || w.Line != fold.LinePop || got.Open.Size != w.Open.Size || got.Closed != w.Closed || !reflect.DeepEqual(got.Open.Best, w.Open.Best) {
		t.Errorf("after 8 expansions (event %d): line %q, open %+v, closed %d; the fold: %q, %+v %+v, %d", got.Event, got.CodeLine, got.Open, got.Closed, w.Line, *w.Open, w.Open.Best, w.Closed)
	}
	if got.Closed != 8 || got.Open.Size < 4 || len(got.Open.Best) == 0 {
		t.Errorf("after 8 expansions: %d closed, %d open", got.Closed, got.Open.Size)
	}
	for i := 1; i < len(got.Open.Best); i++ {
		a, c := got.Open.Best[i-1], got.Open.Best[i]
		if a.F > c.F || a.F == c.F && a.G < c.G {
			t.Errorf("the open list's best are not in A*'s order: %+v before %+v", a, c)
		}
	}
	for _, text := range got.Words {
		if strings.Contains(text, "iteration") || strings.Contains(text, "bound") {
			t.Errorf("A* described in IDA*'s words: %q", text)
		}
	}
	if stats := got.Words[0]; !strings.Contains(stats, "open list") || !strings.Contains(stats, "closed") || !strings.Contains(stats, "expanding f") {
		t.Errorf("the status of an A* run: %q", stats)
	}
	if !strings.HasPrefix(got.Words[2], "last event: pop node") {
		t.Errorf("the last event of an A* expansion: %q", got.Words[2])
	}
	if bad := settle(b, "the charts", `(() => {
		const bad = [], o = window.viz.page.chart(q('fhist')).getOption();
		if (/bound/.test(o.title[0].text)) bad.push('f histogram: ' + o.title[0].text);
		const names = o.series.map((s) => s.name).join();
		if (names !== 'expanded,on the open list') bad.push('f histogram series: ' + names);
		for (const s of o.series) for (const m of ((s.markLine || {}).data || [])) if (/bound/.test(m.name)) bad.push('a mark: ' + m.name);
		const it = window.viz.page.chart(q('iterations-chart'));
		if (!it || !/open list/.test(it.getOption().title[0].text)) bad.push('no open list chart');
		for (const id of ['bounds-chart', 'fhist-total']) if (!q(id).closest('section').hidden) bad.push(id + ' is shown');
		if (!q('tree').querySelector('.node.open')) bad.push('no open node in the tree');
		if (!q('stack').textContent.includes('open list: ' + viz.open.size)) bad.push('the stack panel: ' + q('stack').textContent);
		return bad;
	})()`); len(bad) > 0 {
		t.Errorf("A*'s charts and panels: %s", strings.Join(bad, "; "))
	}
	shot(t, b.ctx, "astar-1440x900")
	// A step: a push, in words.
	for i := 0; i < 3 && b.viz().Event < int64(len(events)-1); i++ {
		before := b.viz().Event
		b.do("s", chromedp.KeyEvent("s"))
		b.wait("the step", fmt.Sprintf(`window.viz.event > %d`, before))
		e := events[b.viz().Event]
		line := js[string](b, "the line", `viz.codeLine`)
		text := js[string](b, "the words", `q('last-event').textContent`)
		if e.Kind == trace.KindPush && (line != fold.LinePush || !strings.Contains(text, fmt.Sprintf("push node %d on the open list", e.Node))) {
			t.Errorf("a push: line %q, %q", line, text)
		}
	}
	b.do("to the end", chromedp.Click(sel("to-end")))
	b.wait("solved", `window.viz.status === 'solved' && window.viz.codeLine === 'goal'`)
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// onScreenJS lists the elements (by data-testid) not wholly on screen, and
// whether the page scrolls.
const onScreenJS = `((ids) => {
	const bad = [], W = innerWidth, H = innerHeight;
	if (document.documentElement.scrollHeight > H + 1) bad.push('the page scrolls: ' + document.documentElement.scrollHeight);
	for (const id of ids) {
		const e = q(id);
		const r = e && e.getBoundingClientRect();
		if (!r || e.offsetParent === null || r.width < 1 || r.left < 0 || r.top < 0 || r.right > W + 1 || r.bottom > H + 1) bad.push(id + ' is not on screen: ' + JSON.stringify(r));
		else {
			// Not scrolled out of its panel either.
			for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
				const pr = p.getBoundingClientRect();
				if (getComputedStyle(p).overflowY !== 'visible' && (r.top < pr.top - 1 || r.bottom > pr.bottom + 1)) { bad.push(id + ' is scrolled out of ' + (p.id || p.className)); break; }
			}
			if (parseFloat(getComputedStyle(e).fontSize) < 15.9) bad.push(id + ' has text under 16 px');
		}
	}
	return bad;
})`

// TestBrowserQuizPresent is the quiz in a lecture: presentation mode at
// 1280x720, answered from the keyboard. The question and its answers are on
// screen with Step; y and n answer "will it be pruned?", a number and
// Enter "the next bound" and "which node next?"; a wrong answer lights the
// right node; a question moved past is skipped, not counted; the verdict
// leaves with the next move. Then the pseudo-code and the stack, one key
// away.
func TestBrowserQuizPresent(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	b := openPageAt(t, 1280, 720, "?present")
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'manhattan'), true`, testrun.Puzzle, testrun.State))
	b.do("start", chromedp.Click(chromedp.CSS(`[data-testid="start-present"]`)))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("quiz on", chromedp.KeyEvent("q"))
	b.wait("quiz on", `window.viz.quiz.on && window.viz.quiz.question === null`)
	onScreen := func(what string, ids ...string) {
		t.Helper()
		list, _ := json.Marshal(ids)
		if bad := settle(b, what, onScreenJS+"("+string(list)+")"); len(bad) > 0 {
			t.Errorf("%s at 1280x720: %s", what, strings.Join(bad, "; "))
		}
	}

	// The next bound: the question, typed and Enter.
	b.do("b", chromedp.KeyEvent("b"))
	b.wait("the bound question", `window.viz.quiz.asked === 1 && /next bound/.test(window.viz.quiz.question)`)
	onScreen("the bound question", "quiz-question", "quiz-answer", "quiz-submit", "step", "tree")
	b.do("the answer", chromedp.KeyEvent(fmt.Sprint(want.Iterations[0].NextBound)), chromedp.KeyEvent(kb.Enter))
	b.wait("right", fmt.Sprintf(`window.viz.quiz.right === 1 && window.viz.quiz.question === null && window.viz.nextBound === %d && /^Right/.test(q('quiz-result').textContent)`, want.Iterations[0].NextBound))

	// Will it be pruned? The wrong key: the right node lit. The next move
	// takes the verdict away.
	for i := 0; i < 12 && b.viz().Quiz.Asked == 1; i++ {
		before := b.viz().Event
		b.do("s", chromedp.KeyEvent("s"))
		b.wait("a step or a question", fmt.Sprintf(`window.viz.event > %d || window.viz.quiz.asked > 1`, before))
	}
	b.wait("the prune question", `window.viz.quiz.asked === 2 && /^Node \d+ has g = \d+ and h = \d+\. Will it be pruned at bound \d+\?$/.test(window.viz.quiz.question)`)
	onScreen("the prune question", "quiz-question", "quiz-yes", "quiz-no", "step")
	shot(t, b.ctx, "quiz-present-1280x720")
	var node uint64
	fmt.Sscanf(js[string](b, "the question", `window.viz.quiz.question`), "Node %d", &node)
	pruned := false
	for _, e := range events {
		if e.Node == node {
			pruned = e.Kind == trace.KindPrune
		}
	}
	wrong := map[bool]string{true: "n", false: "y"}[pruned]
	b.do("the wrong key", chromedp.KeyEvent(wrong))
	b.wait("not quite, and the node lit", fmt.Sprintf(`/^Not quite/.test(q('quiz-result').textContent) && !!q('tree').querySelector('.node.answer[data-id="%d"]') && window.viz.quiz.right === 1`, node))
	if got := js[string](b, "the score", `q('quiz-score').textContent`); got != "(1 of 2 right)" {
		t.Errorf("the score after two answers: %q", got)
	}
	shot(t, b.ctx, "quiz-wrong-present")
	before := b.viz().Event
	b.do("s", chromedp.KeyEvent("s"))
	b.wait("the next move", fmt.Sprintf(`window.viz.event > %d || window.viz.quiz.asked > 2`, before))
	b.wait("the verdict gone", `!/Not quite/.test(q('quiz-result').textContent) && !q('tree').querySelector('.node.answer')`)

	// Moving past a question: skipped, not counted.
	for i := 0; i < 12 && b.viz().Quiz.Question == nil; i++ {
		before := b.viz().Event
		b.do("s", chromedp.KeyEvent("s"))
		b.wait("a step or a question", fmt.Sprintf(`window.viz.event > %d || window.viz.quiz.question !== null`, before))
	}
	b.wait("a question", `window.viz.quiz.question !== null`)
	asked := b.viz().Quiz.Asked
	b.do("s again", chromedp.KeyEvent("s"))
	b.wait("skipped", fmt.Sprintf(`window.viz.quiz.skipped === 1 && window.viz.quiz.question === null && window.viz.quiz.asked === %d`, asked))
	if got := js[string](b, "the score", `q('quiz-score').textContent`); got != fmt.Sprintf("(1 of %d right, 1 skipped)", asked-1) {
		t.Errorf("the score after a skip: %q", got)
	}

	// Which node next? Its number, typed.
	from := b.viz().Event
	var parent uint64
	for _, e := range events[from+1:] {
		if e.Kind == trace.KindVisit {
			parent = e.Parent
			break
		}
	}
	b.do("x", chromedp.KeyEvent("x"))
	b.wait("the node question", `/Which node/.test(window.viz.quiz.question) && document.activeElement === q('quiz-answer')`)
	onScreen("the node question", "quiz-question", "quiz-answer", "tree")
	b.do("the node's number", chromedp.KeyEvent(fmt.Sprint(parent)), chromedp.KeyEvent(kb.Enter))
	b.wait("right", `window.viz.quiz.right === 2 && window.viz.quiz.question === null && /^Right/.test(q('quiz-result').textContent)`)

	// The pseudo-code and the stack in the chart's place, one key away.
	b.do("q", chromedp.KeyEvent("q"))
	b.wait("quiz off", `!window.viz.quiz.on`)
	b.do("a", chromedp.KeyEvent("a"))
	b.wait("the code", `q('code').offsetParent !== null && q('fhist').offsetParent === null`)
	onScreen("the code panel", "step", "tree")
	// The panels are on screen; the code scrolls in its own, keeping the lit
	// line in view.
	for i := 0; i < 30; i++ {
		if bad := settle(b, "the lit line", `(() => {
			const bad = [], W = innerWidth, H = innerHeight;
			for (const id of ['code', 'stack']) {
				const p = q(id).closest('section').getBoundingClientRect();
				if (p.top < 0 || p.left < 0 || p.bottom > H + 1 || p.right > W + 1 || p.height < 150) bad.push(id + ' panel: ' + JSON.stringify(p));
			}
			const li = q('code').querySelector('[aria-current=step]'), p = q('code').closest('section').getBoundingClientRect();
			const r = li && li.getBoundingClientRect();
			if (!li) bad.push('no lit line');
			else if (r.top < p.top - 1 || r.bottom > p.bottom + 1) bad.push(viz.codeLine + ': the lit line is out of view');
			// The narration stays whole beside the code.
			const c = document.getElementById('controls').getBoundingClientRect(), e = q('last-event').getBoundingClientRect();
			if (e.top < c.top - 1 || e.bottom > c.bottom + 1) bad.push('the last event is clipped by the controls: ' + JSON.stringify(e) + ' in ' + JSON.stringify(c));
			return bad;
		})()`); len(bad) > 0 {
			t.Fatalf("presentation, step %d: %s", i, strings.Join(bad, "; "))
		}
		before := b.viz().Event
		b.do("s", chromedp.KeyEvent("s"))
		b.wait("a step", fmt.Sprintf(`window.viz.event > %d`, before))
	}
	shot(t, b.ctx, "code-present-1280x720")
	b.do("c", chromedp.KeyEvent("c"))
	b.wait("a chart again", `q('code').offsetParent === null && !!document.querySelector('.chart-panel.shown')`)
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// TestBrowserChartsAndColours: two runs kept on one instance. Their
// colours are none of the node kinds'; each kind has a second cue in the
// tree; h against h* has a series a run, named by heuristic, in its colour,
// drawn at its panel's width after presentation mode and a resize; counts
// spanning more than 100× open on a log scale, where a count of 1 still
// shows; each panel says what it shows, except on a projector.
func TestBrowserChartsAndColours(t *testing.T) {
	t.Parallel()
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('state').value = %q, choose('heuristic', 'misplaced'), true`, testrun.Puzzle, compareState))
	b.do("start", chromedp.Click(sel("start")))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	// The second cue, on a stepped tree with a path and pruned nodes.
	for i := 0; i < 12; i++ {
		b.do("s", chromedp.KeyEvent("s"))
	}
	b.wait("twelve steps", `window.viz.event === 12 && !!q('tree').querySelector('.node.pruned circle')`)
	if bad := js[[]string](b, "the kinds", `(() => {
		const bad = [], cue = {};
		for (const k of ['path', 'expanded', 'pruned']) {
			const c = q('tree').querySelector('.node.' + k + ' circle:not([stroke])');
			if (!c) continue;
			const s = getComputedStyle(c);
			cue[k] = s.strokeWidth + ' ' + s.strokeDasharray + ' ' + (s.stroke === 'none' ? 'none' : 'ink');
		}
		if (!cue.pruned || cue.pruned === cue.path || cue.pruned === cue.expanded) bad.push('pruned nodes have no cue of their own: ' + JSON.stringify(cue));
		const sw = Array.from(document.querySelectorAll('.legend .sw')).filter((e) => e.offsetParent !== null).map((e) => { const s = getComputedStyle(e); return s.borderStyle + ' ' + s.borderWidth + ' ' + s.boxShadow + ' ' + s.borderRadius; });
		if (new Set(sw).size !== sw.length) bad.push('legend swatches alike but for colour: ' + sw.join(' | '));
		return bad;
	})()`); len(bad) > 0 {
		t.Errorf("the second cue: %s", strings.Join(bad, "; "))
	}
	elementShot(t, b, chromedp.CSS(`#tree-panel`), "kinds-cue")
	b.do("to the end", chromedp.Click(sel("to-end")))
	b.wait("solved", `window.viz.status === 'solved'`)
	if js[bool](b, "the log scale", `q('log-scale').checked`) {
		t.Error("one run opened on a log scale")
	}
	b.do("keep runs", chromedp.Click(sel("keep-runs")))
	js[bool](b, "manhattan", `choose('heuristic', 'manhattan'), true`)
	b.do("start a second run", chromedp.Click(sel("start")))
	b.wait("a second run", `window.viz.runs.length === 2 && window.viz.status === 'paused'`)
	b.do("to the end", chromedp.Click(sel("to-end")))
	b.wait("solved", `window.viz.status === 'solved' && window.viz.runs.every((r) => r.status === 'solved')`)

	// The runs' colours mean no kind of node.
	if bad := js[[]string](b, "the colours", `(() => {
		const css = getComputedStyle(document.documentElement), bad = [];
		const kinds = ['path', 'expanded', 'pruned', 'solution', 'open'].map((k) => css.getPropertyValue('--node-' + k).trim().toLowerCase());
		for (const r of viz.runs) if (kinds.includes(r.colour.toLowerCase())) bad.push('run #' + r.id + ' is drawn in ' + r.colour + ', a kind of node');
		if (new Set(viz.runs.map((r) => r.colour)).size !== viz.runs.length) bad.push('two runs share a colour');
		return bad;
	})()`); len(bad) > 0 {
		t.Errorf("%s", strings.Join(bad, "; "))
	}
	// More than 100× between counts: the log scale, counts of 1 visible.
	b.wait("the log scale, by itself", `q('log-scale').checked && window.viz.page.chart(q('iterations-chart')).getOption().yAxis[0].type === 'log'`)
	if bad := settle(b, "a count of 1", `(() => {
		const bad = [];
		let looked = 0;
		for (const id of ['fhist', 'fhist-total', 'iterations-chart']) {
			const c = window.viz.page.chart(q(id)), o = c.getOption();
			const ones = o.series.flatMap((s, i) => s.data.map((d, x) => [i, x, d && typeof d === 'object' ? d.value : d])).filter((p) => p[2] === 1);
			if (!ones.length) continue;
			looked++;
			// The bar drawn (echarts stands a log axis's bars on 1, not on its min).
			const [i, x] = ones[0], l = c.getModel().getSeriesByIndex(i).getData().getItemLayout(x);
			const tall = l ? Math.abs(l.height) : 0;
			if (!(tall >= 4)) bad.push(id + ': a count of 1 is ' + tall.toFixed(1) + ' px tall');
		}
		if (!looked) bad.push('no count of 1 to look at');
		return bad;
	})()`); len(bad) > 0 {
		t.Errorf("log scale: %s", strings.Join(bad, "; "))
	}
	// h against h*: a series a run, named by heuristic, in its colour.
	type series struct {
		Name   string `json:"name"`
		Colour string `json:"colour"`
	}
	got := js[[]series](b, "h*", `window.viz.page.chart(q('hstar-chart')).getOption().series.map((s) => ({ name: s.name, colour: (s.itemStyle || {}).color }))`)
	runs := js[[]string](b, "the runs' colours", `viz.runs.map((r) => r.colour)`)
	if len(got) != 3 || got[1].Name != "h: misplaced" || got[2].Name != "h: manhattan" || got[1].Colour != runs[0] || got[2].Colour != runs[1] {
		t.Errorf("h against h*: %+v, the runs' colours %v", got, runs)
	}
	// Drawn at its panel's width, its title whole, after presentation mode
	// and after a resize.
	widthJS := `(() => {
		const el = q('hstar-chart'), c = window.viz.page.chart(el), bad = [];
		if (Math.abs(c.getWidth() - el.clientWidth) > 2) bad.push('drawn ' + c.getWidth() + ' px wide in ' + el.clientWidth);
		const title = c.getOption().title[0].text;
		const t = c.getZr().storage.getDisplayList().find((e) => e.style && e.style.text === title);
		if (!t) bad.push('no title');
		else { const r = t.getBoundingRect().clone(); r.applyTransform(t.getComputedTransform()); if (r.x < 0 || r.x + r.width > c.getWidth() + 1) bad.push('the title is cut: ' + JSON.stringify(r)); }
		return bad;
	})()`
	for _, step := range []struct {
		what string
		do   chromedp.Action[chromedp.Void]
	}{
		{"presentation mode and back", chromedp.Evaluate[chromedp.Void](`window.viz.page.presentation(true), window.viz.page.presentation(false)`)},
		{"a smaller window", chromedp.EmulateViewport(1280, 720)},
		{"a wider window", chromedp.EmulateViewport(1440, 900)},
	} {
		b.do(step.what, step.do)
		if bad := settle(b, "the h* chart's width", widthJS); len(bad) > 0 {
			t.Errorf("after %s: %s", step.what, strings.Join(bad, "; "))
		}
		if step.what == "a smaller window" {
			shot(t, b.ctx, "compare-1280x720")
		}
	}
	elementShot(t, b, chromedp.CSS(`#hstar-panel`), "hstar-runs")
	// What each panel shows, in a line; not on a projector.
	if bad := js[[]string](b, "the explanations", `Array.from(document.querySelectorAll('main section')).filter((s) => s.offsetParent !== null)
		.filter((s) => { const w = s.querySelector('.what'); return !w || w.offsetParent === null || w.textContent.trim().length < 20; }).map((s) => s.id || s.className)`); len(bad) > 0 {
		t.Errorf("panels without a line on what they show: %v", bad)
	}
	shot(t, b.ctx, "compare-colours")
	b.do("present", chromedp.Click(sel("present")))
	if n := js[int](b, "the explanations", `Array.from(document.querySelectorAll('.what')).filter((w) => w.offsetParent !== null).length`); n != 0 {
		t.Errorf("presentation mode shows %d explanations", n)
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
