package web

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"idaviz/trace"
)

// The connection: one websocket, a read pump and a write pump, as in
// gorilla/websocket's chat example. The pumps know nothing of searches:
// the read pump hands each text message to the session, the write pump
// sends the session's replies and, when it has news, its latest state.

const (
	writeWait  = 10 * time.Second
	pongWait   = 60 * time.Second
	pingPeriod = pongWait * 9 / 10
	// maxMessage bounds what the page may send: its largest message is a
	// start with a typed state and a script (maxSource, escaped in JSON:
	// the page sends no bigger script).
	maxMessage = 16<<10 + 2*maxSource
	// progressEvery is how often a run moving forward to a position the
	// page asked for (steps, the next visit or bound) shows where it is.
	progressEvery = time.Second
)

// serveConn runs a session over ws until the page goes away or ctx is
// cancelled, then stops the session's runs.
func serveConn(ctx context.Context, ws *websocket.Conn, s *session, interval time.Duration) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.open(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		writePump(ctx, cancel, ws, s, interval)
	}()
	readPump(ctx, ws, s)
	cancel()
	s.close()
	wg.Wait()
}

// readPump hands the page's messages to the session; a bad one is answered
// with an error, and the connection stays.
func readPump(ctx context.Context, ws *websocket.Conn, s *session) {
	limit := int64(maxMessage)
	if s.lecture != nil {
		// A replay's page saves its bookmarks in one message.
		limit += trace.MaxLectureBytes
	}
	ws.SetReadLimit(limit)
	_ = ws.SetReadDeadline(time.Now().Add(pongWait))
	ws.SetPongHandler(func(string) error {
		return ws.SetReadDeadline(time.Now().Add(pongWait))
	})
	for {
		kind, data, err := ws.ReadMessage()
		if err != nil {
			if websocket.IsUnexpectedCloseError(err, websocket.CloseGoingAway, websocket.CloseNormalClosure, websocket.CloseNoStatusReceived) && ctx.Err() == nil {
				s.logf("websocket read: %v", err)
			}
			return
		}
		_ = ws.SetReadDeadline(time.Now().Add(pongWait))
		if kind != websocket.TextMessage {
			s.replyErr(say("server.binary-message"))
			continue
		}
		if err := s.handle(data); err != nil {
			s.replyErr(err)
		}
	}
}

// writePump is push over the websocket, with its pings; it closes the
// socket when ctx ends (saying so) or a write fails (then it cancels).
func writePump(ctx context.Context, cancel context.CancelFunc, ws *websocket.Conn, s *session, interval time.Duration) {
	ping := time.NewTicker(pingPeriod)
	defer ping.Stop()
	defer ws.Close()
	write := func(kind int, b []byte) error {
		_ = ws.SetWriteDeadline(time.Now().Add(writeWait))
		return ws.WriteMessage(kind, b)
	}
	err := push(ctx, s, interval, func(b []byte) error { return write(websocket.TextMessage, b) },
		ping.C, func() error { return write(websocket.PingMessage, nil) })
	if err != nil {
		cancel()
		return
	}
	_ = ws.WriteControl(websocket.CloseMessage,
		websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
}

// push sends the session's hello first, then its replies as they come and
// its state at most every interval: news that comes in between is folded
// into one message, built when it is sent. keepAlive's ticks call ping (a
// websocket's; nil for a transport with none). It returns nil when ctx
// ends, and the error of a send that failed. The transport is the caller's:
// a websocket (writePump) or a Web Worker's messages (tab.go).
func push(ctx context.Context, s *session, interval time.Duration, send func([]byte) error, keepAlive <-chan time.Time, ping func() error) error {
	var throttle <-chan time.Time
	holding := false // throttle waits out a hold (held), not the interval
	var last time.Time
	// A state is due, but a run is on its way to a position the page asked
	// for: a seek back is shown only once there (never a position on the
	// way), a move forward once there or, if it takes long, every
	// progressEvery as it goes.
	held := func() (time.Duration, bool) {
		seeking, moving := s.settling()
		switch {
		case seeking:
			return 0, true
		case moving && time.Since(last) < progressEvery:
			return progressEvery - time.Since(last), true
		}
		return 0, false
	}
	sendState := func() error {
		b, err := json.Marshal(s.state())
		if err != nil {
			s.logf("encoding the state: %v", err)
			return nil
		}
		last = time.Now()
		return send(b)
	}
	if err := send(<-s.out); err != nil { // the hello
		return err
	}
	for {
		var err error
		select {
		case <-ctx.Done():
			return nil
		case b := <-s.out:
			err = send(b)
		case <-s.dirty:
			if throttle != nil && !holding {
				continue // a send is already due
			}
			if holding {
				// Held for a run on its way: once it got there, its state
				// goes at once.
				if _, ok := held(); ok {
					continue
				}
				throttle, holding = nil, false
			}
			if wait := interval - time.Since(last); wait > 0 {
				throttle = time.After(wait)
				continue
			}
			if wait, ok := held(); ok {
				if wait > 0 {
					throttle, holding = time.After(wait), true
				}
				continue // the run tells (dirty) when it gets there
			}
			err = sendState()
		case <-throttle:
			throttle, holding = nil, false
			if wait, ok := held(); ok {
				if wait > 0 {
					throttle, holding = time.After(wait), true
				}
				continue
			}
			err = sendState()
		case <-keepAlive:
			err = ping()
		}
		if err != nil {
			return err
		}
	}
}
