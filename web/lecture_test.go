package web

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"idaviz/internal/atomicfile"
	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// TestSaveLecture is the served replay's bookmarks: the page's save goes to
// the sidecar (checked against the trace's limits, written whole), and a
// tab opened later gets what was saved.
func TestSaveLecture(t *testing.T) {
	t.Parallel()
	rec, err := fold.LoadRecording(&sliceReader{events: testrun.Record(t, trace.LevelNode, testrun.State)}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.trace.lecture.json")
	fp := trace.RecordingOf(&rec.Info, int64(len(rec.Events)))
	ts := newTestServer(t, Options{Recording: rec, LecturePath: path, TraceName: "run.trace",
		Lecture: &trace.Lecture{Version: 1, Recording: &fp, Bookmarks: []trace.Bookmark{}}})
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
	// The server writes the recording's fingerprint, which the page does
	// not send.
	if onDisk.Recording == nil || *onDisk.Recording != fp {
		t.Errorf("the sidecar's recording is %v, want %v", onDisk.Recording, fp)
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
		m := c.until(hangs, "the refusal", func(m *msg) bool { return m.Type == "error" || m.Type == "lecture" })
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
	if m := live.until(hangs, "the refusal", func(m *msg) bool { return m.Type == "error" }); !strings.Contains(m.Message, "viz replay") {
		t.Errorf("a live page's save: %q", m.Message)
	}
}

// readLecture reads messages until a lecture message, and decodes it.
func readLecture(t *testing.T, c *client, what string) lectureMsg {
	t.Helper()
	deadline := time.Now().Add(hangs)
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
	t.Parallel()
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
	t.Parallel()
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

// lectureFile writes a lecture file with one bookmark, mode 0644, and
// returns its path and stamp.
func lectureFile(t *testing.T, title string) (string, atomicfile.Stamp) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.trace.lecture.json")
	l := trace.Lecture{Version: 1, Bookmarks: []trace.Bookmark{{Event: 1, Title: title}}}
	var b strings.Builder
	l.WriteTo(&b)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	stamp, err := atomicfile.StampOf(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, stamp
}

func saveTitles(c *client, titles ...string) {
	l := trace.Lecture{Version: 1, Bookmarks: []trace.Bookmark{}}
	for _, ti := range titles {
		l.Bookmarks = append(l.Bookmarks, trace.Bookmark{Event: 2, Title: ti})
	}
	c.send(map[string]any{"type": "save-lecture", "lecture": l})
}

func fileTitles(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := trace.ReadLecture(f, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range l.Bookmarks {
		out = append(out, b.Title)
	}
	return out
}

// TestRemoteTabsReadOnly: with --allow-remote, a tab from another machine
// cannot overwrite or wipe the lecturer's bookmarks (one save emptied the
// file and made it 0600) unless the lecturer allows it; an allowed save
// keeps the file it replaces as FILE.bak, and the file's mode.
func TestRemoteTabsReadOnly(t *testing.T) {
	t.Parallel()
	rec, err := fold.LoadRecording(&sliceReader{events: testrun.Record(t, trace.LevelNode, testrun.State)}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	for _, allow := range []bool{false, true} {
		path, stamp := lectureFile(t, "the lecturer's")
		ts := newTestServer(t, Options{Recording: rec, LecturePath: path, LectureStamp: stamp, AllowRemote: true, RemoteBookmarks: allow})
		ts.web.onSession = func(ss *session) { ss.remote = true } // as a tab of another machine
		student := dial(t, ts)
		if m := readLecture(t, student, "the opening bookmarks"); m.ReadOnly == allow {
			t.Errorf("allowed %v: the tab is told readOnly %v", allow, m.ReadOnly)
		}
		saveTitles(student)
		m := student.until(hangs, "the save's answer", func(m *msg) bool { return m.Type == "error" || m.Type == "lecture" })
		if !allow {
			if m.Type != "error" || !strings.Contains(m.Message, "read-only from other machines") {
				t.Errorf("a remote tab's save: %s %q, want refused", m.Type, m.Message)
			}
			if got := fileTitles(t, path); len(got) != 1 {
				t.Errorf("the file holds %q after a refused save", got)
			}
			continue
		}
		if m.Type != "lecture" {
			t.Fatalf("an allowed save: %s %q", m.Type, m.Message)
		}
		if got, bak := fileTitles(t, path), fileTitles(t, path+".bak"); len(got) != 0 || len(bak) != 1 || bak[0] != "the lecturer's" {
			t.Errorf("the file holds %q, its backup %q", got, bak)
		}
		for _, p := range []string{path, path + ".bak"} {
			if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
				t.Errorf("%s: mode %v, want its 0644 kept", filepath.Base(p), fi.Mode().Perm())
			}
		}
	}
}

// TestSameMachine: a tab over loopback, or from the address the server is
// reached at, is the lecturer's machine; any other address is remote.
func TestSameMachine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		remote, local string
		same          bool
	}{
		{"127.0.0.1:5000", "127.0.0.1:8080", true},
		{"[::1]:5000", "[::1]:8080", true},
		{"192.0.2.7:5000", "192.0.2.7:8080", true},
		{"192.0.2.8:5000", "192.0.2.7:8080", false},
		{"garbage", "192.0.2.7:8080", false},
	} {
		r := httptest.NewRequest("GET", "/ws", nil)
		r.RemoteAddr = tc.remote
		local, _ := net.ResolveTCPAddr("tcp", tc.local)
		r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, local))
		if got := sameMachine(r); got != tc.same {
			t.Errorf("%s to %s: same machine %v, want %v", tc.remote, tc.local, got, tc.same)
		}
	}
}

// TestTwoReplaysOneFile: two replays of one trace save one sidecar. A save
// over the file the other replay changed since is refused, says so, and
// shows the file's bookmarks; made again, it goes through, the other's
// kept as FILE.bak. The tabs of one replay get each other's saves.
func TestTwoReplaysOneFile(t *testing.T) {
	t.Parallel()
	rec, err := fold.LoadRecording(&sliceReader{events: testrun.Record(t, trace.LevelNode, testrun.State)}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	path, stamp := lectureFile(t, "read at start")
	a := newTestServer(t, Options{Recording: rec, LecturePath: path, LectureStamp: stamp})
	b := newTestServer(t, Options{Recording: rec, LecturePath: path, LectureStamp: stamp})
	a1, a2, b1 := dial(t, a), dial(t, a), dial(t, b)
	for _, c := range []*client{a1, a2, b1} {
		readLecture(t, c, "the opening bookmarks")
	}
	saveTitles(a1, "from A")
	if m := readLecture(t, a1, "A's answer"); !m.Saved {
		t.Fatalf("A's save: %+v", m)
	}
	if m := readLecture(t, a2, "A's other tab"); m.Saved || len(m.Lecture.Bookmarks) != 1 || m.Lecture.Bookmarks[0].Title != "from A" {
		t.Errorf("A's other tab got %+v, want A's save", m)
	}
	saveTitles(b1, "from B")
	// The tab is shown the file's bookmarks, then told why its save was
	// refused.
	if m := readLecture(t, b1, "the file's bookmarks"); m.Saved || len(m.Lecture.Bookmarks) != 1 || m.Lecture.Bookmarks[0].Title != "from A" {
		t.Errorf("B's tab shows %+v, want the file's (A's)", m)
	}
	m := b1.until(hangs, "B's refusal", func(m *msg) bool { return m.Type == "error" })
	if !strings.Contains(m.Message, "changed since this replay read it") {
		t.Errorf("B's save over A's: %q", m.Message)
	}
	if got := fileTitles(t, path); len(got) != 1 || got[0] != "from A" {
		t.Errorf("the file holds %q after B's refused save", got)
	}
	saveTitles(b1, "from A", "from B")
	if m := readLecture(t, b1, "B's answer"); !m.Saved {
		t.Fatalf("B's save made again: %+v", m)
	}
	if got, bak := fileTitles(t, path), fileTitles(t, path+".bak"); len(got) != 2 || len(bak) != 1 || bak[0] != "from A" {
		t.Errorf("the file holds %q, its backup %q", got, bak)
	}
}
