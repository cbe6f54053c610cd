package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"idaviz/trace"
	"idaviz/web/internal/testrun"
	"idaviz/web/static"
)

// tabFile is a download a tab handed its page.
type tabFile struct {
	name, contentType string
	body              []byte
}

// tabClient is a page on the other end of a Port.
type tabClient struct {
	t     *testing.T
	in    chan []byte
	out   chan []byte
	files chan tabFile
}

// openTab serves a tab over channels until the test ends.
func openTab(t *testing.T) *tabClient {
	t.Helper()
	return openTabWith(t, Options{})
}

// openTabWith is openTab with opt.
func openTabWith(t *testing.T, opt Options) *tabClient {
	t.Helper()
	c := &tabClient{t: t, in: make(chan []byte, 16), out: make(chan []byte, 4096), files: make(chan tabFile, 4)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		ServeTab(ctx, Port{
			In:    c.in,
			Send:  func(b []byte) error { c.out <- b; return nil },
			File:  func(name, ct string, body []byte) error { c.files <- tabFile{name, ct, body}; return nil },
			Files: static.FS(),
		}, opt)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return c
}

func (c *tabClient) send(m map[string]any) {
	c.t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	c.in <- b
}

// until reads messages until one satisfies ok, or fails after timeout.
func (c *tabClient) until(timeout time.Duration, what string, ok func(m *msg) bool) *msg {
	c.t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case b := <-c.out:
			var m msg
			if err := json.Unmarshal(b, &m); err != nil {
				c.t.Fatalf("waiting for %s: bad message %q: %v", what, b, err)
			}
			if ok(&m) {
				return &m
			}
		case <-deadline:
			c.t.Fatalf("waiting for %s: timed out", what)
		}
	}
}

// TestTab runs a session over a Port as a site's worker does: the hello
// says "site", a search steps and goes back as over a websocket, a message
// too long is refused, and a run's trace and export come back as files.
func TestTab(t *testing.T) {
	t.Parallel()
	c := openTab(t)
	c.until(hangs, "the hello", func(m *msg) bool { return m.Type == "hello" && m.Mode == "site" })
	c.in <- []byte(`{"type":"step","pad":"` + strings.Repeat("x", maxMessage) + `"}`)
	c.until(hangs, "the refusal", func(m *msg) bool { return m.Type == "error" && strings.Contains(m.Message, "longer than") })

	c.send(startMsg(nil))
	c.until(hangs, "a paused run", func(m *msg) bool {
		return isState(m) && m.Status == "paused" && m.Mode == "site" && m.Active.Events == 1
	})
	c.send(map[string]any{"type": "step", "n": 5})
	c.until(hangs, "five steps", func(m *msg) bool { return isState(m) && m.Active.Events == 6 })
	c.send(map[string]any{"type": "back"})
	c.until(hangs, "one back", func(m *msg) bool { return isState(m) && m.Active.Events == 5 && m.Status == "paused" })
	c.send(map[string]any{"type": "to-end"})
	end := c.until(hangs, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
	want := testrun.Result(t, testrun.Puzzle, testrun.State, "manhattan")
	if a := end.Active; a.Generated != want.Totals.Generated || a.SolutionLength != len(want.Moves) {
		t.Errorf("the tab's run: %s, length %d; engine %+v, length %d", describe(*a), a.SolutionLength, want.Totals, len(want.Moves))
	}

	query := "?" + url.Values{"puzzle": {testrun.Puzzle}, "state": {testrun.State}, "heuristic": {"manhattan"},
		"algorithm": {"ida"}, "events": {"40"}}.Encode()
	c.send(map[string]any{"type": "download", "what": "trace", "query": query})
	f := <-c.files
	if f.name != "idaviz-web-test-8puzzle.trace" || f.contentType != "application/octet-stream" {
		t.Errorf("the trace's download: %q, %q", f.name, f.contentType)
	}
	rd, err := trace.NewReader(bytes.NewReader(f.body))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for e := (trace.Event{}); rd.Read(&e) == nil; n++ {
	}
	if n != 40 {
		t.Errorf("the trace downloaded holds %d events, want the 40 the page saw", n)
	}
	c.send(map[string]any{"type": "download", "what": "export", "query": query})
	f = <-c.files
	if f.name != "idaviz-web-test-8puzzle.html" || !bytes.Contains(f.body, []byte(`id="viz-embedded"`)) {
		t.Errorf("the export's download: %q, %d bytes", f.name, len(f.body))
	}
	c.send(map[string]any{"type": "download", "what": "gif", "query": query + "&iteration=1"})
	f = <-c.files
	if f.name != "idaviz-web-test-8puzzle.gif" || f.contentType != "image/gif" || !bytes.HasPrefix(f.body, []byte("GIF89a")) {
		t.Errorf("the GIF's download: %q, %q, %.10q", f.name, f.contentType, f.body)
	}
	for _, bad := range []struct{ what, query, says string }{
		{"video", query, `what "video"`},
		{"trace", "?puzzle=nope&state=1", "nope"},
		{"trace", "?%zz", "bad query"},
	} {
		c.send(map[string]any{"type": "download", "what": bad.what, "query": bad.query})
		c.until(hangs, fmt.Sprintf("the error for %s %s", bad.what, bad.query), func(m *msg) bool {
			return m.Type == "error" && strings.Contains(m.Message, bad.says)
		})
	}
}
