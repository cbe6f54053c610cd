package main

import (
	"os"
	"testing"

	"idaviz/internal/browsertest"
	"idaviz/internal/testcache"
)

// TestMain gives the tests a cache of their own (solve and compare keep
// the predictions' distributions there), and one chromium the browser
// tests share (browsertest.Main), and one site (writeSite).
func TestMain(m *testing.M) {
	code := testcache.Run("viz-test-cache", func() int { return browsertest.Main(m) })
	removeSite()
	os.Exit(code)
}
