package main

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"idaviz/web"
)

// TestPileUp drives a server with a budget two small runs overfill: every
// run ends paused or stopped, and the server's message for a stopped one
// reaches the report.
func TestPileUp(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- web.Serve(ctx, ln, web.Options{MaxMemory: 12 << 20}, nil) }()
	defer func() {
		cancel()
		<-served
	}()
	runCtx, stop := context.WithTimeout(ctx, 2*time.Minute)
	defer stop()
	rep, err := pileUp(runCtx, config{addr: ln.Addr().String(), tabs: 2, runs: 2, events: 30_000})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Paused+len(rep.Stopped) < 4 || len(rep.Stopped) == 0 || !strings.Contains(rep.String(), "stopped to make room") {
		t.Errorf("report:\n%s\nwant four runs paused or stopped, some stopped to make room", rep)
	}
}
