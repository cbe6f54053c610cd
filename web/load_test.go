package web

import (
	"context"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"idaviz/internal/race"
	"idaviz/web/internal/testrun"
)

func korfStart(fast bool) map[string]any {
	return map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": korf1, "goal": "blank-first",
		"heuristic": "manhattan", "fast": fast}
}

// TestDisconnectCancels: a tab that goes away cancels its search within
// 100 ms and leaves no goroutine behind, whether the search was running free
// (iteration level), running node by node, playing, or paused inside an
// event. The machine the tests share may be busy: a latency over the limit
// is measured again, up to three times, before it fails.
func TestDisconnectCancels(t *testing.T) {
	for _, tc := range []struct {
		name string
		fast bool
		mode string
	}{
		{"free run", true, "to-end"},
		{"node run", false, "to-end"},
		{"paused", false, "pause"},
		{"playing", false, "play"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			limit := 100 * time.Millisecond
			if race.Enabled {
				limit *= 5 // the race detector slows the engine about tenfold
			}
			var worst []time.Duration
			for attempt := 0; attempt < 3; attempt++ {
				d := disconnectLatency(t, tc.fast, tc.mode)
				if d <= limit {
					t.Logf("the search stopped %v after the tab went away", d)
					return
				}
				worst = append(worst, d)
			}
			t.Errorf("the search stopped %v after the tab went away (limit %v)", worst, limit)
		})
	}
}

func disconnectLatency(t *testing.T, fast bool, mode string) time.Duration {
	ts := newTestServer(t, Options{})
	ended := make(chan time.Time, 1)
	ts.web.onRunEnd = func() { ended <- time.Now() }
	blocks := watchBlocks(ts)
	before := runtime.NumGoroutine()
	c := dial(t, ts)
	c.send(korfStart(fast))
	if mode == "pause" {
		c.send(map[string]any{"type": "step", "n": 3})
	} else {
		c.send(map[string]any{"type": mode})
	}
	c.until(hangs, "a running search", func(m *msg) bool { return isState(m) && m.Active.Events > 1 })
	if mode == "pause" {
		// Paused inside an event: the search waits for the page after its
		// three steps.
		blockedWhen(t, blocks, "the search paused after three steps", func(b blockAt) bool { return b.events > 1 })
	}
	closed := time.Now()
	c.conn.Close()
	var d time.Duration
	select {
	case at := <-ended:
		d = at.Sub(closed)
	case <-time.After(hangs):
		t.Fatal("the search did not stop")
	}
	waitGoroutines(t, before)
	return d
}

func TestCancelButton(t *testing.T) {
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(korfStart(true))
	c.send(map[string]any{"type": "to-end"})
	c.until(hangs, "a running search", func(m *msg) bool { return isState(m) && m.Status == "running" })
	c.send(map[string]any{"type": "cancel"})
	m := c.until(hangs, "cancelled", func(m *msg) bool { return isState(m) && m.Status == "cancelled" })
	// The tab stays usable.
	c.send(startMsg(map[string]any{"fast": true}))
	m = c.until(hangs, "a solved run", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	if len(m.Runs) != 1 {
		t.Errorf("%d runs after a new start", len(m.Runs))
	}
}

// slowState is a 15-puzzle instance (blank-first goal) of 377,000 nodes
// under Manhattan distance, a node-level search of a second or so; under
// the race detector, ten times slower, one of 70,000.
var slowState = map[bool]string{false: "6 1 9 7 2 3 15 14 0 11 10 12 13 5 4 8", true: "13 1 3 7 5 0 12 2 6 10 9 8 4 14 15 11"}[race.Enabled]

// TestSlowClientCoalesces: a search of hundreds of thousands of node events whose
// client reads nothing runs to its end (the engine never waits for the
// client), and the client then finds a bounded number of messages (about
// 20 a second, the latest state each), while the server's memory stays
// bounded.
func TestSlowClientCoalesces(t *testing.T) {
	ts := newTestServer(t, Options{})
	got := make(chan *session, 1)
	ts.web.onSession = func(s *session) { got <- s }
	var ended <-chan struct{}
	ts.web.onRunEnd, ended = signal()
	c := dial(t, ts)
	sess := <-got

	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	heapBefore := ms.HeapAlloc

	c.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": slowState, "goal": "blank-first", "heuristic": "manhattan"}) // node level: an event per node
	c.send(map[string]any{"type": "to-end"})
	start := time.Now()
	// The client reads nothing until the search has ended.
	select {
	case <-ended:
	case <-time.After(hangs):
		t.Fatal("the search did not run to its end while the client read nothing")
	}
	r, err := sess.active()
	if err != nil {
		t.Fatal(err)
	}
	events := r.p.frame(0).Stats.Pos
	if events < 50_000 {
		t.Fatalf("the search ended after %d events, want tens of thousands", events)
	}
	// Then it reads what is there, up to the end's state.
	n := 0
	c.until(hangs, "the solved state", func(m *msg) bool {
		n++
		return isState(m) && m.Status == "solved"
	})
	elapsed := time.Since(start)
	maxMsgs := int(elapsed/(50*time.Millisecond)) + 5
	if n > maxMsgs {
		t.Errorf("%d messages in %v, want at most %d (about 20 a second)", n, elapsed, maxMsgs)
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	if grown := int64(ms.HeapAlloc) - int64(heapBefore); grown > 64<<20 {
		t.Errorf("the heap grew by %d MiB over %d events", grown>>20, events)
	}
	t.Logf("%d events in %v; %d messages; heap %+d KiB", events, elapsed, n, (int64(ms.HeapAlloc)-int64(heapBefore))>>10)
}

// TestServeShutdown: cancelling Serve's context (Ctrl-C in viz serve) ends
// every session and its search, and Serve returns.
func TestServeShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, Options{}, func(u string) { urls <- u }) }()
	u := strings.TrimSuffix(<-urls, "/")
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(u, "http")+"/ws", http.Header{"Origin": {u}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := &client{t: t, conn: conn}
	c.send(korfStart(true))
	c.send(map[string]any{"type": "to-end"})
	c.until(hangs, "a running search", func(m *msg) bool { return isState(m) && m.Status == "running" })
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(hangs):
		t.Fatal("Serve did not return")
	}
	conn.Close()
	waitGoroutines(t, before)
}
