// Command pileup drives a running `viz serve` the way a crowd of tabs can
// pile A* searches up on it: each tab starts kept A* runs on a hard
// 24-puzzle with misplaced tiles, lets each run a number of events (one
// step of that many, after which the server pauses it), and starts the
// next; once every run is
// paused (or stopped by the server) it reports and closes the tabs. Run the
// server under /usr/bin/time -v to read its peak memory
// (docs/PERFORMANCE.md):
//
//	/usr/bin/time -v viz serve --addr 127.0.0.1:18080 &
//	go run ./web/internal/pileup -addr 127.0.0.1:18080
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// korf1 is Korf's first 24-puzzle (blank first): A* with misplaced tiles
// stores states for as long as it is let.
const korf1 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"

func main() {
	cfg := config{}
	flag.StringVar(&cfg.addr, "addr", "127.0.0.1:8080", "the server's `host:port` (loopback)")
	flag.IntVar(&cfg.tabs, "tabs", 4, "tabs (websockets) at once")
	flag.IntVar(&cfg.runs, "runs", 4, "kept A* runs a tab starts, one after another")
	flag.Int64Var(&cfg.events, "events", 400_000, "events a run goes (a step of that many; about 2.4 states stored an event) before it pauses")
	flag.DurationVar(&cfg.timeout, "timeout", 10*time.Minute, "give up after this long")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), cfg.timeout)
	defer cancel()
	rep, err := pileUp(ctx, cfg)
	fmt.Println(rep)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pileup:", err)
		os.Exit(1)
	}
}

type config struct {
	addr       string
	tabs, runs int
	events     int64
	timeout    time.Duration
}

// report is what the tabs saw.
type report struct {
	Paused  int      // runs paused holding their states
	Stopped []string // runs the server stopped, with its message
	Ended   int      // runs that ended by themselves before the pause
}

func (r report) String() string {
	s := fmt.Sprintf("pileup: %d runs paused, %d ended by themselves, %d stopped by the server", r.Paused, r.Ended, len(r.Stopped))
	for _, m := range r.Stopped {
		s += "\n  stopped: " + m
	}
	return s
}

// pileUp runs the tabs at once and waits until each has its runs paused or
// stopped; then it closes them.
func pileUp(ctx context.Context, cfg config) (report, error) {
	var mu sync.Mutex
	var rep report
	errs := make(chan error, cfg.tabs)
	var tabs []*tab
	for range cfg.tabs {
		t, err := dialTab(ctx, cfg.addr)
		if err != nil {
			return rep, err
		}
		tabs = append(tabs, t)
	}
	for _, t := range tabs {
		go func() {
			r, err := t.pile(ctx, cfg)
			mu.Lock()
			rep.Paused += r.Paused
			rep.Ended += r.Ended
			rep.Stopped = append(rep.Stopped, r.Stopped...)
			mu.Unlock()
			errs <- err
		}()
	}
	var err error
	for range tabs {
		err = errors.Join(err, <-errs)
	}
	for _, t := range tabs {
		t.conn.Close()
	}
	return rep, err
}

// tab is one websocket, as the page opens it.
type tab struct {
	conn *websocket.Conn
}

func dialTab(ctx context.Context, addr string) (*tab, error) {
	h := http.Header{"Origin": {"http://" + addr}}
	conn, _, err := websocket.DefaultDialer.DialContext(ctx, "ws://"+addr+"/ws", h)
	if err != nil {
		return nil, fmt.Errorf("opening a tab: %w", err)
	}
	return &tab{conn: conn}, nil
}

// message is what the tool reads of the server's messages.
type message struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	Runs    []struct {
		ID        int    `json:"id"`
		Status    string `json:"status"`
		Generated int64  `json:"generated"`
		Pruned    int64  `json:"pruned"`
		Error     string `json:"error"`
	} `json:"runs"`
}

func (t *tab) send(v any) error { return t.conn.WriteJSON(v) }

func (t *tab) read(ctx context.Context) (*message, error) {
	if d, ok := ctx.Deadline(); ok {
		t.conn.SetReadDeadline(d)
	}
	_, data, err := t.conn.ReadMessage()
	if err != nil {
		return nil, err
	}
	var m message
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("a message that is not JSON: %w", err)
	}
	return &m, nil
}

// pile starts the tab's runs one after another, each paused after
// cfg.events events, and then waits until every one of them is
// paused or ended (a run the server stops ends "limit" or "cancelled",
// with its message).
func (t *tab) pile(ctx context.Context, cfg config) (report, error) {
	var rep report
	for range cfg.runs {
		err := t.send(map[string]any{"type": "start", "puzzle": "24puzzle", "state": korf1, "goal": "blank-first",
			"heuristic": "misplaced", "algorithm": "astar", "keep": true})
		if err == nil {
			err = t.send(map[string]any{"type": "step", "n": cfg.events})
		}
		if err != nil {
			return rep, err
		}
		started := 0
		for paused := false; !paused; {
			m, err := t.read(ctx)
			if err != nil {
				return rep, err
			}
			if m.Type == "error" {
				rep.Stopped = append(rep.Stopped, m.Message)
			}
			if m.Type != "state" || len(m.Runs) == 0 {
				continue
			}
			r := m.Runs[len(m.Runs)-1]
			if started == 0 {
				started = r.ID
			}
			switch {
			case r.ID != started:
			case r.Status == "paused" && r.Generated > 0:
				rep.Paused++
				paused = true
			case r.Status != "running" && r.Status != "paused" && r.Status != "queued" && r.Status != "building" && r.Status != "idle":
				if r.Error != "" {
					rep.Stopped = append(rep.Stopped, r.Error)
				} else {
					rep.Ended++
				}
				paused = true
			}
		}
	}
	// Hold the tab a moment so the server's state settles, reading what
	// comes (a run stopped to make room says so).
	hold, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	for {
		m, err := t.read(hold)
		if err != nil {
			if errors.Is(err, io.EOF) || hold.Err() != nil || isTimeout(err) {
				return rep, nil
			}
			return rep, err
		}
		if m.Type == "error" {
			rep.Stopped = append(rep.Stopped, m.Message)
		}
	}
}

func isTimeout(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.As(err, &ne) && ne.Timeout()
}
