package main

import (
	"os"
	"testing"

	"idaviz/internal/browsertest"
)

// TestMain points the cache directory at a folder of its own, removed at
// the end, unless IDAVIZ_CACHE_DIR names one: solve and compare keep the
// predictions' distributions there, and tests must not write to the user's
// cache.
func TestMain(m *testing.M) {
	// The browser tests share one chromium (browsertest.Main).
	if os.Getenv("IDAVIZ_CACHE_DIR") != "" {
		os.Exit(browsertest.Main(m))
	}
	dir, err := os.MkdirTemp("", "viz-test-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("IDAVIZ_CACHE_DIR", dir)
	code := browsertest.Main(m)
	os.RemoveAll(dir)
	os.Exit(code)
}
