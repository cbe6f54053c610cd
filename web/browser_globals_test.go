package web

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/trace"
	"idaviz/web/export"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// globalsJS lists the window's own properties, enumerable or not, that a
// blank page's window lacks: an about:blank frame of the page, taken after
// the page's own are listed, so that it shares the page's origin and its
// kind of context (a blank page opened alone is not a secure context, and
// lacks the APIs a loopback or file:// page has).
const globalsJS = `(() => {
	const names = (w) => new Set([...Object.keys(w), ...Object.getOwnPropertyNames(w)]);
	const page = names(window);
	const f = document.createElement('iframe');
	document.body.appendChild(f);
	const blank = names(f.contentWindow);
	f.remove();
	if (blank.size < 100 || !blank.has('document')) return ['the blank frame lists only ' + blank.size];
	return [...page].filter((n) => !blank.has(n)).sort();
})()`

// TestBrowserOneGlobal: window.viz is the only global the page defines
// (its parts are modules; the page's contract, docs/PROTOCOL.md, is the one
// door), in the served page and in an exported replay, each after a run has
// drawn its tree, charts and state with the renderer: the window's own
// properties against those of a blank page (globalsJS).
func TestBrowserOneGlobal(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	exported := filepath.Join(t.TempDir(), "replay.html")
	f, err := os.Create(exported)
	if err != nil {
		t.Fatal(err)
	}
	if err := export.HTML(f, rec, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	pageURL := servePage(t)

	b := openBrowser(t, browserDeadline)
	b.do("the served page", chromedp.Navigate(pageURL))
	b.wait("its puzzles", `window.viz.status === 'idle' && document.querySelector('[data-testid=puzzle]').options.length > 0`)
	b.do("start", chromedp.Click(byTestID("start")))
	b.wait("a paused run", `window.viz.status === 'paused' && window.viz.event === 0`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("the end, drawn", `window.viz.status === 'solved' && window.viz.drawnTreeNodes > 0 &&
		!!document.querySelector('[data-testid=puzzle-state] svg')`)
	if got := js[[]string](b, "the served page's globals", globalsJS); !slices.Equal(got, []string{"viz"}) {
		t.Errorf("the served page defines the globals %q, want viz alone", got)
	}

	b.do("the exported replay", chromedp.Navigate("file://"+exported))
	b.wait("its first event", `window.viz.mode === 'replay' && window.viz.event === 0`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("the end, drawn", `window.viz.status === 'solved' && !!document.querySelector('[data-testid=puzzle-state] svg')`)
	if got := js[[]string](b, "the export's globals", globalsJS); !slices.Equal(got, []string{"viz"}) {
		t.Errorf("the exported replay defines the globals %q, want viz alone", got)
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
