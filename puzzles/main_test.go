package puzzles_test

import (
	"os"
	"testing"

	"idaviz/internal/testcache"
)

// TestMain gives the tests a cache of their own: a request for the
// 15-puzzle opens pdb555's tables (TestScriptStates' built-in side).
func TestMain(m *testing.M) {
	os.Exit(testcache.Run("puzzles-test-cache", m.Run))
}
