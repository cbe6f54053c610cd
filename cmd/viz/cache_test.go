package main

import (
	"os"
	"testing"
)

// TestMain points the cache directory at a folder of its own, removed at
// the end, unless IDAVIZ_CACHE_DIR names one: solve and compare keep the
// predictions' distributions there, and tests must not write to the user's
// cache.
func TestMain(m *testing.M) {
	if os.Getenv("IDAVIZ_CACHE_DIR") != "" {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "viz-test-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("IDAVIZ_CACHE_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
