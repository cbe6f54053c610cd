package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// TestSaveLecture is the served replay's bookmarks: the page's save goes to
// the sidecar (checked against the trace's limits, written whole), and a
// tab opened later gets what was saved.
func TestSaveLecture(t *testing.T) {
	rec, err := fold.LoadRecording(&sliceReader{events: testrun.Record(t, trace.LevelNode, testrun.State)}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.trace.lecture.json")
	ts := newTestServer(t, Options{Recording: rec, LecturePath: path, TraceName: "run.trace"})
	c := dial(t, ts)
	first := readLecture(t, c, "the opening bookmarks")
	if len(first.Lecture.Bookmarks) != 0 || first.Saved || first.File != "run.trace.lecture.json" {
		t.Errorf("a replay with no sidecar opens with %+v", first)
	}

	want := trace.Lecture{Version: 1, Bookmarks: []trace.Bookmark{
		{Event: 0, Title: "the root", Note: "h = 10, the first bound"},
		{Event: int64(len(rec.Events) - 1), Title: "solved", Note: "a long note\nover two lines"},
	}}
	c.send(map[string]any{"type": "save-lecture", "lecture": want})
	if got := readLecture(t, c, "the save's answer"); !got.Saved || len(got.Lecture.Bookmarks) != 2 {
		t.Errorf("the save answered %+v", got)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := trace.ReadLecture(f, int64(len(rec.Events)))
	f.Close()
	if err != nil || len(onDisk.Bookmarks) != 2 || onDisk.Bookmarks[1] != want.Bookmarks[1] {
		t.Fatalf("the sidecar holds %+v (%v)", onDisk, err)
	}

	// Refused: a bookmark past the end, a title too long, no lecture. The
	// file keeps the last good save.
	for _, bad := range []struct {
		lecture any
		want    string
	}{
		{trace.Lecture{Version: 1, Bookmarks: []trace.Bookmark{{Event: int64(len(rec.Events)), Title: "x"}}}, "outside the trace"},
		{trace.Lecture{Version: 1, Bookmarks: []trace.Bookmark{{Event: 1, Title: strings.Repeat("t", trace.MaxBookmarkTitle+1)}}}, "title longer"},
		{trace.Lecture{Version: 2}, "version 2"},
		{nil, "carries no lecture"},
	} {
		c.send(map[string]any{"type": "save-lecture", "lecture": bad.lecture})
		m := c.until(5*time.Second, "the refusal", func(m *msg) bool { return m.Type == "error" || m.Type == "lecture" })
		if m.Type != "error" || !strings.Contains(m.Message, bad.want) {
			t.Errorf("saving %+v: %s %q, want an error with %q", bad.lecture, m.Type, m.Message, bad.want)
		}
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "over two lines") {
		t.Errorf("a refused save changed the sidecar: %s", b)
	}
	if tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*tmp*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}

	// A tab opened now gets the saved bookmarks.
	if got := readLecture(t, dial(t, ts), "a new tab's bookmarks"); len(got.Lecture.Bookmarks) != 2 || got.Lecture.Bookmarks[0].Title != "the root" {
		t.Errorf("a new tab opens with %+v", got)
	}

	// A live page has no bookmarks to save.
	live := dial(t, newTestServer(t, Options{}))
	live.send(map[string]any{"type": "save-lecture", "lecture": want})
	if m := live.until(5*time.Second, "the refusal", func(m *msg) bool { return m.Type == "error" }); !strings.Contains(m.Message, "viz replay") {
		t.Errorf("a live page's save: %q", m.Message)
	}
}

// readLecture reads messages until a lecture message, and decodes it.
func readLecture(t *testing.T, c *client, what string) lectureMsg {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		_ = c.conn.SetReadDeadline(deadline)
		_, data, err := c.conn.ReadMessage()
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		var m lectureMsg
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if m.Type == "error" {
			t.Fatalf("waiting for %s: %s", what, data)
		}
		if m.Type == "lecture" {
			return m
		}
	}
}

// TestDownloadRun is the live page's "download this run": the server runs
// the search again and the trace it sends reads back with the counts of the
// run, all of it or up to the events the page saw.
func TestDownloadRun(t *testing.T) {
	ts := newTestServer(t, Options{})
	want := testrun.Record(t, trace.LevelNode, testrun.State)
	q := url.Values{"puzzle": {testrun.Puzzle}, "state": {testrun.State}, "heuristic": {"manhattan"}}
	for _, tc := range []struct {
		events string
		want   int
	}{{"", len(want)}, {"10", 10}, {"1", 1}} {
		v := url.Values{}
		for k, x := range q {
			v[k] = x
		}
		if tc.events != "" {
			v.Set("events", tc.events)
		}
		resp, err := http.Get(ts.URL + "/api/trace?" + v.Encode())
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("events=%s: HTTP %d, %q", tc.events, resp.StatusCode, resp.Header.Get("Content-Disposition"))
		}
		rd, err := trace.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := fold.LoadRecording(rd, fold.DefaultMaxEvents)
		resp.Body.Close()
		// A run downloaded before its end is a trace cut short where the
		// page was: it replays up to there.
		if rec == nil || (err != nil) != (tc.events != "") || err != nil && !strings.Contains(err.Error(), "without a run-end") {
			t.Fatalf("events=%s: %v", tc.events, err)
		}
		if len(rec.Events) != tc.want {
			t.Errorf("events=%s: %d events, want %d", tc.events, len(rec.Events), tc.want)
		}
		if tc.events == "" {
			end := rec.Events[len(rec.Events)-1]
			we := want[len(want)-1]
			if end.Kind != trace.KindRunEnd || end.Totals != we.Totals {
				t.Errorf("the downloaded run ends %+v, the engine's %+v", end.Totals, we.Totals)
			}
		}
	}

	for _, bad := range []string{"puzzle=nope", "puzzle=" + testrun.Puzzle + "&state=1+2&heuristic=manhattan",
		"puzzle=" + testrun.Puzzle + "&state=" + url.QueryEscape(testrun.State) + "&events=-1",
		"puzzle=" + testrun.Puzzle + "&state=" + url.QueryEscape(strings.Repeat("1 ", maxState))} {
		for _, api := range []string{"/api/trace?", "/api/export?"} {
			resp, err := http.Get(ts.URL + api + bad)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusBadRequest || len(body) == 0 {
				t.Errorf("%s%s: HTTP %d %q, want 400 with a reason", api, bad, resp.StatusCode, body)
			}
		}
	}
}

// TestExportRun is "export this run": the one-file replay of a live run,
// and of a served replay with its bookmarks inside.
func TestExportRun(t *testing.T) {
	ts := newTestServer(t, Options{})
	v := url.Values{"puzzle": {testrun.Puzzle}, "state": {testrun.State}, "heuristic": {"manhattan"}, "events": {"50"}}
	page := get(t, ts.URL+"/api/export?"+v.Encode())
	if n := len(testrun.ReadEmbedded(t, page).TraceEvents(t)); n != 50 {
		t.Errorf("the export of a run's first 50 events holds %d events", n)
	}

	rec, err := fold.LoadRecording(&sliceReader{events: testrun.Record(t, trace.LevelNode, testrun.State)}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	lec := &trace.Lecture{Version: 1, Bookmarks: []trace.Bookmark{{Event: 3, Title: "a </script> title"}}}
	rs := newTestServer(t, Options{Recording: rec, Lecture: lec, TraceName: "run.trace"})
	page = get(t, rs.URL+"/api/export")
	if strings.Count(page, "</script>") != strings.Count(page, "<script") {
		t.Errorf("the bookmark's title closed a script tag")
	}
	emb := testrun.ReadEmbedded(t, page)
	if emb.Name != "run.trace" || emb.Lecture == nil || len(emb.Lecture.Bookmarks) != 1 || emb.Lecture.Bookmarks[0].Title != "a </script> title" {
		t.Errorf("the replay's export embeds name %q, lecture %+v", emb.Name, emb.Lecture)
	}
	if b := getBytes(t, rs.URL+"/api/trace"); len(b) == 0 {
		t.Error("the replay's download is empty")
	} else if rd, err := trace.NewReader(strings.NewReader(string(b))); err != nil {
		t.Error(err)
	} else if got, err := fold.LoadRecording(rd, fold.DefaultMaxEvents); err != nil || len(got.Events) != len(rec.Events) {
		t.Errorf("the replay's download reads back %v events (%v), want %d", got, err, len(rec.Events))
	}
}

func get(t *testing.T, u string) string { return string(getBytes(t, u)) }

func getBytes(t *testing.T, u string) []byte {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: HTTP %d %v %.200s", u, resp.StatusCode, err, b)
	}
	return b
}
