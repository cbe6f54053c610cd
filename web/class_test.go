package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"idaviz/web/internal/testrun"
)

const testCode = "abc234"

// noRedirect is a client that shows a redirect rather than following it.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func status(t *testing.T, ts *testServer, path string) int {
	t.Helper()
	resp, err := noRedirect.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestClassJoin is the join code's door: a wrong code is refused, the
// right one lets a device reach the page, its files and its socket, not
// the lecturer's token's, and guessing is cut off per address.
func TestClassJoin(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{Class: true, ClassCode: testCode, AllowRemote: true, Token: "s3cret"})
	for _, tc := range []struct {
		path string
		want int
	}{
		{"/join/" + testCode, http.StatusSeeOther},
		{"/?join=" + testCode, http.StatusOK},
		{"/static/app.js", http.StatusOK},
		{"/ws?join=" + testCode, http.StatusBadRequest}, // not a websocket, but let through
		{"/join/abc235", http.StatusForbidden},
		{"/?join=abc235", http.StatusForbidden},
		{"/ws?join=", http.StatusForbidden},
		// What the code does not open: the lecturer's page, socket, files.
		{"/", http.StatusUnauthorized},
		{"/ws", http.StatusUnauthorized},
		{"/api/puzzles", http.StatusUnauthorized},
		{"/api/class.csv?join=" + testCode, http.StatusUnauthorized},
		{"/api/trace?join=" + testCode, http.StatusUnauthorized},
	} {
		if got := status(t, ts, tc.path); got != tc.want {
			t.Errorf("GET %s: %d, want %d", tc.path, got, tc.want)
		}
	}
	// Three wrong codes above; the rest of the allowance, then the right
	// code too is refused from this address.
	for range maxGuesses - 3 {
		status(t, ts, "/join/wrong1")
	}
	if got := status(t, ts, "/join/"+testCode); got != http.StatusTooManyRequests {
		t.Errorf("the right code after %d wrong ones: %d, want 429", maxGuesses, got)
	}
}

// follow is a follower's socket.
func follow(t *testing.T, ts *testServer, device string) *client {
	t.Helper()
	h := http.Header{"Origin": {ts.URL}}
	conn, resp, err := websocket.DefaultDialer.Dial(ts.wsURL()+"?join="+testCode+"&device="+device, h)
	if err != nil {
		code := 0
		if resp != nil {
			code = resp.StatusCode
		}
		t.Fatalf("a follower's socket: %v (HTTP %d)", err, code)
	}
	t.Cleanup(func() { conn.Close() })
	return &client{t: t, conn: conn}
}

// until reads c's messages until one satisfies ok, and returns it.
func until(t *testing.T, c *client, what string, ok func(m map[string]any) bool) map[string]any {
	t.Helper()
	_ = c.conn.SetReadDeadline(time.Now().Add(hangs))
	for {
		_, b, err := c.conn.ReadMessage()
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		var m map[string]any
		if json.Unmarshal(b, &m) == nil && ok(m) {
			return m
		}
	}
}

func isType(typ string) func(map[string]any) bool {
	return func(m map[string]any) bool { return m["type"] == typ }
}

// followEvent is a follower's state's event (-1: none yet).
func followEvent(m map[string]any) float64 {
	f, _ := m["follow"].(map[string]any)
	if f == nil {
		return -2
	}
	return f["event"].(float64)
}

// TestClassFollower is a follower's socket: the lecturer's run at the
// lecturer's event, and nothing of the lecturer's powers.
func TestClassFollower(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{Class: true, ClassCode: testCode})
	lect := dial(t, ts)
	lect.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": testrun.State, "heuristic": "manhattan"})
	f := follow(t, ts, "device-one")
	until(t, f, "the hello", func(m map[string]any) bool { return m["type"] == "hello" && m["mode"] == "follow" })
	for i := range 5 {
		lect.send(map[string]any{"type": "step"})
		until(t, f, "the lecturer's step", func(m map[string]any) bool { return followEvent(m) == float64(i+1) })
	}
	for _, typ := range []string{"start", "step", "seek", "play", "save-lecture", "class-ask", "class-reveal", "node", "tree"} {
		f.send(map[string]any{"type": typ, "puzzle": testrun.Puzzle, "pos": 1, "text": "x"})
		m := until(t, f, "the refusal of "+typ, isType("error"))
		if !strings.Contains(m["message"].(string), "refused") {
			t.Errorf("%s from a follower: %q", typ, m["message"])
		}
	}
	// A late joiner lands at the lecturer's event.
	late := follow(t, ts, "device-two")
	until(t, late, "the late joiner's state", func(m map[string]any) bool { return followEvent(m) == 5 })
	// Looking around: event 2, then the lecturer's events go on as ever.
	f.send(map[string]any{"type": "look", "pos": 3})
	m := until(t, f, "a look around", func(m map[string]any) bool { return m["follow"] != nil && m["follow"].(map[string]any)["look"] == true })
	if ev := followEvent(m); ev != 2 {
		t.Errorf("a look at 3 events shows event %v, want 2", ev)
	}
	// A question is open and the lecturer's run went on to its answer: a
	// look around goes no further than the followers were shown.
	lect.send(map[string]any{"type": "class-ask", "kind": "prune", "text": "Pruned?"})
	lect.send(map[string]any{"type": "step"})
	until(t, lect, "the lecturer's step", func(m map[string]any) bool {
		a, _ := m["active"].(map[string]any)
		return m["type"] == "state" && a != nil && a["events"] == 7.0
	})
	f.send(map[string]any{"type": "look", "pos": 100})
	m = until(t, f, "a look around", func(m map[string]any) bool { return m["follow"] != nil && m["follow"].(map[string]any)["look"] == true })
	if ev := followEvent(m); ev != 5 {
		t.Errorf("with a question open, a look to the end shows event %v, want 5 (the followers' last)", ev)
	}
}

// TestClassFull tells the follower one past the cap why it is refused.
func TestClassFull(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{Class: true, ClassCode: testCode, MaxFollowers: 2})
	// Each counts once it is greeted (the server counts it, then greets).
	for _, d := range []string{"device-one", "device-two"} {
		until(t, follow(t, ts, d), "the hello", isType("hello"))
	}
	third := follow(t, ts, "device-three")
	m := until(t, third, "the refusal", isType("error"))
	if !strings.Contains(m["message"].(string), "the class is full") {
		t.Errorf("the third follower was told %q", m["message"])
	}
	_, _, err := third.conn.ReadMessage()
	if !websocket.IsCloseError(err, websocket.CloseTryAgainLater) {
		t.Errorf("the third follower's socket: %v, want closed with 1013", err)
	}
}

// TestClassQuiz is the quiz from the class's side: the question, one
// answer a device (changeable), the tally, the reveal and the results.
func TestClassQuiz(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{Class: true, ClassCode: testCode})
	lect := dial(t, ts)
	a, b := follow(t, ts, "device-one"), follow(t, ts, "device-two")
	lect.send(map[string]any{"type": "class-ask", "kind": "prune", "text": "Is node 7 pruned?"})
	for _, f := range []*client{a, b} {
		until(t, f, "the question", func(m map[string]any) bool { return m["type"] == "question" && m["open"] == true })
	}
	a.send(map[string]any{"type": "answer", "question": 1, "answer": "yes"})
	b.send(map[string]any{"type": "answer", "question": 1, "answer": "yes"})
	b.send(map[string]any{"type": "answer", "question": 1, "answer": "7"})
	until(t, b, "a number refused for a yes-or-no question", isType("error"))
	b.send(map[string]any{"type": "answer", "question": 1, "answer": "no"})
	until(t, lect, "the tally", func(m map[string]any) bool {
		tally, _ := m["tally"].(map[string]any)
		return m["type"] == "class" && m["answered"] == 2.0 && tally["yes"] == 1.0 && tally["no"] == 1.0
	})
	lect.send(map[string]any{"type": "class-reveal", "answer": "no"})
	m := until(t, a, "the reveal", func(m map[string]any) bool { return m["type"] == "question" && m["open"] == false })
	if m["right"] != "no" || m["share"] != "1 of 2 right (50%)" {
		t.Errorf("the reveal: %v", m)
	}
	a.send(map[string]any{"type": "answer", "question": 1, "answer": "no"})
	until(t, a, "an answer after the reveal refused", isType("error"))
	resp, err := http.Get(ts.URL + "/api/class.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	want := "question,right answer,answered,answers,share right\nIs node 7 pruned?,no,2,no: 1; yes: 1,0.500\n"
	if string(body) != want {
		t.Errorf("the results:\n%s\nwant:\n%s", body, want)
	}
}
