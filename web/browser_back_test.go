package web

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// TestBrowserBackBusy: a Back the source takes long over (made slow here
// by a test hook: a big live run's search running again) shows at once
// that the page is working on it, while the old position is still drawn,
// and the sign goes once the run is there. At 1440x900 and 1280x720.
func TestBrowserBackBusy(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	var slow atomic.Int64 // how long a seek waits before it begins
	ts.web.onSession = func(s *session) { s.onSeek = func() { time.Sleep(time.Duration(slow.Load())) } }
	for _, size := range viewports[int64]() {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			b := openBrowser(t, browserDeadline)
			b.do("the window size", chromedp.EmulateViewport(size[0], size[1]))
			b.do("loading the page", chromedp.Navigate(ts.URL))
			b.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
			js[bool](b, "helpers", pageJS)
			b.do("start", chromedp.Click(chromedp.CSS(`[data-testid="start"]`)))
			b.wait("a paused run", `window.viz.status === 'paused'`)
			b.do("five steps", chromedp.KeyEvent("s"), chromedp.KeyEvent("s"), chromedp.KeyEvent("s"), chromedp.KeyEvent("s"), chromedp.KeyEvent("s"))
			b.wait("five steps", `window.viz.status === 'paused' && window.viz.event >= 5`)
			at := b.viz().Event
			if got := js[bool](b, "the sign", `q('busy').hidden`); !got {
				t.Errorf("the page says it is busy with nothing asked")
			}

			slow.Store(int64(4 * time.Second))
			b.do("←", chromedp.KeyEvent(kb.ArrowLeft))
			b.wait("the sign that the page is working", `!q('busy').hidden && q('busy').getBoundingClientRect().width > 0`)
			if ev := b.viz().Event; ev != at {
				t.Errorf("the sign shows at event %d, the Back already done (from %d): not a slow Back", ev, at)
			}
			if txt := js[string](b, "its words", `q('busy').textContent`); txt != "going back one event…" {
				t.Errorf("the sign says %q", txt)
			}
			// On screen, in the header's bar, not cut off.
			if bad := js[string](b, "its place", `(() => {
				const r = q('busy').getBoundingClientRect(), h = document.querySelector('header').getBoundingClientRect();
				return r.right <= innerWidth && r.top >= h.top && r.bottom <= h.bottom + 1 && q('busy').scrollWidth <= q('busy').clientWidth + 1 ? '' : JSON.stringify(r);
			})()`); bad != "" {
				t.Errorf("the sign is not whole in the header: %s", bad)
			}
			shot(t, b.ctx, fmt.Sprintf("back-busy-%dx%d", size[0], size[1]))
			slow.Store(0)
			b.wait("Back done, the sign gone", fmt.Sprintf(`window.viz.event === %d && window.viz.status === 'paused' && q('busy').hidden`, at-1))
		})
	}
}

// keysWholeJS says what of the header's key hints is cut off: every key
// shows, inside the window ("" when all is well).
const keysWholeJS = `(() => {
	const k = document.querySelector("header .keys"), r = k.getBoundingClientRect();
	if (k.scrollWidth > k.clientWidth + 1) return 'the keys are cut: ' + k.scrollWidth + ' px of text in ' + k.clientWidth;
	if (r.right > innerWidth + 1) return 'the keys end at ' + r.right + ' px, off the window';
	for (const e of k.querySelectorAll('kbd')) {
		const b = e.getBoundingClientRect();
		if (e.offsetParent !== null && (b.right > r.right + 1 || b.bottom > r.bottom + 1)) return 'the key ' + e.textContent + ' is cut';
	}
	return '';
})()`

// TestBrowserKeysWhole: the header's key hints are whole in a replay (its
// bookmarks' keys last) and a live page, at 1440x900 and 1280x720.
func TestBrowserKeysWhole(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{"replay": servePageWith(t, Options{Recording: rec}), "live": servePage(t)}
	b := openBrowser(t, browserDeadline)
	for _, mode := range []string{"replay", "live"} {
		for _, size := range viewports[int64]() {
			b.step(t, fmt.Sprintf("%s at %dx%d", mode, size[0], size[1]), func(b *browser) {
				b.do("the window size", chromedp.EmulateViewport(size[0], size[1]))
				b.do("loading the page", chromedp.Navigate(pages[mode]))
				b.wait("the page", fmt.Sprintf(`window.viz.mode === %q`, mode))
				if size[0] == 1280 {
					shot(b.t, b.ctx, "keys-"+mode+"-1280x720")
				}
				if bad := settle(b, "the keys", `[`+keysWholeJS+`].filter(Boolean)`); len(bad) > 0 {
					b.t.Errorf("%s", bad)
				}
			})
		}
	}
}

// tileTextJS lists the board's numbers drawn under 16 px (their font size
// as the screen shows it), and how many numbers there are.
const tileTextJS = `(() => {
	const ts = Array.from(q('state-panel').querySelectorAll('svg[data-renderer=tiles] text')).filter((e) => e.getBoundingClientRect().width > 0);
	const small = ts.map((e) => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a).filter((s) => s < 15.95).map((s) => s.toFixed(1) + ' px');
	return { n: ts.length, small };
})()`

// TestBrowserPresentTiles: in presentation the 15-puzzle's tiles are
// numbered in text of 16 px and up, at 1440x900 and 1280x720.
func TestBrowserPresentTiles(t *testing.T) {
	t.Parallel()
	for _, size := range viewports[int64]() {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			b := openPageAt(t, size[0], size[1], "?present")
			js[bool](b, "the 15-puzzle", `choose('puzzle', '15puzzle'), true`)
			b.do("start", chromedp.Click(chromedp.CSS(`[data-testid="start-present"]`)))
			b.wait("a paused run", `window.viz.status === 'paused'`)
			type tiles struct {
				N     int      `json:"n"`
				Small []string `json:"small"`
			}
			check := func(what string, n int) {
				t.Helper()
				b.wait(what, fmt.Sprintf(`q('state-panel').querySelectorAll('svg[data-renderer=tiles] text').length === %d`, n))
				if got := js[tiles](b, "the tiles' text", tileTextJS); len(got.Small) > 0 {
					t.Errorf("%s: %d of the %d numbers are under 16 px: %v", what, len(got.Small), got.N, got.Small)
				}
			}
			check("the board", 15)
			// A node chosen in the tree: its board beside the current one.
			b.do("two expansions", chromedp.KeyEvent("x"), chromedp.KeyEvent("x"))
			b.wait("a tree", `window.viz.status === 'paused' && window.viz.drawnTreeNodes > 1`)
			js[bool](b, "choosing a node", `window.viz.page.send({ type: 'node', id: Number(document.querySelector('#tree .node.pruned, #tree .node').dataset.id) }), true`)
			check("the board and a chosen node's", 30)
			shot(t, b.ctx, fmt.Sprintf("present-15puzzle-%dx%d", size[0], size[1]))
			b.do("the algorithm's panels", chromedp.KeyEvent("a"))
			check("with the algorithm's panels", 30)
		})
	}
}

// lockSizesJS reads each lock-step box's size bar: its width, and the
// words beside it.
const lockSizesJS = `Array.from(document.querySelectorAll('[data-testid=lockstep-run]')).map((d) => {
	const s = d.querySelector('[data-testid=lockstep-size]'), bar = s.children[0], r = s.getBoundingClientRect(), box = d.getBoundingClientRect();
	return { width: bar.getBoundingClientRect().width, drawn: bar.children[0].getBoundingClientRect().width, words: s.textContent,
		shown: s.offsetParent !== null && r.bottom <= box.bottom + 1 && r.right <= box.right + 1 };
})`

// TestBrowserLockstepSizes: in lock-step the trees are drawn to one scale,
// but a tree past the window's budget is drawn folded: misplaced tiles'
// 3,000-odd nodes at the last bound look little bigger than Manhattan's
// 600-odd. Each box says its run's true size (its nodes, and the share
// drawn) and draws it as a bar to one scale; in the normal layout at
// 1440x900 and in presentation at 1280x720.
func TestBrowserLockstepSizes(t *testing.T) {
	t.Parallel()
	b := openPage(t, 1440, 900)
	js[bool](b, "two heuristics kept", fmt.Sprintf(`(() => {
		choose('puzzle', '8puzzle');
		const s = q('state'); s.value = %q; s.dispatchEvent(new Event('input'));
		choose('goal', 'blank-last');
		q('keep-runs').checked = true; q('keep-runs').dispatchEvent(new Event('change'));
		return true;
	})()`, compareState))
	for i, h := range []string{"misplaced", "manhattan"} {
		js[bool](b, "the heuristic", fmt.Sprintf(`choose('heuristic', %q), true`, h))
		b.do("start "+h, chromedp.Click(chromedp.CSS(`[data-testid="start"]`)))
		b.wait("run "+h, fmt.Sprintf(`window.viz.runs.length === %d && window.viz.status === 'paused'`, i+1))
	}
	b.wait("lock-step", `window.viz.lockstep && q('lockstep').checked`)
	for press := 0; ; press++ {
		l := js[struct {
			Next int `json:"next"`
		}](b, "the lock-step", `window.viz.lockstep`)
		if l.Next == 0 || press > 30 {
			break
		}
		b.do("next bound", chromedp.KeyEvent("b"))
		b.wait(fmt.Sprintf("every run at bound %d", l.Next), fmt.Sprintf(`window.viz.lockstep.bound === %d && window.viz.runs.every((r) => r.status !== 'running')`, l.Next))
	}
	type size struct {
		Width, Drawn float64
		Words        string
		Shown        bool
	}
	type run struct {
		Generated int64 `json:"generated"`
		TreeDrawn int   `json:"treeDrawn"`
	}
	runs := js[[]run](b, "the runs", `window.viz.lockstep.runs`)
	if len(runs) != 2 || runs[0].Generated < 3*runs[1].Generated || runs[0].TreeDrawn >= int(runs[0].Generated) {
		t.Fatalf("at the last bound: %+v; want misplaced tiles' tree (folded) several times Manhattan's", runs)
	}
	check := func(where string) {
		t.Helper()
		got := js[[]size](b, "the sizes", lockSizesJS)
		if len(got) != 2 {
			t.Fatalf("%s: %d size bars", where, len(got))
		}
		for i, s := range got {
			if !s.Shown || !strings.Contains(s.Words, commas(runs[i].Generated)+" nodes") {
				t.Errorf("%s: run %d's size says %q (shown %v), want its %d nodes", where, i+1, s.Words, s.Shown, runs[i].Generated)
			}
		}
		if !strings.Contains(got[0].Words, "% drawn") || !strings.Contains(got[1].Words, "all drawn") {
			t.Errorf("%s: the shares drawn: %q, %q", where, got[0].Words, got[1].Words)
		}
		ratio := float64(runs[0].Generated) / float64(runs[1].Generated)
		if r := got[0].Width / got[1].Width; r < ratio*0.95 || r > ratio*1.05 {
			t.Errorf("%s: the bars are %.0f and %.0f px: %.2f times, the nodes %.2f times", where, got[0].Width, got[1].Width, r, ratio)
		}
		if got[0].Drawn >= got[0].Width-1 {
			t.Errorf("%s: the folded tree's bar is all shaded as drawn", where)
		}
	}
	check("1440x900")
	shot(t, b.ctx, "lockstep-sizes-1440x900")
	b.do("the projector's size", chromedp.EmulateViewport(1280, 720))
	b.do("presentation", chromedp.KeyEvent("p"))
	b.wait("presentation", `window.viz.presentation`)
	check("presentation at 1280x720")
	shot(t, b.ctx, "lockstep-sizes-present-1280x720")
}
