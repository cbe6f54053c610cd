package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "first"); return err }); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("half way")
	if err := Write(path, func(w io.Writer) error { io.WriteString(w, "second, cut"); return failed }); !errors.Is(err, failed) {
		t.Fatalf("a failed write: %v, want its error", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "first" {
		t.Errorf("after a failed write the file holds %q, want the old %q", b, "first")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files in the folder, want the one: a temporary file was left", len(ents))
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := Write(fifo, func(io.Writer) error { return nil }); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("writing over a FIFO: %v, want a refusal", err)
	}
}
