package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"idaviz/trace/hostile"
)

// write puts every hostile file, byte for byte, into a directory it makes.
func TestWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	var out bytes.Buffer
	if err := write(&out, dir); err != nil {
		t.Fatal(err)
	}
	for name, data := range hostile.Files() {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s: %d bytes written, want %d", name, len(got), len(data))
		}
		if !bytes.Contains(out.Bytes(), []byte(name)) {
			t.Errorf("%s is not named on the output:\n%s", name, out.Bytes())
		}
	}
}
