package puzzles_test

import (
	"fmt"
	"os"
	"testing"
)

// TestMain points the cache directory at a folder of its own, removed at
// the end, unless IDAVIZ_CACHE_DIR names one: a request for the 15-puzzle
// opens pdb555's tables (TestScriptStates' built-in side), and tests must
// not write to the user's cache.
func TestMain(m *testing.M) {
	if os.Getenv("IDAVIZ_CACHE_DIR") != "" {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "puzzles-test-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("IDAVIZ_CACHE_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
