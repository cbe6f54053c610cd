package web

import (
	"fmt"
	"os"
	"testing"

	"idaviz/internal/browsertest"
)

// TestMain points the cache directory at a folder of its own, removed at
// the end, unless IDAVIZ_CACHE_DIR names one (the gated checks read the
// tables .ci/run builds there): the pages' searches build pattern databases
// (the 15-puzzle's presets open pdb555's), tests must not write to the
// user's cache, and the browser tests run in parallel, where t.Setenv is
// refused. The browser tests share one chromium, each in a browser context
// of its own: starting one per test cost the package minutes on a loaded
// machine.
func TestMain(m *testing.M) {
	if os.Getenv("IDAVIZ_CACHE_DIR") != "" {
		os.Exit(browsertest.Main(m))
	}
	dir, err := os.MkdirTemp("", "web-test-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("IDAVIZ_CACHE_DIR", dir)
	code := browsertest.Main(m)
	os.RemoveAll(dir)
	os.Exit(code)
}
