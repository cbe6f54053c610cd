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
			s.replyError("bad message: expected JSON text, got a binary message")
			continue
		}
		if err := s.handle(data); err != nil {
			s.replyErr("", err)
		}
	}
}

// writePump sends the hello first, then replies as they come and the
// session's state at most every interval: news that comes in between is
// folded into one message, built when it is written.
func writePump(ctx context.Context, cancel context.CancelFunc, ws *websocket.Conn, s *session, interval time.Duration) {
	ping := time.NewTicker(pingPeriod)
	defer ping.Stop()
	defer ws.Close()
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
	write := func(kind int, b []byte) bool {
		_ = ws.SetWriteDeadline(time.Now().Add(writeWait))
		if err := ws.WriteMessage(kind, b); err != nil {
			cancel()
			return false
		}
		return true
	}
	writeState := func() bool {
		b, err := json.Marshal(s.state())
		if err != nil {
			s.logf("encoding the state: %v", err)
			return true
		}
		last = time.Now()
		return write(websocket.TextMessage, b)
	}
	if !write(websocket.TextMessage, <-s.out) { // the hello
		return
	}
	for {
		select {
		case <-ctx.Done():
			_ = ws.WriteControl(websocket.CloseMessage,
				websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(time.Second))
			return
		case b := <-s.out:
			if !write(websocket.TextMessage, b) {
				return
			}
		case <-s.dirty:
			if throttle != nil && !holding {
				continue // a write is already due
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
			if !writeState() {
				return
			}
		case <-throttle:
			throttle, holding = nil, false
			if wait, ok := held(); ok {
				if wait > 0 {
					throttle, holding = time.After(wait), true
				}
				continue
			}
			if !writeState() {
				return
			}
		case <-ping.C:
			if !write(websocket.PingMessage, nil) {
				return
			}
		}
	}
}
