package main

import (
	"bytes"
	stdgif "image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTraceExportGIF: viz trace export --format gif (or -o *.gif) writes a
// GIF89a of the size asked with a frame per step asked, and says so.
func TestTraceExportGIF(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.trace")
	if status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "--trace", path, "8 1 2 4 3 6 0 7 5"); status != exitOK {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		args   []string
		frames int
		w, h   int
	}{
		{[]string{"--per", "bound", "--size", "640x360"}, -1, 640, 360},
		{[]string{"--iteration", "1", "--size", "320x200", "--fps", "10"}, -1, 320, 200},
		{[]string{"--from", "3", "--to", "12", "--per", "event", "--size", "480x270"}, 10, 480, 270},
	} {
		out := filepath.Join(dir, "run.gif")
		args := append([]string{"trace", "export", "-o", out}, c.args...)
		status, _, errs := runViz(t, "", append(args, path)...)
		if status != exitOK {
			t.Fatalf("%v: %d %s", c.args, status, errs)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("GIF89a")) {
			t.Fatalf("%v: not a GIF89a", c.args)
		}
		g, err := stdgif.DecodeAll(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if g.Config.Width != c.w || g.Config.Height != c.h {
			t.Errorf("%v: %dx%d", c.args, g.Config.Width, g.Config.Height)
		}
		if c.frames > 0 && len(g.Image) != c.frames {
			t.Errorf("%v: %d frames, want %d", c.args, len(g.Image), c.frames)
		}
		if !strings.Contains(errs, "wrote "+out+": ") || !strings.Contains(errs, " frames at ") {
			t.Errorf("%v: stderr %q", c.args, errs)
		}
	}
}

// TestTraceExportGIFRefuses: flags that cannot make a GIF exit 2 with a
// message that names the flag, and leave no file.
func TestTraceExportGIFRefuses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.trace")
	if status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "--trace", path, "8 1 2 4 3 6 0 7 5"); status != exitOK {
		t.Fatal(errs)
	}
	out := filepath.Join(dir, "bad.gif")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "big"}, `--size "big": want WIDTHxHEIGHT`},
		{[]string{"--size", "8000x8000"}, "--size 8000x8000: from 320x200 to 1920x1080"},
		{[]string{"--fps", "0"}, "--fps 0: from 1 to 50"},
		{[]string{"--per", "node"}, `--per "node": a frame per expansion, event, bound`},
		{[]string{"--from", "9", "--to", "3"}, "--from 9 --to 3: the first event is after the last"},
		{[]string{"--from", "-1"}, "--from -1: events count from 0"},
		{[]string{"--iteration", "1", "--to", "5"}, "--iteration or --from and --to: one range, not both"},
		{[]string{"--iteration", "0"}, "--iteration 0: iterations count from 1"},
		{[]string{"--iteration", "99"}, "the trace has iterations 1 to"},
		{[]string{"--max-nodes", "5000"}, "--max-nodes 5000: draw from 1 to 2000 nodes"},
		{[]string{"--format", "svg", "--fps", "3"}, "--fps applies to --format gif, not svg"},
	} {
		args := append([]string{"trace", "export", "-o", out}, c.args...)
		status, _, errs := runViz(t, "", append(args, path)...)
		if status != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d, stderr %q, want 2 and %q", c.args, status, errs, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: left %s", c.args, out)
		}
	}
}
