package web

import (
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestSearchCap: with a cap of 2, five tabs start free-running Korf #1
// searches; two compute, three say they are queued, and when the computing
// ones are cancelled the queued ones get the slots. Tabs that only step
// hold no slot.
func TestSearchCap(t *testing.T) {
	ts := newTestServer(t, Options{MaxSearches: 2})
	var changed <-chan struct{}
	ts.web.slots.changed, changed = signal()
	slotsAre := func(waiting, held int) func() bool {
		return func() bool { return ts.web.slots.waiting.Load() == int64(waiting) && len(ts.web.slots.c) == held }
	}
	var tabs []*client
	for range 5 {
		c := dial(t, ts)
		c.until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" })
		c.send(korfStart(true))
		tabs = append(tabs, c)
	}
	// Every tab has started: two hold slots, three wait.
	waitFor(t, "3 searches waiting, 2 holding slots", changed, slotsAre(3, 2))
	statuses := func() (running, queued int) {
		for _, c := range tabs {
			m := c.until(hangs, "computing or queued", func(m *msg) bool {
				return isState(m) && (m.Status == "queued" || m.Status == "running" && m.Active.Generated > 0)
			})
			switch m.Status {
			case "running":
				running++
			case "queued":
				queued++
				if !strings.Contains(m.Event, "at most 2 searches") {
					t.Errorf("a queued tab says %q; want the cap named", m.Event)
				}
			}
		}
		return
	}
	running, queued := statuses()
	if running != 2 || queued != 3 {
		t.Fatalf("%d running and %d queued, want 2 and 3 at a cap of 2", running, queued)
	}
	if n := len(ts.web.slots.c); n != 2 {
		t.Fatalf("%d slots held, want 2", n)
	}
	// Closing two tabs (one may be queued) frees slots for the others.
	tabs[0].conn.Close()
	tabs[1].conn.Close()
	tabs = tabs[2:]
	waitFor(t, "after two tabs closed, 1 search waiting and 2 holding slots", changed, slotsAre(1, 2))
}

// TestSteppingHoldsNoSlot: a paused node-by-node search gives its slot
// back, so a cap of 1 still lets a second tab's search run.
func TestSteppingHoldsNoSlot(t *testing.T) {
	ts := newTestServer(t, Options{MaxSearches: 1})
	a := dial(t, ts)
	a.send(korfStart(false))
	a.until(hangs, "paused", func(m *msg) bool { return isState(m) && m.Status == "paused" })
	b := dial(t, ts)
	b.send(korfStart(true))
	b.until(hangs, "running", func(m *msg) bool { return isState(m) && m.Status == "running" })
	// And a step of the first waits for the slot the second holds, then
	// goes on once the second ends.
	b.send(map[string]any{"type": "cancel"})
	a.send(map[string]any{"type": "step", "n": 5})
	a.until(hangs, "five more events", func(m *msg) bool { return isState(m) && m.Active.Events >= 5 })
}

func TestTokenRequired(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{Token: "s3cret", AllowRemote: true})
	get := func(c *http.Client, path string) int {
		t.Helper()
		resp, err := c.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	plain := &http.Client{}
	for _, path := range []string{"/", "/api/puzzles", "/static/app.js", "/?token=wrong"} {
		if code := get(plain, path); code != http.StatusUnauthorized {
			t.Errorf("GET %s without the token: %d, want 401", path, code)
		}
	}
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	if code := get(browser, "/?token=s3cret"); code != http.StatusOK {
		t.Fatalf("GET /?token=s3cret: %d", code)
	}
	// The page's own requests carry the cookie the first one set.
	if code := get(browser, "/api/puzzles"); code != http.StatusOK {
		t.Fatalf("GET /api/puzzles with the cookie: %d", code)
	}
	h := http.Header{"Origin": {ts.URL}}
	if _, resp, err := websocket.DefaultDialer.Dial(ts.wsURL(), h); err == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("websocket without the token: %v", err)
	}
	d := websocket.Dialer{Jar: jar}
	conn, _, err := d.Dial(ts.wsURL(), h)
	if err != nil {
		t.Fatalf("websocket with the cookie: %v", err)
	}
	conn.Close()
}

func TestTabsPerClient(t *testing.T) {
	ts := newTestServer(t, Options{AllowRemote: true, MaxSessionsPerClient: 2})
	var ended <-chan struct{}
	ts.web.onSessionEnd, ended = signal()
	a := dial(t, ts)
	dial(t, ts)
	h := http.Header{"Origin": {ts.URL}}
	_, resp, err := websocket.DefaultDialer.Dial(ts.wsURL(), h)
	if err == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a third tab: %v, want refused with 429", err)
	}
	// A tab that closes makes room once its session has ended (the refused
	// one's ends first).
	sessionEnds := func(which string) {
		select {
		case <-ended:
		case <-time.After(hangs):
			t.Fatalf("the %s tab's session never ended", which)
		}
	}
	sessionEnds("refused")
	a.conn.Close()
	sessionEnds("closed")
	dial(t, ts).until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" })
}

func TestFrameAncestors(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	resp, err := http.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Fatalf("CSP %q lacks frame-ancestors 'none'", csp)
	}
}

// TestSearchMemoryBudget: an A* search from the page stops at the server's
// per-search budget, and the page says why.
func TestSearchMemoryBudget(t *testing.T) {
	ts := newTestServer(t, Options{SearchMemory: 4 << 20})
	c := dial(t, ts)
	start := korfStart(true)
	start["algorithm"] = "astar"
	c.send(start)
	m := c.until(hangs, "the budget's end", func(m *msg) bool {
		return m.Type == "error" || isState(m) && m.Active.Error != ""
	})
	text := m.Message
	if m.Active != nil {
		text = m.Active.Error
	}
	if !strings.Contains(text, "A* ran out of its memory budget after") || !strings.Contains(text, "IDA* needs none") {
		t.Fatalf("the page says %q", text)
	}
}

// TestTwoServersTwoCookies: two remote servers on one host (cookies are
// not told apart by port) each keep their own token cookie: the first
// server's page is not locked out by opening the second's.
func TestTwoServersTwoCookies(t *testing.T) {
	t.Parallel()
	a := newTestServer(t, Options{Token: "first", AllowRemote: true})
	b := newTestServer(t, Options{Token: "second", AllowRemote: true})
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	get := func(url string) int {
		t.Helper()
		resp, err := browser.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, u := range []string{a.URL + "/?token=first", b.URL + "/?token=second", a.URL + "/api/puzzles", b.URL + "/api/puzzles"} {
		if code := get(u); code != http.StatusOK {
			t.Errorf("GET %s: %d, want 200", u, code)
		}
	}
	d := websocket.Dialer{Jar: jar}
	conn, _, err := d.Dial(a.wsURL(), http.Header{"Origin": {a.URL}})
	if err != nil {
		t.Fatalf("the first server's websocket after the second was opened: %v", err)
	}
	conn.Close()
}
