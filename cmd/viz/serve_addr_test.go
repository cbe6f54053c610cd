package main

import (
	"context"
	"net"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// loopbackName is a name for this machine that resolves to loopback only
// (a machine's own name often does), or "" when it has none.
func loopbackName(t *testing.T) string {
	t.Helper()
	host, err := os.Hostname()
	if err != nil || host == "" || net.ParseIP(host) != nil {
		return ""
	}
	ips, err := net.LookupIP(host)
	if err != nil || len(ips) == 0 {
		return ""
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return ""
		}
	}
	return host
}

// TestServeAddrNameResolved: --addr NAME:PORT where NAME resolves to
// loopback is served as loopback (no token, no warning), and with
// --allow-remote is refused (exit 2) saying that it listens on loopback,
// rather than taken for beyond this machine because of how it is spelt.
func TestServeAddrNameResolved(t *testing.T) {
	host := loopbackName(t)
	if host == "" {
		t.Skip("this machine's name does not resolve to loopback only")
	}
	addr := net.JoinHostPort(host, "0")
	t.Run("--allow-remote", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var out, errs lockedBuffer
		status := run(ctx, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errs}, []string{"serve", "--addr", addr, "--allow-remote"})
		if status != exitUsage || !strings.Contains(errs.String(), "--allow-remote: --addr "+addr+" listens on 127.") ||
			!strings.Contains(errs.String(), "loopback: reachable from this machine only") || strings.Contains(errs.String(), "WARNING") {
			t.Errorf("status %d, stdout %q, stderr %q; want exit 2 saying it listens on loopback", status, out.String(), errs.String())
		}
	})
	t.Run("loopback", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var out, errs lockedBuffer
		done := make(chan int, 1)
		go func() {
			done <- run(ctx, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errs}, []string{"serve", "--addr", addr})
		}()
		opened := regexp.MustCompile(`open (http://127\.[0-9.]+:[0-9]+/)\s`)
		select {
		case status := <-done:
			t.Fatalf("exited %d at once; stderr %q", status, errs.String())
		case <-time.After(0):
		}
		m := out.waitFor(opened, 20*time.Second)
		if m == nil {
			cancel()
			<-done
			t.Fatalf("not served: stdout %q, stderr %q", out.String(), errs.String())
		}
		if strings.Contains(m[0], "token=") || strings.Contains(errs.String(), "WARNING") {
			t.Errorf("served as remote: stdout %q, stderr %q", out.String(), errs.String())
		}
		cancel()
		if status := <-done; status != exitOK {
			t.Errorf("exit %d, stderr %q", status, errs.String())
		}
	})
}
