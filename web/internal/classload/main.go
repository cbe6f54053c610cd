// Command classload measures a class (viz serve --class) under load: a
// server of its own (this program run again, so that its CPU and memory
// are the server's alone), a lecturer's tab playing a live IDA* run at a
// given rate, and followers that read every state, plus one follower that
// never reads. It reports the delay from the lecturer's news to each
// follower's receipt, the server's CPU and memory, and whether the silent
// follower held anyone up and was dropped (docs/PERFORMANCE.md):
//
//	go run ./web/internal/classload -followers 200
//
// Its last line is "p50 … ms p95 … ms max … ms rss … MB".
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"idaviz/web"
)

const code = "load23"

type config struct {
	followers int
	rate      float64
	duration  time.Duration
	puzzle    string
	state     string
	heuristic string
	goal      string
}

func main() {
	serve := flag.Bool("serve", false, "run the server only (the measuring run starts itself so)")
	max := flag.Int("max-followers", 0, "with -serve: the cap on followers")
	var cfg config
	flag.IntVar(&cfg.followers, "followers", 200, "devices following the class, each reading every state")
	flag.Float64Var(&cfg.rate, "rate", 10, "the lecturer's play speed, events a second")
	flag.DurationVar(&cfg.duration, "duration", 20*time.Second, "how long the lecturer plays")
	flag.StringVar(&cfg.puzzle, "puzzle", "15puzzle", "the lecturer's puzzle")
	flag.StringVar(&cfg.state, "state", "14 13 15 7, 11 12 9 5, 6 0 2 1, 4 8 10 3", "the lecturer's start state")
	flag.StringVar(&cfg.heuristic, "heuristic", "manhattan", "the lecturer's heuristic")
	flag.StringVar(&cfg.goal, "goal", "blank-first", "the lecturer's goal")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	if *serve {
		err = serveClass(ctx, *max)
	} else {
		err = measure(ctx, cfg)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "classload:", err)
		os.Exit(1)
	}
}

// serveClass is the server: a class on a free loopback port, printed on
// stdout; it stops when stdin closes.
func serveClass(ctx context.Context, max int) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
		cancel()
	}()
	return web.Serve(ctx, ln, web.Options{Class: true, ClassCode: code, MaxFollowers: max}, func(string) {
		fmt.Println(ln.Addr().String())
	})
}

// proc reads the server's CPU time and resident memory from /proc.
type proc struct{ pid int }

func (p proc) cpu() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.pid))
	if err != nil {
		return 0, err
	}
	// The fields after the command's name, which may hold spaces.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100, nil // USER_HZ is 100 on Linux
}

func (p proc) rss() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			kb, err := strconv.ParseInt(strings.Fields(l)[1], 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("no VmRSS")
}

// message is the part of a server's message the load reads.
type message struct {
	Type      string `json:"type"`
	Followers int    `json:"followers"`
}

func dial(ctx context.Context, addr, query string) (*websocket.Conn, error) {
	return dialWith(ctx, websocket.DefaultDialer, addr, query)
}

func dialWith(ctx context.Context, d *websocket.Dialer, addr, query string) (*websocket.Conn, error) {
	h := http.Header{"Origin": {"http://" + addr}}
	c, _, err := d.DialContext(ctx, "ws://"+addr+"/ws"+query, h)
	return c, err
}

// phone is a dialer whose sockets take what a phone's do: a receive
// buffer of 64 KB, not the megabytes a loopback socket grows to.
var phone = &websocket.Dialer{NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
	c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
	if tcp, ok := c.(*net.TCPConn); ok {
		_ = tcp.SetReadBuffer(64 << 10)
	}
	return c, err
}}

func measure(ctx context.Context, cfg config) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, self, "-serve", "-max-followers", strconv.Itoa(cfg.followers+10))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() {
		stdin.Close()
		_ = cmd.Wait()
	}()
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return fmt.Errorf("the server's address: %w", err)
	}
	addr = strings.TrimSpace(addr)
	server := proc{pid: cmd.Process.Pid}

	// The lecturer: its tab leads; it reads everything (its states and
	// the class's count of followers).
	lect, err := dial(ctx, addr, "")
	if err != nil {
		return fmt.Errorf("the lecturer's tab: %w", err)
	}
	defer lect.Close()
	var followers atomic.Int64
	go func() {
		for {
			_, b, err := lect.ReadMessage()
			if err != nil {
				return
			}
			var m message
			if json.Unmarshal(b, &m) != nil {
				continue
			}
			switch m.Type {
			case "class":
				followers.Store(int64(m.Followers))
			case "error":
				fmt.Fprintf(os.Stderr, "classload: the lecturer's tab was told: %s\n", b)
			}
		}
	}()
	send := func(v any) error {
		b, _ := json.Marshal(v)
		return lect.WriteMessage(websocket.TextMessage, b)
	}
	if err := send(map[string]any{"type": "start", "puzzle": cfg.puzzle, "state": cfg.state, "heuristic": cfg.heuristic, "goal": cfg.goal}); err != nil {
		return err
	}
	time.Sleep(500 * time.Millisecond) // the run starts; the server settles
	base, _ := server.rss()

	// The followers, each reading every message and timing the states.
	// Only the states of news from the lecture on count: the one a
	// follower gets as it joins is the run's start, from before.
	var playing atomic.Int64
	playing.Store(1 << 62)
	var (
		mu     sync.Mutex
		delays []float64
		wg     sync.WaitGroup
		_, f   = context.WithCancel(ctx)
	)
	defer f()
	conns := make([]*websocket.Conn, 0, cfg.followers)
	for i := range cfg.followers {
		c, err := dial(ctx, addr, fmt.Sprintf("?join=%s&device=device%08d", code, i))
		if err != nil {
			return fmt.Errorf("follower %d: %w", i, err)
		}
		conns = append(conns, c)
		wg.Go(func() {
			var mine []float64
			for {
				_, b, err := c.ReadMessage()
				if err != nil {
					break
				}
				now := time.Now().UnixMilli()
				// The follower's part closes a state: read it alone, not the
				// whole state (this process plays 200 devices).
				i := bytes.LastIndex(b, []byte(`,"follow":`))
				var fl struct {
					At int64 `json:"at"`
				}
				if i >= 0 && json.Unmarshal(b[i+len(`,"follow":`):len(b)-1], &fl) == nil && fl.At >= playing.Load() {
					mine = append(mine, float64(now-fl.At))
				}
			}
			mu.Lock()
			delays = append(delays, mine...)
			mu.Unlock()
		})
	}
	// One that never reads: its socket's buffers fill, and it must not
	// hold up the others.
	silent, err := dialWith(ctx, phone, addr, "?join="+code+"&device=silentdevice")
	if err != nil {
		return fmt.Errorf("the silent follower: %w", err)
	}
	defer silent.Close()
	want := int64(cfg.followers + 1)
	for deadline := time.Now().Add(10 * time.Second); followers.Load() < want; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			return fmt.Errorf("the lecturer's tab counts %d followers, want %d", followers.Load(), want)
		}
	}
	withAll, _ := server.rss()

	// The lecture: play at the rate for the duration.
	cpu0, _ := server.cpu()
	start := time.Now()
	playing.Store(start.UnixMilli())
	if err := send(map[string]any{"type": "play", "n": cfg.rate}); err != nil {
		return err
	}
	var peak int64
	droppedAt := time.Duration(0)
	for time.Since(start) < cfg.duration {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if r, err := server.rss(); err == nil {
			peak = max(peak, r)
		}
		if droppedAt == 0 && followers.Load() < want {
			droppedAt = time.Since(start)
		}
	}
	cpu1, _ := server.cpu()
	wall := time.Since(start)
	_ = send(map[string]any{"type": "pause"})
	f()
	for _, c := range conns {
		c.Close()
	}
	wg.Wait()

	slices.Sort(delays)
	if len(delays) == 0 {
		return errors.New("no follower got a state")
	}
	pct := func(p float64) float64 { return delays[min(len(delays)-1, int(p*float64(len(delays))))] }
	fmt.Printf("followers %d (and one that never reads), lecturer at %g events/s for %s: %d states received\n",
		cfg.followers, cfg.rate, wall.Round(time.Millisecond), len(delays))
	fmt.Printf("server CPU %.2f cores; rss %.1f MB before the followers, %.1f MB with them (%.0f KB a follower), peak %.1f MB\n",
		(cpu1-cpu0).Seconds()/wall.Seconds(), mb(base), mb(withAll), float64(withAll-base)/1024/float64(cfg.followers+1), mb(peak))
	if droppedAt > 0 {
		fmt.Printf("the follower that never reads was dropped %s into the lecture\n", droppedAt.Round(100*time.Millisecond))
	} else {
		fmt.Printf("the follower that never reads was not dropped within %s (its socket's buffers still took the states)\n", wall.Round(time.Second))
	}
	fmt.Printf("p50 %.0f ms p95 %.0f ms max %.0f ms rss %.1f MB\n", pct(0.5), pct(0.95), delays[len(delays)-1], mb(peak))
	return nil
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }
