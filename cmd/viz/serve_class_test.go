package main

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestServeClassPrintsJoin: viz serve --class and viz replay --class print
// the lecturer's address, one line "join: URL" with a short code in it, and
// the URL's QR code in the terminal; the join address lets a device in,
// another code does not, and the code stops working with the server.
func TestServeClassPrintsJoin(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"serve", "--class", "--addr", "127.0.0.1:0"},
		{"replay", "--class", "--addr", "127.0.0.1:0", recordTrace(t, "run.trace")},
	} {
		t.Run(args[0], func(t *testing.T) {
			var out, errs lockedBuffer
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan int)
			go func() {
				done <- run(ctx, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errs}, args)
			}()
			// The join line, then the QR code's rows (waited for whole: the
			// quiet zone's last row is blank).
			m := out.waitFor(regexp.MustCompile(`(?m)^join: (http://127\.0\.0\.1:\d+/join/([a-z0-9]+))\n((?:.*[█▀▄].*\n){10,}.*\n)`), time.Minute)
			if m == nil {
				cancel()
				t.Fatalf("no join line: %q %q", out.String(), errs.String())
			}
			join, code := m[1], m[2]
			if len(code) < 4 || len(code) > 8 {
				t.Errorf("the join code %q is not short", code)
			}
			// The QR code: rows of half blocks, all as wide.
			rows := strings.Split(strings.TrimRight(m[3], "\n"), "\n")
			for _, r := range rows[1:] {
				if w := len([]rune(r)); w != len([]rune(rows[1])) || w < 21 {
					t.Errorf("the QR code's rows differ in width or are too narrow:\n%s", m[3])
					break
				}
			}
			noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			get := func(u string) int {
				resp, err := noRedirect.Get(u)
				if err != nil {
					return 0
				}
				resp.Body.Close()
				return resp.StatusCode
			}
			if got := get(join); got != http.StatusSeeOther {
				t.Errorf("GET %s: %d, want a redirect to the follower's page", join, got)
			}
			if got := get(strings.TrimSuffix(join, code) + "zzzzzz"); got != http.StatusForbidden {
				t.Errorf("another code: %d, want 403", got)
			}
			cancel()
			if status := <-done; status != exitOK {
				t.Errorf("status %d after cancel; stderr %q", status, errs.String())
			}
			if got := get(join); got != 0 {
				t.Errorf("the join address after the server stopped: %d", got)
			}
		})
	}
}
