package web

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"idaviz/internal/atomicfile"
	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// FuzzHandle feeds the session's message handler arbitrary bytes: it must
// answer with an error or act, never panic, and never hang.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"type":"start","puzzle":"` + testrun.Puzzle + `","state":"` + testrun.State + `","fast":true}`,
		`{"type":"start","puzzle":"` + testrun.Puzzle + `","state":"1 2 3 4 5 6 7 8 0","algorithm":"astar"}`,
		`{"type":"step","n":3}`, `{"type":"play","n":1e9}`, `{"type":"seek","pos":-1}`,
		`{"type":"scramble","puzzle":"` + testrun.Puzzle + `","depth":5}`, `{"type":"node","id":1}`,
		`{"type":"back"}`, `{"type":"clear"}`, `{"type":"cancel"}`,
		`[]`, `null`, `"x"`, `{"type":`, "",
		` {"type":"back"}`, ` {"type":"seek","pos":7}`, ` {"type":"step","n":5}`, ` {"type":"to-bound"}`,
		` {"type":"save-lecture","lecture":{"version":1,"bookmarks":[{"event":3,"title":"t","note":"n"}]}}`,
		` {"type":"save-lecture","lecture":{"version":1,"bookmarks":[{"event":1e30,"title":"\ud800"}]}}`,
		`{"type":"save-lecture","lecture":{"version":1}}`,
	} {
		f.Add([]byte(s))
	}
	events := testrun.Record(f, trace.LevelNode, testrun.State)
	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithCancel(context.Background())
		// A space first makes it a replay session: the same message, the
		// other mode.
		var o origin = liveOrigin{}
		var lec *lectureStore
		if len(data) > 0 && data[0] == ' ' {
			o = replayOrigin{rec: rec}
			lec = newLectureStore("", int64(len(rec.Events)), nil, atomicfile.Stamp{}, false) // kept in memory: no file
		}
		s := newSession(o, fold.DefaultTreeLimit, nil)
		s.lecture = lec
		s.open(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = s.handle(data)
			_ = s.handle([]byte(`{"type":"to-end"}`))
			_ = s.state()
		}()
		select {
		case <-done:
		case <-time.After(hangs):
			t.Fatalf("handle(%q) hangs", data)
		}
		cancel()
		s.close()
	})
}

// FuzzHostOrigin: the Host and Origin checks take any header without
// panicking, and never accept a name that is not loopback.
func FuzzHostOrigin(f *testing.F) {
	for _, s := range []string{"127.0.0.1:8080", "localhost", "[::1]:80", "evil.com", "127.0.0.1.evil.com", "[", "::1", "%", ""} {
		f.Add(s, "http://"+s)
	}
	srv := New(Options{})
	f.Fuzz(func(t *testing.T, host, origin string) {
		ok := isLoopbackHost(host)
		r := httptest.NewRequest("GET", "/ws", nil)
		r.Host = host
		r.Header.Set("Origin", origin)
		if srv.checkOrigin(r) && !ok {
			t.Fatalf("origin %q accepted for the non-loopback host %q", origin, host)
		}
		_, _ = CheckListenAddr(host, false)
	})
}
