package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// checkMarked fails t with every unmarked string of the page as it stands.
func checkMarked(b *browser, panel string) {
	b.t.Helper()
	if bad := js[[]string](b, "the unmarked strings on "+panel, browsertest.UnmarkedJS); len(bad) > 0 {
		b.t.Errorf("%s: %d strings bypass the catalogue:\n\t%s", panel, len(bad), strings.Join(bad, "\n\t"))
	}
}

// withLang is address u with lang=tag in its query.
func withLang(u, tag string) string {
	if strings.Contains(u, "?") {
		return u + "&lang=" + tag
	}
	return u + "?lang=" + tag
}

// TestBrowserPseudoLocale opens every panel of the page under the
// pseudo-locale (?lang=en-XA): the live page with a run started, the quiz
// asking, presentation mode, two runs compared, the Problem tab; viz replay
// with a class; the exported replay from disk. Every word a reader sees
// there must come from the catalogue.
func TestBrowserPseudoLocale(t *testing.T) {
	t.Parallel()
	b := openBrowser(t, browserDeadline)
	b.step(t, "live", func(b *browser) {
		b.do("the window size", chromedp.EmulateViewport(1440, 900))
		b.do("loading the page", chromedp.Navigate(withLang(servePage(b.t), "en-XA")))
		b.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle' && window.viz.lang === 'en-XA'`)
		js[bool](b, "helpers", pageJS)
		checkMarked(b, "the page before a run")
		js[bool](b, "the instance", fmt.Sprintf(`(() => { choose('puzzle', '8puzzle'); q('heuristic').value = 'manhattan'; q('state').value = %q; q('keep-runs').checked = true; return true; })()`, testrun.State))
		b.do("start", chromedp.Click(byTestID("start")))
		b.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		for i := 0; i < 6; i++ {
			b.do("step", chromedp.Click(byTestID("step")))
		}
		b.wait("six steps", `window.viz.events === 7`)
		checkMarked(b, "the live page")
		b.do("quiz", chromedp.Click(byTestID("quiz")))
		b.do("to the next bound, asked first", chromedp.KeyEvent("b"))
		b.wait("a question", `window.viz.quiz.question !== null`)
		checkMarked(b, "the quiz")
		b.do("quiz off", chromedp.Click(byTestID("quiz")))
		b.do("present", chromedp.Click(byTestID("present")))
		b.wait("presentation", `window.viz.presentation`)
		checkMarked(b, "presentation mode")
		b.do("the algorithm", chromedp.Click(byTestID("algo-toggle")))
		checkMarked(b, "presentation mode with the pseudo-code")
		if !sweeps() {
			return // two runs and the Problem tab: the sweep's
		}
		b.do("present off", chromedp.Click(byTestID("present")))
		b.wait("no presentation", `!window.viz.presentation`)
		js[bool](b, "another heuristic", `(() => { q('heuristic').value = [...q('heuristic').options].map((o) => o.value).find((v) => v !== 'manhattan'); return true; })()`)
		b.do("start a second run", chromedp.Click(byTestID("start")))
		b.wait("two runs", `window.viz.runs.length === 2 && window.viz.status === 'paused'`)
		b.do("to the end", chromedp.Click(byTestID("to-end")))
		b.wait("the end", `window.viz.status === 'solved'`)
		checkMarked(b, "two runs compared")
		b.do("the Problem tab", chromedp.Click(byTestID("tab-problem")))
		b.wait("Romania loaded", `q('problem-source').value.includes('Bucharest') && document.querySelector('[data-renderer=graph]') !== null`)
		checkMarked(b, "the Problem tab")
	})

	events := testrun.Record(t, trace.LevelNode, testrun.State)
	b.step(t, "replay with a class", func(b *browser) {
		if !sweeps() {
			b.t.Skip("viz replay with a class and a follower: the sweep's (IDAVIZ_TEST_SWEEPS)")
		}
		rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
		if err != nil {
			b.t.Fatal(err)
		}
		u := servePageWith(b.t, Options{Recording: rec, Class: true, ClassCode: "abc234"})
		b.do("loading viz replay", chromedp.Navigate(withLang(u, "en-XA")))
		b.wait("the first frame", `window.viz.mode === 'replay' && window.viz.event === 0 && window.viz.class !== null`)
		for i := 0; i < 12; i++ {
			b.do("s", chromedp.KeyEvent("s"))
		}
		b.wait("twelve steps", `window.viz.event === 12`)
		checkMarked(b, "viz replay with a class")
		// The Lecture panel with a bookmark, its note shown above the tree.
		js[bool](b, "helpers", pageJS)
		js[bool](b, "a bookmark's title and note", `(() => { q('bookmark-title').value = 'the first prune'; q('bookmark-note').value = 'what to say'; return true; })()`)
		b.do("add the bookmark", chromedp.Click(byTestID("bookmark-add")))
		b.wait("one bookmark", `window.viz.bookmarks.length === 1 && !q('bookmark-note-view').hidden`)
		checkMarked(b, "the Lecture panel with a bookmark")

		// A student's phone following the class, a question asked.
		join := js[string](b, "the join address", `window.viz.class.join`)
		f := openBrowser(b.t, browserDeadline)
		f.do("a phone's window", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile))
		f.do("the page's origin", chromedp.Navigate(u))
		f.do("the pseudo-locale chosen", chromedp.Evaluate[chromedp.Void](`localStorage.setItem('idaviz-lang', 'en-XA')`))
		f.do("the join address", chromedp.Navigate(join))
		f.wait("following", `window.viz.mode === 'follow' && window.viz.lang === 'en-XA' && window.viz.event === 12`)
		checkMarked(f, "a follower's page")
		b.do("quiz", chromedp.Click(byTestID("quiz")))
		b.do("to the next bound, asked first", chromedp.KeyEvent("b"))
		b.wait("a question", `window.viz.quiz.question !== null`)
		f.wait("the follower's question", `window.viz.quiz.question !== null`)
		checkMarked(f, "a follower's page with a question")
	})
	b.step(t, "export", func(b *browser) {
		_, exportURL := replayPages(b.t.(*testing.T), events)
		b.do("loading the export", chromedp.Navigate(withLang(exportURL, "en-XA")))
		b.wait("the first frame", `window.viz.mode === 'replay' && window.viz.event === 0`)
		for i := 0; i < 12; i++ {
			b.do("s", chromedp.KeyEvent("s"))
		}
		b.wait("twelve steps", `window.viz.event === 12`)
		checkMarked(b, "the exported replay")
	})
}

// TestBrowserLang: window.viz.lang, and the page's words, follow ?lang=,
// then the choice saved from the header's menu, then the browser's
// languages; <html lang> follows. The zh-CN page is kept as screenshots
// at a desktop's, a projector's and a phone's size, its header one line
// wide on the first two.
func TestBrowserLang(t *testing.T) {
	t.Parallel()
	pageURL := servePage(t)
	b := openBrowser(t, browserDeadline)
	lang := func(what, u, want string) {
		b.t.Helper()
		b.do("loading "+what, chromedp.Navigate(u))
		b.wait(what, fmt.Sprintf(`window.viz && window.viz.lang === %q && document.documentElement.lang === %q && document.querySelector('[data-testid=puzzle]').options.length > 0`, want, want))
	}
	lang("the page", pageURL, "en")
	if got := js[string](b, "the start button", `document.querySelector('[data-testid=start]').textContent`); got != "Start" {
		t.Errorf("the English page's Start reads %q", got)
	}
	lang("?lang=zh-CN", withLang(pageURL, "zh-CN"), "zh-CN")
	if got := js[string](b, "the start button", `document.querySelector('[data-testid=start]').textContent`); got != "开始" {
		t.Errorf("the Chinese page's Start reads %q", got)
	}
	// The menu switches in place, and is remembered.
	b.do("English from the menu", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('[data-testid=lang]'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`))
	b.wait("English in place, the address's lang too", `window.viz.lang === 'en' && document.documentElement.lang === 'en' && document.querySelector('[data-testid=start]').textContent === 'Start' && new URLSearchParams(location.search).get('lang') === 'en'`)
	b.do("中文 from the menu", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('[data-testid=lang]'); s.value = 'zh-CN'; s.dispatchEvent(new Event('change')); })()`))
	b.wait("Chinese in place", `window.viz.lang === 'zh-CN' && document.querySelector('[data-testid=start]').textContent === '开始'`)
	// The server's data (the puzzle, its help, its preset) in the
	// catalogue's words, written again in place.
	if got := js[string](b, "the puzzle's words", `['puzzle', 'preset'].map((id) => document.querySelector('[data-testid=' + id + ']').selectedOptions[0].textContent).concat([document.getElementById('help').textContent.split('\n')[0]]).join(' / ')`); got != "八数码 / 热身 · 2 步 / 八数码（3×3 滑块拼图）" {
		t.Errorf("the Chinese page's puzzle, preset and help read %q", got)
	}
	lang("the page again (the saved choice)", pageURL, "zh-CN")
	lang("?lang=en over the saved choice", withLang(pageURL, "en"), "en")

	// The browser's languages, with no choice saved.
	b.do("a Chinese browser", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `localStorage.removeItem('idaviz-lang'); Object.defineProperty(navigator, 'languages', { get: () => ['zh-CN', 'zh', 'en'] });`,
		})
		return err
	}))
	lang("the page in a Chinese browser", pageURL, "zh-CN")

	// The Chinese page, looked at: a desktop's, a projector's.
	for _, size := range viewports[int64]() {
		b.do("the window size", chromedp.EmulateViewport(size[0], size[1]))
		lang("the Chinese page", withLang(pageURL, "zh-CN"), "zh-CN")
		js[bool](b, "helpers", pageJS)
		b.do("start", chromedp.Click(byTestID("start")))
		b.wait("a paused run", `window.viz.status === 'paused'`)
		for i := 0; i < 8; i++ {
			b.do("step", chromedp.Click(byTestID("step")))
		}
		b.wait("eight steps", `window.viz.events >= 9`)
		{
			// The header keeps to one line: its items share a row.
			if !js[bool](b, "the header's line", `(() => { const r = [...document.querySelectorAll('header > :not([hidden])')].filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect()); return Math.max(...r.map((x) => x.top)) < Math.min(...r.map((x) => x.bottom)); })()`) {
				t.Errorf("at %dx%d the Chinese header takes more than one line", size[0], size[1])
			}
		}
		shot(t, b.ctx, fmt.Sprintf("zh-CN-%dx%d", size[0], size[1]))
		if size[0] == 1280 {
			// A projector's: presentation mode, then the Problem tab.
			b.do("present", chromedp.Click(byTestID("present")))
			b.wait("presentation", `window.viz.presentation`)
			if bad := settle(b, "the layout", presentLayoutJS); len(bad) > 0 {
				t.Errorf("the Chinese presentation at 1280x720: %s", strings.Join(bad, "; "))
			}
			shot(t, b.ctx, "zh-CN-present-1280x720")
			b.do("present off", chromedp.Click(byTestID("present")))
			b.do("the Problem tab", chromedp.Click(byTestID("tab-problem")))
			b.wait("Romania loaded", `q('problem-source').value.includes('Bucharest') && document.querySelector('[data-renderer=graph]') !== null`)
			shot(t, b.ctx, "zh-CN-problem-1280x720")
		}
	}

	// A student's phone follows a class in Chinese: nothing wider than
	// the phone, the language menu within reach.
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	classURL := servePageWith(t, Options{Recording: rec, Class: true, ClassCode: "abc234"})
	b.do("the lecturer's window", chromedp.EmulateViewport(1440, 900))
	lang("the lecturer's page", withLang(classURL, "zh-CN"), "zh-CN")
	b.wait("the class", `window.viz.class !== null && window.viz.class.join !== ''`)
	join := js[string](b, "the join address", `window.viz.class.join`)
	f := openBrowser(t, browserDeadline)
	f.do("a phone's window", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile))
	f.do("the page's origin", chromedp.Navigate(classURL))
	f.do("Chinese chosen", chromedp.Evaluate[chromedp.Void](`localStorage.setItem('idaviz-lang', 'zh-CN')`))
	f.do("the join address", chromedp.Navigate(join))
	f.wait("following in Chinese", `window.viz.mode === 'follow' && window.viz.lang === 'zh-CN' && window.viz.event === 0`)
	for i := 0; i < 8; i++ {
		b.do("step", chromedp.Click(byTestID("step")))
	}
	f.wait("the follower at event 8", `window.viz.event === 8`)
	if w := js[int](f, "the page's width", `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("the Chinese follower's page is %d px wide on a 360 px phone", w)
	}
	if !js[bool](f, "the language menu", `(() => { const r = document.querySelector('[data-testid=lang]').getBoundingClientRect(); return r.width > 0 && r.right <= 360; })()`) {
		t.Errorf("the follower's language menu is not on the phone's screen")
	}
	shot(t, f.ctx, "zh-CN-follower-360x740")
}
