package web

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"idaviz/trace"
	"idaviz/web/fold"
)

// korf1 is Korf's first 15-puzzle instance (blank-first goal): some 276
// million nodes, a search that outlasts any test.
const korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"

type testServer struct {
	*httptest.Server
	web *Server
}

func newTestServer(t testing.TB, opt Options) *testServer {
	t.Helper()
	s := New(opt)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return &testServer{Server: hs, web: s}
}

func (ts *testServer) wsURL() string { return "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws" }

// client is a test's websocket to a session.
type client struct {
	t    testing.TB
	conn *websocket.Conn
}

func dial(t testing.TB, ts *testServer) *client {
	t.Helper()
	h := http.Header{"Origin": {ts.URL}}
	conn, resp, err := websocket.DefaultDialer.Dial(ts.wsURL(), h)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial: %v (HTTP %d)", err, status)
	}
	t.Cleanup(func() { conn.Close() })
	return &client{t: t, conn: conn}
}

func (c *client) send(v any) {
	c.t.Helper()
	if err := c.conn.WriteJSON(v); err != nil {
		c.t.Fatalf("send: %v", err)
	}
}

// msg is a decoded server message; only what the tests read.
type msg struct {
	Type    string         `json:"type"`
	Message string         `json:"message"`
	Status  string         `json:"status"`
	Mode    string         `json:"mode"`
	Active  *fold.RunView  `json:"active"`
	Runs    []fold.RunView `json:"runs"`
	Tree    *fold.TreeView `json:"tree"`
	Node    *fold.NodeView `json:"node"`
	Charts  map[string]json.RawMessage
	Replay  *fold.ReplayPos `json:"replay"`
	State   string          `json:"state"`
	Event   string          `json:"event"`
	// Lockstep is the runs moving in lock-step (lockstep.go).
	Lockstep *fold.LockView `json:"lockstep"`
	// Seq is the number of the page's last message handled.
	Seq int64 `json:"seq"`
}

// until reads messages until one satisfies ok, or fails after timeout.
func (c *client) until(timeout time.Duration, what string, ok func(m *msg) bool) *msg {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		_ = c.conn.SetReadDeadline(deadline)
		var m msg
		_, data, err := c.conn.ReadMessage()
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", what, err)
		}
		if err := json.Unmarshal(data, &m); err != nil {
			c.t.Fatalf("waiting for %s: bad message %q: %v", what, data, err)
		}
		if ok(&m) {
			return &m
		}
	}
}

func isState(m *msg) bool { return m.Type == "state" && m.Active != nil }

// sweeps reports whether the exhaustive checks run (IDAVIZ_TEST_SWEEPS=1,
// a gated step of .ci/run): every walk of the renderers' moves, Back on
// Korf #1's 813,039 events. Without it a sample of the same checks runs,
// which still fails where the page and Go disagree.
func sweeps() bool { return os.Getenv("IDAVIZ_TEST_SWEEPS") == "1" }

// viewports are the window sizes a layout test checks: an instructor's
// 1440x900 and a projector's 1280x720 under IDAVIZ_TEST_SWEEPS (.ci/run's
// sweep step), the projector's alone in a quick run: the tighter of the
// two, where a layout breaks first.
func viewports[T int | int64]() [][2]T {
	if sweeps() {
		return [][2]T{{1440, 900}, {1280, 720}}
	}
	return [][2]T{{1280, 720}}
}

// hangs is how long a test waits for what must happen before it calls it
// a hang: generous, for a machine under load; nothing waits this long when
// all is well. Every wait of this package's tests for a reply, a state or
// an end uses it, so that a loaded machine slows them without failing them
// (the browser tests' waits are browserWait's).
const hangs = 60 * time.Second

// blockAt is a run's search waiting for the page (paused) after events
// events.
type blockAt struct {
	run    int
	events int64
}

// watchBlocks reports each time a run's search of ts waits for the page;
// set it before the tab opens.
func watchBlocks(ts *testServer) <-chan blockAt {
	c := make(chan blockAt, 4096)
	ts.web.onBlock = func(run int, events int64) {
		select {
		case c <- blockAt{run, events}:
		default:
		}
	}
	return c
}

// blockedWhen waits until a search waits for the page where ok says, and
// returns that wait.
func blockedWhen(t testing.TB, c <-chan blockAt, what string, ok func(blockAt) bool) blockAt {
	t.Helper()
	timeout := time.After(hangs)
	for {
		select {
		case b := <-c:
			if ok(b) {
				return b
			}
		case <-timeout:
			t.Fatalf("waiting for %s: the search never waited for the page there", what)
		}
	}
}

// signal is a test hook that tells a channel (capacity 1: news coalesces),
// and the channel.
func signal() (func(), chan struct{}) {
	c := make(chan struct{}, 1)
	return func() {
		select {
		case c <- struct{}{}:
		default:
		}
	}, c
}

// waitFor waits until cond holds, looking again each time changed says
// something changed, for at most hangs.
func waitFor(t testing.TB, what string, changed <-chan struct{}, cond func() bool) {
	t.Helper()
	timeout := time.After(hangs)
	for !cond() {
		select {
		case <-changed:
		case <-timeout:
			t.Fatalf("waiting for %s: it never came", what)
		}
	}
}

// waitGoroutines waits until the goroutine count is back to at most n: a
// check that whatever a test started has ended, what it knows of and what
// it does not. The count has no event to wait on, so it is looked at again
// every few milliseconds, for up to hangs.
func waitGoroutines(t testing.TB, n int) {
	t.Helper()
	deadline := time.Now().Add(hangs)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		g := runtime.NumGoroutine()
		if g <= n {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("%d goroutines, want at most %d:\n%s", g, n, buf)
		}
		<-tick.C
	}
}

// sliceReader plays events back as trace.Reader does.
type sliceReader struct {
	events []trace.Event
	err    error // returned after the events (nil: io.EOF)
}

func (r *sliceReader) Next() (*trace.Event, error) {
	if len(r.events) == 0 {
		if r.err != nil {
			return nil, r.err
		}
		return nil, ioEOF
	}
	e := r.events[0]
	r.events = r.events[1:]
	return &e, nil
}

func describe(v fold.RunView) string {
	return fmt.Sprintf("status %s, %d/%d/%d", v.Status, v.Expanded, v.Generated, v.Pruned)
}

var ioEOF = io.EOF
