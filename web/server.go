// Package web is idaviz's browser visualizer: a local HTTP server with one
// embedded page (package static), and a session per browser tab (per
// websocket) that runs searches, or replays a recorded trace, and pushes
// what the page draws. What a run's events fold into, and the state built
// from it, is package fold's; the server adds connections, sessions, pacing
// (the player), lock-step moves, lectures and downloads.
// docs/PROTOCOL.md describes the messages between the page and a session.
//
// The server is meant for loopback: it refuses requests whose Host is not a
// loopback name (DNS rebinding) and websocket upgrades whose Origin is not
// the page's own (cross-site websocket hijacking), unless told otherwise.
package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"idaviz/internal/atomicfile"
	"idaviz/internal/quote"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/fold"
	"idaviz/web/static"
)

// Options configure a Server.
type Options struct {
	// Recording, when set, makes the page replay this trace instead of
	// running searches.
	Recording *fold.Recording
	// Lecture is the replay's bookmarks at start (nil: none yet), and
	// LecturePath the file the page's saves go to ("": kept in memory).
	// TraceName is the replayed file's name, for downloads.
	Lecture     *trace.Lecture
	LecturePath string
	TraceName   string
	// LectureStamp is the lecture file as it was read (the zero Stamp:
	// there was none): a save over a file changed since is refused.
	LectureStamp atomicfile.Stamp
	// RemoteBookmarks lets a tab on another machine than the server save
	// the bookmarks (viz replay --allow-remote --remote-bookmarks); else
	// such tabs only read them.
	RemoteBookmarks bool
	// AllowRemote accepts any Host header, and an Origin equal to the
	// request's own host, for a server bound to a non-loopback address.
	AllowRemote bool
	// TreeLimit is the most tree nodes the page draws (default
	// defaultTreeLimit).
	TreeLimit int
	// SnapshotInterval is the least time between two state messages to one
	// tab (default 50 ms: about 20 a second).
	SnapshotInterval time.Duration
	// Logf reports connection errors (nil: quiet).
	Logf func(format string, args ...any)
	// MaxSearches caps the searches that compute at once across the
	// server (default: the number of CPUs). A search that waits for its
	// page (paused, stepped) does not count; the others queue, and their
	// pages say so.
	MaxSearches int
	// Token, when set, is required of every request: as ?token= in the
	// address the server prints, which sets a cookie for the page's own
	// requests (as Jupyter does). For --allow-remote.
	Token string
	// SearchMemory is each A* search's memory budget (default
	// DefaultSearchMemory): past it the search stops and its page says
	// "A* ran out of its memory budget after N states; IDA* needs none".
	SearchMemory int64
	// MaxSessionsPerClient caps the open tabs (websockets) of one client
	// address (default 8 when AllowRemote, none on loopback).
	MaxSessionsPerClient int
	// MaxMemory is what all the server's A* searches, and the states its
	// searches of problems written in Starlark keep, may hold together,
	// running or paused (default DefaultServerMemory): past it the run
	// paused the longest is stopped, or else the search that needs more.
	MaxMemory int64
	// Class lets devices follow the lecturer's tab and answer its quiz
	// (class.go) with the join code ClassCode (default: a random one), at
	// most MaxFollowers at once (default DefaultMaxFollowers). ClassBase
	// is the page's public address when a reverse proxy serves it ("":
	// the listener's).
	Class        bool
	ClassCode    string
	MaxFollowers int
	ClassBase    string
	// Lang is a tab's language at start (ServeTab: viz site's page says
	// it to its worker); a socket's page says its own (lang=).
	Lang string
}

// Server serves the page, its assets, the puzzle catalogue and the
// websocket sessions. It implements http.Handler.
type Server struct {
	opt      Options
	origin   origin // where the tabs' runs come from: live searches or the recording
	mux      *http.ServeMux
	upgrader websocket.Upgrader

	ctx      context.Context // cancelled by Close: ends every session
	cancel   context.CancelFunc
	mu       sync.Mutex // guards closed and sessions.Add against Close
	closed   bool
	sessions sync.WaitGroup

	slots  *slots      // the cap on searches computing at once
	memory *memoryPool // what the A* searches hold, running or paused

	lecture *lectureStore // a replay's bookmarks (nil: live)
	class   *class        // the class following the lecturer (nil: none)

	clientsMu sync.Mutex
	clients   map[string]int // open sessions by client address
	downloads map[string]int // downloads and exports under way by client address

	// Test hooks: a session starts, a run's goroutine ends, a run's search
	// waits for the page (paused, after events events), a session has
	// ended and let go of all it held.
	onSession    func(*session)
	onRunEnd     func()
	onBlock      func(run int, events int64)
	onSessionEnd func()
	// A download or an export has ended (or was refused) and let go of
	// all it held.
	onDownloadEnd func()
}

// DefaultSearchMemory is the memory budget of a page's A* search: a
// class's worth of tabs fit in a laptop's memory.
const DefaultSearchMemory = 256 << 20

// withDefaults fills in the options left zero.
func (opt Options) withDefaults() Options {
	if opt.TreeLimit <= 0 {
		opt.TreeLimit = fold.DefaultTreeLimit
	}
	if opt.SnapshotInterval <= 0 {
		opt.SnapshotInterval = 50 * time.Millisecond
	}
	if opt.MaxSearches <= 0 {
		opt.MaxSearches = runtime.NumCPU()
	}
	if opt.MaxSessionsPerClient <= 0 && opt.AllowRemote {
		opt.MaxSessionsPerClient = 8
	}
	if opt.SearchMemory <= 0 {
		opt.SearchMemory = DefaultSearchMemory
	}
	if opt.MaxMemory <= 0 {
		opt.MaxMemory = DefaultServerMemory
	}
	if logf := opt.Logf; logf != nil {
		// A log line may carry a peer's words (a close reason, a query):
		// control characters in them would drive the lecturer's terminal
		// (retitle it, clear it, print lines of their own).
		opt.Logf = func(format string, args ...any) { logf("%s", quote.Shown(fmt.Sprintf(format, args...))) }
	}
	return opt
}

// New makes a server.
func New(opt Options) *Server {
	opt = opt.withDefaults()
	memory := newMemoryPool(opt.MaxMemory)
	s := &Server{opt: opt, mux: http.NewServeMux(), origin: liveOrigin{memory: opt.SearchMemory, shared: memory.budget}, slots: newSlots(opt.MaxSearches),
		memory: memory, clients: map[string]int{}, downloads: map[string]int{}}
	if opt.Recording != nil {
		s.origin = replayOrigin{rec: opt.Recording}
		s.lecture = newLectureStore(opt.LecturePath, int64(opt.Recording.Len()), opt.Lecture, opt.LectureStamp, opt.RemoteBookmarks)
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	if opt.Class {
		s.class = newClass(opt.ClassCode, opt.MaxFollowers, opt.SnapshotInterval, opt.Logf)
		go s.class.run(s.ctx)
	}
	s.upgrader = websocket.Upgrader{
		ReadBufferSize:  4096,
		WriteBufferSize: 16384,
		CheckOrigin:     s.checkOrigin,
	}
	files := static.FS()
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(files)))
	s.mux.HandleFunc("GET /{$}", s.servePage)
	s.mux.HandleFunc("GET /join/{code}", s.serveJoin)
	s.mux.HandleFunc("GET /api/class.csv", s.sameOrigin(s.serveResults))
	s.mux.HandleFunc("GET /api/puzzles", s.servePuzzles)
	s.mux.HandleFunc("GET /api/examples", s.serveExamples)
	s.mux.HandleFunc("GET /ws", s.serveWS)
	s.mux.HandleFunc("GET /api/trace", s.sameOrigin(s.serveTrace))
	s.mux.HandleFunc("GET /api/export", s.sameOrigin(s.serveExport))
	s.mux.HandleFunc("GET /api/gif", s.sameOrigin(s.serveGIF))
	return s
}

// servePage serves the page itself; with ?join= (a follower's page) only
// for the class's join code.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Has("join") {
		if !s.joinOK(w, r, r.URL.Query().Get("join")) {
			return
		}
		w.Header().Set("Referrer-Policy", "no-referrer")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	http.ServeFileFS(w, r, static.FS(), "index.html")
}

// ServeHTTP checks the Host header, then routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.opt.AllowRemote && !isLoopbackHost(r.Host) {
		httpError(w, r, say("server.host-refused", lang.Args{"Host": r.Host}), http.StatusForbidden)
		return
	}
	// The page needs nothing from elsewhere, and no other page may frame
	// it (clickjacking); say so to the browser too.
	w.Header().Set("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if s.opt.Token != "" && !s.classPath(r) && !s.checkToken(w, r) {
		httpError(w, r, say("server.token-needed"), http.StatusUnauthorized)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// tokenCookie is the name of the cookie that carries the token once the
// page was opened with ?token=. Cookies are not told apart by port, so each
// server names its own after its token: a second server on the same host
// sets a cookie beside the first's, not over it.
func tokenCookie(token string) string {
	sum := sha256.Sum256([]byte(token))
	return "idaviz_token_" + hex.EncodeToString(sum[:6])
}

// checkToken accepts a request that carries the server's token, in the
// query (then it sets the cookie the page's later requests carry) or in the
// cookie. The comparison takes the same time whatever the guess.
func (s *Server) checkToken(w http.ResponseWriter, r *http.Request) bool {
	want := []byte(s.opt.Token)
	if q := r.URL.Query().Get("token"); q != "" && subtle.ConstantTimeCompare([]byte(q), want) == 1 {
		http.SetCookie(w, &http.Cookie{Name: tokenCookie(s.opt.Token), Value: s.opt.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		return true
	}
	c, err := r.Cookie(tokenCookie(s.opt.Token))
	return err == nil && subtle.ConstantTimeCompare([]byte(c.Value), want) == 1
}

// NewToken returns a random token for Options.Token.
func NewToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// Close ends every session (cancelling their searches) and waits for them.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.sessions.Wait()
}

// enter counts a socket among the sessions Close waits for (the caller
// calls s.sessions.Done when it ends), unless the server is closing.
func (s *Server) enter() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.sessions.Add(1)
	return true
}

// isLoopbackHost reports whether a Host header names this machine through
// loopback: localhost, 127.0.0.0/8 or ::1, with or without a port.
func isLoopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// checkOrigin accepts an upgrade only from the page this server served: the
// Origin must name the same host and port as the request, over http(s).
// A browser always sends Origin with a websocket; a missing one is refused.
func (s *Server) checkOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	return o != "" && s.ownOrigin(o, r.Host)
}

// ownOrigin reports whether the Origin o is the page this server served to
// a request for host.
func (s *Server) ownOrigin(o, host string) bool {
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	if !strings.EqualFold(u.Host, host) {
		return false
	}
	return s.opt.AllowRemote || isLoopbackHost(u.Host)
}

// sameOrigin lets through only the requests of the server's own page, for
// an endpoint that does work (a search run again, a trace packed): any
// other page the browser shows could otherwise make it send them (an
// <img> pointing at the address kept a loopback server busy, and built
// pattern databases). A browser says where a request comes from in
// Sec-Fetch-Site (cross-site, same-site: another port of this host is one
// too) and, when it has one, in Origin. A request with neither (a browser
// older than Fetch Metadata, curl) goes through: a remote server still
// wants its token, whose cookie is SameSite=Strict.
func (s *Server) sameOrigin(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" || site == "same-site" {
			httpError(w, r, say("server.cross-site", lang.Args{"Site": site}), http.StatusForbidden)
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !s.ownOrigin(o, r.Host) {
			httpError(w, r, say("server.cross-origin"), http.StatusForbidden)
			return
		}
		h(w, r)
	}
}

// puzzleInfo is one entry of /api/puzzles.
type puzzleInfo struct {
	Name       string           `json:"name"`
	Title      string           `json:"title"`
	Heuristics []string         `json:"heuristics"`
	Goals      []string         `json:"goals"`
	Presets    []puzzles.Preset `json:"presets"`
	Renderer   string           `json:"renderer"`
	Help       string           `json:"help"`
	Scramble   bool             `json:"scramble"`
	// Script says whether a heuristic written in Starlark can read the
	// puzzle's states (the Problem tab offers those puzzles).
	Script bool `json:"script"`
	// Orders says whether the search can try the moves in another order
	// (tiles: the start message's order).
	Orders bool `json:"orders,omitempty"`
	// ServeOnly are the heuristics listed that this page cannot run: viz
	// site's page, whose engine in the browser cannot build their tables.
	ServeOnly []string `json:"serveOnly,omitempty"`
}

// catalogue is the page's list of puzzles; site's (viz site's page) lists
// the heuristics of large tables as needing viz serve: the engine in the
// browser does not build them within a minute.
func catalogue(site bool) []puzzleInfo {
	out := []puzzleInfo{}
	for _, p := range puzzles.All() {
		info := puzzleInfo{Name: p.Name, Title: p.Title, Heuristics: p.Heuristics, Goals: p.Goals,
			Presets: p.Presets, Renderer: p.Renderer, Help: p.Help, Scramble: p.Scramble != nil, Script: p.Script != nil, Orders: p.Order != nil}
		if site && p.Databases != nil {
			info.ServeOnly = p.Databases.Large
		}
		out = append(out, info)
	}
	return out
}

// Catalogue is the page's list of puzzles (what GET /api/puzzles answers),
// JSON; site's is viz site's page's, which lists the heuristics whose
// tables are large as needing viz serve.
func Catalogue(site bool) ([]byte, error) {
	return json.Marshal(catalogue(site))
}

func (s *Server) servePuzzles(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(catalogue(false))
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if s.ctx.Err() != nil {
		httpError(w, r, say("server.shutting-down"), http.StatusServiceUnavailable)
		return
	}
	if s.onSessionEnd != nil {
		defer s.onSessionEnd()
	}
	if r.URL.Query().Has("join") {
		// Its upgrade checks the Origin, as every websocket's.
		s.serveFollow(w, r)
		return
	}
	client := clientAddr(r)
	if !s.addClient(s.clients, client) {
		httpError(w, r, say("server.too-many-tabs", lang.Args{"Client": client, "Max": s.opt.MaxSessionsPerClient}), http.StatusTooManyRequests)
		return
	}
	defer s.dropClient(s.clients, client)
	// Upgrade answers 403 itself when checkOrigin refuses.
	conn, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		s.logf("websocket upgrade from %s: %v", r.RemoteAddr, err)
		return
	}
	if !s.enter() {
		conn.Close()
		return
	}
	defer s.sessions.Done()
	ss := newSession(s.origin, s.opt.TreeLimit, s.opt.Logf)
	// The page's language (connection.js: lang=), until it says another.
	ss.lang.Store(lang.New(r.URL.Query().Get("lang")))
	ss.onRunEnd, ss.onBlock = s.onRunEnd, s.onBlock
	ss.lecture = s.lecture
	ss.remote = !sameMachine(r)
	if s.lecture != nil {
		s.lecture.join(ss)
		defer s.lecture.leave(ss)
	}
	if s.opt.Recording == nil {
		ss.slots = s.slots
		ss.memory = s.memory
	}
	if s.class != nil {
		ss.class = s.class
		s.class.lead(ss)
		defer s.class.leave(ss)
	}
	if s.onSession != nil {
		s.onSession(ss)
	}
	serveConn(s.ctx, conn, ss, s.opt.SnapshotInterval)
}

// sameMachine reports whether a request comes from the server's own
// machine: over loopback, or to the very address it comes from (a browser
// on the server's machine that opened its LAN address).
func sameMachine(r *http.Request) bool {
	ip := net.ParseIP(clientAddr(r))
	if ip == nil {
		return false
	}
	if ip.IsLoopback() {
		return true
	}
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return false
	}
	host, _, err := net.SplitHostPort(local.String())
	return err == nil && net.ParseIP(host).Equal(ip)
}

// clientAddr is the client's IP address, the unit of the per-client cap.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// addClient counts one of client's sessions (s.clients) or downloads
// (s.downloads) in counts, unless that would pass the cap. The two are
// capped apart: a client with its cap of tabs open still downloads what
// they show, and its downloads, each holding a search slot, cannot take
// more slots than its tabs could.
func (s *Server) addClient(counts map[string]int, client string) bool {
	s.clientsMu.Lock()
	defer s.clientsMu.Unlock()
	if s.opt.MaxSessionsPerClient > 0 && counts[client] >= s.opt.MaxSessionsPerClient {
		return false
	}
	counts[client]++
	return true
}

func (s *Server) dropClient(counts map[string]int, client string) {
	s.clientsMu.Lock()
	defer s.clientsMu.Unlock()
	if counts[client]--; counts[client] <= 0 {
		delete(counts, client)
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.opt.Logf != nil {
		s.opt.Logf(format, args...)
	}
}

// CheckListenAddr refuses an address that is not loopback unless
// allowRemote is set (the page runs searches for whoever reaches it), and
// a loopback one when it is (the flag would promise what the server does
// not do). It decides from the address as written only where that is
// certain (an IP address, none: every interface, or localhost); a name is
// resolved when listening, and CheckListener decides from the address the
// listener got. It reports whether the address is remote (for a warning).
// Its errors are the catalogue's: ErrorText writes them in a language.
func CheckListenAddr(addr string, allowRemote bool) (remote bool, err error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, sayWrap("server.addr-bad", err, lang.Args{"Addr": strconv.Quote(addr)})
	}
	switch ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")); {
	case host != "" && isLoopbackHost(host):
		if allowRemote {
			return false, say("server.addr-loopback", lang.Args{"Addr": addr})
		}
		return false, nil
	case host != "" && ip == nil:
		return false, nil // a name: CheckListener decides
	case !allowRemote:
		return true, say("server.addr-remote", lang.Args{"Addr": strconv.Quote(addr)})
	}
	return true, nil
}

// CheckListener is CheckListenAddr for the address a listener on addr got,
// which decides: a name that resolves to a loopback address (a machine's
// own name often does) listens on loopback whatever it looks like, and is
// served as loopback is (no token, no caps per client); one that resolves
// elsewhere needs allowRemote. It reports whether the listener is
// reachable from beyond this machine.
func CheckListener(addr string, a net.Addr, allowRemote bool) (remote bool, err error) {
	tcp, ok := a.(*net.TCPAddr)
	remote = !ok || !tcp.IP.IsLoopback()
	switch {
	case remote && !allowRemote:
		return true, say("server.listener-remote", lang.Args{"Addr": strconv.Quote(addr), "Listener": a.String()})
	case !remote && allowRemote:
		return false, say("server.listener-loopback", lang.Args{"Addr": addr, "Listener": a.String()})
	}
	return remote, nil
}

// ListenAndServe serves the page on addr until ctx is cancelled, then shuts
// down: it stops accepting, ends every session (cancelling their searches)
// and waits for them. ready, if not nil, gets the page's URL once the
// server listens.
func ListenAndServe(ctx context.Context, addr string, opt Options, ready func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", addr, err)
	}
	return Serve(ctx, ln, opt, ready)
}

// Serve is ListenAndServe on a listener the caller opened.
func Serve(ctx context.Context, ln net.Listener, opt Options, ready func(url string)) error {
	s := New(opt)
	// Idle keep-alive connections are closed, so a crowd of tabs that went
	// away holds no sockets; websockets are hijacked and keep their own
	// ping/pong deadlines.
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 30 * time.Second,
		BaseContext: func(net.Listener) context.Context { return s.ctx }}
	if s.class != nil {
		s.class.mu.Lock()
		s.class.join = JoinURL(opt.ClassBase, ln.Addr(), s.class.code)
		s.class.mu.Unlock()
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if ready != nil {
		u := pageURL(ln.Addr())
		if opt.Token != "" {
			u += "?token=" + opt.Token
		}
		ready(u)
	}
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	s.Close() // sessions are hijacked connections: Shutdown does not wait for them
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if serr := hs.Shutdown(sctx); err == nil && serr != nil {
		err = serr
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// pageURL is the address to open: a wildcard listener is reached through
// loopback.
func pageURL(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String() + "/"
	}
	host := tcp.IP.String()
	if tcp.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(tcp.Port)) + "/"
}
