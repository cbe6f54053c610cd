package main

import (
	"os"
	"strings"
	"testing"

	"idaviz/engine"
)

// TestOneVersion: viz version, viz bench's header and every trace's run
// metadata (which the page shows) read one version, engine.Version, which
// the release script sets.
func TestOneVersion(t *testing.T) {
	_, out, _ := runViz(t, "", "version")
	if !strings.HasPrefix(out, "viz "+engine.Version+" (") {
		t.Errorf("viz version printed %q, want viz %s first", out, engine.Version)
	}
	script, err := os.ReadFile("../../.ci/release")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(script), "-X idaviz/engine.Version=") || strings.Contains(string(script), "main.version") {
		t.Errorf(".ci/release does not set the version in engine.Version, the one place")
	}
	old := engine.Version
	engine.Version = "9.9.9"
	defer func() { engine.Version = old }()
	if _, out, _ := runViz(t, "", "version"); !strings.HasPrefix(out, "viz 9.9.9 (") {
		t.Errorf("with the release's version set, viz version printed %q", out)
	}
}
