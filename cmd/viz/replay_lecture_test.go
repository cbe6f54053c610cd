package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"idaviz/trace"
)

// TestReplayLecture: viz replay reads the trace's sidecar (or --lecture
// NOTES) and --export embeds its bookmarks; a bad one is refused with its
// name and what is wrong.
func TestReplayLecture(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "run.trace")
	if status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "--trace", tr, "--trace-level", "node", "8 1 3 4 0 2 7 6 5"); status != exitOK {
		t.Fatalf("solve --trace: %d %s", status, errs)
	}
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("run.trace.lecture.json", `{"version":1,"bookmarks":[{"event":3,"title":"from the sidecar","note":"n"}]}`)
	other := write("notes.json", `{"version":1,"bookmarks":[{"event":4,"title":"from NOTES"},{"event":5,"title":"two"}]}`)
	bad := write("bad.json", `{"version":1,"bookmarks":[{"event":99999999,"title":"x"}]}`)

	for _, tc := range []struct {
		name   string
		args   []string
		status int
		want   string // in the export, or in stderr when refused
	}{
		{"the sidecar", nil, exitOK, "from the sidecar"},
		{"--lecture", []string{"--lecture", other}, exitOK, "from NOTES"},
		{"a bad file", []string{"--lecture", bad}, exitUsage, "bad.json: bad lecture file: bookmark 1: event 99999999 is outside"},
		{"a missing file", []string{"--lecture", filepath.Join(dir, "nope.json")}, exitUsage, "nope.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.html")
			args := append(append([]string{"replay", "--export", out}, tc.args...), tr)
			status, _, errs := runViz(t, "", args...)
			if status != tc.status {
				t.Fatalf("status %d, want %d: %s", status, tc.status, errs)
			}
			if status != exitOK {
				if !strings.Contains(errs, tc.want) {
					t.Errorf("stderr %q, want %q", errs, tc.want)
				}
				return
			}
			page, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(page), tc.want) || !strings.Contains(string(page), `"name":"run.trace"`) {
				t.Errorf("the export does not embed %q and the trace's name", tc.want)
			}
		})
	}
}

// TestLectureSidecar: what viz replay (keep) and the exports make of the
// lecture file they find: a new --lecture file is created; a lecture made
// on another recording is kept aside as FILE.stale (replay) or left out
// (export), and the run starts with no bookmarks; one without a
// fingerprint still loads.
func TestLectureSidecar(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	this := trace.Recording{Events: 40, Run: "00112233aabbccdd"}
	other := trace.Recording{Events: 40, Run: "ffffffffffffffff"}
	file := func(r *trace.Recording, events ...int64) string {
		l := trace.Lecture{Version: 1, Recording: r}
		for _, ev := range events {
			l.Bookmarks = append(l.Bookmarks, trace.Bookmark{Event: ev, Title: fmt.Sprint("at ", ev)})
		}
		var b strings.Builder
		l.WriteTo(&b)
		return b.String()
	}
	for _, tc := range []struct {
		name      string
		sidecar   string // "" none
		given     bool   // the file is --lecture NOTES, not the sidecar
		keep      bool   // replay, not an export
		bookmarks int
		err       string // in the error
		says      string // on stderr
		left      []string
	}{
		{name: "none", keep: true, left: []string{"run.trace"}},
		{name: "a new --lecture", given: true, keep: true, says: "a new lecture file", left: []string{"notes.json", "run.trace"}},
		{name: "a missing --lecture to export", given: true, err: "no such file", left: []string{"run.trace"}},
		{name: "this recording's", sidecar: file(&this, 3, 39), keep: true, bookmarks: 2, says: "bookmarks: 2",
			left: []string{"run.trace", "run.trace.lecture.json"}},
		{name: "no fingerprint", sidecar: file(nil, 5), keep: true, bookmarks: 1, left: []string{"run.trace", "run.trace.lecture.json"}},
		{name: "no fingerprint, past the end", sidecar: file(nil, 40), keep: true, err: "event 40 is outside the trace's 40 events"},
		{name: "another recording's, replayed", sidecar: file(&other, 3, 99), keep: true,
			says: "run.trace.lecture.json was made on another recording (40 events, run ffffffffffffffff; this trace: 40 events, run 00112233aabbccdd): kept as",
			left: []string{"run.trace", "run.trace.lecture.json.stale"}},
		{name: "another recording's, exported", sidecar: file(&other, 3), says: "not embedded",
			left: []string{"run.trace", "run.trace.lecture.json"}},
		{name: "another recording's, given", sidecar: file(&other, 3), given: true, keep: true, says: "notes.json.stale; starting with no bookmarks",
			left: []string{"notes.json.stale", "run.trace"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tr := filepath.Join(dir, "run.trace")
			os.WriteFile(tr, nil, 0o644)
			given, path := "", trace.LecturePath(tr)
			if tc.given {
				given = filepath.Join(dir, "notes.json")
				path = given
			}
			if tc.sidecar != "" {
				os.WriteFile(path, []byte(tc.sidecar), 0o600)
			}
			var errb bytes.Buffer
			lf, err := loadLecture(&env{stderr: &errb}, "viz replay", tr, given, this, tc.keep)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(lf.lecture.Bookmarks) != tc.bookmarks || *lf.lecture.Recording != this || lf.path != path {
				t.Errorf("got %d bookmarks, recording %v, path %s", len(lf.lecture.Bookmarks), lf.lecture.Recording, lf.path)
			}
			if !strings.Contains(errb.String(), tc.says) {
				t.Errorf("stderr %q, want %q", errb.String(), tc.says)
			}
			if got := names(t, dir); !slices.Equal(got, tc.left) {
				t.Errorf("files %q, want %q", got, tc.left)
			}
			if tc.given && tc.sidecar == "" {
				// Created, shared like every file viz writes, and read back
				// as this recording's.
				fi, err := os.Stat(given)
				if err != nil || fi.Mode().Perm() != 0o644 {
					t.Fatalf("the new file: %v %v", fi, err)
				}
				if lf2, err := loadLecture(&env{stderr: io.Discard}, "viz replay", tr, given, this, true); err != nil || len(lf2.lecture.Bookmarks) != 0 {
					t.Errorf("read back: %v", err)
				}
			}
			for _, n := range tc.left {
				if strings.HasSuffix(n, ".stale") {
					if b, _ := os.ReadFile(filepath.Join(dir, n)); string(b) != tc.sidecar {
						t.Errorf("%s holds %q, want the old file", n, b)
					}
				}
			}
		})
	}
	// A second stale lecture does not replace the first.
	dir := t.TempDir()
	tr := filepath.Join(dir, "run.trace")
	for i := range 2 {
		os.WriteFile(trace.LecturePath(tr), []byte(file(&other, int64(i))), 0o644)
		if _, err := loadLecture(&env{stderr: io.Discard}, "viz replay", tr, "", this, true); err != nil {
			t.Fatal(err)
		}
	}
	if got := names(t, dir); !slices.Equal(got, []string{"run.trace.lecture.json.stale", "run.trace.lecture.json.stale.2"}) {
		t.Errorf("after two stale lectures: %q", got)
	}
}

// TestLectureFIFO: a FIFO in the sidecar's place (a lecture archive can
// carry one) is refused at once by viz replay and by the export, which
// would wait for a writer for ever.
func TestLectureFIFO(t *testing.T) {
	tr := recordTrace(t, "run.trace")
	if err := syscall.Mkfifo(trace.LecturePath(tr), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"replay", "--addr", "127.0.0.1:0", tr},
		{"trace", "export", "--format", "html", "-o", filepath.Join(t.TempDir(), "out.html"), tr},
		{"trace", "export", "--format", "html", "--lecture", trace.LecturePath(tr), "-o", filepath.Join(t.TempDir(), "out.html"), tr},
	} {
		done := make(chan string, 1)
		go func() {
			status, _, errs := runViz(t, "", args...)
			done <- fmt.Sprint(status, " ", errs)
		}()
		select {
		case got := <-done:
			if !strings.HasPrefix(got, "2 ") || !strings.Contains(got, "run.trace.lecture.json: not a regular file (a FIFO)") {
				t.Errorf("%s: %q, want exit 2 naming the FIFO", args[0], got)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: still waiting on the FIFO after 30 s", args[0])
		}
	}
}

// names lists a folder's files, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var n []string
	for _, e := range ents {
		n = append(n, e.Name())
	}
	return n
}
