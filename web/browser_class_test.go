package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// A class (viz serve --class, docs/GUIDE.md "A class on their phones"): a
// lecturer's tab and followers' tabs in headless chromium.

// phoneLayoutJS lists what a person on a phone trips on in a follower's
// page: a sideways scroll, and a visible button or answer field smaller
// than 44 px.
const phoneLayoutJS = `(() => {
	const bad = [];
	if (document.documentElement.scrollWidth > innerWidth + 1) bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + innerWidth);
	for (const el of document.querySelectorAll('button, input, select, a[href]')) {
		const r = el.getBoundingClientRect();
		if (r.width === 0 && r.height === 0) continue; // not shown
		if (el.closest('.chart-save, .sr-only')) continue;
		if (r.height < 44 || r.width < 44) bad.push((el.dataset.testid || el.id || el.textContent) + ' is ' + Math.round(r.width) + 'x' + Math.round(r.height));
	}
	return bad;
})()`

// TestBrowserClass is a lecture with a class: a lecturer's replay and
// three followers (one on a phone) stay at the same event over 20 steps;
// a follower cannot start or change anything, from its page or its
// socket; it looks around and Follows again; a late joiner and a
// reconnecting follower land at the lecturer's event; and the quiz's
// answers from the three reach the lecturer's tally and its results.
func TestBrowserClass(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	pageURL := servePageWith(t, Options{Recording: rec, Class: true, ClassCode: "abc234"})
	lect := openBrowser(t, browserDeadline)
	lect.do("the lecturer's window", chromedp.EmulateViewport(1440, 900))
	lect.do("the lecturer's page", chromedp.Navigate(pageURL))
	lect.wait("the replay and its class", `window.viz.event === 0 && window.viz.status === 'paused' && window.viz.class !== null && window.viz.class.join !== ''`)
	js[bool](lect, "helpers", pageJS)
	join := js[string](lect, "the join address", `window.viz.class.join`)
	if !strings.HasSuffix(join, "/join/abc234") {
		t.Fatalf("the join address is %q", join)
	}

	sizes := [][2]int64{{1280, 720}, {1440, 900}, {360, 740}}
	var fs []*browser
	for i, sz := range sizes {
		f := openBrowser(t, browserDeadline)
		if sz[0] < 800 {
			f.do("a phone's window", chromedp.EmulateViewport(sz[0], sz[1], chromedp.EmulateMobile))
		} else {
			f.do("a laptop's window", chromedp.EmulateViewport(sz[0], sz[1]))
		}
		f.do("the join address", chromedp.Navigate(join))
		f.wait(fmt.Sprintf("follower %d at the lecturer's event", i), `window.viz.mode === 'follow' && window.viz.event === 0`)
		js[bool](f, "helpers", pageJS)
		fs = append(fs, f)
	}
	lect.wait("the lecturer's tab counts three followers", `window.viz.class.followers === 3`)
	at := func(b *browser, who string, ev int64) {
		b.t.Helper()
		b.wait(fmt.Sprintf("%s at event %d", who, ev), fmt.Sprintf(`window.viz.event === %d`, ev))
	}
	lectEvent := func() int64 { return lect.viz().Event }

	steps := int64(8) // twenty in the sweep (IDAVIZ_TEST_SWEEPS=1)
	if sweeps() {
		steps = 20
	}
	lect.step(t, "step by step, every follower at the lecturer's event", func(b *browser) {
		for i := int64(1); i <= steps; i++ {
			b.do("Step", chromedp.Click(byTestID("step")))
			at(b, "the lecturer", i)
			for j, f := range fs {
				at(f, fmt.Sprintf("follower %d", j), i)
			}
		}
	})

	fs[0].step(t, "a follower cannot start or change anything", func(f *browser) {
		hidden := js[[]string](f, "the lecturer's controls", `['start', 'step', 'back', 'to-end', 'play', 'quiz', 'seek', 'bookmark-add', 'puzzle'].filter((id) => q(id) && q(id).getClientRects().length > 0)`)
		if len(hidden) > 0 {
			f.t.Errorf("a follower's page shows the lecturer's controls: %v", hidden)
		}
		// The page sends nothing of the lecturer's; its socket refuses it
		// all the same, and the lecturer's run stays where it is.
		before := lectEvent()
		js[bool](f, "a step from the page", `window.viz.page.send({type: 'step'}), window.viz.page.send({type: 'start', puzzle: '8puzzle'}), true`)
		got := js[[]string](f, "a socket of the follower's own", `new Promise((done) => {
			const u = new URL('ws', location.href); u.protocol = 'ws:'; u.search = location.search;
			const ws = new WebSocket(u.href), types = ['step', 'start', 'seek', 'save-lecture', 'play', 'to-end'], errs = [];
			const next = () => { if (errs.length === types.length) { ws.close(); done(errs); } else ws.send(JSON.stringify({type: types[errs.length], pos: 3})); };
			ws.onopen = next;
			ws.onmessage = (ev) => { const m = JSON.parse(ev.data); if (m.type === 'error') { errs.push(m.message); next(); } };
			setTimeout(() => done(errs.concat(['no answer in time'])), 20000);
		})`, chromedp.EvalAwaitPromise)
		if len(got) != 6 || !strings.Contains(got[0], "refused") {
			f.t.Errorf("the follower's socket answered %q", got)
		}
		for _, path := range []string{"ws?join=wrong", "?join=wrong", "join/wrong"} {
			if st := js[int](f, "a wrong code", fmt.Sprintf(`fetch(%q).then((r) => r.status)`, path), chromedp.EvalAwaitPromise); st != 403 {
				f.t.Errorf("GET %s was answered %d, want 403", path, st)
			}
		}
		if after := lectEvent(); after != before {
			f.t.Errorf("the lecturer's run moved from event %d to %d", before, after)
		}
		for _, path := range []string{"api/export", "api/trace"} {
			// On loopback these need no token, as ever; the follower's page
			// never asks for them.
			if reqs, _ := f.seen(); slicesContainsSub(reqs, path) {
				f.t.Errorf("the follower's page requested %s", path)
			}
		}
	})

	fs[1].step(t, "look around, then Follow", func(f *browser) {
		lead := lectEvent()
		for i := int64(1); i <= 3; i++ {
			f.do("◀ Back", chromedp.Click(byTestID("follow-back")))
			at(f, "the follower looking back", lead-i)
		}
		f.do("Forward ▶", chromedp.Click(byTestID("follow-forward")))
		at(f, "the follower looking forward", lead-2)
		lect.do("the lecturer steps on", chromedp.Click(byTestID("step")))
		at(lect, "the lecturer", lead+1)
		at(fs[0], "another follower", lead+1)
		if v := f.viz(); v.Event != lead-2 {
			f.t.Errorf("looking around, the follower was moved to event %d by the lecturer's step", v.Event)
		}
		f.do("Follow", chromedp.Click(byTestID("follow-rejoin")))
		at(f, "the follower back with the lecturer", lead+1)
	})

	t.Run("a late joiner and a reconnecting follower land at the lecturer's event", func(t *testing.T) {
		late := fs[2]
		late.do("the join address again", chromedp.Navigate(join))
		late.wait("the late joiner", `window.viz.mode === 'follow'`)
		at(late, "the late joiner", lectEvent())
		js[bool](late, "helpers", pageJS)
		ev := lectEvent()
		js[bool](fs[0], "the connection drops", `window.viz.page.dropConnection(), true`)
		lect.do("the lecturer steps on", chromedp.Click(byTestID("step")))
		at(lect, "the lecturer", ev+1)
		lect.do("and on", chromedp.Click(byTestID("step")))
		at(lect, "the lecturer", ev+2)
		at(fs[0], "the reconnected follower", ev+2)
		fs[0].wait("connected again", `q('connection').textContent === 'connected'`)
	})

	fs[2].step(t, "a phone's layout", func(f *browser) {
		// The state is drawn as the lecturer's page draws it, though a
		// follower has no catalogue to load the renderers from.
		f.wait("the board drawn", `!!q('puzzle-state').querySelector('svg') && !q('puzzle-state').querySelector('pre.view')`)
		for _, sz := range [][2]int64{{360, 740}, {740, 360}} {
			f.do("the phone's window", chromedp.EmulateViewport(sz[0], sz[1], chromedp.EmulateMobile))
			if bad := settle(f, "the phone's layout", phoneLayoutJS); len(bad) > 0 {
				f.t.Errorf("at %dx%d: %v", sz[0], sz[1], bad)
			}
			browsertest.Shot(f.t, f.ctx, fmt.Sprintf("class-follower-%dx%d", sz[0], sz[1]))
		}
		f.do("back to portrait", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile))
		// Two fingers spread on the tree zoom it in: its view box narrows.
		widths := js[[]float64](f, "a pinch", `(() => {
			const el = q('tree'), svg = el.querySelector('svg'), r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
			const w0 = svg.viewBox.baseVal.width;
			const at = (type, id, dx) => (type === 'pointerdown' ? el : window).dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch', clientX: x + dx, clientY: y, bubbles: true, button: type === 'pointermove' ? -1 : 0}));
			at('pointerdown', 1, -20); at('pointerdown', 2, 20);
			at('pointermove', 1, -60); at('pointermove', 2, 60);
			at('pointerup', 1, -60); at('pointerup', 2, 60);
			return [w0, el.querySelector('svg').viewBox.baseVal.width];
		})()`)
		if !(widths[1] < widths[0]*0.6) {
			f.t.Errorf("a pinch apart left the tree's view %v wide, from %v", widths[1], widths[0])
		}
	})

	lect.step(t, "the class answers the quiz", func(b *browser) {
		b.do("Quiz", chromedp.Click(byTestID("quiz")))
		// Steps until one asks whether a node is pruned.
		for i := 0; i < 40 && js[bool](b, "a question?", `!(window.viz.quiz.question || '').includes('pruned')`); i++ {
			if js[bool](b, "a question of another kind?", `window.viz.quiz.question !== null`) {
				b.do("skip it", chromedp.Click(byTestID("step")))
			}
			b.do("Step", chromedp.Click(byTestID("step")))
			b.wait("the step's answer or a question", fmt.Sprintf(`window.viz.quiz.asked > 0 && (window.viz.quiz.question !== null || window.viz.event > %d)`, lectEvent()-1))
		}
		question := js[string](b, "the question", `window.viz.quiz.question || ''`)
		if !strings.Contains(question, "pruned") {
			b.t.Fatalf("no prune question after 40 steps: %q", question)
		}
		asked := lectEvent()
		for i, f := range fs {
			f.wait(fmt.Sprintf("follower %d is asked", i), fmt.Sprintf(`window.viz.quiz.question === %q`, question))
			if v := f.viz(); v.Event >= asked+1 {
				f.t.Errorf("follower %d sees event %d, the answer to the question asked at %d", i, v.Event, asked)
			}
		}
		// Two say yes; one says yes, then changes its mind.
		fs[0].do("yes", chromedp.Click(byTestID("quiz-yes")))
		fs[1].do("yes", chromedp.Click(byTestID("quiz-yes")))
		fs[2].do("yes", chromedp.Click(byTestID("quiz-yes")))
		b.wait("three answers", `window.viz.class.answered === 3 && window.viz.class.tally.yes === 3`)
		fs[2].do("no after all", chromedp.Click(byTestID("quiz-no")))
		b.wait("the changed answer", `window.viz.class.answered === 3 && window.viz.class.tally.yes === 2 && window.viz.class.tally.no === 1`)
		browsertest.Shot(b.t, b.ctx, "class-lecturer-tally")
		js[bool](b, "presentation", `window.viz.page.presentation(true), true`)
		b.do("the projector", chromedp.EmulateViewport(1280, 720))
		if bad := settle(b, "the tally on the projector", `(() => { const r = q('class-tally').getBoundingClientRect(), p = q('quiz-panel').getBoundingClientRect(), s = parseFloat(getComputedStyle(q('class-tally')).fontSize);
			return r.height > 0 && r.bottom <= Math.min(innerHeight, p.bottom) + 1 && r.right <= innerWidth && s >= 16 ? [] : ['the tally ' + JSON.stringify(r) + ' in the quiz panel ' + JSON.stringify(p) + ' at ' + s + 'px']; })()`); len(bad) > 0 {
			b.t.Errorf("presentation: %v", bad)
		}
		browsertest.Shot(b.t, b.ctx, "class-lecturer-present")
		// The lecturer answers: the question is revealed to the class.
		b.do("the lecturer's answer", chromedp.Click(byTestID("quiz-yes")))
		b.wait("revealed", `window.viz.quiz.question === null && window.viz.class.results === 1`)
		for i, f := range fs {
			f.wait(fmt.Sprintf("follower %d sees the reveal", i), `window.viz.quiz.question === null && q('quiz-result').textContent.includes('The answer')`)
			at(f, fmt.Sprintf("follower %d", i), lectEvent())
		}
		browsertest.Shot(fs[2].t, fs[2].ctx, "class-follower-reveal")
		csv := js[string](b, "the results", `fetch('api/class.csv').then((r) => r.text())`, chromedp.EvalAwaitPromise)
		if !strings.Contains(csv, "question,right answer,answered,answers,share right") || !strings.Contains(csv, "no: 1; yes: 2") || !strings.Contains(csv, "pruned") {
			b.t.Errorf("the results:\n%s", csv)
		}
		js[bool](b, "presentation off", `window.viz.page.presentation(false), true`)
	})
	for _, b := range append(fs, lect) {
		if _, exceptions := b.seen(); len(exceptions) > 0 {
			t.Errorf("a page threw: %v", exceptions)
		}
	}
}

func slicesContainsSub(xs []string, sub string) bool {
	for _, x := range xs {
		if strings.Contains(x, sub) {
			return true
		}
	}
	return false
}
