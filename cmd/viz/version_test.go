package main

import (
	"runtime"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	code, out, errOut := runViz(t, "", "version")
	if code != exitOK {
		t.Fatalf("viz version: exit %d, stderr %q", code, errOut)
	}
	if !strings.HasPrefix(out, "viz ") || !strings.Contains(out, runtime.GOOS+"/"+runtime.GOARCH) {
		t.Errorf("viz version printed %q, want viz, the version and %s/%s", out, runtime.GOOS, runtime.GOARCH)
	}
	if code, _, _ := runViz(t, "", "version", "extra"); code != exitUsage {
		t.Errorf("viz version extra: exit %d, want %d", code, exitUsage)
	}
}
