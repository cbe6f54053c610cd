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
			if raceEnabled {
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
	before := runtime.NumGoroutine()
	c := dial(t, ts)
	c.send(korfStart(fast))
	if mode == "pause" {
		c.send(map[string]any{"type": "step", "n": 3})
	} else {
		c.send(map[string]any{"type": mode})
	}
	c.until(5*time.Second, "a running search", func(m *msg) bool { return isState(m) && m.Active.Events > 1 })
	time.Sleep(100 * time.Millisecond)
	closed := time.Now()
	c.conn.Close()
	var d time.Duration
	select {
	case at := <-ended:
		d = at.Sub(closed)
	case <-time.After(5 * time.Second):
		t.Fatal("the search did not stop")
	}
	waitGoroutines(t, before, 2*time.Second)
	return d
}

func TestCancelButton(t *testing.T) {
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.send(korfStart(true))
	c.send(map[string]any{"type": "to-end"})
	c.until(5*time.Second, "a running search", func(m *msg) bool { return isState(m) && m.Status == "running" })
	c.send(map[string]any{"type": "cancel"})
	m := c.until(5*time.Second, "cancelled", func(m *msg) bool { return isState(m) && m.Status == "cancelled" })
	// The tab stays usable.
	c.send(startMsg(map[string]any{"fast": true}))
	m = c.until(5*time.Second, "a solved run", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	if len(m.Runs) != 1 {
		t.Errorf("%d runs after a new start", len(m.Runs))
	}
}

// TestSlowClientCoalesces: a search of millions of node events with a
// client that reads slowly gets a bounded number of messages, and the
// server's memory stays bounded, while the engine never waits for the
// client.
func TestSlowClientCoalesces(t *testing.T) {
	ts := newTestServer(t, Options{})
	var sess *session
	got := make(chan *session, 1)
	ts.web.onSession = func(s *session) { got <- s }
	c := dial(t, ts)
	sess = <-got

	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	heapBefore := ms.HeapAlloc

	c.send(korfStart(false)) // node level: an event per node
	c.send(map[string]any{"type": "to-end"})
	start := time.Now()
	run := 1500 * time.Millisecond
	if testing.Short() {
		run = 700 * time.Millisecond
	}
	// The client reads nothing for a while: the engine must go on.
	time.Sleep(run / 2)
	r, err := sess.active()
	if err != nil {
		t.Fatal(err)
	}
	ev1 := r.p.frame(0).Stats.Pos
	time.Sleep(run / 2)
	ev2 := r.p.frame(0).Stats.Pos
	if ev2 <= ev1 || ev1 < 1000 {
		t.Fatalf("the engine did not run free while the client was away: %d then %d events", ev1, ev2)
	}
	// Then it reads what is there.
	n := 0
	deadline := time.Now().Add(300 * time.Millisecond)
	for {
		_ = c.conn.SetReadDeadline(deadline)
		if _, _, err := c.conn.ReadMessage(); err != nil {
			break
		}
		n++
	}
	elapsed := time.Since(start)
	maxMsgs := int(elapsed/(50*time.Millisecond)) + 5
	if n > maxMsgs {
		t.Errorf("%d messages in %v, want at most %d (about 20 a second)", n, elapsed, maxMsgs)
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	if grown := int64(ms.HeapAlloc) - int64(heapBefore); grown > 64<<20 {
		t.Errorf("the heap grew by %d MiB over %d events", grown>>20, ev2)
	}
	t.Logf("%d events in %v; %d messages; heap %+d KiB", ev2, elapsed, n, (int64(ms.HeapAlloc)-int64(heapBefore))>>10)
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
	c.until(5*time.Second, "a running search", func(m *msg) bool { return isState(m) && m.Status == "running" })
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return")
	}
	conn.Close()
	waitGoroutines(t, before, 2*time.Second)
}
