//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFOWithNoWriter: a named pipe that no program writes to, given as
// @FILE or as --problem, is refused at once (exit 2) with a message naming
// it, instead of waiting for a writer for ever.
func TestFIFOWithNoWriter(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "state.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"@FIFO", []string{"solve", "--puzzle", "8puzzle", "@" + fifo}, fifo + " is a named pipe (FIFO) with nothing written to it"},
		{"--problem FIFO", []string{"solve", "--problem", fifo}, fifo + " is a named pipe (FIFO) with nothing written to it"},
		{"check --problem FIFO", []string{"check", "--problem", fifo, "--heuristic", "h"}, fifo + " is a named pipe (FIFO) with nothing written to it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type result struct {
				status int
				errs   string
			}
			done := make(chan result, 1)
			go func() {
				status, _, errs := runViz(t, "", tc.args...)
				done <- result{status, errs}
			}()
			select {
			case r := <-done:
				if r.status != exitUsage || !strings.Contains(r.errs, tc.want) {
					t.Errorf("status %d, stderr %q; want exit 2 and %q", r.status, r.errs, tc.want)
				}
			case <-time.After(10 * time.Second):
				// Let the blocked open go: a writer comes and leaves.
				if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
					w.Close()
				}
				<-done
				t.Fatal("viz waited for a writer to the FIFO (10 s and more)")
			}
		})
	}
}

// TestFIFOWithWriter: a pipe with a program writing to it (as
// `viz solve @<(make-map)` gives) is read as a file is.
func TestFIFOWithWriter(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "state.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// A writer blocks in its open until viz opens the FIFO to read. viz
	// may read before the writer's open returns and find no writer (then
	// the write fails: nobody reads), or open and close the FIFO before
	// the writer opens it at all: each try has a writer of its own, let go
	// from its open by a reader that comes and goes once viz is done.
	writer := func() <-chan struct{} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			defer w.Close()
			w.WriteString("1 2 3 4 5 6 7 0 8\n")
		}()
		return done
	}
	release := func(done <-chan struct{}) {
		select {
		case <-done:
			return
		case <-time.After(10 * time.Millisecond):
		}
		if r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			<-done
			r.Close()
		}
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		done := writer()
		status, out, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "@"+fifo)
		release(done)
		if status == exitOK && strings.Contains(out, "solved in 1 move") {
			return
		}
		// viz may open the FIFO before the writer does: then it has
		// nothing written to it yet, and says so.
		if !strings.Contains(errs, "nothing written to it") || time.Now().After(deadline) {
			t.Fatalf("status %d, stdout %q, stderr %q", status, out, errs)
		}
	}
}

// TestAtDeviceNamed: @/dev/zero is read up to the cap, and the refusal
// names /dev/zero, not stdin.
func TestAtDeviceNamed(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "@/dev/zero")
	if status != exitUsage || !strings.Contains(errs, "/dev/zero is longer than the limit of 16777216 bytes (16 MiB)") || strings.Contains(errs, "stdin") {
		t.Errorf("status %d, stderr %q", status, errs)
	}
}
