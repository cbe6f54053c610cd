package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer a command may write while the test reads,
// and waits on.
type lockedBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	wrote chan struct{} // a write since the last look, capacity 1
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	n, err := l.b.Write(p)
	w := l.signal()
	l.mu.Unlock()
	select {
	case w <- struct{}{}:
	default:
	}
	return n, err
}

// signal is the channel a write is told on; l.mu is held.
func (l *lockedBuffer) signal() chan struct{} {
	if l.wrote == nil {
		l.wrote = make(chan struct{}, 1)
	}
	return l.wrote
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitFor waits until what was written matches re, for at most limit, and
// returns the match (nil when the time ran out).
func (l *lockedBuffer) waitFor(re *regexp.Regexp, limit time.Duration) []string {
	l.mu.Lock()
	w := l.signal()
	l.mu.Unlock()
	timeout := time.After(limit)
	for {
		if m := re.FindStringSubmatch(l.String()); m != nil {
			return m
		}
		select {
		case <-w:
		case <-timeout:
			return nil
		}
	}
}

// TestReplayServesIndexedFile runs viz replay --salvage on a trace cut
// short: it indexes the file, says how much it replays, serves the page
// until cancelled, and exits 0.
func TestReplayServesIndexedFile(t *testing.T) {
	path := recordTrace(t, "run.trace")
	b, _ := os.ReadFile(path)
	cut := filepath.Join(t.TempDir(), "cut.trace")
	os.WriteFile(cut, b[:len(b)*3/4], 0o644)
	var out, errs lockedBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		done <- run(ctx, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errs}, []string{"replay", "--salvage", "--addr", "127.0.0.1:0", cut})
	}()
	url := out.waitFor(regexp.MustCompile(`open (http://\S+) in a browser`), time.Minute)
	if url == nil {
		cancel()
		t.Fatalf("no address printed: %q %q", out.String(), errs.String())
	}
	resp, err := http.Get(url[1])
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("the page: %v %v", resp, err)
	}
	if resp != nil {
		resp.Body.Close()
	}
	cancel()
	if status := <-done; status != exitOK {
		t.Errorf("status %d after cancel", status)
	}
	if e := errs.String(); !strings.Contains(e, "cut short") || !strings.Contains(e, "taking the events before it (--salvage)") || !regexp.MustCompile(`\d+ events \(indexed in`).MatchString(e) {
		t.Errorf("stderr: %q", e)
	}
}

func TestReplayRefuses(t *testing.T) {
	notTrace := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(notTrace, []byte("hello"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "/nonexistent.trace"}, "no such file"},
		{[]string{"replay", notTrace}, "not an idaviz trace"},
		{[]string{"replay"}, "expected one trace FILE"},
	} {
		status, _, errs := runViz(t, "", tc.args...)
		if status != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tc.args, status, errs, tc.want)
		}
	}
}
