package web

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"idaviz/internal/browsertest"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/export"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// The lecture (docs/GUIDE.md): bookmarks with notes, deep links, and the page's
// downloads, in headless chromium.

// allowDownloads makes the browser save downloads into a temporary folder
// and returns it.
func (b *browser) allowDownloads() string { return b.AllowDownloads() }

// download runs start, which makes the page download a file, and returns
// the file's content once the download completes.
func (b *browser) download(what, dir string, start chromedp.Action[chromedp.Void]) []byte {
	b.t.Helper()
	return b.Download(what, dir, start)
}

func byTestID(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }

// typeBookmark fills the bookmark editor.
func typeBookmark(b *browser, title, note string) {
	b.t.Helper()
	js[bool](b, "the editor", fmt.Sprintf(`q('bookmark-title').value = %q, q('bookmark-note').value = %q, true`, title, note))
}

// TestBrowserLectureExport is a lecture given from an exported file, opened
// from disk with the network off: a deep link, bookmarks embedded and added,
// PageDown and PageUp between them, a play to the next one, the note over
// the tree in presentation mode at 1280x720, and the bookmarks downloaded
// as the sidecar.
func TestBrowserLectureExport(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	n := int64(len(rec.Events))
	lec := &trace.Lecture{Version: 1, Bookmarks: []trace.Bookmark{
		{Event: 2, Title: "The root's children", Note: "Each child's f = g + h is checked against the bound."},
		{Event: 40, Title: "Deeper", Note: "The bound has risen: f values the last iteration pruned are now within it."},
	}}
	path := filepath.Join(t.TempDir(), "replay.html")
	var page bytes.Buffer
	if err := export.HTML(&page, rec, export.Options{Lecture: lec, TraceName: "/somewhere/run.trace"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	b := openBrowser(t, browserDeadline)
	b.offline()
	b.do("the window size", chromedp.EmulateViewport(1440, 900))
	// A deep link to an event.
	b.do("opening the export at event 7", chromedp.Navigate("file://"+path+"#event=7"))
	b.wait("the linked event", `window.viz.mode === 'replay' && window.viz.event === 7 && window.viz.status === 'paused'`)
	js[bool](b, "helpers", pageJS)
	if v := b.viz(); v.Events != n {
		t.Errorf("the export says %d events, the trace has %d", v.Events, n)
	}
	b.do("step", chromedp.Click(byTestID("step")))
	b.wait("the address follows the step", `window.viz.event === 8 && location.hash === '#event=8'`)
	if got := js[[]trace.Bookmark](b, "the bookmarks", `window.viz.bookmarks`); len(got) != 2 || got[1].Event != 40 || got[1].Title != "Deeper" {
		t.Errorf("window.viz.bookmarks of the export: %+v", got)
	}
	if got := js[int](b, "the list", `q('bookmark-list').querySelectorAll('li').length`); got != 2 {
		t.Errorf("the bookmark list shows %d items", got)
	}

	// Add one at event 4 (the first prune), with a title and a note: it goes
	// between the two (the trace's order).
	b.do("seek to 4", chromedp.Evaluate[chromedp.Void](`q('seek').value = 4, q('seek').dispatchEvent(new Event('change'))`))
	b.wait("event 4", `window.viz.event === 4`)
	typeBookmark(b, "A prune", "f > bound: this child is cut off.\nIts f is a candidate for the next bound.")
	b.do("add", chromedp.Click(byTestID("bookmark-add")))
	b.wait("three bookmarks", `window.viz.bookmarks.length === 3 && window.viz.bookmarks[1].event === 4`)
	b.wait("the note over the tree", `!q('bookmark-note-view').hidden && q('bookmark-note-text').textContent.startsWith('f > bound')`)

	// PageUp, PageDown: from bookmark to bookmark, the note with each.
	b.do("PageUp", chromedp.KeyEvent(kb.PageUp))
	b.wait("the first bookmark", `window.viz.event === 2 && q('bookmark-note-text').textContent.startsWith('Each child')`)
	b.do("PageDown", chromedp.KeyEvent(kb.PageDown))
	b.wait("the second", `window.viz.event === 4`)
	b.do("PageDown", chromedp.KeyEvent(kb.PageDown))
	b.wait("the third", `window.viz.event === 40 && !q('bookmark-note-view').hidden`)
	b.do("bookmark-prev", chromedp.Click(byTestID("bookmark-prev")))
	b.wait("back to the second", `window.viz.event === 4`)
	b.do("step off the bookmark", chromedp.Click(byTestID("step")))
	b.wait("the note goes with the step off", `window.viz.event === 5 && q('bookmark-note-view').hidden`)
	// Play to the next bookmark: it stops there, paused.
	b.do("speed", chromedp.Evaluate[chromedp.Void](`q('speed').value = 7, q('speed').dispatchEvent(new Event('input'))`))
	b.do("play to the next bookmark", chromedp.Click(byTestID("bookmark-play")))
	// (The server plays on until the page's word reaches it: the page
	// lands on the bookmark with a seek, which pauses there for good.)
	b.wait("stopped at it", `window.viz.event === 40 && window.viz.status === 'paused' && !q('bookmark-note-view').hidden`)
	b.do("bookmark-next at the last", chromedp.Click(byTestID("bookmark-next")))
	b.wait("it says there is none", `q('error').textContent.includes('no bookmark after')`)

	// Edit the third's title, move it up, delete the first.
	b.do("edit", chromedp.Click(chromedp.CSS(`[data-testid=bookmark-list] li:nth-child(3) .bm-tools button:nth-child(3)`)))
	js[bool](b, "the new title", `q('bookmark-title').value = 'Deeper still', true`)
	b.do("save", chromedp.Click(byTestID("bookmark-save")))
	b.do("up", chromedp.Click(chromedp.CSS(`[data-testid=bookmark-list] li:nth-child(3) .bm-tools button:nth-child(1)`)))
	b.do("delete", chromedp.Click(chromedp.CSS(`[data-testid=bookmark-list] li:nth-child(1) .bm-tools button:nth-child(4)`)))
	b.wait("edited, moved, deleted", `JSON.stringify(window.viz.bookmarks) === JSON.stringify([{event: 40, title: 'Deeper still'}, {event: 4, title: 'A prune'}])`)

	// Presentation mode at 1280x720 with a note: nothing off screen or
	// overlapping, text of 16 px and up.
	b.do("1280x720", chromedp.EmulateViewport(1280, 720))
	b.do("present", chromedp.KeyEvent("p"))
	b.do("PageDown", chromedp.KeyEvent(kb.PageDown))
	b.wait("presenting the bookmark", `window.viz.presentation && window.viz.event === 4 && !q('bookmark-note-view').hidden`)
	if bad := settle(b, "the layout", presentLayoutJS); len(bad) > 0 {
		t.Errorf("presentation at 1280x720 with a note: %s", strings.Join(bad, "; "))
	}
	if bad := js[[]string](b, "the note", `(() => {
		const bad = [], n = q('bookmark-note-view').getBoundingClientRect(), tr = q('tree').getBoundingClientRect();
		if (n.bottom > tr.top + 1 || n.left < tr.left - 1 || n.right > tr.right + 1) bad.push('the note is not above the tree: ' + JSON.stringify([n, tr]));
		if (tr.height < n.height || tr.height < 450) bad.push('the note leaves the tree ' + Math.round(tr.height) + ' px');
		if (parseFloat(getComputedStyle(q('bookmark-note-text')).fontSize) < 22) bad.push('the note is small for a projector');
		for (const id of ['bookmark-next', 'bookmark-prev', 'bookmark-play']) { const r = q(id).getBoundingClientRect(); if (r.bottom > innerHeight || r.width === 0) bad.push(id + ' is off screen'); }
		return bad;
	})()`); len(bad) > 0 {
		t.Errorf("presentation: %s", strings.Join(bad, "; "))
	}
	shot(t, b.ctx, "lecture-present-1280x720")
	b.do("p", chromedp.KeyEvent("p"))

	// The bookmarks go home as the trace's sidecar.
	dir := b.allowDownloads()
	data := b.download("download the bookmarks", dir, chromedp.Click(byTestID("bookmark-download")))
	got, err := trace.ReadLecture(bytes.NewReader(data), n)
	if err != nil || len(got.Bookmarks) != 2 || got.Bookmarks[0].Title != "Deeper still" || !strings.Contains(got.Bookmarks[1].Note, "\nIts f") {
		t.Errorf("the downloaded sidecar: %+v (%v)\n%s", got, err, data)
	}
	if name := js[string](b, "the name", `window.viz.page.lectureFileName()`); name != "run.trace.lecture.json" {
		t.Errorf("the bookmarks download as %q", name)
	}

	// A deep link to a bookmark (0: the first, as in window.viz.bookmarks).
	// (A page of its own: the same address but for the fragment would only
	// change the hash, as a link clicked in the page does.)
	b.do("another page", chromedp.Navigate("about:blank"))
	b.do("open at bookmark 1", chromedp.Navigate("file://"+path+"#bookmark=1"))
	b.wait("the linked bookmark", `window.viz.event === 40 && !document.querySelector('[data-testid=bookmark-note-view]').hidden`)
	b.do("a link to a bookmark that is not there", chromedp.Evaluate[chromedp.Void](`location.hash = '#bookmark=9'`))
	b.wait("it says so", `document.querySelector('[data-testid=error]').textContent.includes('bookmark 9')`)

	requests, exceptions := b.seen()
	for _, x := range exceptions {
		t.Errorf("the exported page threw: %s", x)
	}
	for _, r := range requests {
		if !strings.HasPrefix(r, "file://") && !strings.HasPrefix(r, "data:") && !strings.HasPrefix(r, "blob:") {
			t.Errorf("the exported page made a request: %s", r)
		}
	}
}

// TestBrowserLectureServed is viz replay FILE: a bookmark added in the page
// is saved to the sidecar beside the trace, and a reload (or another tab)
// opens with it; a deep link to it opens there.
func TestBrowserLectureServed(t *testing.T) {
	t.Parallel()
	// As viz replay serves it: the file indexed, not loaded.
	rec, err := fold.OpenTrace(testrun.Write(t, testrun.Record(t, trace.LevelNode, testrun.State), trace.EncodingBinary), fold.IndexOptions{Every: 16})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rec.Close() })
	sidecar := filepath.Join(t.TempDir(), "run.trace.lecture.json")
	pageURL := servePageWith(t, Options{Recording: rec, LecturePath: sidecar, TraceName: "run.trace"})
	b := openBrowser(t, browserDeadline)
	b.do("the window size", chromedp.EmulateViewport(1440, 900))
	b.do("loading the page", chromedp.Navigate(pageURL+"#event=5"))
	b.wait("the linked event", `window.viz.event === 5 && window.viz.mode === 'replay'`)
	js[bool](b, "helpers", pageJS)
	typeBookmark(b, "Five", "the fifth event")
	b.do("add", chromedp.Click(byTestID("bookmark-add")))
	b.wait("saved", `q('lecture-status').textContent.includes('saved to run.trace.lecture.json')`)
	shot(t, b.ctx, "lecture-served")
	f, err := os.Open(sidecar)
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := trace.ReadLecture(f, int64(rec.Len()))
	f.Close()
	if err != nil || len(onDisk.Bookmarks) != 1 || onDisk.Bookmarks[0] != (trace.Bookmark{Event: 5, Title: "Five", Note: "the fifth event"}) {
		t.Fatalf("the sidecar: %+v (%v)", onDisk, err)
	}
	if js[bool](b, "the download button", `q('bookmark-download').offsetParent !== null`) {
		t.Errorf("a served replay offers to download its bookmarks: the server saves them")
	}
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("the end", `window.viz.status === 'solved'`)
	// A new load, not a jump within the page: the bookmarks come from the
	// server's sidecar, and the link is followed once they are in.
	b.do("reload at the bookmark", chromedp.Navigate("about:blank"), chromedp.Navigate(strings.SplitN(pageURL, "#", 2)[0]+"#bookmark=0"))
	b.wait("the saved bookmark, reloaded and followed", `window.viz.bookmarks.length === 1 && window.viz.bookmarks[0].title === 'Five' && window.viz.event === 5 && !document.querySelector('[data-testid=bookmark-note-view]').hidden`)

	// The replay's own trace and export come from the buttons.
	dir := b.allowDownloads()
	data := b.download("download-trace", dir, chromedp.Click(byTestID("download-trace")))
	rd, err := trace.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := fold.LoadRecording(rd, fold.DefaultMaxEvents); err != nil || len(got.Events) != rec.Len() {
		t.Errorf("the replay's download: %d events (%v), want %d", len(got.Events), err, rec.Len())
	}
	html := b.download("export-html", dir, chromedp.Click(byTestID("export-html")))
	if emb := testrun.ReadEmbedded(t, string(html)); emb.Lecture == nil || len(emb.Lecture.Bookmarks) != 1 || emb.Name != "run.trace" {
		t.Errorf("the replay's export carries %+v as %q", emb.Lecture, emb.Name)
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// TestBrowserDownloadRun is the live page's "download this run" and "export
// this run" after a search run to its end in the page, and the tree and a
// chart saved as SVG.
func TestBrowserDownloadRun(t *testing.T) {
	t.Parallel()
	puzzle := testrun.Puzzle
	if _, err := puzzles.Lookup("8puzzle"); err == nil {
		puzzle = "8puzzle"
	}
	b := openPage(t, 1440, 900)
	if !js[bool](b, "no run yet", `q('download-trace').disabled && q('export-html').disabled`) {
		t.Errorf("the download buttons work before any run")
	}
	js[bool](b, "the instance", fmt.Sprintf(`choose('puzzle', %q), q('heuristic').value = 'manhattan', q('state').value = %q, true`, puzzle, testrun.State))
	b.do("start", chromedp.Click(byTestID("start")))
	b.wait("a paused run", `window.viz.status === 'paused'`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("solved", `window.viz.status === 'solved'`)
	v := b.viz()

	dir := b.allowDownloads()
	data := b.download("download-trace", dir, chromedp.Click(byTestID("download-trace")))
	rd, err := trace.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := fold.LoadRecording(rd, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	end := rec.Events[len(rec.Events)-1]
	if int64(len(rec.Events)) != v.Events || end.Kind != trace.KindRunEnd || end.Totals.Expanded != v.Expanded || end.Totals.Generated != v.Generated || end.Totals.Pruned != v.Pruned {
		t.Errorf("the downloaded trace: %d events, ending %v %+v; the page: %d events, %d/%d/%d", len(rec.Events), end.Kind, end.Totals, v.Events, v.Expanded, v.Generated, v.Pruned)
	}

	html := b.download("export-html", dir, chromedp.Click(byTestID("export-html")))
	if n := len(testrun.ReadEmbedded(t, string(html)).TraceEvents(t)); int64(n) != v.Events {
		t.Errorf("the export holds %d events, the page saw %d", n, v.Events)
	}
	exported := filepath.Join(t.TempDir(), "run.html")
	if err := os.WriteFile(exported, html, 0o644); err != nil {
		t.Fatal(err)
	}

	tree := b.download("save-svg", dir, chromedp.Click(byTestID("save-svg")))
	if !bytes.Contains(tree, []byte("<svg")) || bytes.Count(tree, []byte("<circle")) < v.DrawnTreeNodes/2 || !bytes.Contains(tree, []byte(".pruned{fill:")) {
		t.Errorf("the tree's SVG (%d nodes drawn): %.300s", v.DrawnTreeNodes, tree)
	}
	if got := js[[]string](b, "the toolboxes", `['fhist', 'iterations-chart'].map((id) => Object.keys(window.viz.page.chart(q(id)).getOption().toolbox[0].feature).join())`); got[0] != "saveAsImage,mySVG" || got[1] != got[0] {
		t.Errorf("the charts' save buttons: %v", got)
	}
	chart := b.download("a chart as SVG", dir, chromedp.Evaluate[chromedp.Void](`window.viz.page.saveChartSVG('iterations-chart')`))
	browsertest.Keep(t, "browser-tree.svg", tree)
	browsertest.Keep(t, "browser-chart.svg", chart)
	if !bytes.HasPrefix(chart, []byte("<svg")) || !bytes.Contains(chart, []byte("<path")) {
		t.Errorf("the chart's SVG: %.300s", chart)
	}

	// The export replays the run offline to the same counts.
	b.do("open the export", chromedp.Navigate("file://"+exported))
	b.wait("the export", `window.viz.mode === 'replay' && window.viz.event === 0`)
	b.do("to the end", chromedp.Click(byTestID("to-end")))
	b.wait("solved", `window.viz.status === 'solved'`)
	if e := b.viz(); e.Generated != v.Generated || e.Expanded != v.Expanded || e.SolutionLength != v.SolutionLength {
		t.Errorf("the exported run ends %+v; the live one %+v", e, v)
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// TestBrowserReplayAddress: an exported replay opened at #event=500 or
// #bookmark=1 keeps that address (a link copied from it shares the step on
// screen); PageDown and PageUp go from where the page is after a seek; the
// position slider counts events from 0, as the address and the bookmarks
// do; the replay's empty tree asks for no Start.
func TestBrowserReplayAddress(t *testing.T) {
	t.Parallel()
	events := testrun.Record(t, trace.LevelNode, "8 1 2 4 3 6 0 7 5")
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) < 600 {
		t.Fatalf("%d events: too few for event 500", len(events))
	}
	lec := &trace.Lecture{Version: 1, Bookmarks: []trace.Bookmark{{Event: 40, Title: "forty"}, {Event: 60, Title: "sixty"}}}
	path := filepath.Join(t.TempDir(), "replay.html")
	var page bytes.Buffer
	if err := export.HTML(&page, rec, export.Options{Lecture: lec, TraceName: "run.trace"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b := openBrowser(t, 90*time.Second)
	b.do("the window size", chromedp.EmulateViewport(1440, 900))
	b.do("opening the export", chromedp.Navigate("file://"+path))
	b.wait("the first event", `window.viz.mode === 'replay' && window.viz.event === 0`)
	js[bool](b, "helpers", pageJS)
	if before := js[string](b, "the empty tree", `getComputedStyle(q('tree'), '::before').content`); strings.Contains(before, "Start") {
		t.Errorf("the replay's empty tree says %s", before)
	}
	for _, c := range []struct{ hash, want string }{{"#event=500", "#event=500"}, {"#bookmark=1", "#event=60"}} {
		b.do("opening "+c.hash, chromedp.Navigate("about:blank"), chromedp.Navigate("file://"+path+c.hash))
		b.wait("the linked event", fmt.Sprintf(`window.viz.mode === 'replay' && window.viz.event === %s`, strings.TrimPrefix(c.want, "#event=")))
		js[bool](b, "helpers", pageJS)
		// A state more, asked for: the address stays.
		n := js[int](b, "messages", `window.viz.messages`)
		js[bool](b, "a state", `window.viz.page.send({ type: 'tree', iteration: 0 }), true`)
		b.wait("the state", fmt.Sprintf(`window.viz.messages > %d`, n))
		if h := js[string](b, "the address", `location.hash`); h != c.want {
			t.Errorf("opened at %s, the address became %s", c.hash, h)
		}
	}
	// At bookmark 1 (event 60): a seek to the start, then PageDown goes to
	// the first bookmark after event 0, not the one after bookmark 1.
	slider := js[[]string](b, "the slider", `[q('seek').min, q('seek').value, document.getElementById('seek-label').textContent]`)
	if slider[0] != "0" || slider[1] != "60" || !strings.HasPrefix(slider[2], "event 60 / ") {
		t.Errorf("at event 60 the slider says min %s, value %s, %q", slider[0], slider[1], slider[2])
	}
	b.do("seek to the start", chromedp.Evaluate[chromedp.Void](`q('seek').value = 0, q('seek').dispatchEvent(new Event('change'))`))
	b.wait("event 0", `window.viz.event === 0`)
	b.do("PageDown", chromedp.KeyEvent(kb.PageDown))
	b.wait("the first bookmark after event 0", `window.viz.event === 40 || q('error').textContent !== ''`)
	if e := b.viz().Event; e != 40 {
		t.Errorf("PageDown from event 0 went to %d (%s)", e, js[string](b, "the error", `q('error').textContent`))
	}
	b.do("step", chromedp.KeyEvent("s"), chromedp.KeyEvent("s"))
	b.wait("event 42", `window.viz.event === 42`)
	b.do("PageUp", chromedp.KeyEvent(kb.PageUp))
	b.wait("the bookmark before event 42", `window.viz.event === 40 || q('error').textContent !== ''`)
	if e := b.viz().Event; e != 40 {
		t.Errorf("PageUp from event 42 went to %d", e)
	}
	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}
