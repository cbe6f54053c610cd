package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"idaviz/web/fold"
)

// korfQuery names a live run of Korf's first 15-puzzle node by node: its
// trace is far longer than any socket's buffers.
func korfQuery() url.Values {
	return url.Values{"puzzle": {"15puzzle"}, "state": {korf1}, "heuristic": {"manhattan"}, "goal": {"blank-first"}}
}

// rawGet sends GET path over a raw TCP connection (closed at the end of
// the test), with a receive buffer of rcvbuf bytes when rcvbuf > 0, and
// returns it with hangs to read the answer.
func rawGet(t *testing.T, ts *testServer, path string, rcvbuf int) net.Conn {
	t.Helper()
	addr := strings.TrimPrefix(ts.URL, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if tc, ok := conn.(*net.TCPConn); ok && rcvbuf > 0 {
		_ = tc.SetReadBuffer(rcvbuf)
	}
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, addr); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(hangs))
	return conn
}

// stalledGet sends GET path with a small receive buffer, reads the first n
// bytes of the answer and then stops reading, as a client that went quiet
// does; it returns the connection, still open.
func stalledGet(t *testing.T, ts *testServer, path string, n int) net.Conn {
	t.Helper()
	conn := rawGet(t, ts, path, 4096)
	if _, err := io.ReadFull(conn, make([]byte, n)); err != nil {
		t.Fatalf("reading the first %d bytes of %s: %v", n, path, err)
	}
	return conn
}

// statusOf sends GET path over a raw TCP connection and returns the status
// code of the answer (without reading its body).
func statusOf(t *testing.T, ts *testServer, path string) (int, net.Conn) {
	t.Helper()
	conn := rawGet(t, ts, path, 0)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return resp.StatusCode, conn
}

// TestDownloadStalledReaderFreesSlot: with one search slot, a client that
// asks for a live run's trace, reads 200 bytes and stops reading holds the
// slot only until a write of the download times out; then a tab's search
// gets the slot and runs.
func TestDownloadStalledReaderFreesSlot(t *testing.T) {
	old := downloadWriteWait
	downloadWriteWait = 300 * time.Millisecond
	defer func() { downloadWriteWait = old }()
	ts := newTestServer(t, Options{MaxSearches: 1})
	var changed <-chan struct{}
	ts.web.slots.changed, changed = signal()
	stalledGet(t, ts, "/api/trace?"+korfQuery().Encode(), 200)
	stalled := time.Now()
	// The stall is seen within the write wait; a machine under load gets
	// many times that, not the search's whole re-run (minutes).
	const within = 20 * time.Second
	timeout := time.After(within)
	for len(ts.web.slots.c) != 0 {
		select {
		case <-changed:
		case <-timeout:
			t.Fatalf("the stalled download still holds its search slot after %v", within)
		}
	}
	t.Logf("the stalled download gave its slot back %v after its client stopped reading", time.Since(stalled).Round(time.Millisecond))
	c := dial(t, ts)
	c.send(korfStart(true))
	c.until(within, "a tab's search computing", func(m *msg) bool {
		return isState(m) && m.Status == "running" && m.Active.Generated > 0
	})
}

// TestDownloadStalledReplayFreesSlot: a replay's download of its trace to
// a client that stopped reading gives its slot back too.
func TestDownloadStalledReplayFreesSlot(t *testing.T) {
	old := downloadWriteWait
	downloadWriteWait = 300 * time.Millisecond
	defer func() { downloadWriteWait = old }()
	ts := newTestServer(t, Options{MaxSearches: 1, Recording: bigRecording(t)})
	var changed <-chan struct{}
	ts.web.slots.changed, changed = signal()
	stalledGet(t, ts, "/api/trace", 200)
	timeout := time.After(20 * time.Second)
	for len(ts.web.slots.c) != 0 {
		select {
		case <-changed:
		case <-timeout:
			t.Fatal("the stalled replay download still holds its search slot")
		}
	}
}

// TestDownloadsPerClientCap: on a remote server, one client's downloads
// at once are capped as its tabs are (each download holds a search slot):
// with a cap of 2, a third is refused with 429 and names the cap, and once
// one ends another is served. Tabs are counted apart: a client with its cap
// of tabs open can still download what they show.
func TestDownloadsPerClientCap(t *testing.T) {
	ts := newTestServer(t, Options{AllowRemote: true, MaxSessionsPerClient: 2, MaxSearches: 4})
	ended := make(chan struct{}, 16)
	ts.web.onDownloadEnd = func() { ended <- struct{}{} }
	path := "/api/trace?" + korfQuery().Encode()
	first := stalledGet(t, ts, path, 200)
	stalledGet(t, ts, path, 200)
	code, _ := statusOf(t, ts, path)
	if code != http.StatusTooManyRequests {
		t.Fatalf("a third download at once from one client: HTTP %d, want 429", code)
	}
	resp, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), "at most 2") {
		t.Fatalf("a fourth: HTTP %d %q, want 429 naming the cap", resp.StatusCode, body)
	}
	// The refused ones ended; closing the first download ends it too (the
	// second may have timed out by now, one more).
	first.Close()
	for range 3 {
		select {
		case <-ended:
		case <-time.After(hangs):
			t.Fatal("the closed download never ended")
		}
	}
	q := korfQuery()
	q.Set("events", "10")
	code, _ = statusOf(t, ts, "/api/trace?"+q.Encode())
	if code != http.StatusOK {
		t.Fatalf("a download once one ended: HTTP %d, want 200", code)
	}
	// A download gives its slot back when its handler returns, which can
	// be after the client has read the body; one of the two still counted
	// (the short one above, and the first or the second stalled one) must
	// end before the cap leaves room again.
	select {
	case <-ended:
	case <-time.After(hangs):
		t.Fatal("neither the short download nor a stalled one ended")
	}
	// Two tabs open (the cap): a download is still served.
	dial(t, ts).until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" })
	dial(t, ts).until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" })
	resp, err = http.Get(ts.URL + "/api/trace?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a download with the cap of tabs open: HTTP %d, want 200", resp.StatusCode)
	}
}

// bigRecording is a replay of Korf #1's first million events, node by node
// (some 12 MB of trace: more than a socket buffers).
func bigRecording(t *testing.T) *fold.Recording {
	t.Helper()
	ts := newTestServer(t, Options{})
	q := korfQuery()
	q.Set("events", "1000000")
	path := filepath.Join(t.TempDir(), "korf1.trace")
	if err := os.WriteFile(path, getBytes(t, ts.URL+"/api/trace?"+q.Encode()), 0o644); err != nil {
		t.Fatal(err)
	}
	// Cut at its millionth event, the trace has no run-end: the events
	// before it replay.
	rec, err := fold.OpenTrace(path, fold.IndexOptions{})
	if rec == nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rec.Close() })
	return rec
}
