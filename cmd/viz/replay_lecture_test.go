package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
