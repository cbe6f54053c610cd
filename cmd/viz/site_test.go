package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSiteRefuses: viz site wants one folder it may write into, and says
// so before it compiles anything.
func TestSiteRefuses(t *testing.T) {
	others := t.TempDir()
	os.WriteFile(filepath.Join(others, "notes.txt"), []byte("mine"), 0o644)
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"site"}, "expected one folder DIR, got 0 arguments"},
		{[]string{"site", "a", "b"}, "expected one folder DIR, got 2 arguments"},
		{[]string{"site", others}, "holds files, and no site viz site wrote"},
		{[]string{"site", file}, "is a file"},
	} {
		status, _, errs := runViz(t, "", tc.args...)
		if status != exitUsage || !strings.Contains(errs, tc.want) || strings.Contains(errs, "compiling") {
			t.Errorf("viz %q: status %d, stderr %q; want 2 and %q, before compiling", tc.args, status, errs, tc.want)
		}
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "x" {
		t.Errorf("the file given as DIR was touched: %q, %v", b, err)
	}
}
