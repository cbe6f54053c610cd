package web

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"idaviz/web/internal/testrun"
)

func TestOriginChecks(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	port := ts.URL[strings.LastIndex(ts.URL, ":"):]
	for _, tc := range []struct {
		name   string
		origin string
		ok     bool
	}{
		{"own origin", ts.URL, true},
		{"localhost", "", false}, // set below: the page's origin under another name than the request's
		{"no origin", "", false},
		{"other site", "http://evil.com", false},
		{"other site, same port", "http://evil.com" + port, false},
		{"other loopback port", "http://127.0.0.1:1", false},
		{"null", "null", false},
		{"file", "file://" + strings.TrimPrefix(ts.URL, "http://"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if tc.origin != "" {
				h.Set("Origin", tc.origin)
			}
			if tc.name == "localhost" {
				h.Set("Origin", "http://localhost"+port)
			}
			conn, resp, err := websocket.DefaultDialer.Dial(ts.wsURL(), h)
			if tc.ok {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				conn.Close()
				return
			}
			if err == nil {
				conn.Close()
				t.Fatal("a cross-origin upgrade was accepted")
			}
			if resp == nil || resp.StatusCode != http.StatusForbidden {
				t.Fatalf("want 403, got %v (%v)", resp, err)
			}
		})
	}
}

func TestHostChecks(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	port := ts.URL[strings.LastIndex(ts.URL, ":"):]
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1" + port, true},
		{"localhost" + port, true},
		{"[::1]" + port, true},
		{"127.8.9.10" + port, true},
		{"evil.com", false},
		{"evil.com" + port, false},
		{"127.0.0.1.evil.com" + port, false},
		{"localhost.evil.com", false},
		{"192.168.1.5" + port, false},
	} {
		for _, path := range []string{"/", "/api/puzzles", "/static/app.js", "/ws", "/api/trace", "/api/export"} {
			req, _ := http.NewRequest("GET", ts.URL+path, nil)
			req.Host = tc.host
			req.Header.Set("Origin", "http://"+tc.host)
			if path == "/ws" {
				req.Header.Set("Connection", "Upgrade")
				req.Header.Set("Upgrade", "websocket")
				req.Header.Set("Sec-WebSocket-Version", "13")
				req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.host, path, err)
			}
			var body []byte
			if resp.StatusCode != http.StatusSwitchingProtocols {
				body, _ = io.ReadAll(io.LimitReader(resp.Body, 200))
			}
			resp.Body.Close()
			refused := resp.StatusCode == http.StatusForbidden
			if tc.ok == refused {
				t.Errorf("Host %q %s: status %d %q", tc.host, path, resp.StatusCode, body)
			}
		}
	}
}

func TestAllowRemote(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{AllowRemote: true})
	req, _ := http.NewRequest("GET", ts.URL+"/api/puzzles", nil)
	req.Host = "192.168.1.5:8080"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("with AllowRemote a LAN Host got %d", resp.StatusCode)
	}
	// Cross-origin upgrades stay refused.
	_, resp, err = websocket.DefaultDialer.Dial(ts.wsURL(), http.Header{"Origin": {"http://evil.com"}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("with AllowRemote a cross-origin upgrade got %v (%v)", resp, err)
	}
}

func TestCheckListenAddr(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		addr        string
		allow       bool
		remote, err bool
	}{
		{"127.0.0.1:8080", false, false, false},
		{"localhost:0", false, false, false},
		{"[::1]:8080", false, false, false},
		{":8080", false, true, true},
		{"0.0.0.0:8080", false, true, true},
		{"0.0.0.0:8080", true, true, false},
		{"192.168.1.5:80", false, true, true},
		{"nonsense", false, false, true},
		// Loopback with --allow-remote promises what the server does not do.
		{"127.0.0.1:8080", true, false, true},
		{"localhost:0", true, false, true},
		// A name is decided by where it listens (CheckListener).
		{"myhost:8080", false, false, false},
		{"myhost:8080", true, false, false},
	} {
		remote, err := CheckListenAddr(tc.addr, tc.allow)
		if remote != tc.remote || (err != nil) != tc.err {
			t.Errorf("CheckListenAddr(%q, %v) = %v, %v", tc.addr, tc.allow, remote, err)
		}
	}
}

// TestCheckListener: beyond this machine or not is decided by the address
// a listener got, whatever the name typed: a name that resolves to
// loopback is loopback, and localhost resolved elsewhere (a hosts file) is
// not.
func TestCheckListener(t *testing.T) {
	t.Parallel()
	lan := &net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 8080}
	lo := &net.TCPAddr{IP: net.IPv4(127, 0, 1, 1), Port: 8080}
	for _, tc := range []struct {
		addr   string
		got    net.Addr
		allow  bool
		remote bool
		want   string // "" when accepted
	}{
		{"myhost:8080", lo, false, false, ""},
		{"myhost:8080", lo, true, false, "--allow-remote: --addr myhost:8080 listens on 127.0.1.1:8080, loopback: reachable from this machine only"},
		{"myhost:8080", lan, true, true, ""},
		{"myhost:8080", lan, false, true, `address "myhost:8080" listens on 192.168.1.5:8080, which is not loopback`},
		{"localhost:8080", lan, false, true, "which is not loopback"},
		{":8080", &net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, true, true, ""},
		{"[::1]:0", &net.TCPAddr{IP: net.IPv6loopback, Port: 4000}, false, false, ""},
	} {
		remote, err := CheckListener(tc.addr, tc.got, tc.allow)
		if remote != tc.remote || (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckListener(%q, %v, %v) = %v, %v; want %v, %q", tc.addr, tc.got, tc.allow, remote, err, tc.remote, tc.want)
		}
	}
}

func TestBadMessages(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" })
	for _, tc := range []struct {
		name string
		raw  string
		want string
	}{
		{"garbage", `{"type": "st`, "bad message"},
		{"not an object", `[1,2,3]`, "bad message"},
		{"no type", `{}`, "no type"},
		{"unknown type", `{"type":"explode"}`, "unknown type"},
		{"wrong field type", `{"type":"step","n":"many"}`, "bad message"},
		{"step before start", `{"type":"step"}`, "start a search first"},
		{"unknown puzzle", `{"type":"start","puzzle":"chess","state":"x"}`, "unknown puzzle"},
		{"bad state", `{"type":"start","puzzle":"` + testrun.Puzzle + `","state":"1 2 3"}`, "state"},
		{"unsolvable", `{"type":"start","puzzle":"` + testrun.Puzzle + `","state":"2 1 3 4 5 6 7 8 0"}`, "cannot reach"},
		{"unknown heuristic", `{"type":"start","puzzle":"` + testrun.Puzzle + `","state":"` + testrun.State + `","heuristic":"oracle"}`, "no heuristic"},
		{"unknown goal", `{"type":"start","puzzle":"` + testrun.Puzzle + `","state":"` + testrun.State + `","goal":"sideways"}`, "no goal"},
		{"unknown algorithm", `{"type":"start","puzzle":"` + testrun.Puzzle + `","state":"` + testrun.State + `","algorithm":"bogo"}`, "unknown algorithm"},
		{"long name", `{"type":"start","puzzle":"` + strings.Repeat("p", 100) + `"}`, "longer than"},
		{"long state", `{"type":"start","puzzle":"x","state":"` + strings.Repeat("1 ", 3000) + `"}`, "longer than"},
		{"scramble depth", `{"type":"scramble","puzzle":"` + testrun.Puzzle + `","depth":-1}`, "out of range"},
		{"back before start", `{"type":"back"}`, "nothing to step back from"},
		{"binary", "", "binary"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.name == "binary" {
				err = c.conn.WriteMessage(websocket.BinaryMessage, []byte{1, 2, 3})
			} else {
				err = c.conn.WriteMessage(websocket.TextMessage, []byte(tc.raw))
			}
			if err != nil {
				t.Fatal(err)
			}
			m := c.until(hangs, "an error", func(m *msg) bool { return m.Type == "error" })
			if !strings.Contains(m.Message, tc.want) {
				t.Errorf("error %q, want it to mention %q", m.Message, tc.want)
			}
		})
	}
	// Still usable after all that.
	c.send(startMsg(map[string]any{"fast": true}))
	c.until(hangs, "a solved run", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	// More steps than there are events, and step counts out of range.
	c.send(map[string]any{"type": "step", "n": 0})
	if m := c.until(hangs, "an error", func(m *msg) bool { return m.Type == "error" }); !strings.Contains(m.Message, "step count") {
		t.Errorf("step 0: %q", m.Message)
	}
	c.send(map[string]any{"type": "play", "n": -5})
	if m := c.until(hangs, "an error", func(m *msg) bool { return m.Type == "error" }); !strings.Contains(m.Message, "play speed") {
		t.Errorf("play -5: %q", m.Message)
	}
	c.send(map[string]any{"type": "seek", "pos": 1})
	if m := c.until(hangs, "an error", func(m *msg) bool { return m.Type == "error" }); !strings.Contains(m.Message, "recorded trace") {
		t.Errorf("seek in a live run: %q", m.Message)
	}
	c.send(map[string]any{"type": "node", "id": 123456789})
	if m := c.until(hangs, "an error", func(m *msg) bool { return m.Type == "error" }); !strings.Contains(m.Message, "no longer drawn") {
		t.Errorf("unknown node: %q", m.Message)
	}
}

func TestHugeMessageClosesCleanly(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dial(t, ts)
	c.until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" })
	big := `{"type":"start","state":"` + strings.Repeat("9", 1<<20) + `"}`
	_ = c.conn.WriteMessage(websocket.TextMessage, []byte(big))
	_ = c.conn.SetReadDeadline(time.Now().Add(hangs))
	for {
		_, _, err := c.conn.ReadMessage()
		if err == nil {
			continue
		}
		if ce, ok := err.(*websocket.CloseError); ok {
			if ce.Code != websocket.CloseMessageTooBig && ce.Code != websocket.CloseNormalClosure {
				t.Errorf("closed with %v", ce)
			}
		} else if !strings.Contains(err.Error(), "reset") && !strings.Contains(err.Error(), "EOF") {
			t.Errorf("the connection ended with %v, want a close", err)
		}
		break
	}
	// The server is fine: a new tab works.
	c2 := dial(t, ts)
	c2.send(startMsg(map[string]any{"fast": true}))
	c2.until(hangs, "a solved run", func(m *msg) bool { return isState(m) && m.Status == "solved" })
}

// TestLogQuotesPeerText: a page's close reason with control characters
// (retitle the terminal, start a fake line) reaches the log quoted.
func TestLogQuotesPeerText(t *testing.T) {
	logged := make(chan string, 16)
	ts := newTestServer(t, Options{Logf: func(format string, args ...any) { logged <- fmt.Sprintf(format, args...) }})
	c := dial(t, ts)
	c.until(hangs, "hello", func(m *msg) bool { return m.Type == "hello" })
	const reason = "\x1b]0;pwned\a\nviz: the server is shutting down"
	if err := c.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4000, reason), time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	select {
	case line := <-logged:
		if strings.ContainsAny(line, "\x1b\a\n") || !strings.Contains(line, `\x1b]0;pwned\a\nviz:`) {
			t.Errorf("logged %q: the peer's text is not quoted", line)
		}
	case <-time.After(hangs):
		t.Fatal("the close was not logged")
	}
}
