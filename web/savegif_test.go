package web

import (
	"bytes"
	stdgif "image/gif"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// expansionsOf counts the expansions of iteration it in a run's first n
// events, where the page's Next expansion stops (the visits): the frames
// of its GIF from the page.
func expansionsOf(events []trace.Event, it, n int) int {
	count, iteration := 0, 0
	for _, e := range events[:min(n, len(events))] {
		if e.Kind == trace.KindIterationStart {
			iteration = e.Iteration
		}
		if e.Kind == trace.KindVisit && iteration == it {
			count++
		}
	}
	return count
}

func gifFrames(t *testing.T, what string, body []byte) int {
	t.Helper()
	if !bytes.HasPrefix(body, []byte("GIF89a")) {
		t.Fatalf("%s: not a GIF89a: %.200q", what, body)
	}
	g, err := stdgif.DecodeAll(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if g.Config.Width != 1280 || g.Config.Height != 720 {
		t.Errorf("%s: %dx%d, want 1280x720", what, g.Config.Width, g.Config.Height)
	}
	return len(g.Image)
}

// TestSaveGIF is the page's "Save GIF": the iteration on screen of a live
// run as far as the page saw it, and of a served replay, a frame per
// expansion; a bad iteration is refused with a reason.
func TestSaveGIF(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	ts := newTestServer(t, Options{})
	v := url.Values{"puzzle": {testrun.Puzzle}, "state": {testrun.State}, "heuristic": {"manhattan"}, "events": {"150"}, "iteration": {"2"}}
	resp, err := http.Get(ts.URL + "/api/gif?" + v.Encode())
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "image/gif" || !strings.Contains(resp.Header.Get("Content-Disposition"), ".gif") {
		t.Errorf("Content-Type %q, Content-Disposition %q", ct, resp.Header.Get("Content-Disposition"))
	}
	if n, want := gifFrames(t, "live", body), expansionsOf(events, 2, 150); n != want || want == 0 {
		t.Errorf("the live run's GIF has %d frames, want %d (iteration 2's expansions in the 150 events seen)", n, want)
	}

	rec, err := fold.LoadRecording(&sliceReader{events: events}, fold.DefaultMaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	rs := newTestServer(t, Options{Recording: rec, TraceName: "run.trace"})
	if n, want := gifFrames(t, "replay", getBytes(t, rs.URL+"/api/gif?iteration=1")), expansionsOf(events, 1, len(events)); n != want {
		t.Errorf("the replay's GIF has %d frames, want %d", n, want)
	}
	for _, bad := range []string{"iteration=x", "iteration=-2", "iteration=99"} {
		resp, err := http.Get(rs.URL + "/api/gif?" + bad)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "save a GIF: ") {
			t.Errorf("%s: HTTP %d %q, want 400 with a reason", bad, resp.StatusCode, body)
		}
	}
}
