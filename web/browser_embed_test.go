package web

import (
	"bytes"
	stdgif "image/gif"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// embedProblems lists what a reader of a course page would trip on in the
// embed view: a scrollbar (the page or a panel scrolls), and the tree, the
// state, the event in words, step, back and play missing or outside the
// frame; the rest of the page (the setup, the charts) shown.
const embedProblems = `(() => {
	const bad = [], d = document.documentElement;
	if (!window.viz.embed) bad.push('window.viz.embed is ' + window.viz.embed);
	if (d.scrollWidth > d.clientWidth || d.scrollHeight > d.clientHeight) bad.push('the page scrolls: ' + d.scrollWidth + 'x' + d.scrollHeight + ' in ' + d.clientWidth + 'x' + d.clientHeight);
	for (const el of document.querySelectorAll('.panel')) {
		if (el.offsetParent !== null && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) bad.push(el.id + ' overflows: ' + el.scrollWidth + 'x' + el.scrollHeight + ' in ' + el.clientWidth + 'x' + el.clientHeight);
	}
	for (const id of ['tree', 'puzzle-state', 'last-event', 'step', 'back', 'play']) {
		const r = q(id).getBoundingClientRect();
		if (r.width < 1 || r.height < 1) bad.push(id + ' is not shown');
		else if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) bad.push(id + ' is outside the frame: ' + JSON.stringify(r));
	}
	if (!q('tree').querySelector('circle')) bad.push('no tree drawn');
	if (!q('puzzle-state').querySelector('svg')) bad.push('no state drawn');
	if (!q('last-event').textContent) bad.push('no event in words');
	for (const id of ['setup', 'stats-panel', 'fhist-panel', 'code-panel', 'copy-embed']) {
		const el = document.getElementById(id) || q(id);
		if (el && el.offsetParent !== null) bad.push(id + ' is shown');
	}
	return bad;
})()`

// TestBrowserEmbed: the embed view at 640x400, as an iframe in a course
// page shows it: ?embed with the run in the query on viz serve's page (the
// run starts by itself, steps, goes back and plays) and #embed on an
// exported replay; no scrollbars, and it grows with its frame. The page's
// "Copy embed code" gives the iframe of the run on screen, whose address is
// that view; no request leaves the page's origin.
func TestBrowserEmbed(t *testing.T) {
	t.Parallel()
	u := servePage(t)
	b := openBrowser(t, browserDeadline)
	q := url.Values{"puzzle": {testrun.Puzzle}, "heuristic": {"manhattan"}, "state": {testrun.State}, "algo": {"ida"}}
	embedURL := u + "?embed&" + q.Encode()

	b.step(t, "the live page's embed view at 640x400", func(b *browser) {
		b.do("a 640x400 frame", chromedp.EmulateViewport(640, 400), chromedp.Navigate(embedURL))
		b.wait("the run started by the query", `window.viz.embed === true && window.viz.status === 'paused' && window.viz.events >= 1`)
		js[bool](b, "helpers", pageJS)
		b.do("step", chromedp.Click(`[data-testid=step]`))
		b.wait("a step", `window.viz.events === 2`)
		b.do("step", chromedp.Click(`[data-testid=step]`))
		b.wait("another", `window.viz.events === 3 && window.viz.page && q('tree').querySelector('circle') !== null`)
		b.do("back", chromedp.Click(`[data-testid=back]`))
		b.wait("one back", `window.viz.event === 1`)
		b.do("play", chromedp.Click(`[data-testid=play]`))
		b.wait("playing on", `window.viz.events > 6`)
		b.do("pause", chromedp.Click(`[data-testid=pause]`))
		b.wait("paused", `window.viz.status === 'paused' || window.viz.status === 'solved'`)
		if bad := settle(b, "the embed view at 640x400", embedProblems); len(bad) > 0 {
			b.t.Errorf("at 640x400: %v", bad)
		}
		shot(b.t, b.ctx, "embed-640x400")
		b.do("a bigger frame", chromedp.EmulateViewport(1280, 720))
		if bad := settle(b, "the embed view at 1280x720", embedProblems+`.concat(q('tree').getBoundingClientRect().width > 800 ? [] : ['the tree did not grow: ' + q('tree').getBoundingClientRect().width])`); len(bad) > 0 {
			b.t.Errorf("at 1280x720: %v", bad)
		}
		shot(b.t, b.ctx, "embed-1280x720")
	})

	b.step(t, "Copy embed code gives the iframe of the run on screen", func(b *browser) {
		b.do("the page", chromedp.EmulateViewport(1440, 900), chromedp.Navigate(u))
		b.wait("the puzzles", `window.viz.embed === false && document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.mode === 'live'`)
		js[bool](b, "helpers", pageJS+`; choose('puzzle', '`+testrun.Puzzle+`'); q('state').value = '`+testrun.State+`'; choose('heuristic', 'manhattan'); true`)
		b.do("start", chromedp.Click(`[data-testid=start]`))
		b.wait("a run", `window.viz.status === 'paused'`)
		// Save GIF: the iteration on screen, a frame per expansion, from
		// the server (its run again up to the event on screen).
		for range 3 {
			b.do("next expansion", chromedp.Click(`[data-testid=expand]`))
		}
		b.wait("three expansions", `window.viz.expanded === 3 && window.viz.status === 'paused'`)
		gif := b.download("Save GIF", b.allowDownloads(), chromedp.Click(`[data-testid=save-gif]`))
		if g, err := stdgif.DecodeAll(bytes.NewReader(gif)); err != nil || g == nil || !bytes.HasPrefix(gif, []byte("GIF89a")) || len(g.Image) != 3 {
			b.t.Errorf("Save GIF saved %.20q: %v, %d frames, want a GIF89a of 3 frames (the expansions on screen)", gif, err, len(g.Image))
		}
		b.do("copy", chromedp.Click(`[data-testid=copy-embed]`))
		b.wait("the code", `q('embed-code').value.startsWith('<iframe ')`)
		shot(b.t, b.ctx, "embed-code-1440x900")
		b.do("the projector's size", chromedp.EmulateViewport(1280, 720))
		shot(b.t, b.ctx, "embed-code-1280x720")
		code := js[string](b, "the code", `q('embed-code').value`)
		src := strings.ReplaceAll(strings.SplitN(strings.SplitN(code, `src="`, 2)[1], `"`, 2)[0], "&amp;", "&")
		if !strings.HasPrefix(src, u+"?embed&") || !strings.Contains(code, `width="640" height="400"`) {
			b.t.Fatalf("the embed code %q", code)
		}
		b.do("its address", chromedp.EmulateViewport(640, 400), chromedp.Navigate(src))
		b.wait("the same run in the embed view", `window.viz.embed === true && window.viz.status === 'paused' && window.viz.events >= 1`)
		js[bool](b, "helpers", pageJS)
		b.do("step", chromedp.Click(`[data-testid=step]`), chromedp.Click(`[data-testid=step]`))
		b.wait("two steps", `window.viz.events === 3`)
		if bad := settle(b, "the copied embed view", embedProblems); len(bad) > 0 {
			b.t.Errorf("the copied code's view: %v", bad)
		}
	})

	b.step(t, "an exported replay's embed view at 640x400", func(b *browser) {
		_, exportURL := replayPages(b.t.(*testing.T), testrun.Record(b.t, trace.LevelNode, testrun.State))
		b.do("the export, #embed", chromedp.EmulateViewport(640, 400), chromedp.Navigate(exportURL+"#embed"))
		b.wait("the replay", `window.viz.embed === true && window.viz.mode === 'replay' && window.viz.event === 0`)
		js[bool](b, "helpers", pageJS)
		for range 3 {
			b.do("step", chromedp.Click(`[data-testid=step]`))
		}
		b.wait("three steps", `window.viz.event === 3`)
		if bad := settle(b, "the export's embed view", embedProblems); len(bad) > 0 {
			b.t.Errorf("the export at 640x400: %v", bad)
		}
		shot(b.t, b.ctx, "embed-export-640x400")
	})

	requests, exceptions := b.seen()
	for _, r := range requests {
		if !strings.HasPrefix(r, u) && !strings.HasPrefix(r, "file://") && !strings.HasPrefix(r, "data:") && !strings.HasPrefix(r, "blob:") && !strings.HasPrefix(r, strings.Replace(u, "http", "ws", 1)) {
			t.Errorf("the page asked for %s, off its origin", r)
		}
	}
	if len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
