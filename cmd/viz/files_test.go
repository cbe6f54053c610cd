package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestFilesWrittenByTheRule: every file the CLI writes follows one rule
// (internal/atomicfile): a new file is 0644 under the umask, a file
// rewritten keeps its mode, and a symbolic link at the path is refused
// with its target left alone (viz solve --trace used to follow it).
func TestFilesWrittenByTheRule(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	tr := filepath.Join(dir, "run.trace")
	const state = "8 1 3 4 0 2 7 6 5"
	if status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "--trace", tr, state); status != exitOK {
		t.Fatalf("solve --trace: %d %s", status, errs)
	}
	commands := map[string]func(out string) []string{
		"solve --trace": func(out string) []string { return []string{"solve", "--puzzle", "8puzzle", "--trace", out, state} },
		"compare --csv": func(out string) []string {
			return []string{"compare", "--instances", "testdata/eight.txt", "--heuristic", "manhattan", "--csv", out}
		},
		"compare --html": func(out string) []string {
			return []string{"compare", "--instances", "testdata/eight.txt", "--heuristic", "manhattan", "--html", out}
		},
	}
	for _, f := range exportFormats {
		commands["trace export --format "+f.name] = func(out string) []string {
			return []string{"trace", "export", "--format", f.name, "-o", out, tr}
		}
	}
	for name, args := range commands {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if status, _, errs := runViz(t, "", args(out)...); status != exitOK {
				t.Fatalf("a new file: %d %s", status, errs)
			}
			if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o644 {
				t.Fatalf("a new file: %v, want mode 0644 under umask 022 (%v)", fi.Mode(), err)
			}
			os.Chmod(out, 0o600)
			if status, _, errs := runViz(t, "", args(out)...); status != exitOK {
				t.Fatalf("a file rewritten: %d %s", status, errs)
			}
			if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o600 {
				t.Errorf("a file rewritten: mode %v, want its 0600 kept", fi.Mode().Perm())
			}
			victim := filepath.Join(t.TempDir(), "victim")
			os.WriteFile(victim, []byte("keep me"), 0o644)
			link := filepath.Join(filepath.Dir(out), "link")
			if err := os.Symlink(victim, link); err != nil {
				t.Fatal(err)
			}
			status, _, errs := runViz(t, "", args(link)...)
			if status == exitOK || !strings.Contains(errs, "a symbolic link") {
				t.Errorf("writing through a symbolic link: %d %q, want a refusal naming it", status, errs)
			}
			if b, _ := os.ReadFile(victim); string(b) != "keep me" {
				t.Errorf("the link's target now holds %.40q", b)
			}
		})
	}
}
