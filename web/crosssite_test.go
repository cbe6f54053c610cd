package web

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// TestCrossSiteRefused: the endpoints that do work (a search run again, a
// trace packed) refuse what another page makes the browser send: an <img>
// or a form from another site, another port of this host, a file:// page;
// the page's own requests, and requests no browser sent, go through.
func TestCrossSiteRefused(t *testing.T) {
	ts := newTestServer(t, Options{})
	q := url.Values{"puzzle": {testrun.Puzzle}, "state": {testrun.State}, "heuristic": {"misplaced"}, "events": {"5"}}
	for _, tc := range []struct {
		name    string
		headers map[string]string
		ok      bool
	}{
		{"the page's own", map[string]string{"Sec-Fetch-Site": "same-origin"}, true},
		{"typed in the address bar", map[string]string{"Sec-Fetch-Site": "none"}, true},
		{"no browser", nil, true},
		{"an <img> on another site", map[string]string{"Sec-Fetch-Site": "cross-site"}, false},
		{"another port of this host", map[string]string{"Sec-Fetch-Site": "same-site"}, false},
		{"a fetch from another origin", map[string]string{"Origin": "http://evil.example"}, false},
		{"a file:// page", map[string]string{"Origin": "null"}, false},
		{"another loopback port", map[string]string{"Origin": "http://127.0.0.1:1"}, false},
		{"the page's own origin", map[string]string{"Origin": ts.URL}, true},
	} {
		for _, path := range []string{"/api/trace", "/api/export", "/api/gif"} {
			req, _ := http.NewRequest("GET", ts.URL+path+"?"+q.Encode(), nil)
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if got := resp.StatusCode == http.StatusOK; got != tc.ok {
				t.Errorf("%s, %s: HTTP %d %.100s", tc.name, path, resp.StatusCode, body)
			}
			if !tc.ok && (resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "refused")) {
				t.Errorf("%s, %s: HTTP %d %q, want 403 saying why", tc.name, path, resp.StatusCode, body)
			}
		}
	}
}

// TestDownloadsTakeASlot: a download and an export wait for one of the
// server's search slots, in a replay too (whose export was not counted),
// and go on once one is free.
func TestDownloadsTakeASlot(t *testing.T) {
	rec, err := fold.LoadRecording(&sliceReader{events: testrun.Record(t, trace.LevelNode, testrun.State)}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	live := url.Values{"puzzle": {testrun.Puzzle}, "state": {testrun.State}, "heuristic": {"manhattan"}, "events": {"5"}}.Encode()
	for _, tc := range []struct {
		name string
		opt  Options
		path string
	}{
		{"replay export", Options{Recording: rec}, "/api/export"},
		{"replay download", Options{Recording: rec}, "/api/trace"},
		{"live export", Options{}, "/api/export?" + live},
		{"live download", Options{}, "/api/trace?" + live},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.MaxSearches = 1
			ts := newTestServer(t, tc.opt)
			var changed <-chan struct{}
			ts.web.slots.changed, changed = signal()
			if !ts.web.slots.acquire(t.Context()) {
				t.Fatal("no slot")
			}
			done := make(chan int, 1)
			go func() {
				resp, err := http.Get(ts.URL + tc.path)
				if err != nil {
					done <- 0
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				done <- resp.StatusCode
			}()
			timeout := time.After(hangs)
			for ts.web.slots.waiting.Load() == 0 {
				select {
				case <-changed:
				case code := <-done:
					t.Fatalf("answered %d while every slot was taken", code)
				case <-timeout:
					t.Fatal("the request neither queued nor was answered")
				}
			}
			ts.web.slots.release()
			if code := <-done; code != http.StatusOK {
				t.Errorf("HTTP %d once a slot was free", code)
			}
		})
	}
}

// TestRerunTimeCapped: a download's or an export's re-run of a search
// stops after maxRerun: an export says so, a trace ends there, its run
// cancelled.
func TestRerunTimeCapped(t *testing.T) {
	old := maxRerun
	maxRerun = 20 * time.Millisecond
	defer func() { maxRerun = old }()
	ts := newTestServer(t, Options{})
	// A 15-puzzle with misplaced tiles, fast (iteration events only): its
	// search runs far longer than the cap.
	q := url.Values{"puzzle": {"15puzzle"}, "state": {"13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11"}, "heuristic": {"misplaced"}, "goal": {"blank-first"}, "fast": {"true"}}
	resp, err := http.Get(ts.URL + "/api/export?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK || !strings.Contains(string(body), "took longer than 20ms") {
		t.Errorf("export: HTTP %d %.200q, want a refusal naming the cap", resp.StatusCode, body)
	}
	b := getBytes(t, ts.URL+"/api/trace?"+q.Encode())
	rd, err := trace.NewReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := fold.LoadRecording(rd, fold.DefaultMaxEvents)
	if err != nil || len(got.Events) == 0 || got.Events[len(got.Events)-1].Status != trace.StatusCancelled {
		t.Errorf("the download reads back with %v, want a run cancelled at the cap", err)
	}
}
