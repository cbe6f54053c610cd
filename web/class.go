package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	qrcode "github.com/skip2/go-qrcode"

	"idaviz/lang"
	"idaviz/web/draw"
	"idaviz/web/fold"
)

// A class (viz serve --class): the lecturer's tabs lead, and devices that
// opened the join address follow the leading tab's run, read-only, and
// answer the quiz it asks. A follower has no session of its own: one
// goroutine builds the leader's state once and hands the same bytes to
// every follower, each through a slot that holds only the latest (as a
// session's dirty channel does), so a follower that stops reading never
// holds up the others and never gets a backlog, and one whose writes stall
// is dropped after writeWait.

const (
	// DefaultMaxFollowers caps the devices following at once: a large
	// lecture hall, well within what one core serves (docs/PERFORMANCE.md).
	DefaultMaxFollowers = 300
	// joinAlphabet has no letters or digits that read alike (0 and o, 1
	// and l): a code is read off a projector and typed on a phone.
	joinAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"
	joinLength   = 6
	// maxGuesses wrong join codes from one address in guessWindow; then
	// that address is refused until the window ends.
	maxGuesses  = 10
	guessWindow = time.Minute
	// maxGuessers bounds the addresses remembered for their wrong codes.
	maxGuessers = 10000
	// followerWait is how long a write to a follower may take before the
	// follower is dropped: its socket's buffers are full (it stopped
	// reading).
	followerWait = 5 * time.Second
	// followerBuffer is a follower's socket's send buffer: a few states.
	followerBuffer = 128 << 10
	// maxQuestion and maxAnswer bound a question's text and an answer.
	maxQuestion = 1024
	maxAnswer   = 32
	// maxResults bounds the questions a class keeps for its CSV.
	maxResults = 10000
)

// NewJoinCode is a random join code (Options.ClassCode).
func NewJoinCode() string {
	b := make([]byte, joinLength)
	n := big.NewInt(int64(len(joinAlphabet)))
	for i := range b {
		k, _ := rand.Int(rand.Reader, n) // crypto/rand never fails
		b[i] = joinAlphabet[k.Int64()]
	}
	return string(b)
}

// question is the quiz's question the leader asked, open until revealed.
type question struct {
	ID      int    `json:"id"`
	Kind    string `json:"kind"` // "prune" (yes or no) or "node", "bound" (a number)
	Text    string `json:"text"`
	answers map[string]string
}

// result is one question's line of the results.
type result struct {
	text, kind, right string
	counts            map[string]int
}

// class is a server's class: its join code, its followers, the leading
// tab, and the quiz.
type class struct {
	code     string
	max      int
	interval time.Duration
	logf     func(string, ...any)

	leader atomic.Pointer[session] // the lecturer's tab that leads (nil: none open)
	newsAt atomic.Int64            // unix ns of the leader's first news not yet sent (0: none)
	gated  atomic.Bool             // the leader's quiz is on: states go on its page's sync
	wake   chan struct{}           // the leader has news; capacity 1
	news   chan struct{}           // the tally changed; capacity 1
	looks  chan struct{}           // look-arounds computing at once

	mu         sync.Mutex
	join       string // the address to open (set once the server listens)
	lecturers  []*session
	followers  map[*follower]struct{}
	last       []byte // the latest state sent to the followers
	lastEvents int64  // the events it showed: a look around goes no further
	q          *question
	nextQ      int
	results    []result
	guesses    map[string]*guesses
	questionMs []byte // the open question (or the last reveal) for followers
}

type guesses struct {
	n     int
	since time.Time
}

func newClass(code string, max int, interval time.Duration, logf func(string, ...any)) *class {
	if code == "" {
		code = NewJoinCode()
	}
	if max <= 0 {
		max = DefaultMaxFollowers
	}
	return &class{code: code, max: max, interval: interval, logf: logf,
		wake: make(chan struct{}, 1), news: make(chan struct{}, 1), looks: make(chan struct{}, runtime.NumCPU()),
		followers: map[*follower]struct{}{}, guesses: map[string]*guesses{}}
}

// check compares a join code in constant time, and counts a wrong one
// against the client's address: past maxGuesses in guessWindow the address
// is refused (limited) whatever it sends.
func (c *class) check(client, code string) (ok, limited bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	g := c.guesses[client]
	if g != nil && now.Sub(g.since) > guessWindow {
		delete(c.guesses, client)
		g = nil
	}
	if g != nil && g.n >= maxGuesses {
		return false, true
	}
	if subtle.ConstantTimeCompare([]byte(code), []byte(c.code)) == 1 {
		return true, false
	}
	if g == nil {
		if len(c.guesses) >= maxGuessers {
			for a, x := range c.guesses {
				if now.Sub(x.since) > guessWindow {
					delete(c.guesses, a)
				}
			}
			if len(c.guesses) >= maxGuessers {
				return false, true // flooded: no new guessers until some expire
			}
		}
		g = &guesses{since: now}
		c.guesses[client] = g
	}
	g.n++
	return false, false
}

// JoinURL is the address followers open, on a server listening at a
// (base, when not "", is the page's public address: a reverse proxy's).
// A wildcard listener is reached by the room at this machine's own
// address on the network, not through loopback.
func JoinURL(base string, a net.Addr, code string) string {
	if base != "" {
		return strings.TrimSuffix(base, "/") + "/join/" + code
	}
	u := pageURL(a)
	if tcp, ok := a.(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		if ip := lanAddr(); ip != nil {
			u = "http://" + net.JoinHostPort(ip.String(), strconv.Itoa(tcp.Port)) + "/"
		}
	}
	return u + "join/" + code
}

// lanAddr is this machine's first IPv4 address on an interface that is up
// and not loopback (nil: none).
func lanAddr() net.IP {
	ifs, err := net.Interfaces()
	if err != nil {
		return nil
	}
	for _, i := range ifs {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := i.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLinkLocalUnicast() {
				return n.IP
			}
		}
	}
	return nil
}

// QR draws url as a QR code for a terminal (two rows a line).
func QR(url string) (string, error) {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return "", fmt.Errorf("the join address's QR code: %w", err)
	}
	return q.ToSmallString(false), nil
}

// qrRows is url's QR code as rows of 0 and 1 (1: dark), quiet zone
// included, for the page to draw.
func qrRows(url string) []string {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return nil
	}
	bm := q.Bitmap()
	rows := make([]string, len(bm))
	for i, r := range bm {
		b := make([]byte, len(r))
		for j, dark := range r {
			b[j] = '0'
			if dark {
				b[j] = '1'
			}
		}
		rows[i] = string(b)
	}
	return rows
}

// lead makes s, a lecturer's tab just opened, the one followers follow;
// leave hands the lead back to the lecturer's tab opened before it.
func (c *class) lead(s *session) {
	c.mu.Lock()
	c.lecturers = append(c.lecturers, s)
	c.leader.Store(s)
	c.mu.Unlock()
	s.onNews = func() { c.poke(s) }
	c.tallyChanged()
	c.poke(s)
}

func (c *class) leave(s *session) {
	c.mu.Lock()
	c.lecturers = slices.DeleteFunc(c.lecturers, func(x *session) bool { return x == s })
	var next *session
	if n := len(c.lecturers); n > 0 {
		next = c.lecturers[n-1]
	}
	if c.leader.Load() == s {
		c.leader.Store(next)
	}
	c.mu.Unlock()
	if next != nil {
		c.poke(next)
	}
}

// poke tells the broadcaster that s has news, if s leads; it never blocks
// (a player calls it on every event).
func (c *class) poke(s *session) {
	if c.leader.Load() != s {
		return
	}
	// Every event of the lecturer's run comes here: the clock is read
	// only for the first news not yet sent, and nothing takes c.mu.
	if c.newsAt.Load() == 0 {
		c.newsAt.CompareAndSwap(0, time.Now().UnixNano())
	}
	if c.gated.Load() {
		return
	}
	c.wakeUp()
}

func (c *class) wakeUp() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *class) tallyChanged() {
	select {
	case c.news <- struct{}{}:
	default:
	}
}

// run is the broadcaster: the leader's state to the followers at most
// every interval, and the tally to the lecturer's tabs at most every
// interval, until ctx ends.
func (c *class) run(ctx context.Context) {
	var last time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.news:
			c.sendTally()
			continue
		case <-c.wake:
		}
		if wait := c.interval - time.Since(last); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
		}
		select {
		case <-c.wake: // news in the wait: this state has it
		default:
		}
		last = time.Now()
		c.broadcast()
	}
}

// followState is a state as followers get it: the leader's, with where it
// stands (follow).
type followState struct {
	fold.StateMsg
	Follow followInfo `json:"follow"`
}

type followInfo struct {
	// Event is the event shown (window.viz.event), Events the leader's
	// events so far: a look around goes no further.
	Event int64 `json:"event"`
	// Look: the state of a look around, not the leader's.
	Look bool `json:"look,omitempty"`
	// At is when the leader's news came (unix ms), for the load tool's
	// latency.
	At int64 `json:"at,omitempty"`
}

// broadcast builds the leader's state once and offers it to every
// follower. While a question is open it sends nothing: the state after the
// move asked about would give the answer away.
func (c *class) broadcast() {
	c.mu.Lock()
	open := c.q != nil
	c.mu.Unlock()
	if open {
		return
	}
	at := c.newsAt.Swap(0)
	var st fold.StateMsg
	if s := c.leader.Load(); s != nil {
		st = s.state()
	} else {
		st = fold.BuildStateLock("live", nil, 0)
	}
	st.Seq = 0
	var ev int64
	if st.Active != nil {
		ev = st.Active.Events - 1
	}
	b, err := json.Marshal(followState{StateMsg: st, Follow: followInfo{Event: ev, At: at / 1e6}})
	if err != nil {
		c.logf("encoding a follower's state: %v", err)
		return
	}
	c.mu.Lock()
	c.last, c.lastEvents = b, ev+1
	fs := make([]*follower, 0, len(c.followers))
	for f := range c.followers {
		fs = append(fs, f)
	}
	c.mu.Unlock()
	for _, f := range fs {
		f.state.offer(b)
	}
}

// sync is the leader's page saying it drew a state: with the quiz on,
// followers get a state only then (the page holds back the state a
// question is about until it is answered).
func (c *class) sync(s *session) {
	if c.leader.Load() != s {
		return
	}
	c.wakeUp()
}

// classMsg is what the lecturer's tabs are told of the class.
type classMsg struct {
	Type      string         `json:"type"` // "class"
	Join      string         `json:"join"`
	QR        []string       `json:"qr"`
	Followers int            `json:"followers"`
	Question  *question      `json:"question"` // the open one (nil: none)
	Answered  int            `json:"answered"`
	Tally     map[string]int `json:"tally"`
	// Last is the question revealed last, with its right answer and the
	// share of the answers that were right.
	Last *lastResult `json:"last"`
	// Results is how many questions the results (CSV) hold.
	Results int `json:"results"`
}

type lastResult struct {
	Text       string         `json:"text"`
	Right      string         `json:"right"`
	Answered   int            `json:"answered"`
	Tally      map[string]int `json:"tally"`
	ShareRight float64        `json:"shareRight"`
}

// msg is the class as the lecturer's tabs show it; c.mu is held.
func (c *class) msg() classMsg {
	m := classMsg{Type: "class", Join: c.join, QR: qrRows(c.join), Followers: len(c.followers), Tally: map[string]int{}, Results: len(c.results)}
	if c.q != nil {
		m.Question = c.q
		m.Answered = len(c.q.answers)
		m.Tally = tally(c.q.answers)
	}
	if n := len(c.results); n > 0 {
		r := c.results[n-1]
		total, right := r.total()
		m.Last = &lastResult{Text: r.text, Right: r.right, Answered: total, Tally: r.counts, ShareRight: share(right, total)}
	}
	return m
}

func tally(answers map[string]string) map[string]int {
	t := map[string]int{}
	for _, a := range answers {
		t[a]++
	}
	return t
}

func (r result) total() (total, right int) {
	for a, n := range r.counts {
		total += n
		if a == r.right {
			right += n
		}
	}
	return total, right
}

func share(right, total int) float64 {
	if total == 0 {
		return 0
	}
	return float64(right) / float64(total)
}

// sendTally tells every lecturer's tab the class as it stands.
func (c *class) sendTally() {
	c.mu.Lock()
	m := c.msg()
	ls := slices.Clone(c.lecturers)
	c.mu.Unlock()
	for _, s := range ls {
		s.reply(m)
	}
}

// questionMsg is the open question, or its reveal, as followers get it.
type questionMsg struct {
	Type     string `json:"type"` // "question"
	ID       int    `json:"id"`
	Kind     string `json:"kind,omitempty"`
	Text     string `json:"text"`
	Open     bool   `json:"open"`
	Right    string `json:"right,omitempty"`    // after the reveal
	Answered int    `json:"answered,omitempty"` // after the reveal: how many answered
	Share    string `json:"share,omitempty"`    // after the reveal: the share right, in words
}

// ask opens a question from the leader's page; the question open before
// goes unrevealed (skipped).
func (c *class) ask(s *session, kind, text string) error {
	if c.leader.Load() != s {
		return say("server.class-not-leader-ask")
	}
	switch kind {
	case "prune", "node", "bound":
	default:
		return say("server.class-bad-kind", lang.Args{"Kind": strconv.Quote(kind)})
	}
	if text == "" || len(text) > maxQuestion {
		return say("server.class-bad-question", lang.Args{"Max": maxQuestion})
	}
	c.mu.Lock()
	c.nextQ++
	c.q = &question{ID: c.nextQ, Kind: kind, Text: text, answers: map[string]string{}}
	b, _ := json.Marshal(questionMsg{Type: "question", ID: c.q.ID, Kind: kind, Text: text, Open: true})
	c.publish(b)
	return nil
}

// publish makes b the question every follower has (a late joiner's too)
// and hands it to each; called with c.mu held, which it releases, so that
// the question and the state it tells of change together.
func (c *class) publish(b []byte) {
	c.questionMs = b
	fs := c.followerList()
	c.mu.Unlock()
	for _, f := range fs {
		f.question.offer(b)
	}
	c.tallyChanged()
}

// reveal closes the open question with its right answer ("": skipped, the
// lecturer moved on), keeps it for the results, and lets the states
// through again.
func (c *class) reveal(s *session, right string) error {
	if c.leader.Load() != s {
		return say("server.class-not-leader")
	}
	if len(right) > maxAnswer {
		return say("server.class-answer-too-long", lang.Args{"Max": maxAnswer})
	}
	c.mu.Lock()
	q := c.q
	if q == nil {
		c.mu.Unlock()
		return nil
	}
	c.q = nil
	r := result{text: q.Text, kind: q.Kind, right: right, counts: tally(q.answers)}
	if len(c.results) < maxResults {
		c.results = append(c.results, r)
	}
	total, ok := r.total()
	m := questionMsg{Type: "question", ID: q.ID, Text: q.Text, Right: right, Answered: total}
	if right != "" && total > 0 {
		// In the lecturer's language: the class hears one.
		m.Share = s.printer().N("server.class-share", total, lang.Args{"Right": ok,
			"Percent": strconv.FormatFloat(100*share(ok, total), 'f', 0, 64)})
	}
	b, _ := json.Marshal(m)
	c.publish(b)
	c.wakeUp()
	return nil
}

// quiz sets whether the leader's quiz is on: then followers' states wait
// for its page's sync.
func (c *class) quiz(s *session, on bool) {
	if c.leader.Load() != s {
		return
	}
	c.gated.Store(on)
	c.wakeUp()
}

// followerList copies the followers; c.mu is held.
func (c *class) followerList() []*follower {
	fs := make([]*follower, 0, len(c.followers))
	for f := range c.followers {
		fs = append(fs, f)
	}
	return fs
}

var answerRE = regexp.MustCompile(`^(yes|no|[0-9]{1,9})$`)

// answer records a device's answer to the open question id; a device's
// later answer replaces its earlier one until the reveal.
func (c *class) answer(device string, id int, a string) error {
	if !answerRE.MatchString(a) {
		return say("server.class-bad-answer")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.q == nil || c.q.ID != id {
		return say("server.class-question-closed")
	}
	if (c.q.Kind == "prune") != (a == "yes" || a == "no") {
		if c.q.Kind == "prune" {
			return say("server.class-wants-yes-no")
		}
		return say("server.class-wants-number")
	}
	c.q.answers[device] = a
	c.tallyChanged()
	return nil
}

// csv is the class's results: one line a question, anonymous.
func (c *class) csv() []byte {
	c.mu.Lock()
	rs := slices.Clone(c.results)
	c.mu.Unlock()
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"question", "right answer", "answered", "answers", "share right"})
	for _, r := range rs {
		keys := make([]string, 0, len(r.counts))
		for a := range r.counts {
			keys = append(keys, a)
		}
		slices.Sort(keys)
		var counts []string
		for _, a := range keys {
			counts = append(counts, fmt.Sprintf("%s: %d", a, r.counts[a]))
		}
		total, right := r.total()
		sh := ""
		if r.right != "" && total > 0 {
			sh = strconv.FormatFloat(share(right, total), 'f', 3, 64)
		}
		right0 := r.right
		if right0 == "" {
			right0 = "(skipped)"
		}
		_ = w.Write([]string{cell(r.text), right0, strconv.Itoa(total), strings.Join(counts, "; "), sh})
	}
	w.Flush()
	return b.Bytes()
}

// cell keeps a spreadsheet from reading a text as a formula.
func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// latest is a slot that holds only the newest message: offering replaces
// what the reader has not taken. One goroutine offers.
type latest chan []byte

func (l latest) offer(b []byte) {
	for {
		select {
		case l <- b:
			return
		default:
		}
		select {
		case <-l:
		default:
		}
	}
}

// follower is one device following the class.
type follower struct {
	device   string
	state    latest // the leader's latest state
	question latest // the open question, or its reveal
	out      chan []byte
	lang     *lang.Printer // the follower's page's language (lang=)
}

var deviceRE = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// serveJoin sends a device that opened the join address to the page, as
// a follower: the page's own files are relative to the page's folder, the
// server's root (or a reverse proxy's folder).
func (s *Server) serveJoin(w http.ResponseWriter, r *http.Request) {
	code := r.PathValue("code")
	if !s.joinOK(w, r, code) {
		return
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, "../?join="+code, http.StatusSeeOther)
}

// joinOK checks a join code, answering a wrong one (or a guesser).
func (s *Server) joinOK(w http.ResponseWriter, r *http.Request, code string) bool {
	if s.class == nil {
		httpError(w, r, say("server.no-class-http"), http.StatusNotFound)
		return false
	}
	ok, limited := s.class.check(clientAddr(r), code)
	switch {
	case limited:
		httpError(w, r, say("server.class-too-many-codes"), http.StatusTooManyRequests)
		return false
	case !ok:
		httpError(w, r, say("server.class-wrong-code"), http.StatusForbidden)
		return false
	}
	return true
}

// classPath reports whether a request is a follower's, which the join code
// lets in (its handler checks it) without the lecturer's token: the join
// page, its socket and the page's files (the same for everyone).
func (s *Server) classPath(r *http.Request) bool {
	if s.class == nil || r.Method != http.MethodGet {
		return false
	}
	p := r.URL.Path
	return strings.HasPrefix(p, "/join/") || strings.HasPrefix(p, "/static/") || ((p == "/ws" || p == "/") && r.URL.Query().Has("join"))
}

// serveFollow is a follower's websocket: /ws?join=CODE&device=ID.
func (s *Server) serveFollow(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if !s.joinOK(w, r, q.Get("join")) {
		return
	}
	c := s.class
	device := q.Get("device")
	if !deviceRE.MatchString(device) {
		device = NewToken() // a page without one: this connection is the device
	}
	conn, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		s.logf("follower's websocket from %s: %v", r.RemoteAddr, err)
		return
	}
	// A follower that stops reading is dropped once its socket's buffers
	// are full and a write has waited followerWait: a small send buffer
	// keeps what the server holds for it bounded (the kernel's own would
	// grow to megabytes) and the wait short.
	if tcp, ok := conn.NetConn().(*net.TCPConn); ok {
		_ = tcp.SetWriteBuffer(followerBuffer)
	}
	f := &follower{device: device, state: make(latest, 1), question: make(latest, 1), out: make(chan []byte, 4),
		lang: lang.New(q.Get("lang"))}
	if !s.enter() {
		conn.Close()
		return
	}
	defer s.sessions.Done()
	c.mu.Lock()
	full := len(c.followers) >= c.max
	if !full {
		c.followers[f] = struct{}{}
		if c.last != nil {
			f.state.offer(c.last)
		}
		if c.questionMs != nil {
			f.question.offer(c.questionMs)
		}
	}
	// Read under the lock: the broadcaster writes it.
	noState := c.last == nil
	c.mu.Unlock()
	if full {
		msg := f.lang.T("server.class-full", lang.Args{"Max": c.max})
		b, _ := json.Marshal(errorMsg{Type: "error", Message: msg})
		_ = conn.SetWriteDeadline(time.Now().Add(writeWait))
		_ = conn.WriteMessage(websocket.TextMessage, b)
		_ = conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseTryAgainLater, "the class is full"), time.Now().Add(time.Second))
		conn.Close()
		return
	}
	if noState {
		c.wakeUp()
	}
	c.tallyChanged()
	defer func() {
		c.mu.Lock()
		delete(c.followers, f)
		c.mu.Unlock()
		c.tallyChanged()
	}()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f.write(ctx, cancel, conn)
	}()
	f.read(ctx, conn, s)
	cancel()
	<-done
}

// replyErr answers the follower with err, in its language.
func (f *follower) replyErr(err error) {
	f.reply(errorMsg{Type: "error", Message: textIn(f.lang, err)})
}

// reply queues a reply to the follower, dropped when the queue is full.
func (f *follower) reply(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	select {
	case f.out <- b:
	default:
	}
}

// write is the follower's write pump: the hello, then the latest state and
// question as they come, and the replies.
func (f *follower) write(ctx context.Context, cancel context.CancelFunc, ws *websocket.Conn) {
	ping := time.NewTicker(pingPeriod)
	defer ping.Stop()
	defer ws.Close()
	send := func(kind int, b []byte) error {
		_ = ws.SetWriteDeadline(time.Now().Add(followerWait))
		return ws.WriteMessage(kind, b)
	}
	hello, _ := json.Marshal(helloMsg{Type: "hello", Mode: "follow"})
	err := send(websocket.TextMessage, hello)
	for err == nil {
		select {
		case <-ctx.Done():
			_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
			return
		case b := <-f.state:
			err = send(websocket.TextMessage, b)
		case b := <-f.question:
			err = send(websocket.TextMessage, b)
		case b := <-f.out:
			err = send(websocket.TextMessage, b)
		case <-ping.C:
			err = send(websocket.PingMessage, nil)
		}
	}
	cancel()
}

// followerMsg is what a follower's page may send.
type followerMsg struct {
	Type     string `json:"type"`
	Pos      int    `json:"pos"`
	Question int    `json:"question"`
	Answer   string `json:"answer"`
	Lang     string `json:"lang"` // lang's language
}

// read is the follower's read pump: a look around and an answer; anything
// else is refused.
func (f *follower) read(ctx context.Context, ws *websocket.Conn, s *Server) {
	ws.SetReadLimit(1024)
	_ = ws.SetReadDeadline(time.Now().Add(pongWait))
	ws.SetPongHandler(func(string) error { return ws.SetReadDeadline(time.Now().Add(pongWait)) })
	for {
		kind, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		_ = ws.SetReadDeadline(time.Now().Add(pongWait))
		var m followerMsg
		if kind != websocket.TextMessage || json.Unmarshal(data, &m) != nil {
			f.replyErr(say("server.follower-bad-json"))
			continue
		}
		switch m.Type {
		case "look":
			b, err := s.class.look(ctx, m.Pos, s.opt.TreeLimit, f.lang)
			if err != nil {
				f.replyErr(err)
				continue
			}
			select {
			case f.out <- b:
			default:
			}
		case "lang":
			// Only this goroutine reads f.lang once the socket is open.
			f.lang = lang.New(m.Lang)
		case "answer":
			if err := s.class.answer(f.device, m.Question, m.Answer); err != nil {
				f.replyErr(err)
			}
		default:
			t := m.Type
			if len(t) > maxName {
				t = t[:maxName]
			}
			f.replyErr(say("server.follower-refused", lang.Args{"Type": strconv.Quote(t)}))
		}
	}
}

// look is the leader's active run at event pos (events folded, at most
// the leader's so far), built for one follower looking around: a replay's
// run folds from its nearest checkpoint, a live one runs its search again
// up to pos (its first events are the same), in the follower's language l.
func (c *class) look(ctx context.Context, pos, treeLimit int, l *lang.Printer) ([]byte, error) {
	s := c.leader.Load()
	if s == nil {
		return nil, say("server.class-no-lecturer")
	}
	r, err := s.active()
	if err != nil {
		return nil, say("server.class-no-run")
	}
	if !r.src.stepping() {
		return nil, say("server.class-fast-run")
	}
	cur := r.p.frame(0).Stats
	if sk, ok := r.src.(seeker); ok {
		sk.reached(int(cur.Pos)) // a live run rests only where it has been
	}
	// No further than the followers were shown: the lecturer's run may be
	// past it, at the answer to an open question.
	c.mu.Lock()
	now := min(cur.Pos, c.lastEvents)
	c.mu.Unlock()
	src := r.src
	if f := s.origin.first(); f != nil {
		src = f // a replay: a source of its own (a file's reader is one tab's)
	}
	sk, ok := src.(seeker)
	if !ok {
		return nil, say("server.class-no-look")
	}
	pos = min(max(pos, 1), int(now))
	pos = sk.restAt(pos)
	select {
	case c.looks <- struct{}{}:
		defer func() { <-c.looks }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	there := make(chan struct{}, 1)
	p := newPlayer(lctx, r.id, src.level(), true, treeLimit, func() {
		select {
		case there <- struct{}{}:
		default:
		}
	})
	p.setLang(l)
	sk.fastForward(p, pos)
	if _, live := src.(*liveSource); live {
		ran := make(chan struct{})
		go func() {
			defer close(ran)
			_ = src.run(lctx, p, 0)
		}()
		for p.frame(0).Stats.Pos < int64(pos) {
			select {
			case <-there:
			case <-ran:
				return nil, say("server.class-run-ended")
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		cancel()
		<-ran
	}
	rd := fold.RunData{Frame: p.frame(0), Views: &draw.Views{}, Stepping: true, Total: sk.length()}
	st := fold.BuildStateLock(s.origin.mode(), []fold.RunData{rd}, 0)
	var ev int64
	if st.Active != nil {
		ev = st.Active.Events - 1
	}
	return json.Marshal(followState{StateMsg: st, Follow: followInfo{Event: ev, Look: true}})
}

// serveResults is the class's results as CSV.
func (s *Server) serveResults(w http.ResponseWriter, r *http.Request) {
	if s.class == nil {
		httpError(w, r, say("server.no-class-http"), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="class-results.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(s.class.csv())
}
