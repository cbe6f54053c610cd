package web

import (
	"os"
	"testing"

	"idaviz/internal/browsertest"
	"idaviz/internal/testcache"
)

// TestMain gives the tests a cache of their own (the pages' searches build
// pattern databases: the 15-puzzle's presets open pdb555's; the browser
// tests run in parallel, where t.Setenv is refused), and one chromium they
// share, each in a browser context of its own: starting one per test cost
// the package minutes on a loaded machine.
func TestMain(m *testing.M) {
	os.Exit(testcache.Run("web-test-cache", func() int { return browsertest.Main(m) }))
}
