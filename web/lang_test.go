package web

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"idaviz/lang"
	"idaviz/puzzles/pdb"
	"idaviz/web/internal/testrun"
)

// dialLang is a page's socket that asks for language l (lang=; "": none).
func dialLang(t *testing.T, ts *testServer, query string) *client {
	t.Helper()
	u := ts.wsURL()
	if query != "" {
		u += "?" + query
	}
	conn, resp, err := websocket.DefaultDialer.Dial(u, http.Header{"Origin": {ts.URL}})
	if err != nil {
		code := 0
		if resp != nil {
			code = resp.StatusCode
		}
		t.Fatalf("dial %s: %v (HTTP %d)", u, err, code)
	}
	t.Cleanup(func() { conn.Close() })
	return &client{t: t, conn: conn}
}

func isError(m *msg) bool { return m.Type == "error" }

// The words of one refusal (an unknown type) in each language.
const (
	unknownEN = `bad message: unknown type "bogus"`
	unknownZH = `消息有误：未知的类型 "bogus"`
)

// TestLangSocket is the language a session answers in: the socket's lang=,
// English without one or for one the catalogue does not speak, the
// pseudo-locale marked; the lang message switches it.
func TestLangSocket(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		query string
		want  string
	}{
		{"", unknownEN},
		{"lang=en", unknownEN},
		{"lang=zh-CN", unknownZH},
		{"lang=zh", unknownZH},
		{"lang=zh_CN.UTF-8", unknownZH},
		{"lang=klingon", unknownEN},
		{"lang=zh-TW", unknownEN},
		{"lang=" + strings.Repeat("x", 300), unknownEN},
	} {
		c := dialLang(t, ts, tc.query)
		c.send(map[string]any{"type": "bogus"})
		if m := c.until(hangs, "the refusal", isError); m.Message != tc.want {
			t.Errorf("%q: %q, want %q", tc.query, m.Message, tc.want)
		}
		c.conn.Close()
	}

	c := dialLang(t, ts, "lang=en-XA")
	c.send(map[string]any{"type": "bogus"})
	if m := c.until(hangs, "the refusal", isError); !strings.HasPrefix(m.Message, "⟦") {
		t.Errorf("en-XA: %q, want it marked", m.Message)
	}

	// The lang message switches the tab's language, each way.
	c = dialLang(t, ts, "")
	for _, tc := range []struct{ lang, want string }{
		{"zh-CN", unknownZH},
		{"en", unknownEN},
		{"zh-Hans", unknownZH},
		{"nonsense", unknownEN},
	} {
		c.send(map[string]any{"type": "lang", "lang": tc.lang})
		c.send(map[string]any{"type": "bogus"})
		if m := c.until(hangs, "the refusal", isError); m.Message != tc.want {
			t.Errorf("after lang %q: %q, want %q", tc.lang, m.Message, tc.want)
		}
	}
	// A wrapped error: the frame in Chinese, and the page's own words.
	c.send(map[string]any{"type": "lang", "lang": "zh-CN"})
	c.send(map[string]any{"type": "step", "n": 0.5})
	if m := c.until(hangs, "the refusal", isError); m.Message != "消息有误：单步次数 0.5 须是 1 到 1e9 之间的整数" {
		t.Errorf("a bad step in Chinese: %q", m.Message)
	}
	c.send(map[string]any{"type": "back"})
	if m := c.until(hangs, "the refusal", isError); m.Message != "无处可退：请先开始一次搜索" {
		t.Errorf("back before a run in Chinese: %q", m.Message)
	}
}

// TestLangState has a switch of language send the tab's state again (the
// page draws it in the new language) though the run did not move.
func TestLangState(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := dialLang(t, ts, "lang=en")
	c.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": testrun.State, "heuristic": "manhattan"})
	c.send(map[string]any{"type": "step", "n": 3, "seq": 1})
	c.until(hangs, "three steps", func(m *msg) bool { return isState(m) && m.Active.Events == 4 && m.Status == "paused" })
	// The state built after the switch says so (seq 2).
	c.send(map[string]any{"type": "lang", "lang": "zh-CN", "seq": 2})
	m := c.until(hangs, "the state again", func(m *msg) bool { return isState(m) && m.Seq == 2 })
	if m.Active.Events != 4 || m.Status != "paused" {
		t.Errorf("after the switch the state shows %d events, %s; want 4, paused", m.Active.Events, m.Status)
	}
}

// TestLangFollower is a follower's refusals in its language (lang= on its
// socket, then its lang message), and the class's refusals over HTTP in
// the browser's.
func TestLangFollower(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{Class: true, ClassCode: testCode, MaxFollowers: 1})
	lect := dial(t, ts)
	lect.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": testrun.State, "heuristic": "manhattan"})
	u := ts.wsURL() + "?join=" + testCode + "&device=device-one&lang=zh-CN"
	conn, _, err := websocket.DefaultDialer.Dial(u, http.Header{"Origin": {ts.URL}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	f := &client{t: t, conn: conn}
	until(t, f, "the hello", isType("hello"))
	f.send(map[string]any{"type": "start"})
	if m := until(t, f, "the refusal", isType("error")); m["message"] != `已拒绝 "start"：学生端只能观看讲师的运行、回答测验，不能做别的操作` {
		t.Errorf("a follower's refusal in Chinese: %q", m["message"])
	}
	f.send(map[string]any{"type": "lang", "lang": "en"})
	f.send(map[string]any{"type": "start"})
	if m := until(t, f, "the refusal", isType("error")); m["message"] != `refused: "start": a follower watches the lecturer's run and answers the quiz; nothing else` {
		t.Errorf("a follower's refusal after lang en: %q", m["message"])
	}
	// One past the cap, in its own language.
	conn2, _, err := websocket.DefaultDialer.Dial(ts.wsURL()+"?join="+testCode+"&device=device-two&lang=zh-CN", http.Header{"Origin": {ts.URL}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn2.Close() })
	if m := until(t, &client{t: t, conn: conn2}, "the refusal", isType("error")); !strings.HasPrefix(m["message"].(string), "课堂已满") {
		t.Errorf("a full class in Chinese: %q", m["message"])
	}

	// A wrong join code: the phone's browser's language.
	for _, tc := range []struct{ accept, want string }{
		{"zh-CN,zh;q=0.9,en;q=0.8", "加入码不对"},
		{"en-GB,en;q=0.9", "wrong join code"},
		{"", "wrong join code"},
	} {
		req, _ := http.NewRequest("GET", ts.URL+"/join/wrong1", nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Language", tc.accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), tc.want) {
			t.Errorf("a wrong code with Accept-Language %q: %q, want %q in it", tc.accept, b, tc.want)
		}
	}
}

// TestLangTab is viz site's tab: its language at start (Options.Lang, the
// worker's lang=), then the page's lang message.
func TestLangTab(t *testing.T) {
	t.Parallel()
	c := openTabWith(t, Options{Lang: "zh-CN"})
	c.until(hangs, "the hello", func(m *msg) bool { return m.Type == "hello" })
	c.send(map[string]any{"type": "bogus"})
	if m := c.until(hangs, "the refusal", isError); m.Message != unknownZH {
		t.Errorf("a site's tab in Chinese: %q", m.Message)
	}
	c.send(map[string]any{"type": "lang", "lang": "en"})
	c.send(map[string]any{"type": "bogus"})
	if m := c.until(hangs, "the refusal", isError); m.Message != unknownEN {
		t.Errorf("a site's tab after lang en: %q", m.Message)
	}
}

// TestErrorText is the checks of viz serve's --addr in the CLI's
// language: the same error reads English (its Error) or Chinese.
func TestErrorText(t *testing.T) {
	t.Parallel()
	_, err := CheckListenAddr("192.0.2.1:8080", false)
	if err == nil {
		t.Fatal("a remote address without --allow-remote was accepted")
	}
	for _, tc := range []struct{ tag, want string }{
		{"en", err.Error()},
		{"zh-CN", `地址 "192.0.2.1:8080" 不是本机回环地址：任何能访问它的人都能在这里运行搜索；如确实要这样提供服务，请加上 --allow-remote`},
	} {
		if got := ErrorText(lang.New(tc.tag), err); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.tag, got, tc.want)
		}
	}
	if got := ErrorText(lang.New("zh-CN"), io.EOF); got != "EOF" {
		t.Errorf("another package's error: %q, want its own words", got)
	}
}

// TestBuildText is a pattern database's build as the page reads it, in
// each language; a cache's note keeps its own (English) words.
func TestBuildText(t *testing.T) {
	t.Parallel()
	building := pdb.Progress{Table: "pdb78", Depth: 12, Filled: 250, Total: 1000}
	note := pdb.Progress{Table: "pdb78", Note: "rebuilding it"}
	for _, tc := range []struct {
		tag  string
		pr   pdb.Progress
		want string
	}{
		{"en", building, "building pattern database pdb78 (first use; cached afterwards): depth 12, 25.0% of 1000 entries"},
		{"zh-CN", building, "正在构建模式数据库 pdb78（首次使用，之后会缓存）：深度 12，已完成 25.0%，共 1000 项"},
		{"en", note, "pattern database pdb78: rebuilding it"},
		{"zh-CN", note, "模式数据库 pdb78：rebuilding it"},
	} {
		if got := buildText(lang.New(tc.tag), tc.pr); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.tag, got, tc.want)
		}
	}
}
